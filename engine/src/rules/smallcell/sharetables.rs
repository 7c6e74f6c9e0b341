//! A table of shares printed with the count table it is computed from: a cohort retention
//! triangle and then "Retention rates:" (each cohort's actives over its size), a cross-tab and then
//! its row or column percentages. The share table's rows have the count table's labels and its
//! columns (some of) the count table's names; each of its cells is a count's share of a base (its
//! row's base column or total, its column's total row, the grand total), to within the printed
//! rounding. A share beside a visible base gives a hidden count back (share × base / 100), and
//! a share of a visible count gives back a hidden base: so the share of every count hidden, or of
//! every count over a hidden base, is hidden with it. A column of the share table that repeats the
//! count column as written (the cohort sizes again) is a copy of it, hidden where the count is.
//!
//! The share table is recognised by its numbers alone: under one reading of its base (a count
//! column, a count row, the row's or the column's sum, the largest count), every non-blank cell of
//! its matched columns is the share of its count (rounded or cut off to the decimals written, with
//! or without a `%`). A table of other rates with the same labels matches no reading and is left
//! alone. Each reading is tried cell by cell until a cell does not fit, one [`LINK_STEP`] a cell.

use std::collections::HashMap;

use crate::rules::steps::{LINK_STEP, Steps};
use crate::rules::tables::Table;
use crate::rules::tables::numbers::{self, Locale, Num};
use crate::rules::tables::structure::{ColKind, Layout, plain};

/// A cell of the share table tied to the count table: the field `(row, col)` of the share table
/// tells `part` (a count cell of the count table) over the sum of `base` (its cells; none for a
/// copy of the count).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tie {
    pub row: usize,
    pub col: usize,
    pub part: usize,
    pub base: Vec<usize>,
}

/// A share as written: its value in percent and the size of its last written digit.
#[derive(Clone, Copy, Debug)]
struct Written {
    value: f64,
    step: f64,
}

/// `83.3`, `83.3%`, `83,3 %`, `0`, `100.0`: a number from 0 to 100 with its decimals.
fn share_of(text: &str) -> Option<Written> {
    let t = plain(text);
    let t = t.strip_suffix('%').map_or(t, str::trim_end);
    let (int, dec) = match t.find(['.', ',']) {
        Some(i) => (&t[..i], &t[i + 1..]),
        None => (t, ""),
    };
    if int.is_empty() || int.len() > 3 || dec.len() > 8 || !int.bytes().chain(dec.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value: f64 = format!("{int}.{dec}0").parse().ok()?;
    // Zeros after the last digit written say nothing of the rounding: `68.600000` is a share
    // rounded to one decimal and printed with six.
    let digits = dec.trim_end_matches('0').len();
    (value <= 100.0).then_some(Written { value, step: 10f64.powi(-(digits as i32)) })
}

/// Whether `part / base` prints as `w` (rounded or cut off to its decimals).
fn fits(w: Written, part: u64, base: u64) -> bool {
    if base == 0 || part > base {
        return false;
    }
    let s = 100.0 * part as f64 / base as f64;
    w.value - 0.5 * w.step - 1e-9 <= s && s < w.value + w.step - 1e-9
}

/// How a share table's rows and columns are named: its layout's reading if it has one, else its
/// first row and its label columns (those before the first named like a count column, at least
/// the first).
struct Names {
    header_rows: usize,
    labels: Vec<String>,
    /// Each row's innermost label (its last label column's).
    inner: Vec<String>,
    cols: Vec<String>,
    label_cols: Vec<bool>,
}

impl Names {
    fn of(table: &Table, layout: Option<&Layout>, count_name: impl Fn(&str) -> bool) -> Names {
        let key = |s: &str| plain(s).to_lowercase();
        match layout {
            Some(l) => Names {
                header_rows: l.header_rows,
                labels: l.row_labels.iter().map(|s| key(s)).collect(),
                inner: inner_labels(l),
                cols: l.col_names.iter().map(|s| key(s)).collect(),
                label_cols: l.kinds.iter().map(|k| matches!(k, ColKind::Label | ColKind::Level)).collect(),
            },
            None => {
                let cols: Vec<String> = table.rows.first().map_or(Vec::new(), |r| r.fields.iter().map(|f| key(&f.text)).collect());
                let n_labels = cols.iter().position(|c| count_name(c)).unwrap_or(1).max(1);
                let keys = |r: &crate::rules::tables::Row| r.fields.iter().take(n_labels).map(|f| key(&f.text)).collect::<Vec<_>>();
                Names {
                    header_rows: 1,
                    labels: table.rows.iter().map(|r| keys(r).into_iter().filter(|k| !k.is_empty()).collect::<Vec<_>>().join(" / ")).collect(),
                    inner: table.rows.iter().map(|r| keys(r).pop().unwrap_or_default()).collect(),
                    label_cols: (0..cols.len()).map(|c| c < n_labels).collect(),
                    cols,
                }
            }
        }
    }
}

/// Each row's innermost label, lower case (the label itself when there is one label column).
fn inner_labels(l: &Layout) -> Vec<String> {
    l.row_keys.iter().zip(&l.row_labels).map(|(k, label)| plain(k.last().unwrap_or(label)).to_lowercase()).collect()
}

/// Each key's position, `None` for a key written twice (it names neither).
fn unique<'k>(keys: impl Iterator<Item = (usize, &'k str)>) -> HashMap<&'k str, Option<usize>> {
    let mut index: HashMap<&str, Option<usize>> = HashMap::new();
    for (at, k) in keys {
        let e = index.entry(k).or_insert(Some(at));
        if *e != Some(at) {
            *e = None;
        }
    }
    index
}

/// A reading of the shares' base: per count cell of the count table, the cells it is a share of.
#[derive(Clone, Copy)]
enum Base {
    /// A count column: each row's cell there.
    Column(usize),
    /// A count row: each column's cell there.
    Row(usize),
    /// The sum of the row's cells that total nothing.
    RowSum,
    /// The sum of the column's cells that total nothing.
    ColSum,
    /// One cell (the grand total, the table's largest count).
    Cell(usize),
}

/// The ties of `table` (`layout`, if it was read) to the count table `counts`, when `table`
/// is a table of shares of its counts; `None` when it is not, or past `steps`.
pub fn ties(counts: &Layout, table: &Table, layout: Option<&Layout>, steps: &Steps) -> Option<Vec<Tie>> {
    if !steps.spend((table.rows.len() + table.width()) as u64 * LINK_STEP) {
        return None;
    }
    // The count table's rows and count columns by name: by the whole label, else (two tables
    // whose outer labels differ, a region in one and a year in the other) by the innermost.
    let mut count_cols: Vec<usize> = counts.cells.iter().enumerate().filter(|&(i, _)| counts.counts(i)).map(|(_, c)| c.col).collect();
    count_cols.sort_unstable();
    count_cols.dedup();
    let count_names: Vec<String> = count_cols.iter().map(|&c| plain(&counts.col_names[c]).to_lowercase()).collect();
    let cols = unique(count_cols.iter().copied().zip(count_names.iter().map(String::as_str)));
    let names = Names::of(table, layout, |c| cols.contains_key(c));
    let full: Vec<String> = counts.row_labels.iter().map(|s| plain(s).to_lowercase()).collect();
    let inner = inner_labels(counts);
    let match_rows = |theirs: &[String], ours: &[String]| -> Vec<Option<usize>> {
        let rows = unique(theirs.iter().enumerate().skip(counts.header_rows).map(|(r, s)| (r, s.as_str())));
        (0..table.rows.len()).map(|r| if r < names.header_rows { None } else { rows.get(ours[r].as_str()).copied().flatten() }).collect()
    };
    let mut row_of = match_rows(&full, &names.labels);
    if row_of.iter().flatten().count() < 2 {
        row_of = match_rows(&inner, &names.inner);
    }
    let col_of: Vec<Option<usize>> =
        (0..table.width()).map(|c| if names.label_cols[c] { None } else { cols.get(names.cols[c].as_str()).copied().flatten() }).collect();
    if row_of.iter().flatten().count() < 2 || col_of.iter().flatten().next().is_none() {
        return None;
    }
    let locale = Locale::guess(table.rows.iter().skip(names.header_rows).flat_map(|r| r.fields.iter().map(|f| &*f.text)), false);
    let mut copies = Vec::new();
    // Shares: (row, col, count cell, as written).
    let mut shares: Vec<(usize, usize, usize, Written)> = Vec::new();
    for (c, ca) in col_of.iter().enumerate().filter_map(|(c, ca)| Some((c, (*ca)?))) {
        let filled: Vec<(usize, usize, &str)> = row_of
            .iter()
            .enumerate()
            .filter_map(|(r, ra)| Some((r, (*ra)?, &*table.rows[r].fields[c].text)))
            .filter(|&(_, _, t)| !numbers::is_missing(t))
            .collect();
        if !steps.spend(filled.len() as u64 * LINK_STEP) {
            return None;
        }
        // A copy of the count column, as written.
        let copy = !filled.is_empty()
            && filled.iter().all(|&(_, ra, t)| {
                matches!(numbers::parse(t, locale), Some(Num::Count(v)) if counts.at(ra, ca).is_some_and(|i| counts.cells[i].value == v))
            });
        if copy {
            copies.extend(filled.iter().map(|&(r, ra, _)| Tie { row: r, col: c, part: counts.at(ra, ca).expect("a copy's count"), base: Vec::new() }));
            continue;
        }
        for &(r, ra, t) in &filled {
            // A share with no count under it is no share of the count table.
            shares.push((r, c, counts.at(ra, ca)?, share_of(t)?));
        }
    }
    // Shares that tell something (not all 0 or 100).
    if shares.iter().filter(|s| s.3.value > 0.0 && s.3.value < 100.0).count() < 2 {
        return None;
    }
    // Per row and per column, its counts that total nothing (the sums' cells), collected once.
    let (mut along_row, mut along_col): (HashMap<usize, Vec<usize>>, HashMap<usize, Vec<usize>>) = (HashMap::new(), HashMap::new());
    for (i, c) in counts.cells.iter().enumerate().filter(|&(i, c)| counts.counts(i) && !c.margin) {
        along_row.entry(c.row).or_default().push(i);
        along_col.entry(c.col).or_default().push(i);
    }
    let base = |b: Base, part: usize| -> Vec<usize> {
        let p = &counts.cells[part];
        match b {
            Base::Column(c) => counts.at(p.row, c).into_iter().collect(),
            Base::Row(r) => counts.at(r, p.col).into_iter().collect(),
            Base::Cell(i) => vec![i],
            Base::RowSum => along_row.get(&p.row).cloned().unwrap_or_default(),
            Base::ColSum => along_col.get(&p.col).cloned().unwrap_or_default(),
        }
    };
    let mut readings: Vec<Base> = count_cols.iter().map(|&c| Base::Column(c)).collect();
    let mut count_rows: Vec<usize> = counts.cells.iter().map(|c| c.row).collect();
    count_rows.dedup();
    readings.extend(count_rows.iter().map(|&r| Base::Row(r)));
    readings.extend([Base::RowSum, Base::ColSum]);
    if let Some((i, _)) = counts.cells.iter().enumerate().filter(|&(i, _)| counts.counts(i)).max_by_key(|&(_, c)| c.value) {
        readings.push(Base::Cell(i));
    }
    for b in readings {
        let mut tied = Vec::with_capacity(shares.len());
        for &(r, c, part, w) in &shares {
            let cells = base(b, part);
            if !steps.spend((1 + cells.len() as u64) * LINK_STEP) {
                return None;
            }
            let total = cells.iter().map(|&i| counts.cells[i].value).fold(0u64, u64::saturating_add);
            if cells.is_empty() || !fits(w, counts.cells[part].value, total) {
                break;
            }
            tied.push(Tie { row: r, col: c, part, base: cells });
        }
        if tied.len() == shares.len() {
            tied.extend(copies);
            return Some(tied);
        }
    }
    None
}

/// The fields of the share table to hide: each tie whose count or a cell of whose base is
/// `hidden`.
pub fn to_hide(ties: &[Tie], hidden: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    ties.iter().filter(|t| hidden(t.part) || t.base.iter().any(|&b| hidden(b))).map(|t| (t.row, t.col)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::find;

    /// The count table (the first in `text`) and the ties of the second to it.
    fn tie(text: &str) -> Option<(Layout, Vec<Tie>)> {
        let tables = find(text);
        let steps = Steps::call();
        let counts = Layout::analyze(&tables[0], &steps).unwrap();
        let other = Layout::analyze(&tables[1], &steps);
        let ties = ties(&counts, &tables[1], other.as_ref(), &steps)?;
        Some((counts, ties))
    }

    const TRIANGLE: &str = "| cohort | Cohort size | Month 1 | Month 2 | Month 3 |\n|---|---|---|---|---|\n| 2024-01 | 120 | 100 | 80 | 3 |\n| 2024-02 | 90 | 60 | 41 | |\n| 2024-03 | 75 | 50 | | |\n| 2024-04 | 66 | | | |\n";

    #[test]
    fn a_retention_table_is_tied_to_its_triangle() {
        // Retention as a share of the cohort size, with and without `%`, one decimal or none.
        for rates in [
            "| cohort | Cohort size | Month 1 | Month 2 | Month 3 |\n|---|---|---|---|---|\n| 2024-01 | 120 | 83.3% | 66.7% | 2.5% |\n| 2024-02 | 90 | 66.7% | 45.6% | |\n| 2024-03 | 75 | 66.7% | | |\n| 2024-04 | 66 | | | |\n",
            "| cohort | Month 1 | Month 2 | Month 3 |\n|---|---|---|---|\n| 2024-01 | 83.3 | 66.6 | 2.5 |\n| 2024-02 | 66.6 | 45.5 | |\n| 2024-03 | 66.6 | | |\n",
            "| cohort | Month 1 | Month 2 | Month 3 |\n|---|---|---|---|\n| 2024-01 | 83 | 67 | 3 |\n| 2024-02 | 67 | 46 | |\n| 2024-03 | 67 | | |\n",
        ] {
            let text = format!("{TRIANGLE}\nRetention rates:\n\n{rates}");
            let (counts, ties) = tie(&text).expect("a share table");
            // The 3 (row 1, Month 3) is hidden: its share goes with it, and no other.
            let three = counts.at(1, 4).unwrap();
            let hide = to_hide(&ties, |i| i == three);
            assert_eq!(hide.len(), 1, "{rates}");
            let (r, c) = hide[0];
            assert_eq!(r, 1);
            assert!(rates.lines().nth(r + 1).unwrap().split('|').nth(c + 1).unwrap().trim().starts_with(['2', '3']));
            // A hidden cohort size takes its row's shares (and its copy).
            let size = counts.at(2, 1).unwrap();
            assert!(to_hide(&ties, |i| i == size).iter().all(|&(r, _)| r == 2));
        }
    }

    #[test]
    fn column_shares_and_grand_shares_are_read_too() {
        let counts = "| region | Owner | Renter | Total |\n|---|---|---|---|\n| North | 40 | 3 | 43 |\n| South | 60 | 17 | 77 |\n| Total | 100 | 20 | 120 |\n";
        let by_col = "| region | Owner | Renter |\n|---|---|---|\n| North | 40.0 | 15.0 |\n| South | 60.0 | 85.0 |\n";
        assert!(tie(&format!("{counts}\nColumn %:\n\n{by_col}")).is_some());
        let grand = "| region | Owner | Renter |\n|---|---|---|\n| North | 33.3 | 2.5 |\n| South | 50.0 | 14.2 |\n";
        assert!(tie(&format!("{counts}\nOf everyone:\n\n{grand}")).is_some());
    }

    #[test]
    fn rows_are_matched_by_their_innermost_label_when_the_outer_ones_differ() {
        let counts = "| trust | cohort | Cohort size | Month 1 | Month 2 |\n|---|---|---|---|---|\n| RX1 | 2024-01 | 120 | 100 | 3 |\n| RX1 | 2024-02 | 90 | 60 | 41 |\n| RX1 | 2024-03 | 75 | 50 | |\n";
        let rates = "| period | cohort | Month 1 | Month 2 |\n|---|---|---|---|\n| 2023 | 2024-01 | 83.3 | 2.5 |\n| 2023 | 2024-02 | 66.7 | 45.6 |\n| 2023 | 2024-03 | 66.7 | |\n";
        let (counts, ties) = tie(&format!("{counts}\nRates:\n\n{rates}")).expect("a share table");
        let three = counts.at(2, 4).unwrap();
        assert_eq!(to_hide(&ties, |i| i == three), vec![(2, 3)]);
    }

    #[test]
    fn a_rate_table_of_other_numbers_is_left_alone() {
        // Same labels and columns, but the numbers are no shares of the counts.
        let rates = "| cohort | Month 1 | Month 2 | Month 3 |\n|---|---|---|---|\n| 2024-01 | 12.4 | 8.1 | 0.7 |\n| 2024-02 | 11.9 | 7.7 | |\n| 2024-03 | 10.2 | | |\n";
        assert!(tie(&format!("{TRIANGLE}\nChurn per 1,000 days:\n\n{rates}")).is_none());
        // The same triangle again as counts is no table of shares.
        assert!(tie(&format!("{TRIANGLE}\nAgain:\n\n{TRIANGLE}")).is_none());
    }

    #[test]
    fn written_shares() {
        assert!(share_of("83,3 %").is_some_and(|w| w.value == 83.3 && (w.step - 0.1).abs() < 1e-12));
        assert!(share_of("100.0%").is_some());
        // Padded with zeros: the share was rounded to one decimal.
        assert!(share_of("68.600000").is_some_and(|w| (w.step - 0.1).abs() < 1e-12));
        assert!(share_of("120.5").is_none() && share_of("1,234.5").is_none() && share_of("n/a").is_none());
        // 83.33… prints as 83.3 (rounded) and 83.3 (cut off); 2/3 as 66.7 or 66.6.
        let w = |s: &str| share_of(s).unwrap();
        assert!(fits(w("83.3"), 100, 120) && fits(w("66.7"), 2, 3) && fits(w("66.6"), 2, 3));
        assert!(!fits(w("66.5"), 2, 3) && !fits(w("66.8"), 2, 3) && !fits(w("50"), 3, 2));
    }
}
