//! The component: a one-to-one `wit-bindgen` adapter over `egress-guard-engine`. No logic lives
//! here beyond converting between the engine's types and the WIT records.

use std::cell::{Ref, RefCell};

use egress_guard_engine as engine;

// The contract's world plus `wizer-initialize`, which the build calls once and then removes
// (scripts/build-wasm.sh, `preinit/`): the published component exports exactly `guard-world`.
wit_bindgen::generate!({
    inline: "package egress-guard:guest; world guest { include egress-guard:guard/guard-world@0.1.0; export wizer-initialize: func(); }",
    path: "../wit",
    world: "egress-guard:guest/guest",
    generate_all,
});

use egress_guard::guard::types::{Action, FailMode, Finding, Scope, Severity, Verdict};
use exports::egress_guard::guard::engine::{Guest as EngineGuest, GuestGuard};

struct Component;

impl Guest for Component {
    fn wizer_initialize() {
        engine::warm_up();
    }
}

impl EngineGuest for Component {
    type Guard = GuardResource;

    fn validate_policy(policy_yaml: String) -> Result<(), String> {
        engine::validate_policy(&policy_yaml).map_err(|e| e.to_string())
    }

    fn version() -> String {
        engine::VERSION.to_string()
    }

    fn internal_verdict(scope: Scope, tool: String, cause: String, fail_mode: FailMode) -> String {
        let fail_mode = match fail_mode {
            FailMode::Open => engine::FailMode::Open,
            FailMode::Closed => engine::FailMode::Closed,
        };
        engine::Verdict::internal(engine_scope(scope), &tool, &cause, fail_mode).to_json()
    }

    fn host_limits() -> String {
        engine::verdict::limits::json()
    }

    fn verify_audit(log: String) -> Result<(u64, String), String> {
        engine::audit::verify(log.as_bytes()).map(|v| (v.lines, v.last_sha256))
    }
}

/// `protect-paths` changes the guard after it is built; the component is single-threaded.
struct GuardResource(RefCell<engine::Guard>);

impl GuardResource {
    fn guard(&self) -> Ref<'_, engine::Guard> {
        self.0.borrow()
    }
}

impl GuestGuard for GuardResource {
    fn new(policy_yaml: String, source: String, preset: Option<String>) -> Self {
        GuardResource(RefCell::new(engine::Guard::new(&policy_yaml, &source, preset.as_deref())))
    }

    fn load_error(&self) -> Option<String> {
        self.guard().load_error()
    }

    fn set_audit_key(&self, key: Vec<u8>) {
        self.guard().set_audit_key(&key);
    }

    fn fail_mode(&self) -> FailMode {
        match self.guard().fail_mode() {
            engine::FailMode::Open => FailMode::Open,
            engine::FailMode::Closed => FailMode::Closed,
        }
    }

    fn inspect_args(&self, tool: String, args_json: String) -> Option<Verdict> {
        self.guard().inspect_args(&tool, &args_json).map(verdict)
    }

    fn inspect_result(&self, tool: String, result: String) -> Option<Verdict> {
        self.guard().inspect_result(&tool, &result).map(verdict)
    }

    fn inspect_reply(&self, text: String) -> Option<Verdict> {
        self.guard().inspect_reply(&text).map(verdict)
    }

    fn inspect_json(&self, scope: Scope, tool: String, payload: String) -> Option<String> {
        self.guard().inspect(engine_scope(scope), &tool, &payload).map(|v| v.to_json())
    }

    fn inspect_with(&self, scope: Scope, tool: String, payload: String, options_json: String) -> Option<String> {
        self.guard().inspect_options_json(engine_scope(scope), &tool, &payload, &options_json).map(|v| v.to_json())
    }

    fn session_event(&self, event_json: String) -> String {
        self.guard().session_event(&event_json)
    }

    fn explain_json(&self, scope: Scope, tool: String, payload: String) -> String {
        self.guard().explain_json(engine_scope(scope), &tool, &payload)
    }

    fn add_known_values(&self, entries: Vec<(String, String)>) -> u32 {
        u32::try_from(self.guard().add_known_values(&entries)).unwrap_or(u32::MAX)
    }

    fn status(&self) -> String {
        self.guard().status_json()
    }

    fn check(&self, text: String) -> String {
        self.guard().check_json(&text)
    }

    fn policy_sha256(&self) -> String {
        self.guard().policy_sha256().to_string()
    }

    fn seal_audit(&self, line: String, ts: String, component_sha256: String, prev_line: Option<String>) -> Result<String, String> {
        self.guard().seal_audit(&line, &ts, &component_sha256, prev_line.as_deref())
    }

    fn protect_paths(&self, home: Option<String>, paths: Vec<(String, String)>) {
        self.0.borrow_mut().protect_paths(&engine::rules::selfprotect::HostPaths { home, paths });
    }
}

fn engine_scope(scope: Scope) -> engine::Scope {
    match scope {
        Scope::Args => engine::Scope::Args,
        Scope::Result => engine::Scope::Result,
        Scope::Reply => engine::Scope::Reply,
    }
}

fn verdict(v: engine::Verdict) -> Verdict {
    Verdict { action: action(v.action), output: v.output, findings: v.findings.into_iter().map(finding).collect(), message: v.message, audit: v.audit }
}

fn finding(f: engine::Finding) -> Finding {
    Finding {
        rule: f.rule,
        code: f.code,
        action: action(f.action),
        severity: match f.severity {
            engine::Severity::Low => Severity::Low,
            engine::Severity::Medium => Severity::Medium,
            engine::Severity::High => Severity::High,
            engine::Severity::Critical => Severity::Critical,
        },
        reason: f.reason,
        preview: f.preview,
    }
}

fn action(a: engine::Action) -> Action {
    match a {
        engine::Action::Allow => Action::Allow,
        engine::Action::Warn => Action::Warn,
        engine::Action::Redact => Action::Redact,
        engine::Action::Approve => Action::Approve,
        engine::Action::Block => Action::Block,
    }
}

export!(Component);
