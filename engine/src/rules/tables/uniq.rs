//! `sort | uniq -c`: a count per distinct line, right-aligned in a field seven wide, then the line
//! (`     64 North Owner`). Counting a column pair gives a long table (`North Owner`, `North
//! Renter`, …, `Total Total`), whose labels are read as two label columns: each label cut at the
//! longest ending of words that comes after at least two different beginnings, when every label
//! has one and every beginning comes before two endings; else the label is one column.
//!
//! Lines count as the output when at least two follow each other with their counts padded to the
//! same column (the fourth at least) and a label of words after them; `wc -l`'s files and a count
//! of hosts are no table. The trigger is the first such line.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use super::numbers::{Locale, stands_for_number};
use super::{Field, Format, Line, Row, Table, block_table, content, is_machine_name};

/// Lines of one `uniq -c` output at most (a label's word endings are counted per line).
const MAX_LINES: usize = 4096;

/// The column a count ends in at least: `uniq -c` pads it to 7 (GNU) or 4 (BSD) characters.
const MIN_END: usize = 4;

/// Words a label may have for its endings to be counted.
const MAX_WORDS: usize = 16;

/// A line's count and label fields, and the column where the count ends.
fn line<'t>(text: &'t str, l: &Line) -> Option<(Field<'t>, Field<'t>, usize)> {
    let s = content(text, l);
    let t = s.trim_start_matches(' ');
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let rest = t[digits..].strip_prefix(' ')?;
    let label = rest.trim();
    let end = s.len() - t.len() + digits;
    if digits == 0 || digits > 12 || end < MIN_END || !label.contains(char::is_alphabetic) || stands_for_number(label, Locale::English) {
        return None;
    }
    let a = l.content + s.len() - t.len();
    let la = l.content + s.len() - rest.len() + (rest.len() - rest.trim_start().len());
    let count = Field { start: a, end: a + digits, text: Cow::Borrowed(&t[..digits]), quoted: false, indent: 0 };
    let lab = Field { start: la, end: la + label.len(), text: Cow::Borrowed(label), quoted: false, indent: 0 };
    Some((count, lab, end))
}

/// Where each label is cut into a beginning and an ending (byte offsets), if every one can be.
fn cuts(labels: &[&str]) -> Option<Vec<usize>> {
    let starts = |s: &str| s.match_indices(' ').map(|(k, _)| k).take(MAX_WORDS).collect::<Vec<_>>();
    let mut before: HashMap<&str, HashSet<&str>> = HashMap::new();
    for s in labels {
        for k in starts(s) {
            before.entry(&s[k + 1..]).or_default().insert(&s[..k]);
        }
    }
    let cut: Vec<usize> =
        labels.iter().map(|s| starts(s).into_iter().find(|&k| before.get(&s[k + 1..]).is_some_and(|b| b.len() >= 2))).collect::<Option<_>>()?;
    let mut after: HashMap<&str, HashSet<&str>> = HashMap::new();
    for (s, &k) in labels.iter().zip(&cut) {
        after.entry(&s[..k]).or_default().insert(&s[k + 1..]);
    }
    after.values().all(|e| e.len() >= 2).then_some(cut)
}

/// A `uniq -c` table from `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let (_, _, col) = line(text, &run[i])?;
    if i > 0 && line(text, &run[i - 1]).is_some_and(|(_, _, c)| c == col) {
        return None;
    }
    let mut found = Vec::new();
    let mut j = i;
    while let Some(l) = run.get(j).filter(|_| found.len() < MAX_LINES).and_then(|l| line(text, l)).filter(|l| l.2 == col) {
        found.push(l);
        j += 1;
    }
    let labels: Vec<&str> = found.iter().map(|(_, l, _)| &text[l.start..l.end]).collect();
    if found.len() < 2 || labels.iter().any(|l| is_machine_name(l)) {
        return None;
    }
    let cut = cuts(&labels);
    let blank = |n: usize| (0..n).map(|_| Field::virtual_at(run[i].content, Cow::Borrowed("")));
    let width = if cut.is_some() { 2 } else { 1 };
    let mut rows = vec![Row { fields: blank(width).chain([Field::virtual_at(run[i].content, Cow::Borrowed("count"))]).collect() }];
    for (k, (count, lab, _)) in found.into_iter().enumerate() {
        let mut fields = match &cut {
            Some(cut) => {
                let c = lab.start + cut[k];
                vec![
                    Field { end: c, text: Cow::Borrowed(&text[lab.start..c]), ..lab.clone() },
                    Field { start: c + 1, text: Cow::Borrowed(&text[c + 1..lab.end]), ..lab },
                ]
            }
            None => vec![lab],
        };
        fields.push(count);
        rows.push(Row { fields });
    }
    Some((block_table(text, run, i, j - 1, Format::Uniq, rows)?, j))
}
