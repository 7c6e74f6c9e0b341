//! Prometheus' text exposition (and OpenMetrics'): a sample per line,
//! `referrals{region="East",tenure="Owner"} 70`, as a dashboard's or an exporter's counts are
//! printed. A run of samples of one metric with the same label names in the same order is a long
//! table: the label names and the metric's name are its header, each sample a row of its label
//! values and its value.
//!
//! Most metrics count what machines do (requests, bytes, restarts), so a run is a table only when
//! its metric names people or their records (`clinic_patients`, `admissions_total`,
//! `active_users`), its values are whole numbers and its label sets name each sample once; a
//! histogram's buckets, sums and quantiles (`_bucket`, `le=`, `quantile=`) are a distribution of
//! one measurement, not a table of groups. The `# HELP` and `# TYPE` lines before a run are
//! comments, read apart.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;

use super::numbers::{Locale, Num, is_missing, parse};
use super::{Field, Format, Line, Row, Table, block_table, closing_quote, content};

/// A metric that counts people or their records: one of its words (parted by `_`) says so.
static PEOPLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:^|_)(?:patients?|people|persons?|individuals?|cases|pupils?|students?|children|adults?|residents?|respondents?|participants?|subjects?|members?|users?|customers?|clients?|employees?|staff|admissions?|referrals?|visits?|deaths?|births?|households?|claimants?|enrolments?|enrollments?|registrations?|applicants?|beneficiaries|citizens?)(?:_|$)").unwrap()
});

/// Samples with more labels than this are no table row.
const MAX_LABELS: usize = 16;

/// One sample: its metric's name, its labels (name, value field) and its value field.
struct Sample<'t> {
    metric: &'t str,
    labels: Vec<(&'t str, Field<'t>)>,
    value: Field<'t>,
}

/// The sample on `line`, if the line is one (`name{k="v",…} value [timestamp]`).
fn sample<'t>(text: &'t str, line: &Line) -> Option<Sample<'t>> {
    let s = content(text, line);
    let b = s.as_bytes();
    let name_end = b.iter().position(|&c| !(c.is_ascii_alphanumeric() || c == b'_' || c == b':'))?;
    if name_end == 0 || b[0].is_ascii_digit() || b[name_end] != b'{' {
        return None;
    }
    let metric = &s[..name_end];
    let at = line.content;
    let mut labels = Vec::new();
    let mut k = name_end + 1;
    loop {
        if b.get(k) == Some(&b'}') {
            k += 1;
            break;
        }
        let key_end = k + b[k..].iter().position(|&c| !(c.is_ascii_alphanumeric() || c == b'_'))?;
        if key_end == k || b.get(key_end..key_end + 2) != Some(b"=\"") || labels.len() == MAX_LABELS {
            return None;
        }
        let v0 = key_end + 2;
        let v1 = closing_quote(b, v0)?;
        labels.push((&s[k..key_end], Field { start: at + v0, end: at + v1, text: Cow::Borrowed(&s[v0..v1]), quoted: false, indent: 0 }));
        k = v1 + 1;
        match b.get(k) {
            Some(b',') => k += 1,
            Some(b'}') => {}
            _ => return None,
        }
    }
    let rest = &s[k..];
    let v0 = k + rest.len() - rest.trim_start().len();
    if v0 == k {
        return None;
    }
    let mut words = s[v0..].split_whitespace();
    let value = words.next()?;
    // An optional timestamp after the value, nothing else.
    if words.next().is_some_and(|t| !t.bytes().all(|c| c.is_ascii_digit())) || words.next().is_some() {
        return None;
    }
    let v1 = v0 + value.len();
    Some(Sample { metric, labels, value: Field { start: at + v0, end: at + v1, text: Cow::Borrowed(value), quoted: false, indent: 0 } })
}

/// A count or a missing value: what a table's value holds.
fn whole(s: &str) -> bool {
    matches!(parse(s, Locale::English), Some(Num::Count(_))) || is_missing(s)
}

/// A run of samples of one metric and one label set starting at `run[i]`, and the index of the
/// line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = sample(text, &run[i])?;
    let names: Vec<&str> = first.labels.iter().map(|(n, _)| *n).collect();
    let metric = first.metric;
    let same = |s: &Sample| s.metric == metric && s.labels.len() == names.len() && s.labels.iter().zip(&names).all(|((n, _), m)| n == m);
    if i > 0 && sample(text, &run[i - 1]).is_some_and(|s| same(&s)) {
        return None;
    }
    let histogram = ["_bucket", "_sum", "_created"].iter().any(|x| metric.ends_with(x)) || names.iter().any(|n| matches!(*n, "le" | "quantile"));
    if histogram || names.is_empty() || !PEOPLE.is_match(metric) {
        return None;
    }
    let mut samples = vec![first];
    let mut j = i + 1;
    while let Some(s) = run.get(j).and_then(|l| sample(text, l)).filter(|s| same(s)) {
        samples.push(s);
        j += 1;
    }
    if samples.len() < 2 || !samples.iter().all(|s| whole(&s.value.text)) {
        return None;
    }
    let mut seen = HashSet::new();
    if !samples.iter().all(|s| seen.insert(s.labels.iter().map(|(_, f)| &*f.text).collect::<Vec<_>>())) {
        return None;
    }
    // The header: each label's name where the first sample writes it, then the metric's name.
    let start = run[i].content;
    let mut header: Vec<Field<'t>> = samples[0]
        .labels
        .iter()
        .map(|(n, f)| {
            let s = f.start - n.len() - 2;
            Field { start: s, end: s + n.len(), text: Cow::Borrowed(*n), quoted: false, indent: 0 }
        })
        .collect();
    let words = if metric.contains('_') { Cow::Owned(metric.replace('_', " ")) } else { Cow::Borrowed(metric) };
    header.push(Field { start, end: start + metric.len(), text: words, quoted: false, indent: 0 });
    let mut rows = vec![Row { fields: header }];
    rows.extend(samples.into_iter().map(|s| Row { fields: s.labels.into_iter().map(|(_, f)| f).chain([s.value]).collect() }));
    Some((block_table(text, run, i, j - 1, Format::Exposition, rows)?, j))
}
