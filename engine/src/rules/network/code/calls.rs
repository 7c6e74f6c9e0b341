//! Functions a snippet defines, read again where they are called (Python and JavaScript alike).
//!
//! Reading a body once per call is what lets `def send(url): requests.post(url, …)` name the host
//! each call passes, and what an attacker would use to make the reading slow or blind. So: the
//! bytes read again are bounded (per byte of the snippet) and so is the depth of calls followed;
//! a call that adds nothing (same function, same arguments, no name bound since it was read) is
//! not read again; and a call the bounds leave unread is not forgotten: its function is read once
//! more at the end with every parameter unknown, so harmless calls cannot use up the bounds and
//! hide the one that sends.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

use super::value::Val;

/// The names bound at a point of the walk. A persistent map: a function's scope is a copy that
/// costs nothing, however many names the snippet binds and however often the function is called,
/// and two maps of the same root are the same bindings ([`imbl::HashMap::ptr_eq`]).
pub type Env = imbl::HashMap<String, Val>;

/// Function bodies read again for their calls, in bytes of source per byte of the snippet (and
/// at least [`MIN_BYTES`]), and how deep calls are followed.
const BYTES_PER_BYTE: usize = 4;
const MIN_BYTES: usize = 64 * 1024;
const MAX_DEPTH: usize = 4;

/// The bounds and the record of one snippet's calls. `F` is the reader's handle on a function.
pub struct Calls<F> {
    left: usize,
    depth: usize,
    /// Calls read, by function and a hash of their arguments: the bindings they were read in.
    read_with: HashMap<(u32, u64), Env>,
    /// Functions a call of which the bounds left unread, and those read since with unknown
    /// arguments (by where each starts).
    skipped: Vec<(F, u32)>,
    opaque: HashSet<u32>,
}

/// What to do with one call.
pub enum Read {
    /// Read the body for this call, then [`Calls::leave`] with the token.
    Enter(u32, u64),
    /// Nothing to read: the same call was read in the same bindings, or the bounds are spent
    /// (the function is then kept for [`Calls::next_skipped`]).
    Skip,
}

impl<F: Copy> Calls<F> {
    pub fn new(src_len: usize) -> Self {
        Calls {
            left: src_len.saturating_mul(BYTES_PER_BYTE).saturating_add(MIN_BYTES),
            depth: 0,
            read_with: HashMap::new(),
            skipped: Vec::new(),
            opaque: HashSet::new(),
        }
    }

    /// A call of `f` (starting at `start`, `len` bytes long) with `args` (hashed) in the
    /// bindings `env`.
    pub fn enter(&mut self, f: F, start: u32, len: usize, args: &impl Hash, env: &Env) -> Read {
        let mut h = DefaultHasher::new();
        args.hash(&mut h);
        let key = (start, h.finish());
        if self.read_with.get(&key).is_some_and(|e| e.ptr_eq(env)) {
            return Read::Skip;
        }
        if self.depth >= MAX_DEPTH || len > self.left {
            self.skipped.push((f, start));
            return Read::Skip;
        }
        self.left -= len;
        self.depth += 1;
        Read::Enter(key.0, key.1)
    }

    /// The call entered as `(start, hash)` was read in `env` (the bindings, restored).
    pub fn leave(&mut self, start: u32, hash: u64, env: &Env) {
        self.depth -= 1;
        self.read_with.insert((start, hash), env.clone());
    }

    /// A function to read with unknown arguments (each at most once), until none is left.
    pub fn next_skipped(&mut self) -> Option<F> {
        while let Some((f, start)) = self.skipped.pop() {
            if self.opaque.insert(start) {
                return Some(f);
            }
        }
        None
    }
}
