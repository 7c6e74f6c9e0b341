//! reStructuredText's `list-table` directive (Sphinx docs, a report written in rst): a bullet
//! per row (`* - label`), a sub-bullet per cell under it (`  - 12`, a bare `-` for an empty cell).
//!
//! The directive line is the trigger, its options (`:header-rows: 1`, `:widths: auto`) and blank
//! lines are skipped, and the table ends at the first line that is neither a row nor a cell, so a
//! cell written over several lines ends the table before it. The first row is the header, as
//! `:header-rows:` almost always says.

use std::borrow::Cow;

use super::{Field, Format, Line, Row, Table, block_table, content};

/// A line's bullet: whether it opens a row (`* -`), and the cell's text range in the line.
fn cell(s: &str) -> Option<(bool, usize, usize)> {
    let t = s.trim_start_matches(' ');
    let (opens, rest) = match t.strip_prefix("* ") {
        Some(r) => (true, r.trim_start_matches(' ')),
        None => (false, t),
    };
    let after = rest.strip_prefix('-')?;
    if !(after.is_empty() || after.starts_with(' ')) {
        return None;
    }
    let value = after.trim();
    let a = s.len() - after.trim_start().len();
    Some((opens, a, a + value.len()))
}

/// A list table whose directive is `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    if !content(text, &run[i]).trim_start().starts_with(".. list-table::") {
        return None;
    }
    let mut j = i + 1;
    while run.get(j).is_some_and(|l| {
        let s = content(text, l).trim();
        s.is_empty() || s.starts_with(':')
    }) {
        j += 1;
    }
    let mut rows: Vec<Row<'t>> = Vec::new();
    let mut last = j;
    while let Some(l) = run.get(j) {
        let s = content(text, l);
        let Some((opens, a, b)) = cell(s) else { break };
        if opens {
            rows.push(Row { fields: Vec::new() });
        }
        let row = rows.last_mut()?;
        let at = l.content;
        row.fields.push(if a == b {
            Field::virtual_at(at + a, Cow::Borrowed(""))
        } else {
            Field { start: at + a, end: at + b, text: Cow::Borrowed(&s[a..b]), quoted: false, indent: 0 }
        });
        last = j;
        j += 1;
    }
    Some((block_table(text, run, i, last, Format::ListTable, rows)?, last + 1))
}
