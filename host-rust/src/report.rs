//! `egress-guard report AUDIT.jsonl`: the `/guard report` summary for any audit log.
//!
//! Audit logs only grow, so only the last [`TAIL_BYTES`] are read (from the first whole line in
//! that window); the summary says when older entries were skipped. Lines that are not JSON
//! objects are counted, not fatal: a log cut mid-write still reports.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use serde_json::Value;

/// How much of the end of a log is read.
pub const TAIL_BYTES: u64 = 16 << 20;

pub struct Tail {
    pub text: String,
    /// Bytes before the window that were not read.
    pub skipped: u64,
}

/// The last `limit` bytes of `path`, starting at a line boundary.
pub fn read_tail(path: &Path, limit: u64) -> std::io::Result<Tail> {
    let mut f = std::fs::File::open(path)?;
    let len = f.metadata()?.len();
    let start = len.saturating_sub(limit);
    f.seek(SeekFrom::Start(start))?;
    let mut bytes = Vec::with_capacity((len - start) as usize);
    f.read_to_end(&mut bytes)?;
    let mut skipped = start;
    if start > 0 {
        // The window starts mid-line unless the byte before it ends a line; drop the partial one.
        let cut = bytes.iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| i + 1);
        skipped += cut as u64;
        bytes.drain(..cut);
    }
    Ok(Tail { text: String::from_utf8_lossy(&bytes).into_owned(), skipped })
}

/// The summary text: totals by action and by rule, the busiest tools, the last `last` entries.
pub fn summarize(tail: &Tail, last: usize, top: usize) -> String {
    let mut by_action: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_rule: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_tool: BTreeMap<String, usize> = BTreeMap::new();
    let mut entries = Vec::new();
    let mut bad = 0;
    for line in tail.text.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(Value::Object(e)) = serde_json::from_str::<Value>(line) else {
            bad += 1;
            continue;
        };
        let s = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_string);
        *by_action.entry(s("action").unwrap_or_else(|| "?".into())).or_insert(0) += 1;
        if let Some(Value::Object(counts)) = e.get("counts") {
            for (rule, n) in counts {
                *by_rule.entry(rule.clone()).or_insert(0) += n.as_u64().unwrap_or(0) as usize;
            }
        }
        let tool = s("tool").unwrap_or_else(|| format!("({})", s("direction").unwrap_or_else(|| "?".into())));
        *by_tool.entry(tool.clone()).or_insert(0) += 1;
        let codes: Vec<String> = match e.get("findings") {
            Some(Value::Array(fs)) => fs.iter().filter_map(|f| f.get("code").and_then(Value::as_str).map(str::to_string)).collect(),
            _ => Vec::new(),
        };
        entries.push(format!("{}  {:7}  {:20}  {}", s("ts").unwrap_or_else(|| "-".into()), s("action").unwrap_or_default(), tool, codes.join(",")));
    }
    let mut out = String::new();
    let total = entries.len();
    writeln!(out, "{total} audit entries").unwrap();
    if tail.skipped > 0 {
        writeln!(out, "(only the last {} MiB read; {} earlier bytes skipped)", TAIL_BYTES >> 20, tail.skipped).unwrap();
    }
    if bad > 0 {
        writeln!(out, "{bad} unreadable lines skipped").unwrap();
    }
    writeln!(out, "\nBy action:").unwrap();
    for (k, n) in &by_action {
        writeln!(out, "  {k:10} {n}").unwrap();
    }
    writeln!(out, "\nFindings by rule:").unwrap();
    for (k, n) in &by_rule {
        writeln!(out, "  {k:10} {n}").unwrap();
    }
    let mut tools: Vec<_> = by_tool.into_iter().collect();
    tools.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    writeln!(out, "\nTop tools:").unwrap();
    for (k, n) in tools.iter().take(top) {
        writeln!(out, "  {k:20} {n}").unwrap();
    }
    writeln!(out, "\nLast {} entries:", last.min(total)).unwrap();
    for e in &entries[total.saturating_sub(last)..] {
        writeln!(out, "  {e}").unwrap();
    }
    out
}
