//! An xarray `DataArray` as it prints: `<xarray.DataArray 'n' (region: 3, tenure: 2)>`, the numpy
//! array (`array([[113, 4], …])`), then `Coordinates:`, a line per dimension with its labels
//! quoted (`  * region  (region) <U9 216B 'West' 'East' 'Total'`).
//!
//! The first dimension's labels name the rows, the second's the columns (a one-dimensional array
//! is one column, named after the array). The labels and the values are read where they stand,
//! so the array's elements are the cells; an array or a label list numpy or xarray cut short
//! (`...`) has fewer elements than its dimension says and is no table.

use std::borrow::Cow;

use super::structure::SUPPRESSED;
use super::{Field, Format, Line, Row, Table, block_table, content};

/// Elements an array may have (numpy prints up to 1000 before it cuts).
const MAX_CELLS: usize = 4096;

fn field(text: &str, a: usize, b: usize) -> Field<'_> {
    Field { start: a, end: b, text: Cow::Borrowed(&text[a..b]), quoted: false, indent: 0 }
}

/// An array's name (its range in the line, when it has one) and dimensions (`(name, size)`).
type Heading<'s> = (Option<(usize, usize)>, Vec<(&'s str, usize)>);

/// The array's name and dimensions from its first line.
fn heading(s: &str) -> Option<Heading<'_>> {
    let rest = s.trim_start().strip_prefix("<xarray.DataArray ")?;
    let at = s.len() - rest.len();
    let name = rest.strip_prefix('\'').and_then(|r| r.find('\'')).map(|e| (at + 1, at + 1 + e));
    let open = rest.find('(')?;
    let close = open + rest[open..].find(')')?;
    let dims = rest[open + 1..close].split(", ").map(|d| d.split_once(": ").and_then(|(n, k)| Some((n, k.parse().ok()?)))).collect::<Option<Vec<_>>>()?;
    Some((name, dims))
}

/// The quoted labels of a coordinate line (`  * region  (region) <U9 'West' 'East'`): its
/// dimension and the labels' fields.
fn coordinate<'t>(text: &'t str, l: &Line) -> Option<(&'t str, Vec<Field<'t>>)> {
    let s = content(text, l);
    let rest = s.trim_start().strip_prefix("* ")?;
    let dim = rest.split_whitespace().next()?;
    let b = s.as_bytes();
    let mut k = s.find(['\'', '"'])?;
    let mut out = Vec::new();
    while k < b.len() {
        let q = b[k];
        if q != b'\'' && q != b'"' {
            return None;
        }
        let e = k + 1 + s[k + 1..].find(q as char)?;
        out.push(field(text, l.content + k + 1, l.content + e));
        k = e + 1;
        while b.get(k) == Some(&b' ') {
            k += 1;
        }
    }
    Some((dim, out))
}

/// A `DataArray` printed from `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let (name, dims) = heading(content(text, &run[i]))?;
    let (rows_n, cols_n) = match dims[..] {
        [(_, r)] => (r, 1),
        [(_, r), (_, c)] => (r, c),
        _ => return None,
    };
    if rows_n * cols_n > MAX_CELLS || !content(text, run.get(i + 1)?).starts_with("array(") {
        return None;
    }
    // The elements, line by line to the one closing the array.
    let mut cells = Vec::new();
    let mut j = i + 1;
    loop {
        let l = run.get(j)?;
        let s = content(text, l);
        if j > i + 1 && !s.trim_start().starts_with('[') {
            return None;
        }
        let b = s.as_bytes();
        let mut k = if j == i + 1 { "array(".len() } else { 0 };
        while k < b.len() {
            // An element runs to the next separator; the guard's own marker is one element.
            let e = if s[k..].starts_with(SUPPRESSED) {
                k + SUPPRESSED.len()
            } else if matches!(b[k], b'[' | b']' | b'(' | b')' | b',' | b' ') {
                k += 1;
                continue;
            } else {
                k + b[k..].iter().position(|c| matches!(c, b'[' | b']' | b'(' | b')' | b',' | b' ')).unwrap_or(b.len() - k)
            };
            if cells.len() == rows_n * cols_n {
                return None;
            }
            cells.push(field(text, l.content + k, l.content + e));
            k = e;
        }
        j += 1;
        if s.trim_end().ends_with(')') {
            break;
        }
    }
    if cells.len() != rows_n * cols_n || content(text, run.get(j)?).trim() != "Coordinates:" {
        return None;
    }
    let mut labels: Vec<Option<(Field, Vec<Field>)>> = vec![None; dims.len()];
    j += 1;
    while let Some((dim, labs)) = run.get(j).and_then(|l| coordinate(text, l)) {
        if let Some(d) = dims.iter().position(|&(n, k)| n == dim && k == labs.len()) {
            let s = content(text, &run[j]);
            let at = run[j].content + s.find(dim)?;
            labels[d] = Some((field(text, at, at + dim.len()), labs));
        }
        j += 1;
    }
    let (row_dim, row_labels) = labels[0].clone()?;
    let head: Vec<Field> = match labels.get(1) {
        Some(cols) => std::iter::once(row_dim).chain(cols.clone()?.1).collect(),
        None => vec![
            row_dim,
            name.map_or_else(|| Field::virtual_at(run[i].content, Cow::Borrowed("count")), |(a, b)| field(text, run[i].content + a, run[i].content + b)),
        ],
    };
    let mut rows = vec![Row { fields: head }];
    for (r, label) in row_labels.into_iter().enumerate() {
        rows.push(Row { fields: std::iter::once(label).chain(cells[r * cols_n..(r + 1) * cols_n].iter().cloned()).collect() });
    }
    Some((block_table(text, run, i, j - 1, Format::Xarray, rows)?, j))
}
