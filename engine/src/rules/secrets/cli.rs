//! Credentials on command lines: a table of tools and the options, positions and environment
//! variables through which their manuals say a password or token is given.
//!
//! Each entry carries its own true- and false-positive examples, checked by one table test. The
//! grammar is the tool's, not a guess: `mysql -pSECRET` takes the password only attached (`-p db`
//! prompts, and `db` is the database), `redis-cli -a SECRET` only separate, `docker login -p` only
//! after `login` (`docker run -p 8080:80` publishes a port), `curl -u user` without a colon prompts.
//!
//! Words are split as a shell splits them (quotes, backslashes), each word keeping the map from its
//! characters back to the text, so the redaction covers exactly the value, inside its quotes. A
//! value that is an expansion (`$PASS`, `$(cat f)`), a placeholder or `-` (stdin) is no credential
//! to redact; previews and messages mask even a placeholder-shaped value (`validate::cli_password`).
//! Hand-written: the shell parser the network rule uses builds a whole syntax tree per command
//! (and drops the quoting offsets); this reads a few words after a program name.

use super::context::skip_blanks;
use super::validate;
use super::{Scan, SecretMatch};

/// How an option takes its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Only glued to the option: `-pSECRET` (`-p` alone prompts).
    Attached,
    /// Only as the next word: `-a SECRET`.
    Separate,
    /// Glued, after `=`, or as the next word: `-pSECRET`, `--password=SECRET`, `-p SECRET`.
    Any,
    /// Only after `=`: `--password=SECRET` (`--password` alone prompts).
    Equals,
}

/// What the value holds, and which part of it is the secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The whole value.
    Secret,
    /// `user:secret` (no colon: the tool prompts).
    UserColon,
    /// `user%secret` (smbclient).
    UserPercent,
    /// `user,secret` (lftp).
    UserComma,
    /// `pass:secret` (openssl's pass phrase arguments; `env:`, `file:`, `fd:`, `stdin` are not secrets).
    PassPrefix,
    /// No secret: an option whose value is read past, so that it is not taken for a positional
    /// word (`ykman oath accounts add -o TOTP NAME SECRET`).
    Plain,
}

#[derive(Clone, Copy, Debug)]
pub struct Opt {
    pub name: &'static str,
    pub form: Form,
    pub shape: Shape,
}

/// A credential given by position rather than by option.
#[derive(Clone, Copy, Debug)]
pub enum Positional {
    /// The last of the positional words when a short-flag cluster holds this letter and there are
    /// `count` positionals (`htpasswd -b FILE USER PASS`; with `n`: `htpasswd -nb USER PASS`).
    LastWithFlag { flag: u8, count: usize, count_with_n: usize },
    /// The positional word at `index` after the subcommand (`rabbitmqctl add_user USER PASS`).
    Index(usize),
    /// The `n`th word after one of these words (`nmcli … password PASS`: 1; `mkstore
    /// -createCredential ALIAS USER PASS`: 3), none of the words between an option.
    After(&'static [&'static str], usize),
    /// The first positional, when it is `user/secret[@db]` (`sqlplus scott/tiger@orcl`).
    UserSlash,
    /// The positional word right after a UNC path (`net use Z: \\host\share PASS`).
    AfterUnc,
    /// The first positional, when one of these options is present
    /// (`ConvertTo-SecureString 'PASS' -AsPlainText -Force`).
    FirstWith(&'static [&'static str]),
    /// The word after a value option (`values`), when the nearest name option before it (`names`)
    /// names a credential by its last step: an XPath's (`-u '//Resource/@password' -v PASS`) or a
    /// node's name (`-n password -v PASS`).
    NamedValue { names: &'static [&'static str], values: &'static [&'static str] },
    /// The second positional word, when the first names a credential by its last step
    /// (`set-config auth.webservices.auth-token TOKEN`, `config set //host/:_authToken TOKEN`).
    NameThenValue,
}

pub struct Tool {
    /// Command names (a path before them is ignored: `/usr/bin/mysql`).
    pub programs: &'static [&'static str],
    /// Positional words that must come first, in order (`login` of `docker login`), for the
    /// options and positions to count.
    pub subcommand: &'static [&'static [&'static str]],
    pub options: &'static [Opt],
    pub positional: Option<Positional>,
    /// Windows syntax: a word starting with `/` is a switch (`/add`, `/user:CORP\x`), and option
    /// and subcommand names compare ASCII-case-insensitively (`/RP`, `-AsPlainText`, `NET USE`).
    pub switches: bool,
    /// Each must give a finding (the value between `⟦` and `⟧`, which the test removes).
    pub true_positives: &'static [&'static str],
    /// None may give a finding.
    pub false_positives: &'static [&'static str],
}

const fn o(name: &'static str, form: Form) -> Opt {
    Opt { name, form, shape: Shape::Secret }
}

const fn os(name: &'static str, form: Form, shape: Shape) -> Opt {
    Opt { name, form, shape }
}

use Form::{Any, Attached, Equals, Separate};

/// Environment variables whose value the tools read as a password (their manuals' ENVIRONMENT
/// sections); the assignment rule treats these names as credential names.
pub const ENV_NAMES: &[&str] = &[
    "SSHPASS", "REDISCLI_AUTH", "PGPASSWORD", "MYSQL_PWD", "RSYNC_PASSWORD", "SQLCMDPASSWORD", "LFTP_PASSWORD", "PASSWD",
    "SMBPASS", "ISQL_PASSWORD", "MONGO_PASSWORD", "DOCKER_PASSWORD", "CF_PASSWORD", "OS_PASSWORD", "IPMI_PASSWORD",
    "VAULT_TOKEN", "CONSUL_HTTP_TOKEN", "NOMAD_TOKEN", "GITHUB_TOKEN", "GH_TOKEN", "GITLAB_TOKEN", "NPM_TOKEN", "HF_TOKEN",
];

/// The table. Order does not matter: every tool whose program matches is read.
pub const TOOLS: &[Tool] = &[
    Tool {
        programs: &["mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlcheck", "mysqlshow", "mysqlpump", "mysqlbinlog", "mysqlslap", "mariadb", "mariadb-dump", "mariadb-admin", "mysqlsh"],
        subcommand: &[],
        options: &[o("-p", Attached), o("--password", Equals)],
        positional: None,
        switches: false,
        true_positives: &["mysql -h db -u root -p⟦Hunter2024x⟧ app", "mysqldump -uroot -p'⟦s3cr3t!pw⟧' --all-databases", "mysql --user=app --password=⟦Zq8-pw.77⟧ prod", "mysqladmin -u root -p\"⟦P@ss w0rd⟧\" status", "/usr/bin/mysql -p⟦x9Tr4ab⟧"],
        false_positives: &["mysql -u root -p app", "mysql -h db -P 3306 -u app -p", "mysql --password app", "mysql -p\"$MYSQL_PASSWORD\" app", "mysql --password=$DB_PASS", "mysqldump --defaults-extra-file=~/.my.cnf prod"],
    },
    Tool {
        programs: &["sshpass"],
        subcommand: &[],
        options: &[o("-p", Any)],
        positional: None,
        switches: false,
        true_positives: &["sshpass -p '⟦Hunter2024x⟧' ssh deploy@10.0.0.5", "sshpass -p⟦Zq8pw77⟧ scp a b:", "sshpass -p ⟦tiger99⟧ ssh h"],
        false_positives: &["sshpass -e ssh deploy@h", "sshpass -f ~/.pw ssh h", "sshpass -p \"$SSHPASS\" ssh h", "sshpass -p - ssh h"],
    },
    Tool {
        programs: &["redis-cli", "valkey-cli", "keydb-cli"],
        subcommand: &[],
        // `--user` names the ACL user (Redis 6's manual: `--user <username>` beside `--pass`).
        options: &[o("-a", Separate), o("--pass", Separate), os("--user", Separate, Shape::Plain)],
        positional: None,
        switches: false,
        true_positives: &["redis-cli -h cache -a ⟦Hunter2024x⟧ ping", "redis-cli --pass '⟦Zq8!pw77⟧' --no-auth-warning info", "redis-cli --user app --pass ⟦Zq8!pw77⟧ ping"],
        false_positives: &["redis-cli -h cache -p 6379 ping", "redis-cli --askpass info", "redis-cli -a $REDIS_PASSWORD ping", "redis-cli --user admin --askpass ACL LIST"],
    },
    Tool {
        programs: &["docker", "podman", "nerdctl", "buildah", "finch"],
        subcommand: &[&["login"]],
        options: &[o("-p", Any), o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["docker login -u ci -p ⟦Hunter2024x⟧ registry.example.com", "docker login --username ci --password=⟦Zq8!pw77⟧ ghcr.io", "podman login -u ci -p '⟦tiger 99⟧' quay.io"],
        false_positives: &["docker login --username AWS --password-stdin 123456789012.dkr.ecr.us-east-1.amazonaws.com", "docker run -u nobody:nogroup -p 8080:80 alpine", "docker exec -u www-data:www-data web php artisan migrate", "docker login registry.example.com", "docker compose -p shop up -d"],
    },
    Tool {
        programs: &["buildah", "skopeo", "podman"],
        subcommand: &[],
        options: &[os("--creds", Any, Shape::UserColon), os("--src-creds", Any, Shape::UserColon), os("--dest-creds", Any, Shape::UserColon), os("--from-creds", Any, Shape::UserColon)],
        positional: None,
        switches: false,
        true_positives: &["skopeo copy --dest-creds ci:⟦Hunter2024x⟧ docker://a docker://b", "buildah pull --creds 'ci:⟦Zq8!pw77⟧' quay.io/x"],
        false_positives: &["skopeo copy --dest-creds ci docker://a docker://b", "skopeo inspect docker://alpine"],
    },
    Tool {
        programs: &["htpasswd"],
        subcommand: &[],
        options: &[],
        positional: Some(Positional::LastWithFlag { flag: b'b', count: 3, count_with_n: 2 }),
        switches: false,
        true_positives: &["htpasswd -b /etc/nginx/.htpasswd admin ⟦Hunter2024x⟧", "htpasswd -bc .htpasswd u '⟦Zq8!pw77⟧'", "htpasswd -nbB admin ⟦tiger99x⟧", "htpasswd -B -b f u ⟦pw4Tiger⟧"],
        false_positives: &["htpasswd -c /etc/nginx/.htpasswd admin", "htpasswd -D .htpasswd olduser", "htpasswd -nB admin"],
    },
    Tool {
        programs: &["curl"],
        subcommand: &[],
        options: &[os("-u", Any, Shape::UserColon), os("--user", Any, Shape::UserColon), os("-U", Any, Shape::UserColon), os("--proxy-user", Any, Shape::UserColon), o("--oauth2-bearer", Any), os("--tlsuser", Any, Shape::Secret), o("--tlspassword", Any), o("--pass", Any)],
        positional: None,
        switches: false,
        true_positives: &["curl -u admin:⟦Hunter2024x⟧ https://x", "curl --user 'deploy:⟦Zq8!pw 77⟧' https://x", "curl -sS -U proxy:⟦tiger99x⟧ -x http://p:3128 https://x", "curl --oauth2-bearer ⟦a8f0e1d2c3b4a5968778695a4b3c2d1e⟧ https://x", "curl -uadmin:⟦pw4Tiger⟧ https://x", "curl -s https://corp.chargebee.com/api/v2/subscriptions -u ⟦live_5ksfDpbDfgTniFqlpQjliRDmDLaTIHCa⟧: -G", "curl -s -u '⟦Qm7tLx2WvR9kPz4NcY8bHd3Fs6Ga1Je5Kq0Tw+Zr/Vn⟧:x' https://api.createsend.com/api/v3.3/clients.json", "curl -s -u ⟦36a95f65-caea-443f-a9cc-1a312fdbef93⟧:MYSPORTSFEEDS https://api.mysportsfeeds.com/v2.1/pull/nba/games.json", "curl -u ⟦ghp_Xq7m2Lp9Rt4vK8wN3bZ6yH1cJ5dF0gS2aE7⟧:x-oauth-basic https://api.github.com/user"],
        false_positives: &["curl -u \"$API_USER:$API_PASS\" https://x", "curl -u admin https://x", "curl -sS -o out.json https://x", "curl -u user:pass https://x", "curl --user admin:<password> https://x", "curl -u deploy-automation: https://x", "curl -u deploy-automation:x https://x"],
    },
    Tool {
        // Jenkins' CLI client: `java -jar jenkins-cli.jar -auth USER:API_TOKEN …` (`-auth @file`
        // reads them from a file).
        programs: &["jenkins-cli.jar", "jenkins-cli"],
        subcommand: &[],
        options: &[os("-auth", Separate, Shape::UserColon)],
        positional: None,
        switches: false,
        true_positives: &["java -jar jenkins-cli.jar -s https://ci.example/ -auth admin:⟦11c0d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6⟧ build deploy", "java -jar /opt/jenkins-cli.jar -auth 'ci:⟦Zq8!pw77x⟧' who-am-i"],
        false_positives: &["java -jar jenkins-cli.jar -s https://ci.example/ -auth @/run/secrets/jenkins build x", "java -jar jenkins-cli.jar -auth $JENKINS_USER:$JENKINS_TOKEN help"],
    },
    Tool {
        programs: &["wget"],
        subcommand: &[],
        options: &[o("--password", Any), o("--http-password", Any), o("--ftp-password", Any), o("--proxy-password", Any)],
        positional: None,
        switches: false,
        true_positives: &["wget --user=u --password=⟦Hunter2024x⟧ https://x", "wget --http-password ⟦Zq8!pw77⟧ https://x"],
        false_positives: &["wget --user=u --ask-password https://x", "wget -q -O- https://x"],
    },
    Tool {
        programs: &["mongo", "mongosh", "mongodump", "mongorestore", "mongoexport", "mongoimport", "mongostat", "mongotop", "mongofiles"],
        subcommand: &[],
        options: &[o("-p", Any), o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["mongosh --host db -u admin -p ⟦Hunter2024x⟧ --authenticationDatabase admin", "mongodump --username u --password=⟦Zq8!pw77⟧ --out /b"],
        false_positives: &["mongosh --host db -u admin -p --authenticationDatabase admin", "mongosh -u admin -p", "mongodump --out /backup"],
    },
    Tool {
        programs: &["sqlcmd", "bcp", "osql", "isql"],
        subcommand: &[],
        options: &[o("-P", Any)],
        positional: None,
        switches: false,
        true_positives: &["sqlcmd -S db -U sa -P ⟦Hunter2024x⟧ -Q 'SELECT 1'", "bcp t out f.dat -S db -U sa -P'⟦Zq8!pw77⟧'"],
        false_positives: &["sqlcmd -S db -E -Q 'SELECT @@VERSION'", "sqlcmd -S db -U sa -P $SA_PASSWORD"],
    },
    Tool {
        programs: &["cqlsh", "clickhouse-client", "clickhouse", "vertica", "vsql", "psql"],
        subcommand: &[],
        options: &[o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["clickhouse-client --host db --password ⟦Hunter2024x⟧ --query 'SELECT 1'", "cqlsh h --password=⟦Zq8!pw77⟧"],
        false_positives: &["clickhouse-client --host db --query 'SELECT 1'", "psql -h db -U app -W app"],
    },
    Tool {
        programs: &["cqlsh"],
        subcommand: &[],
        options: &[o("-p", Separate)],
        positional: None,
        switches: false,
        true_positives: &["cqlsh db -u cassandra -p ⟦Hunter2024x⟧"],
        false_positives: &["cqlsh db -u cassandra"],
    },
    Tool {
        programs: &["influx"],
        subcommand: &[],
        options: &[o("-password", Any), o("--password", Any), o("-p", Separate), o("--token", Any), o("-t", Separate)],
        positional: None,
        switches: false,
        true_positives: &["influx -host db -username admin -password ⟦Hunter2024x⟧ -execute 'SHOW DATABASES'", "influx query --token ⟦a8f0e1d2c3b4a5968778695a4b3c2d1e⟧ 'from(bucket:\"b\")'"],
        false_positives: &["influx -host db -execute 'SHOW DATABASES'", "influx query -t $INFLUX_TOKEN q"],
    },
    Tool {
        programs: &["ldapsearch", "ldapadd", "ldapmodify", "ldapdelete", "ldapwhoami", "ldapcompare", "ldapmodrdn", "ldapexop", "ldappasswd", "ldapurl"],
        subcommand: &[],
        options: &[o("-w", Any)],
        positional: None,
        switches: false,
        true_positives: &["ldapsearch -x -D cn=admin,dc=ex,dc=org -w ⟦Hunter2024x⟧ -b dc=ex,dc=org", "ldapadd -x -D 'cn=admin' -w'⟦Zq8!pw77⟧' -f u.ldif"],
        false_positives: &["ldapsearch -x -D cn=admin,dc=ex -W -b dc=ex", "ldapsearch -x -y /run/secrets/ldap -b dc=ex"],
    },
    Tool {
        programs: &["ldappasswd"],
        subcommand: &[],
        options: &[o("-s", Any), o("-a", Any)],
        positional: None,
        switches: false,
        true_positives: &["ldappasswd -x -D cn=admin -W -s ⟦Hunter2024x⟧ uid=jdoe,dc=ex"],
        false_positives: &["ldappasswd -x -D cn=admin -W -S uid=jdoe,dc=ex"],
    },
    Tool {
        programs: &["rabbitmqctl"],
        subcommand: &[&["add_user"], &["change_password"], &["authenticate_user"]],
        options: &[],
        positional: Some(Positional::Index(1)),
        switches: false,
        true_positives: &["rabbitmqctl add_user app ⟦Hunter2024x⟧", "rabbitmqctl change_password app '⟦Zq8!pw77⟧'"],
        false_positives: &["rabbitmqctl list_users", "rabbitmqctl add_user app", "rabbitmqctl delete_user app"],
    },
    Tool {
        // `poetry config http-basic.REPO USER PASS`: only `http-basic.*` takes three values.
        programs: &["poetry"],
        subcommand: &[&["config"]],
        options: &[],
        positional: Some(Positional::Index(2)),
        switches: false,
        true_positives: &["poetry config http-basic.corp admin ⟦Hunter2024x⟧", "poetry config --local http-basic.foo ci '⟦Zq8!pw77⟧'"],
        false_positives: &["poetry config http-basic.corp admin", "poetry config virtualenvs.in-project true", "poetry config --list", "a poetry reading"],
    },
    Tool {
        programs: &["nmcli"],
        subcommand: &[],
        options: &[],
        positional: Some(Positional::After(&["password", "wifi-sec.psk", "802-11-wireless-security.psk", "psk", "wifi-sec.leap-password", "802-1x.password"], 1)),
        switches: false,
        true_positives: &["nmcli dev wifi connect HomeNet password ⟦Hunter2024x⟧", "nmcli con modify Office wifi-sec.psk '⟦Zq8!pw77⟧'"],
        false_positives: &["nmcli dev wifi list", "nmcli dev wifi connect HomeNet --ask"],
    },
    Tool {
        programs: &["mosquitto_pub", "mosquitto_sub", "mosquitto_rr"],
        subcommand: &[],
        options: &[o("-P", Any), o("--pw", Any)],
        positional: None,
        switches: false,
        true_positives: &["mosquitto_pub -h broker -u sensor -P ⟦Hunter2024x⟧ -t t -m 1"],
        false_positives: &["mosquitto_sub -h broker -t 'sensors/#' -v"],
    },
    Tool {
        programs: &["zip", "zipcloak", "unzip", "funzip"],
        subcommand: &[],
        options: &[o("-P", Separate), o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["zip -P ⟦Hunter2024x⟧ backup.zip customers.csv", "unzip -P '⟦Zq8!pw77⟧' backup.zip"],
        false_positives: &["zip -r backup.zip docs/", "unzip -p backup.zip readme.txt"],
    },
    Tool {
        programs: &["7z", "7za", "7zr", "7zz", "rar", "unrar"],
        subcommand: &[],
        options: &[o("-p", Attached)],
        positional: None,
        switches: false,
        true_positives: &["7z a -p⟦Hunter2024x⟧ -mhe=on backup.7z data/", "unrar x -p'⟦Zq8!pw77⟧' a.rar"],
        false_positives: &["7z a -p backup.7z data/", "7z x backup.7z", "unrar x -p- a.rar"],
    },
    Tool {
        programs: &["openssl"],
        subcommand: &[],
        options: &[os("-passin", Separate, Shape::PassPrefix), os("-passout", Separate, Shape::PassPrefix), os("-pass", Separate, Shape::PassPrefix), os("-password", Separate, Shape::PassPrefix), o("-k", Separate), os("-kfile", Separate, Shape::PassPrefix)],
        positional: None,
        switches: false,
        true_positives: &["openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:⟦Hunter2024x⟧", "openssl rsa -in e.key -passin 'pass:⟦Zq8!pw77⟧' -out d.key", "openssl enc -aes-256-cbc -k ⟦tiger99x⟧ -in f -out f.enc"],
        false_positives: &["openssl pkcs12 -export -in c.pem -out c.p12 -passout env:P12_PASS", "openssl rsa -in e.key -passin file:/run/pw -out d.key", "openssl rsa -in e.key -passin stdin"],
    },
    Tool {
        programs: &["gpg", "gpg2"],
        subcommand: &[],
        options: &[o("--passphrase", Any)],
        positional: None,
        switches: false,
        true_positives: &["gpg --batch --yes --passphrase ⟦Hunter2024x⟧ -d backup.tar.gpg", "gpg --passphrase='⟦Zq8!pw77⟧' -c f"],
        false_positives: &["gpg --batch --passphrase-file /run/secrets/gpg -d b.gpg", "gpg --passphrase-fd 0 -d b.gpg"],
    },
    Tool {
        programs: &["keytool", "jarsigner"],
        subcommand: &[],
        options: &[o("-storepass", Separate), o("-keypass", Separate), o("-srcstorepass", Separate), o("-deststorepass", Separate), o("-srckeypass", Separate), o("-destkeypass", Separate), o("-new", Separate)],
        positional: None,
        switches: false,
        true_positives: &["keytool -importkeystore -srckeystore a.p12 -srcstorepass ⟦Hunter2024x⟧ -destkeystore b.jks", "jarsigner -storepass '⟦Zq8!pw77⟧' app.jar alias"],
        false_positives: &["keytool -list -keystore b.jks", "keytool -list -storepass:env STOREPASS -keystore b.jks", "keytool -importcert -noprompt -alias corp-root -file corp-root.pem -keystore cacerts -storepass changeit"],
    },
    Tool {
        programs: &["helm"],
        subcommand: &[],
        options: &[o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["helm repo add corp https://charts.example --username u --password ⟦Hunter2024x⟧"],
        false_positives: &["helm registry login registry.example --username ci --password-stdin", "helm repo add corp https://charts.example"],
    },
    Tool {
        programs: &["helm", "oras", "notation", "crane"],
        subcommand: &[&["login"], &["registry", "login"], &["auth", "login"]],
        options: &[o("-p", Any), o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["helm registry login registry.example -u ci -p ⟦Hunter2024x⟧", "oras login -u ci -p '⟦Zq8!pw77⟧' ghcr.io"],
        false_positives: &["helm registry login registry.example --username ci --password-stdin", "helm upgrade app ./chart -p 1"],
    },
    Tool {
        programs: &["kubectl", "oc", "kubeadm", "istioctl", "argocd", "kustomize"],
        subcommand: &[],
        options: &[o("--token", Any), o("--password", Any), o("--auth-token", Any)],
        positional: None,
        switches: false,
        true_positives: &["kubectl --server=https://k8s:6443 --token=⟦eyJhbGciOiJSUzI1NiJ9.abcdefghijkl.mnopqrstuvwx⟧ get pods", "argocd login argocd.example --username admin --password ⟦Hunter2024x⟧", "oc login https://api:6443 --token ⟦sha256~a8f0e1d2c3b4a5968778695a4b3c⟧"],
        false_positives: &["kubectl --context prod -n web get pods -o wide", "kubectl create token ci --duration 1h"],
    },
    Tool {
        programs: &["oc", "cf", "az"],
        subcommand: &[&["login"]],
        options: &[o("-p", Any), o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["oc login https://api:6443 -u dev -p ⟦Hunter2024x⟧", "az login -u u@example.com -p '⟦Zq8!pw77⟧'", "cf login -a https://api.cf -u u -p ⟦tiger99x⟧"],
        false_positives: &["az login --use-device-code", "oc login https://api:6443 -u dev", "az group list -o table"],
    },
    Tool {
        // Azure's database servers take their administrator's password as `-p` too.
        programs: &["az"],
        subcommand: &[
            &["sql", "server", "create"],
            &["sql", "server", "update"],
            &["sql", "mi", "create"],
            &["sql", "mi", "update"],
            &["postgres", "server", "create"],
            &["postgres", "flexible-server", "create"],
            &["postgres", "flexible-server", "update"],
            &["mysql", "server", "create"],
            &["mysql", "flexible-server", "create"],
            &["mysql", "flexible-server", "update"],
            &["mariadb", "server", "create"],
        ],
        options: &[o("-p", Separate), o("--admin-password", Any)],
        positional: None,
        switches: false,
        true_positives: &["az sql server create -g rg-app -n sql-shop -l westeurope -u sqladmin -p ⟦beacon-meadow-orchid13⟧", "az postgres flexible-server create -g rg -n pg1 --admin-user pgadmin -p '⟦Zq8!pw77x⟧'"],
        false_positives: &[
            "az sql server create -g rg-app -n sql-shop -u sqladmin -p \"$(az keyvault secret show --vault-name kv --name sql-admin --query value -o tsv)\"",
            "az sql db create -g rg-app -s sql-shop -n shop --service-objective S0",
            "az sql server create -g rg-app -n sql-shop --enable-ad-only-auth --external-admin-principal-type User",
        ],
    },
    Tool {
        programs: &["xmlstarlet", "xml"],
        subcommand: &[&["ed"], &["edit"]],
        options: &[],
        positional: Some(Positional::NamedValue { names: &["-u", "--update", "-n", "--name"], values: &["-v", "--value"] }),
        switches: false,
        true_positives: &[
            "xmlstarlet ed -L -u '//Resource[@name=\"jdbc/AppDB\"]/@password' -v '⟦P-Kn-?AWjWe~o*pR8uoPKe⟧' conf/context.xml",
            "xmlstarlet ed -L -s /settings/servers/server -t elem -n password -v ⟦Hq7-pw.2024x⟧ settings.xml",
        ],
        false_positives: &[
            "xmlstarlet ed -L -u '//Resource[@name=\"jdbc/AppDB\"]/@url' -v 'jdbc:postgresql://db:5432/app' conf/context.xml",
            "xmlstarlet ed -L -u '//Resource/@password' -v \"$DB_PASSWORD\" conf/context.xml",
            "xmlstarlet sel -t -v '//Resource/@password' conf/context.xml",
        ],
    },
    Tool {
        programs: &["cf"],
        subcommand: &[&["auth"]],
        options: &[],
        positional: Some(Positional::Index(1)),
        switches: false,
        true_positives: &["cf auth ci ⟦Hunter2024x⟧"],
        false_positives: &["cf auth ci", "cf apps"],
    },
    Tool {
        programs: &["vault", "bao"],
        subcommand: &[&["login"]],
        options: &[],
        positional: Some(Positional::Index(0)),
        switches: false,
        true_positives: &["vault login ⟦hvs.CAESIJ4xv2e8f0e1d2c3b4a5968778695a4b3c2d1e⟧"],
        false_positives: &["vault login -method=userpass username=admin", "vault login -method=oidc", "vault status"],
    },
    Tool {
        programs: &["svn"],
        subcommand: &[],
        options: &[o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["svn checkout --username u --password ⟦Hunter2024x⟧ https://svn.example/r"],
        false_positives: &["svn checkout https://svn.example/r", "svn commit -m 'password policy'"],
    },
    Tool {
        programs: &["xfreerdp", "wlfreerdp", "sdl-freerdp"],
        subcommand: &[],
        options: &[o("/p:", Attached), o("/password:", Attached)],
        positional: None,
        switches: false,
        true_positives: &["xfreerdp /v:win01 /u:admin /p:⟦Hunter2024x⟧ /cert:ignore"],
        false_positives: &["xfreerdp /v:win01 /u:admin /cert:ignore"],
    },
    Tool {
        programs: &["ipmitool"],
        subcommand: &[],
        options: &[o("-P", Separate)],
        positional: None,
        switches: false,
        true_positives: &["ipmitool -I lanplus -H 10.0.0.9 -U ADMIN -P ⟦Hunter2024x⟧ power status"],
        false_positives: &["ipmitool -I lanplus -H 10.0.0.9 -p 623 -U ADMIN -E power status"],
    },
    Tool {
        programs: &["rdesktop", "psexec", "paexec", "winexe", "ncftp", "ncftpput", "ncftpget"],
        subcommand: &[],
        options: &[o("-p", Separate)],
        positional: None,
        switches: false,
        true_positives: &["psexec \\\\srv -u admin -p ⟦Zq8!pw77⟧ cmd", "rdesktop -u admin -p ⟦Hunter2024x⟧ win01", "cmd.exe /C PSEXEC.EXE \\\\10.0.94.120 -u Administrator -p ⟦dev_admin⟧ CMD"],
        false_positives: &["rdesktop -u admin win01", "psexec \\\\srv -s cmd"],
    },
    Tool {
        programs: &["snmpwalk", "snmpget", "snmpset", "snmpbulkwalk", "snmptrap"],
        subcommand: &[],
        options: &[o("-A", Separate), o("-X", Separate)],
        positional: None,
        switches: false,
        true_positives: &["snmpwalk -v3 -l authPriv -u mon -a SHA -A ⟦tiger99x⟧ -x AES -X ⟦lion88yQ⟧ 10.0.0.1"],
        false_positives: &["snmpwalk -v2c -c public 10.0.0.1"],
    },
    Tool {
        programs: &["http", "https", "xh", "xhs"],
        subcommand: &[],
        options: &[os("-a", Any, Shape::UserColon), os("--auth", Any, Shape::UserColon)],
        positional: None,
        switches: false,
        true_positives: &["http -a admin:⟦Hunter2024x⟧ GET https://api.example/x", "xh --auth=u:⟦Zq8!pw77⟧ https://x"],
        false_positives: &["http -a admin GET https://api.example/x", "http --auth-type=bearer GET https://x"],
    },
    Tool {
        programs: &["ab", "siege"],
        subcommand: &[],
        options: &[os("-A", Separate, Shape::UserColon), os("-P", Separate, Shape::UserColon)],
        positional: None,
        switches: false,
        true_positives: &["ab -n 100 -A admin:⟦Hunter2024x⟧ https://x/"],
        false_positives: &["ab -n 100 -c 10 https://x/"],
    },
    Tool {
        programs: &["smbclient", "rpcclient", "smbmap", "smbget", "net"],
        subcommand: &[],
        options: &[os("-U", Any, Shape::UserPercent), os("--user", Any, Shape::UserPercent), o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["smbclient //fs01/share -U admin%⟦Hunter2024x⟧ -c ls", "rpcclient -U 'admin%⟦Zq8!pw77⟧' 10.0.0.2"],
        false_positives: &["smbclient -L //fs01 -N", "smbclient //fs01/share -U admin"],
    },
    Tool {
        programs: &["lftp"],
        subcommand: &[],
        options: &[os("-u", Separate, Shape::UserComma)],
        positional: None,
        switches: false,
        true_positives: &["lftp -u deploy,⟦Hunter2024x⟧ sftp://web01"],
        false_positives: &["lftp -u deploy sftp://web01", "lftp -e 'mirror -R site/ /www' sftp://deploy@web01"],
    },
    Tool {
        programs: &["sqlplus", "rman", "expdp", "impdp", "sqlldr"],
        subcommand: &[],
        options: &[],
        positional: Some(Positional::UserSlash),
        switches: false,
        true_positives: &["sqlplus scott/⟦Hunter2024x⟧@//db:1521/ORCL", "expdp system/⟦Zq8pw77⟧ schemas=hr"],
        false_positives: &["sqlplus /nolog", "sqlplus / as sysdba", "sqlplus scott@orcl"],
    },
    Tool {
        programs: &["aws"],
        subcommand: &[&["configure", "set"]],
        options: &[],
        positional: Some(Positional::After(&["aws_secret_access_key", "aws_session_token", "default.aws_secret_access_key"], 1)),
        switches: false,
        true_positives: &["aws configure set aws_secret_access_key ⟦wJalrXUtnFEMIK7MDENGbPxRfiCYzq8pw77abcde⟧"],
        false_positives: &["aws configure set region eu-west-1", "aws s3 ls"],
    },
    Tool {
        // Tencent Cloud's CLI: `tccli configure set secretId … secretKey …` (the id is read by
        // its own `AKID` detector).
        programs: &["tccli"],
        subcommand: &[&["configure", "set"]],
        options: &[],
        positional: Some(Positional::After(&["secretKey"], 1)),
        switches: false,
        true_positives: &["tccli configure set secretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA secretKey ⟦qHeVqeoCVXAJGS1B9DRmvjXQIBfEqJ4V⟧ region ap-guangzhou"],
        false_positives: &["tccli configure set region ap-guangzhou", "tccli cvm DescribeInstances"],
    },
    Tool {
        // Alibaba Cloud's CLI: `aliyun configure set --access-key-secret …`.
        programs: &["aliyun"],
        subcommand: &[&["configure", "set"]],
        options: &[o("--access-key-secret", Any), o("--sts-token", Any)],
        positional: None,
        switches: false,
        true_positives: &["aliyun configure set --profile ci --mode AK --access-key-id LTAI5tQ2mZ8xR4pW7t --access-key-secret ⟦Zx81Pq02Lm93RtAb4cD5eF6gH7iJ8k⟧ --region cn-hangzhou"],
        false_positives: &["aliyun configure set --region cn-hangzhou", "aliyun ecs DescribeInstances"],
    },
    Tool {
        programs: &["mc", "mcli"],
        subcommand: &[&["alias", "set"], &["config", "host", "add"]],
        options: &[],
        positional: Some(Positional::Index(3)),
        switches: false,
        true_positives: &["mc alias set s3 https://s3.example AKIAQYLPMN5HFIQR7XYZ ⟦wJalrXUtnFEMIK7MDENGbPxRfiCYzq8pw77abcde⟧"],
        false_positives: &["mc alias set s3 https://s3.example", "mc ls s3/bucket"],
    },
    Tool {
        programs: &["net"],
        subcommand: &[&["user"]],
        options: &[],
        positional: Some(Positional::Index(1)),
        switches: true,
        true_positives: &["net user svc_backup ⟦Tiger-AT2024⟧ /add", "NET USER ci ⟦Zq8!pw77x⟧ /ADD /domain", "cmd /c net user administrator ⟦Winter2011*⟧"],
        false_positives: &["net user svc_backup * /add", "net user svc_backup /delete", "net user", "net user admin /active:yes", "runas /user:CORP\\admin cmd.exe", "net user %USERNAME% %NEWPASS% /add"],
    },
    Tool {
        programs: &["net"],
        subcommand: &[&["use"]],
        options: &[],
        positional: Some(Positional::AfterUnc),
        switches: true,
        true_positives: &["net use Z: \\\\nas01\\backup ⟦Wlozpx42+ulv⟧ /user:CORP\\grafana /persistent:yes", "NET USE \\\\fs01\\c$ /user:admin ⟦Hunter2024x⟧"],
        false_positives: &["net use Z: \\\\nas01\\backup * /user:CORP\\grafana", "net use Z: \\\\nas01\\backup /user:CORP\\grafana /savecred", "net use Z: /delete", "net use"],
    },
    Tool {
        programs: &["cmdkey"],
        subcommand: &[],
        options: &[o("/pass:", Attached)],
        positional: None,
        switches: true,
        true_positives: &["cmdkey /add:fs01 /user:CORP\\svc /pass:⟦Hunter2024x⟧", "CMDKEY /generic:TERMSRV/web01 /user:admin /PASS:\"⟦Zq8!pw 77⟧\""],
        false_positives: &["cmdkey /add:fs01 /user:CORP\\svc /pass", "cmdkey /list", "cmdkey /delete:fs01"],
    },
    Tool {
        programs: &["schtasks"],
        subcommand: &[],
        options: &[o("/rp", Separate)],
        positional: None,
        switches: true,
        true_positives: &["schtasks /Create /TN \"Nightly backup\" /TR C:\\ops\\backup.cmd /SC DAILY /RU CORP\\admin /RP ⟦2W20FlgcbW⟧", "schtasks /change /tn job /ru svc /rp \"⟦Monkey1994_⟧\""],
        false_positives: &["schtasks /Create /TN job /TR x.cmd /SC DAILY /RU CORP\\admin /RP *", "schtasks /Create /TN job /RU SYSTEM /RP", "schtasks /query /fo LIST"],
    },
    Tool {
        programs: &["winrs"],
        subcommand: &[],
        options: &[o("-p:", Attached), o("-password:", Attached), o("/p:", Attached), o("/password:", Attached)],
        positional: None,
        switches: true,
        true_positives: &["winrs -r:web01 -u:CORP\\admin -p:⟦Ipidmp74_TGg⟧ ipconfig", "WINRS /r:web01 /u:ci /Password:⟦Rocket2016-⟧ hostname"],
        false_positives: &["winrs -r:web01 -u:CORP\\admin ipconfig", "winrs -r:web01 -p: ipconfig"],
    },
    Tool {
        programs: &["convertto-securestring"],
        subcommand: &[],
        options: &[o("-string", Separate)],
        positional: Some(Positional::FirstWith(&["-asplaintext"])),
        switches: true,
        true_positives: &["$pw = ConvertTo-SecureString '⟦zJl9qrrc⟧' -AsPlainText -Force", "New-LocalUser -Name svc -Password (ConvertTo-SecureString \"⟦nZR3hOgCT⟧\" -AsPlainText -Force)", "Set-ADAccountPassword -Identity ci -NewPassword (convertto-securestring -AsPlainText -String '⟦Winter2011*⟧' -Force) -Reset"],
        false_positives: &["$pw = Read-Host -AsSecureString", "$pw = Get-Content .\\pw.txt | ConvertTo-SecureString", "$pw = ConvertTo-SecureString $env:PW -AsPlainText -Force", "ConvertTo-SecureString '01000000d08c9ddf0115d1118c7a00c04fc297eb' -Key $key"],
    },
    Tool {
        // unixODBC's `isql DSN [UID [PWD]]` (Sybase's `isql -P` is read above).
        programs: &["isql", "iusql"],
        subcommand: &[],
        options: &[],
        positional: Some(Positional::Index(2)),
        switches: false,
        true_positives: &["isql -v corp-mssql etl ⟦FNstUhGL2jTDxJ50FfVIJy69yY0mbdyu⟧ < queries/daily.sql", "{ID:643 Command:isql -v corp-mssql svc '⟦Nimbus1997?⟧' < q.sql Retries:3}", "iusql -b warehouse svc_reporting '⟦Nimbus1997?⟧'", "wsl.exe -e sh -c 'isql -v corp-mssql ci-bot ''⟦Copper1995*⟧'' < queries/daily.sql'"],
        false_positives: &["isql -v corp-mssql", "isql -v corp-mssql etl < queries/daily.sql", "isql -b DSN \"$DB_USER\" \"$DB_PASS\""],
    },
    Tool {
        // Oracle's wallet tools: `mkstore -createCredential ALIAS USER [PASS]` (without PASS it
        // prompts), `-createEntry NAME [VALUE]`; `orapki wallet create -pwd PASS`.
        programs: &["mkstore"],
        subcommand: &[],
        options: &[os("-wrl", Separate, Shape::Plain)],
        positional: Some(Positional::After(&["-createCredential", "-modifyCredential"], 3)),
        switches: false,
        true_positives: &["mkstore -wrl /opt/oracle/wallet -createCredential PRODDB app_rw ⟦u3J%x%0sN6@zKuyZOe8+N7s⟧", "mkstore -wrl w -modifyCredential PRODDB svc '⟦Tundra2021#⟧'"],
        false_positives: &["mkstore -wrl /opt/oracle/wallet -createCredential PRODDB app_rw", "mkstore -wrl /opt/oracle/wallet -listCredential"],
    },
    Tool {
        programs: &["orapki"],
        subcommand: &[],
        options: &[o("-pwd", Separate)],
        positional: None,
        switches: false,
        true_positives: &["orapki wallet create -wallet /opt/oracle/wallet -pwd ⟦Beacon2004.x⟧ -auto_login"],
        false_positives: &["orapki wallet display -wallet /opt/oracle/wallet", "orapki wallet create -wallet w -pwd \"$WALLET_PW\""],
    },
    Tool {
        // oathtool's KEY is its first positional (hex, or base32 with `-b`); the options that
        // take a value are read past.
        programs: &["oathtool"],
        subcommand: &[],
        options: &[
            os("-d", Separate, Shape::Plain),
            os("-s", Separate, Shape::Plain),
            os("-S", Separate, Shape::Plain),
            os("-N", Separate, Shape::Plain),
            os("-w", Separate, Shape::Plain),
            os("-c", Separate, Shape::Plain),
        ],
        positional: Some(Positional::Index(0)),
        switches: false,
        true_positives: &["oathtool --totp -b ⟦HZGPK2AM34ZZF5VXF5V2GTNMPUSXR6W6⟧ | ssh bastion", "oathtool --totp -d 8 ⟦3132333435363738393031323334353637383930⟧"],
        false_positives: &["oathtool --totp -b \"$TOTP_SEED\"", "oathtool --help", "oathtool --totp -b - < seed.txt"],
    },
    Tool {
        // `ykman oath accounts add [OPTIONS] NAME [SECRET]` (without SECRET it prompts).
        programs: &["ykman"],
        subcommand: &[&["oath", "accounts", "add"], &["oath", "add"]],
        options: &[
            os("-o", Separate, Shape::Plain),
            os("--oath-type", Separate, Shape::Plain),
            os("-d", Separate, Shape::Plain),
            os("--digits", Separate, Shape::Plain),
            os("-a", Separate, Shape::Plain),
            os("--algorithm", Separate, Shape::Plain),
            os("-c", Separate, Shape::Plain),
            os("--counter", Separate, Shape::Plain),
            os("-i", Separate, Shape::Plain),
            os("--issuer", Separate, Shape::Plain),
            os("-P", Separate, Shape::Plain),
            os("--period", Separate, Shape::Plain),
        ],
        positional: Some(Positional::Index(1)),
        switches: false,
        true_positives: &["ykman oath accounts add --touch -o TOTP Corp:deploy ⟦RTXNA2CN46AEJD5QDC56M353NBNNLG6P⟧", "ykman oath add -i Corp -d 8 deploy ⟦GHNUAQLGL427O7I6AFQK3TRGGMSTEGUY⟧"],
        false_positives: &["ykman oath accounts add --touch -o TOTP Corp:deploy", "ykman oath accounts list", "ykman oath accounts code Corp:deploy"],
    },
    Tool {
        // Cypress Cloud's record key (`cypress run --record --key KEY`).
        programs: &["cypress"],
        subcommand: &[&["run"]],
        options: &[o("--key", Any), o("-k", Separate)],
        positional: None,
        switches: false,
        true_positives: &["npx cypress run --record --key ⟦a3d490bc-4f16-49a9-a313-8527fdd6642b⟧ --parallel", "cypress run --record --key=⟦e58ea9e4-e2ed-4f7e-9162-09c2de5746f6⟧"],
        false_positives: &["npx cypress run --record --key $CYPRESS_RECORD_KEY", "cypress run --spec cypress/e2e/login.cy.js"],
    },
    Tool {
        // Codecov's uploader and CLI: `-t` / `--token`.
        programs: &["codecov", "codecovcli"],
        subcommand: &[],
        options: &[o("-t", Separate), o("--token", Any)],
        positional: None,
        switches: false,
        true_positives: &["codecovcli upload-process -t ⟦ceb5b2ea-225d-40b9-91d5-c2be6a2deda0⟧ -f coverage.xml", "./codecov --token=⟦f5dd77c7-bc4e-4e8e-8557-620dfd2aa701⟧"],
        false_positives: &["codecov -t ${CODECOV_TOKEN}", "codecovcli upload-process -f coverage.xml"],
    },
    Tool {
        // `snyk auth [TOKEN]` (without it, a browser login).
        programs: &["snyk"],
        subcommand: &[&["auth"]],
        options: &[],
        positional: Some(Positional::Index(0)),
        switches: false,
        true_positives: &["snyk auth ⟦5e637d1f-e4ee-4246-92b8-46ba9040d15d⟧ && snyk test --all-projects"],
        false_positives: &["snyk auth", "snyk test --all-projects", "snyk auth $SNYK_TOKEN"],
    },
    Tool {
        // The Shodan CLI's set-up, `shodan init API_KEY` (its documentation's first step).
        programs: &["shodan"],
        subcommand: &[&["init"]],
        options: &[],
        positional: Some(Positional::Index(0)),
        switches: false,
        true_positives: &["shodan init ⟦Xq7Rm2vLp9Kw4Tn8Hb3Zc6Yd1Fs5Ga0⟧ && shodan host 1.1.1.1", "irb> system(\"shodan init ⟦pL4nW8qZ2xR7vK3mT9bH6cY1dF5sG0aJ⟧\")"],
        false_positives: &["shodan init $SHODAN_API_KEY", "shodan host 8.8.8.8", "shodan search --fields ip_str apache"],
    },
    Tool {
        // GreyNoise's `greynoise setup -k KEY` and DigitalOcean's `doctl auth init -t TOKEN`.
        programs: &["greynoise", "doctl"],
        subcommand: &[&["setup"], &["auth", "init"]],
        options: &[o("-k", Separate), o("--api-key", Any), o("-t", Separate), o("--access-token", Any)],
        positional: None,
        switches: false,
        true_positives: &["greynoise setup -k ⟦Vb2Nq8Lx4Rm7Tz1Kp9Wc3Hd6Ys5Fg0Ja⟧", "doctl auth init -t ⟦dop_v1_3f9a0c7e5b2d4f6a8c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d9f1a3c5e7b9d1f3a⟧ --context ci"],
        false_positives: &["greynoise setup -k $GREYNOISE_API_KEY", "greynoise ip 8.8.8.8", "doctl auth init --context ci", "doctl compute droplet list -t json"],
    },
    Tool {
        // macOS keychain: `-w PASSWORD` (a bare `-w` last prompts).
        programs: &["security"],
        subcommand: &[&["add-generic-password"], &["add-internet-password"]],
        options: &[o("-w", Separate)],
        positional: None,
        switches: false,
        true_positives: &["security add-generic-password -a etl -s warehouse -w ⟦Hunter2024x⟧ -U", "security add-internet-password -a ci -s git.example -w '⟦Zq8!pw77⟧'"],
        false_positives: &["security add-generic-password -a etl -s warehouse -w", "security find-generic-password -a etl -s warehouse -w", "security add-generic-password -a etl -s warehouse -w \"$PW\""],
    },
    Tool {
        // A setting written by its name and then its value, when the name names a credential:
        // PaperCut's `server-command set-config NAME VALUE`, npm's, pnpm's and Yarn's `config set
        // NAME VALUE` (`//registry…/:_authToken`, `npmAuthToken`), `git config NAME VALUE`.
        programs: &["server-command", "npm", "pnpm", "yarn", "git"],
        subcommand: &[&["set-config"], &["config", "set"], &["config"]],
        options: &[],
        positional: Some(Positional::NameThenValue),
        switches: false,
        true_positives: &[
            "/opt/PaperCut\\ MF/server/bin/linux-x64/server-command set-config auth.webservices.auth-token ⟦Ogg5KCTR2GPtALMc9Q9FtWZ2⟧",
            "npm config set //registry.npmjs.org/:_authToken ⟦npm_Xq7RkP2mW9tL4vB8nC3zH6yJ1dF5gS0aE2uK⟧",
            "yarn config set npmAuthToken ⟦Qm4Zt8Lw2Rx6Kp9Vb3Nc7Hd1Js5Gf0Ya⟧",
            "git config --global github.token ⟦9f8e7d6c5b4a39281706f5e4d3c2b1a098765432⟧",
        ],
        false_positives: &[
            "server-command set-config auth.webservices.auth-token \"$PAPERCUT_TOKEN\"",
            "server-command get-config auth.webservices.auth-token",
            "git config --global user.name 'Dana Okafor'",
            "git config credential.helper store",
            "npm config set registry https://registry.npmjs.org/",
            "npm config get //registry.npmjs.org/:_authToken",
        ],
    },
    Tool {
        // A name option and a value option, the value a credential when the name names one:
        // open-iscsi's `--op update -n node.session.auth.password -v SECRET` (its CHAP secret).
        programs: &["iscsiadm"],
        subcommand: &[],
        options: &[],
        positional: Some(Positional::NamedValue { names: &["-n", "--name"], values: &["-v", "--value"] }),
        switches: false,
        true_positives: &[
            "iscsiadm -m node -T iqn.2026-12.example.corp:storage.lun1 -p 10.0.0.5:3260 --op update -n node.session.auth.password -v ⟦QyzYsPaQlMuysDrk⟧",
            "iscsiadm --mode node --targetname iqn.2001-05.com.example:disk1 --op update --name node.session.auth.password_in --value ⟦Hq7pw2024xZ⟧",
        ],
        false_positives: &[
            "iscsiadm -m node -T iqn.2026-12.example.corp:storage.lun1 --op update -n node.session.auth.authmethod -v CHAP",
            "iscsiadm -m node -T iqn.2026-12.example.corp:storage.lun1 --op update -n node.session.auth.password -v \"$CHAP_SECRET\"",
        ],
    },
    Tool {
        // The same pair in SSM's `put-parameter --name …/db-password --value SECRET`.
        programs: &["aws"],
        subcommand: &[&["ssm", "put-parameter"]],
        options: &[],
        positional: Some(Positional::NamedValue { names: &["--name"], values: &["--value"] }),
        switches: false,
        true_positives: &["aws ssm put-parameter --name /prod/db/password --value '⟦Zq8!pw77xKr⟧' --type SecureString"],
        false_positives: &["aws ssm put-parameter --name /prod/db/host --value db.internal.example --type String"],
    },
    Tool {
        // An ACME account bound to a CA's account by External Account Binding: the key id is
        // public, the HMAC key signs for the account (lego's `--hmac`, certbot's and acme.sh's
        // `--eab-hmac-key`).
        programs: &["lego", "certbot", "acme.sh"],
        subcommand: &[],
        options: &[o("--hmac", Any), o("--eab.hmac", Any), o("--eab-hmac-key", Any)],
        positional: None,
        switches: false,
        true_positives: &[
            "lego --email ops@corp.example --server https://acme.sectigo.com/v2/OV --eab --kid xuP9xESyVGAhA0lq5_Opsw --hmac ⟦uS3KzWqCb0_nCblEsjMLazy-7UXVspMbHyVTdGJNJgI⟧ --dns route53 -d mail.corp.example run",
            "certbot certonly --server https://acme.zerossl.com/v2/DV90 --eab-kid k1Zt8Lw2Rx6K --eab-hmac-key ⟦Rm7Tz1Kp9Wc3Hd6Ys5Fg0JaVb2Nq8Lx4Qe2Wd5⟧ -d x.example",
            "acme.sh --register-account --server zerossl --eab-kid kid1 --eab-hmac-key=⟦Zq8Wv3Lx9Rt2Kp7Nb4Mc6Hd1Js5Gf0Ya⟧",
        ],
        false_positives: &["lego --email ops@corp.example --eab --kid xuP9 --hmac \"$EAB_HMAC\" -d x.example run", "certbot renew --dry-run", "lego --help"],
    },
    Tool {
        // RCON clients (Minecraft's, Source servers'): the server's remote-console password.
        programs: &["mcrcon", "rcon-cli", "rcon"],
        subcommand: &[],
        options: &[o("-p", Separate), o("--password", Any)],
        positional: None,
        switches: false,
        true_positives: &["mcrcon -H mc.corp.example -P 25575 -p ⟦Iwreft99cYF1x⟧ 'whitelist add Steve'", "rcon-cli --host 10.0.0.9 --port 25575 --password=⟦h3KSMeFQAlCJhFG7⟧ list"],
        false_positives: &["mcrcon -H mc.corp.example -P 25575 -p \"$RCON_PASSWORD\" list", "mcrcon -H mc.corp.example -P 25575 -t"],
    },
];

/// Options and programs that read a secret from standard input (`echo SECRET | docker login
/// --password-stdin`), and the program that must come first on their command, if any.
const STDIN_READERS: &[(&str, Option<&str>)] = &[
    ("--password-stdin", None),
    // libsecret's `secret-tool store` reads the secret it stores from standard input.
    ("secret-tool store", None),
    ("--passphrase-fd", None),
    ("--with-token", None),
    ("chpasswd", None),
    ("--stdin", Some("passwd")),
];

/// The keywords that send a text to this detector: a prefix of each program name (the detector
/// reads the whole word from there: `mysql` covers `mysqldump`, `ldap` every `ldap*` tool), the
/// name and its first word where a short name would hit inside ordinary words (`oc `,
/// `cf login`), and the stdin readers. A test checks them against the table.
pub const KEYWORDS: &[&str] = &[
    "mysql", "mariadb", "sshpass", "redis-cli", "valkey-cli", "keydb-cli", "docker", "podman", "nerdctl", "buildah", "finch",
    "skopeo", "htpasswd", "curl", "wget", "mongo", "sqlcmd", "bcp ", "osql", "isql", "cqlsh", "clickhouse", "vertica", "vsql",
    "psql", "influx", "ldap", "rabbitmqctl", "nmcli", "mosquitto_", "zip ", "zipcloak", "unzip", "funzip", "7z", "rar ",
    "unrar", "openssl", "gpg", "keytool", "jarsigner", "helm", "oras", "notation", "crane", "kubectl", "oc ", "kubeadm",
    "istioctl", "argocd", "kustomize", "cf login", "cf auth", "az login", "vault", "bao ", "svn ", "xfreerdp", "wlfreerdp",
    "sdl-freerdp", "ipmitool", "rdesktop", "psexec", "paexec", "winexe", "ncftp", "snmp", "http -a", "http --auth", "https -a",
    "https --auth", "xh ", "xhs ", "ab -", "siege", "smbclient", "rpcclient", "smbmap", "smbget", "net use", "net user", "lftp",
    "sqlplus", "rman", "expdp", "impdp", "sqlldr", "aws configure", "mc alias", "mc config", "mcli", "--password-stdin",
    "--passphrase-fd", "--with-token", "chpasswd", "--stdin", "secret-tool store", "security add-", "cmdkey", "schtasks", "winrs", "convertto-securestring", "poetry",
    "jenkins-cli", "iusql", "mkstore", "orapki", "oathtool", "ykman", "cypress", "codecov", "snyk", "shodan", "greynoise", "doctl", "tccli", "aliyun",
    "az sql", "az postgres", "az mysql", "az mariadb", "xmlstarlet", "xml ed", "server-command", "npm config", "pnpm config",
    "yarn config", "git config", "iscsiadm", "aws ssm", "lego", "certbot", "acme.sh", "mcrcon", "rcon",
];

/// A shell word: its text with quotes and escapes removed, where each of its characters sits in
/// the scanned text, and whether it expands (`$`, a backquote outside single quotes).
#[derive(Debug)]
struct Word {
    text: String,
    /// For each byte of `text`, its byte offset in the scanned text.
    at: Vec<usize>,
    end: usize,
    expands: bool,
}

impl Word {
    /// The scanned-text span of `text[from..to]` (quotes around it stay outside).
    fn span(&self, from: usize, to: usize) -> (usize, usize) {
        (self.at[from], self.at[to - 1] + 1)
    }
}

/// Most words read after a program name, and the farthest they reach.
const MAX_WORDS: usize = 48;
const MAX_REACH: usize = 4096;

/// Splits the command starting at `i` into words, up to its end (`;`, `|`, `&`, a newline, `)`,
/// a backquote) or the bounds above. `$(…)` and backquotes make a word expand.
fn words(b: &[u8], text: &str, i: usize) -> Vec<Word> {
    words_before(b, text, i, MAX_WORDS, b.len())
}

/// [`words`], at most `max` of them, reading no further than `end` (the text's end, or the
/// closing quote of a string the command is written in). A redirection's target is read as one
/// word (`max` 1), so the time is linear in the command whatever its redirections: reading the
/// whole rest as the target, as once here, read it again at every `<` and `>`, twice over per
/// level (2^n).
fn words_before(b: &[u8], text: &str, mut i: usize, max: usize, end: usize) -> Vec<Word> {
    let stop = (i + MAX_REACH).min(end);
    let mut out = Vec::new();
    while i < stop && out.len() < max {
        while i < stop && matches!(b[i], b' ' | b'\t' | b'\r') {
            i += 1;
        }
        // A line continuation joins the next line.
        if b[i..].starts_with(b"\\\n") {
            i += 2;
            continue;
        }
        if i >= stop || matches!(b[i], b';' | b'|' | b'&' | b'\n' | b')' | b'`') {
            break;
        }
        // Room for a usual word up front: grown a byte at a time, a URL would move four times.
        let mut w = Word { text: String::with_capacity(32), at: Vec::with_capacity(32), end: i, expands: false };
        let mut quote: Option<u8> = None;
        let mut line_break = 0;
        while i < stop {
            let c = b[i];
            // A newline escaped once or more (`\n`, `\\n`: a command inside a JSON string, or
            // inside one inside another) ends the word it follows, and is no part of it. At a
            // word's start it is read as the shell reads it (`\\nas01\share` is a UNC path).
            // (Eight backslashes at most: four levels of escaping.)
            if quote.is_none()
                && c == b'\\'
                && !w.text.is_empty()
                && let Some((b'n' | b'r', len)) = super::escaped_blank_at(b, i, (i + 9).min(stop))
            {
                line_break = len;
                break;
            }
            match (quote, c) {
                (None, b' ' | b'\t' | b'\r' | b'\n' | b';' | b'|' | b'&' | b')' | b'`' | b'<' | b'>') => break,
                (None, b'\'' | b'"') => quote = Some(c),
                (Some(q), _) if c == q => quote = None,
                (None, b'\\') | (Some(b'"'), b'\\') if i + 1 < stop && (quote.is_none() || matches!(b[i + 1], b'"' | b'\\' | b'$' | b'`')) => {
                    i += 1;
                    push_char(&mut w, text, &mut i);
                    continue;
                }
                (None | Some(b'"'), b'$' | b'`') => {
                    w.expands = true;
                    push_char(&mut w, text, &mut i);
                    continue;
                }
                _ => {
                    push_char(&mut w, text, &mut i);
                    continue;
                }
            }
            i += 1;
        }
        w.end = i;
        i += line_break;
        if !w.text.is_empty() {
            out.push(w);
        }
        // A redirection: its target is no argument. (Not once `max` words are read: the caller
        // goes on from here, and reads the redirection itself.)
        if i < stop && out.len() < max && matches!(b[i], b'<' | b'>') {
            while i < stop && matches!(b[i], b'<' | b'>' | b'&') {
                i += 1;
            }
            let target = words_before(b, text, i, 1, end);
            i = target.first().map_or(i, |t| t.end);
        }
    }
    out
}

/// Where the string a command word opens ends, when a quote comes right before it (`'…'`,
/// `"…"`, JSON's `\"…\"`): its closing quote, within reach.
fn string_end(b: &[u8], hs: usize) -> Option<usize> {
    let q = *b.get(hs.checked_sub(1)?)?;
    if !matches!(q, b'\'' | b'"') {
        return None;
    }
    let escaped = hs >= 2 && b[hs - 2] == b'\\';
    let stop = (hs + MAX_REACH).min(b.len());
    let mut i = hs;
    while i < stop {
        match b[i] {
            b'\n' => return None,
            b'\\' if !escaped && q == b'"' => i += 1,
            // A doubled quote goes on with the string: PowerShell's escaped quote, or the shell's
            // next quoted part right after (`sh -c 'isql dsn user ''pw'' < q.sql'`).
            c if c == q && !escaped && b.get(i + 1) == Some(&q) => i += 1,
            c if c == q => return Some(if escaped { i - 1 } else { i }),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The items of an argument list after its first (`"mysql", "-u", "root", "-p…"]`): each quoted
/// string is a word, its escapes (`\"`, `\\`) undone; the list ends at anything but a comma.
fn argv(b: &[u8], text: &str, mut i: usize) -> Vec<Word> {
    let stop = (i + MAX_REACH).min(b.len());
    let mut out = Vec::new();
    // `i` is at the closing quote of the item before.
    let q = b[i];
    i += 1;
    while out.len() < MAX_WORDS {
        i = skip_blanks(b, i);
        if i >= stop || b[i] != b',' {
            break;
        }
        i = skip_blanks(b, i + 1);
        if i >= stop || b[i] != q {
            break;
        }
        i += 1;
        let mut w = Word { text: String::new(), at: Vec::new(), end: i, expands: false };
        while i < stop && b[i] != q && b[i] != b'\n' {
            if b[i] == b'\\' && i + 1 < stop {
                i += 1;
            }
            push_char(&mut w, text, &mut i);
        }
        if i >= stop || b[i] != q {
            break;
        }
        w.end = i;
        i += 1;
        if !w.text.is_empty() {
            out.push(w);
        }
    }
    out
}

fn push_char(w: &mut Word, text: &str, i: &mut usize) {
    // Most characters of a command are ASCII: one byte, no decoding.
    if let Some(&b) = text.as_bytes().get(*i)
        && b.is_ascii()
    {
        w.at.push(*i);
        w.text.push(char::from(b));
        *i += 1;
        return;
    }
    let Some(c) = text.get(*i..).and_then(|t| t.chars().next()) else {
        *i += 1;
        return;
    };
    for k in 0..c.len_utf8() {
        w.at.push(*i + k);
    }
    w.text.push(c);
    *i += c.len_utf8();
}

fn is_option(w: &Word) -> bool {
    w.text.len() > 1 && w.text.starts_with('-')
}

/// Whether `text[i..]` starts a command word: after the start, a blank, a path, or shell syntax,
/// or as the value of a setting or field (`app.command=curl -u …`, `ExecStart=mysql -p…`, Go's
/// `%+v` of a struct: `{ID:643 Command:isql …}`), or after IPython's `!` (a notebook's shell line).
fn command_start(b: &[u8], i: usize) -> bool {
    i == 0 || matches!(b[i - 1], b' ' | b'\t' | b'\n' | b'/' | b'(' | b';' | b'|' | b'&' | b'`' | b'\'' | b'"' | b'{' | b'+' | b'$' | b'>' | b'=' | b':' | b'!')
}

/// Credentials in the command lines around the detector's keyword hits.
pub fn find(scan: &Scan, hits: &[(usize, usize)], out: &mut Vec<SecretMatch>) {
    let b = scan.bytes;
    let mut done = 0;
    for &(hs, he) in hits {
        if let Some(reader) = STDIN_READERS.iter().find(|r| r.0.as_bytes().eq_ignore_ascii_case(&b[hs..he])) {
            if !stdin_producer(scan, hs, *reader, out) {
                return;
            }
            continue;
        }
        // A program already read as a word of the command before is not read again, unless a
        // quote opens right before it: a command written as a string (`"iscsiadm -v …"`) that the
        // words before ran into, as a tool named in prose (`"… to a Helm values file:"}, {…`)
        // reads on across a JSON text's strings.
        if hs < done && !(hs > 0 && matches!(b[hs - 1], b'"' | b'\'')) {
            continue;
        }
        // The whole program word (a keyword may be the prefix of a longer name, or a name and a
        // first word).
        let mut e = hs;
        while e < b.len() && (b[e].is_ascii_alphanumeric() || matches!(b[e], b'-' | b'_' | b'.')) {
            e += 1;
        }
        let string = string_end(b, hs);
        if !command_start(b, hs) || (e < b.len() && !matches!(b[e], b' ' | b'\t') && string != Some(e)) {
            continue;
        }
        // Program names match as typed on Windows too (`PSEXEC.EXE`, `Curl`).
        let lower = scan.text[hs..e].to_ascii_lowercase();
        let program = lower.strip_suffix(".exe").unwrap_or(&lower);
        let ws = match string {
            // A command written as a string (`sh -c 'mysql -p…'`, `subprocess.run("…")`, a JSON
            // value) ends with the string; a string holding only the program name is the first
            // item of an argument list (`["mysql", "-p…"]`: exec form, `strace`, `subprocess`).
            Some(end) if end == e => argv(b, scan.text, end),
            Some(end) => words_before(b, scan.text, e, MAX_WORDS, end),
            None => words(b, scan.text, e),
        };
        done = ws.last().map_or(e, |w| w.end);
        if !scan.spend(done - hs) {
            return;
        }
        for tool in TOOLS.iter().filter(|t| t.programs.contains(&program)) {
            read_tool(scan, tool, &ws, out);
        }
    }
}

/// The options and positions of one tool over the words after its program name.
fn read_tool(scan: &Scan, tool: &Tool, ws: &[Word], out: &mut Vec<SecretMatch>) {
    // Where the options start counting: after the subcommand's words, when the tool has one.
    let mut from = 0;
    let is_option = |w: &Word| is_option(w) || (tool.switches && w.text.len() > 1 && w.text.starts_with('/'));
    let same = |a: &str, b: &str| if tool.switches { a.eq_ignore_ascii_case(b) } else { a == b };
    if !tool.subcommand.is_empty() {
        let positionals: Vec<usize> = (0..ws.len()).filter(|&i| !is_option(&ws[i])).collect();
        let Some(end) = tool.subcommand.iter().find_map(|seq| {
            let ok = seq.len() <= positionals.len() && seq.iter().zip(&positionals).all(|(s, &i)| same(&ws[i].text, s));
            ok.then(|| positionals[seq.len() - 1] + 1)
        }) else {
            return;
        };
        from = end;
    }
    let ws = &ws[from..];
    let opts = options_by_length(tool);
    let mut positionals: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < ws.len() {
        let w = &ws[i];
        if w.text == "--" {
            positionals.extend(i + 1..ws.len());
            break;
        }
        let mut took_next = false;
        // Longest names first: `-password` is not `-p` with `assword` glued to it.
        for opt in opts.iter().copied() {
            let Some(rest) = w.text.get(..opt.name.len()).filter(|head| same(head, opt.name)).map(|_| &w.text[opt.name.len()..]) else { continue };
            let long = opt.name.starts_with("--") || opt.name.len() > 2;
            let value: Option<(&Word, usize)> = if rest.is_empty() {
                match (opt.form, ws.get(i + 1)) {
                    (Form::Separate | Form::Any, Some(next)) if !is_option(next) => {
                        took_next = true;
                        Some((next, 0))
                    }
                    _ => None,
                }
            } else if long && rest.starts_with('=') {
                matches!(opt.form, Form::Any | Form::Equals).then_some((w, opt.name.len() + 1))
            } else if opt.form == Form::Attached || (opt.form == Form::Any && !long) {
                Some((w, opt.name.len()))
            } else {
                // Another option that starts alike (`--password-stdin`).
                continue;
            };
            if let Some((v, start)) = value {
                push_value(scan, v, start, opt.shape, out);
            }
            break;
        }
        if !is_option(w) && !took_next {
            positionals.push(i);
        }
        i += if took_next { 2 } else { 1 };
    }
    match tool.positional {
        Some(Positional::LastWithFlag { flag, count, count_with_n }) => {
            let cluster = |l: u8| ws.iter().any(|w| w.text.starts_with('-') && !w.text.starts_with("--") && w.text.as_bytes()[1..].contains(&l));
            let want = if cluster(b'n') { count_with_n } else { count };
            if cluster(flag) && positionals.len() == want {
                push_value(scan, &ws[positionals[want - 1]], 0, Shape::Secret, out);
            }
        }
        Some(Positional::Index(k)) => {
            if let Some(&p) = positionals.get(k)
                && !ws[p].text.contains('=') {
                    push_value(scan, &ws[p], 0, Shape::Secret, out);
                }
        }
        Some(Positional::After(names, n)) => {
            for (k, w) in ws.iter().enumerate() {
                if names.iter().any(|name| w.text.eq_ignore_ascii_case(name))
                    && let Some(between) = ws.get(k + 1..=k + n)
                    && !between.iter().any(is_option)
                {
                    push_value(scan, &between[n - 1], 0, Shape::Secret, out);
                }
            }
        }
        Some(Positional::UserSlash) => {
            if let Some(&p) = positionals.first() {
                let t = &ws[p].text;
                if let Some(slash) = t.find('/').filter(|&s| s > 0) {
                    let end = t[slash + 1..].find('@').map_or(t.len(), |a| slash + 1 + a);
                    if end > slash + 1 {
                        push_part(scan, &ws[p], slash + 1, end, out);
                    }
                }
            }
        }
        Some(Positional::AfterUnc) => {
            // Read as typed: `\\` is no escape to Windows (a shell reading of it keeps one).
            let unc = |w: &Word| w.text.starts_with('\\') && scan.bytes[w.at[0].saturating_sub(1)..w.end].starts_with(b"\\\\");
            if let Some(k) = positionals.iter().position(|&p| unc(&ws[p]))
                && let Some(&p) = positionals.get(k + 1)
            {
                push_value(scan, &ws[p], 0, Shape::Secret, out);
            }
        }
        Some(Positional::NamedValue { names, values }) => {
            let mut named: Option<&str> = None;
            for (k, w) in ws.iter().enumerate() {
                let next = ws.get(k + 1).filter(|n| !is_option(n));
                if names.iter().any(|n| same(&w.text, n)) {
                    named = next.map(|n| n.text.as_str());
                } else if values.iter().any(|v| same(&w.text, v))
                    && let (Some(value), Some(name)) = (next, named)
                    && super::context::classify(last_step(name).as_bytes()).is_some()
                {
                    push_value(scan, value, 0, Shape::Secret, out);
                }
            }
        }
        Some(Positional::NameThenValue) => {
            if let [name, value, ..] = positionals[..]
                && super::context::classify(last_step(&ws[name].text).as_bytes()).is_some()
            {
                push_value(scan, &ws[value], 0, Shape::Secret, out);
            }
        }
        Some(Positional::FirstWith(flags)) => {
            if ws.iter().any(|w| flags.iter().any(|f| same(&w.text, f)))
                && let Some(&p) = positionals.first()
            {
                push_value(scan, &ws[p], 0, Shape::Secret, out);
            }
        }
        None => {}
    }
}

/// The name an XPath's last step selects (`password` of `//Resource[@name="x"]/@password`), or
/// a plain name as it is.
fn last_step(path: &str) -> &str {
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in path.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            '/' | '@' | ':' if depth == 0 => start = i + 1,
            _ => {}
        }
    }
    path[start..].trim_end_matches(']')
}

/// The tool's options, longest names first (sorted once per command, not per word).
fn options_by_length(tool: &Tool) -> Vec<&Opt> {
    let mut opts: Vec<&Opt> = tool.options.iter().collect();
    opts.sort_by_key(|o| std::cmp::Reverse(o.name.len()));
    opts
}

/// The secret part of `w.text[start..]` by its shape.
fn push_value(scan: &Scan, w: &Word, start: usize, shape: Shape, out: &mut Vec<SecretMatch>) {
    let t = &w.text;
    if start >= t.len() || !t.is_char_boundary(start) {
        return;
    }
    let v = &t[start..];
    let split = |sep: char| v.find(sep).map(|p| start + p + 1);
    let from = match shape {
        Shape::Secret => Some(start),
        Shape::UserColon => split(':'),
        Shape::UserPercent => split('%'),
        Shape::UserComma => split(','),
        Shape::PassPrefix => v.strip_prefix("pass:").map(|_| start + 5),
        Shape::Plain => None,
    };
    match from {
        // `-u KEY:` with nothing after the colon, or a stand-in shorter than any password
        // (`-u KEY:x`, Campaign Monitor's and Freshdesk's convention): an API key given as the
        // user (Stripe's, Chargebee's basic auth), when it looks generated; a preview masks any
        // such user.
        // (A short stand-in after a user that is neither falls through and is too short to take.)
        Some(from) if t.len() - from < SHORTEST && shape == Shape::UserColon && (scan.lenient || generated_user(&t[start..from - 1])) => {
            push_part(scan, w, start, from - 1, out);
        }
        Some(from) => {
            // A fixed word of the service's as the password (GitHub's `x-oauth-basic`, Toggl's
            // `api_token`, MySportsFeeds' `MYSPORTSFEEDS`) after a generated user: the user is
            // the key. The word goes too, as any password does; a preview masks any such user.
            // A preview is built from the redacted command, where the word is a marker by then.
            let password = &t[from..];
            let fixed = password.bytes().all(|c| c.is_ascii_alphabetic() || c == b'-' || c == b'_') || password.starts_with("[REDACTED");
            if shape == Shape::UserColon && fixed && (scan.lenient || generated_user(&t[start..from - 1])) {
                push_part(scan, w, start, from - 1, out);
            }
            push_part(scan, w, from, t.len(), out);
        }
        None => {}
    }
}

/// A basic-auth user that looks generated (an API key given as the user, not a person's name).
fn generated_user(user: &str) -> bool {
    user.len() >= 16 && user.bytes().any(|c| c.is_ascii_digit()) && validate::plausible(user, validate::Class::Token, true)
}

/// Shortest value taken from a command line: shorter ones are flags or toy examples.
const SHORTEST: usize = 3;

fn push_part(scan: &Scan, w: &Word, from: usize, to: usize, out: &mut Vec<SecretMatch>) {
    let v = &w.text[from..to];
    // A preview masks every literal value (`cli_password`); the rule keeps the placeholder and
    // mask vetoes (`-pXXXXXXXX` in documentation is no credential to redact), so a value shaped like
    // a mask is never redacted from the command but never shown in a message either.
    let credential = if scan.lenient { validate::cli_password(v) } else { validate::url_password(v) };
    if v.len() < SHORTEST || w.expands || !credential {
        return;
    }
    let (s, e) = w.span(from, to);
    if scan.text.is_char_boundary(s) && scan.text.is_char_boundary(e) {
        out.push(SecretMatch::new(s, e, "password"));
    }
}

/// `echo SECRET | tool --password-stdin`, `printf '%s' SECRET | …`, `tool … <<< SECRET`: the
/// producer's argument is what the reader takes as its password. `false` once the string's
/// reading budget is spent (each reader reads its whole line: many on one line re-read it).
fn stdin_producer(scan: &Scan, hit: usize, (reader, program): (&str, Option<&str>), out: &mut Vec<SecretMatch>) -> bool {
    let b = scan.bytes;
    let line_start = memchr::memrchr(b'\n', &b[..hit]).map_or(0, |p| p + 1);
    let line_end = memchr::memchr(b'\n', &b[hit..]).map_or(b.len(), |p| hit + p);
    // The line (searched back and forth from the reader).
    if !scan.spend(line_end - line_start) {
        return false;
    }
    // The reader's own command: from the last `|` before it.
    let Some(pipe) = memchr::memrchr(b'|', &b[line_start..hit]).map(|p| line_start + p) else {
        here_string(scan, hit, line_end, out);
        return true;
    };
    if let Some(p) = program {
        let own = words(b, scan.text, pipe + 1);
        if !scan.spend(own.last().map_or(0, |w| w.end - pipe)) {
            return false;
        }
        if own.first().is_none_or(|w| w.text != p) {
            return true;
        }
    }
    here_string(scan, hit, line_end, out);
    let seg_start = b[line_start..pipe].iter().rposition(|&c| matches!(c, b'|' | b';' | b'&' | b'(')).map_or(line_start, |p| line_start + p + 1);
    // The producer may follow a prompt, a trace's `+` or a log prefix on its line.
    let ws = words(b, scan.text, seg_start);
    if !scan.spend(ws.last().map_or(0, |w| w.end - seg_start)) {
        return false;
    }
    let Some(at) = ws.iter().position(|w| w.text == "echo" || w.text == "printf") else { return true };
    let args: Vec<&Word> = ws[at + 1..].iter().filter(|w| !is_option(w)).collect();
    let secret = match ws[at].text.as_str() {
        "echo" => args.first(),
        "printf" => args.iter().find(|w| !w.text.contains('%')).or(args.first()),
        _ => None,
    };
    if let Some(w) = secret {
        // `echo 'user:pass' | chpasswd`: the part after the colon.
        let from = if reader == "chpasswd" { w.text.find(':').map_or(0, |p| p + 1) } else { 0 };
        push_part(scan, w, from, w.text.len(), out);
    }
    true
}

/// `reader … <<< SECRET`.
fn here_string(scan: &Scan, hit: usize, line_end: usize, out: &mut Vec<SecretMatch>) {
    if let Some(p) = memchr::memmem::find(&scan.bytes[hit..line_end], b"<<<")
        && let Some(w) = words_before(scan.bytes, scan.text, hit + p + 3, 1, scan.bytes.len()).first() {
            push_part(scan, w, 0, w.text.len(), out);
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example with its markers removed, and the marked values.
    fn unmark(example: &str) -> (String, Vec<String>) {
        let mut text = String::new();
        let mut values = Vec::new();
        let mut rest = example;
        while let Some(s) = rest.find('⟦') {
            text.push_str(&rest[..s]);
            let after = &rest[s + '⟦'.len_utf8()..];
            let e = after.find('⟧').expect("closed marker");
            values.push(after[..e].to_string());
            text.push_str(&after[..e]);
            rest = &after[e + '⟧'.len_utf8()..];
        }
        text.push_str(rest);
        (text, values)
    }

    fn found(text: &str) -> Vec<String> {
        super::super::find(text).iter().filter(|m| !m.continuation).map(|m| text[m.start..m.end].to_string()).collect()
    }

    /// Every tool's examples, through the whole secrets scan: each true positive's marked values
    /// are found whole (a generic rule may take the user name with them: `--creds user:secret`),
    /// no false positive gives anything.
    #[test]
    fn every_tool_carries_and_passes_its_examples() {
        let mut failures = Vec::new();
        for tool in TOOLS {
            if tool.false_positives.is_empty() {
                failures.push(format!("{:?}: needs false-positive examples", tool.programs));
            }
            if tool.true_positives.is_empty() {
                failures.push(format!("{:?}: needs true-positive examples", tool.programs));
            }
            for tp in tool.true_positives {
                let (text, values) = unmark(tp);
                let got = found(&text);
                for v in &values {
                    if !got.iter().any(|g| g.contains(v.as_str()) && g.len() <= v.len() + 16) {
                        failures.push(format!("{:?}: missed {v:?} in {text:?} (found {got:?})", tool.programs));
                    }
                }
            }
            for fp in tool.false_positives {
                let got = found(fp);
                if !got.is_empty() {
                    failures.push(format!("{:?}: false positive on {fp:?}: {got:?}", tool.programs));
                }
            }
        }
        assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    }

    /// Every program has a keyword: a prefix of its name, or its name and a first word; every
    /// keyword leads to a program or is a stdin reader.
    #[test]
    fn keywords_cover_the_programs_and_readers() {
        let covers = |k: &str, p: &str| match k.split_once(' ') {
            Some((first, _)) => first == p,
            None => p.starts_with(k),
        };
        for t in TOOLS {
            for p in t.programs {
                assert!(KEYWORDS.iter().any(|k| covers(k, p)), "{p} has no keyword");
            }
        }
        for r in STDIN_READERS {
            assert!(KEYWORDS.contains(&r.0), "{}", r.0);
        }
        for k in KEYWORDS {
            let known = TOOLS.iter().any(|t| t.programs.iter().any(|p| covers(k, p))) || STDIN_READERS.iter().any(|r| r.0 == *k);
            assert!(known, "{k}");
        }
    }

    #[test]
    fn commands_in_strings_and_argument_lists() {
        // A tool named in prose reads on into the strings after it; a command that a string opens
        // with is read all the same.
        assert_eq!(
            found("{\"messages\": [{\"content\": \"Convert this to a Helm values file:\"}, {\"content\": \"iscsiadm -m node --op update -n node.session.auth.password -v Qx7pw2024zK\"}]}"),
            ["Qx7pw2024zK"]
        );
        // An escaped newline after a value ends it: the redaction leaves the string's escapes.
        assert_eq!(found("{\"content\": \"iscsiadm -m node --op update -n node.session.auth.password -v Qx7pw2024zK\\nEOF\"}"), ["Qx7pw2024zK"]);
        assert_eq!(found("{\\\"cmd\\\": \\\"mysql -u root -pQx7pw2024zK\\\\n\\\"}"), ["Qx7pw2024zK"]);
        assert_eq!(found("psexec \\\\nas01 -u admin -p Qx7pw2024zK cmd"), ["Qx7pw2024zK"]);
        // A command written as a string ends with it: what follows the string is no argument.
        assert_eq!(found("run(['sh', '-c', 'mysql -u root -pThunder.WL12345'], check=True)"), ["Thunder.WL12345"]);
        assert_eq!(found("E   Actual: run(['sh', '-c', 'poetry config http-basic.corp ci BMEVvTVP-qPV0zEDcj+z'], check=True)"), ["BMEVvTVP-qPV0zEDcj+z"]);
        assert_eq!(found("{\\\"cmd\\\": \\\"sshpass -p Zq8pw77xK ssh host\\\"}"), ["Zq8pw77xK"]);
        // Exec form: each item of the list is a word.
        assert_eq!(found(r#"execve("/usr/bin/poetry", ["poetry", "config", "http-basic.corp", "ops", "Thunder.WL123456789"], 0x55d9 /* 33 vars */) = 0"#), ["Thunder.WL123456789"]);
        assert_eq!(found(r#"CMD ["mysql", "-u", "root", "-pHunter2024x"]"#), ["Hunter2024x"]);
        assert_eq!(found("subprocess.run(['redis-cli', '-a', 'Zq8pw77xK', 'ping'])"), ["Zq8pw77xK"]);
        assert_eq!(found(r#"command: ["sshpass", "-p", "pw4Tiger9", "ssh", "db"]"#), ["pw4Tiger9"]);
        // A list that only names the program, or holds no credential option, gives nothing.
        assert!(found(r#"["mysql"]"#).is_empty());
        assert!(found(r#"["mysql", "-u", "root", "-p"]"#).is_empty());
        assert!(found(r#"args = ["poetry", "config", "--list"]"#).is_empty());
    }

    #[test]
    fn stdin_producers_and_env_names() {
        assert_eq!(found("echo 'Hunter2024x' | docker login -u ci --password-stdin registry.example"), ["Hunter2024x"]);
        assert_eq!(found("printf '%s' Zq8pw77x | podman login -u ci --password-stdin quay.io"), ["Zq8pw77x"]);
        assert_eq!(found("echo 'deploy:Hunter2024x' | chpasswd"), ["Hunter2024x"]);
        assert_eq!(found("printf '%s' 'Zq8pw77x,Q' | secret-tool store --label='warehouse' service etl"), ["Zq8pw77x,Q"]);
        assert!(found("secret-tool store --label='warehouse' service etl < ~/.pw").is_empty());
        assert!(found("cat token.txt | docker login -u ci --password-stdin r").is_empty());
        assert!(found("echo $TOKEN | docker login -u ci --password-stdin r").is_empty());
        assert_eq!(found("SSHPASS=Hunter2024x sshpass -e ssh h"), ["Hunter2024x"]);
        assert_eq!(found("+ REDISCLI_AUTH=Zq8pw77x redis-cli ping"), ["Zq8pw77x"]);
    }

    #[test]
    fn redirection_targets_are_one_word_each_however_many_there_are() {
        // Each target once read as the whole rest of the command: 2^n re-reads for n redirections.
        let text = format!("x -pS3cret {} tail", (0..5000).map(|i| format!("<i{i} >o{i} >>a{i}")).collect::<Vec<_>>().join(" "));
        let ws = words(text.as_bytes(), &text, 1);
        let texts: Vec<&str> = ws.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["-pS3cret"], "the reach bound ends the command before `tail`; no target is an argument");
        let short = "x a <in b >out c >>log d";
        let texts: Vec<String> = words(short.as_bytes(), short, 1).into_iter().map(|w| w.text).collect();
        assert_eq!(texts, ["a", "b", "c", "d"]);
    }

    #[test]
    fn words_split_like_a_shell_and_map_back() {
        let text = r#"x -p'a b' --k="c\"d" e\ f $HOME "$(id)" g>out h"#;
        let ws = words(text.as_bytes(), text, 1);
        let texts: Vec<&str> = ws.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["-pa b", "--k=c\"d", "e f", "$HOME", "$(id)", "g", "h"]);
        assert!(ws[3].expands && ws[4].expands && !ws[0].expands);
        let (s, e) = ws[0].span(2, ws[0].text.len());
        assert_eq!(&text[s..e], "a b");
        let (s, e) = ws[1].span(4, ws[1].text.len());
        assert_eq!(&text[s..e], r#"c\"d"#);
    }
}
