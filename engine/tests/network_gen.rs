//! The network rule over the generated families of `tests/corpora/network-gen/` (runners,
//! uploaders, data in URLs, code tools), dev and held-out families reported apart.
//! `cargo test --release -p egress-guard-engine --test network_gen -- --nocapture` prints the
//! figures and every miss of round 1 (`cases.jsonl`, asserted) and of round 2's dev half
//! (`round2.jsonl`) and round 3 (`round3.jsonl`), both written blind: their dev halves are
//! worked and asserted, their held-out halves are shown, not asserted, and never listed.

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
    right_host: usize,
    with_host: usize,
    clean: usize,
    fp: usize,
    strict_caught: usize,
    any: usize,
}

/// Scores one split and prints its line; `misses` also lists every missed upload, upload whose
/// finding does not name the labelled host, clean case flagged, and strict-mode miss.
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
        for c in uploads.iter().filter(|c| c["host"] != "?") {
            if let Some(h) = flagged(&default, c).filter(|h| !h.iter().any(|h| h == c["host"].as_str().unwrap())) {
                println!("  HOST [{}] {} want {} got {h:?} {:?}", c["family"], c["id"], c["host"], c["cmd"]);
            }
        }
        for c in clean.iter().filter(|c| flagged(&strict, c).is_some()) {
            println!("  FALSE POSITIVE [{}] {} {:?} -> {:?}", c["family"], c["id"], c["cmd"], flagged(&strict, c));
        }
        for c in of("any_host").filter(|c| flagged(&strict, c).is_none()) {
            println!("  STRICT MISS [{}] {} {:?}", c["family"], c["id"], c["cmd"]);
        }
    }
    Figures { caught, uploads: uploads.len(), right_host, with_host, clean: clean.len(), fp: fp + fp_strict, strict_caught, any: any.len() }
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

/// A worked blind round's dev half: complete, every miss listed, its figures held to floors at
/// what the rule reaches (uploads caught, labelled host named, strict-mode recall; no clean case
/// flagged).
fn dev_floors(file: &str, min_uploads: usize, caught: usize, host: usize, strict: usize) {
    let cases = cases(file);
    let f = score(&cases, "dev", true);
    assert!(f.uploads > min_uploads && f.clean > 50, "{file}: the dev split is missing cases");
    assert!(f.caught >= caught, "{file}: dev recall {}/{} under its floor", f.caught, f.uploads);
    assert!(f.right_host >= host, "{file}: dev host named {}/{} under its floor", f.right_host, f.with_host);
    assert_eq!(f.fp, 0, "{file}: clean commands flagged in the dev split");
    assert!(f.strict_caught >= strict, "{file}: dev strict {}/{} under its floor", f.strict_caught, f.any);
}

/// A blind round's held-out families are an estimate, shown and not asserted: a bar here would
/// invite tuning the rule to their cases. Only their completeness is checked, and their cases are
/// never listed, so that reading the figures does not turn them into a development set.
fn held_out_shown(file: &str) {
    let cases = cases(file);
    let f = score(&cases, "heldout", false);
    assert!(f.uploads > 50 && f.clean > 20, "{file}: the held-out split is missing cases");
}

/// Round 2 (written blind, see the corpus README), worked since its first reading (180/203
/// caught, host 161/198, 0/70 clean flagged, strict 213/243; 189, 180 and 222 after session 17's
/// git, image registry, rclone, gh and package-registry fixes; 193, 186 and 232 after R routing,
/// known command substitutions and reads from registries and backends; 203, 198 and 242 after
/// argument arrays, piped and fed streams, tainted sessions, functions read at their calls and
/// connections as requests; strict 243 after azcopy's `list`).
#[test]
fn round_two_dev_worked() {
    dev_floors("round2.jsonl", 150, 203, 198, 243);
}

#[test]
fn round_two_held_out_shown_not_asserted() {
    held_out_shown("round2.jsonl");
}

/// Round 3 (written blind on 2026-12-05, see the corpus README), worked since its first reading
/// (81/125 caught, host 72/125, 1/74 clean flagged, strict 100/151) in session 21.
#[test]
fn round_three_dev_worked() {
    dev_floors("round3.jsonl", 100, 125, 125, 151);
}

#[test]
fn round_three_held_out_shown_not_asserted() {
    held_out_shown("round3.jsonl");
}

/// Round 4 (written blind on 2026-12-05, see the corpus README), worked since its first reading
/// (51/130 caught, host 49/121, 0/68 clean flagged, strict 66/149) over sessions 21 and 22: floors
/// at what the rule reaches; the misses left are listed.
#[test]
fn round_four_dev_worked_in_part() {
    dev_floors("round4.jsonl", 100, 130, 121, 149);
}

#[test]
fn round_four_held_out_shown_not_asserted() {
    held_out_shown("round4.jsonl");
}
