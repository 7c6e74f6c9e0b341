//! Markdown cross-tabs of areas in regions (as `bench/gen/gen.py`'s `cross_tab`), at the sizes of
//! the small-cell speed targets: shared by the engine's and the Rust host's budget tests
//! (included with `#[path]`).

/// A cross-tab of `rows` areas in `groups` regions (each region a subtotal row of its areas),
/// `cols` categories, a Total column and a Total row; about a fifth of the counts below 5. `unit`
/// names the rows (`Region`, `District`: tables of different units share no row labels).
pub fn cross_tab(unit: &str, rows: usize, cols: usize, groups: usize, mut seed: u64) -> String {
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let line = |label: String, cells: &[u64]| {
        format!("| {label} | {} | {} |", cells.iter().map(u64::to_string).collect::<Vec<_>>().join(" | "), cells.iter().sum::<u64>())
    };
    let mut out =
        vec![format!("| {unit} | {} | Total |", (1..=cols).map(|j| format!("Cat {j}")).collect::<Vec<_>>().join(" | ")), "|---".repeat(cols + 2) + "|"];
    let mut grand = vec![0; cols];
    for g in 1..=groups {
        let body: Vec<Vec<u64>> = (0..rows / groups).map(|_| (0..cols).map(|_| if next(5) == 0 { next(5) } else { 5 + next(116) }).collect()).collect();
        let sub: Vec<u64> = (0..cols).map(|j| body.iter().map(|r| r[j]).sum()).collect();
        grand.iter_mut().zip(&sub).for_each(|(a, b)| *a += b);
        out.push(line(format!("{unit} {g}"), &sub));
        out.extend(body.iter().enumerate().map(|(k, r)| line(format!("{unit} {g} - Area {}", k + 1), r)));
    }
    out.push(line("Total".into(), &grand));
    format!("Counts by {} and category:\n\n{}\n", unit.to_lowercase(), out.join("\n"))
}

/// Rows of the published markdown tables that still show a count from 1 to 4.
pub fn small_counts_shown(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("| ")).filter(|l| l.split('|').skip(2).any(|f| f.trim().parse::<u64>().is_ok_and(|v| (1..5).contains(&v)))).collect()
}
