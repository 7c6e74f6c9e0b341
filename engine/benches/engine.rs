//! The engine natively, over the inputs every path shares (`bench/gen/gen.py`, issue 8).
//!
//! `cargo bench -p egress-guard-engine` regenerates the seeded inputs, checks each payload's
//! SHA-256 against the generator's manifest (so native, Rust-host and Python-host figures are
//! for the same bytes), and times `Guard::inspect` per input under `bench/gen/policy.yaml`
//! (every rule on in every scope). Filter with `cargo bench -p egress-guard-engine -- worst_`.

#[path = "../../bench/gen/inputs.rs"]
mod inputs;

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use egress_guard_engine::{Guard, Options, Scope};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("engine/ has a parent").to_path_buf()
}

fn bench_inputs(c: &mut Criterion) {
    let root = repo_root();
    let policy = std::fs::read_to_string(root.join("bench/gen/policy.yaml")).unwrap();
    let guard = Guard::new(&policy, "bench/gen/policy.yaml", None);
    assert_eq!(guard.load_error(), None, "bench policy loads");

    let inputs = inputs::load(&root);
    let mut small = c.benchmark_group("inspect");
    small.warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    for input in inputs.iter().filter(|i| i.payload.len() < 100_000) {
        small.throughput(Throughput::Bytes(input.payload.len() as u64));
        small.bench_with_input(BenchmarkId::from_parameter(&input.id), input, |b, i| b.iter(|| guard.inspect(i.scope, &i.tool, &i.payload)));
    }
    small.finish();

    // The ~1 MB inputs: fewer samples, so a full run stays within a few minutes.
    let mut large = c.benchmark_group("inspect_1mb");
    large.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    for input in inputs.iter().filter(|i| i.payload.len() >= 100_000) {
        large.throughput(Throughput::Bytes(input.payload.len() as u64));
        large.bench_with_input(BenchmarkId::from_parameter(&input.id), input, |b, i| b.iter(|| guard.inspect(i.scope, &i.tool, &i.payload)));
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

/// Sessions under adversarial sizes (issue 21): 10,000 sessions on one guard, one session given
/// 10,000 credentials, a 1 MB credential. Each prints what the guard keeps afterwards (its own
/// accounting of sessions and bytes, which the `sessions:` bounds cap) next to the time.
fn bench_sessions(c: &mut Criterion) {
    let key = "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";
    let opts = |id: String| Options { session: Some(id), session_seq: Some(0), now_ms: Some(0), ..Options::default() };
    let fresh = || Guard::new("placeholders: {enabled: true}\n", "bench", None);
    let mut g = c.benchmark_group("sessions");
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    let text = format!("GITHUB_TOKEN={key}\n");
    let many_sessions = |guard: &Guard| {
        for i in 0..10_000 {
            guard.inspect_with(Scope::Result, "read_file", &text, &opts(format!("s{i}")));
        }
    };
    let guard = fresh();
    many_sessions(&guard);
    eprintln!("sessions/10k_sessions keeps (sessions, bytes) = {:?}", guard.session_footprint());
    g.bench_function("10k_sessions", |b| b.iter(|| many_sessions(&fresh())));

    let values: String = (0..10_000).map(|i| format!("password: Zq8dW3nT{i:06}LmV6yPc9\n")).collect();
    let guard = fresh();
    guard.inspect_with(Scope::Result, "read_file", &values, &opts("v".into()));
    eprintln!("sessions/10k_values keeps (sessions, bytes) = {:?}", guard.session_footprint());
    g.throughput(Throughput::Bytes(values.len() as u64));
    g.bench_function("10k_values", |b| b.iter(|| fresh().inspect_with(Scope::Result, "read_file", &values, &opts("v".into()))));

    let huge = format!("password: {}\n", "Zq8dW3nT1LmV6yPc9".repeat(60_000));
    let guard = fresh();
    guard.inspect_with(Scope::Result, "read_file", &huge, &opts("h".into()));
    eprintln!("sessions/1mb_value keeps (sessions, bytes) = {:?}", guard.session_footprint());
    g.throughput(Throughput::Bytes(huge.len() as u64));
    g.bench_function("1mb_value", |b| b.iter(|| fresh().inspect_with(Scope::Result, "read_file", &huge, &opts("h".into()))));
    g.finish();
}

criterion_group!(benches, bench_inputs, bench_policy_load, bench_sessions);

/// Criterion's main, on a thread with a 1 GiB stack: natively the shell parser recurses once per
/// nesting level, and `worst_shell_nest` (~150,000 levels) would overflow the main thread's 8 MiB.
/// In the component the same input traps (see BENCHMARKS.md); here it is timed to completion.
fn main() {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(|| {
            benches();
            Criterion::default().configure_from_args().final_summary();
        })
        .expect("spawn the bench thread")
        .join()
        .expect("benches ran");
}
