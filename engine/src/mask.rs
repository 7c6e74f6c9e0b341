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
/// runs of spaces become one, and anything longer is cut with `…`.
pub fn one_line(text: &str, max_chars: usize) -> String {
    one_line_read(text, max_chars).0
}

/// [`one_line`], and how many bytes of `text` it read: only as far as the preview goes, so a
/// preview of a megabyte costs what a preview of a line does.
pub fn one_line_read(text: &str, max_chars: usize) -> (String, usize) {
    let mut out = String::new();
    let (mut shown, mut gap) = (0usize, false);
    for (at, c) in text.char_indices() {
        if c == ' ' || c.is_control() {
            gap = shown > 0;
            continue;
        }
        for c in gap.then_some(' ').into_iter().chain([c]) {
            if shown == max_chars {
                // One more character than fits: cut to leave room for the ellipsis.
                out.pop();
                out.push('…');
                return (out, at);
            }
            out.push(c);
            shown += 1;
        }
        gap = false;
    }
    (out, text.len())
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

    /// `one_line` as first written: flatten, squeeze and cut the whole text.
    fn one_line_whole(text: &str, max_chars: usize) -> String {
        let flat: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        let squeezed = flat.split(' ').filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ");
        if squeezed.chars().count() <= max_chars {
            squeezed
        } else {
            let mut cut: String = squeezed.chars().take(max_chars.saturating_sub(1)).collect();
            cut.push('…');
            cut
        }
    }

    #[test]
    fn one_line_reads_lazily_but_equals_the_whole_text_preview() {
        let pieces = ["a", "bc", " ", "  ", "\n", "\t", "\r\n", "é", "\u{a0}", "def ", " g"];
        let mut texts = vec![String::new()];
        for (i, a) in pieces.iter().enumerate() {
            for b in &pieces[i..] {
                for c in &pieces {
                    texts.push(format!("{a}{b}{c}{a}"));
                }
            }
        }
        for text in &texts {
            for max in 0..12 {
                assert_eq!(one_line(text, max), one_line_whole(text, max), "{text:?} at {max}");
            }
        }
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
