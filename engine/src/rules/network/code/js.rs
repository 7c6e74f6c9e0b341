//! JavaScript read with oxc's parser, the same way [`super::python`] reads Python: `require`,
//! `import` and `new` are resolved to module paths, `const` bindings are followed, and calls are
//! matched by path (`fetch`, `axios.post`, `https.request(…).end(body)`, `stream.pipe(req)`,
//! `child_process.exec`, `spawn(file, [args])` as the command line it stands for,
//! `navigator.sendBeacon`, `XMLHttpRequest#send`, `net.connect(…).write`). Data is traced to local
//! sources (`fs.readFileSync`, `process.env`, `execSync` output, `os.hostname()`).
//!
//! A function the snippet names (a declaration, hoisted as JavaScript hoists it, or a `const`
//! bound to an arrow or function expression) is read where it is called, its parameters bound to
//! the call's arguments, within the same bounds as Python's (bytes read again per byte of the
//! snippet, calls followed a few deep: [`super::calls`]), or once with its defaults when nothing
//! calls it.
//!
//! oxc has no recursion limit of its own, and a stack overflow inside the component is a trap
//! (which `fail_mode: open` would let through). [`nesting_cost`] therefore caps, before parsing,
//! an overestimate of how deep any construct can nest; code over the cap is left to the fallback.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use oxc_allocator::Allocator;
use oxc_ast::ast::{self, Argument, Expression, Statement};
use oxc_ast_visit::{Visit, walk};
use oxc_syntax::scope::ScopeFlags;
use oxc_span::SourceType;

use super::super::Event;
use super::super::dest::{self, DYN, Dest};
use super::calls::{Calls, Env, Read};
use super::sink_index::SinkIndex;
use super::value::{Val, argv, fed, sending_method};

/// Stack the parser and the walk may need, in units of one chained operator (see
/// [`nesting_cost`]). Measured on a 1 MiB stack (the component's): oxc overflows at ~1,000
/// nested brackets and ~2,000 chained `?:`/`=>`/`=`; a bracket costs two units, so 600 units
/// stay at a third of either. Code over the bound goes to the fallback, never to the parser.
const MAX_NESTING_COST: usize = 600;

/// Keywords that continue an expression onto the next line (or nest one).
const CHAINING_WORDS: &[&str] = &[
    "new",
    "typeof",
    "void",
    "delete",
    "await",
    "yield",
    "async",
    "function",
    "class",
    "if",
    "else",
    "return",
    "throw",
    "case",
    "in",
    "instanceof",
    "of",
    "extends",
];

/// An overestimate of the recursion the parser and the walk need for `src`. A small lexer (strings,
/// comments and template literals honoured) keeps one counter of chaining tokens (operators,
/// `.`, `(`, `[`, chaining keywords) per open bracket; the cost is twice the bracket depth plus
/// every open counter. A counter restarts only where an expression certainly ends: `;` or `,`,
/// or a line break between a line that cannot continue (it ends in a name, literal or closing
/// bracket, not a chaining keyword) and one that does not continue it (it starts with a name,
/// string or number). A `/` outside a comment (division or a regular expression: telling them
/// apart needs a parser) stops all restarts for the rest of the text.
fn nesting_cost(src: &str) -> usize {
    let b = src.as_bytes();
    let mut levels: Vec<usize> = vec![0];
    // Template literals: the bracket depth at which each `${` was opened.
    let mut templates: Vec<usize> = Vec::new();
    let (mut max, mut restarts, mut i) = (0usize, true, 0usize);
    let mut last = b' ';
    let mut word_start = 0usize;
    let mut sum = 0usize;
    while i < b.len() {
        let c = b[i];
        match c {
            b'"' | b'\'' => {
                i += 1;
                while i < b.len() && b[i] != c && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                last = b'"';
            }
            b'`' => {
                // Template text up to the closing backquote or a `${`.
                i += 1;
                while i < b.len() && b[i] != b'`' && !(b[i] == b'$' && b.get(i + 1) == Some(&b'{'))
                {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if i < b.len() && b[i] == b'$' {
                    templates.push(levels.len());
                    levels.push(0);
                    i += 1;
                }
                last = b'"';
            }
            b'}' if templates.last() == Some(&(levels.len() - 1)) => {
                templates.pop();
                sum -= levels.pop().unwrap_or(0);
                // Back in the template's text: resume it as a fresh backquote would.
                let mut j = i + 1;
                while j < b.len() && b[j] != b'`' && !(b[j] == b'$' && b.get(j + 1) == Some(&b'{'))
                {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                if j < b.len() && b[j] == b'$' {
                    templates.push(levels.len());
                    levels.push(0);
                    j += 1;
                }
                i = j;
                last = b'"';
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            b'/' => {
                restarts = false;
                if let Some(l) = levels.last_mut() {
                    *l += 1;
                    sum += 1;
                }
                last = c;
            }
            b'(' | b'[' | b'{' => {
                if let Some(l) = levels.last_mut() {
                    *l += 1;
                    sum += 1;
                }
                levels.push(0);
                last = c;
            }
            b')' | b']' | b'}' => {
                if levels.len() > 1 {
                    sum -= levels.pop().unwrap_or(0);
                }
                last = c;
            }
            b';' | b',' if restarts => {
                if let Some(l) = levels.last_mut() {
                    sum -= *l;
                    *l = 0;
                }
                last = c;
            }
            b'\n' => {
                let ended = last.is_ascii_alphanumeric()
                    || matches!(last, b'_' | b'$' | b'"' | b')' | b']' | b'}');
                let last_word = &src[word_start..i].trim_end();
                let last_word = last_word
                    .rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '$')
                    .next()
                    .unwrap_or("");
                let next = b[i + 1..]
                    .iter()
                    .find(|c| !c.is_ascii_whitespace())
                    .copied()
                    .unwrap_or(b';');
                let starts = next.is_ascii_alphanumeric()
                    || matches!(next, b'_' | b'$' | b'"' | b'\'' | b'`' | b'}');
                if restarts
                    && ended
                    && starts
                    && !CHAINING_WORDS.contains(&last_word)
                    && let Some(l) = levels.last_mut()
                {
                    sum -= *l;
                    *l = 0;
                }
                word_start = i + 1;
            }
            c if c.is_ascii_whitespace() => {}
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80 => {
                let start = i;
                while i < b.len()
                    && (b[i].is_ascii_alphanumeric()
                        || b[i] == b'_'
                        || b[i] == b'$'
                        || b[i] >= 0x80)
                {
                    i += 1;
                }
                if CHAINING_WORDS.iter().any(|w| w.as_bytes() == &b[start..i])
                    && let Some(l) = levels.last_mut()
                {
                    *l += 1;
                    sum += 1;
                }
                last = b'a';
                continue;
            }
            _ => {
                // Operators and `.`: every one may chain.
                if let Some(l) = levels.last_mut() {
                    *l += 1;
                    sum += 1;
                }
                last = c;
            }
        }
        max = max.max(2 * levels.len() + sum);
        if max > MAX_NESTING_COST {
            return max;
        }
        i += 1;
    }
    max
}

/// `None` when the text is not JavaScript (or too nested to parse safely): the caller falls back.
pub fn analyse(src: &str, via: &str) -> Option<Vec<Event>> {
    if nesting_cost(src) > MAX_NESTING_COST {
        return None;
    }
    let allocator = Allocator::default();
    let parsed = oxc_parser::Parser::new(&allocator, src, SourceType::mjs()).parse();
    let parsed = if parsed.panicked || !parsed.diagnostics.is_empty() {
        oxc_parser::Parser::new(&allocator, src, SourceType::cjs()).parse()
    } else {
        parsed
    };
    if parsed.panicked || !parsed.diagnostics.is_empty() {
        return None;
    }
    let mut a = Analyser {
        via,
        env: Env::new(),
        events: Vec::new(),
        funcs: HashMap::new(),
        named: HashSet::new(),
        read: HashSet::new(),
        calls: Calls::new(src.len()),
    };
    a.collect(&parsed.program.body);
    a.visit_program(&parsed.program);
    // As in Python: a call the bounds left unread is read once more with its arguments unknown;
    // functions no call reached are read once with what their parameters default to.
    let mut unread: Vec<Func> = a.funcs.values().copied().collect();
    unread.sort_by_key(|f| std::cmp::Reverse(f.start()));
    loop {
        if let Some(f) = a.calls.next_skipped() {
            a.function(f, None);
        } else if let Some(f) = unread.pop() {
            if !a.read.contains(&f.start()) {
                a.function(f, Some(&[]));
            }
        } else {
            break;
        }
    }
    Some(a.events)
}

struct Analyser<'v, 'p> {
    via: &'v str,
    env: Env,
    events: Vec<Event>,
    /// Functions the snippet names, by name (the last definition wins, as hoisting does).
    funcs: HashMap<&'p str, Func<'p>>,
    /// Where each of them starts: the walk skips them where they are written.
    named: HashSet<u32>,
    /// Where each function read so far starts.
    read: HashSet<u32>,
    calls: Calls<Func<'p>>,
}

/// A function the snippet names: `function f(…) {…}`, or `const f = (…) => …` / `function (…)`.
#[derive(Clone, Copy)]
enum Func<'p> {
    Declared(&'p ast::Function<'p>),
    Arrow(&'p ast::ArrowFunctionExpression<'p>),
}

impl<'p> Func<'p> {
    fn start(self) -> u32 {
        match self {
            Func::Declared(f) => f.span.start,
            Func::Arrow(f) => f.span.start,
        }
    }

    fn len(self) -> usize {
        match self {
            Func::Declared(f) => f.span.size() as usize,
            Func::Arrow(f) => f.span.size() as usize,
        }
    }

    fn params(self) -> &'p ast::FormalParameters<'p> {
        match self {
            Func::Declared(f) => &f.params,
            Func::Arrow(f) => &f.params,
        }
    }
}

/// One JavaScript sink: the callee paths it answers to and what a call does.
pub struct Sink {
    pub name: &'static str,
    pub paths: &'static [&'static str],
    run: fn(&mut Analyser, &Call),
}

struct Call {
    path: String,
    method: String,
    recv: Option<Val>,
    /// The receiver's variable, for calls that change it (`xhr.open(…)`).
    recv_name: Option<String>,
    args: Vec<Val>,
}

impl Call {
    fn recv_host(&self) -> Dest {
        self.recv
            .as_ref()
            .and_then(|r| r.host.clone())
            .unwrap_or(Dest::Unknown)
    }
}

pub static SINKS: &[Sink] = &[
    Sink {
        name: "fetch",
        paths: &[
            "fetch",
            "window.fetch",
            "globalThis.fetch",
            "node-fetch",
            "undici.fetch",
            "undici.request",
        ],
        run: fetch,
    },
    Sink {
        name: "axios",
        paths: &[
            "axios",
            "axios.*",
            "axios.instance.*",
            "got",
            "got.*",
            "superagent.*",
            "needle.*",
            "ky.*",
        ],
        run: axios,
    },
    Sink {
        name: "http.request",
        paths: &[
            "http.request",
            "https.request",
            "http.get",
            "https.get",
            "http.ClientRequest.*",
        ],
        run: node_http,
    },
    Sink {
        name: "child_process",
        paths: &["child_process.*"],
        run: child_process,
    },
    Sink {
        name: "beacon",
        paths: &["navigator.sendBeacon"],
        run: beacon,
    },
    Sink {
        name: "xhr",
        paths: &["XMLHttpRequest.*"],
        run: xhr,
    },
    Sink {
        name: "socket",
        paths: &["net.Socket.*", "WebSocket.*", "net.connect", "net.createConnection", "tls.connect"],
        run: socket,
    },
    Sink {
        name: "mail-sftp",
        paths: &["nodemailer.Transport.*", "sftp.Client.*"],
        run: mail_sftp,
    },
    Sink {
        name: "undici",
        paths: &["undici.Client.*"],
        run: undici_client,
    },
    Sink {
        name: "dgram",
        paths: &["dgram.Socket.*"],
        run: datagram,
    },
    Sink {
        name: "dns",
        paths: &[
            "dns.lookup",
            "dns.resolve",
            "dns.resolve4",
            "dns.resolveTxt",
            "dns.promises.lookup",
            "dns.promises.resolve",
        ],
        run: dns_lookup,
    },
    Sink {
        name: "eval",
        paths: &[
            "eval",
            "Function",
            "vm.runInNewContext",
            "vm.runInThisContext",
            "vm.Script",
        ],
        run: eval,
    },
    Sink {
        name: "pipe",
        paths: &["?.pipe", "stream.pipeline", "stream.promises.pipeline"],
        run: pipe,
    },
    Sink {
        name: "unknown-client",
        paths: &["?.post", "?.put", "?.patch"],
        run: unknown_client,
    },
];

/// [`SINKS`] by their patterns.
static SINK_INDEX: LazyLock<SinkIndex> = LazyLock::new(|| SinkIndex::new(SINKS.iter().map(|s| s.paths)));

/// Calls whose result is local data.
fn source(path: &str) -> bool {
    let m = path.rsplit('.').next().unwrap_or(path);
    path.starts_with("fs.")
        || path.starts_with("child_process.exec")
        || path.starts_with("child_process.spawnSync")
        || matches!(
            path,
            "os.hostname"
                | "os.userInfo"
                | "os.homedir"
                | "os.networkInterfaces"
                | "Deno.readTextFile"
                | "Deno.readFile"
                | "Bun.file"
                | "Deno.env.get"
        )
        || matches!(
            m,
            "readFileSync"
                | "readFile"
                | "createReadStream"
                | "readdirSync"
                | "text"
                | "arrayBuffer"
        ) && path.starts_with("fs")
}

/// Module members that produce objects bound to a place.
fn construct(path: &str) -> Option<&'static str> {
    Some(match path {
        "XMLHttpRequest" => "XMLHttpRequest",
        "net.Socket" | "net.connect" | "net.createConnection" | "tls.connect" => "net.Socket",
        "dgram.createSocket" => "dgram.Socket",
        "WebSocket" | "ws" | "ws.WebSocket" | "ws.createWebSocketStream" => "WebSocket",
        "socket.io-client" | "socket.io-client.io" | "socket.io-client.connect" | "socket.io-client.default" => "WebSocket",
        "nodemailer.createTransport" => "nodemailer.Transport",
        "ssh2-sftp-client" => "sftp.Client",
        "axios.create" | "got.extend" | "ky.create" | "ky.extend" => "axios.instance",
        "undici.Client" | "undici.Pool" | "undici.Agent" => "undici.Client",
        "http.request" | "https.request" => "http.ClientRequest",
        _ => return None,
    })
}

impl<'p> Analyser<'_, 'p> {
    /// Names the functions of `body` and of the statements and function bodies nested in it
    /// (not those passed as values: a callback is read where it is written).
    fn collect(&mut self, body: &'p [Statement<'p>]) {
        for s in body {
            self.collect_statement(s);
        }
    }

    fn collect_statement(&mut self, s: &'p Statement<'p>) {
        match s {
            Statement::FunctionDeclaration(f) => self.name_function(f),
            Statement::VariableDeclaration(d) => self.collect_declaration(d),
            Statement::ExportDeclaration(e) => match &e.declaration {
                ast::Declaration::FunctionDeclaration(f) => self.name_function(f),
                ast::Declaration::VariableDeclaration(d) => self.collect_declaration(d),
                _ => {}
            },
            Statement::BlockStatement(b) => self.collect(&b.body),
            Statement::IfStatement(i) => {
                self.collect_statement(&i.consequent);
                if let Some(a) = &i.alternate {
                    self.collect_statement(a);
                }
            }
            Statement::TryStatement(t) => {
                self.collect(&t.block.body);
                if let Some(h) = &t.handler {
                    self.collect(&h.body.body);
                }
                if let Some(f) = &t.finalizer {
                    self.collect(&f.body);
                }
            }
            _ => {}
        }
    }

    fn collect_declaration(&mut self, d: &'p ast::VariableDeclaration<'p>) {
        for v in &d.declarations {
            let (ast::BindingPattern::BindingIdentifier(id), Some(init)) = (&v.id, &v.init) else {
                continue;
            };
            let f = match init.without_parentheses() {
                Expression::ArrowFunctionExpression(a) => Func::Arrow(a),
                Expression::FunctionExpression(f) => Func::Declared(f),
                _ => continue,
            };
            self.name(id.name.as_str(), f);
        }
    }

    fn name_function(&mut self, f: &'p ast::Function<'p>) {
        if let Some(id) = &f.id {
            self.name(id.name.as_str(), Func::Declared(f));
        }
    }

    fn name(&mut self, name: &'p str, f: Func<'p>) {
        if self.named.insert(f.start()) {
            self.funcs.insert(name, f);
            match f {
                Func::Declared(d) => {
                    if let Some(body) = &d.body {
                        self.collect(&body.statements);
                    }
                }
                Func::Arrow(a) => {
                    if let ast::ArrowFunctionBody::FunctionBody(body) = &a.body {
                        self.collect(&body.statements);
                    }
                }
            }
        }
    }

    /// Read a function's body with its parameters bound to `args`, or to their defaults
    /// (unknown without one); `None`: every parameter unknown, defaults included (a call read
    /// past the bounds). Bindings made inside do not leak out; what it did was seen.
    fn function(&mut self, f: Func<'p>, args: Option<&[Val]>) {
        self.read.insert(f.start());
        let saved = self.env.clone();
        let params = f.params();
        let opaque = args.is_none();
        let args = args.unwrap_or_default();
        for (i, p) in params.items.iter().enumerate() {
            let v = args
                .get(i)
                .cloned()
                .or_else(|| p.initializer.as_deref().filter(|_| !opaque).map(|d| self.eval(d)))
                .unwrap_or_default();
            self.bind_pattern(&p.pattern, v);
        }
        if let Some(rest) = &params.rest {
            let data = args.iter().skip(params.items.len()).any(Val::carries_data);
            self.bind_pattern(&rest.rest.argument, Val { data, ..Val::default() });
        }
        match f {
            Func::Declared(d) => {
                if let Some(body) = &d.body {
                    self.visit_function_body(body);
                }
            }
            Func::Arrow(a) => self.visit_arrow_function_body(&a.body),
        }
        self.env = saved;
    }

    /// A call of a function the snippet names: its body is read for these arguments, within the
    /// depth and the bytes allowed.
    fn call_function(&mut self, c: &ast::CallExpression) {
        let Expression::Identifier(id) = c.callee.without_parentheses() else { return };
        let Some(&f) = self.funcs.get(id.name.as_str()) else { return };
        let args: Vec<Val> = c.arguments.iter().map(|a| self.arg(a)).collect();
        if let Read::Enter(start, hash) = self.calls.enter(f, f.start(), f.len(), &args, &self.env) {
            self.function(f, Some(&args));
            self.calls.leave(start, hash, &self.env);
        }
    }

    fn upload(&mut self, d: Dest) {
        self.events.push(Event::upload(self.via, d));
    }

    fn request(&mut self, d: Dest) {
        self.events.push(Event::request(self.via, d));
    }

    fn http(&mut self, url: Option<&Val>, base: Option<Dest>, sends: bool) {
        // A relative URL (`/api/items`) stays on the page's own origin.
        if !sends && url.and_then(|u| u.text.as_deref()).is_some_and(relative) {
            return;
        }
        let (mut d, in_url) = url.map_or((Dest::Unknown, false), Val::url);
        // Without a scheme, a client's base (`baseURL`, got's `prefixUrl`) is where it goes.
        if url.is_none_or(|u| !u.text_or_dyn().contains("://")) && (d == Dest::Unknown || base.is_some()) {
            d = base.unwrap_or(Dest::Unknown);
        }
        if sends || in_url {
            self.upload(d)
        } else {
            self.request(d)
        }
    }

    fn path_of(&self, e: &Expression) -> Option<String> {
        match e.without_parentheses() {
            Expression::Identifier(id) => Some(
                self.env
                    .get(id.name.as_str())
                    .and_then(|v| v.path.clone())
                    .unwrap_or_else(|| id.name.to_string()),
            ),
            Expression::StaticMemberExpression(m) => self
                .path_of(&m.object)
                .map(|p| format!("{p}.{}", m.property.name)),
            Expression::CallExpression(c) => self.require(c),
            _ => None,
        }
    }

    /// `require("x")` → `x` (`node:x` too).
    fn require(&self, c: &ast::CallExpression) -> Option<String> {
        let Expression::Identifier(id) = c.callee.without_parentheses() else {
            return None;
        };
        if id.name != "require" {
            return None;
        }
        let arg = c.arguments.first()?.as_expression()?;
        let text = self.eval(arg).text?;
        Some(text.trim_start_matches("node:").to_string())
    }

    fn arg(&self, a: &Argument) -> Val {
        match a.as_expression() {
            Some(e) => self.eval(e),
            None => Val::default(),
        }
    }

    fn eval(&self, e: &Expression) -> Val {
        match e {
            Expression::StringLiteral(s) => Val::text(s.value.as_str()),
            Expression::TemplateLiteral(t) => {
                let mut v = Val::text("");
                for (i, q) in t.quasis.iter().enumerate() {
                    v = v.concat(&Val::text(
                        q.value
                            .cooked
                            .as_ref()
                            .map_or(q.value.raw.as_str(), |c| c.as_str()),
                    ));
                    if let Some(x) = t.expressions.get(i) {
                        let inner = self.eval(x);
                        v = v.concat(&Val {
                            text: Some(inner.text_or_dyn()),
                            data: inner.data,
                            ..Val::default()
                        });
                    }
                }
                v
            }
            Expression::Identifier(id) => {
                self.env.get(id.name.as_str()).cloned().unwrap_or_default()
            }
            Expression::StaticMemberExpression(m) => {
                let path = self.path_of(e);
                if path.as_deref().is_some_and(|p| {
                    p == "process.env"
                        || p.starts_with("process.env.")
                        || p == "process.argv"
                        || p == "Deno.env"
                }) {
                    return Val {
                        path,
                        ..Val::data()
                    };
                }
                let obj = self.eval(&m.object);
                if let Some(f) = obj.field(m.property.name.as_str()) {
                    return f.clone();
                }
                match obj.path {
                    Some(_) if obj.host.is_none() && !obj.data => Val {
                        path,
                        ..Val::default()
                    },
                    _ => Val {
                        data: obj.data,
                        ..Val::default()
                    },
                }
            }
            Expression::ComputedMemberExpression(m) => {
                let obj = self.eval(&m.object);
                let key = self.eval(&m.expression);
                key.text
                    .as_deref()
                    .and_then(|k| obj.field(k).cloned())
                    .unwrap_or(Val {
                        data: obj.carries_data()
                            || self.path_of(&m.object).as_deref() == Some("process.env"),
                        ..Val::default()
                    })
            }
            Expression::BinaryExpression(b) => {
                let (l, r) = (self.eval(&b.left), self.eval(&b.right));
                if b.operator == ast::BinaryOperator::Addition {
                    l.concat(&r)
                } else {
                    Val {
                        data: l.carries_data() || r.carries_data(),
                        ..Val::default()
                    }
                }
            }
            Expression::ObjectExpression(o) => {
                let mut v = Val::default();
                for p in &o.properties {
                    match p {
                        ast::ObjectPropertyKind::ObjectProperty(p) => {
                            let val = self.eval(&p.value);
                            match p.key.static_name() {
                                Some(k) if !p.computed => v.fields.push((k.to_string(), val)),
                                _ => v.data |= val.carries_data(),
                            }
                        }
                        ast::ObjectPropertyKind::SpreadProperty(s) => {
                            v.data |= self.eval(&s.argument).carries_data()
                        }
                    }
                }
                v
            }
            // A list of words: the command line it stands for (`spawn("curl", ["-T", f, url])`).
            Expression::ArrayExpression(a) => {
                let items: Vec<Val> = a
                    .elements
                    .iter()
                    .map(|el| el.as_expression().map(|x| self.eval(x)).unwrap_or_default())
                    .collect();
                Val {
                    text: Some(argv(&items)),
                    data: items.iter().any(Val::carries_data),
                    ..Val::default()
                }
            }
            Expression::CallExpression(c) => self.call_value(c),
            Expression::NewExpression(n) => {
                let path = self.path_of(&n.callee).unwrap_or_default();
                let args: Vec<Val> = n.arguments.iter().map(|a| self.arg(a)).collect();
                let data = args.iter().any(Val::carries_data);
                match construct(&path) {
                    Some(kind) => Val {
                        path: Some(kind.into()),
                        host: args.first().map(|u| u.url().0),
                        data,
                        ..Val::default()
                    },
                    None if path == "URL" => {
                        let base = args.get(1).map(|b| b.text_or_dyn()).unwrap_or_default();
                        let first = args.first().cloned().unwrap_or_default();
                        if base.is_empty() {
                            first
                        } else {
                            Val::text(base).concat(&first)
                        }
                    }
                    None if path == "Request" => {
                        let opts = args.get(1).cloned().unwrap_or_default();
                        let sends = opts.field("body").is_some()
                            || opts
                                .field("method")
                                .and_then(|m| m.text.as_deref())
                                .is_some_and(sending_method);
                        Val {
                            path: Some("Request".into()),
                            host: args.first().map(|u| u.url().0),
                            sends,
                            data,
                            ..Val::default()
                        }
                    }
                    None => Val {
                        data,
                        ..Val::default()
                    },
                }
            }
            Expression::AwaitExpression(a) => self.eval(&a.argument),
            Expression::ParenthesizedExpression(p) => self.eval(&p.expression),
            Expression::ChainExpression(c) => match &c.expression {
                ast::ChainElement::CallExpression(call) => self.call_value(call),
                _ => Val::default(),
            },
            Expression::ConditionalExpression(c) => {
                let (a, b) = (self.eval(&c.consequent), self.eval(&c.alternate));
                Val {
                    data: a.carries_data() || b.carries_data(),
                    ..if a.text.is_some() { a } else { b }
                }
            }
            Expression::LogicalExpression(l) => {
                let (a, b) = (self.eval(&l.left), self.eval(&l.right));
                Val {
                    data: a.carries_data() || b.carries_data(),
                    ..if a.text.is_some() { a } else { b }
                }
            }
            _ => Val::default(),
        }
    }

    fn callee(&self, callee: &Expression) -> (String, Option<Val>, Option<String>) {
        match callee.without_parentheses() {
            Expression::StaticMemberExpression(m) => {
                let recv = self.eval(&m.object);
                let method = m.property.name.as_str();
                let name = match m.object.without_parentheses() {
                    Expression::Identifier(id) => Some(id.name.to_string()),
                    _ => None,
                };
                let bound = name.as_ref().is_some_and(|n| self.env.contains_key(n));
                let base = match &recv.path {
                    Some(p) => Some(p.clone()),
                    None if !bound
                        || matches!(
                            m.object.without_parentheses(),
                            Expression::CallExpression(_)
                        ) =>
                    {
                        self.path_of(&m.object)
                    }
                    None => None,
                };
                (
                    base.map_or_else(|| format!("?.{method}"), |b| format!("{b}.{method}")),
                    Some(recv),
                    name,
                )
            }
            e => (self.path_of(e).unwrap_or_default(), None, None),
        }
    }

    fn call(&self, c: &ast::CallExpression) -> Call {
        let (path, recv, recv_name) = self.callee(&c.callee);
        let method = path.rsplit('.').next().unwrap_or("").to_string();
        Call {
            path,
            method,
            recv,
            recv_name,
            args: c.arguments.iter().map(|a| self.arg(a)).collect(),
        }
    }

    fn call_value(&self, c: &ast::CallExpression) -> Val {
        if let Some(module) = self.require(c) {
            return Val::path(module);
        }
        let call = self.call(c);
        let data = source(&call.path)
            || call.args.iter().any(Val::carries_data)
            || call.recv.as_ref().is_some_and(|r| r.data);
        if let Some(kind) = construct(&call.path) {
            let host = match kind {
                "net.Socket" => socket_host(&call.args),
                // `createWebSocketStream(ws)`: the stream goes where the socket does.
                "WebSocket" if call.path.ends_with("createWebSocketStream") => call.args.first().and_then(|w| w.host.clone()),
                "nodemailer.Transport" => call.args.first().and_then(|o| match o.field("host") {
                    Some(h) => h.text.as_deref().map(dest::host_port),
                    None => o.text.as_ref().map(|_| o.url().0),
                }),
                "sftp.Client" => None,
                "http.ClientRequest" => call.args.first().map(request_target),
                "axios.instance" => call
                    .args
                    .first()
                    .and_then(|o| o.field("baseURL").or_else(|| o.field("prefixUrl")).or_else(|| o.field("prefix")))
                    .map(|u| u.url().0),
                _ => call.args.first().map(|u| u.url().0),
            };
            let sends = kind == "http.ClientRequest" && request_sends(&call.args);
            return Val {
                path: Some(kind.into()),
                host,
                data,
                sends,
                ..Val::default()
            };
        }
        match call.method.as_str() {
            "toString" | "trim" | "replace" | "toLowerCase" | "encodeURIComponent" | "btoa"
            | "stringify" => Val {
                text: call.recv.and_then(|r| r.text),
                data,
                ..Val::default()
            },
            "join" | "concat" => Val {
                text: call.recv.and_then(|r| r.text).map(|t| format!("{t}{DYN}")),
                data,
                ..Val::default()
            },
            _ => Val {
                data,
                ..Val::default()
            },
        }
    }

    fn check_call(&mut self, c: &ast::CallExpression) {
        if self.require(c).is_some() {
            return;
        }
        let call = self.call(c);
        if let Some(i) = SINK_INDEX.find(&call.path) {
            (SINKS[i].run)(self, &call);
        }
    }

    fn bind_pattern(&mut self, id: &ast::BindingPattern, value: Val) {
        match id {
            ast::BindingPattern::BindingIdentifier(b) => {
                self.env.insert(b.name.to_string(), value);
            }
            // `const { post } = require("axios")`, `const { readFileSync } = require("fs")`.
            ast::BindingPattern::ObjectPattern(o) => {
                for p in &o.properties {
                    if let (Some(key), Some(local)) =
                        (p.key.static_name(), p.value.get_identifier_name())
                    {
                        let v = match (&value.path, value.field(&key)) {
                            (_, Some(f)) => f.clone(),
                            (Some(base), None) => Val::path(format!("{base}.{key}")),
                            (None, None) => Val {
                                data: value.carries_data(),
                                ..Val::default()
                            },
                        };
                        self.env.insert(local.to_string(), v);
                    }
                }
            }
            other => {
                for b in other.get_binding_identifiers() {
                    self.env.insert(
                        b.name.to_string(),
                        Val {
                            data: value.carries_data(),
                            ..Val::default()
                        },
                    );
                }
            }
        }
    }
}

/// The name a member chain starts from (`c` in `c.defaults.headers`).
fn root_name<'e>(e: &'e Expression) -> Option<&'e str> {
    match e.without_parentheses() {
        Expression::Identifier(id) => Some(id.name.as_str()),
        Expression::StaticMemberExpression(m) => root_name(&m.object),
        Expression::ComputedMemberExpression(m) => root_name(&m.object),
        _ => None,
    }
}

/// A path on the page's own origin (`/api`, `./x`), not a URL with a host.
fn relative(t: &str) -> bool {
    (t.starts_with('/') && !t.starts_with("//")) || t.starts_with("./") || t.starts_with("../")
}

/// `http.request(url, {method})` or `http.request({method, …})`: a sending method.
fn request_sends(args: &[Val]) -> bool {
    args.iter()
        .take(2)
        .filter_map(|o| o.field("method"))
        .any(|m| m.text.as_deref().is_some_and(sending_method))
}

/// `http.request(url)` or `http.request({host, hostname, port})`.
fn request_target(v: &Val) -> Dest {
    match v.field("hostname").or_else(|| v.field("host")) {
        Some(h) => h.text.as_deref().map_or(Dest::Unknown, dest::host_port),
        None => v.url().0,
    }
}

impl<'a> Visit<'a> for Analyser<'_, '_> {
    fn visit_import_declaration(&mut self, it: &ast::ImportDeclaration<'a>) {
        let module = it.source.value.trim_start_matches("node:").to_string();
        for s in it.specifiers.iter().flatten() {
            let (local, path) = match s {
                ast::ImportDeclarationSpecifier::ImportSpecifier(s) => (
                    s.local.name.to_string(),
                    format!("{module}.{}", s.imported.name()),
                ),
                ast::ImportDeclarationSpecifier::ImportDefaultSpecifier(s) => {
                    (s.local.name.to_string(), module.clone())
                }
                ast::ImportDeclarationSpecifier::ImportNamespaceSpecifier(s) => {
                    (s.local.name.to_string(), module.clone())
                }
            };
            self.env.insert(local, Val::path(path));
        }
    }

    fn visit_variable_declarator(&mut self, it: &ast::VariableDeclarator<'a>) {
        if let Some(init) = &it.init {
            // Bound before its initialiser is walked too: a callback in it may use the name
            // (`const s = net.connect(port, host, () => s.end(data))`).
            let early = self.eval(init);
            self.bind_pattern(&it.id, early);
            self.visit_expression(init);
            let v = self.eval(init);
            self.bind_pattern(&it.id, v);
        }
    }

    fn visit_assignment_expression(&mut self, it: &ast::AssignmentExpression<'a>) {
        self.visit_expression(&it.right);
        let v = self.eval(&it.right);
        match &it.left {
            ast::AssignmentTarget::AssignmentTargetIdentifier(id) => {
                let v = if it.operator == ast::AssignmentOperator::Addition {
                    self.env
                        .get(id.name.as_str())
                        .cloned()
                        .unwrap_or_default()
                        .concat(&v)
                } else {
                    v
                };
                self.env.insert(id.name.to_string(), v);
            }
            // `xhr.onload = …`, `opts.body = data`: data stored in an object taints it.
            ast::AssignmentTarget::StaticMemberExpression(m) => {
                if let Expression::Identifier(id) = &m.object {
                    let entry = self.env.entry(id.name.to_string()).or_default();
                    entry.fields.push((m.property.name.to_string(), v));
                } else if v.carries_data()
                    && let Some(root) = root_name(&m.object)
                {
                    self.env.entry(root.to_string()).or_default().data = true;
                }
            }
            // `client.defaults.headers[k] = data`.
            ast::AssignmentTarget::ComputedMemberExpression(m) if v.carries_data() => {
                if let Some(root) = root_name(&m.object) {
                    self.env.entry(root.to_string()).or_default().data = true;
                }
            }
            _ => {}
        }
    }

    fn visit_call_expression(&mut self, it: &ast::CallExpression<'a>) {
        self.check_call(it);
        self.call_function(it);
        walk::walk_call_expression(self, it);
    }

    // A named function is read at its calls (or at the end), not where it is written.
    fn visit_function(&mut self, it: &ast::Function<'a>, flags: ScopeFlags) {
        if !self.named.contains(&it.span.start) {
            walk::walk_function(self, it, flags);
        }
    }

    fn visit_arrow_function_expression(&mut self, it: &ast::ArrowFunctionExpression<'a>) {
        if !self.named.contains(&it.span.start) {
            walk::walk_arrow_function_expression(self, it);
        }
    }

    fn visit_statement(&mut self, it: &Statement<'a>) {
        walk::walk_statement(self, it);
    }
}

fn fetch(a: &mut Analyser, c: &Call) {
    let target = c.args.first();
    let opts = c.args.get(1).cloned().unwrap_or_default();
    if let Some(t) = target.filter(|t| t.path.as_deref() == Some("Request")) {
        let d = t.host.clone().unwrap_or(Dest::Unknown);
        return if t.sends || t.data {
            a.upload(d)
        } else {
            a.request(d)
        };
    }
    let method = opts
        .field("method")
        .and_then(|m| m.text.clone())
        .unwrap_or_default();
    let sends = opts.field("body").is_some()
        || sending_method(&method)
        || opts.field("headers").is_some_and(Val::carries_data);
    a.http(target, None, sends);
}

fn axios(a: &mut Analyser, c: &Call) {
    let base = c.recv.as_ref().and_then(|r| r.host.clone());
    match c.method.as_str() {
        "post" | "put" | "patch" | "send" | "attach" => a.http(c.args.first(), base, true),
        // Data in the config, or in the client's own defaults (`axios.create({headers})`,
        // `axios.defaults.headers.common[k] = …`).
        "get" | "head" | "delete" | "options" => {
            let sends = c.args.get(1).is_some_and(Val::carries_data) || c.recv.as_ref().is_some_and(Val::carries_data);
            a.http(c.args.first(), base, sends)
        }
        "request" | "axios" | "got" => {
            // `got(url, {method, json})` / `axios({url, method, data})`.
            let (target, cfg) = match c.args.first() {
                Some(u) if u.text.is_some() => (Some(u), c.args.get(1).cloned().unwrap_or_default()),
                first => (None, first.cloned().unwrap_or_default()),
            };
            let method = cfg
                .field("method")
                .and_then(|m| m.text.clone())
                .unwrap_or_default();
            let sends = sending_method(&method)
                || cfg.field("data").is_some()
                || cfg.field("body").is_some()
                || cfg.field("json").is_some()
                || cfg.carries_data();
            match cfg.field("url") {
                Some(u) => a.http(Some(u), base, sends),
                None => a.http(target, base, sends),
            }
        }
        _ => {}
    }
}

/// undici's `Client`/`Pool` bound to an origin: `client.request({path, method, body})`.
fn undici_client(a: &mut Analyser, c: &Call) {
    if !matches!(c.method.as_str(), "request" | "stream" | "pipeline" | "dispatch") {
        return;
    }
    let opts = c.args.first().cloned().unwrap_or_default();
    let sends = opts.field("method").and_then(|m| m.text.as_deref()).is_some_and(sending_method) || opts.field("body").is_some() || opts.carries_data();
    if sends { a.upload(c.recv_host()) } else { a.request(c.recv_host()) }
}

fn node_http(a: &mut Analyser, c: &Call) {
    match c.method.as_str() {
        "request" | "get" => {
            let target = c.args.first().cloned().unwrap_or_default();
            let d = request_target(&target);
            let sends = request_sends(&c.args) || target.carries_data();
            if sends { a.upload(d) } else { a.request(d) }
        }
        "write" => a.upload(c.recv_host()),
        "end" if !c.args.is_empty() => a.upload(c.recv_host()),
        _ => {}
    }
}

/// Shell-outs: the command goes through the shell analysis; a program and its argument array
/// are the command line they stand for, and `{input}` in the options feeds its standard input.
fn child_process(a: &mut Analyser, c: &Call) {
    let text = match c.method.as_str() {
        "exec" | "execSync" => c.args.first().map(Val::text_or_dyn),
        "spawn" | "spawnSync" | "execFile" | "execFileSync" | "fork" => {
            let file = argv(c.args.first());
            match c.args.get(1).and_then(|words| words.text.as_deref()) {
                Some(words) => Some(format!("{file} {words}")),
                None => Some(file),
            }
        }
        _ => None,
    };
    let Some(mut text) = text else { return };
    if c.args.iter().skip(1).any(|o| o.field("input").is_some()) {
        text = fed(&text);
    }
    if dest::has_dyn(text.split_whitespace().next().unwrap_or(&text)) {
        a.events.push(Event::unknowable(&format!(
            "{} runs a command built at run time",
            a.via
        )));
    } else {
        a.events.extend(super::super::analyse_shell(&text));
    }
}

fn beacon(a: &mut Analyser, c: &Call) {
    a.http(c.args.first(), None, true);
}

fn xhr(a: &mut Analyser, c: &Call) {
    match c.method.as_str() {
        "open" => {
            let method = c
                .args
                .first()
                .and_then(|m| m.text.clone())
                .unwrap_or_default();
            let url = c.args.get(1).cloned().unwrap_or_default();
            if let Some(name) = &c.recv_name
                && let Some(v) = a.env.get_mut(name)
            {
                let (d, in_url) = url.url();
                v.host = Some(d);
                v.relative = url.text.as_deref().is_some_and(relative);
                v.sends = sending_method(&method) || in_url;
            }
        }
        "send" => {
            let sends = !c.args.is_empty() || c.recv.as_ref().is_some_and(|r| r.sends);
            if !sends && c.recv.as_ref().is_some_and(|r| r.relative) {
                return;
            }
            let d = c.recv_host();
            if sends { a.upload(d) } else { a.request(d) }
        }
        _ => {}
    }
}

fn socket(a: &mut Analyser, c: &Call) {
    match c.method.as_str() {
        "write" | "send" | "end" if !c.args.is_empty() => a.upload(c.recv_host()),
        // socket.io: `emit(event, …data)`.
        "emit" if c.args.len() > 1 => a.upload(c.recv_host()),
        // `net.connect(port, host)`, `sock.connect({host, port})`: a connection is a request
        // there, and a socket connected later is bound there.
        "connect" | "createConnection" => connect(a, c, c.path.starts_with("net.Socket")),
        _ => bound_use(a, c),
    }
}

/// `x.connect({host, port})`, `net.connect(port, host)`: a request there; with `bind`, the
/// object `x` names is bound there from now on.
fn connect(a: &mut Analyser, c: &Call, bind: bool) {
    let host = socket_host(&c.args).unwrap_or(Dest::Unknown);
    a.request(host.clone());
    if bind && let Some(v) = c.recv_name.as_ref().and_then(|n| a.env.get_mut(n)) {
        v.host = Some(host);
    }
}

/// Any other use of an object bound to a host (`.on('message', …)`) talks to it.
fn bound_use(a: &mut Analyser, c: &Call) {
    if let Some(d @ Dest::Host(_)) = c.recv.as_ref().and_then(|r| r.host.clone()) {
        a.request(d);
    }
}

/// nodemailer (`createTransport(url | {host}).sendMail(…)`: a message always carries data) and
/// ssh2-sftp-client (`connect({host})` binds the client; `put`, `fastPut`, `append`, `uploadDir`
/// send local files).
fn mail_sftp(a: &mut Analyser, c: &Call) {
    match c.method.as_str() {
        "sendMail" | "put" | "fastPut" | "append" | "uploadDir" => a.upload(c.recv_host()),
        "connect" => connect(a, c, true),
        _ => bound_use(a, c),
    }
}

/// Where a socket connects: a string argument (`'host'`, `'host:port'`) or a `host` member.
fn socket_host(args: &[Val]) -> Option<Dest> {
    args.iter().find_map(|a| named_host(a).map(dest::host_port).or_else(|| a.field("host").and_then(|h| h.text.as_deref().map(dest::host_port))))
}

/// A string argument that may name a host: not a port or length written as a string of digits.
fn named_host(a: &Val) -> Option<&str> {
    a.text.as_deref().filter(|t| !t.chars().all(|c| c.is_ascii_digit()))
}

/// `dgram.createSocket(type).send(msg, [offset, length,] port, host)`: a datagram to the last
/// string argument; with local data in it, an upload.
fn datagram(a: &mut Analyser, c: &Call) {
    if c.method != "send" {
        return;
    }
    let host = c.args.iter().skip(1).rev().find_map(named_host).map_or(Dest::Unknown, dest::host_name);
    if c.args.first().is_some_and(Val::carries_data) {
        a.upload(host);
    } else {
        a.request(host);
    }
}

fn dns_lookup(a: &mut Analyser, c: &Call) {
    let Some(name) = c.args.first() else { return };
    let text = name.text_or_dyn();
    if name.data {
        a.upload(dest::host_name(
            text.rsplit(DYN)
                .next()
                .unwrap_or("")
                .trim_start_matches('.'),
        ));
    } else {
        a.request(dest::host_name(&text));
    }
}

fn eval(a: &mut Analyser, c: &Call) {
    let Some(code) = c.args.last() else { return };
    match &code.text {
        Some(t) if !dest::has_dyn(t) => {
            let events = super::analyse_source(t, a.via);
            a.events.extend(events);
        }
        _ => a.events.push(Event::unknowable(&format!(
            "{} runs code built at run time",
            a.via
        ))),
    }
}

/// `stream.pipe(req)`, `pipeline(stream, req, cb)`: a stream written into a request or socket
/// bound to a host is a body sent there.
fn pipe(a: &mut Analyser, c: &Call) {
    let into = if c.method == "pipe" { &c.args[..c.args.len().min(1)] } else { c.args.get(1..).unwrap_or_default() };
    for to in into {
        if matches!(to.path.as_deref(), Some("http.ClientRequest" | "net.Socket" | "WebSocket")) {
            a.upload(to.host.clone().unwrap_or(Dest::Unknown));
        }
    }
}

fn unknown_client(a: &mut Analyser, c: &Call) {
    let Some(url) = c.args.first() else { return };
    if url
        .text
        .as_deref()
        .is_some_and(|t| t.starts_with("http://") || t.starts_with("https://"))
    {
        a.http(Some(url), None, true);
    }
}
