//! Verdicts and their canonical JSON live in the `egress-guard-verdict` crate, which hosts use
//! without linking the engine; re-exported here so the engine's paths stay as they were.

pub use egress_guard_verdict::*;
