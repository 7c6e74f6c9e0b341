//! Keys handed to the calls that use them: a signing, encryption or one-time-password call whose
//! key argument is a literal (`hmac.new(b"…", body, sha256)`, `crypto.createHmac('sha256', '…')`,
//! `pyotp.TOTP('…')`), or a name bound to a literal earlier in the same text (`var key =
//! []byte("…")`, then `hmac.New(sha256.New, key)`). The call says the value is a key whatever the
//! variable is called (`key`, `k`, `signing`), which no list of credential names can.
//!
//! Hand-written: what is read is one argument list and one assignment, in any of a dozen
//! languages; a parser per language would cost more than the whole scan, and none is needed to
//! tell a literal from an expression.

use super::context::{accept, skip_quote};
use super::validate::{self, Class};
use super::{Scan, SecretMatch};

/// The calls, which argument (from 0) is the key, and the kind it is named as, from each
/// library's reference.
const KEY_CALLS: &[(&str, usize, &str)] = &[
    // Python: hmac, PyJWT, pyotp, cryptography's Fernet, PyCryptodome, itsdangerous.
    ("hmac.new(", 0, "signing-key"),
    ("hmac.HMAC(", 0, "signing-key"),
    ("jwt.encode(", 1, "signing-key"),
    ("pyotp.TOTP(", 0, "otp-seed"),
    ("pyotp.HOTP(", 0, "otp-seed"),
    ("Fernet(", 0, "signing-key"),
    ("AES.new(", 0, "signing-key"),
    ("URLSafeTimedSerializer(", 0, "signing-key"),
    // Node: crypto, jsonwebtoken.
    ("createHmac(", 1, "signing-key"),
    ("createCipheriv(", 1, "signing-key"),
    ("jwt.sign(", 1, "signing-key"),
    ("jwt.verify(", 1, "signing-key"),
    // Go: crypto/hmac, golang-jwt.
    ("hmac.New(", 1, "signing-key"),
    ("SignedString(", 0, "signing-key"),
    // Java: javax.crypto, auth0 java-jwt.
    ("SecretKeySpec(", 0, "signing-key"),
    ("Algorithm.HMAC256(", 0, "signing-key"),
    ("Algorithm.HMAC512(", 0, "signing-key"),
    // PHP, Ruby, .NET, Rust's hmac crate.
    ("hash_hmac(", 2, "signing-key"),
    ("JWT::encode(", 1, "signing-key"),
    ("HMAC.hexdigest(", 1, "signing-key"),
    ("HMAC.digest(", 1, "signing-key"),
    ("JWT.encode(", 1, "signing-key"),
    ("HMACSHA256(", 0, "signing-key"),
    ("HMACSHA512(", 0, "signing-key"),
    ("HMACSHA1(", 0, "signing-key"),
    ("new_from_slice(", 0, "signing-key"),
    // SDKs initialised with their server token first (`rollbar.init('…', environment=…)`).
    ("rollbar.init(", 0, "access-token"),
];

/// Keywords of [`find`] (a test checks them against the table).
pub const KEYWORDS: &[&str] = &[
    "hmac.new(", "hmac.HMAC(", "jwt.encode(", "pyotp.TOTP(", "pyotp.HOTP(", "Fernet(", "AES.new(", "URLSafeTimedSerializer(",
    "createHmac(", "createCipheriv(", "jwt.sign(", "jwt.verify(", "hmac.New(", "SignedString(", "SecretKeySpec(",
    "Algorithm.HMAC256(", "Algorithm.HMAC512(", "hash_hmac(", "JWT::encode(", "HMAC.hexdigest(", "HMAC.digest(", "JWT.encode(",
    "HMACSHA256(", "HMACSHA512(", "HMACSHA1(", "new_from_slice(", "rollbar.init(",
];

/// Longest argument read, and how far back a name's binding is looked for.
const ARG_REACH: usize = 1024;
const BINDING_REACH: usize = 4096;

/// What turns a string into the bytes a key argument takes, before the literal
/// (`[]byte("…")`, `Buffer.from('…')`, `Encoding.UTF8.GetBytes("…")`, Python's `b"…"`).
const BEFORE: &[&str] =
    &["[]byte(", "Buffer.from(", "Encoding.UTF8.GetBytes(", "Encoding.ASCII.GetBytes(", "bytes(", "str.encode(", "b", "rb", "br", "r"];

/// And after it (`"…".encode()`, `"…".getBytes(UTF_8)`, `b"…".as_slice()`, `'…', 'utf8')`).
const AFTER: &[&str] = &[".encode(", ".getBytes(", ".GetBytes(", ".as_bytes(", ".into_bytes(", ".to_vec(", ".as_slice(", ",'utf", ",\"utf", ",'ascii", ",\"ascii"];

/// Keys given to the calls in [`KEY_CALLS`].
pub fn find(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        let Some(&(_, index, kind)) = KEY_CALLS.iter().find(|(k, _, _)| k.as_bytes() == &b[hs..he]) else { continue };
        if hs > 0 && (b[hs - 1].is_ascii_alphanumeric() || b[hs - 1] == b'_') && !b[hs..he].contains(&b'.') {
            continue; // `myFernet(`: another function
        }
        let mut at = he;
        let mut arg = None;
        for k in 0..=index {
            let Some((s, e)) = argument(b, at) else { break };
            if !scan.spend(e - at) {
                return;
            }
            if k == index {
                arg = Some((s, e));
            } else if b.get(e) == Some(&b',') {
                at = e + 1;
            } else {
                break;
            }
        }
        let Some((s, e)) = arg else { continue };
        let found = literal(b, s, e).or_else(|| {
            let name = &b[s..e];
            let plain = !name.is_empty() && name.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$') && !name[0].is_ascii_digit();
            if plain { binding(scan, name, hs) } else { None }
        });
        if let Some((vs, ve)) = found {
            let v = &scan.text[vs..ve];
            if !v.contains(char::is_whitespace) && accept(v, v, Class::Token, true) {
                out.push(SecretMatch::new(vs, ve, kind));
            }
        }
    }
}

/// Keyword of [`clients`].
pub const CLIENT_KEYWORDS: &[&str] = &["new "];

/// Words in a class's name that say its literal argument is no key (a public key, an address, a
/// digest, an id, a date, a pattern).
const NOT_CLIENTS: &[&str] =
    &["public", "address", "objectid", "hash", "sha", "digest", "commit", "uuid", "guid", "checksum", "version", "date", "regexp", "error", "exception", "color", "bignumber", "decimal"];

/// SDK clients constructed with their key (`new ZenRows('…')`, `new Mailgun.Client("…")`): an
/// object named in CamelCase whose first argument is a lone literal that reads as a token (32 or
/// more letters, digits and `_`, random enough). Names that say the value is
/// something else ([`NOT_CLIENTS`], `…Id`) are passed over.
pub fn clients(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    for &(hs, he) in hits {
        if hs > 0 && (b[hs - 1].is_ascii_alphanumeric() || b[hs - 1] == b'_') {
            continue;
        }
        let name_end = he + b[he..(he + 128).min(b.len())].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.')).count();
        let name = &b[he..name_end];
        if !b.get(he).is_some_and(u8::is_ascii_uppercase) || b.get(name_end) != Some(&b'(') {
            continue;
        }
        let lower = name.to_ascii_lowercase();
        let last = name.rsplit(|&c| c == b'.').next().unwrap_or(name);
        if NOT_CLIENTS.iter().any(|w| memchr::memmem::find(&lower, w.as_bytes()).is_some()) || last.ends_with(b"Id") || last.ends_with(b"ID") {
            continue;
        }
        let Some((s, e)) = argument(b, name_end + 1) else { continue };
        if !scan.spend(e - name_end) {
            return;
        }
        let Some((vs, ve)) = literal(b, s, e) else { continue };
        let v = &scan.text[vs..ve];
        // Browser SDKs take their public keys so (`new Pusher('<20 hex>')`, Mercado Pago's
        // `APP_USR-<uuid>`): a key read here is long and of one piece.
        let token = v.len() >= 32
            && v.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
            && v.bytes().any(|c| c.is_ascii_digit())
            && v.bytes().any(|c| c.is_ascii_alphabetic());
        if token && accept(v, v, Class::Token, true) {
            out.push(SecretMatch::new(vs, ve, "api-key"));
        }
    }
}

/// Keyword of [`game_keys`].
pub const GAME_KEYWORDS: &[&str] = &["GameAnalytics"];

/// GameAnalytics' keys as its SDKs take them, side by side: the game key (32 hex digits, the
/// game's public id) then the secret key (40 hex digits) that signs its events, in
/// `GameAnalytics.initialize("…", "…")`, the command queue's `GameAnalytics("initialize", "…",
/// "…")`, Android's `initialize(this, "…", "…")`, Objective-C's `initializeWithGameKey:@"…"
/// gameSecret:@"…"`, a Unity settings call. Within [`ARG_REACH`] after the SDK's name, a quoted
/// literal of 32 hex digits, then (past a comma or an argument's label) one of 40: the second
/// goes, whatever names them.
pub fn game_keys(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let hex_run = |i: usize| b[i.min(b.len())..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
    // Whether a literal's closing quote (plain or JSON-escaped) stands at `i`.
    let closes = |i: usize| matches!(b.get(i), Some(b'"' | b'\'')) || (b.get(i) == Some(&b'\\') && matches!(b.get(i + 1), Some(b'"' | b'\'')));
    let mut read_to = 0;
    for &(_, he) in hits {
        let from = he.max(read_to);
        let stop = (he + ARG_REACH).min(b.len());
        if from >= stop || !scan.spend(stop - from) {
            continue;
        }
        read_to = stop;
        for q in memchr::memchr2_iter(b'"', b'\'', &b[from..stop]).map(|k| from + k) {
            let ks = q + 1;
            if hex_run(ks) != 32 || !closes(ks + 32) {
                continue;
            }
            // Past the closing quote: blanks, a comma, a label (`gameSecret:`) and Objective-C's `@`.
            let mut j = ks + 32 + usize::from(b[ks + 32] == b'\\') + 1;
            let sep = b[j..stop].iter().take(64).take_while(|c| c.is_ascii_whitespace() || c.is_ascii_alphabetic() || matches!(c, b',' | b':' | b'@')).count();
            if !b[j..j + sep].contains(&b',') && !b[j..j + sep].contains(&b':') {
                continue;
            }
            j += sep;
            let (vs, quote) = skip_quote(b, j);
            if quote.is_some() && hex_run(vs) == 40 && closes(vs + 40) {
                let v = &scan.text[vs..vs + 40];
                if !validate::placeholder(v) {
                    out.push(SecretMatch::new(vs, vs + 40, "gameanalytics-secret-key"));
                }
            }
        }
    }
}

/// The argument starting at `i` (blanks trimmed): up to the `,` or `)` that closes it at its own
/// depth, quotes skipped whole. `None` when it runs past [`ARG_REACH`] or the text.
fn argument(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let stop = (i + ARG_REACH).min(b.len());
    let mut depth = 0usize;
    let mut j = i;
    while j < stop {
        match b[j] {
            q @ (b'"' | b'\'' | b'`') => j += 1 + memchr::memchr(q, &b[j + 1..stop])?,
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth > 0 => depth -= 1,
            b',' | b')' if depth == 0 => {
                let s = i + b[i..j].iter().take_while(|c| c.is_ascii_whitespace()).count();
                let e = j - b[s..j].iter().rev().take_while(|c| c.is_ascii_whitespace()).count();
                return Some((s, e));
            }
            b';' | b'\n' if depth == 0 => return None,
            _ => {}
        }
        j += 1;
    }
    None
}

/// The string literal an argument (or an assignment's value) `b[s..e]` is, alone or through the
/// conversions in [`BEFORE`] and [`AFTER`]: its value's span. An expression holding a literal
/// (`os.environ["KEY"]`, `prefix + "…"`) is none.
fn literal(b: &[u8], s: usize, e: usize) -> Option<(usize, usize)> {
    let mut i = s;
    if let Some(p) = BEFORE.iter().find(|p| b[i..e].starts_with(p.as_bytes()) && matches!(b.get(i + p.len()), Some(b'"' | b'\'' | b'`' | b'\\'))) {
        i += p.len();
    }
    let (vi, quote) = skip_quote(b, i);
    let q = quote?;
    let close = vi + memchr::memchr(q, &b[vi..e])?;
    // A JSON-escaped quote ends the literal at its backslash.
    let ve = if close > vi && b[close - 1] == b'\\' { close - 1 } else { close };
    let rest: Vec<u8> = b[close + 1..e].iter().copied().filter(|c| !c.is_ascii_whitespace() && *c != b')').collect();
    let rest = rest.strip_prefix(b"\\").unwrap_or(&rest);
    (rest.is_empty() || AFTER.iter().any(|a| rest.starts_with(a.as_bytes()))).then_some((vi, ve))
}

/// The literal `name` was last bound to before `call` (`name = …`, `name := …`, `var name = …`,
/// `const name: string = …`), within [`BINDING_REACH`].
fn binding(scan: &Scan, name: &[u8], call: usize) -> Option<(usize, usize)> {
    let b = scan.bytes;
    let from = call.saturating_sub(BINDING_REACH);
    if !scan.spend(call - from) {
        return None;
    }
    let mut found = None;
    for p in memchr::memmem::find_iter(&b[from..call], name) {
        let s = from + p;
        let e = s + name.len();
        if (s > 0 && (b[s - 1].is_ascii_alphanumeric() || matches!(b[s - 1], b'_' | b'.' | b'$'))) || b.get(e).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
            continue;
        }
        let line_end = memchr::memchr(b'\n', &b[e..call]).map_or(call, |k| e + k);
        let mut i = e;
        // A type annotation (`: string`, `: &[u8]`) up to the `=`.
        if b.get(i) == Some(&b':') && b.get(i + 1) != Some(&b'=') {
            i += b[i..line_end].iter().position(|&c| c == b'=')?;
        }
        while i < line_end && b[i] == b' ' {
            i += 1;
        }
        let assign = match &b[i..line_end] {
            [b':', b'=', ..] => 2,
            [b'=', next, ..] if *next != b'=' => 1,
            _ => continue,
        };
        let vs = i + assign + b[i + assign..line_end].iter().take_while(|c| c.is_ascii_whitespace()).count();
        let ve = line_end - b[vs..line_end].iter().rev().take_while(|c| c.is_ascii_whitespace() || **c == b';').count();
        if let Some(span) = literal(b, vs, ve.max(vs)) {
            found = Some(span);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_the_table() {
        let names: Vec<&str> = KEY_CALLS.iter().map(|c| c.0).collect();
        assert_eq!(names, KEYWORDS);
    }
}
