//! What the small-cell rule did with each table, for a reviewer (`explain-json`, `egress-guard vet`).
//!
//! A reviewer has to see *why* a published table is safe: which cells were hidden as primaries,
//! which as complements, and the interval an attacker can still deduce for every hidden count —
//! the minimum and maximum of that cell over all non-negative tables consistent with the visible
//! cells and the totals, from the LP the protection audits with ([`super::intervals`], over the table and every table
//! linked to it; no upper
//! bound, so the interval is derived from published numbers only: `hi` is `null` where nothing
//! published bounds the cell). The
//! report holds the table as published and these intervals, never a hidden value: an interval
//! that collapses to one number would give the value back, so it is reported as `degenerate`
//! (a protection bug) without its bounds.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::SUPPRESSED;
use crate::rules::tables::Table;
use crate::rules::tables::structure::Layout;

/// One flagged table: how it was published and its hidden cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableReport {
    /// The table's position among the tables of the inspected string (0-based).
    pub index: usize,
    /// `suppressed`, `rounded`, `withheld` (nothing of it published) or `flagged` (warn mode:
    /// reported, not rewritten).
    pub status: &'static str,
    pub threshold: u64,
    pub protection: u64,
    /// The published fields, header rows included; empty when withheld or flagged.
    pub rows: Vec<Vec<String>>,
    /// The hidden cells in row-major order.
    pub cells: Vec<CellReport>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellReport {
    pub row: usize,
    pub col: usize,
    /// `primary` (a small count), `complement` (hidden so no primary can be narrowed),
    /// `forced` (in a group whose totals do not add up) or `derived` (a percentage that would
    /// give a hidden count back).
    pub class: &'static str,
    pub interval: Interval,
}

/// The attacker's interval for a hidden count, in whole numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interval {
    /// Not a count (a derived percentage).
    None,
    /// `hi: None`: nothing published bounds the cell from above.
    Audited { lo: u64, hi: Option<u64> },
    /// The LP pins the cell to one value: a protection bug; the bounds are not shown.
    Degenerate,
    /// The work budget ran out before every interval was solved.
    Unaudited,
}

impl Interval {
    fn of((lo, hi): (f64, f64)) -> Interval {
        let lo = (lo - 1e-6).ceil().max(0.0) as u64;
        if hi.is_infinite() {
            return Interval::Audited { lo, hi: None };
        }
        let hi = (hi + 1e-6).floor().max(0.0) as u64;
        if hi > lo { Interval::Audited { lo, hi: Some(hi) } } else { Interval::Degenerate }
    }
}

impl TableReport {
    /// The report as compact JSON, `path` being the JSON pointer of the inspected string (`""`
    /// for plain text). Serialized directly (no `Value` tree): a big table has ~10^5 cells.
    pub fn to_json(&self, path: &str) -> String {
        let cells: Vec<CellJson> = self
            .cells
            .iter()
            .map(|c| {
                let (lo, hi, audit) = match c.interval {
                    Interval::None => (None, None, None),
                    Interval::Audited { lo, hi } => (Some(lo), Some(hi), None),
                    Interval::Degenerate => (None, None, Some("degenerate")),
                    Interval::Unaudited => (None, None, Some("out of budget")),
                };
                CellJson { row: c.row, col: c.col, class: c.class, lo, hi, audit }
            })
            .collect();
        let t = TableJson {
            path,
            index: self.index,
            status: self.status,
            threshold: self.threshold,
            protection: self.protection,
            rows: &self.rows,
            cells,
        };
        serde_json::to_string(&t).expect("plain data serializes")
    }
}

/// The wire form of a [`TableReport`] (field order is the contract's).
#[derive(Serialize)]
struct TableJson<'a> {
    path: &'a str,
    index: usize,
    status: &'a str,
    threshold: u64,
    protection: u64,
    rows: &'a [Vec<String>],
    cells: Vec<CellJson>,
}

#[derive(Serialize)]
struct CellJson {
    row: usize,
    col: usize,
    class: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    lo: Option<u64>,
    /// `Some(None)` is an unbounded interval (`"hi":null`); `None` no interval at all.
    #[serde(skip_serializing_if = "Option::is_none")]
    hi: Option<Option<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    audit: Option<&'static str>,
}

/// A table reported in warn mode: flagged, nothing rewritten, nothing to audit.
pub(super) fn flagged(index: usize, threshold: u64, protection: u64) -> TableReport {
    TableReport { index, status: "flagged", threshold, protection, rows: Vec::new(), cells: Vec::new() }
}

/// A table withheld whole: nothing of it is published.
pub(super) fn withheld(index: usize, threshold: u64, protection: u64) -> TableReport {
    TableReport { index, status: "withheld", threshold, protection, rows: Vec::new(), cells: Vec::new() }
}

/// The hidden counts of one table with their classes and audited intervals (`interval_of(i)`
/// for count cell `i`; `None` when the work budget ran out before it was solved).
pub(super) fn hidden_cells(
    layout: &Layout,
    hidden: &[bool],
    primaries: &[usize],
    forced: &[usize],
    interval_of: impl Fn(usize) -> Option<(f64, f64)>,
) -> Vec<CellReport> {
    let primary: HashSet<usize> = primaries.iter().copied().collect();
    let forced: HashSet<usize> = forced.iter().copied().collect();
    (0..hidden.len())
        .filter(|&i| hidden[i])
        .map(|i| {
            let class = if primary.contains(&i) {
                "primary"
            } else if forced.contains(&i) {
                "forced"
            } else {
                "complement"
            };
            let interval = interval_of(i).map_or(Interval::Unaudited, Interval::of);
            let c = &layout.cells[i];
            CellReport { row: c.row, col: c.col, class, interval }
        })
        .collect()
}

/// The report of a published table: its fields after `changes`, the hidden counts `cells`, and
/// the other changed fields (percentages hidden with their counts) as `derived`.
pub(super) fn report(
    index: usize,
    threshold: u64,
    protection: u64,
    status: &'static str,
    table: &Table,
    changes: &[(usize, usize, &str)],
    mut cells: Vec<CellReport>,
) -> TableReport {
    let by_pos: HashMap<(usize, usize), &str> = changes.iter().map(|&(r, c, v)| ((r, c), v)).collect();
    let rows: Vec<Vec<String>> = table
        .rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            row.fields.iter().enumerate().map(|(c, f)| by_pos.get(&(r, c)).map_or_else(|| f.text.to_string(), |v| v.to_string())).collect()
        })
        .collect();
    if status == "suppressed" {
        let counts: HashSet<(usize, usize)> = cells.iter().map(|c| (c.row, c.col)).collect();
        for &(r, c, v) in changes {
            if v == SUPPRESSED && !counts.contains(&(r, c)) && table.rows[r].fields[c].text != SUPPRESSED {
                cells.push(CellReport { row: r, col: c, class: "derived", interval: Interval::None });
            }
        }
        cells.sort_by_key(|c| (c.row, c.col));
    }
    TableReport { index, status, threshold, protection, rows, cells }
}

#[cfg(test)]
mod tests {
    use super::super::Rule;
    use super::super::settings::CellMethod;
    use super::*;
    use crate::policy::Policy;
    use crate::rules::{Context, Rule as _, RuleDef};
    use crate::verdict::Scope;

    fn explain(text: &str, method: CellMethod) -> Vec<TableReport> {
        let (mut policy, _) = Policy::load("", None);
        policy.rules.smallcell.method = method;
        let rule = Rule::build(&policy.rules.smallcell);
        let cx = Context { explain: true, ..Context::plain(Scope::Reply) };
        let (out, reports) = rule.run(&cx, text);
        // Explaining never changes the decision.
        assert_eq!(out.rewritten, rule.inspect(&Context::plain(Scope::Reply), text).rewritten);
        reports
    }

    const TABLE: &str = "| Region | Owner | Renter | Total |\n|---|---|---|---|\n| North | 3 | 40 | 43 |\n| South | 50 | 60 | 110 |\n| Total | 53 | 100 | 153 |\n";

    #[test]
    fn a_suppressed_table_reports_classes_and_wide_intervals() {
        let reports = explain(TABLE, CellMethod::Suppress);
        assert_eq!(reports.len(), 1);
        let r = &reports[0];
        assert_eq!((r.index, r.status, r.threshold, r.protection), (0, "suppressed", 5, 5));
        // Rows are the header, then the body rows (a markdown separator is not a row).
        assert_eq!(r.rows[1], ["North", SUPPRESSED, SUPPRESSED, "43"]);
        let classes: Vec<(usize, usize, &str)> = r.cells.iter().map(|c| (c.row, c.col, c.class)).collect();
        assert_eq!(classes, [(1, 1, "primary"), (1, 2, "complement"), (2, 1, "complement"), (2, 2, "complement")]);
        // North/Owner = 3 can be anything from 0 to 43 (the row total) as far as the visible
        // cells tell: 43 - Renter with Renter in [0, 43]; never the value itself.
        let primary = r.cells[0].interval;
        assert_eq!(primary, Interval::Audited { lo: 0, hi: Some(43) });
        for c in &r.cells {
            let Interval::Audited { lo, hi: Some(hi) } = c.interval else { panic!("{c:?}") };
            assert!(hi - lo >= r.protection, "{c:?}");
        }
    }

    #[test]
    fn rounded_and_withheld_tables_have_no_intervals() {
        let r = &explain(TABLE, CellMethod::Round)[0];
        assert_eq!(r.status, "rounded");
        assert!(r.cells.is_empty());
        assert!(r.rows[1].iter().skip(1).all(|v| v.parse::<u64>().unwrap() % 5 == 0), "{:?}", r.rows);
        // Every cell small, the grand total (4) below the protection (5): no pattern can protect it.
        let tiny = "| a | x | y | Total |\n|---|---|---|---|\n| r | 1 | 1 | 2 |\n| s | 1 | 1 | 2 |\n| Total | 2 | 2 | 4 |\n";
        let r = &explain(tiny, CellMethod::Suppress)[0];
        assert_eq!(r.status, "withheld");
        assert!(r.rows.is_empty() && r.cells.is_empty());
    }

    #[test]
    fn the_json_never_carries_a_hidden_value() {
        let r = &explain(TABLE, CellMethod::Suppress)[0];
        let j = r.to_json("/x");
        assert!(j.starts_with(r#"{"path":"/x","index":0,"status":"suppressed","threshold":5,"protection":5,"rows":"#), "{j}");
        assert!(j.contains(r#"{"row":1,"col":1,"class":"primary","lo":0,"hi":43}"#), "{j}");
        for hidden in ["\"3\"", "\"40\"", "\"50\"", "\"60\""] {
            assert!(!j.contains(hidden), "{j}");
        }
    }

    #[test]
    fn without_totals_nothing_bounds_a_hidden_count() {
        // No margins: the protection caps hidden cells at the largest count (here a hidden 2),
        // which must not leak into the reported interval.
        let r = &explain("| Area | Cases | Deaths |\n|---|---|---|\n| A | 1 | 2 |\n| B | 2 | 1 |\n", CellMethod::Suppress)[0];
        assert_eq!(r.cells.len(), 4);
        assert!(r.cells.iter().all(|c| c.interval == Interval::Audited { lo: 0, hi: None }), "{:?}", r.cells);
        assert!(r.to_json("").contains(r#""class":"primary","lo":0,"hi":null}"#));
    }

    #[test]
    fn degenerate_intervals_hide_their_bounds() {
        assert_eq!(Interval::of((3.0, 3.0000001)), Interval::Degenerate);
        assert_eq!(Interval::of((-1e-9, 8.0)), Interval::Audited { lo: 0, hi: Some(8) });
        assert_eq!(Interval::of((2.0, f64::INFINITY)), Interval::Audited { lo: 2, hi: None });
        let r = TableReport {
            index: 0,
            status: "suppressed",
            threshold: 5,
            protection: 5,
            rows: Vec::new(),
            cells: vec![CellReport { row: 1, col: 1, class: "primary", interval: Interval::Degenerate }],
        };
        assert!(r.to_json("").contains(r#"{"row":1,"col":1,"class":"primary","audit":"degenerate"}"#));
    }
}
