//! Masked previews: the only form in which a flagged value ever leaves the engine.

/// `AKIA…****`: at most 4 leading characters, and never more than a quarter of the value, so a
/// short secret shows less. Everything else is replaced by a fixed-width mask.
pub fn mask_value(value: &str) -> String {
    let chars = value.chars().count();
    let keep = (chars / 4).min(4);
    let prefix: String = value.chars().take(keep).collect();
    format!("{prefix}…****")
}

/// A one-line preview of `text`, at most `max_chars` characters: newlines and tabs become spaces,
/// and anything longer is cut with `…`.
pub fn one_line(text: &str, max_chars: usize) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let squeezed = flat.split(' ').filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ");
    if squeezed.chars().count() <= max_chars {
        squeezed
    } else {
        let mut cut: String = squeezed.chars().take(max_chars.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_keeps_at_most_four_leading_chars() {
        assert_eq!(mask_value("AKIAABCDEFGHIJKLMNOP"), "AKIA…****");
        assert_eq!(mask_value("hunter2"), "h…****");
        assert_eq!(mask_value("abc"), "…****");
    }

    #[test]
    fn one_line_flattens_and_cuts() {
        assert_eq!(one_line("a\n  b\tc", 120), "a b c");
        let long = "x".repeat(200);
        let p = one_line(&long, 120);
        assert_eq!(p.chars().count(), 120);
        assert!(p.ends_with('…'));
    }
}
