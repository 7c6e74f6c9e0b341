//! Numbers in tool arguments (issue 14, the fuzzer's `json` finding): arguments rewritten by a rule
//! must come back as JSON every host parses, meaning what the agent sent. A number serde_json reads
//! (any integer or decimal within f64) keeps its value through the rewrite; one no host reads as
//! written (past f64: `6.49e913`, a 400-digit integer) makes the arguments unreadable, and
//! unreadable arguments are blocked (their fields, the command among them, could not be checked),
//! never allowed, with the credential beside them still redacted.

use egress_guard_engine::guard::UNREADABLE_ARGS;
use egress_guard_engine::{Action, Guard};
use proptest::prelude::*;
use serde_json::Value;

/// A GitHub token with a valid checksum: the secrets rule always rewrites the arguments.
const KEY: &str = "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";

fn guard() -> &'static Guard {
    static G: std::sync::OnceLock<Guard> = std::sync::OnceLock::new();
    G.get_or_init(|| Guard::new("", "test", None))
}

fn number() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["", "-"]),
        "[1-9][0-9]{0,399}|0",
        prop::option::of("[0-9]{1,30}"),
        prop::option::of((prop::sample::select(vec!["e", "E", "e+", "E-", "e-"]), 0u32..1200)),
    )
        .prop_map(|(sign, int, frac, exp)| {
            let mut n = format!("{sign}{int}");
            if let Some(f) = frac {
                n = format!("{n}.{f}");
            }
            if let Some((e, x)) = exp {
                n = format!("{n}{e}{x}");
            }
            n
        })
}

fn check(num: &str) -> Result<(), TestCaseError> {
    let args = format!(r#"{{"command":"curl -H 'Authorization: token {KEY}' https://api.example.invalid/u","n":{num},"m":[{num}]}}"#);
    let v = guard().inspect_args("terminal", &args).expect("the key is always found");
    serde_json::from_str::<Value>(&v.to_json()).map_err(|e| TestCaseError::fail(format!("{num}: verdict unreadable: {e}")))?;
    let shown = format!("{:?} {:?} {:?} {:?}", v.output, v.message, v.findings, v.audit);
    prop_assert!(!shown.contains(KEY), "{num}: key shown");
    match serde_json::from_str::<Value>(num) {
        Ok(sent) => {
            let out: Value =
                serde_json::from_str(v.output.as_deref().expect("rewritten")).map_err(|e| TestCaseError::fail(format!("{num}: output unreadable: {e}")))?;
            prop_assert_eq!(&out["n"], &sent, "{}", num);
            prop_assert_eq!(&out["m"][0], &sent, "{}", num);
            prop_assert!(v.findings.iter().all(|f| f.code != UNREADABLE_ARGS));
        }
        Err(_) => {
            prop_assert_eq!(v.action, Action::Block, "{}", num);
            prop_assert_eq!(v.output, None);
            prop_assert!(v.findings.iter().any(|f| f.code == UNREADABLE_ARGS && f.reason.contains("number out of range")), "{num}: {:?}", v.findings);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn rewritten_arguments_keep_every_number_or_are_blocked(num in number()) {
        check(&num)?;
    }
}

#[test]
fn the_fuzzers_forms() {
    for num in [
        "6.499159228801966e913",
        "-1e400",
        &"9".repeat(400),
        "1e308",
        "1.7976931348623157e308",
        "1e-400",
        "-0",
        "18446744073709551615",
        "-9223372036854775808",
        "1E+2",
    ] {
        check(num).unwrap();
    }
    // The fuzzer's input: a number past f64 beside a key.
    let args = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/regressions/json/number-out-of-f64-range")).expect("kept as a regression");
    let text = String::from_utf8_lossy(&args);
    let v = guard().inspect_args("tool", &text[text.find('{').expect("an object")..]).expect("blocked");
    assert_eq!(v.action, Action::Block);
    assert!(!format!("{:?} {:?} {:?}", v.output, v.message, v.audit).contains("AKIAQYLPMN5HFIQR7XYZ"));
}
