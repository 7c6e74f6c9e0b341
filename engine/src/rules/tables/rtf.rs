//! RTF tables, as a report writer (SAS ODS RTF, R's `r2rtf` and `rtf`, Word, pandoc) writes
//! them: a row is `\trowd` and its cell definitions (`\cellx2240`…), then each cell's
//! paragraphs marked `\intbl`, each cell ended by `\cell`, the row by `\row`. Consecutive rows
//! are one table; a paragraph outside the table (`\pard` without `\intbl`) holding text ends it.
//!
//! A cell's text is what the RTF reader shows: control words (`\b`, `\fs16`, `\qr`) and group
//! braces dropped, `\'e9` and `\u8211?` decoded, control symbols (`\~`, `\{`, `\\`) read as the
//! characters they stand for, destination groups (`{\*\…}`, `{\fonttbl …}`, a field's
//! instruction) skipped. The field's range runs from the cell's first character of text to its
//! last, so a new value replaces the text and keeps the formatting around it. Nested tables
//! (`\nestcell`, `\nestrow`) are read as their outer cell's text.
//!
//! Hand-written: a single pass over the bytes with a stack of groups, linear in the text; no
//! Rust crate reads RTF with byte ranges.

use std::borrow::Cow;

use super::{Field, Format, Row, Table, square};

/// Destinations whose groups hold no text of the document.
const DESTINATIONS: &[&str] = &[
    "fonttbl",
    "colortbl",
    "stylesheet",
    "info",
    "pict",
    "header",
    "headerl",
    "headerr",
    "headerf",
    "footer",
    "footerl",
    "footerr",
    "footerf",
    "listtable",
    "listoverridetable",
    "rsidtbl",
    "generator",
    "xmlnstbl",
    "themedata",
    "colorschememapping",
    "latentstyles",
    "datastore",
    "fldinst",
    "object",
    "filetbl",
    "revtbl",
    "pgdsctbl",
    "mmathPr",
    "defchp",
    "defpap",
    "wgrffmtfilter",
    "operator",
    "author",
    "title",
    "bkmkstart",
    "bkmkend",
    "xe",
    "tc",
    "txe",
    "shpinst",
    "nonshppict",
];

/// Control words that stand for a character (or a blank) in the text.
fn symbol(word: &str) -> Option<char> {
    Some(match word {
        "tab" | "line" | "par" | "sect" | "page" | "column" | "emspace" | "enspace" | "qmspace" => ' ',
        "emdash" => '—',
        "endash" => '–',
        "lquote" => '‘',
        "rquote" => '’',
        "ldblquote" => '“',
        "rdblquote" => '”',
        "bullet" => '•',
        _ => return None,
    })
}

/// Windows-1252's characters at 0x80–0x9f (the rest of the code page is Latin-1).
fn cp1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™',
        'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
    ];
    if (0x80..0xa0).contains(&b) { HIGH[usize::from(b - 0x80)] } else { char::from(b) }
}

/// The cell being read: where its text starts and ends, and the text.
#[derive(Default)]
struct Cell {
    span: Option<(usize, usize)>,
    text: String,
}

impl Cell {
    fn push(&mut self, c: char, a: usize, b: usize) {
        if !c.is_whitespace() || !self.text.is_empty() {
            self.span = Some((self.span.map_or(a, |s| s.0), b));
        }
        self.text.push(c);
    }

    fn field(self, text: &str, at: usize) -> Field<'_> {
        let words: String = self.text.split_whitespace().collect::<Vec<_>>().join(" ");
        match self.span {
            Some((a, b)) if !words.is_empty() => {
                // The range ends at the last character that is not a blank.
                let raw = &text[a..b];
                let b = a + raw.trim_end().len();
                let text = if text[a..b] == words { Cow::Borrowed(&text[a..b]) } else { Cow::Owned(words) };
                Field { start: a, end: b, text, quoted: false, indent: 0 }
            }
            _ => Field::virtual_at(at, Cow::Borrowed("")),
        }
    }
}

/// The tables being read: the current one's rows and start, the open row and cell.
#[derive(Default)]
struct Reader<'t> {
    start: Option<usize>,
    end: usize,
    rows: Vec<Row<'t>>,
    row: Vec<Field<'t>>,
    cell: Cell,
    /// Where the open row's `\trowd` (or its first cell) starts.
    row_start: Option<usize>,
}

impl<'t> Reader<'t> {
    fn close(&mut self, out: &mut Vec<Table<'t>>) {
        let rows = std::mem::take(&mut self.rows);
        let start = self.start.take();
        self.row.clear();
        self.cell = Cell::default();
        self.row_start = None;
        let (Some(start), Some(width)) = (start, rows.iter().map(|r| r.fields.len()).max()) else { return };
        if rows.len() < 2 || width < 2 {
            return;
        }
        let mut rows = rows;
        square(&mut rows, width);
        out.push(Table { format: Format::Rtf, start, end: self.end, prefix: String::new(), rows, grid: None });
    }
}

/// Every RTF table in `text` with two rows and two columns or more, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    if memchr::memmem::find(b, b"\\cell").is_none() || memchr::memmem::find(b, b"\\row").is_none() || memchr::memmem::find(b, b"\\intbl").is_none() {
        return out;
    }
    let mut r = Reader::default();
    // Group depth, and the depth at which a skipped destination group opened.
    let mut depth = 0usize;
    let mut skip: Option<usize> = None;
    let mut intbl = false;
    // Characters a `\uN` leaves to skip (its fallback, `\ucN`, 1 by default).
    let (mut uc, mut pending_skip) = (1usize, 0usize);
    let mut spans: Vec<(usize, usize)> = taken.iter().map(|t| (t.start, t.end)).collect();
    spans.sort_unstable();
    let mut next_span = 0;
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        while next_span < spans.len() && spans[next_span].1 <= k {
            next_span += 1;
        }
        if spans.get(next_span).is_some_and(|&(a, _)| a <= k) {
            r.close(&mut out);
            k = spans[next_span].1;
            continue;
        }
        match c {
            b'{' => {
                depth += 1;
                k += 1;
                if skip.is_none() {
                    // `{\*\dest …}` and the known destinations are skipped whole.
                    let rest = &b[k..];
                    let word_end = rest.iter().skip(1).position(|c| !c.is_ascii_alphabetic()).map_or(rest.len(), |p| p + 1);
                    let starred = rest.starts_with(b"\\*");
                    let dest = rest.first() == Some(&b'\\') && DESTINATIONS.iter().any(|d| d.as_bytes() == &rest[1..word_end]);
                    if starred || dest {
                        skip = Some(depth);
                    }
                }
            }
            b'}' => {
                if skip == Some(depth) {
                    skip = None;
                }
                depth = depth.saturating_sub(1);
                k += 1;
            }
            b'\\' => {
                let s = k;
                k += 1;
                let Some(&n) = b.get(k) else { break };
                if n.is_ascii_alphabetic() {
                    let w0 = k;
                    while k < b.len() && b[k].is_ascii_alphabetic() && k - w0 < 32 {
                        k += 1;
                    }
                    let word = &text[w0..k];
                    let p0 = k;
                    if b.get(k) == Some(&b'-') {
                        k += 1;
                    }
                    while k < b.len() && b[k].is_ascii_digit() && k - p0 < 10 {
                        k += 1;
                    }
                    let param: Option<i64> = text[p0..k].parse().ok();
                    let word_end = k;
                    if b.get(k) == Some(&b' ') {
                        k += 1;
                    }
                    if skip.is_some() {
                        continue;
                    }
                    match word {
                        "trowd" => {
                            // A row's definition (Word writes it again before `\row`): the row
                            // starts here unless its cells already began.
                            if r.row.is_empty() && r.cell.span.is_none() {
                                r.row_start = Some(s);
                            }
                        }
                        "intbl" => intbl = true,
                        "pard" => intbl = false,
                        "cell" => {
                            let row_start = *r.row_start.get_or_insert(s);
                            r.start.get_or_insert(row_start);
                            let cell = std::mem::take(&mut r.cell);
                            r.row.push(cell.field(text, s));
                        }
                        "row" => {
                            let fields = std::mem::take(&mut r.row);
                            r.cell = Cell::default();
                            r.row_start = None;
                            if !fields.is_empty() {
                                r.rows.push(Row { fields });
                                r.end = word_end;
                            }
                        }
                        "uc" => uc = param.and_then(|p| usize::try_from(p).ok()).unwrap_or(1).min(4),
                        "u" => {
                            let code = param.map(|p| if p < 0 { p + 65536 } else { p }).and_then(|p| u32::try_from(p).ok()).and_then(char::from_u32);
                            if let Some(ch) = code {
                                text_char(&mut r, &mut out, intbl, ch, s, k);
                            }
                            pending_skip = uc;
                        }
                        "bin" => k += param.and_then(|p| usize::try_from(p).ok()).unwrap_or(0).min(b.len() - k),
                        _ => {
                            if let Some(ch) = symbol(word) {
                                // A paragraph's end inside a cell is a blank; outside, nothing.
                                if intbl || ch != ' ' {
                                    text_char(&mut r, &mut out, intbl, ch, s, k);
                                }
                            }
                        }
                    }
                    continue;
                }
                // A control symbol.
                k += 1;
                if skip.is_some() {
                    if n == b'\'' {
                        k = (k + 2).min(b.len());
                    }
                    continue;
                }
                match n {
                    b'\'' => {
                        let hex = text.get(k..k + 2).and_then(|h| u8::from_str_radix(h, 16).ok());
                        k = (k + 2).min(b.len());
                        if pending_skip > 0 {
                            pending_skip -= 1;
                        } else if let Some(h) = hex {
                            text_char(&mut r, &mut out, intbl, cp1252(h), s, k);
                        }
                    }
                    b'\\' | b'{' | b'}' => text_char(&mut r, &mut out, intbl, char::from(n), s, k),
                    b'~' => text_char(&mut r, &mut out, intbl, ' ', s, k),
                    b'_' => text_char(&mut r, &mut out, intbl, '-', s, k),
                    // `\` and a line break is a paragraph's end.
                    b'\n' | b'\r' if intbl => text_char(&mut r, &mut out, intbl, ' ', s, k),
                    _ => {}
                }
            }
            b'\r' | b'\n' => k += 1,
            _ => {
                let ch = text[k..].chars().next().expect("a char");
                let e = k + ch.len_utf8();
                if skip.is_none() {
                    if pending_skip > 0 {
                        pending_skip -= 1;
                    } else {
                        text_char(&mut r, &mut out, intbl, ch, k, e);
                    }
                }
                k = e;
            }
        }
    }
    r.close(&mut out);
    out
}

/// A character of the document's text at `a..b`: a cell's inside the table, else (when not a
/// blank) the end of the table being read.
fn text_char<'t>(r: &mut Reader<'t>, out: &mut Vec<Table<'t>>, intbl: bool, ch: char, a: usize, b: usize) {
    if intbl {
        if r.row_start.is_none() {
            r.row_start = Some(a);
        }
        r.cell.push(ch, a, b);
    } else if !ch.is_whitespace() && r.start.is_some() {
        r.close(out);
    }
}
