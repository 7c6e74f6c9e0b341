//! The self-protection rule's slice of the policy (`rules.selfprotect`).
//!
//! ```yaml
//! rules:
//!   selfprotect:
//!     mode: block             # the same in every preset: it protects the guard, not data
//!     scopes: [args]
//!     paths: [/etc/egress-guard/]   # protected besides the built-in ones and the host's own files
//! ```

use serde::Serialize;

use super::{HostPaths, Rule};
use crate::rules::{RuleDef, SettingError};

rule_file! {
    /// `rules.selfprotect` as written.
    pub struct SelfprotectFile {
        /// Paths protected besides the built-in ones (`~/…`, `/…`, `**/…` at any depth).
        paths: Vec<String>,
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    pub paths: Vec<String>,
    /// What the host adds (`Guard::protect_paths`); not part of the policy.
    #[serde(skip)]
    pub host: HostPaths,
}

impl RuleDef for Rule {
    const CODE: &'static str = super::CODE;
    type File = SelfprotectFile;
    type Settings = Settings;
    const DEFAULTS: &'static str = "mode: block\nscopes: [args]\npaths: []\n";

    fn resolve(file: &SelfprotectFile) -> Result<Settings, SettingError> {
        let paths = file.paths.clone().unwrap_or_default();
        if let Some(bad) = paths.iter().find(|p| p.trim().is_empty()) {
            return Err(SettingError::new("paths", format!("'{bad}' is not a path")));
        }
        Ok(Settings { paths, host: HostPaths::default() })
    }

    fn build(settings: &Settings) -> Rule {
        Rule::new(&settings.paths, &settings.host)
    }
}
