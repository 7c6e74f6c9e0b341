//! What a table's numbers mean: count cells, percentage columns and the additive relations a
//! reader can use to work a hidden count back out.
//!
//! Relations come from labels (`Total`, `All`, `Overall` rows and columns; subtotal rows under
//! `Level` or indentation; two-row headers and several label columns as a product of dimensions)
//! and, where no label says so, from arithmetic (the last row or column is the sum of the others).
//! A labelled relation whose numbers do not add up (rounded or weighted inputs) is kept apart as
//! `broken` so the caller can be conservative with it.
//!
//! Working relations out costs more than reading the table (a `Total` row checks its sections'
//! sums, subtotals check each other), so it is bounded by a work budget proportional to the
//! table's size ([`WORK_PER_FIELD`]); a table whose relations could not all be worked out within it
//! is marked incomplete and the caller withholds it rather than protect it on partial relations.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::Table;

/// Steps of relation inference per field of the table, plus [`MIN_WORK`]: a step is one cell
/// added to a sum or one row looked at for a group.
pub const WORK_PER_FIELD: usize = 64;
/// The work budget of a small table.
pub const MIN_WORK: usize = 1 << 20;

/// What is left of a table's relation-inference budget.
struct Work(usize);

impl Work {
    /// Take `n` steps; `false` (and nothing left) when they are not there.
    fn take(&mut self, n: usize) -> bool {
        match self.0.checked_sub(n) {
            Some(rest) => {
                self.0 = rest;
                true
            }
            None => {
                self.0 = 0;
                false
            }
        }
    }
}

/// A number as written in a cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// A non-negative integer (`1,232` allowed).
    Count(u64),
    /// `n (p%)`: a count with its percentage.
    NPercent(u64),
    Percent,
    Decimal,
}

static COUNT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(?:\d{1,3}(?:,\d{3})+|\d+)$").unwrap());
static N_PERCENT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{1,3}(?:,\d{3})+|\d+)\s*\(\s*\d+(?:\.\d+)?\s*%?\s*\)$").unwrap());
static PERCENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^-?\d+(?:\.\d+)?\s*%$").unwrap());
static DECIMAL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$").unwrap());
static TOTAL_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?:grand |sub-?)?totals?(?:[ :(].*)?|all(?: [a-z]+)?|overall|sum|subtotal.*)$").unwrap()
});
/// Columns whose numbers are identifiers or coordinates, never counts.
static NOT_COUNT_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:.*(?-u:\b)id|.*_id|uuid|record_id|case|person|year|age|level|code|zip|postcode|#|rank|month|day|week|quarter|date)$").unwrap()
});
static PERCENT_HEADER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)%|(?-u:\b)(?:pct|percent(?:age)?|rate|share|proportion)(?-u:\b)").unwrap());

/// Strip markdown emphasis around a cell's content.
pub fn plain(s: &str) -> &str {
    let mut t = s.trim();
    for m in ["**", "__", "*", "_"] {
        if t.len() > 2 * m.len() && t.starts_with(m) && t.ends_with(m) {
            t = t[m.len()..t.len() - m.len()].trim();
        }
    }
    t
}

pub fn parse_number(s: &str) -> Option<Num> {
    let t = plain(s);
    // Fast path for the common cell, plain ASCII digits (same answer as the regexes below).
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return t.parse().ok().map(Num::Count);
    }
    if COUNT.is_match(t) {
        return t.replace(',', "").parse().ok().map(Num::Count);
    }
    if let Some(c) = N_PERCENT.captures(t) {
        return c[1].replace(',', "").parse().ok().map(Num::NPercent);
    }
    if PERCENT.is_match(t) {
        return Some(Num::Percent);
    }
    DECIMAL.is_match(t).then_some(Num::Decimal)
}

pub fn is_total_label(s: &str) -> bool {
    TOTAL_LABEL.is_match(plain(s))
}

/// What the small-cell rule writes in place of a hidden value.
pub const SUPPRESSED: &str = "[suppressed]";

fn is_missing(s: &str) -> bool {
    let t = plain(s);
    t == SUPPRESSED || matches!(t, "" | "-" | "–" | "—" | "." | ".." | "x" | "NA" | "n/a" | "N/A" | "*" | "c")
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColKind {
    Label,
    Level,
    Count,
    Percent,
    Other,
}

/// A count cell.
#[derive(Clone, Debug)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
    pub value: u64,
    /// A total or subtotal of some relation.
    pub margin: bool,
}

/// `sum(parts) == total`, indices into [`Layout::cells`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relation {
    pub parts: Vec<usize>,
    pub total: usize,
}

#[derive(Debug)]
pub struct Layout {
    pub header_rows: usize,
    pub kinds: Vec<ColKind>,
    pub cells: Vec<Cell>,
    pub relations: Vec<Relation>,
    /// Relations named by labels whose numbers do not add up.
    pub broken: Vec<Relation>,
    /// Percentage columns and the count column each one is named after, if any.
    pub percent_cols: Vec<(usize, Option<usize>)>,
    /// Whether every relation was worked out within the work budget (if not, `relations` and
    /// `broken` are partial and the table cannot be protected on them).
    pub complete: bool,
    /// Count cell at (row, col): [`Layout::at`].
    at: CellIndex,
}

/// Count cell index per (row, col), dense: tables are small and lookups many.
#[derive(Debug)]
struct CellIndex {
    width: usize,
    slots: Vec<usize>,
}

impl CellIndex {
    fn get(&self, r: usize, c: usize) -> Option<usize> {
        self.slots.get(r * self.width + c).copied().filter(|&i| i != usize::MAX)
    }
}

/// A body cell as read once: a missing-value marker, text, or a number.
#[derive(Clone, Copy, PartialEq)]
enum Read {
    Missing,
    Text,
    Number(Num),
}

fn read(s: &str) -> Read {
    if is_missing(s) {
        Read::Missing
    } else {
        parse_number(s).map_or(Read::Text, Read::Number)
    }
}

impl Layout {
    /// The count cell at (row, col), if any.
    pub fn at(&self, r: usize, c: usize) -> Option<usize> {
        self.at.get(r, c)
    }

    /// Read a table; `None` when it holds no count cells.
    pub fn analyze(table: &Table) -> Option<Layout> {
        let width = table.width();
        let rows = &table.rows;
        let text = |r: usize, c: usize| &*rows[r].fields[c].text;
        // Header rows: the first, then any rows without a single number (a two-row header). A
        // `[suppressed]` cell stands for a number, so the guard's own output reads the same way.
        let mut header_rows = 1;
        // The last row holding a number, found once (not once per header row candidate).
        let last_numeric = rows.iter().rposition(|r| r.fields.iter().any(|f| parse_number(&f.text).is_some()));
        while header_rows < rows.len()
            && (0..width).all(|c| parse_number(text(header_rows, c)).is_none() && plain(text(header_rows, c)) != SUPPRESSED)
            && (1..width).any(|c| !text(header_rows, c).is_empty())
            && last_numeric.is_some_and(|last| last > header_rows)
        {
            header_rows += 1;
        }
        let body: Vec<usize> = (header_rows..rows.len()).collect();
        if body.is_empty() {
            return None;
        }
        // Header labels per column, upper rows filled rightwards across empty (merged) cells.
        let mut headers: Vec<Vec<String>> = vec![Vec::new(); width];
        for h in 0..header_rows {
            let mut last = String::new();
            for (c, hdr) in headers.iter_mut().enumerate() {
                let t = plain(text(h, c)).to_string();
                let t = if t.is_empty() && h + 1 < header_rows && c > 0 { last.clone() } else { t };
                last = t.clone();
                hdr.push(t);
            }
        }
        let header_name = |c: usize| headers[c].iter().filter(|s| !s.is_empty()).cloned().collect::<Vec<_>>().join(" ");
        // Every body cell read once, row-major from the first body row.
        let mut reads = Vec::with_capacity(body.len() * width);
        reads.extend(body.iter().flat_map(|&r| rows[r].fields.iter().map(|f| read(&f.text))));
        let read_at = |r: usize, c: usize| reads[(r - header_rows) * width + c];

        let kinds: Vec<ColKind> = (0..width)
            .map(|c| {
                let name = header_name(c);
                let last = headers[c].last().cloned().unwrap_or_default();
                if last.eq_ignore_ascii_case("level") {
                    return ColKind::Level;
                }
                let (mut present, mut texts, mut counts, mut percents, mut n_percents) = (0, 0, 0, 0, 0);
                for &r in &body {
                    match read_at(r, c) {
                        Read::Missing => continue,
                        Read::Text => texts += 1,
                        Read::Number(Num::Count(_)) => counts += 1,
                        Read::Number(Num::NPercent(_)) => n_percents += 1,
                        Read::Number(Num::Percent) => percents += 1,
                        Read::Number(Num::Decimal) => {}
                    }
                    present += 1;
                }
                if texts > 0 {
                    return if c == 0 || texts == present { ColKind::Label } else { ColKind::Other };
                }
                if present == 0 {
                    return ColKind::Other;
                }
                if NOT_COUNT_HEADER.is_match(&last) {
                    return ColKind::Label;
                }
                let all_counts = counts + n_percents == present;
                let any_percent_cell = percents > 0;
                if PERCENT_HEADER.is_match(&name) && n_percents == 0 || any_percent_cell {
                    ColKind::Percent
                } else if all_counts && c > 0 {
                    ColKind::Count
                } else {
                    ColKind::Other
                }
            })
            .collect();
        let count_cols: Vec<usize> = (0..width).filter(|&c| kinds[c] == ColKind::Count).collect();
        if count_cols.is_empty() {
            return None;
        }
        let label_cols: Vec<usize> = (0..width).filter(|&c| kinds[c] == ColKind::Label).collect();

        let mut cells = Vec::new();
        let mut at = CellIndex { width, slots: vec![usize::MAX; rows.len() * width] };
        for &r in &body {
            for &c in &count_cols {
                if let Read::Number(Num::Count(v) | Num::NPercent(v)) = read_at(r, c) {
                    at.slots[r * width + c] = cells.len();
                    cells.push(Cell { row: r, col: c, value: v, margin: false });
                }
            }
        }

        let mut work = Work(MIN_WORK.saturating_add(WORK_PER_FIELD.saturating_mul(rows.len() * width)));
        // Row groups (total row, part rows) and column groups (total column, part columns).
        let row_keys: Vec<Vec<String>> =
            body.iter().map(|&r| label_cols.iter().map(|&c| plain(text(r, c)).to_string()).collect()).collect();
        let mut row_groups: Vec<(usize, Vec<usize>)> = if label_cols.len() >= 2 {
            product_groups(&row_keys, &mut work).into_iter().map(|(t, p)| (body[t], p.into_iter().map(|i| body[i]).collect())).collect()
        } else {
            let levels = row_levels(table, &body, &kinds, label_cols.first().copied());
            let labels: Vec<&str> = row_keys.iter().map(|k| k.first().map_or("", String::as_str)).collect();
            let mut verify = |parts: &[usize], total: usize, work: &mut Work| {
                work.take(parts.len() * count_cols.len()) && sums_up(&cells, &at, &count_cols, parts, total, true)
            };
            hierarchy_groups(&labels, &levels, &mut work, &mut verify)
                .into_iter()
                .map(|(t, p)| (body[t], p.into_iter().map(|i| body[i]).collect()))
                .collect()
        };
        if row_groups.is_empty() && body.len() >= 3 {
            let (last, rest) = body.split_last().expect("non-empty");
            if sums_up(&cells, &at, &count_cols, rest, *last, true) {
                row_groups.push((*last, rest.to_vec()));
            }
        }
        let col_keys: Vec<Vec<String>> = count_cols.iter().map(|&c| headers[c].clone()).collect();
        let mut col_groups: Vec<(usize, Vec<usize>)> =
            product_groups(&col_keys, &mut work).into_iter().map(|(t, p)| (count_cols[t], p.into_iter().map(|i| count_cols[i]).collect())).collect();
        if col_groups.is_empty() && count_cols.len() >= 3 {
            let (last, rest) = count_cols.split_last().expect("non-empty");
            if sums_up(&cells, &at, &body, rest, *last, false) {
                col_groups.push((*last, rest.to_vec()));
            }
        }

        let mut relations = Vec::new();
        let mut broken = Vec::new();
        let mut add = |total: Option<usize>, parts: Vec<Option<usize>>| {
            let (Some(total), Some(parts)) = (total, parts.into_iter().collect::<Option<Vec<usize>>>()) else { return };
            let rel = Relation { parts, total };
            let sum: u64 = rel.parts.iter().map(|&i| cells[i].value).sum();
            if sum == cells[rel.total].value { relations.push(rel) } else { broken.push(rel) }
        };
        // Relations are as large as their groups times the other dimension: charged to the budget.
        for (t, parts) in &row_groups {
            if !work.take(parts.len() * count_cols.len()) {
                break;
            }
            for &c in &count_cols {
                add(at.get(*t, c), parts.iter().map(|&r| at.get(r, c)).collect());
            }
        }
        for (t, parts) in &col_groups {
            if !work.take(parts.len() * body.len()) {
                break;
            }
            for &r in &body {
                add(at.get(r, *t), parts.iter().map(|&c| at.get(r, c)).collect());
            }
        }
        let complete = work.0 > 0;
        relations.dedup();
        for rel in relations.iter().chain(&broken) {
            cells[rel.total].margin = true;
        }

        let percent_cols = (0..width)
            .filter(|&c| kinds[c] == ColKind::Percent)
            .map(|c| (c, named_after(&header_name(c), &count_cols, &header_name)))
            .collect();
        Some(Layout { header_rows, kinds, cells, relations, broken, percent_cols, complete, at })
    }
}

/// Groups along dimensions: for every item whose key is a total in dimension `d`, the items that
/// agree with it elsewhere and are not totals in `d`. Items are grouped by their key without `d`
/// (one pass per dimension, not one per total: thousands of `Total` rows were quadratic). A pass
/// costs the keys' size and is charged to `work`; stops with what it found when that runs out.
fn product_groups(keys: &[Vec<String>], work: &mut Work) -> Vec<(usize, Vec<usize>)> {
    let mut groups = Vec::new();
    let dims = keys.first().map_or(0, Vec::len);
    let total: Vec<Vec<bool>> = keys.iter().map(|k| k.iter().map(|l| is_total_label(l)).collect()).collect();
    for d in 0..dims {
        if !total.iter().any(|row| row[d]) {
            continue;
        }
        if !work.take(keys.len() * dims) {
            return groups;
        }
        let others = |i: usize| -> Vec<&str> { (0..dims).filter(|&e| e != d).map(|e| keys[i][e].as_str()).collect() };
        let mut parts_by_key: HashMap<Vec<&str>, Vec<usize>> = HashMap::new();
        for i in (0..keys.len()).filter(|&i| !total[i][d]) {
            parts_by_key.entry(others(i)).or_default().push(i);
        }
        for t in (0..keys.len()).filter(|&t| total[t][d]) {
            let parts = parts_by_key.get(&others(t)).cloned().unwrap_or_default();
            if parts.len() >= 2 || (parts.len() == 1 && dims == 1) {
                groups.push((t, parts));
            }
        }
    }
    groups
}

/// Nesting level per body row: the `Level` column if there is one, else the label's indentation.
fn row_levels(table: &Table, body: &[usize], kinds: &[ColKind], label: Option<usize>) -> Vec<usize> {
    if let Some(lc) = kinds.iter().position(|k| *k == ColKind::Level) {
        return body.iter().map(|&r| table.rows[r].fields[lc].text.trim().parse().unwrap_or(0)).collect();
    }
    let Some(lc) = label else { return vec![0; body.len()] };
    let indents: Vec<usize> = body.iter().map(|&r| table.rows[r].fields[lc].indent).collect();
    let mut distinct = indents.clone();
    distinct.sort_unstable();
    distinct.dedup();
    indents.iter().map(|i| distinct.iter().position(|d| d == i).unwrap_or(0) + 1).collect()
}

/// Row groups from labels and levels: a parent row sums its children (the rows right below it,
/// one level deeper); a `Total` row sums the top-level rows of its section, or the subtotals before
/// it when those are what adds up (`verify(parts, total, work)` checks the arithmetic and charges
/// it). Stops, with the groups found so far, when `work` runs out.
fn hierarchy_groups(labels: &[&str], levels: &[usize], work: &mut Work, verify: &mut dyn FnMut(&[usize], usize, &mut Work) -> bool) -> Vec<(usize, Vec<usize>)> {
    let n = labels.len();
    let total: Vec<bool> = labels.iter().map(|l| is_total_label(l)).collect();
    let mut groups = Vec::new();
    for p in 0..n {
        if total[p] {
            continue;
        }
        let run = (p + 1..n).take_while(|&i| levels[i] > levels[p] && !total[i]).count();
        if !work.take(run) {
            return groups;
        }
        let children: Vec<usize> = (p + 1..p + 1 + run).filter(|&i| levels[i] == levels[p] + 1).collect();
        if !children.is_empty() {
            groups.push((p, children));
        }
    }
    let mut section_start = 0;
    let mut subtotals: Vec<usize> = Vec::new();
    for t in 0..n {
        if !total[t] {
            continue;
        }
        if !work.take(t - section_start + subtotals.len()) {
            return groups;
        }
        let section: Vec<usize> = (section_start..t).filter(|&i| !total[i]).collect();
        let top = section.iter().map(|&i| levels[i]).min().unwrap_or(0);
        let section_top: Vec<usize> = section.into_iter().filter(|&i| levels[i] == top).collect();
        let parts = if !verify(&section_top, t, work) && subtotals.len() >= 2 && verify(&subtotals, t, work) { subtotals.clone() } else { section_top };
        if work.0 == 0 {
            return groups;
        }
        if !parts.is_empty() {
            groups.push((t, parts));
        }
        subtotals.push(t);
        section_start = t + 1;
    }
    groups
}

/// Whether `total` is the sum of `parts` in every line across `across` (rows when `by_row` is
/// false: `parts`/`total` are then columns), with at least one non-zero sum.
fn sums_up(cells: &[Cell], at: &CellIndex, across: &[usize], parts: &[usize], total: usize, by_row: bool) -> bool {
    if parts.is_empty() {
        return false;
    }
    let get = |line: usize, x: usize| {
        let key = if by_row { (x, line) } else { (line, x) };
        at.get(key.0, key.1).map(|i| cells[i].value)
    };
    let mut nonzero = false;
    for &line in across {
        let Some(t) = get(line, total) else { return false };
        let mut sum = 0;
        for &p in parts {
            let Some(v) = get(line, p) else { return false };
            sum += v;
        }
        if sum != t {
            return false;
        }
        nonzero |= t > 0;
    }
    nonzero
}

/// The count column a percentage column is named after ("Referred %" after "Referred",
/// "% of patients" after "Patients"), if any.
fn named_after(pct: &str, count_cols: &[usize], name: &impl Fn(usize) -> String) -> Option<usize> {
    let stem = |w: &str| w.trim_end_matches('s').to_ascii_lowercase();
    let words: Vec<String> = pct
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(stem)
        .filter(|w| !matches!(w.as_str(), "pct" | "percent" | "percentage" | "rate" | "share" | "proportion" | "of" | "in" | "per" | "the"))
        .collect();
    if words.is_empty() {
        return None;
    }
    count_cols.iter().copied().find(|&c| {
        let cw: Vec<String> = name(c).split(|ch: char| !ch.is_alphanumeric()).filter(|w| !w.is_empty()).map(stem).collect();
        !cw.is_empty() && cw == words
    })
}

#[cfg(test)]
mod tests {
    use super::super::find;
    use super::*;

    fn layout(s: &str) -> Layout {
        Layout::analyze(&find(s)[0]).expect("a count table")
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number("1,232"), Some(Num::Count(1232)));
        assert_eq!(parse_number("**7**"), Some(Num::Count(7)));
        assert_eq!(parse_number("2 (0.9%)"), Some(Num::NPercent(2)));
        assert_eq!(parse_number("12.5%"), Some(Num::Percent));
        assert_eq!(parse_number("3.5"), Some(Num::Decimal));
        assert_eq!(parse_number("2024-01-05"), None);
        assert_eq!(parse_number("1.2.3"), None);
    }

    #[test]
    fn two_way_table_with_margins() {
        let l = layout("| R | A | B | Total |\n|---|---|---|---|\n| x | 1 | 2 | 3 |\n| y | 4 | 5 | 9 |\n| Total | 5 | 7 | 12 |");
        assert_eq!(l.cells.len(), 9);
        assert_eq!(l.relations.len(), 6);
        assert!(l.broken.is_empty());
    }

    #[test]
    fn arithmetic_totals_without_labels() {
        let l = layout("R,A,B,C\nx,1,2,3\ny,4,5,9\nz,5,7,12\n");
        // Last column = A + B in every row, last row = x + y in every column.
        assert_eq!(l.relations.len(), 6);
    }

    #[test]
    fn totals_that_do_not_add_up_are_broken() {
        let l = layout("| R | A | Total |\n|---|---|---|\n| x | 1 | 3 |\n| y | 4 | 4 |\n| Total | 5 | 8 |");
        assert!(!l.broken.is_empty());
    }

    #[test]
    fn hierarchy_from_indentation() {
        let s = "| Area | A | B | Total |\n|---|---|---|---|\n| North | 10 | 10 | 20 |\n|   N1 | 4 | 4 | 8 |\n|   N2 | 6 | 6 | 12 |\n| South | 5 | 0 | 5 |\n|   S1 | 5 | 0 | 5 |\n| Total | 15 | 10 | 25 |";
        let l = layout(s);
        assert!(l.broken.is_empty(), "{:?}", l.broken);
        // 6 row sums; North = N1 + N2, South = S1 and Total = North + South in 3 columns each.
        assert_eq!(l.relations.len(), 6 + 3 + 3 + 3);
    }

    #[test]
    fn a_row_of_suppressed_cells_is_body_not_header() {
        // The guard's own output: without the marker counting as a number, the first body row
        // would become a second header row and a second pass would suppress row y.
        let l = layout("| R | A | B |\n|---|---|---|\n| x | [suppressed] | 99999999999999999999999 |\n| y | 4 | 5 |");
        assert_eq!(l.header_rows, 1);
    }

    #[test]
    fn relation_inference_has_a_budget_and_says_when_it_ran_out() {
        assert!(layout("| R | A | B | Total |\n|---|---|---|---|\n| x | 1 | 2 | 3 |\n| Total | 1 | 2 | 3 |").complete);
        // Every row a total: each checks the sections and subtotals before it (quadratic).
        let l = layout(&format!("Area,N\n{}", "Total,3\n".repeat(4000)));
        assert!(!l.complete, "{} relations", l.relations.len());
        // Two label columns with thousands of totals are grouped in one pass per dimension.
        let two = (0..4000).map(|i| if i % 2 == 0 { format!("Total,b{i},3\n") } else { format!("a{i},Total,3\n") }).collect::<String>();
        assert!(layout(&format!("A,B,N\n{two}")).complete);
    }

    #[test]
    fn product_groups_match_labels_in_every_other_dimension() {
        let keys: Vec<Vec<String>> = [["a", "x"], ["b", "x"], ["Total", "x"], ["a", "y"], ["Total", "y"], ["a", "Total"], ["b", "Total"]]
            .iter()
            .map(|k| k.iter().map(|s| s.to_string()).collect())
            .collect();
        let groups = product_groups(&keys, &mut Work(1000));
        assert_eq!(groups, vec![(2, vec![0, 1]), (5, vec![0, 3])]);
    }

    #[test]
    fn percent_columns_named_after_counts() {
        let s = "| Age | Patients | % of patients | Readmitted | Readmission rate (%) |\n|---|---|---|---|---|\n| a | 3 | 0.1 | 1 | 33.3 |\n| b | 300 | 99.9 | 20 | 6.7 |";
        let l = layout(s);
        assert_eq!(l.percent_cols, vec![(2, Some(1)), (4, None)]);
    }
}
