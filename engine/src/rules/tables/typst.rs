//! Typst tables: `#table(columns: 3, table.header([*Town*], [*A*], [*B*]), [North], [3], [40], …)`
//! (also `table(…)` inside `#figure(…)`). The cells are the content blocks `[…]` in order, the
//! header's and footer's among them, `table.cell(colspan: 2)[…]` spread over the columns it
//! covers; `columns:` (a count, or a tuple of widths) cuts them into rows. Other named arguments
//! (`align`, `stroke`, `fill`) and rules (`table.hline()`) hold no cell. A cell's range is its
//! content inside the brackets; its text drops Typst's strong and emphasis marks (`*3*`).
//!
//! Hand-written: no Rust crate parses Typst markup with byte ranges short of the compiler's own
//! syntax tree (`typst-syntax`, a large dependency for one call form).

use std::borrow::Cow;

use super::{Field, Format, Row, Table, parse_budget, square};

/// Every Typst `table(…)` call that is a table in `text`, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut budget = parse_budget(text);
    for at in memchr::memmem::find_iter(b, b"table(") {
        let starts = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || matches!(b[at - 1], b'.' | b'_' | b'-'));
        if !starts || taken.iter().chain(&out).any(|t| at >= t.start && at < t.end) {
            continue;
        }
        let mut call = Call { b, k: at + "table(".len(), budget: &mut budget };
        let start = if at > 0 && b[at - 1] == b'#' { at - 1 } else { at };
        if let Some(t) = call.table(text, start) {
            out.push(t);
        }
        if budget == 0 {
            break;
        }
    }
    out
}

/// A cell read: its content's range and how many columns it covers.
type Cell = (usize, usize, usize);

struct Call<'b, 'u> {
    b: &'b [u8],
    k: usize,
    budget: &'u mut usize,
}

impl Call<'_, '_> {
    fn table<'t>(&mut self, text: &'t str, start: usize) -> Option<Table<'t>> {
        let mut columns = None;
        let mut cells = Vec::new();
        self.args(&mut columns, &mut cells, 0)?;
        let columns = columns?;
        if columns < 2 || cells.len() < 2 * columns {
            return None;
        }
        let mut rows: Vec<Row> = Vec::new();
        let mut fields: Vec<Field> = Vec::new();
        for (s, e, span) in cells {
            let raw = &text[s..e];
            let shown = raw.trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace());
            let text_of = if shown.len() == raw.len() { Cow::Borrowed(raw) } else { Cow::Owned(shown.to_string()) };
            fields.push(Field { start: s, end: e, text: text_of.clone(), quoted: false, indent: 0 });
            fields.extend((1..span.min(columns)).map(|_| Field::virtual_at(e, text_of.clone())));
            if fields.len() >= columns {
                rows.push(Row { fields: std::mem::take(&mut fields) });
            }
        }
        if !fields.is_empty() {
            rows.push(Row { fields });
        }
        let width = rows.iter().map(|r| r.fields.len()).max()?;
        square(&mut rows, width);
        Some(Table { format: Format::Typst, start, end: self.k, prefix: String::new(), rows, grid: None })
    }

    /// The arguments of a call up to its `)`: named ones (`columns` kept), content blocks as
    /// cells, `table.header(…)` / `table.footer(…)` / `table.cell(…)[…]` read for their cells.
    fn args(&mut self, columns: &mut Option<usize>, cells: &mut Vec<Cell>, depth: usize) -> Option<()> {
        if depth > 2 {
            return None;
        }
        loop {
            self.blanks();
            let c = *self.b.get(self.k)?;
            match c {
                b')' => {
                    self.k += 1;
                    return Some(());
                }
                b',' => self.k += 1,
                b'[' => {
                    let (s, e) = self.content()?;
                    cells.push((s, e, 1));
                }
                _ if c.is_ascii_alphabetic() => {
                    let name_start = self.k;
                    while self.b.get(self.k).is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_')) {
                        self.k += 1;
                    }
                    let name = &self.b[name_start..self.k];
                    self.blanks();
                    match self.b.get(self.k)? {
                        b':' => {
                            self.k += 1;
                            self.blanks();
                            let (vs, ve) = self.skip_value()?;
                            if name == b"columns" {
                                *columns = Some(count_columns(&self.b[vs..ve])?);
                            }
                        }
                        b'(' if matches!(name, b"table.header" | b"table.footer") => {
                            self.k += 1;
                            self.args(columns, cells, depth + 1)?;
                        }
                        b'(' if name == b"table.cell" => {
                            let (vs, ve) = self.skip_value()?;
                            let span = colspan(&self.b[vs..ve]);
                            self.blanks();
                            if self.b.get(self.k) != Some(&b'[') {
                                return None;
                            }
                            let (s, e) = self.content()?;
                            cells.push((s, e, span));
                        }
                        b'(' => {
                            self.skip_value()?;
                        }
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
    }

    fn blanks(&mut self) {
        while self.b.get(self.k).is_some_and(u8::is_ascii_whitespace) {
            self.k += 1;
        }
    }

    /// A content block `[…]` (nested blocks and `\]` escapes inside): its content's range,
    /// trimmed of blanks.
    fn content(&mut self) -> Option<(usize, usize)> {
        let (s, e) = self.skip_value()?;
        let inner = &self.b[s + 1..e - 1];
        let lead = inner.iter().take_while(|c| c.is_ascii_whitespace()).count();
        let trail = inner.iter().rev().take_while(|c| c.is_ascii_whitespace()).count();
        Some((s + 1 + lead, (e - 1 - trail).max(s + 1 + lead)))
    }

    /// Skips one value (brackets balanced, strings whole) up to a top-level `,` or `)`; its range.
    fn skip_value(&mut self) -> Option<(usize, usize)> {
        let start = self.k;
        let mut depth = 0usize;
        while let Some(&c) = self.b.get(self.k) {
            *self.budget = self.budget.checked_sub(1)?;
            match c {
                b'\\' => self.k += 1,
                b'"' => {
                    self.k += 1 + self.b[self.k + 1..].iter().position(|&c| c == b'"')?;
                }
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    if depth == 0 {
                        return Some((start, self.k));
                    }
                    depth -= 1;
                    if depth == 0 && matches!(self.b[start], b'[' | b'(') {
                        self.k += 1;
                        return Some((start, self.k));
                    }
                }
                b',' if depth == 0 => return Some((start, self.k)),
                _ => {}
            }
            self.k += 1;
        }
        None
    }
}

/// The number of columns `columns:` gives: a count, or a tuple of widths (`(auto, 1fr, 1fr)`).
fn count_columns(v: &[u8]) -> Option<usize> {
    let v = std::str::from_utf8(v).ok()?.trim();
    if let Ok(n) = v.parse::<usize>() {
        return (n <= 64).then_some(n);
    }
    let inner = v.strip_prefix('(')?.strip_suffix(')')?;
    Some(inner.split(',').filter(|w| !w.trim().is_empty()).count())
}

/// A `table.cell(…)`'s `colspan:` (1 when absent).
fn colspan(args: &[u8]) -> usize {
    let args = String::from_utf8_lossy(args);
    args.split_once("colspan:").and_then(|(_, r)| r.trim_start().split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()).unwrap_or(1).clamp(1, 64)
}
