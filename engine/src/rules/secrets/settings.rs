//! The secrets rule's slice of the policy (`rules.secrets`).
//!
//! ```yaml
//! rules:
//!   secrets:
//!     mode: redact            # off | warn | redact | approve | block
//!     scopes: [args, result, reply]
//!     allowlist: []           # regexes: a flagged value matching one is left alone
//!     exempt: []              # tool classes left alone, e.g. [file_write]
//!     known_values:           # the user's own secrets, collected by the host, redacted by value
//!       env: true             # values of the host's credential-named environment variables
//!       hermes_env: true      # credentials in $HERMES_HOME/.env
//!       files: []             # more files whose credentials are added, e.g. [~/.netrc, ~/.pgpass]
//! ```
//!
//! On in every scope by default, like the seed: a credential is egress wherever it goes, and
//! redacting a fake costs nothing. `known_values` is read by the hosts (the engine reads no
//! file and no environment): they collect the values and hand them over with
//! `Guard::add_known_values` (WIT `guard.add-known-values`).

use serde::{Deserialize, Serialize};

use super::Rule;
use crate::rules::{RuleDef, SettingError};

/// `rules.secrets.known_values` as written.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownValuesFile {
    pub env: Option<bool>,
    pub hermes_env: Option<bool>,
    pub files: Option<Vec<String>>,
}

rule_file! {
    /// `rules.secrets` as written.
    pub struct SecretsFile {
        known_values: KnownValuesFile,
    }
}

/// Where a host collects the user's own secrets for the engine to redact by value.
#[derive(Clone, Debug, Serialize)]
pub struct KnownValues {
    /// Values of the host process's environment variables with credential names.
    pub env: bool,
    /// Credentials in `$HERMES_HOME/.env`.
    pub hermes_env: bool,
    /// Files (`~` expanded by the host) whose credentials are added.
    pub files: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    pub known_values: KnownValues,
}

impl RuleDef for Rule {
    const CODE: &'static str = super::CODE;
    type File = SecretsFile;
    type Settings = Settings;
    const DEFAULTS: &'static str = "mode: redact\nscopes: [args, result, reply]\nknown_values: {env: true, hermes_env: true, files: []}\n";

    fn resolve(file: &SecretsFile) -> Result<Settings, SettingError> {
        let k = file.known_values.clone().unwrap_or_default();
        let files = k.files.unwrap_or_default();
        if files.iter().any(|f| f.trim().is_empty()) {
            return Err(SettingError::new("known_values", "files: an empty path"));
        }
        Ok(Settings { known_values: KnownValues { env: k.env.unwrap_or(true), hermes_env: k.hermes_env.unwrap_or(true), files } })
    }

    /// Builds the keyword automaton once per process, so the first inspected string does not pay
    /// for it (each detector's regex compiles the first time one of its keywords occurs).
    fn build(_settings: &Settings) -> Rule {
        super::compiled();
        Rule
    }
}
