//! Policies: YAML parsed inside the engine so every host reads a policy the same way.
//!
//! Resolution is `built-in defaults ← preset ← your file`, merged field by field (nested
//! settings merge, lists replace). The defaults and presets are themselves YAML, parsed by the
//! same code, so what `status` shows and what the seed's table says cannot drift apart.
//! An invalid file never turns the guard off: [`Policy::load`] falls back to the defaults and
//! returns the reason, naming the key and the line.

use regex::RegexSet;
use serde::{Deserialize, Serialize};

use crate::verdict::{Action, Scope};

/// The built-in defaults, exactly the seed's table.
pub const BUILTIN_DEFAULTS: &str = r#"
fail_mode: open
max_scan_bytes: 1048576
allowlist: []
audit:
  enabled: true
rules:
  secrets:
    mode: redact
    scopes: [args, result, reply]
  smallcell:
    mode: redact
    scopes: [args, reply]
    threshold: 5
    min_value: 1
    method: suppress
  microdata:
    mode: warn
    scopes: [args, reply]
    max_rows: 20
  pii:
    mode: warn
    scopes: [args, result, reply]
  network:
    mode: approve
    scopes: [args]
    match: uploads
    allowed_hosts: [localhost, 127.0.0.1, "::1"]
"#;

/// Named presets: a starting point your own settings override.
pub const PRESETS: &[(&str, &str)] = &[
    (
        "research-data",
        r#"
rules:
  smallcell:
    threshold: 10
    scopes: [args, result, reply]
  pii:
    mode: redact
    scopes: [args, result, reply]
  network:
    mode: block
"#,
    ),
    (
        "dev",
        r#"
rules:
  smallcell:
    mode: "off"
  microdata:
    mode: "off"
  pii:
    mode: "off"
  network:
    mode: "off"
"#,
    ),
];

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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailMode {
    Open,
    Closed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NetworkMatch {
    Uploads,
    AnyHost,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CellMethod {
    Suppress,
    Round,
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
    pub rules: Option<RulesFile>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditFile {
    pub enabled: Option<bool>,
    pub path: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    pub secrets: Option<SecretsFile>,
    pub smallcell: Option<SmallcellFile>,
    pub microdata: Option<MicrodataFile>,
    pub pii: Option<PiiFile>,
    pub network: Option<NetworkFile>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretsFile {
    pub mode: Option<Mode>,
    pub scopes: Option<Vec<Scope>>,
    pub allowlist: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmallcellFile {
    pub mode: Option<Mode>,
    pub scopes: Option<Vec<Scope>>,
    pub allowlist: Option<Vec<String>>,
    pub threshold: Option<u64>,
    pub min_value: Option<u64>,
    pub method: Option<CellMethod>,
    /// Minimum width of every hidden count's attacker interval (defaults to `threshold`).
    pub protection: Option<u64>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MicrodataFile {
    pub mode: Option<Mode>,
    pub scopes: Option<Vec<Scope>>,
    pub allowlist: Option<Vec<String>>,
    pub max_rows: Option<u64>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PiiFile {
    pub mode: Option<Mode>,
    pub scopes: Option<Vec<Scope>>,
    pub allowlist: Option<Vec<String>>,
    /// The kinds of personal data to look for (all when unset); names as in findings.
    pub kinds: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetworkFile {
    pub mode: Option<Mode>,
    pub scopes: Option<Vec<Scope>>,
    pub allowlist: Option<Vec<String>>,
    pub allowed_hosts: Option<Vec<String>>,
    #[serde(rename = "match")]
    pub match_: Option<NetworkMatch>,
}

/// Field-by-field merge: `top` wins where it sets a value; nested settings merge.
trait Overlay {
    fn overlay(self, top: Self) -> Self;
}

macro_rules! overlay {
    ($ty:ident { leaves: [$($leaf:ident),*], nested: [$($nest:ident),*] }) => {
        impl Overlay for $ty {
            fn overlay(self, top: Self) -> Self {
                $ty {
                    $($leaf: top.$leaf.or(self.$leaf),)*
                    $($nest: match (self.$nest, top.$nest) {
                        (Some(b), Some(t)) => Some(b.overlay(t)),
                        (b, t) => t.or(b),
                    },)*
                }
            }
        }
    };
}

overlay!(PolicyFile { leaves: [version, preset, fail_mode, max_scan_bytes, allowlist], nested: [audit, rules] });
overlay!(AuditFile { leaves: [enabled, path], nested: [] });
overlay!(RulesFile { leaves: [], nested: [secrets, smallcell, microdata, pii, network] });
overlay!(SecretsFile { leaves: [mode, scopes, allowlist], nested: [] });
overlay!(SmallcellFile { leaves: [mode, scopes, allowlist, threshold, min_value, method, protection], nested: [] });
overlay!(MicrodataFile { leaves: [mode, scopes, allowlist, max_rows], nested: [] });
overlay!(PiiFile { leaves: [mode, scopes, allowlist, kinds], nested: [] });
overlay!(NetworkFile { leaves: [mode, scopes, allowlist, allowed_hosts, match_], nested: [] });

// ---- The effective policy: every value resolved. ----

#[derive(Clone, Debug, Serialize)]
pub struct RuleCommon {
    pub mode: Mode,
    pub scopes: Vec<Scope>,
    pub allowlist: Vec<String>,
}

impl RuleCommon {
    /// The action this rule's findings carry in `scope`, or `None` when it does not run there.
    pub fn action_in(&self, scope: Scope) -> Option<Action> {
        if self.scopes.contains(&scope) { self.mode.action() } else { None }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct SecretsPolicy {
    #[serde(flatten)]
    pub common: RuleCommon,
}

#[derive(Clone, Debug, Serialize)]
pub struct SmallcellPolicy {
    #[serde(flatten)]
    pub common: RuleCommon,
    pub threshold: u64,
    pub min_value: u64,
    pub method: CellMethod,
    pub protection: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct MicrodataPolicy {
    #[serde(flatten)]
    pub common: RuleCommon,
    pub max_rows: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct PiiPolicy {
    #[serde(flatten)]
    pub common: RuleCommon,
    /// The kinds looked for, in the engine's order.
    pub kinds: Vec<&'static str>,
}

#[derive(Clone, Debug, Serialize)]
pub struct NetworkPolicy {
    #[serde(flatten)]
    pub common: RuleCommon,
    pub allowed_hosts: Vec<String>,
    #[serde(rename = "match")]
    pub match_: NetworkMatch,
}

#[derive(Clone, Debug, Serialize)]
pub struct AuditPolicy {
    pub enabled: bool,
    pub path: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Rules {
    pub secrets: SecretsPolicy,
    pub smallcell: SmallcellPolicy,
    pub microdata: MicrodataPolicy,
    pub pii: PiiPolicy,
    pub network: NetworkPolicy,
}

#[derive(Clone, Debug)]
pub struct Policy {
    pub preset: Option<String>,
    pub fail_mode: FailMode,
    pub max_scan_bytes: u64,
    pub allowlist: Vec<String>,
    pub audit: AuditPolicy,
    pub rules: Rules,
}

/// Why a policy text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyError(pub String);

impl std::fmt::Display for PolicyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Policy {
    /// The built-in defaults.
    pub fn builtin() -> Policy {
        let file = parse_file(BUILTIN_DEFAULTS).expect("built-in defaults parse");
        resolve(file).expect("built-in defaults resolve")
    }

    /// Parse and resolve a policy text. `preset` overrides the file's `preset:` key.
    /// On any error: the built-in defaults and the reason (never "off").
    pub fn load(text: &str, preset: Option<&str>) -> (Policy, Option<PolicyError>) {
        match Policy::parse(text, preset) {
            Ok(policy) => (policy, None),
            Err(err) => (Policy::builtin(), Some(err)),
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
            return Err(located(text, &["version"], format!("version: unsupported policy version {v} (this engine reads version 1)")));
        }
        let mut base = parse_file(BUILTIN_DEFAULTS).expect("built-in defaults parse");
        if let Some(name) = user.preset.as_deref() {
            let Some((_, preset_text)) = PRESETS.iter().find(|(n, _)| *n == name) else {
                let known: Vec<&str> = PRESETS.iter().map(|(n, _)| *n).collect();
                return Err(located(
                    text,
                    &["preset"],
                    format!("preset: unknown preset '{name}' (known: {})", known.join(", ")),
                ));
            };
            base = base.overlay(parse_file(preset_text).expect("preset parses"));
        }
        resolve(base.overlay(user)).map_err(|(path, msg)| located(text, &path, msg))
    }

    /// Every allowlist that applies to `rule`'s findings, as one set.
    pub fn allowlist_for(&self, rule_allowlist: &[String]) -> Option<RegexSet> {
        let all: Vec<&String> = self.allowlist.iter().chain(rule_allowlist).collect();
        if all.is_empty() {
            return None;
        }
        // Validated in `resolve`, so this cannot fail.
        RegexSet::new(all).ok()
    }
}

/// Parse YAML into the all-optional file form. Empty or comment-only text is an empty policy.
pub fn parse_file(text: &str) -> Result<PolicyFile, PolicyError> {
    let has_content = text
        .lines()
        .any(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#') && t != "---" && t != "..."
        });
    if !has_content {
        return Ok(PolicyFile::default());
    }
    serde_saphyr::from_str::<PolicyFile>(text).map_err(|e| PolicyError(describe_yaml_error(text, &e)))
}

/// One line: the dotted key the parser stopped at, its message, and where it points.
fn describe_yaml_error(text: &str, err: &serde_saphyr::Error) -> String {
    let plain = err.without_snippet().to_string();
    let first = plain.lines().next().unwrap_or("invalid policy").trim().to_string();
    let Some(loc) = err.location() else { return first };
    let line = loc.line() as usize;
    let key = key_path_at_line(text, line).map(|k| format!("{k}: ")).unwrap_or_default();
    if first.contains("line") {
        format!("{key}{first}")
    } else {
        format!("{key}{first} (line {line}, column {})", loc.column())
    }
}

/// The dotted path of the block-mapping key set on 1-based `line` (the inverse of [`line_of_key`]).
fn key_path_at_line(text: &str, line: usize) -> Option<String> {
    let mut stack: Vec<(usize, String)> = Vec::new();
    for (n, raw) in text.lines().enumerate().take(line) {
        let trimmed = raw.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('-') {
            continue;
        }
        let indent = raw.len() - trimmed.len();
        let Some((key, _)) = trimmed.split_once(':') else { continue };
        while stack.last().is_some_and(|(i, _)| *i >= indent) {
            stack.pop();
        }
        stack.push((indent, key.trim().trim_matches(|c| c == '"' || c == '\'').to_string()));
        if n + 1 == line {
            return Some(stack.iter().map(|(_, k)| k.as_str()).collect::<Vec<_>>().join("."));
        }
    }
    None
}

type Located = (Vec<&'static str>, String);

fn resolve(file: PolicyFile) -> Result<Policy, Located> {
    let rules = file.rules.unwrap_or_default();
    let secrets = rules.secrets.unwrap_or_default();
    let smallcell = rules.smallcell.unwrap_or_default();
    let microdata = rules.microdata.unwrap_or_default();
    let pii = rules.pii.unwrap_or_default();
    let network = rules.network.unwrap_or_default();
    let audit = file.audit.unwrap_or_default();

    let max_scan_bytes = file.max_scan_bytes.unwrap_or(1 << 20);
    if max_scan_bytes == 0 || max_scan_bytes > MAX_SCAN_BYTES_LIMIT {
        return Err((vec!["max_scan_bytes"], format!("max_scan_bytes: must be between 1 and {MAX_SCAN_BYTES_LIMIT}")));
    }
    let threshold = smallcell.threshold.unwrap_or(5);
    if threshold < 2 {
        return Err((vec!["rules", "smallcell", "threshold"], "rules.smallcell.threshold: must be at least 2".into()));
    }
    let min_value = smallcell.min_value.unwrap_or(1);
    if min_value >= threshold {
        return Err((
            vec!["rules", "smallcell", "min_value"],
            format!("rules.smallcell.min_value: must be below threshold ({threshold})"),
        ));
    }
    let protection = smallcell.protection.unwrap_or(threshold);
    if protection == 0 {
        return Err((vec!["rules", "smallcell", "protection"], "rules.smallcell.protection: must be at least 1".into()));
    }
    let max_rows = microdata.max_rows.unwrap_or(20);

    let allowlist = file.allowlist.unwrap_or_default();
    check_regexes(&allowlist, vec!["allowlist"], "allowlist")?;
    let common = |mode: Option<Mode>, scopes: Option<Vec<Scope>>, allow: Option<Vec<String>>, key: &'static str| {
        let allowlist = allow.unwrap_or_default();
        check_regexes(&allowlist, vec!["rules", key, "allowlist"], &format!("rules.{key}.allowlist"))?;
        let mut scopes = scopes.unwrap_or_default();
        scopes.dedup();
        Ok::<_, Located>(RuleCommon { mode: mode.unwrap_or(Mode::Off), scopes, allowlist })
    };

    let pii_kinds = match pii.kinds {
        None => crate::rules::pii::Kind::ALL.iter().map(|k| k.as_str()).collect(),
        Some(names) => {
            let mut kinds = Vec::new();
            for name in &names {
                let Some(kind) = crate::rules::pii::Kind::parse(name) else {
                    let known: Vec<&str> = crate::rules::pii::Kind::ALL.iter().map(|k| k.as_str()).collect();
                    return Err((vec!["rules", "pii", "kinds"], format!("rules.pii.kinds: unknown kind '{name}' (known: {})", known.join(", "))));
                };
                kinds.push(kind);
            }
            kinds.sort_unstable();
            kinds.dedup();
            kinds.into_iter().map(|k| k.as_str()).collect()
        }
    };
    let allowed_hosts = network.allowed_hosts.unwrap_or_default();
    if let Some(bad) = allowed_hosts.iter().find(|h| h.trim().is_empty() || h.contains(char::is_whitespace)) {
        return Err((
            vec!["rules", "network", "allowed_hosts"],
            format!("rules.network.allowed_hosts: '{bad}' is not a host name"),
        ));
    }

    Ok(Policy {
        preset: file.preset,
        fail_mode: file.fail_mode.unwrap_or(FailMode::Open),
        max_scan_bytes,
        allowlist,
        audit: AuditPolicy { enabled: audit.enabled.unwrap_or(true), path: audit.path },
        rules: Rules {
            secrets: SecretsPolicy { common: common(secrets.mode, secrets.scopes, secrets.allowlist, "secrets")? },
            smallcell: SmallcellPolicy {
                common: common(smallcell.mode, smallcell.scopes, smallcell.allowlist, "smallcell")?,
                threshold,
                min_value,
                method: smallcell.method.unwrap_or(CellMethod::Suppress),
                protection,
            },
            microdata: MicrodataPolicy {
                common: common(microdata.mode, microdata.scopes, microdata.allowlist, "microdata")?,
                max_rows,
            },
            pii: PiiPolicy { common: common(pii.mode, pii.scopes, pii.allowlist, "pii")?, kinds: pii_kinds },
            network: NetworkPolicy {
                common: common(network.mode, network.scopes, network.allowlist, "network")?,
                allowed_hosts,
                match_: network.match_.unwrap_or(NetworkMatch::Uploads),
            },
        },
    })
}

fn check_regexes(patterns: &[String], path: Vec<&'static str>, key: &str) -> Result<(), Located> {
    for p in patterns {
        if let Err(e) = regex::RegexBuilder::new(p).size_limit(1 << 20).build() {
            let first = e.to_string().lines().last().unwrap_or("invalid regex").trim().to_string();
            return Err((path, format!("{key}: invalid regex '{p}': {first}")));
        }
    }
    Ok(())
}

/// Attach the line of `path` in the YAML text (found by indentation) to a semantic error.
fn located(text: &str, path: &[&str], msg: String) -> PolicyError {
    match line_of_key(text, path) {
        Some(line) => PolicyError(format!("{msg} (line {line})")),
        None => PolicyError(msg),
    }
}

/// The 1-based line on which the nested key `path` is set, following block-mapping indentation.
pub fn line_of_key(text: &str, path: &[&str]) -> Option<usize> {
    let mut stack: Vec<(usize, String)> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let trimmed = raw.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('-') {
            continue;
        }
        let indent = raw.len() - trimmed.len();
        let Some((key, _)) = trimmed.split_once(':') else { continue };
        let key = key.trim().trim_matches(|c| c == '"' || c == '\'');
        while stack.last().is_some_and(|(i, _)| *i >= indent) {
            stack.pop();
        }
        stack.push((indent, key.to_string()));
        if stack.len() == path.len() && stack.iter().zip(path).all(|((_, k), p)| k == p) {
            return Some(n + 1);
        }
    }
    None
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
        let err = err.expect("rejected").0;
        assert!(err.contains("unknown preset 'paranoid'"), "{err}");
        assert!(err.contains("line 2"), "{err}");
        assert_eq!(p.rules.secrets.common.mode, Mode::Redact);
        assert_eq!(p.fail_mode, FailMode::Open, "a rejected file sets nothing");
    }

    #[test]
    fn unknown_key_names_key_and_line() {
        let text = "rules:\n  smallcell:\n    treshold: 3\n";
        let err = Policy::parse(text, None).unwrap_err().0;
        assert!(err.contains("treshold"), "{err}");
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn wrong_type_names_line() {
        let err = Policy::parse("rules:\n  smallcell:\n    threshold: many\n", None).unwrap_err().0;
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn bad_mode_is_rejected_naming_key_and_line() {
        let err = Policy::parse("rules:\n  secrets:\n    mode: loud\n", None).unwrap_err().0;
        assert!(err.starts_with("rules.secrets.mode: "), "{err}");
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn semantic_errors_name_key_and_line() {
        let err = Policy::parse("rules:\n  smallcell:\n    threshold: 5\n    min_value: 7\n", None).unwrap_err().0;
        assert!(err.contains("rules.smallcell.min_value") && err.contains("line 4"), "{err}");
        let err = Policy::parse("allowlist:\n  - '(unclosed'\n", None).unwrap_err().0;
        assert!(err.contains("allowlist") && err.contains("invalid regex"), "{err}");
    }

    #[test]
    fn pii_warns_by_default_redacts_for_research_data_and_chooses_kinds() {
        let p = Policy::parse("", None).unwrap();
        assert_eq!(p.rules.pii.common.mode, Mode::Warn);
        assert_eq!(p.rules.pii.common.scopes, vec![Scope::Args, Scope::Result, Scope::Reply]);
        assert_eq!(p.rules.pii.kinds.len(), crate::rules::pii::Kind::ALL.len());
        let p = Policy::parse("preset: research-data\n", None).unwrap();
        assert_eq!(p.rules.pii.common.mode, Mode::Redact);
        assert_eq!(p.rules.pii.common.scopes, vec![Scope::Args, Scope::Result, Scope::Reply]);
        assert_eq!(Policy::parse("preset: dev\n", None).unwrap().rules.pii.common.mode, Mode::Off);
        let p = Policy::parse("rules:\n  pii:\n    kinds: [phone, email, phone]\n", None).unwrap();
        assert_eq!(p.rules.pii.kinds, vec!["email", "phone"]);
        let err = Policy::parse("rules:\n  pii:\n    mode: redact\n    kinds: [phone, passport]\n", None).unwrap_err().0;
        assert!(err.contains("rules.pii.kinds: unknown kind 'passport'") && err.contains("line 4"), "{err}");
    }

    #[test]
    fn yaml_one_one_no_is_not_false() {
        // `mode: off` unquoted must still mean the mode "off".
        let p = Policy::parse("rules:\n  network:\n    mode: off\n", None).unwrap();
        assert_eq!(p.rules.network.common.mode, Mode::Off);
    }
}
