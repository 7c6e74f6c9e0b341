//! Counts printed around a table rather than in its cells: a column's size in its header
//! (`Owner (n=45)`, `Cases, N = 412`) and a footer line under the table (`N = 1,204; 7 with no
//! tenure recorded are not shown`). A reader adds them to the table's relations like any total,
//! so the rule makes each one a cell of the protection problem: audited, and hidden in place
//! (only the number is replaced) when the pattern needs it. A row of counts each written over
//! the row's base (`3/52 | 49/52`) tells its total in every cell: that base is a count too, one
//! the reader always sees, so the protection never counts on hiding it.

use std::sync::LazyLock;

use regex::Regex;

use crate::rules::tables::numbers::{self, Locale};
use crate::rules::tables::structure::{ColKind, Layout, is_total_label};
use crate::rules::tables::{Edit, Format, Table};

/// `n = 412` at the end of a header, bracketed or after a comma.
static HEADER_N: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)(?:^|[\s(\[,;])n\s*=\s*(\d{1,3}(?:,\d{3})+|\d+)\s*[)\]]?\s*$").unwrap());

/// A count outside the table's cells: where its number is in the text, its value, and the
/// relation it takes part in with the table's cells (member-local indices): `Σ parts (+ the
/// count itself when `part`) = total`.
#[derive(Clone)]
pub struct Outside {
    pub start: usize,
    pub end: usize,
    pub value: u64,
    /// The table's cells it is the sum of (none: a count in no relation of its own).
    pub sums: Vec<usize>,
    /// The table's cells it is less than its one cell of `sums` (a difference told after the
    /// table, [`super::told`]): then it counts nobody, and is no small count of its own.
    pub less: Vec<usize>,
    /// Whether the outside count just before it is a part of its sum too (a footer's total
    /// over the table and the records left out of it).
    pub plus_previous: bool,
    /// Written in the cells themselves, as the base of each (`3/52`): published whatever the
    /// protection decides, and no small count of its own.
    pub pinned: bool,
}

impl Outside {
    /// Whether it counts somebody a protection may have to hide: not a base written in the cells
    /// (published whatever), nor a difference.
    pub fn counts(&self) -> bool {
        !self.pinned && self.less.is_empty()
    }
}

/// A whole number in running text (`1,204`, `87`), not part of a word, a decimal, a range's
/// other end or a percentage.
static NUMBER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d{1,3}(?:,\d{3})+|\d+").unwrap());

/// The numbers of a footer line and where they are (offsets into the line); `None` when it
/// holds more than a footer's few.
pub(super) fn footer_numbers(line: &str) -> Option<Vec<(usize, usize, u64)>> {
    let mut out = Vec::new();
    for m in NUMBER.find_iter(line) {
        let before = line[..m.start()].chars().next_back();
        let mut after = line[m.end()..].chars();
        let (a1, a2) = (after.next(), after.next());
        let glued = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if glued(before) || glued(a1) || matches!(before, Some('.' | ',' | '-' | '–' | '/')) || matches!(a1, Some('%' | '‰' | '-' | '–' | '/')) {
            continue;
        }
        if matches!(a1, Some('.' | ',')) && a2.is_some_and(|c| c.is_ascii_digit()) {
            continue;
        }
        out.push((m.start(), m.end(), digits(m.as_str())?));
        if out.len() > 4 {
            return None;
        }
    }
    Some(out)
}

/// The inner counts of a table (no margins, no differences), which a written grand total sums.
fn inner_cells(l: &Layout) -> impl Iterator<Item = usize> + '_ {
    (0..l.cells.len()).filter(|&i| l.counts(i) && !l.cells[i].margin)
}

fn inner(l: &Layout) -> Vec<usize> {
    inner_cells(l).collect()
}

/// The sum of the inner counts (0 when there are none), without collecting them: most tables
/// have no line around them that writes it.
fn grand_total(l: &Layout) -> u64 {
    inner_cells(l).map(|i| l.cells[i].value).sum()
}

/// Per count column of a table of counts of counts ([`Layout::bands`]), the sum over its bands of
/// each count times its band's number (the visits its people had), as that column's cells, each
/// as many times as its band's number; a column missing a band's count has none.
fn weighted_sums(l: &Layout) -> Vec<(u64, Vec<usize>)> {
    if l.bands.is_empty() {
        return Vec::new();
    }
    (0..l.col_names.len())
        .filter(|&c| l.kinds.get(c) == Some(&ColKind::Count))
        .filter_map(|c| {
            let mut sum = 0;
            let mut parts = Vec::new();
            for &(r, k) in &l.bands {
                let i = l.at(r, c)?;
                sum += l.cells[i].value * k;
                parts.extend(std::iter::repeat_n(i, k as usize));
            }
            (sum > 0).then_some((sum, parts))
        })
        .collect()
}

/// The counts of a footer line under `table` (the first line after it that is not blank or a
/// code fence, before `next`, the start of the next table): the table's grand total (the sum of
/// its inner cells) written again (`N = 412`), or a total over the table and a count left out
/// of it (`N = 470; 87 records were dropped`: 470 = the table's 383 + 87); in a table of counts
/// of counts, what a column's people had between them (`Admissions: Male 133, Female 325`, each
/// a weighted sum, see [`weighted_sums`]). A line whose numbers make no such sum is left alone.
pub fn footer_counts(text: &str, table: &Table, l: &Layout, next: usize) -> Vec<Outside> {
    let grand = grand_total(l);
    if grand == 0 {
        return Vec::new();
    }
    let Some(rest) = text.get(table.end..next.max(table.end).min(text.len())) else { return Vec::new() };
    let weighted = weighted_sums(l);
    let mut at = table.end;
    let mut first = true;
    // The footer is the first line; what a table of counts of counts' people had may be told a
    // few lines on (after its notes, below a closing fence).
    for line in rest.split_inclusive('\n').take(if weighted.is_empty() { 4 } else { 8 }) {
        let start = at;
        at += line.len();
        let t = line.trim();
        if t.is_empty() || t.starts_with("```") || t.starts_with("~~~") {
            continue;
        }
        let Some(nums) = footer_numbers(line) else { return Vec::new() };
        let found = |s: usize, e: usize, value: u64, sums: Vec<usize>, plus_previous: bool| Outside { start: start + s, end: start + e, value, sums, less: Vec::new(), plus_previous, pinned: false };
        if std::mem::take(&mut first) {
            for &(s, e, n) in &nums {
                for &(s2, e2, m) in &nums {
                    if s2 != s && m > 0 && n == grand + m {
                        return vec![found(s2, e2, m, Vec::new(), false), found(s, e, n, inner(l), true)];
                    }
                }
            }
            if let Some(&(s, e, n)) = nums.iter().find(|x| x.2 == grand) {
                return vec![found(s, e, n, inner(l), false)];
            }
        }
        let told: Vec<Outside> =
            nums.iter().filter_map(|&(s, e, n)| weighted.iter().find(|w| w.0 == n).map(|w| found(s, e, n, w.1.clone(), false))).collect();
        if !told.is_empty() || weighted.is_empty() {
            return told;
        }
    }
    Vec::new()
}

/// The count of a heading over `table` (one of the last four lines before it that are not blank or
/// a code fence, after `prev`, the end of the table before): the table's grand total written in
/// its title (`Referrals by area, n=358`, `All 412 patients, by region:`). A heading whose numbers
/// hold no such total is left alone.
pub fn heading_counts(text: &str, table: &Table, l: &Layout, prev: usize) -> Vec<Outside> {
    let grand = grand_total(l);
    let Some(before) = text.get(prev.min(table.start)..table.start) else { return Vec::new() };
    if grand == 0 {
        return Vec::new();
    }
    let mut end = table.start;
    let mut read = 0;
    for line in before.split_inclusive('\n').rev() {
        let start = end - line.len();
        end = start;
        let t = line.trim();
        if t.is_empty() || t.starts_with("```") || t.starts_with("~~~") {
            continue;
        }
        read += 1;
        if read > 4 {
            break;
        }
        if let Some(&(s, e, n)) = footer_numbers(line).unwrap_or_default().iter().find(|x| x.2 == grand) {
            return vec![Outside { start: start + s, end: start + e, value: n, sums: inner(l), less: Vec::new(), plus_previous: false, pinned: false }];
        }
    }
    Vec::new()
}

fn digits(s: &str) -> Option<u64> {
    s.chars().filter(char::is_ascii_digit).collect::<String>().parse().ok()
}

/// Per column, the cells that add up to its size: its cell in a row labelled as a total, or
/// else its cells that total no other cells of the column (empty for a column of no counts).
/// One pass over the cells and one over the relations.
fn column_sums(l: &Layout) -> Vec<Vec<usize>> {
    let mut vertical = vec![false; l.cells.len()];
    for r in &l.relations {
        let col = l.cells[r.total].col;
        if r.parts.iter().all(|&p| l.cells[p].col == col) {
            vertical[r.total] = true;
        }
    }
    let mut by_col: Vec<(Option<usize>, Vec<usize>)> = vec![(None, Vec::new()); l.col_names.len()];
    for (i, c) in l.cells.iter().enumerate().filter(|&(i, _)| l.counts(i)) {
        let Some(e) = by_col.get_mut(c.col) else { continue };
        if e.0.is_none() && l.row_keys[c.row].iter().any(|k| is_total_label(k)) {
            e.0 = Some(i);
        }
        if !vertical[i] {
            e.1.push(i);
        }
    }
    by_col.into_iter().map(|(total, cells)| total.map_or(cells, |t| vec![t])).collect()
}

/// The counts in the column headers of `table` (`Owner (n=80)`), each the sum of its column as
/// the table shows it (a header number that is no such sum is left alone: it is something
/// else). Only headers written as they are in `text` (their number can be replaced in place).
pub fn header_counts(text: &str, table: &Table, l: &Layout) -> Vec<Outside> {
    let mut out = Vec::new();
    let mut sums_of: Option<Vec<Vec<usize>>> = None;
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
            let sums = sums_of.get_or_insert_with(|| column_sums(l)).get(col).cloned().unwrap_or_default();
            if sums.is_empty() || sums.iter().map(|&i| l.cells[i].value).sum::<u64>() != value {
                continue;
            }
            out.push(Outside { start: f.start + m.start(), end: f.start + m.end(), value, sums, less: Vec::new(), plus_previous: false, pinned: false });
        }
    }
    out
}

/// The bases of rows whose counts are written over them (`3/52 | 49/52`): one per row whose
/// count cells all share one base and add up to it (a row that does not is left alone: its
/// cells are shares of overlapping groups, or no counts at all).
pub fn row_bases(table: &Table, l: &Layout) -> Vec<Outside> {
    let field = |c: &crate::rules::tables::structure::Cell| table.rows.get(c.row).and_then(|r| r.fields.get(c.col));
    if !l.cells.iter().any(|c| field(c).is_some_and(|f| f.text.contains('/') || f.text.contains(" of "))) {
        return Vec::new();
    }
    let locale = Locale::guess(table.rows.iter().skip(l.header_rows).flat_map(|r| r.fields.iter().map(|f| &*f.text)), table.format == Format::Delimited(b';'));
    let mut rows: std::collections::BTreeMap<usize, (Option<u64>, Vec<usize>, bool)> = std::collections::BTreeMap::new();
    for (i, c) in l.cells.iter().enumerate() {
        if !l.counts(i) || l.kinds.get(c.col) != Some(&ColKind::Count) {
            continue;
        }
        let base = field(c).and_then(|f| numbers::base(&f.text, locale));
        let (b, cells, same) = rows.entry(c.row).or_insert((base, Vec::new(), true));
        *same &= *b == base;
        cells.push(i);
    }
    rows.into_values()
        .filter_map(|(base, sums, same)| {
            let base = base.filter(|&b| same && sums.iter().map(|&i| l.cells[i].value).sum::<u64>() == b)?;
            Some(Outside { start: 0, end: 0, value: base, sums, less: Vec::new(), plus_previous: false, pinned: true })
        })
        .collect()
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

    fn footer(text: &str) -> Vec<(u64, usize, bool)> {
        let t = &find(text)[0];
        let l = Layout::analyze(t, &Steps::call()).expect("counts");
        footer_counts(text, t, &l, text.len()).iter().map(|o| (o.value, o.sums.len(), o.plus_previous)).collect()
    }

    #[test]
    fn a_footer_total_sums_the_table_and_what_it_left_out() {
        let table = "| region | Owner | Renter | Total |\n|---|---|---|---|\n| East | 6 | 36 | 42 |\n| West | 41 | 119 | 160 |\n";
        // 210 = 202 in the table + 8 left out.
        for line in ["N = 210; 8 with no tenure recorded are not shown.", "Total respondents: 210 (missing: 8)", "_n_ = 210 overall; 8 records were dropped."] {
            assert_eq!(footer(&format!("{table}{line}\n")), vec![(8, 0, false), (210, 4, true)], "{line}");
        }
        assert_eq!(footer(&format!("{table}\nBase: 202 patients.\n")), vec![(202, 4, false)]);
        // Numbers that make no such sum, or sit in a decimal or a percentage: nothing.
        assert!(footer(&format!("{table}N = 211; 8 not shown.\n")).is_empty());
        assert!(footer(&format!("{table}Rate 20.2 per 1,000; 8% missing.\n")).is_empty());
    }

    #[test]
    fn a_row_of_counts_over_one_base_makes_the_base_a_pinned_count() {
        let bases = |text: &str| {
            let t = &find(text)[0];
            let l = Layout::analyze(t, &Steps::call()).expect("counts");
            row_bases(t, &l).iter().map(|o| (o.value, o.sums.len(), o.pinned)).collect::<Vec<_>>()
        };
        let text = "| region | Owner | Renter |\n|---|---|---|\n| South | 91/149 | 58/149 |\n| Old Town | 3/52 | 49/52 |\n";
        assert_eq!(bases(text), vec![(149, 2, true), (52, 2, true)]);
        // Shares of overlapping groups (30 + 25 > 40) and bases that differ within a row: none.
        let text = "| region | Vaccinated | Boosted |\n|---|---|---|\n| South | 30/40 | 25/40 |\n| North | 3/52 | 49/53 |\n";
        assert!(bases(text).is_empty());
    }

    #[test]
    fn a_heading_total_sums_the_table() {
        let heading = |text: &str| {
            let t = &find(text)[0];
            let l = Layout::analyze(t, &Steps::call()).expect("counts");
            heading_counts(text, t, &l, 0).iter().map(|o| (o.value, o.sums.len(), text[o.start..o.end].to_string())).collect::<Vec<_>>()
        };
        let table = "| region | Owner | Renter |\n|---|---|---|\n| East | 1 | 2 |\n| West | 64 | 37 |\n";
        assert_eq!(heading(&format!("Table 2. Referrals by area, n=104\n\n{table}")), vec![(104, 4, "104".to_string())]);
        assert_eq!(heading(&format!("**All 104 patients in 2024, by region:**\n{table}")), vec![(104, 4, "104".to_string())]);
        // A heading whose numbers are no such total, or too far above the table: nothing.
        assert!(heading(&format!("Table 2 of 3, 2024\n\n{table}")).is_empty());
        assert!(heading(&format!("n=104\na\nb\nc\nd\n\n{table}")).is_empty());
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
