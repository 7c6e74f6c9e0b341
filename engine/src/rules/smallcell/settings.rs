//! The small-cell rule's slice of the policy (`rules.smallcell`).
//!
//! ```yaml
//! rules:
//!   smallcell:
//!     mode: redact
//!     scopes: [args, reply]   # add `result` to hide small cells from the model too
//!     threshold: 5            # counts from min_value to threshold - 1 are primaries
//!     min_value: 1            # set 0 to flag zero cells
//!     method: suppress        # suppress | round (random rounding to base 5)
//!     protection: 5           # minimum width of every hidden count's attacker interval (default: threshold)
//!     prose: false            # also small counts in sentences ("only 3 patients in Peace Valley")
//! ```
//!
//! The `research-data` preset raises the threshold to 10, adds tool results and turns `prose` on
//! (elsewhere `git commit -m "fix 2 cases"` must stay as written).

use serde::{Deserialize, Serialize};

use super::Rule;
use crate::rules::{RuleDef, SettingError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CellMethod {
    Suppress,
    Round,
}

rule_file! {
    /// `rules.smallcell` as written.
    pub struct SmallcellFile {
        threshold: u64,
        min_value: u64,
        method: CellMethod,
        protection: u64,
        prose: bool,
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    pub threshold: u64,
    pub min_value: u64,
    pub method: CellMethod,
    pub protection: u64,
    pub prose: bool,
}

impl RuleDef for Rule {
    const CODE: &'static str = super::CODE;
    type File = SmallcellFile;
    type Settings = Settings;
    const DEFAULTS: &'static str = "mode: redact\nscopes: [args, reply]\nthreshold: 5\nmin_value: 1\nmethod: suppress\nprose: false\n";
    const PRESETS: &'static [(&'static str, &'static str)] =
        &[("research-data", "threshold: 10\nscopes: [args, result, reply]\nprose: true\n"), ("dev", "mode: \"off\"\n")];

    fn resolve(file: &SmallcellFile) -> Result<Settings, SettingError> {
        let threshold = file.threshold.unwrap_or(5);
        if threshold < 2 {
            return Err(SettingError::new("threshold", "must be at least 2"));
        }
        let min_value = file.min_value.unwrap_or(1);
        if min_value >= threshold {
            return Err(SettingError::new("min_value", format!("must be below threshold ({threshold})")));
        }
        let protection = file.protection.unwrap_or(threshold);
        if protection == 0 {
            return Err(SettingError::new("protection", "must be at least 1"));
        }
        Ok(Settings {
            threshold,
            min_value,
            method: file.method.unwrap_or(CellMethod::Suppress),
            protection,
            prose: file.prose.unwrap_or(false),
        })
    }

    fn build(s: &Settings) -> Rule {
        Rule { threshold: s.threshold, min_value: s.min_value, method: s.method, protection: s.protection, prose: s.prose }
    }
}
