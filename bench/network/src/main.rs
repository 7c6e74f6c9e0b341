//! Per-command latency of the network rule over the shell corpus
//! (`tests/corpora/shell/cases.jsonl`, every command under 4 KB), measured natively (engine
//! crate) and inside the component through wasmtime (the Rust host), with the corpus allowlist.
//! Prints p50/p90/p99/max per call. Then 10 KB code tool calls (Python through ruff's parser,
//! JavaScript through oxc), built by repeating a realistic block. Run from the repo root after
//! `scripts/build-wasm.sh`: `cargo run --release -p network-bench [-- ROUNDS]`.

use std::time::{Duration, Instant};

#[path = "../../host/measure.rs"]
mod measure;

use egress_guard::{PolicySource, Runtime};
use serde_json::{Value, json};

const POLICY: &str = "rules:\n  network:\n    mode: approve\n    allowed_hosts: [github.com, githubusercontent.com, pypi.org, pythonhosted.org, registry.npmjs.org, crates.io, corp.example.com, 's3://corp-artifacts', 'gs://corp-ml-data', 'rclone:corpdrive', localhost, 127.0.0.1, '::1']\n";

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(30);
    println!("load average before: {}", measure::load_avg());
    let corpus =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/corpora/shell/cases.jsonl")).expect("tests/corpora/shell/cases.jsonl");
    let payloads: Vec<(String, String)> = corpus
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Value>(l).expect("json line"))
        .filter(|c| c["cmd"].as_str().is_some_and(|s| s.len() < 4096))
        .map(|c| match c["tool"].as_str() {
            Some(t) if t != "shell" => (t.to_string(), json!({ "code": c["cmd"] }).to_string()),
            _ => ("terminal".to_string(), json!({ "command": c["cmd"] }).to_string()),
        })
        .collect();

    let native = egress_guard_engine::Guard::new(POLICY, "bench", None);
    report("native (engine crate)", &payloads, rounds, |tool, args| {
        std::hint::black_box(native.inspect_args(tool, args));
    });

    let runtime = Runtime::load(None).expect("component (scripts/build-wasm.sh builds dist/egress_guard.wasm)");
    let policy = PolicySource { text: POLICY.to_string(), ..PolicySource::defaults() };
    let mut guard = egress_guard::Guard::new(&runtime, &policy, None).expect("guard");
    assert_eq!(guard.load_error(), None);
    report("component (wasmtime, Rust host)", &payloads, rounds, |tool, args| {
        std::hint::black_box(guard.inspect_args(tool, args).expect("call"));
    });

    let code = code_payloads();
    for (tool, args) in &code {
        let one = [(tool.clone(), args.clone())];
        report(&format!("native, 10 KB {tool}"), &one, rounds * 10, |tool, args| {
            std::hint::black_box(native.inspect_args(tool, args));
        });
        report(&format!("component, 10 KB {tool}"), &one, rounds * 10, |tool, args| {
            std::hint::black_box(guard.inspect_args(tool, args).expect("call"));
        });
    }
}

/// A 10 KB Python and a 10 KB JavaScript code tool call: imports, helpers, loops, requests and
/// an upload, repeated with fresh names.
fn code_payloads() -> Vec<(String, String)> {
    let grow = |head: &str, block: &dyn Fn(usize) -> String| {
        let mut src = head.to_string();
        let mut i = 0;
        while src.len() < 10 * 1024 {
            src.push_str(&block(i));
            i += 1;
        }
        src
    };
    let py = grow("import os, json, requests\nimport pandas as pd\n", &|i| {
        [
            format!("\ndef step_{i}(path, limit={i}):"),
            "    rows = []".into(),
            "    with open(path) as fh:".into(),
            "        for line in fh:".into(),
            "            if len(rows) > limit:".into(),
            "                break".into(),
            "            rows.append(json.loads(line))".into(),
            "    r = requests.get(f'https://api.corp.example.com/items?page={limit}')".into(),
            "    df = pd.DataFrame(rows)".into(),
            "    return df.describe(), r.status_code\n".into(),
        ]
        .join("\n")
    });
    let js = grow("const fs = require('fs');\nconst axios = require('axios');\n", &|i| {
        format!(
            "\nasync function step{i}(path, limit = {i}) {{\n  const rows = fs.readFileSync(path, 'utf8').split('\\n').slice(0, limit);\n  \
             const r = await fetch(`https://api.corp.example.com/items?page=${{limit}}`);\n  const data = await r.json();\n  \
             return rows.map((x, j) => ({{ x, j, ok: data.ok && j < limit ? 1 : 0 }}));\n}}\n"
        )
    });
    vec![("execute_code".to_string(), json!({ "code": py }).to_string()), ("node_exec".to_string(), json!({ "code": js }).to_string())]
}

fn report(name: &str, payloads: &[(String, String)], rounds: usize, mut call: impl FnMut(&str, &str)) {
    for (tool, args) in payloads {
        call(tool, args); // warm-up
    }
    // Wall time and the thread's CPU time per call: on a shared machine the tail of the wall
    // times is other processes' (scheduling stalls); the CPU times are the call's own.
    let mut wall: Vec<Duration> = Vec::with_capacity(payloads.len() * rounds);
    let mut cpu: Vec<Duration> = Vec::with_capacity(payloads.len() * rounds);
    for _ in 0..rounds {
        for (tool, args) in payloads {
            let (start, start_cpu) = (Instant::now(), measure::thread_cpu());
            call(tool, args);
            cpu.push(measure::thread_cpu() - start_cpu);
            wall.push(start.elapsed());
        }
    }
    for (what, times) in [("wall", &mut wall), ("cpu", &mut cpu)] {
        times.sort_unstable();
        let q = |p: f64| times[((times.len() - 1) as f64 * p) as usize].as_secs_f64() * 1e3;
        println!(
            "{name:<34} {what:<4} {} commands x {rounds} rounds: p50 {:.3} ms  p90 {:.3} ms  p99 {:.3} ms  max {:.3} ms",
            payloads.len(),
            q(0.50),
            q(0.90),
            q(0.99),
            q(1.0)
        );
    }
}
