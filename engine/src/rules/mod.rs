//! The rules, and the one ordered list that makes them a pipeline.
//!
//! A rule is one folder: its detection code, and a `settings.rs` holding its slice of the policy
//! (the settings as written, their defaults and preset values as YAML, validation and the
//! resolved form) behind [`RuleDef`]. Adding a rule is that folder plus one line in
//! [`pipeline!`] below: the policy file's `rules.<id>` section, its merge with defaults and
//! presets, `status`, `check`, the allowlists and the per-string pipeline all come from that line.
//!
//! The pipeline in `crate::guard` gives each rule one string at a time with a [`Context`] (where
//! the string sits and where it is going), turns [`Hit`]s into findings carrying the rule's mode,
//! and threads rewrites from one rule into the next in the list's order: the network rule reads
//! the command as written, secrets redact, then the table rules see the redacted text.

/// The settings of a rule as written in a policy file: `mode`, `scopes`, `allowlist` and
/// `exempt` (every rule has them) plus the rule's own fields, all optional, unknown keys
/// rejected; with the field-by-field merge (`top` wins where it sets a value).
macro_rules! rule_file {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$fmeta:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            pub mode: Option<$crate::policy::Mode>,
            pub scopes: Option<Vec<$crate::verdict::Scope>>,
            pub allowlist: Option<Vec<String>>,
            pub exempt: Option<Vec<$crate::tools::ToolClass>>,
            $($(#[$fmeta])* pub $field: Option<$ty>,)*
        }

        impl $crate::policy::Overlay for $name {
            fn overlay(self, top: Self) -> Self {
                $name {
                    mode: top.mode.or(self.mode),
                    scopes: top.scopes.or(self.scopes),
                    allowlist: top.allowlist.or(self.allowlist),
                    exempt: top.exempt.or(self.exempt),
                    $($field: top.$field.or(self.$field),)*
                }
            }
        }

        impl $crate::rules::RuleFile for $name {
            fn common(&self) -> $crate::policy::CommonFile {
                $crate::policy::CommonFile {
                    mode: self.mode,
                    scopes: self.scopes.clone(),
                    allowlist: self.allowlist.clone(),
                    exempt: self.exempt.clone(),
                }
            }
        }
    };
}

pub mod size;
pub mod steps;
pub mod tables;

use std::cell::OnceCell;

use regex::RegexSet;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::policy::{CommonFile, FailMode, Located, Overlay, RuleCommon};
use crate::session::Facts;
pub use crate::session::vault::Class;
use crate::tools::{Field, ToolClass};
use crate::verdict::{Action, Scope, Severity};
use network::shell::Script;

/// The rules in the order every string goes through them: `<id> => <its Rule type>`, where
/// `<id>` is the rule's folder (declared here as its module) and its key under `rules:`.
macro_rules! pipeline {
    ($($id:ident => $ty:ty),* $(,)?) => {
        $(pub mod $id;)*

        /// The `rules:` section of a policy file, one optional slice per rule.
        #[derive(Clone, Debug, Default, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct RulesFile {
            $(pub $id: Option<<$ty as RuleDef>::File>,)*
        }

        impl Overlay for RulesFile {
            fn overlay(self, top: Self) -> Self {
                RulesFile {
                    $($id: match (self.$id, top.$id) {
                        (Some(b), Some(t)) => Some(b.overlay(t)),
                        (b, t) => t.or(b),
                    },)*
                }
            }
        }

        /// Every rule's resolved settings, in pipeline order.
        #[derive(Clone, Debug, Serialize)]
        pub struct Rules {
            $(pub $id: Configured<<$ty as RuleDef>::Settings>,)*
        }

        impl RulesFile {
            /// The built-in defaults: each rule's own slice.
            pub fn defaults() -> RulesFile {
                RulesFile { $($id: Some(slice::<<$ty as RuleDef>::File>(<$ty as RuleDef>::DEFAULTS)),)* }
            }

            /// Each rule's slice of the preset `name` (rules without one are left as they are).
            pub fn preset(name: &str) -> RulesFile {
                RulesFile {
                    $($id: <$ty as RuleDef>::PRESETS.iter().find(|(n, _)| *n == name).map(|(_, text)| slice(text)),)*
                }
            }

            /// Resolve every rule's slice (already merged over the defaults).
            pub fn resolve(self) -> Result<Rules, Located> {
                Ok(Rules { $($id: configure::<$ty>(stringify!($id), self.$id.unwrap_or_default())?,)* })
            }
        }

        impl Rules {
            /// The rules built from their settings, in pipeline order.
            pub fn build(&self, global_allowlist: &[String]) -> Vec<Stage> {
                vec![$(Stage::new::<$ty>(stringify!($id), &self.$id, global_allowlist),)*]
            }

            /// Each rule's common settings, in pipeline order.
            pub fn common(&self) -> Vec<(&'static str, &RuleCommon)> {
                vec![$((stringify!($id), &self.$id.common),)*]
            }
        }
    };
}

pipeline! {
    network => network::Rule,
    selfprotect => selfprotect::Rule,
    secrets => secrets::Rule,
    pii => pii::Rule,
    smallcell => smallcell::Rule,
    microdata => microdata::Rule,
}

/// A rule as the pipeline runs it.
pub trait Rule: Send + Sync {
    /// Look at one string (`text`: the string as the rules before this one left it).
    fn inspect(&self, cx: &Context, text: &str) -> Outcome;

    /// Whether object keys go through this rule too (a credential used as a key).
    fn reads_keys(&self) -> bool {
        false
    }

    /// Whether this rule reads the text through the read it shares with others
    /// ([`Context::shared_read`]): the pipeline then makes that read for strings this rule sees.
    fn shares_read(&self) -> bool {
        false
    }

    /// Whether an array of JSON records inside a JSON payload goes through this rule as one
    /// string too (its compact JSON text): a table that is no single string.
    fn reads_records(&self) -> bool {
        false
    }
}

/// A rule's identity and its slice of the policy.
pub trait RuleDef: Rule + Sized + 'static {
    /// The reason code of its findings (`EG-…`).
    const CODE: &'static str;
    /// The settings as written (build it with `rule_file!`).
    type File: RuleFile;
    /// The resolved settings, as `status` shows them next to the common ones.
    type Settings: Serialize + Clone + std::fmt::Debug;
    /// This rule's slice of the built-in defaults, as YAML.
    const DEFAULTS: &'static str;
    /// This rule's slice of each named preset, as YAML.
    const PRESETS: &'static [(&'static str, &'static str)] = &[];

    /// Resolve and validate the rule's own fields; an error names the field (its path below
    /// `rules.<id>`) and says what is wrong.
    fn resolve(file: &Self::File) -> Result<Self::Settings, SettingError>;

    fn build(settings: &Self::Settings) -> Self;
}

/// A rule's settings file form: the common fields are read from it by the pipeline.
pub trait RuleFile: DeserializeOwned + Default + Overlay + Clone + std::fmt::Debug {
    fn common(&self) -> CommonFile;
}

/// Why a rule's own setting was rejected: the field's key below `rules.<id>` and the message.
#[derive(Debug)]
pub struct SettingError {
    pub key: &'static str,
    pub message: String,
}

impl SettingError {
    pub fn new(key: &'static str, message: impl Into<String>) -> SettingError {
        SettingError { key, message: message.into() }
    }
}

/// A rule's resolved settings: the common ones and its own, shown flat by `status`.
#[derive(Clone, Debug, Serialize)]
pub struct Configured<S> {
    /// The rule's reason code.
    pub code: &'static str,
    #[serde(flatten)]
    pub common: RuleCommon,
    #[serde(flatten)]
    pub settings: S,
}

impl<S> std::ops::Deref for Configured<S> {
    type Target = S;
    fn deref(&self) -> &S {
        &self.settings
    }
}

impl<S> std::ops::DerefMut for Configured<S> {
    fn deref_mut(&mut self) -> &mut S {
        &mut self.settings
    }
}

fn slice<F: RuleFile>(text: &str) -> F {
    crate::policy::parse_yaml::<F>(text).expect("a rule's built-in policy slice parses")
}

fn configure<R: RuleDef>(id: &'static str, file: R::File) -> Result<Configured<R::Settings>, Located> {
    let common = RuleCommon::resolve(id, file.common())?;
    let settings = R::resolve(&file).map_err(|e| Located::new(vec!["rules", id, e.key], format!("rules.{id}.{}: {}", e.key, e.message)))?;
    Ok(Configured { code: R::CODE, common, settings })
}

/// One rule, built, with what the pipeline needs to run it.
pub struct Stage {
    pub id: &'static str,
    pub common: RuleCommon,
    /// The policy's global allowlist and the rule's own, as one set.
    pub allowlist: Option<RegexSet>,
    pub rule: Box<dyn Rule>,
}

impl Stage {
    fn new<R: RuleDef>(id: &'static str, configured: &Configured<R::Settings>, global_allowlist: &[String]) -> Stage {
        let all: Vec<&String> = global_allowlist.iter().chain(&configured.common.allowlist).collect();
        // Validated when the policy was resolved, so this cannot fail.
        let allowlist = (!all.is_empty()).then(|| RegexSet::new(all).expect("allowlists are validated"));
        Stage { id, common: configured.common.clone(), allowlist, rule: Box::new(R::build(&configured.settings)) }
    }

    /// The action this rule's findings carry for a string in `scope` going to a tool of
    /// `class`, or `None` when the rule does not run there.
    pub fn action_for(&self, scope: Scope, class: ToolClass) -> Option<Action> {
        if self.common.exempt.contains(&class) { None } else { self.common.action_in(scope) }
    }
}

/// What a rule is looking at: one string, where it sits and where it is going. Analyses that
/// several rules share are computed once per string and kept here.
pub struct Context<'a, 't> {
    pub scope: Scope,
    /// The tool's name (`""` for replies).
    pub tool: &'a str,
    /// The tool's class, from the policy's `tools` table.
    pub class: ToolClass,
    /// What this string is in the tool's arguments (a shell command, code, a URL, a path), from
    /// the `tools` table; `None` for other strings and outside `args`.
    pub field: Option<Field>,
    /// JSON pointer of the string inside the arguments or result (`""` for a plain payload).
    pub path: &'a str,
    /// The object member name this string is the value of (`{"db_password": text}`), if any:
    /// the credential-name context of a string that a parsed JSON document took from it.
    pub member: Option<&'a str>,
    /// Whether the rule may rewrite the text (its mode is `redact`).
    pub rewrite: bool,
    /// Findings whose raw value matches are ignored (the policy's `allowlist`s).
    pub allowlist: Option<&'a RegexSet>,
    /// Whether the caller asked for an explanation (`explain-json`): a rule that has one fills
    /// [`Outcome::reports`].
    pub explain: bool,
    /// The call's session, when it names one: what it holds and may do (labels, grants, its
    /// placeholders). Read by the network rule; [`Context::conceal`] uses its vault.
    pub session: Option<&'a Facts<'a>>,
    /// Analyses of `text` several rules share, made on first use; `None` outside the pipeline.
    pub analyses: Option<&'a Analyses<'t>>,
    /// The policy's `fail_mode`: an analysis that cannot finish blocks when it is `closed`.
    pub fail_mode: FailMode,
    /// The shell walk of this string as written, shared by the rules that read commands (the
    /// network and self-protection rules, which run before any rule rewrites it); `None` where
    /// it cannot be shared (see [`Context::with_shell`]).
    pub shell: Option<&'a OnceCell<Script>>,
    /// The user's own secrets a host handed the guard (`Guard::add_known_values`), redacted by
    /// value wherever they appear; `None` when there are none.
    pub known: Option<&'a secrets::Known>,
    /// The call's work budget, shared by every string of the call; `None` outside the pipeline
    /// (a rule then counts against a budget of its own).
    pub steps: Option<&'a steps::Steps>,
    /// What a string of the arguments that could not be fully checked gets (the network rule's
    /// action for a command it cannot check: `approve` by default, `block` under `research-data`;
    /// `block` under `fail_mode: closed`). A rule whose budget runs out in a result or reply
    /// blocks when this blocks, and warns otherwise.
    pub unchecked: Action,
}

/// Analyses of one string that several rules share, each made at most once (the pipeline makes a
/// new one whenever a rule rewrites the string).
pub struct Analyses<'t> {
    text: &'t str,
    /// Whether a rule that needs the shared read runs on this string ([`Rule::shares_read`]).
    share_read: bool,
    read: OnceCell<secrets::Shared>,
    /// The tables in it, for the small-cell and microdata rules (finding them is most of what a
    /// large table costs a rule that leaves it alone).
    tables: OnceCell<Vec<tables::Table<'t>>>,
}

impl<'t> Analyses<'t> {
    pub fn new(share_read: bool, text: &'t str) -> Analyses<'t> {
        Analyses { text, share_read, read: OnceCell::new(), tables: OnceCell::new() }
    }
}

impl Context<'static, 'static> {
    /// A plain payload in `scope` (no tool, no JSON path), rewriting allowed: what a rule sees
    /// for a reply; tests start from it and set what they need.
    pub fn plain(scope: Scope) -> Context<'static, 'static> {
        Context {
            scope,
            tool: "",
            class: ToolClass::Other,
            field: None,
            path: "",
            member: None,
            rewrite: true,
            allowlist: None,
            explain: false,
            session: None,
            fail_mode: FailMode::Open,
            shell: None,
            known: None,
            analyses: None,
            steps: None,
            unchecked: Action::Approve,
        }
    }
}

impl<'t> Context<'_, 't> {
    /// The tables of `text` (the string this context is for), found once per string when shared.
    pub fn tables<'s>(&'s self, text: &'s str) -> std::borrow::Cow<'s, [tables::Table<'s>]>
    where
        't: 's,
    {
        match self.analyses {
            Some(a) => std::borrow::Cow::Borrowed(a.tables.get_or_init(|| tables::find(a.text))),
            None => std::borrow::Cow::Owned(tables::find(text)),
        }
    }

    /// The one read of `text` (the string this context is for) that the secrets and
    /// personal-data rules share: their keywords found by one automaton pass that also marks the
    /// personal-data rule's anchors. `None` when no rule that needs it runs on this string.
    pub fn shared_read(&self, text: &str) -> Option<&secrets::Shared> {
        let a = self.analyses.filter(|a| a.share_read)?;
        Some(a.read.get_or_init(|| secrets::shared_pass(text)))
    }

    /// Whether a raw flagged value is allowlisted.
    pub fn allowed(&self, value: &str) -> bool {
        self.allowlist.is_some_and(|set| set.is_match(value))
    }

    /// What a rule puts in place of a credential or identifier it removes (`kind`: its kind, as
    /// in the finding). In a tool result or reply of a session with `placeholders` on, the
    /// value's numbered placeholder (`{{SECRET_1}}`, the same one each time it appears), which a
    /// later call can have put back where the policy allows; otherwise, and when the value may not
    /// be kept (too long, the session's vault full), the marker `[REDACTED:<kind>]`.
    pub fn conceal(&self, class: Class, kind: &str, value: &str) -> String {
        if matches!(self.scope, Scope::Result | Scope::Reply)
            && let Some(facts) = self.session
            && let Some(vault) = &facts.vault
            && let Some(p) = vault.borrow_mut().placeholder(class, kind, value, &facts.bounds)
        {
            return p;
        }
        format!("[REDACTED:{kind}]")
    }

    /// Run `f` on the shell walk of `text` (a command), walked once per string when shared.
    pub fn with_shell<R>(&self, text: &str, f: impl FnOnce(&Script) -> R) -> R {
        match self.shell {
            Some(cell) => f(cell.get_or_init(|| network::shell::walk(text))),
            None => f(&network::shell::walk(text)),
        }
    }
}

/// One thing a rule found. `preview` is already masked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    pub code: &'static str,
    pub severity: Severity,
    pub reason: String,
    pub preview: String,
    /// An action that does not come from the rule's mode (the size cap follows `fail_mode`).
    pub action: Option<Action>,
}

/// What a rule did with one string.
#[derive(Debug, Default)]
pub struct Outcome {
    pub hits: Vec<Hit>,
    /// The text with this rule's rewrites applied, when it changed anything.
    pub rewritten: Option<String>,
    /// A short note for a reply when values were withheld (e.g. "small counts suppressed").
    pub withheld_note: Option<&'static str>,
    /// Only when [`Context::explain`]: one JSON object per thing the rule explains (for the
    /// small-cell rule, each flagged table), with `path` as the first key.
    pub reports: Vec<String>,
}
