//! Columns aligned with spaces: what pandas prints for a DataFrame, a Series, `value_counts()`,
//! `groupby().size()` and `pd.crosstab`, what R prints for `table()`, a data.frame or a tibble,
//! and any other fixed-width table.
//!
//! A block of lines is cut into columns where every line has a space (a gutter). Pieces of one
//! column that a gutter split are joined again: a header token over both (`postcode` above
//! `AB1 2CD`), a label with a space in it (`Peace Valley`), a header word with nothing under it.
//! Numbers stay their own columns. Lines that name a dimension (pandas' index name under the
//! header, R's column variable above it) fold into the header; pandas' and tibble's trailers
//! (`Name: count, dtype: int64`, `# A tibble: 3 × 2`, the `<chr>` type row) are kept but are not
//! rows; a sparsified MultiIndex label is repeated down its rows.
//!
//! Command listings are fixed-width too (`ls -l`, `ps`, `kubectl get`), and their small numbers
//! are not counts of people: a block with machine values (permissions, clock times, sizes like
//! `4.0K`, ratios like `1/1`, durations like `2d`, hex ids, paths, addresses) is not read.
//! A rewritten table is realigned: every column keeps its alignment and widens to fit.

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::LazyLock;

use regex::Regex;

use super::numbers::{self, Locale};
use super::{Edit, Field, Format, LIST_ITEM, Line, Row, Table, content};

/// Where the columns of an aligned table sit, for realigning rewritten rows.
#[derive(Clone, Debug)]
pub struct Grid {
    /// Column spans in characters from the start of each line's content.
    cols: Vec<(usize, usize)>,
    /// Whether each column's content is right-aligned.
    right: Vec<bool>,
    /// The table's lines that hold columns: content start and end (bytes), and the row each one
    /// is (`None` for a line folded into the header).
    lines: Vec<(usize, usize, Option<usize>)>,
}

static TRAILER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:Name: .*dtype: \w+|(?:Length: \d+, )?dtype: \w+|Freq: .*|\[\d+ rows x \d+ columns\]|# A tibble: .*|# (?:ℹ|…|\.\.\.) .*|\s*(?:<[a-z]{3,6}>\s*)+)$",
    )
    .unwrap()
});
static SERIES_NAME: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^Name: ([^,]+),").unwrap());
/// Values a command listing has and a statistical table does not.
static MACHINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)^(?:
            [-dlcbps][rwxsStT-]{9}[.+@]?            # permissions
          | \d{1,2}:\d{2}(?::\d{2})?                # clock time
          | \d+(?:\.\d+)?[KMGTPE]i?B?               # size
          | \d+/\d+                                 # ratio (1/1 ready)
          | \d+(?:ms|s|m|h|d|w|y)(?:\d+(?:s|m|h))?  # duration
          | [0-9a-f]{8,}                            # hex id
          | [~.]?/[\w./-]*                          # path
          | \d{1,3}(?:\.\d{1,3}){3}(?::\d+)?        # IPv4
          | \d+/(?:tcp|udp|TCP|UDP)                 # port
        )$",
    )
    .unwrap()
});

/// A command echoed after a shell's or a client's prompt (`$ splunk search …`, `PS C:\> …`,
/// `sqlite> …`): the output under it starts a block of its own.
static PROMPT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*(?:[$%] |PS [^>]*> |[a-z][\w-]*> )\S").unwrap());

/// A ratio (`1/1`, `3/40`): what a command listing writes as `ready / wanted`, and a table of
/// counts over their row's base as `n/N`.
static RATIO: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(\d+)/(\d+)$").unwrap());

/// Whether the ratios of the lines are counts over bases (`3/52  49/52`): every line that has
/// one has two or more, all over one base and none above it. A listing's `1/1` stands alone.
fn counts_over_bases(lines: &[Vec<Token>]) -> bool {
    let mut any = false;
    for line in lines {
        let ratios: Vec<(u64, u64)> =
            line.iter().filter_map(|t| RATIO.captures(t.text)).filter_map(|c| Some((c[1].parse().ok()?, c[2].parse().ok()?))).collect();
        match ratios.first() {
            None => continue,
            Some(&(_, base)) if ratios.len() >= 2 && ratios.iter().all(|&(n, b)| b == base && n <= b) => any = true,
            Some(_) => return false,
        }
    }
    any
}

/// A value only machines print (a permission string, a clock time, a size, a path…).
pub fn is_machine_value(s: &str) -> bool {
    MACHINE.is_match(s)
}

fn blank(s: &str) -> bool {
    s.trim().is_empty()
}

/// A markdown code fence (```` ``` ````, `~~~`): it opens or closes a block, never a table row.
pub(super) fn fence(s: &str) -> bool {
    s.trim_start().starts_with("```") || s.trim_start().starts_with("~~~")
}

/// A token: its character span in the line and its text.
pub(super) struct Token<'t> {
    a: usize,
    b: usize,
    pub(super) text: &'t str,
    /// Whether `text` is [`numeric`], once asked (a block's tokens are asked several times).
    num: Cell<Option<bool>>,
}

impl<'t> Token<'t> {
    fn new(a: usize, b: usize, text: &'t str) -> Token<'t> {
        Token { a, b, text, num: Cell::new(None) }
    }

    fn numeric(&self) -> bool {
        self.num.get().unwrap_or_else(|| {
            let n = numeric(self.text);
            self.num.set(Some(n));
            n
        })
    }

    /// A number or a missing-value marker (`NaN`, `NA`): what a numeric column holds.
    fn numeric_or_missing(&self) -> bool {
        self.numeric() || numbers::is_missing(self.text)
    }
}

/// The characters of a line with their byte offsets (and the line's length as a last entry).
fn char_offsets(s: &str) -> Vec<usize> {
    let mut v: Vec<usize> = s.char_indices().map(|(i, _)| i).collect();
    v.push(s.len());
    v
}

/// The words of a line (runs without whitespace), a footnote mark one space after a number
/// (`2 [r]`, `12 (p)`, `7 *`) joined to it.
pub(super) fn tokens(s: &str) -> Vec<Token<'_>> {
    // (first char, end char, first byte, end byte) of each word.
    let mut words: Vec<(usize, usize, usize, usize)> = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (ci, (bi, ch)) in s.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((ci, bi)),
            (true, Some((a, ab))) => {
                words.push((a, ci, ab, bi));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((a, ab)) = start {
        words.push((a, s.chars().count(), ab, s.len()));
    }
    let mut out: Vec<(usize, usize, usize, usize)> = Vec::with_capacity(words.len());
    for w in words {
        if let Some(prev) = out.last_mut()
            && prev.1 + 1 == w.0
            && s[prev.2..].starts_with(|c: char| c.is_ascii_digit())
            && numbers::is_flag(&s[w.2..w.3])
        {
            prev.1 = w.1;
            prev.3 = w.3;
            continue;
        }
        out.push(w);
    }
    out.into_iter().map(|(a, b, ab, bb)| Token::new(a, b, &s[ab..bb])).collect()
}

/// The span (of `spans`, in order and disjoint) that `a..b` overlaps first, else the last one
/// starting at or before `a` (a word that no gutter cut can only straddle spans, never miss them
/// all). Binary searches: a line of many words over many columns must not cost their product.
fn nearest<T>(spans: &[T], span: impl Fn(&T) -> (usize, usize), a: usize, b: usize) -> usize {
    let first_ending_after = spans.partition_point(|s| span(s).1 <= a);
    if first_ending_after < spans.len() && span(&spans[first_ending_after]).0 < b {
        return first_ending_after;
    }
    spans.partition_point(|s| span(s).0 <= a).saturating_sub(1)
}

/// Per token of a line, whether it is a number that numbers a column's name (`Week 1  Week 2`,
/// `Quarter 1  Quarter 2`): one space after a word that two or more numbers of the line follow.
/// A header of numbered periods is still a header; a row (`North 3  40`) numbers nothing.
pub(super) fn numbered_names(ts: &[Token]) -> Vec<bool> {
    let after_word = |k: usize| k > 0 && ts[k - 1].b + 1 == ts[k].a && ts[k].numeric() && !ts[k - 1].numeric();
    let mut words: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for k in (0..ts.len()).filter(|&k| after_word(k)) {
        *words.entry(ts[k - 1].text).or_default() += 1;
    }
    (0..ts.len()).map(|k| after_word(k) && words[ts[k - 1].text] >= 2).collect()
}

fn numeric(t: &str) -> bool {
    numbers::stands_for_number(t, Locale::English) && !numbers::is_year_label(t)
}

/// A column piece: its character span and what lies in it.
#[derive(Clone)]
struct Segment {
    a: usize,
    b: usize,
    /// Header tokens over it (indices into a flat list).
    heads: Vec<usize>,
    body_tokens: usize,
    numeric_tokens: usize,
}

impl Segment {
    fn numeric(&self) -> bool {
        self.body_tokens > 0 && self.numeric_tokens == self.body_tokens
    }
}

/// An aligned table starting at `run[i]`, and the index of the line after it. A table starts a
/// block (after a blank line, a fence, or first) or follows its block's first line when that
/// one ends in a colon or is a command after a prompt; a block that is no table is passed over line by line without being read
/// again, so the work stays linear in the text.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let line = |k: usize| content(text, &run[k]);
    let starts_block = |k: usize| k == 0 || blank(line(k - 1)) || fence(line(k - 1));
    let after_intro = i >= 1 && starts_block(i - 1) && !blank(line(i - 1)) && (line(i - 1).trim_end().ends_with(':') || PROMPT.is_match(line(i - 1)));
    if blank(line(i)) || fence(line(i)) || !(starts_block(i) || after_intro) || PROMPT.is_match(line(i)) {
        return None;
    }
    // An introduction ending in a colon (`Counts (from the extract):`) is no header: the table
    // is read from the next line.
    if starts_block(i) && line(i).trim_end().ends_with(':') && i + 1 < run.len() && !blank(line(i + 1)) {
        return None;
    }
    // A client's record marker (`*** 1. row ***`) ends a block too: the listing after it is the
    // vertical reader's, not a row of the query's echo.
    let mut j = i;
    while j < run.len() && !blank(line(j)) && !fence(line(j)) && !super::vertical::is_marker(line(j)) {
        j += 1;
    }
    read(text, run, i, j).map(|t| (t, j))
}

pub(super) fn read<'t>(text: &'t str, run: &[Line], i: usize, j: usize) -> Option<Table<'t>> {
    let line = |k: usize| content(text, &run[k]);
    let meta: Vec<bool> = (i..j).map(|k| TRAILER.is_match(line(k).trim_end())).collect();
    let content_lines: Vec<usize> = (i..j).filter(|&k| !meta[k - i]).collect();
    if content_lines.len() < 2 || content_lines.iter().any(|&k| LIST_ITEM.is_match(line(k))) {
        return None;
    }
    // Header lines: leading lines without a number (years are labels, and so is the scale of a
    // rate, `Deaths per 1,000`), at most three.
    let scale = |ts: &[Token], k: usize| k > 0 && ts[k - 1].text.eq_ignore_ascii_case("per");
    let head: Vec<Vec<Token>> = content_lines.iter().take(3).map(|&k| tokens(line(k))).collect();
    let n_head = head
        .iter()
        .take_while(|ts| {
            let named = numbered_names(ts);
            !ts.iter().enumerate().any(|(k, t)| t.numeric() && !scale(ts, k) && !named[k])
        })
        .count();
    if n_head == content_lines.len() {
        return None;
    }
    // With no header, only a trailer (a series' name, a total's line) makes a block a table:
    // without either, its lines are not read into tokens at all.
    if n_head == 0 && !meta.iter().any(|&m| m) {
        return None;
    }
    let toks: Vec<Vec<Token>> = head.into_iter().chain(content_lines.iter().skip(3).map(|&k| tokens(line(k)))).collect();
    // A table has a column of numbers: a block whose body has none (a script, prose) is passed
    // over before its columns are worked out (a long line would cost that work per character).
    if !toks[n_head..].iter().flatten().any(Token::numeric_or_missing) {
        return None;
    }
    let series_name = (i..j).filter(|&k| meta[k - i]).find_map(|k| SERIES_NAME.captures(line(k)).map(|c| c[1].trim().to_string()));
    // Gutters: character positions blank on every content line. A header line with a single
    // word names a dimension (R's column variable above the header) and may straddle columns.
    let width = toks.iter().flat_map(|ts| ts.last().map(|t| t.b)).max().unwrap_or(0);
    let mut occupied = vec![false; width];
    for (l, ts) in toks.iter().enumerate() {
        if l < n_head && n_head >= 2 && ts.len() == 1 {
            continue;
        }
        for t in ts {
            occupied[t.a..t.b].iter_mut().for_each(|o| *o = true);
        }
    }
    let mut segs: Vec<Segment> = Vec::new();
    let mut p = 0;
    while p < width {
        if occupied[p] {
            let a = p;
            while p < width && occupied[p] {
                p += 1;
            }
            segs.push(Segment { a, b: p, heads: Vec::new(), body_tokens: 0, numeric_tokens: 0 });
        } else {
            p += 1;
        }
    }
    if segs.len() < 2 {
        return None;
    }
    let seg_of = |t: &Token, segs: &[Segment]| nearest(segs, |s| (s.a, s.b), t.a, t.b);
    let mut head_id = 0;
    for (l, ts) in toks.iter().enumerate() {
        for (k, t) in ts.iter().enumerate() {
            let s = seg_of(t, &segs);
            if l < n_head {
                segs[s].heads.push(head_id);
                head_id += 1;
            } else {
                // A unit right after a number (`115 pts`) belongs to it.
                let unit = k > 0 && ts[k - 1].b + 1 == t.a && ts[k - 1].numeric() && numbers::is_count_unit(t.text);
                segs[s].body_tokens += 1;
                segs[s].numeric_tokens += (t.numeric_or_missing() || unit) as usize;
            }
        }
    }
    // Which pairs of neighbouring segments hold text on one line (a label with a space), and
    // which only ever hold a number with its unit there (`101 pts`).
    let mut both_on_a_line = vec![false; segs.len()];
    let mut unit = vec![None; segs.len()];
    for ts in &toks[n_head..] {
        for w in ts.windows(2) {
            let (s0, s1) = (seg_of(&w[0], &segs), seg_of(&w[1], &segs));
            if s1 == s0 + 1 && w[1].a == w[0].b + 1 {
                both_on_a_line[s0] = true;
                let joined = format!("{} {}", w[0].text, w[1].text);
                let is_unit = w[0].numeric() && !w[1].numeric() && numeric(&joined);
                unit[s0] = Some(unit[s0].unwrap_or(true) && is_unit);
            }
        }
    }
    // Which neighbours join: a header word with nothing under it joins the piece it sits next
    // to (the right one first: R right-aligns numbers under a long header), and two text pieces
    // that one line fills with a single space between them are one label.
    let gap1 = |k: usize| segs[k + 1].a == segs[k].b + 1;
    let mut join = vec![false; segs.len().saturating_sub(1)];
    for k in 0..segs.len() {
        if segs[k].body_tokens == 0 {
            if k + 1 < segs.len() && gap1(k) {
                join[k] = true;
            } else if k > 0 && gap1(k - 1) {
                join[k - 1] = true;
            }
        }
    }
    for k in 0..join.len() {
        let (x, y) = (&segs[k], &segs[k + 1]);
        let label = both_on_a_line[k] && !x.numeric() && !y.numeric() && (x.heads.is_empty() || y.heads.is_empty());
        if gap1(k) && (label || unit[k] == Some(true)) {
            join[k] = true;
        }
    }
    let mut cols: Vec<Segment> = Vec::new();
    for (k, s) in segs.iter().enumerate() {
        match cols.last_mut() {
            Some(prev) if join[k - 1] => {
                prev.b = s.b;
                prev.heads.extend(&s.heads);
                prev.body_tokens += s.body_tokens;
                prev.numeric_tokens += s.numeric_tokens;
            }
            _ => cols.push(s.clone()),
        }
    }
    if cols.len() < 2 {
        return None;
    }
    let col_of = |a: usize| nearest(&cols, |c| (c.a, c.b), a, a + 1);
    // Command listings and prose are not tables.
    let body_toks = &toks[n_head..];
    // Whether the block's ratios are counts over bases, asked once and only of a block with one.
    let bases = std::cell::OnceCell::new();
    if body_toks.iter().flatten().any(|t| MACHINE.is_match(t.text) && !(RATIO.is_match(t.text) && *bases.get_or_init(|| counts_over_bases(body_toks)))) {
        return None;
    }
    // Each line's tokens by column (columns in order, so a line's tokens group into runs).
    let runs_of = |ts: &[Token]| -> Vec<(usize, usize, usize)> {
        let mut runs: Vec<(usize, usize, usize)> = Vec::new();
        for t in ts {
            let c = col_of(t.a);
            match runs.last_mut() {
                Some(r) if r.0 == c => r.2 = t.b,
                _ => runs.push((c, t.a, t.b)),
            }
        }
        runs
    };
    // A wide span of short lines is not a table: its cells would outnumber its words.
    if toks.len().saturating_mul(cols.len()) > 8 * toks.iter().map(Vec::len).sum::<usize>() + 64 {
        return None;
    }
    // Lines × columns is bounded by the words (above), so clearing the counts per line is linear.
    let mut words = vec![0usize; cols.len()];
    for ts in &toks {
        words.iter_mut().for_each(|w| *w = 0);
        for t in ts.iter().filter(|t| t.text.chars().any(char::is_alphanumeric)) {
            words[col_of(t.a)] += 1;
        }
        // A row label may run longer (a classification's title: `I26-I28 Pulmonary heart disease
        // and diseases of pulmonary circulation`); a sentence still outruns it.
        if words.iter().enumerate().any(|(c, &w)| w > if c == 0 { 16 } else { 8 }) {
            return None;
        }
    }
    // Alignment per column; a table has a numeric column aligned on one edge.
    let mut right = vec![false; cols.len()];
    let mut aligned_numbers = false;
    let mut col_spans: Vec<Vec<(usize, usize)>> = vec![Vec::new(); cols.len()];
    for ts in body_toks {
        for (c, a, b) in runs_of(ts) {
            col_spans[c].push((a, b));
        }
    }
    for (c, col) in cols.iter().enumerate() {
        let spans = &col_spans[c];
        right[c] = spans.iter().all(|&(_, b)| b == col.b) && !spans.iter().all(|&(a, _)| a == col.a);
        if col.numeric() && spans.len() >= 2 && (spans.iter().all(|&(_, b)| b == col.b) || spans.iter().all(|&(a, _)| a == col.a)) {
            aligned_numbers = true;
        }
    }
    // R prints a one-way table as a header line over one line of numbers.
    let one_line = body_toks.len() == 1 && body_toks[0].iter().all(Token::numeric) && cols.iter().all(|c| c.numeric() && c.heads.len() == 1);
    // A table of one row (pandas' `df.loc[["Total"]]`): each number sits flush with its
    // column's header word, right or left, in two columns at least.
    let one_row = body_toks.len() == 1 && n_head > 0 && {
        let head = &toks[(0..n_head).max_by_key(|&h| (toks[h].len(), h)).unwrap_or(0)];
        let flush = |c: usize| col_spans[c].first().is_some_and(|&(a, b)| head.iter().any(|t| col_of(t.a) == c && (t.b == b || t.a == a)));
        (0..cols.len()).filter(|&c| cols[c].numeric() && flush(c)).count() >= 2
    };
    if !aligned_numbers && !one_line && !one_row {
        return None;
    }

    // Fields per content line.
    let fields_of = |k: usize, ts: &[Token]| -> Vec<Field<'t>> {
        let s = line(k);
        let offs = char_offsets(s);
        let base = run[k].content;
        let mut out: Vec<Field<'t>> = (0..cols.len()).map(|_| Field::virtual_at(run[k].end, Cow::Borrowed(""))).collect();
        let mut first: Vec<Option<usize>> = vec![None; cols.len()];
        for t in ts {
            let c = col_of(t.a);
            let (a, b) = (offs[t.a], offs[t.b]);
            match first[c] {
                None => {
                    first[c] = Some(t.a);
                    out[c] = Field {
                        start: base + a,
                        end: base + b,
                        text: Cow::Borrowed(&text[base + a..base + b]),
                        quoted: false,
                        indent: if right[c] { 0 } else { t.a - cols[c].a },
                    };
                }
                Some(_) => {
                    out[c].end = base + b;
                    out[c].text = Cow::Borrowed(&text[out[c].start..base + b]);
                }
            }
        }
        out
    };
    let mut rows: Vec<Row<'t>> = Vec::new();
    let mut lines = Vec::new();
    // Header: the fullest header line; one-token lines name a dimension and fold into it.
    let head_lines: Vec<usize> = (0..n_head).collect();
    let main_head = head_lines.iter().copied().max_by_key(|&h| (toks[h].len(), h));
    let mut header: Vec<Field<'t>> = match main_head {
        Some(h) => fields_of(content_lines[h], &toks[h]),
        None => (0..cols.len()).map(|_| Field::virtual_at(run[content_lines[0]].start, Cow::Borrowed(""))).collect(),
    };
    for &h in &head_lines {
        let k = content_lines[h];
        if Some(h) == main_head {
            lines.push((run[k].content, run[k].end, Some(0)));
            continue;
        }
        let fs = fields_of(k, &toks[h]);
        if toks[h].len() == 1 && col_of(toks[h][0].a) == 0 && header[0].text.is_empty() {
            header[0] = Field::virtual_at(header[0].start, fs[0].text.clone());
        }
        lines.push((run[k].content, run[k].end, None));
    }
    // A Series has no header over its values: its name (or "count") stands in.
    if let Some(last) = header.last_mut()
        && last.text.is_empty()
        && cols.last().is_some_and(Segment::numeric)
    {
        *last = Field::virtual_at(last.start, Cow::Owned(series_name.unwrap_or_else(|| "count".into())));
    }
    rows.push(Row { fields: header });
    let first_numeric = cols.iter().position(Segment::numeric).unwrap_or(cols.len());
    for (l, ts) in toks.iter().enumerate().skip(n_head) {
        let k = content_lines[l];
        let mut fields = fields_of(k, ts);
        // A sparsified MultiIndex: an empty leading label repeats the one above it. The innermost
        // level is printed on every row, so a blank there is a label of its own (a rollup's
        // subtotal row, `East          96`).
        if let Some(prev) = rows.last().filter(|_| rows.len() > 1) {
            for c in 0..first_numeric.saturating_sub(1).min(fields.len()) {
                if fields[c].text.is_empty() && fields[c + 1..].iter().any(|f| !f.text.is_empty()) {
                    let above = prev.fields[c].text.clone();
                    fields[c] = Field::virtual_at(fields[c].start, above);
                }
            }
        }
        lines.push((run[k].content, run[k].end, Some(rows.len())));
        rows.push(Row { fields });
    }
    let prefix = text[run[i].start..run[i].content].to_string();
    let grid = Grid { cols: cols.iter().map(|c| (c.a, c.b)).collect(), right, lines };
    Some(Table { format: Format::Aligned, start: run[i].start, end: run[j - 1].end, prefix, rows, grid: Some(Box::new(grid)) })
}

/// Rewrite fields of an aligned table and realign every line that holds columns: each column
/// keeps its alignment and widens to its longest content.
pub(super) fn rewrite(text: &str, table: &Table, grid: &Grid, changes: &[(usize, usize, &str)]) -> Vec<Edit> {
    let ncols = grid.cols.len();
    let mut new: Vec<Vec<Option<&str>>> = vec![vec![None; ncols]; table.rows.len()];
    for &(r, c, v) in changes {
        if c < ncols {
            new[r][c] = Some(v);
        }
    }
    // Each row line's pieces per column: the original text without its padding (a left-aligned
    // label keeps its indentation), or the new value. Lines folded into the header (a dimension
    // name) are left as they are.
    let lines: Vec<(usize, usize, usize)> = grid.lines.iter().filter_map(|&(a, b, row)| row.map(|r| (a, b, r))).collect();
    let pieces: Vec<Vec<String>> = lines
        .iter()
        .map(|&(a, b, r)| {
            let chars: Vec<char> = text[a..b].chars().collect();
            (0..ncols)
                .map(|c| {
                    let (x, y) = grid.cols[c];
                    let piece: String = chars[x.min(chars.len())..y.min(chars.len())].iter().collect();
                    let piece = if grid.right[c] { piece.trim().to_string() } else { piece.trim_end().to_string() };
                    match new[r][c] {
                        // A count inside a label (`South (10)`): only the count is replaced.
                        Some(v) => match numbers::count_in_label(&piece).filter(|_| !numbers::stands_for_number(&piece, Locale::English)) {
                            Some((_, a, b)) => format!("{}{v}{}", &piece[..a], &piece[b..]),
                            None => v.to_string(),
                        },
                        None => piece,
                    }
                })
                .collect()
        })
        .collect();
    let mut widths: Vec<usize> = grid.cols.iter().map(|&(a, b)| b - a).collect();
    for p in &pieces {
        for (c, s) in p.iter().enumerate() {
            widths[c] = widths[c].max(s.chars().count());
        }
    }
    let mut edits = Vec::new();
    for (&(a, b, _), p) in lines.iter().zip(&pieces) {
        let mut out = " ".repeat(grid.cols[0].0);
        for c in 0..ncols {
            if c > 0 {
                out.push_str(&" ".repeat(grid.cols[c].0 - grid.cols[c - 1].1));
            }
            let pad = widths[c] - p[c].chars().count();
            if grid.right[c] {
                out.push_str(&" ".repeat(pad));
                out.push_str(&p[c]);
            } else {
                out.push_str(&p[c]);
                out.push_str(&" ".repeat(pad));
            }
        }
        let out = out.trim_end().to_string();
        if out != text[a..b].trim_end() {
            edits.push(Edit { start: a, end: b, text: out.into() });
        }
    }
    edits
}
