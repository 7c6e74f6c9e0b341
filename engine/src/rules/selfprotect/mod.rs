//! EG-SELF-001: the guard protects its own files.
//!
//! An agent with a terminal could turn the guard off without ever sending data anywhere: edit the
//! policy, delete the component (under `fail_mode: open` the guard is then off), replace the
//! compiled-module cache (native code the host loads), remove the plugin or a runtime's hook
//! settings, or delete the audit log. Every command and tool call that writes, moves, deletes or
//! changes the permissions of one of those paths is blocked, with a message saying why.
//!
//! What a command changes comes from the shell walk the network rule uses (wrappers, `bash -c`,
//! substitutions unwrapped; redirections recorded): each simple command goes to the writer of its
//! program ([`writers`]: `rm`, `mv`, `cp`/`ln`/`rsync`, `tee`, `truncate`, `sed -i`, `chmod`,
//! `dd of=`, `curl -o`, `find -delete`, code given to `python -c`/`node -e`, `hermes plugins
//! disable egress-guard`, …), `cd` is followed so relative paths resolve, and each path is matched
//! against the protected list ([`paths`]): built-in well-known locations, the policy's
//! `rules.selfprotect.paths`, and the paths the host adds (`Guard::protect_paths`: the files it
//! actually loaded and writes). A file tool's path argument (class `file_write`, field `path`), a
//! V4A patch's `*** Update File:` lines and code given to a code tool are checked the same way.

pub mod paths;
pub mod settings;
pub mod writers;

use std::collections::HashSet;

use super::network::dest::DYN;
use super::network::shell::Script;
use super::{Context, Hit, Outcome};
use crate::tools::{Field, ToolClass};
use crate::verdict::Severity;
use paths::Path;
use writers::{Op, Target};

pub const CODE: &str = "EG-SELF-001";

/// Findings per inspected string (a command that deletes a whole tree names few files).
const MAX_FINDINGS: usize = 20;

/// Where the guard's files are on any machine. `**/` matches at any depth.
pub const BUILTIN: &[(&str, &str)] = &[
    ("**/.hermes/egress-guard.yaml", "the guard's policy"),
    ("**/.hermes/egress-guard", "the guard's audit log"),
    ("**/.hermes/plugins/egress-guard", "the guard's Hermes plugin"),
    ("**/.hermes/config.yaml", "Hermes's hook settings"),
    ("~/.cache/egress-guard", "the guard's compiled-module cache"),
    ("**/egress_guard.wasm", "the guard's component"),
    ("**/.claude/settings.json", "Claude Code's hook settings"),
    ("**/.claude/settings.local.json", "Claude Code's hook settings"),
    ("/etc/claude-code/managed-settings.json", "Claude Code's hook settings"),
    ("**/.codex/config.toml", "Codex's hook settings"),
    ("**/.codex/hooks.json", "Codex's hook settings"),
];

/// Paths a host adds: the files it really loaded and writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostPaths {
    /// The user's home directory, so `/home/me/…` and `~/…` are known to be the same.
    pub home: Option<String>,
    /// `(path, what it is)`, e.g. `("/home/me/.hermes/egress-guard.yaml", "the guard's policy")`.
    pub paths: Vec<(String, String)>,
}

struct Protected {
    path: Path,
    /// As shown in findings: the home directory written `~`.
    shown: String,
    what: String,
}

pub struct Rule {
    protected: Vec<Protected>,
    home: Option<Path>,
}

/// What a file tool does to its path, by the tool's name (a `file_write` tool writes unless its
/// name says it deletes or moves).
fn file_tool_op(tool: &str) -> Op {
    let t = tool.to_ascii_lowercase();
    if t.contains("delete") || t.contains("remove") || t.contains("unlink") {
        Op::Delete
    } else if t.contains("move") || t.contains("rename") {
        Op::Move
    } else {
        Op::Write
    }
}

impl super::Rule for Rule {
    fn inspect(&self, cx: &Context, text: &str) -> Outcome {
        let mut targets = Vec::new();
        let mut off = false;
        match cx.field {
            Some(Field::Command) => cx.with_shell(text, |script| self.script_targets(script, &mut targets, &mut off)),
            Some(Field::Code) => writers::code_targets(text, &mut targets),
            Some(Field::Path) if cx.class == ToolClass::FileWrite => {
                let op = file_tool_op(cx.tool);
                targets.push(Target { path: text.to_string(), op, recursive: op != Op::Write, into: None });
            }
            _ => patch_targets(text, &mut targets),
        }
        let mut hits = Vec::new();
        if off {
            hits.push(Hit {
                code: CODE,
                severity: Severity::Critical,
                reason: format!("Command would {}; an agent may not turn the guard off.", writers::UNINSTALLS),
                preview: "egress-guard".into(),
                action: None,
            });
        }
        let mut seen = HashSet::new();
        for t in &targets {
            if cx.allowed(&t.path) {
                continue;
            }
            for (i, p) in self.protected.iter().enumerate() {
                if hits.len() < MAX_FINDINGS && self.touches(t, p) && seen.insert((i, t.op)) {
                    hits.push(Hit {
                        code: CODE,
                        severity: Severity::Critical,
                        reason: format!("This would {} {} ({}); an agent may not change the files Egress Guard depends on.", t.op.verb(), p.what, p.shown),
                        preview: p.shown.clone(),
                        action: None,
                    });
                }
            }
        }
        Outcome { hits, ..Outcome::default() }
    }
}

impl Rule {
    /// The built-in paths, the policy's `paths` and the host's.
    pub fn new(policy_paths: &[String], host: &HostPaths) -> Rule {
        let home = host.home.as_deref().map(|h| Path::pattern(h, None));
        let shown = |text: &str| match host.home.as_deref().map(|h| h.trim_end_matches('/')) {
            Some(h) if !h.is_empty() && text.starts_with(h) && text[h.len()..].starts_with('/') => format!("~{}", &text[h.len()..]),
            _ => text.trim_start_matches("**/").to_string(),
        };
        let builtin = BUILTIN.iter().map(|(p, what)| (p.to_string(), what.to_string()));
        let listed = policy_paths.iter().map(|p| (p.clone(), "a path the policy protects".to_string()));
        let protected = builtin
            .chain(listed)
            .chain(host.paths.iter().cloned())
            .filter(|(p, _)| !p.trim().is_empty())
            .map(|(p, what)| Protected { path: Path::pattern(&p, home.as_ref()), shown: shown(&p), what })
            .collect();
        Rule { protected, home }
    }

    fn touches(&self, t: &Target, p: &Protected) -> bool {
        let Some(path) = Path::target(&t.path, self.home.as_ref(), None) else { return false };
        match &t.into {
            // `cp x DIR`: DIR itself when it is a file, DIR/x when it is a directory.
            Some(name) => path.touches(&p.path, false) || path.child(name).touches(&p.path, t.recursive),
            None => path.touches(&p.path, t.recursive),
        }
    }

    /// Every path the commands of a walk change, in order, with `cd` followed (relative paths
    /// after `cd ~/.hermes` are under it) and redirections included.
    fn script_targets(&self, script: &Script, out: &mut Vec<Target>, off: &mut bool) {
        let mut cwd: Option<Path> = None;
        let mut writes = script.writes.iter().peekable();
        let write = |path: &String| Target { path: path.clone(), op: Op::Write, recursive: false, into: None };
        for (i, cmd) in script.cmds.iter().enumerate() {
            while let Some((_, path)) = writes.next_if(|(at, _)| *at <= i) {
                out.push(self.at(cwd.as_ref(), write(path)));
            }
            if matches!(cmd.name(), "cd" | "pushd") {
                cwd = match cmd.args().iter().find(|a| !a.text.starts_with('-')) {
                    None => Some(Path::pattern("~", None)),
                    Some(dir) if !dir.dynamic() => Path::target(&dir.text, self.home.as_ref(), cwd.as_ref()),
                    Some(_) => None,
                };
                continue;
            }
            let start = out.len();
            writers::targets(cmd, out, off);
            for t in &mut out[start..] {
                *t = self.at(cwd.as_ref(), std::mem::replace(t, write(&String::new())));
            }
        }
        for (_, path) in writes {
            out.push(self.at(cwd.as_ref(), write(path)));
        }
    }

    /// A relative target resolved against a known working directory.
    fn at(&self, cwd: Option<&Path>, mut t: Target) -> Target {
        if let Some(dir) = cwd
            && !t.path.starts_with(['/', '~'])
            && !t.path.contains(DYN)
        {
            t.path = dir.join(&t.path).display();
        }
        t
    }
}

/// Files a V4A patch (`*** Update File: …`, Hermes `patch`, Codex `apply_patch`) or a unified
/// diff (`+++ b/…`) changes.
fn patch_targets(text: &str, out: &mut Vec<Target>) {
    if !text.contains("*** ") && !text.contains("+++ ") {
        return;
    }
    for line in text.lines() {
        let (op, path) = if let Some(p) = line.strip_prefix("*** Update File: ").or_else(|| line.strip_prefix("*** Add File: ")) {
            (Op::Write, p)
        } else if let Some(p) = line.strip_prefix("*** Delete File: ") {
            (Op::Delete, p)
        } else if let Some(p) = line.strip_prefix("*** Move to: ") {
            (Op::Write, p)
        } else if let Some(p) = line.strip_prefix("+++ ") {
            (Op::Write, p.strip_prefix("b/").unwrap_or(p).split('\t').next().unwrap_or(p))
        } else {
            continue;
        };
        out.push(Target { path: path.trim().to_string(), op, recursive: false, into: None });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Guard};

    fn findings(g: &Guard, tool: &str, args: serde_json::Value) -> Vec<crate::Finding> {
        g.inspect_args(tool, &args.to_string())
            .map_or_else(Vec::new, |v| {
                v.findings
                    .into_iter()
                    .filter(|f| f.rule == "selfprotect")
                    .collect()
            })
    }

    #[test]
    fn every_writer_reports_its_examples_and_only_them() {
        let g = Guard::new("", "test", None);
        for w in writers::WRITERS {
            for cmd in w.hits {
                let f = findings(&g, "terminal", serde_json::json!({ "command": cmd }));
                assert!(!f.is_empty(), "{}: missed {cmd:?}", w.name);
                assert!(
                    f.iter()
                        .all(|f| f.code == CODE && f.action == Action::Block),
                    "{f:?}"
                );
            }
            for cmd in w.misses {
                let f = findings(&g, "terminal", serde_json::json!({ "command": cmd }));
                assert!(f.is_empty(), "{}: false positive on {cmd:?}: {f:?}", w.name);
            }
        }
    }

    #[test]
    fn redirections_wrappers_and_cd_are_followed() {
        let g = Guard::new("", "test", None);
        for cmd in [
            ": > ~/.hermes/egress-guard/audit.jsonl",
            "echo 'mode: off' >> ~/.hermes/egress-guard.yaml",
            "sudo -u me bash -c 'rm -f ~/.hermes/egress-guard.yaml'",
            "cd ~/.hermes && rm egress-guard.yaml",
            "cd ~ && cd .hermes/plugins && rm -rf egress-guard",
            "echo x | sudo tee ~/.hermes/config.yaml > /dev/null",
            "exec 3> ~/.hermes/egress-guard/audit.jsonl",
            "rm -rf ~",
            "find ~/.cache/egress-guard -name '*.cwasm' -exec cp evil {} \\; ; rm -rf ~/.cache/egress-guard",
            "cp x.wasm /opt/venv/lib/python3.11/site-packages/egress_guard/egress_guard.wasm",
        ] {
            assert!(
                !findings(&g, "terminal", serde_json::json!({ "command": cmd })).is_empty(),
                "missed {cmd:?}"
            );
        }
        for cmd in [
            "cat ~/.hermes/egress-guard.yaml",
            "cd ~/.hermes && cat egress-guard.yaml > /tmp/p",
            "ls -la ~/.hermes",
            "cd /tmp && rm egress-guard.yaml",
            "egress-guard report ~/.hermes/egress-guard/audit.jsonl",
        ] {
            assert!(
                findings(&g, "terminal", serde_json::json!({ "command": cmd })).is_empty(),
                "false positive on {cmd:?}"
            );
        }
    }

    #[test]
    fn file_tools_patches_and_code_tools() {
        let g = Guard::new("", "test", None);
        let hit = |tool: &str, args: serde_json::Value| !findings(&g, tool, args).is_empty();
        assert!(hit(
            "write_file",
            serde_json::json!({"path": "~/.hermes/egress-guard.yaml", "content": "rules: {}"})
        ));
        assert!(hit(
            "patch",
            serde_json::json!({"mode": "replace", "path": "/root/.hermes/egress-guard.yaml", "old_string": "block", "new_string": "off"})
        ));
        assert!(hit(
            "patch",
            serde_json::json!({"mode": "patch", "patch": "*** Begin Patch\n*** Delete File: /home/me/.hermes/egress-guard/audit.jsonl\n*** End Patch"})
        ));
        // Claude Code's Edit, as `egress-guard hook` hands it to the engine.
        assert!(hit(
            "patch",
            serde_json::json!({"path": "/home/me/.claude/settings.json", "old_string": "a", "new_string": "b"})
        ));
        assert!(hit("write_file", serde_json::json!({"file_path": "~/.codex/hooks.json", "content": "{}"})));
        assert!(hit(
            "execute_code",
            serde_json::json!({"code": "import os\nos.remove('/root/.hermes/egress-guard/audit.jsonl')"})
        ));
        assert!(!hit(
            "write_file",
            serde_json::json!({"path": "notes/egress-guard.yaml.md", "content": "~/.hermes/egress-guard.yaml"})
        ));
        assert!(!hit(
            "read_file",
            serde_json::json!({"path": "~/.hermes/egress-guard.yaml"})
        ));
        assert!(!hit(
            "search_files",
            serde_json::json!({"path": "~/.hermes"})
        ));
    }

    #[test]
    fn host_paths_and_policy_paths_are_protected_and_shown_without_the_home_directory() {
        let mut g = Guard::new(
            "rules:\n  selfprotect:\n    paths: [/srv/guard/policy.yaml]\n",
            "test",
            None,
        );
        let host = HostPaths {
            home: Some("/home/alice".into()),
            paths: vec![(
                "/home/alice/venv/guard/custom.wasm".into(),
                "the guard's component".into(),
            )],
        };
        g.protect_paths(&host);
        let f = findings(
            &g,
            "terminal",
            serde_json::json!({ "command": "rm ~/venv/guard/custom.wasm /srv/guard/policy.yaml" }),
        );
        assert_eq!(f.len(), 2, "{f:?}");
        assert_eq!(f[0].preview, "~/venv/guard/custom.wasm");
        assert!(
            f[0].reason.contains("the guard's component") && !f[0].reason.contains("alice"),
            "{}",
            f[0].reason
        );
        // The home directory's absolute spelling and its parents are known now.
        assert!(
            !findings(
                &g,
                "terminal",
                serde_json::json!({ "command": "rm -rf /home/alice/.cache/egress-guard" })
            )
            .is_empty()
        );
        assert!(
            !findings(
                &g,
                "terminal",
                serde_json::json!({ "command": "rm -rf /home" })
            )
            .is_empty()
        );
    }

    #[test]
    fn turning_the_guard_off_is_blocked_with_a_reason() {
        let g = Guard::new("", "test", None);
        let v = g
            .inspect_args(
                "terminal",
                &serde_json::json!({"command": "rm -f ~/.hermes/egress-guard.yaml"}).to_string(),
            )
            .unwrap();
        assert_eq!(v.action, Action::Block);
        let msg = v.message.unwrap();
        assert!(
            msg.contains("EG-SELF-001") && msg.contains("delete the guard's policy"),
            "{msg}"
        );
        // The operator can still switch the rule off in the policy.
        let off = Guard::new("rules:\n  selfprotect:\n    mode: off\n", "test", None);
        assert!(
            findings(
                &off,
                "terminal",
                serde_json::json!({"command": "rm -f ~/.hermes/egress-guard.yaml"})
            )
            .is_empty()
        );
    }
}
