//! The component through the Rust host, over the inputs every path shares (issue 8).
//!
//!     scripts/build-wasm.sh && cargo bench -p egress-guard --bench inputs [-- --quick] [-- --only ID …]
//!
//! (a `[[bench]]` of `host-rust`, source kept here with the other benchmarks). Prints, per input of
//! `bench/gen/gen.py` under `bench/gen/policy.yaml`: p50/p99 of wall and thread-CPU time per
//! `Guard::inspect`, fuel per call and fuel per CPU-ms, the action, and ms/MB for the ~1 MB inputs;
//! then cold start (compile vs. the on-disk compiled-component cache, and instantiate + policy);
//! then what the fuel budget means in time on this machine. CPU time is the better guide on a
//! shared machine (it counts only the time the thread ran).

#[path = "../gen/inputs.rs"]
mod inputs;
#[path = "measure.rs"]
mod measure;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egress_guard::{CALL_DEADLINE, CALL_FUEL, Guard, PolicySource, Runtime, locate_wasm};
use measure::{load_avg, thread_cpu};

fn pct(xs: &mut [Duration], p: f64) -> Duration {
    xs.sort_unstable();
    xs[((p * xs.len() as f64) as usize).min(xs.len() - 1)]
}

fn fmt(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 { format!("{:.2} µs", s * 1e6) } else { format!("{:.2} ms", s * 1e3) }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    // `--only ID` (repeatable): time just those inputs, e.g. while working on one of them.
    let args: Vec<String> = std::env::args().collect();
    let only: Vec<&str> = args.windows(2).filter(|w| w[0] == "--only").map(|w| w[1].as_str()).collect();
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let wasm = locate_wasm(None).expect("run scripts/build-wasm.sh first");
    let bytes = std::fs::read(&wasm).unwrap();
    let policy = PolicySource::read(&root.join("bench/gen/policy.yaml"));
    println!("load {}; component {}", load_avg(), wasm.display());

    // Cold start: compile (empty cache dir) vs. deserialize the cached artifact, then a guard.
    let cache = tempfile::tempdir().unwrap();
    let runs = if quick { 1 } else { 3 };
    let mut compile = Vec::new();
    let mut cached = Vec::new();
    for _ in 0..runs {
        for f in std::fs::read_dir(cache.path()).unwrap() {
            std::fs::remove_file(f.unwrap().path()).unwrap();
        }
        let t = Instant::now();
        let rt = Runtime::from_bytes(&bytes, wasm.clone(), Some(cache.path())).unwrap();
        compile.push(t.elapsed());
        assert!(!rt.cache_hit());
        let t = Instant::now();
        let rt = Runtime::from_bytes(&bytes, wasm.clone(), Some(cache.path())).unwrap();
        cached.push(t.elapsed());
        assert!(rt.cache_hit());
    }
    let rt = Runtime::from_bytes(&bytes, wasm.clone(), Some(cache.path())).unwrap();
    let mut construct: Vec<Duration> = (0..20)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(Guard::new(&rt, &policy, None).unwrap());
            t.elapsed()
        })
        .collect();
    println!("component {}… ", &rt.module_sha256()[..16]);
    println!(
        "cold start: load + compile {}  |  load from the on-disk cache {}  |  Guard::new (instantiate + policy) p50 {}",
        fmt(pct(&mut compile, 0.5)),
        fmt(pct(&mut cached, 0.5)),
        fmt(pct(&mut construct, 0.5))
    );

    let mut g = Guard::new(&rt, &policy, None).unwrap();
    assert_eq!(g.load_error(), None);
    println!(
        "\n{:<22}{:>10}{:>6}{:>12}{:>12}{:>12}{:>12}{:>11}{:>15}{:>10}  action",
        "input", "bytes", "n", "p50 wall", "p99 wall", "p50 cpu", "p99 cpu", "ms/MB cpu", "fuel", "fuel/ms"
    );
    let mut slowest_rate = f64::INFINITY;
    let mut worst_fuel = (0u64, String::new());
    for input in inputs::load(&root).into_iter().filter(|i| only.is_empty() || only.contains(&i.id.as_str())) {
        let size = input.payload.len();
        let n = match size {
            0..1_000 => 5_000,
            1_000..100_000 => 500,
            _ => 10,
        } / if quick { 5 } else { 1 };
        let verdict = g.inspect(input.scope, &input.tool, &input.payload).unwrap();
        let action = verdict.as_ref().map_or("allow".to_string(), |v| {
            let internal = v.findings.iter().any(|f| f.code == egress_guard::INTERNAL_CODE);
            format!("{}{}", v.action.as_str(), if internal { " (trap → fail_mode)" } else { "" })
        });
        for _ in 0..n.min(20) {
            std::hint::black_box(g.inspect(input.scope, &input.tool, &input.payload).unwrap());
        }
        let (mut wall, mut cpu): (Vec<Duration>, Vec<Duration>) = (0..n)
            .map(|_| {
                let (w, c) = (Instant::now(), thread_cpu());
                std::hint::black_box(g.inspect(input.scope, &input.tool, &input.payload).unwrap());
                (w.elapsed(), thread_cpu() - c)
            })
            .unzip();
        // Fuel of a warm call (the first call also pays for lazily built statics).
        let fuel = g.last_fuel_used();
        let cpu50 = pct(&mut cpu, 0.5);
        let rate = fuel as f64 / (cpu50.as_secs_f64() * 1e3);
        let per_mb = if size >= 100_000 { format!("{:.1}", cpu50.as_secs_f64() * 1e3 / (size as f64 / 1e6)) } else { String::new() };
        if cpu50 >= Duration::from_millis(1) {
            slowest_rate = slowest_rate.min(rate);
        }
        if fuel > worst_fuel.0 {
            worst_fuel = (fuel, input.id.clone());
        }
        println!(
            "{:<22}{:>10}{:>6}{:>12}{:>12}{:>12}{:>12}{:>11}{:>15}{:>10.0}  {action}",
            input.id,
            size,
            n,
            fmt(pct(&mut wall, 0.5)),
            fmt(pct(&mut wall, 0.99)),
            fmt(cpu50),
            fmt(pct(&mut cpu, 0.99)),
            per_mb,
            fuel,
            rate
        );
    }
    println!("\nmost fuel: {} ({} fuel)", worst_fuel.1, worst_fuel.0);
    // The rate is only read off calls long enough to time (`--only` may select none).
    if slowest_rate.is_finite() {
        println!("slowest fuel rate of the ≥1 ms calls: {slowest_rate:.0} fuel/ms");
        println!(
            "CALL_FUEL = {CALL_FUEL}: at that rate a call runs out of fuel after ~{:.2} s CPU (deadline backstop {:?})",
            CALL_FUEL as f64 / slowest_rate / 1e3,
            CALL_DEADLINE
        );
    }
    println!("load at the end {}", load_avg());
}
