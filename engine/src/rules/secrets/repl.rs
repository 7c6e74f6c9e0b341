//! A value an interactive interpreter echoes: the prompt line evaluates an expression that names a
//! credential (`>>> os.environ['CLARIFAI_PAT']`, `irb(main):003> ENV.fetch("DESCOPE_KEY")`,
//! `> process.env.API_TOKEN`, `In [4]: settings.SECRET_KEY`) and the next line is the value as
//! the interpreter prints a string (`'…'`, `=> "…"`, `Out[4]: '…'`, R's `[1] "…"`). No name
//! stands beside the value, so the assignment reader cannot see it; the name is in the line above.
//! R prints a named vector (`Sys.getenv(c("A", "B"))`) as lines of names over lines of quoted
//! values, each name right-aligned over its value: there the name is the one above the value.

use super::context::{accept, classify, is_ident};
use super::validate::Class;
use super::{Scan, SecretMatch};

/// Prompts of Python, IPython, irb, pry, Node, iex and Julia (matched ASCII case-sensitively).
pub const KEYWORDS: &[&str] = &[">>> ", "In [", "irb(", "pry(", "\n> ", "iex(", "julia> "];

/// Longest prompt line and echo line read.
const LINE_REACH: usize = 1024;

/// Result prefixes an interpreter writes before the value (irb, IPython, R).
const ECHO_PREFIXES: &[&[u8]] = &[b"=> ", b"Out[", b"[1] "];

/// Most name lines of one named vector read.
const MAX_NAME_LINES: usize = 64;

pub fn find(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, _) in hits {
        let start = if b[hs] == b'\n' { hs + 1 } else { hs };
        let prompt_end = line_end(b, start);
        let Some(next_end) = (prompt_end < b.len()).then(|| line_end(b, prompt_end + 1)) else { continue };
        if !scan.spend(next_end - start) {
            return;
        }
        // The expression starts after the prompt's `> ` (`>>> `, `irb(main):003> `) or `]: `.
        let prompt = &b[start..prompt_end];
        let Some(expr) = find_sub(prompt, b"> ").map(|k| k + 2).or_else(|| find_sub(prompt, b"]: ").map(|k| k + 3)) else { continue };
        named_vector(scan, prompt_end + 1, out);
        let Some((class, kind)) = last_name(&prompt[expr..]) else { continue };
        if let Some((vs, ve)) = echoed_string(b, prompt_end + 1, next_end)
            && accept(&scan.text[vs..ve], &scan.text[vs..ve], class, true)
        {
            out.push(SecretMatch::new(vs, ve, kind));
        }
    }
}

/// Whether a prompt's first word is an interpreter's (`>>>`, `irb(main):003>`, `iex(1)>`):
/// what follows is an expression, read here by the name it ends with, not a shell command.
pub(super) fn interpreter_prompt(word: &[u8]) -> bool {
    word == b">>>" || word == b"julia>" || [&b"irb("[..], b"pry(", b"iex("].iter().any(|p| word.starts_with(p)) || word.windows(6).any(|w| w == b"] pry(")
}

fn line_end(b: &[u8], from: usize) -> usize {
    let stop = (from + LINE_REACH).min(b.len());
    b[from..stop].iter().position(|&c| matches!(c, b'\n' | b'\r')).map_or(stop, |k| from + k)
}

fn find_sub(hay: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(hay, needle)
}

/// The credential class of the last name in an expression that is one: a string literal's
/// content (`os.environ['NAME']`) or an identifier (`settings.SECRET_KEY`). An expression that
/// assigns or calls with more than the name prints no value of it alone, so only the last counts.
fn last_name(expr: &[u8]) -> Option<(Class, &'static str)> {
    if expr.contains(&b'=') {
        return None; // an assignment (or comparison) echoes no value of its own
    }
    // Two words with only blanks between are prose (a quoted e-mail's `> ` line), not code.
    let prose = expr.trim_ascii().windows(3).any(|w| is_ident(w[0]) && w[1] == b' ' && (is_ident(w[2]) || w[2] == b' '));
    if prose {
        return None;
    }
    let mut words = expr.split(|&c| !(is_ident(c) && c != b'.')).filter(|w| !w.is_empty());
    let last = words.next_back()?;
    classify(last)
}

/// R's print of a named character vector from `from` on: pairs of lines, names over quoted
/// values, each value's closing quote in the column of its name's last character. A value under
/// a credential's name goes (each line read up to [`LINE_REACH`]).
fn named_vector(scan: &Scan, from: usize, out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut at = from;
    for _ in 0..MAX_NAME_LINES {
        if at >= b.len() {
            return;
        }
        let names_end = line_end(b, at);
        if names_end >= b.len() {
            return;
        }
        let values_end = line_end(b, names_end + 1);
        if !scan.spend(values_end - at) {
            return;
        }
        let names = words(b, at, names_end);
        let Some(values) = quoted(b, names_end + 1, values_end) else { return };
        // Each name ends in the column its value's closing quote does.
        let column = |line: usize, end: usize| end - line;
        if names.is_empty() || names.len() != values.len() || names.iter().zip(&values).any(|(&(_, ne), &(_, ve))| column(at, ne) != column(names_end + 1, ve + 1)) {
            return;
        }
        for (&(ns, ne), &(vs, ve)) in names.iter().zip(&values) {
            if let Some((class, kind)) = b[ns..ne].iter().all(|&c| is_ident(c) && c != b'.').then(|| classify(&b[ns..ne])).flatten()
                && vs < ve
                && accept(&scan.text[vs..ve], &scan.text[vs..ve], class, true)
            {
                out.push(SecretMatch::new(vs, ve, kind));
            }
        }
        at = values_end + 1;
    }
}

/// The blank-separated words of `b[from..to]`: their ranges.
fn words(b: &[u8], from: usize, to: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut k = from;
    while k < to {
        if b[k].is_ascii_whitespace() {
            k += 1;
            continue;
        }
        let s = k;
        while k < to && !b[k].is_ascii_whitespace() {
            k += 1;
        }
        out.push((s, k));
    }
    out
}

/// The contents of a line of double-quoted strings (`\"` escapes inside), blanks between and
/// nothing else; `None` when the line is anything else.
fn quoted(b: &[u8], from: usize, to: usize) -> Option<Vec<(usize, usize)>> {
    let mut out = Vec::new();
    let mut k = from;
    while k < to {
        match b[k] {
            c if c.is_ascii_whitespace() => k += 1,
            b'"' => {
                let e = crate::decode::string_end(b, k + 1).filter(|&e| e < to)?;
                out.push((k + 1, e));
                k = e + 1;
            }
            _ => return None,
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The range of the string an echo line holds: after an optional result prefix, one quoted
/// literal and nothing else.
fn echoed_string(b: &[u8], from: usize, to: usize) -> Option<(usize, usize)> {
    let mut s = from;
    for p in ECHO_PREFIXES {
        if b[s..to].starts_with(p) {
            s += p.len();
            if *p == b"Out[" {
                s += find_sub(&b[s..to], b"]: ")? + 3;
            }
            break;
        }
    }
    let line = &b[s..to];
    let end = line.iter().rposition(|c| !c.is_ascii_whitespace())? + 1;
    let q = *line.first()?;
    if end < 3 || !matches!(q, b'\'' | b'"') || line[end - 1] != q || line[1..end - 1].contains(&q) {
        return None;
    }
    Some((s + 1, s + end - 1))
}
