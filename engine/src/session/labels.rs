//! Taint labels a call gives its session: the tool's (`labels.tools`, else `labels.default`) and,
//! for a tool that reads a file, the labels of the paths it names (`labels.paths`). Labels only
//! accumulate: once something is in the model's context, nothing proves it was forgotten.

use serde_json::Value;

use super::settings::Labels;

/// Argument names that hold a file a tool reads.
const PATH_FIELDS: &[&str] = &["path", "file_path", "filename", "paths", "file"];

/// The labels of a call to `tool` (`args`: its arguments, when the call is seen before it runs).
pub fn of_call(labels: &Labels, tool: &str, args: Option<&Value>) -> Vec<String> {
    let mut out: Vec<String> = labels.tools.get(tool).unwrap_or(&labels.default).clone();
    if let Some(Value::Object(map)) = args {
        for (name, value) in map {
            if !PATH_FIELDS.contains(&name.as_str()) {
                continue;
            }
            let paths: Vec<&str> = match value {
                Value::String(s) => vec![s.as_str()],
                Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            for p in paths {
                for (pattern, ls) in &labels.paths {
                    if glob(pattern, p) {
                        out.extend(ls.iter().cloned());
                    }
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A path pattern: `*` is one segment (or part of one: `*.csv`), `**` any number of segments. A
/// pattern that does not start with `/` or `~` matches at any depth, as if it began with `**/`.
/// The path's `.` and `..` segments are resolved first, so `crm/../x` is not under `crm`.
pub fn glob(pattern: &str, path: &str) -> bool {
    let mut segs: Vec<&str> = Vec::new();
    for s in path.split(['/', '\\']) {
        match s {
            "" | "." => {}
            ".." => {
                segs.pop();
            }
            s => segs.push(s),
        }
    }
    let mut pat: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty() && *s != ".").collect();
    if !(pattern.starts_with('/') || pattern.starts_with('~')) && pat.first() != Some(&"**") {
        pat.insert(0, "**");
    }
    // A path given relative to the home directory matches a `~` pattern as written only.
    if pattern.starts_with('~') && !path.starts_with('~') {
        return false;
    }
    matches(&pat, &segs)
}

/// `pat` against `segs` by dynamic programming over (pattern, path) positions: linear in their
/// product whatever the number of `**`, so no pattern and path can make it slow.
fn matches(pat: &[&str], segs: &[&str]) -> bool {
    let (p, n) = (pat.len(), segs.len());
    // row[j]: pattern[i..] matches segs[j..]; computed from the last pattern segment back.
    let mut next: Vec<bool> = (0..=n).map(|j| j == n).collect();
    for i in (0..p).rev() {
        let mut row = vec![false; n + 1];
        for j in (0..=n).rev() {
            row[j] = if pat[i] == "**" { next[j] || (j < n && row[j + 1]) } else { j < n && segment(pat[i], segs[j]) && next[j + 1] };
        }
        next = row;
    }
    next[0]
}

/// One segment against a pattern with `*` wildcards inside it.
fn segment(pattern: &str, s: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == s;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !s.starts_with(first) || !s[first.len()..].ends_with(last) || s.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &s[first.len()..s.len() - last.len()];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(i) => rest = &rest[i + mid.len()..],
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_patterns() {
        assert!(glob("crm/**", "/home/u/work/crm/acme.json"));
        assert!(glob("crm/**", "crm/a/b.json"));
        assert!(!glob("crm/**", "/home/u/work/crm2/acme.json"));
        assert!(!glob("crm/**", "/home/u/crm/../public/x"), "dot-dot leaves the folder");
        assert!(glob("/srv/secrets/*.env", "/srv/secrets/prod.env"));
        assert!(!glob("/srv/secrets/*.env", "/srv/secrets/sub/prod.env"));
        assert!(!glob("/srv/secrets/*.env", "/x/srv/secrets/prod.env"), "absolute patterns are anchored");
        assert!(glob("**/.env", "./app/.env"));
        assert!(glob("inbox", "/mail/inbox"));
        // Many `**` against a long path: linear in their product, not exponential.
        let long = "a/".repeat(2000);
        assert!(!glob(&format!("{}c", "**/a/".repeat(20)), &format!("{long}b")));
        assert!(glob(&format!("{}b", "**/a/".repeat(20)), &format!("{long}b")));
    }

    #[test]
    fn a_call_takes_its_tools_labels_and_its_paths() {
        let labels = Labels {
            tools: [("read_file".to_string(), vec![]), ("crm_lookup".to_string(), vec!["customer_pii".to_string()])].into_iter().collect(),
            paths: [("inbox/**".to_string(), vec!["untrusted".to_string()])].into_iter().collect(),
            default: vec!["untrusted".into()],
            accept: Default::default(),
        };
        assert_eq!(of_call(&labels, "read_file", Some(&serde_json::json!({"path": "/w/notes.md"}))), Vec::<String>::new());
        assert_eq!(of_call(&labels, "read_file", Some(&serde_json::json!({"path": "/w/inbox/1.eml"}))), ["untrusted"]);
        assert_eq!(of_call(&labels, "crm_lookup", None), ["customer_pii"]);
        assert_eq!(of_call(&labels, "some_mcp_tool", None), ["untrusted"]);
    }
}
