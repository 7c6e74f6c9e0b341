//! SQL `INSERT INTO name (columns) VALUES (…), (…);`: each parenthesised tuple a row, the column
//! list the header (empty names without one). One statement per row is read too: statements
//! that follow each other with only blanks between, into the same table and columns, are one
//! table. Strings are `'…'` (`''` or a backslash escapes a quote), `NULL` an empty field, a bare
//! value (a number) written back as a string (`'[suppressed]'`).
//!
//! Hand-written: a SQL parser crate (sqlparser) builds an AST without byte ranges of the values
//! and needs the statements cut out of the surrounding text first; the VALUES list is a small,
//! regular part of SQL. One row alone is a table when a total (a `total` column, a `Total` row)
//! makes it one. One pass: each statement is read from its `INSERT` to its last tuple,
//! and the search goes on after it.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

use super::{Field, Format, Row, Table, square};

static INSERT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\binsert\s+(?:or\s+[a-z]+\s+|ignore\s+)?into\s+([A-Za-z0-9_.`\x22\[\]]+)\s*(?:\(([^()]{0,4000})\))?\s*values\s*").unwrap()
});

/// Columns at most (a wider tuple is no table row).
const MAX_COLUMNS: usize = 256;

struct Statement<'t> {
    start: usize,
    end: usize,
    name: &'t str,
    columns: Vec<&'t str>,
    rows: Vec<Row<'t>>,
}

/// Every run of `INSERT … VALUES` rows in `text` outside the tables already found.
pub(super) fn find<'t>(text: &'t str, found: &[Table]) -> Vec<Table<'t>> {
    let mut out: Vec<Table<'t>> = Vec::new();
    if !text.as_bytes().windows(6).any(|w| w.eq_ignore_ascii_case(b"insert")) {
        return out;
    }
    let mut statements: Vec<Statement<'t>> = Vec::new();
    let mut pos = 0;
    while let Some(c) = INSERT.captures_at(text, pos) {
        let m = c.get(0).expect("match");
        let columns: Vec<&str> =
            c.get(2).map_or_else(Vec::new, |g| g.as_str().split(',').map(|s| s.trim().trim_matches(|ch| matches!(ch, '`' | '"' | '[' | ']'))).collect());
        let (rows, end, reach) = tuples(text, m.end());
        pos = reach.max(m.end());
        if !rows.is_empty() {
            statements.push(Statement { start: m.start(), end, name: c.get(1).expect("name").as_str(), columns, rows });
        }
    }
    let mut k = 0;
    while k < statements.len() {
        let mut last = k;
        while last + 1 < statements.len() && {
            let (a, b) = (&statements[last], &statements[last + 1]);
            a.name == b.name && a.columns == b.columns && text[a.end..b.start].trim_start_matches(';').trim().is_empty()
        } {
            last += 1;
        }
        let (start, end) = (statements[k].start, statements[last].end);
        let columns = std::mem::take(&mut statements[k].columns);
        let mut rows = vec![Row { fields: columns.iter().map(|c| Field::virtual_at(start, Cow::Borrowed(*c))).collect() }];
        for s in &mut statements[k..=last] {
            rows.append(&mut s.rows);
        }
        k = last + 1;
        let width = rows.iter().map(|r| r.fields.len()).max().unwrap_or(0);
        let tuples = rows.len() - 1;
        if width < 2
            || tuples < 2 && !columns.is_empty() && !(width >= 3 && rows.iter().flat_map(|r| &r.fields).any(|f| super::structure::is_total_label(&f.text)))
            || tuples < 2 && columns.is_empty()
        {
            continue;
        }
        if found.iter().any(|t| t.start < end && t.end > start) {
            continue;
        }
        square(&mut rows, width);
        out.push(Table { format: Format::Sql, start, end, prefix: String::new(), rows, grid: None });
    }
    out
}

/// The tuples from `at` (`(…), (…)`), where the last one ends, and how far the text was read.
fn tuples(text: &str, at: usize) -> (Vec<Row<'_>>, usize, usize) {
    let b = text.as_bytes();
    let mut rows = Vec::new();
    let mut p = at;
    let mut end = at;
    let mut last = at;
    loop {
        while p < b.len() && b[p].is_ascii_whitespace() {
            p += 1;
        }
        if p >= b.len() || b[p] != b'(' {
            break;
        }
        let (fields, close) = match tuple(text, p + 1) {
            Ok(t) => t,
            Err(reach) => {
                end = end.max(reach);
                break;
            }
        };
        rows.push(Row { fields });
        last = close + 1;
        end = close + 1;
        p = close + 1;
        while p < b.len() && b[p].is_ascii_whitespace() {
            p += 1;
        }
        if p < b.len() && b[p] == b',' {
            p += 1;
        } else {
            break;
        }
    }
    (rows, last, end)
}

/// The values of one tuple from `p` (after its `(`), and where its `)` is; else how far it was
/// read (the search for the next statement goes on from there, so no byte is read twice).
fn tuple(text: &str, mut p: usize) -> Result<(Vec<Field<'_>>, usize), usize> {
    let b = text.as_bytes();
    let mut fields = Vec::new();
    loop {
        while p < b.len() && b[p].is_ascii_whitespace() {
            p += 1;
        }
        if p >= b.len() || fields.len() > MAX_COLUMNS {
            return Err(p);
        }
        if b[p] == b'\'' {
            // A string: `''` and `\'` escape a quote.
            let a = p + 1;
            let mut q = a;
            let mut escaped = false;
            loop {
                let Some(&ch) = b.get(q) else { return Err(q) };
                match ch {
                    b'\\' => {
                        escaped = true;
                        q += 2;
                    }
                    b'\'' if b.get(q + 1) == Some(&b'\'') => {
                        escaped = true;
                        q += 2;
                    }
                    b'\'' => break,
                    _ => q += 1,
                }
            }
            let Some(raw) = text.get(a..q) else { return Err(q) };
            let shown = if escaped { Cow::Owned(raw.replace("''", "'").replace("\\'", "'").replace("\\\\", "\\")) } else { Cow::Borrowed(raw) };
            fields.push(Field { start: a, end: q, text: shown, quoted: false, indent: 0 });
            p = q + 1;
        } else {
            // A bare value up to the next `,` or `)` outside parentheses (`now()`, `CAST(…)`).
            let a = p;
            let mut depth = 0usize;
            while p < b.len() && !(depth == 0 && matches!(b[p], b',' | b')')) {
                match b[p] {
                    b'(' => depth += 1,
                    b')' => depth -= 1,
                    b'\'' | b'\n' | b';' => return Err(p),
                    _ => {}
                }
                p += 1;
            }
            let Some(raw) = text.get(a..p).map(str::trim_end).filter(|r| !r.is_empty()) else { return Err(p) };
            if raw.eq_ignore_ascii_case("null") {
                fields.push(Field::virtual_at(a, Cow::Borrowed("")));
            } else {
                fields.push(Field { start: a, end: a + raw.len(), text: Cow::Borrowed(raw), quoted: true, indent: 0 });
            }
        }
        while p < b.len() && b[p].is_ascii_whitespace() {
            p += 1;
        }
        match b.get(p) {
            Some(b',') => p += 1,
            Some(b')') => return Ok((fields, p)),
            _ => return Err(p),
        }
    }
}
