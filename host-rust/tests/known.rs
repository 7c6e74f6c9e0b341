//! The user's own secrets by value through the component: a known environment value is redacted
//! in a tool result as written, base64-, hex- and URL-encoded, never shown in a message, preview
//! or audit line; the CLI collects credential-named environment variables and `$HERMES_HOME/.env`.

mod common;

use std::io::Write;
use std::process::Stdio;

use egress_guard::{Guard, Limits, PolicySource};

/// Not a pattern any detector knows: only its value makes it a secret.
const VALUE: &str = "qXf7Lm2Rz9Tk4Wb~";

fn forms() -> Vec<(&'static str, String)> {
    let b64 = "cVhmN0xtMlJ6OVRrNFdifg=="; // base64 of VALUE
    let hex: String = VALUE.bytes().map(|b| format!("{b:02x}")).collect();
    vec![
        ("plain", format!("build ok, deployed with {VALUE} at 12:00")),
        ("base64", format!("env dump: {b64}")),
        ("hex", format!("xxd -p: {hex}")),
        ("url", "GET /hook?state=qXf7Lm2Rz9Tk4Wb%7E&x=1".to_string()),
    ]
}

fn leaked(text: &str) -> bool {
    text.contains(VALUE) || text.contains("cVhmN0xtMlJ6OVRrNFdi") || text.contains("qXf7Lm2Rz9Tk4Wb%7E") || text.contains("7158663")
}

#[test]
fn a_known_environment_value_is_redacted_in_every_encoding() {
    let rt = common::runtime();
    let mut guard = Guard::new(&rt, &PolicySource::defaults(), None).unwrap();
    for (form, text) in forms() {
        assert!(guard.inspect_result("terminal", &text).unwrap().is_none(), "{form}: no pattern finds it before it is known");
    }
    let entries = vec![("DEPLOY_TOKEN".to_string(), VALUE.to_string()), ("EDITOR_THEME".to_string(), "solarized-dark-2".to_string())];
    assert_eq!(guard.add_known_values(&entries).unwrap(), 1, "only the credential-named variable counts");
    for (form, text) in forms() {
        let v = guard.inspect_result("terminal", &text).unwrap().unwrap_or_else(|| panic!("{form}: not redacted"));
        let out = v.output.clone().unwrap();
        assert!(!leaked(&out), "{form}: {out}");
        assert!(out.contains("[REDACTED:"), "{form}: {out}");
        let said = format!("{:?} {:?} {}", v.message, v.findings.iter().map(|f| &f.preview).collect::<Vec<_>>(), v.audit.join("\n"));
        assert!(!leaked(&said), "{form}: {said}");
    }
    assert!(!guard.status().unwrap().to_string().contains(VALUE));
}

#[test]
fn a_rebuilt_instance_keeps_the_known_values() {
    let rt = common::runtime();
    let limits = Limits { call_fuel: 20_000_000, ..Limits::default() };
    let mut guard = Guard::with_limits(&rt, &PolicySource::defaults(), None, limits).unwrap();
    guard.add_known_values(&[("DEPLOY_TOKEN".to_string(), VALUE.to_string())]).unwrap();
    // Runs out of fuel: the instance is replaced.
    let v = guard.inspect_reply(&common::small_cell_csv(1_000_000)).unwrap().unwrap();
    assert_eq!(v.findings[0].code, egress_guard::INTERNAL_CODE);
    let (_, text) = &forms()[1];
    let out = guard.inspect_result("terminal", text).unwrap().expect("still known").output.unwrap();
    assert!(!leaked(&out), "{out}");
}

#[test]
fn the_cli_collects_credential_variables_and_the_hermes_env_file() {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join(".env"), "# Hermes\nSTAGING_DB_PASSWORD=Zr8#kQ2vLp0wXe\n").unwrap();
    let text = format!("{}\nand the db one: Zr8#kQ2vLp0wXe\n", forms()[1].1);
    let mut child = common::cli(home.path())
        .env("HERMES_HOME", home.path())
        .env("DEPLOY_TOKEN", VALUE)
        .args(["inspect", "--scope", "result", "--tool", "terminal", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8(o.stdout).unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(1), "{out} {err}");
    assert!(!leaked(&out) && !out.contains("Zr8#kQ2vLp0wXe"), "{out}");
    assert!(!err.contains(VALUE) && !err.contains("Zr8#kQ2vLp0wXe"), "{err}");
}
