//! EG-MICRO-001: not implemented yet (its own issue fills it in); finds nothing.

use super::{Input, Outcome};
use crate::policy::MicrodataPolicy;

pub const CODE: &str = "EG-MICRO-001";

pub struct Rule;

impl Rule {
    pub fn new(_policy: &MicrodataPolicy) -> Rule {
        Rule
    }

    pub fn inspect(&self, _input: &Input) -> Outcome {
        Outcome::default()
    }
}
