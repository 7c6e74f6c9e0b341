//! The rules. Each one looks at a single string and reports hits; the pipeline in `crate::guard`
//! turns hits into findings with the rule's mode, applies the allowlist and threads rewrites
//! from one rule into the next (network sees the original command, secrets redact, then tables).

pub mod microdata;
pub mod network;
pub mod pii;
pub mod secrets;
pub mod size;
pub mod smallcell;
pub mod tables;

use regex::RegexSet;

use crate::verdict::{Action, Scope, Severity};

/// Rule names as they appear in findings, counts and policies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleId {
    Secrets,
    Smallcell,
    Microdata,
    Pii,
    Network,
    Size,
}

impl RuleId {
    pub fn as_str(self) -> &'static str {
        match self {
            RuleId::Secrets => "secrets",
            RuleId::Smallcell => "smallcell",
            RuleId::Microdata => "microdata",
            RuleId::Pii => "pii",
            RuleId::Network => "network",
            RuleId::Size => "size",
        }
    }
}

/// What a rule is looking at: one string, where it sits and where it is going.
pub struct Input<'a> {
    pub scope: Scope,
    pub tool: &'a str,
    /// JSON pointer of the string inside the arguments or result (`""` for a plain payload).
    pub path: &'a str,
    /// The object member name this string is the value of (`{"db_password": text}`), if any:
    /// the credential-name context of a string that a parsed JSON document took from it.
    pub member: Option<&'a str>,
    pub text: &'a str,
    /// Whether the rule may rewrite the text (its mode is `redact`).
    pub rewrite: bool,
    /// Findings whose raw value matches are ignored (the policy's `allowlist`s).
    pub allowlist: Option<&'a RegexSet>,
    /// The one read of `text` the secrets and personal-data rules share, when the pipeline has
    /// made it.
    pub shared: Option<&'a secrets::Shared>,
}

impl Input<'_> {
    /// Whether a raw flagged value is allowlisted.
    pub fn allowed(&self, value: &str) -> bool {
        self.allowlist.is_some_and(|set| set.is_match(value))
    }
}

/// One thing a rule found. `preview` is already masked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    pub code: &'static str,
    pub severity: Severity,
    pub reason: String,
    pub preview: String,
    /// An action that does not come from the rule's mode (the size cap follows `fail_mode`).
    pub action: Option<Action>,
}

/// What a rule did with one string.
#[derive(Debug, Default)]
pub struct Outcome {
    pub hits: Vec<Hit>,
    /// The text with this rule's rewrites applied, when it changed anything.
    pub rewritten: Option<String>,
    /// A short note for a reply when values were withheld (e.g. "small counts suppressed").
    pub withheld_note: Option<&'static str>,
}
