//! A SAS data step carrying its data in-stream: the lines after `datalines;` (or `cards;`,
//! `lines;`, and their `4` forms ending at `;;;;`) up to the line holding only `;`, read as the
//! step's `input` statement reads them. The statement names the columns; `$` (or a character
//! informat, `$12.`) marks a character one. List input splits a line at blanks, `&` lets a value
//! hold single blanks (it ends at two), `:` reads a list value with an informat, an informat
//! without a modifier reads its width (formatted input), `name $ 1-12` reads columns. The step's
//! `infile datalines dsd` (or `dlm=`/`delimiter=`) splits at commas (or the delimiter) instead,
//! quotes around a value removed, two delimiters in a row an empty value. A `label` statement's
//! text heads its column; a numeric missing value (`.`) is an empty field.
//!
//! Hand-written: the statements of the step are found by splitting the text before the data at
//! `;` (outside quotes and comments), from the previous block's end, so reading is linear. An
//! `input` statement using what is not read here (line pointers `#`, `/`, `@n`, variable lists
//! in parentheses, `@@`) yields no table.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

use super::{Field, Format, Row, Table, square};

/// The line opening the in-stream data.
static DATALINES: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?im)^[ \t]*(datalines4|cards4|lines4|datalines|cards|lines)[ \t]*;[ \t]*\r?$").unwrap());

/// Columns at most (more is no table a person reads).
const MAX_VARS: usize = 256;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Read {
    /// List input; with `&`, a value may hold single blanks.
    List { amp: bool },
    /// Formatted input of this many columns.
    Width(usize),
    /// Column input, 1-based and inclusive.
    Columns(usize, usize),
}

#[derive(Debug)]
struct Var {
    name: String,
    read: Read,
}

/// The `input` statement's variables and how each is read; `None` for what is not read here.
fn input_vars(stmt: &str) -> Option<Vec<Var>> {
    let mut vars: Vec<Var> = Vec::new();
    let mut modifier = false;
    let mut amp = false;
    for raw in stmt.split_whitespace() {
        let mut tok = raw;
        // Modifiers stand alone or before an informat (`:$9.`, `&$12.`).
        while let Some(rest) = tok.strip_prefix([':', '&', '~']) {
            modifier = true;
            amp |= tok.starts_with('&');
            tok = rest;
        }
        if tok.is_empty() {
            continue;
        }
        if tok.starts_with(['@', '#', '/', '(', '+']) || tok.contains(['(', ')', '\'', '"']) {
            return None;
        }
        let last = vars.last_mut();
        // An informat: `$12.`, `$char12.`, `comma8.`, `8.2`, `best.`; `$` alone marks text.
        let informat = tok.contains('.') && tok.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_'));
        if tok == "$" || informat {
            let last = last?;
            if informat {
                let width: usize = tok.trim_start_matches(|c: char| !c.is_ascii_digit()).split('.').next().and_then(|w| w.parse().ok()).unwrap_or(0);
                if modifier {
                    last.read = Read::List { amp };
                } else if width > 0 && tok.contains('.') && !matches!(last.read, Read::Columns(..)) {
                    last.read = Read::Width(width);
                }
            }
            continue;
        }
        // Column input: `1-12` (or `12`) after a variable.
        if tok.bytes().all(|c| c.is_ascii_digit() || c == b'-') && tok.bytes().next().is_some_and(|c| c.is_ascii_digit()) {
            let last = last?;
            let mut parts = tok.splitn(2, '-');
            let a: usize = parts.next()?.parse().ok()?;
            let b: usize = parts.next().map_or(Some(a), |b| b.parse().ok())?;
            if a == 0 || b < a {
                return None;
            }
            last.read = Read::Columns(a, b);
            continue;
        }
        let ident =
            |s: &str| s.bytes().next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_') && s.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
        // A numbered range of variables: `q1-q5`.
        if let Some((a, b)) = tok.split_once('-') {
            let stem = a.trim_end_matches(|c: char| c.is_ascii_digit());
            let (from, to): (usize, usize) = (a[stem.len()..].parse().ok()?, b.strip_prefix(stem)?.parse().ok()?);
            if !ident(a) || to < from || to - from > MAX_VARS {
                return None;
            }
            for n in from..=to {
                vars.push(Var { name: format!("{stem}{n}"), read: Read::List { amp: false } });
            }
        } else if ident(tok) {
            vars.push(Var { name: tok.to_string(), read: Read::List { amp: false } });
        } else {
            return None;
        }
        modifier = false;
        amp = false;
        if vars.len() > MAX_VARS {
            return None;
        }
    }
    (!vars.is_empty()).then_some(vars)
}

/// The step's statements before its data: split at `;` outside quotes (a quote ends with its
/// line, so an apostrophe in prose before the code opens none), comments dropped.
fn statements(step: &str) -> Vec<&str> {
    let b = step.as_bytes();
    let mut out = Vec::new();
    let (mut s, mut k) = (0, 0);
    let mut quote: Option<u8> = None;
    while k < b.len() {
        let c = b[k];
        match quote {
            Some(q) if c == q || c == b'\n' => quote = None,
            Some(_) => {}
            None if c == b'\'' || c == b'"' => quote = Some(c),
            None if c == b'/' && b.get(k + 1) == Some(&b'*') => {
                k = step[k + 2..].find("*/").map_or(b.len(), |e| k + 2 + e + 2);
                continue;
            }
            None if c == b';' => {
                out.push(step[s..k].trim());
                s = k + 1;
            }
            None => {}
        }
        k += 1;
    }
    out
}

/// The first word of a statement, lower-cased, and the rest.
fn keyword(stmt: &str) -> (String, &str) {
    let end = stmt.find(|c: char| c.is_whitespace()).unwrap_or(stmt.len());
    (stmt[..end].to_ascii_lowercase(), stmt[end..].trim())
}

/// The `label` statement's pairs: `name="text"` or `name='text'`.
fn labels(rest: &str, out: &mut Vec<(String, String)>) {
    static PAIR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:"([^"]*)"|'([^']*)')"#).unwrap());
    for c in PAIR.captures_iter(rest) {
        let text = c.get(2).or_else(|| c.get(3)).map_or("", |m| m.as_str());
        out.push((c[1].to_ascii_lowercase(), text.to_string()));
    }
}

/// The delimiter an `infile` statement sets (`dsd` alone: a comma) and whether `dsd` is on.
fn delimiter(rest: &str) -> Option<(u8, bool)> {
    static DLM: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"(?i)\b(?:dlm|delimiter)\s*=\s*(?:'([^']*)'(x?)|"([^"]*)"(x?))"#).unwrap());
    let lower = rest.to_ascii_lowercase();
    let dsd = lower.split_whitespace().any(|w| w == "dsd");
    let dlm = DLM.captures(rest).and_then(|c| {
        let (v, hex) = c.get(1).map_or_else(|| (c.get(3).map_or("", |m| m.as_str()), &c[4]), |m| (m.as_str(), &c[2]));
        if hex.eq_ignore_ascii_case("x") { u8::from_str_radix(v, 16).ok() } else { v.bytes().next() }
    });
    match (dlm, dsd) {
        (Some(d), dsd) => Some((d, dsd)),
        (None, true) => Some((b',', true)),
        (None, false) => None,
    }
}

/// A field of the line at `at` for the value `raw` (trimmed; `.` is a missing number).
fn field(line: &str, at: usize, a: usize, b: usize) -> Field<'_> {
    let raw = &line[a..b];
    let lead = raw.len() - raw.trim_start().len();
    let v = raw.trim();
    if v.is_empty() || v == "." {
        return Field::virtual_at(at + a, Cow::Borrowed(""));
    }
    Field { start: at + a + lead, end: at + a + lead + v.len(), text: Cow::Borrowed(v), quoted: false, indent: 0 }
}

/// One data line read with a delimiter: the values apart, a quoted value's range inside its quotes.
fn delimited<'t>(line: &'t str, at: usize, d: u8, dsd: bool, n: usize) -> Vec<Field<'t>> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    while out.len() < n && k <= b.len() {
        if !dsd {
            while k < b.len() && (b[k] == d || (d != b' ' && b[k] == b' ')) {
                k += 1;
            }
            if k >= b.len() {
                break;
            }
        }
        if dsd && matches!(b.get(k), Some(b'"' | b'\'')) {
            let q = b[k];
            let close = b[k + 1..].iter().position(|&c| c == q).map_or(b.len(), |p| k + 1 + p);
            let f = field(line, at, k + 1, close);
            out.push(Field { quoted: false, ..f });
            k = close + 1;
            k = b[k.min(b.len())..].iter().position(|&c| c == d).map_or(b.len() + 1, |p| k + p + 1);
        } else {
            let end = b[k..].iter().position(|&c| c == d).map_or(b.len(), |p| k + p);
            out.push(field(line, at, k, end));
            k = end + 1;
        }
    }
    out
}

/// One data line read with blanks between values, as the variables say.
fn listed<'t>(line: &'t str, at: usize, vars: &[Var]) -> Option<Vec<Field<'t>>> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut p = 0;
    for v in vars {
        let (a, e) = match v.read {
            Read::Columns(s, e) => (s - 1, e),
            Read::Width(w) => (p, p + w),
            Read::List { amp } => {
                while p < b.len() && matches!(b[p], b' ' | b'\t') {
                    p += 1;
                }
                let mut e = p;
                while e < b.len() && !matches!(b[e], b' ' | b'\t') || (amp && e + 1 < b.len() && b[e] == b' ' && !matches!(b[e + 1], b' ' | b'\t') && e > p) {
                    e += 1;
                }
                (p, e)
            }
        };
        let (a, e) = (a.min(b.len()), e.min(b.len()));
        if !line.is_char_boundary(a) || !line.is_char_boundary(e) {
            return None;
        }
        out.push(field(line, at, a, e));
        p = e;
    }
    Some(out)
}

/// Every data step's in-stream data in `text` read as a table, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    // Cheap rejection: the data's opening statement ends with `;` after an `s` or a `4`
    // (`datalines;`, `cards;`, `lines4;`, in any case).
    if !memchr::memchr_iter(b';', b).any(|k| k > 0 && matches!(b[k - 1 - usize::from(k > 1 && b[k - 1] == b' ')].to_ascii_lowercase(), b's' | b'4')) {
        return out;
    }
    let mut from = 0;
    for m in DATALINES.captures_iter(text) {
        let (open, open_end) = (m.get(0).expect("match").start(), m.get(0).expect("match").end());
        if open < from || taken.iter().any(|t| open >= t.start && open < t.end) {
            continue;
        }
        let four = m[1].ends_with('4');
        // The data: every line after the opening one up to the line of `;` (`;;;;`).
        let mut lines: Vec<(usize, usize)> = Vec::new();
        let mut s = open_end + usize::from(b.get(open_end) == Some(&b'\n'));
        let mut closed = false;
        while s < b.len() {
            let e = memchr::memchr(b'\n', &b[s..]).map_or(b.len(), |d| s + d);
            let line = text[s..e].trim_end_matches('\r');
            let t = line.trim();
            if (four && t.starts_with(";;;;")) || (!four && t.starts_with(';')) {
                closed = true;
                break;
            }
            if !four && line.contains(';') {
                // A `;` ends the data in a non-`4` block: a line with one is no data line.
                break;
            }
            lines.push((s, s + line.len()));
            s = e + 1;
        }
        let step_from = from;
        from = s.min(b.len());
        if !closed {
            continue;
        }
        // The step's statements: from its `data` statement to the data.
        let stmts = statements(&text[step_from..open]);
        // Prose before the code runs into the first statement: the `data` keyword opens a line.
        let Some(data_at) = stmts.iter().rposition(|st| st.lines().any(|l| keyword(l.trim()).0 == "data")) else { continue };
        let (mut vars, mut dlm, mut label_pairs) = (None, None, Vec::new());
        for st in &stmts[data_at + 1..] {
            let (kw, rest) = keyword(st);
            match kw.as_str() {
                "input" => vars = input_vars(rest),
                "infile" => dlm = delimiter(rest),
                "label" => labels(rest, &mut label_pairs),
                _ => {}
            }
        }
        let Some(vars) = vars else { continue };
        // The table spans the step from its `data` line to the data's end, so that no reader of
        // lines takes its statements for rows.
        let st = stmts[data_at];
        let line = st.lines().find(|l| keyword(l.trim()).0 == "data").unwrap_or(st);
        let data_start = line.as_ptr() as usize - text.as_ptr() as usize;
        if let Some(mut t) = table(text, &lines, &vars, dlm, &label_pairs) {
            t.start = data_start;
            t.end = s.min(b.len());
            t.end += text[t.end..].find('\n').unwrap_or(text.len() - t.end);
            t.end -= usize::from(text[..t.end].ends_with('\r'));
            out.push(t);
        }
    }
    out
}

fn table<'t>(text: &'t str, lines: &[(usize, usize)], vars: &[Var], dlm: Option<(u8, bool)>, label_pairs: &[(String, String)]) -> Option<Table<'t>> {
    let (first, last) = (lines.iter().find(|l| l.1 > l.0)?, lines.iter().rev().find(|l| l.1 > l.0)?);
    let header: Vec<Field<'t>> = vars
        .iter()
        .map(|v| {
            let lower = v.name.to_ascii_lowercase();
            let label = label_pairs.iter().rev().find(|(n, _)| *n == lower).map_or_else(|| v.name.clone(), |(_, t)| t.clone());
            Field::virtual_at(first.0, Cow::Owned(label))
        })
        .collect();
    let mut rows = vec![Row { fields: header }];
    for &(s, e) in lines {
        let line = &text[s..e];
        if line.trim().is_empty() {
            continue;
        }
        let fields = match dlm {
            Some((d, dsd)) => delimited(line, s, d, dsd, vars.len()),
            None => listed(line, s, vars)?,
        };
        rows.push(Row { fields });
    }
    if rows.len() < 2 || vars.len() < 2 {
        return None;
    }
    square(&mut rows, vars.len());
    Some(Table { format: Format::SasDatalines, start: first.0, end: last.1, prefix: String::new(), rows, grid: None })
}
