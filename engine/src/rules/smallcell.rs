//! EG-CELL-001: not implemented yet (its own issue fills it in); finds nothing.

use super::{Input, Outcome};
use crate::policy::SmallcellPolicy;

pub const CODE: &str = "EG-CELL-001";

pub struct Rule;

impl Rule {
    pub fn new(_policy: &SmallcellPolicy) -> Rule {
        Rule
    }

    pub fn inspect(&self, _input: &Input) -> Outcome {
        Outcome::default()
    }
}
