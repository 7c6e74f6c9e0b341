//! XML records: sibling elements of one name, each a row, whose fields are either child
//! elements holding text only (`<row><region>North</region><n>3</n></row>`, what pandas'
//! `to_xml()` and most exports write) or attributes (`<row region="North" n="3"/>`, pandas'
//! `attr_cols`). The fields' names are the header, in the order first seen; a name that occurs
//! twice in a record (two `<pct>` columns) is two columns; a missing or empty element is an
//! empty field. pandas' default index (`<index>0</index>`, `1`, `2`, …) numbers the rows and is
//! dropped.
//!
//! Hand-written over a tag scan, like HTML: an XML parser crate would need the records cut out
//! of the surrounding prose first and keeps no byte ranges of text contents to rewrite. One
//! pass over the tags with a stack of open elements; an end tag closes the nearest open element
//! of its name within a few levels (free text is not always well formed), else it is ignored.
//! HTML and SVG elements are not records (a page's `<div>`s, a drawing's `<rect>`s).

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

use super::structure::is_total_label;
use super::{Field, Format, Row, Table, decode_entities, square};

static TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"<(/?)([A-Za-z_][A-Za-z0-9_.:-]*)([^<>]*?)(/?)>").unwrap());
static ATTR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"([A-Za-z_][A-Za-z0-9_.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')"#).unwrap());

/// Fields per record at most (more is a document, no record).
const MAX_FIELDS: usize = 64;
/// How many open elements an end tag may close at once, and how deep elements are followed.
const MAX_UNWIND: usize = 8;
const MAX_DEPTH: usize = 256;

const MARKUP: &[&str] = &[
    "html", "body", "head", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "div", "span", "p", "li", "ul", "ol", "a", "b", "i", "u", "em", "strong",
    "section", "article", "header", "footer", "nav", "main", "aside", "h1", "h2", "h3", "h4", "h5", "h6", "img", "input", "option", "select", "form", "label",
    "button", "dl", "dt", "dd", "meta", "link", "script", "style", "br", "hr", "col", "colgroup", "caption", "figure", "source", "code", "pre", "svg", "g",
    "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan", "use", "stop", "defs",
];

fn markup(name: &str) -> bool {
    MARKUP.iter().any(|m| m.eq_ignore_ascii_case(name))
}

type Pairs<'t> = Vec<(&'t str, Field<'t>)>;

struct Record<'t> {
    name: &'t str,
    start: usize,
    end: usize,
    fields: Pairs<'t>,
}

struct Frame<'t> {
    name: &'t str,
    start: usize,
    /// Where the start tag ends (the text content starts).
    inner: usize,
    attrs: Pairs<'t>,
    leaves: Pairs<'t>,
    records: Vec<Record<'t>>,
    /// A child that is neither a leaf nor a record: this element is no record.
    nested: bool,
    children: usize,
}

impl<'t> Frame<'t> {
    fn new(name: &'t str, start: usize, inner: usize, attrs: Pairs<'t>) -> Self {
        Frame { name, start, inner, attrs, leaves: Vec::new(), records: Vec::new(), nested: false, children: 0 }
    }
}

/// A value's field: its trimmed range in `text` from `a..b`, entities decoded.
pub(super) fn field(text: &str, a: usize, b: usize) -> Field<'_> {
    let raw = &text[a..b];
    let lead = raw.len() - raw.trim_start().len();
    let inner = raw.trim();
    if inner.is_empty() {
        return Field::virtual_at(a, Cow::Borrowed(""));
    }
    Field { start: a + lead, end: a + lead + inner.len(), text: decode_entities(inner), quoted: false, indent: 0 }
}

fn attributes<'t>(text: &'t str, at: usize, s: &'t str) -> Pairs<'t> {
    ATTR.captures_iter(s)
        .take(MAX_FIELDS + 1)
        .map(|c| {
            let v = c.get(2).or_else(|| c.get(3)).expect("a value");
            (c.get(1).expect("a name").as_str(), field(text, at + v.start(), at + v.end()))
        })
        .collect()
}

/// Every run of XML records in `text` outside the tables already found.
pub(super) fn find<'t>(text: &'t str, found: &[Table]) -> Vec<Table<'t>> {
    if !text.contains("</") && !text.contains("/>") {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut stack: Vec<Frame<'t>> = vec![Frame::new("", 0, 0, Vec::new())];
    for c in TAG.captures_iter(text) {
        let m = c.get(0).expect("match");
        let name = c.get(2).expect("name").as_str();
        let closing = !c[1].is_empty();
        let empty = !c[4].is_empty();
        if !closing {
            let attrs = c.get(3).map_or_else(Vec::new, |g| attributes(text, g.start(), g.as_str()));
            if empty {
                // `<n/>` is an empty leaf, `<row a="1" b="2"/>` a record of attributes.
                let top = stack.last_mut().expect("root");
                top.children += 1;
                if attrs.len() >= 2 && attrs.len() <= MAX_FIELDS {
                    top.records.push(Record { name, start: m.start(), end: m.end(), fields: attrs });
                } else {
                    top.leaves.push((name, Field::virtual_at(m.start(), Cow::Borrowed(""))));
                }
            } else if stack.len() < MAX_DEPTH {
                stack.push(Frame::new(name, m.start(), m.end(), attrs));
            }
            continue;
        }
        let Some(back) = stack.iter().rev().take(MAX_UNWIND).position(|f| f.name == name) else { continue };
        let at = stack.len() - 1 - back;
        if at == 0 {
            continue;
        }
        // Elements left open inside are dropped (their parent is no record).
        let unclosed = stack.len() - 1 - at;
        for _ in 0..unclosed {
            let f = stack.pop().expect("frame");
            emit(f.records, found, &mut out);
        }
        let f = stack.pop().expect("frame");
        let parent = stack.last_mut().expect("root");
        parent.children += 1;
        parent.nested |= unclosed > 0;
        if f.children == 0 {
            let inner = &text[f.inner..m.start()];
            if inner.contains(['<', '>']) {
                parent.nested = true;
            } else {
                parent.leaves.push((f.name, field(text, f.inner, m.start())));
            }
        } else if !f.nested && f.records.is_empty() && f.attrs.len() + f.leaves.len() <= MAX_FIELDS {
            let mut fields = f.attrs;
            fields.extend(f.leaves);
            parent.records.push(Record { name: f.name, start: f.start, end: m.end(), fields });
        } else {
            parent.nested = true;
            emit(f.records, found, &mut out);
        }
    }
    for f in stack.into_iter().rev() {
        emit(f.records, found, &mut out);
    }
    out
}

/// Tables from the records of one parent: each run of two or more records of one name.
fn emit<'t>(records: Vec<Record<'t>>, found: &[Table], out: &mut Vec<Table<'t>>) {
    let mut run: Vec<Record<'t>> = Vec::new();
    for r in records {
        if run.last().is_some_and(|l| l.name != r.name) {
            table(std::mem::take(&mut run), found, out);
        }
        run.push(r);
    }
    table(run, found, out);
}

fn table<'t>(records: Vec<Record<'t>>, found: &[Table], out: &mut Vec<Table<'t>>) {
    // One record alone is a table only with a total in it (a `Total` label or a `total` field).
    let totals = |r: &Record| r.fields.len() >= 3 && r.fields.iter().any(|(n, f)| is_total_label(n) || is_total_label(&f.text));
    if records.is_empty()
        || records.len() < 2 && !totals(&records[0])
        || markup(records[0].name)
        || records.iter().any(|r| r.fields.iter().any(|(n, _)| markup(n)))
    {
        return;
    }
    let (start, end) = (records[0].start, records[records.len() - 1].end);
    if found.iter().any(|t| t.start < end && t.end > start) {
        return;
    }
    // Columns: a name and which of its occurrences in a record.
    let mut keys: Vec<(&'t str, usize)> = Vec::new();
    let mut placed: Vec<Vec<usize>> = Vec::with_capacity(records.len());
    for r in &records {
        let mut seen: Vec<(&str, usize)> = Vec::new();
        let mut cols = Vec::with_capacity(r.fields.len());
        for (name, _) in &r.fields {
            let occ = match seen.iter_mut().find(|s| s.0 == *name) {
                Some(s) => {
                    s.1 += 1;
                    s.1
                }
                None => {
                    seen.push((name, 0));
                    0
                }
            };
            let col = match keys.iter().position(|k| *k == (*name, occ)) {
                Some(k) => k,
                None if keys.len() < MAX_FIELDS => {
                    keys.push((name, occ));
                    keys.len() - 1
                }
                None => return,
            };
            cols.push(col);
        }
        placed.push(cols);
    }
    if keys.len() < 2 || records.iter().map(|r| r.fields.len()).sum::<usize>() < 2 * records.len() {
        return;
    }
    let mut rows = vec![Row { fields: keys.iter().map(|k| Field::virtual_at(start, Cow::Borrowed(k.0))).collect() }];
    for (r, cols) in records.into_iter().zip(placed) {
        let mut fields: Vec<Field<'t>> = keys.iter().map(|_| Field::virtual_at(r.start, Cow::Borrowed(""))).collect();
        for ((_, f), c) in r.fields.into_iter().zip(cols) {
            fields[c] = f;
        }
        rows.push(Row { fields });
    }
    // pandas' default index numbers the rows 0, 1, 2, …: no column of the table.
    if let Some(c) = rows[0].fields.iter().position(|f| f.text == "index")
        && rows[1..].iter().enumerate().all(|(k, r)| r.fields[c].text == k.to_string())
    {
        for r in rows.iter_mut() {
            r.fields.remove(c);
        }
    }
    let width = rows[0].fields.len();
    if width < 2 {
        return;
    }
    square(&mut rows, width);
    out.push(Table { format: Format::Xml, start, end, prefix: String::new(), rows, grid: None });
}
