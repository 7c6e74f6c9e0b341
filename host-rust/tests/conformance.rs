//! The cross-host conformance vectors through the component, both through the library and
//! through `egress-guard inspect --jsonl`: each must reproduce `expected.jsonl` byte for byte.

mod common;

use std::collections::BTreeMap;
use std::io::Write;
use std::process::Stdio;

use egress_guard::{CallOptions, Guard, Limits, Scope, jsonl_line};
use serde_json::Value;

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(common::conformance_dir().join("cases.jsonl")).unwrap();
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn expected() -> Vec<String> {
    let text = std::fs::read_to_string(common::conformance_dir().join("expected.jsonl")).unwrap();
    text.lines().map(str::to_string).collect()
}

fn policy_name(case: &Value) -> String {
    case["policy"].as_str().unwrap_or("default").to_string()
}

fn assert_lines(got: &[String], want: &[String], path: &str) {
    for (g, w) in got.iter().zip(want) {
        assert_eq!(g, w, "{path} differs from expected.jsonl");
    }
    assert_eq!(got.len(), want.len(), "{path}: case count differs from expected.jsonl");
}

#[test]
fn library_matches_expected_vectors() {
    let rt = common::runtime();
    let mut guards: BTreeMap<(String, bool), Guard> = BTreeMap::new();
    let mut got = Vec::new();
    for case in cases() {
        let name = policy_name(&case);
        // A `trap` case runs with one unit of fuel: the call really fails.
        let trap = case.get("trap").is_some();
        let guard = guards.entry((name.clone(), trap)).or_insert_with(|| {
            let limits = if trap { Limits { call_fuel: 1, ..Limits::default() } } else { Limits::default() };
            let g = Guard::with_limits(&rt, &common::conformance_policy(&name), None, limits).unwrap();
            assert_eq!(g.load_error(), None, "conformance policy {name} must be valid");
            g
        });
        let scope = Scope::parse(case["scope"].as_str().unwrap()).unwrap();
        let payload = match &case["payload"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let options: CallOptions = case.get("options").map(|o| serde_json::from_value(o.clone()).unwrap()).unwrap_or_default();
        let verdict = guard.inspect_with(scope, case["tool"].as_str().unwrap_or(""), &payload, &options).unwrap();
        got.push(jsonl_line(&case["id"], verdict.as_ref()));
    }
    assert_lines(&got, &expected(), "library");
}

#[test]
fn cli_jsonl_matches_expected_vectors() {
    let cases = cases();
    // One CLI run per policy; the case lines go in as they are (the extra "policy" key is ignored).
    // `trap` cases need a starved budget, which the CLI does not take: the library test has them.
    let mut by_policy: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, case) in cases.iter().enumerate() {
        if case.get("trap").is_none() {
            by_policy.entry(policy_name(case)).or_default().push(i);
        }
    }
    let home = tempfile::tempdir().unwrap();
    let mut got = vec![String::new(); cases.len()];
    for (name, idx) in by_policy {
        let policy = common::conformance_dir().join("policies").join(format!("{name}.yaml"));
        // The component by `--wasm`, not by the environment.
        let mut child = common::cli(home.path())
            .env_remove("EGRESS_GUARD_WASM")
            .args(["inspect", "--jsonl", "--policy"])
            .arg(&policy)
            .arg("--wasm")
            .arg(common::wasm_path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input: String = idx.iter().map(|&i| format!("{}\n", cases[i])).collect();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(matches!(out.status.code(), Some(0..=2)), "policy {name}: {stderr}");
        assert!(stderr.is_empty(), "policy {name} printed warnings: {stderr}");
        let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
        assert_eq!(lines.len(), idx.len(), "policy {name}: one output line per input line");
        for (&i, line) in idx.iter().zip(lines) {
            got[i] = line.to_string();
        }
    }
    // The batch contract rejects an `args` payload that is not an object (the library and the
    // engine read such text as plain text; `docs/contracts.md` §3): the CLI answers with an error.
    let want: Vec<String> = expected()
        .into_iter()
        .zip(&cases)
        .filter(|(_, c)| c.get("trap").is_none())
        .map(|(line, case)| match (&case["scope"], &case["payload"]) {
            (Value::String(s), Value::String(_)) if s == "args" => {
                serde_json::json!({"id": case["id"], "error": "\"payload\" must be the arguments object for scope args"}).to_string()
            }
            _ => line,
        })
        .collect();
    got.retain(|line| !line.is_empty());
    assert_lines(&got, &want, "CLI inspect --jsonl");
}

#[test]
fn component_seals_audit_lines_as_expected() {
    let rt = common::runtime();
    let mut guard = Guard::new(&rt, &egress_guard::PolicySource::defaults(), None).unwrap();
    let cases = std::fs::read_to_string(common::conformance_dir().join("audit.jsonl")).unwrap();
    let want = std::fs::read_to_string(common::conformance_dir().join("audit-expected.jsonl")).unwrap();
    let mut got = Vec::new();
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let s = |k: &str| case[k].as_str().unwrap();
        let result = match guard.seal_audit(s("line"), s("ts"), s("component_sha256"), case["prev_line"].as_str()).unwrap() {
            Ok(line) => serde_json::json!({"id": case["id"], "sealed": line}),
            Err(e) => serde_json::json!({"id": case["id"], "error": e}),
        };
        got.push(result.to_string());
    }
    let want: Vec<String> = want.lines().map(str::to_string).collect();
    assert_eq!(got, want, "the component seals differently from the native engine");
}
