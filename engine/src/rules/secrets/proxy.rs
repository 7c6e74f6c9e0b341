//! Proxy and web-server configs, which hold credentials in directives rather than assignments:
//! a request header set for the upstream (nginx `proxy_set_header X-Api-Key …;`, Caddy
//! `header_up Authorization "Bearer …"`, Apache `RequestHeader set Authorization "Basic …"`,
//! HAProxy `http-request set-header …`), HAProxy's `insecure-password` and `stats auth user:pass`,
//! and Squid's `cache_peer … login=user:pass`. A directive's words are parted by blanks, so no
//! assignment reader sees the value; the header's name says whether it is a credential, by the
//! rules the assignment reader uses for names.

use super::context::{accept, classify, is_ident, skip_blanks, skip_quote};
use super::validate::Class;
use super::{Scan, SecretMatch};

/// Directives whose next words are a request header's name and value.
pub const HEADER_DIRECTIVES: &[&str] = &["proxy_set_header", "grpc_set_header", "header_up", "requestheader", "set-header", "add-header"];

/// Directives whose value is a password, or `user:password` (after the user).
pub const PASSWORD_DIRECTIVES: &[&str] = &["insecure-password", "stats auth", "login="];

/// Apache's `RequestHeader` action before the header's name.
const ACTIONS: &[&str] = &["set", "append", "add", "merge", "setifempty"];

/// Authorization schemes written before the credential.
const SCHEMES: &[&str] = &["bearer", "basic", "token", "bot", "apikey", "digest", "ssws"];

/// The longest header name read.
const NAME_REACH: usize = 64;

/// A directive's word starting at `i` (after an optional quote): up to a blank, a quote, a `;`,
/// a `\` (an escaped line break) or the line's end. Its span.
fn word(b: &[u8], i: usize) -> (usize, usize, Option<u8>) {
    let (s, quote) = skip_quote(b, i);
    let e = s + b[s..].iter().take(1024).take_while(|&&c| !c.is_ascii_whitespace() && !matches!(c, b'"' | b'\'' | b'`' | b';' | b'\\')).count();
    (s, e, quote)
}

/// Whether the keyword at `hs` starts a word (a directive, not part of a longer name).
fn starts_word(b: &[u8], hs: usize) -> bool {
    hs == 0 || !is_ident(b[hs - 1])
}

/// A header directive's value, when its header names a credential.
pub fn header_directive(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        if !starts_word(b, hs) || !b.get(he).is_some_and(|&c| c == b' ' || c == b'\t') {
            continue;
        }
        let mut i = skip_blanks(b, he);
        let (s, e, _) = word(b, i);
        if ACTIONS.iter().any(|a| a.as_bytes().eq_ignore_ascii_case(&b[s..e])) {
            i = skip_blanks(b, e);
        }
        let (ns, ne, quote) = word(b, i);
        if ne == ns || ne - ns > NAME_REACH || !scan.spend(ne - hs) {
            continue;
        }
        let name = &b[ns..ne];
        let authorization = name.eq_ignore_ascii_case(b"authorization") || name.eq_ignore_ascii_case(b"proxy-authorization");
        let class = if authorization {
            Class::Token
        } else {
            match classify(name) {
                Some((class, _)) => class,
                None => continue,
            }
        };
        // Past the name's closing quote and the blanks (at least one) before the value.
        let after = ne + usize::from(quote.is_some() && b.get(ne) == quote.as_ref());
        let vi = skip_blanks(b, after);
        if vi == after {
            continue;
        }
        let (mut vs, mut ve, vq) = word(b, vi);
        if SCHEMES.iter().any(|w| w.as_bytes().eq_ignore_ascii_case(&b[vs..ve])) && b.get(ve) == Some(&b' ') {
            (vs, ve, _) = word(b, skip_blanks(b, ve));
        }
        let v = &scan.text[vs..ve];
        if vs < ve && accept(v, v, class, vq.is_some()) {
            out.push(SecretMatch::new(vs, ve, if authorization { "authorization-header" } else { "api-key" }));
        }
    }
}

/// The password of a server directive: HAProxy's `insecure-password PASS`, `stats auth
/// USER:PASS`, Squid's `login=USER:PASS`.
pub fn password_directive(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        if !starts_word(b, hs) {
            continue;
        }
        let pair = b[hs..he].eq_ignore_ascii_case(b"stats auth") || b[hs..he].eq_ignore_ascii_case(b"login=");
        let (mut vs, ve, _) = word(b, skip_blanks(b, he));
        if !scan.spend(ve - hs) {
            return;
        }
        if pair {
            match b[vs..ve].iter().position(|&c| c == b':') {
                Some(k) => vs += k + 1,
                None => continue,
            }
        }
        let v = &scan.text[vs..ve];
        if vs < ve && accept(v, v, Class::Password, false) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}
