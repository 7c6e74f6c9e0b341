"""Round 15 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 14 have been read, measured or worked on, or written. Round 15 was written blind, like
rounds 5 to 14: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL fields), never the rules
nor anything under `engine/src`, `BENCHMARKS.md` nor `docs/`, and never ran the engine on it.

Kind families and context families: see `SPLIT.md`, round 15. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round15.py     # rewrites round15.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
import shlex
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
    deal,
    env,
    env_clean,
    env_pairs,
    file_lines,
    item,
    item_path,
    jwt,
    password,
    pick,
    rbytes,
    rs,
    shown_lines,
    ts_epoch,
    uuid4,
    write_round,
)

SEED = 1751
OUT = Path(__file__).with_name("round15.jsonl")

HELD_OUT_KINDS = {"payments-emerging", "uri-userinfo-rare"}
HELD_OUT_CONTEXTS = {"pgdump-copy", "windows-eventlog", "swaks-smtp"}


def hs256(claims):
    return jwt({"alg": "HS256", "typ": "JWT"}, claims)


def ref(name):
    return pick("${" + name + "}", "$" + name)


# ---------------------------------------------------------------- kind: apm-error-trackers


def apm_error_trackers(is_clean):
    """APM and error-tracking keys no round had: Bugsnag, Raygun, Honeybadger, AppSignal, Airbrake, Instana agent
    keys, Elastic APM secret tokens, SigNoz ingestion keys."""
    if is_clean:
        form = deal("apm/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("BUGSNAG_API_KEY", ref("BUGSNAG_API_KEY")),
                    ("RAYGUN_APIKEY", ""),
                    ("HONEYBADGER_API_KEY", "hbp_****************************"),
                    ("APPSIGNAL_PUSH_API_KEY", "<appsignal-push-api-key>"),
                    ("ELASTIC_APM_SERVER_URL", "https://apm.corp.example:8200"),
                ]
            )
        if form == 1:
            doc = {
                "id": uuid4(),
                "errorHash": rs(32, HEX),
                "groupingKey": rs(40, HEX),
                "occurredOn": "2026-12-05T10:11:12Z",
                "details": {"machineName": "web-3", "version": f"4.{R.randint(0, 20)}.{R.randint(0, 9)}", "error": {"className": "TimeoutError"}},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/raygun-entry.json")
        if form == 2:
            text = (
                "elastic_apm:\n"
                "  service_name: billing-api\n"
                "  server_url: https://apm.corp.example:8200\n"
                '  secret_token: "${ELASTIC_APM_SECRET_TOKEN}"\n'
                f"  environment: production\n  transaction_sample_rate: 0.{R.randint(1, 9)}\n"
            )
            return clean(text, fmt="yaml", name="config/apm.yml")
        if form == 3:
            return cmd(
                f'curl -s -X POST https://api.raygun.com/entries -H "X-ApiKey: $RAYGUN_APIKEY" -H "Content-Type: application/json" -d @crash-{rs(8, HEX)}.json',
                [],
            )
        text = (
            f"Bugsnag.start({{\n  apiKey: process.env.BUGSNAG_API_KEY,\n  appVersion: '{R.randint(1, 9)}.{R.randint(0, 30)}.0',\n"
            f"  releaseStage: 'production',\n}})\n// build {rs(40, HEX)}\n"
        )
        return clean(text, fmt="js", name="server/bugsnag.js")
    form = deal("apm/secret", 8)
    if form == 0:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return env([("BUGSNAG_API_KEY", k), ("BUGSNAG_RELEASE_STAGE", "production")], [("bugsnag-api-key", k)])
        return cmd(
            f"bugsnag-cli upload node --api-key={k} --app-version=4.{R.randint(0, 20)}.0 --directory=dist",
            [("bugsnag-api-key", k)],
        )
    if form == 1:
        k = rs(22, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -X POST https://api.raygun.com/entries -H "X-ApiKey: {k}" -H "Content-Type: application/json" -d @crash.json',
                [("raygun-api-key", k)],
            )
        text = f'<RaygunSettings apikey="{k}" />\n'
        text = f'<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  {text}</configuration>\n'
        return item(text, [("raygun-api-key", k)], fmt="xml", name="web.config")
    if form == 2:
        k = "hbp_" + rs(36, ALNUM)
        if R.random() < 0.5:
            text = f"---\napi_key: '{k}'\nenv: production\ninsights:\n  enabled: true\n"
            return item(text, [("honeybadger-api-key", k)], fmt="yaml", name="config/honeybadger.yml")
        return env([("HONEYBADGER_API_KEY", k), ("HONEYBADGER_ENV", "production")], [("honeybadger-api-key", k)])
    if form == 3:
        k = uuid4()
        if R.random() < 0.5:
            return env([("APPSIGNAL_APP_NAME", "billing"), ("APPSIGNAL_PUSH_API_KEY", k)], [("appsignal-push-api-key", k)])
        text = f'default: &defaults\n  push_api_key: "{k}"\n  name: "billing"\n\nproduction:\n  <<: *defaults\n  active: true\n'
        return item(text, [("appsignal-push-api-key", k)], fmt="yaml", name="config/appsignal.yml")
    if form == 4:
        k = rs(32, HEX)
        text = f'import pybrake\n\nnotifier = pybrake.Notifier(\n    project_id={R.randint(100000, 999999)},\n    project_key="{k}",\n    environment="production",\n)\n'
        return item(text, [("airbrake-project-key", k)], fmt="py", name="app/errors.py")
    if form == 5:
        k = rs(22, URLSAFE)
        if R.random() < 0.5:
            return cmd(
                f"helm install instana-agent instana/instana-agent -n instana-agent --create-namespace --set agent.key={k} --set agent.endpointHost=ingress-red-saas.instana.io --set cluster.name=prod",
                [("instana-agent-key", k)],
            )
        return cmd(
            f"docker run -d --name instana-agent --privileged --net=host -e INSTANA_AGENT_ENDPOINT=ingress-red-saas.instana.io -e INSTANA_AGENT_KEY={k} icr.io/instana/agent",
            [("instana-agent-key", k)],
        )
    if form == 6:
        k = rs(R.choice([24, 32]), ALNUM)
        if R.random() < 0.5:
            return env(
                [("ELASTIC_APM_SERVER_URL", "https://apm.corp.example:8200"), ("ELASTIC_APM_SECRET_TOKEN", k)], [("elastic-apm-secret-token", k)]
            )
        return cmd(
            f"java -javaagent:/opt/elastic-apm-agent.jar -Delastic.apm.service_name=billing -Delastic.apm.server_url=https://apm.corp.example:8200 -Delastic.apm.secret_token={k} -jar billing.jar",
            [("elastic-apm-secret-token", k)],
        )
    k = rs(36, ALNUM)
    text = (
        "exporters:\n  otlp:\n    endpoint: ingest.eu.signoz.cloud:443\n    tls:\n      insecure: false\n"
        f'    headers:\n      signoz-ingestion-key: "{k}"\n'
        "service:\n  pipelines:\n    traces:\n      receivers: [otlp]\n      exporters: [otlp]\n"
    )
    return item(text, [("signoz-ingestion-key", k)], fmt="yaml", name="otel-collector.yaml")


# ---------------------------------------------------------------- kind: ai-model-hosts


def ai_model_hosts(is_clean):
    """AI inference and model-hosting keys no round had: DeepInfra, Baseten, AI21, Stability AI, SambaNova,
    Hyperbolic, Upstage, DashScope, Zhipu."""
    if is_clean:
        form = deal("ai/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("DEEPINFRA_API_KEY", ref("DEEPINFRA_API_KEY")),
                    ("BASETEN_API_KEY", ""),
                    ("STABILITY_API_KEY", "sk-************************"),
                    ("DASHSCOPE_API_KEY", "<your-dashscope-key>"),
                    ("SAMBANOVA_BASE_URL", "https://api.sambanova.ai/v1"),
                ]
            )
        if form == 1:
            doc = {
                "id": f"chatcmpl-{rs(29, ALNUM)}",
                "object": "chat.completion",
                "created": ts_epoch(),
                "model": "meta-llama/Meta-Llama-3.1-70B-Instruct",
                "system_fingerprint": f"fp_{rs(10, HEX)}",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": "Done."}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": R.randint(10, 900), "completion_tokens": R.randint(1, 90)},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/deepinfra-response.json")
        if form == 2:
            text = (
                "import os\n\nfrom openai import OpenAI\n\n"
                'client = OpenAI(api_key=os.environ["UPSTAGE_API_KEY"], base_url="https://api.upstage.ai/v1")\n'
                f"# request id {uuid4()}\n"
            )
            return clean(text, fmt="py", name="llm/upstage.py")
        if form == 3:
            model = rs(8, LOWER + DIGITS)
            return cmd(
                f'curl -s -X POST https://model-{model}.api.baseten.co/environments/production/predict -H "Authorization: Api-Key $BASETEN_API_KEY" -d \'{{"prompt": "hello"}}\'',
                [],
            )
        text = f"artifacts:\n  - seed: {R.randint(10**8, 4 * 10**9)}\n    finishReason: SUCCESS\n    sha256: {rs(64, HEX)}\n    id: {uuid4()}\n"
        return clean(text, fmt="yaml", name="out/stability-run.yml")
    form = deal("ai/secret", 9)
    if form == 0:
        k = rs(32, ALNUM)
        text = f'from openai import OpenAI\n\nclient = OpenAI(\n    api_key="{k}",\n    base_url="https://api.deepinfra.com/v1/openai",\n)\n'
        if R.random() < 0.5:
            return item(text, [("deepinfra-api-key", k)], fmt="py", name="llm/deepinfra.py")
        return env([("DEEPINFRA_API_KEY", k), ("LLM_MODEL", "meta-llama/Meta-Llama-3.1-70B-Instruct")], [("deepinfra-api-key", k)])
    if form == 1:
        k = rs(8, ALNUM) + "." + rs(32, ALNUM)
        model = rs(8, LOWER + DIGITS)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -X POST https://model-{model}.api.baseten.co/environments/production/predict -H "Authorization: Api-Key {k}" -d \'{{"prompt": "hello"}}\'',
                [("baseten-api-key", k)],
            )
        return env([("BASETEN_API_KEY", k), ("BASETEN_MODEL_ID", model)], [("baseten-api-key", k)])
    if form == 2:
        k = rs(32, ALNUM)
        text = f'from ai21 import AI21Client\n\nclient = AI21Client(api_key="{k}")\nresponse = client.chat.completions.create(model="jamba-large", messages=messages)\n'
        return item(text, [("ai21-api-key", k)], fmt="py", name="llm/ai21_client.py")
    if form == 3:
        k = "sk-" + rs(48, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -f -sS https://api.stability.ai/v2beta/stable-image/generate/core -H "Authorization: Bearer {k}" -H "Accept: image/*" -F prompt="a lighthouse at dusk" -o out.webp',
                [("stability-api-key", k)],
            )
        return env([("STABILITY_API_KEY", k)], [("stability-api-key", k)])
    if form == 4:
        k = uuid4()
        return env([("SAMBANOVA_API_KEY", k), ("SAMBANOVA_BASE_URL", "https://api.sambanova.ai/v1")], [("sambanova-api-key", k)])
    if form == 5:
        k = hs256({"sub": f"{rs(6, LOWER)}@corp.example", "iat": ts_epoch()})
        if R.random() < 0.5:
            return env([("HYPERBOLIC_API_KEY", k)], [("hyperbolic-api-key", k)])
        return cmd(
            f'curl -s https://api.hyperbolic.xyz/v1/chat/completions -H "Content-Type: application/json" -H "Authorization: Bearer {k}" -d @req.json',
            [("hyperbolic-api-key", k)],
        )
    if form == 6:
        k = "up_" + rs(32, ALNUM)
        text = f'from openai import OpenAI\n\nclient = OpenAI(\n    api_key="{k}",\n    base_url="https://api.upstage.ai/v1",\n)\n'
        return item(text, [("upstage-api-key", k)], fmt="py", name="llm/upstage.py")
    if form == 7:
        k = "sk-" + rs(32, HEX)
        if R.random() < 0.5:
            return env([("DASHSCOPE_API_KEY", k)], [("dashscope-api-key", k)])
        return cmd(
            f"DASHSCOPE_API_KEY={k} python -m app.summarise --model qwen-plus --in docs/",
            [("dashscope-api-key", k)],
        )
    k = rs(32, HEX) + "." + rs(16, ALNUM)
    text = f'from zhipuai import ZhipuAI\n\nclient = ZhipuAI(api_key="{k}")\n'
    return item(text, [("zhipu-api-key", k)], fmt="py", name="llm/glm.py")


# ---------------------------------------------------------------- kind: build-cache-registries


def build_cache_registries(is_clean):
    """Build caches, artifact hosts and CI add-ons no round had: Develocity access keys, Depot tokens, Gemfury push
    tokens, packagecloud tokens, Cachix auth tokens, Nx Cloud access tokens, Turborepo remote-cache tokens,
    BuildBuddy API keys in `.bazelrc`."""
    if is_clean:
        form = deal("build/clean", 5)
        if form == 0:
            text = f'{{\n  "id": "{rs(10, LOWER + DIGITS)}"\n}}\n'
            return clean(text, fmt="json", name="depot.json")
        if form == 1:
            text = (
                "build --bes_results_url=https://app.buildbuddy.io/invocation/\n"
                "build --bes_backend=grpcs://remote.buildbuddy.io\n"
                "build --remote_cache=grpcs://remote.buildbuddy.io\n"
                "build --remote_timeout=3600\n"
                "try-import %workspace%/.bazelrc.user\n"
            )
            return clean(text, name=".bazelrc")
        if form == 2:
            text = (
                "substituters = https://cache.nixos.org https://corp.cachix.org\n"
                f"trusted-public-keys = cache.nixos.org-1:6NCHdD59X431o0gWypbMrAURkbJ16ZPMQFGspcDShjY= corp.cachix.org-1:{b64(rbytes(32))}\n"
            )
            return clean(text, name="nix.conf")
        if form == 3:
            text = f'{{\n  "extends": "nx/presets/npm.json",\n  "nxCloudId": "{rs(24, HEX)}",\n  "targetDefaults": {{ "build": {{ "cache": true }} }}\n}}\n'
            return clean(text, fmt="json", name="nx.json")
        return env_clean(
            [
                ("TURBO_TEAM", "corp"),
                ("TURBO_TOKEN", ref("TURBO_TOKEN")),
                ("DEPOT_TOKEN", ""),
                ("FURY_TOKEN", "<gemfury-push-token>"),
                ("DEVELOCITY_ACCESS_KEY", "ge.corp.example=********"),
            ]
        )
    form = deal("build/secret", 8)
    if form == 0:
        k = rs(52, LOWER + DIGITS)
        if R.random() < 0.5:
            return env([("DEVELOCITY_ACCESS_KEY", f"ge.corp.example={k}")], [("develocity-access-key", k)])
        return item(f"ge.corp.example={k}\n", [("develocity-access-key", k)], fmt="properties", name=".gradle/develocity/keys.properties")
    if form == 1:
        k = pick("depot_project_", "depot_org_") + rs(64, HEX)
        if R.random() < 0.5:
            return cmd(
                f"depot build --project {rs(10, LOWER + DIGITS)} --token {k} -t registry.corp.example/api:latest --push .", [("depot-token", k)]
            )
        return env([("DEPOT_TOKEN", k), ("DEPOT_PROJECT_ID", rs(10, LOWER + DIGITS))], [("depot-token", k)])
    if form == 2:
        k = rs(20, ALNUM)
        if R.random() < 0.5:
            return cmd(f"curl -F package=@dist/corp-client-1.{R.randint(0, 20)}.0.tgz https://{k}@push.fury.io/corp/", [("gemfury-push-token", k)])
        return env([("FURY_TOKEN", k), ("FURY_ACCOUNT", "corp")], [("gemfury-push-token", k)])
    if form == 3:
        k = rs(48, HEX)
        if R.random() < 0.5:
            return item(f'{{"url":"https://packagecloud.io","token":"{k}"}}\n', [("packagecloud-token", k)], fmt="json", name=".packagecloud")
        return cmd(
            f"PACKAGECLOUD_TOKEN={k} package_cloud push corp/stable/ubuntu/noble build/corp-agent_2.4.1_amd64.deb", [("packagecloud-token", k)]
        )
    if form == 4:
        k = hs256({"jti": uuid4(), "sub": uuid4(), "scopes": "tx"})
        if R.random() < 0.5:
            return cmd(f"cachix authtoken {k} && nix build .#default --json | jq -r '.[].outputs.out' | cachix push corp", [("cachix-auth-token", k)])
        return env([("CACHIX_AUTH_TOKEN", k), ("CACHIX_CACHE", "corp")], [("cachix-auth-token", k)])
    if form == 5:
        k = b64(rbytes(R.choice([48, 54])))
        return env([("NX_CLOUD_ACCESS_TOKEN", k), ("NX_BRANCH", "main")], [("nx-cloud-access-token", k)])
    if form == 6:
        k = rs(24, ALNUM)
        if R.random() < 0.5:
            return cmd(f"npx turbo run build --team=corp --token={k} --cache-dir=.turbo", [("turbo-remote-cache-token", k)])
        return env([("TURBO_TEAM", "corp"), ("TURBO_TOKEN", k), ("TURBO_API", "https://cache.corp.example")], [("turbo-remote-cache-token", k)])
    k = rs(20, ALNUM)
    text = f"build --remote_cache=grpcs://remote.buildbuddy.io\nbuild --remote_header=x-buildbuddy-api-key={k}\nbuild --bes_backend=grpcs://remote.buildbuddy.io\n"
    if R.random() < 0.5:
        return item(text, [("buildbuddy-api-key", k)], name=".bazelrc.user")
    return cmd(f"bazel test //... --remote_header=x-buildbuddy-api-key={k} --bes_backend=grpcs://remote.buildbuddy.io", [("buildbuddy-api-key", k)])


# ---------------------------------------------------------------- kind: auth-sso-more


def auth_sso_more(is_clean):
    """Identity and SSO secrets no round had: Ory project API keys, Frontegg API keys, SuperTokens core API keys,
    PropelAuth, LoginRadius API secrets, Casdoor client secrets, Auth.js / Better Auth secrets, Pomerium shared and
    cookie secrets, Teleport join tokens."""
    if is_clean:
        form = deal("sso/clean", 6)
        if form == 5:
            h = f"$argon2id$v=19$m=65536,t=3,p=4${b64(rbytes(16)).rstrip('=')}${b64(rbytes(32)).rstrip('=')}"
            doc = {
                "schema_id": "default",
                "traits": {"email": f"{rs(6, LOWER)}@corp.example"},
                "credentials": {"password": {"config": {"hashed_password": h}}},
                "state": "active",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="kratos/import/identity.json")
        if form == 0:
            return env_clean(
                [
                    ("AUTH_URL", "https://app.corp.example"),
                    ("AUTH_SECRET", ""),
                    ("BETTER_AUTH_SECRET", "<generate with openssl rand -base64 32>"),
                    ("ORY_PROJECT_API_KEY", ref("ORY_PROJECT_API_KEY")),
                    ("FRONTEGG_CLIENT_ID", uuid4()),
                ]
            )
        if form == 1:
            text = (
                "authenticate_service_url: https://authenticate.corp.example\n"
                "shared_secret_file: /run/secrets/pomerium_shared\n"
                "cookie_secret_file: /run/secrets/pomerium_cookie\n"
                f"idp_provider: oidc\nidp_client_id: {uuid4()}\n"
            )
            return clean(text, fmt="yaml", name="pomerium/config.yaml")
        if form == 2:
            doc = {
                "keys": [
                    {
                        "kty": "RSA",
                        "use": "sig",
                        "alg": "RS256",
                        "kid": rs(16, HEX),
                        "n": b64(rbytes(256)).rstrip("=").replace("+", "-").replace("/", "_"),
                        "e": "AQAB",
                    }
                ]
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/jwks.json")
        if form == 3:
            return cmd(
                f'curl -s -X POST https://api.frontegg.com/auth/vendor/ -H "Content-Type: application/json" -d "{{\\"clientId\\":\\"{uuid4()}\\",\\"secret\\":\\"$FRONTEGG_API_KEY\\"}}"',
                [],
            )
        text = (
            "[casdoor]\n"
            "endpoint = https://auth.corp.example\n"
            f"client_id = {rs(20, HEX)}\n"
            "client_secret = ${CASDOOR_CLIENT_SECRET}\n"
            "organization = corp\napplication = portal\n"
        )
        return clean(text, fmt="ini", name="conf/casdoor.ini")
    form = deal("sso/secret", 9)
    if form == 0:
        k = "ory_pat_" + rs(32, ALNUM)
        if R.random() < 0.5:
            return env(
                [("ORY_SDK_URL", f"https://{rs(6, LOWER)}-{rs(6, LOWER)}-{rs(8, HEX)}.projects.oryapis.com"), ("ORY_PROJECT_API_KEY", k)],
                [("ory-api-key", k)],
            )
        return cmd(f'curl -s https://api.console.ory.sh/projects -H "Authorization: Bearer {k}"', [("ory-api-key", k)])
    if form == 1:
        k = uuid4()
        cid = uuid4()
        if R.random() < 0.5:
            return env([("FRONTEGG_CLIENT_ID", cid), ("FRONTEGG_API_KEY", k)], [("frontegg-api-key", k)])
        return cmd(
            f'curl -s -X POST https://api.frontegg.com/auth/vendor/ -H "Content-Type: application/json" -d \'{{"clientId":"{cid}","secret":"{k}"}}\'',
            [("frontegg-api-key", k)],
        )
    if form == 2:
        k = rs(R.randint(30, 40), ALNUM + "-")
        if R.random() < 0.5:
            text = (
                'import supertokens from "supertokens-node";\n\nsupertokens.init({\n  supertokens: {\n'
                f'    connectionURI: "https://st.corp.example",\n    apiKey: "{k}",\n  }},\n  appInfo: {{ appName: "portal" }},\n}});\n'
            )
            return item(text, [("supertokens-api-key", k)], fmt="js", name="server/auth.ts")
        return cmd(
            f"docker run -d -p 3567:3567 -e API_KEYS={k} -e POSTGRESQL_CONNECTION_URI=postgresql://st@db/supertokens registry.supertokens.io/supertokens/supertokens-postgresql",
            [("supertokens-api-key", k)],
        )
    if form == 3:
        k = rs(96, HEX)
        return env([("PROPELAUTH_AUTH_URL", "https://auth.corp.example"), ("PROPELAUTH_API_KEY", k)], [("propelauth-api-key", k)])
    if form == 4:
        k = uuid4()
        return env([("LOGINRADIUS_API_KEY", uuid4()), ("LOGINRADIUS_API_SECRET", k)], [("loginradius-api-secret", k)])
    if form == 5:
        k = rs(40, HEX)
        text = f"[casdoor]\nendpoint = https://auth.corp.example\nclient_id = {rs(20, HEX)}\nclient_secret = {k}\norganization = corp\n"
        return item(text, [("casdoor-client-secret", k)], fmt="ini", name="conf/casdoor.ini")
    if form == 6:
        k = b64(rbytes(32))
        name = pick("AUTH_SECRET", "NEXTAUTH_SECRET", "BETTER_AUTH_SECRET")
        return env([("AUTH_URL", "https://app.corp.example"), (name, k)], [("authjs-secret", k)], name=".env.local")
    if form == 7:
        a, c = b64(rbytes(32)), b64(rbytes(32))
        text = f"authenticate_service_url: https://authenticate.corp.example\nshared_secret: {a}\ncookie_secret: {c}\nidp_provider: oidc\n"
        return item(text, [("pomerium-shared-secret", a), ("pomerium-cookie-secret", c)], fmt="yaml", name="pomerium/config.yaml")
    k = rs(32, HEX)
    if R.random() < 0.5:
        return cmd(
            f"sudo teleport node configure --token={k} --proxy=teleport.corp.example:443 --output=file:///etc/teleport.yaml",
            [("teleport-join-token", k)],
        )
    text = f"version: v3\nteleport:\n  nodename: web-3\n  join_params:\n    token_name: {k}\n    method: token\n  proxy_server: teleport.corp.example:443\n"
    return item(text, [("teleport-join-token", k)], fmt="yaml", name="etc/teleport.yaml")


# ---------------------------------------------------------------- kind: stream-game-keys


def stream_game_keys(is_clean):
    """Live-streaming ingest keys and game-platform keys: Twitch, YouTube, Kick and Restream stream keys (in RTMP
    URLs, `ffmpeg` commands, OBS's `service.json`), Roblox Open Cloud API keys, Unity service-account secrets,
    Nakama server and session keys, Lichess `lip_` tokens, Hathora developer tokens."""
    if is_clean:
        form = deal("stream/clean", 5)
        if form == 0:
            doc = {"settings": {"bwtest": False, "key": "", "server": "auto", "service": "Twitch"}, "type": "rtmp_common"}
            return clean(json.dumps(doc, indent=4) + "\n", fmt="json", name="obs-studio/basic/profiles/Live/service.json")
        if form == 1:
            return cmd(
                'ffmpeg -re -i show.mp4 -c:v libx264 -preset veryfast -b:v 4500k -c:a aac -f flv "rtmp://live.twitch.tv/app/${TWITCH_STREAM_KEY}"',
                [],
            )
        if form == 2:
            text = (
                "socket:\n  server_key: defaultkey\n  port: 7350\n"
                "session:\n  encryption_key: ${NAKAMA_SESSION_KEY}\n  token_expiry_sec: 7200\n"
                f"logger:\n  level: INFO\n# build {rs(40, HEX)}\n"
            )
            return clean(text, fmt="yaml", name="nakama/config.yml")
        if form == 3:
            rows = ["video_id     title                         views"]
            for t in ("Patch notes 4.2", "Dev stream #31", "Ranked finals"):
                rows.append(f"{rs(11, URLSAFE)}  {t:<28}  {R.randint(100, 90000)}")
            rows.append(f"twitch client_id: {rs(30, LOWER + DIGITS)}")
            return clean("\n".join(rows) + "\n", name="out/videos.txt")
        return env_clean(
            [
                ("ROBLOX_UNIVERSE_ID", str(R.randint(10**9, 7 * 10**9))),
                ("ROBLOX_API_KEY", "<open-cloud-api-key>"),
                ("UNITY_PROJECT_ID", uuid4()),
                ("UNITY_SERVICE_ACCOUNT_SECRET", "********"),
                ("LICHESS_TOKEN", ref("LICHESS_TOKEN")),
            ]
        )
    form = deal("stream/secret", 8)
    if form == 0:
        k = f"live_{R.randint(10**8, 10**9 - 1)}_{rs(30, ALNUM)}"
        if R.random() < 0.5:
            return cmd(
                f"ffmpeg -re -i show.mp4 -c:v libx264 -preset veryfast -b:v 4500k -c:a aac -f flv rtmp://live.twitch.tv/app/{k}",
                [("twitch-stream-key", k)],
            )
        doc = {"settings": {"bwtest": False, "key": k, "server": "auto", "service": "Twitch"}, "type": "rtmp_common"}
        return item(json.dumps(doc, indent=4) + "\n", [("twitch-stream-key", k)], fmt="json", name="obs-studio/basic/profiles/Live/service.json")
    if form == 1:
        k = "-".join(rs(4, LOWER + DIGITS) for _ in range(5))
        if R.random() < 0.5:
            return cmd(
                f"ffmpeg -re -stream_loop -1 -i loop.mp4 -c copy -f flv rtmp://a.rtmp.youtube.com/live2/{k}",
                [("youtube-stream-key", k)],
            )
        return env([("YOUTUBE_RTMP_URL", "rtmp://a.rtmp.youtube.com/live2"), ("YOUTUBE_STREAM_KEY", k)], [("youtube-stream-key", k)])
    if form == 2:
        if R.random() < 0.5:
            k = f"sk_us-west-2_{rs(12, ALNUM)}_{rs(30, ALNUM)}"
            return env(
                [("KICK_RTMP_URL", "rtmps://fa723fc1b171.global-contribute.live-video.net:443/app/"), ("KICK_STREAM_KEY", k)],
                [("kick-stream-key", k)],
            )
        k = f"re_{R.randint(10**6, 10**7 - 1)}_{rs(20, HEX)}"
        return cmd(f"ffmpeg -re -i show.mp4 -c copy -f flv rtmp://live.restream.io/live/{k}", [("restream-stream-key", k)])
    if form == 3:
        k = b64(rbytes(R.randint(180, 240)))
        if R.random() < 0.5:
            return cmd(
                f'curl -s -X POST "https://apis.roblox.com/universes/v1/{R.randint(10**9, 7 * 10**9)}/places/{R.randint(10**9, 9 * 10**9)}/versions?versionType=Published" -H "x-api-key: {k}" -H "Content-Type: application/octet-stream" --data-binary @place.rbxl',
                [("roblox-open-cloud-key", k)],
            )
        return env([("ROBLOX_UNIVERSE_ID", str(R.randint(10**9, 7 * 10**9))), ("ROBLOX_API_KEY", k)], [("roblox-open-cloud-key", k)])
    if form == 4:
        kid, k = uuid4(), rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -u {kid}:{k} https://services.api.unity.com/multiplay/servers/v1/projects/{uuid4()}/environments/{uuid4()}/servers",
                [("unity-service-account-secret", k)],
            )
        return env([("UNITY_SERVICE_ACCOUNT_KEY_ID", kid), ("UNITY_SERVICE_ACCOUNT_SECRET", k)], [("unity-service-account-secret", k)])
    if form == 5:
        sk, ek = rs(24, ALNUM), rs(32, ALNUM)
        text = f"name: nakama1\nsocket:\n  server_key: {sk}\n  port: 7350\nsession:\n  encryption_key: {ek}\n  token_expiry_sec: 7200\n"
        return item(text, [("nakama-server-key", sk), ("nakama-session-key", ek)], fmt="yaml", name="nakama/config.yml")
    if form == 6:
        k = "lip_" + rs(20, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://lichess.org/api/account -H "Authorization: Bearer {k}"', [("lichess-token", k)])
        return env([("LICHESS_BOT_TOKEN", k)], [("lichess-token", k)])
    k = jwt(
        {"alg": "RS256", "typ": "JWT", "kid": rs(16, URLSAFE)},
        {"iss": "https://auth.hathora.dev/", "sub": f"auth0|{rs(24, HEX)}", "aud": "https://cloud.hathora.com"},
        256,
    )
    return env([("HATHORA_APP_ID", f"app-{uuid4()}"), ("HATHORA_TOKEN", k)], [("hathora-developer-token", k)])


# ---------------------------------------------------------------- kind: geo-fleet-iot


def geo_fleet_iot(is_clean):
    """Maps, geo and fleet / IoT keys no round had: ArcGIS API keys, Radar secret keys, Geoapify, MapTiler, Stadia
    Maps, what3words, Tuya cloud access secrets, SmartThings personal tokens, Samsara API tokens."""
    if is_clean:
        form = deal("geo/clean", 5)
        if form == 0:
            text = (
                'import Radar from "radar-sdk-js";\n\n'
                f'Radar.initialize("prj_live_pk_{rs(40, HEX)}");\n'
                "Radar.trackOnce().then(({ location }) => console.log(location));\n"
            )
            return clean(text, fmt="js", name="web/src/geo.ts")
        if form == 1:
            doc = {
                "result": [
                    {"id": rs(22, LOWER + DIGITS), "name": n, "online": True, "product_id": rs(16, LOWER + DIGITS)}
                    for n in ("Hall lamp", "Garage plug")
                ],
                "success": True,
                "t": ts_epoch() * 1000,
                "tid": rs(32, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/tuya-devices.json")
        if form == 2:
            return cmd(
                "curl -s \"https://api.geoapify.com/v1/geocode/search?text=Berlin&apiKey=${GEOAPIFY_API_KEY}\" | jq '.features[0].properties.place_id'",
                [],
            )
        if form == 3:
            return env_clean(
                [
                    ("ARCGIS_API_KEY", ""),
                    ("SAMSARA_API_TOKEN", "samsara_api_********"),
                    ("SMARTTHINGS_LOCATION_ID", uuid4()),
                    ("W3W_ADDRESS", "///filled.count.soap"),
                    ("STADIA_API_KEY", ref("STADIA_API_KEY")),
                ]
            )
        text = "vehicle_id,asset_id,lat,lon\n" + "".join(
            f"{R.randint(10**14, 10**15)},{uuid4()},{R.uniform(40, 55):.5f},{R.uniform(-5, 20):.5f}\n" for _ in range(3)
        )
        return clean(text, fmt="csv", name="out/fleet.csv")
    form = deal("geo/secret", 9)
    if form == 0:
        k = "AAPK" + rs(96, URLSAFE)
        if R.random() < 0.5:
            text = f'from arcgis.gis import GIS\n\ngis = GIS(api_key="{k}")\nresults = gis.content.search("owner:corp_gis", max_items=20)\n'
            return item(text, [("arcgis-api-key", k)], fmt="py", name="gis/search.py")
        return cmd(
            f'curl -s "https://geocode-api.arcgis.com/arcgis/rest/services/World/GeocodeServer/findAddressCandidates?SingleLine=Berlin&f=json&token={k}"',
            [("arcgis-api-key", k)],
        )
    if form == 1:
        k = "prj_live_sk_" + rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://api.radar.io/v1/geocode/forward?query=20+jay+st+brooklyn" -H "Authorization: {k}"', [("radar-secret-key", k)]
            )
        return env([("RADAR_SECRET_KEY", k), ("RADAR_PUBLISHABLE_KEY", "prj_live_pk_" + rs(40, HEX))], [("radar-secret-key", k)])
    if form == 2:
        k = rs(32, HEX)
        return cmd(
            f'curl -s "https://api.geoapify.com/v1/routing?waypoints=52.52,13.40|52.50,13.45&mode=drive&apiKey={k}"', [("geoapify-api-key", k)]
        )
    if form == 3:
        k = rs(20, ALNUM)
        return env([("MAPTILER_API_KEY", k), ("TILES_STYLE", "streets-v2")], [("maptiler-api-key", k)])
    if form == 4:
        k = uuid4()
        return cmd(f'curl -s "https://api.stadiamaps.com/geocoding/v1/search?text=Lisbon&api_key={k}"', [("stadia-api-key", k)])
    if form == 5:
        k = rs(8, UPPER + DIGITS)
        if R.random() < 0.5:
            return env([("W3W_API_KEY", k)], [("what3words-api-key", k)])
        return cmd(f'curl -s "https://api.what3words.com/v3/convert-to-coordinates?words=filled.count.soap&key={k}"', [("what3words-api-key", k)])
    if form == 6:
        aid, sec = rs(20, LOWER + DIGITS), rs(32, LOWER + DIGITS)
        doc = {"apiKey": aid, "apiSecret": sec, "apiRegion": pick("eu", "us"), "apiDeviceID": rs(22, LOWER + DIGITS)}
        return item(json.dumps(doc, indent=4) + "\n", [("tuya-access-secret", sec)], fmt="json", name="tinytuya.json")
    if form == 7:
        k = uuid4()
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.smartthings.com/v1/devices -H "Authorization: Bearer {k}"', [("smartthings-pat", k)])
        return env([("SMARTTHINGS_TOKEN", k)], [("smartthings-pat", k)])
    k = "samsara_api_" + rs(30, ALNUM)
    if R.random() < 0.5:
        return cmd(f'curl -s https://api.samsara.com/fleet/vehicles/locations -H "Authorization: Bearer {k}"', [("samsara-api-token", k)])
    return env([("SAMSARA_API_TOKEN", k)], [("samsara-api-token", k)])


# ---------------------------------------------------------------- kind: payments-emerging (held out)


def payments_emerging(is_clean):
    """Payment providers of Asia, Latin America and Africa no round had: PayMongo, Omise, Conekta, Culqi, iyzico,
    Wompi, Cashfree, PhonePe, M-Pesa Daraja, Yoco, PayFast, Toss Payments."""
    if is_clean:
        form = deal("pay/clean", 6)
        if form == 5:
            return cmd(
                f'curl -s https://api.phonepe.com/apis/hermes/pg/v1/status/M{rs(12, UPPER + DIGITS)}/T{R.randint(10**9, 10**10)} -H "X-VERIFY: {rs(64, HEX)}###1" -H "X-MERCHANT-ID: M{rs(12, UPPER + DIGITS)}"',
                [],
            )
        if form == 0:
            text = f'<script src="https://cdn.omise.co/omise.js"></script>\n<script>\n  Omise.setPublicKey("pkey_{rs(19, LOWER + DIGITS)}");\n</script>\n'
            return clean(text, fmt="html", name="web/checkout.html")
        if form == 1:
            return env_clean(
                [
                    ("PAYMONGO_PUBLIC_KEY", "pk_live_" + rs(24, ALNUM)),
                    ("PAYMONGO_SECRET_KEY", ref("PAYMONGO_SECRET_KEY")),
                    ("TOSS_CLIENT_KEY", "live_ck_" + rs(20, ALNUM)),
                    ("CASHFREE_CLIENT_SECRET", ""),
                    ("MPESA_SHORTCODE", str(R.randint(100000, 999999))),
                ]
            )
        if form == 2:
            doc = {
                "event": "transaction.updated",
                "data": {
                    "transaction": {
                        "id": f"{R.randint(10000, 99999)}-{R.randint(10**12, 10**13)}-{R.randint(10000, 99999)}",
                        "status": "APPROVED",
                        "reference": rs(12, UPPER + DIGITS),
                    }
                },
                "signature": {"checksum": rs(64, HEX), "properties": ["transaction.id", "transaction.status"]},
                "timestamp": ts_epoch(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/wompi-event.json")
        if form == 3:
            return cmd(f'curl -s -u "$OMISE_SECRET_KEY:" https://api.omise.co/charges/chrg_{rs(19, LOWER + DIGITS)}', [])
        text = f'payfast:\n  merchant_id: "{R.randint(10**7, 10**8)}"\n  merchant_key: {rs(13, LOWER + DIGITS)}\n  passphrase: ""\n  sandbox: true\n'
        return clean(text, fmt="yaml", name="config/payfast.yml")
    form = deal("pay/secret", 12)
    if form == 0:
        k = "sk_live_" + rs(24, ALNUM)
        if R.random() < 0.5:
            return cmd(f"curl -s -u {k}: https://api.paymongo.com/v1/payment_intents/pi_{rs(24, ALNUM)}", [("paymongo-secret-key", k)])
        return env([("PAYMONGO_SECRET_KEY", k), ("PAYMONGO_PUBLIC_KEY", "pk_live_" + rs(24, ALNUM))], [("paymongo-secret-key", k)])
    if form == 1:
        k = "skey_" + pick("", "test_") + rs(19, LOWER + DIGITS)
        return cmd(
            f"curl -s https://api.omise.co/charges -u {k}: -d amount=100000 -d currency=thb -d card=tokn_{rs(19, LOWER + DIGITS)}",
            [("omise-secret-key", k)],
        )
    if form == 2:
        k = "key_" + rs(24, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://api.conekta.io/orders -H "Accept: application/vnd.conekta-v2.1.0+json" -H "Authorization: Bearer {k}"',
                [("conekta-private-key", k)],
            )
        return env([("CONEKTA_PRIVATE_KEY", k)], [("conekta-private-key", k)])
    if form == 3:
        k = "sk_live_" + rs(16, ALNUM)
        return env([("CULQI_PUBLIC_KEY", "pk_live_" + rs(16, ALNUM)), ("CULQI_SECRET_KEY", k)], [("culqi-secret-key", k)])
    if form == 4:
        ak, sk = "sandbox-" + rs(32, ALNUM), "sandbox-" + rs(32, ALNUM)
        if R.random() < 0.5:
            ak, sk = ak[8:], sk[8:]
        text = f'Options options = new Options();\noptions.setApiKey("{ak}");\noptions.setSecretKey("{sk}");\noptions.setBaseUrl("https://api.iyzipay.com");\n'
        return item(text, [("iyzico-secret-key", sk)], fmt="java", name="src/main/java/corp/pay/IyzicoConfig.java")
    if form == 5:
        k = "prv_prod_" + rs(32, ALNUM)
        ev = "prod_events_" + rs(32, ALNUM)
        return env(
            [("WOMPI_PUBLIC_KEY", "pub_prod_" + rs(32, ALNUM)), ("WOMPI_PRIVATE_KEY", k), ("WOMPI_EVENTS_SECRET", ev)],
            [("wompi-private-key", k), ("wompi-events-secret", ev)],
        )
    if form == 6:
        k = f"cfsk_ma_prod_{rs(32, HEX)}_{rs(8, HEX)}"
        return cmd(
            f'curl -s -X POST https://api.cashfree.com/pg/orders -H "x-api-version: 2023-08-01" -H "x-client-id: {R.randint(10**6, 10**7)}{rs(26, HEX)}" -H "x-client-secret: {k}" -d @order.json',
            [("cashfree-client-secret", k)],
        )
    if form == 7:
        k = uuid4()
        return env(
            [("PHONEPE_MERCHANT_ID", "M" + rs(12, UPPER + DIGITS)), ("PHONEPE_SALT_KEY", k), ("PHONEPE_SALT_INDEX", "1")], [("phonepe-salt-key", k)]
        )
    if form == 8:
        ck, cs = rs(48, ALNUM), rs(64, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -u {ck}:{cs} "https://api.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials"',
                [("mpesa-consumer-secret", cs)],
            )
        pk = rs(64, HEX)
        return env(
            [("MPESA_CONSUMER_KEY", ck), ("MPESA_CONSUMER_SECRET", cs), ("MPESA_PASSKEY", pk)], [("mpesa-consumer-secret", cs), ("mpesa-passkey", pk)]
        )
    if form == 9:
        k = "sk_live_" + rs(32, HEX)
        return cmd(f'curl -s https://payments.yoco.com/api/checkouts -H "Authorization: Bearer {k}" -d @checkout.json', [("yoco-secret-key", k)])
    if form == 10:
        pw = password()
        text = f'payfast:\n  merchant_id: "{R.randint(10**7, 10**8)}"\n  merchant_key: {rs(13, LOWER + DIGITS)}\n  passphrase: "{pw}"\n  sandbox: false\n'
        return item(text, [("payfast-passphrase", pw)], fmt="yaml", name="config/payfast.yml")
    k = "live_sk_" + rs(20, ALNUM)
    if R.random() < 0.5:
        return cmd(
            f'curl -s -u {k}: https://api.tosspayments.com/v1/payments/confirm -H "Content-Type: application/json" -d @confirm.json',
            [("toss-secret-key", k)],
        )
    return env([("TOSS_CLIENT_KEY", "live_ck_" + rs(20, ALNUM)), ("TOSS_SECRET_KEY", k)], [("toss-secret-key", k)])


# ---------------------------------------------------------------- kind: uri-userinfo-rare (held out)


def userinfo_pw(pw):
    """The password as it stands in a URI's userinfo (RFC 3986: reserved characters percent-encoded)."""
    return quote(pw, safe="")


def uri_userinfo_rare(is_clean):
    """A form: passwords in the userinfo of less common URI schemes: RTSP cameras (`ffmpeg`, Frigate, go2rtc),
    SOCKS5 and HTTP proxies (`ALL_PROXY`, `curl --proxy`), SFTP / FTPS (`rclone`, `lftp`), SMB (`mount_smbfs`,
    `gio mount`), MQTT over TLS, VNC, WebDAV. The value is the password; its piece is the password as the URI holds
    it (percent-encoded where it must be)."""
    host = pick("192.168.1.64", "10.20.0.17", "cam-lobby.corp.example", "nvr.lan")
    if is_clean:
        form = deal("uri/clean", 6)
        if form == 5:
            text = "".join(f"{u}:$7$101${b64(rbytes(12))}${b64(rbytes(64))}\n" for u in ("iot-gw", "sensor-01", "backup"))
            return clean(text, name="mosquitto/passwd")
        if form == 0:
            text = (
                "cameras:\n  lobby:\n    ffmpeg:\n      inputs:\n"
                f"        - path: rtsp://admin:{{FRIGATE_RTSP_PASSWORD}}@{host}:554/Streaming/Channels/101\n"
                "          roles: [detect, record]\n"
            )
            return clean(text, fmt="yaml", name="frigate/config.yml")
        if form == 1:
            return env_clean(
                [
                    ("ALL_PROXY", "socks5h://proxy.corp.example:1080"),
                    ("HTTPS_PROXY", "http://${PROXY_USER}:${PROXY_PASS}@proxy.corp.example:3128"),
                    ("MQTT_URL", "mqtts://sensor-gw@mqtt.corp.example:8883"),
                    ("WEBDAV_URL", "davs://backup:********@cloud.corp.example/remote.php/dav/files/backup/"),
                ]
            )
        if form == 2:
            return cmd(f"ffprobe -v error -show_streams rtsp://{host}:554/stream1 && gio mount smb://nas.lan/media", [])
        if form == 3:
            text = "[nas]\ntype = sftp\nhost = nas.lan\nuser = backup\nkey_file = ~/.ssh/id_ed25519\nshell_type = unix\n"
            return clean(text, fmt="ini", name=".config/rclone/rclone.conf")
        return cmd(f'lftp -e "mirror -R public_html /www; bye" sftp://deploy@{host}', [])
    pw = password()
    up = userinfo_pw(pw)
    user = pick("admin", "svc-cam", "backup", "deploy", "iot-gw")
    form = deal("uri/secret", 10)
    if form == 8:
        url = pick(
            f"mailtos://{user}:{up}@smtp.corp.example?to=ops@corp.example",
            f"xmpps://{user}:{up}@xmpp.corp.example/ops@conference.corp.example",
            f"ntfys://{user}:{up}@ntfy.corp.example/deploys",
        )
        if R.random() < 0.5:
            return cmd(f'apprise -vv -t "backup finished" -b "nightly backup ok" "{url}"', [("apprise-url-password", pw, [up])])
        text = f"urls:\n  - {url}\n  - json://hooks.corp.example/apprise\n"
        return item(text, [("apprise-url-password", pw, [up])], fmt="yaml", name="apprise/apprise.yml")
    if form == 9:
        pw = pw.replace("/", "").replace(":", "").replace("@", "")
        num = R.randint(1000, 9999)
        text = f"[general]\ncontext=default\nregister => {num}:{pw}@sip.provider.example/{num}\n\n[trunk]\ntype=peer\nhost=sip.provider.example\n"
        return item(text, [("sip-register-password", pw)], fmt="ini", name="etc/asterisk/sip.conf")
    if form == 0:
        return cmd(
            f"ffmpeg -rtsp_transport tcp -i rtsp://{user}:{up}@{host}:554/Streaming/Channels/101 -c copy -t 60 clip.mp4",
            [("rtsp-password", pw, [up])],
        )
    if form == 1:
        text = f"streams:\n  lobby:\n    - rtsp://{user}:{up}@{host}:554/cam/realmonitor?channel=1&subtype=0\n  lobby_sub: ffmpeg:lobby#video=h264\n"
        return item(text, [("rtsp-password", pw, [up])], fmt="yaml", name="go2rtc.yaml")
    if form == 2:
        if R.random() < 0.3:
            return env(
                [("HTTPS_PROXY", f"http://{user}:{up}@proxy.corp.example:3128"), ("NO_PROXY", "localhost,.corp.example")],
                [("http-proxy-password", pw, [up])],
            )
        if R.random() < 0.5:
            return env(
                [("ALL_PROXY", f"socks5h://{user}:{up}@proxy.corp.example:1080"), ("NO_PROXY", "localhost,.corp.example")],
                [("socks-proxy-password", pw, [up])],
            )
        return cmd(f"curl -s --proxy socks5h://{user}:{up}@proxy.corp.example:1080 https://ifconfig.me", [("socks-proxy-password", pw, [up])])
    if form == 3:
        return cmd(f'lftp -e "mirror -R public_html /www; bye" sftp://{user}:{up}@{host}', [("sftp-password", pw, [up])])
    if form == 4:
        if R.random() < 0.5:
            return cmd(f"mount_smbfs //{user}:{up}@nas.lan/media /Volumes/media", [("smb-password", pw, [up])])
        return cmd(f"gio mount smb://{user}:{up}@nas.lan/media", [("smb-password", pw, [up])])
    if form == 5:
        if R.random() < 0.5:
            return env([("MQTT_URL", f"mqtts://{user}:{up}@mqtt.corp.example:8883"), ("MQTT_TOPIC", "sensors/#")], [("mqtt-password", pw, [up])])
        text = f'import mqtt from "mqtt";\n\nconst client = mqtt.connect("mqtts://{user}:{up}@mqtt.corp.example:8883");\nclient.subscribe("sensors/#");\n'
        return item(text, [("mqtt-password", pw, [up])], fmt="js", name="gateway/src/mqtt.js")
    if form == 6:
        vpw = rs(8, ALNUM)
        return cmd(f"open vnc://:{vpw}@{host}:5900", [("vnc-password", vpw)])
    return env(
        [("WEBDAV_URL", f"davs://{user}:{up}@cloud.corp.example/remote.php/dav/files/{user}/"), ("WEBDAV_SYNC_DIR", "/srv/sync")],
        [("webdav-password", pw, [up])],
    )


# ---------------------------------------------------------------- contexts
# Each context: render(item) -> (scope, tool, payload, piecer), piecer(atom) -> the atom's pieces as the context shows it.


def abs_path(it):
    p = item_path(it)
    return p if p.startswith("/") else "/srv/app/" + p


def go_json(obj, indent=None):
    """JSON as Go's encoding/json writes it: `<`, `>` and `&` escaped as `\\u003c` `\\u003e` `\\u0026`."""
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":")) if indent is None else json.dumps(obj, ensure_ascii=False, indent=indent)
    return s.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def plain_piecer(a):
    """No value of this round holds a character JSON, Go's encoder, XML text or a `COPY` row would change."""
    assert not set(a) & set('<>&"\\\n\t'), a
    return [a]


def heredoc_script(it):
    """A shell script that writes the file (or runs the command, or exports the env values)."""
    pairs = env_pairs(it)
    if pairs is not None:
        return "\n".join(f"export {k}={v}" for k, v in pairs) + "\nexec /srv/app/bin/server"
    if it["shape"] == "cmd":
        return it["text"]
    return f"cat > {abs_path(it)} <<'EOF'\n{it['text']}EOF"


def clock_ts(base, step):
    base[0] += R.randint(1, step)
    ms = base[0]
    return f"2026-12-05T{10 + ms // 3_600_000 % 10:02d}:{ms // 60_000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}Z"


# -- auditd-execve


def audit_arg(a):
    """An argument as auditd logs it: quoted when it is plain printable ASCII without a quote or space, else hex."""
    if a and all(0x21 <= ord(c) <= 0x7E and c != '"' for c in a):
        return f'"{a}"', False
    return a.encode().hex().upper(), True


def auditd_execve(it):
    """Linux audit records of the process that ran the item (`/var/log/audit/audit.log` read back or `grep`ped, or
    `ausearch -m EXECVE --raw`): `SYSCALL`, `EXECVE` (`argc=… a0="…" a1=…`, an argument holding a space, a quote or a
    control character written as upper-case hex), `CWD`, `PATH`, `PROCTITLE` (the argv joined by NULs, hex, cut at 128
    bytes). Env values as the arguments of `env K=v … /srv/app/bin/server`; a command as its own argv when it is a
    plain command, else `sh -c <command>`; a file as `sh -c` of the heredoc that writes it."""
    pairs = env_pairs(it)
    if pairs is not None:
        argv = ["/usr/bin/env", *(f"{k}={v}" for k, v in pairs), "/srv/app/bin/server", "--port", "8080"]
    elif it["shape"] == "cmd":
        try:
            words = shlex.split(it["text"])
        except ValueError:
            words = None
        argv = words if words and not set(it["text"]) & set("|;&$<>(){}`*") and R.random() < 0.6 else ["/bin/sh", "-c", it["text"]]
    else:
        argv = ["/bin/sh", "-c", heredoc_script(it)]
    shown = [audit_arg(a) for a in argv]
    serial = R.randint(10**5, 10**6)
    epoch = ts_epoch()
    t = f"{epoch}.{R.randint(0, 999):03d}"
    pid = R.randint(2000, 90000)
    msg = f"msg=audit({t}:{serial})"
    exe = argv[0] if argv[0].startswith("/") else "/usr/bin/" + argv[0]
    syscall = (
        f"type=SYSCALL {msg}: arch=c000003e syscall=59 success=yes exit=0 a0={rs(12, HEX)} a1={rs(12, HEX)} a2={rs(12, HEX)} a3=8 items=2 "
        f'ppid={pid - R.randint(1, 50)} pid={pid} auid=1000 uid=1000 gid=1000 euid=1000 suid=1000 fsuid=1000 egid=1000 sgid=1000 fsgid=1000 tty=pts0 ses={R.randint(1, 90)} comm="{exe.rsplit("/", 1)[-1][:15]}" exe="{exe}" subj=unconfined key="exec_log"'
    )
    execve = f"type=EXECVE {msg}: argc={len(argv)} " + " ".join(f"a{i}={s}" for i, (s, _) in enumerate(shown))
    cwd = f'type=CWD {msg}: cwd="/srv/app"'
    path = f'type=PATH {msg}: item=0 name="{exe}" inode={R.randint(10**5, 10**7)} dev=fd:00 mode=0100755 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL cap_fp=0 cap_fi=0 cap_fe=0 cap_fver=0 cap_frootid=0'
    joined = "\0".join(argv).encode()
    title = joined[:128]
    proctitle = f"type=PROCTITLE {msg}: proctitle=" + (title.hex().upper() if (b"\0" in title or b" " in title) else title.decode())
    other = f'type=USER_CMD msg=audit({epoch - R.randint(2, 90)}.{R.randint(0, 999):03d}:{serial - R.randint(2, 40)}): pid={pid - 7} uid=1000 auid=1000 ses=3 msg=\'cwd="/srv/app" cmd={b"systemctl status nginx".hex().upper()} exe="/usr/bin/sudo" terminal=pts/0 res=success\''
    records = [syscall, execve, cwd, path, proctitle]
    hex_title = b"\0" in title or b" " in title

    def piecer(a):
        out = []
        for arg, (_, hexed) in zip(argv, shown, strict=True):
            if a in arg:
                out.append(a.encode().hex().upper() if hexed else a)
        ab = a.encode()
        start = 0
        while (i := joined.find(ab, start)) >= 0:
            j = min(i + len(ab), 128)
            if i < 128:
                part = joined[i:j]
                out.append(part.hex().upper() if hex_title else part.decode())
            start = i + 1
        return list(dict.fromkeys(out))

    view = R.randrange(3)
    if view == 0:
        text = "\n".join([other, *records]) + "\n"
        return "result", "read_file", text, piecer
    if view == 1:
        return "result", "terminal", "$ sudo ausearch -m EXECVE -k exec_log -ts recent --raw | tail -n 5\n" + "\n".join(records) + "\n", piecer
    return "result", "terminal", f"$ sudo grep 'audit({t}:{serial})' /var/log/audit/audit.log\n" + "\n".join(records) + "\n", piecer


# -- jenkins-console


def jenkins_console(it):
    """A Jenkins pipeline's console output (`curl …/consoleText`, the job page's text, or a `jenkins_get_build_log`
    tool), half the time with the Timestamper's `[2026-12-05T10:11:12.345Z] ` before each line: `[Pipeline]` step
    lines, `+ …` traces of `sh` steps; env values as a `withEnv` block's `printenv` output, a command traced after
    `+ `, a file after `+ cat`."""
    pairs = env_pairs(it)
    stamp = R.random() < 0.5
    clock = [R.randint(0, 3_000_000)]
    rows = []

    def out(s):
        rows.append((f"[{clock_ts(clock, 900)}] " if stamp else "") + s)

    job = pick("deploy-api", "nightly-sync", "release", "ops/rotate")
    num = R.randint(20, 900)
    out(pick("Started by user Alice Example", "Started by timer", f'Started by upstream project "build" build number {R.randint(100, 999)}'))
    out(f"Obtained Jenkinsfile from git https://git.corp.example/{pick('corp/app', 'corp/infra')}.git")
    out("[Pipeline] Start of Pipeline")
    out("[Pipeline] node")
    out(f"Running on agent-{R.randint(1, 9)} in /var/lib/jenkins/workspace/{job}")
    out("[Pipeline] {")
    out("[Pipeline] stage")
    out(f"[Pipeline] {{ ({pick('Deploy', 'Configure', 'Sync')})")
    if pairs is not None:
        out("[Pipeline] withEnv")
        out("[Pipeline] {")
        out("[Pipeline] sh")
        out("+ printenv")
        out("+ grep -E '^(" + "|".join(k for k, _ in pairs) + ")='")
        for k, v in pairs:
            out(f"{k}={v}")
        out("[Pipeline] }")
    elif it["shape"] == "cmd":
        out("[Pipeline] sh")
        out("+ " + it["text"])
        out(pick("{", "ok", "done"))
    else:
        out("[Pipeline] sh")
        out(f"+ cat {item_path(it)}")
        for ln in file_lines(it["text"]):
            out(ln)
    out("[Pipeline] }")
    out("[Pipeline] // stage")
    out("[Pipeline] }")
    out("[Pipeline] // node")
    out("[Pipeline] End of Pipeline")
    out("Finished: SUCCESS")
    text = "\n".join(rows) + "\n"
    url = f"https://jenkins.corp.example/job/{job}/{num}/consoleText"
    view = R.randrange(3)
    if view == 0:
        return "result", "terminal", f'$ curl -s -u ci:"$JENKINS_API_TOKEN" {url}\n' + text, plain_piecer
    if view == 1:
        return "result", "jenkins_get_build_log", text, plain_piecer
    return "result", "read_file", text, plain_piecer


# -- log-search


def container_lines(it):
    """The lines a container wrote that hold the item: env values printed at start, a command traced, a file cat."""
    pairs = env_pairs(it)
    if pairs is not None:
        return ["loading environment from /srv/app/.env", *(f"{k}={v}" for k, v in pairs), "server listening on :8080"]
    if it["shape"] == "cmd":
        return ["+ " + it["text"], "exit status 0"]
    return [f"+ cat {abs_path(it)}", *file_lines(it["text"]), "+ exec /srv/app/bin/server"]


def log_search(it):
    """Log-store query results: Loki's `logcli query` (the default view, newest first, with the query URL and common
    labels on stderr; or `-o jsonl`), or an Elasticsearch / OpenSearch `_search` response through `jq .` (`hits.hits[]`
    with `_source.message`); the container's output a line an entry."""
    lines = container_lines(it)
    clock = [R.randint(0, 3_000_000)]
    stamps = [clock_ts(clock, 4) for _ in lines]
    app = pick("api", "worker", "billing")
    pod = f"{app}-{rs(10, LOWER + DIGITS)}-{rs(5, LOWER + DIGITS)}"
    view = R.randrange(3)
    end = ts_epoch()
    if view == 0:
        head = (
            f'$ logcli query \'{{namespace="prod", app="{app}"}}\' --since=1h --limit=100\n'
            f"http://loki.monitoring:3100/loki/api/v1/query_range?direction=BACKWARD&end={end}000000000&limit=100&query=%7Bnamespace%3D%22prod%22%2C+app%3D%22{app}%22%7D&start={end - 3600}000000000\n"
            f'Common labels: {{app="{app}", namespace="prod"}}\n'
        )
        body = "".join(f'{s} {{container="{app}", pod="{pod}", stream="stdout"}} {ln}\n' for s, ln in reversed(list(zip(stamps, lines, strict=True))))
        return "result", "terminal", head + body, plain_piecer
    if view == 1:
        head = f"$ logcli query '{{app=\"{app}\"}}' --since=30m -o jsonl --quiet\n"
        body = "".join(
            json.dumps(
                {"labels": {"app": app, "container": app, "namespace": "prod", "pod": pod}, "line": ln, "timestamp": s.replace("Z", "000000Z")}
            )
            + "\n"
            for s, ln in reversed(list(zip(stamps, lines, strict=True)))
        )
        return "result", "terminal", head + body, plain_piecer
    base_ms = ts_epoch() * 1000
    hits = [
        {
            "_index": f".ds-logs-kubernetes.container_logs-prod-2026.12.05-{R.randint(1, 9):06d}",
            "_id": rs(20, URLSAFE),
            "_score": None,
            "_source": {
                "@timestamp": s,
                "message": ln,
                "kubernetes": {"namespace": "prod", "pod": {"name": pod}, "container": {"name": app}},
                "stream": "stdout",
            },
            "sort": [base_ms + i * 3],
        }
        for i, (s, ln) in enumerate(zip(stamps, lines, strict=True))
    ]
    doc = {
        "took": R.randint(2, 90),
        "timed_out": False,
        "_shards": {"total": 3, "successful": 3, "skipped": 0, "failed": 0},
        "hits": {"total": {"value": len(hits), "relation": "eq"}, "max_score": None, "hits": hits},
    }
    cmdline = f'$ curl -s -u elastic:"$ES_PASSWORD" \'https://es.corp.example:9200/logs-*/_search?size=100\' -H \'Content-Type: application/json\' -d \'{{"query":{{"term":{{"kubernetes.pod.name":"{pod}"}}}},"sort":[{{"@timestamp":"asc"}}]}}\' | jq .\n'
    return "result", "terminal", cmdline + json.dumps(doc, indent=2, ensure_ascii=False) + "\n", plain_piecer


# -- matrix-events


def html_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def matrix_events(it):
    """Matrix room events holding the item in a message: the client-server API's `/messages` response through
    `jq .`, a `matrix_read_messages` tool's compact result, an Element room export (`messages[]`), or a
    `matrix_send_message` call; the message's `body` (a markdown code fence) and its HTML `formatted_body`
    (`<pre><code class="language-…">` with `&amp;` `&lt;` `&gt;` `&quot;`)."""
    text = "\n".join(shown_lines(it))
    lang = (
        "bash"
        if it["shape"] == "cmd" or it["fmt"] == "env"
        else {"yaml": "yaml", "json": "json", "py": "python", "js": "javascript"}.get(it["fmt"], "")
    )
    intro = pick("Here is what I used:", "Config for the record:", "Posting this so we can debug tomorrow:", "Current values:")
    body = f"{intro}\n```{lang}\n{text}\n```"
    cls = f' class="language-{lang}"' if lang else ""
    formatted = f"<p>{html_escape(intro)}</p>\n<pre><code{cls}>{html_escape(text)}\n</code></pre>\n"
    content = {"msgtype": "m.text", "body": body, "format": "org.matrix.custom.html", "formatted_body": formatted}
    room = f"!{rs(18, ALNUM)}:corp.example"
    sender = pick("@alice:corp.example", "@ops-bot:corp.example", "@bob:corp.example")
    ts = ts_epoch() * 1000 + R.randint(0, 999)
    ev = {
        "type": "m.room.message",
        "room_id": room,
        "sender": sender,
        "content": content,
        "origin_server_ts": ts,
        "unsigned": {"age": R.randint(1000, 10**7)},
        "event_id": f"${rs(43, URLSAFE)}",
    }
    other = {
        "type": "m.room.message",
        "room_id": room,
        "sender": "@carol:corp.example",
        "content": {"msgtype": "m.text", "body": pick("thanks, looking", "on it", "can you share the config?")},
        "origin_server_ts": ts - R.randint(10_000, 900_000),
        "unsigned": {"age": R.randint(1000, 10**7)},
        "event_id": f"${rs(43, URLSAFE)}",
    }
    view = R.randrange(4)
    if view == 0:
        doc = {
            "chunk": [ev, other],
            "start": f"t{R.randint(100, 999)}-{R.randint(10**5, 10**6)}_0_0_0_0_0_0_0_0",
            "end": f"t{R.randint(100, 999)}-{R.randint(10**5, 10**6)}_0_0_0_0_0_0_0_0",
        }
        head = f"$ curl -s -H \"Authorization: Bearer $MATRIX_TOKEN\" 'https://matrix.corp.example/_matrix/client/v3/rooms/{quote(room, safe='')}/messages?dir=b&limit=2' | jq .\n"
        return "result", "terminal", head + json.dumps(doc, indent=2, ensure_ascii=False) + "\n", plain_piecer
    if view == 1:
        return "result", "matrix_read_messages", json.dumps({"room_id": room, "messages": [other, ev]}, ensure_ascii=False), plain_piecer
    if view == 2:
        doc = {
            "room_name": pick("#ops", "#platform", "#incidents"),
            "room_creator": "@alice:corp.example",
            "topic": "",
            "export_date": "12/5/2026",
            "exported_by": "@bob:corp.example",
            "messages": [other, ev],
        }
        return "result", "read_file", json.dumps(doc, indent=4, ensure_ascii=False) + "\n", plain_piecer
    return (
        "args",
        "matrix_send_message",
        json.dumps({"room_id": room, "body": body, "format": "org.matrix.custom.html", "formatted_body": formatted}, ensure_ascii=False),
        plain_piecer,
    )


# -- orchestrator-spec


def orchestrator_spec(it):
    """A scheduler's stored job: `nomad job inspect` (Go-encoded JSON, indent 4) with the task's `Env` map, its
    docker `Config` `command` / `args` (`/bin/sh -c …`) and a template's `EmbeddedTmpl`; or `aws ecs
    describe-task-definition` (the AWS CLI's JSON, indent 4) with `environment` name / value pairs and `command`."""
    pairs = env_pairs(it)
    name = pick("api", "worker", "billing", "sync")
    image = f"registry.corp.example/{name}:1.{R.randint(0, 40)}.{R.randint(0, 9)}"
    if R.random() < 0.5:
        task = {
            "Name": name,
            "Driver": "docker",
            "User": "",
            "Config": {"image": image, "ports": ["http"]},
            "Env": None,
            "Templates": None,
            "Resources": {"CPU": 500, "MemoryMB": 512},
            "KillTimeout": 5000000000,
        }
        if pairs is not None:
            task["Env"] = dict(pairs)
        elif it["shape"] == "cmd":
            task["Config"].update({"command": "/bin/sh", "args": ["-c", it["text"]]})
        else:
            task["Templates"] = [
                {
                    "ChangeMode": "restart",
                    "DestPath": f"local/{item_path(it).rsplit('/', 1)[-1]}",
                    "EmbeddedTmpl": it["text"],
                    "LeftDelim": "{{",
                    "RightDelim": "}}",
                    "Perms": "0644",
                    "SourcePath": "",
                }
            ]
        job = {
            "Job": {
                "Region": "global",
                "Namespace": "default",
                "ID": name,
                "Name": name,
                "Type": "service",
                "Datacenters": ["dc1"],
                "TaskGroups": [{"Name": name, "Count": 2, "Tasks": [task]}],
                "Status": "running",
                "Version": R.randint(1, 40),
                "SubmitTime": ts_epoch() * 10**9 + R.randint(0, 10**9),
                "JobModifyIndex": R.randint(100, 9000),
            }
        }
        head = f"$ nomad job inspect {name}\n" if R.random() < 0.6 else ""
        return "result", "terminal" if head else "read_file", head + go_json(job, 4) + "\n", plain_piecer
    cdef = {
        "name": name,
        "image": image,
        "cpu": 256,
        "memory": 512,
        "portMappings": [{"containerPort": 8080, "hostPort": 8080, "protocol": "tcp"}],
        "essential": True,
        "environment": [],
    }
    if pairs is not None:
        cdef["environment"] = [{"name": k, "value": v} for k, v in pairs]
    else:
        cdef["command"] = ["sh", "-c", heredoc_script(it) + ("\nexec /srv/app/bin/server" if it["shape"] != "cmd" else "")]
    cdef["logConfiguration"] = {
        "logDriver": "awslogs",
        "options": {"awslogs-group": f"/ecs/{name}", "awslogs-region": "eu-west-1", "awslogs-stream-prefix": "ecs"},
    }
    acct = R.randint(10**11, 10**12 - 1)
    rev = R.randint(2, 90)
    doc = {
        "taskDefinition": {
            "taskDefinitionArn": f"arn:aws:ecs:eu-west-1:{acct}:task-definition/{name}:{rev}",
            "containerDefinitions": [cdef],
            "family": name,
            "executionRoleArn": f"arn:aws:iam::{acct}:role/ecsTaskExecutionRole",
            "networkMode": "awsvpc",
            "revision": rev,
            "status": "ACTIVE",
            "requiresCompatibilities": ["FARGATE"],
            "cpu": "256",
            "memory": "512",
            "registeredAt": "2026-12-05T10:11:12.345000+00:00",
        }
    }
    return (
        "result",
        "terminal",
        f"$ aws ecs describe-task-definition --task-definition {name}:{rev}\n" + json.dumps(doc, indent=4, ensure_ascii=False) + "\n",
        plain_piecer,
    )


# -- pgdump-copy (held out)


def copy_escape(s):
    """A text value as a `COPY … FROM stdin` row writes it: backslash, tab, newline and CR escaped."""
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def pgdump_copy(it):
    """`pg_dump` plain-format output holding the item in a table's data (`COPY … FROM stdin;` rows, tab-separated,
    `\\N` for NULL, `\\.` at the end, backslash escapes): env values as a settings table's rows, a command in a
    scheduled-jobs table, a file as a text column (its newlines `\\n`); `pg_dump --data-only -t …` in the terminal, or
    the dump file read back or `grep -A`."""
    pairs = env_pairs(it)
    ts = f"2026-12-0{R.randint(1, 5)} {R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)}.{R.randint(100000, 999999)}+00"
    if pairs is not None:
        table, cols = "public.app_settings", "(id, key, value, secret, updated_at)"
        rows = [f"{i}\t{copy_escape(k)}\t{copy_escape(v)}\t{pick('t', 'f')}\t{ts}" for i, (k, v) in enumerate(pairs, R.randint(1, 40))]
    elif it["shape"] == "cmd":
        table, cols = "public.scheduled_jobs", "(id, name, schedule, command, enabled, last_run_at)"
        rows = [
            f"{R.randint(1, 9)}\tvacuum-reports\t0 3 * * *\tpsql -c 'VACUUM ANALYZE reports'\tt\t\\N",
            f"{R.randint(10, 30)}\t{pick('deploy', 'sync-assets', 'rotate')}\t{R.randint(0, 59)} * * * *\t{copy_escape(it['text'])}\tt\t{ts}",
        ]
    else:
        table, cols = "public.config_files", "(id, path, content, sha256, updated_at)"
        rows = [f"{R.randint(1, 90)}\t{abs_path(it)}\t{copy_escape(it['text'])}\t{rs(64, HEX)}\t{ts}"]
    block = (
        f"--\n-- Data for Name: {table.split('.')[1]}; Type: TABLE DATA; Schema: public; Owner: app\n--\n\nCOPY {table} {cols} FROM stdin;\n"
        + "\n".join(rows)
        + "\n\\.\n\n"
    )
    head = (
        "--\n-- PostgreSQL database dump\n--\n\n-- Dumped from database version 16.4 (Debian 16.4-1.pgdg120+2)\n-- Dumped by pg_dump version 16.4\n\n"
        "SET statement_timeout = 0;\nSET lock_timeout = 0;\nSET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n"
        "SELECT pg_catalog.set_config('search_path', '', false);\nSET check_function_bodies = false;\n\n"
    )
    other = f"--\n-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: app\n--\n\nCOPY public.schema_migrations (version) FROM stdin;\n{R.randint(2024, 2026)}0{R.randint(1, 9)}{R.randint(10, 28)}101112\n\\.\n\n"
    tail = "--\n-- PostgreSQL database dump complete\n--\n\n"
    view = R.randrange(3)
    if view == 0:
        return "result", "terminal", f"$ pg_dump --data-only -t {table} app\n" + head + block + tail, plain_piecer
    if view == 1:
        return "result", "read_file", head + other + block + tail, plain_piecer
    return (
        "result",
        "terminal",
        f"$ grep -A{len(rows) + 1} 'COPY {table}' backups/app-2026-12-05.sql\n" + f"COPY {table} {cols} FROM stdin;\n" + "\n".join(rows) + "\n\\.\n",
        plain_piecer,
    )


# -- windows-eventlog (held out)


def xml_text(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def windows_eventlog(it):
    """Windows event logs holding the item: a Sysmon process-creation event (Event ID 1, `CommandLine`) for a command,
    a PowerShell script-block event (Event ID 4104, `ScriptBlockText`) for env values (`$env:K = 'v'` lines) or a
    file (`Set-Content … -Value @'…'@`); as `wevtutil qe … /f:xml` output (one event a line, CRLF) or `Get-WinEvent … |
    Select-Object -ExpandProperty Message` (CRLF); read from a PowerShell session's output."""
    pairs = env_pairs(it)
    host = pick("WS-0142.corp.example", "BUILD-07.corp.example", "JUMP-02.corp.example")
    t = f"2026-12-05T{R.randint(10, 18)}:{R.randint(10, 59)}:{R.randint(10, 59)}.{R.randint(1000000, 9999999)}Z"
    rec = R.randint(10**4, 10**6)
    guid = "{" + uuid4().upper() + "}"
    if it["shape"] == "cmd":
        image = "C:\\Program Files\\Git\\bin\\bash.exe"
        cmdline = f'"{image}" -c "{it["text"].replace(chr(34), chr(92) + chr(34))}"'
        fields = [
            ("RuleName", "-"),
            ("UtcTime", t[:10] + " " + t[11:23]),
            ("ProcessGuid", guid),
            ("ProcessId", str(R.randint(1000, 20000))),
            ("Image", image),
            ("FileVersion", "2.47.1.windows.1"),
            ("CommandLine", cmdline),
            ("CurrentDirectory", "C:\\src\\app\\"),
            ("User", "CORP\\alice"),
            ("LogonId", "0x" + rs(6, HEX)),
            ("Hashes", f"SHA256={rs(64, HEX).upper()}"),
            ("ParentImage", "C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe"),
        ]
        provider = "<Provider Name='Microsoft-Windows-Sysmon' Guid='{5770385f-c22a-43e0-bf4c-06f5698ffbd9}'/>"
        eid, task, channel = 1, 1, "Microsoft-Windows-Sysmon/Operational"
        message = "Process Create:\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields).rstrip("\r\n")
        log, q = channel, "*[System[(EventID=1)]]"
    else:
        if pairs is not None:
            script = "\r\n".join(f"$env:{k} = '{v}'" for k, v in pairs) + "\r\n& C:\\srv\\app\\server.exe"
        else:
            path = "C:\\srv\\app\\" + item_path(it).replace("/", "\\")
            script = f"Set-Content -Path '{path}' -Value @'\r\n" + "\r\n".join(file_lines(it["text"])) + "\r\n'@"
        fields = [
            ("MessageNumber", "1"),
            ("MessageTotal", "1"),
            ("ScriptBlockText", script),
            ("ScriptBlockId", uuid4()),
            ("Path", "C:\\Users\\alice\\setup.ps1"),
        ]
        provider = "<Provider Name='Microsoft-Windows-PowerShell' Guid='{a0c1853b-5c40-4b15-8766-3cf1c58f985a}'/>"
        eid, task, channel = 4104, 2, "Microsoft-Windows-PowerShell/Operational"
        message = f"Creating Scriptblock text (1 of 1):\r\n{script}\r\n\r\nScriptBlock ID: {fields[3][1]}\r\nPath: C:\\Users\\alice\\setup.ps1"
        log, q = channel, "*[System[(EventID=4104)]]"
    data = "".join(f"<Data Name='{k}'>{xml_text(v)}</Data>" for k, v in fields)
    event = (
        f"<Event xmlns='http://schemas.microsoft.com/win/2004/08/events/event'><System>{provider}<EventID>{eid}</EventID><Version>5</Version>"
        f"<Level>{4 if eid == 1 else 5}</Level><Task>{task}</Task><Opcode>{0 if eid == 1 else 15}</Opcode><Keywords>0x8000000000000000</Keywords>"
        f"<TimeCreated SystemTime='{t}'/><EventRecordID>{rec}</EventRecordID><Correlation/><Execution ProcessID='{R.randint(1000, 9000)}' ThreadID='{R.randint(1000, 9000)}'/>"
        f"<Channel>{channel}</Channel><Computer>{host}</Computer><Security UserID='S-1-5-21-{R.randint(10**9, 4 * 10**9)}-{R.randint(10**9, 4 * 10**9)}-{R.randint(10**8, 10**9)}-1104'/></System>"
        f"<EventData>{data}</EventData></Event>"
    )
    if R.random() < 0.5:
        text = f'PS C:\\Users\\alice> wevtutil qe {log} /q:"{q}" /c:1 /rd:true /f:xml\r\n{event}\r\n'
    else:
        text = f"PS C:\\Users\\alice> Get-WinEvent -FilterHashtable @{{LogName='{log}'; Id={eid}}} -MaxEvents 1 | Select-Object -ExpandProperty Message\r\n{message}\r\n"
    return "result", "powershell", text, plain_piecer


# -- swaks-smtp (held out)


def swaks_smtp(it):
    """A `swaks` run that mails the item (`--body @file`) to an internal relay, its SMTP transcript as the tool
    returns it: `=== ` notes, ` -> ` client lines, `<-  ` server lines (after STARTTLS `~> ` and `<~ `), the headers
    swaks writes, then the body a line a ` -> ` line (a leading `.` doubled), the final `.`."""
    lines = shown_lines(it)
    server = pick("mail.corp.example", "smtp-relay.corp.example", "mx1.corp.example")
    helo = pick("ci-runner-3", "ops-laptop", "build-07")
    frm, to = pick("ci@corp.example", "alice@corp.example"), pick("ops@corp.example", "platform-team@corp.example")
    tls = R.random() < 0.5
    subj = pick("nightly config snapshot", "settings for the new box", "deploy notes", "FYI: values used")
    out = [f"=== Trying {server}:{587 if tls else 25}...", f"=== Connected to {server}."]
    srv, cli = "<- ", " ->"
    out += [f"{srv} 220 {server} ESMTP Postfix (Debian/GNU)", f"{cli} EHLO {helo}"]
    ehlo = [f"{server}", "PIPELINING", "SIZE 10240000", "VRFY", "ETRN", "STARTTLS", "ENHANCEDSTATUSCODES", "8BITMIME", "DSN", "SMTPUTF8", "CHUNKING"]
    out += [f"{srv} 250{'-' if i < len(ehlo) - 1 else ' '}{e}" for i, e in enumerate(ehlo)]
    if tls:
        out += [
            f"{cli} STARTTLS",
            f"{srv} 220 2.0.0 Ready to start TLS",
            "=== TLS started with cipher TLSv1.3:TLS_AES_256_GCM_SHA384:256",
            "=== TLS no local certificate set",
            f'=== TLS peer DN="/CN={server}"',
        ]
        srv, cli = "<~ ", " ~>"
        out += [f"{cli} EHLO {helo}"] + [f"{srv} 250{'-' if i < len(ehlo) - 2 else ' '}{e}" for i, e in enumerate(e for e in ehlo if e != "STARTTLS")]
    qid = rs(10, UPPER + DIGITS)
    out += [
        f"{cli} MAIL FROM:<{frm}>",
        f"{srv} 250 2.1.0 Ok",
        f"{cli} RCPT TO:<{to}>",
        f"{srv} 250 2.1.5 Ok",
        f"{cli} DATA",
        f"{srv} 354 End data with <CR><LF>.<CR><LF>",
    ]
    mid = f"<20261205{R.randint(100000, 235959)}.{R.randint(1000, 99999)}@{helo}>"
    headers = [
        f"Date: Sat, 05 Dec 2026 {R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)} +0000",
        f"To: {to}",
        f"From: {frm}",
        f"Subject: {subj}",
        f"Message-Id: {mid}",
        "X-Mailer: swaks v20240103.0 jetmore.org/john/code/swaks/",
        "",
    ]
    body = [pick("Hi,", "Team,", "FYI"), "", *lines, "", pick("-- ci", "Thanks, Alice", "")]
    out += [f"{cli} {h}" for h in headers] + [f"{cli} {'.' + b if b.startswith('.') else b}" for b in body] + [f"{cli} ", f"{cli} ."]
    out += [f"{srv} 250 2.0.0 Ok: queued as {qid}", f"{cli} QUIT", f"{srv} 221 2.0.0 Bye", "=== Connection closed with remote host."]
    text = "\n".join(out) + "\n"
    opts = "--tls " if tls else ""
    head = f"$ swaks --server {server} {opts}--from {frm} --to {to} --header 'Subject: {subj}' --body @/tmp/body.txt\n"
    return "result", "terminal", head + text, plain_piecer


# ---------------------------------------------------------------- families

KINDS = {
    "apm-error-trackers": apm_error_trackers,
    "ai-model-hosts": ai_model_hosts,
    "build-cache-registries": build_cache_registries,
    "auth-sso-more": auth_sso_more,
    "stream-game-keys": stream_game_keys,
    "geo-fleet-iot": geo_fleet_iot,
    "payments-emerging": payments_emerging,
    "uri-userinfo-rare": uri_userinfo_rare,
}

CONTEXTS = {
    "auditd-execve": auditd_execve,
    "jenkins-console": jenkins_console,
    "log-search": log_search,
    "matrix-events": matrix_events,
    "orchestrator-spec": orchestrator_spec,
    "pgdump-copy": pgdump_copy,
    "windows-eventlog": windows_eventlog,
    "swaks-smtp": swaks_smtp,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r15", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
