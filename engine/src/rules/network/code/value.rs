//! The abstract value both language readers compute for an expression: just enough to say where a
//! call sends something and whether what it sends came from the machine.

use super::super::dest::{self, DYN, Dest};

/// What is known statically about one expression's value.
#[derive(Clone, Debug, Default, Hash)]
pub struct Val {
    /// Its text when it is a string built from literals; [`DYN`] stands for each unknown part.
    pub text: Option<String>,
    /// It carries local data: a file's content, the environment, a command's output (or
    /// anything computed from them).
    pub data: bool,
    /// The module, class or object it is (`requests`, `requests.Session`, `socket.socket`).
    pub path: Option<String>,
    /// For objects bound to a destination (a connection, a client, a bucket): where.
    pub host: Option<Dest>,
    /// For objects that already hold a body (`urllib.request.Request(url, data=…)`).
    pub sends: bool,
    /// A request object opened on a relative URL (same origin).
    pub relative: bool,
    /// Named members of a literal object or dict (`{method: "POST", body: …}`).
    pub fields: Vec<(String, Val)>,
}

impl Val {
    pub fn text(s: impl Into<String>) -> Val {
        Val {
            text: Some(s.into()),
            ..Val::default()
        }
    }

    pub fn data() -> Val {
        Val {
            data: true,
            ..Val::default()
        }
    }

    pub fn path(p: impl Into<String>) -> Val {
        Val {
            path: Some(p.into()),
            ..Val::default()
        }
    }

    /// The text, with one [`DYN`] when nothing about it is known.
    pub fn text_or_dyn(&self) -> String {
        self.text.clone().unwrap_or_else(|| DYN.to_string())
    }

    /// Concatenation: texts join (an unknown side is one [`DYN`]), data taints the result.
    pub fn concat(&self, other: &Val) -> Val {
        let text = (self.text.is_some() || other.text.is_some())
            .then(|| self.text_or_dyn() + &other.text_or_dyn());
        Val {
            text,
            data: self.data || other.data,
            ..Val::default()
        }
    }

    pub fn field(&self, name: &str) -> Option<&Val> {
        self.fields.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// Whether it or any member carries local data.
    pub fn carries_data(&self) -> bool {
        self.data || self.fields.iter().any(|(_, v)| v.carries_data())
    }

    /// The destination a URL-valued expression names, and whether the URL itself carries local
    /// data (in its path or query). A URL with no known host is [`Dest::Unknown`].
    pub fn url(&self) -> (Dest, bool) {
        let text = self.text_or_dyn();
        match dest::url(&text) {
            Some(t) => (t.dest, self.data && dest::has_dyn(&text)),
            None => (Dest::Unknown, self.data),
        }
    }
}

/// A list of words as the command line it stands for (`["curl", "-d", x]`), each word quoted for
/// the shell ([`DYN`] for one not known).
pub fn argv<'v>(words: impl IntoIterator<Item = &'v Val>) -> String {
    words
        .into_iter()
        .map(|w| format!("'{}'", w.text_or_dyn().replace('\'', "'\\''")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A command line whose standard input the code feeds (`input=` of `subprocess.run`, `{input}` of
/// `execFileSync`): read from a run-time file, so a tool that sends its input is seen sending.
pub fn fed(cmd: &str) -> String {
    format!("{cmd} < '{DYN}'")
}

/// A literal method name that sends a body.
pub fn sending_method(m: &str) -> bool {
    matches!(m.to_ascii_uppercase().as_str(), "POST" | "PUT" | "PATCH")
}

/// A cloud destination for `s3://bucket/key`, `gs://…`, `az://…`; a host for URLs.
pub fn storage_url(text: &str) -> Option<Dest> {
    let lower = text.to_ascii_lowercase();
    for (scheme, canon) in [
        ("s3://", "s3://"),
        ("s3a://", "s3://"),
        ("gs://", "gs://"),
        ("gcs://", "gs://"),
    ] {
        if let Some(rest) = lower.strip_prefix(scheme) {
            let bucket = rest.split('/').next().unwrap_or(rest);
            return Some(if dest::has_dyn(bucket) || bucket.is_empty() {
                Dest::Unknown
            } else {
                Dest::Cloud(format!("{canon}{bucket}"))
            });
        }
    }
    let remote = [
        "http://",
        "https://",
        "ftp://",
        "sftp://",
        "az://",
        "abfs://",
        "abfss://",
        "adl://",
        "hdfs://",
        "webhdfs://",
    ];
    remote
        .iter()
        .any(|s| lower.starts_with(s))
        .then(|| dest::url(text).map_or(Dest::Unknown, |t| t.dest))
}
