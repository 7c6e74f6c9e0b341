//! The personal-data rule's slice of the policy (`rules.pii`).
//!
//! ```yaml
//! rules:
//!   pii:
//!     mode: warn              # audit only by default: a developer's own git e-mail is not stopped
//!     scopes: [args, result, reply]
//!     kinds: [email, phone]   # the kinds to look for; all when unset
//!     allowlist: []           # regexes: a flagged value matching one is left alone
//! ```
//!
//! The `research-data` preset redacts in all three scopes (a direct identifier in an output is as
//! serious as a small count); `dev` turns the rule off.

use serde::Serialize;

use super::{Kind, Rule};
use crate::rules::{RuleDef, SettingError};

rule_file! {
    /// `rules.pii` as written.
    pub struct PiiFile {
        /// The kinds of personal data to look for (all when unset); names as in findings.
        kinds: Vec<String>,
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    /// The kinds looked for, in the engine's order.
    pub kinds: Vec<&'static str>,
}

impl RuleDef for Rule {
    const CODE: &'static str = super::CODE;
    type File = PiiFile;
    type Settings = Settings;
    const DEFAULTS: &'static str = "mode: warn\nscopes: [args, result, reply]\n";
    const PRESETS: &'static [(&'static str, &'static str)] =
        &[("research-data", "mode: redact\nscopes: [args, result, reply]\n"), ("dev", "mode: \"off\"\n")];

    fn resolve(file: &PiiFile) -> Result<Settings, SettingError> {
        let Some(names) = &file.kinds else {
            return Ok(Settings { kinds: Kind::ALL.iter().map(|k| k.as_str()).collect() });
        };
        let mut kinds = Vec::with_capacity(names.len());
        for name in names {
            let Some(kind) = Kind::parse(name) else {
                let known: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
                return Err(SettingError::new("kinds", format!("unknown kind '{name}' (known: {})", known.join(", "))));
            };
            kinds.push(kind);
        }
        kinds.sort_unstable();
        kinds.dedup();
        Ok(Settings { kinds: kinds.into_iter().map(Kind::as_str).collect() })
    }

    /// Builds the cue automatons once per process, so the first inspected string does not pay
    /// for it (the phone numbering plans stay lazy: a region's pattern is compiled when a number
    /// first asks for it).
    fn build(settings: &Settings) -> Rule {
        super::cues::warm();
        let kinds: Vec<Kind> = settings.kinds.iter().filter_map(|k| Kind::parse(k)).collect();
        Rule::new(&kinds)
    }
}

#[cfg(test)]
mod tests {
    use crate::policy::{Mode, Policy};
    use crate::rules::pii::Kind;
    use crate::verdict::Scope;

    #[test]
    fn warns_by_default_redacts_for_research_data_and_chooses_kinds() {
        let p = Policy::parse("", None).unwrap();
        assert_eq!(p.rules.pii.common.mode, Mode::Warn);
        assert_eq!(p.rules.pii.common.scopes, vec![Scope::Args, Scope::Result, Scope::Reply]);
        assert_eq!(p.rules.pii.kinds.len(), Kind::ALL.len());
        let p = Policy::parse("preset: research-data\n", None).unwrap();
        assert_eq!(p.rules.pii.common.mode, Mode::Redact);
        assert_eq!(p.rules.pii.common.scopes, vec![Scope::Args, Scope::Result, Scope::Reply]);
        assert_eq!(Policy::parse("preset: dev\n", None).unwrap().rules.pii.common.mode, Mode::Off);
        let p = Policy::parse("rules:\n  pii:\n    kinds: [phone, email, phone]\n", None).unwrap();
        assert_eq!(p.rules.pii.kinds, vec!["email", "phone"]);
        let err = Policy::parse("rules:\n  pii:\n    mode: redact\n    kinds: [phone, passport]\n", None).unwrap_err().to_string();
        assert!(err.contains("rules.pii.kinds: unknown kind 'passport'") && err.contains("line 4"), "{err}");
    }
}
