//! Thousands of small linked tables in one text, the worst case of the call's work budget: shared
//! by the engine's and the Rust host's tests (included with `#[path]`).

/// `n` pandas-style crosstab prints with `All` margins, back to back (as `bench/gen/gen.py`'s
/// `worst_aligned`): 8 rows × 6 columns of counts 0–9, so nearly every table holds small counts.
pub fn aligned_tables(n: usize, mut seed: u64) -> String {
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let mut out = String::new();
    for _ in 0..n {
        let body: Vec<Vec<u64>> = (0..8).map(|_| (0..6).map(|_| next(10)).collect()).collect();
        out.push_str("```\ncol_0   ");
        (0..6).for_each(|j| out.push_str(&format!("{:>6}", format!("c{j}"))));
        out.push_str("     All\nrow_0\n");
        for (i, row) in body.iter().enumerate() {
            out.push_str(&format!("{:<7} ", format!("r{i}")));
            row.iter().for_each(|v| out.push_str(&format!("{v:>6}")));
            out.push_str(&format!("{:>8}\n", row.iter().sum::<u64>()));
        }
        let tot: Vec<u64> = (0..6).map(|j| body.iter().map(|r| r[j]).sum()).collect();
        out.push_str("All     ");
        tot.iter().for_each(|v| out.push_str(&format!("{v:>6}")));
        out.push_str(&format!("{:>8}\n```\n\n", tot.iter().sum::<u64>()));
    }
    out
}

/// Data lines (`r3 …`, `All …`) of the published tables that still show a count below 5.
pub fn small_counts_shown(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with('r') && l.as_bytes().get(1).is_some_and(u8::is_ascii_digit) || l.starts_with("All "))
        .filter(|l| l.split_whitespace().skip(1).any(|w| w.parse::<u64>().is_ok_and(|v| (1..5).contains(&v))))
        .collect()
}
