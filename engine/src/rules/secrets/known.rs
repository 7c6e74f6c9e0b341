//! The user's own secrets, by value. A host knows credentials no pattern can (the values of its
//! credential-named environment variables, its agent's `.env`, files its policy lists) and hands
//! them over ([`crate::Guard::add_known_values`]); they are held in memory only, never written to
//! a status, a message, a preview or an audit line. The engine then redacts them wherever they
//! appear: as written, JSON-escaped, URL-encoded, hex-encoded, and base64-encoded at any byte
//! alignment inside a longer blob (`base64 .env`), where the whole blob goes.
//!
//! One Aho-Corasick automaton over every encoding of every value, rebuilt when values are added.

use aho_corasick::{AhoCorasick, MatchKind};
use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};

use super::SecretMatch;
use super::validate;

/// Shortest value kept: shorter ones (`1`, `true`, `prod`) would redact ordinary words.
pub const SHORTEST_KNOWN: usize = 8;

/// Shortest encoded form searched for (a base64 core of a short value can be very short).
const SHORTEST_PATTERN: usize = 8;

/// How an encoded form sits in the text, and how far its redaction reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    /// As written, or escaped in place (JSON, URL): the match itself.
    Exact,
    /// Hex digits: the whole run of hex digits around it.
    Hex,
    /// Base64: the whole run of base64 characters around it (a blob holding the value).
    Base64,
}

pub struct Known {
    values: Vec<String>,
    automaton: Option<AhoCorasick>,
    encodings: Vec<Encoding>,
}

impl Default for Known {
    fn default() -> Self {
        Self::new()
    }
}

impl Known {
    pub fn new() -> Known {
        Known { values: Vec::new(), automaton: None, encodings: Vec::new() }
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Adds the values that pass the gate (long enough, not a placeholder, not repeated); the
    /// number added.
    pub fn add(&mut self, values: impl IntoIterator<Item = String>) -> usize {
        let before = self.values.len();
        for v in values {
            let v = v.trim().to_string();
            let distinct = {
                let mut b: Vec<u8> = v.bytes().collect();
                b.sort_unstable();
                b.dedup();
                b.len()
            };
            if v.len() >= SHORTEST_KNOWN && distinct >= 4 && !validate::placeholder(&v) && !self.values.contains(&v) {
                self.values.push(v);
            }
        }
        if self.values.len() > before {
            self.compile();
        }
        self.values.len() - before
    }

    fn compile(&mut self) {
        let mut patterns: Vec<String> = Vec::new();
        let mut encodings = Vec::new();
        let mut push = |p: String, e: Encoding| {
            if p.len() >= SHORTEST_PATTERN && !patterns.contains(&p) {
                patterns.push(p);
                encodings.push(e);
            }
        };
        for v in &self.values {
            push(v.clone(), Encoding::Exact);
            let json = serde_json::to_string(v).expect("a string serializes");
            push(json[1..json.len() - 1].to_string(), Encoding::Exact);
            for keep in [RFC3986_KEEPS, FORM_KEEPS, b""] {
                for (upper, plus) in [(true, false), (false, false), (true, true), (false, true)] {
                    push(percent(v, keep, upper, plus), Encoding::Exact);
                }
            }
            let hex: String = v.bytes().map(|b| format!("{b:02x}")).collect();
            push(hex.to_ascii_uppercase(), Encoding::Hex);
            push(hex, Encoding::Hex);
            for core in base64_cores(v.as_bytes()) {
                push(core, Encoding::Base64);
            }
        }
        self.automaton = Some(
            AhoCorasick::builder().match_kind(MatchKind::LeftmostLongest).build(&patterns).expect("known-value automaton builds"),
        );
        self.encodings = encodings;
    }

    /// Every occurrence of a known value in `text`, in any of its encodings.
    pub fn find(&self, text: &str, out: &mut Vec<SecretMatch>) {
        let Some(ac) = &self.automaton else { return };
        let b = text.as_bytes();
        for m in ac.find_iter(b) {
            let (mut s, mut e) = (m.start(), m.end());
            let within = |c: u8| match self.encodings[m.pattern().as_usize()] {
                Encoding::Exact => false,
                Encoding::Hex => c.is_ascii_hexdigit(),
                Encoding::Base64 => c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'-' | b'_' | b'='),
            };
            while s > 0 && within(b[s - 1]) {
                s -= 1;
            }
            while e < b.len() && within(b[e]) {
                e += 1;
            }
            if text.is_char_boundary(s) && text.is_char_boundary(e) {
                out.push(SecretMatch::new(s, e, KIND));
            }
        }
    }
}

/// The kind of a known value's finding (its preview shows none of it).
pub const KIND: &str = "known-value";

/// The punctuation encoders leave as it is: RFC 3986's unreserved set (JavaScript's
/// `encodeURIComponent`, Python's `quote`), and HTML forms' (Java's `URLEncoder`, which encodes
/// `~`); the third variant encodes every byte but letters and digits.
const RFC3986_KEEPS: &[u8] = b"-._~";
const FORM_KEEPS: &[u8] = b"-._*";

/// Percent-encoding of every byte but letters, digits and `keep`, upper- or lower-case hex;
/// `plus`: a space as `+` (HTML forms).
fn percent(v: &str, keep: &[u8], upper: bool, plus: bool) -> String {
    let mut out = String::with_capacity(v.len() * 3);
    for b in v.bytes() {
        if b.is_ascii_alphanumeric() || keep.contains(&b) {
            out.push(b as char);
        } else if plus && b == b' ' {
            out.push('+');
        } else if upper {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push_str(&format!("%{b:02x}"));
        }
    }
    out
}

/// The base64 characters that depend only on `v`, for each of the three byte alignments `v` can
/// have inside a longer encoded blob, in the standard and the URL-safe alphabet.
fn base64_cores(v: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    for k in 0..3usize {
        let mut padded = vec![0u8; k];
        padded.extend_from_slice(v);
        for engine in [&STANDARD_NO_PAD, &URL_SAFE_NO_PAD] {
            let enc = engine.encode(&padded);
            // Character i holds bits [6i, 6i + 6); `v` holds bits [8k, 8k + 8n).
            let first = (8 * k).div_ceil(6);
            let last = (8 * (k + v.len())) / 6;
            if last > first {
                out.push(enc[first..last.min(enc.len())].to_string());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redacted(k: &Known, text: &str) -> String {
        let mut found = Vec::new();
        k.find(text, &mut found);
        let mut out = text.to_string();
        for m in found.iter().rev() {
            out.replace_range(m.start..m.end, "[R]");
        }
        out
    }

    #[test]
    fn values_are_found_in_every_encoding() {
        let mut k = Known::new();
        assert_eq!(k.add(["s3cr3t/Pa ss+wörd!".to_string(), "short".to_string(), "aaaaaaaaaaaa".to_string()]), 1);
        let v = "s3cr3t/Pa ss+wörd!";
        assert_eq!(redacted(&k, &format!("pw={v} end")), "pw=[R] end");
        assert_eq!(redacted(&k, &format!("q={}&x=1", percent(v, RFC3986_KEEPS, true, false))), "q=[R]&x=1");
        assert_eq!(redacted(&k, &format!("q={}&x=1", percent(v, RFC3986_KEEPS, false, true))), "q=[R]&x=1");
        k.add(["qXf7Lm2Rz9Tk4Wb~".to_string()]);
        assert_eq!(redacted(&k, "state=qXf7Lm2Rz9Tk4Wb%7E&x"), "state=[R]&x", "an encoder that encodes ~ too");
        assert_eq!(redacted(&k, "state=qXf7Lm2Rz9Tk4Wb~&x"), "state=[R]&x");
        let hex: String = v.bytes().map(|b| format!("{b:02x}")).collect();
        assert_eq!(redacted(&k, &format!("dump {hex} ok")), "dump [R] ok");
        assert_eq!(redacted(&k, &format!("{{\"p\": {}}}", serde_json::to_string(v).unwrap())), "{\"p\": \"[R]\"}");
        // Inside a longer blob, at every alignment, in both alphabets: the whole blob goes.
        for prefix in ["", "A", "AB", "ABC=", "KEY=x\nPW="] {
            for engine in [&base64::engine::general_purpose::STANDARD, &base64::engine::general_purpose::URL_SAFE] {
                let blob = engine.encode(format!("{prefix}{v}\nOTHER=1\n"));
                assert_eq!(redacted(&k, &format!("upload {blob} done")), "upload [R] done", "{prefix:?}");
            }
        }
        assert_eq!(redacted(&k, "nothing here s3cr3t"), "nothing here s3cr3t");
    }
}
