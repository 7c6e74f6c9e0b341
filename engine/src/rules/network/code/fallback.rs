//! The conservative reading of code no parser here reads: Ruby, Perl, PHP, PowerShell, and
//! Python or JavaScript that does not parse (a fragment, another dialect, a deliberately broken
//! snippet). It errs towards a finding: a networking library named anywhere in the text and a
//! call that sends a body (`requests.post`, `urlopen(…, data=…)`, `fetch(…, {method: "POST"})`,
//! `socket.sendall`, `-Method Post`, …) make an upload to every URL or host the text names.
//! String concatenation of literals is folded first (`'att' + 'acker.test'`); decoding and
//! running hidden code fails closed. Commands the code runs (`system("curl …")`, Go's
//! `exec.Command("curl", "-T", f, url)`, Ruby's and Perl's backquotes) go through the shell
//! analysis: one string is a shell command, several arguments are the words of one.

use std::sync::LazyLock;

use regex::Regex;

use super::super::dest::{self, Dest};
use super::super::{Event, Kind};
use super::value::{Val, argv};

static CONCAT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"['"]\s*\+\s*['"]"#).expect("valid regex"));

static HIDDEN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?-u:\b)(exec|eval|Function)\s*\(.*(b64decode|base64|atob|fromCharCode|Buffer\.from|codecs|zlib|marshal|bytes\.fromhex|unhexlify)").expect("valid regex")
});

static NETWORK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)(?-u:\b)(requests|httpx|urllib\d?|http\.client|https?connection|socket|aiohttp|fetch|axios|xmlhttprequest|sendbeacon|",
        r"net::http|http::tiny|lwp|file_get_contents|curl_init|invoke-webrequest|invoke-restmethod|iwr|irm|webclient|open-uri|smtplib|ftplib|",
        r"reqwest|ureq|hyper|tcpstream|udpsocket|httpclient|httpurlconnection|urlconnection|java\.net|okhttp|websocket|",
        r"tcpsocket|tcpclient|rest-?client|faraday|httparty|net::scp|net::sftp|net::smtp|send-mailmessage|start-bitstransfer|",
        r"delivery_method|smtpclient)(?-u:\b)|",
        r#"require\(\s*['"]https?['"]\s*\)"#,
    ))
    .expect("valid regex")
});

static SENDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)(\.|->)(post|put|patch)\s*\(|",
        r#"getattr\([^,]+,\s*['"](post|put|patch)['"]|"#,
        r#"\.request\(\s*['"](post|put|patch)|"#,
        r#"method['"]?\s*(:|=>|=)\s*['"]?(post|put|patch)(?-u:\b)|"#,
        r"-method\s+['\x22]?(post|put|patch)(?-u:\b)|-body(?-u:\b)|-infile(?-u:\b)|",
        r"(urlopen|request)\([^)]*data\s*=|urlopen\(\s*[^,()]+,\s*[^\s)]|",
        r"(?-u:\b)body\s*:|\.send(all|to)?\s*\(|sendbeacon\(|net::http::(post|put|patch)|curlopt_post|\.sendmail\(|storbinary\(|\.end\(\s*[^)\s]|",
        // Streams and builders of compiled languages (Java, Rust, Go, C#) and Perl's sockets.
        r"\.write(_all)?\s*\(|getoutputstream|bodypublishers\.of|\.body\s*\(|\.multipart\s*\(|setdooutput\s*\(\s*true|",
        r"setrequestmethod\(\s*.(post|put|patch)|(?-u:\b)print\s+\{?\$\w+\}?\s|syswrite\s*\(|",
        // Ruby's streams and gems, PowerShell's cmdlets.
        r"copy_stream\(|upload!?\s*\(|add_file|-attachments(?-u:\b)|-transfertype\s+upload|postasync\(|putasync\(|sendasync\(|\.write\(\$",
    ))
    .expect("valid regex")
});

static URL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)(?-u:\b)(https?|ftp|wss?)://[^\s'"`<>)\]}]+"#).expect("valid regex")
});

static HOST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)(https?connection\(\s*|create_connection\(\s*\(\s*|connect\(\s*\(\s*|(?-u:\b)host(name)?['"]?\s*[:=]\s*)['"]([^'"]+)['"]"#).expect("valid regex")
});

/// A socket opened on a literal host (`new Socket("h", 4444)`, `TcpStream::connect("h:4444")`,
/// `IO::Socket::INET->new("h:4444")`, `PeerAddr => 'h'`).
static SOCKET_HOST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r#"(?i)((?-u:\b)(?:tcp)?socket(?:\.new)?|tcpclient|tcpstream::connect|udpsocket::\w+|inet6?->new|peeraddr\s*=>|peerhost\s*=>|dial|"#,
        r#"net::(?:scp|sftp|ssh|smtp)\.(?:start|upload!?)|address:)\s*\(?\s*(?:"(?:tcp|udp)"\s*,\s*)?['"]([^'"\s]+)['"]|"#,
        // PowerShell's unquoted parameter values.
        r#"-(?:smtpserver|computername)\s+([A-Za-z0-9.-]+\.[A-Za-z0-9.-]+)"#,
    ))
    .expect("valid regex")
});

/// A call that runs a command: its arguments (on one line, without nested parentheses).
static SHELL_OUT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?-u:\b)(exec\.Command(Context)?|system|spawn|popen|exec|IO\.popen|Open3\.\w+|ProcessBuilder|Runtime\.getRuntime\(\)\.exec|",
        r"shell_exec|passthru|proc_open)\s*\(([^()\n]*)\)",
    ))
    .expect("valid regex")
});

/// Ruby's and Perl's backquotes and `%x{…}`, `qx{…}`.
static BACKQUOTED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"`([^`\n]+)`|(%x|qx)\{([^}\n]+)\}").expect("valid regex"));

/// Command lines read in one snippet; past them the snippet fails closed (each is a shell walk).
const MAX_SHELL_OUTS: usize = 64;

/// Arguments split at the commas outside string literals.
fn split_args(args: &str) -> Vec<&str> {
    let (mut out, mut start, mut quote) = (Vec::new(), 0, None);
    for (i, c) in args.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '"' | '\'') => quote = Some(c),
            (None, ',') => {
                out.push(&args[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&args[start..]);
    out.retain(|a| !a.trim().is_empty());
    out
}

/// One string literal, whole (`"…"` or `'…'`): its text.
fn literal(arg: &str) -> Option<&str> {
    let arg = arg.trim();
    let quote = arg.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let inner = arg.strip_prefix(quote)?.strip_suffix(quote)?;
    (!inner.contains(quote)).then_some(inner)
}

/// The command lines the code runs, as the shell analysis reads them, and what they do.
fn shell_outs(src: &str) -> Vec<Event> {
    let calls = SHELL_OUT.captures_iter(src).filter_map(|c| {
        let args = split_args(c.get(3).map_or("", |m| m.as_str()));
        let words: Vec<Val> = args.iter().map(|a| literal(a).map(Val::text).unwrap_or_default()).collect();
        // Go's `exec.CommandContext(ctx, …)` and Java's builders: the first literal starts it.
        let words = &words[words.iter().position(|w| w.text.is_some()).unwrap_or(words.len())..];
        match words {
            [] => None,
            [one] => Some((one.text_or_dyn(), false)),
            several => Some((argv(several), false)),
        }
    });
    // Backquotes may be a string of another language (a Go raw string, a template): only what
    // they would send counts.
    let quoted = BACKQUOTED.captures_iter(src).map(|c| (c.get(1).or(c.get(3)).map_or("", |m| m.as_str()).to_string(), true));
    let mut events = Vec::new();
    for (k, (line, sends_only)) in calls.chain(quoted).enumerate() {
        if k >= MAX_SHELL_OUTS {
            events.push(Event::unknowable("the code runs more commands than are read"));
            break;
        }
        let found = super::super::analyse_shell(&line);
        events.extend(found.into_iter().filter(|e| !sends_only || matches!(e.kind, Kind::Upload | Kind::Request)));
    }
    events
}

/// Events for source code run by `via` (`python`, `node`, `pwsh`, …).
pub fn analyse(src: &str, via: &str) -> Vec<Event> {
    if HIDDEN.is_match(src) {
        return vec![Event::unknowable(&format!(
            "{via} decodes and runs hidden code"
        ))];
    }
    let mut events = shell_outs(src);
    // Whole-line comments (`# …`, `// …`) name calls without making them.
    let code: String = src.lines().filter(|l| !matches!(l.trim_start().as_bytes(), [b'#', b' ' | b'#', ..] | [b'/', b'/', ..])).collect::<Vec<_>>().join("\n");
    if !NETWORK.is_match(&code) {
        return events;
    }
    let folded = CONCAT.replace_all(&code, "");
    let mut dests: Vec<Dest> = URL
        .find_iter(&folded)
        .filter_map(|m| dest::url(m.as_str()))
        .map(|t| t.dest)
        .collect();
    dests.extend(
        HOST.captures_iter(&folded)
            .filter_map(|c| c.get(3))
            .chain(SOCKET_HOST.captures_iter(&folded).filter_map(|c| c.get(2).or(c.get(3))))
            .map(|m| dest::host_port(m.as_str())),
    );
    dests.sort();
    dests.dedup();
    if SENDS.is_match(&folded) {
        if dests.is_empty() {
            dests.push(Dest::Unknown);
        }
        events.extend(dests.into_iter().map(|d| Event::upload(via, d)));
    } else {
        events.extend(dests.into_iter().map(|d| Event::request(via, d)));
    }
    events
}
