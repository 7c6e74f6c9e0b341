//! Python read with ruff's parser: imports are resolved (`from requests import post as p`,
//! `import urllib.request as u`, `__import__("socket")`), names bound earlier are followed to
//! their values, and every call is matched by its module path against [`SINKS`]. Data is traced
//! to where it comes from on this machine ([`source`]: files, the environment, command output),
//! so a GET whose URL or query is built from a file is an upload and a GET of a static URL is not.
//! Strings that only mention an API (`print("requests.post(url)")`) are strings, never calls.
//!
//! The walk is flow-insensitive within a scope (the last binding of a name wins). A function
//! defined in the snippet is read where it is called, its parameters bound to the arguments (a
//! bounded number of bytes, a few calls deep), or once with its defaults when nothing calls it;
//! values are not followed through containers it cannot see: a value it cannot know is unknown,
//! never data, except where the sink is dangerous on its own (a POST, a shell-out of a run-time
//! string, `exec` of a run-time string), which fails closed. Data stored into an object (a
//! session's headers) taints the object, and any use of a connection bound to a host is a
//! request to it.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use ruff_python_ast::{self as ast, Expr, Stmt, visitor::Visitor};
use ruff_python_parser::{ParseErrorType, ParseOptions};

use super::super::Event;
use super::super::dest::{self, DYN, Dest};
use super::calls::{Calls, Env, Read};
use super::sink_index::SinkIndex;
use super::value::{Val, argv, fed, sending_method, storage_url};

/// The parser's own recursion bound: deeper code is not parsed (and fails closed). It also
/// bounds this module's recursion over the tree.
const MAX_RECURSION: u16 = 100;

/// Tokens that can deepen the syntax tree (operators, `.`, brackets, keywords) allowed in one
/// logical line. Left-associative chains (`a+a+a…`, `a.b.b…`, `f()()…`) are built in loops by the
/// parser, so its recursion limit does not bound them, but every level costs one such token.
/// Dropping and walking a deeper tree could overflow the component's stack (a trap, which
/// `fail_mode: open` lets through); lines past this bound go to the fallback.
const MAX_LINE_DEPTH: usize = 400;

/// The most tree-deepening tokens in any logical line, counted by ruff's lexer (no recursion).
fn line_depth(src: &str) -> usize {
    use ruff_python_ast::token::TokenKind as K;
    let mut lexer = ruff_python_parser::lexer::lex(src, ruff_python_parser::Mode::Module);
    let (mut line, mut max) = (0usize, 0usize);
    loop {
        match lexer.next_token() {
            K::EndOfFile => return max.max(line),
            K::Newline => {
                max = max.max(line);
                line = 0;
            }
            K::Comma | K::Rpar | K::Rsqb | K::Rbrace | K::Semi => {}
            K::FStringStart | K::TStringStart => line += 1,
            k if k.is_operator() || k.is_keyword() => line += 1,
            _ => {}
        }
    }
}

/// `None` when the text is not Python, or has a line too deep to walk (the caller then uses the
/// conservative fallback).
pub fn analyse(src: &str, via: &str) -> Option<Vec<Event>> {
    if line_depth(src) > MAX_LINE_DEPTH {
        return None;
    }
    let options =
        ParseOptions::from(ast::PySourceType::Python).with_max_recursion_depth(MAX_RECURSION);
    let parsed = ruff_python_parser::parse_unchecked(src, options);
    if parsed
        .errors()
        .iter()
        .any(|e| matches!(e.error, ParseErrorType::RecursionLimitExceeded))
    {
        return Some(vec![Event::unknowable(&format!(
            "{via} code is nested too deeply to analyse"
        ))]);
    }
    if !parsed.errors().is_empty() {
        return None;
    }
    let module = parsed.syntax().as_module()?;
    let mut a = Analyser {
        via,
        env: Env::new(),
        events: Vec::new(),
        funcs: HashMap::new(),
        pending: Vec::new(),
        read: HashSet::new(),
        calls: Calls::new(src.len()),
        in_class: false,
        class: None,
        senders: HashSet::new(),
    };
    for stmt in &module.body {
        a.visit_stmt(stmt);
    }
    // A call the bounds left unread is read once more with its arguments unknown, so a function
    // first called harmlessly cannot be called unseen past the bounds; functions no call reached
    // are read once with what their parameters default to.
    loop {
        if let Some(f) = a.calls.next_skipped() {
            a.function(f, &Call { opaque: true, ..Call::default() });
        } else if let Some(f) = a.pending.pop() {
            if !a.read.contains(&u32::from(f.range.start())) {
                a.function(f, &Call::default());
            }
        } else {
            break;
        }
    }
    Some(a.events)
}

struct Analyser<'v, 'a> {
    via: &'v str,
    env: Env,
    events: Vec<Event>,
    /// Functions defined at module or function level, by name: a call to one reads its body with
    /// its parameters bound to the call's arguments (`def report(url): requests.post(url, …)`).
    funcs: HashMap<String, &'a ast::StmtFunctionDef>,
    /// Functions defined, to be read once at the end unless a call read them (`read`: where
    /// each read function starts).
    pending: Vec<&'a ast::StmtFunctionDef>,
    read: HashSet<u32>,
    calls: Calls<&'a ast::StmtFunctionDef>,
    /// Inside a class body: its methods are read where they are defined.
    in_class: bool,
    /// The class being read, and the asyncio protocol classes whose transport sends data: a
    /// connection made with one (`loop.create_connection(P, host, port)`) uploads to its host.
    class: Option<String>,
    senders: HashSet<String>,
}

/// A sink: a module path (or method of an object of that path) and what calling it does.
pub struct Sink {
    pub name: &'static str,
    /// Exact paths, or `prefix.*` for every method of a class or module.
    pub paths: &'static [&'static str],
    run: fn(&mut Analyser, &Call),
}

/// One call, its arguments evaluated.
#[derive(Default)]
struct Call<'c> {
    /// The resolved path (`requests.post`, `requests.Session.post`) or the bare method name.
    path: String,
    method: String,
    /// The object a method is called on.
    recv: Option<Val>,
    args: Vec<Val>,
    kwargs: Vec<(&'c str, Val)>,
    /// Every parameter unknown, defaults included (a call read past the bounds).
    opaque: bool,
}

impl Call<'_> {
    fn arg(&self, pos: usize, kw: &str) -> Option<&Val> {
        self.kwargs
            .iter()
            .find(|(k, _)| *k == kw)
            .map(|(_, v)| v)
            .or(self.args.get(pos))
    }

    fn kw(&self, kw: &str) -> Option<&Val> {
        self.kwargs.iter().find(|(k, _)| *k == kw).map(|(_, v)| v)
    }

    fn any_data(&self) -> bool {
        self.args
            .iter()
            .chain(self.kwargs.iter().map(|(_, v)| v))
            .any(Val::carries_data)
            || self.recv.as_ref().is_some_and(|r| r.data)
    }

    fn recv_host(&self) -> Dest {
        self.recv
            .as_ref()
            .and_then(|r| r.host.clone())
            .unwrap_or(Dest::Unknown)
    }
}

pub static SINKS: &[Sink] = &[
    Sink {
        name: "http-client",
        paths: &[
            "requests.*",
            "requests.Session.*",
            "httpx.*",
            "httpx.Client.*",
            "httpx.AsyncClient.*",
            "aiohttp.ClientSession.*",
            "aiohttp.request",
            "urllib3.PoolManager.*",
            "urllib3.request",
        ],
        run: http_client,
    },
    Sink {
        name: "urllib",
        paths: &[
            "urllib.request.urlopen",
            "urllib2.urlopen",
            "urllib.urlopen",
            "urllib.request.OpenerDirector.open",
        ],
        run: urlopen,
    },
    Sink {
        name: "http.client",
        paths: &["http.client.HTTPConnection.*", "httplib.HTTPConnection.*"],
        run: http_connection,
    },
    Sink {
        name: "socket",
        paths: &["socket.socket.*", "websocket.*", "asyncio.StreamWriter.*", "asyncio.Transport.*"],
        run: socket_send,
    },
    Sink {
        name: "asyncio",
        paths: &["asyncio.loop.*", "aiosmtplib.send", "asyncssh.scp"],
        run: asyncio_call,
    },
    Sink {
        name: "ftplib",
        paths: &["ftplib.FTP.*"],
        run: ftp,
    },
    Sink {
        name: "smtplib",
        paths: &["smtplib.SMTP.*"],
        run: smtp,
    },
    Sink {
        name: "sftp",
        paths: &[
            "paramiko.SFTPClient.*",
            "scp.SCPClient.*",
            "fabric.Connection.*",
            "pysftp.Connection.*",
            "paramiko.SSHClient.*",
            "paramiko.Channel.*",
            "asyncssh.SSHClientConnection.*",
            "asyncssh.SFTPClient.*",
        ],
        run: sftp,
    },
    Sink {
        name: "boto3",
        paths: &["boto3.s3.*", "boto3.s3.Bucket.*", "boto3.s3.Object.*"],
        run: boto3,
    },
    Sink {
        name: "google-cloud-storage",
        paths: &["google.cloud.storage.Blob.*"],
        run: gcs,
    },
    Sink {
        name: "azure-storage-blob",
        paths: &["azure.storage.blob.*"],
        run: azure,
    },
    Sink {
        name: "pandas",
        paths: &[
            "*.to_csv",
            "*.to_json",
            "*.to_parquet",
            "*.to_excel",
            "*.to_pickle",
            "*.to_feather",
            "*.to_xml",
            "*.to_orc",
            "*.to_html",
        ],
        run: dataframe,
    },
    Sink {
        name: "shell-out",
        paths: &[
            "os.system",
            "os.popen",
            "subprocess.run",
            "subprocess.call",
            "subprocess.check_call",
            "subprocess.check_output",
            "subprocess.Popen",
            "subprocess.getoutput",
            "subprocess.getstatusoutput",
            "commands.getoutput",
            "asyncio.create_subprocess_shell",
            "asyncio.create_subprocess_exec",
            "os.execv",
            "os.execvp",
            "os.execl",
            "os.execlp",
            "os.spawnv",
            "os.spawnl",
            "os.spawnlp",
            "os.spawnvp",
            "pty.spawn",
            // A bare `system("…")` that nothing binds is Ruby's, Perl's or R's shell-out, which
            // parses as a Python call (Python's own is `os.system`, resolved above).
            "system",
        ],
        run: shell_out,
    },
    Sink {
        name: "exec",
        paths: &["exec", "eval", "compile", "builtins.exec", "builtins.eval"],
        run: exec,
    },
    Sink {
        name: "dns",
        paths: &[
            "socket.gethostbyname",
            "socket.getaddrinfo",
            "socket.gethostbyname_ex",
            "dns.resolver.resolve",
            "dns.resolver.query",
        ],
        run: dns_lookup,
    },
    Sink {
        name: "webbrowser",
        paths: &[
            "webbrowser.open",
            "webbrowser.open_new",
            "webbrowser.open_new_tab",
        ],
        run: browser,
    },
    Sink {
        name: "unknown-client",
        paths: &["?.post", "?.put", "?.patch"],
        run: unknown_client,
    },
];

/// [`SINKS`] by their patterns.
static SINK_INDEX: LazyLock<SinkIndex> = LazyLock::new(|| SinkIndex::new(SINKS.iter().map(|s| s.paths)));

/// Calls whose result is local data: a file, the environment, command output, who and where
/// this machine is.
fn source(path: &str, method: &str) -> bool {
    matches!(
        path,
        "open"
            | "io.open"
            | "codecs.open"
            | "os.getenv"
            | "os.environ.get"
            | "os.environ.copy"
            | "os.getenvb"
            | "subprocess.check_output"
            | "subprocess.getoutput"
            | "subprocess.getstatusoutput"
            | "subprocess.run"
            | "subprocess.Popen"
            | "os.popen"
            | "commands.getoutput"
            | "socket.gethostname"
            | "getpass.getuser"
            | "os.getlogin"
            | "platform.node"
            | "platform.uname"
            | "uuid.getnode"
            | "os.listdir"
            | "os.scandir"
            | "os.walk"
            | "glob.glob"
            | "input"
            | "os.read"
            | "shutil.make_archive"
            | "tarfile.open"
            | "zipfile.ZipFile"
            | "sqlite3.connect"
            | "pickle.load"
            | "json.load"
    ) || path.starts_with("pandas.read_")
        || path.starts_with("pathlib.Path.")
        || matches!(
            method,
            "read"
                | "read_text"
                | "read_bytes"
                | "readlines"
                | "readline"
                | "read_csv"
                | "read_excel"
                | "read_json"
                | "read_parquet"
                | "fetchall"
                | "fetchone"
                | "communicate"
        )
}

/// Values that are local data by themselves (`os.environ`, `sys.stdin`).
fn source_value(path: &str) -> bool {
    matches!(
        path,
        "os.environ" | "os.environb" | "sys.stdin" | "sys.argv"
    )
}

/// Constructors and factories: the object path their result has, and where its host comes from.
fn construct(path: &str) -> Option<&'static str> {
    Some(match path {
        "requests.Session" | "requests.session" | "requests.sessions.Session" => "requests.Session",
        "httpx.Client" => "httpx.Client",
        "httpx.AsyncClient" => "httpx.AsyncClient",
        "aiohttp.ClientSession" => "aiohttp.ClientSession",
        "urllib3.PoolManager"
        | "urllib3.HTTPConnectionPool"
        | "urllib3.HTTPSConnectionPool"
        | "urllib3.connection_from_url" => "urllib3.PoolManager",
        "urllib.request.Request" | "urllib2.Request" => "urllib.request.Request",
        "urllib.request.build_opener" | "urllib2.build_opener" => "urllib.request.OpenerDirector",
        "http.client.HTTPConnection"
        | "http.client.HTTPSConnection"
        | "httplib.HTTPConnection"
        | "httplib.HTTPSConnection" => "http.client.HTTPConnection",
        "socket.socket" | "socket.create_connection" | "ssl.wrap_socket" => "socket.socket",
        "asyncio.open_connection" => "asyncio.StreamWriter",
        "asyncio.get_running_loop" | "asyncio.get_event_loop" | "asyncio.new_event_loop" => "asyncio.loop",
        "asyncio.loop.create_connection" | "asyncio.loop.create_datagram_endpoint" => "asyncio.Transport",
        "aiosmtplib.SMTP" => "smtplib.SMTP",
        "asyncssh.connect" => "asyncssh.SSHClientConnection",
        "asyncssh.SSHClientConnection.start_sftp_client" => "asyncssh.SFTPClient",
        "websocket.create_connection" | "websocket.WebSocket" | "websockets.connect" | "aiohttp.ClientSession.ws_connect" => "websocket",
        "httpx.Request" => "httpx.Request",
        "ftplib.FTP" | "ftplib.FTP_TLS" => "ftplib.FTP",
        "smtplib.SMTP" | "smtplib.SMTP_SSL" | "smtplib.LMTP" => "smtplib.SMTP",
        "paramiko.SSHClient" => "paramiko.SSHClient",
        "paramiko.SSHClient.exec_command" | "paramiko.SSHClient.invoke_shell" => "paramiko.Channel",
        "paramiko.Transport" => "paramiko.Transport",
        "paramiko.SFTPClient.from_transport"
        | "paramiko.SSHClient.open_sftp"
        | "paramiko.Transport.open_sftp_client" => "paramiko.SFTPClient",
        "scp.SCPClient" => "scp.SCPClient",
        "fabric.Connection" => "fabric.Connection",
        "pysftp.Connection" => "pysftp.Connection",
        "boto3.client"
        | "boto3.resource"
        | "boto3.session.Session.client"
        | "boto3.session.Session.resource"
        | "boto3.Session.client"
        | "boto3.Session.resource" => "boto3.s3",
        "boto3.session.Session" | "boto3.Session" => "boto3.session.Session",
        "boto3.s3.Bucket" => "boto3.s3.Bucket",
        "boto3.s3.Object" | "boto3.s3.Bucket.Object" => "boto3.s3.Object",
        "google.cloud.storage.Client" => "google.cloud.storage.Client",
        "google.cloud.storage.Client.bucket"
        | "google.cloud.storage.Client.get_bucket"
        | "google.cloud.storage.Client.lookup_bucket"
        | "google.cloud.storage.Bucket" => "google.cloud.storage.Bucket",
        "google.cloud.storage.Bucket.blob"
        | "google.cloud.storage.Bucket.get_blob"
        | "google.cloud.storage.Blob"
        | "google.cloud.storage.Blob.from_string" => "google.cloud.storage.Blob",
        p if p.starts_with("azure.storage.blob.") => "azure.storage.blob",
        _ => return None,
    })
}

impl<'a> Analyser<'_, 'a> {
    fn emit_upload(&mut self, d: Dest) {
        self.events.push(Event::upload(self.via, d));
    }

    fn emit_request(&mut self, d: Dest) {
        self.events.push(Event::request(self.via, d));
    }

    /// An HTTP-style request: an upload when it sends a body or its URL carries local data.
    fn http(&mut self, url: Option<&Val>, base: Option<&Dest>, sends: bool) {
        let (mut d, in_url) = url.map_or((Dest::Unknown, false), Val::url);
        if d == Dest::Unknown
            && let (Some(b), Some(u)) = (base, url)
            && !u.text_or_dyn().contains("://")
        {
            d = b.clone();
        }
        if sends || in_url {
            self.emit_upload(d)
        } else {
            self.emit_request(d)
        }
    }

    /// Read a function's body with its parameters bound to `call`'s arguments, or to their
    /// defaults (unknown without one).
    fn function(&mut self, f: &'a ast::StmtFunctionDef, call: &Call) {
        self.read.insert(u32::from(f.range.start()));
        self.scope(|a| {
            let params = &f.parameters;
            let default = |a: &Analyser, d: &Option<Box<Expr>>| d.as_deref().filter(|_| !call.opaque).map(|d| a.eval(d));
            for (i, p) in params.posonlyargs.iter().chain(&params.args).enumerate() {
                let name = p.parameter.name.as_str();
                let v = call.arg(i, name).cloned().or_else(|| default(a, &p.default)).unwrap_or_default();
                a.env.insert(name.to_string(), v);
            }
            for p in &params.kwonlyargs {
                let name = p.parameter.name.as_str();
                let v = call.kw(name).cloned().or_else(|| default(a, &p.default)).unwrap_or_default();
                a.env.insert(name.to_string(), v);
            }
            for p in params.vararg.iter().chain(&params.kwarg) {
                a.env.insert(p.name.to_string(), Val { data: call.any_data(), ..Val::default() });
            }
            // An asyncio protocol's transport: what it writes leaves for the peer (which
            // `create_connection` names elsewhere: unknown here).
            if a.in_class
                && f.name.as_str() == "connection_made"
                && let Some(t) = params.args.get(1)
            {
                a.env.insert(t.parameter.name.to_string(), Val { path: Some("asyncio.Transport".into()), host: Some(Dest::Unknown), ..Val::default() });
            }
            for s in &f.body {
                a.visit_stmt(s);
            }
        });
    }

    /// A call of a function defined in the snippet: its body is read for these arguments, within
    /// the depth and the bytes allowed.
    fn call_function(&mut self, c: &ast::ExprCall, call: &Call) {
        let Expr::Name(n) = c.func.as_ref() else { return };
        let Some(&f) = self.funcs.get(n.id.as_str()) else { return };
        let (start, len) = (u32::from(f.range.start()), usize::from(f.range.len()));
        if let Read::Enter(start, hash) = self.calls.enter(f, start, len, &(&call.args, &call.kwargs), &self.env) {
            self.function(f, call);
            self.calls.leave(start, hash, &self.env);
        }
    }

    fn scope<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = self.env.clone();
        let out = f(self);
        // Bindings made inside a function do not leak out, but what the function did was seen.
        self.env = saved;
        out
    }

    fn bind(&mut self, target: &Expr, value: Val) {
        match target {
            Expr::Name(n) => {
                self.env.insert(n.id.to_string(), value);
            }
            // Unpacking an object bound to a host gives objects bound to it (`i, o, e =
            // ssh.exec_command(…)`: the remote command's streams).
            Expr::Tuple(ast::ExprTuple { elts, .. }) | Expr::List(ast::ExprList { elts, .. }) => {
                for e in elts {
                    let item = Val {
                        data: value.data,
                        path: value.host.as_ref().and(value.path.clone()),
                        host: value.host.clone(),
                        ..Val::default()
                    };
                    self.bind(e, item);
                }
            }
            Expr::Starred(s) => self.bind(&s.value, value),
            // `obj.attr = …`, `d[k] = …`, `s.headers[k] = …`: data stored into an object taints
            // the object.
            Expr::Attribute(ast::ExprAttribute { value: obj, .. })
            | Expr::Subscript(ast::ExprSubscript { value: obj, .. })
                if value.carries_data() =>
            {
                if let Some(root) = root_name(obj) {
                    self.env.entry(root.to_string()).or_default().data = true;
                }
            }
            _ => {}
        }
    }

    /// The dotted path a name or attribute chain refers to, imports resolved.
    fn path_of(&self, e: &Expr) -> Option<String> {
        match e {
            Expr::Name(n) => Some(
                self.env
                    .get(n.id.as_str())
                    .and_then(|v| v.path.clone())
                    .unwrap_or_else(|| n.id.to_string()),
            ),
            Expr::Attribute(a) => self
                .path_of(&a.value)
                .map(|p| format!("{p}.{}", a.attr.as_str())),
            _ => None,
        }
    }

    fn eval(&self, e: &Expr) -> Val {
        match e {
            Expr::StringLiteral(s) => Val::text(s.value.to_str()),
            Expr::BytesLiteral(b) => Val::text(
                b.value
                    .iter()
                    .map(|p| String::from_utf8_lossy(&p.value).into_owned())
                    .collect::<String>(),
            ),
            Expr::FString(f) => {
                let mut v = Val::text("");
                for part in f.value.as_slice() {
                    match part {
                        ast::FStringPart::Literal(l) => v = v.concat(&Val::text(l.value.as_ref())),
                        ast::FStringPart::FString(fs) => {
                            for el in fs.elements.iter() {
                                v = match el {
                                    ast::InterpolatedStringElement::Literal(l) => {
                                        v.concat(&Val::text(l.value.as_ref()))
                                    }
                                    ast::InterpolatedStringElement::Interpolation(i) => {
                                        let inner = self.eval(&i.expression);
                                        v.concat(&Val {
                                            text: Some(
                                                inner
                                                    .text
                                                    .filter(|_| i.format_spec.is_none())
                                                    .unwrap_or_else(|| DYN.to_string()),
                                            ),
                                            data: inner.data,
                                            ..Val::default()
                                        })
                                    }
                                };
                            }
                        }
                    }
                }
                v
            }
            Expr::Name(n) => self.env.get(n.id.as_str()).cloned().unwrap_or_default(),
            Expr::Attribute(a) => {
                let recv = self.eval(&a.value);
                let path = self.path_of(e);
                if path.as_deref().is_some_and(source_value) {
                    return Val {
                        path,
                        ..Val::data()
                    };
                }
                match recv.path {
                    // `mod.attr`: a module member keeps a path; an object's attribute is unknown
                    // but keeps its data and host (`resp.text`, `sock.fileno`).
                    Some(_) if recv.host.is_none() && !recv.data => Val {
                        path,
                        ..Val::default()
                    },
                    _ => Val {
                        data: recv.data,
                        ..Val::default()
                    },
                }
            }
            Expr::Subscript(s) => {
                let v = self.eval(&s.value);
                let key = self.eval(&s.slice);
                let field = key.text.as_deref().and_then(|k| v.field(k).cloned());
                field.unwrap_or(Val {
                    data: v.carries_data(),
                    ..Val::default()
                })
            }
            Expr::BinOp(b) => {
                let (l, r) = (self.eval(&b.left), self.eval(&b.right));
                match b.op {
                    ast::Operator::Add => l.concat(&r),
                    ast::Operator::Mod if l.text.is_some() => Val {
                        text: Some(format!("{}{DYN}", l.text_or_dyn())),
                        data: l.data || r.carries_data(),
                        ..Val::default()
                    },
                    _ => Val {
                        data: l.carries_data() || r.carries_data(),
                        ..Val::default()
                    },
                }
            }
            Expr::Dict(d) => {
                let mut v = Val::default();
                for item in &d.items {
                    let val = self.eval(&item.value);
                    match item.key.as_ref().map(|k| self.eval(k)) {
                        Some(Val { text: Some(k), .. }) => v.fields.push((k, val)),
                        _ => v.data |= val.carries_data(),
                    }
                }
                v
            }
            Expr::List(l) => Val {
                text: Some(self.argv(&l.elts)),
                ..self.any_data(l.elts.iter())
            },
            Expr::Tuple(t) => {
                let mut v = Val {
                    text: Some(self.argv(&t.elts)),
                    ..self.any_data(t.elts.iter())
                };
                // `("host", 443)`: the address form of sockets, keep the host.
                if let Some(Expr::StringLiteral(h)) = t.elts.first() {
                    v.host = Some(dest::host_name(h.value.to_str()));
                }
                v
            }
            Expr::Set(s) => self.any_data(s.elts.iter()),
            Expr::Call(c) => self.call_value(c),
            Expr::Await(a) => self.eval(&a.value),
            Expr::Named(n) => self.eval(&n.value),
            Expr::Starred(s) => self.eval(&s.value),
            Expr::If(i) => {
                let (a, b) = (self.eval(&i.body), self.eval(&i.orelse));
                Val {
                    data: a.carries_data() || b.carries_data(),
                    ..if a.text.is_some() { a } else { b }
                }
            }
            Expr::BoolOp(b) => self.any_data(b.values.iter()),
            Expr::ListComp(c) => Val {
                data: self.eval(&c.elt).data
                    || c.generators
                        .iter()
                        .any(|g| self.eval(&g.iter).carries_data()),
                ..Val::default()
            },
            Expr::Generator(c) => Val {
                data: self.eval(&c.elt).data
                    || c.generators
                        .iter()
                        .any(|g| self.eval(&g.iter).carries_data()),
                ..Val::default()
            },
            _ => Val::default(),
        }
    }

    /// A list as the command line it stands for ([`argv`]).
    fn argv(&self, elts: &[Expr]) -> String {
        argv(&elts.iter().map(|e| self.eval(e)).collect::<Vec<_>>())
    }

    fn any_data<'e>(&self, es: impl Iterator<Item = &'e Expr>) -> Val {
        Val {
            data: es.map(|e| self.eval(e)).any(|v| v.carries_data()),
            ..Val::default()
        }
    }

    /// The path of the function a call calls: a module function, a constructor, a method of an
    /// object whose class is known, or `?.method` for an unknown receiver.
    fn callee(&self, func: &Expr) -> (String, Option<Val>) {
        match func {
            Expr::Attribute(a) => {
                let recv = self.eval(&a.value);
                let method = a.attr.as_str();
                let base = match (&recv.path, &a.value.as_ref()) {
                    (Some(p), _) => Some(p.clone()),
                    (None, Expr::Name(_) | Expr::Attribute(_)) if !self.is_bound(&a.value) => {
                        self.path_of(&a.value)
                    }
                    _ => None,
                };
                (
                    base.map_or_else(|| format!("?.{method}"), |b| format!("{b}.{method}")),
                    Some(recv),
                )
            }
            Expr::Call(inner) if is_import_call(inner) => {
                (self.import_call(inner).unwrap_or_default(), None)
            }
            _ => (self.path_of(func).unwrap_or_default(), None),
        }
    }

    fn is_bound(&self, e: &Expr) -> bool {
        match e {
            Expr::Name(n) => self.env.contains_key(n.id.as_str()),
            Expr::Attribute(a) => self.is_bound(&a.value),
            _ => true,
        }
    }

    /// `__import__("x")` / `importlib.import_module("x")`.
    fn import_call(&self, c: &ast::ExprCall) -> Option<String> {
        self.eval(c.arguments.args.first()?)
            .text
            .filter(|t| !dest::has_dyn(t))
    }

    fn call<'c>(&self, c: &'c ast::ExprCall) -> Call<'c> {
        let (mut path, recv) = self.callee(&c.func);
        // `getattr(requests, "post")(…)`
        if let Expr::Call(g) = c.func.as_ref()
            && self.path_of(&g.func).as_deref() == Some("getattr")
            && g.arguments.args.len() >= 2
            && let (Some(base), Some(name)) = (
                self.path_of(&g.arguments.args[0]),
                self.eval(&g.arguments.args[1]).text,
            )
        {
            path = format!("{base}.{name}");
        }
        let method = path.rsplit('.').next().unwrap_or("").to_string();
        Call {
            path,
            method,
            recv,
            args: c.arguments.args.iter().map(|a| self.eval(a)).collect(),
            kwargs: c
                .arguments
                .keywords
                .iter()
                .filter_map(|k| k.arg.as_ref().map(|n| (n.as_str(), self.eval(&k.value))))
                .collect(),
            opaque: false,
        }
    }

    /// The value a call returns (no events).
    fn call_value(&self, c: &ast::ExprCall) -> Val {
        if is_import_call(c) {
            return self.import_call(c).map(Val::path).unwrap_or_default();
        }
        let call = self.call(c);
        let data = call.any_data() || source(&call.path, &call.method);
        if let Some(kind) = construct(&call.path) {
            // A client carries data when what it adds to every request does (its base URL may
            // come from the environment without sending anything from here).
            let data = match kind {
                "requests.Session"
                | "httpx.Client"
                | "httpx.AsyncClient"
                | "aiohttp.ClientSession"
                | "urllib3.PoolManager" => ["headers", "cookies", "auth", "params"]
                    .iter()
                    .filter_map(|k| call.kw(k))
                    .any(Val::carries_data),
                _ => data,
            };
            return Val {
                path: Some(kind.to_string()),
                host: self.bound_host(kind, &call),
                data,
                sends: match kind {
                    // `httpx.Request(method, url, content=…)`.
                    "httpx.Request" => {
                        call.arg(0, "method").and_then(|m| m.text.as_deref()).is_some_and(sending_method)
                            || ["content", "data", "json", "files"].iter().any(|k| call.kw(k).is_some())
                    }
                    _ => {
                        call.arg(1, "data").is_some()
                            || call
                                .kw("method")
                                .and_then(|m| m.text.as_deref())
                                .is_some_and(sending_method)
                    }
                },
                ..Val::default()
            };
        }
        match call.method.as_str() {
            "format" | "join" | "replace" | "strip" | "lower" | "upper" | "encode" | "decode"
            | "urlencode" | "quote" | "b64encode" | "hex" | "dumps" | "str" => {
                let first = call.args.first().cloned().unwrap_or_default();
                let recv = call.recv.clone().unwrap_or_default();
                let text = match call.method.as_str() {
                    "format" | "join" => recv.text.map(|t| format!("{t}{DYN}")),
                    "str" => first.text,
                    _ => recv.text,
                };
                Val {
                    text,
                    data,
                    ..Val::default()
                }
            }
            // Methods of a network object return objects bound to the same place (`ssh.open_sftp()`).
            _ if call.recv.as_ref().is_some_and(|r| r.host.is_some()) => {
                let r = call.recv.clone().unwrap_or_default();
                Val {
                    path: r
                        .path
                        .map(|p| format!("{p}.{}", call.method))
                        .and_then(|p| construct(&p).map(str::to_string)),
                    host: r.host,
                    data,
                    ..Val::default()
                }
            }
            _ if call.path == "os.path.join" || call.path == "urllib.parse.urljoin" => {
                let mut v = call.args.first().cloned().unwrap_or_default();
                for a in call.args.iter().skip(1) {
                    v = v.concat(&Val::text("/")).concat(a);
                }
                v
            }
            _ => Val {
                data,
                ..Val::default()
            },
        }
    }

    /// Where a freshly built client or connection points.
    fn bound_host(&self, kind: &str, call: &Call) -> Option<Dest> {
        let text_host = |v: &Val| {
            v.text.as_deref().map(|t| {
                if t.contains("://") {
                    v.url().0
                } else {
                    dest::host_port(t)
                }
            })
        };
        match kind {
            "http.client.HTTPConnection"
            | "ftplib.FTP"
            | "smtplib.SMTP"
            | "fabric.Connection"
            | "pysftp.Connection"
            | "asyncio.StreamWriter"
            | "asyncssh.SSHClientConnection" => call.arg(0, "host").or(call.kw("hostname")).and_then(text_host),
            // `loop.create_connection(factory, host, port)`, `create_datagram_endpoint(factory,
            // remote_addr=(host, port))`.
            "asyncio.Transport" => call
                .arg(1, "host")
                .and_then(text_host)
                .or_else(|| call.kw("remote_addr").and_then(|a| a.host.clone())),
            "socket.socket" if call.path == "socket.create_connection" => {
                call.args.first().and_then(|a| a.host.clone())
            }
            "socket.socket" if call.path == "ssl.wrap_socket" => {
                call.args.first().and_then(|a| a.host.clone())
            }
            "websocket" | "urllib.request.Request" => call.arg(0, "url").map(|u| u.url().0),
            "httpx.Request" => call.arg(1, "url").map(|u| u.url().0),
            "paramiko.Transport" => call
                .args
                .first()
                .and_then(|a| a.host.clone().or_else(|| text_host(a))),
            "paramiko.Channel" | "asyncssh.SFTPClient" => call.recv.as_ref().and_then(|r| r.host.clone()),
            "paramiko.SFTPClient" | "scp.SCPClient" => call
                .args
                .first()
                .and_then(|a| a.host.clone())
                .or_else(|| call.recv.as_ref().and_then(|r| r.host.clone())),
            "httpx.Client" | "httpx.AsyncClient" | "aiohttp.ClientSession" => {
                call.kw("base_url").or(call.args.first()).map(|u| u.url().0)
            }
            "urllib3.PoolManager" => call.args.first().map(|u| u.url().0),
            "boto3.s3" => call.kw("endpoint_url").map(|u| u.url().0),
            "boto3.s3.Bucket" => call.arg(0, "name").and_then(|b| {
                b.text
                    .as_deref()
                    .map(|t| Dest::Cloud(format!("s3://{}", t.to_ascii_lowercase())))
            }),
            "boto3.s3.Object" => call.arg(0, "bucket_name").and_then(|b| {
                b.text
                    .as_deref()
                    .map(|t| Dest::Cloud(format!("s3://{}", t.to_ascii_lowercase())))
            }),
            "google.cloud.storage.Bucket" => call.arg(0, "bucket_name").and_then(|b| {
                b.text
                    .as_deref()
                    .map(|t| Dest::Cloud(format!("gs://{}", t.to_ascii_lowercase())))
            }),
            "google.cloud.storage.Blob" if call.method == "from_string" => call
                .args
                .first()
                .and_then(|u| u.text.as_deref().and_then(storage_url)),
            "google.cloud.storage.Blob" => call.recv.as_ref().and_then(|r| r.host.clone()),
            "azure.storage.blob" => call.recv.as_ref().and_then(|r| r.host.clone()).or_else(|| {
                call.kw("account_url")
                    .or(call.args.first())
                    .and_then(|u| u.text.as_deref().and_then(|t| azure_host(t, u)))
            }),
            _ => None,
        }
    }

    /// A call statement or expression: check the sink tables, then apply what it changes.
    fn check_call(&mut self, c: &ast::ExprCall) {
        let call = self.call(c);
        let before = self.events.len();
        if let Some(i) = SINK_INDEX.find(&call.path) {
            (SINKS[i].run)(self, &call);
        }
        // Any other use of a connection or client bound to a host talks to it
        // (`boto3.client(endpoint_url=…).list_buckets()`, `create_connection(…).close()`).
        if self.events.len() == before
            && let Some(r) = &call.recv
            && let (Some(path), Some(d @ Dest::Host(_))) = (&r.path, &r.host)
            && path != "urllib.request.Request"
        {
            self.emit_request(d.clone());
        }
        // `loop.create_connection(P, host, port)` with a protocol class that sends data.
        if matches!(call.path.as_str(), "asyncio.loop.create_connection" | "asyncio.loop.create_datagram_endpoint")
            && let Some(Expr::Name(factory)) = c.arguments.args.first()
            && self.senders.contains(factory.id.as_str())
        {
            let host = self.bound_host("asyncio.Transport", &call).unwrap_or(Dest::Unknown);
            self.emit_upload(host);
        }
        // `loop.sock_connect(sock, ("h", 80))`: the socket is now bound to the host.
        if call.method == "sock_connect"
            && let Some(Expr::Name(n)) = c.arguments.args.first()
            && let Some(h) = call.args.get(1).and_then(|h| h.host.clone())
        {
            if let Some(v) = self.env.get_mut(n.id.as_str()) {
                v.host = Some(h.clone());
            }
            self.emit_request(h);
        }
        // `sock.connect(("h", 80))`, `ssh.connect("h")`, `ftp.connect("h")`: the object is now
        // bound, and a connection object has connected.
        if (call.method == "connect" || call.method == "connect_ex")
            && let Expr::Attribute(a) = c.func.as_ref()
            && let Expr::Name(n) = a.value.as_ref()
        {
            let host = call.arg(0, "hostname").and_then(|h| {
                h.host
                    .clone()
                    .or_else(|| h.text.as_deref().map(dest::host_port))
            });
            if let (Some(v), Some(h)) = (self.env.get_mut(n.id.as_str()), host) {
                v.host = Some(h.clone());
                if v.path.as_deref().is_some_and(|p| construct(p) == Some(p)) {
                    self.emit_request(h);
                }
            }
        }
        // `s.headers.update({"X": data})`, `fields.append(data)`: data put into an object taints it.
        if matches!(
            call.method.as_str(),
            "update" | "append" | "extend" | "insert" | "setdefault" | "add"
        ) && call.any_data()
            && let Expr::Attribute(a) = c.func.as_ref()
            && let Some(root) = root_name(&a.value)
        {
            self.env.entry(root.to_string()).or_default().data = true;
        }
        self.call_function(c, &call);
    }
}

/// The name an attribute or subscript chain starts from (`s` in `s.headers["X"]`).
fn root_name(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name(n) => Some(n.id.as_str()),
        Expr::Attribute(a) => root_name(&a.value),
        Expr::Subscript(s) => root_name(&s.value),
        _ => None,
    }
}

fn is_import_call(c: &ast::ExprCall) -> bool {
    match c.func.as_ref() {
        Expr::Name(n) => n.id.as_str() == "__import__",
        Expr::Attribute(a) => a.attr.as_str() == "import_module",
        _ => false,
    }
}

/// `https://acct.blob.core.windows.net` or a connection string naming the account.
fn azure_host(text: &str, v: &Val) -> Option<Dest> {
    if text.contains("://") {
        return Some(v.url().0);
    }
    let field = |k: &str| {
        text.split(';')
            .find_map(|kv| kv.strip_prefix(k))
            .map(str::to_string)
    };
    field("BlobEndpoint=")
        .map(|e| dest::url(&e).map_or(Dest::Unknown, |t| t.dest))
        .or_else(|| {
            field("AccountName=").map(|a| dest::host_name(&format!("{a}.blob.core.windows.net")))
        })
}

impl<'a> Visitor<'a> for Analyser<'_, 'a> {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        match stmt {
            Stmt::Import(i) => {
                for alias in &i.names {
                    let full = alias.name.as_str();
                    match &alias.asname {
                        Some(as_) => self.env.insert(as_.to_string(), Val::path(full)),
                        None => {
                            let top = full.split('.').next().unwrap_or(full);
                            self.env.insert(top.to_string(), Val::path(top))
                        }
                    };
                }
            }
            Stmt::ImportFrom(i) => {
                let module = i.module.as_ref().map_or("", |m| m.as_str());
                for alias in &i.names {
                    let name = alias.name.as_str();
                    let local = alias.asname.as_ref().map_or(name, |a| a.as_str());
                    let full = if module.is_empty() {
                        name.to_string()
                    } else {
                        format!("{module}.{name}")
                    };
                    let full = if module == "azure.storage.blob" {
                        format!("azure.storage.blob.{name}")
                    } else {
                        full
                    };
                    self.env.insert(local.to_string(), Val::path(full));
                }
            }
            Stmt::Assign(a) => {
                self.visit_expr(&a.value);
                let v = self.eval(&a.value);
                for t in &a.targets {
                    self.bind(t, v.clone());
                }
            }
            Stmt::AnnAssign(a) => {
                if let Some(value) = &a.value {
                    self.visit_expr(value);
                    let v = self.eval(value);
                    self.bind(&a.target, v);
                }
            }
            Stmt::AugAssign(a) => {
                self.visit_expr(&a.value);
                let (old, new) = (self.eval(&a.target), self.eval(&a.value));
                let v = if a.op == ast::Operator::Add {
                    old.concat(&new)
                } else {
                    Val {
                        data: old.data || new.carries_data(),
                        ..Val::default()
                    }
                };
                self.bind(&a.target, v);
            }
            Stmt::With(w) => {
                for item in &w.items {
                    self.visit_expr(&item.context_expr);
                    if let Some(t) = &item.optional_vars {
                        let v = self.eval(&item.context_expr);
                        self.bind(t, v);
                    }
                }
                for s in &w.body {
                    self.visit_stmt(s);
                }
            }
            Stmt::For(f) => {
                self.visit_expr(&f.iter);
                let it = self.eval(&f.iter);
                self.bind(
                    &f.target,
                    Val {
                        data: it.carries_data(),
                        ..Val::default()
                    },
                );
                for s in f.body.iter().chain(f.orelse.iter()) {
                    self.visit_stmt(s);
                }
            }
            Stmt::FunctionDef(f) => {
                for d in &f.decorator_list {
                    self.visit_expr(&d.expression);
                }
                if self.in_class {
                    self.function(f, &Call::default());
                } else {
                    self.funcs.insert(f.name.to_string(), f);
                    self.pending.push(f);
                }
            }
            Stmt::ClassDef(c) => {
                let outer = std::mem::replace(&mut self.in_class, true);
                let outer_name = self.class.replace(c.name.to_string());
                ast::visitor::walk_stmt(self, stmt);
                self.in_class = outer;
                self.class = outer_name;
            }
            _ => ast::visitor::walk_stmt(self, stmt),
        }
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Call(c) = expr {
            self.check_call(c);
        }
        ast::visitor::walk_expr(self, expr);
    }
}

fn http_client(a: &mut Analyser, c: &Call) {
    let base = c.recv.as_ref().and_then(|r| r.host.clone());
    let body = ["data", "json", "files", "content", "body", "fields"]
        .iter()
        .any(|k| c.kw(k).is_some());
    let meta_data = [
        "params", "headers", "cookies", "auth", "data", "json", "files", "content", "body",
        "fields",
    ]
    .iter()
    .filter_map(|k| c.kw(k))
    .any(Val::carries_data);
    // A session that carries data in every request (`s.headers["X"] = data`).
    let session_data = c.recv.as_ref().is_some_and(|r| r.data);
    match c.method.as_str() {
        "post" | "put" | "patch" => a.http(c.arg(0, "url"), base.as_ref(), true),
        // `httpx.stream("PUT", url, content=…)`: a method first, like `request`.
        "stream" if c.args.first().and_then(|m| m.text.as_deref()).is_some_and(is_method) => {
            let method = c.args[0].text.clone().unwrap_or_default();
            a.http(c.arg(1, "url"), base.as_ref(), sending_method(&method) || body || meta_data || session_data)
        }
        // `client.send(httpx.Request(…))`.
        "send" => {
            if let Some(r) = c.args.first().filter(|r| r.path.as_deref() == Some("httpx.Request")) {
                let d = r.host.clone().unwrap_or(Dest::Unknown);
                if r.sends || r.data { a.emit_upload(d) } else { a.emit_request(d) }
            }
        }
        "get" | "head" | "options" | "delete" | "stream" | "ws_connect" => {
            let sends = body
                || meta_data
                || session_data
                || c.args.get(1).is_some_and(Val::carries_data);
            a.http(c.arg(0, "url"), base.as_ref(), sends)
        }
        "request" | "urlopen" => {
            let method = c
                .arg(0, "method")
                .and_then(|m| m.text.clone())
                .unwrap_or_default();
            let sends = sending_method(&method)
                || body
                || meta_data
                || session_data
                || dest::has_dyn(&method);
            a.http(c.arg(1, "url"), base.as_ref(), sends)
        }
        _ => {}
    }
}

/// An HTTP method name (`"PUT"`, `"get"`).
fn is_method(t: &str) -> bool {
    matches!(t.to_ascii_uppercase().as_str(), "GET" | "HEAD" | "OPTIONS" | "DELETE" | "POST" | "PUT" | "PATCH")
}

fn urlopen(a: &mut Analyser, c: &Call) {
    let Some(target) = c.arg(0, "url") else {
        return;
    };
    let data = c.arg(1, "data").is_some();
    if target.path.as_deref() == Some("urllib.request.Request") {
        let d = target.host.clone().unwrap_or(Dest::Unknown);
        let sends = data || target.sends || target.data;
        if sends {
            a.emit_upload(d)
        } else {
            a.emit_request(d)
        }
    } else {
        a.http(Some(target), None, data);
    }
}

fn http_connection(a: &mut Analyser, c: &Call) {
    let host = c.recv_host();
    match c.method.as_str() {
        "request" => {
            let method = c
                .arg(0, "method")
                .and_then(|m| m.text.clone())
                .unwrap_or_default();
            let path_data = c.arg(1, "url").is_some_and(|u| u.data);
            let sends = sending_method(&method)
                || c.arg(2, "body").is_some()
                || path_data
                || c.kw("headers").is_some_and(Val::carries_data);
            if sends {
                a.emit_upload(host)
            } else {
                a.emit_request(host)
            }
        }
        "putrequest"
            if c.args
                .first()
                .and_then(|m| m.text.as_deref())
                .is_some_and(sending_method) =>
        {
            a.emit_upload(host)
        }
        "send" => a.emit_upload(host),
        _ => {}
    }
}

fn socket_send(a: &mut Analyser, c: &Call) {
    if c.path.starts_with("asyncio.Transport.")
        && matches!(c.method.as_str(), "write" | "writelines" | "sendto")
        && let Some(class) = &a.class
    {
        a.senders.insert(class.clone());
    }
    match c.method.as_str() {
        "send" | "sendall" | "sendfile" | "sendmsg" | "write" | "send_bytes" | "send_str" | "send_json" | "send_text" => a.emit_upload(c.recv_host()),
        "sendto" => a.emit_upload(
            c.args
                .get(1)
                .and_then(|t| t.host.clone())
                .unwrap_or_else(|| c.recv_host()),
        ),
        "writelines" if c.path.starts_with("asyncio.") => a.emit_upload(c.recv_host()),
        _ => {}
    }
}

/// asyncio's own sockets (`loop.sock_sendall(sock, data)`: the socket names the host), mail sent
/// with aiosmtplib, and asyncssh's scp (a local source copied to `user@host:path`).
fn asyncio_call(a: &mut Analyser, c: &Call) {
    match c.method.as_str() {
        "sock_sendall" | "sock_sendto" | "sock_sendfile" => a.emit_upload(
            c.args
                .get(2)
                .filter(|_| c.method == "sock_sendto")
                .or(c.args.first())
                .and_then(|s| s.host.clone())
                .unwrap_or(Dest::Unknown),
        ),
        "send" => a.emit_upload(
            c.kw("hostname")
                .and_then(|h| h.text.as_deref().map(dest::host_port))
                .unwrap_or(Dest::Unknown),
        ),
        "scp" => {
            let remote = |v: Option<&Val>| v.and_then(|v| v.text.as_deref()).map(|t| dest::remote_spec(t).filter(|_| !t.starts_with('/')));
            match (remote(c.arg(0, "srcpaths")), remote(c.arg(1, "dstpath"))) {
                (Some(None) | None, Some(Some(d))) => a.emit_upload(d),
                (Some(Some(d)), _) => a.emit_request(d),
                _ => a.emit_upload(Dest::Unknown),
            }
        }
        _ => {}
    }
}

fn ftp(a: &mut Analyser, c: &Call) {
    if matches!(c.method.as_str(), "storbinary" | "storlines" | "stor") {
        a.emit_upload(c.recv_host());
    }
}

fn smtp(a: &mut Analyser, c: &Call) {
    if matches!(c.method.as_str(), "sendmail" | "send_message" | "data") {
        a.emit_upload(c.recv_host());
    }
}

fn sftp(a: &mut Analyser, c: &Call) {
    match c.method.as_str() {
        "put" | "putfo" | "put_r" | "upload" => a.emit_upload(c.recv_host()),
        // The standard input of a remote command (`i, o, e = ssh.exec_command(…)`).
        "write" | "writelines" | "send" | "sendall" if c.path.starts_with("paramiko.Channel") => {
            a.emit_upload(c.recv_host())
        }
        // The remote command is a command too; it runs on the remote host.
        "exec_command" | "run" | "sudo" => {
            if let Some(cmd) = c.arg(0, "command") {
                shell_text(a, cmd);
            }
        }
        _ => {}
    }
}

fn bucket_dest(c: &Call, pos: usize, kw: &str) -> Dest {
    if let Some(Dest::Host(h)) = c.recv.as_ref().and_then(|r| r.host.clone()) {
        return Dest::Host(h);
    }
    if let Some(d @ Dest::Cloud(_)) = c.recv.as_ref().and_then(|r| r.host.clone()) {
        return d;
    }
    match c.arg(pos, kw).and_then(|b| b.text.as_deref()) {
        Some(b) if !dest::has_dyn(b) => Dest::Cloud(format!("s3://{}", b.to_ascii_lowercase())),
        _ => Dest::Unknown,
    }
}

fn boto3(a: &mut Analyser, c: &Call) {
    let d = match (
        c.path.rsplit_once('.').map_or("", |(p, _)| p),
        c.method.as_str(),
    ) {
        ("boto3.s3", "upload_file") => bucket_dest(c, 1, "Bucket"),
        ("boto3.s3", "upload_fileobj") => bucket_dest(c, 1, "Bucket"),
        ("boto3.s3", "put_object" | "upload_part" | "create_multipart_upload") => {
            bucket_dest(c, usize::MAX, "Bucket")
        }
        ("boto3.s3.Bucket", "upload_file" | "upload_fileobj" | "put_object") => {
            bucket_dest(c, usize::MAX, "")
        }
        ("boto3.s3.Object", "put" | "upload_file" | "upload_fileobj") => {
            bucket_dest(c, usize::MAX, "")
        }
        _ => return,
    };
    a.emit_upload(d);
}

fn gcs(a: &mut Analyser, c: &Call) {
    if c.method.starts_with("upload_from_") || c.method == "compose" {
        a.emit_upload(c.recv_host());
    }
}

fn azure(a: &mut Analyser, c: &Call) {
    if matches!(
        c.method.as_str(),
        "upload_blob" | "stage_block" | "upload_page" | "append_block" | "start_copy_from_url"
    ) {
        a.emit_upload(c.recv_host());
    }
}

fn dataframe(a: &mut Analyser, c: &Call) {
    let Some(target) = c.arg(0, "path_or_buf").or_else(|| c.kw("path")) else {
        return;
    };
    if let Some(d) = target.text.as_deref().and_then(storage_url) {
        a.emit_upload(d);
    }
}

/// A command for the shell: a string as it is, a list quoted word by word.
fn shell_out(a: &mut Analyser, c: &Call) {
    let first = if c.path.starts_with("os.exec") || c.path.starts_with("os.spawn") {
        // os.execv(path, args) / os.spawnv(mode, path, args): the argument vector.
        c.args.last()
    } else {
        c.arg(0, "args").or_else(|| c.kw("cmd"))
    };
    // Standard input the code feeds: `input=data`, `stdin=open(f)`.
    let input = c.kw("input").is_some() || c.kw("stdin").is_some_and(Val::carries_data);
    match first {
        Some(cmd) if input => shell_text(
            a,
            &Val {
                text: cmd.text.as_deref().map(fed),
                ..Val::default()
            },
        ),
        Some(cmd) => shell_text(a, cmd),
        None => {}
    }
}

fn shell_text(a: &mut Analyser, cmd: &Val) {
    match &cmd.text {
        Some(t) => {
            let events = super::super::analyse_shell(t);
            a.events.extend(events);
        }
        None => a.events.push(Event::unknowable(&format!(
            "{} runs a command built at run time",
            a.via
        ))),
    }
}

fn exec(a: &mut Analyser, c: &Call) {
    let Some(code) = c.args.first() else { return };
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

fn dns_lookup(a: &mut Analyser, c: &Call) {
    let Some(name) = c.args.first() else { return };
    let text = name.text_or_dyn();
    if name.data {
        let zone = text
            .rsplit(DYN)
            .next()
            .unwrap_or("")
            .trim_start_matches('.');
        a.emit_upload(dest::host_name(zone));
    } else {
        a.emit_request(dest::host_name(&text));
    }
}

fn browser(a: &mut Analyser, c: &Call) {
    a.http(c.args.first(), None, false);
}

/// `client.post("https://…", …)` on a client the reader cannot identify: the literal URL and a
/// sending method name are the evidence.
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
