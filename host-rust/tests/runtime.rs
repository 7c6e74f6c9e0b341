//! Loading the component: the compiled-artifact cache and locating the `.wasm`.

mod common;

use egress_guard::{Guard, PolicySource, Runtime, locate_wasm};

fn redacts(rt: &Runtime) -> bool {
    let mut g = Guard::new(rt, &PolicySource::defaults(), None).unwrap();
    g.inspect_reply("key AKIAQYLPMN5HFIQR7XYZ").unwrap().is_some_and(|v| v.output.is_some())
}

#[test]
fn cache_is_written_reused_and_survives_corruption() {
    let path = common::wasm_path();
    let bytes = std::fs::read(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();

    let first = Runtime::from_bytes(&bytes, path.clone(), Some(dir.path())).unwrap();
    assert!(!first.cache_hit());
    assert!(first.cache_status().starts_with("compiled, stored"), "{}", first.cache_status());
    let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "one artifact, no temporary files left: {files:?}");
    let name = files[0].file_name().unwrap().to_str().unwrap().to_string();
    assert!(name.starts_with(first.module_sha256()) && name.ends_with(".cwasm"), "{name}");

    let second = Runtime::from_bytes(&bytes, path.clone(), Some(dir.path())).unwrap();
    assert!(second.cache_hit(), "{}", second.cache_status());
    assert!(redacts(&second));

    std::fs::write(&files[0], b"not a compiled component").unwrap();
    let third = Runtime::from_bytes(&bytes, path, Some(dir.path())).unwrap();
    assert!(!third.cache_hit(), "a corrupt artifact is recompiled");
    assert!(redacts(&third));
    let fourth = Runtime::from_bytes(&bytes, common::wasm_path(), Some(dir.path())).unwrap();
    assert!(fourth.cache_hit(), "and rewritten");
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
