//! Check digits and structure rules of the identifiers EG-PII-001 reads.
//!
//! Hand-written: each is a few lines of arithmetic from the scheme's published definition, and no
//! well-kept Rust crate covers this set (the `stdnum` crate 0.2 is a recent port without a track
//! record; the `luhn` and `verhoeff` crates each cover one five-line algorithm). IBANs are the
//! exception and use `iban_validate` (SWIFT registry lengths and formats). The corpus under
//! `tests/corpora/pii/` was labelled with python-stdnum, so every function here is cross-checked
//! against an independent implementation.
//!
//! Inputs are ASCII digit bytes (`b'0'..=b'9'`) unless a function says otherwise.

fn d(b: u8) -> u32 {
    u32::from(b - b'0')
}

fn all_digits(s: &[u8]) -> bool {
    !s.is_empty() && s.iter().all(u8::is_ascii_digit)
}

/// Luhn (ISO/IEC 7812): payment cards.
pub fn luhn(s: &[u8]) -> bool {
    let sum: u32 = s
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &b)| {
            let v = d(b);
            if i % 2 == 1 {
                if v * 2 > 9 { v * 2 - 9 } else { v * 2 }
            } else {
                v
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// Issuer ranges of the card networks, with the lengths each issues: a Luhn-valid number
/// outside them (a 13-digit timestamp, an order number) is no card.
pub fn card_issuer(s: &[u8]) -> Option<&'static str> {
    let n = s.len();
    let p = |k: usize| -> u32 { s[..k].iter().fold(0, |a, &b| a * 10 + d(b)) };
    let issuer = match () {
        _ if s[0] == b'4' && matches!(n, 13 | 16 | 19) => "visa",
        _ if (51..=55).contains(&p(2)) && n == 16 => "mastercard",
        _ if (2221..=2720).contains(&p(4)) && n == 16 => "mastercard",
        _ if matches!(p(2), 34 | 37) && n == 15 => "amex",
        _ if (p(4) == 6011 || p(2) == 65 || (644..=649).contains(&p(3)))
            && (16..=19).contains(&n) =>
        {
            "discover"
        }
        _ if (3528..=3589).contains(&p(4)) && (16..=19).contains(&n) => "jcb",
        _ if p(2) == 62 && (16..=19).contains(&n) => "unionpay",
        _ if ((300..=305).contains(&p(3)) || matches!(p(2), 36 | 38 | 39))
            && (14..=19).contains(&n) =>
        {
            "diners"
        }
        _ if matches!(
            p(4),
            5018 | 5020 | 5038 | 5893 | 6304 | 6759 | 6761 | 6762 | 6763
        ) && (12..=19).contains(&n) =>
        {
            "maestro"
        }
        _ if (2200..=2204).contains(&p(4)) && (16..=19).contains(&n) => "mir",
        _ => return None,
    };
    Some(issuer)
}

/// Verhoeff (dihedral group D5): Aadhaar.
pub fn verhoeff(s: &[u8]) -> bool {
    const MUL: [[u8; 10]; 10] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
        [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
        [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
        [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
        [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
        [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
        [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
        [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
        [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    ];
    const PERM: [[u8; 10]; 8] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
        [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
        [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
        [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
        [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
        [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
        [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
    ];
    let c = s.iter().rev().enumerate().fold(0u8, |c, (i, &b)| {
        MUL[c as usize][PERM[i % 8][(b - b'0') as usize] as usize]
    });
    c == 0
}

/// Aadhaar: 12 digits, the first 2–9, not a palindrome, Verhoeff.
pub fn aadhaar(s: &[u8]) -> bool {
    s.len() == 12 && s[0] >= b'2' && !s.iter().eq(s.iter().rev()) && verhoeff(s)
}

/// NHS number: 10 digits, weights 10..2, check = 11 − sum mod 11 (10 never issued).
pub fn nhs(s: &[u8]) -> bool {
    if s.len() != 10 {
        return false;
    }
    let sum: u32 = s[..9]
        .iter()
        .zip((2..=10).rev())
        .map(|(&b, w)| d(b) * w)
        .sum();
    let check = (11 - sum % 11) % 11;
    check != 10 && check == d(s[9])
}

/// Dutch BSN: 9 digits, 11-proof (weights 9..2 and −1), not all zeros.
pub fn bsn(s: &[u8]) -> bool {
    if s.len() != 9 || s.iter().all(|&b| b == b'0') {
        return false;
    }
    let sum: i32 = s[..8]
        .iter()
        .zip((2..=9).rev())
        .map(|(&b, w)| d(b) as i32 * w)
        .sum::<i32>()
        - d(s[8]) as i32;
    sum % 11 == 0
}

/// Brazilian CPF: 11 digits, two mod-11 check digits, not one digit repeated.
pub fn cpf(s: &[u8]) -> bool {
    if s.len() != 11 || s.iter().all(|&b| b == s[0]) {
        return false;
    }
    let check = |n: usize| -> u32 {
        let sum: u32 = s[..n]
            .iter()
            .zip((2..=n as u32 + 1).rev())
            .map(|(&b, w)| d(b) * w)
            .sum();
        (sum * 10) % 11 % 10
    };
    check(9) == d(s[9]) && check(10) == d(s[10])
}

/// Whether year/month/day is a real date (proleptic Gregorian).
pub fn date_ok(y: u32, m: u32, day: u32) -> bool {
    let leap = (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400);
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

fn num(s: &[u8]) -> u32 {
    s.iter().fold(0, |a, &b| a * 10 + d(b))
}

/// Province codes of mainland China's resident IDs (first two digits).
const CN_PROVINCES: [u32; 34] = [
    11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52,
    53, 54, 61, 62, 63, 64, 65, 71, 81, 82,
];

/// Whether 18 characters are laid out as a Chinese resident ID (17 digits, a province code and
/// a birth date), whatever the check character says.
pub fn cn_resident_id_shape(s: &[u8]) -> bool {
    if s.len() != 18
        || !all_digits(&s[..17])
        || !(s[17].is_ascii_digit() || matches!(s[17], b'X' | b'x'))
    {
        return false;
    }
    let year = num(&s[6..10]);
    CN_PROVINCES.contains(&num(&s[..2]))
        && (1900..=2099).contains(&year)
        && date_ok(year, num(&s[10..12]), num(&s[12..14]))
}

/// Chinese resident ID (GB 11643): 17 digits and a check character (`0-9`, `X`, `x`) by
/// ISO 7064 MOD 11-2, a province code and a birth date from 1900 on.
pub fn cn_resident_id(s: &[u8]) -> bool {
    if !cn_resident_id_shape(s) {
        return false;
    }
    let sum: u32 = s[..17]
        .iter()
        .enumerate()
        .map(|(i, &b)| d(b) * ((1u32 << (17 - i)) % 11))
        .sum();
    let check = (12 - sum % 11) % 11;
    match s[17] {
        b'X' | b'x' => check == 10,
        b => b.is_ascii_digit() && check == d(b),
    }
}

/// Korean RRN: YYMMDD, a century/sex digit, five digits and a check digit. Numbers issued
/// from October 2020 on carry no check digit (`Rrn::Unchecked`: the caller needs context).
#[derive(Debug, PartialEq, Eq)]
pub enum Rrn {
    Valid,
    /// Born from October 2020 on: no check digit to test.
    Unchecked,
    /// Laid out as an RRN (birth date, century digit) but the check digit fails.
    BadCheck,
    Invalid,
}

pub fn kr_rrn(s: &[u8]) -> Rrn {
    if s.len() != 13 || !all_digits(s) {
        return Rrn::Invalid;
    }
    let century = match s[6] {
        b'1' | b'2' | b'5' | b'6' => 1900,
        b'3' | b'4' | b'7' | b'8' => 2000,
        b'9' | b'0' => 1800,
        _ => return Rrn::Invalid,
    };
    let (y, m, day) = (century + num(&s[..2]), num(&s[2..4]), num(&s[4..6]));
    if !date_ok(y, m, day) {
        return Rrn::Invalid;
    }
    let sum: u32 = s[..12]
        .iter()
        .zip([2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5])
        .map(|(&b, w)| d(b) * w)
        .sum();
    if (11 - sum % 11) % 10 == d(s[12]) {
        Rrn::Valid
    } else if (y, m) >= (2020, 10) {
        Rrn::Unchecked
    } else {
        Rrn::BadCheck
    }
}

/// Taiwan national ID: a letter (area), `1`/`2` (or `8`/`9` for resident certificates), eight
/// digits; the letter's two-digit code and the digits weighted 1,9,8..1,1 sum to 0 mod 10.
pub fn tw_id(s: &[u8]) -> bool {
    const CODES: &[u8; 26] = b"ABCDEFGHJKLMNPQRSTUVXYWZIO";
    if s.len() != 10 || !matches!(s[1], b'1' | b'2' | b'8' | b'9') || !all_digits(&s[1..]) {
        return false;
    }
    let Some(i) = CODES.iter().position(|&c| c == s[0]) else {
        return false;
    };
    let code = 10 + i as u32;
    let sum = code / 10
        + (code % 10) * 9
        + s[1..9]
            .iter()
            .zip((1..=8).rev())
            .map(|(&b, w)| d(b) * w)
            .sum::<u32>()
        + d(s[9]);
    sum.is_multiple_of(10)
}

/// Hong Kong ID: one or two letters, six digits, a check character (`0-9` or `A`), mod 11.
/// `prefix` is the letters, `digits` the six digits.
pub fn hkid(prefix: &[u8], digits: &[u8], check: u8) -> bool {
    if !(1..=2).contains(&prefix.len()) || digits.len() != 6 || !all_digits(digits) {
        return false;
    }
    let letter = |c: u8| u32::from(c - b'A') + 10;
    let (a, b) = if prefix.len() == 2 {
        (letter(prefix[0]), letter(prefix[1]))
    } else {
        (36, letter(prefix[0]))
    };
    let sum = a * 9
        + b * 8
        + digits
            .iter()
            .zip((2..=7).rev())
            .map(|(&x, w)| d(x) * w)
            .sum::<u32>();
    let expect = (11 - sum % 11) % 11;
    match check {
        b'A' => expect == 10,
        c => c.is_ascii_digit() && expect == d(c),
    }
}

/// Whether 15 characters are laid out as a French NIR of someone born in France (sex 1 or 2,
/// month 01–12, a metropolitan or Corsican department), whatever the key says. Narrower than
/// what [`fr_nir`] accepts, so a number of another scheme is not mistaken for a failing NIR.
pub fn fr_nir_shape(s: &[u8]) -> bool {
    s.len() == 15
        && matches!(s[0], b'1' | b'2')
        && all_digits(&s[..5])
        && (matches!(&s[5..7], b"2A" | b"2B")
            || (all_digits(&s[5..7]) && (1..=95).contains(&num(&s[5..7]))))
        && all_digits(&s[7..])
        && (1..=12).contains(&num(&s[3..5]))
}

/// French NIR: sex (1–4, 7, 8), year, month (01–12, 20, 30–42, 50–99 for unknown or
/// provisional), department (digits, `2A`, `2B`), commune, order, and a key 97 − (number mod 97)
/// with Corsica's `2A`/`2B` read as 19/18.
pub fn fr_nir(s: &[u8]) -> bool {
    if s.len() != 15 || !matches!(s[0], b'1' | b'2' | b'3' | b'4' | b'7' | b'8') {
        return false;
    }
    let dept = &s[5..7];
    let corsica = match dept {
        b"2A" => Some(19),
        b"2B" => Some(18),
        _ => None,
    };
    if corsica.is_none() && !all_digits(dept) || !all_digits(&s[..5]) || !all_digits(&s[7..]) {
        return false;
    }
    let month = num(&s[3..5]);
    if !matches!(month, 1..=12 | 20 | 30..=42 | 50..=99) {
        return false;
    }
    let mut n: u64 = 0;
    for (i, &b) in s[..13].iter().enumerate() {
        let v = match (i, corsica) {
            (5, Some(c)) => c / 10,
            (6, Some(c)) => c % 10,
            _ => u64::from(b - b'0'),
        };
        n = n * 10 + v;
    }
    97 - n % 97 == u64::from(num(&s[13..]))
}

const DNI_LETTERS: &[u8; 23] = b"TRWAGMYFPDXBNJZSQVHLCKE";

/// Spanish DNI: eight digits and the letter of their value mod 23.
pub fn es_dni(digits: &[u8], letter: u8) -> bool {
    digits.len() == 8 && all_digits(digits) && DNI_LETTERS[(num(digits) % 23) as usize] == letter
}

/// Spanish NIE: X/Y/Z (read as 0/1/2), seven digits and the DNI letter of the whole.
pub fn es_nie(lead: u8, digits: &[u8], letter: u8) -> bool {
    let Some(l) = b"XYZ".iter().position(|&c| c == lead) else {
        return false;
    };
    digits.len() == 7
        && all_digits(digits)
        && DNI_LETTERS[((l as u32 * 10_000_000 + num(digits)) % 23) as usize] == letter
}

/// Italian codice fiscale: 6 letters, date and place (digits, or the omocodia letters
/// `LMNPQRSTUV` in their place), month letter, and a check letter from the odd/even tables.
pub fn it_codice_fiscale(s: &[u8]) -> bool {
    const ODD: [u32; 36] = [
        1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3,
        6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
    ];
    if s.len() != 16 {
        return false;
    }
    let digitish = |c: u8| c.is_ascii_digit() || b"LMNPQRSTUV".contains(&c);
    let shape = s[..6].iter().all(u8::is_ascii_uppercase)
        && [6, 7, 9, 10, 12, 13, 14].iter().all(|&i| digitish(s[i]))
        && b"ABCDEHLMPRST".contains(&s[8])
        && s[11].is_ascii_uppercase()
        && s[15].is_ascii_uppercase();
    if !shape {
        return false;
    }
    // Day 1–31 (women +40), read through the omocodia letters.
    let val = |c: u8| {
        if c.is_ascii_digit() {
            d(c)
        } else {
            b"LMNPQRSTUV".iter().position(|&x| x == c).unwrap_or(0) as u32
        }
    };
    let day = val(s[9]) * 10 + val(s[10]);
    if !matches!(day, 1..=31 | 41..=71) {
        return false;
    }
    let index = |c: u8| {
        if c.is_ascii_digit() {
            (c - b'0') as usize
        } else {
            (c - b'A') as usize + 10
        }
    };
    let sum: u32 = s[..15]
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let k = index(c);
            if i % 2 == 0 {
                ODD[k]
            } else if k < 10 {
                k as u32
            } else {
                (k - 10) as u32
            }
        })
        .sum();
    s[15] == b'A' + (sum % 26) as u8
}

/// US SSN structure (no check digit): area not 000, 666 or 900–999, group not 00, serial not
/// 0000, and not one of the numbers published as examples.
pub fn us_ssn(s: &[u8]) -> bool {
    if s.len() != 9 || !all_digits(s) {
        return false;
    }
    let (area, group, serial) = (num(&s[..3]), num(&s[3..5]), num(&s[5..]));
    area != 0
        && area != 666
        && area < 900
        && group != 0
        && serial != 0
        && !matches!(s, b"078051120" | b"219099999" | b"457555462")
}

/// UK National Insurance number structure (no check digit): two prefix letters (neither D, F,
/// I, Q, U, V; the second not O; not BG, GB, KN, NK, NT, TN, ZZ), six digits, suffix A–D.
pub fn uk_nino(s: &[u8]) -> bool {
    if s.len() != 9 || !all_digits(&s[2..8]) || !(b'A'..=b'D').contains(&s[8]) {
        return false;
    }
    let (a, b) = (s[0], s[1]);
    let bad = |c: u8| !c.is_ascii_uppercase() || b"DFIQUV".contains(&c);
    !bad(a)
        && !bad(b)
        && b != b'O'
        && !matches!(
            &s[..2],
            b"BG" | b"GB" | b"KN" | b"NK" | b"NT" | b"TN" | b"ZZ"
        )
}

/// Indian PAN structure (no check digit): five letters whose fourth names the holder type
/// (P person, C company, H, F, A, T, B, L, J, G), four digits not all zero, a letter.
pub fn in_pan(s: &[u8]) -> bool {
    s.len() == 10
        && s[..5].iter().all(u8::is_ascii_uppercase)
        && b"PCHFATBLJG".contains(&s[3])
        && all_digits(&s[5..9])
        && &s[5..9] != b"0000"
        && s[9].is_ascii_uppercase()
}

/// IBAN: the country's length and BBAN format, and mod 97 (`iban_validate`). `compact` is the
/// IBAN without spaces.
pub fn iban(compact: &str) -> bool {
    compact.parse::<iban::Iban>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_check_accepts_a_valid_number_and_rejects_its_neighbour() {
        // (check, valid, same number with one digit changed)
        type Check = fn(&[u8]) -> bool;
        let cases: &[(&str, Check, &[u8], &[u8])] = &[
            ("luhn", luhn, b"4539578763621486", b"4539578763621487"),
            ("aadhaar", aadhaar, b"234567890124", b"234567890125"),
            ("nhs", nhs, b"9434765919", b"9434765918"),
            ("bsn", bsn, b"111222333", b"111222334"),
            ("cpf", cpf, b"39053344705", b"39053344706"),
            (
                "cn",
                cn_resident_id,
                b"11010519491231002X",
                b"110105194912310021",
            ),
            ("tw", tw_id, b"A123456789", b"A123456788"),
            ("nir", fr_nir, b"295109912611193", b"295109912611192"),
            (
                "cf",
                it_codice_fiscale,
                b"RCCMNL83S18D969H",
                b"RCCMNL83S18D969I",
            ),
            ("ssn", us_ssn, b"536904399", b"666904399"),
            ("nino", uk_nino, b"JG103759A", b"JG103759E"),
            ("pan", in_pan, b"ABCPE1234F", b"ABCDE1234F"),
        ];
        for (name, check, good, bad) in cases {
            assert!(
                check(good),
                "{name} rejects {}",
                String::from_utf8_lossy(good)
            );
            assert!(
                !check(bad),
                "{name} accepts {}",
                String::from_utf8_lossy(bad)
            );
        }
        assert_eq!(kr_rrn(b"9710139019902"), Rrn::Valid);
        assert_eq!(kr_rrn(b"9710139019903"), Rrn::BadCheck);
        assert_eq!(kr_rrn(b"9713139019902"), Rrn::Invalid, "month 13");
        assert_eq!(
            kr_rrn(b"2110153123450"),
            Rrn::Unchecked,
            "born after the check digit was dropped"
        );
        assert!(hkid(b"G", b"123456", b'A'));
        assert!(!hkid(b"G", b"123456", b'3'));
        assert!(es_dni(b"12345678", b'Z') && !es_dni(b"12345678", b'A'));
        assert!(es_nie(b'X', b"1234567", b'L') && !es_nie(b'X', b"1234567", b'M'));
        assert!(iban("GB82WEST12345698765432") && !iban("GB82WEST12345698765433"));
        assert!(!fr_nir(b"1840332A12345"), "length");
    }

    #[test]
    fn card_issuers_bind_prefix_and_length() {
        assert_eq!(card_issuer(b"4539578763621486"), Some("visa"));
        assert_eq!(card_issuer(b"378282246310005"), Some("amex"));
        assert_eq!(card_issuer(b"3782822463100050"), None, "amex is 15 digits");
        assert_eq!(
            card_issuer(b"1712345678901"),
            None,
            "a millisecond timestamp"
        );
        assert_eq!(card_issuer(b"6222021234567890128"), Some("unionpay"));
    }

    #[test]
    fn dates_are_real() {
        assert!(
            date_ok(2000, 2, 29)
                && !date_ok(1900, 2, 29)
                && !date_ok(2023, 4, 31)
                && !date_ok(2023, 13, 1)
        );
    }
}
