//! Runners: programs that run another command (`conda run`, `uv run`, `npx`, `docker exec`,
//! `tmux new -d '…'`, `at now <<<'…'`, `ssh HOST 'cmd'`, …). Each entry of [`RUNNERS`] reads its
//! program's own option grammar (which options take a value) to find where the inner command
//! starts, so `conda run -n base curl …` runs `curl …` and `flock -w 5 /tmp/l curl …` does not
//! run `/tmp/l`. The shell walker ([`super::shell`]) asks here for every command name its own
//! wrapper table does not know; `engine/tests/network_runners.rs` holds each runner's examples.

use super::dest::DYN;
use super::shell::{Lines, Unwrapped, Word, joined, rest_copy as rest, skip_options};
use super::tools::SSH_VAL;

/// One runner: the programs it answers to, its option grammar (for the docs and the table test),
/// and how it finds the command it runs.
pub struct Runner {
    pub name: &'static str,
    pub programs: &'static [&'static str],
    pub grammar: &'static str,
    run: fn(&str, &[Word]) -> Unwrapped,
}

pub static RUNNERS: &[Runner] = &[
    Runner {
        name: "conda run",
        programs: &["conda", "mamba", "micromamba"],
        grammar: "run [-n ENV | -p PREFIX | --cwd DIR | --no-capture-output] CMD…",
        run: conda,
    },
    Runner {
        name: "uv run",
        programs: &["uv", "uvx"],
        grammar: "run [--with PKG | -p PY | --project DIR | --env-file F …] CMD… ; uvx [--from PKG] CMD…",
        run: uv,
    },
    Runner {
        name: "project run",
        programs: &["poetry", "pipenv", "pdm", "hatch", "rye", "pixi"],
        grammar: "run [-C DIR | -P DIR | -e ENV] CMD…",
        run: project_run,
    },
    Runner {
        name: "npx",
        programs: &["npx", "bunx", "pnpx", "npm", "pnpm", "yarn"],
        grammar: "npx [-y] [-p PKG] CMD… | npx -c 'CMD' ; npm exec / pnpm dlx|exec / yarn dlx|exec [--] CMD…",
        run: npx,
    },
    Runner {
        name: "parallel",
        programs: &["parallel"],
        grammar: "[-j N | -S HOSTS | -a FILE | -d DELIM | -I STR …] CMD… [::: ARGS]",
        run: parallel,
    },
    Runner {
        name: "script",
        programs: &["script"],
        grammar: "[-q] [-a] -c 'CMD' [FILE]",
        run: script,
    },
    Runner {
        name: "tmux",
        programs: &["tmux"],
        grammar: "new[-session] [-d] [-s NAME] [-c DIR] … 'CMD' ; send-keys [-t T] 'CMD' Enter ; run-shell 'CMD'",
        run: tmux,
    },
    Runner {
        name: "screen",
        programs: &["screen"],
        grammar: "-dm[S NAME] CMD… ; -S NAME -X stuff 'CMD\\n'",
        run: screen,
    },
    Runner {
        name: "at",
        programs: &["at", "batch"],
        grammar: "[-q Q] [-f FILE] TIME… (commands on stdin)",
        run: at,
    },
    Runner {
        name: "crontab",
        programs: &["crontab"],
        grammar: "[-u USER] [FILE | -] (entries on stdin or in FILE; -l, -r, -e do not install)",
        run: crontab,
    },
    Runner {
        name: "make",
        programs: &["make", "gmake"],
        grammar: "[-f FILE | -C DIR | -j N | --eval=TEXT …] [TARGET…] (recipes of FILE, `-` for stdin, else Makefile)",
        run: make,
    },
    Runner {
        name: "flock",
        programs: &["flock"],
        grammar: "[-w SECS | -E CODE | -n | -x | -s] LOCKFILE (CMD… | -c 'CMD')",
        run: flock,
    },
    Runner {
        name: "container",
        programs: &["docker", "podman", "nerdctl"],
        grammar: "run [OPTS] IMAGE CMD… ; exec [-e K=V | -u U | -w DIR] CONTAINER CMD…",
        run: container,
    },
    Runner {
        name: "kubectl exec",
        programs: &["kubectl", "oc"],
        grammar: "exec [-it] [-c CONTAINER | -n NS] POD -- CMD… ; run NAME --image=I -- CMD…",
        run: kubectl,
    },
    Runner {
        name: "cloud run-command",
        programs: &["gcloud", "aws", "az"],
        grammar: "gcloud compute ssh VM (--command CMD | -- CMD…) ; aws ssm send-command --parameters commands=… ; az vm run-command invoke|create --scripts|--script CMD",
        run: cloud_run_command,
    },
    Runner {
        name: "sshpass",
        programs: &["sshpass"],
        grammar: "(-e | -p PASS | -f FILE | -d FD) [-P PROMPT] CMD…",
        run: sshpass,
    },
    Runner {
        name: "sandbox",
        programs: &[
            "chroot",
            "runuser",
            "pkexec",
            "systemd-run",
            "strace",
            "ltrace",
            "firejail",
            "unshare",
            "xvfb-run",
            "dbus-run-session",
            "direnv",
            "nix-shell",
        ],
        grammar: "chroot DIR CMD… ; runuser -u U -- CMD… | -c 'CMD' ; systemd-run [-p P …] CMD… ; strace [-o F] CMD… ; direnv exec DIR CMD… ; nix-shell --run 'CMD'",
        run: sandbox,
    },
];

/// The command `name args…` runs, when `name` is a runner.
pub(super) fn unwrap(name: &str, args: &[Word]) -> Unwrapped {
    match RUNNERS.iter().find(|r| r.programs.contains(&name)) {
        Some(r) => (r.run)(name, args),
        None => Unwrapped::No,
    }
}

/// `ssh [opts] HOST [--] CMD…`: the remote command, as the remote shell will read it.
pub fn ssh_remote(args: &[Word]) -> Option<String> {
    let i = skip_options(args, SSH_VAL, &[]);
    let mut words = args.get(i + 1..)?;
    if words.first().is_some_and(|w| w.text == "--") {
        words = &words[1..];
    }
    let words = Some(words).filter(|w| !w.is_empty())?;
    Some(
        words
            .iter()
            .map(|w| w.text.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// Whether a remote command is a shell that runs the script on its input: `bash`, `sh -s`,
/// `sudo bash`, `sudo -i` (not `bash -c '…'`, not a file argument).
pub fn reads_script_from_stdin(remote: &str) -> bool {
    let mut words = remote.split_whitespace().peekable();
    if words.peek() == Some(&"sudo") {
        words.next();
        while words.peek().is_some_and(|w| w.starts_with('-')) {
            let opt = words.next().unwrap_or_default();
            if matches!(opt, "-s" | "-i") && words.peek().is_none() {
                return true;
            }
            if matches!(opt, "-u" | "-g") {
                words.next();
            }
        }
    }
    let Some(shell) = words.next() else { return false };
    if !matches!(shell.rsplit('/').next().unwrap_or(shell), "sh" | "bash" | "zsh" | "dash" | "ksh") {
        return false;
    }
    words.all(|w| w.starts_with('-') && !w.contains('c'))
}

fn sub(args: &[Word], names: &[&str]) -> bool {
    args.first()
        .is_some_and(|a| names.contains(&a.text.as_str()))
}

/// The value of `-c`/`--command` style options, when one is given.
fn command_option(args: &[Word], names: &[&str]) -> Option<Unwrapped> {
    let i = args.iter().position(|a| names.contains(&a.text.as_str()))?;
    Some(Unwrapped::Script(args.get(i + 1).map(|w| w.text.clone())))
}

fn conda(_: &str, args: &[Word]) -> Unwrapped {
    if !sub(args, &["run"]) {
        return Unwrapped::No;
    }
    let a = &args[1..];
    rest(a, skip_options(a, "np", &["name", "prefix", "cwd"]))
}

fn uv(name: &str, args: &[Word]) -> Unwrapped {
    const LONG: &[&str] = &[
        "with",
        "with-requirements",
        "with-editable",
        "python",
        "project",
        "directory",
        "env-file",
        "group",
        "extra",
        "package",
        "index",
        "index-url",
        "extra-index-url",
        "find-links",
        "from",
        "script",
    ];
    let a = match name {
        "uvx" => args,
        _ if sub(args, &["run"]) => &args[1..],
        _ if args.len() >= 2 && args[0].text == "tool" && args[1].text == "run" => &args[2..],
        _ => return Unwrapped::No,
    };
    rest(a, skip_options(a, "p", LONG))
}

fn project_run(_: &str, args: &[Word]) -> Unwrapped {
    if !sub(args, &["run"]) {
        return Unwrapped::No;
    }
    let a = &args[1..];
    rest(
        a,
        skip_options(
            a,
            "CPe",
            &[
                "directory",
                "project",
                "environment",
                "env",
                "manifest-path",
            ],
        ),
    )
}

fn npx(name: &str, args: &[Word]) -> Unwrapped {
    let a = match name {
        "npx" | "bunx" | "pnpx" => args,
        "npm" if sub(args, &["exec", "x"]) => &args[1..],
        "pnpm" | "yarn" if sub(args, &["dlx", "exec"]) => &args[1..],
        _ => return Unwrapped::No,
    };
    if let Some(script) = command_option(a, &["-c", "--call"]) {
        return script;
    }
    rest(
        a,
        skip_options(a, "p", &["package", "registry", "cache", "userconfig"]),
    )
}

fn parallel(_: &str, args: &[Word]) -> Unwrapped {
    let end = args
        .iter()
        .position(|a| a.text.starts_with(":::"))
        .unwrap_or(args.len());
    let i = skip_options(
        &args[..end],
        "jSaPdInLX",
        &[
            "jobs",
            "sshlogin",
            "arg-file",
            "max-procs",
            "delimiter",
            "results",
            "joblog",
            "tmpdir",
            "timeout",
            "max-args",
            "max-lines",
            "colsep",
        ],
    );
    let mut cmd: Vec<Word> = args[i.min(end)..end].to_vec();
    let fill = |t: &str| {
        [
            "{}", "{.}", "{/}", "{//}", "{/.}", "{#}", "{%}", "{1}", "{2}",
        ]
        .iter()
        .fold(t.to_string(), |t, p| t.replace(p, &DYN.to_string()))
    };
    // One quoted word: parallel runs it through a shell.
    if let [only] = cmd.as_slice()
        && only.text.contains(char::is_whitespace)
    {
        return Unwrapped::Script(Some(fill(&only.text)));
    }
    if cmd.is_empty() {
        // `parallel ::: 'cmd1' 'cmd2'`: every argument is a command.
        return Unwrapped::Script(
            joined(
                &args[end..]
                    .iter()
                    .skip(1)
                    .filter(|a| !a.text.starts_with(":::"))
                    .cloned()
                    .collect::<Vec<_>>(),
            )
            .map(|s| s.replace(' ', "\n")),
        );
    }
    let placeholder = cmd.iter().any(|w| w.text.contains('{'));
    cmd.iter_mut().for_each(|w| w.text = fill(&w.text));
    if !placeholder {
        cmd.push(Word {
            text: DYN.to_string(),
            subst: false,
        });
    }
    Unwrapped::Inner(vec![cmd])
}

fn script(_: &str, args: &[Word]) -> Unwrapped {
    if let Some(i) = args.iter().position(|a| {
        a.text == "-c"
            || a.text == "--command"
            || (a.text.starts_with('-') && !a.text.starts_with("--") && a.text.ends_with('c'))
    }) {
        return Unwrapped::Script(args.get(i + 1).map(|w| w.text.clone()));
    }
    Unwrapped::No
}

fn tmux(_: &str, args: &[Word]) -> Unwrapped {
    let i = skip_options(args, "LSf", &[]);
    let Some(cmd) = args.get(i) else {
        return Unwrapped::No;
    };
    let a = &args[i + 1..];
    match cmd.text.as_str() {
        "new" | "new-session" | "new-window" | "neww" | "split-window" | "splitw"
        | "respawn-pane" | "respawnp" | "respawn-window" | "respawnw" => {
            let j = skip_options(a, "sntcxyeFlt", &[]);
            if j >= a.len() {
                Unwrapped::No
            } else {
                Unwrapped::Script(joined(&a[j..]))
            }
        }
        "run-shell" | "run" => {
            let j = skip_options(a, "dtc", &[]);
            Unwrapped::Script(joined(&a[j.min(a.len())..]))
        }
        "send-keys" | "send" => {
            let j = skip_options(a, "tNX", &[]);
            let keys: Vec<Word> = a[j.min(a.len())..]
                .iter()
                .filter(|k| !matches!(k.text.as_str(), "Enter" | "C-m" | "KPEnter" | "C-j"))
                .cloned()
                .collect();
            if keys.is_empty() {
                Unwrapped::No
            } else {
                Unwrapped::Script(joined(&keys))
            }
        }
        _ => Unwrapped::No,
    }
}

fn screen(_: &str, args: &[Word]) -> Unwrapped {
    if let Some(i) = args.iter().position(|a| a.text == "stuff")
        && args[..i].iter().any(|a| a.text == "-X")
    {
        return Unwrapped::Script(
            args.get(i + 1)
                .map(|w| w.text.replace("\\n", "\n").replace("^M", "\n")),
        );
    }
    let i = skip_options(args, "SctLlpTehsX", &["logfile"]);
    if i >= args.len()
        || args
            .iter()
            .any(|a| matches!(a.text.as_str(), "-r" | "-R" | "-x" | "-ls" | "-list"))
    {
        return Unwrapped::No;
    }
    rest(args, i)
}

fn at(_: &str, args: &[Word]) -> Unwrapped {
    if args
        .iter()
        .any(|a| matches!(a.text.as_str(), "-l" | "-r" | "-d" | "-c"))
    {
        return Unwrapped::No;
    }
    let file = args
        .iter()
        .position(|a| a.text == "-f")
        .and_then(|i| args.get(i + 1))
        .map(|w| w.text.clone());
    Unwrapped::Stdin(file, Lines::Shell)
}

fn crontab(_: &str, args: &[Word]) -> Unwrapped {
    if args.iter().any(|a| matches!(a.text.as_str(), "-l" | "-r" | "-e" | "-T")) {
        return Unwrapped::No;
    }
    let i = skip_options(args, "u", &[]);
    match args.get(i) {
        Some(f) if f.text != "-" => Unwrapped::Stdin(Some(f.text.clone()), Lines::Crontab),
        _ => Unwrapped::Stdin(None, Lines::Crontab),
    }
}

/// The commands of crontab entries: each line after its five time fields or its `@reboot`-style
/// schedule; variable lines (`PATH=…`) are kept as assignments, comments dropped. An unescaped `%`
/// ends the command (cron feeds the rest to its stdin).
pub(super) fn crontab_commands(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let first = line.split_whitespace().next().unwrap_or("");
        let command = if first.contains('=') && !first.starts_with(['*', '@']) && !first.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            line
        } else {
            let fields = if first.starts_with('@') { 1 } else { 5 };
            let mut rest = line;
            for _ in 0..fields {
                rest = rest.trim_start();
                rest = rest.find(char::is_whitespace).map_or("", |k| &rest[k..]);
            }
            rest.trim()
        };
        let mut cmd = String::new();
        let mut chars = command.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&'%') => cmd.push(chars.next().unwrap_or('%')),
                '%' => break,
                c => cmd.push(c),
            }
        }
        out.push_str(&cmd);
        out.push('\n');
    }
    out
}

fn make(_: &str, args: &[Word]) -> Unwrapped {
    let (mut file, mut eval) = (None, String::new());
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let t = a.text.as_str();
        let next = || args.get(i + 1).map(|w| w.text.clone()).unwrap_or_default();
        match t {
            "-n" | "--dry-run" | "--just-print" | "--recon" | "-q" | "--question" | "-p" | "--print-data-base" => return Unwrapped::No,
            "-f" | "--file" | "--makefile" => {
                file = Some(next());
                i += 1;
            }
            "--eval" => {
                eval.push_str(&next());
                eval.push('\n');
                i += 1;
            }
            "-C" | "--directory" | "-I" | "--include-dir" | "-o" | "-W" | "--old-file" | "--what-if" => i += 1,
            _ if t.starts_with("--eval=") => {
                eval.push_str(&t["--eval=".len()..]);
                eval.push('\n');
            }
            _ if t.starts_with("--file=") || t.starts_with("--makefile=") => file = t.split_once('=').map(|(_, f)| f.to_string()),
            _ if t.starts_with("-f") && t.len() > 2 => file = Some(t[2..].to_string()),
            _ => {}
        }
        i += 1;
    }
    let file = match file.as_deref() {
        Some("-") => None,
        Some(f) => Some(f.to_string()),
        None => Some("Makefile".to_string()),
    };
    Unwrapped::Stdin(file, Lines::Make(eval))
}

/// The shell commands of a makefile's recipes: lines that start with a tab, and the part after
/// `;` on a rule line (`x: ; cmd`), with `@`, `-` and `+` prefixes removed, backslash-newlines
/// joined, variables set in the file expanded (`$(H)`, `${H}`; others are run-time values) and
/// `$$` read as the shell's `$`. Recipes that would expand past twice the makefile's size (a long
/// value used again and again) are one run-time command: the walk reports them unread.
pub(super) fn make_recipes(text: &str) -> String {
    let joined = text.replace("\\\n", " ");
    let limit = 2 * text.len() + 4096;
    let mut vars: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let mut recipes = Vec::new();
    for line in joined.lines() {
        if let Some(r) = line.strip_prefix('\t') {
            recipes.push(r.to_string());
            continue;
        }
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let t = t.strip_prefix("export ").unwrap_or(t).trim_start();
        if let Some(k) = t.find('=')
            && let name = t[..k].trim_end_matches([':', '?', '+', '!']).trim()
            && !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        {
            vars.insert(name.to_string(), t[k + 1..].trim().to_string());
            continue;
        }
        if let Some(k) = t.find(':')
            && let Some(j) = t[k..].find(';')
        {
            recipes.push(t[k + j + 1..].to_string());
        }
    }
    let mut out = String::new();
    for r in recipes {
        let r = r.trim_start().trim_start_matches(['@', '-', '+']);
        let mut chars = r.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '$' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('$') => out.push('$'),
                Some(open @ ('(' | '{')) => {
                    let close = if open == '(' { ')' } else { '}' };
                    let name: String = chars.by_ref().take_while(|&c| c != close).collect();
                    match vars.get(&name) {
                        Some(v) => out.push_str(v),
                        None => out.push(DYN),
                    }
                    if out.len() > limit {
                        return format!("{DYN}\n");
                    }
                }
                Some(_) | None => out.push(DYN),
            }
        }
        out.push('\n');
    }
    out
}

fn flock(_: &str, args: &[Word]) -> Unwrapped {
    if let Some(script) = command_option(args, &["-c", "--command"]) {
        return script;
    }
    let i = skip_options(args, "wE", &["timeout", "wait", "conflict-exit-code"]);
    // The lock file, then the command.
    rest(args, i + 1)
}

fn container(_: &str, args: &[Word]) -> Unwrapped {
    const RUN_VAL: &str = "acehlmpuvw";
    const RUN_LONG: &[&str] = &[
        "name",
        "network",
        "net",
        "entrypoint",
        "env",
        "env-file",
        "volume",
        "workdir",
        "user",
        "mount",
        "platform",
        "label",
        "hostname",
        "add-host",
        "cpus",
        "memory",
        "publish",
        "device",
        "dns",
        "cap-add",
        "cap-drop",
        "security-opt",
        "ulimit",
        "gpus",
        "pull",
        "restart",
        "shm-size",
        "tmpfs",
        "ipc",
        "pid",
        "log-driver",
        "log-opt",
        "runtime",
        "expose",
        "link",
        "volumes-from",
        "cidfile",
        "stop-signal",
        "stop-timeout",
        "health-cmd",
        "userns",
        "cgroupns",
        "uts",
        "isolation",
        "detach-keys",
        "attach",
        "cpu-shares",
        "memory-swap",
        "group-add",
        "init-path",
        "label-file",
        "network-alias",
        "sysctl",
    ];
    let g = skip_options(args, "Hc", &["host", "context", "config", "log-level"]);
    let Some(sub) = args.get(g) else {
        return Unwrapped::No;
    };
    let a = &args[g + 1..];
    match sub.text.as_str() {
        // IMAGE, then the command. Arguments that start with `-` go to the image's entrypoint,
        // taken to be the tool the image is named after (`curlimages/curl -d @f …`).
        "run" | "create" => {
            let i = skip_options(a, RUN_VAL, RUN_LONG);
            let Some(image) = a.get(i) else {
                return Unwrapped::No;
            };
            let inner = &a[i + 1..];
            let tool = image.text.rsplit('/').next().unwrap_or(&image.text);
            let tool = tool.split([':', '@']).next().unwrap_or(tool);
            let with_tool = |tool: &str| {
                let mut argv = vec![Word::lit(tool)];
                argv.extend_from_slice(inner);
                argv
            };
            if inner.first().is_some_and(|w| w.text.starts_with('-')) {
                return Unwrapped::Inner(vec![with_tool(tool)]);
            }
            // An image named after a tool (`amazon/aws-cli s3 cp …`, `rclone/rclone copy …`)
            // may have it as its entrypoint: the arguments are read both ways.
            let tool = tool.strip_suffix("-cli").unwrap_or(tool);
            if !inner.is_empty() && inner[0].text != tool && super::tools::DETECTORS.iter().any(|d| d.programs.contains(&tool)) {
                return Unwrapped::Inner(vec![inner.to_vec(), with_tool(tool)]);
            }
            rest(a, i + 1)
        }
        "exec" => rest(
            a,
            skip_options(
                a,
                "euw",
                &["env", "env-file", "user", "workdir", "detach-keys"],
            ) + 1,
        ),
        "compose" | "container" => container("", &args[g + 1..]),
        _ => Unwrapped::No,
    }
}

fn kubectl(_: &str, args: &[Word]) -> Unwrapped {
    // Global options may come first (`kubectl -n prod exec …`).
    let g = skip_options(args, "ns", &["namespace", "context", "kubeconfig", "cluster", "user", "server", "token", "as"]);
    let args = &args[g.min(args.len())..];
    if !sub(args, &["exec", "run", "debug"]) {
        return Unwrapped::No;
    }
    match args.iter().position(|a| a.text == "--") {
        Some(i) => rest(args, i + 1),
        // Old form without `--`: `kubectl exec POD CMD…`.
        None if args[0].text == "exec" => {
            let a = &args[1..];
            rest(
                a,
                skip_options(
                    a,
                    "cnf",
                    &[
                        "container",
                        "namespace",
                        "filename",
                        "context",
                        "kubeconfig",
                        "pod-running-timeout",
                    ],
                ) + 1,
            )
        }
        None => Unwrapped::No,
    }
}

/// Commands a cloud CLI runs on a machine of the account: the script is a command like any
/// other (what it sends, it sends from there), and the CLI talks to that machine.
fn cloud_run_command(name: &str, args: &[Word]) -> Unwrapped {
    let texts: Vec<&str> = args.iter().map(|w| w.text.as_str()).collect();
    let value = |names: &[&str]| {
        texts.iter().enumerate().find_map(|(i, t)| {
            names.iter().find_map(|n| match t.strip_prefix(n) {
                Some(v) if v.starts_with('=') => Some(v[1..].to_string()),
                Some("") => texts.get(i + 1).map(|v| v.to_string()),
                _ => None,
            })
        })
    };
    match name {
        "gcloud" if texts.starts_with(&["compute", "ssh"]) => {
            if let Some(cmd) = value(&["--command"]) {
                return Unwrapped::Remote(cmd);
            }
            match texts.iter().position(|t| *t == "--").map(|i| joined(&args[i + 1..])) {
                Some(Some(script)) => Unwrapped::Remote(script),
                Some(None) => Unwrapped::Script(None),
                None => Unwrapped::No,
            }
        }
        "aws" if texts.windows(2).any(|w| w == ["ssm", "send-command"]) => {
            let Some(params) = value(&["--parameters"]) else { return Unwrapped::No };
            // `commands=["a","b"]`, `commands='a'`, or JSON `{"commands": ["a"]}`: each string a line.
            let list = params.split_once("commands").map_or("", |(_, rest)| rest.trim_start_matches(['"', '=', ':', ' ']));
            let lines: Vec<String> = match list.strip_prefix('[') {
                Some(items) => items
                    .split("\",")
                    .map(|item| item.trim_matches(|c: char| matches!(c, '"' | '[' | ']' | '}' | ' ' | '\'')).to_string())
                    .collect(),
                None => vec![list.trim_matches(|c: char| matches!(c, '"' | '\'' | '}')).to_string()],
            };
            Unwrapped::Remote(lines.join("\n"))
        }
        "az" if texts.windows(2).any(|w| w == ["vm", "run-command"]) => match value(&["--scripts", "--script"]) {
            Some(script) => Unwrapped::Remote(script),
            None => Unwrapped::No,
        },
        _ => Unwrapped::No,
    }
}

fn sshpass(_: &str, args: &[Word]) -> Unwrapped {
    rest(args, skip_options(args, "pfdP", &[]))
}

fn sandbox(name: &str, args: &[Word]) -> Unwrapped {
    match name {
        "chroot" => {
            let i = skip_options(args, "", &["userspec", "groups"]);
            rest(args, i + 1)
        }
        "runuser" => command_option(args, &["-c", "--command"]).unwrap_or_else(|| {
            rest(
                args,
                skip_options(args, "ugG", &["user", "group", "supp-group"]),
            )
        }),
        "pkexec" => rest(args, skip_options(args, "", &["user"])),
        "systemd-run" => rest(
            args,
            skip_options(
                args,
                "upEM",
                &[
                    "unit",
                    "property",
                    "setenv",
                    "machine",
                    "uid",
                    "gid",
                    "working-directory",
                    "description",
                    "slice",
                    "on-calendar",
                    "on-active",
                ],
            ),
        ),
        "strace" | "ltrace" => rest(
            args,
            skip_options(
                args,
                "oepsuEbIOPSXaA",
                &[
                    "output",
                    "trace",
                    "signal",
                    "attach",
                    "string-limit",
                    "user",
                ],
            ),
        ),
        "firejail" | "unshare" | "dbus-run-session" => rest(args, skip_options(args, "", &[])),
        "xvfb-run" => rest(
            args,
            skip_options(
                args,
                "nsfepw",
                &[
                    "server-num",
                    "server-args",
                    "auth-file",
                    "error-file",
                    "xauth-protocol",
                    "wait",
                ],
            ),
        ),
        "direnv" if sub(args, &["exec"]) => rest(args, 2),
        "nix-shell" => command_option(args, &["--run", "--command"]).unwrap_or(Unwrapped::No),
        _ => Unwrapped::No,
    }
}
