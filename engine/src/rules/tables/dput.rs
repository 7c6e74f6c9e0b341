//! R's `dput()` of a data frame or tibble, the way to paste one into an issue or a chat:
//! `structure(list(region = c("North", "South"), n = c(3L, 40L)), class = "data.frame",
//! row.names = c(NA, -2L))`, a column per `name = c(…)` (a name in backquotes when it is no
//! identifier), cut into lines anywhere after a comma.
//!
//! The column names are the header and the i-th value of every column a row. A string's range is
//! its content inside the quotes; an integer's is its digits without R's `L`, which stays. The
//! whole `structure(…)` call is the table; what the candidates' parses read is charged to one
//! budget, a multiple of the text's length, so reading stays linear. A list of settings
//! (`list(lr = 0.001)`) is no `structure`, and columns of unequal length are no data frame.

use std::borrow::Cow;

use super::{Field, Format, Row, Table, closing_quote, parse_budget, square};

const OPEN: &str = "structure(list(";

/// Charge `n` bytes read to `budget`: `None` once it is spent.
fn spend(budget: &mut usize, n: usize) -> Option<()> {
    *budget = budget.saturating_sub(n);
    (*budget > 0).then_some(())
}

fn skip_space(b: &[u8], mut k: usize) -> usize {
    while k < b.len() && b[k].is_ascii_whitespace() {
        k += 1;
    }
    k
}

/// A column name at `k` (an identifier, or anything in backquotes): its field and the index after it.
fn name(text: &str, k: usize) -> Option<(Field<'_>, usize)> {
    let b = text.as_bytes();
    let (a, e, next) = if b.get(k) == Some(&b'`') {
        let e = k + 1 + text[k + 1..].find(['`', '\n'])?;
        (b[e] == b'`').then_some((k + 1, e, e + 1))?
    } else {
        let e = k + b[k..].iter().position(|c| !(c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_')))?;
        (e > k && !b[k].is_ascii_digit()).then_some((k, e, e))?
    };
    Some((Field { start: a, end: e, text: Cow::Borrowed(&text[a..e]), quoted: false, indent: 0 }, next))
}

/// The values of `c(…)` from `k` (just after its `(`) and the index after its `)`.
fn values<'t>(text: &'t str, mut k: usize, budget: &mut usize) -> Option<(Vec<Field<'t>>, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    loop {
        let from = k;
        k = skip_space(b, k);
        let (a, e, next) = if b.get(k) == Some(&b'"') {
            let e = closing_quote(b, k + 1)?;
            (k + 1, e, e + 1)
        } else {
            let e = k + b[k..].iter().position(|&c| matches!(c, b',' | b')' | b'(' | b'\n' | b'"'))?;
            let v = text[k..e].trim_end();
            let digits = v.strip_suffix('L').filter(|d| d.trim_start_matches('-').bytes().all(|c| c.is_ascii_digit())).unwrap_or(v);
            (k, k + digits.len(), k + v.len())
        };
        out.push(Field { start: a, end: e, text: Cow::Borrowed(&text[a..e]), quoted: false, indent: 0 });
        k = skip_space(b, next);
        spend(budget, k - from)?;
        match b.get(k)? {
            b',' => k += 1,
            b')' => return Some((out, k + 1)),
            _ => return None,
        }
    }
}

/// The index after the `)` closing a call whose arguments start at `k`, strings skipped.
fn call_end(b: &[u8], mut k: usize) -> Option<usize> {
    let mut depth = 1;
    while k < b.len() {
        match b[k] {
            b'"' => k = closing_quote(b, k + 1)?,
            b'(' => depth += 1,
            b')' if depth == 1 => return Some(k + 1),
            b')' => depth -= 1,
            _ => {}
        }
        k += 1;
    }
    None
}

/// The data frame whose `structure(` starts at `s`.
fn frame<'t>(text: &'t str, s: usize, budget: &mut usize) -> Option<Table<'t>> {
    let b = text.as_bytes();
    let mut k = s + OPEN.len();
    let mut cols: Vec<(Field, Vec<Field>)> = Vec::new();
    loop {
        let (head, after) = name(text, skip_space(b, k))?;
        k = skip_space(b, after);
        k = skip_space(b, k + usize::from(b.get(k) == Some(&b'=')));
        let inner = k + 2;
        if !text[k..].starts_with("c(") {
            return None;
        }
        let (vals, after) = values(text, inner, budget)?;
        cols.push((head, vals));
        k = skip_space(b, after);
        match b.get(k)? {
            b',' => k += 1,
            b')' => break,
            _ => return None,
        }
    }
    let n = cols[0].1.len();
    if cols.len() < 2 || cols.iter().any(|(_, v)| v.len() != n) {
        return None;
    }
    let end = call_end(b, k + 1)?;
    spend(budget, end - k)?;
    let mut rows = vec![Row { fields: cols.iter().map(|(h, _)| h.clone()).collect() }];
    rows.extend((0..n).map(|r| Row { fields: cols.iter().map(|(_, v)| v[r].clone()).collect() }));
    square(&mut rows, cols.len());
    Some(Table { format: Format::Dput, start: s, end, prefix: String::new(), rows, grid: None })
}

/// Every `dput()` data frame in `text`, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out: Vec<Table<'t>> = Vec::new();
    let mut from = 0;
    let mut budget = parse_budget(text);
    while let Some(p) = text[from..].find(OPEN) {
        let s = from + p;
        from = s + OPEN.len();
        if taken.iter().any(|t| s < t.end && s >= t.start) {
            continue;
        }
        if let Some(t) = frame(text, s, &mut budget) {
            from = t.end;
            out.push(t);
        } else if budget == 0 {
            break;
        }
    }
    out
}
