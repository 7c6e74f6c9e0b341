//! Verdicts: what the engine decided about one payload, and their canonical JSON form.
//!
//! The canonical JSON is the byte-level contract shared by every path (native engine, Rust host,
//! Python host, Node host, `egress-guard inspect --jsonl`): field order and formatting are fixed
//! here, once. This crate is small on purpose: a host reads and writes verdicts with it without
//! linking the rule engine (brush-parser, microlp, ...).
//!
//! The verdict of a call the engine could not finish ([`Verdict::internal`]) is built here too,
//! so the Rust host (natively) and the component (for the Python and Node hosts) produce the same
//! bytes; a conformance vector pins it.

pub mod audit;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// Ordered from least to most strict: `max()` over findings is "the strictest finding wins".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
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

/// Where a string is on its way out: tool arguments, a tool result, or the final reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

/// What a host does when the engine cannot decide (a trap, an exhausted budget, no module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailMode {
    Open,
    Closed,
}

/// The `fail_mode` a policy text declares on its top-level `fail_mode:` line (`open` when it
/// declares none): what a host applies when it has no engine to parse the policy with (the
/// component is missing, or the failure came before it was loaded).
pub fn declared_fail_mode(policy_text: &str) -> FailMode {
    let declared = policy_text.lines().find_map(|line| {
        let value = line.strip_prefix("fail_mode:")?.split(" #").next()?.trim().trim_matches(|c| c == '"' || c == '\'');
        Some(value == "closed")
    });
    if declared == Some(true) { FailMode::Closed } else { FailMode::Open }
}

/// One finding, as every host sees it. Never carries a raw flagged value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    pub rule: String,
    pub code: String,
    pub action: Action,
    pub severity: Severity,
    pub reason: String,
    pub preview: String,
}

/// The bounds every host puts on the component. They are calibrated against the engine's code
/// (`cargo bench -p egress-guard --bench budget`), so they live beside it: the Rust host links
/// them, the component reports them to the other hosts (`host-limits`).
pub mod limits {
    /// Fuel for one inspect/status/check call: ~20x the slowest legal input (a 1 MB CSV of
    /// small cells), ~2 s of CPU at the slowest rate measured; past it the call fails and the
    /// host applies `fail_mode`.
    pub const CALL_FUEL: u64 = 20_000_000_000;
    /// Fuel for instantiating the component and building a guard from a policy text (YAML and
    /// the allowlists' regexes), kept apart so a tight call budget never prevents loading.
    pub const CONSTRUCT_FUEL: u64 = 10_000_000_000;
    /// Wall-clock backstop per call: a third of a 30 s agent hook, for a machine so loaded that
    /// even the fuel budget would take too long.
    pub const DEADLINE_MS: u64 = 10_000;
    /// How often hosts advance the epoch (the deadline's resolution).
    pub const EPOCH_TICK_MS: u64 = 10;
    /// Upper bound on one instance's linear memory; growing past it fails the call. The largest
    /// legal payload (16 MB `max_scan_bytes`) and its rewrite fit many times over.
    pub const MEMORY_LIMIT_BYTES: u64 = 1 << 30;

    /// The bounds as the component's `host-limits` JSON.
    pub fn json() -> String {
        format!(
            r#"{{"call_fuel":{CALL_FUEL},"construct_fuel":{CONSTRUCT_FUEL},"deadline_ms":{DEADLINE_MS},"epoch_tick_ms":{EPOCH_TICK_MS},"memory_limit_bytes":{MEMORY_LIMIT_BYTES}}}"#
        )
    }
}

/// How one call is to be decided, beyond its payload: the options JSON of `inspect-with`
/// (every field optional, unknown ones rejected).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallOptions {
    /// Nobody will answer an approval prompt for this call (approvals bypassed, an unattended
    /// run), and why, in a few words (`--yolo`, `cron approve mode`): an `approve` becomes a
    /// `block` whose message says so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unattended: Option<String>,
}

/// The reason code of the finding a call the engine could not finish produces.
pub const INTERNAL_CODE: &str = "EG-INTERNAL-001";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub scope: Scope,
    pub action: Action,
    /// Rewritten payload: JSON text for `Scope::Args`, plain text otherwise.
    pub output: Option<String>,
    pub findings: Vec<Finding>,
    pub message: Option<String>,
    /// One compact JSON object per inspected string with findings (no timestamp). Written by
    /// serde_json, so it is spliced into the canonical JSON as it is, never parsed back.
    pub audit: Vec<String>,
    /// The note appended to a rewritten reply (`output` then ends with `"\n\n"` + note), so a
    /// host that wants the rewrite without it strips exactly that instead of parsing prose.
    pub note: Option<String>,
}

impl Verdict {
    /// The canonical verdict JSON:
    /// `{"action","output","findings","message","audit","note"}` (`note` only when set).
    /// For `args`, `output` is the rewritten arguments object itself, not a string.
    pub fn to_json(&self) -> String {
        let audit: Vec<&RawValue> = self.audit.iter().filter_map(|line| raw(line)).collect();
        serde_json::to_string(&self.wire(None, Some(audit))).expect("verdicts serialize")
    }

    /// The fields of one `inspect --jsonl` output line (everything but `id` and `audit`).
    pub fn line_fields(&self) -> Map<String, Value> {
        match serde_json::to_value(self.wire(None, None)).expect("verdicts serialize") {
            Value::Object(map) => map,
            _ => unreachable!("a verdict is an object"),
        }
    }

    /// The verdict as it is written: the payload strings are serialized from where they are,
    /// and the audit lines and rewritten arguments (already compact JSON from serde_json) are
    /// spliced in as they are, never parsed into values and written again.
    fn wire<'a>(&'a self, id: Option<&'a Value>, audit: Option<Vec<&'a RawValue>>) -> Wire<'a> {
        let output = match self.output.as_deref() {
            None => Output::Null,
            Some(text) if self.scope == Scope::Args => match raw(text) {
                Some(r) if text.starts_with(['{', '[']) && nesting(text) < MAX_NESTING => Output::Json(r),
                _ => Output::Text(text),
            },
            Some(text) => Output::Text(text),
        };
        Wire { id, action: self.action, output, findings: &self.findings, message: self.message.as_deref(), audit, note: self.note.as_deref() }
    }

    /// The verdict for a payload the engine could not finish inspecting (a trap, an exhausted
    /// budget, no module), following `fail_mode`: `open` lets it through unchanged with a
    /// warning, `closed` blocks it (a blocked result or reply is replaced by the message, so a
    /// consumer that applies `output` never passes the unchecked text on). One audit line records
    /// it. `cause` is the host's short, payload-free description ("fuel budget exhausted").
    pub fn internal(scope: Scope, tool: &str, cause: &str, fail_mode: FailMode) -> Verdict {
        let (action, effect) = match fail_mode {
            FailMode::Open => (Action::Warn, "passed unchecked (fail_mode: open)"),
            FailMode::Closed => (Action::Block, "blocked (fail_mode: closed)"),
        };
        let finding = Finding {
            rule: "internal".into(),
            code: INTERNAL_CODE.into(),
            action,
            severity: Severity::High,
            reason: format!("Egress Guard could not inspect this payload ({cause}); it was {effect}."),
            preview: String::new(),
        };
        let message = (action == Action::Block)
            .then(|| format!("[egress-guard] BLOCK: the guard could not inspect this payload ({cause}) and fail_mode is closed. ({INTERNAL_CODE})"));
        let output = match scope {
            Scope::Result | Scope::Reply => message.clone(),
            Scope::Args => None,
        };
        // No digest of the payload: it was not inspected, and a digest of a short uninspected
        // string (a phone number) could identify a person.
        let mut entry = Map::new();
        entry.insert("direction".into(), Value::from(scope.as_str()));
        entry.insert("tool".into(), if tool.is_empty() { Value::Null } else { Value::from(tool) });
        entry.insert("path".into(), Value::from(""));
        entry.insert("action".into(), Value::from(action.as_str()));
        entry.insert("counts".into(), serde_json::json!({"internal": 1}));
        entry.insert("findings".into(), serde_json::json!([&finding]));
        let audit = vec![Value::Object(entry).to_string()];
        Verdict { scope, action, output, findings: vec![finding], message, audit, note: None }
    }

    /// Parse the canonical verdict JSON of a call in `scope` (what `inspect-json` returns).
    pub fn from_json(scope: Scope, text: &str) -> serde_json::Result<Verdict> {
        #[derive(Deserialize)]
        struct Wire<'a> {
            action: Action,
            #[serde(borrow)]
            output: Option<&'a RawValue>,
            findings: Vec<Finding>,
            message: Option<String>,
            #[serde(borrow)]
            audit: Vec<&'a RawValue>,
            note: Option<String>,
        }
        let w: Wire = serde_json::from_str(text)?;
        let output = match w.output.map(RawValue::get) {
            None | Some("null") => None,
            Some(raw) if scope == Scope::Args && raw.starts_with(['{', '[']) => Some(raw.to_string()),
            Some(raw) => Some(serde_json::from_str::<String>(raw)?),
        };
        Ok(Verdict {
            scope,
            action: w.action,
            output,
            findings: w.findings,
            message: w.message,
            audit: w.audit.iter().map(|r| r.get().to_string()).collect(),
            note: w.note,
        })
    }
}

/// The deepest nesting serde_json reads by default: a verdict (one level above its `output`)
/// deeper than this could not be read back, so arguments nested that deep are written as a
/// string.
const MAX_NESTING: usize = 127;

/// The deepest nesting of arrays and objects in a JSON text.
fn nesting(json: &str) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for b in json.bytes() {
        match (in_string, escaped, b) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') => in_string = false,
            (true, false, _) => {}
            (false, _, b'"') => in_string = true,
            (false, _, b'[' | b'{') => {
                depth += 1;
                max = max.max(depth);
            }
            (false, _, b']' | b'}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

fn raw(line: &str) -> Option<&RawValue> {
    serde_json::from_str::<&RawValue>(line).ok()
}

#[derive(Serialize)]
struct Wire<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a Value>,
    action: Action,
    output: Output<'a>,
    findings: &'a [Finding],
    message: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    audit: Option<Vec<&'a RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Output<'a> {
    Null,
    Json(&'a RawValue),
    Text(&'a str),
}

/// One `inspect --jsonl` output line for a verdict (`None` = clean).
pub fn jsonl_line(id: &Value, verdict: Option<&Verdict>) -> String {
    match verdict {
        Some(v) => serde_json::to_string(&v.wire(Some(id), None)).expect("verdicts serialize"),
        None => {
            let clean = Wire { id: Some(id), action: Action::Allow, output: Output::Null, findings: &[], message: None, audit: None, note: None };
            serde_json::to_string(&clean).expect("verdicts serialize")
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    fn sample(scope: Scope, output: Option<&str>) -> Verdict {
        Verdict {
            scope,
            action: Action::Redact,
            output: output.map(str::to_string),
            findings: vec![Finding {
                rule: "secrets".into(),
                code: "EG-SECRET-001".into(),
                action: Action::Redact,
                severity: Severity::High,
                reason: "r".into(),
                preview: "AKIA…****".into(),
            }],
            message: None,
            audit: vec![r#"{"direction":"args","n":1}"#.into()],
            note: None,
        }
    }

    #[test]
    fn canonical_json_has_the_contract_key_order_and_embeds_audit_lines_as_data() {
        let v = sample(Scope::Args, Some(r#"{"command":"x"}"#));
        assert_eq!(
            v.to_json(),
            r#"{"action":"redact","output":{"command":"x"},"findings":[{"rule":"secrets","code":"EG-SECRET-001","action":"redact","severity":"high","reason":"r","preview":"AKIA…****"}],"message":null,"audit":[{"direction":"args","n":1}]}"#
        );
    }

    #[test]
    fn note_comes_last_and_only_when_set() {
        let mut v = sample(Scope::Reply, Some("text\n\n[egress-guard] Values withheld: x."));
        v.note = Some("[egress-guard] Values withheld: x.".into());
        assert!(v.to_json().ends_with(r#""audit":[{"direction":"args","n":1}],"note":"[egress-guard] Values withheld: x."}"#), "{}", v.to_json());
        assert!(jsonl_line(&Value::from(1), Some(&v)).ends_with(r#""message":null,"note":"[egress-guard] Values withheld: x."}"#));
    }

    #[test]
    fn arguments_too_deep_to_read_back_are_written_as_a_string() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        let shallow = sample(Scope::Args, Some(&deep(MAX_NESTING - 1)));
        assert!(serde_json::from_str::<Value>(&shallow.to_json()).is_ok());
        let too_deep = sample(Scope::Args, Some(&deep(MAX_NESTING)));
        let back: Value = serde_json::from_str(&too_deep.to_json()).unwrap();
        assert!(back["output"].is_string());
        assert_eq!(nesting(r#"{"a":"[[[[","b":[{"c":"\"]"}]}"#), 3);
    }

    #[test]
    fn declared_fail_mode_reads_the_top_level_line() {
        assert_eq!(declared_fail_mode("preset: dev\nfail_mode: closed  # strict\n"), FailMode::Closed);
        assert_eq!(declared_fail_mode("fail_mode: 'closed'\n"), FailMode::Closed);
        assert_eq!(declared_fail_mode("rules:\n  x:\n    fail_mode: closed\n"), FailMode::Open);
        assert_eq!(declared_fail_mode(""), FailMode::Open);
    }

    #[test]
    fn from_json_reads_back_what_to_json_writes() {
        for v in [sample(Scope::Args, Some(r#"{"command":"x"}"#)), sample(Scope::Reply, Some("a \"quoted\"\nline")), sample(Scope::Result, None)] {
            let back = Verdict::from_json(v.scope, &v.to_json()).unwrap();
            assert_eq!(back, v);
        }
    }

    #[test]
    fn internal_verdict_follows_fail_mode_and_withholds_results_when_closed() {
        let open = Verdict::internal(Scope::Result, "terminal", "engine trap", FailMode::Open);
        assert_eq!((open.action, open.output.as_deref(), open.message.as_deref()), (Action::Warn, None, None));
        let closed = Verdict::internal(Scope::Result, "terminal", "engine trap", FailMode::Closed);
        assert_eq!(closed.action, Action::Block);
        assert_eq!(closed.output, closed.message);
        assert!(closed.message.unwrap().contains("(engine trap)"));
        let args = Verdict::internal(Scope::Args, "", "fuel budget exhausted", FailMode::Closed);
        assert_eq!(args.output, None, "blocked arguments are not rewritten");
        assert!(args.audit[0].contains(r#""tool":null"#));
    }
}
