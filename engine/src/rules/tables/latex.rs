//! LaTeX `tabular` (and `tabular*`, `tabularx`, `longtable`): rows end at `\\`, cells split at
//! unescaped `&` outside braces, rules (`\hline`, `\toprule`, `\cmidrule{…}`) are not rows,
//! `\multicolumn{n}{…}{text}` covers `n` cells, `%` comments are skipped. A cell's text is read
//! with `\textbf{…}`, `\%`, `\,` (a thin space between thousands) and `$<$` undone.
//!
//! Hand-written: no pure-Rust crate parses LaTeX tables with byte ranges, and tabular syntax is
//! small.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

use super::{Field, Format, Row, Table, square};

static BEGIN: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\\begin\{(tabular\*?|tabularx|longtable|array)\}").unwrap());
static RULE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:\s*\\(?:hline|toprule|midrule|bottomrule|endhead|endfirsthead|endfoot|endlastfoot|addlinespace|noalign\{[^}]*\}|(?:c|cmid)rule(?:\([^)]*\))?\{[^}]*\})\s*)+").unwrap()
});
static MULTICOLUMN: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\\multicolumn\{(\d{1,2})\}\{[^}]*\}\{(.*)\}$").unwrap());
static MULTIROW: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\\multirow\{\d{1,2}\}\{[^}]*\}\{(.*)\}$").unwrap());

/// Every tabular environment in `text`.
pub(super) fn find(text: &str) -> Vec<Table<'_>> {
    if !text.contains("\\begin{") {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(m) = BEGIN.find_at(text, from) {
        let env = &text[m.start() + 7..m.end() - 1];
        let close = format!("\\end{{{env}}}");
        let Some(rel) = text[m.end()..].find(&close) else {
            break;
        };
        let end = m.end() + rel + close.len();
        if let Some(t) = read(text, m.start(), m.end(), m.end() + rel, end, env) {
            out.push(t);
        }
        from = end;
    }
    out
}

/// Skip one balanced `{…}` (or `[…]`) group at `at` (after spaces); the position after it.
fn skip_group(text: &str, at: usize, open: u8, close: u8) -> Option<usize> {
    let b = text.as_bytes();
    let mut k = at;
    while k < b.len() && b[k].is_ascii_whitespace() {
        k += 1;
    }
    if b.get(k) != Some(&open) {
        return None;
    }
    let mut depth = 0;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 1,
            c if c == open => depth += 1,
            c if c == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(k + 1);
                }
            }
            _ => {}
        }
        k += 1;
    }
    None
}

fn cell_text(raw: &str) -> Cow<'_, str> {
    let t = raw.trim();
    if !t.contains('\\') && !t.contains('$') && !t.contains('{') {
        return Cow::Borrowed(t);
    }
    let t = t.replace("\\,", " ").replace("\\%", "%").replace("$<$", "<").replace("$\\leq$", "≤").replace("\\textless{}", "<");
    let t = t.replace('$', "");
    Cow::Owned(super::numbers::plain(&t).to_string())
}

fn read<'t>(text: &'t str, start: usize, begin_end: usize, body_end: usize, end: usize, env: &str) -> Option<Table<'t>> {
    // The column spec (tabular* and tabularx take a width first), an optional position before it.
    let mut at = skip_group(text, begin_end, b'[', b']').unwrap_or(begin_end);
    if env == "tabular*" || env == "tabularx" {
        at = skip_group(text, at, b'{', b'}')?;
    }
    at = skip_group(text, at, b'{', b'}')?;
    let body = &text[at..body_end];
    let b = body.as_bytes();
    // Cut at `\\` and `&` outside braces; `%` comments to the end of the line are skipped.
    let mut rows: Vec<Row<'t>> = Vec::new();
    let mut fields: Vec<Field<'t>> = Vec::new();
    let (mut depth, mut cell_start, mut k) = (0i32, 0usize, 0usize);
    let push_cell = |fields: &mut Vec<Field<'t>>, a: usize, e: usize| {
        let raw = &body[a..e];
        let stripped = RULE.find(raw).map_or(0, |m| m.end());
        let raw = &raw[stripped..];
        let lead = raw.len() - raw.trim_start().len();
        let inner = raw.trim();
        let (s, t) = (at + a + stripped + lead, at + a + stripped + lead + inner.len());
        if let Some(c) = MULTICOLUMN.captures(inner) {
            let n: usize = c[1].parse().unwrap_or(1).clamp(1, 64);
            let label: Cow<'t, str> = Cow::Owned(cell_text(&c[2]).into_owned());
            fields.push(Field { start: s, end: t, text: label.clone(), quoted: false, indent: 0 });
            for _ in 1..n {
                fields.push(Field::virtual_at(t, label.clone()));
            }
            return;
        }
        let text_of = match MULTIROW.captures(inner) {
            Some(c) => Cow::Owned(cell_text(&c[1]).into_owned()),
            None => cell_text(&text[s..t]),
        };
        fields.push(Field { start: s, end: t, text: text_of, quoted: false, indent: 0 });
    };
    while k < b.len() {
        match b[k] {
            b'%' => {
                while k < b.len() && b[k] != b'\n' {
                    k += 1;
                }
            }
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b'\\' if depth == 0 && b.get(k + 1) == Some(&b'\\') => {
                push_cell(&mut fields, cell_start, k);
                rows.push(Row { fields: std::mem::take(&mut fields) });
                k += 2;
                // An optional `[2pt]` after the line break.
                if let Some(after) = skip_group(body, k, b'[', b']') {
                    k = after;
                }
                cell_start = k;
                continue;
            }
            b'\\' => k += 1,
            b'&' if depth == 0 => {
                push_cell(&mut fields, cell_start, k);
                cell_start = k + 1;
            }
            _ => {}
        }
        k += 1;
    }
    push_cell(&mut fields, cell_start, b.len());
    rows.push(Row { fields });
    // Rows that are only rules or empty (after the last `\\`) are not rows.
    rows.retain(|r| r.fields.len() > 1 || r.fields.iter().any(|f| !f.text.is_empty()));
    let width = rows.iter().map(|r| r.fields.len()).max()?;
    if rows.len() < 2 || width < 2 {
        return None;
    }
    square(&mut rows, width);
    Some(Table { format: Format::Latex, start, end, prefix: String::new(), rows, grid: None })
}
