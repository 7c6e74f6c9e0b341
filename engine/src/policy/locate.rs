//! Keys ↔ lines in a policy's YAML text, for error messages that name both.
//!
//! serde-saphyr reports where a syntax or type error is; semantic errors (a threshold too low)
//! are found after parsing, by key. One walk over the block mappings serves both directions.
//! It follows indentation only, which is what policy files use; flow mappings and anchors are
//! not followed (the error then names the key without a line).

/// Every block-mapping key set in `text`: its 1-based line and its path of keys.
fn keys(text: &str) -> impl Iterator<Item = (usize, Vec<String>)> + '_ {
    let mut stack: Vec<(usize, String)> = Vec::new();
    text.lines().enumerate().filter_map(move |(n, raw)| {
        let trimmed = raw.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('-') {
            return None;
        }
        let indent = raw.len() - trimmed.len();
        let (key, _) = trimmed.split_once(':')?;
        while stack.last().is_some_and(|(i, _)| *i >= indent) {
            stack.pop();
        }
        stack.push((indent, key.trim().trim_matches(|c| c == '"' || c == '\'').to_string()));
        Some((n + 1, stack.iter().map(|(_, k)| k.clone()).collect()))
    })
}

/// The 1-based line on which the nested key `path` is set.
pub fn line_of_key(text: &str, path: &[&str]) -> Option<usize> {
    keys(text).find(|(_, p)| p.len() == path.len() && p.iter().zip(path).all(|(a, b)| a == b)).map(|(line, _)| line)
}

/// The dotted path of the key set on 1-based `line`.
pub fn key_at_line(text: &str, line: usize) -> Option<String> {
    keys(text).take_while(|(l, _)| *l <= line).find(|(l, _)| *l == line).map(|(_, p)| p.join("."))
}

/// The plain scalar a top-level `key:` line sets, read without a YAML parser: for a file the
/// parser rejected (the preset it names still decides the fallback).
pub fn top_level_scalar(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.strip_prefix(key)?.strip_prefix(':')?;
        let value = rest.split(" #").next()?.trim().trim_matches(|c| c == '"' || c == '\'');
        (!value.is_empty()).then(|| value.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# c\npreset: dev\nrules:\n  smallcell:\n    threshold: 5\n\n  network:\n    allowed_hosts:\n      - a\n    match: uploads\n";

    #[test]
    fn both_directions_agree() {
        for (line, path) in [(2, "preset"), (4, "rules.smallcell"), (5, "rules.smallcell.threshold"), (10, "rules.network.match")] {
            assert_eq!(key_at_line(TEXT, line).as_deref(), Some(path));
            let parts: Vec<&str> = path.split('.').collect();
            assert_eq!(line_of_key(TEXT, &parts), Some(line));
        }
        assert_eq!(key_at_line(TEXT, 9), None, "a list item sets no key");
        assert_eq!(line_of_key(TEXT, &["rules", "secrets"]), None);
    }

    #[test]
    fn a_broken_file_still_names_its_preset() {
        assert_eq!(top_level_scalar("preset: research-data  # ours\nrules: [unclosed\n", "preset").as_deref(), Some("research-data"));
        assert_eq!(top_level_scalar("  preset: dev\n", "preset"), None, "only a top-level key");
        assert_eq!(top_level_scalar("presets: x\n", "preset"), None);
    }
}
