//! The microdata rule's slice of the policy (`rules.microdata`).
//!
//! ```yaml
//! rules:
//!   microdata:
//!     mode: warn              # audit only by default
//!     scopes: [args, reply]
//!     max_rows: 20            # more data rows than this with an ID-like column is record-level
//!     identified_rows: 1      # a direct person identifier (MRN, NHS number, patient_id) from this many rows
//!     quasi_rows: 10          # rows of person attributes (age, sex, postcode, dates, diagnoses) from this many
//! ```

use serde::Serialize;

use super::Rule;
use crate::rules::{RuleDef, SettingError};

rule_file! {
    /// `rules.microdata` as written.
    pub struct MicrodataFile {
        max_rows: u64,
        identified_rows: u64,
        quasi_rows: u64,
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    pub max_rows: u64,
    pub identified_rows: u64,
    pub quasi_rows: u64,
}

impl RuleDef for Rule {
    const CODE: &'static str = super::CODE;
    type File = MicrodataFile;
    type Settings = Settings;
    const DEFAULTS: &'static str = "mode: warn\nscopes: [args, reply]\nmax_rows: 20\nidentified_rows: 1\nquasi_rows: 10\n";
    const PRESETS: &'static [(&'static str, &'static str)] = &[("dev", "mode: \"off\"\n")];

    fn resolve(file: &MicrodataFile) -> Result<Settings, SettingError> {
        let at_least_one = |v: Option<u64>, key: &'static str, default: u64| match v.unwrap_or(default) {
            0 => Err(SettingError::new(key, "must be at least 1")),
            n => Ok(n),
        };
        Ok(Settings {
            max_rows: file.max_rows.unwrap_or(20),
            identified_rows: at_least_one(file.identified_rows, "identified_rows", 1)?,
            quasi_rows: at_least_one(file.quasi_rows, "quasi_rows", 10)?,
        })
    }

    fn build(settings: &Settings) -> Rule {
        Rule { max_rows: settings.max_rows, identified_rows: settings.identified_rows, quasi_rows: settings.quasi_rows }
    }
}
