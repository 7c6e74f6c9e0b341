//! Markdown pipe tables: a header, an alignment row and body rows, or a run of at least two
//! `| … |` rows. A ragged row is padded or cut to the header's width, as renderers show it.
//! Textile tables (Redmine, Textpattern) are pipe rows too: a cell's modifiers before its `. `
//! (`|_. head |`, `|>. 12 |`, `|\2. span |`) are markup, not content.

use std::sync::LazyLock;

use regex::Regex;

use super::{Format, Line, Row, Table, content, square};

/// Textile cell modifiers: header `_`, alignment (`<`, `>`, `=`, `<>`, `^`, `~`), spans (`\2`,
/// `/3`), style, class and language, then `. `.
static TEXTILE_CELL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*(?:_|<>|<|>|=|\^|~|\\\d+|/\d+|\{[^}|]*\}|\([^)|]*\)|\[[^\]|]*\])+\.(?: |$)").unwrap());

/// The rule under a header: `|---|---:|`, or joined with `+` as org-mode and Clojure's `print-table` draw it.
static ALIGN_ROW: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*(?:\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?|\|\s*:?-+:?\s*(\+\s*:?-+:?\s*)+\|)\s*$").unwrap());

fn is_pipe_row(s: &str) -> bool {
    let t = s.trim();
    t.len() >= 2 && t.starts_with('|') && t.ends_with('|')
}

/// A markdown table starting at `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = content(text, &run[i]);
    if !first.contains('|') {
        return None;
    }
    let aligned = i + 1 < run.len() && content(text, &run[i + 1]).contains('-') && ALIGN_ROW.is_match(content(text, &run[i + 1]));
    let fenced = is_pipe_row(first);
    if !aligned && !fenced {
        return None;
    }
    // A header of one field is no table whatever follows: asked before the rows are read, so a
    // long run of one-field rows is not read again from each of its lines.
    let mut rows = vec![split_row(text, &run[i])];
    if rows[0].fields.len() < 2 {
        return None;
    }
    let mut j = i + 1;
    if aligned {
        j += 1;
    }
    while j < run.len() {
        let c = content(text, &run[j]);
        let ok = if fenced { is_pipe_row(c) } else { c.contains('|') };
        if !ok || c.trim().is_empty() {
            break;
        }
        rows.push(split_row(text, &run[j]));
        j += 1;
    }
    if rows.len() < 2 {
        return None;
    }
    let width = rows[0].fields.len();
    square(&mut rows, width);
    let prefix = text[run[i].start..run[i].content].to_string();
    Some((Table { format: Format::Markdown, start: run[i].start, end: run[j - 1].end, prefix, rows, grid: None }, j))
}

/// Fields of a markdown row: the text between unescaped pipes, trimmed; emphasis (`**3**`,
/// Jira's `*3*`) stays in the content but not in the range, so a new value stays emphasised.
/// A Jira or Confluence header row (`||a||b||`, every pipe doubled) has one field per `||`.
fn split_row<'t>(text: &'t str, line: &Line) -> Row<'t> {
    let s = content(text, line);
    let base = line.content;
    let bytes = s.as_bytes();
    let t = s.trim();
    let doubled = t.len() > 4 && t.starts_with("||") && t.ends_with("||") && !t.replace("||", "").contains('|');
    let mut cuts = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b'\\' => k += 1,
            b'|' => {
                cuts.push(k);
                if doubled {
                    k += 1;
                }
            }
            _ => {}
        }
        k += 1;
    }
    let trimmed_start = s.len() - s.trim_start().len();
    let trimmed_end = s.trim_end().len();
    let mut bounds = Vec::new();
    let step = if doubled { 2 } else { 1 };
    let mut from = if cuts.first() == Some(&trimmed_start) { trimmed_start + step } else { 0 };
    for &c in &cuts {
        if c < from {
            continue;
        }
        bounds.push((from, c));
        from = c + step;
    }
    if from < trimmed_end {
        bounds.push((from, trimmed_end));
    }
    let fields = bounds
        .into_iter()
        .map(|(mut a, b)| {
            if s[a..b].trim_start().starts_with(['_', '<', '>', '=', '^', '~', '\\', '/', '{', '(', '[']) {
                a += TEXTILE_CELL.find(&s[a..b]).map_or(0, |m| m.end());
            }
            let mut f = super::delimited::field(s, base, a, b, false);
            if let Some(m) = ["**", "__", "*", "_"].into_iter().find(|m| f.text.len() > 2 * m.len() && f.text.starts_with(m) && f.text.ends_with(m)) {
                f.start += m.len();
                f.end -= m.len();
            }
            f
        })
        .collect();
    Row { fields }
}
