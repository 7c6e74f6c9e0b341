//! The conservative reading of code no parser here reads: Ruby, Perl, PHP, PowerShell, and
//! Python or JavaScript that does not parse (a fragment, another dialect, a deliberately broken
//! snippet). It errs towards a finding: a networking library named anywhere in the text and a
//! call that sends a body (`requests.post`, `urlopen(…, data=…)`, `fetch(…, {method: "POST"})`,
//! `socket.sendall`, `-Method Post`, …) make an upload to every URL or host the text names.
//! String concatenation of literals is folded first (`'att' + 'acker.test'`); decoding and
//! running hidden code fails closed.

use std::sync::LazyLock;

use regex::Regex;

use super::super::Event;
use super::super::dest::{self, Dest};

static CONCAT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"['"]\s*\+\s*['"]"#).expect("valid regex"));

static HIDDEN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?-u:\b)(exec|eval|Function)\s*\(.*(b64decode|base64|atob|fromCharCode|Buffer\.from|codecs|zlib|marshal|bytes\.fromhex|unhexlify)").expect("valid regex")
});

static NETWORK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)(?-u:\b)(requests|httpx|urllib\d?|http\.client|https?connection|socket|aiohttp|fetch|axios|xmlhttprequest|sendbeacon|",
        r"net::http|http::tiny|lwp|file_get_contents|curl_init|invoke-webrequest|invoke-restmethod|iwr|irm|webclient|open-uri|smtplib|ftplib)(?-u:\b)|",
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
        r"(?-u:\b)body\s*:|\.send(all|to)?\s*\(|sendbeacon\(|net::http::(post|put|patch)|curlopt_post|\.sendmail\(|storbinary\(|\.end\(\s*[^)\s]",
    ))
    .expect("valid regex")
});

static URL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)(?-u:\b)(https?|ftp|wss?)://[^\s'"`<>)\]}]+"#).expect("valid regex")
});

static HOST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)(https?connection\(\s*|create_connection\(\s*\(\s*|connect\(\s*\(\s*|(?-u:\b)host(name)?['"]?\s*[:=]\s*)['"]([^'"]+)['"]"#).expect("valid regex")
});

/// Events for source code run by `via` (`python`, `node`, `pwsh`, …).
pub fn analyse(src: &str, via: &str) -> Vec<Event> {
    if HIDDEN.is_match(src) {
        return vec![Event::unknowable(&format!(
            "{via} decodes and runs hidden code"
        ))];
    }
    if !NETWORK.is_match(src) {
        return Vec::new();
    }
    let folded = CONCAT.replace_all(src, "");
    let mut dests: Vec<Dest> = URL
        .find_iter(&folded)
        .filter_map(|m| dest::url(m.as_str()))
        .map(|t| t.dest)
        .collect();
    dests.extend(
        HOST.captures_iter(&folded)
            .filter_map(|c| c.get(3))
            .map(|m| dest::host_port(m.as_str())),
    );
    dests.sort();
    dests.dedup();
    if SENDS.is_match(&folded) {
        if dests.is_empty() {
            dests.push(Dest::Unknown);
        }
        dests.into_iter().map(|d| Event::upload(via, d)).collect()
    } else {
        dests.into_iter().map(|d| Event::request(via, d)).collect()
    }
}
