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
//!
//! The code that builds a data frame is read the same way: `data.frame(region = c(…), n = c(…),
//! check.names = FALSE)`, `tibble(…)`, `data.table(…)` (an argument that is no `c(…)` is an
//! option, no column), and a `tribble(~region, ~n, "North", 3L, …)`, whose `~` names head the
//! columns and whose values fill the rows in order.

use std::borrow::Cow;

use super::{Field, Format, Row, Table, closing_quote, parse_budget, square};

const OPEN: &str = "structure(list(";

/// The calls that build a data frame from its columns, and `tribble`'s, which takes its rows.
const FRAMES: &[&str] = &["data.frame(", "tibble(", "data.table(", "tribble("];

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

/// One value from `k`: a string's content inside its quotes, or a bare value up to what ends it,
/// an integer without its `L`; its range, and the index after it (`k` for no value).
fn value_at(text: &str, k: usize) -> Option<(usize, usize, usize)> {
    let b = text.as_bytes();
    if b.get(k) == Some(&b'"') {
        let e = closing_quote(b, k + 1)?;
        return Some((k + 1, e, e + 1));
    }
    let e = k + b[k..].iter().position(|&c| matches!(c, b',' | b')' | b'(' | b'\n' | b'"'))?;
    let v = text[k..e].trim_end();
    let digits = v.strip_suffix('L').filter(|d| d.trim_start_matches('-').bytes().all(|c| c.is_ascii_digit())).unwrap_or(v);
    Some((k, k + digits.len(), k + v.len()))
}

/// The values of `c(…)` from `k` (just after its `(`) and the index after its `)`.
fn values<'t>(text: &'t str, mut k: usize, budget: &mut usize) -> Option<(Vec<Field<'t>>, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    loop {
        let from = k;
        k = skip_space(b, k);
        let (a, e, next) = value_at(text, k)?;
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

/// The data frame whose `structure(` (or, with `built`, whose `data.frame(`, `tibble(`, …)
/// starts at `s`, its columns' arguments at `k`.
fn frame<'t>(text: &'t str, s: usize, mut k: usize, built: bool, budget: &mut usize) -> Option<Table<'t>> {
    let b = text.as_bytes();
    let mut cols: Vec<(Field, Vec<Field>)> = Vec::new();
    loop {
        let (head, after) = name(text, skip_space(b, k))?;
        k = skip_space(b, after);
        if b.get(k) != Some(&b'=') && built {
            return None;
        }
        k = skip_space(b, k + usize::from(b.get(k) == Some(&b'=')));
        let inner = k + 2;
        if !text[k..].starts_with("c(") {
            // An option of the call (`check.names = FALSE`, `stringsAsFactors = FALSE`).
            if !built {
                return None;
            }
            let from = k;
            while k < b.len() && !matches!(b[k], b',' | b')' | b'(' | b'"') {
                k += 1;
            }
            spend(budget, k - from + 1)?;
        } else {
            let (vals, after) = values(text, inner, budget)?;
            cols.push((head, vals));
            k = skip_space(b, after);
        }
        match b.get(k)? {
            b',' => k += 1,
            b')' => break,
            _ => return None,
        }
    }
    let n = cols.first()?.1.len();
    if cols.len() < 2 || n == 0 || cols.iter().any(|(_, v)| v.len() != n) {
        return None;
    }
    let end = if built { k + 1 } else { call_end(b, k + 1)? };
    spend(budget, end - k)?;
    let mut rows = vec![Row { fields: cols.iter().map(|(h, _)| h.clone()).collect() }];
    rows.extend((0..n).map(|r| Row { fields: cols.iter().map(|(_, v)| v[r].clone()).collect() }));
    square(&mut rows, cols.len());
    Some(Table { format: Format::Dput, start: s, end, prefix: String::new(), rows, grid: None })
}

/// The `tribble(` whose arguments start at `k`: `~name`s, then the values row by row.
fn tribble<'t>(text: &'t str, s: usize, mut k: usize, budget: &mut usize) -> Option<Table<'t>> {
    let b = text.as_bytes();
    let mut heads: Vec<Field> = Vec::new();
    let mut cells: Vec<Field> = Vec::new();
    loop {
        let from = k;
        k = skip_space(b, k);
        if b.get(k) == Some(&b'~') && cells.is_empty() {
            let (head, after) = name(text, skip_space(b, k + 1))?;
            heads.push(head);
            k = after;
        } else if b.get(k) == Some(&b')') && !heads.is_empty() {
            break;
        } else {
            let (a, e, next) = value_at(text, k).filter(|&(_, _, next)| next > k)?;
            cells.push(Field { start: a, end: e, text: Cow::Borrowed(&text[a..e]), quoted: false, indent: 0 });
            k = next;
        }
        k = skip_space(b, k);
        spend(budget, k - from + 1)?;
        match b.get(k)? {
            b',' => k += 1,
            b')' => break,
            _ => return None,
        }
    }
    let width = heads.len();
    if width < 2 || cells.is_empty() || !cells.len().is_multiple_of(width) {
        return None;
    }
    let mut rows = vec![Row { fields: heads }];
    let mut it = cells.into_iter();
    while it.len() > 0 {
        rows.push(Row { fields: it.by_ref().take(width).collect() });
    }
    Some(Table { format: Format::Dput, start: s, end: k + 1, prefix: String::new(), rows, grid: None })
}

/// Every `dput()` data frame, and every data frame built in R code, in `text`, outside `taken`
/// spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out: Vec<Table<'t>> = Vec::new();
    let mut budget = parse_budget(text);
    let b = text.as_bytes();
    // Each opening call at a word's start (`tibble::tibble(` too, not `as.data.frame(`): every
    // opening ends with `(`, so one pass over the parentheses finds them all, in order.
    let opens: Vec<(usize, &str)> = memchr::memchr_iter(b'(', b)
        .filter_map(|k| std::iter::once(OPEN).chain(FRAMES.iter().copied()).find(|o| b[..=k].ends_with(o.as_bytes())).map(|o| (k + 1 - o.len(), o)))
        .filter(|&(s, _)| s == 0 || !(b[s - 1].is_ascii_alphanumeric() || matches!(b[s - 1], b'.' | b'_')))
        .collect();
    let mut from = 0;
    for (s, open) in opens {
        if s < from || taken.iter().any(|t| s < t.end && s >= t.start) {
            continue;
        }
        let k = s + open.len();
        let table = match open {
            OPEN => frame(text, s, k, false, &mut budget),
            "tribble(" => tribble(text, s, k, &mut budget),
            _ => frame(text, s, k, true, &mut budget),
        };
        if let Some(mut t) = table {
            // The table starts with its call's package (`tibble::tribble(`).
            if let Some(before) = text[..s].strip_suffix("::") {
                t.start = before.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_')).len();
            }
            from = t.end;
            out.push(t);
        } else if budget == 0 {
            break;
        }
    }
    out
}
