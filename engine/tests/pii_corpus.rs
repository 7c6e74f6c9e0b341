//! The personal-data rule on its labelled corpus (`tests/corpora/pii/`, both halves of the
//! committed split): identifiers removed under redaction, clean cases touched, numbers with a
//! failing check digit flagged. Prints the figures per half, kind and family, and the clean
//! figures of each round of families apart (`split.json` `rounds`; round 2 is everything else).
//! Asserts the bar on the dev half (>= 95 % removed, <= 1 % of clean cases touched, 0 failing
//! check digits). The held-out half is held to its first reading after round 5's changes
//! (the families of rounds 3-5 held out were each committed before the detectors were changed
//! for them): a change that makes it worse fails here.

use std::collections::BTreeMap;
use std::path::PathBuf;

use egress_guard_engine::rules::pii::{self, Match};
use serde_json::Value;

fn corpus(name: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora/pii").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(|l| serde_json::from_str(l).expect("corpus line is JSON")).collect()
}

/// Byte offset of code point `i` in `text`.
fn byte_at(text: &str, i: usize) -> usize {
    text.char_indices().nth(i).map_or(text.len(), |(b, _)| b)
}

fn span(text: &str, s: &Value) -> (String, usize, usize) {
    let start = byte_at(text, s["start"].as_u64().unwrap() as usize);
    let end = byte_at(text, s["end"].as_u64().unwrap() as usize);
    (s["kind"].as_str().unwrap().to_string(), start, end)
}

/// Whether the findings remove the value: every letter and digit of an identifier, at least
/// 80 % of the characters of a name or an address (their edges are a matter of taste).
fn removed(text: &str, found: &[Match], kind: &str, start: usize, end: usize) -> bool {
    let inside = |i: usize| found.iter().any(|m| m.start <= i && i < m.end);
    let chars: Vec<(usize, char)> = text[start..end].char_indices().map(|(i, c)| (start + i, c)).collect();
    if kind == "person-name" || kind == "address" {
        let covered = chars.iter().filter(|(i, _)| inside(*i)).count();
        covered * 5 >= chars.len() * 4
    } else {
        chars.iter().filter(|(_, c)| c.is_alphanumeric()).all(|(i, _)| inside(*i))
    }
}

#[derive(Default)]
struct Half {
    identifiers: usize,
    removed: usize,
    by_kind: BTreeMap<String, (usize, usize)>,
    missed: Vec<String>,
    clean: usize,
    touched: Vec<String>,
    failing: usize,
    failing_flagged: Vec<String>,
    findings: usize,
    stray: usize,
    by_family: BTreeMap<String, (usize, usize)>,
    /// Per round: clean cases, touched, failing check digits, flagged.
    by_round: BTreeMap<String, (usize, usize, usize, usize)>,
    /// Per round with true families of its own: identifiers, removed.
    removed_by_round: BTreeMap<String, (usize, usize)>,
}

/// Family name (`negative:<family>`, `positive:<family>` for the true families of
/// `positive_dev` / `positive_heldout`) -> the round that added it.
fn rounds() -> BTreeMap<String, String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora/pii/split.json");
    let split: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("split.json")).expect("split.json is JSON");
    let mut out = BTreeMap::new();
    for (round, halves) in split["rounds"].as_object().expect("rounds") {
        for (half, families) in halves.as_object().expect("halves") {
            let label = if half.starts_with("positive") { "positive" } else { "negative" };
            for f in families.as_array().expect("families") {
                out.insert(format!("{label}:{}", f.as_str().unwrap()), round.clone());
            }
        }
    }
    out
}

fn run(name: &str) -> Half {
    let mut h = Half::default();
    let rounds = rounds();
    for case in corpus(name) {
        let text = case["text"].as_str().unwrap();
        let found = pii::scan(text);
        let spans: Vec<(String, usize, usize)> = case["spans"].as_array().unwrap().iter().map(|s| span(text, s)).collect();
        let id = case["id"].as_str().unwrap();
        let family = case["family"]["formats"][0].as_str().unwrap().to_string();
        let round_of = rounds.get(&family).cloned();
        h.findings += found.len();
        h.stray += found.iter().filter(|m| !spans.iter().any(|(_, s, e)| m.start < *e && *s < m.end)).count();
        for (kind, s, e) in &spans {
            let ok = removed(text, &found, kind, *s, *e);
            h.identifiers += 1;
            h.removed += usize::from(ok);
            let k = h.by_kind.entry(kind.clone()).or_default();
            k.0 += 1;
            k.1 += usize::from(ok);
            if let Some(round) = &round_of {
                let r = h.removed_by_round.entry(round.clone()).or_default();
                r.0 += 1;
                r.1 += usize::from(ok);
            }
            if !ok {
                h.missed.push(format!("{id} {kind} {:?} in {text:?}", &text[*s..*e]));
            }
        }
        let round = h.by_round.entry(round_of.unwrap_or_else(|| "2".into())).or_default();
        for f in case["failing"].as_array().unwrap() {
            let (kind, s, e) = span(text, f);
            h.failing += 1;
            round.2 += 1;
            if found.iter().any(|m| m.start < e && s < m.end) {
                round.3 += 1;
                h.failing_flagged.push(format!("{id} {kind} {:?}", &text[s..e]));
            }
        }
        if case["label"] == "negative" {
            h.clean += 1;
            round.0 += 1;
            round.1 += usize::from(!found.is_empty());
            let f = h.by_family.entry(family).or_default();
            f.0 += 1;
            if !found.is_empty() {
                f.1 += 1;
                let shown: Vec<String> = found.iter().map(|m| format!("{} {:?}", m.kind.as_str(), &text[m.start..m.end])).collect();
                h.touched.push(format!("{id} {shown:?} in {text:?}"));
            }
        }
    }
    h
}

fn report(name: &str, h: &Half, details: bool) {
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "{name}: removed {}/{} ({:.1}%), clean touched {}/{} ({:.2}%), failing check digits flagged {}/{}, finding precision {:.1}% ({} of {} findings outside any label)",
        h.removed,
        h.identifiers,
        pct(h.removed, h.identifiers),
        h.touched.len(),
        h.clean,
        pct(h.touched.len(), h.clean),
        h.failing_flagged.len(),
        h.failing,
        100.0 - pct(h.stray, h.findings),
        h.stray,
        h.findings
    );
    for (kind, (n, ok)) in &h.by_kind {
        println!("  {kind:20} {ok:4}/{n:4} ({:.1}%)", pct(*ok, *n));
    }
    for (round, (n, bad, failing, flagged)) in &h.by_round {
        println!("  round {round} families: clean touched {bad}/{n} ({:.2}%), failing check digits flagged {flagged}/{failing}", pct(*bad, *n));
    }
    for (round, (n, ok)) in &h.removed_by_round {
        println!("  round {round} true families: removed {ok}/{n} ({:.1}%)", pct(*ok, *n));
    }
    for (family, (n, bad)) in &h.by_family {
        if *bad > 0 {
            println!("  clean {family}: {bad}/{n} touched");
        }
    }
    if details {
        for m in h.missed.iter().take(60) {
            println!("  MISSED {m}");
        }
        for t in h.touched.iter().chain(&h.failing_flagged).take(60) {
            println!("  TOUCHED {t}");
        }
    }
}

#[test]
fn dev_meets_the_bar_and_heldout_holds_its_first_measurement() {
    // Held-out details stay hidden unless asked for: the held-out half estimates how the
    // detectors do on families they were not built against.
    let show_heldout = std::env::var_os("PII_HELDOUT_DETAILS").is_some();
    let mut failures = Vec::new();
    for (name, details) in [("dev.jsonl", true), ("heldout.jsonl", show_heldout)] {
        let h = run(name);
        report(name, &h, details);
        // (removed per mille at least, clean cases touched at most, failing check digits at most)
        let (min_removed, max_touched, max_failing) = if name == "dev.jsonl" { (950, h.clean / 100, 0) } else { (960, 7, 0) };
        if h.removed * 1000 < h.identifiers * min_removed {
            failures.push(format!("{name}: {} of {} identifiers removed", h.removed, h.identifiers));
        }
        if h.touched.len() > max_touched {
            failures.push(format!("{name}: {} of {} clean cases touched", h.touched.len(), h.clean));
        }
        if h.failing_flagged.len() > max_failing {
            failures.push(format!("{name}: failing check digits flagged: {:?}", h.failing_flagged));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
