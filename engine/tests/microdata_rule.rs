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
fn short_or_id_less_tables_pass() {
    let g = Guard::new("rules:\n  microdata:\n    mode: block\n", "t", None);
    let short: String = records().lines().take(21).collect::<Vec<_>>().join("\n");
    assert!(g.inspect_reply(&short).is_none());
    let no_id: String = records().lines().map(|l| l.split_once(',').unwrap().1).collect::<Vec<_>>().join("\n");
    assert!(g.inspect_reply(&no_id).map(|v| v.action != Action::Block).unwrap_or(true));
}
