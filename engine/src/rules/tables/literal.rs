//! Tables written as keyed literals: what `print()` writes for a dict of dicts
//! (`df.to_dict("index")`, `df.to_dict()`, with tuple keys for a MultiIndex), a `Counter`
//! (`Counter({'North': 12, 'South': 3})`, most common first) or a list of records
//! (`to_dict("records")`), a JavaScript array of documents as mongosh prints it (bare keys,
//! single quotes: `[ { _id: 'North', n: 3 }, … ]`), pandas' `to_json(orient="split")` (`columns`, `index`, `data`), and nested JSON objects (`df.to_json(orient="index")`,
//! `json.dumps(nested, indent=2)`: `{"North": {"Male": 12, "Female": 3}, …}`), and a dict of
//! columns (`df.to_dict("list")`: `{'region': ['North', 'South'], 'n': [3, 40]}`), turned the right
//! way as the column-per-line prints are. Other languages' printers write the same shapes: Elixir's
//! `inspect` (`%{count: 3, region: "North"}`, tuple keys `{"North", "Owner"} => 3`), Wolfram's
//! associations (`<|North -> <|Owner -> 12|>|>`), and those named at [`Parser::members`].
//!
//! A nested object is a table when its leaves all sit at one depth and fill a grid: the outer
//! keys are row labels, the inner ones columns (a tuple key gives one label column or header row
//! per part); with three levels or more, the split between row and column levels is the one
//! giving the smallest grid (a column group shared by every row). A table needs two rows and a
//! grid filled to two thirds: a config object (`{"server": {"port": 8080}, "retry": {"max": 3}}`)
//! shares no keys between its branches and is no table. A flat dict is a table only as a
//! `Counter` (or `defaultdict(<class 'int'>, …)`): a flat dict of settings is no table either.
//!
//! Hand-written: serde_json keeps no byte ranges and rejects Python's repr (single quotes,
//! tuples, `None`, `Counter(…)`), and no Rust crate reads Python literals with byte ranges; the
//! grammar needed (strings, numbers, names, dicts, lists, tuples, a few calls) is small. A
//! number's range is rewritten as a quoted string (valid in both languages); a string's range
//! is its content inside the quotes. Candidates are parsed within a budget proportional to the
//! text, so many openings cannot make reading quadratic.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::numbers::{Locale, stands_for_number};
use super::{Field, Format, Row, Table, columns, parse_budget};

/// Deeper literals are no table (and the parser's recursion stays shallow).
const MAX_DEPTH: usize = 8;

/// A dict's members: the key (one field, or one per tuple part) and the value.
type Members<'t> = Vec<(Vec<Field<'t>>, Value<'t>)>;

enum Value<'t> {
    Scalar(Field<'t>),
    Tuple(Vec<Field<'t>>),
    /// A tuple holding more than scalars (a Haskell pair `("North",fromList […])`).
    Group(Vec<Value<'t>>),
    Map(Members<'t>),
    List(Vec<Value<'t>>),
    /// A `Counter` or an int `defaultdict`: a flat map of counts.
    Counts(Members<'t>),
}

struct Parser<'t> {
    text: &'t str,
    k: usize,
    /// Python-only syntax was seen (single quotes, tuples, names, calls): not JSON.
    python: bool,
    /// Clojure's EDN was seen (a keyword `:region`, a namespaced map `#:ns{…}`): a map's key
    /// may stand before its value with no separator.
    edn: bool,
}

impl<'t> Parser<'t> {
    fn ws(&mut self) {
        let b = self.text.as_bytes();
        while self.k < b.len() && b[self.k].is_ascii_whitespace() {
            self.k += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.k).copied()
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.peek()? == c).then(|| self.k += 1)
    }

    fn value(&mut self, depth: usize) -> Option<Value<'t>> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.ws();
        match self.peek()? {
            // A Wolfram list of associations `{<|…|>, <|…|>}`.
            b'{' if self.text.as_bytes()[self.k + 1..].trim_ascii_start().starts_with(b"<|") => {
                self.k += 1;
                Some(Value::List(self.items(b'}', depth)?))
            }
            // A Lua sequence of tables, as `inspect.lua` and `vim.inspect` print one: `{ {…}, {…} }`.
            // (An Elixir map keyed by tuples opens the same way, and is read as a map.)
            b'{' if self.text.as_bytes()[self.k + 1..].trim_ascii_start().starts_with(b"{") => {
                let start = self.k;
                self.k += 1;
                if let Some(items) = self.items(b'}', depth) {
                    self.python = true;
                    return Some(Value::List(items));
                }
                self.k = start;
                Some(Value::Map(self.map(depth)?))
            }
            b'{' if self.brace_tuple() => {
                self.k += 1;
                Some(Value::Tuple(scalars(self.items(b'}', depth)?)?))
            }
            b'{' => {
                let m = self.map(depth)?;
                Some(self.typed_attribute(m))
            }
            // Elixir: a map `%{…}`, a struct `%Row{…}`.
            b'%' => {
                self.python = true;
                self.k += 1;
                let b = self.text.as_bytes();
                while b.get(self.k).is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.')) {
                    self.k += 1;
                }
                (self.peek()? == b'{').then_some(())?;
                Some(Value::Map(self.map(depth)?))
            }
            // Wolfram: an association `<|key -> value, …|>`.
            b'<' if self.text.as_bytes()[self.k..].starts_with(b"<|") => {
                self.python = true;
                self.k += 2;
                Some(Value::Map(self.association(depth)?))
            }
            // Swift's dictionary: `["North": 12, …]`, `[:]` when empty.
            b'[' if self.swift_dict() => {
                self.python = true;
                self.k += 1;
                if self.text.as_bytes()[self.k..].starts_with(b":]") {
                    self.k += 2;
                    return Some(Value::Map(Vec::new()));
                }
                Some(Value::Map(self.members(b']', depth)?))
            }
            b'[' => {
                self.k += 1;
                // An F# array: `[|("North", 12); …|]`.
                if self.peek() == Some(b'|') {
                    self.python = true;
                    self.k += 1;
                }
                Some(Value::List(self.items(b']', depth)?))
            }
            // Clojure: a keyword (`:region`, read without its colon), a namespaced map
            // (`#:report{:n 3}`).
            b':' if self.text.as_bytes().get(self.k + 1).is_some_and(|c| c.is_ascii_alphabetic()) => {
                self.python = true;
                self.edn = true;
                let start = self.k + 1;
                let b = self.text.as_bytes();
                let mut k = start;
                while k < b.len() && (b[k].is_ascii_alphanumeric() || matches!(b[k], b'-' | b'_' | b'?' | b'!' | b'*' | b'/' | b'.')) {
                    k += 1;
                }
                self.k = k;
                Some(Value::Scalar(Field { start, end: k, text: Cow::Borrowed(&self.text[start..k]), quoted: false, indent: 0 }))
            }
            b'#' if self.text.as_bytes()[self.k..].starts_with(b"#:") => {
                self.python = true;
                self.edn = true;
                let b = self.text.as_bytes();
                self.k += b[self.k..].iter().position(|&c| c == b'{' || c.is_ascii_whitespace())?;
                Some(Value::Map(self.map(depth)?))
            }
            // A Julia `NamedTuple`: `(region = "North", n = 3)`.
            b'(' if {
                let mut p = Parser { text: self.text, k: self.k + 1, python: false, edn: false };
                p.ws();
                p.bare_key().is_some() && matches!(self.text.as_bytes()[p.k..].trim_ascii_start().first(), Some(b'=' | b':'))
            } =>
            {
                self.python = true;
                self.k += 1;
                Some(Value::Map(self.members(b')', depth)?))
            }
            b'(' => {
                self.python = true;
                self.k += 1;
                let items = self.items(b')', depth)?;
                if items.iter().all(|v| matches!(v, Value::Scalar(_))) { Some(Value::Tuple(scalars(items)?)) } else { Some(Value::Group(items)) }
            }
            b'\'' | b'"' => Some(Value::Scalar(self.string()?)),
            c if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.') => Some(Value::Scalar(self.number()?)),
            c if c.is_ascii_alphabetic() || c == b'_' => self.name(depth),
            _ => None,
        }
    }

    /// Tuples a line, as a DB-API cursor's rows print one by one (`for row in cur:
    /// print(row)`): the list they stand for, up to the first line that is no tuple.
    fn tuple_lines(&mut self) -> Option<Value<'t>> {
        let b = self.text.as_bytes();
        let mut out = Vec::new();
        let mut end = self.k;
        while b.get(self.k) == Some(&b'(') {
            match self.value(1) {
                Some(v @ Value::Tuple(_)) => out.push(v),
                _ => break,
            }
            end = self.k;
            while b.get(self.k).is_some_and(|&c| c == b' ' || c == b'\r') {
                self.k += 1;
            }
            if b.get(self.k) != Some(&b'\n') {
                break;
            }
            self.k += 1;
        }
        self.k = end;
        self.python = true;
        (out.len() >= 2).then_some(Value::List(out))
    }

    /// The value after `=` (a Java or Kotlin `toString()`, a dataclass's keyword): a literal,
    /// or bare text up to the next `,` or bracket on its line (`{North East={Owner=12}}`).
    fn assigned(&mut self, depth: usize) -> Option<Value<'t>> {
        self.ws();
        // F#'s option around a record field's value: `N = Some 12`.
        while self.text.as_bytes()[self.k..].starts_with(b"Some ") {
            self.python = true;
            self.k += "Some ".len();
            self.ws();
        }
        if matches!(self.peek()?, b'{' | b'[' | b'\'' | b'"') {
            return self.value(depth);
        }
        let b = self.text.as_bytes();
        let start = self.k;
        let mut k = start;
        while k < b.len() && !matches!(b[k], b',' | b';' | b'}' | b')' | b']' | b'\n' | b'(' | b'{' | b'[') {
            k += 1;
        }
        if b.get(k).is_some_and(|c| matches!(c, b'(' | b'{' | b'[')) {
            // A call or a nested literal: read as a value.
            return self.value(depth);
        }
        let raw = self.text[start..k].trim_end();
        if raw.is_empty() {
            return None;
        }
        self.k = start + raw.len();
        self.python = true;
        let number = raw.replace('_', "").parse::<f64>().is_ok() || matches!(raw, "null" | "None" | "NaN" | "nan" | "undef" | "nil");
        Some(Value::Scalar(Field { start, end: start + raw.len(), text: Cow::Borrowed(raw), quoted: number, indent: 0 }))
    }

    /// Whether the `{` here opens an Elixir or Erlang tuple (`{"North", "Owner"} => 12`): its
    /// first item a quoted string or a number followed by a comma, never a key's separator.
    fn brace_tuple(&self) -> bool {
        let mut p = Parser { text: self.text, k: self.k + 1, python: false, edn: false };
        p.ws();
        let first = match p.peek() {
            Some(b'"' | b'\'') => p.string().is_some(),
            Some(c) if c.is_ascii_digit() || c == b'-' => p.number().is_some(),
            _ => false,
        };
        first && p.eat(b',').is_some()
    }

    /// The members of a Wolfram association after `<|`, up to `|>`: `key -> value` (or `:>`),
    /// a key quoted or bare as `OutputForm` prints it (words and spaces, maybe empty), a value a
    /// literal or bare text up to the next `,` or `|>`.
    fn association(&mut self, depth: usize) -> Option<Members<'t>> {
        let mut out = Vec::new();
        let b = self.text.as_bytes();
        loop {
            self.ws();
            if b[self.k..].starts_with(b"|>") {
                self.k += 2;
                return Some(out);
            }
            let start = self.k;
            let key = if matches!(self.peek()?, b'"') {
                let f = self.string()?;
                self.ws();
                f
            } else if b[start..].starts_with(b"->") || b[start..].starts_with(b":>") {
                Field::virtual_at(start, Cow::Borrowed(""))
            } else {
                let len = b[start..].iter().position(|&c| matches!(c, b',' | b'|' | b'<' | b'\n' | b'{' | b'}' | b'"'))?;
                let arrow = self.text[start..start + len].find(" -> ").or_else(|| self.text[start..start + len].find(" :> "))?;
                let raw = self.text[start..start + arrow].trim_end();
                self.k = start + arrow + 1;
                Field { start, end: start + raw.len(), text: Cow::Borrowed(raw), quoted: false, indent: 0 }
            };
            let rest = &b[self.k..];
            if !(rest.starts_with(b"->") || rest.starts_with(b":>")) {
                return None;
            }
            self.k += 2;
            self.ws();
            let at = self.k;
            let number = (self.peek()?.is_ascii_digit() || self.peek()? == b'-').then(|| self.number()).flatten().filter(|_| {
                self.ws();
                matches!(self.peek(), Some(b',' | b'|' | b'}'))
            });
            if number.is_none() {
                self.k = at;
            }
            let value = if let Some(f) = number {
                Value::Scalar(f)
            } else if matches!(self.peek()?, b'<' | b'{' | b'"') {
                self.value(depth + 1)?
            } else {
                let start = self.k;
                let len = b[start..].iter().position(|&c| matches!(c, b',' | b'|' | b'\n' | b'}'))?;
                let raw = self.text[start..start + len].trim_end();
                self.k = start + raw.len();
                let number = matches!(raw, "Missing[]" | "Null" | "Indeterminate");
                Value::Scalar(Field { start, end: start + raw.len(), text: Cow::Borrowed(raw), quoted: number, indent: 0 })
            };
            out.push((vec![self.named(key)], value));
            self.ws();
            match self.peek()? {
                b',' => self.k += 1,
                b'|' => {}
                _ => return None,
            }
        }
    }

    /// Values up to `close`, separated by commas (a trailing comma allowed in Python) or, in
    /// F# and OCaml, semicolons; an F# array closes with `|]`, and F# Interactive cuts a long
    /// list with `...`, no item.
    fn items(&mut self, close: u8, depth: usize) -> Option<Vec<Value<'t>>> {
        let mut out = Vec::new();
        loop {
            self.ws();
            let rest = &self.text.as_bytes()[self.k..];
            if *rest.first()? == close {
                self.k += 1;
                return Some(out);
            }
            if rest.first() == Some(&b'|') && rest.get(1) == Some(&close) {
                self.k += 2;
                return Some(out);
            }
            if rest.starts_with(b"...") {
                self.k += 3;
                self.python = true;
            } else {
                out.push(self.value(depth + 1)?);
            }
            let before = self.k;
            self.ws();
            match self.peek()? {
                b',' => self.k += 1,
                b';' => {
                    self.python = true;
                    self.k += 1;
                }
                c if c == close => {}
                // Items apart by blanks only: an EDN vector (`[{…} {…}]`), commas being blanks.
                _ if self.k > before => self.python = true,
                _ => return None,
            }
        }
    }

    fn map(&mut self, depth: usize) -> Option<Members<'t>> {
        self.eat(b'{')?;
        self.members(b'}', depth)
    }

    /// Members up to `close`, each a key, a separator and a value: `key: value` (Python, JSON,
    /// JavaScript, a Rust struct's `{:#?}`), `key => value` (Perl's `Data::Dumper`, Ruby, PHP's
    /// `var_export`), `key=value` (Java's and Kotlin's `toString()`, a dataclass's or a Spark
    /// `Row`'s repr).
    fn members(&mut self, close: u8, depth: usize) -> Option<Members<'t>> {
        let mut out = Vec::new();
        loop {
            self.ws();
            if self.peek()? == close {
                self.k += 1;
                return Some(out);
            }
            let key = match self.bare_key().or_else(|| self.lua_key()).map_or_else(|| self.value(depth + 1), |f| Some(Value::Scalar(f)))? {
                Value::Scalar(f) => vec![self.named(f)],
                Value::Tuple(parts) if !parts.is_empty() => parts.into_iter().map(|f| self.named(f)).collect(),
                // An EDN map keyed by vectors: `{["North" "Owner"] 12, …}`.
                Value::List(parts) if !parts.is_empty() && parts.iter().all(|v| matches!(v, Value::Scalar(_))) => {
                    self.edn = true;
                    scalars(parts)?
                }
                _ => return None,
            };
            self.ws();
            let rest = &self.text.as_bytes()[self.k..];
            let value = if self.edn && !rest.starts_with(b"=") && !rest.starts_with(b":") {
                self.value(depth + 1)?
            } else if rest.starts_with(b"{") {
                // A protobuf message field: `rows { … }`.
                self.value(depth + 1)?
            } else if rest.starts_with(b"=>") {
                self.python = true;
                self.k += 2;
                self.value(depth + 1)?
            } else if rest.starts_with(b"=") && !rest.starts_with(b"==") {
                self.k += 1;
                self.assigned(depth + 1)?
            } else {
                self.eat(b':')?;
                self.value(depth + 1)?
            };
            out.push((key, value));
            let before = self.k;
            self.ws();
            match self.peek()? {
                b',' => self.k += 1,
                // An F# or OCaml record on one line: `{ Region = "North"; N = 3 }`.
                b';' => {
                    self.python = true;
                    self.k += 1;
                }
                c if c == close => {}
                // Members apart by blanks only: EDN, protobuf's text format.
                _ if self.k > before => self.python = true,
                _ => return None,
            }
        }
    }

    /// An unquoted key, if one stands here before its separator: a JavaScript object's or a Rust
    /// struct's (`_id: 'North'`, as mongosh and node print documents), a Ruby or Perl bareword's
    /// (`north => 3`), a Java map's (words and spaces before `=`: `North East=3`).
    fn bare_key(&mut self) -> Option<Field<'t>> {
        let b = self.text.as_bytes();
        let start = self.k;
        let word = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$');
        let mut k = start;
        while k < b.len() && (word(b[k]) || (k > start && matches!(b[k], b' ' | b'-' | b'.') && b.get(k + 1).is_some_and(|&c| word(c)))) {
            k += 1;
        }
        if k == start {
            return None;
        }
        let end = k;
        while k < b.len() && b[k].is_ascii_whitespace() {
            k += 1;
        }
        let rest = &b[k..];
        let spaced = b[start..end].iter().any(|c| matches!(c, b' ' | b'-' | b'.'));
        let assigned = rest.starts_with(b"=") && !rest.starts_with(b"==") && !rest.starts_with(b"=>");
        // Only a Java map's key may start with a digit (`2019 Q1=111`); elsewhere a number is
        // a key of its own (`{1: 3}`).
        if b[start].is_ascii_digit() && !assigned {
            return None;
        }
        let message = rest.starts_with(b"{") && !spaced;
        if !(assigned || message || rest.starts_with(b"=>") || (rest.starts_with(b":") && !spaced)) || (spaced && rest.starts_with(b"=>")) {
            return None;
        }
        self.python = true;
        self.k = end;
        Some(Field { start, end, text: Cow::Borrowed(&self.text[start..end]), quoted: false, indent: 0 })
    }

    /// A Lua key in brackets before its `=` (`["Peace Valley"] = 3`, `[1] = 3`), as `inspect.lua`
    /// writes a key that is no identifier.
    fn lua_key(&mut self) -> Option<Field<'t>> {
        let start = self.k;
        if self.peek()? != b'[' {
            return None;
        }
        self.k += 1;
        self.ws();
        let key = match self.peek() {
            Some(b'"' | b'\'') => self.string(),
            Some(c) if c.is_ascii_digit() => self.number(),
            _ => None,
        };
        let closed = key.is_some() && self.eat(b']').is_some() && {
            self.ws();
            let rest = &self.text.as_bytes()[self.k..];
            rest.starts_with(b"=") && !rest.starts_with(b"==") && !rest.starts_with(b"=>")
        };
        if !closed {
            self.k = start;
            return None;
        }
        self.python = true;
        key.map(|f| Field { quoted: false, ..f })
    }

    /// Whether the `[` here opens a Swift dictionary: `[:]`, or a string key then `:`.
    fn swift_dict(&self) -> bool {
        let mut p = Parser { text: self.text, k: self.k + 1, python: false, edn: false };
        p.ws();
        if self.text.as_bytes()[p.k..].starts_with(b":]") {
            return true;
        }
        p.peek() == Some(b'"') && p.string().is_some() && {
            p.ws();
            p.peek() == Some(b':')
        }
    }

    /// Swift's `dump()` from its first line (at `self.k`, after the line's indentation): a tree
    /// of lines, `▿ ` before a node with children (`▿ 3 elements`, `▿ 2 key/value pairs`,
    /// `▿ (2 elements)`, `▿ Report.Row`, `▿ region: Report.Row`), `- ` before a leaf
    /// (`- region: "North"`, `- value: 12`, `- "North"`), each child two spaces further in.
    fn swift_dump(&mut self) -> Option<Value<'t>> {
        self.python = true;
        let b = self.text.as_bytes();
        // The tree's lines: indentation, whether a node, the label's range.
        let mut lines: Vec<(usize, bool, usize, usize)> = Vec::new();
        let mut s = self.k - self.text[..self.k].bytes().rev().take_while(|&c| c == b' ').count();
        let root = self.k - s;
        let mut end = self.k;
        while s < b.len() {
            let e = memchr::memchr(b'\n', &b[s..]).map_or(b.len(), |d| s + d);
            let line = self.text[s..e].trim_end();
            let indent = line.len() - line.trim_start_matches(' ').len();
            let rest = &line[indent..];
            let node = rest.starts_with("▿ ") || rest.starts_with("▹ ");
            if !(node || rest.starts_with("- ")) || (!lines.is_empty() && indent <= root) {
                break;
            }
            let label = s + indent + if node { "▿ ".len() } else { 2 };
            lines.push((indent, node, label, s + line.len()));
            end = s + line.len();
            s = e + 1;
        }
        self.k = end;
        let (v, _, next) = dump_node(self.text, &lines, 0, 0)?;
        (next == lines.len()).then_some(v)
    }

    /// A DynamoDB attribute value as the low-level API writes it (`{"S": "North"}`, a number as
    /// a string `{"N": "12"}`, `{"NULL": true}`, `{"BOOL": false}`) as the scalar it holds;
    /// any other map as it is.
    fn typed_attribute(&self, mut m: Members<'t>) -> Value<'t> {
        let [(key, Value::Scalar(f))] = m.as_mut_slice() else { return Value::Map(m) };
        let [name] = key.as_slice() else { return Value::Map(m) };
        let string = f.start > 0 && !f.quoted && matches!(self.text.as_bytes()[f.start - 1], b'"' | b'\'');
        match (&*name.text, string) {
            ("S" | "N", true) | ("BOOL", false) => Value::Scalar(f.clone()),
            ("NULL", false) => Value::Scalar(Field::virtual_at(f.start, Cow::Borrowed(""))),
            _ => Value::Map(m),
        }
    }

    /// A key part: a Python string key that reads as a number (`'1'`, a level or a code) keeps
    /// its quotes, since it is a name, never a count (an int key has none).
    fn named(&self, f: Field<'t>) -> Field<'t> {
        let quoted_str = f.start > 0 && self.text.as_bytes()[f.start - 1] == b'\'' && !f.quoted;
        if quoted_str && f.text.trim().parse::<f64>().is_ok() {
            return Field { start: f.start - 1, end: f.end + 1, text: Cow::Borrowed(&self.text[f.start - 1..f.end + 1]), quoted: false, indent: 0 };
        }
        f
    }

    /// A quoted string: its content's range; escapes undone in the text.
    fn string(&mut self) -> Option<Field<'t>> {
        let b = self.text.as_bytes();
        let q = b[self.k];
        self.python |= q == b'\'';
        let start = self.k + 1;
        let mut k = start;
        let mut escaped = false;
        while k < b.len() && b[k] != q {
            if b[k] == b'\n' {
                return None;
            }
            if b[k] == b'\\' {
                escaped = true;
                k += 1;
            }
            k += 1;
        }
        if k >= b.len() {
            return None;
        }
        self.k = k + 1;
        let raw = &self.text[start..k];
        let text = if escaped { Cow::Owned(unescape(raw)) } else { Cow::Borrowed(raw) };
        Some(Field { start, end: k, text, quoted: false, indent: 0 })
    }

    fn number(&mut self) -> Option<Field<'t>> {
        let b = self.text.as_bytes();
        let start = self.k;
        let mut k = start;
        while k < b.len() && (b[k].is_ascii_alphanumeric() || matches!(b[k], b'.' | b'-' | b'+' | b'_')) {
            k += 1;
        }
        let raw = &self.text[start..k];
        if raw.replace('_', "").parse::<f64>().is_err() {
            return None;
        }
        self.k = k;
        Some(Field { start, end: k, text: Cow::Borrowed(raw), quoted: true, indent: 0 })
    }

    /// A name (`None`, `True`, `nan`, `null`, Perl's `undef`, Ruby's `nil`, a Rust enum's
    /// variant as a label) or a call: `Counter({…})`, `OrderedDict({…})`,
    /// `defaultdict(<class 'int'>, {…})`, a NumPy scalar (`np.int64(12)`), Rust's `Some(…)`; a
    /// record by its type's name: a Rust struct's `{:#?}` (`Row { region: "North", n: 3 }`), a
    /// dataclass's, Spark `Row`'s or Kotlin data class's keywords (`Row(region='North', n=3)`),
    /// a Java record's (`Row[region=North, n=3]`); PHP's `print_r` (`Array ( [n] => 3 )`) and
    /// `var_export` (`array ( 'n' => 3, )`).
    fn name(&mut self, depth: usize) -> Option<Value<'t>> {
        let b = self.text.as_bytes();
        let start = self.k;
        let mut k = start;
        while k < b.len() && (b[k].is_ascii_alphanumeric() || matches!(b[k], b'_' | b'.')) {
            k += 1;
        }
        let name = &self.text[start..k];
        self.k = k;
        let scalar = |quoted| Some(Value::Scalar(Field { start, end: k, text: Cow::Borrowed(name), quoted, indent: 0 }));
        // A type's name, maybe qualified (`Report.Row`, Swift's `__lldb_expr_7.Summary`).
        let typed = name.rsplit('.').next().and_then(|n| n.bytes().find(|&c| c != b'_')).is_some_and(|c| c.is_ascii_uppercase());
        let past_blanks = |i: usize| i + b[i..].iter().take_while(|c| c.is_ascii_whitespace()).count();
        let after = past_blanks(k);
        // PHP: `Array (`, `stdClass Object (` (`print_r`), `array (` (`var_export`).
        let object = typed && b[k..].starts_with(b" Object");
        let php_open = if object { past_blanks(k + " Object".len()) } else { after };
        if (object || matches!(name, "Array" | "array")) && b.get(php_open) == Some(&b'(') {
            self.python = true;
            self.k = php_open + 1;
            return if name == "array" { Some(keyed_list(self.members(b')', depth)?)) } else { self.print_r(depth) };
        }
        if typed && b.get(after) == Some(&b'{') {
            self.python = true;
            self.k = after;
            return Some(Value::Map(self.map(depth)?));
        }
        if typed && b.get(k) == Some(&b'[') {
            self.python = true;
            self.k = k + 1;
            return Some(Value::Map(self.members(b']', depth)?));
        }
        // Haskell's `show`: a `Data.Map` as `fromList [(key,value),…]`, a `Maybe` as `Just 3` or
        // `Nothing` (a missing value).
        match name {
            // F#'s `Map`: `map [("North", 12); …]`.
            "fromList" | "map" if b.get(after) == Some(&b'[') => {
                self.python = true;
                self.k = after + 1;
                return Some(Value::Map(self.pairs(depth)?));
            }
            // F#'s option: `Some 12`.
            "Just" | "Some" if after > k => {
                self.python = true;
                self.k = after;
                return match self.value(depth + 1)? {
                    v @ Value::Scalar(_) => Some(v),
                    _ => None,
                };
            }
            "Nothing" => {
                self.python = true;
                return Some(Value::Scalar(Field::virtual_at(start, Cow::Borrowed(""))));
            }
            _ => {}
        }
        if b.get(k) != Some(&b'(') {
            return match name {
                "null" | "true" | "false" => scalar(true),
                "None" | "True" | "False" | "nan" | "inf" | "NaN" | "NaT" | "undef" | "nil" => {
                    self.python = true;
                    scalar(true)
                }
                // A bare word after a key (a Rust enum's variant: `sex: Female`) is a label.
                _ if depth > 1 && typed => {
                    self.python = true;
                    scalar(false)
                }
                _ => None,
            };
        }
        self.python = true;
        self.k += 1;
        let out = match name {
            "Some" | "Optional" => match self.value(depth + 1)? {
                v @ Value::Scalar(_) => v,
                _ => return None,
            },
            "Counter" => Value::Counts(self.map(depth)?),
            "OrderedDict" => Value::Map(self.map(depth)?),
            "defaultdict" => {
                self.ws();
                let rest = &self.text[self.k..];
                let close = rest.strip_prefix("<class '")?.find("'>")? + "<class '".len();
                let counts = &rest["<class '".len()..close] == "int";
                self.k += close + 2;
                self.eat(b',')?;
                let m = self.map(depth)?;
                if counts { Value::Counts(m) } else { Value::Map(m) }
            }
            // A `Decimal` (a Django or boto3 value): its digits, as a string or a number.
            _ if name.starts_with("np.") || name.starts_with("numpy.") || matches!(name, "Decimal" | "decimal.Decimal") => match self.value(depth + 1)? {
                v @ Value::Scalar(_) => v,
                _ => return None,
            },
            // Keywords only: a positional call (`Row('North', 3)`) names no field.
            _ if typed => return Some(Value::Map(self.members(b')', depth)?)),
            _ => return None,
        };
        self.eat(b')')?;
        Some(out)
    }

    /// The entries of Julia's REPL display after its header line: indented lines, each
    /// `key => value` in a `Dict`, a value (a `NamedTuple`) in a vector.
    fn julia(&mut self, dict: bool) -> Option<Value<'t>> {
        self.python = true;
        let b = self.text.as_bytes();
        let (mut members, mut items) = (Vec::new(), Vec::new());
        while b.get(self.k) == Some(&b' ') {
            self.ws();
            if dict {
                let key = match self.value(1)? {
                    Value::Scalar(f) => vec![f],
                    Value::Tuple(parts) if !parts.is_empty() => parts,
                    _ => return None,
                };
                (b[self.k..].trim_ascii_start().starts_with(b"=>")).then_some(())?;
                self.ws();
                self.k += 2;
                members.push((key, self.value(1)?));
            } else {
                items.push(self.value(1)?);
            }
            self.k += b[self.k..].iter().take_while(|&&c| c == b' ' || c == b'\r').count();
            match b.get(self.k) {
                Some(b'\n') => self.k += 1,
                None => break,
                _ => return None,
            }
        }
        // Ends after the last entry's line break.
        self.k -= usize::from(b[..self.k].ends_with(b"\n"));
        Some(if dict { Value::Map(members) } else { Value::List(items) })
    }

    /// Protobuf's text format at the top level: fields (`rows { … }`, `total: 3`) up to the
    /// first line that is none.
    fn textproto(&mut self) -> Option<Value<'t>> {
        let mut out = Vec::new();
        loop {
            let before = self.k;
            self.ws();
            let Some(key) = self.bare_key() else {
                self.k = before;
                break;
            };
            self.ws();
            let value = if self.peek()? == b'{' { self.value(1) } else { self.eat(b':').and_then(|_| self.value(1)) };
            let Some(value) = value else {
                self.k = before;
                break;
            };
            out.push((vec![key], value));
        }
        (!out.is_empty()).then_some(Value::Map(out))
    }

    /// A list of pairs after its `[` (Haskell's `fromList [("North",3),…]`) as a map's members,
    /// a tuple key (`(("North","Owner"),3)`) one field per part.
    fn pairs(&mut self, depth: usize) -> Option<Members<'t>> {
        let mut out = Vec::new();
        for item in self.items(b']', depth)? {
            let mut kv = match item {
                Value::Tuple(parts) => parts.into_iter().map(Value::Scalar).collect(),
                Value::Group(items) => items,
                _ => return None,
            };
            let (Some(value), Some(key), true) = (kv.pop(), kv.pop(), kv.is_empty()) else { return None };
            let key = match key {
                Value::Scalar(f) => vec![f],
                Value::Tuple(parts) if !parts.is_empty() => parts,
                _ => return None,
            };
            out.push((key, value));
        }
        Some(out)
    }

    /// The members of PHP's `print_r` after `Array (` / `stdClass Object (`: a line per member,
    /// `[key] => value` with the value's text to the end of its line, or a nested array.
    fn print_r(&mut self, depth: usize) -> Option<Value<'t>> {
        let b = self.text.as_bytes();
        let mut out: Members<'t> = Vec::new();
        loop {
            self.ws();
            match self.peek()? {
                b')' => {
                    self.k += 1;
                    return Some(keyed_list(out));
                }
                b'[' => {}
                _ => return None,
            }
            let ks = self.k + 1;
            let ke = ks + b[ks..].iter().position(|&c| c == b']' || c == b'\n')?;
            if b[ke] != b']' || !b[ke + 1..].starts_with(b" => ") {
                return None;
            }
            let key = self.named(Field { start: ks, end: ke, text: Cow::Borrowed(&self.text[ks..ke]), quoted: false, indent: 0 });
            self.k = ke + " => ".len() + 1;
            let line_end = self.k + b[self.k..].iter().position(|&c| c == b'\n').unwrap_or(b.len() - self.k);
            let raw = self.text[self.k..line_end].trim_end();
            let value = if raw == "Array" || (raw.ends_with(" Object") && raw.as_bytes()[0].is_ascii_uppercase()) {
                self.name(depth + 1)?
            } else {
                let (vs, ve) = (self.k, self.k + raw.len());
                self.k = line_end;
                Value::Scalar(Field { start: vs, end: ve, text: Cow::Borrowed(raw), quoted: false, indent: 0 })
            };
            out.push((vec![key], value));
        }
    }
}

/// The node of a Swift `dump()` at `lines[i]` with its subtree: its value, its name (a field's
/// or a dictionary entry's part, `None` for an element) and the index after its subtree.
fn dump_node<'t>(text: &'t str, lines: &[(usize, bool, usize, usize)], i: usize, depth: usize) -> Option<(Value<'t>, Option<&'t str>, usize)> {
    if depth > MAX_DEPTH {
        return None;
    }
    let (indent, node, a, e) = lines[i];
    let label = &text[a..e];
    // `name: rest`: a field's (or a tuple element's, `.0`) name before its value or type.
    let named = label.find(": ").filter(|&c| c > 0 && label[..c].bytes().all(|x| x.is_ascii_alphanumeric() || matches!(x, b'_' | b'.')));
    let (name, rest, r0) = named.map_or((None, label, a), |c| (Some(&label[..c]), &label[c + 2..], a + c + 2));
    if !node {
        return Some((Value::Scalar(dump_scalar(text, r0, rest)), name, i + 1));
    }
    let mut children: Vec<(Value<'t>, Option<&'t str>)> = Vec::new();
    let mut k = i + 1;
    while k < lines.len() && lines[k].0 > indent {
        let (v, n, next) = dump_node(text, lines, k, depth + 1)?;
        children.push((v, n));
        k = next;
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    let count = |unit: &[&str]| words.len() >= 2 && words[0].parse::<usize>().is_ok() && unit.contains(&words[1]);
    let value = if count(&["elements", "element"]) && words.len() == 2 {
        Value::List(children.into_iter().map(|(v, _)| v).collect())
    } else if count(&["key/value"]) {
        // A dictionary: each entry a `(2 elements)` of `key` and `value`.
        let mut m: Members<'t> = Vec::new();
        for (entry, _) in children {
            let Value::Map(mut kv) = entry else { return None };
            let at = |kv: &Members, n: &str| kv.iter().position(|(k, _)| k.len() == 1 && k[0].text == n);
            let v = kv.swap_remove(at(&kv, "value")?).1;
            let key = match kv.swap_remove(at(&kv, "key")?).1 {
                Value::Scalar(f) => vec![f],
                Value::Tuple(parts) if !parts.is_empty() => parts,
                _ => return None,
            };
            m.push((key, v));
        }
        Value::Map(m)
    } else if rest.starts_with("Optional(") && children.len() == 1 {
        children.pop()?.0
    } else if rest.starts_with('(') && children.iter().all(|(_, n)| n.is_none_or(|n| n.starts_with('.'))) {
        // A tuple of unnamed elements (`.0`, `.1`).
        let items: Vec<Value> = children.into_iter().map(|(v, _)| v).collect();
        if items.iter().all(|v| matches!(v, Value::Scalar(_))) { Value::Tuple(scalars(items)?) } else { Value::Group(items) }
    } else {
        // A struct, a class (`Report.Row #0`), a named tuple: its fields by name.
        let mut m: Members<'t> = Vec::new();
        for (v, n) in children {
            let n = n?;
            let start = n.as_ptr() as usize - text.as_ptr() as usize;
            m.push((vec![Field { start, end: start + n.len(), text: Cow::Borrowed(n), quoted: false, indent: 0 }], v));
        }
        Value::Map(m)
    };
    Some((value, name, k))
}

/// A leaf's value in a Swift `dump()`: a string's content inside its quotes, a number (written
/// back as a string), `nil` (a missing value), an enum's case as a label.
fn dump_scalar<'t>(text: &'t str, a: usize, raw: &str) -> Field<'t> {
    if raw.len() >= 2 && raw.starts_with('"') && raw.ends_with('"') {
        return Field { start: a + 1, end: a + raw.len() - 1, text: Cow::Borrowed(&text[a + 1..a + raw.len() - 1]), quoted: false, indent: 0 };
    }
    let number = raw.parse::<f64>().is_ok() || raw == "nil";
    Field { start: a, end: a + raw.len(), text: Cow::Borrowed(&text[a..a + raw.len()]), quoted: number, indent: 0 }
}

/// A map whose keys are `0`, `1`, `2`… in order (a PHP array, a Perl list printed as a hash) as
/// the list it is.
fn keyed_list(m: Members<'_>) -> Value<'_> {
    if m.len() > 1 && m.iter().enumerate().all(|(i, (k, _))| k.len() == 1 && k[0].text.parse::<usize>() == Ok(i)) {
        Value::List(m.into_iter().map(|(_, v)| v).collect())
    } else {
        Value::Map(m)
    }
}

/// Python's (and JSON's) common string escapes undone.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Every keyed literal that is a table in `text`, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out: Vec<Table<'t>> = Vec::new();
    // Every literal read here holds a brace, a separator `=` (`=>`, `key=value`), a Wolfram
    // association's `<|` or a list of tuples' `[(`.
    // Swift's `dump()` its `▿`, Swift's and F#'s lists `[` and a `: ` or a `;`.
    let listed = text.contains('[') && (text.contains(": ") || text.contains(';'));
    if !text.contains('{') && !text.contains('=') && !text.contains("<|") && !text.contains("[(") && !text.contains("\n(") && !text.contains('▿') && !listed {
        return out;
    }
    let b = text.as_bytes();
    let mut budget = parse_budget(text);
    // Where a named call may open a literal (`Counter(`, PHP's `Array (`), found once: the scan
    // then jumps from one opening to the next instead of looking at every byte.
    let mut named: Vec<usize> = ["Counter(", "defaultdict(", "OrderedDict(", "Array", "array", "fromList", "map"]
        .iter()
        .flat_map(|p| memchr::memmem::find_iter(b, p.as_bytes()).map(move |k| (k, p)))
        .filter(|&(k, p)| {
            let word_start = k == 0 || !(b[k - 1].is_ascii_alphanumeric() || b[k - 1] == b'_');
            let open = if matches!(*p, "fromList" | "map") { '[' } else { '(' };
            word_start && (p.ends_with('(') || text[k + p.len()..].trim_start().starts_with(open))
        })
        .map(|(k, _)| k)
        .collect();
    // Julia's REPL display (`Dict{String, Int64} with 3 entries:`, `4-element Vector{…}:`) and
    // protobuf's text format (`rows {`) open at a line's start.
    named.extend(
        std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', b).map(|k| k + 1))
            .filter(|&k| b.get(k).is_some_and(|c| c.is_ascii_alphanumeric()) && (julia_display(text, k).is_some() || TEXTPROTO.is_match(&text[k..]))),
    );
    // Swift's `dump()` opens with `▿ ` at a line's start (after its indentation), the line before
    // no line of a dump.
    let dump_line = |line: &str| {
        let t = line.trim_start_matches(' ');
        t.starts_with("▿ ") || t.starts_with("▹ ") || t.starts_with("- ")
    };
    // Only blanks may stand before it on its line: looking back over them and over the line
    // before (once per line) keeps this linear.
    let mut checked_line = usize::MAX;
    named.extend(memchr::memmem::find_iter(b, "▿ ".as_bytes()).filter(|&k| {
        let indent = b[..k].iter().rev().take_while(|&&c| c == b' ').count();
        let line = k - indent;
        if !(line == 0 || b[line - 1] == b'\n') || line == checked_line {
            return false;
        }
        checked_line = line;
        let before = line.checked_sub(1).map_or("", |n| &text[memchr::memrchr(b'\n', &b[..n]).map_or(0, |m| m + 1)..n]);
        !dump_line(before)
    }));
    // Tuples a line (`for row in cur: print(row)`) open where the first of them starts a line.
    let opens_tuple = |k: usize| b.get(k) == Some(&b'(') && (k == 0 || b[k - 1] == b'\n');
    named.extend(memchr::memmem::find_iter(b, b"\n(").map(|k| k + 1).filter(|&k| {
        let prev = text[..k - 1].rfind('\n').map_or(0, |n| n + 1);
        !opens_tuple(prev) && text[k..].find('\n').is_some_and(|e| opens_tuple(k + e + 1))
    }));
    named.sort_unstable();
    let mut next_named = 0;
    let mut k = 0;
    while k < b.len() {
        while next_named < named.len() && named[next_named] < k {
            next_named += 1;
        }
        let brace = memchr::memchr3(b'{', b'[', b'<', &b[k..]).map(|d| k + d);
        k = match (brace, named.get(next_named)) {
            (Some(a), Some(&n)) => a.min(n),
            (Some(a), None) => a,
            (None, Some(&n)) => n,
            (None, None) => break,
        };
        if let Some(t) = taken.iter().find(|t| k >= t.start && k < t.end) {
            k = t.end;
            continue;
        }
        let mut p = Parser { text, k, python: false, edn: false };
        let line_start = k == 0 || b[k - 1] == b'\n';
        let parsed = if text[k..].starts_with("▿ ") {
            p.swift_dump()
        } else if let Some((body, dict)) = line_start.then(|| julia_display(text, k)).flatten() {
            p.k = body;
            p.julia(dict)
        } else if line_start && TEXTPROTO.is_match(&text[k..]) {
            p.textproto()
        } else if line_start && b[k] == b'(' {
            p.tuple_lines()
        } else {
            p.value(0)
        };
        budget = budget.saturating_sub((p.k - k).max(1));
        if let Some(mut rows) = parsed.and_then(|v| table(v, p.python, text)) {
            described(text, k, &mut rows);
            let format = if p.python { Format::Python } else { Format::Json };
            out.push(Table { format, start: k, end: p.k, prefix: String::new(), rows, grid: None });
            k = p.k;
            continue;
        }
        if budget == 0 {
            break;
        }
        k += 1;
    }
    out
}

/// The column names a DB-API session printed before its rows (`[d[0] for d in
/// cur.description]` gives `['region', 'n']`) over rows read under an empty header, their columns
/// in the order written: the last line before `at` that is no prompt (`>>> `, `...`), a list of
/// as many strings.
fn described<'t>(text: &'t str, at: usize, rows: &mut [Row<'t>]) {
    let in_order = rows.get(1).is_some_and(|r| r.fields.windows(2).all(|w| w[0].start < w[1].start));
    if !in_order || !rows[0].fields.iter().all(|f| f.start == f.end && f.text.is_empty()) {
        return;
    }
    let Some(line) = text[..at].lines().rev().skip_while(|l| l.trim().is_empty()).find(|l| !(l.starts_with(">>>") || l.starts_with("..."))) else { return };
    let from = line.as_ptr() as usize - text.as_ptr() as usize;
    let mut p = Parser { text, k: from, python: false, edn: false };
    let Some(Value::List(items)) = p.value(1) else { return };
    let Some(names) = scalars(items) else { return };
    if p.k == from + line.len() && names.len() == rows[0].fields.len() && names.iter().all(|f| !f.quoted && !f.text.is_empty()) {
        rows[0].fields = names.into_iter().map(|f| virt(f.text)).collect();
    }
}

/// A protobuf message field at a line's start (`rows {`), as `text_format` prints a message.
static TEXTPROTO: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[a-z_][a-z0-9_]* \{").unwrap());
/// The header line of Julia's REPL display of a `Dict` or a vector.
static JULIA: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:(?:Ordered)?Dict\{.{1,400}\} with \d+ entr(?:y|ies)|\d+-element (?:Vector|Array)\{.{1,400}\}):\r?\n").unwrap());

/// Where the entries of a Julia REPL display start, if one opens at `k`, and whether it is a
/// `Dict` (`key => value` lines) or a vector (a value per line).
fn julia_display(text: &str, k: usize) -> Option<(usize, bool)> {
    let line = &text[k..];
    let end = line.find('\n')? + 1;
    JULIA.is_match(&line[..end]).then(|| (k + end, line.starts_with(['D', 'O'])))
}

/// The rows of a parsed literal, if it is a table.
fn table<'t>(v: Value<'t>, python: bool, text: &str) -> Option<Vec<Row<'t>>> {
    let has = |m: &Members, name: &str| m.iter().any(|(k, _)| k.len() == 1 && squashed(&k[0].text) == name);
    match v {
        Value::Counts(m) => counts(m),
        Value::Map(m) if has(&m, "dimensionheaders") && has(&m, "rows") => report(m),
        Value::Map(m) if has(&m, "labels") && has(&m, "datasets") => chart(m),
        // A whole Chart.js config: its `data`.
        Value::Map(mut m) if has(&m, "type") && has(&m, "data") => {
            let at = m.iter().position(|(k, _)| k.len() == 1 && k[0].text == "data")?;
            match m.swap_remove(at).1 {
                Value::Map(data) if has(&data, "labels") && has(&data, "datasets") => chart(data),
                _ => None,
            }
        }
        Value::Map(m) if has(&m, "dimension") && has(&m, "value") && has(&m, "id") => json_stat(m),
        // A DynamoDB scan or query (the AWS CLI's JSON, boto3's dict): its `Items`, a record each.
        Value::Map(mut m) if has(&m, "items") && (has(&m, "count") || has(&m, "scannedcount")) => {
            let at = m.iter().position(|(k, v)| k.len() == 1 && squashed(&k[0].text) == "items" && matches!(v, Value::List(_)))?;
            let Value::List(items) = m.swap_remove(at).1 else { return None };
            records(items, text)
        }
        // A Log Analytics (Kusto) query response: its first table (`PrimaryResult`).
        Value::Map(mut m) if has(&m, "tables") => {
            let at = m.iter().position(|(k, v)| k.len() == 1 && k[0].text == "tables" && matches!(v, Value::List(_)))?;
            let Value::List(tables) = m.swap_remove(at).1 else { return None };
            match tables.into_iter().next()? {
                Value::Map(t) if has(&t, "columns") && has(&t, "rows") => kusto(t),
                _ => None,
            }
        }
        Value::Map(m) if has(&m, "columns") && has(&m, "rows") && under(&m, "columns").iter().all(|c| scalar_at(c, "name").is_some()) => kusto(m),
        Value::Map(m) if repeats(&m).is_some() => {
            let key = repeats(&m)?;
            records(m.into_iter().filter(|(k, _)| k[0].text == key).map(|(_, v)| v).collect(), text)
        }
        Value::Map(m) if m.iter().any(|(k, _)| k.len() == 1 && k[0].text == "columns") => split(m),
        Value::Map(m)
            if m.iter()
                .any(|(k, v)| k.len() == 1 && k[0].text == "values" && matches!(v, Value::List(rows) if rows.iter().all(|r| matches!(r, Value::List(_))))) =>
        {
            sheet_values(m)
        }
        Value::Map(m) if m.iter().all(|(_, v)| matches!(v, Value::List(_))) => column_lists(m),
        Value::Map(m) if m.iter().all(|(k, v)| k.len() >= 2 && matches!(v, Value::Scalar(_))) => nested(regroup(m)),
        Value::Map(m) if python && tallied(&m) => counts(m),
        Value::Map(m) => nested(m),
        Value::List(items)
            if python
                && items.iter().all(|v| matches!(v, Value::Tuple(_)) || matches!(v, Value::Scalar(f) if f.text == "...(remaining elements truncated)...")) =>
        {
            tuples(items, text)
        }
        // JSON arrays of records are the JSON reader's.
        Value::List(items) if python => records(items, text).map(camel_words),
        _ => None,
    }
}

/// A flat map keyed by tuples (a pandas Series with a MultiIndex as `to_dict()` gives it, an
/// Elixir map keyed `{"North", "Owner"}`) as the nested map it stands for: all key parts but the
/// last outside, the last one inside, in first-seen order.
fn regroup(m: Members<'_>) -> Members<'_> {
    let mut out: Members<'_> = Vec::new();
    let mut at: HashMap<Vec<Cow<'_, str>>, usize> = HashMap::new();
    for (mut key, value) in m {
        let last = key.pop().expect("a tuple key has two parts or more");
        let id: Vec<Cow<'_, str>> = key.iter().map(|f| f.text.clone()).collect();
        let k = *at.entry(id).or_insert_with(|| {
            out.push((key, Value::Map(Vec::new())));
            out.len() - 1
        });
        if let Value::Map(inner) = &mut out[k].1 {
            inner.push((vec![last], value));
        }
    }
    out
}

/// The fields of a list of scalars; `None` when an item is not one.
fn scalars(items: Vec<Value<'_>>) -> Option<Vec<Field<'_>>> {
    items.into_iter().map(|v| if let Value::Scalar(f) = v { Some(f) } else { None }).collect()
}

fn virt(s: Cow<'_, str>) -> Field<'_> {
    Field::virtual_at(0, s)
}

/// A `Counter`: a label column (or one per tuple part) and a count column.
fn counts(m: Members<'_>) -> Option<Vec<Row<'_>>> {
    let parts = m.iter().map(|(k, _)| k.len()).max()?;
    if m.len() < 2 {
        return None;
    }
    let mut header: Vec<Field> = (0..parts).map(|_| virt(Cow::Borrowed(""))).collect();
    header.push(virt(Cow::Borrowed("count")));
    let mut rows = vec![Row { fields: header }];
    for (key, value) in m {
        let Value::Scalar(f) = value else { return None };
        let n = key.len();
        let mut fields = key;
        fields.extend((n..parts).map(|_| virt(Cow::Borrowed(""))));
        fields.push(f);
        rows.push(Row { fields });
    }
    Some(rows)
}

/// A key's name without case or underscores (`dimension_headers`, `dimensionHeaders`).
fn squashed(s: &str) -> String {
    s.chars().filter(|&c| c != '_').flat_map(char::to_lowercase).collect()
}

/// The key repeated most, holding records, if any is (protobuf's text format writes a repeated
/// message field once per element: `rows { … } rows { … }`).
fn repeats<'t>(m: &Members<'t>) -> Option<Cow<'t, str>> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (k, v) in m {
        if k.len() == 1 && matches!(v, Value::Map(_)) {
            *seen.entry(&k[0].text).or_default() += 1;
        }
    }
    let (key, n) = seen.into_iter().max_by_key(|&(k, n)| (n, std::cmp::Reverse(k)))?;
    let owned = m.iter().find(|(k, _)| k[0].text == key)?.0[0].text.clone();
    (n >= 2).then_some(owned)
}

/// Every value under `name` in a map: a list's items, a repeated field's values.
fn under<'a, 't>(m: &'a Members<'t>, name: &str) -> Vec<&'a Value<'t>> {
    m.iter()
        .filter(|(k, _)| k.len() == 1 && squashed(&k[0].text) == name)
        .flat_map(|(_, v)| if let Value::List(items) = v { items.iter().collect() } else { vec![v] })
        .collect()
}

/// The scalar under `name` in a map value.
fn scalar_at<'a, 't>(v: &'a Value<'t>, name: &str) -> Option<&'a Field<'t>> {
    let Value::Map(m) = v else { return None };
    under(m, name).into_iter().find_map(|v| if let Value::Scalar(f) = v { Some(f) } else { None })
}

/// A Google Analytics Data API report (`runReport`), as JSON or protobuf text: the dimension
/// and metric headers' names, then a row per `rows` entry of dimension and metric values.
fn report(m: Members<'_>) -> Option<Vec<Row<'_>>> {
    let names = |key: &str| under(&m, key).into_iter().map(|h| scalar_at(h, "name").cloned()).collect::<Option<Vec<_>>>();
    let mut header = names("dimensionheaders")?;
    header.extend(names("metricheaders")?);
    let mut rows = vec![Row { fields: header.into_iter().map(|f| virt(f.text)).collect() }];
    for row in under(&m, "rows") {
        let Value::Map(r) = row else { return None };
        let mut fields: Vec<Field> = under(r, "dimensionvalues").into_iter().map(|v| scalar_at(v, "value").cloned()).collect::<Option<_>>()?;
        fields.extend(under(r, "metricvalues").into_iter().map(|v| scalar_at(v, "value").cloned()).collect::<Option<Vec<_>>>()?);
        if fields.len() != rows[0].fields.len() {
            return None;
        }
        rows.push(Row { fields });
    }
    (rows.len() >= 3 && rows[0].fields.len() >= 2).then_some(rows)
}

/// A Chart.js chart's `data`: the `labels` a row each, a column per dataset (its `label`
/// heading its `data`).
fn chart(m: Members<'_>) -> Option<Vec<Row<'_>>> {
    let labels: Vec<Field> = under(&m, "labels").into_iter().map(|v| if let Value::Scalar(f) = v { Some(f.clone()) } else { None }).collect::<Option<_>>()?;
    let mut header = vec![virt(Cow::Borrowed(""))];
    let mut columns = Vec::new();
    for set in under(&m, "datasets") {
        let Value::Map(d) = set else { return None };
        header.push(scalar_at(set, "label").map_or_else(|| virt(Cow::Borrowed("")), |f| virt(f.text.clone())));
        let data: Vec<Field> = under(d, "data").into_iter().map(|v| if let Value::Scalar(f) = v { Some(f.clone()) } else { None }).collect::<Option<_>>()?;
        if data.len() != labels.len() {
            return None;
        }
        columns.push(data);
    }
    if labels.len() < 2 || columns.is_empty() {
        return None;
    }
    let mut rows = vec![Row { fields: header }];
    for (i, label) in labels.into_iter().enumerate() {
        let mut fields = vec![label];
        fields.extend(columns.iter().map(|c| c[i].clone()));
        rows.push(Row { fields });
    }
    Some(rows)
}

/// A JSON-stat 2.0 dataset: `value` in row-major order over the dimensions named by `id`, each
/// dimension's categories ordered by `category.index` (a list, or a map to positions) and named
/// by `category.label`. The last dimension gives the columns, the others a label column each.
fn json_stat<'t>(m: Members<'t>) -> Option<Vec<Row<'t>>> {
    let ids: Vec<&Field> = under(&m, "id").into_iter().map(|v| if let Value::Scalar(f) = v { Some(f) } else { None }).collect::<Option<_>>()?;
    let Value::Map(dims) = *under(&m, "dimension").first()? else { return None };
    let mut cats: Vec<Vec<Cow<'t, str>>> = Vec::new();
    for id in &ids {
        let (_, Value::Map(dim)) = dims.iter().find(|(k, _)| k.len() == 1 && k[0].text == id.text)? else { return None };
        let Value::Map(category) = *under(dim, "category").first()? else { return None };
        let labels: Option<&Members> = under(category, "label").first().and_then(|v| if let Value::Map(l) = v { Some(l) } else { None });
        let mut order: Vec<(usize, Cow<str>)> = match under(category, "index").as_slice() {
            [Value::Map(ix)] => ix.iter().map(|(k, v)| Some((scalar_pos(v)?, k[0].text.clone()))).collect::<Option<_>>()?,
            [] => labels?.iter().enumerate().map(|(i, (k, _))| (i, k[0].text.clone())).collect(),
            items => items.iter().enumerate().map(|(i, v)| if let Value::Scalar(f) = v { Some((i, f.text.clone())) } else { None }).collect::<Option<_>>()?,
        };
        order.sort_by_key(|&(i, _)| i);
        let named = |id: Cow<'t, str>| -> Cow<'t, str> {
            let label = labels
                .and_then(|l| l.iter().find(|(k, _)| k[0].text == id))
                .and_then(|(_, v)| if let Value::Scalar(f) = v { Some(f.text.clone()) } else { None });
            label.unwrap_or(id)
        };
        cats.push(order.into_iter().map(|(_, id)| named(id)).collect());
    }
    let values: Vec<Field> =
        under(&m, "value").into_iter().map(|v| if let Value::Scalar(f) = v { Some(null_empty(f.clone())) } else { None }).collect::<Option<_>>()?;
    let (last, outer) = cats.split_last()?;
    let height: usize = outer.iter().map(Vec::len).product();
    if values.len() != height * last.len() || height < 2 {
        return None;
    }
    let mut rows = vec![Row { fields: outer.iter().map(|_| virt(Cow::Borrowed(""))).chain(last.iter().map(|c| virt(c.clone()))).collect() }];
    for (r, chunk) in values.chunks(last.len()).enumerate() {
        let mut rest = r;
        let mut fields: Vec<Field> = Vec::new();
        for dim in outer.iter().rev() {
            fields.insert(0, virt(dim[rest % dim.len()].clone()));
            rest /= dim.len();
        }
        fields.extend(chunk.iter().cloned());
        rows.push(Row { fields });
    }
    Some(rows)
}

/// A category's position in a JSON-stat `index` map.
fn scalar_pos(v: &Value) -> Option<usize> {
    if let Value::Scalar(f) = v { f.text.parse().ok() } else { None }
}

/// A flat map of counts with their total (a Lua table, a Haskell or Julia map printed as a
/// tally: `{ ["1 call"] = 112, ["2 calls"] = 53, Total = 165 }`): three counts or more, every
/// value a whole number, one key a total's label, or the keys labels of words (one of them
/// two words or more, none an identifier: `"02.2 Logging"`, `"Old Town"`, as a Swift dictionary
/// or an F# map of counts holds them). A flat map of settings has no total and is keyed by
/// identifiers (`max_retries`, `timeout`).
fn tallied(m: &Members) -> bool {
    let whole = |v: &Value| matches!(v, Value::Scalar(f) if f.quoted && f.text.parse::<u64>().is_ok());
    let single = |k: &[Field]| k.len() == 1;
    let identifier = |s: &str| s.contains('_') || s.as_bytes().windows(2).any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
    let labels = m.iter().all(|(k, _)| single(k) && !identifier(&k[0].text)) && m.iter().any(|(k, _)| k[0].text.trim().contains(' '));
    m.len() >= 3 && m.iter().all(|(_, v)| whole(v)) && (labels || m.iter().any(|(k, _)| single(k) && super::structure::is_total_label(&k[0].text)))
}

/// A list of tuples of one length (Haskell's `show` of `[(String, Int, …)]`, Python's list of
/// tuples, Django's `values_list()`): a row each, under an empty header, when the first part is
/// always text (a label) and some other part a number, or (three parts or more: a record
/// starting with an age or an id) some other part is always text, moved first. Pairs are a flat
/// map's entries, read as one (a tally only).
fn tuples<'t>(items: Vec<Value<'t>>, text: &str) -> Option<Vec<Row<'t>>> {
    let truncated = |v: &Value| matches!(v, Value::Scalar(f) if f.text == "...(remaining elements truncated)...");
    let rows: Vec<Vec<Field>> =
        items.into_iter().filter(|v| !truncated(v)).map(|v| if let Value::Tuple(f) = v { Some(f) } else { None }).collect::<Option<_>>()?;
    let width = rows.first()?.len();
    let text_at = |c: usize| rows.iter().all(|r| !r[c].quoted && !r[c].text.is_empty() && !stands_for_number(&r[c].text, Locale::English));
    let square = rows.iter().all(|r| r.len() == width);
    let labelled = square && rows.iter().all(|r| !r[0].quoted && !r[0].text.is_empty());
    let relabelled = square && !labelled && width >= 3 && (1..width).any(text_at);
    // Some part a number, or a string that stands for one (`"45/48"`, as F# prints a count with its base).
    let numbered = |f: &Field| f.quoted || stands_for_number(&f.text, Locale::English);
    if rows.len() < 2 || width < 2 || !(labelled || relabelled) || !rows.iter().any(|r| r.iter().skip(usize::from(labelled)).any(numbered)) {
        return None;
    }
    if width == 2 {
        let m: Members = rows.into_iter().map(|mut r| (vec![r.remove(0)], Value::Scalar(r.remove(0)))).collect();
        return if tallied(&m) { counts(m) } else { None };
    }
    let mut out = vec![Row { fields: (0..width).map(|_| virt(Cow::Borrowed(""))).collect() }];
    out.extend(rows.into_iter().map(|fields| Row { fields }));
    string_codes(&mut out, text);
    if relabelled {
        super::labels_first(&mut out);
    }
    Some(out)
}

/// A Kusto table as Log Analytics returns it: `columns`, each a `name` (and its `type`), over
/// `rows`, a list of values per row, `null` where there is none.
fn kusto(mut m: Members<'_>) -> Option<Vec<Row<'_>>> {
    let header: Vec<Field> = under(&m, "columns").into_iter().map(|c| scalar_at(c, "name").map(|f| virt(f.text.clone()))).collect::<Option<_>>()?;
    let at = m.iter().position(|(k, v)| k.len() == 1 && k[0].text == "rows" && matches!(v, Value::List(_)))?;
    let Value::List(lines) = m.swap_remove(at).1 else { return None };
    let mut rows = vec![Row { fields: header }];
    for row in lines {
        let Value::List(cells) = row else { return None };
        let fields: Vec<Field> = scalars(cells)?.into_iter().map(null_empty).collect();
        if fields.len() != rows[0].fields.len() {
            return None;
        }
        rows.push(Row { fields });
    }
    (rows.len() >= 3 && rows[0].fields.len() >= 2).then_some(rows)
}

/// pandas' `orient="split"`: `columns`, `data` (a list per row) and, unless `index=False`, the
/// `index` (a list per row for a MultiIndex), which gives the label columns.
fn split<'t>(m: Members<'t>) -> Option<Vec<Row<'t>>> {
    let (mut columns, mut index, mut data) = (None, None, None);
    for (key, value) in m {
        let Value::List(items) = value else { continue };
        match &*key[0].text {
            "columns" => columns = Some(items),
            "index" => index = Some(items),
            "data" => data = Some(items),
            _ => {}
        }
    }
    let columns = scalars(columns?)?;
    let data = data?;
    let labels: Vec<Vec<Field<'t>>> = match index {
        Some(index) if index.len() == data.len() => {
            index.into_iter().map(|v| if let Value::List(parts) = v { scalars(parts) } else { scalars(vec![v]) }).collect::<Option<_>>()?
        }
        Some(_) => return None,
        None => vec![Vec::new(); data.len()],
    };
    let label_width = labels.iter().map(Vec::len).max().unwrap_or(0);
    if data.len() < 2 || columns.len() + label_width < 2 {
        return None;
    }
    let mut rows = vec![Row { fields: (0..label_width).map(|_| virt(Cow::Borrowed(""))).chain(columns.into_iter().map(null_empty)).collect() }];
    let width = rows[0].fields.len();
    for (mut fields, row) in labels.into_iter().zip(data) {
        let Value::List(cells) = row else { return None };
        fields.resize_with(label_width, || virt(Cow::Borrowed("")));
        fields.extend(scalars(cells)?.into_iter().map(null_empty));
        if fields.len() != width {
            return None;
        }
        rows.push(Row { fields });
    }
    Some(rows)
}

/// A spreadsheet's cells as the Google Sheets API returns them (`spreadsheets.values.get`): a
/// `values` list of rows (or of columns, under `"majorDimension": "COLUMNS"`), each a list of
/// formatted strings whose trailing empty cells are left out. The first row is the header; a
/// short row's missing cells are empty.
fn sheet_values(m: Members<'_>) -> Option<Vec<Row<'_>>> {
    let mut by_columns = false;
    let mut lines = None;
    for (key, value) in m {
        match (&*key[0].text, value) {
            ("majorDimension", Value::Scalar(f)) => by_columns = f.text == "COLUMNS",
            ("values", Value::List(items)) => lines = Some(items),
            _ => {}
        }
    }
    let mut grid = lines?
        .into_iter()
        .map(|line| match line {
            Value::List(cells) => Some(scalars(cells)?.into_iter().map(null_empty).collect()),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let width = grid.iter().map(Vec::len).max()?;
    for line in &mut grid {
        line.resize_with(width, || virt(Cow::Borrowed("")));
    }
    if by_columns {
        grid = (0..width).map(|c| grid.iter().map(|line| line[c].clone()).collect()).collect();
    }
    if grid.len() < 3 || grid[0].len() < 2 {
        return None;
    }
    Some(grid.into_iter().map(|fields| Row { fields }).collect())
}

/// A dict of lists (`df.to_dict("list")`, a JSON object of columns): a column per key, read
/// turned the right way when the lists are scalars of one length and one of them is labels.
fn column_lists(m: Members<'_>) -> Option<Vec<Row<'_>>> {
    let mut columns = Vec::new();
    for (key, value) in m {
        let Value::List(items) = value else { return None };
        let cells: Vec<Field> = scalars(items)?.into_iter().map(null_empty).collect();
        let [name] = <[Field; 1]>::try_from(key).ok()?;
        columns.push((name, cells));
    }
    let height = columns.first()?.1.len();
    let labels = columns.iter().any(|(_, v)| v.iter().all(|f| !f.quoted && !f.text.is_empty() && !stands_for_number(&f.text, Locale::English)));
    if columns.len() < 2 || height < 2 || !labels || columns.iter().any(|(_, v)| v.len() != height) {
        return None;
    }
    Some(columns::transpose(columns))
}

/// JSON's `null` as an empty field (a missing value), at its place.
fn null_empty(f: Field<'_>) -> Field<'_> {
    if f.quoted && f.text == "null" { Field::virtual_at(f.start, Cow::Borrowed("")) } else { f }
}

/// A column of digits written as strings (`"1"`, `'03'`: a level, a code) beside one of numbers
/// written as numbers is labels, not counts: its fields keep their quotes, as a string key that
/// reads as a number does ([`Parser::named`]). A `Decimal('114')` (a database driver's count) is
/// a number written as a string: it stays a count.
fn string_codes(rows: &mut [Row<'_>], text: &str) {
    let Some((_, body)) = rows.split_first_mut() else { return };
    let Some(width) = body.first().map(|r| r.fields.len()) else { return };
    let numbers = (0..width).any(|c| body.iter().any(|r| r.fields.get(c).is_some_and(|f| f.quoted && f.text.parse::<f64>().is_ok())));
    if !numbers {
        return;
    }
    // The string of a `Decimal('…')` call: the call's name stands before its quote.
    let decimal = |f: &Field| text.get(..f.start.saturating_sub(1)).is_some_and(|head| head.ends_with("Decimal("));
    for c in 0..width {
        let code = |f: &Field| !f.quoted && f.end > f.start && !f.text.is_empty() && f.text.bytes().all(|b| b.is_ascii_digit()) && !decimal(f);
        if !body.iter().all(|r| r.fields.get(c).is_some_and(code)) {
            continue;
        }
        for r in body.iter_mut() {
            let f = &mut r.fields[c];
            f.text = Cow::Owned(format!("\"{}\"", f.text));
        }
    }
}

/// A header of record fields named in camel case (F# and Swift records, Kotlin data classes:
/// `OwnerPctOfParent`, `withACarOrVan`) read as words, as a Go struct's are: `Owner Pct Of
/// Parent`. Names with other characters (`n_owner`, `% of total`) stay as written.
fn camel_words(mut rows: Vec<Row<'_>>) -> Vec<Row<'_>> {
    for f in &mut rows[0].fields {
        let camel =
            f.text.bytes().all(|c| c.is_ascii_alphanumeric()) && f.text.as_bytes().windows(2).any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
        if camel && let Cow::Owned(w) = super::gostruct::words(&f.text) {
            f.text = Cow::Owned(w);
        }
    }
    rows
}

/// A list of flat dicts: the keys (first seen order) are the header, each dict a row.
fn records<'t>(mut items: Vec<Value<'t>>, text: &str) -> Option<Vec<Row<'t>>> {
    // Django's repr of a long QuerySet ends with this string after its twentieth record.
    if items.last().is_some_and(|v| matches!(v, Value::Scalar(f) if f.text == "...(remaining elements truncated)...")) {
        items.pop();
    }
    if items.len() < 2 {
        return None;
    }
    let mut keys: Vec<Cow<str>> = Vec::new();
    let mut index: HashMap<Cow<str>, usize> = HashMap::new();
    let mut body = Vec::new();
    let mut scalars = 0;
    for item in items {
        let Value::Map(m) = item else { return None };
        let mut row = Vec::new();
        for (key, value) in m {
            let key: Cow<str> = if key.len() == 1 { key[0].text.clone() } else { Cow::Owned(key.iter().map(|f| &*f.text).collect::<Vec<_>>().join(", ")) };
            let c = *index.entry(key.clone()).or_insert_with(|| {
                keys.push(key);
                keys.len() - 1
            });
            if let Value::Scalar(f) = value {
                scalars += 1;
                row.push((c, f));
            }
        }
        body.push(row);
    }
    if keys.len() < 2 || scalars < 2 * body.len() {
        return None;
    }
    let mut rows = vec![Row { fields: keys.into_iter().map(virt).collect() }];
    let width = rows[0].fields.len();
    for row in body {
        let mut fields: Vec<Field> = (0..width).map(|_| virt(Cow::Borrowed(""))).collect();
        for (c, f) in row {
            fields[c] = f;
        }
        rows.push(Row { fields });
    }
    string_codes(&mut rows, text);
    super::labels_first(&mut rows);
    Some(rows)
}

/// A keyed tree flattened: every branch with its parent and key, every leaf with its parent.
#[derive(Default)]
struct Tree<'t> {
    keys: Vec<Vec<Cow<'t, str>>>,
    key_ids: HashMap<Vec<Cow<'t, str>>, usize>,
    /// Branches: parent branch, key id, depth, the key's fields (the root is branch 0).
    branches: Vec<(usize, usize, usize, Vec<Field<'t>>)>,
    /// Leaves: parent branch, key id, the key's fields, value.
    leaves: Vec<(usize, usize, Vec<Field<'t>>, Field<'t>)>,
    /// The widest key (tuple parts) at each depth (1-based; 0 unused).
    widths: Vec<usize>,
    depth: Option<usize>,
}

impl<'t> Tree<'t> {
    fn key(&mut self, key: &[Field<'t>], depth: usize) -> usize {
        if self.widths.len() <= depth {
            self.widths.resize(depth + 1, 0);
        }
        self.widths[depth] = self.widths[depth].max(key.len());
        let texts: Vec<Cow<'t, str>> = key.iter().map(|f| f.text.clone()).collect();
        if let Some(&id) = self.key_ids.get(&texts) {
            return id;
        }
        self.keys.push(texts.clone());
        self.key_ids.insert(texts, self.keys.len() - 1);
        self.keys.len() - 1
    }

    /// Add the members of branch `at`; `None` if a leaf is not a scalar or depths differ.
    fn add(&mut self, at: usize, depth: usize, members: Members<'t>) -> Option<()> {
        for (key, value) in members {
            let id = self.key(&key, depth + 1);
            match value {
                Value::Map(m) if !m.is_empty() => {
                    self.branches.push((at, id, depth + 1, key));
                    let b = self.branches.len() - 1;
                    self.add(b, depth + 1, m)?;
                }
                Value::Scalar(f) => {
                    if *self.depth.get_or_insert(depth + 1) != depth + 1 {
                        return None;
                    }
                    self.leaves.push((at, id, key, f));
                }
                _ => return None,
            }
        }
        Some(())
    }
}

/// A dict of dicts (of dicts…) as a grid: outer levels are rows, inner levels columns.
fn nested<'t>(m: Members<'t>) -> Option<Vec<Row<'t>>> {
    let mut tree = Tree { branches: vec![(0, 0, 0, Vec::new())], ..Tree::default() };
    tree.add(0, 0, m)?;
    let d = tree.depth?;
    if d < 2 || tree.leaves.len() < 2 {
        return None;
    }
    // For each leaf, the column (suffix of keys) id below each depth s: suffix[s] for s in 1..d.
    let mut suffix_ids: HashMap<(usize, usize), usize> = HashMap::new();
    let mut suffix_of: Vec<(usize, usize)> = Vec::new(); // id -> (key id, rest suffix id + 1 or 0)
    let mut leaf_cols: Vec<Vec<usize>> = Vec::with_capacity(tree.leaves.len());
    for &(parent, key, ..) in &tree.leaves {
        let mut cols = vec![0; d];
        let mut id = intern(&mut suffix_ids, &mut suffix_of, (key, 0));
        cols[d - 1] = id;
        let mut b = parent;
        for s in (1..d - 1).rev() {
            id = intern(&mut suffix_ids, &mut suffix_of, (tree.branches[b].1, id + 1));
            cols[s] = id;
            b = tree.branches[b].0;
        }
        leaf_cols.push(cols);
    }
    // The split with the smallest grid (more row levels on a tie).
    let mut best: Option<(usize, usize, usize)> = None;
    for s in 1..d {
        let rows = tree.branches.iter().filter(|b| b.2 == s).count();
        let mut cols: Vec<usize> = leaf_cols.iter().map(|c| c[s]).collect();
        cols.sort_unstable();
        cols.dedup();
        let size = rows.saturating_mul(cols.len());
        if best.is_none_or(|(_, _, n)| size <= n) {
            best = Some((s, rows, size));
        }
    }
    // Two thirds of the grid filled, or half with one row holding every column: a cohort's
    // triangle (`{'Signed up': {'2024-01': 2, …}, 'Month 1': {…}}`, each later month one cohort
    // shorter) is; a settings tree of unrelated keys (`{'server': {'port': …}, 'retry': {…}}`)
    // is not.
    let (s, nrows, size) = best?;
    let full_row = || {
        let mut per_row: HashMap<usize, usize> = HashMap::new();
        for &(parent, ..) in &tree.leaves {
            *per_row.entry(ancestor(&tree.branches, parent, s)).or_default() += 1;
        }
        per_row.values().any(|&n| n * nrows == size)
    };
    if nrows < 2 || (tree.leaves.len() * 3 < size * 2 && (tree.leaves.len() * 2 < size || !full_row())) {
        return None;
    }
    // Rows: branches at depth s in order; columns: suffixes in first-seen order, their key
    // fields those of the first leaf below (a header is written once per row).
    let row_of: HashMap<usize, usize> = tree.branches.iter().enumerate().filter(|(_, b)| b.2 == s).enumerate().map(|(r, (b, _))| (b, r)).collect();
    let blank = || Field::virtual_at(0, Cow::Borrowed(""));
    let pad = |mut key: Vec<Field<'t>>, w: usize| {
        key.resize_with(w.max(key.len()), blank);
        key
    };
    let mut col_of: HashMap<usize, usize> = HashMap::new();
    let mut col_keys: Vec<Vec<Field>> = Vec::new();
    for ((parent, _, key, _), c) in tree.leaves.iter().zip(&leaf_cols) {
        col_of.entry(c[s]).or_insert_with(|| {
            let mut parts = pad(key.clone(), tree.widths[d]);
            let mut b = *parent;
            while tree.branches[b].2 > s {
                let (up, _, depth, key) = &tree.branches[b];
                parts.splice(0..0, pad(key.clone(), tree.widths[*depth]));
                b = *up;
            }
            col_keys.push(parts);
            col_keys.len() - 1
        });
    }
    let mut row_keys: Vec<Vec<Field>> = Vec::new();
    for (mut b, _) in tree.branches.iter().enumerate().filter(|(_, b)| b.2 == s) {
        let mut parts = Vec::new();
        while b != 0 {
            let (up, _, depth, key) = &tree.branches[b];
            parts.splice(0..0, pad(key.clone(), tree.widths[*depth]));
            b = *up;
        }
        row_keys.push(parts);
    }
    let mut cells: Vec<Vec<Field>> = (0..row_keys.len()).map(|_| (0..col_keys.len()).map(|_| blank()).collect()).collect();
    for ((parent, _, _, f), c) in tree.leaves.into_iter().zip(&leaf_cols) {
        cells[row_of[&ancestor(&tree.branches, parent, s)]][col_of[&c[s]]] = f;
    }
    // A table is longer than wide: with more columns than rows the outer keys were columns
    // (`to_dict()`'s and `to_json()`'s default orient).
    if col_keys.len() > row_keys.len() {
        std::mem::swap(&mut row_keys, &mut col_keys);
        cells = (0..row_keys.len()).map(|r| (0..col_keys.len()).map(|c| std::mem::replace(&mut cells[c][r], blank())).collect()).collect();
    }
    let label_width = row_keys[0].len();
    let header_depth = col_keys[0].len();
    let mut rows: Vec<Row> =
        (0..header_depth).map(|h| Row { fields: (0..label_width).map(|_| blank()).chain(col_keys.iter().map(|k| k[h].clone())).collect() }).collect();
    rows.extend(row_keys.into_iter().zip(cells).map(|(mut fields, cells)| {
        fields.extend(cells);
        Row { fields }
    }));
    Some(rows)
}

/// The ancestor of branch `b` at depth `s`.
fn ancestor(branches: &[(usize, usize, usize, Vec<Field>)], mut b: usize, s: usize) -> usize {
    while branches[b].2 > s {
        b = branches[b].0;
    }
    b
}

fn intern(ids: &mut HashMap<(usize, usize), usize>, of: &mut Vec<(usize, usize)>, key: (usize, usize)) -> usize {
    *ids.entry(key).or_insert_with(|| {
        of.push(key);
        of.len() - 1
    })
}
