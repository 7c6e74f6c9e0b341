//! Totals found from the numbers alone: a row (or column) that equals the sum of others is a
//! relation a reader can use, wherever it sits and whatever it is called.
//!
//! Searched families, each verified cell by cell:
//! - a contiguous run of lines right after or right before the total (totals first, last or in
//!   the middle), and further runs chained to it (`Total | Male | Female | 0-15 | 16-64 | 65+`:
//!   both partitions of one total);
//! - once those are known, the top-level lines (those no relation uses as a part) summing to one
//!   of them (a grand total first, above nested subtotals), and the leaves (lines that are no
//!   total) summing to one of them;
//! - a hierarchy written into the labels (`East`, `East - Fenland`, `East - Fenland - March`);
//! - last, a line in no relation yet that is a total less one of its parts (`Total excl.
//!   unknown`).
//!
//! In a one-column table a middle line gets a total from arithmetic only as a short breakdown
//! right below it (two or three non-zero lines: a participant flow's `Allocated` over `Received`
//! and `Did not receive`, chained to `Lost`, `Discontinued`, `Analysed`); longer runs there, and
//! runs above a middle line, are too often a coincidence. The search counts its steps; past its
//! budget the caller treats the table as not understood (and withholds it rather than publish
//! it unaudited).

use std::collections::HashMap;

/// The inference ran out of its step budget.
#[derive(Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// Steps left (one step = one cell added to a running sum).
pub struct Budget(pub usize);

impl Budget {
    pub fn spend(&mut self, n: usize) -> Result<(), OutOfBudget> {
        self.0 = self.0.checked_sub(n).ok_or(OutOfBudget)?;
        Ok(())
    }
}

/// `values[item][entry]`: the lines to sum (`item`) across their cells (`entry`); `None` where a
/// line has no count. Groups `(total, parts)` of items.
pub fn arithmetic(values: &[Vec<Option<u64>>], known: &[(usize, Vec<usize>)], budget: &mut Budget) -> Result<Vec<(usize, Vec<usize>)>, OutOfBudget> {
    let n = values.len();
    let entries = values.first().map_or(0, Vec::len);
    let empty: Vec<bool> = values.iter().map(|v| v.iter().all(Option::is_none)).collect();
    let items: Vec<usize> = (0..n).filter(|&i| !empty[i]).collect();
    let (Some(&first), Some(&last)) = (items.first(), items.last()) else {
        return Ok(Vec::new());
    };
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    // The directions in which no run sums to a line: (line, forward).
    let mut runless = Vec::new();
    for &t in &items {
        let middle = t != first && t != last;
        for forward in [true, false] {
            if entries < 2 && middle && !forward {
                continue;
            }
            let mut from = t;
            while let Some(run) = run_from(values, &empty, t, from, forward, budget)? {
                from = if forward { *run.last().expect("a run") } else { run[0] };
                if entries < 2 && middle && !plausible_breakdown(values, &run) {
                    break;
                }
                groups.push((t, run));
            }
            if from == t && !(entries < 2 && middle) {
                runless.push((t, forward));
            }
        }
    }
    // Top-level lines and leaves summing to another line (with the relations the labels gave
    // and the numbers confirm).
    let mut is_part = vec![false; n];
    let mut is_total = vec![false; n];
    let confirmed = known.iter().filter(|(t, parts)| sums_to(values, parts, *t));
    for (t, parts) in groups.iter().chain(confirmed) {
        is_total[*t] = true;
        parts.iter().for_each(|&p| is_part[p] = true);
    }
    // A run beyond a line's neighbour, the neighbour no total and no part of anything (a "tick
    // all that apply" question's mentions, below its "None of these").
    for (t, forward) in runless {
        if let Some(next) = neighbour(&empty, t, forward).filter(|&k| !is_total[k] && !is_part[k])
            && let Some(run) = run_from(values, &empty, t, next, forward, budget)?
        {
            is_total[t] = true;
            run.iter().for_each(|&p| is_part[p] = true);
            groups.push((t, run));
        }
    }
    for pool in [items.iter().copied().filter(|&i| !is_part[i]).collect::<Vec<_>>(), items.iter().copied().filter(|&i| !is_total[i]).collect()] {
        // The pool's sums once; each line is checked against them without itself, so the check
        // costs a line's entries, not the pool's (the budget still counts the sum as written).
        let sums = PoolSums::of(values, &pool, entries);
        for &t in &items {
            let len = pool.len() - usize::from(sums.member[t]);
            if len < 2 || (entries < 2 && t != first && t != last) {
                continue;
            }
            budget.spend(len * entries)?;
            if sums.sum_to(values, t) {
                let parts: Vec<usize> = pool.iter().copied().filter(|&i| i != t).collect();
                if !groups.iter().any(|g| g.0 == t && g.1 == parts) {
                    groups.push((t, parts));
                }
            }
        }
    }
    // A line still in no relation that is a total less one of its parts (`Total excl. unknown`,
    // `Known`, `All but Other`): the sum of the total's other parts.
    if entries >= 2 {
        let mut used = vec![false; n];
        for (t, parts) in &groups {
            used[*t] = true;
            parts.iter().for_each(|&p| used[p] = true);
        }
        let wholes: Vec<(usize, Vec<usize>)> = groups.iter().filter(|g| g.1.len() >= 3).cloned().collect();
        for &l in items.iter().filter(|&&l| !used[l]) {
            'line: for (_, parts) in &wholes {
                for k in 0..parts.len() {
                    let rest: Vec<usize> = parts.iter().enumerate().filter(|&(j, _)| j != k).map(|(_, &p)| p).collect();
                    budget.spend(rest.len() * entries)?;
                    if sums_to(values, &rest, l) {
                        groups.push((l, rest));
                        break 'line;
                    }
                }
            }
        }
    }
    Ok(groups)
}

/// Whether a run under a middle line of a one-column table reads as that line's breakdown (a
/// participant flow's `Allocated` above its `Received` and `Did not receive`): two or three
/// lines, none of them zero. Longer runs and runs with zeros add up by coincidence too often in
/// one column of small counts (`98 = 1 + 0 + 0 + 1 + 92 + 4`).
fn plausible_breakdown(values: &[Vec<Option<u64>>], run: &[usize]) -> bool {
    run.len() <= 3 && run.iter().all(|&k| values[k][0].is_some_and(|v| v > 0))
}

/// Per entry, the sum of a pool of lines' values and how many of them have none there.
struct PoolSums {
    /// Exact sums: a running `saturating_add` of non-negative values is the exact sum capped at
    /// `u64::MAX`, so the cap is applied at the comparison.
    sum: Vec<u128>,
    missing: Vec<usize>,
    member: Vec<bool>,
}

impl PoolSums {
    fn of(values: &[Vec<Option<u64>>], pool: &[usize], entries: usize) -> PoolSums {
        let mut s = PoolSums { sum: vec![0; entries], missing: vec![0; entries], member: vec![false; values.len()] };
        for &p in pool {
            s.member[p] = true;
            for (x, v) in values[p].iter().enumerate() {
                match v {
                    Some(v) => s.sum[x] += u128::from(*v),
                    None => s.missing[x] += 1,
                }
            }
        }
        s
    }

    /// [`sums_to`] of the pool without `total` to `total`.
    fn sum_to(&self, values: &[Vec<Option<u64>>], total: usize) -> bool {
        let own = self.member[total];
        let mut seen = false;
        for (x, t) in values[total].iter().enumerate() {
            let Some(t) = *t else { continue };
            // `total` is in the pool here only if it has a value at `x` (it has: `t`).
            if self.missing[x] > 0 {
                continue;
            }
            let sum = self.sum[x] - if own { u128::from(t) } else { 0 };
            if sum.min(u128::from(u64::MAX)) != u128::from(t) {
                return false;
            }
            seen |= t > 0;
        }
        seen
    }
}

/// Two sides in balance: (left, right).
pub type Balance = (Vec<usize>, Vec<usize>);

/// Most lines a balance is looked for among (a balance is a few movements in a row).
const BALANCE_ITEMS: usize = 24;

/// Balances: a run of neighbouring lines whose first part adds up to its second in every entry
/// (`Opening + New + Transferred in = Discharged + Transferred out + Died + Closing`, a
/// caseload's or a stock's movements; two partitions of one population side by side, `Male +
/// Female = Urban + Rural`). Each side has two lines or more (one line against a run is a total,
/// found by [`arithmetic`]); every line of the run has a value in every entry, and at least two
/// entries are non-zero, so that a coincidence in one row does not pass for a relation. Pairs
/// `(left, right)` of items.
pub fn balances(values: &[Vec<Option<u64>>], budget: &mut Budget) -> Result<Vec<Balance>, OutOfBudget> {
    let n = values.len();
    let entries = values.first().map_or(0, Vec::len);
    if !(4..=BALANCE_ITEMS).contains(&n) || entries < 2 {
        return Ok(Vec::new());
    }
    // prefix[x][i]: the sum of items before i in entry x (a missing value counts 0; a run
    // holding one is not searched).
    let prefix: Vec<Vec<u64>> = (0..entries)
        .map(|x| {
            let mut sums = vec![0u64];
            for item in values {
                sums.push(sums.last().expect("a start").saturating_add(item[x].unwrap_or(0)));
            }
            sums
        })
        .collect();
    let whole: Vec<bool> = values.iter().map(|v| v.iter().all(Option::is_some)).collect();
    let mut found = Vec::new();
    for s in 0..n {
        for e in s + 3..n {
            if !whole[s..=e].iter().all(|&w| w) {
                break;
            }
            for m in s + 1..e - 1 {
                budget.spend(entries)?;
                let (mut equal, mut nonzero) = (true, 0);
                for p in &prefix {
                    let (a, mid, b) = (p[s], p[m + 1], p[e + 1]);
                    if mid - a != b - mid {
                        equal = false;
                        break;
                    }
                    nonzero += usize::from(mid > a);
                }
                if equal && nonzero >= 2 {
                    found.push(((s..=m).collect(), (m + 1..=e).collect()));
                }
            }
        }
    }
    Ok(found)
}

/// Most lines between a stock's start and its end, and most signed lines among them, a stock
/// identity is looked for among: its sign patterns are searched one by one.
const STOCK_MIDDLE: usize = 8;
const STOCK_SIGNED: usize = 4;

/// A stock's identity over a run of lines, from its first (the stock at the start) to its last
/// (the stock at the end): `first + in-flows + signed lines = out-flows + last` in every entry,
/// the in-flows and out-flows interleaved in any order (`Births | Deaths | In-migration |
/// Out-migration`), which a split into two neighbouring runs ([`balances`]) does not find. A
/// signed line (a net line, an adjustment: `signed[i]`) adds its value as written, or takes no
/// part (a net line repeats its flows); the fewest signed lines that make it hold are taken.
/// Count lines take part each with a sign, at least one on each side (all on one side is a
/// total, found by [`arithmetic`]). It must hold in every entry where every line has a value, in
/// two at least with a flow that is not zero. Coefficients per line: 1 on the start's side, -1
/// on the end's, 0 for a signed line left out.
pub fn stock_identity(lines: &[Vec<Option<i128>>], signed: &[bool], budget: &mut Budget) -> Result<Option<Vec<i8>>, OutOfBudget> {
    let n = lines.len();
    if n < 4 || signed[0] || signed[n - 1] {
        return Ok(None);
    }
    let entries = lines[0].len();
    let full: Vec<Vec<i128>> = (0..entries).filter_map(|x| lines.iter().map(|l| l.get(x).copied().flatten()).collect::<Option<Vec<i128>>>()).collect();
    // A line of counts that is the difference of two flows before it in every entry (a net line
    // that never went negative) repeats them: it may take no part, like a signed line.
    let mut net = |i: usize, signs: &[usize]| -> Result<bool, OutOfBudget> {
        for j in (1..i).filter(|j| !signed[*j] && !signs.contains(j)) {
            for k in (1..i).filter(|k| *k != j && !signed[*k] && !signs.contains(k)) {
                budget.spend(1)?;
                if full.iter().all(|e| e[j] - e[k] == e[i]) {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    };
    let mut counts = Vec::new();
    let mut signs = Vec::new();
    for (i, &sign) in signed.iter().enumerate().take(n - 1).skip(1) {
        if sign || (n <= STOCK_MIDDLE + 2 && full.len() >= 2 && net(i, &signs)?) { signs.push(i) } else { counts.push(i) }
    }
    if !(2..=STOCK_MIDDLE).contains(&counts.len()) || signs.len() > STOCK_SIGNED {
        return Ok(None);
    }
    let moving = full.iter().filter(|e| counts.iter().any(|&i| e[i] != 0)).count();
    if full.len() < 2 || moving < 2 {
        return Ok(None);
    }
    // Signed subsets by size, then count signs (a set bit: the end's side).
    let mut subsets: Vec<u32> = (0..1u32 << signs.len()).collect();
    subsets.sort_by_key(|m| m.count_ones());
    let all = (1u32 << counts.len()) - 1;
    for sub in subsets {
        for mask in 1..all {
            budget.spend(1)?;
            let holds = full.iter().all(|e| {
                let mut sum = e[0] - e[n - 1];
                for (k, &i) in counts.iter().enumerate() {
                    sum += if mask >> k & 1 == 1 { -e[i] } else { e[i] };
                }
                for (k, &i) in signs.iter().enumerate() {
                    if sub >> k & 1 == 1 {
                        sum += e[i];
                    }
                }
                sum == 0
            });
            if holds {
                budget.spend(full.len())?;
                let mut coef = vec![0i8; n];
                coef[0] = 1;
                coef[n - 1] = -1;
                for (k, &i) in counts.iter().enumerate() {
                    coef[i] = if mask >> k & 1 == 1 { -1 } else { 1 };
                }
                for (k, &i) in signs.iter().enumerate() {
                    coef[i] = i8::from(sub >> k & 1 == 1);
                }
                return Ok(Some(coef));
            }
        }
    }
    Ok(None)
}

/// Whether `parts` add up to `total` in every entry where all of them have a value, with at
/// least one such entry non-zero.
pub fn sums_to(values: &[Vec<Option<u64>>], parts: &[usize], total: usize) -> bool {
    let mut seen = false;
    for (x, t) in values[total].iter().enumerate() {
        let Some(t) = *t else { continue };
        let mut sum = 0u64;
        let mut all = true;
        for &p in parts {
            match values[p][x] {
                Some(v) => sum = sum.saturating_add(v),
                None => all = false,
            }
        }
        if !all {
            continue;
        }
        if sum != t {
            return false;
        }
        seen |= t > 0;
    }
    seen
}

/// The first non-empty item next to `t` (after it when `forward`, else before).
fn neighbour(empty: &[bool], t: usize, forward: bool) -> Option<usize> {
    if forward { (t + 1..empty.len()).find(|&k| !empty[k]) } else { (0..t).rev().find(|&k| !empty[k]) }
}

/// The shortest run of at least two non-empty items starting next to `from` (after it when
/// `forward`, else before) that sums to `t`, skipping empty items and never crossing `t`.
fn run_from(values: &[Vec<Option<u64>>], empty: &[bool], t: usize, from: usize, forward: bool, budget: &mut Budget) -> Result<Option<Vec<usize>>, OutOfBudget> {
    let entries = values[t].len();
    let mut sum: Vec<Option<u64>> = vec![Some(0); entries];
    let mut run = Vec::new();
    let mut k = from;
    loop {
        k = match (forward, k) {
            (true, k) if k + 1 < values.len() => k + 1,
            (false, k) if k > 0 => k - 1,
            _ => return Ok(None),
        };
        if k == t {
            return Ok(None);
        }
        if empty[k] {
            continue;
        }
        budget.spend(entries)?;
        run.push(k);
        let mut equal = true;
        let mut nonzero = false;
        let mut comparable = false;
        for x in 0..entries {
            sum[x] = match (sum[x], values[k][x]) {
                (Some(s), Some(v)) => Some(s.saturating_add(v)),
                _ => None,
            };
            if let (Some(s), Some(tv)) = (sum[x], values[t][x]) {
                if s > tv {
                    return Ok(None);
                }
                comparable = true;
                equal &= s == tv;
                nonzero |= tv > 0;
            }
        }
        if !comparable {
            return Ok(None);
        }
        if equal && nonzero && run.len() >= 2 {
            if !forward {
                run.reverse();
            }
            return Ok(Some(run));
        }
    }
}

/// Separators between a parent label and a child's own part (`East - Fenland`).
const SEPARATORS: &[&str] = &[" - ", " – ", " — ", ": ", " / ", " > ", " » ", ", "];

/// Groups from labels that extend another label by a separator: each label's nearest proper
/// ancestor among the labels is its parent.
pub fn label_hierarchy(labels: &[&str]) -> Vec<(usize, Vec<usize>)> {
    // Each label's last index: a parent is looked up by the prefix a separator ends, not searched
    // for among all labels (quadratic on a long table).
    let index: HashMap<&str, usize> = labels.iter().enumerate().filter(|(_, l)| !l.is_empty()).map(|(j, l)| (*l, j)).collect();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); labels.len()];
    let mut any = false;
    for (i, l) in labels.iter().enumerate() {
        if l.is_empty() || !SEPARATORS.iter().any(|s| l.contains(s)) {
            continue;
        }
        // The longest other label that `l` extends with a separator.
        let parent = (1..l.len())
            .rev()
            .filter(|&k| l.is_char_boundary(k) && SEPARATORS.iter().any(|s| l[k..].starts_with(s)))
            .find_map(|k| index.get(&l[..k]).copied().filter(|&j| j != i));
        if let Some(j) = parent {
            children[j].push(i);
            any = true;
        }
    }
    if !any {
        return Vec::new();
    }
    children.into_iter().enumerate().filter(|(_, c)| !c.is_empty()).collect()
}

/// A classification code at the start of a label (`J09-J18 Influenza`, `10.1 Processing`, `C`),
/// as the whole label (a code column) or in brackets at its end (`Influenza (J09-J18)`).
#[derive(Clone, Debug, PartialEq)]
enum Code {
    /// A section letter (`C`): it holds every coded line after it up to the next letter.
    Section,
    /// A code or a range of codes (`J09`, `C00-D48`, `10.1`): its ends as (letters, number,
    /// the code as written).
    Span((String, u64), (String, u64), String),
}

fn code_end(s: &str) -> Option<(String, u64)> {
    let letters: String = s.chars().take_while(char::is_ascii_uppercase).collect();
    let rest = &s[letters.len()..];
    let int = rest.split('.').next()?;
    if letters.len() > 2 || int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || !rest[int.len()..].bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    Some((letters, int.parse().ok()?))
}

fn code_of(label: &str) -> Option<Code> {
    let label = label.trim().trim_matches(['"', '\'', '`']);
    let token = match label.strip_suffix(')').and_then(|l| l.rsplit_once('(')) {
        Some((_, inner)) if code_token(inner.trim()).is_some() => inner.trim(),
        _ => label.split_whitespace().next()?,
    };
    code_token(token)
}

fn code_token(t: &str) -> Option<Code> {
    if t.len() == 1 && t.bytes().all(|b| b.is_ascii_uppercase()) {
        return Some(Code::Section);
    }
    let (lo, hi) = t.split_once(['-', '–']).unwrap_or((t, t));
    Some(Code::Span(code_end(lo)?, code_end(hi)?, t.to_string()))
}

/// Whether code `outer` holds code `inner`: a section every code, a range the codes between its
/// ends, a code those that extend it (`10` holds `10.1`, `J45` holds `J45.0`).
fn holds(outer: &Code, inner: &Code) -> bool {
    match (outer, inner) {
        (Code::Section, Code::Span(..)) => true,
        (Code::Span(lo, hi, o), Code::Span(a, b, i)) => {
            if o == i {
                false
            } else if lo == hi {
                // a point: a longer code that extends it
                i.len() > o.len() && i.starts_with(o.as_str()) && (o.contains('.') || i.as_bytes()[o.len()] == b'.')
            } else {
                lo <= a && b <= hi && (a, b) != (lo, hi)
            }
        }
        _ => false,
    }
}

/// A classification's levels told by its codes alone (`J00-J99` over `J09-J18` over `J09`; a
/// section `C` over its divisions `10`, `11`, over `10.1`): each coded line's parent is the
/// nearest line above whose code holds its code, the lines written depth first. Groups
/// `(parent, children)` with two children or more, for the caller to verify by the numbers;
/// empty unless three lines or more carry codes. One pass with a stack of open ancestors.
pub fn code_hierarchy(labels: &[&str]) -> Vec<(usize, Vec<usize>)> {
    let codes: Vec<Option<Code>> = labels.iter().map(|l| code_of(l)).collect();
    if codes.iter().filter(|c| c.is_some()).count() < 3 {
        return Vec::new();
    }
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); labels.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, code) in codes.iter().enumerate() {
        let Some(code) = code else {
            open.clear();
            continue;
        };
        while let Some(&top) = open.last() {
            if codes[top].as_ref().is_some_and(|t| holds(t, code)) {
                break;
            }
            open.pop();
        }
        if let Some(&parent) = open.last() {
            children[parent].push(i);
        }
        open.push(i);
    }
    children.into_iter().enumerate().filter(|(_, c)| c.len() >= 2).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(v: &[&[u64]]) -> Vec<Vec<Option<u64>>> {
        v.iter().map(|r| r.iter().map(|&x| Some(x)).collect()).collect()
    }

    #[test]
    fn a_balance_is_found_between_neighbouring_runs_and_only_where_every_entry_holds() {
        // Items are a caseload's columns (opening, new, in | discharged, out, died, closing),
        // entries its teams.
        let cols = |t: &[&[u64]]| -> Vec<Vec<Option<u64>>> { (0..t[0].len()).map(|c| t.iter().map(|r| Some(r[c])).collect()).collect() };
        let caseload: &[&[u64]] = &[&[172, 53, 1, 96, 4, 63, 63], &[144, 62, 41, 137, 32, 1, 77], &[158, 130, 2, 65, 40, 2, 183]];
        let found = balances(&cols(caseload), &mut Budget(1_000_000)).unwrap();
        assert_eq!(found, vec![(vec![0, 1, 2], vec![3, 4, 5, 6])]);
        // One team out of balance: no relation.
        let off: &[&[u64]] = &[&[172, 53, 1, 96, 4, 63, 63], &[144, 62, 41, 137, 32, 1, 78]];
        assert!(balances(&cols(off), &mut Budget(1_000_000)).unwrap().is_empty());
        // Two partitions of one population side by side: Male + Female = Urban + Rural.
        let two: &[&[u64]] = &[&[12, 30, 25, 17], &[40, 2, 21, 21]];
        assert_eq!(balances(&cols(two), &mut Budget(1_000_000)).unwrap(), vec![(vec![0, 1], vec![2, 3])]);
        // A single entry may balance by chance: not searched.
        assert!(balances(&cols(&[&[5, 5, 3, 7]]), &mut Budget(1_000_000)).unwrap().is_empty());
        assert_eq!(balances(&cols(caseload), &mut Budget(3)), Err(OutOfBudget));
    }

    #[test]
    fn codes_nest_by_their_ranges_sections_and_extensions() {
        let icd = [
            "J00-J99 Respiratory",
            "J00-J06 Upper",
            "J09-J18 Influenza",
            "J09 Zoonotic",
            "J10 Seasonal",
            "J20-J22 Lower",
            "F00-F99 Mental",
            "F10-F19 Substances",
            "F20-F29 Schizophrenia",
        ];
        assert_eq!(code_hierarchy(&icd), vec![(0, vec![1, 2, 5]), (2, vec![3, 4]), (6, vec![7, 8])]);
        let sic = ["C", "10", "10.1", "10.2", "11", "I", "55", "56"];
        assert_eq!(code_hierarchy(&sic), vec![(0, vec![1, 4]), (1, vec![2, 3]), (5, vec![6, 7])]);
        let bracketed = ["Neoplasms (C00-D48)", "Digestive organs (C15-C26)", "Stomach (C16)", "Colon (C18)", "Breast (C50)"];
        assert_eq!(code_hierarchy(&bracketed), vec![(0, vec![1, 4]), (1, vec![2, 3])]);
        // Words, years: no codes that hold others.
        assert!(code_hierarchy(&["North", "South", "East", "West"]).is_empty());
        assert!(code_hierarchy(&["2019", "2020", "2021"]).is_empty());
    }

    #[test]
    fn a_stock_identity_takes_its_flows_in_any_order_and_its_signed_lines_as_written() {
        let lines = |t: &[&[i128]]| -> Vec<Vec<Option<i128>>> { (0..t[0].len()).map(|c| t.iter().map(|r| Some(r[c])).collect()).collect() };
        // Start | Births | Deaths | In | Out | End, per area: in and out interleaved.
        let areas: &[&[i128]] = &[&[326, 2, 5, 8, 14, 317], &[975, 27, 19, 52, 27, 1008], &[105, 4, 5, 6, 2, 108]];
        let unsigned = [false; 6];
        assert_eq!(stock_identity(&lines(areas), &unsigned, &mut Budget(10_000)).unwrap(), Some(vec![1, 1, -1, 1, -1, -1]));
        // With a net line (no part: it repeats its flows) and a signed adjustment (a part).
        let adjusted: &[&[i128]] = &[&[53, 0, 1, -1, -2, 50], &[50, 2, 2, 0, -3, 47], &[47, 2, 1, 1, 1, 49]];
        let signed = [false, false, false, true, true, false];
        assert_eq!(stock_identity(&lines(adjusted), &signed, &mut Budget(10_000)).unwrap(), Some(vec![1, 1, -1, 0, 1, -1]));
        // One entry out of balance: none.
        let off: &[&[i128]] = &[&[326, 2, 5, 8, 14, 317], &[975, 27, 19, 52, 27, 1009]];
        assert_eq!(stock_identity(&lines(off), &unsigned, &mut Budget(10_000)).unwrap(), None);
        // A total (every line on one side) is no stock: none.
        let total: &[&[i128]] = &[&[3, 4, 5, 12], &[1, 1, 1, 3]];
        assert_eq!(stock_identity(&lines(total), &[false; 4], &mut Budget(10_000)).unwrap(), None);
        // A net line of counts (births - deaths, never negative here) takes no part.
        let nets: &[&[i128]] = &[&[391, 17, 15, 2, 6, 2, 4, 397], &[302, 12, 12, 0, 12, 7, 5, 307], &[5349, 261, 184, 77, 275, 162, 113, 5539]];
        assert_eq!(stock_identity(&lines(nets), &[false; 8], &mut Budget(10_000)).unwrap(), Some(vec![1, 1, -1, 0, 1, -1, 0, -1]));
        assert_eq!(stock_identity(&lines(areas), &unsigned, &mut Budget(3)), Err(OutOfBudget));
    }

    fn found(v: &[&[u64]]) -> Vec<(usize, Vec<usize>)> {
        let mut g = arithmetic(&rows(v), &[], &mut Budget(1_000_000)).unwrap();
        g.sort();
        g
    }

    #[test]
    fn totals_first_middle_last_and_nested() {
        // Total first.
        assert_eq!(found(&[&[10, 20], &[4, 5], &[6, 15]]), vec![(0, vec![1, 2])]);
        // Total last.
        assert_eq!(found(&[&[4, 5], &[6, 15], &[10, 20]]), vec![(2, vec![0, 1])]);
        // Two partitions of one total in the middle: A, B | Total | C, D.
        assert_eq!(found(&[&[1, 2], &[3, 4], &[4, 6], &[2, 2], &[2, 4]]), vec![(2, vec![0, 1]), (2, vec![3, 4])]);
        // Grand total first above nested subtotals: T, E, e1, e2, W, w1, w2.
        let g = found(&[&[20, 9], &[8, 4], &[3, 1], &[5, 3], &[12, 5], &[2, 2], &[10, 3]]);
        assert!(g.contains(&(1, vec![2, 3])) && g.contains(&(4, vec![5, 6])), "{g:?}");
        assert!(g.contains(&(0, vec![1, 4])), "{g:?}");
    }

    #[test]
    fn a_total_may_skip_its_neighbour() {
        // Options, "None of these", the mentions (the options' sum): the none is no part.
        assert_eq!(found(&[&[12, 3], &[30, 7], &[5, 1], &[42, 10]]), vec![(3, vec![0, 1])]);
        // Never beyond a subtotal (a grand total above nested ones: `totals_first_middle_last_and_nested`).
    }

    #[test]
    fn a_total_less_one_of_its_parts() {
        // Owner, Renter, Unknown, Total, Known total (= Owner + Renter).
        let g = found(&[&[93, 6, 82], &[5, 3, 78], &[107, 3, 9], &[205, 12, 169], &[98, 9, 160]]);
        assert_eq!(g, vec![(3, vec![0, 1, 2]), (4, vec![0, 1])]);
        // A line that is no such difference stays out.
        let g = found(&[&[93, 6, 82], &[5, 3, 78], &[107, 3, 9], &[205, 12, 169], &[97, 9, 160]]);
        assert_eq!(g, vec![(3, vec![0, 1, 2])]);
    }

    #[test]
    fn one_column_tables_total_at_the_ends_or_over_a_short_breakdown() {
        assert_eq!(found(&[&[2], &[3], &[5], &[9]]), vec![]);
        assert_eq!(found(&[&[2], &[3], &[4], &[9]]), vec![(3, vec![0, 1, 2])]);
        // A participant flow: Randomised, Allocated over Received and Did not receive, then
        // Lost, Discontinued and Analysed chained to the same Allocated.
        let flow = found(&[&[614], &[308], &[300], &[8], &[53], &[52], &[203], &[306]]);
        assert!(flow.contains(&(1, vec![2, 3])) && flow.contains(&(1, vec![4, 5, 6])), "{flow:?}");
        // A middle line is no sum of the lines above it, of a long run, or of a run with zeros.
        assert_eq!(found(&[&[1], &[3], &[4], &[7], &[50], &[60]]), vec![]);
        assert_eq!(found(&[&[7], &[98], &[1], &[0], &[0], &[1], &[92], &[4], &[200]]), vec![]);
        assert_eq!(found(&[&[7], &[98], &[1], &[2], &[3], &[92], &[200]]), vec![]);
    }

    #[test]
    fn missing_cells_and_the_budget() {
        let v = vec![vec![Some(1), None], vec![Some(2), Some(5)], vec![Some(3), None]];
        assert_eq!(arithmetic(&v, &[], &mut Budget(1000)).unwrap(), vec![(2, vec![0, 1])]);
        assert_eq!(arithmetic(&rows(&[&[1, 1], &[2, 2], &[3, 3]]), &[], &mut Budget(2)), Err(OutOfBudget));
    }

    #[test]
    fn pool_sums_decide_as_summing_the_parts() {
        // Small values (so that sums hit totals), missing cells, values near the cap.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut agree, mut sums) = (0, 0);
        for _ in 0..3000 {
            let (n, entries) = (2 + next(6) as usize, 1 + next(3) as usize);
            let mut values: Vec<Vec<Option<u64>>> = (0..n)
                .map(|_| {
                    (0..entries)
                        .map(|_| match next(10) {
                            0 => None,
                            1 => Some(u64::MAX - next(2)),
                            _ => Some(next(4)),
                        })
                        .collect()
                })
                .collect();
            // Often a line that is the sum of the others.
            let t = next(n as u64) as usize;
            if next(2) == 0 {
                values[t] = (0..entries).map(|x| (0..n).filter(|&i| i != t).try_fold(0u64, |s, i| values[i][x].map(|v| s.saturating_add(v)))).collect();
            }
            let pool: Vec<usize> = (0..n).filter(|_| next(4) != 0).collect();
            let pool_sums = PoolSums::of(&values, &pool, entries);
            for t in 0..n {
                let parts: Vec<usize> = pool.iter().copied().filter(|&i| i != t).collect();
                let expected = sums_to(&values, &parts, t);
                assert_eq!(pool_sums.sum_to(&values, t), expected, "{values:?} {pool:?} {t}");
                agree += 1;
                sums += usize::from(expected);
            }
        }
        assert!(sums > agree / 20, "the generator makes sums ({sums} of {agree})");
    }

    #[test]
    fn labels_with_separators_nest() {
        let l = ["East", "East - Fenland", "East - Fenland - March", "East - Fenland - Wisbech", "East - Broads", "West"];
        assert_eq!(label_hierarchy(&l), vec![(0, vec![1, 4]), (1, vec![2, 3])]);
        assert!(label_hierarchy(&["North", "South", "Peace Valley"]).is_empty());
    }
}
