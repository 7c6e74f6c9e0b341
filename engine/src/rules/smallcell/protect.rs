//! Complementary suppression with an attacker audit.
//!
//! A pattern of hidden cells is only published if, for every primary cell, the attacker's linear
//! program (published cells fixed, every additive relation, hidden cells in `[0, upper]`) leaves
//! an interval at least `protection` wide, and no relation hides exactly two singletons (each
//! owner could subtract themselves and learn the other). The pattern is built by:
//!
//! 1. **construction** — for each primary that fails the audit, a *deviation LP* finds the cheapest
//!    way to move the primary by `protection` while keeping every relation and bound: two tables
//!    `a + αd` and `a − βd` both consistent with what stays visible. The cells `d` moves are hidden,
//!    which guarantees the interval by construction;
//! 2. **pruning** — complements are tried visible again, most expensive first, and kept visible
//!    when the audit still passes (cached extreme points skip primaries an unhide cannot affect);
//! 3. **final audit** of every primary. Anything that fails, or runs out of the work budget, makes
//!    the caller withhold the whole table.
//!
//! Zero cells that are not primaries never cover (an attacker may know them to be structural).

use microlp::{ComparisonOp, OptimizationDirection, Problem as Lp, SolveOutcome, Variable};

use crate::rules::tables::structure::Relation;

const EPS: f64 = 1e-6;

/// The table as the protection sees it.
pub struct Table<'a> {
    pub values: &'a [u64],
    pub margin: &'a [bool],
    pub relations: &'a [Relation],
    /// Cells hidden whatever the audit says (groups whose totals do not add up).
    pub forced: &'a [usize],
}

pub struct Settings {
    pub protection: f64,
    /// Work budget in LP size units (variables × constraints, summed over solves); beyond it
    /// the table is withheld. Bounds the time a huge table can take.
    pub max_work: usize,
}

/// The outcome: the hidden cells, or no safe pattern within the budget.
#[derive(Debug, PartialEq, Eq)]
pub enum Plan {
    Hidden(Vec<bool>),
    Withhold,
}

struct Audit {
    low: Side,
    high: Side,
    width: f64,
}

/// One side of a primary's interval: its extreme value and the attacker's solution there.
#[derive(Clone)]
struct Side {
    value: f64,
    point: Vec<(usize, f64)>,
}

struct Solver<'a> {
    t: &'a Table<'a>,
    set: &'a Settings,
    upper: f64,
    rels_of: Vec<Vec<usize>>,
    primary: Vec<bool>,
    work: usize,
}

#[derive(Debug)]
struct OutOfBudget;

/// Choose the cells to hide so that every primary is protected.
pub fn protect(t: &Table, primaries: &[usize], set: &Settings) -> Plan {
    let mut s = Solver::new(t, primaries, set);
    match s.run(primaries) {
        Ok(Some(hidden)) => Plan::Hidden(hidden),
        Ok(None) | Err(OutOfBudget) => Plan::Withhold,
    }
}

/// The attacker's interval `[lo, hi]` for each of `cells` (hidden cells of `hidden`), with the
/// LP the protection audits with but no upper bound on hidden cells (the protection caps them
/// at the table's largest count, which may be a hidden value): min and max over every
/// non-negative table consistent with the visible cells, so the bounds are derived from
/// published numbers only. `hi` is infinite where nothing published bounds the cell; `None`
/// when the work budget runs out.
pub fn intervals(t: &Table, primaries: &[usize], set: &Settings, hidden: &[bool], cells: &[usize]) -> Option<Vec<(f64, f64)>> {
    let mut s = Solver::new(t, primaries, set);
    s.upper = f64::INFINITY;
    cells
        .iter()
        .map(|&c| {
            // A cell in no relation is bounded by nothing: no LP (a big table of them would
            // otherwise cost one solve per cell). Known zeros stay zero, as in `side`.
            if s.rels_of[c].is_empty() {
                return Some((0.0, if t.values[c] == 0 && !s.primary[c] { 0.0 } else { f64::INFINITY }));
            }
            let a = s.audit(hidden, c).ok()?;
            Some((a.low.value, a.high.value))
        })
        .collect()
}

impl<'a> Solver<'a> {
    fn new(t: &'a Table<'a>, primaries: &[usize], set: &'a Settings) -> Solver<'a> {
        let n = t.values.len();
        let mut rels_of = vec![Vec::new(); n];
        for (k, r) in t.relations.iter().enumerate() {
            for &i in r.parts.iter().chain([&r.total]) {
                rels_of[i].push(k);
            }
        }
        let mut primary = vec![false; n];
        for &p in primaries {
            primary[p] = true;
        }
        let upper = t.values.iter().copied().max().unwrap_or(0) as f64;
        Solver { t, set, upper, rels_of, primary, work: 0 }
    }
}

impl Solver<'_> {
    fn run(&mut self, primaries: &[usize]) -> Result<Option<Vec<bool>>, OutOfBudget> {
        let n = self.t.values.len();
        let mut hidden = self.primary.clone();
        for &f in self.t.forced {
            hidden[f] = true;
        }
        // Primaries with no relation are safe as soon as they are hidden.
        let mut order: Vec<usize> = primaries.iter().copied().filter(|&p| !self.rels_of[p].is_empty()).collect();
        order.sort_by_key(|&p| (std::cmp::Reverse(self.t.values[p]), p));

        // 1. Construction.
        for &p in &order {
            if self.protected(&hidden, p)? {
                continue;
            }
            let Some(cells) = self.deviation(&hidden, p)? else { return Ok(None) };
            for c in cells {
                hidden[c] = true;
            }
        }
        self.fix_singletons(&mut hidden);

        // 2. Pruning, with the attacker's extreme points cached per primary: unhiding `c` fixes it
        // to its value, so a cached extreme point that already has it there stays optimal.
        let mut audits: Vec<Option<Audit>> = (0..n).map(|_| None).collect();
        for &p in &order {
            audits[p] = Some(self.audit(&hidden, p)?);
        }
        let mut complements: Vec<usize> = (0..n).filter(|&i| hidden[i] && !self.primary[i] && !self.t.forced.contains(&i)).collect();
        complements.sort_by(|&a, &b| self.cost(b).total_cmp(&self.cost(a)).then(a.cmp(&b)));
        for c in complements {
            hidden[c] = false;
            if self.singleton_pair(&hidden).is_some() || self.lone_primary(&hidden, c) {
                hidden[c] = true;
                continue;
            }
            let value = self.t.values[c] as f64;
            let moves = |side: &Side| side.point.iter().any(|&(i, v)| i == c && (v - value).abs() > EPS);
            // Primaries sharing a relation with `c` first: they are the likeliest to fail.
            let near = |p: usize| !self.rels_of[p].iter().any(|r| self.rels_of[c].contains(r));
            let mut affected: Vec<usize> = order.iter().copied().filter(|&p| {
                let a = audits[p].as_ref().expect("audited");
                moves(&a.low) || moves(&a.high)
            }).collect();
            affected.sort_by_key(|&p| near(p));
            let mut fresh = Vec::new();
            let mut ok = true;
            for p in affected {
                let old = audits[p].as_ref().expect("audited");
                let low = if moves(&old.low) { self.side(&hidden, p, OptimizationDirection::Minimize)? } else { old.low.clone() };
                let high = if moves(&old.high) { self.side(&hidden, p, OptimizationDirection::Maximize)? } else { old.high.clone() };
                let new = Audit { width: high.value - low.value, low, high };
                if new.width < self.set.protection - EPS {
                    ok = false;
                    break;
                }
                fresh.push((p, new));
            }
            if ok {
                for (p, a) in fresh {
                    audits[p] = Some(a);
                }
            } else {
                hidden[c] = true;
            }
        }

        // 3. The audit decides: every primary's interval (exact for the final pattern, see above).
        if order.iter().any(|&p| audits[p].as_ref().expect("audited").width < self.set.protection - EPS) {
            return Ok(None);
        }
        if self.singleton_pair(&hidden).is_some() {
            return Ok(None);
        }
        Ok(Some(hidden))
    }

    /// Price of hiding a cell: small cells are cheap, totals dear.
    fn cost(&self, i: usize) -> f64 {
        let v = self.t.values[i] as f64;
        let base = 1.0 + (1.0 + v).ln();
        if self.t.margin[i] { 4.0 * base } else { base }
    }

    fn budget(&mut self, vars: usize, rows: usize) -> Result<(), OutOfBudget> {
        self.work += vars * (rows + 1);
        if self.work > self.set.max_work { Err(OutOfBudget) } else { Ok(()) }
    }

    /// The hidden cells an attacker has to solve for together with `p`.
    fn component(&self, hidden: &[bool], p: usize) -> (Vec<usize>, Vec<usize>) {
        let mut seen_rel = vec![false; self.t.relations.len()];
        let mut seen = vec![false; hidden.len()];
        let (mut cells, mut rels) = (vec![p], Vec::new());
        seen[p] = true;
        let mut k = 0;
        while k < cells.len() {
            let c = cells[k];
            k += 1;
            for &r in &self.rels_of[c] {
                if seen_rel[r] {
                    continue;
                }
                seen_rel[r] = true;
                rels.push(r);
                let rel = &self.t.relations[r];
                for &i in rel.parts.iter().chain([&rel.total]) {
                    if hidden[i] && !seen[i] {
                        seen[i] = true;
                        cells.push(i);
                    }
                }
            }
        }
        (cells, rels)
    }

    /// The attacker's interval for primary `p` under the pattern `hidden`.
    fn audit(&mut self, hidden: &[bool], p: usize) -> Result<Audit, OutOfBudget> {
        let high = self.side(hidden, p, OptimizationDirection::Maximize)?;
        let low = self.side(hidden, p, OptimizationDirection::Minimize)?;
        Ok(Audit { width: high.value - low.value, low, high })
    }

    /// Whether `p` is protected, solving the lower side only when the room above is not enough.
    fn protected(&mut self, hidden: &[bool], p: usize) -> Result<bool, OutOfBudget> {
        if self.lone_primary(hidden, p) {
            return Ok(false);
        }
        let high = self.side(hidden, p, OptimizationDirection::Maximize)?.value;
        let need = self.set.protection - EPS;
        Ok(high - self.t.values[p] as f64 >= need || high - self.side(hidden, p, OptimizationDirection::Minimize)?.value >= need)
    }

    /// One side of the attacker's interval: the extreme value of `p` and the point reaching it.
    fn side(&mut self, hidden: &[bool], p: usize, dir: OptimizationDirection) -> Result<Side, OutOfBudget> {
        let (cells, rels) = self.component(hidden, p);
        self.budget(cells.len(), rels.len())?;
        let mut lp = Lp::new(dir);
        let vars: Vec<Variable> = cells
            .iter()
            .map(|&c| {
                // Known zeros stay zero even when hidden; other hidden cells lie in [0, upper].
                let hi = if self.t.values[c] == 0 && !self.primary[c] { 0.0 } else { self.upper };
                lp.add_var(if c == p { 1.0 } else { 0.0 }, (0.0, hi))
            })
            .collect();
        let mut slot = vec![usize::MAX; hidden.len()];
        for (k, &c) in cells.iter().enumerate() {
            slot[c] = k;
        }
        let var_of = |i: usize| (slot[i] != usize::MAX).then(|| vars[slot[i]]);
        for &r in &rels {
            let rel = &self.t.relations[r];
            let mut expr = Vec::new();
            let mut rhs = 0.0;
            for &i in &rel.parts {
                match var_of(i) {
                    Some(v) => expr.push((v, 1.0)),
                    None => rhs -= self.t.values[i] as f64,
                }
            }
            match var_of(rel.total) {
                Some(v) => expr.push((v, -1.0)),
                None => rhs += self.t.values[rel.total] as f64,
            }
            lp.add_constraint(expr, ComparisonOp::Eq, rhs);
        }
        let value = self.t.values[p] as f64;
        Ok(match lp.solve() {
            Ok(SolveOutcome::Solution(s)) => {
                Side { value: s.var_value(vars[0]), point: cells.iter().zip(&vars).map(|(&c, &v)| (c, s.var_value(v))).collect() }
            }
            // Only without an upper bound (`intervals`): nothing published bounds the cell.
            Err(microlp::Error::Unbounded) if dir == OptimizationDirection::Maximize => Side { value: f64::INFINITY, point: Vec::new() },
            // The true table is always feasible; a solver failure counts as no room at all.
            _ => Side { value, point: Vec::new() },
        })
    }

    /// Whether some relation of `c` now hides a single primary (recoverable exactly).
    fn lone_primary(&self, hidden: &[bool], c: usize) -> bool {
        self.rels_of[c].iter().any(|&r| {
            let rel = &self.t.relations[r];
            let mut hid = rel.parts.iter().chain([&rel.total]).filter(|&&i| hidden[i]);
            matches!((hid.next(), hid.next()), (Some(&i), None) if self.primary[i])
        })
    }

    /// Cells to hide so that `p` can move by `protection`: `None` if no pattern can protect it.
    fn deviation(&mut self, hidden: &[bool], p: usize) -> Result<Option<Vec<usize>>, OutOfBudget> {
        self.budget(2 * self.t.values.len(), self.t.relations.len())?;
        let prot = self.set.protection;
        let ap = self.t.values[p] as f64;
        // p goes down by β·prot (at most to zero) and up by α·prot.
        let beta = (ap / prot).min(1.0);
        let alpha = 1.0 - beta;
        let n = self.t.values.len();
        let mut lp = Lp::new(OptimizationDirection::Minimize);
        let mut vars: Vec<Option<(Variable, Variable)>> = vec![None; n];
        let cap = |room: f64, share: f64| if share <= EPS { self.upper } else { (room / share).min(self.upper * 2.0) };
        for i in 0..n {
            let a = self.t.values[i] as f64;
            if a == 0.0 && !self.primary[i] {
                continue;
            }
            let cost = if hidden[i] { 1e-3 } else { self.cost(i) };
            // d_i > 0: x' = a + α d ≤ upper, x'' = a − β d ≥ 0; d_i < 0 the other way round.
            let up = cap(a, beta).min(cap(self.upper - a, alpha));
            let down = cap(a, alpha).min(cap(self.upper - a, beta));
            let (up, down) = if i == p { (prot, 0.0) } else { (up, down) };
            let plus = lp.add_var(cost, (if i == p { prot } else { 0.0 }, up.max(0.0)));
            let minus = lp.add_var(cost, (0.0, down.max(0.0)));
            vars[i] = Some((plus, minus));
        }
        for rel in self.t.relations {
            let mut expr = Vec::new();
            for &i in &rel.parts {
                if let Some((pl, mi)) = vars[i] {
                    expr.push((pl, 1.0));
                    expr.push((mi, -1.0));
                }
            }
            if let Some((pl, mi)) = vars[rel.total] {
                expr.push((pl, -1.0));
                expr.push((mi, 1.0));
            }
            if !expr.is_empty() {
                lp.add_constraint(expr, ComparisonOp::Eq, 0.0);
            }
        }
        let sol = match lp.solve() {
            Ok(SolveOutcome::Solution(s)) => s,
            _ => return Ok(None),
        };
        let cells = (0..n)
            .filter(|&i| vars[i].is_some_and(|(pl, mi)| sol.var_value(pl) + sol.var_value(mi) > 1e-7))
            .collect();
        Ok(Some(cells))
    }

    /// A relation whose only hidden cells are two singletons (count 1): its index.
    fn singleton_pair(&self, hidden: &[bool]) -> Option<usize> {
        self.t.relations.iter().position(|rel| {
            let hid: Vec<usize> = rel.parts.iter().chain([&rel.total]).copied().filter(|&i| hidden[i]).collect();
            hid.len() == 2 && hid.iter().all(|&i| self.t.values[i] == 1)
        })
    }

    /// Hide the cheapest other non-zero cell of every relation that hides just two singletons.
    fn fix_singletons(&self, hidden: &mut [bool]) {
        while let Some(r) = self.singleton_pair(hidden) {
            let rel = &self.t.relations[r];
            let pick = rel
                .parts
                .iter()
                .chain([&rel.total])
                .copied()
                .filter(|&i| !hidden[i] && self.t.values[i] > 0)
                .min_by(|&a, &b| self.cost(a).total_cmp(&self.cost(b)));
            match pick {
                Some(i) => hidden[i] = true,
                None => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x2 table with margins, cells in row-major order incl. margins:
    /// [a b ra; c d rc; ca cb g].
    fn two_by_two(v: [u64; 4]) -> (Vec<u64>, Vec<Relation>) {
        let [a, b, c, d] = v;
        let values = vec![a, b, a + b, c, d, c + d, a + c, b + d, a + b + c + d];
        let rel = |parts: &[usize], total| Relation { parts: parts.to_vec(), total };
        let relations =
            vec![rel(&[0, 1], 2), rel(&[3, 4], 5), rel(&[6, 7], 8), rel(&[0, 3], 6), rel(&[1, 4], 7), rel(&[2, 5], 8)];
        (values, relations)
    }

    fn run(values: &[u64], relations: &[Relation], primaries: &[usize], prot: f64) -> Plan {
        let margin: Vec<bool> = (0..values.len()).map(|i| relations.iter().any(|r| r.total == i)).collect();
        let t = Table { values, margin: &margin, relations, forced: &[] };
        protect(&t, primaries, &Settings { protection: prot, max_work: 1_000_000 })
    }

    #[test]
    fn a_lone_small_cell_gets_a_rectangle() {
        let (values, relations) = two_by_two([3, 40, 50, 60]);
        let Plan::Hidden(h) = run(&values, &relations, &[0], 5.0) else { panic!("withheld") };
        assert_eq!(h, vec![true, true, false, true, true, false, false, false, false]);
    }

    #[test]
    fn a_grand_total_below_the_protection_is_withheld() {
        let (values, relations) = two_by_two([1, 2, 2, 3]);
        let primaries: Vec<usize> = (0..values.len()).collect();
        assert_eq!(run(&values, &relations, &primaries, 10.0), Plan::Withhold);
    }

    #[test]
    fn two_singletons_do_not_protect_only_each_other() {
        // Column of a 3x1 table with total: 1, 1, 30 | 32. Hiding both 1s gives width 2 at p=2,
        // and even at p=1 the pair would only protect each other.
        let values = vec![1, 1, 30, 32];
        let relations = vec![Relation { parts: vec![0, 1, 2], total: 3 }];
        let Plan::Hidden(h) = run(&values, &relations, &[0, 1], 1.0) else { panic!("withheld") };
        assert_eq!(h, vec![true, true, true, false]);
    }

    #[test]
    fn no_relations_means_primaries_only() {
        let values = vec![3, 40, 2];
        let Plan::Hidden(h) = run(&values, &[], &[0, 2], 5.0) else { panic!("withheld") };
        assert_eq!(h, vec![true, false, true]);
    }
}
