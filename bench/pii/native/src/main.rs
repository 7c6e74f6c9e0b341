//! `pii-bench-native [N] < texts.jsonl > findings.jsonl`: each input line is a JSON string; each
//! output line is `[[start, end, kind], ...]` in character offsets. `N` repeats the scan; the
//! time of the scanning loop alone (no I/O) goes to stderr as `scan_seconds <s> bytes <n>`
//! (the harness reports CPU seconds from rusage).

use std::io::{BufRead, Write};
use std::time::Instant;

use egress_guard_engine::rules::pii;

fn main() {
    let stdin = std::io::stdin();
    let texts: Vec<String> = stdin.lock().lines().map(|l| serde_json::from_str(&l.expect("read line")).expect("JSON string")).collect();
    let repeat: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let _ = pii::scan("+44 20 7946 0958"); // compile the tables outside the timed loop
    let start = Instant::now();
    let mut all = Vec::new();
    for _ in 0..repeat {
        all = texts.iter().map(|t| pii::scan(t)).collect::<Vec<_>>();
    }
    let secs = start.elapsed().as_secs_f64();
    let bytes: usize = texts.iter().map(String::len).sum::<usize>() * repeat;
    eprintln!("scan_seconds {secs:.4} bytes {bytes}");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (text, found) in texts.iter().zip(all) {
        let chars = |b: usize| text[..b].chars().count();
        let spans: Vec<_> = found.iter().map(|m| serde_json::json!([chars(m.start), chars(m.end), m.kind.as_str()])).collect();
        writeln!(out, "{}", serde_json::Value::Array(spans)).expect("write");
    }
}
