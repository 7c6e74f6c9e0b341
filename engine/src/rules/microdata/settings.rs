//! The microdata rule's slice of the policy (`rules.microdata`).
//!
//! ```yaml
//! rules:
//!   microdata:
//!     mode: warn              # audit only by default
//!     scopes: [args, reply]
//!     max_rows: 20            # more data rows than this with an ID-like column is record-level
//! ```

use serde::Serialize;

use super::Rule;
use crate::rules::{RuleDef, SettingError};

rule_file! {
    /// `rules.microdata` as written.
    pub struct MicrodataFile {
        max_rows: u64,
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    pub max_rows: u64,
}

impl RuleDef for Rule {
    const CODE: &'static str = super::CODE;
    type File = MicrodataFile;
    type Settings = Settings;
    const DEFAULTS: &'static str = "mode: warn\nscopes: [args, reply]\nmax_rows: 20\n";
    const PRESETS: &'static [(&'static str, &'static str)] = &[("dev", "mode: \"off\"\n")];

    fn resolve(file: &MicrodataFile) -> Result<Settings, SettingError> {
        Ok(Settings { max_rows: file.max_rows.unwrap_or(20) })
    }

    fn build(settings: &Settings) -> Rule {
        Rule { max_rows: settings.max_rows }
    }
}
