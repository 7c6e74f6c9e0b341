//! Shared by the host benchmarks: the calling thread's CPU time (what the per-call figures
//! report, so other processes on the machine inflate them less than wall time) and the load
//! average printed beside every figure.

use std::time::Duration;

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

unsafe extern "C" {
    fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
}

/// CPU time of the calling thread (Linux `CLOCK_THREAD_CPUTIME_ID`).
pub fn thread_cpu() -> Duration {
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid, writable timespec; clock id 3 is CLOCK_THREAD_CPUTIME_ID on Linux.
    let rc = unsafe { clock_gettime(3, &mut t) };
    assert_eq!(rc, 0, "clock_gettime");
    Duration::new(t.sec as u64, t.nsec as u32)
}

/// The 1, 5 and 15 minute load averages, as `/proc/loadavg` gives them.
pub fn load_avg() -> String {
    std::fs::read_to_string("/proc/loadavg").map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" ")).unwrap_or_default()
}
