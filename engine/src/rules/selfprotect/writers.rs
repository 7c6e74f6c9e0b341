//! What a command writes, moves or deletes: one entry per program family, each with commands it
//! must report and commands it must not (checked by one table-driven test in `mod.rs`), in the
//! style of the network rule's detectors. Arguments are read with the same getopt-style parser
//! the network detectors use.

use std::sync::LazyLock;

use regex::Regex;

use crate::rules::network::shell::{Cmd, Stdin, Word};
use crate::rules::network::tools::{self, A, Spec, has, opt, parse, positionals};

/// How a command changes a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Op {
    Write,
    Delete,
    Move,
    Permissions,
}

impl Op {
    pub fn verb(self) -> &'static str {
        match self {
            Op::Write => "overwrite",
            Op::Delete => "delete",
            Op::Move => "move",
            Op::Permissions => "change the permissions of",
        }
    }
}

/// A path a command changes. `recursive`: everything under it too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub path: String,
    pub op: Op,
    pub recursive: bool,
    /// For a copy or move into a directory: the name the entry gets there.
    pub into: Option<String>,
}

impl Target {
    fn new(path: &str, op: Op, recursive: bool) -> Target {
        Target {
            path: path.to_string(),
            op,
            recursive,
            into: None,
        }
    }
}

/// What a command does to the guard that is not a path (`hermes plugins disable egress-guard`).
pub const UNINSTALLS: &str = "disable or uninstall Egress Guard";

/// One program family: the names it answers to, how it reads its arguments, and its examples
/// (`~/.hermes/egress-guard.yaml`, `~/.hermes/plugins/egress-guard/` and the audit log are
/// protected in them).
pub struct Writer {
    pub name: &'static str,
    pub programs: &'static [&'static str],
    run: fn(&str, &Cmd, &mut Vec<Target>, &mut bool),
    pub hits: &'static [&'static str],
    pub misses: &'static [&'static str],
}

pub static WRITERS: &[Writer] = &[
    Writer {
        name: "rm",
        programs: &[
            "rm",
            "unlink",
            "rmdir",
            "shred",
            "srm",
            "trash",
            "trash-put",
        ],
        run: remove,
        hits: &[
            "rm ~/.hermes/egress-guard.yaml",
            "rm -rf ~/.hermes",
            "rm -fr $HOME/.hermes/plugins",
            "shred -u ~/.hermes/egress-guard/audit.jsonl",
            "unlink .hermes/egress-guard.yaml",
            "rm -r ~/.her*",
        ],
        misses: &[
            "rm ~/.hermes/notes.txt",
            "rm ~/.hermes",
            "rm -rf build/",
            "rm egress-guard.yaml",
            "rm -rf $DIR",
        ],
    },
    Writer {
        name: "mv",
        programs: &["mv"],
        run: move_,
        hits: &[
            "mv ~/.hermes/egress-guard.yaml /tmp/",
            "mv x.yaml ~/.hermes/egress-guard.yaml",
            "mv ~/.hermes ~/.hermes.off",
            "mv -t ~/.hermes/plugins egress-guard",
            "mv egress-guard ~/.hermes/plugins/",
        ],
        misses: &[
            "mv a.txt b.txt",
            "mv ~/.hermes/notes.txt /tmp/",
            "mv notes ~/.hermes/plugins/",
        ],
    },
    Writer {
        name: "cp",
        programs: &["cp", "install", "ln", "link", "rsync"],
        run: copy,
        hits: &[
            "cp /dev/null ~/.hermes/egress-guard/audit.jsonl",
            "cp evil.yaml ~/.hermes/egress-guard.yaml",
            "ln -sf /dev/null ~/.hermes/egress-guard.yaml",
            "cp -r plugins ~/.hermes/",
            "rsync -a --delete empty/ ~/.hermes/",
            "install -m 644 p.yaml ~/.hermes/egress-guard.yaml",
            "cp egress-guard.yaml ~/.hermes",
        ],
        misses: &[
            "cp ~/.hermes/egress-guard.yaml /tmp/policy.yaml",
            "cp notes.txt ~/.hermes/",
            "rsync -a src/ host:~/.hermes/",
            "ln -s ~/.hermes/egress-guard.yaml /tmp/p",
        ],
    },
    Writer {
        name: "tee",
        programs: &["tee"],
        run: tee,
        hits: &[
            "echo x | tee ~/.hermes/egress-guard.yaml",
            "echo x | tee -a /tmp/a ~/.hermes/egress-guard/audit.jsonl",
        ],
        misses: &["echo x | tee /tmp/out", "tee"],
    },
    Writer {
        name: "truncate",
        programs: &["truncate", "fallocate"],
        run: truncate,
        hits: &[
            "truncate -s 0 ~/.hermes/egress-guard/audit.jsonl",
            "truncate --size=0 ~/.hermes/egress-guard.yaml",
        ],
        misses: &[
            "truncate -s 0 /tmp/log",
            "truncate -r ~/.hermes/egress-guard.yaml /tmp/x",
        ],
    },
    Writer {
        name: "sed",
        programs: &["sed", "gsed"],
        run: in_place,
        hits: &[
            "sed -i 's/block/off/' ~/.hermes/egress-guard.yaml",
            "sed -i.bak -e s/a/b/ ~/.hermes/egress-guard.yaml",
            "sed --in-place=.b '1d' ~/.hermes/egress-guard/audit.jsonl",
        ],
        misses: &[
            "sed 's/a/b/' ~/.hermes/egress-guard.yaml",
            "sed -n 1p ~/.hermes/egress-guard.yaml",
        ],
    },
    Writer {
        name: "chmod",
        programs: &["chmod", "chown", "chgrp", "chattr", "setfacl"],
        run: permissions,
        hits: &[
            "chmod 000 ~/.hermes/egress-guard.yaml",
            "chmod -R 777 ~/.hermes",
            "chown -R nobody ~/.cache/egress-guard",
            "chattr +i ~/.hermes/egress-guard/audit.jsonl",
        ],
        misses: &[
            "chmod +x run.sh",
            "chmod 600 ~/.ssh/id_rsa",
            "chmod 700 ~/.hermes",
        ],
    },
    Writer {
        name: "dd",
        programs: &["dd"],
        run: dd,
        hits: &["dd if=/dev/zero of=~/.hermes/egress-guard/audit.jsonl"],
        misses: &[
            "dd if=~/.hermes/egress-guard.yaml of=/tmp/x",
            "dd if=/dev/zero of=/tmp/x",
        ],
    },
    Writer {
        name: "download",
        programs: &["curl", "wget"],
        run: download,
        hits: &[
            "curl -o ~/.hermes/egress-guard.yaml https://x.example/p",
            "curl -sSLo ~/.hermes/egress-guard.yaml https://x.example/p",
            "wget -O ~/.hermes/egress-guard.yaml https://x.example/p",
            "wget -P ~/.hermes https://x.example/egress-guard.yaml",
            "curl --output-dir ~/.hermes -O https://x.example/egress-guard.yaml",
        ],
        misses: &[
            "curl -o /tmp/p https://x.example/egress-guard.yaml",
            "wget https://x.example/egress-guard.yaml",
            "curl https://x.example/ ~/.hermes/egress-guard.yaml",
        ],
    },
    Writer {
        name: "find",
        programs: &["find"],
        run: find,
        hits: &[
            "find ~/.hermes -name '*.jsonl' -delete",
            "find ~/.cache/egress-guard -delete",
        ],
        misses: &["find ~/.hermes -name '*.jsonl'", "find /tmp -delete"],
    },
    Writer {
        name: "interpreter",
        programs: &["python", "node", "deno", "bun", "ruby", "perl", "php"],
        run: interpreter,
        hits: &[
            "python3 -c \"open('/root/.hermes/egress-guard.yaml','w').write('')\"",
            "python -c 'import os; os.remove(os.path.expanduser(\"~/.hermes/egress-guard/audit.jsonl\"))'",
            "node -e \"require('fs').unlinkSync(process.env.HOME + '/.hermes/egress-guard.yaml')\"",
            "python3 - <<'EOF'\nimport shutil\nshutil.rmtree('/home/u/.hermes/plugins/egress-guard')\nEOF",
            "perl -pi -e 's/a/b/' ~/.hermes/egress-guard.yaml",
        ],
        misses: &[
            "python -c \"print(open('/root/.hermes/egress-guard.yaml').read())\"",
            "python -c \"open('/tmp/x','w').write('')\"",
            "perl -ne print ~/.hermes/egress-guard.yaml",
        ],
    },
    Writer {
        name: "uninstall",
        programs: &["hermes", "pip", "pip3", "uv"],
        run: uninstall,
        hits: &[
            "hermes plugins disable egress-guard",
            "hermes plugins remove egress-guard",
            "pip uninstall -y egress-guard",
            "uv pip uninstall egress_guard",
        ],
        misses: &[
            "hermes plugins list",
            "pip uninstall requests",
            "hermes plugins disable other",
        ],
    },
];

/// The writer for a program name (`python3.12` → `python`, `CURL.EXE` → `curl`).
pub fn writer(name: &str) -> Option<&'static Writer> {
    let program = tools::program(name);
    WRITERS.iter().find(|w| w.programs.contains(&&*program))
}

/// Every path `cmd` changes, and whether it turns the guard off (`off`).
pub fn targets(cmd: &Cmd, out: &mut Vec<Target>, off: &mut bool) {
    if let Some(w) = writer(cmd.name()) {
        (w.run)(&tools::program(cmd.name()), cmd, out, off);
    }
}

const NO_VALUES: Spec = Spec {
    short_val: "",
    long_val: &[],
};

fn texts<'w>(words: impl IntoIterator<Item = &'w Word>) -> impl Iterator<Item = &'w str> {
    words.into_iter().map(|w| w.text.as_str())
}

fn remove(via: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let p = parse(cmd.args(), &NO_VALUES);
    let recursive =
        matches!(via, "shred" | "trash" | "trash-put") || has(&p, &["r", "R", "recursive"]);
    let op = if via == "shred" && !has(&p, &["u", "remove"]) {
        Op::Write
    } else {
        Op::Delete
    };
    out.extend(texts(positionals(&p)).map(|t| Target::new(t, op, recursive)));
}

/// `SOURCE… DEST`, `-t DEST SOURCE…`: the sources and the destination, and the name each source
/// gets inside the destination when that is a directory.
fn sources_and_dest<'p>(p: &'p [A<'p>]) -> Option<(Vec<&'p str>, &'p str)> {
    let mut pos: Vec<&str> = texts(positionals(p)).collect();
    match opt(p, &["t", "target-directory"]) {
        Some(dir) => Some((pos, dir.text.as_str())),
        None if pos.len() >= 2 => {
            let dest = pos.pop()?;
            Some((pos, dest))
        }
        None => None,
    }
}

fn base(path: &str) -> &str {
    path.trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(path)
}

fn move_(_: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let p = parse(
        cmd.args(),
        &Spec {
            short_val: "tS",
            long_val: &["target-directory", "suffix"],
        },
    );
    let Some((sources, dest)) = sources_and_dest(&p) else {
        return;
    };
    for s in &sources {
        out.push(Target::new(s, Op::Move, true));
        out.push(Target {
            into: Some(base(s).to_string()),
            ..Target::new(dest, Op::Write, true)
        });
    }
    out.push(Target::new(dest, Op::Write, false));
}

fn copy(via: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let spec = match via {
        "install" => Spec {
            short_val: "tSmogb",
            long_val: &["target-directory", "suffix", "mode", "owner", "group"],
        },
        "rsync" => Spec {
            short_val: "efT",
            long_val: &[
                "rsh",
                "filter",
                "exclude",
                "include",
                "temp-dir",
                "backup-dir",
                "suffix",
                "files-from",
                "exclude-from",
                "include-from",
                "rsync-path",
                "compare-dest",
                "link-dest",
                "chmod",
                "chown",
            ],
        },
        _ => Spec {
            short_val: "tS",
            long_val: &["target-directory", "suffix"],
        },
    };
    let p = parse(cmd.args(), &spec);
    let Some((sources, dest)) = sources_and_dest(&p) else {
        return;
    };
    // `host:path` is another machine's file.
    if via == "rsync"
        && dest
            .split('/')
            .next()
            .is_some_and(|first| first.contains(':'))
    {
        return;
    }
    let recursive = has(
        &p,
        &["r", "R", "a", "recursive", "archive", "delete", "mirror"],
    );
    for s in &sources {
        if recursive && (s.ends_with('/') || s.ends_with("/.")) {
            // The contents of `s` go into `dest` itself.
            out.push(Target::new(dest, Op::Write, true));
        } else {
            out.push(Target {
                into: Some(base(s).to_string()),
                ..Target::new(dest, Op::Write, recursive)
            });
        }
    }
    out.push(Target::new(dest, Op::Write, has(&p, &["delete"])));
}

fn tee(_: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let p = parse(cmd.args(), &NO_VALUES);
    out.extend(texts(positionals(&p)).map(|t| Target::new(t, Op::Write, false)));
}

fn truncate(_: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let p = parse(
        cmd.args(),
        &Spec {
            short_val: "srolL",
            long_val: &["size", "reference", "offset", "length"],
        },
    );
    out.extend(texts(positionals(&p)).map(|t| Target::new(t, Op::Write, false)));
}

/// `sed -i`, `perl -i`: the files after the script.
fn in_place(via: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let spec = if via == "perl" {
        Spec {
            short_val: "eEIMmlx",
            long_val: &[],
        }
    } else {
        Spec {
            short_val: "efl",
            long_val: &["expression", "file", "line-length"],
        }
    };
    let p = parse(cmd.args(), &spec);
    if !has(&p, &["i", "in-place"]) {
        return;
    }
    let scripted = has(&p, &["e", "E", "f", "expression", "file"]);
    let files = positionals(&p);
    out.extend(
        texts(files.into_iter().skip(usize::from(!scripted)))
            .map(|t| Target::new(t, Op::Write, false)),
    );
}

fn permissions(via: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let short_val = if via == "setfacl" { "mMxX" } else { "" };
    let p = parse(
        cmd.args(),
        &Spec {
            short_val,
            long_val: &["reference", "from"],
        },
    );
    let recursive = has(&p, &["R", "recursive"]);
    // The mode or owner never names a protected path, so every positional is taken.
    out.extend(texts(positionals(&p)).map(|t| Target::new(t, Op::Permissions, recursive)));
}

fn dd(_: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    out.extend(
        cmd.args()
            .iter()
            .filter_map(|a| a.text.strip_prefix("of="))
            .map(|t| Target::new(t, Op::Write, false)),
    );
}

fn download(via: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let p = parse(
        cmd.args(),
        if via == "curl" {
            &tools::CURL
        } else {
            &tools::WGET
        },
    );
    for file in ["o", "output", "O", "output-document"] {
        if let Some(f) = opt(&p, &[file]) {
            out.push(Target::new(&f.text, Op::Write, false));
        }
    }
    // A directory the files go into under the URL's last path segment (`wget -P`, `curl --output-dir -O`).
    if let Some(dir) = opt(&p, &["P", "directory-prefix", "output-dir"]) {
        for url in texts(positionals(&p)).chain(opt(&p, &["url"]).map(|w| w.text.as_str())) {
            let name = base(url.split(['?', '#']).next().unwrap_or(url));
            out.push(Target {
                into: Some(name.to_string()),
                ..Target::new(&dir.text, Op::Write, false)
            });
        }
    }
}

fn find(_: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let args = cmd.args();
    if !args.iter().any(|a| a.text == "-delete") {
        return;
    }
    let roots = args
        .iter()
        .take_while(|a| !a.text.starts_with(['-', '(', '!']));
    out.extend(texts(roots).map(|t| Target::new(t, Op::Delete, true)));
}

/// Code that may write files: `open(…, 'w')`, `os.remove`, `shutil.rmtree`, `fs.unlinkSync`, …
static WRITES_FILES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r#"(?i)open\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]|"#,
        r"(?-u:\b)(?:write_text|write_bytes|remove|unlink|unlinkSync|rmtree|rmdir|rmSync|rmdirSync|rename|renameSync|replace|move|copy|copyfile|copy2|copytree|copyFileSync|truncate|chmod|chown|writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|File\.write|File\.delete|unlink_all|rm_rf|file_put_contents)\s*\(",
    ))
    .expect("valid regex")
});

/// String literals, with adjacent ones joined the way code builds paths (`a + '/b'`, `join(a, 'b')`).
static LITERALS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`"#)
        .expect("valid regex")
});

/// The paths a code snippet may write: every string literal (and run of literals joined by `+`,
/// `,` or `/`) when the code calls anything that writes, moves or deletes files.
pub fn code_targets(code: &str, out: &mut Vec<Target>) {
    if !WRITES_FILES.is_match(code) {
        return;
    }
    let mut run = String::new();
    let mut last_end = 0;
    for m in LITERALS.captures_iter(code) {
        let whole = m.get(0).expect("match");
        let lit = m
            .get(1)
            .or(m.get(2))
            .or(m.get(3))
            .map_or("", |g| g.as_str());
        let between = &code[last_end..whole.start()];
        let joined = !run.is_empty()
            && between
                .chars()
                .all(|c| c.is_whitespace() || matches!(c, '+' | ',' | '/' | ')' | '('));
        if !joined && !run.is_empty() {
            out.push(Target::new(&std::mem::take(&mut run), Op::Write, true));
        }
        if joined && !run.ends_with('/') && !lit.starts_with('/') {
            run.push('/');
        }
        run.push_str(lit);
        last_end = whole.end();
    }
    if !run.is_empty() {
        out.push(Target::new(&run, Op::Write, true));
    }
}

fn interpreter(via: &str, cmd: &Cmd, out: &mut Vec<Target>, _: &mut bool) {
    let args = cmd.args();
    let inline = args.iter().position(|a| {
        matches!(a.text.as_str(), "-c" | "-e" | "-E" | "--eval" | "-r")
            || (via == "python"
                && a.text.starts_with('-')
                && !a.text.starts_with("--")
                && a.text.ends_with('c'))
    });
    match inline.and_then(|i| args.get(i + 1)) {
        Some(code) => code_targets(&code.text, out),
        None => {
            if let Stdin::Text(code) = &cmd.stdin {
                code_targets(code, out);
            }
        }
    }
    if via == "perl" {
        in_place(via, cmd, out, &mut false);
    }
}

fn uninstall(via: &str, cmd: &Cmd, _: &mut Vec<Target>, off: &mut bool) {
    let words: Vec<&str> = texts(cmd.args()).collect();
    let names_guard = words.iter().any(|w| {
        matches!(
            w.to_ascii_lowercase().replace('_', "-").as_str(),
            "egress-guard"
        )
    });
    *off |= names_guard
        && match via {
            "hermes" => {
                words.first() == Some(&"plugins")
                    && words
                        .get(1)
                        .is_some_and(|s| matches!(*s, "disable" | "remove" | "rm" | "uninstall"))
            }
            _ => words.contains(&"uninstall"),
        };
}
