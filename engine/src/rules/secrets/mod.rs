//! EG-SECRET-001: credentials in arguments, results and replies.
//!
//! One scan: an Aho-Corasick prefilter over every detector's keywords (token prefixes matched
//! exactly, names and headers ASCII-case-insensitively) decides which detectors run at all; each
//! then reads the text (a byte regex, or code around its keyword hits, see `context`). Values
//! pass the detector's own check (checksum, structure, entropy) and the shared vetoes in
//! `validate` (documentation examples, placeholders, references, masks, agent-protocol ids).
//! Overlapping findings merge into one span, named by the earliest detector in the table.
//!
//! Everything is byte-oriented and ASCII-only, so non-ASCII text scans as fast as ASCII. No
//! pattern needs the text unescaped: boundaries accept JSON escapes (`\"`, `\n`), values stop
//! before a backslash, so a redaction never cuts an escape and JSON text stays valid.
//! Redaction writes `[REDACTED:<kind>]`, which no detector matches, so the rule is idempotent.

pub mod cli;
mod clients;
mod columns;
mod context;
mod daemons;
pub mod detectors;
mod dsn;
mod formats;
mod keys;
mod known;
mod otp;
mod printed;
mod redis_replies;
pub mod prose;
mod proxy;
mod scanners;
pub mod settings;
mod validate;
mod wallets;
mod keytext;
mod repl;
mod webhooks;

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use aho_corasick::automaton::{Automaton, StateID};
use aho_corasick::nfa::{contiguous, noncontiguous};
use aho_corasick::{AhoCorasick, Anchored, MatchKind, dfa::DFA};
use regex::bytes::{Regex, RegexBuilder};

use super::steps::Steps;
use super::{Class, Context, Hit, Outcome, pii};
use crate::verdict::Action;
use crate::decode::{self, Triggers};
use crate::mask::mask_value;
pub use known::Known;
use crate::verdict::Severity;
pub use detectors::{DETECTORS, Detector, Find};

pub const CODE: &str = "EG-SECRET-001";

/// A credential found in a text (byte offsets of the value itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecretMatch {
    pub start: usize,
    pub end: usize,
    pub kind: &'static str,
    pub severity: Severity,
    /// This range continues the match before it: a later piece of a value that decoration cut
    /// (a wrapped line, a colour code inside it). Redacted without a marker of its own.
    pub continuation: bool,
    /// Index of the detector in `DETECTORS` (lower names the kind when findings overlap).
    rank: usize,
}

impl SecretMatch {
    fn new(start: usize, end: usize, kind: &'static str) -> SecretMatch {
        SecretMatch { start, end, kind, severity: Severity::High, continuation: false, rank: 0 }
    }
}

/// The members that name a name/value pair's value (CloudFormation's stack outputs and parameters
/// name theirs `OutputKey` / `ParameterKey`), and the members holding that value: read in a parsed
/// document by the guard's walk, and in text by `formats::name_value`.
pub const PAIR_NAME_KEYS: &[&str] = &["name", "key", "OutputKey", "ParameterKey"];
pub const PAIR_VALUE_KEYS: &[&str] = &["value", "OutputValue", "ParameterValue"];

/// The text being scanned, as handed to custom detectors.
pub struct Scan<'a> {
    text: &'a str,
    bytes: &'a [u8],
    /// For masking command previews: keep token-shaped values that fail a checksum or look
    /// hand-typed; masking a look-alike costs nothing, showing a real token would.
    lenient: bool,
    /// The reading budget of this string ([`read_steps`]).
    steps: &'a Steps,
}

impl Scan<'_> {
    /// Count `n` bytes a reader read (or is about to read): `false` once the string's budget is
    /// spent, and the reader stops. A reader charges each of its reads, so however its hits
    /// overlap (a value read again from every keyword inside it), its work stays within the budget.
    pub(super) fn spend(&self, n: usize) -> bool {
        self.steps.spend(n as u64)
    }

    /// The start of the window of up to `reach` bytes a reader looks back over from `hit`, the
    /// window charged: `None` once the budget is spent, and the reader stops.
    pub(super) fn look_back(&self, hit: usize, reach: usize) -> Option<usize> {
        let from = hit.saturating_sub(reach);
        self.spend(hit - from).then_some(from)
    }
}

/// Steps (bytes read) per byte of a string its readers may take, and a floor for short strings.
/// Ordinary text takes one to three (each reader reads a window around its keyword hits); a text
/// built so that readers re-read it from every hit (a value of `password=password=…`, thousands of
/// stdin readers on one line) would take its length in steps per byte, and is cut off here.
pub const READ_STEPS_PER_BYTE: u64 = 16;
pub const MIN_READ_STEPS: u64 = 1 << 16;

/// The reading budget of a string of `len` bytes, drawing on `call` (the call's steps, shared
/// with every string and the table rules): the floor only while the call has steps left, the
/// linear part always (every string is read at least once, whatever came before it in the call).
pub fn read_steps(len: usize, call: Option<&Steps>) -> Steps {
    let linear = len as u64 * READ_STEPS_PER_BYTE;
    let full = linear + MIN_READ_STEPS;
    Steps::new(call.map_or(full, |c| full.min(c.left().max(linear))))
}

struct Compiled {
    /// Every keyword in one ASCII-case-insensitive automaton, so the text is read once; a keyword
    /// that must match exactly (a token prefix) is checked against the text at each hit. The
    /// decoration triggers of `decode` ride along (owner [`TRIGGER`] or [`TABLE`]), and so do
    /// the personal-data rule's label words ([`shared_pass`]).
    keywords: Keywords,
    /// Per keyword: its exact bytes if case matters, and the detectors that own it (from
    /// [`PII_WORD`] on: the personal-data rule's word `owner - PII_WORD`).
    owners: Vec<Owner>,
    /// The keywords with bytes past ASCII (prose words and labels in other scripts, curly
    /// quotes), in a second automaton run only over texts that have such bytes: in the first one
    /// they would split its alphabet into many more byte classes and make every step of every
    /// text dearer.
    wide: AhoCorasick,
    wide_owners: Vec<Owner>,
    /// Per detector: its regex and where it searches, compiled when the detector first runs
    /// (most strings hit no keyword, and a process started per tool call must not compile ~150
    /// regexes to look at one clean command).
    regexes: Vec<OnceLock<Option<(Regex, Reach)>>>,
}

impl Compiled {
    /// Detector `i`'s regex and reach (`None` for a custom detector), compiled on first use.
    fn regex(&self, i: usize) -> Option<&(Regex, Reach)> {
        self.regexes[i]
            .get_or_init(|| {
                let d = &DETECTORS[i];
                match d.find {
                    Find::Regex { pattern, .. } => Some((
                        RegexBuilder::new(pattern).unicode(false).build().unwrap_or_else(|e| panic!("{}: {e}", d.kind)),
                        reach(pattern, d),
                    )),
                    Find::Custom(_) => None,
                }
            })
            .as_ref()
    }
}

/// How far from its keyword hits a regex detector can match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reach {
    /// Longest match, if bounded.
    max_len: Option<usize>,
    /// Every match begins with one of the detector's keywords (a token prefix), so a search
    /// window starts at a hit instead of `max_len` before it.
    at_keyword: bool,
}

/// Longest match a pattern can have, if bounded, and whether every match starts with a keyword
/// (`regex_syntax` reads both off the pattern: every match begins with one of its prefix literals).
fn reach(pattern: &str, d: &Detector) -> Reach {
    let Ok(hir) = regex_syntax::ParserBuilder::new().unicode(false).utf8(false).build().parse(pattern) else {
        return Reach { max_len: None, at_keyword: false };
    };
    let prefixes = regex_syntax::hir::literal::Extractor::new().extract(&hir);
    let starts_with_keyword = |lit: &[u8]| {
        d.keywords.iter().any(|kw| {
            let kw = kw.as_bytes();
            lit.len() >= kw.len() && if d.fold { lit[..kw.len()].eq_ignore_ascii_case(kw) } else { lit[..kw.len()] == *kw }
        })
    };
    let at_keyword =
        prefixes.literals().is_some_and(|lits| !lits.is_empty() && lits.iter().all(|l| starts_with_keyword(l.as_bytes())));
    Reach { max_len: hir.properties().maximum_len(), at_keyword }
}

/// Pseudo-detector indexes of keywords that are decoration triggers, not detector keywords.
const TRIGGER: usize = usize::MAX;
const TABLE: usize = usize::MAX - 1;
/// Owners from this index on (below [`TABLE`]) are the personal-data rule's label words, not
/// detectors.
const PII_WORD: usize = 1 << 16;

/// A keyword's owners: the exact bytes it must have (`None`: any case), and its detectors.
type Owner = (Option<&'static [u8]>, Vec<usize>);

/// Builds the keyword automatons, the keyword DFA included, and the validators' word lists
/// (see `crate::warm_up`): in the pre-initialised component every text is read with the DFA.
pub fn warm() {
    compiled().keywords.built_dfa();
    validate::warm();
}

fn compiled() -> &'static Compiled {
    static COMPILED: OnceLock<Compiled> = OnceLock::new();
    COMPILED.get_or_init(|| {
        // (words, owners) for the ASCII automaton and for the wide one.
        let mut sets: [(Vec<&str>, Vec<Owner>); 2] = [(Vec::new(), Vec::new()), (Vec::new(), Vec::new())];
        // Where each (word, exact bytes) already is in its set.
        // Ordered, not hashed: std's hashed maps ask the host for a random seed, and this also
        // runs at build time, where the component has no host (see `crate::warm_up`).
        let mut index: BTreeMap<(&str, Option<&[u8]>), usize> = BTreeMap::new();
        let mut add = |kw: &'static str, exact: Option<&'static [u8]>, owner: usize| {
            let (words, owners) = &mut sets[usize::from(!kw.is_ascii())];
            let p = *index.entry((kw, exact)).or_insert_with(|| {
                words.push(kw);
                owners.push((exact, Vec::new()));
                words.len() - 1
            });
            owners[p].1.push(owner);
        };
        for &t in decode::CHAR_TRIGGERS {
            add(t, None, TRIGGER);
        }
        add("\n|", None, TABLE);
        add(decode::PANEL_ROW, None, TABLE);
        for c in decode::BOX_CROSSINGS {
            add(c, None, TABLE);
        }
        add(decode::LIST_ROW, None, TABLE);
        add(decode::ESCAPED_ROW, None, TABLE);
        for (i, d) in DETECTORS.iter().enumerate() {
            for &kw in d.keywords {
                add(kw, (!d.fold).then_some(kw.as_bytes()), i);
            }
        }
        for (k, word) in pii::label_words() {
            add(word, None, PII_WORD + k);
        }
        let [(words, owners), (wide_words, wide_owners)] = sets;
        let regexes = DETECTORS.iter().map(|_| OnceLock::new()).collect();
        let keywords = Keywords::new(&words);
        // A contiguous NFA: it reads only short windows around bytes past ASCII, and builds fast.
        let wide = AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
            .build(&wide_words)
            .expect("wide keyword automaton builds");
        Compiled { keywords, owners, regexes, wide, wide_owners }
    })
}

/// The keyword automaton in two forms that find the same matches. The contiguous NFA is built in
/// a small part of the DFA's time; the DFA reads a byte about twice as fast but costs several
/// milliseconds to build, more than the whole start of a process that a runtime spawns for one
/// tool call. So texts are read with the NFA until the process has read [`DFA_AFTER`] bytes,
/// and with the DFA from then on: a hook process never builds it, a batch builds it once. The
/// published component is pre-initialised with the DFA built (`warm`), so there every text is
/// read with it; the NFA serves the native library. Which form read a text never changes what
/// was found (see the test `both_forms_find_the_same`).
struct Keywords {
    source: noncontiguous::NFA,
    nfa: contiguous::NFA,
    dfa: OnceLock<DFA>,
    read: AtomicUsize,
}

/// Bytes read with the NFA before the DFA is built (its build costs about as much as reading
/// this much more slowly).
const DFA_AFTER: usize = 1 << 20;

impl Keywords {
    fn new(words: &[&str]) -> Keywords {
        let source = noncontiguous::Builder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .build(words)
            .expect("keyword automaton builds");
        let nfa = contiguous::Builder::new().build_from_noncontiguous(&source).expect("keyword NFA builds");
        Keywords { source, nfa, dfa: OnceLock::new(), read: AtomicUsize::new(0) }
    }

    /// The DFA, once the process has read enough to pay for building it (counting `len`).
    fn dfa(&self, len: usize) -> Option<&DFA> {
        if self.read.fetch_add(len, Ordering::Relaxed).saturating_add(len) < DFA_AFTER {
            return self.dfa.get();
        }
        Some(self.built_dfa())
    }

    fn built_dfa(&self) -> &DFA {
        self.dfa.get_or_init(|| DFA::builder().build_from_noncontiguous(&self.source).expect("keyword DFA builds"))
    }
}

/// Whether the byte before `start` lets a token begin there: not alphanumeric, or the letter of
/// a JSON escape (`\n`, `\r`, `\t`).
pub(super) fn left_ok(b: &[u8], start: usize) -> bool {
    start == 0 || !b[start - 1].is_ascii_alphanumeric() || escaped_blank_before(b, start)
}

/// Whether the escape of a blank (`\n`, `\r`, `\t`, as JSON and C write them) ends right before `i`.
pub(super) fn escaped_blank_before(b: &[u8], i: usize) -> bool {
    i >= 2 && b[i - 2] == b'\\' && matches!(b[i - 1], b'n' | b'r' | b't')
}

/// The escape of a blank escaped once or more that starts at `i` and ends before `stop` (`\n`,
/// `\\n`: a text inside a JSON string, or inside one inside another): the escaped letter and the
/// escape's length.
pub(super) fn escaped_blank_at(b: &[u8], i: usize, stop: usize) -> Option<(u8, usize)> {
    let run = b[i..stop].iter().take_while(|&&c| c == b'\\').count();
    let letter = *b[i..stop].get(run).filter(|&&c| run > 0 && matches!(c, b'n' | b'r' | b't'))?;
    Some((letter, run + 1))
}

/// Where the detectors' keywords occur in a text: per detector that has any, its hits sorted.
struct Hits {
    spans: Vec<(usize, usize)>,
    /// (detector, its range of `spans`), in table order.
    groups: Vec<(usize, std::ops::Range<usize>)>,
    /// Decoration the pass saw (not kept as spans: a `%20`-heavy text would fill the list).
    chars: bool,
    table: bool,
}

/// One read of a text for both rules that look for words in it: the secrets detectors' keyword
/// hits, and the personal-data rule's anchors (number runs, `@`, IPv6 starts) and label words,
/// found by the same loop over the bytes. The pipeline computes it once per string.
pub struct Shared {
    hits: Hits,
    pub pii: pii::Prepass,
}

/// The one read of `text` both rules share.
pub fn shared_pass(text: &str) -> Shared {
    let mut pii = pii::Prepass::default();
    let hits = keyword_hits::<true>(text.as_bytes(), &mut pii);
    Shared { hits, pii }
}

/// Below this length a text is read as one stream.
const TWO_STREAMS_FROM: usize = 256;

/// One flat list sorted by (detector, position) rather than a list per detector, so a string
/// with no keyword (most strings of a JSON result) costs no allocation and no walk over the table.
///
/// The keyword automaton is most of the rule's time, and one step waits on the previous one (the
/// next state is a load indexed by the current state). So a longer text is read as two
/// interleaved streams: the first half, and the second half started `max_pattern_len - 1`
/// bytes early so a keyword straddling the middle is seen whole; the second stream keeps only
/// keywords that end past the middle, so none is reported twice.
///
/// The same read feeds the personal-data rule (`pii`): its label words are keywords of the
/// automatons. Its number-run counter is read over the same two streams (the second records
/// anchors only from the middle on), 64 bytes at a time on bit masks rather than stepped per
/// byte beside the automaton (`pii::Prepass::count`). The `@` signs and IPv6 starts are found
/// after the loop by `memchr`.
fn keyword_hits<const PII: bool>(bytes: &[u8], pii: &mut pii::Prepass) -> Hits {
    let c = compiled();
    match c.keywords.dfa(bytes.len()) {
        Some(dfa) => keyword_hits_with::<PII, _>(c, dfa, bytes, pii),
        None => keyword_hits_with::<PII, _>(c, &c.keywords.nfa, bytes, pii),
    }
}

/// [`keyword_hits`] with one form of the keyword automaton.
fn keyword_hits_with<const PII: bool, A: Automaton>(c: &Compiled, ac: &A, bytes: &[u8], pii: &mut pii::Prepass) -> Hits {
    // The hits of the first stream, then those of the second (and its tail), then the wide
    // keywords': each list in the order its stream found them, which [`sort_hits`] relies on.
    type HitList = Vec<(usize, usize, usize)>;
    let (mut flat, mut flat_b): (HitList, HitList) = (Vec::new(), Vec::new());
    let (mut chars, mut table) = (false, false);
    let mut take = |owner: &Owner, start: usize, end: usize, pii: &mut pii::Prepass, into: &mut HitList| {
        if owner.0.is_some_and(|w| bytes[start..end] != *w) {
            return;
        }
        for &d in &owner.1 {
            match d {
                TRIGGER => chars = true,
                TABLE => table = true,
                _ if d >= PII_WORD => pii.label(start, end, d - PII_WORD),
                _ => into.push((d, start, end)),
            }
        }
    };
    type Take<'a> = dyn FnMut(&Owner, usize, usize, &mut pii::Prepass, &mut HitList) + 'a;
    let record = |take: &mut Take, sid: StateID, end: usize, pii: &mut pii::Prepass, into: &mut HitList| {
        for k in 0..ac.match_len(sid) {
            let pattern = ac.match_pattern(sid, k);
            take(&c.owners[pattern.as_usize()], end - ac.pattern_len(pattern), end, pii, into);
        }
    };

    let start = ac.start_state(Anchored::No).expect("unanchored search is supported");
    let (mut tail_from, mut sid) = (0, start);
    if bytes.len() >= TWO_STREAMS_FROM.max(2 * ac.max_pattern_len()) {
        let mid = bytes.len() / 2;
        let second = mid + 1 - ac.max_pattern_len();
        let (mut a, mut b) = (start, start);
        for (i, (&x, &y)) in bytes[..mid].iter().zip(&bytes[second..]).enumerate() {
            a = ac.next_state(Anchored::No, a, x);
            b = ac.next_state(Anchored::No, b, y);
            if ac.is_special(a) && ac.is_match(a) {
                record(&mut take, a, i + 1, pii, &mut flat);
            }
            if ac.is_special(b) && ac.is_match(b) && second + i + 1 > mid {
                record(&mut take, b, second + i + 1, pii, &mut flat_b);
            }
        }
        (tail_from, sid) = (second + mid, b);
        if PII {
            // The counter read as the two streams do: the first half from its start, the
            // second from `second`, kept from the middle on.
            pii.count(bytes, 0, mid, 0);
            pii.count(bytes, second, bytes.len(), mid);
        }
    } else if PII {
        pii.count(bytes, 0, bytes.len(), 0);
    }
    // The tail goes on with the second stream (or is the only one).
    let tail = if tail_from > 0 { &mut flat_b } else { &mut flat };
    for (i, &x) in bytes[tail_from..].iter().enumerate() {
        sid = ac.next_state(Anchored::No, sid, x);
        if ac.is_special(sid) && ac.is_match(sid) {
            record(&mut take, sid, tail_from + i + 1, pii, tail);
        }
    }
    // Wide keywords are looked for only around the bytes past ASCII they must contain.
    if !bytes.is_ascii() {
        let reach = c.wide.max_pattern_len();
        let mut at = 0;
        while let Some(p) = next_wide(bytes, at) {
            let run_end = p + bytes[p..].iter().position(|&x| x < 0x80).unwrap_or(bytes.len() - p);
            // Extend to the end of a stretch whose gaps between wide runs are shorter than a keyword.
            let mut end = run_end;
            while let Some(q) = bytes[end..(end + reach).min(bytes.len())].iter().position(|&x| x >= 0x80) {
                end += q + bytes[end + q..].iter().position(|&x| x < 0x80).unwrap_or(bytes.len() - end - q);
            }
            // Windows may overlap by up to one keyword; a keyword seen twice is deduplicated below.
            let (from, to) = (p.saturating_sub(reach), (end + reach).min(bytes.len()));
            for m in c.wide.find_overlapping_iter(&bytes[from..to]) {
                take(&c.wide_owners[m.pattern().as_usize()], from + m.start(), from + m.end(), pii, &mut flat_b);
            }
            at = to;
        }
    }
    if PII {
        pii.finish(bytes);
    }
    if flat_b.is_empty() && flat.len() < SORT_BUCKETS_FROM {
        flat.sort_unstable();
        flat.dedup();
    } else {
        flat.append(&mut flat_b);
        flat = sort_hits(flat);
    }
    let mut groups = Vec::new();
    let mut from = 0;
    while from < flat.len() {
        let d = flat[from].0;
        let to = from + flat[from..].iter().take_while(|h| h.0 == d).count();
        groups.push((d, from..to));
        from = to;
    }
    Hits { spans: flat.into_iter().map(|(_, s, e)| (s, e)).collect(), groups, chars, table }
}

/// Fewer hits than this are sorted as they are (see [`sort_hits`]).
const SORT_BUCKETS_FROM: usize = 256;

/// `flat` sorted by (detector, start, end), without duplicates. A long text's hits are many
/// (1 MB of near-miss prefixes: ~100,000, sorted once per keyword pass), and they come as a few
/// runs in order of position (one per stream): bucketed by detector, keeping that order, each
/// bucket is a few sorted runs, which the stable sort merges in linear time.
fn sort_hits(mut flat: Vec<(usize, usize, usize)>) -> Vec<(usize, usize, usize)> {
    if flat.len() < SORT_BUCKETS_FROM {
        flat.sort_unstable();
        flat.dedup();
        return flat;
    }
    let detectors = flat.iter().map(|h| h.0).max().map_or(0, |d| d + 1);
    let mut starts = vec![0usize; detectors + 1];
    for h in &flat {
        starts[h.0 + 1] += 1;
    }
    for d in 0..detectors {
        starts[d + 1] += starts[d];
    }
    let mut next = starts.clone();
    let mut out = vec![(0, 0, 0); flat.len()];
    for h in flat {
        out[next[h.0]] = h;
        next[h.0] += 1;
    }
    for d in 0..detectors {
        out[starts[d]..starts[d + 1]].sort();
    }
    out.dedup();
    out
}

/// The first byte past ASCII at or after `from`, eight bytes at a time.
fn next_wide(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i + 8 <= b.len() {
        let word = u64::from_le_bytes(b[i..i + 8].try_into().expect("eight bytes"));
        if word & 0x8080_8080_8080_8080 != 0 {
            break;
        }
        i += 8;
    }
    b[i..].iter().position(|&x| x >= 0x80).map(|p| i + p)
}

impl Hits {
    #[cfg(test)]
    fn of(&self, detector: usize) -> &[(usize, usize)] {
        self.groups.iter().find(|g| g.0 == detector).map_or(&[], |g| &self.spans[g.1.clone()])
    }
}

/// Where a regex detector searches: around its keyword hits, as far as its longest match reaches
/// (merged), so a common keyword (`pat`, `dd_`) does not send its regex over the whole text; a
/// pattern of unbounded length searches everything. A pattern that starts with its keyword
/// searches only from each hit on (`pat` hits `path`/`pattern` ~14,000 times per 32 MiB of the
/// background).
fn windows(hits: &[(usize, usize)], reach: Reach, len: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut merged: Vec<(usize, usize)> = Vec::new();
    match reach.max_len {
        None => merged.push((0, len)),
        Some(n) => {
            for &(s, e) in hits {
                let from = if reach.at_keyword { s } else { s.saturating_sub(n) };
                let to = (e + n).min(len);
                match merged.last_mut() {
                    Some(last) if from <= last.1 => last.1 = last.1.max(to),
                    _ => merged.push((from, to)),
                }
            }
        }
    }
    merged.into_iter()
}

/// Non-overlapping matches of `re` in `hay` starting at or after `from` (text before `from`
/// still counts for look-behind), as (start of the whole match, group `secret` or else the
/// whole match); `locs` is reused, so a search allocates nothing.
fn matches_in<'a>(
    re: &'a Regex,
    locs: &'a mut regex::bytes::CaptureLocations,
    secret: Option<usize>,
    hay: &'a [u8],
    from: usize,
) -> impl Iterator<Item = (usize, (usize, usize))> + 'a {
    let mut at = from;
    std::iter::from_fn(move || {
        if at > hay.len() {
            return None;
        }
        let whole = re.captures_read_at(locs, hay, at)?;
        at = if whole.end() > whole.start() { whole.end() } else { whole.end() + 1 };
        let m = secret.and_then(|g| locs.get(g)).unwrap_or((whole.start(), whole.end()));
        Some((whole.start(), m))
    })
}

/// Detector `i` over the text, given its keyword hits (sorted).
fn run(i: usize, scan: &Scan, hits: &[(usize, usize)], found: &mut Vec<SecretMatch>) {
    let d = &DETECTORS[i];
    let before = found.len();
    match (&d.find, compiled().regex(i)) {
        (Find::Regex { check, .. }, Some((re, reach))) => {
            let (text, bytes) = (scan.text, scan.bytes);
            let secret = re.capture_names().position(|n| n == Some("secret"));
            let mut locs = re.capture_locations();
            // Regex detectors are not counted and always run: their windows are merged, so each
            // reads the text at most once, and a token of a known shape is found even in a text
            // whose readers ran out.
            for (from, to) in windows(hits, *reach, bytes.len()) {
                for (ws, (s, e)) in matches_in(re, &mut locs, secret, &bytes[..to], from) {
                    let starts_word = bytes[ws].is_ascii_alphanumeric();
                    if (starts_word && !left_ok(bytes, ws))
                        || bytes.get(e).is_some_and(u8::is_ascii_alphanumeric)
                        || !text.is_char_boundary(s)
                        || !text.is_char_boundary(e)
                    {
                        continue;
                    }
                    let value = &text[s..e];
                    // In a credential position only placeholders are vetoed: a keyboard run or a
                    // failed checksum is evidence against a bare token, not against a value in
                    // a URL's userinfo or an `Authorization:` header.
                    let rejected = if scan.lenient || detectors::POSITIONAL.contains(&d.kind) {
                        validate::placeholder(value)
                    } else {
                        validate::vetoed(value) || validate::checksum_fails(value)
                    };
                    if !rejected && check(value) && !(detectors::POSITIONAL.contains(&d.kind) && scheme_of_a_stand_in(bytes, e)) {
                        found.push(SecretMatch::new(s, e, d.kind));
                    }
                }
            }
        }
        (Find::Custom(f), _) => {
            if scan.spend(hits.len()) {
                f(scan, hits, found);
            }
        }
        (Find::Regex { .. }, None) => unreachable!("regex detectors are compiled"),
    }
    for m in &mut found[before..] {
        m.severity = d.severity;
        m.rank = i;
    }
}

/// Longest stand-in read after a positional value (see [`scheme_of_a_stand_in`]).
const STAND_IN_REACH: usize = 64;

/// Whether a positional value ending at `e` is followed, after blanks, by a mask, placeholder or
/// reference (`Authorization: Zoho-enczapikey ****`, `… Token ${API_TOKEN}`): then the value is
/// the header's scheme, a word, and what stands in for the credential is what follows.
pub(super) fn scheme_of_a_stand_in(b: &[u8], e: usize) -> bool {
    let blanks = b[e..].iter().take(8).take_while(|&&c| c == b' ' || c == b'\t').count();
    if blanks == 0 {
        return false;
    }
    let s = e + blanks;
    let rest = &b[s..(s + STAND_IN_REACH).min(b.len())];
    let word = &rest[..rest.iter().position(|&c| c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'\\' | b'`')).unwrap_or(rest.len())];
    // A table's next cell (`| … |`) or a short word is no stand-in.
    word.len() >= 3 && word[0] != b'|' && (matches!(word[0], b'$' | b'<' | b'{' | b'%') || std::str::from_utf8(word).is_ok_and(validate::placeholder))
}

/// Every credential in `text`, sorted by position; overlapping findings merge into their union,
/// named by the earliest detector in the table. A value that decoration cut into pieces (a wrapped
/// line) is one match and `continuation` matches after it.
pub fn find(text: &str) -> Vec<SecretMatch> {
    scan(text, false, None, &read_steps(text.len(), None))
}

/// Longest span of a decoded view mapped back once the string's budget is spent.
const MAX_MAPPED_AFTER_BUDGET: usize = 512;

/// Keyword hits past which a text is not checked for a wrapped value (each costs a look at the
/// rest of its line).
const WRAP_PROBES: usize = 16;

/// The detectors over `text`, then, when the keyword pass saw decoration (or the first lines
/// carry line numbers), over its decoded view, each finding mapped back to the original bytes.
/// Within `steps`: what the readers found before they ran out (see [`Scan::spend`]).
fn scan(text: &str, lenient: bool, known: Option<&Known>, steps: &Steps) -> Vec<SecretMatch> {
    scan_from(text, &keyword_hits::<false>(text.as_bytes(), &mut pii::Prepass::default()), lenient, known, steps)
}

/// [`scan`] from the keyword `hits` of `text`.
fn scan_from(text: &str, hits: &Hits, lenient: bool, known: Option<&Known>, steps: &Steps) -> Vec<SecretMatch> {
    scan_nested(text, hits, lenient, known, steps, BASE64_DEPTH)
}

/// Encoded texts (base64, hex) read inside one another: a file encoded whole, and a base64 text inside it (a
/// Kubernetes secret's value holding an env file with a base64 value of its own).
const BASE64_DEPTH: usize = 2;

/// [`scan_from`], reading base64 texts `depth` levels deep: a run that decodes to text holding
/// a credential is redacted whole (the run is what carries the credential; nothing of it can be
/// kept without leaving part of the encoded value).
fn scan_nested(text: &str, hits: &Hits, lenient: bool, known: Option<&Known>, steps: &Steps, depth: usize) -> Vec<SecretMatch> {
    let mut found = scan_views(text, hits, lenient, known, steps);
    echoes(text, &mut found, steps);
    if depth > 0 {
        let runs: Vec<decode::Base64Text> = decode::base64_texts(text, |n| steps.spend(n as u64)).into_iter().chain(decode::hex_texts(text, |n| steps.spend(n as u64))).collect();
        // Per run, the first credential read in its text.
        let mut firsts: Vec<Option<SecretMatch>> = Vec::with_capacity(runs.len());
        for inner in &runs {
            let ihits = keyword_hits::<false>(inner.text.as_bytes(), &mut pii::Prepass::default());
            let within = scan_nested(&inner.text, &ihits, lenient, known, steps, depth - 1);
            firsts.push(within.into_iter().find(|m| !m.continuation));
        }
        for (inner, own) in runs.iter().zip(&firsts) {
            let first = own.as_ref().or_else(|| {
                runs.iter().zip(&firsts).find_map(|(whole, f)| f.as_ref().filter(|m| cut_copy_reaches(&inner.text, &whole.text, m.start)))
            });
            if let Some(m) = first {
                for (k, &(start, end)) in inner.pieces.iter().enumerate() {
                    found.push(SecretMatch { start, end, continuation: k > 0, ..m.clone() });
                }
            }
        }
    }
    merge(found)
}

/// Shortest copy of another run's start [`cut_copy_reaches`] takes for one.
const CUT_COPY_MIN: usize = 16;

/// Whether `cut` ends in a copy of the start of `whole` that reaches `at` (where a credential
/// starts in `whole`): the audit log's process title is argv cut at 128 bytes, so beside an
/// `EXECVE` record's argument it holds the argument's first characters, a credential's start
/// among them.
fn cut_copy_reaches(cut: &str, whole: &str, at: usize) -> bool {
    let (c, w) = (cut.as_bytes(), whole.as_bytes());
    w.len() >= CUT_COPY_MIN && memchr::memmem::find_iter(c, &w[..CUT_COPY_MIN]).any(|p| c.len() - p > at && w.starts_with(&c[p..]))
}

/// Shortest and longest value looked for again (a longer one, a key block, is read by its own
/// detector wherever it is), and most distinct values looked for per text.
const ECHO_MIN: usize = 12;
const ECHO_MAX_LEN: usize = 1024;
const ECHO_MAX: usize = 16;

/// A credential found once is the credential wherever else the text repeats it (an exception's
/// message quoting the value a traceback's locals showed beside its name, a log line echoing a
/// header): each repeat is redacted as the finding it repeats.
fn echoes(text: &str, found: &mut Vec<SecretMatch>, steps: &Steps) {
    let b = text.as_bytes();
    let mut values: Vec<&[u8]> = Vec::new();
    let mut firsts: Vec<SecretMatch> = Vec::new();
    for m in found.iter().filter(|m| !m.continuation && (ECHO_MIN..=ECHO_MAX_LEN).contains(&(m.end - m.start))) {
        let v = &b[m.start..m.end];
        if values.len() < ECHO_MAX && !values.contains(&v) {
            values.push(v);
            firsts.push(m.clone());
        }
    }
    // One pass over the text for all of them.
    if values.is_empty() || !steps.spend(b.len() as u64) {
        return;
    }
    // An NFA: a DFA's build costs more than one read of a text (a prefilter does the reading).
    let Ok(ac) = AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostLongest)
        .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
        .build(&values)
    else {
        return;
    };
    for hit in ac.find_iter(b) {
        let m = &firsts[hit.pattern().as_usize()];
        let (at, end) = (hit.start(), hit.end());
        if at != m.start && text.is_char_boundary(at) && text.is_char_boundary(end) {
            found.push(SecretMatch { start: at, end, ..m.clone() });
        }
    }
}

/// The detectors over `text` and over its decoded view (unmerged).
fn scan_views(text: &str, hits: &Hits, lenient: bool, known: Option<&Known>, steps: &Steps) -> Vec<SecretMatch> {
    let mut found = detect(text, hits, lenient, steps);
    if let Some(k) = known {
        k.find(text, &mut found);
    }
    let b = text.as_bytes();
    let triggers = Triggers {
        chars: hits.chars,
        table: hits.table || b.first() == Some(&b'|'),
        wrap: hits.spans.iter().take(WRAP_PROBES).any(|&(s, e)| decode::wrap_at(b, s, e)),
        blocks: hits.groups.iter().any(|(d, _)| matches!(DETECTORS[*d].kind, "private-key" | "putty-private-key")),
    };
    // The view is built whatever the budget (linear, like the keyword pass).
    if let Some(view) = decode::view_with(text, triggers) {
        let vhits = keyword_hits::<false>(view.text().as_bytes(), &mut pii::Prepass::default());
        let mut in_view = detect(view.text(), &vhits, lenient, steps);
        if let Some(k) = known {
            k.find(view.text(), &mut in_view);
        }
        // A hex dump's characters column holds the value in pieces; the view reads it whole.
        found.retain(|m| !view.rendered(m.start, m.end));
        let raw = found.len();
        let mut mapped = Vec::with_capacity(in_view.len());
        for m in in_view {
            // Mapping a span back walks the decoration inside it: counted, and past the budget
            // only a span of a token's length is mapped (a reader's value can run to the end).
            if !steps.spend((m.end - m.start) as u64) && m.end - m.start > MAX_MAPPED_AFTER_BUDGET {
                continue;
            }
            let mut pieces = view.original_pieces(m.start, m.end);
            // A value the text already holds whole before a line break does not go on past it
            // when the next line's text could be its own: a token of a provider's shape is
            // complete (the wrap join glued the next line to it), and a continuation shorter
            // than a wrap's token run is too little to tell from a word.
            if let Some(k) = (1..pieces.len()).find(|&k| {
                let end = pieces[k - 1].1;
                text[end..pieces[k].0].contains('\n')
                    && found[..raw]
                        .iter()
                        .any(|r| r.start < end && r.end == end && (prefix_token(r.rank) || pieces[k].1 - pieces[k].0 < decode::WRAP_MIN_RUN))
            }) {
                pieces.truncate(k);
            }
            for (k, (s, e)) in pieces.into_iter().enumerate() {
                mapped.push(SecretMatch { start: s, end: e, continuation: k > 0 || m.continuation, ..m.clone() });
            }
        }
        // A raw finding with decoration inside it (a `cat -A` line's `$`, a `^@` separator) read
        // the decoration as part of the value: the view reads the same bytes without it, and its
        // reading is the one kept (a public token followed by `$` is still a public token, and a
        // real one is redacted without the `$`).
        found.retain(|r| !view.decorated(text, r.start, r.end));
        found.extend(mapped);
    }
    found
}

/// Whether detector `i` finds tokens that start with a provider's prefix (`ghp_`, `AKIA`): a
/// finding of its is a whole token of that shape.
fn prefix_token(i: usize) -> bool {
    matches!(compiled().regex(i), Some((_, Reach { at_keyword: true, .. })))
}

/// Every detector that has keyword hits, over one text.
fn detect(text: &str, hits: &Hits, lenient: bool, steps: &Steps) -> Vec<SecretMatch> {
    let scan = Scan { text, bytes: text.as_bytes(), lenient, steps };
    let mut found = Vec::new();
    for (i, range) in &hits.groups {
        run(*i, &scan, &hits.spans[range.clone()], &mut found);
    }
    found
}

fn merge(mut found: Vec<SecretMatch>) -> Vec<SecretMatch> {
    found.sort_by_key(|m| (m.start, m.rank));
    let mut merged: Vec<SecretMatch> = Vec::with_capacity(found.len());
    for m in found {
        match merged.last_mut() {
            Some(last) if m.start < last.end => {
                last.end = last.end.max(m.end);
                last.continuation &= m.continuation;
                if m.rank < last.rank {
                    (last.kind, last.severity, last.rank) = (m.kind, m.severity, m.rank);
                }
            }
            _ => merged.push(m),
        }
    }
    merged
}

/// `text` with every credential replaced by its masked preview; used for command previews in
/// messages, whatever the secrets rule's mode.
pub fn mask_credentials(text: &str) -> String {
    mask_matches(text, &scan(text, true, None, &read_steps(text.len(), None)))
}

fn mask_matches(text: &str, matches: &[SecretMatch]) -> String {
    replace_matches(text, matches, |value, m| if m.continuation { String::new() } else { preview(value, m) })
}

/// A finding's masked preview; a known value shows none of its characters.
fn preview(value: &str, m: &SecretMatch) -> String {
    if m.kind == known::KIND { "…****".to_string() } else { mask_value(value) }
}

fn replace_matches(text: &str, matches: &[SecretMatch], with: impl Fn(&str, &SecretMatch) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for m in matches {
        out.push_str(&text[at..m.start]);
        out.push_str(&with(&text[m.start..m.end], m));
        at = m.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The rule: one hit per credential, and the text with each one replaced by `[REDACTED:<kind>]`.
/// The user's own secrets come with the [`Context`] (`known`), since the guard holds them.
pub struct Rule;

/// Every credential in `text`, the user's `known` values included.
pub fn find_with(text: &str, known: Option<&Known>) -> Vec<SecretMatch> {
    scan(text, false, known.filter(|k| !k.is_empty()), &read_steps(text.len(), None))
}

/// [`mask_credentials`], the user's `known` values included.
pub fn mask_with(text: &str, known: Option<&Known>) -> String {
    mask_matches(text, &scan(text, true, known.filter(|k| !k.is_empty()), &read_steps(text.len(), None)))
}

/// The user's secrets from `(name, value)` pairs a host collected: a value whose name is a
/// credential name (`GITHUB_TOKEN`, `DB_PASSWORD`, a tool's `SSHPASS`), a value with an empty
/// name as it is, and from a file's text (name `file:<path>`) every credential the detectors
/// find in it and every value assigned to a credential name.
pub fn known_values(entries: &[(String, String)]) -> Vec<String> {
    let mut values = Vec::new();
    for (name, value) in entries {
        if name.starts_with("file:") {
            values.extend(find(value).iter().filter(|m| !m.continuation).map(|m| value[m.start..m.end].to_string()));
            values.extend(context::assigned_credentials(value));
        } else if name.is_empty() || context::credential_name(name) {
            values.push(value.clone());
        }
    }
    values
}

#[cfg(test)]
mod known_value_names {
    #[test]
    fn the_working_directory_is_not_a_password() {
        let e = |n: &str, v: &str| (n.to_string(), v.to_string());
        let got = super::known_values(&[e("PWD", "/tmp/work"), e("OLDPWD", "/home/me"), e("DB_PWD", "Hunter2024xyz")]);
        assert_eq!(got, ["Hunter2024xyz"]);
        let file = e("file:.env", "PWD=/tmp/work\nexport OLDPWD=/home/me\nDB_PWD=Hunter2024xyz\n");
        let got = super::known_values(&[file]);
        assert!(got.iter().all(|v| v == "Hunter2024xyz") && !got.is_empty(), "{got:?}");
    }
}

impl super::Rule for Rule {
    fn inspect(&self, cx: &Context, input: &str) -> Outcome {
        // The string's reading budget, charged to the call's once the rule is done with it.
        let steps = read_steps(input.len(), cx.steps);
        let mut out = self.read(cx, input, &steps);
        if let Some(call) = cx.steps {
            call.spend(steps.used());
        }
        if steps.exhausted() {
            out.hits.push(unfinished(cx, input.len()));
        }
        out
    }

    fn reads_keys(&self) -> bool {
        true
    }
}

impl Rule {
    fn read(&self, cx: &Context, input: &str, steps: &Steps) -> Outcome {
        let known = cx.known.filter(|k| !k.is_empty());
        let mut matches = match cx.shared_read(input) {
            Some(shared) => scan_from(input, &shared.hits, false, known, steps),
            None => scan(input, false, known, steps),
        };
        if matches.is_empty() {
            matches.extend(cx.member.and_then(|name| context::member(name, input)));
        }
        matches.retain(|m| !cx.allowed(&input[m.start..m.end]));
        if matches.is_empty() {
            return Outcome::default();
        }
        let hit = |text: &str, m: &SecretMatch| Hit {
            code: CODE,
            severity: m.severity,
            reason: format!("Credential ({}) found.", m.kind),
            preview: preview(&text[m.start..m.end], m),
            action: None,
        };
        let redact = |text: &str, found: &[SecretMatch]| {
            replace_matches(text, found, |value, m| if m.continuation { String::new() } else { cx.conceal(Class::Credential, m.kind, value) })
        };
        let mut hits: Vec<Hit> = matches.iter().filter(|m| !m.continuation).map(|m| hit(input, m)).collect();
        let rewritten = cx.rewrite.then(|| {
            let mut text = redact(input, &matches);
            // A marker ends the word it cuts, so the rest of a long glued run can become a
            // credential of its own (`sk-proj-…` up to `[REDACTED:…]` fits a length bound the
            // whole run did not). Redact until nothing new is found, so the guard's output is
            // its own fixed point; each round replaces at least one match, and the rounds are
            // bounded against inputs built to need many (and read within the same budget).
            for _ in 0..MAX_REDACTION_ROUNDS {
                if steps.exhausted() {
                    break;
                }
                let mut again = scan(&text, false, known, steps);
                again.retain(|m| !cx.allowed(&text[m.start..m.end]));
                if again.is_empty() {
                    break;
                }
                hits.extend(again.iter().filter(|m| !m.continuation).map(|m| hit(&text, m)));
                text = redact(&text, &again);
            }
            text
        });
        Outcome { hits, rewritten, withheld_note: Some("credentials redacted"), ..Outcome::default() }
    }
}

/// The finding for a string whose readers ran out of steps before the end: what they found is
/// redacted all the same; the rest was not read. In arguments that is a command or call that could
/// not be fully checked: the action the policy gives one ([`Context::unchecked`]: `approve` by
/// default, `block` under `research-data` and `fail_mode: closed`). In a result or reply the text
/// goes on as read (a warning), unless the policy blocks what it cannot check.
fn unfinished(cx: &Context, len: usize) -> Hit {
    let action = match cx.scope {
        super::Scope::Args => cx.unchecked,
        _ if cx.unchecked == Action::Block => Action::Block,
        _ => Action::Warn,
    };
    Hit {
        code: CODE,
        severity: Severity::High,
        reason: "Text could not be fully checked for credentials (reading it needs more steps than its size allows); what was found is redacted, the rest was not read."
            .into(),
        preview: format!("{len} bytes"),
        action: Some(action),
    }
}

/// Rounds of redaction after the first (see [`Rule::inspect`]).
const MAX_REDACTION_ROUNDS: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule as _;
    use crate::verdict::Scope;

    #[test]
    fn every_detector_carries_and_passes_its_examples() {
        let mut failures = Vec::new();
        for (i, d) in DETECTORS.iter().enumerate() {
            if d.true_positives.is_empty() || d.false_positives.is_empty() {
                failures.push(format!("{}: needs true- and false-positive examples", d.kind));
            }
            for tp in d.true_positives {
                let scan = Scan { text: tp, bytes: tp.as_bytes(), lenient: false, steps: &read_steps(tp.len(), None) };
                let mut own = Vec::new();
                let hits = keyword_hits::<false>(tp.as_bytes(), &mut pii::Prepass::default());
                if !hits.of(i).is_empty() {
                    run(i, &scan, hits.of(i), &mut own);
                }
                if own.is_empty() {
                    failures.push(format!("{}: missed {tp:?}", d.kind));
                }
            }
            for fp in d.false_positives {
                let found = find(fp);
                if !found.is_empty() {
                    failures.push(format!("{}: false positive on {fp:?}: {found:?}", d.kind));
                }
            }
        }
        assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    }

    /// A regex of unbounded length searches the whole text whenever one of its keywords occurs
    /// (a `[ \t]*` after `dd-`, common in hex ids, once made the datadog regex read half the
    /// background corpus); only these few, whose keywords are rare token prefixes, may.
    #[test]
    fn only_rare_keyword_regexes_search_the_whole_text() {
        let unbounded: Vec<&str> = DETECTORS
            .iter()
            .enumerate()
            .filter(|&(i, _)| matches!(compiled().regex(i), Some((_, Reach { max_len: None, .. }))))
            .map(|(_, d)| d.kind)
            .collect();
        assert_eq!(unbounded, ["pypi-token", "1password-service-account-token", "mapbox-secret-token", "jwt"]);
    }

    /// Token-prefix regexes search from their hits on; a named-provider regex (`datadog…=`),
    /// whose keyword `dd-` need not start the match, still searches around its hits.
    #[test]
    fn prefix_regexes_search_from_their_keyword() {
        let at_keyword = |kind: &str| {
            let i = DETECTORS.iter().position(|d| d.kind == kind).expect(kind);
            matches!(compiled().regex(i), Some((_, Reach { at_keyword: true, .. })))
        };
        for kind in ["aws-access-key-id", "github-token", "airtable-pat", "wandb-api-key"] {
            assert!(at_keyword(kind), "{kind}");
        }
        for kind in ["datadog-api-key", "url-password", "url-credential", "authorization-header"] {
            assert!(!at_keyword(kind), "{kind}");
        }
        // Same findings as a search of the whole text, where a window starts at the hit.
        let text = "x pat7rlG2ubVlvksSn.f5436c76bf135b3e382b618b36192cac34483bc7a4a891ee69a7e950da4b5348 path";
        assert_eq!(find(text).len(), 1);
    }

    /// The two-stream keyword pass finds exactly what one overlapping Aho-Corasick search finds,
    /// also for keywords straddling the middle of the text.
    #[test]
    fn keyword_hits_match_an_overlapping_search() {
        let expected_of = |text: &str| {
            let mut words: Vec<(&str, bool, usize)> = Vec::new();
            for (i, d) in DETECTORS.iter().enumerate() {
                words.extend(d.keywords.iter().map(|&k| (k, d.fold, i)));
            }
            let ac = aho_corasick::AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .build(words.iter().map(|w| w.0))
                .unwrap();
            let b = text.as_bytes();
            let mut hits: Vec<(usize, usize, usize)> = ac
                .find_overlapping_iter(b)
                .map(|m| words[m.pattern().as_usize()])
                .zip(ac.find_overlapping_iter(b))
                .filter(|((k, fold, _), m)| *fold || &b[m.start()..m.end()] == k.as_bytes())
                .map(|((_, _, d), m)| (d, m.start(), m.end()))
                .collect();
            hits.sort_unstable();
            hits.dedup();
            hits
        };
        let filler = "lorem ipsum dolor sit amet, consectetur adipiscing elit ".repeat(6);
        for shift in 0..40 {
            for word in ["password", "discordapp.com/api/webhooks", "AKIA", "sk-ant-api", "Authorization"] {
                let text = format!("{}{word} {}", &filler[..filler.len() / 2 - 20 + shift], &filler[filler.len() / 2..]);
                let hits = keyword_hits::<false>(text.as_bytes(), &mut pii::Prepass::default());
                let mut got: Vec<(usize, usize, usize)> = hits
                    .groups
                    .iter()
                    .flat_map(|(d, r)| hits.spans[r.clone()].iter().map(move |&(s, e)| (*d, s, e)))
                    .collect();
                got.sort_unstable();
                assert_eq!(got, expected_of(&text), "{word} at {shift}");
                assert!(!got.is_empty());
            }
        }
    }

    /// The NFA and the DFA of the keywords find the same hits, so which one read a text (it
    /// depends on how much the process read before) never changes a verdict.
    #[test]
    fn both_forms_find_the_same() {
        let c = compiled();
        let dfa = DFA::builder().build_from_noncontiguous(&c.keywords.source).unwrap();
        let filler = "lorem ipsum dolor sit amet, consectetur adipiscing elit ".repeat(6);
        let texts = [
            "export AWS_SECRET_ACCESS_KEY=abc password: hunter2 \x1b[31m ghp_ Authorization: Bearer".to_string(),
            format!("{filler} Patient: Jane Doe, Address: 12 High Street, token=sk-ant-api03 | a | b |\n| 1 | 2 | {filler}"),
            "Passwort: geheim 密码：x пароль: y https://discordapp.com/api/webhooks/1/2 %41%42".to_string(),
        ];
        let flat = |h: Hits| (h.spans, h.groups, h.chars, h.table);
        for text in &texts {
            let (mut p1, mut p2) = (pii::Prepass::default(), pii::Prepass::default());
            let with_nfa = flat(keyword_hits_with::<true, _>(c, &c.keywords.nfa, text.as_bytes(), &mut p1));
            let with_dfa = flat(keyword_hits_with::<true, _>(c, &dfa, text.as_bytes(), &mut p2));
            assert!(!with_nfa.0.is_empty(), "{text}");
            assert_eq!(with_nfa, with_dfa, "{text}");
            assert_eq!(format!("{p1:?}"), format!("{p2:?}"), "{text}");
        }
    }

    #[test]
    fn kinds_are_unique_and_at_least_seventy() {
        let mut kinds: Vec<&str> = DETECTORS.iter().map(|d| d.kind).collect();
        kinds.sort_unstable();
        let n = kinds.len();
        kinds.dedup();
        assert_eq!(kinds.len(), n, "duplicate kinds");
        assert!(n >= 70, "{n} kinds");
    }

    fn redact(text: &str) -> String {
        Rule.inspect(&Context::plain(Scope::Args), text).rewritten.unwrap_or_else(|| text.to_string())
    }

    /// An INI or env line's value runs to the line's end, punctuation and all: a generated
    /// password may start with a dot or end with `!`, and no character of it is left behind.
    #[test]
    fn a_line_value_goes_whole() {
        assert_eq!(redact("[client]\nuser=ci\npassword=.#fwv_WqkTa!\nhost=pg"), "[client]\nuser=ci\npassword=[REDACTED:password]\nhost=pg");
        assert_eq!(redact("b'[client]\\npassword=x#fwv_WqkTa!\\nhost=pg'"), "b'[client]\\npassword=[REDACTED:password]\\nhost=pg'");
        // In prose the sentence's mark stays.
        assert_eq!(redact("Set DB_PASSWORD=Zq8dW3nT1LmV. Then restart."), "Set DB_PASSWORD=[REDACTED:password]. Then restart.");
    }

    /// Texts that carry another text in an encoding their format declares or shows: the value is
    /// found in the decoded text and every original byte of it is removed, the rest stays.
    #[test]
    fn encoded_texts_are_read_as_the_text_they_carry() {
        for (text, value, kept) in [
            // Quoted-printable: `=3D` for `=`, a soft break inside the value.
            ("Content-Transfer-Encoding: quoted-printable\n\nPlease use the following password:\nHunter20=\n24x!Qz\nThanks\n", ["Hunter20", "24x!Qz"], "Thanks"),
            // A form body's `%0A` line breaks: the value ends its line.
            ("title=config&body=host%3Ddb%0ADB_PASSWORD%3DZq8dW3nT1LmV%0Aport%3D5432", ["Zq8dW3nT1LmV", "Zq8dW3nT1LmV"], "port%3D5432"),
            // CDATA sections: a command and its output in two log events.
            ("<m><![CDATA[$ gh auth token]]></m>\n<m><![CDATA[Zx81_Pq02-Lm93Rt]]></m>", ["Zx81_Pq02", "Lm93Rt"], "gh auth token"),
            // String literals, one per line, joined into the text they hold.
            ("String f =\n    \"Password for the admin user:\\n\" +\n    \"  Bb1HVPfHuLZbVamk\\n\";\n", ["Bb1HVPfH", "uLZbVamk"], "Password for the admin user"),
            // An LLM's streamed reply read back raw: a token cut across its events.
            (
                "data: {\"delta\":{\"content\":\"Your token: gh\"}}\n\ndata: {\"delta\":{\"content\":\"p_Zx81Pq02Lm93Rt\"}}\n\ndata: {\"delta\":{\"content\":\"Ab4cD5eF6gH7iJ8k\"}}\n\ndata: {\"delta\":{\"content\":\"L9 ok\"}}\n\ndata: [DONE]\n",
                ["Zx81Pq02Lm93Rt", "Ab4cD5eF6gH7iJ8k"],
                "Your token: ",
            ),
        ] {
            let out = Rule.inspect(&Context::plain(Scope::Result), text).rewritten.unwrap_or_else(|| text.to_string());
            assert!(value.iter().all(|v| !out.contains(v)), "{text:?} -> {out:?}");
            assert!(out.contains(kept), "{text:?} -> {out:?}");
        }
    }

    /// The Linux audit log: an argument in hex, and the process title (argv in hex, cut at 128
    /// bytes) ending inside the credential: both go, the records' other fields stay.
    #[test]
    fn an_audit_records_hex_and_its_cut_process_title_go_together() {
        let hex = |t: &str| t.bytes().map(|c| format!("{c:02X}")).collect::<String>();
        let arg = "cat > /srv/app/etc/teleport.yaml <<'EOF'\nversion: v3\nteleport:\n  join_params:\n    token_name: 51a9c9a0b7fd682044e0a0e94fc8d622\n    method: token\nEOF";
        let argv = format!("/bin/sh\0-c\0{arg}");
        let title = &argv[..argv.find("51a9c").unwrap() + 5];
        let text = format!(
            "type=EXECVE msg=audit(1768630103.948:580955): argc=3 a0=\"/bin/sh\" a1=\"-c\" a2={}\ntype=PROCTITLE msg=audit(1768630103.948:580955): proctitle={}\n",
            hex(arg),
            hex(title)
        );
        let out = Rule.inspect(&Context::plain(Scope::Result), &text).rewritten.expect("redacted");
        assert!(!out.contains(&hex("51a9c")), "{out}");
        assert!(out.contains("a1=\"-c\"") && out.contains("type=PROCTITLE msg=audit(1768630103.948:580955): proctitle="), "{out}");
        // A title cut before the credential keeps its text.
        let early = &argv[..argv.find("version").unwrap()];
        let text = format!("a2={}\nproctitle={}\n", hex(arg), hex(early));
        let out = Rule.inspect(&Context::plain(Scope::Result), &text).rewritten.expect("redacted");
        assert!(out.contains(&hex(early)), "{out}");
    }

    /// A line after a redacted credential is never taken for the rest of a wrapped value: the
    /// redaction removes the value, and every byte of the line after it stays.
    #[test]
    fn the_line_after_a_credential_survives_its_redaction() {
        for (text, want) in [
            ("GITHUB_TOKEN=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\nregion=eu\n", "GITHUB_TOKEN=[REDACTED:github-token]\nregion=eu\n"),
            ("export API_KEY=q8Zr2LmW9xT4kP7vA1b2C3d4E5f6G7h8\ndone\n", "export API_KEY=[REDACTED:api-key]\ndone\n"),
        ] {
            assert_eq!(redact(text), want, "{text:?}");
        }
        // A value a terminal really cut is still joined and removed whole.
        let line = "export GITHUB_TOKEN=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";
        let text = format!("{}\n{}\nregion=eu", &line[..44], &line[44..]);
        assert_eq!(redact(&text), "export GITHUB_TOKEN=[REDACTED:github-token]\n\nregion=eu");
    }

    /// Clean lines of many shapes (assignments, prose, commands, bare words, numbers) after a
    /// line ending in a credential.
    fn clean_line() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let word = proptest::sample::select(vec![
            "done", "ok", "region", "eu", "Completed", "README", "Python3", "is", "installed", "the", "build", "v2", "port", "8080", "x86_64", "ec2-user",
            "Done.", "EOF", "make", "status", "up", "true", "utf8", "md5sum", "cd", "/tmp", "-la", "ls",
        ]);
        prop_oneof![
            ("[a-z][a-z_]{0,12}", "[=:] ?", "[a-z0-9.-]{1,12}").prop_map(|(k, s, v)| format!("{k}{s}{v}")),
            proptest::collection::vec(word.clone(), 1..6).prop_map(|w| w.join(" ")),
            word.prop_map(str::to_string),
            "[0-9]{1,6}( [A-Za-z]{2,8})?",
            "[A-Z][a-z]{2,9}( [a-z]{2,9}){0,4}[.!]?",
        ]
    }

    proptest::proptest! {
        #[test]
        fn a_clean_line_after_a_redacted_credential_stays_intact(
            lead in proptest::sample::select(vec!["GITHUB_TOKEN=", "export GITHUB_TOKEN=", "token: ", "API_KEY=", "DB_PASSWORD=", "Authorization: Bearer "]),
            generic in "[A-Za-z0-9]{28,44}",
            clean in clean_line(),
            crlf in proptest::bool::ANY,
        ) {
            let value = if lead.contains("GITHUB") { "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".to_string() } else { generic };
            proptest::prop_assume!(find(&clean).is_empty());
            // The property is about a line after a credential the rule redacts: a drawn value the
            // generic gate takes for a non-secret (`0a007zaaa0000AAaaA…`, low in entropy) is no case.
            proptest::prop_assume!(!find(&format!("{lead}{value}")).is_empty());
            let nl = if crlf { "\r\n" } else { "\n" };
            let text = format!("{lead}{value}{nl}{clean}{nl}");
            let out = redact(&text);
            proptest::prop_assert!(!out.contains(&value), "{:?} -> {:?}", text, out);
            proptest::prop_assert!(out.ends_with(&format!("]{nl}{clean}{nl}")), "{:?} -> {:?}", text, out);
        }
    }

    #[test]
    fn redaction_is_idempotent_and_never_leaks() {
        let text = "export T=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 and AKIAQYLPMN5HFIQR7XYZ";
        let out = redact(text);
        assert_eq!(out, "export T=[REDACTED:github-token] and [REDACTED:aws-access-key-id]");
        assert!(find(&out).is_empty());
    }

    #[test]
    fn escaped_json_stays_valid_after_redaction() {
        let text = r#"{"type":"tool_result","content":"{\"db_password\": \"cfVzni%FoPWj9Z\", \"key\": \"-----BEGIN RSA PRIVATE KEY-----\\nMIIEpAIBAAKCAQEAgtpHWc/ivn8E5b0nno5lbPaHd+9uZIaZeTXjXGV6zofg4AMt\\n-----END RSA PRIVATE KEY-----\\n\", \"t\": \"AKIAB3QUZ7YSBNUHE3LP\"}"}"#;
        let out = redact(text);
        let v: serde_json::Value = serde_json::from_str(&out).expect("still JSON");
        let inner: serde_json::Value = serde_json::from_str(v["content"].as_str().unwrap()).expect("inner still JSON");
        assert_eq!(inner["db_password"], "[REDACTED:password]");
        assert_eq!(inner["key"], "[REDACTED:private-key]\n");
        assert_eq!(inner["t"], "[REDACTED:aws-access-key-id]");
    }

    #[test]
    fn policy_allowlist_applies_to_values() {
        let set = regex::RegexSet::new(["^AKIAQYLPMN5HFIQR7XYZ$"]).unwrap();
        let text = "AKIAQYLPMN5HFIQR7XYZ and AKIAZ2CDEFGHIJKLMNOP";
        let out = Rule.inspect(&Context { allowlist: Some(&set), ..Context::plain(Scope::Reply) }, text);
        assert_eq!(out.hits.len(), 1);
        assert_eq!(out.rewritten.unwrap(), "AKIAQYLPMN5HFIQR7XYZ and [REDACTED:aws-access-key-id]");
    }

    #[test]
    fn previews_show_at_most_four_leading_chars() {
        let out = Rule.inspect(&Context { rewrite: false, ..Context::plain(Scope::Reply) }, "DB_PASSWORD=ZD9huB%swxRr0g");
        assert_eq!(out.hits[0].preview, "ZD9…****");
        assert!(out.rewritten.is_none());
    }

    #[test]
    fn a_credential_found_once_is_redacted_wherever_the_text_repeats_it() {
        let text = "    env = {'SINCH_KEY_SECRET': 'h06p8w3Z3U67VBEDYpC2hB3LQI'}\n    key = 'SINCH_KEY_SECRET'\nConfigError: unreachable: 'h06p8w3Z3U67VBEDYpC2hB3LQI'\n";
        let found = find(text);
        let spans: Vec<&str> = found.iter().map(|m| &text[m.start..m.end]).collect();
        assert_eq!(spans, ["h06p8w3Z3U67VBEDYpC2hB3LQI", "h06p8w3Z3U67VBEDYpC2hB3LQI"], "{found:?}");
        // A short value (a PIN, a word) is not looked for again: it would match ordinary text.
        let short = "password = 'Zq8!pw7'\nthe hint for Zq8!pw7 is blank";
        assert_eq!(find(short).len(), 1);
    }

    #[test]
    fn a_json_member_name_marks_its_whole_value() {
        let redacts = |member: &str, text: &str| {
            Rule.inspect(&Context { member: Some(member), path: "/x", ..Context::plain(Scope::Result) }, text).rewritten
        };
        assert_eq!(redacts("db_password", "2hiCgC%bm8JJCN").as_deref(), Some("[REDACTED:password]"));
        for (name, value) in [("apiKey", "q8Zr2LmW9xT4kP7v"), ("CLIENT-SECRET", "Zx9!pQ2#rT7w"), ("auth_token", "tok.9fQ2-xR7pL")] {
            assert!(redacts(name, value).is_some_and(|r| r.starts_with("[REDACTED:") && r.ends_with(']')), "{name}: {value}");
        }
        for (name, value) in [
            ("region", "2hiCgC%bm8JJCN"),
            ("token_type", "Bearer"),
            ("password", "${DB_PASSWORD}"),
            ("password", "[REDACTED:password]"),
            ("password", "correct horse battery staple 9"),
            ("api_key", "call_yazYtCCu8g8ePPLnF7j3vF3L"),
            ("password", ""),
            ("secret_name", "prod/db-Credentials-2024"),
        ] {
            assert_eq!(redacts(name, value), None, "{name}: {value}");
        }
    }

    #[test]
    fn decoration_read_into_a_value_yields_to_the_view() {
        // A public browser token before `cat -A`'s `$` or a `/proc` view's `^@` stays public.
        let token = "pub3fa94c0e7b1d2a6f8e5c4b3a29180f7e";
        for text in [format!("DD_SITE=datadoghq.eu$\nDD_RUM_CLIENT_TOKEN={token}$\n"), format!("DD_SITE=datadoghq.eu^@DD_RUM_CLIENT_TOKEN={token}^@HOME=/root^@")] {
            assert!(find(&text).is_empty(), "{text}: {:?}", find(&text));
        }
        // A real one is found there as elsewhere, without the decoration.
        let text = "A=1$\nAPI_TOKEN=q8Zr2LmW9xT4kP7vX3nB$\n";
        let found = find(text);
        assert_eq!(found.iter().map(|m| &text[m.start..m.end]).collect::<Vec<_>>(), vec!["q8Zr2LmW9xT4kP7vX3nB"]);
    }

    #[test]
    fn hermes_markers_are_left_alone() {
        for text in ["key «redacted:ghp_…» and «redacted-secret»", "OPENAI_API_KEY=***", "token ghp_AB...6789 masked", "sk-pro...UVWX", "password: [REDACTED:password]"] {
            assert!(find(text).is_empty(), "{text}: {:?}", find(text));
        }
    }

    #[test]
    fn mask_credentials_masks_every_finding() {
        let masked = mask_credentials("curl -u admin:sQtA9dtVK4wAAb3X -H 'Authorization: Bearer yjVw5HanSBeVRsfAGeAbP0VxNjAe' https://x");
        assert_eq!(masked, "curl -u admin:sQtA…**** -H 'Authorization: Bearer yjVw…****' https://x");
        // A look-alike alone is no finding (its checksum fails), but a preview masks it all the
        // same; in a credential position it is one (checksums are evidence, not a veto there).
        let bare = "see ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789 in the docs";
        assert!(find(bare).is_empty());
        assert_eq!(mask_credentials(bare), "see ghp_…**** in the docs");
        let assigned = "GITHUB_TOKEN=ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789";
        assert_eq!(find(assigned).len(), 1);
        assert_eq!(mask_credentials(assigned), "GITHUB_TOKEN=ghp_…****");
    }
}
