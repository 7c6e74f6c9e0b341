"""Round 9 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 8 have all been read or measured. Round 9 was written blind on 2026-12-04, like rounds
5 to 8: its author saw `SPLIT.md`, the earlier generators (to keep away from their families and
reuse `blind_round`) and the scorer, never the rules nor anything under `engine/src`, their example
tables, `BENCHMARKS.md` nor `docs/`, and never ran the engine on it: the round is unread.

Its **kind families** are credentials no round had: fintech server keys (Plaid, Wise,
Checkout.com, Chargebee, Recurly, Lemon Squeezy), real-time and messaging APIs (Sinch, Infobip,
Pusher, Ably, Stream, Agora), observability ingest keys (Dynatrace `dt0c01.`, Sumo Logic, Logz.io,
Lightstep, Rollbar, Opsgenie), AI inference services (Deepgram, AssemblyAI, fal, RunPod, Modal,
Weaviate, Qdrant), identity and directory services (JumpCloud, Clerk, WorkOS, Stytch, Zitadel,
SSSD), credentials of less common database engines (Neo4j, InfluxDB, CockroachDB, Couchbase,
ArangoDB, Astra, SurrealDB), and held out: private keys in less common encodings (JWK `d`,
base64 PKCS#12, minisign, signify, Tink keysets, Ed25519 PKCS#8) and workspace-app tokens (Asana,
Airtable, ClickUp, Figma, Trello, monday.com, Todoist).

Its **context families** are new containers: a HAR capture, a Postman collection or environment,
a Python traceback with its locals, `systemctl show` / `systemctl cat` (`Environment=`,
`ExecStart={ argv[]=… }`, `SetCredential=` with C escapes and `%%`), a Microsoft Teams message in
HTML (`<br>` between lines, `&nbsp;`, entities), and held out: gdb's `x/s` (200 characters a
row, C escapes), `sqlite3 .dump` (`''`, `replace(…,'\\n',char(10))`, `X'…'` blobs) and
`ps eww` (argv and environment on one line, control characters as `?`).

A credential's pieces are what must vanish from the text as the context shows it: the value,
escaped as the context escapes it (HTML entities, `%%`, URL encoding, hex), or each fragment when
the context cuts it (gdb's 200-character rows). Clean cases hold look-alikes of the kind's own
shapes (public keys and ids, ids of the same alphabet, hashes, references, masked and empty
values, placeholders).

The split (`SPLIT.md`, round 9) was committed before any measurement; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round9.py     # rewrites round9.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import html
import itertools
import json
import urllib.parse
from pathlib import Path

from blind_round import (
    ALNUM,
    CROCKFORD,
    DIGITS,
    HEX,
    LOWER,
    UHEX,
    UPPER,
    URLSAFE,
    R,
    b64,
    b64url,
    clean,
    cmd,
    deal,
    env_file,
    env_pairs,
    file_lines,
    item,
    jwt,
    password,
    pick,
    rbytes,
    rs,
    sha1hex,
    shq,
    ts_epoch,
    uuid4,
    whole,
    write_round,
)

SEED = 1599
OUT = Path(__file__).with_name("round9.jsonl")

HELD_OUT_KINDS = {"key-encodings", "workspace-app-tokens"}
HELD_OUT_CONTEXTS = {"gdb-memory", "sqlite-dump", "ps-eww"}


def pem_rows(body_bytes, width=64):
    s = b64(body_bytes)
    return [s[i : i + width] for i in range(0, len(s), width)]


# ---------------------------------------------------------------- kind: fintech-server-keys


def fintech_server_keys(is_clean):
    """Fintech server keys: Plaid, Wise, Checkout.com, Chargebee, Recurly, Lemon Squeezy."""
    if is_clean:
        form = deal("fin/clean", 5)
        if form == 0:
            text = env_file(
                [
                    ("PLAID_CLIENT_ID", rs(24, HEX)),
                    ("PLAID_SECRET", "${PLAID_SECRET}"),
                    ("PLAID_ENV", "production"),
                    ("PLAID_PRODUCTS", "auth,transactions"),
                ]
            )
            return clean(text, fmt="env", name=".env.example")
        if form == 1:
            text = (
                '<script src="https://cdn.checkout.com/js/framesv2.min.js"></script>\n<script>\n'
                f'  Frames.init("pk_sbox_{rs(26, LOWER + DIGITS)}");\n</script>\n'
                f"<script src=\"https://js.recurly.com/v4/recurly.js\"></script>\n<script>recurly.configure('ewr1-{rs(22)}');</script>\n"
            )
            return clean(text, fmt="html", name="web/public/checkout.html")
        if form == 2:
            doc = {
                "data": {
                    "resource": {
                        "type": "transfer",
                        "id": R.randint(10**8, 10**9),
                        "profile_id": R.randint(10**7, 10**8),
                        "account_id": R.randint(10**7, 10**8),
                    },
                    "current_state": "outgoing_payment_sent",
                    "occurred_at": "2026-05-04T10:11:12Z",
                },
                "subscription_id": uuid4(),
                "event_type": "transfers#state-change",
                "schema_version": "2.0.0",
                "sent_at": "2026-05-04T10:11:13Z",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="wise-webhook.json")
        if form == 3:
            doc = {
                "accounts": [{"account_id": rs(37, ALNUM), "mask": str(R.randint(1000, 9999)), "name": "Plaid Checking", "subtype": "checking"}],
                "item": {"item_id": rs(37, ALNUM), "institution_id": f"ins_{R.randint(1, 130)}"},
                "request_id": rs(15, ALNUM),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="plaid-accounts.json")
        text = (
            'chargebee:\n  site: corp-test\n  api_key: ${CHARGEBEE_API_KEY}\nrecurly:\n  api_key: ""\n'
            "lemonsqueezy:\n  api_key: <your-lemonsqueezy-api-key>\n  store_id: " + str(R.randint(10000, 99999)) + "\n"
        )
        return clean(text, fmt="yaml", name="config/billing.yml")
    form = deal("fin/secret", 6)
    if form == 0:
        cid, sec = rs(24, HEX), rs(30, HEX)
        if R.random() < 0.5:
            text = env_file([("PLAID_CLIENT_ID", cid), ("PLAID_SECRET", sec), ("PLAID_ENV", "production")])
            return item(text, [("plaid-secret", sec)], fmt="env", name=".env")
        at = "access-production-" + uuid4()
        body = json.dumps({"client_id": cid, "secret": sec, "access_token": at})
        return cmd(
            f"curl -s -X POST https://production.plaid.com/accounts/get -H 'Content-Type: application/json' -d '{body}'",
            [("plaid-secret", sec), ("plaid-access-token", at)],
        )
    if form == 1:
        t = uuid4()
        if R.random() < 0.5:
            return cmd(f'curl -s -H "Authorization: Bearer {t}" https://api.wise.com/v2/profiles', [("wise-api-token", t)])
        return item(
            env_file([("WISE_API_TOKEN", t), ("WISE_PROFILE_ID", str(R.randint(10**7, 10**8)))]), [("wise-api-token", t)], fmt="env", name=".env"
        )
    if form == 2:
        k = "sk_" + pick("", "sbox_") + rs(27, LOWER + "234567")
        text = (
            "from checkout_sdk.checkout_sdk import CheckoutSdk\nfrom checkout_sdk.environment import Environment\n\n"
            f"api = CheckoutSdk.builder().secret_key('{k}').environment(Environment.production()).build()\n"
        )
        return item(text, [("checkout-secret-key", k)], fmt="py", name="payments/gateway.py")
    if form == 3:
        k = "live_" + rs(R.randint(32, 35))
        return cmd(f"curl -s https://corp.chargebee.com/api/v2/subscriptions -u {k}: -G --data-urlencode 'limit=5'", [("chargebee-api-key", k)])
    if form == 4:
        k = rs(32, HEX)
        text = f"# config/initializers/recurly.rb\nRECURLY_CLIENT = Recurly::Client.new(api_key: '{k}', region: :eu)\n"
        return item(text, [("recurly-api-key", k)], fmt="rb", name="config/initializers/recurly.rb")
    claims = {
        "aud": "1",
        "jti": rs(80, HEX),
        "iat": ts_epoch(),
        "nbf": ts_epoch(),
        "exp": ts_epoch() + 31_536_000,
        "sub": str(R.randint(10**5, 10**6)),
        "scopes": [],
    }
    t = jwt({"typ": "JWT", "alg": "RS256"}, claims, 512)
    return item(
        env_file([("LEMONSQUEEZY_API_KEY", t), ("LEMONSQUEEZY_STORE_ID", str(R.randint(10000, 99999)))]),
        [("lemonsqueezy-api-key", t)],
        fmt="env",
        name=".env",
    )


# ---------------------------------------------------------------- kind: realtime-messaging


def realtime_messaging(is_clean):
    """Real-time and messaging APIs: Sinch, Infobip, Pusher, Ably, Stream, Agora."""
    if is_clean:
        form = deal("rt/clean", 5)
        if form == 0:
            text = f"const pusher = new Pusher('{rs(20, HEX)}', {{\n  cluster: 'eu',\n  channelAuthorization: {{ endpoint: '/pusher/auth' }},\n}});\n"
            return clean(text, fmt="js", name="web/src/realtime.js")
        if form == 1:
            text = env_file([("AGORA_APP_ID", rs(32, HEX)), ("AGORA_APP_CERTIFICATE", "${AGORA_APP_CERTIFICATE}"), ("AGORA_TOKEN_TTL", "3600")])
            return clean(text, fmt="env", name=".env.example")
        if form == 2:
            doc = {
                "type": "delivery_report_sms",
                "batch_id": rs(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"),
                "statuses": [{"code": 0, "status": "Delivered", "count": 1, "recipients": ["46700000000"]}],
                "client_reference": uuid4(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="sinch-dlr.json")
        if form == 3:
            doc = {
                "keyName": f"{rs(6)}.{rs(6)}",
                "ttl": 3600000,
                "capability": '{"chat:*":["publish","subscribe"]}',
                "clientId": uuid4(),
                "timestamp": ts_epoch() * 1000,
                "nonce": rs(32, HEX),
                "mac": b64(rbytes(32)),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="ably-token-request.json")
        doc = {
            "bulkId": uuid4(),
            "messages": [{"messageId": uuid4(), "to": "41793026727", "status": {"groupName": "PENDING", "name": "PENDING_ACCEPTED"}}],
        }
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="infobip-response.json")
    form = deal("rt/secret", 6)
    if form == 0:
        kid, ks = uuid4(), rs(26, ALNUM + "_.~-")
        text = env_file([("SINCH_PROJECT_ID", uuid4()), ("SINCH_KEY_ID", kid), ("SINCH_KEY_SECRET", ks)])
        return item(text, [("sinch-key-secret", ks)], fmt="env", name=".env")
    if form == 1:
        k = f"{rs(32, HEX)}-{uuid4()}"
        return cmd(
            f"curl -s -X POST https://{rs(6, LOWER + DIGITS)}.api.infobip.com/sms/2/text/advanced -H 'Authorization: App {k}' -H 'Content-Type: application/json' -d @sms.json",
            [("infobip-api-key", k)],
        )
    if form == 2:
        sec = rs(20, HEX)
        text = env_file(
            [("PUSHER_APP_ID", str(R.randint(10**6, 10**7))), ("PUSHER_KEY", rs(20, HEX)), ("PUSHER_SECRET", sec), ("PUSHER_CLUSTER", "eu")]
        )
        return item(text, [("pusher-secret", sec)], fmt="env", name=".env")
    if form == 3:
        k = f"{rs(6)}.{rs(6)}:{rs(43, URLSAFE)}"
        text = f"import Ably from 'ably';\n\nconst rest = new Ably.Rest({{ key: '{k}' }});\nexport default rest;\n"
        return item(text, [("ably-api-key", k)], fmt="js", name="server/ably.ts")
    if form == 4:
        s = rs(64, LOWER + DIGITS)
        text = f'from stream_chat import StreamChat\n\nclient = StreamChat(api_key="{rs(12, LOWER + DIGITS)}", api_secret="{s}")\n'
        return item(text, [("stream-api-secret", s)], fmt="py", name="app/chat.py")
    cert = rs(32, HEX)
    text = env_file([("AGORA_APP_ID", rs(32, HEX)), ("AGORA_APP_CERTIFICATE", cert)])
    return item(text, [("agora-app-certificate", cert)], fmt="env", name=".env")


# ---------------------------------------------------------------- kind: observability-ingest


def observability_ingest(is_clean):
    """Observability ingest keys: Dynatrace, Sumo Logic, Logz.io, Lightstep, Rollbar, Opsgenie."""
    if is_clean:
        form = deal("obs/clean", 5)
        if form == 0:
            doc = {
                "totalCount": 2,
                "apiTokens": [
                    {"id": f"dt0c01.{rs(24, UPPER + DIGITS)}", "name": "ingest-logs", "enabled": True, "lastUsedDate": "2026-05-04T10:11:12.000Z"},
                    {"id": f"dt0c01.{rs(24, UPPER + DIGITS)}", "name": "oneagent-install", "enabled": False, "lastUsedDate": None},
                ],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="dt-api-tokens.json")
        if form == 1:
            text = (
                "<script>\n  var _rollbarConfig = {\n"
                f'    accessToken: "{rs(32, HEX)}", // post_client_item\n    captureUncaught: true,\n    payload: {{ environment: "production" }}\n  }};\n</script>\n'
            )
            return clean(text, fmt="html", name="web/public/index.html")
        if form == 2:
            text = (
                "exporters:\n  otlp/lightstep:\n    endpoint: ingest.lightstep.com:443\n    headers:\n      lightstep-access-token: ${env:LS_ACCESS_TOKEN}\n"
                "  logzio/logs:\n    account_token: ${env:LOGZIO_TOKEN}\n    region: eu\n"
            )
            return clean(text, fmt="yaml", name="otel-collector.yaml")
        if form == 3:
            doc = {
                "result": "Request will be processed",
                "took": 0.0123,
                "requestId": uuid4(),
                "data": {"alertId": uuid4(), "tinyId": str(R.randint(100, 9999))},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="opsgenie-response.json")
        doc = {
            "id": rs(16, UHEX),
            "state": "DONE GATHERING RESULTS",
            "messageCount": R.randint(10, 9000),
            "traceId": rs(32, HEX),
            "spanId": rs(16, HEX),
        }
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="sumo-search-job.json")
    form = deal("obs/secret", 6)
    if form == 0:
        t = f"dt0c01.{rs(24, UPPER + DIGITS)}.{rs(64, UPPER + DIGITS)}"
        if R.random() < 0.5:
            return cmd(
                f'curl -s -X POST "https://{rs(8, LOWER + DIGITS)}.live.dynatrace.com/api/v2/logs/ingest" -H "Authorization: Api-Token {t}" -H "Content-Type: application/json; charset=utf-8" -d @events.json',
                [("dynatrace-token", t)],
            )
        return item(
            env_file([("DT_ENDPOINT", f"https://{rs(8, LOWER + DIGITS)}.live.dynatrace.com/api/v2/otlp"), ("DT_API_TOKEN", t)]),
            [("dynatrace-token", t)],
            fmt="env",
            name=".env",
        )
    if form == 1:
        if R.random() < 0.5:
            u = "ZaVnC4dhaV" + b64(rbytes(66))
            return cmd(
                f"curl -s -X POST -T app.log https://endpoint{R.randint(1, 6)}.collection.{pick('us2', 'eu', 'de')}.sumologic.com/receiver/v1/http/{u}",
                [("sumo-collector-token", u)],
            )
        ak = rs(64)
        text = env_file([("SUMO_ACCESS_ID", "su" + rs(12)), ("SUMO_ACCESS_KEY", ak), ("SUMO_ENDPOINT", "https://api.eu.sumologic.com/api/")])
        return item(text, [("sumo-access-key", ak)], fmt="env", name=".env")
    if form == 2:
        t = rs(32, LOWER + UPPER)
        text = (
            "<match app.**>\n  @type logzio_buffered\n  endpoint_url https://listener-eu.logz.io:8071?token=" + t + "&type=app\n"
            "  output_include_time true\n  http_idle_timeout 10\n</match>\n"
        )
        return item(text, [("logzio-shipping-token", t)], name="/etc/fluent/fluent.conf")
    if form == 3:
        t = b64(rbytes(63))
        text = f"exporters:\n  otlp/lightstep:\n    endpoint: ingest.lightstep.com:443\n    headers:\n      lightstep-access-token: {t}\n"
        return item(text, [("lightstep-access-token", t)], fmt="yaml", name="otel-collector.yaml")
    if form == 4:
        t = rs(32, HEX)
        text = f"import rollbar\n\nrollbar.init('{t}', environment='production', code_version='{sha1hex()[:12]}')  # post_server_item\n"
        return item(text, [("rollbar-server-token", t)], fmt="py", name="app/errors.py")
    k = uuid4()
    return cmd(
        f"curl -s -X POST https://api.eu.opsgenie.com/v2/alerts -H 'Content-Type: application/json' -H 'Authorization: GenieKey {k}' -d '{{\"message\": \"disk full on web01\"}}'",
        [("opsgenie-api-key", k)],
    )


# ---------------------------------------------------------------- kind: ai-inference-keys


def ai_inference_keys(is_clean):
    """AI inference services: Deepgram, AssemblyAI, fal, RunPod, Modal, Weaviate, Qdrant."""
    if is_clean:
        form = deal("aii/clean", 5)
        if form == 0:
            doc = {
                "metadata": {
                    "request_id": uuid4(),
                    "sha256": rs(64, HEX),
                    "created": "2026-05-04T10:11:12.000Z",
                    "duration": 31.2,
                    "models": [uuid4()],
                    "model_info": {},
                }
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="deepgram-response.json")
        if form == 1:
            text = env_file([("MODAL_TOKEN_ID", "ak-" + rs(22)), ("MODAL_TOKEN_SECRET", ""), ("FAL_KEY", "${FAL_KEY}")])
            return clean(text, fmt="env", name=".env.example")
        if form == 2:
            doc = {
                "id": f"{uuid4()}-e{R.randint(1, 2)}",
                "status": "COMPLETED",
                "delayTime": R.randint(100, 9000),
                "executionTime": R.randint(100, 9000),
                "workerId": rs(14, LOWER + DIGITS),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="runpod-status.json")
        if form == 3:
            text = (
                "from qdrant_client import QdrantClient\nimport os\n\n"
                f'client = QdrantClient(url="https://{uuid4()}.eu-central-1-0.aws.cloud.qdrant.io:6333", api_key=os.environ["QDRANT_API_KEY"])\n'
            )
            return clean(text, fmt="py", name="app/vectors.py")
        doc = {
            "id": uuid4(),
            "status": "completed",
            "audio_url": f"https://cdn.corp.example/calls/{rs(32, HEX)}.wav",
            "language_code": "en",
            "confidence": 0.93,
        }
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="assemblyai-transcript.json")
    form = deal("aii/secret", 6)
    if form == 0:
        t = rs(40, HEX)
        return cmd(
            f"curl -s -X POST -H 'Authorization: Token {t}' -H 'Content-Type: audio/wav' --data-binary @call.wav 'https://api.deepgram.com/v1/listen?model=nova-2&smart_format=true'",
            [("deepgram-api-key", t)],
        )
    if form == 1:
        t = rs(32, HEX)
        text = f'import assemblyai as aai\n\naai.settings.api_key = "{t}"\ntranscriber = aai.Transcriber()\n'
        return item(text, [("assemblyai-api-key", t)], fmt="py", name="app/transcribe.py")
    if form == 2:
        t = f"{uuid4()}:{rs(32, HEX)}"
        return item(env_file([("FAL_KEY", t), ("FAL_QUEUE", "fal-ai/flux/dev")]), [("fal-key", t)], fmt="env", name=".env")
    if form == 3:
        t = "rpa_" + rs(44, UPPER + DIGITS)
        if R.random() < 0.5:
            return cmd(f"runpodctl config --apiKey {t}", [("runpod-api-key", t)])
        return item(
            env_file([("RUNPOD_API_KEY", t), ("RUNPOD_ENDPOINT_ID", rs(14, LOWER + DIGITS))]), [("runpod-api-key", t)], fmt="env", name=".env"
        )
    if form == 4:
        s = "as-" + rs(22)
        text = f'[corp]\ntoken_id = "ak-{rs(22)}"\ntoken_secret = "{s}"\nactive = true\n'
        return item(text, [("modal-token-secret", s)], fmt="toml", name="/home/dev/.modal.toml")
    if R.random() < 0.5:
        k = rs(40)
        text = (
            "import weaviate\nfrom weaviate.classes.init import Auth\n\n"
            f'client = weaviate.connect_to_weaviate_cloud(\n    cluster_url="https://{rs(20, LOWER + DIGITS)}.c0.europe-west3.gcp.weaviate.cloud",\n'
            f'    auth_credentials=Auth.api_key("{k}"),\n)\n'
        )
        return item(text, [("weaviate-api-key", k)], fmt="py", name="app/vectors.py")
    k = rs(43, URLSAFE)
    return cmd(
        f"curl -s -X GET 'https://{uuid4()}.eu-central-1-0.aws.cloud.qdrant.io:6333/collections' --header 'api-key: {k}'",
        [("qdrant-api-key", k)],
    )


# ---------------------------------------------------------------- kind: identity-directory


def identity_directory(is_clean):
    """Identity and directory services: JumpCloud, Clerk, WorkOS, Stytch, Zitadel, SSSD's LDAP bind password."""
    clerk_pk = "pk_live_" + b64(f"clerk.{pick('corp.example', 'app.corp.example')}$".encode()).rstrip("=")
    if is_clean:
        form = deal("idd/clean", 5)
        if form == 0:
            text = env_file(
                [("NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY", clerk_pk), ("CLERK_SECRET_KEY", ""), ("NEXT_PUBLIC_CLERK_SIGN_IN_URL", "/sign-in")]
            )
            return clean(text, fmt="env", name=".env.example")
        if form == 1:
            doc = {
                "totalCount": 1,
                "results": [{"_id": rs(24, HEX), "username": "alice", "email": "alice@corp.example", "organization": rs(24, HEX), "activated": True}],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="jumpcloud-users.json")
        if form == 2:
            text = env_file(
                [
                    ("WORKOS_CLIENT_ID", "client_01" + rs(24, CROCKFORD.upper())),
                    ("WORKOS_API_KEY", "${WORKOS_API_KEY}"),
                    ("STYTCH_PUBLIC_TOKEN", "public-token-live-" + uuid4()),
                ]
            )
            return clean(text, fmt="env", name=".env.example")
        if form == 3:
            text = (
                "[sssd]\nservices = nss, pam\ndomains = corp.example\n\n[domain/corp.example]\nid_provider = ldap\n"
                "ldap_uri = ldaps://ldap.corp.example\nldap_search_base = dc=corp,dc=example\nldap_sasl_mech = GSSAPI\nldap_krb5_keytab = /etc/krb5.keytab\n"
            )
            return clean(text, fmt="ini", name="/etc/sssd/sssd.conf")
        doc = {"keys": [{"use": "sig", "kty": "RSA", "kid": str(R.randint(10**17, 10**18)), "alg": "RS256", "n": b64url(rbytes(256)), "e": "AQAB"}]}
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="zitadel-jwks.json")
    form = deal("idd/secret", 6)
    if form == 0:
        k = rs(40, HEX)
        return cmd(
            f"curl -s -H 'x-api-key: {k}' -H 'Accept: application/json' https://console.jumpcloud.com/api/systemusers?limit=100",
            [("jumpcloud-api-key", k)],
        )
    if form == 1:
        s = "sk_live_" + rs(40)
        text = env_file([("NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY", clerk_pk), ("CLERK_SECRET_KEY", s)])
        return item(text, [("clerk-secret-key", s)], fmt="env", name=".env.local")
    if form == 2:
        raw = f"key_01{rs(24, CROCKFORD.upper())},{rs(25)}"
        s = "sk_live_" + b64(raw.encode()).rstrip("=")
        text = f"import {{ WorkOS }} from '@workos-inc/node';\n\nexport const workos = new WorkOS('{s}');\n"
        return item(text, [("workos-api-key", s)], fmt="js", name="server/workos.ts")
    if form == 3:
        s = "secret-live-" + b64(rbytes(27))
        text = env_file([("STYTCH_PROJECT_ID", "project-live-" + uuid4()), ("STYTCH_SECRET", s)])
        return item(text, [("stytch-secret", s)], fmt="env", name=".env")
    if form == 4:
        rows = pem_rows(b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00" + rbytes(1180))
        pem = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(rows) + "\n-----END RSA PRIVATE KEY-----\n"
        doc = {"type": "serviceaccount", "keyId": str(R.randint(10**17, 10**18)), "key": pem, "userId": str(R.randint(10**17, 10**18))}
        text = json.dumps(doc) + "\n"
        return item(text, [("zitadel-service-key", "\n".join(rows), rows)], fmt="json", name="zitadel-key.json")
    p = password()
    text = (
        "[domain/corp.example]\nid_provider = ldap\nldap_uri = ldaps://ldap.corp.example\nldap_search_base = dc=corp,dc=example\n"
        f"ldap_default_bind_dn = cn=sssd,ou=services,dc=corp,dc=example\nldap_default_authtok_type = password\nldap_default_authtok = {p}\n"
    )
    return item(text, [("ldap-bind-password", p)], fmt="ini", name="/etc/sssd/sssd.conf")


# ---------------------------------------------------------------- kind: db-engine-creds


def db_engine_creds(is_clean):
    """Credentials of less common database engines: Neo4j, InfluxDB, CockroachDB, Couchbase, ArangoDB, Astra, SurrealDB."""
    if is_clean:
        form = deal("dbe/clean", 5)
        if form == 0:
            text = env_file(
                [("NEO4J_URI", f"neo4j+s://{rs(8, HEX)}.databases.neo4j.io"), ("NEO4J_USERNAME", "neo4j"), ("NEO4J_PASSWORD", "${NEO4J_PASSWORD}")]
            )
            return clean(text, fmt="env", name=".env.example")
        if form == 1:
            text = "ID\t\t\tName\t\tRetention\tShard group duration\tOrganization ID\t\tSchema Type\n"
            for name in ("_monitoring", "_tasks", "metrics"):
                text += f"{rs(16, HEX)}\t{name}\t\t168h0m0s\t24h0m0s\t\t\t{rs(16, HEX)}\timplicit\n"
            return clean(text, name="influx-bucket-list.txt")
        if form == 2:
            text = env_file(
                [
                    (
                        "DATABASE_URL",
                        f"postgresql://app@corp-{pick('blue', 'green')}-{R.randint(1000, 9999)}.8nk.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full",
                    ),
                    ("PGPASSWORD", ""),
                ]
            )
            return clean(text, fmt="env", name=".env.example")
        if form == 3:
            text = env_file(
                [
                    ("ASTRA_DB_ID", uuid4()),
                    ("ASTRA_DB_API_ENDPOINT", f"https://{uuid4()}-us-east1.apps.astra.datastax.com"),
                    ("ASTRA_DB_APPLICATION_TOKEN", "AstraCS:********"),
                ]
            )
            return clean(text, fmt="env", name=".env.example")
        text = (
            "[server]\nendpoint = ssl://0.0.0.0:8529\nauthentication = true\njwt-secret-keyfile = /etc/arangodb3/jwt.secret\n\n"
            "[ssl]\nkeyfile = /etc/arangodb3/server.pem\n"
        )
        return clean(text, fmt="ini", name="/etc/arangodb3/arangod.conf")
    form = deal("dbe/secret", 7)
    if form == 0:
        p = rs(43, URLSAFE)
        host = f"{rs(8, HEX)}.databases.neo4j.io"
        if R.random() < 0.5:
            text = env_file([("NEO4J_URI", f"neo4j+s://{host}"), ("NEO4J_USERNAME", "neo4j"), ("NEO4J_PASSWORD", p), ("AURA_INSTANCEID", host[:8])])
            return item(text, [("neo4j-password", p)], fmt="env", name=".env")
        return cmd(f"cypher-shell -a neo4j+s://{host} -u neo4j -p {p} 'MATCH (n) RETURN count(n);'", [("neo4j-password", p)])
    if form == 1:
        t = b64url(rbytes(64), pad=True)
        return cmd(
            f"influx config create --config-name prod --host-url https://eu-central-1-1.aws.cloud2.influxdata.com --org corp --token {t} --active",
            [("influxdb-token", t)],
        )
    if form == 2:
        p = rs(22, URLSAFE)
        url = f"postgresql://app:{p}@corp-blue-{R.randint(1000, 9999)}.8nk.gcp-us-central1.cockroachlabs.cloud:26257/defaultdb?sslmode=verify-full"
        return item(env_file([("DATABASE_URL", url)]), [("cockroachdb-password", p)], fmt="env", name=".env")
    if form == 3:
        p = password()
        text = (
            "from couchbase.auth import PasswordAuthenticator\nfrom couchbase.cluster import Cluster\nfrom couchbase.options import ClusterOptions\n\n"
            f'auth = PasswordAuthenticator("app", "{p}")\ncluster = Cluster("couchbases://cb.{rs(16, LOWER + DIGITS)}.cloud.couchbase.com", ClusterOptions(auth))\n'
        )
        return item(text, [("couchbase-password", p)], fmt="py", name="app/db.py")
    if form == 4:
        p = password()
        return cmd(
            f"arangodump --server.endpoint ssl://arango.corp.example:8529 --server.username root --server.password {shq(p)} --output-directory dump --overwrite true",
            [("arangodb-password", p)],
        )
    if form == 5:
        t = f"AstraCS:{rs(24, LOWER + UPPER)}:{rs(64, HEX)}"
        return item(
            env_file([("ASTRA_DB_API_ENDPOINT", f"https://{uuid4()}-us-east1.apps.astra.datastax.com"), ("ASTRA_DB_APPLICATION_TOKEN", t)]),
            [("astra-token", t)],
            fmt="env",
            name=".env",
        )
    p = password()
    return cmd(f"surreal sql --endpoint wss://db.corp.example --user root --pass {shq(p)} --ns corp --db app", [("surrealdb-password", p)])


# ---------------------------------------------------------------- kind: key-encodings (held out)


def minisign_secret():
    body = b"EdScB2" + rbytes(32) + (33554432).to_bytes(8, "little") + (1073741824).to_bytes(8, "little") + rbytes(104)
    return b64(body)


def signify_secret():
    body = b"EdBK" + (42).to_bytes(4, "big") + rbytes(16 + 8 + 8 + 64)
    return b64(body)


def key_encodings(is_clean):
    """Private keys in less common encodings: JWK `d`, base64 PKCS#12, minisign, signify, Tink keysets, Ed25519 PKCS#8."""
    if is_clean:
        form = deal("keys/clean", 5)
        if form == 0:
            doc = {"kty": "EC", "crv": "P-256", "kid": rs(16, HEX), "use": "sig", "x": b64url(rbytes(32)), "y": b64url(rbytes(32))}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="keys/signing.pub.jwk")
        if form == 1:
            kid = rbytes(8)
            text = f"untrusted comment: minisign public key {kid[::-1].hex().upper()}\n{b64(b'Ed' + kid + rbytes(32))}\n"
            return clean(text, name="release/minisign.pub")
        if form == 2:
            text = f"untrusted comment: signify public key\n{b64(b'Ed' + rbytes(8) + rbytes(32))}\n"
            return clean(text, name="/etc/signify/corp-base.pub")
        if form == 3:
            pub = b64(bytes.fromhex("302a300506032b6570032100") + rbytes(32))
            return clean(f"-----BEGIN PUBLIC KEY-----\n{pub}\n-----END PUBLIC KEY-----\n", name="keys/ed25519.pub.pem")
        kid = R.randint(10**8, 4 * 10**9)
        doc = {
            "primaryKeyId": kid,
            "key": [
                {
                    "keyData": {
                        "typeUrl": "type.googleapis.com/google.crypto.tink.EcdsaPublicKey",
                        "value": b64(b"\x12\x06\x08\x02\x10\x03\x18\x02\x1a\x20" + rbytes(32) + b"\x22\x20" + rbytes(32)),
                        "keyMaterialType": "ASYMMETRIC_PUBLIC",
                    },
                    "status": "ENABLED",
                    "keyId": kid,
                    "outputPrefixType": "TINK",
                }
            ],
        }
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="keys/public_keyset.json")
    form = deal("keys/secret", 6)
    if form == 0:
        if R.random() < 0.5:
            d = b64url(rbytes(32))
            doc = {"kty": "EC", "crv": "P-256", "kid": rs(16, HEX), "use": "sig", "x": b64url(rbytes(32)), "y": b64url(rbytes(32)), "d": d}
            return item(json.dumps(doc, indent=2) + "\n", [("jwk-private-key", d)], fmt="json", name="keys/signing.jwk")
        d = b64url(rbytes(32))
        doc = {"kty": "OKP", "crv": "Ed25519", "d": d, "x": b64url(rbytes(32)), "kid": uuid4()}
        return item(json.dumps(doc) + "\n", [("jwk-private-key", d)], fmt="json", name="keys/ed25519.jwk")
    if form == 1:
        parts = {
            "n": b64url(rbytes(256)),
            "e": "AQAB",
            "d": b64url(rbytes(256)),
            "p": b64url(rbytes(128)),
            "q": b64url(rbytes(128)),
            "dp": b64url(rbytes(128)),
            "dq": b64url(rbytes(128)),
            "qi": b64url(rbytes(128)),
        }
        doc = {"keys": [{"kty": "RSA", "kid": rs(12, HEX), "alg": "RS256", **parts}]}
        priv = [parts[k] for k in ("d", "p", "q", "dp", "dq", "qi")]
        return item(json.dumps(doc, indent=2) + "\n", [("jwk-private-key", parts["d"], priv)], fmt="json", name="keys/jwks.private.json")
    if form == 2:
        n = R.randint(900, 1300)
        der = b"\x30\x82" + (n + 3).to_bytes(2, "big") + b"\x02\x01\x03\x30\x82" + (n - 6).to_bytes(2, "big") + rbytes(n - 6)
        v = b64(der)
        if R.random() < 0.5:
            return item(
                env_file([("SIGNING_CERT_P12_BASE64", v), ("SIGNING_CERT_P12_ALIAS", "release")]),
                [("pkcs12-base64", v)],
                fmt="env",
                name=".env.signing",
            )
        return cmd(
            f"echo '{v}' | base64 -d > release.p12 && jarsigner -keystore release.p12 -storetype pkcs12 app.jar release", [("pkcs12-base64", v)]
        )
    if form == 3:
        if R.random() < 0.5:
            k = minisign_secret()
            text = f"untrusted comment: minisign encrypted secret key\n{k}\n"
            return item(text, [("minisign-secret-key", k)], name="/home/dev/.minisign/minisign.key")
        k = signify_secret()
        text = f"untrusted comment: signify secret key\n{k}\n"
        return item(text, [("signify-secret-key", k)], name="/etc/signify/corp-base.sec")
    if form == 4:
        kid = R.randint(10**8, 4 * 10**9)
        v = b64(b"\x1a\x20" + rbytes(32))
        doc = {
            "primaryKeyId": kid,
            "key": [
                {
                    "keyData": {"typeUrl": "type.googleapis.com/google.crypto.tink.AesGcmKey", "value": v, "keyMaterialType": "SYMMETRIC"},
                    "status": "ENABLED",
                    "keyId": kid,
                    "outputPrefixType": "TINK",
                }
            ],
        }
        return item(json.dumps(doc, indent=2) + "\n", [("tink-keyset", v)], fmt="json", name="keys/keyset.json")
    row = b64(bytes.fromhex("302e020100300506032b657004220420") + rbytes(32))
    text = f"-----BEGIN PRIVATE KEY-----\n{row}\n-----END PRIVATE KEY-----\n"
    return item(text, [("ed25519-private-key", row)], name="keys/ed25519.pem")


# ---------------------------------------------------------------- kind: workspace-app-tokens (held out)


def workspace_app_tokens(is_clean):
    """Workspace-app tokens: Asana, Airtable, ClickUp, Figma, Trello, monday.com, Todoist."""
    if is_clean:
        form = deal("ws/clean", 5)
        if form == 0:
            text = f"const key = '{rs(32, HEX)}'; // Trello API key (public)\nwindow.Trello.authorize({{ type: 'popup', name: 'Corp board sync', scope: {{ read: true }}, key }});\n"
            return clean(text, fmt="js", name="web/src/trello.js")
        if form == 1:
            doc = {
                "records": [{"id": "rec" + rs(14), "createdTime": "2026-05-04T10:11:12.000Z", "fields": {"Name": "Q2 launch", "Status": "Done"}}],
                "offset": f"itr{rs(14)}/rec{rs(14)}",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="airtable-records.json")
        if form == 2:
            text = env_file([("FIGMA_FILE_KEY", rs(22)), ("FIGMA_TOKEN", "figd_****************"), ("AIRTABLE_BASE_ID", "app" + rs(14))])
            return clean(text, fmt="env", name=".env.example")
        if form == 3:
            doc = {
                "data": {
                    "gid": str(R.randint(10**15, 10**16)),
                    "name": "Rotate keys",
                    "resource_type": "task",
                    "workspace": {"gid": str(R.randint(10**15, 10**16))},
                }
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="asana-task.json")
        text = "jobs:\n  sync:\n    runs-on: ubuntu-latest\n    steps:\n      - run: python sync_boards.py\n        env:\n          MONDAY_API_TOKEN: ${{ secrets.MONDAY_API_TOKEN }}\n          CLICKUP_TOKEN: ${{ secrets.CLICKUP_TOKEN }}\n"
        return clean(text, fmt="yaml", name=".github/workflows/sync.yml")
    form = deal("ws/secret", 6)
    if form == 0:
        t = f"2/{R.randint(10**15, 10**16)}/{R.randint(10**15, 10**16)}:{rs(32, HEX)}"
        return cmd(f'curl -s https://app.asana.com/api/1.0/users/me -H "Authorization: Bearer {t}"', [("asana-pat", t)])
    if form == 1:
        t = f"pat{rs(14)}.{rs(64, HEX)}"
        return item(env_file([("AIRTABLE_API_KEY", t), ("AIRTABLE_BASE_ID", "app" + rs(14))]), [("airtable-pat", t)], fmt="env", name=".env")
    if form == 2:
        t = f"pk_{R.randint(10**7, 10**8)}_{rs(32, UPPER + DIGITS)}"
        return cmd(f"curl -s -H 'Authorization: {t}' https://api.clickup.com/api/v2/team", [("clickup-token", t)])
    if form == 3:
        t = "figd_" + rs(40, URLSAFE)
        return cmd(f"curl -s -H 'X-Figma-Token: {t}' https://api.figma.com/v1/files/{rs(22)}", [("figma-pat", t)])
    if form == 4:
        t = "ATTA" + rs(64, HEX) + rs(8, UHEX)
        return cmd(f"curl -s 'https://api.trello.com/1/members/me/boards?key={rs(32, HEX)}&token={t}'", [("trello-token", t)])
    if R.random() < 0.5:
        claims = {
            "tid": R.randint(10**8, 10**9),
            "aai": 11,
            "uid": R.randint(10**7, 10**8),
            "iad": "2026-05-04T10:11:12.000Z",
            "per": "me:write",
            "actid": R.randint(10**6, 10**7),
            "rgn": "euc1",
        }
        t = jwt({"alg": "HS256"}, claims, 32)
        text = f'import requests\n\nHEADERS = {{"Authorization": "{t}", "API-Version": "2024-10"}}\nr = requests.post("https://api.monday.com/v2", json={{"query": "{{ boards {{ id }} }}"}}, headers=HEADERS)\n'
        return item(text, [("monday-api-token", t)], fmt="py", name="sync_boards.py")
    t = rs(40, HEX)
    return item(env_file([("TODOIST_API_TOKEN", t)]), [("todoist-token", t)], fmt="env", name=".env")


KINDS = {
    "fintech-server-keys": fintech_server_keys,
    "realtime-messaging": realtime_messaging,
    "observability-ingest": observability_ingest,
    "ai-inference-keys": ai_inference_keys,
    "identity-directory": identity_directory,
    "db-engine-creds": db_engine_creds,
    "key-encodings": key_encodings,
    "workspace-app-tokens": workspace_app_tokens,
}


# ---------------------------------------------------------------- contexts
# Each context: render(item) -> (scope, tool, payload, piecer), piecer(atom) -> the atom's pieces as the context shows it.


def base_name(it):
    return it["name"].rsplit("/", 1)[-1]


# -- har-capture


def har_capture(it):
    """A HAR file read back: a command typed into a web terminal (JSON body), env values posted as a form
    (`params` and the URL-encoded `text`), a file PUT as a request body or returned as a response's content."""
    pairs = env_pairs(it)
    host = pick("ops.corp.example", "admin.corp.example", "ide.corp.example")

    def entry(method, url, req_headers, post=None, status=200, content=None):
        e = {
            "startedDateTime": f"2026-05-04T10:{R.randint(10, 59)}:{R.randint(10, 59)}.{R.randint(100, 999)}Z",
            "time": round(R.uniform(20, 900), 3),
            "request": {
                "method": method,
                "url": url,
                "httpVersion": "http/2.0",
                "headers": [
                    {"name": ":authority", "value": host},
                    *req_headers,
                    {"name": "user-agent", "value": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0"},
                ],
                "queryString": [],
                "cookies": [],
                "headersSize": -1,
                "bodySize": len(post["text"]) if post else 0,
            },
            "response": {
                "status": status,
                "statusText": "",
                "httpVersion": "http/2.0",
                "headers": [
                    {"name": "content-type", "value": (content or {}).get("mimeType", "application/json")},
                    {"name": "x-request-id", "value": uuid4()},
                ],
                "content": content or {"size": 2, "mimeType": "application/json", "text": "{}"},
                "redirectURL": "",
                "headersSize": -1,
                "bodySize": -1,
            },
            "cache": {},
            "timings": {"blocked": 0.4, "dns": -1, "ssl": -1, "connect": -1, "send": 0.1, "wait": round(R.uniform(10, 500), 3), "receive": 0.9},
        }
        if post:
            e["request"]["postData"] = post
        return e

    noise = entry(
        "GET",
        f"https://{host}/api/v1/session",
        [{"name": "accept", "value": "application/json"}],
        content={"size": 40, "mimeType": "application/json", "text": json.dumps({"user": "alice", "csrf": rs(32, HEX)})},
    )
    piecer = whole
    if it["shape"] == "cmd":
        body = json.dumps({"data": it["text"] + "\r"})
        main = entry(
            "POST",
            f"https://{host}/api/terminals/{R.randint(1, 9)}/input",
            [{"name": "content-type", "value": "application/json"}],
            {"mimeType": "application/json", "text": body},
        )
    elif pairs is not None:
        text = urllib.parse.urlencode(pairs)
        post = {"mimeType": "application/x-www-form-urlencoded", "text": text, "params": [{"name": k, "value": v} for k, v in pairs]}
        main = entry(
            "POST", f"https://{host}/settings/env", [{"name": "content-type", "value": "application/x-www-form-urlencoded"}], post, status=302
        )
        piecer = lambda a: [a, urllib.parse.quote_plus(a)]  # noqa: E731
    elif R.random() < 0.5:
        main = entry(
            "PUT",
            f"https://{host}/api/files/{it['name'].lstrip('/')}",
            [{"name": "content-type", "value": "text/plain"}],
            {"mimeType": "text/plain", "text": it["text"]},
            status=204,
        )
    else:
        main = entry(
            "GET",
            f"https://{host}/api/files/{it['name'].lstrip('/')}?raw=1",
            [{"name": "accept", "value": "*/*"}],
            content={"size": len(it["text"]), "mimeType": "text/plain", "text": it["text"]},
        )
    har = {
        "log": {
            "version": "1.2",
            "creator": {"name": "WebInspector", "version": "537.36"},
            "pages": [],
            "entries": [noise, main] if R.random() < 0.6 else [main, noise],
        }
    }
    return "result", "read_file", json.dumps(har, indent=2) + "\n", piecer


# -- postman-collection


def postman_collection(it):
    """A Postman export written or read back: env values as an environment (`values`), a file as a raw request body,
    a command in a request's markdown description."""
    pairs = env_pairs(it)
    if pairs is not None:
        doc = {
            "id": uuid4(),
            "name": pick("prod", "staging", "corp-api (prod)"),
            "values": [{"key": k, "value": v, "type": pick("default", "secret"), "enabled": True} for k, v in pairs],
            "_postman_variable_scope": "environment",
            "_postman_exported_at": f"2026-05-04T10:{R.randint(10, 59)}:{R.randint(10, 59)}.{R.randint(100, 999)}Z",
            "_postman_exported_using": "Postman/11.2.0",
        }
        path = "postman/prod.postman_environment.json"
    else:
        if it["shape"] == "cmd":
            req = {
                "method": "POST",
                "header": [],
                "url": {"raw": "{{baseUrl}}/api/v1/jobs", "host": ["{{baseUrl}}"], "path": ["api", "v1", "jobs"]},
                "description": f"Runs the same as this shell command:\n\n```sh\n{it['text']}\n```\n",
            }
        else:
            lang = {"json": "json", "js": "javascript", "yaml": "text", "html": "html"}.get(it["fmt"], "text")
            req = {
                "method": "PUT",
                "header": [{"key": "Content-Type", "value": "text/plain"}],
                "body": {"mode": "raw", "raw": it["text"], "options": {"raw": {"language": lang}}},
                "url": {"raw": "{{baseUrl}}/api/v1/files/" + base_name(it), "host": ["{{baseUrl}}"], "path": ["api", "v1", "files", base_name(it)]},
            }
        doc = {
            "info": {
                "_postman_id": uuid4(),
                "name": "Corp ops",
                "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
                "_exporter_id": str(R.randint(10**7, 10**8)),
            },
            "item": [{"name": pick("Upload config", "Run maintenance", "Sync settings"), "request": req, "response": []}],
            "variable": [{"key": "baseUrl", "value": "https://ops.corp.example"}],
        }
        path = "postman/corp-ops.postman_collection.json"
    text = json.dumps(doc, indent="\t") + "\n"
    if R.random() < 0.5:
        return "args", "write_file", json.dumps({"path": path, "content": text}), whole
    return "result", "read_file", text, whole


# -- traceback-locals


def traceback_locals(it):
    """A Python traceback printed with `capture_locals=True`: each frame's locals as `name = repr(value)`."""
    pairs = env_pairs(it)

    def frame(path, line, fn, src, local_vars):
        out = [f'  File "{path}", line {line}, in {fn}', f"    {src}"]
        out += [f"    {k} = {v}" for k, v in sorted(local_vars.items())]
        return out

    mod = pick("/srv/app/deploy.py", "/opt/tools/sync.py", "/srv/app/ops/apply.py")
    lines_ = ["Traceback (most recent call last):"]
    lines_ += frame(
        mod,
        R.randint(90, 140),
        "<module>",
        "main()",
        {"__name__": "'__main__'", "args": f"Namespace(host='{pick('web01', 'api-2')}', dry_run=False)"},
    )
    if it["shape"] == "cmd":
        c = it["text"]
        lines_ += frame(mod, R.randint(40, 89), "main", "run(command)", {"command": repr(c), "host": repr(pick("web01", "api-2"))})
        lines_ += frame(
            "/usr/lib/python3.12/subprocess.py",
            571,
            "run",
            "raise CalledProcessError(retcode, process.args,",
            {"check": "True", "input": "None", "popenargs": repr((c,)), "retcode": "1"},
        )
        lines_.append(f"subprocess.CalledProcessError: Command {c!r} returned non-zero exit status 1.")
    elif pairs is not None:
        env = dict(pairs)
        lines_ += frame(mod, R.randint(40, 89), "main", "client = connect(env)", {"env": repr(env), "path": repr(it["name"])})
        lines_ += frame(
            mod, R.randint(10, 39), "connect", "raise ConfigError(f'unreachable: {env[key]!r}')", {"env": repr(env), "key": repr(pairs[-1][0])}
        )
        lines_.append(f"ConfigError: unreachable: {pairs[-1][1]!r}")
    else:
        t = it["text"]
        lines_ += frame(mod, R.randint(40, 89), "main", "cfg = parse(content)", {"content": repr(t), "path": repr(it["name"])})
        lines_ += frame(
            mod,
            R.randint(10, 39),
            "parse",
            "raise ValueError(f'{path}: unexpected line {n}')",
            {"n": str(R.randint(1, 9)), "path": repr(it["name"]), "text": repr(t)},
        )
        lines_.append(f"ValueError: {it['name']}: unexpected line {R.randint(1, 9)}")
    text = "\n".join(lines_) + "\n"
    if R.random() < 0.3:
        return "reply", "", f"The job failed; here is the traceback:\n\n```\n{text}```\n", whole
    return "result", "terminal", f"$ python3 {mod}\n{text}", whole


# -- systemctl-show


def c_unit_escape(s):
    """A unit file's C-style escapes (backslash, newline, tab) and `%` specifiers doubled."""
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("%", "%%")


def unit_word(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"' if any(c in s for c in ' "\\;') else s


def systemctl_show(it):
    """`systemctl show` / `systemctl cat`: env values as `Environment=`, a command as `ExecStart={ argv[]=… }`,
    a file as a drop-in's `SetCredential=name:…` (C escapes, `%%`)."""
    pairs = env_pairs(it)
    unit = pick("corp-api.service", "sync-worker.service", "backup.service")
    if pairs is not None:
        if R.random() < 0.5:
            out = [f"$ systemctl show {unit} -p Environment --no-pager", "Environment=" + " ".join(unit_word(f"{k}={v}") for k, v in pairs)]
            return "result", "terminal", "\n".join(out) + "\n", whole
        out = [
            f"$ systemctl cat {unit}",
            f"# /etc/systemd/system/{unit}",
            "[Unit]",
            "Description=Corp service",
            "After=network-online.target",
            "",
            "[Service]",
            "User=app",
            "ExecStart=/srv/app/bin/server",
            "Restart=on-failure",
            "",
            f"# /etc/systemd/system/{unit}.d/override.conf",
            "[Service]",
            *[f'Environment="{k}={c_unit_escape(v)}"' for k, v in pairs],
        ]
        return "result", "terminal", "\n".join(out) + "\n", lambda a: [c_unit_escape(a)]
    if it["shape"] == "cmd":
        argv = "/bin/sh -c " + unit_word(it["text"])
        t0 = f"Mon 2026-05-04 10:{R.randint(10, 59)}:{R.randint(10, 59)} UTC"
        out = [
            f"$ systemctl show {unit} -p ExecStart -p ActiveState -p Result --no-pager",
            f"ExecStart={{ path=/bin/sh ; argv[]={argv} ; ignore_errors=no ; start_time=[{t0}] ; stop_time=[{t0}] ; pid={R.randint(1000, 99999)} ; code=exited ; status=1 }}",
            "ActiveState=failed",
            "Result=exit-code",
        ]
        return "result", "terminal", "\n".join(out) + "\n", whole
    cred = base_name(it)
    out = [
        f"$ systemctl cat {unit}",
        f"# /etc/systemd/system/{unit}",
        "[Unit]",
        "Description=Corp service",
        "",
        "[Service]",
        "DynamicUser=yes",
        f"ExecStart=/srv/app/bin/server --config ${{CREDENTIALS_DIRECTORY}}/{cred}",
        "",
        f"# /etc/systemd/system/{unit}.d/credentials.conf",
        "[Service]",
        f"SetCredential={cred}:{c_unit_escape(it['text'])}",
    ]
    return "result", "terminal", "\n".join(out) + "\n", lambda a: [c_unit_escape(a)]


# -- teams-html-args


def teams_html(it):
    """A Microsoft Teams message the agent posts as HTML: a file in a `<codeblock>` with `<br>` between lines and
    `&nbsp;` indents, env values as a `<table>`, a command in `<pre><code>` or inline `<code>`."""
    pairs = env_pairs(it)
    host = pick("web01", "api-2", "build-02")
    esc = html.escape
    if pairs is not None and R.random() < 0.6:
        rows = "".join(f"<tr><td>{esc(k)}</td><td><code>{esc(v)}</code></td></tr>" for k, v in pairs)
        content = f"<p>Environment on <strong>{host}</strong>:</p><table><tr><th>Variable</th><th>Value</th></tr>{rows}</table>"
    elif it["shape"] == "cmd":
        if R.random() < 0.5:
            content = f"<p>Ran this on <strong>{host}</strong>:</p><pre><code>{esc(it['text'])}</code></pre><p>Exit code 0.</p>"
        else:
            content = f"<p>Fixed by running <code>{esc(it['text'])}</code> on {host}.</p>"
    else:

        def code_line(ln):
            stripped = ln.lstrip(" ")
            return "&nbsp;" * (len(ln) - len(stripped)) + esc(stripped)

        body = "<br>".join(code_line(ln) for ln in file_lines(it["text"]))
        content = f'<p>Current <code>{esc(it["name"])}</code> on {host}:</p><codeblock class="{pick("PlainText", "Yaml", "Json")}"><code>{body}</code></codeblock>'
    args = {"team_id": uuid4(), "channel_id": f"19:{rs(32, HEX)}@thread.tacv2", "body": {"contentType": "html", "content": content}}
    if R.random() < 0.4:
        args["subject"] = pick("Handover", "Incident notes", "Config check")
    return "args", "teams_send_message", json.dumps(args), lambda a: [esc(a)]


# -- gdb-memory (held out)

GDB_ELEMENTS = 200


def gdb_escape(s):
    out = []
    for c in s:
        if c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif c in '"\\':
            out.append("\\" + c)
        elif 32 <= ord(c) < 127:
            out.append(c)
        else:
            out.append("".join(f"\\{b:03o}" for b in c.encode()))
    return "".join(out)


def gdb_memory(it):
    """gdb's `x/s` of the process's strings: 200 characters a row (the next row at the next address), C escapes;
    env values as the environment block's strings, a command as `argv`, a file as a read buffer."""
    pairs = env_pairs(it)
    addr = [
        R.randint(0x5555_5555_0000, 0x5555_5560_0000) if it["shape"] == "file" and pairs is None else R.randint(0x7FFD_0000_0000, 0x7FFF_F000_0000)
    ]
    rows = []
    flats = []

    def strings_at(s):
        flat_start = sum(len(f) for f in flats)
        bounds = []
        for i in range(0, max(len(s), 1), GDB_ELEMENTS):
            chunk = s[i : i + GDB_ELEMENTS]
            more = "..." if i + GDB_ELEMENTS < len(s) else ""
            rows.append(f'0x{addr[0]:x}:\t"{gdb_escape(chunk)}"{more}')
            addr[0] += len(chunk.encode())
            bounds.append(flat_start + i)
        addr[0] += 1
        flats.append(s + "\0")
        return bounds

    pid = R.randint(1000, 99999)
    bounds = []
    if it["shape"] == "cmd":
        head = [
            f"$ sudo gdb -p {pid} -batch -ex 'x/3s argv[0]'",
            f"0x{R.randint(0x7F00_0000_0000, 0x7FFF_0000_0000):x} in __GI___wait4 () from /lib/x86_64-linux-gnu/libc.so.6",
        ]
        for a in ["/bin/sh", "-c", it["text"]]:
            bounds += strings_at(a)
    elif pairs is not None:
        vs = ["PATH=/usr/local/bin:/usr/bin:/bin", *[f"{k}={v}" for k, v in pairs], "HOME=/home/app", "LANG=C.UTF-8"]
        head = [
            f"$ sudo gdb -p {pid} -batch -ex 'x/{len(vs)}s *environ'",
            f"0x{R.randint(0x7F00_0000_0000, 0x7FFF_0000_0000):x} in epoll_wait () from /lib/x86_64-linux-gnu/libc.so.6",
        ]
        for v in vs:
            bounds += strings_at(v)
    else:
        line = R.randint(40, 200)
        head = [
            f"$ sudo gdb -p {pid} -batch -ex 'frame 1' -ex 'x/s buf'",
            f'#1  0x{R.randint(0x5555_5555_0000, 0x5555_5560_0000):x} in load_config (path=0x{R.randint(0x7FFD_0000_0000, 0x7FFF_F000_0000):x} "{it["name"]}") at src/config.c:{line}',
            f"{line}\t\tif (parse(buf, len) < 0) {{",
        ]
        bounds += strings_at(it["text"])
    flat = "".join(flats)
    text = "\n".join(head + rows) + "\n"

    def piecer(a):
        out = []
        start = 0
        while (i := flat.find(a, start)) >= 0:
            cuts = [i] + [x for x in bounds if i < x < i + len(a)] + [i + len(a)]
            out += [flat[x:y] for x, y in itertools.pairwise(cuts)]
            start = i + 1
        return list(dict.fromkeys(p for p in out if p))

    return "result", "terminal", text, piecer


# -- sqlite-dump (held out)


def sq(s):
    return "'" + s.replace("'", "''") + "'"


def sqlite_dump(it):
    """`sqlite3 app.db .dump`: env values as a settings table's rows, a command in a jobs table, a file as a text
    column (`replace('…\\n…','\\n',char(10))`) or a BLOB (`X'…'`)."""
    pairs = env_pairs(it)
    out = ["$ sqlite3 " + pick("data/app.db", "var/ops.sqlite3", "instance/app.db") + " .dump", "PRAGMA foreign_keys=OFF;", "BEGIN TRANSACTION;"]
    piecer = whole
    if pairs is not None:
        out.append("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER);")
        out += [f"INSERT INTO settings VALUES({sq(k)},{sq(v)},{ts_epoch()});" for k, v in pairs]
    elif it["shape"] == "cmd":
        out.append("CREATE TABLE jobs (id INTEGER PRIMARY KEY, schedule TEXT, command TEXT, enabled INTEGER DEFAULT 1);")
        out.append("INSERT INTO jobs VALUES(1,'@daily','/srv/app/bin/rotate-logs',1);")
        out.append(f"INSERT INTO jobs VALUES({R.randint(2, 40)},'{pick('*/15 * * * *', '0 3 * * *', '@hourly')}',{sq(it['text'])},1);")
    else:
        out.append("CREATE TABLE files (id INTEGER PRIMARY KEY, path TEXT UNIQUE, body BLOB, mtime INTEGER);")
        t = it["text"]
        if R.random() < 0.5:
            body = "X'" + t.encode().hex() + "'"
            piecer = lambda a: [a.encode().hex()]  # noqa: E731
        elif "\n" in t:
            marker = "\\n" if "\\n" not in t else "\\012"
            body = f"replace({sq(t.replace(chr(10), marker))},'{marker}',char(10))"
        else:
            body = sq(t)
        out.append(f"INSERT INTO files VALUES({R.randint(1, 40)},{sq(it['name'])},{body},{ts_epoch()});")
    out.append("COMMIT;")
    return "result", "terminal", "\n".join(out) + "\n", piecer


# -- ps-eww (held out)


def ps_visible(s):
    return "".join(c if 32 <= ord(c) < 127 else "?" for c in s)


def ps_eww(it):
    """`ps -eww` / `ps eww`: a command (or a heredoc that writes a file) as its process's argv, env values after the
    argv of the process that holds them; control characters as `?`."""
    pairs = env_pairs(it)
    pid = R.randint(1000, 99999)
    if pairs is not None:
        env = ["PATH=/usr/local/bin:/usr/bin:/bin", *[f"{k}={v}" for k, v in pairs], "HOME=/home/app", f"HOSTNAME={pick('web01', 'api-2')}"]
        out = [
            f"$ ps eww -p {pid}",
            "    PID TTY      STAT   TIME COMMAND",
            f"{pid:>7} ?        Ssl    0:{R.randint(10, 59)} /usr/bin/node /srv/app/server.js " + " ".join(env),
        ]
        return "result", "terminal", "\n".join(out) + "\n", whole
    # A file comes with the heredoc that writes it.
    script = it["text"] if it["shape"] == "cmd" else f"cat > /etc/app/{base_name(it)} <<'EOF'\n{it['text']}EOF"
    args = "/bin/sh -c " + script
    rows = [
        ("1", "root", "3-02:11:09", "/sbin/init"),
        (str(R.randint(300, 900)), "root", "3-02:11:01", "/usr/sbin/sshd -D"),
        (str(pid - R.randint(1, 30)), "deploy", "00:12", "-bash"),
        (str(pid), "deploy", "00:03", ps_visible(args)),
        (str(pid + R.randint(1, 30)), "deploy", "00:00", "ps -eww -o pid,user,etime,args"),
    ]
    out = ["$ ps -eww -o pid,user,etime,args", "    PID USER         ELAPSED COMMAND"]
    out += [f"{p:>7} {u:<8} {e:>11} {a}" for p, u, e, a in rows]
    return "result", "terminal", "\n".join(out) + "\n", whole


CONTEXTS = {
    # dev
    "har-capture": har_capture,
    "postman-collection": postman_collection,
    "traceback-locals": traceback_locals,
    "systemctl-show": systemctl_show,
    "teams-html-args": teams_html,
    # held out
    "gdb-memory": gdb_memory,
    "sqlite-dump": sqlite_dump,
    "ps-eww": ps_eww,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r9", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
