//! Rules that need more context than one regex: credential-named assignments (by the name's
//! segments in any case style), "the password is …" phrasing, PEM private-key blocks (also
//! unterminated and `\n`-escaped, body checked for DER/OpenSSH magic) and an AWS secret next to its
//! key id. Each starts from the keyword hits the prefilter found, so it only reads near them.

use std::sync::OnceLock;

use regex::bytes::{Regex, RegexBuilder};

use super::validate::{self, Class};
use super::{Scan, SecretMatch, cli};

fn re(pattern: &str) -> Regex {
    RegexBuilder::new(pattern).unicode(false).build().expect("context pattern compiles")
}

pub(super) fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
}

/// Longest name split into words, and most words kept: a longer name keeps its last bytes
/// (the credential word of a name comes last: `..._PASSWORD`).
const NAME_MAX: usize = 96;
const WORDS_MAX: usize = 24;

/// An identifier split into lowercase words: `awsSecretAccessKey`, `AWS_SECRET_ACCESS_KEY`,
/// `aws-secret-access-key` and `APIKey` all give their words. Kept on the stack: this runs for
/// every credential-looking name followed by an operator.
struct Words {
    lower: [u8; NAME_MAX],
    spans: [(u8, u8); WORDS_MAX],
    n: usize,
}

impl Words {
    fn get(&self, i: usize) -> &str {
        let (s, e) = self.spans[i];
        // Only ASCII alphanumerics are stored.
        std::str::from_utf8(&self.lower[s as usize..e as usize]).unwrap_or("")
    }

    fn iter(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator {
        (0..self.n).map(|i| self.get(i))
    }
}

fn segments(name: &[u8]) -> Words {
    let name = &name[name.len().saturating_sub(NAME_MAX)..];
    let mut w = Words { lower: [0; NAME_MAX], spans: [(0, 0); WORDS_MAX], n: 0 };
    let (mut len, mut start) = (0usize, 0usize);
    let push = |w: &mut Words, s: usize, e: usize| {
        if e > s && w.n < WORDS_MAX {
            w.spans[w.n] = (s as u8, e as u8);
            w.n += 1;
        }
    };
    for (i, &c) in name.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            push(&mut w, start, len);
            start = len;
            continue;
        }
        let prev = if i > 0 { name[i - 1] } else { b'_' };
        let next = name.get(i + 1).copied().unwrap_or(b'_');
        let boundary = c.is_ascii_uppercase()
            && (prev.is_ascii_lowercase() || prev.is_ascii_digit() || (prev.is_ascii_uppercase() && next.is_ascii_lowercase()));
        if boundary && len > start {
            push(&mut w, start, len);
            start = len;
        }
        w.lower[len] = c.to_ascii_lowercase();
        len += 1;
    }
    push(&mut w, start, len);
    w
}

/// Words that make a name a credential name, and the class of value they hold.
fn credential_word(seg: &str) -> Option<(Class, &'static str)> {
    Some(match seg {
        "password" | "passwd" | "pwd" | "pw" | "pass" | "passphrase" | "passcode" | "passwort" | "psk" => (Class::Password, "password"),
        // PAM's and sssd's authentication token (`ldap_default_authtok`): the bind password.
        "authtok" => (Class::Password, "password"),
        "secret" | "clientsecret" | "appsecret" | "secretkey" => (Class::Token, "secret"),
        "token" | "accesstoken" | "refreshtoken" | "authtoken" | "bearertoken" | "apitoken" | "sessiontoken" => (Class::Token, "token"),
        "key" | "apikey" | "accesskey" | "privatekey" | "signingkey" | "masterkey" | "encryptionkey" => (Class::Token, "api-key"),
        "credential" | "credentials" | "creds" => (Class::Token, "credential"),
        "bearer" | "pat" => (Class::Token, "token"),
        // The SK of an AK/SK pair (Huawei Cloud's `HUAWEICLOUD_SDK_SK`, Baidu's, Qiniu's).
        "sk" => (Class::Token, "secret"),
        // Duo's secret key beside its integration key `ikey` (`authproxy.cfg`, `duo_client`).
        "skey" => (Class::Token, "secret"),
        "authorization" => (Class::Token, "authorization"),
        // A salt an application keys its hashes or signatures with is a shared secret:
        // WordPress's `AUTH_SALT`, BigBlueButton's `securitySalt`, `HASHIDS_SALT`.
        "salt" => (Class::Token, "secret"),
        // redis.conf's names for its passwords.
        "requirepass" | "masterauth" | "masterpass" => (Class::Password, "password"),
        // Session cookies and ids by their common names (`laravel_session`, `JSESSIONID`).
        "session" | "sessionid" | "sessid" | "jsessionid" | "phpsessid" | "aspsessionid" => (Class::Token, "session-cookie"),
        s if s.ends_with("password") || s.ends_with("passwd") => (Class::Password, "password"),
        // `SSHPASS`, `DBPASS`, `masterpass`; not `bypass`, `compass`.
        s if s.ends_with("pass") && s.len() > 4 && !NOT_PASS.iter().any(|w| s.ends_with(w)) => (Class::Password, "password"),
        s if s.ends_with("token") && s.len() > 5 && !s.ends_with("itoken") => (Class::Token, "token"),
        s if s.ends_with("secret") => (Class::Token, "secret"),
        // One word run together (`secretapikey`, `privateaccesskey`, `serverauthkey`).
        s if s.len() > 6 && ["apikey", "secretkey", "accesskey", "authkey", "privatekey"].iter().any(|k| s.ends_with(k)) => (Class::Token, "api-key"),
        // Keys named for what they key, run together (`appkey` of many SDKs, Europeana's
        // `wskey`, a `licensekey`, an HMAC's `sharedkey`).
        "appkey" | "wskey" | "devkey" | "userkey" | "licensekey" | "sharedkey" | "hmackey" => (Class::Token, "api-key"),
        _ => return None,
    })
}

/// Words that end in `pass` without being one.
const NOT_PASS: &[&str] = &["bypass", "compass", "overpass", "underpass", "trespass", "encompass", "surpass", "firstpass", "onepass", "multipass"];

/// A word before `key` that makes it a database/data-structure key, not a credential.
const KEY_MODIFIERS: &[&str] = &[
    "primary", "foreign", "public", "pub", "publishable", "sort", "partition", "cache", "idempotency", "unique",
    "composite", "hash", "range", "row", "map", "dict", "lookup", "search", "object", "registry", "attribute", "attr",
    "property", "prop", "field", "column", "index", "group", "grouping", "message", "translation", "i18n", "hot", "short", "sign",
    "dedup", "dedupe", "routing", "shard", "natural", "surrogate", "candidate", "compound", "api_key_id",
    // A key that names a project (`sonar.projectKey`), not a credential.
    "project",
    // An issue tracker's key (Jira's `issue_key: OPS-4308`): a ticket's public name.
    "issue", "ticket",
    // A search corpus's or collection's name (Vectara's `corpus_key: handbook-1`).
    "corpus", "collection",
    // A CAPTCHA's site key (reCAPTCHA's `RECAPTCHA_SITE_KEY`, Turnstile's and hCaptcha's
    // `data-sitekey`), which the widget takes in the page: public by design (the secret key is
    // the credential). GameAnalytics' game key, the game's public id beside its secret key, and
    // LootLocker's domain key, which game clients ship (a DKIM key is a PEM, read as one).
    "site", "game", "domain",
];

/// A word before `token` that makes it a paging or request marker an API hands back, not a
/// credential: CloudWatch's `nextForwardToken`, Google's `nextPageToken`, S3's
/// `NextContinuationToken`, Calendar's `syncToken`, an `idempotency_token`.
const TOKEN_MODIFIERS: &[&str] = &["next", "prev", "previous", "page", "continuation", "pagination", "forward", "backward", "sync", "resume", "idempotency"];

/// Words after the credential word that make the name about the credential, not the credential.
const BENIGN_TAILS: &[&str] = &[
    "id", "ids", "name", "names", "type", "types", "length", "len", "size", "count", "min", "max", "path", "file",
    "filename", "dir", "url", "uri", "endpoint", "header", "headers", "field", "param", "enabled", "enable", "disabled",
    "required", "prefix", "suffix", "format", "policy", "expiry", "expires", "expiration", "ttl", "timeout", "version",
    "env", "var", "label", "hint", "mode", "provider", "store", "manager", "ref", "location", "host", "port", "user",
    "username", "usage", "limit", "index", "valid", "validation", "rotation", "column", "regex", "pattern",
    "placeholder", "example", "description", "kind", "hash", "digest", "strength", "reset", "changed", "updated",
    "created", "at", "date", "time", "algorithm", "alg", "method", "scheme", "source", "set", "exists", "present",
    "rules", "prompt", "help", "schema", "class", "fn", "func", "callback", "handler", "generator", "days", "hours",
    "seconds", "minutes", "ms", "secs", "retries", "attempts", "rounds", "iterations", "field", "input", "label", "is", "has", "file",
    "arn", "region", "bytes", "bits", "encoding", "count", "len", "lifetime", "age", "duration", "store", "vault",
    "stdin", "fd", "cmd", "command", "helper", "prompt", "ask", "check", "checker", "strategy", "auth", "authentication",
    // A digest or a fragment of the credential, not the credential (`token_sha256`, `api_key_last4`).
    "sha1", "sha256", "sha512", "md5", "hashed", "salt", "fingerprint", "last4", "first4", "last", "suffix4",
];

/// The credential class and kind of a name, if its words say it holds a credential (or a tool's
/// manual names it as one: `SSHPASS`, `REDISCLI_AUTH`).
pub(super) fn classify(name: &[u8]) -> Option<(Class, &'static str)> {
    if cli::ENV_NAMES.iter().any(|n| n.as_bytes().eq_ignore_ascii_case(name)) {
        return Some((Class::Password, "password"));
    }
    let segs = segments(name);
    let n = segs.n;
    // `MAILCHIMP_API`, `OPENAI_API`: an API named by itself is its key (only as the last word).
    let last_api = n > 1 && segs.get(n - 1) == "api";
    // `AGORA_APP_CERTIFICATE`, `appCertificate`: an app's certificate (Agora's) is the secret that
    // signs its tokens; `certificate` alone names public certificates.
    let app_certificate = n > 1 && segs.get(n - 1) == "certificate" && segs.get(n - 2) == "app";
    // `API_KEYS=k1,k2` (SuperTokens core), `apiTokens`: an API's keys as a list are its keys.
    let api_keys = n > 1 && segs.get(n - 2) == "api" && matches!(segs.get(n - 1), "keys" | "tokens");
    let (at, found) = if last_api || api_keys {
        (n - 1, (Class::Token, "api-key"))
    } else if app_certificate {
        (n - 1, (Class::Token, "secret"))
    } else {
        segs.iter().enumerate().rev().find_map(|(i, s)| credential_word(s).map(|c| (i, c)))?
    };
    if segs.get(at) == "key" && at > 0 && KEY_MODIFIERS.contains(&segs.get(at - 1)) {
        return None;
    }
    if segs.get(at) == "token" && at > 0 && TOKEN_MODIFIERS.contains(&segs.get(at - 1)) {
        return None;
    }
    // A bare `SK` is a sort key (DynamoDB's `PK` / `SK`); the secret of an AK/SK pair is named
    // for its provider or SDK (`HUAWEICLOUD_SDK_SK`).
    if segs.get(at) == "sk" && at == 0 {
        return None;
    }
    // `existingSecret`, `existing_password_secret`: the name of a secret that exists elsewhere
    // (a Helm chart's reference), not its value; Drone's and Woodpecker's `from_secret: name`.
    if segs.iter().take(at).any(|s| s == "existing" || s == "from") {
        return None;
    }
    // `NEXT_PUBLIC_…_TOKEN`, `MJ_APIKEY_PUBLIC`, `publishableKey`: a value meant for the browser
    // (Next.js, Expo, Nuxt and SvelteKit put `PUBLIC_` variables into the pages they serve).
    if segs.iter().any(|s| s == "public" || s == "publishable") {
        return None;
    }
    // `DB_PASSWORD_SECRET`, `passwordSecret`: the (Kubernetes, Vault) secret that holds the
    // password, named by its name; an OAuth `token_secret` stays a credential.
    if segs.get(at) == "secret" && at > 0 && credential_word(segs.get(at - 1)).is_some_and(|(c, _)| c == Class::Password) {
        return None;
    }
    let tail = at + 1..n;
    // `private_key_id` / `access_key_id` hold (half of) a credential; other `*_id` do not.
    // `_session_id` is the session cookie itself, like `sessionid`.
    let key_id = tail.len() == 1 && segs.get(at + 1) == "id" && ((at > 0 && matches!(segs.get(at - 1), "private" | "access")) || segs.get(at) == "session");
    if !key_id && tail.clone().any(|t| BENIGN_TAILS.contains(&segs.get(t))) {
        return None;
    }
    let aws_secret = segs.iter().any(|s| s == "aws") && segs.iter().any(|s| s == "secret");
    Some(if aws_secret { (found.0, "aws-secret-access-key") } else { found })
}

/// Whether a name (an environment variable's, a key's) says it holds a credential: the test for
/// the user's own secrets, from the environment and from files alike.
pub(super) fn credential_name(name: &str) -> bool {
    classify(name.as_bytes()).is_some() && !SHELL_STATE.iter().any(|s| s.eq_ignore_ascii_case(name))
}

/// Variables the shell keeps for itself whose names read as credential names (`PWD` is the working
/// directory, not a password): their values are paths, and redacting them breaks every command.
const SHELL_STATE: &[&str] = &["PWD", "OLDPWD"];

/// The values assigned to credential names in a file's text (`KEY=value`, `export KEY=value`,
/// `key: value` lines), whatever they look like: a host's `.env` holds the user's own secrets.
pub(super) fn assigned_credentials(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim_start().trim_start_matches("export ").trim_start();
        if line.starts_with('#') {
            continue;
        }
        let Some(op) = line.find(['=', ':']) else { continue };
        let (name, value) = (line[..op].trim(), line[op + 1..].trim());
        let value = value.trim_matches(|c| c == '"' || c == '\'');
        if !name.is_empty() && !value.is_empty() && name.bytes().all(is_ident) && credential_name(name) {
            out.push(value.to_string());
        }
    }
    out
}

/// Skips an optional quote, plain or JSON-escaped (`"`, `'`, `\"`, `\\\"`), or the shell's quote
/// inside a single-quoted string (`'\''`: the string closes, an escaped quote, it opens again),
/// and a Python literal's prefix before it (`b"…"`, `rb'…'`, `f"…"`); returns (new pos, quote).
pub(super) fn skip_quote(b: &[u8], mut i: usize) -> (usize, Option<u8>) {
    if b[i.min(b.len())..].starts_with(b"'\\''") {
        return (i + 4, Some(b'\''));
    }
    let start = i;
    let prefix = b[i.min(b.len())..].iter().take(3).take_while(|c| matches!(c.to_ascii_lowercase(), b'b' | b'r' | b'u' | b'f')).count();
    let escapes = b[(i + prefix).min(b.len())..].iter().take(3).take_while(|&&c| c == b'\\').count();
    if prefix <= 2 && matches!(b.get(i + prefix + escapes), Some(b'"' | b'\'')) && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
        i += prefix;
    }
    let escapes_from = i;
    while i < b.len() && b[i] == b'\\' && i - escapes_from < 3 {
        i += 1;
    }
    match b.get(i) {
        Some(&q @ (b'"' | b'\'' | b'`')) => (i + 1, Some(q)),
        _ => (start, None),
    }
}

pub(super) fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && matches!(b[i], b' ' | b'\t') {
        i += 1;
    }
    i
}

/// Past whitespace and line breaks, raw or JSON-escaped (`\n`), from `i`, at most `max` bytes.
fn skip_space(b: &[u8], mut i: usize, max: usize) -> usize {
    let stop = (i + max).min(b.len());
    while i < stop {
        match b[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'\\' if matches!(b.get(i + 1), Some(b'n' | b'r' | b't')) => i += 2,
            _ => break,
        }
    }
    i
}

/// The value starting at `i`: up to its closing quote, or, unquoted, up to whitespace or a
/// delimiter; never into a JSON escape, so redacting it keeps JSON valid. Bounded by the string
/// only, so a long value (a kubeconfig `client-key-data`, an `aws_session_token`) goes whole.
/// Returns the value without trailing punctuation, and the end of the raw run (whose
/// placeholder check, `sk_live_...`, the caller makes last: it is the dearest).
pub(super) fn value_at(text: &str, i: usize, quote: Option<u8>) -> (usize, usize, usize) {
    let b = text.as_bytes();
    let quoted = quote.is_some();
    let mut end = i;
    while end < b.len() {
        let c = b[end];
        // Inside quotes only the same quote ends the value (`'a"b'`); a quote mark that is no
        // ASCII byte (`«`, `「`) is given as `Some(0)`: any quote ends it.
        let closes = match quote {
            Some(q) if q != 0 => c == q,
            _ => matches!(c, b'"' | b'\'' | b'`'),
        };
        // An XML-escaped line break (`&#10;`) ends a value as a `\n` escape does.
        let entity_break = c == b'&' && (b[end..].starts_with(b"&#10;") || b[end..].starts_with(b"&#13;"));
        let stop = c.is_ascii_whitespace() || closes || c == b'\\' || (!quoted && matches!(c, b',' | b';')) || c >= 0x80 || entity_break;
        if stop {
            break;
        }
        end += 1;
    }
    let raw_end = end;
    // Trailing punctuation of prose or code is not part of the value.
    while end > i && (matches!(b[end - 1], b'.' | b',' | b';' | b':' | b'!' | b'?') || (!quoted && b[end - 1] == b')')) {
        end -= 1;
    }
    (i, end, raw_end)
}

/// `NAME=value`, `name: value`, `"name": "value"`, `name := "value"`, `--name value`, also inside
/// JSON-escaped strings, where the name's words say it holds a credential.
pub fn assignment(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done_until = 0;
    for &(hs, he) in hits {
        if hs < done_until {
            continue;
        }
        let mut s = hs;
        // Not into a JSON escape's letter (`\tpsk=`, `\npassword=`).
        while s > 0 && is_ident(b[s - 1]) && !super::escaped_blank_before(b, s) {
            s -= 1;
        }
        let mut e = he;
        while e < b.len() && is_ident(b[e]) {
            e += 1;
        }
        done_until = e;
        if !scan.spend(e - s) {
            return;
        }
        // A resource type inside an ARN (`arn:aws:secretsmanager:…:secret:rds!db-…`): the ARN
        // names the secret, and is no assignment.
        if s > 0 && b[s - 1] == b':' && in_arn(b, s) {
            continue;
        }
        // `not the secret: …` says what the value is not.
        if negated_name(scan, s) {
            continue;
        }
        // A step of a URN (`urn:pulumi:prod::billing::random:index/randomPassword:randomPassword::db`,
        // a Pulumi resource's name): the URN names a resource, and is no assignment.
        if s > 0 && matches!(b[s - 1], b':' | b'/') && in_urn(b, s) {
            continue;
        }
        let name_start = s + b[s..e].iter().take_while(|&&c| c == b'-' || c == b'.').count();
        // `--password x`, and a single-dash long option (`-storepass x`, `-vaultToken x`).
        let dashes = name_start - s;
        let flag = (dashes == 2 || (dashes == 1 && e - name_start > 2)) && (s == 0 || b[s - 1].is_ascii_whitespace());
        // A query parameter (`?token=`) is the query rule's.
        if name_start >= e {
            continue;
        }
        // A query or form parameter (`?…&PLAID_SECRET=…&…`): its value ends at the next `&`.
        let parameter = s > 0 && matches!(b[s - 1], b'?' | b'&');
        // `$NAME` is a reference, unless assigned to (`$password = '…'` in PHP or Perl).
        let dollar = s > 0 && b[s - 1] == b'$';
        // `<password>value</password>` (Maven settings, any XML element named for a credential),
        // also with attributes: FileZilla's `<Pass encoding="base64">` holds the password in
        // base64, and an element whose attributes say it is encrypted or hashed
        // (`encoding="crypt"`, `encrypted="true"`) holds no password.
        let tag_end = (s > 0 && b[s - 1] == b'<').then(|| element_attributes(b, e)).flatten();
        if let Some(gt) = tag_end {
            let attrs = &b[e..gt];
            let base64 = memchr::memmem::find(attrs, b"base64").is_some();
            let sealed = (attrs.windows(5).any(|w| w.eq_ignore_ascii_case(b"crypt")) || attrs.windows(4).any(|w| w.eq_ignore_ascii_case(b"hash")))
                && memchr::memmem::find(attrs, b"false").is_none();
            if let Some((class, kind)) = classify(&b[name_start..e]).filter(|_| !sealed) {
                let mut vs = gt + 1;
                // Windows' unattend.xml holds it one element down: `<Password>⏎<Value>…</Value>`.
                let inner = skip_space(b, vs, 64);
                if b.len() >= inner + 7 && b[inner..inner + 7].eq_ignore_ascii_case(b"<Value>") {
                    vs = inner + 7;
                }
                let ve = vs + b[vs..].iter().take_while(|&&c| !matches!(c, b'<' | b'\n' | b'\r')).count();
                let value = scan.text[vs..ve].trim();
                let vs = vs + scan.text[vs..ve].find(value).unwrap_or(0);
                let taken = if base64 { base64_password(value, class) } else { accept(value, value, class, true) };
                if b[ve..].starts_with(b"</") && taken {
                    out.push(SecretMatch::new(vs, vs + value.len(), kind));
                }
            }
            continue;
        }
        // `use 'x' for password`, `set "x" as the DB_PASSWORD`: a quoted value before the name.
        if let Some((vs, ve)) = quoted_before(b, s) {
            let name = &b[name_start..e];
            let value = &scan.text[vs..ve];
            match classify(name) {
                Some((class, kind)) if accept(value, value, class, true) => out.push(SecretMatch::new(vs, ve, kind)),
                None => out.extend(auth_value(name, value).map(|(a, z)| SecretMatch::new(vs + a, vs + z, "password"))),
                _ => {}
            }
            continue;
        }
        let (mut i, name_quote) = skip_quote(b, e);
        // A subscript (`$cfg['password'] = …`, `config["api_key"] = …`): the bracket closes the name.
        if name_quote.is_some() && b.get(i) == Some(&b']') && s >= 2 && b[s - 2] == b'[' && Some(b[s - 1]) == name_quote {
            i += 1;
        }
        i = skip_blanks(b, i);
        let rest = &b[i.min(b.len())..];
        let quoted_after = |n: usize| skip_quote(b, skip_blanks(b, i + n)).1.is_some();
        // LDIF's `attr:: value` holds the value in base64 (RFC 2849): a credential-named
        // attribute's value goes when it encodes a password, not a stored hash (`{SSHA}…`).
        if rest.starts_with(b"::") && matches!(rest.get(2), Some(b' ' | b'\t')) && name_quote.is_none() && line_begins(b, s) {
            if let Some((class, kind)) = classify(&b[name_start..e]) {
                let vs = skip_blanks(b, i + 2);
                let ve = vs + b[vs..].iter().take(4096).take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'=')).count();
                if !scan.spend(ve - vs) {
                    return;
                }
                if base64_password(&scan.text[vs..ve], class) {
                    out.push(SecretMatch::new(vs, ve, kind));
                }
            }
            continue;
        }
        let op_len = match rest {
            _ if dollar && (!rest.starts_with(b"=") || rest.starts_with(b"==")) => continue,
            // A comparison with a literal (`if password == "…"`) holds the credential too.
            [b'=', b'=', b'=', ..] | [b'!', b'=', b'=', ..] if quoted_after(3) => 3,
            [b'=', b'=', ..] | [b'!', b'=', ..] if quoted_after(2) => 2,
            [b':', b'=', ..] | [b'=', b'>', ..] | [b'?', b'=', ..] => 2,
            [b'=', b'=', ..] | [b':', b':', ..] => continue,
            [b'=', ..] | [b':', ..] => 1,
            // `<add key="DbPassword" value="…"/>`, `<property name="password" value="…"/>`.
            _ if name_quote.is_some() && rest.starts_with(b"value=") => 6,
            // `define('DB_PASSWORD', 'x')`, `setdefault("token", "x")`: a quoted name, a comma, a
            // quoted value.
            // The name opens the call's arguments: in `"type": "random_password", "name"` it is a value.
            [b',', ..] if name_quote.is_some() && s > 0 && Some(b[s - 1]) == name_quote && opens_call(b, s - 1) && skip_quote(b, skip_blanks(b, i + 1)).1.is_some() => 1,
            // `$mollie->setApiKey("…")`, `client.set_password('…')`, `.withToken("…")`: a setter
            // named for the credential, called with a literal.
            [b'(', ..] if name_quote.is_none() && (setter(&b[name_start..e]) || credential_method(b, name_start, &b[name_start..e])) && quoted_after(1) => 1,
            _ if (flag || declared(b, s)) && i > e => 0,
            // Prose: `the api_key is "x"`, `set DB_PASSWORD to 'x'` (a quoted value only).
            _ if i > e => match word_operator(rest) {
                Some(n) if skip_quote(b, skip_blanks(b, i + n)).1.is_some() => n,
                _ => continue,
            },
            _ => continue,
        };
        // Only now split the name into words: most names in clean text have no operator after them.
        let name = &b[name_start..e];
        // A secret scanner's echo of what it matched (gitleaks' `Secret`) is judged by the line
        // it matched, not by its field's name (`scanners`).
        if name == b"Secret" {
            if !scan.spend(2 * super::scanners::FIELD_REACH) {
                return;
            }
            if super::scanners::in_report(b, s) {
                continue;
            }
        }
        // `Public key: age1…`, `primary key: id`: a modifier written as a word of its own.
        if name.eq_ignore_ascii_case(b"key") && word_before(b, s).is_some_and(|w| KEY_MODIFIERS.iter().any(|m| m.as_bytes().eq_ignore_ascii_case(w))) {
            continue;
        }
        let after_op = i + op_len;
        i = skip_blanks(b, after_op);
        let (vi, quote) = skip_quote(b, i);
        // `--password --catalog hive`: an option right after the flag, which takes no value here
        // (trino's `--password` only asks for one). And a bare word a wide blank run away is the
        // next column of a side-by-side view (`diff -y`, a pane), not this name's value.
        // So is an option or another assignment after `NAME= ` (`--build-arg PW= --build-arg …`,
        // `env AUTH_SECRET= OTHER=…`: an empty value).
        if quote.is_none()
            && ((op_len == 0 && b.get(vi) == Some(&b'-')) || (i > after_op && (b[vi..].starts_with(b"--") || assignment_at(b, vi))) || i - after_op >= COLUMN_GAP)
        {
            continue;
        }
        // An ODBC connection string's braced value (`PWD={p;w d}`, `}}` a literal brace): the
        // braces quote it, so it may hold `;`, blanks and braces.
        if quote.is_none() && op_len == 1 && rest[0] == b'=' && b.get(vi) == Some(&b'{') {
            if let Some((vs, ve)) = odbc_braced(b, vi)
                && let Some((class, kind)) = classify(name)
                && accept(&scan.text[vs..ve], &scan.text[vs..ve], class, true)
            {
                out.push(SecretMatch::new(vs, ve, kind));
            }
            continue;
        }
        let (vs, mut ve, mut raw_end) = value_at(scan.text, vi, quote);
        // An INI or env line (`password=kS/,keN@n6`) holds its value to the line's end: a comma
        // or semicolon there is part of it, not the end of an argument.
        let ini_line = quote.is_none() && op_len == 1 && rest[0] == b'=' && line_begins(b, s);
        if ini_line && matches!(b.get(raw_end), Some(b',' | b';')) {
            (_, ve, raw_end) = value_at_line(scan.text, vi);
        }
        // Such a line's value that ends the line keeps its last character: `!`, `.` or `?` is
        // no sentence's end there (`password=x#fwv_WqkTa!`).
        let line_end = raw_end == b.len() || matches!(b[raw_end], b'\n' | b'\r') || b[raw_end..].starts_with(b"\\n");
        if ini_line && line_end {
            ve = raw_end;
        }
        // A value runs to a blank or quote: one glued run of `password=password=…` is read again
        // from each name inside it.
        if !scan.spend(raw_end - e) {
            return;
        }
        if parameter && let Some(amp) = b[vs..raw_end].iter().position(|&c| matches!(c, b'&' | b'#')) {
            (ve, raw_end) = (vs + amp, vs + amp);
        }
        let value = &scan.text[vs..ve];
        // The value is judged without trailing punctuation (prose may end with it), but where the
        // value's own syntax ends it, the redaction covers it whole: a quoted value at its closing
        // quote (`passwd="Willow2024."`, `"password":"…::"`), a flag's word at its blank
        // (`--master-user-password Orchid2008. --vpc…`), and a `key=value` pair at its line's
        // end (`connect = … password=Glacier2021?`).
        let closes = quote.is_some() && b[raw_end..].iter().take(4).find(|&&c| c != b'\\') == quote.as_ref();
        let word_ends = quote.is_none() && op_len == 0 && flag && b.get(raw_end).is_none_or(u8::is_ascii_whitespace);
        let pair_ends = quote.is_none() && op_len == 1 && rest[0] == b'=' && after_op == e + 1 && i == after_op && line_end;
        let whole = if closes || word_ends || pair_ends { raw_end } else { ve };
        // A bare `key` holding a UUID or a name is a record's or map entry's key (a LaunchDarkly
        // context `{ kind: 'user', key: '…' }`, Postman's `{"key": "Content-Type", "value": …}`,
        // `key = 'DB_PASSWORD'`), not a credential: those are named for what they open.
        if name.eq_ignore_ascii_case(b"key") && validate::record_key(value) {
            continue;
        }
        // systemd's `SetCredential=ID:DATA`: the data after the id is the credential, unless it
        // spans words or lines (a file handed over whole, C-escaped), whose own settings the
        // other detectors read once decoded.
        if name.eq_ignore_ascii_case(b"SetCredential") {
            let line_end = vs + b[vs..].iter().position(|&c| matches!(c, b'\n' | b'\r')).unwrap_or(b.len() - vs);
            let Some(colon) = b[vs..line_end].iter().position(|&c| c == b':').map(|k| vs + k + 1) else { continue };
            let data = scan.text[colon..line_end].trim_end();
            if !data.contains([' ', '\t', '\\']) && accept(data, data, Class::Token, false) {
                out.push(SecretMatch::new(colon, colon + data.len(), "credential"));
            }
            continue;
        }
        // Rollbar.js's browser snippet: its `_rollbarConfig.accessToken` is a `post_client_item`
        // token, written into every page (server tokens go to `rollbar.init` on the server).
        if name.eq_ignore_ascii_case(b"accessToken") && in_object_named(b, s, b"_rollbarConfig") {
            continue;
        }
        match classify(name) {
            // `authorization: "Zoho-enczapikey ****"`: the scheme before a stand-in.
            Some((_, "authorization")) if super::scheme_of_a_stand_in(b, ve) => {}
            Some((class, kind)) => {
                if accept(value, &scan.text[vs..raw_end], class, quote.is_some()) || provider_shaped(name, value) {
                    out.push(SecretMatch::new(vs, whole, kind));
                }
                // Terraform's plan shows a changed value as `"old" -> "new"`: the new one is
                // assigned to the name too (the old one is often the placeholder it replaces).
                if let Some((ns, ne)) = quote.and_then(|_| changed_to(scan.text, raw_end))
                    && accept(&scan.text[ns..ne], &scan.text[ns..ne], class, true)
                {
                    out.push(SecretMatch::new(ns, ne, kind));
                }
            }
            None if hex_credential_name(name, value) => out.push(SecretMatch::new(vs, ve, "api-key")),
            None => out.extend(auth_value(name, value).map(|(a, z)| SecretMatch::new(vs + a, vs + z, "password"))),
        }
    }
}

/// Longest run of attributes read after an element's name.
const ATTRIBUTES_REACH: usize = 256;

/// Where the start tag whose name ends at `e` closes (its `>`): right away, or after attributes on
/// the same line; `None` for an empty element (`/>`) or no tag.
fn element_attributes(b: &[u8], e: usize) -> Option<usize> {
    match b.get(e) {
        Some(b'>') => Some(e),
        Some(b' ' | b'\t') => {
            let to = (e + ATTRIBUTES_REACH).min(b.len());
            let gt = e + b[e..to].iter().position(|&c| matches!(c, b'>' | b'<' | b'\n' | b'\r'))?;
            (b[gt] == b'>' && b[gt - 1] != b'/' && b[e..gt].contains(&b'=')).then_some(gt)
        }
        _ => None,
    }
}

/// A base64 value that encodes a password (not a stored hash), judged as the password would be.
fn base64_password(value: &str, class: Class) -> bool {
    value.len() >= 4
        && validate::base64_text(value).is_some_and(|text| !validate::stored_hash(&text) && accept(&text, &text, class, true))
}

/// Longest ARN looked back through (AWS's ARNs stay within 2048 characters; the resource type
/// comes within its first few fields).
const ARN_REACH: usize = 256;

/// Whether the word ending right before `s` (at a `:`) is the start of an ARN: `arn:` and its
/// partition, service, region and account fields, with no blank or quote between.
fn in_arn(b: &[u8], s: usize) -> bool {
    let from = s.saturating_sub(ARN_REACH);
    let start = b[from..s].iter().rposition(|&c| c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'`' | b'=' | b'\\' | b'(' | b',')).map_or(from, |k| from + k + 1);
    b[start..s].starts_with(b"arn:") && b[start..s].iter().filter(|&&c| c == b':').count() >= 5
}

/// Whether the word ending right before `s` (at a `:` or `/`) starts with `urn:` and a namespace.
fn in_urn(b: &[u8], s: usize) -> bool {
    let from = s.saturating_sub(ARN_REACH);
    let start = b[from..s].iter().rposition(|&c| c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'`' | b'=' | b'\\' | b'(' | b',')).map_or(from, |k| from + k + 1);
    b[start..s].len() > 6 && b[start..start + 4].eq_ignore_ascii_case(b"urn:") && b[start + 4].is_ascii_alphanumeric()
}

/// The value inside ODBC braces opening at `open`: up to the `}` that is not doubled, on its line.
/// `None` for an interpolation.
fn odbc_braced(b: &[u8], open: usize) -> Option<(usize, usize)> {
    let vs = open + 1;
    let mut k = vs;
    while k < (vs + 512).min(b.len()) {
        match b[k] {
            b'}' if b.get(k + 1) == Some(&b'}') => k += 2,
            // An interpolation in a format string (`f"PWD={os.environ['PW']}"`, `{get_pw()}`) is code.
            b'[' | b'(' if b[vs..k].iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.')) => return None,
            b'}' => return (k > vs).then_some((vs, k)),
            b'\n' | b'\r' | b'"' | b'\\' => return None,
            _ => k += 1,
        }
    }
    None
}

/// Farthest an object's opening (`var name = {`) is looked for before a member's name.
const OBJECT_REACH: usize = 256;

/// Whether the member name at `s` sits in an object literal assigned to `object` (no brace
/// between them).
fn in_object_named(b: &[u8], s: usize, object: &[u8]) -> bool {
    let head = &b[s.saturating_sub(OBJECT_REACH)..s];
    let Some(open) = head.iter().rposition(|&c| matches!(c, b'{' | b'}')).filter(|&k| head[k] == b'{') else { return false };
    let before = head[..open].trim_ascii_end().strip_suffix(b"=").unwrap_or(&head[..open]).trim_ascii_end();
    before.ends_with(object)
}

/// Blanks between an operator and a bare word past which the word is another column's.
const COLUMN_GAP: usize = 24;

/// Whether the name starting at `s` begins its line (after indentation), raw or JSON-escaped.
fn line_begins(b: &[u8], s: usize) -> bool {
    let mut k = s;
    while k > 0 && matches!(b[k - 1], b' ' | b'\t') {
        k -= 1;
    }
    k == 0 || b[k - 1] == b'\n' || (k >= 2 && b[k - 2] == b'\\' && b[k - 1] == b'n')
}

/// [`value_at`] for an unquoted value that runs to its line's end: up to whitespace, a quote, a
/// backslash (an escape) or a byte past ASCII.
fn value_at_line(text: &str, i: usize) -> (usize, usize, usize) {
    let b = text.as_bytes();
    let mut end = i;
    while end < b.len() && !(b[end].is_ascii_whitespace() || matches!(b[end], b'"' | b'\'' | b'`' | b'\\') || b[end] >= 0x80) {
        end += 1;
    }
    let raw_end = end;
    while end > i && matches!(b[end - 1], b'.' | b',' | b';' | b':' | b'!' | b'?') {
        end -= 1;
    }
    (i, end, raw_end)
}

/// The new value of `"old" -> "new"` (quotes plain or JSON-escaped), the old one's run ending at
/// `raw_end` (its closing quote, or the backslash before it).
fn changed_to(text: &str, raw_end: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let mut k = raw_end;
    while b.get(k) == Some(&b'\\') {
        k += 1;
    }
    if !matches!(b.get(k), Some(b'"' | b'\'')) || !b[k + 1..].starts_with(b" -> ") {
        return None;
    }
    let (vi, quote) = skip_quote(b, k + 5);
    let (vs, ve, _) = value_at(text, vi, Some(quote?));
    (ve > vs).then_some((vs, ve))
}

/// A value in a credential position is one unless it is a placeholder, a reference or a mask:
/// no keyboard-run or checksum veto here (a real password may contain `123456789`; a token that
/// fails its checksum but is assigned to `GITHUB_TOKEN=` costs nothing to redact).
/// A password field holding the password as a system stores it (Django's `pbkdf2_sha256$…$…$…` in
/// a fixture, `$2b$12$…`) holds no password.
pub(super) fn accept(value: &str, raw: &str, class: Class, quoted: bool) -> bool {
    validate::plausible(value, class, quoted) && !validate::placeholder(raw) && !(class == Class::Password && validate::stored_hash(value))
}

/// A value in the shape its provider, named in the setting's name, documents for its secret,
/// where [`validate::plausible`] turns that shape down as the public value it resembles:
/// hCaptcha's secret key is `0x` and 40 hex digits, an EVM address's shape
/// (`HCAPTCHA_SECRET=0x…`, `hcaptchaSecret: '0x…'`). Its test secret (forty zeros) stays a
/// placeholder.
pub(super) fn provider_shaped(name: &[u8], value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 42
        && b.starts_with(b"0x")
        && b[2..].iter().all(u8::is_ascii_hexdigit)
        && segments(name).iter().any(|s| s.starts_with("hcaptcha"))
        && !validate::placeholder(value)
}

/// Keywords that declare the name after them with a blank-separated value (no `=`): a
/// Dockerfile's legacy `ENV NAME value` / `ARG NAME value`, C's `#define NAME "value"` (an
/// Arduino sketch's `BLYNK_AUTH_TOKEN`), csh's `setenv NAME value`, Apache's `SetEnv NAME value`.
const DECLARATIONS: &[&[u8]] = &[b"ENV", b"ARG", b"#define", b"setenv", b"SetEnv"];

/// Whether one of [`DECLARATIONS`] and one blank stand right before the name, the keyword
/// starting a line or a string (a log event's message, a CDATA section), or following a blank (a
/// log prefix) or an escaped newline.
fn declared(b: &[u8], name_start: usize) -> bool {
    if name_start == 0 || !matches!(b[name_start - 1], b' ' | b'\t') {
        return false;
    }
    let head = &b[..name_start - 1];
    DECLARATIONS.iter().any(|kw| {
        head.ends_with(kw) && {
            let k = head.len() - kw.len();
            k == 0 || b[k - 1].is_ascii_whitespace() || matches!(b[k - 1], b'"' | b'\'' | b'[') || super::escaped_blank_before(b, k)
        }
    })
}

/// The quoted value in `"value" for the NAME` / `'value' as NAME` ending right before `name_start`,
/// within its line. Each look back stops at the nearest quote, and a hit needs a quote right
/// before its joint, so the looks of all hits together read the text about once.
fn quoted_before(b: &[u8], name_start: usize) -> Option<(usize, usize)> {
    let head = &b[name_start.saturating_sub(16)..name_start];
    let joint = [&b" for the "[..], b" as the ", b" as your ", b" for your ", b" for ", b" as "].into_iter().find(|j| head.ends_with(j))?;
    let close = name_start - joint.len() - 1;
    let q = b[close];
    if !matches!(q, b'"' | b'\'' | b'`') {
        return None;
    }
    let open = b[..close].iter().rposition(|&c| c == q || c == b'\n')?;
    (b[open] == q && open + 1 < close && !b[open + 1..close].iter().any(u8::is_ascii_whitespace)).then_some((open + 1, close))
}

/// Whether a function's name sets what the rest of it names (`setApiKey`, `with_token`,
/// `useAuthToken`): its argument is the value.
fn setter(name: &[u8]) -> bool {
    let segs = segments(method(name));
    segs.n >= 2 && matches!(segs.get(0), "set" | "with" | "use")
}

/// A method named for the credential it takes, called on a receiver (`Auth.api_key("…")`,
/// `CheckoutSdk.builder().secret_key('…')`, `.bearerToken("…")`): a builder's or client's setter
/// without `set`. A bare function of that name (`api_key("…")`) may be a lookup.
fn credential_method(b: &[u8], name_start: usize, name: &[u8]) -> bool {
    let receiver = name.contains(&b'.') || (name_start > 0 && b[name_start - 1] == b'.');
    let method = method(name);
    let segs = segments(method);
    receiver && segs.n >= 2 && !ACCESSOR_VERBS.contains(&segs.get(0)) && classify(method).is_some()
}

/// The method of a call's name, after its receiver (`set_password` of `conn.set_password`).
fn method(name: &[u8]) -> &[u8] {
    name.iter().rposition(|&c| c == b'.').map_or(name, |d| &name[d + 1..])
}

/// First words of a method that reads, checks or makes a credential rather than taking one.
const ACCESSOR_VERBS: &[&str] = &[
    "get", "fetch", "load", "read", "find", "lookup", "has", "is", "remove", "delete", "clear", "validate", "verify", "check",
    "refresh", "revoke", "generate", "create", "rotate", "encode", "decode", "hash", "print", "log", "parse", "request", "issue",
];

/// Whether the first non-blank byte before `quote` is the `(` of a call.
fn opens_call(b: &[u8], quote: usize) -> bool {
    b[..quote].iter().rposition(|c| !matches!(c, b' ' | b'\t')).is_some_and(|k| b[k] == b'(')
}

/// The word that ends one blank before `s` (`public` in `public key`).
fn word_before(b: &[u8], s: usize) -> Option<&[u8]> {
    let end = s.checked_sub(1).filter(|&k| b[k] == b' ')?;
    let start = b[..end].iter().rposition(|c| !c.is_ascii_alphanumeric()).map_or(0, |k| k + 1);
    (start < end).then(|| &b[start..end])
}

/// `is `, `to `, `was `, `=` spelled as a word in prose; its length with the blank after it.
fn word_operator(rest: &[u8]) -> Option<usize> {
    ["is ", "to ", "was ", "are ", "be ", "equals "].iter().find(|w| rest.len() >= w.len() && rest[..w.len()].eq_ignore_ascii_case(w.as_bytes())).map(|w| w.len())
}

/// `BASIC_AUTH=user:secret`, `REDISCLI_AUTH=…` (by name, see `classify`), npm's and docker's
/// `_auth` / `auth` (base64 of `user:secret`): the range of the secret in `value`.
fn auth_value(name: &[u8], value: &str) -> Option<(usize, usize)> {
    let segs = segments(name);
    if segs.iter().last() != Some("auth") {
        return None;
    }
    if let Some(colon) = value.find(':') {
        let secret = &value[colon + 1..];
        return (colon > 0 && accept(secret, secret, Class::Password, false)).then_some((colon + 1, value.len()));
    }
    validate::base64_user_pass(value).then_some((0, value.len()))
}

/// The value of a JSON member whose name says it holds a credential (`{"db_password": "…"}`):
/// a parsed document hands each string over without its name, so the name comes from the walk.
/// The whole string must be one value (as `value_at` would take it) and pass the assignment gate.
pub fn member(name: &str, text: &str) -> Option<SecretMatch> {
    // The byte scan first: most strings of a document are not one short value, and then the
    // name is never split into words.
    let (vs, ve, raw_end) = value_at(text, 0, Some(0));
    if raw_end != text.len() || ve - vs < validate::SHORTEST_VALUE {
        return None;
    }
    let value = &text[vs..ve];
    if name.eq_ignore_ascii_case("key") && validate::record_key(value) {
        return None;
    }
    match classify(name.as_bytes()) {
        Some((class, kind)) => accept(value, &text[vs..raw_end], class, true).then(|| SecretMatch::new(vs, ve, kind)),
        None => auth_value(name.as_bytes(), value).map(|(a, z)| SecretMatch::new(vs + a, vs + z, "password")),
    }
}

/// Whether the name starting at `s` is negated, a negation right before a determiner right before
/// it (`not the secret: …`, `isn't your password: …`): the value is said not to be the credential
/// (a Consul comment's `# accessor id, not the secret: 444ad66c-…`). Read backwards word by word,
/// a few bytes at most (the hit's own cost, nothing charged): `the password is …` in prose is the
/// common case and stops at the word before its determiner.
fn negated_name(scan: &Scan, s: usize) -> bool {
    let b = scan.bytes;
    let Some((w, e)) = short_word_before(b, s) else { return false };
    if !DETERMINERS.iter().any(|d| b[w..e].eq_ignore_ascii_case(d.as_bytes())) {
        return false;
    }
    let Some((nw, ne)) = short_word_before(b, w) else { return false };
    let negation = &b[nw..ne];
    negation.eq_ignore_ascii_case(b"not") || (negation.len() > 3 && negation[negation.len() - 3..].eq_ignore_ascii_case(b"n't"))
}

/// The short word (letters and apostrophes, at most 8 bytes) before the blanks (one to three) before
/// `at`, as `(start, end)`; `None` when there is no blank, or no such word whole.
fn short_word_before(b: &[u8], at: usize) -> Option<(usize, usize)> {
    let mut e = at;
    while e > 0 && at - e < 3 && matches!(b[e - 1], b' ' | b'\t') {
        e -= 1;
    }
    let mut w = e;
    while w > 0 && e - w < 8 && (b[w - 1].is_ascii_alphabetic() || b[w - 1] == b'\'') {
        w -= 1;
    }
    let whole = w == 0 || !(b[w - 1].is_ascii_alphanumeric() || b[w - 1] == b'\'');
    (e < at && w < e && whole).then_some((w, e))
}

/// The determiners [`negated_name`] reads after a negation.
const DETERMINERS: &[&str] = &["the", "a", "an", "my", "your", "our", "this", "its", "his", "her", "their"];

/// "the password is …", "here is the key …", "密码是…": a credential word after a determiner,
/// then the value; not after a negated one ([`negated_name`]).
pub fn phrase(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    static BEFORE: OnceLock<Regex> = OnceLock::new();
    static AFTER: OnceLock<Regex> = OnceLock::new();
    let before = BEFORE.get_or_init(|| {
        re(r"(?i)(?:^|[^A-Za-z0-9_])(?:the|my|your|our|this|its|his|her|their|new)[ \t]+(?:[A-Za-z0-9_-]+[ \t]+){0,2}$")
    });
    let after = AFTER.get_or_init(|| re(r"(?i)^[ \t]*(?:(?:is|was|=|:|is:|will be)[ \t]*)?(?:\\{0,3}[\x22'`])?"));
    let b = scan.bytes;
    for &(hs, he) in hits {
        let word = &b[hs..he];
        let cjk = !word.is_ascii();
        let mut i = he;
        if cjk {
            // 密码 then 是 / 为 / ： / : / =
            for sep in ["是", "为", "：", ":", "="] {
                if b[i..].starts_with(sep.as_bytes()) {
                    i += sep.len();
                    break;
                }
            }
        } else {
            let whole_word = (hs == 0 || !b[hs - 1].is_ascii_alphanumeric()) && (he == b.len() || !b[he].is_ascii_alphanumeric());
            // The determiner pattern ends in blanks: no blank before the word, no phrase.
            let after_blank = hs > 0 && matches!(b[hs - 1], b' ' | b'\t');
            if !whole_word || !after_blank || !before.is_match(&b[hs.saturating_sub(48)..hs]) || negated_name(scan, hs) {
                continue;
            }
            match after.find(&b[he..]) {
                Some(m) => i = he + m.end(),
                None => continue,
            }
        }
        let (vs, ve, raw_end) = value_at(scan.text, i, None);
        if !scan.spend(raw_end - hs.saturating_sub(48)) {
            return;
        }
        let value = &scan.text[vs..ve];
        let class = if cjk || word.eq_ignore_ascii_case(b"password") || word.len() > 6 && word[..4].eq_ignore_ascii_case(b"pass") {
            Class::Password
        } else {
            Class::Token
        };
        let kind = if class == Class::Password { "password" } else { "secret" };
        if accept(value, &scan.text[vs..raw_end], class, false) {
            out.push(SecretMatch::new(vs, ve, kind));
        }
    }
}

/// A line break inside a PEM block: real, or JSON-escaped once or twice (`\n`, `\\r\\n`), or a
/// space (flattened PEM), then indentation.
pub(super) fn pem_break(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if b[j..].starts_with(b"\r\n") || b[j..].starts_with(b"\n") {
        j += 1 + (b[j] == b'\r') as usize;
    } else if b.get(j) == Some(&b' ') {
        j += 1;
    } else {
        let slashes = b[j..].iter().take_while(|&&c| c == b'\\').count();
        if !(1..=3).contains(&slashes) {
            return None;
        }
        j += slashes;
        if b.get(j) == Some(&b'r') && b[j + 1..].starts_with(&b"\\".repeat(slashes)) && b.get(j + 1 + slashes) == Some(&b'n') {
            j += 1 + slashes;
        }
        if b.get(j) != Some(&b'n') {
            return None;
        }
        j += 1;
    }
    while j < b.len() && matches!(b[j], b' ' | b'\t') {
        j += 1;
    }
    Some(j)
}

pub(super) fn is_b64(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'=')
}

/// DER (`MI…`, `MH…`), OpenSSH (`openssh-key-v1`) or OpenPGP secret-key packets.
const PEM_MAGIC: &[&[u8]] = &[b"MI", b"MH", b"MG", b"b3BlbnNzaC1rZXktdjE", b"lQ", b"xc"];

/// `-----BEGIN … PRIVATE KEY-----`, its body lines and the END line, even when the block is
/// cut short or its newlines are `\n` escapes.
pub fn private_key(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    static BEGIN: OnceLock<Regex> = OnceLock::new();
    let begin = BEGIN.get_or_init(|| re(r"^-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----"));
    let b = scan.bytes;
    for &(hs, _) in hits {
        let Some(m) = begin.find(&b[hs..]) else { continue };
        let mut end = hs + m.end();
        let mut body = Vec::new();
        let mut i = end;
        while let Some(j) = pem_break(b, i) {
            if b[j..].starts_with(b"-----END") {
                let mut k = j + 8;
                while k < b.len() && (b[k].is_ascii_uppercase() || b[k].is_ascii_digit() || b[k] == b' ') {
                    k += 1;
                }
                while k < b.len() && b[k] == b'-' && k - j < 80 {
                    k += 1;
                }
                end = k;
                break;
            }
            let run = b[j..].iter().take_while(|&&c| is_b64(c)).count();
            let header = b[j..].iter().take_while(|&&c| c.is_ascii_alphanumeric() || c == b'-').count();
            if header > 0 && b.get(j + header) == Some(&b':') {
                // Proc-Type: / DEK-Info: / Comment: lines
                let rest = b[j + header..].iter().take_while(|&&c| c != b'\n' && c != b'\\').count();
                i = j + header + rest;
                end = i;
                continue;
            }
            if run == 0 {
                // An armored block (PGP) has a blank line between its headers and its body.
                if body.is_empty() && pem_break(b, j).is_some() && j > i {
                    i = j;
                    continue;
                }
                break;
            }
            body.extend_from_slice(&b[j..j + run]);
            i = j + run;
            end = i;
        }
        if !scan.spend(end.max(i) - hs) {
            return;
        }
        let magic = PEM_MAGIC.iter().any(|m| body.starts_with(m));
        let random = body.len() >= 64 && validate::entropy(&body) >= 4.5;
        if (magic && body.len() >= 16) || random {
            out.push(SecretMatch::new(hs, end, "private-key"));
        }
    }
}

/// A 40-character AWS secret access key within a short distance of an access key id.
pub fn aws_pair(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    static SECRET: OnceLock<Regex> = OnceLock::new();
    let secret = SECRET.get_or_init(|| re(r"[A-Za-z0-9/+]{40}"));
    let b = scan.bytes;
    for &(hs, _) in hits {
        let id_end = hs + 20;
        if id_end > b.len() || !b[hs + 4..id_end].iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
            continue;
        }
        let lo = hs.saturating_sub(200);
        let hi = (id_end + 200).min(b.len());
        if !scan.spend(hi - lo) {
            return;
        }
        for m in secret.find_iter(&b[lo..hi]) {
            let (s, e) = (lo + m.start(), lo + m.end());
            let bounded = (s == 0 || !is_b64(b[s - 1])) && (e == b.len() || !is_b64(b[e]));
            let v = &b[s..e];
            let mixed = v.iter().any(u8::is_ascii_lowercase) && v.iter().any(u8::is_ascii_uppercase) && v.iter().any(u8::is_ascii_digit);
            let value = &scan.text[s..e];
            if bounded && mixed && validate::entropy(v) >= 4.0 && !validate::vetoed(value) {
                out.push(SecretMatch::new(s, e, "aws-secret-access-key"));
            }
        }
    }
}

/// Names that are names when their value is words and a credential when it is a long hex
/// number: a project's key (SonarQube's `projectKey: corp_billing`, but Airbrake's and Errbit's
/// notifier authenticates with a project key of 32 hex digits) and a token's name (Teleport's
/// `join_params.token_name` is the join token itself).
fn hex_credential_name(name: &[u8], value: &str) -> bool {
    let segs = segments(name);
    let last_two = segs.n >= 2 && matches!((segs.get(segs.n - 2), segs.get(segs.n - 1)), ("project", "key") | ("token", "name"));
    last_two && value.len() >= 24 && value.bytes().all(|c| c.is_ascii_hexdigit())
}

/// Whether an environment assignment (`NAME=`, the name in capitals as environments name
/// things) starts at `i`; a base64 value's padding (`…jTiM=`) is none.
fn assignment_at(b: &[u8], i: usize) -> bool {
    let name = b[i..].iter().take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || **c == b'_').count();
    name > 0 && !b[i].is_ascii_digit() && b.get(i + name) == Some(&b'=') && b.get(i + name + 1) != Some(&b'=')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_follow_every_case_style() {
        assert_eq!(segments(b"awsSecretAccessKey").iter().collect::<Vec<_>>(), ["aws", "secret", "access", "key"]);
        assert_eq!(segments(b"AWS_SECRET_ACCESS_KEY").iter().collect::<Vec<_>>(), ["aws", "secret", "access", "key"]);
        assert_eq!(segments(b"x-api-key").iter().collect::<Vec<_>>(), ["x", "api", "key"]);
        assert_eq!(segments(b"APIKey").iter().collect::<Vec<_>>(), ["api", "key"]);
        assert_eq!(segments(b"gcpPrivateKeyId").iter().collect::<Vec<_>>(), ["gcp", "private", "key", "id"]);
    }

    #[test]
    fn values_end_where_their_syntax_ends() {
        // Judged without a trailing `.`, `?` or `:`, redacted with it where the value's own
        // syntax (a closing quote, a flag's blank, a pair at its line's end) ends it.
        for (text, value) in [
            ("<credentials host=\"repo\" username=\"ci\" passwd=\"Willow2024.\"/>", "Willow2024."),
            ("{\"user\":\"svc\",\"password\":\"2n6Oq53/OL6eSh.sj+le::\",\"x\":1}", "2n6Oq53/OL6eSh.sj+le::"),
            ("aws rds create-db-instance --master-user-password Orchid2008. --vpc-security-group-ids sg-1", "Orchid2008."),
            ("connect = host=db dbname=mail user=dovecot password=Glacier2021?\n", "Glacier2021?"),
        ] {
            let found: Vec<&str> = crate::rules::secrets::find(text).iter().map(|m| &text[m.start..m.end]).collect();
            assert_eq!(found, [value], "{text}");
        }
        // In prose, the sentence's period is no part of the value.
        let text = "Log in with password Hunter2024x. Then rotate it.";
        assert!(crate::rules::secrets::find(text).iter().all(|m| !text[m.start..m.end].ends_with('.')));
    }

    #[test]
    fn names_are_classified_by_their_words() {
        for yes in [&b"DB_PASSWORD"[..], b"apiKey", b"secret_key_base", b"GCP_PRIVATE_KEY_ID", b"x-api-key", b"SESSION_SECRET", b"authToken", b"secretapikey", b"serverauthkey", b"nextAuthToken", b"refresh_token", b"skey", b"securitySalt", b"AUTH_SALT", b"wskey", b"appKey", b"TURNSTILE_SECRET_KEY", b"GAMEANALYTICS_SECRET_KEY"] {
            assert!(classify(yes).is_some(), "{}", String::from_utf8_lossy(yes));
        }
        for no in [&b"primary_key"[..], b"token_type", b"password_min_length", b"keyboard_layout", b"monkey", b"tokenizer", b"secret_name", b"api_key_header", b"hotkey", b"passkey", b"turnkey", b"corpus_key", b"collectionKey", b"nextForwardToken", b"nextPageToken", b"NextContinuationToken", b"syncToken", b"idempotency_token", b"salt_rounds", b"whiskey", b"saltine", b"RECAPTCHA_SITE_KEY", b"turnstileSiteKey", b"GameKey", b"GAMEANALYTICS_GAME_KEY", b"DomainKey"] {
            assert!(classify(no).is_none(), "{}", String::from_utf8_lossy(no));
        }
    }
}
