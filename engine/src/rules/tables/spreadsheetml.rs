//! Excel 2003 XML (SpreadsheetML), as Excel's "XML Spreadsheet 2003", a report writer (SAS ODS
//! `tagsets.ExcelXP`) or a script writes it: each `<Table>` of a `<Worksheet>` is a table, its
//! `<Row>`s the rows, each `<Cell>`'s `<Data ss:Type="…">` a field. A cell's `ss:Index` (1-based)
//! skips the empty cells before it, `ss:MergeAcross="n"` spreads a label over the `n` cells after
//! it (as an HTML `colspan`), a cell without `<Data>` is empty; the elements may carry the `ss:`
//! prefix (`<ss:Row>`). A cell's `<Comment>` is no content, and rich text inside `<Data>`
//! (`<B>`, `<Font>`) is stripped for the field's text, the whole content being its range. A
//! formula (`ss:Formula="=SUM(R[-3]C:R[-1]C)"`) is left as written: the cached value in `<Data>`
//! is the field.
//!
//! Hand-written over a tag scan, like the XML records reader (which reads records of named
//! fields, not a grid of anonymous cells): one pass over the tags between `<Table` and
//! `</Table>`, so reading is linear in the text.

use std::borrow::Cow;

use super::{Field, Format, Row, Table, decode_entities, square, xml};

/// At most this many cells a merge may fill, and columns an `ss:Index` may skip to.
const MAX_SPAN: usize = 64;
const MAX_INDEX: usize = 1024;

/// One tag: its range, whether it closes, its local name (without a namespace prefix), its
/// attributes' text and whether it closes itself.
struct Tag<'t> {
    start: usize,
    end: usize,
    closing: bool,
    name: &'t str,
    attrs: &'t str,
    empty: bool,
}

/// The tag opening at `k` (a `<`), if one does.
fn tag(text: &str, k: usize) -> Option<Tag<'_>> {
    let b = text.as_bytes();
    let closing = b.get(k + 1) == Some(&b'/');
    let s = k + 1 + usize::from(closing);
    let n = b[s..].iter().take(64).position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b':' | b'_' | b'-' | b'.')))?;
    if n == 0 {
        return None;
    }
    let full = &text[s..s + n];
    let name = full.rsplit(':').next().unwrap_or(full);
    let close = s + n + memchr::memchr(b'>', &b[s + n..])?;
    let attrs = &text[s + n..close];
    let empty = attrs.ends_with('/');
    Some(Tag { start: k, end: close + 1, closing, name, attrs, empty })
}

/// A whole-number attribute (`ss:Index="3"`, `MergeAcross="2"`), any prefix.
fn number_attr(attrs: &str, name: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = attrs[from..].find(name).map(|a| from + a) {
        from = at + name.len();
        let before = attrs[..at].chars().next_back();
        if !matches!(before, Some(':' | ' ' | '\t' | '\n' | '\r')) {
            continue;
        }
        let rest = attrs[from..].trim_start().strip_prefix('=')?.trim_start();
        let rest = rest.strip_prefix(['"', '\''])?;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        return rest[..digits].parse().ok();
    }
    None
}

/// A `<Data>` element's content `a..b` as a field: an XML leaf's (trimmed, entities decoded),
/// its rich-text tags (`<B>`, `<Font>`) stripped.
fn data_field(text: &str, a: usize, b: usize) -> Field<'_> {
    let mut field = xml::field(text, a, b);
    let inner = &text[field.start..field.end];
    if inner.contains('<') {
        let mut out = String::with_capacity(inner.len());
        let mut in_tag = false;
        for c in inner.chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                _ if !in_tag => out.push(c),
                _ => {}
            }
        }
        field.text = Cow::Owned(decode_entities(out.trim()).into_owned());
    }
    field
}

/// The grid being read inside one `<Table>`.
#[derive(Default)]
struct Grid<'t> {
    start: usize,
    rows: Vec<Row<'t>>,
    row: Option<Vec<Field<'t>>>,
    /// Inside a `<Cell>`: its merge count and whether its `<Data>` was read.
    cell: Option<(usize, bool)>,
    /// Where the open `<Data>`'s content starts.
    data: Option<usize>,
    /// Depth of `<Comment>` elements (their `<Data>` is no cell content).
    comment: usize,
}

impl<'t> Grid<'t> {
    fn end_cell(&mut self, at: usize) {
        let Some((merge, read)) = self.cell.take() else { return };
        let Some(fields) = self.row.as_mut() else { return };
        if !read {
            fields.push(Field::virtual_at(at, Cow::Borrowed("")));
        }
        let label = fields.last().map_or(Cow::Borrowed(""), |f| f.text.clone());
        for _ in 0..merge.min(MAX_SPAN) {
            fields.push(Field::virtual_at(at, label.clone()));
        }
    }

    fn end_row(&mut self, at: usize) {
        self.end_cell(at);
        if let Some(fields) = self.row.take()
            && fields.iter().any(|f| !f.text.is_empty())
        {
            self.rows.push(Row { fields });
        }
    }

    fn table(mut self, end: usize) -> Option<Table<'t>> {
        self.end_row(end);
        let width = self.rows.iter().map(|r| r.fields.len()).max()?;
        if self.rows.len() < 2 || width < 2 {
            return None;
        }
        square(&mut self.rows, width);
        Some(Table { format: Format::SpreadsheetMl, start: self.start, end, prefix: String::new(), rows: self.rows, grid: None })
    }
}

/// Every SpreadsheetML `<Table>` in `text` with two rows and two columns or more, outside
/// `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    // Cheap rejection: a SpreadsheetML grid has rows of cells holding `Data` elements.
    if memchr::memmem::find(b, b"Row").is_none() || memchr::memmem::find(b, b"Cell").is_none() || memchr::memmem::find(b, b"Data").is_none() {
        return out;
    }
    let mut grid: Option<Grid<'t>> = None;
    let mut k = 0;
    while let Some(d) = memchr::memchr(b'<', &b[k..]) {
        let at = k + d;
        let Some(t) = tag(text, at) else {
            k = at + 1;
            continue;
        };
        k = t.end;
        match (t.name, t.closing) {
            ("Table", false) if !t.empty => {
                let free = !taken.iter().any(|x| t.start >= x.start && t.start < x.end);
                grid = free.then(|| Grid { start: t.start, ..Grid::default() });
            }
            ("Table", true) => {
                if let Some(table) = grid.take().and_then(|g| g.table(t.end)) {
                    out.push(table);
                }
            }
            _ => {
                let Some(g) = grid.as_mut() else { continue };
                match (t.name, t.closing) {
                    ("Row", false) => {
                        g.end_row(t.start);
                        if !t.empty {
                            g.row = Some(Vec::new());
                        }
                    }
                    ("Row", true) => g.end_row(t.start),
                    ("Cell", false) => {
                        g.end_cell(t.start);
                        let Some(fields) = g.row.as_mut() else { continue };
                        if let Some(index) = number_attr(t.attrs, "Index").filter(|&i| i <= MAX_INDEX) {
                            while fields.len() + 1 < index {
                                fields.push(Field::virtual_at(t.start, Cow::Borrowed("")));
                            }
                        }
                        g.cell = Some((number_attr(t.attrs, "MergeAcross").unwrap_or(0), false));
                        if t.empty {
                            g.end_cell(t.start);
                        }
                    }
                    ("Cell", true) => g.end_cell(t.start),
                    ("Comment", false) if !t.empty => g.comment += 1,
                    ("Comment", true) => g.comment = g.comment.saturating_sub(1),
                    ("Data", false) if g.comment == 0 && g.cell.is_some_and(|c| !c.1) => {
                        if t.empty {
                            g.cell = g.cell.map(|(m, _)| (m, true));
                            if let Some(fields) = g.row.as_mut() {
                                fields.push(Field::virtual_at(t.start, Cow::Borrowed("")));
                            }
                        } else {
                            g.data = Some(t.end);
                        }
                    }
                    ("Data", true) => {
                        if let (Some(a), Some(fields)) = (g.data.take(), g.row.as_mut()) {
                            fields.push(data_field(text, a, t.start));
                            g.cell = g.cell.map(|(m, _)| (m, true));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    // A table cut off before its `</Table>` (a truncated paste) ends after its last row.
    if let Some(g) = grid
        && let Some(end) = g.rows.last().and_then(|r| r.fields.iter().map(|f| f.end).max())
        && let Some(table) = g.table(end)
    {
        out.push(table);
    }
    out
}
