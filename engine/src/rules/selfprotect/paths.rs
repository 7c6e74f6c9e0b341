//! Protected paths, and whether a path a command writes falls on one.
//!
//! Commands name one file in many spellings: `~/.hermes/x`, `$HOME/.hermes/x`,
//! `/home/me/.hermes/x`, `.hermes/x` after `cd ~`, `a/../.hermes/x`, `~/.her*/x`; and deleting or
//! moving a directory takes everything under it. Paths are therefore compared component by
//! component after lexical normalisation, from an anchor (`/`, the home directory, or anywhere),
//! with globs and run-time parts (`$X`) as wildcards. A path whose start is unknown (relative
//! with no known working directory, or behind a variable) may sit anywhere, so it matches a
//! protected path when it names that path's components below its anchor (`rm .hermes/config.yaml`
//! does, `rm config.yaml` does not): precise enough not to block every `config.yaml`, and a
//! home-relative spelling is still caught. No library does this matching (glob crates match
//! whole paths against a pattern, not two partly known paths against each other); components are
//! compared with the `glob` crate.

use glob::Pattern;

use crate::rules::network::dest::DYN;

/// Where a path's components start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `/`
    Root,
    /// The home directory (`~`).
    Home,
    /// Unknown: the components may start in any directory.
    Anywhere,
}

/// A normalised path: an anchor and the components below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    pub anchor: Anchor,
    pub comps: Vec<String>,
}

/// A component that is a wildcard (a glob or a run-time part) rather than a name.
fn wild(c: &str) -> bool {
    c.contains(['*', '?', '[', DYN])
}

/// A component with something of a name in it (`*.wasm`, `.her*`), not only wildcards (`*`, `$X`):
/// `rm -rf *` or `rm -rf $X` alone is not known to touch anything.
fn named(c: &str) -> bool {
    c.chars().any(|ch| !matches!(ch, '*' | '?' | DYN))
}

/// Two components may name the same entry.
fn same(a: &str, b: &str) -> bool {
    let glob = |pat: &str, name: &str| {
        Pattern::new(&pat.replace(DYN, "*")).map_or(pat == name, |p| p.matches(name))
    };
    match (wild(a), wild(b)) {
        (false, false) => a == b,
        (true, false) => glob(a, b),
        (false, true) => glob(b, a),
        (true, true) => true,
    }
}

impl Path {
    /// Parse `text` as a path from `anchor`'s point of view; `.` and `..` are resolved lexically
    /// (`..` above an unknown start leaves the start unknown).
    fn parse(anchor: Anchor, rest: &str) -> Path {
        let mut p = Path {
            anchor,
            comps: Vec::new(),
        };
        p.walk(rest);
        p
    }

    /// A path as a command names it. `home`: the home directory as the host gave it; `cwd`: the
    /// working directory when an earlier `cd` made it known. `None` when nothing of it is known.
    pub fn target(text: &str, home: Option<&Path>, cwd: Option<&Path>) -> Option<Path> {
        let text = text.trim();
        if text.is_empty() || text.chars().all(|c| c == DYN) {
            return None;
        }
        let p = if text == "~" || text.starts_with("~/") {
            Path::parse(Anchor::Home, &text[1..])
        } else if let Some(rest) = text.strip_prefix('/') {
            Path::parse(Anchor::Root, rest)
        } else {
            let (first, rest) = text.split_once('/').unwrap_or((text, ""));
            if first.starts_with('~') || first.contains(DYN) {
                // `~user/…`, `$HOME/…`, `$(pwd)/…`: the start is unknown.
                Path::parse(Anchor::Anywhere, rest)
            } else {
                match cwd {
                    Some(cwd) => cwd.join(text),
                    None => Path::parse(Anchor::Anywhere, text),
                }
            }
        };
        Some(p.at_home(home))
    }

    /// A protected path as written in a policy or by a host: `~/…` is under the home directory,
    /// `/…` absolute, `**/…` (or anything relative) at any depth.
    pub fn pattern(text: &str, home: Option<&Path>) -> Path {
        let text = text.trim();
        let p = if text == "~" || text.starts_with("~/") {
            Path::parse(Anchor::Home, &text[1..])
        } else if let Some(rest) = text.strip_prefix('/') {
            Path::parse(Anchor::Root, rest)
        } else {
            Path::parse(Anchor::Anywhere, text.strip_prefix("**/").unwrap_or(text))
        };
        p.at_home(home)
    }

    /// An absolute path inside the known home directory, anchored at home instead (and one of
    /// the directories above home, as home itself: what it holds includes everything home holds).
    fn at_home(self, home: Option<&Path>) -> Path {
        match home {
            Some(h)
                if self.anchor == Anchor::Root
                    && h.anchor == Anchor::Root
                    && !self.comps.is_empty() =>
            {
                if self.comps.starts_with(&h.comps) {
                    Path {
                        anchor: Anchor::Home,
                        comps: self.comps[h.comps.len()..].to_vec(),
                    }
                } else if h.comps.starts_with(&self.comps) {
                    Path {
                        anchor: Anchor::Home,
                        comps: Vec::new(),
                    }
                } else {
                    self
                }
            }
            _ => self,
        }
    }

    /// Follow the components of `rel` from here: `.` and empty ones stay, `..` goes up (above an
    /// unknown home, the start becomes unknown).
    fn walk(&mut self, rel: &str) {
        for c in rel.split('/') {
            match c {
                "" | "." => {}
                ".." => {
                    if self.comps.pop().is_none() && self.anchor == Anchor::Home {
                        self.anchor = Anchor::Anywhere;
                    }
                }
                c => self.comps.push(c.to_string()),
            }
        }
    }

    /// `rel` resolved against this directory (`rel` absolute or home-relative stands alone).
    pub fn join(&self, rel: &str) -> Path {
        if rel == "~" || rel.starts_with("~/") {
            return Path::parse(Anchor::Home, &rel[1..]);
        }
        if let Some(rest) = rel.strip_prefix('/') {
            return Path::parse(Anchor::Root, rest);
        }
        let mut p = self.clone();
        p.walk(rel);
        p
    }

    /// The path written out again (`Anywhere` as a relative path).
    pub fn display(&self) -> String {
        let body = self.comps.join("/");
        match self.anchor {
            Anchor::Root => format!("/{body}"),
            Anchor::Home if body.is_empty() => "~".into(),
            Anchor::Home => format!("~/{body}"),
            Anchor::Anywhere if body.is_empty() => ".".into(),
            Anchor::Anywhere => body,
        }
    }

    /// This path with `name` appended (the file `cp x DIR/` writes).
    pub fn child(&self, name: &str) -> Path {
        let mut p = self.clone();
        p.comps.push(name.to_string());
        p
    }

    /// Whether writing this path -- and, when `recursive`, everything under it -- touches `p`.
    pub fn touches(&self, p: &Path, recursive: bool) -> bool {
        use Anchor::*;
        if self.comps.is_empty() {
            // `/` or `~` itself: everything below it.
            return recursive
                && (self.anchor == Root || self.anchor == p.anchor || p.anchor == Anywhere);
        }
        // Where `p`'s first component may sit among this path's components.
        let offsets = if self.anchor == p.anchor && self.anchor != Anywhere {
            0..1
        } else {
            0..self.comps.len()
        };
        offsets.into_iter().any(|i| {
            let here = &self.comps[i..];
            let n = here.len().min(p.comps.len());
            let aligned = (0..n).all(|j| same(&here[j], &p.comps[j]));
            let known = here[..n].iter().any(|c| named(c));
            // Equal to `p` or inside it, or (recursively) a directory above it.
            aligned && known && (here.len() >= p.comps.len() || recursive)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hits(target: &str, pattern: &str, recursive: bool) -> bool {
        let home = Path::pattern("/home/me", None);
        let t = Path::target(&target.replace('$', &DYN.to_string()), Some(&home), None);
        t.is_some_and(|t| t.touches(&Path::pattern(pattern, Some(&home)), recursive))
    }

    #[test]
    fn spellings_of_one_file_match() {
        let p = "~/.hermes/egress-guard.yaml";
        for t in [
            "~/.hermes/egress-guard.yaml",
            "/home/me/.hermes/egress-guard.yaml",
            "$/.hermes/egress-guard.yaml",
            ".hermes/egress-guard.yaml",
            "~/x/../.hermes/./egress-guard.yaml",
            "~/.hermes/*.yaml",
            "~/.her*/egress-guard.yaml",
            "~/.hermes/$",
        ] {
            assert!(hits(t, p, false), "{t}");
        }
        for t in [
            "egress-guard.yaml",
            "~/.hermes/config.yaml",
            "/etc/.hermes2/egress-guard.yaml",
            "$",
            "~/.hermes/egress-guard.yaml.bak",
            "/tmp/egress-guard.yaml",
        ] {
            assert!(!hits(t, p, false), "{t}");
        }
    }

    #[test]
    fn directories_above_count_only_when_the_operation_is_recursive() {
        let p = "~/.hermes/plugins/egress-guard";
        for t in [
            "~",
            "/",
            "/home",
            "~/.hermes",
            "/home/me/.hermes/plugins",
            ".hermes",
            "$/.hermes",
        ] {
            assert!(hits(t, p, true), "{t}");
            assert!(!hits(t, p, false), "{t}");
        }
        assert!(
            hits("~/.hermes/plugins/egress-guard/__init__.py", p, false),
            "inside a protected directory"
        );
        assert!(!hits("/home/you", p, true));
        assert!(!hits("~/projects", p, true));
        let unknown_home = Path::target("/home", None, None).unwrap();
        assert!(
            !unknown_home.touches(&Path::pattern(p, None), true),
            "without the host's home, /home is not known to be above ~"
        );
    }

    #[test]
    fn floating_patterns_match_at_any_depth() {
        let p = "**/egress_guard.wasm";
        for t in [
            "/opt/x/egress_guard.wasm",
            "egress_guard.wasm",
            "~/venv/lib/egress_guard/egress_guard.wasm",
            "dist/*.wasm",
        ] {
            assert!(hits(t, p, false), "{t}");
        }
        assert!(!hits("dist/other.wasm", p, false));
        assert!(
            !hits("/opt/x", p, true),
            "no component of it is known to be above"
        );
    }
}
