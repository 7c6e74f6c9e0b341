//! EG-CELL-001: small counts in tables (statistical disclosure control).
//!
//! Every table found in the text ([`crate::rules::tables`]) is read for count cells and the
//! additive relations between them. Counts from `min_value` to `threshold - 1` are primaries. In
//! `suppress` mode the primaries, the complementary cells [`protect`] chooses so that no primary
//! can be narrowed to an interval below `protection` by the attacker's LP, and the percentage
//! cells that would give a hidden count back are replaced by `[suppressed]`; a table with no safe
//! pattern within the work budget is withheld whole. In `round` mode every count of the table is
//! randomly rounded to base 5 instead ([`round`]). Findings never carry a cell's value: the
//! preview is the threshold (`<5`).
//!
//! Tables with an ID-like column are record-level data and belong to the microdata rule.
//!
//! For a reviewer, [`Rule::explain`] makes the same decision and also reports each flagged table
//! ([`explain`]): the published rows, the hidden cells' classes and the attacker's interval of
//! every hidden count.

mod explain;
mod protect;
mod round;
pub mod settings;

use super::tables::structure::Layout;
use super::tables::{self, Edit, Table};
use super::{Context, Hit, Outcome};
use crate::verdict::Severity;
use settings::CellMethod;

pub use explain::{CellReport, Interval, TableReport};
pub use protect::{Plan, Settings, Table as ProtectTable, intervals, protect};

pub const CODE: &str = "EG-CELL-001";
pub use super::tables::structure::SUPPRESSED;
/// Work budget per table (LP variables × constraints, summed): about 1 s natively and 1.5 s in
/// the component at most, inside the hosts' per-call fuel. A table that needs more is withheld
/// rather than published unaudited (or cut off by the host, which would fail open).
pub const MAX_WORK: usize = 8_000_000;

pub struct Rule {
    threshold: u64,
    min_value: u64,
    method: CellMethod,
    protection: u64,
}

/// What the rule decided for one table.
struct Decision {
    hit: Hit,
    edits: Vec<Edit>,
    /// Only when explaining: the published table and the audited interval of each hidden count.
    report: Option<TableReport>,
}

impl super::Rule for Rule {
    /// With [`Context::explain`], also a [`TableReport`] for every table it flagged
    /// (`explain-json`): the audit intervals cost extra LP solves, so only the explaining call
    /// pays for them.
    fn inspect(&self, cx: &Context, text: &str) -> Outcome {
        let (mut out, reports) = self.run(cx, text);
        out.reports = reports.iter().map(|r| r.to_json(cx.path)).collect();
        out
    }
}

impl Rule {
    fn run(&self, cx: &Context, text: &str) -> (Outcome, Vec<TableReport>) {
        let mut out = Outcome::default();
        let mut edits = Vec::new();
        let mut reports = Vec::new();
        for (index, table) in tables::find(text).into_iter().enumerate() {
            if tables::id_column(&table).is_some() || cx.allowed(&table.header_text()) {
                continue;
            }
            if let Some(d) = self.decide(text, &table, cx.rewrite, cx.explain.then_some(index)) {
                out.hits.push(d.hit);
                edits.extend(d.edits);
                reports.extend(d.report);
            }
        }
        if !edits.is_empty() {
            out.rewritten = Some(tables::apply(text, edits));
            out.withheld_note = Some(match self.method {
                CellMethod::Suppress => "small counts suppressed",
                CellMethod::Round => "counts rounded to base 5",
            });
        }
        (out, reports)
    }

    /// `explain`: the table's index in the text, when a [`TableReport`] is wanted.
    fn decide(&self, text: &str, table: &Table, rewrite: bool, explain: Option<usize>) -> Option<Decision> {
        let layout = Layout::analyze(table)?;
        let primaries: Vec<usize> =
            (0..layout.cells.len()).filter(|&i| (self.min_value..self.threshold).contains(&layout.cells[i].value)).collect();
        if primaries.is_empty() {
            return None;
        }
        let t = self.threshold;
        let n = primaries.len();
        let mut hit = Hit {
            code: CODE,
            severity: Severity::High,
            reason: format!("table with {n} {} below the small-cell threshold of {t}", if n == 1 { "count" } else { "counts" }),
            preview: format!("<{t}"),
            action: None,
        };
        if !rewrite {
            let report = explain.map(|index| explain::flagged(index, t, self.protection));
            return Some(Decision { hit, edits: Vec::new(), report });
        }
        let cells = Cells::of(&layout, &primaries);
        let settings = Settings { protection: self.protection as f64, max_work: MAX_WORK };
        let (edits, hidden) = match self.method {
            CellMethod::Round => {
                hit.reason.push_str("; counts randomly rounded to base 5");
                (round::edits(&text[table.start..table.end], table, &layout), None)
            }
            CellMethod::Suppress => match protect(&cells.table(&layout), &primaries, &settings) {
                Plan::Hidden(hidden) => {
                    let k = hidden.iter().filter(|&&h| h).count();
                    hit.reason.push_str(&format!("; {k} cells suppressed"));
                    (suppression_edits(table, &layout, &hidden), Some(hidden))
                }
                Plan::Withhold => {
                    hit.reason.push_str("; no safe suppression pattern, table withheld");
                    let line = format!("{}[table withheld: {n} cells below threshold]", table.prefix);
                    (vec![Edit { start: table.start, end: table.end, text: line.into() }], None)
                }
            },
        };
        let report = explain.map(|index| {
            let published = explain::Published { table, edits: &edits, withheld: self.method == CellMethod::Suppress && hidden.is_none() };
            let audit = hidden.as_deref().map(|h| explain::Audit { layout: &layout, cells: &cells, primaries: &primaries, hidden: h, settings: &settings });
            explain::report(index, t, self.protection, &published, audit.as_ref())
        });
        Some(Decision { hit, edits, report })
    }
}

/// The protection's view of a table's count cells.
struct Cells {
    values: Vec<u64>,
    margin: Vec<bool>,
    /// Totals that do not add up cannot be audited exactly: every cell of such a group that
    /// holds a primary is hidden.
    forced: Vec<usize>,
}

impl Cells {
    fn of(layout: &Layout, primaries: &[usize]) -> Cells {
        let mut is_primary = vec![false; layout.cells.len()];
        for &p in primaries {
            is_primary[p] = true;
        }
        let forced = layout
            .broken
            .iter()
            .filter(|r| r.parts.iter().chain([&r.total]).any(|&i| is_primary[i]))
            .flat_map(|r| r.parts.iter().copied().chain([r.total]))
            .collect();
        Cells {
            values: layout.cells.iter().map(|c| c.value).collect(),
            margin: layout.cells.iter().map(|c| c.margin).collect(),
            forced,
        }
    }

    fn table<'a>(&'a self, layout: &'a Layout) -> ProtectTable<'a> {
        ProtectTable { values: &self.values, margin: &self.margin, relations: &layout.relations, forced: &self.forced }
    }
}

/// `[suppressed]` for the hidden counts and for the percentages that would give them back: a
/// percentage column named after a count column is hidden where that count is hidden; any other
/// percentage column in every row that hides a count.
fn suppression_edits(table: &Table, layout: &Layout, hidden: &[bool]) -> Vec<Edit> {
    let mut edits = Vec::new();
    let mut row_hides = vec![false; table.rows.len()];
    for (i, c) in layout.cells.iter().enumerate() {
        if hidden[i] {
            row_hides[c.row] = true;
            edits.push(tables::replace_field(&table.rows[c.row].fields[c.col], SUPPRESSED));
        }
    }
    let rows_hiding: Vec<usize> = (0..table.rows.len()).filter(|&r| row_hides[r]).collect();
    for &(pc, named) in &layout.percent_cols {
        for &r in &rows_hiding {
            let hide = match named {
                Some(cc) => layout.at(r, cc).is_some_and(|i| hidden[i]),
                None => true,
            };
            let f = &table.rows[r].fields[pc];
            if hide && !f.text.is_empty() {
                edits.push(tables::replace_field(f, SUPPRESSED));
            }
        }
    }
    edits
}
