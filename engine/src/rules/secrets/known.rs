//! The user's own secrets, by value. A host knows credentials no pattern can (the values of its
//! credential-named environment variables, its agent's `.env`, files its policy lists) and hands
//! them over ([`crate::Guard::add_known_values`]); they are held in memory only, never written to
//! a status, a message, a preview or an audit line. The engine then redacts them wherever they
//! appear: as written, JSON-escaped, URL-encoded, hex-encoded, and base64-encoded at any byte
//! alignment inside a longer blob (`base64 .env`), where the whole blob goes.
//!
//! One Aho-Corasick automaton over every encoding of every value, rebuilt when values are added.

use aho_corasick::{AhoCorasick, MatchKind};

use super::SecretMatch;
use super::validate;
use crate::encoded::{self, Encoding};

/// Shortest value kept: shorter ones (`1`, `true`, `prod`) would redact ordinary words.
pub const SHORTEST_KNOWN: usize = 8;

/// Shortest encoded form searched for (a base64 core of a short value can be very short).
const SHORTEST_PATTERN: usize = 8;

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
            for (form, e) in encoded::forms(v) {
                push(form, e);
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
        for m in ac.find_iter(text.as_bytes()) {
            if let Some((s, e)) = encoded::widen(text, m.start(), m.end(), self.encodings[m.pattern().as_usize()]) {
                out.push(SecretMatch::new(s, e, KIND));
            }
        }
    }
}

/// The kind of a known value's finding (its preview shows none of it).
pub const KIND: &str = "known-value";

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine as _;

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
        assert_eq!(redacted(&k, &format!("q={}&x=1", encoded::percent(v, b"-._~", true, false))), "q=[R]&x=1");
        assert_eq!(redacted(&k, &format!("q={}&x=1", encoded::percent(v, b"-._~", false, true))), "q=[R]&x=1");
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
