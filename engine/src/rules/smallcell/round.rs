//! `method: round`: unbiased random rounding to base 5.
//!
//! A count `v` becomes `5·⌊v/5⌋ + 5` with probability `(v mod 5)/5` and `5·⌊v/5⌋` otherwise, so
//! the expected value is `v`. Totals are rounded on their own (they need not add up). The draw
//! is seeded by the SHA-256 of the table's text, so the same table always gives the same output
//! and asking again cannot average the noise away. Percentages were computed from the unrounded
//! counts and are hidden; an "n (%)" cell keeps only its rounded count.

use sha2::{Digest, Sha256};

use super::SUPPRESSED;
use crate::rules::tables::Table;
use crate::rules::tables::structure::Layout;

const BASE: u64 = 5;

/// SplitMix64: a tiny, well-mixed generator; the seed carries the table hash.
fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Round `v` with the uniform draw `u` in [0, 1).
pub fn round(v: u64, u: f64) -> u64 {
    let (floor, rest) = (v / BASE * BASE, v % BASE);
    if u < rest as f64 / BASE as f64 { floor + BASE } else { floor }
}

/// The new value of every count (rounded) and percentage (hidden) of a table, `(row, col, text)`;
/// `source` is the table's text, which seeds the draw.
pub fn changes(source: &str, table: &Table, layout: &Layout) -> Vec<(usize, usize, String)> {
    let digest = Sha256::digest(source.as_bytes());
    let seed = u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"));
    let mut out = Vec::new();
    for (k, c) in layout.cells.iter().enumerate() {
        // A percentage read as a count, or a difference, was computed from the unrounded
        // counts: hidden.
        if layout.implied.iter().any(|&(p, _)| p == c.col) || !layout.counts(k) {
            out.push((c.row, c.col, SUPPRESSED.to_string()));
            continue;
        }
        let u = (splitmix(seed ^ splitmix(k as u64)) >> 11) as f64 / (1u64 << 53) as f64;
        out.push((c.row, c.col, round(c.value, u).to_string()));
    }
    for &(pc, _) in &layout.percent_cols {
        for r in layout.header_rows..table.rows.len() {
            if !table.rows[r].fields[pc].text.is_empty() {
                out.push((r, pc, SUPPRESSED.to_string()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_unbiased_and_on_base_five() {
        let draws = 10_000;
        let mean = (0..draws).map(|i| round(3, i as f64 / draws as f64) as f64).sum::<f64>() / draws as f64;
        assert!((mean - 3.0).abs() < 0.01, "{mean}");
        assert_eq!(round(10, 0.99), 10);
        assert_eq!(round(0, 0.0), 0);
        assert!([0, 5].contains(&round(4, 0.5)));
    }
}
