//! Columns that repeat another column coarsened: `Patients` beside `Patients (rounded to 5)`, a
//! count beside its floor to the nearest ten, or the same count printed twice.
//!
//! A reader who sees the rounded copy of a hidden count knows the count to within the rounding
//! step, which is narrower than the protection the audit asks for. The copy is found from the
//! numbers, not from its name: every value of the column is a multiple of its step (the greatest
//! common divisor of its values, at least 2) and lies less than one step from the other
//! column's value in the same row, with at least [`MIN_CELLS`] values above zero. Half-up,
//! floor, ceiling and random rounding all fit. In a long table (`region / measure / count`) a
//! copy is a category (`Admissions (rounded to 5)`) beside another, compared at the same other
//! labels. Two series joined by a relation in every row (a total and its part) are no copies. A hidden
//! cell then hides its copy in the same row, both ways; the
//! audit of the raw counts is unchanged by it, since no coarse value of a hidden count is left.

use std::collections::BTreeMap;

use crate::rules::tables::structure::Layout;

/// Cells both series must share before one is read as the other's copy: fewer agree by chance.
const MIN_CELLS: usize = 3;
/// A group of series with the same positions larger than this is compared with its neighbours
/// only (within [`MIN_CELLS`]` * 4` places), so the search stays linear in the table's cells.
const ALL_PAIRS: usize = 64;

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// One line a copy can run along: its cells by position, and whether its name says it is rounded.
struct Series {
    rounded: bool,
    cells: Vec<(String, usize)>,
}

/// Every count column (by row), and in a long table every category of a label column (by the
/// other labels and the column), so `Admissions (rounded to 5)` rows beside `Admissions` rows
/// are series too.
fn series(layout: &Layout) -> Vec<Series> {
    let implied = |c: usize| layout.implied.iter().any(|&(p, _)| p == c);
    let mut by: BTreeMap<(usize, &str), Series> = BTreeMap::new();
    fn add<'a>(by: &mut BTreeMap<(usize, &'a str), Series>, d: usize, name: &'a str, at: String, i: usize) {
        let s = by.entry((d, name)).or_insert_with(|| Series { rounded: says_rounded(name), cells: Vec::new() });
        s.cells.push((at, i));
    }
    for (i, c) in layout.cells.iter().enumerate().filter(|&(i, c)| !implied(c.col) && layout.counts(i)) {
        add(&mut by, usize::MAX, &layout.col_names[c.col], c.row.to_string(), i);
        let keys = &layout.row_keys[c.row];
        if keys.len() < 2 {
            continue;
        }
        for d in 0..keys.len() {
            let rest: Vec<&str> = keys.iter().enumerate().filter(|&(k, _)| k != d).map(|(_, s)| s.as_str()).collect();
            add(&mut by, d, &keys[d], format!("{}\u{1f}{}", rest.join("\u{1f}"), c.col), i);
        }
    }
    by.into_values()
        .filter(|s| s.cells.len() >= MIN_CELLS)
        .map(|mut s| {
            s.cells.sort();
            s
        })
        .collect()
}

/// Whether a column or category is named as rounded (`Patients (rounded to 5)`, `n_rnd`).
fn says_rounded(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.contains("round") || lower.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == "rnd")
}

/// Pairs of series `(raw, copy)`, as cells side by side, where `copy` is `raw` coarsened or
/// repeated (see the module doc).
pub fn pairs(layout: &Layout) -> Vec<Vec<(usize, usize)>> {
    let all = series(layout);
    let value = |i: usize| layout.cells[i].value;
    // The relations each cell takes part in: a copy is not in one with its raw count in every
    // row (a Total column of small counts can lie within its step of a column it sums; one
    // sum that holds by chance does not count).
    let mut relations_of: Vec<Vec<usize>> = vec![Vec::new(); layout.cells.len()];
    for (k, rel) in layout.relations.iter().chain(&layout.broken).enumerate() {
        for i in rel.cells() {
            relations_of[i].push(k);
        }
    }
    let related = |p: usize, q: usize| relations_of[p].iter().any(|k| relations_of[q].contains(k));
    // Series over the same positions, in the order they were met.
    let mut groups: BTreeMap<Vec<&str>, Vec<usize>> = BTreeMap::new();
    for (k, s) in all.iter().enumerate() {
        groups.entry(s.cells.iter().map(|(p, _)| p.as_str()).collect()).or_default().push(k);
    }
    let mut out = Vec::new();
    for members in groups.values() {
        let reach = if members.len() <= ALL_PAIRS { members.len() } else { MIN_CELLS * 4 };
        for (x, &a) in members.iter().enumerate() {
            for &b in members.iter().skip(x + 1).take(reach) {
                let side: Vec<(usize, usize)> = all[a].cells.iter().zip(&all[b].cells).map(|(p, q)| (p.1, q.1)).collect();
                if side.iter().all(|&(p, q)| related(p, q)) {
                    continue;
                }
                let identical = side.iter().all(|&(p, q)| value(p) == value(q));
                let copy_of = |step: u64, flip: bool| {
                    step >= 2 && side.iter().all(|&(p, q)| if flip { value(q).abs_diff(value(p)) } else { value(p).abs_diff(value(q)) } < step)
                };
                let step = |k: usize| all[k].cells.iter().fold(0, |g, &(_, i)| gcd(g, value(i)));
                // Zeros agree with anything coarse: the copy must say something in enough places
                // (in one, when its name says it is rounded).
                let telling = |k: usize| {
                    let nonzero = all[k].cells.iter().filter(|&&(_, i)| value(i) > 0).count();
                    nonzero >= if all[k].rounded { 1 } else { MIN_CELLS }
                };
                if (identical && telling(a)) || (telling(b) && copy_of(step(b), false)) || (telling(a) && copy_of(step(a), true)) {
                    out.push(side);
                }
            }
        }
    }
    out
}

/// Hide, in `hidden` (per cell of `layout`), the copy of every hidden cell and the raw cell of
/// every hidden copy, until a copy of a copy is hidden too.
pub fn hide_copies(layout: &Layout, hidden: &mut [bool]) {
    let pairs = pairs(layout);
    let mut changed = !pairs.is_empty();
    while changed {
        changed = false;
        for &(a, b) in pairs.iter().flatten() {
            if hidden[a] != hidden[b] {
                hidden[a] = true;
                hidden[b] = true;
                changed = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::steps::Steps;
    use crate::rules::tables::find;

    /// How many copies the first table of `text` holds.
    fn copies(text: &str) -> usize {
        let found = find(text);
        let layout = Layout::analyze(&found[0], &Steps::call()).expect("counts");
        pairs(&layout).len()
    }

    #[test]
    fn coarsened_and_repeated_series_are_copies_and_chance_agreements_are_not() {
        // (table, copies expected)
        let cases: &[(&str, usize)] = &[
            // Half-up to 5, named.
            ("| r | P | P (rounded to 5) |\n|---|---|---|\n| a | 91 | 90 |\n| b | 2 | 0 |\n| c | 58 | 60 |\n| T | 151 | 150 |\n", 1),
            // Floor to 10, unnamed: found by the numbers.
            ("| r | n | m |\n|---|---|---|\n| a | 47 | 40 |\n| b | 3 | 0 |\n| c | 118 | 110 |\n| d | 29 | 20 |\n", 1),
            // The same count printed twice.
            ("| r | n | again |\n|---|---|---|\n| a | 47 | 47 |\n| b | 3 | 3 |\n| c | 118 | 118 |\n", 1),
            // A long table: the rounded measure is a category beside the raw one.
            ("| region | measure | n |\n|---|---|---|\n| a | Adm | 26 |\n| a | Adm (rounded to 5) | 25 |\n| b | Adm | 1 |\n| b | Adm (rounded to 5) | 0 |\n| c | Adm | 18 |\n| c | Adm (rounded to 5) | 20 |\n", 1),
            // Named rounded with a single non-zero value still says something.
            ("| r | n | n (rounded to 10) |\n|---|---|---|\n| a | 2 | 0 |\n| b | 0 | 0 |\n| c | 71 | 70 |\n", 1),
            // Two count columns that differ: no copy.
            ("| r | A | B |\n|---|---|---|\n| a | 47 | 12 |\n| b | 3 | 9 |\n| c | 118 | 64 |\n", 0),
            // A Total column of small counts lies within its step (4) of the column it sums.
            ("Site,Adverse event,None,Total\nSite 1,1,3,4\nSite 2,2,2,4\nTotal,3,5,8\n", 0),
            // Small values agree with a coarse column by chance: too few non-zero values to tell.
            ("| r | A | B |\n|---|---|---|\n| a | 1 | 0 |\n| b | 3 | 2 |\n| c | 0 | 0 |\n", 0),
        ];
        for (text, want) in cases {
            assert_eq!(copies(text), *want, "{text}");
        }
    }

    #[test]
    fn a_hidden_count_hides_its_copy_and_a_hidden_copy_its_count() {
        let text = "| r | P | P (rounded to 5) |\n|---|---|---|\n| a | 91 | 90 |\n| b | 2 | 0 |\n| c | 58 | 60 |\n| T | 151 | 150 |\n";
        let found = find(text);
        let layout = Layout::analyze(&found[0], &Steps::call()).expect("counts");
        let at = |r: usize, c: usize| layout.at(r, c).expect("a count cell");
        // Rows are counted from the header (row 0) and its rule (row 1).
        let mut hidden = vec![false; layout.cells.len()];
        hidden[at(3, 1)] = true;
        hidden[at(4, 2)] = true;
        hide_copies(&layout, &mut hidden);
        let shown: Vec<(usize, usize)> = layout.cells.iter().enumerate().filter(|&(i, _)| hidden[i]).map(|(_, c)| (c.row, c.col)).collect();
        assert_eq!(shown, vec![(3, 1), (3, 2), (4, 1), (4, 2)]);
    }
}
