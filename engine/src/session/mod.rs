//! Sessions: what the engine remembers across the calls of one agent session, so a decision can
//! depend on what came before (a placeholder given out, a label picked up, a grant approved, a
//! table published).
//!
//! Sessions live inside the `guard` (one store per instance), keyed by the host's session id. A
//! call names its session and how many calls the host made in it before (`session_seq`): a
//! session this instance does not know although calls were made, or knows fewer calls of, lost
//! its state (a trap replaced the instance, it was evicted, the host routed it elsewhere). It is
//! marked lost for good: nothing is restored into it and it uploads nowhere outside
//! `allowed_hosts`. State is bounded (`sessions:` in the policy) and never leaves the instance's
//! memory: no status, message, preview or audit line holds a value from it.

pub mod egress;
pub mod labels;
pub mod ledger;
pub mod restore;
pub mod settings;
pub mod vault;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use serde::Deserialize;
use serde_json::json;

use crate::verdict::{Approval, GrantOffer};
use egress::{Active, GrantKey};
use ledger::Ledger;
use settings::{Bounds, Grant, SessionPolicy};
use vault::Vault;

/// The reason code of findings about a session itself (placeholders put back or not).
pub const CODE: &str = "EG-SESSION-001";
/// Longest session id a host may use.
pub const MAX_ID_BYTES: usize = 256;
/// Approvals a session keeps waiting for their outcome (older ones are forgotten).
const MAX_PENDING: usize = 16;
/// Grants approvals may create in one session (older ones are dropped first).
const MAX_APPROVED: usize = 64;
/// What a session costs beyond its vault (labels, grants, counters), for the memory bound.
const SESSION_OVERHEAD: usize = 1024;

/// Every session of one guard.
#[derive(Default)]
pub struct Sessions {
    map: HashMap<String, Session>,
    tick: u64,
}

/// One session's state.
pub struct Session {
    lost: bool,
    /// Calls seen (the next call's `session_seq`).
    calls: u64,
    last_used: u64,
    /// The host's clock at the first call (policy grants' `seconds` count from it).
    started_ms: Option<u64>,
    pub vault: Vault,
    pub labels: BTreeSet<String>,
    /// Column totals of the tables it published (the differencing ledger).
    ledger: Ledger,
    /// Bytes used of each policy grant's budget.
    used: Vec<u64>,
    approved: VecDeque<Approved>,
    /// Approvals waiting for their outcome: id, the grants approving creates, and the labels the
    /// session held when it asked (what the person approving was told it holds).
    pending: VecDeque<(String, Vec<GrantOffer>, Vec<String>)>,
    next_approval: u64,
}

struct Approved {
    grant: Grant,
    expires_ms: Option<u64>,
    used: u64,
}

impl Session {
    fn new(lost: bool, now_ms: Option<u64>, grants: usize) -> Session {
        Session {
            lost,
            calls: 0,
            last_used: 0,
            started_ms: now_ms,
            vault: Vault::default(),
            labels: BTreeSet::new(),
            ledger: Ledger::default(),
            used: vec![0; grants],
            approved: VecDeque::new(),
            pending: VecDeque::new(),
            next_approval: 1,
        }
    }

    pub fn lost(&self) -> bool {
        self.lost
    }

    fn bytes(&self) -> usize {
        SESSION_OVERHEAD + self.vault.bytes() + self.ledger.bytes() + self.approved.len() * 256 + self.pending.len() * 512
    }

    /// The facts the rules read for one call, with the vault moved in (put it back with
    /// [`Session::finish`]).
    pub fn facts<'s>(&'s mut self, policy: &'s SessionPolicy, now_ms: Option<u64>, file_sizes: Option<&'s BTreeMap<String, u64>>) -> Facts<'s> {
        let vault = (policy.placeholders.enabled && !self.lost).then(|| RefCell::new(std::mem::take(&mut self.vault)));
        let mut grants: Vec<Active> = policy
            .grants
            .iter()
            .enumerate()
            .map(|(i, g)| Active {
                key: GrantKey::Policy(i),
                grant: g,
                used: self.used.get(i).copied().unwrap_or(0),
                expires_ms: g.seconds.map(|s| self.started_ms.unwrap_or(0).saturating_add(s.saturating_mul(1000))),
            })
            .collect();
        grants.extend(self.approved.iter().enumerate().map(|(i, a)| Active {
            key: GrantKey::Approved(i),
            grant: &a.grant,
            used: a.used,
            expires_ms: a.expires_ms,
        }));
        Facts {
            policy,
            lost: self.lost,
            labels: &self.labels,
            ledger: &self.ledger,
            grants,
            now_ms,
            file_sizes,
            vault,
            pending: RefCell::default(),
            bounds: policy.sessions,
        }
    }

    /// After a call: the vault back, the labels it picked up, and, when it was let through, the
    /// bytes it used of its grants; when it asks for approval, the approval to report back.
    pub fn finish(&mut self, vault: Option<Vault>, pending: Pending, outcome: Outcome) -> Option<Approval> {
        if let Some(v) = vault {
            self.vault = v;
        }
        self.labels.extend(outcome.labels);
        match outcome.decided {
            Decided::Passed => {
                for (key, total) in pending.published {
                    self.ledger.record(key, total);
                }
                for (key, n) in pending.consumed {
                    match key {
                        GrantKey::Policy(i) => {
                            if let Some(u) = self.used.get_mut(i) {
                                *u = u.saturating_add(n);
                            }
                        }
                        GrantKey::Approved(i) => {
                            if let Some(a) = self.approved.get_mut(i) {
                                a.used = a.used.saturating_add(n);
                            }
                        }
                    }
                }
                None
            }
            Decided::Asks if !pending.offers.is_empty() && !self.lost => {
                let id = format!("a{}", self.next_approval);
                self.next_approval += 1;
                let held = self.labels.iter().filter(|l| !matches!(l.as_str(), egress::PUBLIC | egress::UNTRUSTED)).cloned().collect();
                self.pending.push_back((id.clone(), pending.offers.clone(), held));
                while self.pending.len() > MAX_PENDING {
                    self.pending.pop_front();
                }
                Some(Approval { id, grants: pending.offers })
            }
            _ => None,
        }
    }

    /// The host reports an approval's outcome: an approved one creates its grants.
    fn approval(&mut self, id: &str, approved: bool, now_ms: Option<u64>, seconds: Option<u64>) -> Result<Vec<GrantOffer>, String> {
        let Some(at) = self.pending.iter().position(|(p, _, _)| p == id) else {
            return Err(format!("no approval '{id}' is waiting in this session"));
        };
        let (_, offers, held) = self.pending.remove(at).expect("position is in range");
        if !approved || self.lost {
            return Ok(Vec::new());
        }
        for o in &offers {
            // Counted from the approval when the host says when that was.
            let expires_ms = match (now_ms, seconds) {
                (Some(now), Some(s)) => Some(now.saturating_add(s.saturating_mul(1000))),
                _ => o.expires_ms,
            };
            let grant = Grant {
                host: o.host.clone(),
                path: Some(o.path.clone()),
                methods: o.methods.clone(),
                params: None,
                max_request_bytes: None,
                bytes: Some(o.bytes),
                // Cleared for what the session held when it asked: the approval was given
                // knowing that (a write after untrusted input still asks again).
                labels: held.clone(),
                accepts_untrusted: false,
                seconds: None,
            };
            self.approved.push_back(Approved { grant, expires_ms, used: 0 });
            while self.approved.len() > MAX_APPROVED {
                self.approved.pop_front();
            }
        }
        Ok(offers)
    }
}

/// What one call changes in its session once it is decided.
pub struct Outcome {
    pub labels: Vec<String>,
    pub decided: Decided,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// Let through (allow, warn, redact): grants' bytes are counted.
    Passed,
    /// Sent to the host's approval prompt.
    Asks,
    Blocked,
}

/// What the rules see of a session during one call.
pub struct Facts<'s> {
    pub policy: &'s SessionPolicy,
    pub lost: bool,
    /// Labels held before this call.
    pub labels: &'s BTreeSet<String>,
    /// Column totals published before this call.
    pub ledger: &'s Ledger,
    pub grants: Vec<Active<'s>>,
    pub now_ms: Option<u64>,
    pub file_sizes: Option<&'s BTreeMap<String, u64>>,
    /// The vault, when placeholders are on and the session is not lost.
    pub vault: Option<RefCell<Vault>>,
    pub pending: RefCell<Pending>,
    pub bounds: Bounds,
}

/// Effects decided during a call and applied after it, depending on its verdict.
#[derive(Default)]
pub struct Pending {
    /// Bytes of grants' budgets the call's requests use.
    pub consumed: Vec<(GrantKey, u64)>,
    /// Grants an approval of the call would create.
    pub offers: Vec<GrantOffer>,
    /// Column totals of the tables the call publishes (the ledger keeps them once it is let
    /// through).
    pub published: Vec<(ledger::Key, u64)>,
}

impl Facts<'_> {
    /// A table column's total about to be published: the size of the group it isolates against
    /// a total published before in this session (or earlier in this call), if any; otherwise it
    /// is noted for the ledger.
    pub fn publish_total(&self, key: ledger::Key, total: u64, threshold: u64) -> Option<u64> {
        let mut pending = self.pending.borrow_mut();
        let earlier = pending.published.iter().filter(|(k, _)| *k == key).map(|&(_, t)| t.abs_diff(total)).find(|&d| d > 0 && d < threshold);
        let d = self.ledger.isolates(&key, total, threshold).or(earlier);
        if d.is_none() {
            pending.published.push((key, total));
        }
        d
    }
}

impl Sessions {
    /// The session `id` for a call that is the host's `seq`-th in it (0 = the first).
    pub fn open(&mut self, id: &str, seq: u64, now_ms: Option<u64>, policy: &SessionPolicy) -> &mut Session {
        self.tick += 1;
        let tick = self.tick;
        if !self.map.contains_key(id) {
            self.evict(&policy.sessions, policy.sessions.max_sessions.saturating_sub(1), None);
            self.map.insert(id.to_string(), Session::new(seq > 0, now_ms, policy.grants.len()));
        }
        let s = self.map.get_mut(id).expect("inserted above");
        if seq > s.calls {
            // Calls this instance never saw: whatever they did is unknown.
            s.lost = true;
        }
        s.calls = s.calls.max(seq + 1);
        s.last_used = tick;
        if s.started_ms.is_none() {
            s.started_ms = now_ms;
        }
        s
    }

    /// After a call of session `id`: drop least recently used sessions until the bounds hold.
    pub fn enforce(&mut self, bounds: &Bounds, keep: &str) {
        self.evict(bounds, bounds.max_sessions, Some(keep));
    }

    fn evict(&mut self, bounds: &Bounds, max_count: usize, keep: Option<&str>) {
        let mut total: usize = self.map.values().map(Session::bytes).sum();
        while self.map.len() > max_count || total > bounds.max_total_bytes {
            let victim = self.map.iter().filter(|(id, _)| Some(id.as_str()) != keep).min_by_key(|(_, s)| s.last_used).map(|(id, _)| id.clone());
            let Some(id) = victim else { break };
            total -= self.map.remove(&id).map_or(0, |s| s.bytes());
        }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Bytes all sessions account for.
    pub fn bytes(&self) -> usize {
        self.map.values().map(Session::bytes).sum()
    }

    /// A host's report on a session (`session-event`), answered as JSON:
    /// `{"session","event":"approval","approval","approved","now_ms"?}` → the grants created;
    /// `{"session","event":"end"}` → the session's state is dropped.
    pub fn event(&mut self, text: &str, policy: &SessionPolicy) -> String {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Event {
            session: String,
            event: String,
            approval: Option<String>,
            approved: Option<bool>,
            now_ms: Option<u64>,
        }
        let e: Event = match serde_json::from_str(text) {
            Ok(e) => e,
            Err(err) => {
                return json!({ "error": format!("unreadable session event: {err}") }).to_string();
            }
        };
        match (e.event.as_str(), e.approval, e.approved) {
            ("end", None, None) => {
                let existed = self.map.remove(&e.session).is_some();
                json!({ "session": e.session, "event": "end", "ended": existed }).to_string()
            }
            ("approval", Some(id), Some(approved)) => {
                let Some(s) = self.map.get_mut(&e.session) else {
                    return json!({ "error": "unknown session (its state was lost, or it ended): nothing was granted" }).to_string();
                };
                match s.approval(&id, approved, e.now_ms, policy.grants_on_approval.map(|o| o.seconds)) {
                    Ok(grants) => json!({ "session": e.session, "event": "approval", "approval": id, "approved": approved, "grants": grants }).to_string(),
                    Err(why) => json!({ "error": why }).to_string(),
                }
            }
            _ => json!({ "error": "a session event is {\"event\":\"approval\",\"approval\",\"approved\"} or {\"event\":\"end\"}" }).to_string(),
        }
    }
}
