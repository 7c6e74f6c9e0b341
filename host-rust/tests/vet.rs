//! `egress-guard vet` and `report`: results over the SDC corpus and the mixed fixtures, vetted
//! copies, exit codes, byte-identical JSON and HTML, and the HTML in headless Chromium.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;
use sha2::{Digest, Sha256};

const AWS_KEY: &str = "AKIAQYLPMN5HFIQR7XYZ";
const GITHUB_TOKEN: &str = "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";

fn fixtures() -> PathBuf {
    common::repo().join("tests/fixtures/vet")
}

fn sdc() -> PathBuf {
    common::repo().join("tests/corpora/sdc")
}

fn run(home: &Path, args: &[&str]) -> Output {
    common::cli(home).args(args).output().unwrap()
}

/// `vet --json --html` over `paths`, from inside `home`; returns (exit, json text, html text).
fn vet(home: &Path, extra: &[&str], paths: &[&Path]) -> (i32, String, String, String) {
    let json = home.join("out.json");
    let html = home.join("out.html");
    let mut args: Vec<String> = vec!["vet".into(), "--json".into(), json.display().to_string(), "--html".into(), html.display().to_string()];
    args.extend(extra.iter().map(|s| s.to_string()));
    args.extend(paths.iter().map(|p| p.display().to_string()));
    let out = run(home, &args.iter().map(String::as_str).collect::<Vec<_>>());
    let code = out.status.code().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(code == 2 || json.exists(), "no JSON written: {}", String::from_utf8_lossy(&out.stderr));
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    (code, read(&json), read(&html), stdout)
}

fn file<'a>(doc: &'a Value, path: &str) -> &'a Value {
    doc["files"].as_array().unwrap().iter().find(|f| f["path"] == path).unwrap_or_else(|| panic!("{path} not in results"))
}

fn kinds(f: &Value) -> Vec<(u64, u64, String)> {
    f["tables"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["hidden"].as_array().unwrap().iter())
        .map(|h| (h["row"].as_u64().unwrap(), h["col"].as_u64().unwrap(), h["kind"].as_str().unwrap().to_string()))
        .collect()
}

fn hex_sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn fixtures_json_exit_code_and_safe_copies() {
    let home = tempfile::tempdir().unwrap();
    let safe = home.path().join("safe");
    let (code, json, _, stdout) = vet(home.path(), &["--write-safe", safe.to_str().unwrap()], &[&fixtures()]);
    assert_eq!(code, 1, "{stdout}");
    let doc: Value = serde_json::from_str(&json).unwrap();

    let paths: Vec<&str> = doc["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["counts.csv", "notes/clean.txt", "referral.md", "reply.md", "survey.md", "tool_result.json", "transcript.jsonl", "upload.log"]);
    let action = |p: &str| file(&doc, p)["action"].as_str().unwrap().to_string();
    assert_eq!(action("counts.csv"), "redact");
    assert_eq!(action("reply.md"), "redact");
    assert_eq!(action("survey.md"), "redact");
    assert_eq!(action("tool_result.json"), "redact");
    assert_eq!(action("transcript.jsonl"), "redact");
    assert_eq!(action("notes/clean.txt"), "allow");
    // The network rule only looks at tool arguments: as a reply the log is clean.
    assert_eq!(action("upload.log"), "allow");
    assert_eq!(doc["summary"]["needs_review"], 5);
    assert_eq!(doc["summary"]["findings_by_rule"]["secrets"], 2);
    assert_eq!(doc["summary"]["findings_by_rule"]["smallcell"], 3);

    // Reproducibility header: the component's SHA-256, the tool version, the policy.
    assert_eq!(doc["module_sha256"], hex_sha256(&std::fs::read(common::wasm_path()).unwrap()));
    assert_eq!(doc["tool_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(doc["policy"]["source"], "built-in defaults");
    assert_eq!(doc["policy"]["rules"]["smallcell"]["threshold"], 5);
    assert_eq!(file(&doc, "reply.md")["sha256"], hex_sha256(&std::fs::read(fixtures().join("reply.md")).unwrap()));

    // North/Owner = 3 is the primary; three complements keep it from being derived.
    let reply = kinds(file(&doc, "reply.md"));
    assert!(reply.contains(&(1, 1, "primary".into())), "{reply:?}");
    assert_eq!(reply.iter().filter(|k| k.2 == "complement").count(), 3, "{reply:?}");
    let csv = kinds(file(&doc, "counts.csv"));
    assert!(csv.contains(&(1, 2, "primary".into())), "{csv:?}");
    // The audited intervals: North/Owner (3) lies in 0..23 for the attacker (South/Owner + 3 =
    // 23, both hidden); the survey has no totals, so nothing bounds its hidden count above, and
    // its share is hidden with it.
    let cell = |f: &str, row: u64, col: u64| {
        file(&doc, f)["tables"][0]["hidden"].as_array().unwrap().iter().find(|h| h["row"] == row && h["col"] == col).unwrap().clone()
    };
    assert_eq!(cell("reply.md", 1, 1), serde_json::json!({"row": 1, "col": 1, "kind": "primary", "lo": 0, "hi": 23}));
    assert_eq!(cell("survey.md", 1, 1), serde_json::json!({"row": 1, "col": 1, "kind": "primary", "lo": 0, "hi": null}));
    assert_eq!(cell("survey.md", 1, 2), serde_json::json!({"row": 1, "col": 2, "kind": "derived"}));
    let secret = &file(&doc, "tool_result.json")["findings"][0];
    assert_eq!(secret["code"], "EG-SECRET-001");
    assert_eq!(secret["preview"], "AKIA…****");

    // No raw secret, no absolute path anywhere in the results.
    for needle in [AWS_KEY, GITHUB_TOKEN, home.path().to_str().unwrap(), common::repo().to_str().unwrap()] {
        assert!(!json.contains(needle), "results contain {needle}");
    }
    assert!(stdout.contains("reply.md") && stdout.contains("1 primary, 3 complementary"), "{stdout}");

    // Vetted copies: same relative paths, data files still parse, nothing raw survives.
    let read = |p: &str| std::fs::read_to_string(safe.join(p)).unwrap();
    assert_eq!(read("notes/clean.txt"), std::fs::read_to_string(fixtures().join("notes/clean.txt")).unwrap());
    assert_eq!(read("upload.log"), std::fs::read_to_string(fixtures().join("upload.log")).unwrap());
    let csv = read("counts.csv");
    assert_eq!(csv.lines().nth(1), Some("18-29,[suppressed],[suppressed],14"));
    assert!(!csv.contains("egress-guard"), "note left in a CSV copy: {csv}");
    let tool: Value = serde_json::from_str(&read("tool_result.json")).unwrap();
    assert_eq!(tool["config"]["aws_access_key_id"], "[REDACTED:aws-access-key-id]");
    for line in read("transcript.jsonl").lines() {
        serde_json::from_str::<Value>(line).unwrap();
    }
    assert!(!read("transcript.jsonl").contains(GITHUB_TOKEN));
    assert!(read("reply.md").contains("| North | [suppressed] |"));
    assert!(read("survey.md").contains("| Leeds | [suppressed] | [suppressed] |"));
}

#[test]
fn same_inputs_give_byte_identical_json_and_html() {
    // Two runs in different folders, from a copy of the fixtures at another absolute path, with
    // one worker and with two: the bytes must not change.
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let copy = b.path().join("elsewhere/vet");
    copy_tree(&fixtures(), &copy);
    let (_, json_a, html_a, _) = vet(a.path(), &["-j", "1"], &[&fixtures(), &sdc()]);
    let (_, json_b, html_b, _) = vet(b.path(), &["-j", "2"], &[&copy, &sdc()]);
    assert!(json_a.len() > 1000 && html_a.len() > 1000);
    let (doc_a, doc_b): (Value, Value) = (serde_json::from_str(&json_a).unwrap(), serde_json::from_str(&json_b).unwrap());
    for (fa, fb) in doc_a["files"].as_array().unwrap().iter().zip(doc_b["files"].as_array().unwrap()) {
        assert_eq!(fa, fb, "results differ for {}", fa["path"]);
    }
    assert_eq!(json_a, json_b);
    assert_eq!(html_a, html_b);
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let dest = to.join(p.file_name().unwrap());
        if p.is_dir() { copy_tree(&p, &dest) } else { std::fs::copy(&p, &dest).map(drop).unwrap() }
    }
}

#[test]
fn exit_codes() {
    let home = tempfile::tempdir().unwrap();
    let clean = fixtures().join("notes");
    assert_eq!(vet(home.path(), &[], &[&clean]).0, 0);
    assert_eq!(vet(home.path(), &[], &[&home.path().join("missing")]).0, 2);
    // Named on the command line, a binary file is skipped whatever its extension: nobody has
    // judged it, so the run is not clean.
    let binary = home.path().join("blob.txt");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0xd8]).unwrap();
    let (code, json, _, _) = vet(home.path(), &[], &[&clean, &binary]);
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(file(&doc, "blob.txt")["skipped"], "not text (invalid UTF-16)");
    assert_eq!((&doc["summary"]["skipped"], &doc["summary"]["errors"]), (&Value::from(1), &Value::from(0)));
    // The same log as terminal arguments: the upload is held for approval.
    let (code, json, _, _) = vet(home.path(), &["--scope", "args"], &[&fixtures().join("upload.log")]);
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(file(&doc, "upload.log")["action"], "approve");
    assert_eq!(file(&doc, "upload.log")["findings"][0]["rule"], "network");
    assert_eq!(run(home.path(), &["vet"]).status.code(), Some(2), "no PATH is a usage error");
    // Two inputs that would be reported under one relative path.
    let other = home.path().join("notes");
    copy_tree(&clean, &other);
    let out = run(home.path(), &["vet", clean.join("clean.txt").to_str().unwrap(), other.join("clean.txt").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("would both be reported as clean.txt"));
}

/// Every file is judged by its content, never its name: a key in `settings.env` needs review, a
/// clean `notes` (no extension) passes, a PNG is listed as skipped in the summary, the JSON and
/// the HTML, and the skip keeps the exit status at 1. Hidden files are vetted; Latin-1 and UTF-16
/// text is decoded, and its vetted copy keeps its encoding; links, special files and `.git` are
/// listed as skipped, never dropped.
#[test]
fn every_file_judged_by_content() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("outputs");
    let w = |rel: &str, bytes: &[u8]| {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    };
    w("settings.env", format!("AWS_ACCESS_KEY_ID={AWS_KEY}\n").as_bytes());
    w("notes", b"Meeting notes: nothing to publish yet.\n");
    w("figure.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10");
    let (code, json, html, stdout) = vet(home.path(), &[], &[&dir]);
    assert_eq!(code, 1, "{stdout}");
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(file(&doc, "settings.env")["action"], "redact");
    assert_eq!(file(&doc, "settings.env")["findings"][0]["rule"], "secrets");
    assert_eq!(file(&doc, "notes")["action"], "allow");
    let png = file(&doc, "figure.png");
    assert_eq!((&png["action"], png["skipped"].as_str().unwrap()), (&Value::Null, "binary (NUL bytes; UTF-16 is read only with a byte-order mark)"));
    assert_eq!(png["sha256"], hex_sha256(&std::fs::read(dir.join("figure.png")).unwrap()));
    assert_eq!(
        doc["summary"],
        serde_json::json!({"files": 3, "needs_review": 1, "skipped": 1, "errors": 0,
        "by_action": {"allow": 1, "redact": 1}, "findings_by_rule": {"secrets": 1}})
    );
    let line = |name: &str| stdout.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name} not listed: {stdout}")).to_string();
    assert!(line("figure.png").contains("SKIPPED  binary"), "{stdout}");
    assert!(line("settings.env").contains("REDACT"), "{stdout}");
    assert!(line("notes").contains("ALLOW"), "{stdout}");
    assert!(stdout.contains("3 files: 1 clean or warn only, 1 need review, 1 skipped (not vetted), 0 errors"), "{stdout}");
    assert!(html.contains("<span class=\"badge skipped\">skipped</span>") && html.contains("<b>1</b> skipped"), "{html}");

    // Only the PNG left, or nothing but clean text: a skip alone still makes the status 1.
    std::fs::remove_file(dir.join("settings.env")).unwrap();
    assert_eq!(vet(home.path(), &[], &[&dir]).0, 1);
    std::fs::remove_file(dir.join("figure.png")).unwrap();
    assert_eq!(vet(home.path(), &[], &[&dir]).0, 0);

    // Hidden files are vetted; encodings are decoded and kept in the vetted copies.
    w(".env", format!("GITHUB_TOKEN={GITHUB_TOKEN}\n").as_bytes());
    w("latin1/counts.csv", b"R\xE9gion,Homme,Femme,Total\n\xCEle-de-France,12,2,14\nNord,40,38,78\nSa\xF4ne,33,29,62\nTotal,85,69,154\n");
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(format!("clé: {AWS_KEY}\n").encode_utf16().flat_map(u16::to_le_bytes));
    w("export.txt", &utf16);
    w("bom.md", format!("\u{FEFF}token {GITHUB_TOKEN}\n").as_bytes());
    // Links are not followed, special files and version-control data are not read: all listed.
    std::os::unix::fs::symlink(dir.join("notes"), dir.join("link")).unwrap();
    w(".git/config", format!("[remote]\n\turl = https://x:{GITHUB_TOKEN}@example.com\n").as_bytes());
    assert!(Command::new("mkfifo").arg(dir.join("pipe")).status().unwrap().success());
    let safe = home.path().join("safe");
    let (code, json, _, stdout) = vet(home.path(), &["--write-safe", safe.to_str().unwrap()], &[&dir]);
    assert_eq!(code, 1, "{stdout}");
    let doc: Value = serde_json::from_str(&json).unwrap();
    let got = |p: &str| {
        (
            file(&doc, p)["action"].as_str().map(str::to_string),
            file(&doc, p)["encoding"].as_str().map(str::to_string),
            file(&doc, p)["skipped"].as_str().map(str::to_string),
        )
    };
    let vetted = |a: &str, e: &str| (Some(a.to_string()), Some(e.to_string()), None);
    let skipped = |why: &str| (None, None, Some(why.to_string()));
    assert_eq!(got(".env"), vetted("redact", "utf-8"));
    assert_eq!(got("latin1/counts.csv"), vetted("redact", "windows-1252"));
    assert_eq!(got("export.txt"), vetted("redact", "utf-16le"));
    assert_eq!(got("bom.md"), vetted("redact", "utf-8-bom"));
    assert_eq!(got("notes"), vetted("allow", "utf-8"));
    assert_eq!(got("link"), skipped("symbolic link, not followed (vet its target)"));
    assert_eq!(got("pipe"), skipped("not a regular file"));
    assert_eq!(got(".git"), skipped("version-control data, not walked (name the folder to vet it)"));
    assert_eq!(doc["summary"]["files"], 8, "{stdout}");
    let read = |p: &str| std::fs::read(safe.join(p)).unwrap();
    let latin1 = read("latin1/counts.csv");
    assert!(latin1.starts_with(b"R\xE9gion,Homme,Femme,Total\n\xCEle-de-France,[suppressed],[suppressed],14\n"), "{latin1:?}");
    assert!(latin1.windows(4).any(|w| w == b"Sa\xF4n") && std::str::from_utf8(&latin1).is_err(), "not Latin-1: {latin1:?}");
    let export = read("export.txt");
    assert_eq!(export[..2], [0xFF, 0xFE]);
    let export = String::from_utf16(&export[2..].chunks(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect::<Vec<_>>()).unwrap();
    assert!(export.starts_with("clé: [REDACTED:aws-access-key-id]"), "{export}");
    assert!(read("bom.md").starts_with("\u{FEFF}token [REDACTED:".as_bytes()));
    assert!(!String::from_utf8_lossy(&read(".env")).contains(GITHUB_TOKEN));
    for p in ["link", "pipe", ".git", ".git/config"] {
        assert!(!safe.join(p).exists(), "{p} copied");
    }
    // A folder named on the command line is walked, even a version-control one.
    let (_, json, _, _) = vet(home.path(), &[], &[&dir.join(".git")]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(file(&doc, "config")["action"], "redact");
}

/// Every corpus table with a small count at t=5 (manifest) is flagged, in its CSV and markdown
/// forms alike, with at least that many primaries hidden or the table withheld; tables without
/// one pass.
#[test]
fn sdc_corpus() {
    let home = tempfile::tempdir().unwrap();
    let (code, json, _, _) = vet(home.path(), &[], &[&sdc()]);
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["summary"]["errors"], 0);
    let mut manifest = csv::Reader::from_path(sdc().join("manifest.csv")).unwrap();
    let mut checked = 0;
    for row in manifest.records() {
        let row = row.unwrap();
        let (id, primaries) = (&row[0], row[6].parse::<usize>().unwrap());
        for f in doc["files"].as_array().unwrap() {
            let path = f["path"].as_str().unwrap();
            if !(path.starts_with(id) && (path.ends_with(".csv") || path.ends_with(".md"))) || path.contains("contributors") {
                continue;
            }
            checked += 1;
            if primaries == 0 {
                assert_eq!(f["action"], "allow", "{path}");
                continue;
            }
            assert_eq!(f["action"], "redact", "{path}");
            let t = &f["tables"][0];
            let p = kinds(f).iter().filter(|k| k.2 == "primary").count();
            assert!(t["status"] == "withheld" || p >= primaries, "{path}: {p} primaries hidden, {primaries} expected");
        }
    }
    assert!(checked >= 45, "{checked}");
    // Every hidden count of every table has an audited interval (never a degenerate one), and
    // every primary's is at least the protection wide.
    let mut audited = 0;
    for f in doc["files"].as_array().unwrap() {
        for t in f["tables"].as_array().unwrap() {
            for h in t["hidden"].as_array().unwrap().iter().filter(|h| h["kind"] != "derived") {
                assert!(h.get("audit").is_none(), "{}: {h}", f["path"]);
                let lo = h["lo"].as_u64().unwrap_or_else(|| panic!("{}: {h}", f["path"]));
                if h["kind"] == "primary" && !h["hi"].is_null() {
                    assert!(h["hi"].as_u64().unwrap() - lo >= t["protection"].as_u64().unwrap(), "{}: {h}", f["path"]);
                }
                audited += 1;
            }
        }
    }
    assert!(audited > 400, "{audited}");
    // The percentage beside a hidden count is hidden too, as a derived cell.
    assert!(kinds(file(&doc, "t08_percentages_rates.csv")).iter().any(|k| k.2 == "derived"));
    assert_eq!(file(&doc, "t15_district_by_age_50x50_sparse.csv")["tables"][0]["status"], "withheld");
}

/// The page in a real browser: the highlighted primary and complementary cells and the audited
/// interval of every hidden count are in the DOM, the header names the component, and the
/// browser logs no console error. `EGRESS_GUARD_SCREENSHOT`
/// names a file to keep the screenshot in (docs/vet-report.png is made that way).
#[test]
fn html_in_headless_chromium() {
    let chromium = which("chromium").expect("chromium is installed by scripts/setup.sh");
    let home = tempfile::tempdir().unwrap();
    let (_, json, html, _) = vet(home.path(), &[], &[&fixtures(), &sdc().join("t08_percentages_rates.md")]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert!(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"));
    let page = home.path().join("out.html");
    let url = format!("file://{}", page.display());
    let profile = home.path().join("profile");
    let browser = |extra: &[&str]| {
        let mut args = vec![
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
        ];
        args.extend(extra);
        let mut args: Vec<String> = args.into_iter().map(String::from).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        args.push(url.clone());
        let out = Command::new(&chromium).args(&args).env("HOME", home.path()).output().unwrap();
        assert!(out.status.success(), "chromium failed: {}", String::from_utf8_lossy(&out.stderr));
        out
    };
    let out = browser(&["--dump-dom"]);
    let dom = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.lines().any(|l| l.contains("CONSOLE") || l.contains("Uncaught")), "console output: {stderr}");
    // The DOM as the browser parsed it: every hidden cell of the JSON is a highlighted cell.
    let hidden: usize = doc["files"].as_array().unwrap().iter().map(|f| kinds(f).len()).sum();
    let highlighted = ["primary", "complement", "derived"].map(|k| dom.matches(&format!("class=\"{k}\" title=")).count());
    assert!(highlighted.iter().all(|&n| n > 0), "{highlighted:?}");
    assert_eq!(highlighted.iter().sum::<usize>(), hidden);
    // Beside every hidden count, its interval as in the JSON; beside every hidden percentage, why.
    let mut intervals = 0;
    for f in doc["files"].as_array().unwrap() {
        for t in f["tables"].as_array().unwrap() {
            for h in t["hidden"].as_array().unwrap() {
                let kind = h["kind"].as_str().unwrap();
                let shown = match (h["lo"].as_u64(), h["hi"].as_u64()) {
                    (Some(lo), Some(hi)) => format!("{lo}\u{2013}{hi}"),
                    (Some(lo), None) => format!("{lo}\u{2013}\u{221e}"),
                    _ => "hidden with its count".into(),
                };
                let span = format!("<span class=\"iv\">{kind}: {shown}</span>");
                assert!(dom.contains(&span), "{span} not in the page");
                intervals += usize::from(h["lo"].is_u64());
            }
        }
    }
    assert!(intervals >= 10, "{intervals}");
    assert_eq!(dom.matches("<span class=\"iv\">").count(), hidden);
    assert!(dom.contains("title=\"primary cell; an attacker can only tell it lies between 0 and 23"), "no interval tooltip");
    assert!(!dom.contains("pending") && !dom.contains("NOT PROTECTED"));
    assert!(dom.contains(doc["module_sha256"].as_str().unwrap()));
    assert!(!dom.contains(AWS_KEY) && !dom.contains(GITHUB_TOKEN));

    let shot = home.path().join("shot.png");
    browser(&[&format!("--screenshot={}", shot.display()), "--window-size=1280,2000", "--hide-scrollbars"]);
    let png = std::fs::read(&shot).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    if let Some(keep) = std::env::var_os("EGRESS_GUARD_SCREENSHOT") {
        std::fs::write(common::repo().join(keep), png).unwrap();
    }
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?.to_str()?.split(':').map(|d| Path::new(d).join(name)).find(|p| p.is_file())
}

#[test]
fn report_reads_the_tail_of_an_audit_log() {
    let home = tempfile::tempdir().unwrap();
    let log = home.path().join("audit.jsonl");
    let entry = |i: usize, tool: &str, action: &str, rule: &str| {
        format!(
            "{{\"ts\":\"2026-11-30T06:{:02}:00Z\",\"direction\":\"args\",\"tool\":\"{tool}\",\"action\":\"{action}\",\"counts\":{{\"{rule}\":1}},\"findings\":[{{\"rule\":\"{rule}\",\"code\":\"EG-{i}\"}}]}}\n",
            i % 60
        )
    };
    let mut text = String::new();
    for i in 0..30 {
        text += &entry(i, if i % 3 == 0 { "web_fetch" } else { "terminal" }, if i % 2 == 0 { "redact" } else { "approve" }, "secrets");
    }
    text += "not json\n";
    text += &entry(59, "terminal", "block", "network");
    std::fs::write(&log, &text).unwrap();
    let out = run(home.path(), &["report", "--last", "2", log.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(s.starts_with("31 audit entries\n"), "{s}");
    assert!(s.contains("1 unreadable lines skipped"));
    assert!(s.contains("  redact     15\n") && s.contains("  approve    15\n") && s.contains("  block      1\n"), "{s}");
    assert!(s.contains("  secrets    30\n") && s.contains("  network    1\n"), "{s}");
    let top = s.split("Top tools:\n").nth(1).unwrap();
    assert!(top.starts_with("  terminal             21\n  web_fetch            10\n"), "{s}");
    let last = s.split("Last 2 entries:\n").nth(1).unwrap();
    assert_eq!(last.lines().count(), 2);
    assert!(last.contains("EG-29") && last.contains("EG-59"));
}

#[test]
fn report_skips_all_but_the_last_16_mib() {
    let home = tempfile::tempdir().unwrap();
    let log = home.path().join("big.jsonl");
    let line = format!("{{\"direction\":\"reply\",\"tool\":null,\"action\":\"redact\",\"pad\":\"{}\"}}\n", "x".repeat(1000));
    let n = (17 << 20) / line.len() + 1;
    std::fs::write(&log, line.repeat(n)).unwrap();
    let s = String::from_utf8(run(home.path(), &["report", log.to_str().unwrap()]).stdout).unwrap();
    let counted: usize = s.split_whitespace().next().unwrap().parse().unwrap();
    assert!(counted < n && counted >= (16 << 20) / line.len() - 1, "{counted} of {n}");
    assert!(s.contains("earlier bytes skipped") && !s.contains("unreadable"), "{s}");
    assert!(s.contains("(reply)"), "{s}");
}

#[test]
fn completions_are_generated_by_the_parser() {
    let home = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish"] {
        let out = run(home.path(), &["completions", shell]);
        assert_eq!(out.status.code(), Some(0));
        let s = String::from_utf8(out.stdout).unwrap();
        assert!(s.contains("write-safe") && s.contains("vet"), "{shell}");
    }
    assert_eq!(run(home.path(), &["completions", "tcsh"]).status.code(), Some(2));
}

/// The progress bar is drawn on a terminal (a pseudo-terminal from util-linux `script`) and
/// never into a pipe.
#[test]
fn progress_bar_only_on_a_terminal() {
    let home = tempfile::tempdir().unwrap();
    let piped = run(home.path(), &["vet", fixtures().to_str().unwrap()]);
    assert!(!String::from_utf8_lossy(&piped.stderr).contains("vetting ["));
    let cmd = format!("{} vet {} >/dev/null", env!("CARGO_BIN_EXE_egress-guard"), fixtures().display());
    let tty = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .env("HOME", home.path())
        .env("EGRESS_GUARD_CACHE_DIR", common::test_cache_dir())
        .env("EGRESS_GUARD_WASM", common::wasm_path())
        .env_remove("EGRESS_GUARD_POLICY")
        .output()
        .expect("util-linux script");
    let shown = String::from_utf8_lossy(&tty.stdout);
    assert_eq!(tty.status.code(), Some(1), "{shown}");
    assert!(shown.contains("vetting [") && shown.contains("/8 files"), "{shown}");
}
