//! The secrets rule's slice of the policy (`rules.secrets`).
//!
//! ```yaml
//! rules:
//!   secrets:
//!     mode: redact            # off | warn | redact | approve | block
//!     scopes: [args, result, reply]
//!     allowlist: []           # regexes: a flagged value matching one is left alone
//!     exempt: []              # tool classes left alone, e.g. [file_write]
//! ```
//!
//! On in every scope by default, like the seed: a credential is egress wherever it goes, and
//! redacting a fake costs nothing.

use serde::Serialize;

use super::Rule;
use crate::rules::{RuleDef, SettingError};

rule_file! {
    /// `rules.secrets` as written.
    pub struct SecretsFile {}
}

/// The secrets rule has no settings of its own yet.
#[derive(Clone, Debug, Serialize)]
pub struct Settings {}

impl RuleDef for Rule {
    const CODE: &'static str = super::CODE;
    type File = SecretsFile;
    type Settings = Settings;
    const DEFAULTS: &'static str = "mode: redact\nscopes: [args, result, reply]\n";

    fn resolve(_file: &SecretsFile) -> Result<Settings, SettingError> {
        Ok(Settings {})
    }

    /// Compiles the detectors once per process, so the first inspected string does not pay for it.
    fn build(_settings: &Settings) -> Rule {
        super::compiled();
        Rule
    }
}
