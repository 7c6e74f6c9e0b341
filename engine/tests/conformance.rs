//! The native engine's run of the cross-host conformance vectors (`tests/conformance/`).
//! The Rust and Python hosts run the same file through the component and must match byte for byte.

use std::collections::HashMap;
use std::path::PathBuf;

use egress_guard_engine::verdict::jsonl_line;
use egress_guard_engine::{Guard, Scope};
use serde_json::Value;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance")
}

#[test]
fn native_engine_matches_expected_vectors() {
    let cases = std::fs::read_to_string(dir().join("cases.jsonl")).unwrap();
    let mut guards: HashMap<String, Guard> = HashMap::new();
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
            Value::String(s) if scope != Scope::Args => s.clone(),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let verdict = guard.inspect(scope, case["tool"].as_str().unwrap_or(""), &payload);
        out.push_str(&jsonl_line(&case["id"], verdict.as_ref()));
        out.push('\n');
    }
    let expected_path = dir().join("expected.jsonl");
    if std::env::var_os("UPDATE_CONFORMANCE").is_some() {
        std::fs::write(&expected_path, &out).unwrap();
    }
    let expected = std::fs::read_to_string(&expected_path).expect("expected.jsonl exists (UPDATE_CONFORMANCE=1 writes it)");
    for (got, want) in out.lines().zip(expected.lines()) {
        assert_eq!(got, want);
    }
    assert_eq!(out.lines().count(), expected.lines().count(), "case count differs from expected.jsonl");
}
