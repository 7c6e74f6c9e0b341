//! EG-MICRO-001: record-level tables (microdata), in every table format the readers know.
//!
//! A table is one row per person when
//! - a column is a direct person identifier (`MRN`, `NHS number`, `patient_id`, `subject_id`, …)
//!   and it has at least `identified_rows` rows;
//! - its rows carry quasi-identifiers — at least three kinds among age or date of birth, sex,
//!   postcode or address, event dates, diagnosis or procedure codes, ethnicity, occupation —
//!   named by the header or recognisable in the values (postcodes, ISO dates, ICD-10 codes,
//!   `M`/`F`), no column counts anything (`n`, `count`, `patients`) and it has at least
//!   `quasi_rows` rows, with or without an ID column;
//! - a generic ID-like column (`id`, `record_id`, `uuid`, any `…_id` that does not name an
//!   organisation or a place, such as `clinic_id`) comes with more than `max_rows` rows and no
//!   count column.
//!
//! In `redact` mode the whole table is replaced by `[microdata table withheld: N rows]` (valid in
//! its format); `warn` only records it and `approve`/`block` act on the tool call through the
//! rule's mode. [`is_record_level`] is the shape alone, without row counts: the small-cell rule
//! leaves such tables to this one.

use std::sync::LazyLock;

use regex::Regex;

pub mod settings;

use super::tables::{self, Table, numbers::plain};
use super::{Context, Hit, Outcome};
use crate::verdict::Severity;

pub const CODE: &str = "EG-MICRO-001";

pub struct Rule {
    max_rows: u64,
    identified_rows: u64,
    quasi_rows: u64,
}

static PERSON_ID: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:mrn|medical[ _]?record[ _]?(?:no|num|number|id)?|nhs[ _]?(?:no|num|number|id)?|chi[ _]?(?:no|number)|ssn|social[ _]security[ _]?(?:no|number)?|(?:patient|person|subject|participant|pupil|student|member|client|customer|user|employee|respondent|claimant|resident|case|record|hospital)[ _]?(?:id|no|num|number|key|ref)|pid|upn|hosp[ _]?no|nino|national[ _]insurance[ _]?(?:no|number)?)$",
    )
    .unwrap()
});
static GENERIC_ID: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^(?:id|uuid|guid|case|person|record|[a-z0-9]+[_ ]id)$").unwrap());
/// IDs of organisations and places: an aggregate table's labels, not people.
static ORG_ID: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:clinic|practice|site|school|hospital|trust|ward|region|area|district|la|lsoa|msoa|org|organisation|organization|provider|ccg|icb|gp|store|branch|team|unit|facility|centre|center|dept|department|country|state|county|group|category|product|item|batch|run|job|table|column|row|study|project)[_ ]id$").unwrap()
});
static COUNT_HEADER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:n|n_.*|count|counts|freq|frequency|total|totals|number|num|no\.?|cases|patients|people|persons|records|size|sum|number of .*|no\. of .*|.* count|count of .*|all)$").unwrap()
});

/// Kinds of quasi-identifier, by header.
static QI_HEADERS: LazyLock<[(u8, Regex); 7]> = LazyLock::new(|| {
    let r = |s: &str| Regex::new(&format!("(?i)^(?:{s})$")).unwrap();
    [
        (0, r(r"age|age[ _]?(?:years|yrs|at[ _].*)|dob|d\.o\.b\.?|date[ _]of[ _]birth|birth[ _]?(?:date|year|dt)|yob|year[ _]of[ _]birth")),
        (1, r(r"sex|gender")),
        (
            2,
            r(
                r"post[ _]?code|postal[ _]?code|zip|zip[ _]?code|address|street|town|home[ _]?town|city|village|locality|neighbou?rhood|lsoa|oa",
            ),
        ),
        (3, r(r".*(?:date|_dt|admitted|discharged|admission|discharge|died|death|visit|appointment|attendance).*")),
        (
            4,
            r(
                r"diagnosis|diag.*|icd.*|condition|dx|primary[ _]dx|procedure|opcs.*|read[ _]?code|snomed.*|disease|cause[ _]of[ _]death|medication|drug",
            ),
        ),
        (5, r(r"ethnicity|ethnic[ _]?(?:group|origin|category)?|race")),
        (6, r(r"occupation|job[ _]?title|marital[ _]?status|religion|nationality|country[ _]of[ _]birth|employer")),
    ]
});
/// Kinds of quasi-identifier, by value (every non-empty value of a column).
static QI_VALUES: LazyLock<[(u8, Regex); 4]> = LazyLock::new(|| {
    let r = |s: &str| Regex::new(s).unwrap();
    [
        (1, r(r"(?i)^(?:m|f|male|female)$")),
        (2, r(r"^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]{1,2}\d[A-Z\d]?)$")),
        (3, r(r"^(?:19|20)\d\d-\d\d-\d\d(?:[ T]\d\d:\d\d(?::\d\d)?)?$|^\d\d/\d\d/(?:19|20)\d\d$")),
        (4, r(r"^[A-TV-Z]\d\d(?:\.\d{1,2}|\d)?$")),
    ]
});

/// What the header and values of a table say about its rows.
struct Shape {
    person_id: Option<usize>,
    generic_id: Option<usize>,
    qi_kinds: usize,
    counts: bool,
    rows: usize,
}

fn shape(table: &Table) -> Shape {
    let Some(header) = table.rows.first() else {
        return Shape { person_id: None, generic_id: None, qi_kinds: 0, counts: false, rows: 0 };
    };
    let names: Vec<&str> = header.fields.iter().map(|f| plain(&f.text)).collect();
    let person_id = names.iter().position(|n| PERSON_ID.is_match(n));
    let generic_id = names.iter().position(|n| GENERIC_ID.is_match(n) && !ORG_ID.is_match(n));
    let counts = names.iter().any(|n| COUNT_HEADER.is_match(n));
    let body = &table.rows[1..];
    let mut kinds = [false; 7];
    for (c, name) in names.iter().enumerate() {
        if let Some((k, _)) = QI_HEADERS.iter().find(|(_, re)| re.is_match(name)) {
            kinds[*k as usize] = true;
            continue;
        }
        let values: Vec<&str> = body.iter().map(|r| plain(&r.fields[c].text)).filter(|v| !v.is_empty()).collect();
        if values.len() >= 2
            && let Some((k, _)) = QI_VALUES.iter().find(|(_, re)| values.iter().all(|v| re.is_match(v)))
        {
            kinds[*k as usize] = true;
        }
    }
    Shape { person_id, generic_id, qi_kinds: kinds.iter().filter(|&&k| k).count(), counts, rows: body.len() }
}

/// Whether a table's shape is one row per person (whatever its length): a direct person
/// identifier, or person attributes or a generic ID without a count column.
pub fn is_record_level(table: &Table) -> bool {
    let s = shape(table);
    s.person_id.is_some() || (!s.counts && (s.qi_kinds >= 3 || s.generic_id.is_some()))
}

impl super::Rule for Rule {
    fn reads_records(&self) -> bool {
        true
    }

    fn inspect(&self, cx: &Context, text: &str) -> Outcome {
        let mut out = Outcome::default();
        let mut edits = Vec::new();
        for table in cx.tables(text).iter() {
            let s = shape(table);
            let rows = s.rows as u64;
            let name = |c: usize| plain(&table.rows[0].fields[c].text).to_string();
            let (why, preview) = if let Some(c) = s.person_id.filter(|_| rows >= self.identified_rows) {
                (format!("record-level table: person identifier column and {rows} rows"), format!("column {}, {rows} rows", name(c)))
            } else if !s.counts && s.qi_kinds >= 3 && rows >= self.quasi_rows {
                (
                    format!("record-level table: {} kinds of person attributes and {rows} rows", s.qi_kinds),
                    format!("{} attribute kinds, {rows} rows", s.qi_kinds),
                )
            } else if let Some(c) = s.generic_id.filter(|_| !s.counts && rows > self.max_rows) {
                (
                    format!("record-level table: ID-like column and {rows} rows (more than {})", self.max_rows),
                    format!("column {}, {rows} rows", name(c)),
                )
            } else {
                continue;
            };
            if cx.allowed(&table.header_text()) {
                continue;
            }
            out.hits.push(Hit { code: CODE, severity: Severity::Medium, reason: why, preview, action: None });
            if cx.rewrite {
                edits.push(tables::withhold(table, &format!("[microdata table withheld: {rows} rows]")));
            }
        }
        if !edits.is_empty() {
            out.rewritten = Some(tables::apply(text, edits));
            out.withheld_note = Some("record-level table withheld");
        }
        out
    }
}
