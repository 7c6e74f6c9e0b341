//! The policy's session sections: `placeholders`, `labels`, `grants`, `grants_on_approval` and
//! `sessions` (the bounds). All of them only act on calls that name a session (`session` in the
//! call options); a policy without them behaves per call exactly as before.
//!
//! ```yaml
//! placeholders:
//!   enabled: true               # credentials in results and replies become {{SECRET_1}}, ...
//!   sinks: [allowed_hosts]      # where a placeholder is put back: allowed_hosts | local | file_write
//! labels:
//!   tools: {read_file: [], web_extract: [untrusted], crm_lookup: [customer_pii]}
//!   paths: {"**/crm/**": [customer_pii]}   # a file tool's path argument
//!   default: [untrusted]        # tools not listed under `tools`
//!   accept: {data.internal: [internal]}     # an allowed host that takes only these labels
//! grants:
//!   - host: api.github.com
//!     path: /repos/acme/support-notes/issues
//!     methods: [POST]
//!     labels: [internal, customer_pii]
//!     accepts_untrusted: true
//!     max_request_bytes: 65536
//!     bytes: 1048576            # budget for the whole session
//!   - {host: docs-search.example.com, path: /search, methods: [GET], params: [q], max_request_bytes: 256}
//! grants_on_approval: {bytes: 65536, seconds: 3600}
//! sessions: {max_sessions: 256, max_values: 1024, max_value_bytes: 4096, max_session_bytes: 262144, max_total_bytes: 16777216}
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::policy::{Located, Overlay};
use crate::rules::network::dest::{self, Dest};

/// Where a placeholder may be put back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sink {
    /// Arguments of shell and code tools whose every network destination is in `allowed_hosts`.
    AllowedHosts,
    /// Arguments of shell and code tools that reach no network destination at all.
    Local,
    /// Arguments of local file writes (`write_file`: the `.env` the user asked for).
    FileWrite,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceholdersFile {
    pub enabled: Option<bool>,
    pub sinks: Option<Vec<Sink>>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelsFile {
    pub tools: Option<BTreeMap<String, Vec<String>>>,
    pub paths: Option<BTreeMap<String, Vec<String>>>,
    pub default: Option<Vec<String>>,
    pub accept: Option<BTreeMap<String, Vec<String>>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrantFile {
    pub host: String,
    pub path: Option<String>,
    pub methods: Option<Vec<String>>,
    pub params: Option<Vec<String>>,
    pub max_request_bytes: Option<u64>,
    pub bytes: Option<u64>,
    pub labels: Option<Vec<String>>,
    pub accepts_untrusted: Option<bool>,
    /// Valid for this many seconds from the session's first call.
    pub seconds: Option<u64>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnApprovalFile {
    pub bytes: Option<u64>,
    pub seconds: Option<u64>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoundsFile {
    pub max_sessions: Option<usize>,
    pub max_values: Option<usize>,
    pub max_value_bytes: Option<usize>,
    pub max_session_bytes: Option<usize>,
    pub max_total_bytes: Option<usize>,
}

impl Overlay for PlaceholdersFile {
    fn overlay(self, top: Self) -> Self {
        PlaceholdersFile { enabled: top.enabled.or(self.enabled), sinks: top.sinks.or(self.sinks) }
    }
}

impl Overlay for LabelsFile {
    fn overlay(self, top: Self) -> Self {
        LabelsFile {
            tools: top.tools.or(self.tools),
            paths: top.paths.or(self.paths),
            default: top.default.or(self.default),
            accept: top.accept.or(self.accept),
        }
    }
}

impl Overlay for OnApprovalFile {
    fn overlay(self, top: Self) -> Self {
        OnApprovalFile { bytes: top.bytes.or(self.bytes), seconds: top.seconds.or(self.seconds) }
    }
}

impl Overlay for BoundsFile {
    fn overlay(self, top: Self) -> Self {
        BoundsFile {
            max_sessions: top.max_sessions.or(self.max_sessions),
            max_values: top.max_values.or(self.max_values),
            max_value_bytes: top.max_value_bytes.or(self.max_value_bytes),
            max_session_bytes: top.max_session_bytes.or(self.max_session_bytes),
            max_total_bytes: top.max_total_bytes.or(self.max_total_bytes),
        }
    }
}

/// Merge two optional nested sections field by field.
pub fn merge<T: Overlay>(base: Option<T>, top: Option<T>) -> Option<T> {
    match (base, top) {
        (Some(b), Some(t)) => Some(b.overlay(t)),
        (b, t) => t.or(b),
    }
}

// ---- resolved ----

#[derive(Clone, Debug, Serialize)]
pub struct Placeholders {
    pub enabled: bool,
    pub sinks: Vec<Sink>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Labels {
    pub tools: BTreeMap<String, Vec<String>>,
    pub paths: BTreeMap<String, Vec<String>>,
    pub default: Vec<String>,
    pub accept: BTreeMap<String, Vec<String>>,
}

/// A grant: uploads and requests to one exact host that pass without a finding while they fit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grant {
    pub host: String,
    /// Segment pattern (`*` = one segment, a trailing `/**` = anything below); `None` = any path.
    pub path: Option<String>,
    /// Upper-case methods; empty = any.
    pub methods: Vec<String>,
    /// Query parameter names a request may carry; `None` = any.
    pub params: Option<Vec<String>>,
    pub max_request_bytes: Option<u64>,
    /// Budget over the whole session; `None` = unlimited.
    pub bytes: Option<u64>,
    /// Labels this destination is cleared for (`public` always is).
    pub labels: Vec<String>,
    pub accepts_untrusted: bool,
    pub seconds: Option<u64>,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct OnApproval {
    pub bytes: u64,
    pub seconds: u64,
}

/// How much state the engine keeps, per instance: past `max_sessions` or `max_total_bytes` the
/// least recently used sessions are dropped (and fail closed when they come back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bounds {
    pub max_sessions: usize,
    /// Placeholders per session; later values get the ordinary `[REDACTED:…]` marker.
    pub max_values: usize,
    /// A value longer than this is never kept: it gets the ordinary marker.
    pub max_value_bytes: usize,
    /// Bytes one session's vault may hold (values and the encoded forms searched for).
    pub max_session_bytes: usize,
    pub max_total_bytes: usize,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds { max_sessions: 256, max_values: 1024, max_value_bytes: 4096, max_session_bytes: 256 * 1024, max_total_bytes: 16 * 1024 * 1024 }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct SessionPolicy {
    pub placeholders: Placeholders,
    /// `None`: no tool or path labels (restores still label a session).
    pub labels: Option<Labels>,
    pub grants: Vec<Grant>,
    pub grants_on_approval: Option<OnApproval>,
    pub sessions: Bounds,
}

/// The session sections as written.
#[derive(Clone, Debug, Default)]
pub struct SessionFiles {
    pub placeholders: Option<PlaceholdersFile>,
    pub labels: Option<LabelsFile>,
    pub grants: Option<Vec<GrantFile>>,
    pub grants_on_approval: Option<OnApprovalFile>,
    pub sessions: Option<BoundsFile>,
}

/// Upper bounds on the bounds, so no policy can make an instance hold more than its memory.
const MAX_SESSIONS_LIMIT: usize = 100_000;
const MAX_TOTAL_BYTES_LIMIT: usize = 256 * 1024 * 1024;

pub const METHODS: &[&str] = &["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "*"];

fn err(path: &[&str], message: String) -> Located {
    Located::new(path.to_vec(), message)
}

fn check_labels(labels: &[String], path: &[&str]) -> Result<(), Located> {
    match labels.iter().find(|l| l.is_empty() || !l.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')) {
        Some(bad) => Err(err(path, format!("{}: '{bad}' is not a label (lower-case letters, digits, _ and -)", path.join(".")))),
        None => Ok(()),
    }
}

/// A host as the network rule normalizes destinations, or `None`.
pub fn normal_host(host: &str) -> Option<String> {
    match dest::host_port(host.trim()) {
        Dest::Host(h) => Some(h),
        _ => None,
    }
}

impl SessionFiles {
    pub fn resolve(self) -> Result<SessionPolicy, Located> {
        let p = self.placeholders.unwrap_or_default();
        let placeholders = Placeholders { enabled: p.enabled.unwrap_or(false), sinks: p.sinks.unwrap_or_else(|| vec![Sink::AllowedHosts]) };
        let labels = match self.labels {
            None => None,
            Some(l) => {
                let tools = l.tools.unwrap_or_default();
                for (tool, ls) in &tools {
                    check_labels(ls, &["labels", "tools", tool])?;
                }
                let paths = l.paths.unwrap_or_default();
                for (path, ls) in &paths {
                    if path.trim().is_empty() {
                        return Err(err(&["labels", "paths"], "labels.paths: an empty path pattern".into()));
                    }
                    check_labels(ls, &["labels", "paths", path])?;
                }
                let default = l.default.unwrap_or_else(|| vec!["untrusted".into()]);
                check_labels(&default, &["labels", "default"])?;
                let mut accept = BTreeMap::new();
                for (host, ls) in l.accept.unwrap_or_default() {
                    check_labels(&ls, &["labels", "accept", &host])?;
                    let h = normal_host(&host).ok_or_else(|| err(&["labels", "accept"], format!("labels.accept: '{host}' is not a host name")))?;
                    accept.insert(h, ls);
                }
                Some(Labels { tools, paths, default, accept })
            }
        };
        let mut grants = Vec::new();
        for (i, g) in self.grants.unwrap_or_default().into_iter().enumerate() {
            let at = |field: &str| format!("grants[{i}].{field}");
            let host = normal_host(&g.host).ok_or_else(|| err(&["grants"], format!("{}: '{}' is not a host name", at("host"), g.host)))?;
            if let Some(p) = &g.path
                && !(p.starts_with('/') || p == "**")
            {
                return Err(err(&["grants"], format!("{}: '{p}' must start with '/'", at("path"))));
            }
            let methods: Vec<String> = g.methods.unwrap_or_default().iter().map(|m| m.to_ascii_uppercase()).collect();
            if let Some(bad) = methods.iter().find(|m| !METHODS.contains(&m.as_str())) {
                return Err(err(&["grants"], format!("{}: unknown method '{bad}' (known: {})", at("methods"), METHODS.join(", "))));
            }
            let labels = g.labels.unwrap_or_default();
            check_labels(&labels, &["grants"])?;
            grants.push(Grant {
                host,
                path: g.path.filter(|p| p != "**" && p != "/**"),
                methods,
                params: g.params,
                max_request_bytes: g.max_request_bytes,
                bytes: g.bytes,
                labels,
                accepts_untrusted: g.accepts_untrusted.unwrap_or(false),
                seconds: g.seconds,
            });
        }
        let grants_on_approval = self.grants_on_approval.map(|o| OnApproval { bytes: o.bytes.unwrap_or(64 * 1024), seconds: o.seconds.unwrap_or(3600) });
        let d = Bounds::default();
        let b = self.sessions.unwrap_or_default();
        let sessions = Bounds {
            max_sessions: b.max_sessions.unwrap_or(d.max_sessions),
            max_values: b.max_values.unwrap_or(d.max_values),
            max_value_bytes: b.max_value_bytes.unwrap_or(d.max_value_bytes),
            max_session_bytes: b.max_session_bytes.unwrap_or(d.max_session_bytes),
            max_total_bytes: b.max_total_bytes.unwrap_or(d.max_total_bytes),
        };
        if sessions.max_sessions == 0 || sessions.max_sessions > MAX_SESSIONS_LIMIT {
            return Err(err(&["sessions", "max_sessions"], format!("sessions.max_sessions: must be between 1 and {MAX_SESSIONS_LIMIT}")));
        }
        if sessions.max_total_bytes > MAX_TOTAL_BYTES_LIMIT {
            return Err(err(&["sessions", "max_total_bytes"], format!("sessions.max_total_bytes: at most {MAX_TOTAL_BYTES_LIMIT}")));
        }
        if sessions.max_session_bytes > sessions.max_total_bytes {
            return Err(err(&["sessions", "max_session_bytes"], "sessions.max_session_bytes: must not exceed max_total_bytes".into()));
        }
        Ok(SessionPolicy { placeholders, labels, grants, grants_on_approval, sessions })
    }
}
