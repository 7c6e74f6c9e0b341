//! `egress-guard vet`: a reviewer re-runs the agent's guard over files on disk.
//!
//! Every decision comes from the component (one [`Guard`] per worker thread, via [`GuardPool`]);
//! this module only walks folders, runs files in parallel, and lays the verdicts out. The JSON
//! result is reproducible: files sorted by relative path, no timestamps, no absolute paths, so
//! the same inputs and policy give the same bytes on any machine.
//!
//! Every file given, or found in a given folder, is judged by its content, never its name:
//! text (see [`decode`]) is vetted; anything else (binary or unreadable content, symbolic links,
//! special files, version-control folders) is listed as skipped, in the summary, the JSON and the
//! HTML alike, and a skip makes the exit status 1 (a person must look), never 0.
//!
//! Table details (the published table, which hidden cells are primary, complementary or derived
//! percentages, and the attacker's audited interval of each hidden count) come from the
//! component's `explain-json`, so every host shows the same decision with the same intervals.

mod decode;

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use egress_guard::{Action, GuardPool, INTERNAL_CODE, Scope, Verdict};
use rayon::prelude::*;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// Folders of version-control data: walking them would list every object of the history as a
/// skipped binary. They are listed as one skipped entry each; name one on the command line to
/// vet it anyway.
const VCS_DIRS: &[&str] = &[".git", ".hg", ".svn"];

/// One entry to report: where it is, the path it is reported (and copied) under, and why it is
/// skipped without being read, if it is.
pub struct Source {
    pub path: PathBuf,
    pub rel: String,
    pub skip: Option<String>,
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
    pub outcome: Status,
}

/// What became of one entry.
pub enum Status {
    Vetted(Outcome),
    /// Not vetted, and why: not text, unreadable, a link or special file, version-control data.
    Skipped(String),
    /// The guard failed on it (an internal error).
    Failed(String),
}

pub struct Outcome {
    pub encoding: decode::Encoding,
    pub verdict: Option<Verdict>,
    pub tables: Vec<TableDetail>,
}

impl FileResult {
    /// The verdict's action; `None` unless the file was vetted.
    pub fn action(&self) -> Option<Action> {
        match &self.outcome {
            Status::Vetted(o) => Some(o.verdict.as_ref().map_or(Action::Allow, |v| v.action)),
            Status::Skipped(_) | Status::Failed(_) => None,
        }
    }

    pub fn needs_review(&self) -> bool {
        self.action().is_some_and(|a| a >= Action::Redact)
    }
}

/// Totals over all entries, as every report prints them.
pub struct Totals {
    pub files: usize,
    pub needs_review: usize,
    pub skipped: usize,
    pub errors: usize,
}

impl Totals {
    pub fn of(results: &[FileResult]) -> Totals {
        let n = |f: fn(&FileResult) -> bool| results.iter().filter(|r| f(r)).count();
        Totals {
            files: results.len(),
            needs_review: n(FileResult::needs_review),
            skipped: n(|r| matches!(r.outcome, Status::Skipped(_))),
            errors: n(|r| matches!(r.outcome, Status::Failed(_))),
        }
    }

    pub fn clean(&self) -> usize {
        self.files - self.needs_review - self.skipped - self.errors
    }
}

type Found = BTreeMap<String, (PathBuf, Option<String>)>;

/// Expand the command line's paths into sorted, de-duplicated sources. A single folder is
/// reported relative to itself; otherwise each argument keeps its own name as the first component.
/// Folders are walked whole, hidden entries included (a `.env` is what a reviewer must see);
/// symbolic links inside them are not followed.
pub fn collect(paths: &[PathBuf]) -> std::io::Result<Vec<Source>> {
    let single_dir = paths.len() == 1 && paths[0].is_dir();
    let mut out = Found::new();
    for arg in paths {
        let base = if single_dir { arg.clone() } else { arg.parent().map(Path::to_path_buf).unwrap_or_default() };
        let meta = std::fs::metadata(arg).map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", arg.display())))?;
        if meta.is_dir() {
            walk(arg, &base, &mut out)?;
        } else {
            let skip = (!meta.is_file()).then(|| "not a regular file".to_string());
            insert(&mut out, rel_of(arg, &base), arg.clone(), skip)?;
        }
    }
    Ok(out.into_iter().map(|(rel, (path, skip))| Source { path, rel, skip }).collect())
}

fn walk(dir: &Path, base: &Path, out: &mut Found) -> std::io::Result<()> {
    let mut entries = walkdir::WalkDir::new(dir).into_iter();
    while let Some(entry) = entries.next() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) if e.depth() == 0 => return Err(std::io::Error::other(format!("{}: {e}", dir.display()))),
            Err(e) => {
                let path = e.path().unwrap_or(dir).to_path_buf();
                insert(out, rel_of(&path, base), path, Some(format!("cannot read: {}", e.io_error().map_or(e.to_string(), ToString::to_string))))?;
                continue;
            }
        };
        let kind = entry.file_type();
        let skip = if kind.is_dir() {
            if entry.depth() == 0 || !VCS_DIRS.iter().any(|d| entry.file_name() == *d) {
                continue;
            }
            entries.skip_current_dir();
            "version-control data, not walked (name the folder to vet it)"
        } else if kind.is_file() {
            insert(out, rel_of(entry.path(), base), entry.into_path(), None)?;
            continue;
        } else if kind.is_symlink() {
            "symbolic link, not followed (vet its target)"
        } else {
            "not a regular file"
        };
        insert(out, rel_of(entry.path(), base), entry.into_path(), Some(skip.to_string()))?;
    }
    Ok(())
}

/// Two different inputs reported under one name would overwrite each other's results and copies.
fn insert(out: &mut Found, rel: String, path: PathBuf, skip: Option<String>) -> std::io::Result<()> {
    match out.get(&rel) {
        Some((prev, _)) if *prev != path => Err(std::io::Error::other(format!(
            "{} and {} would both be reported as {rel}; vet their common parent folder instead",
            prev.display(),
            path.display()
        ))),
        _ => {
            out.insert(rel, (path, skip));
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
    let skipped = |why: String| FileResult { rel: s.rel.clone(), bytes: 0, sha256: String::new(), outcome: Status::Skipped(why) };
    if let Some(why) = &s.skip {
        return skipped(why.clone());
    }
    let bytes = match std::fs::read(&s.path) {
        Ok(b) => b,
        Err(e) => return skipped(format!("cannot read: {e}")),
    };
    let sha256 = hex(&Sha256::digest(&bytes));
    let n = bytes.len();
    let result = |outcome: Status| FileResult { rel: s.rel.clone(), bytes: n, sha256: sha256.clone(), outcome };
    let fail = |msg: String| result(Status::Failed(msg));
    let (encoding, text) = match decode::decode(&bytes) {
        decode::Content::Text(encoding, text) => (encoding, text),
        decode::Content::Binary(why) => return result(Status::Skipped(why.to_string())),
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
    result(Status::Vetted(Outcome { encoding, verdict, tables }))
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

/// Exit status over all files: 2 if the guard failed on any, else 1 if any needs review or was
/// skipped (nobody has judged it), else 0.
pub fn exit_code(results: &[FileResult]) -> u8 {
    results
        .iter()
        .map(|r| match &r.outcome {
            Status::Failed(_) => 2,
            Status::Skipped(_) => 1,
            Status::Vetted(_) => r.needs_review().into(),
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
    let files: Vec<Value> = results
        .iter()
        .map(|r| {
            let mut f = serde_json::Map::new();
            f.insert("path".into(), Value::from(r.rel.as_str()));
            f.insert("bytes".into(), Value::from(r.bytes));
            f.insert("sha256".into(), Value::from(r.sha256.as_str()));
            match &r.outcome {
                Status::Failed(e) => {
                    f.insert("action".into(), Value::Null);
                    f.insert("error".into(), Value::from(e.as_str()));
                }
                Status::Skipped(why) => {
                    f.insert("action".into(), Value::Null);
                    f.insert("skipped".into(), Value::from(why.as_str()));
                }
                Status::Vetted(o) => {
                    let action = r.action().expect("vetted").as_str();
                    *by_action.entry(action).or_insert(0) += 1;
                    for (rule, n) in by_rule(o.verdict.as_ref()) {
                        *rules.entry(rule).or_insert(0) += n;
                    }
                    let v = o.verdict.as_ref();
                    f.insert("action".into(), Value::from(action));
                    f.insert("encoding".into(), Value::from(o.encoding.as_str()));
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
    let totals = Totals::of(results);
    json!({
        "tool": "egress-guard",
        "tool_version": header.tool_version,
        "engine_version": header.engine_version,
        "module_sha256": header.module_sha256,
        "scope": header.scope.as_str(),
        "policy": header.policy,
        "summary": {
            "files": totals.files,
            "needs_review": totals.needs_review,
            "skipped": totals.skipped,
            "errors": totals.errors,
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
            Status::Failed(e) => writeln!(s, "{:width$}  ERROR    {e}", r.rel).unwrap(),
            Status::Skipped(why) => writeln!(s, "{:width$}  SKIPPED  {why}", r.rel).unwrap(),
            Status::Vetted(o) => {
                let action = r.action().expect("vetted");
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
    let t = Totals::of(results);
    writeln!(
        s,
        "\n{} files: {} clean or warn only, {} need review, {} skipped (not vetted), {} errors",
        t.files,
        t.clean(),
        t.needs_review,
        t.skipped,
        t.errors
    )
    .unwrap();
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
    let data = Path::new(rel)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["csv", "tsv", "json", "jsonl", "ndjson"].contains(&e.to_ascii_lowercase().as_str()));
    match note {
        Some(n) if data => out.strip_suffix(n).and_then(|o| o.strip_suffix("\n\n")).unwrap_or(out),
        _ => out,
    }
}

/// `--write-safe DIR`: the vetted text (the original when clean) at the same relative path, in
/// the file's own encoding (a rewrite with a character Windows-1252 has no byte for is written
/// as UTF-8, with a warning). Files skipped or failed, and blocked or approval-pending files with
/// no rewrite, are not copied.
pub fn write_safe(dir: &Path, sources: &[Source], results: &[FileResult]) -> std::io::Result<usize> {
    let mut written = 0;
    for (s, r) in sources.iter().zip(results) {
        let Status::Vetted(o) = &r.outcome else { continue };
        let dest = dir.join(&s.rel);
        std::fs::create_dir_all(dest.parent().unwrap_or(dir))?;
        match o.verdict.as_ref().map(|v| (v.action, v.output.as_deref())) {
            Some((_, Some(out))) => {
                let text = safe_copy(&s.rel, out, o.verdict.as_ref().and_then(|v| v.note.as_deref()));
                let bytes = o.encoding.encode(text).unwrap_or_else(|| {
                    eprintln!("egress-guard: warning: {}: the vetted copy holds characters {} cannot encode; written as UTF-8", s.rel, o.encoding.as_str());
                    text.as_bytes().to_vec()
                });
                std::fs::write(&dest, bytes)?
            }
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
