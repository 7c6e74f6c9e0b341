//! The bundled policy file: it sets nothing, and every commented example in it is valid.

use egress_guard_engine::Policy;

fn bundled() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../policies/egress-guard.yaml")).unwrap()
}

#[test]
fn bundled_policy_sets_nothing() {
    let from_file = Policy::parse(&bundled(), None).unwrap();
    let builtin = Policy::builtin();
    assert_eq!(format!("{from_file:?}"), format!("{builtin:?}"));
}

#[test]
fn every_commented_example_in_the_bundled_policy_is_valid() {
    // Uncomment the YAML examples: lines whose text after "# " is `key:` (lower-case snake) or a
    // `- ` list item, at any indentation. Prose comments stay comments.
    let mut uncommented = String::new();
    let mut enabled_examples = 0;
    for line in bundled().lines() {
        let body = line.strip_prefix("# ").unwrap_or("");
        let t = body.trim_start();
        let is_key = t
            .split_once(':')
            .is_some_and(|(k, rest)| !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '_') && (rest.is_empty() || rest.starts_with(' ')));
        if is_key || t.starts_with("- ") {
            uncommented.push_str(body);
            enabled_examples += 1;
        } else {
            uncommented.push_str(line);
        }
        uncommented.push('\n');
    }
    assert!(enabled_examples > 20, "examples found: {enabled_examples}");
    let policy = Policy::parse(&uncommented, None).unwrap_or_else(|e| panic!("{e}\n---\n{uncommented}"));
    assert_eq!(policy.preset.as_deref(), Some("research-data"));
    assert_eq!(policy.rules.network.allowed_hosts.len(), 4);
}
