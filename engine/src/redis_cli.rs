//! One line of what `redis-cli` prints for a reply that is a list (`HGETALL`, `CONFIG GET`): on a
//! terminal each element numbered and quoted with C-style escapes (` 3) "Renter"`), piped each
//! bare on its line. Read by the secrets rule (a value under a credential's name) and by the
//! tables reader (a hash per row), so both read a reply alike.

/// One line of a reply.
pub enum Element {
    /// ` 3) "…"`: the quoted content's range.
    Numbered(usize, usize),
    /// A bare line (raw mode): its range.
    Raw(usize, usize),
    /// No element: a blank line, a prompt, a shell's next command, or a numbered line out of turn.
    End,
}

/// The element on the line `b[s..e]`, the `index`th of its reply.
pub fn element(b: &[u8], s: usize, e: usize, index: usize) -> Element {
    let line = &b[s..e];
    let lead = line.iter().take_while(|&&c| c == b' ').count();
    let digits = line[lead..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && line[lead + digits..].starts_with(b") ") {
        let number = std::str::from_utf8(&line[lead..lead + digits]).ok().and_then(|n| n.parse::<usize>().ok());
        let q = s + lead + digits + 2;
        if number != Some(index) || b.get(q) != Some(&b'"') {
            return Element::End;
        }
        return match crate::decode::string_end(b, q + 1) {
            Some(close) if close + 1 == e => Element::Numbered(q + 1, close),
            _ => Element::End,
        };
    }
    let prompt = line.windows(2).any(|w| w == b"> ") || line.starts_with(b"$ ") || line.starts_with(b"# ");
    if line.trim_ascii().is_empty() || prompt || line.starts_with(b"(error)") {
        return Element::End;
    }
    Element::Raw(s, e)
}
