//! Sums and differences of a table's cells told again in the lines after it, as a summary
//! (`- North and South together: 17 male patients`, `- East: Male + Female = 12 people`, `- West
//! has 5 more female patients than East`). A reader takes each such number as one more relation:
//! a sum of two cells, one hidden and one published, gives the hidden one back, and so does a
//! difference. So a number whose line names the cells it is the sum of (two or more rows and
//! the column, or the only column whose cells add up to it; one row and two or more columns)
//! becomes a count of the protection problem, hidden in place when the pattern needs it; a
//! difference of two named cells does too, but it counts nobody (never a small count of its
//! own). A line whose numbers are no such sum or difference of the cells it names is left alone.

use super::header::{Outside, footer_numbers};
use crate::rules::steps::{LINK_STEP, Steps};
use crate::rules::tables::Table;
use crate::rules::tables::structure::{ColKind, Layout, is_total_label};

/// How many lines after a table (not blank, no code fence) a summary of it may run to.
const LINES: usize = 12;

/// The sums and differences told in the lines after `table` (before `next`, the start of the
/// next table). Each line costs one [`LINK_STEP`] per label compared; past the call's `steps`
/// nothing is read (the steps are spent: the table is withheld, not published unaudited).
pub fn restated(text: &str, table: &Table, l: &Layout, next: usize, steps: &Steps) -> Vec<Outside> {
    let Some(rest) = text.get(table.end..next.max(table.end).min(text.len())) else { return Vec::new() };
    let labels = |names: &mut dyn Iterator<Item = (usize, &String)>| -> Vec<(usize, String)> {
        names.map(|(k, s)| (k, s.trim().to_ascii_lowercase())).filter(|(_, s)| s.chars().count() >= 3).collect()
    };
    let rows = labels(&mut (l.header_rows..l.row_labels.len()).filter(|&r| !l.row_keys[r].iter().any(|k| is_total_label(k))).map(|r| (r, &l.row_labels[r])));
    let cols = labels(&mut l.col_names.iter().enumerate().filter(|&(c, _)| l.kinds.get(c) == Some(&ColKind::Count)));
    if rows.len() < 2 || cols.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut at = table.end;
    let mut read = 0;
    for line in rest.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let t = line.trim();
        if t.is_empty() || t.starts_with("```") || t.starts_with("~~~") {
            continue;
        }
        read += 1;
        if read > LINES {
            break;
        }
        if !steps.spend((rows.len() + cols.len()) as u64 * LINK_STEP) {
            return Vec::new();
        }
        let lower = line.to_ascii_lowercase();
        let (named_rows, row_spans) = named(&lower, &rows);
        if named_rows.is_empty() {
            continue;
        }
        let (named_cols, col_spans) = named(&lower, &cols);
        let Some(nums) = footer_numbers(line) else { continue };
        let in_label = |s: usize, e: usize| row_spans.iter().chain(&col_spans).any(|&(a, b)| s < b && a < e);
        for (s, e, n) in nums.into_iter().filter(|&(s, e, _)| !in_label(s, e)) {
            if let Some((sums, less)) = relation(l, &named_rows, &named_cols, n) {
                out.push(Outside { start: start + s, end: start + e, value: n, sums, less, plus_previous: false, pinned: false });
            }
        }
    }
    out
}

/// The labels of `labels` that `line` names as whole words, in order, and where; a label named
/// only inside a longer one that is named too (`North` in `North East`) is not.
#[allow(clippy::type_complexity)]
fn named(line: &str, labels: &[(usize, String)]) -> (Vec<usize>, Vec<(usize, usize)>) {
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let found: Vec<(usize, Vec<(usize, usize)>)> = labels
        .iter()
        .map(|(k, label)| {
            let spans = line
                .match_indices(label.as_str())
                .map(|(i, m)| (i, i + m.len()))
                .filter(|&(i, e)| !word(line[..i].chars().next_back()) && !word(line[e..].chars().next()))
                .collect();
            (*k, spans)
        })
        .filter(|(_, spans): &(usize, Vec<(usize, usize)>)| !spans.is_empty())
        .collect();
    let inside = |a: (usize, usize), k: usize| found.iter().any(|(j, spans)| *j != k && spans.iter().any(|&(s, e)| s <= a.0 && a.1 <= e && e - s > a.1 - a.0));
    let mut keys = Vec::new();
    let mut spans = Vec::new();
    for (k, own) in &found {
        let outer: Vec<(usize, usize)> = own.iter().copied().filter(|&a| !inside(a, *k)).collect();
        if !outer.is_empty() {
            keys.push(*k);
            spans.extend(outer);
        }
    }
    (keys, spans)
}

/// The cells `n` is the sum of (`(sums, [])`) or the difference of (`([larger], [smaller])`):
/// the named rows' cells in the named column (or, with none named, the first count column where
/// they add up), or the named row's cells in the named columns.
fn relation(l: &Layout, rows: &[usize], cols: &[usize], n: u64) -> Option<(Vec<usize>, Vec<usize>)> {
    let counts = |cells: Vec<(usize, usize)>| -> Option<Vec<usize>> { cells.into_iter().map(|(r, c)| l.at(r, c).filter(|&i| l.counts(i))).collect() };
    let lines: Vec<Vec<usize>> = match (rows.len(), cols.len()) {
        (1, 2..) => counts(cols.iter().map(|&c| (rows[0], c)).collect()).into_iter().collect(),
        (2.., 1) => counts(rows.iter().map(|&r| (r, cols[0])).collect()).into_iter().collect(),
        (2.., 0) => (0..l.col_names.len())
            .filter(|&c| l.kinds.get(c) == Some(&ColKind::Count))
            .filter_map(|c| counts(rows.iter().map(|&r| (r, c)).collect()))
            .collect(),
        _ => Vec::new(),
    };
    let value = |i: &usize| l.cells[*i].value;
    if let Some(cells) = lines.iter().find(|cells| cells.iter().map(value).sum::<u64>() == n) {
        return Some((cells.clone(), Vec::new()));
    }
    lines.into_iter().filter(|cells| cells.len() == 2 && n > 0).find_map(|cells| {
        let (a, b) = (cells[0], cells[1]);
        if value(&a) == value(&b) + n {
            Some((vec![a], vec![b]))
        } else if value(&b) == value(&a) + n {
            Some((vec![b], vec![a]))
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::find;

    /// A number read after the table: its text, the values of the cells it sums, and of those it
    /// is less (a difference).
    type Told = (String, Vec<u64>, Vec<u64>);

    fn told(text: &str) -> Vec<Told> {
        let t = &find(text)[0];
        let l = Layout::analyze(t, &Steps::call()).expect("counts");
        let v = |cells: &[usize]| cells.iter().map(|&i| l.cells[i].value).collect();
        restated(text, t, &l, text.len(), &Steps::call()).iter().map(|o| (text[o.start..o.end].to_string(), v(&o.sums), v(&o.less))).collect()
    }

    #[test]
    fn sums_and_differences_of_named_cells_are_read_and_nothing_else() {
        let table = "| area | Male | Female | Total |\n|---|---|---|---|\n| North | 3 | 14 | 17 |\n| South | 22 | 9 | 31 |\n| North East | 8 | 12 | 20 |\n| West | 40 | 2 | 42 |\n| Total | 73 | 37 | 110 |\n";
        let s = |n: &str, sums: &[u64], less: &[u64]| (n.to_string(), sums.to_vec(), less.to_vec());
        let read: &[(&str, Vec<Told>)] = &[
            // Rows of one column named, with its name or with none (the column where they add up).
            ("Key points:\n- North and South together: 25 male patients\n", vec![s("25", &[3, 22], &[])]),
            ("- North, South and West together: 25 female people\n", vec![s("25", &[14, 9, 2], &[])]),
            ("In summary, North and West account for 16 women.\n", vec![s("16", &[14, 2], &[])]),
            // A longer label holds a shorter one: North East is not North.
            ("- North East and West together: 48 male cases\n", vec![s("48", &[8, 40], &[])]),
            // One row, its columns.
            ("- South: Male + Female = 31 households\n", vec![s("31", &[22, 9], &[])]),
            // A difference of two named cells.
            ("- West has 37 more male patients than North\n", vec![s("37", &[40], &[3])]),
            ("- North East had 2 fewer female cases than North.\n", vec![s("2", &[14], &[12])]),
        ];
        for (after, want) in read {
            assert_eq!(&told(&format!("{table}\n{after}")), want, "{after}");
        }
        let left: &[&str] = &[
            // Numbers that are no sum or difference of the cells named.
            "- North and South together: 26 male patients\n",
            "- South: Male + Female = 30 households\n",
            // One row and one column: that cell again, no relation (the table tells it).
            "- North had 3 male patients.\n",
            // No rows named, or a number inside a label, or a year.
            "- Male and Female together: 110 patients in 2024\n",
            "Source: register, 2024 (North, South, West).\n",
        ];
        for after in left {
            assert!(told(&format!("{table}\n{after}")).is_empty(), "{after}");
        }
    }
}
