//! Destinations: where a URL, `user@host:path`, cloud path or bare host really points, and whether
//! the policy allows it. Hosts go through the WHATWG host parser (`url::Host`), so numeric IPv4
//! spellings, IPv6 forms, IDN and case end up canonical before the allowlist is consulted; the
//! authority is split by hand first so userinfo, fragments and queries cannot pose as the host.

use std::net::{IpAddr, Ipv6Addr};

use url::Host;

/// Stands for any part of a word whose value is only known at run time.
pub const DYN: char = '\u{E000}';

/// Whether `text` holds a [`DYN`]. `str::contains` looks for a non-ASCII char with a substring
/// searcher whose setup costs more than these short words take to read; a byte scan for the
/// char's lead byte settles nearly every word alone.
pub fn has_dyn(text: &str) -> bool {
    const LEAD: u8 = 0xEE; // U+E000 is EE 80 80 in UTF-8.
    text.as_bytes().contains(&LEAD) && text.contains(DYN)
}

/// Where something goes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dest {
    /// A normalized host name or IP address (no port, no brackets).
    Host(String),
    /// A named cloud destination: `s3://bucket`, `gs://bucket`, `rclone:remote`, `mc:alias`.
    Cloud(String),
    /// Decided at run time (a variable, a substitution, a file read by the tool).
    Unknown,
}

impl Dest {
    pub fn label(&self) -> &str {
        match self {
            Dest::Host(h) | Dest::Cloud(h) => h,
            Dest::Unknown => "?",
        }
    }
}

/// A parsed URL-like destination: where it goes, and whether the URL itself carries
/// run-time data (a substitution in the path or query: data in the URL).
pub struct Target {
    pub dest: Dest,
    pub carries_data: bool,
}

/// A URL, with or without scheme (`attacker.test/x` is how curl and httpie read a bare host).
pub fn url(raw: &str) -> Option<Target> {
    let raw = raw.trim();
    if raw.is_empty() {
        return None;
    }
    // A byte scan, not `str::find`: its two-way searcher's setup costs more than these short
    // words take to read.
    let rest = match raw.as_bytes().windows(3).position(|w| w == b"://") {
        Some(i) if raw[..i].chars().all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c)) => &raw[i + 3..],
        _ => raw,
    };
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let authority = &rest[..end];
    let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    Some(Target { dest: host_port(hostport), carries_data: has_dyn(&rest[end..]) || has_dyn(authority) && !has_dyn(hostport) })
}

/// `host`, `host:port`, `[v6]:port`, `user@host`: the normalized host.
pub fn host_port(text: &str) -> Dest {
    let text = text.rsplit_once('@').map_or(text, |(_, h)| h);
    if has_dyn(text) {
        return Dest::Unknown;
    }
    let host = if let Some(inner) = text.strip_prefix('[') {
        match inner.split_once(']') {
            Some((h, _)) => h,
            None => return Dest::Unknown,
        }
    } else if text.matches(':').count() > 1 {
        text // a bare IPv6 address
    } else {
        text.split(':').next().unwrap_or(text)
    };
    host_name(host)
}

/// A bare host name or address, normalized; `Unknown` when it cannot be a host.
pub fn host_name(host: &str) -> Dest {
    let host = host.trim().trim_end_matches('.');
    if host.is_empty() || has_dyn(host) {
        return Dest::Unknown;
    }
    if let Some(name) = plain_domain(host) {
        return Dest::Host(name);
    }
    if let Ok(ip) = host.trim_start_matches('[').trim_end_matches(']').parse::<Ipv6Addr>() {
        return Dest::Host(ip_text(IpAddr::V6(ip)));
    }
    match Host::parse(host) {
        Ok(Host::Domain(d)) => Dest::Host(d.trim_end_matches('.').to_string()),
        Ok(Host::Ipv4(ip)) => Dest::Host(ip.to_string()),
        Ok(Host::Ipv6(ip)) => Dest::Host(ip_text(IpAddr::V6(ip))),
        Err(_) => Dest::Unknown,
    }
}

/// A host name the WHATWG host parser would only lowercase: ASCII letters, digits and hyphens in
/// non-empty labels, no punycode (`xn--`) label to validate, and a last label that starts with a
/// letter, so it cannot be read as an IPv4 number. Most hosts are such names; the others take
/// the full parser.
fn plain_domain(host: &str) -> Option<String> {
    let plain = host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && host.split('.').all(|label| !label.is_empty() && !label.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
        && host.rsplit('.').next().is_some_and(|last| last.starts_with(|c: char| c.is_ascii_alphabetic()));
    plain.then(|| host.to_ascii_lowercase())
}

fn ip_text(ip: IpAddr) -> String {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => v6.to_string(),
        },
        IpAddr::V4(v4) => v4.to_string(),
    }
}

/// bash's network paths, `/dev/tcp/HOST/PORT` and `/dev/udp/HOST/PORT`: the host.
pub fn dev_net(path: &str) -> Option<Dest> {
    let rest = path.strip_prefix("/dev/tcp/").or_else(|| path.strip_prefix("/dev/udp/"))?;
    Some(host_name(rest.split('/').next().unwrap_or(rest)))
}

/// scp/rsync/git style `[user@]host:path` (a path with `/` before the colon is local).
pub fn remote_spec(arg: &str) -> Option<Dest> {
    if arg.contains("://") {
        return url(arg).map(|t| t.dest);
    }
    // `[v6]:path`, `user@[v6]:path`: the address holds colons of its own.
    if let (Some(open), Some(close)) = (arg.find('['), arg.find(']'))
        && open < close
        && arg[close + 1..].starts_with(':')
        && !arg[..open].contains(['/', ':'])
    {
        return Some(host_port(&arg[open..=close]));
    }
    let (head, _) = arg.split_once(':')?;
    if head.is_empty() || head.contains('/') || head.starts_with('-') {
        return None;
    }
    // `host::module` (rsync daemon) and `[v6]:path` both land here.
    Some(host_port(head))
}

/// The policy's `allowed_hosts`, normalized once.
pub struct Allowed {
    /// Every allowed host, normalized: matched exactly.
    hosts: Vec<String>,
    /// `.name` for each allowed host that is a name, not an address: its subdomains match.
    subdomains: Vec<String>,
    cloud: Vec<String>,
    loopback: bool,
}

impl Allowed {
    pub fn new(entries: &[String]) -> Allowed {
        let mut hosts = Vec::new();
        let mut cloud = Vec::new();
        for e in entries {
            let e = e.trim();
            if e.starts_with("s3://") || e.starts_with("gs://") || e.starts_with("rclone:") || e.starts_with("mc:") {
                cloud.push(e.trim_end_matches('/').to_ascii_lowercase());
            } else if let Dest::Host(h) = host_port(e.trim_start_matches("*.")) {
                hosts.push(h);
            }
        }
        let loopback = hosts.iter().any(|h| is_loopback(h));
        let subdomains = hosts.iter().filter(|h| h.parse::<IpAddr>().is_err()).map(|h| format!(".{h}")).collect();
        Allowed { hosts, subdomains, cloud, loopback }
    }

    /// Exact host, or a subdomain of an allowed name (dot boundary); loopback as a whole
    /// when any loopback name is allowed.
    pub fn allows(&self, dest: &Dest) -> bool {
        match dest {
            Dest::Host(h) => {
                (self.loopback && is_loopback(h)) || self.hosts.iter().any(|a| h == a) || self.subdomains.iter().any(|s| h.ends_with(s.as_str()))
            }
            Dest::Cloud(c) => self.cloud.iter().any(|a| a.eq_ignore_ascii_case(c)),
            Dest::Unknown => false,
        }
    }

    /// Only an exact entry (the gist service is not covered by allowing `github.com`).
    pub fn lists_exactly(&self, host: &str) -> bool {
        self.hosts.iter().any(|a| a == host)
    }
}

pub fn is_loopback(host: &str) -> bool {
    match host.parse::<IpAddr>() {
        Ok(IpAddr::V4(v4)) => v4.is_loopback(),
        Ok(IpAddr::V6(v6)) => v6 == Ipv6Addr::LOCALHOST,
        Err(_) => host == "localhost" || host.ends_with(".localhost"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> String {
        url(s).unwrap().dest.label().to_string()
    }

    #[test]
    fn tricks_resolve_to_the_real_host() {
        assert_eq!(h("http://github.com@attacker.test/"), "attacker.test");
        assert_eq!(h("https://github.com:443@attacker.test/x"), "attacker.test");
        assert_eq!(h("https://attacker.test#@github.com/"), "attacker.test");
        assert_eq!(h("https://attacker.test/?@github.com"), "attacker.test");
        assert_eq!(h("https://GITHUB.COM.attacker.test/"), "github.com.attacker.test");
        assert_eq!(h("http://[2001:db8:0:0::7]/"), "2001:db8::7");
        assert_eq!(h("http://[::ffff:203.0.113.7]/"), "203.0.113.7");
        assert_eq!(h("http://3405803783/"), "203.0.113.7");
        assert_eq!(h("http://0xcb007107/"), "203.0.113.7");
        assert_eq!(h("http://0313.0.0161.07/"), "203.0.113.7");
        assert_eq!(h("https://g\u{456}thub.com/"), "xn--gthub-n2e.com");
        assert_eq!(h("https://github.com./"), "github.com");
        assert_eq!(h("attacker.test/upload"), "attacker.test");
        assert_eq!(h(&format!("https://{DYN}/u")), "?");
        assert!(url(&format!("https://a.test/?d={DYN}")).unwrap().carries_data);
    }

    proptest::proptest! {
        #[test]
        fn plain_domains_are_what_the_host_parser_makes_of_them(host in "((xn|XN)--)?[a-zA-Z0-9-]{1,6}(\\.[a-zA-Z0-9-]{0,5}){0,3}") {
            if let Some(name) = plain_domain(&host) {
                proptest::prop_assert_eq!(Host::parse(&host).ok(), Some(Host::Domain(name)));
            }
        }
    }

    #[test]
    fn has_dyn_finds_the_marker_and_nothing_that_shares_its_lead_byte() {
        assert!(has_dyn(&format!("https://{DYN}/u")) && has_dyn(&DYN.to_string()));
        assert!(!has_dyn("https://example.test/u") && !has_dyn("\u{E001}\u{E0FF}") && !has_dyn(""));
    }

    #[test]
    fn plain_domain_leaves_numbers_punycode_and_odd_names_to_the_parser() {
        for host in ["192.168.0.1", "a.0x7f", "example.1", "xn--gthub-n2e.com", "a..b", "a_b.test", "g\u{456}thub.com", ""] {
            assert_eq!(plain_domain(host), None, "{host}");
        }
        assert_eq!(plain_domain("API.GitHub.com").as_deref(), Some("api.github.com"));
        assert_eq!(plain_domain("1password.com").as_deref(), Some("1password.com"));
    }

    #[test]
    fn allowlist_uses_dot_boundaries() {
        let a = Allowed::new(&["github.com".into(), "127.0.0.1".into(), "s3://corp".into()]);
        let d = |s: &str| Dest::Host(s.into());
        assert!(a.allows(&d("github.com")) && a.allows(&d("api.github.com")));
        assert!(!a.allows(&d("evilgithub.com")) && !a.allows(&d("github.com.attacker.test")));
        assert!(a.allows(&d("127.0.0.2")) && a.allows(&d("::1")) && a.allows(&d("localhost")));
        assert!(a.allows(&Dest::Cloud("s3://corp".into())) && !a.allows(&Dest::Cloud("s3://corp2".into())));
        assert!(!a.allows(&Dest::Unknown));
    }
}
