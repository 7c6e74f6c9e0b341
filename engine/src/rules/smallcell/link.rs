//! Tables of one text that share a margin are one table to a reader: a one-way table of regions
//! beside a region × tenure cross-tab gives each row's total (10 − 7 − 0 = 3 if the cross-tab
//! hid a 3 but not its row); two cross-tabs of one population give each region's total twice.
//! Such tables are protected and audited together.
//!
//! A table's margins are its row sums by row label, its column sums by column name (over the
//! cells a column shows: a pivot leaves zeros blank) and its grand total, summed over its inner
//! cells (not over its own totals). Two tables share a dimension
//! when at least two labels of one of their dimensions are labels of one dimension of the other
//! and every such label has the same sum in both: then each of those sums is a relation between
//! the two tables. Equal grand totals are a relation too. An equality of two sums of several
//! cells goes through a virtual cell (the common sum, never published).
//!
//! A table continued in the next ones (`(continued)`: the same columns, the last chunk's Total
//! row summing the rows of every chunk) is one table too: each column's total is the sum of the
//! chunks' cells ([`continuations`]).
//!
//! A wide table printed in parts side by side (`Table 1, continued` with the next columns: the
//! same rows in the same order) is one table too when a total column of the last part sums every
//! part's counts in its row ([`side_by_side`]).
//!
//! A table printed again with its rows grouped into broader bands (ages 18-29 and 30-39 as
//! 18-39), with the same columns, shares no label with the first, but its numbers give it away:
//! each broad row is the sum of a run of fine rows, so a hidden 5 is 41 − 36 ([`bands`]).

use std::collections::HashMap;

use crate::rules::steps::{LINK_STEP, Steps};
use crate::rules::tables::structure::{Layout, Relation, is_total_label, plain};

/// A group of tables as one protection problem.
pub struct Linked {
    /// Relations between tables, over global cell indices (`offsets[t] + cell`), virtual cells
    /// numbered after all real ones.
    pub relations: Vec<Relation>,
    /// Values of the virtual cells, in order.
    pub virtual_values: Vec<u64>,
    /// Totals the relations explain across tables (a continued table's Total row): a relation
    /// of their own table that did not add up is not broken after all.
    pub explained: Vec<usize>,
    /// Cells that are the differences of two other tables' (a table of changes): no counts,
    /// whatever their column looked like.
    pub derived: Vec<usize>,
}

/// The count columns of a table, in order (differences left out).
fn count_cols(l: &Layout) -> Vec<usize> {
    let mut cols: Vec<usize> = l.cells.iter().enumerate().filter(|&(i, _)| l.counts(i)).map(|(_, c)| c.col).collect();
    cols.sort_unstable();
    cols.dedup();
    cols
}

/// Sums across tables with the same count columns, each as `(first, last, relations)` over
/// the tables `first..=last` (global cell indices):
/// - a table continued in the next ones (`(continued)`): the last chunk's Total row does not sum
///   its own rows but sums them with the rows of the tables just before it (nearest first);
/// - a breakdown (`The Other row is made up of:`): a table without a Total row whose column sums
///   are a row of the table just before it, in at least two columns.
///
/// A cell that totals its own column (a subtotal) is no row of a sum. `None` past the call's
/// `steps` (one [`LINK_STEP`] per cell visited).
#[allow(clippy::type_complexity)]
pub fn continuations(layouts: &[&Layout], offsets: &[usize], steps: &Steps) -> Option<Vec<(usize, usize, Vec<Relation>)>> {
    let mut out = Vec::new();
    let cols: Vec<Vec<usize>> = layouts.iter().map(|l| count_cols(l)).collect();
    let names: Vec<Vec<&str>> = layouts.iter().zip(&cols).map(|(l, cs)| cs.iter().map(|&c| l.col_names[c].as_str()).collect()).collect();
    // Per table, per count column (by position): the cells that are rows of its sum, and the sum.
    let inner_of = |t: usize| -> Option<Vec<(Vec<usize>, u64)>> {
        let l = layouts[t];
        if !steps.spend(l.cells.len() as u64 * LINK_STEP) {
            return None;
        }
        let vertical = column_totals(l);
        let mut by_col = vec![(Vec::new(), 0u64); cols[t].len()];
        for (i, c) in l.cells.iter().enumerate() {
            if l.counts(i) && !vertical[i] && !l.row_keys[c.row].iter().any(|k| is_total_label(k)) {
                let e = &mut by_col[cols[t].binary_search(&c.col).expect("a count column")];
                e.0.push(offsets[t] + i);
                e.1 = e.1.saturating_add(c.value);
            }
        }
        Some(by_col)
    };
    let inner: Vec<Vec<(Vec<usize>, u64)>> = (0..layouts.len()).map(inner_of).collect::<Option<_>>()?;
    let total_row_of = |l: &Layout| (l.header_rows..l.row_keys.len()).rev().find(|&r| l.row_keys[r].iter().any(|k| is_total_label(k)));
    for k in 1..layouts.len() {
        let l = layouts[k];
        let own = &inner[k];
        // A table of totals alone continues nothing (its margins link it).
        if own.iter().all(|(cells, _)| cells.is_empty()) {
            continue;
        }
        let Some(total_row) = total_row_of(l) else {
            // A breakdown of a row of the table before.
            let before = layouts[k - 1];
            if names[k - 1] != names[k] || cols[k].len() < 2 {
                continue;
            }
            let row_is = |r: usize| cols[k - 1].iter().zip(own).all(|(&c, (_, sum))| before.at(r, c).is_some_and(|i| before.cells[i].value == *sum));
            if let Some(r) = (before.header_rows..before.row_keys.len()).find(|&r| row_is(r)) {
                let relations = cols[k - 1]
                    .iter()
                    .zip(own)
                    .filter_map(|(&c, (cells, _))| Some(Relation { parts: cells.clone(), total: offsets[k - 1] + before.at(r, c)? }))
                    .collect();
                out.push((k - 1, k, relations));
            }
            continue;
        };
        let totals: Vec<(usize, usize)> =
            cols[k].iter().enumerate().filter_map(|(p, &c)| l.at(total_row, c).map(|i| (p, i))).collect();
        if totals.is_empty() {
            continue;
        }
        let mut sums = own.clone();
        // The chunks before the last have no Total row of their own.
        for j in (0..k).rev().take_while(|&j| names[j] == names[k] && total_row_of(layouts[j]).is_none()) {
            if !steps.spend(layouts[j].cells.len() as u64 * LINK_STEP) {
                return None;
            }
            for (s, (cells, sum)) in sums.iter_mut().zip(&inner[j]) {
                s.0.extend(cells);
                s.1 = s.1.saturating_add(*sum);
            }
            if totals.iter().all(|&(p, t)| sums[p].1 == l.cells[t].value) {
                let relations = totals.iter().map(|&(p, t)| Relation { parts: sums[p].0.clone(), total: offsets[k] + t }).collect();
                out.push((j, k, relations));
                break;
            }
        }
    }
    Some(out)
}

/// Per cell of `l`, whether it totals cells of its own column (a subtotal or a Total row's
/// cell, by its labels or its numbers).
fn column_totals(l: &Layout) -> Vec<bool> {
    let mut vertical = vec![false; l.cells.len()];
    for r in l.relations.iter().chain(&l.broken).filter(|r| r.parts.iter().all(|&p| l.cells[p].col == l.cells[r.total].col)) {
        vertical[r.total] = true;
    }
    vertical
}

/// A table's rows for [`bands`]: per row holding counts (not a total row, by its label or by
/// its cells all summing their own column), per count column its cell and value, if shown.
type BandRows = Vec<BandRow>;
type BandRow = Vec<Option<(usize, u64)>>;

/// A table's rows for [`bands`], and the names of their columns when they are not the table's
/// count columns: a long table (every row under two labels or more: `16-24, Owner, 1`) is read
/// by its first label that varies, when it spans rows, one row per value (its rows one run), and
/// a column per other labels and count column (`Owner`). `None` for a long table whose first
/// label comes back after another or names a cell twice.
fn band_rows(l: &Layout, cols: &[usize]) -> Option<(Vec<String>, BandRows)> {
    let vertical = column_totals(l);
    let cells = |r: usize| cols.iter().map(|&c| l.at(r, c).filter(|&i| l.counts(i)).map(|i| (i, l.cells[i].value))).collect::<Vec<_>>();
    let rows: Vec<usize> = count_rows(l)
        .into_iter()
        .filter(|&r| !l.row_keys[r].iter().any(|k| is_total_label(k)))
        .filter(|&r| {
            let row = cells(r);
            row.iter().any(Option::is_some) && !row.iter().flatten().all(|&(i, _)| vertical[i])
        })
        .collect();
    // The labels that tell rows apart (not one the same on every row: a trust's name filled down).
    let all: Vec<Vec<&str>> = rows.iter().map(|&r| l.row_keys[r].iter().filter(|k| !k.is_empty()).map(String::as_str).collect()).collect();
    let depth = all.first().map_or(0, Vec::len);
    let varies: Vec<usize> = (0..depth).filter(|&d| all.iter().all(|ks| ks.len() == depth) && all.iter().any(|ks| ks[d] != all[0][d])).collect();
    let keys: Vec<Vec<&str>> = all.iter().map(|ks| varies.iter().map(|&d| ks[d]).collect()).collect();
    // A first label on one row each (a row number) is no band of several rows.
    if varies.len() < 2 || !keys.windows(2).any(|w| w[0][0] == w[1][0]) {
        return Some((Vec::new(), rows.into_iter().map(cells).collect()));
    }
    let mut names: Vec<String> = Vec::new();
    let mut bands: Vec<(&str, BandRow)> = Vec::new();
    for (r, ks) in rows.into_iter().zip(&keys) {
        let (band, rest) = (ks[0], &ks[1..]);
        if bands.last().is_none_or(|b| b.0 != band) {
            if bands.iter().any(|b| b.0 == band) {
                return None;
            }
            bands.push((band, Vec::new()));
        }
        let row = &mut bands.last_mut().expect("a band").1;
        for (&c, cell) in cols.iter().zip(cells(r)) {
            let Some(cell) = cell else { continue };
            let name = format!("{} / {}", rest.join(" / "), l.col_names[c]);
            let p = names.iter().position(|n| *n == name).unwrap_or_else(|| {
                names.push(name);
                names.len() - 1
            });
            if row.len() <= p {
                row.resize(p + 1, None);
            }
            if row[p].replace(cell).is_some() {
                return None;
            }
        }
    }
    let width = names.len();
    Some((names, bands.into_iter().map(|(_, mut row)| {
        row.resize(width, None);
        row
    }).collect()))
}

/// How the rows of `fine` group into those of `broad` (both [`band_rows`] over the same count
/// columns): each broad row the sum of the next run of fine rows, in order, the runs covering
/// every fine row and one at least of two rows; per broad row its run's end. A sum is compared
/// in the columns where the broad row and every row of its run show a cell (one at least, not
/// zero: zeros sum to anything). `Some(None)` when they do not group; `None` past `steps` (one
/// [`LINK_STEP`] per cell added).
fn runs(fine: &BandRows, broad: &BandRows, steps: &Steps) -> Option<Option<Vec<usize>>> {
    if broad.len() < 2 || fine.len() <= broad.len() {
        return Some(None);
    }
    let mut ends = Vec::with_capacity(broad.len());
    let mut start = 0;
    for b in broad {
        let mut sum: Vec<Option<u64>> = b.iter().map(|c| c.map(|_| 0)).collect();
        let mut end = start;
        loop {
            let Some(f) = fine.get(end) else { return Some(None) };
            if !steps.spend(f.len() as u64 * LINK_STEP) {
                return None;
            }
            for (s, c) in sum.iter_mut().zip(f) {
                *s = s.zip(*c).map(|(s, (_, v))| s.saturating_add(v));
            }
            end += 1;
            let compared = || b.iter().zip(&sum).filter_map(|(b, s)| Some((b.as_ref()?.1, (*s)?)));
            if compared().next().is_none() || compared().any(|(b, s)| s > b) {
                return Some(None);
            }
            if compared().all(|(b, s)| s == b) && compared().any(|(b, _)| b > 0) {
                break;
            }
        }
        ends.push(end);
        start = end;
    }
    let grouped = start == fine.len() && ends.iter().zip(std::iter::once(&0).chain(&ends)).any(|(e, s)| e - s >= 2);
    Some(grouped.then_some(ends))
}

/// Tables with the same count columns (by name), one of which prints the other's rows grouped
/// into broader bands (ages 18-29 and 30-39 as 18-39): each row of the broad table (but its
/// totals) is, in every count column, the sum of a run of the fine table's rows, the runs in
/// order and covering them ([`runs`]); either table may come first, and long tables are read
/// as wide ones by their bands ([`band_rows`]). A table is compared with the
/// [`SUMMED_WITHIN`] tables after it. Each found as `(first, second, relations)`, one relation
/// per broad cell over its run's cells (global indices). `None` past the call's `steps`.
#[allow(clippy::type_complexity)]
pub fn bands(layouts: &[&Layout], offsets: &[usize], steps: &Steps) -> Option<Vec<(usize, usize, Vec<Relation>)>> {
    let mut out = Vec::new();
    let cols: Vec<Vec<usize>> = layouts.iter().map(|l| count_cols(l)).collect();
    let names: Vec<Vec<&str>> = layouts.iter().zip(&cols).map(|(l, cs)| cs.iter().map(|&c| l.col_names[c].as_str()).collect()).collect();
    // Rows are read only for tables with a neighbour of the same columns.
    let mut rows: Vec<Option<Option<(Vec<String>, BandRows)>>> = vec![None; layouts.len()];
    for a in 0..layouts.len() {
        for b in a + 1..layouts.len().min(a + 1 + SUMMED_WITHIN) {
            if names[a] != names[b] || names[a].is_empty() {
                continue;
            }
            for t in [a, b] {
                if rows[t].is_none() {
                    if !steps.spend(layouts[t].cells.len() as u64 * LINK_STEP) {
                        return None;
                    }
                    rows[t] = Some(band_rows(layouts[t], &cols[t]));
                }
            }
            let (Some((na, ra)), Some((nb, rb))) = (rows[a].as_ref().expect("read"), rows[b].as_ref().expect("read")) else { continue };
            if na != nb {
                continue;
            }
            let (fine, broad) = if ra.len() > rb.len() { (a, b) } else { (b, a) };
            let (rf, rbr) = if fine == a { (ra, rb) } else { (rb, ra) };
            let Some(ends) = runs(rf, rbr, steps)? else { continue };
            let mut relations = Vec::new();
            for ((row, &end), start) in rbr.iter().zip(&ends).zip(std::iter::once(0).chain(ends.iter().copied())) {
                for (p, cell) in row.iter().enumerate() {
                    let Some((total, _)) = *cell else { continue };
                    let parts: Option<Vec<usize>> = rf[start..end].iter().map(|f| f[p].map(|(i, _)| offsets[fine] + i)).collect();
                    if let Some(parts) = parts {
                        relations.push(Relation { parts, total: offsets[broad] + total });
                    }
                }
            }
            out.push((a, b, relations));
        }
    }
    Some(out)
}

/// A table of groups beside a table of their members (wards by area team, then the same wards
/// by school cluster: groupings that need not nest), found either way the membership is told:
/// - a label column of the members' table holds the group (`unit | team | Male`), and the groups'
///   table has a row per group (`Team 1 | 172`);
/// - a label column of the groups' table lists its members (`Ironbridge + Abbey`, `A, B`).
///
/// Each group's row is then, in every count column the two tables share by name, the sum of its
/// members' rows. Read so only where two groups at least are found and every group found adds up
/// in every shared column that shows all its cells. Each as `(groups' table, members' table,
/// relations)` (global indices), each table compared with the [`SUMMED_WITHIN`] nearest. `None`
/// past the call's `steps`.
#[allow(clippy::type_complexity)]
pub fn groupings(layouts: &[&Layout], offsets: &[usize], steps: &Steps) -> Option<Vec<(usize, usize, Vec<Relation>)>> {
    let mut out = Vec::new();
    // Cheap tests first (a text of thousands of small tables compares each with sixteen): the
    // members' table names a group beside each member's own name, or the groups' table lists
    // members.
    let names_groups: Vec<bool> = layouts.iter().map(|l| l.row_keys.iter().any(|k| k.len() >= 2)).collect();
    let lists: Vec<bool> = layouts.iter().map(|l| l.row_keys.iter().flatten().any(|k| k.contains(['+', ',', ';']))).collect();
    if !names_groups.iter().chain(&lists).any(|&b| b) {
        return Some(out);
    }
    // Each table's count columns with their names as keys.
    let cols: Vec<Vec<(usize, String)>> = layouts.iter().map(|l| count_cols(l).into_iter().map(|c| (c, key(&l.col_names[c]))).collect()).collect();
    for g in 0..layouts.len() {
        for m in g.saturating_sub(SUMMED_WITHIN)..layouts.len().min(g + 1 + SUMMED_WITHIN) {
            if m == g || !names_groups[m] && !lists[g] {
                continue;
            }
            let (lg, lm) = (layouts[g], layouts[m]);
            // Count columns by name: (groups' column, members' column).
            let shared: Vec<(usize, usize)> = cols[g]
                .iter()
                .filter(|(_, name)| !name.is_empty())
                .filter_map(|(cg, name)| cols[m].iter().find(|(_, n)| n == name).map(|&(cm, _)| (*cg, cm)))
                .collect();
            if shared.is_empty() {
                continue;
            }
            let width_m = lm.row_keys.iter().map(Vec::len).max().unwrap_or(0);
            if !steps.spend((lg.cells.len() + lm.cells.len()) as u64 * LINK_STEP) {
                return None;
            }
            let (rows_g, rows_m) = (count_rows(lg), count_rows(lm));
            // The members of each group row, by either telling.
            let mut tellings: Vec<Vec<(usize, Vec<usize>)>> = Vec::new();
            // A group's name is one of its row's labels (a table of several groupings names the
            // grouping beside it).
            let labels_g: Vec<Vec<String>> = rows_g.iter().map(|&r| lg.row_keys[r].iter().map(|k| key(k)).filter(|k| !k.is_empty()).collect()).collect();
            for j in 1..width_m {
                let mut by_group: HashMap<String, Vec<usize>> = HashMap::new();
                for &x in &rows_m {
                    if let Some(k) = lm.row_keys[x].get(j).map(|k| key(k)).filter(|k| !k.is_empty()) {
                        by_group.entry(k).or_default().push(x);
                    }
                }
                tellings.push(rows_g.iter().zip(&labels_g).filter_map(|(&r, labels)| Some((r, labels.iter().find_map(|k| by_group.get(k))?.clone()))).collect());
            }
            // A member is named by its first label (a ward, beside its team and cluster).
            let member_of: HashMap<String, usize> = rows_m.iter().filter_map(|&r| Some((key(lm.row_keys[r].first()?), r))).collect();
            let width_g = rows_g.iter().map(|&r| lg.row_keys[r].len()).max().unwrap_or(0);
            for j in 0..width_g {
                tellings.push(
                    rows_g
                        .iter()
                        .filter_map(|&r| {
                            let list = lg.row_keys[r].get(j)?;
                            let names: Vec<&str> = list.split(['+', ',', ';']).map(str::trim).filter(|n| !n.is_empty()).collect();
                            let members: Option<Vec<usize>> = names.iter().map(|n| member_of.get(&key(n)).copied()).collect();
                            members.filter(|m| m.len() >= 2).map(|m| (r, m))
                        })
                        .collect(),
                );
            }
            let value = |l: &Layout, r: usize, c: usize| l.at(r, c).map(|i| l.cells[i].value);
            for told in tellings {
                if told.len() < 2 || told.iter().all(|(_, members)| members.len() < 2) {
                    continue;
                }
                let mut checked = false;
                let holds = told.iter().all(|(r, members)| {
                    shared.iter().all(|&(cg, cm)| {
                        let sum: Option<u64> = members.iter().map(|&x| value(lm, x, cm)).sum();
                        match (sum, value(lg, *r, cg)) {
                            (Some(s), Some(v)) => {
                                checked = true;
                                s == v
                            }
                            _ => true,
                        }
                    })
                });
                if !holds || !checked {
                    continue;
                }
                let mut relations = Vec::new();
                for (r, members) in &told {
                    for &(cg, cm) in &shared {
                        let parts: Option<Vec<usize>> = members.iter().map(|&x| lm.at(x, cm).map(|i| offsets[m] + i)).collect();
                        if let (Some(parts), Some(total)) = (parts, lg.at(*r, cg)) {
                            relations.push(Relation { parts, total: offsets[g] + total });
                        }
                    }
                }
                out.push((g, m, relations));
            }
        }
    }
    Some(out)
}

/// How two or more tables that name the same cells are related, cell by cell (each list holds
/// global cell indices in one order of the cells' names, see [`cellwise`]).
pub enum Cellwise {
    /// The same counts twice (a table printed again, or transposed): `a[k] == b[k]`.
    Copy { a: Vec<usize>, b: Vec<usize> },
    /// A table of part of the population of another (after a filter, an exclusion): every cell
    /// at most the other's, `part[k] + rest = whole[k]`, the rest never published.
    Within { part: Vec<usize>, whole: Vec<usize>, rest: Vec<u64> },
    /// A table that sums others (both sexes over one table per sex): `Σ parts[j][k] == whole[k]`.
    Sum { parts: Vec<Vec<usize>>, whole: Vec<usize> },
    /// A table of changes between two others (two years): `from[k] ± by[k] == to[k]`, minus
    /// where `falls[k]`.
    Change { from: Vec<usize>, to: Vec<usize>, by: Vec<usize>, falls: Vec<bool> },
}

impl Cellwise {
    /// The tables it ties (by any of their cells, global indices).
    fn cells(&self) -> impl Iterator<Item = &Vec<usize>> {
        let (a, b, more): (&Vec<usize>, &Vec<usize>, &[Vec<usize>]) = match self {
            Cellwise::Copy { a, b } => (a, b, &[]),
            Cellwise::Within { part, whole, .. } => (part, whole, &[]),
            Cellwise::Sum { parts, whole } => (whole, whole, parts.as_slice()),
            Cellwise::Change { from, to, by, .. } => (from, to, std::slice::from_ref(by)),
        };
        [a, b].into_iter().chain(more)
    }
}

/// Every table's row keys (per row, blanks left out) and column keys, each as its rank among
/// all keys of the tables: a cell's names compare as their keys do, without a string per cell.
struct Ranks {
    rows: Vec<Vec<Vec<u32>>>,
    cols: Vec<Vec<u32>>,
}

impl Ranks {
    fn of(layouts: &[&Layout]) -> Ranks {
        let rows: Vec<Vec<Vec<String>>> =
            layouts.iter().map(|l| l.row_keys.iter().map(|ks| ks.iter().map(|k| key(k)).filter(|k| !k.is_empty()).collect()).collect()).collect();
        let cols: Vec<Vec<String>> = layouts.iter().map(|l| l.col_names.iter().map(|c| key(c)).collect()).collect();
        let mut all: Vec<&str> = rows.iter().flatten().flatten().chain(cols.iter().flatten()).map(String::as_str).collect();
        all.sort_unstable();
        all.dedup();
        let rank = |k: &String| all.binary_search(&k.as_str()).expect("every key is ranked") as u32;
        Ranks {
            rows: rows.iter().map(|t| t.iter().map(|r| r.iter().map(rank).collect()).collect()).collect(),
            cols: cols.iter().map(|t| t.iter().map(rank).collect()).collect(),
        }
    }
}

/// The cells of `l` (table `t` of `ranks`) that `take` takes, each with its names (its row
/// labels and column name, sorted), in the order of the names; `None` for fewer than two or a
/// name twice.
fn names(l: &Layout, ranks: &Ranks, t: usize, take: impl Fn(usize) -> bool) -> Option<Vec<(Vec<u32>, usize)>> {
    let taken: Vec<usize> = (0..l.cells.len()).filter(|&i| take(i)).collect();
    // A long table's one count column (`n`) names no cell: its labels are all in its rows.
    let wide = taken.iter().any(|&i| l.cells[i].col != l.cells[taken[0]].col);
    let mut named: Vec<(Vec<u32>, usize)> = taken
        .into_iter()
        .map(|i| {
            let c = &l.cells[i];
            let mut names = ranks.rows[t][c.row].clone();
            if wide || names.is_empty() {
                names.push(ranks.cols[t][c.col]);
            }
            names.sort_unstable();
            (names, i)
        })
        .collect();
    named.sort_unstable();
    (named.len() >= 2 && !named.windows(2).any(|w| w[0].0 == w[1].0)).then_some(named)
}

/// Tables of one text that hold the same cells: the same count cells named by the same sets of
/// labels (a cell's row labels and column name, in any order, so that a transposed copy names
/// the same cells; a long table's one count column is no label, so that its rows `East, Owner,
/// n` name the wide table's cell East × Owner), at least two. Among the tables of one set of names, in order:
/// - a table equal to an earlier one in every cell is a copy of it;
/// - a table that is the cellwise sum of the tables just before it, or just after it (two or
///   more, nearest first), is their sum (a grand table over subtables, before or after them);
/// - of two neighbours that are not copies, one at most the other in every cell is a part of it
///   (the same table after a filter).
///
/// A table that names one cell twice takes no part. `None` past the call's `steps` (one
/// [`LINK_STEP`] per cell read or compared).
pub fn cellwise(layouts: &[&Layout], offsets: &[usize], steps: &Steps) -> Option<Vec<Cellwise>> {
    let ranks = Ranks::of(layouts);
    let mut by_names: HashMap<Vec<Vec<u32>>, Vec<usize>> = HashMap::new();
    let mut cells: Vec<Vec<usize>> = vec![Vec::new(); layouts.len()];
    let mut values: Vec<Vec<u64>> = vec![Vec::new(); layouts.len()];
    for (t, l) in layouts.iter().enumerate() {
        if !steps.spend(l.cells.len() as u64 * LINK_STEP) {
            return None;
        }
        let Some(named) = names(l, &ranks, t, |i| l.counts(i)) else { continue };
        cells[t] = named.iter().map(|(_, i)| offsets[t] + i).collect();
        values[t] = named.iter().map(|&(_, i)| l.cells[i].value).collect();
        by_names.entry(named.into_iter().map(|(n, _)| n).collect()).or_default().push(t);
    }
    let mut out = Vec::new();
    // A table of changes, with the two tables of its cells before it (nearest first, among the
    // [`SUMMED_WITHIN`] nearest of those names) whose difference it is, cell by cell.
    for (t, l) in layouts.iter().enumerate().filter(|(_, l)| !l.changes.is_empty()) {
        let Some(named) = names(l, &ranks, t, |_| true) else { continue };
        if !steps.spend(named.len() as u64 * LINK_STEP) {
            return None;
        }
        let change: Vec<i128> =
            named.iter().map(|&(_, i)| if l.falls.binary_search(&i).is_ok() { -i128::from(l.cells[i].value) } else { i128::from(l.cells[i].value) }).collect();
        let key: Vec<Vec<u32>> = named.iter().map(|(n, _)| n.clone()).collect();
        let years: Vec<usize> = by_names.get(&key).map_or_else(Vec::new, |ts| ts.iter().rev().copied().filter(|&y| y < t).take(SUMMED_WITHIN).collect());
        let pairs = years.iter().enumerate().flat_map(|(k, &b)| years[k + 1..].iter().flat_map(move |&a| [(a, b), (b, a)]));
        for (from, to) in pairs {
            if !steps.spend(change.len() as u64 * LINK_STEP) {
                return None;
            }
            if values[to].iter().zip(&values[from]).zip(&change).all(|((&y, &x), &d)| i128::from(y) - i128::from(x) == d) {
                let by = named.iter().map(|&(_, i)| offsets[t] + i).collect();
                out.push(Cellwise::Change { from: cells[from].clone(), to: cells[to].clone(), by, falls: change.iter().map(|&d| d < 0).collect() });
                break;
            }
        }
    }
    let mut classes: Vec<Vec<usize>> = by_names.into_values().filter(|ts| ts.len() >= 2).collect();
    classes.sort_unstable();
    for class in classes {
        // Copies: each table with the first earlier one of the same values.
        let mut first: HashMap<&[u64], usize> = HashMap::new();
        let mut copy_of = vec![None; class.len()];
        for (k, &t) in class.iter().enumerate() {
            match first.get(values[t].as_slice()) {
                Some(&f) => {
                    copy_of[k] = Some(f);
                    out.push(Cellwise::Copy { a: cells[f].clone(), b: cells[t].clone() });
                }
                None => {
                    first.insert(&values[t], t);
                }
            }
        }
        let distinct: Vec<usize> = class.iter().zip(&copy_of).filter(|(_, c)| c.is_none()).map(|(&t, _)| t).collect();
        let mut summed = vec![false; distinct.len()];
        for (k, &w) in distinct.iter().enumerate() {
            let before: Vec<usize> = distinct[..k].iter().rev().copied().collect();
            let after: Vec<usize> = distinct[k + 1..].to_vec();
            for side in [before, after] {
                let mut sum = vec![0u64; values[w].len()];
                for (n, &t) in side.iter().enumerate() {
                    if !steps.spend(sum.len() as u64 * LINK_STEP) {
                        return None;
                    }
                    sum.iter_mut().zip(&values[t]).for_each(|(s, v)| *s = s.saturating_add(*v));
                    if sum.iter().zip(&values[w]).any(|(s, v)| s > v) {
                        break;
                    }
                    if n >= 1 && sum == values[w] {
                        out.push(Cellwise::Sum { parts: side[..=n].iter().map(|&t| cells[t].clone()).collect(), whole: cells[w].clone() });
                        summed[k] = true;
                        break;
                    }
                }
                if summed[k] {
                    break;
                }
            }
        }
        for (k, pair) in distinct.windows(2).enumerate() {
            if summed[k] || summed[k + 1] {
                continue;
            }
            let (a, b) = (pair[0], pair[1]);
            let at_most = |x: usize, y: usize| values[x].iter().zip(&values[y]).all(|(p, w)| p <= w);
            let (part, whole) = if at_most(b, a) {
                (b, a)
            } else if at_most(a, b) {
                (a, b)
            } else {
                continue;
            };
            let rest = values[part].iter().zip(&values[whole]).map(|(p, w)| w - p).collect();
            out.push(Cellwise::Within { part: cells[part].clone(), whole: cells[whole].clone(), rest });
        }
    }
    out.extend(column_sums(layouts, offsets, steps)?);
    Some(out)
}

/// A column of one table that is, row by row, the sum of another column of its own and a column
/// of a table near it with the same rows: the base of a yes / no question split in two tables
/// (the "Yes" table's `Total` and `Base`, the "No" table's `Total`: in every row Base = Yes +
/// No, so a hidden "No" count is the base less the "Yes" one). Found as [`Cellwise::Sum`] of the
/// two columns, the whole the summing column. A table is paired with the [`SUMMED_WITHIN`]
/// nearest on each side; their rows are matched by label (the same set, at least two, each
/// once); the whole is a column not made of its own table's sums, and it must sum in every row.
/// `None` past the call's `steps` (one [`LINK_STEP`] per column pair tried).
fn column_sums(layouts: &[&Layout], offsets: &[usize], steps: &Steps) -> Option<Vec<Cellwise>> {
    let columns: Vec<Option<Columns>> = layouts.iter().map(|l| Columns::of(l)).collect();
    // Row labels are read only for the tables that take part: a table with a whole column at
    // least another of its own in every row, and its neighbours.
    let mut labels: Vec<Option<Option<Labels>>> = (0..layouts.len()).map(|_| None).collect();
    let mut out = Vec::new();
    for (a, x) in columns.iter().enumerate() {
        let Some(x) = x.as_ref().filter(|x| !x.parts.is_empty()) else { continue };
        // Taken out while the neighbours' labels are read, put back after.
        let Some(lx) = labels[a].get_or_insert_with(|| Labels::of(layouts[a], &x.rows)).take() else { continue };
        // What each whole less its part leaves, row by row in the order of the labels.
        let rests: Vec<Vec<u64>> = x.parts.iter().map(|&(w, p)| lx.order.iter().map(|&k| x.cols[w].0[k] - x.cols[p].0[k]).collect()).collect();
        let near = (a.saturating_sub(SUMMED_WITHIN)..a).chain(a + 1..layouts.len().min(a + 1 + SUMMED_WITHIN));
        for b in near {
            let Some(y) = &columns[b] else { continue };
            if !steps.spend((1 + rests.len() * y.cols.len()) as u64 * LINK_STEP) {
                return None;
            }
            let Some(ly) = labels[b].get_or_insert_with(|| Labels::of(layouts[b], &y.rows)) else { continue };
            if lx.keys != ly.keys {
                continue;
            }
            for (&(w, p), rest) in x.parts.iter().zip(&rests) {
                for (c, (values, _)) in y.cols.iter().enumerate() {
                    if ly.order.iter().zip(rest).all(|(&k, &r)| values[k] == r) {
                        // The other column's cells in the order of the whole's rows.
                        let other = y.cells(layouts[b], offsets[b], c);
                        let mut aligned = vec![0; other.len()];
                        for (&i, &j) in lx.order.iter().zip(&ly.order) {
                            aligned[i] = other[j];
                        }
                        let (whole, part) = (x.cells(layouts[a], offsets[a], w), x.cells(layouts[a], offsets[a], p));
                        out.push(Cellwise::Sum { parts: vec![part, aligned], whole });
                    }
                }
            }
        }
        labels[a] = Some(Some(lx));
    }
    Some(out)
}

/// The count columns of a table for [`column_sums`], over the rows holding counts (not a title's
/// or a note's) in their order: per column (its index in `columns`) its values and whether it may
/// be a whole (not made of its own table's sums: a column named a total that sums nothing, such
/// as `All asked`, may). Columns without a count in every such row are left out.
struct Columns {
    rows: Vec<usize>,
    columns: Vec<usize>,
    cols: Vec<(Vec<u64>, bool)>,
    /// The pairs (whole, part) of columns, the whole at least the part in every row and not
    /// equal to it: the ones another table's column may complete.
    parts: Vec<(usize, usize)>,
}

impl Columns {
    fn of(l: &Layout) -> Option<Columns> {
        let rows = count_rows(l);
        if rows.len() < 2 {
            return None;
        }
        let mut sums = vec![false; l.cells.len()];
        l.relations.iter().for_each(|r| sums[r.total] = true);
        let (mut columns, mut cols) = (Vec::new(), Vec::new());
        'col: for c in 0..l.col_names.len() {
            let (mut values, mut whole) = (Vec::with_capacity(rows.len()), false);
            for &r in &rows {
                let Some(i) = l.at(r, c).filter(|&i| l.counts(i)) else { continue 'col };
                values.push(l.cells[i].value);
                whole |= !sums[i];
            }
            columns.push(c);
            cols.push((values, whole));
        }
        let holds = |w: &[u64], p: &[u64]| w != p && w.iter().zip(p).all(|(w, p)| p <= w);
        let parts = (0..cols.len())
            .filter(|&w| cols[w].1)
            .flat_map(|w| (0..cols.len()).filter(move |&p| p != w).map(move |p| (w, p)))
            .filter(|&(w, p)| holds(&cols[w].0, &cols[p].0))
            .collect();
        (cols.len() >= 2).then_some(Columns { rows, columns, cols, parts })
    }

    /// The cells of column `k` (global indices, `offset` the table's first), in row order.
    fn cells(&self, l: &Layout, offset: usize, k: usize) -> Vec<usize> {
        self.rows.iter().filter_map(|&r| l.at(r, self.columns[k])).map(|i| offset + i).collect()
    }
}

/// The rows of a table holding counts (not a title's or a note's), in order.
fn count_rows(l: &Layout) -> Vec<usize> {
    let mut holds = vec![false; l.row_labels.len()];
    l.cells.iter().for_each(|c| holds[c.row] = true);
    (0..holds.len()).filter(|&r| holds[r]).collect()
}

/// A table's row labels for [`column_sums`] (of `rows`, its [`Columns`]' rows): sorted, and
/// `order[k]` the index in `rows` of the `k`-th label. `None` when a label is empty or twice.
struct Labels {
    keys: Vec<String>,
    order: Vec<usize>,
}

impl Labels {
    fn of(l: &Layout, rows: &[usize]) -> Option<Labels> {
        let mut keyed: Vec<(String, usize)> = rows.iter().enumerate().map(|(k, &r)| (key(&l.row_labels[r]), k)).collect();
        keyed.sort_unstable();
        if keyed.iter().any(|(k, _)| k.is_empty()) || keyed.windows(2).any(|w| w[0].0 == w[1].0) {
            return None;
        }
        let (keys, order) = keyed.into_iter().unzip();
        Some(Labels { keys, order })
    }
}

/// One margin: its label (and the label's rank among all labels of the text's tables, compared
/// instead of the text), the inner cells it sums (global indices) and the sum.
struct Margin {
    label: String,
    rank: u32,
    parts: Vec<usize>,
    value: u64,
}

fn key(s: &str) -> String {
    let p = plain(s);
    let mut k = String::with_capacity(p.len());
    for w in p.split_whitespace() {
        if !k.is_empty() {
            k.push(' ');
        }
        k.push_str(w);
    }
    // Most labels are ASCII: lowered in place, without a second string.
    if k.is_ascii() {
        k.make_ascii_lowercase();
        k
    } else {
        k.to_lowercase()
    }
}

/// The margins of one table, by dimension (each label column of its rows, then its columns),
/// and its grand total, over the cells `total` does not call totals. `totals` says which rows
/// and which columns a total label names.
fn margins(l: &Layout, offset: usize, totals: &Totals, total: impl Fn(usize) -> bool) -> (Vec<Vec<Margin>>, Option<Margin>) {
    let mut by_row: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut by_col: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, c) in l.cells.iter().enumerate().filter(|&(i, _)| !total(i) && l.counts(i)) {
        by_row.entry(c.row).or_default().push(i);
        by_col.entry(c.col).or_default().push(i);
    }
    let margin = |label: &str, cells: &[usize]| Margin {
        label: key(label),
        rank: 0,
        parts: cells.iter().map(|&i| offset + i).collect(),
        value: cells.iter().map(|&i| l.cells[i].value).sum(),
    };
    let inner_cols = by_col.len();
    let mut dims = Vec::new();
    // Rows, grouped by each label column's value (one row per value in a wide table, several in
    // a long one); every grouped row must be complete.
    let depth = by_row.keys().map(|&r| l.row_keys[r].len()).max().unwrap_or(0);
    for d in 0..depth {
        let mut groups: HashMap<&str, (Vec<usize>, bool)> = HashMap::new();
        for (&r, cells) in &by_row {
            let Some(label) = l.row_keys[r].get(d).filter(|k| !k.is_empty()) else { continue };
            if totals.rows[r] {
                continue;
            }
            let g = groups.entry(label).or_insert((Vec::new(), true));
            g.0.extend(cells);
            g.1 &= cells.len() == inner_cols;
        }
        let mut dim: Vec<Margin> =
            groups.iter().filter(|(_, (_, complete))| *complete).map(|(label, (cells, _))| margin(label, cells)).collect();
        dim.sort_by(|a, b| a.label.cmp(&b.label).then_with(|| a.parts.cmp(&b.parts)));
        dims.push(dim);
    }
    let mut cols: Vec<Margin> = by_col
        .iter()
        // A column with blank cells still sums what it shows (a pivot leaves zeros blank): an
        // equal sum elsewhere is a relation all the same.
        .filter(|&(&c, _)| !l.col_names[c].is_empty() && !totals.cols[c])
        .map(|(&c, cells)| margin(&l.col_names[c], cells))
        .collect();
    // A label twice (two columns of one name) in cell order, not the maps' order: the same
    // links every run.
    cols.sort_by(|a, b| a.label.cmp(&b.label).then_with(|| a.parts.cmp(&b.parts)));
    dims.push(cols);
    let all: Vec<usize> = by_row.values().flatten().copied().collect();
    let grand = (!all.is_empty()).then(|| margin("", &all));
    (dims, grand)
}

/// A table's two readings: its margins by dimension and its grand total.
type Views = [(Vec<Vec<Margin>>, Option<Margin>); 2];

/// A table's margins in two readings: without every total its relations found, and without
/// only the totals its labels name (a coincidental sum must not hide a shared margin).
fn views(l: &Layout, offset: usize) -> Views {
    let totals = Totals::of(l);
    let labelled = |i: usize| {
        let c = &l.cells[i];
        totals.rows[c.row] || totals.cols[c.col]
    };
    [margins(l, offset, &totals, |i| l.cells[i].margin), margins(l, offset, &totals, labelled)]
}

/// Which rows (by any of their labels) and which columns a total label names: asked once per
/// row and column, not once per cell and reading.
struct Totals {
    rows: Vec<bool>,
    cols: Vec<bool>,
}

impl Totals {
    fn of(l: &Layout) -> Totals {
        Totals { rows: l.row_keys.iter().map(|keys| keys.iter().any(|k| is_total_label(k))).collect(), cols: l.col_names.iter().map(|c| is_total_label(c)).collect() }
    }
}

/// The pairs of margins with the same label in two dimensions, each of `a` with the first of `b`
/// (both are sorted by label): one merge over the two.
fn common<'m>(a: &'m [Margin], b: &'m [Margin]) -> impl Iterator<Item = (&'m Margin, &'m Margin)> {
    let mut j = 0;
    a.iter().filter_map(move |m| {
        while j < b.len() && b[j].rank < m.rank {
            j += 1;
        }
        (j < b.len() && b[j].rank == m.rank).then(|| (m, &b[j]))
    })
}

/// Every table's views, each label ranked among all labels of the tables.
fn ranked(layouts: &[&Layout], offsets: &[usize]) -> Vec<Views> {
    let mut all: Vec<_> = layouts.iter().zip(offsets).map(|(l, &o)| views(l, o)).collect();
    fn every_margin(all: &[Views]) -> impl Iterator<Item = &Margin> {
        all.iter().flatten().flat_map(|(dims, _)| dims.iter().flatten())
    }
    let mut names: Vec<&str> = every_margin(&all).map(|m| m.label.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    let ranks: Vec<u32> = every_margin(&all).map(|m| names.binary_search(&m.label.as_str()).unwrap_or(0) as u32).collect();
    for (m, rank) in all.iter_mut().flatten().flat_map(|(dims, _)| dims.iter_mut().flatten()).zip(ranks) {
        m.rank = rank;
    }
    all
}

/// The margins two tables share, in the first pair of their views that shares any: the common
/// labels of two dimensions when there are at least two and all have the same sum, and equal
/// grand totals. `None` past the call's `steps`.
fn shared<'m>(x: &'m Views, y: &'m Views, steps: &Steps) -> Option<Vec<(&'m Margin, &'m Margin)>> {
    for (di, gi) in x {
        for (dj, gj) in y {
            let mut found = Vec::new();
            for da in di {
                for db in dj {
                    if !steps.spend((1 + da.len() + db.len()) as u64 * LINK_STEP) {
                        return None;
                    }
                    if links(da, db) {
                        found.extend(common(da, db));
                    }
                }
            }
            if let (Some(a), Some(b)) = (gi, gj)
                && a.value == b.value
                && a.value > 0
            {
                found.push((a, b));
            }
            if !found.is_empty() {
                return Some(found);
            }
        }
    }
    Some(Vec::new())
}

/// What [`index`] found: the pairs of tables `(i, j)`, `i < j`, with a grand total in common,
/// and the pairs of their dimensions (indices into `dims`, owned by the tables `owner`) with two
/// (label, sum) pairs in common.
struct Index<'m> {
    owner: Vec<usize>,
    dims: Vec<&'m [Margin]>,
    grand_pairs: Vec<(usize, usize)>,
    dim_pairs: Vec<(usize, usize)>,
}

/// The pairs that may share a margin, found through an index of (label, sum), so thousands of
/// small tables with nothing in common in one text cost a lookup each instead of a comparison
/// per pair. `None` past the call's `steps` (one [`LINK_STEP`] per index entry visited and per
/// pair).
fn index<'m>(all: &'m [Views], steps: &Steps) -> Option<Index<'m>> {
    let mut owner: Vec<usize> = Vec::new();
    let mut dims: Vec<&[Margin]> = Vec::new();
    let mut by_key: HashMap<(u32, u64), Vec<u32>> = HashMap::new();
    let mut by_grand: HashMap<u64, Vec<usize>> = HashMap::new();
    let same = |a: &[Margin], b: &[Margin]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.rank == y.rank && x.value == y.value);
    for (t, views) in all.iter().enumerate() {
        let first = dims.len();
        for (ds, grand) in views {
            if let Some(g) = grand.as_ref().filter(|g| g.value > 0)
                && by_grand.get(&g.value).and_then(|ts| ts.last()) != Some(&t)
            {
                by_grand.entry(g.value).or_default().push(t);
            }
            // A dimension needs two labels to link; one the table already indexed adds nothing.
            for d in ds.iter().filter(|d| d.len() >= 2) {
                if dims[first..].iter().any(|e| same(e, d)) {
                    continue;
                }
                if !steps.spend(d.len() as u64 * LINK_STEP) {
                    return None;
                }
                for m in d.iter() {
                    by_key.entry((m.rank, m.value)).or_default().push(dims.len() as u32);
                }
                owner.push(t);
                dims.push(d);
            }
        }
    }
    let mut grand_pairs = Vec::new();
    for ts in by_grand.values() {
        if !steps.spend((ts.len() * ts.len()) as u64 * LINK_STEP) {
            return None;
        }
        for (k, &i) in ts.iter().enumerate() {
            grand_pairs.extend(ts[k + 1..].iter().map(|&j| (i, j)));
        }
    }
    // Per dimension, how many of its (label, sum) pairs each later dimension shares.
    let mut dim_pairs = Vec::new();
    let mut shared = vec![0u32; dims.len()];
    let mut touched = Vec::new();
    for (a, d) in dims.iter().enumerate() {
        for m in d.iter() {
            let post = &by_key[&(m.rank, m.value)];
            if !steps.spend(post.len() as u64 * LINK_STEP) {
                return None;
            }
            for &b in post.iter().filter(|&&b| b as usize > a && owner[b as usize] != owner[a]) {
                let b = b as usize;
                if shared[b] == 0 {
                    touched.push(b);
                }
                shared[b] += 1;
                if shared[b] == 2 {
                    dim_pairs.push((a, b));
                }
            }
        }
        touched.drain(..).for_each(|b| shared[b] = 0);
    }
    Some(Index { owner, dims, grand_pairs, dim_pairs })
}

/// The pairs of tables `(i, j)`, `i < j`, in order, that may share a margin: a dimension of each
/// with two (label, sum) pairs in common, or a grand total in common. Only these are compared
/// (a superset of the pairs [`shared`] finds margins for, so [`link`]'s result is that of
/// comparing every pair).
fn candidates(all: &[Views], steps: &Steps) -> Option<Vec<(usize, usize)>> {
    let found = index(all, steps)?;
    let owners = |&(a, b): &(usize, usize)| (found.owner[a].min(found.owner[b]), found.owner[a].max(found.owner[b]));
    let mut pairs: Vec<(usize, usize)> = found.grand_pairs.iter().copied().chain(found.dim_pairs.iter().map(owners)).collect();
    pairs.sort_unstable();
    pairs.dedup();
    Some(pairs)
}

/// Whether two dimensions share at least two labels, all with the same sum: [`shared`]'s test
/// for one pair of dimensions, without collecting the margins.
fn links(a: &[Margin], b: &[Margin]) -> bool {
    let (mut n, mut same) = (0, true);
    for (x, y) in common(a, b) {
        n += 1;
        same &= x.value == y.value;
    }
    n >= 2 && same
}

/// How many tables on either side of a table of margins are searched for the tables it sums.
const SUMMED_WITHIN: usize = 8;

/// A dimension of a table whose margins are the sums of one dimension of two or more other
/// tables, label by label: the totals of both sexes by region beside a table per sex (its
/// `North` is the men's North row plus the women's). The other tables hold the same labels (at
/// least two) in one dimension; they are searched on each side of the table, nearest first,
/// among the [`SUMMED_WITHIN`] nearest (a table without those labels is passed over, one whose
/// sums go past the table's ends the search). Each found as the tables (the summing one first)
/// and per label the table's margin with the margins it sums. `None` past the call's `steps`.
#[allow(clippy::type_complexity)]
fn margin_sums<'m>(all: &'m [Views], steps: &Steps) -> Option<Vec<(Vec<usize>, Vec<(&'m Margin, Margin)>)>> {
    let mut out = Vec::new();
    for (t, views) in all.iter().enumerate() {
        for whole in views[0].0.iter().filter(|d| d.len() >= 2) {
            let same_labels = |d: &&Vec<Margin>| d.len() == whole.len() && d.iter().zip(whole).all(|(m, w)| m.rank == w.rank);
            let before = (t.saturating_sub(SUMMED_WITHIN)..t).rev();
            let after = t + 1..all.len().min(t + 1 + SUMMED_WITHIN);
            for side in [before.collect::<Vec<_>>(), after.collect()] {
                let mut sums: Vec<Margin> = whole.iter().map(|w| Margin { label: w.label.clone(), rank: w.rank, parts: Vec::new(), value: 0 }).collect();
                let mut tables = vec![t];
                for j in side {
                    if !steps.spend((1 + all[j][0].0.len() + whole.len()) as u64 * LINK_STEP) {
                        return None;
                    }
                    let Some(dim) = all[j][0].0.iter().find(same_labels) else { continue };
                    for (s, m) in sums.iter_mut().zip(dim) {
                        s.parts.extend(&m.parts);
                        s.value = s.value.saturating_add(m.value);
                    }
                    tables.push(j);
                    if sums.iter().zip(whole).any(|(s, w)| s.value > w.value) {
                        break;
                    }
                    if tables.len() >= 3 && sums.iter().zip(whole).all(|(s, w)| s.value == w.value) {
                        out.push((tables, whole.iter().zip(sums).collect()));
                        break;
                    }
                }
            }
        }
    }
    Some(out)
}

/// A wide table printed in parts side by side, as `(first, last, relations)` over neighbouring
/// tables (global cell indices): the same row labels in the same order, and in the second part a
/// count column whose every row is the sum of the row's other counts in both parts (`Row total`
/// after `50-64 | 65-74 | 75+`, the first part holding `16-24 | 25-34 | 35-49`). Every row must
/// show every count, and at least two rows sum to more than zero. `None` past the call's `steps`.
#[allow(clippy::type_complexity)]
pub fn side_by_side(layouts: &[&Layout], offsets: &[usize], steps: &Steps) -> Option<Vec<(usize, usize, Vec<Relation>)>> {
    let mut out = Vec::new();
    for k in 1..layouts.len() {
        let (a, b) = (layouts[k - 1], layouts[k]);
        let (rows_a, rows_b) = (&a.row_labels[a.header_rows..], &b.row_labels[b.header_rows..]);
        if rows_a.len() < 2 || rows_a != rows_b {
            continue;
        }
        if !steps.spend((a.cells.len() + b.cells.len()) as u64 * LINK_STEP) {
            return None;
        }
        let (cols_a, cols_b) = (count_cols(a), count_cols(b));
        // A part holds counts besides its total (a one-way table of the rows' totals alone is a
        // margin, linked as such).
        if cols_b.len() < 2 {
            continue;
        }
        // Each row's cells: the first part's, then the second's (`None` where one is missing).
        let row_cells = |r: usize| -> Option<Vec<usize>> {
            let first = cols_a.iter().map(|&c| a.at(a.header_rows + r, c).map(|i| offsets[k - 1] + i));
            let second = cols_b.iter().map(|&c| b.at(b.header_rows + r, c).map(|i| offsets[k] + i));
            first.chain(second).collect()
        };
        let Some(rows) = (0..rows_a.len()).map(row_cells).collect::<Option<Vec<Vec<usize>>>>() else { continue };
        let value = |g: usize| if g >= offsets[k] { b.cells[g - offsets[k]].value } else { a.cells[g - offsets[k - 1]].value };
        for t in cols_a.len()..cols_a.len() + cols_b.len() {
            let sums = rows.iter().all(|cells| cells.iter().enumerate().filter(|&(p, _)| p != t).map(|(_, &g)| value(g)).sum::<u64>() == value(cells[t]));
            if sums && rows.iter().filter(|cells| value(cells[t]) > 0).count() >= 2 {
                let relations = rows.iter().map(|cells| Relation { parts: cells.iter().enumerate().filter(|&(p, _)| p != t).map(|(_, &g)| g).collect(), total: cells[t] }).collect();
                out.push((k - 1, k, relations));
                break;
            }
        }
    }
    Some(out)
}

/// The groups of tables that share margins ([`link`]'s groups, without its relations): which
/// tables go together decides nothing else, so a text of thousands of small tables is grouped
/// by one pass over the index, each candidate pair of dimensions compared once. `None` past the
/// call's `steps`.
pub fn groups(layouts: &[&Layout], offsets: &[usize], steps: &Steps) -> Option<Vec<Vec<usize>>> {
    let n = layouts.len();
    if n < 2 {
        return Some((0..n).map(|t| vec![t]).collect());
    }
    let all = ranked(layouts, offsets);
    let found = index(&all, steps)?;
    let mut parent: Vec<usize> = (0..n).collect();
    for &(i, j) in &found.grand_pairs {
        union(&mut parent, i, j);
    }
    for (j, k, _) in continuations(layouts, offsets, steps)? {
        (j..k).for_each(|i| union(&mut parent, i, k));
    }
    for (a, b, _) in bands(layouts, offsets, steps)? {
        union(&mut parent, a, b);
    }
    for (a, b, _) in side_by_side(layouts, offsets, steps)?.into_iter().chain(groupings(layouts, offsets, steps)?) {
        union(&mut parent, a, b);
    }
    let table_of = |cell: usize| offsets.partition_point(|&o| o <= cell) - 1;
    for found in cellwise(layouts, offsets, steps)? {
        let mut tables = found.cells().map(|c| table_of(c[0]));
        let first = tables.next().expect("two tables at least");
        tables.for_each(|t| union(&mut parent, first, t));
    }
    for (tables, _) in margin_sums(&all, steps)? {
        tables.iter().for_each(|&t| union(&mut parent, tables[0], t));
    }
    for &(a, b) in &found.dim_pairs {
        let (da, db) = (found.dims[a], found.dims[b]);
        if !steps.spend((da.len() + db.len()) as u64 * LINK_STEP) {
            return None;
        }
        if links(da, db) {
            union(&mut parent, found.owner[a], found.owner[b]);
        }
    }
    Some(partition(&mut parent))
}

fn root(p: &mut [usize], mut i: usize) -> usize {
    while p[i] != i {
        p[i] = p[p[i]];
        i = p[i];
    }
    i
}

fn union(p: &mut [usize], i: usize, j: usize) {
    let (x, y) = (root(p, i), root(p, j));
    p[x] = y;
}

/// The sets of the union-find `parent`, each in order, in the order of their first members.
fn partition(parent: &mut [usize]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut of_root: HashMap<usize, usize> = HashMap::new();
    for t in 0..parent.len() {
        let r = root(parent, t);
        let g = *of_root.entry(r).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(t);
    }
    groups
}

/// The relations between `layouts` (a group [`groups`] formed; cells numbered from `offsets`);
/// `None` when comparing every pair of tables needs more than the call's `steps` (one step per
/// margin compared counts [`LINK_STEP`]).
pub fn link(layouts: &[&Layout], offsets: &[usize], total_cells: usize, steps: &Steps) -> Option<Linked> {
    let n = layouts.len();
    if n < 2 {
        return Some(Linked { relations: Vec::new(), virtual_values: Vec::new(), explained: Vec::new(), derived: Vec::new() });
    }
    let all = ranked(layouts, offsets);
    let mut relations = Vec::new();
    let mut virtual_values = Vec::new();
    let mut equate = |a: &Margin, b: &Margin, relations: &mut Vec<Relation>| {
        let rel = |parts: &[usize], total: usize| Relation { parts: parts.to_vec(), total };
        match (a.parts.as_slice(), b.parts.as_slice()) {
            (_, [b1]) => relations.push(rel(&a.parts, *b1)),
            ([a1], _) => relations.push(rel(&b.parts, *a1)),
            _ => {
                let v = total_cells + virtual_values.len();
                virtual_values.push(a.value);
                relations.push(rel(&a.parts, v));
                relations.push(rel(&b.parts, v));
            }
        }
    };
    for (i, j) in candidates(&all, steps)? {
        for (a, b) in shared(&all[i], &all[j], steps)? {
            equate(a, b, &mut relations);
        }
    }
    for (_, sums) in margin_sums(&all, steps)? {
        for (whole, sum) in &sums {
            equate(sum, whole, &mut relations);
        }
    }
    let mut derived = Vec::new();
    for found in cellwise(layouts, offsets, steps)? {
        match found {
            Cellwise::Copy { a, b } => relations.extend(a.iter().zip(&b).map(|(&a, &b)| Relation { parts: vec![a], total: b })),
            Cellwise::Within { part, whole, rest } => {
                for ((&p, &w), r) in part.iter().zip(&whole).zip(rest) {
                    relations.push(Relation { parts: vec![p, total_cells + virtual_values.len()], total: w });
                    virtual_values.push(r);
                }
            }
            Cellwise::Sum { parts, whole } => {
                relations.extend(whole.iter().enumerate().map(|(k, &w)| Relation { parts: parts.iter().map(|p| p[k]).collect(), total: w }));
            }
            Cellwise::Change { from, to, by, falls } => {
                for (((&f, &t), &d), fell) in from.iter().zip(&to).zip(&by).zip(falls) {
                    let (low, high) = if fell { (t, f) } else { (f, t) };
                    relations.push(Relation { parts: vec![low, d], total: high });
                }
                derived.extend(by);
            }
        }
    }
    let mut explained = Vec::new();
    for (_, _, found) in continuations(layouts, offsets, steps)?.into_iter().chain(side_by_side(layouts, offsets, steps)?) {
        explained.extend(found.iter().map(|r| r.total));
        relations.extend(found);
    }
    for (_, _, found) in bands(layouts, offsets, steps)?.into_iter().chain(groupings(layouts, offsets, steps)?) {
        relations.extend(found);
    }
    Some(Linked { relations, virtual_values, explained, derived })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::find;

    fn groups(text: &str) -> (Vec<Vec<usize>>, usize) {
        let found = find(text);
        let layouts: Vec<Layout> = found.iter().map(|t| Layout::analyze(t, &Steps::call()).expect("counts")).collect();
        let refs: Vec<&Layout> = layouts.iter().collect();
        let mut offsets = Vec::new();
        let mut n = 0;
        for l in &refs {
            offsets.push(n);
            n += l.cells.len();
        }
        let groups = super::groups(&refs, &offsets, &Steps::call()).expect("within the budget");
        let linked = link(&refs, &offsets, n, &Steps::call()).expect("within the budget");
        (groups, linked.relations.len())
    }

    #[test]
    fn a_one_way_table_links_to_the_cross_tab_it_totals() {
        let text = "| Town | A | B |\n|---|---|---|\n| North | 7 | 3 |\n| South | 40 | 50 |\n\n| Town | n |\n|---|---|\n| North | 10 |\n| South | 90 |\n";
        let (g, rels) = groups(text);
        assert_eq!(g, vec![vec![0, 1]]);
        // North and South row sums, and the grand totals through a virtual cell.
        assert_eq!(rels, 4);
    }

    #[test]
    fn a_one_row_table_of_region_totals_links_to_the_regions_rows() {
        // Each region's total printed as one row (regions as columns): Peace Valley's 198 less the
        // three cells shown gives its hidden 3.
        let text = "    region    | Owner | Renter | Social | Other \n--------------+-------+--------+--------+-------\n Riverside    |    67 |     46 |     30 |    96 \n Peace Valley |    94 |      3 |     71 |    30 \n North        |    93 |     97 |     26 |     1 \n South        |    91 |     15 |     54 |     9 \n Total        |   345 |    161 |    181 |   136 \n(5 rows)\n\nPer-region totals:\n\n          | Riverside | Peace Valley | North | South | Total \n----------+-----------+--------------+-------+-------+-------\n Patients |       239 |          198 |   217 |   169 |   823 \n(1 rows)\n";
        assert_eq!(groups(text).0, vec![vec![0, 1]]);
    }

    #[test]
    fn a_wide_and_a_long_cross_tab_of_one_population_link() {
        let text = "[{\"region\": \"East\", \"Male\": 111, \"Female\": 11}, {\"region\": \"West\", \"Male\": 43, \"Female\": 117},\n\
 {\"region\": \"Total\", \"Male\": 154, \"Female\": 128}]\n\n\
[{\"region\": \"East\", \"age\": \"0-15\", \"n\": 61}, {\"region\": \"East\", \"age\": \"65+\", \"n\": 61}, {\"region\": \"West\", \"age\": \"0-15\", \"n\": 21}, {\"region\": \"West\", \"age\": \"65+\", \"n\": 139}]";
        assert_eq!(groups(text).0, vec![vec![0, 1]]);
    }

    #[test]
    fn a_totals_table_printed_apart_links_through_a_column_with_blanks() {
        // A pivot leaves zeros blank: Renter's sum over what it shows is still 197.
        let text = "Region\tOwner\tRenter\nRiverside\t3\t\nOld Town\t87\t116\nEast\t40\t3\nNorth\t21\t78\n\nRegion\tOwner\tRenter\nGrand Total\t151\t197\n";
        let (g, rels) = groups(text);
        assert_eq!(g, vec![vec![0, 1]]);
        // Owner and Renter column sums, and the grand totals through a virtual cell.
        assert_eq!(rels, 4);
    }

    /// Every pair of tables that shares a margin is a candidate, over texts of small tables with
    /// labels and sums drawn from few values (so that many pairs share some and some share all).
    #[test]
    fn the_index_misses_no_pair_that_shares_a_margin_and_groups_as_every_pair_compared() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut linked, mut pairs) = (0, 0);
        for _ in 0..60 {
            let mut text = String::new();
            for _ in 0..(2 + next(12)) {
                let cols: Vec<String> = (0..2 + next(2)).map(|c| format!("C{}", c + next(2))).collect();
                text += &format!("| Town | {} |\n|---|{}\n", cols.join(" | "), "---|".repeat(cols.len()));
                for r in 0..2 + next(2) {
                    let cells: Vec<String> = cols.iter().map(|_| (1 + next(3)).to_string()).collect();
                    text += &format!("| T{} | {} |\n", r + next(2), cells.join(" | "));
                }
                text += "\n";
            }
            let found = find(&text);
            let layouts: Vec<Layout> = found.iter().filter_map(|t| Layout::analyze(t, &Steps::call())).collect();
            let mut offsets = Vec::new();
            let mut n = 0;
            for l in &layouts {
                offsets.push(n);
                n += l.cells.len();
            }
            let refs: Vec<&Layout> = layouts.iter().collect();
            let all = ranked(&refs, &offsets);
            let steps = Steps::call();
            let candidates = candidates(&all, &steps).expect("within the budget");
            // The groups of comparing every pair, to check `groups` against.
            let mut parent: Vec<usize> = (0..all.len()).collect();
            for i in 0..all.len() {
                for j in i + 1..all.len() {
                    pairs += 1;
                    if !shared(&all[i], &all[j], &steps).expect("within the budget").is_empty() {
                        linked += 1;
                        assert!(candidates.contains(&(i, j)), "{i} {j} not a candidate in\n{text}");
                        union(&mut parent, i, j);
                    }
                }
            }
            // Sums across tables (continued tables, breakdowns) group as well.
            for (j, k, _) in continuations(&refs, &offsets, &steps).expect("within the budget") {
                (j..k).for_each(|i| union(&mut parent, i, k));
            }
            // And tables of broader bands, and of groups beside their members.
            for (a, b, _) in bands(&refs, &offsets, &steps).expect("within the budget").into_iter().chain(groupings(&refs, &offsets, &steps).expect("within the budget")) {
                union(&mut parent, a, b);
            }
            // And tables of the same cells.
            let table_of = |cell: usize| offsets.partition_point(|&o| o <= cell) - 1;
            for found in cellwise(&refs, &offsets, &steps).expect("within the budget") {
                let tables: Vec<usize> = found.cells().map(|c| table_of(c[0])).collect();
                tables.iter().for_each(|&t| union(&mut parent, tables[0], t));
            }
            // And tables of summed margins.
            for (tables, _) in margin_sums(&all, &steps).expect("within the budget") {
                tables.iter().for_each(|&t| union(&mut parent, tables[0], t));
            }
            assert_eq!(super::groups(&refs, &offsets, &steps).expect("within the budget"), partition(&mut parent), "in\n{text}");
        }
        assert!(linked > 50 && linked < pairs / 2, "{linked} of {pairs} pairs share a margin");
    }

    #[test]
    fn a_table_continued_in_the_next_ones_is_one_table() {
        let chunk = |rows: &str| format!("| region | Owner | Renter |\n|---|---|---|\n{rows}\n");
        // Two chunks, the Total row in the second summing both.
        let text = format!("{}\n(continued)\n\n{}", chunk("| West | 7 | 19 |\n| South | 4 | 2 |"), chunk("| North | 74 | 56 |\n| Total | 85 | 77 |"));
        let (g, rels) = groups(&text);
        assert_eq!(g, vec![vec![0, 1]]);
        assert_eq!(rels, 2, "one per column");
        // Three chunks.
        let text = format!("{}\n{}\n{}", chunk("| West | 7 | 19 |"), chunk("| South | 4 | 2 |"), chunk("| North | 74 | 56 |\n| Total | 85 | 77 |"));
        assert_eq!(groups(&text), (vec![vec![0, 1, 2]], 2));
        // A Total row that sums its own rows continues nothing; nor one that sums no chunk.
        let text = format!("{}\n{}", chunk("| West | 7 | 19 |"), chunk("| North | 74 | 56 |\n| Total | 74 | 56 |"));
        assert_eq!(groups(&text), (vec![vec![0], vec![1]], 0));
        let text = format!("{}\n{}", chunk("| West | 7 | 19 |"), chunk("| North | 74 | 56 |\n| Total | 90 | 77 |"));
        assert_eq!(groups(&text), (vec![vec![0], vec![1]], 0));
    }

    #[test]
    fn a_wide_table_printed_in_two_parts_is_one_table() {
        let part = |head: &str, rows: &[&str]| format!("| region | {head} |\n|---|---|---|\n{}\n", rows.iter().map(|r| format!("| {r} |\n")).collect::<String>());
        let first = part("16-24 | 25-34", &["West | 3 | 67", "South | 5 | 68"]);
        let second = |west: &str| part("50-64 | Row total", &[west, "South | 73 | 146"]);
        // The second part's total sums both parts' counts in each row: one relation per row.
        let text = format!("{first}\nTable 1, continued:\n\n{}", second("West | 5 | 75"));
        assert_eq!(groups(&text), (vec![vec![0, 1]], 2));
        // A total that sums only its own part, or rows in another order: two tables.
        assert_eq!(groups(&format!("{first}\n{}", second("West | 5 | 74"))).0, vec![vec![0], vec![1]]);
        let swapped = part("16-24 | 25-34", &["South | 5 | 68", "West | 3 | 67"]);
        assert_eq!(groups(&format!("{swapped}\n{}", second("West | 5 | 75"))).0, vec![vec![0], vec![1]]);
    }

    #[test]
    fn a_breakdown_of_a_row_sums_to_it() {
        let text = "| region | Owner | Renter |\n|---|---|---|\n| West | 70 | 19 |\n| Other | 10 | 12 |\n| Total | 80 | 31 |\n\n\
                    The Other row is made up of:\n\n| region | Owner | Renter |\n|---|---|---|\n| East | 7 | 3 |\n| Fen | 3 | 9 |\n";
        assert_eq!(groups(text), (vec![vec![0, 1]], 2));
        // Column sums that are no row of the table before: nothing.
        let text = text.replace("| Fen | 3 | 9 |", "| Fen | 4 | 9 |");
        assert_eq!(groups(&text), (vec![vec![0], vec![1]], 0));
    }

    fn csv(rows: &[&str]) -> String {
        format!("age,Owner,Renter,Total\n{}\n\n", rows.join("\n"))
    }

    /// The tables [`bands`] relates in `text`, with their layouts and offsets.
    #[allow(clippy::type_complexity)]
    fn bands_of(text: &str) -> (Vec<(usize, usize, Vec<Relation>)>, Vec<Layout>, Vec<usize>) {
        let found = find(text);
        let layouts: Vec<Layout> = found.iter().map(|t| Layout::analyze(t, &Steps::call()).expect("counts")).collect();
        let refs: Vec<&Layout> = layouts.iter().collect();
        let offsets = crate::rules::smallcell::offsets(&refs);
        let found = bands(&refs, &offsets, &Steps::call()).expect("within the budget");
        // Past the budget: nothing.
        assert!(bands(&refs, &offsets, &Steps::new(10)).is_none() || found.is_empty());
        (found, layouts, offsets)
    }

    #[test]
    fn a_table_of_broader_bands_sums_runs_of_the_fine_ones() {
        let fine = csv(&["18-29,5,42,47", "30-39,36,31,67", "40-49,28,39,67", "50-59,68,40,108", "60-69,2,6,8", "70+,85,102,187"]);
        let broad = csv(&["18-39,41,73,114", "40-59,96,79,175", "60+,87,108,195"]);
        for (text, (f, b)) in [(format!("{fine}Grouped:\n\n{broad}"), (0, 1)), (format!("{broad}In detail:\n\n{fine}"), (1, 0))] {
            let (found, layouts, offsets) = bands_of(&text);
            assert_eq!(found.len(), 1, "{text}");
            let (_, _, relations) = &found[0];
            // Three broad rows by three columns, each over its run of two fine rows.
            assert_eq!(relations.len(), 9);
            assert!(relations.iter().all(|r| r.parts.len() == 2 && r.total >= offsets[b] && r.total < offsets[b] + layouts[b].cells.len()));
            // 18-39 Owner = 18-29 Owner + 30-39 Owner: the 5 is 41 - 36.
            let cell = |t: usize, r: usize, c: usize| offsets[t] + layouts[t].at(layouts[t].header_rows + r, c).expect("a cell");
            assert!(relations.contains(&Relation { parts: vec![cell(f, 0, 1), cell(f, 1, 1)], total: cell(b, 0, 1) }), "{relations:?}");
            assert_eq!(groups(&text).0, vec![vec![0, 1]], "{text}");
            let found = find(&text);
            let refs: Vec<&Layout> = layouts.iter().collect();
            let n = offsets[1] + layouts[1].cells.len();
            let linked = link(&refs, &offsets, n, &Steps::call()).expect("within the budget");
            assert!(relations.iter().all(|r| linked.relations.contains(r)), "{found:?}");
        }
        // A run of one row (a band kept as it was) among runs of several, and Total rows.
        let text = format!("{}{}", csv(&["0,1,2,3", "1-4,10,20,30", "5-9,4,4,8", "Total,15,26,41"]), csv(&["Under 1,1,2,3", "1-9,14,24,38", "Total,15,26,41"]));
        let (found, _, _) = bands_of(&text);
        assert!(matches!(found.as_slice(), [(0, 1, relations)] if relations.len() == 6), "{text}");
    }

    /// The groupings found in `text`, as (groups' table, members' table, per relation the values
    /// of its total and sorted parts).
    type Grouping = (usize, usize, Vec<(u64, Vec<u64>)>);

    fn groupings_of(text: &str) -> Vec<Grouping> {
        let found = find(text);
        let layouts: Vec<Layout> = found.iter().map(|t| Layout::analyze(t, &Steps::call()).expect("counts")).collect();
        let refs: Vec<&Layout> = layouts.iter().collect();
        let offsets = crate::rules::smallcell::offsets(&refs);
        let value = |i: usize| {
            let t = offsets.partition_point(|&o| o <= i) - 1;
            layouts[t].cells[i - offsets[t]].value
        };
        let found = groupings(&refs, &offsets, &Steps::call()).expect("within the budget");
        assert!(groupings(&refs, &offsets, &Steps::new(10)).is_none() || found.is_empty());
        found
            .into_iter()
            .map(|(g, m, rels)| {
                let values = rels
                    .iter()
                    .map(|r| {
                        let mut parts: Vec<u64> = r.parts.iter().map(|&p| value(p)).collect();
                        parts.sort_unstable();
                        (value(r.total), parts)
                    })
                    .collect();
                (g, m, values)
            })
            .collect()
    }

    #[test]
    fn groups_of_a_table_s_rows_are_sums_of_their_members_however_the_membership_is_told() {
        let wards = "ward,team,cluster,Male,Female\nDock,Team 3,Cluster A,4,46\nEastfield,Team 1,Cluster B,23,3\nLongmoor,Team 2,Cluster A,12,76\nBridge,Team 1,Cluster B,2,75\nHarbour,Team 2,Cluster B,100,17\nMillbrook,Team 3,Cluster A,113,105\n\n";
        // A column of the members' table names each one's group; two groupings that do not nest,
        // one table each or both in one table beside the grouping's name.
        for by_group in [
            "team,Male,Female\nTeam 1,25,78\nTeam 2,112,93\nTeam 3,117,151\n\ncluster,Male,Female\nCluster A,129,227\nCluster B,125,95\n",
            "group,grouping,Male,Female\nTeam 1,team,25,78\nTeam 2,team,112,93\nTeam 3,team,117,151\nCluster A,cluster,129,227\nCluster B,cluster,125,95\n",
        ] {
            let text = format!("By ward:\n\n{wards}By group:\n\n{by_group}");
            let found = groupings_of(&text);
            let all: Vec<&(u64, Vec<u64>)> = found.iter().filter(|f| f.1 == 0).flat_map(|f| &f.2).collect();
            assert!(all.contains(&&(25, vec![2, 23])) && all.contains(&&(78, vec![3, 75])), "{found:?}");
            assert!(all.contains(&&(129, vec![4, 12, 113])) && all.contains(&&(95, vec![3, 17, 75])), "{found:?}");
            assert_eq!(groups(&text).0, vec![(0..found.iter().map(|f| f.0.max(f.1)).max().unwrap() + 1).collect::<Vec<_>>()], "{text}");
        }
        // The groups' table lists its members.
        let text = format!("{wards}By network:\n\nnetwork,wards,Male,Female\nNetwork A,Dock + Bridge,6,121\nNetwork B,Eastfield + Longmoor + Harbour + Millbrook,248,201\n");
        assert!(groupings_of(&text).iter().any(|(g, m, rels)| (*g, *m) == (1, 0) && rels.contains(&(6, vec![2, 4]))), "{text}");
        // Groups whose numbers are not their members' sums are no groupings of them.
        let text = format!("{wards}team,Male,Female\nTeam 1,26,78\nTeam 2,112,93\nTeam 3,117,151\n");
        assert!(groupings_of(&text).is_empty(), "{text}");
    }

    #[test]
    fn long_tables_of_bands_are_read_by_their_first_label() {
        let long = |rows: &[(&str, u64, u64)]| {
            let body: String = rows.iter().map(|(age, o, r)| format!("{age},Owner,{o}\n{age},Renter,{r}\n")).collect();
            format!("age,tenure,n\n{body}\n")
        };
        let fine = long(&[("18-29", 5, 42), ("30-39", 36, 31), ("40-49", 28, 39), ("50-59", 68, 40)]);
        let text = format!("{fine}{}", long(&[("18-39", 41, 73), ("40-59", 96, 79)]));
        let (found, _, _) = bands_of(&text);
        assert!(matches!(found.as_slice(), [(0, 1, relations)] if relations.len() == 4 && relations.iter().all(|r| r.parts.len() == 2)), "{text}");
        // A label the same on every row (filled down) is passed over.
        let text = text.replace(",Owner,", ",RX1,Owner,").replace(",Renter,", ",RX1,Renter,").replace("age,tenure,n", "age,trust,tenure,n");
        assert!(matches!(bands_of(&text).0.as_slice(), [(0, 1, relations)] if relations.len() == 4), "{text}");
        // Owner and Renter swapped in the broad table: no sums.
        assert!(bands_of(&format!("{fine}{}", long(&[("18-39", 73, 41), ("40-59", 79, 96)]))).0.is_empty());
    }

    #[test]
    fn tables_that_are_no_bands_of_each_other_are_not_related_as_such() {
        let fine = csv(&["18-29,5,42,47", "30-39,36,31,67", "40-49,28,39,67", "50-59,68,40,108"]);
        // Rows that are no sums of runs (40-59's Owner is off by one).
        assert!(bands_of(&format!("{fine}{}", csv(&["18-39,41,73,114", "40-59,97,79,176"]))).0.is_empty());
        // Sums of rows that are not runs (18-29 and 40-49; 30-39 and 50-59).
        assert!(bands_of(&format!("{fine}{}", csv(&["A,33,81,114", "B,104,71,175"]))).0.is_empty());
        // Runs that leave a row out (50-59).
        assert!(bands_of(&format!("{fine}{}", csv(&["18-39,41,73,114", "40-49,28,39,67"]))).0.is_empty());
        // The same sums under other columns.
        let other = "age,Male,Female,Total\n18-39,41,73,114\n40-59,96,79,175\n\n";
        assert!(bands_of(&format!("{fine}{other}")).0.is_empty());
    }

    fn cellwise_of(text: &str) -> Vec<Cellwise> {
        let found = find(text);
        let layouts: Vec<Layout> = found.iter().map(|t| Layout::analyze(t, &Steps::call()).expect("counts")).collect();
        let refs: Vec<&Layout> = layouts.iter().collect();
        let offsets = crate::rules::smallcell::offsets(&refs);
        cellwise(&refs, &offsets, &Steps::call()).expect("within the budget")
    }

    fn md(rows: &[(&str, u64, u64)]) -> String {
        let body: String = rows.iter().map(|(l, a, b)| format!("| {l} | {a} | {b} |\n")).collect();
        format!("| region | Owner | Renter |\n|---|---|---|\n{body}\n")
    }

    #[test]
    fn a_grand_table_over_subtables_sums_them_cell_by_cell() {
        let men = md(&[("West", 11, 3), ("East", 25, 106), ("Total", 36, 109)]);
        let women = md(&[("West", 39, 0), ("East", 2, 88), ("Total", 41, 88)]);
        let both = md(&[("West", 50, 3), ("East", 27, 194), ("Total", 77, 197)]);
        for text in [format!("Men\n\n{men}Women\n\n{women}Both\n\n{both}"), format!("All\n\n{both}Men\n\n{men}Women\n\n{women}")] {
            let found = cellwise_of(&text);
            assert!(matches!(found.as_slice(), [Cellwise::Sum { parts, whole }] if parts.len() == 2 && whole.len() == 6), "{text}");
            assert_eq!(groups(&text).0, vec![vec![0, 1, 2]]);
        }
        // Tables that sum to none of them: no sum (the last holds the second: a part of it).
        let text = format!("{men}{women}{}", md(&[("West", 50, 4), ("East", 27, 194), ("Total", 77, 198)]));
        assert!(matches!(cellwise_of(&text).as_slice(), [Cellwise::Within { .. }]));
    }

    #[test]
    fn a_base_column_summing_a_column_of_its_own_and_one_of_the_next_table() {
        // A yes / no question in two tables: the "Yes" table's `All asked` (named like a total,
        // summing nothing of its own) is its `Total` plus the "No" table's, row by row.
        let yes = "| region | Male | Female | Total | All asked |\n|---|---|---|---|---|\n| South | 0 | 83 | 83 | 195 |\n| Hillcrest | 94 | 0 | 94 | 98 |\n| Total | 94 | 83 | 177 | 293 |\n\n";
        let no = "| region | Male | Female | Total |\n|---|---|---|---|\n| Hillcrest | 0 | 4 | 4 |\n| South | 50 | 62 | 112 |\n| Total | 50 | 66 | 116 |\n\n";
        for text in [format!("Yes\n\n{yes}No\n\n{no}"), format!("No\n\n{no}Yes\n\n{yes}")] {
            let found = cellwise_of(&text);
            let sums: Vec<_> = found.iter().filter_map(|c| if let Cellwise::Sum { parts, whole } = c { Some((parts.len(), whole.len())) } else { None }).collect();
            assert_eq!(sums, vec![(2, 3)], "{text}");
            assert_eq!(groups(&text).0, vec![vec![0, 1]]);
        }
        // One row off (Hillcrest asked 99): no sum, and rows that differ: no pairing at all.
        let off = yes.replace("| 98 |", "| 99 |").replace("| 293 |", "| 294 |");
        assert!(!cellwise_of(&format!("{off}{no}")).iter().any(|c| matches!(c, Cellwise::Sum { .. })));
        let other_rows = no.replace("Hillcrest", "Lakeside");
        assert!(!cellwise_of(&format!("{yes}{other_rows}")).iter().any(|c| matches!(c, Cellwise::Sum { .. })));
    }

    #[test]
    fn a_table_printed_again_or_transposed_is_a_copy() {
        let a = md(&[("West", 11, 3), ("East", 25, 106)]);
        let text = format!("{a}Again:\n\n{a}");
        assert!(matches!(cellwise_of(&text).as_slice(), [Cellwise::Copy { a, b }] if a.len() == 4 && b.len() == 4));
        let t = "| tenure | West | East |\n|---|---|---|\n| Owner | 11 | 25 |\n| Renter | 3 | 106 |\n";
        let text = format!("{a}Transposed:\n\n{t}");
        assert!(matches!(cellwise_of(&text).as_slice(), [Cellwise::Copy { .. }]));
        assert_eq!(groups(&text).0, vec![vec![0, 1]]);
        // The same counts as a long table (one row per cell, one count column).
        let long = "| region | tenure | n |\n|---|---|---|\n| West | Owner | 11 |\n| West | Renter | 3 |\n| East | Owner | 25 |\n| East | Renter | 106 |\n";
        assert!(matches!(cellwise_of(&format!("{a}\n{long}")).as_slice(), [Cellwise::Copy { .. }]));
    }

    #[test]
    fn a_table_after_a_filter_is_within_the_one_before() {
        let a = md(&[("West", 11, 3), ("East", 25, 106)]);
        let b = md(&[("West", 9, 3), ("East", 20, 100)]);
        let text = format!("All:\n\n{a}After the filter:\n\n{b}");
        match cellwise_of(&text).as_slice() {
            [Cellwise::Within { rest, .. }] => assert_eq!(rest.iter().sum::<u64>(), 2 + 5 + 6),
            _ => panic!("one table within the other"),
        }
        // Neither within the other: nothing.
        let c = md(&[("West", 12, 2), ("East", 20, 100)]);
        assert!(cellwise_of(&format!("{a}{c}")).is_empty());
    }

    #[test]
    fn the_margins_of_two_tables_summed_in_a_third_link_all_three() {
        let men = md(&[("West", 4, 16), ("East", 120, 70)]);
        let women = md(&[("West", 33, 76), ("East", 3, 2)]);
        let by_region = "| region | Persons |\n|---|---|\n| West | 129 |\n| East | 195 |\n\n";
        let by_tenure = "| tenure | Persons |\n|---|---|\n| Owner | 160 |\n| Renter | 164 |\n\n";
        let text = format!("Men\n\n{men}Women\n\n{women}{by_region}{by_tenure}");
        let (g, _) = groups(&text);
        assert_eq!(g, vec![vec![0, 1, 2, 3]]);
        // The women's West and East would be given away by the men's and the sums: in the
        // problem, each sum is a relation over both tables' cells.
        let found = find(&text);
        let layouts: Vec<Layout> = found.iter().map(|t| Layout::analyze(t, &Steps::call()).expect("counts")).collect();
        let refs: Vec<&Layout> = layouts.iter().collect();
        let offsets = crate::rules::smallcell::offsets(&refs);
        let n = offsets[3] + layouts[3].cells.len();
        let linked = link(&refs, &offsets, n, &Steps::call()).expect("within the budget");
        let west = Relation { parts: vec![0, 1, 4, 5], total: offsets[2] };
        assert!(linked.relations.iter().any(|r| r.total == west.total && { let mut p = r.parts.clone(); p.sort_unstable(); p == west.parts }), "{:?}", linked.relations);
        // Sums that are off by one in a label: no link.
        let text = text.replace("| East | 195 |", "| East | 196 |").replace("| Renter | 164 |", "| Renter | 165 |");
        // (the two one-way tables still share their grand total)
        assert_eq!(groups(&text).0, vec![vec![0], vec![1], vec![2, 3]]);
    }

    #[test]
    fn different_populations_do_not_link() {
        let text = "| Town | A | B |\n|---|---|---|\n| North | 7 | 3 |\n| South | 40 | 50 |\n\n| Town | n |\n|---|---|\n| North | 11 |\n| South | 90 |\n";
        assert_eq!(groups(text).0, vec![vec![0], vec![1]]);
    }
}
