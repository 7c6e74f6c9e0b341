//! Finding and reading the policy file. Shared by every CLI command (and the coming `vet`).
//!
//! Reading never fails: an unreadable file gives the built-in defaults (an empty policy text)
//! plus the reason, exactly like an invalid file does inside the engine. The guard is never "off".

use std::path::{Path, PathBuf};

/// A policy text and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicySource {
    /// The YAML text handed to the engine (empty = the built-in defaults).
    pub text: String,
    /// What `status` shows as the policy's source: the file path, or `built-in defaults`.
    pub source: String,
    /// Why the named file could not be read (the defaults are then in force).
    pub read_error: Option<String>,
}

impl PolicySource {
    /// The built-in defaults.
    pub fn defaults() -> PolicySource {
        PolicySource { text: String::new(), source: "built-in defaults".into(), read_error: None }
    }

    /// Read `path`; an unreadable file yields the defaults and the reason.
    pub fn read(path: &Path) -> PolicySource {
        let source = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => PolicySource { text, source, read_error: None },
            Err(e) => {
                PolicySource { text: String::new(), read_error: Some(format!("cannot read policy file {source}: {e}; using the built-in defaults")), source }
            }
        }
    }

    /// The one lookup order every host follows (`docs/contracts.md`): `explicit` (`--policy`),
    /// else `$EGRESS_GUARD_POLICY`, else `egress-guard.yaml` in the Hermes home
    /// (`$HERMES_HOME`, else `~/.hermes`) if it exists, else the built-in defaults.
    pub fn resolve(explicit: Option<&Path>) -> PolicySource {
        if let Some(path) = explicit {
            return PolicySource::read(path);
        }
        if let Some(path) = std::env::var_os("EGRESS_GUARD_POLICY").filter(|p| !p.is_empty()) {
            return PolicySource::read(Path::new(&path));
        }
        match hermes_home().map(|home| home.join("egress-guard.yaml")) {
            Some(path) if path.is_file() => PolicySource::read(&path),
            _ => PolicySource::defaults(),
        }
    }
}

/// The Hermes home: `$HERMES_HOME`, else `~/.hermes`.
pub fn hermes_home() -> Option<PathBuf> {
    let var = |name| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("HERMES_HOME").or_else(|| var("HOME").map(|h| h.join(".hermes")))
}
