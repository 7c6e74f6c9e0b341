//! MediaWiki tables (Wikipedia, pandoc's `-t mediawiki`): `{|` opens a table, `|}` closes it,
//! `|-` starts a row, `|+` is the caption; a line starting with `!` holds header cells and one
//! starting with `|` data cells, several on a line split at `!!`/`||` (or one per line). A cell
//! may start with attributes ending at a single `|` (`style="…" | 12`); `colspan`/`rowspan` are
//! spread like HTML's. Bold or italic quotes around a cell (`'''Total'''`) stay in the text but
//! out of the cell's range, so a rewritten cell keeps them. A line that continues a cell's text
//! is not read; a nested table gives up the outer one.
//!
//! Hand-written: the table syntax is line-based and small, and no Rust crate parses wikitext
//! with byte ranges.

use std::borrow::Cow;

use super::html::{Pending, finish, span_attributes};
use super::{Field, Format, Line, Row, Table, block_table, content};

/// A MediaWiki table starting at `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    if !content(text, &run[i]).trim_start().starts_with("{|") {
        return None;
    }
    let mut rows: Vec<Row<'t>> = Vec::new();
    let mut spans: [Pending<'t>; 2] = [Vec::new(), Vec::new()];
    let mut row: Option<Vec<Field<'t>>> = None;
    let mut j = i + 1;
    loop {
        let line = run.get(j)?;
        let s = content(text, line);
        let t = s.trim_start();
        let base = line.content + (s.len() - t.len());
        if t.starts_with("|}") {
            break;
        }
        if t.starts_with("{|") {
            return None;
        }
        if t.starts_with("|-") {
            finish(&mut row, &mut rows, &mut spans, line.start);
        } else if t.starts_with("|+") {
            // The caption.
        } else if let Some(cells) = t.strip_prefix('!').or_else(|| t.strip_prefix('|')) {
            let header = t.starts_with('!');
            let fields = row.get_or_insert_with(Vec::new);
            for (a, e) in split_cells(cells, header) {
                cell(text, base + 1, &cells[a..e], a, fields, &mut spans[1]);
            }
        }
        j += 1;
    }
    finish(&mut row, &mut rows, &mut spans, run[j].start);
    Some((block_table(text, run, i, j, Format::MediaWiki, rows)?, j + 1))
}

/// Byte ranges of the cells of one line (after its `|` or `!`): split at `||`, and at `!!` in
/// a header line, outside links (`[[a|b]]`) and templates (`{{a|b}}`).
fn split_cells(s: &str, header: bool) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let (mut out, mut from, mut depth, mut k) = (Vec::new(), 0, 0usize, 0);
    while k < b.len() {
        match (b[k], b.get(k + 1)) {
            (b'[', Some(b'[')) | (b'{', Some(b'{')) => {
                depth += 1;
                k += 2;
                continue;
            }
            (b']', Some(b']')) | (b'}', Some(b'}')) => {
                depth = depth.saturating_sub(1);
                k += 2;
                continue;
            }
            (b'|', Some(b'|')) if depth == 0 => {}
            (b'!', Some(b'!')) if depth == 0 && header => {}
            _ => {
                k += 1;
                continue;
            }
        }
        out.push((from, k));
        k += 2;
        from = k;
    }
    out.push((from, b.len()));
    out
}

/// One cell (`raw` at `offset` in the line after `base`): attributes before a single `|`, then
/// the content, bold or italic quotes around it kept out of its range.
fn cell<'t>(text: &'t str, base: usize, raw: &'t str, offset: usize, fields: &mut Vec<Field<'t>>, fresh: &mut Pending<'t>) {
    let (mut a, mut e) = (0, raw.len());
    let mut attrs = "";
    if let Some(bar) = raw.find('|')
        && !raw[..bar].contains("[[")
        && !raw[..bar].contains("{{")
    {
        attrs = &raw[..bar];
        a = bar + 1;
    }
    let inner = &raw[a..e];
    a += inner.len() - inner.trim_start().len();
    e = a + raw[a..e].trim().len();
    while e - a >= 4 && raw[a..e].starts_with("''") && raw[a..e].ends_with("''") {
        let q = if raw[a..e].starts_with("'''") && raw[a..e].ends_with("'''") && e - a >= 6 { 3 } else { 2 };
        a += q;
        e -= q;
    }
    let (start, end) = (base + offset + a, base + offset + e);
    let shown = Cow::Borrowed(&text[start..end]);
    let (colspan, rowspan) = span_attributes(attrs);
    let col = fields.len();
    for extra in 0..colspan {
        if extra == 0 {
            fields.push(Field { start, end, text: shown.clone(), quoted: false, indent: 0 });
        } else {
            fields.push(Field::virtual_at(end, shown.clone()));
        }
        if rowspan > 1 {
            fresh.push((col + extra, rowspan - 1, shown.clone()));
        }
    }
}
