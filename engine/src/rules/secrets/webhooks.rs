//! Incoming-webhook URLs whose path is the credential: whoever holds
//! `https://chat.corp.example/hooks/<token>` (Mattermost), a Sumo Logic HTTP source's
//! `…/receiver/v1/http/<token>` (its token may hold `/` and `+`), `…/hooks/<id>/<token>` (Rocket.Chat),
//! `https://hooks.zapier.com/hooks/catch/<account>/<hook>/` (Zapier) or `…/webhook(s)/<token>` can
//! post as the integration. Providers with a token prefix of their own (Slack, Discord, Teams)
//! have their own detectors; this reads the generic path form, in a URL only.

use super::context::accept;
use super::validate::Class;
use super::{Scan, SecretMatch};

/// Path markers after which the segments are the hook's credential (matched ASCII case-insensitively).
pub const KEYWORDS: &[&str] = &["/hooks/", "/webhook/", "/webhooks/", "/receiver/v1/http/"];

/// How far back the URL's `://` is looked for, and the longest path read after a marker.
const URL_REACH: usize = 256;
const PATH_REACH: usize = 512;

/// Whether `c` ends a URL's path segment.
fn segment_end(c: u8) -> bool {
    matches!(c, b'/' | b'?' | b'#' | b'"' | b'\'' | b'`' | b'\\' | b'<' | b'>' | b')' | b']' | b',' | b';') || c.is_ascii_whitespace()
}

pub fn find(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        // In a URL: `scheme://host…` runs unbroken up to the marker.
        let from = hs.saturating_sub(URL_REACH);
        if !scan.spend(hs - from + PATH_REACH) {
            return;
        }
        let Some(scheme) = memchr::memmem::rfind(&b[from..hs], b"://").map(|k| from + k) else { continue };
        if b[scheme..hs].iter().any(|&c| c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'`' | b'\\' | b'<' | b'>')) {
            continue;
        }
        let mut i = he;
        // Zapier's `catch/<account>/<hook>`: two short segments, neither random-looking alone.
        let zapier = b[he..].starts_with(b"catch/");
        if zapier {
            i += 6;
        }
        let stop = (he + PATH_REACH).min(b.len());
        let mut segments = Vec::new();
        while i < stop && segments.len() < 3 {
            let e = i + b[i..stop].iter().position(|&c| segment_end(c)).unwrap_or(stop - i);
            if e > i {
                segments.push((i, e));
            }
            if b.get(e) != Some(&b'/') {
                break;
            }
            i = e + 1;
        }
        if zapier {
            let alnum = |&(s, e): &(usize, usize)| e - s >= 5 && b[s..e].iter().all(u8::is_ascii_alphanumeric);
            if segments.len() >= 2 && segments[..2].iter().all(alnum) && b[segments[0].0..segments[0].1].iter().all(u8::is_ascii_digit) {
                out.extend(segments[..2].iter().map(|&(s, e)| SecretMatch::new(s, e, "webhook-token")));
            }
            continue;
        }
        for (s, e) in segments {
            let v = &scan.text[s..e];
            if v.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'+' | b'=')) && accept(v, v, Class::Token, true) {
                out.push(SecretMatch::new(s, e, "webhook-token"));
            }
        }
    }
}
