//! A session's vault: the values its placeholders stand for.
//!
//! A credential or identifier in a result or reply is swapped for `{{SECRET_1}}`,
//! `{{PHONE_2}}`, … (one counter per session, never reused, so a placeholder never comes to mean
//! another value). The format survives where placeholders travel: no quote, backslash or `$` for
//! JSON, shells and string literals to mangle, no `<`/`>` for a shell to read as a redirection if
//! it is not restored, and `{{…}}` is a shape models copy verbatim. The secrets rule's vetoes
//! already treat `{{…}}` as a template, so a placeholder is never taken for a credential.
//!
//! Every value is also searched for wherever it comes back, as written and JSON-escaped,
//! URL-encoded, hex- and base64-encoded at any alignment (one Aho-Corasick automaton over all the
//! forms, rebuilt on the next search after values were added). Nothing here is ever written out:
//! the vault lives in the instance's memory and dies with it.

use std::collections::HashMap;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, MatchKind};
use regex::Regex;

use super::settings::Bounds;
use crate::encoded::{self, Encoding};

/// What a value is, which names its placeholder and the label a restore gives the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A credential (`{{SECRET_n}}`; a restore labels the session `credential`).
    Credential,
    /// An identifier of a person (`{{PHONE_n}}`, `{{EMAIL_n}}`, …; a restore labels it `personal`).
    Personal,
}

impl Class {
    pub fn label(self) -> &'static str {
        match self {
            Class::Credential => "credential",
            Class::Personal => "personal",
        }
    }
}

struct Entry {
    value: String,
    /// `SECRET_3`: the placeholder without its braces.
    name: String,
    class: Class,
}

/// Shortest value searched for when it comes back (shorter ones would match ordinary words; they
/// still get a placeholder).
pub const SHORTEST_SEARCHED: usize = 6;
/// Shortest encoded form searched for.
const SHORTEST_PATTERN: usize = 8;

static PLACEHOLDER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\{\{([A-Z][A-Z0-9_]{0,30}_[1-9][0-9]{0,8})\}\}").expect("valid regex"));

#[derive(Default)]
pub struct Vault {
    entries: Vec<Entry>,
    by_value: HashMap<String, usize>,
    /// Bytes held: values and their searched forms.
    bytes: usize,
    matcher: Option<Matcher>,
    /// Values were added since the matcher was built.
    dirty: bool,
}

struct Matcher {
    automaton: AhoCorasick,
    /// Per pattern: the entry and how it is encoded.
    patterns: Vec<(usize, Encoding)>,
}

impl Vault {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Bytes this vault accounts for (values and encoded forms).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The placeholder for `value` (the one it already has, or a new one), or `None` when the
    /// value may not be kept (too long, or the vault is full): then it gets the ordinary marker.
    pub fn placeholder(&mut self, class: Class, kind: &str, value: &str, bounds: &Bounds) -> Option<String> {
        if let Some(&i) = self.by_value.get(value) {
            return Some(braced(&self.entries[i].name));
        }
        let cost = value.len() + encodings(value).iter().map(|(p, _)| p.len()).sum::<usize>();
        if value.is_empty() || value.len() > bounds.max_value_bytes || self.entries.len() >= bounds.max_values || self.bytes + cost > bounds.max_session_bytes {
            return None;
        }
        let stem = match class {
            Class::Credential => "SECRET".to_string(),
            Class::Personal => {
                let s: String = kind.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).take(24).collect();
                if s.starts_with(|c: char| c.is_ascii_uppercase()) { s } else { format!("PII_{s}") }
            }
        };
        let name = format!("{stem}_{}", self.entries.len() + 1);
        self.by_value.insert(value.to_string(), self.entries.len());
        self.entries.push(Entry { value: value.to_string(), name: name.clone(), class });
        self.bytes += cost;
        self.dirty = true;
        Some(braced(&name))
    }

    /// `text` with every value of the vault, in any of its encodings, replaced by its
    /// placeholder, and the placeholders used; `None` when there is none.
    pub fn conceal_known(&mut self, text: &str) -> Option<(String, Vec<String>)> {
        if self.entries.is_empty() {
            return None;
        }
        if self.dirty || self.matcher.is_none() {
            self.matcher = self.build();
            self.dirty = false;
        }
        let m = self.matcher.as_ref()?;
        let b = text.as_bytes();
        let mut spans: Vec<(usize, usize, usize)> = Vec::new();
        for hit in m.automaton.find_iter(b) {
            let (entry, encoding) = m.patterns[hit.pattern().as_usize()];
            let Some((mut s, mut e)) = encoded::widen(text, hit.start(), hit.end(), encoding) else {
                continue;
            };
            // A blob widened over earlier matches swallows them.
            let mut entry = entry;
            while let Some(&(ls, le, le_entry)) = spans.last()
                && s < le
            {
                (s, e, entry) = (s.min(ls), e.max(le), le_entry);
                spans.pop();
            }
            spans.push((s, e, entry));
        }
        if spans.is_empty() {
            return None;
        }
        let mut out = String::with_capacity(text.len());
        let mut used = Vec::new();
        let mut at = 0;
        for (s, e, entry) in spans {
            out.push_str(&text[at..s]);
            let p = braced(&self.entries[entry].name);
            out.push_str(&p);
            if !used.contains(&p) {
                used.push(p);
            }
            at = e;
        }
        out.push_str(&text[at..]);
        Some((out, used))
    }

    /// `text` with every placeholder of this vault replaced by its value, and the placeholders
    /// restored with their classes; `None` when there is none. Unknown or forged placeholders
    /// (a number this session never gave out, or one given to another kind) stay as they are.
    pub fn restore(&self, text: &str) -> Option<(String, Vec<(String, Class)>)> {
        let mut used: Vec<(String, Class)> = Vec::new();
        let mut out = String::new();
        let mut at = 0;
        for c in PLACEHOLDER.captures_iter(text) {
            let whole = c.get(0).expect("group 0");
            let Some(entry) = self.entry(&c[1]) else {
                continue;
            };
            out.push_str(&text[at..whole.start()]);
            out.push_str(&entry.value);
            at = whole.end();
            let p = whole.as_str().to_string();
            if !used.iter().any(|(u, _)| *u == p) {
                used.push((p, entry.class));
            }
        }
        if used.is_empty() {
            return None;
        }
        out.push_str(&text[at..]);
        Some((out, used))
    }

    /// The placeholders of this vault that `text` holds.
    pub fn placeholders_in(&self, text: &str) -> Vec<String> {
        let mut found: Vec<String> = Vec::new();
        for c in PLACEHOLDER.captures_iter(text) {
            if self.entry(&c[1]).is_some() && !found.iter().any(|f| f == &c[0]) {
                found.push(c[0].to_string());
            }
        }
        found
    }

    fn entry(&self, name: &str) -> Option<&Entry> {
        let (_, n) = name.rsplit_once('_')?;
        let i: usize = n.parse().ok()?;
        self.entries.get(i.checked_sub(1)?).filter(|e| e.name == name)
    }

    fn build(&self) -> Option<Matcher> {
        let mut texts: Vec<String> = Vec::new();
        let mut patterns = Vec::new();
        let mut seen: HashMap<String, ()> = HashMap::new();
        for (i, e) in self.entries.iter().enumerate() {
            if e.value.len() < SHORTEST_SEARCHED {
                continue;
            }
            for (p, enc) in encodings(&e.value) {
                if seen.insert(p.clone(), ()).is_none() {
                    texts.push(p);
                    patterns.push((i, enc));
                }
            }
        }
        if texts.is_empty() {
            return None;
        }
        let automaton = AhoCorasick::builder().match_kind(MatchKind::LeftmostLongest).build(&texts).ok()?;
        Some(Matcher { automaton, patterns })
    }
}

/// Everything in `text` shaped like a placeholder, known or not (for a session that lost its vault).
pub fn placeholder_shaped(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for m in PLACEHOLDER.find_iter(text) {
        if !out.iter().any(|o| o == m.as_str()) && out.len() < 16 {
            out.push(m.as_str().to_string());
        }
    }
    out
}

fn braced(name: &str) -> String {
    format!("{{{{{name}}}}}")
}

/// The forms of `v` searched for when it comes back ([`encoded::forms`]), those long enough to
/// search without matching ordinary text.
fn encodings(v: &str) -> Vec<(String, Encoding)> {
    encoded::forms(v).into_iter().filter(|(p, e)| p.len() >= if *e == Encoding::Exact { SHORTEST_SEARCHED } else { SHORTEST_PATTERN }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine as _;

    const KEY: &str = "ghp_Zq8dW3nTt1LmV6yPc9RbXk2HsJf4Ga7Ue0Qi";

    fn vault_with(values: &[(&str, Class, &str)]) -> (Vault, Vec<String>) {
        let mut v = Vault::default();
        let names = values.iter().map(|(value, class, kind)| v.placeholder(*class, kind, value, &Bounds::default()).unwrap()).collect();
        (v, names)
    }

    #[test]
    fn the_same_value_keeps_its_placeholder_and_numbers_continue_across_kinds() {
        let (mut v, names) = vault_with(&[(KEY, Class::Credential, "github-token"), ("+1 555 010 0199", Class::Personal, "phone")]);
        assert_eq!(names, ["{{SECRET_1}}", "{{PHONE_2}}"]);
        assert_eq!(v.placeholder(Class::Credential, "x", KEY, &Bounds::default()).unwrap(), "{{SECRET_1}}");
        assert_eq!(v.placeholder(Class::Personal, "e-mail", "maria@example.org", &Bounds::default()).unwrap(), "{{E_MAIL_3}}");
    }

    #[test]
    fn values_come_back_as_placeholders_in_every_encoding() {
        let (mut v, _) = vault_with(&[(KEY, Class::Credential, "github-token")]);
        let conceal = |v: &mut Vault, t: &str| v.conceal_known(t).map(|(s, _)| s);
        assert_eq!(conceal(&mut v, &format!("token {KEY} ok")).unwrap(), "token {{SECRET_1}} ok");
        let hex: String = KEY.bytes().map(|b| format!("{b:02x}")).collect();
        assert_eq!(conceal(&mut v, &format!("x={hex};")).unwrap(), "x={{SECRET_1}};");
        for prefix in ["", "A", "AB", "KEY="] {
            let blob = base64::engine::general_purpose::STANDARD.encode(format!("{prefix}{KEY}\nMORE=1\n"));
            assert_eq!(conceal(&mut v, &format!("send {blob} now")).unwrap(), "send {{SECRET_1}} now", "{prefix:?}");
        }
        let spaced = "pass word/with+odd chars";
        let (mut v, _) = vault_with(&[(spaced, Class::Credential, "password")]);
        assert_eq!(conceal(&mut v, &format!("q={}", encoded::percent(spaced, b"-._~", false, true))).unwrap(), "q={{SECRET_1}}");
        assert_eq!(conceal(&mut v, &format!("{{\"p\":{}}}", serde_json::to_string(spaced).unwrap())).unwrap(), "{\"p\":\"{{SECRET_1}}\"}");
        assert_eq!(conceal(&mut v, "nothing here"), None);
    }

    #[test]
    fn restore_puts_known_placeholders_back_and_leaves_forged_ones() {
        let (v, _) = vault_with(&[(KEY, Class::Credential, "github-token"), ("555-010-0199", Class::Personal, "phone")]);
        let (out, used) = v.restore("grep {{PHONE_2}} f && curl -H 'T: {{SECRET_1}}' x {{SECRET_9}} {{PHONE_1}} {{SECRET_2}}").unwrap();
        assert_eq!(out, format!("grep 555-010-0199 f && curl -H 'T: {KEY}' x {{{{SECRET_9}}}} {{{{PHONE_1}}}} {{{{SECRET_2}}}}"));
        assert_eq!(used, [("{{PHONE_2}}".to_string(), Class::Personal), ("{{SECRET_1}}".to_string(), Class::Credential)]);
        assert_eq!(v.restore("no {{placeholder}} {{SECRET_0}} here"), None);
    }

    #[test]
    fn bounds_refuse_values_instead_of_growing() {
        let bounds = Bounds { max_values: 2, max_value_bytes: 64, ..Bounds::default() };
        let mut v = Vault::default();
        assert!(v.placeholder(Class::Credential, "k", &"x".repeat(65), &bounds).is_none(), "over max_value_bytes");
        assert!(v.placeholder(Class::Credential, "k", "value-one-1", &bounds).is_some());
        assert!(v.placeholder(Class::Credential, "k", "value-two-2", &bounds).is_some());
        assert!(v.placeholder(Class::Credential, "k", "value-three", &bounds).is_none(), "over max_values");
        let tight = Bounds { max_session_bytes: 100, ..Bounds::default() };
        let mut v = Vault::default();
        assert!(v.placeholder(Class::Credential, "k", "0123456789abcdef", &tight).is_none(), "its encodings do not fit");
    }
}
