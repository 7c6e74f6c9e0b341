//! The network rule's slice of the policy (`rules.network`).
//!
//! ```yaml
//! rules:
//!   network:
//!     mode: approve           # research-data: block
//!     scopes: [args]
//!     match: uploads          # uploads | any_host (also plain requests to unlisted hosts)
//!     allowed_hosts: [localhost, 127.0.0.1, "::1"]   # subdomains of a listed host are allowed too
//! ```

use serde::{Deserialize, Serialize};

use super::Rule;
use super::dest::Allowed;
use crate::rules::{RuleDef, SettingError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NetworkMatch {
    Uploads,
    AnyHost,
}

rule_file! {
    /// `rules.network` as written.
    pub struct NetworkFile {
        allowed_hosts: Vec<String>,
        #[serde(rename = "match")]
        match_: NetworkMatch,
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    pub allowed_hosts: Vec<String>,
    #[serde(rename = "match")]
    pub match_: NetworkMatch,
}

impl RuleDef for Rule {
    const CODE: &'static str = super::CODE;
    type File = NetworkFile;
    type Settings = Settings;
    const DEFAULTS: &'static str = "mode: approve\nscopes: [args]\nmatch: uploads\nallowed_hosts: [localhost, 127.0.0.1, \"::1\"]\n";
    const PRESETS: &'static [(&'static str, &'static str)] = &[("research-data", "mode: block\n"), ("dev", "mode: \"off\"\n")];

    fn resolve(file: &NetworkFile) -> Result<Settings, SettingError> {
        let allowed_hosts = file.allowed_hosts.clone().unwrap_or_default();
        if let Some(bad) = allowed_hosts.iter().find(|h| h.trim().is_empty() || h.contains(char::is_whitespace)) {
            return Err(SettingError::new("allowed_hosts", format!("'{bad}' is not a host name")));
        }
        Ok(Settings { allowed_hosts, match_: file.match_.unwrap_or(NetworkMatch::Uploads) })
    }

    fn build(s: &Settings) -> Rule {
        Rule { allowed: Allowed::new(&s.allowed_hosts), any_host: s.match_ == NetworkMatch::AnyHost }
    }
}
