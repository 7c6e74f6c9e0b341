"""Round 24 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 23 have been read, measured or worked on, or written. Round 24 was written blind, like
rounds 5 to 23: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL field names only), never
the rules nor anything else under `engine/`, and never ran the engine on this round while writing it.

This round leans towards what agents' tools print: reprs and debug logs of SDK objects, build and
infrastructure DSLs, secret-manager reveals, hand-over notes in chat and ticket markup, values split
or wrapped by the code holding them; through framings of agent tooling (MCP server logs, debugger
sessions, structured loggers, task queues, experiment trackers, agent traces, XML-RPC / SOAP, CI
workflow commands).

Kind families and context families: see `SPLIT.md`, round 24. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round24.py     # rewrites round24.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
from pathlib import Path
from urllib.parse import quote

from blind_round import (
    ALNUM,
    DIGITS,
    HEX,
    LOWER,
    UPPER,
    URLSAFE,
    R,
    b64,
    clean,
    cmd,
    cmd_clean,
    deal,
    digits,
    env,
    env_pairs,
    file_lines,
    half,
    item,
    item_path,
    password,
    pick,
    rbytes,
    rs,
    sha1hex,
    shq,
    uuid4,
    write_round,
)

SEED = 2750
OUT = Path(__file__).with_name("round24.jsonl")

HELD_OUT_KINDS = {"split-wrapped-values", "powershell-credential-mistakes"}
HELD_OUT_CONTEXTS = {"agent-trace-export", "xmlrpc-soap", "gha-workflow-commands"}

# Characters no value of this round holds: Python and JS reprs, JSON strings, XML text, workflow-command data,
# YAML double-quoted strings and the markups the kinds stand in would change them or end the value.
CHANGED = set("\"'\\\n\t$`&<>%|#{}*")


# ---------------------------------------------------------------- helpers


def pw(excl=""):
    """A password as `blind_round.password()` makes them; a character this round's contexts (or the form it stands
    in, `excl`) would change is replaced by a letter or digit."""
    bad = CHANGED | set(excl)
    return "".join(R.choice(ALNUM) if c in bad else c for c in password())


def token(n=None):
    return rs(n or R.choice([32, 40, 48]), ALNUM)


def sha256hex():
    return rs(64, HEX)


def openai_key():
    return "sk-proj-" + rs(R.choice([48, 64]), URLSAFE) + "T3BlbkFJ" + rs(R.choice([48, 64]), URLSAFE)


def anthropic_key():
    return "sk-ant-api03-" + rs(93, URLSAFE) + "AA"


def github_pat():
    return pick("ghp_", "gho_") + rs(36, ALNUM)


def stripe_key():
    return pick("sk_live_", "rk_live_") + rs(R.choice([24, 32, 99]), ALNUM)


def slack_bot():
    return f"xoxb-{digits(12)}-{digits(13)}-{rs(24, ALNUM)}"


def aws_pair():
    return "AKIA" + rs(16, UPPER + "234567"), rs(40, ALNUM + "+/")


def provider_key():
    return pick(openai_key, anthropic_key, github_pat, stripe_key, slack_bot, token)()


def ts_iso(sec=None):
    """An ISO timestamp on the round's day; `sec` (seconds since midnight, may be fractional) or a random one."""
    sec = R.randint(30000, 80000) + R.random() if sec is None else sec
    whole, us = int(sec), int((sec % 1) * 1_000_000)
    return f"2026-12-07T{whole // 3600:02d}:{whole // 60 % 60:02d}:{whole % 60:02d}.{us:06d}Z"


def host():
    return pick("db.internal", "pg-main.corp.example", "10.4.2.17", "mysql-01.prod.corp.example")


# ---------------------------------------------------------------- kind: sdk-object-reprs


def sdk_object_reprs(is_clean):
    """What `repr()` / `console.log` / `inspect` print of objects holding a key: pydantic-settings `Settings(...)`
    with plain `str` fields, dataclass configs and `model_dump()` dicts, Node SDK clients, Ruby objects, Django's
    `DATABASES`, requests / httpx auth and headers, botocore's frozen credentials, Go's `oauth2.Token`."""
    name = pick("logs/debug-session.txt", "notes/repl-output.txt", "tmp/settings-dump.txt", "logs/worker-debug.log")
    if is_clean:
        form = deal("sdk/clean", 5)
        if form == 0:
            text = (
                ">>> from app.config import Settings\n>>> Settings()\n"
                f"Settings(app_name='{pick('billing', 'orders', 'ingest')}', debug=False, "
                "database_password=SecretStr('**********'), openai_api_key=SecretStr('**********'), "
                f"redis_url='redis://cache.internal:6379/0', workers={R.randint(2, 16)})\n"
                ">>> Settings().openai_api_key\nSecretStr('**********')\n"
            )
        elif form == 1:
            text = (
                ">>> engine\n"
                f"Engine(postgresql+psycopg://app:***@{host()}:5432/billing)\n"
                ">>> engine.url\n"
                f"postgresql+psycopg://app:***@{host()}:5432/billing\n"
                " -------------- celery@worker-1 v5.4.0 (opalescent)\n"
                "- ** ---------- .> transport:   amqp://guest:**@rabbitmq:5672//\n"
                "- ** ---------- .> results:     redis://cache.internal:6379/1\n"
            )
        elif form == 2:
            text = (
                ">>> cfg\n"
                f"ClientConfig(base_url='https://api.partner.example/v2', api_key=None, org_id='org-{rs(24, ALNUM)}', "
                f"timeout=30.0, last_request_id='{uuid4()}', schema_sha256='{sha256hex()}')\n"
            )
        elif form == 3:
            text = (
                "> console.log(client)\n"
                "OpenAI {\n"
                "  baseURL: 'https://api.openai.com/v1',\n"
                "  maxRetries: 2,\n"
                "  timeout: 600000,\n"
                "  apiKey: '[REDACTED]',\n"
                f"  organization: 'org-{rs(24, ALNUM)}',\n"
                f"  project: 'proj_{rs(24, ALNUM)}',\n"
                "  _options: { apiKey: '[REDACTED]' }\n"
                "}\n"
            )
        else:
            text = (
                ">>> boto3.Session(profile_name='docs-example').get_credentials().get_frozen_credentials()\n"
                "ReadOnlyCredentials(access_key='AKIAIOSFODNN7EXAMPLE', "
                "secret_key='wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', token=None)\n"
                "# the documented example pair from the AWS docs, used by the moto tests\n"
            )
        return clean(text, fmt="text", name=name)
    form = deal("sdk/secret", 8)
    if form == 0:
        p, k = pw("@/:?"), openai_key()
        text = (
            ">>> from app.config import Settings\n>>> Settings()\n"
            f"Settings(app_name='billing', debug=False, database_url='postgresql://app:{p}@{host()}:5432/billing', "
            f"openai_api_key='{k}', redis_url='redis://cache.internal:6379/0')\n"
        )
        return item(text, [("db-password", p), ("openai-api-key", k)], fmt="text", name=name)
    if form == 1:
        k = provider_key()
        if half():
            text = f">>> cfg\nClientConfig(base_url='https://api.partner.example/v2', api_key='{k}', timeout=30.0, retries=3)\n"
        else:
            text = f">>> cfg.model_dump()\n{{'base_url': 'https://api.partner.example/v2', 'api_key': '{k}', 'timeout': 30.0, 'retries': 3}}\n"
        return item(text, [("api-key", k)], fmt="text", name=name)
    if form == 2:
        if half():
            k = openai_key()
            text = (
                "> console.log(client)\nOpenAI {\n  baseURL: 'https://api.openai.com/v1',\n  maxRetries: 2,\n  timeout: 600000,\n"
                f"  apiKey: '{k}',\n  organization: null,\n  project: null\n}}\n"
            )
            return item(text, [("openai-api-key", k)], fmt="text", name=name)
        k = stripe_key()
        text = (
            "> stripe\nStripe {\n  VERSION: '16.12.0',\n  on: [Function: bound addListener],\n"
            f"  _api: {{\n    auth: 'Bearer {k}',\n    host: 'api.stripe.com',\n    port: '443',\n    protocol: 'https',\n"
            "    basePath: '/v1/',\n    version: '2024-06-20'\n  }\n}\n"
        )
        return item(text, [("stripe-key", k)], fmt="text", name=name)
    if form == 3:
        if half():
            k = github_pat()
            text = (
                "irb(main):004> client\n"
                f'=> #<Octokit::Client:0x0000{rs(12, HEX)} @access_token="{k}", @api_endpoint="https://api.github.com/", '
                "@auto_paginate=true, @per_page=100>\n"
            )
            return item(text, [("github-token", k)], fmt="text", name=name)
        k = token(40)
        text = f'irb(main):002> Config.load\n=> #<struct Config endpoint="https://hooks.partner.example", api_token="{k}", retries=3>\n'
        return item(text, [("api-token", k)], fmt="text", name=name)
    if form == 4:
        p = pw()
        text = (
            ">>> from django.conf import settings\n>>> settings.DATABASES\n"
            f"{{'default': {{'ENGINE': 'django.db.backends.postgresql', 'NAME': 'app', 'USER': 'app', 'PASSWORD': '{p}', "
            f"'HOST': '{host()}', 'PORT': '5432', 'CONN_MAX_AGE': 60}}}}\n"
        )
        return item(text, [("django-db-password", p)], fmt="text", name=name)
    if form == 5:
        if half():
            p = pw()
            text = f">>> session.auth\n('svc-export', '{p}')\n>>> session.verify\nTrue\n"
            return item(text, [("basic-auth-password", p)], fmt="text", name=name)
        k = provider_key()
        text = (
            ">>> client.headers\n"
            f"Headers({{'host': 'api.partner.example', 'accept': '*/*', 'accept-encoding': 'gzip, deflate', "
            f"'connection': 'keep-alive', 'user-agent': 'python-httpx/0.27.0', 'authorization': 'Bearer {k}'}})\n"
        )
        return item(text, [("bearer-token", k)], fmt="text", name=name)
    if form == 6:
        ak, sk = aws_pair()
        text = (
            f">>> boto3.Session().get_credentials().get_frozen_credentials()\nReadOnlyCredentials(access_key='{ak}', secret_key='{sk}', token=None)\n"
        )
        return item(text, [("aws-secret-key", sk)], fmt="text", name=name)
    at = "ya29." + rs(120, URLSAFE)
    rt = "1//0" + rs(2, ALNUM) + rs(96, URLSAFE)
    text = f"token: &{{AccessToken:{at} TokenType:Bearer RefreshToken:{rt} Expiry:2026-12-07 11:{R.randint(10, 59)}:04.52 +0000 UTC raw:<nil>}}\n"
    return item(text, [("google-access-token", at), ("google-refresh-token", rt)], fmt="text", name=name)


# ---------------------------------------------------------------- kind: http-client-debug-logs


def http_client_debug_logs(is_clean):
    """Logged HTTP request objects: botocore's `DEBUG` request dicts, an axios error's `config.headers`, OkHttp's
    `HttpLoggingInterceptor`, Go's `httputil.DumpRequestOut`, Faraday's logger, `requests_toolbelt` dumps."""
    name = pick("logs/app.log", "logs/sync-debug.log", "var/log/worker.log", "tmp/http-debug.txt")
    if is_clean:
        form = deal("http/clean", 5)
        if form == 0:
            text = (
                f"{ts_iso()} DEBUG botocore.endpoint Making request for OperationModel(name=GetObject) with params: "
                "{'url_path': '/reports/daily.csv', 'query_string': {}, 'method': 'GET', 'headers': {'User-Agent': 'Boto3/1.35.0', "
                f"'X-Amz-Date': '20261207T101112Z', 'X-Amz-Content-SHA256': '{sha256hex()}', "
                "'Authorization': 'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20261207/eu-west-1/s3/aws4_request, "
                f"SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={sha256hex()}'}}}}\n"
            )
        elif form == 1:
            text = (
                "--> POST https://api.partner.example/v1/orders\n"
                "Content-Type: application/json; charset=UTF-8\n"
                "Content-Length: 58\n"
                "Authorization: ██\n"
                "X-Api-Key: ██\n"
                "--> END POST (58-byte body)\n"
                f"<-- 201 Created https://api.partner.example/v1/orders ({R.randint(40, 900)}ms)\n"
                f"X-Request-Id: {uuid4()}\n"
                f'ETag: "{rs(32, HEX)}"\n'
                "<-- END HTTP (112-byte body)\n"
            )
        elif form == 2:
            text = (
                "AxiosError: Request failed with status code 401\n"
                "    at settle (node_modules/axios/lib/core/settle.js:19:12)\n"
                "  config: {\n"
                "    headers: Object [AxiosHeaders] {\n"
                "      Accept: 'application/json, text/plain, */*',\n"
                "      Authorization: '[REDACTED]',\n"
                "      'User-Agent': 'axios/1.7.7'\n"
                "    },\n"
                "    method: 'get',\n"
                "    url: 'https://api.partner.example/v2/me'\n"
                "  },\n"
                f"  status: 401,\n  requestId: '{uuid4()}'\n"
            )
        elif form == 3:
            text = (
                "POST /oauth/token HTTP/1.1\r\nHost: auth.partner.example\r\nUser-Agent: Go-http-client/1.1\r\n"
                "Content-Length: 57\r\nAuthorization: Basic [REDACTED]\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                "Accept-Encoding: gzip\r\n\r\ngrant_type=client_credentials&scope=orders.read\n"
            )
        else:
            text = (
                f"I, [{ts_iso()} #{R.randint(1000, 9999)}]  INFO -- request: GET https://api.partner.example/v1/items\n"
                f'I, [{ts_iso()} #{R.randint(1000, 9999)}]  INFO -- request: User-Agent: "Faraday v2.12.0"\n'
                f'Authorization: "Token token=[FILTERED]"\n'
                f"I, [{ts_iso()} #{R.randint(1000, 9999)}]  INFO -- response: Status 200\n"
                f'X-Trace-Id: "{rs(32, HEX)}"\n'
            )
        return clean(text, fmt="log", name=name)
    form = deal("http/secret", 6)
    if form == 0:
        _ak, _sk = aws_pair()  # drawn for the random stream; the case holds the token only
        tok = "IQoJb3JpZ2luX2VjE" + rs(180, ALNUM + "+/")
        text = (
            f"{ts_iso()} DEBUG botocore.endpoint Making request for OperationModel(name=PutObject) with params: "
            "{'url_path': '/exports/orders.csv', 'query_string': {}, 'method': 'PUT', 'headers': {'User-Agent': 'Boto3/1.35.0', "
            f"'X-Amz-Security-Token': '{tok}', 'Content-MD5': '{b64(rbytes(16))}'}}}}\n"
            f"{ts_iso()} DEBUG botocore.credentials Found credentials in environment variables.\n"
        )
        return item(text, [("aws-session-token", tok)], fmt="log", name=name)
    if form == 1:
        k = provider_key()
        text = (
            "AxiosError: Request failed with status code 403\n"
            "    at settle (node_modules/axios/lib/core/settle.js:19:12)\n"
            "  code: 'ERR_BAD_REQUEST',\n"
            "  config: {\n"
            "    headers: Object [AxiosHeaders] {\n"
            "      Accept: 'application/json, text/plain, */*',\n"
            f"      Authorization: 'Bearer {k}',\n"
            "      'User-Agent': 'axios/1.7.7'\n"
            "    },\n"
            "    method: 'post',\n"
            "    url: 'https://api.partner.example/v2/sync'\n"
            "  },\n"
        )
        return item(text, [("bearer-token", k)], fmt="log", name=name)
    if form == 2:
        k = token(R.choice([32, 40]))
        hdr = pick("X-Api-Key", "Api-Key", "X-Auth-Token", "Private-Token")
        text = (
            "--> POST https://api.partner.example/v1/orders\n"
            "Content-Type: application/json; charset=UTF-8\n"
            "Content-Length: 58\n"
            f"{hdr}: {k}\n"
            "--> END POST (58-byte body)\n"
            f"<-- 201 Created https://api.partner.example/v1/orders ({R.randint(40, 900)}ms)\n"
            "<-- END HTTP (112-byte body)\n"
        )
        return item(text, [("api-key-header", k)], fmt="log", name=name)
    if form == 3:
        u, p = "svc-" + pick("sync", "export", "etl"), pw(":")
        basic = b64(f"{u}:{p}".encode())
        text = (
            "POST /oauth/token HTTP/1.1\r\nHost: auth.partner.example\r\nUser-Agent: Go-http-client/1.1\r\n"
            f"Content-Length: 57\r\nAuthorization: Basic {basic}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            "Accept-Encoding: gzip\r\n\r\ngrant_type=client_credentials&scope=orders.read\n"
        )
        return item(text, [("basic-auth", basic)], fmt="log", name=name)
    if form == 4:
        k = token(40)
        text = (
            f"I, [{ts_iso()} #{R.randint(1000, 9999)}]  INFO -- request: GET https://api.partner.example/v1/items\n"
            f'Authorization: "Token token={k}"\n'
            'User-Agent: "Faraday v2.12.0"\n'
            f"I, [{ts_iso()} #{R.randint(1000, 9999)}]  INFO -- response: Status 200\n"
        )
        return item(text, [("api-token", k)], fmt="log", name=name)
    k = provider_key()
    text = (
        "< POST /v1/messages HTTP/1.1\n< Host: api.partner.example\n< User-Agent: python-requests/2.32.3\n"
        f"< Accept-Encoding: gzip, deflate\n< Accept: */*\n< Connection: keep-alive\n< Authorization: Bearer {k}\n"
        "< Content-Length: 41\n< Content-Type: application/json\n<\n"
        "> HTTP/1.1 200 OK\n> Content-Type: application/json\n>\n"
    )
    return item(text, [("bearer-token", k)], fmt="log", name=name)


# ---------------------------------------------------------------- kind: build-dsl-creds


def build_dsl_creds(is_clean):
    """Build tools' credential blocks: Gradle Groovy and Kotlin DSL repositories and publishing, `gradle.properties`
    passed as `-P` or `ORG_GRADLE_PROJECT_…`, sbt `Credentials(…)` and `~/.sbt/.credentials`, Leiningen maps."""
    if is_clean:
        form = deal("build/clean", 5)
        if form == 0:
            text = (
                "publishing {\n    repositories {\n        maven {\n"
                '            url = uri("https://maven.corp.example/releases")\n'
                "            credentials {\n"
                '                username = System.getenv("MAVEN_USER")\n'
                '                password = providers.gradleProperty("mavenPassword").get()\n'
                "            }\n        }\n    }\n}\n"
            )
            return clean(text, fmt="kts", name="build.gradle.kts")
        if form == 1:
            text = (
                "repositories {\n    maven {\n        url 'https://maven.corp.example/snapshots'\n"
                "        credentials(PasswordCredentials)\n    }\n}\n"
                "dependencyVerification {\n"
                f"    // sha256 {sha256hex()}\n}}\n"
            )
            return clean(text, fmt="gradle", name="build.gradle")
        if form == 2:
            text = (
                'credentials += Credentials("Sonatype Nexus Repository Manager", "nexus.corp.example", '
                'sys.env.getOrElse("NEXUS_USER", ""), sys.env.getOrElse("NEXUS_PASSWORD", ""))\n'
                'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")\n'
            )
            return clean(text, fmt="sbt", name="build.sbt")
        if form == 3:
            text = (
                '(defproject corp/ledger "1.4.0"\n'
                '  :repositories [["releases" {:url "https://maven.corp.example/releases"\n'
                "                              :username :env/maven_user\n"
                "                              :password :env/maven_password}]])\n"
            )
            return clean(text, fmt="clj", name="project.clj")
        return cmd_clean('./gradlew publish -PmavenUser="$MAVEN_USER" -PmavenPassword="$MAVEN_PASSWORD" --no-daemon', name="scripts/publish.sh")
    form = deal("build/secret", 6)
    if form == 0:
        p = pw()
        text = (
            "publishing {\n    repositories {\n        maven {\n"
            '            url = uri("https://maven.corp.example/releases")\n'
            "            credentials {\n"
            '                username = "deployer"\n'
            f'                password = "{p}"\n'
            "            }\n        }\n    }\n}\n"
        )
        return item(text, [("maven-password", p)], fmt="kts", name="build.gradle.kts")
    if form == 1:
        p = pw()
        text = (
            "repositories {\n    maven {\n        url 'https://maven.corp.example/snapshots'\n"
            f"        credentials {{\n            username 'deployer'\n            password '{p}'\n        }}\n    }}\n}}\n"
        )
        return item(text, [("maven-password", p)], fmt="gradle", name="build.gradle")
    if form == 2:
        p = pw()
        if half():
            return cmd(f"./gradlew publish -PmavenUser=deployer -PmavenPassword={shq(p)} --no-daemon", [("maven-password", p)])
        return env(
            [("ORG_GRADLE_PROJECT_mavenUser", "deployer"), ("ORG_GRADLE_PROJECT_mavenPassword", p), ("GRADLE_OPTS", "-Xmx2g")],
            [("maven-password", p)],
        )
    if form == 3:
        p = pw()
        text = f'credentials += Credentials("Sonatype Nexus Repository Manager", "nexus.corp.example", "deployer", "{p}")\n'
        return item(text, [("sbt-password", p)], fmt="sbt", name="build.sbt")
    if form == 4:
        p = pw("=")
        text = f"realm=Sonatype Nexus Repository Manager\nhost=nexus.corp.example\nuser=deployer\npassword={p}\n"
        return item(text, [("sbt-password", p)], fmt="properties", name="~/.sbt/.credentials")
    p = pw()
    text = (
        '{:auth {:repository-auth {#"maven\\.corp\\.example" {:username "deployer"\n'
        f'                                               :password "{p}"}}}}}}}}\n'
    )
    return item(text, [("lein-password", p)], fmt="clj", name="~/.lein/profiles.clj")


# ---------------------------------------------------------------- kind: hcl-lua-elixir-configs


def hcl_lua_elixir_configs(is_clean):
    """HCL beyond Terraform (Nomad jobs, Packer, Consul agent ACL tokens, Terragrunt inputs), Lua configs (Prosody,
    a Neovim plugin's `setup`), Elixir `config/runtime.exs` and `config.exs`."""
    if is_clean:
        form = deal("hle/clean", 5)
        if form == 0:
            text = (
                'job "billing" {\n  group "api" {\n    task "server" {\n      template {\n'
                "        data        = <<EOH\n"
                '{{ with secret "kv/data/billing" }}DB_PASSWORD={{ .Data.data.password }}{{ end }}\n'
                "EOH\n"
                '        destination = "secrets/app.env"\n        env         = true\n      }\n    }\n  }\n}\n'
            )
            return clean(text, fmt="hcl", name="jobs/billing.nomad.hcl")
        if form == 1:
            text = (
                'source "amazon-ebs" "base" {\n  ami_name      = "corp-base-{{timestamp}}"\n  instance_type = "t3.small"\n'
                '  ssh_username  = "ubuntu"\n  ssh_password  = var.ssh_password\n}\n'
                'variable "ssh_password" {\n  type      = string\n  sensitive = true\n  default   = env("PKR_SSH_PASSWORD")\n}\n'
            )
            return clean(text, fmt="hcl", name="packer/base.pkr.hcl")
        if form == 2:
            text = (
                'require("chatgpt").setup({\n'
                '  api_key_cmd = "op read op://Private/OpenAI/credential --no-newline",\n'
                '  openai_params = { model = "gpt-4o", max_tokens = 1024 },\n})\n'
            )
            return clean(text, fmt="lua", name="~/.config/nvim/lua/plugins/chatgpt.lua")
        if form == 3:
            text = (
                "import Config\n\n"
                "config :ledger, Ledger.Repo,\n"
                '  username: System.get_env("DB_USER", "postgres"),\n'
                '  password: System.fetch_env!("DB_PASSWORD"),\n'
                '  hostname: "db.internal",\n'
                "  pool_size: 10\n\n"
                "config :ledger, LedgerWeb.Endpoint,\n"
                '  secret_key_base: System.fetch_env!("SECRET_KEY_BASE")\n'
            )
            return clean(text, fmt="exs", name="config/runtime.exs")
        text = (
            'acl {\n  enabled = true\n  default_policy = "deny"\n  tokens {\n'
            f'    # accessor id, not the secret: {uuid4()}\n    agent = ""\n  }}\n}}\n'
        )
        return clean(text, fmt="hcl", name="etc/consul.d/acl.hcl")
    form = deal("hle/secret", 8)
    if form == 0:
        p = pw()
        text = (
            'job "billing" {\n  group "api" {\n    task "server" {\n      driver = "docker"\n'
            "      env {\n"
            '        DB_HOST     = "db.internal"\n'
            f'        DB_PASSWORD = "{p}"\n'
            "      }\n    }\n  }\n}\n"
        )
        return item(text, [("nomad-env-password", p)], fmt="hcl", name="jobs/billing.nomad.hcl")
    if form == 1:
        p = pw()
        if half():
            text = (
                'source "vsphere-iso" "win" {\n  communicator   = "winrm"\n  winrm_username = "Administrator"\n'
                f'  winrm_password = "{p}"\n  vcenter_server = "vcsa.corp.example"\n}}\n'
            )
            return item(text, [("packer-winrm-password", p)], fmt="hcl", name="packer/windows.pkr.hcl")
        return cmd(f"packer build -var ssh_username=ubuntu -var ssh_password={shq(p)} packer/base.pkr.hcl", [("packer-ssh-password", p)])
    if form == 2:
        t, a = uuid4(), uuid4()
        text = f'acl {{\n  enabled = true\n  default_policy = "deny"\n  tokens {{\n    initial_management = "{t}"\n    agent = "{a}"\n  }}\n}}\n'
        return item(text, [("consul-acl-token", t), ("consul-acl-token", a)], fmt="hcl", name="etc/consul.d/acl.hcl")
    if form == 3:
        p = pw()
        text = (
            'include "root" {\n  path = find_in_parent_folders()\n}\n\n'
            "inputs = {\n"
            '  db_username = "ledger"\n'
            f'  db_password = "{p}"\n'
            '  instance_class = "db.t4g.medium"\n}\n'
        )
        return item(text, [("terragrunt-db-password", p)], fmt="hcl", name="live/prod/rds/terragrunt.hcl")
    if form == 4:
        s = token(32)
        text = (
            'Component "gateway.chat.corp.example"\n'
            f'    component_secret = "{s}"\n'
            'VirtualHost "chat.corp.example"\n    authentication = "internal_hashed"\n'
        )
        return item(text, [("prosody-component-secret", s)], fmt="lua", name="etc/prosody/prosody.cfg.lua")
    if form == 5:
        k = pick(openai_key, anthropic_key)()
        text = f'require("chatgpt").setup({{\n  api_key = "{k}",\n  openai_params = {{ model = "gpt-4o", max_tokens = 1024 }},\n}})\n'
        return item(text, [("llm-api-key", k)], fmt="lua", name="~/.config/nvim/lua/plugins/chatgpt.lua")
    if form == 6:
        p = pw()
        text = (
            "import Config\n\n"
            "config :ledger, Ledger.Repo,\n"
            '  username: "ledger",\n'
            f'  password: "{p}",\n'
            '  hostname: "db.internal",\n'
            '  database: "ledger_prod",\n'
            "  pool_size: 10\n"
        )
        return item(text, [("ecto-password", p)], fmt="exs", name="config/runtime.exs")
    s = rs(64, ALNUM + "+/")
    text = f'import Config\n\nconfig :ledger, LedgerWeb.Endpoint,\n  url: [host: "ledger.corp.example", port: 443],\n  secret_key_base: "{s}"\n'
    return item(text, [("phoenix-secret-key-base", s)], fmt="exs", name="config/prod.exs")


# ---------------------------------------------------------------- kind: secret-cli-reveals


def reveal(typed, out, name):
    """A terminal capture saved by the agent: the typed command and what it printed."""
    return f"$ {typed}\n{out}"


def secret_cli_reveals(is_clean):
    """What revealing a secret prints (a terminal capture kept in a notes file): `op item get --reveal`, `bw get
    item`, `gopass show`, `keepassxc-cli show -s`, `lpass show`, `doppler secrets get --plain`, `chamber read`, `sops
    -d`, `az keyvault secret show`, `gcloud secrets versions access`, `security find-generic-password -w`, `git
    credential fill`; and commands storing one (`security add-generic-password -w`, `secret-tool store`)."""
    name = pick("notes/session.txt", "tmp/terminal-capture.txt", "notes/handover-shell.log")
    if is_clean:
        form = deal("reveal/clean", 5)
        if form == 0:
            text = reveal(
                "op item get 'Billing DB' --vault Ops",
                f"ID:          {rs(26, LOWER + DIGITS)}\nTitle:       Billing DB\nVault:       Ops ({rs(26, LOWER + DIGITS)})\n"
                "Category:    DATABASE\nFields:\n  username:    billing\n"
                "  password:    [use 'op item get " + rs(26, LOWER + DIGITS) + " --reveal' to reveal]\n  port:        5432\n",
                name,
            )
        elif form == 1:
            text = reveal(
                "keepassxc-cli show ~/ops.kdbx 'Infra/Grafana admin'",
                "Title: Grafana admin\nUserName: admin\nPassword: PROTECTED\nURL: https://grafana.corp.example\nNotes: rotate quarterly\n",
                name,
            )
        elif form == 2:
            text = reveal(
                "sops -d --extract '[\"data\"]' secrets/prod.enc.yaml | head -3; grep password secrets/prod.enc.yaml",
                f"    db_password: ENC[AES256_GCM,data:{b64(rbytes(18))},iv:{b64(rbytes(32))},tag:{b64(rbytes(16))},type:str]\n",
                name,
            )
        elif form == 3:
            text = reveal(
                "az keyvault secret list --vault-name corp-prod-kv -o table",
                "Name             ContentType    Enabled    Expires\n---------------  -------------  ---------  ---------\n"
                "billing-db-pass  text/plain     True\npartner-api-key                True\n",
                name,
            )
        else:
            return cmd_clean(
                'export PARTNER_API_KEY="$(op read op://Ops/Partner/credential)"; '
                'DB_PASSWORD="$(security find-generic-password -a billing -s corp-db -w)" ./bin/migrate',
                name="scripts/run-local.sh",
            )
        return clean(text, fmt="text", name=name)
    form = deal("reveal/secret", 8)
    if form == 0:
        p = pw()
        text = reveal(
            "op item get 'Billing DB' --vault Ops --reveal",
            f"ID:          {rs(26, LOWER + DIGITS)}\nTitle:       Billing DB\nVault:       Ops\nCategory:    DATABASE\nFields:\n"
            f"  username:    billing\n  password:    {p}\n  port:        5432\n",
            name,
        )
        return item(text, [("op-revealed-password", p)], fmt="text", name=name)
    if form == 1:
        p = pw()
        doc = {
            "object": "item",
            "id": uuid4(),
            "type": 1,
            "name": "partner portal",
            "login": {
                "uris": [{"match": None, "uri": "https://portal.partner.example"}],
                "username": "ops@corp.example",
                "password": p,
                "totp": None,
            },
            "revisionDate": "2026-12-01T09:12:44.120Z",
        }
        text = reveal("bw get item 'partner portal' | jq .", json.dumps(doc, indent=2) + "\n", name)
        return item(text, [("bitwarden-password", p)], fmt="text", name=name)
    if form == 2:
        p = pw()
        if half():
            text = reveal("gopass show ops/mail-relay", f"{p}\nuser: relay\nurl: smtp.corp.example:587\n", name)
        else:
            text = reveal("lpass show --password 'Shared-Ops/mail relay'", p + "\n", name)
        return item(text, [("password-store-password", p)], fmt="text", name=name)
    if form == 3:
        p = pw()
        text = reveal(
            "keepassxc-cli show -s ~/ops.kdbx 'Infra/Grafana admin'",
            f"Title: Grafana admin\nUserName: admin\nPassword: {p}\nURL: https://grafana.corp.example\nNotes: rotate quarterly\n",
            name,
        )
        return item(text, [("keepass-password", p)], fmt="text", name=name)
    if form == 4:
        k = provider_key()
        typed = pick(
            "doppler secrets get PARTNER_API_KEY --plain -p billing -c prd",
            "chamber read -q billing partner_api_key",
            "gcloud secrets versions access latest --secret=partner-api-key",
        )
        text = reveal(typed, k + "\n", name)
        return item(text, [("revealed-api-key", k)], fmt="text", name=name)
    if form == 5:
        p = pw()
        doc = {
            "attributes": {"enabled": True, "recoveryLevel": "Recoverable+Purgeable"},
            "contentType": "text/plain",
            "id": f"https://corp-prod-kv.vault.azure.net/secrets/billing-db-pass/{rs(32, HEX)}",
            "name": "billing-db-pass",
            "value": p,
        }
        text = reveal("az keyvault secret show --vault-name corp-prod-kv -n billing-db-pass", json.dumps(doc, indent=2) + "\n", name)
        return item(text, [("keyvault-secret", p)], fmt="text", name=name)
    if form == 6:
        p = pw()
        if half():
            text = reveal("sops -d secrets/prod.enc.yaml", f"db_user: billing\ndb_password: {p}\nsentry_env: prod\n", name)
            return item(text, [("sops-decrypted", p)], fmt="text", name=name)
        text = reveal(
            "printf 'protocol=https\\nhost=git.corp.example\\n\\n' | git credential fill",
            f"protocol=https\nhost=git.corp.example\nusername=ci-bot\npassword={p}\n",
            name,
        )
        return item(text, [("git-credential", p)], fmt="text", name=name)
    p = pw()
    if half():
        return cmd(f"security add-generic-password -a billing -s corp-db -w {shq(p)} -U", [("keychain-password", p)])
    return cmd(f"printf '%s' {shq(p)} | secret-tool store --label='corp db' service corp-db user billing", [("keyring-password", p)])


# ---------------------------------------------------------------- kind: markup-handover-notes


def markup_handover_notes(is_clean):
    """A hand-over note in chat or ticket markup: Slack mrkdwn, Jira wiki markup, reStructuredText field lists,
    AsciiDoc attributes, org-mode property drawers, a GitHub `<details>` block."""
    if is_clean:
        form = deal("markup/clean", 5)
        if form == 0:
            text = (
                "*Handover: partner sync* :wave:\n"
                "• *Host:* `sync-01.corp.example`\n"
                "• *Password:* `••••••••` (in 1Password, vault _Ops_)\n"
                f"• *Last deploy:* `{sha1hex()}`\n"
            )
            return clean(text, fmt="mrkdwn", name="notes/handover.slack.txt")
        if form == 1:
            text = (
                "h3. Access\n"
                "||Item||Value||\n"
                "|Host|{{sync-01.corp.example}}|\n"
                "|Password|{{********}} — see the Ops vault|\n"
                f"|Change|{{{{OPS-{R.randint(1000, 9999)}}}}}|\n"
            )
            return clean(text, fmt="jira", name="notes/OPS-handover.jira.txt")
        if form == 2:
            text = (
                "Partner sync\n============\n\n"
                ":host: sync-01.corp.example\n"
                ":credentials: https://start.1password.com/open/i?a="
                + rs(26, UPPER + DIGITS)
                + "&v="
                + rs(26, LOWER + DIGITS)
                + "&i="
                + rs(26, LOWER + DIGITS)
                + "\n"
                f":commit: {sha1hex()}\n"
            )
            return clean(text, fmt="rst", name="docs/handover.rst")
        if form == 3:
            text = (
                "= Partner sync hand-over\n:api-token: {set:CHANGE_ME}\n:owner: platform\n\n"
                "The token lives in Vault at `kv/partner/sync`; read it with `vault kv get`.\n"
            )
            return clean(text, fmt="adoc", name="docs/handover.adoc")
        text = (
            "* Partner sync\n  :PROPERTIES:\n  :HOST:     sync-01.corp.example\n  :PASSWORD: see pass ops/partner-sync\n"
            f"  :ID:       {uuid4()}\n  :END:\n"
        )
        return clean(text, fmt="org", name="notes/ops.org")
    form = deal("markup/secret", 7)
    if form == 0:
        p = pw()
        text = f"*Handover: partner sync* :wave:\n• *Host:* `sync-01.corp.example`\n• *User:* `svc-sync`\n• *Password:* `{p}`\n"
        if half():
            return item(text, [("handover-password", p)], fmt="mrkdwn", name="notes/handover.slack.txt")
        return cmd(
            f"slack chat send --channel '#ops-handover' --text '*Password:* `{p}` (svc-sync on sync-01)'",
            [("handover-password", p)],
            name="scripts/notify.sh",
        )
    if form == 1:
        k = provider_key()
        text = f"h3. Access\n||Item||Value||\n|Host|{{{{sync-01.corp.example}}}}|\n|API token|{{{{{k}}}}}|\n"
        return item(text, [("handover-token", k)], fmt="jira", name="notes/OPS-handover.jira.txt")
    if form == 2:
        p = pw()
        text = f"Partner sync\n============\n\n:host: sync-01.corp.example\n:user: svc-sync\n:password: {p}\n"
        return item(text, [("handover-password", p)], fmt="rst", name="docs/handover.rst")
    if form == 3:
        k = token(40)
        text = f"= Partner sync hand-over\n:api-token: {k}\n:owner: platform\n\nCall the API with the `api-token` attribute above.\n"
        return item(text, [("handover-token", k)], fmt="adoc", name="docs/handover.adoc")
    if form == 4:
        p = pw(":")
        text = f"* Partner sync\n  :PROPERTIES:\n  :HOST:     sync-01.corp.example\n  :USER:     svc-sync\n  :PASSWORD: {p}\n  :END:\n"
        return item(text, [("handover-password", p)], fmt="org", name="notes/ops.org")
    if form == 5:
        k = provider_key()
        text = f"Repro needs the staging key:\n\n<details>\n<summary>staging credentials</summary>\n\n```\nSTAGING_API_KEY={k}\n```\n\n</details>\n"
        return item(text, [("handover-token", k)], fmt="md", name="notes/issue-comment.md")
    p = pw()
    return cmd(
        f"jira issue comment add OPS-{R.randint(1000, 9999)} 'Rotated. *New password:* {{{{{p}}}}} (svc-sync)'",
        [("handover-password", p)],
        name="scripts/ticket.sh",
    )


# ---------------------------------------------------------------- kind: split-wrapped-values


def split_parts(v, n):
    cuts = sorted(R.sample(range(5, len(v) - 4), n - 1))
    return [v[a:b] for a, b in zip([0, *cuts], [*cuts, len(v)], strict=True)]


def split_wrapped_values(is_clean):
    """A value split across lines by the code holding it (`+` in Java / JS / Kotlin / Go, Python implicit
    concatenation, a JS `join`), a value inside a here-string or heredoc, a URL-encoded form body (its atoms are the
    runs between the percent escapes)."""
    if is_clean:
        form = deal("split/clean", 5)
        if form == 0:
            h = sha256hex()
            a, b = h[:32], h[32:]
            text = f'    // pinned digest of the vendored bundle\n    static final String BUNDLE_SHA256 =\n        "{a}" +\n        "{b}";\n'
            return clean(text, fmt="java", name="src/main/java/corp/Pins.java")
        if form == 1:
            text = 'const auth =\n  "Bearer " +\n  process.env.PARTNER_TOKEN;\nconst url = "https://api.partner.example/" +\n  "v2/orders";\n'
            return clean(text, fmt="js", name="src/partner.js")
        if form == 2:
            return cmd_clean('docker login registry.corp.example -u ci --password-stdin <<< "$REGISTRY_TOKEN"', name="scripts/login.sh")
        if form == 3:
            return cmd_clean(
                "curl -s https://auth.corp.example/oauth/token --data-urlencode grant_type=client_credentials "
                "--data-urlencode client_id=billing-sync --data-urlencode client_secret@/run/secrets/oauth_client_secret",
                name="scripts/token.sh",
            )
        k = "ssh-ed25519 " + b64(rbytes(51))[:68]
        text = f'AUTHORIZED_KEY = (\n    "{k[:40]}"\n    "{k[40:]} deploy@ci"\n)\n'
        return clean(text, fmt="py", name="deploy/keys.py")
    form = deal("split/secret", 7)
    if form == 0:
        k = provider_key()
        parts = split_parts(k, 3)
        body = " +\n        ".join(f'"{x}"' for x in parts)
        text = f"    private static final String API_KEY =\n        {body};\n"
        return item(text, [("split-api-key", k, parts)], fmt="java", name="src/main/java/corp/PartnerClient.java")
    if form == 1:
        k = provider_key()
        parts = split_parts(k, R.choice([2, 3]))
        body = "\n".join(f'    "{x}"' for x in parts)
        text = f"PARTNER_TOKEN = (\n{body}\n)\n"
        return item(text, [("split-api-key", k, parts)], fmt="py", name="app/partner.py")
    if form == 2:
        k = provider_key()
        parts = split_parts(k, 3)
        if half():
            text = "const key = [\n" + ",\n".join(f"  '{x}'" for x in parts) + "\n].join('');\n"
            return item(text, [("split-api-key", k, parts)], fmt="js", name="src/config.js")
        text = "const token = " + " +\n\t".join(f'"{x}"' for x in parts) + "\n"
        return item(text, [("split-api-key", k, parts)], fmt="go", name="internal/partner/token.go")
    if form == 3:
        p = pw()
        if half():
            return cmd(f"docker login registry.corp.example -u ci --password-stdin <<< {shq(p)}", [("here-string-password", p)])
        return cmd(f"kinit svc-sync@CORP.EXAMPLE <<< {shq(p)}", [("here-string-password", p)])
    if form == 4:
        p = pw()
        return cmd(
            f"psql -h db.internal -U postgres <<'SQL'\nALTER ROLE billing WITH LOGIN PASSWORD '{p}';\nSQL",
            [("heredoc-password", p)],
        )
    if form == 5:
        p = "".join(R.choice(ALNUM + "!@+/=:") if R.random() < 0.2 else R.choice(ALNUM) for _ in range(R.randint(18, 26)))
        enc = quote(p, safe="")
        atoms = [a for a in __import__("re").split(r"%[0-9A-F]{2}", enc) if a]
        if not any(len(a) >= 8 for a in atoms):
            p = rs(20, ALNUM)
            enc, atoms = p, [p]
        text = (
            f"{ts_iso()} DEBUG http.request POST /oauth/token content-type=application/x-www-form-urlencoded "
            f"body=grant_type=password&username=svc-sync&password={enc}&scope=orders\n"
        )
        return item(text, [("urlencoded-password", p, atoms)], fmt="log", name="logs/auth-debug.log")
    s = rs(R.choice([32, 40]), ALNUM + "-._~")
    return cmd(
        "curl -s https://auth.corp.example/oauth/token --data-urlencode grant_type=client_credentials "
        f"--data-urlencode client_id=billing-sync --data-urlencode client_secret={s}",
        [("urlencoded-client-secret", s)],
        name="scripts/token.sh",
    )


# ---------------------------------------------------------------- kind: powershell-credential-mistakes


def powershell_credential_mistakes(is_clean):
    """PowerShell's plain-text credential mistakes: `ConvertTo-SecureString '…' -AsPlainText -Force`, `New-Object
    PSCredential`, `[Net.NetworkCredential]::new(…)`, `Set-Secret -Secret`, `Invoke-RestMethod -Headers @{…}`,
    `net use /user:`, `$env:…` in a profile."""
    if is_clean:
        form = deal("ps/clean", 5)
        if form == 0:
            text = "$cred = Get-Credential -UserName 'CORP\\svc-backup' -Message 'Backup share'\nNew-PSDrive -Name B -PSProvider FileSystem -Root \\\\files01\\backup -Credential $cred\n"
            return clean(text, fmt="ps1", name="scripts/Mount-Backup.ps1")
        if form == 1:
            text = "$pw = Read-Host -AsSecureString -Prompt 'Password'\n$token = Get-Secret -Name PartnerApiKey -AsPlainText\nInvoke-RestMethod -Uri https://api.partner.example/v1/me -Headers @{ Authorization = \"Bearer $token\" }\n"
            return clean(text, fmt="ps1", name="scripts/Test-Partner.ps1")
        if form == 2:
            blob = "01000000d08c9ddf0115d1118c7a00c04fc297eb01000000" + rs(R.choice([280, 344]), HEX)
            text = f"# DPAPI-protected for this machine and user only\n$enc = '{blob}'\n$pw = ConvertTo-SecureString $enc\n"
            return clean(text, fmt="ps1", name="scripts/Connect-Sql.ps1")
        if form == 3:
            return cmd_clean(
                "pwsh -NoProfile -Command \"$c = Import-Clixml ~/.creds/sql.xml; Invoke-Sqlcmd -ServerInstance sql01 -Credential $c -Query 'SELECT 1'\"",
                name="scripts/check.sh",
            )
        text = "$env:PARTNER_API_KEY = (Get-Secret PartnerApiKey -AsPlainText)\n$env:AZURE_CLIENT_SECRET = ''\n"
        return clean(text, fmt="ps1", name="~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1")
    form = deal("ps/secret", 7)
    if form == 0:
        p = pw()
        text = (
            f"$secure = ConvertTo-SecureString '{p}' -AsPlainText -Force\n"
            "$cred = New-Object System.Management.Automation.PSCredential ('CORP\\svc-backup', $secure)\n"
            "New-PSDrive -Name B -PSProvider FileSystem -Root \\\\files01\\backup -Credential $cred\n"
        )
        return item(text, [("ps-securestring-password", p)], fmt="ps1", name="scripts/Mount-Backup.ps1")
    if form == 1:
        p = pw()
        text = f"$nc = [System.Net.NetworkCredential]::new('svc-sql', '{p}')\n$conn.Credential = [System.Data.SqlClient.SqlCredential]::new($nc.UserName, $nc.SecurePassword)\n"
        return item(text, [("ps-network-credential", p)], fmt="ps1", name="scripts/Connect-Sql.ps1")
    if form == 2:
        k = provider_key()
        return cmd(f"pwsh -NoProfile -Command \"Set-Secret -Name PartnerApiKey -Secret '{k}' -Vault LocalStore\"", [("ps-set-secret", k)])
    if form == 3:
        k = provider_key()
        text = f"$headers = @{{ Authorization = 'Bearer {k}'; Accept = 'application/json' }}\nInvoke-RestMethod -Uri https://api.partner.example/v1/orders -Headers $headers\n"
        return item(text, [("ps-bearer-token", k)], fmt="ps1", name="scripts/Get-Orders.ps1")
    if form == 4:
        p = pw("/")
        return cmd(f"net use Z: \\\\files01\\backup /user:CORP\\svc-backup {p} /persistent:no", [("net-use-password", p)])
    if form == 5:
        k = provider_key()
        text = f"$env:PARTNER_API_KEY = '{k}'\n$env:PARTNER_BASE_URL = 'https://api.partner.example'\nSet-PSReadLineOption -EditMode Emacs\n"
        return item(text, [("ps-profile-env", k)], fmt="ps1", name="~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1")
    p = pw()
    return cmd(
        f"pwsh -NoProfile -Command \"Invoke-Command -ComputerName app01 -Credential (New-Object PSCredential('CORP\\admin', (ConvertTo-SecureString '{p}' -AsPlainText -Force))) -ScriptBlock {{ Restart-Service Billing }}\"",
        [("ps-securestring-password", p)],
    )


# ---------------------------------------------------------------- contexts: shared


def abs_path(it):
    n = it["name"]
    if n.startswith("~/"):
        return "/home/app/" + n[2:]
    if n.startswith("etc/") or n.startswith("var/"):
        return "/" + n
    return "/srv/app/" + item_path(it)


def plain_piecer(a):
    """No value of this round holds a character its contexts would change, so the value itself (or each of its
    atoms) is its piece wherever the context shows it whole."""
    assert not set(a) & CHANGED, a
    return [a]


def term(typed, body):
    return "result", "terminal", f"$ {typed}\n{body}" + ("" if body.endswith("\n") else "\n"), plain_piecer


def cmd_output():
    return pick("done", "OK", '{"ok":true}', "exit status 0")


def item_view(it):
    """What the program holds of the item: ("env", pairs), ("cmd", text) or ("file", path, text)."""
    pairs = env_pairs(it)
    if pairs is not None:
        return ("env", pairs)
    if it["shape"] == "cmd":
        return ("cmd", it["text"])
    return ("file", abs_path(it), it["text"])


def pyrepr_dict(pairs):
    return "{" + ", ".join(f"{k!r}: {v!r}" for k, v in pairs) + "}"


# -- mcp-server-log


def mcp_server_log(it):
    """An MCP client's per-server log (`2026-12-07T10:11:12.345Z [corp-ops] [info] Message from client: {…}` and
    `Message from server: {…}` with the JSON-RPC frames on one line), read back or tailed; or an MCP Inspector-like
    history (request / response pairs) as JSON. The item is a `tools/call`'s `arguments` (env values to set, a
    command to run) or a read tool's result `content[].text`."""
    server = pick("corp-ops", "shell", "filesystem", "devbox")
    rid = R.randint(2, 60)
    v = item_view(it)
    if v[0] == "env":
        req = {"method": "tools/call", "params": {"name": "set_env", "arguments": {"vars": dict(v[1]), "persist": True}}, "jsonrpc": "2.0", "id": rid}
        res = {"result": {"content": [{"type": "text", "text": f"set {len(v[1])} variables"}], "isError": False}, "jsonrpc": "2.0", "id": rid}
    elif v[0] == "cmd":
        req = {
            "method": "tools/call",
            "params": {"name": "run_command", "arguments": {"command": v[1], "cwd": "/srv/app"}},
            "jsonrpc": "2.0",
            "id": rid,
        }
        res = {"result": {"content": [{"type": "text", "text": cmd_output()}], "isError": False}, "jsonrpc": "2.0", "id": rid}
    else:
        req = {"method": "tools/call", "params": {"name": "read_file", "arguments": {"path": v[1]}}, "jsonrpc": "2.0", "id": rid}
        res = {"result": {"content": [{"type": "text", "text": v[2]}], "isError": False}, "jsonrpc": "2.0", "id": rid}
    if R.random() < 0.3:
        hist = [
            {
                "method": "tools/list",
                "request": {"method": "tools/list", "params": {}},
                "response": {"tools": [{"name": "run_command"}, {"name": "read_file"}, {"name": "set_env"}]},
            },
            {"method": "tools/call", "request": {"method": req["method"], "params": req["params"]}, "response": res["result"]},
        ]
        return "result", "mcp_inspector_history", json.dumps({"server": server, "history": hist}, ensure_ascii=False), plain_piecer
    sec = R.randint(30000, 80000)
    lines = [
        f"{ts_iso(sec)} [{server}] [info] Initializing server...",
        f"{ts_iso(sec)} [{server}] [info] Server started and connected successfully",
        f'{ts_iso(sec + 1)} [{server}] [info] Message from client: {{"method":"initialize","params":{{"protocolVersion":"2025-06-18","capabilities":{{}},"clientInfo":{{"name":"claude-ai","version":"0.1.0"}}}},"jsonrpc":"2.0","id":0}}',
        f"{ts_iso(sec + 5)} [{server}] [info] Message from client: {json.dumps(req, ensure_ascii=False, separators=(',', ':'))}",
        f"{ts_iso(sec + 6)} [{server}] [info] Message from server: {json.dumps(res, ensure_ascii=False, separators=(',', ':'))}",
    ]
    body = "\n".join(lines) + "\n"
    if half():
        return "result", "read_file", body, plain_piecer
    return term(f"tail -n 5 ~/Library/Logs/Claude/mcp-server-{server}.log", body)


# -- debugger-session


def go_quote(s):
    return json.dumps(s, ensure_ascii=False)


def js_quote(s):
    if "'" in s and '"' not in s:
        return '"' + s.replace("\\", "\\\\").replace("\n", "\\n") + '"'
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"


def debugger_session(it):
    """A debugger read back from the terminal: `pdb` (`(Pdb) p …`, `pp …`), Delve (`(dlv) print …`), Node's
    inspector REPL (`debug> exec …`); the item is the variable the program holds (an env dict, a command string,
    a file's text)."""
    v = item_view(it)
    dbg = R.randrange(3)
    if dbg == 0:
        out = [
            "> /srv/app/app/tasks.py(" + str(R.randint(20, 300)) + ")run()",
            "-> " + pick("result = subprocess.run(cmd, shell=True, env=env)", "apply(config)"),
        ]
        if v[0] == "env":
            out += ["(Pdb) pp env"]
            d = dict(v[1])
            if len(repr(d)) < 80:
                out += [repr(d)]
            else:
                items = [f"{k!r}: {x!r}" for k, x in v[1]]
                out += ["{" + (",\n ".join(items)) + "}"]
        elif v[0] == "cmd":
            out += ["(Pdb) p cmd", repr(v[1])]
        else:
            out += ["(Pdb) p path", repr(v[1]), "(Pdb) p text", repr(v[2])]
        out += ["(Pdb) c"]
        return term("python -m pdb -c 'b app/tasks.py:88' -m app.tasks run", "\n".join(out))
    if dbg == 1:
        out = [f"> main.run() ./cmd/sync/main.go:{R.randint(20, 200)} (hits goroutine(1):1 total:1) (PC: 0x{rs(6, HEX)})"]
        if v[0] == "env":
            inner = ", ".join(f"{go_quote(k)}: {go_quote(x)}" for k, x in v[1])
            out += ["(dlv) print env", f"map[string]string [{inner}, ]"]
        elif v[0] == "cmd":
            out += ["(dlv) print cmd.Args", f'[]string len: 3, cap: 3, ["sh","-c",{go_quote(v[1])}]']
        else:
            out += ["(dlv) print string(data)", go_quote(v[2])]
        out += ["(dlv) continue"]
        return term("dlv debug ./cmd/sync", "\n".join(out))
    out = [f"break in src/sync.js:{R.randint(10, 200)}", "debug> repl", "Press Ctrl+C to leave debug repl"]
    if v[0] == "env":
        for k, x in v[1]:
            out += [f"> process.env.{k}", js_quote(x)]
    elif v[0] == "cmd":
        out += ["> command", js_quote(v[1])]
    else:
        out += ["> text", js_quote(v[2])]
    return term("node inspect src/sync.js", "\n".join(out))


# -- structlog-console


def structlog_console(it):
    """Python structlog: the console renderer (`2026-12-07T10:11:12.345678Z [info     ] event<pad> key=repr(value)`,
    keys sorted) or the JSON renderer (one object per line), logging the item as event fields; read back or through
    `journalctl -u`."""
    v = item_view(it)
    if v[0] == "env":
        event, fields = "loaded environment", {"env": dict(v[1]), "source": ".env"}
    elif v[0] == "cmd":
        event, fields = "running command", {"cmd": v[1], "cwd": "/srv/app", "timeout": 300}
    else:
        event, fields = "read config file", {"path": v[1], "content": v[2], "size": len(v[2])}
    sec = R.randint(30000, 80000) + R.random()
    steps = [sec, sec + R.random() / 10, sec + 0.1 + R.random()]
    lines = []
    if half():

        def line(level, ev, f):
            kv = " ".join(f"{k}={f[k]!r}" for k in sorted(f))
            return f"{ts_iso(steps[len(lines)])} [{level:<9}] {ev:<30} {kv}".rstrip()

        lines.append(line("info", "worker started", {"pid": R.randint(1000, 9999)}))
        lines.append(line("debug", event, fields))
        lines.append(line("info", "job finished", {"ok": True}))
    else:
        lines += [
            json.dumps({"pid": R.randint(1000, 9999), "event": "worker started", "level": "info", "timestamp": ts_iso(steps[0])}),
            json.dumps({**fields, "event": event, "level": "debug", "timestamp": ts_iso(steps[1])}, ensure_ascii=False),
            json.dumps({"ok": True, "event": "job finished", "level": "info", "timestamp": ts_iso(steps[2])}),
        ]
    body = "\n".join(lines) + "\n"
    view = R.randrange(3)
    if view == 0:
        return "result", "read_file", body, plain_piecer
    if view == 1:
        return term(f"journalctl -u {pick('sync-worker', 'billing-api', 'ingest')} -o cat -n 3", body)
    return "result", "terminal", body, plain_piecer


# -- celery-worker-log


def celery_worker_log(it):
    """A Celery worker's log (`[2026-12-07 10:11:12,345: INFO/MainProcess] Task tasks.x[uuid] received`, `succeeded
    in …s: <repr>`, `raised unexpected: CalledProcessError(…)`), `celery inspect active`, or a result backend's stored
    task (`celery-task-meta-<id>` JSON)."""
    v = item_view(it)
    tid = uuid4()
    if v[0] == "env":
        task, args, kwargs, result = "tasks.apply_env", [], {"env": dict(v[1])}, {"applied": len(v[1])}
    elif v[0] == "cmd":
        task, args, kwargs, result = "tasks.run_shell", [v[1]], {"timeout": 300}, {"returncode": 0, "stdout": cmd_output()}
    else:
        task, args, kwargs, result = "tasks.fetch_config", [v[1]], {}, v[2]
    view = R.randrange(3)
    if view == 0:
        clock = [R.randint(8 * 3600, 20 * 3600) * 1000]

        def ts(level, proc):
            clock[0] += R.randint(1, 2500)
            t, ms = divmod(clock[0], 1000)
            return f"[2026-12-07 {t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d},{ms:03d}: {level}/{proc}]"

        lines = [f"{ts('INFO', 'MainProcess')} Task {task}[{tid}] received"]
        if v[0] == "cmd" and half():
            lines += [
                f"{ts('ERROR', 'ForkPoolWorker-2')} Task {task}[{tid}] raised unexpected: CalledProcessError(1, {v[1]!r})",
                "Traceback (most recent call last):",
                '  File "/srv/app/tasks.py", line 41, in run_shell',
                "    subprocess.run(cmd, shell=True, check=True, timeout=timeout)",
                f"subprocess.CalledProcessError: Command {v[1]!r} returned non-zero exit status 1.",
            ]
        else:
            if v[0] == "env":
                lines += [f"{ts('WARNING', 'ForkPoolWorker-1')} {task}[{tid}]: applying env {kwargs['env']!r}"]
            elif v[0] == "cmd":
                lines += [f"{ts('INFO', 'ForkPoolWorker-1')} {task}[{tid}]: running {v[1]!r}"]
            lines += [f"{ts('INFO', 'ForkPoolWorker-1')} Task {task}[{tid}] succeeded in {R.randint(1, 900) / 100}s: {result!r}"]
        body = "\n".join(lines) + "\n"
        if half():
            return "result", "read_file", body, plain_piecer
        return term(f"docker compose logs --no-log-prefix worker | grep {tid[:8]}", body)
    if view == 1:
        if v[0] == "file":
            task, args = "tasks.write_config", [v[1], v[2]]
        rec = {
            "id": tid,
            "name": task,
            "args": args,
            "kwargs": kwargs,
            "type": task,
            "hostname": "celery@worker-1",
            "time_start": float(f"{R.randint(1767000000, 1779000000)}.{R.randint(100, 999)}"),
            "acknowledged": True,
            "delivery_info": {"exchange": "", "routing_key": "celery", "priority": 0, "redelivered": False},
            "worker_pid": R.randint(100, 999),
        }
        return term("celery -A app inspect active", f"->  celery@worker-1: OK\n    * {rec!r}\n\n1 node online.")
    doc = {
        "status": "SUCCESS",
        "result": result,
        "traceback": None,
        "children": [],
        "date_done": ts_iso(),
        "task_id": tid,
        "name": task,
        "args": args,
        "kwargs": kwargs,
    }
    return term(f"redis-cli -n 1 GET celery-task-meta-{tid}", json.dumps(doc, ensure_ascii=False))


# -- mlflow-run-params


def yq(s):
    return json.dumps(s, ensure_ascii=False)


def mlflow_run_params(it):
    """An experiment tracker holding the item: MLflow `runs get` JSON (`data.params` as key / value pairs, the
    command in a `mlflow.source.name`-like tag, a file as a logged artifact read back) or a W&B run's
    `config.yaml` (`desc:` / `value:` under each key, a file's text as a `|` block)."""
    v = item_view(it)
    run = rs(32, HEX)
    if half():
        params, tags = [], [{"key": "mlflow.user", "value": "app"}, {"key": "mlflow.runName", "value": pick("nightly-sync", "train-v3", "eval")}]
        if v[0] == "env":
            params = [{"key": k, "value": x} for k, x in v[1]]
        elif v[0] == "cmd":
            tags.append({"key": "mlflow.source.name", "value": "scripts/run.sh"})
            params = [{"key": "cmd", "value": v[1]}]
        else:
            if R.random() < 0.5:
                body = v[2]
                return term(
                    f"mlflow artifacts download -r {run} -a config/{v[1].rsplit('/', 1)[-1]} -d /tmp/a >/dev/null && cat /tmp/a/config/{v[1].rsplit('/', 1)[-1]}",
                    body,
                )
            params = [{"key": "config_path", "value": v[1]}, {"key": "config_text", "value": v[2]}]
        doc = {
            "run": {
                "info": {"run_id": run, "experiment_id": digits(6), "status": "FINISHED", "artifact_uri": f"s3://corp-mlflow/{run}/artifacts"},
                "data": {"params": params, "tags": tags, "metrics": [{"key": "rows", "value": R.randint(100, 9999), "step": 0}]},
            }
        }
        if half():
            return "result", "mlflow_get_run", json.dumps(doc, ensure_ascii=False), plain_piecer
        return term(
            f"curl -s 'https://mlflow.corp.example/api/2.0/mlflow/runs/get?run_id={run}' | jq .", json.dumps(doc, indent=2, ensure_ascii=False)
        )
    out = ["wandb_version: 1", "", "_wandb:", "  desc: null", "  value:", "    cli_version: 0.18.7", "    python_version: 3.11.7"]
    if v[0] == "env":
        for k, x in v[1]:
            out += [f"{k}:", "  desc: null", f"  value: {yq(x)}"]
    elif v[0] == "cmd":
        out += ["cmd:", "  desc: null", f"  value: {yq(v[1])}"]
    else:
        out += ["config_path:", "  desc: null", f"  value: {yq(v[1])}", "config_text:", "  desc: null", "  value: |"]
        out += ["    " + ln if ln else "" for ln in file_lines(v[2])]
    path = f"wandb/run-20261207_{R.randint(80000, 200000)}-{rs(8, LOWER + DIGITS)}/files/config.yaml"
    body = "\n".join(out) + "\n"
    if half():
        return "result", "read_file", body, plain_piecer
    return term(f"cat {path}", body)


# -- agent-trace-export (held-out)


def agent_trace_export(it):
    """An agent framework's trace export: OpenAI-style `messages` (an assistant's `tool_calls[].function.arguments`
    as a JSON string, the tool's reply as `content`), or LangSmith-like runs (`inputs` / `outputs`), one per line;
    read back from a file or returned whole by a tracing tool."""
    v = item_view(it)
    if v[0] == "env":
        call, output = {"command": "cat .env"}, "".join(f"{k}={x}\n" for k, x in v[1])
    elif v[0] == "cmd":
        call, output = {"command": v[1]}, cmd_output()
    else:
        call, output = {"path": v[1]}, v[2]
    fn = "read_file" if "path" in call else "bash"
    cid = "call_" + rs(24, ALNUM)
    if half():
        msgs = [
            {"role": "user", "content": pick("Check why the sync fails.", "Set the service up on the ops host.", "Run the nightly export.")},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": cid, "type": "function", "function": {"name": fn, "arguments": json.dumps(call, ensure_ascii=False)}}],
            },
            {"role": "tool", "tool_call_id": cid, "content": output},
        ]
        doc = {"trace_id": uuid4(), "model": pick("gpt-4o-2024-08-06", "claude-sonnet-4-5"), "messages": msgs}
        if half():
            return "result", "trace_get", json.dumps(doc, ensure_ascii=False), plain_piecer
        return "result", "read_file", json.dumps(doc, ensure_ascii=False, indent=2) + "\n", plain_piecer
    tr = uuid4()
    runs = [
        {"id": uuid4(), "trace_id": tr, "name": "AgentExecutor", "run_type": "chain", "inputs": {"input": "run the nightly export"}, "outputs": None},
        {
            "id": uuid4(),
            "trace_id": tr,
            "name": fn,
            "run_type": "tool",
            "inputs": {"input": json.dumps(call, ensure_ascii=False)},
            "outputs": {"output": output},
            "start_time": ts_iso(),
        },
    ]
    body = "\n".join(json.dumps(r, ensure_ascii=False) for r in runs) + "\n"
    if half():
        return "result", "read_file", body, plain_piecer
    return term(f"langsmith runs export --trace {tr} --format jsonl", body)


# -- xmlrpc-soap (held-out)


def xesc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xmlrpc_soap(it):
    """The item in an XML-RPC `methodCall` / `methodResponse` (`<value><string>…</string></value>`, a `<struct>`
    of members for env values) or in a SOAP envelope's body; pretty-printed, as a logged request or a `curl` result."""
    v = item_view(it)
    if half():
        if v[0] == "env":
            members = "".join(f"<member><name>{xesc(k)}</name><value><string>{xesc(x)}</string></value></member>\n" for k, x in v[1])
            doc = f'<?xml version="1.0"?>\n<methodCall>\n<methodName>ops.setEnv</methodName>\n<params>\n<param><value><struct>\n{members}</struct></value></param>\n</params>\n</methodCall>\n'
        elif v[0] == "cmd":
            doc = (
                '<?xml version="1.0"?>\n<methodCall>\n<methodName>supervisor.runCommand</methodName>\n<params>\n'
                f"<param><value><string>{xesc(v[1])}</string></value></param>\n<param><value><int>300</int></value></param>\n</params>\n</methodCall>\n"
            )
        else:
            doc = (
                "<?xml version='1.0'?>\n<methodResponse>\n<params>\n<param>\n<value><struct>\n"
                f"<member>\n<name>path</name>\n<value><string>{xesc(v[1])}</string></value>\n</member>\n"
                f"<member>\n<name>content</name>\n<value><string>{xesc(v[2])}</string></value>\n</member>\n"
                "</struct></value>\n</param>\n</params>\n</methodResponse>\n"
            )
    else:
        if v[0] == "env":
            inner = "".join(f'        <ops:Variable name="{xesc(k)}">{xesc(x)}</ops:Variable>\n' for k, x in v[1])
            body = f"      <ops:SetEnvironment>\n{inner}      </ops:SetEnvironment>\n"
        elif v[0] == "cmd":
            body = f"      <ops:RunCommand>\n        <ops:Command>{xesc(v[1])}</ops:Command>\n      </ops:RunCommand>\n"
        else:
            body = f"      <ops:GetFileResponse>\n        <ops:Path>{xesc(v[1])}</ops:Path>\n        <ops:Content>{xesc(v[2])}</ops:Content>\n      </ops:GetFileResponse>\n"
        doc = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ops="urn:corp:ops:v1">\n'
            "  <soapenv:Header/>\n  <soapenv:Body>\n" + body + "  </soapenv:Body>\n</soapenv:Envelope>\n"
        )
    view = R.randrange(3)
    if view == 0:
        return term("curl -s -H 'Content-Type: text/xml' --data @request.xml https://ops.corp.example/RPC2", doc)
    if view == 1:
        stamp = ts_iso()
        return "result", "read_file", f"{stamp} DEBUG rpc.transport sending:\n{doc}", plain_piecer
    return "result", "read_file", doc, plain_piecer


# -- gha-workflow-commands (held-out)


def gha_data(s):
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def gha_workflow_commands(it):
    """GitHub Actions workflow commands a step prints (`::group::`, `::debug::`, `::notice title=…::`, `::error
    file=…,line=…::` with `%25` / `%0D` / `%0A` for `%`, CR and LF in the data), and the `$GITHUB_OUTPUT` /
    `$GITHUB_ENV` files (`name<<ghadelimiter_…` blocks), as a step's output captured locally or read back."""
    v = item_view(it)
    out = ["::group::Prepare"]
    delim = f"ghadelimiter_{uuid4()}"
    if v[0] == "env":
        if half():
            out += [f"::debug::{k}={gha_data(x)}" for k, x in v[1]]
            out += ["::endgroup::", f"::notice title=Environment::{len(v[1])} variables exported"]
        else:
            out += ["::endgroup::", '$ cat "$GITHUB_ENV"']
            for k, x in v[1]:
                out += [f"{k}<<{delim}", x, delim]
    elif v[0] == "cmd":
        out += [f"::debug::Running: {gha_data(v[1])}", "::endgroup::"]
        if half():
            out += [f"::error title=Step failed::Command failed: {gha_data(v[1])}%0Aexit status 1"]
        else:
            out += [cmd_output()]
    else:
        out += ["::endgroup::", f"::notice file={v[1].lstrip('/')},line=1,title=Rendered config::{gha_data(v[2])}"]
        if half():
            out += ['$ cat "$GITHUB_OUTPUT"', f"config<<{delim}", *file_lines(v[2]), delim]
    body = "\n".join(out) + "\n"
    view = R.randrange(3)
    if view == 0:
        return term("./.github/scripts/prepare.sh", body)
    if view == 1:
        return term("act -j prepare --quiet 2>&1 | sed -n '/::group::Prepare/,$p'", body)
    return "result", "read_file", body, plain_piecer


# ---------------------------------------------------------------- families

KINDS = {
    "sdk-object-reprs": sdk_object_reprs,
    "http-client-debug-logs": http_client_debug_logs,
    "build-dsl-creds": build_dsl_creds,
    "hcl-lua-elixir-configs": hcl_lua_elixir_configs,
    "secret-cli-reveals": secret_cli_reveals,
    "markup-handover-notes": markup_handover_notes,
    "split-wrapped-values": split_wrapped_values,
    "powershell-credential-mistakes": powershell_credential_mistakes,
}

CONTEXTS = {
    "mcp-server-log": mcp_server_log,
    "debugger-session": debugger_session,
    "structlog-console": structlog_console,
    "celery-worker-log": celery_worker_log,
    "mlflow-run-params": mlflow_run_params,
    "agent-trace-export": agent_trace_export,
    "xmlrpc-soap": xmlrpc_soap,
    "gha-workflow-commands": gha_workflow_commands,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r24", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
