//! `inspect --jsonl`: one verdict line per input line, in input order, whatever the line holds,
//! over `-j N` workers.
//!
//! The contract (`docs/contracts.md` §3): a line that cannot be inspected -- not UTF-8, not JSON,
//! not an object, an unknown scope, a payload of the wrong type (the arguments of `args` must be a
//! JSON object; a string is not inspected as text), or longer than the line limit -- is answered
//! with `{"id":…,"error":"…"}` (the id when it can be read) and the batch goes on. Lines are read as
//! bytes with a bounded buffer, so an over-long line costs no more memory than the limit.
//!
//! Each worker owns a [`Guard`] (one component instance). A line naming a `"session"` always goes
//! to the same worker (a hash of the id), so one session's lines are inspected one after the
//! other, in order, and the worker keeps what the session needs from the host: the count of its
//! calls so far (the next call's `session_seq`) and the clock (`now_ms`, for grant expiry). A
//! report on a session (`"approved"`, `"denied"` or `"end"` with its `"session"`) is sent to the
//! component as a `session-event` on that worker. A line without a session goes to the worker
//! with the least work queued. A writer
//! puts the answers back in input order and writes and flushes each as soon as its turn comes.
//! At most [`IN_FLIGHT_PER_WORKER`] lines per worker are read ahead of the writer, so a slow line
//! cannot make the batch hold an unbounded amount of input.
//!
//! Lines are read without a `serde_json::Value` for the payload: a string payload (a tool
//! result, up to megabytes) is unescaped once into its own `String`, or borrowed when it has no
//! escapes. Only the small fields (id, scope, tool, options, an arguments object) go through
//! `Value`, so the answers keep the exact bytes they had with the single-threaded reader.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use egress_guard::{CallOptions, Guard, Scope, SessionCounts, Verdict, jsonl_line, now_ms};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// The default longest input line: the largest payload `max_scan_bytes` allows (16 MiB), escaped.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// How much of an over-long line is kept to read its id from (`{"id": …` first).
const ID_PREFIX_BYTES: usize = 4096;

/// Lines read ahead of the writer, per worker.
pub const IN_FLIGHT_PER_WORKER: usize = 64;

/// Inspect one call: the CLI's `inspect` (it reports engine failures on stderr).
pub type InspectFn = fn(&mut Guard, Scope, &str, &str, &CallOptions) -> egress_guard::Result<Option<Verdict>>;

/// Run the batch from `reader` to `out` over `guards` (one worker each; at least one). Returns
/// the exit status: the highest over all lines, 2 for a malformed line.
pub fn run(guards: Vec<Guard>, reader: &mut dyn BufRead, out: &mut (dyn Write + Send), max_line: usize, inspect: InspectFn) -> egress_guard::Result<u8> {
    if guards.len() == 1 {
        let mut worker = Worker::new(guards.into_iter().next().expect("one guard"));
        let mut code = 0;
        let mut line = Line::default();
        while next_line(reader, &mut line, max_line)? {
            let (answer, c) = answer(&mut worker, &line, max_line, inspect)?;
            code = code.max(c);
            writeln!(out, "{answer}")?;
            out.flush()?;
        }
        return Ok(code);
    }
    let jobs = guards.len();
    // The reader puts one token in per line read (blocking when the batch is that far ahead of
    // the writer); the writer takes one out per line written.
    let (tokens, tokens_back) = sync_channel::<()>(jobs * IN_FLIGHT_PER_WORKER);
    let (done, answers) = sync_channel::<(u64, egress_guard::Result<(String, u8)>)>(jobs * IN_FLIGHT_PER_WORKER);
    let queued: Arc<Vec<AtomicUsize>> = Arc::new((0..jobs).map(|_| AtomicUsize::new(0)).collect());
    std::thread::scope(|s| {
        let mut queues = Vec::with_capacity(jobs);
        for (w, guard) in guards.into_iter().enumerate() {
            let (tx, rx) = sync_channel::<(u64, Line)>(IN_FLIGHT_PER_WORKER);
            queues.push(tx);
            let (done, queued) = (done.clone(), Arc::clone(&queued));
            s.spawn(move || {
                let mut worker = Worker::new(guard);
                for (seq, line) in rx {
                    let result = answer(&mut worker, &line, max_line, inspect);
                    queued[w].fetch_sub(1, Ordering::Relaxed);
                    if done.send((seq, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done);
        let writer = s.spawn(move || write_in_order(answers, out, tokens_back));
        let read = dispatch(reader, max_line, &queues, &queued, &tokens);
        drop(queues);
        let written = writer.join().expect("the writer does not panic");
        read.and(written)
    })
}

/// Read lines and hand each to its worker; stops early when the writer has stopped.
fn dispatch(
    reader: &mut dyn BufRead,
    max_line: usize,
    queues: &[SyncSender<(u64, Line)>],
    queued: &[AtomicUsize],
    tokens: &SyncSender<()>,
) -> egress_guard::Result<()> {
    let mut seq = 0u64;
    loop {
        let mut line = Line::default();
        if !next_line(reader, &mut line, max_line)? {
            return Ok(());
        }
        if tokens.send(()).is_err() {
            return Ok(());
        }
        let w = route(&line, queued);
        queued[w].fetch_add(1, Ordering::Relaxed);
        if queues[w].send((seq, line)).is_err() {
            return Ok(());
        }
        seq += 1;
    }
}

/// The worker for a line: its session's (a fixed hash of the id, so the same in every run), or
/// else the one with the fewest lines queued.
fn route(line: &Line, queued: &[AtomicUsize]) -> usize {
    let text = if line.over { None } else { std::str::from_utf8(&line.bytes).ok() };
    match text.and_then(session_of) {
        Some(id) => egress_guard::session_shard(&id, queued.len()),
        None => (0..queued.len()).min_by_key(|&w| queued[w].load(Ordering::Relaxed)).expect("one worker"),
    }
}

/// Write answers in input order as each one's turn comes; the exit status of the whole batch.
fn write_in_order(
    answers: Receiver<(u64, egress_guard::Result<(String, u8)>)>,
    out: &mut (dyn Write + Send),
    tokens: Receiver<()>,
) -> egress_guard::Result<u8> {
    let mut waiting = BTreeMap::new();
    let (mut next, mut code) = (0u64, 0u8);
    for (seq, result) in answers {
        waiting.insert(seq, result);
        while let Some(result) = waiting.remove(&next) {
            let (answer, c) = result?;
            code = code.max(c);
            writeln!(out, "{answer}")?;
            out.flush()?;
            next += 1;
            let _ = tokens.recv();
        }
    }
    Ok(code)
}

/// One input line as read: its bytes (only the first [`ID_PREFIX_BYTES`] when it was longer than
/// the limit, `over`).
#[derive(Default)]
struct Line {
    bytes: Vec<u8>,
    over: bool,
}

/// The next non-blank line into `line`; `false` at the end of the input.
fn next_line(reader: &mut dyn BufRead, line: &mut Line, max: usize) -> io::Result<bool> {
    loop {
        match read_line(reader, &mut line.bytes, max)? {
            None => return Ok(false),
            Some(over) => {
                line.over = over;
                if over || !line.bytes.iter().all(u8::is_ascii_whitespace) {
                    return Ok(true);
                }
            }
        }
    }
}

/// The next line into `buf` (without its newline); `Some(true)` when it was longer than `max`
/// (then `buf` holds only its first [`ID_PREFIX_BYTES`]), `None` at the end of the input.
fn read_line(input: &mut dyn BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<Option<bool>> {
    buf.clear();
    let (mut len, mut any) = (0usize, false);
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(len > max));
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        len = len.saturating_add(part.len());
        let keep = if len > max { ID_PREFIX_BYTES } else { max };
        if buf.len() < keep {
            buf.extend_from_slice(&part[..part.len().min(keep - buf.len())]);
        }
        if len > max {
            buf.truncate(ID_PREFIX_BYTES);
        }
        let used = part.len() + usize::from(done);
        input.consume(used);
        if done {
            if buf.last() == Some(&b'\r') && len <= max {
                buf.pop();
            }
            return Ok(Some(len > max));
        }
    }
}

/// One worker's component instance and the host's side of the sessions routed to it.
struct Worker {
    guard: Guard,
    counts: SessionCounts,
}

impl Worker {
    fn new(guard: Guard) -> Worker {
        Worker { guard, counts: SessionCounts::default() }
    }
}

fn error_line(id: Value, error: Value) -> String {
    let mut m = Map::new();
    m.insert("id".into(), id);
    m.insert("error".into(), error);
    Value::Object(m).to_string()
}

/// One line's answer and its exit status.
fn answer(worker: &mut Worker, line: &Line, max: usize, inspect: InspectFn) -> egress_guard::Result<(String, u8)> {
    Ok(match parse(line, max) {
        Ok(Entry::Call(mut case)) => {
            worker.counts.prepare(&mut case.options);
            let verdict = inspect(&mut worker.guard, case.scope, &case.tool, &case.payload, &case.options)?;
            let code = verdict.as_ref().map_or(0, |v| if v.action >= egress_guard::Action::Redact { 1 } else { 0 });
            (jsonl_line(&case.id, verdict.as_ref()), code)
        }
        Ok(Entry::Event { id, mut event }) => {
            match event.get("event").and_then(Value::as_str) {
                Some("approval") => {
                    event.insert("now_ms".into(), now_ms().map_or(Value::Null, Value::from));
                }
                // A new session of the same id starts counting again.
                Some("end") => {
                    if let Some(id) = event.get("session").and_then(Value::as_str) {
                        worker.counts.forget(id);
                    }
                }
                _ => {}
            }
            let answer = worker.guard.session_event(&Value::Object(event).to_string())?;
            match answer.get("error") {
                Some(error) => (error_line(id, error.clone()), 2),
                None => {
                    let mut m = Map::new();
                    m.insert("id".into(), id);
                    m.insert("event".into(), answer);
                    (Value::Object(m).to_string(), 0)
                }
            }
        }
        Err((id, error)) => (error_line(id, Value::from(error)), 2),
    })
}

/// A line as read: over-long and not-UTF-8 lines are answered here, the rest by [`parse_case`].
fn parse(line: &Line, max: usize) -> Result<Entry<'_>, (Value, String)> {
    if line.over {
        return Err((leading_id(&line.bytes), format!("line is longer than the limit of {max} bytes")));
    }
    match std::str::from_utf8(&line.bytes) {
        Ok(text) => parse_case(text),
        Err(e) => {
            // The id may still be readable around the bad bytes.
            let id = serde_json::from_str::<Value>(&String::from_utf8_lossy(&line.bytes)).ok().and_then(|v| v.get("id").cloned());
            Err((id.unwrap_or(Value::Null), format!("line is not valid UTF-8 (byte {})", e.valid_up_to())))
        }
    }
}

/// The id of a line cut short, when the line starts with it (`{"id": …`).
fn leading_id(prefix: &[u8]) -> Value {
    let text = String::from_utf8_lossy(prefix);
    let rest =
        text.trim_start().strip_prefix('{').map(str::trim_start).and_then(|r| r.strip_prefix("\"id\"")).map(str::trim_start).and_then(|r| r.strip_prefix(':'));
    let Some(rest) = rest else { return Value::Null };
    // The first JSON value after the colon; what follows it (`,"scope":…`) is not read.
    serde_json::Deserializer::from_str(rest).into_iter::<Value>().next().and_then(Result::ok).unwrap_or(Value::Null)
}

/// A line's fields as written; only `payload` is read beyond its raw text on the fast path.
#[derive(Deserialize)]
struct RawLine<'a> {
    #[serde(borrow)]
    id: Option<&'a RawValue>,
    #[serde(borrow)]
    scope: Option<&'a RawValue>,
    #[serde(borrow)]
    tool: Option<&'a RawValue>,
    #[serde(borrow)]
    payload: Option<&'a RawValue>,
    #[serde(borrow)]
    options: Option<&'a RawValue>,
    #[serde(borrow)]
    session: Option<&'a RawValue>,
    #[serde(borrow)]
    approved: Option<&'a RawValue>,
    #[serde(borrow)]
    denied: Option<&'a RawValue>,
    #[serde(borrow)]
    end: Option<&'a RawValue>,
}

/// The `"session"` member of a line, if it has a string one (routing only: a line whose session
/// cannot be read goes anywhere, and its own parse reports what is wrong with it).
fn session_of(line: &str) -> Option<Cow<'_, str>> {
    #[derive(Deserialize)]
    struct Session<'a> {
        #[serde(borrow)]
        session: Option<Cow<'a, str>>,
    }
    // Cheap when there is none: no member named so much as "session" means no session.
    if !line.contains("\"session\"") {
        return None;
    }
    serde_json::from_str::<Session>(line).ok()?.session
}

pub struct Case<'a> {
    pub id: Value,
    pub scope: Scope,
    pub tool: String,
    pub payload: Cow<'a, str>,
    pub options: CallOptions,
}

/// One `--jsonl` input line that can be answered.
pub enum Entry<'a> {
    /// A call (a line's `"session"` is its options' `session`).
    Call(Case<'a>),
    /// `{"id","session","approved": "<approval>"}`, `"denied"` likewise, or `"end": true`: the
    /// `session-event` JSON to send.
    Event { id: Value, event: Map<String, Value> },
}

/// One `--jsonl` input line, or the id (if readable) and what is wrong with it.
pub fn parse_case(line: &str) -> Result<Entry<'_>, (Value, String)> {
    let raw: RawLine = match serde_json::from_str(line) {
        Ok(raw) => raw,
        // Say what is wrong as the whole-value reader does (not JSON, or not an object); a
        // valid object that still failed here has a member the fast reader cannot take (a
        // duplicate), so it is read the slow way.
        Err(_) => return parse_slow(line),
    };
    let small = |v: Option<&RawValue>| v.map_or(Value::Null, |v| serde_json::from_str(v.get()).expect("a raw value is JSON"));
    let id = small(raw.id);
    let payload = match raw.payload {
        // Without a backslash the string is its own bytes, borrowed; with escapes it is unescaped
        // into its own string, once (asking serde_json to borrow first would build an error).
        Some(p) if p.get().starts_with('"') => Some(Payload::Text(if p.get().contains('\\') {
            Cow::Owned(serde_json::from_str::<String>(p.get()).expect("a raw string is a string"))
        } else {
            Cow::Borrowed(&p.get()[1..p.get().len() - 1])
        })),
        other => present(small(other)).map(Payload::Value),
    };
    build(Members {
        id,
        scope: small(raw.scope),
        tool: small(raw.tool),
        payload,
        options: small(raw.options),
        session: small(raw.session),
        approved: small(raw.approved),
        denied: small(raw.denied),
        end: small(raw.end),
    })
}

/// A line's members as read (`null` for an absent one), the payload kept as text where it is one.
struct Members<'a> {
    id: Value,
    scope: Value,
    tool: Value,
    payload: Option<Payload<'a>>,
    options: Value,
    session: Value,
    approved: Value,
    denied: Value,
    end: Value,
}

enum Payload<'a> {
    Text(Cow<'a, str>),
    Value(Value),
}

/// `null` stands for a member that is absent.
fn present(v: Value) -> Option<Value> {
    (!v.is_null()).then_some(v)
}

fn parse_slow(line: &str) -> Result<Entry<'_>, (Value, String)> {
    let value: Value = serde_json::from_str(line).map_err(|e| (Value::Null, format!("not JSON: {e}")))?;
    let Value::Object(mut obj) = value else {
        return Err((Value::Null, "not a JSON object".into()));
    };
    let mut take = |k: &str| obj.remove(k).unwrap_or(Value::Null);
    let payload = match take("payload") {
        Value::String(s) => Some(Payload::Text(Cow::Owned(s))),
        v => present(v).map(Payload::Value),
    };
    build(Members {
        id: take("id"),
        scope: take("scope"),
        tool: take("tool"),
        payload,
        options: take("options"),
        session: take("session"),
        approved: take("approved"),
        denied: take("denied"),
        end: take("end"),
    })
}

/// A line's members as an entry: a report on a session (`"approved"`, `"denied"` or `"end"`
/// present and not `null`) or a call.
fn build(m: Members<'_>) -> Result<Entry<'_>, (Value, String)> {
    let Members { id, scope, tool, payload, options, session, approved, denied, end } = m;
    let fail = |msg: String| Err((id.clone(), msg));
    let session = match session {
        Value::Null => None,
        Value::String(s) => Some(s),
        _ => return fail("\"session\" must be a string".into()),
    };
    let report = [(approved, true), (denied, false)].into_iter().find(|(v, _)| !v.is_null());
    if report.is_some() || !end.is_null() {
        let Some(session) = session else {
            return fail("a session report (\"approved\", \"denied\", \"end\") needs \"session\"".into());
        };
        let mut event = Map::new();
        event.insert("session".into(), Value::from(session));
        match report {
            Some((Value::String(approval), approved)) => {
                event.insert("event".into(), Value::from("approval"));
                event.insert("approval".into(), Value::from(approval));
                event.insert("approved".into(), Value::from(approved));
            }
            Some(_) => return fail("\"approved\" / \"denied\" name an approval id (a string)".into()),
            None => {
                event.insert("event".into(), Value::from("end"));
            }
        }
        return Ok(Entry::Event { id, event });
    }
    let Some(scope) = scope.as_str().and_then(Scope::parse) else {
        return fail("\"scope\" must be \"args\", \"result\" or \"reply\"".into());
    };
    let tool = match tool {
        Value::Null => String::new(),
        Value::String(s) => s,
        _ => return fail("\"tool\" must be a string".into()),
    };
    let payload = match (scope, payload) {
        (Scope::Args, Some(Payload::Value(v @ Value::Object(_)))) => Cow::Owned(v.to_string()),
        (Scope::Args, _) => return fail("\"payload\" must be the arguments object for scope args".into()),
        (_, Some(Payload::Text(s))) => s,
        (_, _) => return fail(format!("\"payload\" must be a string for scope {}", scope.as_str())),
    };
    let mut options: CallOptions = match options {
        Value::Null => CallOptions::default(),
        v => match serde_json::from_value(v) {
            Ok(o) => o,
            Err(e) => return fail(format!("\"options\": {e}")),
        },
    };
    if session.is_some() {
        options.session = session;
    }
    Ok(Entry::Call(Case { id, scope, tool, payload, options }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast reader and the whole-value reader agree on every field and every error.
    #[test]
    fn fast_and_slow_readers_agree() {
        let lines = [
            r#"{"id":1,"scope":"result","tool":"read_file","payload":"plain"}"#,
            r#"{"id":"a","scope":"result","tool":"t","payload":"esc \"q\" \n \u00e9"}"#,
            r#"{"id":{"n":[1, 2]},"scope":"args","tool":"terminal","payload":{"command":"ls",  "x":[1]}}"#,
            r#"{"id":2,"scope":"args","tool":"terminal","payload":"{\"command\":\"ls\"}","options":{"unattended":"cron"}}"#,
            r#"{"id":3,"scope":"reply","payload":"hi","session":"s1"}"#,
            r#"{"id":4,"scope":"nope","payload":"x"}"#,
            r#"{"id":5,"scope":"result","tool":7,"payload":"x"}"#,
            r#"{"id":6,"scope":"result","payload":{"a":1}}"#,
            r#"{"id":7,"scope":"args","payload":"x","options":{"unattended":3}}"#,
            r#"{"id":8,"scope":"args"}"#,
            r#"{"id":null,"scope":"reply","payload":null}"#,
            r#"{"id":9,"scope":"reply","tool":null,"payload":"x","options":null}"#,
            r#"{"id":10,"session":"s1","approved":"a-1"}"#,
            r#"{"id":11,"session":"s1","denied":"a-2"}"#,
            r#"{"id":12,"session":"s1","end":true}"#,
            r#"{"id":13,"end":true}"#,
            r#"{"id":14,"session":"s1","approved":7}"#,
            r#"{"id":15,"scope":"reply","payload":"x","session":3}"#,
        ];
        let show = |c: Result<Entry, (Value, String)>| match c {
            Ok(Entry::Call(c)) => format!("ok {} {} {} {} {}", c.id, c.scope.as_str(), c.tool, c.payload, serde_json::to_string(&c.options).unwrap()),
            Ok(Entry::Event { id, event }) => format!("event {id} {}", Value::Object(event)),
            Err((id, e)) => format!("err {id} {e}"),
        };
        for line in lines {
            assert_eq!(show(parse_case(line)), show(parse_slow(line)), "{line}");
        }
        assert!(show(parse_case(lines[6])).starts_with("err 5 \"tool\""));
        assert!(matches!(parse_case(lines[0]), Ok(Entry::Call(Case { payload: Cow::Borrowed("plain"), .. }))), "an unescaped payload is borrowed");
        assert!(show(parse_case(lines[4])).contains(r#""session":"s1""#), "a line's session is its call's");
        assert_eq!(show(parse_case(lines[12])), r#"event 10 {"session":"s1","event":"approval","approval":"a-1","approved":true}"#);
        assert_eq!(show(parse_case(lines[13])), r#"event 11 {"session":"s1","event":"approval","approval":"a-2","approved":false}"#);
        assert_eq!(show(parse_case(lines[14])), r#"event 12 {"session":"s1","event":"end"}"#);
        assert!(show(parse_case(lines[15])).starts_with("err 13 a session report"));
        assert!(show(parse_case(lines[16])).starts_with("err 14 \"approved\""));
        assert!(show(parse_case(lines[17])).starts_with("err 15 \"session\" must be a string"));
    }

    #[test]
    fn malformed_lines_say_why() {
        let err = |line| parse_case(line).err().map(|(id, e)| (id, e.split(':').next().unwrap().to_string()));
        assert_eq!(err("{not json"), Some((Value::Null, "not JSON".into())));
        assert_eq!(err("[1,2]"), Some((Value::Null, "not a JSON object".into())));
        assert_eq!(err(r#"{"id":1,"id":2,"scope":"reply","payload":"x"}"#), None, "a duplicate member: the last one wins");
    }

    fn as_line(text: &str) -> Line {
        Line { bytes: text.as_bytes().to_vec(), over: false }
    }

    #[test]
    fn a_session_stays_on_one_worker_and_the_rest_goes_where_least_is_queued() {
        let queued: Vec<AtomicUsize> = (0..4).map(|_| AtomicUsize::new(0)).collect();
        let line = |s: &str| format!(r#"{{"id":1,"scope":"reply","payload":"x","session":"{s}"}}"#);
        let mut used = std::collections::HashSet::new();
        for n in 0..64 {
            let w = route(&as_line(&line(&format!("s{n}"))), &queued);
            for load in [0, 5, 9] {
                queued[w].store(load, Ordering::Relaxed);
                assert_eq!(route(&as_line(&line(&format!("s{n}"))), &queued), w, "whatever the queues hold");
            }
            queued[w].store(0, Ordering::Relaxed);
            used.insert(w);
        }
        assert_eq!(used.len(), 4, "sessions spread over the workers");
        for (w, load) in [3, 1, 0, 2].into_iter().enumerate() {
            queued[w].store(load, Ordering::Relaxed);
        }
        assert_eq!(route(&as_line(r#"{"id":1,"scope":"reply","payload":"x"}"#), &queued), 2);
    }

    #[test]
    fn sessions_are_read_only_when_named() {
        assert_eq!(session_of(r#"{"id":1,"session":"abc","payload":"x"}"#).as_deref(), Some("abc"));
        assert_eq!(session_of(r#"{"id":1,"payload":"the word \"session\" in text"}"#), None);
        assert_eq!(session_of(r#"{"id":1,"session":7}"#), None);
        assert_eq!(session_of(r#"{"id":1}"#), None);
    }

    fn lines(input: &[u8], max: usize) -> Vec<(Vec<u8>, bool)> {
        let mut r = io::BufReader::with_capacity(7, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        while let Some(over) = read_line(&mut r, &mut buf, max).unwrap() {
            out.push((buf.clone(), over));
        }
        out
    }

    #[test]
    fn lines_are_bounded_and_over_long_ones_keep_their_start() {
        let long = format!("{{\"id\":\"big\",\"payload\":\"{}\"}}", "x".repeat(10_000));
        let input = format!("a\r\nbb\n{long}\n\nlast");
        let got = lines(input.as_bytes(), 100);
        assert_eq!(got[0], (b"a".to_vec(), false));
        assert_eq!(got[1], (b"bb".to_vec(), false));
        assert!(got[2].1 && got[2].0.len() == ID_PREFIX_BYTES && long.as_bytes().starts_with(&got[2].0));
        assert_eq!(got[3], (Vec::new(), false));
        assert_eq!(got[4], (b"last".to_vec(), false));
        assert_eq!(got.len(), 5);
        assert_eq!(leading_id(&got[2].0), Value::from("big"));
        assert_eq!(leading_id(b" { \"id\" : {\"n\": [1, 2]}, \"scope\""), serde_json::json!({"n": [1, 2]}));
        assert_eq!(leading_id(b"{\"scope\":\"args\",\"id\":3"), Value::Null, "only a leading id is read");
    }

    #[test]
    fn payloads_must_have_their_scope_s_type() {
        let err = |line: &str| parse_case(line).err();
        let (id, e) = err(r#"{"id":7,"scope":"args","tool":"t","payload":"curl -d @f https://x"}"#).unwrap();
        assert_eq!(id, 7);
        assert!(e.contains("arguments object"), "{e}");
        assert!(err(r#"{"id":7,"scope":"args","tool":"t","payload":["a"]}"#).is_some(), "an array is not the arguments object");
        assert!(err(r#"{"id":7,"scope":"reply","payload":{"a":1}}"#).is_some());
        assert!(err(r#"{"id":7,"scope":"args","tool":"t","payload":{"command":"ls"}}"#).is_none());
        let (id, e) = parse(&Line { bytes: b"{\"id\":\"u\",\"scope\":\"reply\",\"payload\":\"\xff\"}".to_vec(), over: false }, 1000).err().unwrap();
        assert_eq!(id, "u");
        assert!(e.contains("UTF-8"), "{e}");
    }
}
