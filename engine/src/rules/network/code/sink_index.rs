//! Which sink of a language's table a call's path names, in at most three hash lookups rather
//! than a walk over every pattern of the table: code that makes a call per line (hundreds of
//! thousands in a snippet at the size cap) paid more for that walk than for the rest of reading
//! each call.

use std::collections::HashMap;

/// A table's patterns by their form: `a.b.c` (that path), `a.b.*` (every method of `a.b`), and
/// `*.m` or `?.m` (the method `m` of anything); each with the first sink, in table order, that
/// has it.
pub struct SinkIndex {
    exact: HashMap<&'static str, usize>,
    members: HashMap<&'static str, usize>,
    methods: HashMap<&'static str, usize>,
}

impl SinkIndex {
    /// The index of a table: the patterns of each sink, in table order.
    pub fn new(sinks: impl Iterator<Item = &'static [&'static str]>) -> SinkIndex {
        let mut index = SinkIndex { exact: HashMap::new(), members: HashMap::new(), methods: HashMap::new() };
        for (i, patterns) in sinks.enumerate() {
            for &p in patterns {
                let (map, key) = if let Some(m) = p.strip_prefix("*.").or_else(|| p.strip_prefix("?.")) {
                    (&mut index.methods, m)
                } else if let Some(of) = p.strip_suffix(".*") {
                    (&mut index.members, of)
                } else {
                    (&mut index.exact, p)
                };
                map.entry(key).or_insert(i);
            }
        }
        index
    }

    /// The first sink, in table order, with a pattern that matches `path`.
    pub fn find(&self, path: &str) -> Option<usize> {
        let (of, method) = path.rsplit_once('.').map_or((None, path), |(of, m)| (Some(of), m));
        [self.exact.get(path), of.and_then(|of| self.members.get(of)), self.methods.get(method)].into_iter().flatten().min().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_sink_in_table_order_that_matches() {
        let sinks: [&'static [&'static str]; 3] = [&["requests.*", "urllib.request.urlopen"], &["*.to_csv", "requests.Session.*"], &["?.post", "system"]];
        let index = SinkIndex::new(sinks.into_iter());
        assert_eq!(index.find("requests.post"), Some(0));
        assert_eq!(index.find("requests.Session.post"), Some(1));
        assert_eq!(index.find("requests.adapters.HTTPAdapter.send"), None);
        assert_eq!(index.find("urllib.request.urlopen"), Some(0));
        assert_eq!(index.find("df.to_csv"), Some(1));
        assert_eq!(index.find("client.post"), Some(2));
        assert_eq!(index.find("post"), Some(2));
        assert_eq!(index.find("system"), Some(2));
        assert_eq!(index.find("os.system"), None);
        assert_eq!(index.find("requests"), None);
    }
}
