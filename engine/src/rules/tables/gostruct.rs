//! Go structs as `fmt` prints them, a record per line (`fmt.Println(row)`) or a slice of records on
//! one line (`[{…} {…}]`): `%+v` names each field (`{Region:Old Town Owner:115 Renter:25}`),
//! `%v` writes only the values (`{Visited page 304 220 524}`, an empty string as nothing between
//! two spaces).
//!
//! With `%+v` the field names are the header (a name's words parted where its case or digits
//! change: `PCRPositive` is `PCR Positive`) and every record must have the same ones; a field
//! starts at a name straight before `:` and a value, so a value may hold spaces and `: `. With
//! `%v` there is no header: a record's last values that are numbers (or empty) are its fields,
//! as many as the record with fewest, and the words before them its label. Either way a table has
//! a column of labels naming each row once and a column of numbers, and a label that looks like a
//! host or a file (`db1`, `/tmp/x`) names a setting, not a row of counts.

use std::borrow::Cow;
use std::collections::HashSet;

use super::numbers::{Locale, is_missing, stands_for_number};
use super::{Field, Format, Line, Row, Table, block_table, content, is_machine_name};

/// Fields a record may have.
const MAX_FIELDS: usize = 64;

fn field(text: &str, a: usize, b: usize) -> Field<'_> {
    Field { start: a, end: b, text: Cow::Borrowed(&text[a..b]), quoted: false, indent: 0 }
}

/// The records on one line, as the byte ranges of their bodies (inside the braces).
fn records(text: &str, line: &Line) -> Option<Vec<(usize, usize)>> {
    let s = content(text, line).trim_end();
    let lead = s.len() - s.trim_start().len();
    let at = line.content + lead;
    let s = s.trim_start();
    let (inner, off) = match s.strip_prefix('[') {
        Some(rest) => (rest.strip_suffix(']')?, at + 1),
        None => (s, at),
    };
    let mut out = Vec::new();
    let b = inner.as_bytes();
    let mut k = 0;
    while k < b.len() {
        if b[k] != b'{' || !out.is_empty() && b[k - 1] != b' ' {
            return None;
        }
        let close = k + 1 + inner[k + 1..].find(['{', '}'])?;
        if b[close] != b'}' {
            return None;
        }
        out.push((off + k + 1, off + close));
        k = close + 1;
        if k < b.len() {
            k += usize::from(b[k] == b' ');
        }
    }
    (!out.is_empty() && (s.starts_with('[') || out.len() == 1)).then_some(out)
}

/// The end of an identifier straight before `:` at `k` (a field's name, after a space or first).
fn ident_colon(b: &[u8], k: usize) -> Option<usize> {
    if !b.get(k)?.is_ascii_alphabetic() || k > 0 && b[k - 1] != b' ' {
        return None;
    }
    let end = k + b[k..].iter().position(|c| !c.is_ascii_alphanumeric() && *c != b'_')?;
    (b[end] == b':').then_some(end)
}

/// A `%+v` field name at `k`: its end. Its value follows straight after the `:`, or is empty when
/// the next field's name follows (`Quarter3: Quarter4:`), so `Excluded: other reasons` is a value.
fn name_at(b: &[u8], k: usize) -> Option<usize> {
    let end = ident_colon(b, k)?;
    match b.get(end + 1) {
        None => Some(end),
        Some(b' ') => ident_colon(b, end + 2).map(|_| end),
        Some(_) => Some(end),
    }
}

/// A `%+v` record's `(name, value)` fields, or `None` when it does not start with a name.
fn named<'t>(text: &'t str, (a, z): (usize, usize)) -> Option<Vec<(Field<'t>, Field<'t>)>> {
    let b = &text.as_bytes()[a..z];
    let mut out: Vec<(Field, Field)> = Vec::new();
    let mut k = 0;
    name_at(b, 0)?;
    while k < b.len() {
        if let Some(end) = name_at(b, k) {
            if let Some((_, v)) = out.last_mut() {
                *v = field(text, v.start, a + k - 1);
            }
            if out.len() == MAX_FIELDS {
                return None;
            }
            out.push((field(text, a + k, a + end), field(text, a + end + 1, z)));
            k = end + 1;
        }
        k += 1;
    }
    Some(out)
}

/// A `%v` record's values, split at single spaces.
fn plain(text: &str, (a, z): (usize, usize)) -> Option<Vec<Field<'_>>> {
    let mut out = Vec::new();
    let mut from = a;
    for (k, c) in text[a..z].bytes().enumerate().map(|(k, c)| (a + k, c)).chain([(z, b' ')]) {
        if c == b' ' {
            if out.len() == MAX_FIELDS {
                return None;
            }
            out.push(field(text, from, k));
            from = k + 1;
        }
    }
    Some(out)
}

fn is_number(s: &str) -> bool {
    stands_for_number(s, Locale::English) || is_missing(s)
}

/// A Go field name as the words of a header (`PCRPositive`: `PCR Positive`, `Male015`: `Male 015`).
pub(super) fn words(name: &str) -> Cow<'_, str> {
    let b = name.as_bytes();
    let cut = |k: usize| {
        let (p, c) = (b[k - 1], b[k]);
        p.is_ascii_lowercase() && c.is_ascii_uppercase()
            || p.is_ascii_alphabetic() != c.is_ascii_alphabetic()
            || p.is_ascii_uppercase() && c.is_ascii_uppercase() && b.get(k + 1).is_some_and(u8::is_ascii_lowercase)
    };
    if !(1..b.len()).any(cut) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 4);
    for (k, ch) in name.char_indices() {
        if k > 0 && cut(k) {
            out.push(' ');
        }
        out.push(ch);
    }
    Cow::Owned(out)
}

/// A table of Go structs from `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = records(text, &run[i])?;
    let mut bodies = first;
    let mut j = i + 1;
    // A record a line is read from the run's first line only: read again from each later line,
    // a run that is no table would cost its length squared.
    let one_per_line = |k: usize| records(text, &run[k]).is_some_and(|r| r.len() == 1);
    if bodies.len() == 1 && i > 0 && one_per_line(i - 1) {
        return None;
    }
    if bodies.len() == 1 {
        while let Some(r) = run.get(j).and_then(|l| records(text, l)).filter(|r| r.len() == 1) {
            bodies.extend(r);
            j += 1;
        }
    }
    if bodies.len() < 2 {
        return None;
    }
    let rows = match named(text, bodies[0]) {
        Some(head) => {
            let mut rows = vec![Row { fields: head.iter().map(|(n, _)| Field { text: words(&text[n.start..n.end]), ..n.clone() }).collect() }];
            for &body in &bodies {
                let rec = named(text, body)?;
                if rec.len() != head.len() || rec.iter().zip(&head).any(|((n, _), (h, _))| n.text != h.text) {
                    return None;
                }
                rows.push(Row { fields: rec.into_iter().map(|(_, v)| v).collect() });
            }
            rows
        }
        None => {
            let recs: Vec<Vec<Field>> = bodies.iter().map(|&b| plain(text, b)).collect::<Option<_>>()?;
            let width = recs.iter().map(|r| r.iter().skip(1).rev().take_while(|f| is_number(&f.text)).count()).min()?;
            let mut rows = vec![Row { fields: (0..=width).map(|_| Field::virtual_at(run[i].content, Cow::Borrowed(""))).collect() }];
            for r in recs {
                let cut = r.len() - width;
                let label = field(text, r[0].start, r[cut - 1].end);
                rows.push(Row { fields: std::iter::once(label).chain(r.into_iter().skip(cut)).collect() });
            }
            rows
        }
    };
    let body = &rows[1..];
    // A label column: values naming each row once, some of them words (age bands may be `0`).
    let labels = (0..rows[0].fields.len()).any(|c| {
        let mut seen = HashSet::new();
        body.iter().all(|r| !is_machine_name(&r.fields[c].text) && seen.insert(&*r.fields[c].text)) && body.iter().any(|r| !is_number(&r.fields[c].text))
    });
    let numbers = (0..rows[0].fields.len()).any(|c| body.iter().all(|r| is_number(&r.fields[c].text)));
    if !labels || !numbers {
        return None;
    }
    Some((block_table(text, run, i, j - 1, Format::GoStruct, rows)?, j))
}
