//! The native engine over JSON lines, for fast development loops of the small-cell audit
//! (`host-python/tests/smallcell/audit.py --native`): the component takes minutes to rebuild,
//! the engine seconds. Input lines `{"preset": null | "research-data", "text": "..."}`, optionally
//! with `"scope": "args" | "result"` and `"tool"` (a generated secrets case as the tests inspect it);
//! output lines `{"verdict": <canonical verdict JSON or null>, "explain": <explain-json>}`.

use std::io::{BufRead, Write};

use egress_guard_engine::Guard;
use egress_guard_engine::verdict::Scope;

fn main() {
    let guards = [Guard::new("", "default", None), Guard::new("", "research", Some("research-data"))];
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let v: serde_json::Value = serde_json::from_str(&line).expect("a JSON line");
        let g = &guards[v["preset"].is_string() as usize];
        let text = v["text"].as_str().expect("text");
        let scope = match v["scope"].as_str() {
            Some("args") => Scope::Args,
            Some("result") => Scope::Result,
            _ => Scope::Reply,
        };
        let tool = v["tool"].as_str().unwrap_or("");
        let verdict = g.inspect(scope, tool, text).map(|v| v.to_json());
        let explain = g.explain_json(scope, tool, text);
        writeln!(out, "{{\"verdict\":{},\"explain\":{explain}}}", verdict.unwrap_or_else(|| "null".into())).expect("stdout");
    }
}
