//! Per-tool upload detectors. Each one reads the argv of one simple command the way that tool
//! reads it (its own short/long options, clusters and `--opt=value` forms) and reports where
//! data goes ([`Event::upload`]) or where a plain request goes ([`Event::request`]).
//! The table [`DETECTORS`] maps program names to detectors; `engine/tests/network_detectors.rs`
//! holds positive and negative examples for every entry.

use std::borrow::Cow;
use std::collections::HashMap;

use super::code;
use super::{Body, Event, Req};
use super::dest::{self, DYN, Dest};
use super::shell::{Cmd, Stdin, Word};

/// State carried across the commands of one shell string, in order.
pub struct Cx<'a> {
    pub files: &'a HashMap<String, String>,
    pub events: Vec<Event>,
    /// `git remote add NAME URL` and friends, earlier in the same command.
    remotes: HashMap<String, String>,
    /// `git config url.BASE.insteadOf PREFIX`: (prefix, base).
    instead_of: Vec<(String, String)>,
    /// Package registries configured earlier in the same command: `npm` (`npm config set
    /// registry URL`) and `poetry:NAME` (`poetry config repositories.NAME URL`); forge logins
    /// (`tea:NAME`).
    registries: HashMap<String, String>,
    /// Where local ports forwarded earlier in the same command lead (`ssh -L`, gost, ghostunnel,
    /// stunnel): what is later sent to this machine goes there.
    forwards: Vec<Dest>,
}

impl<'a> Cx<'a> {
    pub fn new(files: &'a HashMap<String, String>) -> Cx<'a> {
        Cx { files, events: Vec::new(), remotes: HashMap::new(), instead_of: Vec::new(), registries: HashMap::new(), forwards: Vec::new() }
    }

    fn upload(&mut self, via: &str, dest: Dest) {
        self.push(Event::upload(via, dest));
    }

    fn request(&mut self, via: &str, dest: Dest) {
        self.push(Event::request(via, dest));
    }

    /// An event, sent on through the forwards when it goes to this machine and ports were
    /// forwarded (which port is not followed: every forward is a place it may reach).
    fn push(&mut self, e: Event) {
        match &e.dest {
            Dest::Host(h) if !self.forwards.is_empty() && dest::is_loopback(h) => {
                for d in &self.forwards {
                    self.events.push(Event { dest: d.clone(), ..e.clone() });
                }
            }
            _ => self.events.push(e),
        }
    }

    /// A local port now leads to `to`: the tunnel itself is a request there.
    fn forward(&mut self, via: &str, to: Dest) {
        self.request(via, to.clone());
        if !self.forwards.contains(&to) {
            self.forwards.push(to);
        }
    }
}

/// One tool: the program names it answers to and how it reads them.
pub struct Detector {
    pub name: &'static str,
    pub programs: &'static [&'static str],
    run: fn(&str, &Cmd, &mut Cx),
}

pub static DETECTORS: &[Detector] = &[
    Detector { name: "curl", programs: &["curl"], run: curl },
    Detector { name: "wget", programs: &["wget", "wget2"], run: wget },
    Detector { name: "httpie", programs: &["http", "https", "xh", "xhs"], run: httpie },
    Detector { name: "aria2c", programs: &["aria2c"], run: aria2c },
    Detector { name: "nc", programs: &["nc", "ncat", "netcat", "nc.openbsd", "nc.traditional"], run: nc },
    Detector { name: "socat", programs: &["socat"], run: socat },
    Detector { name: "openssl", programs: &["openssl"], run: openssl },
    Detector { name: "ssh", programs: &["ssh"], run: ssh },
    Detector { name: "scp", programs: &["scp", "rsync"], run: scp },
    Detector { name: "sftp", programs: &["sftp"], run: sftp },
    Detector { name: "ftp", programs: &["ftp", "telnet", "tftp", "lftp", "smbclient"], run: ftp },
    Detector { name: "aws", programs: &["aws"], run: aws },
    Detector { name: "gsutil", programs: &["gsutil", "gcloud"], run: gsutil },
    Detector { name: "rclone", programs: &["rclone"], run: rclone },
    Detector { name: "azcopy", programs: &["azcopy"], run: azcopy },
    Detector { name: "az", programs: &["az"], run: az },
    Detector { name: "s3cmd", programs: &["s3cmd"], run: s3cmd },
    Detector { name: "mc", programs: &["mc", "mcli"], run: mc },
    Detector { name: "tunnel", programs: &["ngrok", "cloudflared", "lt", "bore", "chisel", "zrok", "frpc", "loclx"], run: tunnel },
    Detector { name: "forge", programs: &["gh", "glab", "hub", "tea"], run: forge },
    Detector { name: "git", programs: &["git"], run: git },
    Detector { name: "interpreter", programs: &["python", "node", "deno", "bun", "ruby", "perl", "php", "pwsh", "powershell", "rscript", "r"], run: interpreter },
    Detector { name: "dns", programs: &["dig", "nslookup", "host", "drill", "kdig", "delv", "ping", "ping6"], run: dns },
    Detector { name: "mail", programs: &["mail", "mailx", "sendmail", "mutt"], run: mail },
    Detector {
        name: "database",
        programs: &["psql", "mysql", "mariadb", "redis-cli", "mongosh", "mongo", "clickhouse-client", "sqlcmd", "pg_restore", "mongoimport", "mongorestore"],
        run: database,
    },
    Detector { name: "tus", programs: &["tusc", "tus-upload", "tusd-client"], run: tus },
    Detector { name: "backup", programs: &["duplicity", "rdiff-backup", "unison", "lsyncd", "mutagen", "restic", "borg"], run: backup },
    Detector { name: "rpc", programs: &["grpcurl", "ghz", "evans", "buf", "iperf3", "iperf", "websocat", "wscat"], run: rpc },
    Detector { name: "forward", programs: &["gost", "ghostunnel", "stunnel", "stunnel4", "autossh"], run: forward },
    Detector { name: "devtcp", programs: &["tee", "dd"], run: devtcp },
    Detector {
        name: "registry",
        programs: &["docker", "podman", "buildah", "skopeo", "crane", "oras", "helm", "npm", "pnpm", "yarn", "twine", "cargo", "gem", "pip", "uv", "poetry"],
        run: registry,
    },
];

/// Hand one command to the detectors for its program.
pub fn detect(cmd: &Cmd, cx: &mut Cx) {
    let name = program(cmd.name());
    if let Some(d) = DETECTORS.iter().find(|d| d.programs.contains(&&*name)) {
        (d.run)(&name, cmd, cx);
    }
}

/// `python3.12` → `python`, `pip3` → `pip`, `nodejs` → `node`, `CURL.EXE` → `curl`. Borrowed
/// when the name is already its own program name (most are: no copy per command).
pub(crate) fn program(name: &str) -> Cow<'_, str> {
    let base = match name.len().checked_sub(4) {
        Some(i) if name.is_char_boundary(i) && name[i..].eq_ignore_ascii_case(".exe") => &name[..i],
        _ => name,
    };
    let n = if base.bytes().any(|b| b.is_ascii_uppercase()) { Cow::Owned(base.to_ascii_lowercase()) } else { Cow::Borrowed(base) };
    for family in ["python", "pip", "ping"] {
        if n.starts_with(family) && n[family.len()..].chars().all(|c| c.is_ascii_digit() || c == '.') {
            return Cow::Borrowed(if n == "ping6" { "ping6" } else { family });
        }
    }
    if n == "nodejs" { Cow::Borrowed("node") } else { n }
}

/// One parsed argument.
pub(crate) enum A<'w> {
    /// An option (name without dashes) and its value, if it takes one; borrowed from the
    /// arguments where it can be (a value glued to its option is cut out of the word).
    Opt(&'w str, Option<Cow<'w, Word>>),
    Pos(&'w Word),
}

/// Which options take a value: short letters, and long names.
pub(crate) struct Spec {
    pub short_val: &'static str,
    pub long_val: &'static [&'static str],
}

/// getopt-style parsing: `-abc` clusters, `-dVALUE`, `-d VALUE`, `--long=VALUE`, `--long VALUE`, `--`.
pub(crate) fn parse<'w>(args: &'w [Word], spec: &Spec) -> Vec<A<'w>> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut only_pos = false;
    while i < args.len() {
        let w = &args[i];
        let t = w.text.as_str();
        i += 1;
        if only_pos || !t.starts_with('-') || t == "-" {
            out.push(A::Pos(w));
            continue;
        }
        if t == "--" {
            only_pos = true;
            continue;
        }
        if let Some(long) = t.strip_prefix("--") {
            match long.split_once('=') {
                Some((k, v)) => out.push(A::Opt(k, Some(Cow::Owned(Word { text: v.to_string(), subst: w.subst })))),
                None if spec.long_val.contains(&long) => {
                    out.push(A::Opt(long, args.get(i).map(Cow::Borrowed)));
                    i += 1;
                }
                None => out.push(A::Opt(long, None)),
            }
            continue;
        }
        for (pos, c) in t.char_indices().skip(1) {
            if spec.short_val.contains(c) {
                let glued = &t[pos + c.len_utf8()..];
                let value = if glued.is_empty() {
                    i += 1;
                    args.get(i - 1).map(Cow::Borrowed)
                } else {
                    Some(Cow::Owned(Word { text: glued.to_string(), subst: w.subst }))
                };
                out.push(A::Opt(&t[pos..pos + c.len_utf8()], value));
                break;
            }
            out.push(A::Opt(&t[pos..pos + c.len_utf8()], None));
        }
    }
    out
}

pub(crate) fn positionals<'w>(parsed: &[A<'w>]) -> Vec<&'w Word> {
    parsed.iter().filter_map(|a| if let A::Pos(w) = a { Some(*w) } else { None }).collect()
}

pub(crate) fn opt<'p>(parsed: &'p [A], names: &[&str]) -> Option<&'p Word> {
    parsed.iter().find_map(|a| match a {
        A::Opt(n, v) if names.contains(n) => v.as_deref(),
        _ => None,
    })
}

pub(crate) fn has(parsed: &[A], names: &[&str]) -> bool {
    parsed.iter().any(|a| matches!(a, A::Opt(n, _) if names.contains(n)))
}

fn sending_method(m: &str) -> bool {
    matches!(m.to_ascii_uppercase().as_str(), "POST" | "PUT" | "PATCH")
}

/// Report every URL: an upload when the command sends data (or the URL itself carries
/// run-time data), a request otherwise; an upload without any URL goes to an unknown place.
fn report_urls(cx: &mut Cx, via: &str, urls: &[&str], sends: bool, reroute: Option<Dest>) {
    report_http(cx, via, urls, sends, reroute, None);
}

/// [`report_urls`] for an HTTP client whose method and body are known: each event carries the
/// request ([`Req`]) for grants and byte budgets.
fn report_http(cx: &mut Cx, via: &str, urls: &[&str], sends: bool, reroute: Option<Dest>, http: Option<Http>) {
    for u in urls {
        let Some(t) = dest::url(u) else { continue };
        let d = reroute.clone().unwrap_or(t.dest);
        let mut e = if sends || t.carries_data { Event::upload(via, d) } else { Event::request(via, d) };
        e.req = http.as_ref().map(|h| Req { method: h.method.clone(), url: u.to_string(), body: h.body.clone(), query_from_data: h.query_from_data });
        cx.push(e);
    }
    if sends && urls.is_empty() {
        cx.upload(via, Dest::Unknown);
    }
}

/// An HTTP client's method and body as its options say.
struct Http {
    method: String,
    body: Body,
    query_from_data: bool,
}

impl Body {
    /// Data given on the command line (unknown when it holds run-time data).
    fn literal(&mut self, text: &str) {
        if dest::has_dyn(text) { self.unknown = true } else { self.bytes += text.len() as u64 }
    }

    /// A file sent by name; `-` is standard input.
    fn file(&mut self, path: &str, stdin: &Stdin) {
        match (path, stdin) {
            ("-" | ".", Stdin::Text(t)) => self.bytes += t.len() as u64,
            ("-" | ".", _) => self.unknown = true,
            (p, _) if dest::has_dyn(p) || p.is_empty() => self.unknown = true,
            (p, _) => self.files.push(p.to_string()),
        }
    }
}

/// A proxy named in the environment of the command (`http_proxy=… curl …`).
fn env_proxy(cmd: &Cmd) -> Option<Dest> {
    cmd.env
        .iter()
        .find(|(k, _)| matches!(k.to_ascii_lowercase().as_str(), "http_proxy" | "https_proxy" | "all_proxy"))
        .and_then(|(_, v)| dest::url(v).map(|t| t.dest))
}

pub(crate) const CURL: Spec = Spec {
    short_val: "AbcCdDeEFHKmoPQrtTuUwxXyYz",
    long_val: &[
        "data", "data-ascii", "data-binary", "data-raw", "data-urlencode", "json", "form", "form-string", "upload-file", "request", "header",
        "user-agent", "cookie", "cookie-jar", "referer", "cert", "config", "url", "output", "user", "proxy", "proxy-user", "preproxy", "socks4",
        "socks4a", "socks5", "socks5-hostname", "connect-to", "resolve", "doh-url", "max-time", "connect-timeout", "write-out", "range", "retry",
        "retry-delay", "retry-max-time", "unix-socket", "abstract-unix-socket", "cacert", "capath", "key", "interface", "limit-rate",
        "max-filesize", "output-dir", "dump-header", "trace", "trace-ascii", "stderr", "continue-at", "time-cond", "quote", "url-query",
        "oauth2-bearer", "aws-sigv4", "mail-from", "mail-rcpt", "noproxy", "variable", "expand-data", "proxy-header", "max-redirs", "ciphers",
    ],
};

fn curl(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &CURL);
    if has(&p, &["h", "help", "V", "version", "M", "manual", "unix-socket", "abstract-unix-socket"]) {
        return;
    }
    let files = cx.files;
    let mut urls: Vec<&str> = positionals(&p).iter().map(|w| w.text.as_str()).collect();
    let mut sends = false;
    let mut reroute = None;
    let (mut body, mut pieces, mut method, mut put, mut form) = (Body::default(), 0u64, None, false, false);
    for a in &p {
        let A::Opt(n, Some(v)) = a else { continue };
        curl_body(n, &v.text, &cmd.stdin, &mut body, &mut pieces);
        match *n {
            "X" | "request" => method = Some(v.text.to_ascii_uppercase()),
            "T" | "upload-file" => put = true,
            "F" | "form" | "form-string" => form = true,
            _ => {}
        }
        match *n {
            "d" | "F" | "T" | "json" | "form" | "form-string" | "upload-file" | "url-query" | "expand-data" | "mail-rcpt" => sends = true,
            n if n.starts_with("data") => sends = true,
            "X" | "request" => sends |= sending_method(&v.text),
            "H" | "header" | "A" | "user-agent" | "b" | "cookie" | "u" | "user" | "e" | "referer" | "oauth2-bearer" => sends |= v.dynamic(),
            "url" => urls.push(&v.text),
            "x" | "proxy" | "preproxy" | "socks4" | "socks4a" | "socks5" | "socks5-hostname" => reroute = dest::url(&v.text).map(|t| t.dest),
            // HOST:PORT:CONNECT-TO-HOST:PORT and HOST:PORT:ADDRESS
            "connect-to" | "resolve" => {
                if let Some(target) = v.text.splitn(3, ':').nth(2).filter(|t| !t.is_empty()) {
                    let first = target.split(',').next().unwrap_or(target);
                    reroute = Some(if *n == "resolve" { dest::host_name(first.trim_matches(['[', ']'])) } else { dest::host_port(first) });
                }
            }
            "doh-url" => {
                if let Some(t) = dest::url(&v.text) {
                    cx.request(via, t.dest);
                }
            }
            "K" | "config" => match files.get(&v.text).or(if let Stdin::Text(t) = &cmd.stdin { Some(t) } else { None }) {
                // A config written in the same command: its url= and data= lines count.
                Some(text) => {
                    for line in text.lines() {
                        // `url = "…"`, `url="…"`, `url: …`, `--url …`: the name, blanks, one separator.
                        let (k, val) = line.trim().split_once(['=', ':', ' ', '\t']).unwrap_or((line, ""));
                        let val = val.trim_start();
                        let val = val.strip_prefix(['=', ':']).unwrap_or(val).trim().trim_matches('"');
                        match k.trim().trim_start_matches('-') {
                            "url" => urls.push(val),
                            k if k.starts_with("data") || k == "form" || k == "upload-file" || k == "json" => sends = true,
                            _ => {}
                        }
                    }
                }
                None => cx.upload(via, Dest::Unknown),
            },
            _ => {}
        }
    }
    let reroute = reroute.or_else(|| env_proxy(cmd));
    let get = has(&p, &["G", "get"]);
    body.bytes += pieces.saturating_sub(1); // `-d a -d b` sends `a&b`
    let method = method.unwrap_or_else(|| {
        let m = if has(&p, &["I", "head"]) {
            "HEAD"
        } else if put {
            "PUT"
        } else if (pieces > 0 && !get) || form {
            "POST"
        } else {
            "GET"
        };
        m.to_string()
    });
    let http = Http { method, body, query_from_data: get && pieces > 0 };
    report_http(cx, via, &urls, sends, reroute, Some(http));
}

/// What one curl option adds to the request body (`pieces`: data arguments, joined by `&`).
fn curl_body(name: &str, value: &str, stdin: &Stdin, body: &mut Body, pieces: &mut u64) {
    match name {
        "d" | "data" | "data-ascii" | "data-binary" | "json" => {
            *pieces += 1;
            match value.strip_prefix('@') {
                Some(file) => body.file(file, stdin),
                None => body.literal(value),
            }
        }
        "data-raw" => {
            *pieces += 1;
            body.literal(value);
        }
        // URL-encoding at most triples the content; a file's encoded size is not known.
        "data-urlencode" => {
            *pieces += 1;
            let (name_len, content) = match value.split_once('=') {
                Some((n, c)) => (n.len() + 1, Some(c)),
                None if value.contains('@') => (0, None),
                None => (0, Some(value)),
            };
            match content {
                Some(c) if !dest::has_dyn(c) => body.bytes += (name_len + 3 * c.len()) as u64,
                _ => body.unknown = true,
            }
        }
        "F" | "form" => match value.split_once('=') {
            Some((_, v)) if v.starts_with(['@', '<']) => body.file(v[1..].split(';').next().unwrap_or(""), stdin),
            Some((_, v)) => body.literal(v),
            None => body.unknown = true,
        },
        "form-string" => body.literal(value.split_once('=').map_or(value, |(_, v)| v)),
        "T" | "upload-file" => body.file(value, stdin),
        "url-query" => body.literal(value),
        "expand-data" | "K" | "config" => body.unknown = true,
        _ => {}
    }
}

pub(crate) const WGET: Spec = Spec {
    short_val: "OoaiBePtTwQUlARDIX",
    long_val: &[
        "post-data", "post-file", "body-data", "body-file", "method", "header", "user-agent", "output-document", "output-file", "append-output",
        "input-file", "base", "execute", "directory-prefix", "tries", "timeout", "wait", "quota", "level", "accept", "reject", "domains",
        "exclude-domains", "user", "password", "http-user", "http-password", "referer", "load-cookies", "save-cookies", "certificate",
        "private-key", "ca-certificate", "bind-address", "limit-rate", "proxy-user", "proxy-password", "config",
    ],
};

fn wget(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &WGET);
    if has(&p, &["h", "help", "V", "version"]) {
        return;
    }
    let urls: Vec<&str> = positionals(&p).iter().map(|w| w.text.as_str()).collect();
    let mut sends = false;
    let mut reroute = None;
    let (mut body, mut method) = (Body::default(), None);
    for a in &p {
        let A::Opt(n, Some(v)) = a else { continue };
        match *n {
            "post-data" | "body-data" => body.literal(&v.text),
            "post-file" | "body-file" => body.file(&v.text, &cmd.stdin),
            "method" => method = Some(v.text.to_ascii_uppercase()),
            _ => {}
        }
        match *n {
            "post-data" | "post-file" | "body-data" | "body-file" => sends = true,
            "method" => sends |= sending_method(&v.text),
            "header" | "U" | "user-agent" | "referer" | "http-user" | "http-password" | "user" | "password" => sends |= v.dynamic(),
            "e" | "execute" => {
                if let Some((k, val)) = v.text.split_once('=')
                    && k.trim().to_ascii_lowercase().ends_with("_proxy") {
                        reroute = dest::url(val.trim()).map(|t| t.dest);
                    }
            }
            "i" | "input-file" if sends => cx.upload(via, Dest::Unknown),
            _ => {}
        }
    }
    let reroute = reroute.or_else(|| env_proxy(cmd));
    let posts = opt(&p, &["post-data", "post-file", "body-data", "body-file"]).is_some();
    let method = method.unwrap_or_else(|| if posts { "POST".into() } else { "GET".into() });
    report_http(cx, via, &urls, sends, reroute, Some(Http { method, body, query_from_data: false }));
}

const HTTPIE: Spec = Spec {
    short_val: "aAopPsl",
    long_val: &[
        "auth", "auth-type", "output", "print", "history-print", "session", "session-read-only", "proxy", "verify", "cert", "cert-key",
        "cert-key-pass", "timeout", "max-redirects", "raw", "boundary", "pretty", "style", "format-options", "response-charset", "response-mime",
        "default-scheme", "ssl", "ciphers", "unix-socket", "max-headers",
    ],
};

fn httpie(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &HTTPIE);
    if has(&p, &["offline", "help", "version", "unix-socket"]) {
        return;
    }
    let pos = positionals(&p);
    let method_given = pos.len() >= 2 && pos[0].text.chars().all(|c| c.is_ascii_alphabetic());
    let (method, rest) = if method_given { (Some(&pos[0].text), &pos[1..]) } else { (None, &pos[..]) };
    let Some((url, items)) = rest.split_first() else { return };
    let mut sends = method.is_some_and(|m| sending_method(m)) || opt(&p, &["raw"]).is_some();
    sends |= cmd.stdin.has_data() && !has(&p, &["ignore-stdin", "I"]);
    // The JSON or form body httpie builds from items is not sized here: unknown when there is one.
    let (mut data_items, mut query_items) = (false, false);
    for item in items {
        let sep = item_separator(&item.text);
        data_items |= !matches!(sep, Some(":") | Some("==") | None);
        query_items |= sep == Some("==");
        sends |= match sep {
            Some(":") | Some("==") => item.dynamic(),
            Some(_) => true,
            None => false,
        };
    }
    let body = Body { unknown: data_items || sends, ..Body::default() };
    let method = method.map(|m| m.to_ascii_uppercase()).unwrap_or_else(|| if data_items { "POST".into() } else { "GET".into() });
    let url_text = match url.text.strip_prefix(':') {
        Some(rest) => format!("localhost:{rest}"),
        None => url.text.clone(),
    };
    let proxy = opt(&p, &["proxy"]).and_then(|v| dest::url(v.text.split_once(':').map_or(&v.text, |(_, u)| u)).map(|t| t.dest));
    let http = Http { method, body, query_from_data: query_items };
    report_http(cx, via, &[&url_text], sends, proxy.or_else(|| env_proxy(cmd)), Some(http));
}

/// httpie request items: `h:v` header, `k==v` query, `k=v`/`k:=v`/`k@f`/`k=@f`/`k:=@f` data.
fn item_separator(item: &str) -> Option<&'static str> {
    let mut best: Option<(usize, &'static str)> = None;
    for sep in [":=@", "=@", ":=", "==", "@", "=", ":"] {
        if let Some(i) = item.find(sep)
            && best.is_none_or(|(b, s)| i < b || (i == b && sep.len() > s.len())) {
                best = Some((i, sep));
            }
    }
    best.filter(|(i, _)| *i > 0).map(|(_, s)| s)
}

fn aria2c(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec { short_val: "xsdojiUkj", long_val: &[] });
    let urls: Vec<&str> = positionals(&p).iter().map(|w| w.text.as_str()).collect();
    report_urls(cx, via, &urls, false, None);
}

fn nc(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec {
        short_val: "pswiqxXeIOTVMmWPc",
        long_val: &["proxy", "proxy-type", "proxy-auth", "exec", "sh-exec", "lua-exec", "source-port", "source", "wait", "idle-timeout", "output", "hex-dump", "allow", "deny", "max-conns", "ssl-cert", "ssl-key"],
    });
    if has(&p, &["l", "listen", "U", "unixsock", "h", "help"]) {
        return;
    }
    let Some(host) = positionals(&p).first().map(|w| dest::host_port(&w.text)) else { return };
    if has(&p, &["z"]) { cx.request(via, host) } else { cx.upload(via, host) }
}

fn socat(via: &str, cmd: &Cmd, cx: &mut Cx) {
    const CONNECTING: &[&str] = &[
        "TCP", "TCP4", "TCP6", "TCP-CONNECT", "TCP4-CONNECT", "TCP6-CONNECT", "OPENSSL", "OPENSSL-CONNECT", "SSL", "UDP", "UDP4", "UDP6",
        "UDP-CONNECT", "UDP-SENDTO", "SCTP-CONNECT", "SOCKS", "SOCKS4", "SOCKS4A", "PROXY", "PROXY-CONNECT",
    ];
    for a in cmd.args().iter().filter(|a| !a.text.starts_with('-') || a.text == "-") {
        let Some((kind, params)) = a.text.split_once(':') else { continue };
        if CONNECTING.contains(&kind.to_ascii_uppercase().as_str()) {
            let addr = params.split(',').next().unwrap_or(params);
            cx.upload(via, dest::host_port(addr));
        }
    }
}

fn openssl(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let args = cmd.args();
    if args.first().is_none_or(|a| a.text != "s_client") {
        return;
    }
    if let Some(i) = args.iter().position(|a| a.text == "-connect") {
        let host = args.get(i + 1).map_or(Dest::Unknown, |w| dest::host_port(&w.text));
        if cmd.stdin.has_data() { cx.upload(via, host) } else { cx.request(via, host) }
    }
}

pub(super) const SSH_VAL: &str = "bcDEeFIiJLlmOopQRSWwB";

fn ssh(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec { short_val: SSH_VAL, long_val: &[] });
    if has(&p, &["G", "V"]) {
        return;
    }
    if let Some(jump) = opt(&p, &["J"]) {
        for j in jump.text.split(',') {
            cx.request(via, ssh_host(j));
        }
    }
    let pos = positionals(&p);
    let Some(target) = pos.first().map(|w| ssh_host(&w.text)) else { return };
    // A reverse tunnel (`-R 80:localhost:8080 serveo.net`) publishes a local service; a remote
    // command holding a substitution carries what it printed here (`"… '$(<.env)' …"`).
    if cmd.stdin.has_data() || has(&p, &["R"]) || pos[1..].iter().any(|w| w.subst) { cx.upload(via, target.clone()) } else { cx.request(via, target.clone()) }
    // `-L [bind:]PORT:HOST:HOSTPORT` reaches HOST from the server (the server itself when HOST
    // is its loopback); `-D PORT` is a SOCKS proxy out of the server.
    for a in &p {
        match a {
            A::Opt("L", Some(spec)) => {
                let parts: Vec<&str> = spec.text.rsplitn(3, ':').collect();
                let far = match parts.as_slice() {
                    [_, host, _] => dest::host_port(host.trim_matches(['[', ']'])),
                    _ => continue,
                };
                let far = match &far {
                    Dest::Host(h) if dest::is_loopback(h) => target.clone(),
                    _ => far,
                };
                cx.forward(via, far);
            }
            A::Opt("D", Some(_)) => cx.forward(via, target.clone()),
            _ => {}
        }
    }
}

fn ssh_host(text: &str) -> Dest {
    if text.contains("://") { dest::url(text).map_or(Dest::Unknown, |t| t.dest) } else { dest::host_port(text) }
}

/// scp and rsync: the last operand is the target; a remote target with a local source uploads.
fn scp(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let spec = if via == "rsync" {
        Spec {
            short_val: "eTfBM",
            long_val: &[
                "rsh", "port", "exclude", "include", "filter", "password-file", "log-file", "bwlimit", "timeout", "chmod", "chown", "partial-dir",
                "temp-dir", "backup-dir", "suffix", "files-from", "exclude-from", "include-from", "rsync-path", "compare-dest", "link-dest",
                "copy-dest", "max-size", "min-size", "block-size", "info", "debug", "out-format", "remote-option", "iconv", "usermap", "groupmap",
            ],
        }
    } else {
        Spec { short_val: "cFiJlosPSDX", long_val: &[] }
    };
    let p = parse(cmd.args(), &spec);
    let pos = positionals(&p);
    let Some((target, sources)) = pos.split_last() else { return };
    let remote = |w: &Word| if w.text.starts_with("rsync://") { dest::url(&w.text).map(|t| t.dest) } else { dest::remote_spec(&w.text) };
    copy(via, target, sources, remote, cx);
}

/// A copy of `sources` to `target`, `remote` naming the host of a remote operand: local files, or
/// files of another host (`scp -3 a:/f b:/t`), copied to a remote target are an upload there; a
/// remote target alone (`rsync rsync://host/`, a listing) or remote sources are requests.
fn copy(via: &str, target: &Word, sources: &[&Word], remote: impl Fn(&Word) -> Option<Dest>, cx: &mut Cx) {
    match remote(target) {
        Some(d) if sources.iter().any(|s| remote(s).is_none_or(|from| from != d)) => cx.upload(via, d),
        Some(d) if sources.is_empty() => cx.request(via, d),
        _ => {
            for s in sources {
                if let Some(d) = remote(s) {
                    cx.request(via, d);
                }
            }
        }
    }
}

fn sftp(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec { short_val: "BbcDFiJlosPRS", long_val: &[] });
    if let Some(target) = positionals(&p).first() {
        let d = if target.text.contains("://") { ssh_host(&target.text) } else { dest::remote_spec(&target.text).unwrap_or_else(|| dest::host_port(&target.text)) };
        cx.upload(via, d);
    }
}

/// ftp, telnet, tftp, lftp, smbclient: a connection to a host; an upload when a `put` or
/// standard input is part of the session.
fn ftp(via: &str, cmd: &Cmd, cx: &mut Cx) {
    // Each client's own options that take a value (`ftp -n` is a flag: no auto-login).
    let short_val = match via {
        "ftp" => "Ps",
        "lftp" => "efucp",
        "smbclient" => "UWnIcmpAOsElDTt",
        "tftp" => "mcRl",
        _ => "lbenS",
    };
    let p = parse(cmd.args(), &Spec { short_val, long_val: &[] });
    let host = positionals(&p).into_iter().find(|w| !w.text.starts_with("put")).map(|w| {
        let t = w.text.trim_start_matches("//");
        if t.contains("://") { dest::url(t).map_or(Dest::Unknown, |u| u.dest) } else { dest::host_port(t.split('/').next().unwrap_or(t)) }
    });
    let Some(host) = host else { return };
    let puts = cmd.args().iter().any(|a| a.text.split([';', ' ']).any(|w| w == "put" || w == "mput"));
    let stdin_puts = match &cmd.stdin {
        Stdin::Text(t) => t.contains("put"),
        s => s.has_data() && via != "tftp",
    };
    if puts || stdin_puts { cx.upload(via, host) } else { cx.request(via, host) }
}

const AWS_VAL: &[&str] = &[
    "exclude", "include", "acl", "storage-class", "sse", "sse-kms-key-id", "sse-c", "sse-c-key", "content-type", "cache-control",
    "content-disposition", "content-encoding", "content-language", "expires", "metadata", "metadata-directive", "grants", "website-redirect",
    "expected-size", "page-size", "source-region", "profile", "region", "endpoint-url", "output", "query", "ca-bundle", "cli-read-timeout",
    "cli-connect-timeout", "request-payer", "checksum-algorithm", "copy-props", "color", "cli-binary-format", "bucket", "key", "body",
    "queue-url", "function-name", "payload", "message-body", "message", "topic-arn", "stream-name", "partition-key", "data", "record",
    "delivery-stream-name", "instance-ids", "document-name", "parameters", "targets",
];

fn bucket(scheme: &str, path: &str) -> Dest {
    let rest = &path[scheme.len()..];
    Dest::Cloud(format!("{scheme}{}", rest.split('/').next().unwrap_or(rest).to_ascii_lowercase()))
}

fn aws(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec { short_val: "", long_val: AWS_VAL });
    let pos = positionals(&p);
    // `--endpoint-url`, else `AWS_ENDPOINT_URL(_S3)=…` given to the command.
    let from_env = cmd.env.iter().rev().find(|(k, _)| k == "AWS_ENDPOINT_URL_S3" || k == "AWS_ENDPOINT_URL").map(|(_, v)| v.as_str());
    let endpoint = opt(&p, &["endpoint-url"]).map(|e| e.text.clone()).or(from_env.map(str::to_string)).and_then(|e| dest::url(&e)).map(|t| t.dest);
    let texts: Vec<&str> = pos.iter().map(|w| w.text.as_str()).collect();
    let via = &format!("{via} s3");
    match texts.as_slice() {
        ["s3", "cp" | "sync" | "mv", src, dst, ..] if dst.starts_with("s3://") && !src.starts_with("s3://") => {
            cx.upload(via, endpoint.unwrap_or_else(|| bucket("s3://", dst)));
        }
        ["s3api", "put-object" | "upload-part" | "put-bucket-policy", ..] => {
            let b = opt(&p, &["bucket"]).map_or(Dest::Unknown, |b| bucket("s3://", &format!("s3://{}", b.text)));
            cx.upload(via, endpoint.unwrap_or(b));
        }
        // Any other call: a local file handed over as a value (`--payload fileb://f`,
        // `--message-body file://f`, `--record Data=fileb://f`) is sent to the service (its
        // endpoint, a queue's URL, else the service itself); otherwise a request there.
        _ => {
            let service = texts.first().copied().unwrap_or("");
            let from_file = cmd.args().iter().any(|a| a.text.starts_with("file://") || a.text.starts_with("fileb://") || a.text.contains("=file://") || a.text.contains("=fileb://"));
            let queue = opt(&p, &["queue-url"]).and_then(|u| dest::url(&u.text)).map(|t| t.dest);
            match (from_file, endpoint.or(queue)) {
                (true, Some(d)) => cx.upload(&format!("aws {service}"), d),
                (true, None) => cx.upload(&format!("aws {service}"), Dest::Cloud(format!("aws:{service}"))),
                (false, Some(d)) => cx.request(via, d),
                (false, None) => {}
            }
        }
    }
}

fn gsutil(via: &str, cmd: &Cmd, cx: &mut Cx) {
    // `gcloud compute scp SRC… [USER@]VM:DEST` and `gcloud compute ssh VM`: a machine of the
    // account, named by the instance (its address is looked up at run time).
    if via == "gcloud" && cmd.args().len() > 1 && cmd.args()[0].text == "compute" && matches!(cmd.args()[1].text.as_str(), "scp" | "ssh") {
        let long_val = &["zone", "project", "ssh-key-file", "scp-flag", "ssh-flag", "command", "port", "strict-host-key-checking", "account", "configuration", "verbosity", "container"];
        let p = parse(&cmd.args()[2..], &Spec { short_val: "", long_val });
        let pos = positionals(&p);
        if cmd.args()[1].text == "ssh" {
            if let Some(vm) = pos.first() {
                cx.request(via, dest::host_name(vm.text.rsplit('@').next().unwrap_or(&vm.text)));
            }
            return;
        }
        if let Some((target, sources)) = pos.split_last() {
            copy(via, target, sources, |w| dest::remote_spec(&w.text), cx);
        }
        return;
    }
    // `gcloud pubsub topics publish t --message "$(…)"`, `gcloud functions call f --data "$(…)"`:
    // a command's output (often a file's) handed to a service.
    if via == "gcloud"
        && cmd.args().iter().any(|a| matches!(a.text.as_str(), "publish" | "call"))
        && cmd.args().iter().any(|a| a.subst || a.text.starts_with('@'))
    {
        let service = cmd.args().first().map_or("", |a| a.text.as_str());
        cx.upload(via, Dest::Cloud(format!("gcloud:{service}")));
        return;
    }
    let p = parse(cmd.args(), &Spec { short_val: "ohuiLjzasxy", long_val: &[] });
    let pos = positionals(&p);
    let texts: Vec<&str> = pos.iter().map(|w| w.text.as_str()).collect();
    let ops = match texts.as_slice() {
        ["storage", op, ops @ ..] if via == "gcloud" => (op, ops),
        [op, ops @ ..] if via == "gsutil" => (op, ops),
        _ => return,
    };
    if matches!(*ops.0, "cp" | "rsync" | "mv")
        && let Some((dst, srcs)) = ops.1.split_last()
            && dst.starts_with("gs://") && srcs.iter().any(|s| !s.starts_with("gs://")) {
                cx.upload(via, bucket("gs://", dst));
            }
}

/// `name:path` is an rclone remote; `:backend,endpoint=…:path` is configured on the fly.
fn rclone_remote(spec: &str) -> Option<Dest> {
    if let Some(inline) = spec.strip_prefix(':') {
        // The backend's address: an `endpoint=` or `url=` URL (S3, HTTP, WebDAV), or a `host=`
        // (SFTP, FTP, SMB: the last parameter runs into the `:path`).
        let param = |name: &str| inline.split(',').find_map(|kv| kv.strip_prefix(name)).map(|e| e.trim_matches(['\'', '"']));
        return match (param("endpoint=").or(param("url=")), param("host=")) {
            (Some(e), _) => Some(dest::url(e.split(['\'', '"']).next().unwrap_or(e)).map_or(Dest::Unknown, |t| t.dest)),
            (None, Some(h)) => Some(dest::host_name(h.split([':', '\'', '"']).next().unwrap_or(h))),
            (None, None) if inline.starts_with("local") => None,
            (None, None) => Some(Dest::Unknown),
        };
    }
    let (name, _) = spec.split_once(':')?;
    let name = name.split(',').next().unwrap_or(name);
    let valid = name.len() > 1 && !name.contains('/') && name.chars().all(|c| c.is_alphanumeric() || "_-. ".contains(c));
    valid.then(|| Dest::Cloud(format!("rclone:{name}")))
}

fn rclone(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec {
        short_val: "",
        long_val: &[
            "config", "transfers", "checkers", "exclude", "include", "filter", "filter-from", "exclude-from", "include-from", "files-from", "bwlimit",
            "log-file", "log-level", "max-age", "min-age", "max-size", "min-size", "backup-dir", "suffix", "stats", "retries", "timeout", "contimeout",
            "user-agent", "order-by", "max-transfer", "max-depth",
        ],
    });
    let pos = positionals(&p);
    let Some((op, operands)) = pos.split_first() else { return };
    let uploaded = match (op.text.as_str(), operands) {
        ("copy" | "sync" | "move" | "copyto" | "moveto" | "bisync", [src, dst, ..]) if rclone_remote(&src.text).is_none() => rclone_remote(&dst.text),
        ("rcat", [dst, ..]) => rclone_remote(&dst.text),
        _ => None,
    };
    if let Some(d) = uploaded {
        return cx.upload(via, d);
    }
    // Any other operation on a backend configured on the fly (`lsf :http,url=URL:`) talks to its
    // host; a named remote is the user's own configuration, its host unknown here.
    for w in operands.iter().filter(|w| w.text.starts_with(':')) {
        if let Some(d @ Dest::Host(_)) = rclone_remote(&w.text) {
            cx.request(via, d);
        }
    }
}

/// azcopy: a copy or sync from a local path to a URL uploads; the URL of any other operation
/// (`list`, `remove`, `make`) is a request to that storage account. A download (`copy URL
/// ./local`) is neither, as a download with the cloud CLIs is.
fn azcopy(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let pos: Vec<&Word> = cmd.args().iter().filter(|a| !a.text.starts_with('-')).collect();
    let transfer = pos.first().is_some_and(|op| matches!(op.text.as_str(), "copy" | "cp" | "sync"));
    if let [_, src, dst, ..] = pos.as_slice()
        && transfer
        && !src.text.contains("://")
        && let Some(t) = dest::url(&dst.text)
    {
        return cx.upload(via, t.dest);
    }
    if transfer {
        return;
    }
    for w in pos.iter().skip(1) {
        if let Some(t) = dest::url(&w.text) {
            cx.request(via, t.dest);
        }
    }
}

/// Forge CLIs (gh, glab, hub, tea): gists and snippets always upload; issues, merge and pull
/// requests, releases and API calls upload when they carry local data (a body from a file or a
/// substitution, an asset, `-F field=@file`); anything else but local configuration is a request.
/// The host: `--hostname`, `-R HOST/OWNER/REPO`, the CLI's host variable, else its service
/// (tea has none: the URL of a `tea login add` earlier in the command, else unknown).
fn forge(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec {
        short_val: if via == "tea" { "rlnmtTaodu" } else { "bFfRtTlapHXrqiIwed" },
        long_val: &[
            "body", "body-file", "title", "repo", "hostname", "field", "raw-field", "input", "method", "jq", "template", "label", "assignee", "notes",
            "notes-file", "description", "attach", "file", "message", "login", "url", "token", "name", "tag", "asset", "note", "remote", "output",
            "assets-links", "ref", "target", "milestone", "user", "password",
        ],
    });
    let pos: Vec<&str> = positionals(&p).into_iter().map(|w| w.text.as_str()).collect();
    if via == "tea" && matches!(pos.as_slice(), ["login" | "logins", "add", ..]) {
        if let Some(url) = opt(&p, &["url", "u"]) {
            let name = opt(&p, &["name", "n"]).map_or("", |n| n.text.as_str());
            cx.registries.insert(format!("tea:{name}"), url.text.clone());
            cx.registries.insert("tea:".into(), url.text.clone());
        }
        return;
    }
    let service = match via {
        "glab" => "gitlab.com",
        "tea" => "",
        _ => "github.com",
    };
    // `-R HOST/GROUP/REPO` (glab: groups nest, so a host is a first part that looks like one).
    let repo_host = opt(&p, &["R", "repo"]).and_then(|r| {
        let (first, rest) = r.text.split_once('/')?;
        let hosty = if via == "glab" { first.contains(['.', ':']) } else { rest.matches('/').count() == 1 };
        hosty.then(|| first.to_string())
    });
    let host_vars: &[&str] = match via {
        "glab" => &["GITLAB_HOST", "GL_HOST"],
        "hub" => &["GITHUB_HOST"],
        "gh" => &["GH_HOST"],
        _ => &[],
    };
    let env_host = cmd.env.iter().find(|(k, _)| host_vars.contains(&k.as_str())).map(|(_, v)| v.clone());
    let login = (via == "tea").then(|| {
        let key = format!("tea:{}", opt(&p, &["login", "l"]).map_or("", |l| l.text.as_str()));
        cx.registries.get(&key).and_then(|u| dest::url(u)).map_or(Dest::Unknown, |t| t.dest)
    });
    let named = opt(&p, &["hostname"]).map(|h| h.text.clone()).or(repo_host).or(env_host).filter(|h| h != service);
    let host = match (login, &named) {
        (Some(d), None) => d,
        (_, Some(h)) => dest::host_port(h),
        (None, None) => dest::host_port(service),
    };
    if matches!(pos.as_slice(), ["gist" | "snippet", "create", ..]) {
        // github.com's gists live on gist.github.com; an Enterprise server keeps its own.
        let gists = if named.is_none() && service == "github.com" { Dest::Host("gist.github.com".into()) } else { host };
        return cx.upload(&format!("{via} {}", pos[0]), gists);
    }
    // Commands that only read or change local configuration.
    let local = matches!(pos.first(), None | Some(&("alias" | "completion" | "config" | "help" | "version" | "environment" | "reference" | "login" | "logins" | "auth")))
        || has(&p, &["help", "version"]);
    let carries = |names: &[&str]| p.iter().any(|a| matches!(a, A::Opt(n, Some(v)) if names.contains(n) && (v.subst || v.dynamic())));
    let sends = match pos.as_slice() {
        ["release" | "releases", "upload" | "create", ..] => {
            pos.len() > 3 || has(&p, &["notes-file", "attach", "asset", "assets-links"]) || (matches!(via, "hub" | "tea") && opt(&p, &["a"]).is_some())
        }
        ["issue" | "issues" | "pr" | "pulls" | "mr", "create" | "comment" | "edit" | "note", ..] => {
            has(&p, &["body-file", "file"]) || opt(&p, &["F"]).is_some() || carries(&["body", "b", "title", "t", "description", "d", "message", "m"])
        }
        ["api", ..] => {
            let field_file = p.iter().any(|a| matches!(a, A::Opt("F" | "field", Some(v)) if v.text.contains("=@")));
            field_file || has(&p, &["input"]) || carries(&["F", "field", "f", "raw-field"])
        }
        _ => false,
    };
    // `glab repo clone HOST/GROUP/REPO`, `gh repo clone URL`: the host named there.
    let host = match pos.as_slice() {
        ["repo", "clone", target, ..] if target.contains("://") => dest::url(target).map_or(host, |t| t.dest),
        ["repo", "clone", target, ..] if target.split('/').next().is_some_and(|h| h.contains('.')) && target.matches('/').count() >= 2 => {
            dest::host_port(target.split('/').next().unwrap_or(target))
        }
        _ => host,
    };
    if sends {
        cx.upload(via, host);
    } else if !local {
        cx.request(via, host);
    }
}

/// `az storage blob|file upload…`: the storage account is the destination.
fn az(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec {
        short_val: "cfnsdo",
        long_val: &[
            "account-name", "account-key", "connection-string", "container-name", "container", "file", "name", "source", "destination", "blob-url",
            "share-name", "path", "sas-token", "auth-mode", "pattern", "type", "subscription", "output", "query", "destination-path",
        ],
    });
    let pos: Vec<&str> = positionals(&p).into_iter().map(|w| w.text.as_str()).collect();
    let service = match pos.as_slice() {
        ["storage", "blob", "upload" | "upload-batch" | "sync", ..] => "blob",
        ["storage", "file", "upload" | "upload-batch", ..] => "file",
        ["storage", "copy", ..] | ["storage", "azcopy", "blob", "upload", ..] => "blob",
        _ => return,
    };
    // `--destination` is a container name, or a URL.
    let url = opt(&p, &["blob-url", "destination", "d"]).filter(|u| u.text.contains("://")).and_then(|u| dest::url(&u.text)).map(|t| t.dest);
    // A connection string names the account, or the service's endpoint itself (an emulator's
    // `UseDevelopmentStorage=true` is Azurite on this machine).
    let cs = opt(&p, &["connection-string"]).map(|c| c.text.clone()).unwrap_or_default();
    let field = |name: &str| cs.split(';').find_map(|kv| kv.split_once('=').filter(|(k, _)| k.trim().eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_string()));
    let endpoint_key = format!("{service}Endpoint");
    let endpoint = if field("UseDevelopmentStorage").is_some_and(|v| v.eq_ignore_ascii_case("true")) {
        Some(dest::host_name("127.0.0.1"))
    } else {
        field(&endpoint_key).and_then(|e| dest::url(&e)).map(|t| t.dest)
    };
    let account = opt(&p, &["account-name"]).map(|a| a.text.clone()).or_else(|| field("AccountName"));
    let suffix = field("EndpointSuffix").unwrap_or_else(|| "core.windows.net".into());
    let d = url.or(endpoint).unwrap_or_else(|| account.filter(|a| !dest::has_dyn(a)).map_or(Dest::Unknown, |a| dest::host_name(&format!("{a}.{service}.{suffix}"))));
    cx.upload(&format!("{via} storage"), d);
}

fn s3cmd(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec { short_val: "c", long_val: &["config", "host", "host-bucket", "exclude", "include", "mime-type", "acl-grant", "region"] });
    let pos: Vec<&str> = positionals(&p).into_iter().map(|w| w.text.as_str()).collect();
    let Some((op, operands)) = pos.split_first() else { return };
    if !matches!(*op, "put" | "sync" | "cp" | "mv" | "modify") {
        return;
    }
    if let Some((dst, srcs)) = operands.split_last()
        && dst.starts_with("s3://")
        && srcs.iter().any(|s| !s.starts_with("s3://"))
    {
        let host = opt(&p, &["host"]).map(|h| dest::host_port(&h.text));
        cx.upload(via, host.unwrap_or_else(|| bucket("s3://", dst)));
    }
}

/// MinIO client: `mc cp LOCAL ALIAS/BUCKET/…` (an alias is configured with `mc alias set`).
fn mc(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec { short_val: "", long_val: &["config-dir", "attr", "tags", "storage-class", "encrypt-key", "exclude", "older-than", "newer-than"] });
    let pos: Vec<&str> = positionals(&p).into_iter().map(|w| w.text.as_str()).collect();
    let local = |t: &str| t.starts_with(['.', '/', '~']) || !t.contains('/');
    let alias = |t: &str| t.split('/').next().unwrap_or(t).to_ascii_lowercase();
    let remote = |t: &str| (!local(t)).then(|| Dest::Cloud(format!("mc:{}", alias(t))));
    match pos.as_slice() {
        ["cp" | "mirror" | "mv" | "put", operands @ ..] => {
            if let Some((dst, srcs)) = operands.split_last() {
                // A source under another first segment than the target's alias is a local path.
                if let (Some(d), true) = (remote(dst), srcs.iter().any(|s| local(s) || alias(s) != alias(dst))) {
                    cx.upload(via, d);
                }
            }
        }
        ["pipe", dst, ..] if cmd.stdin.has_data() => {
            if let Some(d) = remote(dst) {
                cx.upload(via, d);
            }
        }
        _ => {}
    }
}

/// Tunnels publish a local service to the internet through the tunnel's service.
fn tunnel(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let words: Vec<&str> = cmd.args().iter().map(|a| a.text.as_str()).collect();
    let after = |flag: &str| words.iter().position(|w| *w == flag).and_then(|i| words.get(i + 1)).copied();
    let d = match (via, words.first().copied()) {
        ("ngrok", Some("http" | "tcp" | "tls" | "start" | "tunnel")) => Dest::Host("ngrok.com".into()),
        ("cloudflared", Some("tunnel")) if words.len() > 1 || words.iter().any(|w| w.starts_with("--url")) => Dest::Host("trycloudflare.com".into()),
        ("lt", _) if words.iter().any(|w| *w == "--port" || *w == "-p") => Dest::Host("loca.lt".into()),
        ("bore", Some("local")) => after("--to").or(after("-t")).map_or(Dest::Host("bore.pub".into()), dest::host_port),
        ("chisel", Some("client")) => words.get(1).map_or(Dest::Unknown, |s| dest::url(s).map_or_else(|| dest::host_port(s), |t| t.dest)),
        ("zrok", Some("share")) => Dest::Host("zrok.io".into()),
        ("frpc" | "loclx", Some(_)) if !words.iter().any(|w| matches!(*w, "-v" | "--version" | "version" | "-h" | "--help")) => Dest::Unknown,
        _ => return,
    };
    cx.upload(via, d);
}

/// A git remote given as a URL or `user@host:path` (a bare name is a configured remote).
fn git_url(text: &str) -> Option<Dest> {
    if text.contains("://") {
        return dest::url(text).map(|t| t.dest);
    }
    let (head, _) = text.split_once(':')?;
    (head.contains('.') || head.contains('@')).then(|| dest::remote_spec(text)).flatten()
}

fn git_config(cx: &mut Cx, key: &str, value: &str) {
    let k = key.to_ascii_lowercase();
    if let Some(name) = k.strip_prefix("remote.").and_then(|r| r.strip_suffix(".url").or_else(|| r.strip_suffix(".pushurl"))) {
        // Names keep their case; only the section and variable are case-insensitive.
        let name = &key["remote.".len().."remote.".len() + name.len()];
        cx.remotes.insert(name.to_string(), value.to_string());
    } else if k.starts_with("url.") && (k.ends_with(".insteadof") || k.ends_with(".pushinsteadof")) {
        let base = &key[4..key.rfind('.').unwrap_or(key.len())];
        cx.instead_of.push((value.to_string(), base.to_string()));
    }
}

fn git(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let args = cmd.args();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.text.as_str() {
            "-c" => {
                if let Some((k, v)) = args.get(i + 1).and_then(|kv| kv.text.split_once('=')) {
                    git_config(cx, k, v);
                }
                i += 2;
            }
            "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--config-env" => i += 2,
            t if t.starts_with('-') => i += 1,
            _ => break,
        }
    }
    let Some(sub) = args.get(i) else { return };
    // `git remote add -f NAME URL`: `-f` fetches there; only `-t` and `-m` take a value.
    let short_val = if sub.text == "remote" { "tm" } else { "otmf" };
    let p = parse(&args[i + 1..], &Spec { short_val, long_val: &["repo", "receive-pack", "exec", "push-option", "smtp-server", "to", "file"] });
    let pos: Vec<&str> = positionals(&p).into_iter().map(|w| w.text.as_str()).collect();
    match (sub.text.as_str(), pos.as_slice()) {
        ("remote", ["add" | "set-url", name, url, ..]) => {
            cx.remotes.insert(name.to_string(), url.to_string());
        }
        ("config", [key, value, ..]) => git_config(cx, key, value),
        ("push", _) => {
            // Without one, the push goes to `origin` (a URL only if this command set it).
            let repo = opt(&p, &["repo"]).map(|w| w.text.as_str()).or(pos.first().copied()).unwrap_or("origin");
            let mut url = cx.remotes.get(repo).cloned().unwrap_or_else(|| repo.to_string());
            if let Some((prefix, base)) = cx.instead_of.iter().filter(|(p, _)| url.starts_with(p.as_str())).max_by_key(|(p, _)| p.len()) {
                url = format!("{base}{}", &url[prefix.len()..]);
            }
            if let Some(d) = git_url(&url) {
                cx.upload(&format!("{via} push"), d);
            }
        }
        ("send-email", _) => {
            match opt(&p, &["smtp-server"]) {
                Some(server) => cx.upload(&format!("{via} send-email"), dest::host_port(&server.text)),
                None => {
                    if let Some(domain) = opt(&p, &["to"]).and_then(|t| t.text.rsplit_once('@')) {
                        cx.upload(&format!("{via} send-email"), dest::host_name(domain.1.trim_end_matches('>')));
                    }
                }
            }
        }
        ("clone" | "fetch" | "pull" | "ls-remote", _) => {
            // A URL whose path carries run-time data (`git clone "https://h/$(…)"`) is an upload.
            let found: Vec<(Dest, bool)> = pos
                .iter()
                .filter_map(|t| {
                    let url = cx.remotes.get(*t).map_or(*t, |u| u.as_str());
                    git_url(url).map(|d| (d, url.contains("://") && dest::url(url).is_some_and(|t| t.carries_data)))
                })
                .collect();
            for (u, data) in found {
                if data { cx.upload(via, u) } else { cx.request(via, u) }
            }
        }
        _ => {}
    }
}

/// Source code handed to an interpreter: `-c`/`-e`/`-r`/`-Command`, a heredoc or literal pipe on
/// standard input, or a script file written earlier in the same command.
fn interpreter(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let args = cmd.args();
    let inline: &[&str] = match via {
        "python" => &["-c"],
        "node" | "bun" => &["-e", "--eval", "-p", "--print"],
        "deno" => &["eval"],
        "ruby" => &["-e"],
        "perl" => &["-e", "-E"],
        "php" => &["-r"],
        "rscript" | "r" => &["-e"],
        _ => &["-c", "-command"],
    };
    let powershell = via == "pwsh" || via == "powershell";
    let mut source: Option<String> = None;
    let mut script_arg: Option<&Word> = None;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let t = a.text.to_ascii_lowercase();
        if inline.contains(&t.as_str()) || (via == "python" && t.starts_with('-') && !t.starts_with("--") && t.ends_with('c')) {
            source = Some(if powershell { args[i + 1..].iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ") } else { args.get(i + 1).map(|w| w.text.clone()).unwrap_or_default() });
            break;
        }
        if powershell && ["-e", "-ec", "-enc", "-encodedcommand"].contains(&t.as_str()) {
            cx.events.push(Event::unknowable("PowerShell runs an encoded command"));
            return;
        }
        // `python -m MODULE ARGS`: the module's command line (`python -m twine upload …`,
        // `python -m tusclient.client URL FILE`), read as that tool's.
        if via == "python" && t == "-m" {
            let Some(module) = args.get(i + 1) else { return };
            let top = module.text.split('.').next().unwrap_or(&module.text);
            let tool = match top {
                "httpie" => "http",
                "tusclient" => "tusc",
                "awscli" => "aws",
                // The standard library's `http.server` is no httpie.
                "http" | "https" => return,
                other => other,
            };
            if tool != "python" {
                let mut argv = vec![Word::lit(tool)];
                argv.extend_from_slice(&args[i + 2..]);
                detect(&Cmd { argv, env: cmd.env.clone(), stdin: cmd.stdin.clone() }, cx);
            }
            return;
        }
        if powershell && t == "-file" && args.get(i + 1).is_none() {
            return;
        }
        if t.starts_with('-') && t != "-" {
            // Options with a separate value.
            i += if matches!((via, t.as_str()), ("python", "-w" | "-x") | ("node", "-r" | "--require") | ("powershell" | "pwsh", "-file" | "-executionpolicy")) { 2 } else { 1 };
            continue;
        }
        script_arg = Some(a);
        break;
    }
    let source = source.or_else(|| match script_arg {
        Some(s) if s.text != "-" => cx.files.get(&s.text).cloned(),
        _ => match &cmd.stdin {
            Stdin::Text(t) => Some(t.clone()),
            Stdin::File(f) => cx.files.get(f).cloned(),
            _ => None,
        },
    });
    if let Some(src) = source {
        cx.events.extend(code::analyse_source(&src, via));
    }
}

/// DNS lookups (and `ping`) with run-time data in the name leak it to the zone's servers.
fn dns(via: &str, cmd: &Cmd, cx: &mut Cx) {
    const TYPES: &[&str] = &["A", "AAAA", "TXT", "MX", "ANY", "NS", "CNAME", "SOA", "PTR", "SRV", "CAA", "IN", "CH", "HS"];
    let short_val = match via {
        "dig" | "kdig" | "delv" | "drill" => "tcpqxfbky",
        "host" => "tcWRmN",
        _ => "cisItwWlmMpQTF",
    };
    let p = parse(cmd.args(), &Spec { short_val, long_val: &[] });
    let mut server = None;
    let mut names = Vec::new();
    for w in positionals(&p) {
        if let Some(s) = w.text.strip_prefix('@') {
            server = Some(dest::host_port(s));
        } else if !w.text.starts_with('+') && !TYPES.contains(&w.text.to_ascii_uppercase().as_str()) {
            names.push(w);
        }
    }
    // nslookup NAME SERVER, host NAME SERVER
    if server.is_none() && matches!(via, "nslookup" | "host") && names.len() >= 2 {
        server = Some(dest::host_port(&names.remove(1).text));
    }
    let Some(name) = names.first() else { return };
    // `ping -p PATTERN`: the pattern bytes ride in every packet.
    if matches!(via, "ping" | "ping6") && opt(&p, &["p"]).is_some_and(|v| v.subst || v.dynamic()) && !name.dynamic() {
        return cx.upload(via, dest::host_name(&name.text));
    }
    if name.dynamic() {
        let zone = name.text.rsplit(DYN).next().unwrap_or("").trim_start_matches('.');
        cx.upload(via, server.unwrap_or_else(|| dest::host_name(zone)));
    } else if via != "ping" && via != "ping6" {
        cx.request(via, server.unwrap_or_else(|| dest::host_name(&name.text)));
    }
}

fn mail(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec { short_val: "sacbrAfFS", long_val: &[] });
    let recipients = positionals(&p).into_iter().chain(["c", "b"].iter().filter_map(|o| opt(&p, &[o])));
    for r in recipients {
        if let Some((_, domain)) = r.text.rsplit_once('@') {
            cx.upload(via, dest::host_name(domain.trim_end_matches('>')));
        }
    }
    // `sendmail -t`: the recipients are in the message's own headers.
    if has(&p, &["t"]) {
        match &cmd.stdin {
            Stdin::Text(t) => {
                let headers = t.lines().take_while(|l| !l.trim().is_empty());
                let addresses = headers.filter_map(|l| l.split_once(':').filter(|(k, _)| matches!(k.trim().to_ascii_lowercase().as_str(), "to" | "cc" | "bcc")).map(|(_, v)| v.to_string()));
                for line in addresses.collect::<Vec<_>>() {
                    for addr in line.split(',') {
                        if let Some((_, domain)) = addr.trim().rsplit_once('@') {
                            cx.upload(via, dest::host_name(domain.trim_end_matches('>').trim()));
                        }
                    }
                }
            }
            s if s.has_data() => cx.upload(via, Dest::Unknown),
            _ => {}
        }
    }
}

/// Database clients: a connection to the server their host option or URI names; an upload when
/// they feed it local data (a pipe or file on stdin, `-f FILE`, a dump restored or imported,
/// `\copy … from`, `LOAD DATA LOCAL INFILE`).
fn database(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let short_val = match via {
        "psql" => "hpUdcfvoPFRTL",
        "mysql" | "mariadb" => "hPuDeSh",
        "redis-cli" => "hpanu",
        "sqlcmd" => "SUPdQqiHo",
        "pg_restore" => "hpUdfnNtT",
        _ => "hpudc",
    };
    let long_val = &["host", "port", "username", "user", "dbname", "database", "command", "file", "execute", "uri", "db", "collection", "query", "password", "dir", "set", "variable", "output"];
    let p = parse(cmd.args(), &Spec { short_val, long_val });
    let pos = positionals(&p);
    const SCHEMES: &[&str] = &["postgres://", "postgresql://", "mysql://", "mariadb://", "mongodb://", "mongodb+srv://", "redis://", "rediss://", "clickhouse://"];
    let uri = pos.iter().copied().chain(opt(&p, &["uri", "u"])).find(|w| SCHEMES.iter().any(|s| w.text.starts_with(s)));
    let host = match (opt(&p, &[if via == "sqlcmd" { "S" } else { "h" }, "host"]), uri) {
        (Some(h), _) => dest::host_port(h.text.trim_start_matches("tcp:").split(',').next().unwrap_or(&h.text)),
        (None, Some(u)) => dest::url(&u.text).map_or(Dest::Unknown, |t| t.dest),
        // Without a host a client talks to the local server.
        (None, None) => return,
    };
    let sql = p.iter().filter_map(|a| if let A::Opt(_, Some(v)) = a { Some(v.text.to_ascii_lowercase()) } else { None }).collect::<Vec<_>>().join(" ");
    let feeds = matches!(cmd.stdin, Stdin::Pipe | Stdin::File(_))
        || (via == "psql" && opt(&p, &["f", "file"]).is_some())
        || (matches!(via, "pg_restore" | "mongoimport" | "mongorestore") && (pos.iter().any(|w| uri.is_none_or(|u| !std::ptr::eq(*w, u))) || opt(&p, &["file", "dir"]).is_some()))
        || (sql.contains("\\copy") && sql.contains(" from "))
        || sql.contains("load data local infile");
    if feeds { cx.upload(via, host) } else { cx.request(via, host) }
}

/// tus resumable-upload clients: `tusc client [opts] URL FILE`.
fn tus(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec { short_val: "Hc", long_val: &["header", "chunk-size", "metadata"] });
    if let Some(url) = positionals(&p).into_iter().filter(|w| w.text.contains("://")).find_map(|w| dest::url(&w.text)) {
        cx.upload(via, url.dest);
    }
}

/// The registry an image reference names (`HOST[:PORT]/repo:tag`, after a transport such as
/// `docker://` or `oci://`; a reference without a host is Docker Hub's). `None` for a transport
/// that is no registry (`docker-daemon:`, `oci-archive:`, `dir:`), a local file or a chart path.
fn image_registry(reference: &str) -> Option<Dest> {
    let image = match reference.split_once("://") {
        Some(("docker" | "oci", rest)) => rest,
        Some(_) => return None,
        None if reference.starts_with(['.', '/', '~']) || reference.ends_with(".tar") || reference.ends_with(".tgz") => return None,
        None if reference.split('/').next().is_some_and(|t| t.contains(':') && !t.contains('.')) && !reference.starts_with("localhost") => return None,
        None => reference,
    };
    let first = image.split('/').next().unwrap_or("");
    Some(if image.contains('/') && (first.contains('.') || first.contains(':') || first == "localhost") { dest::host_port(first) } else { Dest::Host("docker.io".into()) })
}

/// Publishing to a package or image registry uploads; installing from an explicit URL is a
/// request (an upload when the URL carries run-time data).
fn registry(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let mut args = cmd.args();
    let mut via = via;
    if via == "uv" && args.first().is_some_and(|a| a.text == "pip") {
        args = &args[1..];
        via = "pip";
    }
    let p = parse(args, &Spec {
        short_val: "irft",
        long_val: &["registry", "repository-url", "index", "host", "index-url", "extra-index-url", "find-links", "repository", "tag", "token"],
    });
    let pos = positionals(&p);
    let Some(sub) = pos.first().map(|w| w.text.as_str()) else { return };
    // A registry configured for the publish that follows: `npm config set registry URL` (or
    // `registry=URL`, `npm set …`), `poetry config repositories.NAME URL`.
    let words: Vec<&str> = pos.iter().map(|w| w.text.as_str()).collect();
    let setting = match (via, words.as_slice()) {
        ("npm" | "pnpm" | "yarn", ["config", "set", rest @ ..] | ["set", rest @ ..]) => match rest {
            ["registry", url, ..] => Some(("npm".to_string(), url.to_string())),
            [kv, ..] => kv.strip_prefix("registry=").map(|url| ("npm".to_string(), url.to_string())),
            [] => None,
        },
        ("poetry", ["config", key, url, ..]) => key.strip_prefix("repositories.").map(|name| (format!("poetry:{name}"), url.to_string())),
        _ => None,
    };
    if let Some((key, url)) = setting {
        cx.registries.insert(key, url);
        return;
    }
    let url_dest = |w: &Word| dest::url(w.text.trim_start_matches("sparse+").trim_start_matches("registry+")).map(|t| t.dest);
    let configured = |key: &str| cx.registries.get(key).and_then(|u| dest::url(u)).map(|t| t.dest);
    let publish = |option: &[&str], default: &str| opt(&p, option).map_or(Some(Dest::Host(default.into())), url_dest);
    let published = match (via, sub) {
        // `push IMAGE [DESTINATION]` (podman and buildah name a destination apart).
        ("docker" | "podman" | "buildah", "push") => pos.get(2).or(pos.get(1)).and_then(|image| image_registry(&image.text)),
        // A build that pushes what it built: `buildx build --push -t IMAGE`, `--output type=registry`.
        ("docker" | "podman", "build" | "buildx") if has(&p, &["push"]) || opt(&p, &["output", "o"]).is_some_and(|o| o.text.contains("type=registry")) => {
            opt(&p, &["t", "tag"]).and_then(|image| image_registry(&image.text))
        }
        // `skopeo copy|sync SOURCE DESTINATION`, `crane push TARBALL IMAGE`, `crane copy SOURCE
        // IMAGE`: the last image named is written.
        ("skopeo", "copy" | "sync") | ("crane", "push" | "copy" | "cp") => pos.last().filter(|_| pos.len() >= 3).and_then(|image| image_registry(&image.text)),
        // `oras push REFERENCE FILE…`, `helm push CHART REMOTE`.
        ("oras", "push") => pos.get(1).and_then(|image| image_registry(&image.text)),
        ("helm", "push") => pos.get(2).and_then(|remote| image_registry(&remote.text)),
        ("npm" | "pnpm" | "yarn", "publish") if opt(&p, &["registry"]).is_none() && cx.registries.contains_key("npm") => configured("npm"),
        ("npm" | "pnpm" | "yarn", "publish") => publish(&["registry"], "registry.npmjs.org"),
        // `poetry publish -r NAME`: where this command configured NAME (else a repository
        // configured elsewhere: unknown here); without `-r`, PyPI.
        ("poetry", "publish") => match opt(&p, &["r", "repository"]) {
            Some(name) => configured(&format!("poetry:{}", name.text)),
            None => Some(Dest::Host("upload.pypi.org".into())),
        },
        ("twine", "upload") if opt(&p, &["r", "repository"]).is_none() => publish(&["repository-url"], "upload.pypi.org"),
        ("cargo", "publish") if opt(&p, &["registry"]).is_none() => publish(&["index"], "crates.io"),
        ("gem", "push") => publish(&["host"], "rubygems.org"),
        _ => None,
    };
    if let Some(d) = published {
        cx.upload(&format!("{via} {sub}"), d);
        return;
    }
    // Pulling or inspecting an image reads from its registry.
    let pulled = match (via, sub) {
        ("docker" | "podman" | "buildah", "pull") | ("oras", "pull" | "manifest") | ("helm", "pull" | "show" | "install" | "upgrade" | "template") => {
            pos.iter().skip(1).find(|w| via != "helm" || w.text.starts_with("oci://"))
        }
        ("skopeo", "inspect" | "list-tags" | "copy" | "sync") | ("crane", "pull" | "manifest" | "digest" | "config" | "ls" | "export" | "copy" | "cp") => pos.get(1),
        _ => None,
    };
    if let Some(d) = pulled.and_then(|image| image_registry(&image.text)) {
        return cx.request(&format!("{via} {sub}"), d);
    }
    // A registry or index named by option is where any other subcommand reads (`npm view x
    // --registry URL`: a URL, since other tools' `-i` and `-f` are no index); installs also read
    // from URLs given as packages.
    let install = matches!(sub, "install" | "i" | "add" | "ci" | "download");
    let mut urls: Vec<&str> = ["registry", "index-url", "i", "extra-index-url", "find-links", "f"]
        .iter()
        .filter_map(|o| opt(&p, &[o]).map(|w| w.text.as_str()))
        .filter(|u| install || u.contains("://"))
        .collect();
    if install {
        for w in &pos[1..] {
            let spec = w.text.rsplit_once(" @ ").map_or(w.text.as_str(), |(_, u)| u.trim());
            if spec.contains("://") {
                urls.push(spec.trim_start_matches("git+"));
            }
        }
    }
    report_urls(cx, via, &urls, false, None);
}

/// Backup and sync tools send a local tree to a remote store: duplicity (`SRC URL`; a URL first is
/// a restore), rdiff-backup (`SRC host::path`), unison (two roots, either way), lsyncd (`-rsync`,
/// `-rsyncssh`, or a config written in the same command; one it cannot read goes somewhere
/// unknown), mutagen (`sync create ALPHA BETA`), restic (`backup` to `-r`/`RESTIC_REPOSITORY`) and
/// borg (`create REPO::ARCHIVE`). Listing, checking and restoring are requests.
fn backup(via: &str, cmd: &Cmd, cx: &mut Cx) {
    let p = parse(cmd.args(), &Spec {
        short_val: match via {
            "restic" => "reop",
            "borg" => "ep",
            "mutagen" => "lc",
            _ => "tr",
        },
        long_val: &[
            "name", "archive-dir", "encrypt-key", "sign-key", "ssh-options", "file-to-restore", "time", "exclude", "include", "volsize", "tempdir",
            "log-file", "verbosity", "restore-as-of", "remote-schema", "include-globbing-filelist", "exclude-globbing-filelist", "repo",
            "repository-file", "password-file", "password-command", "option", "tag", "host", "files-from", "cache-dir", "rsh", "remote-path",
            "compression", "label", "mode", "ignore", "root", "path", "logfile", "servercmd", "sshargs", "sshcmd", "config", "delay",
            "insist", "exclude-from", "keep-last", "keep-daily",
        ],
    });
    let pos = positionals(&p);
    let words: Vec<&str> = pos.iter().map(|w| w.text.as_str()).collect();
    let url = |t: &str| if t.contains("://") && !t.starts_with("file://") { dest::url(t).map(|u| u.dest) } else { None };
    match via {
        "duplicity" => {
            const BACKUP: &[&str] = &["full", "incr", "incremental", "backup"];
            const OTHER: &[&str] = &[
                "restore", "verify", "collection-status", "list-current-files", "cleanup", "remove-older-than", "remove-all-but-n-full",
                "remove-all-inc-of-but-n-full",
            ];
            let (body, acting) = match words.first() {
                Some(a) if BACKUP.contains(a) => (&words[1..], true),
                Some(a) if OTHER.contains(a) => (&words[1..], false),
                _ => (&words[..], true),
            };
            let restore = has(&p, &["t", "time", "file-to-restore"]) && body.first().is_some_and(|w| url(w).is_some());
            let Some((target, sources)) = body.split_last() else { return };
            match url(target) {
                Some(d) if acting && !restore && !sources.is_empty() && sources.iter().all(|s| url(s).is_none()) => cx.upload(via, d),
                Some(d) => cx.request(via, d),
                None => {
                    for s in sources.iter().filter_map(|s| url(s)) {
                        cx.request(via, s);
                    }
                }
            }
        }
        "rdiff-backup" => {
            let restore = has(&p, &["r", "restore-as-of", "restore"]) || matches!(words.first(), Some(&("restore" | "list" | "verify" | "remove" | "info" | "test" | "regress")));
            let body: Vec<&Word> = pos.iter().copied().skip(usize::from(matches!(words.first(), Some(&"backup")))).collect();
            let remote = |w: &Word| w.text.split_once("::").map(|(h, _)| dest::host_port(h)).or_else(|| url(&w.text));
            match body.split_last() {
                Some((target, sources)) if !restore => copy(via, target, sources, remote, cx),
                _ => {
                    for d in body.iter().filter_map(|w| remote(w)) {
                        cx.request(via, d);
                    }
                }
            }
        }
        "unison" => {
            let roots: Vec<Dest> = words.iter().filter_map(|w| url(w)).collect();
            let local = words.iter().any(|w| !w.contains("://"));
            for d in roots {
                if local || words.len() > 1 { cx.upload(via, d) } else { cx.request(via, d) }
            }
        }
        "lsyncd" => {
            let mode = cmd.args().iter().position(|a| matches!(a.text.trim_start_matches('-'), "rsync" | "rsyncssh" | "direct"));
            match mode.map(|i| (cmd.args()[i].text.trim_start_matches('-'), &cmd.args()[i + 1..])) {
                Some(("rsync", [_, target, ..])) => {
                    if let Some(d) = dest::remote_spec(&target.text) {
                        cx.upload(via, d);
                    }
                }
                Some(("rsyncssh", [_, host, ..])) => cx.upload(via, dest::host_port(&host.text)),
                Some(_) => {}
                None => match pos.last().and_then(|c| cx.files.get(&c.text)) {
                    Some(config) => {
                        let hosts: Vec<Dest> = lua_strings(config, &["host", "target"])
                            .map(|(k, v)| if k == "host" { dest::host_port(v) } else { dest::remote_spec(v).unwrap_or_else(|| dest::host_port(v)) })
                            .collect();
                        for d in hosts {
                            cx.upload(via, d);
                        }
                    }
                    None if !pos.is_empty() => cx.upload(via, Dest::Unknown),
                    None => {}
                },
            }
        }
        "mutagen" => {
            if let ["sync", "create", ..] = words.as_slice() {
                let ends: Vec<Dest> = pos[2..].iter().filter_map(|w| dest::remote_spec(&w.text).filter(|_| !w.text.starts_with("docker://"))).collect();
                let local = pos[2..].iter().any(|w| dest::remote_spec(&w.text).is_none());
                for d in ends {
                    if local { cx.upload(via, d) } else { cx.request(via, d) }
                }
            }
        }
        "restic" => {
            let repo = opt(&p, &["r", "repo"]).map(|w| w.text.clone()).or_else(|| cmd.env.iter().find(|(k, _)| k == "RESTIC_REPOSITORY").map(|(_, v)| v.clone()));
            let Some(d) = repo.as_deref().and_then(restic_repo) else { return };
            if matches!(words.first(), Some(&("backup" | "copy"))) { cx.upload(via, d) } else if !words.is_empty() { cx.request(via, d) }
        }
        _ => {
            // borg: `create REPO::ARCHIVE PATH…`, `::ARCHIVE` with `BORG_REPO`.
            let Some((sub, rest)) = words.split_first() else { return };
            let env_repo = cmd.env.iter().find(|(k, _)| k == "BORG_REPO").map(|(_, v)| v.as_str());
            let repo = rest.iter().find(|w| w.contains("::") || w.contains("://")).map(|w| w.split("::").next().unwrap_or(w)).filter(|r| !r.is_empty()).or(env_repo);
            let Some(d) = repo.and_then(|r| url(r).or_else(|| dest::remote_spec(r).filter(|_| !r.starts_with('/')))) else { return };
            if *sub == "create" { cx.upload(via, d) } else { cx.request(via, d) }
        }
    }
}

/// A restic repository's host: `sftp:user@host:/path`, `rest:https://host/`, `s3:host/bucket` or
/// `s3:https://host/bucket`, `rclone:remote:path`; a local path or a cloud bucket by name
/// (`b2:bucket`, `gs:bucket:/`, `azure:container:/`).
fn restic_repo(repo: &str) -> Option<Dest> {
    let (kind, rest) = repo.split_once(':')?;
    match kind {
        "sftp" => dest::remote_spec(rest).or_else(|| Some(dest::host_port(rest))),
        "rest" | "s3" if rest.contains("://") => dest::url(rest).map(|t| t.dest),
        "s3" => Some(dest::host_port(rest.split('/').next().unwrap_or(rest))),
        "rclone" => rclone_remote(rest),
        "b2" | "gs" | "azure" | "swift" => Some(Dest::Cloud(format!("{kind}://{}", rest.split([':', '/']).next().unwrap_or(rest)))),
        _ => None,
    }
}

/// `name = "value"` pairs of a Lua table (lsyncd's `sync{…}`), for the names given.
fn lua_strings<'t>(text: &'t str, names: &'t [&'t str]) -> impl Iterator<Item = (&'t str, &'t str)> + 't {
    text.split([',', '{', '}', '\n', ';']).filter_map(move |field| {
        let (k, v) = field.split_once('=')?;
        let k = k.trim();
        let v = v.trim().trim_matches(['"', '\'']);
        names.iter().find(|n| **n == k).map(|n| (*n, v)).filter(|(_, v)| !v.is_empty())
    })
}

/// RPC, socket and benchmark clients: grpcurl (`-d` a message, `-d @` from standard input), ghz
/// (`-d`, `-D`/`--data-file`, `-B`), evans (`--host`, a call fed standard input or `--file`), buf
/// curl (`-d`/`--data`), iperf3 and iperf (`-c HOST` with `-F FILE` sends the file), websocat and
/// wscat (standard input or `-x`/`--execute` goes to the socket). Without data they are requests.
fn rpc(via: &str, cmd: &Cmd, cx: &mut Cx) {
    // grpcurl and ghz take Go/kingpin flags: `-name value` with one dash.
    let go_flags = |names: &[&str]| -> (Vec<&Word>, Vec<(String, Option<&Word>)>) {
        let (mut pos, mut flags, mut i) = (Vec::new(), Vec::new(), 0);
        let args = cmd.args();
        while let Some(a) = args.get(i) {
            i += 1;
            match a.text.strip_prefix("--").or_else(|| a.text.strip_prefix('-')).filter(|_| a.text.len() > 1) {
                Some(f) => match f.split_once('=') {
                    Some((k, _)) => flags.push((k.to_string(), Some(a))),
                    None if names.contains(&f) => {
                        flags.push((f.to_string(), args.get(i)));
                        i += 1;
                    }
                    None => flags.push((f.to_string(), None)),
                },
                None => pos.push(a),
            }
        }
        (pos, flags)
    };
    let flag = |flags: &[(String, Option<&Word>)], names: &[&str]| flags.iter().any(|(k, _)| names.contains(&k.as_str()));
    match via {
        "grpcurl" | "ghz" => {
            let values = [
                "d", "data", "D", "data-file", "B", "binary-file", "H", "rpc-header", "reflect-header", "proto", "import-path", "protoset", "cert", "key",
                "cacert", "authority", "servername", "connect-timeout", "max-time", "format", "call", "n", "total", "c", "concurrency", "z",
                "duration", "m", "metadata", "M", "metadata-file", "o", "output", "O", "i", "import-paths", "x", "timeout", "r", "rps",
                "name", "tags", "cname", "user-agent", "max-msg-sz", "protoset-out",
            ];
            let (pos, flags) = go_flags(&values);
            if flag(&flags, &["help", "h", "version"]) {
                return;
            }
            let target = if via == "ghz" { pos.last() } else { pos.iter().find(|w| !matches!(w.text.as_str(), "list" | "describe")) };
            let Some(host) = target.map(|w| dest::host_port(&w.text)) else { return };
            let sends = flag(&flags, &["d", "data", "D", "data-file", "B", "binary-file"]);
            if sends { cx.upload(via, host) } else { cx.request(via, host) }
        }
        "evans" => {
            let p = parse(cmd.args(), &Spec { short_val: "prfH", long_val: &["host", "port", "proto", "path", "package", "service", "call", "file", "header", "config-file", "servername", "cacert", "cert", "certkey"] });
            if has(&p, &["help", "h", "version", "v"]) {
                return;
            }
            let host = opt(&p, &["host"]).map_or_else(|| dest::host_name("127.0.0.1"), |h| dest::host_port(&h.text));
            let calls = positionals(&p).iter().any(|w| w.text == "call");
            if calls && (cmd.stdin.has_data() || opt(&p, &["file", "f"]).is_some()) { cx.upload(via, host) } else { cx.request(via, host) }
        }
        "buf" => {
            let p = parse(cmd.args(), &Spec { short_val: "dH", long_val: &["data", "header", "schema", "protocol", "user-agent", "timeout", "cert", "key", "cacert", "output", "http2-prior-knowledge"] });
            let pos = positionals(&p);
            if pos.first().is_none_or(|w| w.text != "curl") {
                return;
            }
            let Some(url) = pos.iter().skip(1).find_map(|w| dest::url(&w.text).filter(|_| w.text.contains("://"))) else { return };
            let sends = opt(&p, &["d", "data"]).is_some() || url.carries_data;
            if sends { cx.upload(via, url.dest) } else { cx.request(via, url.dest) }
        }
        "iperf3" | "iperf" => {
            let p = parse(cmd.args(), &Spec { short_val: "cpFfiBbtnklPSwMOTAC", long_val: &["client", "port", "file", "format", "interval", "bind", "bitrate", "time", "bytes", "blockcount", "length", "parallel", "window", "set-mss", "omit", "title", "affinity", "congestion", "logfile", "cport"] });
            let Some(host) = opt(&p, &["c", "client"]).map(|h| dest::host_port(&h.text)) else { return };
            if opt(&p, &["F", "file"]).is_some() && !has(&p, &["R", "reverse"]) { cx.upload(via, host) } else { cx.request(via, host) }
        }
        _ => {
            // websocat, wscat: `ws://` / `wss://` URLs (websocat also `-c`/`--connect URL` in wscat).
            let p = parse(cmd.args(), &Spec { short_val: "cHxwopsBPtl", long_val: &["connect", "header", "execute", "wait", "origin", "protocol", "subprotocol", "proxy", "auth", "ca", "cert", "key", "buffer-size", "ping-interval", "ping-timeout", "listen", "slash"] });
            let urls: Vec<Dest> = positionals(&p).iter().copied().chain(opt(&p, &["c", "connect"])).filter(|w| w.text.contains("ws://") || w.text.contains("wss://")).filter_map(|w| {
                let at = w.text.find("ws")?;
                dest::url(&w.text[at..]).map(|t| t.dest)
            }).collect();
            let sends = cmd.stdin.has_data() || opt(&p, &["x", "execute"]).is_some();
            for d in urls {
                if sends { cx.upload(via, d) } else { cx.request(via, d) }
            }
        }
    }
}

/// Local port forwards: gost (`-L tcp://:PORT/HOST:PORT`, `-F` a chain through another node),
/// ghostunnel (`client --target`), stunnel (a config written in the same command: `connect =`
/// in a client section) and autossh (`-L`, `-D`, as ssh). What is later sent to this machine
/// goes to the forward's far end ([`Cx::push`]).
fn forward(via: &str, cmd: &Cmd, cx: &mut Cx) {
    match via {
        "gost" => {
            let args = cmd.args();
            for (i, a) in args.iter().enumerate() {
                let value = match a.text.split_once('=') {
                    Some((k, v)) if matches!(k, "-L" | "-F") => Some((k, v.to_string())),
                    _ if matches!(a.text.as_str(), "-L" | "-F") => args.get(i + 1).map(|v| (a.text.as_str(), v.text.clone())),
                    _ => None,
                };
                let Some((flag, v)) = value else { continue };
                // `tcp://[:]PORT/HOST:PORT` forwards there; `-F URL` chains through URL's node.
                let far = if flag == "-L" { v.split_once("://").and_then(|(_, r)| r.split_once('/')).map(|(_, to)| to.split(',').next().unwrap_or(to).to_string()) } else { Some(v) };
                if let Some(far) = far.filter(|f| !f.is_empty()) {
                    cx.forward(via, ssh_host(&far));
                }
            }
        }
        "ghostunnel" => {
            let p = parse(cmd.args(), &Spec { short_val: "", long_val: &["listen", "target", "keystore", "cacert", "cert", "key", "override-server-name", "status", "connect-timeout"] });
            if positionals(&p).first().is_some_and(|w| w.text == "client")
                && let Some(t) = opt(&p, &["target"])
            {
                cx.forward(via, dest::host_port(&t.text));
            }
        }
        "stunnel" | "stunnel4" => {
            let Some(config) = cmd.args().first().and_then(|c| cx.files.get(&c.text)) else { return };
            let far: Vec<Dest> = config
                .lines()
                .filter_map(|l| l.split_once('=').filter(|(k, _)| k.trim() == "connect").map(|(_, v)| v.trim()))
                .map(dest::host_port)
                .collect();
            if config.lines().any(|l| l.split_once('=').is_some_and(|(k, v)| k.trim() == "client" && v.trim() == "yes")) {
                for d in far {
                    cx.forward(via, d);
                }
            }
        }
        _ => {
            // autossh: `-M PORT` is its own; the rest is ssh's.
            let mut argv = vec![Word::lit("ssh")];
            let mut args = cmd.args().iter();
            while let Some(a) = args.next() {
                if a.text == "-M" {
                    args.next();
                } else if !a.text.starts_with("-M") {
                    argv.push(a.clone());
                }
            }
            ssh(via, &Cmd { argv, env: cmd.env.clone(), stdin: cmd.stdin.clone() }, cx);
        }
    }
}

/// `tee /dev/tcp/HOST/PORT`, `dd of=/dev/tcp/…`: bash's network paths named as files.
fn devtcp(via: &str, cmd: &Cmd, cx: &mut Cx) {
    for a in cmd.args() {
        let path = if via == "dd" { a.text.strip_prefix("of=").unwrap_or("") } else { a.text.as_str() };
        if let Some(host) = dest::dev_net(path) {
            cx.upload(via, host);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn program_names_fold_to_their_detector_names() {
        for (name, program_name) in [
            ("python3.12", "python"),
            ("pip3", "pip"),
            ("nodejs", "node"),
            ("CURL.EXE", "curl"),
            ("curl.exe", "curl"),
            ("Python3.EXE", "python"),
            ("ping6", "ping6"),
            ("ping", "ping"),
            ("curl", "curl"),
            ("exe", "exe"),
            ("é.exe", "é"),
        ] {
            assert_eq!(program(name), program_name, "{name}");
        }
        assert!(matches!(program("curl"), Cow::Borrowed(_)), "a name that needs no change is not copied");
    }
}
