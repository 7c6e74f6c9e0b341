//! EG-NET-001: not implemented yet (its own issue fills it in); finds nothing.

use super::{Input, Outcome};
use crate::policy::NetworkPolicy;

pub const CODE: &str = "EG-NET-001";

pub struct Rule;

impl Rule {
    pub fn new(_policy: &NetworkPolicy) -> Rule {
        Rule
    }

    pub fn inspect(&self, _input: &Input) -> Outcome {
        Outcome::default()
    }
}
