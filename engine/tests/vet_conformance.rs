//! The native engine's per-file vet records of `tests/fixtures/vet/` (`tests/conformance/vet.jsonl`):
//! what `egress-guard vet` takes from the component for each file, the verdict and the
//! small-cell explanation. The Rust and Python hosts produce the same records through the
//! component and must match byte for byte. `UPDATE_CONFORMANCE=1` rewrites the file.

mod common;

use std::path::{Path, PathBuf};

use egress_guard_engine::verdict::jsonl_line;
use egress_guard_engine::{Guard, Scope};
use serde_json::Value;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every file under `dir`, as (`/`-separated relative path, text), sorted by path.
fn files(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
                out.push((rel, std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn native_engine_matches_expected_vet_records() {
    let guard = Guard::new("", "built-in defaults", None);
    let mut out = String::new();
    for (rel, text) in files(&repo().join("tests/fixtures/vet")) {
        let verdict = guard.inspect(Scope::Reply, "", &text);
        let flagged = verdict.as_ref().is_some_and(|v| v.findings.iter().any(|f| f.rule == "smallcell"));
        let explained = if flagged { guard.explain_json(Scope::Reply, "", &text) } else { "null".into() };
        let mut line = jsonl_line(&Value::from(rel.as_str()), verdict.as_ref());
        line.pop();
        out.push_str(&format!("{line},\"explain\":{explained}}}\n"));
    }
    common::assert_matches_expected("vet.jsonl", &out);
    // The explanations are there, with intervals, and never a hidden value as such.
    assert!(out.contains(r#""class":"primary","lo":0,"hi":23}"#), "{out}");
    assert!(out.contains(r#""class":"primary","lo":0,"hi":null}"#), "{out}");
    assert!(out.contains(r#""class":"derived"}"#), "{out}");
    assert!(!out.contains("degenerate"), "{out}");
}
