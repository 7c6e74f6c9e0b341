//! Where a CLI start goes: the CPU of each step `egress-guard check ls` takes, in one process.
//!
//!     cargo bench -p egress-guard --bench startup_phases
//!
//! Run as a bench (not a test) because it times; it loads the component the way the CLI does,
//! from a cache filled by a first load, then prints this thread's CPU per step (the work is all
//! on this thread; the epoch ticker sleeps). Best of 15 rounds, each in a fresh runtime.

use std::time::Duration;

use egress_guard::{Guard, PolicySource, Runtime, locate_wasm};

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

unsafe extern "C" {
    fn clock_gettime(clock: i32, t: *mut Timespec) -> i32;
}

/// CPU time of this thread (CLOCK_THREAD_CPUTIME_ID).
fn thread_cpu() -> Duration {
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid out-pointer; the clock id exists on Linux.
    unsafe { clock_gettime(3, &mut t) };
    Duration::new(t.sec as u64, t.nsec as u32)
}

fn main() {
    let cache = tempfile::tempdir().unwrap();
    let wasm = locate_wasm(None).expect("run scripts/build-wasm.sh first");
    Runtime::load_file(wasm.clone(), Some(cache.path())).unwrap();
    let steps = ["load (cached, verified by record)", "Guard::new (instantiate, policy)", "check ls"];
    let mut best = [Duration::MAX; 3];
    for _ in 0..15 {
        let t0 = thread_cpu();
        let rt = Runtime::load_file(wasm.clone(), Some(cache.path())).unwrap();
        assert!(rt.cache_hit(), "{}", rt.cache_status());
        let t1 = thread_cpu();
        let mut g = Guard::new(&rt, &PolicySource::defaults(), None).unwrap();
        let t2 = thread_cpu();
        g.check("ls").unwrap();
        let t3 = thread_cpu();
        for (b, d) in best.iter_mut().zip([t1 - t0, t2 - t1, t3 - t2]) {
            *b = (*b).min(d);
        }
    }
    println!("startup phases, this thread's CPU, best of 15:");
    for (step, d) in steps.iter().zip(best) {
        println!("  {step:<36} {:>7.2} ms", d.as_secs_f64() * 1e3);
    }
}
