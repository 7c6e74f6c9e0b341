//! Ruled text tables: the ones drawn with rule lines. Box drawing (polars with its `---` and
//! dtype rows, rich's heavy head, tabulate's `fancy_grid`), ASCII grids (`+---+`, `+===+`, also
//! reStructuredText grid tables, Stata's `list` with its observation numbers), Stata's `tabulate` (`|` between labels, counts and Total,
//! `-----+-----` rules), reStructuredText simple tables and tabulate's `simple` (`===  ===` or
//! `---  ---` rules that give the column spans), and SAS PROC PRINT listings (a header, one
//! blank line, then the aligned rows), and MATLAB's table display (names over `____` rules, a
//! blank line, then the rows, strings in double quotes).
//!
//! The rules tell where the cells are: between vertical bars, then between runs of two or more
//! spaces (Stata puts several count columns between two bars); or inside the spans of a simple
//! table's rule. Rule lines are part of the table's span but are not rows. No table library
//! reads these from text, so they are read here, each line once (linear in the text).

use std::borrow::Cow;

use super::numbers::{self, Locale};
use super::{Field, Format, Line, Row, Table, aligned, content, square};

/// Characters a rule line is drawn with: fills, corners, crossings and bars.
const FILLS: &[char] = &['─', '━', '═', '-', '='];
const BARS: &[char] = &['│', '┃', '┆', '┊', '╎', '║', '|'];
const CROSSES: &str = "┌┬┐└┴┘├┼┤╞╪╡┏┳┓┗┻┛┣╋┫┡╇┩┢╈┪╒╤╕╘╧╛╓╥╖╙╨╜╔╦╗╚╩╝╠╬╣╟╫╢+:";

/// At most this many fields per table for every byte of its span (a wide rule over many short
/// rows must not make padded fields quadratic in the text).
const FIELDS_PER_BYTE: usize = 2;

fn is_rule(s: &str) -> bool {
    let t = s.trim();
    let fills = t.chars().filter(|c| FILLS.contains(c)).count();
    fills >= 3 && t.chars().all(|c| c == ' ' || FILLS.contains(&c) || BARS.contains(&c) || CROSSES.contains(c))
}

fn is_bar_row(s: &str) -> bool {
    !s.trim().is_empty() && !is_rule(s) && s.contains(BARS)
}

/// A ruled table starting at `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = content(text, &run[i]);
    if let Some(spans) = simple_rule(first) {
        return simple(text, run, i, i, &spans);
    }
    if i + 1 < run.len()
        && let Some(spans) = simple_rule(content(text, &run[i + 1]))
        && !first.trim().is_empty()
        && !first.contains(BARS)
    {
        return simple(text, run, i, i + 1, &spans);
    }
    if let Some(t) = listing(text, run, i) {
        return Some(t);
    }
    if let Some(head) = named_rule(text, &run[i]) {
        return named(text, run, i, head);
    }
    if is_rule(first) || is_bar_row(first) {
        return barred(text, run, i);
    }
    None
}

/// Box drawing, ASCII grids and Stata: rule lines and rows with bars.
fn barred<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    // A stretch of barred lines is read from its first line only: read again from each of its
    // lines, a stretch that is no table would cost the square of its length.
    if i > 0 && {
        let before = content(text, &run[i - 1]);
        is_rule(before) || is_bar_row(before)
    } {
        return None;
    }
    let mut j = i;
    let mut rules = Vec::new();
    let mut rows = Vec::new();
    while j < run.len() {
        let c = content(text, &run[j]);
        if is_rule(c) {
            rules.push(j);
        } else if is_bar_row(c) {
            rows.push(j);
        } else {
            break;
        }
        j += 1;
    }
    if rules.is_empty() || rows.len() < 2 {
        return None;
    }
    // Header candidates: the rows above the last rule before the first row with a number in it
    // (a title row, a column variable's name, polars' `---` and dtype rows), or above the first
    // rule after a row; the header is the widest of them.
    // The box's left edge: what a row has before it is outside the box (Stata `list`'s `1.`).
    let edge = rules.iter().map(|&k| content(text, &run[k])).map(|c| c.len() - c.trim_start().len()).min().unwrap_or(0);
    let split: Vec<Row<'t>> = rows.iter().map(|&k| bar_fields(text, &run[k], edge)).collect();
    let numeric = |r: &Row| r.fields.iter().any(|f| numbers::stands_for_number(&f.text, Locale::English));
    let first_numeric = rows.iter().zip(&split).find(|(_, r)| numeric(r)).map(|(&k, _)| k);
    let head_end = first_numeric
        .and_then(|n| rules.iter().rev().find(|&&r| r > rows[0] && r < n))
        .or_else(|| rules.iter().find(|&&r| r > rows[0]))
        .map_or(rows[0] + 1, |&r| r);
    let heads = rows.iter().take_while(|&&k| k < head_end).count();
    let header = (0..heads).max_by_key(|&k| (split[k].fields.len(), std::cmp::Reverse(k)))?;
    let mut table_rows = vec![split[header].clone()];
    table_rows.extend(split.into_iter().skip(heads));
    finish(text, run, i, j, table_rows)
}

/// ClickHouse's compact boxes (`PrettyCompact`, `PrettyCompactMonoBlock`): the column names stand
/// in the top rule between its fills (`┌─town──┬─cases─┐`). The names, as the header's fields.
fn named_rule<'t>(text: &'t str, line: &Line) -> Option<Row<'t>> {
    let s = content(text, line);
    let t = s.trim_end();
    let lead = t.len() - t.trim_start().len();
    let open = t[lead..].chars().next().filter(|c| matches!(c, '┌' | '┏' | '╭' | '╔'))?;
    let close = t.chars().next_back().filter(|c| matches!(c, '┐' | '┓' | '╮' | '╗'))?;
    let (from, to) = (lead + open.len_utf8(), t.len() - close.len_utf8());
    let mut fields = Vec::new();
    let mut a = from;
    for (k, c) in t[from..to].char_indices().map(|(k, c)| (from + k, c)).chain([(to, '┬')]) {
        if !matches!(c, '┬' | '┳' | '╤' | '╦') {
            continue;
        }
        let cell = &t[a..k];
        let name = cell.trim_matches(|c: char| c == ' ' || FILLS.contains(&c));
        // Each column's name has fills around it (a rule with one word in it is a title).
        if name.is_empty() || name.len() == cell.len() || name.contains(BARS) {
            return None;
        }
        let start = a + cell.find(name)?;
        fields.push(Field { start: line.content + start, end: line.content + start + name.len(), text: Cow::Borrowed(name), quoted: false, indent: 0 });
        a = k + c.len_utf8();
    }
    (fields.len() >= 2).then_some(Row { fields })
}

/// The rows under a named top rule ([`named_rule`]): bar rows and rules, to the first other line.
fn named<'t>(text: &'t str, run: &[Line], i: usize, head: Row<'t>) -> Option<(Table<'t>, usize)> {
    let first = content(text, &run[i]);
    let edge = first.len() - first.trim_start().len();
    let mut rows = vec![head];
    let mut j = i + 1;
    while let Some(line) = run.get(j) {
        let c = content(text, line);
        if is_bar_row(c) {
            rows.push(bar_fields(text, line, edge));
        } else if !is_rule(c) {
            break;
        }
        j += 1;
    }
    if rows.len() < 2 {
        return None;
    }
    finish(text, run, i, j, rows)
}

/// The fields of a row with bars: between bars, then between runs of two or more spaces; an
/// observation number before a bar at the box's left edge `edge` is no field.
fn bar_fields<'t>(text: &'t str, line: &Line, edge: usize) -> Row<'t> {
    let s = content(text, line);
    let base = line.content;
    let mut cuts: Vec<(usize, usize)> = s.char_indices().filter(|(_, c)| BARS.contains(c)).map(|(k, c)| (k, k + c.len_utf8())).collect();
    let lead = s.len() - s.trim_start().len();
    let trail = s.trim_end().len();
    let numbered =
        |c: &(usize, usize)| c.0 == edge && s[..c.0].trim().strip_suffix('.').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    // A bar first on its line opens the box only at the box's left edge: further in, what stands
    // before it is a blank field (psql's empty top-left header cell, a NULL label).
    let mut from = if cuts.first().is_some_and(|c| (c.0 == lead && c.0 <= edge) || numbered(c)) { cuts.remove(0).1 } else { 0 };
    let closed = cuts.last().is_some_and(|c| c.1 == trail);
    let mut segments = Vec::new();
    for &(a, b) in &cuts {
        segments.push((from, a));
        from = b;
    }
    if !closed {
        segments.push((from, s.len()));
    }
    let mut fields = Vec::new();
    for (a, b) in segments {
        let before = fields.len();
        pieces(s, base, a, b, &mut fields);
        if fields.len() == before {
            fields.push(Field::virtual_at(base + a, Cow::Borrowed("")));
        }
    }
    Row { fields }
}

/// The pieces of `s[a..b]` that runs of two or more spaces separate, as fields.
fn pieces<'t>(s: &'t str, base: usize, a: usize, b: usize, out: &mut Vec<Field<'t>>) {
    let bytes = s.as_bytes();
    let mut k = a;
    while k < b {
        while k < b && bytes[k] == b' ' {
            k += 1;
        }
        if k >= b {
            break;
        }
        let start = k;
        let mut end = k;
        while k < b && !(bytes[k] == b' ' && (k + 1 >= b || bytes[k + 1] == b' ')) {
            k += 1;
            if bytes[k - 1] != b' ' {
                end = k;
            }
        }
        // After a rule character one space is padding; at the start of the line there is none.
        let lead = if a == 0 { start } else { (start - a).saturating_sub(1) };
        // A client that quotes strings (Neo4j's cypher-shell: `| "North" | "3 (2.1%)" |`): the
        // content is inside the quotes.
        let cell = &s[start..end];
        let (start, end) = if cell.len() >= 2 && cell.starts_with('"') && cell.ends_with('"') && !cell[1..cell.len() - 1].contains('"') {
            (start + 1, end - 1)
        } else {
            (start, end)
        };
        out.push(Field { start: base + start, end: base + end, text: Cow::Borrowed(&s[start..end]), quoted: false, indent: lead });
    }
}

/// The column spans of a simple table's rule (`=====  ===  ====`): two or more runs of `=`, of
/// `-` or (MATLAB) of `_`, nothing else but spaces.
fn simple_rule(s: &str) -> Option<Vec<(usize, usize)>> {
    let t = s.trim_end();
    let fill = t.trim_start().chars().next().filter(|c| matches!(c, '=' | '-' | '_'))?;
    if !t.chars().all(|c| c == fill || c == ' ') {
        return None;
    }
    let b = t.as_bytes();
    let mut spans = Vec::new();
    let mut k = 0;
    while k < b.len() {
        if b[k] == b' ' {
            k += 1;
            continue;
        }
        let a = k;
        while k < b.len() && b[k] != b' ' {
            k += 1;
        }
        spans.push((a, k));
    }
    (spans.len() >= 2 && spans.iter().all(|(a, b)| b - a >= 2)).then_some(spans)
}

/// A simple table from `run[i]`, its first column rule at `run[r]`: every non-blank line up to
/// a blank one is a row, cut at the rule's column starts; the header is the row above the
/// second rule (or above the only rule). MATLAB leaves a blank line under its `____` rule.
fn simple<'t>(text: &'t str, run: &[Line], i: usize, r: usize, spans: &[(usize, usize)]) -> Option<(Table<'t>, usize)> {
    let mut j = i;
    let mut lines = Vec::new();
    let mut rules = 0;
    let matlab_rule = content(text, &run[r]).trim_start().starts_with('_');
    while j < run.len() {
        let c = content(text, &run[j]);
        if c.trim().is_empty() && matlab_rule && j == r + 1 {
            j += 1;
            continue;
        }
        if c.trim().is_empty() || aligned::fence(c) {
            break;
        }
        if simple_rule(c).is_some() {
            rules += 1;
            // The bottom rule of an rst table ends it.
            if rules == 3 || (r > i && rules == 2) {
                j += 1;
                break;
            }
        } else {
            lines.push(j);
        }
        j += 1;
    }
    if lines.len() < 2 || spans.len() * lines.len() > FIELDS_PER_BYTE * (run[j - 1].end - run[i].start) {
        return None;
    }
    let rows: Vec<Row<'t>> = lines.iter().map(|&k| span_fields(text, &run[k], spans)).collect();
    if rows.len() < 2 || rows[0].fields.iter().filter(|f| !f.text.is_empty()).count() < 2 {
        return None;
    }
    finish(text, run, i, j, rows)
}

/// The fields of a simple table's row: column `k` runs from the rule's `k`th run to the next.
/// A word the cut falls inside goes whole to the side that holds most of it (PowerShell's
/// right-aligned `-100.0` starts one character left of its rule).
fn span_fields<'t>(text: &'t str, line: &Line, spans: &[(usize, usize)]) -> Row<'t> {
    let s = content(text, line);
    let base = line.content;
    let b = s.as_bytes();
    let word = |c: u8| !c.is_ascii_whitespace();
    let first = floor(s, spans[0].0.min(s.len()));
    let cuts: Vec<usize> = std::iter::once(first)
        .chain(spans[1..].iter().map(|&(a, _)| {
            let cut = floor(s, a.min(s.len()));
            if cut == 0 || cut >= b.len() || !word(b[cut - 1]) || !word(b[cut]) {
                return cut;
            }
            let start = cut - b[..cut].iter().rev().take_while(|&&c| word(c)).count();
            let end = cut + b[cut..].iter().take_while(|&&c| word(c)).count();
            floor(s, if cut - start < end - cut { start } else { end })
        }))
        .collect();
    let mut fields = Vec::new();
    for k in 0..spans.len() {
        let a = cuts[k];
        let b = cuts.get(k + 1).copied().unwrap_or(s.len()).max(a);
        let before = fields.len();
        if a < b {
            let raw = &s[a..b];
            let lead = raw.len() - raw.trim_start().len();
            let trimmed = raw.trim();
            // MATLAB quotes a string: the content is inside the quotes.
            let quotes = usize::from(trimmed.len() >= 2 && trimmed.starts_with('"') && trimmed.ends_with('"'));
            let inner = &trimmed[quotes..trimmed.len() - quotes];
            if !inner.is_empty() {
                let start = base + a + lead + quotes;
                fields.push(Field { start, end: start + inner.len(), text: Cow::Borrowed(inner), quoted: false, indent: lead });
            }
        }
        if fields.len() == before {
            fields.push(Field::virtual_at(base + a, Cow::Borrowed("")));
        }
    }
    Row { fields }
}

/// The nearest char boundary at or before `k`.
fn floor(s: &str, mut k: usize) -> usize {
    while !s.is_char_boundary(k) {
        k -= 1;
    }
    k
}

/// A listing whose header is parted from its rows by one blank line (SAS PROC PRINT): read as
/// aligned text without that line.
fn listing<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let line = |k: usize| content(text, &run[k]);
    if i + 2 >= run.len() || line(i).trim().is_empty() || !line(i + 1).trim().is_empty() || line(i + 2).trim().is_empty() {
        return None;
    }
    if i > 0 && !line(i - 1).trim().is_empty() && !aligned::fence(line(i - 1)) {
        return None;
    }
    // The header has only labels (years among them: `2023  2024`; numbers naming columns, as the
    // aligned reader reads them: `Week 1  Week 2`), the first row a number in it.
    let head = line(i);
    let number = |w: &str| w.chars().all(|c| c.is_ascii_digit());
    let offset = |w: &str| w.as_ptr() as usize - head.as_ptr() as usize;
    let ts = aligned::tokens(head);
    let named: Vec<usize> = ts.iter().zip(aligned::numbered_names(&ts)).filter(|(_, n)| *n).map(|(t, _)| offset(t.text)).collect();
    let numbers_a_name = |w: &str| named.contains(&offset(w));
    if !head.trim().contains("  ")
        || head.split_whitespace().any(|w| number(w) && !numbers::is_year_label(w) && !numbers_a_name(w))
        || head.split_whitespace().all(number)
        || !line(i + 2).split_whitespace().any(|w| w.parse::<u64>().is_ok())
    {
        return None;
    }
    let mut j = i + 2;
    while j < run.len() && !line(j).trim().is_empty() && !aligned::fence(line(j)) {
        j += 1;
    }
    let kept: Vec<Line> = std::iter::once(i)
        .chain(i + 2..j)
        .map(|k| Line { start: run[k].start, content: run[k].content, end: run[k].end, prefix: run[k].prefix.clone() })
        .collect();
    let table = aligned::read(text, &kept, 0, kept.len())?;
    (table.rows.len() >= 2).then_some((table, j))
}

fn finish<'t>(text: &'t str, run: &[Line], i: usize, j: usize, mut rows: Vec<Row<'t>>) -> Option<(Table<'t>, usize)> {
    let width = rows.first()?.fields.len();
    if width < 2 || width * rows.len() > FIELDS_PER_BYTE * (run[j - 1].end - run[i].start) {
        return None;
    }
    square(&mut rows, width);
    let prefix = text[run[i].start..run[i].content].to_string();
    Some((Table { format: Format::Ruled, start: run[i].start, end: run[j - 1].end, prefix, rows, grid: None }, j))
}
