//! EG-MICRO-001 through the guard: the 800-record demo CSV is noted (warn), withheld (redact) or
//! stops a tool call (block); short or ID-less tables pass.

use std::path::PathBuf;

use egress_guard_engine::{Action, Guard};

fn records() -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bench/sdc/demo/clinic_records.csv")).unwrap()
}

#[test]
fn default_mode_only_warns() {
    let g = Guard::new("", "default", None);
    let v = g.inspect_reply(&records()).unwrap();
    assert_eq!(v.action, Action::Warn);
    assert_eq!(v.output, None);
    assert_eq!(v.findings[0].code, "EG-MICRO-001");
    assert!(v.findings[0].reason.contains("800 rows"));
}

#[test]
fn redact_withholds_the_table_and_keeps_the_prose() {
    let g = Guard::new("rules:\n  microdata:\n    mode: redact\n", "t", None);
    let v = g.inspect_reply(&format!("The records:\n{}\nThat is all.", records())).unwrap();
    let out = v.output.unwrap();
    assert!(out.starts_with("The records:\n[microdata table withheld: 800 rows]\n\nThat is all."), "{}", &out[..200.min(out.len())]);
    assert!(!out.contains("P0001"));
}

#[test]
fn block_stops_a_tool_call_carrying_records() {
    let g = Guard::new("rules:\n  microdata:\n    mode: block\n", "t", None);
    let args = serde_json::json!({"path": "/tmp/out.csv", "content": records()}).to_string();
    let v = g.inspect_args("write_file", &args).unwrap();
    assert_eq!(v.action, Action::Block);
}

#[test]
fn person_identifiers_person_attributes_and_aggregates() {
    let g = Guard::new("rules:\n  microdata:\n    mode: block\n", "t", None);
    let blocked = |text: &str| g.inspect_reply(text).is_some_and(|v| v.action == Action::Block);
    // A direct person identifier: two rows are record-level.
    let two: String = records().lines().take(3).collect::<Vec<_>>().join("\n");
    assert!(blocked(&two));
    // Rows of person attributes without an ID: record-level from quasi_rows (10) rows.
    let no_id: Vec<String> = records().lines().map(|l| l.split_once(',').unwrap().1.to_string()).collect();
    assert!(!blocked(&no_id[..10].join("\n")), "9 rows");
    assert!(blocked(&no_id[..11].join("\n")), "10 rows");
    // An aggregate table whose label column is named like an ID is not microdata.
    let agg: String = std::iter::once("clinic_id,n".to_string()).chain((0..30).map(|i| format!("C{i:02},{}", 3 + i))).collect::<Vec<_>>().join("\n");
    assert!(g.inspect_reply(&agg).is_none_or(|v| v.findings.iter().all(|f| f.code != "EG-MICRO-001")));
}
