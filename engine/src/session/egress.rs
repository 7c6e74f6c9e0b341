//! Grants, byte budgets and labels: how a session changes what the network rule decides about
//! one upload or request (the egress broker's decision function, per event).
//!
//! Order, cheapest and most certain first: an allowed host takes every label unless
//! `labels.accept` narrows it; a session whose state was lost sends nothing anywhere else; each
//! grant that covers the event (the policy's, then those approvals created), until one lets it
//! pass, checks query parameters, the request's size, the session budget, the labels it is
//! cleared for and writes after untrusted input; without a grant, untrusted content or any held
//! label blocks, and everything else is the rule's usual answer (approval).

use url::Url;

use super::Facts;
use super::settings::Grant;
use crate::rules::network::dest::{self, Allowed, Dest};
use crate::rules::network::{Event, Kind, Req};
use crate::verdict::GrantOffer;

/// What the session makes of one event.
#[derive(Debug, PartialEq, Eq)]
pub enum Judged {
    /// The session changes nothing: the rule decides as it does without one.
    Unchanged,
    /// Inside a grant: no finding (its bytes are counted once the call is let through).
    Pass,
    /// A finding: `block`, or the rule's own action (approval).
    Hit { block: bool, reason: String },
}

/// Which grant: one of the policy's, or one an approval created in this session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrantKey {
    Policy(usize),
    Approved(usize),
}

/// A grant in force for this call.
pub struct Active<'s> {
    pub key: GrantKey,
    pub grant: &'s Grant,
    /// Bytes of its budget used before this call.
    pub used: u64,
    /// When it ends (host clock); `None`: it does not.
    pub expires_ms: Option<u64>,
}

/// Labels every destination is cleared for.
pub const PUBLIC: &str = "public";
pub const UNTRUSTED: &str = "untrusted";

pub const LOST: &str = "this session's state was lost (the guard was restarted or the session was evicted), so what it has read and what it was granted are unknown: it sends nothing to hosts outside allowed_hosts until a new session starts";

impl Facts<'_> {
    /// The session's verdict on one event of a command or code.
    pub fn judge(&self, e: &Event, allowed: &Allowed) -> Judged {
        if matches!(e.kind, Kind::Unknowable | Kind::Incomplete) {
            return Judged::Unchanged;
        }
        let data = carries_data(e);
        let label = e.dest.label();
        let held: Vec<&str> = self.labels.iter().map(String::as_str).filter(|l| *l != PUBLIC).collect();
        if e.via != "gh gist" && allowed.allows(&e.dest) {
            let narrowed = match &e.dest {
                Dest::Host(h) => self.policy.labels.as_ref().and_then(|l| l.accept.get(h)),
                _ => None,
            };
            return match narrowed {
                Some(_) if data && self.lost => Judged::Hit { block: true, reason: format!("Not sent to '{label}': {LOST}.") },
                Some(accepts) => match uncleared(&held, accepts, true) {
                    Some(ls) if data => {
                        Judged::Hit { block: true, reason: format!("This session holds {ls}, which '{label}' is not cleared for (labels.accept).") }
                    }
                    _ => Judged::Unchanged,
                },
                None => Judged::Unchanged,
            };
        }
        if !data {
            return Judged::Unchanged;
        }
        if self.lost {
            return Judged::Hit { block: true, reason: format!("Not sent to '{label}': {LOST}.") };
        }
        let url = e.req.as_ref().and_then(|r| parse_url(&r.url));
        if let Dest::Host(host) = &e.dest {
            // Every grant that covers the event is tried (the policy's, then approved ones): the
            // first that lets it pass wins; none does, the first one's answer stands.
            let mut first = None;
            for active in self.grants.iter().filter(|a| a.grant.host == *host && grant_fits(a.grant, e.req.as_ref(), url.as_ref())) {
                match self.inside(active, e, url.as_ref(), &held) {
                    Judged::Pass => return Judged::Pass,
                    other => {
                        first.get_or_insert(other);
                    }
                }
            }
            if let Some(judged) = first {
                return judged;
            }
        }
        if held.contains(&UNTRUSTED) {
            return Judged::Hit {
                block: true,
                reason: format!("Untrusted content is in this session's context and no grant covers '{label}', so nothing is sent there."),
            };
        }
        if let Some(ls) = uncleared(&held, &[], false) {
            return Judged::Hit { block: true, reason: format!("This session holds {ls}, which '{label}' is not cleared for (no grant covers it).") };
        }
        self.offer(e, url.as_ref());
        Judged::Unchanged
    }

    /// A data-carrying event inside `a`'s host, method and path.
    fn inside(&self, a: &Active, e: &Event, url: Option<&Url>, held: &[&str]) -> Judged {
        let g = a.grant;
        let host = &g.host;
        let req = e.req.as_ref();
        if let Some(expires) = a.expires_ms
            && self.now_ms.is_none_or(|now| now >= expires)
        {
            let why = if self.now_ms.is_none() { "no clock was given to check it" } else { "it has expired" };
            self.offer(e, url);
            return Judged::Hit { block: false, reason: format!("The grant for '{host}' cannot be used: {why}.") };
        }
        if let Some(params) = &g.params {
            match query_names(req, url) {
                None => {
                    return Judged::Hit {
                        block: true,
                        reason: format!("The query parameters sent to '{host}' cannot be known, and its grant allows only {}.", list(params)),
                    };
                }
                Some(names) => {
                    let extra: Vec<String> = names.into_iter().filter(|n| !params.contains(n)).collect();
                    if !extra.is_empty() {
                        return Judged::Hit {
                            block: true,
                            reason: format!("Query parameters {} are not allowed by the grant for '{host}' (allowed: {}).", list(&extra), list(params)),
                        };
                    }
                }
            }
        }
        let Some(size) = self.size(req, url) else {
            self.offer(e, url);
            return Judged::Hit {
                block: false,
                reason: format!("The size of what is sent to '{host}' is not known, so it cannot be counted against its grant."),
            };
        };
        if let Some(cap) = g.max_request_bytes
            && size > cap
        {
            return Judged::Hit { block: true, reason: format!("Request of {size} bytes to '{host}' is over its grant's per-request cap of {cap} bytes.") };
        }
        let pending: u64 = self.pending.borrow().consumed.iter().filter(|(k, _)| *k == a.key).map(|(_, n)| n).sum();
        if let Some(budget) = g.bytes
            && a.used + pending + size > budget
        {
            self.offer(e, url);
            return Judged::Hit {
                block: false,
                reason: format!(
                    "Request of {size} bytes to '{host}' would exceed its grant's budget ({} of {budget} bytes used in this session).",
                    a.used + pending
                ),
            };
        }
        if let Some(ls) = uncleared(held, &g.labels, false) {
            self.offer(e, url);
            return Judged::Hit { block: false, reason: format!("This session holds {ls}, which the grant for '{host}' is not cleared for.") };
        }
        let method = req.map_or("*", |r| r.method.as_str());
        if held.contains(&UNTRUSTED) && method != "GET" && method != "HEAD" && !g.accepts_untrusted {
            self.offer(e, url);
            return Judged::Hit {
                block: false,
                reason: format!("A write to '{host}' after untrusted input, and its grant does not accept untrusted content."),
            };
        }
        self.pending.borrow_mut().consumed.push((a.key, size));
        Judged::Pass
    }

    /// Bytes sent: body, files the host sized, query string; `None` when any part is unknown.
    fn size(&self, req: Option<&Req>, url: Option<&Url>) -> Option<u64> {
        let req = req?;
        if req.body.unknown || req.query_from_data || dest::has_dyn(&req.url) {
            return None;
        }
        let mut n = req.body.bytes + url.and_then(Url::query).map_or(0, |q| q.len() as u64);
        for f in &req.body.files {
            n += *self.file_sizes?.get(f)?;
        }
        Some(n)
    }

    /// What an approval of this event would grant (kept if the call ends up asking).
    fn offer(&self, e: &Event, url: Option<&Url>) {
        let (Some(on), Dest::Host(host), Some(now)) = (self.policy.grants_on_approval, &e.dest, self.now_ms) else {
            return;
        };
        let method = e.req.as_ref().map_or_else(|| "*".to_string(), |r| r.method.clone());
        let path = url.map_or_else(
            || "/**".to_string(),
            |u| match u.path().rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/**"),
                None => "/**".to_string(),
            },
        );
        let offer = GrantOffer {
            host: host.clone(),
            path,
            methods: vec![method],
            bytes: on.bytes,
            expires_ms: Some(now.saturating_add(on.seconds.saturating_mul(1000))),
        };
        let mut p = self.pending.borrow_mut();
        if !p.offers.contains(&offer) && p.offers.len() < MAX_OFFERS {
            p.offers.push(offer);
        }
    }
}

/// At most this many grants one approval offers.
const MAX_OFFERS: usize = 8;

/// Whether an event sends data: an upload, or a request with a query string.
fn carries_data(e: &Event) -> bool {
    match e.kind {
        Kind::Upload => true,
        Kind::Request => e.req.as_ref().is_some_and(|r| r.query_from_data || parse_url(&r.url).is_some_and(|u| u.query().is_some_and(|q| !q.is_empty()))),
        Kind::Unknowable | Kind::Incomplete => false,
    }
}

/// The labels held that `accepts` does not clear (`untrusted` is judged on its own unless
/// `untrusted_too`), as `'a', 'b'`.
fn uncleared(held: &[&str], accepts: &[String], untrusted_too: bool) -> Option<String> {
    let out: Vec<String> = held.iter().filter(|l| (untrusted_too || **l != UNTRUSTED) && !accepts.iter().any(|a| a == *l)).map(|l| format!("'{l}'")).collect();
    (!out.is_empty()).then(|| format!("{} {}", if out.len() == 1 { "label" } else { "labels" }, out.join(", ")))
}

fn list(names: &[String]) -> String {
    if names.is_empty() { "none".into() } else { names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ") }
}

/// A URL as written, with `https://` when it names no scheme (curl's and httpie's reading).
pub fn parse_url(raw: &str) -> Option<Url> {
    let raw = raw.trim();
    Url::parse(raw).ok().filter(|u| u.has_host()).or_else(|| Url::parse(&format!("https://{raw}")).ok())
}

fn query_names(req: Option<&Req>, url: Option<&Url>) -> Option<Vec<String>> {
    let req = req?;
    if req.query_from_data || dest::has_dyn(&req.url) {
        return None;
    }
    let mut names: Vec<String> = url?.query_pairs().map(|(k, _)| k.into_owned()).collect();
    names.sort();
    names.dedup();
    Some(names)
}

/// Whether a request falls under a grant's methods and path (the host already matched). A
/// request whose method or path is not known fits only a grant that restricts neither.
pub fn grant_fits(g: &Grant, req: Option<&Req>, url: Option<&Url>) -> bool {
    if !g.methods.is_empty() && !g.methods.iter().any(|m| m == "*") && !req.is_some_and(|r| g.methods.contains(&r.method)) {
        return false;
    }
    match &g.path {
        None => true,
        Some(pattern) => url.is_some_and(|u| path_matches(pattern, u.path())),
    }
}

/// Segment pattern matching: `*` is exactly one segment, a trailing `**` any number (none
/// included); everything else matches a whole segment exactly. The URL parser has already
/// resolved `.` and `..`, so a pattern cannot be stretched to a sibling.
pub fn path_matches(pattern: &str, path: &str) -> bool {
    let segs = |s: &str| -> Vec<String> { s.split('/').filter(|x| !x.is_empty()).map(str::to_string).collect() };
    let p = segs(pattern);
    let a = segs(path);
    match p.split_last() {
        Some((last, head)) if last == "**" => a.len() >= head.len() && head.iter().zip(&a).all(|(x, y)| x == "*" || x == y),
        _ => p.len() == a.len() && p.iter().zip(&a).all(|(x, y)| x == "*" || x == y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_patterns_match_whole_segments() {
        assert!(path_matches("/repos/acme/notes/issues", "/repos/acme/notes/issues/"));
        assert!(!path_matches("/repos/acme/notes/issues", "/repos/acme/notes/issues/1"));
        assert!(path_matches("/repos/*/notes", "/repos/acme/notes"));
        assert!(!path_matches("/repos/*/notes", "/repos/a/b/notes"));
        assert!(path_matches("/uploads/**", "/uploads"));
        assert!(path_matches("/uploads/**", "/uploads/a/b"));
        assert!(!path_matches("/uploads/**", "/uploadsx/a"));
        let u = parse_url("https://h.example/repos/acme/notes/../../evil/notes").unwrap();
        assert_eq!(u.path(), "/repos/evil/notes");
        assert!(!path_matches("/repos/acme/notes", u.path()));
    }

    #[test]
    fn urls_without_scheme_read_as_curl_reads_them() {
        assert_eq!(parse_url("docs.example/search?q=a").unwrap().query(), Some("q=a"));
        assert_eq!(parse_url("http://h.example:8080/p").unwrap().path(), "/p");
    }
}
