//! The network rule's evaluation over the labelled shell corpus (`tests/corpora/shell/`):
//! prints recall on uploads (all, the seed's claimed set, the seed's declared misses), false
//! positives on clean commands in both modes and strict-mode recall on `any_host`, and holds the
//! rule to the targets of its issue. `cargo test -p egress-guard-engine --test network_corpus -- --nocapture`
//! shows the figures and every miss.

use std::path::PathBuf;

use egress_guard_engine::Guard;
use serde_json::{Value, json};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora/shell")
}

/// The policy the labels assume: `allowlist.json`'s hosts and cloud names, loopback allowed.
fn guard(strict: bool) -> Guard {
    let allow: Value = serde_json::from_str(&std::fs::read_to_string(corpus().join("allowlist.json")).unwrap()).unwrap();
    let mut hosts: Vec<Value> = allow["hosts"].as_array().unwrap().clone();
    hosts.extend(allow["cloud"].as_array().unwrap().iter().cloned());
    hosts.extend(["localhost", "127.0.0.1", "::1"].map(|h| json!(h)));
    let policy = format!(
        "rules:\n  network:\n    mode: approve\n    match: {}\n    allowed_hosts: {}\n",
        if strict { "any_host" } else { "uploads" },
        Value::Array(hosts)
    );
    let g = Guard::new(&policy, "corpus", None);
    assert_eq!(g.load_error(), None);
    g
}

struct Case {
    id: String,
    expect: String,
    host: String,
    tags: Vec<String>,
    seed_misses: bool,
    fp_exempt: bool,
    tool: Option<String>,
    cmd: String,
}

fn cases() -> Vec<Case> {
    std::fs::read_to_string(corpus().join("cases.jsonl"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            Case {
                id: v["id"].as_str().unwrap().into(),
                expect: v["expect"].as_str().unwrap().into(),
                host: v["host"].as_str().unwrap_or("").into(),
                tags: v["tags"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect(),
                seed_misses: v["seed_misses"].as_bool().unwrap_or(false),
                fp_exempt: v["fp_exempt"].as_bool().unwrap_or(false),
                tool: v["tool"].as_str().map(str::to_string),
                cmd: v["cmd"].as_str().unwrap().into(),
            }
        })
        .collect()
}

/// The network findings' previews (hosts), or `None` when the rule let the case through.
fn flagged(g: &Guard, c: &Case) -> Option<Vec<String>> {
    let (tool, args) = match c.tool.as_deref() {
        Some(t) if t != "shell" => (t, json!({ "code": c.cmd })),
        _ => ("terminal", json!({ "command": c.cmd })),
    };
    let v = g.inspect_args(tool, &args.to_string())?;
    let hosts: Vec<String> = v.findings.iter().filter(|f| f.rule == "network").map(|f| f.preview.clone()).collect();
    (!hosts.is_empty()).then_some(hosts)
}

fn rate(name: &str, hit: usize, total: usize) {
    println!("{name:<48} {hit:>3}/{total:<3} ({:.1}%)", 100.0 * hit as f64 / total.max(1) as f64);
}

#[test]
fn corpus_recall_and_false_positives_meet_the_targets() {
    let (default, strict) = (guard(false), guard(true));
    let cases = cases();
    let count = |pred: &dyn Fn(&Case) -> bool, g: &Guard| cases.iter().filter(|c| pred(c) && flagged(g, c).is_some()).count();
    let total = |pred: &dyn Fn(&Case) -> bool| cases.iter().filter(|c| pred(c)).count();

    let upload = |c: &Case| c.expect == "upload";
    let seed_core = |c: &Case| upload(c) && c.tags.iter().any(|t| t == "seed_core");
    let broker = |c: &Case| c.tags.iter().any(|t| t == "broker_only");
    let misses = |c: &Case| upload(c) && c.seed_misses && !broker(c);
    let other = |c: &Case| upload(c) && !c.seed_misses && !broker(c) && !seed_core(c);
    let clean = |c: &Case| c.expect == "clean" && !c.fp_exempt;
    let any_host = |c: &Case| c.expect == "any_host";

    println!("network rule over {} corpus cases", cases.len());
    rate("uploads flagged, all", count(&upload, &default), total(&upload));
    rate("  seed's claimed set (seed_core)", count(&seed_core, &default), total(&seed_core));
    rate("  other uploads, neither miss nor broker-only", count(&other, &default), total(&other));
    rate("  seed's declared misses (not broker-only)", count(&misses, &default), total(&misses));
    rate("  broker-only", count(&broker, &default), total(&broker));
    rate("false positives on clean, default mode", count(&clean, &default), total(&clean));
    rate("false positives on clean, strict mode", count(&clean, &strict), total(&clean));
    rate("any_host flagged in strict mode", count(&any_host, &strict), total(&any_host));
    rate("any_host flagged in default mode (not required)", count(&any_host, &default), total(&any_host));

    let mut host_right = 0;
    let mut host_total = 0;
    for c in cases.iter().filter(|c| upload(c) && !broker(c)) {
        match flagged(&default, c) {
            None => println!("MISS  {} {:?}", c.id, c.cmd),
            Some(hosts) if c.host != "?" => {
                host_total += 1;
                if hosts.contains(&c.host) {
                    host_right += 1;
                } else {
                    println!("HOST  {} want {} got {:?}", c.id, c.host, hosts);
                }
            }
            Some(_) => {}
        }
    }
    rate("flagged uploads reporting the labelled host", host_right, host_total);
    for c in cases.iter().filter(|c| any_host(c) && flagged(&strict, c).is_none()) {
        println!("STRICT MISS  {} {:?}", c.id, c.cmd);
    }
    for c in cases.iter().filter(|c| clean(c)) {
        for (mode, g) in [("default", &default), ("strict", &strict)] {
            if let Some(h) = flagged(g, c) {
                println!("FALSE POSITIVE ({mode})  {} {:?} -> {:?}", c.id, c.cmd, h);
            }
        }
    }

    assert_eq!(count(&seed_core, &default), total(&seed_core), "every upload the seed claims to catch");
    assert!(count(&upload, &default) * 100 >= total(&upload) * 95, "at least 95% of all uploads");
    assert!(count(&misses, &default) >= 30, "at least 30 of the seed's declared misses");
    assert_eq!(count(&clean, &default), 0, "no false positives in default mode");
    assert_eq!(count(&clean, &strict), 0, "no false positives in strict mode");
    assert!(count(&any_host, &strict) >= 25, "strict mode catches at least 25 any_host cases");
}
