//! The network rule over the generated families of `tests/corpora/network-gen/` (runners,
//! uploaders, data in URLs, code tools), dev and held-out families reported apart.
//! `cargo test --release -p egress-guard-engine --test network_gen -- --nocapture` prints the
//! figures and every miss of round 1 (`cases.jsonl`, asserted) and the figures of round 2
//! (`round2.jsonl`, written blind: shown, not asserted).

use std::path::PathBuf;

use egress_guard_engine::Guard;
use serde_json::{Value, json};

const ALLOWED: &str = "[github.com, corp.example.com, jump.example.com, localhost, 127.0.0.1]";

fn guard(strict: bool) -> Guard {
    let m = if strict { "any_host" } else { "uploads" };
    let g = Guard::new(&format!("rules:\n  network:\n    match: {m}\n    allowed_hosts: {ALLOWED}\n"), "gen", None);
    assert_eq!(g.load_error(), None);
    g
}

fn cases(file: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora/network-gen").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The previews of the network findings, or `None` when the case went through.
fn flagged(g: &Guard, c: &Value) -> Option<Vec<String>> {
    let tool = c["tool"].as_str().unwrap();
    let cmd = c["cmd"].as_str().unwrap();
    let args = if tool == "terminal" { json!({ "command": cmd }) } else { json!({ "code": cmd }) };
    let v = g.inspect_args(tool, &args.to_string())?;
    let hosts: Vec<String> = v.findings.into_iter().filter(|f| f.rule == "network").map(|f| f.preview).collect();
    (!hosts.is_empty()).then_some(hosts)
}

/// One split's figures: uploads caught, clean cases flagged, strict-mode recall.
struct Figures {
    caught: usize,
    uploads: usize,
    clean: usize,
    fp: usize,
    strict_caught: usize,
    any: usize,
}

/// Scores one split and prints its line; `misses` also lists every miss and false positive.
fn score(cases: &[Value], split: &str, misses: bool) -> Figures {
    let (default, strict) = (guard(false), guard(true));
    let of = |expect: &'static str| cases.iter().filter(move |c| c["split"] == split && c["expect"] == expect);
    let uploads: Vec<&Value> = of("upload").collect();
    let caught = uploads.iter().filter(|c| flagged(&default, c).is_some()).count();
    let right_host = uploads
        .iter()
        .filter(|c| c["host"] != "?")
        .filter(|c| flagged(&default, c).is_some_and(|h| h.iter().any(|h| h == c["host"].as_str().unwrap())))
        .count();
    let with_host = uploads.iter().filter(|c| c["host"] != "?").count();
    let clean: Vec<&Value> = of("clean").collect();
    let fp = clean.iter().filter(|c| flagged(&default, c).is_some()).count();
    let fp_strict = clean.iter().filter(|c| flagged(&strict, c).is_some()).count();
    let any: Vec<&Value> = of("any_host").chain(of("upload")).collect();
    let strict_caught = any.iter().filter(|c| flagged(&strict, c).is_some()).count();
    println!(
        "{split:<8} uploads caught {caught}/{} ({:.1}%), labelled host {right_host}/{with_host}, clean flagged {fp}/{} (strict {fp_strict}), strict mode {strict_caught}/{} ({:.1}%)",
        uploads.len(),
        100.0 * caught as f64 / uploads.len().max(1) as f64,
        clean.len(),
        any.len(),
        100.0 * strict_caught as f64 / any.len().max(1) as f64
    );
    if misses {
        for c in uploads.iter().filter(|c| flagged(&default, c).is_none()) {
            println!("  MISS [{}] {} {:?}", c["family"], c["id"], c["cmd"]);
        }
        for c in clean.iter().filter(|c| flagged(&strict, c).is_some()) {
            println!("  FALSE POSITIVE [{}] {} {:?} -> {:?}", c["family"], c["id"], c["cmd"], flagged(&strict, c));
        }
    }
    Figures { caught, uploads: uploads.len(), clean: clean.len(), fp: fp + fp_strict, strict_caught, any: any.len() }
}

#[test]
fn generated_families_dev_and_held_out() {
    let cases = cases("cases.jsonl");
    let Figures { caught, uploads: n, fp, strict_caught, any, .. } = score(&cases, "dev", true);
    assert!(n > 100, "the dev split has its uploads");
    assert!(caught * 100 >= n * 98, "dev recall {caught}/{n} under 98%");
    assert_eq!(fp, 0, "clean commands flagged in the dev split");
    assert!(strict_caught * 100 >= any * 99, "dev strict recall {strict_caught}/{any} under 99%");
    let Figures { caught, uploads: n, fp, .. } = score(&cases, "heldout", true);
    assert!(n > 10, "the held-out split has its uploads");
    // Held-out families are a measurement, reported above; the bar only guards against collapse.
    assert!(caught * 100 >= n * 80, "held-out recall {caught}/{n} under 80%");
    assert_eq!(fp, 0, "clean commands flagged in the held-out split");
}

/// Round 2 (written blind, see the corpus README) is an estimate, shown and not asserted: a bar
/// here would invite tuning the rule to its cases. Only its completeness is checked. Misses are
/// not listed, so that reading the figures does not turn the corpus into a development set.
#[test]
fn round_two_shown_not_asserted() {
    let cases = cases("round2.jsonl");
    let (mut uploads, mut clean) = (0, 0);
    for split in ["dev", "heldout"] {
        let f = score(&cases, split, false);
        assert!(f.uploads > 50 && f.clean > 20, "round 2 split {split} is missing cases");
        (uploads, clean) = (uploads + f.uploads, clean + f.clean);
    }
    assert!(uploads > 250, "round 2 has {uploads} uploads");
    assert!(clean > 80, "round 2 has {clean} clean cases");
}
