//! E-mail addresses, IPv6 addresses, and names and addresses after a label or shaped like a
//! street address.
//!
//! Hand-written parsers rather than regexes: names need Unicode letter case (the engine's
//! `regex` is built without Unicode classes), Chinese names a surname table, and every parser
//! starts from an anchor (`@`, a label word, a street word) so clean text costs nothing here.

use std::net::Ipv6Addr;

use super::cues::{self, Cues};
use super::numbers::Cx;
use super::{Kind, Match as Found};

// ---------------------------------------------------------------- e-mail

fn local_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'%' | b'+' | b'-')
}

fn domain_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-'
}

/// Top-level "domains" that are file extensions: `icon@2x.png` is a file.
const FILE_EXTENSIONS: &[&str] = &[
    "png", "jpg", "jpeg", "gif", "svg", "webp", "ico", "bmp", "js", "mjs", "cjs", "ts", "tsx",
    "jsx", "css", "scss", "json", "yaml", "yml", "toml", "lock", "txt", "md", "html", "htm", "xml",
    "py", "rs", "go", "java", "rb", "php", "sh", "zip", "gz", "tar", "pdf", "csv",
];

/// The e-mail address around the `@` at `at`, if it is one.
pub fn email_at(cx: &Cx, at: usize) -> Option<Found> {
    let b = cx.b;
    let mut s = at;
    while s > 0 && local_char(b[s - 1]) && at - s < 64 {
        s -= 1;
    }
    if cues::is_escape_letter(b, s) {
        s += 1;
    }
    while s < at && matches!(b[s], b'.' | b'-' | b'+') {
        s += 1;
    }
    if s == at || b[at - 1] == b'.' || (s > 0 && (local_char(b[s - 1]) || b[s - 1] == b'@')) {
        return None;
    }
    // Domain: labels of letters, digits and hyphens; the last all letters.
    let mut e = at + 1;
    let mut last_dot = None;
    while e < b.len() && e - at <= 253 {
        if domain_char(b[e]) {
            e += 1;
        } else if b[e] == b'.'
            && e + 1 < b.len()
            && domain_char(b[e + 1])
            && b[e - 1] != b'.'
            && b[e - 1] != b'@'
        {
            last_dot = Some(e);
            e += 1;
        } else {
            break;
        }
    }
    let dot = last_dot?;
    let tld = &b[dot + 1..e];
    if !(2..=24).contains(&tld.len())
        || !tld.iter().all(u8::is_ascii_alphabetic)
        || b[at + 1] == b'-'
    {
        return None;
    }
    let tld_lower = tld.to_ascii_lowercase();
    if FILE_EXTENSIONS
        .iter()
        .any(|x| x.as_bytes() == tld_lower.as_slice())
    {
        return None;
    }
    // `git@github.com:org/repo.git`: an SSH remote; `https://user@host`: URL credentials;
    // `ssh deploy@bastion.internal`: a login.
    if b.get(e) == Some(&b':')
        && b.get(e + 1)
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'~' | b'/' | b'.'))
    {
        return None;
    }
    if s >= 3 && &b[s - 3..s] == b"://" {
        return None;
    }
    let line_start = b[..s]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1)
        .max(s.saturating_sub(80));
    if cues::classes_in(b, line_start, s) & cues::SSH != 0 {
        return None;
    }
    Some(Found {
        kind: Kind::Email,
        start: s,
        end: e,
    })
}

// ---------------------------------------------------------------- IPv6

/// Documentation (2001:db8::/32), Teredo (2001::/32) and the public resolvers are no person's.
fn public_v6(a: &Ipv6Addr) -> bool {
    let s = a.segments();
    let resolver = matches!(
        s,
        [0x2001, 0x4860, 0x4860, 0, 0, 0, 0, 0x8888 | 0x8844]
            | [0x2606, 0x4700, 0x4700, 0, 0, 0, 0, 0x1111 | 0x1001]
    );
    s[0] & 0xe000 == 0x2000 && !(s[0] == 0x2001 && (s[1] == 0x0db8 || s[1] == 0)) && !resolver
}

/// An IPv6 address starting at `s` (four hex digits and a colon there): global unicast only.
pub fn ipv6_at(cx: &Cx, s: usize, out: &mut Vec<Found>) {
    let b = cx.b;
    if !matches!(b[s], b'2' | b'3')
        || (s > 0 && (b[s - 1].is_ascii_alphanumeric() || matches!(b[s - 1], b':' | b'.')))
    {
        return;
    }
    let mut e = s;
    while e < b.len() && e - s < 40 && (b[e].is_ascii_hexdigit() || b[e] == b':') {
        e += 1;
    }
    if e < b.len()
        && (b[e].is_ascii_alphanumeric()
            || (b[e] == b'.' && b.get(e + 1).is_some_and(u8::is_ascii_digit)))
    {
        return;
    }
    // A trailing single colon belongs to what follows (`addr: …`), not to the address.
    let mut end = e;
    if end >= 2 && b[end - 1] == b':' && b[end - 2] != b':' {
        end -= 1;
    }
    let Ok(text) = std::str::from_utf8(&b[s..end]) else {
        return;
    };
    if text.matches(':').count() < 2 {
        return;
    }
    if let Ok(a) = text.parse::<Ipv6Addr>()
        && public_v6(&a)
    {
        out.push(Found {
            kind: Kind::Ip,
            start: s,
            end,
        });
    }
}

// ---------------------------------------------------------------- names

/// Words of software and document titles: a `name:` of a CI step, a package or a window is
/// title-cased like a person's name (`Release Notes`, `Deploy Preview`), so a value with one of
/// these is no person.
const TITLE_WORDS: &[&str] = &[
    "build",
    "builds",
    "test",
    "tests",
    "testing",
    "deploy",
    "deployment",
    "release",
    "notes",
    "run",
    "runs",
    "upload",
    "download",
    "install",
    "setup",
    "check",
    "checks",
    "lint",
    "linters",
    "linter",
    "main",
    "default",
    "window",
    "policy",
    "unit",
    "preview",
    "artifact",
    "artifacts",
    "docker",
    "image",
    "cache",
    "update",
    "create",
    "delete",
    "service",
    "server",
    "api",
    "app",
    "data",
    "config",
    "configuration",
    "job",
    "step",
    "task",
    "report",
    "summary",
    "project",
    "team",
    "group",
    "department",
    "company",
    "inc",
    "ltd",
    "llc",
    "gmbh",
    "corp",
    "corporation",
    "limited",
    "bank",
    "services",
    "support",
    "admin",
    "user",
    "users",
    "account",
    "enterprise",
    "internal",
    "external",
    "free",
    "plan",
    "tier",
    "premium",
    "standard",
    "basic",
    "pro",
    "new",
    "old",
    "file",
    "files",
    "folder",
    "module",
    "package",
    "library",
    "version",
    "branch",
    "commit",
    "pull",
    "request",
    "merge",
    "code",
    "docs",
    "documentation",
    "page",
    "home",
    "dashboard",
    "settings",
    "portal",
    "login",
    "logout",
    "sign",
    "form",
    "table",
    "list",
    "view",
    "edit",
    "add",
    "remove",
    "save",
    "submit",
    "cancel",
    "close",
    "open",
    "start",
    "stop",
    "status",
    "error",
    "warning",
    "info",
    "debug",
    "node",
    "python",
    "rust",
    "java",
    "linux",
    "windows",
    "macos",
    "ubuntu",
    "release-notes",
    "n/a",
    "none",
    "null",
    "unknown",
    "tbd",
    "anonymous",
    "redacted",
    "example",
    "sample",
    "demo",
    "test-user",
    "john doe",
    "jane doe",
    "address",
    "name",
    "phone",
    "email",
    "number",
    "date",
    "street",
    "road",
    "city",
    "country",
];

/// Lower-case particles inside a name (`Ludwig van Beethoven`, `María de la Cruz`).
const PARTICLES: &[&str] = &[
    "van", "der", "den", "de", "la", "le", "da", "di", "del", "della", "von", "bin", "binti",
    "ibn", "al", "dos", "das", "du", "ter", "y",
];

#[derive(PartialEq, Eq, Clone, Copy)]
enum Word {
    /// `Smith`, `O'Connell`, `Mei-Ling`, `Álvarez`.
    Cap,
    /// `SMITH` (two or more capitals).
    Upper,
    /// `J.`
    Initial,
    Particle,
    Other,
}

fn classify(w: &str) -> Word {
    let mut chars = w.chars();
    let Some(first) = chars.next() else {
        return Word::Other;
    };
    if w.len() == first.len_utf8() + 1 && first.is_uppercase() && w.ends_with('.') {
        return Word::Initial;
    }
    if !w
        .chars()
        .all(|c| c.is_alphabetic() || matches!(c, '\'' | '’' | '-'))
        || !w.chars().last().is_some_and(char::is_alphabetic)
    {
        return Word::Other;
    }
    if PARTICLES.contains(&w) {
        return Word::Particle;
    }
    if !first.is_uppercase() {
        return Word::Other;
    }
    let letters = w.chars().filter(|c| c.is_alphabetic()).count();
    if letters >= 2
        && w.chars()
            .filter(|c| c.is_alphabetic())
            .all(char::is_uppercase)
    {
        Word::Upper
    } else if w.chars().any(char::is_lowercase) {
        Word::Cap
    } else {
        Word::Other
    }
}

fn title_word(w: &str) -> bool {
    let lower = w.trim_end_matches('.').to_lowercase();
    TITLE_WORDS.contains(&lower.as_str())
}

/// A Latin-script name starting at `p`: two to five words (`Karen Novak`, `Mateo H. Taylor`,
/// `Ludwig van Beethoven`) or `NOVAK, Karen`, none a title word. Returns its end.
fn latin_name(text: &str, p: usize) -> Option<usize> {
    let mut words: Vec<(usize, usize, Word)> = Vec::new();
    let mut at = p;
    let rest = &text[p..];
    let mut iter = rest.char_indices().peekable();
    let mut comma_form = false;
    loop {
        // One word.
        let start = at;
        while let Some(&(i, c)) = iter.peek() {
            // A dot only ends an initial (`H.`).
            let initial_dot =
                c == '.' && at - start == 1 && text[start..at].chars().all(char::is_uppercase);
            if c.is_alphabetic() || matches!(c, '\'' | '’' | '-') || initial_dot {
                iter.next();
                at = p + i + c.len_utf8();
                if c == '.' {
                    break;
                }
            } else {
                break;
            }
        }
        if at == start {
            break;
        }
        let w = &text[start..at];
        let kind = classify(w);
        if kind == Word::Other || title_word(w) {
            break;
        }
        words.push((start, at, kind));
        if words.len() == 5 {
            break;
        }
        // The separator: one space (or `, ` right after a surname in capitals).
        match iter.peek() {
            Some(&(_, ' ')) => {
                iter.next();
                at += 1;
            }
            Some(&(_, ','))
                if words.len() == 1 && kind == Word::Upper && rest[at - p..].starts_with(", ") =>
            {
                iter.next();
                iter.next();
                at += 2;
                comma_form = true;
            }
            _ => break,
        }
        if matches!(iter.peek(), Some(&(_, c)) if !c.is_alphabetic()) {
            break;
        }
    }
    // Drop trailing words that cannot end a name.
    while words
        .last()
        .is_some_and(|w| matches!(w.2, Word::Particle | Word::Initial) && words.len() > 2)
    {
        words.pop();
    }
    let n = words.len();
    if n < 2 {
        return None;
    }
    let ok = if comma_form {
        words[0].2 == Word::Upper
            && words[1..]
                .iter()
                .all(|w| matches!(w.2, Word::Cap | Word::Initial))
    } else {
        matches!(words[0].2, Word::Cap | Word::Initial)
            && words[n - 1].2 == Word::Cap
            && words.iter().filter(|w| w.2 == Word::Cap).count() >= 2
            && !words.iter().any(|w| w.2 == Word::Upper)
    };
    ok.then(|| words[n - 1].1)
}

fn han(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}')
}

/// The most common Chinese surnames (simplified and traditional forms), single and compound:
/// a labelled value of two to four Han characters is a name only if it starts with one.
const ZH_SURNAMES: &str = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付傅方白邹孟熊秦邱江尹薛闫阎段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩明佘池乐匡钮陳張劉黃趙吳鄭謝許韓馮鄧蕭葉蘇呂蔣羅楊孫馬鍾譚陸範賈韋鄒龔顏莊聶魯嚴錢";
const ZH_COMPOUND: &[&str] = &[
    "欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "尉迟", "公孙", "慕容", "令狐", "夏侯", "司徒",
    "长孙", "宇文", "歐陽", "司徒",
];

fn zh_name(text: &str, p: usize) -> Option<usize> {
    let run: String = text[p..].chars().take_while(|&c| han(c)).take(5).collect();
    let n = run.chars().count();
    if !(2..=4).contains(&n) {
        return None;
    }
    let first = run.chars().next()?;
    let surname = ZH_COMPOUND.iter().any(|s| run.starts_with(s)) || ZH_SURNAMES.contains(first);
    surname.then(|| p + run.len())
}

/// After a label word ending at `end`: an optional bracket (`甲方（出租人）`), quotes, and a
/// separator (`:`, `：`, `=`, ` is `, `为`, `是`); the position of the value, and whether a
/// separator was seen.
fn after_label(text: &str, end: usize) -> (usize, bool) {
    let mut p = end;
    let rest = &text[p..];
    let skip_bracket = |s: &str| -> usize {
        for (open, close) in [("（", "）"), ("(", ")")] {
            if let Some(inner) = s.strip_prefix(open)
                && let Some(k) = inner.find(close)
                && k <= 24
            {
                return open.len() + k + close.len();
            }
        }
        0
    };
    p += skip_bracket(rest);
    // A short filler before the separator: `name on file is`, `"name": "`, `name\t`.
    let window_end = text[p..]
        .char_indices()
        .nth(20)
        .map_or(text.len(), |(i, _)| p + i);
    let window = &text[p..window_end];
    // The first separator in the window, if the filler before it is at most two plain words. A
    // later separator could not do better: a filler that fails stays failed as it grows.
    let first = window.char_indices().find_map(|(k, _)| {
        [":", "：", "=", " is ", " was ", "为", "是", "\t"]
            .iter()
            .find(|sep| window[k..].starts_with(**sep))
            .map(|sep| (k, sep.len()))
    });
    let best = first.filter(|&(k, _)| {
        let filler = &window[..k];
        let plain = filler
            .chars()
            .all(|c| c.is_alphabetic() || matches!(c, ' ' | '"' | '\'' | '_' | '\\'));
        plain && filler.split_whitespace().count() <= 2
    });
    let (mut q, seen) = match best {
        Some((k, len)) => (p + k + len, true),
        None => (p, false),
    };
    while let Some(c) = text[q..].chars().next() {
        if matches!(c, ' ' | '\t' | '"' | '\'' | '\\') && !text[q..].starts_with("\\n") {
            q += c.len_utf8();
        } else {
            break;
        }
    }
    (q, seen)
}

/// Names after a name label.
pub fn names(text: &str, cues: &Cues, out: &mut Vec<Found>) {
    for (s, e, _) in cues.of(cues::NAME) {
        let (p, seen) = after_label(text, e);
        if p >= text.len() {
            continue;
        }
        let label_is_han = text[s..e].chars().next().is_some_and(han);
        let end = if label_is_han || text[p..].starts_with(han) {
            if seen { zh_name(text, p) } else { None }
        } else if seen || p > e {
            latin_name(text, p)
        } else {
            None
        };
        if let Some(end) = end {
            out.push(Found {
                kind: Kind::Name,
                start: p,
                end,
            });
        }
    }
}

// ---------------------------------------------------------------- addresses

fn is_upper_start(w: &str) -> bool {
    w.chars().next().is_some_and(char::is_uppercase)
}

/// A UK postcode (`LS1 4AP`, `SW1A 1AA`, `D04 X2Y3` is Irish) or a US state and ZIP
/// (`IL 62704`, `OR 97201-1234`) at the start of `s`; its length.
fn postcode(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    // US: two capitals, a space, five digits, optional -four.
    if b.len() >= 8
        && b[0].is_ascii_uppercase()
        && b[1].is_ascii_uppercase()
        && b[2] == b' '
        && b[3..8].iter().all(u8::is_ascii_digit)
    {
        let mut n = 8;
        if b.len() >= 13 && b[8] == b'-' && b[9..13].iter().all(u8::is_ascii_digit) {
            n = 13;
        }
        return (b.get(n).is_none_or(|c| !c.is_ascii_alphanumeric())).then_some(n);
    }
    // UK: outward code (A9, A99, AA9, AA99, A9A, AA9A), space, inward code (9AA).
    let out_len = b.iter().take_while(|c| c.is_ascii_alphanumeric()).count();
    if !(2..=4).contains(&out_len) || b.get(out_len) != Some(&b' ') || b.len() < out_len + 4 {
        return None;
    }
    let outward = &b[..out_len];
    let letters = outward
        .iter()
        .take_while(|c| c.is_ascii_uppercase())
        .count();
    let shape_ok = (1..=2).contains(&letters)
        && letters < out_len
        && outward[letters].is_ascii_digit()
        && outward[letters + 1..]
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
        && outward[letters + 1..].len() <= 1;
    let inward = &b[out_len + 1..out_len + 4];
    let inward_ok = inward[0].is_ascii_digit()
        && inward[1].is_ascii_uppercase()
        && inward[2].is_ascii_uppercase();
    (shape_ok
        && inward_ok
        && b.get(out_len + 4)
            .is_none_or(|c| !c.is_ascii_alphanumeric()))
    .then_some(out_len + 4)
}

/// The end of a street address's tail after the street word: optional `, Apt 5C`, then the
/// town (one to three capitalised words) and a postcode or state and ZIP.
fn address_tail(text: &str, p: usize) -> Option<usize> {
    let mut q = p;
    let t = |q: usize| &text[q..];
    if t(q).starts_with('.') {
        q += 1;
    }
    for unit in [", Apt ", ", Apt. ", ", Unit ", ", Suite ", ", Flat "] {
        if t(q).starts_with(unit) {
            let k = t(q + unit.len())
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(t(q + unit.len()).len());
            q += unit.len() + k;
            break;
        }
    }
    // Town.
    q += if t(q).starts_with(", ") {
        2
    } else if t(q).starts_with(' ') {
        1
    } else {
        return None;
    };
    let mut town_words = 0;
    loop {
        let w_len = t(q)
            .find(|c: char| !(c.is_alphabetic() || c == '\'' || c == '-'))
            .unwrap_or(t(q).len());
        let w = &t(q)[..w_len];
        if w_len == 0
            || !is_upper_start(w)
            || w.chars()
                .filter(|c| c.is_alphabetic())
                .all(char::is_uppercase)
                && w_len <= 2
        {
            break;
        }
        // Stop before a postcode that starts like a word (`LS1`).
        if postcode(t(q)).is_some() {
            break;
        }
        q += w_len;
        town_words += 1;
        if town_words == 3
            || !t(q).starts_with(' ')
            || t(q + 1).starts_with(|c: char| !c.is_uppercase())
        {
            break;
        }
        if postcode(t(q + 1)).is_some() {
            break;
        }
        q += 1;
    }
    if town_words == 0 {
        return None;
    }
    let sep = if t(q).starts_with(", ") {
        2
    } else if t(q).starts_with(' ') {
        1
    } else {
        return None;
    };
    postcode(t(q + sep)).map(|n| q + sep + n)
}

/// A street address around the street word at `s..e`: house number, one to three
/// capitalised words, the street word, and (unless `labelled`) a town with its postcode.
fn street_address(text: &str, s: usize, e: usize, labelled: bool) -> Option<(usize, usize)> {
    if !is_upper_start(&text[s..e]) {
        return None;
    }
    // Words before the street word, back to the house number (which may follow a quote, `=`
    // or a tab: `address="12 High Street`).
    let mut start = s;
    let mut words = 0;
    let mut number = None;
    let bytes = text.as_bytes();
    while start >= 2 && bytes[start - 1] == b' ' && words <= 3 {
        let w_end = start - 1;
        let w_start = bytes[..w_end]
            .iter()
            .rposition(|&c| c == b' ')
            .map_or(0, |k| k + 1);
        let w = &text[w_start..w_end];
        // A house number: 1–5 digits and an optional capital, at the end of the word.
        // After the last character that is no letter or digit, whatever its width (`│`, `’`).
        let tail = w
            .char_indices()
            .rfind(|&(_, c)| !c.is_ascii_alphanumeric())
            .map_or(0, |(k, c)| k + c.len_utf8());
        let num = &w[tail..];
        let digits = num.chars().take_while(char::is_ascii_digit).count();
        let num_ok = (1..=5).contains(&digits)
            && num.len() - digits <= 1
            && num[digits..].chars().all(|c| c.is_ascii_uppercase());
        if num_ok && (tail == 0 || !w.as_bytes()[tail - 1].is_ascii_alphanumeric()) {
            number = Some(w_start + tail);
            break;
        }
        if !is_upper_start(w)
            || !w
                .chars()
                .all(|c| c.is_alphabetic() || c == '\'' || c == '’')
            || words == 3
        {
            return None;
        }
        words += 1;
        start = w_start;
    }
    let mut start = number?;
    if words == 0 {
        return None;
    }
    // `Flat 3, 12 High Street` / `Apt 4, …`.
    for unit in ["Flat ", "Apt ", "Unit ", "Suite "] {
        let head = &text[..start];
        if let Some(h) = head.strip_suffix(", ")
            && let Some(k) = h.rfind(unit)
            && h[k + unit.len()..]
                .chars()
                .all(|c| c.is_ascii_alphanumeric())
            && h.len() - k - unit.len() <= 4
        {
            start = k;
        }
    }
    let end = match address_tail(text, e) {
        Some(end) => end,
        None if labelled => e,
        None => return None,
    };
    Some((start, end))
}

/// Value of a Chinese address after its label: Han characters, digits and `-#`, up to
/// punctuation; must name an administrative unit or a road and a number.
fn zh_address(text: &str, p: usize) -> Option<usize> {
    let len: usize = text[p..]
        .chars()
        .take_while(|&c| han(c) || c.is_ascii_alphanumeric() || matches!(c, '-' | '#'))
        .take(60)
        .map(char::len_utf8)
        .sum();
    let v = &text[p..p + len];
    let unit = ["省", "市", "区", "县", "镇"].iter().any(|u| v.contains(u));
    let street = ["路", "街", "道", "巷", "号", "村"]
        .iter()
        .any(|u| v.contains(u));
    (v.chars().count() >= 6
        && unit
        && street
        && v.chars()
            .any(|c| c.is_ascii_digit() || "一二三四五六七八九十".contains(c)))
    .then_some(p + len)
}

/// Addresses: after an address label, and street addresses with a town and postcode anywhere.
pub fn addresses(text: &str, cues: &Cues, out: &mut Vec<Found>) {
    let streets: Vec<(usize, usize)> = cues.of(cues::STREET).map(|h| (h.0, h.1)).collect();
    for (s, e, _) in cues.of(cues::ADDRESS) {
        let (p, seen) = after_label(text, e);
        if p >= text.len() {
            continue;
        }
        if text[p..].starts_with(han) {
            if let Some(end) = zh_address(text, p) {
                out.push(Found {
                    kind: Kind::Address,
                    start: p,
                    end,
                });
            }
            continue;
        }
        let at_label = seen || text[s..e].contains(' ');
        if !at_label {
            continue;
        }
        // The labelled value: the first street word within reach.
        let line_end = text[p..]
            .find(['\n', '"', '|', ';'])
            .map_or(text.len(), |k| p + k)
            .min(p + 160);
        if let Some(&(ss, se)) = streets.iter().find(|h| h.0 >= p && h.1 <= line_end)
            && let Some((a, z)) = street_address(text, ss, se, true)
            && a >= p
        {
            out.push(Found {
                kind: Kind::Address,
                start: a,
                end: z,
            });
        }
    }
    for (s, e) in streets {
        if let Some((a, z)) = street_address(text, s, e, false) {
            out.push(Found {
                kind: Kind::Address,
                start: a,
                end: z,
            });
        }
    }
}

/// Names and addresses in table columns whose header is a name or address label
/// (`| Patient | … |`, `id,customer_name,…`): each cell of the column that is one whole.
pub fn table_columns(cx: &Cx, text: &str, out: &mut Vec<Found>) {
    let mut seen: Vec<usize> = Vec::new();
    for (s, _, classes) in cx.cues.of(cues::NAME | cues::ADDRESS) {
        let Some(cells) = cx.columns().column_below(cx.b, s) else {
            continue;
        };
        // One pass per column, however many label words its header has.
        let Some(&(first, _)) = cells.first() else {
            continue;
        };
        if seen.contains(&first) {
            continue;
        }
        seen.push(first);
        for (a, z) in cells {
            member_value(&text[..z], classes, a, out);
        }
    }
}

/// A whole string that is the value of a name or address member (`{"patient": "Karen Novak"}`).
pub fn member_value(text: &str, member: cues::Class, from: usize, out: &mut Vec<Found>) {
    if member & (cues::NAME | cues::ADDRESS) == 0 {
        return;
    }
    let p = from + (text[from..].len() - text[from..].trim_start().len());
    let whole = text.trim_end().len();
    if p >= whole {
        return;
    }
    if member & cues::NAME != 0 {
        let end = if text[p..].starts_with(han) {
            zh_name(text, p)
        } else {
            latin_name(text, p)
        };
        if let Some(end) = end.filter(|&e| e == whole) {
            out.push(Found {
                kind: Kind::Name,
                start: p,
                end,
            });
        }
    }
    if member & cues::ADDRESS != 0 {
        if text[p..].starts_with(han) {
            if let Some(end) = zh_address(text, p) {
                out.push(Found {
                    kind: Kind::Address,
                    start: p,
                    end,
                });
            }
        } else {
            let cues = Cues::find(&text[p..]);
            if let Some((ss, se, _)) = cues.of(cues::STREET).next()
                && let Some((a, z)) = street_address(text, p + ss, p + se, true)
            {
                out.push(Found {
                    kind: Kind::Address,
                    start: a,
                    end: z,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_grammar() {
        for (t, want) in [
            ("Karen Novak", Some("Karen Novak")),
            ("Mateo H. Taylor, next", Some("Mateo H. Taylor")),
            ("Ludwig van Beethoven", Some("Ludwig van Beethoven")),
            ("NOVAK, Karen\n", Some("NOVAK, Karen")),
            ("Sarah O'Connell.", Some("Sarah O'Connell")),
            ("Release Notes", None),
            ("Enterprise tier", None),
            ("see attached", None),
            ("Smith", None),
            ("ACME CORP", None),
        ] {
            assert_eq!(latin_name(t, 0).map(|e| &t[..e]), want, "{t}");
        }
        assert_eq!(zh_name("张伟，", 0), Some("张伟".len()));
        assert_eq!(zh_name("见附件", 0), None);
    }

    #[test]
    fn postcodes() {
        for (t, n) in [
            ("LS1 4AP", Some(7)),
            ("SW1A 1AA,", Some(8)),
            ("IL 62704", Some(8)),
            ("OR 97201-1234", Some(13)),
            ("AB 1234", None),
        ] {
            assert_eq!(postcode(t), n, "{t}");
        }
    }

    /// A house number glued to a wide character (a box-drawn table's `┃`, a curly quote) is
    /// read after that character, not inside it (set 10 of the small-cell audit made this panic).
    #[test]
    fn house_numbers_after_wide_characters() {
        for t in ["┃3 High Street", "│ ┃12 Station Road ┃", "’7 Mill Lane"] {
            let street = t.find(|c: char| c.is_ascii_uppercase()).unwrap();
            let end = street + t[street..].find(' ').unwrap();
            let found = street_address(t, street, end, true);
            assert!(found.is_none_or(|(s, e)| t.is_char_boundary(s) && t.is_char_boundary(e)), "{t}");
        }
    }
}
