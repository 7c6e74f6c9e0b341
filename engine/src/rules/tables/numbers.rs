//! Numbers as tables write them: thousands separators of every locale (`1,234`, `1.234`,
//! `1 234`), decimal commas (`3,8 %`), flags and units after a count (`3*`, `7†`, `3 pts`),
//! counts printed as floats (`3.0`), `n (p%)` cells, percentages and rates.
//!
//! A cell alone is often ambiguous (`1.234` is a thousand and more in Germany, a little over one
//! elsewhere), so a reader decides a [`Locale`] for the whole table from the cells that are not
//! ambiguous, and [`parse`] reads each cell under it. Hand-written: number-format crates parse
//! one known locale; none guesses it from a column of cells.

use std::sync::LazyLock;

use regex::Regex;

/// A number as written in a cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// A non-negative whole number (a count, if its column agrees).
    Count(u64),
    /// `n (p%)`: a count with its percentage, with an interval around it (`12 (8-17)`), or over
    /// its base (`3/40`, `3 of 40`: see [`base`]).
    NPercent(u64),
    /// A percentage, in percent (`3,8 %` is 3.8, `38‰` is 3.8).
    Percent(f64),
    /// Any other number; `whole` when it was written with a zero fraction (`3.0`, a count printed
    /// as a float, as pandas does for a column with a missing value).
    Decimal { value: f64, whole: bool },
}

/// Which character separates thousands and which one decimals, for one table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Locale {
    /// `1,234.5`, and `1.234` is a decimal.
    #[default]
    English,
    /// `1.234,5`, and `1,234` is a decimal.
    European,
}

impl Locale {
    /// The locale a table's cells point to: European when some cell can only be read that way
    /// (a decimal comma with one or two digits, `1.234.567`, `1.234,5`) and none only the
    /// English way; English otherwise. `semicolons`: the table is `;`-separated, the usual
    /// sign of a decimal-comma locale.
    pub fn guess<'a>(cells: impl IntoIterator<Item = &'a str>, semicolons: bool) -> Locale {
        let (mut eu, mut en) = (semicolons as usize, 0usize);
        for c in cells {
            // Both readings need a comma or a dot (`core` only cuts): most cells hold neither.
            if !c.bytes().any(|b| b == b',' || b == b'.') {
                continue;
            }
            let t = core(c);
            if !t.as_bytes().first().is_some_and(u8::is_ascii_digit) {
                continue;
            }
            if EU_ONLY.is_match(t) {
                eu += 1;
            } else if EN_ONLY.is_match(t) {
                en += 1;
            }
        }
        if eu > en { Locale::European } else { Locale::English }
    }
}

/// Only European: a comma with 1, 2 or 4+ digits after it, two dot groups, or dot groups
/// followed by a decimal comma.
static EU_ONLY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:\d+,(?:\d{1,2}|\d{4,})|\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?|\d{1,3}(?:\.\d{3})+,\d+)\s*(?:%|‰)?$").unwrap());
/// Only English: a dot with 1, 2 or 4+ digits after it, two comma groups, or comma groups
/// followed by a decimal dot.
static EN_ONLY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:\d+\.(?:\d{1,2}|\d{4,})|\d{1,3}(?:,\d{3}){2,}(?:\.\d+)?|\d{1,3}(?:,\d{3})+\.\d+)\s*(?:%|‰)?$").unwrap());

/// Markdown emphasis, a LaTeX group or `\textbf{…}` around a cell's content, stripped.
pub fn plain(s: &str) -> &str {
    let mut t = s.trim();
    // Every wrapper starts with one of these: most cells start with none.
    if !t.starts_with(['*', '_', '\\', '{']) {
        return t;
    }
    loop {
        let before = t.len();
        for m in ["**", "__", "*", "_"] {
            if t.len() > 2 * m.len() && t.starts_with(m) && t.ends_with(m) {
                t = t[m.len()..t.len() - m.len()].trim();
            }
        }
        for cmd in ["\\textbf{", "\\textit{", "\\emph{", "\\mathbf{", "{"] {
            if t.starts_with(cmd) && t.ends_with('}') && t.len() > cmd.len() {
                t = t[cmd.len()..t.len() - 1].trim();
            }
        }
        if t.len() == before {
            return t;
        }
    }
}

/// A flag or footnote mark after a number: `3*`, `7†`, `12 (p)`, `5¹`, `4ᵃ` (superscript letters),
/// `9[r]`, and the statistical offices' one-letter marks written straight after the digits (`117r`
/// revised, `42p` provisional, `8e` estimated).
static FLAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\s*(?:\*{1,3}|[†‡§¶#^]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|[ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ]+|\((?:[a-z]|p|r|e|est)\)|\[(?:[a-z]|p|r|e)\])|\d[rpe])$").unwrap()
});
/// A unit after a count that names what was counted (not a measurement: `3 min` is not a count).
static UNIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\s*(?:pts?|patients?|people|persons?|cases?|pupils?|students?|children|adults?|men|women|records?|respondents?|visits?|admissions?|deaths?|births?|households?|employees?|staff|members?|users?|individuals?|participants?|subjects?|clients?|residents?|claimants?|referrals?)\.?$",
    )
    .unwrap()
});

/// A footnote mark standing alone (`[r]`, `(p)`, `*`, `†`, `ᵃ`): part of the number before it.
pub fn is_flag(word: &str) -> bool {
    !word.starts_with(|c: char| c.is_ascii_digit()) && FLAG.find(word).is_some_and(|m| m.start() == 0)
}

/// A word naming what a count counts (`pts`, `patients`): part of the number before it.
pub fn is_count_unit(word: &str) -> bool {
    UNIT.find(word).is_some_and(|m| m.start() == 0)
}

/// The number part of a cell: emphasis, one flag and one counted-unit suffix removed.
fn core(s: &str) -> &str {
    let mut t = plain(s);
    if let Some(m) = FLAG.find(t) {
        // A one-letter mark keeps the digit it follows.
        let digit = t.as_bytes()[m.start()].is_ascii_digit();
        if m.start() > 0 || digit {
            t = t[..m.start() + usize::from(digit)].trim_end();
        }
    }
    if let Some(m) = UNIT.find(t)
        && m.start() > 0
        && t.as_bytes()[m.start() - 1].is_ascii_digit()
    {
        t = t[..m.start()].trim_end();
    }
    t
}

static N_PERCENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(\S+)\s*\(\s*(\S+?)\s*%?\s*\)$").unwrap());
/// A count with an interval around it in its cell (`12 (8-17)`, `4 [0, 10]`, `52 (37 to 69)`).
static N_INTERVAL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(\S+)\s*[(\[]\s*([^\s,()\[\]]+?)\s*(?:[-–—]|,|to)\s*([^\s,()\[\]]+?)\s*[)\]]$").unwrap());
/// A count over its base in one cell (`3/40`, `3 / 40`, `3 of 40`).
static N_OF_BASE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(\S+?)\s*(?:/|\sof\s)\s*(\S+)$").unwrap());
static PERCENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^(\S+(?: \d{3})*)\s*(%|‰|per ?cent|pct)$").unwrap());
/// Spaces (plain, no-break, thin) between thousands groups.
static SPACED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\d{1,3}(?:[ \u{a0}\u{202f}\u{2009}]\d{3})+$").unwrap());

/// Read one cell under `locale`. `None` for anything that is not a number.
pub fn parse(s: &str, locale: Locale) -> Option<Num> {
    let t = plain(s);
    // Fast path for the common cell, plain ASCII digits.
    if !t.is_empty() && t.len() <= 19 && t.bytes().all(|b| b.is_ascii_digit()) {
        return t.parse().ok().map(Num::Count);
    }
    // No digit, no number: `core` only cuts its input, so this is asked before its regexes run
    // (most words of a text are not numbers).
    if !t.as_bytes().iter().any(u8::is_ascii_digit) {
        return None;
    }
    let t = core(t);
    // Every reading below is of a number at the cell's start (after a sign): a cell that starts
    // otherwise (`f(1)`, `x2`, `v0`) is none, and pays for no capture search.
    if !t.trim_start_matches(['-', '−', '+']).trim_start().starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    // The patterns below end in a bracket or a percent sign: a cell ending otherwise (most of
    // those with a digit in them: `12.5`, `x2`) does not pay for their capture searches.
    let bracketed = t.ends_with([')', ']']);
    // A count and its interval is a count (the cell goes whole: the interval bounds it).
    if bracketed
        && let Some(c) = N_INTERVAL.captures(t)
        && let (Some(Num::Count(n)), Some(lo), Some(hi)) = (number(&c[1], locale), number(&c[2], locale), number(&c[3], locale))
        && value(lo) <= n as f64
        && n as f64 <= value(hi)
    {
        return Some(Num::NPercent(n));
    }
    if base(t, locale).is_some() {
        return number(N_OF_BASE.captures(t)?.get(1)?.as_str(), locale).map(|n| Num::NPercent(value(n) as u64));
    }
    if bracketed && let Some(c) = N_PERCENT.captures(t) {
        if let (Some(Num::Count(n)), Some(_)) = (number(&c[1], locale), number(&c[2], locale)) {
            return Some(Num::NPercent(n));
        }
        // A percentage with its count in brackets after it (janitor's `adorn_ns(position =
        // "rear")`, a change with the count it came to: `-20.0% (36)`).
        if c[1].ends_with('%')
            && PERCENT.is_match(&c[1])
            && let Some(Num::Count(n)) = number(&c[2], locale)
        {
            return Some(Num::NPercent(n));
        }
        return None;
    }
    if t.ends_with(['%', '‰', 't', 'T'])
        && let Some(c) = PERCENT.captures(t)
    {
        let v = value(number(&c[1], locale)?);
        return Some(Num::Percent(if &c[2] == "‰" { v / 10.0 } else { v }));
    }
    number(t, locale)
}

/// The base of a count written over it (`3/40`, `3 of 40`: 40): two whole numbers, the count
/// no larger than its base. A date (`3/12`) reads the same way; a reader trusts it only where a
/// whole row of such cells adds up to the one base they share.
pub fn base(s: &str, locale: Locale) -> Option<u64> {
    let t = core(s);
    if !t.contains(['/', ' ']) {
        return None;
    }
    let c = N_OF_BASE.captures(t)?;
    match (number(&c[1], locale)?, number(&c[2], locale)?) {
        (Num::Count(n), Num::Count(base)) if base > 0 && n <= base => Some(base),
        _ => None,
    }
}

fn value(n: Num) -> f64 {
    match n {
        Num::Count(v) | Num::NPercent(v) => v as f64,
        Num::Percent(v) | Num::Decimal { value: v, .. } => v,
    }
}

/// A plain number: digits with the locale's separators, an optional sign and fraction.
fn number(t: &str, locale: Locale) -> Option<Num> {
    // A sign: `-3`, and `+3` as a change column writes it (both are no counts).
    let (neg, signed, body) = match (t.strip_prefix(['-', '−']), t.strip_prefix('+')) {
        (Some(rest), _) => (true, true, rest.trim_start()),
        (None, Some(rest)) => (false, true, rest.trim_start()),
        (None, None) => (false, false, t),
    };
    if body.is_empty() || !body.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    let (thousands, decimal) = match locale {
        Locale::English => (',', '.'),
        Locale::European => ('.', ','),
    };
    let (int, frac) = match body.split_once(decimal) {
        Some((i, f)) if !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()) => (i, Some(f)),
        Some(_) => return None,
        None => (body, None),
    };
    let digits: String = if int.bytes().all(|b| b.is_ascii_digit()) {
        int.to_string()
    } else if SPACED.is_match(int) {
        int.chars().filter(char::is_ascii_digit).collect()
    } else {
        let mut groups = int.split(thousands);
        let first = groups.next()?;
        if first.is_empty() || first.len() > 3 || !first.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let mut d = first.to_string();
        for g in groups {
            if g.len() != 3 || !g.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            d.push_str(g);
        }
        d
    };
    if digits.len() > 18 {
        return None;
    }
    match frac {
        None if !signed => digits.parse().ok().map(Num::Count),
        _ => {
            let f = frac.unwrap_or("0");
            let v: f64 = format!("{digits}.{f}").parse().ok()?;
            Some(Num::Decimal { value: if neg { -v } else { v }, whole: f.bytes().all(|b| b == b'0') && !signed })
        }
    }
}

/// A number, or the guard's own `[suppressed]` standing where a number was. Readers that find a
/// table's header or its labels by where the numbers are use this, so the guard's own output
/// reads as its input did and a second pass over it changes nothing.
pub fn stands_for_number(s: &str, locale: Locale) -> bool {
    parse(s, locale).is_some() || plain(s) == super::structure::SUPPRESSED
}

/// Where a count stands inside a label, as a row's size is written after its name: `North (45)`,
/// `North (n=45)`, `North (N = 45)`, `North [n=45]`, `North, n=45` (the guard's own marker in its
/// place reads the same). The end of the name before it and the byte range of the count in `s`.
pub fn count_in_label(s: &str) -> Option<(usize, usize, usize)> {
    static COUNT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\S(\s*(?:\(\s*(?:[nN]\s*=\s*)?(\d[\d,]*|\[suppressed\])\s*\)|\[\s*[nN]\s*=\s*(\d[\d,]*|\[suppressed\])\s*\]|,\s*[nN]\s*=\s*(\d[\d,]*|\[suppressed\])))\s*$").unwrap()
    });
    if !s.trim_end().ends_with(|c: char| c == ')' || c == ']' || c.is_ascii_digit()) {
        return None;
    }
    let c = COUNT.captures(s)?;
    let m = c.iter().skip(2).flatten().next()?;
    Some((c.get(1)?.start(), m.start(), m.end()))
}

/// How tools print a value that is not there: pandas (`NaN`, `<NA>`, `NaT`, `None`), R (`NA`,
/// `<NA>`), Julia (`missing`), MATLAB (`<missing>`, `<undefined>`), Go (`<nil>`), SQL clients
/// (`NULL`, `(null)`, ClickHouse's `ᴺᵁᴸᴸ`), polars and Spark (`null`), spreadsheets (`#N/A`).
/// They hide nothing a table's relations need.
const NULLS: &[&str] = &[
    "",
    "NA",
    "<NA>",
    "NaN",
    "nan",
    "NaT",
    "None",
    "null",
    "NULL",
    "Null",
    "(null)",
    "<null>",
    "ᴺᵁᴸᴸ",
    "nil",
    "<nil>",
    "missing",
    "<missing>",
    "<undefined>",
    "n/a",
    "N/A",
    "#N/A",
];

/// A publisher's marks for a count it withheld (with `<5`, `≤ 3`, see [`is_mask`]).
const MASKS: &[&str] = &["-", "–", "—", ".", "..", "...", "…", "x", "X", "*", "c", ":", "z"];

/// A publisher's own suppression or a missing value: `<5`, `≤ 3`, `x`, `..`, `NA`, `[suppressed]`,
/// any of [`NULLS`].
pub fn is_missing(s: &str) -> bool {
    let t = plain(s);
    NULLS.contains(&t) || t == super::structure::SUPPRESSED || is_mask(t)
}

/// A publisher's suppression marker (`<5`, `≤ 3`, `*`, `..`, `x`, `c`, `-`): in a count column it
/// stands for a count the publisher hid, so it is a hidden cell of the table, not a missing one.
/// A null ([`NULLS`]) and the guard's own marker are not: they hide nothing the relations need.
pub fn is_mask(s: &str) -> bool {
    static BOUND: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(?:<|≤|<=|&lt;)\s*\d+$").unwrap());
    let t = plain(s);
    MASKS.contains(&t) || (t.starts_with(['<', '≤', '&']) && BOUND.is_match(t))
}

/// Whether a suppression marker tells its count's range (`<5`: 0 to 4), not only that it is hidden.
pub fn mask_bounds(s: &str) -> bool {
    is_mask(s) && plain(s).bytes().any(|b| b.is_ascii_digit())
}

/// A year as a column name (`2021`, `2021/22`, `FY2023`, `Q1 2021`): a label, not a count.
pub fn is_year_label(s: &str) -> bool {
    static YEAR: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?i)^(?:fy ?|q[1-4] |h[12] )?(?:19|20)\d\d(?:[/-](?:\d\d|(?:19|20)\d\d))?(?: ?q[1-4])?$").unwrap());
    YEAR.is_match(plain(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_under_each_locale() {
        use Locale::{English as En, European as Eu};
        let d = |value: f64, whole: bool| Some(Num::Decimal { value, whole });
        for (cell, locale, want) in [
            ("42", En, Some(Num::Count(42))),
            ("1,232", En, Some(Num::Count(1232))),
            ("1.232", Eu, Some(Num::Count(1232))),
            ("1.232", En, d(1.232, false)),
            ("1,5", Eu, d(1.5, false)),
            ("1 234", En, Some(Num::Count(1234))),
            ("1\u{a0}234", Eu, Some(Num::Count(1234))),
            ("12 345 678", En, Some(Num::Count(12_345_678))),
            ("3.0", En, d(3.0, true)),
            ("3,0", Eu, d(3.0, true)),
            ("3*", En, Some(Num::Count(3))),
            ("7†", En, Some(Num::Count(7))),
            ("12 (p)", En, Some(Num::Count(12))),
            ("3 pts", En, Some(Num::Count(3))),
            ("4 patients", En, Some(Num::Count(4))),
            ("**7**", En, Some(Num::Count(7))),
            ("\\textbf{7}", En, Some(Num::Count(7))),
            ("2 (0.9%)", En, Some(Num::NPercent(2))),
            ("-20.0% (36)", En, Some(Num::NPercent(36))),
            ("50.0% (3)", En, Some(Num::NPercent(3))),
            ("50.0% (3.5)", En, None),
            ("2 (0,9 %)", Eu, Some(Num::NPercent(2))),
            ("1,204 (52.7)", En, Some(Num::NPercent(1204))),
            // a count with its interval; an interval that does not hold the number is no count
            ("12 (8-17)", En, Some(Num::NPercent(12))),
            ("4 [0, 10]", En, Some(Num::NPercent(4))),
            ("52 (37 to 69)", En, Some(Num::NPercent(52))),
            ("6 (1–13)", En, Some(Num::NPercent(6))),
            ("20 (8-17)", En, None),
            // a count over its base; a larger count or a decimal is no such cell
            ("3/40", En, Some(Num::NPercent(3))),
            ("118 / 220", En, Some(Num::NPercent(118))),
            ("3 of 40", En, Some(Num::NPercent(3))),
            ("1,204/2,310", En, Some(Num::NPercent(1204))),
            ("41/40", En, None),
            ("3.5/40", En, None),
            ("3/0", En, None),
            ("12.5%", En, Some(Num::Percent(12.5))),
            ("3,8 %", Eu, Some(Num::Percent(3.8))),
            ("38‰", En, Some(Num::Percent(3.8))),
            ("4 per cent", En, Some(Num::Percent(4.0))),
            ("-3", En, d(-3.0, false)),
            ("+3", En, d(3.0, false)),
            ("4ᵃ", En, Some(Num::Count(4))),
            ("117r", En, Some(Num::Count(117))),
            ("42 [p]", En, Some(Num::Count(42))),
            ("0x1f", En, None),
            ("3e", En, Some(Num::Count(3))),
            ("3 min", En, None),
            ("2024-01-05", En, None),
            ("1.2.3", En, None),
            ("1,23,4", En, None),
            ("v2", En, None),
            ("abc", En, None),
            ("99999999999999999999999", En, None),
        ] {
            assert_eq!(parse(cell, locale), want, "{cell:?} {locale:?}");
        }
    }

    #[test]
    fn the_locale_follows_the_unambiguous_cells() {
        assert_eq!(Locale::guess(["3,8 %", "1.234", "12"], false), Locale::European);
        assert_eq!(Locale::guess(["1.234", "12"], true), Locale::European);
        assert_eq!(Locale::guess(["1,234", "12.5"], true), Locale::English);
        assert_eq!(Locale::guess(["1,234", "12"], false), Locale::English);
        assert_eq!(Locale::guess(["1.234.567"], false), Locale::European);
    }

    #[test]
    fn missing_markers_and_years() {
        for s in ["<5", "≤ 3", "x", "..", "NA", "[suppressed]", ""] {
            assert!(is_missing(s), "{s}");
        }
        for s in ["NULL", "ᴺᵁᴸᴸ", "missing", "<missing>", "NaT", "(null)", "<nil>", "#N/A"] {
            assert!(is_missing(s) && !is_mask(s), "{s}");
        }
        assert!(!is_missing("5"));
        // Suppression markers are hidden counts; missing values and the guard's own marker are not.
        for s in ["<5", "≤ 3", "&lt;10", "*", "..", "x", "c", "-"] {
            assert!(is_mask(s), "{s}");
        }
        for s in ["NA", "", "[suppressed]", "n/a", "5", "North"] {
            assert!(!is_mask(s), "{s}");
        }
        assert!(mask_bounds("<5") && mask_bounds("≤ 3") && !mask_bounds("*") && !mask_bounds(".."));
        for s in ["2021", "2021/22", "FY2023", "Q1 2021", "2020-21"] {
            assert!(is_year_label(s), "{s}");
        }
        for s in ["1999.5", "3021", "21"] {
            assert!(!is_year_label(s), "{s}");
        }
    }
}
