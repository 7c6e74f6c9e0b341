//! Sealed audit lines: a hash chain a reviewer can check (`egress-guard report --verify`).
//!
//! The engine writes each audit entry; the host adds the time and appends it to the log. Sealing
//! and checking happen here, once for every host: the component exports them (`seal-audit`,
//! `verify-audit`) for the Python host, and the Rust host's `report --verify` links this crate, so
//! the chain is computed by one piece of code. A sealed line is the entry with `"ts"` first and, last,
//! `"component_sha256"` (the component that decided), `"policy_sha256"` (the policy text it was
//! built from) and `"prev"`: the SHA-256 of the previous line of the file exactly as written
//! (without its newline), or [`GENESIS`] on a file's first line. Editing, removing or reordering
//! any line breaks the `prev` of the line after it; a line cut short is not a JSON object; a log
//! whose first lines were removed starts with a `prev` that is not [`GENESIS`]. What a chain
//! alone cannot show is lines cut off the end: compare the line count and last hash
//! [`Verifier::finish`] reports with one recorded elsewhere.
//!
//! Writers append under an exclusive lock on the log (the Python host: `fcntl.flock`), reading
//! the last line and appending the sealed one while holding it, so concurrent writers (Hermes's
//! threads, several processes) keep one chain.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The `prev` of a log's first line.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

fn is_sha256(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Seal one audit entry (`line`, a JSON object without `ts`): the line to append after
/// `prev_line` (`None` for a file's first line). Fails when `line` is not a JSON object or the
/// hashes are not hex SHA-256.
pub fn seal(line: &str, ts: &str, component_sha256: &str, policy_sha256: &str, prev_line: Option<&str>) -> Result<String, String> {
    let Ok(Value::Object(entry)) = serde_json::from_str::<Value>(line) else {
        return Err("an audit entry must be a JSON object".into());
    };
    if let Some(key) = ["ts", "component_sha256", "policy_sha256", "prev"].iter().find(|k| entry.contains_key(**k)) {
        return Err(format!("an audit entry must not carry \"{key}\" already"));
    }
    if !is_sha256(component_sha256) || !is_sha256(policy_sha256) {
        return Err("component and policy hashes must be hex SHA-256".into());
    }
    let prev = prev_line.map_or_else(|| GENESIS.to_string(), |p| sha256_hex(p.as_bytes()));
    let body = line.trim();
    let inner = body[1..body.len() - 1].trim();
    let sep = if inner.is_empty() { "" } else { "," };
    let ts = Value::from(ts).to_string();
    Ok(format!("{{\"ts\":{ts}{sep}{inner},\"component_sha256\":\"{component_sha256}\",\"policy_sha256\":\"{policy_sha256}\",\"prev\":\"{prev}\"}}"))
}

/// Checks a log line by line (lines without their newline).
#[derive(Debug, Default)]
pub struct Verifier {
    lines: u64,
    /// SHA-256 of the last line checked.
    last: Option<String>,
}

/// What a verified log holds: its length and the hash of its last line, to compare with a copy
/// kept elsewhere (a chain cannot show that lines were cut off its end).
#[derive(Debug, PartialEq, Eq)]
pub struct Verified {
    pub lines: u64,
    pub last_sha256: String,
}

impl Verifier {
    pub fn new() -> Verifier {
        Verifier::default()
    }

    /// Check the next line. The error names the line (1-based) and what is wrong.
    pub fn line(&mut self, line: &[u8]) -> Result<(), String> {
        let n = self.lines + 1;
        let fail = |why: &str| Err(format!("line {n}: {why}"));
        let Ok(text) = std::str::from_utf8(line) else { return fail("not UTF-8") };
        let Ok(Value::Object(entry)) = serde_json::from_str::<Value>(text) else {
            return fail("not a JSON object (cut short or edited)");
        };
        let field = |k: &str| entry.get(k).and_then(Value::as_str);
        if field("ts").is_none() {
            return fail("no \"ts\"");
        }
        for k in ["component_sha256", "policy_sha256"] {
            if !field(k).is_some_and(is_sha256) {
                return fail(&format!("no \"{k}\""));
            }
        }
        let want = self.last.as_deref().unwrap_or(GENESIS);
        match field("prev") {
            Some(p) if p == want => {}
            Some(_) if n == 1 => return fail("the chain does not start here (lines before it were removed)"),
            Some(_) => return fail("\"prev\" is not the hash of the line before it (a line was removed, added or edited)"),
            None => return fail("not sealed (no \"prev\")"),
        }
        self.lines = n;
        self.last = Some(sha256_hex(line));
        Ok(())
    }

    /// The verdict on the whole log. `ended_with_newline`: a log cut mid-line does not.
    pub fn finish(self, ended_with_newline: bool) -> Result<Verified, String> {
        match self.last {
            None => Err("the log holds no lines".into()),
            Some(_) if !ended_with_newline => Err(format!("line {}: the log does not end with a newline (cut short)", self.lines)),
            Some(last_sha256) => Ok(Verified { lines: self.lines, last_sha256 }),
        }
    }
}

/// Verify a whole log held in memory.
pub fn verify(log: &[u8]) -> Result<Verified, String> {
    let mut v = Verifier::new();
    let body = log.strip_suffix(b"\n").unwrap_or(log);
    if !body.is_empty() {
        for line in body.split(|&b| b == b'\n') {
            v.line(line)?;
        }
    }
    v.finish(log.ends_with(b"\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const C: &str = "1111111111111111111111111111111111111111111111111111111111111111";
    const P: &str = "2222222222222222222222222222222222222222222222222222222222222222";

    fn log(n: usize) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        for i in 0..n {
            let entry = format!("{{\"direction\":\"args\",\"action\":\"redact\",\"counts\":{{\"secrets\":{i}}}}}");
            lines.push(seal(&entry, &format!("2026-12-01T00:00:0{i}Z"), C, P, lines.last().map(String::as_str)).unwrap());
        }
        lines
    }

    fn text(lines: &[String]) -> Vec<u8> {
        lines.iter().flat_map(|l| format!("{l}\n").into_bytes()).collect()
    }

    #[test]
    fn a_sealed_line_is_the_entry_with_time_first_and_hashes_last() {
        let line = seal("{\"direction\":\"reply\",\"tool\":null}", "2026-12-01T10:00:00.000Z", C, P, None).unwrap();
        assert_eq!(
            line,
            format!(
                "{{\"ts\":\"2026-12-01T10:00:00.000Z\",\"direction\":\"reply\",\"tool\":null,\"component_sha256\":\"{C}\",\"policy_sha256\":\"{P}\",\"prev\":\"{GENESIS}\"}}"
            )
        );
        let next = seal("{}", "t", C, P, Some(&line)).unwrap();
        assert!(next.ends_with(&format!("\"prev\":\"{}\"}}", sha256_hex(line.as_bytes()))), "{next}");
        assert!(seal("[1]", "t", C, P, None).is_err());
        assert!(seal("{\"prev\":1}", "t", C, P, None).is_err());
        assert!(seal("{}", "t", "abc", P, None).is_err());
    }

    #[test]
    fn an_intact_log_verifies_and_every_kind_of_tampering_fails() {
        let lines = log(5);
        let ok = verify(&text(&lines)).unwrap();
        assert_eq!(ok, Verified { lines: 5, last_sha256: sha256_hex(lines[4].as_bytes()) });
        let all = text(&lines);
        let tampered: Vec<(&str, Vec<u8>)> = vec![
            ("first lines removed", text(&lines[2..])),
            ("a middle line removed", text(&[&lines[..2], &lines[3..]].concat())),
            ("two lines swapped", text(&[lines[0].clone(), lines[2].clone(), lines[1].clone(), lines[3].clone()])),
            ("a line edited", text(&[lines[0].clone(), lines[1].replace("redact", "allow"), lines[2].clone()])),
            ("cut mid-line", all[..all.len() - 20].to_vec()),
            ("cut at a line end without its newline", all[..all.len() - 1].to_vec()),
            ("empty", Vec::new()),
            ("an unsealed line appended", [all.clone(), b"{\"ts\":\"x\"}\n".to_vec()].concat()),
        ];
        for (what, bytes) in tampered {
            assert!(verify(&bytes).is_err(), "{what} was not detected");
        }
        // What a chain cannot show by itself: whole lines cut off the end (compare the count).
        assert_eq!(verify(&text(&lines[..3])).unwrap().lines, 3);
    }
}
