//! Which tools are inspected and how: the policy's `tools` table.
//!
//! A tool's class says what kind of egress its calls are (a shell, a code runner, a web fetch or
//! browser, a message to people, a local file write), and its `fields` say which argument holds
//! what: a shell command, code, a URL, a file path. Rules read both from the [`crate::rules::Context`]
//! instead of matching tool names themselves, so a runtime with other tool names is one policy
//! entry away. A tool the table does not know is `other`, but its `command`/`cmd`, `code`/`script`
//! and `url` fields are still read as what they say they are: an unknown tool is never a way
//! around the analysis.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// What kind of tool a call goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolClass {
    Shell,
    Code,
    Web,
    Messaging,
    FileWrite,
    Other,
}

/// What one argument field of a tool holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// A shell command line.
    Command,
    /// Source code for an interpreter.
    Code,
    /// A URL the tool will request.
    Url,
    /// A local file path the tool writes to.
    Path,
}

/// One entry as written: a class alone, or a class with its fields.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum ToolFile {
    Class(ToolClass),
    Full {
        class: ToolClass,
        #[serde(default)]
        fields: BTreeMap<String, Field>,
    },
}

/// The built-in table (merged entry by entry with the policy's `tools`).
pub const DEFAULTS: &str = r#"
terminal: shell
shell: shell
bash: shell
run_command: shell
execute_command: shell
run_shell_command: shell
process: shell
execute_code: code
python_exec: code
node_exec: code
run_code: code
code_interpreter: code
python: code
ipython: code
jupyter: code
javascript: code
web_extract: web
web_fetch: web
fetch: web
http_request: web
browser_navigate: web
browse: web
send_message: messaging
send_email: messaging
post_message: messaging
write_file: file_write
patch: file_write
edit_file: file_write
create_file: file_write
apply_patch: file_write
"#;

/// The fields a class reads when an entry names none.
fn class_fields(class: ToolClass) -> &'static [(&'static str, Field)] {
    match class {
        ToolClass::Shell => &[("command", Field::Command), ("cmd", Field::Command), ("commands", Field::Command)],
        ToolClass::Code => &[("code", Field::Code), ("source", Field::Code), ("script", Field::Code), ("commands", Field::Code)],
        ToolClass::Web => &[("url", Field::Url), ("urls", Field::Url)],
        ToolClass::FileWrite => &[("path", Field::Path), ("file_path", Field::Path), ("filename", Field::Path)],
        ToolClass::Messaging => &[],
        // An unknown tool's fields are read for what their names say.
        ToolClass::Other => &[("command", Field::Command), ("cmd", Field::Command), ("code", Field::Code), ("script", Field::Code), ("url", Field::Url)],
    }
}

/// The resolved table.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Tools(BTreeMap<String, ToolSpec>);

#[derive(Clone, Debug, Serialize)]
pub struct ToolSpec {
    pub class: ToolClass,
    pub fields: BTreeMap<String, Field>,
}

impl Tools {
    pub fn resolve(entries: BTreeMap<String, ToolFile>) -> Tools {
        let specs = entries.into_iter().map(|(name, entry)| {
            let (class, fields) = match entry {
                ToolFile::Class(class) => (class, BTreeMap::new()),
                ToolFile::Full { class, fields } => (class, fields),
            };
            let fields = if fields.is_empty() { class_fields(class).iter().map(|(n, f)| (n.to_string(), *f)).collect() } else { fields };
            (name, ToolSpec { class, fields })
        });
        Tools(specs.collect())
    }

    /// The class of `tool`. A tool the table does not know is `other`, unless its name says it
    /// runs code (`*python*`, `*node*`, `*_code`, `code_*`).
    pub fn class(&self, tool: &str) -> ToolClass {
        match self.0.get(tool) {
            Some(spec) => spec.class,
            None if runs_code(tool) => ToolClass::Code,
            None => ToolClass::Other,
        }
    }

    /// What the argument at JSON pointer `path` of a call to `tool` holds: its first segment
    /// names the field (`/commands/2` is one of the `commands`). The tool's own fields first;
    /// any other field is read for what its name says (`command`, `code`, `url`, ...), so no
    /// entry can hide a command from the analysis.
    pub fn field(&self, tool: &str, path: &str) -> Option<Field> {
        let name = path.strip_prefix('/')?.split('/').next()?;
        let own = match self.0.get(tool) {
            Some(spec) => spec.fields.get(name).copied(),
            None => by_name(self.class(tool), name),
        };
        own.or_else(|| by_name(ToolClass::Other, name))
    }
}

fn by_name(class: ToolClass, name: &str) -> Option<Field> {
    class_fields(class).iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
}

fn runs_code(tool: &str) -> bool {
    let t = tool.to_ascii_lowercase();
    t.contains("python") || t.contains("node") || t.ends_with("_code") || t.starts_with("code_")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(user: &str) -> Tools {
        let mut entries: BTreeMap<String, ToolFile> = crate::policy::parse_yaml(DEFAULTS).unwrap();
        entries.extend(crate::policy::parse_yaml::<BTreeMap<String, ToolFile>>(user).unwrap());
        Tools::resolve(entries)
    }

    #[test]
    fn known_tools_have_their_class_fields() {
        let t = table("");
        assert_eq!(t.class("terminal"), ToolClass::Shell);
        assert_eq!(t.field("terminal", "/command"), Some(Field::Command));
        assert_eq!(t.field("terminal", "/commands/3"), Some(Field::Command));
        assert_eq!(t.field("execute_code", "/code"), Some(Field::Code));
        assert_eq!(t.field("execute_code", "/commands/0"), Some(Field::Code), "a code tool's commands are code");
        assert_eq!(t.field("send_message", "/command"), Some(Field::Command), "a field named command is one whatever the tool");
        assert_eq!(t.field("web_extract", "/url"), Some(Field::Url));
        assert_eq!(t.field("write_file", "/path"), Some(Field::Path));
        assert_eq!(t.field("send_message", "/message"), None);
        assert_eq!(t.field("terminal", ""), None, "a plain payload is no field");
    }

    #[test]
    fn unknown_tools_are_read_by_field_name() {
        let t = table("");
        assert_eq!(t.class("my_mcp_runner"), ToolClass::Other);
        assert_eq!(t.field("my_mcp_runner", "/command"), Some(Field::Command));
        assert_eq!(t.field("my_mcp_runner", "/script"), Some(Field::Code));
        assert_eq!(t.field("my_mcp_runner", "/url"), Some(Field::Url));
        assert_eq!(t.field("my_mcp_runner", "/notes"), None);
        assert_eq!(t.class("run_python3"), ToolClass::Code, "a name that says it runs code");
        assert_eq!(t.field("run_python3", "/source"), Some(Field::Code));
    }

    #[test]
    fn a_policy_adds_tools_and_names_their_fields() {
        let t = table("runner: shell\nfetcher: {class: web, fields: {target: url}}\nterminal: {class: shell, fields: {line: command}}\n");
        assert_eq!(t.field("runner", "/cmd"), Some(Field::Command));
        assert_eq!(t.field("fetcher", "/target"), Some(Field::Url));
        assert_eq!(t.field("fetcher", "/urls"), None, "named fields replace the class's");
        assert_eq!(t.field("terminal", "/line"), Some(Field::Command));
    }
}
