//! Shared by the conformance tests: the expected-output files are checked line by line here, and
//! rewritten when `UPDATE_CONFORMANCE=1`.

use std::path::PathBuf;

pub fn conformance_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance")
}

/// Asserts that `out` is the content of `tests/conformance/<name>`, line by line (or writes it
/// there first when `UPDATE_CONFORMANCE` is set).
pub fn assert_matches_expected(name: &str, out: &str) {
    let path = conformance_dir().join(name);
    if std::env::var_os("UPDATE_CONFORMANCE").is_some() {
        std::fs::write(&path, out).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e} (UPDATE_CONFORMANCE=1 writes it)"));
    for (got, want) in out.lines().zip(expected.lines()) {
        assert_eq!(got, want);
    }
    assert_eq!(out.lines().count(), expected.lines().count(), "line count differs from {name}");
}
