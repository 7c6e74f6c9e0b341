"""Round 18 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 17 have been read, measured or worked on, or written. Round 18 was written blind, like
rounds 5 to 17: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL fields), never the rules
nor anything else under `engine/`, `BENCHMARKS.md`, `README.md` nor `docs/`, and never ran the
engine on it.

Kind families and context families: see `SPLIT.md`, round 18. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round18.py     # rewrites round18.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
from pathlib import Path

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
    clean,
    cmd,
    cmd_clean,
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
    rs,
    uuid4,
    write_round,
)

SEED = 2084
OUT = Path(__file__).with_name("round18.jsonl")

HELD_OUT_KINDS = {"voice-telephony-keys", "property-rental-keys"}
HELD_OUT_CONTEXTS = {"format-patch-mbox", "notion-blocks", "ltrace-calls"}


def ref(name):
    return pick("${" + name + "}", "$" + name)


def hs256(claims):
    return jwt({"alg": "HS256", "typ": "JWT"}, claims)


def rs256(claims, kid=None):
    head = {"alg": "RS256", "typ": "JWT"}
    if kid:
        head["kid"] = kid
    return jwt(head, claims, sig_len=256)


def masked(n=16):
    return "*" * n


def ulid():
    return "01J" + rs(23, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")


# ---------------------------------------------------------------- kind: incident-status-keys


def incident_status_keys(is_clean):
    """Incident-response and status-page APIs: incident.io, FireHydrant `fhb-`, Rootly `rootly_`, Atlassian Statuspage
    (`Authorization: OAuth <uuid>`), Healthchecks.io project keys, Squadcast refresh tokens, Zenduty, Cachet."""
    if is_clean:
        form = deal("incident/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("INCIDENT_IO_API_KEY", "<incident-io-api-key>"),
                    ("ROOTLY_API_TOKEN", "rootly_" + masked(12)),
                    ("STATUSPAGE_PAGE_ID", rs(12, LOWER + DIGITS)),
                    ("STATUSPAGE_API_KEY", ""),
                    ("SQUADCAST_REFRESH_TOKEN", ref("SQUADCAST_REFRESH_TOKEN")),
                ]
            )
        if form == 1:
            doc = {
                "incident": {
                    "id": ulid(),
                    "reference": f"INC-{R.randint(100, 999)}",
                    "status": "investigating",
                    "severity": {"id": ulid(), "name": "Minor"},
                    "slack_channel_id": "C0" + rs(9, UPPER + DIGITS),
                },
                "statuspage": {"page_id": rs(12, LOWER + DIGITS), "component_id": rs(12, LOWER + DIGITS)},
                "healthcheck": {"uuid": uuid4(), "slug": "nightly-backup", "last_ping": "2026-12-05T03:00:12+00:00"},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/incident.json")
        if form == 2:
            return cmd_clean(
                f'curl -s https://api.statuspage.io/v1/pages/{rs(12, LOWER + DIGITS)}/incidents -H "Authorization: OAuth $STATUSPAGE_API_KEY"',
                name="scripts/incidents.sh",
            )
        if form == 3:
            text = (
                "import os\n\nimport requests\n\n"
                'ROOTLY = {"Authorization": "Bearer " + os.environ["ROOTLY_API_TOKEN"]}\n'
                'ZENDUTY = {"Authorization": "Token " + os.environ.get("ZENDUTY_API_KEY", "")}\n'
                'FIREHYDRANT_TOKEN = os.environ.get("FIREHYDRANT_API_KEY", "fhb-<bot-token>")\n'
            )
            return clean(text, fmt="py", name="oncall/clients.py")
        return env_clean(
            [
                ("HC_PING_URL", "https://hc-ping.com/" + ref("HC_PING_KEY") + "/nightly-backup"),
                ("HEALTHCHECKS_API_KEY", "changeme"),
                ("ZENDUTY_API_KEY", "xxxxxxxx"),
                ("CACHET_API_TOKEN", masked(20)),
            ]
        )
    form = deal("incident/secret", 8)
    if form == 0:
        k = rs(64, ALNUM)
        if R.random() < 0.5:
            return env([("INCIDENT_IO_API_KEY", k), ("INCIDENT_IO_SEVERITY", "minor")], [("incident-io-api-key", k)])
        return cmd(
            f'curl -s https://api.incident.io/v2/incidents -H "Authorization: Bearer {k}" -H "Content-Type: application/json"',
            [("incident-io-api-key", k)],
        )
    if form == 1:
        k = "fhb-" + rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.firehydrant.io/v1/incidents -H "Authorization: {k}"', [("firehydrant-bot-token", k)])
        return env([("FIREHYDRANT_API_KEY", k)], [("firehydrant-bot-token", k)])
    if form == 2:
        k = "rootly_" + rs(64, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.rootly.com/v1/incidents -H "Authorization: Bearer {k}"', [("rootly-api-token", k)])
        return env([("ROOTLY_API_TOKEN", k), ("ROOTLY_TEAM", "platform")], [("rootly-api-token", k)])
    if form == 3:
        k = uuid4()
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://api.statuspage.io/v1/pages/{rs(12, LOWER + DIGITS)}/incidents -H "Authorization: OAuth {k}"',
                [("statuspage-api-key", k)],
            )
        return env([("STATUSPAGE_PAGE_ID", rs(12, LOWER + DIGITS)), ("STATUSPAGE_API_KEY", k)], [("statuspage-api-key", k)])
    if form == 4:
        k = rs(32, ALNUM + "-_")
        return cmd(f'curl -s https://healthchecks.io/api/v3/checks/ -H "X-Api-Key: {k}"', [("healthchecks-api-key", k)])
    if form == 5:
        k = rs(40, HEX)
        if R.random() < 0.5:
            return env([("SQUADCAST_REFRESH_TOKEN", k)], [("squadcast-refresh-token", k)])
        return cmd(f'curl -s https://auth.squadcast.com/oauth/access-token -H "X-Refresh-Token: {k}"', [("squadcast-refresh-token", k)])
    if form == 6:
        k = rs(40, HEX)
        return cmd(
            f'curl -s https://www.zenduty.com/api/account/teams/ -H "Authorization: Token {k}" -H "Content-Type: application/json"',
            [("zenduty-api-key", k)],
        )
    k = rs(20, ALNUM)
    text = f"cachet:\n  url: https://status.corp.example/api/v1\n  token: {k}\n  component_ids: [1, 3, 4]\n"
    return item(text, [("cachet-api-token", k)], fmt="yaml", name="config/status.yml")


# ---------------------------------------------------------------- kind: kyc-verification-keys


def kyc_verification_keys(is_clean):
    """Identity-verification (KYC) APIs: Onfido `api_live.`, Persona `persona_production_`, Sumsub app token and
    secret key (two credentials), Veriff shared secret (beside its API key), Alloy, Socure, Shufti Pro, Jumio."""
    if is_clean:
        form = deal("kyc/clean", 5)
        if form == 0:
            doc = {
                "applicant_id": uuid4(),
                "check_id": uuid4(),
                "persona_inquiry": "inq_" + rs(24, ALNUM),
                "persona_template": "itmpl_" + rs(24, ALNUM),
                "sumsub_applicant": rs(24, HEX),
                "veriff_session": uuid4(),
                "result": "clear",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/kyc-result.json")
        if form == 1:
            return env_clean(
                [
                    ("ONFIDO_API_TOKEN", "api_live." + masked(12)),
                    ("PERSONA_API_KEY", "<persona-api-key>"),
                    ("SUMSUB_APP_TOKEN", ""),
                    ("SUMSUB_SECRET_KEY", ref("SUMSUB_SECRET_KEY")),
                    ("VERIFF_BASE_URL", "https://stationapi.veriff.com"),
                ]
            )
        if form == 2:
            text = (
                "POST /webhooks/persona HTTP/1.1\nHost: kyc.corp.example\nContent-Type: application/json\n"
                f"Persona-Signature: t={R.randint(1_767_000_000, 1_779_000_000)},v1={rs(64, HEX)}\n"
                f"X-Payload-Digest: {rs(64, HEX)}\nX-Request-Id: {uuid4()}\n"
            )
            return clean(text, name="captures/webhook.http")
        if form == 3:
            text = (
                "import os\n\nimport onfido\n\n"
                'client = onfido.DefaultApi(onfido.ApiClient(onfido.Configuration(api_token=os.environ["ONFIDO_API_TOKEN"])))\n'
                'ALLOY_AUTH = (os.environ["ALLOY_TOKEN"], os.environ["ALLOY_SECRET"])\n'
            )
            return clean(text, fmt="py", name="kyc/clients.py")
        return cmd_clean(
            f'curl -s https://api.withpersona.com/api/v1/inquiries/inq_{rs(24, ALNUM)} -H "Authorization: Bearer $PERSONA_API_KEY"',
            name="scripts/inquiry.sh",
        )
    form = deal("kyc/secret", 8)
    if form == 0:
        t = "api_live." + rs(11, ALNUM + "-_") + "." + rs(32, ALNUM + "-_")
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://api.eu.onfido.com/v3.6/applicants -H "Authorization: Token token={t}"',
                [("onfido-api-token", t)],
            )
        return env([("ONFIDO_API_TOKEN", t), ("ONFIDO_REGION", "EU")], [("onfido-api-token", t)])
    if form == 1:
        k = "persona_production_" + uuid4()
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.withpersona.com/api/v1/inquiries -H "Authorization: Bearer {k}"', [("persona-api-key", k)])
        return env([("PERSONA_API_KEY", k), ("PERSONA_TEMPLATE_ID", "itmpl_" + rs(24, ALNUM))], [("persona-api-key", k)])
    if form == 2:
        t, s = "prd:" + rs(24, ALNUM) + "." + rs(32, ALNUM), rs(32, ALNUM)
        return env(
            [("SUMSUB_APP_TOKEN", t), ("SUMSUB_SECRET_KEY", s), ("SUMSUB_LEVEL", "basic-kyc-level")],
            [("sumsub-app-token", t), ("sumsub-secret-key", s)],
        )
    if form == 3:
        key, s = uuid4(), uuid4()
        if R.random() < 0.5:
            return env([("VERIFF_API_KEY", key), ("VERIFF_SHARED_SECRET", s)], [("veriff-shared-secret", s)])
        text = f'import hashlib\nimport hmac\n\nVERIFF_SHARED_SECRET = b"{s}"\n\n\ndef sign(body):\n    return hmac.new(VERIFF_SHARED_SECRET, body, hashlib.sha256).hexdigest()\n'
        return item(text, [("veriff-shared-secret", s)], fmt="py", name="kyc/veriff.py")
    if form == 4:
        tok, s = rs(32, ALNUM), rs(32, ALNUM)
        return cmd(
            f"curl -s https://sandbox.alloy.co/v1/evaluations -u {tok}:{s} -H 'Content-Type: application/json' -d @applicant.json",
            [("alloy-api-secret", s)],
        )
    if form == 5:
        k = uuid4()
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://service.socure.com/api/3.0/EmailAuthScore -H "Authorization: SocureApiKey {k}" -d @person.json',
                [("socure-api-key", k)],
            )
        return env([("SOCURE_API_KEY", k)], [("socure-api-key", k)])
    if form == 6:
        cid, s = rs(64, HEX), rs(R.randint(32, 40), ALNUM)
        return env([("SHUFTI_CLIENT_ID", cid), ("SHUFTI_SECRET_KEY", s)], [("shufti-secret-key", s)])
    tok, s = uuid4(), rs(32, ALNUM)
    text = (
        "import requests\n\n"
        f'JUMIO_TOKEN = "{tok}"\n'
        f'r = requests.post("https://account.amer-1.jumio.ai/oauth2/token", data={{"grant_type": "client_credentials"}}, auth=(JUMIO_TOKEN, "{s}"))\n'
    )
    return item(text, [("jumio-api-secret", s)], fmt="py", name="kyc/jumio.py")


# ---------------------------------------------------------------- kind: headless-commerce-keys


def headless_commerce_keys(is_clean):
    """Headless-commerce APIs: commercetools client secrets, Saleor app tokens, Magento integration tokens, PrestaShop
    webservice keys (`-u key:`, `ws_key=`), Swell `sk_` (positional `swell.init`), Snipcart secret keys, Commerce Layer
    client secrets (a JSON token request), Medusa `sk_` secret API keys."""
    if is_clean:
        form = deal("commerce/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("CTP_PROJECT_KEY", pick("corp-prod", "corp-eu")),
                    ("CTP_CLIENT_ID", rs(24, ALNUM + "-_")),
                    ("CTP_CLIENT_SECRET", ""),
                    ("CTP_AUTH_URL", "https://auth.europe-west1.gcp.commercetools.com"),
                    ("MEDUSA_PUBLISHABLE_KEY", "pk_" + rs(64, HEX)),
                ]
            )
        if form == 1:
            doc = {
                "order": {"id": b64(f"Order:{uuid4()}".encode()).rstrip("="), "number": str(R.randint(1000, 9999))},
                "magento_cart_id": rs(32, LOWER + DIGITS),
                "increment_id": "0000" + rs(5, DIGITS),
                "prestashop_order_reference": rs(9, UPPER),
                "checksum": rs(64, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/order.json")
        if form == 2:
            text = (
                f'<div hidden id="snipcart" data-api-key="{rs(64, ALNUM)}" data-config-modal-style="side"></div>\n'
                '<script async src="https://cdn.snipcart.com/themes/v3.7.1/default/snipcart.js"></script>\n'
            )
            return clean(text, fmt="html", name="site/layouts/cart.html")
        if form == 3:
            text = (
                "const swell = require('swell-node');\n\n"
                "swell.init(process.env.SWELL_STORE_ID, process.env.SWELL_SECRET_KEY);\n"
                "const medusaKey = process.env.MEDUSA_SECRET_KEY ?? '<medusa-secret-key>';\n"
            )
            return clean(text, fmt="js", name="shop/client.js")
        return env_clean(
            [
                ("SALEOR_APP_TOKEN", masked(30)),
                ("MAGENTO_ACCESS_TOKEN", "REPLACE_ME"),
                ("PRESTASHOP_WS_KEY", "<prestashop-webservice-key>"),
                ("COMMERCELAYER_CLIENT_SECRET", ref("COMMERCELAYER_CLIENT_SECRET")),
            ]
        )
    form = deal("commerce/secret", 8)
    if form == 0:
        cid, s = rs(24, ALNUM + "-_"), rs(32, ALNUM + "-_")
        if R.random() < 0.5:
            return env(
                [("CTP_PROJECT_KEY", "corp-prod"), ("CTP_CLIENT_ID", cid), ("CTP_CLIENT_SECRET", s), ("CTP_SCOPES", "manage_project:corp-prod")],
                [("commercetools-client-secret", s)],
            )
        return cmd(
            f"curl -s https://auth.europe-west1.gcp.commercetools.com/oauth/token -u {cid}:{s} -d grant_type=client_credentials",
            [("commercetools-client-secret", s)],
        )
    if form == 1:
        t = rs(30, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://shop.corp.example/graphql/ -H 'Authorization: Bearer {t}' -H 'Content-Type: application/json' -d @orders.json",
                [("saleor-app-token", t)],
            )
        return env([("SALEOR_API_URL", "https://shop.corp.example/graphql/"), ("SALEOR_APP_TOKEN", t)], [("saleor-app-token", t)])
    if form == 2:
        t = rs(32, LOWER + DIGITS)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://magento.corp.example/rest/V1/products?searchCriteria[pageSize]=20" -H "Authorization: Bearer {t}"',
                [("magento-access-token", t)],
            )
        return env([("MAGENTO_BASE_URL", "https://magento.corp.example"), ("MAGENTO_ACCESS_TOKEN", t)], [("magento-access-token", t)])
    if form == 3:
        k = rs(32, UPPER + DIGITS)
        if R.random() < 0.5:
            return cmd(f"curl -s -u {k}: 'https://shop.corp.example/api/products?output_format=JSON'", [("prestashop-webservice-key", k)])
        return cmd(f"curl -s 'https://shop.corp.example/api/orders?ws_key={k}&output_format=JSON&display=full'", [("prestashop-webservice-key", k)])
    if form == 4:
        k = "sk_" + rs(32, ALNUM)
        text = f"const swell = require('swell-node');\n\nswell.init('{pick('corp', 'corp-shop')}', '{k}');\nmodule.exports = swell;\n"
        return item(text, [("swell-secret-key", k)], fmt="js", name="shop/swell.js")
    if form == 5:
        k = rs(60, ALNUM)
        return cmd(f"curl -s https://app.snipcart.com/api/orders -u {k}: -H 'Accept: application/json'", [("snipcart-secret-key", k)])
    if form == 6:
        cid, s = rs(43, URLSAFE), rs(43, URLSAFE)
        body = json.dumps({"grant_type": "client_credentials", "client_id": cid, "client_secret": s})
        return cmd(
            f"curl -s https://auth.commercelayer.io/oauth/token -H 'Content-Type: application/json' -d '{body}'",
            [("commercelayer-client-secret", s)],
        )
    k = "sk_" + rs(64, HEX)
    if R.random() < 0.5:
        return cmd(f"curl -s https://medusa.corp.example/admin/products -u {k}:", [("medusa-secret-key", k)])
    return env([("MEDUSA_BACKEND_URL", "https://medusa.corp.example"), ("MEDUSA_SECRET_KEY", k)], [("medusa-secret-key", k)])


# ---------------------------------------------------------------- kind: carrier-logistics-keys


def carrier_logistics_keys(is_clean):
    """Carrier and shipping APIs: FedEx secret keys (token form), UPS client secrets (`-u id:secret`), DHL `DHL-API-Key`,
    USPS consumer secrets, ShipEngine `API-Key`, AfterShip `asat_`, Sendcloud secret keys, 17TRACK `17token`."""
    if is_clean:
        form = deal("carrier/clean", 5)
        if form == 0:
            doc = {
                "shipments": [
                    {"carrier": "ups", "tracking_number": "1Z" + rs(16, UPPER + DIGITS)},
                    {"carrier": "fedex", "tracking_number": rs(12, DIGITS)},
                    {"carrier": "dhl", "tracking_number": rs(10, DIGITS)},
                ],
                "label_id": "se-" + rs(9, DIGITS),
                "aftership_tracking_id": rs(24, LOWER + DIGITS),
                "label_sha256": rs(64, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/shipments.json")
        if form == 1:
            return env_clean(
                [
                    ("FEDEX_CLIENT_ID", "l7" + rs(30, HEX)),
                    ("FEDEX_SECRET_KEY", ref("FEDEX_SECRET_KEY")),
                    ("FEDEX_ACCOUNT_NUMBER", rs(9, DIGITS)),
                    ("UPS_CLIENT_SECRET", ""),
                ]
            )
        if form == 2:
            return cmd_clean(
                'curl -s "https://api-eu.dhl.com/track/shipments?trackingNumber=' + rs(10, DIGITS) + '" -H "DHL-API-Key: $DHL_API_KEY"',
                name="scripts/track.sh",
            )
        if form == 3:
            text = (
                "import os\n\nimport requests\n\n"
                'SHIPENGINE = {"API-Key": os.environ["SHIPENGINE_API_KEY"]}\n'
                'AFTERSHIP = {"as-api-key": os.environ.get("AFTERSHIP_API_KEY", "asat_<your-key>")}\n'
            )
            return clean(text, fmt="py", name="shipping/clients.py")
        return env_clean(
            [
                ("SENDCLOUD_PUBLIC_KEY", rs(32, HEX)),
                ("SENDCLOUD_SECRET_KEY", masked(32)),
                ("USPS_CONSUMER_SECRET", "TODO"),
                ("TRACK17_TOKEN", "xxxxxxxx"),
            ]
        )
    form = deal("carrier/secret", 8)
    if form == 0:
        cid, s = "l7" + rs(30, HEX), rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://apis.fedex.com/oauth/token -H 'Content-Type: application/x-www-form-urlencoded' "
                f"-d 'grant_type=client_credentials&client_id={cid}&client_secret={s}'",
                [("fedex-secret-key", s)],
            )
        return env([("FEDEX_API_KEY", cid), ("FEDEX_SECRET_KEY", s), ("FEDEX_ACCOUNT_NUMBER", rs(9, DIGITS))], [("fedex-secret-key", s)])
    if form == 1:
        cid, s = rs(48, ALNUM), rs(64, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://onlinetools.ups.com/security/v1/oauth/token -u {cid}:{s} -d grant_type=client_credentials",
                [("ups-client-secret", s)],
            )
        return env([("UPS_CLIENT_ID", cid), ("UPS_CLIENT_SECRET", s)], [("ups-client-secret", s)])
    if form == 2:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://api-eu.dhl.com/track/shipments?trackingNumber={rs(10, DIGITS)}" -H "DHL-API-Key: {k}"',
                [("dhl-api-key", k)],
            )
        return env([("DHL_API_KEY", k)], [("dhl-api-key", k)])
    if form == 3:
        cid, s = rs(32, ALNUM), rs(16, ALNUM)
        return env([("USPS_CONSUMER_KEY", cid), ("USPS_CONSUMER_SECRET", s)], [("usps-consumer-secret", s)])
    if form == 4:
        k = rs(43, ALNUM + "+/")
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://api.shipengine.com/v1/labels -H "API-Key: {k}" -H "Content-Type: application/json" -d @label.json',
                [("shipengine-api-key", k)],
            )
        text = f"shipengine:\n  api_key: {k}\n  carrier_id: se-{rs(7, DIGITS)}\n  timeout: 30\n"
        return item(text, [("shipengine-api-key", k)], fmt="yaml", name="config/shipping.yml")
    if form == 5:
        k = "asat_" + rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.aftership.com/tracking/2024-10/trackings -H "as-api-key: {k}"', [("aftership-api-key", k)])
        return env([("AFTERSHIP_API_KEY", k)], [("aftership-api-key", k)])
    if form == 6:
        pub, s = rs(32, HEX), rs(32, HEX)
        return cmd(f"curl -s https://panel.sendcloud.sc/api/v2/parcels -u {pub}:{s}", [("sendcloud-secret-key", s)])
    k = rs(32, UHEX)
    return cmd(
        f"curl -s -X POST https://api.17track.net/track/v2.2/gettrackinfo -H '17token: {k}' -H 'Content-Type: application/json' -d @numbers.json",
        [("17track-token", k)],
    )


# ---------------------------------------------------------------- kind: ad-network-keys


def ad_network_keys(is_clean):
    """Ad-network and marketing APIs: Google Ads developer tokens (`google-ads.yaml`, `developer-token:`), Meta system-user
    tokens `EAA…` and app secrets (positional `FacebookAdsApi.init`), TikTok `Access-Token`, Microsoft Advertising
    developer tokens, AppLovin report keys (`api_key=`), Criteo and Taboola client secrets (token forms)."""
    if is_clean:
        form = deal("ads/clean", 5)
        if form == 0:
            text = (
                f"<!-- Meta Pixel -->\n<script>fbq('init', '{rs(16, DIGITS)}'); fbq('track', 'PageView');</script>\n"
                f"<script>ttq.load('C{rs(19, UPPER + DIGITS)}'); ttq.page();</script>\n"
                f'<meta name="facebook-domain-verification" content="{rs(30, LOWER + DIGITS)}" />\n'
            )
            return clean(text, fmt="html", name="site/partials/pixels.html")
        if form == 1:
            return clean(
                f"AppLovinSdkKey={rs(86, ALNUM + '-_')}\nfacebook_app_id={rs(15, DIGITS)}\nfacebook_client_token={rs(32, HEX)}\n",
                fmt="properties",
                name="android/app/ads.properties",
            )
        if form == 2:
            doc = {
                "customer_id": f"{rs(3, DIGITS)}-{rs(3, DIGITS)}-{rs(4, DIGITS)}",
                "ad_account": "act_" + rs(15, DIGITS),
                "gclid": "Cj0KCQiA" + rs(80, ALNUM + "-_"),
                "fbclid": "IwAR" + rs(56, ALNUM + "-_"),
                "campaign_id": rs(11, DIGITS),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/attribution.json")
        if form == 3:
            text = (
                "developer_token: ${GOOGLE_ADS_DEVELOPER_TOKEN}\n"
                f"client_id: {rs(12, DIGITS)}-{rs(32, LOWER + DIGITS)}.apps.googleusercontent.com\n"
                "client_secret: ${GOOGLE_ADS_CLIENT_SECRET}\n"
                "refresh_token: ${GOOGLE_ADS_REFRESH_TOKEN}\n"
                f"login_customer_id: {rs(10, DIGITS)}\nuse_proto_plus: True\n"
            )
            return clean(text, fmt="yaml", name="google-ads.yaml")
        return env_clean(
            [
                ("META_ACCESS_TOKEN", "EAA" + masked(12)),
                ("META_APP_SECRET", "<meta-app-secret>"),
                ("TIKTOK_ACCESS_TOKEN", ""),
                ("MSADS_DEVELOPER_TOKEN", "changeme"),
                ("CRITEO_CLIENT_SECRET", ref("CRITEO_CLIENT_SECRET")),
            ]
        )
    form = deal("ads/secret", 8)
    if form == 0:
        t = rs(22, ALNUM + "-_")
        if R.random() < 0.5:
            text = (
                f"developer_token: {t}\n"
                f"client_id: {rs(12, DIGITS)}-{rs(32, LOWER + DIGITS)}.apps.googleusercontent.com\n"
                "client_secret: ${GOOGLE_ADS_CLIENT_SECRET}\n"
                f"login_customer_id: {rs(10, DIGITS)}\nuse_proto_plus: True\n"
            )
            return item(text, [("google-ads-developer-token", t)], fmt="yaml", name="google-ads.yaml")
        return cmd(
            f"curl -s https://googleads.googleapis.com/v18/customers/{rs(10, DIGITS)}/googleAds:search "
            f'-H "Authorization: Bearer $GADS_ACCESS_TOKEN" -H "developer-token: {t}" -d @query.json',
            [("google-ads-developer-token", t)],
        )
    if form == 1:
        t = "EAA" + pick("G", "B", "J", "Y") + rs(R.randint(170, 200), ALNUM)
        if R.random() < 0.5:
            return env([("META_AD_ACCOUNT", "act_" + rs(15, DIGITS)), ("META_ACCESS_TOKEN", t)], [("meta-access-token", t)])
        return cmd(
            f"curl -s 'https://graph.facebook.com/v21.0/act_{rs(15, DIGITS)}/insights?fields=spend,clicks&date_preset=yesterday&access_token={t}'",
            [("meta-access-token", t)],
        )
    if form == 2:
        app, s = rs(15, DIGITS), rs(32, HEX)
        if R.random() < 0.5:
            return env([("META_APP_ID", app), ("META_APP_SECRET", s)], [("meta-app-secret", s)])
        text = (
            f'import os\n\nfrom facebook_business.api import FacebookAdsApi\n\nFacebookAdsApi.init("{app}", "{s}", os.environ["META_ACCESS_TOKEN"])\n'
        )
        return item(text, [("meta-app-secret", s)], fmt="py", name="ads/meta_sync.py")
    if form == 3:
        t = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://business-api.tiktok.com/open_api/v1.3/advertiser/info/?advertiser_ids=[\"{rs(19, DIGITS)}\"]' -H 'Access-Token: {t}'",
                [("tiktok-ads-access-token", t)],
            )
        return env([("TIKTOK_ADVERTISER_ID", rs(19, DIGITS)), ("TIKTOK_ACCESS_TOKEN", t)], [("tiktok-ads-access-token", t)])
    if form == 4:
        t = rs(16, UPPER + DIGITS)
        text = (
            "from bingads.authorization import AuthorizationData\n\n"
            "auth = AuthorizationData(\n"
            f"    account_id={rs(9, DIGITS)},\n    customer_id={rs(9, DIGITS)},\n"
            f'    developer_token="{t}",\n    authentication=None,\n)\n'
        )
        return item(text, [("msads-developer-token", t)], fmt="py", name="ads/bing.py")
    if form == 5:
        k = rs(86, ALNUM + "-_")
        return cmd(
            f"curl -s 'https://r.applovin.com/maxReport?api_key={k}&start=2026-12-01&end=2026-12-05&columns=day,application,estimated_revenue&format=json'",
            [("applovin-report-key", k)],
        )
    if form == 6:
        cid, s = uuid4(), rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://api.criteo.com/oauth2/token -d grant_type=client_credentials -d client_id={cid} -d client_secret={s}",
                [("criteo-client-secret", s)],
            )
        return env([("CRITEO_CLIENT_ID", cid), ("CRITEO_CLIENT_SECRET", s)], [("criteo-client-secret", s)])
    cid, s = rs(32, HEX), rs(32, HEX)
    return cmd(
        f"curl -s -X POST https://backstage.taboola.com/backstage/oauth/token -d 'client_id={cid}&client_secret={s}&grant_type=client_credentials'",
        [("taboola-client-secret", s)],
    )


# ---------------------------------------------------------------- kind: health-fhir-keys


def health_fhir_keys(is_clean):
    """Health-data and FHIR APIs: Medplum client secrets (positional `startClientLogin`), Redox secrets (a JSON body),
    Terra `x-api-key` (beside `dev-id`), Healthie `Authorization: Basic <key>`, Metriport `x-api-key`, Vital `sk_us_`,
    athenahealth client secrets (`-u id:secret`), 1upHealth `client_secret=` in a URL."""
    if is_clean:
        form = deal("health/clean", 5)
        if form == 0:
            doc = {
                "resourceType": "Patient",
                "id": uuid4(),
                "meta": {"versionId": uuid4(), "lastUpdated": "2026-12-05T10:11:12.000Z", "project": uuid4()},
                "identifier": [
                    {"system": "http://hl7.org/fhir/sid/us-npi", "value": rs(10, DIGITS)},
                    {"system": "urn:corp:mrn", "value": "MRN" + rs(8, DIGITS)},
                ],
                "name": [{"family": pick("Nguyen", "Okafor", "Schmidt"), "given": [pick("Ana", "Tom", "Mei")]}],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/patient.json")
        if form == 1:
            return env_clean(
                [
                    ("MEDPLUM_BASE_URL", "https://api.medplum.com/"),
                    ("MEDPLUM_CLIENT_ID", uuid4()),
                    ("MEDPLUM_CLIENT_SECRET", ref("MEDPLUM_CLIENT_SECRET")),
                    ("TERRA_DEV_ID", f"corp-{pick('prod', 'staging')}-{rs(6, LOWER + DIGITS)}"),
                    ("TERRA_API_KEY", ""),
                ]
            )
        if form == 2:
            text = (
                "import { MedplumClient } from '@medplum/core';\n\n"
                "const medplum = new MedplumClient({ baseUrl: process.env.MEDPLUM_BASE_URL });\n"
                "await medplum.startClientLogin(process.env.MEDPLUM_CLIENT_ID, process.env.MEDPLUM_CLIENT_SECRET);\n"
            )
            return clean(text, fmt="js", name="ehr/medplum.mjs")
        if form == 3:
            return cmd_clean(
                f'curl -s https://api.tryterra.co/v2/userInfo?user_id={uuid4()} -H "dev-id: corp-prod-{rs(6, LOWER + DIGITS)}" -H "x-api-key: $TERRA_API_KEY"',
                name="scripts/terra.sh",
            )
        return env_clean(
            [
                ("VITAL_API_KEY", "sk_us_" + masked(12)),
                ("HEALTHIE_API_KEY", "<healthie-api-key>"),
                ("METRIPORT_API_KEY", "REPLACE_ME"),
                ("ATHENA_CLIENT_SECRET", masked(24)),
            ]
        )
    form = deal("health/secret", 8)
    if form == 0:
        cid, s = uuid4(), rs(64, HEX)
        if R.random() < 0.5:
            return env([("MEDPLUM_CLIENT_ID", cid), ("MEDPLUM_CLIENT_SECRET", s)], [("medplum-client-secret", s)])
        text = (
            "import { MedplumClient } from '@medplum/core';\n\n"
            "const medplum = new MedplumClient();\n"
            f"await medplum.startClientLogin('{cid}', '{s}');\n"
        )
        return item(text, [("medplum-client-secret", s)], fmt="js", name="ehr/medplum.mjs")
    if form == 1:
        key, s = uuid4(), rs(R.randint(30, 40), ALNUM)
        body = json.dumps({"apiKey": key, "secret": s})
        return cmd(
            f"curl -s -X POST https://api.redoxengine.com/auth/authenticate -H 'Content-Type: application/json' -d '{body}'",
            [("redox-secret", s)],
        )
    if form == 2:
        k = rs(32, ALNUM + "-_")
        dev = f"corp-prod-{rs(6, LOWER + DIGITS)}"
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://api.tryterra.co/v2/subscriptions -H "dev-id: {dev}" -H "x-api-key: {k}"',
                [("terra-api-key", k)],
            )
        return env([("TERRA_DEV_ID", dev), ("TERRA_API_KEY", k)], [("terra-api-key", k)])
    if form == 3:
        k = rs(48, ALNUM)
        return cmd(
            f"curl -s https://api.gethealthie.com/graphql -H 'Authorization: Basic {k}' -H 'AuthorizationSource: API' -H 'Content-Type: application/json' -d @query.json",
            [("healthie-api-key", k)],
        )
    if form == 4:
        k = rs(56, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.metriport.com/medical/v1/patient -H "x-api-key: {k}"', [("metriport-api-key", k)])
        return env([("METRIPORT_API_KEY", k)], [("metriport-api-key", k)])
    if form == 5:
        k = "sk_us_" + rs(43, ALNUM + "-_")
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.tryvital.io/v2/user -H "x-vital-api-key: {k}"', [("vital-api-key", k)])
        return env([("VITAL_API_KEY", k), ("VITAL_ENVIRONMENT", "production"), ("VITAL_REGION", "us")], [("vital-api-key", k)])
    if form == 6:
        cid, s = "0oa" + rs(17, ALNUM), rs(40, ALNUM + "-_")
        return cmd(
            f"curl -s -X POST https://api.platform.athenahealth.com/oauth2/v1/token -u {cid}:{s} -d 'grant_type=client_credentials&scope=athena/service/Athenanet.MDP.*'",
            [("athena-client-secret", s)],
        )
    cid, s = rs(32, HEX), rs(32, HEX)
    return cmd(
        f"curl -s -X POST 'https://auth.1up.health/oauth2/token?client_id={cid}&client_secret={s}&code={rs(32, HEX)}&grant_type=authorization_code'",
        [("1uphealth-client-secret", s)],
    )


# ---------------------------------------------------------------- kind: voice-telephony-keys


def voice_telephony_keys(is_clean):
    """Voice and telephony APIs: SignalWire `PT…` tokens (`-u project:token`), Bandwidth API passwords, RingCentral
    client secrets and JWT credentials (two credentials), Aircall (`-u id:token`), Dialpad, Retell `key_`, Exotel
    (key and token in a URL's userinfo), sipgate personal access tokens (`-u token-id:token`)."""
    if is_clean:
        form = deal("voice/clean", 5)
        if form == 0:
            doc = {
                "call_id": uuid4(),
                "project_id": uuid4(),
                "from": "+1" + rs(10, DIGITS),
                "to": "+44" + rs(10, DIGITS),
                "recording_url": f"https://corp.signalwire.com/api/laml/2010-04-01/Accounts/{uuid4()}/Recordings/{uuid4()}",
                "bandwidth_application_id": uuid4(),
                "duration": R.randint(10, 900),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/call.json")
        if form == 1:
            return env_clean(
                [
                    ("SIGNALWIRE_PROJECT_ID", uuid4()),
                    ("SIGNALWIRE_TOKEN", "PT" + masked(12)),
                    ("SIGNALWIRE_SPACE", "corp.signalwire.com"),
                    ("RC_CLIENT_ID", rs(22, ALNUM)),
                    ("RC_CLIENT_SECRET", ""),
                ]
            )
        if form == 2:
            return cmd_clean(
                f"curl -s https://api.aircall.io/v1/calls -u {rs(32, HEX)}:$AIRCALL_API_TOKEN",
                name="scripts/calls.sh",
            )
        if form == 3:
            text = (
                "import os\n\nfrom retell import Retell\n\n"
                'client = Retell(api_key=os.environ["RETELL_API_KEY"])\n'
                'DIALPAD = {"Authorization": "Bearer " + os.environ.get("DIALPAD_API_KEY", "<dialpad-api-key>")}\n'
            )
            return clean(text, fmt="py", name="voice/clients.py")
        return env_clean(
            [
                ("RC_JWT", "eyJraWQiOi" + masked(16)),
                ("BANDWIDTH_PASSWORD", "changeme"),
                ("EXOTEL_API_TOKEN", ref("EXOTEL_API_TOKEN")),
                ("SIPGATE_TOKEN_ID", "token-" + rs(6, UPPER + DIGITS)),
                ("SIPGATE_TOKEN", "TODO"),
            ]
        )
    form = deal("voice/secret", 8)
    if form == 0:
        proj, t = uuid4(), "PT" + rs(48, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://corp.signalwire.com/api/relay/rest/phone_numbers -u {proj}:{t} -H 'Accept: application/json'",
                [("signalwire-api-token", t)],
            )
        return env(
            [("SIGNALWIRE_PROJECT_ID", proj), ("SIGNALWIRE_TOKEN", t), ("SIGNALWIRE_SPACE", "corp.signalwire.com")], [("signalwire-api-token", t)]
        )
    if form == 1:
        pw = password()
        return env(
            [("BANDWIDTH_ACCOUNT_ID", rs(7, DIGITS)), ("BANDWIDTH_USERNAME", "api-ops"), ("BANDWIDTH_PASSWORD", pw)], [("bandwidth-api-password", pw)]
        )
    if form == 2:
        cs = rs(44, ALNUM)
        j = rs256(
            {
                "aud": "https://platform.ringcentral.com/restapi/oauth/token",
                "sub": str(R.randint(10**8, 10**9)),
                "iss": "https://platform.ringcentral.com",
                "exp": 3915000000,
                "iat": 1767000000,
                "jti": rs(22, ALNUM),
            },
            kid=rs(22, ALNUM),
        )
        return env(
            [("RC_SERVER_URL", "https://platform.ringcentral.com"), ("RC_CLIENT_ID", rs(22, ALNUM)), ("RC_CLIENT_SECRET", cs), ("RC_JWT", j)],
            [("ringcentral-client-secret", cs), ("ringcentral-jwt", j)],
        )
    if form == 3:
        aid, t = rs(32, HEX), rs(32, HEX)
        return cmd(f"curl -s https://api.aircall.io/v1/numbers -u {aid}:{t}", [("aircall-api-token", t)])
    if form == 4:
        k = rs(R.randint(56, 64), ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://dialpad.com/api/v2/users -H "Authorization: Bearer {k}"', [("dialpad-api-key", k)])
        return env([("DIALPAD_API_KEY", k)], [("dialpad-api-key", k)])
    if form == 5:
        k = "key_" + rs(24, HEX)
        if R.random() < 0.5:
            text = f'from retell import Retell\n\nclient = Retell(api_key="{k}")\nagents = client.agent.list()\n'
            return item(text, [("retell-api-key", k)], fmt="py", name="voice/agents.py")
        return cmd(f'curl -s https://api.retellai.com/list-agents -H "Authorization: Bearer {k}"', [("retell-api-key", k)])
    if form == 6:
        key, t, sid = rs(40, HEX), rs(40, HEX), pick("corp1", "acme2")
        return cmd(
            f"curl -s -X POST https://{key}:{t}@api.exotel.com/v1/Accounts/{sid}/Calls/connect -d From=0{rs(10, DIGITS)} -d CallerId=0{rs(10, DIGITS)}",
            [("exotel-api-token", t)],
        )
    tid, t = "token-" + rs(6, UPPER + DIGITS), uuid4()
    return cmd(f"curl -s https://api.sipgate.com/v2/history -u {tid}:{t}", [("sipgate-personal-access-token", t)])


# ---------------------------------------------------------------- kind: property-rental-keys


def property_rental_keys(is_clean):
    """Property-data and rental-management APIs: ATTOM `apikey:`, RentCast `X-Api-Key`, Bridge Interactive
    `access_token=`, Regrid (HS256 JWT `token=`), Guesty and Hostaway client secrets (token forms), Buildium
    `x-buildium-client-secret` (beside its client id), Lodgify `X-ApiKey`."""
    if is_clean:
        form = deal("property/clean", 5)
        if form == 0:
            doc = {
                "attomId": R.randint(10**8, 10**9),
                "apn": f"{rs(3, DIGITS)}-{rs(3, DIGITS)}-{rs(2, DIGITS)}",
                "zpid": rs(8, DIGITS),
                "ListingKey": rs(32, HEX),
                "guesty_listing_id": rs(24, HEX),
                "hostaway_reservation_id": R.randint(10**7, 10**8),
                "ll_uuid": uuid4(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/property.json")
        if form == 1:
            return env_clean(
                [
                    ("ATTOM_API_KEY", "<attom-api-key>"),
                    ("RENTCAST_API_KEY", ""),
                    ("BUILDIUM_CLIENT_ID", uuid4()),
                    ("BUILDIUM_CLIENT_SECRET", ref("BUILDIUM_CLIENT_SECRET")),
                ]
            )
        if form == 2:
            return cmd_clean(
                f'curl -s "https://api.rentcast.io/v1/properties?address={R.randint(10, 999)}%20Main%20St" -H "X-Api-Key: $RENTCAST_API_KEY"',
                name="scripts/comps.sh",
            )
        if form == 3:
            text = (
                "import os\n\nimport requests\n\n"
                'ATTOM = {"apikey": os.environ["ATTOM_API_KEY"], "accept": "application/json"}\n'
                'GUESTY_SECRET = os.environ.get("GUESTY_CLIENT_SECRET")\n'
            )
            return clean(text, fmt="py", name="listings/clients.py")
        return env_clean(
            [
                ("REGRID_TOKEN", "eyJhbGciOi" + masked(12)),
                ("BRIDGE_SERVER_TOKEN", masked(32)),
                ("HOSTAWAY_CLIENT_SECRET", "REPLACE_ME"),
                ("LODGIFY_API_KEY", "xxxxxxxx"),
            ]
        )
    form = deal("property/secret", 8)
    if form == 0:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://api.gateway.attomdata.com/propertyapi/v1.0.0/property/detail?attomid={R.randint(10**8, 10**9)}' -H 'apikey: {k}' -H 'accept: application/json'",
                [("attom-api-key", k)],
            )
        return env([("ATTOM_API_KEY", k)], [("attom-api-key", k)])
    if form == 1:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://api.rentcast.io/v1/avm/rent/long-term?address=5500%20Grand%20Lake%20Dr" -H "X-Api-Key: {k}"',
                [("rentcast-api-key", k)],
            )
        return env([("RENTCAST_API_KEY", k)], [("rentcast-api-key", k)])
    if form == 2:
        t = rs(32, HEX)
        return cmd(
            f"curl -s 'https://api.bridgedataoutput.com/api/v2/OData/{pick('actris', 'stellar', 'test')}/Property?access_token={t}&$top=10'",
            [("bridge-server-token", t)],
        )
    if form == 3:
        t = hs256({"iss": "regrid.com", "iat": 1767000000, "g": R.randint(10**4, 10**5), "t": "api", "p": R.randint(1, 9)})
        if R.random() < 0.5:
            return cmd(f"curl -s 'https://app.regrid.com/api/v2/parcels/point?lat=30.26&lon=-97.74&token={t}'", [("regrid-api-token", t)])
        return env([("REGRID_TOKEN", t)], [("regrid-api-token", t)])
    if form == 4:
        cid, s = "0oa" + rs(17, ALNUM), rs(64, ALNUM + "-_")
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://open-api.guesty.com/oauth2/token -d grant_type=client_credentials -d scope=open-api -d client_id={cid} -d client_secret={s}",
                [("guesty-client-secret", s)],
            )
        return env([("GUESTY_CLIENT_ID", cid), ("GUESTY_CLIENT_SECRET", s)], [("guesty-client-secret", s)])
    if form == 5:
        acct, s = str(R.randint(10**4, 10**6)), rs(64, HEX)
        return cmd(
            f"curl -s -X POST https://api.hostaway.com/v1/accessTokens -d 'grant_type=client_credentials&client_id={acct}&client_secret={s}&scope=general'",
            [("hostaway-client-secret", s)],
        )
    if form == 6:
        cid, s = uuid4(), rs(44, ALNUM)
        return cmd(
            f'curl -s https://api.buildium.com/v1/rentals -H "x-buildium-client-id: {cid}" -H "x-buildium-client-secret: {s}"',
            [("buildium-client-secret", s)],
        )
    k = rs(88, ALNUM)
    if R.random() < 0.5:
        return cmd(f'curl -s https://api.lodgify.com/v2/properties -H "X-ApiKey: {k}" -H "accept: application/json"', [("lodgify-api-key", k)])
    return env([("LODGIFY_API_KEY", k)], [("lodgify-api-key", k)])


# ---------------------------------------------------------------- contexts


def abs_path(it):
    p = item_path(it)
    return p if p.startswith("/") else "/srv/app/" + p


def plain_piecer(a):
    """No value of this round holds a character JSON, C-string quoting or the contexts would change."""
    assert not set(a) & set('"\\\n\t'), a
    return [a]


def container_lines(it):
    """The lines a process wrote that hold the item: env values printed at start, a command traced, a file cat."""
    pairs = env_pairs(it)
    if pairs is not None:
        return ["loading environment from /srv/app/.env", *(f"{k}={v}" for k, v in pairs), "server listening on :8080"]
    if it["shape"] == "cmd":
        return ["+ " + it["text"], "exit status 0"]
    return [f"+ cat {abs_path(it)}", *file_lines(it["text"]), "+ exec /srv/app/bin/server"]


def app_name():
    return pick("billing-api", "sync-worker", "web", "ingest")


def epoch_ms():
    return R.randint(1_767_000_000, 1_779_000_000) * 1000 + R.randint(0, 999)


# -- buildkite-log


def buildkite_log(it):
    """A Buildkite job log: the raw log (`bk job log`, the job's `log` API through `curl`, or a `buildkite_get_job_log`
    tool), each line after an APC timestamp (`\\x1b_bk;t=<ms>\\x07`) half the time, with the agent's `~~~` / `---` /
    `+++` section headers; the command after `$ ` in the command phase, env values as `env | sort` output, a file after
    `cat`. Colours on the headers and the `$` lines."""
    pairs = env_pairs(it)
    stamp = R.random() < 0.5
    t = [epoch_ms()]
    pipeline = pick("deploy", "release", "nightly")
    if pairs is not None:
        script, output = ["env | sort | grep -v '^BUILDKITE'"], [f"{k}={v}" for k, v in sorted(pairs)]
    elif it["shape"] == "cmd":
        script, output = it["text"].split("\n"), ["done"]
    else:
        script, output = [f"cat {abs_path(it)}"], file_lines(it["text"])
    lines = [
        f"~~~ Running agent {pipeline}-agent-{R.randint(1, 9)}",
        "~~~ Preparing working directory",
        f"\x1b[90m$\x1b[0m cd /var/lib/buildkite-agent/builds/{pipeline}-agent-1/corp/{pipeline}",
        f"\x1b[90m$\x1b[0m git checkout -f {rs(40, HEX)}",
        "~~~ Running commands",
        *(f"\x1b[90m$\x1b[0m {ln}" for ln in script),
        *output,
        "^^^ +++",
        f"+++ {pick(':rocket:', ':white_check_mark:')} Done",
    ]
    rows = []
    for ln in lines:
        t[0] += R.randint(1, 900)
        rows.append(f"\x1b_bk;t={t[0]}\x07{ln}" if stamp else ln)
    text = "\r\n".join(rows) + "\r\n" if R.random() < 0.3 else "\n".join(rows) + "\n"
    view = R.randrange(3)
    if view == 0:
        n = R.randint(100, 999)
        return "result", "terminal", f"$ bk job log {uuid4()} -p {pipeline} -b {n}\n" + text, plain_piecer
    if view == 1:
        call = f'curl -s -H "Authorization: Bearer $BUILDKITE_API_TOKEN" https://api.buildkite.com/v2/organizations/corp/pipelines/{pipeline}/builds/{R.randint(100, 999)}/jobs/{uuid4()}/log.txt'
        return "result", "terminal", f"$ {call}\n" + text, plain_piecer
    return "result", "buildkite_get_job_log", text, plain_piecer


# -- pulumi-preview


def pulumi_preview(it):
    """`pulumi preview --diff` (or `pulumi up --diff --yes`): env values as a Lambda's `environment.variables` being
    created, a command as a `command:local:Command`'s `create` (a double-quoted string, `\\"` escapes), a file as a
    `kubernetes:core/v1:ConfigMap`'s `data` entry (a double-quoted string with `\\n` escapes)."""
    pairs = env_pairs(it)
    stack = pick("prod", "staging", "dev")
    proj = app_name()
    urn = f"urn:pulumi:{stack}::{proj}"
    if pairs is not None:
        width = max(len(k) for k, _ in pairs)
        body = [
            "    + aws:lambda/function:Function: (create)",
            f"        [urn={urn}::aws:lambda/function:Function::{proj}-handler]",
            "        environment  : {",
            "            variables: {",
            *(f"                {k.ljust(width)}: {json.dumps(v)}" for k, v in pairs),
            "            }",
            "        }",
            '        handler      : "index.handler"',
            '        runtime      : "nodejs20.x"',
        ]
    elif it["shape"] == "cmd":
        body = [
            "    + command:local:Command: (create)",
            f"        [urn={urn}::command:local:Command::bootstrap]",
            f"        create     : {json.dumps(it['text'])}",
            '        interpreter: ["/bin/sh", "-c"]',
        ]
    else:
        body = [
            "    ~ kubernetes:core/v1:ConfigMap: (update)",
            f"        [id=default/{proj}-files]",
            f"        [urn={urn}::kubernetes:core/v1:ConfigMap::{proj}-files]",
            "      ~ data: {",
            f"          + {item_path(it).rsplit('/', 1)[-1]}: {json.dumps(it['text'])}",
            "        }",
        ]
    out = [
        f"Previewing update ({stack})",
        "",
        f"View in Browser (Ctrl+O): https://app.pulumi.com/corp/{proj}/{stack}/previews/{uuid4()}",
        "",
        "  pulumi:pulumi:Stack: (same)",
        f"    [urn={urn}::pulumi:pulumi:Stack::{proj}-{stack}]",
        *body,
        "Resources:",
        "    + 1 to create" if pairs is not None or it["shape"] == "cmd" else "    ~ 1 to update",
        f"    {R.randint(5, 40)} unchanged",
    ]
    text = "\n".join(out) + "\n"
    typed = pick("pulumi preview --diff", f"pulumi preview --diff -s {stack}", f"pulumi up --diff --yes -s {stack}")
    if R.random() < 0.25:
        return "result", "read_file", text, plain_piecer
    return "result", "terminal", f"$ {typed}\n" + text, plain_piecer


# -- otel-debug-exporter


def otel_debug_exporter(it):
    """The OpenTelemetry Collector's `debug` exporter at `verbosity: detailed` (`kubectl logs` of the collector, or
    `docker logs`): a `LogsExporter` line, then each record of the service's output as a `LogRecord #n` with its
    `Body: Str(…)`; a command half the time as a span's `process.command_line` attribute (`-> …: Str(…)`)."""
    svc = app_name()
    t = [epoch_ms()]

    def ts():
        t[0] += R.randint(1, 400)
        s = t[0] // 1000
        return f"2026-12-05T{10 + s // 3600 % 10:02d}:{s // 60 % 60:02d}:{s % 60:02d}.{t[0] % 1000:03d}Z"

    head = [
        "Resource SchemaURL: https://opentelemetry.io/schemas/1.26.0",
        "Resource attributes:",
        f"     -> service.name: Str({svc})",
        f"     -> k8s.pod.name: Str({svc}-{rs(10, LOWER + DIGITS)}-{rs(5, LOWER + DIGITS)})",
        "     -> k8s.namespace.name: Str(default)",
    ]
    if it["shape"] == "cmd" and R.random() < 0.5:
        rows = [
            f'{ts()}\tinfo\tTracesExporter\t{{"kind": "exporter", "data_type": "traces", "name": "debug", "resource spans": 1, "spans": 1}}',
            f"{ts()}\tinfo\tResourceSpans #0",
            *head,
            "ScopeSpans #0",
            "InstrumentationScope io.opentelemetry.process",
            "Span #0",
            f"    Trace ID       : {rs(32, HEX)}",
            f"    Parent ID      : {rs(16, HEX)}",
            f"    ID             : {rs(16, HEX)}",
            "    Name           : exec",
            "    Kind           : Internal",
            "Attributes:",
            "     -> process.executable.name: Str(sh)",
            f"     -> process.command_line: Str({it['text']})",
            "     -> process.exit.code: Int(0)",
        ]
    else:
        lines = container_lines(it)
        rows = [
            f'{ts()}\tinfo\tLogsExporter\t{{"kind": "exporter", "data_type": "logs", "name": "debug", "resource logs": 1, "log records": {len(lines)}}}',
            f"{ts()}\tinfo\tResourceLog #0",
            *head,
            "ScopeLogs #0",
            "InstrumentationScope  ",
        ]
        for i, ln in enumerate(lines):
            rows += [
                f"LogRecord #{i}",
                f"ObservedTimestamp: 2026-12-05 10:{R.randint(10, 59)}:{R.randint(10, 59)}.{R.randint(10**8, 10**9)} +0000 UTC",
                "Timestamp: 1970-01-01 00:00:00 +0000 UTC",
                "SeverityText: ",
                "SeverityNumber: Unspecified(0)",
                f"Body: Str({ln})",
                "Attributes:",
                "     -> log.iostream: Str(stdout)",
                "Trace ID: ",
                "Span ID: ",
                "Flags: 0",
            ]
    rows.append(f"{ts()}\tinfo\tdebugexporter@v0.{R.randint(100, 115)}.0/exporter.go:{R.randint(60, 140)}\tdone")
    text = "\n".join(rows) + "\n"
    if R.random() < 0.5:
        pod = f"otel-collector-{rs(10, LOWER + DIGITS)}-{rs(5, LOWER + DIGITS)}"
        return "result", "terminal", f"$ kubectl logs -n observability {pod} --tail=200\n" + text, plain_piecer
    return "result", "terminal", "$ docker logs --tail 200 otel-collector\n" + text, plain_piecer


# -- kcat-consume


def kcat_consume(it):
    """Messages read back from a Kafka topic: `kcat -C -e` (default format, or `-f 'Key: %k\\nValue: %s\\n--\\n'`) with
    `% Reached end of partition` lines, or `kafka-console-consumer.sh --property print.key=true` (key, a tab, the
    value): env values as a compact JSON config message, a command as a job message's `command`, a file as a message
    whose value is its text."""
    pairs = env_pairs(it)
    app = app_name()
    if pairs is not None:
        topic, key, value = "app-config", app, json.dumps({"app": app, "env": dict(pairs), "version": R.randint(2, 90)}, separators=(",", ":"))
    elif it["shape"] == "cmd":
        topic, key, value = "ops-jobs", uuid4(), json.dumps({"id": uuid4(), "command": it["text"], "timeout": 600}, separators=(",", ":"))
    else:
        topic, key, value = "config-files", abs_path(it), it["text"].rstrip("\n")
    others = [
        (app, json.dumps({"event": "heartbeat", "ts": epoch_ms()}, separators=(",", ":"))),
        (uuid4(), json.dumps({"event": "deployed", "sha": rs(12, HEX)}, separators=(",", ":"))),
    ]
    msgs = [others[0], (key, value), others[1]]
    style = R.randrange(3)
    part, off = R.randint(0, 5), R.randint(100, 9000)
    if style == 0:
        out = [v for _, v in msgs] + [f"% Reached end of partition {topic} [{part}] at offset {off + 3}"]
        typed = f"kcat -C -b kafka-0.kafka:9092 -t {topic} -o -3 -e"
    elif style == 1:
        out = []
        for k, v in msgs:
            out += [f"Key: {k}", f"Value: {v}", "--"]
        out.append(f"% Reached end of partition {topic} [{part}] at offset {off + 3}")
        typed = f"kcat -C -b kafka-0.kafka:9092 -t {topic} -o -3 -e -f 'Key: %k\\nValue: %s\\n--\\n'"
    else:
        out = [f"{k}\t{v}" for k, v in msgs] + ["Processed a total of 3 messages"]
        typed = f"kafka-console-consumer.sh --bootstrap-server kafka-0.kafka:9092 --topic {topic} --from-beginning --max-messages 3 --property print.key=true"
    return "result", "terminal", f"$ {typed}\n" + "\n".join(out) + "\n", plain_piecer


# -- nushell-table


def nu_table(header, rows):
    """A Nushell table (the default `rounded` theme), with the index column; cells shown whole."""
    cols = ["#", *header]
    data = [[str(i), *r] for i, r in enumerate(rows)]
    w = [max(len(c), *(len(r[j]) for r in data)) for j, c in enumerate(cols)]

    def line(left, mid, right):
        return left + mid.join("─" * (x + 2) for x in w) + right

    out = [line("╭", "┬", "╮"), "│" + "│".join(f" {c.center(w[j])} " for j, c in enumerate(cols)) + "│", line("├", "┼", "┤")]
    for r in data:
        out.append("│" + "│".join(f" {c.rjust(w[0]) if j == 0 else c.ljust(w[j])} " for j, c in enumerate(r)) + "│")
    out.append(line("╰", "┴", "╯"))
    return "\n".join(out) + "\n"


def nushell_table(it):
    """Nushell's table output (rounded theme, index column; in the terminal or a `nu` tool): env values from
    `open .env | lines | parse "{name}={value}"`, a command in `history | last 3`, a file from `open --raw <f> | lines`."""
    pairs = env_pairs(it)
    prompt = pick("~/app> ", "/srv/app> ", "corp/app〉")
    if pairs is not None:
        typed = f'open {it["name"]} | lines | parse "{{name}}={{value}}"'
        table = nu_table(["name", "value"], [[k, v] for k, v in pairs])
    elif it["shape"] == "cmd":
        typed = "history | last 3"
        rows = [["cd ~/app"], [it["text"]], ["history | last 3"]]
        table = nu_table(["command"], rows)
    else:
        typed = f"open --raw {item_path(it)} | lines"
        table = nu_list(file_lines(it["text"]))
    tool = pick("terminal", "terminal", "nu")
    return "result", tool, f"{prompt}{typed}\n{table}", plain_piecer


def nu_list(lines):
    """A list of strings as Nushell shows it: the index column and the value column, no header."""
    w0 = max(1, len(str(len(lines) - 1)))
    w1 = max([len(s) for s in lines] + [1])
    out = ["╭" + "─" * (w0 + 2) + "┬" + "─" * (w1 + 2) + "╮"]
    for i, s in enumerate(lines):
        out.append(f"│ {str(i).rjust(w0)} │ {s.ljust(w1)} │")
    out.append("╰" + "─" * (w0 + 2) + "┴" + "─" * (w1 + 2) + "╯")
    return "\n".join(out) + "\n"


# -- format-patch-mbox


def format_patch_mbox(it):
    """A patch mail adding the item: `git format-patch -1 --stdout` in the terminal, the `0001-….patch` file read back, or
    written by `write_file`: the mbox `From <sha> Mon Sep 17 00:00:00 2001` line, the mail headers, the diffstat and
    the diff that adds the item (env values as `.env.<stage>`, a command as a script), then the `-- ` signature."""
    pairs = env_pairs(it)
    if it["shape"] == "cmd":
        path, lines = "scripts/run.sh", ["#!/bin/sh", "set -eu", *it["text"].split("\n")]
    elif pairs is not None:
        path, lines = ".env." + pick("production", "staging"), file_lines(it["text"])
    else:
        path, lines = item_path(it), file_lines(it["text"])
    sha = rs(40, HEX)
    who = pick(("Alice Doe", "alice"), ("Bob Ray", "bob"), ("Carol Wu", "carol"))
    subj = pick("Add config for the new environment", "Wire up the sync job", "Add deploy settings")
    out = [
        f"From {sha} Mon Sep 17 00:00:00 2001",
        f"From: {who[0]} <{who[1]}@corp.example>",
        f"Date: Sat, 5 Dec 2026 10:{R.randint(10, 59)}:{R.randint(10, 59)} +0000",
        f"Subject: [PATCH] {subj}",
        "",
        "---",
        f" {path} | {len(lines)} {'+' * min(len(lines), 40)}",
        f" 1 file changed, {len(lines)} insertion{'s' if len(lines) != 1 else ''}(+)",
        f" create mode 100{'755' if it['shape'] == 'cmd' else '644'} {path}",
        "",
        f"diff --git a/{path} b/{path}",
        f"new file mode 100{'755' if it['shape'] == 'cmd' else '644'}",
        f"index 0000000..{rs(7, HEX)}",
        "--- /dev/null",
        f"+++ b/{path}",
        f"@@ -0,0 +1,{len(lines)} @@",
        *("+" + ln for ln in lines),
        "-- ",
        "2.47.1",
        "",
    ]
    text = "\n".join(out) + "\n"
    view = R.randrange(3)
    if view == 0:
        return "result", "terminal", "$ git format-patch -1 --stdout\n" + text, plain_piecer
    if view == 1:
        return "result", "read_file", text, plain_piecer
    return "args", "write_file", json.dumps({"path": f"patches/0001-{subj.replace(' ', '-')}.patch", "content": text}), plain_piecer


# -- notion-blocks


def notion_blocks(it):
    """A Notion page holding the item: an `append_block_children` call (`notion_append_blocks`), or the
    `blocks/<id>/children` API's result (`curl … | jq .` or a `notion_get_blocks` tool): a heading, a paragraph, then
    env values as a `table` of `table_row` cells, a command or a file as a `code` block's `rich_text`."""
    pairs = env_pairs(it)

    def rt(s, code=False):
        ann = {"bold": False, "italic": False, "strikethrough": False, "underline": False, "code": code, "color": "default"}
        return {"type": "text", "text": {"content": s, "link": None}, "annotations": ann, "plain_text": s, "href": None}

    blocks = [
        {
            "object": "block",
            "type": "heading_2",
            "heading_2": {"rich_text": [rt(pick("Runbook", "Setup", "Handover"))], "is_toggleable": False, "color": "default"},
        },
        {
            "object": "block",
            "type": "paragraph",
            "paragraph": {"rich_text": [rt(pick("Settings for the new box:", "What the job runs:", "The file as deployed:"))], "color": "default"},
        },
    ]
    if pairs is not None and R.random() < 0.6:
        rows = [{"object": "block", "type": "table_row", "table_row": {"cells": [[rt("Variable")], [rt("Value")]]}}]
        rows += [{"object": "block", "type": "table_row", "table_row": {"cells": [[rt(k, True)], [rt(v, True)]]}} for k, v in pairs]
        blocks.append(
            {"object": "block", "type": "table", "table": {"table_width": 2, "has_column_header": True, "has_row_header": False, "children": rows}}
        )
    else:
        lang = (
            "shell"
            if pairs is not None or it["shape"] == "cmd"
            else {"json": "json", "py": "python", "yaml": "yaml", "js": "javascript", "html": "html"}.get(it["fmt"], "plain text")
        )
        blocks.append({"object": "block", "type": "code", "code": {"rich_text": [rt(it["text"].rstrip("\n"))], "caption": [], "language": lang}})
    page = uuid4()
    if R.random() < 0.4:
        return "args", "notion_append_blocks", json.dumps({"block_id": page, "children": blocks}), plain_piecer
    results = []
    for b in blocks:
        b = dict(b)
        b.update(
            {
                "id": uuid4(),
                "parent": {"type": "page_id", "page_id": page},
                "created_time": "2026-12-05T10:11:00.000Z",
                "has_children": b["type"] == "table",
                "archived": False,
            }
        )
        results.append(b)
    doc = {"object": "list", "results": results, "next_cursor": None, "has_more": False, "type": "block", "block": {}}
    if R.random() < 0.5:
        return "result", "notion_get_blocks", json.dumps(doc), plain_piecer
    return (
        "result",
        "terminal",
        f"$ curl -s https://api.notion.com/v1/blocks/{page}/children -H \"Authorization: Bearer $NOTION_TOKEN\" -H 'Notion-Version: 2022-06-28' | jq .\n"
        + json.dumps(doc, indent=2)
        + "\n",
        plain_piecer,
    )


# -- ltrace-calls


def cstr(s):
    return json.dumps(s)[1:-1].replace("\\u00", "\\x")


def ltrace_calls(it):
    """`ltrace -s 512 -e getenv+fopen+fgets+system ./app` (sometimes `-f`, with `[pid n] ` prefixes) in the terminal
    or its `-o` file read back: env values as `getenv("K") = "v"`, a file as `fgets` of its lines, a command as the
    argument of `system()`; C-escaped strings (`\\"`, `\\n`), `+++ exited` at the end."""
    pairs = env_pairs(it)
    prog = pick("./bin/server", "/usr/local/bin/sync", "./app")
    name = prog.rsplit("/", 1)[-1]
    pid = R.randint(1000, 60000)
    fp = "0x" + rs(12, "0123456789abcdef")
    rows = []
    if pairs is not None:
        for k, v in pairs:
            rows.append(f'{name}->getenv("{k}") = "{cstr(v)}"')
        rows.append(f'{name}->getenv("LOG_LEVEL") = nil')
    elif it["shape"] == "cmd":
        rows.append(f'{name}->getenv("SHELL") = "/bin/sh"')
        rows.append(f'{name}->system("{cstr(it["text"])}" <no return ...>')
        rows.append("--- SIGCHLD (Child exited) ---")
        rows.append("<... system resumed> ) = 0")
    else:
        rows.append(f'{name}->fopen("{abs_path(it)}", "r") = {fp}')
        for ln in file_lines(it["text"]):
            rows.append(f'{name}->fgets("{cstr(ln + chr(10))}", 4096, {fp}) = 0x7ffd{rs(8, HEX)}')
        rows.append(f"{name}->fclose({fp}) = 0")
    rows.append("+++ exited (status 0) +++")
    if R.random() < 0.4:
        rows = [r if r.startswith("+++") else f"[pid {pid}] {r}" for r in rows]
    text = "\n".join(rows) + "\n"
    if R.random() < 0.35:
        return "result", "read_file", text, plain_piecer
    return "result", "terminal", f"$ ltrace -s 512 -e getenv+fopen+fgets+fclose+system {prog}\n" + text, plain_piecer


KINDS = {
    "incident-status-keys": incident_status_keys,
    "kyc-verification-keys": kyc_verification_keys,
    "headless-commerce-keys": headless_commerce_keys,
    "carrier-logistics-keys": carrier_logistics_keys,
    "ad-network-keys": ad_network_keys,
    "health-fhir-keys": health_fhir_keys,
    "voice-telephony-keys": voice_telephony_keys,
    "property-rental-keys": property_rental_keys,
}

CONTEXTS = {
    "buildkite-log": buildkite_log,
    "pulumi-preview": pulumi_preview,
    "otel-debug-exporter": otel_debug_exporter,
    "kcat-consume": kcat_consume,
    "nushell-table": nushell_table,
    "format-patch-mbox": format_patch_mbox,
    "notion-blocks": notion_blocks,
    "ltrace-calls": ltrace_calls,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r18", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
