//! The per-file vet records of `tests/fixtures/vet/` through the component (the calls
//! `egress-guard vet` makes: `inspect`, then `explain-json` for a file with a smallcell
//! finding) must reproduce `tests/conformance/vet.jsonl` byte for byte, as the native engine
//! and the Python host do.

mod common;

use std::path::Path;

use egress_guard::{Guard, Scope, jsonl_line};
use serde_json::Value;

fn files(dir: &Path, base: &Path, out: &mut Vec<(String, String)>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, base, out);
        } else {
            let rel = p.strip_prefix(base).unwrap().components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
            out.push((rel, std::fs::read_to_string(&p).unwrap()));
        }
    }
}

#[test]
fn component_matches_expected_vet_records() {
    let mut guard = Guard::new(&common::runtime(), &common::conformance_policy("default"), None).unwrap();
    let dir = common::repo().join("tests/fixtures/vet");
    let mut inputs = Vec::new();
    files(&dir, &dir, &mut inputs);
    inputs.sort();
    let mut got = String::new();
    for (rel, text) in inputs {
        let verdict = guard.inspect(Scope::Reply, "", &text).unwrap();
        let flagged = verdict.as_ref().is_some_and(|v| v.findings.iter().any(|f| f.rule == "smallcell"));
        let explained = if flagged { guard.explain(Scope::Reply, "", &text).unwrap().to_string() } else { "null".into() };
        let mut line = jsonl_line(&Value::from(rel.as_str()), verdict.as_ref());
        line.pop();
        got.push_str(&format!("{line},\"explain\":{explained}}}\n"));
    }
    let want = std::fs::read_to_string(common::conformance_dir().join("vet.jsonl")).unwrap();
    for (g, w) in got.lines().zip(want.lines()) {
        assert_eq!(g, w, "differs from vet.jsonl");
    }
    assert_eq!(got, want);
}

/// The worst known input (a ~1 MB CSV of ~475,000 small cells, the calibration input of the
/// per-call fuel) is explained inside the default budget, as `vet` needs: the explanation costs
/// the decision again plus a report linear in the table (or nothing more, for a withheld table).
#[test]
fn explaining_the_worst_known_input_fits_the_default_budget() {
    let mut guard = Guard::new(&common::runtime(), &common::conformance_policy("default"), None).unwrap();
    let csv = common::small_cell_csv(1_000_000);
    guard.inspect(Scope::Reply, "", &csv).unwrap();
    let inspect_fuel = guard.last_fuel_used();
    let explained = guard.explain(Scope::Reply, "", &csv).expect("explained within the budget");
    let explain_fuel = guard.last_fuel_used();
    let table = &explained["tables"][0];
    let cells = table["cells"].as_array().unwrap();
    // Either every cell is reported (all are primaries, none with a feasible upper bound), or the
    // table is withheld whole because its relations did not fit the inference budget: both keep
    // every small count out, and either way the report is made within the call's budget.
    match table["status"].as_str() {
        Some("withheld") => assert!(cells.is_empty() && table["rows"].as_array().is_some_and(Vec::is_empty), "{table}"),
        _ => assert!(cells.len() > 400_000 && cells.iter().all(|c| c["class"] == "primary" && c["hi"].is_null())),
    }
    let budget = egress_guard::Limits::default().call_fuel;
    assert!(explain_fuel * 3 < budget * 2, "explain {explain_fuel} fuel (inspect {inspect_fuel}) of {budget}");
}
