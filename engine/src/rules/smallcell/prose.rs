//! Small counts in sentences (the `prose` setting, on in `research-data`): "only 3 COPD patients
//! in Peace Valley" gives back what a suppressed table hid, or discloses on its own.
//!
//! Outside the tables of the text, a number is suppressed when
//! - it counts people or cases (`3 patients`, `two pupils`, `4 COPD cases`: a count noun after at
//!   most three words) and is below the threshold;
//! - its sentence names a category of a table in the same text (a row label or column name) and
//!   it is below the threshold;
//! - its sentence names the row of a count the table hid and it is that count (a hidden
//!   complement restated in prose gives its primary back);
//! - it is a percentage or rate whose base is in the sentence (`3.8% of 80 patients`, `(n = 80)`)
//!   and stands for a count below the threshold.
//!
//! Numbers that are part of dates, times, versions, money or ordinals are not counts, nor is a
//! number hyphenated to a word (`4-week average`, `3-person households`): a measure.

use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;

use crate::rules::Hit;
use crate::rules::tables::structure::{Cell, Layout, SUPPRESSED, is_total_label, plain};
use crate::rules::tables::{self, Edit, numbers};
use crate::verdict::Severity;

/// A count a table hid: its row label, column name and value.
/// (Borrowed from the table's layout: a withheld table hides every cell, and a text of
/// thousands of tables must not copy thousands of labels.)
pub struct HiddenCell<'a> {
    pub row: &'a str,
    pub col: &'a str,
    pub value: u64,
}

impl<'a> HiddenCell<'a> {
    pub fn of(layout: &'a Layout, c: &Cell) -> Self {
        HiddenCell { row: &layout.row_labels[c.row], col: &layout.col_names[c.col], value: c.value }
    }
}

#[derive(Default)]
pub struct Prose {
    pub hits: Vec<Hit>,
    pub edits: Vec<Edit>,
}

const WORDS: &[&str] = &[
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

/// A number token: digits (with thousands separators) or a number word.
static NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    let words = WORDS.join("|");
    Regex::new(&format!(r"(?i)\b(?:\d{{1,3}}(?:,\d{{3}})+|\d+|{words})\b")).unwrap()
});
static COUNT_NOUN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:\s+[\w-]+){0,3}?\s+(?:patients?|people|persons?|individuals?|cases?|pupils?|students?|children|child|adults?|women|men|girls?|boys?|residents?|respondents?|participants?|subjects?|deaths?|births?|admissions?|households?|families|users?|employees?|staff|members?|clients?|donors?|victims?|claimants?|referrals?|inpatients?|outpatients?|mothers?|babies|infants?)\b").unwrap()
});
static PERCENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)(\d+(?:[.,]\d+)?)\s*(?:%|per ?cent)").unwrap());
static BASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:\bof\s+(?:the\s+|all\s+|these\s+)?|\bout\s+of\s+|\bn\s*=\s*|\bbase\s*[:=]?\s*)(\d{1,3}(?:,\d{3})+|\d+)").unwrap()
});
/// Context that makes a number something other than a count.
static NOT_COUNT_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:\s*(?:%|per ?cent|st|nd|rd|th|am|pm|h|hrs?|hours?|mins?|minutes?|s|secs?|seconds?|days?|weeks?|months?|years?|yrs?|kg|g|mg|ml|l|km|m|cm|mm|gb|mb|kb|tb|x|px|pts? of)\b|\.\d|:\d|-\w|/\d)").unwrap()
});

/// A chart's scale (`█ = 5 patients`, `scale: 1 # per 2`): the numbers beside the bar character
/// count no one.
static CHART_SCALE_BEFORE: LazyLock<Regex> = LazyLock::new(|| Regex::new(&format!(r"{}\s*(?:=|per)\s*$", super::bars::BAR)).unwrap());
static CHART_SCALE_AFTER: LazyLock<Regex> = LazyLock::new(|| Regex::new(&format!(r"^\s*{}\s*(?:=|per\b)", super::bars::BAR)).unwrap());

fn word_value(w: &str) -> Option<u64> {
    WORDS.iter().position(|x| x.eq_ignore_ascii_case(w)).map(|v| v as u64)
}

/// Sentences of `text` outside `skip` spans: byte ranges.
pub(super) fn sentences(text: &str, skip: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let b = text.as_bytes();
    let mut k = 0;
    // The spans by start, walked beside the sentences: only those crossing a sentence are
    // asked about it (a text of thousands of tables must not cost sentences times tables).
    let mut order: Vec<usize> = (0..skip.len()).collect();
    order.sort_by_key(|&i| skip[i].0);
    let mut next = 0;
    // The spans crossing the current sentence, in `skip`'s order.
    let mut open: Vec<usize> = Vec::new();
    let mut push = |a: usize, e: usize, out: &mut Vec<(usize, usize)>| {
        while next < order.len() && skip[order[next]].0 < e {
            open.push(order[next]);
            next += 1;
        }
        // Sentences come in order: a span ending before this one ends before every later one.
        open.retain(|&i| skip[i].1 > a);
        open.sort_unstable();
        // Cut around skipped spans.
        let mut from = a;
        for &(s, t) in open.iter().map(|&i| &skip[i]) {
            if t <= from || s >= e {
                continue;
            }
            if s > from {
                out.push((from, s));
            }
            from = from.max(t);
        }
        if from < e {
            out.push((from, e));
        }
    };
    while k < b.len() {
        let end = match b[k] {
            b'\n' => true,
            b'.' | b'!' | b'?' => b.get(k + 1).is_none_or(|c| c.is_ascii_whitespace()),
            _ => false,
        };
        if end {
            push(start, k + 1, &mut out);
            start = k + 1;
        }
        k += 1;
    }
    push(start, b.len(), &mut out);
    out
}

/// Whether `sentence` names `label` as a whole word or phrase (case-insensitive, three characters
/// at least).
pub(super) fn mentions(sentence: &str, label: &str) -> bool {
    let l = label.trim();
    if l.chars().count() < 3 {
        return false;
    }
    let s = sentence.to_lowercase();
    let l = l.to_lowercase();
    s.match_indices(&l).any(|(i, _)| {
        let before = s[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let after = s[i + l.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric());
        before && after
    })
}

/// Suppress the small counts in the sentences of `text` (outside the spans that `table_edits`
/// rewrite and outside the tables of `layouts`' text).
pub fn inspect(
    text: &str,
    layouts: &[&Layout],
    hidden: &[HiddenCell],
    table_spans: &[(usize, usize)],
    threshold: u64,
    min_value: u64,
) -> Prose {
    let mut out = Prose::default();
    let labels: HashSet<String> = layouts
        .iter()
        .flat_map(|l| l.row_labels.iter().flat_map(|r| r.split(" / ")).chain(l.col_names.iter().map(String::as_str)))
        .map(|s| plain(s).to_string())
        .filter(|s| s.chars().count() >= 3 && !is_total_label(s) && numbers::parse(s, numbers::Locale::English).is_none())
        .collect();
    let mut spans: Vec<(usize, usize)> = table_spans.to_vec();
    spans.sort_unstable();
    let mut count = 0;
    for (a, e) in sentences(text, &spans) {
        let s = &text[a..e];
        if !s.bytes().any(|b| b.is_ascii_digit()) && !s.split(|c: char| !c.is_alphabetic()).any(|w| word_value(w).is_some()) {
            continue;
        }
        // A line of a command listing (`ls -l`, `ps`) is no sentence.
        if s.split_whitespace().filter(|w| tables::is_machine_value(w)).count() >= 2 {
            continue;
        }
        let named: Vec<&String> = labels.iter().filter(|l| mentions(s, l)).collect();
        let bases: Vec<u64> = BASE.captures_iter(s).filter_map(|c| c[1].replace(',', "").parse().ok()).collect();
        let mut done: Vec<(usize, usize)> = Vec::new();
        // Percentages with a base in the sentence.
        for c in PERCENT.captures_iter(s) {
            let m = c.get(0).expect("match");
            let Ok(p) = c[1].replace(',', ".").parse::<f64>() else {
                continue;
            };
            if bases.iter().any(|&n| {
                let implied = (p * n as f64 / 100.0).round() as u64;
                (min_value..threshold).contains(&implied) && p < 100.0
            }) {
                done.push((m.start(), m.end()));
            }
        }
        for m in NUMBER.find_iter(s) {
            // Part of a decimal, a date, a path, money or an identifier.
            if s[..m.start()].ends_with(['.', ',', ':', '/', '$', '£', '€', '#', '-', '_']) {
                continue;
            }
            if done.iter().any(|&(x, y)| m.start() < y && m.end() > x) {
                continue;
            }
            let tok = m.as_str();
            let Some(v) = word_value(tok).or_else(|| tok.replace(',', "").parse().ok()) else {
                continue;
            };
            let rest = &s[m.end()..];
            if NOT_COUNT_AFTER.is_match(rest) || CHART_SCALE_BEFORE.is_match(&s[..m.start()]) || CHART_SCALE_AFTER.is_match(rest) {
                continue;
            }
            let small = (min_value..threshold).contains(&v);
            let counted = small && COUNT_NOUN.is_match(rest);
            let category = small && !named.is_empty();
            let restated = hidden.iter().any(|h| h.value == v && (mentions(s, h.row) || (h.row.is_empty() && mentions(s, h.col))));
            if counted || category || restated {
                done.push((m.start(), m.end()));
            }
        }
        for (x, y) in done {
            count += 1;
            out.edits.push(Edit { start: a + x, end: a + y, text: SUPPRESSED.into() });
        }
    }
    if count > 0 {
        out.hits.push(Hit {
            code: super::CODE,
            severity: Severity::High,
            reason: format!(
                "{count} {} below the small-cell threshold of {threshold} in prose",
                if count == 1 { "count" } else { "counts" }
            ),
            preview: format!("<{threshold}"),
            action: None,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> String {
        let p = inspect(text, &[], &[], &[], 10, 1);
        crate::rules::tables::apply(text, p.edits)
    }

    #[test]
    fn counts_of_people_below_the_threshold() {
        assert_eq!(run("Only 3 COPD patients were seen."), "Only [suppressed] COPD patients were seen.");
        assert_eq!(run("We saw two pupils."), "We saw [suppressed] pupils.");
        assert_eq!(run("We saw 12 pupils."), "We saw 12 pupils.");
        assert_eq!(run("3.8% of 80 patients had it."), "[suppressed] of 80 patients had it.");
        assert_eq!(run("40% of 80 patients had it."), "40% of 80 patients had it.");
        for same in
            ["Version 1.2.3 fixes 2 bugs.", "Meet at 3 pm, room 4.", "It costs $3 per user.", "Wait 5 minutes.", "On 2024-01-05 we left."]
                .into_iter()
                // A bar chart's scale.
                .chain(["As a chart (█ = 5 patients):", "Quick view (= = 2 patients):", "Bars (scale: 1 # per 2 patients):"])
        {
            assert_eq!(run(same), same);
        }
    }

    #[test]
    fn a_number_hyphenated_to_a_word_is_a_measure_not_a_count() {
        use crate::rules::steps::Steps;
        use crate::rules::tables::{find, structure::Layout};
        let table = "| week | Cases |\n|---|---|\n| W1 | 40 |\n| W2 | 3 |\n";
        let layout = Layout::analyze(&find(table)[0], &Steps::call()).expect("a count table");
        // `week` names the table's column: a small number in the sentence would be a category's.
        for (text, want) in [
            ("Counts by week with the 4-week average:", "Counts by week with the 4-week average:"),
            ("Counts by week, 4 of them flagged.", "Counts by week, [suppressed] of them flagged."),
        ] {
            let p = inspect(text, &[&layout], &[], &[], 10, 1);
            assert_eq!(crate::rules::tables::apply(text, p.edits), want);
        }
    }

    #[test]
    fn sentences_skip_table_spans() {
        let text = "| a | 3 patients |\nThen 2 cases.";
        let p = inspect(text, &[], &[], &[(0, 17)], 10, 1);
        assert_eq!(crate::rules::tables::apply(text, p.edits), "| a | 3 patients |\nThen [suppressed] cases.");
    }

    proptest::proptest! {
        /// Walking the spans beside the sentences cuts them as asking every span about every
        /// sentence did, whatever the spans' order and overlaps.
        #[test]
        fn sentences_cut_as_every_span_asked(text in "[a. \n]{0,60}", skip in proptest::collection::vec((0usize..64, 0usize..12), 0..8)) {
            let skip: Vec<(usize, usize)> = skip.into_iter().map(|(s, n)| (s, s + n)).collect();
            let mut want = Vec::new();
            let mut start = 0;
            let mut ends: Vec<usize> = text.match_indices(['\n', '.']).map(|(i, c)| i + c.len()).filter(|&e| text.as_bytes()[e - 1] == b'\n' || text.as_bytes().get(e).is_none_or(|c| c.is_ascii_whitespace())).collect();
            ends.push(text.len());
            for e in ends {
                let mut from = start;
                for &(s, t) in &skip {
                    if t <= from || s >= e {
                        continue;
                    }
                    if s > from {
                        want.push((from, s));
                    }
                    from = from.max(t);
                }
                if from < e {
                    want.push((from, e));
                }
                start = e;
            }
            proptest::prop_assert_eq!(sentences(&text, &skip), want);
        }
    }
}
