//! JSON records: an array of at least two objects (`df.to_json(orient="records")`, an API's
//! rows, `[{"region": "North", "n": 3}, …]`) or JSON lines, one object per line; one object
//! alone only when it is a record of totals (a table's margins printed apart). The keys are
//! the header (in the order first seen), each object a row, each scalar value a field; a nested
//! value or a missing key is an empty field, but for a metric wrapping one number
//! (`{"value": 114}`, as Elasticsearch writes an aggregation's buckets), which is that number, and
//! a search hit's `_source` or an object's only member (GraphQL's `node`), whose members are the
//! record's, and a SPARQL result's binding (`{"type": "literal", "value": "12"}`), which is its
//! value: SPARQL's JSON results are records in `results.bindings`. A table's `"columns"` followed
//! by its `"rows"` (Log Analytics) is the literal reader's.
//!
//! serde_json checks that a candidate is valid JSON; a small scanner over that valid text then
//! finds each value's byte range (serde_json keeps none). A string field's range is its content
//! inside the quotes; a number field is written back as a JSON string, so a rewritten document
//! is still valid JSON.

use std::borrow::Cow;

use serde::de::IgnoredAny;
use serde_json::Value;

use super::{Field, Format, Row, Table, closing_quote, labels_first, parse_budget, square};

/// Every array of records and every run of JSON lines in `text`, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out: Vec<Table<'t>> = Vec::new();
    if !text.contains('{') {
        return out;
    }
    let b = text.as_bytes();
    let mut budget = parse_budget(text);
    let mut k = 0;
    let free = |a: usize, e: usize, out: &[Table]| !taken.iter().chain(out).any(|t| a < t.end && e > t.start);
    while k < b.len() {
        if b[k] == b'[' {
            let mut n = k + 1;
            while n < b.len() && b[n].is_ascii_whitespace() {
                n += 1;
            }
            if b.get(n) == Some(&b'{') && free(k, k + 1, &out) {
                // Checked first without building anything (most candidates are not valid JSON
                // from here), then built from the valid span only.
                let mut stream = serde_json::Deserializer::from_str(&text[k..]).into_iter::<IgnoredAny>();
                let checked = stream.next();
                // A failed parse leaves the stream's offset at the start: charge how far it read.
                let used = match &checked {
                    Some(Err(e)) => error_offset(&text[k..], e),
                    _ => stream.byte_offset(),
                };
                budget = budget.saturating_sub(used.max(1));
                let parsed = matches!(checked, Some(Ok(_))).then(|| serde_json::from_str::<Value>(&text[k..k + used]));
                if let Some(Ok(Value::Array(items))) = parsed
                    && !schema(text, k, k + used)
                    && let Some(t) = records(text, k, k + used, &items)
                {
                    k += used;
                    out.push(t);
                    continue;
                }
                if budget == 0 {
                    break;
                }
            }
        } else if b[k] == b'{' && (k == 0 || b[k - 1] == b'\n') && free(k, k + 1, &out) {
            if let Some((t, next)) = json_lines(text, k, &mut budget) {
                out.push(t);
                k = next;
                continue;
            }
            if budget == 0 {
                break;
            }
        }
        k += 1;
    }
    out
}

/// Whether the array at `a..e` is a table's `"columns"` followed by its `"rows"` (a Log
/// Analytics response): the columns' names and types, no records; the literal reader reads the
/// whole table.
fn schema(text: &str, a: usize, e: usize) -> bool {
    let before = text[..a].trim_end().strip_suffix(':').map(str::trim_end);
    let after = text[e..].trim_start().strip_prefix(',').map(str::trim_start);
    before.is_some_and(|s| s.ends_with("\"columns\"")) && after.is_some_and(|s| s.starts_with("\"rows\""))
}

/// How far a parse of `s` that failed with `e` read: serde_json gives an error's place only as
/// a line and a (byte) column. Finding the line costs what the parse read, no more.
fn error_offset(s: &str, e: &serde_json::Error) -> usize {
    let line_start = match e.line() {
        0 | 1 => 0,
        n => memchr::memchr_iter(b'\n', s.as_bytes()).nth(n - 2).map_or(s.len(), |p| p + 1),
    };
    (line_start + e.column()).min(s.len())
}

/// A run of lines starting at `k` that each hold one JSON object.
fn json_lines<'t>(text: &'t str, k: usize, budget: &mut usize) -> Option<(Table<'t>, usize)> {
    let mut items = Vec::new();
    let mut spans = Vec::new();
    let mut at = k;
    while at < text.len() && text.as_bytes()[at] == b'{' {
        let line_end = text[at..].find('\n').map_or(text.len(), |e| at + e);
        let line = text[at..line_end].trim_end();
        *budget = budget.saturating_sub(line.len());
        match serde_json::from_str::<Value>(line) {
            Ok(v @ Value::Object(_)) => {
                items.push(v);
                spans.push((at, at + line.len()));
            }
            _ => break,
        }
        at = line_end + 1;
        if *budget == 0 {
            break;
        }
    }
    if items.len() < 2 && !items.first().is_some_and(totals_record) {
        return None;
    }
    let end = spans.last()?.1;
    let mut body = Vec::new();
    for (&(a, e), v) in spans.iter().zip(&items) {
        body.push((scan_object(text, a, e)?, v));
    }
    let rows = build(text, &body)?;
    Some((Table { format: Format::Json, start: k, end, prefix: String::new(), rows, grid: None }, end))
}

/// A lone record of totals (`{"region": "Total", "Owner": 172, …}`): the margins of a table
/// printed apart from it, a table of one row. Any other lone object is no table.
fn totals_record(v: &Value) -> bool {
    let Value::Object(m) = v else { return false };
    let first_text = m.values().find_map(Value::as_str);
    first_text.is_some_and(super::structure::is_total_label) && m.values().filter(|x| x.is_number()).count() >= 2
}

/// The table of an array of records at `start..end`, if it is one.
fn records<'t>(text: &'t str, start: usize, end: usize, items: &[Value]) -> Option<Table<'t>> {
    if !items.iter().all(Value::is_object) || (items.len() < 2 && !items.first().is_some_and(totals_record)) {
        return None;
    }
    // Each object's span: scan the array's top level.
    let b = text.as_bytes();
    let mut spans = Vec::new();
    let mut k = start + 1;
    while k < end {
        match b[k] {
            b'{' => {
                let e = skip_value(b, k)?;
                spans.push((k, e));
                k = e;
            }
            b']' => break,
            _ => k += 1,
        }
    }
    if spans.len() != items.len() {
        return None;
    }
    let mut body = Vec::new();
    for (&(a, e), v) in spans.iter().zip(items) {
        body.push((scan_object(text, a, e)?, v));
    }
    let rows = build(text, &body)?;
    Some(Table { format: Format::Json, start, end, prefix: String::new(), rows, grid: None })
}

/// One object's members: key and the value's byte span (`None` for a nested value).
type Members<'t> = Vec<(Cow<'t, str>, Option<(usize, usize)>)>;

/// Header and rows from scanned objects: keys in first-seen order; a row per object.
fn build<'t>(text: &'t str, body: &[(Members<'t>, &Value)]) -> Option<Vec<Row<'t>>> {
    let mut keys: Vec<Cow<'t, str>> = Vec::new();
    for (members, _) in body {
        for (key, _) in members {
            if !keys.contains(key) {
                keys.push(key.clone());
            }
        }
    }
    let scalars = body.iter().flat_map(|(m, _)| m.iter()).filter(|(_, v)| v.is_some()).count();
    if keys.len() < 2 || scalars < body.len() * 2 {
        return None;
    }
    let at = body[0].0.first().and_then(|(_, v)| *v).map_or(0, |v| v.0);
    let header = keys.iter().map(|k| Field::virtual_at(at, k.clone())).collect();
    let mut rows = vec![Row { fields: header }];
    for (members, value) in body {
        let fields = keys
            .iter()
            .map(|key| {
                let Some((_, Some((a, e)))) = members.iter().find(|(k, _)| k == key) else {
                    return Field::virtual_at(at, Cow::Borrowed(""));
                };
                let (a, e) = (*a, *e);
                if text.as_bytes()[a] == b'"' {
                    // A string: its content, unescaped when it has escapes.
                    let inner = &text[a + 1..e - 1];
                    let shown = match value.get(key.as_ref()) {
                        Some(Value::String(s)) if inner.contains('\\') => Cow::Owned(s.clone()),
                        _ => Cow::Borrowed(inner),
                    };
                    Field { start: a + 1, end: e - 1, text: shown, quoted: false, indent: 0 }
                } else {
                    Field { start: a, end: e, text: Cow::Borrowed(&text[a..e]), quoted: true, indent: 0 }
                }
            })
            .collect();
        rows.push(Row { fields });
    }
    let width = rows[0].fields.len();
    square(&mut rows, width);
    labels_first(&mut rows);
    Some(rows)
}

/// The end of the JSON value starting at `k` (valid JSON: strings, nesting and scalars).
fn skip_value(b: &[u8], mut k: usize) -> Option<usize> {
    match b.get(k)? {
        b'"' => closing_quote(b, k + 1).map(|e| e + 1),
        b'{' | b'[' => {
            let mut depth = 0usize;
            while k < b.len() {
                match b[k] {
                    b'"' => {
                        k = skip_value(b, k)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
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
        _ => {
            while k < b.len() && !matches!(b[k], b',' | b'}' | b']') && !b[k].is_ascii_whitespace() {
                k += 1;
            }
            Some(k)
        }
    }
}

/// The members of the (valid) object at `a..e`: each key and its scalar value's span.
fn scan_object(text: &str, a: usize, e: usize) -> Option<Members<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut k = a + 1;
    loop {
        while k < e && (b[k].is_ascii_whitespace() || b[k] == b',') {
            k += 1;
        }
        if k >= e || b[k] == b'}' {
            return Some(out);
        }
        let key_end = skip_value(b, k)?;
        let raw_key = &text[k + 1..key_end - 1];
        let key = if raw_key.contains('\\') { Cow::Owned(serde_json::from_str::<String>(&text[k..key_end]).ok()?) } else { Cow::Borrowed(raw_key) };
        k = key_end;
        while k < e && (b[k].is_ascii_whitespace() || b[k] == b':') {
            k += 1;
        }
        let v_end = skip_value(b, k)?;
        match b[k] {
            b'{' if key == "_source" => out.extend(scan_object(text, k, v_end)?),
            // An object's only member wrapping the record (GraphQL's `{"node": {…}}` in a
            // connection's `edges`): its members are the record's. A metric or a binding alone
            // (a SPARQL row with one value bound) is the record's one value.
            b'{' if out.is_empty() && b[v_end..e].iter().find(|c| !c.is_ascii_whitespace()) == Some(&b'}') && metric(text, k, v_end).is_none() => {
                out.extend(scan_object(text, k, v_end)?)
            }
            b'{' => out.push((key, metric(text, k, v_end))),
            b'[' => out.push((key, None)),
            _ => out.push((key, Some((k, v_end)))),
        }
        k = v_end;
    }
}

/// The number a metric wraps (`{"value": 114}`, an Elasticsearch aggregation's result, or
/// `{"doc_count": 3}`): its span, so the metric reads as its number.
fn metric(text: &str, a: usize, e: usize) -> Option<(usize, usize)> {
    match scan_object(text, a, e)?.as_slice() {
        [(key, Some((x, y)))] if matches!(key.as_ref(), "value" | "doc_count" | "count") && text.as_bytes()[*x] != b'"' => Some((*x, *y)),
        // A SPARQL result's binding (`{"type": "literal", "datatype": "…#integer", "value": "12"}`):
        // its value, a string whatever its datatype.
        m if m.iter().any(|(k, v)| k == "type" && v.is_some()) => m.iter().find(|(k, _)| k == "value").and_then(|(_, v)| *v),
        _ => None,
    }
}
