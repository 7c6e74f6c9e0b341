//! Value checks: offline checksums and structure where a format has them, then the vetoes that
//! keep documentation values, placeholders, references, masks and agent-protocol ids from ever
//! being findings, and Shannon entropy as the last gate for values that carry no format of their own.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind};
use base64::Engine as _;

/// Signature of every per-detector check (`value` is the secret itself).
pub type Check = fn(&str) -> bool;

/// Documentation example values that are never findings.
const EXAMPLE_VALUES: &[&str] = &[
    "AKIAIOSFODNN7EXAMPLE",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    // Grafana's published default `secret_key` (`conf/defaults.ini`).
    "SW2YcwTIb9zpOOhoPsMm",
    // The TOTP seed of Google Authenticator's key-URI documentation, copied by every OTP tutorial.
    "JBSWY3DPEHPK3PXP",
    // pyotp's README example seed.
    "base32secret3232",
    // reCAPTCHA's documented test pair (every challenge passes; its own docs and tests use it).
    "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
    "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe",
    // Turnstile's dummy secret keys (always passes, always fails, token already spent).
    "1x0000000000000000000000000000000AA",
    "2x0000000000000000000000000000000AA",
    "3x0000000000000000000000000000000AA",
    // Java's documented password of its `cacerts` truststore (`keytool -storepass changeit`).
    "changeit",
    // GameAnalytics' published sandbox keys (game key, secret key), for its sandbox API only.
    "5c6bcb5402204249437fb5a7a80a4959",
    "16813a12f718bc5c620f56944e1abc3ea13ccbac",
];

/// The first accounts of the test mnemonic Anvil and Hardhat print at start: published in every
/// tutorial, holding nothing on any real chain.
const PUBLISHED_TEST_KEYS: &[&str] = &[
    "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
    "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
];

/// One of [`PUBLISHED_TEST_KEYS`], with or without `0x`.
pub fn published_test_key(value: &str) -> bool {
    let digits = value.strip_prefix("0x").unwrap_or(value);
    PUBLISHED_TEST_KEYS.iter().any(|k| k.eq_ignore_ascii_case(digits))
}

/// Substrings (ASCII case-insensitive) that mark a placeholder, a template, a mask or a marker
/// (angle brackets apart, see [`angle_bracketed`]):
/// Hermes's `«redacted:…»`, `***` and `ghp_AB...6789`, our own `[REDACTED:…]`, and the mask Windows
/// setup writes over the passwords of an unattend file it has applied; `demo` in a service's
/// published demo key (NASA's `DEMO_KEY`, Europeana's `api2demo`).
const PLACEHOLDER_PARTS: &[&str] = &[
    "example", "xxxx", "your", "placeholder", "redacted", "changeme", "change_me", "dummy", "demo", "${", "{{",
    "}}", "***", "...", "…", "«", "»", "*sensitive*data*deleted*",
];

/// Keyboard runs typed by hand into documentation (`ghp_aBcDeFgH…0123456789`).
const SEQUENCES: &[&str] = &["0123456789", "123456789", "abcdefgh"];

/// Ids from agent protocols (Anthropic, OpenAI), content digests, and keys that are public by
/// design (Stripe's publishable `pk_live_` / `pk_test_`, Mapbox's public `pk.`, New Relic's
/// browser key `NRJS-`, served in every page it monitors; Statsig's client SDK keys `client-`, which
/// its browser SDK takes in the page, the server secret being `secret-`; Razorpay's key id `rzp_live_` /
/// `rzp_test_`, which Checkout.js takes in the page, its secret being a separate value with no
/// prefix; the public SDK keys mobile apps ship: RevenueCat's `appl_` / `goog_` / `amzn_` (its
/// secret keys are `sk_`), Branch's `key_live_` / `key_test_` (its secret `secret_live_`),
/// Midtrans's `Mid-client-` (its server key `Mid-server-`); Rapyd's access key `rak_`, sent in the
/// clear with every request beside the signature its secret key `rsk_` makes): random-looking,
/// never secret.
const ID_PREFIXES: &[&str] = &[
    "pk_live_", "pk_test_", "pk.eyJ", "NRJS-", "client-", "rzp_live_", "rzp_test_", "appl_", "goog_", "amzn_", "key_live_", "key_test_", "Mid-client-", "rak_", "toolu_", "srvtoolu_", "msg_", "chatcmpl-", "cmpl-", "call_", "fp_", "resp_", "file-", "asst_", "thread_",
    "run_", "step_", "req_", "batch_", "vs_", "org-", "ft:", "sha1-", "sha256:", "sha256-", "sha384-", "sha512-",
    "md5:",
];

/// Never a finding, whichever rule proposed it.
pub fn vetoed(value: &str) -> bool {
    placeholder(value) || parts().1.is_match(value)
}

/// Builds the automatons below (see `crate::warm_up`).
pub fn warm() {
    parts();
}

/// One ASCII-case-insensitive automaton each for the placeholder parts and the sequences: a
/// value is read once, with no lowercased copy (these checks run on every candidate value).
fn parts() -> &'static (AhoCorasick, AhoCorasick) {
    static PARTS: OnceLock<(AhoCorasick, AhoCorasick)> = OnceLock::new();
    PARTS.get_or_init(|| {
        let build = |words: &[&str]| {
            AhoCorasickBuilder::new()
                .ascii_case_insensitive(true)
                .kind(Some(AhoCorasickKind::DFA))
                .build(words)
                .expect("placeholder automaton builds")
        };
        (build(PLACEHOLDER_PARTS), build(SEQUENCES))
    })
}

/// A documentation example, a placeholder, a mask or an agent-protocol id (the lenient subset of
/// [`vetoed`], for masking previews).
pub fn placeholder(value: &str) -> bool {
    if EXAMPLE_VALUES.contains(&value)
        || published_test_key(value)
        || ID_PREFIXES.iter().any(|p| value.starts_with(p))
        || browser_client_token(value)
        || adyen_client_key(value)
        || ghost_content_key(value)
        || growthbook_client_key(value)
    {
        return true;
    }
    let b = value.as_bytes();
    parts().0.find_iter(value).any(|m| written_word(&b[m.range()])) || distinct_bytes(b) <= 3 || angle_bracketed(value)
}

/// A placeholder word as people write it: in lower case, in capitals or capitalised (`your`,
/// `YOUR`, `Your`); the same letters in mixed case inside a random key (`…YoUrVo…`) are chance.
fn written_word(word: &[u8]) -> bool {
    let mut letters = word.iter().filter(|c| c.is_ascii_alphabetic());
    let Some(first) = letters.next() else { return true };
    let (lower, upper) = letters.fold((true, true), |(l, u), c| (l && c.is_ascii_lowercase(), u && c.is_ascii_uppercase()));
    lower || first.is_ascii_uppercase() && upper
}

/// A `<name>` inside the value (`<password>`, `pass-<env>-2024`); a lone `<` or `>` is one of the
/// symbols a generated password draws from (MySQL's temporary passwords do).
fn angle_bracketed(value: &str) -> bool {
    value.find('<').is_some_and(|i| value[i..].contains('>')) || value.starts_with('>') || value.ends_with('<')
}

fn distinct_bytes(b: &[u8]) -> usize {
    let mut seen = [false; 256];
    b.iter().filter(|&&c| !std::mem::replace(&mut seen[c as usize], true)).count()
}

/// Shannon entropy in bits per byte.
pub fn entropy(b: &[u8]) -> f32 {
    if b.is_empty() {
        return 0.0;
    }
    let mut counts = [0u32; 256];
    for &c in b {
        counts[c as usize] += 1;
    }
    let n = b.len() as f32;
    counts.iter().filter(|&&c| c > 0).map(|&c| {
        let p = c as f32 / n;
        -p * p.log2()
    }).sum()
}

/// Docker's and npm's `auth`: base64 of `user:secret`.
pub fn docker_auth(value: &str) -> bool {
    base64_user_pass(value)
}

pub fn any(_: &str) -> bool {
    true
}

/// A format-bound token whose body should still look random (gitleaks uses 3.0 for most).
pub fn entropy_3(value: &str) -> bool {
    entropy(value.as_bytes()) >= 3.0
}

/// Sentry's org token is `sntrys_` + base64 of its JSON claims (`eyJ…`) + `_` + the secret: one
/// without the `_` and secret is cut short (a wrap, a panel's fold), and the rest of it is elsewhere.
pub fn sentry(value: &str) -> bool {
    entropy_3(value) && (!value.starts_with("sntrys_eyJ") || value[10..].contains('_'))
}

/// The body of an `sk_` secret key (after the prefix and any word): letters and digits drawn at
/// random, of mixed case or 32 hex digits and more.
pub fn secret_key_body(value: &str) -> bool {
    let body = value.rsplit('_').next().unwrap_or_default().as_bytes();
    body.len() >= 24 && body.iter().any(u8::is_ascii_digit) && drawn_alphabet(body) && entropy(body) >= 3.5
}

/// The alphabets generated keys are drawn from: letters of both cases with digits, or 32 hex
/// digits and more.
pub fn drawn_alphabet(b: &[u8]) -> bool {
    let has = |f: fn(&u8) -> bool| b.iter().any(f);
    (has(u8::is_ascii_uppercase) && has(u8::is_ascii_lowercase) && has(u8::is_ascii_digit)) || (b.len() >= 32 && b.iter().all(u8::is_ascii_hexdigit))
}

/// `sk-` + 32..64 alphanumerics (OpenAI legacy, DeepSeek, Moonshot, …): random and with a digit.
pub fn sk_generic(value: &str) -> bool {
    value.bytes().any(|b| b.is_ascii_digit()) && entropy(value.as_bytes()) >= 3.5
}

const BASE62: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// GitHub and npm: the last 6 characters are base62(CRC32(the 30 random characters before)).
fn crc32_base62_suffix(value: &str, prefix_len: usize) -> bool {
    let b = value.as_bytes();
    if b.len() != prefix_len + 36 {
        return false;
    }
    let (body, check) = b[prefix_len..].split_at(30);
    let mut n = crc32fast::hash(body);
    let mut digits = [b'0'; 6];
    for d in digits.iter_mut().rev() {
        *d = BASE62[(n % 62) as usize];
        n /= 62;
    }
    n == 0 && digits == check
}

/// A value shaped like a checksummed token (GitHub `ghp_ gho_ ghu_ ghs_ ghr_`, npm `npm_`) whose
/// checksum fails is no credential, whichever rule sees it (e.g. `GITHUB_TOKEN=ghp_<bad>`).
pub fn checksum_fails(value: &str) -> bool {
    let b = value.as_bytes();
    let shaped = b.len() == 40 && b[3] == b'_' && b[4..].iter().all(u8::is_ascii_alphanumeric);
    shaped && matches!(&value[..4], "ghp_" | "gho_" | "ghu_" | "ghs_" | "ghr_" | "npm_") && !crc32_base62_suffix(value, 4)
}

/// A JWT's first segment decodes to a JSON object with an `alg`.
pub fn jwt(value: &str) -> bool {
    let header = value.split('.').next().unwrap_or("");
    let Ok(bytes) = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(header.trim_end_matches('=')) else {
        return false;
    };
    serde_json::from_slice::<serde_json::Value>(&bytes).is_ok_and(|v| v.get("alg").is_some_and(|a| a.is_string()))
}

/// A Discord bot token's first segment is base64 of the bot's id, a snowflake of 17 to 20 decimal
/// digits; random text of the same shape decodes to anything else.
pub fn discord_token(value: &str) -> bool {
    let id = value.split('.').next().unwrap_or("");
    let Ok(digits) = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(id.trim_end_matches('=')) else {
        return false;
    };
    (17..=20).contains(&digits.len()) && digits[0] != b'0' && digits.iter().all(u8::is_ascii_digit) && entropy_3(value)
}

/// How strict the generic gate is: passwords may be short and need not look like tokens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Class {
    Password,
    Token,
}

/// The shortest value the context rules accept (a password; tokens need 8).
pub const SHORTEST_VALUE: usize = 6;

/// A value that only its context (a credential name, a header, a phrase) marks as a secret:
/// not a reference, path, URL, word or number, and random enough, entropy checked last. Between
/// quotes brackets are part of a value (a Django key); unquoted they are code.
pub fn plausible(value: &str, class: Class, quoted: bool) -> bool {
    let b = value.as_bytes();
    let min = if class == Class::Password { SHORTEST_VALUE } else { 8 };
    if b.len() < min {
        return false;
    }
    if reference(b)
        || timestamp(b)
        || (!quoted && b.iter().any(|c| matches!(c, b'(' | b'[' | b'{' | b'}' | b']' | b')')))
        || value.contains("://")
        || looks_like_path(b)
    {
        return false;
    }
    let has = |f: fn(&u8) -> bool| b.iter().any(f);
    let (lower, upper, digit) = (has(u8::is_ascii_lowercase), has(u8::is_ascii_uppercase), has(u8::is_ascii_digit));
    // `soccer_epl`, `read-only`, `US_EAST`: words in one case joined by `_` or `-` are an
    // identifier or an enum's value (The Odds API's `sport_key`), not a generated key, unless a
    // piece is letters drawn at random. A password may be words.
    let joined_words = class != Class::Password
        && !(lower && upper)
        && b.iter().all(|&c| c.is_ascii_alphabetic() || c == b'_' || c == b'-')
        && b.split(|&c| c == b'_' || c == b'-').all(|piece| !random_letters(piece));
    let symbol = has(|c| !c.is_ascii_alphanumeric()) && !joined_words;
    if !lower && !upper {
        return false; // numbers, dates, versions, IPs
    }
    // A quoted word in a password's place is a (weak) password, unless it names one.
    let quoted_word = quoted && class == Class::Password && b.len() >= 8 && !NOT_A_PASSWORD.contains(&value.to_ascii_lowercase().as_str());
    let drawn_letters = !digit && !symbol && random_letters(b);
    if !(digit || symbol || (lower && upper && b.len() >= 20) || quoted_word || (quoted && mixed_case_run(b)) || drawn_letters) {
        return false; // identifiers and words
    }
    // `0x` and 40 hex digits: an EVM account or contract address, public by design (a
    // `TOKEN_CONTRACT`, an ERC-20 `"token"`); a private key has 64.
    if b.len() == 42 && b.starts_with(b"0x") && b[2..].iter().all(u8::is_ascii_hexdigit) {
        return false;
    }
    // Eight hex digits or fewer are 32 bits: an account's id (Vonage's API key beside its
    // secret, a short commit hash), never a generated key or token.
    if class == Class::Token && b.len() <= 8 && b.iter().all(u8::is_ascii_hexdigit) {
        return false;
    }
    if !digit && is_dotted_identifier(b) {
        return false; // settings.SECRET_KEY, process.env.TOKEN
    }
    let classes = [lower, upper, digit, symbol].iter().filter(|&&x| x).count();
    // The placeholder automaton last of the shape checks: it is the dearest.
    if classes < 2 && !quoted_word && !drawn_letters || placeholder(value) {
        return false;
    }
    let threshold = match (class, b.len()) {
        // A password a person chose (`Banana1992`) is less random than a generated token.
        (Class::Password, _) => 2.0,
        (_, 0..16) => 2.5,
        _ if b.iter().all(|c| c.is_ascii_hexdigit() || *c == b'-') => 3.0,
        _ => 3.2,
    };
    entropy(b) >= threshold
}

/// Letters only, at least [`RANDOM_LETTERS_MIN`], and at least [`RARE_PAIRS`] of their pairs of
/// neighbours (case aside) outside the pairs words are made of ([`COMMON_PAIRS`]): letters drawn
/// at random (a Europeana `wskey`, a Hotelbeds secret `qbzflKgAuO`), not a word, a name or words
/// run together (`changeme`, `postgresql`, `adminpassword`, `ConnectionString`), whose pairs
/// are nearly all common. Of random draws of 8 to 16 letters about 85 % pass; of the words of
/// eight letters or more in Python's standard library about 1 %.
fn random_letters(b: &[u8]) -> bool {
    if b.len() < RANDOM_LETTERS_MIN || !b.iter().all(u8::is_ascii_alphabetic) {
        return false;
    }
    let common = |x: u8, y: u8| COMMON_PAIRS[usize::from(x.to_ascii_lowercase() - b'a')] >> (y.to_ascii_lowercase() - b'a') & 1 == 1;
    let rare = b.windows(2).filter(|w| !common(w[0], w[1])).count() as f32;
    rare >= RARE_PAIRS * (b.len() - 1) as f32
}

/// Shortest value of letters alone [`random_letters`] reads as drawn at random.
const RANDOM_LETTERS_MIN: usize = 8;

/// Share of a value's letter pairs outside [`COMMON_PAIRS`] from which it is drawn at random.
const RARE_PAIRS: f32 = 0.45;

/// The 250 pairs of neighbouring letters most frequent in the words of Python's standard library
/// (96.6 % of its pairs; written by `letter_pairs.py`): row `a` holds bit `b` when `ab` is one.
const COMMON_PAIRS: [u32; 26] = [
    0x17ebd4e, 0x1124b11, 0x01e4d91, 0x0164919, 0x1efb87f, 0x01a4931, 0x0162990, 0x00a4111, 0x2aef87f, 0x0000010, 0x0000110, 0x11c4939, 0x014d113,
    0x03ced7d, 0x0fefd6f, 0x11ac911, 0x0100000, 0x11e7d5d, 0x11cd995, 0x11ec99d, 0x00eb937, 0x0000111, 0x0026191, 0x0088014, 0x00c8000, 0x0000010,
];

/// Letters only, both cases, at least 16, the case changing between neighbours as often as a
/// random draw makes it (about every other letter; a camel-case name changes at its word starts
/// only): a generated secret of letters (Vonage's API secret is 16 alphanumerics, sometimes with
/// no digit), not an identifier (`ConnectionString`, `getUserAccountSettings`).
fn mixed_case_run(b: &[u8]) -> bool {
    if b.len() < 16 || !b.iter().all(u8::is_ascii_alphabetic) {
        return false;
    }
    let changes = b.windows(2).filter(|w| w[0].is_ascii_uppercase() != w[1].is_ascii_uppercase()).count();
    changes * 5 >= (b.len() - 1) * 2
}

/// An Adyen client key (`live_` or `test_` and 32 uppercase letters and digits): the key the
/// Drop-in and Components take in the shopper's browser, public by design (the API key is
/// `AQE…`; Mollie's and GoCardless's `live_` keys are mixed-case).
fn adyen_client_key(value: &str) -> bool {
    let body = value.strip_prefix("live_").or_else(|| value.strip_prefix("test_"));
    body.is_some_and(|k| k.len() == 32 && k.bytes().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()))
}

/// A Ghost Content API key (26 lowercase hex digits): read-only access to published posts, served
/// in the pages of every site that uses it (the Admin API key is `<24 hex>:<64 hex>`).
fn ghost_content_key(value: &str) -> bool {
    value.len() == 26 && value.bytes().all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c))
}

/// A GrowthBook SDK client key (`sdk-` and a short run of letters and digits): the key its
/// browser SDK fetches features with, public by design. LaunchDarkly's server-side SDK key is
/// `sdk-` and a UUID, a secret, and stays one.
fn growthbook_client_key(value: &str) -> bool {
    value.strip_prefix("sdk-").is_some_and(|k| (10..=24).contains(&k.len()) && k.bytes().all(|c| c.is_ascii_alphanumeric()))
}

/// The canonical form of a UUID (8-4-4-4-12 hex digits).
pub fn uuid(value: &str) -> bool {
    let b = value.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| if matches!(i, 8 | 13 | 18 | 23) { *c == b'-' } else { c.is_ascii_hexdigit() })
}

/// A map entry's or record's key, not a credential, when held by a bare `key`: a UUID, or a
/// name of a few short words (`Content-Type`, `baseUrl`, `db_host`, `NEO4J_PASSWORD`), as
/// Postman's `{"key": …, "value": …}` pairs, a dict lookup's `key = 'NAME'` or a LaunchDarkly
/// context hold them. A random token's case changes and digits make more, shorter words.
pub fn record_key(value: &str) -> bool {
    uuid(value) || upper_name(value.as_bytes()) || word_name(value.as_bytes())
}

/// `ACCESS_TOKEN`, `NEO4J_PASSWORD`: an environment variable's name, its words' first letters
/// capitals (a word may hold digits: `S3`, `NEO4J`).
fn upper_name(b: &[u8]) -> bool {
    b.contains(&b'_')
        && b.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_')
        && b.split(|&c| c == b'_').all(|w| w.first().is_some_and(u8::is_ascii_uppercase))
}

/// `Content-Type`, `baseUrl`, `db_host`: at most five words of letters (at most 12 each), joined
/// by `-` or `_` or by a capital.
fn word_name(b: &[u8]) -> bool {
    let (mut words, mut len) = (0, 0);
    for (i, &c) in b.iter().enumerate() {
        let starts = i == 0 || matches!(b[i - 1], b'-' | b'_') || (c.is_ascii_uppercase() && b[i - 1].is_ascii_lowercase());
        if matches!(c, b'-' | b'_') {
            if i == 0 || matches!(b[i - 1], b'-' | b'_') {
                return false;
            }
            continue;
        }
        if !c.is_ascii_alphabetic() || (!starts && c.is_ascii_uppercase()) {
            return false;
        }
        if starts {
            words += 1;
            len = 0;
        }
        len += 1;
        if len > 12 || words > 5 {
            return false;
        }
    }
    words > 0 && !matches!(b.last(), Some(b'-' | b'_'))
}

/// A Datadog client token (`pub` and 32 hex digits): written into browser and mobile apps for
/// RUM and logs, public by design (API and application keys have no prefix).
fn browser_client_token(value: &str) -> bool {
    value.len() == 35 && value.starts_with("pub") && value[3..].bytes().all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c))
}

/// A reference or template rather than a value: `$VAR`, `%VAR%`, `%(name)s`, `@VAR@`, `&anchor`,
/// `*alias`, `#{expr}`, `#fff`, `(…`, `[…`, `{…`, `<…`, `.env`, `~/path`, `ACCESS_TOKEN`, an ARN,
/// leading punctuation. A value that merely starts with `%`, `@` or `#` (`%X7J7…`, `#^_=bea…`)
/// is none of these.
fn reference(b: &[u8]) -> bool {
    // A name as Python's `repr` prints it (`KeyError: 'DATABASE_URL'`) is still a name.
    let unquoted = match b {
        [q @ (b'\'' | b'"'), inner @ .., last] if q == last && !inner.is_empty() => inner,
        _ => b,
    };
    let word = |s: &[u8]| !s.is_empty() && s.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
    // `ACCESS_TOKEN`, `YOUR_API_KEY`: a name standing where its value goes.
    // LiteLLM's `os.environ/NAME` is a reference too.
    if upper_name(unquoted) || b.starts_with(b"arn:") || b.starts_with(b"os.environ/") {
        return true;
    }
    // `env:NAME`: the variable that holds the value (CFSSL's `auth_keys`, OpenSSL's pass phrase
    // arguments).
    if b.strip_prefix(b"env:").is_some_and(|n| !n.is_empty() && n.iter().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_')) {
        return true;
    }
    // A program that prints the secret, or a file that holds it, by its absolute path (Apache's
    // `AuthLDAPBindPassword exec:/usr/local/sbin/bind-pw`, `file:/run/secrets/db`).
    if (b.starts_with(b"exec:/") || b.starts_with(b"file:/")) && b.len() > 6 && !b[6..].iter().any(|c| c.is_ascii_whitespace()) {
        return true;
    }
    match b[0] {
        b'$' | b'&' | b'(' | b'[' | b'{' | b'<' | b',' | b';' | b':' | b')' | b']' | b'}' => true,
        // A home directory (`~`, `~/.ssh/id_rsa`, `~postgres/.pgpass`: a user name in lower case);
        // a generated secret may start with `~` before other letters (`~bQ7~x…`).
        b'~' => {
            let user = b[1..].iter().take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'_' | b'-' | b'.')).count();
            matches!(b.get(1 + user), None | Some(b'/'))
        }
        // A dotfile, a relative path or a decimal (`.env`, `./key`, `.5`); a generated password
        // may start with a dot before other punctuation (`.#fwv_Wq…`).
        b'.' => b.get(1).is_none_or(|c| c.is_ascii_alphanumeric() || matches!(c, b'/' | b'.' | b'_' | b'-')),
        // A YAML tag (`!vault |`, `!Ref`, `!GetAtt`): what follows is the value, or a reference.
        b'!' => b.len() > 1 && b[1..].iter().all(u8::is_ascii_alphabetic),
        b'*' => word(&b[1..]),
        b'%' => matches!(b.get(1), Some(b'(' | b'{')) || b == b"%s" || b == b"%d" || (b.len() > 2 && b[b.len() - 1] == b'%' && word(&b[1..b.len() - 1])),
        b'@' => b.len() > 2 && b[b.len() - 1] == b'@' && word(&b[1..b.len() - 1]),
        // `#{expr}`, a colour, a CSS id or anchor (`#add-password`).
        b'#' => b.get(1) == Some(&b'{') || b[1..].iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'-' | b'_')),
        _ => false,
    }
}

/// `2026-05-04`, `2026-05-04T09:03:50.349Z`: a date or time, not a secret.
fn timestamp(b: &[u8]) -> bool {
    let d = |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    d(0..4) && b.get(4) == Some(&b'-') && d(5..7) && b.get(7) == Some(&b'-') && d(8..10)
}

fn looks_like_path(b: &[u8]) -> bool {
    let rooted = b.starts_with(b"/") || b.starts_with(b"./") || b.starts_with(b"../") || b.starts_with(b"~/");
    rooted && b.iter().filter(|&&c| c == b'/').count() >= 2 || b.len() > 2 && b[1] == b':' && b[2] == b'\\' || relative_file(b) || store_path(b)
}

/// Longest secret store path [`store_path`] reads, and its longest step.
const MAX_STORE_PATH: usize = 128;
const MAX_STORE_STEP: usize = 32;

/// `kv/data/billing`, `secret/data/app-prod`: where a secret store keeps a secret (Vault's paths,
/// consul-template's `{{ with secret "…" }}`), three or more lower-case words under each other.
/// A generated secret mixes cases or draws its `/` from base64 among other symbols.
fn store_path(b: &[u8]) -> bool {
    b.len() <= MAX_STORE_PATH
        && b.iter().filter(|&&c| c == b'/').count() >= 2
        && b.split(|&c| c == b'/').all(|s| {
            s.len() <= MAX_STORE_STEP && s.first().is_some_and(u8::is_ascii_lowercase) && s.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'-' | b'_'))
        })
}

/// Longest relative path [`relative_file`] reads (Linux's `PATH_MAX` is 4096, a path a config
/// names rarely passes a few dozen bytes).
const MAX_RELATIVE_PATH: usize = 255;

/// `secrets/mastodon_usercred.secret`, `conf/keys/app.pem`: a relative path to a file (word
/// segments, a lower-case extension), which a library reads the credential from.
fn relative_file(b: &[u8]) -> bool {
    // A file's path is short: a long value is not read through (issue 14's work per byte).
    if b.len() > MAX_RELATIVE_PATH {
        return false;
    }
    let Some(dot) = b.iter().rposition(|&c| c == b'.') else { return false };
    let ext = &b[dot + 1..];
    let segments_ok = b[..dot].split(|&c| c == b'/').all(|s| s.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_' || *c == b'.') && s.iter().all(|c| c.is_ascii_alphanumeric() || b"_.-".contains(c)));
    b.contains(&b'/') && (2..=6).contains(&ext.len()) && ext.iter().all(u8::is_ascii_lowercase) && segments_ok
}

/// Names joined by dots (`settings.SECRET_KEY`, `process.env.apiToken`): each piece an
/// identifier in a word's case. A lower-case letter alone between two capitals (`WLzUPOH`) is in
/// no identifier's case (`userId`, `getHTTPResponse`, `OAuth`), but in letters drawn at random: a
/// generated password with dots (`qkpvi.AFDx.WLzUPOH.W`).
fn is_dotted_identifier(b: &[u8]) -> bool {
    b.contains(&b'.') && b.split(|&c| c == b'.').all(|seg| {
        !seg.is_empty()
            && !seg[0].is_ascii_digit()
            && seg.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
            && !seg.windows(3).any(|w| w[0].is_ascii_uppercase() && w[1].is_ascii_lowercase() && w[2].is_ascii_uppercase())
    })
}

/// Header values (`Authorization: Bearer …`): a token, not a variable.
pub fn header_value(value: &str) -> bool {
    plausible(value, Class::Token, false)
}

/// Query parameters (`?token=…`): URL-encoded padding is fine.
pub fn query_value(value: &str) -> bool {
    plausible(value.trim_end_matches("%3D").trim_end_matches("%3d"), Class::Token, false)
}

/// Base64 (standard, padded or not) of `user:secret`: docker's and npm's `auth`.
pub fn base64_user_pass(value: &str) -> bool {
    base64_user_pass_secret(value).is_some()
}

/// The secret of a [`base64_user_pass`] value.
pub fn base64_user_pass_secret(value: &str) -> Option<String> {
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD};
    let raw = STANDARD.decode(value).or_else(|_| STANDARD_NO_PAD.decode(value.trim_end_matches('='))).ok()?;
    let text = std::str::from_utf8(&raw).ok()?;
    let (user, secret) = text.split_once(':')?;
    (!user.is_empty() && secret.len() >= 3 && text.chars().all(|c| !c.is_control()) && !placeholder(secret)).then(|| secret.to_string())
}

/// The text a standard base64 value (padded or not) encodes, when it is printable text on one
/// line: LDIF's `attr:: value`, FileZilla's `<Pass encoding="base64">`.
pub fn base64_text(value: &str) -> Option<String> {
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD};
    let raw = STANDARD.decode(value).or_else(|_| STANDARD_NO_PAD.decode(value.trim_end_matches('='))).ok()?;
    let text = String::from_utf8(raw).ok()?;
    (!text.is_empty() && !text.chars().any(char::is_control)).then_some(text)
}

/// A password as a system stores it, not the password: an LDAP scheme (`{SSHA}…`, `{CRYPT}…`),
/// modular crypt (`$2b$12$…`, `$argon2id$…`, `$apr1$…`, `$6$…`), MySQL's native hash (`*` and 40
/// hex digits), or Django's `<algorithm>$<iterations>$<salt>$<hash>`.
pub fn stored_hash(value: &str) -> bool {
    let b = value.as_bytes();
    let scheme = b.first() == Some(&b'{') && b.iter().position(|&c| c == b'}').is_some_and(|k| k > 1 && b[1..k].iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-'));
    let mysql = b.len() == 41 && b[0] == b'*' && b[1..].iter().all(u8::is_ascii_hexdigit);
    let parts: Vec<&str> = value.split('$').collect();
    let crypt = parts.len() >= 4 && parts[..parts.len() - 1].iter().all(|p| p.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'=' | b',' | b'.' | b'/' | b'+')));
    scheme || mysql || crypt
}

/// Words a password field holds that are not a password (a type, a state, a label).
const NOT_A_PASSWORD: &[&str] = &[
    "password", "passwords", "passphrase", "secret", "secrets", "token", "required", "optional", "disabled", "enabled",
    "hidden", "masked", "redacted", "unknown", "undefined", "string", "boolean", "integer", "default", "current",
    "readonly", "sensitive", "encrypted", "plaintext", "generated", "internal", "external", "override", "inherit",
];

/// Words that stand for a password in documentation (`user:pass@`, `-u user:password`).
const PASSWORD_WORDS: &[&str] = &["pass", "password", "passwd", "pwd", "secret", "pw", "changeme", "token", "apikey"];

/// The password part of URL userinfo or `curl -u`: anything real, not a word standing for one.
/// A leading `%` is a template's (`%(password)s`, `%DB_PASS%`, `%s`) only in those forms: a
/// percent-encoded or random password may start with one.
pub fn url_password(value: &str) -> bool {
    let b = value.as_bytes();
    let template = b.first() == Some(&b'%') && (value.starts_with("%(") || value.starts_with("%{") || value == "%s" || (b.len() > 2 && value.ends_with('%')));
    b.len() >= 3
        && !placeholder(value)
        && !template
        && !matches!(b[0], b'$' | b'{' | b'<' | b'[')
        && !PASSWORD_WORDS.contains(&value.to_ascii_lowercase().as_str())
}

/// A Develocity access key: digits and letters past `f` (a 40-digit commit hash is none).
pub fn develocity_key(value: &str) -> bool {
    value.bytes().any(|c| c.is_ascii_digit()) && value.bytes().any(|c| c.is_ascii_lowercase() && c > b'f')
}

/// An RTMP stream key: random enough for a token, with a digit (`live/livestream` is a name).
pub fn stream_key(value: &str) -> bool {
    value.bytes().any(|c| c.is_ascii_digit()) && plausible(value, Class::Token, false)
}

/// A token standing alone as a URL's userinfo: random enough for a token, of mixed case with a
/// digit, or of one case with digits a quarter of it or more (hex); a user's name
/// (`deploy-bot-2024`, `x-access-token`, `oauth2accesstoken`) is words.
pub fn url_token(value: &str) -> bool {
    let b = value.as_bytes();
    let digits = b.iter().filter(|c| c.is_ascii_digit()).count();
    let mixed = b.iter().any(u8::is_ascii_uppercase) && b.iter().any(u8::is_ascii_lowercase) && digits > 0;
    let numeric = 4 * digits >= b.len() && b.iter().any(u8::is_ascii_alphabetic);
    (mixed || numeric) && plausible(value, Class::Token, false)
}

/// A value a tool reads as its password from its own command line (`-pSECRET`, `--password=…`,
/// `echo SECRET | … --password-stdin`), as previews and messages mask it: every literal value,
/// however it looks. The mask and placeholder vetoes of [`url_password`] (which the rule keeps, so
/// documentation's `-pXXXXXXXX` is not redacted) do not apply: `-pxxxxHunter2` or
/// `--password='****4'` is what the tool receives, and a message must not show it. Only a word
/// standing for a password (`pass`), a Windows expansion (`%PASS%`), the guard's own marker and a
/// session placeholder (`{{SECRET_1}}`) are none.
pub fn cli_password(value: &str) -> bool {
    let placeholder = value.strip_prefix("{{").and_then(|v| v.strip_suffix("}}")).is_some_and(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_'));
    let expansion = value.len() > 2 && value.starts_with('%') && value.ends_with('%');
    value.len() >= 3 && !placeholder && !expansion && !value.starts_with("[REDACTED:") && !PASSWORD_WORDS.contains(&value.to_ascii_lowercase().as_str())
}

/// A value of token characters (its callers read no others) that is a generated token: its
/// longest part between `-`, `_` and `.` is 16 or more with letters and digits, random enough
/// (after a `live_`-style prefix of words), and no placeholder nor uuid; not a name made of words
/// and a number (`analytics-prod-2024`).
pub fn positional_token(value: &str) -> bool {
    let longest = value.split(['-', '_', '.']).max_by_key(|p| p.len()).unwrap_or_default();
    let b = longest.as_bytes();
    b.len() >= 16
        && b.iter().any(u8::is_ascii_digit)
        && b.iter().any(u8::is_ascii_alphabetic)
        && entropy(b) >= 3.3
        && !placeholder(value)
        && !uuid(value)
}

/// A Hugging Face token's body mixes cases (`hf_hub_download`-like identifiers do not).
pub fn mixed_case_token(value: &str) -> bool {
    let b = value.as_bytes();
    entropy_3(value) && b.iter().any(u8::is_ascii_uppercase) && b.iter().any(u8::is_ascii_lowercase)
}

/// A BIP32 extended private key (`xprv`, `tprv`, and SLIP-132's `yprv`/`zprv`/`uprv`/`vprv`):
/// base58check of 78 bytes whose version is a private one and whose key data starts with `0x00`.
pub fn extended_private_key(value: &str) -> bool {
    const PRIVATE: [[u8; 4]; 6] =
        [[0x04, 0x88, 0xad, 0xe4], [0x04, 0x35, 0x83, 0x94], [0x04, 0x9d, 0x78, 0x78], [0x04, 0xb2, 0x43, 0x0c], [0x04, 0x4a, 0x4e, 0x28], [0x04, 0x5f, 0x18, 0xbc]];
    bs58::decode(value).with_check(None).into_vec().is_ok_and(|v| v.len() == 78 && PRIVATE.iter().any(|p| v[..4] == *p) && v[45] == 0)
}

/// A NATS nkey seed: base32 of a seed prefix, a type prefix, 32 bytes and their CRC-16/XMODEM
/// (little-endian), as `nkeys` writes it.
pub fn nkey_seed(value: &str) -> bool {
    let Ok(raw) = data_encoding::BASE32_NOPAD.decode(value.as_bytes()) else { return false };
    if raw.len() != 36 || raw[0] >> 3 != 18 {
        return false;
    }
    let crc = crc::Crc::<u16>::new(&crc::CRC_16_XMODEM).checksum(&raw[..34]);
    raw[34..] == crc.to_le_bytes()
}

/// A Cloudflare Tunnel token: base64 of the JSON `{"a": account, "t": tunnel, "s": secret}`.
pub fn tunnel_token(value: &str) -> bool {
    let Ok(json) = base64::engine::general_purpose::STANDARD.decode(value) else { return false };
    serde_json::from_slice::<serde_json::Value>(&json).is_ok_and(|v| v.get("s").is_some_and(|s| s.as_str().is_some_and(|s| !s.is_empty())) && v.get("t").is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_accept_real_shapes_and_reject_look_alikes() {
        assert!(!checksum_fails("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"));
        assert!(checksum_fails("ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"));
        assert!(!checksum_fails("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"));
        assert!(checksum_fails("npm_Fvn9ZRDSZl8J9vLjjlfLnuxEcvWAD44O5XtD"));
        assert!(!checksum_fails("sk_live_AbmTo2Aul2gYwJDeocNx45LKHeFtAO2b"));
    }

    #[test]
    fn jwt_needs_a_json_header_with_alg() {
        assert!(jwt("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"));
        assert!(!jwt("eyJub3QiOiJhIGp3dCJ9.eyJzdWIiOiIxIn0.sig"));
        assert!(!jwt("eyJ!!!.x.y"));
    }

    #[test]
    fn generic_gate_keeps_secrets_and_drops_references() {
        for ok in ["ZD9huB%swxRr0g", "8b2cc2bd-8183-1947-8da6-bd0c621de49f", "DavJA76rNicHTp8hkqdlm7tO", "145fda9988c79fc35526f7eaed46725a"] {
            assert!(plausible(ok, Class::Token, false) || plausible(ok, Class::Password, false), "{ok}");
        }
        // Letters only: random ones between quotes are a secret, a camel-case name is not.
        assert!(plausible("PqTrwZkLmBvXcNdA", Class::Token, true));
        assert!(!plausible("getAccountStatus", Class::Token, true));
        assert!(!plausible("0x8051d5e58415f0244eb377c8b7938cac7ff013a2", Class::Token, false));
        assert!(plausible("0x8051d5e58415f0244eb377c8b7938cac7ff013a28051d5e58415f0244eb377c8", Class::Token, false));
        assert!(!plausible("ConnectionString", Class::Token, true));
        // Words joined in one case are an identifier; a password may be words; random pieces stay.
        for joined in ["soccer_epl", "americanfootball_nfl_super_bowl_winner", "read-only", "US_EAST_MAIN"] {
            assert!(!plausible(joined, Class::Token, true), "{joined}");
        }
        assert!(plausible("soccer_epl_harbor", Class::Password, true));
        assert!(plausible("qzxkvbwj_pmfhtrdn", Class::Token, true));
        for bad in ["3f9a0c7e", "settings.SECRET_KEY", "Optional[str]", "/home/user/.ssh/id_rsa", "true", "4096", "Bearer", "${API_KEY}", "********", "toolu_01lVfhzWsqfpOzLs1F2WrxMj", "https://x.example/a", "os.environ/DEEPSEEK_API_KEY", "'DATABASE_URL'", "\"S3_SECRET_KEY\"", "exec:/usr/local/sbin/ldap-bind-pw", "file:/run/secrets/db_password", "env:CFSSL_AUTH_KEY", "kv/data/billing", "secret/data/app-prod"] {
            assert!(!plausible(bad, Class::Token, false), "{bad}");
        }
        // Dotted names stay names in any identifier's case; dots between random letters are a password.
        for name in ["process.env.apiToken", "self.config.OAuthSecret", "response.userId", "client.getHTTPResponse"] {
            assert!(!plausible(name, Class::Password, false), "{name}");
        }
        for pw in ["wqrmf.ZTKb.QPvnXeR.k", "Hv.tMzRq.pLs"] {
            assert!(plausible(pw, Class::Password, false), "{pw}");
        }
        // A password may hold a slash or two among other symbols.
        assert!(plausible("qU7/x+Zw/9k2", Class::Password, true) && plausible("harbor/Quartz/2031", Class::Password, true));
        // A password may start like a reference to a program.
        assert!(plausible("exec:Hq7x9zZw", Class::Password, false));
        // Stored hashes are no passwords.
        for hash in ["{SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=", "$2b$12$Kq0a9yZ1vB2nC3xD4eF5gOhIjKlMnOpQrStUvWxYz0123456789ab", "$apr1$xYz12345$Ab3dEfGh1jKlMnOpQrStU.", "*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9", "pbkdf2_sha256$600000$c2FsdA$aGFzaA="] {
            assert!(stored_hash(hash), "{hash}");
        }
        for pw in ["Glacier1993!", "{not-a-scheme", "a$b", "orchid-nimbus-copper49"] {
            assert!(!stored_hash(pw), "{pw}");
        }
        assert_eq!(base64_text("R2xhY2llcjE5OTMh").as_deref(), Some("Glacier1993!"));
        assert_eq!(base64_text("/w=="), None);
        assert_eq!(base64_text("R2xh!Y2ll"), None);
        // Java's documented truststore password is no secret; one that merely holds it may be.
        assert!(placeholder("changeit") && !placeholder("changeit-Hq7x9zZw"));
    }

    #[test]
    fn letters_drawn_at_random_are_told_from_words_and_names() {
        for drawn in ["nsoqxotwr", "pagksdswu", "qbzflKgAuO", "kyrfacdfbuv", "XbQwKmTzRv"] {
            assert!(random_letters(drawn.as_bytes()), "{drawn}");
            assert!(plausible(drawn, Class::Token, false), "{drawn}");
        }
        for word in [
            "changeme",
            "postgresql",
            "adminpassword",
            "mysecretkey",
            "ConnectionString",
            "getUserAccountSettings",
            "kubernetes",
            "localhost",
            "prometheus",
            "helloworld",
            "abcdefgh",
            "qwertyuiop",
            "sqlalchemy",
            "nsoqxot",
        ] {
            assert!(!random_letters(word.as_bytes()), "{word}");
            // (Twenty letters or more in both cases are judged by their randomness alone.)
            assert!(word.len() >= 20 || !plausible(word, Class::Token, false), "{word}");
        }
        // A value with a digit or a symbol is judged as before.
        assert!(!random_letters(b"nsoqxotwr1"));
    }

    #[test]
    fn keys_public_by_design_are_no_findings() {
        for public in [
            "NRJS-4d4268d04099591017d",
            "pub10d7e54f63e57d08f77f834334dc06aa",
            "pk_live_51HqLyjWDarjtT1zdp7dc",
            "live_Q2W7ZK4XN0P8RT5MV1BC6YJ3HD9SGLFE",
            "rzp_test_Hq7Lm2Zx9Ka1Bc",
            "client-VAWX3LJIxlKEwZT4yhqbT8f1DDrYP08WNfGvDgrkBaA",
            "ff940a1f9df9987dfcc68522a5",
            "appl_qMZzZ6Ja8GmAH0wVn8CtmA2VnGl",
            "key_live_D2xaDLLfLdittQJAFeHjigsTxsDrMoyd",
            "Mid-client-jkJvX9dOWfAGFzd7",
            "sdk-Qm7tLx2WvR9kPz4N",
            "rak_5C1E9A07B3D84F62A9E0C7B15D3F8A24",
        ] {
            assert!(placeholder(public), "{public}");
        }
        // A Datadog API key (no prefix) and a password that starts alike stay credentials.
        for secret in ["10d7e54f63e57d08f77f834334dc06aa", "publicity-Xy7!q2", "secret-VAWX3LJIxlKEwZT4yhqbT8f1DDrYP08WNfGvDgrkBaA", "ff940a1f9df9987dfcc68522a5f", "pub10d7e54f63e57d08f77f834334dc06aZ", "live_q2W7zK4xN0p8Rt5mV1bC6yJ3hD9sGlFe", "secret_live_D2xaDLLfLdittQJAFeHjigsTxsDrMoyd", "Mid-server-jkJvX9dOWfAGFzd7xQ", "sdk-8f3c2a9e-1d7b-4065-c2e8-a1f9d3b7c046", "rsk_5C1E9A07B3D84F62A9E0C7B15D3F8A24"] {
            assert!(!placeholder(secret), "{secret}");
        }
    }
}
