//! The secrets rule on the labelled corpora (`tests/corpora/secrets`: egress_bench_v0
//! and Hermie's): recall of the "must" secrets, hard negatives flagged, and whether any redacted
//! secret's characters survive in the output. Prints the figures; asserts the targets
//! (recall >= 98 %, no hard negative flagged, no leak, JSON stays JSON).

use std::collections::BTreeMap;
use std::path::PathBuf;

use egress_guard_engine::Scope;
use egress_guard_engine::rules::secrets::{self, Rule};
use egress_guard_engine::rules::{Context, Rule as _};
use serde_json::Value;

fn corpus(rel: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora/secrets").join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn lines(text: &str) -> impl Iterator<Item = Value> + '_ {
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).expect("corpus line is JSON"))
}

fn redact(text: &str) -> String {
    Rule.inspect(&Context::plain(Scope::Result), text).rewritten.unwrap_or_else(|| text.to_string())
}

/// Share of the secret's bytes covered by findings.
fn coverage(found: &[secrets::SecretMatch], start: usize, end: usize) -> f64 {
    let covered: usize = found.iter().map(|m| m.end.min(end).saturating_sub(m.start.max(start))).sum();
    covered as f64 / (end - start).max(1) as f64
}

/// Whether any 8-byte window of the secret is in `out` though not elsewhere in the original.
fn leaks(original: &str, start: usize, end: usize, out: &str) -> bool {
    let secret = &original.as_bytes()[start..end];
    let outside = [&original.as_bytes()[..start], &original.as_bytes()[end..]];
    secret.windows(8.min(secret.len())).any(|w| {
        let w = String::from_utf8_lossy(w);
        out.contains(&*w) && !outside.iter().any(|o| String::from_utf8_lossy(o).contains(&*w))
    })
}

#[derive(Default)]
struct Tally {
    must: usize,
    recalled: usize,
    leaked: Vec<String>,
    missed: BTreeMap<String, Vec<String>>,
    negatives: usize,
    flagged: Vec<String>,
    broken_json: Vec<String>,
}

impl Tally {
    fn positive(&mut self, id: &str, group: &str, text: &str, span: (usize, usize), must: bool) {
        let found = secrets::find(text);
        let hit = coverage(&found, span.0, span.1) >= 0.9;
        if must {
            self.must += 1;
            self.recalled += hit as usize;
            if !hit {
                self.missed.entry(group.to_string()).or_default().push(id.to_string());
            }
        }
        let out = redact(text);
        if hit && leaks(text, span.0, span.1, &out) {
            self.leaked.push(id.to_string());
        }
        if serde_json::from_str::<Value>(text).is_ok() && serde_json::from_str::<Value>(&out).is_err() {
            self.broken_json.push(id.to_string());
        }
    }

    fn negative(&mut self, id: &str, text: &str) {
        self.negatives += 1;
        let found = secrets::find(text);
        if !found.is_empty() {
            let kinds: Vec<&str> = found.iter().map(|m| m.kind).collect();
            self.flagged.push(format!("{id} {kinds:?}"));
        }
    }
}

fn char_to_byte(text: &str, chars: usize) -> usize {
    text.char_indices().nth(chars).map_or(text.len(), |(b, _)| b)
}

#[test]
fn corpora_recall_precision_and_no_leaks() {
    let (bench, hermie) = (corpus("egress_bench_v0/cases.jsonl"), corpus("hermie/credential_corpus.jsonl"));
    let mut t = Tally::default();
    let mut stretch = (0, 0);
    for case in lines(&bench) {
        let id = case["id"].as_str().unwrap();
        let text = case["text"].as_str().unwrap();
        if case["label"] == "negative" {
            t.negative(id, text);
            continue;
        }
        let must = case["tier"] == "must";
        for s in case["secrets"].as_array().unwrap() {
            let start = char_to_byte(text, s["start"].as_u64().unwrap() as usize);
            let end = char_to_byte(text, s["end"].as_u64().unwrap() as usize);
            let group = format!("bench/{}/{}", case["provider"].as_str().unwrap(), case["context"].as_str().unwrap());
            if !must {
                stretch.0 += 1;
                stretch.1 += (coverage(&secrets::find(text), start, end) >= 0.9) as usize;
            }
            t.positive(id, &group, text, (start, end), must);
        }
    }
    for case in lines(&hermie) {
        let id = case["id"].as_str().unwrap();
        let text = case["text"].as_str().unwrap();
        let secret = case["secret"].as_str().unwrap();
        let escaped = secret.replace('\n', "\\n");
        let at = text.find(secret).map(|s| (s, s + secret.len())).or_else(|| text.find(&escaped).map(|s| (s, s + escaped.len())));
        // Hermie's PEM cases cut the block short (and indent it in YAML): the labelled span is
        // from BEGIN to the last character of the block present.
        let pem = || {
            let s = text.find("-----BEGIN")?;
            let e = text.trim_end().trim_end_matches(['"', '}', '\\']).len();
            Some((s, e))
        };
        let span = at.or_else(pem).expect("hermie secret occurs in its text");
        let group = format!("hermie/{}/{}", case["provider"].as_str().unwrap(), case["context"].as_str().unwrap());
        t.positive(id, &group, text, span, true);
    }
    for case in lines(&corpus("hermie/credential_bare_phrases.jsonl")) {
        let id = case["id"].as_str().unwrap();
        let text = case["text"].as_str().unwrap();
        t.must += 1;
        if secrets::find(text).is_empty() {
            t.missed.entry("hermie/bare".into()).or_default().push(id.to_string());
        } else {
            t.recalled += 1;
        }
    }
    for case in lines(&corpus("hermie/clean_negatives.jsonl")) {
        t.negative(case["id"].as_str().unwrap(), case["text"].as_str().unwrap());
    }

    let recall = t.recalled as f64 / t.must as f64;
    println!("must recall: {}/{} = {:.1}%", t.recalled, t.must, 100.0 * recall);
    println!("stretch (no name, no context): {}/{}", stretch.1, stretch.0);
    println!("hard negatives flagged: {}/{}", t.flagged.len(), t.negatives);
    println!("leaks after redaction: {}; JSON broken by redaction: {}", t.leaked.len(), t.broken_json.len());
    for (group, ids) in &t.missed {
        println!("  missed {group}: {}", ids.join(", "));
    }
    for f in &t.flagged {
        println!("  flagged {f}");
    }
    assert!(recall >= 0.98, "recall {:.3} below 0.98", recall);
    assert!(t.flagged.is_empty(), "hard negatives flagged: {:?}", t.flagged);
    assert!(t.leaked.is_empty(), "secret characters left after redaction: {:?}", t.leaked);
    assert!(t.broken_json.is_empty(), "redaction broke JSON: {:?}", t.broken_json);
}
