"""Round 5 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 4 were written by the hand that wrote the detectors, and have all been read. Round 5
was written blind: its author saw the scorer and the earlier generators (to reuse their helpers and
avoid their families), never the rules nor their example tables. Its **kind families** are what an
agent meets in 2026 and the earlier rounds lack: agent and MCP client configuration (with AI vendor
tokens no round had), credential files of developer CLIs, payment and SaaS keys, web-framework
configuration, infrastructure-as-code variables, rows of a users / api_keys table, and held out:
Windows administration commands and browser state (Playwright storage, HAR, cookies). Its
**context families** are new containers: a rich panel with box drawing, a `script(1)` typescript
(OSC titles, bracketed paste, CR progress, readline wrap), a Slack `conversations.history` result
(mrkdwn entities, `\\/` escapes), a source map's `sourcesContent`, a JUnit failure `message`
attribute, and held out: a reStructuredText page written by the agent, protobuf text format
(C escapes, octal bytes), and the whole text base64-encoded (wrapped at 76, or a PowerShell
`-EncodedCommand`). Each kind has clean look-alikes of its own shapes (placeholders, env-var
references, hashes, encrypted blobs, public ids, documented fake values).

The split (`SPLIT.md`, round 5) was committed before any measurement; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round5.py     # rewrites round5.jsonl beside this file

Same output format as `generate.py`.
"""

import base64
import json
import random
import re
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import generate as g
from generate import ALNUM, DIGITS, HEX, LOWER, UPPER
from generate_round3 import lines, pick, rs, user, uuid

SEED = 1555
OUT = Path(__file__).with_name("round5.jsonl")

HELD_OUT_CONTEXTS = {"rst-doc", "textproto", "base64-whole"}
HELD_OUT_KINDS = {"windows-admin", "browser-state"}

B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"


def item(text, secrets, shape="file", lang="text"):
    for _, v in secrets:
        assert v in text, (v, text)
    return {"text": text, "secrets": list(secrets), "shape": shape, "lang": lang}


def clean(text, shape="file", lang="text"):
    return item(text, [], shape, lang)


def host():
    return g.host()


def pw():
    """A password for a quoted place (no quotes or backslashes, which no generator makes)."""
    return g.password()


def pw_bare():
    """A password that stands bare in a shell, cmd.exe, YAML or .env line."""
    v = g.password(shell_safe=True).replace("%", "_").replace("^", "-")
    return v if v[0].isalnum() else "x" + v


def yaml_scalar(v):
    return v if v[0].isalnum() and ": " not in v and " #" not in v else "'" + v + "'"


def b64url(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def rand_bytes(n):
    return bytes(g.r.getrandbits(8) for _ in range(n))


def crc_hex(s, upper=False):
    v = f"{zlib.crc32(s.encode()) & 0xFFFFFFFF:08x}"
    return v.upper() if upper else v


def jwt(claims):
    head = b64url(json.dumps({"alg": pick("HS256", "RS256"), "typ": "JWT"}, separators=(",", ":")).encode())
    body = b64url(json.dumps(claims, separators=(",", ":")).encode())
    return f"{head}.{body}.{b64url(rand_bytes(pick(32, 256)))}"


def bcrypt():
    return "$2b$12$" + rs(53, "./" + ALNUM)


def argon2():
    return f"$argon2id$v=19$m=65536,t=3,p=4${rs(22, B64)}${rs(43, B64)}"


def pbkdf2():
    return f"pbkdf2_sha256$870000${rs(22)}${rs(43, B64)}="


# ---------------------------------------------------------------- vendor values (formats as the vendors issue them)


def openrouter():
    return "sk-or-v1-" + rs(64, HEX)


def xai():
    return "xai-" + rs(80)


def perplexity():
    return "pplx-" + rs(48)


def replicate():
    return "r8_" + rs(37)


def langsmith():
    return f"lsv2_{pick('pt', 'sk')}_{rs(32, HEX)}_{rs(10, HEX)}"


def tavily():
    return "tvly-" + pick("", "dev-") + rs(32)


def firecrawl():
    return "fc-" + rs(32, HEX)


def notion():
    return "ntn_" + rs(11, DIGITS) + rs(35)


def anthropic_admin():
    return "sk-ant-admin01-" + rs(93, URLSAFE) + "AA"


def slack_app():
    return f"xapp-1-A{rs(10, UPPER + DIGITS)}-{rs(13, DIGITS)}-{rs(64, HEX)}"


def sentry_user():
    return "sntryu_" + rs(64, HEX)


def sentry_org():
    claims = {
        "iat": g.r.randint(1760000000, 1790000000),
        "url": "https://sentry.io",
        "region_url": "https://us.sentry.io",
        "org": pick("acme", "corp"),
    }
    return "sntrys_" + base64.b64encode(json.dumps(claims, separators=(",", ":")).encode()).decode().rstrip("=") + "_" + rs(43, B64)


def gho():
    body = rs(30)
    return "gho_" + body + g.b62_crc(body)


def rubygems():
    return "rubygems_" + rs(48, HEX)


def crates_io():
    return "cio" + rs(32)


def terraform_cloud():
    return rs(14, LOWER + DIGITS) + ".atlasv1." + rs(67)


def pulumi():
    return "pul-" + rs(40, HEX)


def nuget():
    return "oy2" + rs(43, LOWER + DIGITS)


def doppler():
    return "dp.pt." + rs(43)


def supabase():
    return "sbp_" + rs(40, HEX)


def sonar():
    return "squ_" + rs(40, HEX)


def atlassian():
    body = "ATATT3xFfGF0" + rs(171, URLSAFE)
    return body + "=" + crc_hex(body, upper=True)


def newrelic():
    return "NRAK-" + rs(27, UPPER + DIGITS)


def grafana_sa():
    s = rs(32)
    return f"glsa_{s}_{crc_hex('glsa_' + s)}"


def stripe_restricted():
    return "rk_live_" + rs(pick(24, 99))


def stripe_whsec():
    return "whsec_" + pick(rs(32), rs(64, HEX))


def braintree():
    return f"access_token$production${rs(16, LOWER + DIGITS)}${rs(32, HEX)}"


def square():
    return pick("EAAA" + rs(60, URLSAFE), "sq0csp-" + rs(43, URLSAFE))


def mailgun():
    return pick("key-" + rs(32, HEX), f"{rs(32, HEX)}-{rs(8, HEX)}-{rs(8, HEX)}")


def mailchimp():
    return rs(32, HEX) + f"-us{g.r.randint(1, 21)}"


def brevo():
    return f"xkeysib-{rs(64, HEX)}-{rs(16)}"


def hubspot():
    return f"pat-{pick('na1', 'eu1')}-{uuid()}"


def shopify_secret():
    return "shpss_" + rs(32, HEX)


def flutterwave():
    return "FLWSECK-" + rs(32, HEX) + "-X"


# ---------------------------------------------------------------- kinds


def mcp_agent_config(is_clean):
    """MCP client files (Claude Desktop, Cursor, VS Code), aider, Continue and Codex configuration."""
    if is_clean:
        return pick(
            lambda: clean(
                json.dumps(
                    {
                        "inputs": [{"type": "promptString", "id": "github_token", "description": "GitHub PAT", "password": True}],
                        "servers": {
                            "github": {
                                "command": "npx",
                                "args": ["-y", "@modelcontextprotocol/server-github"],
                                "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${input:github_token}"},
                            }
                        },
                    },
                    indent=2,
                ),
                lang="json",
            ),
            lambda: clean(
                json.dumps(
                    {
                        "mcpServers": {
                            "tavily": {
                                "command": "npx",
                                "args": ["-y", "tavily-mcp@0.2.1"],
                                "env": {"TAVILY_API_KEY": pick("<your-api-key>", "tvly-YOUR_API_KEY", "")},
                            }
                        }
                    },
                    indent=2,
                ),
                lang="json",
            ),
            lambda: clean(
                '[model_providers.openrouter]\nname = "OpenRouter"\nbase_url = "https://openrouter.ai/api/v1"\nenv_key = "OPENROUTER_API_KEY"\n\n'
                + '[mcp_servers.sentry]\ncommand = "npx"\nargs = ["-y", "@sentry/mcp-server@latest"]\nenv = { "SENTRY_HOST" = "sentry.io" }\n',
                lang="toml",
            ),
            lambda: clean(
                "model: openrouter/anthropic/claude-sonnet-4\nedit-format: diff\nauto-commits: false\n# api-key: set OPENROUTER_API_KEY\ncache-prompts: true\n",
                lang="yaml",
            ),
            lambda: clean(
                json.dumps(
                    {
                        "servers": {
                            "remote": {"type": "http", "url": "https://mcp.corp.example/mcp", "headers": {"Authorization": "Bearer ${env:MCP_TOKEN}"}}
                        }
                    },
                    indent=2,
                ),
                lang="json",
            ),
            lambda: clean(
                f"LANGSMITH_TRACING=true\nLANGSMITH_PROJECT={pick('agent-evals', 'default')}\nLANGSMITH_ENDPOINT=https://api.smith.langchain.com\nLANGSMITH_API_KEY=\n"
            ),
        )()
    form = g.r.randrange(8)
    if form == 0:
        name, var, v, kind = pick(
            ("tavily", "TAVILY_API_KEY", tavily(), "tavily-key"),
            ("firecrawl", "FIRECRAWL_API_KEY", firecrawl(), "firecrawl-key"),
            ("sentry", "SENTRY_ACCESS_TOKEN", sentry_user(), "sentry-user-token"),
            ("perplexity", "PERPLEXITY_API_KEY", perplexity(), "perplexity-key"),
        )
        pkg = {
            "tavily": "tavily-mcp@0.2.1",
            "firecrawl": "firecrawl-mcp",
            "sentry": "@sentry/mcp-server@latest",
            "perplexity": "server-perplexity-ask",
        }[name]
        doc = {
            "mcpServers": {
                "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/src"]},
                name: {"command": "npx", "args": ["-y", pkg], "env": {var: v}},
            }
        }
        return item(json.dumps(doc, indent=2), [(kind, v)], lang="json")
    if form == 1:
        v = notion()
        headers = json.dumps({"Authorization": f"Bearer {v}", "Notion-Version": "2022-06-28"})
        doc = {
            "mcpServers": {"notionApi": {"command": "npx", "args": ["-y", "@notionhq/notion-mcp-server"], "env": {"OPENAPI_MCP_HEADERS": headers}}}
        }
        return item(json.dumps(doc, indent=2), [("notion-token", v)], lang="json")
    if form == 2:
        v = slack_app()
        bot_team = f"T0{rs(8, UPPER + DIGITS)}"
        doc = {
            "mcpServers": {
                "slack": {
                    "command": "npx",
                    "args": ["-y", "@modelcontextprotocol/server-slack"],
                    "env": {"SLACK_APP_TOKEN": v, "SLACK_TEAM_ID": bot_team},
                }
            }
        }
        return item(json.dumps(doc, indent=2), [("slack-app-token", v)], lang="json")
    if form == 3:
        p = pw_bare()
        uri = f"postgresql://{user()}:{p}@{host()}:5432/analytics"
        doc = {"mcpServers": {"postgres": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-postgres", uri]}}}
        return item(json.dumps(doc, indent=2), [("mcp-db-password", p)], lang="json")
    if form == 4:
        v, kind = pick((openrouter(), "openrouter-key"), (xai(), "xai-key"), (anthropic_admin(), "anthropic-admin-key"))
        text = pick(
            f"model: openrouter/anthropic/claude-sonnet-4\napi-key:\n  - openrouter={v}\nauto-commits: false\n",
            f"# ~/.aider.conf.yml\nmodel: xai/grok-4\nset-env:\n  - XAI_API_KEY={v}\ndark-mode: true\n",
        )
        return item(text, [(kind, v)], lang="yaml")
    if form == 5:
        v, kind, prov = pick((openrouter(), "openrouter-key", "openrouter"), (replicate(), "replicate-token", "replicate"), (xai(), "xai-key", "xAI"))
        text = f"name: Local Assistant\nversion: 1.0.0\nschema: v1\nmodels:\n  - name: main\n    provider: {prov.lower()}\n    model: {pick('anthropic/claude-sonnet-4', 'grok-4')}\n    apiKey: {v}\n    roles:\n      - chat\n      - edit\n"
        return item(text, [(kind, v)], lang="yaml")
    if form == 6:
        v, kind, var = pick(
            (perplexity(), "perplexity-key", "PERPLEXITY_API_KEY"),
            (langsmith(), "langsmith-key", "LANGSMITH_API_KEY"),
            (tavily(), "tavily-key", "TAVILY_API_KEY"),
        )
        text = f'model = "gpt-5-codex"\napproval_policy = "on-request"\n\n[mcp_servers.research]\ncommand = "npx"\nargs = ["-y", "research-mcp"]\nenv = {{ "{var}" = "{v}" }}\n'
        return item(text, [(kind, v)], lang="toml")
    v = pick(sentry_org(), "Bearer " + langsmith())
    tok = v.removeprefix("Bearer ")
    doc = {
        "servers": {
            "remote": {
                "type": "http",
                "url": "https://mcp.corp.example/mcp",
                "headers": {"Authorization": v if v.startswith("Bearer") else f"Bearer {v}"},
            }
        }
    }
    return item(json.dumps(doc, indent=2), [("mcp-header-token", tok)], lang="json")


def devtool_credfile(is_clean):
    """Files where developer CLIs keep their login: gh, gem, cargo, Terraform Cloud, Pulumi, Sentry, NuGet, Doppler, Vercel, Supabase, Sonar, jira, New Relic, Grafana."""
    u = user()
    if is_clean:
        return pick(
            lambda: clean(f"github.com:\n    users:\n        {u}:\n    git_protocol: https\n    user: {u}\n", lang="yaml"),
            lambda: clean('[registry]\nglobal-credential-providers = ["cargo:token", "cargo:libsecret"]\n', lang="toml"),
            lambda: clean("---\n:rubygems_api_key: <%= ENV['GEM_HOST_API_KEY'] %>\n", lang="yaml"),
            lambda: clean(json.dumps({"current": "file://~", "accessTokens": {}, "accounts": {}}, indent=4), lang="json"),
            lambda: clean(f"[defaults]\nurl=https://sentry.io/\norg={pick('acme', 'corp')}\nproject=web\n", lang="ini"),
            lambda: clean(
                json.dumps(
                    {
                        "// Note": "This is your Vercel credentials file. DO NOT SHARE!",
                        "// Docs": "https://vercel.com/docs/projects/project-configuration/global-configuration#auth.json",
                    },
                    indent=2,
                ),
                lang="json",
            ),
            lambda: clean(
                f"sonar.projectKey=corp_{pick('web', 'api')}\nsonar.host.url=https://sonarcloud.io\nsonar.token=${{env.SONAR_TOKEN}}\n",
                lang="properties",
            ),
        )()
    form = g.r.randrange(12)
    if form == 0:
        v = gho()
        return item(
            f"github.com:\n    users:\n        {u}:\n            oauth_token: {v}\n    git_protocol: https\n    oauth_token: {v}\n    user: {u}\n",
            [("gh-oauth", v)],
            lang="yaml",
        )
    if form == 1:
        v = rubygems()
        return item(f"---\n:rubygems_api_key: {v}\n", [("rubygems-key", v)], lang="yaml")
    if form == 2:
        v = crates_io()
        return item(f'[registry]\ntoken = "{v}"\n', [("crates-io-token", v)], lang="toml")
    if form == 3:
        v = terraform_cloud()
        return item(json.dumps({"credentials": {"app.terraform.io": {"token": v}}}, indent=2), [("terraform-cloud-token", v)], lang="json")
    if form == 4:
        v = pulumi()
        doc = {
            "current": "https://api.pulumi.com",
            "accessTokens": {"https://api.pulumi.com": v},
            "accounts": {
                "https://api.pulumi.com": {"accessToken": v, "username": u, "organizations": [u, "corp"], "lastValidatedAt": "2026-05-04T10:11:12Z"}
            },
        }
        return item(json.dumps(doc, indent=4), [("pulumi-token", v)], lang="json")
    if form == 5:
        v = pick(sentry_user(), sentry_org())
        return item(f"[defaults]\nurl=https://sentry.io/\norg=corp\n\n[auth]\ntoken={v}\n", [("sentry-token", v)], lang="ini")
    if form == 6:
        v = pick(nuget(), pw())
        return item(
            '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <packageSources>\n    <add key="corp" value="https://nuget.corp.example/v3/index.json" />\n  </packageSources>\n'
            + f'  <packageSourceCredentials>\n    <corp>\n      <add key="Username" value="{u}" />\n      <add key="ClearTextPassword" value="{v}" />\n    </corp>\n  </packageSourceCredentials>\n</configuration>',
            [("nuget-password", v)],
            lang="xml",
        )
    if form == 7:
        v = doppler()
        return item(
            f"scoped:\n    /:\n        token: {v}\n        api-host: https://api.doppler.com\n        dashboard-host: https://dashboard.doppler.com\n",
            [("doppler-token", v)],
            lang="yaml",
        )
    if form == 8:
        v = rs(24)
        doc = {
            "// Note": "This is your Vercel credentials file. DO NOT SHARE!",
            "// Docs": "https://vercel.com/docs/projects/project-configuration/global-configuration#auth.json",
            "token": v,
        }
        return item(json.dumps(doc, indent=2), [("vercel-token", v)], lang="json")
    if form == 9:
        v, kind = pick((supabase(), "supabase-token"), (sonar(), "sonar-token"))
        text = (
            f"$ cat ~/.supabase/access-token\n{v}"
            if v.startswith("sbp_")
            else f"sonar.projectKey=corp_web\nsonar.host.url=https://sonarcloud.io\nsonar.token={v}\n"
        )
        return item(text, [(kind, v)], lang="properties")
    if form == 10:
        v = atlassian()
        return item(
            f"installation: Cloud\nserver: https://corp.atlassian.net\nlogin: {u}@corp.example\nproject:\n  key: OPS\n  type: classic\napi_token: {v}\n",
            [("atlassian-token", v)],
            lang="yaml",
        )
    v, kind = pick((newrelic(), "newrelic-user-key"), (grafana_sa(), "grafana-sa-token"))
    if v.startswith("NRAK"):
        doc = {"default": {"apiKey": v, "region": "US", "accountID": g.r.randint(1000000, 9999999), "licenseKey": ""}}
        return item(json.dumps(doc, indent=2), [(kind, v)], lang="json")
    return item(
        f"contexts:\n  default:\n    grafana:\n      server: https://corp.grafana.net\n      token: {v}\n      org-id: 1\ncurrent-context: default\n",
        [(kind, v)],
        lang="yaml",
    )


def saas_keys(is_clean):
    """Payment and SaaS keys: Stripe restricted keys and webhook secrets, Braintree, Square, Mailgun, Mailchimp, Brevo, HubSpot, Shopify, Flutterwave."""
    if is_clean:
        return pick(
            lambda: clean(f"STRIPE_PUBLISHABLE_KEY=pk_live_{rs(99)}\nSTRIPE_PRICE_ID=price_1{rs(23)}\nSTRIPE_WEBHOOK_SECRET=\n", lang="bash"),
            lambda: clean(
                f"> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is whsec_**************** (^C to quit)\n"
                f"2026-05-04 10:11:12   --> payment_intent.created [evt_{rs(24)}]\n2026-05-04 10:11:12  <--  [200] POST http://localhost:3000/api/webhooks [evt_{rs(24)}]",
                lang="text",
            ),
            lambda: clean(
                f"MAILGUN_DOMAIN=mg.corp.example\nMAILGUN_PUBLIC_KEY=pubkey-{rs(32, HEX)}\nMAILCHIMP_SERVER_PREFIX=us{g.r.randint(1, 21)}\n",
                lang="bash",
            ),
            lambda: clean(
                f"SQUARE_APPLICATION_ID=sq0idp-{rs(22, URLSAFE)}\nSQUARE_ENVIRONMENT=production\nSQUARE_LOCATION_ID=L{rs(12, UPPER + DIGITS)}\n",
                lang="bash",
            ),
            lambda: clean(
                f'stripe.api_key = os.environ["STRIPE_API_KEY"]\nintent = stripe.PaymentIntent.retrieve("pi_3{rs(23)}")\ncustomer = "cus_{rs(14)}"\n',
                shape="code",
                lang="python",
            ),
            lambda: clean(
                f"HUBSPOT_PORTAL_ID={g.r.randint(1000000, 49999999)}\nHUBSPOT_ACCESS_TOKEN=${{HUBSPOT_ACCESS_TOKEN}}\nBRAINTREE_MERCHANT_ID={rs(16, LOWER + DIGITS)}\n",
                lang="bash",
            ),
        )()
    form = g.r.randrange(9)
    if form == 0:
        v = stripe_whsec()
        return item(
            f"> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is {v} (^C to quit)\n2026-05-04 10:11:12   --> checkout.session.completed [evt_{rs(24)}]",
            [("stripe-webhook-secret", v)],
        )
    if form == 1:
        v = stripe_restricted()
        if g.r.random() < 0.5:
            return item(f"STRIPE_API_KEY={v}\nSTRIPE_PRICE_ID=price_1{rs(23)}\n", [("stripe-restricted-key", v)], lang="bash")
        return item(
            f'import stripe\n\nstripe.api_key = "{v}"\nstripe.Customer.list(limit=3)\n', [("stripe-restricted-key", v)], shape="code", lang="python"
        )
    if form == 2:
        v = braintree()
        return item(f'gateway = braintree.BraintreeGateway(access_token="{v}")\n', [("braintree-token", v)], shape="code", lang="python")
    if form == 3:
        v = square()
        return item(
            f"SQUARE_ENVIRONMENT=production\nSQUARE_ACCESS_TOKEN={v}\nSQUARE_LOCATION_ID=L{rs(12, UPPER + DIGITS)}\n",
            [("square-token", v)],
            lang="bash",
        )
    if form == 4:
        v = mailgun()
        return item(
            f"curl -s --user 'api:{v}' https://api.eu.mailgun.net/v3/mg.corp.example/messages -F from='ops@corp.example' -F to={user()}@corp.example -F subject=test -F text=ok",
            [("mailgun-key", v)],
            shape="cmd",
        )
    if form == 5:
        v = mailchimp()
        srv = v.rsplit("-", 1)[1]
        return item(
            f'const mailchimp = require("@mailchimp/mailchimp_marketing");\n\nmailchimp.setConfig({{\n  apiKey: "{v}",\n  server: "{srv}",\n}});\n',
            [("mailchimp-key", v)],
            shape="code",
            lang="js",
        )
    if form == 6:
        v = brevo()
        return item(f"MAILER_DSN=brevo+api://{v}@default\nMAILER_FROM=ops@corp.example\n", [("brevo-key", v)], lang="bash")
    if form == 7:
        v = hubspot()
        return item(
            f"curl --request GET --url 'https://api.hubapi.com/crm/v3/objects/contacts?limit=10' --header 'authorization: Bearer {v}'",
            [("hubspot-token", v)],
            shape="cmd",
        )
    v, kind = pick((shopify_secret(), "shopify-shared-secret"), (flutterwave(), "flutterwave-secret"))
    name = "SHOPIFY_API_SECRET" if kind.startswith("shopify") else "FLW_SECRET_KEY"
    return item(f"{name}={v}\nAPP_URL=https://shop.corp.example\n", [(kind, v)], lang="bash")


def framework_config(is_clean):
    """.NET appsettings.json, Rails credentials and database.yml, Laravel and Symfony .env, Hibernate XML, grafana.ini, Keycloak, phpMyAdmin."""
    u, h = user(), host()
    if is_clean:
        return pick(
            lambda: clean(
                json.dumps(
                    {
                        "ConnectionStrings": {
                            "DefaultConnection": "Server=(localdb)\\mssqllocaldb;Database=app;Trusted_Connection=True;MultipleActiveResultSets=true"
                        },
                        "Logging": {"LogLevel": {"Default": "Information"}},
                        "AllowedHosts": "*",
                    },
                    indent=2,
                ),
                lang="json",
            ),
            lambda: clean(
                f'production:\n  <<: *default\n  database: app_production\n  username: {u}\n  password: <%= ENV["APP_DATABASE_PASSWORD"] %>\n',
                lang="yaml",
            ),
            lambda: clean("APP_NAME=Laravel\nAPP_ENV=local\nAPP_KEY=\nAPP_DEBUG=true\nDB_CONNECTION=mysql\nDB_PASSWORD=\n", lang="bash"),
            lambda: clean(
                "[security]\nadmin_user = admin\nadmin_password = $__env{GF_ADMIN_PASSWORD}\nsecret_key = SW2YcwTIb9zpOOhoPsMm\n", lang="ini"
            ),
            lambda: clean(
                f'<property name="hibernate.connection.url">jdbc:postgresql://{h}:5432/app</property>\n<property name="hibernate.connection.username">{u}</property>\n<property name="hibernate.connection.password">${{DB_PASSWORD}}</property>',
                lang="xml",
            ),
            lambda: clean(
                "# bin/rails credentials:show\n# aws:\n#   access_key_id: 123\n#   secret_access_key: 345\n\n# Used as the base secret for all MessageVerifiers in Rails.\nsecret_key_base: <%= ENV['SECRET_KEY_BASE'] %>\n",
                lang="yaml",
            ),
        )()
    form = g.r.randrange(9)
    if form == 0:
        p = pw()
        doc = {
            "ConnectionStrings": {
                "DefaultConnection": f"Server=tcp:{pick('sql-prod', 'corp-db')}.database.windows.net,1433;Initial Catalog=app;User ID={u};Password={p};Encrypt=True;"
            },
            "Logging": {"LogLevel": {"Default": "Warning"}},
        }
        return item(json.dumps(doc, indent=2), [("appsettings-password", p)], lang="json")
    if form == 1:
        k = rs(g.r.randint(32, 48))
        doc = {"Jwt": {"Issuer": "https://api.corp.example", "Audience": "corp-web", "Key": k}, "AllowedHosts": "*"}
        return item(json.dumps(doc, indent=2), [("appsettings-jwt-key", k)], lang="json")
    if form == 2:
        skb, ak, sk = rs(128, HEX), "AKIA" + rs(16, UPPER + DIGITS), rs(40, B64)
        text = f"$ bin/rails credentials:show\naws:\n  access_key_id: {ak}\n  secret_access_key: {sk}\n\nsecret_key_base: {skb}\n"
        return item(text, [("rails-aws-secret", sk), ("rails-secret-key-base", skb)], lang="yaml")
    if form == 3:
        k = rs(32, HEX)
        return item(f"$ cat config/master.key\n{k}", [("rails-master-key", k)])
    if form == 4:
        p = pw_bare()
        return item(
            f"production:\n  adapter: postgresql\n  encoding: unicode\n  host: {h}\n  database: app_production\n  username: {u}\n  password: {yaml_scalar(p)}\n",
            [("rails-db-password", p)],
            lang="yaml",
        )
    if form == 5:
        key = "base64:" + base64.b64encode(rand_bytes(32)).decode()
        p = pw_bare()
        return item(
            f"APP_NAME=Laravel\nAPP_ENV=production\nAPP_KEY={key}\nAPP_DEBUG=false\nDB_CONNECTION=mysql\nDB_HOST={h}\nDB_USERNAME={u}\nDB_PASSWORD={p}\n",
            [("laravel-app-key", key), ("laravel-db-password", p)],
            lang="bash",
        )
    if form == 6:
        s, p = rs(32, HEX), pw_bare()
        return item(
            f"APP_ENV=prod\nAPP_SECRET={s}\nMAILER_DSN=smtp://{u}:{p}@smtp.corp.example:587\n",
            [("symfony-secret", s), ("mailer-password", p)],
            lang="bash",
        )
    if form == 7:
        p = pw()
        return item(
            f'<property name="hibernate.connection.url">jdbc:postgresql://{h}:5432/app</property>\n<property name="hibernate.connection.username">{u}</property>\n<property name="hibernate.connection.password">{p}</property>',
            [("hibernate-password", p)],
            lang="xml",
        )
    p, s = pw_bare(), rs(20, ALNUM)
    text = pick(
        f"[security]\nadmin_user = admin\nadmin_password = {p}\nsecret_key = {s}\n",
        f"db=postgres\ndb-username={u}\ndb-password={p}\nhostname=sso.corp.example\n",
        f"<?php\n$cfg['blowfish_secret'] = '{s}{rs(12)}';\n$cfg['Servers'][1]['user'] = '{u}';\n$cfg['Servers'][1]['password'] = '{p}';\n",
    )
    secrets = [("grafana-admin-password", p), ("grafana-secret-key", s)] if text.startswith("[security]") else [("config-password", p)]
    if text.startswith("<?php"):
        secrets.append(("phpmyadmin-blowfish", text.split("'")[3]))
    return item(text, secrets, lang="ini")


def iac_vars(is_clean):
    """Terraform .tfvars and provider blocks, Ansible vars and inventories, Helm values and --set, Pulumi stack config, Packer, hiera, Chef data bags."""
    u, h = user(), host()
    if is_clean:
        return pick(
            lambda: clean(
                'variable "db_password" {\n  description = "Master password"\n  type        = string\n  sensitive   = true\n}\n', lang="hcl"
            ),
            lambda: clean(
                "ansible_become_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n"
                + "".join(f"          {rs(80, DIGITS + 'abcdef')}\n" for _ in range(5)),
                lang="yaml",
            ),
            lambda: clean(f"config:\n  aws:region: eu-west-1\n  app:dbPassword:\n    secure: v1:{rs(16, B64)}:{rs(44, B64)}\n", lang="yaml"),
            lambda: clean(
                f"postgresql:\n  auth:\n    username: {u}\n    database: app\n    existingSecret: db-credentials\n    secretKeys:\n      userPasswordKey: password\n",
                lang="yaml",
            ),
            lambda: clean(f'db_username = "{u}"\ndb_password = var.db_password\ninstance_class = "db.t4g.medium"\n', lang="hcl"),
            lambda: clean(
                "ansible_user: deploy\nansible_become_password: \"{{ vault_become_password }}\"\nmysql_root_password: \"{{ lookup('env', 'MYSQL_ROOT_PASSWORD') }}\"\n",
                lang="yaml",
            ),
        )()
    form = g.r.randrange(9)
    if form == 0:
        p = pw()
        return item(
            f'region      = "eu-central-1"\ndb_username = "{u}"\ndb_password = "{p}"\ninstance_class = "db.t4g.medium"\n',
            [("tfvars-password", p)],
            lang="hcl",
        )
    if form == 1:
        v, kind, var = pick((rs(40, URLSAFE), "cloudflare-token", "cloudflare_api_token"), (rs(64), "hetzner-token", "hcloud_token"))
        return item(f'{var} = "{v}"\nzone = "corp.example"\n', [(kind, v)], lang="hcl")
    if form == 2:
        p = pw()
        return item(
            f'provider "postgresql" {{\n  host     = "{h}"\n  port     = 5432\n  username = "{u}"\n  password = "{p}"\n  sslmode  = "require"\n}}\n',
            [("hcl-provider-password", p)],
            lang="hcl",
        )
    if form == 3:
        p = pw_bare()
        return item(
            f"ansible_user: {u}\nansible_become: true\nansible_become_password: {yaml_scalar(p)}\n", [("ansible-become-password", p)], lang="yaml"
        )
    if form == 4:
        p = pw_bare()
        return item(
            f"[web]\nweb01 ansible_host=10.0.4.11 ansible_user={u} ansible_password={p}\nweb02 ansible_host=10.0.4.12\n\n[web:vars]\nansible_connection=ssh\n",
            [("ansible-inventory-password", p)],
            lang="ini",
        )
    if form == 5:
        p, p2 = pw_bare(), pw_bare()
        return item(
            f"postgresql:\n  auth:\n    postgresPassword: {yaml_scalar(p)}\n    username: {u}\n    password: {yaml_scalar(p2)}\n    database: app\n",
            [("helm-password", p), ("helm-password", p2)],
            lang="yaml",
        )
    if form == 6:
        p = pw_bare()
        return item(
            f"helm upgrade --install redis oci://registry-1.docker.io/bitnamicharts/redis -n cache --set auth.password={p} --set architecture=standalone",
            [("helm-set-password", p)],
            shape="cmd",
        )
    if form == 7:
        p = pw_bare()
        return item(
            f"config:\n  aws:region: eu-west-1\n  app:dbUser: {u}\n  app:dbPassword: {yaml_scalar(p)}\n", [("pulumi-plain-password", p)], lang="yaml"
        )
    p = pw()
    text = pick(
        f'winrm_username = "Administrator"\nwinrm_password = "{p}"\nimage_name     = "win2022-base"\n',
        f"profile::mysql::root_password: '{p}'\nprofile::mysql::bind_address: '0.0.0.0'\n",
        json.dumps({"id": "database", "host": h, "user": u, "password": p}, indent=2),
    )
    return item(text, [("iac-password", p)], lang="hcl")


def db_rows(is_clean):
    """Rows of users / api_keys / oauth_clients tables: SQL INSERTs and dumps, mysql and psql tables, CSV, mongosh, sqlite3."""
    u = user()
    if is_clean:
        return pick(
            lambda: clean(
                f"INSERT INTO users (id, email, password_hash) VALUES\n  (1, '{u}@corp.example', '{bcrypt()}'),\n  (2, 'ci@corp.example', '{argon2()}');",
                lang="sql",
            ),
            lambda: clean(
                f"+----+-----------------+--------------------------------------------------------------+\n| id | username        | password                                                     |\n+----+-----------------+--------------------------------------------------------------+\n|  1 | {u:<15} | {bcrypt()} |\n+----+-----------------+--------------------------------------------------------------+\n1 row in set (0.00 sec)",
                lang="text",
            ),
            lambda: clean(
                f"id,email,api_key_last4,token_sha256,created_at\n1,{u}@corp.example,{rs(4)},{rs(64, HEX)},2026-05-04T10:11:12Z\n2,ci@corp.example,{rs(4)},{rs(64, HEX)},2026-05-05T08:00:00Z\n",
                lang="csv",
            ),
            lambda: clean(
                f"-[ RECORD 1 ]+{'-' * 40}\nid           | 1\nusername     | {u}\npassword     | {pbkdf2()}\nlast_login   | 2026-05-04 10:11:12+00\n",
                lang="text",
            ),
            lambda: clean(
                f"[\n  {{\n    _id: ObjectId('{rs(24, HEX)}'),\n    username: '{u}',\n    apiKeyPrefix: 'ak_{rs(6, LOWER)}',\n    revoked: true\n  }}\n]",
                lang="js",
            ),
            lambda: clean(
                f"INSERT INTO `oauth_clients` VALUES ('{uuid()}','web','https://app.corp.example/callback',NULL,'authorization_code',1,'2026-05-04 10:11:12');",
                lang="sql",
            ),
        )()
    form = g.r.randrange(8)
    if form == 0:
        p = pw()
        return item(
            f"INSERT INTO users (id, email, password, role) VALUES (1, '{u}@corp.example', '{p}', 'admin');", [("sql-insert-password", p)], lang="sql"
        )
    if form == 1:
        t = pick(rs(40), "ak_live_" + rs(32), rs(64, HEX))
        return item(
            f"INSERT INTO api_keys (user_id, name, key, created_at) VALUES\n  (3, 'ci', '{t}', now());", [("sql-insert-api-key", t)], lang="sql"
        )
    if form == 2:
        s = rs(40)
        return item(
            f"--\n-- Dumping data for table `oauth_clients`\n--\n\nLOCK TABLES `oauth_clients` WRITE;\nINSERT INTO `oauth_clients` VALUES ('{uuid()}','{s}','https://app.corp.example/callback','authorization_code',1,'2026-05-04 10:11:12');\nUNLOCK TABLES;",
            [("mysqldump-client-secret", s)],
            lang="sql",
        )
    if form == 3:
        p = pw()
        w = max(8, len(p))
        return item(
            f"+----+----------+{'-' * (w + 2)}+\n| id | username | password{' ' * (w - 8)} |\n+----+----------+{'-' * (w + 2)}+\n|  1 | {u:<8} | {p:<{w}} |\n+----+----------+{'-' * (w + 2)}+\n1 row in set (0.00 sec)",
            [("mysql-table-password", p)],
        )
    if form == 4:
        t = rs(g.r.randint(32, 48), URLSAFE)
        return item(
            f"-[ RECORD 1 ]+{'-' * 40}\nid           | 7\nservice      | billing-sync\napi_token    | {t}\nexpires_at   | \n",
            [("psql-expanded-token", t)],
        )
    if form == 5:
        t, t2 = rs(40), rs(40)
        return item(
            f"id,email,api_key,created_at\n1,{u}@corp.example,{t},2026-05-04T10:11:12Z\n2,ci@corp.example,{t2},2026-05-05T08:00:00Z\n",
            [("csv-api-key", t), ("csv-api-key", t2)],
            lang="csv",
        )
    if form == 6:
        t = pick(rs(48, HEX), "sk_" + rs(40))
        return item(
            f"[\n  {{\n    _id: ObjectId('{rs(24, HEX)}'),\n    username: '{u}',\n    apiKey: '{t}',\n    createdAt: ISODate('2026-05-04T10:11:12.000Z')\n  }}\n]",
            [("mongosh-api-key", t)],
            lang="js",
        )
    p = pw()
    return item(
        f"sqlite> .mode line\nsqlite> SELECT username, password FROM accounts WHERE id = 1;\nusername = {u}\npassword = {p}", [("sqlite-password", p)]
    )


def windows_admin(is_clean):
    """PowerShell and cmd.exe administration: ConvertTo-SecureString, PSCredential, cmdkey, net use, schtasks, sc.exe, psexec, wmic, winrs, Invoke-Sqlcmd, unattend.xml."""
    u = f"CORP\\{user()}"
    if is_clean:
        return pick(
            lambda: clean(
                f"$cred = Get-Credential -UserName '{u}' -Message 'Backup account'\nNew-PSDrive -Name Z -PSProvider FileSystem -Root \\\\nas01\\backup -Credential $cred",
                "script",
                "powershell",
            ),
            lambda: clean(f"net use Z: \\\\nas01\\backup /user:{u} * /persistent:yes", "cmd", "bat"),
            lambda: clean("cmdkey /list", "cmd", "bat"),
            lambda: clean(
                f"$secure = Get-Content .\\pw.txt | ConvertTo-SecureString\n$cred = New-Object System.Management.Automation.PSCredential ('{u}', $secure)",
                "script",
                "powershell",
            ),
            lambda: clean(f"$pw = ConvertTo-SecureString '01000000d08c9ddf0115d1118c7a00c04fc297eb0100{rs(60, HEX)}'\n", "script", "powershell"),
            lambda: clean('sc.exe config MySvc obj= "NT AUTHORITY\\LocalService" password= ""', "cmd", "bat"),
            lambda: clean("$pw = Read-Host -AsSecureString -Prompt 'Password'\nNew-LocalUser -Name svc_backup -Password $pw", "script", "powershell"),
        )()
    form = g.r.randrange(11)
    p = pw_bare()
    if form == 0:
        q = pw()
        return item(
            f"$pw = ConvertTo-SecureString '{q}' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ('{u}', $pw)\nInvoke-Command -ComputerName web01 -Credential $cred -ScriptBlock {{ Get-Service }}",
            [("powershell-securestring", q)],
            "script",
            "powershell",
        )
    if form == 1:
        return item(f"cmdkey /add:fileserver01 /user:{u} /pass:{p}", [("cmdkey-pass", p)], "cmd", "bat")
    if form == 2:
        return item(f"net use Z: \\\\nas01\\backup {p} /user:{u} /persistent:yes", [("net-use-password", p)], "cmd", "bat")
    if form == 3:
        return item(
            f'schtasks /Create /TN "Nightly backup" /TR "C:\\ops\\backup.cmd" /SC DAILY /ST 02:00 /RU {u} /RP {p}',
            [("schtasks-password", p)],
            "cmd",
            "bat",
        )
    if form == 4:
        return item(f'sc.exe config MySvc obj= "{u}" password= "{p}"', [("sc-password", p)], "cmd", "bat")
    if form == 5:
        q = pw()
        return item(
            f"Invoke-Sqlcmd -ServerInstance db01 -Database app -Username {user()} -Password '{q}' -Query 'SELECT @@VERSION'",
            [("invoke-sqlcmd-password", q)],
            "cmd",
            "powershell",
        )
    if form == 6:
        q = pw()
        return item(
            f'New-LocalUser -Name svc_backup -Password (ConvertTo-SecureString "{q}" -AsPlainText -Force) -PasswordNeverExpires',
            [("new-localuser-password", q)],
            "cmd",
            "powershell",
        )
    if form == 7:
        return item(
            pick(f"psexec \\\\web01 -u {u} -p {p} cmd /c ipconfig /all", f"wmic /node:web01 /user:{u} /password:{p} process list brief"),
            [("psexec-password", p)],
            "cmd",
            "bat",
        )
    if form == 8:
        return item(f"winrs -r:web01 -u:{u} -p:{p} ipconfig", [("winrs-password", p)], "cmd", "bat")
    if form == 9:
        return item(f"net user {user()} {p} /add /expires:never", [("net-user-password", p)], "cmd", "bat")
    q = pw()
    return item(
        "<UserAccounts>\n  <AdministratorPassword>\n"
        + f"    <Value>{q}</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>",
        [("unattend-password", q)],
        "file",
        "xml",
    )


def browser_state(is_clean):
    """What browser tools hand back: Playwright storage_state, HAR entries, DevTools 'Copy as cURL', document.cookie, Puppeteer and Selenium cookies, localStorage."""
    h = pick("app.corp.example", "dashboard.example.com", "admin.shop.example")
    if is_clean:
        return pick(
            lambda: clean(
                json.dumps(
                    {
                        "cookies": [
                            {
                                "name": "_ga",
                                "value": f"GA1.1.{g.r.randint(10**8, 10**9)}.{g.r.randint(1700000000, 1790000000)}",
                                "domain": f".{h}",
                                "path": "/",
                                "expires": 1811111111,
                                "httpOnly": False,
                                "secure": False,
                                "sameSite": "Lax",
                            },
                            {
                                "name": "theme",
                                "value": "dark",
                                "domain": h,
                                "path": "/",
                                "expires": -1,
                                "httpOnly": False,
                                "secure": True,
                                "sameSite": "Lax",
                            },
                        ],
                        "origins": [
                            {
                                "origin": f"https://{h}",
                                "localStorage": [{"name": "i18nextLng", "value": "en"}, {"name": "sidebar", "value": '{"collapsed":true}'}],
                            }
                        ],
                    },
                    indent=2,
                ),
                lang="json",
            ),
            lambda: clean(
                f"'_ga=GA1.1.{g.r.randint(10**8, 10**9)}.{g.r.randint(1700000000, 1790000000)}; theme=dark; NEXT_LOCALE=en; cookie_consent=necessary'",
                "file",
                "js",
            ),
            lambda: clean(
                f"curl 'https://{h}/api/health' -H 'accept: application/json' -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64)' --compressed",
                "cmd",
                "bash",
            ),
            lambda: clean(
                json.dumps(
                    {
                        "request": {
                            "method": "GET",
                            "url": f"https://{h}/api/items?page=2",
                            "headers": [{"name": "Accept", "value": "application/json"}, {"name": "X-Request-Id", "value": uuid()}],
                        },
                        "response": {"status": 200},
                    },
                    indent=2,
                ),
                lang="json",
            ),
            lambda: clean(
                f"[{{'name': 'csrftoken_set', 'value': 'true', 'domain': '{h}', 'path': '/', 'secure': True}}, {{'name': 'lang', 'value': 'de', 'domain': '{h}', 'path': '/'}}]",
                "file",
                "python",
            ),
        )()
    form = g.r.randrange(7)
    if form == 0:
        s = rs(32, URLSAFE)
        t = jwt({"sub": uuid(), "email": f"{user()}@corp.example", "role": "admin", "iat": 1777800000, "exp": 1777886400})
        doc = {
            "cookies": [
                {"name": "session", "value": s, "domain": h, "path": "/", "expires": 1778000000, "httpOnly": True, "secure": True, "sameSite": "Lax"}
            ],
            "origins": [{"origin": f"https://{h}", "localStorage": [{"name": "access_token", "value": t}]}],
        }
        return item(json.dumps(doc, indent=2), [("playwright-cookie", s), ("localstorage-jwt", t)], lang="json")
    if form == 1:
        t = rs(g.r.randint(40, 64), URLSAFE)
        doc = {
            "request": {
                "method": "GET",
                "url": f"https://{h}/api/me",
                "headers": [{"name": "Accept", "value": "application/json"}, {"name": "Authorization", "value": f"Bearer {t}"}],
            },
            "response": {"status": 200},
        }
        return item(json.dumps(doc, indent=2), [("har-bearer", t)], lang="json")
    if form == 2:
        s = rs(g.r.randint(32, 40), LOWER + DIGITS)
        return item(
            f"curl 'https://{h}/api/orders?limit=50' -H 'accept: application/json' -H 'cookie: _ga=GA1.1.{g.r.randint(10**8, 10**9)}.1777800000; sessionid={s}; theme=dark' -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64)' --compressed",
            [("devtools-curl-cookie", s)],
            "cmd",
            "bash",
        )
    if form == 3:
        s = rs(40, URLSAFE)
        return item(
            f"'_ga=GA1.1.{g.r.randint(10**8, 10**9)}.1777800000; theme=dark; remember_user_token={s}; NEXT_LOCALE=en'",
            [("document-cookie", s)],
            "file",
            "js",
        )
    if form == 4:
        sid = "s%3A" + rs(32, URLSAFE) + "." + rs(43, ALNUM).replace("a", "%2B", 2)
        return item(
            f"[\n  {{\n    name: 'connect.sid',\n    value: '{sid}',\n    domain: '{h}',\n    path: '/',\n    expires: 1778000000,\n    httpOnly: true,\n    secure: true,\n    session: false,\n    sameSite: 'Lax'\n  }}\n]",
            [("puppeteer-cookie", sid)],
            "file",
            "js",
        )
    if form == 5:
        s = rs(32, LOWER + DIGITS)
        return item(
            f"[{{'domain': '{h}', 'httpOnly': True, 'name': 'PHPSESSID', 'path': '/', 'sameSite': 'Lax', 'secure': True, 'value': '{s}'}}]",
            [("selenium-cookie", s)],
            "file",
            "python",
        )
    a = jwt({"aud": "authenticated", "exp": 1777886400, "sub": uuid(), "email": f"{user()}@corp.example", "role": "authenticated"})
    r_ = rs(pick(12, 22, 40), URLSAFE)
    inner = json.dumps({"access_token": a, "token_type": "bearer", "expires_in": 3600, "refresh_token": r_, "user": {"id": uuid()}})
    ref = rs(20, LOWER)
    return item(
        json.dumps([[f"sb-{ref}-auth-token", inner], ["i18nextLng", "en"]], indent=2),
        [("localstorage-jwt", a), ("localstorage-refresh", r_)],
        lang="json",
    )


KINDS = {
    "mcp-agent-config": mcp_agent_config,
    "devtool-credfile": devtool_credfile,
    "saas-keys": saas_keys,
    "framework-config": framework_config,
    "iac-vars": iac_vars,
    "db-rows": db_rows,
    "windows-admin": windows_admin,
    "browser-state": browser_state,
}

# ---------------------------------------------------------------- contexts
# Each: (shapes, render(item) -> (scope, tool, payload, string the guard reads), derive(value, item) -> value as read).


def rich_wrap(line, w):
    """Wrap as rich wraps a Text: at spaces, folding only a word longer than the width."""
    rows, cur = [], ""
    for word in re.findall(r"\s*\S+\s*", line):
        if len(cur) + len(word.rstrip()) <= w:
            cur += word
            continue
        if cur:
            rows.append(cur.rstrip())
        while len(word.rstrip()) > w:
            rows.append(word[:w])
            word = word[w:]
        cur = word
    rows.append(cur.rstrip())
    return rows


def rich_panel(it):
    """A rich Panel (as CLIs built on rich print a file): box drawing, lines wrapped at the panel width."""
    w = pick(76, 96, 116)
    rows = [row for ln in lines(it) for row in rich_wrap(ln, w)]
    title = f" {'deploy.ps1' if it['shape'] == 'script' else pick('config', '.env', 'settings', 'output', 'values')} "
    left = (w + 2 - len(title)) // 2
    top = "╭" + "─" * left + title + "─" * (w + 2 - left - len(title)) + "╮"
    body = "\n".join(f"│ {row.ljust(w)} │" for row in rows)
    t = f"{top}\n{body}\n╰{'─' * (w + 2)}╯"
    return g.result("terminal", t)


def tty_typescript(it):
    """A script(1) typescript: OSC title, bracketed-paste toggles, coloured prompt, CRLF, CR progress, readline wrap of long input."""
    u = user()
    cols = pick(100, 120, 160)
    shown = f"{u}@web01:~/app$ "
    prompt = f"\x1b]0;{u}@web01: ~/app\x07\x1b[?2004h\x1b[01;32m{u}@web01\x1b[00m:\x1b[01;34m~/app\x1b[00m$ "

    def typed(cmd):
        # readline moves to the next row with " \r" when the typed line reaches the terminal's width
        out, col = [], len(shown)
        for ch in cmd:
            out.append(ch)
            col += 1
            if col == cols:
                out.append(" \r")
                col = 0
        return "".join(out)

    head = f'Script started on 2026-05-04 10:11:{g.r.randint(10, 59)}+00:00 [TERM="xterm-256color" TTY="/dev/pts/{g.r.randint(0, 9)}" COLUMNS="{cols}" LINES="40"]\n'
    paste_off = "\x1b[?2004l\r"
    if it["lang"] in ("bat", "powershell"):
        # an OpenSSH session to a Windows host, recorded by script(1) on the agent's side
        shown = prompt = f"C:\\Users\\{u}>"
        paste_off = ""
    if it["shape"] == "cmd":
        body = prompt + typed(it["text"]) + "\r\n" + paste_off + pick("The command completed successfully.\r\n", "", "OK\r\n")
    else:
        name = "deploy.ps1" if it["shape"] == "script" else pick("app.conf", "settings.json", ".env", "config.yml")
        if it["shape"] == "script":
            body = prompt + typed(f"type {name}") + "\r\n"
        else:
            progress = "".join(f"\r{name:<24}{pct:>4}%  {pct * 5}B  {pct // 3}.0KB/s   00:0{pct // 40} ETA" for pct in (0, 37, 81, 100))
            body = prompt + typed(f"scp deploy@web02:/srv/app/{name} . && cat {name}") + "\r\n\x1b[?2004l" + progress + "\r\n"
        body += "\r\n".join(lines(it)) + "\r\n"
    t = head + body + prompt + "exit\r\n" + paste_off + 'exit\r\n\r\nScript done on 2026-05-04 10:12:30+00:00 [COMMAND_EXIT_CODE="0"]\n'
    return g.result("terminal", t)


def slack_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def slack_history(it):
    """A Slack conversations.history result (MCP slack tool): mrkdwn entities in text, `\\/` in the JSON."""
    lead = pick("here's the config from prod:", "fyi this is what I ran:", "current values, please check", "pasting for reference")
    msg = slack_escape(f"{lead}\n```\n{it['text']}\n```")
    team = "T0" + rs(8, UPPER + DIGITS)
    doc = {
        "ok": True,
        "messages": [
            {"type": "message", "user": "U0" + rs(9, UPPER + DIGITS), "text": msg, "ts": f"17779{rs(5, DIGITS)}.{rs(6, DIGITS)}", "team": team},
            {
                "type": "message",
                "user": "U0" + rs(9, UPPER + DIGITS),
                "text": pick("can you paste the config?", "what does the file say?"),
                "ts": f"17779{rs(5, DIGITS)}.{rs(6, DIGITS)}",
                "team": team,
            },
        ],
        "has_more": False,
        "pin_count": 0,
        "response_metadata": {"next_cursor": ""},
    }
    payload = json.dumps(doc, separators=(",", ":")).replace("/", "\\/")
    return "result", "mcp_slack_conversations_history", payload, msg


def sourcemap(it):
    """A source map fetched from a site or read from dist/: the file in `sourcesContent`."""
    name = pick("src/config.ts", "src/settings.json", "src/env.js", "config/default.yml")
    vlq = ";".join(",".join(rs(g.r.choice((4, 6, 8)), ALNUM + "+/") for _ in range(g.r.randint(3, 9))) for _ in range(g.r.randint(8, 20)))
    doc = {
        "version": 3,
        "file": f"static/js/main.{rs(8, HEX)}.js",
        "mappings": vlq,
        "sources": [f"webpack://app/./{name}", "webpack://app/./src/index.ts"],
        "sourcesContent": [it["text"], "import config from './config';\n\nrender(config);\n"],
        "names": ["config", "render"],
        "sourceRoot": "",
    }
    return "result", pick("web_fetch", "read_file"), json.dumps(doc, separators=(",", ":")), it["text"]


def xml_attr(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")


def junit_attr(it):
    """A pytest JUnit report whose failure `message` attribute holds the text (`&#10;` for newlines)."""
    if it["shape"] in ("cmd", "script"):
        msg = f"subprocess.CalledProcessError: Command '{it['text']}' returned non-zero exit status 1."
    else:
        msg = f"AssertionError: {pick('unexpected config', 'config mismatch', 'rendered file differs')}\n{it['text']}\nassert False"
    test = pick("test_render_config", "test_deploy_script", "test_settings_roundtrip")
    t = (
        '<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="0" failures="1" skipped="0" '
        + f'tests="{g.r.randint(20, 300)}" time="{g.r.randint(2, 90)}.{rs(3, DIGITS)}" timestamp="2026-05-04T10:11:12.{rs(6, DIGITS)}" hostname="runner-{rs(6, LOWER + DIGITS)}">'
        + f'<testcase classname="tests.test_config" name="{test}" time="0.{rs(3, DIGITS)}"><failure message="{xml_attr(msg)}">tests/test_config.py:{g.r.randint(10, 200)}: AssertionError</failure></testcase></testsuite></testsuites>'
    )
    return g.result("read_file", t)


def rst_doc(it):
    """A reStructuredText page the agent writes (`write_file`): the text in a code block, indented three spaces."""
    title = pick("Deployment notes", "Local setup", "Runbook: database access", "Migrating the workers")
    body = "\n".join("   " + ln if ln else "" for ln in lines(it))
    lang = {"cmd": "bat", "script": "powershell"}.get(it["shape"], it["lang"])
    content = f"{title}\n{'=' * len(title)}\n\n{pick('Current settings:', 'Run this on the host:', 'As of today the file reads:')}\n\n.. code-block:: {lang}\n\n{body}\n\n.. note:: Rotate after the migration.\n"
    path = f"docs/{pick('deploy', 'setup', 'runbook')}.rst"
    return "args", "write_file", json.dumps({"path": path, "content": content}), content


def c_escape(s):
    """Protobuf text format string escaping (as protoc --decode prints): C escapes, octal for other bytes."""
    out = []
    for b in s.encode():
        c = chr(b)
        if c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif c in "\"'\\":
            out.append("\\" + c)
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append(f"\\{b:03o}")
    return "".join(out)


def textproto(it):
    """`protoc --decode` output: the text as a string field in protobuf text format."""
    if it["shape"] in ("cmd", "script"):
        body = f'steps {{\n  name: "gcr.io/cloud-builders/{pick("gcloud", "docker")}"\n  entrypoint: "{pick("pwsh", "cmd")}"\n  args: "-c"\n  args: "{c_escape(it["text"])}"\n}}\ntimeout {{\n  seconds: 1200\n}}\n'
    else:
        body = f'name: "{pick("app-config", "deploy-bundle")}"\nrevision: {g.r.randint(2, 90)}\nfiles {{\n  path: "{pick("/etc/app/app.conf", "config/settings.json", ".env")}"\n  mode: 384\n  content: "{c_escape(it["text"])}"\n}}\ncreated_by: "{user()}"\n'
    t = f"$ protoc --decode={pick('config.v1.Bundle', 'deploy.v2.Request')} {pick('bundle', 'deploy')}.proto < payload.bin\n{body}"
    return g.result("terminal", t)


def base64_whole(it):
    """The whole text base64-encoded: `base64` output (wrapped at 76), a Secret's data value, cloud-init, a PowerShell
    -EncodedCommand (UTF-16LE) or `echo … | base64 -d | sh`."""
    windows = it["lang"] in ("bat", "powershell")
    if it["shape"] in ("cmd", "script") and g.r.random() < 0.6:
        it["enc"] = "utf-16-le" if windows else "utf-8"
        b = base64.b64encode(it["text"].encode(it["enc"])).decode()
        cmd = f"powershell.exe -NoProfile -NonInteractive -EncodedCommand {b}" if windows else f"echo {b} | base64 -d | sh"
        return "args", "terminal", json.dumps({"command": cmd}), cmd
    it["enc"] = "utf-8"
    b = base64.b64encode(it["text"].encode()).decode()
    ext = {"bat": "cmd", "powershell": "ps1"}.get(it["lang"])
    form = g.r.randrange(4)
    if form == 0:
        t = f"$ base64 {f'run.{ext}' if ext else pick('app.conf', 'settings.json', 'run.sh')}\n" + "\n".join(
            b[i : i + 76] for i in range(0, len(b), 76)
        )
    elif form == 1:
        t = f"$ base64 -w0 {f'run.{ext}' if ext else pick('app.conf', '.env', 'run.sh')}\n{b}"
    elif form == 2:
        t = f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-files\ntype: Opaque\ndata:\n  {pick('app.conf', 'settings.json', 'bootstrap.sh')}: {b}\n"
    else:
        t = f"#cloud-config\nwrite_files:\n  - path: /etc/app/{pick('app.conf', 'bootstrap.sh')}\n    permissions: '0600'\n    encoding: b64\n    content: {b}\n"
    return g.result(pick("terminal", "read_file"), t)


def b64_derive(v, it):
    """The base64 characters that encode only bytes of the value (whole 3-byte groups inside it)."""
    enc = it["enc"]
    tb, vb = it["text"].encode(enc), v.encode(enc)
    i = tb.find(vb)
    while enc == "utf-16-le" and i % 2:
        i = tb.find(vb, i + 1)
    assert i >= 0, (v, it["text"])
    start, end = -(-i // 3), (i + len(vb)) // 3
    return base64.b64encode(tb).decode()[start * 4 : end * 4]


def ident(v, _it):
    return v


ALL = {"file", "code", "cmd", "script"}
CONTEXTS = {
    # dev
    "rich-panel": (ALL, rich_panel, ident),
    "tty-typescript": (ALL, tty_typescript, ident),
    "slack-history": (ALL, slack_history, lambda v, _: slack_escape(v)),
    "sourcemap": ({"file", "code"}, sourcemap, ident),
    "junit-xml-attr": (ALL, junit_attr, lambda v, _: xml_attr(v)),
    # held out
    "rst-doc": (ALL, rst_doc, ident),
    "textproto": (ALL, textproto, lambda v, _: c_escape(v)),
    "base64-whole": (ALL, base64_whole, b64_derive),
}


# A Windows script or unattend.xml has no place in a web bundle's source map.
SKIP_PAIRS = {("windows-admin", "sourcemap")}


def main():
    g.r = random.Random(SEED)
    cases = []
    n = 0
    for kind, make in KINDS.items():
        for ctx, (shapes, render, derive) in CONTEXTS.items():
            if (kind, ctx) in SKIP_PAIRS:
                continue
            for label in ["secret"] * 4 + ["clean"] * 3:
                for _attempt in range(12):
                    it = make(label == "clean")
                    if it["shape"] in shapes:
                        break
                else:
                    continue
                scope, tool, payload, read = render(it)
                secrets = []
                for k, v in it["secrets"]:
                    v2 = derive(v, it)
                    p = g.pieces_of(v2, read)
                    assert p, (kind, ctx, v2, read)
                    secrets.append({"kind": k, "value": v2, "pieces": p})
                n += 1
                held_out = kind in HELD_OUT_KINDS or ctx in HELD_OUT_CONTEXTS
                cases.append(g.case(f"r5-{n:05d}", held_out, kind, ctx, label, scope, tool, payload, secrets))
    g.write_cases(OUT, cases)


if __name__ == "__main__":
    main()
