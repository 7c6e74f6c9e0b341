//! The work budget of one call, counted in steps by the engine itself.
//!
//! Every stage whose cost can grow faster than its input has its own bound per table or per group
//! of linked tables (relation inference, linking, the small-cell LPs). Those bounds add up: a text
//! of thousands of small tables did the work of thousands of groups, past the host's fuel, and a
//! trap under `fail_mode: open` lets the call through. One counter per call, shared by every string
//! of it, caps the sum; what is not worked out within it is withheld, never published unaudited.
//! Counted in steps, not fuel or time, so every host (Node has no fuel) reaches the same verdict.

use std::cell::Cell;

/// Steps one LP work unit counts for (a variable times a constraint of a solve from scratch, a
/// variable or a constraint of one pivot of a continued solve: what the LPs really do, see
/// [`super::smallcell::Settings::max_work`]): an LP unit costs about as much as this many cells
/// added to a running sum.
pub const LP_STEP: u64 = 64;

/// Steps one margin compared between two tables counts for (a comparison of two labels).
pub const LINK_STEP: u64 = 4;

/// Steps per call: the LP work of one largest group of tables ([`super::smallcell::MAX_WORK`]),
/// whatever mix of inference, linking and LPs spends it.
pub const CALL_STEPS: u64 = super::smallcell::MAX_WORK as u64 * LP_STEP;

/// The steps left to one call.
pub struct Steps {
    limit: u64,
    left: Cell<u64>,
}

impl Steps {
    pub fn new(limit: u64) -> Steps {
        Steps { limit, left: Cell::new(limit) }
    }

    /// A call's budget.
    pub fn call() -> Steps {
        Steps::new(CALL_STEPS)
    }

    pub fn left(&self) -> u64 {
        self.left.get()
    }

    /// Steps spent so far (never more than the limit).
    pub fn used(&self) -> u64 {
        self.limit - self.left.get()
    }

    /// Spend `n` steps: `false` (and none left) when fewer than `n` remain.
    pub fn spend(&self, n: u64) -> bool {
        match self.left.get().checked_sub(n) {
            Some(rest) => {
                self.left.set(rest);
                true
            }
            None => {
                self.left.set(0);
                false
            }
        }
    }

    pub fn exhausted(&self) -> bool {
        self.left.get() == 0
    }
}
