//! CSV, TSV, semicolon and bare-pipe (sqlite3's `.mode list`) blocks: at least two lines of short fields under one delimiter, a
//! header that names columns, double quotes honoured. A ragged row (a missing trailing field,
//! an unquoted comma inside a label) keeps the table going: it is padded, cut or has its label
//! joined back, never the end of the table. Rows printed a line each in square brackets (Spark's
//! `Row`) have no header and are read under an empty one.

use std::borrow::Cow;

use super::numbers::{self, Locale};
use super::{Field, Format, LIST_ITEM, Line, Row, Table, content, square};

pub(super) fn field(s: &str, base: usize, a: usize, b: usize, quoted: bool) -> Field<'_> {
    let raw = &s[a..b];
    let lead = raw.len() - raw.trim_start().len();
    let inner = raw.trim();
    let start = base + a + lead;
    let end = start + inner.len();
    let text = if quoted && inner.len() >= 2 && inner.starts_with('"') && inner.ends_with('"') {
        Cow::Owned(inner[1..inner.len() - 1].replace("\"\"", "\"").trim().to_string())
    } else {
        Cow::Borrowed(inner)
    };
    Field { start, end, text, quoted, indent: lead.saturating_sub(1) }
}

/// Split one delimited line, honouring double quotes (a quoted field may hold the delimiter).
pub(super) fn split(s: &str, base: usize, delim: u8) -> Option<Vec<Field<'_>>> {
    let bytes = s.as_bytes();
    let mut fields = Vec::with_capacity(1 + bytes.iter().filter(|&&b| b == delim).count());
    let mut a = 0;
    let mut k = 0;
    let mut in_quotes = false;
    let mut quoted = false;
    while k <= bytes.len() {
        if k == bytes.len() || (!in_quotes && bytes[k] == delim) {
            fields.push(field(s, base, a, k, quoted));
            a = k + 1;
            quoted = false;
        } else if bytes[k] == b'"' {
            if !in_quotes && s[a..k].trim().is_empty() {
                in_quotes = true;
                quoted = true;
            } else if in_quotes && bytes.get(k + 1) == Some(&b'"') {
                k += 1;
            } else if in_quotes {
                in_quotes = false;
            }
        }
        k += 1;
    }
    (!in_quotes).then_some(fields)
}

/// A line of fields joined by bare pipes (sqlite3's `.mode list`: `North|3|40`): no space
/// beside a pipe and none first, which tells it from a markdown row and a shell pipeline.
fn bare_pipes(s: &str) -> bool {
    s.contains('|') && !s.trim_start().starts_with('|') && !s.contains(" |") && !s.contains("| ")
}

/// Words in a field (separators like `-` are not words): prose has many, table cells few.
fn words(s: &str) -> usize {
    // The usual cell: one ASCII word (or none), counted without splitting.
    if s.bytes().all(|b| b.is_ascii_graphic()) {
        return usize::from(s.bytes().any(|b| b.is_ascii_alphanumeric()));
    }
    s.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count()
}

/// A row with more fields than the header whose leading fields are all text: a label cut at an
/// unquoted delimiter, joined back into one field.
fn join_label<'t>(text: &'t str, mut fields: Vec<Field<'t>>, width: usize) -> Vec<Field<'t>> {
    let extra = fields.len().saturating_sub(width);
    let texty = |f: &Field| !f.text.is_empty() && !numbers::stands_for_number(&f.text, Locale::English);
    if extra == 0 || fields.iter().skip(extra + 1).all(|f| f.text.is_empty()) || !fields[..=extra].iter().all(texty) {
        return fields;
    }
    let (a, b) = (fields[0].start, fields[extra].end);
    let label = Field { start: a, end: b, text: Cow::Borrowed(&text[a..b]), quoted: false, indent: fields[0].indent };
    fields.splice(0..=extra, [label]);
    fields
}

/// Rows printed a line each in square brackets, their fields joined by commas, without a header
/// (Spark's `Row` as `df.collect().foreach(println)` prints it, Java's `Arrays.toString`): two
/// lines at least of one width, the first field a label on every line (no number, not quoted: a
/// quoted list is a literal's) and some other field a number. Read under an empty header, as
/// headerless rows are read elsewhere.
fn bracketed<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let inside = |l: &Line| {
        let c = content(text, l);
        let t = c.trim();
        let open = l.content + c.len() - c.trim_start().len();
        (t.len() > 2 && t.starts_with('[') && t.ends_with(']') && !t.starts_with("[[")).then(|| split(&t[1..t.len() - 1], open + 1, b','))?
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut j = i;
    while let Some(fields) = run.get(j).and_then(inside) {
        if fields.len() < 2 || rows.first().is_some_and(|r| r.fields.len() != fields.len()) {
            break;
        }
        rows.push(Row { fields });
        j += 1;
    }
    let number = |f: &Field| numbers::parse(&f.text, Locale::English).is_some();
    let label = |f: &Field| !f.text.is_empty() && !f.quoted && !f.text.starts_with('\'') && !number(f);
    if rows.len() < 2 || !rows.iter().all(|r| label(&r.fields[0])) || !rows.iter().any(|r| r.fields[1..].iter().any(number)) {
        return None;
    }
    let header = Row { fields: (0..rows[0].fields.len()).map(|_| Field::virtual_at(run[i].content, Cow::Borrowed(""))).collect() };
    rows.insert(0, header);
    let prefix = text[run[i].start..run[i].content].to_string();
    Some((Table { format: Format::Delimited(b','), start: run[i].start, end: run[j - 1].end, prefix, rows, grid: None }, j))
}

/// A delimited block starting at `run[i]`: at least two lines with ≥ 2 short fields under one
/// delimiter, a header that is mostly labels (years count as labels), no list markers.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    if let Some(found) = bracketed(text, run, i) {
        return Some(found);
    }
    let first = content(text, &run[i]);
    // A line in brackets that is no row of them (a list: `[1, 2, 3]`) is no header either.
    if first.trim().starts_with('[') && first.trim().ends_with(']') {
        return None;
    }
    if first.trim().is_empty() || LIST_ITEM.is_match(first) || first.trim_start().starts_with("```") {
        return None;
    }
    // The delimiter that splits the header and the next line alike into the most fields
    // (`Deaths per 1,000` in a semicolon header is no comma-separated field).
    let next = run.get(i + 1).map(|l| content(text, l));
    let fields = |s: &str, d: u8| split(s, 0, d).map_or(0, |f| f.len());
    let mut delims: Vec<u8> = [b'\t', b',', b';'].into_iter().filter(|d| first.as_bytes().contains(d)).collect();
    if bare_pipes(first) {
        delims.push(b'|');
    }
    delims.sort_by_key(|&d| {
        let n = fields(first, d);
        std::cmp::Reverse((next.is_some_and(|x| fields(x, d) == n), n))
    });
    for delim in delims {
        let Some(header) = split(first, run[i].content, delim) else {
            continue;
        };
        let width = header.len();
        if width < 2 || header.iter().any(|f| words(&f.text) > 6 || f.text.len() > 60) {
            continue;
        }
        // The header names columns: most of its fields are not numbers.
        let labels_of = |h: &[Field]| {
            h.iter().filter(|f| !f.text.is_empty() && (numbers::parse(&f.text, Locale::English).is_none() || numbers::is_year_label(&f.text))).count()
        };
        // Or it names the column variable alone over a header of the same width (a pivot pasted
        // from Excel: `\treference\t\t` over `test\tDisease +\tDisease -\tTotal`), over the
        // columns, not first (a title: `Patients by area,,,`).
        let labels = labels_of(&header);
        let spanner = || {
            header[0].text.is_empty()
                && header.iter().filter(|f| !f.text.is_empty()).count() == 1
                && labels == 1
                && next.and_then(|x| split(x, 0, delim)).is_some_and(|h| h.len() == width && labels_of(&h) * 2 >= width)
        };
        if labels * 2 < width && !spanner() {
            continue;
        }
        let mut rows = vec![Row { fields: header }];
        let mut j = i + 1;
        while j < run.len() {
            let c = content(text, &run[j]);
            if c.trim().is_empty() || LIST_ITEM.is_match(c) || !c.as_bytes().contains(&delim) || (delim == b'|' && !bare_pipes(c)) {
                break;
            }
            match split(c, run[j].content, delim) {
                Some(f) if f.len() >= 2 && f.len() <= 2 * width + 1 && f.iter().all(|x| words(&x.text) <= 8) => {
                    rows.push(Row { fields: join_label(text, f, width) });
                }
                _ => break,
            }
            j += 1;
        }
        // A lone ragged line under a header is no table.
        if rows.len() < 2 || (rows.len() == 2 && rows[1].fields.len() != width) {
            continue;
        }
        square(&mut rows, width);
        let prefix = text[run[i].start..run[i].content].to_string();
        let table = Table { format: Format::Delimited(delim), start: run[i].start, end: run[j - 1].end, prefix, rows, grid: None };
        return Some((table, j));
    }
    None
}
