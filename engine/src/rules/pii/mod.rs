//! EG-PII-001: personal data in arguments, results and replies.
//!
//! Direct identifiers are read with their own check algorithms (`checks`): a number in an
//! identifier's place whose check digit fails is never flagged. Where a scheme has no check
//! digit, or one too weak for a bare number, structure and a cue word decide; each detector
//! says which below. Cue words (labels, phone words, identifier names, words that make a
//! number something else) come from one Aho-Corasick pass (`cues`); numbers and alphanumeric
//! identifiers from one tokenising pass (`numbers`); e-mail addresses, names and addresses
//! from parsers started at an anchor (`text`). A value in a table takes its column's name as
//! its label: the header of a delimited, markdown or `psql` table, the column list of an SQL
//! `INSERT`, or the header word above it in a table aligned with spaces (a DataFrame print). Overlapping findings merge into one span,
//! named by the most specific kind (the order of [`Kind`]).
//!
//! | kind | check | needs a cue |
//! |---|---|---|
//! | `cn-resident-id` | ISO 7064 MOD 11-2, province, birth date | no |
//! | `kr-rrn` | birth date, century digit, mod-11 check | only numbers issued from Oct 2020 (no check digit) |
//! | `fr-nir` | sex, month, department (2A/2B), key 97 − n mod 97 | no |
//! | `it-codice-fiscale` | layout (omocodia letters), day, odd/even check letter | no |
//! | `iban` | country length and BBAN format, mod 97 (`iban_validate`) | no |
//! | `payment-card` | Luhn, issuer prefix and length, grouping | no |
//! | `nhs-number` | mod 11 | always (`NHS`): ten digits pass mod 11 one time in eleven |
//! | `aadhaar` | Verhoeff, first digit 2–9 | when written as one block of 12 digits |
//! | `us-ssn` | none: area/group/serial rules | when written as nine bare digits |
//! | `br-cpf` | two mod-11 digits | when written as eleven bare digits |
//! | `nl-bsn` | 11-proof | always (`BSN`): nine digits pass one time in eleven |
//! | `es-dni`, `es-nie` | mod-23 letter | no |
//! | `hkid` | mod 11 | when the check character is not in brackets |
//! | `tw-id` | letter code and weighted mod 10 | no |
//! | `uk-nino` | none: prefix and suffix rules | no (letters, six digits, A–D) |
//! | `in-pan` | none: holder-type letter, layout | no |
//! | `ip-address` | public unicast only (private, loopback, documentation, shared ranges and public resolvers are infrastructure) | IPv4: a network position (a port after it, a URL's host) or a word of networks anywhere in the text (`host`, `client`, `ssh`, `HTTP`, `port`, `firewall`, `IP`, …); a version mark or a version or section word as its label, member or column vetoes, and so do a heading's or titled item's place (a capitalised word after) and an OID arc's shape (`2.…`, `1.≤39.…`) in a text holding OIDs. IPv6: no |
//! | `phone` | the region's numbering plan (libphonenumber metadata) | `+` numbers no; national ones need a phone word before them, or else phone grouping in a text that speaks of people (a phone word, a name or address label, an `@` anywhere); no identifier word as their label, and a whole run of groups (none inside an OID or a line of counters) |
//! | `email` | local part, domain, alphabetic TLD (not a file extension); SSH remotes and logins excluded | no |
//! | `person-name` | two to five capitalised words or `SURNAME, Given`; Chinese: 2–4 characters starting with a common surname | always: a label (`Name:`, `Patient:`, `Tenant:`, `姓名：`, `甲方：`, …) |
//! | `address` | house number, street words, street type; town and postcode or state and ZIP | a label, or else the town and postcode |
//!
//! Redaction writes `[REDACTED:<kind>]`; cue words inside such markers are ignored, so the
//! rule is idempotent. Previews never show any character of a value.

/// Builds the cue automatons (see `crate::warm_up`).
pub fn warm() {
    cues::warm();
}

mod checks;
mod cues;
pub mod settings;
mod numbers;
mod phone;
mod phone_plan;
mod text;

use super::{Class, Context, Hit, Outcome};
use crate::verdict::Severity;

pub const CODE: &str = "EG-PII-001";

/// Kinds of personal data, most specific first (the order names merged findings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    CnId,
    KrRrn,
    FrNir,
    ItCf,
    Iban,
    Card,
    Nhs,
    Aadhaar,
    UsSsn,
    BrCpf,
    NlBsn,
    EsDni,
    EsNie,
    Hkid,
    TwId,
    UkNino,
    InPan,
    Ip,
    Email,
    Phone,
    Address,
    Name,
}

impl Kind {
    pub const ALL: [Kind; 22] = [
        Kind::CnId,
        Kind::KrRrn,
        Kind::FrNir,
        Kind::ItCf,
        Kind::Iban,
        Kind::Card,
        Kind::Nhs,
        Kind::Aadhaar,
        Kind::UsSsn,
        Kind::BrCpf,
        Kind::NlBsn,
        Kind::EsDni,
        Kind::EsNie,
        Kind::Hkid,
        Kind::TwId,
        Kind::UkNino,
        Kind::InPan,
        Kind::Ip,
        Kind::Email,
        Kind::Phone,
        Kind::Address,
        Kind::Name,
    ];

    /// The name in policies (`kinds:`), findings and redaction markers.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::CnId => "cn-resident-id",
            Kind::KrRrn => "kr-rrn",
            Kind::FrNir => "fr-nir",
            Kind::ItCf => "it-codice-fiscale",
            Kind::Iban => "iban",
            Kind::Card => "payment-card",
            Kind::Nhs => "nhs-number",
            Kind::Aadhaar => "aadhaar",
            Kind::UsSsn => "us-ssn",
            Kind::BrCpf => "br-cpf",
            Kind::NlBsn => "nl-bsn",
            Kind::EsDni => "es-dni",
            Kind::EsNie => "es-nie",
            Kind::Hkid => "hkid",
            Kind::TwId => "tw-id",
            Kind::UkNino => "uk-nino",
            Kind::InPan => "in-pan",
            Kind::Ip => "ip-address",
            Kind::Email => "email",
            Kind::Phone => "phone",
            Kind::Address => "address",
            Kind::Name => "person-name",
        }
    }

    pub fn parse(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    fn severity(self) -> Severity {
        match self {
            Kind::Email | Kind::Phone | Kind::Ip | Kind::Name | Kind::Address => Severity::Medium,
            _ => Severity::High,
        }
    }
}

/// One piece of personal data: its kind and byte span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// What the personal-data rule needs from the one read of a text it shares with the secrets
/// rule (`secrets::shared_pass`): anchors where numbers, `@` and IPv6 addresses start, and the
/// label words of names and addresses.
#[derive(Debug, Default)]
pub struct Prepass {
    anchors: numbers::Anchors,
    /// (start, end, index into `cues::WORDS`).
    labels: Vec<(usize, usize, usize)>,
}

impl Prepass {
    /// The number-run counter over `b[from..to]` from its start state at `from`, anchors kept
    /// from `keep_from` on (the shared read's streams).
    pub(crate) fn count(&mut self, b: &[u8], from: usize, to: usize, keep_from: usize) {
        numbers::count_anchors(&mut self.anchors, b, from, to, keep_from);
    }

    pub(crate) fn label(&mut self, start: usize, end: usize, word: usize) {
        self.labels.push((start, end, word));
    }

    /// Sorts what two interleaved streams recorded over `b` (a label word seen by two
    /// overlapping windows of the wide-keyword pass is kept once), and marks the `@` signs and
    /// IPv6 starts, which need no per-byte counter.
    pub(crate) fn finish(&mut self, b: &[u8]) {
        self.labels.sort_unstable();
        self.labels.dedup();
        self.anchors.numbers.sort_unstable();
        self.anchors.mark_ats_and_v6(b);
    }
}


/// The label words the shared read looks for: (index into the cue table, word).
pub fn label_words() -> impl Iterator<Item = (usize, &'static str)> {
    cues::WORDS
        .iter()
        .enumerate()
        .filter(|(_, w)| w.1 & cues::LABELS != 0)
        .map(|(k, w)| (k, w.0))
}

/// Every piece of personal data in `text`, sorted, overlaps merged.
pub fn scan(text: &str) -> Vec<Match> {
    scan_in(text, None)
}

/// [`scan`] of a string that is the value of the JSON member `member` (its name is a label).
pub fn scan_in(text: &str, member: Option<&str>) -> Vec<Match> {
    scan_with(text, member, &crate::rules::secrets::shared_pass(text).pii)
}

/// [`scan_in`] from the shared read of `text`.
pub fn scan_with(text: &str, member: Option<&str>, pre: &Prepass) -> Vec<Match> {
    let b = text.as_bytes();
    let found_cues = cues::Cues::from_labels(b, &pre.labels);
    let member = member.map_or(0, cues::member_classes);
    let mut out = Vec::new();
    let mut cx = numbers::Cx::new(b, &found_cues, member);
    let anchors = &pre.anchors;
    numbers::chains(&mut cx, &anchors.numbers, &mut out);
    for &s in &anchors.v6 {
        text::ipv6_at(&cx, s, &mut out);
    }
    for &at in &anchors.ats {
        out.extend(text::email_at(&cx, at));
    }
    text::names(text, &found_cues, &mut out);
    text::addresses(text, &found_cues, &mut out);
    text::member_value(text, member, 0, &mut out);
    text::table_columns(&cx, text, &mut out);
    merge(text, out)
}

fn merge(text: &str, mut found: Vec<Match>) -> Vec<Match> {
    found.retain(|m| {
        m.start < m.end && text.is_char_boundary(m.start) && text.is_char_boundary(m.end)
    });
    found.sort_by_key(|m| (m.start, m.kind));
    let mut merged: Vec<Match> = Vec::with_capacity(found.len());
    for m in found {
        match merged.last_mut() {
            Some(last) if m.start < last.end => {
                last.end = last.end.max(m.end);
                last.kind = last.kind.min(m.kind);
            }
            _ => merged.push(m),
        }
    }
    merged
}

/// Rounds of redaction after the first: a marker can end the label of the next value.
const MAX_REDACTION_ROUNDS: usize = 2;

/// The rule: one hit per piece of personal data of the chosen kinds, and the text with each
/// one replaced by `[REDACTED:<kind>]` (or its session placeholder).
pub struct Rule {
    kinds: Vec<Kind>,
}

impl Rule {
    /// `kinds`: the kinds to look for.
    pub fn new(kinds: &[Kind]) -> Rule {
        Rule { kinds: kinds.to_vec() }
    }

    fn find(&self, cx: &Context, text: &str, pre: Option<&Prepass>) -> Vec<Match> {
        let mut found = match pre {
            Some(pre) => scan_with(text, cx.member, pre),
            None => scan_in(text, cx.member),
        };
        found.retain(|m| self.kinds.contains(&m.kind) && !cx.allowed(&text[m.start..m.end]));
        found
    }
}

impl super::Rule for Rule {
    fn inspect(&self, cx: &Context, text: &str) -> Outcome {
        let found = self.find(cx, text, cx.shared_read(text).map(|s| &s.pii));
        if found.is_empty() {
            return Outcome::default();
        }
        let hit = |m: &Match| Hit {
            code: CODE,
            severity: m.kind.severity(),
            reason: format!("Personal data ({}) found.", m.kind.as_str()),
            preview: format!("[{}]", m.kind.as_str()),
            action: None,
        };
        let mut hits: Vec<Hit> = found.iter().map(hit).collect();
        let rewritten = cx.rewrite.then(|| {
            let mut text = redact(cx, text, &found);
            for _ in 0..MAX_REDACTION_ROUNDS {
                let again = self.find(cx, &text, None);
                if again.is_empty() {
                    break;
                }
                hits.extend(again.iter().map(hit));
                text = redact(cx, &text, &again);
            }
            text
        });
        Outcome { hits, rewritten, withheld_note: Some("personal data redacted"), reports: Vec::new() }
    }

    /// A name or an identifier used as an object key is personal data too.
    fn reads_keys(&self) -> bool {
        true
    }

    fn shares_read(&self) -> bool {
        true
    }
}

/// `text` with each match replaced by what [`Context::conceal`] gives: the marker
/// `[REDACTED:<kind>]`, or in a session with placeholders on, the value's placeholder.
fn redact(cx: &Context, text: &str, found: &[Match]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for m in found {
        out.push_str(&text[at..m.start]);
        out.push_str(&cx.conceal(Class::Personal, m.kind.as_str(), &text[m.start..m.end]));
        at = m.end;
    }
    out.push_str(&text[at..]);
    out
}

/// Each detector with what it must find and what it must leave alone, checked by one test.
pub struct Detector {
    pub kind: Kind,
    pub true_positives: &'static [&'static str],
    pub false_positives: &'static [&'static str],
}

pub const DETECTORS: &[Detector] = &[
    Detector {
        kind: Kind::CnId,
        true_positives: &[
            "身份证号：11010519491231002X",
            "ID 440305198102153355 on file",
            "id: 44010519890602040x",
        ],
        false_positives: &[
            "11010519491231002Y",
            "order 440305198102153356",
            "20240315123456789012",
            "991231199001011234",
        ],
    },
    Detector {
        kind: Kind::KrRrn,
        true_positives: &[
            "주민등록번호 971013-9019902",
            "RRN 9710139019902",
            "rrn: 211015-3123450",
        ],
        false_positives: &["971013-9019903", "1712345678901", "211015-3123450"],
    },
    Detector {
        kind: Kind::FrNir,
        true_positives: &[
            "NIR 2 95 10 99 126 111 93",
            "n° sécu 295109912611193",
            "1 84 12 2A 451 089 33",
        ],
        false_positives: &[
            "2 95 10 99 126 111 92",
            "295109912611192",
            "section 295109912611",
        ],
    },
    Detector {
        kind: Kind::ItCf,
        true_positives: &["Codice fiscale: RCCMNL83S18D969H", "cf RCCMNLPVS18D969J"],
        false_positives: &[
            "RCCMNL83S18D969I",
            "ABCDEF12G34H567I",
            "BUILDNUMBER20240315",
        ],
    },
    Detector {
        kind: Kind::Iban,
        true_positives: &[
            "IBAN GB82 WEST 1234 5698 7654 32",
            "iban=DE89370400440532013000",
            "BE68 5390 0754 7034.",
        ],
        false_positives: &[
            "GB82 WEST 1234 5698 7654 33",
            "DE89370400440532013001",
            "ISO 3166 codes",
        ],
    },
    Detector {
        kind: Kind::Card,
        true_positives: &[
            "card 4539 5787 6362 1486",
            "4539-5787-6362-1486",
            "amex 3782 822463 10005",
            "6222021234567890128",
        ],
        false_positives: &[
            "4539 5787 6362 1487",
            "1712345678901",
            "4539 5787 6362 1486 2024",
            "9780306406157",
        ],
    },
    Detector {
        kind: Kind::Nhs,
        true_positives: &[
            "NHS number: 943 476 5919",
            "nhs_number=9434765919",
            "NHS No 943-476-5919",
            "INSERT INTO p (id, nhs_number) VALUES (7, '943 476 5919');",
            "   id    nhs_number\n0  17  943 476 5919\n",
        ],
        false_positives: &[
            "NHS number: 943 476 5918",
            "ticket 943 476 5919",
            "1712345679",
            "INSERT INTO p (id, nhs_number) VALUES\n  (7, '943 476 5918'),\n  (8, '943 476 5917');",
            "   id    nhs_number\n0  17  943 476 5918\n",
            " id |  nhs_number\n----+--------------\n  1 | 943 476 5918\n",
            "COPY p (id, nhs_number) FROM stdin;\n1\t943 476 5918\n2\t943 476 5917\n\\.\n",
        ],
    },
    Detector {
        kind: Kind::Aadhaar,
        true_positives: &[
            "Aadhaar: 2345 6789 0124",
            "aadhaar 234567890124",
            "UID 2345-6789-0124",
        ],
        false_positives: &[
            "2345 6789 0125",
            "arn:aws:iam::234567890124:role/x",
            "1234 5678 9012",
        ],
    },
    Detector {
        kind: Kind::UsSsn,
        true_positives: &[
            "SSN 536-90-4399",
            "ssn: 536904399",
            "Social Security No. 536 90 4399",
        ],
        false_positives: &["666-90-4399", "536904399", "078-05-1120", "2024-03-15"],
    },
    Detector {
        kind: Kind::BrCpf,
        true_positives: &["CPF 390.533.447-05", "cpf: 39053344705"],
        false_positives: &["390.533.447-06", "39053344705", "111.111.111-11"],
    },
    Detector {
        kind: Kind::NlBsn,
        true_positives: &["BSN: 111222333", "burgerservicenummer 1112.22.333"],
        false_positives: &["BSN: 111222334", "111222333", "PO 111222333"],
    },
    Detector {
        kind: Kind::EsDni,
        true_positives: &["DNI 12345678Z", "dni: 12345678-Z"],
        false_positives: &["12345678A", "12345678-A"],
    },
    Detector {
        kind: Kind::EsNie,
        true_positives: &["NIE X1234567L", "nie: X-1234567-L"],
        false_positives: &["X1234567M", "Y-1234567-A"],
    },
    Detector {
        kind: Kind::Hkid,
        true_positives: &["HKID G123456(A)", "AB987654(3) on file", "HKID: G123456A"],
        false_positives: &["G123456(3)", "G123456A", "SO6677115"],
    },
    Detector {
        kind: Kind::TwId,
        true_positives: &["身分證字號 A123456789", "ID: F131104093"],
        false_positives: &["A123456788", "A323456789"],
    },
    Detector {
        kind: Kind::UkNino,
        true_positives: &["NI number JG 10 37 59 A", "nino=JG103759A"],
        false_positives: &["QQ123456E", "GB123456A", "DF 12 34 56 A"],
    },
    Detector {
        kind: Kind::InPan,
        true_positives: &["PAN: ABCPE1234F", "pan AAPFU0939F"],
        false_positives: &["ABCDE1234F", "ABCPE0000F", "SERIAL1234X"],
    },
    Detector {
        kind: Kind::Ip,
        true_positives: &[
            "client 81.2.69.160 connected",
            "from 2a00:1450:4009:81f::200e",
            "[2606:2800:220:1:248:1893:25c8:1946]:443",
            "ip=81.2.69.160:8080",
            "81.2.69.160 - - [10/Oct/2024:13:55:36] \"GET / HTTP/1.1\" 200",
            "# /etc/hosts\n81.2.69.160 www.example.org",
            "iptables -A INPUT -s 81.2.69.160 -j DROP",
            "Accepted publickey for deploy from 81.2.69.160 port 50122 ssh2",
            "ESTAB 0 0 10.0.0.5:22 81.2.69.160:51234",
            "see https://81.2.69.160 (the old box)",
            "ssh root@81.2.69.160",
        ],
        false_positives: &[
            "10.0.0.5",
            "192.168.1.20:5432",
            "127.0.0.1",
            "203.0.113.7",
            "8.8.8.8",
            "version 10.2.3.4",
            "1.2.3.4",
            "1.3.6.1.4.1.311",
            "2001:db8::1",
            "fe80::1",
            "f1:31:08:02:b4:53",
            "std::net::Ipv6Addr",
            "10.0.19041.1",
            "## 4.12.3.7 Error handling",
            "- 2.26.42.9 Retry policy",
            "attributetype ( 2.5.4.49 NAME 'dn' SYNTAX 1.3.6.1.4.1.1466.115.121.1.12 )",
            "component,version\nagent,54.38.69.172",
            "{\"agent_version\": \"54.38.69.172\"}",
            "FileVersion: 16.0.14.172",
            "Under Article 12.3.4.5 the controller keeps records.",
            "What's new in 44.12.54.181: faster sync.",
            "bash 24.14.149.113\nsystemd 32.31.44.177",
            "records show 81.2.69.160",
            "npm i left-pad@81.2.69.160",
            "CIS Benchmark 3.1.13.5 Ensure SSH root login is disabled",
        ],
    },
    Detector {
        kind: Kind::Email,
        true_positives: &[
            "mail maria.gonzalez@example.com",
            "Author: Jane Doe <jane@corp.example>",
            "a+tag@eu.mail.example.org.",
        ],
        false_positives: &[
            "git@github.com:org/repo.git",
            "ssh deploy@bastion.internal",
            "icon@2x.png",
            "npm i @types/node@18.2.0",
            "root@localhost",
            "https://user@host.example.com/x",
        ],
    },
    Detector {
        kind: Kind::Phone,
        true_positives: &[
            "call +44 20 7946 0958",
            "+4915123456789",
            "tel:+33-6-12-34-56-78",
            "Phone: 020 7946 0958",
            "(11) 96123-4567",
            "手机：13812345678",
            "+44 (0)20 7946 0958",
            "Tel. 06 12 34 56 78",
            "Karen <karen@example.com>\n020 7946 0958",
            "Prefers calls after 5pm on 06 12 34 56 78.",
        ],
        false_positives: &[
            "Order 020 7946 0958",
            "1712345678",
            "2024-03-15",
            "13812345678",
            "+1000",
            "pi is 3.14159265",
            "1.3.6.1.4.1.9.9.06.12.34.56.78",
            "NHS number: 943 476 5918",
            "blocks read 020 7946 0958",
        ],
    },
    Detector {
        kind: Kind::Address,
        true_positives: &[
            "Address: 4521 Oak Ridge Drive, Austin, TX 78745",
            "12 High Street, Leeds LS1 4AP",
            "地址：北京市朝阳区建国路88号院3号楼1201室",
            "lives at Flat 3, 12 High Street, Leeds LS1 4AP.",
        ],
        false_positives: &[
            "Address: 0x7ffd5c3a9b40",
            "address: see below",
            "Take the 12 High Street exit",
            "地址：见附件",
            "Drive 12 miles",
        ],
    },
    Detector {
        kind: Kind::Name,
        true_positives: &[
            "Name: Karen Novak",
            "Patient: José Álvarez\n",
            "BEGIN:VCARD\nFN:Karen Novak\nEND:VCARD",
            "甲方（出租人）：张伟\n",
            "Tenant: NOVAK, Karen",
            "{\"full_name\": \"Mei-Ling Chang\"}",
        ],
        false_positives: &[
            "name: egress-guard",
            "- name: Release Notes",
            "Name: N/A",
            "姓名：见附件",
            "Customer: Enterprise tier",
            "Tenant: contoso",
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule as _;
    use crate::verdict::Scope;

    #[test]
    fn every_detector_carries_and_passes_its_examples() {
        let mut failures = Vec::new();
        for kind in Kind::ALL {
            if !DETECTORS.iter().any(|d| d.kind == kind) {
                failures.push(format!("{}: no examples", kind.as_str()));
            }
        }
        for d in DETECTORS {
            if d.true_positives.is_empty() || d.false_positives.is_empty() {
                failures.push(format!(
                    "{}: needs true- and false-positive examples",
                    d.kind.as_str()
                ));
            }
            for tp in d.true_positives {
                let found = scan(tp);
                if !found.iter().any(|m| m.kind == d.kind) {
                    failures.push(format!("{}: missed {tp:?}: {found:?}", d.kind.as_str()));
                }
            }
            for fp in d.false_positives {
                let found = scan(fp);
                if !found.is_empty() {
                    let shown: Vec<String> = found
                        .iter()
                        .map(|m| format!("{} {:?}", m.kind.as_str(), &fp[m.start..m.end]))
                        .collect();
                    failures.push(format!(
                        "{}: false positive on {fp:?}: {shown:?}",
                        d.kind.as_str()
                    ));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} failures:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    fn redact(text: &str) -> String {
        Rule::new(&Kind::ALL)
            .inspect(&Context::plain(Scope::Reply), text)
            .rewritten
            .unwrap_or_else(|| text.to_string())
    }

    #[test]
    fn redaction_marks_kinds_and_is_idempotent() {
        let text = "Patient: Karen Novak\nNHS number: 943 476 5919\nPhone: +44 20 7946 0958\nmail karen@example.com";
        let out = redact(text);
        assert_eq!(
            out,
            "Patient: [REDACTED:person-name]\nNHS number: [REDACTED:nhs-number]\nPhone: [REDACTED:phone]\nmail [REDACTED:email]"
        );
        assert_eq!(redact(&out), out);
    }

    #[test]
    fn kinds_choose_detectors_and_previews_show_no_character() {
        let out = Rule::new(&[Kind::Phone])
            .inspect(&Context::plain(Scope::Reply), "karen@example.com +44 20 7946 0958");
        assert_eq!(out.hits.len(), 1);
        assert_eq!(out.hits[0].preview, "[phone]");
        assert_eq!(
            out.rewritten.as_deref(),
            Some("karen@example.com [REDACTED:phone]")
        );
    }

    #[test]
    fn a_member_name_is_a_label() {
        assert!(scan("9434765919").is_empty());
        assert_eq!(scan_in("9434765919", Some("nhs_number")).len(), 1);
        assert_eq!(
            scan_in("Karen Novak", Some("patient_name"))
                .first()
                .map(|m| m.kind),
            Some(Kind::Name)
        );
        assert_eq!(
            scan_in(" 12 High Street, Leeds LS1 4AP", Some("home_address"))
                .first()
                .map(|m| m.kind),
            Some(Kind::Address)
        );
        assert!(scan_in("Release Notes", Some("name")).is_empty());
    }

    #[test]
    fn kind_names_round_trip() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.as_str()), Some(k));
        }
    }
}
