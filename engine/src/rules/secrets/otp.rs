//! Second factors written down: a `~/.google_authenticator` file (the TOTP seed on its first line,
//! `" OPTION` lines, then eight-digit emergency scratch codes, as `google-authenticator` writes
//! it), and lists of recovery or backup codes under their heading (GitHub's `xxxxx-xxxxx`,
//! Google's `1234 5678`, eight-digit scratch codes). Each code alone is a number or a short word;
//! the heading or the file's layout is what makes it a credential.
//!
//! Lines are split at raw and JSON-escaped (`\n`) breaks, so a file quoted inside a JSON string
//! (a GraphQL commit, a template's value) reads as one written out.

use super::context::skip_blanks;
use super::{Scan, SecretMatch};
use super::{printed, validate};

/// The option lines `google-authenticator` writes after the seed.
pub const FILE_KEYWORDS: &[&str] = &["\" TOTP_AUTH", "\" RATE_LIMIT", "\" WINDOW_SIZE", "\" DISALLOW_REUSE", "\" HOTP_COUNTER"];

/// Headings of a code list (matched ASCII case-insensitively).
pub const LIST_KEYWORDS: &[&str] =
    &["recovery code", "backup code", "scratch code", "emergency code", "recovery-code", "backup-code", "recovery_code", "backup_code"];

/// Most lines read after a heading, and most blank lines between codes.
const MAX_LIST_LINES: usize = 64;
const MAX_BLANKS: usize = 2;

/// The line holding `i` (`printed`'s lines: raw and JSON-escaped breaks): its start, its end
/// (before trailing blanks and a carriage return) and where the next line starts.
fn line_at(b: &[u8], i: usize) -> (usize, usize, usize) {
    let (s, e) = printed::line(b, i);
    (s, printed::trim_end(b, s, e), printed::next_line(b, e).unwrap_or(b.len()))
}

/// The line before the one starting at `start`, if any: its start and trimmed end.
fn previous_line(b: &[u8], start: usize) -> Option<(usize, usize)> {
    let end = match start {
        0 => return None,
        s if s >= 2 && &b[s - 2..s] == b"\\n" => s - 2,
        s => s - 1,
    };
    let s = printed::line_start(b, end);
    Some((s, printed::trim_end(b, s, end)))
}

/// Past the blanks from `s`, no further than `e`.
fn trim_start(b: &[u8], s: usize, e: usize) -> usize {
    skip_blanks(b, s).min(e)
}

/// `" WORD…`: one of the option lines (leading blanks and a JSON backslash allowed).
fn option_line(b: &[u8], s: usize, e: usize) -> bool {
    let t = trim_start(b, s, e);
    let t = if b.get(t) == Some(&b'\\') { t + 1 } else { t };
    b[t..e].starts_with(b"\" ") && b.get(t + 2).is_some_and(u8::is_ascii_uppercase)
}

/// A `google_authenticator` file around an option line: the seed ending the line before the first
/// option line (it may follow a label, `content=SEED`), the scratch codes after the last.
pub fn authenticator_file(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, _) in hits {
        if hs < done {
            continue;
        }
        let (mut s, e, _) = line_at(b, hs);
        if !option_line(b, s, e) {
            continue;
        }
        // Back to the first option line, then the seed ending the line before it.
        while let Some((ps, _)) = previous_line(b, s).filter(|&(ps, pe)| option_line(b, ps, pe)) {
            s = ps;
        }
        if let Some((ps, pe)) = previous_line(b, s) {
            let body = pe - b[ps..pe].iter().rev().take_while(|&&c| c == b'=').count();
            let run = b[ps..body].iter().rev().take_while(|c| c.is_ascii_uppercase() || (b'2'..=b'7').contains(c)).count();
            let seed = &scan.text[body - run..pe];
            if run >= 16 && !validate::placeholder(seed) {
                out.push(SecretMatch::new(body - run, pe, "totp-seed"));
            }
        }
        // Forward past the option lines, then the scratch codes.
        let mut at = s;
        loop {
            let (ls, le, next) = line_at(b, at);
            if !scan.spend(next.saturating_sub(at).max(1)) {
                return;
            }
            let cs = trim_start(b, ls, le);
            let scratch = le - cs == 8 && b[cs..le].iter().all(u8::is_ascii_digit) && !validate::placeholder(&scan.text[cs..le]);
            if scratch {
                out.push(SecretMatch::new(cs, le, "scratch-code"));
            } else if !option_line(b, ls, le) {
                break;
            }
            at = next;
            if next >= b.len() {
                break;
            }
        }
        done = at.max(hs + 1);
    }
}

/// A code in a list: 8 to 24 letters and digits with a digit among them, in groups of four or more
/// split by single `-` or blanks (`89a60-befee`, `1234 5678`, `38731999`), not a mask or a
/// placeholder (`xxxxx-xxxxx`).
fn code(t: &str) -> bool {
    let alnum = t.bytes().filter(u8::is_ascii_alphanumeric).count();
    (8..=24).contains(&alnum)
        && t.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b' ')
        && t.bytes().any(|c| c.is_ascii_digit())
        && t.split(['-', ' ']).all(|g| g.len() >= 4)
        && !validate::placeholder(t)
}

/// The codes of one list line (`89a60-befee`, `- 1234 5678`, `3. 38731999   48213377`): spans, or
/// `None` when the line holds anything else.
fn code_line(text: &str, s: usize, e: usize) -> Option<Vec<(usize, usize)>> {
    let b = text.as_bytes();
    let mut i = trim_start(b, s, e);
    // A list marker: `-`, `*`, `•`-less ASCII ones, or a number with `.` or `)`.
    if matches!(b.get(i), Some(b'-' | b'*')) && b.get(i + 1) == Some(&b' ') {
        i += 2;
    } else {
        let digits = b[i..e].iter().take_while(|c| c.is_ascii_digit()).count();
        if (1..=2).contains(&digits) && matches!(b.get(i + digits), Some(b'.' | b')')) && b.get(i + digits + 1) == Some(&b' ') {
            i += digits + 2;
        }
    }
    let mut codes = Vec::new();
    while i < e {
        i = trim_start(b, i, e);
        if i >= e {
            break;
        }
        // A code runs to two blanks, a tab or the line's end (one blank may split its halves).
        let mut j = i;
        while j < e && b[j] != b'\t' && !(b[j] == b' ' && (j + 1 >= e || matches!(b[j + 1], b' ' | b'\t'))) {
            j += 1;
        }
        let t = &text[i..j];
        if !code(t) {
            return None;
        }
        codes.push((i, j));
        i = j;
    }
    (!codes.is_empty()).then_some(codes)
}

/// The codes listed under a heading that names them: consecutive code lines (blank lines between
/// allowed), all codes of one length, two or more.
pub fn code_list(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, _) in hits {
        if hs < done {
            continue;
        }
        let (_, _, mut at) = line_at(b, hs);
        let mut codes: Vec<(usize, usize)> = Vec::new();
        let mut blanks = 0;
        for _ in 0..MAX_LIST_LINES {
            if at >= b.len() {
                break;
            }
            let (ls, le, next) = line_at(b, at);
            if !scan.spend(next - at) {
                return;
            }
            if trim_start(b, ls, le) == le {
                blanks += 1;
                if blanks > MAX_BLANKS {
                    break;
                }
            } else if let Some(line) = code_line(scan.text, ls, le) {
                blanks = 0;
                codes.extend(line);
            } else {
                break;
            }
            at = next;
        }
        done = at;
        let len = codes.first().map(|&(s, e)| e - s);
        if codes.len() >= 2 && codes.iter().all(|&(s, e)| Some(e - s) == len) {
            out.extend(codes.into_iter().map(|(s, e)| SecretMatch::new(s, e, "recovery-code")));
        }
    }
}
