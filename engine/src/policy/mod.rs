//! Policies: YAML parsed inside the engine so every host reads a policy the same way.
//!
//! Resolution is `built-in defaults ← preset ← your file`, merged field by field (nested
//! settings merge, lists replace). The defaults and presets are themselves YAML, parsed by the
//! same code: the top-level ones here, each rule's slice in its own folder
//! (`rules/<id>/settings.rs`), the tool table in [`crate::tools`].
//!
//! An invalid file never turns the guard off, and never protects less than the preset it names:
//! [`Policy::load`] falls back to that preset (or to the defaults when it names none) and returns
//! the reason, naming the key and the line ([`locate`]).

pub mod locate;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::rules::{Rules, RulesFile};
use crate::session::settings::{BoundsFile, GrantFile, LabelsFile, OnApprovalFile, PlaceholdersFile, SessionFiles, SessionPolicy, merge};
use crate::tools::{self, ToolClass, ToolFile, Tools};
use crate::verdict::{Action, Scope};

pub use crate::verdict::FailMode;

/// The built-in top-level settings (each rule's defaults live with the rule).
pub const BUILTIN_DEFAULTS: &str = r#"
fail_mode: open
max_scan_bytes: 1048576
allowlist: []
audit:
  enabled: true
"#;

/// Named presets: a starting point your own settings override. What each sets is in the
/// rules' slices (`RuleDef::PRESETS`).
pub const PRESETS: &[&str] = &["research-data", "dev"];

/// Upper bound for `max_scan_bytes`: the engine's per-call fuel budget is sized for this.
pub const MAX_SCAN_BYTES_LIMIT: u64 = 16 * 1024 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Off,
    Warn,
    Redact,
    Approve,
    Block,
}

impl Mode {
    /// The action a finding of a rule in this mode carries (`None` when the rule is off).
    pub fn action(self) -> Option<Action> {
        match self {
            Mode::Off => None,
            Mode::Warn => Some(Action::Warn),
            Mode::Redact => Some(Action::Redact),
            Mode::Approve => Some(Action::Approve),
            Mode::Block => Some(Action::Block),
        }
    }
}

// ---- The file as written: every field optional, unknown keys rejected. ----

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyFile {
    pub version: Option<u32>,
    pub preset: Option<String>,
    pub fail_mode: Option<FailMode>,
    pub max_scan_bytes: Option<u64>,
    pub allowlist: Option<Vec<String>>,
    pub audit: Option<AuditFile>,
    /// Tools by name: their class and the fields that hold commands, code, URLs or paths.
    pub tools: Option<BTreeMap<String, ToolFile>>,
    pub rules: Option<RulesFile>,
    /// The session sections (`crate::session::settings`).
    pub placeholders: Option<PlaceholdersFile>,
    pub labels: Option<LabelsFile>,
    pub grants: Option<Vec<GrantFile>>,
    pub grants_on_approval: Option<OnApprovalFile>,
    pub sessions: Option<BoundsFile>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditFile {
    pub enabled: Option<bool>,
    pub path: Option<String>,
}

/// The settings every rule has, as written.
#[derive(Clone, Debug, Default)]
pub struct CommonFile {
    pub mode: Option<Mode>,
    pub scopes: Option<Vec<Scope>>,
    pub allowlist: Option<Vec<String>>,
    pub exempt: Option<Vec<ToolClass>>,
}

/// Field-by-field merge: `top` wins where it sets a value; nested settings merge.
pub trait Overlay {
    fn overlay(self, top: Self) -> Self;
}

impl Overlay for PolicyFile {
    fn overlay(self, top: Self) -> Self {
        PolicyFile {
            version: top.version.or(self.version),
            preset: top.preset.or(self.preset),
            fail_mode: top.fail_mode.or(self.fail_mode),
            max_scan_bytes: top.max_scan_bytes.or(self.max_scan_bytes),
            allowlist: top.allowlist.or(self.allowlist),
            audit: match (self.audit, top.audit) {
                (Some(b), Some(t)) => Some(AuditFile { enabled: t.enabled.or(b.enabled), path: t.path.or(b.path) }),
                (b, t) => t.or(b),
            },
            // Tools merge entry by entry: a policy adds or replaces single tools.
            tools: match (self.tools, top.tools) {
                (Some(mut b), Some(t)) => {
                    b.extend(t);
                    Some(b)
                }
                (b, t) => t.or(b),
            },
            rules: match (self.rules, top.rules) {
                (Some(b), Some(t)) => Some(b.overlay(t)),
                (b, t) => t.or(b),
            },
            placeholders: merge(self.placeholders, top.placeholders),
            labels: merge(self.labels, top.labels),
            grants: top.grants.or(self.grants),
            grants_on_approval: merge(self.grants_on_approval, top.grants_on_approval),
            sessions: merge(self.sessions, top.sessions),
        }
    }
}

// ---- The effective policy: every value resolved. ----

/// The settings every rule has, resolved.
#[derive(Clone, Debug, Serialize)]
pub struct RuleCommon {
    pub mode: Mode,
    pub scopes: Vec<Scope>,
    pub allowlist: Vec<String>,
    /// Tool classes whose calls this rule leaves alone (say `file_write` for local writes).
    pub exempt: Vec<ToolClass>,
}

impl RuleCommon {
    /// The action this rule's findings carry in `scope`, or `None` when it does not run there.
    pub fn action_in(&self, scope: Scope) -> Option<Action> {
        if self.scopes.contains(&scope) { self.mode.action() } else { None }
    }

    pub fn resolve(id: &'static str, file: CommonFile) -> Result<RuleCommon, Located> {
        let allowlist = file.allowlist.unwrap_or_default();
        check_regexes(&allowlist, vec!["rules".into(), id.into(), "allowlist".into()], &format!("rules.{id}.allowlist"))?;
        let mut scopes = file.scopes.unwrap_or_default();
        scopes.dedup();
        Ok(RuleCommon { mode: file.mode.unwrap_or(Mode::Off), scopes, allowlist, exempt: file.exempt.unwrap_or_default() })
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct AuditPolicy {
    pub enabled: bool,
    pub path: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Policy {
    pub preset: Option<String>,
    pub fail_mode: FailMode,
    pub max_scan_bytes: u64,
    pub allowlist: Vec<String>,
    pub audit: AuditPolicy,
    pub tools: Tools,
    pub rules: Rules,
    /// What sessions keep and how (placeholders, labels, grants, bounds).
    pub session: SessionPolicy,
}

/// Why a policy text was rejected: the dotted key, its line (when the text shows it) and what
/// is wrong. Displayed as one line: `<message> (line N)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyError {
    /// The dotted key the error is about (`rules.smallcell.threshold`), when known.
    pub key: Option<String>,
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for PolicyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        match self.line {
            Some(line) if !self.message.contains("line") => write!(f, " (line {line})"),
            _ => Ok(()),
        }
    }
}

/// A semantic error found while resolving: the key path and the message (its line is looked up
/// in the text afterwards).
#[derive(Debug)]
pub struct Located {
    pub path: Vec<String>,
    pub message: String,
}

impl Located {
    pub fn new(path: Vec<&str>, message: String) -> Located {
        Located { path: path.into_iter().map(str::to_string).collect(), message }
    }

    fn in_text(self, text: &str) -> PolicyError {
        let path: Vec<&str> = self.path.iter().map(String::as_str).collect();
        PolicyError { key: Some(self.path.join(".")), line: locate::line_of_key(text, &path), message: self.message }
    }
}

impl Policy {
    /// The built-in defaults.
    pub fn builtin() -> Policy {
        Policy::resolve_file(PolicyFile::default(), None).expect("built-in defaults resolve")
    }

    /// Parse and resolve a policy text. `preset` overrides the file's `preset:` key.
    /// On any error the reason, and instead of the file: the preset it names (or `preset`), when
    /// that preset is known, else the built-in defaults. Never "off", never weaker than the
    /// preset the file asked for.
    pub fn load(text: &str, preset: Option<&str>) -> (Policy, Option<PolicyError>) {
        match Policy::parse(text, preset) {
            Ok(policy) => (policy, None),
            Err(err) => {
                let named = preset.map(str::to_string).or_else(|| locate::top_level_scalar(text, "preset"));
                let fallback = named.filter(|n| PRESETS.contains(&n.as_str()));
                let file = PolicyFile { preset: fallback.clone(), ..PolicyFile::default() };
                let policy = Policy::resolve_file(file, None).expect("built-in presets resolve");
                (policy, Some(err))
            }
        }
    }

    /// Parse and resolve a policy text, or say exactly what is wrong with it.
    pub fn parse(text: &str, preset: Option<&str>) -> Result<Policy, PolicyError> {
        let mut user = parse_file(text)?;
        if let Some(p) = preset {
            user.preset = Some(p.to_string());
        }
        if let Some(v) = user.version
            && v != 1
        {
            return Err(Located::new(vec!["version"], format!("version: unsupported policy version {v} (this engine reads version 1)")).in_text(text));
        }
        if let Some(name) = user.preset.as_deref()
            && !PRESETS.contains(&name)
        {
            let msg = format!("preset: unknown preset '{name}' (known: {})", PRESETS.join(", "));
            return Err(Located::new(vec!["preset"], msg).in_text(text));
        }
        Policy::resolve_file(user, Some(text))
    }

    /// Defaults ← the preset `user` names ← `user`, resolved. `text` locates errors.
    fn resolve_file(user: PolicyFile, text: Option<&str>) -> Result<Policy, PolicyError> {
        let base = builtin_base(user.preset.as_deref());
        resolve(base.overlay(user)).map_err(|e| e.in_text(text.unwrap_or("")))
    }
}

/// The built-in defaults in file form, under the preset `name` (if it is one): what every
/// policy is laid over. The defaults are parsed once per process, so a host that builds several guards (a pool, a
/// policy reload) parses only the user's own text for each. (Not at build time with
/// `crate::warm_up`: the YAML parser keeps a hashed map per thread, which asks the host for a
/// random seed.)
fn builtin_base(preset: Option<&str>) -> PolicyFile {
    static DEFAULTS: OnceLock<PolicyFile> = OnceLock::new();
    let mut base = DEFAULTS
        .get_or_init(|| {
            let mut base = parse_yaml::<PolicyFile>(BUILTIN_DEFAULTS).expect("built-in defaults parse");
            base.tools = Some(parse_yaml(tools::DEFAULTS).expect("built-in tool table parses"));
            base.rules = Some(RulesFile::defaults());
            base
        })
        .clone();
    if let Some(name) = preset {
        base.rules = base.rules.map(|r| r.overlay(RulesFile::preset(name)));
    }
    base
}

/// Parse YAML into the all-optional file form. Empty or comment-only text is an empty policy.
pub fn parse_file(text: &str) -> Result<PolicyFile, PolicyError> {
    let has_content = text.lines().any(|l| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#') && t != "---" && t != "..."
    });
    if !has_content {
        return Ok(PolicyFile::default());
    }
    parse_yaml(text)
}

/// Parse one YAML document into `T`, with errors that name the key and the line.
pub fn parse_yaml<T: DeserializeOwned>(text: &str) -> Result<T, PolicyError> {
    serde_saphyr::from_str::<T>(text).map_err(|e| describe_yaml_error(text, &e))
}

/// The dotted key the parser stopped at, its message, and where it points.
fn describe_yaml_error(text: &str, err: &serde_saphyr::Error) -> PolicyError {
    let plain = err.without_snippet().to_string();
    let first = plain.lines().next().unwrap_or("invalid policy").trim().to_string();
    let Some(loc) = err.location() else {
        return PolicyError { key: None, line: None, message: first };
    };
    let line = loc.line() as usize;
    let key = locate::key_at_line(text, line);
    let prefix = key.as_deref().map(|k| format!("{k}: ")).unwrap_or_default();
    let message = if first.contains("line") { format!("{prefix}{first}") } else { format!("{prefix}{first} (line {line}, column {})", loc.column()) };
    PolicyError { key, line: Some(line), message }
}

fn resolve(file: PolicyFile) -> Result<Policy, Located> {
    let audit = file.audit.unwrap_or_default();
    let max_scan_bytes = file.max_scan_bytes.unwrap_or(1 << 20);
    if max_scan_bytes == 0 || max_scan_bytes > MAX_SCAN_BYTES_LIMIT {
        return Err(Located::new(vec!["max_scan_bytes"], format!("max_scan_bytes: must be between 1 and {MAX_SCAN_BYTES_LIMIT}")));
    }
    let allowlist = file.allowlist.unwrap_or_default();
    check_regexes(&allowlist, vec!["allowlist".into()], "allowlist")?;
    Ok(Policy {
        preset: file.preset,
        fail_mode: file.fail_mode.unwrap_or(FailMode::Open),
        max_scan_bytes,
        allowlist,
        audit: AuditPolicy { enabled: audit.enabled.unwrap_or(true), path: audit.path },
        tools: Tools::resolve(file.tools.unwrap_or_default()),
        rules: file.rules.unwrap_or_default().resolve()?,
        session: SessionFiles {
            placeholders: file.placeholders,
            labels: file.labels,
            grants: file.grants,
            grants_on_approval: file.grants_on_approval,
            sessions: file.sessions,
        }
        .resolve()?,
    })
}

fn check_regexes(patterns: &[String], path: Vec<String>, key: &str) -> Result<(), Located> {
    for p in patterns {
        if let Err(e) = regex::RegexBuilder::new(p).size_limit(1 << 20).build() {
            let first = e.to_string().lines().last().unwrap_or("invalid regex").trim().to_string();
            return Err(Located { path, message: format!("{key}: invalid regex '{p}': {first}") });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_text_is_the_builtin_defaults() {
        let p = Policy::parse("# nothing set\n", None).unwrap();
        assert_eq!(p.rules.secrets.common.mode, Mode::Redact);
        assert_eq!(p.rules.secrets.common.scopes, vec![Scope::Args, Scope::Result, Scope::Reply]);
        assert_eq!(p.rules.smallcell.common.scopes, vec![Scope::Args, Scope::Reply]);
        assert_eq!(p.rules.smallcell.threshold, 5);
        assert_eq!(p.rules.smallcell.protection, 5);
        assert_eq!(p.rules.microdata.common.mode, Mode::Warn);
        assert_eq!(p.rules.microdata.max_rows, 20);
        assert_eq!(p.rules.network.common.mode, Mode::Approve);
        assert_eq!(p.rules.network.common.scopes, vec![Scope::Args]);
        assert_eq!(p.fail_mode, FailMode::Open);
        assert_eq!(p.max_scan_bytes, 1 << 20);
    }

    #[test]
    fn preset_then_user_settings_merge_nested() {
        let text = "preset: research-data\nrules:\n  network:\n    allowed_hosts: [data.internal]\n";
        let p = Policy::parse(text, None).unwrap();
        assert_eq!(p.rules.network.common.mode, Mode::Block, "preset's mode survives");
        assert_eq!(p.rules.network.allowed_hosts, vec!["data.internal".to_string()]);
        assert_eq!(p.rules.smallcell.threshold, 10);
        assert_eq!(p.rules.smallcell.common.scopes, vec![Scope::Args, Scope::Result, Scope::Reply]);
    }

    #[test]
    fn dev_preset_turns_off_all_but_secrets() {
        let p = Policy::parse("preset: dev\n", None).unwrap();
        assert_eq!(p.rules.secrets.common.mode, Mode::Redact);
        assert_eq!(p.rules.smallcell.common.mode, Mode::Off);
        assert_eq!(p.rules.microdata.common.mode, Mode::Off);
        assert_eq!(p.rules.network.common.mode, Mode::Off);
    }

    #[test]
    fn preset_argument_overrides_the_file() {
        let p = Policy::parse("preset: dev\n", Some("research-data")).unwrap();
        assert_eq!(p.rules.network.common.mode, Mode::Block);
    }

    #[test]
    fn unknown_preset_is_rejected_with_reason_and_defaults_stay_on() {
        let (p, err) = Policy::load("fail_mode: closed\npreset: paranoid\n", None);
        let err = err.expect("rejected").to_string();
        assert!(err.contains("unknown preset 'paranoid'"), "{err}");
        assert!(err.contains("line 2"), "{err}");
        assert_eq!(p.rules.secrets.common.mode, Mode::Redact);
        assert_eq!(p.fail_mode, FailMode::Open, "a rejected file sets nothing");
    }

    #[test]
    fn unknown_key_names_key_and_line() {
        let text = "rules:\n  smallcell:\n    treshold: 3\n";
        let err = Policy::parse(text, None).unwrap_err().to_string();
        assert!(err.contains("treshold"), "{err}");
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn wrong_type_names_line() {
        let err = Policy::parse("rules:\n  smallcell:\n    threshold: many\n", None).unwrap_err().to_string();
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn bad_mode_is_rejected_naming_key_and_line() {
        let err = Policy::parse("rules:\n  secrets:\n    mode: loud\n", None).unwrap_err().to_string();
        assert!(err.starts_with("rules.secrets.mode: "), "{err}");
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn semantic_errors_name_key_and_line() {
        let err = Policy::parse("rules:\n  smallcell:\n    threshold: 5\n    min_value: 7\n", None).unwrap_err().to_string();
        assert!(err.contains("rules.smallcell.min_value") && err.contains("line 4"), "{err}");
        let err = Policy::parse("allowlist:\n  - '(unclosed'\n", None).unwrap_err().to_string();
        assert!(err.contains("allowlist") && err.contains("invalid regex"), "{err}");
    }

    #[test]
    fn yaml_one_one_no_is_not_false() {
        // `mode: off` unquoted must still mean the mode "off".
        let p = Policy::parse("rules:\n  network:\n    mode: off\n", None).unwrap();
        assert_eq!(p.rules.network.common.mode, Mode::Off);
    }
}
