//! EG-SECRET-001: credentials in arguments, results and replies.
//!
//! Each detector is a small unit carrying its own true- and false-positive examples; one
//! table-driven test checks them all, and a detector without examples fails that test.
//! Redaction writes `[REDACTED:<kind>]`, which no detector matches, so the guard is idempotent.

use std::sync::OnceLock;

use regex::bytes::Regex;

use super::{Hit, Input, Outcome};
use crate::mask::mask_value;
use crate::verdict::Severity;

pub const CODE: &str = "EG-SECRET-001";

/// One credential format.
pub struct Detector {
    /// Kind name used in `[REDACTED:<kind>]` and in reasons.
    pub kind: &'static str,
    /// Byte regex; the secret is capture group `secret` if present, else the whole match.
    pub pattern: &'static str,
    pub severity: Severity,
    /// Must be found (whole value redacted) in each of these.
    pub true_positives: &'static [&'static str],
    /// Must not be found in any of these.
    pub false_positives: &'static [&'static str],
}

pub const DETECTORS: &[Detector] = &[
    Detector {
        kind: "aws-access-key-id",
        pattern: r"(?-u:\b)(?P<secret>(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})(?-u:\b)",
        severity: Severity::High,
        true_positives: &["aws_access_key_id = AKIAQYLPMN5HFIQR7XYZ", "key AKIAZ2CDEFGHIJKLMNOP here"],
        false_positives: &["AKIAIOSFODNN7EXAMPLE", "AKIA is a prefix", "XAKIAQYLPMN5HFIQR7XYZ"],
    },
    Detector {
        kind: "github-token",
        pattern: r"(?-u:\b)(?P<secret>gh[pousr]_[A-Za-z0-9]{36})(?-u:\b)",
        severity: Severity::High,
        true_positives: &["GITHUB_TOKEN=ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"],
        false_positives: &["ghp_short", "the ghp_ prefix"],
    },
];

/// Documentation example values that are never findings.
const EXAMPLE_VALUES: &[&str] = &["AKIAIOSFODNN7EXAMPLE"];

/// A credential found in a text (byte offsets of the value itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecretMatch {
    pub start: usize,
    pub end: usize,
    pub kind: &'static str,
    pub severity: Severity,
}

fn compiled() -> &'static [Regex] {
    static COMPILED: OnceLock<Vec<Regex>> = OnceLock::new();
    COMPILED.get_or_init(|| {
        DETECTORS
            .iter()
            .map(|d| Regex::new(d.pattern).expect("detector pattern compiles"))
            .collect()
    })
}

/// Every credential in `text`, sorted by position, overlaps resolved in favour of the earlier
/// (then longer) match.
pub fn find(text: &str) -> Vec<SecretMatch> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    for (detector, re) in DETECTORS.iter().zip(compiled()) {
        for caps in re.captures_iter(bytes) {
            let m = caps.name("secret").or_else(|| caps.get(0)).expect("group 0 exists");
            let value = &text[m.start()..m.end()];
            if EXAMPLE_VALUES.contains(&value) {
                continue;
            }
            found.push(SecretMatch { start: m.start(), end: m.end(), kind: detector.kind, severity: detector.severity });
        }
    }
    found.sort_by(|a, b| a.start.cmp(&b.start).then(b.end.cmp(&a.end)));
    let mut merged: Vec<SecretMatch> = Vec::with_capacity(found.len());
    for m in found {
        if merged.last().is_some_and(|last| m.start < last.end) {
            continue;
        }
        merged.push(m);
    }
    merged
}

/// `text` with every credential replaced by its masked preview; used for command previews in
/// messages, whatever the secrets rule's mode.
pub fn mask_credentials(text: &str) -> String {
    replace_matches(text, &find(text), |value, _| mask_value(value))
}

fn replace_matches(text: &str, matches: &[SecretMatch], with: impl Fn(&str, &SecretMatch) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for m in matches {
        out.push_str(&text[at..m.start]);
        out.push_str(&with(&text[m.start..m.end], m));
        at = m.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The rule: one hit per credential, and the text with each one replaced by `[REDACTED:<kind>]`.
pub struct Rule;

impl Rule {
    pub fn new(_policy: &crate::policy::SecretsPolicy) -> Rule {
        Rule
    }

    pub fn inspect(&self, input: &Input) -> Outcome {
        inspect(input)
    }
}

fn inspect(input: &Input) -> Outcome {
    let matches: Vec<SecretMatch> =
        find(input.text).into_iter().filter(|m| !input.allowed(&input.text[m.start..m.end])).collect();
    if matches.is_empty() {
        return Outcome::default();
    }
    let hits = matches
        .iter()
        .map(|m| Hit {
            code: CODE,
            severity: m.severity,
            reason: format!("Credential ({}) found.", m.kind),
            preview: mask_value(&input.text[m.start..m.end]),
            action: None,
        })
        .collect();
    let rewritten = input.rewrite.then(|| replace_matches(input.text, &matches, |_, m| format!("[REDACTED:{}]", m.kind)));
    Outcome { hits, rewritten, withheld_note: Some("credentials redacted") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_detector_carries_and_passes_its_examples() {
        for d in DETECTORS {
            assert!(!d.true_positives.is_empty(), "{}: no true-positive examples", d.kind);
            assert!(!d.false_positives.is_empty(), "{}: no false-positive examples", d.kind);
            for tp in d.true_positives {
                let found = find(tp);
                assert!(found.iter().any(|m| m.kind == d.kind), "{}: missed {tp:?}", d.kind);
            }
            for fp in d.false_positives {
                let found = find(fp);
                assert!(found.is_empty(), "{}: false positive on {fp:?}: {found:?}", d.kind);
            }
        }
    }

    #[test]
    fn redaction_is_idempotent_and_never_leaks() {
        let text = "export T=ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789 and AKIAQYLPMN5HFIQR7XYZ";
        let input = Input { scope: crate::verdict::Scope::Args, tool: "t", path: "", text, rewrite: true, allowlist: None };
        let out = inspect(&input).rewritten.unwrap();
        assert_eq!(out, "export T=[REDACTED:github-token] and [REDACTED:aws-access-key-id]");
        assert!(find(&out).is_empty());
    }
}
