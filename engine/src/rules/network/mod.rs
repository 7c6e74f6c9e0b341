//! EG-NET-001: commands that send data to a destination not in `allowed_hosts`.
//!
//! A shell command (`/command` or `/cmd` of any tool) is parsed as bash parses it
//! ([`shell`]), every simple command it would run goes to the per-tool detectors ([`tools`]),
//! and each destination is normalized and checked against the allowlist ([`dest`]). Code given
//! to a code-execution tool (`/code`) goes through the same snippet detection the `python -c`
//! detector uses ([`code`]). Where the destination or the command cannot be known statically,
//! the rule fails closed: a hit, never a silent allow. In `match: any_host` mode plain requests
//! to hosts not on the list are hits too.

pub mod code;
pub mod dest;
pub mod shell;
pub mod tools;

use std::collections::BTreeSet;

use super::{Hit, Input, Outcome};
use crate::mask::one_line;
use crate::policy::{NetworkMatch, NetworkPolicy};
use crate::verdict::Severity;
use dest::{Allowed, Dest};

pub const CODE: &str = "EG-NET-001";

/// What a detector saw a command do.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// Local data leaves for `dest`.
    Upload,
    /// A request to `dest` without local data (only a hit in `any_host` mode).
    Request,
    /// The command cannot be analysed statically; `via` says why.
    Unknowable,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Event {
    pub kind: Kind,
    /// The tool (`curl`, `aws s3`, `python`) or, for [`Kind::Unknowable`], the reason.
    pub via: String,
    pub dest: Dest,
}

impl Event {
    pub fn upload(via: &str, dest: Dest) -> Event {
        Event { kind: Kind::Upload, via: via.to_string(), dest }
    }

    pub fn request(via: &str, dest: Dest) -> Event {
        Event { kind: Kind::Request, via: via.to_string(), dest }
    }

    pub fn unknowable(why: &str) -> Event {
        Event { kind: Kind::Unknowable, via: why.to_string(), dest: Dest::Unknown }
    }
}

/// Tools whose argument is source code rather than a shell command.
const CODE_TOOLS: &[&str] = &["execute_code", "python_exec", "node_exec", "run_code", "code_interpreter", "python", "ipython", "jupyter", "javascript"];

pub struct Rule {
    allowed: Allowed,
    any_host: bool,
}

impl Rule {
    pub fn new(policy: &NetworkPolicy) -> Rule {
        Rule { allowed: Allowed::new(&policy.allowed_hosts), any_host: policy.match_ == NetworkMatch::AnyHost }
    }

    pub fn inspect(&self, input: &Input) -> Outcome {
        let events = match input.path {
            "/command" | "/cmd" => analyse_shell(input.text),
            "/code" | "/source" if is_code_tool(input.tool) => code::analyse(input.text, input.tool),
            _ => return Outcome::default(),
        };
        let head = || one_line(&crate::rules::secrets::mask_credentials(input.text.split_whitespace().next().unwrap_or("")), 40);
        let mut hits: Vec<Hit> = Vec::new();
        let mut seen = BTreeSet::new();
        for e in events {
            let (reason, preview, severity) = match e.kind {
                Kind::Unknowable => (format!("Command cannot be checked statically ({}), so it may send data to any host.", e.via), head(), Severity::High),
                // `gh gist create` always counts unless the gist host itself is listed.
                _ if e.via == "gh gist" && self.allowed.lists_exactly(e.dest.label()) => continue,
                _ if e.via != "gh gist" && self.allowed.allows(&e.dest) => continue,
                Kind::Upload => match &e.dest {
                    Dest::Unknown => (format!("Command sends data via {} upload to a destination that cannot be determined before it runs.", e.via), head(), Severity::High),
                    d => (format!("Command sends data via {} upload to '{}', which is not in allowed_hosts.", e.via, d.label()), d.label().to_string(), Severity::High),
                },
                Kind::Request if self.any_host => match &e.dest {
                    Dest::Unknown => (format!("Command makes a request via {} to a destination that cannot be determined before it runs.", e.via), head(), Severity::Medium),
                    d => (format!("Command makes a request via {} to '{}', which is not in allowed_hosts.", e.via, d.label()), d.label().to_string(), Severity::Medium),
                },
                Kind::Request => continue,
            };
            if seen.insert(reason.clone()) {
                hits.push(Hit { code: CODE, severity, reason, preview, action: None });
            }
        }
        Outcome { hits, ..Outcome::default() }
    }
}

fn is_code_tool(tool: &str) -> bool {
    let t = tool.to_ascii_lowercase();
    CODE_TOOLS.contains(&t.as_str()) || t.contains("python") || t.contains("node") || t.ends_with("_code") || t.starts_with("code_")
}

/// Every event a shell command produces.
pub fn analyse_shell(text: &str) -> Vec<Event> {
    let script = shell::walk(text);
    let mut cx = tools::Cx::new(&script.files);
    for cmd in &script.cmds {
        tools::detect(cmd, &mut cx);
    }
    let mut events = script.events;
    events.extend(cx.events);
    events
}
