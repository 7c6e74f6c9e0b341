//! R (`Rscript -e`, R code tools). No pure-Rust R parser exists, so this reads R's tokens: strings
//! and comments are recognised as R's lexer does (so `print("httr::POST(url)")` names no call),
//! and a call is an identifier, optionally `pkg::`-qualified, followed by `(`. An upload function
//! called anywhere (`httr::POST`, `curl::curl_upload`, `RCurl::ftpUpload`, a curl handle set to
//! post) sends to every URL literal in the code (or to an unknown place when there is none);
//! `system()` / `system2()` strings go through the shell analysis.

use super::super::Event;
use super::super::dest::{self, Dest};

enum Tok {
    Ident(String),
    Str(String),
    Open,
    Other,
}

fn tokens(src: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut chars = src.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => {
                while chars.peek().is_some_and(|(_, c)| *c != '\n') {
                    chars.next();
                }
            }
            '"' | '\'' | '`' => {
                let mut s = String::new();
                while let Some((_, d)) = chars.next() {
                    match d {
                        '\\' => {
                            if let Some((_, e)) = chars.next() {
                                s.push(e);
                            }
                        }
                        d if d == c => break,
                        d => s.push(d),
                    }
                }
                // A backquoted name is an identifier.
                out.push(if c == '`' { Tok::Ident(s) } else { Tok::Str(s) });
            }
            c if c.is_alphanumeric() || c == '.' || c == '_' => {
                let mut end = i + c.len_utf8();
                while let Some((j, d)) = chars.peek().copied() {
                    let qualified = d == ':' && src[j..].starts_with("::");
                    if d.is_alphanumeric() || d == '.' || d == '_' || qualified {
                        chars.next();
                        end = j + d.len_utf8();
                    } else {
                        break;
                    }
                }
                out.push(Tok::Ident(src[i..end].to_string()));
            }
            '(' => out.push(Tok::Open),
            c if c.is_whitespace() => {}
            _ => out.push(Tok::Other),
        }
    }
    out
}

/// Functions that send a body or a file.
const UPLOADS: &[&str] = &[
    "POST",
    "PUT",
    "PATCH",
    "upload_file",
    "curl_upload",
    "ftpUpload",
    "postForm",
    "httpPOST",
    "httpPUT",
    "req_body_raw",
    "req_body_file",
    "req_body_json",
    "req_body_form",
    "req_body_multipart",
    "form_file",
    "form_data",
    "send_mail",
    "send.mail",
    "smtp_send",
];

/// Functions that make a request.
const REQUESTS: &[&str] = &[
    "GET",
    "HEAD",
    "download.file",
    "curl",
    "curl_fetch_memory",
    "curl_download",
    "req_perform",
    "request",
    "getURL",
];

/// Local data read into the script (a GET that carries it is an upload).
const SOURCES: &[&str] = &[
    "Sys.getenv",
    "readLines",
    "readRDS",
    "read.csv",
    "read_csv",
    "file",
    "system",
    "Sys.info",
    "list.files",
    "readBin",
];

/// R's own packages whose qualified calls (`httr::POST(…)`) mark code as R.
const PACKAGES: &[&str] = &[
    "httr", "httr2", "curl", "RCurl", "utils", "base", "mailR", "emayili", "blastula", "sendmailR", "gmailr", "aws.s3", "AzureStor",
    "googleCloudStorageR", "ssh", "jsonlite", "readr",
];

/// Whether code whose language is not named reads as R. The Python and JavaScript parsers accept
/// much of R (`h <- new_handle()` parses as a comparison, `library(curl)` as a call), so R's own
/// marks are looked for first: a statement that assigns with `<-` (Go's channel send `ch <- v`
/// is the one other such statement, and Go code declares a `func`), a package attached with
/// `library(…)` or `require(name)`, or a call qualified with one of R's packages.
pub fn looks_like(src: &str) -> bool {
    let go = src.contains("func ");
    src.lines().map(str::trim_start).any(|line| {
        let name_end = line.find(|c: char| !(c.is_alphanumeric() || c == '.' || c == '_')).unwrap_or(line.len());
        let assigns = name_end > 0 && line[name_end..].trim_start().starts_with("<-") && !go;
        let attaches = line.starts_with("library(")
            || line.starts_with("requireNamespace(")
            || line.strip_prefix("require(").is_some_and(|r| r.starts_with(|c: char| c.is_alphabetic()));
        assigns || attaches
    }) || PACKAGES.iter().any(|p| {
        src.match_indices(&format!("{p}::")).any(|(i, _)| !src[..i].ends_with(|c: char| c.is_alphanumeric() || c == '.' || c == '_'))
    })
}

pub fn analyse(src: &str, via: &str) -> Vec<Event> {
    let toks = tokens(src);
    let mut events = Vec::new();
    let calls: Vec<(usize, &str)> = toks
        .windows(2)
        .enumerate()
        .filter_map(|(i, w)| match w {
            [Tok::Ident(name), Tok::Open] => Some((i, name.rsplit("::").next().unwrap_or(name))),
            _ => None,
        })
        .collect();
    // A handle set to post or upload: `handle_setopt(h, postfields = …)`, `new_handle(upload = TRUE)`.
    let handle_posts = calls.iter().any(|(i, name)| {
        matches!(*name, "handle_setopt" | "new_handle") && toks[i + 2..].iter().take(40).any(|t| matches!(t, Tok::Ident(o) if matches!(o.as_str(), "postfields" | "copypostfields" | "upload" | "post" | "readfunction")))
    });
    let sends = handle_posts || calls.iter().any(|(_, n)| UPLOADS.contains(n));
    let requests = calls.iter().any(|(_, n)| REQUESTS.contains(n));
    let reads = calls.iter().any(|(_, n)| SOURCES.contains(n));
    let urls: Vec<Dest> = toks
        .iter()
        .filter_map(|t| match t {
            Tok::Str(s) if s.contains("://") => dest::url(s).map(|t| t.dest),
            _ => None,
        })
        .collect();
    for (i, name) in &calls {
        if matches!(*name, "system" | "system2" | "shell") {
            match toks.get(i + 2) {
                Some(Tok::Str(cmd)) => {
                    let line = if *name == "system2" {
                        let args = toks[i + 3..].iter().take(20).filter_map(|t| {
                            if let Tok::Str(s) = t {
                                Some(s.as_str())
                            } else {
                                None
                            }
                        });
                        std::iter::once(cmd.as_str())
                            .chain(args)
                            .collect::<Vec<_>>()
                            .join(" ")
                    } else {
                        cmd.clone()
                    };
                    events.extend(super::super::analyse_shell(&line));
                }
                _ => events.push(Event::unknowable(&format!(
                    "{via} runs a command built at run time"
                ))),
            }
        }
    }
    if sends || (requests && reads) {
        if urls.is_empty() {
            events.push(Event::upload(via, Dest::Unknown));
        }
        events.extend(urls.into_iter().map(|d| Event::upload(via, d)));
    } else if requests {
        events.extend(urls.into_iter().map(|d| Event::request(via, d)));
    }
    events
}
