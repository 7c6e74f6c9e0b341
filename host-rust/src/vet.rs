//! `egress-guard vet`: a reviewer re-runs the agent's guard over files on disk.
//!
//! Every decision comes from the component (one [`Guard`] per worker thread, via [`GuardPool`]);
//! this module only walks folders, runs files in parallel, and lays the verdicts out. The JSON
//! result is reproducible: files sorted by relative path, no timestamps, no absolute paths, so
//! the same inputs and policy give the same bytes on any machine.
//!
//! Table details (the published table, which hidden cells are primary, complementary or derived
//! percentages, and the attacker's audited interval of each hidden count) come from the
//! component's `explain-json`, so every host shows the same decision with the same intervals.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use egress_guard::{Action, GuardPool, INTERNAL_CODE, Scope, Verdict};
use rayon::prelude::*;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// Extensions picked up when walking a folder (a file named on the command line is always vetted).
const EXTENSIONS: &[&str] = &["md", "markdown", "txt", "text", "csv", "tsv", "json", "jsonl", "ndjson", "log", "out"];

/// One file to vet: where it is and the path it is reported (and copied) under.
pub struct Source {
    pub path: PathBuf,
    pub rel: String,
}

/// A hidden cell of a rewritten table. Values are never kept: positions, kinds and intervals.
pub struct HiddenCell {
    pub row: usize,
    pub col: usize,
    /// `primary`, `complement`, `forced` or `derived`.
    pub kind: String,
    /// The attacker's audited interval `[lo, hi]` of a hidden count (`hi` `None`: unbounded).
    pub interval: Option<(u64, Option<u64>)>,
    /// Why a count has no interval: `degenerate` (a protection bug) or `out of budget`.
    pub audit: Option<String>,
}

/// A table the small-cell rule flagged.
pub struct TableDetail {
    /// JSON pointer of the string holding the table (`""` for plain text).
    pub path: String,
    pub index: usize,
    /// `suppressed`, `rounded`, `withheld` or `flagged` (warn mode, not rewritten).
    pub status: String,
    pub protection: u64,
    /// The rewritten table's fields (what the reviewer may publish); empty when withheld.
    pub rows: Vec<Vec<String>>,
    pub hidden: Vec<HiddenCell>,
}

impl TableDetail {
    /// One table of the component's `explain-json`.
    fn from_explain(t: &Value) -> Option<TableDetail> {
        let hidden = t["cells"]
            .as_array()?
            .iter()
            .map(|c| {
                Some(HiddenCell {
                    row: c["row"].as_u64()? as usize,
                    col: c["col"].as_u64()? as usize,
                    kind: c["class"].as_str()?.to_string(),
                    interval: c["lo"].as_u64().map(|lo| (lo, c["hi"].as_u64())),
                    audit: c["audit"].as_str().map(str::to_string),
                })
            })
            .collect::<Option<_>>()?;
        let rows = t["rows"]
            .as_array()?
            .iter()
            .map(|r| r.as_array().map(|r| r.iter().map(|f| f.as_str().unwrap_or_default().to_string()).collect()))
            .collect::<Option<_>>()?;
        Some(TableDetail {
            path: t["path"].as_str()?.to_string(),
            index: t["index"].as_u64()? as usize,
            status: t["status"].as_str()?.to_string(),
            protection: t["protection"].as_u64()?,
            rows,
            hidden,
        })
    }
}

pub struct FileResult {
    pub rel: String,
    pub bytes: usize,
    pub sha256: String,
    pub outcome: Result<Outcome, String>,
}

pub struct Outcome {
    pub verdict: Option<Verdict>,
    pub tables: Vec<TableDetail>,
}

impl FileResult {
    pub fn action(&self) -> Option<Action> {
        match &self.outcome {
            Ok(o) => Some(o.verdict.as_ref().map_or(Action::Allow, |v| v.action)),
            Err(_) => None,
        }
    }
}

/// Expand the command line's paths into sorted, de-duplicated sources. A single folder is
/// reported relative to itself; otherwise each argument keeps its own name as the first component.
pub fn collect(paths: &[PathBuf]) -> std::io::Result<Vec<Source>> {
    let single_dir = paths.len() == 1 && paths[0].is_dir();
    let mut out = BTreeMap::new();
    for arg in paths {
        let base = if single_dir { arg.clone() } else { arg.parent().map(Path::to_path_buf).unwrap_or_default() };
        if arg.is_dir() {
            walk(arg, &base, &mut out)?;
        } else if arg.is_file() {
            insert(&mut out, rel_of(arg, &base), arg.clone())?;
        } else {
            return Err(std::io::Error::new(std::io::ErrorKind::NotFound, format!("{}: no such file or folder", arg.display())));
        }
    }
    Ok(out.into_iter().map(|(rel, path)| Source { path, rel }).collect())
}

fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let hidden = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            walk(&path, base, out)?;
        } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| EXTENSIONS.contains(&e.to_ascii_lowercase().as_str())) {
            insert(out, rel_of(&path, base), path)?;
        }
    }
    Ok(())
}

/// Two different inputs reported under one name would overwrite each other's results and copies.
fn insert(out: &mut BTreeMap<String, PathBuf>, rel: String, path: PathBuf) -> std::io::Result<()> {
    match out.get(&rel) {
        Some(prev) if *prev != path => Err(std::io::Error::other(format!(
            "{} and {} would both be reported as {rel}; vet their common parent folder instead",
            prev.display(),
            path.display()
        ))),
        _ => {
            out.insert(rel, path);
            Ok(())
        }
    }
}

/// `/`-separated, whatever the platform, so results compare across machines.
fn rel_of(path: &Path, base: &Path) -> String {
    let rel = path.strip_prefix(base).unwrap_or(path);
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// Vet every source in parallel (rayon's pool: one guard per busy worker); results come back in
/// the sources' (sorted) order. `tool` is passed for the args and result scopes.
pub fn run(pool: &GuardPool, sources: &[Source], scope: Scope, tool: &str) -> Vec<FileResult> {
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(sources.len() as u64).with_style(
            indicatif::ProgressStyle::with_template("{spinner} vetting [{bar:40}] {pos}/{len} files, {elapsed} (eta {eta}) {wide_msg}")
                .expect("static template")
                .progress_chars("=> "),
        )
    } else {
        indicatif::ProgressBar::hidden()
    };
    let results = sources
        .par_iter()
        .map(|s| {
            let r = vet_one(pool, s, scope, tool);
            bar.set_message(s.rel.clone());
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    results
}

fn vet_one(pool: &GuardPool, s: &Source, scope: Scope, tool: &str) -> FileResult {
    let bytes = match std::fs::read(&s.path) {
        Ok(b) => b,
        Err(e) => return FileResult { rel: s.rel.clone(), bytes: 0, sha256: String::new(), outcome: Err(format!("cannot read: {e}")) },
    };
    let sha256 = hex(&Sha256::digest(&bytes));
    let n = bytes.len();
    let fail = |msg: String| FileResult { rel: s.rel.clone(), bytes: n, sha256: sha256.clone(), outcome: Err(msg) };
    let Ok(text) = String::from_utf8(bytes) else {
        return fail("not UTF-8 text".into());
    };
    let payload = if scope == Scope::Args { args_payload(&text) } else { text.clone() };
    // One guard for both calls; the explanation (extra LP solves) only for flagged tables.
    let called = pool.with(|g| -> egress_guard::Result<_> {
        let v = g.inspect(scope, tool, &payload)?;
        if let (Some(v), Some(why)) = (&v, g.last_failure())
            && v.findings.iter().any(|f| f.code == INTERNAL_CODE)
        {
            eprintln!("egress-guard: warning: {}: engine call failed: {why}", s.rel);
        }
        let flagged = v.as_ref().is_some_and(|v| v.findings.iter().any(|f| f.rule == "smallcell"));
        let explained = if flagged { Some(g.explain(scope, tool, &payload)?) } else { None };
        Ok((v, explained))
    });
    let (verdict, explained) = match called {
        Ok(Ok(r)) => r,
        Ok(Err(e)) | Err(e) => return fail(format!("internal error: {e:#}")),
    };
    let tables = match explained {
        None => Vec::new(),
        Some(e) => match e["tables"].as_array().and_then(|ts| ts.iter().map(TableDetail::from_explain).collect::<Option<Vec<_>>>()) {
            Some(tables) => tables,
            None => return fail("internal error: the component's explanation is malformed".into()),
        },
    };
    for t in &tables {
        if t.hidden.iter().any(|h| h.audit.as_deref() == Some("degenerate")) {
            eprintln!("egress-guard: warning: {}: table {}: a hidden count's interval is degenerate (protection bug)", s.rel, t.index + 1);
        }
    }
    FileResult { rel: s.rel.clone(), bytes: n, sha256, outcome: Ok(Outcome { verdict, tables }) }
}

/// `--scope args`: a JSON object is the arguments themselves; anything else is vetted as the
/// `command` of a terminal call (a log or a script someone ran).
fn args_payload(text: &str) -> String {
    match serde_json::from_str::<Value>(text) {
        Ok(v @ Value::Object(_)) => v.to_string(),
        _ => json!({ "command": text }).to_string(),
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The effective policy as recorded in results: the status JSON without anything that depends
/// on where the files are (the component's path; the policy file's folder).
pub fn policy_record(mut status: Value, policy_text: &str) -> Value {
    if let Some(obj) = status.as_object_mut() {
        obj.remove("wasm");
        let source = obj.get("source").and_then(Value::as_str).unwrap_or_default().to_string();
        let name = Path::new(&source).file_name().map(|n| n.to_string_lossy().into_owned());
        if let Some(name) = name.filter(|n| *n != source) {
            obj.insert("source".into(), Value::from(name.as_str()));
            if let Some(err) = obj.get("error").and_then(Value::as_str).map(|e| e.replace(&source, &name)) {
                obj.insert("error".into(), Value::from(err));
            }
        }
        obj.insert("policy_sha256".into(), Value::from(hex(&Sha256::digest(policy_text.as_bytes()))));
    }
    status
}

/// Exit status over all files: 2 if any file could not be vetted, else 1 if any needs review.
pub fn exit_code(results: &[FileResult]) -> u8 {
    results
        .iter()
        .map(|r| match r.action() {
            None => 2,
            Some(a) if a >= Action::Redact => 1,
            Some(_) => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Counts of findings by rule for one verdict, sorted by rule.
pub fn by_rule(verdict: Option<&Verdict>) -> BTreeMap<&str, usize> {
    let mut m = BTreeMap::new();
    for f in verdict.map(|v| v.findings.as_slice()).unwrap_or_default() {
        *m.entry(f.rule.as_str()).or_insert(0) += 1;
    }
    m
}

/// The `--json` document.
pub fn to_json(header: &Header, results: &[FileResult]) -> Value {
    let mut by_action: BTreeMap<&str, usize> = BTreeMap::new();
    let mut rules: BTreeMap<&str, usize> = BTreeMap::new();
    let mut errors = 0;
    let files: Vec<Value> = results
        .iter()
        .map(|r| {
            let mut f = serde_json::Map::new();
            f.insert("path".into(), Value::from(r.rel.as_str()));
            f.insert("bytes".into(), Value::from(r.bytes));
            f.insert("sha256".into(), Value::from(r.sha256.as_str()));
            match &r.outcome {
                Err(e) => {
                    errors += 1;
                    f.insert("action".into(), Value::Null);
                    f.insert("error".into(), Value::from(e.as_str()));
                }
                Ok(o) => {
                    let action = r.action().expect("ok outcome").as_str();
                    *by_action.entry(action).or_insert(0) += 1;
                    for (rule, n) in by_rule(o.verdict.as_ref()) {
                        *rules.entry(rule).or_insert(0) += n;
                    }
                    let v = o.verdict.as_ref();
                    f.insert("action".into(), Value::from(action));
                    f.insert("findings".into(), serde_json::to_value(v.map(|v| v.findings.as_slice()).unwrap_or_default()).expect("findings"));
                    f.insert("message".into(), v.and_then(|v| v.message.as_deref()).map_or(Value::Null, Value::from));
                    let out = v.and_then(|v| v.output.as_deref());
                    f.insert("rewritten_sha256".into(), out.map_or(Value::Null, |o| Value::from(hex(&Sha256::digest(o.as_bytes())))));
                    f.insert("tables".into(), Value::Array(o.tables.iter().map(table_json).collect()));
                }
            }
            Value::Object(f)
        })
        .collect();
    json!({
        "tool": "egress-guard",
        "tool_version": header.tool_version,
        "engine_version": header.engine_version,
        "module_sha256": header.module_sha256,
        "scope": header.scope.as_str(),
        "policy": header.policy,
        "summary": {
            "files": results.len(),
            "needs_review": results.iter().filter(|r| r.action().is_some_and(|a| a >= Action::Redact)).count(),
            "errors": errors,
            "by_action": by_action,
            "findings_by_rule": rules,
        },
        "files": files,
    })
}

fn table_json(t: &TableDetail) -> Value {
    let hidden: Vec<Value> = t
        .hidden
        .iter()
        .map(|h| {
            let mut m = serde_json::Map::new();
            m.insert("row".into(), Value::from(h.row));
            m.insert("col".into(), Value::from(h.col));
            m.insert("kind".into(), Value::from(h.kind.as_str()));
            if let Some((lo, hi)) = h.interval {
                m.insert("lo".into(), Value::from(lo));
                m.insert("hi".into(), hi.map_or(Value::Null, Value::from));
            }
            if let Some(a) = &h.audit {
                m.insert("audit".into(), Value::from(a.as_str()));
            }
            Value::Object(m)
        })
        .collect();
    json!({ "path": t.path, "index": t.index, "status": t.status, "protection": t.protection, "hidden": hidden })
}

/// What every result document starts with, so a decision can be reproduced.
pub struct Header {
    pub tool_version: &'static str,
    pub engine_version: String,
    pub module_sha256: String,
    pub scope: Scope,
    pub policy: Value,
}

/// The terminal summary: one block per file that is not clean, then the totals.
pub fn summary(results: &[FileResult]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let width = results.iter().map(|r| r.rel.len()).max().unwrap_or(0).min(60);
    for r in results {
        match &r.outcome {
            Err(e) => writeln!(s, "{:width$}  ERROR    {e}", r.rel).unwrap(),
            Ok(o) => {
                let action = r.action().expect("ok outcome");
                let rules = by_rule(o.verdict.as_ref()).into_iter().map(|(k, n)| format!("{k}×{n}")).collect::<Vec<_>>().join(" ");
                writeln!(s, "{:width$}  {:7}  {rules}", r.rel, action.as_str().to_uppercase()).unwrap();
                for t in &o.tables {
                    let k = count_kinds(&t.hidden);
                    let forced = if k.forced > 0 { format!(", {} in unbalanced groups", k.forced) } else { String::new() };
                    match t.status.as_str() {
                        "withheld" => writeln!(s, "{:width$}    table {}: withheld whole (no safe suppression pattern)", "", t.index + 1).unwrap(),
                        "rounded" => writeln!(s, "{:width$}    table {}: counts rounded", "", t.index + 1).unwrap(),
                        "flagged" => writeln!(s, "{:width$}    table {}: small counts flagged, not rewritten", "", t.index + 1).unwrap(),
                        _ => writeln!(
                            s,
                            "{:width$}    table {}: {} cells hidden ({} primary, {} complementary{forced}, {} derived percentages)",
                            "",
                            t.index + 1,
                            t.hidden.len(),
                            k.primary,
                            k.complement,
                            k.derived
                        )
                        .unwrap(),
                    }
                }
            }
        }
    }
    let review = results.iter().filter(|r| r.action().is_some_and(|a| a >= Action::Redact)).count();
    let errors = results.iter().filter(|r| r.action().is_none()).count();
    writeln!(s, "\n{} files vetted: {} clean or warn only, {review} need review, {errors} errors", results.len(), results.len() - review - errors).unwrap();
    s
}

/// Hidden cells by kind.
pub struct Kinds {
    pub primary: usize,
    pub complement: usize,
    pub forced: usize,
    pub derived: usize,
}

pub fn count_kinds(hidden: &[HiddenCell]) -> Kinds {
    let n = |k: &str| hidden.iter().filter(|h| h.kind == k).count();
    Kinds { primary: n("primary"), complement: n("complement"), forced: n("forced"), derived: n("derived") }
}

/// Data files (CSV, TSV, JSON, JSON lines) are copied without the note the component appends to
/// a rewritten reply (the verdict's `note`: `output` ends with a blank line and it), so they
/// still parse; the note is in the results. Prose keeps it.
fn safe_copy<'a>(rel: &str, out: &'a str, note: Option<&str>) -> &'a str {
    let data = Path::new(rel).extension().and_then(|e| e.to_str()).is_some_and(|e| {
        ["csv", "tsv", "json", "jsonl", "ndjson"].contains(&e.to_ascii_lowercase().as_str())
    });
    match note {
        Some(n) if data => out.strip_suffix(n).and_then(|o| o.strip_suffix("\n\n")).unwrap_or(out),
        _ => out,
    }
}

/// `--write-safe DIR`: the vetted text (the original when clean) at the same relative path.
/// Files that could not be vetted, and blocked or approval-pending files with no rewrite, are
/// not copied.
pub fn write_safe(dir: &Path, sources: &[Source], results: &[FileResult]) -> std::io::Result<usize> {
    let mut written = 0;
    for (s, r) in sources.iter().zip(results) {
        let Ok(o) = &r.outcome else { continue };
        let dest = dir.join(&s.rel);
        std::fs::create_dir_all(dest.parent().unwrap_or(dir))?;
        match o.verdict.as_ref().map(|v| (v.action, v.output.as_deref())) {
            Some((_, Some(out))) => std::fs::write(&dest, safe_copy(&s.rel, out, o.verdict.as_ref().and_then(|v| v.note.as_deref())))?,
            // Waiting for approval or blocked, with nothing rewritten: there is no safe copy.
            Some((action, None)) if action >= Action::Approve => continue,
            _ => {
                std::fs::copy(&s.path, &dest)?;
            }
        }
        written += 1;
    }
    Ok(written)
}
