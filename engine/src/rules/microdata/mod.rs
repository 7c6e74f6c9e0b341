//! EG-MICRO-001: record-level tables (microdata).
//!
//! A table with an ID-like column (`id`, `record_id`, `uuid`, `case`, `person`, any `…_id`) and
//! more than `max_rows` data rows looks like one row per person or case. Judged by the header and
//! the row count only (see [`crate::rules::tables::id_column`]). In `redact` mode the whole table
//! is replaced by `[microdata table withheld: N rows]` (its line prefix kept); `warn` only records
//! it and `approve`/`block` act on the tool call through the rule's mode.

pub mod settings;

use super::tables::{self, Edit};
use super::{Context, Hit, Outcome};
use crate::verdict::Severity;

pub const CODE: &str = "EG-MICRO-001";

pub struct Rule {
    max_rows: u64,
}

impl super::Rule for Rule {
    fn inspect(&self, cx: &Context, text: &str) -> Outcome {
        let mut out = Outcome::default();
        if !tables::may_have_id_column(text) {
            return out;
        }
        let mut edits = Vec::new();
        for table in tables::find(text) {
            let Some(col) = tables::id_column(&table) else { continue };
            let rows = table.rows.len().saturating_sub(1);
            if (rows as u64) <= self.max_rows || cx.allowed(&table.header_text()) {
                continue;
            }
            let name = tables::structure::plain(&table.rows[0].fields[col].text).to_string();
            out.hits.push(Hit {
                code: CODE,
                severity: Severity::Medium,
                reason: format!("record-level table: ID-like column and {rows} rows (more than {})", self.max_rows),
                preview: format!("column {name}, {rows} rows"),
                action: None,
            });
            if cx.rewrite {
                let text = format!("{}[microdata table withheld: {rows} rows]", table.prefix);
                edits.push(Edit { start: table.start, end: table.end, text: text.into() });
            }
        }
        if !edits.is_empty() {
            out.rewritten = Some(tables::apply(text, edits));
            out.withheld_note = Some("record-level table withheld");
        }
        out
    }
}
