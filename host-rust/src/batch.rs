//! `egress-guard inspect --jsonl`: one answer per input line, in order, whatever the line holds.
//!
//! The contract (`docs/contracts.md` §3): a line that cannot be inspected -- not UTF-8, not JSON,
//! not an object, an unknown scope, a payload of the wrong type (the arguments of `args` must be a
//! JSON object; a string is not inspected as text), or longer than the line limit -- is answered
//! with `{"id":…,"error":"…"}` (the id when it can be read) and the batch goes on. Lines are read as
//! bytes with a bounded buffer, so an over-long line costs no more memory than the limit.

use std::io::{self, BufRead, Write};

use egress_guard::{Action, CallOptions, Guard, Scope, Verdict, jsonl_line};
use serde_json::{Map, Value};

/// The default longest input line: the largest payload `max_scan_bytes` allows (16 MiB), escaped.
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// One payload through the guard, with the line's call options.
pub type Inspect = fn(&mut Guard, Scope, &str, &str, &CallOptions) -> egress_guard::Result<Option<Verdict>>;

/// How much of an over-long line is kept to read its id from (`{"id": …` first).
const ID_PREFIX_BYTES: usize = 4096;

/// Exit status of a batch: 0 every line allow/warn, 1 some line needs review, 2 some line was
/// answered with an error.
/// `inspect` is the CLI's call (it reports engine failures on stderr).
pub fn run(guard: &mut Guard, input: &mut dyn BufRead, out: &mut dyn Write, max_line: usize, inspect: Inspect) -> egress_guard::Result<u8> {
    let mut code = 0;
    let mut line = Vec::new();
    while let Some(over) = read_line(input, &mut line, max_line)? {
        if !over && line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let answer = match parse(&line, over, max_line) {
            Ok(case) => {
                let verdict = inspect(guard, case.scope, &case.tool, &case.payload, &case.options)?;
                code = code.max(verdict.as_ref().map_or(0, |v| u8::from(v.action >= Action::Redact)));
                jsonl_line(&case.id, verdict.as_ref())
            }
            Err((id, error)) => {
                code = 2;
                let mut m = Map::new();
                m.insert("id".into(), id);
                m.insert("error".into(), Value::from(error));
                Value::Object(m).to_string()
            }
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(code)
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

struct Case {
    id: Value,
    scope: Scope,
    tool: String,
    payload: String,
    options: CallOptions,
}

/// One input line, or the id (if it can be read) and what is wrong with it.
fn parse(line: &[u8], over: bool, max: usize) -> Result<Case, (Value, String)> {
    if over {
        return Err((leading_id(line), format!("line is longer than the limit of {max} bytes")));
    }
    let text = match std::str::from_utf8(line) {
        Ok(t) => t,
        Err(e) => {
            // The id may still be readable around the bad bytes.
            let id = serde_json::from_str::<Value>(&String::from_utf8_lossy(line)).ok().and_then(|v| v.get("id").cloned());
            return Err((id.unwrap_or(Value::Null), format!("line is not valid UTF-8 (byte {})", e.valid_up_to())));
        }
    };
    let value: Value = serde_json::from_str(text).map_err(|e| (Value::Null, format!("not JSON: {e}")))?;
    let Value::Object(mut obj) = value else {
        return Err((Value::Null, "not a JSON object".into()));
    };
    let id = obj.remove("id").unwrap_or(Value::Null);
    let fail = |msg: String| Err((id.clone(), msg));
    let scope = match obj.get("scope").and_then(Value::as_str).and_then(Scope::parse) {
        Some(s) => s,
        None => return fail("\"scope\" must be \"args\", \"result\" or \"reply\"".into()),
    };
    let tool = match obj.get("tool") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return fail("\"tool\" must be a string".into()),
    };
    let payload = match (scope, obj.remove("payload")) {
        (Scope::Args, Some(v @ Value::Object(_))) => v.to_string(),
        (Scope::Args, _) => return fail("\"payload\" must be the arguments object for scope args".into()),
        (_, Some(Value::String(s))) => s,
        (_, _) => return fail(format!("\"payload\" must be a string for scope {}", scope.as_str())),
    };
    let options = match obj.remove("options") {
        None | Some(Value::Null) => CallOptions::default(),
        Some(v) => match serde_json::from_value(v) {
            Ok(o) => o,
            Err(e) => return fail(format!("\"options\": {e}")),
        },
    };
    Ok(Case { id, scope, tool, payload, options })
}

/// The id of a line cut short, when the line starts with it (`{"id": …`).
fn leading_id(prefix: &[u8]) -> Value {
    let text = String::from_utf8_lossy(prefix);
    let rest = text.trim_start().strip_prefix('{').map(str::trim_start).and_then(|r| r.strip_prefix("\"id\"")).map(str::trim_start).and_then(|r| r.strip_prefix(':'));
    let Some(rest) = rest else { return Value::Null };
    // The first JSON value after the colon; what follows it (`,"scope":…`) is not read.
    serde_json::Deserializer::from_str(rest).into_iter::<Value>().next().and_then(Result::ok).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let err = |line: &str| parse(line.as_bytes(), false, 1000).err().map(|(id, e)| (id, e));
        let (id, e) = err(r#"{"id":7,"scope":"args","tool":"t","payload":"curl -d @f https://x"}"#).unwrap();
        assert_eq!(id, 7);
        assert!(e.contains("arguments object"), "{e}");
        assert!(err(r#"{"id":7,"scope":"args","tool":"t","payload":["a"]}"#).is_some(), "an array is not the arguments object");
        assert!(err(r#"{"id":7,"scope":"reply","payload":{"a":1}}"#).is_some());
        assert!(err(r#"{"id":7,"scope":"args","tool":"t","payload":{"command":"ls"}}"#).is_none());
        let (id, e) = parse(b"{\"id\":\"u\",\"scope\":\"reply\",\"payload\":\"\xff\"}", false, 1000).err().unwrap();
        assert_eq!(id, "u");
        assert!(e.contains("UTF-8"), "{e}");
    }
}
