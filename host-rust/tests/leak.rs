//! Canary leak test (issue 8) through the Rust host: the library's `Guard`, and the CLI's
//! `inspect`, `inspect --jsonl`, `vet --json --html --write-safe` and `report`.
//!
//! Canaries of two kinds go in, and nothing anyone downstream reads may give them back:
//!
//! * **secrets** — every case of `tests/corpora/secrets/egress_bench_v0` in all three scopes.
//!   Audit lines, messages, finding reasons and previews, vet's JSON and HTML, report output and
//!   stderr may not hold any 8-character window of any corpus secret (windows that also occur
//!   in the corpus outside the secrets, such as `password`, are not canaries). A rewritten
//!   payload may not keep any window of a secret it redacted (a partial redaction is a leak;
//!   a secret the rules do not detect at all is a recall matter, counted in `secrets_corpus`).
//! * **suppressed counts** — the SDC corpus tables with every count multiplied by the prime
//!   104,729 and the threshold scaled with them (the same cells are primaries), so every count is
//!   a distinctive number. Primaries' values may appear nowhere in the output; a count the
//!   guard hid (present in the input, absent from the output) may appear in no other channel.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::sync::OnceLock;

use egress_guard::{Guard, PolicySource, Scope, Verdict};
use egress_guard_engine::rules::tables::{self, structure::Layout};
use serde_json::{Value, json};

/// The scale factor of the table canaries (a prime: its multiples occur nowhere else).
const K: u64 = 104_729;
/// Below 5·K and no multiple of K: the primaries are the corpus cells 1-4, and the threshold
/// shown in reasons, previews and the status can never be mistaken for a count.
const THRESHOLD: u64 = 5 * K - 1;
const WINDOW: usize = 8;
/// The guard's own reason codes: a secret may share a window with them (`AGE-SECRET-KEY-1…`).
const CODES: &[&str] = &["EG-SECRET-001", "EG-CELL-001", "EG-MICRO-001", "EG-NET-001", "EG-SIZE-001", "EG-INTERNAL-001"];

fn corpora() -> PathBuf {
    common::repo().join("tests/corpora")
}

/// Every rule on in every scope it can run in; small cells at the scaled threshold.
fn policy_yaml() -> String {
    format!("rules:\n  smallcell:\n    threshold: {THRESHOLD}\n    scopes: [args, result, reply]\n  microdata:\n    scopes: [args, result, reply]\n")
}

fn policy() -> PolicySource {
    common::policy_text(&policy_yaml())
}

// ---- Secret canaries ----

struct Case {
    id: String,
    text: String,
    secrets: Vec<String>,
}

struct Secrets {
    cases: Vec<Case>,
    /// Every canary window of every secret.
    windows: BTreeSet<String>,
}

fn windows_of(s: &str) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    if chars.len() < WINDOW {
        return vec![s.to_string()];
    }
    chars.windows(WINDOW).map(|w| w.iter().collect()).collect()
}

fn secrets() -> &'static Secrets {
    static S: OnceLock<Secrets> = OnceLock::new();
    S.get_or_init(|| {
        let path = corpora().join("secrets/egress_bench_v0/cases.jsonl");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let cases: Vec<Case> = text
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .map(|c| Case {
                id: c["id"].as_str().unwrap().to_string(),
                text: c["text"].as_str().unwrap().to_string(),
                secrets: c["secrets"].as_array().unwrap().iter().map(|s| s["value"].as_str().unwrap().to_string()).collect(),
            })
            .collect();
        // Windows that occur outside the secrets (in any case's text, its file name, its JSON
        // form, the reason codes) are ordinary words, not canaries.
        let mut benign: BTreeSet<String> = CODES.iter().flat_map(|c| windows_of(c)).collect();
        for c in &cases {
            let mut rest = c.text.clone();
            for s in &c.secrets {
                rest = rest.replace(s.as_str(), "\u{0}");
            }
            let mut texts = vec![json!({"command": rest}).to_string(), c.id.clone()];
            if let Ok(v) = serde_json::from_str::<Value>(&c.text) {
                pointers(&v, "", &mut texts);
            }
            texts.push(rest);
            for t in texts {
                for line in t.split('\u{0}') {
                    benign.extend(windows_of(line));
                }
            }
        }
        let windows: BTreeSet<String> = cases.iter().flat_map(|c| c.secrets.iter().flat_map(|s| windows_of(s))).filter(|w| !benign.contains(w)).collect();
        assert!(windows.len() > 5_000, "{} canary windows", windows.len());
        Secrets { cases, windows }
    })
}

/// The JSON pointers of every member of `v` (audit lines name them in `path`).
fn pointers(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| {
            let p = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
            out.push(p.clone());
            pointers(x, &p, out);
        }),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| pointers(x, &format!("{at}/{i}"), out)),
        _ => {}
    }
}

/// The canary windows found in `text`, for a failure message.
fn secret_windows_in(text: &str) -> Vec<&'static str> {
    let chars: Vec<char> = text.chars().collect();
    let ws = &secrets().windows;
    let mut found: Vec<&'static str> = chars.windows(WINDOW).filter_map(|w| ws.get(&w.iter().collect::<String>()).map(String::as_str)).collect();
    found.dedup();
    found
}

fn assert_no_secret(channel: &str, text: &str) {
    let found = secret_windows_in(&without_digests(text));
    assert!(found.is_empty(), "{channel} holds secret windows {found:?}:\n{text}");
}

/// A payload for `scope` carrying `text`.
fn payload(scope: Scope, text: &str) -> String {
    if scope == Scope::Args { json!({"command": text}).to_string() } else { text.to_string() }
}

/// The text a rewritten payload carries: the `command` of rewritten arguments, else the text.
fn carried(scope: Scope, output: &str) -> String {
    match serde_json::from_str::<Value>(output) {
        Ok(v) if scope == Scope::Args => v["command"].as_str().map_or_else(|| output.to_string(), str::to_string),
        _ => output.to_string(),
    }
}

/// An approval message previews the command as it will run, so it may show what the rules did
/// not detect, never a window of what they hid. `carried`: the payload text as it goes on (the
/// rewritten text, or the original when nothing was rewritten).
fn check_message(what: &str, case: &Case, carried: &str, message: &str) {
    for s in case.secrets.iter().filter(|s| !carried.contains(s.as_str())) {
        let left: Vec<String> = windows_of(s).into_iter().filter(|w| secrets().windows.contains(w) && message.contains(w.as_str())).collect();
        assert!(left.is_empty(), "{what}: {}: hidden secret {s:?} shown in the message: {left:?}\n{message}", case.id);
    }
}

/// A redacted secret leaves no window behind in the rewritten payload. Returns how many of the
/// case's secrets were redacted (the rest passed whole: not detected).
fn check_output_secrets(what: &str, case: &Case, output: &str) -> usize {
    let mut redacted = 0;
    for s in &case.secrets {
        if output.contains(s.as_str()) {
            continue;
        }
        redacted += 1;
        let left: Vec<String> = windows_of(s).into_iter().filter(|w| secrets().windows.contains(w) && output.contains(w.as_str())).collect();
        assert!(left.is_empty(), "{what}: {}: secret {s:?} partly left in the output: {left:?}\n{output}", case.id);
    }
    redacted
}

/// `text` with the values of digest fields blanked wherever they are in it: a random hex digest
/// holds an 8-character window of a hex secret by chance now and then (one run in about fifty
/// did), which says nothing about a leak.
fn without_digests(text: &str) -> String {
    let mut out = text.to_string();
    for key in ["prev", "component_sha256", "policy_sha256", "sha256_12", "hmac_sha256_12", "last_sha256"] {
        let field = format!("\"{key}\":\"");
        let mut from = 0;
        while let Some(at) = out[from..].find(&field) {
            let start = from + at + field.len();
            let end = start + out[start..].bytes().take_while(u8::is_ascii_hexdigit).count();
            out.replace_range(start..end, "");
            from = start;
        }
    }
    out
}

/// Every channel of a verdict that never carries payload text: audit lines, finding reasons and
/// previews. (The message may preview a command; see [`check_message`].)
fn side_channels(v: &Verdict) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&str, String)> = v.audit.iter().map(|a| ("audit line", a.clone())).collect();
    for f in &v.findings {
        out.push(("finding reason", f.reason.clone()));
        out.push(("finding preview", f.preview.clone()));
    }
    out
}

// ---- Count canaries ----

struct Table {
    name: String,
    text: String,
}

/// `text` with every whole-number field scaled by `K`, except in a `Level` column (hierarchy
/// depths, not counts). Table lines are markdown pipe rows or CSV rows; other lines are kept.
fn scale(text: &str, csv: bool) -> String {
    let mut level_col = None;
    let mut out = Vec::new();
    for line in text.lines() {
        let is_row = if csv { line.contains(',') } else { line.starts_with('|') };
        if !is_row {
            out.push(line.to_string());
            continue;
        }
        let sep = if csv { ',' } else { '|' };
        let fields: Vec<&str> = line.split(sep).collect();
        if level_col.is_none() {
            level_col = fields.iter().position(|f| f.trim() == "Level");
        }
        let scaled: Vec<String> = fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let t = f.trim();
                match t.parse::<u64>() {
                    Ok(n) if Some(i) != level_col && !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => f.replace(t, &(n * K).to_string()),
                    _ => f.to_string(),
                }
            })
            .collect();
        out.push(scaled.join(&sep.to_string()));
    }
    out.join("\n") + "\n"
}

/// The SDC tables that come with a `structure.json`, markdown and CSV, scaled. The engine's own
/// parse of each scaled table must find the corpus's counts times `K` (the scaling is faithful).
fn canary_tables() -> &'static [Table] {
    static T: OnceLock<Vec<Table>> = OnceLock::new();
    T.get_or_init(|| {
        let dir = corpora().join("sdc");
        let mut out = Vec::new();
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.unwrap().file_name().into_string().ok())
            .filter_map(|n| n.strip_suffix(".structure.json").map(str::to_string))
            .collect();
        names.sort();
        for name in names {
            let st: Value = serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{name}.structure.json"))).unwrap()).unwrap();
            let want: Vec<u64> = st["cells"].as_array().unwrap().iter().map(|c| c["value"].as_u64().unwrap() * K).collect();
            for ext in ["md", "csv"] {
                // t09's structure belongs to its multi-header layout.
                let file = if name == "t09_region_sex_age" { format!("{name}_multiheader.{ext}") } else { format!("{name}.{ext}") };
                let text = std::fs::read_to_string(dir.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
                let text = scale(&text, ext == "csv");
                let found = tables::find(&text);
                let layout = Layout::analyze(&found[0], &egress_guard_engine::rules::steps::Steps::call()).unwrap_or_else(|| panic!("{file}: no counts"));
                let got: Vec<u64> = layout.cells.iter().map(|c| c.value).collect();
                assert_eq!(got, want, "{file}: scaled counts differ from structure.json × K");
                out.push(Table { name: file, text });
            }
        }
        assert!(out.len() >= 40, "{} tables", out.len());
        out
    })
}

/// Whole numbers in `text` (maximal runs of ASCII digits).
fn numbers(text: &str) -> BTreeSet<&str> {
    text.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).collect()
}

/// The primaries' values (corpus counts 1-4, scaled).
fn primary_values() -> Vec<String> {
    (1..5).map(|v| (v * K).to_string()).collect()
}

/// The counts of `input` the guard hid: multiples of `K` that the output no longer shows.
fn hidden_counts(input: &str, output: &str) -> BTreeSet<String> {
    let shown = numbers(output);
    numbers(input).into_iter().filter(|n| n.parse::<u64>().is_ok_and(|v| v > 0 && v % K == 0) && !shown.contains(n)).map(str::to_string).collect()
}

fn assert_no_count(channel: &str, text: &str, hidden: &BTreeSet<String>) {
    let leaked: Vec<&str> = numbers(text).into_iter().filter(|n| hidden.contains(*n)).collect();
    assert!(leaked.is_empty(), "{channel} shows hidden counts {leaked:?}:\n{text}");
}

fn assert_no_primary(channel: &str, text: &str) {
    let shown = numbers(text);
    let leaked: Vec<String> = primary_values().into_iter().filter(|p| shown.contains(p.as_str())).collect();
    assert!(leaked.is_empty(), "{channel} shows primaries {leaked:?}:\n{text}");
}

// ---- The library ----

#[test]
fn library_verdicts_hold_no_secret() {
    let rt = common::runtime();
    let mut g = Guard::new(&rt, &policy(), None).unwrap();
    assert_eq!(g.load_error(), None);
    let (mut redacted, mut total) = (0, 0);
    for case in &secrets().cases {
        for scope in Scope::ALL {
            let p = payload(scope, &case.text);
            let Some(v) = g.inspect(scope, "read_file", &p).unwrap() else { continue };
            for (channel, text) in side_channels(&v) {
                assert_no_secret(&format!("{}/{}: {channel}", case.id, scope.as_str()), &text);
            }
            let went_on = v.output.as_deref().map_or_else(|| case.text.clone(), |out| carried(scope, out));
            if let Some(m) = &v.message {
                check_message(scope.as_str(), case, &went_on, m);
            }
            if v.output.is_some() {
                redacted += check_output_secrets(scope.as_str(), case, &went_on);
                total += case.secrets.len();
            }
        }
    }
    // The corpus exercises redaction for real: most secrets go through a rewrite.
    assert!(redacted * 10 > total * 8, "only {redacted} of {total} secrets in rewritten payloads were redacted");
}

#[test]
fn library_verdicts_hold_no_suppressed_count() {
    let rt = common::runtime();
    let mut g = Guard::new(&rt, &policy(), None).unwrap();
    let mut hid = 0;
    for t in canary_tables() {
        for scope in Scope::ALL {
            let v = g.inspect(scope, "read_file", &payload(scope, &t.text)).unwrap();
            let Some((v, out)) = v.as_ref().and_then(|v| Some((v, v.output.as_deref()?))) else {
                assert_no_primary(&format!("{} (not rewritten)", t.name), &t.text);
                continue;
            };
            assert!(v.findings.iter().any(|f| f.code == "EG-CELL-001"), "{}", t.name);
            assert_no_primary(&format!("{} {} output", t.name, scope.as_str()), out);
            let hidden = hidden_counts(&payload(scope, &t.text), out);
            hid += hidden.len();
            for (channel, text) in side_channels(v).into_iter().chain(v.message.iter().map(|m| ("message", m.clone()))) {
                assert_no_count(&format!("{} {}: {channel}", t.name, scope.as_str()), &text, &hidden);
            }
        }
    }
    assert!(hid > 100, "only {hid} hidden counts");
}

// ---- The CLI ----

struct Cli {
    home: tempfile::TempDir,
}

impl Cli {
    fn new() -> Cli {
        let cli = Cli { home: tempfile::tempdir().unwrap() };
        std::fs::write(cli.path("policy.yaml"), policy_yaml()).unwrap();
        cli
    }

    fn path(&self, name: &str) -> PathBuf {
        self.home.path().join(name)
    }

    fn run(&self, args: &[&str]) -> Output {
        let policy = self.path("policy.yaml");
        common::cli(self.home.path()).arg("--policy").arg(&policy).args(args).stdin(Stdio::null()).output().unwrap()
    }

    /// Write `files` into a fresh folder and vet it with every output written; returns the
    /// texts to check (stdout, stderr, JSON, HTML) and the folder of safe copies.
    fn vet(&self, dir: &str, files: &[(String, &str)]) -> (Vec<(String, String)>, PathBuf) {
        let input = self.path(dir);
        std::fs::create_dir_all(&input).unwrap();
        for (name, text) in files {
            std::fs::write(input.join(name), text).unwrap();
        }
        let (json, html, safe) = (self.path(&format!("{dir}.json")), self.path(&format!("{dir}.html")), self.path(&format!("{dir}-safe")));
        let o = self.run(&[
            "vet",
            "-j",
            "2",
            "--json",
            json.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
            "--write-safe",
            safe.to_str().unwrap(),
            input.to_str().unwrap(),
        ]);
        assert!(matches!(o.status.code(), Some(0 | 1)), "vet failed: {}", String::from_utf8_lossy(&o.stderr));
        let texts = vec![
            ("vet stdout".to_string(), String::from_utf8(o.stdout).unwrap()),
            ("vet stderr".to_string(), String::from_utf8(o.stderr).unwrap()),
            ("vet --json".to_string(), std::fs::read_to_string(&json).unwrap()),
            ("vet --html".to_string(), std::fs::read_to_string(&html).unwrap()),
        ];
        (texts, safe)
    }

    /// `inspect --jsonl` over `lines`: stdout lines in order, and stderr.
    fn jsonl(&self, name: &str, lines: &[Value]) -> (Vec<Value>, String) {
        let input = self.path(name);
        std::fs::write(&input, lines.iter().map(|l| l.to_string() + "\n").collect::<String>()).unwrap();
        let o = self.run(&["inspect", "--jsonl", input.to_str().unwrap()]);
        assert!(matches!(o.status.code(), Some(0 | 1)), "inspect --jsonl failed: {}", String::from_utf8_lossy(&o.stderr));
        let out: Vec<Value> = String::from_utf8(o.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(out.len(), lines.len());
        (out, String::from_utf8(o.stderr).unwrap())
    }

    /// `report` over an audit log made of `lines` (timestamped as a host writes them).
    fn report(&self, name: &str, lines: &[String]) -> Output {
        let log = self.path(name);
        let body: String = lines.iter().map(|l| format!("{{\"ts\":\"2026-11-30T00:00:00.000Z\",{}\n", &l[1..])).collect();
        std::fs::write(&log, body).unwrap();
        let o = self.run(&["report", "--last", "100000", log.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        o
    }
}

fn safe_copy(dir: &Path, name: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(name)).ok()
}

/// One `--jsonl` line: the case's payload in `scope` (the arguments as an object for args).
fn jsonl_case(id: &str, scope: Scope, text: &str) -> Value {
    let payload = if scope == Scope::Args { json!({"command": text}) } else { Value::from(text) };
    json!({"id": id, "scope": scope.as_str(), "tool": "read_file", "payload": payload})
}

/// A `--jsonl` output line without its output (and, for the secrets, its message): the rest
/// never carries payload text.
fn jsonl_side(line: &Value, keep_message: bool) -> String {
    let mut l = line.clone();
    l.as_object_mut().unwrap().remove("output");
    if !keep_message {
        l.as_object_mut().unwrap().remove("message");
    }
    l.to_string()
}

#[test]
fn cli_outputs_hold_no_secret() {
    let cli = Cli::new();
    let cases = &secrets().cases;
    // inspect --jsonl: every case in every scope.
    let lines: Vec<Value> = cases.iter().flat_map(|c| Scope::ALL.map(|s| jsonl_case(&format!("{}/{}", c.id, s.as_str()), s, &c.text))).collect();
    let (out, stderr) = cli.jsonl("secrets.jsonl", &lines);
    assert_no_secret("inspect --jsonl stderr", &stderr);
    for (i, line) in out.iter().enumerate() {
        let case = &cases[i / 3];
        assert_eq!(line["id"], lines[i]["id"]);
        assert_no_secret(&format!("{} --jsonl", line["id"]), &jsonl_side(line, false));
        let went_on = match &line["output"] {
            Value::String(o) => o.clone(),
            Value::Object(args) => args["command"].as_str().unwrap().to_string(),
            _ => case.text.clone(),
        };
        if !line["output"].is_null() {
            check_output_secrets("inspect --jsonl", case, &went_on);
        }
        if let Some(m) = line["message"].as_str() {
            check_message("inspect --jsonl", case, &went_on, m);
        }
    }
    // Single inspect, one payload per context: the whole verdict line incl. audit.
    let mut audit = Vec::new();
    for case in cases.iter().filter(|c| c.id.starts_with("pos-") && c.id.contains("github")) {
        let file = cli.path("one.txt");
        std::fs::write(&file, &case.text).unwrap();
        let o = cli.run(&["inspect", "--scope", "result", "--tool", "read_file", file.to_str().unwrap()]);
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        let mut side = v.clone();
        side.as_object_mut().unwrap().remove("output");
        assert_no_secret(&format!("inspect {}", case.id), &side.to_string());
        assert_no_secret("inspect stderr", &String::from_utf8_lossy(&o.stderr));
        if let Some(o) = v["output"].as_str() {
            assert!(check_output_secrets("inspect", case, o) > 0, "{}: nothing redacted", case.id);
        }
        audit.extend(v["audit"].as_array().unwrap().iter().map(Value::to_string));
    }
    assert!(!audit.is_empty());
    // vet over one file per case, then report over the library's audit lines for every case.
    let files: Vec<(String, &str)> = cases.iter().map(|c| (format!("{}.txt", c.id), c.text.as_str())).collect();
    let (texts, safe) = cli.vet("secrets", &files);
    for (channel, text) in &texts {
        assert_no_secret(channel, text);
    }
    for c in cases {
        if let Some(copy) = safe_copy(&safe, &format!("{}.txt", c.id)) {
            check_output_secrets("vet --write-safe", c, &copy);
        }
    }
    let rt = common::runtime();
    let mut g = Guard::new(&rt, &policy(), None).unwrap();
    for c in cases {
        for s in Scope::ALL {
            if let Some(v) = g.inspect(s, "read_file", &payload(s, &c.text)).unwrap() {
                audit.extend(v.audit);
            }
        }
    }
    let o = cli.report("audit.jsonl", &audit);
    let report = String::from_utf8(o.stdout).unwrap();
    assert!(report.starts_with(&format!("{} audit entries", audit.len())), "{report}");
    assert_no_secret("report", &report);
    assert_no_secret("report stderr", &String::from_utf8_lossy(&o.stderr));
}

#[test]
fn cli_outputs_hold_no_suppressed_count() {
    let cli = Cli::new();
    let tables = canary_tables();
    let lines: Vec<Value> = tables.iter().map(|t| jsonl_case(&t.name, Scope::Result, &t.text)).collect();
    let (out, stderr) = cli.jsonl("tables.jsonl", &lines);
    let mut all_hidden = BTreeSet::new();
    for (t, line) in tables.iter().zip(&out) {
        let Some(o) = line["output"].as_str() else {
            assert_no_primary(&format!("{} (not rewritten)", t.name), &t.text);
            continue;
        };
        assert_no_primary(&format!("{} --jsonl output", t.name), o);
        let hidden = hidden_counts(&t.text, o);
        assert_no_count(&format!("{} --jsonl", t.name), &jsonl_side(line, true), &hidden);
        all_hidden.extend(hidden);
    }
    // Counts hidden in one table may be published in another: only those shown nowhere.
    let published: BTreeSet<String> = tables
        .iter()
        .zip(&out)
        .flat_map(|(t, l)| numbers(l["output"].as_str().unwrap_or(&t.text)).into_iter().map(str::to_string).collect::<Vec<_>>())
        .collect();
    let canaries: BTreeSet<String> = all_hidden.difference(&published).cloned().collect();
    assert!(canaries.len() > 50, "{} canaries", canaries.len());
    assert_no_count("inspect --jsonl stderr", &stderr, &canaries);

    let files: Vec<(String, &str)> = tables.iter().map(|t| (t.name.clone(), t.text.as_str())).collect();
    let (texts, safe) = cli.vet("tables", &files);
    // vet shows each hidden count's audited interval: what an attacker computes from the
    // published table anyway, so its ends may equal hidden counts. It must never pin one (a
    // primary's interval is at least the protection wide); its ends are not canaries.
    let doc: Value = serde_json::from_str(&texts.iter().find(|(c, _)| c == "vet --json").unwrap().1).unwrap();
    let mut ends = BTreeSet::new();
    for h in doc["files"].as_array().unwrap().iter().flat_map(|f| f["tables"].as_array().into_iter().flatten()).flat_map(|t| t["hidden"].as_array().unwrap()) {
        if let (Some(lo), Some(hi)) = (h["lo"].as_u64(), h["hi"].as_u64()) {
            assert!(hi > lo, "a degenerate interval pins a hidden count: {h}");
            if h["kind"] == "primary" {
                assert!(hi - lo >= THRESHOLD, "a primary's interval is narrower than the protection: {h}");
            }
        }
        ends.extend(["lo", "hi"].iter().filter_map(|k| h[*k].as_u64()).map(|n| n.to_string()));
    }
    let canaries: BTreeSet<String> = canaries.difference(&ends).cloned().collect();
    assert!(canaries.len() > 50, "{} canaries besides interval ends", canaries.len());
    for (channel, text) in &texts {
        assert_no_count(channel, text, &canaries);
    }
    for t in tables {
        let copy = safe_copy(&safe, &t.name).unwrap_or_else(|| panic!("{}: no safe copy", t.name));
        assert_no_primary(&format!("{} safe copy", t.name), &copy);
        assert_no_count(&format!("{} safe copy", t.name), &copy, &canaries);
    }

    let rt = common::runtime();
    let mut g = Guard::new(&rt, &policy(), None).unwrap();
    let audit: Vec<String> = tables.iter().flat_map(|t| g.inspect(Scope::Reply, "", &t.text).unwrap().map(|v| v.audit).unwrap_or_default()).collect();
    let o = cli.report("audit.jsonl", &audit);
    assert_no_count("report", &String::from_utf8_lossy(&o.stdout), &canaries);
    assert_no_primary("report", &String::from_utf8_lossy(&o.stdout));
}
