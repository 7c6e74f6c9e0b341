"""Round 10 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 9 have been read, measured or worked on, or are being. Round 10 was written blind on
2026-12-04, like rounds 5 to 9: its author saw `SPLIT.md`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer, never the rules nor anything under
`engine/src`, their example tables, `BENCHMARKS.md` nor `docs/`, and never ran the engine on it
beyond the completeness check: the round is unread.

Its **kind families** are credentials no round had: artifact and container registry tokens
(Docker Hub `dckr_pat_`, JFrog reference tokens, Sonatype user tokens, Quay robots, Cloudsmith,
Harbor robots), CI quality-service tokens (Codecov, SonarQube `sqp_` / `sqa_`, Snyk, Percy,
Cypress record keys, Doppler `dp.st.`, Chromatic `chpt_`), collaboration webhooks (Teams incoming
webhooks and workflow `sig=`, Google Chat `token=`, Mattermost, Rocket.Chat, Zapier catch hooks),
ODBC and DSN credentials (`odbc.ini` `PWD=`, pyodbc `PWD={…}`, `pg_service.conf`, Oracle
`mkstore`, unixODBC `isql`, an Office `.odc` `Password=`), one-time-password seeds and recovery
codes (`otpauth://…secret=`, `oathtool`, `.google_authenticator`, `ykman oath`, recovery codes),
webhook signing secrets (HMAC keys in code, Svix `whsec_`, Slack signing secrets, Zoom, Linear
`lin_wh_`), and held out: package publishing tokens (PyPI `pypi-` macaroons in `twine` /
`uv publish`, RubyGems, NuGet `oy2`, crates.io `cio`, `vsce` / `ovsx`, JetBrains `perm:`, Hex) and
CRM and support-desk keys (Zendesk `/token:`, Freshdesk, Intercom `dG9rOj…`, Pipedrive
`api_token=`, Zoho `1000.` refresh tokens, Salesforce `00D…!` session ids).

Its **context families** are new containers: PowerShell (`$env:K = '…'`, `Get-ChildItem env:`
tables, here-strings), `helm get values` output, CloudFormation (YAML, JSON) and Bicep templates,
debug prints (Rust `{:#?}`, Go `%+v`, Java `toString()`), GraphQL requests (`variables`), and held
out: `mitmdump --flow-detail 3` flows (URL-encoded forms shown decoded), property lists (launchd
`EnvironmentVariables` / `ProgramArguments`, a `.mobileconfig` payload; XML escapes) and
`kubectl get secret` output whose `data` values are base64 (the piece is the run of base64
characters that encode only the credential's bytes).

A credential's pieces are what must vanish from the text as the context shows it. Clean cases hold
look-alikes of the kind's own shapes (public ids and keys, digests, signatures, onion addresses,
references, masked values, placeholders, documented example values).

The split (`SPLIT.md`, round 10) was committed before any measurement; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round10.py     # rewrites round10.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
import urllib.parse
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

from blind_round import (
    ALNUM,
    DIGITS,
    HEX,
    LOWER,
    UPPER,
    URLSAFE,
    R,
    b64,
    b64_runs,
    b64url,
    base_name,
    clean,
    cmd,
    deal,
    env_file,
    env_pairs,
    file_lines,
    indent,
    item,
    password,
    pick,
    rbytes,
    rs,
    script_text,
    sha1hex,
    shq,
    ts_epoch,
    uuid4,
    whole,
    write_round,
)

SEED = 1610
OUT = Path(__file__).with_name("round10.jsonl")

HELD_OUT_KINDS = {"package-publish-tokens", "crm-support-keys"}
HELD_OUT_CONTEXTS = {"mitmproxy-flow", "plist-xml", "secret-b64-data"}

B32 = UPPER + "234567"


def user():
    return pick("deploy", "ci-bot", "svc_reporting", "app_rw", "etl")


def host():
    return pick("sql01.corp.example", "db-prod.corp.example", "10.20.4.17", "warehouse.corp.example")


# ---------------------------------------------------------------- kind: artifact-registry-tokens


def artifact_registry_tokens(is_clean):
    """Artifact and container registry tokens: Docker Hub, JFrog, Sonatype, Quay, Cloudsmith, Harbor."""
    if is_clean:
        form = deal("reg/clean", 5)
        if form == 0:
            text = f"$ docker manifest inspect corp/api:1.{R.randint(1, 40)} --verbose | jq -r '.[].Descriptor.digest'\n" + "".join(
                f"sha256:{rs(64, HEX)}\n" for _ in range(2)
            )
            return clean(text, name="digests.txt")
        if form == 1:
            return cmd(
                'echo "$DOCKERHUB_TOKEN" | docker login -u corpci --password-stdin && '
                'jf config add corp --url https://corp.jfrog.io --access-token "$JF_ACCESS_TOKEN" --interactive=false',
                [],
            )
        if form == 2:
            doc = {
                "version": "6",
                "servers": [{"url": "https://corp.jfrog.io/", "user": "ci", "accessToken": "", "serverId": "corp", "isDefault": True}],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name=".jfrog/jfrog-cli.conf.v6")
        if form == 3:
            return clean(
                env_file(
                    [("DOCKERHUB_USERNAME", "corpci"), ("DOCKERHUB_TOKEN", "dckr_pat_" + "*" * 27), ("NEXUS_PASSWORD", "${env.NEXUS_PASSWORD}")]
                ),
                fmt="env",
                name=".env.example",
            )
        doc = {"name": "robot$corp+ci", "id": R.randint(10, 900), "level": "project", "duration": 90, "creation_time": "2026-05-04T10:11:12.000Z"}
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="harbor-robot.json")
    form = deal("reg/secret", 6)
    if form == 0:
        t = "dckr_pat_" + rs(27, URLSAFE)
        if R.random() < 0.5:
            return cmd(f"echo {t} | docker login -u corpci --password-stdin", [("dockerhub-pat", t)])
        return item(env_file([("DOCKERHUB_USERNAME", "corpci"), ("DOCKERHUB_TOKEN", t)]), [("dockerhub-pat", t)], fmt="env", name=".env")
    if form == 1:
        t = b64(f"reftkn:01:{ts_epoch() + 31_536_000}:{rs(33)}".encode()).rstrip("=")
        if R.random() < 0.5:
            return cmd(f"jf config add corp --url https://corp.jfrog.io --access-token {t} --interactive=false", [("jfrog-reference-token", t)])
        doc = {"version": "6", "servers": [{"url": "https://corp.jfrog.io/", "accessToken": t, "serverId": "corp", "isDefault": True}]}
        return item(json.dumps(doc, indent=2) + "\n", [("jfrog-reference-token", t)], fmt="json", name=".jfrog/jfrog-cli.conf.v6")
    if form == 2:
        code_user, code_pass = rs(8, ALNUM), rs(44, ALNUM + "+/")
        text = f"nexusUrl=https://nexus.corp.example\nnexusUsername={code_user}\nnexusPassword={code_pass}\norg.gradle.jvmargs=-Xmx2g\n"
        return item(text, [("sonatype-user-token", code_pass)], fmt="properties", name="gradle.properties")
    if form == 3:
        t = rs(64, UPPER + DIGITS)
        return cmd(f"podman login -u='corp+deployer' -p='{t}' quay.io", [("quay-robot-token", t)])
    if form == 4:
        k = rs(40, HEX)
        return item(env_file([("CLOUDSMITH_API_KEY", k), ("CLOUDSMITH_REPO", "corp/python")]), [("cloudsmith-api-key", k)], fmt="env", name=".env")
    s = rs(32)
    doc = {"name": "robot$corp+ci", "secret": s, "id": R.randint(10, 900), "expires_at": ts_epoch()}
    return item(json.dumps(doc, indent=2) + "\n", [("harbor-robot-secret", s)], fmt="json", name="harbor-robot.json")


# ---------------------------------------------------------------- kind: ci-quality-tokens


def ci_quality_tokens(is_clean):
    """CI quality services: Codecov, SonarQube, Snyk, Percy, Cypress, Doppler, Chromatic."""
    if is_clean:
        form = deal("ciq/clean", 5)
        if form == 0:
            t = rs(10, UPPER + DIGITS)
            text = f"# corp/api\n\n[![codecov](https://codecov.io/gh/corp/api/graph/badge.svg?token={t})](https://codecov.io/gh/corp/api)\n"
            return clean(text, fmt="md", name="README.md")
        if form == 1:
            text = "sonar.projectKey=corp_api\nsonar.organization=corp\nsonar.sources=src\nsonar.token=${SONAR_TOKEN}\n"
            return clean(text, fmt="properties", name="sonar-project.properties")
        if form == 2:
            text = f"const {{ defineConfig }} = require('cypress')\n\nmodule.exports = defineConfig({{\n  projectId: '{rs(6, LOWER + DIGITS)}',\n  e2e: {{ baseUrl: 'http://localhost:3000' }},\n}})\n"
            return clean(text, fmt="js", name="cypress.config.js")
        if form == 3:
            return clean(
                env_file(
                    [
                        ("SNYK_TOKEN", "${{ secrets.SNYK_TOKEN }}"),
                        ("DOPPLER_TOKEN", "dp.st.prd." + "*" * 8),
                        ("CODECOV_TOKEN", "<codecov-upload-token>"),
                    ]
                ),
                fmt="env",
                name=".env.example",
            )
        doc = {"commitid": sha1hex(), "branch": "main", "totals": {"coverage": round(R.uniform(60, 95), 2)}, "report_id": uuid4()}
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="codecov-report.json")
    form = deal("ciq/secret", 7)
    if form == 0:
        t = uuid4()
        if R.random() < 0.5:
            return cmd(f"codecovcli upload-process -t {t} -f coverage.xml --git-service github", [("codecov-token", t)])
        return item(env_file([("CODECOV_TOKEN", t)]), [("codecov-token", t)], fmt="env", name=".env")
    if form == 1:
        t = pick("sqp_", "sqa_") + rs(40, HEX)
        return cmd(
            f"sonar-scanner -Dsonar.projectKey=corp_api -Dsonar.host.url=https://sonar.corp.example -Dsonar.token={t}", [("sonarqube-token", t)]
        )
    if form == 2:
        t = uuid4()
        if R.random() < 0.5:
            return cmd(f"snyk auth {t} && snyk test --all-projects", [("snyk-token", t)])
        return item(env_file([("SNYK_TOKEN", t), ("SNYK_ORG", "corp")]), [("snyk-token", t)], fmt="env", name=".env")
    if form == 3:
        t = "web_" + rs(64, HEX)
        return item(env_file([("PERCY_TOKEN", t), ("PERCY_BRANCH", "main")]), [("percy-token", t)], fmt="env", name=".env")
    if form == 4:
        t = uuid4()
        return cmd(f"npx cypress run --record --key {t} --parallel --ci-build-id $GITHUB_RUN_ID", [("cypress-record-key", t)])
    if form == 5:
        t = f"dp.st.{pick('prd', 'stg', 'dev')}.{rs(40)}"
        if R.random() < 0.5:
            return cmd(f"doppler run --token {t} -- ./bin/server", [("doppler-service-token", t)])
        return item(env_file([("DOPPLER_TOKEN", t)]), [("doppler-service-token", t)], fmt="env", name=".env")
    t = "chpt_" + rs(14, HEX)
    return cmd(f"npx chromatic --project-token={t} --exit-zero-on-changes", [("chromatic-project-token", t)])


# ---------------------------------------------------------------- kind: collab-webhooks


def collab_webhooks(is_clean):
    """Incoming webhooks of collaboration tools: Teams, Power Automate, Google Chat, Mattermost, Rocket.Chat, Zapier."""
    if is_clean:
        form = deal("hook/clean", 4)
        if form == 0:
            text = "TEAMS_WEBHOOK_URL=https://<tenant>.webhook.office.com/webhookb2/<group-id>@<tenant-id>/IncomingWebhook/<id>/<owner-id>\n"
            return clean(text, fmt="env", name=".env.example")
        if form == 1:
            text = '# Mattermost\n\nCreate an incoming webhook, then post to it:\n\n    curl -i -X POST -d \'payload={"text": "Hello"}\' https://your-mattermost-server.com/hooks/xxx-generatedkey-xxx\n'
            return clean(text, fmt="md", name="docs/alerts.md")
        if form == 2:
            g, t = uuid4(), uuid4()
            text = f"Alerts channel: https://teams.microsoft.com/l/channel/19%3a{rs(32, HEX)}%40thread.tacv2/Alerts?groupId={g}&tenantId={t}\n"
            return clean(text, name="CHANNELS.txt")
        doc = {"name": f"spaces/AAAA{rs(7, ALNUM)}", "displayName": "Deploys", "spaceType": "SPACE", "createTime": "2026-05-04T10:11:12.000Z"}
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="space.json")
    form = deal("hook/secret", 6)
    if form == 0:
        url = f"https://corp.webhook.office.com/webhookb2/{uuid4()}@{uuid4()}/IncomingWebhook/{rs(32, HEX)}/{uuid4()}"
        if R.random() < 0.5:
            return cmd(f"curl -s -H 'Content-Type: application/json' -d '{{\"text\": \"deploy done\"}}' {url}", [("teams-webhook", url)])
        return item(env_file([("TEAMS_WEBHOOK_URL", url)]), [("teams-webhook", url)], fmt="env", name=".env")
    if form == 1:
        sig = rs(43, URLSAFE)
        url = (
            f"https://prod-{R.randint(10, 99)}.westeurope.logic.azure.com:443/workflows/{rs(32, HEX)}/triggers/manual/paths/invoke"
            f"?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig={sig}"
        )
        text = f'alerts:\n  teams:\n    workflow_url: "{url}"\n    mention: oncall\n'
        return item(text, [("teams-workflow-sig", sig)], fmt="yaml", name="config/alerts.yaml")
    if form == 2:
        tok = rs(43, URLSAFE)
        url = f"https://chat.googleapis.com/v1/spaces/AAAA{rs(7)}/messages?key=AIzaSy{rs(33, URLSAFE)}&token={tok}"
        return cmd(
            f"curl -s -X POST -H 'Content-Type: application/json; charset=UTF-8' -d '{{\"text\": \"build green\"}}' '{url}'",
            [("google-chat-token", tok)],
        )
    if form == 3:
        h = rs(26, LOWER + DIGITS)
        return item(env_file([("MATTERMOST_WEBHOOK", f"https://chat.corp.example/hooks/{h}")]), [("mattermost-webhook", h)], fmt="env", name=".env")
    if form == 4:
        tok = rs(48)
        text = f'{{\n  "notify": {{\n    "rocketchat": "https://chat.corp.example/hooks/{rs(17)}/{tok}",\n    "channel": "#deploys"\n  }}\n}}\n'
        return item(text, [("rocketchat-webhook-token", tok)], fmt="json", name="notify.json")
    path = f"{R.randint(1_000_000, 9_999_999)}/{rs(6, LOWER + DIGITS)}"
    return cmd(f"curl -s -X POST https://hooks.zapier.com/hooks/catch/{path}/ -d release=2.4.1", [("zapier-catch-hook", path)])


# ---------------------------------------------------------------- kind: odbc-dsn-creds


def odbc_dsn_creds(is_clean):
    """ODBC and DSN credentials: `odbc.ini`, pyodbc, `pg_service.conf`, Oracle `mkstore`, `isql`, Office `.odc`."""
    if is_clean:
        form = deal("odbc/clean", 5)
        if form == 0:
            text = f"[corp-mssql]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:{host()},1433\nDatabase=sales\nAuthentication=ActiveDirectoryMsi\nEncrypt=yes\n"
            return clean(text, fmt="ini", name="odbc.ini")
        if form == 1:
            text = (
                "import os\nimport pyodbc\n\nconn = pyodbc.connect(\n"
                f'    "DRIVER={{ODBC Driver 18 for SQL Server}};SERVER={host()};DATABASE=sales;"\n'
                "    f\"UID={os.environ['DB_USER']};PWD={os.environ['DB_PASSWORD']};Encrypt=yes\"\n)\n"
            )
            return clean(text, fmt="py", name="report/db.py")
        if form == 2:
            text = f"[prod]\nhost={host()}\nport=5432\ndbname=app\nuser={user()}\nsslmode=verify-full\n# password comes from ~/.pgpass\n"
            return clean(text, fmt="ini", name=".pg_service.conf")
        if form == 3:
            return cmd("isql -v corp-mssql && mkstore -wrl /opt/oracle/wallet -listCredential", [])
        return clean(
            env_file([("ODBC_CONNECTION_STRING", f"Driver={{PostgreSQL Unicode}};Server={host()};Database=app;Uid={user()};Pwd=********")]),
            fmt="env",
            name=".env.example",
        )
    form = deal("odbc/secret", 6)
    pw = password()
    if form == 0:
        text = f"[corp-mssql]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:{host()},1433\nDatabase=sales\nUID={user()}\nPWD={pw}\nEncrypt=yes\n"
        return item(text, [("odbc-password", pw)], fmt="ini", name="odbc.ini")
    if form == 1:
        text = (
            "import pyodbc\n\nconn = pyodbc.connect(\n"
            f'    "DRIVER={{ODBC Driver 18 for SQL Server}};SERVER={host()};DATABASE=sales;UID={user()};PWD={{{pw}}};Encrypt=yes"\n)\n'
        )
        return item(text, [("odbc-password", pw)], fmt="py", name="report/db.py")
    if form == 2:
        text = f"[prod]\nhost={host()}\nport=5432\ndbname=app\nuser={user()}\npassword={pw}\nsslmode=require\n"
        return item(text, [("pg-service-password", pw)], fmt="ini", name=".pg_service.conf")
    if form == 3:
        return cmd(f"mkstore -wrl /opt/oracle/wallet -createCredential PRODDB {user()} {shq(pw)}", [("oracle-wallet-password", pw)])
    if form == 4:
        return cmd(f"isql -v corp-mssql {user()} {shq(pw)} < queries/daily.sql", [("odbc-password", pw)])
    text = (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office">\n<head>\n<xml id=msodc>\n<odc:OfficeDataConnection>\n'
        '  <odc:Connection odc:Type="OLEDB">\n'
        f"   <odc:ConnectionString>Provider=SQLOLEDB.1;Password={pw};Persist Security Info=True;User ID={user()};Initial Catalog=sales;Data Source={host()}</odc:ConnectionString>\n"
        "  </odc:Connection>\n</odc:OfficeDataConnection>\n</xml>\n</head>\n</html>\n"
    )
    return item(text, [("oledb-password", pw)], fmt="xml", name="Sales.odc")


# ---------------------------------------------------------------- kind: otp-recovery-secrets


def otp_recovery_secrets(is_clean):
    """One-time-password seeds and recovery codes: `otpauth://`, `oathtool`, `.google_authenticator`, `ykman oath`, pyotp."""
    if is_clean:
        form = deal("otp/clean", 5)
        if form == 0:
            text = "import pyotp\n\n# the example from pyotp's README\ntotp = pyotp.TOTP('base32secret3232')\nprint(totp.now())\n"
            return clean(text, fmt="py", name="examples/totp_demo.py")
        if form == 1:
            text = "".join(
                f"2026-05-04T10:{R.randint(10, 59)}:{R.randint(10, 59)}Z auth: user={user()} totp={R.randint(100000, 999999)} result=ok\n"
                for _ in range(3)
            )
            return clean(text, name="auth.log")
        if form == 2:
            text = f"HiddenServiceDir /var/lib/tor/app/\nHiddenServicePort 80 127.0.0.1:8080\n# address: {rs(56, LOWER + '234567')}.onion\n"
            return clean(text, name="torrc")
        if form == 3:
            return clean(
                env_file([("TOTP_SECRET", "${TOTP_SECRET}"), ("OTP_URI", "otpauth://totp/Corp:alice?secret=JBSWY3DPEHPK3PXP&issuer=Corp")]),
                fmt="env",
                name=".env.example",
            )
        text = "Recovery codes for corp-deploy (GitHub)\n\nxxxxx-xxxxx\nxxxxx-xxxxx\n\nStored in the vault item 'GitHub corp-deploy 2FA'.\n"
        return clean(text, name="RECOVERY.md")
    form = deal("otp/secret", 6)
    seed = rs(32, B32)
    if form == 0:
        uri = f"otpauth://totp/Corp:{user()}%40corp.example?secret={seed}&issuer=Corp&algorithm=SHA1&digits=6&period=30"
        return item(f"# deploy account MFA\n{uri}\n", [("totp-seed", seed)], name="mfa/deploy.txt")
    if form == 1:
        return cmd(f"oathtool --totp -b {seed} | ssh bastion.corp.example 'read code; vpn-login --otp $code'", [("totp-seed", seed)])
    if form == 2:
        s = rs(26, B32)
        codes = [str(R.randint(10_000_000, 99_999_999)) for _ in range(2)]
        text = f'{s}\n" RATE_LIMIT 3 30\n" WINDOW_SIZE 17\n" DISALLOW_REUSE\n" TOTP_AUTH\n' + "".join(c + "\n" for c in codes)
        return item(text, [("totp-seed", s), ("scratch-code", codes[0]), ("scratch-code", codes[1])], name=".google_authenticator")
    if form == 3:
        return cmd(f"ykman oath accounts add --touch -o TOTP Corp:{user()} {seed}", [("totp-seed", seed)])
    if form == 4:
        text = f"import pyotp\n\nTOTP = pyotp.TOTP('{seed}')\n\n\ndef current_code():\n    return TOTP.now()\n"
        return item(text, [("totp-seed", seed)], fmt="py", name="ops/mfa.py")
    codes = [f"{rs(5, HEX)}-{rs(5, HEX)}" for _ in range(3)]
    text = "GitHub recovery codes for corp-deploy (unused)\n\n" + "".join(c + "\n" for c in codes)
    return item(text, [("recovery-code", c) for c in codes], name="github-recovery-codes.txt")


# ---------------------------------------------------------------- kind: webhook-signing-secrets


def webhook_signing_secrets(is_clean):
    """Webhook signing secrets: HMAC keys in code (Python, Node, Ruby, Go), Svix `whsec_`, Slack, Zoom, Linear `lin_wh_`."""
    if is_clean:
        form = deal("sign/clean", 5)
        if form == 0:
            text = f"POST /hooks/github HTTP/1.1\nX-GitHub-Event: push\nX-GitHub-Delivery: {uuid4()}\nX-Hub-Signature-256: sha256={rs(64, HEX)}\n"
            return clean(text, name="delivery.txt")
        if form == 1:
            text = (
                "import hashlib\nimport hmac\nimport os\n\n\ndef verify(body, signature):\n"
                '    mac = hmac.new(os.environb[b"WEBHOOK_SECRET"], body, hashlib.sha256)\n'
                '    return hmac.compare_digest("sha256=" + mac.hexdigest(), signature)\n'
            )
            return clean(text, fmt="py", name="hooks/verify.py")
        if form == 2:
            text = f"svix-id: msg_{rs(27)}\nsvix-timestamp: {ts_epoch()}\nsvix-signature: v1,{b64(rbytes(32))}\n"
            return clean(text, name="headers.txt")
        if form == 3:
            return clean(
                env_file([("SVIX_WEBHOOK_SECRET", "whsec_..."), ("SLACK_SIGNING_SECRET", "<signing-secret>")]), fmt="env", name=".env.example"
            )
        text = f"X-Slack-Request-Timestamp: {ts_epoch()}\nX-Slack-Signature: v0={rs(64, HEX)}\n"
        return clean(text, name="slack-headers.txt")
    form = deal("sign/secret", 7)
    if form == 0:
        s = rs(40, HEX)
        text = (
            "import hashlib\nimport hmac\n\n\ndef verify(body, signature):\n"
            f'    mac = hmac.new(b"{s}", body, hashlib.sha256)\n'
            '    return hmac.compare_digest("sha256=" + mac.hexdigest(), signature)\n'
        )
        return item(text, [("hmac-secret", s)], fmt="py", name="hooks/verify.py")
    if form == 1:
        s = "whsec_" + b64(rbytes(24))
        text = f'import {{ Webhook }} from "svix";\n\nconst wh = new Webhook("{s}");\nexport const verify = (payload, headers) => wh.verify(payload, headers);\n'
        return item(text, [("svix-signing-secret", s)], fmt="js", name="src/webhooks.ts")
    if form == 2:
        s = rs(32, HEX)
        return item(
            env_file([("SLACK_SIGNING_SECRET", s), ("SLACK_APP_ID", "A0" + rs(9, UPPER + DIGITS))]),
            [("slack-signing-secret", s)],
            fmt="env",
            name=".env",
        )
    if form == 3:
        s = rs(22, URLSAFE)
        return item(env_file([("ZOOM_WEBHOOK_SECRET_TOKEN", s)]), [("zoom-webhook-secret", s)], fmt="env", name=".env")
    if form == 4:
        s = rs(64, HEX)
        text = f"const crypto = require('crypto')\n\nfunction sign(body) {{\n  return crypto.createHmac('sha256', '{s}').update(body).digest('hex')\n}}\n"
        return item(text, [("hmac-secret", s)], fmt="js", name="lib/sign.js")
    if form == 5:
        s = "lin_wh_" + rs(40)
        return cmd(f"LINEAR_WEBHOOK_SECRET={s} node scripts/replay-webhook.js fixtures/issue-created.json", [("linear-webhook-secret", s)])
    s = rs(32)
    text = f'package hooks\n\nimport (\n\t"crypto/hmac"\n\t"crypto/sha256"\n)\n\nvar key = []byte("{s}")\n\nfunc Sign(b []byte) []byte {{\n\tm := hmac.New(sha256.New, key)\n\tm.Write(b)\n\treturn m.Sum(nil)\n}}\n'
    return item(text, [("hmac-secret", s)], fmt="go", name="hooks/sign.go")


# ---------------------------------------------------------------- kind: package-publish-tokens (held out)


def package_publish_tokens(is_clean):
    """Publishing tokens: PyPI, RubyGems, NuGet, crates.io, VS Code Marketplace / Open VSX, JetBrains, Hex."""
    if is_clean:
        form = deal("pub/clean", 5)
        if form == 0:
            return cmd('twine upload -u __token__ -p "$PYPI_API_TOKEN" dist/*', [])
        if form == 1:
            text = (
                "jobs:\n  publish:\n    runs-on: ubuntu-latest\n    environment: pypi\n    permissions:\n      id-token: write\n"
                "    steps:\n      - uses: actions/download-artifact@v4\n      - uses: pypa/gh-action-pypi-publish@release/v1\n"
            )
            return clean(text, fmt="yaml", name=".github/workflows/publish.yml")
        if form == 2:
            return clean("[pypi]\nusername = __token__\npassword = <your-pypi-token>\n", fmt="ini", name=".pypirc")
        if form == 3:
            text = "".join(f"corp_lib-2.{R.randint(0, 9)}.{R.randint(0, 9)}-py3-none-any.whl --hash=sha256:{rs(64, HEX)}\n" for _ in range(2))
            return clean(text, name="requirements.lock")
        return cmd("dotnet nuget push bin/Release/Corp.Core.2.4.1.nupkg -k %NUGET_API_KEY% -s https://api.nuget.org/v3/index.json", [])
    form = deal("pub/secret", 7)
    if form == 0:
        t = "pypi-AgEIcHlwaS5vcmcCJD" + b64url(uuid4().encode()) + b64url(rbytes(R.randint(90, 120)))
        f = deal("pub/pypi", 3)
        if f == 0:
            return cmd(f"twine upload -u __token__ -p {t} dist/*", [("pypi-token", t)])
        if f == 1:
            return cmd(f"uv publish --token {t}", [("pypi-token", t)])
        return item(env_file([("POETRY_PYPI_TOKEN_PYPI", t)]), [("pypi-token", t)], fmt="env", name=".env")
    if form == 1:
        t = "rubygems_" + rs(48, HEX)
        return cmd(f"GEM_HOST_API_KEY={t} gem push corp-client-2.4.1.gem", [("rubygems-api-key", t)])
    if form == 2:
        t = "oy2" + rs(43, LOWER + DIGITS)
        return cmd(f"dotnet nuget push bin/Release/Corp.Core.2.4.1.nupkg -k {t} -s https://api.nuget.org/v3/index.json", [("nuget-api-key", t)])
    if form == 3:
        t = "cio" + rs(32)
        if R.random() < 0.5:
            return cmd(f"cargo publish --token {t} -p corp-core", [("crates-io-token", t)])
        return item(env_file([("CARGO_REGISTRY_TOKEN", t)]), [("crates-io-token", t)], fmt="env", name=".env")
    if form == 4:
        if R.random() < 0.5:
            t = rs(52, LOWER + "234567")
            return cmd(f"npx @vscode/vsce publish -p {t} --packagePath corp-tools-1.8.0.vsix", [("vsce-pat", t)])
        t = uuid4()
        return cmd(f"npx ovsx publish corp-tools-1.8.0.vsix -p {t}", [("ovsx-token", t)])
    if form == 5:
        t = f"perm:{b64(b'corp-ci').rstrip('=')}.{b64(str(R.randint(10, 99)).encode() + b'-' + str(R.randint(1000, 99999)).encode())}.{rs(30)}"
        return item(
            env_file([("PUBLISH_TOKEN", t), ("CERTIFICATE_CHAIN", "file:chain.crt")]), [("jetbrains-marketplace-token", t)], fmt="env", name=".env"
        )
    t = rs(32, HEX)
    return cmd(f"HEX_API_KEY={t} mix hex.publish --yes", [("hex-api-key", t)])


# ---------------------------------------------------------------- kind: crm-support-keys (held out)


def crm_support_keys(is_clean):
    """CRM and support-desk keys: Zendesk, Freshdesk, Intercom, Pipedrive, Zoho, Salesforce."""
    if is_clean:
        form = deal("crm/clean", 5)
        if form == 0:
            doc = {
                "ticket": {
                    "id": R.randint(10_000, 99_999),
                    "requester_id": R.randint(10**11, 10**12),
                    "status": "open",
                    "subject": "Invoice question",
                }
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="ticket.json")
        if form == 1:
            org = "00D" + rs(12, ALNUM)
            text = f"Org: {org}\nAccount: 001{rs(15, ALNUM)}\nOpportunity: 006{rs(12, ALNUM)}\n"
            return clean(text, name="sf-ids.txt")
        if form == 2:
            return cmd('curl -s -u "$FRESHDESK_API_KEY:X" https://corp.freshdesk.com/api/v2/tickets?per_page=5', [])
        if form == 3:
            text = f'<script>\n  window.intercomSettings = {{ api_base: "https://api-iam.intercom.io", app_id: "{rs(8, LOWER + DIGITS)}" }};\n</script>\n'
            return clean(text, fmt="html", name="web/intercom.html")
        return clean(
            env_file([("PIPEDRIVE_API_TOKEN", "${PIPEDRIVE_API_TOKEN}"), ("ZOHO_CLIENT_ID", "1000." + rs(30, UPPER + DIGITS))]),
            fmt="env",
            name=".env.example",
        )
    form = deal("crm/secret", 6)
    if form == 0:
        t = rs(40)
        return cmd(f"curl -s https://corp.zendesk.com/api/v2/tickets.json -u agent@corp.example/token:{t}", [("zendesk-api-token", t)])
    if form == 1:
        k = rs(20)
        return cmd(f"curl -s -u {k}:X -H 'Content-Type: application/json' https://corp.freshdesk.com/api/v2/tickets", [("freshdesk-api-key", k)])
    if form == 2:
        t = b64(f"tok:{rs(8, HEX)}_{rs(4, HEX)}_{rs(4, HEX)}_{rs(4, HEX)}_{rs(12, HEX)}:1:0".encode())
        return item(env_file([("INTERCOM_ACCESS_TOKEN", t)]), [("intercom-access-token", t)], fmt="env", name=".env")
    if form == 3:
        t = rs(40, HEX)
        return cmd(f"curl -s 'https://corp.pipedrive.com/api/v1/deals?status=open&api_token={t}'", [("pipedrive-api-token", t)])
    if form == 4:
        rt, cs = f"1000.{rs(32, HEX)}.{rs(32, HEX)}", rs(42, HEX)
        text = env_file([("ZOHO_CLIENT_ID", "1000." + rs(30, UPPER + DIGITS)), ("ZOHO_CLIENT_SECRET", cs), ("ZOHO_REFRESH_TOKEN", rt)])
        return item(text, [("zoho-client-secret", cs), ("zoho-refresh-token", rt)], fmt="env", name=".env")
    t = f"00D{rs(12, ALNUM)}!{rs(96, ALNUM + '._')}"
    if R.random() < 0.5:
        return item(
            env_file([("SF_INSTANCE_URL", "https://corp.my.salesforce.com"), ("SF_ACCESS_TOKEN", t)]),
            [("salesforce-session-id", t)],
            fmt="env",
            name=".env",
        )
    return cmd(f"curl -s https://corp.my.salesforce.com/services/data/v61.0/limits -H 'Authorization: Bearer {t}'", [("salesforce-session-id", t)])


KINDS = {
    "artifact-registry-tokens": artifact_registry_tokens,
    "ci-quality-tokens": ci_quality_tokens,
    "collab-webhooks": collab_webhooks,
    "odbc-dsn-creds": odbc_dsn_creds,
    "otp-recovery-secrets": otp_recovery_secrets,
    "webhook-signing-secrets": webhook_signing_secrets,
    "package-publish-tokens": package_publish_tokens,
    "crm-support-keys": crm_support_keys,
}


# ---------------------------------------------------------------- contexts
# Each context: render(item) -> (scope, tool, payload, piecer), piecer(atom) -> the atom's pieces as the context shows it.


def dq(s):
    """A double-quoted string as YAML, JSON, Rust and Go print it."""
    return json.dumps(s, ensure_ascii=False)


# -- powershell-env


def powershell_env(it):
    """PowerShell: env values set as `$env:K = '…'` in a `powershell` call or listed by `Get-ChildItem env:`
    (CRLF, padded columns); a command through `wsl -e sh -c '…'`; a file written by a here-string or read by `Get-Content`."""
    pairs = env_pairs(it)
    if pairs is not None:
        if R.random() < 0.5:
            script = (
                "\n".join(f"$env:{k} = '{v}'" for k, v in pairs)
                + "\n"
                + pick(".\\scripts\\deploy.ps1", "npm run start", "dotnet run --project .\\src\\Api")
            )
            return "args", "powershell", json.dumps({"command": script}), whole
        rows = [("ALLUSERSPROFILE", "C:\\ProgramData"), *pairs, ("USERNAME", "deploy"), ("windir", "C:\\WINDOWS")]
        w = max(len(k) for k, _ in rows) + 1
        out = [
            "PS C:\\src\\app> Get-ChildItem env: | Format-Table -AutoSize | Out-String -Width 4096",
            "",
            "Name".ljust(w) + "Value",
            "----".ljust(w) + "-----",
        ]
        out += [k.ljust(w) + v for k, v in rows]
        return "result", "powershell", "\r\n".join(out) + "\r\n\r\n", whole
    if it["shape"] == "cmd":
        script = "wsl.exe -e sh -c '" + it["text"].replace("'", "''") + "'"
        return "args", "powershell", json.dumps({"command": script}), whole
    if R.random() < 0.5:
        script = f"Set-Content -Path .\\{base_name(it)} -Encoding utf8 -Value @'\n{it['text'].rstrip(chr(10))}\n'@"
        return "args", "powershell", json.dumps({"command": script}), whole
    out = [f"PS C:\\src\\app> Get-Content .\\{it['name'].replace('/', chr(92))}", *file_lines(it["text"])]
    return "result", "powershell", "\r\n".join(out) + "\r\n", whole


# -- helm-get-values


def helm_get_values(it):
    """`helm get values` (`USER-SUPPLIED VALUES:`, or `COMPUTED VALUES:` with `--all`): env values as `env:` or
    `extraEnv:` entries, a file as a block scalar under `files:`, a command as a CronJob's `command` list."""
    pairs = env_pairs(it)
    rel, ns = pick("api", "worker", "billing"), pick("prod", "apps", "corp")
    all_ = R.random() < 0.3
    out = [f"$ helm get values {rel} -n {ns}" + (" --all" if all_ else ""), "COMPUTED VALUES:" if all_ else "USER-SUPPLIED VALUES:"]
    out += ["image:", f"  repository: registry.corp.example/{rel}", f"  tag: 2.{R.randint(0, 20)}.{R.randint(0, 9)}"]
    if all_:
        out += ["replicaCount: 2", "resources:", "  limits:", "    memory: 512Mi"]
    if pairs is not None:
        if R.random() < 0.5:
            out += ["env:", *[f"  {k}: {dq(v)}" for k, v in pairs]]
        else:
            out.append("extraEnv:")
            for k, v in pairs:
                out += [f"- name: {k}", f"  value: {dq(v)}"]
    elif it["shape"] == "cmd":
        out += [
            "cronjob:",
            f"  schedule: {dq(pick('0 3 * * *', '*/30 * * * *'))}",
            "  command:",
            "  - /bin/sh",
            "  - -c",
            "  - |",
            "    " + it["text"],
        ]
    else:
        out += ["files:", f"  {base_name(it)}: |", indent(it["text"], 4).rstrip("\n")]
    return "result", "terminal", "\n".join(out) + "\n", whole


# -- cfn-template


def cfn_template(it):
    """An infrastructure template written or read back: CloudFormation YAML / JSON (a Lambda's `Environment`, an SSM
    parameter's `Value`, an instance's `UserData`) or Bicep (app settings, a script or a Key Vault secret's value in a
    `'''` string)."""
    pairs = env_pairs(it)
    style = pick("yaml", "json", "bicep")
    path = "infra/stack." + {"yaml": "yaml", "json": "json", "bicep": "bicep"}[style]
    if style == "bicep":
        if pairs is not None:
            props = "".join(f"    {k}: '{v}'\n" for k, v in pairs)
            text = f"param siteName string = 'corp-api'\n\nresource appSettings 'Microsoft.Web/sites/config@2022-03-01' = {{\n  name: '${{siteName}}/appsettings'\n  properties: {{\n{props}  }}\n}}\n"
        elif it["shape"] == "cmd":
            text = (
                "param vmName string = 'build-01'\n\nvar setupScript = '''\n" + script_text(it) + "'''\n\n"
                "resource ext 'Microsoft.Compute/virtualMachines/extensions@2023-03-01' = {\n  name: '${vmName}/setup'\n"
                "  properties: {\n    publisher: 'Microsoft.Azure.Extensions'\n    type: 'CustomScript'\n    protectedSettings: {\n"
                "      script: base64(setupScript)\n    }\n  }\n}\n"
            )
        else:
            secret_name = base_name(it).strip(".").replace(".", "-").replace("_", "-")
            text = (
                "param vaultName string = 'corp-kv'\n\nvar configText = '''\n" + it["text"] + "'''\n\n"
                f"resource cfg 'Microsoft.KeyVault/vaults/secrets@2023-07-01' = {{\n  name: '${{vaultName}}/{secret_name}'\n"
                "  properties: {\n    value: configText\n    contentType: 'text/plain'\n  }\n}\n"
            )
    elif pairs is not None:
        fn = {
            "Type": "AWS::Lambda::Function",
            "Properties": {
                "Runtime": "python3.12",
                "Handler": "app.handler",
                "Role": {"Fn::GetAtt": ["FnRole", "Arn"]},
                "Environment": {"Variables": dict(pairs)},
            },
        }
        if style == "json":
            text = json.dumps({"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"ApiFunction": fn}}, indent=2) + "\n"
        else:
            env_lines = "".join(f"          {k}: {dq(v)}\n" for k, v in pairs)
            text = (
                "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  ApiFunction:\n    Type: AWS::Lambda::Function\n    Properties:\n"
                "      Runtime: python3.12\n      Handler: app.handler\n      Role: !GetAtt FnRole.Arn\n      Environment:\n        Variables:\n"
                + env_lines
            )
    elif style == "json":
        if it["shape"] == "cmd":
            res = {
                "Type": "AWS::EC2::Instance",
                "Properties": {
                    "ImageId": "ami-" + rs(17, HEX),
                    "UserData": {"Fn::Base64": {"Fn::Join": ["\n", ["#!/bin/bash", "set -eu", it["text"]]]}},
                },
            }
        else:
            res = {"Type": "AWS::SSM::Parameter", "Properties": {"Name": "/corp/api/" + base_name(it), "Type": "String", "Value": it["text"]}}
        text = json.dumps({"AWSTemplateFormatVersion": "2010-09-09", "Resources": {"Main": res}}, indent=2) + "\n"
    elif it["shape"] == "cmd":
        text = (
            "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  Builder:\n    Type: AWS::EC2::Instance\n    Properties:\n"
            f"      ImageId: ami-{rs(17, HEX)}\n      UserData:\n        Fn::Base64: |\n          #!/bin/bash\n          set -eu\n          {it['text']}\n"
        )
    else:
        text = (
            "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  ConfigParam:\n    Type: AWS::SSM::Parameter\n    Properties:\n"
            f"      Name: /corp/api/{base_name(it)}\n      Type: String\n      Value: |\n" + indent(it["text"], 8)
        )
    if R.random() < 0.5:
        return "args", "write_file", json.dumps({"path": path, "content": text}), whole
    return "result", "read_file", text, whole


# -- debug-print


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def debug_print(it):
    """A program's debug print of the struct holding the item: Rust `{:#?}` (escaped strings), Go `%+v` (raw
    strings, maps sorted), Java `toString()` (Lombok style); in a log line or on its own."""
    pairs = env_pairs(it)
    lang = pick("rust", "go", "java")
    if pairs is not None:
        if lang == "rust":
            body = (
                "Settings {\n    env: {\n"
                + "".join(f"        {rust_str(k)}: {rust_str(v)},\n" for k, v in pairs)
                + '    },\n    path: "/srv/app/.env",\n}'
            )
        elif lang == "go":
            body = "&{Env:map[" + " ".join(f"{k}:{v}" for k, v in sorted(pairs)) + "] Path:/srv/app/.env Reload:true}"
        else:
            body = "AppSettings(env={" + ", ".join(f"{k}={v}" for k, v in pairs) + "}, path=/srv/app/.env)"
    elif it["shape"] == "cmd":
        if lang == "rust":
            body = f"Job {{\n    id: {R.randint(1, 900)},\n    command: {rust_str(it['text'])},\n    retries: 3,\n}}"
        elif lang == "go":
            body = f"{{ID:{R.randint(1, 900)} Command:{it['text']} Retries:3}}"
        else:
            body = f"Job(id={R.randint(1, 900)}, command={it['text']}, retries=3)"
    elif lang == "rust":
        body = f"ConfigFile {{\n    path: {rust_str(it['name'])},\n    content: {rust_str(it['text'])},\n}}"
    elif lang == "go":
        body = f"&{{Path:{it['name']} Content:{it['text']} Mode:420}}"
    else:
        body = f"ConfigFile(path={it['name']}, content={it['text']})"
    text = f"2026-05-04T10:{R.randint(10, 59)}:{R.randint(10, 59)}Z DEBUG loaded: {body}\n" if R.random() < 0.5 else body + "\n"
    prog = {"rust": "cargo run -q --bin sync", "go": "go run ./cmd/sync", "java": "java -jar sync.jar"}[lang]
    return "result", "terminal", f"$ {prog} --debug\n{text}", whole


# -- graphql-vars


def graphql_vars(it):
    """A GraphQL request the agent sends: env values as a mutation's variable list, a file as a commit's content,
    a command as a job's script; as a `graphql_request` call or a raw `http_request` body."""
    pairs = env_pairs(it)
    if pairs is not None:
        query = "mutation SetVars($input: [VariableInput!]!) { variablesSet(input: $input) { errors } }"
        variables = {"input": [{"key": k, "value": v, "masked": True, "environment": "production"} for k, v in pairs]}
        op = "SetVars"
    elif it["shape"] == "cmd":
        query = "mutation RunJob($input: JobInput!) { jobCreate(input: $input) { job { id } } }"
        variables = {"input": {"projectPath": "corp/api", "script": it["text"], "runner": pick("linux", "build-02")}}
        op = "RunJob"
    else:
        query = "mutation Commit($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid } } }"
        variables = {
            "input": {
                "branch": {"repositoryNameWithOwner": "corp/api", "branchName": "main"},
                "expectedHeadOid": sha1hex(),
                "message": {"headline": f"Update {base_name(it)}"},
                "fileChanges": {"additions": [{"path": it["name"], "contents": it["text"]}]},
            }
        }
        op = "Commit"
    if R.random() < 0.5:
        return (
            "args",
            "graphql_request",
            json.dumps({"endpoint": "https://api.corp.example/graphql", "query": query, "variables": variables, "operationName": op}),
            whole,
        )
    body = json.dumps({"operationName": op, "query": query, "variables": variables})
    args = {"method": "POST", "url": "https://api.corp.example/graphql", "headers": {"Content-Type": "application/json"}, "body": body}
    return "args", "http_request", json.dumps(args), whole


# -- mitmproxy-flow (held out)


def mitmproxy_flow(it):
    """`mitmdump --flow-detail 3`: the request line, its headers and body indented; env values as a URL-encoded form
    (shown decoded, `key: value`) or a JSON body, a command in a JSON body, a file as a text `PUT`."""
    pairs = env_pairs(it)
    client = f"10.0.{R.randint(0, 9)}.{R.randint(2, 250)}:{R.randint(40000, 60000)}"
    head = f"$ mitmdump -nr flows/{pick('session', 'capture', 'debug')}.mitm --flow-detail 3"
    hdr = ["    Host: ops.corp.example", "    User-Agent: python-requests/2.32.3", "    Accept: */*"]
    if pairs is not None and R.random() < 0.5:
        form = urllib.parse.urlencode(pairs)
        w = max(len(k) for k, _ in pairs) + 1
        lines = [
            f"{client}: POST https://ops.corp.example/settings/env",
            *hdr,
            "    Content-Type: application/x-www-form-urlencoded",
            f"    Content-Length: {len(form)}",
        ]
        lines += ["    URLEncoded form", *[f"    {(k + ':').ljust(w + 1)}{v}" for k, v in pairs]]
    elif pairs is not None or it["shape"] == "cmd":
        doc = dict(pairs) if pairs is not None else {"command": it["text"], "timeout": 600}
        body = json.dumps(doc, indent=4)
        lines = [
            f"{client}: POST https://ops.corp.example/api/v1/{'env' if pairs is not None else 'exec'}",
            *hdr,
            "    Content-Type: application/json",
        ]
        lines += ["    JSON", *["    " + ln for ln in body.split("\n")]]
    else:
        lines = [f"{client}: PUT https://ops.corp.example/api/v1/files/{base_name(it)}", *hdr, "    Content-Type: text/plain; charset=utf-8"]
        lines += ["    Raw", *["    " + ln for ln in file_lines(it["text"])]]
    lines += ["", f" << {pick('200 OK', '204 No Content', '201 Created')} {R.randint(0, 900)}b", f"    x-request-id: {uuid4()}"]
    return "result", "terminal", head + "\n" + "\n".join(lines) + "\n", whole


# -- plist-xml (held out)


def plist_string(s):
    return "<string>" + xml_escape(s) + "</string>"


def plist_xml(it):
    """A property list written or read back (XML escapes): env values as a launchd job's `EnvironmentVariables`, a
    command as its `ProgramArguments`, a file as a `.mobileconfig` payload's `Content` string."""
    pairs = env_pairs(it)
    label = pick("com.corp.sync", "com.corp.agent", "example.corp.backup")
    head = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n'
    if pairs is not None:
        env = "".join(f"\t\t<key>{k}</key>\n\t\t{plist_string(v)}\n" for k, v in pairs)
        body = (
            f"\t<key>Label</key>\n\t<string>{label}</string>\n\t<key>EnvironmentVariables</key>\n\t<dict>\n{env}\t</dict>\n"
            "\t<key>ProgramArguments</key>\n\t<array>\n\t\t<string>/usr/local/bin/corp-sync</string>\n\t</array>\n"
        )
        path = f"Library/LaunchAgents/{label}.plist"
    elif it["shape"] == "cmd":
        args = "".join(f"\t\t{plist_string(a)}\n" for a in ["/bin/sh", "-c", it["text"]])
        body = f"\t<key>Label</key>\n\t<string>{label}</string>\n\t<key>ProgramArguments</key>\n\t<array>\n{args}\t</array>\n\t<key>StartInterval</key>\n\t<integer>3600</integer>\n"
        path = f"Library/LaunchAgents/{label}.plist"
    else:
        body = (
            "\t<key>PayloadContent</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>PayloadType</key>\n\t\t\t<string>com.corp.config</string>\n"
            f"\t\t\t<key>FileName</key>\n\t\t\t<string>{xml_escape(base_name(it))}</string>\n\t\t\t<key>Content</key>\n\t\t\t{plist_string(it['text'])}\n"
            f"\t\t</dict>\n\t</array>\n\t<key>PayloadIdentifier</key>\n\t<string>{label}</string>\n\t<key>PayloadUUID</key>\n\t<string>{uuid4().upper()}</string>\n"
        )
        path = "profiles/corp-config.mobileconfig"
    text = head + body + "</dict>\n</plist>\n"
    piecer = lambda a: [xml_escape(a)]  # noqa: E731
    if R.random() < 0.5:
        return "args", "write_file", json.dumps({"path": path, "content": text}), piecer
    return "result", "read_file", text, piecer


# -- secret-b64-data (held out)


def secret_b64_data(it):
    """`kubectl get secret -o yaml` / `-o json`: each env value base64 under `data`, a file (or a command's script)
    as one key's base64; the piece is the run of base64 that encodes only the credential."""
    pairs = env_pairs(it)
    name, ns = pick("api-env", "worker-config", "billing-secrets"), pick("prod", "apps")
    if pairs is not None:
        data = {k: b64(v.encode()) for k, v in sorted(pairs)}
        blobs = [v.encode() for _, v in pairs]
    else:
        key = base_name(it) if it["shape"] == "file" else "run.sh"
        blob = script_text(it).encode()
        data, blobs = {key: b64(blob)}, [blob]
    meta = {
        "name": name,
        "namespace": ns,
        "uid": uuid4(),
        "resourceVersion": str(R.randint(10**6, 10**8)),
        "creationTimestamp": "2026-05-04T10:11:12Z",
    }
    if R.random() < 0.5:
        doc = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque", "metadata": meta, "data": data}
        text = json.dumps(doc, indent=4) + "\n"
        flag = "json"
    else:
        text = "apiVersion: v1\ndata:\n" + "".join(f"  {k}: {v}\n" for k, v in data.items()) + "kind: Secret\nmetadata:\n"
        text += "".join(f"  {k}: {v if k in ('name', 'namespace', 'uid') else dq(v)}\n" for k, v in sorted(meta.items())) + "type: Opaque\n"
        flag = "yaml"

    def piecer(a):
        out = []
        for blob in blobs:
            out += b64_runs(blob, a)
        return list(dict.fromkeys(out))

    return "result", "terminal", f"$ kubectl get secret {name} -n {ns} -o {flag}\n{text}", piecer


CONTEXTS = {
    # dev
    "powershell-env": powershell_env,
    "helm-get-values": helm_get_values,
    "cfn-template": cfn_template,
    "debug-print": debug_print,
    "graphql-vars": graphql_vars,
    # held out
    "mitmproxy-flow": mitmproxy_flow,
    "plist-xml": plist_xml,
    "secret-b64-data": secret_b64_data,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r10", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
