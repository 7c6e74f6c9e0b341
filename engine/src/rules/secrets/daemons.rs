//! Server daemons' own credential lines, which hold a password by position rather than by a name
//! beside it:
//! - ProFTPD's `SQLConnectInfo database[@host[:port]] [user] [password] [policy]`: the third word;
//! - nginx's (and OpenResty's) `set $variable value;` when the variable is named for a credential
//!   (a `$` name is a reference everywhere else, so the assignment reader skips it);
//! - the user files some daemons read by name, one user a line: pgbouncer's `auth_file`
//!   (`userlist.txt`, `"user" "password"`) and lighttpd's plain backend (`lighttpd.user`,
//!   `user:password`). After a mention of the file (a `cat`, a heredoc, a heading naming it), the
//!   lines in the file's form that follow are its users; a stored hash (pgbouncer's `md5…` and
//!   `SCRAM-SHA-256$…`, an htdigest line's `realm:md5`) is no password;
//! - Consul's agent ACL tokens, `acl { tokens { initial_management = "…" agent = "…" } }` (HCL or
//!   JSON): the names (`agent`, `default`, `dns`) say nothing alone, the block does; every token
//!   is a UUID.

use super::context::{accept, classify, skip_blanks, skip_quote, value_at};
use super::printed::{line, next_line, trim_end};
use super::validate::{self, Class};
use super::{Scan, SecretMatch};

/// ProFTPD's directive.
pub const SQL_CONNECT_KEYWORDS: &[&str] = &["SQLConnectInfo"];

/// nginx's `set` directive with a variable.
pub const SET_KEYWORDS: &[&str] = &["set $"];

/// Daemons' user files by name: pgbouncer's (pairs of quoted words) and lighttpd's plain one
/// (`user:password`).
pub const USER_FILE_KEYWORDS: &[&str] = &["userlist.txt", "lighttpd.user"];

/// Consul's `tokens` block (its `acl` block is checked before it).
pub const CONSUL_TOKENS_KEYWORDS: &[&str] = &["tokens"];

/// How far back the `acl` block may open before `tokens`, and how far the block may run.
const ACL_REACH: usize = 256;
const TOKENS_REACH: usize = 2048;

/// Consul's ACL tokens: each quoted UUID inside `tokens { … }` of an `acl` block.
pub fn consul_acl_tokens(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        // `tokens {`, `tokens = {`, `"tokens": {`, JSON-escaped too: only quotes, blanks and a
        // separator between the name and its brace.
        let open = b[he..].iter().take(8).position(|&c| !matches!(c, b' ' | b'\t' | b'"' | b'\\' | b':' | b'=')).map(|k| he + k);
        let Some(open) = open.filter(|&k| b[k] == b'{') else { continue };
        let acl_from = hs.saturating_sub(ACL_REACH);
        if (hs > 0 && b[hs - 1].is_ascii_alphanumeric()) || memchr::memmem::rfind(&b[acl_from..hs], b"acl").is_none() {
            continue;
        }
        let to = (open + TOKENS_REACH).min(b.len());
        let close = memchr::memchr(b'}', &b[open..to]).map_or(to, |k| open + k);
        if !scan.spend(close - hs) {
            return;
        }
        for q in memchr::memchr_iter(b'"', &b[open..close]).map(|k| open + k) {
            let (vs, ve) = (q + 1, q + 37);
            if ve <= close && matches!(b.get(ve), Some(b'"' | b'\\')) && scan.text.get(vs..ve).is_some_and(validate::uuid) {
                out.push(SecretMatch::new(vs, ve, "token"));
            }
        }
    }
}

/// Longest directive line read.
const LINE_REACH: usize = 1024;

/// Whether the directive at `hs` starts its line (after blanks, a line's quote of a log message),
/// or follows a `{` or `;` on it (nginx writes several directives on one line).
fn directive_start(b: &[u8], hs: usize) -> bool {
    let before = b[..hs].iter().rev().take_while(|&&c| c == b' ' || c == b'\t').count();
    let k = hs - before;
    k == 0 || matches!(b[k - 1], b'\n' | b'{' | b';' | b'"') || super::escaped_blank_before(b, k)
}

/// The word at `i`, quoted (blanks and all, up to its closing quote on the line, plain or
/// JSON-escaped) or bare (up to a blank): its span (a directive's word keeps its last character,
/// a `?` or `!` of a password), where the next word may start, and its quote. An unclosed quote
/// gives an empty word.
fn word(scan: &Scan, i: usize) -> (usize, usize, usize, Option<u8>) {
    let b = scan.bytes;
    let (vi, quote) = skip_quote(b, i);
    let Some(q) = quote else {
        let (vs, _, raw_end) = value_at(scan.text, vi, None);
        return (vs, raw_end, raw_end, None);
    };
    let to = (vi + LINE_REACH).min(b.len());
    match b[vi..to].iter().position(|&c| c == q || c == b'\n' || c == b'\\').map(|k| vi + k) {
        Some(k) if b[k] == q => (vi, k, k + 1, quote),
        Some(k) if b[k] == b'\\' && b.get(k + 1) == Some(&q) => (vi, k, k + 2, quote),
        _ => (vi, vi, vi, None),
    }
}

/// ProFTPD's `SQLConnectInfo`: the password is its third word.
pub fn sql_connect_info(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        if !directive_start(b, hs) || !b.get(he).is_some_and(|&c| c == b' ' || c == b'\t') || !scan.spend(LINE_REACH.min(b.len() - he)) {
            continue;
        }
        let mut i = he;
        let mut found = None;
        for _ in 0..3 {
            let at = skip_blanks(b, i);
            if at == i || at >= b.len() || matches!(b[at], b'\n' | b'\r' | b'#') || b[at..].starts_with(b"\\n") {
                found = None;
                break;
            }
            let (vs, ve, end, _) = word(scan, at);
            if end <= at {
                found = None;
                break;
            }
            found = Some((vs, ve));
            i = end;
        }
        if let Some((vs, ve)) = found {
            let v = &scan.text[vs..ve];
            // `%{env:DB_PASS}` is ProFTPD's reference to the environment.
            if validate::url_password(v) && !v.starts_with("%{") {
                out.push(SecretMatch::new(vs, ve, "password"));
            }
        }
    }
}

/// nginx's `set $name value;` where the name is a credential's.
pub fn set_variable(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        if !directive_start(b, hs) {
            continue;
        }
        let ne = he + b[he..].iter().take(64).take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
        if ne == he || !b.get(ne).is_some_and(|&c| c == b' ' || c == b'\t') || !scan.spend(LINE_REACH.min(b.len() - he)) {
            continue;
        }
        let Some((class, kind)) = classify(&b[he..ne]) else { continue };
        let (vs, ve, _, quote) = word(scan, skip_blanks(b, ne));
        // A bare value ends at the directive's `;`.
        let ve = if quote.is_none() { vs + b[vs..ve].iter().position(|&c| c == b';').unwrap_or(ve - vs) } else { ve };
        let v = &scan.text[vs..ve];
        if ve > vs && !v.starts_with('$') && accept(v, v, class, quote.is_some()) {
            out.push(SecretMatch::new(vs, ve, kind));
        }
    }
}

/// Lines between the file's mention and its first user (a heredoc's start, `<pre>`, a fence).
const SKIP_LINES: usize = 3;

/// Most users read from one file.
const MAX_USERS: usize = 256;

/// A daemon's user file after its mention: each user's password.
pub fn user_file(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, he) in hits {
        if hs < done {
            continue;
        }
        let pairs = b[hs..he].eq_ignore_ascii_case(b"userlist.txt");
        let (_, le) = line(b, hs);
        done = le;
        let Some(mut at) = next_line(b, le) else { continue };
        let (mut skipped, mut users) = (0, 0);
        while users < MAX_USERS {
            let (_, e) = line(b, at);
            if e - at > LINE_REACH || !scan.spend(e - at) {
                break;
            }
            let end = trim_end(b, at, e);
            let user = if pairs { quoted_pair(scan, at, end) } else { colon_pair(scan, at, end) };
            match user {
                Some(password) => {
                    users += 1;
                    if let Some((s, e)) = password {
                        out.push(SecretMatch::new(s, e, "password"));
                    }
                }
                None if users == 0 && skipped < SKIP_LINES => skipped += 1,
                None => break,
            }
            done = e;
            match next_line(b, e) {
                Some(n) => at = n,
                None => break,
            }
        }
    }
}

/// A pgbouncer user line `"user" "password"` in `b[s..e]` (quotes plain or JSON-escaped):
/// `Some(password span)` for a user line, its span `None` when the password is a stored hash or no
/// password.
fn quoted_pair(scan: &Scan, s: usize, e: usize) -> Option<Option<(usize, usize)>> {
    let b = scan.bytes;
    let (ui, uq) = skip_quote(b, skip_blanks(b, s));
    let (_, ue, u_raw) = value_at(scan.text, ui, uq);
    if uq != Some(b'"') || ue == ui || u_raw >= e {
        return None;
    }
    let close = u_raw + b[u_raw..e].iter().take_while(|&&c| c == b'\\' || c == b'"').count();
    let (pi, pq) = skip_quote(b, skip_blanks(b, close));
    if pq != Some(b'"') || pi == close {
        return None;
    }
    let (ps, pe, p_raw) = value_at(scan.text, pi, pq);
    let rest = p_raw + b[p_raw..e].iter().take_while(|&&c| c == b'\\' || c == b'"').count();
    if p_raw > e || b[rest..e].iter().any(|c| !c.is_ascii_whitespace()) {
        return None;
    }
    let v = &scan.text[ps..p_raw];
    let hashed = v.starts_with("SCRAM-SHA-256$") || (v.len() == 35 && v.starts_with("md5") && v[3..].bytes().all(|c| c.is_ascii_hexdigit()));
    Some((!hashed && pe > ps && accept(v, v, Class::Password, true)).then_some((ps, p_raw)))
}

/// A lighttpd plain user line `user:password` in `b[s..e]`: as [`quoted_pair`]. An htdigest line
/// (`user:realm:32 hex digits`) is a user with no password to take.
fn colon_pair(scan: &Scan, s: usize, e: usize) -> Option<Option<(usize, usize)>> {
    let b = scan.bytes;
    let s = skip_blanks(b, s);
    let line = &b[s..e];
    let colon = memchr::memchr(b':', line)?;
    let user = &line[..colon];
    if user.is_empty() || !user.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'@')) || line.iter().any(|c| c.is_ascii_whitespace() || matches!(c, b'"' | b'\\')) {
        return None;
    }
    let v = &scan.text[s + colon + 1..e];
    let digest = v.rsplit_once(':').is_some_and(|(_, h)| h.len() == 32 && h.bytes().all(|c| c.is_ascii_hexdigit()));
    let hashed = digest || v.starts_with('$') || v.starts_with('{');
    Some((!hashed && !v.is_empty() && accept(v, v, Class::Password, false)).then_some((s + colon + 1, e)))
}
