//! PC-Axis (`.px`) files, as Statistics Sweden documents them and the Nordic statistics offices'
//! PxWeb serves them: keyword statements (`KEYWORD="text";`, `KEYWORD("variable")=…;`,
//! `KEYWORD[lang]=…;`, a list of quoted strings split over lines after a comma), `STUB=` and
//! `HEADING=` naming the row and column variables, `VALUES("variable")=` their values in order,
//! and last `DATA=` the cube's cells row-major over the stub's values then the heading's
//! (space, tab, comma or semicolon between them; `"."` to `"......"` a missing cell, `"-"` a
//! zero), up to the closing `;`. The cube is read as the table PxWeb prints: a label column per
//! stub variable (the first outermost), a header row per heading variable (the first on top),
//! each cell its number's field. A missing code's field is its quoted code, and every cell is
//! written as a quoted string when rewritten (`"[suppressed]"`, a valid PX cell).
//! `ELIMINATION("variable")="value"` names the value that totals the variable: it reads `Total`.
//! A language's translations (`VALUES[sv]`) are left aside; files with `KEYS` (sparse rows) are
//! not read.
//!
//! Hand-written: one pass over the statements; a statement that does not parse ends the block
//! where the parse stopped, so no byte is read twice.

use std::borrow::Cow;

use super::structure::is_total_label;
use super::{Field, Format, Row, Table};

/// Cells a cube may have at most (what a table in a message may hold).
const MAX_CELLS: usize = 200_000;

/// One statement: its keyword, its language, its variable argument and its value's parts.
struct Statement<'t> {
    keyword: &'t str,
    lang: bool,
    arg: Option<&'t str>,
    /// The value's quoted strings (content ranges) in order, or its bare words.
    items: Vec<(usize, usize)>,
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The keyword statement at `k` (after blanks) and where it ends (after its `;`); for `DATA`, the
/// statement ends at `DATA=` and `items` is empty. `Err(stop)` when no statement starts there.
fn statement(text: &str, mut k: usize) -> Result<(Statement<'_>, usize), usize> {
    let b = text.as_bytes();
    let start = k;
    while k < b.len() && (b[k].is_ascii_uppercase() || b[k].is_ascii_digit() || b[k] == b'-') {
        k += 1;
    }
    if k == start || !b[start].is_ascii_uppercase() {
        return Err(k.max(start + 1));
    }
    let keyword = &text[start..k];
    let mut lang = false;
    if b.get(k) == Some(&b'[') {
        let close = k + 1 + b[k + 1..].iter().take(16).position(|&c| c == b']').ok_or(k + 1)?;
        lang = true;
        k = close + 1;
    }
    let mut arg = None;
    if b.get(k) == Some(&b'(') && b.get(k + 1) == Some(&b'"') {
        let close = k + 2 + memchr::memchr(b'"', &b[k + 2..]).ok_or(k + 2)?;
        arg = Some(&text[k + 2..close]);
        k = close + 1;
        // A second argument (`VALUENOTE("var","value")`): skipped.
        while b.get(k) == Some(&b',') && b.get(k + 1) == Some(&b'"') {
            k = k + 2 + memchr::memchr(b'"', &b[k + 2..]).ok_or(k + 2)? + 1;
        }
        if b.get(k) != Some(&b')') {
            return Err(k);
        }
        k += 1;
    }
    if b.get(k) != Some(&b'=') {
        return Err(k);
    }
    k += 1;
    if keyword == "DATA" {
        return Ok((Statement { keyword, lang, arg, items: Vec::new() }, k));
    }
    let mut items = Vec::new();
    loop {
        while k < b.len() && is_blank(b[k]) {
            k += 1;
        }
        match b.get(k) {
            Some(b'"') => {
                let close = k + 1 + memchr::memchr(b'"', &b[k + 1..]).ok_or(b.len())?;
                if text[k + 1..close].contains('\n') {
                    return Err(close);
                }
                items.push((k + 1, close));
                k = close + 1;
            }
            Some(b';') => return Ok((Statement { keyword, lang, arg, items }, k + 1)),
            Some(b',') => k += 1,
            Some(c) if !is_blank(*c) => {
                // A bare value (`DECIMALS=0`, `TLIST(A1)`): up to a comma, a blank or the `;`.
                let from = k;
                while k < b.len() && !matches!(b[k], b',' | b';' | b'\n') {
                    k += 1;
                }
                items.push((from, k));
            }
            _ => return Err(k),
        }
    }
}

/// The cells after `DATA=` at `k` up to the closing `;`: each a number or a quoted missing code,
/// at most `want` of them, and where the statement ends. `Err(stop)` when something else stands
/// there.
fn data(text: &str, mut k: usize, want: usize) -> Result<(Vec<Field<'_>>, usize), usize> {
    let b = text.as_bytes();
    // Room for what the text can hold (each cell takes two bytes or more), not for what its
    // header claims: a short text that claims millions of cells allocates nothing for them.
    let mut cells = Vec::with_capacity(want.min((b.len() - k.min(b.len())) / 2 + 1));
    loop {
        while k < b.len() && (is_blank(b[k]) || b[k] == b',') {
            k += 1;
        }
        match b.get(k) {
            None => return Err(k),
            Some(b';') => return Ok((cells, k + 1)),
            Some(b'"') => {
                let close = k + 1 + b[k + 1..].iter().take(8).position(|&c| c == b'"').ok_or(k + 1)?;
                let code = &text[k + 1..close];
                if !(code == "-" || (1..=6).contains(&code.len()) && code.bytes().all(|c| c == b'.')) {
                    return Err(k);
                }
                cells.push(Field { start: k, end: close + 1, text: Cow::Borrowed(code), quoted: true, indent: 0 });
                k = close + 1;
            }
            Some(_) => {
                let from = k;
                while k < b.len() && !is_blank(b[k]) && !matches!(b[k], b',' | b';') {
                    k += 1;
                }
                let word = &text[from..k];
                if word.parse::<f64>().is_err() {
                    return Err(k);
                }
                cells.push(Field { start: from, end: k, text: Cow::Borrowed(word), quoted: true, indent: 0 });
            }
        }
        if cells.len() > want {
            return Err(k);
        }
    }
}

/// The statements of one block so far.
#[derive(Default)]
struct Block<'t> {
    start: Option<usize>,
    stub: Vec<(usize, usize)>,
    heading: Vec<(usize, usize)>,
    values: Vec<(&'t str, Vec<(usize, usize)>)>,
    elimination: Vec<(&'t str, &'t str)>,
    contents: Option<(usize, usize)>,
    keys: bool,
}

/// Every PC-Axis cube in `text` read as a table, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    if memchr::memmem::find(b, b"DATA=").is_none() {
        return out;
    }
    let mut block = Block::default();
    let mut k = 0;
    while k < b.len() {
        while k < b.len() && is_blank(b[k]) {
            k += 1;
        }
        if k >= b.len() {
            break;
        }
        // A statement starts a line or follows the one before it.
        let mut j = k;
        while j > 0 && matches!(b[j - 1], b' ' | b'\t') {
            j -= 1;
        }
        let line_start = j == 0 || b[j - 1] == b'\n';
        let parsed = if line_start || block.start.is_some() { statement(text, k) } else { Err(k + 1) };
        match parsed {
            Ok((s, end)) => {
                block.start.get_or_insert(k);
                k = end;
                if s.lang {
                    continue;
                }
                let arg = s.arg.map(str::trim);
                match (s.keyword, arg) {
                    ("STUB", None) => block.stub = s.items,
                    ("HEADING", None) => block.heading = s.items,
                    ("CONTENTS", None) => block.contents = s.items.first().copied(),
                    ("VALUES", Some(v)) => block.values.push((v, s.items)),
                    ("ELIMINATION", Some(v)) => {
                        if let Some(&(a, e)) = s.items.first().filter(|_| b[s.items[0].0 - 1] == b'"') {
                            block.elimination.push((v, &text[a..e]));
                        }
                    }
                    ("KEYS", _) => block.keys = true,
                    ("DATA", None) => {
                        let blk = std::mem::take(&mut block);
                        match cube(text, blk, end, taken) {
                            Ok(Some(t)) => {
                                k = t.end;
                                out.push(t);
                            }
                            Ok(None) => {}
                            Err(stop) => k = k.max(stop),
                        }
                    }
                    _ => {}
                }
            }
            Err(stop) => {
                block = Block::default();
                // Past the line where no statement parsed (or further, where the parse stopped).
                let next_line = memchr::memchr(b'\n', &b[k..]).map_or(b.len(), |n| k + n + 1);
                k = next_line.max(stop.min(b.len()));
            }
        }
    }
    out
}

/// The table of a block whose cells (after `DATA=`) start at `k`.
/// `Ok(None)` when the block is no cube (no variables, `KEYS`), `Err` when its data do not read.
fn cube<'t>(text: &'t str, block: Block<'t>, k: usize, taken: &[Table]) -> Result<Option<Table<'t>>, usize> {
    let Some(start) = block.start else { return Ok(None) };
    if block.keys || block.stub.is_empty() && block.heading.is_empty() {
        return Ok(None);
    }
    let name = |&(a, e): &(usize, usize)| &text[a..e];
    let values_of = |v: &str| block.values.iter().rev().find(|(n, _)| *n == v).map(|(_, items)| items);
    let mut stub: Vec<(&'t str, &Vec<(usize, usize)>)> = Vec::new();
    let mut heading: Vec<(&'t str, &Vec<(usize, usize)>)> = Vec::new();
    for (list, vars) in [(&block.stub, &mut stub), (&block.heading, &mut heading)] {
        for v in list {
            let n = name(v).trim();
            match values_of(n) {
                Some(vals) if !vals.is_empty() => vars.push((n, vals)),
                _ => return Ok(None),
            }
        }
    }
    let n_rows = stub.iter().try_fold(1usize, |p, (_, v)| p.checked_mul(v.len())).unwrap_or(usize::MAX);
    let n_cols = heading.iter().try_fold(1usize, |p, (_, v)| p.checked_mul(v.len())).unwrap_or(usize::MAX);
    let want = n_rows.saturating_mul(n_cols);
    if !(2..=MAX_CELLS).contains(&want) {
        return Ok(None);
    }
    let (cells, end) = data(text, k, want)?;
    if cells.len() != want || taken.iter().any(|t| start < t.end && end > t.start) {
        return Ok(None);
    }
    // A value's label: `Total` for the value eliminating its variable.
    let label = |var: &str, (a, e): (usize, usize), first: bool| {
        let t = &text[a..e];
        let total = block.elimination.iter().any(|&(v, val)| v == var && val == t) && !is_total_label(t);
        let text: Cow<'t, str> = if total { Cow::Owned(format!("Total: {t}")) } else { Cow::Borrowed(t) };
        if first { Field { start: a, end: e, text, quoted: false, indent: 0 } } else { Field::virtual_at(a, text) }
    };
    // Each variable's value at position `i` of its axis (the first variable outermost).
    let value_at = |vars: &[(&str, &Vec<(usize, usize)>)], h: usize, i: usize| {
        let inner: usize = vars[h + 1..].iter().map(|(_, v)| v.len()).product();
        (i / inner) % vars[h].1.len()
    };
    let label_cols = stub.len().max(1);
    let mut rows = Vec::with_capacity(heading.len().max(1) + n_rows);
    let head_rows = heading.len().max(1);
    for h in 0..head_rows {
        let mut fields: Vec<Field> = Vec::with_capacity(label_cols + n_cols);
        if h + 1 == head_rows && !stub.is_empty() {
            fields.extend(block.stub.iter().map(|&(a, e)| Field { start: a, end: e, text: Cow::Borrowed(text[a..e].trim()), quoted: false, indent: 0 }));
        } else {
            fields.extend((0..label_cols).map(|_| Field::virtual_at(start, Cow::Borrowed(""))));
        }
        if heading.is_empty() {
            let name = block.contents.map_or("", |(a, e)| &text[a..e]);
            fields.push(Field::virtual_at(start, Cow::Borrowed(name)));
        } else {
            for j in 0..n_cols {
                let v = value_at(&heading, h, j);
                let inner: usize = heading[h + 1..].iter().map(|(_, v)| v.len()).product();
                fields.push(label(heading[h].0, heading[h].1[v], j < inner * heading[h].1.len() && j % inner == 0));
            }
        }
        rows.push(Row { fields });
    }
    let mut cells = cells.into_iter();
    for i in 0..n_rows {
        let mut fields: Vec<Field> = Vec::with_capacity(label_cols + n_cols);
        if stub.is_empty() {
            fields.push(Field::virtual_at(start, Cow::Borrowed("")));
        }
        for h in 0..stub.len() {
            let v = value_at(&stub, h, i);
            let inner: usize = stub[h + 1..].iter().map(|(_, v)| v.len()).product();
            fields.push(label(stub[h].0, stub[h].1[v], i < inner * stub[h].1.len() && i % inner == 0));
        }
        fields.extend(cells.by_ref().take(n_cols));
        rows.push(Row { fields });
    }
    Ok(Some(Table { format: Format::PcAxis, start, end: end.min(text.len()), prefix: String::new(), rows, grid: None }))
}
