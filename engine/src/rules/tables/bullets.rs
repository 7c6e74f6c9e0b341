//! A table an agent writes as a bulleted list: a bullet per row, its label (in bold, or before a
//! colon or a dash), then its fields as `name value` parted by commas (`- **North**: Owner 12,
//! Renter 3`), or one bare count (`- North: 42`, `• South — 7`: a one-column table). Labels
//! joined by ` / ` (`North / Owner`) are that many label columns.
//!
//! The names are the header (in the order first seen; a field a bullet leaves out is empty).
//! Every field must end in a number or a suppression marker, a percentage or interval after it
//! allowed (`3 (1.2%)`, `4 [0, 10]`), so prose bullets (`- step 3: run x`, `- **Build**: 3
//! minutes`) are none, and a list of settings (`- retries: 3`, names in lower case) is none
//! either. The trigger is a line's bullet mark; a list is read from its first bullet of fields
//! (a lead-in bullet, `- By region:`, before it), never again from each of its bullets.

use std::borrow::Cow;

use super::numbers::{Locale, is_mask, stands_for_number};
use super::{Field, Format, Line, Row, Table, block_table, content, is_setting_name};

/// Fields a bullet may have (and so a list's columns).
const MAX_FIELDS: usize = 64;

/// The longest value a field may end in (`1,234 (12.5%)`, `4 [0, 10]`).
const MAX_VALUE: usize = 32;

/// The text after a line's bullet mark (`- `, `* `, `+ `, `• `), and its offset in the line.
fn after_mark(s: &str) -> Option<(char, usize)> {
    let t = s.trim_start_matches(' ');
    let mark = t.chars().next().filter(|c| matches!(c, '-' | '*' | '+' | '•'))?;
    t[mark.len_utf8()..].starts_with(' ').then(|| (mark, s.len() - t.len() + mark.len_utf8() + 1))
}

/// A byte range of the line and its text.
fn field<'t>(s: &'t str, base: usize, a: usize, b: usize) -> Field<'t> {
    let raw = &s[a..b];
    let lead = raw.len() - raw.trim_start().len();
    let t = raw.trim();
    Field { start: base + a + lead, end: base + a + lead + t.len(), text: Cow::Borrowed(t), quoted: false, indent: 0 }
}

/// Whether `s` stands for a count as a field's value (a suppression marker must not be a word:
/// `run x` is no field).
fn is_value(s: &str) -> bool {
    stands_for_number(s, Locale::English) || (is_mask(s) && !s.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// A bullet: its labels and its `(name, value)` fields (a bare count has no name).
type Bullet<'t> = (Vec<Field<'t>>, Vec<(Option<Field<'t>>, Field<'t>)>);

fn bullet<'t>(text: &'t str, line: &Line) -> Option<Bullet<'t>> {
    let s = content(text, line);
    let base = line.content;
    let (_, from) = after_mark(s)?;
    let rest = &s[from..];
    // The label: `**bold**` (then `:` or a dash), or the text before `: ` or ` — `.
    let (lab_a, lab_b, fields_at) = if let Some(bold) = rest.strip_prefix("**") {
        let close = bold.find("**")?;
        let after = bold[close + 2..].trim_start();
        let after = after.strip_prefix(':').or_else(|| after.strip_prefix(['—', '–']))?;
        (from + 2, from + 2 + close, s.len() - after.len())
    } else {
        let (k, sep) = [": ", " — ", " – "].iter().filter_map(|sep| rest.find(sep).map(|k| (k, sep.len()))).min()?;
        (from, from + k, from + k + sep)
    };
    // Labels joined by ` / ` are columns of their own, unless a part is a number (a level, `North / 1`).
    let mut labels: Vec<Field<'t>> = split(&s[lab_a..lab_b], " / ").map(|(a, b)| field(s, base, lab_a + a, lab_a + b)).collect();
    if labels.iter().any(|f| stands_for_number(&f.text, Locale::English)) {
        labels = vec![field(s, base, lab_a, lab_b)];
    }
    if labels.iter().any(|f| f.text.is_empty()) {
        return None;
    }
    let mut fields = Vec::new();
    for (a, b) in split(&s[fields_at..], ", ") {
        let item = &s[fields_at + a..fields_at + b];
        // The value: the longest tail of the item, from a word's start and at most `MAX_VALUE`
        // bytes (so a long line costs no more than its length), that stands for a count.
        let from = item.len().saturating_sub(MAX_VALUE);
        let cut = std::iter::once(0).chain(item.match_indices(' ').map(|(k, _)| k + 1)).filter(|&k| k >= from).find(|&k| is_value(item[k..].trim()))?;
        let name = (cut > 0).then(|| field(s, base, fields_at + a, fields_at + a + cut)).filter(|f| !f.text.is_empty());
        fields.push((name, field(s, base, fields_at + a + cut, fields_at + b)));
        if fields.len() > MAX_FIELDS {
            return None;
        }
    }
    // A bare count stands alone.
    (fields.len() == 1 || fields.iter().all(|(n, _)| n.is_some())).then_some((labels, fields))
}

/// A field's name as a header key (a bare count's is empty).
fn key_of<'t>(name: &Option<Field<'t>>) -> Cow<'t, str> {
    name.as_ref().map_or(Cow::Borrowed(""), |n| n.text.clone())
}

/// `s` cut at `sep` outside brackets and parentheses: the pieces' byte ranges.
fn split<'a>(s: &'a str, sep: &'a str) -> impl Iterator<Item = (usize, usize)> + 'a {
    let mut depth = 0i32;
    let mut cuts = vec![0];
    for (k, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ if depth == 0 && s[k..].starts_with(sep) => cuts.push(k),
            _ => {}
        }
    }
    cuts.push(s.len());
    (0..cuts.len() - 1).map(move |k| (if k == 0 { 0 } else { cuts[k] + sep.len() }, cuts[k + 1]))
}

/// A bulleted table starting at `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let (mark, _) = after_mark(content(text, &run[i]))?;
    // A list is read from its first bullet of fields: one after such a bullet was read with it.
    if i > 0 && after_mark(content(text, &run[i - 1])).is_some_and(|(m, _)| m == mark) && bullet(text, &run[i - 1]).is_some() {
        return None;
    }
    let mut bullets = Vec::new();
    let mut j = i;
    while let Some(b) = run.get(j).filter(|l| after_mark(content(text, l)).is_some_and(|(m, _)| m == mark)).and_then(|l| bullet(text, l)) {
        bullets.push(b);
        j += 1;
    }
    let depth = bullets.first()?.0.len();
    if bullets.len() < 2 || bullets.iter().any(|(labels, _)| labels.len() != depth) {
        return None;
    }
    // The header: every name in the order first seen, each named in two bullets at least.
    let mut names: Vec<(Cow<'t, str>, Field<'t>, usize)> = Vec::new();
    for (_, fields) in &bullets {
        for (k, (name, value)) in fields.iter().enumerate() {
            let key = key_of(name);
            if fields[..k].iter().any(|(n, _)| key_of(n) == key) {
                return None;
            }
            match names.iter().position(|(n, _, _)| *n == key) {
                Some(p) => names[p].2 += 1,
                None if names.len() < MAX_FIELDS => names.push((key, name.clone().unwrap_or_else(|| Field::virtual_at(value.start, Cow::Borrowed(""))), 1)),
                None => return None,
            }
        }
    }
    if names.iter().any(|&(_, _, uses)| uses < 2) {
        return None;
    }
    // A bare list of settings: lower-case names, one count each.
    if names.len() == 1 && names[0].0.is_empty() && bullets.iter().all(|(labels, _)| labels.iter().all(|l| is_setting_name(&l.text))) {
        return None;
    }
    let head = (0..depth).map(|_| Field::virtual_at(run[i].content, Cow::Borrowed(""))).chain(names.iter().map(|(_, f, _)| f.clone()));
    let mut rows = vec![Row { fields: head.collect() }];
    for (labels, fields) in bullets {
        let end = fields.last().map_or(0, |(_, v)| v.end);
        let values = names
            .iter()
            .map(|(key, _, _)| fields.iter().find(|(n, _)| key_of(n) == *key).map_or_else(|| Field::virtual_at(end, Cow::Borrowed("")), |(_, v)| v.clone()));
        rows.push(Row { fields: labels.into_iter().chain(values).collect() });
    }
    Some((block_table(text, run, i, j - 1, Format::Bullets, rows)?, j))
}
