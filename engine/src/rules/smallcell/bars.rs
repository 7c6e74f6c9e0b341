//! Text bar charts after a table (`South | ████ 19`): a bar's length is proportional to a count,
//! so it gives the count back to within the chart's unit, and a number printed after it is the
//! count itself. A chart line labelled like a row that hides a count is a copy of that row: its
//! bar and its number are hidden with the count.
//!
//! Which of the row's counts a bar draws (one column, the row's total) the chart does not say,
//! so any hidden count of the row hides the row's bar: a visible count loses only its copy.
//! Only lines outside the text's tables are read, in runs of chart lines of which at least one
//! draws a bar (a line of a zero count may draw none); the pass is one scan of the text.

use std::cell::OnceCell;
use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;

use crate::rules::tables::numbers::plain;
use crate::rules::tables::{Edit, structure::SUPPRESSED};

/// The characters a bar is drawn with (a regex class).
pub const BAR: &str = "[█▇▆▅▄▃▂▁▉▊▋▌▍▎▏■▪◼●▓▒░#=*+]";

/// One chart line: a label, a `|` or `:`, a bar of block characters and/or a count (a bar of
/// one repeated character: [`one_char`]).
static LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^[ \t]*(?P<label>[^|:\s][^|:\n]*?)[ \t]*[|:][ \t]*(?:(?P<bar>{BAR}+)?[ \t]*(?P<n>\d{{1,3}}(?:,\d{{3}})+|\d+)?)[ \t]*\r?$",
    ))
    .unwrap()
});

/// The edits hiding the chart lines of `text` (outside `skip`, the tables' byte spans) whose
/// label names one of `rows` (the row labels of hidden counts).
pub fn hide(text: &str, skip: &[(usize, usize)], rows: &[&str]) -> Vec<Edit> {
    if rows.is_empty() {
        return Vec::new();
    }
    // The hidden rows' labels as chart lines write them, read at the first chart line: a text
    // of thousands of tables and no chart must not pay for thousands of labels.
    let labels = OnceCell::new();
    let labels = || -> &HashSet<String> {
        labels.get_or_init(|| {
            rows.iter().flat_map(|r| std::iter::once(*r).chain(r.split(" / "))).map(|r| plain(r).to_lowercase()).filter(|r| !r.is_empty()).collect()
        })
    };
    let mut edits = Vec::new();
    // The bars and counts of the current run of chart lines that copy a hidden row.
    let mut run: Vec<(usize, usize)> = Vec::new();
    let mut drawn = false;
    let close = |run: &mut Vec<(usize, usize)>, drawn: &mut bool, edits: &mut Vec<Edit>| {
        if *drawn {
            edits.extend(run.iter().map(|&(start, end)| Edit { start, end, text: SUPPRESSED.into() }));
        }
        run.clear();
        *drawn = false;
    };
    // The tables' spans merged into disjoint ones in order, walked beside the lines: a text of
    // thousands of tables must not cost lines times tables.
    let mut spans = skip.to_vec();
    spans.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(spans.len());
    for (s, e) in spans {
        match merged.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => merged.push((s, e)),
        }
    }
    let mut k = 0;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let line = line.strip_suffix('\n').unwrap_or(line);
        while k < merged.len() && merged[k].1 <= start {
            k += 1;
        }
        let inside = k < merged.len() && merged[k].0 < start + line.len();
        let caps = if inside || !line.contains(['|', ':']) { None } else { LINE.captures(line) };
        let Some(c) = caps.filter(|c| c.name("bar").is_none_or(|b| one_char(b.as_str()))) else {
            close(&mut run, &mut drawn, &mut edits);
            continue;
        };
        drawn |= c.name("bar").is_some();
        if labels().contains(&plain(&c["label"]).to_lowercase()) {
            // The bar and the count each stand for the row's count: each is hidden as written.
            run.extend(["bar", "n"].iter().filter_map(|g| c.name(g)).map(|m| (start + m.start(), start + m.end())));
        }
    }
    close(&mut run, &mut drawn, &mut edits);
    edits
}

/// Whether a bar is one character repeated (`####`, not `#=#`: that is no bar).
fn one_char(bar: &str) -> bool {
    let mut cs = bar.chars();
    cs.next().is_some_and(|first| cs.all(|c| c == first))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, skip: &[(usize, usize)], rows: &[&str]) -> String {
        crate::rules::tables::apply(text, hide(text, skip, rows))
    }

    #[test]
    fn a_bar_and_its_count_go_with_the_hidden_row() {
        let text = "Chart (each █ = 5):\n\nEast    | █ 4\nFenland | \nSouth   | ████████ 39\n\nDone.";
        assert_eq!(
            run(text, &[], &["East", "Fenland"]),
            "Chart (each █ = 5):\n\nEast    | [suppressed] [suppressed]\nFenland | \nSouth   | ████████ 39\n\nDone."
        );
        let zero = "A | ==\nB | 0\n";
        assert_eq!(run(zero, &[], &["b"]), "A | ==\nB | [suppressed]\n");
    }

    #[test]
    fn no_chart_no_edit() {
        // Lines of label and number without any bar are no chart; tables' own lines are skipped.
        let text = "East | 4\nWest | 7\nNorth |\n";
        assert_eq!(run(text, &[], &["East"]), text);
        let table = "East | ####\n";
        assert_eq!(run(table, &[(0, table.len())], &["East"]), table);
        assert_eq!(run("East | ####\n", &[], &["West"]), "East | ####\n");
    }
}
