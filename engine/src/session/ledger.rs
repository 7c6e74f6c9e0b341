//! The differencing ledger: the column totals of the tables a session published, so a later
//! table cannot isolate a small group by differencing ("12 in Peace Valley", then "9 excluding
//! St. Mary's": 3 at St. Mary's, though each table alone is safe).
//!
//! A total is keyed by the table's normalized header row and the column's label: tables with the
//! same header describe the same population cut the same way, so their totals are comparable.
//! A later total for a key that differs from an earlier one by more than 0 and less than the
//! small-cell threshold reveals a group below the threshold; equal totals (the same table again)
//! and totals far apart reveal nothing small. Keys are digests, never the labels or the counts'
//! context: the ledger holds no text of what was published.

use std::collections::{HashMap, VecDeque};

use sha2::{Digest, Sha256};

/// Keys a session remembers (the oldest are forgotten first) and totals per key.
const MAX_KEYS: usize = 4096;
const MAX_PER_KEY: usize = 8;
/// Bytes one remembered total costs, for the session's memory bound.
const ENTRY_BYTES: usize = 48;

/// The key of one column of one table shape: a digest of the normalized labels.
pub type Key = [u8; 16];

#[derive(Default)]
pub struct Ledger {
    totals: HashMap<Key, Vec<u64>>,
    order: VecDeque<Key>,
}

/// Lower-case letters and digits, words separated by one space: `Patients (n)` → `patients n`.
fn normalize(s: &str) -> String {
    s.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect::<Vec<_>>().join(" ")
}

/// The key of column `column` under header row `header`.
pub fn key(header: &[&str], column: &str) -> Key {
    let mut h = Sha256::new();
    for label in header {
        h.update(normalize(label).as_bytes());
        h.update([0]);
    }
    h.update([1]);
    h.update(normalize(column).as_bytes());
    let d = h.finalize();
    let mut k = [0u8; 16];
    k.copy_from_slice(&d[..16]);
    k
}

impl Ledger {
    /// An earlier total for `key` that `total` differs from by more than 0 and less than
    /// `threshold`: the size of the group the difference isolates.
    pub fn isolates(&self, key: &Key, total: u64, threshold: u64) -> Option<u64> {
        self.totals.get(key)?.iter().map(|&t| t.abs_diff(total)).find(|&d| d > 0 && d < threshold)
    }

    pub fn record(&mut self, key: Key, total: u64) {
        let seen = self.totals.entry(key).or_default();
        if seen.contains(&total) {
            return;
        }
        if seen.is_empty() {
            self.order.push_back(key);
        }
        seen.push(total);
        if seen.len() > MAX_PER_KEY {
            seen.remove(0);
        }
        if self.order.len() > MAX_KEYS
            && let Some(old) = self.order.pop_front()
        {
            self.totals.remove(&old);
        }
    }

    pub fn bytes(&self) -> usize {
        self.totals.values().map(Vec::len).sum::<usize>() * ENTRY_BYTES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_positive_difference_isolates_a_group_and_others_do_not() {
        let k = key(&["Area", "Patients"], "Patients");
        assert_eq!(k, key(&[" area ", "PATIENTS"], "patients"), "labels are compared normalized");
        assert_ne!(k, key(&["Area", "Visits"], "Visits"));
        let mut l = Ledger::default();
        l.record(k, 12);
        assert_eq!(l.isolates(&k, 9, 5), Some(3));
        assert_eq!(l.isolates(&k, 12, 5), None, "the same total again reveals nothing");
        assert_eq!(l.isolates(&k, 40, 5), None, "far apart: the difference is no small group");
        assert_eq!(l.isolates(&key(&["Area", "Visits"], "Visits"), 9, 5), None);
    }

    #[test]
    fn it_stays_bounded() {
        let mut l = Ledger::default();
        for i in 0..(MAX_KEYS as u64 + 100) {
            for t in 0..20 {
                l.record(key(&[&i.to_string()], "n"), t);
            }
        }
        assert!(l.totals.len() <= MAX_KEYS);
        assert!(l.totals.values().all(|v| v.len() <= MAX_PER_KEY));
    }
}
