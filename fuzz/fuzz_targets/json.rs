#![no_main]
//! cargo fuzz target `json`: see `common.rs` for what it builds and checks.

mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::json(data));
