//! SDMX-CSV (versions 1 and 2, as a statistics office's API returns it): an observation a line,
//! `DATAFLOW` (or `STRUCTURE`, `STRUCTURE_ID`, `ACTION`) first, then a column per dimension,
//! `TIME_PERIOD`, `OBS_VALUE` and the attributes (`OBS_STATUS`, `OBS_CONF`, `UNIT_MULT`, …).
//! The delimited reader reads it as a long listing; here it becomes the cube it stands for: the
//! dimensions that vary are the keys, one of them (the period when it varies, else the last
//! dimension) spread over the columns, each cell the observation's `OBS_VALUE` field (so a new
//! value is written where the old one stood). Columns that never change (the dataflow, a single
//! period) tell nothing and attributes are no dimensions; `UNIT_MEASURE`, when it varies, tells
//! a share (`PC`, percent) from a count: the share's column is named with `%`. SDMX's total code
//! `_T` (alone or as `_T: label`) reads `Total`. A missing observation (left out, or an empty
//! `OBS_VALUE` with its status) is an empty cell.
//!
//! When spreading a dimension leaves most cells empty (a dimension that only describes another,
//! a grouping's members beside the group), every dimension is a key and the values one column.
//! Observations are read in order: a row is a run of lines with the same keys, each column once,
//! so a key listed again later is a row of its own, as it would be printed.

use std::borrow::Cow;
use std::collections::HashMap;

use super::{Field, Format, Row, Table};

/// Columns that name the dataflow or the action, never a dimension.
const LEAD: &[&str] = &["DATAFLOW", "STRUCTURE", "STRUCTURE_ID", "STRUCTURE_NAME", "ACTION", "LAST UPDATE", "LAST_UPDATE"];
/// Attributes of an observation or a series that SDMX writes beside the dimensions.
const ATTRIBUTES: &[&str] = &[
    "OBS_STATUS",
    "OBS_CONF",
    "OBS_FLAG",
    "OBS_FLAGS",
    "CONF_STATUS",
    "OBS_PRE_BREAK",
    "OBS_COM",
    "COMMENT_OBS",
    "UNIT_MULT",
    "DECIMALS",
    "BASE_PER",
    "EMBARGO_TIME",
    "TIME_FORMAT",
    "TITLE",
    "TITLE_COMPL",
    "COMMENT_TS",
    "COMPILING_ORG",
    "DATA_COMP",
    "CURRENCY",
];
const UNITS: &[&str] = &["UNIT_MEASURE", "UNIT"];
const TIMES: &[&str] = &["TIME_PERIOD", "TIME"];
/// Unit codes of a share.
const PERCENT_UNITS: &[&str] = &["PC", "PCT", "PERCENT", "%", "PT", "PC_POP", "PC_TOT"];

/// A column's name without its label (`REF_AREA: Reference area`).
fn code(name: &str) -> &str {
    name.split_once(':').map_or(name, |(c, _)| c).trim()
}

fn is(name: &str, words: &[&str]) -> bool {
    let c = code(name);
    words.iter().any(|w| c.eq_ignore_ascii_case(w))
}

/// A key's text: SDMX's total code reads `Total`.
fn key_text<'t>(f: &Field<'t>) -> Field<'t> {
    let c = code(&f.text);
    let mut f = f.clone();
    if c == "_T" || c == "_TOTAL" {
        f.text = Cow::Borrowed("Total");
    }
    f
}

/// `t` read as the cube it lists when it is SDMX-CSV; otherwise `t` as it was.
pub(super) fn cube(t: Table<'_>) -> Table<'_> {
    if !matches!(t.format, Format::Delimited(_)) || t.rows.len() < 3 {
        return t;
    }
    let head = &t.rows[0].fields;
    let Some(obs) = head.iter().position(|f| f.text.trim().eq_ignore_ascii_case("OBS_VALUE")) else { return t };
    let body = &t.rows[1..];
    let distinct = |c: usize| body.iter().any(|r| r.fields[c].text != body[0].fields[c].text);
    let unit = (0..obs).find(|&c| is(&head[c].text, UNITS)).filter(|&c| distinct(c));
    let dims: Vec<usize> =
        (0..obs).filter(|&c| !is(&head[c].text, LEAD) && !is(&head[c].text, ATTRIBUTES) && !is(&head[c].text, UNITS) && distinct(c)).collect();
    if dims.is_empty() && unit.is_none() {
        return t;
    }
    let time = dims.iter().copied().find(|&c| is(&head[c].text, TIMES));
    let across = if dims.len() < 2 { None } else { time.or(dims.last().copied()) };
    let rows = pivot(head, body, obs, unit, &dims, across).or_else(|| across.and_then(|_| pivot(head, body, obs, unit, &dims, None)));
    match rows {
        Some(rows) => Table { rows, grid: None, ..t },
        None => t,
    }
}

/// The cube's rows with `across` spread over the columns (`None`: one column of values, every
/// dimension a key); `None` when it would be mostly empty.
fn pivot<'t>(head: &[Field<'t>], body: &[Row<'t>], obs: usize, unit: Option<usize>, dims: &[usize], across: Option<usize>) -> Option<Vec<Row<'t>>> {
    let keys: Vec<usize> = dims.iter().copied().filter(|&c| Some(c) != across).collect();
    // Columns: the spread dimension's value and the unit, in the order first listed.
    let first_unit = unit.map(|u| body[0].fields[u].text.trim());
    let column_of = |r: &Row<'_>| (across.map_or("", |c| r.fields[c].text.trim()).to_string(), unit.map_or("", |u| r.fields[u].text.trim()).to_string());
    let mut columns: Vec<(String, String)> = Vec::new();
    let mut column_at: HashMap<(String, String), usize> = HashMap::new();
    let mut column_field: Vec<Field> = Vec::new();
    let mut rows: Vec<(usize, Vec<Option<usize>>)> = Vec::new();
    let mut last_key: Option<Vec<&str>> = None;
    for (i, r) in body.iter().enumerate() {
        let col = column_of(r);
        let k = match column_at.get(&col) {
            Some(&k) => k,
            None => {
                let k = columns.len();
                let name = match across {
                    Some(c) => key_text(&r.fields[c]),
                    None => head[obs].clone(),
                };
                let mut name = Field::virtual_at(name.start, name.text);
                if let (Some(u), Some(first)) = (unit, first_unit) {
                    let code = code(r.fields[u].text.trim());
                    if PERCENT_UNITS.iter().any(|p| code.eq_ignore_ascii_case(p)) {
                        name.text = Cow::Owned(format!("{} %", name.text));
                    } else if code != first {
                        name.text = Cow::Owned(format!("{} ({code})", name.text));
                    }
                }
                column_at.insert(col.clone(), k);
                columns.push(col);
                column_field.push(name);
                k
            }
        };
        let key: Vec<&str> = keys.iter().map(|&c| r.fields[c].text.trim()).collect();
        let same = last_key.as_ref() == Some(&key);
        match rows.last_mut() {
            Some((_, cells)) if same && cells.get(k).is_none_or(Option::is_none) => {
                cells.resize(cells.len().max(k + 1), None);
                cells[k] = Some(i);
            }
            _ => {
                let mut cells = vec![None; k + 1];
                cells[k] = Some(i);
                rows.push((i, cells));
            }
        }
        last_key = Some(key);
    }
    // A cube fills at least half its cells; observations that share no keys are a listing.
    if rows.len() < 2 && columns.len() < 2 || rows.len() * columns.len() > 2 * body.len() {
        return None;
    }
    let mut header: Vec<Field> = keys.iter().map(|&c| head[c].clone()).collect();
    if keys.is_empty() {
        header.push(Field::virtual_at(head[obs].start, Cow::Borrowed("")));
    }
    header.extend(column_field);
    let mut out = vec![Row { fields: header }];
    for (first, cells) in rows {
        let r = &body[first];
        let mut fields: Vec<Field> = keys.iter().map(|&c| key_text(&r.fields[c])).collect();
        if keys.is_empty() {
            fields.push(Field::virtual_at(r.fields[obs].start, Cow::Borrowed("")));
        }
        let at = r.fields.last().map_or(head[obs].end, |f| f.end);
        for k in 0..columns.len() {
            fields.push(cells.get(k).copied().flatten().map_or_else(|| Field::virtual_at(at, Cow::Borrowed("")), |i| body[i].fields[obs].clone()));
        }
        out.push(Row { fields });
    }
    Some(out)
}
