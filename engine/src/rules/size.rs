//! EG-SIZE-001: strings over `max_scan_bytes` are not parsed at all; `fail_mode` decides, except
//! for a command the network rule would have read: that is a command that could not be checked,
//! and gets the network rule's action (`approve` by default, `block` under `fail_mode: closed`).
//!
//! This keeps every call's cost bounded by the cap: no rule ever sees more than
//! `max_scan_bytes` of one string.

use super::Hit;
use crate::policy::FailMode;
use crate::verdict::{Action, Severity};

pub const CODE: &str = "EG-SIZE-001";

/// A hit when `text` is over the cap (UTF-8 bytes), with the action `fail_mode` gives it.
pub fn check(text: &str, max_scan_bytes: u64, fail_mode: FailMode) -> Option<Hit> {
    let len = text.len() as u64;
    if len <= max_scan_bytes {
        return None;
    }
    let (action, outcome) = match fail_mode {
        FailMode::Open => (Action::Warn, "passed unscanned (fail_mode: open)"),
        FailMode::Closed => (Action::Block, "blocked (fail_mode: closed)"),
    };
    Some(Hit {
        code: CODE,
        severity: Severity::Medium,
        reason: format!("String of {len} bytes is over max_scan_bytes ({max_scan_bytes}) and was not scanned; {outcome}."),
        preview: format!("{len} bytes"),
        action: Some(action),
    })
}

/// The hit for a shell command (or code) over the cap: `action` is what the network rule does
/// with a command it cannot check.
pub fn unchecked_command(text: &str, max_scan_bytes: u64, action: Action) -> Hit {
    let len = text.len();
    Hit {
        code: CODE,
        severity: Severity::High,
        reason: format!("Command of {len} bytes is over max_scan_bytes ({max_scan_bytes}), so it could not be checked and may send data to any host."),
        preview: format!("{len} bytes"),
        action: Some(action),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn under_cap_is_scanned() {
        assert!(check("abc", 3, FailMode::Closed).is_none());
    }

    #[test]
    fn over_cap_follows_fail_mode() {
        assert_eq!(check("abcd", 3, FailMode::Open).unwrap().action, Some(Action::Warn));
        assert_eq!(check("abcd", 3, FailMode::Closed).unwrap().action, Some(Action::Block));
    }

    #[test]
    fn cap_counts_utf8_bytes() {
        assert!(check("ééé", 5, FailMode::Closed).is_some(), "6 bytes, 3 chars");
    }
}
