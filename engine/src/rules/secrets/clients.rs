//! SDK clients whose documented signature takes credentials by position: no name stands beside
//! the value, so the assignment reader cannot see it; the argument's place names it.
//! `pytumblr.TumblrRestClient(consumer_key, consumer_secret, oauth_token, oauth_secret)`,
//! tweepy's `OAuth1UserHandler(consumer_key, consumer_secret, access_token,
//! access_token_secret)` (`OAuthHandler` before 4.0) and `tweepy.Client(bearer_token,
//! consumer_key, consumer_secret, access_token, access_token_secret)`, MinIO's
//! `Minio(endpoint, access_key, secret_key)`. Only string literals are read (a variable is no
//! value), and a keyword argument ends the positional ones.

use super::context::accept;
use super::validate::Class;
use super::{Scan, SecretMatch};

/// Each constructor (its name and the `(`), and the places of its secret arguments (0-based).
const CLIENTS: &[(&str, &[usize])] = &[
    ("TumblrRestClient(", &[1, 2, 3]),
    ("OAuth1UserHandler(", &[1, 2, 3]),
    ("OAuthHandler(", &[1, 2, 3]),
    ("tweepy.Client(", &[0, 2, 3, 4]),
    ("Minio(", &[2]),
];

/// The constructors' names, the detector's keywords (matched exactly).
pub const KEYWORDS: &[&str] = &["TumblrRestClient(", "OAuth1UserHandler(", "OAuthHandler(", "tweepy.Client(", "Minio("];

/// Longest argument list read.
const CALL_REACH: usize = 2048;

pub fn find(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        let Some(&(_, secret_places)) = CLIENTS.iter().find(|(name, _)| name.as_bytes() == &b[hs..he]) else { continue };
        // The whole name: `MyOAuthHandler(` is another function.
        if hs > 0 && (b[hs - 1].is_ascii_alphanumeric() || b[hs - 1] == b'_') {
            continue;
        }
        let stop = (he + CALL_REACH).min(b.len());
        if !scan.spend(stop - he) {
            return;
        }
        for (place, (s, e)) in literal_arguments(b, he, stop).into_iter().enumerate() {
            if s < e && secret_places.contains(&place) && accept(&scan.text[s..e], &scan.text[s..e], Class::Token, true) {
                out.push(SecretMatch::new(s, e, "secret"));
            }
        }
    }
}

/// The positional arguments of the call whose list starts at `from` (after its `(`), up to the
/// first keyword argument or the `)`: a string literal's content range, or an empty range for
/// any other argument.
fn literal_arguments(b: &[u8], from: usize, stop: usize) -> Vec<(usize, usize)> {
    let mut args = Vec::new();
    let mut k = from;
    loop {
        while k < stop && b[k].is_ascii_whitespace() {
            k += 1;
        }
        if k >= stop || b[k] == b')' {
            return args;
        }
        if matches!(b[k], b'"' | b'\'') {
            let q = b[k];
            let s = k + 1;
            let Some(len) = b[s..stop].iter().position(|&c| c == q || c == b'\\' || c == b'\n') else { return args };
            if b[s + len] != q {
                return args;
            }
            args.push((s, s + len));
            k = s + len + 1;
        } else {
            // Any other expression, to its top-level `,` or `)`; `name=` is a keyword argument.
            let mut depth = 0usize;
            let s = k;
            while k < stop && !(depth == 0 && matches!(b[k], b',' | b')')) {
                match b[k] {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                    b'=' if depth == 0 && b.get(k + 1) != Some(&b'=') => return args,
                    _ => {}
                }
                k += 1;
            }
            args.push((s, s));
        }
        while k < stop && b[k].is_ascii_whitespace() {
            k += 1;
        }
        match b.get(k) {
            Some(b',') => k += 1,
            _ => return args,
        }
    }
}
