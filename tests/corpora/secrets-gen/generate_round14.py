"""Round 14 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 13 have been read, measured or worked on, or written. Round 14 was written blind, like
rounds 5 to 13: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL fields), never the rules
nor anything under `engine/src`, `BENCHMARKS.md` nor `docs/`, and never ran the engine on it.

Kind families and context families: see `SPLIT.md`, round 14. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round14.py     # rewrites round14.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
from pathlib import Path
from urllib.parse import quote_plus

from blind_round import (
    ALNUM,
    DIGITS,
    HEX,
    LOWER,
    UHEX,
    UPPER,
    URLSAFE,
    R,
    b64,
    b64_runs,
    b64url,
    clean,
    cmd,
    deal,
    env,
    env_file,
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
    shq,
    ts_epoch,
    uuid4,
    whole,
    write_round,
)

SEED = 1654
OUT = Path(__file__).with_name("round14.jsonl")

HELD_OUT_KINDS = {"legacy-db-creds", "homelab-app-secrets"}
HELD_OUT_CONTEXTS = {"pdf-text-dump", "troff-man", "logcat"}


def sha256hex():
    return rs(64, HEX)


def md5hex():
    return rs(32, HEX)


# ---------------------------------------------------------------- kind: vector-search-keys


def vector_search_keys(is_clean):
    """Vector and search databases no round had: Zilliz Cloud, Chroma Cloud, turbopuffer, LanceDB Cloud, Vectara,
    OpenSearch's initial admin password, Vespa Cloud data-plane tokens, Marqo Cloud."""
    if is_clean:
        form = deal("vector/clean", 5)
        if form == 0:
            pairs = [
                ("ZILLIZ_URI", f"https://in03-{rs(15, HEX)}.serverless.gcp-us-west1.cloud.zilliz.com"),
                ("ZILLIZ_TOKEN", "${ZILLIZ_TOKEN}"),
                ("CHROMA_TENANT", uuid4()),
                ("CHROMA_DATABASE", "prod"),
                ("TURBOPUFFER_API_KEY", ""),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        if form == 1:
            doc = {
                "ids": [[uuid4(), uuid4(), uuid4()]],
                "distances": [[round(R.random(), 6), round(R.random() + 0.5, 6), round(R.random() + 0.9, 6)]],
                "metadatas": [
                    [
                        {"source": "handbook.md", "chunk": R.randint(1, 80)},
                        {"source": "faq.md", "chunk": R.randint(1, 40)},
                        {"source": "onboarding.md", "chunk": 3},
                    ]
                ],
                "documents": [["Expenses are reimbursed monthly.", "VPN access is requested through IT.", "Badges are issued on the first day."]],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/chroma-query.json")
        if form == 2:
            return cmd(
                f'curl -s -X POST https://gcp-us-central1.turbopuffer.com/v2/namespaces/docs-{rs(6, LOWER + DIGITS)}/query -H "Authorization: Bearer $TURBOPUFFER_API_KEY" -d \'{{"rank_by": ["vector", "ANN", [0.1, 0.2]], "top_k": 5}}\'',
                [],
            )
        if form == 3:
            text = f'vectara:\n  customer_id: "{R.randint(10**9, 4 * 10**9)}"\n  corpus_key: "handbook-{rs(4, LOWER + DIGITS)}"\n  api_key: "zwt_********"\n  lambda: 0.025\n'
            return clean(text, fmt="yaml", name="config/search.yml")
        rows = ["health status index                uuid                   pri rep docs.count store.size"]
        for name in ("logs-app-2026.12.04", "logs-app-2026.12.05", "products-v7"):
            rows.append(f"green  open   {name:<20} {rs(22, URLSAFE)}   1   1 {R.randint(10**4, 10**7):>10} {R.randint(2, 900)}mb")
        return clean("\n".join(rows) + "\n", name="out/cat-indices.txt")
    form = deal("vector/secret", 7)
    if form == 0:
        k = rs(104, HEX)
        if R.random() < 0.5:
            return env(
                [("ZILLIZ_URI", f"https://in03-{rs(15, HEX)}.serverless.gcp-us-west1.cloud.zilliz.com"), ("ZILLIZ_TOKEN", k)], [("zilliz-api-key", k)]
            )
        text = f'from pymilvus import MilvusClient\n\nclient = MilvusClient(\n    uri="https://in03-{rs(15, HEX)}.api.gcp-us-west1.zillizcloud.com",\n    token="{k}",\n)\nprint(client.list_collections())\n'
        return item(text, [("zilliz-api-key", k)], fmt="py", name="search/milvus_client.py")
    if form == 1:
        k = "ck-" + rs(44, ALNUM)
        if R.random() < 0.5:
            text = f'import chromadb\n\nclient = chromadb.CloudClient(\n    api_key="{k}",\n    tenant="{uuid4()}",\n    database="prod",\n)\n'
            return item(text, [("chroma-cloud-api-key", k)], fmt="py", name="rag/store.py")
        return env([("CHROMA_API_KEY", k), ("CHROMA_TENANT", uuid4()), ("CHROMA_DATABASE", "prod")], [("chroma-cloud-api-key", k)])
    if form == 2:
        k = "tpuf_" + rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://gcp-us-central1.turbopuffer.com/v1/namespaces -H "Authorization: Bearer {k}"', [("turbopuffer-api-key", k)])
        return env([("TURBOPUFFER_API_KEY", k), ("TURBOPUFFER_REGION", "gcp-us-central1")], [("turbopuffer-api-key", k)])
    if form == 3:
        k = "sk_" + rs(26, UPPER + DIGITS) + rs(26, LOWER + DIGITS)
        if R.random() < 0.5:
            text = f'import lancedb\n\ndb = lancedb.connect(\n    uri="db://corp-vectors-{rs(5, LOWER + DIGITS)}",\n    api_key="{k}",\n    region="us-east-1",\n)\ntbl = db.open_table("chunks")\n'
            return item(text, [("lancedb-api-key", k)], fmt="py", name="rag/lance.py")
        return env([("LANCEDB_URI", "db://corp-vectors"), ("LANCEDB_API_KEY", k)], [("lancedb-api-key", k)])
    if form == 4:
        k = pick("zwt_", "zut_") + rs(44, URLSAFE)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -X POST https://api.vectara.io/v2/corpora/handbook/documents -H "x-api-key: {k}" -H "Content-Type: application/json" -d @doc.json',
                [("vectara-api-key", k)],
            )
        text = f'vectara:\n  customer_id: "{R.randint(10**9, 4 * 10**9)}"\n  corpus_key: "handbook"\n  api_key: "{k}"\n'
        return item(text, [("vectara-api-key", k)], fmt="yaml", name="config/search.yml")
    if form == 5:
        if R.random() < 0.5:
            pw = rs(1, UPPER) + rs(5, LOWER) + str(R.randint(10, 99)) + pick("!", "#", "*") + rs(6, ALNUM)
            return cmd(
                f'docker run -d --name opensearch -p 9200:9200 -e "discovery.type=single-node" -e "OPENSEARCH_INITIAL_ADMIN_PASSWORD={pw}" opensearchproject/opensearch:2.18.0',
                [("opensearch-admin-password", pw)],
            )
        k = "vespa_cloud_" + rs(43, ALNUM)
        return cmd(
            f'curl -s -H "Authorization: Bearer {k}" "https://{rs(8, HEX)}.{rs(8, HEX)}.z.vespa-app.cloud/search/?yql=select%20*%20from%20doc%20where%20true"',
            [("vespa-cloud-token", k)],
        )
    k = rs(40, ALNUM)
    if R.random() < 0.5:
        text = (
            f'import marqo\n\nmq = marqo.Client(url="https://api.marqo.ai", api_key="{k}")\nmq.index("products").search("waterproof hiking boots")\n'
        )
        return item(text, [("marqo-api-key", k)], fmt="py", name="search/marqo_search.py")
    return env([("MARQO_URL", "https://api.marqo.ai"), ("MARQO_API_KEY", k)], [("marqo-api-key", k)])


# ---------------------------------------------------------------- kind: flags-analytics-more


def flags_analytics_more(is_clean):
    """Feature-flag and product-analytics server credentials no round had: Split server-side SDK keys, Flagsmith
    `ser.` keys, DevCycle `dvc_server_`, ConfigCat management API credentials, GrowthBook `secret_`, Optimizely
    personal tokens, Eppo and Pendo integration keys."""
    if is_clean:
        form = deal("flags/clean", 5)
        if form == 0:
            k = f"dvc_client_{uuid4()}_{rs(7, HEX)}"
            text = f'import {{ initializeDevCycle }} from "@devcycle/js-client-sdk";\n\nexport const devcycle = initializeDevCycle("{k}", {{ user_id: "anonymous" }});\n'
            return clean(text, fmt="js", name="web/src/flags.ts")
        if form == 1:
            text = f'import flagsmith from "flagsmith";\n\nflagsmith.init({{\n  environmentID: "{rs(22, ALNUM)}",\n  api: "https://edge.api.flagsmith.com/api/v1/",\n}});\n'
            return clean(text, fmt="js", name="web/src/flagsmith.ts")
        if form == 2:
            text = f'<script>\n  window.growthbook_config = {{\n    apiHost: "https://cdn.growthbook.io",\n    clientKey: "sdk-{rs(16, ALNUM)}",\n    enableDevMode: false,\n  }};\n</script>\n'
            return clean(text, fmt="html", name="web/public/index.html")
        if form == 3:
            pairs = [
                ("SPLIT_SDK_KEY", "${SPLIT_SDK_KEY}"),
                ("FLAGSMITH_SERVER_KEY", "ser.**********"),
                ("GROWTHBOOK_SECRET_KEY", ""),
                ("PENDO_INTEGRATION_KEY", "<pendo-integration-key>"),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        doc = {
            "flags": [
                {"key": "new-checkout", "id": uuid4(), "variation": rs(24, HEX), "enabled": True},
                {"key": "dark-mode", "id": uuid4(), "variation": rs(24, HEX), "enabled": False},
            ],
            "evaluatedAt": "2026-12-05T10:11:12Z",
            "etag": '"' + rs(27, URLSAFE) + '"',
        }
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/flags.json")
    form = deal("flags/secret", 7)
    if form == 0:
        k = rs(36, LOWER + DIGITS)
        if R.random() < 0.5:
            return env([("SPLIT_SDK_KEY", k), ("SPLIT_IMPRESSIONS_MODE", "optimized")], [("split-server-sdk-key", k)])
        text = f'from splitio import get_factory\n\nfactory = get_factory("{k}", config={{"impressionsMode": "optimized"}})\nfactory.block_until_ready(5)\nclient = factory.client()\n'
        return item(text, [("split-server-sdk-key", k)], fmt="py", name="app/flags.py")
    if form == 1:
        k = "ser." + rs(22, ALNUM)
        if R.random() < 0.5:
            text = f'from flagsmith import Flagsmith\n\nflagsmith = Flagsmith(environment_key="{k}")\nflags = flagsmith.get_environment_flags()\n'
            return item(text, [("flagsmith-server-key", k)], fmt="py", name="app/flags.py")
        return env([("FLAGSMITH_ENVIRONMENT_KEY", k)], [("flagsmith-server-key", k)])
    if form == 2:
        k = f"dvc_server_{uuid4()}_{rs(7, HEX)}"
        if R.random() < 0.5:
            text = f'const {{ initializeDevCycle }} = require("@devcycle/nodejs-server-sdk");\n\nconst devcycle = initializeDevCycle("{k}", {{ logLevel: "warn" }});\nmodule.exports = devcycle;\n'
            return item(text, [("devcycle-server-key", k)], fmt="js", name="server/flags.js")
        return env([("DEVCYCLE_SERVER_SDK_KEY", k)], [("devcycle-server-key", k)])
    if form == 3:
        u, p = rs(24, ALNUM), rs(44, URLSAFE)
        if R.random() < 0.5:
            return cmd(f"curl -s -u {u}:{p} https://api.configcat.com/v1/products -H 'Accept: application/json'", [("configcat-api-password", p)])
        return env([("CONFIGCAT_API_USER", u), ("CONFIGCAT_API_PASS", p)], [("configcat-api-password", p)])
    if form == 4:
        k = pick("secret_admin_", "secret_user_", "secret_readonly_") + rs(43, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.growthbook.io/api/v1/features -H "Authorization: Bearer {k}"', [("growthbook-secret-key", k)])
        return env([("GROWTHBOOK_API_HOST", "https://api.growthbook.io"), ("GROWTHBOOK_SECRET_KEY", k)], [("growthbook-secret-key", k)])
    if form == 5:
        k = "2:" + rs(43, URLSAFE)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -H "Authorization: Bearer {k}" https://api.optimizely.com/v2/projects/{R.randint(10**10, 10**11)}/experiments',
                [("optimizely-personal-token", k)],
            )
        return env([("OPTIMIZELY_PROJECT_ID", str(R.randint(10**10, 10**11))), ("OPTIMIZELY_TOKEN", k)], [("optimizely-personal-token", k)])
    if R.random() < 0.5:
        k = rs(40, ALNUM)
        return cmd(f'curl -s -H "X-Eppo-Token: {k}" https://eppo.cloud/api/v1/feature-flags', [("eppo-api-key", k)])
    k = uuid4() + pick(".us", ".eu")
    return cmd(
        f'curl -s -X POST https://app.pendo.io/api/v1/aggregation -H "x-pendo-integration-key: {k}" -H "content-type: application/json" -d @query.json',
        [("pendo-integration-key", k)],
    )


# ---------------------------------------------------------------- kind: hr-helpdesk-crm


def hr_helpdesk_crm(is_clean):
    """Recruiting, HR, help-desk and CRM SaaS no round had: Greenhouse Harvest, Lever, Workable, Front (JWT),
    Help Scout app secrets, Gorgias, Close `api_…`, ServiceNow instance passwords."""
    if is_clean:
        form = deal("hr/clean", 5)
        if form == 0:
            doc = {
                "id": R.randint(10**8, 10**9),
                "first_name": "Ada",
                "last_name": "Brandt",
                "email_addresses": [{"value": "ada.brandt@example.org", "type": "personal"}],
                "applications": [{"id": R.randint(10**8, 10**9), "job_id": R.randint(10**6, 10**7), "status": "active"}],
                "updated_at": "2026-12-04T16:02:11.412Z",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/greenhouse-candidate.json")
        if form == 1:
            pairs = [
                ("LEVER_API_KEY", "${LEVER_API_KEY}"),
                ("CLOSE_API_KEY", "<close-api-key>"),
                ("SN_INSTANCE", "corp.service-now.com"),
                ("SN_PASSWORD", ""),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        if form == 2:
            doc = {
                "result": [
                    {"sys_id": md5hex(), "number": f"INC00{R.randint(10**4, 10**5)}", "short_description": "VPN drops every hour", "state": "2"},
                    {"sys_id": md5hex(), "number": f"INC00{R.randint(10**4, 10**5)}", "short_description": "Printer on 4th floor", "state": "1"},
                ]
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="out/incidents.json")
        if form == 3:
            return cmd(
                f'curl -s -H "Authorization: Bearer $FRONT_API_TOKEN" https://api2.frontapp.com/conversations/cnv_{rs(6, LOWER + DIGITS)}/messages | jq ".[0].body"',
                [],
            )
        text = f"helpscout:\n  app_id: {rs(32, ALNUM)}\n  app_secret: '********'\n  mailbox_id: {R.randint(10**5, 10**6)}\n"
        return clean(text, fmt="yaml", name="config/helpdesk.yml")
    form = deal("hr/secret", 7)
    if form == 0:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f"curl -s -u {k}: 'https://harvest.greenhouse.io/v1/candidates?per_page=100'", [("greenhouse-harvest-key", k)])
        return env([("GREENHOUSE_HARVEST_API_KEY", k), ("GREENHOUSE_ON_BEHALF_OF", str(R.randint(10**6, 10**7)))], [("greenhouse-harvest-key", k)])
    if form == 1:
        k = rs(48, ALNUM)
        if R.random() < 0.5:
            return cmd(f"curl -s -u {k}: https://api.lever.co/v1/postings?state=published", [("lever-api-key", k)])
        return env([("LEVER_API_KEY", k)], [("lever-api-key", k)])
    if form == 2:
        k = rs(64, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s -H "Authorization: Bearer {k}" https://corp.workable.com/spi/v3/jobs?state=published', [("workable-api-token", k)])
        return env([("WORKABLE_SUBDOMAIN", "corp"), ("WORKABLE_TOKEN", k)], [("workable-api-token", k)])
    if form == 3:
        t = jwt(
            {"alg": "HS256", "typ": "JWT"},
            {"scope": ["shared:*", "private:*"], "iat": ts_epoch(), "iss": "front", "sub": "corp", "jti": rs(16, HEX)},
            32,
        )
        return env([("FRONT_API_TOKEN", t)], [("front-api-token", t)])
    if form == 4:
        if R.random() < 0.5:
            i, s = rs(32, ALNUM), rs(32, ALNUM)
            return cmd(
                f"curl -s -X POST https://api.helpscout.net/v2/oauth2/token -d grant_type=client_credentials -d client_id={i} -d client_secret={s}",
                [("helpscout-app-secret", s)],
            )
        k = rs(64, HEX)
        return cmd(f"curl -s -u support@corp.example:{k} https://corp.gorgias.com/api/tickets?limit=30", [("gorgias-api-key", k)])
    if form == 5:
        k = "api_" + rs(22, ALNUM) + "." + rs(22, ALNUM)
        if R.random() < 0.5:
            return cmd(f"curl -s -u {k}: https://api.close.com/api/v1/lead/?_limit=25", [("close-api-key", k)])
        text = f'import closeio_api\n\napi = closeio_api.Client("{k}")\nleads = api.get("lead", params={{"_limit": 25}})\n'
        return item(text, [("close-api-key", k)], fmt="py", name="crm/sync_leads.py")
    pw = password()
    if R.random() < 0.5:
        return cmd(
            f"curl -s -u integration.user:{shq(pw)} 'https://corp.service-now.com/api/now/table/incident?sysparm_limit=10'",
            [("servicenow-password", pw)],
        )
    return env([("SN_INSTANCE", "corp.service-now.com"), ("SN_USERNAME", "integration.user"), ("SN_PASSWORD", pw)], [("servicenow-password", pw)])


# ---------------------------------------------------------------- kind: marketing-sms-keys


def marketing_sms_keys(is_clean):
    """E-mail marketing and SMS providers no round had: Klaviyo private `pk_` keys, ActiveCampaign `Api-Token`,
    Kit (ConvertKit) `api_secret` and `kit_` keys, ZeptoMail `Zoho-enczapikey`, MailPace server tokens, Campaign
    Monitor, Textmagic, Clickatell, MSG91 and Telesign."""
    if is_clean:
        form = deal("marketing/clean", 5)
        if form == 0:
            sid = rs(6, ALNUM)
            text = f'<script async type="text/javascript" src="https://static.klaviyo.com/onsite/js/klaviyo.js?company_id={sid}"></script>\n<script>\n  window._klOnsite = window._klOnsite || [];\n  window._klOnsite.push(["openForm", "{rs(6, UPPER + DIGITS)}"]);\n</script>\n'
            return clean(text, fmt="html", name="web/partials/klaviyo.html")
        if form == 1:
            pairs = [
                ("ACTIVECAMPAIGN_URL", "https://corp.api-us1.com"),
                ("ACTIVECAMPAIGN_KEY", "${AC_API_KEY}"),
                ("MSG91_TEMPLATE_ID", rs(24, HEX)),
                ("MSG91_SENDER", "CORPIN"),
            ]
            return clean(env_file(pairs), fmt="env", name=".env")
        if form == 2:
            doc = {
                "data": {
                    "type": "profile",
                    "id": "01J" + rs(23, UPPER + DIGITS),
                    "attributes": {"email": "ops@corp.example", "created": "2026-11-30T09:12:44+00:00"},
                    "links": {"self": "https://a.klaviyo.com/api/profiles/01J" + rs(23, UPPER + DIGITS) + "/"},
                }
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/klaviyo-profile.json")
        if form == 3:
            text = 'mail:\n  provider: zeptomail\n  zeptomail:\n    url: "https://api.zeptomail.eu/v1.1/email"\n    authorization: "Zoho-enczapikey ****"\n  from: "noreply@corp.example"\n'
            return clean(text, fmt="yaml", name="config/mail.yml")
        text = f'campaign_monitor:\n  api_key: "<your api key>"\n  client_id: "{md5hex()}"\n  lists:\n    newsletter: "{md5hex()}"\n    customers: "{md5hex()}"\n'
        return clean(text, fmt="yaml", name="config/newsletter.yml")
    form = deal("marketing/secret", 7)
    if form == 0:
        k = "pk_" + rs(34, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://a.klaviyo.com/api/lists/" -H "Authorization: Klaviyo-API-Key {k}" -H "revision: 2024-10-15"',
                [("klaviyo-private-key", k)],
            )
        return env([("KLAVIYO_PRIVATE_API_KEY", k), ("KLAVIYO_LIST_ID", rs(6, ALNUM))], [("klaviyo-private-key", k)])
    if form == 1:
        k = rs(72, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s -H "Api-Token: {k}" https://corp.api-us1.com/api/3/contacts?limit=20', [("activecampaign-api-token", k)])
        return env([("ACTIVECAMPAIGN_URL", "https://corp.api-us1.com"), ("ACTIVECAMPAIGN_KEY", k)], [("activecampaign-api-token", k)])
    if form == 2:
        if R.random() < 0.5:
            k = rs(43, URLSAFE)
            return cmd(f"curl -s 'https://api.convertkit.com/v3/subscribers?api_secret={k}&from=2026-11-01'", [("kit-api-secret", k)])
        k = "kit_" + rs(32, HEX)
        return env([("KIT_API_KEY", k), ("KIT_FORM_ID", str(R.randint(10**6, 10**7)))], [("kit-api-key", k)])
    if form == 3:
        k = "wSsVR6" + b64(rbytes(96))[6:]
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://api.zeptomail.eu/v1.1/email -H "Authorization: Zoho-enczapikey {k}" -H "Content-Type: application/json" -d @mail.json',
                [("zeptomail-token", k)],
            )
        text = f'mail:\n  provider: zeptomail\n  zeptomail:\n    url: "https://api.zeptomail.eu/v1.1/email"\n    authorization: "Zoho-enczapikey {k}"\n  from: "noreply@corp.example"\n'
        return item(text, [("zeptomail-token", k)], fmt="yaml", name="config/mail.yml")
    if form == 4:
        if R.random() < 0.5:
            k = uuid4()
            return cmd(
                f'curl -s https://app.mailpace.com/api/v1/send -H "MailPace-Server-Token: {k}" -H "Content-Type: application/json" -d @message.json',
                [("mailpace-server-token", k)],
            )
        k = b64(rbytes(66))
        return cmd(f"curl -s -u '{k}:x' https://api.createsend.com/api/v3.3/clients.json", [("campaign-monitor-api-key", k)])
    if form == 5:
        if R.random() < 0.5:
            k = rs(30, ALNUM)
            return cmd(
                f'curl -s -X POST https://rest.textmagic.com/api/v2/messages -H "X-TM-Username: corpops" -H "X-TM-Key: {k}" -d "phones=447700900123&text=Deploy+done"',
                [("textmagic-api-key", k)],
            )
        k = rs(22, URLSAFE) + "=="
        return cmd(
            f'curl -s -X POST https://platform.clickatell.com/messages -H "Authorization: {k}" -H "Content-Type: application/json" -d \'{{"messages": [{{"channel": "sms", "to": "447700900123", "content": "Deploy done"}}]}}\'',
            [("clickatell-api-key", k)],
        )
    if R.random() < 0.5:
        k = str(R.randint(100000, 999999)) + "A" + rs(16, ALNUM)
        return env([("MSG91_AUTH_KEY", k), ("MSG91_SENDER", "CORPIN")], [("msg91-auth-key", k)])
    cid, k = uuid4().upper(), b64(rbytes(64))
    return cmd(
        f"curl -s -u {cid}:'{k}' -X POST https://rest-api.telesign.com/v1/messaging -d phone_number=447700900123 -d message_type=ARN -d 'message=Your code is 482913'",
        [("telesign-api-key", k)],
    )


# ---------------------------------------------------------------- kind: fintech-infra-keys


def fintech_infra_keys(is_clean):
    """Card-issuing, banking-as-a-service and payment-rail APIs no round had: Lithic, Modern Treasury, Increase, Rapyd,
    Mangopay, Klarna, Unit (PASETO tokens), Marqeta."""
    if is_clean:
        form = deal("fintech/clean", 5)
        if form == 0:
            doc = {
                "token": uuid4(),
                "account_token": uuid4(),
                "last_four": str(R.randint(1000, 9999)),
                "state": "OPEN",
                "type": "VIRTUAL",
                "spend_limit": 50000,
                "created": "2026-12-01T08:00:00Z",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/lithic-card.json")
        if form == 1:
            doc = {
                "id": uuid4(),
                "type": "ach",
                "amount": R.randint(1000, 99999),
                "direction": "credit",
                "originating_account_id": uuid4(),
                "receiving_account_id": uuid4(),
                "status": "approved",
                "live_mode": True,
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/payment-order.json")
        if form == 2:
            pairs = [
                ("RAPYD_ACCESS_KEY", "rak_" + rs(32, UHEX)),
                ("RAPYD_SECRET_KEY", "${RAPYD_SECRET_KEY}"),
                ("RAPYD_BASE_URL", "https://api.rapyd.net"),
            ]
            return clean(env_file(pairs), fmt="env", name=".env")
        if form == 3:
            pairs = [("KLARNA_USERNAME", f"PK{R.randint(10000, 99999)}_{rs(12, HEX)}"), ("KLARNA_PASSWORD", ""), ("KLARNA_REGION", "eu")]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        text = f'payments:\n  increase:\n    api_key: "secret_key_********"\n    account_id: "account_{rs(20, LOWER + DIGITS)}"\n  mangopay:\n    client_id: "corp-{rs(6, LOWER)}"\n    api_key: "<mangopay-api-key>"\n'
        return clean(text, fmt="yaml", name="config/payments.yml")
    form = deal("fintech/secret", 7)
    if form == 0:
        k = uuid4()
        if R.random() < 0.5:
            return cmd(f'curl -s -H "Authorization: {k}" "https://api.lithic.com/v1/cards?page_size=10"', [("lithic-api-key", k)])
        return env([("LITHIC_API_KEY", k), ("LITHIC_ENVIRONMENT", "production")], [("lithic-api-key", k)])
    if form == 1:
        org, k = uuid4(), "live-" + rs(48, ALNUM)
        if R.random() < 0.5:
            return cmd(f"curl -s -u {org}:{k} https://app.moderntreasury.com/api/payment_orders?per_page=5", [("modern-treasury-api-key", k)])
        return env([("MODERN_TREASURY_ORGANIZATION_ID", org), ("MODERN_TREASURY_API_KEY", k)], [("modern-treasury-api-key", k)])
    if form == 2:
        k = "secret_key_" + rs(40, LOWER + DIGITS)
        if R.random() < 0.5:
            return cmd(f'curl -s -H "Authorization: Bearer {k}" https://api.increase.com/accounts', [("increase-api-key", k)])
        return env([("INCREASE_API_KEY", k), ("INCREASE_ENVIRONMENT", "production")], [("increase-api-key", k)])
    if form == 3:
        a, s = "rak_" + rs(32, UHEX), "rsk_" + rs(128, HEX)
        return env([("RAPYD_ACCESS_KEY", a), ("RAPYD_SECRET_KEY", s), ("RAPYD_BASE_URL", "https://api.rapyd.net")], [("rapyd-secret-key", s)])
    if form == 4:
        k = rs(50, ALNUM)
        if R.random() < 0.5:
            text = f'const mangopay = require("mangopay2-nodejs-sdk");\n\nconst api = new mangopay({{\n  clientId: "corp-payments",\n  clientApiKey: "{k}",\n  baseUrl: "https://api.mangopay.com",\n}});\n\nmodule.exports = api;\n'
            return item(text, [("mangopay-api-key", k)], fmt="js", name="server/mangopay.js")
        return env([("MANGOPAY_CLIENT_ID", "corp-payments"), ("MANGOPAY_API_KEY", k)], [("mangopay-api-key", k)])
    if form == 5:
        u, k = f"PK{R.randint(10000, 99999)}_{rs(12, HEX)}", "klarna_live_api_" + rs(40, URLSAFE)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -u {u}:{k} -X POST https://api.klarna.com/payments/v1/sessions -H 'Content-Type: application/json' -d @session.json",
                [("klarna-api-password", k)],
            )
        return env([("KLARNA_USERNAME", u), ("KLARNA_PASSWORD", k)], [("klarna-api-password", k)])
    if R.random() < 0.5:
        claims = json.dumps(
            {
                "userId": str(R.randint(10**5, 10**6)),
                "sub": f"corp/{rs(8, LOWER)}",
                "exp": "2027-06-30T00:00:00.000Z",
                "jti": None,
                "orgId": str(R.randint(10**3, 10**4)),
                "scope": "applications customers accounts payments",
            },
            separators=(",", ":"),
        ).encode()
        t = "v2.public." + b64url(claims + rbytes(64))
        return env([("UNIT_API_URL", "https://api.s.unit.sh"), ("UNIT_TOKEN", t)], [("unit-api-token", t)])
    app, admin = uuid4(), uuid4()
    return cmd(f"curl -s -u {app}:{admin} https://corp-api.marqeta.com/v3/cards?count=5", [("marqeta-admin-access-token", admin)])


# ---------------------------------------------------------------- kind: key-text-dumps


def hex_rows(b, per=15):
    """openssl's `-text` rows of a big number: `xx:` per byte, 15 bytes a row, no colon after the last byte."""
    cells = [f"{x:02x}" for x in b]
    rows = []
    for i in range(0, len(cells), per):
        last = i + per >= len(cells)
        rows.append(":".join(cells[i : i + per]) + ("" if last else ":"))
    return rows


def bignum(nbytes, top=False):
    """Random bytes of a positive number as openssl prints it: a leading 00 when the high bit is set."""
    b = bytearray(rbytes(nbytes))
    if top:
        b[0] |= 0x80
    return (b"\x00" + bytes(b)) if b[0] & 0x80 else bytes(b)


def labelled(label, b):
    return [label + ":"] + ["    " + r for r in hex_rows(b)]


def pem_rows(der, width=64):
    s = b64(der)
    return [s[i : i + width] for i in range(0, len(s), width)]


def openssh_ed25519_blob():
    """An unencrypted OpenSSH ed25519 private key's bytes: the fixed header, then random key material."""
    pub = rbytes(32)

    def sstr(b):
        return len(b).to_bytes(4, "big") + b

    pubblob = sstr(b"ssh-ed25519") + sstr(pub)
    chk = rbytes(4)
    priv = chk + chk + sstr(b"ssh-ed25519") + sstr(pub) + sstr(rbytes(32) + pub) + sstr(b"deploy@ci")
    priv += bytes(range(1, 1 + (-len(priv)) % 8))
    return b"openssh-key-v1\x00" + sstr(b"none") + sstr(b"none") + sstr(b"") + (1).to_bytes(4, "big") + sstr(pubblob) + sstr(priv)


def key_text_dumps(is_clean):
    """Private keys in text encodings no round had: `openssl rsa -text` / `openssl ec -text` / `openssl pkey -text`
    hex rows, an OpenSSH key in one env value with literal `\\n`, a PEM base64-encoded whole into an env value, a
    DER key as `xxd -p` rows, an OpenSSH key pasted on one line with spaces. Each shown row is one atom."""
    if is_clean:
        form = deal("keytext/clean", 5)
        if form == 0:
            lines = ["Public-Key: (2048 bit)", *labelled("Modulus", bignum(256, top=True)), "Exponent: 65537 (0x10001)"]
            return clean("\n".join(lines) + "\n", name="out/pubkey.txt")
        if form == 1:
            serial = ":".join(f"{x:02x}" for x in rbytes(16))
            lines = [
                "Certificate:",
                "    Data:",
                "        Version: 3 (0x2)",
                "        Serial Number:",
                "            " + serial,
                "        Signature Algorithm: ecdsa-with-SHA256",
                "        Issuer: C=US, O=Let's Encrypt, CN=E6",
                "        Subject: CN=api.corp.example",
                "    Signature Algorithm: ecdsa-with-SHA256",
                "    Signature Value:",
            ] + ["        " + r for r in hex_rows(rbytes(71), 18)]
            return clean("\n".join(lines) + "\n", name="out/cert.txt")
        if form == 2:
            text = 'SSH_PRIVATE_KEY="${{ secrets.DEPLOY_KEY }}"\nSSH_KNOWN_HOSTS_FILE=/etc/ssh/ssh_known_hosts\nDEPLOY_HOST=deploy.corp.example\n'
            return clean(text, name="ci/deploy.env")
        if form == 3:
            pub = b64(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + rbytes(32))
            text = f"$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{b64(rbytes(32)).rstrip('=')} deploy@ci (ED25519)\n$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 {pub} deploy@ci\n"
            return clean(text, name="out/ssh-pub.txt")
        der = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004") + rbytes(64)
        lines = ["read EC key", "-----BEGIN PUBLIC KEY-----", *pem_rows(der), "-----END PUBLIC KEY-----"]
        return clean("\n".join(lines) + "\n", name="out/ec-pub.pem")
    form = deal("keytext/secret", 7)
    if form == 0:
        parts = {
            "modulus": bignum(256, top=True),
            "privateExponent": bignum(256),
            "prime1": bignum(128, top=True),
            "prime2": bignum(128, top=True),
            "exponent1": bignum(128),
            "exponent2": bignum(128),
            "coefficient": bignum(128),
        }
        lines = ["Private-Key: (2048 bit, 2 primes)", *labelled("modulus", parts["modulus"]), "publicExponent: 65537 (0x10001)"]
        atoms = []
        for name in ("privateExponent", "prime1", "prime2", "exponent1", "exponent2", "coefficient"):
            lines += labelled(name, parts[name])
            atoms += hex_rows(parts[name])
        text = "\n".join(lines) + "\n"
        if R.random() < 0.4:
            return item("$ openssl rsa -in tls.key -text -noout\n" + text, [("rsa-private-key-text", "".join(atoms), atoms)], name="out/rsa-text.txt")
        return item(text, [("rsa-private-key-text", "".join(atoms), atoms)], name="out/rsa-text.txt")
    if form == 1:
        priv = bignum(32)
        atoms = hex_rows(priv)
        lines = [
            "read EC key",
            "Private-Key: (256 bit)",
            *labelled("priv", priv),
            *labelled("pub", b"\x04" + rbytes(64)),
            "ASN1 OID: prime256v1",
            "NIST CURVE: P-256",
        ]
        return item("\n".join(lines) + "\n", [("ec-private-key-text", "".join(atoms), atoms)], name="out/ec-text.txt")
    if form == 2:
        priv = rbytes(32)
        atoms = hex_rows(priv)
        lines = ["ED25519 Private-Key:", *labelled("priv", priv), *labelled("pub", rbytes(32))]
        text = "\n".join(lines) + "\n"
        if R.random() < 0.5:
            text = "$ openssl pkey -in signing.key -text -noout\n" + text
        return item(text, [("ed25519-private-key-text", "".join(atoms), atoms)], name="out/ed25519-text.txt")
    if form == 3:
        rows = pem_rows(openssh_ed25519_blob(), 70)
        body = "\\n".join(["-----BEGIN OPENSSH PRIVATE KEY-----", *rows, "-----END OPENSSH PRIVATE KEY-----"])
        text = f'DEPLOY_HOST=deploy.corp.example\nSSH_PRIVATE_KEY="{body}\\n"\nSSH_USER=deploy\n'
        return item(text, [("openssh-private-key", "".join(rows), rows)], name="ci/deploy.env")
    if form == 4:
        der = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(pem_rows(der)) + "\n-----END PRIVATE KEY-----\n"
        v = b64(pem.encode())
        if R.random() < 0.5:
            return env([("TLS_CERT_FILE", "/etc/ssl/certs/signing.crt"), ("TLS_KEY_B64", v)], [("pem-key-base64", v)])
        return cmd(f"echo {v} | base64 -d > /etc/ssl/private/signing.key && chmod 600 /etc/ssl/private/signing.key", [("pem-key-base64", v)])
    if form == 5:
        der = bytes.fromhex("302e020100300506032b657004220420") + rbytes(32)
        hx = der.hex()
        rows = [hx[i : i + 60] for i in range(0, len(hx), 60)]
        text = "$ xxd -p signing.der\n" + "\n".join(rows) + "\n"
        return item(text, [("ed25519-der-hex", hx, rows)], name="out/signing-der.txt")
    rows = pem_rows(openssh_ed25519_blob(), 70)
    one = " ".join(["-----BEGIN OPENSSH PRIVATE KEY-----", *rows, "-----END OPENSSH PRIVATE KEY-----"])
    text = f"# pasted from the vault UI, newlines lost\nDEPLOY_KEY={one}\n"
    return item(text, [("openssh-private-key", "".join(rows), rows)], name="ci/deploy-key.env")


# ---------------------------------------------------------------- kind: legacy-db-creds (held out)


def legacy_db_creds(is_clean):
    """Passwords of database engines no round had, as their own clients take them: SAP HANA `hdbsql -p` and
    `hdbuserstore SET`, Db2 `connect … using`, Teradata BTEQ `.LOGON`, Vertica `vsql -w`, Firebird `isql-fb
    -password`, Sybase ASE `isql -P`, Informix `CONNECT … USING`, Exasol `exaplus -p`, TDengine `taos -p`."""
    if is_clean:
        form = deal("legacydb/clean", 5)
        if form == 0:
            text = (
                "$ hdbuserstore LIST\nDATA FILE       : /home/hxeadm/.hdb/hxehost/SSFS_HDB.DAT\nKEY FILE        : /home/hxeadm/.hdb/hxehost/SSFS_HDB.KEY\n\n"
                "KEY DEFAULT\n  ENV : hxehost:39017\n  USER: SYSTEM\nKEY BACKUP\n  ENV : hxehost:39013\n  USER: BACKUP_OPERATOR\n"
                '$ hdbsql -U DEFAULT "SELECT VERSION FROM M_DATABASE"\nVERSION\n"2.00.079.00.1712042412"\n1 row selected (overall time 2131 usec; server time 117 usec)\n'
            )
            return clean(text, name="out/hana.txt")
        if form == 1:
            text = ".RUN FILE = /secure/logon.btq;\n.SET WIDTH 200;\nSELECT DatabaseName, CurrentPerm FROM DBC.DiskSpaceV WHERE CurrentPerm > 0;\n.LOGOFF;\n.QUIT;\n"
            return clean(text, name="etl/space_report.btq")
        if form == 2:
            text = "$ db2 connect to SAMPLE\n\n   Database Connection Information\n\n Database server        = DB2/LINUXX8664 11.5.9.0\n SQL authorization ID   = DB2INST1\n Local database alias   = SAMPLE\n\n"
            return clean(text, name="out/db2.txt")
        if form == 3:
            pairs = [("VSQL_HOST", "vertica.corp.internal"), ("VSQL_USER", "dbadmin"), ("VSQL_PASSWORD", ""), ("ISC_PASSWORD", "<firebird-password>")]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        return cmd('exaplus -c exasol.corp.internal:8563 -u sys -p "$EXA_PASSWORD" -sql "SELECT CURRENT_SESSION;"', [])
    form = deal("legacydb/secret", 7)
    pw = password()
    if form == 0:
        if R.random() < 0.5:
            return cmd(f'hdbsql -n hxehost:39017 -u SYSTEM -p {shq(pw)} "SELECT * FROM M_SERVICES"', [("hana-password", pw)])
        return cmd(f"hdbuserstore SET DEFAULT hxehost:39017 SYSTEM {shq(pw)}", [("hana-password", pw)])
    if form == 1:
        return cmd(f"db2 connect to SAMPLE user db2inst1 using {shq(pw)} && db2 'select count(*) from syscat.tables'", [("db2-password", pw)])
    if form == 2:
        pw = pw.replace(",", ".").replace(";", ".")
        text = f".LOGON tdprod/dbc,{pw};\n.SET WIDTH 200;\nSELECT DatabaseName, CurrentPerm FROM DBC.DiskSpaceV WHERE CurrentPerm > 0;\n.LOGOFF;\n.QUIT;\n"
        return item(text, [("teradata-password", pw)], name="etl/space_report.btq")
    if form == 3:
        if R.random() < 0.5:
            return cmd(
                f"vsql -h vertica.corp.internal -U dbadmin -w {shq(pw)} -c 'SELECT node_name, node_state FROM nodes;'", [("vertica-password", pw)]
            )
        return env([("VSQL_HOST", "vertica.corp.internal"), ("VSQL_USER", "dbadmin"), ("VSQL_PASSWORD", pw)], [("vertica-password", pw)])
    if form == 4:
        if R.random() < 0.5:
            return cmd(f"isql-fb -user SYSDBA -password {shq(pw)} fbhost:/var/lib/firebird/data/corp.fdb -i migrate.sql", [("firebird-password", pw)])
        return env([("ISC_USER", "SYSDBA"), ("ISC_PASSWORD", pw)], [("firebird-password", pw)])
    if form == 5:
        if R.random() < 0.5:
            return cmd(f"isql -U sa -P {shq(pw)} -S CORPASE -D billing -i nightly.sql", [("sybase-password", pw)])
        text = f"DATABASE billing;\nCONNECT TO 'billing@ol_corp' USER 'informix' USING '{pw}';\nUNLOAD TO 'invoices.unl' SELECT * FROM invoices WHERE paid = 'N';\nDISCONNECT CURRENT;\n"
        return item(text, [("informix-password", pw)], name="etl/unload.sql")
    if R.random() < 0.5:
        return cmd(f"exaplus -c exasol.corp.internal:8563 -u sys -p {shq(pw)} -f load.sql", [("exasol-password", pw)])
    return cmd(f"taos -h tdengine.corp.internal -u root -p{shq(pw)} -s 'show databases;'", [("tdengine-password", pw)])


# ---------------------------------------------------------------- kind: homelab-app-secrets (held out)


def homelab_app_secrets(is_clean):
    """Secrets in the generated configuration of home-lab software: Nextcloud `config.php` (`secret`, `dbpassword`),
    Sonarr / Radarr `config.xml` `ApiKey`, Syncthing `apikey`, Gitea `app.ini` (`INTERNAL_TOKEN`, `SECRET_KEY`,
    `JWT_SECRET`, `PASSWD`), Vaultwarden `ADMIN_TOKEN`, Paperless-ngx and Immich env, Transmission's plain
    `rpc-password`, Jellyfin `api_key=`, `pihole setpassword`."""
    if is_clean:
        form = deal("homelab/clean", 5)
        if form == 0:
            doc = {
                "rpc-authentication-required": True,
                "rpc-bind-address": "0.0.0.0",
                "rpc-password": "{" + rs(40, HEX) + rs(8, ALNUM),
                "rpc-port": 9091,
                "rpc-username": "media",
                "rpc-whitelist-enabled": False,
            }
            return clean(json.dumps(doc, indent=4, sort_keys=True) + "\n", fmt="json", name="transmission/settings.json")
        if form == 1:
            phc = f"$argon2id$v=19$m=65540,t=3,p=4${b64(rbytes(32)).rstrip('=')}${b64(rbytes(32)).rstrip('=')}"
            text = f"services:\n  vaultwarden:\n    image: vaultwarden/server:1.32.5\n    environment:\n      DOMAIN: https://vault.home.arpa\n      SIGNUPS_ALLOWED: \"false\"\n      ADMIN_TOKEN: '{phc}'\n    volumes:\n      - ./vw-data:/data\n"
            return clean(text, fmt="yaml", name="vaultwarden/docker-compose.yml")
        if form == 2:
            text = "PIHOLE_INTERFACE=eth0\nQUERY_LOGGING=true\nINSTALL_WEB_SERVER=true\nINSTALL_WEB_INTERFACE=true\nWEBPASSWORD=\nBLOCKING_ENABLED=true\nDNSSEC=true\n"
            return clean(text, name="etc/pihole/setupVars.conf")
        if form == 3:
            dev = "-".join(rs(7, UPPER + "234567") for _ in range(8))
            text = f'<configuration version="37">\n    <device id="{dev}" name="nas" compression="metadata" introducer="false">\n        <address>dynamic</address>\n    </device>\n    <gui enabled="true" tls="false">\n        <address>0.0.0.0:8384</address>\n        <apikey></apikey>\n        <theme>default</theme>\n    </gui>\n</configuration>\n'
            return clean(text, fmt="xml", name="syncthing/config.xml")
        text = "services:\n  sonarr:\n    image: lscr.io/linuxserver/sonarr:latest\n    environment:\n      - PUID=1000\n      - PGID=1000\n      - TZ=Europe/Berlin\n      - SONARR__AUTH__APIKEY=${SONARR_API_KEY}\n    ports:\n      - 8989:8989\n"
        return clean(text, fmt="yaml", name="arr/docker-compose.yml")
    form = deal("homelab/secret", 7)
    if form == 0:
        secret, dbpw = rs(48, ALNUM + "+/"), password()
        text = (
            f"<?php\n$CONFIG = array (\n  'instanceid' => 'oc{rs(10, LOWER + DIGITS)}',\n  'passwordsalt' => '{rs(30, ALNUM + '+/')}',\n  'secret' => '{secret}',\n"
            f"  'trusted_domains' =>\n  array (\n    0 => 'cloud.home.arpa',\n  ),\n  'datadirectory' => '/var/www/html/data',\n  'dbtype' => 'pgsql',\n  'version' => '30.0.2.2',\n"
            f"  'dbname' => 'nextcloud',\n  'dbhost' => 'db',\n  'dbuser' => 'oc_admin',\n  'dbpassword' => '{dbpw}',\n  'installed' => true,\n);\n"
        )
        return item(text, [("nextcloud-secret", secret), ("nextcloud-dbpassword", dbpw)], fmt="php", name="nextcloud/config/config.php")
    if form == 1:
        k = md5hex()
        app = pick("Sonarr", "Radarr", "Prowlarr", "Lidarr")
        if R.random() < 0.5:
            text = f"<Config>\n  <BindAddress>*</BindAddress>\n  <Port>8989</Port>\n  <SslPort>9898</SslPort>\n  <EnableSsl>False</EnableSsl>\n  <LaunchBrowser>True</LaunchBrowser>\n  <ApiKey>{k}</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n  <Branch>main</Branch>\n  <LogLevel>info</LogLevel>\n  <InstanceName>{app}</InstanceName>\n</Config>\n"
            return item(text, [(f"{app.lower()}-api-key", k)], fmt="xml", name=f"{app.lower()}/config.xml")
        return cmd(f'curl -s -H "X-Api-Key: {k}" http://nas.home.arpa:8989/api/v3/series | jq length', [(f"{app.lower()}-api-key", k)])
    if form == 2:
        k = rs(32, ALNUM)
        dev = "-".join(rs(7, UPPER + "234567") for _ in range(8))
        text = f'<configuration version="37">\n    <device id="{dev}" name="nas" compression="metadata" introducer="false">\n        <address>dynamic</address>\n    </device>\n    <gui enabled="true" tls="false">\n        <address>0.0.0.0:8384</address>\n        <user>admin</user>\n        <password>$2a$10${rs(53, ALNUM + "./")}</password>\n        <apikey>{k}</apikey>\n        <theme>default</theme>\n    </gui>\n</configuration>\n'
        return item(text, [("syncthing-api-key", k)], fmt="xml", name="syncthing/config.xml")
    if form == 3:
        tok = jwt({"alg": "HS256", "typ": "JWT"}, {"nbf": ts_epoch()}, 32)
        sk, js, pw = rs(64, ALNUM), rs(43, URLSAFE), password()
        text = (
            f"APP_NAME = Gitea: Git with a cup of tea\nRUN_MODE = prod\n\n[database]\nDB_TYPE = postgres\nHOST = db:5432\nNAME = gitea\nUSER = gitea\nPASSWD = {pw}\n\n"
            f"[security]\nINSTALL_LOCK = true\nSECRET_KEY = {sk}\nINTERNAL_TOKEN = {tok}\n\n[oauth2]\nJWT_SECRET = {js}\n"
        )
        return item(
            text,
            [("gitea-db-password", pw), ("gitea-secret-key", sk), ("gitea-internal-token", tok), ("gitea-jwt-secret", js)],
            fmt="ini",
            name="gitea/conf/app.ini",
        )
    if form == 4:
        k = b64(rbytes(48))
        if R.random() < 0.5:
            return env([("DOMAIN", "https://vault.home.arpa"), ("SIGNUPS_ALLOWED", "false"), ("ADMIN_TOKEN", k)], [("vaultwarden-admin-token", k)])
        return cmd(
            f"docker run -d --name vaultwarden -e ADMIN_TOKEN={k} -v /srv/vw-data:/data -p 8081:80 vaultwarden/server:latest",
            [("vaultwarden-admin-token", k)],
        )
    if form == 5:
        if R.random() < 0.5:
            sk, pw = rs(50, ALNUM + "!#%*+-=^"), password()
            return env(
                [
                    ("PAPERLESS_URL", "https://paperless.home.arpa"),
                    ("PAPERLESS_SECRET_KEY", sk),
                    ("PAPERLESS_DBHOST", "db"),
                    ("PAPERLESS_DBPASS", pw),
                ],
                [("paperless-secret-key", sk), ("paperless-db-password", pw)],
            )
        pw = rs(24, ALNUM)
        return env(
            [
                ("UPLOAD_LOCATION", "./library"),
                ("IMMICH_VERSION", "release"),
                ("DB_PASSWORD", pw),
                ("DB_USERNAME", "postgres"),
                ("DB_DATABASE_NAME", "immich"),
            ],
            [("immich-db-password", pw)],
        )
    r = R.randrange(3)
    if r == 0:
        pw = password()
        doc = {
            "rpc-authentication-required": True,
            "rpc-bind-address": "0.0.0.0",
            "rpc-password": pw,
            "rpc-port": 9091,
            "rpc-username": "media",
            "rpc-whitelist-enabled": False,
        }
        return item(
            json.dumps(doc, indent=4, sort_keys=True) + "\n", [("transmission-rpc-password", pw)], fmt="json", name="transmission/settings.json"
        )
    if r == 1:
        k = md5hex()
        return cmd(
            f'curl -s "http://nas.home.arpa:8096/Items?Recursive=true&IncludeItemTypes=Movie&api_key={k}" | jq .TotalRecordCount',
            [("jellyfin-api-key", k)],
        )
    pw = password()
    return cmd(f"sudo pihole setpassword {shq(pw)}", [("pihole-web-password", pw)])


# ---------------------------------------------------------------- contexts
# Each context: render(item) -> (scope, tool, payload, piecer), piecer(atom) -> the atom's pieces as the context shows it.

E = "\x1b"


def go_json(obj, indent=None):
    """JSON as Go's encoding/json writes it: compact, `<`, `>` and `&` escaped as `\\u003c` `\\u003e` `\\u0026`."""
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":")) if indent is None else json.dumps(obj, ensure_ascii=False, indent=indent)
    return s.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def plain_piecer(a):
    """No value of this round holds a character JSON, Go's encoder or a YAML double-quoted string would change."""
    assert not set(a) & set('<>&"\\\n'), a
    return [a]


def us_ts(us):
    """An RFC 3339 timestamp, `us` microseconds after 2026-12-05T10:00:00Z (within the hour)."""
    return f"2026-12-05T10:{us // 60_000_000 % 60:02d}:{us // 1_000_000 % 60:02d}.{us % 1_000_000:06d}Z"


# -- k8s-audit-log


def k8s_audit_log(it):
    """A Kubernetes API server audit log (`audit.k8s.io/v1` events, one JSON line each, as the API server's Go
    encoder writes them), read back or `grep`ped, or piped through `jq .`: env values as a Deployment's container
    `env` in the `requestObject` and `responseObject` of a `create`, a command as a Job's container `command` or a
    `pods/exec` call's `command=` query parameters (URL-encoded, `+` for spaces), a file as a ConfigMap's `data`."""
    pairs = env_pairs(it)
    ns = pick("prod", "staging", "payments", "default")
    user = pick(
        {
            "username": "system:serviceaccount:ci:deployer",
            "uid": uuid4(),
            "groups": ["system:serviceaccounts", "system:serviceaccounts:ci", "system:authenticated"],
        },
        {"username": "oidc:alice@corp.example", "groups": ["oidc:platform", "system:authenticated"]},
    )
    ua = pick(
        "kubectl/v1.31.3 (linux/amd64) kubernetes/c83cbee", "argocd-application-controller/v0.0.0 (linux/amd64) kubernetes/$Format", "helm/v3.16.3"
    )
    ip = f"10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
    name = pick("api", "worker", "billing", "web")
    piecer = plain_piecer
    clock = [R.randint(10, 50) * 60_000_000]

    def event(verb, uri, ref, code, req=None, resp=None, level="RequestResponse"):
        ev = {
            "kind": "Event",
            "apiVersion": "audit.k8s.io/v1",
            "level": level,
            "auditID": uuid4(),
            "stage": "ResponseComplete",
            "requestURI": uri,
            "verb": verb,
            "user": user,
            "sourceIPs": [ip],
            "userAgent": ua,
            "objectRef": ref,
            "responseStatus": {"metadata": {}, "code": code},
        }
        if req is not None:
            ev["requestObject"] = req
        if resp is not None:
            ev["responseObject"] = resp
        clock[0] += R.randint(200_000, 9_000_000)
        ev["requestReceivedTimestamp"] = us_ts(clock[0])
        ev["stageTimestamp"] = us_ts(clock[0] + R.randint(900, 90_000))
        ev["annotations"] = {
            "authorization.k8s.io/decision": "allow",
            "authorization.k8s.io/reason": f'RBAC: allowed by RoleBinding "deployer/{ns}" of ClusterRole "edit" to ServiceAccount "deployer/ci"',
        }
        return ev

    noise = event(
        "get",
        f"/api/v1/namespaces/{ns}/pods?limit=500",
        {"resource": "pods", "namespace": ns, "apiVersion": "v1"},
        200,
        level="Metadata",
    )
    meta = {
        "name": name,
        "namespace": ns,
        "uid": uuid4(),
        "resourceVersion": str(R.randint(10**6, 10**8)),
        "creationTimestamp": "2026-12-05T10:11:12Z",
    }
    if pairs is not None:
        pod = {
            "containers": [
                {
                    "name": name,
                    "image": f"registry.corp.example/{name}:1.{R.randint(0, 40)}.{R.randint(0, 9)}",
                    "env": [{"name": k, "value": v} for k, v in pairs],
                }
            ]
        }
        req = {
            "kind": "Deployment",
            "apiVersion": "apps/v1",
            "metadata": {"name": name, "namespace": ns},
            "spec": {"replicas": 2, "selector": {"matchLabels": {"app": name}}, "template": {"metadata": {"labels": {"app": name}}, "spec": pod}},
        }
        resp = json.loads(json.dumps(req))
        resp["metadata"] = meta
        main = event(
            "create",
            f"/apis/apps/v1/namespaces/{ns}/deployments?fieldManager=kubectl-client-side-apply",
            {"resource": "deployments", "namespace": ns, "name": name, "apiGroup": "apps", "apiVersion": "v1"},
            201,
            req,
            resp,
        )
        grep = "deployments"
    elif it["shape"] == "cmd":
        if R.random() < 0.5:
            pod = f"{name}-{rs(10, LOWER + DIGITS)}-{rs(5, LOWER + DIGITS)}"
            q = "command=sh&command=-c&command=" + quote_plus(it["text"], safe="") + f"&container={name}&stderr=true&stdout=true"
            main = event(
                "create",
                f"/api/v1/namespaces/{ns}/pods/{pod}/exec?{q}",
                {"resource": "pods", "namespace": ns, "name": pod, "apiVersion": "v1", "subresource": "exec"},
                101,
                level="Request",
            )

            def piecer(a):
                return [quote_plus(a, safe="")]

            grep = "exec"
        else:
            job = {
                "kind": "Job",
                "apiVersion": "batch/v1",
                "metadata": {"name": f"{name}-once", "namespace": ns},
                "spec": {
                    "backoffLimit": 0,
                    "template": {
                        "spec": {
                            "restartPolicy": "Never",
                            "containers": [{"name": "run", "image": "alpine:3.20", "command": ["/bin/sh", "-c", it["text"]]}],
                        }
                    },
                },
            }
            main = event(
                "create",
                f"/apis/batch/v1/namespaces/{ns}/jobs?fieldManager=kubectl-create",
                {"resource": "jobs", "namespace": ns, "name": f"{name}-once", "apiGroup": "batch", "apiVersion": "v1"},
                201,
                job,
                None,
            )
            grep = "jobs"
    else:
        key = item_path(it).rsplit("/", 1)[-1]
        cm = {"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": f"{name}-config", "namespace": ns}, "data": {key: it["text"]}}
        resp = json.loads(json.dumps(cm))
        resp["metadata"] = {**meta, "name": f"{name}-config"}
        main = event(
            "create",
            f"/api/v1/namespaces/{ns}/configmaps?fieldManager=kubectl-client-side-apply",
            {"resource": "configmaps", "namespace": ns, "name": f"{name}-config", "apiVersion": "v1"},
            201,
            cm,
            resp,
        )
        grep = "configmaps"
    path = "/var/log/kubernetes/audit/audit.log"
    view = R.randrange(3)
    if view == 0:
        return "result", "read_file", go_json(noise) + "\n" + go_json(main) + "\n", piecer
    if view == 1:
        return "result", "terminal", f'$ sudo grep \'"resource":"{grep}"\' {path} | tail -n 1\n' + go_json(main) + "\n", piecer
    return (
        "result",
        "terminal",
        f"$ sudo tail -n 2 {path} | jq .\n"
        + json.dumps(noise, indent=2, ensure_ascii=False)
        + "\n"
        + json.dumps(main, indent=2, ensure_ascii=False)
        + "\n",
        piecer,
    )


# -- tfplan-json


def tfplan_json(it):
    """`terraform show -json` of a saved plan (compact, Go-encoded, or through `jq .`), or the plan JSON read back: env
    values as a Lambda function's `environment` variables (planned values and the resource change's `after`), a command
    as a `terraform_data` input or a `null_resource`'s `local-exec` command in the configuration, a file as a
    `local_file` or ConfigMap content."""
    pairs = env_pairs(it)
    provider = "registry.terraform.io/hashicorp/aws"
    if pairs is not None:
        addr, rtype, rname = "aws_lambda_function.worker", "aws_lambda_function", "worker"
        values = {
            "architectures": ["arm64"],
            "environment": [{"variables": dict(pairs)}],
            "function_name": "corp-worker",
            "handler": "app.handler",
            "memory_size": 512,
            "runtime": "python3.12",
            "timeout": 60,
        }
        sens = {"architectures": [False], "environment": [{"variables": {}}]}
        config_expr = {"function_name": {"constant_value": "corp-worker"}, "environment": [{"variables": {"references": ["var.worker_env"]}}]}
        provs = None
    elif it["shape"] == "cmd":
        if R.random() < 0.5:
            addr, rtype, rname = "terraform_data.bootstrap", "terraform_data", "bootstrap"
            provider = "terraform.io/builtin/terraform"
            values = {"input": it["text"], "triggers_replace": None}
            sens = {}
            config_expr = {"input": {"constant_value": it["text"]}}
            provs = None
        else:
            addr, rtype, rname = "null_resource.migrate", "null_resource", "migrate"
            provider = "registry.terraform.io/hashicorp/null"
            values = {"triggers": {"always": "2026-12-05T10:11:12Z"}}
            sens = {"triggers": {}}
            config_expr = {"triggers": {"references": ["timestamp"]}}
            provs = [{"type": "local-exec", "expressions": {"command": {"constant_value": it["text"]}}}]
    else:
        if R.random() < 0.5:
            addr, rtype, rname = "local_file.config", "local_file", "config"
            provider = "registry.terraform.io/hashicorp/local"
            values = {
                "content": it["text"],
                "content_base64": None,
                "directory_permission": "0777",
                "file_permission": "0600",
                "filename": "./out/" + item_path(it).rsplit("/", 1)[-1],
                "sensitive_content": None,
                "source": None,
            }
            sens = {"sensitive_content": True}
            config_expr = {"content": {"references": ["local.config_text"]}, "filename": {"constant_value": values["filename"]}}
        else:
            addr, rtype, rname = "kubernetes_config_map_v1.app", "kubernetes_config_map_v1", "app"
            provider = "registry.terraform.io/hashicorp/kubernetes"
            values = {
                "binary_data": None,
                "data": {item_path(it).rsplit("/", 1)[-1]: it["text"]},
                "immutable": None,
                "metadata": [{"name": "app-config", "namespace": "prod", "annotations": None, "labels": None}],
            }
            sens = {"data": {}, "metadata": [{}]}
            config_expr = {"data": {"references": ["local.files"]}}
        provs = None
    unknown = {"id": True, "arn": True} if rtype == "aws_lambda_function" else {"id": True}
    res = {
        "address": addr,
        "mode": "managed",
        "type": rtype,
        "name": rname,
        "provider_name": provider,
        "schema_version": 0,
        "values": values,
        "sensitive_values": sens,
    }
    conf_res = {
        "address": addr,
        "mode": "managed",
        "type": rtype,
        "name": rname,
        "provider_config_key": provider.rsplit("/", 1)[-1],
        "expressions": config_expr,
        "schema_version": 0,
    }
    if provs:
        conf_res["provisioners"] = provs
    plan = {
        "format_version": "1.2",
        "terraform_version": pick("1.9.8", "1.10.1", "1.8.5"),
        "variables": {"region": {"value": "eu-central-1"}},
        "planned_values": {"root_module": {"resources": [res]}},
        "resource_changes": [
            {
                "address": addr,
                "mode": "managed",
                "type": rtype,
                "name": rname,
                "provider_name": provider,
                "change": {
                    "actions": ["create"],
                    "before": None,
                    "after": values,
                    "after_unknown": unknown,
                    "before_sensitive": False,
                    "after_sensitive": sens,
                },
            }
        ],
        "configuration": {"provider_config": {}, "root_module": {"resources": [conf_res]}},
        "timestamp": f"2026-12-05T10:{R.randint(10, 59)}:{R.randint(10, 59)}Z",
        "applyable": True,
        "complete": True,
        "errored": False,
    }
    view = R.randrange(3)
    if view == 0:
        return "result", "terminal", "$ terraform show -json tfplan\n" + go_json(plan) + "\n", plain_piecer
    if view == 1:
        return "result", "terminal", "$ terraform show -json tfplan | jq .\n" + json.dumps(plan, indent=2, ensure_ascii=False) + "\n", plain_piecer
    return "result", "read_file", go_json(plan) + "\n", plain_piecer


# -- ansible-vvv


def ssh_exec(host, inner, cp):
    return (
        f"<{host}> SSH: EXEC ssh -C -o ControlMaster=auto -o ControlPersist=60s -o KbdInteractiveAuthentication=no "
        "-o PreferredAuthentications=gssapi-with-mic,gssapi-keyex,hostbased,publickey -o PasswordAuthentication=no "
        f"-o 'User=\"deploy\"' -o ConnectTimeout=10 -o 'ControlPath=\"/home/ci/.ansible/cp/{cp}\"' {host} "
        f"'/bin/sh -c '\"'\"'{inner}'\"'\"''"
    )


def ansible_vvv(it):
    """`ansible-playbook -vvv` output (or the same run in `ANSIBLE_LOG_PATH`'s file, each record after a
    `date p=… u=… n=ansible | ` prefix): the SSH `EXEC` lines, then each result as the default callback prints it
    (`json.dumps`, `indent=4`, keys sorted): a command as a `shell` task's `cmd` and `_raw_params`, env values as
    `lineinfile` loop items (`(item={'key': …, 'value': …})` and `module_args.line`), a file as `cat`'s `stdout`
    and `stdout_lines`."""
    pairs = env_pairs(it)
    host = f"10.0.{R.randint(1, 9)}.{R.randint(2, 250)}"
    hn = pick("web1", "app01", "worker-2", "db-proxy")
    cp = rs(10, HEX)
    tmpd = f"/home/deploy/.ansible/tmp/ansible-tmp-{ts_epoch()}.{R.randint(10, 99)}-{R.randint(1000, 99999)}-{R.randint(10**13, 10**14)}"
    records = [
        "ansible-playbook [core 2.17.6]\n  config file = /srv/ansible/ansible.cfg\n  configured module search path = ['/home/ci/.ansible/plugins/modules', '/usr/share/ansible/plugins/modules']\n  ansible python module location = /usr/lib/python3/dist-packages/ansible\n  executable location = /usr/bin/ansible-playbook\n  python version = 3.12.3 (main, Nov  6 2026, 18:32:19) [GCC 13.2.0] (/usr/bin/python3)\n  jinja version = 3.1.4\n  libyaml = True",
        "Using /srv/ansible/ansible.cfg as config file",
        "PLAYBOOK: site.yml " + "*" * 60,
        "1 plays in site.yml",
        "PLAY [app] " + "*" * 68,
    ]

    def task(title, module):
        records.append(f"TASK [app : {title}] " + "*" * max(4, 66 - len(title)))
        records.append(f"task path: /srv/ansible/roles/app/tasks/main.yml:{R.randint(3, 60)}")
        records.append(f"<{host}> ESTABLISH SSH CONNECTION FOR USER: deploy")
        records.append(ssh_exec(host, "echo ~deploy && sleep 0", cp))
        records.append(f"<{host}> (0, b'/home/deploy\\n', b'')")
        records.append(
            f"<{host}> PUT /home/ci/.ansible/tmp/ansible-local-{R.randint(1000, 99999)}{rs(8, LOWER + DIGITS)}/tmp{rs(8, LOWER + DIGITS)} TO {tmpd}/AnsiballZ_{module}.py"
        )
        records.append(ssh_exec(host, f"chmod u+x {tmpd}/ {tmpd}/AnsiballZ_{module}.py && sleep 0", cp))
        records.append(ssh_exec(host, f"/usr/bin/python3 {tmpd}/AnsiballZ_{module}.py && sleep 0", cp))

    def res_json(d):
        return json.dumps(d, indent=4, sort_keys=True, ensure_ascii=False)

    stamps = {"delta": f"0:00:00.{R.randint(3000, 99999):06d}", "end": "2026-12-05 10:11:13.412345", "start": "2026-12-05 10:11:13.301234"}
    cmd_args = {
        "_uses_shell": True,
        "argv": None,
        "chdir": None,
        "creates": None,
        "executable": None,
        "expand_argument_vars": True,
        "removes": None,
        "stdin": None,
        "stdin_add_newline": True,
        "strip_empty_ends": True,
    }
    if pairs is not None:
        task("write the environment file", "lineinfile")
        for k, v in pairs:
            d = {
                "ansible_loop_var": "item",
                "backup": "",
                "changed": True,
                "diff": [
                    {"after": "", "after_header": "/srv/app/.env (content)", "before": "", "before_header": "/srv/app/.env (content)"},
                    {"after_header": "/srv/app/.env (file attributes)", "before_header": "/srv/app/.env (file attributes)"},
                ],
                "invocation": {
                    "module_args": {
                        "backrefs": False,
                        "backup": False,
                        "create": True,
                        "firstmatch": False,
                        "group": "app",
                        "insertafter": None,
                        "line": f"{k}={v}",
                        "mode": "0600",
                        "owner": "app",
                        "path": "/srv/app/.env",
                        "regexp": f"^{k}=",
                        "search_string": None,
                        "state": "present",
                        "unsafe_writes": False,
                        "validate": None,
                    }
                },
                "item": {"key": k, "value": v},
                "msg": "line added",
            }
            records.append(f"changed: [{hn}] => (item={{'key': '{k}', 'value': '{v}'}}) => {res_json(d)}")
    elif it["shape"] == "cmd":
        task("run the job", "command")
        d = {
            "changed": True,
            "cmd": it["text"],
            **stamps,
            "invocation": {"module_args": {"_raw_params": it["text"], **cmd_args}},
            "msg": "",
            "rc": 0,
            "stderr": "",
            "stderr_lines": [],
            "stdout": "ok",
            "stdout_lines": ["ok"],
        }
        records.append(f"changed: [{hn}] => {res_json(d)}")
    else:
        path = "/srv/app/" + item_path(it)
        task("show the rendered config", "command")
        d = {
            "changed": True,
            "cmd": f"cat {path}",
            **stamps,
            "invocation": {"module_args": {"_raw_params": f"cat {path}", **cmd_args}},
            "msg": "",
            "rc": 0,
            "stderr": "",
            "stderr_lines": [],
            "stdout": it["text"].rstrip("\n"),
            "stdout_lines": file_lines(it["text"]),
        }
        records.append(f"changed: [{hn}] => {res_json(d)}")
    records.append("PLAY RECAP " + "*" * 68)
    records.append(f"{hn:<26} : ok=2    changed=1    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0")
    if R.random() < 0.3:
        out, ms, p = "", R.randint(10, 50) * 60_000, R.randint(2000, 90000)
        for r in records:
            ms += R.randint(1, 400)
            out += f"2026-12-05 10:{ms // 60_000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d} p={p} u=ci n=ansible | {r}\n"
        return "result", "read_file", out, plain_piecer
    out = "$ ansible-playbook -i inventory/prod.ini site.yml --limit " + hn + " -vvv\n" + "\n".join(records) + "\n"
    return "result", "terminal", out, plain_piecer


# -- gitlab-job-trace


def gitlab_job_trace(it):
    """A GitLab CI job's raw trace (`glab ci trace`, the jobs API's `/trace`, or a `gitlab_get_job_log` tool): ANSI
    colours, `section_start:<ts>:<name>\\r\\e[0K` / `section_end` markers, the script's commands echoed in green
    after `$ `, half the time each line after a runner timestamp (`2026-…Z 00O `); env values as `printenv | sort`
    output among CI variables (masked ones `[MASKED]`), a command echoed, a file as `cat`'s output."""
    pairs = env_pairs(it)
    t0 = ts_epoch()
    body = []

    def sec(name, header, lines):
        nonlocal t0
        body.append(f"section_start:{t0}:{name}\r{E}[0K{E}[0K{E}[36;1m{header}{E}[0;m{E}[0;m")
        body.extend(lines)
        t0 += R.randint(1, 9)
        body.append(f"section_end:{t0}:{name}\r{E}[0K")

    image = pick("python:3.12-slim", "alpine:3.20", "node:22-bookworm", "registry.corp.example/ci/tools:2026.11")
    body.append(f"{E}[0KRunning with gitlab-runner 17.6.0 (374d34fd){E}[0;m")
    body.append(f"{E}[0K  on corp-docker-{R.randint(1, 9)} t3_{rs(6, ALNUM)}, system ID: s_{rs(12, HEX)}{E}[0;m")
    sec(
        "prepare_executor",
        'Preparing the "docker" executor',
        [
            f"{E}[0KUsing Docker executor with image {image} ...{E}[0;m",
            f"{E}[0KPulling docker image {image} ...{E}[0;m",
            f"{E}[0KUsing docker image sha256:{sha256hex()} for {image} with digest {image.split(':')[0]}@sha256:{sha256hex()} ...{E}[0;m",
        ],
    )
    sha = rs(40, HEX)
    sec(
        "get_sources",
        "Getting source from Git repository",
        [
            f"{E}[32;1mFetching changes with git depth set to 20...{E}[0;m",
            "Initialized empty Git repository in /builds/corp/app/.git/",
            f"{E}[32;1mCreated fresh repository.{E}[0;m",
            f"{E}[32;1mChecking out {sha[:8]} as detached HEAD (ref is main)...{E}[0;m",
            "",
            f"{E}[32;1mSkipping Git submodules setup{E}[0;m",
        ],
    )
    script = []
    if pairs is not None:
        script.append(f"{E}[32;1m$ printenv | sort{E}[0;m")
        ci = [
            ("CI", "true"),
            ("CI_COMMIT_SHA", sha),
            ("CI_JOB_ID", str(R.randint(10**9, 10**10))),
            ("CI_JOB_TOKEN", "[MASKED]"),
            ("CI_PROJECT_PATH", "corp/app"),
            ("HOME", "/root"),
            ("HOSTNAME", "runner-" + rs(8, LOWER + DIGITS) + "-project-42-concurrent-0"),
        ]
        script.extend(f"{k}={v}" for k, v in sorted(ci + list(pairs)))
    elif it["shape"] == "cmd":
        script.append(f"{E}[32;1m$ {it['text']}{E}[0;m")
        script.append(pick("done", "OK", "migrations applied: 3"))
    else:
        script.append(f"{E}[32;1m$ cat {item_path(it)}{E}[0;m")
        script.extend(file_lines(it["text"]))
    sec(
        "step_script",
        'Executing "step_script" stage of the job script',
        [f"{E}[0KUsing docker image sha256:{sha256hex()} for {image} ...{E}[0;m", *script],
    )
    sec("cleanup_file_variables", "Cleaning up project directory and file based variables", [])
    body.append(f"{E}[32;1mJob succeeded{E}[0;m")
    if R.random() < 0.5:
        base = R.randint(10, 50)
        rows = []
        for i, ln in enumerate(body):
            rows.append(f"2026-12-05T10:{base:02d}:{i % 60:02d}.{R.randint(100000, 999999)}Z 0{'1' if i > 3 else '0'}O {ln}")
        text = "\n".join(rows) + "\n"
    else:
        text = "\n".join(body) + "\n"
    job = R.randint(10**6, 10**7)
    view = R.randrange(3)
    if view == 0:
        return "result", "terminal", f"$ glab ci trace {job}\n" + text, whole
    if view == 1:
        return (
            "result",
            "terminal",
            f'$ curl -s --header "PRIVATE-TOKEN: $GITLAB_TOKEN" https://gitlab.corp.example/api/v4/projects/42/jobs/{job}/trace\n' + text,
            whole,
        )
    return "result", "gitlab_get_job_log", text, whole


# -- buildkit-progress


def buildkit_progress(it):
    """`docker buildx build --progress=plain` output (`#N [k/n] RUN …`, each output line after `#N <seconds> `), or
    `--progress=rawjson` (JSON lines: vertex names in clear, each output line as a `logs` record whose `data` is
    base64): env values as `--build-arg`s printed by `RUN printenv | sort` (with BuildKit's
    `SecretsUsedInArgOrEnv` warning), a command as a `RUN` step, a file as `RUN cat`'s output. In rawjson, a value in
    a log record's `data` is the run of base64 characters that encode only its bytes."""
    pairs = env_pairs(it)
    tag = pick("corp/app:dev", "corp/worker:ci", "registry.corp.example/api:pr-" + str(R.randint(100, 999)))
    args = ""
    if pairs is not None:
        args = "".join(f" --build-arg {k}={shq(v)}" for k, v in pairs)
        step = "RUN printenv | sort"
        out = sorted([("HOME", "/root"), ("HOSTNAME", rs(12, HEX)), ("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"), *pairs])
        outlines = [f"{k}={v}" for k, v in out]
    elif it["shape"] == "cmd":
        step = "RUN " + it["text"]
        outlines = [pick("done", "OK", "Successfully installed 3 packages")]
    else:
        step = f"RUN cat /app/{item_path(it)}"
        outlines = file_lines(it["text"])
    raw = R.random() < 0.3
    command = f"$ docker buildx build --progress={'rawjson' if raw else 'plain'}{args} -t {tag} .\n"
    base = f"python:3.12-slim@sha256:{sha256hex()}"
    chunks = []
    if raw:
        lines = []
        vd = {n: "sha256:" + sha256hex() for n in range(1, 8)}
        names = {
            1: "[internal] load build definition from Dockerfile",
            2: "[internal] load metadata for docker.io/library/python:3.12-slim",
            3: "[internal] load .dockerignore",
            4: f"[1/3] FROM docker.io/library/{base}",
            5: "[2/3] COPY . /app",
            6: f"[3/3] {step}",
            7: "exporting to image",
        }
        us = R.randint(10, 50) * 60_000_000
        for n in range(1, 8):
            us += R.randint(1_000, 400_000)
            started = us_ts(us)
            lines.append(go_json({"vertexes": [{"digest": vd[n], "name": names[n], "started": started}]}))
            if n == 6:
                for ol in outlines:
                    us += R.randint(1_000, 40_000)
                    data = (ol + "\n").encode()
                    chunks.append(data)
                    lines.append(go_json({"logs": [{"vertex": vd[n], "stream": 1, "data": b64(data), "timestamp": us_ts(us)}]}))
            us += R.randint(1_000, 900_000)
            lines.append(go_json({"vertexes": [{"digest": vd[n], "name": names[n], "started": started, "completed": us_ts(us), "cached": n == 4}]}))
        text = command + "\n".join(lines) + "\n"
    else:
        t = 0.2
        rows = [
            '#0 building with "default" instance using docker driver',
            "",
            "#1 [internal] load build definition from Dockerfile",
            f"#1 transferring dockerfile: {R.randint(300, 900)}B done",
            "#1 DONE 0.0s",
            "",
            "#2 [internal] load metadata for docker.io/library/python:3.12-slim",
            f"#2 DONE {R.randint(3, 19) / 10}s",
            "",
            "#3 [internal] load .dockerignore",
            "#3 transferring context: 2B done",
            "#3 DONE 0.0s",
            "",
            f"#4 [1/3] FROM docker.io/library/{base}",
            f"#4 resolve docker.io/library/{base} 0.0s done",
            "#4 CACHED",
            "",
            "#5 [2/3] COPY . /app",
            "#5 DONE 0.1s",
            "",
            f"#6 [3/3] {step}",
        ]
        for ol in outlines:
            t += R.randint(1, 40) / 1000
            rows.append(f"#6 {t:.3f} {ol}")
        rows += [
            f"#6 DONE {t + 0.1:.1f}s",
            "",
            "#7 exporting to image",
            "#7 exporting layers 0.1s done",
            f"#7 writing image sha256:{sha256hex()} done",
            f"#7 naming to docker.io/{tag} done",
            "#7 DONE 0.2s",
        ]
        text = command + "\n".join(rows) + "\n"
    if pairs is not None:
        flagged = [k for k, _ in pairs if any(w in k for w in ("KEY", "TOKEN", "SECRET", "PASS"))][:2]
        if flagged:
            text += f"\n {len(flagged)} warning{'s' if len(flagged) > 1 else ''} found (use docker --debug to expand):\n"
            for i, k in enumerate(flagged):
                text += f' - SecretsUsedInArgOrEnv: Do not use ARG or ENV instructions for sensitive data (ARG "{k}") (line {3 + i})\n'

    def piecer(a):
        out = [a] if a in text else []
        for data in chunks:
            if a.encode() in data:
                out += b64_runs(data, a)
        return out

    return "result", "terminal", text, piecer


# -- pdf-text-dump (held out)


def pre_wrap(line, width):
    """Where a PDF writer breaks a code line too wide for the page (`white-space: pre-wrap` with
    `overflow-wrap: anywhere`): at the last space that fits, else at the width. The (start, end) spans of the rows;
    a space at a break is not shown."""
    spans, start = [], 0
    indent = len(line) - len(line.lstrip(" "))
    while len(line) - start > width:
        cut = line.rfind(" ", max(start, indent) + 1, start + width + 1)
        if cut < 0:
            spans.append((start, start + width))
            start += width
        else:
            spans.append((start, cut))
            start = cut + 1
    spans.append((start, len(line)))
    return spans


def span_pieces(logical, atom):
    """The fragments of each occurrence of atom in the wrapped logical lines [(line, spans)]."""
    out = []
    for line, spans in logical:
        i = line.find(atom)
        while i >= 0:
            a, b = i, i + len(atom)
            for s0, e0 in spans:
                if s0 < b and e0 > a:
                    out.append(line[max(a, s0) : min(b, e0)])
            i = line.find(atom, i + 1)
    return list(dict.fromkeys(x for x in out if x))


def pdf_text_dump(it):
    """`pdftotext -layout` of a runbook exported to PDF (or the `.txt` it wrote, read back): a left margin, a page
    header and a `Page n of m` footer, form feeds between pages; the item in a monospaced code block whose lines too
    wide for the page were broken by the PDF writer (at a space that fits, else mid-word). One piece per row a
    credential spans."""
    width = pick(64, 72, 80)
    margin = " " * pick(6, 8, 10)
    title = pick("Payments service runbook", "Home lab: rebuild notes", "Onboarding: staging access", "Search cluster operations")
    pairs = env_pairs(it)
    intro = {
        True: "The service reads these values at start-up (from the deployment's environment):",
        False: "Run this from the bastion host after the maintenance window opens:"
        if it["shape"] == "cmd"
        else f"The current contents of {item_path(it)}:",
    }[pairs is not None]
    code = shown_lines(it)
    if it["shape"] == "cmd":
        code = ["$ " + code[0]]
    logical = []
    body = [
        title,
        "",
        "Last updated 2026-12-04 by the platform team. Confidential - internal use only.",
        "",
        "1. Prerequisites",
        "",
        "You need VPN access and membership of the ops group.",
        "",
        "2. Procedure",
        "",
        intro,
        "",
    ]
    for ln in code:
        spans = pre_wrap(ln, width)
        logical.append((ln, spans))
        body += ["    " + ln[s:e] for s, e in spans]
    body += ["", "3. Verification", "", "Check the dashboard for errors in the five minutes after the change.", ""]
    per = pick(40, 52)
    pages = [body[i : i + per] for i in range(0, len(body), per)]
    out = ""
    for n, pg in enumerate(pages, 1):
        out += margin + title + " " * 8 + "v" + str(R.randint(2, 9)) + "\n\n"
        out += "".join((margin + r if r else "") + "\n" for r in pg)
        out += "\n" + margin + " " * 30 + f"Page {n} of {len(pages)}\n\f"

    def piecer(a):
        return span_pieces(logical, a)

    name = pick("runbook", "access-notes", "ops-handbook")
    if R.random() < 0.5:
        return "result", "terminal", f"$ pdftotext -layout docs/{name}.pdf -\n" + out, piecer
    return "result", "read_file", out, piecer


# -- troff-man (held out)


def troff_escape_line(line):
    s = line.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + s if s.startswith((".", "'")) else s


def troff_man(it):
    """A man page documenting the item, as its source (`write_file`, read back, or quoted in a reply: the item in an
    `.EX` / `.EE` block or `.nf` / `.fi`, `\\` written `\\e`, every `-` written `\\-`, a line starting with `.` or `'`
    after `\\&`), or rendered by `man -l … | cat` (man-db with Debian's `man.local`, so `\\-` shows as `-`; the block
    unfilled, indented). In the source the piece is the value with `\\-` for each `-`."""
    pairs = env_pairs(it)
    prog, purpose = pick(
        ("corp-deploy", "deploy the app to the staging cluster"),
        ("lab-restore", "restore the home lab from backups"),
        ("search-reindex", "rebuild the search indices"),
        ("pay-rotate", "rotate the payment provider keys"),
    )
    section = pick("8", "1")
    version = f"corp-tools 2.{R.randint(0, 9)}"
    lines = shown_lines(it)
    if it["shape"] == "cmd":
        heading, intro = "EXAMPLES", "Run the job by hand:"
    elif pairs is not None:
        heading, intro = "ENVIRONMENT", "The service is started with:"
    else:
        heading, intro = "FILES", f"A working \\fI{troff_escape_line(item_path(it))}\\fR:"
    ex = R.random() < 0.6
    src = [
        f'.TH {prog.upper().replace("-", chr(92) + "-")} {section} "December 2026" "{version}" "{"System Administration" if section == "8" else "User Commands"}"',
        ".SH NAME",
        f"{troff_escape_line(prog)} \\- {purpose}",
        ".SH SYNOPSIS",
        f".B {troff_escape_line(prog)}",
        "[\\fB\\-\\-dry\\-run\\fR] [\\fB\\-v\\fR]",
        ".SH DESCRIPTION",
        f".B {troff_escape_line(prog)}",
        "wraps the steps the on\\-call engineer runs during a change window.",
        f".SH {heading}",
        intro,
        ".PP",
        ".RS 4",
        ".EX" if ex else ".nf",
        *[troff_escape_line(ln) for ln in lines],
        ".EE" if ex else ".fi",
        ".RE",
        ".SH SEE ALSO",
        ".BR ssh (1),",
        ".BR systemctl (1)",
    ]
    source = "\n".join(src) + "\n"
    path = f"docs/man/{prog}.{section}"

    def src_piecer(a):
        return [a.replace("\\", "\\e").replace("-", "\\-")]

    view = R.randrange(4)
    if view == 0:
        return "args", "write_file", json.dumps({"path": path, "content": source}, ensure_ascii=False), src_piecer
    if view == 1:
        return "result", "read_file", source, src_piecer
    if view == 2:
        return "reply", "", f"Here is the man page source (`{path}`):\n\n```roff\n{source}```\n", src_piecer
    title = f"{prog.upper()}({section})"
    mid = "System Administration" if section == "8" else "User Commands"
    pad = max(1, (78 - 2 * len(title) - len(mid)) // 2)
    intro_r = intro.replace("\\fI", "").replace("\\fR", "").replace("\\-", "-").replace("\\e", "\\")
    r = [
        f"{title}{' ' * pad}{mid}{' ' * pad}{title}",
        "",
        "NAME",
        f"       {prog} - {purpose}",
        "",
        "SYNOPSIS",
        f"       {prog} [--dry-run] [-v]",
        "",
        "DESCRIPTION",
        f"       {prog} wraps the steps the on-call engineer runs during a change window.",
        "",
        heading,
        f"       {intro_r}",
        "",
        *["           " + ln if ln else "" for ln in lines],
        "",
        "SEE ALSO",
        "       ssh(1), systemctl(1)",
        "",
        f"{version}{' ' * 24}December 2026{' ' * 24}{title}",
    ]
    return "result", "terminal", f"$ man -l {path} | cat\n" + "\n".join(r) + "\n", whole


# -- logcat (held out)


def logcat(it):
    """`adb logcat -d` of an Android app's debug build (`-v threadtime`, or `-v brief`), read from the terminal or a
    saved file: env values as an `AppConfig` tag's `K=v` lines, a command as the JSON body OkHttp's logging
    interceptor prints for a `POST` of `{"command": …}`, a file as the body of a `PUT` (one logcat line per line of
    the body), among other apps' lines."""
    pairs = env_pairs(it)
    pid, tid = R.randint(3000, 30000), 0
    tid = pid + R.randint(10, 90)
    brief = R.random() < 0.3
    clock = [R.randint(10, 20), R.randint(0, 59), R.randint(0, 59), R.randint(0, 999)]
    rows = []

    def line(level, tag, msg, p=pid, t=None):
        clock[3] += R.randint(1, 40)
        if clock[3] > 999:
            clock[3] -= 1000
            clock[2] += 1
        if brief:
            rows.append(f"{level}/{tag:<8}({p:5d}): {msg}")
        else:
            rows.append(f"12-05 {clock[0]:02d}:{clock[1]:02d}:{clock[2] % 60:02d}.{clock[3]:03d} {p:5d} {t or tid:5d} {level} {tag:<8}: {msg}")

    line(
        "I",
        "ActivityManager",
        f"Start proc {pid}:com.corp.ops/u0a{R.randint(100, 300)} for top-activity {{com.corp.ops/com.corp.ops.MainActivity}}",
        p=R.randint(500, 1500),
        t=R.randint(1500, 3000),
    )
    line("D", "NetworkSecurityConfig", "No Network Security Config specified, using platform default")
    if pairs is not None:
        line("I", "AppConfig", "loaded BuildConfig (debug)")
        for k, v in pairs:
            line("D", "AppConfig", f"{k}={v}")
    elif it["shape"] == "cmd":
        body = json.dumps({"command": it["text"], "host": pick("web1", "worker-2"), "timeout": 600}, ensure_ascii=False)
        line("I", "okhttp.OkHttpClient", "--> POST https://ops.corp.example/api/v1/jobs")
        line("I", "okhttp.OkHttpClient", "Content-Type: application/json; charset=utf-8")
        line("I", "okhttp.OkHttpClient", f"Content-Length: {len(body.encode())}")
        line("I", "okhttp.OkHttpClient", "")
        line("I", "okhttp.OkHttpClient", body)
        line("I", "okhttp.OkHttpClient", f"--> END POST ({len(body.encode())}-byte body)")
        line("I", "okhttp.OkHttpClient", f"<-- 202 Accepted https://ops.corp.example/api/v1/jobs ({R.randint(40, 400)}ms)")
    else:
        n = len(it["text"].encode())
        line("I", "okhttp.OkHttpClient", f"--> PUT https://config.corp.example/v1/files/{item_path(it)}")
        line("I", "okhttp.OkHttpClient", "Content-Type: text/plain; charset=utf-8")
        line("I", "okhttp.OkHttpClient", f"Content-Length: {n}")
        line("I", "okhttp.OkHttpClient", "")
        for ln in file_lines(it["text"]):
            line("I", "okhttp.OkHttpClient", ln)
        line("I", "okhttp.OkHttpClient", f"--> END PUT ({n}-byte body)")
        line("I", "okhttp.OkHttpClient", f"<-- 204 No Content https://config.corp.example/v1/files/{item_path(it)} ({R.randint(40, 400)}ms)")
    line("W", "chatty", f"uid={R.randint(10100, 10300)}(com.corp.ops) RenderThread identical 4 lines", t=tid + 3)
    text = "\n".join(rows) + "\n"
    if R.random() < 0.5:
        fmt = "brief" if brief else "threadtime"
        return "result", "terminal", f"$ adb logcat -d -v {fmt} | grep -E 'com.corp.ops|AppConfig|OkHttp|{pid}'\n" + text, plain_piecer
    return "result", "read_file", text, plain_piecer


# ---------------------------------------------------------------- families

KINDS = {
    "vector-search-keys": vector_search_keys,
    "flags-analytics-more": flags_analytics_more,
    "hr-helpdesk-crm": hr_helpdesk_crm,
    "marketing-sms-keys": marketing_sms_keys,
    "fintech-infra-keys": fintech_infra_keys,
    "key-text-dumps": key_text_dumps,
    "legacy-db-creds": legacy_db_creds,
    "homelab-app-secrets": homelab_app_secrets,
}

CONTEXTS = {
    "k8s-audit-log": k8s_audit_log,
    "tfplan-json": tfplan_json,
    "ansible-vvv": ansible_vvv,
    "gitlab-job-trace": gitlab_job_trace,
    "buildkit-progress": buildkit_progress,
    "pdf-text-dump": pdf_text_dump,
    "troff-man": troff_man,
    "logcat": logcat,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r14", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
