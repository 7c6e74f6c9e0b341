//! Verdicts: what the engine decided about one payload, and its canonical JSON form.
//!
//! The canonical JSON is the byte-level contract shared by every path (native engine, Rust host,
//! Python host, `egress-guard inspect --jsonl`): field order and formatting are fixed here.

use serde::Serialize;
use serde_json::{Map, Value};

/// Ordered from least to most strict: `max()` over findings is "the strictest finding wins".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Allow,
    Warn,
    Redact,
    Approve,
    Block,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Allow => "allow",
            Action::Warn => "warn",
            Action::Redact => "redact",
            Action::Approve => "approve",
            Action::Block => "block",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Low,
    Medium,
    High,
    Critical,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
            Severity::Critical => "critical",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    Args,
    Result,
    Reply,
}

impl Scope {
    pub const ALL: [Scope; 3] = [Scope::Args, Scope::Result, Scope::Reply];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Args => "args",
            Scope::Result => "result",
            Scope::Reply => "reply",
        }
    }

    pub fn parse(s: &str) -> Option<Scope> {
        match s {
            "args" => Some(Scope::Args),
            "result" => Some(Scope::Result),
            "reply" => Some(Scope::Reply),
            _ => None,
        }
    }
}

/// One finding, as every host sees it. Never carries a raw flagged value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub rule: String,
    pub code: String,
    pub action: Action,
    pub severity: Severity,
    pub reason: String,
    pub preview: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub scope: Scope,
    pub action: Action,
    /// Rewritten payload: JSON text for `Scope::Args`, plain text otherwise.
    pub output: Option<String>,
    pub findings: Vec<Finding>,
    pub message: Option<String>,
    /// One JSON object per inspected string with findings (no timestamp).
    pub audit: Vec<String>,
}

impl Verdict {
    /// The canonical verdict JSON: `{"action","output","findings","message","audit"}`.
    /// For `args`, `output` is the rewritten arguments object itself, not a string.
    pub fn to_json(&self) -> String {
        let mut map = self.line_fields();
        map.insert(
            "audit".into(),
            Value::Array(
                self.audit
                    .iter()
                    .map(|line| serde_json::from_str(line).unwrap_or(Value::Null))
                    .collect(),
            ),
        );
        Value::Object(map).to_string()
    }

    /// The fields of one `inspect --jsonl` output line (everything but `id` and `audit`).
    pub fn line_fields(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("action".into(), Value::from(self.action.as_str()));
        map.insert("output".into(), output_value(self.scope, self.output.as_deref()));
        map.insert(
            "findings".into(),
            serde_json::to_value(&self.findings).expect("findings serialize"),
        );
        map.insert(
            "message".into(),
            self.message.as_deref().map_or(Value::Null, Value::from),
        );
        map
    }
}

/// `output` as it appears in JSON: the arguments object for `args`, a string otherwise.
pub fn output_value(scope: Scope, output: Option<&str>) -> Value {
    match output {
        None => Value::Null,
        Some(text) if scope == Scope::Args => {
            serde_json::from_str(text).unwrap_or_else(|_| Value::from(text))
        }
        Some(text) => Value::from(text),
    }
}

/// One `inspect --jsonl` output line for a verdict (`None` = clean).
pub fn jsonl_line(id: &Value, verdict: Option<&Verdict>) -> String {
    let mut map = Map::new();
    map.insert("id".into(), id.clone());
    match verdict {
        Some(v) => map.extend(v.line_fields()),
        None => {
            map.insert("action".into(), Value::from("allow"));
            map.insert("output".into(), Value::Null);
            map.insert("findings".into(), Value::Array(vec![]));
            map.insert("message".into(), Value::Null);
        }
    }
    Value::Object(map).to_string()
}
