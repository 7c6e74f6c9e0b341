//! What `vet` reads a file as, decided by its bytes and never by its name: text in one of the
//! encodings a reviewer meets (UTF-8 with or without a byte-order mark, UTF-16 with one, and
//! Latin-1 as spreadsheets and statistics packages export CSVs), or not text at all.
//!
//! encoding_rs decodes (strictly: malformed UTF-8 or UTF-16 is never patched with replacement
//! characters, which would vet something other than the file). What is left here is the choice
//! between the encodings, which no library makes the way a reviewer needs: a file is binary when
//! it holds a NUL, or, when it is not UTF-8, a control byte that Latin-1 text never holds. Latin-1
//! is read as Windows-1252, its superset (the bytes 0x80-0x9F are `€`, `’`, ... there); every
//! byte maps to one character and back, so a vetted copy re-encoded to Windows-1252 keeps every
//! byte the guard did not change.

use encoding_rs::{UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};

/// How a text file was encoded (and how its vetted copy is written back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// UTF-8 after a byte-order mark (the mark is not vetted and is written back).
    Utf8Bom,
    Utf16Le,
    Utf16Be,
    /// Latin-1, read as its superset Windows-1252.
    Windows1252,
}

impl Encoding {
    /// The name in `--json` results.
    pub fn as_str(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf8Bom => "utf-8-bom",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
            Encoding::Windows1252 => "windows-1252",
        }
    }

    /// `text` in this encoding (with the byte-order mark it was read with), or `None` when a
    /// character of `text` has no Windows-1252 byte.
    pub fn encode(self, text: &str) -> Option<Vec<u8>> {
        let utf16 = |bom: u16, swap: fn(u16) -> [u8; 2]| std::iter::once(bom).chain(text.encode_utf16()).flat_map(swap).collect();
        match self {
            Encoding::Utf8 => Some(text.as_bytes().to_vec()),
            Encoding::Utf8Bom => Some([b"\xEF\xBB\xBF", text.as_bytes()].concat()),
            Encoding::Utf16Le => Some(utf16(0xFEFF, u16::to_le_bytes)),
            Encoding::Utf16Be => Some(utf16(0xFEFF, u16::to_be_bytes)),
            Encoding::Windows1252 => {
                let (bytes, _, unmappable) = WINDOWS_1252.encode(text);
                (!unmappable).then(|| bytes.into_owned())
            }
        }
    }
}

/// A file's content: text to vet, or why it is not.
#[derive(Debug, PartialEq, Eq)]
pub enum Content {
    Text(Encoding, String),
    Binary(&'static str),
}

/// Bytes that Latin-1 text never holds: C0 controls other than tab, line feed, form feed and
/// carriage return, DEL, and the five bytes Windows-1252 leaves undefined.
fn not_latin1(b: u8) -> bool {
    matches!(b, 0x00..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F | 0x81 | 0x8D | 0x8F | 0x90 | 0x9D)
}

pub fn decode(bytes: &[u8]) -> Content {
    fn strict<'a>(enc: &'static encoding_rs::Encoding, body: &'a [u8]) -> Option<std::borrow::Cow<'a, str>> {
        enc.decode_without_bom_handling_and_without_replacement(body)
    }
    let (encoding, text) = match encoding_rs::Encoding::for_bom(bytes) {
        Some((enc, bom)) => {
            let encoding = if enc == UTF_8 {
                Encoding::Utf8Bom
            } else if enc == UTF_16LE {
                Encoding::Utf16Le
            } else {
                debug_assert_eq!(enc, UTF_16BE);
                Encoding::Utf16Be
            };
            let Some(text) = strict(enc, &bytes[bom..]) else {
                return Content::Binary(if enc == UTF_8 { "not text (invalid UTF-8 after a byte-order mark)" } else { "not text (invalid UTF-16)" });
            };
            (encoding, text.into_owned())
        }
        None if bytes.contains(&0) => return Content::Binary("binary (NUL bytes; UTF-16 is read only with a byte-order mark)"),
        None => match std::str::from_utf8(bytes) {
            Ok(text) => (Encoding::Utf8, text.to_string()),
            Err(_) if bytes.iter().any(|&b| not_latin1(b)) => return Content::Binary("binary (control bytes, not UTF-8)"),
            Err(_) => (Encoding::Windows1252, strict(WINDOWS_1252, bytes).expect("every byte is a Windows-1252 character").into_owned()),
        },
    };
    if text.contains('\0') {
        return Content::Binary("binary (NUL characters)");
    }
    Content::Text(encoding, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each case: the bytes, and what they must be read as (an encoding and its text, or binary).
    #[test]
    fn table() {
        type Read = Option<(Encoding, String)>;
        let text = |e: Encoding, s: &str| Some((e, s.to_string()));
        let cases: &[(&[u8], Read)] = &[
            (b"", text(Encoding::Utf8, "")),
            (b"KEY=value\n", text(Encoding::Utf8, "KEY=value\n")),
            ("Grüße, 日本語\r\n\x1b[31mlog\x1b[0m\t\x0c".as_bytes(), text(Encoding::Utf8, "Grüße, 日本語\r\n\x1b[31mlog\x1b[0m\t\x0c")),
            (b"\xEF\xBB\xBFregion,n\n", text(Encoding::Utf8Bom, "region,n\n")),
            (b"\xFF\xFEa\x00,\x00\xE9\x00\n\x00", text(Encoding::Utf16Le, "a,é\n")),
            (b"\xFE\xFF\x00a\x00,\x00\xE9\x00\n", text(Encoding::Utf16Be, "a,é\n")),
            (b"\xFF\xFE\x3D\xD8\x00\xDE", text(Encoding::Utf16Le, "\u{1F600}")),
            // Latin-1 CSVs as research centres export them; 0x80-0x9F read as Windows-1252.
            (b"r\xE9gion;n\nM\xE4lar\xF6;3\n", text(Encoding::Windows1252, "région;n\nMälarö;3\n")),
            (b"\x93quoted\x94 \x80 5\n", text(Encoding::Windows1252, "\u{201C}quoted\u{201D} € 5\n")),
            (b"caf\xE9\x1a", None),
            // Binary: NULs, controls in non-UTF-8 bytes, malformed text after a BOM.
            (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", None),
            (b"%PDF-1.7\n\x00\x01", None),
            (b"\x7fELF\x02\x01\x01\x00", None),
            (b"\xff\xd8\xff\xe0\x10JFIF", None),
            (b"text\x00more", None),
            (b"\x1f\x8b\x08\x00", None),
            (b"\xEF\xBB\xBF\xff\xfe", None),
            (b"\xFF\xFEa\x00b", None),
            (b"\xFF\xFE\x00\xD8a\x00", None),
            (b"\xFF\xFEa\x00\x00\x00", None),
            (b"abc\x81def\xE9", None),
        ];
        for (bytes, want) in cases {
            let got = match decode(bytes) {
                Content::Text(e, t) => Some((e, t)),
                Content::Binary(_) => None,
            };
            assert_eq!(&got, want, "{bytes:?}");
        }
    }

    /// Whatever the guard leaves alone comes back byte for byte in the file's own encoding.
    #[test]
    fn round_trip() {
        let samples: &[&[u8]] = &[
            b"plain\n",
            b"\xEF\xBB\xBFregion,n\n",
            b"\xFF\xFEa\x00,\x00\xE9\x00\n\x00\x3D\xD8\x00\xDE",
            b"\xFE\xFF\x00a\x00,\x00\xE9\x00\n",
            b"r\xE9gion;n\n\x80\x93\x94\xA0\xFF\x09\x0c\r\n",
        ];
        for bytes in samples {
            let Content::Text(e, t) = decode(bytes) else { panic!("{bytes:?} is text") };
            assert_eq!(e.encode(&t).as_deref(), Some(*bytes), "{bytes:?}");
        }
        // Windows-1252 cannot hold every character a rewrite might bring.
        assert_eq!(Encoding::Windows1252.encode("[REDACTED:key] é"), Some(b"[REDACTED:key] \xE9".to_vec()));
        assert_eq!(Encoding::Windows1252.encode("日本"), None);
    }
}
