//! The native engine over the secrets background (`bench/secrets/data/background.jsonl`, written
//! by `bench/secrets/gen_background.py`) with the three policies of `--bench secrets`: for
//! profiling the personal-data rule's cost beside the secrets rule with `perf` or `callgrind`
//! without rebuilding the component. Prints, per policy, the seconds of the loop, and a digest of
//! what `pii::scan` finds in each document (so two builds can be compared for identical answers).
//!
//!     cargo run --release -p egress-guard-engine --example pii_cost [-- POLICY...]
//!
//! POLICY: `on`, `pii`, `off`, or `digest` for the digest alone (default all four).

use std::hash::{Hash, Hasher};
use std::time::Instant;

use egress_guard_engine::Guard;
use egress_guard_engine::rules::pii;
use egress_guard_engine::verdict::Scope;

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let text = std::fs::read_to_string(root.join("bench/secrets/data/background.jsonl")).expect("run bench/secrets/gen_background.py");
    let docs: Vec<String> = text.lines().map(|l| serde_json::from_str(l).expect("JSON string")).collect();
    let mut wanted: Vec<String> = std::env::args().skip(1).collect();
    if wanted.is_empty() {
        wanted = vec!["digest".into(), "on".into(), "pii".into(), "off".into()];
    }
    for name in wanted {
        if name == "digest" {
            // What the personal-data scan finds in each document as one text (the background is
            // clean, so the verdicts say little): a digest to compare two builds by.
            let mut h = std::collections::hash_map::DefaultHasher::new();
            let mut found = 0;
            for d in &docs {
                let m: Vec<_> = pii::scan(d).iter().map(|m| (m.kind, m.start, m.end)).collect();
                found += m.len();
                m.hash(&mut h);
            }
            println!("pii::scan over each document: {found} found, digest {:016x}", h.finish());
            continue;
        }
        let yaml = match name.as_str() {
            "on" => "preset: dev\n",
            "pii" => "preset: dev\nrules:\n  pii:\n    mode: warn\n    scopes: [args, result, reply]\n",
            "off" => "preset: dev\nrules:\n  secrets:\n    mode: \"off\"\n",
            other => panic!("unknown policy {other}"),
        };
        let g = Guard::new(yaml, "bench", None);
        let start = Instant::now();
        let mut flagged = 0;
        for d in &docs {
            flagged += usize::from(g.inspect(Scope::Result, "read_file", d).is_some());
        }
        let secs = start.elapsed().as_secs_f64();
        println!("{name}: {secs:.3} s, {} docs, flagged {flagged}", docs.len());
    }
}
