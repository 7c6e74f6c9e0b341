//! Decoded views: a text with the decoration around its values taken off, and the map back.
//!
//! Agents rarely pass a credential on as it was written: a terminal colours it (ANSI escapes), a
//! read tool numbers its lines (`cat -n`, ` 12|`, `grep -n`), a terminal wraps it, a chat model puts
//! it between curly quotes, in a markdown table or list, an HTML page or a URL escapes it. Detectors
//! written for the plain form scan the view instead, and every span they find maps back to the
//! original bytes that carry it, so a redaction removes the whole original value and nothing of
//! the decoration (the colour reset after a value, the line number of a wrapped line) goes with it.
//!
//! A view is computed once per string, and only when the text has some decoration ([`Triggers`]):
//! most strings have none. Two layers: character-level edits (escapes, quotes, entities, markup),
//! then line-level edits on the result (line prefixes, tables, wrapped lines), each a sorted list of
//! non-overlapping replacements.
//!
//! Hand-written: escape-stripping crates (`strip-ansi-escapes`, `html-escape`, `percent-encoding`)
//! each return a new string with no way back to the original offsets, which the redaction needs.

use std::borrow::Cow;
use std::sync::{LazyLock, OnceLock};

use regex::bytes::{Regex, RegexBuilder};

/// One replacement: `orig_len` bytes of the layer's input at `orig` became `dec_len` bytes of its
/// output at `dec` (`dec_len == 0`: a deletion).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Edit {
    dec: usize,
    dec_len: usize,
    orig: usize,
    orig_len: usize,
}

/// One layer of edits over the previous layer's text.
#[derive(Debug, Default)]
struct Layer {
    edits: Vec<Edit>,
    /// Input ranges the layer re-rendered whole (a hex dump's rows): their text is a picture of
    /// the value, not the value.
    rendered: Vec<(usize, usize)>,
}

impl Layer {
    /// Where a span starting at decoded `p` starts in the layer's input.
    fn start(&self, p: usize) -> usize {
        let i = self.edits.partition_point(|e| e.dec <= p);
        match i.checked_sub(1).map(|i| self.edits[i]) {
            None => p,
            Some(e) if p < e.dec + e.dec_len => e.orig,
            Some(e) => e.orig + e.orig_len + (p - e.dec - e.dec_len),
        }
    }

    /// Where a span ending at decoded `p` ends in the layer's input (a deletion right at the end
    /// stays outside, a replacement the span reaches into is covered whole).
    fn end(&self, p: usize) -> usize {
        let i = self.edits.partition_point(|e| e.dec < p);
        match i.checked_sub(1).map(|i| self.edits[i]) {
            None => p,
            Some(e) if p < e.dec + e.dec_len => e.orig + e.orig_len,
            Some(e) => e.orig + e.orig_len + (p - e.dec - e.dec_len),
        }
    }

    /// The input ranges carrying decoded `[s, e)`: split where a deletion sat inside it.
    fn pieces(&self, s: usize, e: usize, out: &mut Vec<(usize, usize)>) {
        let mut from = self.start(s);
        let first = self.edits.partition_point(|x| x.dec <= s);
        for x in self.edits[first..].iter().take_while(|x| x.dec < e) {
            if x.dec_len == 0 {
                if x.orig > from {
                    out.push((from, x.orig));
                }
                from = x.orig + x.orig_len;
            }
        }
        let to = self.end(e);
        if to > from {
            out.push((from, to));
        }
    }
}

/// Builds one layer: replacements proposed in any order, overlapping ones dropped (first wins).
struct Builder<'a> {
    input: &'a str,
    ops: Vec<(usize, usize, Cow<'static, str>)>,
    rendered: Vec<(usize, usize)>,
}

impl<'a> Builder<'a> {
    fn new(input: &'a str) -> Self {
        Builder { input, ops: Vec::new(), rendered: Vec::new() }
    }

    fn replace(&mut self, start: usize, end: usize, with: impl Into<Cow<'static, str>>) {
        self.ops.push((start, end, with.into()));
    }

    fn delete(&mut self, start: usize, end: usize) {
        self.replace(start, end, "");
    }

    /// A replacement of text that only pictures its value (see [`Layer::rendered`]).
    fn render(&mut self, start: usize, end: usize, with: String) {
        self.rendered.push((start, end));
        self.replace(start, end, with);
    }

    fn finish(mut self) -> Option<(String, Layer)> {
        if self.ops.is_empty() {
            return None;
        }
        self.ops.sort_by_key(|o| (o.0, o.1));
        let mut text = String::with_capacity(self.input.len());
        let mut edits = Vec::with_capacity(self.ops.len());
        let mut at = 0;
        for (s, e, with) in self.ops {
            if s < at || !self.input.is_char_boundary(s) || !self.input.is_char_boundary(e) {
                continue;
            }
            text.push_str(&self.input[at..s]);
            edits.push(Edit { dec: text.len(), dec_len: with.len(), orig: s, orig_len: e - s });
            text.push_str(&with);
            at = e;
        }
        text.push_str(&self.input[at..]);
        // Only what was replaced (an overlapping replacement is dropped above).
        self.rendered.sort_unstable();
        self.rendered.retain(|&(s, e)| {
            let i = edits.partition_point(|x| x.orig < s);
            edits.get(i).is_some_and(|x| x.orig == s && x.orig + x.orig_len == e)
        });
        Some((text, Layer { edits, rendered: self.rendered }))
    }
}

/// A text with its decoration removed, and the way back to the original's bytes.
#[derive(Debug)]
pub struct View {
    text: String,
    /// Applied in order: `layers[0]` maps the original to its output, and so on.
    layers: Vec<Layer>,
}

impl View {
    /// The decoded text, for detectors.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the original `[start, end)` lies inside text the view re-rendered whole (a hex
    /// dump's row): what a detector finds there is a fragment of a picture, and the view's
    /// reading of the same bytes is the one to go by.
    pub fn rendered(&self, start: usize, end: usize) -> bool {
        let Some(first) = self.layers.first() else { return false };
        let i = first.rendered.partition_point(|r| r.0 <= start);
        i > 0 && end <= first.rendered[i - 1].1
    }

    /// Whether decoration the view took off within a line lies inside `[start, end)` of the
    /// original `text` (a `cat -A` `$`, a `^@`): the span is not the text as the view reads it.
    /// Line breaks the view joined (a wrap, a fold) are no such decoration: a value read across
    /// them is read whole either way.
    pub fn decorated(&self, text: &str, start: usize, end: usize) -> bool {
        let Some(first) = self.layers.first() else { return false };
        let i = first.edits.partition_point(|x| x.orig + x.orig_len <= start);
        first.edits[i..].iter().take_while(|x| x.orig < end).any(|x| x.orig_len > 0 && !text.as_bytes()[x.orig..x.orig + x.orig_len].contains(&b'\n'))
    }

    /// The original byte ranges that carry the decoded span `[start, end)`, in order: one range,
    /// or several when decoration (a colour code, a wrapped line's break and line number) sat
    /// inside it and is not part of the value.
    pub fn original_pieces(&self, start: usize, end: usize) -> Vec<(usize, usize)> {
        let mut spans = vec![(start, end)];
        for layer in self.layers.iter().rev() {
            let mut next = Vec::with_capacity(spans.len());
            for (s, e) in spans {
                layer.pieces(s, e, &mut next);
            }
            spans = next;
        }
        spans
    }
}

/// What a fast scan found in a text, deciding whether and how a view is built. The secrets rule
/// reads these off its keyword automaton; [`view`] finds them itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Triggers {
    /// Escapes, quotes, entities or markup to undo character by character ([`CHAR_TRIGGERS`]).
    pub chars: bool,
    /// A markdown table row (a line starting with `|`), a rich panel's row (with `│`) or a box
    /// table's rule ([`BOX_CROSSINGS`]).
    pub table: bool,
    /// A line that may be cut by a terminal wrap ([`wrap_candidate`]).
    pub wrap: bool,
    /// A multi-line block (`-----BEGIN`, PuTTY's `Private-Lines:`) whose lines a log prefix would
    /// cut apart: only then are log prefixes taken off (a log's single-line values scan as they
    /// are, and logs are common enough that a view of each would double their cost).
    pub blocks: bool,
}

/// A line starting with a rich panel's border (see [`Triggers::table`]).
pub const PANEL_ROW: &str = "\n\u{2502}";

/// The crossings of a box-drawn table's rule under its header (`──┼──`, `══╪══`), whose rows
/// may have no outer border (psql's unicode lines; see [`Triggers::table`]).
pub const BOX_CROSSINGS: &[&str] = &["\u{253c}", "\u{256a}"];

/// Keywords that start a multi-line block (see [`Triggers::blocks`]).
pub const BLOCK_TRIGGERS: &[&str] = &["-----BEGIN", "Private-Lines:"];

/// Byte strings whose presence means the character layer has work (ASCII case-insensitive).
pub const CHAR_TRIGGERS: &[&str] = &[
    "\x1b",
    "\\u001b",
    "\\x1b",
    "\\033",
    "\\e[",
    "\u{201c}",
    "\u{201d}",
    "\u{201e}",
    "\u{2018}",
    "\u{2019}",
    "\u{201a}",
    "\u{ff1a}",
    "\u{ff1d}",
    "\u{3000}",
    "\u{a0}",
    "\u{2014}",
    "\u{2013}",
    "**",
    "&quot;",
    "&amp;",
    "&#",
    "&nbsp;",
    "&lt;",
    "&gt;",
    "&apos;",
    "%22",
    "%3a",
    "%3d",
    "%26",
    "%27",
    "%2c",
    "%7b",
    "%40",
    "%2f",
    "%2b",
    "%20",
    "%0a",
    "<pre",
    "<code",
    "<br",
    "<p>",
    "<div",
    "<td",
    "<li",
    "<![cdata[",
    "quoted-printable",
    "\\/",
    "\n0000: ",
    "000000 ",
    "00000000:",
    "^@",
    "\0",
    "$\n",
    "{+",
    "[-",
    "\\begin{tabular}",
    "\n||",
    "\"delta\":",
    "\"done\":false",
    "%s\\n' '",
    "' >> ",
    "^>",
    "^<",
    "^&",
    "^|",
    "lines\": [",
    "lines\":[",
    "<a:t",
    "<w:t",
    "x-cron-env: <",
    "# magic",
    "// magic",
    "-- magic",
    "***************",
    "\"message\" => \"",
    "_x000a_",
    "_x000d_",
    "_x0009_",
];

/// Lines, and bytes, read at the start of a text for a line-number prefix.
const PREFIX_PROBE_LINES: usize = 8;
const PREFIX_PROBE_BYTES: usize = 1024;

/// The decoded view of `text`, or `None` when it has no decoration.
pub fn view(text: &str) -> Option<View> {
    let b = text.as_bytes();
    let triggers = Triggers {
        chars: char_triggers().is_match(b),
        table: b.first() == Some(&b'|')
            || memchr::memmem::find(b, b"\n|").is_some()
            || memchr::memmem::find(b, PANEL_ROW.as_bytes()).is_some()
            || BOX_CROSSINGS.iter().any(|c| memchr::memmem::find(b, c.as_bytes()).is_some())
            || memchr::memmem::find(b, LIST_ROW.as_bytes()).is_some()
            || memchr::memmem::find(b, ESCAPED_ROW.as_bytes()).is_some(),
        wrap: wrap_candidate(b, 0..b.len()),
        blocks: BLOCK_TRIGGERS.iter().any(|k| memchr::memmem::find(b, k.as_bytes()).is_some()),
    };
    view_with(text, triggers)
}

/// Builds the trigger automaton and the searchers (see `crate::warm_up`).
pub fn warm() {
    char_triggers();
    LazyLock::force(&STARS);
    LazyLock::force(&LITERAL_END);
}

// Searchers built once: building one costs more than searching a short string, and every string
// of a payload is searched.
static STARS: LazyLock<memchr::memmem::Finder<'static>> = LazyLock::new(|| memchr::memmem::Finder::new(b"**"));
static LITERAL_END: LazyLock<memchr::memmem::Finder<'static>> = LazyLock::new(|| memchr::memmem::Finder::new(b"\\n\""));

fn char_triggers() -> &'static aho_corasick::AhoCorasick {
    static AC: OnceLock<aho_corasick::AhoCorasick> = OnceLock::new();
    AC.get_or_init(|| aho_corasick::AhoCorasick::builder().ascii_case_insensitive(true).build(CHAR_TRIGGERS).expect("trigger automaton builds"))
}

/// The view, given what a caller's own scan found (see [`Triggers`]); line-number prefixes are
/// looked for in the first lines whatever the triggers say.
pub fn view_with(text: &str, t: Triggers) -> Option<View> {
    let mut layers = Vec::new();
    let mut current: Cow<str> = Cow::Borrowed(text);
    if (t.chars || literal(text) || properties_file(text.as_bytes()) || (t.table && memchr::memmem::find(text.as_bytes(), b"\\n").is_some()))
        && let Some((out, layer)) = char_layer(&current)
    {
        layers.push(layer);
        current = Cow::Owned(out);
    }
    let style = line_prefix_style(&current, t.blocks);
    if (t.table || t.wrap || style.is_some())
        && let Some((out, layer)) = line_layer(&current, style)
    {
        layers.push(layer);
        current = Cow::Owned(out);
    }
    match current {
        Cow::Owned(text) => Some(View { text, layers }),
        Cow::Borrowed(_) => None,
    }
}

fn re(pattern: &str) -> Regex {
    RegexBuilder::new(pattern).unicode(false).build().expect("decode pattern compiles")
}

/// Escapes and markup, character by character.
fn char_layer(text: &str) -> Option<(String, Layer)> {
    static ANSI: OnceLock<Regex> = OnceLock::new();
    static HTML: OnceLock<Regex> = OnceLock::new();
    static PCT: OnceLock<Regex> = OnceLock::new();
    let ansi = ANSI.get_or_init(|| {
        // Raw: CSI (`ESC [ params final`), OSC (`ESC ] … BEL|ESC \`), two-byte escapes. Written as
        // an escape inside a string (`\u001b`, `\x1b`, `\033`, `\e`): CSI and OSC.
        re(concat!(
            r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]{0,512}(?:\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78cDEHMNOZ])",
            r"|(?:\\u001[bB]|\\x1[bB]|\\033|\\e)(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\\]{0,512}(?:\\u0007|\\a|\\x07))",
        ))
    });
    let html = HTML.get_or_init(|| re(r"(?i)&(?:quot|amp|lt|gt|apos|nbsp|#[0-9]{1,5}|#x[0-9a-f]{1,4});"));
    let pct = PCT.get_or_init(|| re(r"%[0-9A-Fa-f]{2}"));
    let b = text.as_bytes();
    let mut out = Builder::new(text);
    if memchr::memchr2(0x1b, b'\\', b).is_some() {
        for m in ansi.find_iter(b) {
            out.delete(m.start(), m.end());
        }
    }
    // A recorded terminal (it has raw escapes): readline moves typed input that reaches the
    // terminal's last column to the next row with a blank and a carriage return, no part of it.
    if memchr::memchr(0x1b, b).is_some() {
        for i in memchr::memmem::find_iter(b, b" \r") {
            if b.get(i + 2).is_some_and(|&c| c != b'\n' && c != b'\r') {
                out.delete(i, i + 2);
            }
        }
    }
    if memchr::memchr(b'&', b).is_some() {
        for m in html.find_iter(b) {
            if let Some(c) = entity(&text[m.start() + 1..m.end() - 1]) {
                out.replace(m.start(), m.end(), c.to_string());
            }
        }
    }
    if memchr::memchr(b'%', b).is_some() {
        for m in pct.find_iter(b) {
            let v = u8::from_str_radix(&text[m.start() + 1..m.end()], 16).expect("two hex digits");
            // Only punctuation and line breaks a value or its name can be framed by (a form
            // body carries a file's lines as `%0A`), never letters or digits.
            if b" \"#$&'+,/:;=?@[]{}!*()<>|\\^~`\n\r\t".contains(&v) {
                out.replace(m.start(), m.end(), (v as char).to_string());
            }
        }
        form_blanks(b, &mut out);
    }
    if memchr::memchr(b'<', b).is_some() {
        cdata(b, &mut out);
        office_runs(b, &mut out);
        static TAG: OnceLock<Regex> = OnceLock::new();
        // Teams writes a code block as `<codeblock><code>…</code></codeblock>`.
        let tag = TAG
            .get_or_init(|| re(r"(?i)</?(?:pre|codeblock|code|br|p|div|td|th|tr|li|h[1-6]|body|html|table|ul|ol|span|b|strong|em)(?:[ \t][^<>]{0,200})?/?>"));
        // A block element ends a line (`<pre>machine …` starts one), an inline one is nothing.
        for m in tag.find_iter(b) {
            let name = b[m.start() + 1..m.end()].strip_prefix(b"/").unwrap_or(&b[m.start() + 1..m.end()]).to_ascii_lowercase();
            let inline = [&b"code"[..], b"span", b"b", b"strong", b"em"].iter().any(|t| name.starts_with(t) && !name[t.len()].is_ascii_alphanumeric());
            out.replace(m.start(), m.end(), if inline { "" } else { "\n" });
        }
    }
    clixml_controls(b, &mut out);
    // JSON's escaped solidus (Slack's API writes every `/` so): `\/`.
    for i in memchr::memmem::find_iter(b, b"\\/") {
        out.replace(i, i + 2, "/");
    }
    quoted_printable(text, &mut out);
    cron_env(b, &mut out);
    escaped_tables(b, &mut out);
    notebook_magic(b, &mut out);
    context_diff(b, &mut out);
    rubydebug_messages(b, &mut out);
    word_diff(b, &mut out);
    tex_tabular(b, &mut out);
    jira_table(text, &mut out);
    curl_trace(b, &mut out);
    visible_control(b, &mut out);
    hex_dump(b, &mut out);
    nul_separated(b, &mut out);
    stream_deltas(b, &mut out);
    line_arrays(b, &mut out);
    shell_lines(b, &mut out);
    cmd_carets(b, &mut out);
    literal_strings(text, &mut out);
    properties(b, &mut out);
    for i in STARS.find_iter(b) {
        if emphasis(b, i) {
            out.delete(i, i + 2);
        }
    }
    if b.iter().any(|&c| c >= 0x80) {
        for (i, c) in text.char_indices() {
            let with = match c {
                '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{201f}' => "\"",
                '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{201b}' => "'",
                '\u{ff1a}' => ":",
                '\u{ff1d}' => "=",
                '\u{3000}' | '\u{a0}' => " ",
                // `key — value`, `key – value`: a label's separator in lists and prose.
                '\u{2014}' | '\u{2013}' if text[..i].ends_with(' ') => ":",
                _ => continue,
            };
            out.replace(i, i + c.len_utf8(), with);
        }
    }
    out.finish()
}

/// PowerShell's CLIXML (`Export-Clixml`, a remoting stream) writes a string's control characters
/// as `_xHHHH_` (`_x000A_` a line break): a file's text read back into a `<S>` or `<ToString>`
/// element is one line. The line break, carriage return and tab are given back.
fn clixml_controls(b: &[u8], out: &mut Builder) {
    for i in memchr::memmem::find_iter(b, b"_x00") {
        let Some(code) = b.get(i + 4..i + 7) else { continue };
        let c = match code {
            [b'0', b'A' | b'a', b'_'] => "\n",
            [b'0', b'D' | b'd', b'_'] => "\r",
            [b'0', b'9', b'_'] => "\t",
            _ => continue,
        };
        out.replace(i, i + 7, c.to_string());
    }
}

/// A query string as a form encoder writes it (HTML's `application/x-www-form-urlencoded`, Go's
/// `url.QueryEscape`: a Kubernetes audit event's `pods/exec` `command=` parameters): `+` stands for
/// a blank. Read only after a URL's `?`, in a query that holds percent escapes (so an encoder wrote
/// it, and a `+` of the value would have been `%2B`).
fn form_blanks(b: &[u8], out: &mut Builder) {
    let delimiter = |c: &u8| matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'"' | b'\'' | b'<' | b'>' | b'`');
    let mut at = 0;
    for token in b.split(delimiter) {
        let start = at;
        at += token.len() + 1;
        let Some(q) = memchr::memchr(b'?', token) else { continue };
        let query = &token[q + 1..];
        let escaped = query.windows(3).any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit());
        if !escaped || !query.contains(&b'=') {
            continue;
        }
        for k in memchr::memchr_iter(b'+', query) {
            let i = start + q + 1 + k;
            out.replace(i, i + 1, " ");
        }
    }
}

/// The lines of a text as a JSON array of strings, one element a line (Ansible's `stdout_lines`
/// and `stderr_lines` beside `stdout`, any member named `…lines`): the elements read as one string
/// of escaped lines, `"a",⏎    "b"` as `"a\nb"` (the form `stdout` has), so a value printed over
/// several lines (a key's rows) is whole in the view. A redaction across elements starts and ends
/// inside strings, so the array stays valid JSON.
fn line_arrays(b: &[u8], out: &mut Builder) {
    let finder = memchr::memmem::Finder::new(b"lines\"");
    for k in finder.find_iter(b) {
        let mut i = k + 6;
        let skip = |i: &mut usize| {
            while b.get(*i).is_some_and(|c| c.is_ascii_whitespace()) {
                *i += 1;
            }
        };
        skip(&mut i);
        if b.get(i) != Some(&b':') {
            continue;
        }
        i += 1;
        skip(&mut i);
        if b.get(i) != Some(&b'[') {
            continue;
        }
        i += 1;
        skip(&mut i);
        while b.get(i) == Some(&b'"') {
            let Some(close) = string_end(b, i + 1) else { break };
            i = close + 1;
            skip(&mut i);
            if b.get(i) != Some(&b',') {
                break;
            }
            i += 1;
            skip(&mut i);
            if b.get(i) == Some(&b'"') {
                out.replace(close, i + 1, "\\n");
            }
        }
    }
}

/// The closing quote of the JSON string whose content starts at `i` (none past a line break).
pub(crate) fn string_end(b: &[u8], mut i: usize) -> Option<usize> {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            b'\n' => return None,
            _ => i += 1,
        }
    }
    None
}

/// A body its headers declare quoted-printable (`Content-Transfer-Encoding: quoted-printable`,
/// RFC 2045 §6.7): `=XX` stands for the byte XX (read when it is ASCII) and `=` at a line's end is
/// a soft break that joins the line with the next.
fn quoted_printable(text: &str, out: &mut Builder) {
    let b = text.as_bytes();
    const DECLARED: &[u8] = b"quoted-printable";
    let Some(declared) = b.windows(DECLARED.len()).position(|w| w.eq_ignore_ascii_case(DECLARED)) else { return };
    let mut i = declared;
    while let Some(k) = memchr::memchr(b'=', &b[i..]) {
        let at = i + k;
        match (b.get(at + 1), b.get(at + 2)) {
            (Some(b'\n'), _) => out.delete(at, at + 2),
            (Some(b'\r'), Some(b'\n')) => out.delete(at, at + 3),
            (Some(&h), Some(&l)) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => {
                let v = u8::from_str_radix(&text[at + 1..at + 3], 16).expect("two hex digits");
                if v.is_ascii() && (v >= b' ' || v == b'\t') {
                    out.replace(at, at + 3, (v as char).to_string());
                }
            }
            _ => {}
        }
        i = at + 1;
    }
}

/// A Cron Daemon mail's `X-Cron-Env: <NAME=value>` headers (Debian's cron lists the job's
/// environment so, crontab variables first): the angle brackets are the header's, not the
/// value's, so each line reads `NAME=value` (a `changeme>` is a placeholder again, and a value's
/// end is where the variable's is). Only a header line that ends with its `>`.
fn cron_env(b: &[u8], out: &mut Builder) {
    const HEADER: &[u8] = b"X-Cron-Env: <";
    for i in memchr::memmem::find_iter(b, HEADER) {
        if i > 0 && b[i - 1] != b'\n' {
            continue;
        }
        let open = i + HEADER.len() - 1;
        let end = b[open..].iter().position(|&c| c == b'\n').map_or(b.len(), |k| open + k);
        let end = if end > open && b[end - 1] == b'\r' { end - 1 } else { end };
        if end > open + 1 && b[end - 1] == b'>' && b[open + 1..end].contains(&b'=') {
            out.delete(open, open + 1);
            out.delete(end - 1, end);
        }
    }
}

/// A markdown row's start inside a JSON string (`\n|`): a trigger of the table readers.
pub const ESCAPED_ROW: &str = "\\n|";

/// The fewest escaped line breaks in a string read as lines by [`escaped_tables`].
const ESCAPED_MIN_LINES: usize = 2;

/// A JSON string that holds a table (an API's page source printed by `jq`, an issue's markdown,
/// a wiki page's wikitext: box-drawn rows, or markdown rows after `\n`) on one line of the text:
/// its escapes read as the characters they stand for (`\n` a line break, `\"`, `\\`, `\t`,
/// `\/`), so the table's rows are lines the table readers know. Only a line with two escaped
/// line breaks or more and a row's mark.
fn escaped_tables(b: &[u8], out: &mut Builder) {
    const BOX: &[u8] = "\u{2502}".as_bytes();
    if memchr::memmem::find(b, b"\\n").is_none() {
        return;
    }
    for (s, e) in line_spans(b) {
        let line = &b[s..e];
        let rows = memchr::memmem::find(line, BOX).is_some() || memchr::memmem::find(line, ESCAPED_ROW.as_bytes()).is_some();
        if !rows || memchr::memmem::find_iter(line, b"\\n").take(ESCAPED_MIN_LINES).count() < ESCAPED_MIN_LINES {
            continue;
        }
        // `\uXXXX` and the rest stay as they are.
        unescape(
            b,
            s,
            e,
            |c| match c {
                b'n' => Some("\n"),
                b't' => Some("\t"),
                b'"' => Some("\""),
                b'\\' => Some("\\"),
                b'/' => Some("/"),
                _ => None,
            },
            out,
        );
    }
}

/// The comment marks a Databricks notebook's source format puts before each line of a cell that is
/// not in the notebook's language (`%sh`, `%md`, `%sql` cells): `# MAGIC ` in Python and R, `// MAGIC `
/// in Scala, `-- MAGIC ` in SQL. The mark and the blank after it go, so a cell reads as the script,
/// file or table it holds. Only at a line's start.
fn notebook_magic(b: &[u8], out: &mut Builder) {
    const MARKS: &[&[u8]] = &[b"# MAGIC", b"// MAGIC", b"-- MAGIC"];
    if memchr::memmem::find(b, b" MAGIC").is_none() {
        return;
    }
    for (s, e) in line_spans(b) {
        let line = &b[s..e];
        let Some(mark) = MARKS.iter().find(|m| line.starts_with(m)) else { continue };
        let n = mark.len();
        match line.get(n) {
            Some(b' ') => out.delete(s, s + n + 1),
            None | Some(b'\r') => out.delete(s, s + n),
            _ => {}
        }
    }
}

/// The hunk separator of a context diff (`diff -c`, `diff -C n`).
const CONTEXT_HUNK: &[u8] = b"***************";

/// A context diff (`diff -c`, `diff -C n`) writes each line of a hunk after two characters: `  `
/// (unchanged), `! ` (changed), `- ` (removed, old half) or `+ ` (added, new half), under the hunk's
/// `*** a,b ****` and `--- c,d ----` headers. The two characters go, so each half reads as the file
/// it shows (a table's rows start with their border again, a setting's line with its name). Only
/// after a line that is the hunk separator `***************`, up to the first line that is none
/// of these.
fn context_diff(b: &[u8], out: &mut Builder) {
    if memchr::memmem::find(b, CONTEXT_HUNK).is_none() {
        return;
    }
    let (mut separator, mut in_hunk) = (false, false);
    for (s, e) in line_spans(b) {
        let line = &b[s..e];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let header = |open: &[u8], close: &[u8]| {
            line.starts_with(open)
                && line.ends_with(close)
                && line.len() > open.len() + close.len()
                && line[open.len()..line.len() - close.len()].iter().all(|c| c.is_ascii_digit() || *c == b',')
        };
        let old_header = header(b"*** ", b" ****");
        // A hunk is the separator and the old half's header, then its lines.
        if std::mem::take(&mut separator) {
            in_hunk = old_header;
        }
        if line == CONTEXT_HUNK {
            (separator, in_hunk) = (true, false);
            continue;
        }
        if !in_hunk || old_header || header(b"--- ", b" ----") {
            continue;
        }
        match line {
            [b' ' | b'!' | b'-' | b'+', b' ', ..] => out.delete(s, s + 2),
            // An empty unchanged line may lose its trailing blanks (`diff -c` of an empty line is
            // two blanks; editors trim them).
            [] | [b' '] => {}
            _ if line.starts_with(b"\\ ") => {}
            _ => in_hunk = false,
        }
    }
}

/// Logstash's `stdout { codec => rubydebug }` prints each event as a Ruby hash over several lines
/// (`{`, one `"field" => value` line per field, keys right-aligned, nested hashes indented, `}`),
/// the line the input read in its `"message" => "…"` field with Ruby's string escapes. A file read
/// line by line becomes one event per line. The messages of consecutive events read as the lines
/// they were (the fields around them go, `\"`, `\\`, `\n` and `\t` read as what they stand for),
/// so a table's rows or a file's lines are together again.
fn rubydebug_messages(b: &[u8], out: &mut Builder) {
    const FIELD: &[u8] = b"\"message\" => \"";
    if memchr::memmem::find(b, FIELD).is_none() {
        return;
    }
    // Per event (`{` to `}` at a line's start): its span and its message's content.
    type Event = (usize, usize, Option<(usize, usize)>);
    let mut events: Vec<Event> = Vec::new();
    let mut open: Option<(usize, Option<(usize, usize)>)> = None;
    for (s, e) in line_spans(b) {
        let line = &b[s..e];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        match (line, &mut open) {
            (b"{", _) => open = Some((s, None)),
            (b"}", Some((start, msg))) => {
                events.push((*start, s + 1, *msg));
                open = None;
            }
            (_, Some((_, msg @ None))) => {
                let t = line.trim_ascii_start();
                if let Some(rest) = t.strip_prefix(FIELD) {
                    let body = rest.strip_suffix(b",").unwrap_or(rest);
                    if let Some(inner) = body.strip_suffix(b"\"") {
                        let content = s + line.len() - rest.len();
                        *msg = Some((content, content + inner.len()));
                    }
                }
            }
            _ => {}
        }
    }
    // Runs of consecutive events (only blanks between them) that all carry a message.
    let mut k = 0;
    while k < events.len() {
        let mut j = k;
        while j + 1 < events.len() && events[j].2.is_some() && events[j + 1].2.is_some() && b[events[j].1..events[j + 1].0].iter().all(u8::is_ascii_whitespace)
        {
            j += 1;
        }
        if let Some((first, _)) = events[k].2 {
            for m in &events[k..=j] {
                let (cs, ce) = m.2.expect("a run's events carry messages");
                ruby_unescape(b, cs, ce, out);
            }
            if j > k {
                out.delete(events[k].0, first);
                for w in events[k..=j].windows(2) {
                    let (end, next) = (w[0].2.expect("message").1, w[1].2.expect("message").0);
                    out.replace(end, next, "\n");
                }
                let last = events[j].2.expect("message").1;
                out.delete(last, events[j].1);
            }
        }
        k = j + 1;
    }
}

/// Ruby's `inspect` escapes in `b[s..e]` (a string's content) as the characters they stand for.
fn ruby_unescape(b: &[u8], s: usize, e: usize, out: &mut Builder) {
    unescape(
        b,
        s,
        e,
        |c| match c {
            b'"' => Some("\""),
            b'\\' => Some("\\"),
            b'n' => Some("\n"),
            b't' => Some("\t"),
            b'#' => Some("#"),
            _ => None,
        },
        out,
    );
}

/// The backslash escapes in `b[s..e]` whose letter `with` reads, replaced by what it says they
/// stand for; the others left as they are.
fn unescape(b: &[u8], s: usize, e: usize, with: impl Fn(u8) -> Option<&'static str>, out: &mut Builder) {
    let mut i = s;
    while let Some(k) = memchr::memchr(b'\\', &b[i..e]) {
        let at = i + k;
        if at + 1 >= e {
            break;
        }
        if let Some(w) = with(b[at + 1]) {
            out.replace(at, at + 2, w);
        }
        i = at + 2;
    }
}

/// `git diff --word-diff` (and `git log -p --word-diff`) marks a change inside its line: plain,
/// `[-old-]{+new+}`; with `=color`, the old words red and the new green, no brackets. Read as the
/// text after the change: the old words go (they are still scanned in the original), the new ones
/// lose their markers, so a value a commit filled in is not glued to the placeholder it replaced.
/// Only in a text with a hunk header (`@@ -`), markers closed on their own line.
fn word_diff(b: &[u8], out: &mut Builder) {
    const RED: &[u8] = b"\x1b[31m";
    const GREEN: &[u8] = b"\x1b[32m";
    const RESET: &[u8] = b"\x1b[m";
    if memchr::memmem::find(b, b"@@ -").is_none() {
        return;
    }
    for (start, end) in line_spans(b) {
        let line = &b[start..end];
        let mut k = 0;
        while k + 1 < line.len() {
            let close: &[u8] = match &line[k..k + 2] {
                b"[-" => b"-]",
                b"{+" => b"+}",
                _ => {
                    k += 1;
                    continue;
                }
            };
            let Some(n) = memchr::memmem::find(&line[k + 2..], close) else { break };
            let (open, shut) = (start + k, start + k + 2 + n);
            if close == b"-]" {
                out.delete(open, shut + 2);
            } else {
                out.delete(open, open + 2);
                out.delete(shut, shut + 2);
            }
            k += 2 + n + 2;
        }
        // Colour: a red run replaced by the green one right after it.
        for r in memchr::memmem::find_iter(line, RED) {
            let from = r + RED.len();
            if let Some(n) = memchr::memmem::find(&line[from..], RESET)
                && line[from + n + RESET.len()..].starts_with(GREEN)
            {
                out.delete(start + from, start + from + n);
            }
        }
    }
}

/// A LaTeX `tabular` of `\texttt{}` cells (a runbook's table of settings): its rows read
/// `name = value`, the cells' TeX escapes (`\_`, `\#`, `\%`, `\&`, `\$`, `\textasciitilde{}`)
/// undone, so a value is read whole under its name.
fn tex_tabular(b: &[u8], out: &mut Builder) {
    const BEGIN: &[u8] = b"\\begin{tabular}";
    const TEXTTT: &[u8] = b"\\texttt{";
    const TILDE: &[u8] = b"\\textasciitilde{}";
    let Some(first) = memchr::memmem::find(b, BEGIN) else { return };
    let end = memchr::memmem::find(&b[first..], b"\\end{tabular}").map_or(b.len(), |k| first + k);
    let mut k = first + BEGIN.len();
    while k < end {
        let rest = &b[k..end];
        let n = if rest.starts_with(TEXTTT) {
            // The cell's closing brace: the first `}` not part of an escape's `{}`.
            let body = k + TEXTTT.len();
            let mut j = body;
            while j < end && b[j] != b'}' && b[j] != b'\n' {
                j += if b[j..].starts_with(TILDE) {
                    TILDE.len()
                } else if b[j] == b'\\' {
                    2
                } else {
                    1
                };
            }
            if b.get(j) == Some(&b'}') {
                out.delete(k, body);
                out.delete(j, j + 1);
            }
            TEXTTT.len()
        } else if rest.starts_with(TILDE) {
            out.replace(k, k + TILDE.len(), "~");
            TILDE.len()
        } else if rest.len() > 1 && rest[0] == b'\\' && b"_#%&$".contains(&rest[1]) {
            out.delete(k, k + 1);
            2
        } else if rest.starts_with(b" & ") {
            out.replace(k + 1, k + 2, "=");
            3
        } else if rest.starts_with(b" \\\\") {
            out.delete(k, k + 3);
            3
        } else {
            1
        };
        k += n;
    }
}

/// A Jira wiki-markup table: a `||Name||Value||` header, then `|cell|cell|` rows, values often
/// in `{{monospace}}`. A key/value table's rows read `name: value`, the monospace braces off.
fn jira_table(text: &str, out: &mut Builder) {
    let b = text.as_bytes();
    let mut key_value = false;
    for (s, e) in line_spans(b) {
        let line = &b[s..e];
        if line.starts_with(b"||") {
            let names: Vec<&str> = text[s + 2..e].trim_end_matches('|').split("||").map(str::trim).collect();
            key_value = names.len() == 2 && VALUE_HEADERS.contains(&names[1].to_lowercase().as_str());
            continue;
        }
        if !key_value || !line.starts_with(b"|") || line.len() < 3 {
            key_value = key_value && line.starts_with(b"|");
            continue;
        }
        let seps: Vec<usize> = line.iter().enumerate().filter(|&(i, &c)| c == b'|' && (i == 0 || line[i - 1] != b'\\')).map(|(i, _)| s + i).collect();
        for (k, w) in seps.windows(2).enumerate() {
            let (cs, ce) = (w[0] + 1, w[1]);
            if k == 1 {
                out.replace(w[0], w[0] + 1, ": ");
            }
            if ce >= cs + 4 && b[cs..].starts_with(b"{{") && b[..ce].ends_with(b"}}") {
                out.delete(cs, cs + 2);
                out.replace(ce - 2, ce, " ");
            }
        }
    }
}

/// `curl --trace-ascii` dumps what it sends and receives as rows: a hex offset (`0040: `), then
/// up to 64 bytes of data. A row ends early where the data has a line break (which the dump
/// drops), so the next row's offset says whether the data went on (`next = offset + row length`:
/// one line cut by the row width, joined back) or broke a line (`+ 1` for LF, `+ 2` for CRLF: the
/// line break stays). Offsets start at `0000` with each block (`=> Send data, …`); a row whose
/// offset does not follow ends the block.
fn curl_trace(b: &[u8], out: &mut Builder) {
    let offset = |line: &[u8]| -> Option<(usize, usize)> {
        let digits = line.iter().take_while(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()).count();
        (4..=8).contains(&digits).then_some(())?;
        line[digits..].starts_with(b": ").then_some(())?;
        Some((usize::from_str_radix(std::str::from_utf8(&line[..digits]).ok()?, 16).ok()?, digits + 2))
    };
    // The row before: (where its data starts as an offset, its data's length, where its line ends).
    let mut prev: Option<(usize, usize, usize)> = None;
    for (start, end) in line_spans(b) {
        // A hex dump's row (`xxd`) is read by `hex_dump`.
        let row = offset(&b[start..end]).filter(|_| dump_row(&b[start..end], &mut Vec::new(), None).is_none()).filter(|&(at, _)| match prev {
            None => at == 0,
            Some((p, len, _)) => at == 0 || (p + len..=p + len + 2).contains(&at),
        });
        match (row, prev) {
            (Some((at, plen)), Some((p, len, nl))) if at != 0 && at == p + len => out.delete(nl, start + plen),
            (Some((_, plen)), _) => out.delete(start, start + plen),
            (None, _) => {}
        }
        prev = row.map(|(at, plen)| (at, end - start - plen, end));
    }
}

/// A file a shell command writes one line per single-quoted word: `printf '%s\n' 'a' 'b' > f`
/// (each word after the format a line), or a run of `echo 'a' >> f` lines (each line's word a line
/// of the file). The words read as the file's lines, `'\''` as the quote it stands for. Only
/// words quoted with `'`, whose text is the file's text as written.
fn shell_lines(b: &[u8], out: &mut Builder) {
    // The end of the single-quoted word opening at `q` (its closing quote), `'\''` inside it
    // replaced by `'`; `None` past the line's end.
    let word_end = |out: &mut Builder, q: usize| -> Option<usize> {
        let mut i = q + 1;
        loop {
            let k = i + memchr::memchr2(b'\'', b'\n', &b[i..])?;
            if b[k] == b'\n' {
                return None;
            }
            if b[k..].starts_with(b"'\\''") {
                out.replace(k, k + 4, "'");
                i = k + 4;
                continue;
            }
            return Some(k);
        }
    };
    // Words already read as lines (a format inside a word read is that word's text).
    let mut done = 0;
    for f in memchr::memmem::find_iter(b, b"%s\\n' '") {
        if f < done {
            continue;
        }
        let mut close = f + 4;
        while b.get(close + 1) == Some(&b' ') {
            let Some(q) = (close + 1..b.len()).find(|&k| b[k] != b' ').filter(|&k| b[k] == b'\'') else { break };
            let Some(end) = word_end(out, q) else { break };
            // The format's quote, or the previous word's, to this word's opening: a line break.
            out.replace(close, q + 1, "\n");
            close = end;
        }
        done = close;
    }
    // `echo '…' >> path` lines in a row: from one line's closing quote to the next line's
    // opening one is a line break.
    if memchr::memmem::find(b, b"echo '").is_none() || memchr::memmem::find(b, b">>").is_none() {
        return;
    }
    let mut prev: Option<usize> = None;
    for (s, e) in line_spans(b) {
        let line = &b[s..e];
        let t = line.trim_ascii_start();
        let at = s + (line.len() - t.len());
        let open = if t.starts_with(b"echo '") { Some(at + 5) } else { None };
        let close = open.and_then(|q| word_end(out, q)).filter(|&c| b[c + 1..e].trim_ascii_start().starts_with(b">>"));
        match (prev, open, close) {
            (Some(p), Some(q), Some(c)) => {
                out.replace(p, q + 1, "\n");
                prev = Some(c);
            }
            (None, Some(_), Some(c)) => prev = Some(c),
            _ => prev = None,
        }
    }
}

/// cmd.exe's escapes (`echo 'k' =^> 'v'>> f.php`, `set X=a^&b`): a caret before `<`, `>`, `&`,
/// `|` or another caret stands for that character alone.
fn cmd_carets(b: &[u8], out: &mut Builder) {
    let mut skip = 0;
    for i in memchr::memchr_iter(b'^', b) {
        if i < skip {
            continue;
        }
        if b.get(i + 1).is_some_and(|c| matches!(c, b'<' | b'>' | b'&' | b'|' | b'^')) {
            out.delete(i, i + 1);
            skip = i + 2;
        }
    }
}

/// Keys whose string an LLM's streamed event adds to its reply: OpenAI's `delta.content`,
/// Anthropic's `delta.text` and `delta.partial_json`, Ollama's `message.content` and `response`.
const DELTA_KEYS: &[&[u8]] = &[b"\"content\":", b"\"text\":", b"\"partial_json\":", b"\"response\":"];

/// The fewest events in a row read as one stream.
const STREAM_MIN_EVENTS: usize = 3;

/// An LLM's streamed reply read back raw (`curl -N` of server-sent events, `data: {…}` lines with
/// `event:` lines and blanks between, or Ollama's NDJSON), each event a few characters of the
/// reply: the events' strings read as one text, so a value cut across events is whole in the view
/// and each of its pieces maps back to its event. Only a run of [`STREAM_MIN_EVENTS`] or more
/// event lines, each a JSON object with a `delta` or `done` member and a delta string, is joined
/// (JSON lines of records with a `text` member each are records, not a stream).
fn stream_deltas(b: &[u8], out: &mut Builder) {
    if memchr::memmem::find(b, b"\"delta\"").is_none() && memchr::memmem::find(b, b"\"done\"").is_none() {
        return;
    }
    let mut run: Vec<(usize, usize)> = Vec::new();
    let flush = |run: &mut Vec<(usize, usize)>, out: &mut Builder| {
        if run.len() >= STREAM_MIN_EVENTS {
            for w in run.windows(2) {
                out.delete(w[0].1, w[1].0);
            }
        }
        run.clear();
    };
    for (s, e) in line_spans(b) {
        let t = b[s..e].trim_ascii();
        // Between events: blank lines, `event: …` names, `: ping` comments.
        if t.is_empty() || t.starts_with(b"event:") || t.starts_with(b":") {
            continue;
        }
        let body = t.strip_prefix(b"data:").map_or(t, <[u8]>::trim_ascii_start);
        let event = body.first() == Some(&b'{') && [&b"\"delta\""[..], b"\"done\""].iter().any(|k| memchr::memmem::find(body, k).is_some());
        match event.then(|| delta_string(b, s, e)).flatten() {
            Some(span) => run.push(span),
            None => flush(&mut run, out),
        }
    }
    flush(&mut run, out);
}

/// The content span of the last delta key's string on the event line `s..e`.
fn delta_string(b: &[u8], s: usize, e: usize) -> Option<(usize, usize)> {
    let line = &b[s..e];
    let (k, len) = DELTA_KEYS.iter().filter_map(|key| memchr::memmem::rfind(line, key).map(|k| (k, key.len()))).max_by_key(|&(k, _)| k)?;
    let mut i = s + k + len;
    while i < e && b[i] == b' ' {
        i += 1;
    }
    if b.get(i) != Some(&b'"') {
        return None;
    }
    string_end(b, i + 1).filter(|&j| j < e).map(|j| (i + 1, j))
}

/// The (start, end) byte spans of a text's lines, line breaks excluded; a text ending in a line
/// break ends with an empty line.
fn line_spans(b: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        (start <= b.len()).then(|| {
            let end = memchr::memchr(b'\n', &b[start..]).map_or(b.len(), |k| start + k);
            let line = (start, end);
            start = end + 1;
            line
        })
    })
}

/// `cat -A` and GNU `sed -n l` show a file's control characters: a `$` ends every line, `cat -A`
/// writes a tab as `^I` and a carriage return as `^M`; `sed -n l` writes a tab as `\t`, a
/// backslash as `\\`, and folds a long line into rows of 69 characters, each ending in a lone
/// `\`. A run of such lines (two or more ending in `$`, the run ending with one) reads as the file.
fn visible_control(b: &[u8], out: &mut Builder) {
    // A row folded by `sed -n l`: its last `\` is no escape (an even run of backslashes before
    // it is escaped backslashes).
    let folded = |l: &[u8]| l.iter().rev().take_while(|&&c| c == b'\\').count() % 2 == 1;
    let lines: Vec<(usize, usize)> = line_spans(b).collect();
    let mut i = 0;
    while i < lines.len() {
        let in_run = |&(s, e): &(usize, usize)| e > s && (b[e - 1] == b'$' || folded(&b[s..e]));
        let run = lines[i..].iter().take_while(|l| in_run(l)).count();
        let run_lines = &lines[i..i + run];
        i += run.max(1);
        let ends = run_lines.iter().filter(|&&(s, e)| b[e - 1] == b'$' && !folded(&b[s..e - 1])).count();
        if ends < 2 || run_lines.last().is_none_or(|&(_, e)| b[e - 1] != b'$') {
            continue;
        }
        let sed = run_lines.iter().any(|&(_, e)| b[e - 1] != b'$');
        for &(s, e) in run_lines {
            if b[e - 1] == b'$' {
                let cr = e >= s + 3 && &b[e - 3..e - 1] == b"^M";
                out.delete(if cr { e - 3 } else { e - 1 }, e);
            } else {
                out.delete(e - 1, (e + 1).min(b.len()));
            }
            let body = &b[s..e - 1];
            let mut k = 0;
            while k + 1 < body.len() {
                match (body[k], body[k + 1]) {
                    (b'^', b'I') if !sed => out.replace(s + k, s + k + 2, "\t"),
                    (b'\\', b't') if sed => out.replace(s + k, s + k + 2, "\t"),
                    (b'\\', b'\\') if sed => out.replace(s + k, s + k + 2, "\\"),
                    _ => {
                        k += 1;
                        continue;
                    }
                }
                k += 2;
            }
        }
    }
}

/// A hex dump (`xxd`, `hexdump -C`, `od -A x -t x1z`, PowerShell `Format-Hex`) shows a file as
/// rows: an offset, the bytes in hex (one, two or four to a group), and, in most tools, the same
/// bytes as characters (`.` for the unprintable). A row is read only when its characters agree
/// with its hex byte for byte (which also tells two-byte groups' order), or, without that column,
/// when its offset follows the row before by its byte count; a run of rows reads as the bytes it
/// shows (a NUL as a line break, other unprintable bytes as a blank). Each row is replaced whole,
/// so a value found in the bytes takes the rows that carry it, characters and hex alike.
fn hex_dump(b: &[u8], out: &mut Builder) {
    // The run of rows being read: (line start, line end, the bytes as text); the offset after it;
    // whether a row had a characters column.
    let mut run: Vec<(usize, usize, String)> = Vec::new();
    let mut next = 0;
    let mut checked = false;
    let mut flush = |run: &mut Vec<(usize, usize, String)>, checked: bool| {
        // Rows without characters only as two or more that follow each other.
        if checked || run.len() >= 2 {
            let mut prev_end = None;
            for (start, end, text) in run.drain(..) {
                if let Some(e) = prev_end {
                    out.delete(e, start);
                }
                out.render(start, end, text);
                prev_end = Some(end);
            }
        }
        run.clear();
    };
    let mut bytes = Vec::with_capacity(32);
    for (start, end) in line_spans(b) {
        let end = if end > start && b[end - 1] == b'\r' { end - 1 } else { end };
        let expected = (!run.is_empty()).then_some(next);
        match dump_row(&b[start..end], &mut bytes, expected) {
            Some((offset, with_chars)) if expected.is_none_or(|e| e == offset) => {
                let text = bytes
                    .iter()
                    .map(|&c| match c {
                        0 => '\n',
                        b'\t' | b'\n' | b'\r' | b' '..=b'~' => c as char,
                        _ => ' ',
                    })
                    .collect();
                run.push((start, end, text));
                next = offset + bytes.len();
                checked |= with_chars;
            }
            _ => {
                flush(&mut run, checked);
                checked = false;
            }
        }
    }
    flush(&mut run, checked);
}

/// One hex dump row: its offset and whether it had a characters column, with its bytes pushed
/// to `bytes`. `expected` is where the row before ended (a row without characters must start
/// there, or start a dump).
fn dump_row(line: &[u8], bytes: &mut Vec<u8>, expected: Option<usize>) -> Option<(usize, bool)> {
    let digits = line.iter().take_while(|c| c.is_ascii_hexdigit()).count();
    (6..=10).contains(&digits).then_some(())?;
    let offset = usize::from_str_radix(std::str::from_utf8(&line[..digits]).ok()?, 16).ok()?;
    let mut i = digits + usize::from(line.get(digits) == Some(&b':'));
    // The hex groups (of one width but the last, one or two blanks apart; more after the offset).
    let mut groups: Vec<(usize, usize)> = Vec::with_capacity(16);
    let mut width = 0;
    loop {
        let blanks = line[i..].iter().take_while(|&&c| c == b' ').count();
        let s = i + blanks;
        let len = line[s..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
        let ends = s + len == line.len() || line[s + len] == b' ';
        let gap = if groups.is_empty() { (1..=4).contains(&blanks) } else { (1..=2).contains(&blanks) };
        let fits = if groups.is_empty() { matches!(len, 2 | 4 | 8) } else { len == width || (len % 2 == 0 && len > 0 && len < width) };
        if !gap || !fits || !ends || groups.last().is_some_and(|g| g.1 - g.0 != width) {
            break;
        }
        width = width.max(len);
        groups.push((s, s + len));
        i = s + len;
    }
    let hex = |at: usize| u8::from_str_radix(std::str::from_utf8(&line[at..at + 2]).ok()?, 16).ok();
    let shows = |c: u8, v: u8| if (b' '..=b'~').contains(&v) { c == v } else { c == b'.' };
    // The characters column follows the last group, or a group before it when the column's first
    // characters look like hex: between `|…|` or `>…<`, or as it is.
    for n in (1..=groups.len()).rev() {
        let rest = &line[groups[n - 1].1..];
        let blanks = rest.iter().take_while(|&&c| c == b' ').count();
        let rest = &rest[blanks..];
        let chars = match (rest.first(), rest.last()) {
            (Some(b'|'), Some(b'|')) | (Some(b'>'), Some(b'<')) if rest.len() >= 2 => &rest[1..rest.len() - 1],
            _ => rest,
        };
        let count: usize = groups[..n].iter().map(|g| (g.1 - g.0) / 2).sum();
        if chars.is_empty() {
            // No characters column: single bytes, in a row that follows the one before or
            // starts a dump.
            bytes.clear();
            let follows = expected.map_or(offset == 0, |e| e == offset);
            let read = n == groups.len() && width == 2 && follows && groups.iter().all(|g| hex(g.0).map(|v| bytes.push(v)).is_some());
            return read.then_some((offset, false));
        }
        if blanks < 2 || chars.len() != count {
            continue;
        }
        // A group's bytes in order, or (a little-endian word, `xxd -e`) reversed.
        for swapped in [false, true].into_iter().take(width / 2) {
            bytes.clear();
            for g in &groups[..n] {
                let k = (g.1 - g.0) / 2;
                for j in 0..k {
                    bytes.push(hex(g.0 + 2 * if swapped { k - 1 - j } else { j })?);
                }
            }
            if chars.iter().zip(bytes.iter()).all(|(&c, &v)| shows(c, v)) {
                return Some((offset, true));
            }
        }
    }
    None
}

/// NUL-separated strings: `/proc/<pid>/environ` and `cmdline` (`cat -v` shows NUL as `^@`, a
/// JSON string as `\u0000`, a raw one as the byte). Two or more separators read as line breaks
/// when most parts are `NAME=value` (an environment), else as blanks (an argument vector).
fn nul_separated(b: &[u8], out: &mut Builder) {
    let caret = memchr::memmem::find_iter(b, b"^@").map(|i| (i, 2));
    let seps: Vec<(usize, usize)> = caret.chain(memchr::memchr_iter(0, b).map(|i| (i, 1))).collect();
    if seps.len() < 2 {
        return;
    }
    let assignment = |part: &[u8]| {
        let name = part.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
        name > 0 && part.get(name) == Some(&b'=')
    };
    let mut sorted = seps.clone();
    sorted.sort_unstable();
    let parts = sorted.iter().map(|&(i, len)| i + len).filter(|&s| s < b.len());
    let (env, all) = parts.fold((0, 0), |(e, a), s| (e + usize::from(assignment(&b[s..])), a + 1));
    let with = if 2 * env >= all { "\n" } else { " " };
    for (i, len) in sorted {
        out.replace(i, i + len, with);
    }
}

/// An XML `CDATA` section (a log4j or JUnit report's message) holds its text as it is: its
/// markers end and start lines, so the text reads as the lines it was.
fn cdata(b: &[u8], out: &mut Builder) {
    const OPEN: &[u8] = b"<![CDATA[";
    let mut from = 0;
    while let Some(s) = memchr::memmem::find(&b[from..], OPEN).map(|k| from + k) {
        let body = s + OPEN.len();
        out.replace(s, body, "\n");
        match memchr::memmem::find(&b[body..], b"]]>") {
            Some(k) => {
                out.replace(body + k, body + k + 3, "\n");
                from = body + k + 3;
            }
            None => return,
        }
    }
}

/// Office Open XML text, a `.pptx` or `.docx` part read raw (`unzip -p deck.pptx
/// ppt/slides/slide7.xml`): a paragraph's text is its runs' `<a:t>` (`<w:t>`) contents in order,
/// and PowerPoint and Word start a new run wherever the formatting or the spell checker's mark
/// changes (a value flagged as a misspelling gets a run of its own, `err="1"`). The markup between
/// two runs of one paragraph is nothing; between paragraphs, or around a run, a line break.
fn office_runs(b: &[u8], out: &mut Builder) {
    static RUN_TAG: OnceLock<Regex> = OnceLock::new();
    // A run's text element opening or closing (`<a:t>`, `<w:t xml:space="preserve">`, `</a:t>`).
    let tag = RUN_TAG.get_or_init(|| re(r"</?[aw]:t(?:[ \t][^<>]{0,200})?>"));
    // The markup between two runs' texts: tags and blanks only, at most this long.
    const GAP: usize = 4096;
    let only_markup = |gap: &[u8]| {
        let mut in_tag = false;
        gap.len() <= GAP
            && gap.iter().all(|&c| {
                match c {
                    b'<' if !in_tag => in_tag = true,
                    b'>' if in_tag => in_tag = false,
                    _ if in_tag || c.is_ascii_whitespace() => {}
                    _ => return false,
                }
                true
            })
            && !in_tag
    };
    let mut open_close: Option<(usize, usize)> = None;
    for m in tag.find_iter(b) {
        let closing = b[m.start() + 1] == b'/';
        match (closing, open_close.take()) {
            (true, _) => open_close = Some((m.start(), m.end())),
            (false, Some((cs, ce))) if only_markup(&b[ce..m.start()]) => {
                let paragraph = [&b"</a:p>"[..], b"</w:p>"].iter().any(|p| memchr::memmem::find(&b[ce..m.start()], p).is_some());
                out.replace(cs, m.end(), if paragraph { "\n" } else { "" });
            }
            (false, before) => {
                if let Some((cs, ce)) = before {
                    out.replace(cs, ce, "\n");
                }
                out.replace(m.start(), m.end(), "\n");
            }
        }
    }
    if let Some((cs, ce)) = open_close {
        out.replace(cs, ce, "\n");
    }
}

/// A Python or JavaScript literal as `repr()` / `util.inspect` print it (`['line\n', …]`,
/// `{'key': 'value'}`, `b'…'`), or source code holding a text as string literals line by line
/// (see [`concatenated_lines`]): its strings read as their text, each quote as `"` (the quotes a
/// JSON-reading detector knows) and each escape as the character it stands for, so the lines of a
/// file printed as a list or as bytes read as lines again.
fn literal_strings(text: &str, out: &mut Builder) {
    if !literal(text) {
        return;
    }
    let t = text.trim_start();
    let lead = text.len() - t.len();
    let bytes_literal = t.starts_with("b'") || t.starts_with("b\"");
    let b = text.as_bytes();
    let mut quote: Option<u8> = None;
    let mut i = lead + usize::from(bytes_literal);
    while i < b.len() {
        let c = b[i];
        match quote {
            None if c == b'\'' || c == b'"' => {
                quote = Some(c);
                out.replace(i, i + 1, "\"");
            }
            None => {}
            // `"line\n" +⏎ "next"`: one text cut into literals, read as the text.
            Some(q)
                if c == q
                    && i >= 2
                    && &b[i - 2..i] == b"\\n"
                    && let Some(next) = next_literal(b, i + 1, q) =>
            {
                out.delete(i, next + 1);
                i = next + 1;
                continue;
            }
            Some(q) if c == q => {
                quote = None;
                out.replace(i, i + 1, "\"");
            }
            // A literal's string is on one line: an unclosed quote means this is not one.
            Some(_) if c == b'\n' => return,
            Some(_) if c == b'\\' && i + 1 < b.len() => {
                let with = match b[i + 1] {
                    b'n' => "\n",
                    b't' => "\t",
                    b'r' => "\r",
                    b'\'' => "'",
                    b'"' => "\\\"",
                    b'\\' => "\\\\",
                    _ => {
                        i += 1;
                        continue;
                    }
                };
                out.replace(i, i + 2, with);
                i += 1;
            }
            Some(_) => {}
        }
        i += 1;
    }
}

/// A Java `.properties` file, as `Properties.store` writes it or a person does: each value reads
/// as the text it stands for. A `\\` before `=`, `:`, `#`, `!`, a blank or another `\\` is that
/// character, `\\n` `\\t` `\\r` `\\f` are the control characters, `\\uXXXX` is the character, and a
/// `\\` that ends a line joins the next one without its indentation (the Javadoc of
/// `Properties.load`). Read only in a text [`properties_file`] takes for one, and only on its
/// property lines: a shell script's `\\` at a line's end keeps the blanks that part its words.
fn properties(b: &[u8], out: &mut Builder) {
    if !properties_file(b) {
        return;
    }
    let mut continued = false;
    for (start, end) in line_spans(b) {
        let line = &b[start..end];
        if !continued && property_key(line).is_none() {
            continue;
        }
        continued = false;
        let mut k = 0;
        while k < line.len() {
            if line[k] != b'\\' {
                k += 1;
                continue;
            }
            let at = start + k;
            let ends_line = k + 1 == line.len() || k + 2 == line.len() && line[k + 1] == b'\r';
            match line.get(k + 1) {
                _ if ends_line && end < b.len() => {
                    // The line break, then the next line's indentation.
                    let mut next = end + 1;
                    while b.get(next).is_some_and(|&c| matches!(c, b' ' | b'\t' | b'\x0c')) {
                        next += 1;
                    }
                    out.delete(at, next);
                    continued = true;
                    break;
                }
                None => break,
                Some(b'u') => {
                    let hex = line.get(k + 2..k + 6).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u32::from_str_radix(h, 16).ok());
                    if let Some(c) = hex.and_then(char::from_u32) {
                        out.replace(at, at + 6, c.to_string());
                        k += 6;
                        continue;
                    }
                }
                Some(&c) => {
                    let with = match c {
                        b'n' => "\n",
                        b't' => "\t",
                        b'r' => "\r",
                        b'f' => "\x0c",
                        b'=' => "=",
                        b':' => ":",
                        b'#' => "#",
                        b'!' => "!",
                        b' ' => " ",
                        b'\\' => "\\",
                        _ => "",
                    };
                    if !with.is_empty() {
                        out.replace(at, at + 2, with);
                    }
                }
            }
            k += 2;
        }
    }
}

/// Where the value starts on a property line (`app.host=web01`, `key : value`): a key of word
/// characters, dots and dashes at the line's start, then `=` or `:`.
fn property_key(line: &[u8]) -> Option<usize> {
    let key = line.iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-')).count();
    if key == 0 || !line[0].is_ascii_alphabetic() {
        return None;
    }
    let sep = key + line[key..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
    matches!(line.get(sep), Some(b'=' | b':')).then_some(sep + 1)
}

/// Whether `b` reads as a `.properties` file: two property lines, one of them with a dotted key
/// (`app.config.path`, the Java convention), and an escape only such a file writes on one of them
/// (`\\=`, `\\:`, `\\!`, `\\#`, `\\uXXXX`, or a `\\` that ends the line).
fn properties_file(b: &[u8]) -> bool {
    if memchr::memchr(b'\\', b).is_none() {
        return false;
    }
    let (mut lines, mut dotted, mut escaped) = (0, false, false);
    for (start, end) in line_spans(b) {
        let line = &b[start..end];
        let Some(value) = property_key(line) else { continue };
        lines += 1;
        dotted |= line[..value].contains(&b'.');
        let body = line[value..].strip_suffix(b"\r").unwrap_or(&line[value..]);
        escaped |= body.iter().rev().take_while(|&&c| c == b'\\').count() % 2 == 1
            || body.windows(2).any(|w| w[0] == b'\\' && matches!(w[1], b'=' | b':' | b'!' | b'#'))
            || body.windows(6).any(|w| w[0] == b'\\' && w[1] == b'u' && w[2..].iter().all(u8::is_ascii_hexdigit));
        if lines >= 2 && dotted && escaped {
            return true;
        }
    }
    false
}

/// Whether `text` starts as a literal [`literal_strings`] reads: `b'`, `b"`, or a bracket and a
/// single quote (a bracket and `"` is JSON, which the detectors read as it is).
fn literal(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with("b'")
        || t.starts_with("b\"")
        || (t.starts_with(['[', '{', '(']) && t[1..].trim_start().starts_with('\''))
        || concatenated_lines(text.as_bytes())
}

/// Source code that holds a text as one string literal per line (`"line\n" +` in Java or
/// JavaScript, `"line\n"` inside Python's parentheses): the first two literals that end in a `\n`
/// escape are each alone on their line (a JSON member `"key": "…\n",` is not).
fn concatenated_lines(b: &[u8]) -> bool {
    // The literal ending at `end` (its `\n"`) is the whole of its line, but for a `+`, `,`, `;` or `)`.
    let whole_line = |end: usize| {
        let start = memchr::memrchr(b'\n', &b[..end]).map_or(0, |k| k + 1);
        let body = b[start..end].trim_ascii_start();
        let stop = memchr::memchr(b'\n', &b[end + 3..]).map_or(b.len(), |k| end + 3 + k);
        let rest = b[end + 3..stop].trim_ascii();
        body.first() == Some(&b'"')
            && !body[1..].iter().enumerate().any(|(i, &c)| c == b'"' && (i == 0 || body[i] != b'\\'))
            && matches!(rest, b"" | b"+" | b"," | b";" | b")" | b");")
    };
    let mut ends = LITERAL_END.find_iter(b);
    matches!((ends.next(), ends.next()), (Some(a), Some(c)) if whole_line(a) && whole_line(c))
}

/// Where the literal that continues one closed just before `i` opens: after blanks, an optional
/// `+`, one line break and the next line's indentation, the same quote.
fn next_literal(b: &[u8], mut i: usize, quote: u8) -> Option<usize> {
    let blanks = |b: &[u8], mut i: usize| {
        while b.get(i).is_some_and(|&c| c == b' ' || c == b'\t') {
            i += 1;
        }
        i
    };
    i = blanks(b, i);
    if b.get(i) == Some(&b'+') {
        i = blanks(b, i + 1);
    }
    if b.get(i) == Some(&b'\r') {
        i += 1;
    }
    if b.get(i) != Some(&b'\n') {
        return None;
    }
    i = blanks(b, i + 1);
    (b.get(i) == Some(&quote)).then_some(i)
}

/// `**` at `i` is markdown bold: exactly two stars (never part of a `***` mask) with a word on
/// at least one side (`a ** b` is arithmetic).
fn emphasis(b: &[u8], i: usize) -> bool {
    let before = i.checked_sub(1).map(|j| b[j]);
    let after = b.get(i + 2).copied();
    before != Some(b'*') && after != Some(b'*') && (before.is_some_and(|c| !c.is_ascii_whitespace()) || after.is_some_and(|c| !c.is_ascii_whitespace()))
}

fn entity(name: &str) -> Option<char> {
    let lower = name.to_ascii_lowercase();
    Some(match lower.as_str() {
        "quot" => '"',
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "apos" => '\'',
        // A rich-text editor's indentation (Teams, Outlook): a blank.
        "nbsp" => ' ',
        n if n.starts_with("#x") => char::from_u32(u32::from_str_radix(&n[2..], 16).ok()?)?,
        n => char::from_u32(n[1..].parse().ok()?)?,
    })
    .filter(|c| !c.is_control() || *c == '\t' || *c == '\n')
}

/// How a text numbers its lines, read off its first lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PrefixStyle {
    /// `cat -n`, ` 12|`, `12→`, `  12: `, `nl`, a bat gutter: a counting number first.
    Numbered,
    /// `path:12:` (`grep -n`; context lines `path-12-` too).
    Grep,
    /// A log line's timestamp, level and source (`2026-05-04T09:01:13.983Z INFO  [deploy] `).
    Log,
}

/// `path:12:` of a match line (a path has a `.` or a `/`: `2026-05-04T10:00:` is a time).
fn grep_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| re(r"^[A-Za-z0-9_~+-]{0,255}[./][A-Za-z0-9_./~+-]{0,255}:[0-9]{1,7}:"))
}

/// `path:12:` or `path-12-` (a context line), once the style is known.
fn grep_line_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| re(r"^[A-Za-z0-9_~+-]{0,255}[./][A-Za-z0-9_./~+-]{0,255}(?::[0-9]{1,7}:|-[0-9]{1,7}-)"))
}

/// A timestamp (ISO 8601 or `YYYY-MM-DD HH:MM:SS`, optional fraction and zone), then an
/// optional level and an optional `[source]` or `source:`.
fn log_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| {
        re(r"^[A-Za-z0-9_.-]{1,64}[-_][0-9]{1,4}[ \t]+\|[ \t]?|^[ \t]*\[?[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}:[0-9]{2}(?:[.,][0-9]{1,9})?(?:Z|[+-][0-9]{2}:?[0-9]{2})?\]?[ \t]+(?:(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL)[ \t]+)?(?:\[[^\]\n]{1,64}\][ \t]?)?")
    })
}

/// A bat-style continuation gutter (a wrapped line has no number): `     │ `.
fn gutter_re() -> &'static Regex {
    static R: OnceLock<Regex> = OnceLock::new();
    R.get_or_init(|| re(r"^[ \t]*\xe2\x94\x82[ \t]?"))
}

/// The line's number and where its prefix ends: blanks, 1 to 7 digits, then a tab, or blanks
/// and one of `|` `│` `→` `:` (and one blank), or blanks alone. Read by hand: this runs on the
/// first lines of every text that starts with a digit.
fn number_of(line: &[u8]) -> Option<(u64, usize)> {
    let blank = |c: &u8| matches!(c, b' ' | b'\t');
    let mut i = line.iter().take_while(|c| blank(c)).count();
    let digits = line[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || digits > 7 {
        return None;
    }
    let n = std::str::from_utf8(&line[i..i + digits]).ok()?.parse().ok()?;
    i += digits;
    if line.get(i) == Some(&b'\t') {
        return Some((n, i + 1));
    }
    let blanks = line[i..].iter().take_while(|c| blank(c)).count();
    let j = i + blanks;
    let sep = [&b"|"[..], b":", "\u{2502}".as_bytes(), "\u{2192}".as_bytes()].into_iter().find(|s| line[j..].starts_with(s));
    match sep {
        Some(s) => {
            let k = j + s.len();
            Some((n, k + usize::from(line.get(k).is_some_and(blank))))
        }
        None if blanks > 0 => Some((n, j)),
        None => None,
    }
}

/// A style when two consecutive of the first lines carry consecutive numbers (or the only line
/// is numbered, with a separator no prose uses), or when two start with `path:N:`. A byte check
/// first, so a text whose first lines start with neither a digit nor `path:N` costs no regex.
fn line_prefix_style(text: &str, logs: bool) -> Option<PrefixStyle> {
    let b = &text.as_bytes()[..text.len().min(PREFIX_PROBE_BYTES)];
    memchr::memchr(b'\n', b)?;
    let first_digit = |l: &[u8]| l.iter().find(|c| !matches!(c, b' ' | b'\t')).is_some_and(u8::is_ascii_digit);
    let grep_like = |l: &[u8]| memchr::memchr(b':', l).is_some_and(|p| l.get(p + 1).is_some_and(u8::is_ascii_digit));
    // Most texts start with neither: decide that without collecting the lines.
    let mut probe = b.split(|&c| c == b'\n').take(PREFIX_PROBE_LINES);
    if !logs && !probe.any(|l| first_digit(l) || grep_like(&l[..l.len().min(512)])) {
        return None;
    }
    let lines: Vec<&[u8]> = b.split(|&c| c == b'\n').take(PREFIX_PROBE_LINES).collect();
    if lines.iter().any(|l| first_digit(l)) {
        let numbers: Vec<Option<(u64, usize)>> = lines.iter().map(|l| if first_digit(l) { number_of(l) } else { None }).collect();
        if numbers.windows(2).any(|w| matches!((w[0], w[1]), (Some((a, _)), Some((b, _))) if b == a + 1)) {
            return Some(PrefixStyle::Numbered);
        }
        let nonempty: Vec<usize> = (0..lines.len()).filter(|&i| !lines[i].is_empty()).collect();
        if let [only] = nonempty[..]
            && let Some((_, end)) = numbers[only]
        {
            let prefix = &lines[only][..end];
            // A tab, `|`, or the last byte of `│` / `→`.
            if end < lines[only].len() && prefix.iter().any(|c| matches!(c, b'\t' | b'|' | 0x82 | 0x92)) {
                return Some(PrefixStyle::Numbered);
            }
        }
    }
    if lines.iter().filter(|l| grep_like(l) && grep_re().is_match(l)).count() >= 2 {
        return Some(PrefixStyle::Grep);
    }
    let log_like = |l: &[u8]| l.len() > 20 && log_re().is_match(l);
    (logs && lines.iter().filter(|l| log_like(l)).count() >= 2).then_some(PrefixStyle::Log)
}

fn is_token(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'=' | b'_' | b'-' | b'.' | b'%' | b'~')
}

/// The shortest line a terminal wrap is looked for in, and the shortest run of token characters
/// that must reach its end.
const WRAP_MIN_WIDTH: usize = 40;
pub const WRAP_MIN_RUN: usize = 8;

/// How far past a keyword its line's end is looked for (a terminal line is shorter).
const WRAP_REACH: usize = 512;

/// Whether the token holding `b[start..end]` (a keyword hit) may be cut by a terminal wrap: it
/// runs without a blank to the end of a line at least `WRAP_MIN_WIDTH` long, that line ends in
/// a letter or digit, and the next line starts with a token character.
pub fn wrap_at(b: &[u8], start: usize, end: usize) -> bool {
    let stop = (end + WRAP_REACH).min(b.len());
    // The token must run to the line's end: the first blank after the keyword is its newline.
    let Some(nl) = b[end..stop].iter().position(|c| c.is_ascii_whitespace()).map(|p| end + p) else { return false };
    let nl = if b[nl] == b'\r' && b.get(nl + 1) == Some(&b'\n') { nl + 1 } else { nl };
    let content_end = if b[nl - 1] == b'\r' { nl - 1 } else { nl };
    if b[nl] != b'\n' || content_end <= end || !b[content_end - 1].is_ascii_alphanumeric() {
        return false;
    }
    let line_start = memchr::memrchr(b'\n', &b[start.saturating_sub(WRAP_REACH)..start])
        .map_or(start.saturating_sub(WRAP_REACH), |p| start.saturating_sub(WRAP_REACH) + p + 1);
    content_end - line_start >= WRAP_MIN_WIDTH && b.get(nl + 1).is_some_and(|&c| is_token(c))
}

/// Whether a line ending within `range` of `b` may be a wrapped token: at least `WRAP_MIN_WIDTH`
/// long, ending in a run of token characters, and followed by a line that starts with one.
pub fn wrap_candidate(b: &[u8], range: std::ops::Range<usize>) -> bool {
    let mut at = range.start;
    let stop = range.end.min(b.len());
    while let Some(nl) = memchr::memchr(b'\n', &b[at.min(stop)..stop]) {
        let end = at + nl;
        let line_start = memchr::memrchr(b'\n', &b[..end]).map_or(0, |p| p + 1);
        let content_end = if end > line_start && b[end - 1] == b'\r' { end - 1 } else { end };
        let run = b[line_start..content_end].iter().rev().take_while(|&&c| is_token(c)).count();
        if content_end - line_start >= WRAP_MIN_WIDTH && run >= WRAP_MIN_RUN && b.get(end + 1).is_some_and(|&c| is_token(c)) {
            return true;
        }
        at = end + 1;
    }
    false
}

/// A line: (start, content start after its prefix, content end before `\r`, end before `\n`).
type Line = (usize, usize, usize, usize);

/// Line prefixes, markdown tables and terminal wraps.
fn line_layer(text: &str, style: Option<PrefixStyle>) -> Option<(String, Layer)> {
    let b = text.as_bytes();
    let mut out = Builder::new(text);
    let mut lines: Vec<Line> = Vec::new();
    let mut expected: Option<u64> = None;
    // Where each panel row's padding and right border are: (start, end).
    let mut panel_ends: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    for raw in b.split(|&c| c == b'\n') {
        let end = start + raw.len();
        let content_end = if raw.last() == Some(&b'\r') { end - 1 } else { end };
        let mut content = start;
        match style {
            Some(PrefixStyle::Numbered) => {
                if let Some((n, len)) = number_of(raw).filter(|(n, _)| expected.is_none_or(|e| *n == e)) {
                    content = start + len;
                    expected = Some(n + 1);
                } else if let Some(m) = gutter_re().find(raw) {
                    content = start + m.end();
                }
            }
            Some(PrefixStyle::Grep) => {
                if let Some(m) = grep_line_re().find(raw) {
                    content = start + m.end();
                }
            }
            Some(PrefixStyle::Log) => {
                if let Some(m) = log_re().find(raw) {
                    content = start + m.end();
                }
            }
            None => {}
        }
        // A rich panel's row (`│ text … │`): its borders and padding are no part of the text, and
        // its top and bottom edges (`╭─ title ─╮`) none of its width.
        let mut content_end = content_end;
        if let Some((cs, ce)) = panel_row(&b[content..content_end]) {
            panel_ends.push((content + ce, content_end));
            (content, content_end) = (content + cs, content + ce);
        } else if panel_edge(&b[content..content_end]) {
            content = content_end;
        }
        if content > start {
            out.delete(start, content);
        }
        lines.push((start, content.min(content_end), content_end, end));
        start = end + 1;
    }
    tables(text, &lines, &mut out);
    box_tables(text, &lines, &mut out);
    format_list(b, &lines, &mut out);
    // A terminal wrap cuts lines at the widest line's width: join a line that long, ending in a
    // token run, with a next line that starts with one (the next line's prefix goes too).
    let width = lines.iter().map(|l| text[l.1..l.2].chars().count()).max().unwrap_or(0);
    let mut joined = Vec::new();
    if width >= WRAP_MIN_WIDTH {
        for pair in lines.windows(2) {
            let (a, next) = (pair[0], pair[1]);
            let run = b[a.1..a.2].iter().rev().take_while(|&&c| is_token(c)).count();
            // A cut token ends in a letter or digit (`KEY=` at a line's end is an empty value).
            let cut = a.2 > a.1 && b[a.2 - 1].is_ascii_alphanumeric();
            if cut && run >= WRAP_MIN_RUN && continues(&b[a.1..a.2 - run], &b[a.2 - run..a.2], &b[next.1..next.2]) && text[a.1..a.2].chars().count() == width {
                out.delete(a.2, next.0);
                joined.push(a.2);
            }
        }
    }
    // A joined row's right border went with its line break.
    for (s, e) in panel_ends {
        if e > s && !joined.contains(&s) {
            out.delete(s, e);
        }
    }
    out.finish()
}

/// A property's name padded to its block's colon (see [`format_list`]); a trigger of the line layer.
pub const LIST_ROW: &str = "  : ";

/// PowerShell's `Format-List` writes each property as `Name<blanks>: value`, the colons of a
/// record aligned, and a long or multi-line value on the lines below, indented to the value's
/// column; it cuts a line at the console's width, at a blank when it can (the blank goes) and in
/// the middle of a word when it cannot. In a record (two properties or more with one colon
/// column) the indentation goes; a line as wide as the widest one is joined with the next, and
/// a line whose next word would not have fitted is joined with a blank.
fn format_list(b: &[u8], lines: &[Line], out: &mut Builder) {
    let colon = |l: &Line| -> Option<usize> {
        let line = &b[l.1..l.2];
        let c = memchr::memmem::find(line, b" : ")? + 1;
        (line.first().is_some_and(|&x| x != b' ') && !line[..c].contains(&b':')).then_some(c)
    };
    let mut i = 0;
    while i < lines.len() {
        let Some(c) = colon(&lines[i]) else {
            i += 1;
            continue;
        };
        let indent = c + 2;
        let continued = |l: &Line| l.2 - l.1 > indent && b[l.1..l.1 + indent].iter().all(|&x| x == b' ');
        let block = 1 + lines[i + 1..].iter().take_while(|l| colon(l) == Some(c) || continued(l)).count();
        let record = &lines[i..i + block];
        i += block;
        if record.iter().filter(|l| colon(l) == Some(c)).count() < 2 {
            continue;
        }
        let width = record.iter().map(|l| l.2 - l.0).max().unwrap_or(0);
        for pair in record.windows(2) {
            let (a, next) = (pair[0], pair[1]);
            if !continued(&next) {
                continue;
            }
            out.delete(next.1, next.1 + indent);
            let word = b[next.1 + indent..next.2].iter().take_while(|&&x| x != b' ').count();
            if width >= WRAP_MIN_WIDTH && a.2 - a.0 == width {
                out.delete(a.2, next.0);
            } else if a.2 - a.0 + 1 + word > width {
                out.replace(a.2, next.0, " ");
            }
        }
    }
}

/// A rich panel's vertical border.
const PANEL_BORDER: &str = "\u{2502}";

/// A panel row `│ text … │` (after any line prefix): where its text starts and ends, without the
/// blank after the left border, the padding and the right border.
fn panel_row(line: &[u8]) -> Option<(usize, usize)> {
    let border = PANEL_BORDER.as_bytes();
    let lead = line.iter().take_while(|&&c| c == b' ').count();
    let rest = &line[lead..];
    if !rest.starts_with(border) || rest.len() < 2 * border.len() || !rest.ends_with(border) {
        return None;
    }
    let s = lead + border.len() + usize::from(rest.get(border.len()) == Some(&b' '));
    let e = line.len() - border.len();
    let e = s.max(e - line[..e].iter().rev().take_while(|&&c| c == b' ').count());
    Some((s, e))
}

/// A panel's top or bottom edge: `╭─ title ─╮`, `╰──╯`.
fn panel_edge(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    ["\u{256d}", "\u{2570}"].iter().any(|c| line.starts_with(c.as_bytes())) && ["\u{256e}", "\u{256f}"].iter().any(|c| line.ends_with(c.as_bytes()))
}

/// Whether a line starting with `next` may continue the token run `run` that a terminal cut at
/// the end of the line before. Joining deletes the line break, and a finding that reads across
/// it redacts the continuation too, so a line that is text of its own must never be joined: the
/// continuation must itself look like the tail of a token.
///
/// - Its first run of token characters is followed by the line's end, a blank, or closing
///   punctuation (`"`, `'`, `,`, `;`, `)`, `]`, `}`, `\`), and is at least `WRAP_MIN_RUN` long
///   when more text follows it on the line (`Python3 is installed` is prose).
/// - It is not an assignment of its own (`region=eu`) when the run before already holds one, or
///   is a value (`before` the run ends in `:` or `=`, as in `token: …`, or in such a label and a
///   scheme word, as in `Authorization: Bearer …`): one `name=value` cut in
///   two has a single `=` (base64 padding `==` at the end is no assignment). Otherwise the cut
///   may fall inside the name (`DB_PASSW` / `ORD=…`).
/// - It does not read as a word: its characters change class (lower case, upper case, digit)
///   at least twice, or it is long (`done`, `Completed`, `README2`, `ec2-user` are words,
///   `aZ3f` is not).
///
/// The secrets rule adds the other half: a value the text already holds whole before the break
/// does not take the continuation (see `secrets::scan_from`).
fn continues(before: &[u8], run: &[u8], next: &[u8]) -> bool {
    let tail_len = next.iter().take_while(|&&c| is_token(c)).count();
    let tail = &next[..tail_len];
    if tail.is_empty() {
        return false;
    }
    match next.get(tail_len) {
        None => {}
        Some(b' ' | b'\t') if tail_len >= WRAP_MIN_RUN => {}
        Some(b'"' | b'\'' | b',' | b';' | b')' | b']' | b'}' | b'\\') => {}
        Some(_) => return false,
    }
    let assigns = |r: &[u8]| r.iter().enumerate().any(|(i, &c)| c == b'=' && r.get(i + 1).is_some_and(|&n| n != b'='));
    // A value after its label (`token: …`), or after a label and a scheme word
    // (`Authorization: Bearer …`).
    let label_ends = |b: &[u8]| matches!(b.trim_ascii_end().last(), Some(b':' | b'='));
    let head = before.trim_ascii_end();
    let word = head.iter().rev().take_while(|c| c.is_ascii_alphabetic()).count();
    let run_is_value = label_ends(head) || (word > 0 && label_ends(&head[..head.len() - word]));
    if assigns(tail) && (run.contains(&b'=') || run_is_value) {
        return false;
    }
    let class = |c: u8| {
        if c.is_ascii_lowercase() {
            1
        } else if c.is_ascii_uppercase() {
            2
        } else if c.is_ascii_digit() {
            3
        } else {
            0
        }
    };
    let changes = tail.windows(2).filter(|w| class(w[0]) != 0 && class(w[1]) != 0 && class(w[0]) != class(w[1])).count();
    changes >= 2 || tail_len >= 24
}

/// Words a two-column table's second header uses for "the value of the first column".
const VALUE_HEADERS: &[&str] =
    &["value", "values", "wert", "valeur", "valor", "valore", "waarde", "wartość", "значение", "值", "値", "값", "details", "detail"];

/// Markdown tables: a key/value table's rows read `key : value`; any other table's data cells
/// read `Header: cell`, so a detector sees the name a value stands under.
fn tables(text: &str, lines: &[Line], out: &mut Builder) {
    let b = text.as_bytes();
    let cells = |l: &Line| -> Option<Vec<(usize, usize)>> {
        let row = &b[l.1..l.2];
        let lead = row.iter().take_while(|c| c.is_ascii_whitespace()).count();
        if row.get(lead) != Some(&b'|') {
            return None;
        }
        // Separators between cells (a `|` inside backticks or escaped is content).
        let mut seps = Vec::new();
        let mut code = false;
        for (i, &c) in row.iter().enumerate().skip(lead) {
            match c {
                b'`' => code = !code,
                b'|' if !code && (i == 0 || row[i - 1] != b'\\') => seps.push(l.1 + i),
                _ => {}
            }
        }
        Some(seps.windows(2).map(|w| (w[0], w[1])).collect())
    };
    let is_rule = |cs: &[(usize, usize)]| {
        !cs.is_empty()
            && cs.iter().all(|&(s, e)| {
                let c = text[s + 1..e].trim();
                !c.is_empty() && c.bytes().all(|x| matches!(x, b'-' | b':'))
            })
    };
    let mut i = 0;
    while i + 1 < lines.len() {
        let (Some(head), Some(rule)) = (cells(&lines[i]), cells(&lines[i + 1])) else {
            i += 1;
            continue;
        };
        if !is_rule(&rule) || head.len() != rule.len() {
            i += 1;
            continue;
        }
        let names: Vec<String> = head.iter().map(|&(s, e)| text[s + 1..e].trim().trim_matches(|c| c == '*' || c == '`').to_string()).collect();
        let key_value = names.len() == 2 && VALUE_HEADERS.contains(&names[1].to_lowercase().as_str());
        let mut j = i + 2;
        while let Some(row) = lines.get(j).and_then(&cells) {
            if key_value {
                if let Some(&(sep, _)) = row.get(1) {
                    out.replace(sep, sep + 1, ":");
                }
            } else {
                for (k, &(sep, _)) in row.iter().enumerate() {
                    if let Some(name) = names.get(k).filter(|n| !n.is_empty() && n.len() <= 64) {
                        out.replace(sep, sep + 1, format!("| {name}:"));
                    }
                }
            }
            j += 1;
        }
        i = j;
    }
}

/// The lines of a box-drawn table's rule under its header (`├───┼───┤`, `╞═══╪═══╡`): box
/// drawing's horizontals and junctions, with a crossing.
fn box_rule(line: &str) -> bool {
    let t = line.trim();
    t.contains(['\u{253c}', '\u{253f}', '\u{256a}', '\u{2542}', '\u{256b}']) && t.chars().all(|c| matches!(c, '\u{2500}'..='\u{257f}' | ' '))
}

/// Box-drawn tables (nushell's, `rich`'s, DuckDB's and ClickHouse's boxes, psql's unicode
/// lines), read as markdown tables are once a row's outer borders are off (see [`panel_row`]):
/// under a header and its rule, a key/value table's rows read `key : value` and any other
/// table's cells `Header: cell`; a bordered table with no header whose rows are two cells reads
/// as a record (`key : value`). An index column (`#` over row numbers, or numbers alone, as
/// nushell writes a list) is no part of a row: `│ 3 │ token = "…" │` reads `token = "…"`.
fn box_tables(text: &str, lines: &[Line], out: &mut Builder) {
    let b = text.as_bytes();
    let sep = PANEL_BORDER.as_bytes();
    let seps = |l: &Line| -> Vec<usize> { memchr::memmem::find_iter(&b[l.1..l.2], sep).map(|p| l.1 + p).collect() };
    let cell = |l: &Line, seps: &[usize], k: usize| -> &str {
        let s = if k == 0 { l.1 } else { seps[k - 1] + sep.len() };
        text[s..seps.get(k).copied().unwrap_or(l.2)].trim()
    };
    let bordered = |l: &Line| text[l.0..l.1].trim_end().ends_with(PANEL_BORDER);
    let mut i = 0;
    while i < lines.len() {
        let head = seps(&lines[i]);
        if head.is_empty() {
            i += 1;
            continue;
        }
        let header = lines.get(i + 1).is_some_and(|l| box_rule(&text[l.1..l.2]));
        let names: Vec<&str> = if header { (0..=head.len()).map(|k| cell(&lines[i], &head, k)).collect() } else { Vec::new() };
        let first = if header { i + 2 } else { i };
        let mut rows = Vec::new();
        let mut j = first;
        while let Some(l) = lines.get(j) {
            let r = seps(l);
            if r.len() != head.len() {
                break;
            }
            rows.push((l, r));
            j += 1;
        }
        i = j.max(i + 1);
        if rows.is_empty() || (!header && !bordered(&lines[first])) {
            continue;
        }
        let numbered = rows.iter().all(|(l, r)| {
            let c = cell(l, r, 0);
            !c.is_empty() && c.bytes().all(|x| x.is_ascii_digit())
        });
        let index = numbered && names.first().is_none_or(|n| matches!(*n, "#" | ""));
        let off = usize::from(index);
        let width = head.len() + 1 - off;
        let key_value = if header { width == 2 && VALUE_HEADERS.contains(&names[off + 1].to_lowercase().as_str()) } else { width == 2 && !index };
        for (l, r) in &rows {
            if key_value {
                if index {
                    out.delete(l.1, r[0] + sep.len());
                }
                out.replace(r[off], r[off] + sep.len(), ":");
            } else if header {
                if index {
                    out.delete(l.1, r[0]);
                }
                for k in off.max(1)..=r.len() {
                    if let Some(name) = names.get(k).filter(|n| !n.is_empty() && n.len() <= 64) {
                        out.replace(r[k - 1], r[k - 1] + sep.len(), format!("| {name}:"));
                    }
                }
            } else if index {
                out.delete(l.1, r[0] + sep.len());
            }
        }
    }
}

/// Shortest run of hex digits read as the hex of a text (ten bytes: `--token x1` is ten).
const HEX_MIN_RUN: usize = 20;

/// Every run of hex digits that is the hex of a text. The Linux audit log writes an argument, a
/// command or a process title holding a blank, a quote or a control character as the hex of its
/// bytes (`a2=636174…`, `cmd=…`, `proctitle=2F62696E2F736800…`, NULs parting the words of argv;
/// `ausearch -i` would show them decoded). A run is read when it stands alone (no letter or digit
/// on either side), is even, of one case, holds a hex letter, and its bytes are printable text
/// with a letter (NUL read as a blank): the hex of a random id or a digest is not (ten random
/// bytes are all printable about once in 20,000). Probed like [`base64_texts`]: every
/// [`HEX_MIN_RUN`]th byte, so prose costs a look per 20 bytes; `spend` is charged every byte
/// decoded (`false`: stop).
pub fn hex_texts(text: &str, mut spend: impl FnMut(usize) -> bool) -> Vec<Base64Text> {
    let b = text.as_bytes();
    let class = |c: u8| HEX_CLASS[c as usize];
    let mut out = Vec::new();
    let mut p = HEX_MIN_RUN - 1;
    let mut floor = 0;
    while p < b.len() {
        if class(b[p]) == 0 {
            p += HEX_MIN_RUN;
            continue;
        }
        // One walk each way finds the run and the kinds of digit in it.
        let mut seen = class(b[p]);
        let mut e = p + 1;
        while let Some(c) = b.get(e).map(|&c| class(c)).filter(|&c| c != 0) {
            seen |= c;
            e += 1;
        }
        let mut s = p;
        while s > floor && class(b[s - 1]) != 0 {
            seen |= class(b[s - 1]);
            s -= 1;
        }
        floor = e;
        p = e + HEX_MIN_RUN;
        let run = &b[s..e];
        let alone = (s == 0 || !b[s - 1].is_ascii_alphanumeric()) && b.get(e).is_none_or(|c| !c.is_ascii_alphanumeric());
        let (upper, lower) = (seen & UPPER_HEX != 0, seen & LOWER_HEX != 0);
        if run.len() < HEX_MIN_RUN || run.len() % 2 == 1 || !alone || upper == lower {
            continue;
        }
        if !spend(run.len()) {
            return out;
        }
        let codec = if upper { &data_encoding::HEXUPPER } else { &data_encoding::HEXLOWER };
        if !may_be_text(&run[..run.len().min(2 * HEX_PROBE)]) {
            continue;
        }
        let Some(decoded) = codec.decode(run).ok().and_then(|bytes| String::from_utf8(bytes).ok()) else { continue };
        if decoded.chars().any(not_text) || !decoded.chars().any(char::is_alphabetic) {
            continue;
        }
        out.push(Base64Text { text: decoded.replace('\0', " "), pieces: vec![(s, e)] });
    }
    out
}

/// A character a decoded run must not hold to be read as text (a NUL parts argv's words).
fn not_text(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\0')
}

/// Bytes of a hex run decoded first, to throw out the hex of random bytes (a digest, an id)
/// before the whole run is decoded: 16 random bytes are UTF-8 text about once in 10^6.
const HEX_PROBE: usize = 16;

/// Whether the start of a hex run (`hex`: hex digits, at most `2 * HEX_PROBE`) decodes to what can
/// start a text: valid UTF-8 up to a character the probe may have cut, and no [`not_text`]
/// character. Exactly the whole run's test on its start, so no run it rejects would pass.
fn may_be_text(hex: &[u8]) -> bool {
    // The digits are known to be hex: `c & 0xf` is a decimal digit's value and a letter's less
    // nine (`a` and `A` end in 1), and only letters have bit 6 set.
    let nibble = |c: u8| (c & 0xf) + 9 * (c >> 6);
    let mut buf = [0u8; HEX_PROBE];
    let bytes = &mut buf[..hex.len() / 2];
    for (b, pair) in bytes.iter_mut().zip(hex.chunks_exact(2)) {
        *b = nibble(pair[0]) << 4 | nibble(pair[1]);
    }
    let valid = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) if e.error_len().is_some() => return false,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    };
    !valid.chars().any(not_text)
}

/// [`hex_texts`]' byte classes: a decimal digit, a lower-case or an upper-case hex letter (0:
/// not a hex digit). A table, so a walk over a run costs a load per byte and learns the run's
/// case on the way.
const DECIMAL: u8 = 1;
const LOWER_HEX: u8 = 2;
const UPPER_HEX: u8 = 4;
static HEX_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        t[c] = match c as u8 {
            b'0'..=b'9' => DECIMAL,
            b'a'..=b'f' => LOWER_HEX,
            b'A'..=b'F' => UPPER_HEX,
            _ => 0,
        };
        c += 1;
    }
    t
};

/// A text an encoded run stands for (base64, or hex: [`hex_texts`]): the text it decodes to, and
/// the original ranges of the run (one per line when the encoder wrapped it).
#[derive(Debug)]
pub struct Base64Text {
    pub text: String,
    pub pieces: Vec<(usize, usize)>,
}

/// Shortest run read as base64 text (24 decoded bytes: `DB_PASSWORD=hunter2024x` is 23, and a
/// value without its name is no finding anyway); the probing step, so longer is cheaper.
pub const BASE64_MIN_RUN: usize = 32;

/// Base64 characters decoded to check that a run holds text before the whole run is decoded.
const BASE64_PROBE: usize = 64;

/// Longest word a form-encoded blank (`+`) parts from a base64 run (`echo+…`, `--data+…`).
const FORM_WORD_MAX: usize = 16;

fn is_b64(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'-' | b'_')
}

/// Every run of at least [`BASE64_MIN_RUN`] base64 characters in `b` that decodes to text (a
/// whole config file, env file or cookie jar piped through `base64`, a Kubernetes secret's
/// `data`, cloud-init's `encoding: b64`, a `data:` URL, PowerShell's `-EncodedCommand` in
/// UTF-16LE), with the lines an encoder wrapped it into (`base64` at 76 columns, `openssl` at 64,
/// written with line breaks or `\n` escapes) joined back: equally long lines of base64 alone,
/// the last one shorter, padding only at the end.
///
/// Linear and mostly sublinear: runs are found by probing every [`BASE64_MIN_RUN`]th byte and
/// reading back only to the nearest byte outside the alphabet (prose or code has one within a
/// few bytes), so each byte is read at most twice; a run is decoded only when its first
/// [`BASE64_PROBE`] characters decode to text (images, archives, keys and certificates, random
/// tokens and hex digests do not), and `spend` is charged every byte decoded (`false`: stop).
pub fn base64_texts(text: &str, mut spend: impl FnMut(usize) -> bool) -> Vec<Base64Text> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut p = BASE64_MIN_RUN - 1;
    let mut floor = 0;
    while p < b.len() {
        let lo = (p + 1 - BASE64_MIN_RUN).max(floor);
        if let Some(q) = not_text_window(b, lo, p) {
            p = q + BASE64_MIN_RUN;
            continue;
        }
        if p + 1 - lo < BASE64_MIN_RUN {
            p += BASE64_MIN_RUN;
            continue;
        }
        let mut s = lo;
        while s > floor && is_b64(b[s - 1]) {
            s -= 1;
        }
        let mut e = p + 1;
        while e < b.len() && is_b64(b[e]) {
            e += 1;
        }
        // A word glued on by a form encoder's blank (`command=echo+LS0t…`): the run after it.
        if !text_shaped(&b[s..e.min(s + BASE64_PROBE)])
            && let Some(k) = memchr::memchr(b'+', &b[s..e.min(s + FORM_WORD_MAX + 1)])
            && e - (s + k + 1) >= BASE64_MIN_RUN
            && text_shaped(&b[s + k + 1..e.min(s + k + 1 + BASE64_PROBE)])
        {
            s += k + 1;
        }
        if !text_shaped(&b[s..e.min(s + BASE64_PROBE)]) {
            floor = e;
            p = e + BASE64_MIN_RUN;
            continue;
        }
        let chain = chain_at(b, s);
        let end = chain.last().map_or(s, |c| c.1);
        let mut spent = false;
        let mut charge = |n| {
            spent |= !spend(n);
            !spent
        };
        if let Some(found) = base64_chain(b, &chain, &mut charge) {
            out.push(found);
        }
        if spent {
            return out;
        }
        floor = end;
        p = end + BASE64_MIN_RUN;
    }
    out
}

/// Per byte, the places in a 4-character group where it can stand in the base64 of ASCII text
/// (bit k: the k-th character of a group): none for a byte outside the alphabet; the first
/// character's value has bit 5 clear, the second's bit 3, the third's bit 1 (each encoded
/// byte's top bit is clear).
const TEXT_PLACES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let v = match c as u8 {
            b'A'..=b'Z' => Some(c as u8 - b'A'),
            b'a'..=b'z' => Some(c as u8 - b'a' + 26),
            b'0'..=b'9' => Some(c as u8 - b'0' + 52),
            b'+' | b'-' => Some(62),
            b'/' | b'_' => Some(63),
            _ => None,
        };
        if let Some(v) = v {
            t[c] = 0b1000 | ((v & 0x20 == 0) as u8) | (((v & 0x08 == 0) as u8) << 1) | (((v & 0x02 == 0) as u8) << 2);
        }
        c += 1;
    }
    t
};

/// Reading back from `p` to `lo`: the first byte at which no alignment of 4-character groups
/// is left under which `b[..=p]` could be the base64 of ASCII text, or `None` (the window can
/// be). A run of such text that starts after that byte and is at least [`BASE64_MIN_RUN`] long
/// reaches past `p`, so the search goes on [`BASE64_MIN_RUN`] bytes after it. Random ids, words
/// and digests lose every alignment within a few bytes.
fn not_text_window(b: &[u8], lo: usize, p: usize) -> Option<usize> {
    // Bit k of `alive`: `p` is the k-th character of its group; `i`, `d` bytes before it, is
    // then character (k - d) mod 4 of its group (`TEXT_PLACES` turned by d).
    let mut alive = 0b1111u8;
    let mut i = p;
    let mut d = 0;
    loop {
        alive &= TURNED[d][b[i] as usize];
        if alive == 0 {
            return Some(i);
        }
        if i == lo {
            return None;
        }
        i -= 1;
        d = (d + 1) & 3;
    }
}

/// [`TEXT_PLACES`] turned by 0 to 3 places (bit j to bit j + d, mod 4).
const TURNED: [[u8; 256]; 4] = {
    let mut t = [[0u8; 256]; 4];
    let mut d = 0;
    while d < 4 {
        let mut c = 0;
        while c < 256 {
            let places = TEXT_PLACES[c];
            t[d][c] = ((places << d) | (places >> ((4 - d) % 4))) & 0b1111;
            c += 1;
        }
        d += 1;
    }
    t
};

/// Whether base64 characters can encode text, read off the characters alone (most runs in
/// ordinary text are ids, digests and tokens, and this rejects them without decoding): not hex
/// digits alone (digests, UUIDs), and most 4-character groups encode three ASCII bytes (each
/// byte's top bit clear: bit 5 of the first character's value, bit 3 of the second's, bit 1 of
/// the third's). One group in eight of random characters does.
fn text_shaped(chars: &[u8]) -> bool {
    if chars.iter().all(|c| c.is_ascii_hexdigit() || *c == b'-') {
        return false;
    }
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' | b'-' => 62,
        _ => 63,
    };
    let groups = chars.len() / 4;
    let ascii = chars.chunks_exact(4).filter(|g| value(g[0]) & 0x20 == 0 && value(g[1]) & 0x08 == 0 && value(g[2]) & 0x02 == 0).count();
    groups > 0 && 4 * ascii >= 3 * groups
}

/// The lines of a wrapped base64 run starting at `s`: the run, then each next line's run while
/// the line before was a whole line as long as the first and ended without padding.
fn chain_at(b: &[u8], s: usize) -> Vec<(usize, usize)> {
    let run_end = |from: usize| {
        let mut e = from;
        while e < b.len() && is_b64(b[e]) {
            e += 1;
        }
        e
    };
    let mut chain = vec![(s, run_end(s))];
    let width = chain[0].1 - s;
    loop {
        let (_, e) = chain[chain.len() - 1];
        let rest = &b[e..];
        let sep = [&b"\r\n"[..], b"\n", b"\\r\\n", b"\\n"].iter().find(|sep| rest.starts_with(sep)).map(|sep| sep.len());
        let Some(sep) = sep else { break };
        let mut next = e + sep;
        while b.get(next).is_some_and(|&c| c == b' ' || c == b'\t') {
            next += 1;
        }
        let next_end = run_end(next);
        // The line is base64 alone: it ends there, or with padding and its end.
        let mut line_end = next_end;
        while b.get(line_end) == Some(&b'=') {
            line_end += 1;
        }
        let ends_line = line_end == b.len() || [&b"\r\n"[..], b"\n", b"\\n", b"\""].iter().any(|sep| b[line_end..].starts_with(sep));
        if next_end == next || next_end - next > width || !ends_line {
            break;
        }
        chain.push((next, next_end));
        if next_end - next < width {
            break;
        }
    }
    chain
}

/// The text a chain of base64 lines decodes to, or `None`; with a last line that spoils the
/// text (a word on the line after a run), the chain without it.
fn base64_chain(b: &[u8], chain: &[(usize, usize)], spend: &mut impl FnMut(usize) -> bool) -> Option<Base64Text> {
    let decode = |chain: &[(usize, usize)], spend: &mut dyn FnMut(usize) -> bool| -> Option<Base64Text> {
        let mut chars: Vec<u8> = Vec::new();
        for &(s, e) in chain {
            if chars.len() < BASE64_PROBE {
                chars.extend_from_slice(&b[s..e.min(s + BASE64_PROBE)]);
            }
        }
        let probe = chars.len().min(BASE64_PROBE) / 4 * 4;
        decode_text(&chars[..probe], true)?;
        let total: usize = chain.iter().map(|&(s, e)| e - s).sum();
        if !spend(total) {
            return None;
        }
        chars.clear();
        for &(s, e) in chain {
            chars.extend_from_slice(&b[s..e]);
        }
        let text = decode_text(&chars, false)?;
        let last = chain[chain.len() - 1];
        let mut pad = last.1;
        while pad < b.len() && pad < last.1 + 2 && b[pad] == b'=' {
            pad += 1;
        }
        let mut pieces = chain.to_vec();
        pieces.last_mut().expect("a chain has a line").1 = pad;
        Some(Base64Text { text, pieces })
    };
    decode(chain, spend).or_else(|| (chain.len() > 1).then(|| decode(&chain[..chain.len() - 1], spend)).flatten())
}

/// `chars` (base64 or base64url, no padding needed) decoded, when the bytes are text: UTF-8 (or
/// UTF-16LE, as PowerShell encodes a command) with no control character but tab and line
/// breaks. `prefix`: `chars` is the start of a longer run (a character cut at its end is text).
fn decode_text(chars: &[u8], prefix: bool) -> Option<String> {
    use base64::Engine as _;
    use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
    const CONFIG: GeneralPurposeConfig =
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::RequireNone).with_decode_allow_trailing_bits(true);
    const STANDARD: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::STANDARD, CONFIG);
    const URL_SAFE: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::URL_SAFE, CONFIG);
    let standard = chars.iter().any(|&c| c == b'+' || c == b'/');
    let url = chars.iter().any(|&c| c == b'-' || c == b'_');
    let bytes = match (standard, url) {
        (true, true) => return None,
        (_, false) => STANDARD.decode(chars).ok()?,
        (false, true) => URL_SAFE.decode(chars).ok()?,
    };
    let texty = |c: char| !c.is_control() || matches!(c, '\t' | '\n' | '\r');
    if bytes.len() >= 4 && bytes[1] == 0 && bytes[3] == 0 {
        let units = bytes.chunks_exact(2).map(|u| u16::from_le_bytes([u[0], u[1]]));
        let text: String = char::decode_utf16(units).collect::<Result<_, _>>().ok()?;
        return text.chars().all(texty).then_some(text);
    }
    let valid = match std::str::from_utf8(&bytes) {
        Ok(_) => bytes.len(),
        Err(e) if prefix && e.error_len().is_none() => e.valid_up_to(),
        Err(_) => return None,
    };
    let text = std::str::from_utf8(&bytes[..valid]).expect("checked");
    // Config files, env files and cookie jars are mostly ASCII; a digest decoded by chance is not.
    let ascii = text.bytes().filter(u8::is_ascii).count();
    (4 * ascii >= 3 * text.len() && text.chars().all(texty)).then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn decoded(text: &str) -> String {
        view(text).map_or_else(|| text.to_string(), |v| v.text().to_string())
    }

    /// The original text of a decoded span, pieces joined.
    fn back(text: &str, v: &View, s: usize, e: usize) -> String {
        v.original_pieces(s, e).iter().map(|&(a, b)| &text[a..b]).collect()
    }

    #[test]
    fn plain_text_has_no_view() {
        for t in ["password=Hunter2024x", "a | b", "just prose, with a comma", "x = y ** 2", "50% done", "200 OK\n404 Not Found"] {
            assert!(view(t).is_none(), "{t:?}");
        }
    }

    #[test]
    fn ansi_escapes_go_and_spans_map_around_them() {
        let t = "\x1b[1;34mpassword\x1b[0m\x1b[37m=\x1b[0m\x1b[32mHunter2024x\x1b[0m done";
        let v = view(t).unwrap();
        assert_eq!(v.text(), "password=Hunter2024x done");
        let s = v.text().find("Hunter").unwrap();
        let o = t.find("Hunter").unwrap();
        assert_eq!(v.original_pieces(s, s + 11), vec![(o, o + 11)]);
        assert_eq!(decoded(r"\u001b[32mghp_abc\u001b[0m"), "ghp_abc");
        assert_eq!(decoded("\x1b[01;31m\x1b[Ktoken\x1b[m\x1b[K: x"), "token: x");
        assert_eq!(decoded("\x1b]8;;https://x\x07link\x1b]8;;\x07"), "link");
    }

    #[test]
    fn cron_env_headers_read_as_assignments() {
        let mail = "Subject: Cron <app@host> ./sync.sh\nX-Cron-Env: <API_TOKEN=REPLACE_ME>\nX-Cron-Env: <SECRET=<your-secret>>\r\nX-Cron-Env: <SHELL=/bin/sh>\n\nbody <a=b>\n";
        let v = view(mail).unwrap();
        assert_eq!(
            v.text(),
            "Subject: Cron <app@host> ./sync.sh\nX-Cron-Env: API_TOKEN=REPLACE_ME\nX-Cron-Env: SECRET=<your-secret>\r\nX-Cron-Env: SHELL=/bin/sh\n\nbody <a=b>\n"
        );
        let s = v.text().find("REPLACE").unwrap();
        assert_eq!(back(mail, &v, s, s + 10), "REPLACE_ME");
        // Not a header line, or not closed on its line: left as it is.
        assert!(view("echo 'X-Cron-Env: <A=b>'\nX-Cron-Env: <B=c").is_none_or(|v| !v.text().contains("A=b'") && v.text().contains("<B=c")));
    }

    #[test]
    fn office_runs_read_as_their_paragraphs_text() {
        // A value the spell checker marked has a run of its own; its pieces map back whole.
        let r = |t: &str, err: bool| format!("<a:r><a:rPr lang=\"en-US\" sz=\"1200\"{}/><a:t>{t}</a:t></a:r>", if err { " err=\"1\"" } else { "" });
        let slide = format!(
            "<p:txBody><a:p>{}{}{}</a:p><a:p>{}</a:p></p:txBody>",
            r("ROCK_REST_KEY=\"", false),
            r("8D66kOeQnmY8gAynsl8kV4k1", true),
            r("\"", false),
            r("next line", false)
        );
        let v = view(&slide).unwrap();
        assert!(v.text().contains("\nROCK_REST_KEY=\"8D66kOeQnmY8gAynsl8kV4k1\"\nnext line\n"), "{:?}", v.text());
        let s = v.text().find("8D66").unwrap();
        assert_eq!(back(&slide, &v, s, s + 24), "8D66kOeQnmY8gAynsl8kV4k1");
        // Word's runs, one paragraph pretty-printed; text between runs keeps them apart.
        let doc = "<w:p>\n  <w:r><w:t xml:space=\"preserve\">token: </w:t></w:r>\n  <w:r><w:t>abc</w:t></w:r>\n</w:p>";
        assert!(decoded(doc).contains("\ntoken: abc\n"), "{:?}", decoded(doc));
        assert!(decoded("<a:t>a</a:t> plain <a:t>b</a:t>").contains("a\n plain \nb"));
    }

    #[test]
    fn line_numbers_are_stripped_when_they_count() {
        assert_eq!(decoded("     1\tmachine a\n     2\tpassword b"), "machine a\npassword b");
        assert_eq!(decoded("  12|key=1\n  13|secret=2"), "key=1\nsecret=2");
        assert_eq!(decoded("    41\u{2192}a\n    42\u{2192}b"), "a\nb");
        assert_eq!(decoded("     7\tonly line\n"), "only line\n");
        assert_eq!(decoded("app.conf:3:requirepass x\napp.conf:4:port 1"), "requirepass x\nport 1");
        // Log prefixes only go around a multi-line block.
        assert!(view("2026-05-04T09:01:13.983Z INFO  [deploy] a\n2026-05-04 09:01:14,001 ERROR b").is_none());
        let log = "2026-05-04T09:01:13.983Z INFO  [deploy] -----BEGIN PGP PRIVATE KEY BLOCK-----\n2026-05-04 09:01:14,001 INFO x";
        assert_eq!(decoded(log), "-----BEGIN PGP PRIVATE KEY BLOCK-----\nx");
        // Numbers that do not count up are data; so are dates.
        assert!(view("12:30:01 start\n12:30:02 stop").is_none());
        assert!(view("2026-05-04 10:00 a\n2026-05-05 10:00 b").is_none());
    }

    #[test]
    fn word_diffs_read_as_the_text_after_the_change() {
        let hunk = "@@ -1,3 +1,3 @@\n";
        assert_eq!(decoded(&format!("{hunk}[-TOKEN=changeme-]{{+TOKEN=bb630a54+}}\n x=1")), format!("{hunk}TOKEN=bb630a54\n x=1"));
        let color = format!("{hunk}Bearer \x1b[31mxxxx\"\x1b[m\x1b[32mrnd_Xv9\"\x1b[m end");
        assert_eq!(decoded(&color), format!("{hunk}Bearer rnd_Xv9\" end"));
        // Without a hunk header, brackets are text (`a[-1]`), and a red word alone stays.
        assert_eq!(decoded("x = a[-1] + b[i-]"), "x = a[-1] + b[i-]");
        assert_eq!(decoded(&format!("{hunk}\x1b[31mold\x1b[m new")), format!("{hunk}old new"));
    }

    #[test]
    fn tex_tables_and_jira_tables_read_as_name_and_value() {
        let tex = "\\begin{tabular}{ll}\nVariable & Value \\\\\n\\texttt{API\\_TOKEN} & \\texttt{a\\_b\\#c\\textasciitilde{}d} \\\\\n\\end{tabular}";
        assert_eq!(decoded(tex), "\\begin{tabular}{ll}\nVariable = Value\nAPI_TOKEN = a_b#c~d\n\\end{tabular}");
        // A value ending in a tilde: the cell still closes at its own brace.
        let tilde_last = "\\begin{tabular}{ll}\n\\texttt{PASS} & \\texttt{x9\\textasciitilde{}} \\\\\n\\end{tabular}";
        assert_eq!(decoded(tilde_last), "\\begin{tabular}{ll}\nPASS = x9~\n\\end{tabular}");
        let jira = "h3. Env\n||Variable||Value||\n|API_TOKEN|{{a1b2c3d4}}|\n|REGION|ams|\n\ndone";
        assert_eq!(decoded(jira), "h3. Env\n||Variable||Value||\n|API_TOKEN: a1b2c3d4 |\n|REGION: ams|\n\ndone");
    }

    #[test]
    fn curl_trace_rows_are_joined_back_into_their_lines() {
        // A line cut by the 64-byte rows is joined; a row that follows a line break keeps it.
        let body = format!("0000: {}\n0040: tail-of-line\n004e: next line\n", "a".repeat(63) + "b");
        assert_eq!(
            decoded(&format!("=> Send data, 94 bytes (0x5e)\n{body}")),
            format!("=> Send data, 94 bytes (0x5e)\n{}tail-of-line\nnext line\n", "a".repeat(63) + "b")
        );
        // A new block starts again at 0000.
        assert_eq!(
            decoded("=> Send header\n0000: POST / HTTP/2\n=> Send data\n0000: {\"k\": 1}\n"),
            "=> Send header\nPOST / HTTP/2\n=> Send data\n{\"k\": 1}\n"
        );
        // Offsets that do not follow are data.
        assert!(view("0000: a\n0100: b\n").is_none_or(|v| v.text().contains("0100: b")));
    }

    #[test]
    fn files_written_one_quoted_word_a_line_read_as_the_file() {
        let printf = "@reboot printf '\\%s\\n' 'listen stats' '    bind :8404' '' '    stats auth admin:it'\\''s-x9' > /srv/h.cfg\n";
        assert_eq!(decoded(printf), "@reboot printf '\\%s\\n\nlisten stats\n    bind :8404\n\n    stats auth admin:it's-x9' > /srv/h.cfg\n");
        let echo = "rm -f r.yaml\necho 'route:' >> r.yaml\necho '  key: x-api-key' >> r.yaml\necho '  value: \"hV1\"' >> r.yaml\nls\n";
        assert_eq!(decoded(echo), "rm -f r.yaml\necho 'route:\n  key: x-api-key\n  value: \"hV1\"' >> r.yaml\nls\n");
        // One echo line is a line; echo to the terminal is no file.
        assert!(view("echo 'a' >> f\nls\n").is_none_or(|v| v.text() == "echo 'a' >> f\nls\n"));
        assert!(view("echo 'a'\necho 'b'\n").is_none());
    }

    #[test]
    fn streamed_deltas_read_as_one_text_and_map_to_each_event() {
        let openai = |d: &str| {
            format!("data: {{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"choices\":[{{\"index\":0,\"delta\":{{\"content\":\"{d}\"}}}}]}}\n\n")
        };
        let t: String = ["KEY=", "sk-pr", "oj-Ab3", "x9Qz"].iter().map(|d| openai(d)).collect::<String>() + "data: [DONE]\n";
        let v = view(&t).unwrap();
        let s = v.text().find("sk-pr").unwrap();
        assert!(v.text()[s..].starts_with("sk-proj-Ab3x9Qz"), "{}", v.text());
        assert_eq!(back(&t, &v, s, s + 15), "sk-proj-Ab3x9Qz");
        assert_eq!(v.original_pieces(s, s + 15).len(), 3);
        // Anthropic's events, `event:` lines between; Ollama's NDJSON.
        let anthropic: String = ["tok", "en: ", "ghp_", "Zx81"]
            .iter()
            .map(|d| format!("event: content_block_delta\ndata: {{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{{\"type\":\"text_delta\",\"text\":\"{d}\"}}}}\n\n"))
            .collect();
        assert!(decoded(&anthropic).contains("token: ghp_Zx81"));
        let ollama: String =
            ["pass", "word=", "Hq7"].iter().map(|d| format!("{{\"message\":{{\"role\":\"assistant\",\"content\":\"{d}\"}},\"done\":false}}\n")).collect();
        assert!(decoded(&ollama).contains("password=Hq7"));
        // Two events are no stream; JSON records with a `text` member each are not joined.
        assert!(!decoded(&[openai("ab"), openai("cd")].concat()).contains("abcd"));
        assert!(!decoded("{\"text\": \"one%20\"}\n{\"text\": \"two\"}\n{\"text\": \"three\"}\n").contains("onetwo"));
    }

    #[test]
    fn tables_in_json_strings_read_as_their_lines() {
        let page = "{\n  \"wikitext\": \"== DB ==\\n<pre>\\n\u{2502} name \u{2502} value \u{2502}\\n\u{251c}\u{2500}\u{253c}\u{2500}\u{2524}\\n\u{2502} smtp_pass \u{2502} Zq8x \u{2502}\\n</pre>\\n\"\n}\n";
        let v = decoded(page);
        assert!(v.contains("smtp_pass : Zq8x"), "{v}");
        let issue = "{\"body\": \"Settings:\\n\\n| Name | Value |\\n|---|---|\\n| api_token | Zq8x9 |\\n\"}";
        assert!(decoded(issue).contains("api_token : Zq8x9"), "{}", decoded(issue));
        // A JSON string without a table keeps its escapes (its detectors read them as they are).
        let plain = "{\"log\": \"a\\nb\\nc \\\"q\\\"\"}\n\u{2500}\u{253c}\u{2500}";
        assert!(decoded(plain).contains(r#"a\nb\nc \"q\""#), "{}", decoded(plain));
    }

    #[test]
    fn notebook_magic_marks_go_at_line_starts() {
        let nb =
            "# Databricks notebook source\n# MAGIC %sh\n# MAGIC cat > a.conf <<'EOF'\n# MAGIC  name | value\n# MAGIC\n# MAGIC EOF\n\n# COMMAND ----------\n";
        assert_eq!(decoded(nb), "# Databricks notebook source\n%sh\ncat > a.conf <<'EOF'\n name | value\n\nEOF\n\n# COMMAND ----------\n");
        assert_eq!(decoded("// MAGIC %md\n// MAGIC x\n-- MAGIC SELECT 1\n"), "%md\nx\nSELECT 1\n");
        // Not a mark: inside a line, or glued to the next word.
        let t = "say # MAGIC words\n# MAGICAL thinking\n**x**";
        assert!(decoded(t).contains("say # MAGIC words\n# MAGICAL thinking"), "{}", decoded(t));
        let v = view(nb).unwrap();
        let s = v.text().find("name").unwrap();
        assert_eq!(back(nb, &v, s, s + 4), "name");
    }

    #[test]
    fn context_diff_lines_lose_their_two_marks() {
        let d = "*** a.txt\t2026-12-01\n--- b.txt\t2026-12-02\n***************\n*** 1,3 ****\n  \u{2502} a \u{2502} 1 \u{2502}\n! \u{2502} pw \u{2502} x \u{2502}\n- old\n--- 1,3 ----\n  \u{2502} a \u{2502} 1 \u{2502}\n! \u{2502} pw \u{2502} y \u{2502}\n+ new\n";
        let v = decoded(d);
        assert!(
            v.contains("***************\n*** 1,3 ****\n\u{2502} a \u{2502} 1 \u{2502}\n\u{2502} pw \u{2502} x \u{2502}\nold\n--- 1,3 ----\n\u{2502} a"),
            "{v}"
        );
        assert!(v.ends_with("\u{2502} pw \u{2502} y \u{2502}\nnew\n"), "{v}");
        // Without the separator and the old half's header, lines keep their marks (a markdown
        // list after a rule of stars is no diff).
        let list = "***************\n- item one\n+ item two\n";
        assert!(!decoded(list).contains("\nitem one"), "{}", decoded(list));
        // A line that is none of a hunk's ends it.
        let after = "***************\n*** 1 ****\n! x = 1\n--- 1 ----\n! x = 2\nThe rest is unchanged.\n- kept\n";
        assert!(decoded(after).ends_with("x = 2\nThe rest is unchanged.\n- kept\n"), "{}", decoded(after));
    }

    #[test]
    fn rubydebug_messages_read_as_their_lines() {
        let event = |m: &str| {
            format!(
                "{{\n       \"message\" => \"{m}\",\n    \"@timestamp\" => 2026-12-07T11:57:31.250Z,\n          \"host\" => {{\n        \"name\" => \"app-2\"\n    }},\n         \"event\" => {{\n        \"original\" => \"{m}\"\n    }}\n}}\n"
            )
        };
        let t = format!(
            "[2026-12-07T10:49:15,216][INFO ][logstash.agent] started\n{}{}{}",
            event("+ cat users.txt"),
            event(r#"\"billing\" \"Hq7x\\z\""#),
            event(" a   | b")
        );
        let v = view(&t).unwrap();
        assert!(v.text().ends_with("started\n+ cat users.txt\n\"billing\" \"Hq7x\\z\"\n a   | b\n"), "{}", v.text());
        let s = v.text().find("Hq7x").unwrap();
        assert_eq!(back(&t, &v, s, s + 6), r"Hq7x\\z");
        // One event alone keeps its fields; its escapes are read.
        let one = event(r#"<Pass encoding=\"base64\">QnJa</Pass>"#);
        assert!(decoded(&one).contains("\"message\" => \"<Pass encoding=\"base64\">QnJa</Pass>\","), "{}", decoded(&one));
    }

    #[test]
    fn visible_control_characters_read_as_the_file() {
        // `cat -A`: `$` at each line end, `^I` for a tab.
        assert_eq!(decoded("key=1$\nsecret=^Ix$\n"), "key=1\nsecret=\tx\n");
        // `sed -n l`: a folded row ends in a lone `\`, escapes are C's.
        assert_eq!(decoded("A=1$\nTOKEN=abc\\\ndef\\tg$\n"), "A=1\nTOKEN=abcdef\tg\n");
        // One line ending in `$` is shell or a regex, not a listing.
        assert!(view("echo $\nls\n").is_none());
    }

    #[test]
    fn hex_dumps_read_as_their_bytes_and_map_to_whole_rows() {
        let xxd =
            "$ xxd .env\n00000000: 4b45 593d 6162 6364 6566 6768 696a 6b6c  KEY=abcdefghijkl\n00000010: 6d6e 0a41 3d31 0a                        mn.A=1.\n";
        let v = view(xxd).unwrap();
        assert_eq!(v.text(), "$ xxd .env\nKEY=abcdefghijklmn\nA=1\n\n");
        let s = v.text().find("abc").unwrap();
        // The value's rows go whole, hex and characters alike, the line break between them kept.
        let pieces = v.original_pieces(s, s + 14);
        let rows: Vec<&str> = pieces.iter().map(|&(a, b)| &xxd[a..b]).collect();
        assert_eq!(rows, vec![xxd.lines().nth(1).unwrap(), xxd.lines().nth(2).unwrap()]);
        let hexdump_c = "00000000  4b 45 59 3d 61 62 63 64  65 66 67 68 69 6a 00 42  |KEY=abcdefghij.B|\n00000010  3d 32                                             |=2|\n00000012\n";
        assert_eq!(decoded(hexdump_c), "KEY=abcdefghij\nB=2\n00000012\n");
        let od = "000000 4b 45 59 3d 61 62  >KEY=ab<\n000006 63 0a              >c.<\n";
        assert_eq!(decoded(od), "KEY=abc\n\n");
        // PowerShell's Format-Hex: upper case, three blanks after the offset.
        assert_eq!(decoded("00000000   4B 45 59 3D 61 62   KEY=ab\n"), "KEY=ab\n");
        // Single bytes without a characters column, rows that follow each other.
        assert_eq!(decoded("0000000 4b 45 59 3d\n0000004 61 62\n"), "KEY=ab\n");
        // A characters column that starts with hex-looking text.
        assert_eq!(decoded("00000000: 6361 6665 2062 6162 65  cafe babe\n"), "cafe babe\n");
    }

    #[test]
    fn rows_that_are_not_a_dump_stay() {
        // Hex columns whose characters disagree, offsets that do not follow, a table of ids.
        for t in ["00000000  4b 45 59 3d  |KEY=xy|\n", "0000000 4b 45\n0000009 59 3d\n", "000000 ff 00 1c\nother text\n", "1000000 rows in 000000 ms\n"] {
            assert!(view(t).is_none_or(|v| v.text() == t), "{t:?}");
        }
    }

    #[test]
    fn nul_separated_environments_and_argument_vectors() {
        assert_eq!(decoded("PATH=/bin^@TOKEN=abc^@HOME=/root^@"), "PATH=/bin\nTOKEN=abc\nHOME=/root\n");
        assert_eq!(decoded("mysql\0-u\0root\0-pHunter2\0"), "mysql -u root -pHunter2 ");
        // One `^@` is a caret and an at sign.
        assert!(view("x^@y").is_none());
    }

    #[test]
    fn format_list_values_lose_their_indentation_and_folds() {
        let w = 60;
        let value = format!("token={}", "a".repeat(54));
        let (first, rest) = value.split_at(w - 16);
        let t = format!("Name          : x.env\nLength        : 120\nContent       : {first}\n                {rest}\n                next=1\n");
        assert_eq!(t.lines().nth(2).unwrap().len(), w);
        assert_eq!(decoded(&t), format!("Name          : x.env\nLength        : 120\nContent       : {value}\nnext=1\n"));
        // A word that would not have fitted went to the next line whole: joined with a blank.
        let t = format!("Id          : 7\nCommandLine : curl -u admin\n              {}\n", "s".repeat(60));
        assert_eq!(decoded(&t), format!("Id          : 7\nCommandLine : curl -u admin {}\n", "s".repeat(60)));
        // One property is not a record.
        assert!(view("Name  : x\n        y\n").is_none());
    }

    #[test]
    fn curly_quotes_entities_and_bold() {
        assert_eq!(decoded("the password is \u{201c}Zq8!x\u{201d}"), "the password is \"Zq8!x\"");
        assert_eq!(decoded("- **Password:** `x`"), "- Password: `x`");
        assert_eq!(decoded("* token \u{2014} abc"), "* token : abc");
        assert_eq!(decoded("password=&quot;a&amp;b&quot;"), "password=\"a&b\"");
        // Rich text as Teams sends it: inline emphasis is nothing, a code block ends its lines.
        assert_eq!(decoded("<p><b>Password:</b> x</p>"), "\nPassword: x\n");
        assert_eq!(decoded("<codeblock><code>a:<br>&nbsp;&nbsp;b: c</code></codeblock>"), "\na:\n  b: c\n");
        assert_eq!(decoded("q=%7B%22api_key%22%3A%22abc%22%7D"), "q={\"api_key\":\"abc\"}");
        assert_eq!(decoded("schtasks \\/Create \\/RP x"), "schtasks /Create /RP x");
        // A form-encoded query's `+` is a blank; a `+` outside a query, or in a query no encoder
        // wrote (no percent escape), stays.
        assert_eq!(decoded("\"requestURI\":\"/exec?command=curl+-u+u%3Ap+https%3A%2F%2Fh\""), "\"requestURI\":\"/exec?command=curl -u u:p https://h\"");
        assert_eq!(decoded("a+b %2F /x?q=c+d"), "a+b / /x?q=c+d");
        assert_eq!(decoded("GET /s?q=a+b%2Fc HTTP/1.1 c++ 1+1%3A2"), "GET /s?q=a b/c HTTP/1.1 c++ 1+1:2");
        // Masks and arithmetic keep their stars.
        assert!(view("API_KEY=***").is_none());
        assert_eq!(decoded("x = a ** b and **bold**"), "x = a ** b and bold");
    }

    #[test]
    fn properties_files_read_as_their_values() {
        let stored = "#Saved\napp.host=web01\napp.command=PWD\\='Ab1\\!x' run --env\\=prod\\nnext\napp.name=Configuraci\\u00F3n\n";
        assert_eq!(decoded(stored), "#Saved\napp.host=web01\napp.command=PWD='Ab1!x' run --env=prod\nnext\napp.name=Configuraci\u{f3}n\n");
        let v = view(stored).expect("a view");
        let at = v.text().find("Ab1!x").expect("decoded value");
        assert_eq!(back(stored, &v, at, at + 5), "Ab1\\!x");
        // A continuation joins the next line without its indentation.
        let by_hand = "sync.host=web01\nsync.command=curl -H \"Authorization: Bearer \\\n    abc123\" \\\n    https://x\n";
        assert_eq!(decoded(by_hand), "sync.host=web01\nsync.command=curl -H \"Authorization: Bearer abc123\" https://x\n");
        // A shell script's continuation, a single property line, a `.env` without a dotted key:
        // not a properties file.
        for t in ["curl -s \\\n  -H x \\\n  https://h\n", "a.b=c\\=d\n", "A=1\\=\nB=2\n", "C:\\Users\\me\\x.txt"] {
            assert!(!properties_file(t.as_bytes()), "{t:?}");
        }
    }

    #[test]
    fn block_tags_end_lines_and_literals_read_as_text() {
        assert_eq!(decoded("<pre>machine db login a password x</pre>"), "\nmachine db login a password x\n");
        assert_eq!(decoded("<p>key: <code>abc</code></p>"), "\nkey: abc\n");
        assert_eq!(decoded("{'auth': 'abc', 'n': 'it\\'s'}"), "{\"auth\": \"abc\", \"n\": \"it's\"}");
        assert_eq!(decoded("b'[client]\\npassword=x\\n'"), "b\"[client]\npassword=x\n\"");
        assert_eq!(decoded("[\n  'a=1',\n  'b=2'\n]"), "[\n  \"a=1\",\n  \"b=2\"\n]");
        // Prose with an apostrophe is no literal.
        assert!(view("don't stop (it's fine)").is_none());
        // A compose log's service prefix goes around a multi-line block.
        let log = "web-1  | -----BEGIN PGP PRIVATE KEY BLOCK-----\nweb-1  | abc\nweb-1  | -----END PGP PRIVATE KEY BLOCK-----";
        assert_eq!(decoded(log), "-----BEGIN PGP PRIVATE KEY BLOCK-----\nabc\n-----END PGP PRIVATE KEY BLOCK-----");
    }

    #[test]
    fn tables_name_their_cells() {
        let t = "| Setting | Value |\n|---|---|\n| host | db |\n| password | `Zq8!x` |\n";
        assert_eq!(decoded(t), "| Setting | Value |\n|---|---|\n| host : db |\n| password : `Zq8!x` |\n");
        let t = "| Service | User | Password |\n|:--|:--|:--|\n| db | admin | Zq8!x |";
        assert_eq!(decoded(t), "| Service | User | Password |\n|:--|:--|:--|\n| Service: db | User: admin | Password: Zq8!x |");
    }

    #[test]
    fn box_tables_read_like_markdown_tables() {
        let t = "\u{256d}\u{2500}\u{252c}\u{2500}\u{256e}\n\u{2502} # \u{2502} name \u{2502} value \u{2502}\n\u{251c}\u{2500}\u{253c}\u{2500}\u{2524}\n\u{2502} 0 \u{2502} HOST \u{2502} db \u{2502}\n\u{2502} 1 \u{2502} API_KEY \u{2502} Zq8x \u{2502}\n\u{2570}\u{2500}\u{2534}\u{2500}\u{256f}";
        assert_eq!(decoded(t), "\n# \u{2502} name \u{2502} value\n\u{251c}\u{2500}\u{253c}\u{2500}\u{2524}\n HOST : db\n API_KEY : Zq8x\n");
        // A list's index column goes; other tables name their cells.
        let t = "\u{2502} 0 \u{2502} import os \u{2502}\n\u{2502} 1 \u{2502} KEY = \"Zq8x\" \u{2502}";
        assert_eq!(decoded(t), " import os\n KEY = \"Zq8x\"");
        let t = "user \u{2502} password\n\u{2500}\u{2500}\u{253c}\u{2500}\u{2500}\nann  \u{2502} Zq8x";
        assert_eq!(decoded(t), "user \u{2502} password\n\u{2500}\u{2500}\u{253c}\u{2500}\u{2500}\nann  | password: Zq8x");
        // A panel of prose with a bar in it is no record.
        let t = "Use a | b \u{2502} c";
        assert_eq!(view(t).map(|v| v.text().to_string()), None);
    }

    #[test]
    fn wrapped_tokens_are_joined_and_map_to_both_lines() {
        let token = "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";
        let line = format!("export GITHUB_TOKEN={token}");
        let t = format!("{}\n{}\ndone", &line[..40], &line[40..]);
        let v = view(&t).expect("a wrap");
        assert_eq!(v.text(), format!("{line}\ndone"));
        let s = v.text().find("ghp_").unwrap();
        assert_eq!(back(&t, &v, s, s + token.len()), token);
        assert_eq!(v.original_pieces(s, s + token.len()).len(), 2);
    }

    #[test]
    fn rich_panels_lose_their_borders_and_folded_values_join() {
        let token = "xai-LgX9SNJqyP69R9Xw2d3aBVRLBWcJcqIeypLavIHsBuDAdUjT50jABrhoURZFQkJGKCPfrYx0Ub1UmfQF";
        let line = format!("XAI_API_KEY={token}");
        let (a, z) = line.split_at(60);
        let t = format!(
            "\u{256d}{bar} out {bar}\u{256e}\n\u{2502} model: grok{pad} \u{2502}\n\u{2502} {a} \u{2502}\n\u{2502} {z}{pad2} \u{2502}\n\u{2570}{edge}\u{256f}",
            bar = "\u{2500}".repeat(19),
            pad = " ".repeat(60 - 11),
            pad2 = " ".repeat(60 - z.len()),
            edge = "\u{2500}".repeat(46),
        );
        let v = view(&t).expect("a panel");
        assert_eq!(v.text(), format!("\nmodel: grok\n{line}\n"));
        let s = v.text().find("xai-").unwrap();
        assert_eq!(back(&t, &v, s, s + token.len()), token);
        // A row that is not full width is not joined with the next.
        let t = "\u{2502} password:       \u{2502}\n\u{2502} Zq8pw77xWmLq   \u{2502}";
        assert_eq!(decoded(t), "password:\nZq8pw77xWmLq");
    }

    #[test]
    fn readline_wraps_in_a_recorded_terminal_are_undone() {
        let t = "\x1b[01;32mops@web01\x1b[00m$ curl -H 'author \rization: Bearer x' https://x\r\n";
        assert_eq!(decoded(t), "ops@web01$ curl -H 'authorization: Bearer x' https://x\r\n");
        // Not without escapes (a progress line's `\r` in plain text stays), nor before a line break.
        assert!(view("50% \rdone").is_none());
        assert_eq!(decoded("\x1b[0mdone \r\n"), "done \r\n");
    }

    fn b64(bytes: &[u8]) -> String {
        use base64::Engine as _;
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    /// `encoded` wrapped at `width` columns, lines joined by `sep`, each indented by `indent`.
    fn wrapped(encoded: &str, width: usize, sep: &str, indent: &str) -> String {
        encoded.as_bytes().chunks(width).map(|c| format!("{indent}{}", std::str::from_utf8(c).unwrap())).collect::<Vec<_>>().join(sep)
    }

    fn base64_found(text: &str) -> Vec<String> {
        base64_texts(text, |_| true).into_iter().map(|t| t.text).collect()
    }

    #[test]
    fn hex_of_a_text_is_read_as_the_audit_log_writes_it() {
        let hex = |t: &str| t.bytes().map(|c| format!("{c:02X}")).collect::<String>();
        let arg = "cat > /srv/app/.env <<'EOF'\nAPI_TOKEN=Zq8dW3nT1LmV\nEOF";
        let line = format!("type=EXECVE msg=audit(1767663991.410:204206): argc=3 a0=\"/bin/sh\" a1=\"-c\" a2={}", hex(arg));
        let found = hex_texts(&line, |_| true);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text, arg);
        assert_eq!(&line[found[0].pieces[0].0..found[0].pieces[0].1], hex(arg));
        // argv's words part at NULs, read as blanks.
        let title = format!("proctitle={}", hex("/usr/bin/env\0AUTH_SECRET=x1\0./server"));
        assert_eq!(hex_texts(&title, |_| true)[0].text, "/usr/bin/env AUTH_SECRET=x1 ./server");
        // Digests, ids, mixed case, odd runs, runs inside a word, and hex of no text are not read.
        for t in [
            "commit 9c1f0e4a7b2d4c55a1f32e8d6b0a9c77aa01bb2c",
            "sha256:d4d91d5b53c0893aaf101601032ccdbc8e0d7a61d2c1f0e4a7b2d4c55a1f32e8",
            &format!("a2={}", &hex("cat /srv/app/.env")[..33]),
            &format!("x{}", hex("cat /srv/app/.env")),
            &format!("a2={}A", hex("cat /srv/app/.env")),
            "a2=0102030405060708090A0B0C0D0E0F10",
            "id=20261205101112131415161718",
        ] {
            assert!(hex_texts(t, |_| true).is_empty(), "{t:?}");
        }
        let mixed = hex("cat /srv/app/.env").replacen("2F", "2f", 1);
        assert!(hex_texts(&format!("a2={mixed}"), |_| true).is_empty());
        assert_eq!(hex_texts(&format!("a2={}", hex("cat /srv/app/.env").to_lowercase()), |_| true)[0].text, "cat /srv/app/.env");
    }

    #[test]
    fn json_arrays_of_lines_read_as_one_string_of_lines() {
        let ansible = "    \"stdout_lines\": [\n        \"priv:\",\n        \"    55:fa:33:\",\n        \"    bd:d3\"\n    ]\n}";
        let v = view(ansible).expect("a view");
        assert_eq!(v.text(), "    \"stdout_lines\": [\n        \"priv:\\n    55:fa:33:\\n    bd:d3\"\n    ]\n}");
        // A span across elements maps back to whole elements' text (separators inside it).
        let s = v.text().find("55:").unwrap();
        let e = v.text().find("d3").unwrap() + 2;
        assert_eq!(back(ansible, &v, s, e), "55:fa:33:\",\n        \"    bd:d3");
        assert_eq!(decoded("{\"stderr_lines\":[\"a\",\"b\\\"c\",\"d\"]}"), "{\"stderr_lines\":[\"a\\nb\\\"c\\nd\"]}");
        // Other arrays, and arrays of other values, stay as they are.
        for t in ["{\"hosts\": [\"a\", \"b\"]}", "{\"lines\": [1, 2]}", "{\"lines\": \"a\", \"b\": \"c\"}"] {
            assert_eq!(decoded(t), t);
        }
    }

    #[test]
    fn base64_texts_are_decoded_whole_and_wrapped_runs_joined() {
        let env = "DB_HOST=db.internal\nDB_PASSWORD=Zq8dW3nT1LmV\nDEBUG=false\n";
        let enc = b64(env.as_bytes());
        for text in [
            format!("$ base64 .env\n{}\n$ ", wrapped(&enc, 76, "\n", "")),
            format!("data:\n  app.env: {enc}\n"),
            format!("{{\"output\": \"{}\\n\"}}", wrapped(&enc, 64, "\\n", "")),
            format!("data: |\r\n{}\r\n", wrapped(&enc, 40, "\r\n", "    ")),
            format!("<a href=\"data:text/plain;base64,{enc}\">"),
            format!("token: {}", enc.trim_end_matches('=').replace('+', "-").replace('/', "_")),
        ] {
            assert_eq!(base64_found(&text), vec![env.to_string()], "{text:?}");
        }
        // PowerShell's -EncodedCommand is UTF-16LE.
        let cmd: Vec<u8> = "net user ci Tiger-ATasdf1234 /add".encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
        assert_eq!(base64_found(&format!("powershell -EncodedCommand {}", b64(&cmd))), vec!["net user ci Tiger-ATasdf1234 /add".to_string()]);
        // A word a form-encoded blank glues on (`echo+…`) is no part of the run.
        assert_eq!(base64_found(&format!("/exec?command=echo+{}%3D+%7C+base64+-d", enc.trim_end_matches('='))), vec![env.to_string()]);
        // A word on the line after a run is no part of it.
        let short = b64(b"password = hunter2024x, please");
        assert_eq!(base64_found(&format!("{short}\ndone")), vec!["password = hunter2024x, please".to_string()]);
        // The pieces are the run's lines, padding included, and nothing else.
        let text = format!("$ base64 .env\n{}\n$ ", wrapped(&enc, 36, "\n", "  "));
        let found = base64_texts(&text, |_| true);
        let joined: String = found[0].pieces.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(joined, enc);
    }

    #[test]
    fn base64_that_is_not_text_is_left_alone() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend((0u8..200).map(|i| i.wrapping_mul(37)));
        let gzip: Vec<u8> = [&[0x1f, 0x8b, 8, 0, 0, 0, 0, 0][..], &(0u8..120).map(|i| i.wrapping_mul(91) ^ 0x5a).collect::<Vec<_>>()].concat();
        for text in [
            wrapped(&b64(&png), 76, "\n", ""),
            format!("H4sI{}", &b64(&gzip)[4..]),
            // A certificate, an SSH public key, a digest in hex and in base64, random bytes.
            format!(
                "-----BEGIN CERTIFICATE-----\n{}\n-----END CERTIFICATE-----",
                wrapped(&b64(&(0u8..255).map(|i| i.wrapping_mul(13) ^ 0x30).collect::<Vec<_>>()), 64, "\n", "")
            ),
            "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ci@host".to_string(),
            "sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08".to_string(),
            "integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUR3w==".to_string(),
            // Paths, identifiers and URLs made of base64 characters.
            "/usr/local/lib/python3/site-packages/egress_guard/__init__.py".to_string(),
            "AbstractSingletonProxyFactoryBeanDefinitionRegistryPostProcessor".to_string(),
        ] {
            assert!(base64_found(&text).is_empty(), "{text:?}");
        }
    }

    #[derive(Debug, Clone)]
    enum Deco {
        Ansi(u8),
        Numbered,
        Curly,
        Bold,
        Entity,
    }

    fn deco() -> impl Strategy<Value = Deco> {
        prop_oneof![(0u8..8).prop_map(Deco::Ansi), Just(Deco::Numbered), Just(Deco::Curly), Just(Deco::Bold), Just(Deco::Entity)]
    }

    proptest! {
        /// The probe at the start of a hex run is the whole run's test cut short: any bytes (a
        /// text with multi-byte characters, controls, random bytes), hex-encoded in either case,
        /// are read exactly when they are text with a letter, whatever the probe saw first.
        #[test]
        fn hex_runs_are_read_exactly_when_their_bytes_are_text(
            bytes in proptest::collection::vec(prop_oneof![
                4 => proptest::sample::select(b" etaoinsrhldcu/=.-_ETAOIN0123456789".to_vec()),
                1 => any::<u8>(),
                1 => proptest::sample::select(vec![0u8, 9, 10, 13, 0x1b, 0x7f]),
                1 => proptest::sample::select("é密码пароль".as_bytes().to_vec()),
            ], 10..60),
            upper in any::<bool>(),
        ) {
            let hex: String = bytes.iter().map(|c| if upper { format!("{c:02X}") } else { format!("{c:02x}") }).collect();
            let text = format!("a2={hex} ");
            let whole = String::from_utf8(bytes.clone()).ok().filter(|t| !t.chars().any(not_text) && t.chars().any(char::is_alphabetic));
            let one_case = hex.bytes().any(|c| c.is_ascii_uppercase()) || hex.bytes().any(|c| c.is_ascii_lowercase());
            let found = hex_texts(&text, |_| true);
            match whole.filter(|_| one_case) {
                Some(t) => {
                    prop_assert_eq!(found.len(), 1, "{:?}", text);
                    prop_assert_eq!(&found[0].text, &t.replace('\0', " "));
                }
                None => prop_assert!(found.is_empty(), "{:?}", text),
            }
        }
    }

    proptest! {
        /// Any text base64-encoded, wrapped at any width with any line break and indentation,
        /// between any framing: found once, decoded to the text, and its pieces are exactly the
        /// encoded characters (padding included).
        #[test]
        fn base64_runs_map_back_to_their_encoded_characters(
            body in "[ -~\n]{24,300}",
            width in 32usize..100,
            sep in prop_oneof![Just("\n"), Just("\r\n"), Just("\\n")],
            indent in "[ ]{0,4}",
            before in "[a-z :\"=\n]{0,12}",
        ) {
            let enc = b64(body.as_bytes());
            let text = format!("{before} {}\n$ ", wrapped(&enc, width, sep, &indent));
            let found = base64_texts(&text, |_| true);
            prop_assert_eq!(found.len(), 1, "{:?}", text);
            prop_assert_eq!(&found[0].text, &body);
            // (Padding a wrap put on a line of its own stays: it carries nothing.)
            let joined: String = found[0].pieces.iter().map(|&(s, e)| &text[s..e]).collect();
            prop_assert_eq!(joined.trim_end_matches('='), enc.trim_end_matches('='));
        }
    }

    proptest! {
        /// Lines of `key=value` decorated at random: every value read in the view maps back to
        /// exactly the original bytes of that value, without any of the decoration.
        #[test]
        fn spans_map_back_through_random_decorations(
            lines in proptest::collection::vec(("[a-z_]{1,10}", "[A-Za-z0-9+/_.-]{1,40}", proptest::collection::vec(deco(), 0..3)), 1..6),
            gutter in 0usize..3,
        ) {
            let numbered = lines.iter().any(|l| l.2.iter().any(|d| matches!(d, Deco::Numbered)));
            let mut text = String::new();
            let mut values = Vec::new();
            for (i, (k, v, decos)) in lines.iter().enumerate() {
                let (mut key, mut val) = (k.clone(), v.clone());
                let (mut open, mut close) = (String::new(), String::new());
                for d in decos {
                    match d {
                        Deco::Ansi(c) => {
                            val = format!("\x1b[3{c}m{val}\x1b[0m");
                            key = format!("\x1b[1;3{c}m{key}\x1b[0m");
                        }
                        Deco::Curly => (open, close) = ("\u{201c}".into(), "\u{201d}".into()),
                        Deco::Bold => key = format!("**{key}**"),
                        Deco::Entity => (open, close) = ("&quot;".into(), "&quot;".into()),
                        Deco::Numbered => {}
                    }
                }
                if numbered {
                    text.push_str(&[format!("{:6}\t", i + 1), format!("{:>4}|", i + 1), format!("{}\u{2192}", i + 1)][gutter]);
                }
                text.push_str(&key);
                text.push('=');
                text.push_str(&open);
                let at = text.len();
                text.push_str(&val);
                values.push((v.clone(), at, at + val.len()));
                text.push_str(&close);
                text.push('\n');
            }
            let Some(v) = view(&text) else {
                for (value, s, e) in &values {
                    prop_assert_eq!(&text[*s..*e], value.as_str());
                }
                return Ok(());
            };
            let mut from = 0;
            for (value, _, _) in &values {
                let mut s = from + v.text()[from..].find('=').expect("each line's `=` is in the view") + 1;
                if v.text()[s..].starts_with('"') {
                    s += 1;
                }
                prop_assert!(v.text()[s..].starts_with(value.as_str()), "{:?} at {} of {:?}", value, s, v.text());
                let e = s + value.len();
                prop_assert_eq!(back(&text, &v, s, e), value.clone());
                from = e;
            }
        }
    }
}
