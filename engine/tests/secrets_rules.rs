//! The secrets rule on examples nobody here wrote: the true- and false-positive literals of
//! gitleaks's rules and Nosey Parker's rule examples (`tests/corpora/secrets-rules`, with their
//! licences). A positive counts as found when the rule redacts something in it; a negative must
//! come through untouched. Nosey Parker's examples of identifiers (public ids, hostnames) and
//! password hashes are not credentials and are left out of the positives. The floors are the
//! figures measured when the examples were added (85/113 and 288/367 found, 26/221 and 39/143
//! negatives flagged), so a change that loses ground fails; many "negatives" are real-looking
//! keys a rule rejects only for their surroundings (a redacted fake costs nothing).

use std::path::PathBuf;

use egress_guard_engine::Scope;
use egress_guard_engine::rules::secrets::Rule;
use egress_guard_engine::rules::{Context, Rule as _};
use serde_json::Value;

fn examples(file: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora/secrets-rules").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(|l| serde_json::from_str(l).expect("example is JSON")).collect()
}

fn flagged(rule: &Rule, text: &str) -> bool {
    !rule.inspect(&Context { tool: "t", ..Context::plain(Scope::Result) }, text).hits.is_empty()
}

fn is_credential(example: &Value) -> bool {
    let cats: Vec<&str> = example["categories"].as_array().map_or(vec!["secret"], |c| c.iter().filter_map(Value::as_str).collect());
    cats.contains(&"secret") && !cats.contains(&"hashed")
}

/// (found, positives, flagged, negatives, misses, false positives) over one file.
fn score(rule: &Rule, file: &str) -> (usize, usize, usize, usize, Vec<String>, Vec<String>) {
    let (mut found, mut pos, mut fp, mut neg) = (0, 0, 0, 0);
    let (mut misses, mut fps) = (Vec::new(), Vec::new());
    for e in examples(file) {
        let text = e["text"].as_str().unwrap();
        let id = e["rule_id"].as_str().unwrap().to_string();
        match e["label"].as_str().unwrap() {
            "positive" if is_credential(&e) => {
                pos += 1;
                if flagged(rule, text) {
                    found += 1;
                } else {
                    misses.push(id);
                }
            }
            "negative" => {
                neg += 1;
                if flagged(rule, text) {
                    fp += 1;
                    fps.push(id);
                }
            }
            _ => {}
        }
    }
    (found, pos, fp, neg, misses, fps)
}

#[test]
fn gitleaks_and_nosey_parker_rule_examples() {
    let rule = Rule;
    for (file, min_recall, max_fp) in [("gitleaks_rule_literals.jsonl", 0.75, 0.12), ("noseyparker_rule_examples.jsonl", 0.78, 0.28)] {
        let (found, pos, fp, neg, misses, fps) = score(&rule, file);
        println!("{file}: {found}/{pos} positives found, {fp}/{neg} negatives flagged");
        println!("  missed: {}", misses.join(" "));
        println!("  flagged: {}", fps.join(" "));
        assert!(pos > 100 && neg > 100, "{file} is complete");
        assert!(found as f64 >= min_recall * pos as f64, "{file}: recall {found}/{pos}");
        assert!(fp as f64 <= max_fp * neg as f64, "{file}: {fp}/{neg} negatives flagged");
    }
}
