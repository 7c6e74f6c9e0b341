//! The engine natively, over the inputs every path shares (`bench/gen/gen.py`, issue 8).
//!
//! `cargo bench -p egress-guard-engine` regenerates the seeded inputs, checks each payload's
//! SHA-256 against the generator's manifest (so native, Rust-host and Python-host figures are
//! for the same bytes), and times `Guard::inspect` per input under `bench/gen/policy.yaml`
//! (every rule on in every scope). Filter with `cargo bench -p egress-guard-engine -- worst_`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use egress_guard_engine::{Guard, Scope};
use serde_json::Value;
use sha2::{Digest, Sha256};

struct Input {
    id: String,
    scope: Scope,
    tool: String,
    payload: String,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("engine/ has a parent").to_path_buf()
}

/// Run the generator into `bench/gen/out` and read its inputs back, checked against the manifest.
fn load_inputs() -> Vec<Input> {
    let root = repo_root();
    let out = root.join("bench/gen/out");
    let status = Command::new("python3")
        .arg(root.join("bench/gen/gen.py"))
        .arg("--out")
        .arg(&out)
        .status()
        .expect("python3 runs bench/gen/gen.py");
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
            let sha = hex(&Sha256::digest(payload.as_bytes()));
            assert_eq!(manifest["inputs"][&id]["sha256"], sha.as_str(), "{id}: payload differs from the generator's");
            Input {
                scope: Scope::parse(v["scope"].as_str().unwrap()).expect("known scope"),
                tool: v["tool"].as_str().unwrap().to_string(),
                payload,
                id,
            }
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn bench_inputs(c: &mut Criterion) {
    let root = repo_root();
    let policy = std::fs::read_to_string(root.join("bench/gen/policy.yaml")).unwrap();
    let guard = Guard::new(&policy, "bench/gen/policy.yaml", None);
    assert_eq!(guard.load_error(), None, "bench policy loads");

    let inputs = load_inputs();
    let mut small = c.benchmark_group("inspect");
    small.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    for input in inputs.iter().filter(|i| i.payload.len() < 100_000) {
        small.throughput(Throughput::Bytes(input.payload.len() as u64));
        small.bench_with_input(BenchmarkId::from_parameter(&input.id), input, |b, i| {
            b.iter(|| guard.inspect(i.scope, &i.tool, &i.payload))
        });
    }
    small.finish();

    // The ~1 MB inputs: fewer samples, so a full run stays within a few minutes.
    let mut large = c.benchmark_group("inspect_1mb");
    large.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    for input in inputs.iter().filter(|i| i.payload.len() >= 100_000) {
        large.throughput(Throughput::Bytes(input.payload.len() as u64));
        large.bench_with_input(BenchmarkId::from_parameter(&input.id), input, |b, i| {
            b.iter(|| guard.inspect(i.scope, &i.tool, &i.payload))
        });
    }
    large.finish();
}

fn bench_policy_load(c: &mut Criterion) {
    let policy = std::fs::read_to_string(repo_root().join("bench/gen/policy.yaml")).unwrap();
    let mut g = c.benchmark_group("load");
    g.bench_function("builtin", |b| b.iter(|| Guard::new("", "<built-in>", None)));
    g.bench_function("bench_policy", |b| b.iter(|| Guard::new(&policy, "bench/gen/policy.yaml", None)));
    g.finish();
}

criterion_group!(benches, bench_inputs, bench_policy_load);
criterion_main!(benches);
