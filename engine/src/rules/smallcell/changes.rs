//! Changes told in prose after a table (`East rose by 59`, `Fenland: down 4`, `West was
//! unchanged`): a change ties a row's two counts together, so with one of them visible it gives
//! the other back. A change in a clause that names a row hiding a count is hidden with it,
//! whatever the `prose` setting (this is a copy of a relation, not a count standing alone).
//!
//! Which two counts of the row a change joins the sentence does not say, so any hidden count of
//! the row hides it; a clause (up to a `;` or the sentence's end) is the change's reach. Only
//! text outside the tables is read, and a sentence is asked about labels only once it holds a
//! change word, so a text of many tables and no prose pays one scan.

use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;

use super::prose;
use crate::rules::tables::numbers::plain;
use crate::rules::tables::{Edit, structure::SUPPRESSED};

/// A change and its size: a verb or noun of change and the number after it (`rose by 59`,
/// `a fall of 3`, `up 4`), or a signed number (`+4`, `−3`); `unchanged` and its kin say the
/// size is zero without a number.
static CHANGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)
        \b(?:rose|rise|risen|fell|fallen|fall|grew|grown|growth|dropped|drop|declined|decline|increased|increase|decreased|decrease|climbed|jumped|gained|lost|went\s+(?:up|down)|(?:was|were|is|are)\s+(?:up|down)|up|down|changed|change|difference|shift(?:ed)?)
        (?:\s+(?:by|of|to))?(?:\s+(?:a|an|about|around|roughly|some|just|only))*\s+
        (?P<n>\d{1,3}(?:,\d{3})+|\d+)(?:\s*%)?
      | (?:^|[\s(:])(?P<signed>[+\u{2212}\u{2013}-]\s?\d{1,3}(?:,\d{3})*)\b
      | \b(?P<same>unchanged|no\s+change|did\s+not\s+change|(?:stayed|remained|was|were|held)\s+(?:the\s+same|level|flat|steady|stable))\b",
    )
    .unwrap()
});

/// The edits hiding the changes in `text` (outside `skip`, the tables' byte spans) told of one of
/// `rows` (the row labels of hidden counts).
pub fn hide(text: &str, skip: &[(usize, usize)], rows: &[&str]) -> Vec<Edit> {
    if rows.is_empty() {
        return Vec::new();
    }
    let mut labels: Option<HashSet<String>> = None;
    let mut edits = Vec::new();
    for (a, e) in prose::sentences(text, skip) {
        let s = &text[a..e];
        for (ca, clause) in clauses(s) {
            let found: Vec<(usize, usize)> = CHANGE
                .captures_iter(clause)
                .filter_map(|c| c.name("n").or_else(|| c.name("signed")).or_else(|| c.name("same")))
                .map(|m| (m.start(), m.end()))
                .collect();
            if found.is_empty() {
                continue;
            }
            let labels = labels.get_or_insert_with(|| {
                rows.iter().flat_map(|r| std::iter::once(*r).chain(r.split(" / "))).map(|r| plain(r).to_string()).filter(|r| !r.is_empty()).collect()
            });
            if labels.iter().any(|l| prose::mentions(clause, l)) {
                edits.extend(found.into_iter().map(|(x, y)| Edit { start: a + ca + x, end: a + ca + y, text: SUPPRESSED.into() }));
            }
        }
    }
    edits
}

/// The clauses of a sentence: its parts between semicolons, each with its offset.
fn clauses(s: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    s.split(';').map(move |c| {
        let start = at;
        at += c.len() + 1;
        (start, c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, rows: &[&str]) -> String {
        crate::rules::tables::apply(text, hide(text, &[], rows))
    }

    #[test]
    fn a_change_of_a_hidden_row_goes_with_it() {
        assert_eq!(run("Changes: Fenland rose by 23; East rose by 59.", &["East"]), "Changes: Fenland rose by 23; East rose by [suppressed].");
        assert_eq!(run("Year on year, West fell by 4.", &["West"]), "Year on year, West fell by [suppressed].");
        assert_eq!(
            run("Compared with last year: West was unchanged, a difference of 0.", &["West"]),
            "Compared with last year: West was [suppressed], a difference of [suppressed]."
        );
        assert_eq!(run("South: +12 on 2023.", &["South"]), "South: [suppressed] on 2023.");
        assert_eq!(run("Old Town saw an increase of 7%.", &["Old Town"]), "Old Town saw an increase of [suppressed]%.");
    }

    #[test]
    fn changes_of_other_rows_and_other_numbers_stay() {
        for same in ["Fenland rose by 23.", "East had 59 admissions.", "East: see table 2.", "The total rose by 40.", "The same counts the other way round:"] {
            assert_eq!(run(same, &["East Riding", "Lakeside", "Other"]), same);
        }
        assert_eq!(run("East had 59 admissions.", &["East"]), "East had 59 admissions.");
    }
}
