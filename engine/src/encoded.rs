//! The forms a known value takes when it comes back encoded, and how far a match of each form
//! reaches. Two places search a text for values they already hold: the secrets rule for the
//! user's own credentials ([`crate::rules::secrets`]'s known values) and a session's vault of
//! placeholder values ([`crate::session`]). Both must find the same encodings, so they share
//! this list.

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};

/// How an encoded form sits in a text, and how far its match reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// As written, or escaped in place (JSON, URL): the match itself.
    Exact,
    /// Hex digits: the whole run of hex digits around it.
    Hex,
    /// Base64: the whole run of base64 characters around it (a blob holding the value).
    Base64,
}

/// The punctuation encoders leave as it is: RFC 3986's unreserved set (JavaScript's
/// `encodeURIComponent`, Python's `quote`), and HTML forms' (Java's `URLEncoder`, which encodes
/// `~`); the third variant encodes every byte but letters and digits.
const RFC3986_KEEPS: &[u8] = b"-._~";
const FORM_KEEPS: &[u8] = b"-._*";

/// Every form of `v` worth searching for, distinct: as written, JSON-escaped, URL-encoded (three
/// sets of kept punctuation, upper and lower hex, `+` for spaces or not), hex (both cases), and
/// the base64 characters that depend only on `v` at each of the three byte alignments, in the
/// standard and the URL-safe alphabet. Callers drop forms shorter than they can search safely.
pub fn forms(v: &str) -> Vec<(String, Encoding)> {
    let mut out: Vec<(String, Encoding)> = Vec::new();
    let mut push = |p: String, e: Encoding| {
        if !p.is_empty() && !out.iter().any(|(q, _)| *q == p) {
            out.push((p, e));
        }
    };
    push(v.to_string(), Encoding::Exact);
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
    out
}

/// The span a match of `encoding` at `start..end` covers in `text`: the match itself, or the
/// whole run of hex or base64 characters around it (the blob that holds the value goes with
/// it); `None` when that run does not end on character boundaries.
pub fn widen(text: &str, start: usize, end: usize, encoding: Encoding) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let within = |c: u8| match encoding {
        Encoding::Exact => false,
        Encoding::Hex => c.is_ascii_hexdigit(),
        Encoding::Base64 => c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'-' | b'_' | b'='),
    };
    let (mut s, mut e) = (start, end);
    while s > 0 && within(b[s - 1]) {
        s -= 1;
    }
    while e < b.len() && within(b[e]) {
        e += 1;
    }
    (text.is_char_boundary(s) && text.is_char_boundary(e)).then_some((s, e))
}

/// Percent-encoding of every byte but letters, digits and `keep`, upper- or lower-case hex;
/// `plus`: a space as `+` (HTML forms).
pub fn percent(v: &str, keep: &[u8], upper: bool, plus: bool) -> String {
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

    #[test]
    fn every_encoding_of_a_value_is_listed_once_and_found_in_an_encoded_blob() {
        let v = "s3cr3t pass/word~";
        let f = forms(v);
        let has = |p: &str| f.iter().any(|(q, _)| q == p);
        assert!(has(v) && has("s3cr3t%20pass%2Fword~") && has("s3cr3t+pass%2fword~") && has("s3cr3t%20pass%2Fword%7E"));
        assert!(has(&v.bytes().map(|b| format!("{b:02x}")).collect::<String>()));
        let mut seen = f.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), f.len(), "no form twice");
        // A base64 blob with the value at any alignment holds one of its cores.
        for prefix in ["", "a", "ab"] {
            let blob = STANDARD_NO_PAD.encode(format!("{prefix}{v}!!"));
            let (core, enc) = f.iter().find(|(p, e)| *e == Encoding::Base64 && blob.contains(p.as_str())).expect("a core");
            let at = blob.find(core.as_str()).unwrap();
            assert_eq!(widen(&blob, at, at + core.len(), *enc), Some((0, blob.len())), "the whole blob goes");
        }
    }

    #[test]
    fn widening_stops_at_the_encodings_own_characters() {
        assert_eq!(widen("x=DEADbeef;", 4, 8, Encoding::Hex), Some((2, 10)));
        assert_eq!(widen("x=DEADbeef;", 4, 8, Encoding::Exact), Some((4, 8)));
        assert_eq!(widen("é+abc", 3, 6, Encoding::Base64), Some((2, 6)));
    }
}
