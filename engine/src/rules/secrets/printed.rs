//! Credentials a program prints with no name beside them, so no assignment rule sees them:
//! - after a line that announces one and ends with a colon (`Please use the following password to
//!   proceed to installation:`, `Password for the elastic user (…):`), alone on the next line;
//! - after a sentence that names one, at the end of the same line after its colon (`A temporary
//!   password is generated for root@localhost: …`);
//! - as the output of a command line that names one or makes one (`$ gh auth token`,
//!   `$ kubectl get secret … -o jsonpath='{.data.admin-password}' | base64 -d`,
//!   `$ openssl rand -base64 32`), or of a secret store's command that prints what it keeps
//!   (`$ gopass show ops/relay`, `$ chamber read -q app db`, `$ op read op://…`), alone on the
//!   line after the prompt's line.
//!
//! A value on a line of its own must be the whole line (one token after blanks), come within a
//! few lines that are blank or markup only (a log's XML wrapping), mix two kinds of characters and
//! pass the password gate. The word `secret` alone names a resource (`kubectl get secret`), not what
//! the command prints, so it counts on a command line only inside a longer name (`client-secret`).

use super::context::accept;
use super::validate::Class;
use super::{Scan, SecretMatch};

/// Words that name a credential, and the commands that make one (a test checks them against the
/// table).
pub const KEYWORDS: &[&str] = &[
    "password", "passphrase", "passwd", "token", "secret", "api key", "openssl rand", "pwgen", "token_urlsafe", "token_hex", "/dev/urandom", "gen-random",
    // A key file printed (`cat config/master.key`): on a command line only, as it is no word.
    ".key",
    // Secret stores' commands that print a kept secret (the first line of `pass show` is the
    // password): on a command line only.
    "pass show", "chamber read", "op read", "bw get", "secret-tool lookup", "keyring get",
];

/// Keywords that count on command lines only: the commands that make a credential rather than
/// name one, and those of secret stores (a sentence about `gopass show` is no announcement).
const COMMAND_ONLY: &[&str] = &[
    "openssl rand", "pwgen", "token_urlsafe", "token_hex", "/dev/urandom", "gen-random", "pass show", "chamber read", "op read", "bw get",
    "secret-tool lookup", "keyring get",
];

/// Lines between the announcement and the value that may be blank or markup only.
const SKIP_LINES: usize = 4;

/// The longest first word a prompt's line starts with (`user@host:~/a/long/path$`).
const PROMPT_WORD: usize = 256;

/// The longest line read for a value (a value line is one token; a longer line is something else).
const VALUE_REACH: usize = 1024;

/// Where the line holding `i` starts and ends: at real newlines and at JSON-escaped `\n`. Found
/// with `memchr` (a line holding a keyword can be a whole minified document).
pub(super) fn line(b: &[u8], i: usize) -> (usize, usize) {
    let s = line_start(b, i);
    let e = memchr::memchr2_iter(b'\n', b'\\', &b[i..])
        .map(|k| i + k)
        .find(|&k| b[k] == b'\n' || b.get(k + 1) == Some(&b'n'))
        .unwrap_or(b.len());
    (s, e)
}

/// Where the line holding `i` starts: after a real newline or a JSON-escaped `\n`.
pub(super) fn line_start(b: &[u8], i: usize) -> usize {
    memchr::memrchr2_iter(b'\n', b'\\', &b[..i])
        .find_map(|k| match b[k] {
            b'\n' => Some(k + 1),
            _ if k + 1 < i && b[k + 1] == b'n' => Some(k + 2),
            _ => None,
        })
        .unwrap_or(0)
}

/// The start of the next line after a line ending at `e`, if any.
pub(super) fn next_line(b: &[u8], e: usize) -> Option<usize> {
    match b.get(e) {
        Some(b'\n') => Some(e + 1),
        Some(b'\\') => Some(e + 2),
        _ => None,
    }
}

/// The line without its trailing blanks and carriage return (real or escaped).
pub(super) fn trim_end(b: &[u8], s: usize, mut e: usize) -> usize {
    loop {
        if e > s && matches!(b[e - 1], b' ' | b'\t' | b'\r') {
            e -= 1;
        } else if e >= s + 2 && b[e - 2] == b'\\' && b[e - 1] == b'r' {
            e -= 2;
        } else {
            return e;
        }
    }
}

/// A line holding nothing but blanks and markup tags, or a Markdown code fence with its info
/// string (```` ```kotlin ````): the value may be the fenced line, never the fence.
fn blank_or_markup(line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    if t.starts_with(b"```") || t.starts_with(b"~~~") {
        return true;
    }
    let mut in_tag = false;
    for &c in line {
        match c {
            b'<' if !in_tag => in_tag = true,
            b'>' if in_tag => in_tag = false,
            _ if in_tag || c.is_ascii_whitespace() => {}
            _ => return false,
        }
    }
    !in_tag
}

/// Where a command starts before `at` on the line starting at `ls`, or in a string that starts
/// on that line (`content: "$ gh auth token\n…"`, a JSON-escaped `\"`): see [`prompt`].
fn command_start(b: &[u8], ls: usize, at: usize) -> Option<usize> {
    prompt(b, ls, at).or_else(|| memchr::memchr_iter(b'"', &b[ls..at]).take(8).find_map(|k| prompt(b, ls + k + 1, at)))
}

/// Where a command starts on a prompt's line (`$ `, `# `, `% `, `❯ `, after an optional
/// `user@host:path`, and PowerShell's `PS path> `), if the line is one and the command starts before `at`.
fn prompt(b: &[u8], ls: usize, at: usize) -> Option<usize> {
    let mut i = ls;
    while i < at && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    if b[i..at].starts_with(b"PS ") {
        i += 3;
    }
    // A prompt's first word is short; a longer one (a minified document's line) is no prompt.
    let word_len = b[i..at].iter().take(PROMPT_WORD + 1).take_while(|c| !c.is_ascii_whitespace()).count();
    if word_len > PROMPT_WORD {
        return None;
    }
    let word_end = i + word_len;
    // The prompt's mark ends the first word (`user@host:~/app$`), or is that word (`$`).
    let mark = word_end.checked_sub(1).filter(|&m| m >= i)?;
    // A bare `>` starts a quoted e-mail's line, not a command.
    let ok = matches!(b[mark], b'$' | b'#' | b'%') || (b[mark] == b'>' && mark > i) || b[i..word_end].ends_with("❯".as_bytes());
    (ok && b.get(word_end) == Some(&b' ') && word_end < at).then_some(word_end + 1)
}

/// The mark a unified diff (`+`) or a quoted e-mail (`>`) puts before each line, if the
/// announcing line starting at `ls` carries one.
fn line_mark(b: &[u8], ls: usize) -> Option<u8> {
    b.get(ls).copied().filter(|c| matches!(c, b'+' | b'>'))
}

/// The value alone on a line within [`SKIP_LINES`] blank or markup lines after the line ending at
/// `e` (each without the announcing line's `mark`): its span.
fn value_below(scan: &Scan, e: usize, mark: Option<u8>) -> Option<(usize, usize)> {
    let b = scan.bytes;
    let mut at = next_line(b, e)?;
    for _ in 0..=SKIP_LINES {
        let (_, le) = line(b, at);
        if le - at > VALUE_REACH || !scan.spend(le - at) {
            return None;
        }
        if mark.is_some() && b.get(at).copied() == mark && at < le {
            at += 1;
        }
        let end = trim_end(b, at, le);
        // The value may close the string that holds the text (`…\nvalue"`).
        let end = if end > at && b[end - 1] == b'"' && b[at] != b'"' { end - 1 } else { end };
        let start = at + b[at..end].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
        if !blank_or_markup(&b[start..end]) {
            let one_token = !b[start..end].iter().any(|c| c.is_ascii_whitespace());
            return (one_token && fits(scan, start, end)).then_some((start, end));
        }
        at = next_line(b, le)?;
    }
    None
}

/// A value printed bare: at least eight characters of two kinds (lower, upper, digit, symbol),
/// not a label (`name:`), and through the password gate.
fn fits(scan: &Scan, s: usize, e: usize) -> bool {
    let v = &scan.text[s..e];
    let kinds = [
        v.bytes().any(|c| c.is_ascii_lowercase()),
        v.bytes().any(|c| c.is_ascii_uppercase()),
        v.bytes().any(|c| c.is_ascii_digit()),
        v.bytes().any(|c| c.is_ascii_punctuation()),
    ];
    v.len() >= 8 && kinds.iter().filter(|&&k| k).count() >= 2 && !v.ends_with(':') && !assignment(v) && accept(v, v, Class::Password, false)
}

/// `GIT_COMMIT=…`, `api_url=…`, `quarkus.http.port=…`: a line that assigns a name of its own (a
/// generated password may hold `=`, but not after a name in capitals, with underscores, or of
/// dotted words as a `.properties` key is).
fn assignment(v: &str) -> bool {
    v.split_once('=').is_some_and(|(name, _)| {
        let dotted = name.contains('.') && name.split('.').all(|w| w.bytes().next().is_some_and(|c| c.is_ascii_alphabetic()));
        name.len() >= 2
            && (name.contains('_') || name.bytes().all(|c| c.is_ascii_uppercase()) || dotted)
            && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.')
    })
}

/// Words of a sentence that hands a new credential over, and words of one that reports a
/// failure about one (`failed to refresh token for account: …` names an account).
const HANDED_OVER: &[&str] = &["generated", "created", "is set", "was set", "reset", "changed", "new ", "temporary", "initial", "default"];
const FAILURE: &[&str] = &["fail", "invalid", "error", "denied", "expired", "missing", "unknown", "wrong", "incorrect", "not ", "n't"];

/// A sentence (lower-cased) that hands a credential over: at least four words, no assignment,
/// a word of [`HANDED_OVER`] and none of [`FAILURE`].
fn announces(sentence: &str) -> bool {
    sentence.split_whitespace().count() >= 4
        && !sentence.contains('=')
        && HANDED_OVER.iter().any(|w| sentence.contains(w))
        && !FAILURE.iter().any(|w| sentence.contains(w))
}

/// The keyword stands as a word (a plural `s` allowed): no letter glued before or after.
fn word(b: &[u8], s: usize, e: usize) -> bool {
    let after = if b.get(e) == Some(&b's') { e + 1 } else { e };
    (s == 0 || !b[s - 1].is_ascii_alphabetic()) && !b.get(after).is_some_and(|c| c.is_ascii_alphabetic())
}

pub fn printed(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done_until = 0;
    for (k, &(hs, _)) in hits.iter().enumerate() {
        if hs < done_until {
            continue;
        }
        // Each line is read once, with every keyword on it.
        let (ls, le) = line(b, hs);
        done_until = le;
        // Read: the line from its first keyword on, and its first word (a prompt?).
        let first_word = b[ls..hs].iter().take(64).take_while(|c| !c.is_ascii_whitespace()).count();
        if !scan.spend(le - hs + first_word) {
            return;
        }
        let on_line = || hits[k..].iter().take_while(|h| h.0 < le);
        let found = match command_start(b, ls, le) {
            // An interpreter's prompt: its echo is the `repl` reader's, by the name evaluated.
            Some(command) if super::repl::interpreter_prompt(b[ls..command].trim_ascii()) => None,
            // A command line: a keyword anywhere in its arguments (`initial-password`,
            // `-field=password`), but `secret` alone is a resource's name.
            Some(command) => {
                let names = |&&(s, e): &&(usize, usize)| command <= s && !(scan.text[s..e].eq_ignore_ascii_case("secret") && word(b, s, e));
                if on_line().any(|h| names(&h)) { value_below(scan, le, line_mark(b, ls)) } else { None }
            }
            None => {
                let named = |&&(s, e): &&(usize, usize)| word(b, s, e) && !COMMAND_ONLY.iter().any(|g| g.eq_ignore_ascii_case(&scan.text[s..e]));
                match on_line().find(|h| named(h)) {
                    None => None,
                    Some(&(_, he)) => announced(scan, ls, he, le),
                }
            }
        };
        out.extend(found.map(|(s, e)| SecretMatch::new(s, e, "secret")));
    }
}

/// The value a line announces after the keyword ending at `he`: alone on a later line when the line
/// ends with a colon, else at its end after the sentence's colon.
fn announced(scan: &Scan, ls: usize, he: usize, le: usize) -> Option<(usize, usize)> {
    let b = scan.bytes;
    let end = trim_end(b, ls, le);
    if end > he && b[end - 1] == b':' {
        return value_below(scan, le, line_mark(b, ls));
    }
    let colon = memchr::memrchr_iter(b':', &b[he..end]).map(|k| he + k).find(|&k| k + 1 < end && b[k + 1] == b' ')?;
    let vs = colon + 2;
    // The value first: one token is rare on a line (a JSON line has `": "` everywhere), and the
    // sentence is only lower-cased for a line that ends in one.
    if b[vs..end].iter().any(|c| c.is_ascii_whitespace()) || !fits(scan, vs, end) {
        return None;
    }
    announces(&scan.text[ls..colon].to_ascii_lowercase()).then_some((vs, end))
}
