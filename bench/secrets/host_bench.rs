//! Secrets-rule throughput through the component, Rust host library (wasmtime 48): the clean
//! background preloaded, one `Guard::inspect(result, "read_file", doc)` per document, preset dev
//! (only the secrets rule), thread CPU of the calls alone (no process start, no file reading, no
//! JSONL decoding). The same loop with the personal-data rule on (warn, the default) shows what it
//! adds; with `rules.secrets.mode: off`, what the pipeline costs without the rule (copy into the
//! guest, JSON parse and walk of JSON results, verdict).
//!
//!     bench/.venv/bin/python bench/secrets/gen_background.py
//!     scripts/build-wasm.sh && cargo bench -p egress-guard --bench secrets [-- ROUNDS]
//!
//! (a `[[bench]]` of `host-rust`, source kept with the other secrets benchmarks). Prints MiB per
//! CPU-second per round, the best round, fuel per document, and the load average.

use std::path::{Path, PathBuf};
use std::time::Duration;

use egress_guard::{Guard, PolicySource, Runtime, Scope, locate_wasm};

#[path = "../host/measure.rs"]
mod measure;
use measure::{load_avg, thread_cpu};

/// One round over every document: (CPU, fuel, documents not allowed).
fn round(g: &mut Guard, docs: &[String]) -> (Duration, u64, usize) {
    let (mut fuel, mut flagged) = (0, 0);
    let c = thread_cpu();
    for d in docs {
        if g.inspect(Scope::Result, "read_file", d).expect("inspect").is_some() {
            flagged += 1;
        }
        fuel += g.last_fuel_used();
    }
    (thread_cpu() - c, fuel, flagged)
}

fn main() {
    let rounds: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(3);
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let rt = Runtime::load(Some(&locate_wasm(None).expect("run scripts/build-wasm.sh first"))).expect("component loads");
    println!("component {}…; load {}", &rt.module_sha256()[..16], load_avg());
    for name in ["background", "background-nonascii"] {
        let path = root.join("bench/secrets/data").join(format!("{name}.jsonl"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("{name}: missing, run bench/secrets/gen_background.py");
            continue;
        };
        let docs: Vec<String> = text.lines().map(|l| serde_json::from_str(l).expect("JSON string")).collect();
        let mib = docs.iter().map(String::len).sum::<usize>() as f64 / (1 << 20) as f64;
        for (label, yaml) in [
            ("secrets on", "preset: dev\n"),
            ("secrets + pii (warn)", "preset: dev\nrules:\n  pii:\n    mode: warn\n    scopes: [args, result, reply]\n"),
            ("secrets off", "preset: dev\nrules:\n  secrets:\n    mode: \"off\"\n"),
        ] {
            let policy = PolicySource { text: yaml.into(), source: "bench".into(), read_error: None };
            let mut g = Guard::new(&rt, &policy, None).expect("guard");
            assert_eq!(g.load_error(), None);
            round(&mut g, &docs[..docs.len().min(50)]); // warm: lazily built statics
            let results: Vec<_> = (0..rounds).map(|_| round(&mut g, &docs)).collect();
            let best = results.iter().map(|r| r.0).min().expect("a round");
            let per_round: Vec<String> = results.iter().map(|r| format!("{:.1}", mib / r.0.as_secs_f64())).collect();
            let (_, fuel, flagged) = results[0];
            println!(
                "{name} ({} docs, {mib:.1} MiB), {label}: best {:.3} CPU-s = {:.1} MiB/CPU-s (rounds: {}), fuel/doc {:.0}, flagged {flagged}",
                docs.len(),
                best.as_secs_f64(),
                mib / best.as_secs_f64(),
                per_round.join(", "),
                fuel as f64 / docs.len() as f64,
            );
        }
    }
    println!("load at the end {}", load_avg());
}
