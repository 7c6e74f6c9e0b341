"""Round 3 of the generated credential occurrences: new kinds of what an agent prints or sends.

Rounds 1 and 2 (`generate.py`, `generate_round2.py`) have been read, held-out families included, so
they no longer estimate generalisation. This round adds **new kind families** (environment dumps,
Kubernetes secrets, Terraform state, connection URIs, `curl -v` traces, struct prints, CI YAML,
`.ini`/`.properties`/`.toml`, SQL user statements, key-generation output, stack traces, key=value
logs, `.git-credentials`, hand-overs in several languages, more providers) rendered through **new
context families** (prompt transcripts, `write_file` calls, heredocs, JSON log lines, quoted
e-mail, notebook outputs, `ssh host "…"`, and held out: PowerShell transcripts, RFC 5424 syslog,
Ansible output, a CSV cell). Each kind has clean look-alikes of its own shapes (hashes, UUIDs,
placeholders, `${VAR}`, redaction markers, commit SHAs, public keys, publishable keys).

The split (`SPLIT.md`, round 3) was committed before any detector work of this round; held-out
figures are read once, at the end.

    python3 tests/corpora/secrets-gen/generate_round3.py     # rewrites round3.jsonl beside this file

Same output format as `generate.py`.
"""

import base64
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import generate as g
from generate import ALNUM, DIGITS, HEX, LOWER, UPPER

SEED = 1533
OUT = Path(__file__).with_name("round3.jsonl")

HELD_OUT_CONTEXTS = {"powershell-transcript", "syslog-5424", "ansible-output", "csv-cell"}
HELD_OUT_KINDS = {"struct-print", "sql-user"}

B64 = ALNUM + "+/"


def rs(n, alphabet=ALNUM):
    return g.rs(n, alphabet)


def pick(*xs):
    return g.r.choice(xs)


def b64(s):
    return base64.b64encode(s.encode() if isinstance(s, str) else s).decode()


def sha():
    return rs(40, HEX)


def uuid():
    return f"{rs(8, HEX)}-{rs(4, HEX)}-4{rs(3, HEX)}-{pick('8', '9', 'a', 'b')}{rs(3, HEX)}-{rs(12, HEX)}"


def item(text, secrets, shape="file", lang=""):
    return {"text": text, "secrets": list(secrets), "shape": shape, "pairs": [], "lang": lang}


def clean(text, shape="file", lang=""):
    return item(text, [], shape, lang)


def pw():
    return g.password()


def user():
    return g.user()


def host():
    return g.host()


PLACEHOLDERS = [
    "<your-token>",
    "changeme",
    "${DB_PASSWORD}",
    "[REDACTED]",
    "********",
    "xxxxxxxx",
    "<password>",
    "$SECRET",
    "your_api_key_here",
    "%(password)s",
]

# ---------------------------------------------------------------- kinds


def env_dump(is_clean):
    base = [f"HOME=/home/{user()}", "LANG=C.UTF-8", "PATH=/usr/local/bin:/usr/bin:/bin", f"HOSTNAME=web-{rs(5, LOWER + DIGITS)}", "SHLVL=1"]
    if is_clean:
        extra = pick(
            [f"GIT_COMMIT={sha()}", f"BUILD_ID={uuid()}", "DB_PASSWORD="],
            [f"DB_PASSWORD={pick(*PLACEHOLDERS)}", "PASSWORD_MIN_LENGTH=12", f"SECRET_KEY_FILE=/run/secrets/{pick('django', 'app')}_key"],
            [f"STRIPE_PUBLISHABLE_KEY=pk_live_{rs(24)}", "TOKEN_TTL_SECONDS=3600", f"IMAGE_DIGEST=sha256:{rs(64, HEX)}"],
            [f"API_TOKEN={pick(*PLACEHOLDERS)}", "AWS_ACCESS_KEY_ID_FILE=/run/secrets/aws", f"REQUEST_ID={uuid()}"],
        )
        lines = sorted(base + extra)
        if g.r.random() < 0.3:
            return clean(json.dumps({"Config": {"Env": lines}}, indent=2))
        return clean("\n".join(lines))
    name, v = pick(
        ("DB_PASSWORD", pw()),
        ("POSTGRES_PASSWORD", pw()),
        ("SMTP_PASS", pw()),
        ("JWT_SECRET", rs(64, HEX)),
        ("SESSION_SECRET", rs(48, ALNUM)),
        ("AWS_SECRET_ACCESS_KEY", rs(40, B64)),
        ("RABBITMQ_DEFAULT_PASS", pw()),
        ("ADMIN_TOKEN", g.token()),
        ("STRIPE_SECRET_KEY", "sk_live_" + rs(99)),
        ("REDIS_PASSWORD", pw()),
    )
    lines = sorted([*base, f"{name}={v}", f"GIT_COMMIT={sha()}"])
    if g.r.random() < 0.3:
        return item(json.dumps({"Config": {"Env": lines}}, indent=2), [("env", v)])
    return item("\n".join(lines), [("env", v)])


def k8s_secret(is_clean):
    head = f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: {pick('db', 'app', 'registry')}-credentials\n  namespace: {pick('default', 'prod', 'web')}\n"
    if is_clean:
        return clean(
            pick(
                head + "type: Opaque\ndata: {}\n",
                f"NAME                  TYPE                                  DATA   AGE\ndb-credentials        Opaque                                2      41d\ndefault-token-{rs(5, LOWER)}   kubernetes.io/service-account-token   3      210d",
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n"
                + f"  DB_HOST: {host()}\n  DB_USER: {user()}\n  DB_PASSWORD_SECRET: db-credentials\n",
                head + f"type: Opaque\ndata:\n  username: {b64(user())}\n  namespace: {b64('default')}\n",
            )
        )
    p = pw()
    form = g.r.randrange(3)
    if form == 0:
        v = b64(p)
        return item(head + f"type: Opaque\ndata:\n  password: {v}\n  username: {b64(user())}\n", [("k8s-secret", v)])
    if form == 1:
        v = b64(g.token(40))
        return item(head + f"type: Opaque\ndata:\n  api-token: {v}\n", [("k8s-secret", v)])
    return item(head + f"type: Opaque\nstringData:\n  username: {user()}\n  password: {p}\n", [("k8s-secret", p)])


def terraform_state(is_clean):
    def state(attrs, typ):
        return json.dumps(
            {
                "version": 4,
                "terraform_version": "1.7.5",
                "serial": g.r.randint(3, 90),
                "lineage": uuid(),
                "resources": [{"mode": "managed", "type": typ, "name": "main", "instances": [{"schema_version": 0, "attributes": attrs}]}],
            },
            indent=2,
        )

    if is_clean:
        return pick(
            lambda: clean(
                state(
                    {"id": uuid(), "arn": f"arn:aws:rds:us-east-1:123456789012:db:{user()}", "password": None, "username": user()}, "aws_db_instance"
                )
            ),
            lambda: clean(
                f'  # aws_db_instance.main will be updated in-place\n  ~ resource "aws_db_instance" "main" {{\n      id       = "{uuid()}"\n      ~ password = (sensitive value)\n        username = "{user()}"\n    }}'
            ),
            lambda: clean(state({"id": "AKIAIOSFODNN7EXAMPLE", "user": user(), "status": "Active", "etag": rs(32, HEX)}, "aws_iam_access_key")),
        )()
    form = g.r.randrange(3)
    if form == 0:
        p = pw()
        return item(state({"id": uuid(), "username": user(), "password": p, "endpoint": f"{host()}:5432"}, "aws_db_instance"), [("tf", p)])
    if form == 1:
        s = rs(40, B64)
        return item(state({"id": "AKIA" + rs(16, UPPER + DIGITS), "secret": s, "user": user()}, "aws_iam_access_key"), [("tf", s)])
    p = rs(24, ALNUM + "!#%&*-_=+")
    return item(state({"id": "none", "length": 24, "result": p, "special": True}, "random_password"), [("tf", p)])


def conn_uri(is_clean):
    u, h = user(), host()
    if is_clean:
        return clean(
            pick(
                f"DATABASE_URL=postgres://{u}@{h}:5432/app",
                f"DATABASE_URL=postgres://{u}:${{DB_PASS}}@{h}:5432/app",
                f"MONGO_URI=mongodb+srv://<username>:<password>@cluster0.{rs(5, LOWER + DIGITS)}.mongodb.net/?retryWrites=true&w=majority",
                f"REDIS_URL=redis://{h}:6379/0",
                "AMQP_URL=amqp://user:password@localhost:5672/",
                f"spring.datasource.url=jdbc:postgresql://{h}:5432/app\nspring.datasource.username={u}",
                f"Server={h};Database=app;Integrated Security=SSPI;",
            )
        )
    p = g.password(shell_safe=True)
    line = pick(
        f"DATABASE_URL=postgresql://{u}:{p}@{h}:5432/app?sslmode=require",
        f"AMQP_URL=amqp://{u}:{p}@rabbit.{h}:5672/prod",
        f"MONGO_URI=mongodb+srv://{u}:{p}@cluster0.{rs(5, LOWER + DIGITS)}.mongodb.net/app?retryWrites=true",
        f"REDIS_URL=redis://:{p}@{h}:6379/0",
        f"CACHE_URL=rediss://default:{p}@{h}:6380",
        f"MSSQL=mssql://{u}:{p}@{h}:1433/app",
        f"ConnectionStrings__Default=Server={h};Database=app;User Id={u};Password={p};",
        f"spring.datasource.url=jdbc:sqlserver://{h}:1433;databaseName=app;user={u};password={p}",
        f"JDBC_URL=jdbc:postgresql://{h}:5432/app?user={u}&password={p}",
        f"NATS_URL=nats://{u}:{p}@{h}:4222",
        f"CLICKHOUSE_DSN=clickhouse://{u}:{p}@{h}:9000/default",
    )
    return item(line, [("uri", p)])


def http_trace(is_clean):
    h = pick("api.example.com", "hooks.corp.example", "registry.corp.example")
    head = f"*   Trying 10.0.{g.r.randint(0, 9)}.{g.r.randint(2, 250)}:443...\n* Connected to {h} port 443\n> GET /v1/{pick('me', 'items', 'reports')} HTTP/1.1\n> Host: {h}\n> User-Agent: curl/8.5.0\n"
    tail = "> Accept: */*\n>\n< HTTP/1.1 200 OK\n< Content-Type: application/json\n"
    if is_clean:
        return clean(
            pick(
                head + tail + f'< ETag: "{rs(32, HEX)}"\n< X-Request-Id: {uuid()}',
                head + "> Authorization: Bearer <token>\n" + tail,
                head + "> Authorization: Basic [REDACTED]\n" + tail,
                head + tail + "< Set-Cookie: theme=dark; Path=/; Max-Age=31536000",
            ),
            "http",
        )
    form = g.r.randrange(5)
    if form == 0:
        v = g.token()
        return item(head + f"> Authorization: Bearer {v}\n" + tail, [("header", v)], "http")
    if form == 1:
        v = b64(f"{user()}:{pw()}")
        return item(head + f"> Authorization: Basic {v}\n" + tail, [("header", v)], "http")
    if form == 2:
        v = rs(32, ALNUM)
        return item(head + tail + f"< Set-Cookie: sessionid={v}; Path=/; HttpOnly; Secure", [("cookie", v)], "http")
    if form == 3:
        v = g.token()
        return item(head + f"> X-API-Key: {v}\n" + tail, [("header", v)], "http")
    v = g.token()
    return item(
        f"send: b'GET /v1/me HTTP/1.1\\r\\nHost: {h}\\r\\nUser-Agent: python-requests/2.32.3\\r\\nAuthorization: Bearer {v}\\r\\nAccept: */*\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
        [("header", v)],
        "http",
    )


def struct_print(is_clean):
    u, h = user(), host()
    if is_clean:
        m = pick("'**********'", "None", "SecretStr('**********')", "'<redacted>'")
        return clean(
            pick(
                f"DatabaseConfig(host='{h}', port=5432, user='{u}', password={m})",
                f"{{Host:{h} Port:5432 User:{u} Password: TokenTTL:3600}}",
                f"DataSourceConfig{{url='jdbc:postgresql://{h}/app', username='{u}', password='****'}}",
                f'Config {{ user: "{u}", password: None, token_ttl: 3600 }}',
            )
        )
    p = g.password(shell_safe=True)
    t = g.token()
    text, v = pick(
        (f"DatabaseConfig(host='{h}', port=5432, user='{u}', password='{p}')", p),
        (f"Settings(api_url='https://api.example.com', api_key='{t}', timeout=30)", t),
        (f"{{Host:{h} Port:5432 User:{u} Password:{p} SSLMode:require}}", p),
        (f'main.Config{{Host:"{h}", User:"{u}", Password:"{p}"}}', p),
        (f"DataSourceConfig{{url='jdbc:postgresql://{h}/app', username='{u}', password='{p}'}}", p),
        (f'Config {{ user: "{u}", password: "{p}", token_ttl: 3600 }}', p),
        (f"Credentials(user={u}, token={t})", t),
    )
    return item(text, [("struct", v)])


def ci_yaml(is_clean):
    if is_clean:
        return clean(
            pick(
                "jobs:\n  build:\n    runs-on: ubuntu-latest\n    env:\n      DOCKER_PASSWORD: ${{ secrets.DOCKER_PASSWORD }}\n      NODE_ENV: production\n",
                'variables:\n  DB_PASS: "$CI_DB_PASS"\n  GIT_DEPTH: "10"\n',
                "steps:\n  - uses: docker/login-action@v3\n    with:\n      username: ${{ github.actor }}\n      password: ${{ secrets.GITHUB_TOKEN }}\n",
                "variables:\n  dbPassword: $(dbPassword)\n  buildConfiguration: Release\n",
            ),
            lang="yaml",
        )
    p, t = pw(), g.token()
    text, v = pick(
        (f"jobs:\n  build:\n    runs-on: ubuntu-latest\n    env:\n      NODE_ENV: production\n      DOCKER_PASSWORD: {p}\n", p),
        (f'variables:\n  GIT_DEPTH: "10"\n  DB_PASS: "{p}"\n', p),
        (f"steps:\n  - uses: docker/login-action@v3\n    with:\n      username: {user()}\n      password: {p}\n", p),
        (f"environment:\n  - API_TOKEN={t}\n  - NODE_ENV=production\n", t),
        (f"jobs:\n  deploy:\n    docker:\n      - image: cimg/node:20.11\n        environment:\n          DEPLOY_TOKEN: {t}\n", t),
    )
    return item(text, [("ci", v)], lang="yaml")


def config_ini(is_clean):
    if is_clean:
        return clean(
            pick(
                f"[database]\nhost = {host()}\nuser = {user()}\npassword = {pick('changeme', '${DB_PASSWORD}', '<password>', '%(db_password)s')}\n",
                "spring.datasource.password=${DB_PASSWORD}\nsecurity.password.min-length=12\n",
                '[auth]\ntoken_url = "https://auth.example.com/oauth/token"\nsecret_name = "prod/db"\n',
                f"[server]\nsession_secret_rotation_days = 30\ncommit = {sha()}\n",
            ),
            lang="ini",
        )
    p, t = pw(), g.token()
    text, v = pick(
        (f"[database]\nhost = {host()}\nuser = {user()}\npassword = {p}\n", p),
        (f"spring.datasource.username={user()}\nspring.datasource.password={p}\n", p),
        (f"app.jwt.secret={t}\napp.jwt.expiration=86400\n", t),
        (f'[db]\nhost = "{host()}"\npassword = "{p}"\n', p),
        (f'[api]\nendpoint = "https://api.example.com"\ntoken = "{t}"\n', t),
        (f"[smtp]\nserver = smtp.corp.example\nlogin = {user()}\npasswd = {p}\n", p),
    )
    return item(text, [("config", v)], lang="ini")


def sql_user(is_clean):
    u = user()
    if is_clean:
        return clean(
            pick(
                f"CREATE USER '{u}'@'localhost' IDENTIFIED WITH auth_socket;",
                f"ALTER ROLE {u} PASSWORD NULL;",
                f"ALTER ROLE {u} VALID UNTIL 'infinity';",
                f"GRANT SELECT, INSERT ON app.* TO '{u}'@'%';",
                f"CREATE USER {u} WITH PASSWORD :'password';",
            ),
            "cmd",
            "sql",
        )
    p = g.password(shell_safe=True)
    text = pick(
        f"CREATE USER '{u}'@'%' IDENTIFIED BY '{p}';",
        f"ALTER USER '{u}'@'localhost' IDENTIFIED BY '{p}';",
        f"ALTER ROLE {u} WITH LOGIN PASSWORD '{p}';",
        f"CREATE ROLE {u} LOGIN PASSWORD '{p}' VALID UNTIL '2027-01-01';",
        f"SET PASSWORD FOR '{u}'@'localhost' = '{p}';",
        f"CREATE LOGIN {u} WITH PASSWORD = '{p}', CHECK_POLICY = OFF;",
        f'db.createUser({{user: "{u}", pwd: "{p}", roles: ["readWrite"]}})',
    )
    return item(text, [("sql", p)], "cmd", "sql")


def key_output(is_clean):
    if is_clean:
        return clean(
            pick(
                f"Generating public/private ed25519 key pair.\nYour identification has been saved in /home/{user()}/.ssh/id_ed25519\nYour public key has been saved in /home/{user()}/.ssh/id_ed25519.pub\nThe key fingerprint is:\nSHA256:{rs(43, B64)} {user()}@web01",
                f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{rs(43, B64)} {user()}@laptop",
                "-----BEGIN PUBLIC KEY-----\n" + "\n".join(g.pem_body(6)) + "\n-----END PUBLIC KEY-----",
                f"[Interface]\nAddress = 10.8.0.2/24\n\n[Peer]\nPublicKey = {rs(43, B64)}=\nAllowedIPs = 0.0.0.0/0",
                f"Public key: age1{rs(58, LOWER + DIGITS)}",
            )
        )
    form = g.r.randrange(4)
    if form == 0:
        body = [rs(70, B64) for _ in range(6)] + [rs(20, B64) + "="]
        body[0] = "b3BlbnNzaC1rZXktdjEAAAAA" + body[0][24:]
        text = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END OPENSSH PRIVATE KEY-----"
        return item(f"$ cat ~/.ssh/id_ed25519\n{text}", [("key", "\n".join(body))])
    if form == 1:
        body = g.pem_body(4, "MC4")
        text = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(body) + "\n-----END PRIVATE KEY-----"
        return item(f"$ openssl genpkey -algorithm ed25519\n{text}", [("key", "\n".join(body))])
    if form == 2:
        k = rs(43, B64) + "="
        return item(f"[Interface]\nPrivateKey = {k}\nAddress = 10.8.0.2/24\nDNS = 1.1.1.1", [("key", k)])
    k = "AGE-SECRET-KEY-1" + rs(58, UPPER + DIGITS)
    return item(f"# created: 2026-05-04T10:11:12Z\n# public key: age1{rs(58, LOWER + DIGITS)}\n{k}", [("key", k)])


def stack_trace(is_clean):
    u, h = user(), host()
    if is_clean:
        return clean(
            pick(
                f'Traceback (most recent call last):\n  File "/app/db.py", line 12, in connect\n    engine.connect()\nsqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "{h}" failed\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\nURL: postgresql://{u}:***@{h}:5432/app',
                f"java.sql.SQLException: Access denied for user '{u}'@'10.0.3.17' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)",
                "MongoServerError: bad auth : authentication failed\n    at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:202:26) {\n  code: 8000,\n  codeName: 'AtlasError'\n}",
            )
        )
    p = g.password(shell_safe=True)
    text = pick(
        f'Traceback (most recent call last):\n  File "/app/worker.py", line 8, in <module>\n    conn = psycopg2.connect("postgresql://{u}:{p}@{h}:5432/app")\npsycopg2.OperationalError: could not connect to server: Connection refused',
        f'Exception in thread "main" java.sql.SQLNonTransientConnectionException: Could not create connection to database server. url=jdbc:mysql://{h}:3306/app?user={u}&password={p}\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:110)',
        f"MongoServerSelectionError: connect ECONNREFUSED {h}:27017\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38) {{\n  uri: 'mongodb://{u}:{p}@{h}:27017/app?authSource=admin'\n}}",
        f"redis.exceptions.ConnectionError: Error connecting to redis://:{p}@{h}:6379/0. Connection refused.",
        f"panic: dial tcp {h}:5432: connect: connection refused (dsn: host={h} user={u} password={p} dbname=app)\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/main.go:42 +0x1d4",
    )
    return item(text, [("trace", p)])


def kv_log(is_clean):
    t0 = f"2026-05-04T10:{g.r.randint(10, 59)}:{g.r.randint(10, 59)}Z"
    if is_clean:
        return clean(
            pick(
                f'ts={t0} level=info msg="login ok" user={user()} password=[FILTERED] trace_id={rs(32, HEX)}',
                f'ts={t0} level=debug msg="token refreshed" token_expires_in=3600 commit={sha()}',
                f'Parameters: {{"user"=>{{"email"=>"{user()}@corp.example", "password"=>"[FILTERED]"}}, "commit"=>"Sign in"}}',
                f'10.0.3.17 - - [04/May/2026:10:11:12 +0000] "GET /health?request_id={uuid()} HTTP/1.1" 200 2',
                f'ts={t0} level=info msg="password changed" password_changed=true user={user()}',
            )
        )
    p, t = g.password(shell_safe=True), g.token()
    text, v = pick(
        (f'ts={t0} level=debug msg="auth attempt" user={user()} password={p} ip=10.0.3.17', p),
        (f'ts={t0} level=debug msg="calling upstream" api_key={t} url=https://api.example.com/v1', t),
        (f'Parameters: {{"user"=>{{"email"=>"{user()}@corp.example", "password"=>"{p}"}}, "commit"=>"Sign in"}}', p),
        (f'10.0.3.17 - - [04/May/2026:10:11:12 +0000] "GET /export?access_token={t}&format=csv HTTP/1.1" 200 5120', t),
        (f"{t0} DEBUG oauth: exchanging code, client_id={rs(20, LOWER + DIGITS)} client_secret={t}", t),
    )
    return item(text, [("log", v)])


def git_credentials(is_clean):
    if is_clean:
        return clean(
            pick(
                "origin\thttps://github.com/corp/app.git (fetch)\norigin\thttps://github.com/corp/app.git (push)",
                "[credential]\n\thelper = store\n[user]\n\tname = CI Bot",
                "origin\tgit@github.com:corp/app.git (fetch)\norigin\tgit@github.com:corp/app.git (push)",
                f"https://{user()}@gitlab.corp.example",
            )
        )
    body = rs(30)
    t = pick("ghp_" + body + g.b62_crc(body), "glpat-" + rs(20, ALNUM + "-_"), rs(40, HEX), g.password(shell_safe=True))
    u, t2 = user(), rs(20)
    text, secrets = pick(
        (f"https://{u}:{t}@github.com", [("git", t)]),
        (f"https://{u}:{t}@gitlab.corp.example\nhttps://oauth2:{t2}@git.corp.example", [("git", t), ("git", t2)]),
        (f"origin\thttps://{u}:{t}@github.com/corp/app.git (fetch)\norigin\thttps://{u}:{t}@github.com/corp/app.git (push)", [("git", t)]),
        (f"remote.origin.url=https://x-access-token:{t}@github.com/corp/app.git", [("git", t)]),
    )
    return item(text, secrets)


HANDOVER = {
    "en": (
        ["creds are {u} / {v}", "username {u}, pw {v} (change it after the first login)", "DM'ing you the root pw: {v}"],
        ["creds are in the vault", "pw reset link sent to {u}"],
    ),
    "de": (["Login: {u}, PW: {v}", "Zugangsdaten {u} / {v}"], ["Zugangsdaten siehe KeePass", "PW: bitte bei {u} erfragen"]),
    "it": (
        ["Ecco le credenziali: utente {u}, password {v}", "Per entrare usa {u} / {v}"],
        ["Le credenziali sono nel vault.", "La password di {u} scade domani."],
    ),
    "nl": (
        ["Je kunt inloggen met {u} en wachtwoord {v}", "Het wachtwoord van {u} is nu {v}"],
        ["Je kunt inloggen met je eigen wachtwoord.", "Het wachtwoord van {u} verloopt morgen."],
    ),
    "pl": (["Dane do logowania: {u} / {v}", "Hasło dla {u} to teraz {v}"], ["Dane do logowania są w sejfie.", "Hasło dla {u} wygasa jutro."]),
    "ru": (["Логин {u}, пасс {v}", "Доступ: {u} / {v}"], ["Логин {u}, пароль у админа.", "Доступ выдаст {u}."]),
    "zh": (["账号：{u} 密码：{v}", "登录用{u}/{v}"], ["账号：{u} 密码请找管理员", "登录请用单点登录"]),
    "ja": (["ID: {u} / PW: {v}", "{u}のパスは{v}です"], ["ID: {u} / PW: 別途お送りします", "パスは管理者に聞いてください"]),
    "ko": (["아이디 {u}, 비번 {v}", "{u} 계정 비밀번호는 {v}예요"], ["아이디 {u}, 비번은 따로 보낼게요", "비밀번호는 관리자에게 문의하세요"]),
    "pt": (["Acesso: {u} / {v}", "Login {u}, senha {v}"], ["Acesso: peça ao {u}", "Login {u}, senha no cofre"]),
}


def handover_ml(is_clean):
    lang = g.r.choice(sorted(HANDOVER))
    if is_clean:
        return item(g.r.choice(HANDOVER[lang][1]).format(u=user()), [], "prose") | {"lang": lang}
    p = pw()
    return item(g.r.choice(HANDOVER[lang][0]).format(u=user(), v=p), [("password", p)], "prose") | {"lang": lang}


def provider_more(is_clean):
    if is_clean:
        return clean(
            pick(
                f"STRIPE_PUBLISHABLE_KEY=pk_live_{rs(24)}",
                "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                f"RELEASE_SHA={sha()}\nTRACE_ID={rs(32, HEX)}",
                "NPM_TOKEN=npm_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
                f"DIGEST=sha256:{rs(64, HEX)}\nINSTANCE_ID={uuid()}",
                "OPENAI_API_KEY=sk-...your-key-here",
            )
        )
    name, v = pick(
        ("AWS_SECRET_ACCESS_KEY", None),
        ("DIGITALOCEAN_TOKEN", "dop_v1_" + rs(64, HEX)),
        ("SHOPIFY_ACCESS_TOKEN", "shpat_" + rs(32, HEX)),
        ("PYPI_TOKEN", "pypi-AgEIcHlwaS5vcmc" + rs(60, ALNUM + "-_")),
        ("SLACK_USER_TOKEN", f"xoxp-{rs(11, DIGITS)}-{rs(11, DIGITS)}-{rs(13, DIGITS)}-{rs(32, HEX)}"),
        ("TWILIO_API_SECRET", rs(32, ALNUM)),
        ("LINEAR_API_KEY", "lin_api_" + rs(40)),
        ("POSTMAN_API_KEY", f"PMAK-{rs(24, HEX)}-{rs(34, HEX)}"),
        ("DATABRICKS_TOKEN", "dapi" + rs(32, HEX)),
        ("GITHUB_TOKEN", "github_pat_11" + rs(20, UPPER + DIGITS) + "_" + rs(59)),
        ("AZURE_STORAGE_CONNECTION_STRING", None),
        ("GROQ_API_KEY", "gsk_" + rs(52)),
    )
    if name == "AWS_SECRET_ACCESS_KEY":
        v = rs(40, B64)
        return item(f"AWS_ACCESS_KEY_ID=AKIA{rs(16, UPPER + DIGITS)}\nAWS_SECRET_ACCESS_KEY={v}\nAWS_REGION=us-east-1", [("provider", v)])
    if name == "AZURE_STORAGE_CONNECTION_STRING":
        v = rs(86, B64) + "=="
        return item(
            f"{name}=DefaultEndpointsProtocol=https;AccountName={user()}store;AccountKey={v};EndpointSuffix=core.windows.net", [("provider", v)]
        )
    return item(f"{name}={v}\nLOG_LEVEL=info", [("provider", v)])


KINDS = {
    "env-dump": env_dump,
    "k8s-secret": k8s_secret,
    "terraform-state": terraform_state,
    "conn-uri": conn_uri,
    "http-trace": http_trace,
    "struct-print": struct_print,
    "ci-yaml": ci_yaml,
    "config-ini": config_ini,
    "sql-user": sql_user,
    "key-output": key_output,
    "stack-trace": stack_trace,
    "kv-log": kv_log,
    "git-credentials": git_credentials,
    "handover-ml": handover_ml,
    "provider-more": provider_more,
}

# ---------------------------------------------------------------- contexts
# Each: (shapes, fn(item) -> (scope, tool, payload, string the guard reads), derive(value) -> value as read).


def lines(it):
    return it["text"].split("\n")


def plain(it):
    if it["shape"] == "prose":
        return "reply", "", it["text"], it["text"]
    if it["shape"] == "cmd":
        return "args", "terminal", json.dumps({"command": it["text"]}), it["text"]
    return g.result(pick("read_file", "terminal"), it["text"])


def prompt_transcript(it):
    p = f"{user()}@web01:~/app$ "
    if it["shape"] == "cmd":
        body = f"{p}{it['text']}\n" + pick("Query OK, 0 rows affected (0.01 sec)", "OK", "") + f"\n{p}"
    else:
        body = f"{p}{pick('cat config/app.conf', 'kubectl get secret app -o yaml', 'env | sort', 'cat out.log')}\n{it['text']}\n{p}"
    return g.result("terminal", body)


def write_file(it):
    t = json.dumps({"path": pick("config/app.conf", "deploy/values.yaml", ".env", "notes.md"), "content": it["text"]})
    return "args", "write_file", t, it["text"]


def heredoc(it):
    t = f"cat > {pick('/etc/app/app.conf', 'deploy/.env', '/tmp/notes.txt')} <<'EOF'\n{it['text']}\nEOF"
    return "args", "terminal", json.dumps({"command": t}), t


def jsonl_log(it):
    out = "\n".join(
        json.dumps({"ts": f"2026-05-04T10:11:{10 + i}.{g.rs(3, DIGITS)}Z", "level": "info", "logger": "app", "msg": ln})
        for i, ln in enumerate(lines(it))
    )
    return g.result("terminal", out)


def email_quote(it):
    body = "\n".join("> " + ln if ln else ">" for ln in lines(it))
    t = f"Thanks — see below.\n\nOn Mon, 4 May 2026 at 10:11, {user()} <{user()}@corp.example> wrote:\n{body}\n"
    return "reply", "", t, t


def jupyter(it):
    ls = lines(it)
    text = [ln + "\n" for ln in ls[:-1]] + [ls[-1]]
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": 3,
                "metadata": {},
                "source": ["print(open('config').read())"],
                "outputs": [{"name": "stdout", "output_type": "stream", "text": text}],
            }
        ],
        "metadata": {"kernelspec": {"name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    t = json.dumps(nb, indent=1)
    return "result", "read_file", t, "".join(text)


def ssh_remote(it):
    inner = it["text"].replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")
    t = f'ssh -o BatchMode=yes {user()}@web01 "{inner}"'
    return "args", "terminal", json.dumps({"command": t}), t


def powershell(it):
    if it["shape"] == "cmd":
        body = f"PS C:\\Users\\{user()}> {it['text']}\nPS C:\\Users\\{user()}> "
    else:
        body = f"PS C:\\Users\\{user()}> Get-Content .\\config\\app.conf\n{it['text']}\nPS C:\\Users\\{user()}> "
    return g.result("terminal", body.replace("\n", "\r\n"))


def syslog(it):
    out = "\n".join(
        f"<134>1 2026-05-04T10:11:{10 + i}.{g.rs(6, DIGITS)}Z web01 app {g.r.randint(100, 9999)} - - {ln}" for i, ln in enumerate(lines(it))
    )
    return g.result("terminal", out)


def ansible(it):
    body = json.dumps({"changed": False, "stdout_lines": lines(it)}, indent=4)
    return g.result("terminal", f"TASK [show config] ****\nok: [web01] => {body}\n\nPLAY RECAP ****\nweb01 : ok=2 changed=0 unreachable=0 failed=0")


def csv_cell(it):
    cell = '"' + it["text"].replace('"', '""') + '"'
    t = f"id,created_at,author,body\n{g.r.randint(100, 999)},2026-05-04,{user()},{cell}\n"
    return g.result("read_file", t)


def json_str(v):
    return "\n".join(json.dumps(part)[1:-1] for part in v.split("\n"))


def ident(v):
    return v


ALL = {"file", "http", "cmd", "prose"}
CONTEXTS = {
    # dev
    "plain": (ALL, plain, ident),
    "prompt-transcript": ({"file", "http", "cmd"}, prompt_transcript, ident),
    "write-file-args": ({"file", "http", "prose"}, write_file, ident),
    "heredoc-args": ({"file", "http"}, heredoc, ident),
    "jsonl-log": ({"file", "http", "cmd"}, jsonl_log, json_str),
    "email-quote": (ALL, email_quote, ident),
    "jupyter-output": ({"file", "http", "cmd"}, jupyter, ident),
    "ssh-remote": ({"cmd"}, ssh_remote, lambda v: v.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")),
    # held out
    "powershell-transcript": ({"file", "http", "cmd"}, powershell, ident),
    "syslog-5424": ({"file", "http", "cmd"}, syslog, ident),
    "ansible-output": ({"file", "http", "cmd"}, ansible, json_str),
    "csv-cell": (ALL, csv_cell, lambda v: v.replace('"', '""')),
}


def main():
    g.r = random.Random(SEED)
    cases = []
    n = 0
    for kind, make in KINDS.items():
        for ctx, (shapes, render, derive) in CONTEXTS.items():
            secret_n, clean_n = (6, 3) if kind == "handover-ml" else (3, 2)
            for label in ["secret"] * secret_n + ["clean"] * clean_n:
                for _attempt in range(6):
                    it = make(label == "clean")
                    if it["shape"] in shapes:
                        break
                else:
                    break
                scope, tool, payload, read = render(it)
                secrets = []
                for k, v in it["secrets"]:
                    v2 = derive(v)
                    p = g.pieces_of(v2, read)
                    assert p, (kind, ctx, v2, read)
                    secrets.append({"kind": k, "value": v2, "pieces": p})
                n += 1
                held_out = kind in HELD_OUT_KINDS or ctx in HELD_OUT_CONTEXTS
                cases.append(g.case(f"t{n:05d}", held_out, kind, ctx, label, scope, tool, payload, secrets))
    g.write_cases(OUT, cases)


if __name__ == "__main__":
    main()
