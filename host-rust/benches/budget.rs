//! Calibration numbers for the host's budgets and cache: `cargo bench -p egress-guard --bench budget`.
//! Prints wall time and fuel per call kind; CALL_FUEL in src/runtime.rs is set from these.

use std::time::{Duration, Instant};

use egress_guard::{Guard, PolicySource, Runtime, Scope, locate_wasm};

fn time<R>(n: u32, mut f: impl FnMut() -> R) -> Duration {
    let start = Instant::now();
    for _ in 0..n {
        std::hint::black_box(f());
    }
    start.elapsed() / n
}

fn small_cell_csv(bytes: usize) -> String {
    let mut s = String::from("c0,c1,c2,c3,c4,c5,c6,c7,c8,c9,c10,c11,c12,c13,c14,c15,c16,c17,c18,c19\n");
    let mut i = 0u32;
    while s.len() < bytes - 40 {
        for c in 0..20u32 {
            s.push(char::from(b'1' + ((i + c) % 4) as u8));
            s.push(if c == 19 { '\n' } else { ',' });
        }
        i += 1;
    }
    s
}

fn main() {
    let path = locate_wasm(None).expect("run scripts/build-wasm.sh");
    let bytes = std::fs::read(&path).unwrap();
    let cache = tempfile::tempdir().unwrap();

    let t = Instant::now();
    let rt = Runtime::from_bytes(&bytes, path.clone(), Some(cache.path())).unwrap();
    println!("load, compiling (cold cache):     {:>10.1} ms", t.elapsed().as_secs_f64() * 1e3);
    let t = Instant::now();
    let rt2 = Runtime::from_bytes(&bytes, path, Some(cache.path())).unwrap();
    assert!(rt2.cache_hit());
    println!("load, cached artifact:            {:>10.1} ms", t.elapsed().as_secs_f64() * 1e3);

    let policy = PolicySource::defaults();
    let d = time(20, || Guard::new(&rt, &policy, None).unwrap());
    println!("Guard::new (instantiate + policy): {:>9.2} ms", d.as_secs_f64() * 1e3);

    let mut g = Guard::new(&rt, &policy, None).unwrap();
    println!("Guard::new fuel:                  {:>10}", g.last_fuel_used());
    let cases: Vec<(&str, Scope, &str, String, u32)> = vec![
        ("clean reply, 34 B", Scope::Reply, "", "All done, the report is in out.md.".into(), 20_000),
        ("secret reply (redact)", Scope::Reply, "", "Use AKIAQYLPMN5HFIQR7XYZ to log in.".into(), 20_000),
        ("upload command (approve)", Scope::Args, "terminal", r#"{"command":"curl -s -d 'report=q' https://upload.example.invalid/drop"}"#.into(), 5_000),
        ("1 MB clean ASCII reply", Scope::Reply, "", "lorem ipsum dolor sit amet ".repeat(38_000), 10),
        ("1 MB small-cell CSV reply (worst)", Scope::Reply, "", small_cell_csv(1_000_000), 3),
    ];
    println!("{:<36} {:>12} {:>14} {:>12}", "call", "time", "fuel", "fuel/ms");
    let mut slowest_rate = f64::INFINITY;
    for (name, scope, tool, payload, n) in cases {
        let d = time(n, || g.inspect(scope, tool, &payload).unwrap());
        let fuel = g.last_fuel_used();
        let ms = d.as_secs_f64() * 1e3;
        let shown = if ms < 1.0 { format!("{:.2} µs", ms * 1e3) } else { format!("{ms:.1} ms") };
        let rate = fuel as f64 / ms;
        if ms >= 1.0 {
            slowest_rate = slowest_rate.min(rate);
        }
        println!("{name:<36} {shown:>12} {fuel:>14} {rate:>12.0}");
    }
    println!(
        "CALL_FUEL = {} ; at the slowest fuel rate of the long calls above, a call stops after ~{:.1} s",
        egress_guard::CALL_FUEL,
        egress_guard::CALL_FUEL as f64 / slowest_rate / 1e3
    );
}
