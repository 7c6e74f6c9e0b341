//! Every input kept under `fuzz/regressions/<target>/` (crashes the fuzzers found, and hostile
//! inputs written by hand) replayed through the same target body and checks the fuzzers use
//! (`fuzz/fuzz_targets/common.rs`), on every `cargo test`.

#[path = "../../fuzz/fuzz_targets/common.rs"]
mod common;

use std::path::PathBuf;

fn regressions() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions")
}

fn replay(target: &str) -> usize {
    let dir = regressions().join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        eprintln!("replaying {}", path.display());
        common::run(target, &data);
        n += 1;
    }
    n
}

#[test]
fn every_target_has_kept_inputs_and_they_pass() {
    for target in common::TARGETS {
        assert!(replay(target) > 0, "no kept inputs for fuzz target {target}");
    }
}

#[test]
fn no_stray_regression_folders() {
    for entry in std::fs::read_dir(regressions()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(common::TARGETS.contains(&name.as_str()), "fuzz/regressions/{name} matches no target");
    }
}
