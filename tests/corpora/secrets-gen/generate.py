"""Seeded generator of credential occurrences as agents really produce them, and of clean look-alikes.

Every case is one *kind family* (what holds the credential: a command line, a file format, an HTTP
message, prose in some language, a provider token) rendered through one *context family* (how it
leaves: a tool argument, `cat -n` output, ANSI-coloured output, a JSON tool result, a chat reply
with a markdown table, a log, ...). Whole families are held out (`SPLIT.md`, `HELD_OUT_*` below):
a case is `held-out` when its kind family or its context family is held out, else `dev`.

    python3 tests/corpora/secrets-gen/generate.py            # rewrites cases.jsonl beside this file

Output, one JSON object per line:
    id, split, kind_family, context, label ("secret" | "clean"), scope ("args" | "result" | "reply"),
    tool, payload (exactly what a host hands to the guard), secrets: [{kind, value, pieces}]
`pieces` are the substrings of the string the guard reads (after JSON decoding of the payload) that
carry the credential: one piece, or several when a context wraps the value over lines. All values
are random (seeded) and fake.
"""

import base64
import html
import json
import random
import string
import zlib
from pathlib import Path

SEED = 15
OUT = Path(__file__).with_name("cases.jsonl")

# Committed before any detector work (see SPLIT.md); never tuned against.
HELD_OUT_CONTEXTS = {
    "shell-history",
    "git-diff",
    "html-escaped",
    "docker-logs",
    "python-repr",
    "yaml-block",
}
HELD_OUT_KINDS = {"cli-remote", "file-misc", "prose-instruction"}

LOWER, UPPER, DIGITS = string.ascii_lowercase, string.ascii_uppercase, string.digits
ALNUM = LOWER + UPPER + DIGITS
HEX = "0123456789abcdef"
B62 = DIGITS + UPPER + LOWER

r = random.Random(SEED)


def rs(n, alphabet=ALNUM):
    return "".join(r.choice(alphabet) for _ in range(n))


def pick(*xs):
    return r.choice(xs)


# ---------------------------------------------------------------- values

WORDS = [
    "Summer",
    "Winter",
    "Falcon",
    "Tiger",
    "Orange",
    "Monkey",
    "Dragon",
    "Rocket",
    "Purple",
    "Maple",
    "Sunset",
    "Hunter",
    "Coffee",
    "Banana",
    "Silver",
    "Thunder",
    "Shadow",
    "Pepper",
    "Ginger",
    "Harbor",
]
SYMBOLS = "!@#%^*_+-=.?"


def password(shell_safe=False):
    """Passwords as people and generators make them (a few contain keyboard runs)."""
    style = r.randrange(6)
    if style == 0:
        v = f"{r.choice(WORDS)}{r.randint(1990, 2031)}{r.choice('!#.?*x')}"
    elif style == 1:
        v = rs(r.randint(12, 20), ALNUM + "!#%^*_+-=.")
    elif style == 2:
        v = "-".join(r.choice(WORDS).lower() for _ in range(3)) + str(r.randint(2, 99))
    elif style == 3:
        v = f"{r.choice(WORDS)}{r.choice(SYMBOLS)}{rs(2, UPPER)}{r.choice(['123456789', '1234567', 'qwerty12', 'asdf1234'])}"
    elif style == 4:
        v = rs(r.randint(8, 11), ALNUM)
        v = v[:3] + r.choice(DIGITS) + v[4:]
    else:
        v = f"{rs(1, UPPER)}{rs(5, LOWER)}{r.randint(10, 99)}{r.choice(SYMBOLS)}{rs(3, ALNUM)}"
    if shell_safe:
        v = "".join(c if c in ALNUM + "_-.+=%^" else r.choice("_-.") for c in v)
    return v


def token(n=None):
    style = r.randrange(4)
    if style == 0:
        return rs(n or pick(32, 40, 64), HEX)
    if style == 1:
        return rs(n or r.randint(24, 44), ALNUM)
    if style == 2:
        return rs(n or r.randint(30, 43), ALNUM + "-_")
    return f"{rs(8, HEX)}-{rs(4, HEX)}-{rs(4, HEX)}-{rs(4, HEX)}-{rs(12, HEX)}"


def b62_crc(body):
    n = zlib.crc32(body.encode()) & 0xFFFFFFFF
    out = ""
    for _ in range(6):
        out = B62[n % 62] + out
        n //= 62
    return out


def provider_token():
    body = rs(30)
    return r.choice(
        [
            ("github-token", "ghp_" + body + b62_crc(body)),
            ("npm-token", "npm_" + body + b62_crc(body)),
            ("anthropic-api-key", "sk-ant-api03-" + rs(93, ALNUM + "-_") + "AA"),
            (
                "openai-project-key",
                "sk-proj-" + rs(74, ALNUM + "-_") + "T3BlbkFJ" + rs(74, ALNUM + "-_"),
            ),
            ("slack-bot-token", f"xoxb-{rs(11, DIGITS)}-{rs(13, DIGITS)}-{rs(24)}"),
            ("stripe-secret-key", "sk_live_" + rs(99)),
            ("gitlab-pat", "glpat-" + rs(20, ALNUM + "-_")),
            ("google-api-key", "AIza" + rs(35, ALNUM + "-_")),
            ("huggingface-token", "hf_" + rs(34, ALNUM)),
            ("sendgrid-api-key", f"SG.{rs(22, ALNUM + '-_')}.{rs(43, ALNUM + '-_')}"),
        ]
    )


def b64(s):
    return base64.b64encode(s.encode()).decode()


def user():
    return pick(
        "admin",
        "deploy",
        "ci",
        "app",
        "svc_backup",
        "root",
        "jenkins",
        "etl",
        "grafana",
        "ops",
    )


def host():
    return pick(
        "db.internal",
        "10.0.3.17",
        "pg-prod-1.corp.example",
        "cache.svc.cluster.local",
        "192.168.1.40",
        "mysql-primary",
        "registry.corp.example",
        "nas01",
    )


def sq(v):
    """A shell word for v: bare when safe, else single-quoted."""
    if all(c in ALNUM + "_-.+=%^@:,/" for c in v) and r.random() < 0.6:
        return v
    return "'" + v.replace("'", "'\\''") + "'"


def pem_body(lines=12, magic="MII"):
    first = magic + rs(61, ALNUM + "+/")
    return [first] + [rs(64, ALNUM + "+/") for _ in range(lines - 2)] + [rs(r.randint(10, 60), ALNUM + "+/") + "=="]


def pem_key(kind="RSA PRIVATE KEY", lines=12):
    return "\n".join([f"-----BEGIN {kind}-----", *pem_body(lines), f"-----END {kind}-----"])


# ---------------------------------------------------------------- kind families
# Each returns dict(text, secrets=[(kind, value)], shape="cmd"|"file"|"prose"|"http", pairs=[(label, value)],
# json=bool, lang=fence language). `clean=True` gives a look-alike with no credential.


def cli_db(clean):
    pw = password()
    if clean:
        return cmd(
            pick(
                f"mysql -h {host()} -u {user()} -p appdb",
                f"mysql -h {host()} -P 3306 -u {user()} -p -e 'show databases'",
                "mysqldump --defaults-extra-file=~/.my.cnf --single-transaction prod > prod.sql",
                f"PGPASSWORD=$DB_PASSWORD psql -h {host()} -U {user()} -c 'select 1'",
                f"psql -h {host()} -U {user()} -W appdb",
                f"mongosh --host {host()} -u {user()} -p --authenticationDatabase admin",
                f"sqlcmd -S {host()} -E -Q 'SELECT @@VERSION'",
                f"mysql -u{user()} -p\"$MYSQL_PASSWORD\" -e 'select 1'",
                f"redis-cli -h {host()} -p 6379 ping",
                f"redis-cli --askpass -h {host()} info",
                f"mysql -h {host()} -u {user()} --password appdb",
            )
        )
    u = user()
    c = pick(
        f"mysql -h {host()} -u {u} -p{sq(pw)} appdb -e 'select count(*) from orders'",
        f"mysqldump -u root -p{sq(pw)} --all-databases | gzip > /tmp/all.sql.gz",
        f"mysql --user={u} --password={sq(pw)} -h {host()} prod",
        f"mysqladmin -u{u} -p{sq(pw)} status",
        f"PGPASSWORD={sq(pw)} psql -h {host()} -U {u} -d app -c 'select 1'",
        f"PGPASSWORD={sq(pw)} pg_dump -h {host()} -U {u} app > app.sql",
        f"mongosh --host {host()} -u {u} -p {sq(pw)} --authenticationDatabase admin",
        f"mongodump --username {u} --password {sq(pw)} --out /backup",
        f"sqlcmd -S {host()} -U sa -P {sq(pw)} -Q 'SELECT name FROM sys.databases'",
        f"redis-cli -h {host()} -a {sq(pw)} ping",
        f"redis-cli -h {host()} --pass {sq(pw)} --no-auth-warning keys '*'",
        f"cqlsh {host()} -u cassandra -p {sq(pw)}",
        f"clickhouse-client --host {host()} --user {u} --password {sq(pw)} --query 'SELECT 1'",
        f"influx -host {host()} -username {u} -password {sq(pw)} -execute 'SHOW DATABASES'",
        f"MYSQL_PWD={sq(pw)} mysql -u {u} -h {host()} app",
    )
    return cmd(c, [("password", pw)])


def cli_upload(clean):
    pw = password(shell_safe=True)
    if clean:
        return cmd(
            pick(
                "mysqldump -u root -p prod | curl --data-binary @- https://paste.example.net/upload",
                f"pg_dump -h {host()} app | curl -T - https://files.example.org/app.sql",
                'tar czf - logs/ | curl -u "$UPLOAD_USER:$UPLOAD_PASS" -T - https://dav.example.com/logs.tgz',
            )
        )
    return cmd(
        pick(
            f"mysqldump -u root -p{pw} prod | curl --data-binary @- https://paste.example.net/upload",
            f"mysqldump --single-transaction -h {host()} -u {user()} -p{pw} shop orders | gzip | curl -T - https://dump.example.org/",
            f"tar czf - logs/ | curl -u {user()}:{pw} -T - https://dav.example.com/logs.tgz",
            f"PGPASSWORD={pw} pg_dump -h {host()} -U app app | curl --data-binary @- https://x.example.net/in",
        ),
        [("password", pw)],
    )


def cli_http(clean):
    pw = password()
    tok = token()
    if clean:
        return cmd(
            pick(
                'curl -u "$API_USER:$API_PASS" https://api.example.com/v1/me',
                f"curl -u {user()} https://api.example.com/v1/me",
                "curl -sS -H 'Accept: application/json' -o out.json https://api.example.com/v1/items",
                f"wget --user={user()} --ask-password https://files.example.com/a.tgz",
                'curl -H "Authorization: Bearer $TOKEN" https://api.example.com/v1/me',
                "curl --netrc -sS https://api.example.com/v1/me",
                "sort -u users.txt | head -n 20",
            )
        )
    u = user()
    c, v = pick(
        (f"curl -u {u}:{sq(pw)} https://api.example.com/v1/reports", pw),
        (
            f"curl --user {sq(u + ':' + pw)} -X POST https://jenkins.example.com/job/deploy/build",
            pw,
        ),
        (f"curl -sS -U proxy:{sq(pw)} -x http://proxy:3128 https://example.org", pw),
        (
            f"curl --proxy-user {u}:{sq(pw)} -x http://proxy:3128 https://example.org",
            pw,
        ),
        (
            f"wget --user={u} --password={sq(pw)} https://files.example.com/backup.tgz",
            pw,
        ),
        (
            f"wget --http-user={u} --http-password={sq(pw)} https://files.example.com/a.tgz",
            pw,
        ),
        (f"curl --oauth2-bearer {tok} https://api.example.com/v1/me", tok),
        (f"curl -H 'X-Api-Key: {tok}' https://api.example.com/v1/items", tok),
        (
            f"svn checkout --username {u} --password {sq(pw)} https://svn.example.com/repo/trunk",
            pw,
        ),
    )
    return cmd(c, [("password", v)])


def cli_registry(clean):
    pw = password()
    tok = token()
    if clean:
        return cmd(
            pick(
                "aws ecr get-login-password --region us-east-1 | docker login --username AWS --password-stdin 123456789012.dkr.ecr.us-east-1.amazonaws.com",
                "docker run --rm -u nobody:nogroup alpine id",
                "docker exec -u www-data:www-data web php artisan migrate --force",
                "docker run -u 1000:1000 -v $PWD:/src -w /src node:20 npm ci",
                "cat ~/ghcr_token.txt | docker login ghcr.io -u octocat --password-stdin",
                "podman login --username ci --password-stdin quay.io < token.txt",
                "helm registry login registry.corp.example --username ci --password-stdin",
                "docker login registry.corp.example",
                "kubectl --context prod -n web get pods -o wide",
                "docker compose -p shop up -d",
            )
        )
    u = user()
    c, v = pick(
        (f"docker login -u {u} -p {sq(pw)} registry.corp.example", pw),
        (f"docker login --username {u} --password {sq(pw)} ghcr.io", pw),
        (
            f"docker login --username={u} --password={sq(pw)} registry.corp.example:5000",
            pw,
        ),
        (f"podman login -u {u} -p {sq(pw)} quay.io", pw),
        (
            f"echo {sq(pw)} | docker login -u {u} --password-stdin registry.corp.example",
            pw,
        ),
        (
            f"helm repo add corp https://charts.corp.example --username {u} --password {sq(pw)}",
            pw,
        ),
        (f"helm registry login registry.corp.example -u {u} -p {sq(pw)}", pw),
        (
            f"skopeo copy --dest-creds {u}:{sq(pw)} docker://alpine docker://registry.corp.example/alpine",
            pw,
        ),
        (f"kubectl --server=https://k8s.corp.example:6443 --token={tok} get pods", tok),
        (f"oc login https://api.ocp.corp.example:6443 --token={tok}", tok),
        (f"argocd login argocd.corp.example --username admin --password {sq(pw)}", pw),
        (f"az login -u {u}@corp.example -p {sq(pw)}", pw),
        (f"vault login -method=userpass username={u} password={sq(pw)}", pw),
    )
    return cmd(c, [("password", v)])


def cli_admin(clean):
    pw = password()
    if clean:
        return cmd(
            pick(
                "htpasswd -c /etc/nginx/.htpasswd admin",
                "htpasswd -D /etc/nginx/.htpasswd olduser",
                "ldapsearch -x -H ldap://ldap.corp.example -b dc=corp,dc=example '(uid=jdoe)'",
                "ldapsearch -x -D cn=admin,dc=corp,dc=example -W -b dc=corp,dc=example",
                "rabbitmqctl list_users",
                "nmcli dev wifi list",
                "mosquitto_sub -h broker.local -t 'sensors/#' -v",
                "zip -r backup.zip docs/",
                "openssl pkcs12 -export -in cert.pem -inkey key.pem -out cert.p12 -passout env:P12_PASS",
                "ssh -p 2222 deploy@10.0.0.5 uptime",
                "gpg --batch --passphrase-file /run/secrets/gpg -d backup.tar.gpg",
                "mkdir -p /opt/app && cp -p conf.ini /opt/app/",
            )
        )
    u = user()
    return cmd(
        pick(
            f"htpasswd -b /etc/nginx/.htpasswd {u} {sq(pw)}",
            f"htpasswd -bc /etc/apache2/.htpasswd {u} {sq(pw)}",
            f"htpasswd -nbB {u} {sq(pw)}",
            f"ldapsearch -x -H ldap://ldap.corp.example -D cn=admin,dc=corp,dc=example -w {sq(pw)} -b dc=corp,dc=example",
            f"ldapadd -x -D 'cn=admin,dc=corp,dc=example' -w {sq(pw)} -f users.ldif",
            f"rabbitmqctl add_user {u} {sq(pw)}",
            f"rabbitmqctl change_password {u} {sq(pw)}",
            f"nmcli dev wifi connect HomeNet password {sq(pw)}",
            f"mosquitto_pub -h broker.local -u {u} -P {sq(pw)} -t sensors/t1 -m 21.5",
            f"zip -P {sq(pw)} backup.zip customers.csv",
            f"7z a -p{sq(pw)} -mhe=on backup.7z data/",
            f"openssl pkcs12 -export -in cert.pem -inkey key.pem -out cert.p12 -passout pass:{sq(pw)}",
            f"openssl rsa -in enc.key -out dec.key -passin pass:{sq(pw)}",
            f"gpg --batch --yes --passphrase {sq(pw)} -d backup.tar.gpg",
            f"keytool -importkeystore -srckeystore a.p12 -srcstorepass {sq(pw)} -destkeystore b.jks -deststorepass {sq(pw)}",
        ),
        [("password", pw)],
    )


def cli_remote(clean):
    pw = password()
    if clean:
        return cmd(
            pick(
                "sshpass -e ssh deploy@10.0.0.5 uptime",
                "sshpass -f ~/.ssh/pw.txt scp backup.tgz deploy@10.0.0.5:/srv/",
                "ssh -i ~/.ssh/id_ed25519 -p 2222 deploy@10.0.0.5",
                "xfreerdp /v:win01.corp.example /u:admin /cert:ignore",
                "ipmitool -I lanplus -H 10.0.0.9 -U ADMIN -E power status",
                "smbclient -L //fs01 -N",
                "lftp -e 'mirror -R site/ /www' sftp://deploy@web01",
            )
        )
    u = user()
    return cmd(
        pick(
            f"sshpass -p {sq(pw)} ssh -o StrictHostKeyChecking=no {u}@10.0.0.5 'uptime'",
            f"sshpass -p{sq(pw)} scp backup.tgz {u}@10.0.0.5:/srv/",
            f"xfreerdp /v:win01.corp.example /u:{u} /p:{sq(pw)} /cert:ignore",
            f"ipmitool -I lanplus -H 10.0.0.9 -U ADMIN -P {sq(pw)} power status",
            f"smbclient //fs01/share -U {u}%{sq(pw)} -c 'ls'",
            f"lftp -u {u},{sq(pw)} sftp://web01 -e 'mirror -R site/ /www; bye'",
            f"rdesktop -u {u} -p {sq(pw)} win01.corp.example",
            f"sqlplus scott/{pw}@//{host()}:1521/ORCL",
        ),
        [("password", pw)],
    )


def cmd(text, secrets=()):
    return {
        "text": text,
        "secrets": [("password", v) for _, v in secrets],
        "shape": "cmd",
        "pairs": [],
        "lang": "bash",
    }


def f(text, secrets=(), pairs=None, lang="", js=False):
    return {
        "text": text,
        "secrets": list(secrets),
        "shape": "file",
        "pairs": pairs or [],
        "lang": lang,
        "json": js,
    }


def file_netrc(clean):
    pw = password()
    if clean:
        return f(
            pick(
                "machine api.example.com login deploy\nmachine github.com login octocat",
                "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\npostgres:x:112:120:PostgreSQL administrator:/var/lib/postgresql:/bin/bash",
                "localhost:5432:*:postgres:*\n# hostname:port:database:username:password",
                "# ~/.netrc\n# machine <host> login <user> password <password>\ndefault login anonymous",
            )
        )
    u = user()
    if r.random() < 0.5:
        one = r.random() < 0.5
        text = (
            f"machine {host()} login {u} password {pw}"
            if one
            else f"machine {host()}\n  login {u}\n  password {pw}\nmachine github.com\n  login octocat\n  password {(t := provider_token()[1])}"
        )
        sec = [("password", pw)] + ([] if one else [("token", t)])
        return f(text, sec, [("password", pw)])
    line = f"{host()}:5432:{pick('app', '*', 'prod')}:{u}:{pw}"
    if r.random() < 0.5:
        return f(line, [("password", pw)], [("password", pw)])
    p2 = password()
    return f(
        f"# .pgpass\n{line}\nlocalhost:5432:*:postgres:{p2}",
        [("password", pw), ("password", p2)],
        [("password", pw)],
    )


def file_docker_config(clean):
    if clean:
        return f(
            json.dumps(
                pick(
                    {
                        "auths": {"ghcr.io": {}, "https://index.docker.io/v1/": {}},
                        "credsStore": "desktop",
                    },
                    {"credHelpers": {"123456789012.dkr.ecr.us-east-1.amazonaws.com": "ecr-login"}},
                    {
                        "auths": {},
                        "currentContext": "default",
                        "plugins": {"scout": {"enabled": "true"}},
                    },
                ),
                indent=pick(None, 2, 4, "\t"),
            ),
            lang="json",
            js=True,
        )
    u, pw = user(), password()
    a = b64(f"{u}:{pw}")
    doc = {"auths": {pick("https://index.docker.io/v1/", "registry.corp.example", "ghcr.io"): {"auth": a}}}
    if r.random() < 0.4:
        doc["auths"]["quay.io"] = {"auth": b64(f"robot+ci:{token()}")}
        sec = [("docker-auth", a), ("docker-auth", doc["auths"]["quay.io"]["auth"])]
    else:
        sec = [("docker-auth", a)]
    return f(json.dumps(doc, indent=pick(None, 2, 4, "\t")), sec, [("auth", a)], "json", True)


def file_npmrc(clean):
    if clean:
        return f(
            pick(
                "registry=https://registry.npmjs.org/\nsave-exact=true\n",
                "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\nalways-auth=true\n",
                "@corp:registry=https://npm.corp.example/\nstrict-ssl=true\n",
            ),
            lang="ini",
        )
    u, pw = user(), password()
    body = rs(30)
    tok = "npm_" + body + b62_crc(body)
    text, v = pick(
        (f"//registry.npmjs.org/:_authToken={tok}\n", tok),
        (
            f"registry=https://npm.corp.example/\n_auth={b64(u + ':' + pw)}\nalways-auth=true\n",
            b64(u + ":" + pw),
        ),
        (
            f"//npm.corp.example/:username={u}\n//npm.corp.example/:_password={b64(pw)}\n//npm.corp.example/:email=ci@corp.example\n",
            b64(pw),
        ),
        (
            f"@corp:registry=https://npm.corp.example/\n//npm.corp.example/:_authToken={(t := token())}\n",
            t,
        ),
    )
    return f(text, [("npm", v)], [("_authToken", v)], "ini")


def file_services(clean):
    pw = password()
    if clean:
        return f(
            pick(
                "# requirepass foobared\nport 6379\nbind 127.0.0.1 ::1\nprotected-mode yes",
                'network={\n\tssid="CafeGuest"\n\tkey_mgmt=NONE\n}',
                "ctrl_interface=/run/wpa_supplicant\nupdate_config=1\ncountry=DE",
                "maxmemory 256mb\nmaxmemory-policy allkeys-lru\nappendonly yes",
            ),
            lang="conf",
        )
    return pick(
        lambda: f(
            f"port 6379\nbind 0.0.0.0\nrequirepass {pw}\nmaxmemory 512mb",
            [("password", pw)],
            [("requirepass", pw)],
            "conf",
        ),
        lambda: f(
            f"replicaof 10.0.0.4 6379\nmasterauth {pw}\nrequirepass {pw}",
            [("password", pw)],
            [("masterauth", pw)],
            "conf",
        ),
        lambda: f(
            f'ctrl_interface=/run/wpa_supplicant\nnetwork={{\n\tssid="HomeNet"\n\tpsk="{pw}"\n\tkey_mgmt=WPA-PSK\n}}',
            [("password", pw)],
            [("psk", pw)],
            "conf",
        ),
        lambda: f(
            f'network={{\n    ssid="Office"\n    psk={(h := rs(64, HEX))}\n}}',
            [("psk", h)],
            [("psk", h)],
            "conf",
        ),
    )()


def file_keys(clean):
    if clean:
        return f(
            pick(
                '---- BEGIN SSH2 PUBLIC KEY ----\nComment: "rsa-key-20240101"\n'
                + "\n".join(rs(64, ALNUM + "+/") for _ in range(4))
                + "\n---- END SSH2 PUBLIC KEY ----",
                "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + "\n".join(pem_body(8, "mQIN")) + "\n=" + rs(4) + "\n-----END PGP PUBLIC KEY BLOCK-----",
                "-----BEGIN PGP SIGNATURE-----\n\n" + "\n".join(pem_body(5, "iQIz")) + "\n=" + rs(4) + "\n-----END PGP SIGNATURE-----",
                "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ed25519-key\nPublic-Lines: 2\n"
                + rs(64, ALNUM + "+/")
                + "\n"
                + rs(4, ALNUM)
                + "\nPrivate-Lines: 1\n<removed>\nPrivate-MAC: <removed>",
            )
        )
    if r.random() < 0.5:
        priv = [rs(64, ALNUM + "+/") for _ in range(r.randint(1, 14))]
        priv[-1] = priv[-1][: r.randint(20, 60)]
        text = (
            "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20240517\nPublic-Lines: 6\n"
            + "\n".join(rs(64, ALNUM + "+/") for _ in range(6))
            + f"\nPrivate-Lines: {len(priv)}\n"
            + "\n".join(priv)
            + f"\nPrivate-MAC: {rs(64, HEX)}"
        )
        return f(text, [("putty-private-key", "\n".join(priv))])
    body = pem_body(r.randint(8, 20), "lQdG")
    text = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + "\n".join(body) + f"\n={rs(4)}\n-----END PGP PRIVATE KEY BLOCK-----"
    return f(text, [("pgp-private-key", "\n".join(body))])


def file_maven(clean):
    pw = password()
    if clean:
        return f(
            pick(
                "<settings>\n  <servers>\n    <server>\n      <id>corp</id>\n      <username>${env.MAVEN_USER}</username>\n      <password>${env.MAVEN_PASSWORD}</password>\n    </server>\n  </servers>\n</settings>",
                "<settings>\n  <mirrors>\n    <mirror>\n      <id>corp</id>\n      <url>https://maven.corp.example/repo</url>\n      <mirrorOf>*</mirrorOf>\n    </mirror>\n  </mirrors>\n</settings>",
                "<project>\n  <properties>\n    <password.min.length>12</password.min.length>\n  </properties>\n</project>",
            ),
            lang="xml",
        )
    xml_pw = html.escape(pw, quote=False)
    return f(
        f"<settings>\n  <servers>\n    <server>\n      <id>{pick('corp-releases', 'nexus', 'github')}</id>\n      <username>{user()}</username>\n      <password>{xml_pw}</password>\n    </server>\n  </servers>\n</settings>",
        [("password", xml_pw)],
        [("password", xml_pw)],
        "xml",
    )


def file_dockerfile(clean):
    if clean:
        return f(
            pick(
                "FROM python:3.12-slim\nENV PATH /opt/venv/bin:$PATH\nENV PYTHONUNBUFFERED 1\nRUN pip install -r requirements.txt",
                "FROM node:20\nENV NODE_ENV production\nARG NPM_TOKEN\nRUN --mount=type=secret,id=npm npm ci",
                "FROM alpine:3.20\nENV DB_PASSWORD_FILE /run/secrets/db_password\nUSER nobody:nogroup",
            ),
            lang="dockerfile",
        )
    pw, tok = password(shell_safe=True), token()
    text, v, name = pick(
        (
            f'FROM python:3.12-slim\nENV DB_HOST db.internal\nENV DB_PASSWORD {pw}\nCMD ["gunicorn", "app:app"]',
            pw,
            "DB_PASSWORD",
        ),
        (f"FROM node:20\nENV API_TOKEN={tok}\nRUN npm ci", tok, "API_TOKEN"),
        (
            f'FROM node:20\nARG NPM_TOKEN={tok}\nRUN echo "//registry.npmjs.org/:_authToken=$NPM_TOKEN" > .npmrc',
            tok,
            "NPM_TOKEN",
        ),
        (
            f"FROM postgres:16\nENV POSTGRES_USER app\nENV POSTGRES_PASSWORD {pw}",
            pw,
            "POSTGRES_PASSWORD",
        ),
        (f'FROM alpine\nENV SMTP_PASS="{pw}" SMTP_USER=mailer', pw, "SMTP_PASS"),
    )
    return f(text, [("env", v)], [(name, v)], "dockerfile")


def file_kubeconfig(clean):
    ca = b64(pem_key("CERTIFICATE", 10).replace("PRIVATE KEY", "CERTIFICATE"))
    if clean:
        return f(
            f"apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority-data: {ca}\n    server: https://k8s.corp.example:6443\n  name: prod\nusers:\n- name: dev\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: [eks, get-token, --cluster-name, prod]\ncurrent-context: prod",
            lang="yaml",
        )
    if r.random() < 0.5:
        key = b64(pem_key(pick("RSA PRIVATE KEY", "EC PRIVATE KEY"), r.randint(20, 40)))
        cert = b64(pem_key("CERTIFICATE", 10).replace("PRIVATE KEY", "CERTIFICATE"))
        text = (
            f"apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority-data: {ca}\n    server: https://k8s.corp.example:6443\n  name: prod\n"
            f"users:\n- name: admin\n  user:\n    client-certificate-data: {cert}\n    client-key-data: {key}\ncurrent-context: prod"
        )
        return f(text, [("client-key-data", key)], [("client-key-data", key)], "yaml")
    tok = pick(
        token(),
        "eyJhbGciOiJSUzI1NiIsImtpZCI6I" + rs(20) + "." + rs(300, ALNUM + "-_") + "." + rs(342, ALNUM + "-_"),
    )
    text = (
        f"apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://k8s.corp.example:6443\n    insecure-skip-tls-verify: true\n  name: prod\n"
        f"users:\n- name: ci\n  user:\n    token: {tok}\ncontexts:\n- context:\n    cluster: prod\n    user: ci\n  name: prod"
    )
    return f(text, [("kube-token", tok)], [("token", tok)], "yaml")


def file_app_config(clean):
    pw = password()
    if clean:
        return f(
            pick(
                'SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]\nDEBUG = False\nALLOWED_HOSTS = ["app.example.com"]',
                "LDAP_BIND_DN=cn=reader,dc=corp,dc=example\nLDAP_BIND_PW_FILE=/run/secrets/ldap_pw\nBASIC_AUTH=false",
                "spring.datasource.url=jdbc:postgresql://db.internal:5432/app\nspring.datasource.username=app\nspring.datasource.password=${DB_PASSWORD}",
                "[client]\nuser=app\nhost=db.internal\n# password is read from MYSQL_PWD",
                "define('DB_NAME', 'wordpress');\ndefine('DB_USER', 'wp');\ndefine('DB_PASSWORD', getenv('WP_DB_PASSWORD'));",
                '"ConnectionStrings": { "Default": "Server=db;Database=app;Trusted_Connection=True;" }',
            )
        )
    dj = pick(
        "django-insecure-" + rs(50, LOWER + DIGITS + "!@#%^&*(-_=+)"),
        rs(50, LOWER + DIGITS + "!@#%^&*-_=+"),
    )
    u = user()
    return pick(
        lambda: f(
            f"from pathlib import Path\n\nBASE_DIR = Path(__file__).resolve().parent.parent\nSECRET_KEY = '{dj}'\nDEBUG = True",
            [("django-secret-key", dj)],
            [("SECRET_KEY", dj)],
            "python",
        ),
        lambda: f(
            f"LDAP_URI=ldaps://ldap.corp.example\nLDAP_BIND_DN=cn=svc,dc=corp,dc=example\nLDAP_BIND_PW={pw}",
            [("password", pw)],
            [("LDAP_BIND_PW", pw)],
            "ini",
        ),
        lambda: f(
            f"BASIC_AUTH={u}:{pw}\nPORT=8080",
            [("basic-auth", pw)],
            [("BASIC_AUTH", f"{u}:{pw}")],
            "ini",
        ),
        lambda: f(
            f"spring.datasource.url=jdbc:postgresql://db.internal:5432/app\nspring.datasource.username={u}\nspring.datasource.password={pw}",
            [("password", pw)],
            [("spring.datasource.password", pw)],
            "properties",
        ),
        lambda: f(
            f"[client]\nuser={u}\npassword={pw}\nhost={host()}",
            [("password", pw)],
            [("password", pw)],
            "ini",
        ),
        lambda: f(
            f"define('DB_NAME', 'wordpress');\ndefine('DB_USER', '{u}');\ndefine('DB_PASSWORD', '{pw}');\ndefine('DB_HOST', 'localhost');",
            [("password", pw)],
            [("DB_PASSWORD", pw)],
            "php",
        ),
        lambda: f(
            json.dumps(
                {"ConnectionStrings": {"Default": f"Server={host()};Database=app;User Id={u};Password={pw};"}},
                indent=2,
            ),
            [("password", pw)],
            [("Password", pw)],
            "json",
            True,
        ),
        lambda: f(
            f"jdbc.url=jdbc:mysql://{host()}:3306/app?user={u}&password={pw}&useSSL=true",
            [("password", pw)],
            [("password", pw)],
            "properties",
        ),
    )()


def file_aws(clean):
    if clean:
        return f(
            "[default]\nregion = eu-west-1\noutput = json\n\n[profile dev]\nrole_arn = arn:aws:iam::123456789012:role/dev\nsource_profile = default",
            lang="ini",
        )
    kid = "ASIA" + rs(16, UPPER + DIGITS)
    sec = rs(40, ALNUM + "+/")
    st = "IQoJb3JpZ2luX2VjE" + rs(r.randint(380, 800), ALNUM + "+/") + "="
    return f(
        f"[default]\naws_access_key_id = {kid}\naws_secret_access_key = {sec}\naws_session_token = {st}\nregion = us-east-1",
        [
            ("aws-access-key-id", kid),
            ("aws-secret-access-key", sec),
            ("aws-session-token", st),
        ],
        [("aws_session_token", st)],
        "ini",
    )


def file_misc(clean):
    pw = password()
    if clean:
        return f(
            pick(
                "[remote]\ntype = s3\nprovider = AWS\nenv_auth = true\nregion = eu-west-1",
                "//fs01/share /mnt/share cifs credentials=/root/.smbcred,uid=1000 0 0",
                "interface=wlan0\nssid=Kiosk\nhw_mode=g\nchannel=6\nwpa=0",
                '<tomcat-users>\n  <role rolename="manager-gui"/>\n</tomcat-users>',
                "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__",
            )
        )
    u = user()
    text, v = pick(
        (
            f"[s3]\ntype = s3\naccess_key_id = AKIA{rs(16, UPPER + DIGITS)}\nsecret_access_key = {(s := rs(40, ALNUM + '+/'))}",
            s,
        ),
        (
            f"[default]\naccess_key = AKIA{rs(16, UPPER + DIGITS)}\nsecret_key = {(s := rs(40, ALNUM + '+/'))}\nhost_base = s3.amazonaws.com",
            s,
        ),
        (f"//fs01/share /mnt/share cifs username={u},password={pw},uid=1000 0 0", pw),
        (
            f"interface=wlan0\nssid=Office\nwpa=2\nwpa_passphrase={pw}\nwpa_key_mgmt=WPA-PSK",
            pw,
        ),
        (
            f'<tomcat-users>\n  <user username="{u}" password="{html.escape(pw)}" roles="manager-gui"/>\n</tomcat-users>',
            html.escape(pw),
        ),
        (
            f"[pypi]\nusername = __token__\npassword = pypi-AgEIcHlwaS5vcmc{rs(60, ALNUM + '-_')}",
            None,
        ),
        (f"https://{u}:{(t := provider_token()[1])}@github.com\n", t),
        (f"[wifi-security]\nkey-mgmt=wpa-psk\npsk={pw}", pw),
        (f"[ftp]\nhost = ftp.corp.example\nuser = {u}\npass = {pw}", pw),
    )
    if v is None:
        v = text.split("password = ")[1]
    return f(text, [("password", v)], [("password", v)])


def http_cookie(clean):
    if clean:
        return {
            "text": pick(
                "HTTP/1.1 200 OK\nContent-Type: text/html\nSet-Cookie: theme=dark; Path=/; Max-Age=31536000\nSet-Cookie: lang=en-US; Path=/",
                "GET /index.html HTTP/1.1\nHost: shop.example.com\nCookie: lang=de; theme=light; consent=1\nAccept: text/html",
                "curl -b 'lang=en; tz=Europe/Berlin' https://shop.example.com/",
                "set-cookie: _ga=GA1.2.1234567890.1712345678; Domain=.example.com; Path=/",
            ),
            "secrets": [],
            "shape": "http",
            "pairs": [],
        }
    tok = pick(
        rs(32, LOWER + DIGITS),
        rs(26, LOWER + DIGITS),
        "s%3A" + rs(32) + "." + rs(43, ALNUM + "%"),
        rs(40, ALNUM + "-_"),
        token(),
    )
    name = pick(
        "sessionid",
        "session",
        "PHPSESSID",
        "JSESSIONID",
        "connect.sid",
        "laravel_session",
        "_session_id",
        "__Secure-next-auth.session-token",
        "remember_token",
        "auth_token",
        "sid",
        "user_session",
    )
    text = pick(
        f"GET /account HTTP/1.1\nHost: shop.example.com\nCookie: lang=en; {name}={tok}; theme=dark\nAccept: */*",
        f"HTTP/1.1 302 Found\nLocation: /dashboard\nSet-Cookie: {name}={tok}; Path=/; HttpOnly; Secure; SameSite=Lax",
        f"curl -sS -b '{name}={tok}' https://shop.example.com/api/orders",
        f"curl -H 'Cookie: {name}={tok}' https://shop.example.com/api/orders",
        f"< set-cookie: {name}={tok}; path=/; expires=Fri, 01 Jan 2027 00:00:00 GMT; httponly",
    )
    return {
        "text": text,
        "secrets": [("session-cookie", tok)],
        "shape": "http",
        "pairs": [(name, tok)],
    }


def http_url(clean):
    if clean:
        return {
            "text": pick(
                "GET /api/v1/items?page_token=2&limit=50 HTTP/1.1",
                "https://accounts.example.com/o/oauth2/auth?client_id=123.apps.example.com&response_type=code&scope=email",
                "https://maps.example.com/embed?key=value&lang=en",
                "https://example.com/callback#state=af0ifjsldkj&token_type=Bearer&expires_in=3600",
                "GET /search?q=api_key+rotation&sort=new",
            ),
            "secrets": [],
            "shape": "http",
            "pairs": [],
        }
    tok = token()
    text = pick(
        f"GET https://api.weather.example/v1/forecast?city=Berlin&api_key={tok}&units=metric",
        f"https://app.example.com/oauth/callback#access_token={tok}&token_type=Bearer&expires_in=3600",
        f"fetched https://api.example.com/v2/export?access_token={tok}",
        f"GET /v1/data?apikey={tok} HTTP/1.1",
        f"https://hooks.example.com/in?token={tok}",
        f"curl 'https://api.example.com/x?client_secret={tok}&client_id=abc'",
        f'wget -q -O- "https://feeds.example.com/export.csv?auth={tok}"',
    )
    return {
        "text": text,
        "secrets": [("url-credential", tok)],
        "shape": "http",
        "pairs": [("api_key", tok)],
    }


def http_headers(clean):
    if clean:
        return {
            "text": pick(
                "POST /v1/chat HTTP/1.1\nHost: api.example.com\nAuthorization: Bearer $OPENAI_API_KEY\nContent-Type: application/json",
                "X-Request-Id: 6f1c2a9e-3b8d-4c55-9f0e-2a7b1c8d9e01\nX-RateLimit-Remaining: 4999",
                "Authorization: Bearer <token>\nAccept: application/json",
            ),
            "secrets": [],
            "shape": "http",
            "pairs": [],
        }
    tok, u, pw = token(), user(), password()
    text, v = pick(
        (
            f"POST /v1/items HTTP/1.1\nHost: api.example.com\nX-Api-Key: {tok}\nContent-Type: application/json",
            tok,
        ),
        (
            f"GET /api HTTP/1.1\nAuthorization: Basic {b64(u + ':' + pw)}",
            b64(u + ":" + pw),
        ),
        (f"> Authorization: Bearer {tok}\n> User-Agent: curl/8.5.0", tok),
        (f"X-Auth-Token: {tok}\nAccept: application/json", tok),
        (f"api-key: {tok}\ncontent-type: application/json", tok),
    )
    return {
        "text": text,
        "secrets": [("header", v)],
        "shape": "http",
        "pairs": [("Authorization", v)],
    }


def provider_env(clean):
    if clean:
        return f(
            pick(
                f"STRIPE_PUBLISHABLE_KEY=pk_live_{rs(99)}\nSTRIPE_WEBHOOK_PATH=/hooks/stripe",
                f"NEXT_PUBLIC_STRIPE_KEY=pk_test_{rs(24)}\nNEXT_PUBLIC_API_URL=https://api.example.com",
                "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                f"GIT_COMMIT={rs(40, HEX)}\nIMAGE_DIGEST=sha256:{rs(64, HEX)}\nBUILD_ID={rs(8, HEX)}-{rs(4, HEX)}",
                f"tool_use_id=toolu_01{rs(22)}\nrequest_id=req_{rs(24)}\nmessage_id=msg_{rs(24)}",
                "OPENAI_API_KEY=\nANTHROPIC_API_KEY=\n# fill these in",
            ),
            lang="bash",
        )
    kind, tok = provider_token()
    name = {
        "github-token": "GITHUB_TOKEN",
        "npm-token": "NPM_TOKEN",
        "anthropic-api-key": "ANTHROPIC_API_KEY",
        "openai-project-key": "OPENAI_API_KEY",
        "slack-bot-token": "SLACK_BOT_TOKEN",
        "stripe-secret-key": "STRIPE_SECRET_KEY",
        "gitlab-pat": "GITLAB_TOKEN",
        "google-api-key": "GOOGLE_API_KEY",
        "huggingface-token": "HF_TOKEN",
        "sendgrid-api-key": "SENDGRID_API_KEY",
    }[kind]
    text = pick(
        f"{name}={tok}",
        f'export {name}="{tok}"',
        f"{name}: {tok}",
        f"APP_ENV=prod\n{name}={tok}\nLOG_LEVEL=info",
    )
    return f(text, [(kind, tok)], [(name, tok)], "bash")


# Prose: the credential word and two sentence shapes per language (statement = dev, instruction = held-out).
PROSE = {
    "en": (
        [
            "The password is {v}.",
            "Password: {v}",
            "Here's the API token: {v}",
            "Your new password is {v} (please change it after first login).",
        ],
        [
            "Log in as {u} with {v}.",
            "Use {v} as the password for {u}.",
            "Sign in with the passphrase {v} and you are set.",
        ],
        [
            "Forgot your password? Use the reset link on the login page.",
            "The API token must be at least 32 characters long.",
        ],
    ),
    "de": (
        ["Das Passwort lautet {v}.", "Passwort: {v}", "Dein neues Kennwort ist {v}."],
        [
            "Melde dich als {u} mit dem Passwort {v} an.",
            "Verwende {v} als Kennwort für {u}.",
        ],
        [
            "Passwort vergessen? Klicken Sie auf den Link.",
            "Das Kennwort muss mindestens 12 Zeichen lang sein.",
        ],
    ),
    "fr": (
        [
            "Le mot de passe est {v}.",
            "Mot de passe : {v}",
            "Votre nouveau mot de passe : {v}",
        ],
        [
            "Connectez-vous en tant que {u} avec le mot de passe {v}.",
            "Utilisez {v} comme mot de passe pour {u}.",
        ],
        [
            "Mot de passe oublié ? Utilisez le lien de réinitialisation.",
            "Le mot de passe doit contenir au moins 12 caractères.",
        ],
    ),
    "es": (
        ["La contraseña es {v}.", "Contraseña: {v}", "Tu nueva clave es {v}."],
        [
            "Inicia sesión como {u} con la contraseña {v}.",
            "Usa {v} como contraseña de {u}.",
        ],
        [
            "¿Olvidaste tu contraseña? Usa el enlace de restablecimiento.",
            "La contraseña debe tener al menos 12 caracteres.",
        ],
    ),
    "it": (
        ["La password è {v}.", "Password: {v}", "La tua nuova password è {v}."],
        ["Accedi come {u} con la password {v}.", "Usa {v} come password per {u}."],
        [
            "Hai dimenticato la password? Usa il link di ripristino.",
            "La password deve avere almeno 12 caratteri.",
        ],
    ),
    "pt": (
        ["A senha é {v}.", "Senha: {v}", "Sua nova senha é {v}."],
        ["Entre como {u} com a senha {v}.", "Use {v} como senha do {u}."],
        [
            "Esqueceu a senha? Use o link de redefinição.",
            "A senha deve ter pelo menos 12 caracteres.",
        ],
    ),
    "nl": (
        ["Het wachtwoord is {v}.", "Wachtwoord: {v}", "Je nieuwe wachtwoord is {v}."],
        ["Log in als {u} met wachtwoord {v}.", "Gebruik {v} als wachtwoord voor {u}."],
        [
            "Wachtwoord vergeten? Gebruik de resetlink.",
            "Het wachtwoord moet minstens 12 tekens bevatten.",
        ],
    ),
    "pl": (
        ["Hasło to {v}.", "Hasło: {v}", "Twoje nowe hasło to {v}."],
        ["Zaloguj się jako {u} hasłem {v}.", "Użyj {v} jako hasła dla {u}."],
        [
            "Nie pamiętasz hasła? Użyj linku resetującego.",
            "Hasło musi mieć co najmniej 12 znaków.",
        ],
    ),
    "ru": (
        ["Пароль: {v}", "Ваш новый пароль — {v}.", "Пароль от базы: {v}"],
        ["Войдите как {u} с паролем {v}.", "Используйте {v} как пароль для {u}."],
        [
            "Забыли пароль? Воспользуйтесь ссылкой для сброса.",
            "Пароль должен содержать не менее 12 символов.",
        ],
    ),
    "zh": (
        ["密码是{v}", "密码：{v}", "数据库密码为 {v}。"],
        ["请用账号{u}和密码{v}登录。", "使用 {v} 作为{u}的口令。"],
        ["忘记密码？请使用重置链接。", "密码必须至少包含12个字符。"],
    ),
    "ja": (
        ["パスワードは{v}です。", "パスワード：{v}", "新しいパスワード: {v}"],
        [
            "ユーザー{u}、パスワード{v}でログインしてください。",
            "{u}のパスワードとして {v} を使ってください。",
        ],
        [
            "パスワードを忘れた場合はリセットリンクを使ってください。",
            "パスワードは12文字以上にしてください。",
        ],
    ),
    "ko": (
        ["비밀번호는 {v}입니다.", "비밀번호: {v}", "새 암호는 {v} 입니다."],
        [
            "{u} 계정과 비밀번호 {v}로 로그인하세요.",
            "{u}의 비밀번호로 {v}를 사용하세요.",
        ],
        [
            "비밀번호를 잊으셨나요? 재설정 링크를 사용하세요.",
            "비밀번호는 12자 이상이어야 합니다.",
        ],
    ),
}


def prose(shape_index):
    def make(clean):
        lang = r.choice(sorted(PROSE))
        if clean:
            return {
                "text": r.choice(PROSE[lang][2]),
                "secrets": [],
                "shape": "prose",
                "pairs": [],
                "lang": lang,
            }
        pw = password()
        s = r.choice(PROSE[lang][shape_index]).format(v=pw, u=user())
        return {
            "text": s,
            "secrets": [("password", pw)],
            "shape": "prose",
            "pairs": [("password", pw)],
            "lang": lang,
        }

    return make


KINDS = {
    "cli-db": cli_db,
    "cli-upload": cli_upload,
    "cli-http": cli_http,
    "cli-registry": cli_registry,
    "cli-admin": cli_admin,
    "cli-remote": cli_remote,
    "file-netrc": file_netrc,
    "file-docker-config": file_docker_config,
    "file-npmrc": file_npmrc,
    "file-services": file_services,
    "file-keys": file_keys,
    "file-maven": file_maven,
    "file-dockerfile": file_dockerfile,
    "file-kubeconfig": file_kubeconfig,
    "file-app-config": file_app_config,
    "file-aws": file_aws,
    "file-misc": file_misc,
    "http-cookie": http_cookie,
    "http-url": http_url,
    "http-headers": http_headers,
    "provider-env": provider_env,
    "prose-statement": prose(0),
    "prose-instruction": prose(1),
}

# ---------------------------------------------------------------- contexts
# Each: (shapes it applies to, fn(item) -> (scope, tool, payload, string the guard reads)).


def ansi(code, s):
    if code == "grep":
        return f"\x1b[01;31m\x1b[K{s}\x1b[m\x1b[K"
    return f"\x1b[{code}m{s}\x1b[0m"


def colorize(line):
    """Token colouring as bat / grep --color / a syntax highlighter does it."""
    out, word = [], ""
    for c in line + "\0":
        if c.isalnum() or c in "_-./+@%^*!#?~$":
            word += c
            continue
        if word:
            out.append(ansi(pick("32", "1;34", "38;5;208", "33", "grep"), word) if r.random() < 0.7 else word)
            word = ""
        if c != "\0":
            out.append(ansi("37", c) if c in "=:\"'" and r.random() < 0.5 else c)
    return "".join(out)


def ansi_lines(text):
    """Coloured output, with a numbered gutter on every line (bat) or on none (grep, a highlighter)."""
    gutter = r.random() < 0.5
    return "\n".join((ansi("38;5;238", f"{i + 1:4d}") + " │ " if gutter else "") + colorize(ln) for i, ln in enumerate(text.split("\n")))


def jq_color(doc, ind=0):
    pad = "  " * ind
    if isinstance(doc, dict):
        items = [f"{pad}  \x1b[34;1m{json.dumps(k)}\x1b[0m\x1b[1;39m:\x1b[0m {jq_color(v, ind + 1).lstrip()}" for k, v in doc.items()]
        return "\x1b[1;39m{\n" + ",\n".join(items) + f"\n{pad}\x1b[1;39m}}\x1b[0m"
    if isinstance(doc, list):
        return "\x1b[1;39m[" + ",".join(jq_color(x, ind + 1) for x in doc) + "\x1b[1;39m]\x1b[0m"
    if isinstance(doc, str):
        return f"\x1b[0;32m{json.dumps(doc)}\x1b[0m"
    return f"\x1b[0;39m{json.dumps(doc)}\x1b[0m"


def result(tool, text):
    return "result", tool, text, text


def fence(item):
    return f"```{item.get('lang', '')}\n{item['text']}\n```"


def table(item):
    rows = [("host", host())] + [(k, v) for k, v in item["pairs"]] + [("port", str(r.choice([5432, 6379, 3306, 443])))]
    if r.random() < 0.5:
        lines = ["| Setting | Value |", "|---|---|"] + [f"| {k} | {pick(v, '`' + v + '`')} |" for k, v in rows]
    else:
        k, v = item["pairs"][0]
        lines = [
            f"| Service | User | {k} |",
            "|:--|:--|:--|",
            f"| {pick('db', 'registry', 'ldap')} | {user()} | {v} |",
        ]
    return "Here are the connection details:\n\n" + "\n".join(lines) + "\n"


def md_list(item):
    k, v = item["pairs"][0]
    label = pick(k, k.replace("_", " ").title())
    return "Done. Summary:\n" + "\n".join(
        [
            f"- **Host:** {host()}",
            pick(
                f"- **{label}:** {v}",
                f"- **{label}**: `{v}`",
                f"* {label} — {v}",
                f"1. {label}: {v}",
            ),
            "- Status: ✅ reachable",
        ]
    )


def wrap(text, width):
    out = []
    for line in text.split("\n"):
        while len(line) > width:
            out.append(line[:width])
            line = line[width:]
        out.append(line)
    return "\n".join(out)


def curly(text):
    out, open_ = [], True
    for c in text:
        if c == '"':
            out.append("“" if open_ else "”")
            open_ = not open_
        elif c == "'":
            out.append("’")
        else:
            out.append(c)
    return "".join(out)


def reply_curly(item):
    v = item["pairs"][0][1] if item["pairs"] else None
    if item["shape"] == "prose" or v is None:
        return item["text"].replace("{", "{")
    return pick(
        f"I found it in the config: the {item['pairs'][0][0]} is “{v}”.",
        f"Set {item['pairs'][0][0]} to “{v}” and restart the service.",
        f"Use ‘{v}’ for {item['pairs'][0][0]}.",
    )


def lines_with(item, prefix):
    return "\n".join(prefix(i + 1, ln) for i, ln in enumerate(item["text"].split("\n")))


def history(item):
    n = r.randint(300, 900)
    before = ["ls -la", "cd /srv/app", "git pull", "vim .env"]
    body = [*before, *item["text"].split("\n"), "exit"]
    return "\n".join(f"{n + i:5d}  {c}" for i, c in enumerate(body))


def git_diff(item):
    ls = item["text"].split("\n")
    return (
        f"diff --git a/deploy/config b/deploy/config\nindex {rs(7, HEX)}..{rs(7, HEX)} 100644\n--- a/deploy/config\n+++ b/deploy/config\n"
        f"@@ -0,0 +1,{len(ls)} @@\n" + "\n".join("+" + ln for ln in ls)
    )


def docker_logs(item):
    return "\n".join(
        json.dumps(
            {
                "log": ln + "\n",
                "stream": "stdout",
                "time": f"2026-05-0{r.randint(1, 9)}T10:0{r.randint(0, 9)}:00.{rs(9, DIGITS)}Z",
            }
        )
        for ln in item["text"].split("\n")
    )


def yaml_block(item):
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  app.conf: |\n" + "\n".join(
        "    " + ln for ln in item["text"].split("\n")
    )


CONTEXTS = {
    "shell-arg": (
        {"cmd"},
        lambda it: (
            "args",
            "terminal",
            json.dumps({"command": it["text"]}),
            it["text"],
        ),
    ),
    "set-x-trace": (
        {"cmd"},
        lambda it: result("terminal", "\n".join("+ " + ln for ln in it["text"].split("\n")) + "\nok"),
    ),
    "raw-file": ({"file", "http"}, lambda it: result("read_file", it["text"])),
    "cat-n": (
        {"file", "http"},
        lambda it: result("terminal", lines_with(it, lambda i, ln: f"{i:6d}\t{ln}")),
    ),
    "read-file-pipe": (
        {"file", "http"},
        lambda it: result("read_file", lines_with(it, lambda i, ln: f"{i:6d}|{ln}")),
    ),
    "grep-n": (
        {"file", "http"},
        lambda it: result(
            "search_files",
            lines_with(
                it,
                lambda i, ln: f"{pick('config/app.conf', '.env', 'deploy/values')}:{i}:{ln}",
            ),
        ),
    ),
    "ansi-color": (
        {"file", "http", "cmd"},
        lambda it: result("terminal", ansi_lines(it["text"])),
    ),
    "jq-color": (
        {"json"},
        lambda it: result("terminal", jq_color(json.loads(it["text"]))),
    ),
    "json-tool-result": (
        {"file", "http", "cmd", "prose"},
        lambda it: (
            lambda t: (
                "result",
                "terminal",
                json.dumps({"stdout": t, "stderr": "", "exit_code": 0}),
                t,
            )
        )(it["text"]),
    ),
    "json-in-json": (
        {"file", "http", "cmd"},
        lambda it: (
            lambda inner: (
                "result",
                "mcp_call",
                json.dumps({"type": "tool_result", "content": inner}),
                inner,
            )
        )(json.dumps({"output": it["text"], "ok": True})),
    ),
    "chat-fence": (
        {"file", "http", "cmd"},
        lambda it: (lambda t: ("reply", "", t, t))(pick("Here is the file:\n\n", "I ran:\n\n", "Found this:\n") + fence(it) + "\n"),
    ),
    "chat-plain": (
        {"prose"},
        lambda it: (lambda t: ("reply", "", t, t))(pick("", "Sure! ", "Done. ") + it["text"]),
    ),
    "chat-curly": (
        {"prose", "file", "http"},
        lambda it: (lambda t: ("reply", "", t, t))(curly(reply_curly(it))),
    ),
    "markdown-table": (
        {"pairs"},
        lambda it: (lambda t: ("reply", "", t, t))(table(it)),
    ),
    "markdown-list": (
        {"pairs"},
        lambda it: (lambda t: ("reply", "", t, t))(md_list(it)),
    ),
    "messaging-args": (
        {"prose", "pairs"},
        lambda it: (
            lambda t: (
                "args",
                "send_message",
                json.dumps({"target": "slack:#ops", "message": t}),
                t,
            )
        )(it["text"] if it["shape"] == "prose" else md_list(it)),
    ),
    "log-lines": (
        {"file", "http", "cmd"},
        lambda it: result(
            "terminal",
            lines_with(
                it,
                lambda i, ln: f"2026-05-04T09:{i:02d}:{r.randint(10, 59)}.{rs(3, DIGITS)}Z INFO  [deploy] {ln}",
            ),
        ),
    ),
    "wrapped": (
        {"file", "http", "cmd"},
        lambda it: result("terminal", wrap(it["text"], pick(60, 80, 100))),
    ),
    "crlf": (
        {"file", "http"},
        lambda it: result("read_file", it["text"].replace("\n", "\r\n") + "\r\n"),
    ),
    # held out
    "shell-history": ({"cmd"}, lambda it: result("terminal", history(it))),
    "git-diff": ({"file", "http"}, lambda it: result("terminal", git_diff(it))),
    "html-escaped": (
        {"file", "http", "prose"},
        lambda it: result(
            "web_extract",
            f"<html><body><h1>notes</h1><pre>{html.escape(it['text'])}</pre></body></html>",
        ),
    ),
    "docker-logs": (
        {"file", "http", "cmd"},
        lambda it: result("terminal", docker_logs(it)),
    ),
    "python-repr": (
        {"file", "http"},
        lambda it: result("execute_code", repr([ln + "\n" for ln in it["text"].split("\n")])),
    ),
    "yaml-block": ({"file", "http"}, lambda it: result("read_file", yaml_block(it))),
}


# Contexts that render an item's (label, value) pairs rather than its text.
PAIR_CONTEXTS = {"markdown-table", "markdown-list", "chat-curly", "messaging-args"}


def applies(shapes, item):
    return item["shape"] in shapes or ("json" in shapes and item.get("json")) or ("pairs" in shapes and bool(item["pairs"]))


def pieces_of(value, text):
    """Where the value sits in `text`: whole, or split by a wrap (greedy longest prefixes, in order)."""
    out = []
    for part in [p.strip() for p in value.split("\n") if p.strip()]:
        if part in text:
            out.append(part)
            continue
        rest, at = part, 0
        while rest:
            n = len(rest)
            while n > 0 and text.find(rest[:n], at) < 0:
                n -= 1
            if n == 0:
                return None
            at = text.find(rest[:n], at) + n
            out.append(rest[:n])
            rest = rest[n:]
    return out


def derive(value, read, ctx):
    """The value as the guard reads it after the context's own encoding (HTML escapes, repr)."""
    if ctx == "html-escaped":
        return html.escape(value)
    if ctx == "python-repr":
        return value.replace("\\", "\\\\")
    return value


# Cases per (kind family, context): command lines and prose have many forms per family.
REPS = {"cli": (6, 3), "prose": (10, 4)}


def case(cid, held_out, kind, ctx, label, scope, tool, payload, secrets):
    """One corpus line (every round writes the same fields)."""
    return {
        "id": cid,
        "split": "held-out" if held_out else "dev",
        "kind_family": kind,
        "context": ctx,
        "label": label,
        "scope": scope,
        "tool": tool,
        "payload": payload,
        "secrets": secrets,
    }


def write_cases(out, cases):
    """Write the cases as JSON lines and print how many of each split and label."""
    with out.open("w", encoding="utf-8") as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    by = {}
    for c in cases:
        key = (c["split"], c["label"])
        by[key] = by.get(key, 0) + 1
    print(len(cases), "cases", dict(sorted(by.items())))


def main():
    cases = []
    n = 0
    for kind in KINDS:
        for ctx, (shapes, render) in CONTEXTS.items():
            secret_n, clean_n = REPS.get(kind.split("-")[0], (2, 1))
            for label in ["secret"] * secret_n + ["clean"] * clean_n:
                for _attempt in range(6):
                    item = KINDS[kind](label == "clean")
                    if applies(shapes, item):
                        break
                else:
                    break
                scope, tool, payload, read = render(item)
                secrets = []
                pairs_only = ctx in PAIR_CONTEXTS and item["shape"] != "prose"
                for k, v in item["secrets"]:
                    v2 = derive(v, read, ctx)
                    p = pieces_of(v2, read)
                    if p is None and pairs_only:
                        continue  # this context shows only the item's first pair
                    assert p, (kind, ctx, v2, read)
                    secrets.append({"kind": k, "value": v2, "pieces": p})
                n += 1
                held_out = kind in HELD_OUT_KINDS or ctx in HELD_OUT_CONTEXTS
                cases.append(case(f"g{n:05d}", held_out, kind, ctx, label, scope, tool, payload, secrets))
    write_cases(OUT, cases)


if __name__ == "__main__":
    main()
