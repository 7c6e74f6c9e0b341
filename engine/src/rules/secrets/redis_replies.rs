//! A Redis hash read back with `redis-cli` (`HGETALL config:sync`), or the server's settings
//! (`CONFIG GET *`): the reply is a flat list of names and values, one element a line, each
//! name on the line above its value. On a terminal (or with `--no-raw`) redis-cli numbers the
//! elements and quotes them with C-style escapes (` 1) "API_KEY"`, ` 2) "…"`, numbers
//! right-aligned); piped, it prints them bare, one a line (its raw mode). No name stands beside
//! a value on its line, so the assignment reader cannot see it; the name is the element before.

use super::context::{accept, classify, is_ident};
use super::{Scan, SecretMatch};
use crate::redis_cli::{Element, element};

/// Commands whose reply is name / value pairs (matched ASCII case-insensitively: Redis commands
/// are).
pub const KEYWORDS: &[&str] = &["HGETALL ", "CONFIG GET "];

/// Programs that print Redis replies this way (redis-cli and its forks).
const CLIENTS: &[&[u8]] = &[b"redis-cli", b"valkey-cli", b"keydb-cli"];

/// Longest line read (a command line or an element).
const LINE_REACH: usize = 1024;

/// Most elements of one reply read.
const MAX_ELEMENTS: usize = 512;

pub fn find(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        let ls = b[..hs].iter().rposition(|&c| c == b'\n').map_or(0, |k| k + 1);
        let le = line_end(b, he);
        if le >= b.len() || !scan.spend(le - ls) {
            continue;
        }
        // The command is a client's argument (`$ redis-cli -n 3 HGETALL k`) or typed at its
        // prompt (`10.0.3.21:6379[4]> HGETALL k`), with one key (or pattern) after it.
        let head = &b[ls..hs];
        let typed = head.ends_with(b"> ") && head.contains(&b':');
        let called = CLIENTS.iter().any(|c| memchr::memmem::find(head, c).is_some());
        let arg = b[he..le].trim_ascii();
        if !(typed || called) || arg.is_empty() || arg.iter().any(u8::is_ascii_whitespace) {
            continue;
        }
        pairs(scan, le + 1, out);
    }
}

fn line_end(b: &[u8], from: usize) -> usize {
    let stop = (from + LINE_REACH).min(b.len());
    b[from..stop].iter().position(|&c| c == b'\n').map_or(stop, |k| from + k)
}

/// The reply's elements from `from` on, in pairs; a value under a credential's name goes.
fn pairs(scan: &Scan, from: usize, out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut at = from;
    let mut name: Option<(usize, usize)> = None;
    let mut numbered = None;
    for index in 1..=MAX_ELEMENTS {
        if at >= b.len() {
            return;
        }
        let end = line_end(b, at);
        if !scan.spend(end - at) {
            return;
        }
        let line_to = if end > at && b[end - 1] == b'\r' { end - 1 } else { end };
        let element = element(b, at, line_to, index);
        // The first element says which form the reply has; every other one must have it too.
        let numbered_now = matches!(element, Element::Numbered(..));
        if *numbered.get_or_insert(numbered_now) != numbered_now {
            return;
        }
        let (s, e) = match element {
            Element::Numbered(s, e) => (s, e),
            Element::Raw(s, e) => (s, e),
            Element::End => return,
        };
        match name.take() {
            None => {
                // A field's name is one word; a raw line that is not one ends the reply.
                if s == e || !b[s..e].iter().all(|&c| is_ident(c) || c == b':') {
                    return;
                }
                name = Some((s, e));
            }
            Some((ns, ne)) => {
                let field = &b[ns..ne];
                let last = field.rsplit(|&c| c == b':' || c == b'.').next().unwrap_or(field);
                if let Some((class, kind)) = classify(last)
                    && s < e
                    && accept(&scan.text[s..e], &scan.text[s..e], class, true)
                {
                    out.push(SecretMatch::new(s, e, kind));
                }
            }
        }
        at = end + 1;
    }
}
