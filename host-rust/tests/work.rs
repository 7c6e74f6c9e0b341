//! Work per byte through the component (issue 14): generated hostile texts go through the
//! compiled guard with fuel metering, as in production, and the fuel each call takes must stay
//! under a bound per input byte. A trap only catches work past the whole call's fuel (2×10^10);
//! this catches super-linear work long before, at sizes a fuzzer reaches.
//!
//! The bound: the worst cases must run at ≤ 100 ms per MB through the component, and the slowest
//! fuel rate measured (BENCHMARKS.md, "Targets": 9.04 M fuel per ms, worst_json_args) turns that into
//! fuel: 100 ms × 9.04 M fuel/ms per MiB ≈ 862 fuel per byte, on top of what a call of a few bytes
//! takes in the same scope. A faster fuel rate only allows more fuel within the same time, so this
//! is the strictest reading of the target.
//!
//! Each draw composes one to three families (text built to make a reader, the shell walker or the
//! table finder re-read it), at random sizes up to ~256 KiB, and sends it as a command, a tool
//! result and a reply. `cargo test` makes [`DRAWS`] draws from a fixed seed; `EG_WORK_SECONDS=600`
//! draws from the clock's seed for that long (run it after a change to a reader). A failing input
//! is written to the test's temporary directory; keep it in `tests/work_regressions/` (one JSON
//! object: scope, payload), where every run replays it.

mod common;

use std::time::{Duration, Instant};

use egress_guard::{Guard, INTERNAL_CODE, PolicySource, Scope};
use serde_json::{Value, json};

/// Fuel per input byte: 100 ms/MB at the slowest measured rate (see the module doc).
const FUEL_PER_BYTE: u64 = 862;

/// Draws of a plain `cargo test` run.
const DRAWS: usize = 24;

/// A GitHub token with a valid checksum.
const KEY: &str = "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";

/// splitmix64: a few lines, reproducible from its seed, enough to draw sizes and families.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One unit of a family (repeated to size): text that makes some stage read again from each unit.
const FAMILIES: &[(&str, &str)] = &[
    ("glued credential names", "password="),
    ("escaped colours between names", "\\x1b[31mpassword="),
    ("stdin readers on one line", "chpasswd "),
    ("piped stdin readers", "echo a:b | chpasswd "),
    ("here-strings", "--password-stdin <<< "),
    ("login words in one sentence", "log in como "),
    ("redirections", "<a >b "),
    ("quotes", "\"'"),
    ("assignment chain", "password1=$password2 "),
    ("pgpass colons", "db:5432:app:etl:"),
    ("cookies", "Cookie: session=;"),
    ("wrapped values", "api_key = sk-abcdefghij\n  klmnopqrstu\n"),
    ("keywords", "token secret password passwd apikey auth "),
    ("wrappers", "nice env sudo xargs command "),
    ("nesting", "if true; then ( { "),
    ("comments", "# password: x\n"),
    ("heredoc", "cat <<EOF\npassword=x\nEOF\n"),
    ("pipeline", "grep -r x . | "),
    ("doubling", "a=$a$a; "),
    ("table rows", "| a | 3 |\n"),
    ("json nesting", "{\"password\": ["),
    ("mysql options", "mysql -pHunter2024x "),
];

/// A text of one to three families, `KEY` at its start and end.
fn draw(rng: &mut Rng) -> (Vec<&'static str>, String) {
    let k = 1 + rng.below(3);
    let picks: Vec<usize> = (0..k).map(|_| rng.below(FAMILIES.len())).collect();
    let size = 1024 << rng.below(9);
    let mut text = format!("{KEY} ");
    let interleave = rng.below(2) == 0;
    while text.len() < size {
        if interleave {
            for &p in &picks {
                text.push_str(FAMILIES[p].1);
            }
        } else {
            let unit = FAMILIES[picks[rng.below(k)]].1;
            for _ in 0..64 {
                text.push_str(unit);
            }
        }
    }
    text.push(' ');
    text.push_str(KEY);
    (picks.iter().map(|&p| FAMILIES[p].0).collect(), text)
}

/// The three ways a text reaches the guard.
fn payloads(text: &str) -> [(Scope, &'static str, String); 3] {
    [(Scope::Args, "terminal", json!({ "command": text }).to_string()), (Scope::Result, "terminal", text.to_string()), (Scope::Reply, "", text.to_string())]
}

struct Meter {
    guard: Guard,
    /// Fuel of a call of a few bytes, per scope.
    base: [u64; 3],
}

impl Meter {
    fn new() -> Meter {
        let mut guard = Guard::new(&common::runtime(), &PolicySource::defaults(), None).expect("guard");
        let mut base = [0; 3];
        for (k, (scope, tool, payload)) in payloads("ls -la").into_iter().enumerate() {
            guard.inspect(scope, tool, &payload).expect("a small call");
            base[k] = guard.last_fuel_used();
        }
        Meter { guard, base }
    }

    /// `Err` with what went wrong when the call traps, answers `internal`, or takes more fuel
    /// than its bytes allow.
    fn check(&mut self, k: usize, scope: Scope, tool: &str, payload: &str) -> Result<u64, String> {
        let v = self.guard.inspect(scope, tool, payload).map_err(|e| format!("trap: {e:#}"))?;
        if let Some(v) = &v
            && v.findings.iter().any(|f| f.code == INTERNAL_CODE)
        {
            return Err("answered internal".into());
        }
        let fuel = self.guard.last_fuel_used();
        let bound = self.base[k] + FUEL_PER_BYTE * payload.len() as u64;
        if fuel > bound {
            return Err(format!(
                "{fuel} fuel for {} bytes ({} per byte over the base; bound {FUEL_PER_BYTE})",
                payload.len(),
                (fuel - self.base[k]) / payload.len() as u64
            ));
        }
        Ok(fuel)
    }
}

fn save(scope: Scope, payload: &str) -> String {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("work-found");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let name = format!("{:016x}.json", payload.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3)));
    let path = dir.join(name);
    std::fs::write(&path, json!({ "scope": scope.as_str(), "payload": payload }).to_string()).expect("write");
    path.display().to_string()
}

#[test]
fn fuel_per_byte_stays_under_the_bound_for_generated_hostile_texts() {
    let mut meter = Meter::new();
    let seconds: u64 = std::env::var("EG_WORK_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    let seed = if seconds > 0 { std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64) } else { 0x5EED };
    let mut rng = Rng(seed);
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut failures = Vec::new();
    let (mut draws, mut bytes, mut worst) = (0, 0, (0.0_f64, String::new()));
    while draws < DRAWS || Instant::now() < until {
        let (families, text) = draw(&mut rng);
        for (k, (scope, tool, payload)) in payloads(&text).into_iter().enumerate() {
            match meter.check(k, scope, tool, &payload) {
                Ok(fuel) => {
                    let per_byte = fuel.saturating_sub(meter.base[k]) as f64 / payload.len() as f64;
                    if per_byte > worst.0 {
                        worst = (per_byte, format!("{families:?} {} B {}", payload.len(), scope.as_str()));
                    }
                }
                Err(why) => failures.push(format!("{families:?} {} {} B: {why} -> {}", scope.as_str(), payload.len(), save(scope, &payload))),
            }
            bytes += payload.len();
        }
        draws += 1;
    }
    eprintln!("{draws} draws (seed {seed:#x}), {bytes} bytes; most fuel per byte {:.0}: {}", worst.0, worst.1);
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn kept_regressions_stay_under_the_bound() {
    let dir = common::repo().join("host-rust/tests/work_regressions");
    let mut meter = Meter::new();
    let mut n = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir).expect("tests/work_regressions exists").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries {
        let case: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("JSON");
        let scope = Scope::parse(case["scope"].as_str().expect("scope")).expect("a scope");
        let payload = case["payload"].as_str().expect("payload");
        let k = Scope::ALL.iter().position(|s| *s == scope).expect("listed");
        let tool = if scope == Scope::Reply { "" } else { "terminal" };
        if let Err(why) = meter.check(k, scope, tool, payload) {
            panic!("{}: {why}", path.display());
        }
        n += 1;
    }
    assert!(n > 0, "no regression vectors in {}", dir.display());
}
