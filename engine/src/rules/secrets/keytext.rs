//! A private key as OpenSSL prints it in text (`openssl pkey -text`, `openssl rsa -text`,
//! `openssl ec -text`): after a `Private-Key:` header, sections named `priv:`,
//! `privateExponent:`, `prime1:` … hold the key's secret numbers as rows of colon-separated hex
//! bytes (`    bf:e7:7e:4b:…:`). Those rows are the key; `modulus:`, `pub:` and
//! `publicExponent:` are its public half and stay. No PEM marker surrounds such a dump, so the
//! PEM reader cannot see it. The rows may carry a log prefix each (a CI runner's timestamp) or
//! sit in a JSON string, so a row is found by its shape, not by its line's start.

use super::{Scan, SecretMatch};

/// The header every text dump of a private key starts with (`ED25519 Private-Key:`,
/// `Private-Key: (2048 bit, 2 primes)`).
pub const KEYWORDS: &[&str] = &["Private-Key:"];

/// Sections holding the key's secret numbers, and those holding public ones (which end a secret
/// section).
const SECRET_SECTIONS: &[&[u8]] = &[b"priv:", b"privateExponent:", b"prime1:", b"prime2:", b"exponent1:", b"exponent2:", b"coefficient:"];
const PUBLIC_SECTIONS: &[&[u8]] = &[b"pub:", b"modulus:", b"publicExponent:", b"ASN1 OID:", b"NIST CURVE:"];

/// How far after the header the dump is read (a 4096-bit RSA key's dump with a log prefix on each
/// row is about 40 KB).
const DUMP_REACH: usize = 64 * 1024;

pub fn find(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done_until = 0;
    for &(_, he) in hits {
        if he < done_until {
            continue;
        }
        let stop = (he + DUMP_REACH).min(b.len());
        // The dump ends at the next header (another key's dump reads from its own hit).
        let stop = memchr::memmem::find(&b[he..stop], KEYWORDS[0].as_bytes()).map_or(stop, |k| he + k);
        done_until = stop;
        if !scan.spend(stop - he) {
            return;
        }
        let mut secret = false;
        let mut first_row = true;
        let mut i = he;
        while i < stop {
            if let Some(label) = section_at(b, i, stop) {
                secret = SECRET_SECTIONS.contains(&label);
                first_row = true;
                i += label.len();
                continue;
            }
            let row = row_at(b, i, stop);
            if row > i {
                if secret {
                    let mut m = SecretMatch::new(i, row, "private-key");
                    m.continuation = !first_row;
                    out.push(m);
                    first_row = false;
                }
                i = row;
            } else {
                i += 1;
            }
        }
    }
}

/// The section label starting at `i` after a blank, a line start or an escaped newline.
fn section_at(b: &[u8], i: usize, stop: usize) -> Option<&'static [u8]> {
    let after_break = i == 0 || b[i - 1].is_ascii_whitespace() || (i >= 2 && b[i - 2] == b'\\' && b[i - 1] == b'n');
    if !after_break || !b[i].is_ascii_alphabetic() {
        return None;
    }
    SECRET_SECTIONS.iter().chain(PUBLIC_SECTIONS).copied().find(|l| b[i..stop].starts_with(l))
}

/// The end of a row of hex bytes starting at `i` (`bf:e7:…:41:` or a last `25:b9`): two hex
/// digits and a colon at least, after a blank, ending at a blank, an escape or a quote; `i` when
/// there is none. A time of day (`10:23:20.436`) is no row: it ends at a dot.
fn row_at(b: &[u8], i: usize, stop: usize) -> usize {
    if i == 0 || !matches!(b[i - 1], b' ' | b'\t') {
        return i;
    }
    let mut k = i;
    let mut pairs = 0;
    while k + 2 <= stop && b[k].is_ascii_hexdigit() && b[k + 1].is_ascii_hexdigit() {
        pairs += 1;
        k += 2;
        if k < stop && b[k] == b':' {
            k += 1;
        } else {
            break;
        }
    }
    let ends = k == stop || b[k].is_ascii_whitespace() || matches!(b[k], b'\\' | b'"');
    if pairs >= 2 && ends { k } else { i }
}

/// The fixed start of a private key's DER encoding, as hex (`xxd -p key.der`, `od`, a hex
/// column): the version `0` and the algorithm of PKCS#8 (Ed25519, X25519, RSA, EC) or the
/// version `0` / `1` of PKCS#1 RSA and SEC1 EC keys. A public key's DER has no version.
pub const DER_KEYWORDS: &[&str] = &["020100300506032b6570", "020100300506032b656e", "020100300d06092a864886f70d010101", "020100301306072a8648ce3d0201", "0201000282", "30770201010420", "3074020101042"];

/// Hex digits read back from a keyword to the start of its run (the outer `SEQUENCE` header).
const DER_HEAD: usize = 12;
/// The shortest DER dump taken (an Ed25519 PKCS#8 key is 96 hex digits).
const DER_SHORTEST: usize = 64;

pub fn der_hex(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done_until = 0;
    for &(hs, _) in hits {
        if hs < done_until {
            continue;
        }
        let start = hs - b[hs.saturating_sub(DER_HEAD)..hs].iter().rev().take_while(|c| c.is_ascii_hexdigit()).count();
        if !super::left_ok(b, start) {
            continue;
        }
        // Rows of hex digits, each ended by a newline (real or escaped) before the next.
        let mut rows = Vec::new();
        let mut i = start;
        loop {
            let end = i + b[i..(i + DUMP_REACH).min(b.len())].iter().take_while(|c| c.is_ascii_hexdigit()).count();
            if end == i || !scan.spend(end - i) {
                break;
            }
            rows.push((i, end));
            i = match &b[end..] {
                [b'\n', ..] => end + 1,
                [b'\r', b'\n', ..] | [b'\\', b'n', ..] => end + 2,
                _ => break,
            };
        }
        done_until = i;
        let last_ok = rows.last().is_some_and(|&(_, e)| e == b.len() || !b[e].is_ascii_alphanumeric());
        let digits: usize = rows.iter().map(|&(s, e)| e - s).sum();
        if digits >= DER_SHORTEST && last_ok {
            for (k, &(s, e)) in rows.iter().enumerate() {
                let mut m = SecretMatch::new(s, e, "private-key");
                m.continuation = k > 0;
                out.push(m);
            }
        }
    }
}
