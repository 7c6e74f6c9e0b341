//! Numbers and alphanumeric identifiers: payment cards, IBANs, national IDs, IPv4 addresses
//! and phone numbers.
//!
//! Hand-written rather than one regex per scheme: a text is cut once into chains of upper-case
//! and digit tokens joined by single separators (`4539 5787 6362 1486`, `AB 12 34 56 C`,
//! `(11) 96123-4567`), tokens with lower-case letters (hex digests, words) are passed over at
//! once, and each scheme reads a chain's layout (group lengths and separators) before any
//! arithmetic. Clean text is full of numbers (timestamps, counts, ids), so the common shapes
//! must be rejected in a few comparisons.

use std::cell::OnceCell;
use std::net::Ipv4Addr;

use super::checks::{self, Rrn};
use super::cues::{self, Class, Columns, Cues, SqlCells};
use super::{Kind, Match as Found, phone};

/// An ASCII alphanumeric token without lower-case letters (except the `x` check character of
/// a Chinese ID).
#[derive(Clone, Copy, Debug)]
pub struct Tok {
    pub s: usize,
    pub e: usize,
    pub digits: usize,
    pub upper: usize,
}

impl Tok {
    fn len(&self) -> usize {
        self.e - self.s
    }
    fn is_digits(&self) -> bool {
        self.digits == self.len()
    }
}

/// What a scan knows about the text around a value.
pub struct Cx<'a> {
    pub b: &'a [u8],
    pub cues: &'a Cues,
    /// Cue classes of the JSON member name the text is the value of.
    pub member: Class,
    columns: OnceCell<Columns>,
    sql: OnceCell<SqlCells>,
    oids: OnceCell<bool>,
    net: OnceCell<bool>,
    people: OnceCell<bool>,
    /// End of the previous chain: a label never reaches back over another value.
    prev_end: usize,
    /// The tokens of the chain being read (kept to reuse its allocation).
    toks: Vec<Tok>,
}

impl<'a> Cx<'a> {
    pub fn new(b: &'a [u8], cues: &'a Cues, member: Class) -> Cx<'a> {
        Cx {
            b,
            cues,
            member,
            columns: OnceCell::new(),
            sql: OnceCell::new(),
            oids: OnceCell::new(),
            net: OnceCell::new(),
            people: OnceCell::new(),
            prev_end: 0,
            toks: Vec::new(),
        }
    }

    /// Whether a word of `class` says what the value at `pos..end` is: its label on the same
    /// line, the member name, or the name of its table column.
    pub fn cue_over(&self, pos: usize, end: usize, class: Class) -> bool {
        self.member & class != 0
            || cues::label_before(self.b, self.prev_end, pos) & class != 0
            || self.column(pos, end) & class != 0
    }

    /// The tables of the text (computed on first use).
    pub fn columns(&self) -> &Columns {
        self.columns.get_or_init(|| Columns::of(self.b))
    }

    /// The classes of the name of the column the value at `pos..end` sits in: the header cell of
    /// a delimited or markdown table, the column list of an SQL `INSERT`, or the header word of
    /// a table aligned with spaces.
    fn column(&self, pos: usize, end: usize) -> Class {
        let line_start = self.b[..pos]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |k| k + 1);
        let classes = |cell: Option<(usize, usize)>| cell.map_or(0, |(s, e)| cues::classes_in(self.b, s, e));
        if self.b[line_start..pos]
            .iter()
            .any(|c| matches!(c, b',' | b'|' | b'\t' | b';' | b'('))
        {
            classes(self.columns().header_cell(self.b, pos)) | classes(self.sql().column(pos))
        } else {
            classes(cues::aligned_header(self.b, pos, end))
        }
    }

    /// Whether the text holds an object identifier (computed on first use).
    fn holds_oids(&self) -> bool {
        *self.oids.get_or_init(|| holds_oids(self.b))
    }

    /// Whether the text speaks of networks anywhere (computed on first use).
    fn speaks_of_networks(&self) -> bool {
        *self.net.get_or_init(|| self.member & cues::NET != 0 || cues::classes_in(self.b, 0, self.b.len()) & cues::NET != 0)
    }

    /// Whether the text speaks of people or of reaching them anywhere: a phone word, a name or
    /// address label, an `@` (computed on first use).
    fn speaks_of_people(&self) -> bool {
        *self.people.get_or_init(|| {
            self.member & (cues::PHONE | cues::NAME | cues::ADDRESS) != 0
                || memchr::memchr(b'@', self.b).is_some()
                || cues::classes_in(self.b, 0, self.b.len()) & (cues::PHONE | cues::NAME | cues::ADDRESS) != 0
        })
    }

    /// The SQL `INSERT` and `COPY` value cells of the text (computed on first use).
    fn sql(&self) -> &SqlCells {
        self.sql.get_or_init(|| SqlCells::of(self.b))
    }

    /// The class of the nearest word before `pos` on its line.
    fn nearest(&self, pos: usize) -> Class {
        cues::nearest_before(self.b, self.prev_end, pos)
    }
}

const JOINERS: &[u8] = b" -./()";

fn joiner(sep: &[u8]) -> bool {
    match sep {
        [c] => JOINERS.contains(c),
        [a, c] => matches!(
            (a, c),
            (b')', b' ') | (b' ', b'(') | (b')', b'-') | (b')', b'(') | (b'-', b'(')
        ),
        _ => false,
    }
}

/// Where numbers start in a text: positions where a run of digits and capitals reaches four,
/// single separators between them allowed (`06 12 34 56 78`, `AB 12 34 56 C`, an omocodia
/// codice fiscale with hardly a digit); `@` signs; and four hex digits starting with 2 or 3
/// before a colon (a global IPv6 address). A run of capitals alone (`JSON`) anchors too, and is
/// dropped by the first look at its chain.
#[derive(Debug, Default)]
pub struct Anchors {
    pub numbers: Vec<usize>,
    pub ats: Vec<usize>,
    pub v6: Vec<usize>,
}

impl Anchors {
    /// The `@` signs and IPv6 starts of `b`: each is one byte found by `memchr` and a look at the
    /// few bytes before it, so neither needs a counter stepped on every byte.
    pub fn mark_ats_and_v6(&mut self, b: &[u8]) {
        self.ats.extend(memchr::memchr_iter(b'@', b));
        self.v6.extend(memchr::memchr_iter(b':', b).filter_map(|i| {
            // Exactly four hex digits before the colon, the first of them 2 or 3.
            let s = i.checked_sub(4)?;
            let hex = |k: usize| b[k].is_ascii_hexdigit();
            ((s..i).all(hex) && (s == 0 || !hex(s - 1)) && matches!(b[s], b'2' | b'3')).then_some(s)
        }));
    }
}

/// Byte classes of the anchor counter: bit 0 digit, bit 1 joiner (a separator or a capital),
/// bit 3 lower-case letter, bit 4 glue (`-` `.` `/` `_`), bit 5 backslash, bit 8 capital.
const fn class(x: u8) -> u16 {
    match x {
        b'0'..=b'9' => 1,
        b'A'..=b'Z' => 2 | 256,
        b'a'..=b'z' => 8,
        b' ' | b'(' | b')' => 2,
        b'-' | b'.' | b'/' => 2 | 16,
        b'_' => 16,
        b'\\' => 32,
        _ => 0,
    }
}

/// The distinct byte classes, in the order of [`KIND`]'s values.
#[cfg(test)]
const KINDS: [u8; 8] = [b'0', b'A', b'a', b' ', b'-', b'_', b'\\', b'@'];

/// Each byte's index into [`KINDS`] (bytes of one class step the counter alike).
#[cfg(test)]
const KIND: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut x = 0;
    while x < 256 {
        let mut k = 0;
        while class(KINDS[k]) != class(x as u8) {
            k += 1;
        }
        t[x] = k as u8;
        x += 1;
    }
    t
};

/// One step of the digit-run counter over a byte of class `c`: a digit adds one, a single
/// joiner keeps the count, anything else (or a second joiner) resets it.
#[cfg(test)]
const fn step(run: u32, sep: u32, c: u16) -> (u32, u32) {
    let d = (c & 1) as u32;
    let j = ((c >> 1) & 1) as u32;
    ((run + d) & (d | (j & (sep ^ 1))).wrapping_neg(), j)
}

/// Whether the bytes so far belong to a word with a lower-case letter, or to something glued
/// to one by `-`, `.`, `/`, `_` (a hex digest, a UUID, `v1.2.3`): numbers there anchor nothing.
/// The letter of a JSON escape (`\n`, after a backslash: `esc`) starts no word.
#[cfg(test)]
const fn glued_to_word(word: u8, esc: u8, c: u16) -> (u8, u8) {
    // Bit 3: lower-case letter; bit 4: glue; bit 0: digit; bit 8: capital; bit 5: backslash.
    let lower = (c >> 3) as u8 & 1 & (esc ^ 1);
    (lower | (word & ((c | (c >> 4) | (c >> 8)) as u8 & 1)), (c >> 5) as u8 & 1)
}

/// Counts past which nothing changes: a run of digits fires at four, capitals and digits in a
/// row at sixteen, and neither fires again until reset.
#[cfg(test)]
const RUN_MAX: u32 = 5;
#[cfg(test)]
const CAPS_MAX: u32 = 17;
#[cfg(test)]
const STATES: usize = ((RUN_MAX as usize + 1) * 2 * 2 * 2) * (CAPS_MAX as usize + 1);
/// Set in a [`RUNS`] entry when the byte that leads to it anchors a number.
#[cfg(test)]
const FIRES: u16 = 1 << 15;

#[cfg(test)]
const fn state_index(run: u32, sep: u32, word: u8, esc: u8, caps: u32) -> usize {
    (((run as usize * 2 + sep as usize) * 2 + word as usize) * 2 + esc as usize) * (CAPS_MAX as usize + 1) + caps as usize
}

/// The anchor counter as a transition table (the reference [`count_anchors`] is tested
/// against; the shared read stepped it per byte before): entry `state * 8 + kind` is the next state times
/// eight, with [`FIRES`] set when the byte anchors a number. A table lookup per byte instead of a
/// dozen shifts and masks (stepped on every byte of every text beside the keyword automaton, it
/// cost about as much as the automaton: hence [`count_anchors`]). Built
/// at compile time from [`step`] and [`glued_to_word`], with the counts capped at [`RUN_MAX`]
/// and [`CAPS_MAX`] (a capped count anchors exactly where the uncapped one would).
#[cfg(test)]
const RUNS: [u16; STATES * 8] = {
    let mut t = [0u16; STATES * 8];
    let mut run = 0;
    while run <= RUN_MAX {
        let mut sep = 0;
        while sep < 2 {
            let mut word = 0;
            while word < 2 {
                let mut esc = 0;
                while esc < 2 {
                    let mut caps = 0;
                    while caps <= CAPS_MAX {
                        let mut k = 0;
                        while k < KINDS.len() {
                            let c = class(KINDS[k]);
                            let (r, s) = step(run, sep, c);
                            let r = if r > RUN_MAX { RUN_MAX } else { r };
                            let (w, e) = glued_to_word(word, esc, c);
                            let n = if (c | c >> 8) & 1 == 1 { caps + 1 } else { 0 };
                            let n = if n > CAPS_MAX { CAPS_MAX } else { n };
                            let number = ((r == 4 && c & 1 == 1) || n == 16) && w == 0;
                            let next = (state_index(r, s, w, e, n) * 8) as u16;
                            t[state_index(run, sep, word, esc, caps) * 8 + k] = next | if number { FIRES } else { 0 };
                            k += 1;
                        }
                        caps += 1;
                    }
                    esc += 1;
                }
                word += 1;
            }
            sep += 1;
        }
        run += 1;
    }
    t
};

/// The anchor counter's state between bytes (an index into [`RUNS`], times eight).
#[cfg(test)]
#[derive(Clone, Copy, Default)]
pub struct AnchorState(u16);

#[cfg(test)]
impl AnchorState {
    /// One byte `x` at `i`: a table lookup; only a byte that anchors a number (rare) takes a
    /// branch.
    #[inline(always)]
    pub fn feed(&mut self, a: &mut Anchors, i: usize, x: u8) {
        let e = RUNS[usize::from(self.0) + usize::from(KIND[usize::from(x)])];
        self.0 = e & !FIRES;
        if e & FIRES != 0 {
            a.numbers.push(i);
        }
    }

    /// One byte that only moves the state (a stream before the part it records).
    #[inline(always)]
    pub fn skip(&mut self, x: u8) {
        self.0 = RUNS[usize::from(self.0) + usize::from(KIND[usize::from(x)])] & !FIRES;
    }
}

/// Where [`AnchorState`] anchors numbers in `b[from..to]`, stepped from its start state at
/// `from`, the anchors at or after `keep_from` pushed to `a.numbers` in order.
///
/// The same anchors as stepping the table byte by byte (test `bit_parallel_anchors_as_the_table_does`),
/// found 64 bytes at a time on bit masks of byte classes: a digit run reaches four where a digit
/// is the fourth of a chain of digits each one or two bytes (a single joiner) after the one
/// before; capitals and digits reach sixteen where sixteen in a row follow something else; and
/// "glued to a word" is a seed (a lower-case letter not after a backslash) carried along the
/// bytes that keep it by one addition. In the component (built with `simd128`) the class masks
/// take a few vector compares per 16 bytes, natively on x86-64 the same with SSE2; elsewhere a
/// byte loop builds them. Either way the
/// per-byte table step the shared read used to take beside the keyword automaton is gone.
pub fn count_anchors(a: &mut Anchors, b: &[u8], from: usize, to: usize, keep_from: usize) {
    let mut prev = Carry::default();
    let mut at = from;
    while at < to {
        let n = (to - at).min(64);
        let m = if n == 64 { masks64(&b[at..at + 64]) } else { masks_scalar(&b[at..at + n]) };
        let (mut fire, next) = prev.step(&m);
        prev = next;
        if at < keep_from {
            fire &= u64::MAX.checked_shl((keep_from - at).min(64) as u32).unwrap_or(0);
        }
        while fire != 0 {
            a.numbers.push(at + fire.trailing_zeros() as usize);
            fire &= fire - 1;
        }
        at += n;
    }
}

/// Byte classes of up to 64 bytes, bit `k` for byte `k` (as [`class`] sorts them).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Masks {
    digit: u64,
    capital: u64,
    lower: u64,
    /// A separator or a capital (`step`'s joiner).
    joiner: u64,
    /// What keeps "glued to a word": a digit, a capital, `-` `.` `/` `_`.
    keep: u64,
    backslash: u64,
}

/// [`Masks`] of `chunk` (at most 64 bytes) one byte at a time.
fn masks_scalar(chunk: &[u8]) -> Masks {
    let mut m = Masks::default();
    for (k, &x) in chunk.iter().enumerate() {
        let c = class(x);
        let bit = 1u64 << k;
        m.digit |= bit * u64::from(c & 1);
        m.capital |= bit * u64::from(c >> 8 & 1);
        m.lower |= bit * u64::from(c >> 3 & 1);
        m.joiner |= bit * u64::from(c >> 1 & 1);
        m.keep |= bit * u64::from((c | c >> 4 | c >> 8) & 1);
        m.backslash |= bit * u64::from(c >> 5 & 1);
    }
    m
}

/// [`Masks`] of 64 bytes.
#[cfg(not(any(all(target_arch = "wasm32", target_feature = "simd128"), target_arch = "x86_64")))]
fn masks64(chunk: &[u8]) -> Masks {
    masks_scalar(chunk)
}

/// [`Masks`] of 64 bytes, 16 at a time with SSE2 (every x86-64 has it): the native library's
/// twin of the `simd128` path below, so a native profile shows what the component spends.
#[cfg(target_arch = "x86_64")]
fn masks64(chunk: &[u8]) -> Masks {
    use core::arch::x86_64::*;
    assert!(chunk.len() >= 64);
    let mut m = Masks::default();
    for q in 0..4 {
        // SAFETY: SSE2 is part of x86-64; `chunk` holds at least 64 bytes (asserted above), so
        // bytes 16q..16q+16 are in it; `_mm_loadu_si128` reads unaligned.
        unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().add(16 * q) as *const __m128i);
            // `x - lo` below `n` (unsigned): the minimum with `n - 1` leaves it as it is.
            let within = |lo: u8, n: u8| {
                let t = _mm_sub_epi8(v, _mm_set1_epi8(lo as i8));
                _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8((n - 1) as i8)), t)
            };
            let is = |x: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(x as i8));
            let digit = within(b'0', 10);
            let capital = within(b'A', 26);
            let lower = within(b'a', 26);
            let glue = _mm_or_si128(_mm_or_si128(is(b'-'), is(b'.')), is(b'/'));
            let blank = _mm_or_si128(_mm_or_si128(is(b' '), is(b'(')), is(b')'));
            let joiner = _mm_or_si128(_mm_or_si128(glue, blank), capital);
            let keep = _mm_or_si128(_mm_or_si128(digit, capital), _mm_or_si128(glue, is(b'_')));
            let shift = 16 * q as u32;
            let bits = |x: __m128i| u64::from(_mm_movemask_epi8(x) as u16) << shift;
            m.digit |= bits(digit);
            m.capital |= bits(capital);
            m.lower |= bits(lower);
            m.joiner |= bits(joiner);
            m.keep |= bits(keep);
            m.backslash |= bits(is(b'\\'));
        }
    }
    m
}

/// [`Masks`] of 64 bytes, 16 at a time with `simd128` compares and bit masks.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn masks64(chunk: &[u8]) -> Masks {
    use core::arch::wasm32::*;
    assert!(chunk.len() >= 64);
    let mut m = Masks::default();
    for q in 0..4 {
        // SAFETY: `chunk` holds at least 64 bytes (asserted above), so bytes 16q..16q+16 are in
        // it; `v128_load` reads unaligned.
        let v = unsafe { v128_load(chunk.as_ptr().add(16 * q) as *const v128) };
        let within = |lo: u8, n: u8| u8x16_lt(i8x16_sub(v, u8x16_splat(lo)), u8x16_splat(n));
        let is = |x: u8| i8x16_eq(v, u8x16_splat(x));
        let digit = within(b'0', 10);
        let capital = within(b'A', 26);
        let lower = within(b'a', 26);
        let glue = v128_or(v128_or(is(b'-'), is(b'.')), is(b'/'));
        let blank = v128_or(v128_or(is(b' '), is(b'(')), is(b')'));
        let joiner = v128_or(v128_or(glue, blank), capital);
        let keep = v128_or(v128_or(digit, capital), v128_or(glue, is(b'_')));
        let shift = 16 * q as u32;
        let bits = |x: v128| u64::from(i8x16_bitmask(x)) << shift;
        m.digit |= bits(digit);
        m.capital |= bits(capital);
        m.lower |= bits(lower);
        m.joiner |= bits(joiner);
        m.keep |= bits(keep);
        m.backslash |= bits(is(b'\\'));
    }
    m
}

/// What one 64-byte block of [`count_anchors`] hands the next: its masks and the derived masks
/// whose bits the next block's shifts read. All zero before the first block: the counter's
/// start state, as if after a byte that resets everything.
#[derive(Clone, Copy, Default)]
struct Carry {
    m: Masks,
    /// Digits linked to the digit before them in the same run (depth >= 2), >= 3, >= 4.
    deep2: u64,
    deep3: u64,
    deep4: u64,
    /// Capitals-and-digits runs of at least 2, 4, 8 bytes ending here.
    caps2: u64,
    caps4: u64,
    caps8: u64,
    /// Glued to a word after the byte.
    word: u64,
}

impl Carry {
    /// The anchors of block `m` (a bit per byte) and the carry for the next block.
    #[inline]
    fn step(&self, m: &Masks) -> (u64, Carry) {
        // `x` shifted up by `k` bits, the low bits from the previous block's `p`.
        let up = |x: u64, p: u64, k: u32| x << k | p >> (64 - k);
        let p = &self.m;
        let d1 = up(m.digit, p.digit, 1);
        let d2 = up(m.digit, p.digit, 2);
        // A digit continues the run of the digit right before it, or of the one two before
        // with a single joiner between (a joiner after a digit never resets the run).
        let near = m.digit & d1;
        let skip = m.digit & !d1 & up(m.joiner, p.joiner, 1) & d2;
        let deeper = |prev_depth: u64, carried: u64| near & up(prev_depth, carried, 1) | skip & up(prev_depth, carried, 2);
        let deep2 = near | skip;
        let deep3 = deeper(deep2, self.deep2);
        let deep4 = deeper(deep3, self.deep3);
        let deep5 = deeper(deep4, self.deep4);
        let fourth = deep4 & !deep5;

        let cd = m.digit | m.capital;
        let pcd = p.digit | p.capital;
        let caps2 = cd & up(cd, pcd, 1);
        let caps4 = caps2 & up(caps2, self.caps2, 2);
        let caps8 = caps4 & up(caps4, self.caps4, 4);
        let caps16 = caps8 & up(caps8, self.caps8, 8);
        let sixteenth = caps16 & !up(cd, pcd, 16);

        // Seeds carried through the bytes that keep the mark: adding the seeds (and the mark
        // carried in) to the keeping run clears the run's bits from each seed on.
        let seed = m.lower & !up(m.backslash, p.backslash, 1);
        let run = m.keep | seed;
        let word = seed | run & !run.wrapping_add(seed).wrapping_add(self.word >> 63);

        let next = Carry { m: *m, deep2, deep3, deep4, caps2, caps4, caps8, word };
        ((fourth | sixteenth) & !word, next)
    }
}

/// How far left of an anchor its chain may start.
const CHAIN_REACH: usize = 48;

/// The chains around each number anchor, each read once.
pub fn chains(cx: &mut Cx, numbers: &[usize], out: &mut Vec<Found>) {
    let b = cx.b;
    let mut done = 0;
    for &p in numbers {
        if p < done {
            continue;
        }
        let lo = p.saturating_sub(CHAIN_REACH).max(done);
        let mut s = p;
        while s > lo
            && (b[s - 1].is_ascii_alphanumeric() || JOINERS.contains(&b[s - 1]) || b[s - 1] == b'+')
        {
            s -= 1;
        }
        // Cut inside a token: start after it.
        if s == lo && s > 0 && b[s - 1].is_ascii_alphanumeric() {
            while s < p && b[s].is_ascii_alphanumeric() {
                s += 1;
            }
        }
        done = tokenize(cx, s, p, out);
    }
}

/// Reads chains from `from` until the one holding `p` is read; returns where it stopped.
fn tokenize(cx: &mut Cx, from: usize, p: usize, out: &mut Vec<Found>) -> usize {
    let b = cx.b;
    let mut toks = std::mem::take(&mut cx.toks);
    toks.clear();
    let mut i = from;
    while i < b.len() {
        if !b[i].is_ascii_alphanumeric() {
            // Past the anchor, and the gap is too long for a joiner: the chain is over.
            if i > p && toks.last().is_none_or(|t| i - t.e >= 2) {
                break;
            }
            i += 1;
            continue;
        }
        let mut s = i;
        let (mut digits, mut upper, mut lower) = (0, 0, 0);
        while i < b.len() && b[i].is_ascii_alphanumeric() {
            let c = b[i];
            digits += usize::from(c.is_ascii_digit());
            upper += usize::from(c.is_ascii_uppercase());
            lower += usize::from(c.is_ascii_lowercase());
            i += 1;
        }
        // The letter of a JSON escape (`\n123`) is no part of the token.
        if cues::is_escape_letter(b, s) {
            s += 1;
            lower -= 1;
        }
        let tok = Tok {
            s,
            e: i,
            digits,
            upper,
        };
        let numeric = digits > 0
            && (lower == 0 || (lower == 1 && digits == 17 && i - s == 18 && b[i - 1] == b'x'));
        let joinable = numeric || (digits == 0 && lower == 0 && (1..=4).contains(&(i - s)));
        let continues = toks
            .last()
            .is_some_and(|last| joinable && joiner(&b[last.e..s]));
        if !continues {
            flush(cx, &mut toks, out);
            if s > p {
                cx.toks = toks;
                return s;
            }
        }
        if joinable {
            toks.push(tok);
        } else if toks.is_empty() && s > p {
            cx.toks = toks;
            return s;
        }
    }
    flush(cx, &mut toks, out);
    cx.toks = toks;
    i
}

/// Whether a chain is glued to a word by `-`, `.`, `/`, `_` or `:` on either side: then it is
/// part of a larger identifier (`886f5cd4-5254-2209-8229-f3842a2edbcc`, `order-2024-03`).
fn glued(b: &[u8], toks: &[Tok]) -> bool {
    let (s, e) = (toks[0].s, toks[toks.len() - 1].e);
    let left =
        s >= 2 && matches!(b[s - 1], b'-' | b'.' | b'/' | b'_') && b[s - 2].is_ascii_alphanumeric();
    let right = e + 1 < b.len()
        && matches!(b[e], b'-' | b'.' | b'/' | b'_')
        && b[e + 1].is_ascii_alphanumeric();
    left || right || (s >= 1 && b[s - 1] == b'_') || b.get(e) == Some(&b'_')
}

fn flush(cx: &mut Cx, toks: &mut Vec<Tok>, out: &mut Vec<Found>) {
    let digits: usize = toks.iter().map(|t| t.digits).sum();
    if digits >= 4 && !glued(cx.b, toks) {
        let plus = toks[0].s >= 1 && cx.b[toks[0].s - 1] == b'+';
        if can_match(toks, digits) && can_be_read(cx.b, toks, plus) {
            detect(cx, toks, plus, out);
        }
        cx.prev_end = toks.last().map_or(cx.prev_end, |t| t.e);
    }
    toks.clear();
}

/// Whether any detector can match a chain of `digits` digits, by the fewest digits each needs:
/// four with a capital letter in the chain (a PAN), else five in four groups (an IPv4 address)
/// or seven (a phone number; every identifier of digits alone has nine or more). Most numbers
/// of a log (ports, years, sizes, PIDs) are rejected here before any layout is read.
fn can_match(toks: &[Tok], digits: usize) -> bool {
    digits >= 7 || (toks.len() >= 4 && digits >= 5) || toks.iter().any(|t| !t.is_digits())
}

/// Whether any detector can read something in a chain that passed [`can_match`], by what each
/// needs of the chain's layout, not of its values: a `+` before it (an international phone
/// number), four groups or more (an IPv4 address, a NINO, a grouped NIR), a mixed token of seven
/// characters or more (every identifier written as one token with letters; a HKID has seven),
/// a group of two capitals and two digits (a grouped IBAN's head), or else seven digits or more
/// in a run of digit-only groups (every identifier of digits alone has nine or more, a national
/// phone number seven, a DNI and a NIE seven or eight). An ISO date-time (`2026-11-20T03`: six
/// digits in a run, then `20T03`) has none of these. A dotted quad of one to three digits is read
/// only as an IPv4 address (every other layout has a group of four digits or more, or another
/// separator), so one that is no public address is rejected here too, with the test `ipv4`
/// applies: the private and loopback addresses of a log.
fn can_be_read(b: &[u8], toks: &[Tok], plus: bool) -> bool {
    if plus {
        return true;
    }
    if toks.len() == 4 && uniform(b, toks) == Some(b'.') && toks.iter().all(|t| t.is_digits() && t.len() <= 3) {
        return quad(b, toks).is_some_and(public_v4);
    }
    if toks.len() >= 4 || toks.iter().any(|t| !t.is_digits() && (t.len() >= 7 || (t.len() == 4 && t.upper == 2 && t.digits == 2))) {
        return true;
    }
    let mut run = 0;
    toks.iter().any(|t| {
        run = if t.is_digits() { run + t.digits } else { 0 };
        run >= 7
    })
}

/// The address a dotted quad of digit groups `g` is written as, if every group is at most 255
/// without a leading zero, and not all of them single digits (four single digits read as a
/// version or a section number far more often than as an address, and the well-known
/// single-digit addresses are resolvers).
fn quad(b: &[u8], g: &[Tok]) -> Option<Ipv4Addr> {
    let mut o = [0u8; 4];
    let ok = g.iter().zip(&mut o).all(|(t, slot)| {
        let v = &b[t.s..t.e];
        let n: u32 = v.iter().fold(0, |a, &c| a * 10 + u32::from(c - b'0'));
        *slot = n as u8;
        n <= 255 && !(v.len() > 1 && v[0] == b'0')
    });
    (ok && !g.iter().all(|t| t.len() == 1)).then(|| Ipv4Addr::from(o))
}

/// Separator between `toks[k-1]` and `toks[k]`.
fn sep<'b>(b: &'b [u8], toks: &[Tok], k: usize) -> &'b [u8] {
    &b[toks[k - 1].e..toks[k].s]
}

/// The single separator byte used between every token of `toks`, if they share one.
fn uniform(b: &[u8], toks: &[Tok]) -> Option<u8> {
    let first = sep(b, toks, 1);
    let [c] = first else { return None };
    (2..toks.len())
        .all(|k| sep(b, toks, k) == first)
        .then_some(*c)
}

/// Whether `toks[i..=j]` stands alone in its chain: no digit token joined to it by a hyphen,
/// dot, slash or the separator it uses inside (so a card number is not the middle of a
/// longer run of groups).
fn isolated(b: &[u8], toks: &[Tok], i: usize, j: usize, inner: Option<u8>) -> bool {
    let blocks = |s: &[u8], t: &Tok| {
        t.digits > 0 && s.len() == 1 && (matches!(s[0], b'-' | b'.' | b'/') || Some(s[0]) == inner)
    };
    (i == 0 || !blocks(sep(b, toks, i), &toks[i - 1]))
        && (j + 1 >= toks.len() || !blocks(sep(b, toks, j + 1), &toks[j + 1]))
}

/// Digits of `toks` (digit tokens only), if at most 32.
fn digits_of(b: &[u8], toks: &[Tok]) -> Option<([u8; 32], usize)> {
    let mut buf = [0u8; 32];
    let mut n = 0;
    for t in toks {
        for &c in &b[t.s..t.e] {
            if c.is_ascii_digit() {
                *buf.get_mut(n)? = c;
                n += 1;
            }
        }
    }
    Some((buf, n))
}

/// Token lengths of `toks` (at most 16), without allocating.
fn lens(toks: &[Tok]) -> ([usize; 16], usize) {
    let mut l = [0; 16];
    let n = toks.len().min(16);
    for (slot, t) in l.iter_mut().zip(toks) {
        *slot = t.len();
    }
    (l, n)
}

fn layout_is(toks: &[Tok], want: &[usize]) -> bool {
    toks.len() == want.len()
        && toks
            .iter()
            .zip(want)
            .all(|(t, &w)| t.is_digits() && t.len() == w)
}

fn found(kind: Kind, s: usize, e: usize) -> Found {
    Found {
        kind,
        start: s,
        end: e,
    }
}

/// What the detectors made of one chain: findings, and the spans of numbers that stand where
/// an identifier would but fail its check: nothing in such a span is flagged.
#[derive(Default)]
struct Chain {
    found: Vec<Found>,
    /// (start, end, kind, by layout): a number laid out as the identifier (`4539 5787 6362
    /// 1487`, a Chinese ID's province and birth date) blocks every other reading; one only
    /// labelled as it (`NHS number: 9434765918`) blocks readings without a check of their
    /// own (phone, IP, identifiers read by structure).
    blocked: Vec<(usize, usize, Kind, bool)>,
}

impl Chain {
    /// A candidate of `kind` at `s..e` (`layout`: recognised by its layout, else by its
    /// label): flagged if `valid`, else its span is blocked.
    fn judge(&mut self, kind: Kind, s: usize, e: usize, valid: bool, layout: bool) {
        if valid {
            self.found.push(found(kind, s, e));
        } else {
            self.blocked.push((s, e, kind, layout));
        }
    }

    fn suppressed(&self, f: &Found) -> bool {
        let unchecked = matches!(
            f.kind,
            Kind::Phone | Kind::Ip | Kind::UsSsn | Kind::UkNino | Kind::InPan
        );
        self.blocked.iter().any(|&(s, e, kind, layout)| {
            kind != f.kind && s <= f.start && f.end <= e && (layout || unchecked)
        })
    }
}

fn detect(cx: &Cx, toks: &[Tok], plus: bool, out: &mut Vec<Found>) {
    let b = cx.b;
    let n = toks.len();
    let mut chain = Chain::default();
    for i in 0..n {
        single(cx, toks, i, &mut chain);
        for j in i + 1..n.min(i + 9) {
            grouped(cx, toks, i, j, &mut chain);
        }
        if i + 1 < n
            && toks[i].len() == 4
            && toks[i].upper == 2
            && toks[i].digits == 2
            && sep(b, toks, i + 1) == b" "
        {
            iban_grouped(cx, toks, i, &mut chain);
        }
    }
    ipv4(cx, toks, &mut chain.found);
    phones(cx, toks, plus, &mut chain.found);
    if chain.found.is_empty() {
        // Most chains (timestamps, private addresses) are nothing: no filtering to do.
        return;
    }
    // An identifier is not also a phone number, and a number whose check digit fails is
    // nothing at all.
    let overlaps = |f: &Found, (s, e): (usize, usize)| f.start < e && s < f.end;
    let ids: Vec<(usize, usize)> = chain
        .found
        .iter()
        .filter(|f| f.kind != Kind::Phone)
        .map(|f| (f.start, f.end))
        .collect();
    let keep: Vec<bool> = chain
        .found
        .iter()
        .map(|f| {
            let phone_in_an_identifier = f.kind == Kind::Phone && ids.iter().any(|&r| overlaps(f, r));
            !phone_in_an_identifier && !chain.suppressed(f)
        })
        .collect();
    out.extend(
        chain
            .found
            .iter()
            .zip(keep)
            .filter(|(_, k)| *k)
            .map(|(f, _)| *f),
    );
}

/// Identifiers written as one token.
fn single(cx: &Cx, toks: &[Tok], i: usize, chain: &mut Chain) {
    let b = cx.b;
    let t = toks[i];
    let v = &b[t.s..t.e];
    if !isolated(b, toks, i, i, None) {
        return;
    }
    let (s, e) = (t.s, t.e);
    if t.is_digits() {
        match v.len() {
            9 if cx.cue_over(s, e, cues::SSN) => chain.judge(Kind::UsSsn, s, e, checks::us_ssn(v), false),
            9 if cx.cue_over(s, e, cues::BSN) => chain.judge(Kind::NlBsn, s, e, checks::bsn(v), false),
            10 if cx.cue_over(s, e, cues::NHS) => chain.judge(Kind::Nhs, s, e, checks::nhs(v), false),
            11 if cx.cue_over(s, e, cues::CPF) => chain.judge(Kind::BrCpf, s, e, checks::cpf(v), false),
            12 if cx.cue_over(s, e, cues::AADHAAR) => {
                chain.judge(Kind::Aadhaar, s, e, checks::aadhaar(v), false)
            }
            13 => match checks::kr_rrn(v) {
                Rrn::Valid => chain.judge(Kind::KrRrn, s, e, true, true),
                Rrn::Unchecked if cx.cue_over(s, e, cues::RRN) => {
                    chain.judge(Kind::KrRrn, s, e, true, true)
                }
                Rrn::BadCheck => chain.judge(Kind::KrRrn, s, e, false, true),
                _ => {}
            },
            15 if checks::fr_nir_shape(v) => {
                chain.judge(Kind::FrNir, s, e, checks::fr_nir(v), true)
            }
            15 if checks::fr_nir(v) => chain.judge(Kind::FrNir, s, e, true, true),
            18 if checks::cn_resident_id_shape(v) => {
                chain.judge(Kind::CnId, s, e, checks::cn_resident_id(v), true)
            }
            _ => {}
        }
        if (13..=19).contains(&v.len())
            && checks::luhn(v) && checks::card_issuer(v).is_some() {
                chain.judge(Kind::Card, s, e, true, true);
            }
        return;
    }
    // Letters and digits in one token.
    match v.len() {
        18 if checks::cn_resident_id_shape(v) => {
            chain.judge(Kind::CnId, s, e, checks::cn_resident_id(v), true)
        }
        15 if checks::fr_nir_shape(v) => chain.judge(Kind::FrNir, s, e, checks::fr_nir(v), true),
        16 if checks::it_codice_fiscale(v) => chain.judge(Kind::ItCf, s, e, true, true),
        10 if checks::in_pan(v) => chain.judge(Kind::InPan, s, e, true, true),
        10 if checks::tw_id(v) => chain.judge(Kind::TwId, s, e, true, true),
        9 if checks::uk_nino(v) => chain.judge(Kind::UkNino, s, e, true, true),
        9 if checks::es_dni(&v[..8], v[8]) => chain.judge(Kind::EsDni, s, e, true, true),
        9 if checks::es_nie(v[0], &v[1..8], v[8]) => chain.judge(Kind::EsNie, s, e, true, true),
        _ => {}
    }
    // HKID: letters, six digits, and the check character in brackets or glued on.
    let letters = v.iter().take_while(|c| c.is_ascii_uppercase()).count();
    if (1..=2).contains(&letters)
        && v.len() >= letters + 6
        && v[letters..letters + 6].iter().all(u8::is_ascii_digit)
    {
        let (prefix, six) = (&v[..letters], &v[letters..letters + 6]);
        let bracketed =
            v.len() == letters + 6 && e + 2 < b.len() && b[e] == b'(' && b[e + 2] == b')';
        if bracketed && checks::hkid(prefix, six, b[e + 1]) {
            chain.judge(Kind::Hkid, s, e + 3, true, true);
        } else if v.len() == letters + 7
            && checks::hkid(prefix, six, v[letters + 6])
            && cx.cue_over(s, e, cues::HKID)
        {
            chain.judge(Kind::Hkid, s, e, true, true);
        }
    }
    // IBAN written compact.
    if (15..=34).contains(&v.len())
        && v[..2].iter().all(u8::is_ascii_uppercase)
        && v[2..4].iter().all(u8::is_ascii_digit)
        && let Ok(compact) = std::str::from_utf8(v)
    {
        chain.judge(Kind::Iban, s, e, checks::iban(compact), true);
    }
}

/// Identifiers written as groups `toks[i..=j]`.
fn grouped(cx: &Cx, toks: &[Tok], i: usize, j: usize, chain: &mut Chain) {
    let b = cx.b;
    let g = &toks[i..=j];
    let (s, e) = (g[0].s, g[g.len() - 1].e);
    let Some(d) = uniform(b, g) else {
        // Mixed separators: CPF `123.456.789-09`.
        if layout_is(g, &[3, 3, 3, 2])
            && sep(b, g, 1) == b"."
            && sep(b, g, 2) == b"."
            && sep(b, g, 3) == b"-"
            && isolated(b, toks, i, j, Some(b'.'))
            && let Some((buf, n)) = digits_of(b, g)
        {
            chain.judge(Kind::BrCpf, s, e, checks::cpf(&buf[..n]), true);
        }
        return;
    };
    if !isolated(b, toks, i, j, Some(d)) {
        return;
    }
    let (l, ln) = lens(g);
    let l = &l[..ln];
    if g.iter().all(Tok::is_digits) {
        let Some((buf, n)) = digits_of(b, g) else {
            return;
        };
        let v = &buf[..n];
        let dash_or_space = matches!(d, b' ' | b'-');
        match l {
            [3, 2, 4] if dash_or_space && checks::us_ssn(v) => {
                chain.judge(Kind::UsSsn, s, e, true, true)
            }
            [3, 3, 4] if dash_or_space && cx.cue_over(s, e, cues::NHS) => {
                chain.judge(Kind::Nhs, s, e, checks::nhs(v), false)
            }
            [4, 4, 4] if dash_or_space => {
                chain.judge(Kind::Aadhaar, s, e, checks::aadhaar(v), true)
            }
            [4, 2, 3] if d == b'.' && cx.cue_over(s, e, cues::BSN) => {
                chain.judge(Kind::NlBsn, s, e, checks::bsn(v), false)
            }
            [6, 7] if d == b'-' => match checks::kr_rrn(v) {
                Rrn::Valid => chain.judge(Kind::KrRrn, s, e, true, true),
                Rrn::Unchecked if cx.cue_over(s, e, cues::RRN) => {
                    chain.judge(Kind::KrRrn, s, e, true, true)
                }
                Rrn::BadCheck => chain.judge(Kind::KrRrn, s, e, false, true),
                _ => {}
            },
            [1, 2, 2, 2, 3, 3, 2] if d == b' ' => {
                chain.judge(Kind::FrNir, s, e, checks::fr_nir(v), true)
            }
            _ => {}
        }
        let card_layout = match l {
            [4, 6, 5] | [4, 6, 4] => true,
            [4, rest @ ..] => {
                rest.len() >= 2
                    && rest[..rest.len() - 1].iter().all(|&x| x == 4)
                    && (1..=4).contains(&rest[rest.len() - 1])
            }
            _ => false,
        };
        if card_layout && dash_or_space && (13..=19).contains(&n) {
            chain.judge(
                Kind::Card,
                s,
                e,
                checks::luhn(v) && checks::card_issuer(v).is_some(),
                true,
            );
        }
        return;
    }
    let joined = || {
        let mut v = Vec::with_capacity(16);
        g.iter().for_each(|t| v.extend_from_slice(&b[t.s..t.e]));
        v
    };
    // NIR with a Corsican department (`2A`/`2B`).
    if d == b' ' && l == [1, 2, 2, 2, 3, 3, 2] {
        chain.judge(Kind::FrNir, s, e, checks::fr_nir(&joined()), true);
    }
    // NINO `AB 12 34 56 C`.
    if d == b' '
        && l == [2, 2, 2, 2, 1]
        && g[0].upper == 2
        && g[1..4].iter().all(Tok::is_digits)
        && checks::uk_nino(&joined())
    {
        chain.judge(Kind::UkNino, s, e, true, true);
    }
    // DNI `12345678-Z`, NIE `X-1234567-L`.
    if d == b'-' && l == [8, 1] && g[0].is_digits() && g[1].upper == 1 {
        chain.judge(
            Kind::EsDni,
            s,
            e,
            checks::es_dni(&b[g[0].s..g[0].e], b[g[1].s]),
            true,
        );
    }
    if d == b'-' && l == [1, 7, 1] && g[1].is_digits() && b"XYZ".contains(&b[g[0].s]) {
        chain.judge(
            Kind::EsNie,
            s,
            e,
            checks::es_nie(b[g[0].s], &b[g[1].s..g[1].e], b[g[2].s]),
            true,
        );
    }
}

/// The longest valid IBAN starting at `toks[i]` in groups of four; if none is valid, the
/// groups are blocked.
fn iban_grouped(cx: &Cx, toks: &[Tok], i: usize, chain: &mut Chain) {
    let b = cx.b;
    let mut end = i;
    while end + 1 < toks.len()
        && sep(b, toks, end + 1) == b" "
        && toks[end + 1].len() <= 4
        && toks[end].len() == 4
        && toks[end + 1].upper + toks[end + 1].digits == toks[end + 1].len()
    {
        end += 1;
    }
    if end < i + 3 {
        return;
    }
    for j in (i + 3..=end).rev() {
        let mut v = String::with_capacity(34);
        toks[i..=j]
            .iter()
            .for_each(|t| v.push_str(std::str::from_utf8(&b[t.s..t.e]).unwrap_or("")));
        if checks::iban(&v) {
            chain.judge(Kind::Iban, toks[i].s, toks[j].e, true, true);
            return;
        }
    }
    chain.judge(Kind::Iban, toks[i].s, toks[end].e, false, true);
}

/// Public DNS resolvers: addresses of services, not of people.
const RESOLVERS: [[u8; 4]; 8] = [
    [8, 8, 8, 8],
    [8, 8, 4, 4],
    [1, 1, 1, 1],
    [1, 0, 0, 1],
    [9, 9, 9, 9],
    [149, 112, 112, 112],
    [208, 67, 222, 222],
    [208, 67, 220, 220],
];

/// Whether an IPv4 address is in public unicast space (not private, loopback, link-local,
/// shared, documentation, benchmarking, multicast, reserved or a public resolver).
pub fn public_v4(a: Ipv4Addr) -> bool {
    let o = a.octets();
    !(a.is_private()
        || a.is_loopback()
        || a.is_link_local()
        || a.is_broadcast()
        || a.is_documentation()
        || a.is_unspecified()
        || a.is_multicast()
        || o[0] == 0
        || o[0] >= 240
        || (o[0] == 100 && (64..128).contains(&o[1]))
        || (o[0] == 198 && (18..20).contains(&o[1]))
        || (o[0] == 192 && o[1] == 0 && o[2] == 0)
        || RESOLVERS.contains(&o))
}

fn ipv4(cx: &Cx, toks: &[Tok], out: &mut Vec<Found>) {
    let b = cx.b;
    for i in 0..toks.len().saturating_sub(3) {
        let g = &toks[i..i + 4];
        if uniform(b, g) != Some(b'.')
            || !g.iter().all(|t| t.is_digits() && t.len() <= 3)
            || !isolated(b, toks, i, i + 3, Some(b'.'))
        {
            continue;
        }
        let Some(a) = quad(b, g).filter(|&a| public_v4(a)) else {
            continue;
        };
        let (s, e) = (g[0].s, g[3].e);
        if !in_network_position(cx, s, e, &a.octets()) {
            continue;
        }
        out.push(found(Kind::Ip, s, e));
    }
}

/// Whether the dotted quad `o` at `s..e` stands where an address does. Four numbers of at most
/// 255 are also versions, sections, outline items, OID arcs, tags, readings: the shape alone says
/// little. So a quad is an address when its own position is a network one (a port after it,
/// the host of a URL) or when the text speaks of networks anywhere (`host`,
/// `client`, `ssh`, `HTTP`, `port`, `firewall`, `IP`, ...), and never when a word or a position
/// says it is something else (a version mark before it, a version or section word as its label,
/// member or column, a heading's place, an OID arc in a text holding OIDs). A bare quad in a text
/// with no word of networks is not read as an address: that costs recall only on addresses
/// nothing in their text calls one.
fn in_network_position(cx: &Cx, s: usize, e: usize, o: &[u8; 4]) -> bool {
    let b = cx.b;
    // `https://81.2.69.160`, `81.2.69.160:8080` (a quad glued to a path or a prefix length is
    // never read: see `glued`).
    let url_host = s >= 3 && &b[s - 3..s] == b"://";
    let port = b.get(e) == Some(&b':') && b.get(e + 1).is_some_and(u8::is_ascii_digit);
    if url_host || port {
        return true;
    }
    // `v1.2.3.40`, `numpy==1.2.3.40`, `Chrome/1.2.3.40`; `pkg@1.2.3.40` unless the text is about
    // hosts (`ssh root@81.2.69.160`).
    let version = s > 0
        && (matches!(b[s - 1], b'v' | b'V' | b'/')
            || (s > 1 && b[s - 1] == b'=' && matches!(b[s - 2], b'=' | b'<' | b'>' | b'~' | b'!')));
    let oid = (o[0] == 2 || (o[0] == 1 && o[1] <= 39)) && cx.holds_oids();
    if version || oid || heading(b, s, e) || cx.cue_over(s, e, cues::NOT_IP) {
        return false;
    }
    cx.speaks_of_networks()
}

/// Whether the dotted number at `s..e` numbers a heading, a contents line or a titled item: it
/// is first on its line (after `#`, a list marker or indentation) or right after a capitalised
/// word (`Benchmark 3.1.13.5`, `Figure 4.2.1.1`), and then (after an optional dot) comes a
/// capitalised word, the title's.
fn heading(b: &[u8], s: usize, e: usize) -> bool {
    let first = b[..s].iter().rev().take_while(|&&c| c != b'\n').all(|c| matches!(c, b' ' | b'\t' | b'#' | b'-' | b'*' | b'+'));
    let after_title_word = s >= 3 && b[s - 1] == b' ' && {
        let word = b[..s - 1].iter().rev().take_while(|c| c.is_ascii_alphabetic()).count();
        let w = &b[s - 1 - word..s - 1];
        word >= 2 && w[0].is_ascii_uppercase() && w[1..].iter().all(u8::is_ascii_lowercase)
    };
    let mut k = e + usize::from(b.get(e) == Some(&b'.'));
    let gap = k;
    while k < b.len() && matches!(b[k], b' ' | b'\t') {
        k += 1;
    }
    (first || after_title_word) && k > gap && b.get(k).is_some_and(u8::is_ascii_uppercase) && b.get(k + 1).is_some_and(u8::is_ascii_lowercase)
}

/// Whether `b` holds an object identifier: a dotted run of six numbers or more starting with
/// arc 0, 1 or 2 (`1.3.6.1.4.1.311`). No address or version is written so.
fn holds_oids(b: &[u8]) -> bool {
    let mut i = 0;
    while i < b.len() {
        if !matches!(b[i], b'0'..=b'2') || b.get(i + 1) != Some(&b'.') || (i > 0 && b[i - 1].is_ascii_digit()) {
            i += 1;
            continue;
        }
        let mut groups = 1;
        let mut k = i + 1;
        while k + 1 < b.len() && b[k] == b'.' && b[k + 1].is_ascii_digit() {
            k += 1;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            groups += 1;
        }
        if groups >= 6 {
            return true;
        }
        i = k.max(i + 1);
    }
    false
}

fn date_like(b: &[u8], g: &[Tok]) -> bool {
    if g.len() != 3 || !g.iter().all(Tok::is_digits) {
        return false;
    }
    let Some(d) = uniform(b, g) else { return false };
    let (l, n) = lens(g);
    matches!(d, b'-' | b'.' | b'/')
        && matches!(
            &l[..n],
            [4, 1..=2, 1..=2] | [1..=2, 1..=2, 4] | [1..=2, 1..=2, 2]
        )
}

/// Phone numbers: `+` and a calling code (any region), or a national format of the regions in
/// [`phone::NATIONAL`]. A national number needs phone formatting (groups, brackets) or a
/// phone word before it, and no identifier word as its nearest label.
fn phones(cx: &Cx, toks: &[Tok], plus: bool, out: &mut Vec<Found>) {
    let b = cx.b;
    let mut i = 0;
    while i < toks.len() {
        if !toks[i].is_digits() {
            i += 1;
            continue;
        }
        // The run of digit tokens from i joined by phone separators.
        let mut j = i;
        while j + 1 < toks.len() && toks[j + 1].is_digits() && sep(b, toks, j + 1) != b"/" {
            j += 1;
        }
        let intl = plus && i == 0;
        // A national number is a whole run of groups: a run longer than any phone number (an
        // OID, a line of counters) holds none.
        if !intl && j - i >= MAX_PHONE_GROUPS {
            i = j + 1;
            continue;
        }
        let j = j.min(i + MAX_PHONE_GROUPS);
        let start = if intl {
            toks[0].s - 1
        } else if toks[i].s > 0 && b[toks[i].s - 1] == b'(' {
            toks[i].s - 1
        } else {
            toks[i].s
        };
        let mut matched = false;
        for k in (i..=j).rev() {
            let g = &toks[i..=k];
            let Some((mut buf, mut n)) = digits_of(b, g) else {
                continue;
            };
            // `+44 (0)20 …`: the trunk zero in brackets is not dialled.
            if intl && g.len() > 2 && g[1].len() == 1 && b[g[1].s] == b'0' && b[g[1].s - 1] == b'('
            {
                let cc = g[0].len();
                buf.copy_within(cc + 1..n, cc);
                n -= 1;
            }
            let digits = &buf[..n];
            let ok = if intl {
                phone::international(digits)
            } else {
                national_ok(cx, g, start, digits)
            };
            if ok {
                out.push(found(Kind::Phone, start, g[g.len() - 1].e));
                matched = true;
                i = k + 1;
                break;
            }
            // A national number is the whole run of groups, never a part of it.
            if !intl || k == i {
                break;
            }
        }
        if !matched {
            i = j + 1;
        }
    }
}

/// Groups a phone number is written in, at most (`+54 9 11 2345-6789` has five).
const MAX_PHONE_GROUPS: usize = 7;

fn national_ok(cx: &Cx, g: &[Tok], start: usize, digits: &[u8]) -> bool {
    let b = cx.b;
    if !(7..=13).contains(&digits.len()) || date_like(b, g) {
        return false;
    }
    let dotted_quad = g.len() == 4 && uniform(b, g) == Some(b'.') && g.iter().all(|t| t.len() <= 3);
    if dotted_quad {
        return false;
    }
    let nearest = cx.nearest(start);
    if nearest & cues::ANY_ID != 0 && nearest & cues::PHONE == 0 {
        return false;
    }
    if cx.cue_over(start, g[g.len() - 1].e, cues::PHONE) {
        return phone::national(digits, phone::Written::Labelled);
    }
    // Grouped digits with no phone word before them are a phone number only in a text that
    // speaks of people (counters, readings, serials and sizes are grouped too), unless the area
    // code is in brackets, which nothing but a phone number is written with.
    let (l, n) = lens(g);
    n >= 2 && phone::national(digits, phone::Written::Grouped(&l[..n])) && (b[start] == b'(' || cx.speaks_of_people())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The anchors as the counter defines them, stepped bit by bit with uncapped counts over one
    /// stream: what the table and the `memchr` look-ups must reproduce.
    fn reference(b: &[u8]) -> Anchors {
        let (mut run, mut sep, mut word, mut esc, mut hex, mut caps) = (0u32, 0u32, 0u8, 0u8, 0u32, 0u32);
        let mut a = Anchors::default();
        for (i, &x) in b.iter().enumerate() {
            let c = class(x);
            if x == b':' && hex == 4 && matches!(b[i - 4], b'2' | b'3') {
                a.v6.push(i - 4);
            }
            if x == b'@' {
                a.ats.push(i);
            }
            (run, sep) = step(run, sep, c);
            (word, esc) = glued_to_word(word, esc, c);
            hex = if x.is_ascii_hexdigit() { hex + 1 } else { 0 };
            caps = if (c | c >> 8) & 1 == 1 { caps + 1 } else { 0 };
            if ((run == 4 && c & 1 == 1) || caps == 16) && word == 0 {
                a.numbers.push(i);
            }
        }
        a
    }

    fn by_table(b: &[u8]) -> Anchors {
        let mut a = Anchors::default();
        let mut st = AnchorState::default();
        for (i, &x) in b.iter().enumerate() {
            st.feed(&mut a, i, x);
        }
        a.mark_ats_and_v6(b);
        a
    }

    /// The table stepped over `b[from..]` from its start state, anchors kept from `keep_from` on.
    fn table_from(b: &[u8], from: usize, keep_from: usize) -> Vec<usize> {
        let mut a = Anchors::default();
        let mut st = AnchorState::default();
        for (i, &x) in b.iter().enumerate().skip(from) {
            if i >= keep_from {
                st.feed(&mut a, i, x);
            } else {
                st.skip(x);
            }
        }
        a.numbers
    }

    fn bit_parallel(b: &[u8], from: usize, keep_from: usize) -> Vec<usize> {
        let mut a = Anchors::default();
        count_anchors(&mut a, b, from, b.len(), keep_from);
        a.numbers
    }

    fn same(b: &[u8]) -> Result<(), TestCaseError> {
        let (want, got) = (reference(b), by_table(b));
        prop_assert_eq!(&got.numbers, &want.numbers, "numbers of {:?}", String::from_utf8_lossy(b));
        prop_assert_eq!(&bit_parallel(b, 0, 0), &want.numbers, "bit-parallel numbers of {:?}", String::from_utf8_lossy(b));
        prop_assert_eq!(&got.ats, &want.ats);
        prop_assert_eq!(&got.v6, &want.v6);
        Ok(())
    }

    #[test]
    fn the_table_anchors_where_the_counter_does_on_examples() {
        for text in [
            "call 06 12 34 56 78 or +44 20 7946 0958",
            "AB 12 34 56 C and RCCMNLPVS18D969J, JSONJSONJSONJSONJSON",
            "sha=cc849d3e5cfe7838 v1.2.3.4567 x_1234 \\n1234 \\\\n1234",
            "2a00:1450:4009:81f::200e 12a00:1 3fff: mail a@b.example @",
            "1234--1234--1234 ((1234)) 1-2-3-4-5 A1B2C3D4",
        ] {
            same(text.as_bytes()).unwrap();
        }
    }

    /// Every byte class alone, and runs long enough to pass both caps.
    const PIECES: &[&str] = &[
        "0", "7", "1234", "A", "F", "Z", "QWERTYUIOPASDFGH", "a", "f", "z", "deadbeef", " ", "-", ".", "/", "(", ")", "_", "\\", "@", ":", "2a00",
        "3", "é",
    ];

    /// Groups a chain is made of: digit runs of every length an identifier uses, capitals,
    /// mixed tokens, ISO date-time parts, private and public address octets.
    const GROUPS: &[&str] = &[
        "1", "7", "10", "81", "99", "127", "192", "255", "300", "2026", "0958", "12345", "123456", "1234567", "12345678", "943476591",
        "9434765919", "4539578763621486", "20T03", "2A", "AB", "C", "Z", "X", "GB82", "WEST", "G123456", "ABCPE1234F", "RCCMNLPVS18D969J",
        "11010519491231002X", "536", "90", "4399",
    ];
    const SEPS: &[&str] = &[" ", "-", ".", "/", "(", ")", ") ", " ("];

    /// A chain of `picks` (group, separator) pairs after `prefix`, with its tokens.
    fn chain_of(prefix: &str, picks: &[(usize, usize)]) -> (Vec<u8>, Vec<Tok>) {
        let mut b = prefix.as_bytes().to_vec();
        let mut toks = Vec::new();
        for (k, &(g, sep)) in picks.iter().enumerate() {
            if k > 0 {
                b.extend_from_slice(SEPS[sep].as_bytes());
            }
            let v = GROUPS[g].as_bytes();
            let s = b.len();
            b.extend_from_slice(v);
            let digits = v.iter().filter(|c| c.is_ascii_digit()).count();
            toks.push(Tok { s, e: b.len(), digits, upper: v.len() - digits });
        }
        (b, toks)
    }

    #[test]
    fn date_times_and_private_quads_are_turned_away_before_any_layout_is_read() {
        let read = |prefix: &str, picks: &[(usize, usize)]| {
            let (b, toks) = chain_of(prefix, picks);
            can_be_read(&b, &toks, prefix == "+")
        };
        let at = |g: &str| GROUPS.iter().position(|x| *x == g).unwrap();
        let (dash, dot, space) = (1, 2, 0);
        assert!(!read("", &[(at("2026"), 0), (at("10"), dash), (at("20T03"), dash)]));
        assert!(!read("", &[(at("10"), 0), (at("127"), dot), (at("99"), dot), (at("7"), dot)]));
        assert!(!read("", &[(at("192"), 0), (at("300"), dot), (at("1"), dot), (at("7"), dot)]));
        assert!(read("", &[(at("81"), 0), (at("7"), dot), (at("99"), dot), (at("10"), dot)]));
        assert!(read("+", &[(at("10"), 0), (at("127"), dot), (at("99"), dot), (at("7"), dot)]));
        assert!(read("", &[(at("536"), 0), (at("90"), dash), (at("4399"), dash)]));
        assert!(read("", &[(at("GB82"), 0), (at("WEST"), space)]));
        assert!(read("", &[(at("G123456"), 0)]));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        /// A chain `can_be_read` turns away is one every detector reads nothing in, whatever
        /// the words around it (a phone, network and identifier word in each text).
        #[test]
        fn a_chain_turned_away_is_one_no_detector_reads(
            picks in proptest::collection::vec((0usize..GROUPS.len(), 0usize..SEPS.len()), 1..9),
            prefix in 0usize..4,
        ) {
            let prefix = ["", "+", "ssh host phone tel NHS SSN BSN CPF aadhaar rrn hkid: ", "Phone: "][prefix];
            let (b, toks) = chain_of(prefix, &picks);
            let digits: usize = toks.iter().map(|t| t.digits).sum();
            let plus = toks[0].s >= 1 && b[toks[0].s - 1] == b'+';
            if can_match(&toks, digits) && !can_be_read(&b, &toks, plus) {
                let text = String::from_utf8(b.clone()).unwrap();
                let shared = crate::rules::secrets::shared_pass(&text);
                let cues = Cues::from_labels(&b, &shared.pii.labels);
                let cx = Cx::new(&b, &cues, 0);
                let mut out = Vec::new();
                detect(&cx, &toks, plus, &mut out);
                prop_assert!(out.is_empty(), "{:?} read in {:?}", out, text);
            }
        }

        #[test]
        fn the_table_anchors_where_the_counter_does(
            picks in proptest::collection::vec(0usize..PIECES.len(), 0..120)
        ) {
            let b: Vec<u8> = picks.iter().flat_map(|&k| PIECES[k].bytes()).collect();
            same(&b)?;
        }

        /// The bit-parallel counter finds what the table does from any start, kept from any
        /// point (the shared read's second stream), and its class masks are those of the byte
        /// loop (in the component: the `simd128` compares).
        #[test]
        fn bit_parallel_anchors_as_the_table_does(
            picks in proptest::collection::vec(0usize..PIECES.len(), 0..160),
            from in 0usize..200,
            keep in 0usize..200,
        ) {
            let b: Vec<u8> = picks.iter().flat_map(|&k| PIECES[k].bytes()).collect();
            let from = from.min(b.len());
            let keep_from = from + keep.min(b.len() - from);
            prop_assert_eq!(bit_parallel(&b, from, keep_from), table_from(&b, from, keep_from), "{:?} from {} kept from {}", String::from_utf8_lossy(&b), from, keep_from);
            for c in b.chunks_exact(64) {
                prop_assert_eq!(masks64(c), masks_scalar(c));
            }
        }

        /// The vector class masks (SSE2 natively, `simd128` in the component) are the byte
        /// loop's for any bytes, those past ASCII and at the ranges' edges included.
        #[test]
        fn class_masks_of_any_bytes_as_the_byte_loop(b in proptest::collection::vec(any::<u8>(), 64)) {
            prop_assert_eq!(masks64(&b), masks_scalar(&b));
        }
    }
}
