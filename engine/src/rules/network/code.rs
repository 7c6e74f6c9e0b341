//! Code snippets: `python -c`, `node -e`, heredocs fed to interpreters, scripts written in the same
//! command, and the code of code-execution tools.
//!
//! No interpreter runs here. Python is parsed with ruff's parser ([`python`]), JavaScript with
//! oxc ([`js`]): calls are recognised by module and function, never by a substring of the text,
//! so code that prints a string naming an upload API is not an upload. R has no pure-Rust parser;
//! [`r`] reads its tokens outside strings and comments. Everything else, and Python or JavaScript
//! that does not parse, goes to the conservative [`fallback`], which errs towards a finding.
//!
//! Code can run code (`exec("…")`, `os.system("python -c …")`): each nesting goes through here
//! again, and past [`MAX_NESTING`] levels the snippet fails closed.

mod calls;
mod fallback;
mod js;
mod python;
mod r;
mod sink_index;
mod value;

use std::cell::Cell;
use std::collections::HashSet;

use super::dest::Dest;
use super::{Event, Kind};

pub use js::SINKS as JS_SINKS;
pub use python::SINKS as PYTHON_SINKS;

/// Code run by code run by code…: deeper than this is not followed.
const MAX_NESTING: usize = 6;

thread_local! {
    static NESTING: Cell<usize> = const { Cell::new(0) };
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lang {
    Python,
    JavaScript,
    R,
    /// Unknown: R when it reads as R ([`r::looks_like`]), else Python, then JavaScript, then the
    /// fallback.
    Any,
    Other,
}

fn lang_of(via: &str) -> Lang {
    match via {
        "python" => Lang::Python,
        "node" | "deno" | "bun" => Lang::JavaScript,
        "rscript" | "r" => Lang::R,
        _ => Lang::Other,
    }
}

/// Events for source code run by `via` (`python`, `node`, `pwsh`, …).
pub fn analyse_source(src: &str, via: &str) -> Vec<Event> {
    run(src, via, lang_of(via))
}

/// Code given to a code-execution tool: the language follows the tool's name; a tool that does
/// not say gets R when it reads as R, else Python, then JavaScript, then the fallback.
pub fn analyse(src: &str, tool: &str) -> Vec<Event> {
    let t = tool.to_ascii_lowercase();
    let words: Vec<&str> = t.split(|c: char| !c.is_ascii_alphanumeric()).collect();
    if t.contains("node")
        || t.contains("javascript")
        || words
            .iter()
            .any(|w| matches!(*w, "js" | "ts" | "deno" | "bun" | "typescript"))
    {
        run(src, "node", Lang::JavaScript)
    } else if words.iter().any(|w| matches!(*w, "r" | "rscript")) {
        run(src, "rscript", Lang::R)
    } else if t.contains("python") || words.contains(&"py") {
        run(src, "python", Lang::Python)
    } else {
        run(src, "python", Lang::Any)
    }
}

fn run(src: &str, via: &str, lang: Lang) -> Vec<Event> {
    let depth = NESTING.with(|n| n.get());
    if depth >= MAX_NESTING {
        return vec![Event::unknowable(&format!(
            "{via} runs code nested too deeply to follow"
        ))];
    }
    NESTING.with(|n| n.set(depth + 1));
    let events = match lang {
        Lang::Python => python::analyse(src, via).unwrap_or_else(|| fallback::analyse(src, via)),
        Lang::JavaScript => js::analyse(src, via).unwrap_or_else(|| fallback::analyse(src, via)),
        Lang::R => r::analyse(src, via),
        Lang::Any if r::looks_like(src) => r::analyse(src, "rscript"),
        // Much JavaScript parses as Python too (`require("child_process").execSync(…)`): code
        // that parses as both is read as both.
        Lang::Any => match (python::analyse(src, via), js::analyse(src, "node")) {
            (None, None) => fallback::analyse(src, via),
            (python, js) => python.into_iter().chain(js).flatten().collect(),
        },
        Lang::Other => fallback::analyse(src, via),
    };
    NESTING.with(|n| n.set(depth));
    distinct(events)
}

/// The events of one snippet, each destination once per kind (two readings of the same code, a
/// connection used several times), and no plain request to a place the snippet also uploads to.
/// Events that carry a request ([`super::Req`], from shell commands the code runs) are all kept,
/// each one counts against a session's budgets; so are the reasons a snippet cannot be read.
fn distinct(events: Vec<Event>) -> Vec<Event> {
    let uploads: HashSet<Dest> = events.iter().filter(|e| e.kind == Kind::Upload).map(|e| e.dest.clone()).collect();
    let mut seen = HashSet::new();
    events
        .into_iter()
        .filter(|e| match e.kind {
            _ if e.req.is_some() => true,
            Kind::Unknowable | Kind::Incomplete => true,
            Kind::Request if uploads.contains(&e.dest) => false,
            Kind::Upload | Kind::Request => seen.insert((e.kind.clone(), e.dest.clone())),
        })
        .collect()
}
