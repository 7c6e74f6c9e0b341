//! Shared by the integration tests: one runtime per test binary, compiled into a cache under
//! cargo's target tmp dir (never the user's own cache), and the conformance files.
#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use egress_guard::{PolicySource, Runtime, locate_wasm};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub fn wasm_path() -> PathBuf {
    locate_wasm(None).expect("run scripts/build-wasm.sh before the host tests")
}

pub fn test_cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("egress-guard-cache")
}

/// The `egress-guard` CLI with a temporary `HOME`, the tests' component cache and component, and
/// no policy from the caller's environment.
pub fn cli(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_egress-guard"));
    cmd.env("HOME", home).env("EGRESS_GUARD_CACHE_DIR", test_cache_dir()).env("EGRESS_GUARD_WASM", wasm_path()).env_remove("EGRESS_GUARD_POLICY");
    cmd
}

pub fn runtime() -> Runtime {
    static RT: OnceLock<Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        let path = wasm_path();
        let bytes = std::fs::read(&path).unwrap();
        Runtime::from_bytes(&bytes, path, Some(&test_cache_dir())).expect("component loads")
    })
    .clone()
}

pub fn conformance_dir() -> PathBuf {
    repo().join("tests/conformance")
}

/// A conformance policy by name (`default`, `closed`, ...).
pub fn conformance_policy(name: &str) -> PolicySource {
    let src = PolicySource::read(&conformance_dir().join("policies").join(format!("{name}.yaml")));
    assert_eq!(src.read_error, None);
    src
}

pub fn policy_text(text: &str) -> PolicySource {
    PolicySource { text: text.into(), source: "test.yaml".into(), read_error: None }
}

/// A worst case for the table rules: a ~1 MB CSV of ~500,000 one-digit (small) cells.
pub fn small_cell_csv(bytes: usize) -> String {
    let cols = 20;
    let mut s: String = (0..cols).map(|c| format!("c{c}")).collect::<Vec<_>>().join(",");
    s.push('\n');
    let mut i = 0u32;
    while s.len() < bytes - 2 * cols {
        for c in 0..cols {
            s.push(char::from(b'1' + ((i + c as u32) % 4) as u8));
            s.push(if c + 1 == cols { '\n' } else { ',' });
        }
        i += 1;
    }
    s
}
