//! Connection strings whose password sits behind a separator that neither the URL reader (no
//! `scheme://`) nor the assignment reader (no `password=`) knows:
//! - Go's MySQL driver (`go-sql-driver/mysql`): `user:password@tcp(host:3306)/db`, also
//!   `@tcp6(…)` and `@unix(…)`; the password is what lies between the user's first `:` and the `@`
//!   before the network (the driver reads it so; it may hold `:` and `@`);
//! - Oracle's `user/password@connect-identifier` where the identifier is a connect descriptor
//!   (`@(DESCRIPTION=…)`), an Easy Connect string (`@//host…`, `@host:1521/service`) — the forms
//!   `sqlplus`, `oracledb.connect("…")` and JDBC's thin driver take;
//! - Ant's `scp` and `sshexec` tasks, whose remote side is `user:password@host:path`.
//!
//! Each starts from a keyword that only the form has (the network's `@tcp(`, a descriptor, the
//! listener's port, the task's element) and reads back to the value; only placeholders,
//! references and words standing for a password are turned down (`validate::url_password`), as
//! for any value in a credential's position.

use super::validate;
use super::{Scan, SecretMatch};

/// Go MySQL DSN networks: the `@` the password ends at starts each.
pub const GO_MYSQL_KEYWORDS: &[&str] = &["@tcp(", "@tcp6(", "@unix("];

/// Oracle connect identifiers: a descriptor, Easy Connect's `//`, the default listener's port.
pub const ORACLE_KEYWORDS: &[&str] = &["@(description", "@//", ":1521"];

/// Ant's tasks that take `user:password@host:path` as a remote side.
pub const ANT_KEYWORDS: &[&str] = &["<scp", "<sshexec"];

/// Longest run read back from a keyword to the start of its userinfo.
const REACH: usize = 256;

/// Bytes that end a run of a connection string read back from its `@` (blanks, quotes, a JSON
/// escape's backslash, a call's parenthesis, an argument's comma).
fn boundary(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'`' | b'\\' | b'(' | b',' | b'<' | b'>' | b'|' | b';')
}

/// Where the run that ends at `at` starts (see [`boundary`]), within [`REACH`].
fn run_start(b: &[u8], at: usize) -> usize {
    let from = at.saturating_sub(REACH);
    b[from..at].iter().rposition(|&c| boundary(c)).map_or(from, |k| from + k + 1)
}

/// Past a setting's or option's name that opens the run (`MYSQL_DSN=`, `--dsn=`, `dsn:`): the
/// run's start after it, when the run holds one before `to`.
fn past_name(b: &[u8], s: usize, to: usize) -> usize {
    let dashes = b[s..to].iter().take_while(|&&c| c == b'-').count();
    let name = b[s + dashes..to].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-')).count();
    let at = s + dashes + name;
    if name > 0 && b.get(at) == Some(&b'=') && b[s + dashes].is_ascii_alphabetic() { at + 1 } else { s }
}

fn push(scan: &Scan, s: usize, e: usize, out: &mut Vec<SecretMatch>) {
    if e > s && scan.text.is_char_boundary(s) && scan.text.is_char_boundary(e) && validate::url_password(&scan.text[s..e]) {
        out.push(SecretMatch::new(s, e, "password"));
    }
}

/// `user:password@tcp(…)`: the password of a Go MySQL DSN.
pub fn go_mysql(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(at, _) in hits {
        let s = run_start(b, at);
        if !scan.spend(at - s) {
            return;
        }
        // A URL's userinfo (`mysql://u:p@tcp(…)`) is the URL reader's.
        if memchr::memmem::find(&b[s..at], b"://").is_some() {
            continue;
        }
        let s = past_name(b, s, at);
        let Some(colon) = memchr::memchr(b':', &b[s..at]).map(|k| s + k) else { continue };
        if colon > s {
            push(scan, colon + 1, at, out);
        }
    }
}

/// Oracle's documented sample account (`scott/tiger`), in every tutorial.
fn sample_account(user: &[u8], password: &[u8]) -> bool {
    user.eq_ignore_ascii_case(b"scott") && password.eq_ignore_ascii_case(b"tiger")
}

/// `user/password@…` before an Oracle connect identifier.
pub fn oracle(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, _) in hits {
        // The `@` that opens the identifier: the keyword's own, or the run's last before the port.
        let at = if b[hs] == b'@' {
            hs
        } else {
            let s = run_start(b, hs);
            match memchr::memrchr(b'@', &b[s..hs]) {
                Some(k) => s + k,
                None => continue,
            }
        };
        if at < done || at == 0 {
            continue;
        }
        done = at + 1;
        let s = run_start(b, at);
        if !scan.spend(at - s) {
            return;
        }
        // `user/password`, the user a name after any setting's name or driver prefix
        // (`ORACLE_CONN=`, `jdbc:oracle:thin:`); `/@tns` (a wallet) and `user@db` have none.
        let Some(slash) = memchr::memchr(b'/', &b[s..at]).map(|k| s + k) else { continue };
        let user_start = b[s..slash].iter().rposition(|&c| matches!(c, b'=' | b':')).map_or(s, |k| s + k + 1);
        let user = &b[user_start..slash];
        let password = &b[slash + 1..at];
        let user_ok = !user.is_empty() && user.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'#' | b'.'));
        if !user_ok || password.is_empty() || password.contains(&b'/') || sample_account(user, password) {
            continue;
        }
        push(scan, slash + 1, at, out);
    }
}

/// Longest element read after an Ant task's name.
const ELEMENT_REACH: usize = 2048;

/// `<scp … todir="user:password@host:/path">`, `<sshexec … host="…">`: a remote side with its
/// password, in any attribute of the task's element.
pub fn ant_remote(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(_, he) in hits {
        if !b.get(he).is_some_and(u8::is_ascii_whitespace) {
            continue;
        }
        let to = (he + ELEMENT_REACH).min(b.len());
        let end = memchr::memchr(b'>', &b[he..to]).map_or(to, |k| he + k);
        if !scan.spend(end - he) {
            return;
        }
        // Each attribute's quoted value (plain or JSON-escaped quotes).
        let mut i = he;
        while let Some(k) = memchr::memchr(b'=', &b[i..end]) {
            let eq = i + k;
            let mut vs = eq + 1;
            while vs < end && b[vs] == b'\\' {
                vs += 1;
            }
            i = eq + 1;
            let Some(&q) = b.get(vs).filter(|&&c| c == b'"' || c == b'\'') else { continue };
            let vs = vs + 1;
            let Some(ve) = b[vs..end].iter().position(|&c| c == q || c == b'\\').map(|k| vs + k) else { break };
            i = ve + 1;
            remote(scan, vs, ve, out);
        }
    }
}

/// `user:password@host:path` in `b[s..e]`: the password (up to the last `@` before the host's `:`).
fn remote(scan: &Scan, s: usize, e: usize, out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let Some(at) = memchr::memrchr(b'@', &b[s..e]).map(|k| s + k) else { return };
    let host = &b[at + 1..e];
    let host_end = host.iter().position(|&c| c == b':').unwrap_or(host.len());
    let Some(colon) = memchr::memchr(b':', &b[s..at]).map(|k| s + k) else { return };
    let user = &b[s..colon];
    let user_ok = !user.is_empty() && user.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'));
    if user_ok && host_end > 0 && host[..host_end].iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.')) {
        push(scan, colon + 1, at, out);
    }
}
