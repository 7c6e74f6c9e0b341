//! `vet --html`: one self-contained page (inline CSS, no scripts, no external resources) a
//! reviewer reads instead of the JSON. Same inputs give the same bytes: no timestamps, no
//! absolute paths, files in the JSON's order.
//!
//! Hidden cells are shown on the rewritten table, never with their values: each hidden count
//! carries the attacker's audited feasibility interval (from the component's `explain-json`)
//! beside it and in its tooltip, which is why the cell is safe to publish.

use std::fmt::Write;

use crate::vet::{FileResult, Header, HiddenCell, Status, TableDetail, Totals, by_rule, count_kinds};

const CSS: &str = "\
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f;background:#fafafa}
h1{font-size:22px;margin:0 0 8px}h2{font-size:16px;margin:0}
.meta{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;margin-bottom:16px}
.meta dt{font-weight:600;float:left;clear:left;width:150px}.meta dd{margin:0 0 2px 160px;font-family:monospace;word-break:break-all}
.file{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;margin:12px 0}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;margin-left:8px;color:#fff}
.allow{background:#2e7d32}.warn{background:#b26a00}.redact{background:#1565c0}.approve{background:#6a1b9a}.block{background:#b71c1c}.error{background:#555}.skipped{background:#8d6e63}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#f0f0f0}td.lbl,table.findings th{text-align:left}
td.primary{background:#ffcdd2;border:2px solid #c62828;font-weight:600}
td.complement{background:#fff3c4;border:2px dashed #b26a00}
td.derived{background:#e1f5fe;border:2px dotted #0277bd}
td.forced{background:#ede7f6;border:2px dashed #5e35b1}
.iv{display:block;font-size:11px;color:#555;font-weight:400}
.legend span{display:inline-block;padding:1px 8px;margin-right:8px}
.code{font-family:monospace}.prev{font-family:monospace;background:#eee;padding:0 4px}
.note{color:#555;font-size:13px}";

/// The page, from the same data as the JSON document.
pub fn render(header: &Header, results: &[FileResult]) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    s.push_str("<meta name=\"viewport\" content=\"width=device-width\"><title>egress-guard vet report</title>\n");
    writeln!(s, "<style>\n{CSS}\n</style></head><body>").unwrap();
    s.push_str("<h1>egress-guard vet report</h1>\n<dl class=\"meta\">\n");
    let policy = &header.policy;
    let str_of = |k: &str| policy.get(k).and_then(|v| v.as_str()).unwrap_or("").to_string();
    let preset = policy.get("preset").and_then(|v| v.as_str()).unwrap_or("none");
    let validity = if policy.get("valid").and_then(|v| v.as_bool()) == Some(false) {
        format!("INVALID, built-in defaults in force: {}", str_of("error"))
    } else {
        "valid".into()
    };
    for (k, v) in [
        ("Tool version", header.tool_version.to_string()),
        ("Engine version", header.engine_version.clone()),
        ("Module SHA-256", header.module_sha256.clone()),
        ("Policy", format!("{} (preset {preset}; {validity})", str_of("source"))),
        ("Policy SHA-256", str_of("policy_sha256")),
        ("Scope", header.scope.as_str().to_string()),
    ] {
        writeln!(s, "<dt>{}</dt><dd>{}</dd>", esc(k), esc(&v)).unwrap();
    }
    s.push_str(
        "</dl>\n<p class=\"note\">Every decision on this page was made by the Egress Guard component with the SHA-256 above; \
        re-running <span class=\"code\">egress-guard vet</span> with the same component, policy and files gives this page byte for byte.</p>\n",
    );
    s.push_str(
        "<p class=\"legend\"><span style=\"background:#ffcdd2;border:2px solid #c62828\">primary: small count</span>\
        <span style=\"background:#fff3c4;border:2px dashed #b26a00\">complementary: hidden so primaries cannot be derived</span>\
        <span style=\"background:#ede7f6;border:2px dashed #5e35b1\">forced: in a group whose totals do not add up</span>\
        <span style=\"background:#e1f5fe;border:2px dotted #0277bd\">derived: percentage that would give a count back</span></p>\n",
    );
    writeln!(
        s,
        "<p class=\"note\">Beside every hidden count: its audited feasibility interval, the smallest and largest value it can take in any \
        non-negative table consistent with the visible cells and the totals (the attacker's linear program). A primary is safe when its interval \
        is at least the protection wide.</p>"
    )
    .unwrap();
    let t = Totals::of(results);
    writeln!(
        s,
        "<p><b>{}</b> files: <b>{}</b> clean or warn only, <b>{}</b> need review, <b>{}</b> skipped (not vetted: a person must look at them), <b>{}</b> errors.</p>",
        t.files,
        t.clean(),
        t.needs_review,
        t.skipped,
        t.errors
    )
    .unwrap();
    for r in results {
        file(&mut s, r);
    }
    s.push_str("</body></html>\n");
    s
}

fn file(s: &mut String, r: &FileResult) {
    let label = match (&r.outcome, r.action()) {
        (_, Some(a)) => a.as_str(),
        (Status::Skipped(_), None) => "skipped",
        _ => "error",
    };
    writeln!(s, "<section class=\"file\" id=\"{}\"><h2>{}<span class=\"badge {label}\">{label}</span></h2>", esc(&r.rel), esc(&r.rel)).unwrap();
    let o = match &r.outcome {
        Status::Failed(why) | Status::Skipped(why) => {
            if r.bytes > 0 {
                writeln!(s, "<div class=\"note\">{} bytes, SHA-256 <span class=\"code\">{}</span></div>", r.bytes, r.sha256).unwrap();
            }
            writeln!(s, "<p>Not vetted: {}</p></section>", esc(why)).unwrap();
            return;
        }
        Status::Vetted(o) => o,
    };
    writeln!(s, "<div class=\"note\">{} bytes ({}), SHA-256 <span class=\"code\">{}</span></div>", r.bytes, o.encoding.as_str(), r.sha256).unwrap();
    let Some(v) = &o.verdict else {
        s.push_str("<p>Clean: no findings.</p></section>\n");
        return;
    };
    let rules = by_rule(Some(v)).into_iter().map(|(k, n)| format!("{k} ×{n}")).collect::<Vec<_>>().join(", ");
    writeln!(s, "<p>Findings by rule: {}</p>", esc(&rules)).unwrap();
    s.push_str("<table class=\"findings\"><tr><th>rule</th><th>code</th><th>action</th><th>severity</th><th>reason</th><th>masked preview</th></tr>\n");
    for f in &v.findings {
        writeln!(
            s,
            "<tr><td class=\"lbl\">{}</td><td class=\"lbl code\">{}</td><td class=\"lbl\">{}</td><td class=\"lbl\">{}</td><td class=\"lbl\">{}</td><td class=\"lbl\"><span class=\"prev\">{}</span></td></tr>",
            esc(&f.rule),
            esc(&f.code),
            f.action.as_str(),
            f.severity.as_str(),
            esc(&f.reason),
            esc(&f.preview)
        )
        .unwrap();
    }
    s.push_str("</table>\n");
    if let Some(m) = &v.message {
        writeln!(s, "<p class=\"note\">Message: {}</p>", esc(m)).unwrap();
    }
    for t in &o.tables {
        table(s, t);
    }
    s.push_str("</section>\n");
}

fn table(s: &mut String, t: &TableDetail) {
    let at = if t.path.is_empty() { String::new() } else { format!(" (at <span class=\"code\">{}</span>)", esc(&t.path)) };
    match t.status.as_str() {
        "withheld" => {
            writeln!(s, "<p><b>Table {}</b>{at}: withheld whole (no suppression pattern passed the audit within the work budget).</p>", t.index + 1).unwrap();
            return;
        }
        "flagged" => {
            writeln!(s, "<p><b>Table {}</b>{at}: small counts flagged, not rewritten (the rule is not in redact mode).</p>", t.index + 1).unwrap();
            return;
        }
        "rounded" => writeln!(s, "<p><b>Table {}</b>{at}: counts randomly rounded to base 5.</p>", t.index + 1).unwrap(),
        _ => {
            let k = count_kinds(&t.hidden);
            let forced = if k.forced > 0 { format!(", {} forced", k.forced) } else { String::new() };
            writeln!(
                s,
                "<p><b>Table {}</b>{at}: {} primary, {} complementary{forced}, {} derived cells hidden; protection {}.</p>",
                t.index + 1,
                k.primary,
                k.complement,
                k.derived,
                t.protection
            )
            .unwrap();
        }
    }
    let hidden: std::collections::HashMap<(usize, usize), &HiddenCell> = t.hidden.iter().map(|h| ((h.row, h.col), h)).collect();
    writeln!(s, "<table class=\"cells\" data-table=\"{}\">", t.index + 1).unwrap();
    for (r, row) in t.rows.iter().enumerate() {
        s.push_str("<tr>");
        for (c, text) in row.iter().enumerate() {
            let tag = if r == 0 { "th" } else { "td" };
            match hidden.get(&(r, c)) {
                Some(h) => {
                    let (short, long) = interval_text(h);
                    let kind = esc(&h.kind);
                    write!(s, "<{tag} class=\"{kind}\" title=\"{kind} cell; {long}\">{}<span class=\"iv\">{kind}: {short}</span></{tag}>", esc(text)).unwrap()
                }
                None => write!(s, "<{tag}{}>{}</{tag}>", if c == 0 { " class=\"lbl\"" } else { "" }, esc(text)).unwrap(),
            }
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
}

/// The interval beside a hidden cell and the sentence in its tooltip.
fn interval_text(h: &HiddenCell) -> (String, String) {
    match (h.interval, h.audit.as_deref()) {
        (Some((lo, Some(hi))), _) => {
            (format!("{lo}\u{2013}{hi}"), format!("an attacker can only tell it lies between {lo} and {hi} (audited interval, width {})", hi - lo))
        }
        (Some((lo, None)), _) => (format!("{lo}\u{2013}\u{221e}"), format!("at least {lo}; nothing published bounds it from above")),
        (None, Some("degenerate")) => ("NOT PROTECTED".into(), "the audit pins this count to one value: a protection bug, report it".into()),
        (None, Some(why)) => ("unaudited".into(), format!("interval not audited ({})", esc(why))),
        (None, None) => ("hidden with its count".into(), "a percentage hidden because it would give a hidden count back".into()),
    }
}

fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}
