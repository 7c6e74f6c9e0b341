//! A secret scanner's report read back to the agent (trufflehog `--json`, gitleaks' JSON and
//! `-v` text): each finding repeats the value it flagged, and a report of the scanner's own false
//! positive repeats a value that is no credential. So the repeated value is judged by what the
//! scanner saw, not by its field's name:
//! - trufflehog's `Raw` / `RawV2` is the detector's raw result with no line around it: a value in
//!   a credential position, passed by the gate every such value passes (a reference such as
//!   `DBT_ENV_SECRET_PASSWORD` or a URL fragment stays);
//! - gitleaks' `Secret` is cut from its `Match` / `Line` (JSON) or `Finding:` (text) line, which
//!   the report also holds: every detector reads that line, and the `Secret` goes where they find
//!   it as a credential there (a `client_id`, an event id or a public client key stays).

use super::context::{accept, skip_blanks, skip_quote};
use super::validate::Class;
use super::{Scan, SecretMatch};

/// Longest finding read (a gitleaks record back from its `Fingerprint`).
const RECORD_REACH: usize = 4096;

/// How far from a field the other fields of its finding are looked for (a gitleaks finding puts
/// `RuleID` and `Fingerprint` a few hundred bytes from its `Secret`, trufflehog its
/// `DetectorName` before its `Raw`): the bytes a caller charges for [`in_report`].
pub(super) const FIELD_REACH: usize = 1024;

/// Whether `at` sits in a gitleaks finding: its `RuleID` and `Fingerprint` fields nearby.
pub(super) fn in_report(b: &[u8], at: usize) -> bool {
    let near = &b[at.saturating_sub(FIELD_REACH)..(at + FIELD_REACH).min(b.len())];
    memchr::memmem::find(near, b"RuleID").is_some() && memchr::memmem::find(near, b"Fingerprint").is_some()
}

/// The value of field `name` (`"Name": "…"`, `\"Name\": \"…\"`, or `Name:   …` to the line's end)
/// first found in `b[from..to]`, ending before `limit`: its span, without quotes.
fn field(text: &str, from: usize, to: usize, name: &[u8], limit: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let mut at = from;
    while let Some(p) = memchr::memmem::find(&b[at..to], name).map(|p| at + p) {
        at = p + name.len();
        if p > 0 && (b[p - 1].is_ascii_alphanumeric() || b[p - 1] == b'_') {
            continue;
        }
        let mut k = at;
        while k < b.len() && b[k] == b'\\' && k - at < 3 {
            k += 1;
        }
        if matches!(b.get(k), Some(b'"')) {
            k += 1;
        } else {
            k = at;
        }
        k = skip_blanks(b, k);
        if b.get(k) != Some(&b':') {
            continue;
        }
        let (vi, quote) = skip_quote(b, skip_blanks(b, k + 1));
        return match quote {
            Some(q) => {
                let escaped = vi >= 2 && b[vi - 2] == b'\\';
                json_string_end(&b[..limit.max(vi)], vi, q, escaped).map(|e| (vi, e))
            }
            None => {
                let e = vi + b[vi..limit.max(vi)].iter().take_while(|&&c| !matches!(c, b'\n' | b'\r')).count();
                let e = vi + text[vi..e].trim_end().len();
                (e > vi).then_some((vi, e))
            }
        };
    }
    None
}

/// The closing quote of a string opened before `i`: a `q` after an even run of backslashes, or,
/// for a string whose own quotes are escaped (`\"…\"`), after exactly one.
fn json_string_end(b: &[u8], i: usize, q: u8, escaped: bool) -> Option<usize> {
    let mut k = i;
    while k < b.len() && b[k] != b'\n' {
        if b[k] == q {
            let run = b[i..k].iter().rev().take_while(|&&c| c == b'\\').count();
            if escaped && run == 1 {
                return Some(k - 1);
            }
            if !escaped && run % 2 == 0 {
                return Some(k);
            }
        }
        k += 1;
    }
    None
}

/// Findings' repeated values: trufflehog's `Raw` at its keyword hits, gitleaks' `Secret` from the
/// `Fingerprint` that ends each finding.
pub fn find(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let (text, b) = (scan.text, scan.bytes);
    let mut record_from = 0;
    for &(hs, he) in hits {
        if b[hs..he] == *b"\"Raw" {
            if !scan.spend(FIELD_REACH) {
                return;
            }
            if !trufflehog(b, hs) {
                continue;
            }
            let name: &[u8] = if b[he..].starts_with(b"V2") { b"RawV2" } else { b"Raw" };
            let limit = (hs + RECORD_REACH).min(b.len());
            let Some((vs, ve)) = field(text, hs + 1, hs + 1 + name.len(), name, limit) else { continue };
            if ve > vs && scan.spend(ve - vs) && accept(&text[vs..ve], &text[vs..ve], Class::Token, true) {
                out.push(SecretMatch::new(vs, ve, "scanner-finding"));
            }
            continue;
        }
        // `Fingerprint`: the finding is the text since the one before (so the records read never
        // overlap), and holds its `RuleID`.
        if &b[hs..he] != b"Fingerprint" {
            continue;
        }
        let from = record_from.max(hs.saturating_sub(RECORD_REACH));
        record_from = he;
        if !scan.spend(hs - from) {
            return;
        }
        if memchr::memmem::find(&b[from..hs], b"RuleID").is_none() {
            continue;
        }
        let Some((ss, se)) = field(text, from, hs, b"Secret", hs) else { continue };
        let secret = &b[ss..se];
        if secret.len() < 4 {
            continue;
        }
        for name in [&b"Match"[..], b"Line", b"Finding"] {
            let Some((ms, me)) = field(text, from, hs, name, hs) else { continue };
            let line = &text[ms..me];
            let Some(k) = memchr::memmem::find(line.as_bytes(), secret) else { continue };
            if !scan.spend(line.len()) {
                return;
            }
            // The matched line as every detector reads it (it holds no `Fingerprint`: smaller).
            if let Some(m) = super::find(line).into_iter().find(|m| m.start < k + secret.len() && k < m.end) {
                out.push(SecretMatch::new(ss, se, m.kind));
                break;
            }
        }
    }
}

/// Whether the `"Raw` at `at` is a field of a trufflehog finding (its `DetectorName` nearby).
fn trufflehog(b: &[u8], at: usize) -> bool {
    let near = &b[at.saturating_sub(FIELD_REACH)..(at + FIELD_REACH).min(b.len())];
    memchr::memmem::find(near, b"DetectorName").is_some()
}
