//! Every input of the shared benchmark generator (`bench/gen/gen.py`: the 1 MB worst cases of
//! each rule, the hostile shell families, the small-cell tables) through the component under
//! the bench policy (every rule on in every scope): each one is a verdict, never a trap. A trap
//! is what an attacker wants (under `fail_mode: open` the payload goes out unchecked), and a
//! reader that turns quadratic on some layout shows up here first as one.

mod common;

#[path = "../../bench/gen/inputs.rs"]
mod inputs;

use egress_guard::{Guard, INTERNAL_CODE, Limits};

#[test]
fn every_benchmark_input_is_a_verdict_well_inside_the_fuel_budget() {
    let rt = common::runtime();
    let root = common::repo();
    let policy = common::policy_text(&std::fs::read_to_string(root.join("bench/gen/policy.yaml")).unwrap());
    let mut guard = Guard::new(&rt, &policy, None).unwrap();
    let mut over = Vec::new();
    for input in inputs::load(&root) {
        let verdict = guard.inspect(input.scope, &input.tool, &input.payload).unwrap();
        let fuel = guard.last_fuel_used();
        let internal = verdict.as_ref().is_some_and(|v| v.findings.iter().any(|f| f.code == INTERNAL_CODE));
        // Half the budget: fuel is deterministic, so this fails on the commit that doubles a
        // worst case's work, not on a slower machine.
        if internal || fuel * 2 > Limits::default().call_fuel {
            over.push(format!("{}: internal {internal}, {fuel} fuel", input.id));
        }
    }
    assert!(over.is_empty(), "{over:#?}");
}

/// One line repeated over a megabyte, for the first line of every table reader's shape (and
/// lines that are almost one): a reader that reads a run of such lines again from each of its
/// lines is quadratic in the run, which a megabyte turns into a trap.
#[test]
fn a_megabyte_of_one_line_repeated_is_a_verdict_well_inside_the_fuel_budget() {
    const LINES: &[&str] = &[
        "{|\n",
        "|===\n",
        "|===\n|a|b\n",
        "| a |\n",
        "| a |\n|---|\n",
        "|a|b|\n",
        "a | b\n",
        "│ a │\n",
        "+--+\n",
        "- a: 1\n",
        "- a: 1\n  b: x\n",
        "x,1\n",
        "\"a\";\"b\"\n",
        "1  2\n",
        " Obs    town\n\n",
        "<tr><td>1</td></tr>\n",
        "\\begin{tabular}\n",
        "[{\"a\":1}]\n",
        "{\"a\": {\"b\": 1}}\n",
        "{'a': {'b': 1}}\n",
        "Counter({\n",
        "{North 3 40}\n",
        "{Region:North Owner:3}\n",
    ];
    let rt = common::runtime();
    let root = common::repo();
    let policy = common::policy_text(&std::fs::read_to_string(root.join("bench/gen/policy.yaml")).unwrap());
    let mut guard = Guard::new(&rt, &policy, None).unwrap();
    let mut over = Vec::new();
    for line in LINES {
        let text = line.repeat(1_000_000 / line.len());
        let verdict = guard.inspect_reply(&text).unwrap();
        let fuel = guard.last_fuel_used();
        let internal = verdict.as_ref().is_some_and(|v| v.findings.iter().any(|f| f.code == INTERNAL_CODE));
        if internal || fuel * 2 > Limits::default().call_fuel {
            over.push(format!("{line:?}: internal {internal}, {fuel} fuel"));
        }
    }
    assert!(over.is_empty(), "{over:#?}");
}
