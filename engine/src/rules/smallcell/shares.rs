//! Shares of hidden counts told after a table (`Sensitivity: 98.0%`, `PPV 87.3% (48/55)`): a
//! percentage of a count over one of its margins, with the margin visible, gives the count back
//! to within the printed rounding (48 of 49 is the only count that reads 98.0 %), and so does a
//! visible count over a hidden margin. A diagnostic test's sensitivity, specificity and
//! predictive values under its 2×2 table are such shares. They are hidden with the counts,
//! whatever the `prose` setting (like a change told of a hidden row, this is a copy of the table,
//! not a count standing alone).
//!
//! Which count and margin a share is of the text does not say: any pair of a relation's part and
//! its total, one of them hidden, whose share prints as the percentage (rounded or cut off, to
//! the decimals written) hides it, as does a fraction `part/total` of such a pair. The pairs'
//! shares are put in a set once, so a text pays one lookup per percentage it holds.

use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;

use super::prose;
use crate::rules::tables::{Edit, structure::SUPPRESSED};

/// Decimals a share is matched to: a percentage written with more is too precise to be a
/// rounding of a count's share only by chance, and is matched to two.
const MAX_DECIMALS: u32 = 2;

/// A percentage (`98.0%`, `3,8 %`, `12 per cent`) or a fraction of two counts (`48/49`, `1 of
/// 1088`, `1 out of 1088`).
static SHARE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?P<int>\d{1,3})(?:[.,](?P<dec>\d+))?\s*(?:%|per ?cent)|\b(?P<num>\d+)(?:\s*/\s*|\s+(?:out\s+)?of\s+)(?P<den>\d+)\b").unwrap()
});

/// The shares of `pairs` (`(part, total)`, one of them hidden): per number of decimals, the
/// percentage in hundredths … as an integer, rounded and cut off.
struct Shares {
    percents: HashSet<(u32, u64)>,
    fractions: HashSet<(u64, u64)>,
}

impl Shares {
    fn of(pairs: &[(u64, u64)]) -> Shares {
        let mut percents = HashSet::new();
        let mut fractions = HashSet::new();
        for &(part, total) in pairs.iter().filter(|&&(p, t)| t > 0 && p <= t) {
            fractions.insert((part, total));
            for k in 0..=MAX_DECIMALS {
                let scaled = part as f64 * 100.0 * 10f64.powi(k as i32) / total as f64;
                percents.insert((k, scaled.round() as u64));
                percents.insert((k, scaled.floor() as u64));
            }
        }
        Shares { percents, fractions }
    }

    /// Whether a written share is one of these.
    fn contains(&self, c: &regex::Captures) -> bool {
        if let (Some(n), Some(d)) = (c.name("num"), c.name("den")) {
            return matches!((n.as_str().parse(), d.as_str().parse()), (Ok(n), Ok(d)) if self.fractions.contains(&(n, d)));
        }
        let int: u64 = c["int"].parse().unwrap_or(u64::MAX);
        let dec = c.name("dec").map_or("", |m| m.as_str());
        let k = (dec.len() as u32).min(MAX_DECIMALS);
        let frac = if k == 0 { 0 } else { dec[..k as usize].parse::<u64>().unwrap_or(u64::MAX) };
        int.checked_mul(10u64.pow(k)).and_then(|x| x.checked_add(frac)).is_some_and(|x| self.percents.contains(&(k, x)))
    }
}

/// The edits hiding the shares in `text` (outside `skip`, the tables' byte spans) that tell a
/// count of `pairs` (a relation's part and its total, one of them hidden).
pub fn hide(text: &str, skip: &[(usize, usize)], pairs: &[(u64, u64)]) -> Vec<Edit> {
    if pairs.is_empty() {
        return Vec::new();
    }
    let mut shares: Option<Shares> = None;
    let mut edits = Vec::new();
    for (a, e) in prose::sentences(text, skip) {
        let s = &text[a..e];
        let mut written = SHARE.captures_iter(s).peekable();
        if written.peek().is_none() {
            continue;
        }
        // Built once, for the first sentence that writes a share.
        let shares = shares.get_or_insert_with(|| Shares::of(pairs));
        for c in written {
            if shares.contains(&c) {
                // A fraction's two counts each go (the sign between them stays); a percentage whole.
                let parts = match (c.name("num"), c.name("den")) {
                    (Some(n), Some(d)) => vec![n, d],
                    _ => vec![c.get(0).expect("a match")],
                };
                edits.extend(parts.into_iter().map(|m| Edit { start: a + m.start(), end: a + m.end(), text: SUPPRESSED.into() }));
            }
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, pairs: &[(u64, u64)]) -> String {
        crate::rules::tables::apply(text, hide(text, &[], pairs))
    }

    #[test]
    fn a_share_of_a_hidden_count_goes_with_it() {
        // Test + / PCR positive 48 (hidden) of 49 (visible), and of its row's 55.
        let pairs = [(48, 49), (48, 55), (1, 49), (1, 63)];
        assert_eq!(run("* Sens: 98.0%\n* PPV: 87.3%\n", &pairs), "* Sens: [suppressed]\n* PPV: [suppressed]\n");
        // Cut off rather than rounded, with a decimal comma, in words, as a fraction.
        assert_eq!(run("Sensitivity 97,9 % (48/49).", &pairs), "Sensitivity [suppressed] ([suppressed]/[suppressed]).");
        assert_eq!(run("The miss rate was 2 per cent.", &pairs), "The miss rate was [suppressed].");
        assert_eq!(run("Missed: 1 of 49 (1 out of 63).", &pairs), "Missed: [suppressed] of [suppressed] ([suppressed] out of [suppressed]).");
        // Other percentages and fractions stay.
        assert_eq!(run("Coverage 91.2% of 120 sites; 3/4 of regions reported.", &pairs), "Coverage 91.2% of 120 sites; 3/4 of regions reported.");
    }

    #[test]
    fn nothing_hidden_nothing_read() {
        assert_eq!(run("Sens: 98.0% (48/49)", &[]), "Sens: 98.0% (48/49)");
    }
}
