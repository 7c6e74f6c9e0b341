//! EG-CELL-001: small counts in tables (statistical disclosure control).
//!
//! Every table found in the text ([`crate::rules::tables`], any format) is read for count cells
//! and the additive relations between them, from labels and from the numbers. Counts from
//! `min_value` to `threshold - 1` are primaries. Tables of one text that share a margin are
//! protected and audited together ([`link`]). In `suppress` mode the primaries, the
//! complementary cells [`protect`] chooses so that no primary can be narrowed to an interval
//! below `protection` by the attacker's LP, and the percentage cells that would give a hidden
//! count back are replaced by `[suppressed]`; a table with no safe pattern within the work
//! budget (relation inference or LPs) is withheld whole. In `round` mode every count of the
//! table is randomly rounded to base 5 instead ([`round`]). With `prose` on, small counts in
//! sentences are suppressed too ([`prose`]). A line of a text bar chart goes with the row whose
//! count is hidden ([`bars`]). Findings never carry a cell's value: the preview is the threshold
//! (`<5`).
//!
//! Record-level tables (a person identifier, or rows of person attributes) belong to the
//! microdata rule; an aggregate table keeps this rule even when a label column is named like an
//! identifier (`clinic_id`).
//!
//! In a session, the column totals of every table are checked against the tables published
//! before ([`crate::session::ledger`]): a table that would isolate a small group by differencing
//! is withheld whole.
//!
//! For a reviewer, [`Rule::explain`] makes the same decision and also reports each flagged table
//! ([`explain`]): the published rows, the hidden cells' classes and the attacker's interval of
//! every hidden count.

mod bars;
mod changes;
mod coarse;
mod explain;
mod header;
mod link;
mod prose;
mod shares;
mod sharetables;
mod told;
mod protect;
mod round;
pub mod settings;

use super::microdata;
use super::tables::numbers;
use super::tables::structure::{Layout, Relation};
use super::tables::{self, Edit, Table};
use super::steps::{LP_STEP, Steps};
use super::{Context, Hit, Outcome};
use crate::session::{Facts, ledger};
use crate::verdict::Severity;
use settings::CellMethod;

pub use explain::{CellReport, Interval, TableReport};
pub use protect::{Plan, Settings, Table as ProtectTable, intervals, protect};

pub const CODE: &str = "EG-CELL-001";
pub use super::tables::structure::SUPPRESSED;
/// Work budget per group of linked tables, in LP work units ([`Settings::max_work`]: what the
/// LPs really cost). 500-cell cross-tabs with a fifth of their counts small take 3 to 5.5 M
/// (`table_500` 3.3 M, about 2.5 G fuel in the component); the budget covers them, and bounds
/// what one call spends on LPs whatever its text. Tables that need more are withheld rather
/// than published unaudited (or cut off by the host, which would fail open).
pub const MAX_WORK: usize = 6_000_000;

pub struct Rule {
    threshold: u64,
    min_value: u64,
    method: CellMethod,
    protection: u64,
    prose: bool,
}

/// One table the rule read: where it is among the text's tables, the table and its layout.
struct Read<'t> {
    index: usize,
    table: &'t Table<'t>,
    layout: Layout,
    /// Where the next table of the text starts (or the text's end): a footer line of this one
    /// ends before it.
    next: usize,
    /// Where the table before it ends (or the text's start): a heading of this one starts after it.
    prev: usize,
}

/// New texts for fields of a table: `(row, col, text)`.
type Changes = Vec<(usize, usize, &'static str)>;

/// What the rule decided for the tables of one text.
#[derive(Default)]
struct Decisions<'r> {
    hits: Vec<Hit>,
    edits: Vec<Edit>,
    reports: Vec<TableReport>,
    /// Per table read: the values it hides (by row label and column name), for the prose pass.
    hidden: Vec<prose::HiddenCell<'r>>,
    /// Per relation of a table read, its parts' and total's values where one of them is hidden,
    /// for the shares told outside the table.
    shares: Vec<(u64, u64)>,
    /// Per table rewritten (its index among the text's tables), the fields it changes: written
    /// once every group is decided, with the shares of its hidden counts in other tables.
    rewrites: Vec<(usize, Changes)>,
    /// Per table that hides counts (its index among the text's tables), which of its cells are
    /// hidden (all of them when it is withheld).
    hidden_of: Vec<(usize, Vec<bool>)>,
    /// The tables withheld whole (their indices among the text's tables).
    withheld: Vec<usize>,
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

    fn reads_records(&self) -> bool {
        true
    }
}

impl Rule {
    fn primary(&self, v: u64) -> bool {
        (self.min_value..self.threshold).contains(&v)
    }

    /// A finding of this rule for a table: its preview is the threshold, never a count.
    fn finding(&self, reason: String) -> Hit {
        Hit { code: CODE, severity: Severity::High, reason, preview: format!("<{}", self.threshold), action: None }
    }

    fn run(&self, cx: &Context, text: &str) -> (Outcome, Vec<TableReport>) {
        let mut out = Outcome::default();
        let own;
        let steps = match cx.steps {
            Some(s) => s,
            None => {
                own = Steps::call();
                &own
            }
        };
        let found = cx.tables(text);
        let spans: Vec<(usize, usize)> = found.iter().map(|t| (t.start, t.end)).collect();
        let mut d = Decisions::default();
        let reads: Vec<Read> = found
            .iter()
            .enumerate()
            .filter(|(_, t)| !microdata::is_record_level(t) && !cx.allowed(&t.header_text()))
            .filter_map(|(index, table)| {
                let next = found.get(index + 1).map_or(text.len(), |t| t.start);
                let prev = index.checked_sub(1).map_or(0, |k| found[k].end);
                Layout::analyze(table, steps).map(|layout| Read { index, table, layout, next, prev })
            })
            .filter(|r| !self.withheld_by_ledger(cx, r, &mut d))
            .collect();
        if !reads.is_empty() {
            let layouts: Vec<&Layout> = reads.iter().map(|r| &r.layout).collect();
            let offsets = offsets(&layouts);
            // Past the call's steps the links are unknown: each table is its own group, and
            // none is worked out (every one holding a small count is withheld).
            let groups = link::groups(&layouts, &offsets, steps).unwrap_or_else(|| (0..reads.len()).map(|t| vec![t]).collect());
            for group in groups {
                self.decide(text, &reads, &group, cx, steps, &mut d);
            }
            // A table of shares of a table's counts hides the shares of its hidden counts.
            for b in share_tables(cx, &found, &reads, &mut d, steps) {
                // Not checked within the budget: it may be a table of shares of hidden counts.
                d.rewrites.retain(|(k, _)| *k != b);
                d.hits.push(self.finding(format!(
                    "table beside counts below the small-cell threshold of {}: not checked for their shares within the work budget, table withheld",
                    self.threshold
                )));
                d.edits.push(tables::withhold(&found[b], "[table withheld: not checked within the work budget]"));
            }
        }
        for (index, mut changes) in std::mem::take(&mut d.rewrites) {
            changes.sort_unstable();
            changes.dedup();
            d.edits.extend(tables::rewrite(text, &found[index], &changes));
        }
        let mut spans = spans;
        if cx.rewrite {
            // A chart line copying a hidden row goes with it; prose does not read it again.
            let rows: Vec<&str> = d.hidden.iter().map(|h| h.row).collect();
            let charts = bars::hide(text, &spans, &rows);
            spans.extend(charts.iter().map(|e| (e.start, e.end)));
            d.edits.extend(charts);
            // So does a change of the row told in a sentence (`East rose by 59`).
            let told = changes::hide(text, &spans, &rows);
            spans.extend(told.iter().map(|e| (e.start, e.end)));
            d.edits.extend(told);
            // And a share of a hidden count over its margin (`Sensitivity: 98.0%`), also in a
            // table nothing rewrote (a list of `Sens: 98.0%` reads as one).
            let shares = if d.shares.is_empty() { Vec::new() } else { shares::hide(text, &touched(&spans, &d.edits), &d.shares) };
            spans.extend(shares.iter().map(|e| (e.start, e.end)));
            d.edits.extend(shares);
        }
        if self.prose {
            let labels: Vec<&Layout> = reads.iter().map(|r| &r.layout).collect();
            let p = prose::inspect(text, &labels, &d.hidden, &spans, self.threshold, self.min_value);
            if !p.edits.is_empty() || !p.hits.is_empty() {
                d.hits.extend(p.hits);
                if cx.rewrite {
                    d.edits.extend(p.edits);
                }
            }
        }
        if !d.edits.is_empty() {
            out.rewritten = Some(tables::apply(text, d.edits));
            out.withheld_note = Some(match self.method {
                CellMethod::Suppress => "small counts suppressed",
                CellMethod::Round => "counts rounded to base 5",
            });
        }
        out.hits = d.hits;
        (out, d.reports)
    }

    /// In a session, whether the table is withheld because one of its column totals differs from
    /// one published before by less than the threshold (the hit and the edit go into `d`).
    fn withheld_by_ledger(&self, cx: &Context, read: &Read, d: &mut Decisions) -> bool {
        let Some(facts) = cx.session else { return false };
        if !self.differences(facts, &read.layout) {
            return false;
        }
        let t = self.threshold;
        d.hits.push(self.finding(format!(
            "table whose totals differ from a table published earlier in this session by fewer than {t}: the two together would reveal a group below the small-cell threshold; table withheld"
        )));
        if cx.rewrite {
            d.edits.push(tables::withhold(read.table, "[table withheld: with a table published earlier it would reveal a small group]"));
        }
        true
    }

    /// Whether one of the table's column totals (the sum of its counts that are no margins, in
    /// the columns of counts as written) differs from one published before in the session by
    /// less than the threshold. Every total is recorded in the session's ledger.
    fn differences(&self, facts: &Facts, layout: &Layout) -> bool {
        let header: Vec<&str> = layout.col_names.iter().map(String::as_str).collect();
        let mut totals: std::collections::BTreeMap<usize, u64> = std::collections::BTreeMap::new();
        for (_, c) in layout.cells.iter().enumerate().filter(|&(i, c)| !c.margin && layout.counts(i) && !layout.implied.iter().any(|&(col, _)| col == c.col)) {
            let t = totals.entry(c.col).or_default();
            *t = t.saturating_add(c.value);
        }
        let mut isolates = false;
        for (col, total) in totals {
            let key = ledger::key(&header, header.get(col).copied().unwrap_or(""));
            isolates |= facts.publish_total(key, total, self.threshold).is_some();
        }
        isolates
    }

    /// Decide one group of linked tables (indices into `reads`), spending from the call's `steps`.
    fn decide<'r>(&self, text: &str, reads: &'r [Read], group: &[usize], cx: &Context, steps: &Steps, d: &mut Decisions<'r>) {
        let (rewrite, explain) = (cx.rewrite, cx.explain);
        let members: Vec<&Read> = group.iter().map(|&k| &reads[k]).collect();
        let prim: Vec<Vec<usize>> =
            members.iter().map(|m| (0..m.layout.cells.len()).filter(|&i| m.layout.counts(i) && self.primary(m.layout.cells[i].value)).collect()).collect();
        // Counts around the tables (a column's size in its header, a footer's total and what it
        // left out, a heading's total, the bases written in the cells), in the order of the members.
        let outside: Vec<(usize, header::Outside)> = members
            .iter()
            .enumerate()
            .flat_map(|(k, m)| {
                let mut o = header::header_counts(text, m.table, &m.layout);
                o.extend(header::footer_counts(text, m.table, &m.layout, m.next));
                o.extend(header::heading_counts(text, m.table, &m.layout, m.prev));
                o.extend(header::row_bases(m.table, &m.layout));
                // Sums and differences of its cells told after it (past the steps: none, and
                // the table is withheld).
                o.extend(told::restated(text, m.table, &m.layout, m.next, steps));
                o.into_iter().map(move |o| (k, o))
            })
            .collect();
        // A line between two tables is read as the footer of one and the heading of the other:
        // its number is one count, the first reading's.
        let mut seen = std::collections::HashSet::new();
        let outside: Vec<(usize, header::Outside)> = outside.into_iter().filter(|(_, o)| o.pinned || seen.insert((o.start, o.end))).collect();
        // Small counts per member, in its cells and around it.
        let mut n_prim: Vec<usize> = prim.iter().map(Vec::len).collect();
        let mut outside_of: Vec<Vec<usize>> = vec![Vec::new(); members.len()];
        for (x, (k, o)) in outside.iter().enumerate() {
            n_prim[*k] += usize::from(o.counts() && self.primary(o.value));
            outside_of[*k].push(x);
        }
        if n_prim.iter().all(|&n| n == 0) {
            return;
        }
        let t = self.threshold;
        let linked = members.len() > 1;
        let hit = |n: usize, more: &str| self.finding(format!("table with {n} {} below the small-cell threshold of {t}{more}", if n == 1 { "count" } else { "counts" }));
        if !rewrite {
            for (m, &n) in members.iter().zip(&n_prim).filter(|(_, n)| **n > 0) {
                d.hits.push(hit(n, ""));
                if explain {
                    d.reports.push(explain::flagged(m.index, t, self.protection));
                }
            }
            return;
        }
        if self.method == CellMethod::Round {
            for (m, &n) in members.iter().zip(&n_prim).filter(|(_, n)| **n > 0) {
                d.hits.push(hit(n, "; counts randomly rounded to base 5"));
                let changes = round::changes(&text[m.table.start..m.table.end], m.table, &m.layout);
                let refs: Vec<(usize, usize, &str)> = changes.iter().map(|(r, c, v)| (*r, *c, v.as_str())).collect();
                if explain {
                    d.reports.push(explain::report(m.index, t, self.protection, "rounded", m.table, &refs, Vec::new()));
                }
                d.edits.extend(tables::rewrite(text, m.table, &refs));
            }
            return;
        }
        let problem = if steps.exhausted() { None } else { Problem::of(&members, &prim, outside.clone(), self, steps) };
        // A table of changes between two linked tables counts nobody: none of its cells is a
        // small count.
        let mut prim = prim;
        for (k, p) in prim.iter_mut().enumerate() {
            let before = p.len();
            p.retain(|&i| problem.as_ref().is_none_or(|pr| pr.derived.binary_search(&(pr.offsets[k] + i)).is_err()));
            n_prim[k] -= before - p.len();
        }
        let settings = Settings { protection: self.protection as f64, max_work: MAX_WORK.min(usize::try_from(steps.left() / LP_STEP).unwrap_or(MAX_WORK)) };
        let complete = problem.is_some() && members.iter().all(|m| m.layout.complete);
        // Whether the audit got all the work it needed (a withheld table says why).
        let mut audited = complete;
        let plan = match &problem {
            Some(problem) if complete => {
                let (plan, work) = protect(&problem.table(), &problem.primaries, &settings);
                steps.spend(work as u64 * LP_STEP);
                audited = work < settings.max_work;
                plan
            }
            _ => Plan::Withhold,
        };
        let Plan::Hidden(hidden) = plan else {
            let why = if audited { "no safe suppression pattern" } else { "too large to audit within the work budget" };
            for (k, (m, &n)) in members.iter().zip(&n_prim).enumerate().filter(|(_, (_, n))| **n > 0) {
                d.hits.push(hit(n, &format!("; {why}, table withheld")));
                d.edits.push(tables::withhold(m.table, &format!("[table withheld: {n} cells below threshold]")));
                d.withheld.push(m.index);
                d.hidden_of.push((m.index, vec![true; m.layout.cells.len()]));
                // Its copies elsewhere in the text (a chart line, a sentence) go with it.
                d.hidden.extend(m.layout.cells.iter().map(|c| prose::HiddenCell::of(&m.layout, c)));
                // Its counts outside go with it.
                d.edits.extend(outside_of[k].iter().filter(|&&x| !outside[x].1.pinned).map(|&x| header::hide(&outside[x].1, SUPPRESSED)));
                if explain {
                    d.reports.push(explain::withheld(m.index, t, self.protection));
                }
            }
            return;
        };
        let problem = problem.expect("a plan was made");
        // The audited interval of every hidden count, when explaining.
        let hidden_cells: Vec<usize> = (0..problem.real).filter(|&i| hidden[i]).collect();
        let found = explain.then(|| {
            let settings = Settings { max_work: MAX_WORK.min(usize::try_from(steps.left() / LP_STEP).unwrap_or(MAX_WORK)), ..settings };
            let (found, work) = intervals(&problem.table(), &problem.primaries, &settings, &hidden, &hidden_cells);
            steps.spend(work as u64 * LP_STEP);
            found
        });
        for (j, (_, o)) in problem.outside.iter().enumerate() {
            if hidden[problem.real + j] {
                d.edits.push(header::hide(o, SUPPRESSED));
            }
        }
        for (k, m) in members.iter().enumerate() {
            let base = problem.offsets[k];
            let planned: Vec<bool> = (0..m.layout.cells.len()).map(|i| hidden[base + i]).collect();
            // A rounded copy of a hidden count would tell it to within the rounding step (a
            // reviewer sees it as derived, like a percentage hidden with its count).
            let mut local = planned.clone();
            coarse::hide_copies(&m.layout, &mut local);
            let n_hidden = local.iter().filter(|&&h| h).count();
            if n_hidden == 0 {
                continue;
            }
            let changes = suppression_changes(m.table, &m.layout, &local);
            d.hidden.extend(m.layout.cells.iter().enumerate().filter(|&(i, _)| local[i]).map(|(_, c)| prose::HiddenCell::of(&m.layout, c)));
            d.shares.extend(hidden_shares(&m.layout, |i| local[i]));
            if n_prim[k] > 0 {
                let more = if linked { format!(" (audited with {} linked tables)", members.len() - 1) } else { String::new() };
                d.hits.push(hit(n_prim[k], &format!("; {n_hidden} cells suppressed{more}")));
            }
            if explain {
                let cells = explain::hidden_cells(&m.layout, &planned, &prim[k], &problem.forced_local(k, m.layout.cells.len()), |i| {
                    let at = hidden_cells.binary_search(&(base + i)).ok()?;
                    found.as_ref()?.as_ref().map(|iv| iv[at])
                });
                d.reports.push(explain::report(m.index, t, self.protection, "suppressed", m.table, &changes, cells));
            }
            d.rewrites.push((m.index, changes));
            d.hidden_of.push((m.index, local));
        }
    }
}

/// Hides, in every other table of the text that is a table of shares of a table's counts
/// ([`sharetables`]), the shares of the counts that table hides (or of all of them when it is
/// withheld): into `d.rewrites`, with the table's own changes. Past the call's `steps`, every
/// table it would have checked but the count tables it checks against is returned, to be
/// withheld (a table of shares published unchecked could give a hidden count back).
fn share_tables(cx: &Context, found: &[Table], reads: &[Read], d: &mut Decisions, steps: &Steps) -> Vec<usize> {
    let layout_of: std::collections::HashMap<usize, &Layout> = reads.iter().map(|r| (r.index, &r.layout)).collect();
    let targets: Vec<usize> = (0..found.len())
        .filter(|&b| !d.withheld.contains(&b) && !microdata::is_record_level(&found[b]) && !cx.allowed(&found[b].header_text()))
        .collect();
    let mut more: Vec<(usize, Changes)> = Vec::new();
    for (a, hidden) in &d.hidden_of {
        let counts = layout_of[a];
        for &b in targets.iter().filter(|&&b| b != *a) {
            let Some(ties) = sharetables::ties(counts, &found[b], layout_of.get(&b).copied(), steps) else {
                if steps.exhausted() {
                    // Nothing more is known: every table that could be one goes, but for the
                    // count tables already protected on their own terms.
                    let protected: std::collections::HashSet<usize> = d.hidden_of.iter().map(|(k, _)| *k).collect();
                    return targets.into_iter().filter(|b| !protected.contains(b)).collect();
                }
                continue;
            };
            let hide = sharetables::to_hide(&ties, |i| hidden[i]);
            more.push((b, hide.into_iter().map(|(r, c)| (r, c, SUPPRESSED)).collect()));
        }
    }
    for (b, changes) in more.into_iter().filter(|(_, c)| !c.is_empty()) {
        match d.rewrites.iter_mut().find(|(k, _)| *k == b) {
            Some((_, own)) => own.extend(changes),
            None => d.rewrites.push((b, changes)),
        }
    }
    Vec::new()
}

/// The `(part, total)` values of `layout`'s relations (those whose numbers add up and those
/// its labels name) where the part or the total is `hidden`; and of each hidden count over the
/// first and the largest count of its column (a funnel's overall conversion, `1 of 1088`).
fn hidden_shares(layout: &Layout, hidden: impl Fn(usize) -> bool) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for r in layout.relations.iter().chain(&layout.broken) {
        let total = hidden(r.total);
        out.extend(r.parts.iter().filter(|&&p| total || hidden(p)).map(|&p| (layout.cells[p].value, layout.cells[r.total].value)));
    }
    let counts = || layout.cells.iter().enumerate().filter(|&(i, _)| layout.counts(i));
    // Per column: its first count and its largest.
    let mut bases: std::collections::HashMap<usize, (u64, u64)> = std::collections::HashMap::new();
    for (_, c) in counts() {
        let e = bases.entry(c.col).or_insert((c.value, c.value));
        e.1 = e.1.max(c.value);
    }
    for (_, c) in counts().filter(|&(i, _)| hidden(i)) {
        let (first, largest) = bases[&c.col];
        out.extend([(c.value, first), (c.value, largest)]);
    }
    out
}

/// The `spans` that one of `edits` overlaps (a table the rule rewrote), in order. Edits sorted
/// by start with the furthest end so far: one search per span, not a scan of every edit.
fn touched(spans: &[(usize, usize)], edits: &[Edit]) -> Vec<(usize, usize)> {
    let mut by_start: Vec<(usize, usize)> = edits.iter().map(|e| (e.start, e.end)).collect();
    by_start.sort_unstable();
    let furthest: Vec<usize> = by_start.iter().scan(0, |end, &(_, e)| {
        *end = (*end).max(e);
        Some(*end)
    }).collect();
    spans
        .iter()
        .copied()
        .filter(|&(a, b)| {
            let before = by_start.partition_point(|&(s, _)| s < b);
            before > 0 && furthest[before - 1] > a
        })
        .collect()
}

pub(super) fn offsets(layouts: &[&Layout]) -> Vec<usize> {
    layouts
        .iter()
        .scan(0, |acc, l| {
            let o = *acc;
            *acc += l.cells.len();
            Some(o)
        })
        .collect()
}

/// The protection problem of a group of linked tables: their cells one after another, then the
/// virtual cells of the links (always hidden: they are never published).
struct Problem {
    offsets: Vec<usize>,
    /// How many cells are real (the table cells; then come the counts outside the tables, then
    /// the virtual cells).
    real: usize,
    /// The counts outside the tables (member, count): cells `real..real + outside.len()`.
    outside: Vec<(usize, header::Outside)>,
    values: Vec<u64>,
    margin: Vec<bool>,
    relations: Vec<Relation>,
    /// Cells hidden whatever the audit says: every cell of a group whose totals do not add up
    /// when it holds a primary, and the virtual cells.
    forced: Vec<usize>,
    /// Cells published whatever the audit says (sorted): the bases written in the cells.
    pinned: Vec<usize>,
    primaries: Vec<usize>,
    /// Cells that are differences, not counts (sorted): a table's own and those the links found.
    derived: Vec<usize>,
}

impl Problem {
    /// `None` when linking the members needs more than the call's `steps`.
    /// The counts `outside` the tables are cells after the real ones.
    fn of(members: &[&Read], prim: &[Vec<usize>], outside: Vec<(usize, header::Outside)>, rule: &Rule, steps: &Steps) -> Option<Problem> {
        let layouts: Vec<&Layout> = members.iter().map(|m| &m.layout).collect();
        let offsets = offsets(&layouts);
        let real: usize = layouts.iter().map(|l| l.cells.len()).sum();
        let links = link::link(&layouts, &offsets, real + outside.len(), steps)?;
        let mut values: Vec<u64> = layouts.iter().flat_map(|l| l.cells.iter().map(|c| c.value)).collect();
        let mut margin: Vec<bool> = layouts.iter().flat_map(|l| l.cells.iter().map(|c| c.margin)).collect();
        let mut extra_relations = Vec::new();
        let mut extra_primaries = Vec::new();
        let mut pinned = Vec::new();
        let mut differences = Vec::new();
        for (k, o) in &outside {
            let at = values.len();
            let mut parts: Vec<usize> = o.sums.iter().map(|&i| i + offsets[*k]).collect();
            if o.plus_previous {
                parts.push(at - 1);
            }
            if let (&[larger], false) = (&parts[..], o.less.is_empty()) {
                // A difference: it and the smaller cells add up to the larger.
                let parts = o.less.iter().map(|&i| i + offsets[*k]).chain([at]).collect();
                extra_relations.push(Relation { parts, total: larger });
                differences.push(at);
            } else if !parts.is_empty() {
                extra_relations.push(Relation { parts, total: at });
            }
            if o.pinned {
                pinned.push(at);
            } else if o.counts() && rule.primary(o.value) {
                extra_primaries.push(at);
            }
            values.push(o.value);
            margin.push(true);
        }
        values.extend(&links.virtual_values);
        margin.extend(links.virtual_values.iter().map(|_| true));
        let shift = |r: &Relation, o: usize| Relation { parts: r.parts.iter().map(|&i| i + o).collect(), total: r.total + o };
        let mut relations: Vec<Relation> =
            layouts.iter().zip(&offsets).flat_map(|(l, &o)| l.relations.iter().map(move |r| shift(r, o))).collect();
        relations.extend(links.relations.iter().cloned());
        relations.extend(extra_relations);
        // Parts bounded by their whole: parts + rest = whole, the rest a cell never published.
        for (l, &o) in layouts.iter().zip(&offsets) {
            for (parts, whole) in &l.bounded {
                let whole = whole + o;
                let mut parts: Vec<usize> = parts.iter().map(|&p| p + o).collect();
                let rest = values[whole].saturating_sub(parts.iter().map(|&p| values[p]).sum());
                parts.push(values.len());
                relations.push(Relation { parts, total: whole });
                values.push(rest);
                margin.push(true);
            }
        }
        // Balances: both sides add up to one quantity never published (a caseload's throughput).
        for (l, &o) in layouts.iter().zip(&offsets) {
            for (left, right) in &l.balances {
                let through = values.len();
                values.push(left.iter().map(|&i| values[i + o]).sum());
                margin.push(true);
                for side in [left, right] {
                    relations.push(Relation { parts: side.iter().map(|&i| i + o).collect(), total: through });
                }
            }
        }
        // Differences: the links' and each table's own (a `Change` column).
        let mut derived = links.derived.clone();
        derived.extend(differences);
        derived.extend(layouts.iter().zip(&offsets).flat_map(|(l, &o)| (0..l.cells.len()).filter(|&i| !l.counts(i)).map(move |i| i + o)));
        derived.sort_unstable();
        derived.dedup();
        let mut primaries: Vec<usize> =
            prim.iter().zip(&offsets).flat_map(|(p, &o)| p.iter().map(move |&i| i + o)).filter(|i| derived.binary_search(i).is_err()).collect();
        primaries.extend(extra_primaries);
        let mut is_primary = vec![false; values.len()];
        primaries.iter().for_each(|&p| is_primary[p] = true);
        let mut forced: Vec<usize> = layouts
            .iter()
            .zip(&offsets)
            .flat_map(|(l, &o)| l.broken.iter().map(move |r| shift(r, o)))
            .filter(|r| !links.explained.contains(&r.total))
            .filter(|r| r.parts.iter().chain([&r.total]).any(|&i| is_primary[i]))
            .flat_map(|r| r.parts.into_iter().chain([r.total]))
            .collect();
        // The publisher's own suppressions stay hidden.
        forced.extend(layouts.iter().zip(&offsets).flat_map(|(l, &o)| l.masked.iter().map(move |&i| i + o)));
        forced.extend(real + outside.len()..values.len());
        forced.sort_unstable();
        forced.dedup();
        Some(Problem { offsets, real, outside, values, margin, relations, forced, pinned, primaries, derived })
    }

    fn table(&self) -> ProtectTable<'_> {
        ProtectTable {
            values: &self.values,
            margin: &self.margin,
            relations: &self.relations,
            forced: &self.forced,
            pinned: &self.pinned,
            derived: &self.derived,
        }
    }

    /// The forced cells of member `k`, as its own cell indices.
    fn forced_local(&self, k: usize, len: usize) -> Vec<usize> {
        let o = self.offsets[k];
        self.forced.iter().filter(|&&f| f >= o && f < o + len).map(|&f| f - o).collect()
    }
}

/// `[suppressed]` for the hidden counts and for the percentages that would give them back: a
/// percentage column named after a count column is hidden where that count is hidden; any other
/// percentage column in every row that hides a count.
fn suppression_changes(table: &Table, layout: &Layout, hidden: &[bool]) -> Vec<(usize, usize, &'static str)> {
    let mut changes = Vec::new();
    let mut row_hides = vec![false; table.rows.len()];
    let mut masked = vec![false; layout.cells.len()];
    layout.masked.iter().for_each(|&i| masked[i] = true);
    for (i, c) in layout.cells.iter().enumerate() {
        if hidden[i] {
            row_hides[c.row] = true;
            // A publisher's marker stays as written unless it tells the count's range (`<5`),
            // which is narrower than the protection the audit asks for.
            let text = &table.rows[c.row].fields[c.col].text;
            if !masked[i] || numbers::mask_bounds(text) {
                changes.push((c.row, c.col, SUPPRESSED));
            }
        }
    }
    // A percentage read as a count goes with its base too (p and a narrowed base narrow it).
    for &(p, b) in &layout.implied {
        for r in 0..table.rows.len() {
            if let (Some(pi), Some(bi)) = (layout.at(r, p), layout.at(r, b))
                && hidden[bi]
                && !hidden[pi]
            {
                changes.push((r, p, SUPPRESSED));
            }
        }
    }
    let rows_hiding: Vec<usize> = (0..table.rows.len()).filter(|&r| row_hides[r]).collect();
    let every_row: Vec<usize> = (layout.header_rows..table.rows.len()).collect();
    for &(pc, named) in &layout.percent_cols {
        // A share of a hidden base row: every share with its count gives the base back.
        let base_hidden = named.is_some_and(|cc| layout.share_bases.iter().any(|&(c, br)| c == pc && layout.at(br, cc).is_some_and(|i| hidden[i])));
        for &r in if base_hidden { &every_row } else { &rows_hiding } {
            let hide = match named {
                Some(cc) => base_hidden || layout.at(r, cc).is_some_and(|i| hidden[i]),
                None => true,
            };
            if hide && !table.rows[r].fields[pc].text.is_empty() {
                changes.push((r, pc, SUPPRESSED));
            }
        }
    }
    for (pc, groups) in &layout.group_shares {
        for rows in groups.iter().filter(|rows| rows.iter().any(|&r| row_hides[r])) {
            for &r in rows.iter().filter(|&&r| !table.rows[r].fields[*pc].text.is_empty()) {
                changes.push((r, *pc, SUPPRESSED));
            }
        }
    }
    // A running share published on both sides of hidden rows gives their sum: hidden from the
    // first of them to the last (a reader is left with what the table's total already tells).
    let done: std::collections::HashSet<(usize, usize)> = changes.iter().map(|&(r, c, _)| (r, c)).collect();
    for &pc in &layout.running {
        let (Some(first), Some(last)) = (rows_hiding.first(), rows_hiding.last()) else { continue };
        for r in *first..=*last {
            let text = &table.rows[r].fields[pc].text;
            if !done.contains(&(r, pc)) && !text.is_empty() && !numbers::is_missing(text) {
                changes.push((r, pc, SUPPRESSED));
            }
        }
    }
    changes
}
