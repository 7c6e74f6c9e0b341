"""Round 11 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 10 have been read, measured or worked on. Round 11 was written blind on 2026-12-05,
like rounds 5 to 10: its author saw `SPLIT.md`, the earlier generators (to keep away from their
families and reuse `blind_round`) and the scorer, never the rules nor anything under `engine/src`,
their example tables, `BENCHMARKS.md` nor `docs/`, and never ran the engine on it beyond the
completeness check: the round is unread.

Its **kind families** are credentials no round had: regional payment gateways (Paystack
`sk_live_`, Xendit `xnd_production_`, Midtrans `Mid-server-`, Mercado Pago `APP_USR-` access
tokens, Authorize.Net transaction keys, Coinbase Commerce), push and transactional messaging
(OneSignal `os_v2_app_`, FCM legacy server keys `AAAA…:APA91b…`, Expo, MailerSend `mlsn.`, Amazon
SES SMTP passwords, Customer.io), agent-tool APIs (NVIDIA `nvapi-`, LlamaCloud `llx-`, Jina
`jina_`, SerpApi, Brave Search `BSA`, Browserbase `bb_live_`, E2B `e2b_`, Exa), database platform
keys (Xata `xau_`, Convex deploy keys, Fauna `fnA`, Hasura admin secrets, Appwrite `standard_`,
MongoDB Atlas API keys, Tinybird `p.` tokens), game and app platforms (Steam Web API keys, Riot
`RGAPI-`, PlayFab secret keys, Epic Online Services client secrets, RevenueCat `sk_`, Branch
`secret_live_`, itch.io butler keys, Battle.net), credentials in reverse-proxy configuration
(nginx `proxy_set_header Authorization`, HAProxy `insecure-password` / `stats auth`, Apache
`RequestHeader`, Squid `login=`, Varnish, Caddy `header_up`, Envoy), and held out: password-manager
exports (1Password / Bitwarden / Chrome CSV, Bitwarden JSON, KeePass XML, `pass show`, `op item
create`) and rare private keys (Nostr `nsec1` with its bech32 checksum, LND macaroons in hex, Tor
`hs_ed25519_secret_key`, Monero spend / view keys, CometBFT validator keys, YubiKey PIV management
keys, `COSIGN_PASSWORD`).

Its **context families** are new containers: a crontab (`crontab -l`, `/etc/cron.d`, env lines,
`%` escaped as `\\%`), a Nix configuration (NixOS / home-manager modules, `''…''` strings, `nix eval
--json`), Kotlin / Swift / Dart / Scala source, a Makefile (`export K := v` with `\\#`, recipes,
`define`, `make -n`), a Jupyter notebook's magics (`%env`, `!cmd`, `%%writefile`, as a file or a
`notebook_edit` call), and held out: Elixir / Clojure / Lua source, an LLM's streamed reply (OpenAI
and Anthropic server-sent events, Ollama NDJSON: the reply cut into deltas, each fragment of a
credential a piece) and spreadsheet XML (`sharedStrings.xml`, inline strings, ODS `content.xml`).

A credential's pieces are what must vanish from the text as the context shows it. Clean cases hold
look-alikes of the kind's own shapes (publishable keys and public ids, hashes, addresses, public
keys, documented example keys, references, masked values, placeholders).

The split (`SPLIT.md`, round 11) was committed before any measurement; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round11.py     # rewrites round11.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

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
    sha1hex,
    shq,
    ts_epoch,
    uuid4,
    whole,
    write_round,
)

SEED = 1621
OUT = Path(__file__).with_name("round11.jsonl")

HELD_OUT_KINDS = {"password-manager-exports", "rare-private-keys"}
HELD_OUT_CONTEXTS = {"beam-lisp-lua-source", "llm-stream", "spreadsheet-xml"}

B32 = UPPER + "234567"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def user():
    return pick("deploy", "ops", "svc-api", "app_rw", "gateway")


def bech32(hrp, data):
    """A bech32 string (BIP-173) of `data` bytes, checksum included."""

    def polymod(values):
        gen = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
        chk = 1
        for v in values:
            top = chk >> 25
            chk = (chk & 0x1FFFFFF) << 5 ^ v
            for i in range(5):
                chk ^= gen[i] if (top >> i) & 1 else 0
        return chk

    acc, bits, words = 0, 0, []
    for byte in data:
        acc, bits = (acc << 8) | byte, bits + 8
        while bits >= 5:
            bits -= 5
            words.append((acc >> bits) & 31)
    if bits:
        words.append((acc << (5 - bits)) & 31)
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    pm = polymod(expanded + words + [0] * 6) ^ 1
    return hrp + "1" + "".join(BECH32[w] for w in words + [(pm >> 5 * (5 - i)) & 31 for i in range(6)])


# ---------------------------------------------------------------- kind: regional-payments


def regional_payments(is_clean):
    """Payment gateways no round had: Paystack, Xendit, Midtrans, Mercado Pago, Authorize.Net, Coinbase Commerce."""
    if is_clean:
        form = deal("pay/clean", 5)
        if form == 0:
            pairs = [
                ("PAYSTACK_PUBLIC_KEY", "pk_live_" + rs(40, HEX)),
                ("MIDTRANS_CLIENT_KEY", "Mid-client-" + rs(16, URLSAFE)),
                ("XENDIT_PUBLIC_KEY", "xnd_public_production_" + b64(rbytes(30))),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            ref = rs(10, LOWER + DIGITS)
            return cmd(f'curl -s https://api.paystack.co/transaction/verify/{ref} -H "Authorization: Bearer $PAYSTACK_SECRET_KEY"', [])
        if form == 2:
            doc = {
                "event": "charge.success",
                "data": {
                    "id": R.randint(10**9, 10**10),
                    "reference": rs(10, LOWER + DIGITS),
                    "amount": R.randint(1000, 900000),
                    "currency": "NGN",
                    "customer": {"customer_code": "CUS_" + rs(15, LOWER + DIGITS), "email": "buyer@corp.example"},
                },
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/paystack-webhook.json")
        if form == 3:
            text = f"const mp = new MercadoPago('APP_USR-{uuid4()}', {{ locale: 'pt-BR' }});\nmp.bricks().create('cardPayment', 'form', {{}});\n"
            return clean(text, fmt="js", name="web/checkout.js")
        pairs = [
            ("PAYSTACK_SECRET_KEY", "sk_live_" + "*" * 40),
            ("MERCADOPAGO_ACCESS_TOKEN", "<your-access-token>"),
            ("AUTHNET_TRANSACTION_KEY", "${AUTHNET_TRANSACTION_KEY}"),
            ("XENDIT_SECRET_KEY", "xnd_development_..."),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("pay/secret", 6)
    if form == 0:
        k = "sk_live_" + rs(40, HEX)
        if R.random() < 0.5:
            pairs = [("PAYSTACK_PUBLIC_KEY", "pk_live_" + rs(40, HEX)), ("PAYSTACK_SECRET_KEY", k)]
            return item(env_file(pairs), [("paystack-secret-key", k)], fmt="env", name=".env")
        return cmd(
            f'curl -s https://api.paystack.co/transaction/initialize -H "Authorization: Bearer {k}" -d email=buyer@corp.example -d amount={R.randint(1000, 90000)}',
            [("paystack-secret-key", k)],
        )
    if form == 1:
        k = "xnd_production_" + b64(rbytes(40))
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.xendit.co/v2/invoices -u {k}: -d external_id=inv-{R.randint(100, 999)} -d amount=150000",
                [("xendit-secret-key", k)],
            )
        text = f"const Xendit = require('xendit-node');\n\nconst x = new Xendit({{ secretKey: '{k}' }});\nmodule.exports = x;\n"
        return item(text, [("xendit-secret-key", k)], fmt="js", name="src/payments/xendit.js")
    if form == 2:
        k = "Mid-server-" + rs(24, URLSAFE)
        if R.random() < 0.5:
            pairs = [("MIDTRANS_CLIENT_KEY", "Mid-client-" + rs(16, URLSAFE)), ("MIDTRANS_SERVER_KEY", k), ("MIDTRANS_IS_PRODUCTION", "true")]
            return item(env_file(pairs), [("midtrans-server-key", k)], fmt="env", name=".env")
        text = f"<?php\n\\Midtrans\\Config::$serverKey = '{k}';\n\\Midtrans\\Config::$isProduction = true;\n"
        return item(text, [("midtrans-server-key", k)], fmt="php", name="config/midtrans.php")
    if form == 3:
        k = f"APP_USR-{rs(16, DIGITS)}-{rs(6, DIGITS)}-{rs(32, HEX)}-{rs(9, DIGITS)}"
        if R.random() < 0.5:
            text = f'import mercadopago\n\nsdk = mercadopago.SDK("{k}")\npreference = sdk.preference().create({{"items": []}})\n'
            return item(text, [("mercadopago-access-token", k)], fmt="py", name="billing/mp.py")
        return item(env_file([("MERCADOPAGO_ACCESS_TOKEN", k)]), [("mercadopago-access-token", k)], fmt="env", name=".env")
    if form == 4:
        login, key = rs(10, ALNUM), rs(16, ALNUM)
        if R.random() < 0.5:
            doc = {
                "createTransactionRequest": {"merchantAuthentication": {"name": login, "transactionKey": key}, "refId": str(R.randint(10**6, 10**7))}
            }
            return item(json.dumps(doc, indent=2) + "\n", [("authorizenet-transaction-key", key)], fmt="json", name="requests/charge.json")
        pairs = [("AUTHNET_API_LOGIN_ID", login), ("AUTHNET_TRANSACTION_KEY", key)]
        return item(env_file(pairs), [("authorizenet-transaction-key", key)], fmt="env", name=".env")
    k = uuid4()
    if R.random() < 0.5:
        return cmd(
            f"curl -s https://api.commerce.coinbase.com/charges -H 'X-CC-Api-Key: {k}' -H 'X-CC-Version: 2018-03-22'",
            [("coinbase-commerce-api-key", k)],
        )
    w = uuid4()
    pairs = [("COINBASE_COMMERCE_API_KEY", k), ("COINBASE_COMMERCE_WEBHOOK_SECRET", w)]
    return item(env_file(pairs), [("coinbase-commerce-api-key", k), ("coinbase-commerce-webhook-secret", w)], fmt="env", name=".env")


# ---------------------------------------------------------------- kind: push-messaging


def push_messaging(is_clean):
    """Push and transactional messaging: OneSignal, FCM legacy keys, Expo, MailerSend, Amazon SES SMTP, Customer.io."""
    if is_clean:
        form = deal("push/clean", 5)
        if form == 0:
            sender = rs(12, DIGITS)
            text = (
                "export const firebaseConfig = {\n  projectId: 'corp-app',\n"
                f"  messagingSenderId: '{sender}',\n  appId: '1:{sender}:web:{rs(22, HEX)}',\n}};\n"
            )
            return clean(text, fmt="js", name="web/firebase.js")
        if form == 1:
            pairs = [("ONESIGNAL_APP_ID", uuid4()), ("EXPO_PROJECT_ID", uuid4()), ("CUSTOMERIO_SITE_ID", rs(20, HEX))]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 2:
            text = (
                "HTTP/1.1 202 Accepted\n"
                f"X-Message-Id: {rs(24, HEX)}\n\n"
                f'{{"MessageId": "0102018f{rs(8, HEX)}-{uuid4()}-000000", "ResponseMetadata": {{"RequestId": "{uuid4()}"}}}}\n'
            )
            return clean(text, name="send-response.txt")
        if form == 3:
            return cmd('EXPO_TOKEN="$(op read op://ci/expo/token)" eas build --platform android --non-interactive', [])
        pairs = [("FCM_SERVER_KEY", "AAAA...:APA91b..."), ("MAILERSEND_API_KEY", "mlsn.<your-api-key>"), ("ONESIGNAL_REST_API_KEY", "")]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("push/secret", 6)
    if form == 0:
        k = "os_v2_app_" + rs(113, LOWER + "234567")
        if R.random() < 0.5:
            return item(env_file([("ONESIGNAL_APP_ID", uuid4()), ("ONESIGNAL_REST_API_KEY", k)]), [("onesignal-api-key", k)], fmt="env", name=".env")
        return cmd(
            f"curl -s https://api.onesignal.com/notifications -H 'Authorization: Key {k}' -H 'Content-Type: application/json' "
            f'-d \'{{"app_id": "{uuid4()}", "contents": {{"en": "Deploy done"}}, "included_segments": ["Ops"]}}\'',
            [("onesignal-api-key", k)],
        )
    if form == 1:
        k = f"AAAA{rs(7, URLSAFE)}:APA91b{rs(134, URLSAFE)}"
        if R.random() < 0.5:
            return item(env_file([("FCM_SERVER_KEY", k)]), [("fcm-server-key", k)], fmt="env", name=".env")
        return cmd(
            f"curl -s https://fcm.googleapis.com/fcm/send -H 'Authorization: key={k}' -H 'Content-Type: application/json' -d @push.json",
            [("fcm-server-key", k)],
        )
    if form == 2:
        k = rs(40, URLSAFE)
        if R.random() < 0.5:
            return cmd(f"EXPO_TOKEN={k} eas build --platform ios --non-interactive --profile production", [("expo-access-token", k)])
        return item(env_file([("EXPO_TOKEN", k)]), [("expo-access-token", k)], fmt="env", name=".env")
    if form == 3:
        k = "mlsn." + rs(64, HEX)
        text = f"import {{ MailerSend }} from 'mailersend';\n\nexport const mailer = new MailerSend({{\n  apiKey: '{k}',\n}});\n"
        return item(text, [("mailersend-api-key", k)], fmt="js", name="src/mail.ts")
    if form == 4:
        k = b64(b"\x04" + rbytes(32))
        text = (
            "EMAIL_BACKEND = 'django.core.mail.backends.smtp.EmailBackend'\n"
            f"EMAIL_HOST = 'email-smtp.{pick('eu-west-1', 'us-east-1')}.amazonaws.com'\nEMAIL_PORT = 587\n"
            f"EMAIL_HOST_USER = 'AKIA{rs(16, UPPER + '234567')}'\nEMAIL_HOST_PASSWORD = '{k}'\nEMAIL_USE_TLS = True\n"
        )
        return item(text, [("ses-smtp-password", k)], fmt="py", name="corp/settings/mail.py")
    site, k = rs(20, HEX), rs(20, HEX)
    return cmd(f"curl -s -X PUT -u {site}:{k} https://track.customer.io/api/v1/customers/42 -d email=ada@corp.example", [("customerio-api-key", k)])


# ---------------------------------------------------------------- kind: agent-tool-keys


def agent_tool_keys(is_clean):
    """APIs agents call as tools: NVIDIA, LlamaCloud, Jina, SerpApi, Brave Search, Browserbase, E2B, Exa."""
    if is_clean:
        form = deal("tool/clean", 5)
        if form == 0:
            doc = {"requestId": rs(32, HEX), "results": [{"id": f"https://docs.corp.example/{rs(8, LOWER)}", "score": round(R.random(), 4)}]}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="exa-response.json")
        if form == 1:
            pairs = [("NVIDIA_API_KEY", "nvapi-xxxxxxxx"), ("BRAVE_API_KEY", "${BRAVE_API_KEY}"), ("E2B_API_KEY", "")]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        if form == 2:
            sid = rs(24, HEX)
            doc = {"search_metadata": {"id": sid, "status": "Success", "json_endpoint": f"https://serpapi.com/searches/{rs(16, HEX)}/{sid}.json"}}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="serp.json")
        if form == 3:
            return cmd(
                'curl -s https://api.exa.ai/search -H "x-api-key: $EXA_API_KEY" -H \'Content-Type: application/json\' -d \'{"query": "wasm"}\'', []
            )
        doc = {"id": uuid4(), "projectId": uuid4(), "status": "COMPLETED", "region": "us-west-2", "keepAlive": False}
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="browserbase-session.json")
    form = deal("tool/secret", 8)
    if form == 0:
        k = "nvapi-" + rs(64, URLSAFE)
        text = f'from openai import OpenAI\n\nclient = OpenAI(\n    base_url="https://integrate.api.nvidia.com/v1",\n    api_key="{k}",\n)\n'
        return item(text, [("nvidia-api-key", k)], fmt="py", name="agent/llm.py")
    if form == 1:
        k = "llx-" + rs(48)
        if R.random() < 0.5:
            return cmd(f"LLAMA_CLOUD_API_KEY={k} python parse.py reports/q3.pdf", [("llamacloud-api-key", k)])
        return item(env_file([("LLAMA_CLOUD_API_KEY", k)]), [("llamacloud-api-key", k)], fmt="env", name=".env")
    if form == 2:
        k = "jina_" + rs(60)
        return cmd(f'curl -s https://r.jina.ai/https://docs.corp.example/ -H "Authorization: Bearer {k}"', [("jina-api-key", k)])
    if form == 3:
        k = rs(64, HEX)
        if R.random() < 0.5:
            return cmd(f"curl -s 'https://serpapi.com/search.json?engine=google&q=egress+guard&api_key={k}'", [("serpapi-key", k)])
        text = f'from serpapi import GoogleSearch\n\nsearch = GoogleSearch({{"q": "egress guard", "api_key": "{k}"}})\nprint(search.get_dict())\n'
        return item(text, [("serpapi-key", k)], fmt="py", name="tools/search.py")
    if form == 4:
        k = "BSA" + rs(28)
        if R.random() < 0.5:
            return cmd(f"curl -s -H 'X-Subscription-Token: {k}' 'https://api.search.brave.com/res/v1/web/search?q=wasi'", [("brave-search-key", k)])
        return item(env_file([("BRAVE_API_KEY", k)]), [("brave-search-key", k)], fmt="env", name=".env")
    if form == 5:
        k = "bb_live_" + rs(27, URLSAFE)
        pairs = [("BROWSERBASE_PROJECT_ID", uuid4()), ("BROWSERBASE_API_KEY", k)]
        return item(env_file(pairs), [("browserbase-api-key", k)], fmt="env", name=".env")
    if form == 6:
        k = "e2b_" + rs(40, HEX)
        if R.random() < 0.5:
            return cmd(f"E2B_API_KEY={k} python agent/run_sandbox.py --template base", [("e2b-api-key", k)])
        return item(env_file([("E2B_API_KEY", k)]), [("e2b-api-key", k)], fmt="env", name=".env")
    k = uuid4()
    return cmd(
        f"curl -s https://api.exa.ai/search -H 'x-api-key: {k}' -H 'Content-Type: application/json' -d '{{\"query\": \"wasm\"}}'",
        [("exa-api-key", k)],
    )


# ---------------------------------------------------------------- kind: db-platform-keys


def db_platform_keys(is_clean):
    """Database platform keys: Xata, Convex, Fauna, Hasura, Appwrite, MongoDB Atlas, Tinybird."""
    deployment = f"{pick('happy', 'brave', 'quiet', 'rapid')}-{pick('otter', 'falcon', 'lynx', 'heron')}-{R.randint(100, 999)}"
    if is_clean:
        form = deal("dbp/clean", 5)
        if form == 0:
            pairs = [
                ("CONVEX_URL", f"https://{deployment}.convex.cloud"),
                ("XATA_DATABASE_URL", f"https://corp-{rs(6, LOWER + DIGITS)}.eu-central-1.xata.sh/db/app"),
                ("APPWRITE_PROJECT_ID", rs(20, HEX)),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd("npx convex deploy --cmd 'npm run build' --cmd-url-env-var-name VITE_CONVEX_URL", [])
        if form == 2:
            text = "version: 3\nendpoint: https://corp.hasura.app\nadmin_secret: ${HASURA_GRAPHQL_ADMIN_SECRET}\nmetadata_directory: metadata\n"
            return clean(text, fmt="yaml", name="hasura/config.yaml")
        if form == 3:
            doc = {"results": [{"id": rs(24, HEX), "orgId": rs(24, HEX), "name": "prod", "clusterCount": 2}], "totalCount": 1}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="atlas-groups.json")
        pairs = [("FAUNA_SECRET", "fnA" + "*" * 12), ("XATA_API_KEY", "xau_<your-api-key>"), ("TINYBIRD_TOKEN", "")]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("dbp/secret", 7)
    if form == 0:
        k = "xau_" + rs(36)
        if R.random() < 0.5:
            return item(env_file([("XATA_API_KEY", k), ("XATA_BRANCH", "main")]), [("xata-api-key", k)], fmt="env", name=".env")
        return item(f"[default]\napiKey={k}\n", [("xata-api-key", k)], fmt="ini", name=".config/xata/credentials")
    if form == 1:
        secret = b64url(json.dumps({"v2": rs(32, HEX)}, separators=(",", ":")).encode())
        k = f"prod:{deployment}|{secret}"
        return cmd(f"CONVEX_DEPLOY_KEY='{k}' npx convex deploy --cmd 'npm run build'", [("convex-deploy-key", k, [secret])])
    if form == 2:
        k = "fnA" + rs(37, URLSAFE)
        if R.random() < 0.5:
            text = f'import {{ Client }} from "fauna";\n\nexport const db = new Client({{ secret: "{k}" }});\n'
            return item(text, [("fauna-secret", k)], fmt="js", name="src/db.ts")
        return item(env_file([("FAUNA_SECRET", k)]), [("fauna-secret", k)], fmt="env", name=".env")
    if form == 3:
        s = pick(rs(32), password())
        if R.random() < 0.5:
            return cmd(f"hasura metadata apply --endpoint https://corp.hasura.app --admin-secret {shq(s)}", [("hasura-admin-secret", s)])
        return cmd(
            f"curl -s https://corp.hasura.app/v1/graphql -H 'x-hasura-admin-secret: {s}' -d '{{\"query\": \"{{ users {{ id }} }}\"}}'",
            [("hasura-admin-secret", s)],
        )
    if form == 4:
        k = "standard_" + rs(256, HEX)
        if R.random() < 0.5:
            pairs = [("APPWRITE_ENDPOINT", "https://cloud.appwrite.io/v1"), ("APPWRITE_PROJECT_ID", rs(20, HEX)), ("APPWRITE_API_KEY", k)]
            return item(env_file(pairs), [("appwrite-api-key", k)], fmt="env", name=".env")
        text = f"const sdk = require('node-appwrite');\n\nconst client = new sdk.Client()\n  .setProject('{rs(20, HEX)}')\n  .setKey('{k}');\n"
        return item(text, [("appwrite-api-key", k)], fmt="js", name="functions/sync.js")
    if form == 5:
        pub, priv = rs(8, LOWER), uuid4()
        return cmd(
            f'curl -s --digest --user "{pub}:{priv}" https://cloud.mongodb.com/api/atlas/v2/groups -H "Accept: application/vnd.atlas.2024-08-05+json"',
            [("atlas-private-api-key", priv)],
        )
    claims = b64url(json.dumps({"u": uuid4(), "id": uuid4(), "host": "gcp-europe-west3"}, separators=(",", ":")).encode())
    k = f"p.{claims}.{rs(43, URLSAFE)}"
    if R.random() < 0.5:
        return cmd(f"curl -s -H 'Authorization: Bearer {k}' 'https://api.tinybird.co/v0/pipes/top_pages.json?limit=10'", [("tinybird-token", k)])
    return item(env_file([("TINYBIRD_TOKEN", k)]), [("tinybird-token", k)], fmt="env", name=".env")


# ---------------------------------------------------------------- kind: game-app-platforms


def game_app_platforms(is_clean):
    """Game and app platforms: Steam, Riot, PlayFab, Epic Online Services, RevenueCat, Branch, itch.io, Battle.net."""
    if is_clean:
        form = deal("game/clean", 5)
        if form == 0:
            doc = {"response": {"players": [{"steamid": "7656119" + rs(10, DIGITS), "personaname": "corp_qa", "avatarhash": sha1hex()}]}}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="steam-players.json")
        if form == 1:
            doc = {"puuid": b64url(rbytes(59))[:78], "gameName": "CorpQA", "tagLine": "EUW"}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="riot-account.json")
        if form == 2:
            pairs = [
                ("REVENUECAT_APPLE_API_KEY", "appl_" + rs(27)),
                ("REVENUECAT_GOOGLE_API_KEY", "goog_" + rs(27)),
                ("BRANCH_KEY", "key_live_" + rs(32)),
                ("PLAYFAB_TITLE_ID", rs(5, UHEX)),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 3:
            return cmd(f"butler push build/windows corp/skyforge:windows-beta --userversion 1.{R.randint(0, 9)}.{R.randint(0, 20)}", [])
        pairs = [("STEAM_API_KEY", "X" * 32), ("RIOT_API_KEY", "RGAPI-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("game/secret", 8)
    if form == 0:
        k = rs(32, UHEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key={k}&steamids=7656119{rs(10, DIGITS)}'",
                [("steam-web-api-key", k)],
            )
        return item(
            env_file([("STEAM_API_KEY", k), ("STEAM_APP_ID", str(R.randint(10**5, 3 * 10**6)))]), [("steam-web-api-key", k)], fmt="env", name=".env"
        )
    if form == 1:
        k = "RGAPI-" + uuid4()
        if R.random() < 0.5:
            return cmd(
                f"curl -s -H 'X-Riot-Token: {k}' https://europe.api.riotgames.com/riot/account/v1/accounts/by-riot-id/CorpQA/EUW",
                [("riot-api-key", k)],
            )
        return item(env_file([("RIOT_API_KEY", k)]), [("riot-api-key", k)], fmt="env", name=".env")
    if form == 2:
        k, title = rs(52, UPPER + DIGITS), rs(5, UHEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://{title}.playfabapi.com/Server/GetUserData -H 'X-SecretKey: {k}' -H 'Content-Type: application/json' "
                f'-d \'{{"PlayFabId": "{rs(16, UHEX)}"}}\'',
                [("playfab-secret-key", k)],
            )
        text = f'using PlayFab;\n\npublic static class ServerInit\n{{\n    public static void Init()\n    {{\n        PlayFabSettings.staticSettings.TitleId = "{title}";\n        PlayFabSettings.staticSettings.DeveloperSecretKey = "{k}";\n    }}\n}}\n'
        return item(text, [("playfab-secret-key", k)], fmt="cs", name="Server/ServerInit.cs")
    if form == 3:
        k = rs(43, URLSAFE)
        text = (
            "[/Script/OnlineSubsystemEOS.EOSSettings]\nDefaultArtifactName=Live\n"
            f'+Artifacts=(ArtifactName="Live",ClientId="xyza7891{rs(24, ALNUM)}",ClientSecret="{k}",ProductId="{rs(32, HEX)}",SandboxId="{rs(32, HEX)}",DeploymentId="{rs(32, HEX)}")\n'
        )
        return item(text, [("eos-client-secret", k)], fmt="ini", name="Config/DefaultEngine.ini")
    if form == 4:
        k = "sk_" + rs(32)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.revenuecat.com/v1/subscribers/app_user_42 -H 'Authorization: Bearer {k}'", [("revenuecat-secret-key", k)]
            )
        return item(env_file([("REVENUECAT_SECRET_API_KEY", k)]), [("revenuecat-secret-key", k)], fmt="env", name=".env")
    if form == 5:
        k = "secret_live_" + rs(32)
        pairs = [("BRANCH_KEY", "key_live_" + rs(32)), ("BRANCH_SECRET", k)]
        return item(env_file(pairs), [("branch-secret", k)], fmt="env", name=".env")
    if form == 6:
        k = rs(40)
        return cmd(f"BUTLER_API_KEY={k} butler push build/linux corp/skyforge:linux-stable", [("itchio-api-key", k)])
    cid, sec = rs(32, HEX), rs(32)
    return cmd(f"curl -s -u {cid}:{sec} -d grant_type=client_credentials https://oauth.battle.net/token", [("battlenet-client-secret", sec)])


# ---------------------------------------------------------------- kind: proxy-config-creds


def proxy_config_creds(is_clean):
    """Credentials in reverse-proxy configuration: nginx, HAProxy, Apache, Squid, Varnish, Caddy, Envoy."""
    up = pick("billing.internal.example", "10.40.2.15:8443", "legacy-api.corp.example")
    if is_clean:
        form = deal("proxy/clean", 5)
        if form == 0:
            text = (
                f"admin.corp.example {{\n    basicauth /admin/* {{\n        ops $2a$14${rs(53, ALNUM + './')}\n    }}\n    reverse_proxy {up}\n}}\n"
            )
            return clean(text, name="Caddyfile")
        if form == 1:
            text = (
                f'location /api/ {{\n    auth_basic "Restricted";\n    auth_basic_user_file /etc/nginx/.htpasswd;\n    proxy_pass https://{up};\n'
                "    proxy_set_header Authorization $http_authorization;\n    proxy_set_header X-Request-Id $request_id;\n}\n"
            )
            return clean(text, name="nginx/conf.d/api.conf")
        if form == 2:
            text = f"userlist admins\n    user ops password $6${rs(16, ALNUM + './')}${rs(86, ALNUM + './')}\n\nbackend api\n    server api1 {up} check\n"
            return clean(text, name="haproxy/haproxy.cfg")
        if form == 3:
            text = f'http:\n  middlewares:\n    auth:\n      basicAuth:\n        users:\n          - "ops:$apr1${rs(8, ALNUM + "./")}${rs(22, ALNUM + "./")}"\n'
            return clean(text, fmt="yaml", name="traefik/dynamic.yml")
        text = '<VirtualHost *:443>\n    SetEnv DB_PASSWORD_FILE /run/secrets/db_password\n    RequestHeader set X-Forwarded-Proto "https"\n</VirtualHost>\n'
        return clean(text, name="apache2/sites-available/app.conf")
    form = deal("proxy/secret", 8)
    if form == 0:
        basic = b64(f"{user()}:{password()}".encode())
        text = f'location /billing/ {{\n    proxy_pass https://{up};\n    proxy_set_header Authorization "Basic {basic}";\n    proxy_set_header Host $host;\n}}\n'
        return item(text, [("basic-auth-header", basic)], name="nginx/conf.d/billing.conf")
    if form == 1:
        t = rs(40, URLSAFE)
        if R.random() < 0.5:
            text = f"location /partner/ {{\n    proxy_pass https://{up};\n    proxy_set_header X-Api-Key {t};\n}}\n"
            return item(text, [("upstream-api-key", t)], name="nginx/conf.d/partner.conf")
        return cmd(
            f"sed -i 's|^ *proxy_set_header Authorization .*|    proxy_set_header Authorization \"Bearer {t}\";|' /etc/nginx/conf.d/api.conf && nginx -s reload",
            [("upstream-bearer-token", t)],
        )
    if form == 2:
        p1, p2 = password(), password()
        text = f"userlist admins\n    user ops insecure-password {p1}\n\nlisten stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats auth admin:{p2}\n"
        return item(text, [("haproxy-password", p1), ("haproxy-stats-password", p2)], name="haproxy/haproxy.cfg")
    if form == 3:
        t = rs(48, URLSAFE)
        text = f'<Location "/reports">\n    ProxyPass "https://{up}/reports"\n    RequestHeader set Authorization "Bearer {t}"\n</Location>\n'
        return item(text, [("upstream-bearer-token", t)], name="apache2/sites-available/reports.conf")
    if form == 4:
        pw = password()
        text = f"http_port 3128\ncache_peer proxy.upstream.example parent 3128 0 no-query default login={user()}:{pw}\nnever_direct allow all\n"
        return item(text, [("squid-peer-password", pw)], name="squid/squid.conf")
    if form == 5:
        basic = b64(f"{user()}:{password()}".encode())
        text = f'vcl 4.1;\n\nsub vcl_recv {{\n    if (req.url ~ "^/legacy/") {{\n        set req.http.Authorization = "Basic {basic}";\n    }}\n}}\n'
        return item(text, [("basic-auth-header", basic)], name="varnish/default.vcl")
    if form == 6:
        t = rs(44, URLSAFE)
        if R.random() < 0.5:
            text = f'api.corp.example {{\n    reverse_proxy https://{up} {{\n        header_up Authorization "Bearer {t}"\n    }}\n}}\n'
            return item(text, [("upstream-bearer-token", t)], name="Caddyfile")
        pairs = [("UPSTREAM_HOST", up), ("UPSTREAM_TOKEN", t)]
        return item(env_file(pairs), [("upstream-bearer-token", t)], fmt="env", name=".env.proxy")
    t = rs(36, ALNUM)
    text = (
        'route_config:\n  virtual_hosts:\n  - name: partner\n    domains: ["*"]\n    request_headers_to_add:\n'
        f'    - header:\n        key: x-api-key\n        value: "{t}"\n      append_action: OVERWRITE_IF_EXISTS_OR_ADD\n'
    )
    return item(text, [("upstream-api-key", t)], fmt="yaml", name="envoy/routes.yaml")


# ---------------------------------------------------------------- kind: password-manager-exports (held out)


def csv_field(v):
    return '"' + v + '"' if any(c in v for c in ',"\n') else v


def password_manager_exports(is_clean):
    """Password-manager exports and CLIs: 1Password / Bitwarden / Chrome CSV, Bitwarden JSON, KeePass XML, `pass`, `op`."""
    sites = [
        ("Prod DB", "https://db.corp.example", "app_rw"),
        ("Grafana", "https://grafana.corp.example", "admin"),
        ("VPN", "https://vpn.corp.example", "ops"),
    ]
    if is_clean:
        form = deal("pm/clean", 5)
        if form == 0:
            blob = lambda n: f"2.{b64(rbytes(16))}|{b64(rbytes(n))}|{b64(rbytes(32))}"  # noqa: E731
            doc = {
                "encrypted": True,
                "passwordProtected": True,
                "salt": b64(rbytes(16)),
                "kdfType": 0,
                "kdfIterations": 600000,
                "encKeyValidation_DO_NOT_EDIT": blob(48),
                "data": blob(240),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="bitwarden_encrypted_export.json")
        if form == 1:
            oid = rs(26, LOWER + DIGITS)
            text = (
                f"ID:          {oid}\nTitle:       Prod DB\nVault:       Ops ({rs(26, LOWER + DIGITS)})\nCategory:    LOGIN\nFields:\n"
                f"  username:    app_rw\n  password:    [use 'op item get {oid} --reveal' to reveal]\nURLs:\n  website:    https://db.corp.example (primary)\n"
            )
            return clean(text, name="op-item-get.txt")
        if form == 2:
            text = "Title,Website,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes\nGitHub,https://github.com,ops@corp.example,,,false,false,,passkey only\n"
            return clean(text, fmt="csv", name="1PasswordExport.csv")
        if form == 3:
            text = f"Title: Prod DB\nUserName: app_rw\nPassword: PROTECTED\nURL: https://db.corp.example\nNotes: \nUuid: {{{uuid4()}}}\nTags: \n"
            return clean(text, name="keepassxc-show.txt")
        text = "Password Store\n└── corp\n    ├── db\n    │   ├── app_rw\n    │   └── replica\n    └── grafana\n        └── admin\n"
        return clean(text, name="pass-ls.txt")
    form = deal("pm/secret", 8)
    pws = [password() for _ in sites]
    if form == 0:
        rows = [f"{t},{u},{n},{csv_field(p)},,false,false,ops," for (t, u, n), p in zip(sites[:2], pws[:2], strict=True)]
        text = "Title,Website,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes\n" + "\n".join(rows) + "\n"
        return item(text, [("password", p) for p in pws[:2]], fmt="csv", name="1PasswordExport.csv")
    if form == 1:
        seed = rs(32, B32)
        rows = [
            f"ops,,login,{sites[0][0]},,,0,{sites[0][1]},{sites[0][2]},{csv_field(pws[0])},",
            f"ops,1,login,{sites[2][0]},,,0,{sites[2][1]},{sites[2][2]},{csv_field(pws[2])},{seed}",
        ]
        text = "folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\n" + "\n".join(rows) + "\n"
        return item(text, [("password", pws[0]), ("password", pws[2]), ("totp-seed", seed)], fmt="csv", name="bitwarden_export.csv")
    if form == 2:
        items = [
            {"id": uuid4(), "type": 1, "name": t, "login": {"uris": [{"match": None, "uri": u}], "username": n, "password": p, "totp": None}}
            for (t, u, n), p in zip(sites[:2], pws[:2], strict=True)
        ]
        doc = {"encrypted": False, "folders": [], "items": items}
        return item(json.dumps(doc, indent=2) + "\n", [("password", p) for p in pws[:2]], fmt="json", name="bitwarden_export.json")
    if form == 3:
        entries = "".join(
            f"\t\t\t<Entry>\n\t\t\t\t<UUID>{b64(rbytes(16))}</UUID>\n\t\t\t\t<String><Key>Title</Key><Value>{t}</Value></String>\n"
            f"\t\t\t\t<String><Key>UserName</Key><Value>{n}</Value></String>\n"
            f'\t\t\t\t<String><Key>Password</Key><Value ProtectInMemory="True">{xml_escape(p)}</Value></String>\n'
            f"\t\t\t\t<String><Key>URL</Key><Value>{u}</Value></String>\n\t\t\t</Entry>\n"
            for (t, u, n), p in zip(sites[:2], pws[:2], strict=True)
        )
        text = f'<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<KeePassFile>\n\t<Root>\n\t\t<Group>\n\t\t\t<Name>Ops</Name>\n{entries}\t\t</Group>\n\t</Root>\n</KeePassFile>\n'
        return item(text, [("password", p, [xml_escape(p)]) for p in pws[:2]], fmt="xml", name="ops-export.xml")
    if form == 4:
        rows = [f"{t},{u},{n},{csv_field(p)}," for (t, u, n), p in zip(sites, pws, strict=True)]
        text = "name,url,username,password,note\n" + "\n".join(rows) + "\n"
        return item(text, [("password", p) for p in pws], fmt="csv", name="Chrome Passwords.csv")
    if form == 5:
        text = f"{pws[0]}\nlogin: app_rw\nurl: https://db.corp.example\nport: 5432\n"
        return item(text, [("password", pws[0])], name="pass-show-corp-db.txt")
    if form == 6:
        return cmd(
            f"op item create --category=login --title='Prod DB' --vault=Ops username=app_rw 'password={pws[0]}' url=https://db.corp.example",
            [("password", pws[0])],
        )
    secret = rs(30)
    pairs = [("BW_CLIENTID", "user." + uuid4()), ("BW_CLIENTSECRET", secret), ("BW_PASSWORD", pws[0])]
    return item(env_file(pairs), [("bitwarden-client-secret", secret), ("bitwarden-master-password", pws[0])], fmt="env", name=".env.bw")


# ---------------------------------------------------------------- kind: rare-private-keys (held out)


def proto_field(num, data):
    return bytes([num << 3 | 2, len(data)]) + data


def lnd_macaroon():
    """An LND macaroon (v2 binary, hex): location `lnd`, an identifier holding the permissions, a 32-byte signature."""
    ops = b"".join(
        proto_field(3, proto_field(1, e.encode()) + b"".join(proto_field(2, a.encode()) for a in ("read", "write")))
        for e in ("address", "info", "invoices", "message", "offchain", "onchain", "peers", "signer")
    )
    ident = b"\x03" + proto_field(1, rbytes(16)) + proto_field(2, b"0") + ops
    n = len(ident)
    varint = bytes([n & 0x7F | 0x80, n >> 7]) if n > 127 else bytes([n])
    return (b"\x02\x01\x03lnd\x02" + varint + ident + b"\x00\x00\x06\x20" + rbytes(32)).hex()


TOR_SECRET_HEADER = b"== ed25519v1-secret: type0 ==\x00\x00\x00"
TOR_PUBLIC_HEADER = b"== ed25519v1-public: type0 ==\x00\x00\x00"
NIP19_EXAMPLE_NSEC = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
PIV_DEFAULT_KEY = "010203040506070801020304050607080102030405060708"


def monero_scalar():
    """A Monero secret key: 32 bytes little-endian, reduced below the group order (top byte under 0x10)."""
    return (rbytes(31) + bytes([R.randrange(16)])).hex()


def rare_private_keys(is_clean):
    """Private keys in rare places: Nostr, LND macaroons, Tor onion keys, Monero, CometBFT validators, YubiKey PIV, cosign."""
    if is_clean:
        form = deal("pk/clean", 5)
        if form == 0:
            npub = bech32("npub", rbytes(32))
            text = f"# Nostr identity of the release bot (public)\nnpub: {npub}\n# NIP-19's own example, not ours: {NIP19_EXAMPLE_NSEC}\n"
            return clean(text, name="NOSTR.md")
        if form == 1:
            pub = pick("02", "03") + rs(64, HEX)
            doc = {
                "identity_pubkey": pub,
                "alias": "corp-node",
                "block_hash": "00000000000000000002" + rs(44, HEX),
                "uris": [f"{pub}@203.0.113.7:9735"],
            }
            return clean(json.dumps(doc, indent=4) + "\n", fmt="json", name="lncli-getinfo.json")
        if form == 2:
            text = f"$ cat hostname\n{rs(56, LOWER + '234567')}.onion\n$ base64 -w0 hs_ed25519_public_key\n{b64(TOR_PUBLIC_HEADER + rbytes(32))}\n"
            return clean(text, name="tor-hs-public.txt")
        if form == 3:
            text = f"[wallet 4{pick(*'0123456789AB')}{rs(4, B58)}]: address\n0  4{pick(*'0123456789AB')}{rs(93, B58)}  Primary account\n[wallet]: show_transfers in\n  {R.randint(3_000_000, 3_400_000)}     in       unlocked       2026-05-04 10:11:12       0.250000000000 {rs(64, HEX)} 0000000000000000 0 -\n"
            return clean(text, name="monero-wallet.txt")
        doc = {"address": rs(40, UHEX), "pub_key": {"type": "tendermint/PubKeyEd25519", "value": b64(rbytes(32))}}
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="validator-pubkey.json")
    form = deal("pk/secret", 7)
    if form == 0:
        k = bech32("nsec", rbytes(32))
        f = deal("pk/nostr", 3)
        if f == 0:
            return item(
                env_file([("NOSTR_NSEC", k), ("NOSTR_RELAYS", "wss://relay.damus.io,wss://nos.lol")]), [("nostr-nsec", k)], fmt="env", name=".env"
            )
        if f == 1:
            return cmd(f"nak event --sec {k} -k 1 -c 'release 2.4.1 is out' wss://relay.damus.io", [("nostr-nsec", k)])
        doc = {"privateKey": k, "relays": ["wss://relay.damus.io", "wss://nos.lol"], "name": "release-bot"}
        return item(json.dumps(doc, indent=2) + "\n", [("nostr-nsec", k)], fmt="json", name="bot/nostr.json")
    if form == 1:
        m = lnd_macaroon()
        if R.random() < 0.5:
            return cmd(f"curl -s --cacert tls.cert -H 'Grpc-Metadata-macaroon: {m}' https://127.0.0.1:8080/v1/getinfo", [("lnd-macaroon", m)])
        return item(
            env_file([("LND_REST_URL", "https://lnd.corp.example:8080"), ("LND_MACAROON_HEX", m)]), [("lnd-macaroon", m)], fmt="env", name=".env"
        )
    if form == 2:
        raw = TOR_SECRET_HEADER + rbytes(64)
        enc = b64(raw)
        text = f"$ base64 -w0 /var/lib/tor/app/hs_ed25519_secret_key\n{enc}\n"
        return item(text, [("tor-onion-secret-key", enc, b64_runs(raw, raw[32:]))], name="tor-key.txt")
    if form == 3:
        spend, view = monero_scalar(), monero_scalar()
        text = f"[wallet 4{rs(5, B58)}]: spendkey\nsecret: {spend}\npublic: {rs(64, HEX)}\n[wallet 4{rs(5, B58)}]: viewkey\nsecret: {view}\npublic: {rs(64, HEX)}\n"
        return item(text, [("monero-spend-key", spend), ("monero-view-key", view)], name="monero-keys.txt")
    if form == 4:
        pub = rbytes(32)
        priv = b64(rbytes(32) + pub)
        doc = {
            "address": rs(40, UHEX),
            "pub_key": {"type": "tendermint/PubKeyEd25519", "value": b64(pub)},
            "priv_key": {"type": "tendermint/PrivKeyEd25519", "value": priv},
        }
        return item(json.dumps(doc, indent=2) + "\n", [("cometbft-validator-key", priv)], fmt="json", name="config/priv_validator_key.json")
    if form == 5:
        k = rs(48, HEX)
        return cmd(
            f"ykman piv access change-management-key --management-key {PIV_DEFAULT_KEY} --new-management-key {k} --protect",
            [("piv-management-key", k)],
        )
    pw = password()
    return cmd(
        f"COSIGN_PASSWORD={shq(pw)} cosign sign --key cosign.key --yes registry.corp.example/api@sha256:{rs(64, HEX)}", [("cosign-password", pw)]
    )


KINDS = {
    "regional-payments": regional_payments,
    "push-messaging": push_messaging,
    "agent-tool-keys": agent_tool_keys,
    "db-platform-keys": db_platform_keys,
    "game-app-platforms": game_app_platforms,
    "proxy-config-creds": proxy_config_creds,
    "password-manager-exports": password_manager_exports,
    "rare-private-keys": rare_private_keys,
}


# ---------------------------------------------------------------- contexts
# Each context: render(item) -> (scope, tool, payload, piecer), piecer(atom) -> the atom's pieces as the context shows it.


def sh_single(s):
    """A shell word in single quotes, any text."""
    return "'" + s.replace("'", "'\\''") + "'"


def written_or_read(path, text, lang):
    """A source file the agent writes, reads back, or shows in a reply."""
    view = R.randrange(3)
    if view == 0:
        return "args", "write_file", json.dumps({"path": path, "content": text})
    if view == 1:
        return "result", "read_file", text
    return "reply", "", f"Here is `{path}`:\n\n```{lang}\n{text}```\n"


def camel(name):
    head, *rest = name.lower().split("_")
    return head + "".join(w.capitalize() for w in rest)


# -- crontab-listing


def cron_escape(line):
    """cron turns an unescaped `%` of the command field into a newline."""
    return line.replace("%", "\\%")


def crontab_listing(it):
    """A crontab: `crontab -l` output or one installed by a heredoc, a user's or `/etc/cron.d`'s (with a user field):
    env values as its variable lines, a command as a job (`%` escaped as `\\%`), a file written by an `@reboot printf`."""
    pairs = env_pairs(it)
    system = R.random() < 0.35
    who = " deploy" if system else ""
    sched = pick("*/15 * * * *", "0 3 * * *", "30 2 * * 1-5", "@hourly")
    lines = ["# m h  dom mon dow   command"] if not system else ["# /etc/cron.d/corp-app: managed by ops"]
    lines += ["SHELL=/bin/bash", "PATH=/usr/local/bin:/usr/bin:/bin", "MAILTO=ops@corp.example"]
    piecer = whole
    if pairs is not None:
        lines += [f'{k}="{v}"' if R.random() < 0.3 else f"{k}={v}" for k, v in pairs]
        lines.append(f"{sched}{who} cd /srv/app && ./bin/sync >> /var/log/corp-sync.log 2>&1")
    elif it["shape"] == "cmd":
        lines.append(f"{sched}{who} {cron_escape(it['text'])}")
        piecer = lambda a: [cron_escape(a)]  # noqa: E731
    else:
        words = " ".join(sh_single(ln) for ln in file_lines(it["text"]))
        lines.append(f"@reboot{who} " + cron_escape(f"printf '%s\\n' {words} > /srv/app/{it['name']}"))
        piecer = lambda a: [cron_escape(a)]  # noqa: E731
    text = "\n".join(lines) + "\n"
    if R.random() < 0.55:
        head = "$ sudo cat /etc/cron.d/corp-app" if system else "$ crontab -l"
        return "result", "terminal", f"{head}\n{text}", piecer
    install = "sudo tee /etc/cron.d/corp-app >/dev/null" if system else "crontab -"
    return "args", "terminal", json.dumps({"command": f"{install} <<'CRON'\n{text}CRON"}), piecer


# -- nix-config


def nix_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("${", "\\${") + '"'


def nix_indented(text, n):
    """Text as the body of a Nix `''…''` string: `''` and `${` escaped, indented by n."""
    return indent(text.replace("''", "'''").replace("${", "''${"), n)


def nix_config(it):
    """A Nix configuration written or read back: env values as a NixOS service's `environment` or home-manager's
    `sessionVariables` (or `nix eval --json` of them), a command as a service `script`, a file as `environment.etc`
    text or `pkgs.writeText`, in `''…''` strings."""
    pairs = env_pairs(it)
    svc = pick("corp-api", "corp-sync", "billing")
    if pairs is not None:
        mode = R.randrange(3)
        if mode == 0:
            doc = dict(
                sorted(
                    [
                        *pairs,
                        ("LOCALE_ARCHIVE", "/nix/store/" + rs(32, "0123456789abcdfghijklmnpqrsvwxyz") + "-glibc-locales/lib/locale/locale-archive"),
                    ]
                )
            )
            out = (
                f"$ nix eval --json .#nixosConfigurations.web01.config.systemd.services.{svc}.environment\n{json.dumps(doc, separators=(',', ':'))}\n"
            )
            return "result", "terminal", out, whole
        body = "".join(f"      {k} = {nix_str(v)};\n" for k, v in pairs)
        if mode == 1:
            text = (
                "{ config, pkgs, ... }:\n{\n"
                f'  systemd.services.{svc} = {{\n    wantedBy = [ "multi-user.target" ];\n    environment = {{\n{body}    }};\n'
                f'    serviceConfig.ExecStart = "${{pkgs.{svc}}}/bin/{svc}";\n  }};\n}}\n'
            )
        else:
            text = f"{{ pkgs, ... }}:\n{{\n  home.sessionVariables = {{\n{body.replace('      ', '    ')}  }};\n}}\n"
        path = "hosts/web01/services.nix" if mode == 1 else "home/ops.nix"
    elif it["shape"] == "cmd":
        text = (
            "{ pkgs, ... }:\n{\n"
            f"  systemd.services.{svc} = {{\n    startAt = \"hourly\";\n    path = [ pkgs.curl pkgs.jq ];\n    script = ''\n"
            f"{nix_indented(it['text'] + chr(10), 6)}    '';\n  }};\n}}\n"
        )
        path = "hosts/web01/jobs.nix"
    elif R.random() < 0.5:
        text = f"{{ ... }}:\n{{\n  environment.etc.\"corp/{base_name(it)}\".text = ''\n{nix_indented(it['text'], 4)}  '';\n}}\n"
        path = "hosts/web01/etc.nix"
    else:
        text = f"{{ pkgs, ... }}:\nlet\n  cfg = pkgs.writeText {nix_str(base_name(it))} ''\n{nix_indented(it['text'], 4)}  '';\nin\n{{\n  systemd.tmpfiles.rules = [ \"L+ /srv/app/{base_name(it)} - - - - ${{cfg}}\" ];\n}}\n"
        path = "modules/app-config.nix"
    scope, tool, payload = written_or_read(path, text, "nix")
    return scope, tool, payload, whole


# -- mobile-source


def kotlin_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$").replace("\n", "\\n") + '"'


def swift_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def dart_str(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'").replace("$", "\\$").replace("\n", "\\n") + "'"


def mobile_source(it):
    """The item in Kotlin, Swift, Dart or Scala source: env values as constants, a command run by the language's
    process API, a file as a multi-line (raw where the language has one) string literal."""
    pairs = env_pairs(it)
    lang = pick("kotlin", "swift", "dart", "scala")
    lit = {"kotlin": kotlin_str, "swift": swift_str, "dart": dart_str, "scala": swift_str}[lang]
    if pairs is not None:
        if lang == "kotlin":
            text = "package com.corp.app\n\nobject Secrets {\n" + "".join(f"    const val {k} = {lit(v)}\n" for k, v in pairs) + "}\n"
        elif lang == "swift":
            text = "enum Secrets {\n" + "".join(f"    static let {camel(k)} = {lit(v)}\n" for k, v in pairs) + "}\n"
        elif lang == "dart":
            text = "class Env {\n" + "".join(f"  static const {camel(k)} = {lit(v)};\n" for k, v in pairs) + "}\n"
        else:
            text = "object Config {\n" + "".join(f"  val {camel(k)} = {lit(v)}\n" for k, v in pairs) + "}\n"
    elif it["shape"] == "cmd":
        c = lit(it["text"])
        text = {
            "kotlin": f'fun main() {{\n    val p = ProcessBuilder("sh", "-c", {c}).inheritIO().start()\n    check(p.waitFor() == 0)\n}}\n',
            "swift": f'import Foundation\n\nlet task = Process()\ntask.executableURL = URL(fileURLWithPath: "/bin/sh")\ntask.arguments = ["-c", {c}]\ntry task.run()\ntask.waitUntilExit()\n',
            "dart": f"import 'dart:io';\n\nFuture<void> main() async {{\n  final r = await Process.run('sh', ['-c', {c}]);\n  stdout.write(r.stdout);\n}}\n",
            "scala": f'import sys.process._\n\nobject Deploy extends App {{\n  val code = Seq("sh", "-c", {c}).!\n  sys.exit(code)\n}}\n',
        }[lang]
    else:
        body = it["text"]
        if lang == "kotlin" and '"""' not in body:
            s = '"""\n' + body.replace("$", "${'$'}") + '""".trimIndent()'
        elif lang == "swift" and '"""' not in body:
            s = '"""\n' + body.replace("\\", "\\\\") + '"""'
        elif lang == "dart" and "'''" not in body:
            s = "r'''\n" + body + "'''"
        elif lang == "scala" and '"""' not in body:
            s = '"""\n' + body + '"""'
        else:
            s = lit(body)
        name = camel(base_name(it).strip(".").replace(".", "_").replace("-", "_"))
        text = {
            "kotlin": f"package com.corp.app\n\nval {name} = {s}\n",
            "swift": f"let {name} = {s}\n",
            "dart": f"const {name} = {s};\n",
            "scala": f"object Files {{\n  val {name} = {s}\n}}\n",
        }[lang]
    path = {
        "kotlin": "app/src/main/kotlin/com/corp/app/Secrets.kt",
        "swift": "Sources/App/Secrets.swift",
        "dart": "lib/env.dart",
        "scala": "src/main/scala/Config.scala",
    }[lang]
    scope, tool, payload = written_or_read(path, text, lang)
    return scope, tool, payload, whole


# -- makefile-recipe


def make_escape(s):
    return s.replace("$", "$$")


def makefile_recipe(it):
    """A Makefile written or read back, or `make -n` output: env values as `export K := v` (`#` escaped as `\\#`),
    a command as a recipe line, a file in a `define` block or as `echo` lines of a recipe."""
    pairs = env_pairs(it)
    piecer = whole
    dry = None
    if pairs is not None:
        text = "".join(f"export {k} := {make_escape(v).replace('#', chr(92) + '#')}\n" for k, v in pairs)
        text += "\n.PHONY: run\nrun:\n\t./bin/server --port 8080\n"
        piecer = lambda a: [a.replace("#", "\\#")]  # noqa: E731
    elif it["shape"] == "cmd":
        text = f".PHONY: deploy\ndeploy: build\n\t@echo deploying\n\t{make_escape(it['text'])}\n\nbuild:\n\tgo build -o bin/server ./cmd/server\n"
        dry = f"$ make -n deploy\ngo build -o bin/server ./cmd/server\necho deploying\n{it['text']}\n"
    elif R.random() < 0.5:
        text = (
            f"define CONFIG_BODY\n{make_escape(it['text'])}endef\nexport CONFIG_BODY\n\n"
            f".PHONY: config\nconfig:\n\t@printf '%s\\n' \"$$CONFIG_BODY\" > {it['name']}\n"
        )
    else:
        echoes = [f"echo {sh_single(ln)} >> {it['name']}" for ln in file_lines(it["text"])]
        text = f".PHONY: config\nconfig:\n\t@rm -f {it['name']}\n" + "".join(f"\t@{make_escape(e)}\n" for e in echoes)
        dry = f"$ make -n config\nrm -f {it['name']}\n" + "".join(e + "\n" for e in echoes)
    if dry is not None and R.random() < 0.4:
        return "result", "terminal", dry, whole
    scope, tool, payload = written_or_read("Makefile", text, "make")
    return scope, tool, payload, piecer


# -- ipynb-magics


def src_lines(text):
    """A notebook cell's `source`: its lines, each but the last with its newline."""
    ls = text.split("\n")
    return [ln + "\n" for ln in ls[:-1]] + ([ls[-1]] if ls[-1] else [])


def ipynb_magics(it):
    """A Jupyter notebook (nbformat 4) read back or written, or a `notebook_edit` call: env values as `%env` magics
    (with their `env: K=v` output) or `os.environ` lines, a command as a `!` line or a `%%bash` cell, a file as a
    `%%writefile` cell."""
    pairs = env_pairs(it)
    outputs = []
    if pairs is not None:
        if R.random() < 0.6:
            source = "".join(f"%env {k}={v}\n" for k, v in pairs)
            outputs = [{"name": "stdout", "output_type": "stream", "text": [f"env: {k}={v}\n" for k, v in pairs]}]
        else:
            source = "import os\n\n" + "".join(f"os.environ[{json.dumps(k)}] = {json.dumps(v)}\n" for k, v in pairs)
    elif it["shape"] == "cmd":
        source = ("!" + it["text"] + "\n") if R.random() < 0.5 else "%%bash\nset -e\n" + it["text"] + "\n"
        outputs = [{"name": "stdout", "output_type": "stream", "text": ["ok\n"]}]
    else:
        source = f"%%writefile {it['name']}\n{it['text']}"
        outputs = [{"name": "stdout", "output_type": "stream", "text": [f"Writing {it['name']}\n"]}]
    cell_id = rs(8, HEX)
    cells = [
        {"cell_type": "markdown", "id": rs(8, HEX), "metadata": {}, "source": src_lines("## Setup\nRun once per kernel.")},
        {
            "cell_type": "code",
            "execution_count": R.randint(1, 40),
            "id": cell_id,
            "metadata": {},
            "outputs": outputs,
            "source": src_lines(source.rstrip("\n")),
        },
    ]
    nb = {
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    text = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
    path = f"notebooks/{pick('setup', 'deploy', 'explore')}.ipynb"
    view = R.randrange(3)
    if view == 0:
        return "result", "read_file", text, whole
    if view == 1:
        return "args", "write_file", json.dumps({"path": path, "content": text}), whole
    args = {"notebook_path": path, "cell_id": cell_id, "cell_type": "code", "new_source": source.rstrip("\n")}
    return "args", "notebook_edit", json.dumps(args), whole


# -- beam-lisp-lua-source (held out)


def elixir_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("#{", "\\#{").replace("\n", "\\n") + '"'


def clojure_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def beam_lisp_lua_source(it):
    """The item in Elixir, Clojure or Lua: env values as config (`config :corp`, an EDN map, a Lua table), a command
    through `System.cmd` / `clojure.java.shell/sh` / `os.execute`, a file in a `~S\"\"\"` heredoc, a multi-line string
    or a `[==[…]==]` long bracket."""
    pairs = env_pairs(it)
    lang = pick("elixir", "clojure", "lua")
    if pairs is not None:
        if lang == "elixir":
            text = "import Config\n\nconfig :corp, Corp.Env,\n" + ",\n".join(f"  {k.lower()}: {elixir_str(v)}" for k, v in pairs) + "\n"
            path = "config/runtime.exs"
        elif lang == "clojure":
            text = "{:env {" + "\n       ".join(f"{clojure_str(k)} {clojure_str(v)}" for k, v in pairs) + "}\n :port 8080}\n"
            path = "resources/config.edn"
        else:
            text = "return {\n" + "".join(f"  {k} = {swift_str(v)},\n" for k, v in pairs) + "}\n"
            path = "conf/env.lua"
    elif it["shape"] == "cmd":
        if lang == "elixir":
            text = f'{{out, 0}} = System.cmd("sh", ["-c", {elixir_str(it["text"])}], stderr_to_stdout: true)\nIO.puts(out)\n'
            path = "scripts/deploy.exs"
        elif lang == "clojure":
            text = f'(require \'[clojure.java.shell :refer [sh]])\n\n(println (:out (sh "sh" "-c" {clojure_str(it["text"])})))\n'
            path = "scripts/deploy.clj"
        else:
            text = f"local ok = os.execute({swift_str(it['text'])})\nassert(ok, 'deploy failed')\n"
            path = "scripts/deploy.lua"
    else:
        body = it["text"]
        if lang == "elixir":
            s = '~S"""\n' + indent(body, 4) + '  """' if '"""' not in body else elixir_str(body)
            text = f'defmodule Corp.Files do\n  @config {s}\n\n  def write!, do: File.write!("{it["name"]}", @config)\nend\n'
            path = "lib/corp/files.ex"
        elif lang == "clojure":
            text = f'(ns corp.files)\n\n(defn write-config []\n  (spit "{it["name"]}" {clojure_str(body)}))\n'
            path = "src/corp/files.clj"
        else:
            text = f'local f = assert(io.open("{it["name"]}", "w"))\nf:write([==[\n{body}]==])\nf:close()\n'
            path = "scripts/write_config.lua"
    scope, tool, payload = written_or_read(path, text, lang)
    return scope, tool, payload, whole


# -- llm-stream (held out)


def llm_stream(it):
    """An LLM's streamed reply read back raw (`curl -N` output or a saved trace): OpenAI or Anthropic server-sent
    events, or Ollama NDJSON. The reply quotes the item and is cut into deltas; a credential's pieces are its
    fragments, one per delta it spans."""
    pairs = env_pairs(it)
    if pairs is not None:
        reply = "Here is the `.env` with the values filled in:\n\n```dotenv\n" + it["text"] + "```\n"
    elif it["shape"] == "cmd":
        reply = "Run this from the repository root:\n\n```bash\n" + it["text"] + "\n```\n\nIt exits non-zero on failure."
    else:
        reply = f"Here is `{it['name']}` as it stands:\n\n```\n{it['text']}```\n"
    bounds, i = [], 0
    while i < len(reply):
        j = min(len(reply), i + R.choice([2, 3, 4, 4, 5, 5, 6, 7, 8]))
        bounds.append((i, j))
        i = j
    chunks = [reply[a:b] for a, b in bounds]
    style = pick("openai", "anthropic", "ollama")
    enc = lambda d: json.dumps(d, separators=(",", ":"), ensure_ascii=False)  # noqa: E731
    if style == "openai":
        cid, ts = "chatcmpl-" + rs(29), ts_epoch()

        def ev(delta, fin=None):
            return (
                "data: "
                + enc(
                    {
                        "id": cid,
                        "object": "chat.completion.chunk",
                        "created": ts,
                        "model": "gpt-4o-2024-08-06",
                        "choices": [{"index": 0, "delta": delta, "finish_reason": fin}],
                    }
                )
                + "\n\n"
            )

        body = ev({"role": "assistant", "content": ""}) + "".join(ev({"content": c}) for c in chunks) + ev({}, "stop") + "data: [DONE]\n\n"
        head = "$ curl -sN https://api.openai.com/v1/chat/completions -H \"Authorization: Bearer $OPENAI_API_KEY\" -H 'Content-Type: application/json' -d @req.json"
    elif style == "anthropic":
        mid = "msg_01" + rs(22)
        body = (
            "event: message_start\ndata: "
            + enc(
                {"type": "message_start", "message": {"id": mid, "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": []}}
            )
            + "\n\n"
        )
        body += (
            "event: content_block_start\ndata: "
            + enc({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
            + "\n\n"
        )
        body += "".join(
            "event: content_block_delta\ndata: "
            + enc({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": c}})
            + "\n\n"
            for c in chunks
        )
        body += (
            "event: content_block_stop\ndata: "
            + enc({"type": "content_block_stop", "index": 0})
            + "\n\nevent: message_stop\ndata: "
            + enc({"type": "message_stop"})
            + "\n\n"
        )
        head = "$ curl -sN https://api.anthropic.com/v1/messages -H \"x-api-key: $ANTHROPIC_API_KEY\" -H 'anthropic-version: 2023-06-01' -d @req.json"
    else:
        t0 = R.randint(10, 50)
        body = "".join(
            enc(
                {
                    "model": "llama3.1:8b",
                    "created_at": f"2026-05-04T10:11:{t0 + n // 40:02d}.{R.randint(100000, 999999)}Z",
                    "message": {"role": "assistant", "content": c},
                    "done": False,
                }
            )
            + "\n"
            for n, c in enumerate(chunks)
        )
        body += (
            enc(
                {
                    "model": "llama3.1:8b",
                    "created_at": "2026-05-04T10:12:00.000000Z",
                    "message": {"role": "assistant", "content": ""},
                    "done": True,
                    "done_reason": "stop",
                }
            )
            + "\n"
        )
        head = "$ curl -sN http://127.0.0.1:11434/api/chat -d @req.json"

    def piecer(a):
        out, start = [], 0
        while (k := reply.find(a, start)) >= 0:
            out += [reply[max(k, s) : min(k + len(a), e)] for s, e in bounds if s < k + len(a) and e > k]
            start = k + 1
        return list(dict.fromkeys(out))

    if R.random() < 0.5:
        return "result", "terminal", head + "\n" + body, piecer
    return "result", "read_file", body, piecer


# -- spreadsheet-xml (held out)


def ods_text(s):
    """Text as an ODS `<text:p>` holds it: XML escapes, runs of spaces as `<text:s text:c="n"/>`, tabs as `<text:tab/>`."""
    out, i = [], 0
    s = xml_escape(s, {'"': "&quot;"})
    while i < len(s):
        if s[i] == " ":
            j = i
            while j < len(s) and s[j] == " ":
                j += 1
            n = j - i
            out.append(" " if n == 1 else f'<text:s text:c="{n}"/>' if i == 0 else " " + (f'<text:s text:c="{n - 1}"/>' if n > 2 else "<text:s/>"))
            i = j
        elif s[i] == "\t":
            out.append("<text:tab/>")
            i += 1
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def spreadsheet_xml(it):
    """A spreadsheet's XML read out of its zip: `xl/sharedStrings.xml` or a sheet's inline strings (one line, Excel's
    escapes), or ODS `content.xml` (`<text:s/>` for spaces): env values as name / value rows, a command as a runbook
    cell, a file one line a cell."""
    pairs = env_pairs(it)
    if pairs is not None:
        rows = [["Variable", "Value"], *[[k, v] for k, v in pairs]]
    elif it["shape"] == "cmd":
        rows = [["Step", "Command"], ["1", "git pull --ff-only"], ["2", it["text"]]]
    else:
        rows = [[it["name"]], *[[ln] for ln in file_lines(it["text"])]]
    style = pick("shared", "inline", "ods")
    if style == "shared":
        strings = list(dict.fromkeys(c for r in rows for c in r))
        si = "".join(
            f'<si><t xml:space="preserve">{xml_escape(s)}</t></si>' if s != s.strip() or not s else f"<si><t>{xml_escape(s)}</t></si>"
            for s in strings
        )
        xml = (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
            f'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="{sum(len(r) for r in rows)}" uniqueCount="{len(strings)}">{si}</sst>'
        )
        head, piecer = "$ unzip -p Runbook.xlsx xl/sharedStrings.xml", lambda a: [xml_escape(a)]
    elif style == "inline":
        cells = "".join(
            f'<row r="{n}">'
            + "".join(f'<c r="{"AB"[m]}{n}" t="inlineStr"><is><t xml:space="preserve">{xml_escape(c)}</t></is></c>' for m, c in enumerate(r))
            + "</row>"
            for n, r in enumerate(rows, 1)
        )
        xml = (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
            f'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{cells}</sheetData></worksheet>'
        )
        head, piecer = "$ unzip -p export.xlsx xl/worksheets/sheet1.xml", lambda a: [xml_escape(a)]
    else:
        cells = "".join(
            "<table:table-row>"
            + "".join(
                f'<table:table-cell office:value-type="string" calcext:value-type="string"><text:p>{ods_text(c)}</text:p></table:table-cell>'
                for c in r
            )
            + "</table:table-row>"
            for r in rows
        )
        xml = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
            'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" office:version="1.3">'
            f'<office:body><office:spreadsheet><table:table table:name="Sheet1">{cells}</table:table></office:spreadsheet></office:body></office:document-content>'
        )
        head, piecer = "$ unzip -p handover.ods content.xml", lambda a: [ods_text(a)]
    return "result", "terminal", head + "\n" + xml + "\n", piecer


CONTEXTS = {
    # dev
    "crontab-listing": crontab_listing,
    "nix-config": nix_config,
    "mobile-source": mobile_source,
    "makefile-recipe": makefile_recipe,
    "ipynb-magics": ipynb_magics,
    # held out
    "beam-lisp-lua-source": beam_lisp_lua_source,
    "llm-stream": llm_stream,
    "spreadsheet-xml": spreadsheet_xml,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r11", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
