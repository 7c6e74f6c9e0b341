//! The Rust side of `bench/gen/gen.py`: runs the seeded generator and reads its inputs back,
//! checking each payload's SHA-256 against the manifest, so the native benches and the Rust host
//! bench time exactly the bytes the Python host bench times. Included with `#[path]`.

use std::path::Path;
use std::process::Command;

use egress_guard_engine::Scope;
use serde_json::Value;
use sha2::{Digest, Sha256};

pub struct Input {
    pub id: String,
    pub scope: Scope,
    pub tool: String,
    /// What the engine receives: compact JSON for `args`, the text otherwise.
    pub payload: String,
}

/// Generate into `<root>/bench/gen/out` and read every input back.
pub fn load(root: &Path) -> Vec<Input> {
    let out = root.join("bench/gen/out");
    let status = Command::new("python3").arg(root.join("bench/gen/gen.py")).arg("--out").arg(&out).status().expect("python3 runs bench/gen/gen.py");
    assert!(status.success(), "bench/gen/gen.py failed");
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    std::fs::read_to_string(out.join("inputs.jsonl"))
        .unwrap()
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("input line is JSON");
            let id = v["id"].as_str().unwrap().to_string();
            let payload = match &v["payload"] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let sha: String = Sha256::digest(payload.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
            assert_eq!(manifest["inputs"][&id]["sha256"], sha.as_str(), "{id}: payload differs from the generator's");
            Input { scope: Scope::parse(v["scope"].as_str().unwrap()).expect("known scope"), tool: v["tool"].as_str().unwrap().to_string(), payload, id }
        })
        .collect()
}
