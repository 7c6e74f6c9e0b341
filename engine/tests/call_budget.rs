//! One work budget per call (issue 14 item 1, issue 17): thousands of small linked tables in one
//! text each fit their own group's budget, but together they did the work of thousands of groups,
//! past the host's fuel (a trap, which `fail_mode: open` lets through). The call's steps cap the
//! sum: whatever the number of tables, the steps spent stay within `CALL_STEPS`, and every table
//! not worked out within them is withheld, never published with a small count showing.

use egress_guard_engine::rules::steps::{CALL_STEPS, Steps};
use egress_guard_engine::rules::{Context, Rule, RuleDef, RulesFile, smallcell};
use egress_guard_engine::{Action, Guard, Scope};

#[path = "common/aligned.rs"]
mod aligned;
use aligned::{aligned_tables, small_counts_shown};
#[path = "common/cross_tab.rs"]
mod cross_tab;

fn smallcell_rule() -> smallcell::Rule {
    smallcell::Rule::build(&RulesFile::defaults().resolve().expect("defaults resolve").smallcell.settings)
}

#[test]
fn the_steps_of_one_call_are_bounded_whatever_the_number_of_tables() {
    let rule = smallcell_rule();
    let mut used = Vec::new();
    for n in [1, 10, 100, 1000, 2000] {
        let text = aligned_tables(n, 0x9E37_79B9_7F4A_7C15 ^ n as u64);
        let steps = Steps::call();
        let out = rule.inspect(&Context { steps: Some(&steps), ..Context::plain(Scope::Reply) }, &text);
        assert!(steps.used() <= CALL_STEPS);
        let published = out.rewritten.expect("small counts are hidden");
        assert_eq!(small_counts_shown(&published), Vec::<&str>::new(), "{n} tables: a small count published");
        let withheld = published.matches("[table withheld:").count();
        used.push((n, steps.used(), withheld));
    }
    // Few tables are worked out within the budget (cells suppressed, nothing withheld for want
    // of steps); many exhaust it, and the tables past it are withheld.
    assert!(used[0].1 < CALL_STEPS / 4 && used[0].2 == 0, "{used:?}");
    let (n, spent, withheld) = used[4];
    assert_eq!(spent, CALL_STEPS, "{used:?}");
    assert!(withheld > n / 2, "{used:?}");
}

#[test]
fn a_text_of_thousands_of_tables_is_a_verdict_with_every_small_count_hidden() {
    // ~1 MB: the most that fits under the default `max_scan_bytes`.
    let text = aligned_tables(1800, 7);
    assert!(text.len() < 1 << 20);
    for (policy, preset) in [("", None), ("", Some("research-data")), ("fail_mode: closed\n", None)] {
        let g = Guard::new(policy, "test", preset);
        let v = g.inspect_reply(&text).expect("small counts found");
        assert_eq!(v.action, Action::Redact, "{policy:?} {preset:?}");
        assert!(v.findings.iter().all(|f| f.code == smallcell::CODE), "{:?}", v.findings.iter().map(|f| &f.code).collect::<Vec<_>>());
        assert_eq!(small_counts_shown(&v.output.expect("rewritten")), Vec::<&str>::new());
    }
}

#[test]
fn every_string_of_a_call_shares_its_steps() {
    // The same tables split over many strings of one tool result: the budget is the call's, so
    // splitting does not buy more work (the tables past it are withheld all the same).
    let strings: Vec<String> = (0..40).map(|k| aligned_tables(50, 100 + k)).collect();
    let result = serde_json::json!({ "outputs": strings }).to_string();
    let g = Guard::new("rules:\n  smallcell:\n    scopes: [args, result, reply]\n", "test", None);
    let v = g.inspect_result("run_code", &result).expect("small counts found");
    let out: serde_json::Value = serde_json::from_str(&v.output.expect("rewritten")).unwrap();
    let published: Vec<&str> = out["outputs"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    assert!(published.iter().all(|s| small_counts_shown(s).is_empty()));
    let withheld: usize = published.iter().map(|s| s.matches("[table withheld:").count()).sum();
    // Alone, each string's 50 tables fit a call's budget with few withheld.
    let alone = g.inspect_result("run_code", &serde_json::json!({ "outputs": [strings[0]] }).to_string()).unwrap();
    let alone_withheld = alone.output.unwrap().matches("[table withheld:").count();
    assert!(withheld > 40 * alone_withheld + 500, "{withheld} withheld over 40 strings, {alone_withheld} for one alone");
}

#[test]
fn a_table_whose_audit_needs_more_than_the_steps_left_is_withheld() {
    // Two 500-cell cross-tabs of different units in one reply (they share no margin): each alone
    // is audited and published with its small counts suppressed, and its audit takes more than
    // half of a call's steps. Together the first is audited, and the second, which the steps
    // left cannot audit, is withheld whole: never published unaudited.
    let rule = smallcell_rule();
    let run = |text: &str| {
        let steps = Steps::call();
        let out = rule.inspect(&Context { steps: Some(&steps), ..Context::plain(Scope::Reply) }, text);
        (out, steps.used())
    };
    let (a, b) = (cross_tab::cross_tab("Region", 27, 15, 3, 11), cross_tab::cross_tab("District", 27, 15, 3, 12));
    for table in [&a, &b] {
        let (out, used) = run(table);
        let published = out.rewritten.expect("small counts are hidden");
        assert!(published.contains("[suppressed]") && !published.contains("[table withheld"), "{published}");
        assert_eq!(cross_tab::small_counts_shown(&published), Vec::<&str>::new());
        assert!(used > CALL_STEPS / 2 && used < CALL_STEPS, "{used} of {CALL_STEPS} steps");
    }
    let (out, used) = run(&format!("{a}\n{b}"));
    assert!(used <= CALL_STEPS);
    let published = out.rewritten.expect("small counts are hidden");
    let (first, second) = published.split_at(published.find("Counts by district").expect("the second table's title stays"));
    assert!(first.contains("[suppressed]") && !first.contains("[table withheld"), "{first}");
    assert!(second.contains("[table withheld:") && !second.contains("| District"), "{second}");
    assert_eq!(cross_tab::small_counts_shown(&published), Vec::<&str>::new());
    assert!(
        out.hits.iter().any(|h| h.reason.contains("too large to audit within the work budget")),
        "{:?}",
        out.hits.iter().map(|h| &h.reason).collect::<Vec<_>>()
    );
}

#[test]
fn whatever_the_budget_no_share_of_a_hidden_count_is_published() {
    // A retention triangle hiding a 3 (and its partner), then its rates: 2.5 is 3 of 120. With
    // the whole budget the rate goes with its count; with any less, the tables the pass could
    // not check are withheld rather than published unchecked.
    let counts = "| cohort | Cohort size | Month 1 | Month 2 |\n|---|---|---|---|\n| 2024-01 | 120 | 100 | 3 |\n| 2024-02 | 90 | 60 | 41 |\n| 2024-03 | 75 | 50 | 38 |\n| Total | 285 | 210 | 82 |\n";
    let rates = "| cohort | Month 1 | Month 2 |\n|---|---|---|\n| 2024-01 | 83.3 | 2.5 |\n| 2024-02 | 66.7 | 45.6 |\n| 2024-03 | 66.7 | 50.7 |\n";
    let text = format!("Active users per cohort:\n\n{counts}\nRetention rates:\n\n{rates}");
    let rule = smallcell_rule();
    let run = |limit: u64| {
        let steps = Steps::new(limit);
        rule.inspect(&Context { steps: Some(&steps), ..Context::plain(Scope::Reply) }, &text).rewritten.expect("the 3 is hidden")
    };
    let full = Steps::call();
    rule.inspect(&Context { steps: Some(&full), ..Context::plain(Scope::Reply) }, &text);
    let needed = full.used();
    let mut withheld_for_budget = 0;
    for k in 0..=200 {
        let published = run(needed * k / 200);
        assert!(!published.contains("| 3 |") && !published.contains("| 2.5 |"), "budget {k}/200 of {needed}: {published}");
        withheld_for_budget += usize::from(published.contains("not checked within the work budget"));
    }
    // Some budgets end inside the share pass (not only before the counts were audited).
    assert!(withheld_for_budget > 0);
}
