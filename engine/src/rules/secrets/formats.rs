//! Files and messages that hold a credential by their format rather than by a name the generic
//! assignment rule knows: `.netrc` (`machine … login … password …`), `.pgpass`
//! (`host:port:db:user:password`), `redis.conf` (`requirepass`, `masterauth`), PuTTY `.ppk`
//! private lines, session cookies in `Cookie:` / `Set-Cookie:` headers and `curl -b`, and the
//! password argument of credential constructors in code (`NetworkCredential("u", "p")`), and the
//! `result` of a Terraform `random_password` in state or plan output, and SQL that sets a
//! password (`IDENTIFIED BY`, `PASSWORD '…'` in `CREATE`/`ALTER USER|ROLE|LOGIN`, `SET PASSWORD`).
//! Each reads around its keyword hits only; the table test in `detectors` checks their examples.

use super::context::{accept, classify, pem_break, provider_shaped, skip_blanks, skip_quote, value_at};
use super::validate::{self, Class};
use super::{Scan, SecretMatch};

/// Not inside a longer word; a JSON escape's letter (`\nrequirepass`) is no part of one.
fn whole_word(b: &[u8], s: usize, e: usize) -> bool {
    super::left_ok(b, s) && (e == b.len() || !b[e].is_ascii_alphanumeric() && b[e] != b'_')
}

/// `.netrc`: the token after `password` in an entry whose token two before it is `login`,
/// `machine` or `account` (`machine h login u password p`, also over lines); tokens are
/// separated by blanks or newlines, never `=` or `:`.
pub fn netrc(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        if !whole_word(b, hs, he) || !b.get(he).is_some_and(|&c| c == b' ' || c == b'\t') {
            continue;
        }
        let (before, _) = token_before(b, token_before(b, hs).0);
        let (vi, quote) = skip_quote(b, skip_blanks(b, he));
        let (vs, ve, raw_end) = value_at(scan.text, vi, quote);
        if !scan.spend(raw_end - before) {
            return;
        }
        if !matches!(token_before(b, token_before(b, hs).0).1, b"login" | b"machine" | b"account") {
            continue;
        }
        if accept(&scan.text[vs..ve], &scan.text[vs..raw_end], Class::Password, quote.is_some()) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// Where the line holding `i` starts and ends: at real newlines, and in escaped text at a `\n`
/// escape or the string's quote.
fn line_bounds(b: &[u8], i: usize) -> (usize, usize) {
    let mut s = i;
    while s > 0 && !matches!(b[s - 1], b'\n' | b'"') && !(s >= 2 && b[s - 2] == b'\\' && matches!(b[s - 1], b'n' | b'r')) {
        s -= 1;
    }
    let e = i + b[i..].iter().position(|&c| matches!(c, b'\n' | b'\r' | b'"' | b'\\')).unwrap_or(b.len() - i);
    (s, e)
}

/// The token ending before `end` (blanks and line breaks, real or JSON-escaped, skipped): its
/// start, and its bytes.
fn token_before(b: &[u8], end: usize) -> (usize, &[u8]) {
    let mut e = end;
    loop {
        if e > 0 && b[e - 1].is_ascii_whitespace() {
            e -= 1;
        } else if super::escaped_blank_before(b, e) {
            e -= 2;
        } else {
            break;
        }
    }
    let s = e - b[..e].iter().rev().take_while(|c| !c.is_ascii_whitespace() && **c != b'\\').count();
    (s, &b[s..e])
}

/// `.pgpass`: `hostname:port:database:username:password`, the port a number or `*`. Read from
/// the end of the line (only the password's colons are escaped, `\:`), so a prefix before the
/// host (a log's timestamp) does not matter.
pub fn pgpass(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, _) in hits {
        if hs < done {
            continue;
        }
        let (ls, le) = line_bounds(b, hs);
        done = le;
        if !scan.spend(le - ls) {
            return;
        }
        let line = &scan.text[ls..le];
        if line.trim_start().starts_with('#') {
            continue;
        }
        let lb = line.as_bytes();
        let colons: Vec<usize> = (0..lb.len()).filter(|&i| lb[i] == b':' && (i == 0 || lb[i - 1] != b'\\')).collect();
        let [.., c1, c2, c3, c4] = colons[..] else { continue };
        let host = line[..c1].rsplit(char::is_whitespace).next().unwrap_or("");
        let port = &line[c1 + 1..c2];
        let fields_ok = [&line[c2 + 1..c3], &line[c3 + 1..c4]].iter().all(|f| !f.is_empty() && !f.contains(char::is_whitespace));
        if host.is_empty() || !(port == "*" || !port.is_empty() && port.bytes().all(|c| c.is_ascii_digit())) || !fields_ok {
            continue;
        }
        let value = line[c4 + 1..].trim_end();
        if accept(value, value, Class::Password, true) {
            out.push(SecretMatch::new(ls + c4 + 1, ls + c4 + 1 + value.len(), "password"));
        }
    }
}

/// `requirepass`, `masterauth`, `masterpass`, sentinel's `auth-pass <master>`: the word after
/// (quoted or not), on a line that is not a comment.
pub fn redis(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        if !whole_word(b, hs, he) {
            continue;
        }
        let (ls, le) = line_bounds(b, hs);
        if !scan.spend(le - ls) {
            return;
        }
        if b[ls..hs].trim_ascii_start().starts_with(b"#") {
            continue;
        }
        let mut i = skip_blanks(b, he);
        if i == he {
            continue;
        }
        // `sentinel auth-pass <master-name> <password>`
        if b[hs..he].eq_ignore_ascii_case(b"auth-pass") {
            let name = b[i..].iter().take_while(|c| !c.is_ascii_whitespace()).count();
            i = skip_blanks(b, i + name);
        }
        let (vi, quote) = skip_quote(b, i);
        let (vs, ve, raw_end) = value_at(scan.text, vi, quote);
        if accept(&scan.text[vs..ve], &scan.text[vs..raw_end], Class::Password, quote.is_some()) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// Redis ACL rules that set a user's password: an ACL file's and `ACL LIST`'s `user <name> …`,
/// `ACL SETUSER <name> …` (Redis 6's manual).
pub const REDIS_ACL_KEYWORDS: &[&str] = &["user ", "setuser "];

/// Longest ACL rule line read.
const ACL_LINE: usize = 1024;

/// The words of an ACL rule besides its selectors and passwords (`~pattern`, `%R~…`, `&channel`,
/// `+@category`, `-command`, `>password`, `<password`, `#hash`, `!hash`, `(selector)`).
const ACL_WORDS: &[&str] = &[
    "on", "off", "nopass", "resetpass", "reset", "allkeys", "allchannels", "allcommands", "nocommands", "resetkeys", "resetchannels",
    "sanitize-payload", "skip-sanitize-payload", "clearselectors",
];

/// A Redis ACL rule's `>password` (quoted or not): after `user` / `SETUSER` and the user's name,
/// every word up to the password an ACL rule's word, and at least one `on` / `off` or a key,
/// channel or command rule among them, so that prose with a `>` is not read.
pub fn redis_acl(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut found = Vec::new();
    for &(hs, he) in hits {
        if hs > 0 && (b[hs - 1].is_ascii_alphanumeric() || matches!(b[hs - 1], b'_' | b'-' | b'.' | b'/')) {
            continue;
        }
        let to = (he + ACL_LINE).min(b.len());
        let end = memchr::memchr2(b'\n', b'\r', &b[he..to]).map_or(to, |k| he + k);
        if !scan.spend(end - he) {
            return;
        }
        // The line's words, read one at a time: "user" is common in prose and logs, and most
        // such lines stop being ACL rules at their second word.
        let mut i = he;
        let mut words = std::iter::from_fn(|| {
            i += b[i..end].iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
            if i >= end {
                return None;
            }
            let ws = i;
            let quote = matches!(b[i], b'\'' | b'"').then_some(b[i]);
            i = match quote {
                Some(q) => b[i + 1..end].iter().position(|&c| c == q).map_or(end, |k| i + 1 + k + 1),
                None => i + b[i..end].iter().take_while(|c| !matches!(c, b' ' | b'\t')).count(),
            };
            Some((ws, i, quote))
        });
        // The user's name, then its rules.
        words.next();
        let mut rules = false;
        found.clear();
        for (ws, we, quote) in words {
            let (s, e) = match quote {
                Some(q) if we > ws + 1 && b[we - 1] == q => (ws + 1, we - 1),
                Some(_) => (ws + 1, we),
                None => (ws, we),
            };
            let w = &b[s..e];
            let Some(&first) = w.first() else { break };
            if first == b'>' {
                // An unquoted last word keeps the quote closing the whole rule (`1) "user … >pw"`).
                let ve = s + 1 + w[1..].iter().take_while(|&&c| !(quote.is_none() && matches!(c, b'"' | b'\\'))).count();
                let v = &scan.text[s + 1..ve];
                if accept(v, v, Class::Password, quote.is_some()) {
                    found.push(SecretMatch::new(s + 1, ve, "password"));
                }
            } else if matches!(first, b'~' | b'%' | b'&' | b'+' | b'-' | b'<' | b'#' | b'!' | b'(') {
                rules |= matches!(first, b'~' | b'%' | b'&' | b'+');
            } else if ACL_WORDS.iter().any(|a| w.eq_ignore_ascii_case(a.as_bytes()) || w.strip_suffix(b"\"").is_some_and(|w| w.eq_ignore_ascii_case(a.as_bytes()))) {
                rules |= w.eq_ignore_ascii_case(b"on") || w.eq_ignore_ascii_case(b"off");
            } else {
                break;
            }
        }
        if rules {
            out.append(&mut found);
        }
    }
}

/// Jenkins script console's printing of stored credentials: a `println` whose last operand is a
/// credential's secret (`it.password.plainText`, `getPlainText()`, `it.secret.plainText`).
pub const JENKINS_PLAINTEXT_KEYWORDS: &[&str] = &[".plainText", ".getPlainText()"];

/// How far after the script the console's `Result` may stand, and most result lines read.
const CONSOLE_REACH: usize = 1024;
const RESULT_LINES: usize = 64;

/// The Jenkins script console run over the credential store (`CredentialsProvider.lookupCredentials
/// (…).each { println(it.id + ' ' + it.username + ' ' + it.password.plainText) }`, then `Result`):
/// the last word of each result line that has as many words as the `println` has operands (a
/// pandas frame's row number before them allowed). Only when the secret is the last operand.
pub fn jenkins_plaintext(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        let (ls, le) = line_bounds(b, hs);
        if !scan.spend(le - ls) {
            return;
        }
        let Some(p) = memchr::memmem::rfind(&b[ls..hs], b"println(").map(|k| ls + k + 8) else { continue };
        let after = if b[he..].starts_with(b"()") { he + 2 } else { he };
        if b.get(skip_space(b, after)) != Some(&b')') {
            continue;
        }
        let operands = b[p..hs].split(|&c| c == b'+').filter(|o| !matches!(o.trim_ascii().first(), Some(b'\'' | b'"'))).count();
        let to = (le + CONSOLE_REACH).min(b.len());
        if !scan.spend(to - le) {
            return;
        }
        // The console's `Result` line (alone, after a row number at most).
        let mut i = le + 1;
        let mut result = None;
        while i < to {
            let (s, e) = line_bounds(b, i);
            let words: Vec<&[u8]> = b[s..e].split(u8::is_ascii_whitespace).filter(|w| !w.is_empty()).collect();
            if matches!(words.as_slice(), [w] | [_, w] if *w == b"Result" || *w == b"Result:") && (words.len() == 1 || words[0].iter().all(u8::is_ascii_digit)) {
                result = Some(e);
                break;
            }
            i = e + if b.get(e) == Some(&b'\\') { 2 } else { 1 };
        }
        let Some(mut end) = result else { continue };
        for _ in 0..RESULT_LINES {
            let i = end + if b.get(end) == Some(&b'\\') { 2 } else { 1 };
            if i >= b.len() {
                break;
            }
            let (s, e) = line_bounds(b, i);
            end = e;
            if !scan.spend(e - s) {
                return;
            }
            let mut words: Vec<(usize, usize)> = Vec::new();
            let mut k = s;
            while k < e {
                let ws = k + b[k..e].iter().take_while(|c| c.is_ascii_whitespace()).count();
                let we = ws + b[ws..e].iter().take_while(|c| !c.is_ascii_whitespace()).count();
                if we > ws {
                    words.push((ws, we));
                }
                k = we;
            }
            if words.len() == operands + 1 && b[words[0].0..words[0].1].iter().all(u8::is_ascii_digit) {
                words.remove(0);
            }
            if words.len() != operands || operands == 0 {
                break;
            }
            let (vs, ve) = words[operands - 1];
            let v = &scan.text[vs..ve];
            // A secret the console printed still encrypted (`{AQAAABAAAAAQ…}`) is none.
            if !(v.starts_with('{') && v.ends_with('}')) && accept(v, v, Class::Password, true) {
                out.push(SecretMatch::new(vs, ve, "password"));
            }
        }
    }
}

/// Pulumi's secret signature: an object holding this key is a secret, its `plaintext` the value
/// once `pulumi stack export --show-secrets` decrypts it.
const PULUMI_SECRET_SIG: &[u8] = b"4dabf18193072939515e22adb298388d";

/// How far before `plaintext` the signature may stand.
const SIG_REACH: usize = 256;

/// `pulumi stack export --show-secrets`: `{"4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
/// "plaintext": "\"…\""}`, the value JSON-encoded inside the string (JSON-escaped once more in a
/// notebook's output): the value, when the signature opens its object.
pub fn pulumi_plaintext(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        let Some(from) = scan.look_back(hs, SIG_REACH) else { return };
        let Some(sig) = memchr::memmem::rfind(&b[from..hs], PULUMI_SECRET_SIG).map(|k| from + k) else { continue };
        if b[sig..hs].iter().any(|&c| matches!(c, b'{' | b'}')) {
            continue;
        }
        let lead = b[he..].iter().take(16).take_while(|c| matches!(c, b'"' | b'\\' | b':' | b' ')).count();
        if !b[he..he + lead].contains(&b':') || !b[he..he + lead].ends_with(b"\"") {
            continue;
        }
        let vs = he + lead;
        let ve = vs + b[vs..(vs + 512).min(b.len())].iter().take_while(|&&c| !matches!(c, b'"' | b'\\' | b'\n')).count();
        let v = &scan.text[vs..ve];
        if accept(v, v, Class::Password, true) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// Names of a YAML section whose entries are credentials named for what they are for.
const CREDENTIAL_SECTIONS: &[&[u8]] = &[b"keys", b"secrets", b"tokens", b"credentials", b"api_keys", b"apikeys", b"api_tokens", b"access_tokens"];

/// Names of an entry that says what the entry is about rather than being a credential's own name.
const NOT_CREDENTIAL_ENTRIES: &[&str] = &["id", "fingerprint", "hash", "digest", "sha", "md5", "name", "type", "path", "url", "file", "version", "kid", "alg"];

/// Most entries of a section read, and most bytes of a line.
const SECTION_ENTRIES: usize = 32;
const SECTION_LINE: usize = 512;

/// A YAML section of credentials named by what they are for (LiveKit's `keys:` of
/// `<api key>: <secret>`, a `secrets:` or `tokens:` map of `github: …`, `prod: …`): the section's
/// name is the credential's, each entry's key only says which. The entries below the section's
/// line, indented deeper (after any diff or log prefix the section line has too), whose value is
/// one token of a generated shape ([`super::validate::positional_token`]).
pub fn credential_section(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    // The length of a line break at `i`, real or JSON-escaped (`\n` inside a string).
    let brk = |i: usize| -> usize {
        let rest = b.get(i..).unwrap_or_default();
        [&b"\n"[..], b"\r\n", b"\\n", b"\\r\\n"].into_iter().find(|s| rest.starts_with(s)).map_or(0, <[u8]>::len)
    };
    for &(hs, he) in hits {
        // The whole key, its colon ending the line.
        let mut ks = hs;
        while ks > 0 && (b[ks - 1].is_ascii_alphanumeric() || b[ks - 1] == b'_') && !super::escaped_blank_before(b, ks) {
            ks -= 1;
        }
        if !CREDENTIAL_SECTIONS.iter().any(|n| b[ks..he - 1].eq_ignore_ascii_case(n)) {
            continue;
        }
        let after = skip_blanks(b, he);
        if brk(after) == 0 {
            continue;
        }
        let ls = line_bounds(b, ks).0;
        let prefix = &b[ls..ks];
        if prefix.len() > 64 || !prefix.iter().all(|c| matches!(c, b' ' | b'\t' | b'+' | b'-' | b'|' | b'>' | b'#')) {
            continue;
        }
        let mut at = after + brk(after);
        for _ in 0..SECTION_ENTRIES {
            let limit = b.len().min(at + SECTION_LINE);
            let le = (at..limit).find(|&i| brk(i) > 0).unwrap_or(limit);
            if at >= b.len() || !scan.spend(le - at) {
                break;
            }
            let line = &b[at..le];
            // Deeper than the section: its prefix, then more blanks.
            let Some(rest) = line.strip_prefix(prefix.trim_ascii_end()) else { break };
            let indent = rest.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
            let next = le + brk(le).max(1);
            if rest.trim_ascii().is_empty() {
                at = next;
                continue;
            }
            if line.len() - rest.len() + indent <= prefix.len() {
                break;
            }
            let es = at + line.len() - rest.len() + indent;
            let name_len = b[es..le].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')).count();
            let colon = es + name_len;
            if name_len > 0 && name_len <= 64 && b.get(colon) == Some(&b':') && b.get(colon + 1).is_some_and(|&c| c == b' ') {
                let name = scan.text[es..colon].to_ascii_lowercase();
                let (vi, quote) = skip_quote(b, skip_blanks(b, colon + 1));
                let ve = vi + b[vi..le].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'+' | b'/' | b'=')).count();
                let closed = match quote {
                    Some(q) => b.get(ve) == Some(&q),
                    None => b[ve..le].trim_ascii().is_empty(),
                };
                if closed && !NOT_CREDENTIAL_ENTRIES.iter().any(|n| name.split(['_', '-', '.']).any(|w| w == *n)) && super::validate::positional_token(&scan.text[vi..ve]) {
                    out.push(SecretMatch::new(vi, ve, "secret"));
                }
            }
            at = next;
        }
    }
}

/// How far after `random_password` its `result` may stand (the resource's other attributes).
const TERRAFORM_REACH: usize = 1024;

/// Terraform's `random_password` keeps the password it generated in the attribute `result`, in
/// state (`"result": "…"`, also JSON-escaped inside a string) and in `terraform show` (`result = "…"`);
/// no generic rule reads `result` as a credential name, nor should it.
pub fn terraform_result(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done_until = 0;
    for &(_, he) in hits {
        let end = (he + TERRAFORM_REACH).min(b.len());
        if he < done_until || !scan.spend(end - he) {
            continue;
        }
        done_until = end;
        let Some(k) = b[he..end].windows(6).position(|w| w == b"result") else { continue };
        let (mut i, _) = skip_quote(b, he + k + 6);
        i = skip_blanks(b, i);
        if !matches!(b.get(i), Some(b':' | b'=')) {
            continue;
        }
        let (vi, quote) = skip_quote(b, skip_blanks(b, i + 1));
        let (vs, ve, raw_end) = value_at(scan.text, vi, quote);
        if quote.is_some() && accept(&scan.text[vs..ve], &scan.text[vs..raw_end], Class::Password, true) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// PuTTY `.ppk`: the `Private-Lines: N` lines after the header, as one span.
pub fn putty(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(_, he) in hits {
        let i = skip_blanks(b, he);
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        let Ok(n) = scan.text[i..i + digits].parse::<usize>() else { continue };
        let (mut at, mut first, mut last) = (i + digits, None, 0);
        for _ in 0..n.min(4096) {
            let Some(j) = pem_break(b, at) else { break };
            let run = b[j..].iter().take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'=')).count();
            if run == 0 {
                break;
            }
            first.get_or_insert(j);
            (at, last) = (j + run, j + run);
        }
        if !scan.spend(at - he) {
            return;
        }
        if let Some(s) = first.filter(|&s| last - s >= 16) {
            out.push(SecretMatch::new(s, last, "private-key"));
        }
    }
}

/// Cookie names that carry a session or a login (lower case, matched as parts of the name).
const SESSION_PARTS: &[&str] = &["sess", "sid", "token", "auth", "remember", "jwt", "login", "sso", "identity", "secret", "ticket", "credential"];

/// Shortest cookie value taken for a session (shorter ones are flags and ids).
const SHORTEST_COOKIE: usize = 16;

/// `Cookie: a=1; session=…`, `Set-Cookie: session=…; Path=/`, `curl -b 'session=…'`: the values of
/// cookies whose name says session or login.
pub fn cookies(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        let kw = &b[hs..he];
        let set = kw.len() > 10 && kw[..4].eq_ignore_ascii_case(b"set-");
        let mut i = skip_blanks(b, he);
        if kw.starts_with(b"-") {
            // curl's `-b` / `--cookie`: its value must hold a `name=value`.
            i = skip_quote(b, i).0;
        }
        let end = b[i..].iter().position(|&c| matches!(c, b'\n' | b'\r' | b'"' | b'\'' | b'\\')).map_or(b.len(), |p| i + p);
        if !scan.spend(end - hs) {
            return;
        }
        let mut at = i;
        while at < end {
            let pair_end = memchr::memchr(b';', &b[at..end]).map_or(end, |p| at + p);
            let pair = &scan.text[at..pair_end];
            if let Some(eq) = pair.find('=') {
                let name = pair[..eq].trim().to_ascii_lowercase();
                let vs = at + eq + 1;
                let value = pair[eq + 1..].trim_end();
                let session = SESSION_PARTS.iter().any(|p| name.contains(p));
                if session && value.len() >= SHORTEST_COOKIE && accept(value, value, Class::Token, true) {
                    out.push(SecretMatch::new(vs, vs + value.len(), "session-cookie"));
                }
            }
            // A `Set-Cookie` header sets one cookie; the rest are its attributes.
            if set {
                break;
            }
            at = pair_end + 1;
            while at < end && b[at] == b' ' {
                at += 1;
            }
        }
    }
}

/// Credential constructors and login calls, and which of their string arguments is the password.
const CREDENTIAL_CALLS: &[(&str, usize)] = &[
    ("NetworkCredential(", 1),
    ("HTTPBasicAuth(", 1),
    ("HTTPDigestAuth(", 1),
    ("HTTPProxyAuth(", 1),
    ("BasicAuth(", 1),
    ("SetBasicAuth(", 1),
    ("basic_auth(", 1),
    ("UsernamePasswordCredentials(", 1),
    ("PasswordAuthentication(", 1),
    ("UsernamePasswordAuthenticationToken(", 1),
    // Couchbase's and Cassandra's drivers: `PasswordAuthenticator("app", "…")`.
    ("PasswordAuthenticator(", 1),
    ("PlainTextAuthProvider(", 1),
    ("DirectoryEntry(", 2),
    // sbt's `Credentials(realm, host, user, password)`.
    ("Credentials(", 3),
    ("auth=(", 1),
    ("auth = (", 1),
    (".login(", 1),
    // PHP's manual: `new PDO($dsn, $username, $password)`, `mysqli_connect($host, $user, $pass)`.
    ("PDO(", 2),
    ("mysqli_connect(", 2),
    ("mysqli(", 2),
    // An SDK's client built from, or a bot run with, its one token (`messagebird.Client('…')`,
    // discord.py's `bot.run("…")`): the sole argument, when it is a token-shaped literal.
    ("Client(", SOLE),
    (".run(", SOLE),
    // A password hashed where it is written down (seed and fixture code): Laravel's
    // `Hash::make('…')`, PHP's `password_hash('…', PASSWORD_DEFAULT)`, bcrypt.js's
    // `bcrypt.hash('…', 10)` / `hashSync`, Elixir's `Bcrypt.hash_pwd_salt("…")` (Argon2's and
    // Pbkdf2's too), Django's `make_password('…')`, Werkzeug's `generate_password_hash('…')`,
    // Ruby's `BCrypt::Password.create('…')`, Devise's `Devise::Encryptor.digest(User, '…')`.
    ("Hash::make(", 0),
    ("password_hash(", 0),
    ("bcrypt.hash(", 0),
    ("bcrypt.hashSync(", 0),
    ("hash_pwd_salt(", 0),
    ("make_password(", 0),
    ("generate_password_hash(", 0),
    ("Password.create(", 0),
    ("Encryptor.digest(", 1),
];

/// The argument index of a call that takes one token (see [`sole_token`]).
const SOLE: usize = usize::MAX;

/// Keywords of [`credential_call`] (a test checks them against the table).
pub const CALL_KEYWORDS: &[&str] = &[
    "NetworkCredential(", "HTTPBasicAuth(", "HTTPDigestAuth(", "HTTPProxyAuth(", "BasicAuth(", "SetBasicAuth(", "basic_auth(",
    "UsernamePasswordCredentials(", "PasswordAuthentication(", "UsernamePasswordAuthenticationToken(", "PasswordAuthenticator(",
    "PlainTextAuthProvider(", "DirectoryEntry(", "Credentials(",
    "auth=(", "auth = (", ".login(", "PDO(", "mysqli_connect(", "mysqli(", "Client(", ".run(",
    "Hash::make(", "password_hash(", "bcrypt.hash(", "bcrypt.hashSync(", "hash_pwd_salt(", "make_password(", "generate_password_hash(",
    "Password.create(", "Encryptor.digest(",
];

/// Most arguments read after a credential call's parenthesis.
const CALL_ARGS: usize = 4;

/// Longest name read as an argument before a credential call's password (`CLIENT_ID`, `cfg.user`).
const MAX_NAME_ARG: usize = 64;

/// `NetworkCredential("user", "secret")`, `requests.get(url, auth=("user", "secret"))`,
/// `smtp.login("me@example.com", "secret")`, `DirectoryEntry("LDAP://…", "user", "secret")`: the
/// password argument, when it is a string literal.
pub fn credential_call(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        let Some(&(_, index)) = CREDENTIAL_CALLS.iter().find(|(k, _)| k.as_bytes() == &b[hs..he]) else { continue };
        // discord.js logs in with the token alone: `client.login('…')`.
        if index == SOLE || &b[hs..he] == b".login(" {
            if let Some((vs, ve)) = sole_token(scan, he) {
                out.push(SecretMatch::new(vs, ve, "token"));
                continue;
            }
            if index == SOLE {
                continue;
            }
        }
        let mut i = he;
        for arg in 0..CALL_ARGS {
            i = skip_space(b, i);
            let (vi, quote) = skip_quote(b, i);
            // An argument before the password may be a name (`auth=(CLIENT_ID, "…")`).
            if quote.is_none() && arg < index {
                let name = b[i..].iter().take(MAX_NAME_ARG + 1).take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.')).count();
                if (1..=MAX_NAME_ARG).contains(&name) {
                    i = skip_space(b, i + name);
                    if b.get(i) != Some(&b',') {
                        break;
                    }
                    i += 1;
                    continue;
                }
            }
            let Some(q) = quote else { break };
            let Some(close) = memchr::memchr(q, &b[vi..]).map(|p| vi + p) else { break };
            if !scan.spend(close - i) {
                return;
            }
            // A JSON-escaped quote ends the literal at its backslash.
            let ve = if close > vi && b[close - 1] == b'\\' { close - 1 } else { close };
            if arg == index {
                let value = &scan.text[vi..ve];
                if !value.contains(char::is_whitespace) && accept(value, value, Class::Password, true) {
                    out.push(SecretMatch::new(vi, ve, "password"));
                }
                break;
            }
            i = skip_space(b, close + 1);
            if b.get(i) != Some(&b',') {
                break;
            }
            i += 1;
        }
    }
}

/// The one argument of a call opened at `i`, when it is a string literal shaped like a generated
/// token: 20 characters or more, all three of upper- and lowercase letters and digits (or 32
/// hex digits), and the gate of a value in a credential position. A name, a host, a command or
/// a path given to a client (`Client("billing-service-01")`, `subprocess.run("make")`) is none.
fn sole_token(scan: &Scan, i: usize) -> Option<(usize, usize)> {
    let b = scan.bytes;
    let (vi, quote) = skip_quote(b, skip_space(b, i));
    let close = vi + memchr::memchr(quote?, &b[vi..(vi + 512).min(b.len())])?;
    let ve = if close > vi && b[close - 1] == b'\\' { close - 1 } else { close };
    if !scan.spend(close - i) || b.get(skip_space(b, close + 1)) != Some(&b')') {
        return None;
    }
    let v = &scan.text[vi..ve];
    (v.len() >= 20 && validate::drawn_alphabet(v.as_bytes()) && !v.contains(char::is_whitespace) && accept(v, v, Class::Token, true)).then_some((vi, ve))
}

/// How far before `PASSWORD` its statement's `CREATE`/`ALTER USER|ROLE|LOGIN` may begin.
const SQL_REACH: usize = 256;

/// SQL that sets a password, by the grammar of the servers' manuals:
/// - MySQL, MariaDB, Oracle: `IDENTIFIED BY 'p'` (Oracle also unquoted, `IDENTIFIED BY p`), MySQL 8
///   `IDENTIFIED WITH <plugin> BY 'p'`; not `BY PASSWORD '<hash>'`, `BY VALUES`, `BY RANDOM PASSWORD`;
/// - PostgreSQL, SQL Server: `PASSWORD 'p'` / `PASSWORD = 'p'` inside a `CREATE` or `ALTER` of a
///   `USER`, `ROLE` or `LOGIN` (the same statement, no `;` between);
/// - MySQL `SET PASSWORD [FOR u] = 'p'` and `= PASSWORD('p')`.
///
/// Tokens may be separated by line breaks, real or JSON-escaped. A literal must be quoted but in
/// Oracle's form (then the statement must create or alter an account, so prose such as "identified
/// by their e-mail" is not read), and passes the same plausibility checks as any password value.
pub fn sql_password(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        if !whole_word(b, hs, he) {
            continue;
        }
        let identified = b[hs..he].eq_ignore_ascii_case(b"identified");
        let start = if identified {
            let mut i = sql_space(b, he);
            if let Some(j) = sql_word(b, i, b"with") {
                let plugin = b[j..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
                i = sql_space(b, j + plugin);
            }
            let Some(j) = sql_word(b, i, b"by") else { continue };
            if [&b"password"[..], b"values", b"random"].iter().any(|w| sql_word(b, j, w).is_some()) {
                continue;
            }
            j
        } else {
            let Some(i) = sql_assignment(scan, hs, he) else { continue };
            i
        };
        let (vi, quote) = skip_quote(b, start);
        // A string literal; unquoted only in Oracle's `IDENTIFIED BY p` (a backtick quotes a name).
        let literal = matches!(quote, Some(b'\'' | b'"'));
        if !(literal || quote.is_none() && identified && scan.spend(SQL_REACH) && account_statement(&statement_words(b, hs))) {
            continue;
        }
        let (vs, ve, raw_end) = value_at(scan.text, vi, quote);
        if ve > vs && accept(&scan.text[vs..ve], &scan.text[vs..raw_end], Class::Password, quote.is_some()) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// After a `PASSWORD` keyword at `hs..he`: where its literal starts, if the statement sets a
/// password (see [`sql_password`]).
fn sql_assignment(scan: &Scan, hs: usize, he: usize) -> Option<usize> {
    let b = scan.bytes;
    let mut i = sql_space(b, he);
    let before = b[..hs].trim_ascii_end();
    let set = before.len() >= 3 && before[before.len() - 3..].eq_ignore_ascii_case(b"set") && !before.len().checked_sub(4).is_some_and(|k| before[k].is_ascii_alphanumeric());
    if set {
        // `SET PASSWORD [FOR 'u'@'h'] = 'p'` or `= PASSWORD('p')`
        if !scan.spend(SQL_REACH) {
            return None;
        }
        let eq = b[i..(i + SQL_REACH).min(b.len())].iter().position(|&c| c == b'=' || c == b';')?;
        if b[i + eq] != b'=' {
            return None;
        }
        i = sql_space(b, i + eq + 1);
        if let Some(j) = sql_word(b, i, b"password") {
            i = sql_space(b, b.get(j).filter(|&&c| c == b'(').map(|_| j + 1)?);
        }
        return Some(i);
    }
    if b.get(i) == Some(&b'=') {
        i = sql_space(b, i + 1);
    }
    // The literal first (cheap), then the statement around it: `password` is a common word.
    (matches!(skip_quote(b, i).1, Some(b'\'' | b'"')) && scan.spend(SQL_REACH) && account_statement(&statement_words(b, hs))).then_some(i)
}

/// The words of the SQL statement before `hs` (back to a `;`, at most [`SQL_REACH`] bytes).
fn statement_words(b: &[u8], hs: usize) -> Vec<&[u8]> {
    let back = hs.saturating_sub(SQL_REACH);
    let statement = b[back..hs].iter().rposition(|&c| c == b';').map_or(back, |p| back + p + 1);
    b[statement..hs].split(|c| !c.is_ascii_alphanumeric() && *c != b'_').filter(|w| !w.is_empty()).collect()
}

/// Whether the words are a `CREATE` or `ALTER` of a `USER`, `ROLE` or `LOGIN`.
fn account_statement(words: &[&[u8]]) -> bool {
    let is = |w: &[u8], names: &[&[u8]]| names.iter().any(|n| w.eq_ignore_ascii_case(n));
    words.iter().position(|w| is(w, &[b"create", b"alter"])).is_some_and(|verb| words[verb + 1..].iter().any(|w| is(w, &[b"user", b"role", b"login"])))
}

/// `i` past blanks and line breaks, real or JSON-escaped (`\n`, `\r`, `\t`).
fn sql_space(b: &[u8], mut i: usize) -> usize {
    loop {
        if i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        } else if b.get(i) == Some(&b'\\') && matches!(b.get(i + 1), Some(b'n' | b'r' | b't')) {
            i += 2;
        } else {
            return i;
        }
    }
}

/// If the whole word `w` (any case) starts at `i`: the position after it and the space after that.
fn sql_word(b: &[u8], i: usize, w: &[u8]) -> Option<usize> {
    let end = i + w.len();
    (b.get(i..end)?.eq_ignore_ascii_case(w) && b.get(end).is_none_or(|c| !c.is_ascii_alphanumeric() && *c != b'_')).then(|| sql_space(b, end))
}

fn skip_space(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// Keywords of [`spaced_setting`].
pub const SPACED_KEYWORDS: &[&str] = &["password", "passwd", "passphrase", "secret", "shared_key", ": PSK ", ": EAP "];

/// Settings written `name value` with no `=` or `:`, as msmtp, fetchmail, mutt, vault's tables,
/// Fluentd's and Fluent Bit's forward outputs (`shared_key …`) and strongSwan's `ipsec.secrets`
/// (`: PSK "…"`) write them: the value after a name that names a
/// credential, when it is quoted (`password "…"`), or when it is the line's only other word in a
/// block of such lines (a neighbouring line is also `name value`, as `user ops@…` above
/// `password …` in an msmtprc).
pub fn spaced_setting(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let name_char = |c: &u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-');
    let mut name_end = 0;
    for &(hs, he) in hits {
        let psk = b[hs] == b':';
        // A command's option (`--password-stdin`) is the command-line table's to read, and a
        // keyword glued inside a word (`chpasswd`) starts no segment of a name.
        let glued = hs > 0 && b[hs - 1].is_ascii_alphanumeric() && !(b[hs - 1].is_ascii_lowercase() && b[hs].is_ascii_uppercase());
        if hs < name_end || !psk && hs > 0 && (b[hs - 1] == b'-' || glued) {
            continue;
        }
        // The whole name the keyword is part of (`smtp_pass`, `auth-password`), a credential's;
        // `pass` and `password` in one name are read once.
        let ns = hs - b[..hs].iter().rev().take(64).take_while(|c| name_char(c)).count();
        let ne = he + b[he..].iter().take(64).take_while(|c| name_char(c)).count();
        // The keyword's own bytes were read by the keyword pass.
        if !scan.spend((hs - ns) + (ne - he)) {
            return;
        }
        name_end = ne;
        // A blank after the name first: most names are followed by `=`, `:` or a quote, and
        // classifying them is the reader's main cost.
        if !psk && (!matches!(b.get(ne), Some(b' ' | b'\t')) || ne > he && !b[he..ne].eq_ignore_ascii_case(b"s") || classify(&b[ns..ne]).is_none()) {
            continue;
        }
        let gap = b[ne..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
        let (vi, quote) = skip_quote(b, ne + gap);
        let (vs, ve, raw_end) = value_at(scan.text, vi, quote);
        if !scan.spend(raw_end - ne) {
            return;
        }
        if !(psk || quote == Some(b'"')) {
            // Unquoted: the name starts its line and the value ends it (blanks apart), and a
            // neighbouring line is a setting too.
            let ls = ns - b[..ns].iter().rev().take(64).take_while(|&&c| c == b' ' || c == b'\t').count();
            let le = raw_end + b[raw_end..].iter().take(64).take_while(|&&c| c == b' ' || c == b'\t' || c == b'\r').count();
            let starts = ls == 0 || b[ls - 1] == b'\n' || ls >= 2 && &b[ls - 2..ls] == b"\\n";
            let ends = le == b.len() || b[le] == b'\n' || b[le..].starts_with(b"\\n");
            if !(starts && ends && scan.spend(512) && beside_a_setting(b, ls, le)) {
                continue;
            }
        }
        if accept(&scan.text[vs..ve], &scan.text[vs..raw_end], Class::Password, quote.is_some()) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// Whether the line before or after `[ls, le)` is also a `name value` line (two words, the
/// first a name), each read up to 256 bytes.
fn beside_a_setting(b: &[u8], ls: usize, le: usize) -> bool {
    const REACH: usize = 256;
    let two_words = |line: &[u8]| {
        let words: Vec<&[u8]> = line.split(|c| c.is_ascii_whitespace()).filter(|w| !w.is_empty()).collect();
        words.len() == 2 && words[0].iter().all(|c| c.is_ascii_alphabetic() || *c == b'_')
    };
    let break_len = |at: usize| if b.get(at) == Some(&b'\n') { 1 } else { 2 };
    // The line before: from the break ending it back to the break before it.
    let before = ls.checked_sub(break_len(ls.saturating_sub(1)).min(ls)).map(|end| {
        let from = end.saturating_sub(REACH);
        let start = b[from..end].iter().rposition(|&c| c == b'\n').map_or(from, |k| from + k + 1);
        &b[start..end]
    });
    let after = (le < b.len()).then(|| {
        let start = (le + break_len(le)).min(b.len());
        let to = (start + REACH).min(b.len());
        let end = b[start..to].iter().position(|&c| c == b'\n' || c == b'\\').map_or(to, |k| start + k);
        &b[start..end]
    });
    [before, after].into_iter().flatten().any(|line| !line.is_empty() && two_words(line))
}

/// How far before (or after) its `value` an object's `name` may stand.
const NAME_REACH: usize = 512;

/// Cookie names that hold a session by convention, beyond the credential words of the
/// assignment rule (`sessionid`, `PHPSESSID`, `auth_token` are those already): Express's
/// `connect.sid`, and any cookie with a `__Secure-` or `__Host-` prefix (the browser's own marks
/// for a cookie that must not leak).
fn session_cookie(name: &[u8]) -> bool {
    let lower = name.to_ascii_lowercase();
    matches!(lower.as_slice(), b"connect.sid" | b"sid" | b"express.sid" | b"_session_id" | b"remember_token")
        || lower.starts_with(b"__secure-")
        || lower.starts_with(b"__host-")
}

/// An object that stores a setting, a header or a cookie as a name and a value: `{"Name":
/// "/prod/db/password", "Value": "…"}` from `aws ssm get-parameter`, `{"name": "DB_PASSWORD",
/// "value": "…"}` in a container's environment, a HAR file's headers and cookies, a Puppeteer or
/// Playwright cookie jar or `storageState` (`{name: 'connect.sid', value: '…'}`, also with
/// `localStorage` pairs), Selenium's `add_cookie({'name': …, 'value': …})`: the value, when the
/// name's last segment names a credential by the rules the assignment rule uses or is a session
/// cookie's name. Keys quoted either way, JSON-escaped, or bare (a JavaScript literal); the name
/// in the same object (no brace between), before or after the value. An `Authorization` value
/// loses its scheme word (`Bearer …`).
pub fn name_value(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        let Some(k) = b[hs..he].windows(5).position(|w| w.eq_ignore_ascii_case(b"value")).map(|k| hs + k) else { continue };
        // A bare key is a whole word (`default_value:` is another key).
        if k == hs && k > 0 && (b[k - 1].is_ascii_alphanumeric() || matches!(b[k - 1], b'_' | b'-' | b'.' | b'$')) {
            continue;
        }
        let (after_key, _) = skip_quote(b, k + 5);
        let colon = skip_space(b, after_key);
        if b.get(colon) != Some(&b':') {
            continue;
        }
        let (vi, quote) = skip_quote(b, skip_space(b, colon + 1));
        if quote.is_none() {
            if let Some(found) = yaml_item_value(scan, k, vi) {
                out.push(found);
            }
            continue;
        }
        let Some(from) = scan.look_back(hs, NAME_REACH) else { return };
        let (vs, ve, raw_end) = value_at(scan.text, vi, quote);
        let object = &b[from..hs];
        let open = object.iter().rposition(|&c| matches!(c, b'{' | b'}')).map_or(0, |k| k + 1);
        let to = (raw_end + NAME_REACH).min(b.len());
        let close = b[raw_end..to].iter().position(|&c| matches!(c, b'{' | b'}')).map_or(to, |k| raw_end + k);
        if !scan.spend(close - raw_end) {
            return;
        }
        let parent = || (open > 0 && object[open - 1] == b'{').then(|| parent_key(b, from + open - 1)).flatten();
        let Some(name) = setting_name(&object[open..]).or_else(|| setting_name(&b[raw_end..close])).or_else(parent) else { continue };
        if !names_a_credential(name) {
            continue;
        }
        let last = last_segment(name);
        let (vs, ve, raw_end) = if last.eq_ignore_ascii_case(b"authorization") && b.get(raw_end) == Some(&b' ') && b[vs..ve].iter().all(u8::is_ascii_alphabetic) {
            value_at(scan.text, raw_end + 1, quote)
        } else {
            (vs, ve, raw_end)
        };
        // A SecureString read without `--with-decryption` is KMS ciphertext (its blob starts with
        // the bytes 01 02 02 00, `AQICAH` in base64), not the value.
        if vs < ve
            && !scan.text[vs..ve].starts_with("AQICAH")
            && (accept(&scan.text[vs..ve], &scan.text[vs..raw_end], Class::Password, true) || provider_shaped(name, &scan.text[vs..ve]))
        {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// The quoted key of the object opening at `brace` (`"DB_PASSWORD": {`, JSON-escaped too): an
/// Azure DevOps variable group's `"variables": {"DB_PASSWORD": {"value": "…"}}`, `terraform output
/// -json`'s `"db_password": {"sensitive": true, "type": "string", "value": "…"}`.
fn parent_key(b: &[u8], brace: usize) -> Option<&[u8]> {
    let blank = |c: &u8| matches!(c, b' ' | b'\t');
    let colon = brace - b[..brace].iter().rev().take(8).take_while(|c| blank(c)).count();
    if colon == 0 || b[colon - 1] != b':' {
        return None;
    }
    let mut close = colon - 1 - b[..colon - 1].iter().rev().take(8).take_while(|c| blank(c)).count();
    if close == 0 || !matches!(b[close - 1], b'"' | b'\'') {
        return None;
    }
    let q = b[close - 1];
    close -= 1;
    let end = close - usize::from(close > 0 && b[close - 1] == b'\\');
    let from = end.saturating_sub(MAX_KEY);
    let start = from + b[from..end].iter().rposition(|c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')))? + 1;
    let opener = start - 1;
    (b[opener] == q && start < end).then(|| &b[start..end])
}

/// Longest object key read as a setting's name.
const MAX_KEY: usize = 128;

/// A YAML list item's plain (unquoted) `value:` right under its `name:`, as `kubectl get -o
/// yaml` prints a container's `env` (a Tekton step's, a pod's: go-yaml quotes a scalar only when
/// it must, so a hex key stands bare). Read only in that block form, the key `k` starting its line
/// (after indentation) in the column of the `name` key on the line above, and the value filling
/// the rest of its line: a bare word in a JavaScript object (`value: token`) is a variable.
fn yaml_item_value(scan: &Scan, k: usize, vi: usize) -> Option<SecretMatch> {
    let b = scan.bytes;
    let ls = b[..k].iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1);
    if ls == 0 || !b[ls..k].iter().all(|&c| c == b' ') {
        return None;
    }
    let (vs, ve, raw_end) = value_at(scan.text, vi, None);
    let line_end = raw_end + b[raw_end..].iter().take_while(|&&c| c == b' ' || c == b'\r').count();
    if vs == ve || !matches!(b.get(line_end), None | Some(b'\n')) {
        return None;
    }
    let ps = b[..ls - 1].iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1);
    let above = &b[ps..ls - 1];
    let column = k - ls;
    let indent = above.iter().take_while(|&&c| c == b' ').count();
    let key_at = if above[indent..].starts_with(b"- ") { indent + 2 } else { indent };
    if key_at != column || !above[key_at..].starts_with(b"name:") {
        return None;
    }
    let name = above[key_at + 5..].trim_ascii();
    let name = name.strip_prefix(b"\"").and_then(|n| n.strip_suffix(b"\"")).unwrap_or(name);
    if name.is_empty() || !name.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')) || !names_a_credential(name) {
        return None;
    }
    accept(&scan.text[vs..ve], &scan.text[vs..raw_end], Class::Password, false).then(|| SecretMatch::new(vs, ve, "password"))
}

/// The last segment of a setting's name (`password` of `/prod/db/password`, `spring.datasource.password`).
fn last_segment(name: &[u8]) -> &[u8] {
    name.rsplit(|&c| matches!(c, b'/' | b'.' | b':')).next().unwrap_or(name)
}

/// Whether a setting's name says its value is a credential: its last segment by the assignment
/// rule's words, or a session cookie's name.
fn names_a_credential(name: &[u8]) -> bool {
    classify(last_segment(name)).is_some() || session_cookie(name)
}

/// A byte of a flattened path (`json.spec.containers[0].env[3]`, `extraEnv[0]`).
fn path_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'[' | b']' | b'$' | b'@')
}

/// The value after `=` at `i` (blanks around it allowed): quoted, or bare up to a blank, `,` or
/// `;`. Returns (start, end, raw end, quoted).
fn assigned_value(text: &str, i: usize) -> Option<(usize, usize, usize, bool)> {
    let b = text.as_bytes();
    let eq = i + b[i..].iter().take(8).take_while(|&&c| c == b' ' || c == b'\t').count();
    if b.get(eq) != Some(&b'=') || b.get(eq + 1) == Some(&b'=') {
        return None;
    }
    let at = eq + 1 + b[eq + 1..].iter().take(8).take_while(|&&c| c == b' ' || c == b'\t').count();
    let (vi, quote) = skip_quote(b, at);
    let (vs, ve, raw_end) = value_at(text, vi, quote);
    Some((vs, ve, raw_end, quote.is_some()))
}

/// A flattened object's `value` beside its sibling `name` (or `key`) under the same path:
/// gron's lines (`json.environment[0].name = "API_TOKEN";` then `json.environment[0].value =
/// "…";`), Helm's `--set env[0].name=API_KEY,env[0].value=…`, a properties file's
/// `app.env[0].value=…`: the value, when the sibling names a credential as for [`name_value`].
/// The sibling is looked for within [`NAME_REACH`] either side.
pub fn path_name_value(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        // `.value` ends its path segment.
        if b.get(he).is_some_and(|&c| path_byte(c)) {
            continue;
        }
        let Some((vs, ve, raw_end, quoted)) = assigned_value(scan.text, he) else { continue };
        let from = hs - b[hs.saturating_sub(NAME_REACH)..hs].iter().rev().take_while(|&&c| path_byte(c)).count();
        let path = &b[from..hs];
        if path.is_empty() || vs == ve {
            continue;
        }
        let (lo, hi) = (from.saturating_sub(NAME_REACH), (raw_end + NAME_REACH).min(b.len()));
        if !scan.spend(hi - lo) {
            return;
        }
        let window = &b[lo..hi];
        let sibling = memchr::memmem::find_iter(window, path).find_map(|k| {
            let at = lo + k;
            let starts = at == 0 || !path_byte(b[at - 1]);
            let rest = &b[at + path.len()..];
            let len = [&b".name"[..], b".key"].into_iter().find(|w| rest.len() > w.len() && rest[..w.len()].eq_ignore_ascii_case(w) && !path_byte(rest[w.len()]))?.len();
            let (ns, ne, _, _) = assigned_value(scan.text, at + path.len() + len).filter(|_| starts)?;
            Some(&b[ns..ne])
        });
        let Some(name) = sibling else { continue };
        if names_a_credential(name) && accept(&scan.text[vs..ve], &scan.text[vs..raw_end], Class::Password, quoted) {
            out.push(SecretMatch::new(vs, ve, "password"));
        }
    }
}

/// The string of the last `name` / `key` member (any case, the key quoted, JSON-escaped or bare)
/// in `object`: quoted, or a bare word ending its line, raw or JSON-escaped (a YAML list item,
/// `- name: API_TOKEN`, Envoy's `header: {key: x-api-key, value: …}` written as a block).
fn setting_name(object: &[u8]) -> Option<&[u8]> {
    let mut at = 0;
    let mut found = None;
    while let Some(k) = object[at..].windows(4).position(|w| w.eq_ignore_ascii_case(b"name") || w.eq_ignore_ascii_case(b"key\"") || w.eq_ignore_ascii_case(b"key'") || w.eq_ignore_ascii_case(b"key:")) {
        let s = at + k;
        at = s + 1;
        let len = if object[s..s + 3].eq_ignore_ascii_case(b"key") { 3 } else { 4 };
        // CloudFormation's `"OutputKey"` / `"ParameterKey"` beside their `…Value`.
        let prefixed = len == 3 && super::PAIR_NAME_KEYS.iter().filter_map(|n| n.strip_suffix("Key")).any(|p| s >= p.len() && object[s - p.len()..s].eq_ignore_ascii_case(p.as_bytes()));
        if s > 0 && (object[s - 1].is_ascii_alphanumeric() || matches!(object[s - 1], b'_' | b'-' | b'.')) && !prefixed {
            continue;
        }
        let (after, _) = skip_quote(object, s + len);
        let colon = skip_space(object, after);
        if object.get(colon) != Some(&b':') {
            continue;
        }
        let (start, quote) = skip_quote(object, skip_space(object, colon + 1));
        let end = match quote {
            Some(q) => start + object[start..].iter().position(|&c| c == q || c == b'\\' || c == b'\n')?,
            None => {
                let end = start + object[start..].iter().take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b'/')).count();
                if end == start || !(matches!(object.get(end), Some(b'\n' | b'\r')) || object[end..].starts_with(b"\\n")) {
                    continue;
                }
                end
            }
        };
        found = Some(&object[start..end]);
    }
    found
}

/// The longest element text read as a value, and the longest tag read for its `>`.
const ELEMENT_REACH: usize = 1024;

/// An XML element named by its `name` attribute, its text the value (Hibernate's
/// `<property name="hibernate.connection.password">…</property>`, Spring's and Ant's
/// `<property name="…" value="…"/>`): the value, when the name's last segment names a credential.
pub fn xml_property(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(_, he) in hits {
        let (ns, quote) = skip_quote(b, he);
        let Some(q) = quote else { continue };
        let Some(ne) = b[ns..(ns + NAME_REACH).min(b.len())].iter().position(|&c| c == q || c == b'<' || c == b'>').map(|p| ns + p) else { continue };
        if b[ne] != q || !scan.spend(ne - ns) {
            continue;
        }
        let name = &b[ns..ne];
        let last = last_segment(name);
        let Some((class, kind)) = classify(last) else { continue };
        let stop = (ne + ELEMENT_REACH).min(b.len());
        let Some(gt) = b[ne..stop].iter().position(|&c| c == b'>' || c == b'<').map(|p| ne + p) else { continue };
        if b[gt] != b'>' || !scan.spend(gt - ne) {
            continue;
        }
        let tag = &b[ne + 1..gt];
        // `value="…"` in the tag, else the element's text up to its closing tag.
        let (vs, ve) = if let Some(p) = tag.windows(7).position(|w| w.eq_ignore_ascii_case(b"value=\"")) {
            let vs = ne + 1 + p + 7;
            let Some(len) = b[vs..gt].iter().position(|&c| c == b'"') else { continue };
            (vs, vs + len)
        } else if b[gt - 1] == b'/' {
            continue;
        } else {
            let vs = gt + 1;
            let Some(len) = b[vs..stop].iter().position(|&c| c == b'<' || c == b'\n').filter(|&l| b.get(vs + l) == Some(&b'<') && b.get(vs + l + 1) == Some(&b'/')) else { continue };
            (vs, vs + len)
        };
        if !scan.spend(ve.saturating_sub(gt)) {
            return;
        }
        let v = &scan.text[vs..ve];
        if accept(v, v, class, true) {
            out.push(SecretMatch::new(vs, ve, kind));
        }
    }
}

/// Longest HTML table cell read.
const CELL_REACH: usize = 512;

/// The cell opened by the `<td` at `i`: its text without tags (the longest untagged run, trimmed,
/// as a span) and where the cell ends (after `</td>`).
fn html_cell(b: &[u8], i: usize) -> Option<((usize, usize), usize)> {
    let stop = (i + CELL_REACH).min(b.len());
    let open_end = i + memchr::memchr(b'>', &b[i..stop])? + 1;
    let close = open_end + memchr::memmem::find(&b[open_end..stop], b"</td>").or_else(|| memchr::memmem::find(&b[open_end..stop], b"</TD>"))?;
    let mut best = (open_end, open_end);
    let mut k = open_end;
    while k < close {
        if b[k] == b'<' {
            k += memchr::memchr(b'>', &b[k..close]).map_or(close - k, |p| p + 1);
            continue;
        }
        let run_end = k + memchr::memchr(b'<', &b[k..close]).unwrap_or(close - k);
        let s = k + b[k..run_end].iter().take_while(|c| c.is_ascii_whitespace()).count();
        let e = run_end - b[s..run_end].iter().rev().take_while(|c| c.is_ascii_whitespace()).count();
        if e - s > best.1 - best.0 {
            best = (s, e);
        }
        k = run_end;
    }
    Some((best, close + 5))
}

/// An HTML table row of a name cell and a value cell (`<td>FAL_KEY</td><td><code>…</code></td>`,
/// an environment listing posted to a chat): the value, when the name names a credential.
pub fn html_row(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, _) in hits {
        if hs < done {
            continue;
        }
        let Some(((ns, ne), after)) = html_cell(b, hs) else { continue };
        done = after;
        let next = after + b[after..].iter().take(64).take_while(|c| c.is_ascii_whitespace()).count();
        if !b[next..].get(..3).is_some_and(|t| t.eq_ignore_ascii_case(b"<td")) {
            continue;
        }
        let Some(((vs, ve), _)) = html_cell(b, next) else { continue };
        if !scan.spend(ve.max(after) - hs) {
            return;
        }
        let Some((class, kind)) = classify(&b[ns..ne]) else { continue };
        let v = &scan.text[vs..ve];
        if vs < ve && !v.contains(char::is_whitespace) && accept(v, v, class, true) {
            out.push(SecretMatch::new(vs, ve, kind));
        }
    }
}

/// Keys of Apple's configuration profiles that hold a secret without a credential word in their
/// name: the SCEP payload's `Challenge`, the pre-shared secret that enrols a device for its
/// certificate. (`Password`, `SharedSecret`, `PayloadCertificatePassword` name themselves.)
const PLIST_SECRET_KEYS: &[&[u8]] = &[b"Challenge"];

/// Blanks between a plist's `</key>` and its value: white space, or newlines escaped once or
/// more (a profile inside a JSON string, or inside one inside another).
fn skip_markup_gap(b: &[u8], mut i: usize) -> usize {
    let stop = (i + 256).min(b.len());
    while i < stop {
        if b[i].is_ascii_whitespace() {
            i += 1;
        } else if let Some((_, len)) = super::escaped_blank_at(b, i, stop) {
            i += len;
        } else {
            break;
        }
    }
    i
}

/// A property list's `<key>NAME</key>` and the `<string>` or `<data>` after it (a macOS or iOS configuration
/// profile, a `launchd` job's environment): the string, when the key names a credential by the
/// assignment rule's words or is one of [`PLIST_SECRET_KEYS`].
pub fn plist_pair(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(_, he) in hits {
        let stop = (he + NAME_REACH).min(b.len());
        let Some(ne) = memchr::memchr(b'<', &b[he..stop]).map(|p| he + p) else { continue };
        if !b[ne..].starts_with(b"</key>") || !scan.spend(ne - he) {
            continue;
        }
        let name = &b[he..ne];
        let Some((class, kind)) = classify(name).or_else(|| PLIST_SECRET_KEYS.contains(&name).then_some((Class::Password, "password"))) else { continue };
        let vi = skip_markup_gap(b, ne + 6);
        // A string, or bytes in base64 (a VPN payload's `SharedSecret`).
        let Some((open, close)) = [(&b"<string>"[..], &b"</string>"[..]), (b"<data>", b"</data>")].into_iter().find(|(o, _)| b[vi..].starts_with(o)) else { continue };
        let vs = vi + open.len();
        let Some(ve) = memchr::memchr(b'<', &b[vs..(vs + ELEMENT_REACH).min(b.len())]).map(|p| vs + p) else { continue };
        if !scan.spend(ve - ne) {
            return;
        }
        let raw = &scan.text[vs..ve];
        let vs = vs + (raw.len() - raw.trim_start().len());
        let v = raw.trim();
        if b[ve..].starts_with(close) && !v.contains(char::is_whitespace) && accept(v, v, class, true) {
            out.push(SecretMatch::new(vs, vs + v.len(), kind));
        }
    }
}

/// Lines read after the one naming `auth` for its value (a table's header names the column).
const AUTH_LINES: usize = 4;

/// Bytes read around a bare `auth` for its value.
const AUTH_REACH: usize = 512;

/// A registry's `auth` value written anywhere but a config's `"auth"` member: beside the word
/// (`auth: b3Bz…`, `Auth — ZXRs…`), in a table whose header names the column, or in prose (`Use
/// ‘Z3Jh…’ for auth.`). Base64 decoding to `user:secret`, with the secret through the password
/// gate, on the word's line or the few after it: the decoded shape says what it is.
pub fn auth_pair(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let b64 = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/');
    let mut done = 0;
    for &(hs, he) in hits {
        if (hs > 0 && b[hs - 1].is_ascii_alphanumeric()) || b.get(he).is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        let back = hs.saturating_sub(AUTH_REACH);
        let from = b[back..hs].iter().rposition(|&c| c == b'\n').map_or(back, |k| back + k + 1).max(done);
        let reach = b.len().min(hs + AUTH_REACH);
        let mut to = he.min(reach);
        for _ in 0..=AUTH_LINES {
            match b[to..reach].iter().position(|&c| c == b'\n') {
                Some(k) => to += k + 1,
                None => {
                    to = reach;
                    break;
                }
            }
        }
        if from >= to || !scan.spend(to - from) {
            continue;
        }
        done = to;
        let mut i = from;
        while i < to {
            if !b64(b[i]) || (i > 0 && b64(b[i - 1])) {
                i += 1;
                continue;
            }
            let mut e = i + b[i..to].iter().take_while(|&&c| b64(c)).count();
            let run = e;
            e += b[e..to].iter().take(2).take_while(|&&c| c == b'=').count();
            if (8..=AUTH_REACH).contains(&(e - i)) && b.get(e).is_none_or(|&c| !b64(c) && c != b'=') {
                let v = &scan.text[i..e];
                if super::validate::base64_user_pass_secret(v).is_some_and(|p| accept(&p, &p, Class::Password, false)) {
                    out.push(SecretMatch::new(i, e, "docker-auth"));
                }
            }
            i = run.max(i + 1);
        }
    }
}

/// DynamoDB's typed string (`"S":`), plain or inside a JSON-escaped string.
pub const DYNAMODB_KEYWORDS: &[&str] = &["\"S\":", "\"S\\\":"];

/// Longest run of blanks and line breaks read back from a typed value to its attribute's name.
const TYPED_REACH: usize = 256;

/// DynamoDB's JSON (`aws dynamodb get-item`, `scan`, an export): each attribute's value is an
/// object naming its type (`"secret": {"S": "…"}`), so the value stands one level below its
/// name. The string of an attribute named for a credential.
pub fn dynamodb_attribute(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        let Some(from) = scan.look_back(hs, TYPED_REACH) else { return };
        // Back from the type's quote: blanks and line breaks, `{`, blanks, `:`, the name's quote.
        let back_space = |mut k: usize| {
            while k > from {
                if b[k - 1].is_ascii_whitespace() {
                    k -= 1;
                } else if k >= 2 && b[k - 2] == b'\\' && matches!(b[k - 1], b'n' | b'r' | b't') {
                    k -= 2;
                } else {
                    break;
                }
            }
            k
        };
        // An escaped type (`\"S\":`) has its backslash before the keyword.
        let open = if hs > 0 && b[hs - 1] == b'\\' { hs - 1 } else { hs };
        let k = back_space(open);
        if k == from || b[k - 1] != b'{' {
            continue;
        }
        let k = back_space(k - 1);
        if k == from || b[k - 1] != b':' {
            continue;
        }
        let close = back_space(k - 1);
        if close == from || b[close - 1] != b'"' {
            continue;
        }
        let name_end = if close >= 2 && b[close - 2] == b'\\' { close - 2 } else { close - 1 };
        let name_start = b[from..name_end].iter().rposition(|&c| c == b'"').map_or(from, |q| from + q + 1);
        let name = &b[name_start..name_end];
        let name = name.strip_suffix(b"\\").unwrap_or(name);
        if name.is_empty() || !name.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')) {
            continue;
        }
        let Some((class, kind)) = classify(name) else { continue };
        let (vi, quote) = skip_quote(b, skip_blanks(b, he));
        if quote != Some(b'"') {
            continue;
        }
        let (vs, _, raw_end) = value_at(scan.text, vi, quote);
        let v = &scan.text[vs..raw_end];
        if accept(v, v, class, true) {
            out.push(SecretMatch::new(vs, raw_end, kind));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn call_keywords_are_the_table() {
        let names: Vec<&str> = CREDENTIAL_CALLS.iter().map(|c| c.0).collect();
        assert_eq!(names, CALL_KEYWORDS);
    }
}
