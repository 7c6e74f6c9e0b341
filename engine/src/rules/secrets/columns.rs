//! Credentials in tabular output, found by the name of their column rather than beside it: the
//! value under a credential-named column (`password`, `api_key`, `token`, `client_secret`) in each
//! row of an SQL `INSERT … (columns) VALUES (…), (…)`, a mysql or psql bordered table, a psql `\x`
//! expanded record, a CSV export, or a command-line tool's listing aligned by blanks (`gh variable
//! list`'s `NAME  VALUE  UPDATED`, `vault kv get`'s `Key  Value`). A dump with no column list (`mysqldump`'s `INSERT INTO t
//! VALUES`) names only its table: in a table that stores credentials (`api_keys`,
//! `oauth_clients`, `personal_access_tokens`), a quoted value shaped like a generated secret goes.
//!
//! Lines are read as a terminal or a tool shows them: a line ends at a newline or a JSON-escaped
//! `\n`, and a rich panel's `│` borders and padding are no part of its content. Column names are
//! judged by the same words as assignments (`context::classify`: `password_hash`, `token_sha256`,
//! `api_key_last4` name something about the credential), values by the same gate, and a stored
//! password hash (`$2b$…`, `pbkdf2_sha256$…`) is no password.

use super::context::{accept, classify, provider_shaped};
use super::printed::line_start;
use super::validate::{self, Class};
use super::{Scan, SecretMatch};

/// A rich panel's vertical border (`│`, U+2502).
const BORDER: &[u8] = "\u{2502}".as_bytes();

/// Rows read under one header, and cells read per row.
const MAX_ROWS: usize = 4096;
const MAX_CELLS: usize = 64;

/// The line holding `i`: (start, end), ended by a newline, a `\r`, or a JSON-escaped `\n`.
fn line_at(b: &[u8], i: usize) -> (usize, usize) {
    let s = line_start(b, i.min(b.len()));
    (s, line_end(b, s))
}

fn line_end(b: &[u8], s: usize) -> usize {
    let mut e = s;
    while e < b.len() && !matches!(b[e], b'\n' | b'\r') && !(b[e] == b'\\' && b.get(e + 1) == Some(&b'n')) {
        e += 1;
    }
    e
}

/// The start of the line after the one ending at `e`.
fn next_line(b: &[u8], e: usize) -> Option<usize> {
    let mut i = e;
    if b.get(i) == Some(&b'\r') {
        i += 1;
    }
    match b.get(i) {
        Some(b'\n') => Some(i + 1),
        Some(b'\\') if b.get(i + 1) == Some(&b'n') => Some(i + 2),
        _ => None,
    }
}

/// The start of the line before the one starting at `s`.
fn prev_line(b: &[u8], s: usize) -> Option<usize> {
    let e = match s {
        0 => return None,
        _ if b[s - 1] == b'\n' => s - 1 - usize::from(s >= 2 && b[s - 2] == b'\r'),
        _ if s >= 2 && b[s - 2] == b'\\' => s - 2,
        _ => return None,
    };
    Some(line_at(b, e).0)
}

/// A line's content: blanks and a panel's borders taken off both ends.
fn content(b: &[u8], mut s: usize, mut e: usize) -> (usize, usize) {
    loop {
        if s < e && matches!(b[s], b' ' | b'\t') {
            s += 1;
        } else if b[s..e].starts_with(BORDER) {
            s += BORDER.len();
        } else {
            break;
        }
    }
    loop {
        if e > s && matches!(b[e - 1], b' ' | b'\t') {
            e -= 1;
        } else if b[s..e].ends_with(BORDER) {
            e -= BORDER.len();
        } else {
            break;
        }
    }
    (s, e)
}

/// Cells of a row split at `sep`, each trimmed: (start, end). A bordered row's outer `|` go first.
fn cells(b: &[u8], s: usize, e: usize, sep: u8) -> Vec<(usize, usize)> {
    let (mut s, mut e) = (s, e);
    if sep == b'|' {
        if b.get(s) == Some(&b'|') {
            s += 1;
        }
        if e > s && b[e - 1] == b'|' {
            e -= 1;
        }
    }
    let mut out = Vec::new();
    let mut from = s;
    for i in s..=e {
        if i == e || b[i] == sep {
            let (mut cs, mut ce) = (from, i);
            while cs < ce && b[cs].is_ascii_whitespace() {
                cs += 1;
            }
            while ce > cs && b[ce - 1].is_ascii_whitespace() {
                ce -= 1;
            }
            out.push((cs, ce));
            if out.len() > MAX_CELLS {
                return Vec::new();
            }
            from = i + 1;
        }
    }
    out
}

/// A column name: a letter or `_`, then letters, digits, `_`, `.`, `-` (a CSV header may quote it).
fn column_name(name: &[u8]) -> bool {
    let name = name.strip_prefix(b"\"").and_then(|n| n.strip_suffix(b"\"")).unwrap_or(name);
    name.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') && name.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-'))
}

/// The credential columns of a header: (index, class, kind). In a key–value store (a `key`
/// column beside a `value` column: `settings (key, value)`) the key column holds the settings'
/// names, not keys.
fn credential_columns(b: &[u8], header: &[(usize, usize)]) -> Vec<(usize, Class, &'static str)> {
    let unquoted = |&(s, e): &(usize, usize)| {
        let name = &b[s..e];
        match (name.first(), name.last()) {
            (Some(q @ (b'"' | b'`' | b'\'')), Some(z)) if q == z && name.len() >= 2 => &name[1..name.len() - 1],
            _ => name,
        }
    };
    let key_value = header.iter().any(|c| unquoted(c).eq_ignore_ascii_case(b"value"));
    header
        .iter()
        .enumerate()
        .filter(|(_, c)| !(key_value && unquoted(c).eq_ignore_ascii_case(b"key")))
        .filter_map(|(k, c)| classify(unquoted(c)).map(|(c, kind)| (k, c, kind)))
        .collect()
}

/// A stored password hash: modular crypt (`$2b$12$…`, `$argon2id$…`) or Django's
/// `<algorithm>$<iterations>$<salt>$<hash>`.
fn password_hash(v: &str) -> bool {
    let parts: Vec<&str> = v.split('$').collect();
    parts.len() >= 4 && (parts[0].is_empty() || parts[0].bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_'))
}

fn take(scan: &Scan, s: usize, e: usize, class: Class, kind: &'static str, quoted: bool, out: &mut Vec<SecretMatch>) {
    let Some(v) = scan.text.get(s..e) else { return };
    if !password_hash(v) && accept(v, v, class, quoted) {
        out.push(SecretMatch::new(s, e, kind));
    }
}

/// Rows under `header` from the line starting at `from`: each row with as many cells as the
/// header gives its credential columns' cells. Stops at a line that is no row (`stop` decides, or
/// its cells are too many or too few).
fn rows(scan: &Scan, header: &[(usize, usize)], mut from: Option<usize>, sep: u8, stop: fn(&[u8]) -> bool, out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let cols = credential_columns(b, header);
    let pairs = value_column(b, header);
    if cols.is_empty() && pairs.is_none() {
        return;
    }
    for _ in 0..MAX_ROWS {
        let Some(ls) = from else { return };
        let le = line_end(b, ls);
        if !scan.spend(le - ls) {
            return;
        }
        let (cs, ce) = content(b, ls, le);
        if cs == ce || stop(&b[cs..ce]) {
            return;
        }
        let row = cells(b, cs, ce, sep);
        if row.len() != header.len() {
            return;
        }
        for &(k, class, kind) in &cols {
            let (s, e) = row[k];
            let quoted = e >= s + 2 && b[s] == b'"' && b[e - 1] == b'"';
            let (s, e) = if quoted { (s + 1, e - 1) } else { (s, e) };
            take(scan, s, e, class, kind, true, out);
        }
        if let Some(v) = pairs {
            let (ns, ne) = row[v - 1];
            if let Some((class, kind)) = Some(&b[ns..ne]).filter(|n| column_name(n)).and_then(classify) {
                take(scan, row[v].0, row[v].1, class, kind, true, out);
            }
        }
        from = next_line(b, le);
    }
}

/// A settings table's value column (`key | value`, `name | setting_value`): a column named
/// `value` (or ending in `_value`) after the one holding each row's name, so a row's value is
/// judged by the name beside it, as `NAME=value` would be.
fn value_column(b: &[u8], header: &[(usize, usize)]) -> Option<usize> {
    header.iter().skip(1).position(|&(s, e)| {
        let name = b[s..e].to_ascii_lowercase();
        name == b"value" || name.ends_with(b"_value")
    }).map(|k| k + 1)
}

/// A table's rule line: `+----+----+` (mysql) or `----+----` (psql).
fn rule(line: &[u8]) -> bool {
    line.len() >= 3 && line.contains(&b'+') && line.iter().all(|&c| matches!(c, b'-' | b'+' | b'='))
}

/// mysql and psql tables: the header is the line above a rule (its cells column names, as many as
/// the rule has columns); rows follow the rule up to the next rule or a line with no `|`.
pub fn bordered(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, _) in hits {
        if hs < done {
            continue;
        }
        let (ls, le) = line_at(b, hs);
        done = le;
        let (rs, re) = content(b, ls, le);
        if !scan.spend(le - ls) || !rule(&b[rs..re]) {
            continue;
        }
        let Some(hl) = prev_line(b, ls) else { continue };
        let (hs2, he2) = content(b, hl, line_end(b, hl));
        if !b[hs2..he2].contains(&b'|') {
            continue;
        }
        let header = cells(b, hs2, he2, b'|');
        let columns = b[rs..re].split(|&c| c == b'+').filter(|p| !p.is_empty()).count();
        if header.len() != columns || !header.iter().all(|&(s, e)| column_name(&b[s..e])) {
            continue;
        }
        rows(scan, &header, next_line(b, le), b'|', |l| rule(l) || !l.contains(&b'|'), out);
    }
}

/// psql's expanded display (`\x`): after `-[ RECORD n ]`, one `name | value` line per column.
pub fn expanded(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, _) in hits {
        let mut from = next_line(b, line_at(b, hs).1);
        for _ in 0..MAX_ROWS {
            let Some(ls) = from else { break };
            let le = line_end(b, ls);
            if !scan.spend(le - ls) {
                return;
            }
            let (cs, ce) = content(b, ls, le);
            let Some(bar) = b[cs..ce].iter().position(|&c| c == b'|').map(|p| cs + p) else { break };
            let name = b[cs..bar].trim_ascii();
            if !column_name(name) {
                break;
            }
            if let Some((class, kind)) = classify(name) {
                let (vs, ve) = content(b, bar + 1, ce);
                take(scan, vs, ve, class, kind, true, out);
            }
            from = next_line(b, le);
        }
    }
}

/// mysql's vertical display (`\G`, `--vertical`, `-E`): after `*** n. row ***`, one `name: value`
/// line per column, the names right-aligned so every colon stands in one column (a value's own
/// line breaks continue it on lines of their own). A credential-named column's value goes, and a
/// settings row's `value` (or `…_value`) column goes when the column before it holds a credential
/// name (`name: STRIPE_SECRET_KEY` over `value: …`), as in a bordered table. The row ends at the
/// next row's header, a blank line or `n rows in set`.
pub fn vertical(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, _) in hits {
        let (hl, he) = line_at(b, hs);
        // The header is stars, ` n. row `, stars.
        let header = b[hl..he].trim_ascii();
        if !header.starts_with(b"***") || !header.ends_with(b"***") {
            continue;
        }
        let mut from = next_line(b, he);
        // The colon's column, from the row's first line; the line before the one read (a name).
        let mut colon = None;
        let mut before: Option<(usize, usize)> = None;
        for _ in 0..MAX_CELLS * 4 {
            let Some(ls) = from else { break };
            let le = line_end(b, ls);
            if !scan.spend(le - ls) {
                return;
            }
            let line = &b[ls..le];
            if line.trim_ascii().is_empty() || line.ends_with(b"***") || line.windows(7).any(|w| w == b" in set") {
                break;
            }
            from = next_line(b, le);
            let at = *colon.get_or_insert_with(|| line.iter().position(|&c| c == b':').unwrap_or(0));
            let name = line.get(..at).map(<[u8]>::trim_ascii_start).unwrap_or_default();
            if at == 0 || line.get(at) != Some(&b':') || !matches!(line.get(at + 1), None | Some(b' ')) || !column_name(name) {
                before = None; // a line of a multi-line value
                continue;
            }
            let (vs, ve) = content(b, (ls + at + 1).min(le), le);
            let value_column = name.eq_ignore_ascii_case(b"value") || name.to_ascii_lowercase().ends_with(b"_value");
            // The name the value is judged by: its column's, or the settings row's name beside it.
            let named = match (classify(name), before) {
                (Some(c), _) => Some((name, c)),
                (None, Some((ns, ne))) if value_column && column_name(&b[ns..ne]) => classify(&b[ns..ne]).map(|c| (&b[ns..ne], c)),
                _ => None,
            };
            if let Some((n, (class, kind))) = named {
                if provider_shaped(n, &scan.text[vs..ve]) {
                    out.push(SecretMatch::new(vs, ve, kind));
                } else {
                    take(scan, vs, ve, class, kind, true, out);
                }
            }
            before = Some((vs, ve));
        }
    }
}

/// A command-line tool's aligned listing of names and values: a header of column names two or
/// more blanks apart, the first `NAME` or `KEY` and a later one `VALUE` (`gh variable list`'s
/// `NAME  VALUE  UPDATED`, `vault kv get`'s `Key  Value` over its `---  -----` rule), then a row
/// per line, the name and the value each starting in its header's column. Padding is no
/// separator a reader of `|` or `,` could see, so the columns are read by where they start; a row
/// named as a credential gives its value, as `NAME=value` would.
pub fn aligned(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, _) in hits {
        if hs < done {
            continue;
        }
        let (ls, le) = line_at(b, hs);
        done = le;
        if !scan.spend(le - ls) {
            return;
        }
        let header = padded_cells(&b[ls..le]);
        let is = |k: usize, w: &[u8]| header.get(k).is_some_and(|&(s, e)| b[ls + s..ls + e].eq_ignore_ascii_case(w));
        let Some(v) = (1..header.len()).find(|&k| is(k, b"value")) else { continue };
        if !(is(0, b"name") || is(0, b"key")) || !header.iter().all(|&(s, e)| header_word(&b[ls + s..ls + e])) {
            continue;
        }
        let (name_at, value_at, value_end) = (header[0].0, header[v].0, header.get(v + 1).map(|&(s, _)| s));
        let mut from = next_line(b, le);
        // `vault` rules its header off with dashes under each column.
        if let Some(rs) = from {
            let re = line_end(b, rs);
            if b[rs..re].contains(&b'-') && b[rs..re].iter().all(|&c| matches!(c, b'-' | b' ' | b'\t')) {
                from = next_line(b, re);
            }
        }
        for _ in 0..MAX_ROWS {
            let Some(rs) = from else { break };
            let re = line_end(b, rs);
            if !scan.spend(re - rs) {
                return;
            }
            let Some((name, value)) = aligned_row(&b[rs..re], name_at, value_at, value_end) else { break };
            if let (Some((s, e)), Some((class, kind))) = (value, classify(name)) {
                take(scan, rs + s, rs + e, class, kind, true, out);
            }
            from = next_line(b, re);
        }
    }
}

/// The cells of a header line split at runs of two or more blanks: (start, end) in the line.
fn padded_cells(line: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < line.len() && out.len() <= MAX_CELLS {
        if matches!(line[k], b' ' | b'\t') {
            k += 1;
            continue;
        }
        let s = k;
        while k < line.len() && !(line[k] == b'\t' || line[k..].starts_with(b"  ")) {
            k += 1;
        }
        let e = s + line[s..k].trim_ascii_end().len();
        out.push((s, e));
    }
    out
}

/// A header's column name: a letter, then letters, digits, `_` and single blanks (`CREATED AT`).
fn header_word(w: &[u8]) -> bool {
    w.first().is_some_and(u8::is_ascii_alphabetic) && w.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b' '))
}

/// A cell's start and end in its line.
type Cell = (usize, usize);

/// A row of an aligned listing: its name, a column name starting in the name column (blanks
/// before it), and its value, one word starting in the value column and ended by a blank before
/// the next column (the row's end for the last); `None` for the value of a row whose value cell
/// is blank, `None` altogether for a line that is no row.
fn aligned_row(row: &[u8], name_at: usize, value_at: usize, value_end: Option<usize>) -> Option<(&[u8], Option<Cell>)> {
    let blank = |c: &u8| matches!(c, b' ' | b'\t');
    if row.len() <= name_at || !row[..name_at].iter().all(blank) || blank(&row[name_at]) {
        return None;
    }
    let name_end = name_at + row[name_at..].iter().take_while(|c| !blank(c)).count();
    let name = &row[name_at..name_end];
    if name_end >= value_at || !column_name(name) {
        return None;
    }
    if row.len() <= value_at || blank(&row[value_at]) {
        return row[name_end..row.len().min(value_at + 1)].iter().all(blank).then_some((name, None));
    }
    if !blank(&row[value_at - 1]) || !row[name_end..value_at].iter().all(blank) {
        return None;
    }
    let ve = value_at + row[value_at..].iter().take_while(|c| !blank(c)).count();
    let fits = match value_end {
        Some(next) => ve < next,
        None => row[ve..].iter().all(blank),
    };
    fits.then_some((name, Some((value_at, ve))))
}

/// A CSV export: a header line of column names separated by commas, one of them a credential
/// name, and rows below with as many fields.
pub fn csv(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, _) in hits {
        if hs < done {
            continue;
        }
        let (ls, le) = line_at(b, hs);
        done = le;
        if !scan.spend(le - ls) {
            return;
        }
        let (cs, ce) = content(b, ls, le);
        let names = |from: usize| Some(cells(b, from, ce, b',')).filter(|h| h.len() >= 2 && h.iter().all(|&(s, e)| column_name(&b[s..e])));
        // A CSV that a JSON member's string opens (`"content": "No.,Name,User,Password\n1,…`,
        // plain or escaped): its header starts after the string's quote.
        let in_string = || {
            let q = cs + memchr::memrchr(b'"', &b[cs..hs])?;
            let key_end = q - usize::from(q > 0 && b[q - 1] == b'\\');
            (b[..key_end].ends_with(b": ") || b[..key_end].ends_with(b":")).then_some(q + 1)
        };
        let Some(header) = names(cs).or_else(|| in_string().and_then(names)) else { continue };
        rows(scan, &header, next_line(b, le), b',', |_| false, out);
    }
}

/// SQL's blanks: whitespace, JSON-escaped line breaks, and a panel's borders.
fn sql_blank(b: &[u8], mut i: usize) -> usize {
    loop {
        if i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        } else if b.get(i) == Some(&b'\\') && matches!(b.get(i + 1), Some(b'n' | b'r' | b't')) {
            i += 2;
        } else if b[i.min(b.len())..].starts_with(BORDER) {
            i += BORDER.len();
        } else {
            return i;
        }
    }
}

/// An SQL identifier, bare or quoted (`` `t` ``, `"t"`, `[t]`), dotted (`public.users`): its
/// name's bytes (the last part) and where it ends.
fn sql_ident(b: &[u8], mut i: usize) -> Option<(&[u8], usize)> {
    loop {
        let (s, e, next) = match b.get(i)? {
            &q @ (b'`' | b'"' | b'[') => {
                let close = if q == b'[' { b']' } else { q };
                let len = b[i + 1..].iter().take(128).position(|&c| c == close)?;
                (i + 1, i + 1 + len, i + 2 + len)
            }
            c if c.is_ascii_alphabetic() || *c == b'_' => {
                let len = b[i..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
                (i, i + len, i + len)
            }
            _ => return None,
        };
        i = next;
        if b.get(i) != Some(&b'.') {
            return Some((&b[s..e], i));
        }
        i += 1;
    }
}

/// An SQL value's or name's bytes (start, end) and whether it was quoted.
type SqlItem = (usize, usize, bool);

/// One SQL value at `i`: a quoted string (`''` and `\'` escapes) as (start, end of its content,
/// true), anything else (a number, `NULL`, `now()`) up to the `,` or `)` that ends it, as false.
/// Returns where the value ends.
fn sql_value(b: &[u8], i: usize) -> Option<(SqlItem, usize)> {
    match b.get(i)? {
        &q @ (b'\'' | b'"') => {
            let mut j = i + 1;
            while j < b.len() {
                if b[j] == b'\\' || (b[j] == q && b.get(j + 1) == Some(&q)) {
                    j += 2;
                } else if b[j] == q {
                    return Some(((i + 1, j, true), j + 1));
                } else {
                    j += 1;
                }
            }
            None
        }
        _ => {
            let mut depth = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b'(' => depth += 1,
                    b')' if depth == 0 => break,
                    b')' => depth -= 1,
                    b',' if depth == 0 => break,
                    b'\'' | b'"' | b';' => return None,
                    _ => {}
                }
                j += 1;
            }
            Some(((i, j, false), j))
        }
    }
}

/// A parenthesised list of SQL values or names at `i`: the items, and where the list ends.
fn sql_tuple(scan: &Scan, i: usize) -> Option<(Vec<SqlItem>, usize)> {
    let b = scan.bytes;
    if b.get(i) != Some(&b'(') {
        return None;
    }
    let mut items = Vec::new();
    let mut j = sql_blank(b, i + 1);
    loop {
        let (item, end) = sql_value(b, j)?;
        if !scan.spend(end - j) || items.len() >= MAX_CELLS {
            return None;
        }
        items.push(item);
        j = sql_blank(b, end);
        match b.get(j)? {
            b',' => j = sql_blank(b, j + 1),
            b')' => return Some((items, j + 1)),
            _ => return None,
        }
    }
}

/// Words in a table's name that say it stores credentials.
fn credential_table(name: &[u8]) -> bool {
    let name = name.to_ascii_lowercase();
    ["key", "token", "secret", "credential", "oauth", "password", "session"].iter().any(|w| name.windows(w.len()).any(|x| x == w.as_bytes()))
}

/// A value a dump's credential table holds that has the shape of a generated secret: 20 or more
/// letters and digits (and `-` `_`), lower and upper case and a digit, random.
fn generated(v: &str) -> bool {
    let b = v.as_bytes();
    b.len() >= 20
        && b.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_'))
        && b.iter().any(u8::is_ascii_lowercase)
        && b.iter().any(u8::is_ascii_uppercase)
        && b.iter().any(u8::is_ascii_digit)
        && validate::entropy(b) >= 4.0
        && !validate::placeholder(v)
}

/// `INSERT INTO t (c1, c2) VALUES (…), (…)`: the values of credential-named columns; with no
/// column list, secret-shaped values of a credential table.
pub fn sql_insert(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(_, he) in hits {
        let Some((table, after)) = sql_ident(b, sql_blank(b, he)) else { continue };
        let mut j = sql_blank(b, after);
        let mut columns = None;
        if b.get(j) == Some(&b'(') {
            let Some((names, end)) = sql_tuple(scan, j) else { continue };
            let cols: Vec<(usize, usize)> = names.iter().map(|&(s, e, _)| (s, e)).collect();
            columns = Some(credential_columns(b, &cols));
            j = sql_blank(b, end);
        }
        if !b.get(j..j + 6).is_some_and(|w| w.eq_ignore_ascii_case(b"values")) {
            continue;
        }
        j = sql_blank(b, j + 6);
        let dump = columns.is_none() && credential_table(table);
        for _ in 0..MAX_ROWS {
            let Some((values, end)) = sql_tuple(scan, j) else { break };
            match &columns {
                Some(cols) => {
                    for &(k, class, kind) in cols {
                        if let Some(&(s, e, true)) = values.get(k) {
                            take(scan, s, e, class, kind, true, out);
                        }
                    }
                }
                None if dump => {
                    for &(s, e, quoted) in &values {
                        if quoted && scan.text.get(s..e).is_some_and(generated) {
                            out.push(SecretMatch::new(s, e, "secret"));
                        }
                    }
                }
                None => {}
            }
            j = sql_blank(b, end);
            if b.get(j) != Some(&b',') {
                break;
            }
            j = sql_blank(b, j + 1);
        }
    }
}
