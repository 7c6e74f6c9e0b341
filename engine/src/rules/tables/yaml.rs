//! YAML lists of flat records (`yaml.safe_dump(df.to_dict("records"))`): `- key: value` opens a
//! record, `  key: value` lines at the item's indentation continue it. The keys are the header
//! (in the order first seen), each record a row, each scalar a field; a nested value or a
//! missing key is an empty field.
//!
//! Flow style is read too (PyYAML's `default_flow_style`): a block list of flow mappings, one
//! per item (`- {region: North, n: 3}`), a block mapping of them keyed by row label
//! (`North: {Owner: 12, Renter: 3}`), or a flow sequence of them (`[{region: North, n: 3},
//! …]`) wrapped over lines; a plain scalar may hold spaces, and a line break inside one folds to
//! a space.
//!
//! Only these flat styles are tables, and a YAML library keeps no byte ranges to rewrite a
//! value in place, so the lines are read here. A double- or single-quoted value's range is
//! its content inside the quotes; a plain value is written back quoted (`"[suppressed]"`, since
//! a bare `[suppressed]` would be a YAML list).

use std::borrow::Cow;

use super::{Field, Format, Line, Row, Table, closing_quote, content, line_ranges, parse_budget, square};

/// Records with more keys than this are no table (and the key look-ups stay linear).
const MAX_KEYS: usize = 64;

/// A `key: value` pair of a record line: the item's indentation (where `-` or the key starts),
/// the key and the value's field.
struct Pair<'t> {
    indent: usize,
    item: bool,
    key: Cow<'t, str>,
    value: Field<'t>,
}

fn pair<'t>(text: &'t str, line: &Line) -> Option<Pair<'t>> {
    let s = content(text, line);
    let indent = s.len() - s.trim_start_matches(' ').len();
    let mut rest = &s[indent..];
    let item = rest.starts_with("- ");
    if item {
        rest = rest[2..].trim_start_matches(' ');
    }
    let key_at = s.len() - rest.len();
    let (key, after) = if let Some(q) = rest.strip_prefix('"') {
        let close = q.find('"')?;
        (Cow::Borrowed(&q[..close]), &q[close + 1..])
    } else {
        let colon = rest.find(": ").or_else(|| rest.ends_with(':').then(|| rest.len() - 1))?;
        let k = &rest[..colon];
        if k.is_empty() || k.starts_with(['#', '-', '[', '{', '\'']) || k.contains(['#', '{', '[']) {
            return None;
        }
        (Cow::Borrowed(k.trim_end()), &rest[colon..])
    };
    let after = after.strip_prefix(':')?;
    let v_at = key_at + (rest.len() - after.len());
    let raw = after.trim();
    let lead = after.len() - after.trim_start().len();
    let a = line.content + v_at + lead;
    let value = if raw.len() >= 2 && ((raw.starts_with('"') && raw.ends_with('"')) || (raw.starts_with('\'') && raw.ends_with('\''))) {
        let inner = &raw[1..raw.len() - 1];
        let shown = if raw.starts_with('"') && inner.contains('\\') {
            Cow::Owned(serde_json::from_str::<String>(raw).ok()?)
        } else if raw.starts_with('\'') && inner.contains("''") {
            Cow::Owned(inner.replace("''", "'"))
        } else {
            Cow::Borrowed(inner)
        };
        Field { start: a + 1, end: a + 1 + inner.len(), text: shown, quoted: false, indent: 0 }
    } else if raw.is_empty() || raw.starts_with(['[', '{', '|', '>', '&', '!']) {
        Field::virtual_at(a, Cow::Borrowed(""))
    } else {
        Field { start: a, end: a + raw.len(), text: Cow::Borrowed(raw), quoted: true, indent: 0 }
    };
    Some(Pair { indent, item, key, value })
}

/// A YAML list of records starting at `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = pair(text, &run[i]).filter(|p| p.item)?;
    let base = first.indent;
    // A list is read from its first item only: read again from each of its items, a list that is
    // no table would cost the square of its length.
    if i > 0 && pair(text, &run[i - 1]).is_some_and(|p| (p.item && p.indent == base) || (!p.item && p.indent == base + 2)) {
        return None;
    }
    let mut records: Vec<Vec<Pair<'t>>> = vec![vec![first]];
    let mut j = i + 1;
    while j < run.len() {
        match pair(text, &run[j]) {
            Some(p) if p.item && p.indent == base => records.push(vec![p]),
            Some(p) if !p.item && p.indent == base + 2 => records.last_mut()?.push(p),
            _ => break,
        }
        j += 1;
    }
    // One record alone is a table only as a record of totals (a table's margins printed apart).
    let totals = |rec: &[Pair]| rec.len() >= 3 && rec.iter().any(|p| super::structure::is_total_label(&p.value.text));
    if records.len() < 2 && !totals(&records[0]) {
        return None;
    }
    let records = records.into_iter().map(|rec| rec.into_iter().map(|p| (p.key, p.value)).collect()).collect();
    let rows = rows_of(records, run[i].content)?;
    let prefix = text[run[i].start..run[i].content].to_string();
    Some((Table { format: Format::Yaml, start: run[i].start, end: run[j - 1].end, prefix, rows, grid: None }, j))
}

/// Records of `key: value` pairs as rows: the keys (first seen order) are the header; a missing
/// key is an empty field. `None` under two keys, or when most values are missing.
fn rows_of<'t>(records: Vec<Vec<(Cow<'t, str>, Field<'t>)>>, at: usize) -> Option<Vec<Row<'t>>> {
    let mut keys: Vec<Cow<'t, str>> = Vec::new();
    for (key, _) in records.iter().flatten() {
        if !keys.contains(key) {
            if keys.len() == MAX_KEYS {
                return None;
            }
            keys.push(key.clone());
        }
    }
    if keys.len() < 2 || records.iter().flatten().count() < 2 * records.len() {
        return None;
    }
    let mut rows = vec![Row { fields: keys.iter().map(|k| Field::virtual_at(at, k.clone())).collect() }];
    for rec in records {
        let mut fields: Vec<Field<'t>> = keys.iter().map(|_| Field::virtual_at(at, Cow::Borrowed(""))).collect();
        for (key, value) in rec {
            if let Some(k) = keys.iter().position(|k| *k == key) {
                fields[k] = value;
            }
        }
        rows.push(Row { fields });
    }
    let width = keys.len();
    square(&mut rows, width);
    Some(rows)
}

/// Every list of flow mappings in `text` (two or more), outside `taken` spans.
pub(super) fn find_flow<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out = Vec::new();
    if !text.contains('{') {
        return out;
    }
    let mut budget = parse_budget(text);
    let mut after = 0;
    for (start, end) in line_ranges(text) {
        let line = &text[start..end];
        let indent = line.len() - line.trim_start_matches(' ').len();
        let rest = &line[indent..];
        let item = rest.starts_with("- {");
        let keyed = !item && is_keyed(rest);
        if start < after || budget == 0 || !(item || keyed || rest.starts_with("[{")) || taken.iter().any(|t| start < t.end && end > t.start) {
            continue;
        }
        let mut p = Flow { text, k: start + indent };
        let records = if item || keyed { p.items(indent, keyed) } else { p.sequence() };
        budget = budget.saturating_sub(p.k - start);
        let Some(records) = records.filter(|r| r.len() >= 2) else { continue };
        if let Some(rows) = rows_of(records, start) {
            out.push(Table { format: Format::Yaml, start, end: p.k, prefix: String::new(), rows, grid: None });
            after = p.k;
        }
    }
    out
}

/// Whether a line (after its indentation) is a key whose value is a flow mapping.
fn is_keyed(rest: &str) -> bool {
    rest.find(": {").is_some_and(|c| c > 0 && !rest[..c].contains(['{', '}', '[', ']', ',', '#']) && !rest.starts_with(['-', '&', '*', '!', '|', '>']))
}

/// A flow mapping's pairs.
type Record<'t> = Vec<(Cow<'t, str>, Field<'t>)>;

struct Flow<'t> {
    text: &'t str,
    k: usize,
}

impl<'t> Flow<'t> {
    fn ws(&mut self) {
        let b = self.text.as_bytes();
        while self.k < b.len() && b[self.k].is_ascii_whitespace() {
            self.k += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.k).copied()
    }

    /// Block list items `- {…}` (or, `keyed`, block mapping entries `label: {…}`, the label
    /// first under an empty heading) at one indentation, from the first one.
    fn items(&mut self, indent: usize, keyed: bool) -> Option<Vec<Record<'t>>> {
        let b = self.text.as_bytes();
        let mut out = Vec::new();
        loop {
            let label = if keyed {
                let key = self.scalar(true)?;
                self.text[self.k..].starts_with(": ").then_some(())?;
                self.k += 2;
                Some(key)
            } else {
                self.k += 2;
                None
            };
            let mut record = self.mapping()?;
            record.extend(label.map(|f| (Cow::Borrowed(""), Field { quoted: false, ..f })));
            record.rotate_right(usize::from(keyed));
            out.push(record);
            let end = self.k;
            let next = self.k + b[self.k..].iter().take_while(|&&c| c == b' ' || c == b'\r').count();
            let pad = b.get(next + 1..).map_or(0, |r| r.iter().take_while(|&&c| c == b' ').count());
            let line = &self.text[(next + 1 + pad).min(b.len())..];
            let line = &line[..line.find('\n').unwrap_or(line.len())];
            let more = if keyed { is_keyed(line) } else { line.starts_with("- {") };
            if b.get(next) == Some(&b'\n') && pad == indent && more {
                self.k = next + 1 + pad;
            } else {
                self.k = end;
                return Some(out);
            }
        }
    }

    /// A flow sequence of flow mappings, from its `[`.
    fn sequence(&mut self) -> Option<Vec<Record<'t>>> {
        self.k += 1;
        let mut out = Vec::new();
        loop {
            self.ws();
            out.push(self.mapping()?);
            self.ws();
            match self.peek()? {
                b',' => self.k += 1,
                b']' => {
                    self.k += 1;
                    return Some(out);
                }
                _ => return None,
            }
        }
    }

    /// A flow mapping of scalars, from its `{`.
    fn mapping(&mut self) -> Option<Record<'t>> {
        (self.peek()? == b'{').then_some(())?;
        self.k += 1;
        let mut out = Vec::new();
        loop {
            self.ws();
            if self.peek()? == b'}' {
                self.k += 1;
                return Some(out);
            }
            let key = self.scalar(true)?;
            self.ws();
            (self.peek()? == b':').then_some(())?;
            self.k += 1;
            self.ws();
            let value = if matches!(self.peek()?, b',' | b'}') { Field::virtual_at(self.k, Cow::Borrowed("")) } else { self.scalar(false)? };
            out.push((key.text, value));
            self.ws();
            match self.peek()? {
                b',' => self.k += 1,
                b'}' => {}
                _ => return None,
            }
        }
    }

    /// A quoted scalar (its content's range) or a plain one (written back quoted), up to `: ` for
    /// a key, up to a flow indicator for either.
    fn scalar(&mut self, key: bool) -> Option<Field<'t>> {
        let b = self.text.as_bytes();
        let start = self.k;
        match b[start] {
            b'"' => {
                let e = closing_quote(b, start + 1)?;
                self.k = e + 1;
                let raw = &self.text[start..=e];
                let text = if raw.contains('\\') { Cow::Owned(serde_json::from_str::<String>(raw).ok()?) } else { Cow::Borrowed(&raw[1..raw.len() - 1]) };
                return Some(Field { start: start + 1, end: e, text, quoted: false, indent: 0 });
            }
            b'\'' => {
                let mut e = start + 1;
                loop {
                    e += b[e..].iter().position(|&c| c == b'\'')?;
                    if b.get(e + 1) != Some(&b'\'') {
                        break;
                    }
                    e += 2;
                }
                self.k = e + 1;
                let inner = &self.text[start + 1..e];
                let text = if inner.contains("''") { Cow::Owned(inner.replace("''", "'")) } else { Cow::Borrowed(inner) };
                return Some(Field { start: start + 1, end: e, text, quoted: false, indent: 0 });
            }
            b'[' | b'{' | b']' | b'}' | b',' | b'&' | b'*' | b'!' | b'|' | b'>' | b'#' => return None,
            _ => {}
        }
        let mut e = start;
        while e < b.len()
            && !matches!(b[e], b',' | b'[' | b']' | b'{' | b'}')
            && !(b[e] == b':' && (key || b.get(e + 1).is_none_or(|c| c.is_ascii_whitespace())))
        {
            e += 1;
        }
        let raw = self.text[start..e].trim_end();
        if raw.is_empty() {
            return None;
        }
        self.k = start + raw.len();
        let text = if raw.contains('\n') { Cow::Owned(raw.split_whitespace().collect::<Vec<_>>().join(" ")) } else { Cow::Borrowed(raw) };
        Some(Field { start, end: self.k, text, quoted: true, indent: 0 })
    }
}
