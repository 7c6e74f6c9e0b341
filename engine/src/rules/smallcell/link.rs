//! Tables of one text that share a margin are one table to a reader: a one-way table of regions
//! beside a region × tenure cross-tab gives each row's total (10 − 7 − 0 = 3 if the cross-tab
//! hid a 3 but not its row); two cross-tabs of one population give each region's total twice.
//! Such tables are protected and audited together.
//!
//! A table's margins are its row sums by row label, its column sums by column name and its grand
//! total, summed over its inner cells (not over its own totals). Two tables share a dimension
//! when at least two labels of one of their dimensions are labels of one dimension of the other
//! and every such label has the same sum in both: then each of those sums is a relation between
//! the two tables. Equal grand totals are a relation too. An equality of two sums of several
//! cells goes through a virtual cell (the common sum, never published).

use std::collections::HashMap;

use crate::rules::tables::structure::{Layout, Relation, is_total_label, plain};

/// The tables of a text as one protection problem.
pub struct Linked {
    /// Groups of tables (indices into the layouts) that share margins, each in order.
    pub groups: Vec<Vec<usize>>,
    /// Relations between tables, over global cell indices (`offsets[t] + cell`), virtual cells
    /// numbered after all real ones.
    pub relations: Vec<Relation>,
    /// Values of the virtual cells, in order.
    pub virtual_values: Vec<u64>,
}

/// One margin: its label, the inner cells it sums (global indices) and the sum.
struct Margin {
    label: String,
    parts: Vec<usize>,
    value: u64,
}

fn key(s: &str) -> String {
    plain(s).split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The margins of one table, by dimension (each label column of its rows, then its columns),
/// and its grand total.
fn margins(l: &Layout, offset: usize) -> (Vec<Vec<Margin>>, Option<Margin>) {
    let inner = |i: usize| !l.total_rows[l.cells[i].row] && !l.total_cols[l.cells[i].col];
    let mut by_row: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut by_col: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, c) in l.cells.iter().enumerate() {
        if !l.total_cols[c.col] {
            by_row.entry(c.row).or_default().push(i);
        }
        if !l.total_rows[c.row] {
            by_col.entry(c.col).or_default().push(i);
        }
    }
    let margin = |label: &str, cells: &[usize]| Margin {
        label: key(label),
        parts: cells.iter().map(|&i| offset + i).collect(),
        value: cells.iter().map(|&i| l.cells[i].value).sum(),
    };
    let inner_cols = by_col.len();
    let inner_rows: Vec<usize> = by_row.keys().copied().filter(|&r| !l.total_rows[r]).collect();
    let mut dims = Vec::new();
    // Rows, grouped by each label column's value (one row per value in a wide table, several in
    // a long one); every grouped row must be complete.
    let depth = inner_rows.iter().map(|&r| l.row_keys[r].len()).max().unwrap_or(0);
    for d in 0..depth {
        let mut groups: HashMap<String, (Vec<usize>, bool)> = HashMap::new();
        for &r in &inner_rows {
            let keys = &l.row_keys[r];
            let Some(label) = keys.get(d).filter(|k| !k.is_empty()) else { continue };
            if keys.iter().any(|k| is_total_label(k)) {
                continue;
            }
            let g = groups.entry(label.clone()).or_insert((Vec::new(), true));
            g.0.extend(&by_row[&r]);
            g.1 &= by_row[&r].len() == inner_cols;
        }
        let mut dim: Vec<Margin> = groups.iter().filter(|(_, (_, complete))| *complete).map(|(label, (cells, _))| margin(label, cells)).collect();
        dim.sort_by(|a, b| a.label.cmp(&b.label));
        dims.push(dim);
    }
    let mut cols: Vec<Margin> = by_col
        .iter()
        .filter(|&(&c, cells)| !l.total_cols[c] && cells.len() == inner_rows.len() && !l.col_names[c].is_empty() && !is_total_label(&l.col_names[c]))
        .map(|(&c, cells)| margin(&l.col_names[c], cells))
        .collect();
    cols.sort_by(|a, b| a.label.cmp(&b.label));
    dims.push(cols);
    let all: Vec<usize> = (0..l.cells.len()).filter(|&i| inner(i)).collect();
    let grand = (!all.is_empty()).then(|| margin("", &all));
    (dims, grand)
}

/// The relations between `layouts` (cells numbered from `offsets`) and the groups they form.
pub fn link(layouts: &[&Layout], offsets: &[usize], total_cells: usize) -> Linked {
    let n = layouts.len();
    let all: Vec<_> = layouts.iter().zip(offsets).map(|(l, &o)| margins(l, o)).collect();
    let mut relations = Vec::new();
    let mut virtual_values = Vec::new();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
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
    for i in 0..n {
        for j in i + 1..n {
            let mut linked = false;
            let (di, gi) = &all[i];
            let (dj, gj) = &all[j];
            for da in di {
                for db in dj {
                    let common: Vec<(&Margin, &Margin)> =
                        da.iter().filter_map(|a| db.iter().find(|b| b.label == a.label).map(|b| (a, b))).collect();
                    if common.len() >= 2 && common.iter().all(|(a, b)| a.value == b.value) {
                        for (a, b) in common {
                            equate(a, b, &mut relations);
                        }
                        linked = true;
                    }
                }
            }
            if let (Some(a), Some(b)) = (gi, gj)
                && a.value == b.value
                && a.value > 0
            {
                equate(a, b, &mut relations);
                linked = true;
            }
            if linked {
                let (x, y) = (root(&mut parent, i), root(&mut parent, j));
                parent[x] = y;
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut of_root: HashMap<usize, usize> = HashMap::new();
    for t in 0..n {
        let r = root(&mut parent, t);
        let g = *of_root.entry(r).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(t);
    }
    Linked { groups, relations, virtual_values }
}
