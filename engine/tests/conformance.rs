//! The native engine's run of the cross-host conformance vectors (`tests/conformance/`).
//! The Rust and Python hosts run the same file through the component and must match byte for byte.

mod common;

use std::collections::HashMap;

use common::{assert_matches_expected, conformance_dir as dir};
use egress_guard_engine::verdict::jsonl_line;
use egress_guard_engine::{Guard, Options, Scope, Verdict};
use serde_json::Value;

#[test]
fn native_engine_matches_expected_vectors() {
    let cases = std::fs::read_to_string(dir().join("cases.jsonl")).unwrap();
    let mut guards: HashMap<String, Guard> = HashMap::new();
    let mut seqs: HashMap<String, u64> = HashMap::new();
    let mut out = String::new();
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let policy = case["policy"].as_str().unwrap_or("default").to_string();
        let guard = guards.entry(policy.clone()).or_insert_with(|| {
            let path = dir().join("policies").join(format!("{policy}.yaml"));
            let text = std::fs::read_to_string(&path).unwrap();
            let guard = Guard::new(&text, &format!("{policy}.yaml"), None);
            assert_eq!(guard.load_error(), None, "conformance policy {policy} must be valid");
            guard
        });
        let scope = Scope::parse(case["scope"].as_str().unwrap()).unwrap();
        let payload = match &case["payload"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let tool = case["tool"].as_str().unwrap_or("");
        let verdict = if case.get("trap").is_some() {
            Some(Verdict::internal(scope, tool, "fuel budget exhausted", guard.fail_mode()))
        } else {
            let mut options: Options = case.get("options").map(|o| serde_json::from_value(o.clone()).unwrap()).unwrap_or_default();
            // A case in a session is that session's next call, as a host numbers them.
            if let Some(id) = case.get("session").and_then(Value::as_str) {
                let seq = seqs.entry(id.to_string()).or_insert(0);
                options.session = Some(id.to_string());
                options.session_seq = Some(*seq);
                *seq += 1;
            }
            guard.inspect_with(scope, tool, &payload, &options)
        };
        out.push_str(&jsonl_line(&case["id"], verdict.as_ref()));
        out.push('\n');
    }
    assert_matches_expected("expected.jsonl", &out);
}

/// `tests/conformance/audit.jsonl`: audit entries sealed by the default policy's guard. The
/// component's `seal-audit` must give the same bytes (`audit-expected.jsonl`) on every host.
#[test]
fn native_engine_seals_audit_lines_as_expected() {
    let cases = std::fs::read_to_string(dir().join("audit.jsonl")).unwrap();
    let guard = Guard::new("", "default", None);
    let mut out = String::new();
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let s = |k: &str| case[k].as_str().unwrap();
        let sealed = guard.seal_audit(s("line"), s("ts"), s("component_sha256"), case["prev_line"].as_str());
        let result = match sealed {
            Ok(line) => serde_json::json!({"id": case["id"], "sealed": line}),
            Err(e) => serde_json::json!({"id": case["id"], "error": e}),
        };
        out.push_str(&result.to_string());
        out.push('\n');
    }
    assert_matches_expected("audit-expected.jsonl", &out);
}
