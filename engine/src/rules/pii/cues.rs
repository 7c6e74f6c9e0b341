//! Words around a value that say what it is: a label (`Name:`, `地址：`), a phone word, the name
//! of an identifier without a check digit (`SSN`, `NHS`), or a word that says a number is
//! something else (`order`, `version`).
//!
//! Labels of names and addresses (and street words) are found in one Aho-Corasick pass over the
//! text (ASCII case folded), because those values are found from their labels. Every other cue
//! is only looked for where a number needs one: in the few bytes before it on its line, in the
//! JSON member name the value came from, or in the header of its table column.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

/// Classes of cue words (bit flags).
pub type Class = u32;
pub const PHONE: Class = 1;
pub const SSN: Class = 1 << 1;
pub const NHS: Class = 1 << 2;
pub const AADHAAR: Class = 1 << 3;
pub const BSN: Class = 1 << 4;
pub const CPF: Class = 1 << 5;
pub const RRN: Class = 1 << 6;
/// Words naming a number as something that is not personal data, or another identifier.
pub const OTHER_ID: Class = 1 << 7;
/// Words before dotted numbers that are no IP address (versions, sections).
pub const NOT_IP: Class = 1 << 8;
pub const NAME: Class = 1 << 9;
pub const ADDRESS: Class = 1 << 10;
pub const STREET: Class = 1 << 11;
/// Commands whose `user@host` argument is no e-mail address.
pub const SSH: Class = 1 << 12;
pub const CARD: Class = 1 << 13;
pub const HKID: Class = 1 << 14;
/// Words of networks: hosts, clients, connections, the tools and logs that speak of them. A
/// dotted quad is read as an address only in a text that holds one (or in a network position).
pub const NET: Class = 1 << 15;

/// Identifier words: each vetoes reading its number as a phone number.
pub const ANY_ID: Class = SSN | NHS | AADHAAR | BSN | CPF | RRN | OTHER_ID | CARD | HKID;

/// (word, classes). Words are matched ASCII-case-insensitively at word boundaries; non-ASCII
/// words (Chinese labels) as written.
pub const WORDS: &[(&str, Class)] = &[
    // Phone words.
    ("phone", PHONE),
    ("telephone", PHONE),
    ("tel", PHONE),
    ("mobile", PHONE),
    ("mob", PHONE),
    ("cell", PHONE),
    ("cellphone", PHONE),
    ("call", PHONE),
    ("calls", PHONE),
    ("calling", PHONE),
    ("fax", PHONE),
    ("whatsapp", PHONE),
    ("sms", PHONE),
    ("contact number", PHONE),
    ("téléphone", PHONE),
    ("tél", PHONE),
    ("telefon", PHONE),
    ("telefono", PHONE),
    ("teléfono", PHONE),
    ("telefone", PHONE),
    ("móvil", PHONE),
    ("handy", PHONE),
    ("cellulare", PHONE),
    ("celular", PHONE),
    ("电话", PHONE),
    ("手机", PHONE),
    ("联系方式", PHONE),
    ("電話", PHONE),
    // Identifiers without a check digit, or whose check digit is too weak for a bare number.
    ("ssn", SSN),
    ("social security", SSN),
    ("nhs", NHS),
    ("aadhaar", AADHAAR),
    ("aadhar", AADHAAR),
    ("uidai", AADHAAR),
    ("bsn", BSN),
    ("burgerservicenummer", BSN),
    ("sofinummer", BSN),
    ("cpf", CPF),
    ("rrn", RRN),
    ("resident registration", RRN),
    ("주민등록번호", RRN),
    // Other identifiers and numbers that are no personal data.
    ("order", OTHER_ID),
    ("invoice", OTHER_ID),
    ("ticket", OTHER_ID),
    ("case", OTHER_ID),
    ("ref", OTHER_ID),
    ("reference", OTHER_ID),
    ("job", OTHER_ID),
    ("sku", OTHER_ID),
    ("serial", OTHER_ID),
    ("build", OTHER_ID | NOT_IP),
    ("po", OTHER_ID),
    ("tracking", OTHER_ID),
    ("isbn", OTHER_ID),
    ("account", OTHER_ID),
    ("booking", OTHER_ID),
    ("id", OTHER_ID),
    ("iban", OTHER_ID),
    ("card", CARD),
    ("passport", OTHER_ID),
    ("licence", OTHER_ID),
    ("license", OTHER_ID),
    ("nir", OTHER_ID),
    ("dni", OTHER_ID),
    ("nie", OTHER_ID),
    ("pan", OTHER_ID),
    ("hkid", HKID),
    ("hong kong id", HKID),
    ("香港身份證", HKID),
    ("身份證", HKID),
    // Money: a grouped number after a currency is an amount.
    ("usd", OTHER_ID),
    ("eur", OTHER_ID),
    ("gbp", OTHER_ID),
    ("cny", OTHER_ID),
    ("rmb", OTHER_ID),
    ("jpy", OTHER_ID),
    ("$", OTHER_ID),
    ("€", OTHER_ID),
    ("£", OTHER_ID),
    ("¥", OTHER_ID),
    ("₹", OTHER_ID),
    ("total", OTHER_ID),
    ("amount", OTHER_ID),
    ("price", OTHER_ID),
    ("revenue", OTHER_ID),
    ("budget", OTHER_ID),
    ("订单", OTHER_ID),
    ("编号", OTHER_ID),
    ("身份证", OTHER_ID),
    // Dotted numbers that are no address.
    ("version", NOT_IP),
    ("release", NOT_IP),
    ("firmware", NOT_IP),
    ("section", NOT_IP),
    ("clause", NOT_IP),
    ("chapter", NOT_IP),
    ("oid", NOT_IP),
    ("object identifier", NOT_IP),
    ("objectidentifier", NOT_IP),
    ("attributetype", NOT_IP),
    ("attributetypes", NOT_IP),
    ("objectclass", NOT_IP),
    ("objectclasses", NOT_IP),
    ("object", NOT_IP),
    ("extension", NOT_IP),
    ("article", NOT_IP),
    ("regulation", NOT_IP),
    ("requirement", NOT_IP),
    ("annex", NOT_IP),
    ("appendix", NOT_IP),
    ("paragraph", NOT_IP),
    ("subsection", NOT_IP),
    ("§", NOT_IP),
    // Labels of a person's name.
    ("name", NAME),
    ("full name", NAME),
    // A vCard's formatted-name property (`FN:Karen Novak`).
    ("fn", NAME),
    ("first name", NAME),
    ("last name", NAME),
    ("patient", NAME),
    ("tenant", NAME),
    ("landlord", NAME),
    ("lessee", NAME),
    ("lessor", NAME),
    ("customer", NAME),
    ("client", NAME | NET),
    ("employee", NAME),
    ("applicant", NAME),
    ("borrower", NAME),
    ("lender", NAME),
    ("guarantor", NAME),
    ("beneficiary", NAME),
    ("cardholder", NAME),
    ("account holder", NAME),
    ("policyholder", NAME),
    ("insured", NAME),
    ("next of kin", NAME),
    ("emergency contact", NAME),
    ("contact", NAME),
    ("party a", NAME),
    ("party b", NAME),
    ("buyer", NAME),
    ("seller", NAME),
    ("recipient", NAME),
    ("witness", NAME),
    ("signatory", NAME),
    ("passenger", NAME),
    ("licensee", NAME),
    ("姓名", NAME),
    ("甲方", NAME),
    ("乙方", NAME),
    ("丙方", NAME),
    ("联系人", NAME),
    ("收件人", NAME),
    ("收货人", NAME),
    ("承租人", NAME),
    ("出租人", NAME),
    ("租客", NAME),
    ("房东", NAME),
    ("患者", NAME),
    ("病人", NAME),
    ("客户", NAME),
    ("法定代表人", NAME),
    ("委托人", NAME),
    ("申请人", NAME),
    ("借款人", NAME),
    ("担保人", NAME),
    // Labels of an address.
    ("address", ADDRESS | NET),
    ("home address", ADDRESS),
    ("lives at", ADDRESS),
    ("living at", ADDRESS),
    ("residing at", ADDRESS),
    ("resides at", ADDRESS),
    ("resident at", ADDRESS),
    ("地址", ADDRESS),
    ("住址", ADDRESS),
    ("现住", ADDRESS),
    ("住所", ADDRESS),
    ("居住地", ADDRESS),
    // Street types of an address written out.
    ("street", STREET),
    ("st", STREET),
    ("road", STREET),
    ("rd", STREET),
    ("avenue", STREET),
    ("ave", STREET),
    ("lane", STREET),
    ("ln", STREET),
    ("drive", STREET),
    ("dr", STREET),
    ("boulevard", STREET),
    ("blvd", STREET),
    ("court", STREET),
    ("ct", STREET),
    ("place", STREET),
    ("pl", STREET),
    ("way", STREET),
    ("close", STREET),
    ("crescent", STREET),
    ("gardens", STREET),
    ("terrace", STREET),
    ("square", STREET),
    ("grove", STREET),
    ("row", STREET),
    ("mews", STREET),
    ("parade", STREET),
    ("highway", STREET),
    ("parkway", STREET),
    ("circle", STREET),
    // Commands taking user@host.
    ("ssh", SSH | NET),
    ("scp", SSH | NET),
    ("sftp", SSH | NET),
    ("rsync", SSH | NET),
    // Networks: addresses, endpoints, connections, the protocols, tools and logs that name them.
    ("ip", NET),
    ("ips", NET),
    ("ipv4", NET),
    ("addr", NET),
    ("host", NET),
    ("hosts", NET),
    ("hostname", NET),
    ("clients", NET),
    ("peer", NET),
    ("remote", NET),
    ("src", NET),
    ("dst", NET),
    ("gateway", NET),
    ("proxy", NET),
    ("forwarded", NET),
    ("upstream", NET),
    ("server", NET),
    ("connect", NET),
    ("connected", NET),
    ("connection", NET),
    ("login", NET),
    ("sshd", NET),
    ("tcp", NET),
    ("udp", NET),
    ("http", NET),
    ("port", NET),
    ("listen", NET),
    ("listening", NET),
    ("bind", NET),
    ("nameserver", NET),
    ("dns", NET),
    ("ping", NET),
    ("traceroute", NET),
    ("whois", NET),
    ("nslookup", NET),
    ("curl", NET),
    ("wget", NET),
    ("firewall", NET),
    ("iptables", NET),
    ("nftables", NET),
    ("ufw", NET),
    ("fail2ban", NET),
    ("ban", NET),
    ("banned", NET),
    ("deny", NET),
    ("denied", NET),
    ("blocked", NET),
    ("blocklist", NET),
    ("blacklist", NET),
    ("vpn", NET),
    ("subnet", NET),
    ("netmask", NET),
    ("inet", NET),
    ("geoip", NET),
    ("isp", NET),
    ("visitor", NET),
    ("adresse", NET),
    ("dirección", NET),
    ("direccion", NET),
    ("endereço", NET),
    ("indirizzo", NET),
    ("来自", NET),
    ("登录", NET),
    ("访问", NET),
    ("连接", NET),
    ("客户端", NET),
    ("服务器", NET),
    ("主机", NET),
];

/// A contiguous NFA, not a DFA: the automatons read short windows around values, where the two
/// are about as fast, and the NFA is built in a small part of the time (a process spawned for one
/// tool call builds both).
fn build(words: impl IntoIterator<Item = &'static str>) -> AhoCorasick {
    AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::ContiguousNFA))
        .build(words)
        .expect("cue automaton builds")
}

/// Builds the cue automatons, so the first inspected string does not pay for it.
pub fn warm() {
    automaton();
    labels();
}

/// Every cue word.
fn automaton() -> &'static AhoCorasick {
    static AC: OnceLock<AhoCorasick> = OnceLock::new();
    AC.get_or_init(|| build(WORDS.iter().map(|w| w.0)))
}

/// Classes whose words are looked for in the whole text.
pub const LABELS: Class = NAME | ADDRESS | STREET;

/// The label words (indices into [`WORDS`]) and their automaton.
fn labels() -> &'static (AhoCorasick, Vec<usize>) {
    static AC: OnceLock<(AhoCorasick, Vec<usize>)> = OnceLock::new();
    AC.get_or_init(|| {
        let idx: Vec<usize> = (0..WORDS.len())
            .filter(|&i| WORDS[i].1 & LABELS != 0)
            .collect();
        (build(idx.iter().map(|&i| WORDS[i].0)), idx)
    })
}

/// A word boundary for an ASCII word at `start..end`: no letter glued before (a `_` or digit
/// is a boundary, so `nhs_number` and `phone2` count) and no lower-case letter after (so
/// `nhsNumber` counts, `telling` does not). A word that is no label of a name or address also
/// starts at a camel-case hump (`FileVersion`, `patientNhsNumber`); a label does not
/// (`fileName` names no person). Non-ASCII words need no boundary.
fn bounded(b: &[u8], start: usize, end: usize, class: Class) -> bool {
    if !b[start].is_ascii() {
        return true;
    }
    let hump = class & LABELS == 0 && start > 0 && b[start].is_ascii_uppercase() && b[start - 1].is_ascii_lowercase();
    let before = start == 0 || !b[start - 1].is_ascii_alphabetic() || is_escape_letter(b, start - 1) || hump;
    let after = end == b.len() || !(b[end].is_ascii_lowercase() || (b[end].is_ascii_uppercase() && b[end - 1].is_ascii_uppercase()));
    before && after
}

/// Whether the word at `start` is inside a redaction marker (`[REDACTED:phone]`): the guard's
/// own output must not label the value after it.
fn in_marker(b: &[u8], start: usize) -> bool {
    let from = start.saturating_sub(32);
    match b[from..start].iter().rposition(|&c| c == b'[' || c == b']') {
        Some(k) => b[from + k] == b'[' && b[from + k..].starts_with(b"[REDACTED:"),
        None => false,
    }
}

/// Whether `b[i]` is the letter of a JSON escape (`\n`, `\t`, `\r`).
pub fn is_escape_letter(b: &[u8], i: usize) -> bool {
    i >= 1 && b[i - 1] == b'\\' && matches!(b[i], b'n' | b't' | b'r')
}

/// The label words of one text (names, addresses, streets), sorted by end.
#[derive(Default)]
pub struct Cues {
    hits: Vec<(usize, usize, Class)>,
}

impl Cues {
    /// The label words a shared read recorded (index into [`WORDS`]), at word boundaries.
    pub fn from_labels(b: &[u8], labels: &[(usize, usize, usize)]) -> Cues {
        let mut hits: Vec<(usize, usize, Class)> = labels
            .iter()
            .filter(|&&(s, e, k)| bounded(b, s, e, WORDS[k].1) && !in_marker(b, s))
            .map(|&(s, e, k)| (s, e, WORDS[k].1))
            .collect();
        hits.sort_unstable_by_key(|h| (h.1, h.0));
        Cues { hits }
    }

    pub fn find(text: &str) -> Cues {
        let b = text.as_bytes();
        let (ac, idx) = labels();
        let mut hits: Vec<(usize, usize, Class)> = ac
            .find_overlapping_iter(b)
            .map(|m| (m.start(), m.end(), WORDS[idx[m.pattern().as_usize()]].1))
            .filter(|&(s, e, class)| bounded(b, s, e, class) && !in_marker(b, s))
            .collect();
        hits.sort_unstable_by_key(|h| (h.1, h.0));
        Cues { hits }
    }

    /// Every hit of `class`: start, end and all its classes.
    pub fn of(&self, class: Class) -> impl Iterator<Item = (usize, usize, Class)> + '_ {
        self.hits.iter().filter(move |h| h.2 & class != 0).copied()
    }
}

/// The cue words in `b[from..to]` (wholly inside it), in order of their end.
fn window(b: &[u8], from: usize, to: usize) -> impl Iterator<Item = (usize, usize, Class)> + '_ {
    automaton()
        .find_overlapping_iter(aho_corasick::Input::new(b).span(from..to))
        .map(|m| (m.start(), m.end(), WORDS[m.pattern().as_usize()].1))
        .filter(move |&(s, e, class)| bounded(b, s, e, class) && !in_marker(b, s))
}

/// The classes of the cue words in `b[from..to]`.
pub fn classes_in(b: &[u8], from: usize, to: usize) -> Class {
    window(b, from, to).fold(0, |acc, h| acc | h.2)
}

/// The start of the label segment before `pos`: at most [`LABEL_REACH`] bytes back, after
/// `from` (the end of the previous value), and after the last line break.
fn segment(b: &[u8], from: usize, pos: usize) -> usize {
    let lo = from.max(pos.saturating_sub(LABEL_REACH)).min(pos);
    (lo..pos)
        .rev()
        .find(|&i| b[i] == b'\n' || (b[i] == b'n' && is_escape_letter(b, i)))
        .map_or(lo, |i| i + 1)
}

/// The classes of the words that label the value starting at `pos`.
pub fn label_before(b: &[u8], from: usize, pos: usize) -> Class {
    classes_in(b, segment(b, from, pos), pos)
}

/// The classes of the nearest word before `pos` on its line (after `from`), if any.
pub fn nearest_before(b: &[u8], from: usize, pos: usize) -> Class {
    let mut last = (0, 0);
    for (_, e, class) in window(b, segment(b, from, pos), pos) {
        if e > last.0 {
            last = (e, class);
        } else if e == last.0 {
            last.1 |= class;
        }
    }
    last.1
}

/// How far before a value its label may start.
pub const LABEL_REACH: usize = 40;

/// The classes of the cue words in a JSON member name (`{"nhs_number": "…"}`).
pub fn member_classes(member: &str) -> Class {
    let b = member.as_bytes();
    automaton()
        .find_overlapping_iter(b)
        .map(|m| (m.start(), m.end(), WORDS[m.pattern().as_usize()].1))
        .filter(|&(s, e, class)| bounded(b, s, e, class))
        .fold(0, |acc, m| acc | m.2)
}

/// Column headers of the tables in a text (markdown pipes or CSV commas, semicolons and tabs),
/// computed once per text when a value needs one.
pub struct Columns {
    /// Per line: its start, and the start of the header line of the table it belongs to.
    lines: Vec<(usize, Option<usize>)>,
}

fn delimiter(line: &[u8]) -> Option<u8> {
    [b'|', b'\t', b',', b';']
        .into_iter()
        .find(|d| line.contains(d))
}

impl Columns {
    pub fn of(b: &[u8]) -> Columns {
        let mut lines = Vec::new();
        let mut header: Option<(usize, u8)> = None;
        let mut start = 0;
        while start <= b.len() {
            let end = b[start..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| start + p);
            let line = &b[start..end];
            header = match (header, delimiter(line)) {
                (Some((h, d)), Some(_)) if line.contains(&d) => Some((h, d)),
                // The rule under a header (`----+----` of `psql`) is no row and ends no table.
                (Some(hd), _) if is_rule(line) => Some(hd),
                (_, Some(d)) => Some((start, d)),
                (_, None) => None,
            };
            lines.push((start, header.filter(|(h, _)| *h != start).map(|(h, _)| h)));
            start = end + 1;
        }
        Columns { lines }
    }

    /// If `pos` is in the header line of a table: the column it is in, and each row's cell
    /// of that column (byte ranges, quotes and padding trimmed).
    pub fn column_below(&self, b: &[u8], pos: usize) -> Option<Vec<(usize, usize)>> {
        let i = self.lines.partition_point(|l| l.0 <= pos) - 1;
        let header = self.lines[i].0;
        let rows: Vec<usize> = self.lines[i + 1..]
            .iter()
            .take_while(|l| l.1 == Some(header))
            .map(|l| l.0)
            .collect();
        if rows.is_empty() {
            return None;
        }
        let line_end = |start: usize| {
            b[start..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| start + p)
        };
        let d = delimiter(&b[header..line_end(header)])?;
        let column = cell_index(&b[header..pos], d);
        let cells = rows
            .into_iter()
            .filter_map(|row| {
                let (mut s, mut e) = nth_cell(b, row, line_end(row), d, column)?;
                while s < e && matches!(b[s], b' ' | b'"' | b'\t') {
                    s += 1;
                }
                while e > s && matches!(b[e - 1], b' ' | b'"' | b'\t' | b'\r') {
                    e -= 1;
                }
                // Markdown's `|---|` line.
                (s < e && !b[s..e].iter().all(|&c| matches!(c, b'-' | b':'))).then_some((s, e))
            })
            .collect();
        Some(cells)
    }

    /// The byte range of the header cell above the value at `pos`, if it sits in a table.
    pub fn header_cell(&self, b: &[u8], pos: usize) -> Option<(usize, usize)> {
        let i = self.lines.partition_point(|l| l.0 <= pos) - 1;
        let (line_start, header) = self.lines[i];
        let header = header?;
        let header_end = b[header..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |p| header + p);
        let d = delimiter(&b[header..header_end])?;
        let column = cell_index(&b[line_start..pos], d);
        let mut cell = 0;
        let mut from = header;
        let mut quoted = false;
        for (k, &c) in b[header..header_end].iter().enumerate() {
            match c {
                b'"' => quoted = !quoted,
                c if c == d && !quoted => {
                    if cell == column {
                        return Some((from, header + k));
                    }
                    cell += 1;
                    from = header + k + 1;
                }
                _ => {}
            }
        }
        (cell == column).then_some((from, header_end))
    }
}

/// A line that only draws a table's rule (`----+------`, `===  ===`).
fn is_rule(line: &[u8]) -> bool {
    line.iter().any(|&c| c == b'-' || c == b'=') && line.iter().all(|c| matches!(c, b'-' | b'+' | b'=' | b'|' | b':' | b' ' | b'\r'))
}

/// How far back a value's line may be from the header of a space-aligned table.
const ALIGNED_REACH: usize = 2048;

/// The header word above the value at `s..e` in a table whose columns are aligned with spaces
/// (a pandas DataFrame, `ps`, `kubectl get`): the first line of the block of non-empty lines
/// holding the value, when it has two or more words apart by two spaces or more; the word whose
/// columns overlap the value's. Tables without delimiters carry their labels only this way.
pub fn aligned_header(b: &[u8], s: usize, e: usize) -> Option<(usize, usize)> {
    // A cell of such a table stands two spaces or more from its neighbour (one comparison, so
    // prose pays nothing).
    let padded = (s >= 2 && &b[s - 2..s] == b"  ") || b.get(e..e + 2) == Some(b"  ");
    if !padded {
        return None;
    }
    let floor = s.saturating_sub(ALIGNED_REACH);
    // The start of the line holding `p`, if it starts within reach.
    let line_start = |p: usize| match b[floor..p].iter().rposition(|&c| c == b'\n') {
        Some(k) => Some(floor + k + 1),
        None => (floor == 0).then_some(0),
    };
    let own = line_start(s)?;
    let own_end = b[s..].iter().take(ALIGNED_REACH).position(|&c| c == b'\n').map_or(b.len().min(s + ALIGNED_REACH), |k| s + k);
    if own == 0 || e > own_end || segments(&b[own..own_end]).len() < 2 {
        return None;
    }
    // Walk up the block of non-empty lines to its first line.
    let mut header = own;
    while header >= 2 && b[header - 2] != b'\n' {
        header = line_start(header - 1)?;
    }
    if header == own {
        return None;
    }
    let end = own.min(header + b[header..own].iter().position(|&c| c == b'\n').unwrap_or(own - header));
    let line = &b[header..end];
    let words = segments(line);
    if words.len() < 2 || words.iter().any(|&(ws, we)| we - ws > 40) || line.iter().any(|c| matches!(c, b'|' | b',' | b'\t' | b';')) {
        return None;
    }
    let (cs, ce) = (s - own, e - own);
    words.into_iter().find(|&(ws, we)| ws < ce && cs < we).map(|(ws, we)| (header + ws, header + we))
}

/// The parts of a line apart by two spaces or more (start, end).
fn segments(line: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < line.len() {
        if line[k] == b' ' || line[k] == b'\r' {
            k += 1;
            continue;
        }
        let w = k;
        while k < line.len() && line[k] != b'\r' && !(line[k] == b' ' && line.get(k + 1).is_none_or(|&c| c == b' ')) {
            k += 1;
        }
        out.push((w, k));
    }
    out
}

/// The columns of the SQL `INSERT INTO t (a, b, …) VALUES (…), (…)` statements of a text: each
/// value cell with the byte range of its column's name, so a value takes its column's label.
/// Parsed once per text, in one pass (quotes and nested brackets skipped).
#[derive(Default)]
pub struct SqlCells {
    /// (cell start, cell end, column name start, column name end), sorted.
    cells: Vec<(usize, usize, usize, usize)>,
}

impl SqlCells {
    pub fn of(b: &[u8]) -> SqlCells {
        let mut cells = Vec::new();
        let mut at = 0;
        while let Some(k) = find_ci(b, at, b"insert into") {
            at = k + 11;
            // No bracket after it: none after any later one either (so the work stays linear).
            let Some(open) = b[at..].iter().position(|&c| c == b'(' || c == b';').map(|p| at + p) else {
                break;
            };
            if b[open] != b'(' {
                continue;
            }
            let Some(close) = b[open..].iter().position(|&c| c == b')').map(|p| open + p) else {
                break;
            };
            let names = column_names(b, open, close);
            let mut p = close + 1;
            while p < b.len() && b[p].is_ascii_whitespace() {
                p += 1;
            }
            if !b[p..].get(..6).is_some_and(|w| w.eq_ignore_ascii_case(b"values")) {
                at = close;
                continue;
            }
            p += 6;
            let (mut depth, mut quote, mut col, mut cell) = (0usize, None::<u8>, 0usize, p);
            while p < b.len() {
                let c = b[p];
                match quote {
                    Some(q) if c == q => quote = None,
                    Some(_) => {}
                    None => match c {
                        b'\'' | b'"' => quote = Some(c),
                        b'(' => {
                            depth += 1;
                            if depth == 1 {
                                (col, cell) = (0, p + 1);
                            }
                        }
                        b')' | b',' if depth == 1 => {
                            if let Some(&(s, e)) = names.get(col) {
                                cells.push((cell, p, s, e));
                            }
                            (col, cell) = (col + 1, p + 1);
                            if c == b')' {
                                depth = 0;
                            }
                        }
                        b')' => depth = depth.saturating_sub(1),
                        b';' if depth == 0 => break,
                        _ => {}
                    },
                }
                p += 1;
            }
            at = p;
        }
        // PostgreSQL dumps: `COPY t (a, b) FROM stdin;` then one row per line, cells apart by
        // tabs, up to `\.`.
        let mut at = 0;
        while let Some(k) = find_ci(b, at, b"copy ") {
            at = k + 5;
            let line_end = b[at..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| at + p);
            let line = &b[at..line_end];
            let (Some(open), Some(close)) = (line.iter().position(|&c| c == b'('), line.iter().position(|&c| c == b')')) else {
                continue;
            };
            if open > close || find_ci(line, close, b"from stdin").is_none() {
                continue;
            }
            let names = column_names(b, at + open, at + close);
            let mut row = line_end + 1;
            while row < b.len() {
                let end = b[row..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| row + p);
                if b[row..end].starts_with(b"\\.") {
                    break;
                }
                let mut cell = row;
                for (col, p) in (row..=end).filter(|&p| p == end || b[p] == b'\t').enumerate() {
                    if let Some(&(s, e)) = names.get(col) {
                        cells.push((cell, p, s, e));
                    }
                    cell = p + 1;
                }
                row = end + 1;
            }
            at = row;
        }
        cells.sort_unstable();
        SqlCells { cells }
    }

    /// The name of the column of the value at `pos`, if it is in a VALUES list.
    pub fn column(&self, pos: usize) -> Option<(usize, usize)> {
        let i = self.cells.partition_point(|c| c.0 <= pos);
        let &(s, e, ns, ne) = self.cells.get(i.checked_sub(1)?)?;
        (s <= pos && pos < e).then_some((ns, ne))
    }
}

/// The column names of the list `b[open] == '('` .. `b[close] == ')'` (quotes trimmed).
fn column_names(b: &[u8], open: usize, close: usize) -> Vec<(usize, usize)> {
    let mut names = Vec::new();
    let mut from = open + 1;
    for p in open + 1..=close {
        if b[p] == b',' || p == close {
            let (mut s, mut e) = (from, p);
            while s < e && matches!(b[s], b' ' | b'\n' | b'\t' | b'"' | b'`' | b'[') {
                s += 1;
            }
            while e > s && matches!(b[e - 1], b' ' | b'\n' | b'\t' | b'"' | b'`' | b']') {
                e -= 1;
            }
            names.push((s, e));
            from = p + 1;
        }
    }
    names
}

/// The first ASCII-case-insensitive occurrence of `word` in `b[from..]`.
fn find_ci(b: &[u8], from: usize, word: &[u8]) -> Option<usize> {
    b.get(from..)?.windows(word.len()).position(|w| w.eq_ignore_ascii_case(word)).map(|k| from + k)
}

/// The byte range of cell `column` of the line `start..end`.
fn nth_cell(b: &[u8], start: usize, end: usize, d: u8, column: usize) -> Option<(usize, usize)> {
    let mut cell = 0;
    let mut from = start;
    let mut quoted = false;
    for (k, &c) in b.iter().enumerate().take(end).skip(start) {
        match c {
            b'"' => quoted = !quoted,
            c if c == d && !quoted => {
                if cell == column {
                    return Some((from, k));
                }
                cell += 1;
                from = k + 1;
            }
            _ => {}
        }
    }
    (cell == column).then_some((from, end))
}

fn cell_index(before: &[u8], d: u8) -> usize {
    let mut quoted = false;
    before
        .iter()
        .filter(|&&c| {
            if c == b'"' {
                quoted = !quoted;
            }
            c == d && !quoted
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_found_at_word_boundaries() {
        let text = "Contact number: 1\ntelling 2 nhs_number 3 nhsNumber 4 username 5";
        let b = text.as_bytes();
        assert_ne!(label_before(b, 0, 16) & PHONE, 0);
        assert_eq!(label_before(b, 18, 26) & PHONE, 0, "tel in telling");
        assert_ne!(label_before(b, 27, 39) & NHS, 0);
        assert_ne!(label_before(b, 41, 51) & NHS, 0);
        assert!(
            Cues::find("username, filename").of(NAME).next().is_none(),
            "name in username"
        );
        assert_ne!(member_classes("patient_nhs_number") & NHS, 0);
        assert_ne!(member_classes("patientNhsNumber") & NHS, 0, "a camel-case hump");
        assert_ne!(label_before(b"FileVersion: 1", 0, 13) & NOT_IP, 0);
        assert!(Cues::find("fileName: Release Notes").of(NAME).next().is_none(), "no hump for labels");
        assert_eq!(member_classes("conversion") & NOT_IP, 0);
        assert_eq!(nearest_before(b"order 1 call 2", 0, 13), PHONE);
    }

    #[test]
    fn a_line_break_ends_a_label() {
        assert_eq!(label_before(b"SSN\n123456789", 0, 4) & SSN, 0);
    }

    #[test]
    fn sql_column_lists_and_aligned_headers_name_values() {
        let text = "INSERT INTO t (id, note, `nhs_number`) VALUES (1, 'a,(b', '9434765919'),\n (2, NOW(), '943');";
        let sql = SqlCells::of(text.as_bytes());
        let name = |r: Option<(usize, usize)>| r.map(|(s, e)| &text[s..e]);
        assert_eq!(name(sql.column(text.find("9434765919").unwrap())), Some("nhs_number"));
        assert_eq!(name(sql.column(text.find("'943'").unwrap())), Some("nhs_number"), "after a call");
        assert_eq!(name(sql.column(text.find("2,").unwrap())), Some("id"));
        assert_eq!(sql.column(text.find("INTO").unwrap()), None);
        let dump = "COPY public.p (id, nhs_number) FROM stdin;\n1\t9434765919\n2\t943\n\\.\n3\t944\n";
        let copy = SqlCells::of(dump.as_bytes());
        let name = |r: Option<(usize, usize)>| r.map(|(s, e)| &dump[s..e]);
        assert_eq!(name(copy.column(dump.find("943\n").unwrap())), Some("nhs_number"));
        assert_eq!(name(copy.column(dump.find("2\t").unwrap())), Some("id"));
        assert_eq!(copy.column(dump.find("944").unwrap()), None, "after the end mark");
        let df = "   id    nhs_number  visits\n0  17  943 476 5918       3\n";
        let at = df.find("943").unwrap();
        assert_eq!(aligned_header(df.as_bytes(), at, at + 12).map(|(s, e)| &df[s..e]), Some("nhs_number"));
        let prose = "Hello there, team.\nCall 943 476 5918 now";
        let at = prose.find("943").unwrap();
        assert_eq!(aligned_header(prose.as_bytes(), at, at + 12), None, "prose has no columns");
    }

    #[test]
    fn header_cells_name_columns() {
        let text = "id,name,bsn,city\n1,Jan,111222333,Utrecht\n\n| # | NHS number |\n|---|---|\n| 2 | 943 476 5919 |";
        let b = text.as_bytes();
        let cols = Columns::of(b);
        let at = text.find("111222333").unwrap();
        assert_eq!(
            cols.header_cell(b, at).map(|(s, e)| &text[s..e]),
            Some("bsn")
        );
        let at = text.find("943").unwrap();
        assert_eq!(
            cols.header_cell(b, at).map(|(s, e)| &text[s..e]),
            Some(" NHS number ")
        );
        assert_eq!(cols.header_cell(b, 0), None, "the header itself");
    }
}
