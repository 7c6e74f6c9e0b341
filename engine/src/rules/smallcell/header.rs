//! Counts printed around a table rather than in its cells: a column's size in its header
//! (`Owner (n=45)`, `Cases, N = 412`) and a footer line under the table (`N = 1,204; 7 with no
//! tenure recorded are not shown`). A reader adds them to the table's relations like any total,
//! so the rule makes each one a cell of the protection problem: audited, and hidden in place
//! (only the number is replaced) when the pattern needs it.

use std::sync::LazyLock;

use regex::Regex;

use crate::rules::tables::structure::{ColKind, Layout, is_total_label};
use crate::rules::tables::{Edit, Table};

/// `n = 412` at the end of a header, bracketed or after a comma.
static HEADER_N: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)(?:^|[\s(\[,;])n\s*=\s*(\d{1,3}(?:,\d{3})+|\d+)\s*[)\]]?\s*$").unwrap());

/// A count outside the table's cells: where its number is in the text, its value, and the
/// relation it takes part in with the table's cells (member-local indices): `Σ parts (+ the
/// count itself when `part`) = total`.
pub struct Outside {
    pub start: usize,
    pub end: usize,
    pub value: u64,
    /// The table's cells it is the sum of.
    pub sums: Vec<usize>,
}

fn digits(s: &str) -> Option<u64> {
    s.chars().filter(char::is_ascii_digit).collect::<String>().parse().ok()
}

/// The cells of column `col` that add up to its size: its cell in a row labelled as a total,
/// or else its cells that total no other cells of the column. Empty when it holds no count.
fn column_sum(l: &Layout, col: usize) -> Vec<usize> {
    let cells: Vec<usize> = (0..l.cells.len()).filter(|&i| l.cells[i].col == col && l.counts(i)).collect();
    if let Some(&t) = cells.iter().find(|&&i| l.row_keys[l.cells[i].row].iter().any(|k| is_total_label(k))) {
        return vec![t];
    }
    let vertical: Vec<usize> =
        l.relations.iter().filter(|r| l.cells[r.total].col == col && r.parts.iter().all(|&p| l.cells[p].col == col)).map(|r| r.total).collect();
    cells.into_iter().filter(|i| !vertical.contains(i)).collect()
}

/// The counts in the column headers of `table` (`Owner (n=80)`), each the sum of its column as
/// the table shows it (a header number that is no such sum is left alone: it is something
/// else). Only headers written as they are in `text` (their number can be replaced in place).
pub fn header_counts(text: &str, table: &Table, l: &Layout) -> Vec<Outside> {
    let mut out = Vec::new();
    for col in 0..l.col_names.len() {
        if !l.kinds.get(col).is_some_and(|k| *k == ColKind::Count) {
            continue;
        }
        for row in &table.rows[..l.header_rows] {
            let Some(f) = row.fields.get(col) else { continue };
            if text.get(f.start..f.end) != Some(&*f.text) {
                continue;
            }
            let Some(m) = HEADER_N.captures(&f.text).and_then(|c| c.get(1)) else { continue };
            let Some(value) = digits(m.as_str()) else { continue };
            let sums = column_sum(l, col);
            if sums.is_empty() || sums.iter().map(|&i| l.cells[i].value).sum::<u64>() != value {
                continue;
            }
            out.push(Outside { start: f.start + m.start(), end: f.start + m.end(), value, sums });
        }
    }
    out
}

/// The edit hiding an outside count.
pub fn hide(o: &Outside, marker: &'static str) -> Edit {
    Edit { start: o.start, end: o.end, text: marker.into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::steps::Steps;
    use crate::rules::tables::find;

    fn counts(text: &str) -> Vec<(u64, usize)> {
        let t = &find(text)[0];
        let l = Layout::analyze(t, &Steps::call()).expect("counts");
        header_counts(text, t, &l).iter().map(|o| (o.value, o.sums.len())).collect()
    }

    #[test]
    fn a_count_in_a_column_header_is_the_column_sum() {
        let text = "| region | Owner (n=80) | Renter [n=15] | Total, N = 95 |\n|---|---|---|---|\n| West | 2 | 12 | 14 |\n| East | 78 | 3 | 81 |\n";
        assert_eq!(counts(text), vec![(80, 2), (15, 2), (95, 2)]);
        // With a Total row the header repeats its cell; a number that sums nothing is left alone.
        let text = "| region | Owner (n=80) | Renter (n=16) |\n|---|---|---|\n| West | 2 | 12 |\n| East | 78 | 3 |\n| Total | 80 | 15 |\n";
        assert_eq!(counts(text), vec![(80, 1)]);
    }
}
