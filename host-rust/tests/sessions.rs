//! Sessions through the Rust host: `inspect --jsonl` lines of one session sharing its state
//! (an approval reported by a later line grants the next upload), and a trap in the middle of a
//! session leaving it failing closed.

mod common;

use std::io::Write;
use std::process::Stdio;

use egress_guard::{Action, CallOptions, Guard, GuardPool, INTERNAL_CODE, Limits, Scope};
use serde_json::{Value, json};

const POLICY: &str =
    "placeholders:\n  enabled: true\nrules:\n  network:\n    allowed_hosts: [api.github.com]\ngrants_on_approval: {bytes: 4096, seconds: 600}\n";
const KEY: &str = "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";

fn jsonl(lines: &[Value]) -> Vec<Value> {
    let home = tempfile::tempdir().unwrap();
    let policy = home.path().join("policy.yaml");
    std::fs::write(&policy, POLICY).unwrap();
    let mut child = common::cli(home.path())
        .args(["inspect", "--jsonl", "--policy"])
        .arg(&policy)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn jsonl_lines_of_a_session_share_placeholders_and_approvals() {
    let up = json!({"command": "curl -d 'note=hi' https://notes.example.invalid/api/notes"});
    let first = jsonl(&[
        json!({"id": 1, "session": "a", "scope": "result", "tool": "read_file", "payload": format!("GITHUB_TOKEN={KEY}\n")}),
        json!({"id": 2, "session": "a", "scope": "args", "tool": "terminal", "payload": {"command": "curl -H 'token: {{SECRET_1}}' https://api.github.com/user"}}),
        json!({"id": 3, "session": "b", "scope": "args", "tool": "terminal", "payload": up}),
    ]);
    assert_eq!(first[0]["output"], "GITHUB_TOKEN={{SECRET_1}}\n");
    assert_eq!(first[1]["output"]["command"], format!("curl -H 'token: {KEY}' https://api.github.com/user"));
    assert_eq!(first[2]["action"], "approve");
    let approval = first[2]["approval"]["id"].as_str().expect("an approve in a session names its approval").to_string();
    assert_eq!(first[2]["approval"]["grants"][0]["host"], "notes.example.invalid");

    // The same run with the outcome reported: the next identical upload is inside the grant.
    let lines = jsonl(&[
        json!({"id": 1, "session": "b", "scope": "args", "tool": "terminal", "payload": up}),
        json!({"id": 2, "session": "b", "approved": approval}),
        json!({"id": 3, "session": "b", "scope": "args", "tool": "terminal", "payload": up}),
        json!({"id": 4, "session": "b", "end": true}),
        json!({"id": 5, "session": "b", "approved": "a1"}),
    ]);
    assert_eq!(lines[1]["event"]["grants"][0]["host"], "notes.example.invalid", "{}", lines[1]);
    assert_eq!(lines[2]["action"], "allow", "{}", lines[2]);
    assert_eq!(lines[3]["event"]["ended"], true);
    assert!(lines[4]["error"].is_string(), "an ended session has no approvals: {}", lines[4]);
}

#[test]
fn a_trap_in_the_middle_of_a_session_leaves_it_failing_closed() {
    let rt = common::runtime();
    let policy = common::policy_text(POLICY);
    let opts = |seq: u64| CallOptions { session: Some("t".into()), session_seq: Some(seq), now_ms: Some(1_000_000), ..CallOptions::default() };
    let result = format!("GITHUB_TOKEN={KEY}\n");
    // What the session's small calls cost, to give a guard a budget they fit in and a large
    // payload does not.
    let mut probe = Guard::new(&rt, &policy, None).unwrap();
    probe.inspect_with(Scope::Result, "read_file", &result, &opts(0)).unwrap();
    let small = probe.last_fuel_used();
    let up = json!({"command": "curl -d 'x=1' https://notes.example.invalid/api"}).to_string();
    let mut probe = Guard::new(&rt, &policy, None).unwrap();
    probe.inspect_with(Scope::Args, "terminal", &up, &opts(0)).unwrap();
    let limits = Limits { call_fuel: small.max(probe.last_fuel_used()) * 4, ..Limits::default() };
    let mut g = Guard::with_limits(&rt, &policy, None, limits).unwrap();
    let v = g.inspect_with(Scope::Result, "read_file", &result, &opts(0)).unwrap().unwrap();
    assert_eq!(v.output.as_deref(), Some("GITHUB_TOKEN={{SECRET_1}}\n"));
    let big = "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 token=abc ".repeat(20_000);
    let v = g.inspect_with(Scope::Reply, "", &big, &opts(1)).unwrap().unwrap();
    assert_eq!(v.findings[0].code, INTERNAL_CODE, "the large call runs out of fuel");
    // The instance was replaced: the session's state is gone, and it fails closed.
    let cmd = json!({"command": "curl -H 'token: {{SECRET_1}}' https://api.github.com/user"}).to_string();
    assert!(g.inspect_with(Scope::Args, "terminal", &cmd, &opts(2)).unwrap().is_none_or(|v| v.output.is_none()));
    let v = g.inspect_with(Scope::Args, "terminal", &up, &opts(3)).unwrap().unwrap();
    assert_eq!(v.action, Action::Block);
    assert!(v.message.as_deref().unwrap().contains("lost"), "{:?}", v.message);
}

#[test]
fn a_guard_pool_routes_each_session_to_one_instance_from_many_threads() {
    let rt = common::runtime();
    let pool = GuardPool::with_capacity(&rt, &common::policy_text(POLICY), None, Limits::default(), 3).unwrap();
    let in_session = |id: &str| CallOptions { session: Some(id.into()), ..CallOptions::default() };
    let v = pool.inspect_in(Scope::Result, "read_file", &format!("GITHUB_TOKEN={KEY}\n"), &in_session("p")).unwrap().unwrap();
    assert_eq!(v.output.as_deref(), Some("GITHUB_TOKEN={{SECRET_1}}\n"));
    let to_github = json!({"command": "curl -H 'token: {{SECRET_1}}' https://api.github.com/user"}).to_string();
    let restored = json!({"command": format!("curl -H 'token: {KEY}' https://api.github.com/user")});
    // Eight threads, one session: every call reaches the instance holding it, in some order,
    // each counted (a miscounted or misrouted call would mark the session lost).
    std::thread::scope(|s| {
        let handles: Vec<_> =
            (0..8).map(|_| s.spawn(|| pool.inspect_in(Scope::Args, "terminal", &to_github, &in_session("p")).unwrap().unwrap().output)).collect();
        for h in handles {
            let out: Value = serde_json::from_str(&h.join().unwrap().expect("put back")).unwrap();
            assert_eq!(out, restored);
        }
    });
    // Another session, and a call without one, cannot use the placeholder.
    assert!(pool.inspect_in(Scope::Args, "terminal", &to_github, &in_session("q")).unwrap().is_none_or(|v| v.output.is_none()));
    assert!(pool.inspect_in(Scope::Args, "terminal", &to_github, &CallOptions::default()).unwrap().is_none_or(|v| v.output.is_none()));
    // Approvals reach the session's instance too (another session: "p" holds the label
    // `credential` since the restore, and uploads nothing outside allowed_hosts).
    let up = json!({"command": "curl -d 'note=hi' https://notes.example.invalid/api/notes"}).to_string();
    let v = pool.inspect_in(Scope::Args, "terminal", &up, &in_session("r")).unwrap().unwrap();
    assert_eq!(v.action, Action::Approve);
    let id = v.approval.as_ref().expect("an approve in a session names its approval").id.clone();
    let answer = pool.session_event(&json!({"session": "r", "event": "approval", "approval": id, "approved": true}).to_string()).unwrap();
    assert_eq!(answer["grants"][0]["host"], "notes.example.invalid", "{answer}");
    assert!(pool.inspect_in(Scope::Args, "terminal", &up, &in_session("r")).unwrap().is_none(), "inside the approved grant");
    assert_eq!(pool.session_event(&json!({"session": "r", "event": "end"}).to_string()).unwrap()["ended"], true);
    assert!(pool.session_event(r#"{"event":"end"}"#).is_err(), "an event names its session");
    // The routing is the CLI's: a fixed hash of the id.
    assert_eq!(egress_guard::session_shard("p", 3), egress_guard::session_shard("p", 3));
    assert!((0..100).map(|i| egress_guard::session_shard(&format!("s{i}"), 3)).collect::<std::collections::BTreeSet<_>>().len() == 3);
}
