//! Loading the component: the compiled-artifact cache and locating the `.wasm`.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use egress_guard::{Guard, PolicySource, Runtime, locate_wasm};

fn redacts(rt: &Runtime) -> bool {
    let mut g = Guard::new(rt, &PolicySource::defaults(), None).unwrap();
    g.inspect_reply("key AKIAQYLPMN5HFIQR7XYZ").unwrap().is_some_and(|v| v.output.is_some())
}

/// The cache folder's files by kind: (artifacts, their digests, records, key).
fn cache_files(dir: &Path) -> (Vec<PathBuf>, Vec<PathBuf>, Vec<PathBuf>, bool) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let named = |suffix: &str| files.iter().filter(|p| p.to_str().unwrap().ends_with(suffix)).cloned().collect::<Vec<_>>();
    let key = files.iter().any(|p| p.file_name().unwrap() == "key");
    assert_eq!(files.len(), named(".cwasm").len() + named(".cwasm.mac").len() + named(".rec").len() + usize::from(key), "no temporary files left: {files:?}");
    (named(".cwasm"), named(".cwasm.mac"), named(".rec"), key)
}

#[test]
fn cache_is_written_reused_and_survives_corruption() {
    let path = common::wasm_path();
    let bytes = std::fs::read(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();

    let first = Runtime::from_bytes(&bytes, path.clone(), Some(dir.path())).unwrap();
    assert!(!first.cache_hit());
    assert!(first.cache_status().starts_with("compiled, stored"), "{}", first.cache_status());
    let (artifacts, macs, records, key) = cache_files(dir.path());
    assert_eq!((artifacts.len(), macs.len(), records.len(), key), (1, 1, 0, true), "bytes without a file: no record");
    let name = artifacts[0].file_name().unwrap().to_str().unwrap().to_string();
    assert!(name.starts_with(first.module_sha256()) && name.ends_with(".cwasm"), "{name}");
    let key_mode = std::fs::metadata(dir.path().join("key")).unwrap().permissions().mode() & 0o777;
    assert_eq!(key_mode, 0o600, "the key is the user's alone");

    let second = Runtime::from_bytes(&bytes, path.clone(), Some(dir.path())).unwrap();
    assert!(second.cache_hit(), "{}", second.cache_status());
    assert!(redacts(&second));

    std::fs::write(&artifacts[0], b"not a compiled component").unwrap();
    let third = Runtime::from_bytes(&bytes, path, Some(dir.path())).unwrap();
    assert!(!third.cache_hit(), "a corrupt artifact is recompiled");
    assert!(third.cache_status().contains("digest does not verify"), "{}", third.cache_status());
    assert!(redacts(&third));
    let fourth = Runtime::from_bytes(&bytes, common::wasm_path(), Some(dir.path())).unwrap();
    assert!(fourth.cache_hit(), "and rewritten");
}

/// A compiled artifact runs native code in the host: one that does not verify against the
/// component it claims to be is never loaded, whatever its name says.
#[test]
fn tampered_or_foreign_artifacts_are_not_loaded() {
    let path = common::wasm_path();
    let dir = tempfile::tempdir().unwrap();
    let stored = Runtime::load_file(path.clone(), Some(dir.path())).unwrap();
    assert!(!stored.cache_hit());
    let (artifacts, macs, records, _) = cache_files(dir.path());
    assert_eq!((artifacts.len(), records.len()), (1, 1), "a loaded file is recorded");
    let artifact = &artifacts[0];
    let good = std::fs::read(artifact).unwrap();

    // The fast path: the record vouches for both files.
    let fast = Runtime::load_file(path.clone(), Some(dir.path())).unwrap();
    assert!(fast.cache_hit(), "{}", fast.cache_status());
    assert_eq!(fast.module_sha256(), stored.module_sha256());

    // One byte changed, same size, same name: neither the record nor the digest vouches for it.
    let mut bad = good.clone();
    let at = bad.len() / 2;
    bad[at] ^= 0x55;
    std::fs::write(artifact, &bad).unwrap();
    let rt = Runtime::load_file(path.clone(), Some(dir.path())).unwrap();
    assert!(!rt.cache_hit(), "a tampered artifact is not loaded");
    assert!(rt.cache_status().starts_with("compiled, replaced") && rt.cache_status().contains("does not verify"), "{}", rt.cache_status());
    assert!(redacts(&rt));
    assert_eq!(std::fs::read(artifact).unwrap().len(), good.len(), "and it is rewritten");
    assert!(Runtime::load_file(path.clone(), Some(dir.path())).unwrap().cache_hit());

    // Right bytes, digest made with another key (another user's cache, or a forger without the key).
    std::fs::write(dir.path().join("key"), [7u8; 32]).unwrap();
    let rt = Runtime::load_file(path.clone(), Some(dir.path())).unwrap();
    assert!(!rt.cache_hit(), "{}", rt.cache_status());
    assert!(rt.cache_status().contains("does not verify"), "{}", rt.cache_status());

    // A digest copied from another component's artifact does not vouch for this one.
    std::fs::write(&macs[0], "00".repeat(32)).unwrap();
    let rt = Runtime::from_bytes(&std::fs::read(&path).unwrap(), path.clone(), Some(dir.path())).unwrap();
    assert!(!rt.cache_hit(), "{}", rt.cache_status());

    // A key others can read is not a key: the cache is not used at all.
    std::fs::set_permissions(dir.path().join("key"), std::fs::Permissions::from_mode(0o644)).unwrap();
    let rt = Runtime::load_file(path, Some(dir.path())).unwrap();
    assert!(!rt.cache_hit());
    assert!(rt.cache_status().contains("not private"), "{}", rt.cache_status());
}

/// A changed `.wasm` (same path) is hashed again: the record is for the file as it was.
#[test]
fn a_rewritten_wasm_is_hashed_again() {
    let dir = tempfile::tempdir().unwrap();
    let wasm = dir.path().join("egress_guard.wasm");
    std::fs::copy(common::wasm_path(), &wasm).unwrap();
    let cache = dir.path().join("cache");
    assert!(!Runtime::load_file(wasm.clone(), Some(&cache)).unwrap().cache_hit());
    assert!(Runtime::load_file(wasm.clone(), Some(&cache)).unwrap().cache_hit());
    let mut other = std::fs::read(&wasm).unwrap();
    other.extend_from_slice(b"\x00\x08\x07egguard"); // a custom section: another valid component
    std::fs::write(&wasm, &other).unwrap();
    let rt = Runtime::load_file(wasm, Some(&cache)).unwrap();
    use sha2::Digest;
    let want: String = sha2::Sha256::digest(&other).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(rt.module_sha256(), want, "{}", rt.cache_status());
}

#[test]
fn module_hash_is_the_sha256_of_the_file() {
    use sha2::Digest;
    let bytes = std::fs::read(common::wasm_path()).unwrap();
    let want: String = sha2::Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(common::runtime().module_sha256(), want);
}

#[test]
fn free_functions_work() {
    let rt = common::runtime();
    assert_eq!(rt.validate_policy("preset: dev\n").unwrap(), Ok(()));
    let err = rt.validate_policy("version: 2\n").unwrap().unwrap_err();
    assert!(err.contains("version") && err.contains("line 1"), "{err}");
    assert_eq!(rt.engine_version().unwrap(), env!("CARGO_PKG_VERSION"), "engine and host share the workspace version");
}

#[test]
fn explicit_wasm_path_must_exist() {
    let err = locate_wasm(Some(std::path::Path::new("/nonexistent/x.wasm"))).unwrap_err().to_string();
    assert!(err.contains("/nonexistent/x.wasm") && err.contains("scripts/build-wasm.sh"), "{err}");
}

#[test]
fn not_a_component_is_an_error_not_a_panic() {
    let err = Runtime::from_bytes(b"\0asm\x01\0\0\0", "core.wasm".into(), None).err().expect("rejected");
    assert!(format!("{err:#}").contains("core.wasm"), "{err:#}");
}
