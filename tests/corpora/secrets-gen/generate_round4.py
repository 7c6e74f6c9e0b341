"""Round 4 of the generated credential occurrences: credentials a command prints back.

Rounds 1 to 3 have been read, held-out families included, so they no longer estimate
generalisation. Round 4 adds **new kind families** taken from what an agent runs and reads back:
cloud CLI output (`aws sts`, `az account get-access-token`, `gcloud auth print-access-token`,
`vault login`), service-account and OAuth client files, OAuth token exchanges, webhook URLs,
passwords printed by installers and first-run tools, and held out: values read back from secret
stores (`vault kv get`, `aws secretsmanager`, `etcdctl`, `redis-cli CONFIG GET`), credentials passed
as arguments in code (`auth=(…)`, `getConnection(url, user, pass)`), and mail / VPN configuration.
They are rendered through **new context families**: a unified diff that changes the file, a
`gh issue comment --body "…"` call, log4j XML events with CDATA, a YAML double-quoted scalar with
`\\n` escapes, and held out: a quoted-printable e-mail body, a URL-encoded form value, and source
code that holds the text as concatenated string literals. Each kind has clean look-alikes of its
own shapes (masked values, placeholders, public identifiers, request ids).

The split (`SPLIT.md`, round 4) was committed before any detector work of this round; held-out
figures are read once, at the end.

    python3 tests/corpora/secrets-gen/generate_round4.py     # rewrites round4.jsonl beside this file

Same output format as `generate.py`.
"""

import json
import random
import sys
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import generate as g
from generate import ALNUM, DIGITS, HEX, LOWER, UPPER
from generate_round3 import ident, lines, pick, rs, user, uuid

SEED = 1544
OUT = Path(__file__).with_name("round4.jsonl")

HELD_OUT_CONTEXTS = {"mime-qp", "url-encoded", "code-string-concat"}
HELD_OUT_KINDS = {"secret-store-output", "code-call-args", "mail-vpn-config"}

B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"


def item(text, secrets, shape="file", lang=""):
    return {"text": text, "secrets": list(secrets), "shape": shape, "lang": lang}


def clean(text, shape="file", lang=""):
    return item(text, [], shape, lang)


def jwt():
    head = pick("eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9", "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsIng1dCI6Ik")
    return f"{head}.eyJ{rs(g.r.randint(120, 220), URLSAFE)}.{rs(g.r.randint(86, 342), URLSAFE)}"


def prompt(cmd):
    return f"$ {cmd}\n"


MASKS = ["****", "********", "<redacted>", "[REDACTED]", "(sensitive value)", "xxxxxxxxxxxx", "<your-secret>", "${SECRET}"]

# ---------------------------------------------------------------- kinds


def cloud_cli_json(is_clean):
    if is_clean:
        return clean(
            pick(
                prompt("aws sts get-caller-identity")
                + json.dumps(
                    {"UserId": "AIDA" + rs(17, UPPER + DIGITS), "Account": rs(12, DIGITS), "Arn": f"arn:aws:iam::{rs(12, DIGITS)}:user/{user()}"},
                    indent=4,
                ),
                prompt("gh auth status")
                + f"github.com\n  ✓ Logged in to github.com account {user()} (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'",
                prompt("az account show")
                + json.dumps(
                    {"environmentName": "AzureCloud", "id": uuid(), "tenantId": uuid(), "user": {"name": f"{user()}@corp.example", "type": "user"}},
                    indent=2,
                ),
                prompt("aws sts assume-role --role-arn arn:aws:iam::123456789012:role/deploy --role-session-name ci")
                + json.dumps(
                    {
                        "Credentials": {
                            "AccessKeyId": "ASIAIOSFODNN7EXAMPLE",
                            "SecretAccessKey": pick(*MASKS),
                            "Expiration": "2026-05-04T11:11:12+00:00",
                        }
                    },
                    indent=4,
                ),
                prompt("vault token lookup")
                + f"Key                 Value\n---                 -----\naccessor            {rs(24, ALNUM)}\ndisplay_name        token-{user()}\nttl                 767h59m",
            )
        )
    form = g.r.randrange(6)
    if form == 0:
        sk, st = rs(40, B64), "IQoJb3JpZ2luX2Vj" + rs(g.r.randint(300, 420), B64) + "="
        cmd = pick(
            "aws sts get-session-token --duration-seconds 3600",
            "aws sts assume-role --role-arn arn:aws:iam::123456789012:role/deploy --role-session-name ci",
        )
        body = {
            "Credentials": {
                "AccessKeyId": "ASIA" + rs(16, UPPER + DIGITS),
                "SecretAccessKey": sk,
                "SessionToken": st,
                "Expiration": "2026-05-04T11:11:12+00:00",
            }
        }
        return item(prompt(cmd) + json.dumps(body, indent=4), [("aws", sk), ("aws", st)])
    if form == 1:
        sk = rs(40, B64)
        body = {
            "AccessKey": {
                "UserName": user(),
                "AccessKeyId": "AKIA" + rs(16, UPPER + DIGITS),
                "Status": "Active",
                "SecretAccessKey": sk,
                "CreateDate": "2026-05-04T10:11:12+00:00",
            }
        }
        return item(prompt(f"aws iam create-access-key --user-name {user()}") + json.dumps(body, indent=4), [("aws", sk)])
    if form == 2:
        t = jwt()
        body = {"accessToken": t, "expiresOn": "2026-05-04 11:11:12.000000", "subscription": uuid(), "tenant": uuid(), "tokenType": "Bearer"}
        return item(prompt("az account get-access-token") + json.dumps(body, indent=2), [("token", t)])
    if form == 3:
        t = "ya29.a0" + rs(g.r.randint(160, 220), URLSAFE)
        return item(prompt("gcloud auth print-access-token") + t, [("token", t)])
    if form == 4:
        t = "hvs.CAESI" + rs(g.r.randint(80, 100), URLSAFE)
        table = f'Key                  Value\n---                  -----\ntoken                {t}\ntoken_accessor       {rs(24, ALNUM)}\ntoken_duration       768h\ntoken_renewable      true\ntoken_policies       ["default"]'
        return item(prompt(f"vault login -method=userpass username={user()}") + "Success! You are now authenticated.\n\n" + table, [("token", t)])
    body = rs(30, ALNUM)
    t = "gho_" + body + g.b62_crc(body)
    return item(prompt("gh auth token") + t, [("token", t)])


def service_account(is_clean):
    proj = f"{pick('acme', 'research', 'etl')}-{rs(6, LOWER + DIGITS)}"
    if is_clean:
        return clean(
            pick(
                json.dumps(
                    {
                        "type": "service_account",
                        "project_id": proj,
                        "client_email": f"ci@{proj}.iam.gserviceaccount.com",
                        "client_id": rs(21, DIGITS),
                    },
                    indent=2,
                ),
                json.dumps(
                    {
                        "installed": {
                            "client_id": f"{rs(12, DIGITS)}-{rs(32, LOWER + DIGITS)}.apps.googleusercontent.com",
                            "project_id": proj,
                            "auth_uri": "https://accounts.google.com/o/oauth2/auth",
                            "client_secret": pick(*MASKS),
                        }
                    },
                    indent=2,
                ),
                json.dumps(
                    {
                        "type": "authorized_user",
                        "client_id": f"{rs(12, DIGITS)}-{rs(32, LOWER + DIGITS)}.apps.googleusercontent.com",
                        "quota_project_id": proj,
                    },
                    indent=2,
                ),
            )
        )
    form = g.r.randrange(3)
    if form == 0:
        body = "".join(rs(64, B64) + "\n" for _ in range(g.r.randint(14, 25)))
        key = "-----BEGIN PRIVATE KEY-----\nMII" + body + rs(20, B64) + "=\n-----END PRIVATE KEY-----\n"
        doc = {
            "type": "service_account",
            "project_id": proj,
            "private_key_id": rs(40, HEX),
            "private_key": key,
            "client_email": f"ci@{proj}.iam.gserviceaccount.com",
        }
        text = json.dumps(doc, indent=2)
        return item(text, [("key", "MII" + body[:64])])
    if form == 1:
        s = "GOCSPX-" + rs(28, URLSAFE)
        doc = {
            "web": {
                "client_id": f"{rs(12, DIGITS)}-{rs(32, LOWER + DIGITS)}.apps.googleusercontent.com",
                "project_id": proj,
                "client_secret": s,
                "redirect_uris": ["http://localhost:8080/callback"],
            }
        }
        return item(json.dumps(doc, indent=2), [("oauth", s)])
    s = rs(g.r.randint(100, 140), URLSAFE)
    doc = {
        "type": "authorized_user",
        "client_id": f"{rs(12, DIGITS)}-{rs(32, LOWER + DIGITS)}.apps.googleusercontent.com",
        "client_secret": "d-FL95Q19q7MQmFpd7hHD0Ty",
        "refresh_token": "1//0" + s,
    }
    return item(json.dumps(doc, indent=2), [("oauth", "1//0" + s)])


def oauth_exchange(is_clean):
    h = pick("login.corp.example", "auth.example.com", "id.partner.example")
    if is_clean:
        return clean(
            pick(
                json.dumps({"token_type": "Bearer", "expires_in": 3599, "scope": "read write", "request_id": uuid()}),
                f'curl -s -X POST https://{h}/oauth/token -d grant_type=client_credentials -d client_id=reporting -d client_secret="$CLIENT_SECRET"',
                f"POST /oauth/token HTTP/1.1\nHost: {h}\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=authorization_code&code_challenge_method=S256&client_id=web-{rs(6, LOWER)}",
                json.dumps({"error": "invalid_client", "error_description": "Client authentication failed", "trace_id": rs(32, HEX)}),
            ),
            "http",
        )
    form = g.r.randrange(5)
    if form == 0:
        a, r_ = rs(g.r.randint(40, 60), URLSAFE), rs(g.r.randint(40, 60), URLSAFE)
        return item(
            json.dumps({"access_token": a, "token_type": "Bearer", "expires_in": 3600, "refresh_token": r_, "scope": "read"}, indent=2),
            [("oauth", a), ("oauth", r_)],
            "http",
        )
    if form == 1:
        s = rs(g.r.randint(32, 48), URLSAFE)
        return item(
            f"curl -s -X POST https://{h}/oauth/token -d grant_type=client_credentials -d client_id=reporting -d client_secret={s}",
            [("oauth", s)],
            "cmd",
        )
    if form == 2:
        s = rs(g.r.randint(32, 48), URLSAFE)
        return item(
            f"POST /oauth/token HTTP/1.1\nHost: {h}\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=client_credentials&client_id=svc-{rs(6, LOWER)}&client_secret={s}&scope=api",
            [("oauth", s)],
            "http",
        )
    if form == 3:
        p = g.password(shell_safe=True)
        return item(
            f"curl -s https://{h}/oauth/token -d 'grant_type=password&username={user()}&password={p}&client_id=cli'", [("password", p)], "cmd"
        )
    r_ = rs(g.r.randint(40, 64), URLSAFE)
    return item(
        f"requests.post('https://{h}/oauth/token', data={{'grant_type': 'refresh_token', 'refresh_token': '{r_}', 'client_id': 'cli'}})",
        [("oauth", r_)],
        "file",
    )


def webhook_url(is_clean):
    if is_clean:
        return clean(
            pick(
                "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
                "See https://api.slack.com/messaging/webhooks for how to create an incoming webhook.",
                "discord_webhook: https://discord.com/api/webhooks/<id>/<token>",
                f"webhook delivered: id={uuid()} status=200 duration_ms={g.r.randint(20, 400)}",
            )
        )
    form = g.r.randrange(4)
    if form == 0:
        s = rs(24, ALNUM)
        url = f"https://hooks.slack.com/services/T{rs(8, UPPER + DIGITS)}/B{rs(10, UPPER + DIGITS)}/{s}"
        text = pick(
            f"SLACK_WEBHOOK_URL={url}",
            f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy done\"}}' {url}",
            f"notify:\n  slack:\n    url: {url}",
        )
        return item(text, [("webhook", s)], "cmd" if text.startswith("curl") else "file")
    if form == 1:
        s = rs(68, URLSAFE)
        url = f"https://discord.com/api/webhooks/{rs(19, DIGITS)}/{s}"
        return item(pick(f"DISCORD_WEBHOOK={url}", f'webhook_url = "{url}"'), [("webhook", s)])
    if form == 2:
        tok = f"{g.r.randint(100000000, 7999999999)}:AA{rs(33, URLSAFE)}"
        text = pick(f"TELEGRAM_BOT_TOKEN={tok}", f"curl -s https://api.telegram.org/bot{tok}/sendMessage -d chat_id=-100{rs(10, DIGITS)} -d text=ok")
        return item(text, [("token", tok)], "cmd" if text.startswith("curl") else "file")
    sig = rs(43, URLSAFE)
    url = f"https://prod-{g.r.randint(10, 99)}.westeurope.logic.azure.com:443/workflows/{rs(32, HEX)}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig={sig}"
    return item(f"TEAMS_WEBHOOK_URL={url}", [("webhook", sig)])


def generated_password(is_clean):
    if is_clean:
        return clean(
            pick(
                "Jenkins initial setup is required. An admin user has been created and a password generated.\nThis may also be found at: /var/lib/jenkins/secrets/initialAdminPassword",
                "Password for the [elastic] user successfully reset.\nNew value: (hidden, use --interactive to set one)",
                f"2026-05-04T10:11:12.{rs(6, DIGITS)}Z 6 [Note] [MY-010454] [Server] A temporary password is generated for root@localhost; see the error log",
                "admin password reset request accepted; an e-mail has been sent",
                f"Generated build id: {uuid()}\nArtifact digest: sha256:{rs(64, HEX)}",
            )
        )
    form = g.r.randrange(6)
    if form == 0:
        p = rs(32, HEX)
        return item(
            "*************************************************************\n\nJenkins initial setup is required. An admin user has been created and a password generated.\n"
            + f"Please use the following password to proceed to installation:\n\n{p}\n\nThis may also be found at: /var/lib/jenkins/secrets/initialAdminPassword\n\n*************************************************************",
            [("generated", p)],
        )
    if form == 1:
        p = rs(20, ALNUM + "*+=_-")
        return item(
            "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n✅ Elasticsearch security features have been automatically configured!\n\n"
            + f"ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  {p}\n",
            [("generated", p)],
        )
    if form == 2:
        p = rs(12, ALNUM + "#;%:!<>")
        return item(
            f"2026-05-04T10:11:12.{rs(6, DIGITS)}Z 6 [Note] [MY-010454] [Server] A temporary password is generated for root@localhost: {p}",
            [("generated", p)],
        )
    if form == 3:
        p = rs(16, ALNUM + "-")
        return item(
            prompt("argocd admin initial-password -n argocd")
            + f"{p}\n\n This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.",
            [("generated", p)],
        )
    if form == 4:
        p = rs(g.r.randint(24, 32), B64) + "="
        return item(prompt(pick("openssl rand -base64 24", "openssl rand -base64 32")) + p, [("generated", p)])
    p = g.password(shell_safe=True)
    return item(prompt("kubectl -n monitoring get secret grafana -o jsonpath='{.data.admin-password}' | base64 -d; echo") + p, [("generated", p)])


def secret_store_output(is_clean):
    if is_clean:
        return clean(
            pick(
                prompt("vault kv get secret/app")
                + "====== Metadata ======\nKey              Value\n---              -----\ncreated_time     2026-05-04T10:11:12.000Z\nversion          3",
                prompt("aws secretsmanager describe-secret --secret-id prod/db")
                + json.dumps(
                    {
                        "ARN": f"arn:aws:secretsmanager:eu-west-1:{rs(12, DIGITS)}:secret:prod/db-{rs(6, ALNUM)}",
                        "Name": "prod/db",
                        "RotationEnabled": True,
                    },
                    indent=4,
                ),
                prompt("etcdctl get /app/config/db_host") + f"/app/config/db_host\n{g.host()}",
                prompt("redis-cli CONFIG GET maxmemory") + '1) "maxmemory"\n2) "268435456"',
                prompt("aws ssm get-parameter --name /prod/db/password")
                + json.dumps(
                    {"Parameter": {"Name": "/prod/db/password", "Type": "SecureString", "Value": "AQICAHh" + pick("[encrypted]", "…")}}, indent=4
                ),
            )
        )
    p = g.password(shell_safe=True)
    form = g.r.randrange(6)
    if form == 0:
        table = f"====== Data ======\nKey         Value\n---         -----\npassword    {p}\nusername    {user()}"
        return item(prompt("vault kv get secret/app/db") + table, [("store", p)])
    if form == 1:
        inner = json.dumps({"username": user(), "password": p, "host": g.host()})
        body = {
            "ARN": f"arn:aws:secretsmanager:eu-west-1:{rs(12, DIGITS)}:secret:prod/db-{rs(6, ALNUM)}",
            "Name": "prod/db",
            "SecretString": inner,
            "VersionStages": ["AWSCURRENT"],
        }
        return item(prompt("aws secretsmanager get-secret-value --secret-id prod/db") + json.dumps(body, indent=4), [("store", p)])
    if form == 2:
        body = {
            "Parameter": {
                "Name": f"/prod/{pick('db', 'api', 'smtp')}/{pick('password', 'token', 'secret')}",
                "Type": "SecureString",
                "Value": p,
                "Version": 4,
            }
        }
        return item(prompt("aws ssm get-parameter --with-decryption --name /prod/db/password") + json.dumps(body, indent=4), [("store", p)])
    if form == 3:
        key = f"/app/config/{pick('db_password', 'api_token', 'smtp_pass')}"
        return item(prompt(f"etcdctl get {key}") + f"{key}\n{p}", [("store", p)])
    if form == 4:
        name = pick("requirepass", "masterauth")
        return item(prompt(f"redis-cli CONFIG GET {name}") + f'1) "{name}"\n2) "{p}"', [("store", p)])
    key = f"app/{pick('db_password', 'api_key', 'ldap_bind_pw')}"
    return item(prompt(f"consul kv get {key}") + p, [("store", p)])


def code_call_args(is_clean):
    u, h = user(), g.host()
    if is_clean:
        return clean(
            pick(
                f"resp = requests.get('https://{h}/api', auth=(user, os.environ['API_PASSWORD']))",
                'conn = DriverManager.getConnection(url, props.getProperty("user"), props.getProperty("password"));',
                "smtp.login(settings.SMTP_USER, settings.SMTP_PASSWORD)",
                f"client.connect('{h}', username='{u}', key_filename='/home/{u}/.ssh/id_ed25519')",
                'var cred = new NetworkCredential(userName, Environment.GetEnvironmentVariable("SVC_PASS"));',
            ),
            lang="code",
        )
    p = g.password(shell_safe=True)
    text = pick(
        f"resp = requests.get('https://{h}/api/v1/items', auth=('{u}', '{p}'), timeout=10)",
        f"session.auth = HTTPBasicAuth('{u}', '{p}')",
        f'Connection conn = DriverManager.getConnection("jdbc:mysql://{h}:3306/app", "{u}", "{p}");',
        f'var cred = new NetworkCredential("{u}", "{p}");',
        f"server.login('{u}@corp.example', '{p}')",
        f"ftp = FTP('{h}')\nftp.login('{u}', '{p}')",
        f"client.connect('{h}', username='{u}', password='{p}')",
        f"db = pymysql.connect(host='{h}', user='{u}', passwd='{p}', db='app')",
        f'const client = new Client({{ host: "{h}", user: "{u}", password: "{p}" }});',
        f'$pdo = new PDO("mysql:host={h};dbname=app", "{u}", "{p}");',
    )
    return item(text, [("code", p)], lang="code")


def mail_vpn_config(is_clean):
    if is_clean:
        return clean(
            pick(
                "# /etc/postfix/sasl_passwd\n# [smtp.example.com]:587 user@example.com:password\n",
                'account default\nhost smtp.corp.example\nport 587\nauth on\nuser ops@corp.example\npasswordeval "pass show mail/ops"',
                "client\ndev tun\nproto udp\nremote vpn.corp.example 1194\nauth-user-pass /etc/openvpn/auth.txt\ncipher AES-256-GCM",
                "# ipsec.secrets\n: RSA vpn-key.pem",
                'set smtp_url = "smtps://ops@smtp.corp.example"\nset smtp_pass = `pass show mail`',
            )
        )
    p = g.password(shell_safe=True)
    form = g.r.randrange(6)
    if form == 0:
        return item(f"[smtp.gmail.com]:587 {user()}@gmail.com:{p}", [("mail", p)])
    if form == 1:
        return item(
            f"account default\nhost smtp.corp.example\nport 587\nauth on\nuser ops@corp.example\npassword {p}\nfrom ops@corp.example", [("mail", p)]
        )
    if form == 2:
        return item(f'set smtp_url = "smtps://ops@smtp.corp.example"\nset smtp_pass = "{p}"\nset from = "ops@corp.example"', [("mail", p)])
    if form == 3:
        return item(f'poll imap.corp.example protocol IMAP\n  user "ops@corp.example" there with password "{p}" is ops here\n  ssl', [("mail", p)])
    if form == 4:
        return item(f'# /etc/ipsec.secrets\n%any vpn.corp.example : PSK "{p}"', [("vpn", p)])
    app = " ".join(rs(4, LOWER) for _ in range(4))
    return item(f"EMAIL_HOST=smtp.gmail.com\nEMAIL_HOST_USER={user()}@gmail.com\nEMAIL_HOST_PASSWORD={app}\nEMAIL_PORT=587", [("mail", app)])


KINDS = {
    "cloud-cli-json": cloud_cli_json,
    "service-account": service_account,
    "oauth-exchange": oauth_exchange,
    "webhook-url": webhook_url,
    "generated-password": generated_password,
    "secret-store-output": secret_store_output,
    "code-call-args": code_call_args,
    "mail-vpn-config": mail_vpn_config,
}

# ---------------------------------------------------------------- contexts
# Each: (shapes, fn(item) -> (scope, tool, payload, string the guard reads), derive(value) -> value as read).


def plain(it):
    if it["shape"] == "cmd":
        return "args", "terminal", json.dumps({"command": it["text"]}), it["text"]
    return g.result(pick("read_file", "terminal"), it["text"])


def diff_change(it):
    ls = lines(it)
    body = []
    for ln in ls:
        if g.r.random() < 0.2 and ln.strip():
            body.append(pick("-# TODO: fill in", "-", "-# see the wiki"))
        body.append("+" + ln)
    name = pick("config/app.env", "deploy/secrets.json", "notes/setup.md")
    t = (
        f"diff --git a/{name} b/{name}\nindex {rs(7, HEX)}..{rs(7, HEX)} 100644\n--- a/{name}\n+++ b/{name}\n@@ -1,{len(ls)} +1,{len(ls)} @@\n"
        + "\n".join(body)
    )
    return g.result("terminal", t)


def gh_comment(it):
    inner = it["text"].replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$").replace("`", "\\`")
    t = f'gh issue comment {g.r.randint(10, 999)} --repo corp/{pick("infra", "app")} --body "Output for reference:\n\n{inner}\n"'
    return "args", "terminal", json.dumps({"command": t}), t


def xml_cdata(it):
    events = "\n".join(
        f'<log4j:event logger="app.Config" timestamp="17779{rs(8, DIGITS)}" level="DEBUG" thread="main">\n  <log4j:message><![CDATA[{ln}]]></log4j:message>\n</log4j:event>'
        for ln in lines(it)
    )
    return g.result("read_file", events)


def yaml_dq(it):
    esc = json.dumps(it["text"] + "\n", ensure_ascii=False)
    t = f"- name: write the config\n  ansible.builtin.copy:\n    dest: /etc/app/{pick('app.conf', 'env', 'settings.json')}\n    mode: '0600'\n    content: {esc}\n"
    return g.result("read_file", t)


def mime_qp(it):
    import quopri

    body = quopri.encodestring(it["text"].encode()).decode()
    t = (
        f"From: {user()}@corp.example\nTo: ops@corp.example\nSubject: config\nMIME-Version: 1.0\n"
        f"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n{body}\n"
    )
    return g.result("read_file", t)


def url_encoded(it):
    v = urllib.parse.quote(it["text"], safe="")
    t = f"POST /api/notes HTTP/1.1\nHost: paste.corp.example\nContent-Type: application/x-www-form-urlencoded\n\ntitle=config&visibility=internal&body={v}"
    if g.r.random() < 0.5:
        return g.result("terminal", t)
    cmd = f"curl -s https://paste.corp.example/api/notes -d 'title=config' -d 'body={v}'"
    return "args", "terminal", json.dumps({"command": cmd}), cmd


def code_concat(it):
    esc = [ln.replace("\\", "\\\\").replace('"', '\\"') for ln in lines(it)]
    lang = g.r.randrange(2)
    if lang == 0:
        body = " +\n".join(f'    "{ln}\\n"' for ln in esc)
        t = f"static final String FIXTURE =\n{body};\n"
    else:
        body = "\n".join(f'    "{ln}\\n"' for ln in esc)
        t = f"FIXTURE = (\n{body}\n)\n"
    return g.result("read_file", t)


def qp(v):
    import quopri

    return quopri.encodestring(v.encode()).decode().replace("=\n", "\n")


def c_esc(v):
    return v.replace("\\", "\\\\").replace('"', '\\"')


def url(v):
    return urllib.parse.quote(v, safe="")


ALL = {"file", "http", "cmd"}
CONTEXTS = {
    # dev
    "plain": (ALL, plain, ident),
    "diff-change": ({"file", "http"}, diff_change, ident),
    "gh-comment-args": (ALL, gh_comment, lambda v: v.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$").replace("`", "\\`")),
    "xml-cdata-log": (ALL, xml_cdata, ident),
    "yaml-dq-escaped": (ALL, yaml_dq, lambda v: json.dumps(v, ensure_ascii=False)[1:-1]),
    # held out
    "mime-qp": (ALL, mime_qp, qp),
    "url-encoded": (ALL, url_encoded, url),
    "code-string-concat": (ALL, code_concat, c_esc),
}


def main():
    g.r = random.Random(SEED)
    cases = []
    n = 0
    for kind, make in KINDS.items():
        for ctx, (shapes, render, derive) in CONTEXTS.items():
            for label in ["secret"] * 4 + ["clean"] * 3:
                for _attempt in range(8):
                    it = make(label == "clean")
                    if it["shape"] in shapes:
                        break
                else:
                    continue
                scope, tool, payload, read = render(it)
                secrets = []
                for k, v in it["secrets"]:
                    v2 = derive(v)
                    p = g.pieces_of(v2, read)
                    assert p, (kind, ctx, v2, read)
                    secrets.append({"kind": k, "value": v2, "pieces": p})
                n += 1
                held_out = kind in HELD_OUT_KINDS or ctx in HELD_OUT_CONTEXTS
                cases.append(g.case(f"u{n:05d}", held_out, kind, ctx, label, scope, tool, payload, secrets))
    g.write_cases(OUT, cases)


if __name__ == "__main__":
    main()
