#![no_main]
//! cargo fuzz target `principle`: see `common::principle` for what it builds and checks.

mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::principle(data));
