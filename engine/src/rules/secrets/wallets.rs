//! Wallet keys: the private keys of cryptocurrency wallets, which carry no prefix a keyword could
//! find and so are read in a window around the words that come with them.
//! - Bitcoin WIF (`dumpprivkey`'s output): base58check of `0x80`/`0xef` + 32 bytes (+ `0x01`
//!   when compressed). The checksum is 32 bits, so a string that passes it is one.
//! - Solana keypairs: `solana-keygen`'s `id.json` (a JSON array of the 64 bytes) or the base58
//!   secret wallets export (64 bytes).
//! - Ethereum private keys: 32 bytes of hex, which only their place tells from a hash: a Hardhat
//!   config's `accounts: ["0x…"]`, an option or name that says private key. Anvil's and
//!   Hardhat's default accounts are published test keys and stay (`validate::published_test_key`).

use std::sync::OnceLock;

use regex::bytes::{Regex, RegexBuilder};

use super::validate;
use super::{Scan, SecretMatch};

/// Words near which a wallet key is looked for (a test checks them against the table).
pub const KEYWORDS: &[&str] = &[
    "dumpprivkey",
    "importprivkey",
    "wif",
    "privkey",
    "private key",
    "private_key",
    "private-key",
    "privatekey",
    "secretkey",
    "secret_key",
    "keypair",
    "solana",
    "id.json",
    "accounts",
    "wallet",
];

/// How far around a keyword hit a key is looked for (a command's output on the lines after it,
/// a config's list after its name).
const BEFORE: usize = 256;
const AFTER: usize = 768;

fn re(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| RegexBuilder::new(pattern).unicode(false).build().expect("wallet pattern compiles"))
}

/// Base58 runs (WIF and Solana secrets), byte arrays, and hex keys in a private-key position.
pub fn find(scan: &Scan, hits: &[(usize, usize)], found: &mut Vec<SecretMatch>) {
    static BASE58: OnceLock<Regex> = OnceLock::new();
    static BYTES: OnceLock<Regex> = OnceLock::new();
    static HEX: OnceLock<Regex> = OnceLock::new();
    let base58 = re(&BASE58, r"[1-9A-HJ-NP-Za-km-z]{50,90}");
    let bytes = re(&BYTES, r"\[[ \t\r\n]*(?:[0-9]{1,3}[ \t\r\n]*,[ \t\r\n]*){63}[0-9]{1,3}[ \t\r\n]*\]");
    // After a private-key word, or inside an `accounts` list: the next value, quoted or not.
    let hex = re(&HEX, r#"(?i:private[ _-]?key|accounts)[A-Za-z_-]{0,12}["']?[ \t]*(?:[:=][ \t]*)?\[?[ \t\r\n]*["']?(?P<key>(?:0x)?[0-9a-fA-F]{64})(?:["'][ \t\r\n]*,[ \t\r\n]*["'](?:0x)?[0-9a-fA-F]{64})*"#);
    let b = scan.bytes;
    let mut last = 0;
    for &(s, e) in hits {
        let (from, to) = (s.saturating_sub(BEFORE).max(last), (e + AFTER).min(b.len()));
        if from >= to || !scan.spend(to - from) {
            continue;
        }
        last = to;
        let window = &b[from..to];
        let word = |ms: usize, me: usize| (ms == 0 || !b[from + ms - 1].is_ascii_alphanumeric()) && b.get(from + me).is_none_or(|c| !c.is_ascii_alphanumeric());
        for m in base58.find_iter(window) {
            if word(m.start(), m.end()) && (wif(m.as_bytes()) || solana_secret(m.as_bytes())) {
                found.push(SecretMatch::new(from + m.start(), from + m.end(), "wallet-private-key"));
            }
        }
        for m in bytes.find_iter(window) {
            let all_bytes = m.as_bytes().split(|&c| !c.is_ascii_digit()).filter(|d| !d.is_empty()).all(|d| d.len() <= 3 && std::str::from_utf8(d).ok().and_then(|d| d.parse::<u16>().ok()).is_some_and(|v| v <= 255));
            if all_bytes {
                found.push(SecretMatch::new(from + m.start(), from + m.end(), "wallet-private-key"));
            }
        }
        for c in hex.captures_iter(window) {
            let all = c.get(0).expect("whole match");
            let keys = &window[c.get(1).expect("key").start()..all.end()];
            let at = from + c.get(1).expect("key").start();
            static KEY: OnceLock<Regex> = OnceLock::new();
            for k in re(&KEY, r"(?:0x)?[0-9a-fA-F]{64}").find_iter(keys) {
                let after = at + k.end();
                if !validate::published_test_key(&scan.text[at + k.start()..after]) && !b.get(after).is_some_and(u8::is_ascii_hexdigit) {
                    found.push(SecretMatch::new(at + k.start(), after, "wallet-private-key"));
                }
            }
        }
    }
}

/// Bitcoin's wallet import format: version `0x80` (main) or `0xef` (test), 32 bytes, and `0x01`
/// for a compressed key, base58check.
fn wif(run: &[u8]) -> bool {
    if !matches!(run.len(), 51 | 52) {
        return false;
    }
    match bs58::decode(run).with_check(None).into_vec() {
        Ok(v) => matches!(v.first(), Some(0x80 | 0xef)) && (v.len() == 33 || (v.len() == 34 && v[33] == 1)),
        Err(_) => false,
    }
}

/// A Solana secret key as wallets export it: base58 of the 64 bytes (seed and public key).
fn solana_secret(run: &[u8]) -> bool {
    (86..=88).contains(&run.len()) && bs58::decode(run).into_vec().is_ok_and(|v| v.len() == 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_tell_keys_from_look_alikes() {
        // The published example of Bitcoin's wiki (compressed and uncompressed forms).
        assert!(wif(b"5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ"));
        assert!(wif(b"KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617"));
        assert!(!wif(b"KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98618"));
        // A Bitcoin address is base58check too, but not of a private key's version and length.
        assert!(!wif(b"1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"));
    }
}
