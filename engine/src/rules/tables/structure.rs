//! What a table's numbers mean: count cells, percentage columns and the additive relations a
//! reader can use to work a hidden count back out.
//!
//! Relations come from labels (`Total`, `All`, `Overall` rows and columns; subtotal rows under
//! `Level`, indentation or labels that extend another label, `East - Fenland`; two-row headers and
//! several label columns as a product of dimensions) and from the numbers alone
//! ([`super::relations`]: any row or column that is the sum of others, first, last or in the
//! middle, nested or not). A labelled relation whose numbers do not add up (rounded or weighted
//! inputs) is kept apart as `broken` so the caller can be conservative with it, unless the
//! numbers show what that total does sum.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use regex::Regex;

use super::numbers::{self, Locale};
pub use super::numbers::{Num, plain};
use super::relations::{self, Budget, OutOfBudget};
use super::{Format, Table};
use crate::rules::steps::Steps;

/// Steps the relation inference may take per table (one step = one cell added to a running sum),
/// within what is left of the call's [`Steps`].
pub const INFER_STEPS: usize = 4_000_000;
/// Steps a stock's identity may take per table, down the rows and across the columns each
/// ([`relations::stock_identity`]), charged to the call's [`Steps`].
const STOCK_STEPS: usize = 20_000;

static TOTAL_LABEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:(?:grand |sub-?)?totals?(?:[ :(].*)?|all(?: [a-z]+)?|overall|sum|subtotal.*)$").unwrap());
/// A row of means under the rows it is taken over (`Average`, `Mean per area`, `Avg`).
static MEAN_LABEL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"(?i)^['"]?(?:mean|average|avg)(?:[ :(].*)?['"]?$"#).unwrap());
/// A column of means beside the columns it is taken over (`4-year average`, `Avg 2018-20`).
static MEAN_HEADER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)(?-u:\b)(?:mean|average|avg)(?-u:\b)").unwrap());
/// Columns whose numbers are identifiers or coordinates, never counts.
static NOT_COUNT_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)^(?:.*(?-u:\b)id|.*_id|uuid|record_id|case|person|year|age|level|code|zip|postcode|#|rank|month|day|week|quarter|date|mrn|nhs.*|(?:http[ _])?status(?:[ _]code)?|port|pid",
        // Flags of a schema or a listing (`PRAGMA table_info`'s `notnull` and `pk`, `is_active`):
        // a 0 or a 1 there says yes or no, it counts no one.
        r"|(?:is|has)_\w+|not_?null|nullable|null|pk|primary(?:_key)?|unique|auto_?increment|enabled|disabled|flag|bool(?:ean)?|required",
        // Indices of a run of experiments (a cross-validation fold, a seed, an epoch): labels.
        r"|fold|seed|epoch|trial|replicate|iter(?:ation)?|run|step)$",
    ))
    .unwrap()
});
/// A listing of settings: a name column so headed (`SHOW VARIABLES`'s `Variable_name`, a
/// parameter, an option, a key) beside a [`SETTING_VALUE_HEADER`] column. Its numbers are what
/// the settings are set to, not counts of anyone.
static SETTING_NAME_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:variable_name|variable name|parameters?|params?|settings?|options?|propert(?:y|ies)|keys?|config(?:uration)?|attributes?|knobs?)$")
        .unwrap()
});
static SETTING_VALUE_HEADER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^(?:values?|current(?:_value)?|setting)$").unwrap());
/// Columns of settings and measurements (a duration, a size, a status code, a version): their
/// small numbers are not counts of anyone.
static MEASURE_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?-u:\b)(?:minutes?|mins?|seconds?|secs?|ms|hours?|hrs?|duration|latency|timeout|retries|attempts|status|port|version|default|setting|bytes|[kmg]i?b|price|cost|score|weight|height|temperature)(?-u:\b)",
    )
    .unwrap()
});
/// A row that is a part of the row above it and of nothing else (`of which: aged 65+`,
/// `davon`, `dont`, `di cui`, `其中`), in the languages of official tables.
static PART_OF_ABOVE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:[-–—*·•]\s*)?(?:of which|of whom|thereof|among them|including|incl\.|davon|darunter|dont|parmi lesquels|de los cuales|de las cuales|di cui|waarvan|w tym|в том числе|из них|其中|うち)(?:\W|$)").unwrap()
});
/// An answer that rules out every other option of its question.
static NONE_ANSWER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:none(?: of (?:these|the above|them))?|no reason(?: given)?|nothing|neither(?: of these)?)$").unwrap());
/// A label naming a machine's thing (a request's method or route, a host, a pod, a process):
/// what a listing of requests or processes is grouped by.
static MACHINE_LABEL_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:http[ _])?(?:method|verb|endpoint|route|path|url|uri|host(?:name)?|ip(?:[ _]address)?|instance|pod|container|namespace|port|pid|errno|exit[ _]?code|signal)$").unwrap()
});
/// A status column: an HTTP status code when its values are (100 to 599), a label of people
/// (`Employed`) otherwise.
static STATUS_HEADER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^(?:http[ _])?(?:status(?:[ _]code)?|response[ _]code|code)$").unwrap());
/// A column that ranks the rows.
static RANK_HEADER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^(?:rank(?:ing)?|#|no\.|position|pos\.?|place|rang|platz|順位|排名|名次)$").unwrap());
/// A column of percentages or rates, by its name: the words stand alone, an underscore a
/// separator too (`owner_pct_of_row`).
static PERCENT_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)%|‰|(?:^|[^a-z0-9])(?:pct|percent(?:age)?|rate|share|proportion|per (?:1,?000|10,?000|100,?000|100k|million))(?:[^a-z0-9]|$)").unwrap()
});

/// An index column (`Index`, `2021 index`, `Index (2019=100)`, `2020 (2019=100)`, as a code's field
/// name `n20202019100`): each cell is 100 times a count over its base period's, a percentage of
/// the base read as a rate; a reader gets the count back from the index and the base.
static INDEX_HEADER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)(?:^|[^a-z])index(?:[^a-z]|$)|=\s*100(?:[^0-9]|$)|(?:^|[^0-9])(?:19|20)\d\d(?:19|20)\d\d100$").unwrap());

pub fn is_total_label(s: &str) -> bool {
    TOTAL_LABEL.is_match(plain(s))
}

/// What the small-cell rule writes in place of a hidden value.
pub const SUPPRESSED: &str = "[suppressed]";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColKind {
    Label,
    Level,
    Count,
    Percent,
    Other,
}

/// A count cell.
#[derive(Clone, Debug)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
    pub value: u64,
    /// A total or subtotal of some relation.
    pub margin: bool,
}

/// A share column and the groups of rows whose total each of its shares is of.
pub type GroupShares = (usize, Vec<Vec<usize>>);

/// `sum(parts) == total`, indices into [`Layout::cells`]. A part may appear more than once, its
/// copies side by side, and then counts that many times: a weighted sum (the visits of people
/// counted by how many visits each had, see [`weighted_relations`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Relation {
    pub parts: Vec<usize>,
    pub total: usize,
}

impl Relation {
    /// Each cell of the relation once with its coefficient in `sum(parts) - total = 0` (a part's
    /// number of appearances, the total's -1), by cell: what a linear program or an audit of the
    /// relation reads, whether or not its parts repeat.
    pub fn terms(&self) -> Vec<(usize, i64)> {
        let mut cells: Vec<(usize, i64)> = self.parts.iter().map(|&i| (i, 1)).chain([(self.total, -1)]).collect();
        cells.sort_unstable();
        let mut terms: Vec<(usize, i64)> = Vec::with_capacity(cells.len());
        for (i, c) in cells {
            match terms.last_mut() {
                Some(t) if t.0 == i => t.1 += c,
                _ => terms.push((i, c)),
            }
        }
        terms.retain(|t| t.1 != 0);
        terms
    }

    /// Its cells, each once (a repeated part's copies stand side by side), the total last.
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        let mut last = None;
        self.parts.iter().copied().filter(move |&i| last.replace(i) != Some(i)).chain([self.total])
    }
}

#[derive(Debug)]
pub struct Layout {
    pub header_rows: usize,
    pub kinds: Vec<ColKind>,
    pub cells: Vec<Cell>,
    pub relations: Vec<Relation>,
    /// Relations named by labels whose numbers do not add up.
    pub broken: Vec<Relation>,
    /// Percentage columns and the count column each one is named after, if any.
    pub percent_cols: Vec<(usize, Option<usize>)>,
    /// Share columns of a long table whose percentages are each of its group's total (the rows
    /// of one outer label), with the groups' rows: a visible count and its share give the group's
    /// total, so a group hiding a count hides every share.
    pub group_shares: Vec<GroupShares>,
    /// Share columns over a base row (the one at 100 %: a question's respondents, an index's
    /// base period), with that row: a visible count and its share give the base back, so a
    /// hidden base hides the whole column.
    pub share_bases: Vec<(usize, usize)>,
    /// The rows of a table of counts of counts with the number each counts by (`2 visits`: 2),
    /// for the weighted sums a line around the table may tell; empty for other tables.
    pub bands: Vec<(usize, u64)>,
    /// Percentage columns that are running shares (`Cum. percent`: rising to 100 down the rows,
    /// or falling from it): two of them published around hidden rows give those rows' sum.
    pub running: Vec<usize>,
    /// Percentage or rate columns read as counts (`p × base`), with their base column: their
    /// cells are count cells of the layout.
    pub implied: Vec<(usize, usize)>,
    /// Whether every relation was searched for: `false` when the inference ran out of steps.
    pub complete: bool,
    /// Each row's label (its label columns joined; empty for header rows).
    pub row_labels: Vec<String>,
    /// Each row's label per label column (empty for header rows): the dimensions of a long table.
    pub row_keys: Vec<Vec<String>>,
    /// Each column's name (its header rows joined).
    pub col_names: Vec<String>,
    /// Cells bounded by another (`(parts, whole)`: an "of which" row's cell and the cell above
    /// it; an option of a "tick all that apply" question with its `None of these`, and the
    /// respondents): a reader knows the parts add up to at most the whole.
    pub bounded: Vec<(Vec<usize>, usize)>,
    /// Cells in balance (`(left, right)`: a row's opening and inflows against its outflows and
    /// closing): the two sides add up to one quantity the table does not show.
    pub balances: Vec<relations::Balance>,
    /// Cells the publisher already suppressed (`<5`, `*`, `..` in a count column), with the values
    /// their relations give: hidden whatever the protection decides.
    pub masked: Vec<usize>,
    /// Columns of differences (`Change`, `Δ`: one count column minus another in every row): their
    /// cells (each the difference's size) are in [`Layout::cells`] for the relations they take
    /// part in, but they count nobody, so none is a small count.
    pub derived: Vec<usize>,
    /// The columns of [`Layout::derived`] that are the difference of no two columns of the table:
    /// changes whose counts stand in other tables.
    pub changes: Vec<usize>,
    /// The cells of [`Layout::changes`] that are falls (written negative), in order.
    pub falls: Vec<usize>,
    /// Rows of signed numbers among rows of counts (a net line `Births - Deaths`, an
    /// adjustment): like [`Layout::derived`] columns, their cells count nobody.
    pub derived_rows: Vec<usize>,
    /// Count cell at (row, col): [`Layout::at`].
    at: CellIndex,
}

/// Count cell index per (row, col), dense: tables are small and lookups many.
#[derive(Debug)]
struct CellIndex {
    width: usize,
    slots: Vec<usize>,
}

impl CellIndex {
    fn get(&self, r: usize, c: usize) -> Option<usize> {
        self.slots.get(r * self.width + c).copied().filter(|&i| i != usize::MAX)
    }
}

/// A body cell as read once: a missing-value marker, text, or a number.
#[derive(Clone, Copy, PartialEq)]
enum Read {
    Missing,
    Text,
    Number(Num),
}

fn read(s: &str, locale: Locale) -> Read {
    if numbers::is_missing(s) { Read::Missing } else { numbers::parse(s, locale).map_or(Read::Text, Read::Number) }
}

/// A header field: text, empty, a year or the guard's own marker — anything but a count.
fn header_like(s: &str, locale: Locale) -> bool {
    numbers::parse(s, locale).is_none() || numbers::is_year_label(s)
}

impl Layout {
    /// The count cell at (row, col), if any.
    pub fn at(&self, r: usize, c: usize) -> Option<usize> {
        self.at.get(r, c)
    }

    /// Whether cell `i` counts something (not a difference between two counts).
    pub fn counts(&self, i: usize) -> bool {
        !self.derived.contains(&self.cells[i].col) && !self.derived_rows.contains(&self.cells[i].row)
    }

    /// Read a table; `None` when it holds no count cells. The relation inference spends from
    /// `steps`; when they run out the layout is not `complete`.
    pub fn analyze(table: &Table, steps: &Steps) -> Option<Layout> {
        let width = table.width();
        let rows = &table.rows;
        let text = |r: usize, c: usize| &*rows[r].fields[c].text;
        let locale = Locale::guess(rows.iter().skip(1).flat_map(|r| r.fields.iter().map(|f| &*f.text)), table.format == Format::Delimited(b';'));
        // Header rows: the first, then any rows without a single count (a two-row header; years
        // are labels there). A `[suppressed]` cell stands for a number, so the guard's own output
        // reads the same way.
        let mut header_rows = 1;
        while header_rows < rows.len()
            && (0..width).all(|c| header_like(text(header_rows, c), locale) && plain(text(header_rows, c)) != SUPPRESSED)
            && (1..width).any(|c| !text(header_rows, c).is_empty())
            && year_header(&rows[header_rows].fields.iter().map(|f| &*f.text).collect::<Vec<_>>())
            && rows[header_rows + 1..].iter().any(|r| r.fields.iter().any(|f| numbers::parse(&f.text, locale).is_some()))
        {
            header_rows += 1;
        }
        let body: Vec<usize> = (header_rows..rows.len()).collect();
        if body.is_empty() {
            return None;
        }
        // Header labels per column, upper rows filled rightwards across empty (merged) cells.
        let mut headers: Vec<Vec<String>> = vec![Vec::new(); width];
        for h in 0..header_rows {
            let mut last = String::new();
            for (c, hdr) in headers.iter_mut().enumerate() {
                let t = plain(text(h, c)).to_string();
                let t = if t.is_empty() && h + 1 < header_rows && c > 0 { last.clone() } else { t };
                last = t.clone();
                hdr.push(t);
            }
        }
        let header_name = |c: usize| headers[c].iter().filter(|s| !s.is_empty()).cloned().collect::<Vec<_>>().join(" ");
        // Every body cell read once, row-major from the first body row.
        let mut reads = Vec::with_capacity(body.len() * width);
        reads.extend(body.iter().flat_map(|&r| rows[r].fields.iter().map(|f| read(&f.text, locale))));
        let read_at = |r: usize, c: usize| reads[(r - header_rows) * width + c];
        // Rows of means: their decimals say nothing of what kind a column is.
        let mean_word = |s: &str| s.trim_start_matches(['\'', '"']).starts_with(['M', 'm', 'A', 'a']) && MEAN_LABEL.is_match(plain(s));
        let mean_rows: Vec<usize> = body.iter().copied().filter(|&r| (0..width).any(|c| mean_word(text(r, c)))).collect();
        let any_text_col = (0..width).any(|c| body.iter().any(|&r| read_at(r, c) == Read::Text));
        let signed_rows = signed_rows(&body, &mean_rows, width, read_at, steps);

        let settings_listing = (0..width).any(|c| headers[c].last().is_some_and(|h| SETTING_NAME_HEADER.is_match(h)));
        // Row numbers (`Obs`, 1, 2, 3, …) are no counts.
        let numbered = body.iter().enumerate().all(|(k, &r)| match read_at(r, 0) {
            Read::Number(Num::Count(v)) => v == k as u64 + 1 || v == k as u64,
            _ => false,
        });
        let label_between = width >= 3
            && !numbered
            && body.iter().all(|&r| matches!(read_at(r, 1), Read::Text | Read::Missing))
            && body.iter().any(|&r| read_at(r, 1) == Read::Text)
            && (2..width).any(|c| body.iter().all(|&r| matches!(read_at(r, c), Read::Number(Num::Count(_)) | Read::Missing)));
        let kinds: Vec<ColKind> = (0..width)
            .map(|c| {
                let name = header_name(c);
                let last = headers[c].last().cloned().unwrap_or_default();
                if last.eq_ignore_ascii_case("level") {
                    return ColKind::Level;
                }
                let (mut present, mut texts, mut counts, mut floats, mut percents, mut n_percents) = (0, 0, 0, 0, 0, 0);
                for &r in body.iter().filter(|r| !mean_rows.contains(r) && !signed_rows.rows.contains(r)) {
                    match read_at(r, c) {
                        Read::Missing => continue,
                        Read::Text => texts += 1,
                        Read::Number(Num::Count(_)) => counts += 1,
                        Read::Number(Num::Decimal { whole: true, .. }) => floats += 1,
                        Read::Number(Num::NPercent(_)) => n_percents += 1,
                        Read::Number(Num::Percent(_)) => percents += 1,
                        Read::Number(Num::Decimal { .. }) => {}
                    }
                    present += 1;
                }
                if texts > 0 {
                    return if c == 0 || texts == present { ColKind::Label } else { ColKind::Other };
                }
                if present == 0 {
                    return ColKind::Other;
                }
                if NOT_COUNT_HEADER.is_match(&last) || MEASURE_HEADER.is_match(&last) || SETTING_VALUE_HEADER.is_match(&last) && settings_listing {
                    return ColKind::Label;
                }
                // Counts printed as floats (`3.0`) make a whole column of them (pandas prints a
                // column with a missing value that way); `3` beside `5.0` is a setting, not a count.
                let all_counts = counts + n_percents == present || (floats == present && floats > 0);
                // The first column is a count only in a table without labels or with its labels
                // in the second column, between counts (a population pyramid: Male | age |
                // Female), and never nameless (an index or row numbers).
                let may_count = c > 0 || (!name.is_empty() && (!any_text_col || label_between));
                // An index needs a number that is no whole count (`100.0`, `116.9`): a column of row
                // numbers is named `index` too.
                let index = INDEX_HEADER.is_match(&name) && counts + n_percents < present;
                if (PERCENT_HEADER.is_match(&name) || index) && n_percents == 0 || percents > 0 {
                    ColKind::Percent
                } else if all_counts && may_count {
                    ColKind::Count
                } else {
                    ColKind::Other
                }
            })
            .collect();
        let mut count_cols: Vec<usize> = (0..width).filter(|&c| kinds[c] == ColKind::Count).collect();
        let integer = |r: usize, c: usize| whole_number(read_at(r, c));
        // Columns of whole numbers, some with a sign (`-23`, `+3`): changes, never counts.
        let signed: Vec<usize> = (1..width)
            .filter(|&c| kinds[c] == ColKind::Other)
            .filter(|&c| body.iter().all(|&r| read_at(r, c) == Read::Missing || integer(r, c).is_some()))
            .filter(|&c| body.iter().any(|&r| integer(r, c).is_some_and(|v| v < 0) || plain(text(r, c)).starts_with('+')))
            .collect();
        if count_cols.is_empty() && signed.is_empty() {
            return None;
        }
        let label_cols: Vec<usize> = (0..width).filter(|&c| kinds[c] == ColKind::Label).collect();
        // Requests by status code, method or endpoint, processes by pod: a listing counts events
        // of machines, not people, when every label it has names a machine's thing.
        let machine = |c: usize| {
            let name = header_name(c);
            MACHINE_LABEL_HEADER.is_match(&name)
                || STATUS_HEADER.is_match(&name) && body.iter().all(|&r| matches!(read_at(r, c), Read::Number(Num::Count(100..=599))))
        };
        if !label_cols.is_empty() && label_cols.iter().all(|&c| machine(c)) {
            return None;
        }
        // A percentage or rate that is not beside its own count but has a base beside it (`N`,
        // the only count column) is a count in disguise: p × base / scale, a count cell of its own.
        // A column of shares (its percentages add up to 100, with or without a 100 in a total
        // row) is each row's count over the column total, or over a base row's (at 100 %): it
        // goes with that count.
        let pct_of = |r: usize, c: usize| match read_at(r, c) {
            Read::Number(Num::Percent(v) | Num::Decimal { value: v, .. }) => Some(v),
            Read::Number(Num::Count(v)) => Some(v as f64),
            _ => None,
        };
        // Each share is checked against its count over that total (to within the rounding of a
        // whole percentage): percentages of the row that happen to add up to 100 are not shares.
        let fits = |pairs: &[(usize, f64, f64)], total: f64| total > 0.0 && pairs.iter().all(|&(_, p, v)| (p - 100.0 * v / total).abs() <= 0.51);
        let pairs = |c: usize, b: usize| body.iter().filter_map(|&r| Some((r, pct_of(r, c)?, pct_of(r, b)?))).collect::<Vec<_>>();
        // The total of shares that partition it: their count's sum, or its largest (a total row).
        let partition = |pairs: &[(usize, f64, f64)]| {
            let sum: f64 = pairs.iter().map(|p| p.1).sum();
            if (sum - 100.0).abs() <= 1.5 {
                Some(pairs.iter().map(|p| p.2).sum())
            } else if (sum - 200.0).abs() <= 3.0 {
                Some(pairs.iter().map(|p| p.2).fold(0.0, f64::max))
            } else {
                None
            }
        };
        // Shares of a base that the rows do not partition (the options of a "tick all that
        // apply" question, each over the respondents): the base row, the one at 100 %.
        let base_row = |pairs: &[(usize, f64, f64)]| {
            let &(r, _, base) = pairs.iter().find(|p| p.1 == 100.0)?;
            fits(pairs, base).then_some(r)
        };
        let shares = |c: usize, b: usize| {
            let pairs = pairs(c, b);
            partition(&pairs).map_or_else(|| base_row(&pairs).is_some(), |total| fits(&pairs, total))
        };
        let real_counts = count_cols.clone();
        // A share column printed right after its count column (`n | %`, the `%` bare) goes with
        // it when its numbers are that column's shares.
        let beside = |c: usize| c.checked_sub(1).filter(|b| real_counts.contains(b) && shares(c, *b));
        let named = |c: usize| {
            named_after(&header_name(c), &real_counts, &header_name)
                .or_else(|| beside(c))
                .or_else(|| base_of(&real_counts, &header_name).filter(|&b| shares(c, b)))
        };
        // The base rows of such shares: the rows they are over are no parts of them, so neither
        // the numbers nor a label (`All asked`) make them a total.
        // `(share column, base row, count column)`.
        let base_rows: Vec<(usize, usize, usize)> = (0..width)
            .filter(|&c| kinds[c] == ColKind::Percent)
            .filter_map(|c| {
                let b = named(c)?;
                let pairs = pairs(c, b);
                if partition(&pairs).is_some() { None } else { base_row(&pairs).map(|r| (c, r, b)) }
            })
            .collect();
        let is_base = |r: usize| base_rows.iter().any(|&(_, br, _)| br == r);
        let implied: Vec<(usize, usize, f64)> = (0..width)
            .filter(|&c| kinds[c] == ColKind::Percent && named(c).is_none())
            .filter_map(|c| base_of(&real_counts, &header_name).map(|b| (c, b, scale_of(&header_name(c)))))
            .collect();

        // A printed number is rounded to its last digit: a printed rate (`0.5` per 1,000 of
        // 19,240 is 9 or 10 deaths) matches a count within its step times the base; a mean (`23.5`)
        // is its sum over k within k half-steps.
        let step_of = |r: usize, c: usize| {
            let t = rows[r].fields[c].text.trim().trim_end_matches(|ch: char| !ch.is_ascii_digit());
            10f64.powi(-(t.rfind(['.', ',']).map_or(0, |i| t.len() - i - 1) as i32))
        };
        let decimal_at = |r: usize, c: usize| match read_at(r, c) {
            Read::Number(Num::Count(v)) => Some((v as f64, 1.0)),
            Read::Number(Num::Decimal { value, .. }) if value >= 0.0 => Some((value, step_of(r, c))),
            _ => None,
        };
        let pins = |v: f64, step: f64, sum: u64, k: usize| {
            let tol = k as f64 * 0.5 * step + 1e-9;
            k >= 2 && tol < 0.5 && (k as f64 * v - sum as f64).abs() <= tol
        };
        // A mean of the count columns beside it: k times it is their sum, within k half-steps of
        // its rounding, in two rows at least and in every row that shows all of them.
        let mean_over = |c: usize| -> Vec<usize> {
            count_cols.iter().copied().filter(|&p| p != c && !is_total_label(&header_name(p)) && !MEAN_HEADER.is_match(&header_name(p))).collect()
        };
        let mean_cols: Vec<(usize, Vec<usize>)> = (0..width)
            .filter(|&c| kinds[c] != ColKind::Label && MEAN_HEADER.is_match(&header_name(c)))
            .map(|c| (c, mean_over(c)))
            .filter(|(c, over)| {
                let c = *c;
                let (mut holds, mut fails) = (0, 0);
                for &r in body.iter().filter(|r| !mean_rows.contains(r)) {
                    let Some((v, step)) = decimal_at(r, c) else { continue };
                    let Some(sum) = over.iter().map(|&p| integer(r, p).and_then(|x| u64::try_from(x).ok())).sum::<Option<u64>>() else { continue };
                    if pins(v, step, sum, over.len()) { holds += 1 } else { fails += 1 }
                }
                holds >= 2 && fails == 0
            })
            .collect();
        count_cols.retain(|c| !mean_cols.iter().any(|m| m.0 == *c));
        // The rows a row of means is taken over: the others but totals; a mean that pins no sum
        // (`Average income` a category, a mean rounded to whole units) is read as it reads.
        let is_total = |p: usize| label_cols.iter().any(|&lc| is_total_label(text(p, lc)));
        let mean_over_rows: Vec<usize> = body.iter().copied().filter(|&p| !mean_rows.contains(&p) && !is_total(p)).collect();
        let pinned_mean = |r: usize, c: usize| {
            mean_rows.contains(&r) && {
                let sum = mean_over_rows.iter().map(|&p| integer(p, c).and_then(|x| u64::try_from(x).ok())).sum::<Option<u64>>();
                decimal_at(r, c).zip(sum).is_some_and(|((v, step), sum)| pins(v, step, sum, mean_over_rows.len()))
            }
        };
        let mut cells = Vec::new();
        let mut at = CellIndex { width, slots: vec![usize::MAX; rows.len() * width] };
        for &r in body.iter().filter(|r| !signed_rows.rows.contains(r)) {
            for &c in count_cols.iter().filter(|&&c| !pinned_mean(r, c)) {
                let v = match read_at(r, c) {
                    Read::Number(Num::Count(v) | Num::NPercent(v)) => v,
                    Read::Number(Num::Decimal { value, whole: true }) if value < 1e15 => value as u64,
                    _ => continue,
                };
                at.slots[r * width + c] = cells.len();
                cells.push(Cell { row: r, col: c, value: v, margin: false });
            }
        }
        // A mean under the k rows it is taken over: k times it is their sum, within k half-steps
        // of its rounding. Where that pins the sum to one whole number the mean stands for it: a
        // cell holding the sum, the total of those rows (hidden, the mean is what is hidden).
        let mut means: Vec<(usize, Vec<usize>)> = Vec::new();
        let mut mean_cell = |r: usize, c: usize, parts: Option<Vec<usize>>, cells: &mut Vec<Cell>, at: &mut CellIndex| {
            let (Some((v, step)), Some(parts)) = (decimal_at(r, c), parts) else { return };
            let sum: u64 = parts.iter().map(|&i| cells[i].value).sum();
            if pins(v, step, sum, parts.len()) {
                at.slots[r * width + c] = cells.len();
                means.push((cells.len(), parts));
                cells.push(Cell { row: r, col: c, value: sum, margin: true });
            }
        };
        for &r in &mean_rows {
            for &c in count_cols.iter().filter(|&&c| pinned_mean(r, c)) {
                let parts = mean_over_rows.iter().map(|&p| at.get(p, c)).collect::<Option<Vec<usize>>>();
                mean_cell(r, c, parts, &mut cells, &mut at);
            }
        }
        for (c, over) in &mean_cols {
            let c = *c;
            for &r in &body {
                let parts = over.iter().map(|&p| at.get(r, p)).collect::<Option<Vec<usize>>>();
                mean_cell(r, c, parts, &mut cells, &mut at);
            }
        }
        // Moving averages beside a count column (`4-week average`, `7DMA`): each mean stands for
        // its window's sum where its rounding pins it, a cell holding that sum, hidden where a sum
        // would be ([`rolling_means`]).
        let allowed = INFER_STEPS.min(usize::try_from(steps.left()).unwrap_or(usize::MAX));
        let mut budget = Budget(allowed);
        let mean_candidates: Vec<usize> =
            (0..width).filter(|&c| kinds[c] == ColKind::Other && body.iter().any(|&r| matches!(read_at(r, c), Read::Number(Num::Decimal { .. })))).collect();
        // Periods: the rows with a count or a publisher's marker (not a second header line).
        let periods: Vec<usize> = body
            .iter()
            .copied()
            .filter(|&r| count_cols.iter().any(|&c| at.get(r, c).is_some() || read_at(r, c) == Read::Missing && numbers::is_mask(text(r, c))))
            .collect();
        let moving = rolling_means(&periods, &count_cols, &mean_candidates, decimal_at, |r, c| at.get(r, c).map(|i| cells[i].value), &mut budget);
        let moving_complete = moving.is_ok();
        let mut moving_sums: Vec<(usize, usize, Vec<usize>)> = Vec::new();
        let mut moving_bounds: Vec<(usize, usize, Vec<usize>)> = Vec::new();
        for (m, f, entries) in moving.unwrap_or_default() {
            for (r, sum, window, exact) in entries {
                at.slots[r * width + m] = cells.len();
                let held = if exact { &mut moving_sums } else { &mut moving_bounds };
                held.push((cells.len(), f, window));
                cells.push(Cell { row: r, col: m, value: sum, margin: true });
            }
        }
        // A percentage whose counts are those of a count column beside it is that column's
        // share (`n | % of row`): it goes with that column instead.
        let mut shares_of: Vec<(usize, usize)> = Vec::new();
        let mut implied_cols = Vec::new();
        for &(p, b, scale) in &implied {
            let counts_over = |b: usize| -> Vec<(usize, u64, f64, f64)> {
                body.iter()
                    .filter_map(|&r| {
                        let pv = pct_of(r, p)?;
                        let base = at.get(r, b).map(|i| cells[i].value)? as f64;
                        let exact = pv * base / scale;
                        let v = exact.round();
                        let tol = (0.5 * step_of(r, p) * base / scale + 1e-9).max(0.5);
                        (0.0..1e15).contains(&v).then_some((r, v as u64, exact, tol))
                    })
                    .collect()
            };
            // Over any column that may be its base (`Total | Yes % | Base`: the total's share of
            // the base, not a rate of the total).
            let same = bases_of(&real_counts, &header_name).find_map(|b| {
                let counts = counts_over(b);
                real_counts.iter().copied().find(|&c| {
                    c != b
                        && !counts.is_empty()
                        && counts.iter().all(|&(r, _, exact, tol)| at.get(r, c).is_none_or(|i| (cells[i].value as f64 - exact).abs() <= tol))
                })
            });
            let counts = counts_over(b);
            if let Some(c) = same {
                shares_of.push((p, c));
                continue;
            }
            for (r, v, _, _) in counts {
                at.slots[r * width + p] = cells.len();
                cells.push(Cell { row: r, col: p, value: v, margin: false });
            }
            count_cols.push(p);
            implied_cols.push((p, b));
        }
        count_cols.sort_unstable();
        // Rows without a single count (a section heading, pandas' index-name line) take no part.
        let counted: Vec<usize> = body.iter().copied().filter(|&r| count_cols.iter().any(|&c| at.get(r, c).is_some())).collect();
        // The publisher's suppression markers become cells of their own, of unknown value: the
        // inference must not read them (as zeros or at all); their values are worked out from the
        // relations found ([`fill_unknown`]). Empty cells stay out: a blank is as often a
        // published zero or "not applicable" as a hidden count.
        let known = cells.len();
        let unknown: Vec<usize> = counted
            .iter()
            .flat_map(|&r| real_counts.iter().map(move |&c| (r, c)))
            .filter(|&(r, c)| read_at(r, c) == Read::Missing && numbers::is_mask(text(r, c)))
            .map(|(r, c)| {
                at.slots[r * width + c] = cells.len();
                cells.push(Cell { row: r, col: c, value: 0, margin: false });
                cells.len() - 1
            })
            .collect();
        let value = |r: usize, c: usize| at.get(r, c).filter(|&i| i < known).map(|i| cells[i].value);

        // Row groups (total row, part rows) and column groups (total column, part columns), by
        // labels first, then by the numbers.
        // "Of which" rows are a part of the row above, not of any total: they take no part in
        // the relations between rows; each of their cells is bounded by the one above it.
        let part_of_above = |r: usize| label_cols.iter().any(|&c| PART_OF_ABOVE.is_match(plain(text(r, c))));
        let vertical: Vec<usize> = counted.iter().copied().filter(|&r| !part_of_above(r)).collect();
        let mut bounded = Vec::new();
        let mut above = None;
        for &r in &counted {
            if !part_of_above(r) {
                above = Some(r);
                continue;
            }
            for &c in &count_cols {
                // Only a bound the numbers keep (a marker's value is not known yet).
                if let (Some(kid), Some(parent)) = (at.get(r, c), above.and_then(|a| at.get(a, c)))
                    && kid < known
                    && parent < known
                    && cells[kid].value <= cells[parent].value
                {
                    bounded.push((vec![kid], parent));
                }
            }
        }
        // A rank column (`Rank`, `#`) orders the rows by a count column whose numbers follow
        // it: a reader knows each count lies between its neighbours in that order.
        for &rc in label_cols.iter().filter(|&&c| RANK_HEADER.is_match(&header_name(c))) {
            let mut ranked: Vec<(u64, usize)> = counted
                .iter()
                .filter_map(|&r| match read_at(r, rc) {
                    Read::Number(Num::Count(k)) => Some((k, r)),
                    _ => None,
                })
                .collect();
            ranked.sort_unstable();
            if ranked.len() < 3 {
                continue;
            }
            for &c in &real_counts {
                let order: Vec<(u64, usize)> = ranked.iter().filter_map(|&(k, r)| Some((k, at.get(r, c).filter(|&i| i < known)?))).collect();
                let falls = order.windows(2).all(|w| cells[w[1].1].value <= cells[w[0].1].value);
                let rises = order.windows(2).all(|w| cells[w[1].1].value >= cells[w[0].1].value);
                if order.len() < 3 || falls == rises {
                    continue;
                }
                for w in order.windows(2) {
                    let ((k0, a), (k1, b)) = (w[0], w[1]);
                    let (small, large) = if falls { (b, a) } else { (a, b) };
                    bounded.push((vec![small], large));
                    // One rank for two rows: one count.
                    if k0 == k1 {
                        bounded.push((vec![large], small));
                    }
                }
            }
        }
        let row_keys: Vec<Vec<String>> = vertical.iter().map(|&r| label_cols.iter().map(|&c| plain(text(r, c)).to_string()).collect()).collect();
        let labels: Vec<&str> = row_keys.iter().map(|k| k.first().map_or("", String::as_str)).collect();
        let row_vals: Vec<Vec<Option<u64>>> = vertical.iter().map(|&r| count_cols.iter().map(|&c| value(r, c).filter(|_| !is_base(r))).collect()).collect();
        let row_groups: Result<Vec<(usize, Vec<usize>)>, OutOfBudget> = if label_cols.len() >= 2 {
            product_groups(&row_keys, &mut budget)
        } else {
            let levels = row_levels(table, &vertical, &kinds, label_cols.first().copied());
            // A verification sums every part in every count column: charged to the budget.
            let width = count_cols.len().max(1);
            hierarchy_groups(
                &labels,
                &levels,
                |parts, total, budget: &mut Budget| {
                    budget.spend((parts.len() + 1) * width)?;
                    Ok(relations::sums_to(&row_vals, parts, total))
                },
                &mut budget,
            )
        };
        // Groups found before the budget ran out still count; the layout is then not complete.
        let grouped = row_groups.is_ok();
        let mut row_groups = row_groups.unwrap_or_default();
        row_groups.extend(relations::label_hierarchy(&labels));
        // A classification's levels told by its codes (`J00-J99` over `J09-J18` over `J09`):
        // kept where the numbers add up.
        row_groups.extend(relations::code_hierarchy(&labels).into_iter().filter(|(t, parts)| relations::sums_to(&row_vals, parts, *t)));
        let col_keys: Vec<Vec<String>> = count_cols.iter().map(|&c| headers[c].clone()).collect();
        let col_labels: Vec<String> = count_cols.iter().map(|&c| header_name(c)).collect();
        let col_groups = product_groups(&col_keys, &mut budget);
        let grouped = grouped && col_groups.is_ok();
        let mut col_groups = col_groups.unwrap_or_default();
        col_groups.extend(relations::label_hierarchy(&col_labels.iter().map(String::as_str).collect::<Vec<_>>()));
        let col_vals: Vec<Vec<Option<u64>>> = (0..count_cols.len()).map(|j| row_vals.iter().map(|r| r[j]).collect()).collect();
        let found =
            relations::arithmetic(&row_vals, &row_groups, &mut budget).and_then(|r| Ok((r, relations::arithmetic(&col_vals, &col_groups, &mut budget)?)));
        let found_all = grouped && found.is_ok();
        let (arith_rows, arith_cols) = found.unwrap_or_default();
        row_groups.extend(arith_rows);
        row_groups.retain(|(t, _)| !is_base(vertical[*t]));
        col_groups.extend(arith_cols);
        // A long table (two label columns, a count column or several) is a cross-tab written row
        // by row, one per count column: its totals are found in the cross-tab it stands for.
        let pivoted = match label_cols.as_slice() {
            [a, b] => count_cols.iter().try_fold(Found::new(), |mut found, &cc| {
                found.extend(pivot_relations(
                    &counted,
                    |r| (plain(text(r, *a)), plain(text(r, *b))),
                    |r| at.get(r, cc),
                    |i| (i < known).then(|| cells[i].value),
                    &mut budget,
                )?);
                Ok::<_, relations::OutOfBudget>(found)
            }),
            _ => Ok(Vec::new()),
        };
        // A running total (`Cum.` beside `Freq.`) is the previous one plus the row's count.
        let cumulative = cumulative_relations(&counted, &count_cols, |r, c| at.get(r, c), value, &mut budget).and_then(|mut found| {
            // A funnel's drop-off is the step before less this one.
            found.extend(decrement_relations(&counted, &count_cols, |r, c| at.get(r, c), value, &mut budget)?);
            Ok(found)
        });
        // A rolling sum (`Last 3 months` beside `Count`) is its window's, down the rows; a row of
        // them under a row of counts, across the columns.
        let rolling = rolling_relations(&counted, &count_cols, |r, c| at.get(r, c), value, &mut budget).and_then(|(mut exact, mut bounds)| {
            let (across, across_bounds) = rolling_relations(&count_cols, &counted, |c, r| at.get(r, c), |c, r| value(r, c), &mut budget)?;
            exact.extend(across);
            bounds.extend(across_bounds);
            Ok((exact, bounds))
        });
        // Counts of counts (people by how many visits each had): the visits, a band's count
        // times its number, summed in a row under the bands or beside each band; or the same
        // across, with the bands in the header.
        let band_rows = label_cols
            .iter()
            .map(|&lc| bands(&vertical, |r| band_number(plain(text(r, lc)))))
            .max_by_key(|b| (!is_index(&vertical, b), b.len()))
            .unwrap_or_default();
        let band_cols = bands(&count_cols, |c| band_number(&header_name(c)));
        let weighted = weighted_relations(&vertical, &band_rows, &count_cols, |r, c| at.get(r, c), value, &mut budget).and_then(|mut found| {
            found.extend(weighted_relations(&count_cols, &band_cols, &vertical, |c, r| at.get(r, c), |c, r| value(r, c), &mut budget)?);
            Ok(found)
        });
        // A column of differences (`Change`) between two count columns, and the two.
        let differences: Result<Vec<(usize, usize, usize)>, OutOfBudget> = (0..width)
            .filter(|&c| kinds[c] == ColKind::Other)
            .filter_map(|d| {
                difference_of(&counted, &real_counts, |r| integer(r, d), |r, c| value(r, c).map(i128::from), &mut budget)
                    .transpose()
                    .map(|p| p.map(|(a, b)| (d, a, b)))
            })
            .collect();
        // Balances between neighbouring count columns (each row's movements) or rows.
        let balanced = relations::balances(&col_vals, &mut budget).and_then(|c| Ok((c, relations::balances(&row_vals, &mut budget)?)));
        // A ratio of two count columns in each row (`Boys per 100 girls`, `Sex ratio`): scale × a / b
        // within its rounding (scale 1, 100 or 1,000), in two rows at least and every row that shows
        // both. It gives either count back from the other, so it goes wherever its row hides a count.
        let ratio = |c: usize, a: usize, b: usize, scale: f64, budget: &mut Budget| -> Result<bool, OutOfBudget> {
            let mut holds = 0;
            for &r in &counted {
                budget.spend(1)?;
                let (Some((v, step)), Some(x), Some(y)) = (decimal_at(r, c), value(r, a), value(r, b)) else { continue };
                // Printed in whole units a ratio is too coarse to tell (row numbers `1 2 3` are
                // near some ratio of two columns).
                if step >= 1.0 {
                    return Ok(false);
                }
                if y == 0 {
                    continue;
                }
                if (v - scale * x as f64 / y as f64).abs() > step / 2.0 + 1e-9 {
                    return Ok(false);
                }
                holds += usize::from(x > 0);
            }
            Ok(holds >= 2)
        };
        const MAX_RATIO_COUNTS: usize = 16;
        let ratios = |budget: &mut Budget| -> Result<Vec<usize>, OutOfBudget> {
            let mut found = Vec::new();
            if real_counts.len() > MAX_RATIO_COUNTS {
                return Ok(found);
            }
            for c in (0..width).filter(|&c| kinds[c] == ColKind::Other) {
                'col: for &a in &real_counts {
                    for &b in real_counts.iter().filter(|&&b| b != a) {
                        for scale in [1.0, 100.0, 1000.0] {
                            if ratio(c, a, b, scale, budget)? {
                                found.push(c);
                                break 'col;
                            }
                        }
                    }
                }
            }
            Ok(found)
        };
        let ratios = ratios(&mut budget);
        // A column of fractions proportional to the count column before it (each row's number k
        // times its count, within the number's rounding, one k for every row: the counts' shares
        // of a total the table does not show, `Lakeside | 4 | 0.3` of a region's 1,158, or a rate
        // over one population) gives each count back once any row tells k: it goes wherever its
        // count is hidden. Read from the numbers, for columns no name marks as percentages; three
        // rows with a non-zero number at least, a zero count's number zero.
        let proportional = |budget: &mut Budget| -> Result<Vec<(usize, usize)>, OutOfBudget> {
            let mut found = Vec::new();
            for c in (1..width).filter(|&c| kinds[c] == ColKind::Other && !ratios.as_ref().is_ok_and(|r| r.contains(&c))) {
                let Some(&a) = real_counts.iter().rev().find(|&&a| a < c) else { continue };
                let (mut lo, mut hi, mut told, mut fractions) = (0.0f64, f64::INFINITY, 0, false);
                let holds = 'rows: {
                    for &r in &counted {
                        budget.spend(1)?;
                        let Some(x) = value(r, a) else { continue };
                        let Some((v, step)) = decimal_at(r, c) else {
                            // A negative number (a change) is no share.
                            if matches!(read_at(r, c), Read::Number(_)) {
                                break 'rows false;
                            }
                            continue;
                        };
                        let half = step / 2.0 + 1e-9;
                        fractions |= step < 1.0;
                        if x == 0 {
                            if v > half {
                                break 'rows false;
                            }
                            continue;
                        }
                        lo = lo.max((v - half).max(0.0) / x as f64);
                        hi = hi.min((v + half) / x as f64);
                        if lo > hi {
                            break 'rows false;
                        }
                        told += usize::from(v > half);
                    }
                    fractions && told >= 3 && lo > 0.0
                };
                if holds {
                    found.push((c, a));
                }
            }
            Ok(found)
        };
        let proportional = proportional(&mut budget);
        // Shares of a long table's groups (`region | tenure | N | share`, each share of its
        // region's total, which the table does not show): a visible count and its share give that
        // total, so in a group hiding a count every share goes.
        let group_shares = |budget: &mut Budget| -> Result<Vec<GroupShares>, OutOfBudget> {
            let mut found = Vec::new();
            let Some(&outer) = label_cols.first().filter(|_| label_cols.len() >= 2 && real_counts.len() <= MAX_RATIO_COUNTS) else {
                return Ok(found);
            };
            let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
            for &r in &counted {
                let key = plain(text(r, outer));
                match groups.last_mut() {
                    Some((k, rows)) if *k == key || key.is_empty() => rows.push(r),
                    _ => groups.push((key, vec![r])),
                }
            }
            if groups.len() < 2 || groups.iter().all(|g| g.1.len() < 2) {
                return Ok(found);
            }
            let of_group = |rows: &[usize], pc: usize, cc: usize| {
                let pairs: Option<Vec<(usize, f64, f64)>> = rows.iter().map(|&r| Some((r, pct_of(r, pc)?, value(r, cc)? as f64))).collect();
                pairs.is_some_and(|p| (p.iter().map(|x| x.1).sum::<f64>() - 100.0).abs() <= 1.5 && fits(&p, p.iter().map(|x| x.2).sum()))
            };
            for pc in (0..width).filter(|&pc| kinds[pc] == ColKind::Percent) {
                for &cc in &real_counts {
                    budget.spend(counted.len())?;
                    if groups.iter().all(|g| of_group(&g.1, pc, cc)) {
                        found.push((pc, groups.iter().map(|g| g.1.clone()).collect()));
                        break;
                    }
                }
            }
            Ok(found)
        };
        let group_shares = group_shares(&mut budget);
        let complete = ratios.is_ok()
            && proportional.is_ok()
            && group_shares.is_ok()
            && moving_complete
            && found_all
            && pivoted.is_ok()
            && cumulative.is_ok()
            && rolling.is_ok()
            && differences.is_ok()
            && weighted.is_ok()
            && balanced.is_ok();
        // A search that ran out spent all it was allowed.
        steps.spend(if complete { allowed - budget.0 } else { allowed } as u64);

        let mut candidates = Vec::new();
        let mut seen = HashSet::new();
        // Relations with a blank part (a pivot leaves zeros blank): kept only where the numbers
        // add up without it, as a reader reads them.
        let mut with_blanks = HashSet::new();
        let mut add = |total: Option<usize>, parts: Vec<Option<usize>>| {
            let Some(total) = total else { return };
            let blanks = parts.iter().any(Option::is_none);
            let mut parts: Vec<usize> = parts.into_iter().flatten().collect();
            parts.sort_unstable();
            let rel = Relation { parts, total };
            if rel.parts.is_empty() || rel.parts.contains(&total) || !seen.insert(rel.clone()) {
                return;
            }
            if blanks {
                with_blanks.insert(rel.clone());
            }
            candidates.push(rel);
        };
        for (t, parts) in &row_groups {
            for &c in &count_cols {
                add(at.get(vertical[*t], c), parts.iter().map(|&i| at.get(vertical[i], c)).collect());
            }
        }
        for (t, parts) in &col_groups {
            for &r in &counted {
                add(at.get(r, count_cols[*t]), parts.iter().map(|&j| at.get(r, count_cols[j])).collect());
            }
        }
        for (mean, parts) in &means {
            add(Some(*mean), parts.iter().map(|&i| Some(i)).collect());
        }
        for (mean, f, window) in &moving_sums {
            add(Some(*mean), window.iter().map(|&r| at.get(r, *f)).collect());
        }
        let (rolling, rolling_bounds) = rolling.unwrap_or_default();
        for (t, parts) in pivoted.unwrap_or_default().into_iter().chain(cumulative.unwrap_or_default()).chain(rolling).chain(weighted.unwrap_or_default()) {
            add(t, parts);
        }
        candidates.retain(|rel| {
            !with_blanks.contains(rel)
                || (rel.total < known
                    && rel.parts.iter().all(|&i| i < known)
                    && rel.parts.iter().map(|&i| cells[i].value).sum::<u64>() == cells[rel.total].value)
        });
        fill_unknown(&mut cells, &unknown, &candidates);
        let (col_balances, row_balances) = balanced.unwrap_or_default();
        let mut balances = Vec::new();
        let mut balance = |sides: [Vec<Option<usize>>; 2]| {
            let [left, right]: [Option<Vec<usize>>; 2] = sides.map(|s| s.into_iter().map(|i| i.filter(|&i| i < known)).collect());
            if let (Some(left), Some(right)) = (left, right) {
                let sum = |s: &[usize]| s.iter().map(|&i| cells[i].value).sum::<u64>();
                if sum(&left) == sum(&right) {
                    balances.push((left, right));
                }
            }
        };
        for (left, right) in &col_balances {
            for &r in &vertical {
                balance([left, right].map(|side| side.iter().map(|&j| at.get(r, count_cols[j])).collect()));
            }
        }
        for (left, right) in &row_balances {
            for &c in &count_cols {
                balance([left, right].map(|side| side.iter().map(|&t| at.get(vertical[t], c)).collect()));
            }
        }
        let (mut relations, mut broken): (Vec<Relation>, Vec<Relation>) =
            candidates.into_iter().partition(|rel| rel.parts.iter().map(|&i| cells[i].value).sum::<u64>() == cells[rel.total].value);
        // Every marker is hidden, whatever the protection decides.
        let masked = unknown;
        // A labelled total that does not add up over its labelled parts but does over others
        // is understood: its labels were wrong, not its numbers.
        let totals: HashSet<usize> = relations.iter().map(|r| r.total).collect();
        broken.retain(|r| !totals.contains(&r.total));
        for rel in relations.iter().chain(&broken) {
            cells[rel.total].margin = true;
        }
        bounded.extend(
            moving_bounds
                .iter()
                .filter_map(|(mean, f, window)| Some((window.iter().map(|&r| at.get(r, *f).filter(|&i| i < known)).collect::<Option<Vec<_>>>()?, *mean))),
        );
        bounded.extend(rolling_bounds.into_iter().filter(|(parts, whole)| *whole < known && parts.iter().all(|&i| i < known)));
        // A base row bounds each of its options (the rows over it that are no totals) together
        // with the answer that rules the others out (`None of these`), where no option exceeds it
        // (an index's later periods may: they are no options of the base).
        for &(_, base, b) in &base_rows {
            let Some(whole) = at.get(base, b).filter(|&i| i < known) else { continue };
            let options: Vec<usize> = counted.iter().filter(|&&r| r != base).filter_map(|&r| at.get(r, b)).filter(|&i| i < known && !cells[i].margin).collect();
            if options.iter().any(|&i| cells[i].value > cells[whole].value) {
                continue;
            }
            let none = options.iter().copied().find(|&i| label_cols.iter().any(|&c| NONE_ANSWER.is_match(plain(text(cells[i].row, c)))));
            for &i in options.iter().filter(|&&i| Some(i) != none) {
                bounded.push((none.into_iter().chain([i]).collect(), whole));
            }
        }
        // Differences tie their two columns row by row; they are no totals of anything.
        let mut derived = Vec::new();
        for (d, a, b) in differences.unwrap_or_default() {
            for &r in &counted {
                let (Some(change), Some(ia), Some(ib)) = (integer(r, d), at.get(r, a).filter(|&i| i < known), at.get(r, b).filter(|&i| i < known)) else {
                    continue;
                };
                let i = cells.len();
                at.slots[r * width + d] = i;
                cells.push(Cell { row: r, col: d, value: change.unsigned_abs() as u64, margin: false });
                // Where it rose, the first plus the change is the second; where it fell, the second
                // plus the fall is the first.
                let (from, to) = if change >= 0 { (ia, ib) } else { (ib, ia) };
                relations.push(Relation { parts: vec![from, i], total: to });
            }
            derived.push(d);
        }
        // A signed column that is the difference of no two columns of its table is one of a table
        // of changes whose counts stand elsewhere (the two years' tables before it, which the
        // small-cell rule links to it): its cells are the changes' sizes, the falls listed apart.
        let changes: Vec<usize> = signed.into_iter().filter(|c| !derived.contains(c)).collect();
        let mut falls = Vec::new();
        for &c in &changes {
            for &r in &body {
                let Some(v) = integer(r, c) else { continue };
                at.slots[r * width + c] = cells.len();
                if v < 0 {
                    falls.push(cells.len());
                }
                cells.push(Cell { row: r, col: c, value: v.unsigned_abs() as u64, margin: false });
            }
            derived.push(c);
        }
        // Signed rows (net lines, adjustments) under columns of counts: their cells are the
        // changes' sizes, no counts; a net line ties the two rows it is the difference of.
        let stock_cols: Vec<usize> = count_cols.iter().copied().filter(|c| !implied_cols.iter().any(|i| i.0 == *c)).collect();
        for &r in &signed_rows.rows {
            for &c in &stock_cols {
                let Some(v) = integer(r, c) else { continue };
                at.slots[r * width + c] = cells.len();
                cells.push(Cell { row: r, col: c, value: v.unsigned_abs() as u64, margin: false });
            }
        }
        for &(d, a, b) in &signed_rows.nets {
            for &c in &stock_cols {
                let (Some(i), Some(ia), Some(ib), Some(change)) =
                    (at.get(d, c), at.get(a, c).filter(|&i| i < known), at.get(b, c).filter(|&i| i < known), integer(d, c))
                else {
                    continue;
                };
                if i128::from(cells[ia].value) - i128::from(cells[ib].value) != change {
                    continue;
                }
                // d = a - b: where it rose a is b and the rise, where it fell b is a and the fall.
                let (from, to) = if change >= 0 { (ib, ia) } else { (ia, ib) };
                relations.push(Relation { parts: vec![from, i], total: to });
            }
        }
        let known_value = |r: usize, c: usize| at.get(r, c).filter(|&i| i < known).map(|i| cells[i].value);
        // Signed cells in one identity (`sum(coef * value) = 0`): a balance, each cell on the
        // side its coefficient and its sign put it.
        let signed_value = |i: usize| if i < known { Some(i128::from(cells[i].value)) } else { integer(cells[i].row, cells[i].col) };
        let signed_balance = |terms: &[(Option<usize>, i8)], balances: &mut Vec<relations::Balance>| {
            let (mut left, mut right, mut sum) = (Vec::new(), Vec::new(), 0i128);
            for &(i, coef) in terms.iter().filter(|t| t.1 != 0) {
                let Some((i, v)) = i.and_then(|i| Some((i, signed_value(i)?))) else { return };
                sum += i128::from(coef) * v;
                if (coef > 0) == (v >= 0) { left.push(i) } else { right.push(i) }
            }
            if sum == 0 && !left.is_empty() && !right.is_empty() {
                balances.push((left, right));
            }
        };
        // A stock's identity down the rows (a stock per column: start, flows, nets, end), and
        // across the columns (a stock per row), with each year's end the next one's start.
        if let Some((lines, coef)) = &signed_rows.stock {
            for &c in &stock_cols {
                let terms: Vec<(Option<usize>, i8)> = lines.iter().zip(coef).map(|(&r, &k)| (at.get(r, c), k)).collect();
                signed_balance(&terms, &mut balances);
            }
            let (first, last) = (lines[0], lines[lines.len() - 1]);
            let carried = stock_cols.windows(2).all(|w| known_value(last, w[0]).is_some() && known_value(last, w[0]) == known_value(first, w[1]));
            if carried && stock_cols.len() >= 2 {
                for w in stock_cols.windows(2) {
                    if let (Some(end), Some(start)) = (at.get(last, w[0]), at.get(first, w[1])) {
                        relations.push(Relation { parts: vec![end], total: start });
                    }
                }
            }
        }
        let mut stock_budget = Budget(STOCK_STEPS);
        let mut across: Vec<usize> = stock_cols.iter().chain(&derived).copied().collect();
        across.sort_unstable();
        across.dedup();
        let is_signed_col: Vec<bool> = across.iter().map(|c| derived.contains(c)).collect();
        let lines: Vec<Vec<Option<i128>>> = across
            .iter()
            .map(|&c| {
                vertical
                    .iter()
                    .map(|&r| at.get(r, c).and_then(|_| if derived.contains(&c) { integer(r, c) } else { known_value(r, c).map(i128::from) }))
                    .collect()
            })
            .collect();
        if let Ok(Some(coef)) = relations::stock_identity(&lines, &is_signed_col, &mut stock_budget) {
            for &r in &vertical {
                let terms: Vec<(Option<usize>, i8)> = across.iter().zip(&coef).map(|(&c, &k)| (at.get(r, c), k)).collect();
                signed_balance(&terms, &mut balances);
            }
        }
        steps.spend((STOCK_STEPS - stock_budget.0) as u64);
        // A signed line's cells add up like the counts beside them: a total row (or column) of
        // nets is the sum of the nets above it, as signed numbers.
        for &d in &derived {
            for (t, parts) in &row_groups {
                let terms: Vec<(Option<usize>, i8)> = parts.iter().map(|&p| (at.get(vertical[p], d), 1)).chain([(at.get(vertical[*t], d), -1)]).collect();
                signed_balance(&terms, &mut balances);
            }
        }
        for &r in &signed_rows.rows {
            for (t, parts) in &col_groups {
                let terms: Vec<(Option<usize>, i8)> = parts.iter().map(|&p| (at.get(r, count_cols[p]), 1)).chain([(at.get(r, count_cols[*t]), -1)]).collect();
                signed_balance(&terms, &mut balances);
            }
        }

        // A row's size written inside its label (`North (n=45)`, `South [n=74]`, `East (133)`): a
        // count cell in the label's place, the total of the row's counts (or a copy of its Total
        // column's). Read so only where it adds up in two rows at least and in most rows.
        let mut sized_label = None;
        for &lc in &label_cols {
            let sizes: Vec<(usize, u64)> = counted.iter().filter_map(|&r| Some((r, label_size(plain(text(r, lc)))?))).collect();
            let parts_of = |r: usize, n: u64| -> Option<Vec<usize>> {
                let row: Vec<usize> = count_cols.iter().filter_map(|&c| at.get(r, c)).collect();
                if row.iter().any(|&i| i >= known) {
                    return None;
                }
                if row.iter().map(|&i| cells[i].value).sum::<u64>() == n {
                    return Some(row);
                }
                row.iter().find(|&&i| cells[i].value == n && cells[i].margin).map(|&i| vec![i])
            };
            let adding: Vec<(usize, u64, Option<Vec<usize>>)> = sizes.iter().map(|&(r, n)| (r, n, parts_of(r, n))).collect();
            let holds = adding.iter().filter(|(_, _, p)| p.is_some()).count();
            if holds < 2 || holds * 3 < adding.len() * 2 {
                continue;
            }
            for (r, n, parts) in adding {
                let i = cells.len();
                at.slots[r * width + lc] = i;
                cells.push(Cell { row: r, col: lc, value: n, margin: parts.is_some() });
                if let Some(parts) = parts {
                    relations.push(Relation { parts, total: i });
                }
            }
            sized_label = Some(lc);
            break;
        }

        // A column's size written in its header (`Intervention (N=157)`, a study's Table 1): the
        // total of each group of rows that partitions it (the levels of one characteristic:
        // `Sex: Female`, `Sex: Male` under one name before a colon, under an outer label, or under
        // a heading row). A count cell in the header's place; read so only where two groups at
        // least add up to it.
        let mut sized_headers: Vec<usize> = Vec::new();
        let header_sizes: Vec<(usize, usize, u64)> =
            real_counts.iter().filter_map(|&c| (0..header_rows).find_map(|h| Some((c, h, label_size(plain(text(h, c)))?)))).collect();
        if let (Some(&lc), false) = (label_cols.first(), header_sizes.is_empty()) {
            // The rows in groups, in one pass: a run of one name before a colon, of one outer
            // label (a blank one continuing it), or under one heading row.
            let mut is_counted = vec![false; rows.len()];
            for &r in &counted {
                is_counted[r] = true;
            }
            let mut heading: Option<&str> = None;
            let mut groups: Vec<(Option<&str>, Vec<usize>)> = Vec::new();
            for &r in &body {
                let t = plain(text(r, lc));
                if !is_counted[r] {
                    heading = Some(t).filter(|t| !t.is_empty());
                    continue;
                }
                let key = if label_cols.len() >= 2 {
                    Some(t).filter(|t| !t.is_empty()).or_else(|| groups.last().and_then(|g| g.0))
                } else {
                    t.split_once(':').map(|(name, _)| name.trim()).or(heading)
                };
                match groups.last_mut() {
                    Some((k, rows)) if key.is_some() && *k == key => rows.push(r),
                    _ => groups.push((key, vec![r])),
                }
            }
            for (c, h, n) in header_sizes {
                let adding: Vec<Vec<usize>> = groups
                    .iter()
                    .filter(|(key, rows)| key.is_some() && rows.len() >= 2)
                    .filter_map(|(_, rows)| {
                        let parts: Vec<usize> = rows.iter().map(|&r| at.get(r, c).filter(|&i| i < known)).collect::<Option<_>>()?;
                        (parts.iter().map(|&i| cells[i].value).sum::<u64>() == n).then_some(parts)
                    })
                    .collect();
                if adding.len() < 2 {
                    continue;
                }
                let i = cells.len();
                at.slots[h * width + c] = i;
                cells.push(Cell { row: h, col: c, value: n, margin: true });
                relations.extend(adding.into_iter().map(|parts| Relation { parts, total: i }));
                sized_headers.push(c);
            }
        }

        let mut percent_cols: Vec<(usize, Option<usize>)> = (0..width)
            .filter(|&c| kinds[c] == ColKind::Percent && !implied_cols.iter().any(|i| i.0 == c))
            .map(|c| (c, named(c).or_else(|| shares_of.iter().find(|s| s.0 == c).map(|s| s.1))))
            .collect();
        percent_cols.extend(ratios.unwrap_or_default().into_iter().map(|c| (c, None)));
        percent_cols.extend(proportional.unwrap_or_default().into_iter().map(|(c, a)| (c, Some(a))));
        let group_shares = group_shares.unwrap_or_default();
        let running = running_shares((0..width).filter(|&c| kinds[c] == ColKind::Percent), &body, pct_of);
        let implied = implied_cols;
        let mut row_labels = vec![String::new(); rows.len()];
        let mut row_keys = vec![Vec::new(); rows.len()];
        for &r in &body {
            // A label's size is no part of its name (and may be hidden).
            let name = |c: usize| {
                let t = plain(text(r, c));
                if sized_label == Some(c) { without_size(t) } else { t }.to_string()
            };
            row_keys[r] = label_cols.iter().filter(|&&c| kinds[c] == ColKind::Label).map(|&c| name(c)).collect();
            row_labels[r] = row_keys[r].iter().filter(|s| !s.is_empty()).cloned().collect::<Vec<_>>().join(" / ");
        }
        // A column's size is no part of its name either.
        let col_names = (0..width)
            .map(|c| {
                let name = header_name(c);
                if sized_headers.contains(&c) { without_size(&name).to_string() } else { name }
            })
            .collect();
        Some(Layout {
            header_rows,
            kinds,
            cells,
            relations,
            broken,
            percent_cols,
            group_shares,
            share_bases: base_rows.iter().map(|&(c, r, _)| (c, r)).collect(),
            bands: band_rows,
            running,
            implied,
            complete,
            bounded,
            balances,
            row_labels,
            row_keys,
            col_names,
            masked,
            derived,
            derived_rows: signed_rows.rows,
            changes,
            falls,
            at,
        })
    }
}

/// A cell's whole number with its sign (`-23`, `+3`, `12.0`), if it holds one.
fn whole_number(read: Read) -> Option<i128> {
    match read {
        Read::Number(Num::Count(v)) => Some(i128::from(v)),
        Read::Number(Num::Decimal { value, .. }) if value.fract() == 0.0 && value.abs() < 1e15 => Some(value as i128),
        _ => None,
    }
}

/// Rows of signed numbers among rows of counts (a stock's movements with the stocks as columns:
/// `Births | Deaths | Natural change`, an adjustment): `rows`, read so only where the numbers
/// show what they are, a row the difference of two rows of counts in every column (`nets`:
/// `(net, a, b)`, net = a - b) or a stock's identity down the rows (`stock`: the rows in order,
/// each with its coefficient, [`relations::stock_identity`]).
#[derive(Default)]
struct SignedRows {
    rows: Vec<usize>,
    nets: Vec<(usize, usize, usize)>,
    stock: Option<(Vec<usize>, Vec<i8>)>,
}

/// Most rows and columns the search for signed rows reads: a stock's movements are a few lines.
const SIGNED_ROWS_MAX: usize = 24;

/// The signed rows of a table ([`SignedRows`]): rejected at once when no row holds a negative
/// whole number beside whole numbers only, and when most rows do. Its searches are charged to the
/// call's `steps`.
fn signed_rows(body: &[usize], mean_rows: &[usize], width: usize, read_at: impl Fn(usize, usize) -> Read, steps: &Steps) -> SignedRows {
    let none = SignedRows::default();
    let lines: Vec<usize> = body.iter().copied().filter(|r| !mean_rows.contains(r)).collect();
    if !(3..=SIGNED_ROWS_MAX + 1).contains(&width) || !(4..=SIGNED_ROWS_MAX).contains(&lines.len()) {
        return none;
    }
    let whole = |r: usize, c: usize| whole_number(read_at(r, c));
    let signed: Vec<usize> = lines
        .iter()
        .copied()
        .filter(|&r| {
            let mut negative = false;
            let numbers = (1..width).all(|c| read_at(r, c) == Read::Missing || whole(r, c).inspect(|&v| negative |= v < 0).is_some());
            numbers && negative
        })
        .collect();
    if signed.is_empty() || 2 * signed.len() >= lines.len() {
        return none;
    }
    let counts: Vec<usize> = lines.iter().copied().filter(|r| !signed.contains(r)).collect();
    let cols: Vec<usize> = (1..width)
        .filter(|&c| counts.iter().all(|&r| matches!(read_at(r, c), Read::Number(Num::Count(_)))) && signed.iter().all(|&r| whole(r, c).is_some()))
        .collect();
    if cols.len() < 2 {
        return none;
    }
    let mut nets = Vec::new();
    let mut pairs_tried = 0u64;
    for &d in &signed {
        'pairs: for &a in &counts {
            for &b in counts.iter().filter(|&&b| b != a) {
                pairs_tried += 1;
                if cols.iter().all(|&c| matches!((whole(a, c), whole(b, c), whole(d, c)), (Some(x), Some(y), Some(z)) if x - y == z)) {
                    nets.push((d, a, b));
                    break 'pairs;
                }
            }
        }
    }
    let values: Vec<Vec<Option<i128>>> = lines.iter().map(|&r| cols.iter().map(|&c| whole(r, c)).collect()).collect();
    let is_signed: Vec<bool> = lines.iter().map(|r| signed.contains(r)).collect();
    let mut stock_budget = Budget(STOCK_STEPS);
    let stock = relations::stock_identity(&values, &is_signed, &mut stock_budget).ok().flatten().map(|coef| (lines, coef));
    // Past the call's steps the table is not understood: no signed rows, their columns no counts.
    if !steps.spend(pairs_tried * cols.len() as u64 + (STOCK_STEPS - stock_budget.0) as u64) || (nets.is_empty() && stock.is_none()) {
        return none;
    }
    SignedRows { rows: signed, nets, stock }
}

/// The two count columns `(a, b)` whose difference `b - a` is `change(r)` in every row of `rows`
/// that shows all three (at least two rows, and not every change zero), if any: a change column
/// (`2022 | 2023 | Change`). `change` and `value` give a row's signed numbers.
fn difference_of(
    rows: &[usize],
    count_cols: &[usize],
    change: impl Fn(usize) -> Option<i128>,
    value: impl Fn(usize, usize) -> Option<i128>,
    budget: &mut Budget,
) -> Result<Option<(usize, usize)>, OutOfBudget> {
    let changes: Vec<(usize, i128)> = rows.iter().filter_map(|&r| Some((r, change(r)?))).collect();
    if changes.len() < 2 || changes.iter().all(|&(_, v)| v == 0) {
        return Ok(None);
    }
    for &a in count_cols {
        for &b in count_cols.iter().filter(|&&b| b != a) {
            budget.spend(changes.len())?;
            let mut shown = 0;
            let holds = changes.iter().all(|&(r, v)| match (value(r, a), value(r, b)) {
                (Some(x), Some(y)) => {
                    shown += 1;
                    y - x == v
                }
                _ => true,
            });
            if holds && shown >= 2 {
                return Ok(Some((a, b)));
            }
        }
    }
    Ok(None)
}

/// Relations of a long table found in the cross-tab it stands for: `keys(r)` are a row's two
/// labels, `cell(r)` its count cell. Each relation as (total, parts) over count cells.
#[allow(clippy::type_complexity)]
fn pivot_relations<'a>(
    rows: &[usize],
    keys: impl Fn(usize) -> (&'a str, &'a str),
    cell: impl Fn(usize) -> Option<usize>,
    value: impl Fn(usize) -> Option<u64>,
    budget: &mut Budget,
) -> Result<Found, relations::OutOfBudget> {
    let (mut k0, mut k1): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
    let mut at: std::collections::HashMap<(usize, usize), usize> = std::collections::HashMap::new();
    // The last outer label written: a blank outer label beside an inner one repeats it (a
    // sparsified listing) unless that pair was listed already (then the blank is a label of
    // its own: a rollup's row for every outer label).
    let mut outer = None;
    for &r in rows {
        let (mut a, b) = keys(r);
        if !a.is_empty() {
            outer = Some(a);
        } else if let Some(o) = outer.filter(|_| !b.is_empty()) {
            let listed = k0.iter().position(|x| *x == o).zip(k1.iter().position(|x| *x == b)).is_some_and(|ij| at.contains_key(&ij));
            if !listed {
                a = o;
            }
        }
        let i = k0.iter().position(|x| *x == a).unwrap_or_else(|| {
            k0.push(a);
            k0.len() - 1
        });
        let j = k1.iter().position(|x| *x == b).unwrap_or_else(|| {
            k1.push(b);
            k1.len() - 1
        });
        if let Some(c) = cell(r) {
            at.entry((i, j)).or_insert(c);
        }
    }
    if k0.len() < 2 || k1.len() < 2 {
        return Ok(Vec::new());
    }
    let get = |i: usize, j: usize| at.get(&(i, j)).copied();
    let vals: Vec<Vec<Option<u64>>> = (0..k0.len()).map(|i| (0..k1.len()).map(|j| get(i, j).and_then(&value)).collect()).collect();
    let cols: Vec<Vec<Option<u64>>> = (0..k1.len()).map(|j| vals.iter().map(|r| r[j]).collect()).collect();
    let mut out = Vec::new();
    for (t, parts) in relations::arithmetic(&vals, &[], budget)? {
        for j in 0..k1.len() {
            out.push((get(t, j), parts.iter().map(|&p| get(p, j)).collect()));
        }
    }
    for (t, parts) in relations::arithmetic(&cols, &[], budget)? {
        for i in 0..k0.len() {
            out.push((get(i, t), parts.iter().map(|&p| get(i, p)).collect()));
        }
    }
    Ok(out)
}

/// The percentage columns (`cols`, whether read as shares or as counts) that are running
/// shares: over the body rows that hold one, at least three distinct values, never falling (or
/// never rising), from or to 100 (within a rounding). A column of shares sorted by size that
/// ends in its total's 100 is read as one too: hiding more of it costs only detail.
fn running_shares(cols: impl Iterator<Item = usize>, body: &[usize], pct_of: impl Fn(usize, usize) -> Option<f64>) -> Vec<usize> {
    cols.filter(|&c| {
        let v: Vec<f64> = body.iter().filter_map(|&r| pct_of(r, c)).collect();
        let distinct = v.windows(2).filter(|w| w[0] != w[1]).count() + 1;
        let near_100 = |x: Option<&f64>| x.is_some_and(|x| (x - 100.0).abs() <= 0.6);
        let rising = v.windows(2).all(|w| w[0] <= w[1]) && near_100(v.last());
        let falling = v.windows(2).all(|w| w[0] >= w[1]) && near_100(v.first());
        v.len() >= 3 && distinct >= 3 && (rising || falling)
    })
    .collect()
}

/// Drop-offs: a count column `f` beside `c` where each row's `f` is the row before's `c` less its
/// own (`Drop-off` beside a funnel's or a cascade's `People`: 1081 submitted, 5 eligible, 1076
/// dropped). Each relation as (total, parts): `c[r - 1] = c[r] + f[r]`. It must hold at two rows
/// at least, with a drop somewhere, and fail at none where all three counts are shown.
#[allow(clippy::type_complexity)]
fn decrement_relations(
    rows: &[usize],
    count_cols: &[usize],
    cell: impl Fn(usize, usize) -> Option<usize>,
    value: impl Fn(usize, usize) -> Option<u64>,
    budget: &mut Budget,
) -> Result<Found, relations::OutOfBudget> {
    const MIN_HOLDS: usize = 2;
    let mut out = Vec::new();
    if rows.len() <= MIN_HOLDS {
        return Ok(out);
    }
    for &f in count_cols {
        for &c in count_cols.iter().filter(|&&c| c != f) {
            budget.spend(rows.len())?;
            let mut holds = Vec::new();
            let mut dropped = false;
            let broken = rows.windows(2).any(|w| match (value(w[0], c), value(w[1], c), value(w[1], f)) {
                (Some(before), Some(now), Some(drop)) => {
                    let equal = now.checked_add(drop) == Some(before);
                    if equal {
                        holds.push((w[0], w[1]));
                        dropped |= drop > 0;
                    }
                    !equal
                }
                _ => false,
            });
            if broken || holds.len() < MIN_HOLDS || !dropped {
                continue;
            }
            out.extend(holds.into_iter().map(|(before, now)| (cell(before, c), vec![cell(now, c), cell(now, f)])));
        }
    }
    Ok(out)
}

/// Running totals: a count column `c` that starts at another column `f`'s first value and adds
/// `f`'s value at each row after (`Freq.` and `Cum.` of Stata's `tab`, SAS `PROC FREQ`), from
/// the top or from the bottom, over every row but trailing ones past the run (a Total row).
/// Each relation as (total, parts): `c[0] = f[0]`, `c[r] = c[r - 1] + f[r]`. Fewer than three
/// rows in a run, or a run `f` adds nothing to, tell nothing.
#[allow(clippy::type_complexity)]
fn cumulative_relations(
    rows: &[usize],
    count_cols: &[usize],
    cell: impl Fn(usize, usize) -> Option<usize>,
    value: impl Fn(usize, usize) -> Option<u64>,
    budget: &mut Budget,
) -> Result<Found, relations::OutOfBudget> {
    const MIN_RUN: usize = 3;
    let mut out = Vec::new();
    if rows.len() < MIN_RUN {
        return Ok(out);
    }
    let down: Vec<usize> = rows.to_vec();
    let up: Vec<usize> = rows.iter().rev().copied().collect();
    for &f in count_cols {
        for &c in count_cols.iter().filter(|&&c| c != f) {
            for order in [&down, &up] {
                budget.spend(order.len())?;
                let run = order
                    .iter()
                    .enumerate()
                    .take_while(|&(k, &r)| match (value(r, c), value(r, f)) {
                        (Some(cv), Some(fv)) if k == 0 => cv == fv,
                        (Some(cv), fv) if k > 0 && (fv.is_some() || cell(r, f).is_none()) => {
                            // A blank count (`West` in a pivot) adds nothing.
                            value(order[k - 1], c).is_some_and(|prev| prev.checked_add(fv.unwrap_or(0)) == Some(cv))
                        }
                        _ => false,
                    })
                    .count();
                let adds = order[1..run.max(1)].iter().any(|&r| value(r, f).is_some_and(|v| v > 0));
                if run < MIN_RUN || !adds {
                    continue;
                }
                out.push((cell(order[0], c), vec![cell(order[0], f)]));
                for k in 1..run {
                    let parts = match cell(order[k], f) {
                        Some(fk) => vec![cell(order[k - 1], c), Some(fk)],
                        None => vec![cell(order[k - 1], c)],
                    };
                    out.push((cell(order[k], c), parts));
                }
            }
        }
    }
    Ok(out)
}

/// What a rolling sum ties together: exact windows as (total, parts), and the first rows' sums
/// over windows reaching back before the table as (parts, whole) bounds.
type Rolling = (Found, Vec<(Vec<usize>, usize)>);

/// The size written inside a label (`North (n=45)`, `Control (N=33)`), if any.
fn label_size(s: &str) -> Option<u64> {
    let (_, a, b) = numbers::count_in_label(s)?;
    s[a..b].replace(',', "").parse().ok()
}

/// A label without the size written inside it.
fn without_size(s: &str) -> &str {
    numbers::count_in_label(s).map_or(s, |(name_end, ..)| &s[..name_end])
}

/// Relations an inference found, as `(total, parts)` cells (`None` where the table shows none).
type Found = Vec<(Option<usize>, Vec<Option<usize>>)>;

/// The widest window of a rolling sum or a moving average looked for.
const MAX_WINDOW: usize = 12;
/// Series side by side are few (a count and its rolling sum per area) and periods a few hundred
/// at most: a bigger table is of another kind, and every pair of its lines would be looked at
/// along all of it (zeros agree with any window) — within the table's budget.
const MAX_SERIES: usize = 16;
const MAX_PERIODS: usize = 400;

/// The number a band of a table of counts of counts is labelled by (`0`, `3`, `2 visits`, `4
/// admissions`): a whole number below 1,000, alone or before words. `None` for an open band
/// (`5+`, `10 or more`), a range (`1-2`) or anything else.
fn band_number(label: &str) -> Option<u64> {
    const OPEN: &[&str] = &["or", "and", "more", "over", "above", "plus", "less", "under", "fewer", "to"];
    let label = label.trim().trim_matches(['\'', '"', '`']);
    let digits = label.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=3).contains(&digits) {
        return None;
    }
    let rest = &label[digits..];
    let words = rest.strip_prefix(' ').map(str::split_whitespace);
    let plain_words =
        |mut w: std::str::SplitWhitespace| w.all(|w| w.bytes().all(|b| b.is_ascii_alphabetic()) && !OPEN.contains(&w.to_ascii_lowercase().as_str()));
    (rest.is_empty() || words.is_some_and(plain_words)).then(|| label[..digits].parse().ok()).flatten()
}

/// The bands of a table of counts of counts (people by how many visits each had: `1`, `2`, `3
/// visits`, ...): its lines numbered by [`band_number`] with their numbers, where three lines at
/// least are, all differently, one by 2 or more; else none.
fn bands(lines: &[usize], number: impl Fn(usize) -> Option<u64>) -> Vec<(usize, u64)> {
    let bands: Vec<(usize, u64)> = lines.iter().filter_map(|&l| Some((l, number(l)?))).collect();
    let mut numbers: Vec<u64> = bands.iter().map(|b| b.1).collect();
    numbers.sort_unstable();
    numbers.dedup();
    if bands.len() < 3 || numbers.len() < bands.len() || numbers.last().is_none_or(|&k| k < 2) {
        return Vec::new();
    }
    bands
}

/// Whether `bands` number every one of `lines` in order from 0 or 1 with no gap, totals and all:
/// an index column (`(index) | '0 admissions'`), not a table's bands, when another column has some.
fn is_index(lines: &[usize], bands: &[(usize, u64)]) -> bool {
    bands.len() == lines.len() && bands.first().is_some_and(|b| b.1 <= 1) && bands.windows(2).all(|w| w[1].1 == w[0].1 + 1)
}

/// Weighted sums over a table of counts of counts, where a band's count times its number is what
/// its people had (their visits):
/// - a line of sums: in each count line across, the sum over the bands of count times number
///   (`Visits (total)` under `Total people`), or of the counts alone (the people, wherever the
///   line stands: a `Dict` prints its keys in any order, the totals among the bands);
/// - a line beside the counts: each band's count times its number (`People | Visits`).
///
/// Each is a relation whose parts repeat (a band's count as many times as its number; a band of
/// zero is no part). A line of sums must hold in every line across that shows all its parts (one
/// at least, not all zero), a line beside in every band that shows both (two at least with a
/// count above zero and a number above one). `lines` are the table's lines in one direction,
/// `bands` those of them that are bands ([`bands`]), `across` its count lines in the other.
fn weighted_relations(
    lines: &[usize],
    bands: &[(usize, u64)],
    across: &[usize],
    cell: impl Fn(usize, usize) -> Option<usize>,
    value: impl Fn(usize, usize) -> Option<u64>,
    budget: &mut Budget,
) -> Result<Found, relations::OutOfBudget> {
    let mut found = Vec::new();
    if bands.is_empty() || across.len() > MAX_SERIES {
        return Ok(found);
    }
    for weighted in [true, false] {
        let weight = |k: u64| if weighted { k } else { 1 };
        for &t in lines.iter().filter(|&&t| !bands.iter().any(|b| b.0 == t)) {
            let mut holds = false;
            for &a in across {
                budget.spend(bands.len())?;
                let sum: Option<u64> = bands.iter().map(|&(l, k)| value(l, a).map(|v| v * weight(k))).sum();
                match (sum, value(t, a)) {
                    (Some(s), Some(v)) if s == v => holds |= s > 0,
                    (Some(_), Some(_)) => {
                        holds = false;
                        break;
                    }
                    _ => {}
                }
            }
            if holds {
                let parts = |a: usize| bands.iter().flat_map(|&(l, k)| std::iter::repeat_n(cell(l, a), weight(k) as usize)).collect();
                found.extend(across.iter().map(|&a| (cell(t, a), parts(a))));
            }
        }
    }
    // A line beside the counts.
    for &b in across {
        for &a in across.iter().filter(|&&a| a != b) {
            budget.spend(bands.len())?;
            let mut telling = 0;
            let all = bands.iter().all(|&(l, k)| match (value(l, a), value(l, b)) {
                (Some(x), Some(y)) => {
                    telling += usize::from(x > 0 && k > 1);
                    x * k == y
                }
                _ => true,
            });
            if all && telling >= 2 {
                found.extend(bands.iter().filter(|b| b.1 > 0).map(|&(l, k)| (cell(l, b), std::iter::repeat_n(cell(l, a), k as usize).collect())));
                break;
            }
        }
    }
    Ok(found)
}

/// Sums of a line's first k entries, k from 0 (`None` past an unknown one).
fn prefix_sums(order: &[usize], value: impl Fn(usize) -> Option<u64>) -> Vec<Option<u64>> {
    let mut prefix = vec![Some(0)];
    for &r in order {
        let last = *prefix.last().expect("starts with 0");
        prefix.push(last.zip(value(r)).map(|(a, b)| a + b));
    }
    prefix
}

/// Rolling sums: a count line `c` beside another `f` where each entry is the sum of `f` over the
/// last `w` entries up to its own (`Count | Last 3 months`, `North | North 4-week total`), down
/// the lines or up them, `w` from 2 to 12. The first `w - 1` sums reach back before
/// the table (or are blank): each is at least what the table shows of its window. The exact
/// windows must hold at three entries at least (two when the table ends there) where the window
/// adds an earlier entry to the current one, and fail at none before the run ends (a Total
/// after it).
fn rolling_relations(
    lines: &[usize],
    counts: &[usize],
    cell: impl Fn(usize, usize) -> Option<usize>,
    value: impl Fn(usize, usize) -> Option<u64>,
    budget: &mut Budget,
) -> Result<Rolling, relations::OutOfBudget> {
    let (mut exact, mut bounds) = (Vec::new(), Vec::new());
    let n = lines.len();
    if !(3..=MAX_PERIODS).contains(&n) || counts.len() > MAX_SERIES {
        return Ok((exact, bounds));
    }
    let down: Vec<usize> = lines.to_vec();
    let up: Vec<usize> = lines.iter().rev().copied().collect();
    for &f in counts {
        for order in [&down, &up] {
            budget.spend(n)?;
            let prefix = prefix_sums(order, |r| value(r, f));
            let window = |from: usize, to: usize| prefix[to + 1].zip(prefix[from]).map(|(a, b)| a - b);
            for &c in counts.iter().filter(|&&c| c != f) {
                'width: for w in 2..=MAX_WINDOW.min(n - 1) {
                    let mut holds = 0;
                    let mut end = n;
                    for (k, &line) in order.iter().enumerate() {
                        // Each entry looked at is a step (most pairs part at their first windows).
                        budget.spend(1)?;
                        let cv = value(line, c);
                        if k + 1 < w {
                            if cv.zip(window(0, k)).is_some_and(|(cv, s)| cv < s) {
                                continue 'width;
                            }
                            continue;
                        }
                        match cv.zip(window(k + 1 - w, k)) {
                            // Evidence only where the window adds an earlier entry to this one
                            // (zeros agree with anything).
                            Some((cv, s)) if cv == s => holds += usize::from(value(line, f).is_some_and(|v| v < s)),
                            Some(_) => {
                                end = k;
                                break;
                            }
                            None => {}
                        }
                    }
                    let adds = (w - 1..end).any(|k| value(order[k], f).is_some_and(|v| v > 0));
                    if !adds || (holds < 3 && !(holds == 2 && end == n)) {
                        continue;
                    }
                    for k in 0..end {
                        let Some(total) = cell(order[k], c) else { continue };
                        if k + 1 < w {
                            if let Some(parts) = (0..=k).map(|j| cell(order[j], f)).collect::<Option<Vec<_>>>() {
                                bounds.push((parts, total));
                            }
                        } else {
                            exact.push((Some(total), (k + 1 - w..=k).map(|j| cell(order[j], f)).collect()));
                        }
                    }
                    break;
                }
            }
        }
    }
    Ok((exact, bounds))
}

/// A moving average's column `m` and the count column `f` it is taken over, with each of its
/// entries: its line, the sum it stands for, the lines of its window, and whether it is exact
/// (`false`: a first entry, reaching before the table, at least its window's sum shown).
type MovingMean = (usize, usize, Vec<(usize, u64, Vec<usize>, bool)>);

/// Moving averages: a column `m` of means beside a count column `f` where each entry times `w` is
/// the sum of `f` over the last `w` entries up to its own, down the lines or up them, `w` from 2
/// to 12. Only where the mean's rounding pins that sum to one whole number (`w` half-steps under
/// one half: `46.5` over 4 weeks, not `46` over 4): the mean then tells that sum exactly, and
/// stands for it. Evidence as for [`rolling_relations`]: three windows at least (two where the
/// table ends) that add an earlier entry to the current one, none failing before the run ends;
/// the first `w - 1` means reach before the table and are at least what it shows of them.
fn rolling_means(
    lines: &[usize],
    counts: &[usize],
    means: &[usize],
    mean_at: impl Fn(usize, usize) -> Option<(f64, f64)>,
    value: impl Fn(usize, usize) -> Option<u64>,
    budget: &mut Budget,
) -> Result<Vec<MovingMean>, relations::OutOfBudget> {
    let mut found = Vec::new();
    let n = lines.len();
    if !(3..=MAX_PERIODS).contains(&n) || counts.len() > MAX_SERIES || means.len() > MAX_SERIES {
        return Ok(found);
    }
    // The sum a mean of `w` entries pins, if its rounding is fine enough.
    let pinned = |v: f64, step: f64, w: usize| {
        let tol = w as f64 * 0.5 * step + 1e-9;
        (tol < 0.5).then(|| (w as f64 * v).round()).filter(|s| (0.0..1e15).contains(s)).map(|s| s as u64)
    };
    let down: Vec<usize> = lines.to_vec();
    let up: Vec<usize> = lines.iter().rev().copied().collect();
    'mean: for &m in means {
        for &f in counts {
            for order in [&down, &up] {
                budget.spend(n)?;
                let prefix = prefix_sums(order, |r| value(r, f));
                let window = |from: usize, to: usize| prefix[to + 1].zip(prefix[from]).map(|(a, b)| a - b);
                'width: for w in 2..=MAX_WINDOW.min(n - 1) {
                    let (mut holds, mut end) = (0, n);
                    let mut entries = Vec::new();
                    for (k, &line) in order.iter().enumerate() {
                        budget.spend(1)?;
                        let Some((v, step)) = mean_at(line, m) else { continue };
                        let Some(sum) = pinned(v, step, w) else { continue 'width };
                        let first = k + 1 < w;
                        let shown = window(if first { 0 } else { k + 1 - w }, k);
                        match shown {
                            Some(s) if first && sum < s => continue 'width,
                            Some(s) if !first && sum != s => {
                                end = k;
                                break;
                            }
                            Some(s) if !first => holds += usize::from(value(line, f).is_some_and(|v| v < s)),
                            _ => {}
                        }
                        let from = if first { 0 } else { k + 1 - w };
                        entries.push((line, sum, order[from..=k].to_vec(), !first));
                    }
                    let adds = (w - 1..end).any(|k| value(order[k], f).is_some_and(|v| v > 0));
                    if !adds || (holds < 3 && !(holds == 2 && end == n)) {
                        continue;
                    }
                    found.push((m, f, entries));
                    continue 'mean;
                }
            }
        }
    }
    Ok(found)
}

/// The values of the cells of unknown value (suppression markers, empty cells), worked out as a
/// reader would: a relation with one unknown cell gives it (a total minus its other parts, or the
/// sum of its parts), and each value found may settle another relation. Cells no relation
/// settles get a value that fits their relations where one is easy to find (each, in turn, the
/// least its relations leave to it, like the north-west corner rule): the audit needs a table
/// consistent with what it sees, not the true one.
fn fill_unknown(cells: &mut [Cell], unknown: &[usize], relations: &[Relation]) {
    let mut open_cell: HashMap<usize, usize> = unknown.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    if unknown.is_empty() {
        return;
    }
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); unknown.len()];
    let mut open = vec![0usize; relations.len()];
    // Per relation, the sum of its parts known so far (kept as cells are settled, so that no
    // relation is summed more than once).
    let mut known_sum = vec![0u64; relations.len()];
    for (k, rel) in relations.iter().enumerate() {
        for &i in rel.parts.iter().chain([&rel.total]) {
            if let Some(&u) = open_cell.get(&i) {
                of_cell[u].push(k);
                open[k] += 1;
            } else if i != rel.total {
                known_sum[k] = known_sum[k].saturating_add(cells[i].value);
            }
        }
    }
    let mut ready: Vec<usize> = (0..relations.len()).filter(|&k| open[k] == 1).collect();
    let mut next_guess = 0;
    loop {
        let (u, value) = if let Some(k) = ready.pop() {
            let rel = &relations[k];
            let Some(&u) = rel.parts.iter().chain([&rel.total]).find(|i| open_cell.contains_key(i)) else { continue };
            let value = if u == rel.total {
                known_sum[k]
            } else {
                // A total below its visible parts: the relation is not what it seemed (it ends up broken).
                match cells[rel.total].value.checked_sub(known_sum[k]) {
                    Some(v) => v,
                    None => continue,
                }
            };
            (u, value)
        } else {
            // No relation settles a cell: the next unknown takes the least its relations with a
            // known total leave to it.
            while next_guess < unknown.len() && !open_cell.contains_key(&unknown[next_guess]) {
                next_guess += 1;
            }
            let Some(&u) = unknown.get(next_guess) else { break };
            let value = of_cell[open_cell[&u]]
                .iter()
                .filter(|&&k| relations[k].total != u && !open_cell.contains_key(&relations[k].total))
                .map(|&k| cells[relations[k].total].value.saturating_sub(known_sum[k]))
                .min()
                .unwrap_or(0);
            (u, value)
        };
        cells[u].value = value;
        let slot = open_cell.remove(&u).expect("an open cell");
        for &j in &of_cell[slot] {
            if relations[j].total != u {
                known_sum[j] = known_sum[j].saturating_add(value);
            }
            open[j] -= 1;
            if open[j] == 1 {
                ready.push(j);
            }
        }
    }
}

/// Whether a row whose cells all read as headers can be a header row by its years: each year
/// once (`2021 | 2022`; a row repeating one number is data), and a lone year only under a blank
/// first cell (`| | 2023 | |` over its columns); a row that names something and holds one
/// year-like number (`Visited,1956,`) is a row of counts.
fn year_header(fields: &[&str]) -> bool {
    let years: Vec<&str> = fields.iter().copied().filter(|f| numbers::is_year_label(f)).collect();
    let distinct = years.iter().collect::<HashSet<_>>().len() == years.len();
    distinct && (years.len() != 1 || fields.first().is_none_or(|f| f.trim().is_empty()))
}

/// Groups along dimensions: for every item whose key is a total in dimension `d`, the items that
/// agree with it elsewhere and are not totals in `d`.
fn product_groups(keys: &[Vec<String>], budget: &mut Budget) -> Result<Vec<(usize, Vec<usize>)>, OutOfBudget> {
    let mut groups = Vec::new();
    let dims = keys.first().map_or(0, Vec::len);
    for d in 0..dims {
        // The non-total lines by their key without dimension `d`, in order: a total's parts are
        // looked up, not searched for (a table of many totals would make the search quadratic).
        let mut by_rest: HashMap<Vec<&str>, Vec<usize>> = HashMap::new();
        for (i, key) in keys.iter().enumerate() {
            if !is_total_label(&key[d]) {
                by_rest.entry(key_without(key, d)).or_default().push(i);
            }
        }
        for (t, key) in keys.iter().enumerate() {
            if !is_total_label(&key[d]) {
                continue;
            }
            let parts = by_rest.get(&key_without(key, d)).cloned().unwrap_or_default();
            budget.spend(parts.len() + 1)?;
            if parts.len() >= 2 || (parts.len() == 1 && dims == 1) {
                groups.push((t, parts));
            }
        }
    }
    Ok(groups)
}

/// A line's key without dimension `d`.
fn key_without(key: &[String], d: usize) -> Vec<&str> {
    key.iter().enumerate().filter(|&(e, _)| e != d).map(|(_, k)| k.as_str()).collect()
}

/// Nesting level per body row: the `Level` column if there is one, else the label's indentation.
fn row_levels(table: &Table, body: &[usize], kinds: &[ColKind], label: Option<usize>) -> Vec<usize> {
    if let Some(lc) = kinds.iter().position(|k| *k == ColKind::Level) {
        return body.iter().map(|&r| table.rows[r].fields[lc].text.trim().parse().unwrap_or(0)).collect();
    }
    let Some(lc) = label else {
        return vec![0; body.len()];
    };
    let indents: Vec<usize> = body.iter().map(|&r| table.rows[r].fields[lc].indent).collect();
    // Labels that all end in one column are right-aligned (Stata): their indentation is
    // alignment, not depth.
    let ends = |k: usize| indents[k] + table.rows[body[k]].fields[lc].text.trim().chars().count();
    if body.len() >= 3 && (1..body.len()).all(|k| ends(k) == ends(0)) {
        return vec![1; body.len()];
    }
    let mut distinct = indents.clone();
    distinct.sort_unstable();
    distinct.dedup();
    indents.iter().map(|i| distinct.iter().position(|d| d == i).unwrap_or(0) + 1).collect()
}

/// Row groups from labels and levels: a parent row sums its children (the rows right below it,
/// one level deeper); a `Total` row sums the top-level rows of its section, or the subtotals before
/// it when those are what adds up (`verify(parts, total)` checks the arithmetic).
fn hierarchy_groups(
    labels: &[&str],
    levels: &[usize],
    verify: impl Fn(&[usize], usize, &mut Budget) -> Result<bool, OutOfBudget>,
    budget: &mut Budget,
) -> Result<Vec<(usize, Vec<usize>)>, OutOfBudget> {
    let n = labels.len();
    let total: Vec<bool> = labels.iter().map(|l| is_total_label(l)).collect();
    let mut groups = Vec::new();
    for p in 0..n {
        if total[p] {
            continue;
        }
        let below = (p + 1..n).take_while(|&i| levels[i] > levels[p] && !total[i]);
        let children: Vec<usize> = below.clone().filter(|&i| levels[i] == levels[p] + 1).collect();
        // Walking the rows beneath is charged: a deep staircase of levels would make it quadratic.
        budget.spend(below.count() + 1)?;
        if !children.is_empty() {
            groups.push((p, children));
        }
    }
    let mut section_start = 0;
    // The total rows before the current one, in order.
    let mut subtotals: Vec<usize> = Vec::new();
    for t in 0..n {
        if !total[t] {
            continue;
        }
        let section: Vec<usize> = (section_start..t).filter(|&i| !total[i]).collect();
        let top = section.iter().map(|&i| levels[i]).min().unwrap_or(0);
        let section_top: Vec<usize> = section.into_iter().filter(|&i| levels[i] == top).collect();
        let parts = if !verify(&section_top, t, budget)? && subtotals.len() >= 2 && verify(&subtotals, t, budget)? { subtotals.clone() } else { section_top };
        if !parts.is_empty() {
            groups.push((t, parts));
        }
        subtotals.push(t);
        section_start = t + 1;
    }
    Ok(groups)
}

/// The base of a percentage column without a count of its own: a count column named like a
/// base (`N`, `Total`, `Population`), else the only count column.
fn base_of(count_cols: &[usize], name: &impl Fn(usize) -> String) -> Option<usize> {
    bases_of(count_cols, name).next()
}

/// The columns that may be the base of a percentage column: those named like a base, else the
/// only count column.
fn bases_of<'a>(count_cols: &'a [usize], name: &'a impl Fn(usize) -> String) -> impl Iterator<Item = usize> + 'a {
    static BASE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^(?:n|base|total|totals|denominator|population|pop\.?|sample(?: size)?|respondents|all|number|count|patients|people|persons|cases)$")
            .unwrap()
    });
    let named = count_cols.iter().copied().filter(|&c| BASE.is_match(name(c).trim()));
    let only = (count_cols.len() == 1 && !BASE.is_match(name(count_cols[0]).trim())).then(|| count_cols[0]);
    named.chain(only)
}

/// What a rate column is per: 100 for a percentage, 1,000 for `per 1,000`, 1 for a proportion.
fn scale_of(name: &str) -> f64 {
    let n = name.to_lowercase().replace([',', ' '], "");
    if n.contains("per100000") || n.contains("per100k") {
        1e5
    } else if n.contains("per10000") {
        1e4
    } else if n.contains("per1000") {
        1e3
    } else if n.contains("permillion") {
        1e6
    } else if n.contains('%') || n.contains("percent") || n.contains("pct") || n.contains("rate") {
        100.0
    } else if n.contains("proportion") || n.contains("share") {
        1.0
    } else {
        100.0
    }
}

/// The count column a percentage column is named after ("Referred %" after "Referred",
/// "% of patients" after "Patients"), if any. A cross-tab printing each count with its row and
/// column percentages names them after the count with the direction after it ("Owner row %",
/// "Owner % of col", SPSS's "Owner % within region"): the longest count name they start with.
fn named_after(pct: &str, count_cols: &[usize], name: &impl Fn(usize) -> String) -> Option<usize> {
    let stem = |w: &str| w.trim_end_matches('s').to_ascii_lowercase();
    let mut words: Vec<String> = pct
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(stem)
        .filter(|w| !matches!(w.as_str(), "pct" | "percent" | "percentage" | "rate" | "share" | "proportion" | "of" | "in" | "per" | "the"))
        .collect();
    // "within region": the dimension the percentage runs along, no part of the count's name.
    if let Some(w) = words.iter().position(|w| w == "within") {
        words.truncate(w);
    }
    if words.is_empty() {
        return None;
    }
    let direction = |w: &String| matches!(w.as_str(), "row" | "col" | "column");
    count_cols
        .iter()
        .copied()
        .filter_map(|c| {
            let cw: Vec<String> = name(c).split(|ch: char| !ch.is_alphanumeric()).filter(|w| !w.is_empty()).map(stem).collect();
            let rest = words.strip_prefix(cw.as_slice())?;
            (!cw.is_empty() && rest.iter().all(direction)).then_some((cw.len(), c))
        })
        .max_by_key(|&(n, c)| (n, std::cmp::Reverse(c)))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::super::find;
    use super::*;

    fn layout(s: &str) -> Layout {
        Layout::analyze(&find(s)[0], &Steps::call()).expect("a count table")
    }

    #[test]
    fn an_index_is_a_share_of_its_base_period() {
        // A series: each index a share of the base row's count (some above 100, so the base
        // bounds none of them); a hidden base hides the whole column.
        let l = layout("| quarter | Cases | Index (2022 Q4=100) |\n|---|---|---|\n| 2022 Q4 | 18 | 100.0 |\n| 2023 Q1 | 22 | 122.2 |\n| 2023 Q2 | 9 | 50.0 |");
        assert_eq!(l.percent_cols, vec![(2, Some(1))]);
        assert_eq!(l.share_bases, vec![(2, 1)]);
        assert!(l.bounded.is_empty());
        // Only the base year's counts: the later years' indices are counts in disguise, the
        // field names of a code's record too.
        for (a, b) in [("Index 2021", "Index 2022"), ("n20212020100", "n20222020100")] {
            let l = layout(&format!("| region | 2020 (n) | {a} | {b} |\n|---|---|---|---|\n| a | 89 | 116.9 | 110.1 |\n| b | 7 | 85.7 | 85.7 |"));
            assert_eq!(l.implied, vec![(2, 1), (3, 1)], "{a}");
            assert_eq!(l.cells.iter().map(|c| c.value).collect::<Vec<_>>(), [89, 7, 104, 6, 98, 6]);
        }
        // Row numbers named `index` are no index.
        let l = layout("| index | area | Cases |\n|---|---|---|\n| 0 | a | 3 |\n| 1 | b | 40 |");
        assert!(l.percent_cols.is_empty() && l.implied.is_empty());
    }

    #[test]
    fn two_way_table_with_margins() {
        let l = layout("| R | A | B | Total |\n|---|---|---|---|\n| x | 1 | 2 | 3 |\n| y | 4 | 5 | 9 |\n| Total | 5 | 7 | 12 |");
        assert_eq!(l.cells.len(), 9);
        assert_eq!(l.relations.len(), 6);
        assert!(l.broken.is_empty());
    }

    #[test]
    fn a_pyramid_has_counts_on_both_sides_of_its_labels() {
        let l = layout("| Male | Age | Female | Persons |\n|---|---|---|---|\n| 4 | 0-17 | 3 | 7 |\n| 29 | 18-39 | 22 | 51 |\n| 33 | Total | 25 | 58 |");
        assert_eq!(l.kinds[..3], [ColKind::Count, ColKind::Label, ColKind::Count]);
        assert_eq!(l.cells.len(), 9);
        assert_eq!(l.row_labels[1], "0-17");
        // Male + Female = Persons in each row, the Total row in each column.
        assert_eq!(l.relations.len(), 6);
        // Row numbers before the labels are no counts.
        let l = layout("| Obs | region | Owner | Renter |\n|---|---|---|---|\n| 1 | North | 100 | 53 |\n| 2 | South | 4 | 40 |");
        assert_ne!(l.kinds[0], ColKind::Count);
    }

    #[test]
    fn arithmetic_totals_without_labels() {
        let l = layout("R,A,B,C\nx,1,2,3\ny,4,5,9\nz,5,7,12\n");
        // Last column = A + B in every row, last row = x + y in every column.
        assert_eq!(l.relations.len(), 6);
        // The same with the totals first.
        let l = layout("R,C,A,B\nz,12,5,7\nx,3,1,2\ny,9,4,5\n");
        assert_eq!(l.relations.len(), 6);
        assert!(l.complete);
    }

    #[test]
    fn a_hierarchy_in_one_label_column() {
        let s = "| Area | A | B |\n|---|---|---|\n| East | 10 | 12 |\n| East - Fenland | 3 | 5 |\n| East - Broads | 7 | 7 |\n| West | 4 | 4 |";
        let l = layout(s);
        // East = Fenland + Broads in both columns; nothing else adds up.
        assert_eq!(l.relations.len(), 2, "{:?}", l.relations);
        assert!(l.broken.is_empty());
    }

    #[test]
    fn a_mislabelled_total_is_read_from_its_numbers() {
        // "Total" sits first; the section logic would look for its parts above it.
        let l = layout("| R | A | B |\n|---|---|---|\n| Total | 9 | 12 |\n| x | 4 | 5 |\n| y | 5 | 7 |");
        assert!(l.broken.is_empty(), "{:?}", l.broken);
        assert_eq!(l.relations.len(), 2);
    }

    #[test]
    fn year_columns_and_flagged_cells() {
        let l = layout("Region,2021,2022,2023\nNorth,3*,40.0,41\nSouth,10,12.0,9 pts\n");
        assert_eq!(l.header_rows, 1);
        assert_eq!(l.cells.iter().map(|c| c.value).collect::<Vec<_>>(), [3, 40, 41, 10, 12, 9]);
        let l = layout("Region;n;%\nNorth;1.234;96,2 %\nSouth;46;3,6 %\nPeace Valley;3;0,2 %\n");
        assert_eq!(l.cells.iter().map(|c| c.value).collect::<Vec<_>>(), [1234, 46, 3]);
        // Shares of the column total: they go with n.
        assert_eq!(l.percent_cols, vec![(2, Some(1))]);
        // A rate per 1,000 rounded to one decimal still goes with its count.
        let l = layout("region,Population,Deaths,Deaths per 1000\nRiverside,19240,9,0.5\nNorth,16248,221,13.6\n");
        assert_eq!(l.percent_cols, vec![(3, Some(2))]);
        // Percentages of each row's total that happen to add up to 100 are not shares of the
        // Total column: read as counts (p × Total), they go with the count they equal.
        let l = layout(
            "region | Owner | % | Renter | Total\n--- | --- | --- | --- | ---\nNorth | 3 | 2.9% | 101 | 104\nEast | 111 | 64.5% | 61 | 172\nRiverside | 3 | 2.6% | 112 | 115\nTotal | 117 | 29.9% | 274 | 391\n",
        );
        assert_eq!(l.percent_cols, vec![(2, Some(1))]);
    }

    #[test]
    fn publisher_suppressed_cells_are_hidden_cells_of_the_table() {
        // `*` in a row with its total visible: the row gives it back (78 - 73 = 5), and the
        // columns settle the others.
        let l = layout("| R | A | B | Total |\n|---|---|---|---|\n| x | * | 73 | 78 |\n| y | 3 | * | 8 |\n| Total | * | 78 | 86 |");
        let masked: Vec<(usize, usize, u64)> = l.masked.iter().map(|&i| (l.cells[i].row, l.cells[i].col, l.cells[i].value)).collect();
        assert_eq!(masked, [(1, 1, 5), (2, 2, 5), (3, 1, 8)]);
        assert!(l.broken.is_empty(), "{:?}", l.broken);
        assert_eq!(l.relations.len(), 6);
        // `<5` likewise; two markers no relation settles get values that fit their row (a
        // consistent guess), so the row's relation stays in the model.
        let l = layout("| R | A | B | Total |\n|---|---|---|---|\n| x | <5 | <5 | 8 |\n| y | 30 | 40 | 70 |");
        assert_eq!(l.masked.len(), 2);
        assert_eq!(l.relations.len(), 2, "{:?}", l.relations);
        // Missing values are not markers: no cell, as before.
        let l = layout("| R | A | B | Total |\n|---|---|---|---|\n| x | NA | 3 | 3 |\n| y | 30 | 40 | 70 |");
        assert!(l.masked.is_empty() && l.cells.len() == 5);
        // Nor is a blank: it is as often a published zero or "not applicable" as a hidden count.
        let l = layout("| R | A | B | Total |\n|---|---|---|---|\n| x |  | 3 | 3 |\n| y | 30 | 40 | 70 |");
        assert!(l.masked.is_empty() && l.cells.len() == 5);
    }

    #[test]
    fn totals_that_do_not_add_up_are_broken() {
        let l = layout("| R | A | Total |\n|---|---|---|\n| x | 1 | 3 |\n| y | 4 | 4 |\n| Total | 5 | 8 |");
        assert!(!l.broken.is_empty());
    }

    #[test]
    fn hierarchy_from_indentation() {
        let s = "| Area | A | B | Total |\n|---|---|---|---|\n| North | 10 | 10 | 20 |\n|   N1 | 4 | 4 | 8 |\n|   N2 | 6 | 6 | 12 |\n| South | 5 | 0 | 5 |\n|   S1 | 5 | 0 | 5 |\n| Total | 15 | 10 | 25 |";
        let l = layout(s);
        assert!(l.broken.is_empty(), "{:?}", l.broken);
        // 6 row sums; North = N1 + N2, South = S1, Total = North + South and (from the numbers)
        // Total = N1 + N2 + S1, in 3 columns each.
        assert_eq!(l.relations.len(), 6 + 3 + 3 + 3 + 3);
    }

    #[test]
    fn a_row_of_suppressed_cells_is_body_not_header() {
        // The guard's own output: without the marker counting as a number, the first body row
        // would become a second header row and a second pass would suppress row y.
        let l = layout("| R | A | B |\n|---|---|---|\n| x | [suppressed] | 99999999999999999999999 |\n| y | 4 | 5 |");
        assert_eq!(l.header_rows, 1);
    }

    #[test]
    fn percent_columns_named_after_counts() {
        let s = "| Age | Patients | % of patients | Readmitted | Readmission rate (%) |\n|---|---|---|---|---|\n| a | 3 | 0.1 | 1 | 33.3 |\n| b | 300 | 99.9 | 20 | 6.7 |";
        let l = layout(s);
        // "Readmission rate (%)" is Readmitted over Patients: it goes with Readmitted.
        assert_eq!(l.percent_cols, vec![(2, Some(1)), (4, Some(3))]);
        // A rate beside its base only: its counts are cells of their own.
        let l = layout("| Area | Population | Deaths per 1,000 |\n|---|---|---|\n| a | 800 | 3.8 |\n| b | 2000 | 10.0 |");
        assert_eq!(l.implied, vec![(2, 1)]);
        assert_eq!(l.cells.iter().map(|c| c.value).collect::<Vec<_>>(), [800, 2000, 3, 20]);
        // Bare `%` columns each after its count column, beside a total column (a base for the
        // rates above): each is its left neighbour's share, not a rate of the total.
        let l = layout(
            "| Site | Cases | % | Controls | % | All |\n|---|---|---|---|---|---|\n| a | 40 | 80.0 | 6 | 20.0 | 46 |\n| b | 10 | 20.0 | 24 | 80.0 | 34 |",
        );
        assert_eq!(l.percent_cols, vec![(2, Some(1)), (4, Some(3))]);
        assert!(l.implied.is_empty());
        // Row and column percentages of each count, the direction after its name (an underscore
        // separating the words too): both go with the count, neither is a rate of the total.
        for (row, col) in [
            ("Owner row %", "Owner col %"),
            ("Owner % of row", "Owner % of col"),
            ("owner_pct_of_row", "owner_pct_of_col"),
            ("Owner % within region", "Owner % within tenure"),
        ] {
            let (rrow, rcol) = (row.replace("wner", "ther"), col.replace("wner", "ther"));
            let s = format!(
                "| region | Owner | {row} | {col} | Other | {rrow} | {rcol} | Total |\n|---|---|---|---|---|---|---|---|\n| a | 3 | 10.0 | 20.0 | 27 | 90.0 | 90.0 | 30 |\n| b | 12 | 80.0 | 80.0 | 3 | 20.0 | 10.0 | 15 |\n| Total | 15 | 33.3 | 100.0 | 30 | 66.7 | 100.0 | 45 |"
            );
            let l = layout(&s);
            assert_eq!(l.percent_cols, vec![(2, Some(1)), (3, Some(1)), (5, Some(4)), (6, Some(4))], "{row}");
            assert!(l.implied.is_empty(), "{row}");
        }
    }

    /// The relations of `l` as (total, parts) values, for reading in a test.
    fn relation_values(l: &Layout) -> Vec<(u64, Vec<u64>)> {
        l.relations
            .iter()
            .map(|r| {
                let mut parts: Vec<u64> = r.parts.iter().map(|&p| l.cells[p].value).collect();
                parts.sort_unstable();
                (l.cells[r.total].value, parts)
            })
            .collect()
    }

    #[test]
    fn a_rank_column_bounds_each_count_by_its_neighbours() {
        let values =
            |l: &Layout| -> Vec<(u64, u64)> { l.bounded.iter().map(|(p, w)| (p.iter().map(|&i| l.cells[i].value).sum(), l.cells[*w].value)).collect() };
        // Ranked largest first, two rows sharing a rank (one count), and a Total row without rank.
        let l = layout("| area | n | Rank |\n|---|---|---|\n| a | 106 | 1 |\n| b | 10 | 2 |\n| c | 7 | 3 |\n| d | 7 | 3 |\n| e | 6 | 5 |\n| Total | 136 | |");
        assert_eq!(values(&l), [(10, 106), (7, 10), (7, 7), (7, 7), (6, 7)]);
        // Counts that do not follow the rank (it ranks something else) are not bounded by it.
        let l = layout("| area | n | Rank |\n|---|---|---|\n| a | 6 | 1 |\n| b | 10 | 2 |\n| c | 7 | 3 |");
        assert!(l.bounded.is_empty());
    }

    #[test]
    fn right_aligned_labels_are_no_hierarchy() {
        // Stata right-aligns its row labels: the indentation is no depth, and the Total sums all.
        let text = "```\n             |        tenure\n      region |      Owner     Renter \n-------------+----------------------\nPeace Valley |          2         59 \n       South |        117         51 \n    Lakeside |          4        110 \n-------------+----------------------\n       Total |        123        220 \n```\n";
        let got = relation_values(&layout(text));
        assert!(got.contains(&(123, vec![2, 4, 117])), "{got:?}");
        assert!(got.contains(&(220, vec![51, 59, 110])), "{got:?}");
        assert_eq!(got.len(), 2, "{got:?}");
    }

    #[test]
    fn a_change_column_ties_its_two_columns_row_by_row() {
        // (table, the change column's relations expected: (to, [from, |change|]))
        type Expected<'a> = &'a [(u64, &'a [u64])];
        let cases: &[(&str, Expected)] = &[
            (
                "| r | 2022 | 2023 | Change |\n|---|---|---|---|\n| a | 62 | 20 | -42 |\n| b | 27 | 2 | -25 |\n| c | 3 | 9 | 6 |\n| Total | 92 | 31 | -61 |",
                &[(62, &[20, 42]), (27, &[2, 25]), (9, &[3, 6]), (92, &[31, 61])],
            ),
            ("| r | Q1 | Q2 | Δ |\n|---|---|---|---|\n| a | 10 | 13 | +3 |\n| b | 4 | 1 | −3 |", &[(13, &[3, 10]), (4, &[1, 3])]),
            // A signed column that is no difference of the table's (a mean, or a change whose
            // years stand in other tables) ties nothing here.
            ("| r | 2022 | 2023 | Mean age |\n|---|---|---|---|\n| a | 62 | 20 | 41 |\n| b | 27 | 2 | -3 |", &[]),
        ];
        for (text, want) in cases {
            let l = layout(text);
            let got = relation_values(&l);
            let want: Vec<(u64, Vec<u64>)> = want.iter().map(|(t, p)| (*t, p.to_vec())).collect();
            for w in &want {
                assert!(got.contains(w), "{text}: {w:?} not in {got:?}");
            }
            assert_eq!(l.derived.len() - l.changes.len(), usize::from(!want.is_empty()), "{text}");
            assert_eq!(l.changes.len(), usize::from(want.is_empty()), "{text}");
            // A change is no count: never a small count of the table.
            assert!(l.cells.iter().enumerate().all(|(i, c)| l.counts(i) == (c.col != 3)), "{text}");
        }
    }

    #[test]
    fn a_table_of_changes_alone_is_read_with_its_signs() {
        let l = layout("| region | Owner | Renter |\n|---|---|---|\n| North | -23 | +67 |\n| South | -44 | 12 |\n");
        assert_eq!(l.changes, vec![1, 2]);
        assert_eq!(l.cells.iter().map(|c| c.value).collect::<Vec<_>>(), vec![23, 44, 67, 12]);
        assert_eq!(l.falls, vec![0, 1]);
        assert!((0..l.cells.len()).all(|i| !l.counts(i)));
        // Signed decimals are no changes of counts: no table of counts at all.
        assert!(Layout::analyze(&find("| region | Mean |\n|---|---|\n| North | -2.5 |\n| South | 1.5 |\n")[0], &Steps::call()).is_none());
    }

    #[test]
    fn running_totals_are_relations_from_the_top_or_the_bottom() {
        // (table, the running total's relations expected; a blank count adds nothing)
        type Expected<'a> = &'a [(u64, &'a [u64])];
        let cases: &[(&str, Expected)] = &[
            (
                "| r | Freq. | Cum. |\n|---|---|---|\n| a | 93 | 93 |\n| b | 6 | 99 |\n| c | 84 | 183 |\n| Total | 183 | 183 |",
                &[(93, &[93]), (99, &[6, 93]), (183, &[84, 99]), (183, &[6, 84, 93])],
            ),
            (
                "| r | n | from the bottom |\n|---|---|---|\n| a | 5 | 40 |\n| b | 30 | 35 |\n| c | 2 | 5 |\n| d | 3 | 3 |",
                &[(3, &[3]), (5, &[2, 3]), (35, &[5, 30]), (40, &[5, 35])],
            ),
            (
                "| r | Freq. | Cum. |\n|---|---|---|\n| a | 21 | 21 |\n| b |  | 21 |\n| c | 17 | 38 |\n| d | 3 | 41 |",
                &[(21, &[21]), (21, &[21]), (38, &[17, 21]), (41, &[3, 38])],
            ),
            // Two columns of counts that run by chance for two rows: no relation.
            ("| r | A | B |\n|---|---|---|\n| a | 4 | 4 |\n| b | 6 | 10 |\n| c | 84 | 12 |\n| d | 7 | 3 |", &[]),
        ];
        for (text, want) in cases {
            let got = relation_values(&layout(text));
            let want: Vec<(u64, Vec<u64>)> = want.iter().map(|(t, p)| (*t, p.to_vec())).collect();
            for w in &want {
                assert!(got.contains(w), "{text}: {w:?} not in {got:?}");
            }
            if want.is_empty() {
                assert_eq!(got, [], "{text}");
            }
        }
    }

    #[test]
    fn a_drop_off_is_the_step_before_less_this_one() {
        let funnel = layout("step,People,Drop-off\nVisited,1956,\nStarted,1599,357\nSubmitted,1081,518\nEligible,5,1076\n");
        let got = relation_values(&funnel);
        for want in [(1956, vec![357, 1599]), (1599, vec![518, 1081]), (1081, vec![5, 1076])] {
            assert!(got.contains(&want), "{want:?} not in {got:?}");
        }
        // Once by chance, or broken at a row: no relation.
        for text in [
            "| step | A | B |\n|---|---|---|\n| a | 50 | 9 |\n| b | 40 | 10 |\n| c | 33 | 12 |",
            "| step | A | B |\n|---|---|---|\n| a | 50 | 9 |\n| b | 40 | 10 |\n| c | 30 | 10 |\n| d | 25 | 4 |",
        ] {
            assert_eq!(relation_values(&layout(text)), [], "{text}");
        }
    }

    #[test]
    fn a_rolling_sum_is_its_window_and_its_first_rows_bound_the_periods_shown() {
        let l = layout(
            "| month | Count | Last 3 months |\n|---|---|---|\n| Jan | 12 | 40 |\n| Feb | 3 | 31 |\n| Mar | 20 | 35 |\n| Apr | 7 | 30 |\n| May | 41 | 68 |\n| Jun | 2 | 50 |",
        );
        let rels = relation_values(&l);
        for window in [(35, vec![3, 12, 20]), (30, vec![3, 7, 20]), (68, vec![7, 20, 41]), (50, vec![2, 7, 41])] {
            assert!(rels.contains(&window), "{window:?} in {rels:?}");
        }
        let bounds: Vec<(u64, u64)> = l.bounded.iter().map(|(p, w)| (p.iter().map(|&i| l.cells[i].value).sum(), l.cells[*w].value)).collect();
        assert_eq!(bounds, [(12, 40), (15, 31)]);
        // Across the columns too: a row of 2-week sums under a row of counts.
        let l = layout("| | W1 | W2 | W3 | W4 | W5 |\n|---|---|---|---|---|---|\n| Cases | 10 | 4 | 30 | 2 | 9 |\n| 2-week sum | 10 | 14 | 34 | 32 | 11 |");
        assert!(relation_values(&l).contains(&(32, vec![2, 30])));
        // Two columns that happen to add up once are no rolling sum.
        let l = layout("| month | A | B |\n|---|---|---|\n| Jan | 12 | 40 |\n| Feb | 28 | 31 |\n| Mar | 20 | 35 |\n| Apr | 7 | 9 |");
        assert!(relation_values(&l).is_empty() && l.bounded.is_empty());
    }

    #[test]
    fn a_moving_average_stands_for_its_window_where_its_rounding_pins_the_sum() {
        let table = |avgs: [&str; 5]| {
            let counts = [22, 73, 2, 89, 21, 8, 85, 3];
            let mut t = String::from("| week | Cases | 4-week average |\n|---|---|---|\n");
            for (k, n) in counts.iter().enumerate() {
                t += &format!("| W{k} | {n} | {} |\n", if k < 3 { "" } else { avgs[k - 3] });
            }
            t
        };
        let l = layout(&table(["46.5", "46.2", "30.0", "50.8", "29.2"]));
        let rels = relation_values(&l);
        for window in [(186, vec![2, 22, 73, 89]), (185, vec![2, 21, 73, 89]), (120, vec![2, 8, 21, 89]), (117, vec![3, 8, 21, 85])] {
            assert!(rels.contains(&window), "{window:?} in {rels:?}");
        }
        // Printed in whole units, four weeks' mean leaves the sum open by four: no relation.
        assert!(relation_values(&layout(&table(["47", "46", "30", "51", "29"]))).is_empty());
        // Decimals that are no window's mean (a rate) are nothing.
        assert!(relation_values(&layout(&table(["1.5", "2.2", "0.3", "4.8", "0.2"]))).is_empty());
    }

    #[test]
    fn counts_of_counts_weigh_each_band_by_its_number() {
        // A row of sums under the bands: each band's count as many times as its number.
        let l = layout(
            "| Visits | Male | Female |\n|---|---|---|\n| 1 visit | 51 | 128 |\n| 2 visits | 20 | 59 |\n| 3 visits | 10 | 17 |\n| 4 visits | 3 | 7 |\n| Total people | 84 | 211 |\n| Visits (total) | 133 | 325 |",
        );
        let rels = relation_values(&l);
        assert!(rels.contains(&(133, vec![3, 3, 3, 3, 10, 10, 10, 20, 20, 51])), "{rels:?}");
        assert!(rels.contains(&(325, vec![7, 7, 7, 7, 17, 17, 17, 59, 59, 128])), "{rels:?}");
        // Bands in any order, the labels a column of their own with the totals among them.
        let l = layout(
            "| band | count |\n|---|---|\n| All households | 402 |\n| 7 | 1 |\n| 2 | 112 |\n| 4 | 18 |\n| 5 | 12 |\n| 1 | 194 |\n| 6 | 6 |\n| Total children | 770 |\n| 3 | 59 |",
        );
        let rels = relation_values(&l);
        assert!(rels.iter().any(|(t, parts)| *t == 770 && parts.len() == 28), "{rels:?}");
        assert!(rels.contains(&(402, vec![1, 6, 12, 18, 59, 112, 194])), "{rels:?}");
        // A column beside: each band's count times its number.
        let l = layout(
            "| Items | Patients | Items issued |\n|---|---|---|\n| 1 item | 272 | 272 |\n| 2 items | 87 | 174 |\n| 3 items | 26 | 78 |\n| 4 items | 9 | 36 |\n| Total | 394 | 560 |",
        );
        let rels = relation_values(&l);
        assert!(rels.contains(&(36, vec![9, 9, 9, 9])) && rels.contains(&(78, vec![26, 26, 26])), "{rels:?}");
        // Beside an index column numbering every row, the bands are the other column's.
        let l = layout(
            "| (index) | Visits | Patients |\n|---|---|---|\n| 0 | '0 visits' | 391 |\n| 1 | '1 visit' | 58 |\n| 2 | '2 visits' | 20 |\n| 3 | '3 visits' | 4 |\n| 4 | 'All patients' | 473 |",
        );
        assert_eq!(l.bands.iter().map(|b| b.1).collect::<Vec<_>>(), [0, 1, 2, 3]);
        // Open bands and numbers that are no bands are not weighed.
        let l = layout("| Visits | People |\n|---|---|\n| 1 | 51 |\n| 2 | 20 |\n| 3+ | 13 |\n| Total | 84 |\n| Visits | 130 |");
        assert!(relation_values(&l).iter().all(|(_, parts)| parts.len() < 5));
        assert_eq!(band_number("2 visits"), Some(2));
        assert_eq!(band_number("0"), Some(0));
        for no in ["3+", "10 or more", "1-2", "2019", "Total", "4 and over", "2.5"] {
            assert_eq!(band_number(no), None, "{no}");
        }
    }

    #[test]
    fn ratios_of_two_count_columns_and_shares_of_groups_are_read_from_the_numbers() {
        let l = layout(
            "| region | Girls | Boys | Ratio |\n|---|---|---|---|\n| South | 3 | 4 | 133.3 |\n| Hillcrest | 297 | 274 | 92.3 |\n| Peace Valley | 128 | 149 | 116.4 |",
        );
        assert_eq!(l.percent_cols, vec![(3, None)]);
        // Nor a column of whole numbers near one (row numbers beside Renter / Owner).
        let l = layout("| Obs | region | Owner | Renter |\n|---|---|---|---|\n| 1 | Fenland | 109 | 113 |\n| 2 | East | 55 | 91 |\n| 3 | North | 28 | 74 |");
        assert!(l.percent_cols.is_empty());
        // Decimals that are no ratio of the counts beside them (a mean age) are not.
        let l = layout(
            "| region | Girls | Boys | Mean age |\n|---|---|---|---|\n| South | 3 | 4 | 33.3 |\n| Hillcrest | 297 | 274 | 42.3 |\n| Peace Valley | 128 | 149 | 16.4 |",
        );
        assert!(l.percent_cols.is_empty());
        let long = |b: &str| {
            format!(
                "| region | sex | n | % |\n|---|---|---|---|\n| West | Male | 20 | 25.0% |\n| West | Female | 60 | 75.0% |\n| East | Male | 30 | {b} |\n| East | Female | 10 | 25.0% |"
            )
        };
        let l = layout(&long("75.0%"));
        assert_eq!(l.group_shares, vec![(3, vec![vec![1, 2], vec![3, 4]])]);
        // Shares that are not of each group's total are no group's.
        assert!(layout(&long("15.0%")).group_shares.is_empty());
    }

    #[test]
    fn a_column_proportional_to_the_counts_before_it_goes_with_them() {
        // Shares of a region's 1,158 that the table does not show, in a column no name marks.
        let shares = |last: &str| {
            format!(
                "| area | Cases | x |\n|---|---|---|\n| Old Town | 117 | 10.1 |\n| Lakeside | 4 | 0.3 |\n| East | 44 | 3.8 |\n| Fenland | 2 | 0.2 |\n| West | 64 | {last} |"
            )
        };
        assert_eq!(layout(&shares("5.5")).percent_cols, vec![(2, Some(1))]);
        // Two counts with their shares, a zero count's share zero.
        let l = layout(
            "| area | Owner | a | Renter | b |\n|---|---|---|---|---|\n| West | 3 | 0.3 | 13 | 1.3 |\n| Peace Valley | 73 | 7.3 | 85 | 8.6 |\n| Riverside | 101 | 10.1 | 25 | 2.5 |\n| Hillcrest | 0 | 0.0 | 90 | 9.1 |",
        );
        assert_eq!(l.percent_cols, vec![(2, Some(1)), (4, Some(3))]);
        // One row off the proportion (5.5 of 1,158 is 64, 9.5 is no count's share with the others).
        assert!(layout(&shares("9.5")).percent_cols.is_empty());
        // A zero count with a number that is not zero, a negative number, whole numbers only.
        assert!(layout(&shares("5.5").replace("| 2 | 0.2 |", "| 0 | 0.2 |")).percent_cols.is_empty());
        assert!(layout(&shares("5.5").replace("| 3.8 |", "| -3.8 |")).percent_cols.is_empty());
        // Fewer than three rows telling the proportion.
        assert!(
            layout("| area | Cases | x |\n|---|---|---|\n| Old Town | 117 | 10.1 |\n| Lakeside | 4 | 0.3 |\n| Fenland | 0 | 0.0 |").percent_cols.is_empty()
        );
    }

    #[test]
    fn a_size_in_a_column_header_is_the_total_of_each_characteristic() {
        let table = |n: u64| {
            format!(
                "| | Treated (N={n}) | Control (N=33) |\n|---|---|---|\n| Sex: Female | 9 | 21 |\n| Sex: Male | 145 | 6 |\n| Sex: Unknown | 3 | 6 |\n| Age: <40 | 50 | 15 |\n| Age: 40+ | 107 | 18 |"
            )
        };
        let l = layout(&table(157));
        let rels = relation_values(&l);
        for group in [(157, vec![3, 9, 145]), (157, vec![50, 107]), (33, vec![6, 6, 21]), (33, vec![15, 18])] {
            assert!(rels.contains(&group), "{group:?} in {rels:?}");
        }
        assert_eq!(l.col_names[1], "Treated");
        // A number in a header that no group adds up to is part of its name.
        let l = layout(&table(2023));
        assert!(!relation_values(&l).iter().any(|(t, _)| *t == 2023));
        assert_eq!(l.col_names[1], "Treated (N=2023)");
    }

    #[test]
    fn a_size_inside_a_row_label_is_the_row_total() {
        for (north, south) in [
            ("North (n=45)", "South (n=9)"),
            ("North [n=45]", "South [n=9]"),
            ("North, n=45", "South, n=9"),
            ("North (45)", "South (9)"),
            ("North (N = 45)", "South (N = 9)"),
        ] {
            let l = layout(&format!("| region | Owner | Renter |\n|---|---|---|\n| {north} | 40 | 5 |\n| {south} | 1 | 8 |\n| West (n=20) | 12 | 8 |"));
            let rels = relation_values(&l);
            assert!(rels.contains(&(45, vec![5, 40])) && rels.contains(&(9, vec![1, 8])), "{north}: {rels:?}");
            assert_eq!(l.row_keys[1], ["North"], "{north}");
        }
        // A number in parentheses that is no row's size (a year, a code) is part of the name.
        let l = layout("| region | Owner | Renter |\n|---|---|---|\n| North (2021) | 40 | 5 |\n| South (2022) | 1 | 8 |");
        assert!(relation_values(&l).is_empty());
        assert_eq!(l.row_keys[1], ["North (2021)"]);
    }

    #[test]
    fn a_mean_stands_for_the_sum_of_what_it_is_taken_over() {
        // A row of means: 5 × 32.0 = 160, the Owner column's sum; the Total row is no part of it.
        let l = layout(
            "| region | Owner | Renter |\n|---|---|---|\n| North | 17 | 3 |\n| South | 35 | 14 |\n| East | 105 | 73 |\n| West | 2 | 3 |\n| Fen | 1 | 52 |\n| Average | 32.0 | 29.0 |",
        );
        let rels = relation_values(&l);
        assert!(rels.contains(&(160, vec![1, 2, 17, 35, 105])) && rels.contains(&(145, vec![3, 3, 14, 52, 73])), "{rels:?}");
        assert_eq!(l.kinds[1], ColKind::Count);
        // A column of means over the year columns: 4 × 23.5 = 94.
        let l = layout(
            "| region | 2020 | 2021 | 2022 | 2023 | Avg 2020-23 |\n|---|---|---|---|---|---|\n| Fenland | 91 | 1 | 49 | 57 | 49.5 |\n| East | 4 | 80 | 3 | 7 | 23.5 |\n| South | 0 | 99 | 7 | 108 | 53.5 |",
        );
        assert!(relation_values(&l).contains(&(94, vec![3, 4, 7, 80])));
        // A mean rounded too coarsely to pin its sum (k half-steps reach a whole unit) stands for
        // nothing, and a column named so whose numbers are no mean keeps its counts.
        let l = layout("| region | A | B |\n|---|---|---|\n| North | 17 | 3 |\n| South | 35 | 14 |\n| Mean | 26 | 9 |");
        assert!(relation_values(&l).iter().all(|(t, _)| *t != 52) && l.cells.iter().any(|c| c.value == 26));
        let l = layout("| region | Below average | Above average |\n|---|---|---|\n| North | 17 | 3 |\n| South | 35 | 14 |");
        assert_eq!(l.kinds[1..], [ColKind::Count, ColKind::Count]);
    }

    #[test]
    fn an_of_which_row_is_bounded_by_the_row_above_and_no_part_of_the_total() {
        for label in ["of which: aged 65+", "davon: Neuaufnahmen", "- dont nouveaux cas", "其中：新病例"] {
            let s = format!(
                "| region | A | B | Total |\n|---|---|---|---|\n| North | 40 | 3 | 43 |\n| {label} | 12 | 1 | 13 |\n| South | 50 | 60 | 110 |\n| Total | 90 | 63 | 153 |"
            );
            let l = layout(&s);
            let rels = relation_values(&l);
            assert!(rels.contains(&(90, vec![40, 50])) && rels.contains(&(63, vec![3, 60])), "{label}: {rels:?}");
            let bounds: Vec<(u64, u64)> = l.bounded.iter().map(|(p, w)| (p.iter().map(|&i| l.cells[i].value).sum(), l.cells[*w].value)).collect();
            assert_eq!(bounds, [(12, 40), (1, 3), (13, 43)], "{label}");
        }
        // A row that merely mentions the words is no part of the row above.
        let l = layout("| region | A | B |\n|---|---|---|\n| North | 40 | 3 |\n| Includingham | 12 | 1 |\n| South | 50 | 60 |");
        assert!(l.bounded.is_empty());
    }

    #[test]
    fn a_tick_all_that_apply_question_bounds_its_options_by_the_base() {
        // Shares of the base (at 100 %), summing past 100; the mentions sum the options but not
        // "None of these"; the base is no total, whatever its label.
        let s = "| reason | n | % |\n|---|---|---|\n| Cost | 31 | 62.0 |\n| Distance | 4 | 8.0 |\n| Parking | 20 | 40.0 |\n| None of these | 6 | 12.0 |\n| Total mentions | 55 | 110.0 |\n| All asked | 50 | 100.0 |";
        let l = layout(s);
        assert_eq!(l.percent_cols, vec![(2, Some(1))]);
        assert!(l.implied.is_empty() && l.broken.is_empty(), "{:?}", l.broken);
        assert_eq!(relation_values(&l), [(55, vec![4, 20, 31])]);
        let bounds: Vec<(Vec<u64>, u64)> = l.bounded.iter().map(|(p, w)| (p.iter().map(|&i| l.cells[i].value).collect(), l.cells[*w].value)).collect();
        assert_eq!(bounds, [(vec![6, 31], 50), (vec![6, 4], 50), (vec![6, 20], 50)]);
    }

    #[test]
    fn a_share_of_the_base_column_goes_with_the_total_it_is_of() {
        // `Yes %` is the Total over the Base, both base-like names: it goes with the Total.
        let s = "| region | Male | Female | Total | Yes % | Base |\n|---|---|---|---|---|---|\n| a | 3 | 9 | 12 | 40.0 | 30 |\n| b | 20 | 8 | 28 | 70.0 | 40 |\n| Total | 23 | 17 | 40 | 57.1 | 70 |";
        let l = layout(s);
        assert_eq!(l.percent_cols, vec![(4, Some(3))]);
        assert!(l.implied.is_empty());
    }

    #[test]
    fn a_rollup_in_long_form_leaves_the_innermost_label_blank_on_its_subtotals() {
        let l = layout(
            "region     tenure  count\nEast       Owner   5\nEast       Renter  7\nEast               12\nWest       Owner   20\nWest       Renter  3\nWest               23\n",
        );
        let rels = relation_values(&l);
        assert!(rels.contains(&(12, vec![5, 7])) && rels.contains(&(23, vec![3, 20])), "{rels:?}");
    }

    #[test]
    fn a_long_listing_repeats_a_blank_outer_label_unless_the_pair_is_listed() {
        // Sparsified regions, then a rollup's per-tenure rows under a blank region.
        let l = layout("region,tenure,count\nEast,Owner,5\n,Renter,7\n,Total,12\nWest,Owner,20\n,Renter,3\n,Total,23\n,Owner,25\n,Renter,10\n,Total,35\n");
        let rels = relation_values(&l);
        for rel in [(12, vec![5, 7]), (23, vec![3, 20]), (25, vec![5, 20]), (10, vec![3, 7]), (35, vec![12, 23])] {
            assert!(rels.contains(&rel), "{rel:?} in {rels:?}");
        }
    }

    #[test]
    fn a_blank_part_is_a_published_zero_where_the_numbers_add_up_without_it() {
        let pivot =
            "Row Labels\tOwner\tRenter\nNorth\t93\t36\nNorth - West\t60\t5\nNorth - Peace Valley\t24\t31\nNorth - Riverside\t9\t\nGrand Total\t93\t36\n";
        let rels = relation_values(&layout(pivot));
        assert!(rels.contains(&(36, vec![5, 31])), "{rels:?}");
        // Where they do not add up the blank is no zero, and there is no relation.
        let rels =
            relation_values(&layout("Row Labels\tOwner\tRenter\nNorth\t93\t40\nNorth - West\t60\t5\nNorth - Peace Valley\t24\t31\nNorth - Riverside\t9\t\n"));
        assert!(!rels.iter().any(|(t, _)| *t == 40), "{rels:?}");
    }

    #[test]
    fn running_shares_are_found_rising_or_falling_to_100() {
        let l = layout(
            "| r | Freq. | Percent | Cum. percent |\n|---|---|---|---|\n| a | 93 | 50.8% | 50.8% |\n| b | 6 | 3.3% | 54.1% |\n| c | 84 | 45.9% | 100.0% |",
        );
        assert_eq!(l.running, vec![3]);
        let l =
            layout("| r | Freq. | Percent | Cum. % |\n|---|---|---|---|\n| a | 93 | 50.8% | 100.0% |\n| b | 6 | 3.3% | 49.2% |\n| c | 84 | 45.9% | 45.9% |");
        assert_eq!(l.running, vec![3]);
        // Shares that neither rise nor fall to 100 are no running share.
        let l = layout("| r | Freq. | Percent |\n|---|---|---|\n| a | 93 | 50.8% |\n| b | 6 | 3.3% |\n| c | 84 | 45.9% |");
        assert!(l.running.is_empty());
    }

    #[test]
    fn a_closing_code_fence_is_no_row_of_a_listing() {
        let s = "```\n Obs    region          Freq.\n\n   1    Hillcrest          74\n   2    Peace Valley        2\n   3    North              49\n   4    Total             125\n```\n";
        let t = &find(s)[0];
        assert_eq!(t.rows.len(), 5, "{:?}", t.rows.iter().map(|r| r.fields.iter().map(|f| f.text.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>());
        let l = layout(s);
        assert!(relation_values(&l).contains(&(125, vec![2, 49, 74])));
    }
}
