//! The user's own secrets, collected for the engine to redact by value
//! (`rules.secrets.known_values`).
//!
//! The engine reads no file and no environment (it is a sandboxed component), so the host
//! gathers what the policy names and hands it over with [`Guard::add_known_values`]: every
//! environment variable as `(name, value)` (the engine keeps only credential names: `*_TOKEN`,
//! `*_PASSWORD`, `SSHPASS`...), `$HERMES_HOME/.env` (`~/.hermes/.env`) and each listed file as
//! `("file:<path>", text)` (the engine keeps the credentials it finds in the text and the values
//! assigned to credential names). Nothing here is logged; unreadable files are skipped. The
//! Python host's `egress_guard.known` collects the same.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::Guard;

/// Largest file read (a credentials file is small; a huge one is not what the policy meant).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The entries `settings` (the `known_values` object of the status's `rules.secrets`) asks for,
/// from `env` and, for `hermes_env`, `hermes_home`'s `.env`.
pub fn collect(settings: &Value, env: impl IntoIterator<Item = (String, String)>, hermes_home: Option<&Path>) -> Vec<(String, String)> {
    let on = |key: &str| settings.get(key).and_then(Value::as_bool).unwrap_or(true);
    let mut entries: Vec<(String, String)> = if on("env") { env.into_iter().collect() } else { Vec::new() };
    let mut files: Vec<PathBuf> = hermes_home.filter(|_| on("hermes_env")).map(|h| h.join(".env")).into_iter().collect();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    for f in settings.get("files").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
        files.push(match (f.strip_prefix("~/"), &home) {
            (Some(rest), Some(h)) => h.join(rest),
            _ => PathBuf::from(f),
        });
    }
    for path in files {
        let small = std::fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() <= MAX_FILE_BYTES);
        if let Some(text) = small.then(|| std::fs::read(&path).ok()).flatten() {
            entries.push((format!("file:{}", path.display()), String::from_utf8_lossy(&text).into_owned()));
        }
    }
    entries
}

/// Collect what the guard's policy names (from this process's environment and the Hermes home)
/// and hand it to the guard: how many values it kept.
pub fn add_from_policy(guard: &mut Guard) -> crate::Result<u32> {
    let status = guard.status()?;
    let settings = status.pointer("/rules/secrets/known_values").cloned().unwrap_or(Value::Null);
    let env = std::env::vars_os().filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)));
    let entries = collect(&settings, env, crate::policy_source::hermes_home().as_deref());
    guard.add_known_values(&entries)
}
