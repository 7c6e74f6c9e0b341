//! `secrets-bench-native < texts.jsonl > findings.jsonl`: each input line is a JSON string; each
//! output line is `[[start, end, kind], ...]` in character offsets. An optional argument repeats the
//! scan N times; the wall time of the scanning loop alone (no I/O) goes to stderr as
//! `scan_seconds <s> bytes <n>` (the harness reports CPU seconds from rusage). With
//! `SECRETS_BENCH_GUARD=1` the timed loop runs the whole pipeline instead (`Guard::inspect_result`,
//! preset dev: JSON walk + the secrets rule), for comparison with the component (prints no findings).

use std::io::{BufRead, Write};
use std::time::Instant;

use egress_guard_engine::rules::secrets;

fn main() {
    let stdin = std::io::stdin();
    let texts: Vec<String> =
        stdin.lock().lines().map(|l| serde_json::from_str(&l.expect("read line")).expect("JSON string")).collect();
    let repeat: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let _ = secrets::find(""); // compile the detectors outside the timed loop
    if std::env::var_os("SECRETS_BENCH_GUARD").is_some() {
        let guard = egress_guard_engine::Guard::new("", "bench", Some("dev"));
        let start = Instant::now();
        let flagged = (0..repeat).map(|_| texts.iter().filter(|t| guard.inspect_result("read_file", t).is_some()).count()).sum::<usize>();
        let bytes: usize = texts.iter().map(String::len).sum::<usize>() * repeat;
        eprintln!("guard_seconds {:.4} bytes {bytes} flagged {flagged}", start.elapsed().as_secs_f64());
        return;
    }
    let start = Instant::now();
    let mut all = Vec::new();
    for _ in 0..repeat {
        all = texts.iter().map(|t| secrets::find(t)).collect::<Vec<_>>();
    }
    let secs = start.elapsed().as_secs_f64();
    let bytes: usize = texts.iter().map(String::len).sum::<usize>() * repeat;
    eprintln!("scan_seconds {secs:.4} bytes {bytes}");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (text, found) in texts.iter().zip(all) {
        let chars = |b: usize| text[..b].chars().count();
        let spans: Vec<_> = found.iter().map(|m| serde_json::json!([chars(m.start), chars(m.end), m.kind])).collect();
        writeln!(out, "{}", serde_json::Value::Array(spans)).expect("write");
    }
}
