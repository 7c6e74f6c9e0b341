"""Round 16 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 15 have been read, measured or worked on, or written. Round 16 was written blind, like
rounds 5 to 15: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL fields), never the rules
nor anything else under `engine/`, `BENCHMARKS.md`, `README.md` nor `docs/`, and never ran the
engine on it.

Kind families and context families: see `SPLIT.md`, round 16. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round16.py     # rewrites round16.jsonl beside this file

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
    shq,
    uuid4,
    write_round,
)

SEED = 1862
OUT = Path(__file__).with_name("round16.jsonl")

HELD_OUT_KINDS = {"smart-home-hubs", "dbaas-tokens"}
HELD_OUT_CONTEXTS = {"discord-export", "asciidoc-doc", "gcloud-logging"}


def ref(name):
    return pick("${" + name + "}", "$" + name)


def hs256(claims):
    return jwt({"alg": "HS256", "typ": "JWT"}, claims)


def rs256(claims):
    return jwt({"alg": "RS256", "typ": "JWT"}, claims, sig_len=256)


def lan_ip():
    return f"192.168.{R.randint(0, 9)}.{R.randint(10, 250)}"


# ---------------------------------------------------------------- kind: crypto-exchange-keys


def crypto_exchange_keys(is_clean):
    """Crypto-exchange API secrets beside their (also present) API keys: Binance, Kraken, Bybit, OKX, KuCoin,
    Bitfinex, Gemini, Bitstamp. The secret (and a passphrase) is the credential."""
    if is_clean:
        form = deal("cex/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("BINANCE_API_KEY", ref("BINANCE_API_KEY")),
                    ("BINANCE_API_SECRET", ""),
                    ("OKX_PASSPHRASE", "<your-okx-passphrase>"),
                    ("KRAKEN_PRIVATE_KEY", "****************"),
                    ("EXCHANGE_SANDBOX", "true"),
                ]
            )
        if form == 1:
            doc = {
                "max_open_trades": R.randint(2, 8),
                "stake_currency": "USDT",
                "dry_run": True,
                "exchange": {"name": pick("binance", "kucoin", "okx"), "key": "", "secret": "", "pair_whitelist": ["BTC/USDT", "ETH/USDT"]},
                "bot_name": "freqtrade",
                "initial_state": "running",
            }
            return clean(json.dumps(doc, indent=4) + "\n", fmt="json", name="user_data/config.json")
        if form == 2:
            doc = {
                "symbol": "BTCUSDT",
                "orderId": R.randint(10**10, 10**11),
                "clientOrderId": rs(22, ALNUM),
                "transactTime": ts_ms(),
                "status": "FILLED",
                "txid": f"O{rs(5, UPPER)}-{rs(5, UPPER)}-{rs(6, UPPER)}",
                "withdrawTxHash": "0x" + rs(64, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/order.json")
        if form == 3:
            text = (
                "import os\n\nimport ccxt\n\n"
                "exchange = ccxt.binance(\n"
                '    {"apiKey": os.environ["BINANCE_API_KEY"], "secret": os.environ["BINANCE_API_SECRET"], "enableRateLimit": True}\n'
                ")\n"
                f"exchange.set_sandbox_mode({pick('True', 'False')})\n"
            )
            return clean(text, fmt="py", name="bot/exchange.py")
        text = (
            "# deposit addresses (public)\n"
            f"ETH  0x{rs(40, HEX)}\n"
            f"BTC  bc1q{rs(38, '023456789acdefghjklmnpqrstuvwxyz')}\n"
            f"XRP  r{rs(33, ALNUM)}  memo {R.randint(10**8, 10**9)}\n"
        )
        return clean(text, name="docs/deposit-addresses.txt")
    form = deal("cex/secret", 8)
    if form == 0:
        k, s = rs(64, ALNUM), rs(64, ALNUM)
        if R.random() < 0.5:
            return env([("BINANCE_API_KEY", k), ("BINANCE_API_SECRET", s)], [("binance-api-secret", s)])
        text = f'import ccxt\n\nexchange = ccxt.binance({{\n    "apiKey": "{k}",\n    "secret": "{s}",\n}})\n'
        return item(text, [("binance-api-secret", s)], fmt="py", name="bot/exchange.py")
    if form == 1:
        k, s = b64(rbytes(42)), b64(rbytes(64))
        if R.random() < 0.5:
            return env([("KRAKEN_API_KEY", k), ("KRAKEN_PRIVATE_KEY", s)], [("kraken-private-key", s)])
        return item(f"{k}\n{s}\n", [("kraken-private-key", s)], name="kraken.key")
    if form == 2:
        k, s = rs(18, ALNUM), rs(36, ALNUM)
        text = f'from pybit.unified_trading import HTTP\n\nsession = HTTP(\n    testnet=False,\n    api_key="{k}",\n    api_secret="{s}",\n)\n'
        return item(text, [("bybit-api-secret", s)], fmt="py", name="bot/bybit_client.py")
    if form == 3:
        k, s, p = uuid4(), rs(32, UHEX), password()
        return env([("OKX_API_KEY", k), ("OKX_SECRET_KEY", s), ("OKX_PASSPHRASE", p)], [("okx-secret-key", s), ("okx-passphrase", p)])
    if form == 4:
        k, s, p = rs(24, HEX), uuid4(), password()
        doc = {
            "stake_currency": "USDT",
            "dry_run": False,
            "exchange": {"name": "kucoin", "key": k, "secret": s, "password": p, "pair_whitelist": ["BTC/USDT"]},
        }
        return item(json.dumps(doc, indent=4) + "\n", [("kucoin-api-secret", s), ("kucoin-passphrase", p)], fmt="json", name="user_data/config.json")
    if form == 5:
        k, s = rs(43, ALNUM), rs(43, ALNUM)
        return env([("BFX_API_KEY", k), ("BFX_API_SECRET", s)], [("bitfinex-api-secret", s)])
    if form == 6:
        k, s = "account-" + rs(20, ALNUM), rs(28, ALNUM)
        if R.random() < 0.5:
            return env([("GEMINI_API_KEY", k), ("GEMINI_API_SECRET", s)], [("gemini-api-secret", s)])
        return cmd(
            f"GEMINI_API_KEY={k} GEMINI_API_SECRET={s} python3 bot/rebalance.py --exchange gemini --dry-run=false",
            [("gemini-api-secret", s)],
        )
    k, s = rs(32, ALNUM), rs(32, ALNUM)
    text = f"bitstamp:\n  customer_id: {R.randint(100000, 999999)}\n  api_key: {k}\n  api_secret: {s}\n"
    return item(text, [("bitstamp-api-secret", s)], fmt="yaml", name="config/exchanges.yml")


def ts_ms():
    return R.randint(1_767_000_000_000, 1_779_000_000_000)


# ---------------------------------------------------------------- kind: data-pipeline-keys


def data_pipeline_keys(is_clean):
    """ETL, reverse-ETL and orchestration SaaS: Hightouch, Census, Airbyte Cloud, RudderStack, Segment Public API,
    Hevo, Dagster Cloud, Prefect Cloud."""
    if is_clean:
        form = deal("etl/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("HIGHTOUCH_API_KEY", ref("HIGHTOUCH_API_KEY")),
                    ("CENSUS_API_KEY", "secret-token:********"),
                    ("PREFECT_API_KEY", "<your-prefect-api-key>"),
                    ("AIRBYTE_CLIENT_SECRET", ""),
                    ("AIRBYTE_CLIENT_ID", uuid4()),
                ]
            )
        if form == 1:
            doc = {
                "connectionId": uuid4(),
                "workspaceId": uuid4(),
                "sourceId": uuid4(),
                "destinationId": uuid4(),
                "jobId": R.randint(1000000, 9999999),
                "status": "succeeded",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/airbyte-job.json")
        if form == 2:
            text = (
                "name: nightly-sync\nprefect-version: 3.1.0\n"
                "deployments:\n  - name: warehouse\n    entrypoint: flows/sync.py:sync\n    work_pool:\n      name: k8s\n"
                "      job_variables:\n        env:\n"
                f"          PREFECT_API_URL: https://api.prefect.cloud/api/accounts/{uuid4()}/workspaces/{uuid4()}\n"
                '          PREFECT_API_KEY: "{{ prefect.blocks.secret.prefect-api-key }}"\n'
            )
            return clean(text, fmt="yaml", name="prefect.yaml")
        if form == 3:
            return cmd(
                f'curl -s -X POST https://api.hightouch.com/api/v1/syncs/{R.randint(100000, 999999)}/trigger -H "Authorization: Bearer $HIGHTOUCH_API_KEY"',
                [],
            )
        text = (
            "import os\n\nfrom dagster_cloud_cli import gql\n\n"
            'TOKEN = os.environ["DAGSTER_CLOUD_API_TOKEN"]\n'
            f'RUN_ID = "{uuid4()}"\nDEPLOYMENT = "prod"\n'
        )
        return clean(text, fmt="py", name="ops/rerun.py")
    form = deal("etl/secret", 8)
    if form == 0:
        k = uuid4()
        if R.random() < 0.5:
            return env([("HIGHTOUCH_API_KEY", k), ("HIGHTOUCH_SYNC_ID", str(R.randint(100000, 999999)))], [("hightouch-api-key", k)])
        return cmd(
            f'curl -s -X POST https://api.hightouch.com/api/v1/syncs/{R.randint(100000, 999999)}/trigger -H "Authorization: Bearer {k}"',
            [("hightouch-api-key", k)],
        )
    if form == 1:
        k = "secret-token:" + rs(40, ALNUM)
        if R.random() < 0.5:
            return env([("CENSUS_API_KEY", k), ("CENSUS_WORKSPACE", "corp")], [("census-api-key", k)])
        return cmd(
            f'curl -s -X POST https://app.getcensus.com/api/v1/syncs/{R.randint(1000, 99999)}/trigger -H "Authorization: Bearer {k}"',
            [("census-api-key", k)],
        )
    if form == 2:
        s = rs(32, ALNUM)
        doc = {"client_id": uuid4(), "client_secret": s, "grant-type": "client_credentials"}
        return item(json.dumps(doc, indent=2) + "\n", [("airbyte-client-secret", s)], fmt="json", name="airbyte/token-request.json")
    if form == 3:
        s = rs(27, ALNUM)
        return cmd(
            f"curl -s -u ops@corp.example:{s} https://api.rudderstack.com/v2/sources -H 'Content-Type: application/json'",
            [("rudderstack-access-token", s)],
        )
    if form == 4:
        k = "sgp_" + rs(64, ALNUM)
        if R.random() < 0.5:
            return env([("SEGMENT_PUBLIC_API_TOKEN", k)], [("segment-public-api-token", k)])
        return cmd(f'curl -s https://api.segmentapis.com/sources -H "Authorization: Bearer {k}"', [("segment-public-api-token", k)])
    if form == 5:
        a, s = rs(20, ALNUM), rs(32, ALNUM)
        return cmd(f"curl -s -u {a}:{s} https://us.hevodata.com/api/public/v2.0/pipelines", [("hevo-secret-key", s)])
    if form == 6:
        k = pick("user:", "agent:corp:") + rs(32, HEX)
        if R.random() < 0.5:
            return env([("DAGSTER_CLOUD_API_TOKEN", k), ("DAGSTER_CLOUD_DEPLOYMENT_NAME", "prod")], [("dagster-cloud-token", k)])
        return cmd(f"dagster-cloud config set --organization corp --api-token {k} --default-deployment prod", [("dagster-cloud-token", k)])
    k = "pnu_" + rs(36, ALNUM)
    if R.random() < 0.5:
        return cmd(f"prefect cloud login -k {k} --workspace corp/prod", [("prefect-api-key", k)])
    return env(
        [("PREFECT_API_URL", f"https://api.prefect.cloud/api/accounts/{uuid4()}/workspaces/{uuid4()}"), ("PREFECT_API_KEY", k)],
        [("prefect-api-key", k)],
    )


# ---------------------------------------------------------------- kind: dns-registrar-keys


def dns_registrar_keys(is_clean):
    """DNS providers and registrars no round had: DNSimple, Gandi, deSEC, NS1, DuckDNS, Dynu, Name.com, PowerDNS."""
    if is_clean:
        form = deal("dns/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("DNSIMPLE_TOKEN", ref("DNSIMPLE_TOKEN")),
                    ("GANDIV5_PERSONAL_ACCESS_TOKEN", "<your-gandi-pat>"),
                    ("DESEC_TOKEN", ""),
                    ("NS1_API_KEY", "********"),
                    ("DNSIMPLE_ACCOUNT_ID", str(R.randint(10000, 99999))),
                ]
            )
        if form == 1:
            salt, h = b64(rbytes(16)), b64(rbytes(32))
            text = (
                "launch=gsqlite3\ngsqlite3-database=/var/lib/powerdns/pdns.sqlite3\napi=yes\n"
                f"api-key=$scrypt$ln=10,p=1,r=8${salt}${h}\n"
                "webserver=yes\nwebserver-address=127.0.0.1\nwebserver-port=8081\n"
            )
            return clean(text, fmt="ini", name="etc/powerdns/pdns.conf")
        if form == 2:
            doc = {
                "id": rs(24, HEX),
                "zone": "corp.example",
                "domain": "corp.example",
                "type": "DNSKEY",
                "answers": [{"id": rs(24, HEX), "answer": ["257", "3", "13", b64(rbytes(64))]}],
                "ds_digest": rs(64, UHEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/ns1-record.json")
        if form == 3:
            return cmd(f'curl -s "https://www.duckdns.org/update?domains=home-{rs(4, LOWER)}&token=${{DUCKDNS_TOKEN}}&ip="', [])
        text = (
            f'corp.example.\t300\tIN\tTXT\t"google-site-verification={rs(43, URLSAFE)}"\n'
            f's1._domainkey.corp.example.\t300\tIN\tTXT\t"v=DKIM1; k=rsa; p={b64(rbytes(162))}"\n'
            f'corp.example.\t300\tIN\tTXT\t"v=spf1 include:_spf.corp.example -all"\n'
        )
        return clean(text, name="dns/txt-records.txt")
    form = deal("dns/secret", 8)
    if form == 0:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return env([("DNSIMPLE_TOKEN", k), ("DNSIMPLE_ACCOUNT_ID", str(R.randint(10000, 99999)))], [("dnsimple-token", k)])
        return cmd(
            f'curl -s -H "Authorization: Bearer {k}" https://api.dnsimple.com/v2/{R.randint(10000, 99999)}/zones/corp.example/records',
            [("dnsimple-token", k)],
        )
    if form == 1:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"GANDIV5_PERSONAL_ACCESS_TOKEN={k} lego --email ops@corp.example --dns gandiv5 -d '*.corp.example' run",
                [("gandi-pat", k)],
            )
        return env([("GANDIV5_PERSONAL_ACCESS_TOKEN", k)], [("gandi-pat", k)])
    if form == 2:
        k = rs(28, ALNUM)
        if R.random() < 0.5:
            text = f"dns_desec_token = {k}\ndns_desec_endpoint = https://desec.io/api/v1/\n"
            return item(text, [("desec-token", k)], fmt="ini", name="etc/letsencrypt/desec.ini")
        return cmd(f'curl -s https://desec.io/api/v1/domains/ -H "Authorization: Token {k}"', [("desec-token", k)])
    if form == 3:
        k = rs(20, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s -H "X-NSONE-Key: {k}" https://api.nsone.net/v1/zones/corp.example', [("ns1-api-key", k)])
        text = f"providers:\n  ns1:\n    class: octodns_ns1.Ns1Provider\n    api_key: {k}\nzones:\n  corp.example.:\n    targets:\n      - ns1\n"
        return item(text, [("ns1-api-key", k)], fmt="yaml", name="octodns/config.yaml")
    if form == 4:
        k = uuid4()
        return cmd(f'curl -s "https://www.duckdns.org/update?domains=home-{rs(4, LOWER)}&token={k}&ip="', [("duckdns-token", k)])
    if form == 5:
        k = rs(30, ALNUM)
        return cmd(f'curl -s -H "API-Key: {k}" -H "accept: application/json" https://api.dynu.com/v2/dns', [("dynu-api-key", k)])
    if form == 6:
        k = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(f"curl -s -u corp-ops:{k} https://api.name.com/v4/domains/corp.example/records", [("namecom-api-token", k)])
        return env([("NAMECOM_USERNAME", "corp-ops"), ("NAMECOM_API_TOKEN", k)], [("namecom-api-token", k)])
    k = rs(24, ALNUM)
    if R.random() < 0.5:
        text = f"launch=gsqlite3\ngsqlite3-database=/var/lib/powerdns/pdns.sqlite3\napi=yes\napi-key={k}\nwebserver=yes\nwebserver-port=8081\n"
        return item(text, [("powerdns-api-key", k)], fmt="ini", name="etc/powerdns/pdns.conf")
    return cmd(
        f'curl -s -H "X-API-Key: {k}" http://127.0.0.1:8081/api/v1/servers/localhost/zones/corp.example.',
        [("powerdns-api-key", k)],
    )


# ---------------------------------------------------------------- kind: doc-pdf-esign-keys


def doc_pdf_esign_keys(is_clean):
    """Document, PDF and e-signature APIs other than DocuSign and Dropbox Sign: PandaDoc, Adobe Acrobat Sign,
    SignNow, CloudConvert, PDF.co, PDFMonkey, DocRaptor, DocSpring."""
    if is_clean:
        form = deal("doc/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("PANDADOC_API_KEY", ref("PANDADOC_API_KEY")),
                    ("CLOUDCONVERT_API_KEY", "<your-cloudconvert-api-key>"),
                    ("PDFCO_API_KEY", ""),
                    ("DOCRAPTOR_API_KEY", "YOUR_API_KEY_HERE"),
                    ("DOCRAPTOR_TEST", "true"),
                ]
            )
        if form == 1:
            doc = {
                "id": rs(22, ALNUM),
                "name": "Master Services Agreement",
                "status": "document.sent",
                "template": {"id": rs(22, ALNUM)},
                "version": "2",
                "recipients": [{"email": "buyer@customer.example", "recipient_type": "signer"}],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/pandadoc-document.json")
        if form == 2:
            doc = {
                "data": {
                    "id": uuid4(),
                    "status": "finished",
                    "tasks": [
                        {"id": uuid4(), "operation": "convert", "result": {"files": [{"filename": "invoice.pdf", "size": R.randint(10**4, 10**6)}]}}
                    ],
                    "checksum": rs(64, HEX),
                }
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/cloudconvert-job.json")
        if form == 3:
            return cmd(f'curl -s https://api.pandadoc.com/public/v1/documents/{rs(22, ALNUM)} -H "Authorization: API-Key $PANDADOC_API_KEY"', [])
        text = (
            "POST /webhooks/adobe-sign HTTP/1.1\nHost: hooks.corp.example\n"
            f"X-AdobeSign-ClientId: CBJCHBCAABAA{rs(32, URLSAFE)}\nContent-Type: application/json\n\n"
            f'{{"event": "AGREEMENT_WORKFLOW_COMPLETED", "agreement": {{"id": "CBJCHBCAABAA{rs(32, URLSAFE)}"}}}}\n'
        )
        return clean(text, name="fixtures/adobe-sign-webhook.http")
    form = deal("doc/secret", 8)
    if form == 0:
        k = rs(40, HEX)
        if R.random() < 0.5:
            return env([("PANDADOC_API_KEY", k)], [("pandadoc-api-key", k)])
        return cmd(f'curl -s https://api.pandadoc.com/public/v1/documents -H "Authorization: API-Key {k}"', [("pandadoc-api-key", k)])
    if form == 1:
        k = "3AAABLblqZh" + rs(64, URLSAFE)
        return cmd(
            f'curl -s https://api.na1.adobesign.com/api/rest/v6/agreements -H "Authorization: Bearer {k}"', [("adobe-sign-integration-key", k)]
        )
    if form == 2:
        s = rs(32, HEX)
        return env(
            [("SIGNNOW_CLIENT_ID", rs(32, HEX)), ("SIGNNOW_CLIENT_SECRET", s), ("SIGNNOW_USERNAME", "ops@corp.example")],
            [("signnow-client-secret", s)],
        )
    if form == 3:
        k = rs256({"aud": "1", "jti": rs(80, HEX), "iat": 1767000000, "sub": str(R.randint(10**7, 10**8)), "scopes": ["task.read", "task.write"]})
        if R.random() < 0.5:
            return env([("CLOUDCONVERT_API_KEY", k)], [("cloudconvert-api-key", k)])
        return cmd(
            f'curl -s -X POST https://api.cloudconvert.com/v2/jobs -H "Authorization: Bearer {k}" -H "Content-Type: application/json" -d @job.json',
            [("cloudconvert-api-key", k)],
        )
    if form == 4:
        k = f"ops@corp.example_{rs(64, ALNUM)}"
        return cmd(
            f'curl -s -X POST https://api.pdf.co/v1/pdf/convert/to/text -H "x-api-key: {k}" -H "Content-Type: application/json" -d @req.json',
            [("pdfco-api-key", k)],
        )
    if form == 5:
        k = rs(24, URLSAFE.replace("-", ""))
        if R.random() < 0.5:
            return env([("PDFMONKEY_SECRET_KEY", k)], [("pdfmonkey-secret-key", k)])
        text = f"import pdfmonkey\n\npdfmonkey.api_key = '{k}'\ndoc = pdfmonkey.Document.create(template_id='{uuid4()}')\n"
        return item(text, [("pdfmonkey-secret-key", k)], fmt="py", name="billing/invoices.py")
    if form == 6:
        k = rs(24, ALNUM)
        return cmd(
            f"curl -s -u {k}: -H 'Content-Type: application/json' -d @doc.json https://api.docraptor.com/docs -o invoice.pdf",
            [("docraptor-api-key", k)],
        )
    i, s = "api_" + rs(16, ALNUM), rs(40, ALNUM)
    return cmd(
        f"curl -s -u {i}:{s} -X POST https://api.docspring.com/api/v1/templates/tpl_{rs(16, ALNUM)}/submissions -d @data.json",
        [("docspring-token-secret", s)],
    )


# ---------------------------------------------------------------- kind: speech-ocr-keys


def speech_ocr_keys(is_clean):
    """Speech, translation and OCR APIs: Speechmatics, Rev.ai, Azure Speech / Translator, Gladia, Mathpix,
    OCR.space, Picovoice, Soniox."""
    if is_clean:
        form = deal("speech/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("SPEECHMATICS_API_KEY", ref("SPEECHMATICS_API_KEY")),
                    ("REVAI_ACCESS_TOKEN", "<your-rev-ai-token>"),
                    ("SPEECH_KEY", ""),
                    ("SPEECH_REGION", pick("westeurope", "eastus")),
                    ("GLADIA_API_KEY", "********-****-****-****-************"),
                ]
            )
        if form == 1:
            doc = {
                "job": {"id": rs(10, LOWER + DIGITS), "status": "done", "duration": R.randint(10, 900), "data_name": "call.wav"},
                "results": [{"type": "word", "alternatives": [{"content": "hello", "confidence": 0.98}]}],
                "checksum": rs(40, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/speechmatics-job.json")
        if form == 2:
            text = (
                "speech:\n  region: westeurope\n"
                f"  endpoint: https://westeurope.api.cognitive.microsoft.com/\n"
                "  key: '@Microsoft.KeyVault(SecretUri=https://corp-kv.vault.azure.net/secrets/speech-key/)'\n"
                f"  resource_id: {uuid4()}\n"
            )
            return clean(text, fmt="yaml", name="config/speech.yml")
        if form == 3:
            text = (
                "import os\n\nimport requests\n\n"
                "HEADERS = {\n"
                f'    "app_id": "corp_ops_{rs(6, LOWER)}",\n'
                '    "app_key": os.environ["MATHPIX_APP_KEY"],\n'
                "}\n"
            )
            return clean(text, fmt="py", name="ocr/mathpix.py")
        return cmd("curl -s -F apikey=helloworld -F language=eng -F url=https://corp.example/scan.png https://api.ocr.space/parse/image", [])
    form = deal("speech/secret", 8)
    if form == 0:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return env([("SPEECHMATICS_API_KEY", k)], [("speechmatics-api-key", k)])
        return cmd(
            f'curl -s https://asr.api.speechmatics.com/v2/jobs/ -H "Authorization: Bearer {k}" -F data_file=@call.wav -F config=@config.json',
            [("speechmatics-api-key", k)],
        )
    if form == 1:
        k = "02" + rs(80, URLSAFE)
        return cmd(
            f'curl -s -X POST https://api.rev.ai/speechtotext/v1/jobs -H "Authorization: Bearer {k}" -F media=@call.mp3',
            [("revai-access-token", k)],
        )
    if form == 2:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return env([("SPEECH_KEY", k), ("SPEECH_REGION", "westeurope")], [("azure-speech-key", k)])
        return cmd(
            f'curl -s -X POST "https://api.cognitive.microsofttranslator.com/translate?api-version=3.0&to=de" -H "Ocp-Apim-Subscription-Key: {k}" -H "Ocp-Apim-Subscription-Region: westeurope" -H "Content-Type: application/json" -d @text.json',
            [("azure-translator-key", k)],
        )
    if form == 3:
        k = uuid4()
        return cmd(
            f'curl -s -X POST https://api.gladia.io/v2/pre-recorded -H "x-gladia-key: {k}" -H "Content-Type: application/json" -d @audio.json',
            [("gladia-api-key", k)],
        )
    if form == 4:
        k = rs(64, HEX)
        text = f'import requests\n\nHEADERS = {{\n    "app_id": "corp_ops_{rs(6, LOWER)}",\n    "app_key": "{k}",\n}}\n'
        return item(text, [("mathpix-app-key", k)], fmt="py", name="ocr/mathpix.py")
    if form == 5:
        k = "K8" + rs(13, DIGITS)
        return cmd(f"curl -s -F apikey={k} -F language=eng -F file=@scan.png https://api.ocr.space/parse/image", [("ocrspace-api-key", k)])
    if form == 6:
        k = b64(rbytes(42))
        text = f'import pvporcupine\n\nporcupine = pvporcupine.create(\n    access_key="{k}",\n    keywords=["computer"],\n)\n'
        return item(text, [("picovoice-access-key", k)], fmt="py", name="voice/wake.py")
    k = rs(64, HEX)
    if R.random() < 0.5:
        return env([("SONIOX_API_KEY", k)], [("soniox-api-key", k)])
    doc = {"api_key": k, "model": "stt-rt-preview", "audio_format": "pcm_s16le", "sample_rate": 16000}
    return item(json.dumps(doc, indent=2) + "\n", [("soniox-api-key", k)], fmt="json", name="voice/soniox-start.json")


# ---------------------------------------------------------------- kind: edu-hr-payroll-keys


def edu_hr_payroll_keys(is_clean):
    """LMS and HR / payroll SaaS: Canvas LMS, Moodle, Blackboard Learn, Gusto, Rippling, Deel, Workday, Paylocity."""
    if is_clean:
        form = deal("hr/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("CANVAS_API_TOKEN", ref("CANVAS_API_TOKEN")),
                    ("MOODLE_TOKEN", "<moodle-ws-token>"),
                    ("GUSTO_CLIENT_SECRET", ""),
                    ("DEEL_API_TOKEN", "****"),
                    ("CANVAS_BASE_URL", "https://corp.instructure.com"),
                ]
            )
        if form == 1:
            doc = {
                "id": R.randint(1000, 99999),
                "name": "Alice Example",
                "sis_user_id": f"E{R.randint(10000, 99999)}",
                "uuid": rs(40, ALNUM),
                "lti_user_id": rs(40, HEX),
                "enrollments": [{"course_id": R.randint(100, 9999), "type": "StudentEnrollment"}],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/canvas-user.json")
        if form == 2:
            return cmd(
                'curl -s "https://lms.corp.example/webservice/rest/server.php?wstoken=${MOODLE_TOKEN}&wsfunction=core_user_get_users&moodlewsrestformat=json"',
                [],
            )
        if form == 3:
            return cmd(
                f'curl -s -u "ISU_Reports@corp{R.randint(1, 9)}:$WD_PASSWORD" "https://wd2-impl-services1.workday.com/ccx/service/customreport2/corp/ISU_Reports/Headcount?format=json"',
                [],
            )
        doc = {"uuid": uuid4(), "company_uuid": uuid4(), "first_name": "Alice", "version": rs(32, HEX), "payment_method": "Direct Deposit"}
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/gusto-employee.json")
    form = deal("hr/secret", 8)
    if form == 0:
        k = f"{R.randint(1000, 29999)}~{rs(64, ALNUM)}"
        if R.random() < 0.5:
            return env([("CANVAS_BASE_URL", "https://corp.instructure.com"), ("CANVAS_API_TOKEN", k)], [("canvas-api-token", k)])
        return cmd(f'curl -s -H "Authorization: Bearer {k}" https://corp.instructure.com/api/v1/courses?per_page=100', [("canvas-api-token", k)])
    if form == 1:
        k = rs(32, HEX)
        return cmd(
            f'curl -s "https://lms.corp.example/webservice/rest/server.php?wstoken={k}&wsfunction=core_course_get_courses&moodlewsrestformat=json"',
            [("moodle-ws-token", k)],
        )
    if form == 2:
        k, s = uuid4(), rs(32, ALNUM)
        return cmd(
            f"curl -s -u {k}:{s} -d grant_type=client_credentials https://learn.corp.example/learn/api/public/v1/oauth2/token",
            [("blackboard-app-secret", s)],
        )
    if form == 3:
        s = "g" + rs(42, URLSAFE)
        return env([("GUSTO_CLIENT_ID", rs(43, URLSAFE)), ("GUSTO_CLIENT_SECRET", s)], [("gusto-client-secret", s)])
    if form == 4:
        k = rs(64, ALNUM)
        return cmd(f'curl -s https://api.rippling.com/platform/api/employees -H "Authorization: Bearer {k}"', [("rippling-api-token", k)])
    if form == 5:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            return env([("DEEL_API_TOKEN", k)], [("deel-api-token", k)])
        return cmd(f'curl -s https://api.letsdeel.com/rest/v2/contracts -H "Authorization: Bearer {k}"', [("deel-api-token", k)])
    if form == 6:
        t, s = rs(80, ALNUM), rs(52, ALNUM)
        return env(
            [("WORKDAY_CLIENT_ID", rs(48, ALNUM)), ("WORKDAY_CLIENT_SECRET", s), ("WORKDAY_REFRESH_TOKEN", t)],
            [("workday-client-secret", s), ("workday-refresh-token", t)],
        )
    s = b64(rbytes(66))
    return cmd(
        f"curl -s -u {uuid4()}:{s} -d grant_type=client_credentials -d scope=WebLinkAPI https://api.paylocity.com/IdentityServer/connect/token",
        [("paylocity-client-secret", s)],
    )


# ---------------------------------------------------------------- kind: smart-home-hubs


def smart_home_hubs(is_clean):
    """Smart-home hubs and devices no round had: Hubitat Maker API, Homey, ecobee, Shelly Cloud, SwitchBot, LIFX,
    Nanoleaf, Netatmo."""
    if is_clean:
        form = deal("home/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("HUBITAT_TOKEN", ref("HUBITAT_TOKEN")),
                    ("SWITCHBOT_TOKEN", "<switchbot-token>"),
                    ("SWITCHBOT_SECRET", ""),
                    ("LIFX_TOKEN", "c" + "*" * 20),
                    ("NETATMO_CLIENT_ID", rs(24, HEX)),
                ]
            )
        if form == 1:
            devs = [
                {
                    "id": str(R.randint(1, 400)),
                    "name": pick("Porch Light", "Hall Sensor", "Garage Door"),
                    "deviceNetworkId": rs(4, UHEX),
                    "zigbeeId": rs(16, UHEX),
                }
                for _ in range(3)
            ]
            return clean(json.dumps(devs, indent=2) + "\n", fmt="json", name="fixtures/hubitat-devices.json")
        if form == 2:
            return cmd(f'curl -s "http://{lan_ip()}/apps/api/{R.randint(10, 999)}/devices/all?access_token=${{HUBITAT_TOKEN}}"', [])
        if form == 3:
            doc = [
                {
                    "id": rs(12, HEX),
                    "uuid": uuid4(),
                    "label": "Desk",
                    "power": "on",
                    "group": {"id": rs(32, HEX), "name": "Office"},
                    "location": {"id": rs(32, HEX), "name": "Home"},
                }
            ]
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/lifx-lights.json")
        doc = {"API_KEY": "<ecobee-app-key>", "ACCESS_TOKEN": "", "REFRESH_TOKEN": "", "THERMOSTAT_ID": str(R.randint(10**11, 10**12))}
        return clean(json.dumps(doc, indent=4) + "\n", fmt="json", name="ecobee.conf")
    form = deal("home/secret", 8)
    if form == 0:
        k = uuid4()
        return cmd(f'curl -s "http://{lan_ip()}/apps/api/{R.randint(10, 999)}/devices/all?access_token={k}"', [("hubitat-maker-token", k)])
    if form == 1:
        k = f"{uuid4()}:{uuid4()}:{rs(40, HEX)}"
        if R.random() < 0.5:
            return env([("HOMEY_TOKEN", k), ("HOMEY_ADDRESS", "http://" + lan_ip())], [("homey-api-key", k)])
        return cmd(f'curl -s http://{lan_ip()}/api/manager/devices/device/ -H "Authorization: Bearer {k}"', [("homey-api-key", k)])
    if form == 2:
        a, r = rs(32, ALNUM), rs(32, ALNUM)
        doc = {"API_KEY": rs(32, ALNUM), "ACCESS_TOKEN": a, "REFRESH_TOKEN": r, "AUTHORIZATION_CODE": ""}
        return item(json.dumps(doc, indent=4) + "\n", [("ecobee-access-token", a), ("ecobee-refresh-token", r)], fmt="json", name="ecobee.conf")
    if form == 3:
        k = rs(76, ALNUM)
        return cmd(
            f'curl -s -X POST https://shelly-{R.randint(10, 99)}-eu.shelly.cloud/device/status -d "id={rs(12, HEX)}&auth_key={k}"',
            [("shelly-cloud-auth-key", k)],
        )
    if form == 4:
        t, s = rs(96, HEX), rs(32, HEX)
        return env([("SWITCHBOT_TOKEN", t), ("SWITCHBOT_SECRET", s)], [("switchbot-token", t), ("switchbot-secret", s)])
    if form == 5:
        k = "c" + rs(63, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s -X PUT https://api.lifx.com/v1/lights/all/state -H "Authorization: Bearer {k}" -d "power=on"', [("lifx-token", k)])
        return env([("LIFX_TOKEN", k)], [("lifx-token", k)])
    if form == 6:
        k = rs(32, ALNUM)
        return cmd(f'curl -s -X PUT http://{lan_ip()}:16021/api/v1/{k}/state -d \'{{"on": {{"value": true}}}}\'', [("nanoleaf-auth-token", k)])
    s = rs(30, ALNUM)
    return env([("NETATMO_CLIENT_ID", rs(24, HEX)), ("NETATMO_CLIENT_SECRET", s)], [("netatmo-client-secret", s)])


# ---------------------------------------------------------------- kind: dbaas-tokens


def dbaas_tokens(is_clean):
    """Database-as-a-service credentials no round had: Timescale Cloud, SingleStore, Firebolt, Nile, Prisma
    Accelerate, Crunchy Bridge, Redis Cloud, Gel / EdgeDB Cloud."""
    if is_clean:
        form = deal("dbaas/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("SINGLESTORE_API_KEY", ref("SINGLESTORE_API_KEY")),
                    ("FIREBOLT_CLIENT_SECRET", "<firebolt-client-secret>"),
                    ("CRUNCHY_API_KEY", "cbkey_****"),
                    ("GEL_SECRET_KEY", ""),
                    ("FIREBOLT_CLIENT_ID", rs(32, ALNUM)),
                ]
            )
        if form == 1:
            doc = {
                "service_id": rs(10, LOWER + DIGITS),
                "project_id": rs(10, LOWER + DIGITS),
                "name": "metrics",
                "region_code": "eu-central-1",
                "endpoint": {"host": f"{rs(10, LOWER + DIGITS)}.{rs(10, LOWER + DIGITS)}.tsdb.cloud.timescale.com", "port": R.randint(30000, 39999)},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/timescale-service.json")
        if form == 2:
            return env_clean(
                [
                    (
                        "DATABASE_URL",
                        f"postgres://tsdbadmin@{rs(10, LOWER + DIGITS)}.{rs(10, LOWER + DIGITS)}.tsdb.cloud.timescale.com:{R.randint(30000, 39999)}/tsdb?sslmode=require",
                    ),
                    ("PGPASSFILE", "/srv/app/.pgpass"),
                ]
            )
        if form == 3:
            text = (
                'datasource db {\n  provider  = "postgresql"\n  url       = env("DATABASE_URL")\n  directUrl = env("DIRECT_URL")\n}\n\n'
                'generator client {\n  provider = "prisma-client-js"\n}\n'
            )
            return clean(text, name="prisma/schema.prisma")
        return cmd(
            f'curl -s https://api.redislabs.com/v1/subscriptions/{R.randint(100000, 999999)} -H "x-api-key: $REDIS_CLOUD_ACCOUNT_KEY" -H "x-api-secret-key: $REDIS_CLOUD_SECRET_KEY"',
            [],
        )
    form = deal("dbaas/secret", 8)
    if form == 0:
        pw = rs(16, LOWER + DIGITS)
        host = f"{rs(10, LOWER + DIGITS)}.{rs(10, LOWER + DIGITS)}.tsdb.cloud.timescale.com"
        url = f"postgres://tsdbadmin:{pw}@{host}:{R.randint(30000, 39999)}/tsdb?sslmode=require"
        if R.random() < 0.5:
            return env([("DATABASE_URL", url)], [("timescale-password", pw)])
        return cmd(f'psql "{url}" -c "select 1"', [("timescale-password", pw)])
    if form == 1:
        k = rs(64, HEX)
        if R.random() < 0.5:
            return env([("SINGLESTORE_API_KEY", k)], [("singlestore-api-key", k)])
        return cmd(f'curl -s https://api.singlestore.com/v1/workspaceGroups -H "Authorization: Bearer {k}"', [("singlestore-api-key", k)])
    if form == 2:
        i, s = rs(32, ALNUM), rs(64, URLSAFE.replace("-", ""))
        if R.random() < 0.5:
            return env([("FIREBOLT_CLIENT_ID", i), ("FIREBOLT_CLIENT_SECRET", s), ("FIREBOLT_ACCOUNT", "corp")], [("firebolt-client-secret", s)])
        text = (
            "from firebolt.client.auth import ClientCredentials\nfrom firebolt.db import connect\n\n"
            f'auth = ClientCredentials("{i}", "{s}")\nconn = connect(auth=auth, account_name="corp", database="events")\n'
        )
        return item(text, [("firebolt-client-secret", s)], fmt="py", name="etl/firebolt_conn.py")
    if form == 3:
        u, pw = uuid4(), uuid4()
        return env(
            [("NILEDB_USER", u), ("NILEDB_PASSWORD", pw), ("NILEDB_POSTGRES_URL", "postgres://us-west-2.db.thenile.dev:5432/corp")],
            [("nile-password", pw)],
        )
    if form == 4:
        k = hs256({"api_key": uuid4(), "tenant_id": rs(64, HEX), "internal_secret": uuid4()})
        url = f"prisma://accelerate.prisma-data.net/?api_key={k}"
        return env([("DATABASE_URL", url), ("DIRECT_URL", "postgres://app@db.corp.example:5432/app")], [("prisma-accelerate-key", k)])
    if form == 5:
        k = "cbkey_" + rs(44, ALNUM)
        if R.random() < 0.5:
            return env([("CRUNCHY_API_KEY", k)], [("crunchy-bridge-api-key", k)])
        return cmd(f'curl -s https://api.crunchybridge.com/clusters -H "Authorization: Bearer {k}"', [("crunchy-bridge-api-key", k)])
    if form == 6:
        a, s = rs(50, ALNUM), rs(50, ALNUM)
        return cmd(
            f'curl -s https://api.redislabs.com/v1/subscriptions -H "x-api-key: {a}" -H "x-api-secret-key: {s}"',
            [("redis-cloud-secret-key", s)],
        )
    k = "nbwt_" + jwt({"alg": "ES256", "typ": "JWT"}, {"iss": "aws.edgedb.cloud", "sub": uuid4(), "iat": 1767000000})
    if R.random() < 0.5:
        return env([("GEL_INSTANCE", "corp/prod"), ("GEL_SECRET_KEY", k)], [("gel-secret-key", k)])
    return env([("EDGEDB_INSTANCE", "corp/prod"), ("EDGEDB_SECRET_KEY", k)], [("gel-secret-key", k)])


# ---------------------------------------------------------------- contexts


def abs_path(it):
    p = item_path(it)
    return p if p.startswith("/") else "/srv/app/" + p


def plain_piecer(a):
    """No value of this round holds a character JSON, YAML quoting or AsciiDoc would change."""
    assert not set(a) & set('"\\\n\t'), a
    return [a]


def item_lines(it):
    """The item as the lines a person pastes: env values as `K=v`, a command, a file's lines."""
    pairs = env_pairs(it)
    if pairs is not None:
        return [f"{k}={v}" for k, v in pairs]
    if it["shape"] == "cmd":
        return it["text"].split("\n")
    return file_lines(it["text"])


def fence_lang(it):
    if it["fmt"] == "env":
        return "env"
    if it["shape"] == "cmd":
        return "bash"
    return {"json": "json", "py": "python", "yaml": "yaml", "ini": "ini"}.get(it["fmt"], "")


def container_lines(it):
    """The lines a container wrote that hold the item: env values printed at start, a command traced, a file cat."""
    pairs = env_pairs(it)
    if pairs is not None:
        return ["loading environment from /srv/app/.env", *(f"{k}={v}" for k, v in pairs), "server listening on :8080"]
    if it["shape"] == "cmd":
        return ["+ " + it["text"], "exit status 0"]
    return [f"+ cat {abs_path(it)}", *file_lines(it["text"]), "+ exec /srv/app/bin/server"]


def clock(base, step):
    base[0] += R.randint(1, step)
    s = base[0]
    return f"{10 + s // 3600 % 10:02d}:{s // 60 % 60:02d}:{s % 60:02d}"


# -- grpcurl-call


def grpcurl_call(it):
    """A `grpcurl` call sending the item in a request (`-d @` with a heredoc) and its response: env values as a
    `PutConfig` request's `env` map, a command as a `CreateJob` request's argv, a file as a `PutFile` request's
    `content`; as a `terminal` call, or the call with its output."""
    pairs = env_pairs(it)
    host = pick("ops.corp.example:443", "control.internal:8443", "localhost:50051")
    if pairs is not None:
        method = "corp.ops.v1.ConfigService/PutConfig"
        req = {"service": pick("billing-api", "sync-worker", "web"), "env": dict(pairs), "restart": True}
        resp = {"revision": str(R.randint(100, 9999)), "applied": True}
    elif it["shape"] == "cmd":
        method = "corp.ops.v1.JobService/CreateJob"
        req = {"job": {"name": pick("rotate", "backfill", "sync"), "command": ["/bin/sh", "-c", it["text"]], "timeoutSeconds": 600}}
        resp = {"jobId": uuid4(), "state": "QUEUED"}
    else:
        method = "corp.ops.v1.FileService/PutFile"
        req = {"path": abs_path(it), "mode": 384, "content": it["text"]}
        resp = {"path": abs_path(it), "sha256": rs(64, HEX), "size": str(len(it["text"]))}
    plaintext = " -plaintext" if host.startswith("localhost") else ""
    call = f"grpcurl{plaintext} -H \"authorization: Bearer $OPS_TOKEN\" -d @ {host} {method} <<'EOF'\n{json.dumps(req, indent=2)}\nEOF"
    if R.random() < 0.4:
        return "args", "terminal", json.dumps({"command": call}), plain_piecer
    return "result", "terminal", f"$ {call}\n{json.dumps(resp, indent=2)}\n", plain_piecer


# -- irc-log


def irc_log(it):
    """An IRC client's log with the item pasted a line a message, among other lines: irssi (`10:11 <@alice> …`),
    WeeChat (`2026-12-05 10:11:12<TAB>alice<TAB>…`) or ZNC (`[10:11:12] <alice> …`); read back, `tail` or `grep -A`."""
    style = R.randrange(3)
    base = [R.randint(0, 30000)]
    nick = pick("alice", "bob", "carol")
    other = pick("dave", "erin", "frank")

    def line(who, msg):
        t = clock(base, 40)
        if style == 0:
            return f"{t[:5]} <{pick('@', ' ', '+')}{who}> {msg}"
        if style == 1:
            return f"2026-12-05 {t}\t{who}\t{msg}"
        return f"[{t}] <{who}> {msg}"

    rows = [f"2026-12-05 {clock(base, 5)}\t-->\t{nick} (~{nick}@corp/staff/{nick}) has joined #ops"] if style == 1 else []
    rows += [
        line(other, pick("can someone paste the config for the new box?", "what did you set on staging?", "deploy is failing again")),
        line_here := line(nick, "here:"),
    ]
    rows += [line(nick, ln) for ln in item_lines(it) if ln.strip()]
    rows.append(line(other, pick("thanks", "ty, trying now", "ok")))
    text = "\n".join(rows) + "\n"
    path = {
        0: f"/home/{nick}/irclogs/libera/#ops.log",
        1: f"/home/{nick}/.local/share/weechat/logs/irc.libera.#ops.weechatlog",
        2: f"/home/{nick}/.znc/users/{nick}/moddata/log/libera/#ops/2026-12-05.log",
    }[style]
    view = R.randrange(3)
    if view == 0:
        return "result", "read_file", text, plain_piecer
    if view == 1:
        return "result", "terminal", f"$ tail -n {len(rows)} '{path}'\n{text}", plain_piecer
    return "result", "terminal", f"$ grep -A {len(rows)} 'here:' '{path}'\n" + "\n".join(rows[rows.index(line_here) :]) + "\n", plain_piecer


# -- argo-workflow


def argo_workflow(it):
    """An Argo Workflows manifest written or `argo get -o yaml`: env values as a container's `env` (double-quoted),
    a command as `args` of `/bin/sh -c` (a JSON-style string), a file as a `script` template's `source` block."""
    pairs = env_pairs(it)
    name = pick("nightly-sync", "rotate-keys", "backfill")
    head = f"apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata:\n  name: {name}-{rs(5, LOWER + DIGITS)}\n  namespace: ops\n"
    body = "spec:\n  entrypoint: main\n  serviceAccountName: ops-runner\n  templates:\n    - name: main\n"
    if pairs is not None:
        body += f"      container:\n        image: registry.corp.example/{name}:1.{R.randint(0, 40)}\n        command: [/srv/app/bin/server]\n        env:\n"
        for k, v in pairs:
            body += f"          - name: {k}\n            value: {json.dumps(v)}\n"
    elif it["shape"] == "cmd":
        body += "      container:\n        image: alpine:3.20\n        command: [/bin/sh, -c]\n"
        body += f"        args:\n          - {json.dumps(it['text'])}\n"
    else:
        body += "      script:\n        image: alpine:3.20\n        command: [sh]\n        source: |\n"
        body += f"          cat > {abs_path(it)} <<'EOF'\n"
        body += "".join("          " + ln + "\n" for ln in file_lines(it["text"]))
        body += "          EOF\n"
    view = R.randrange(3)
    if view == 0:
        return "args", "write_file", json.dumps({"path": f"workflows/{name}.yaml", "content": head + body}), plain_piecer
    if view == 1:
        status = f'status:\n  phase: Succeeded\n  startedAt: "2026-12-05T10:{R.randint(10, 59)}:00Z"\n  progress: 1/1\n'
        return "result", "terminal", f"$ argo get -n ops {name} -o yaml\n{head}{body}{status}", plain_piecer
    return "result", "read_file", head + body, plain_piecer


# -- mqtt-sub


def mqtt_sub(it):
    """`mosquitto_sub -v` output (a topic, a space, the payload): env values as a retained config message (compact
    JSON), a command as a job message's `cmd`, a file as a retained message of its text (its lines as they are),
    among telemetry."""
    pairs = env_pairs(it)
    dev = pick("gw-01", "edge-7", "kiosk-3")
    rows = [f'corp/{dev}/telemetry {{"temp":{R.randint(18, 30)}.{R.randint(0, 9)},"rssi":-{R.randint(40, 90)}}}']
    if pairs is not None:
        rows.append(f"corp/{dev}/config {json.dumps(dict(pairs), separators=(',', ':'))}")
    elif it["shape"] == "cmd":
        rows.append(f"corp/{dev}/jobs/run {json.dumps({'id': rs(8, HEX), 'cmd': it['text']}, separators=(',', ':'))}")
    else:
        rows.append(f"corp/{dev}/files/{item_path(it).replace('/', '_')} {it['text'].rstrip(chr(10))}")
    rows.append(f"corp/{dev}/status online")
    text = "\n".join(rows) + "\n"
    broker = pick("mqtt.corp.example", "10.0.4.12", "localhost")
    if R.random() < 0.5:
        return "result", "terminal", f"$ mosquitto_sub -h {broker} -t 'corp/{dev}/#' -v -C {len(rows)}\n{text}", plain_piecer
    return "result", "read_file", text, plain_piecer


# -- ssm-invocation


def ssm_invocation(it):
    """AWS SSM Run Command (`indent=4` JSON, as the CLI prints it): `send-command`'s `Command.Parameters.commands`
    holding the command (env values as `export` lines, a file as a heredoc), or `get-command-invocation` whose
    `StandardOutputContent` is the output (env values printed, a file `cat`)."""
    pairs = env_pairs(it)
    cid = uuid4()
    iid = "i-0" + rs(16, HEX)
    if R.random() < 0.5:
        if pairs is not None:
            commands = [f"export {k}={shq(v)}" for k, v in pairs] + ["systemctl restart app"]
        elif it["shape"] == "cmd":
            commands = it["text"].split("\n")
        else:
            commands = [f"cat > {abs_path(it)} <<'EOF'", *file_lines(it["text"]), "EOF"]
        doc = {
            "Command": {
                "CommandId": cid,
                "DocumentName": "AWS-RunShellScript",
                "DocumentVersion": "$DEFAULT",
                "Comment": "",
                "Parameters": {"commands": commands},
                "InstanceIds": [iid],
                "Targets": [],
                "Status": "Pending",
                "TimeoutSeconds": 3600,
            }
        }
        line = f"$ aws ssm send-command --document-name AWS-RunShellScript --instance-ids {iid} --parameters file://params.json\n"
    else:
        if pairs is not None:
            out, run = "".join(f"{k}={v}\n" for k, v in pairs), "printenv | sort"
        elif it["shape"] == "cmd":
            out, run = "ok\n", it["text"]
        else:
            out, run = it["text"], f"cat {abs_path(it)}"
        doc = {
            "CommandId": cid,
            "InstanceId": iid,
            "Comment": "",
            "DocumentName": "AWS-RunShellScript",
            "PluginName": "aws:runShellScript",
            "ResponseCode": 0,
            "ExecutionStartDateTime": "2026-12-05T10:11:12.345Z",
            "Status": "Success",
            "StandardOutputContent": out,
            "StandardErrorContent": "+ " + run + "\n" if it["shape"] == "cmd" else "",
        }
        line = f"$ aws ssm get-command-invocation --command-id {cid} --instance-id {iid}\n"
    body = json.dumps(doc, indent=4)
    if R.random() < 0.5:
        return "result", "terminal", line + body + "\n", plain_piecer
    return "result", "aws_ssm", body, plain_piecer


# -- discord-export


def discord_export(it):
    """A DiscordChatExporter export of a channel where the item was pasted in a fenced message: JSON (`indent=2`)
    or plain text (`[12/5/2026 10:11 AM] alice` headers, the message below)."""
    fence = "```" + fence_lang(it) + "\n" + "\n".join(item_lines(it)) + "\n```"
    nick = pick("alice", "bob", "carol")
    if R.random() < 0.5:
        msgs = [
            {
                "id": str(R.randint(10**18, 10**19 - 1)),
                "type": "Default",
                "timestamp": "2026-12-05T10:11:12.345+00:00",
                "content": pick("config for the new box?", "what's on staging?"),
                "author": {"id": str(R.randint(10**17, 10**18)), "name": "dave", "isBot": False},
            },
            {
                "id": str(R.randint(10**18, 10**19 - 1)),
                "type": "Default",
                "timestamp": "2026-12-05T10:12:40.118+00:00",
                "content": "here you go\n" + fence,
                "author": {"id": str(R.randint(10**17, 10**18)), "name": nick, "isBot": False},
            },
        ]
        doc = {
            "guild": {"id": str(R.randint(10**17, 10**18)), "name": "Corp Ops", "iconUrl": "https://cdn.discordapp.com/embed/avatars/0.png"},
            "channel": {
                "id": str(R.randint(10**17, 10**18)),
                "type": "GuildTextChat",
                "categoryId": str(R.randint(10**17, 10**18)),
                "category": "Text Channels",
                "name": "ops",
                "topic": None,
            },
            "dateRange": {"after": None, "before": None},
            "exportedAt": "2026-12-05T11:00:00.000+00:00",
            "messages": msgs,
            "messageCount": 2,
        }
        return "result", "read_file", json.dumps(doc, indent=2, ensure_ascii=False) + "\n", plain_piecer
    bar = "=" * 62
    text = (
        f"{bar}\nGuild: Corp Ops\nChannel: Text Channels / ops\n{bar}\n\n"
        f"[12/5/2026 10:11 AM] dave\n{pick('config for the new box?', 'what is on staging?')}\n\n"
        f"[12/5/2026 10:12 AM] {nick}\nhere you go\n{fence}\n\n\n{bar}\nExported 2 message(s)\n{bar}\n"
    )
    if R.random() < 0.5:
        return "result", "terminal", "$ cat 'Corp Ops - Text Channels - ops [1187].txt'\n" + text, plain_piecer
    return "result", "read_file", text, plain_piecer


# -- asciidoc-doc


def asciidoc_doc(it):
    """An AsciiDoc runbook holding the item: env values as a `|===` table of literal monospace cells (`` `+v+` ``),
    a command or a file in a `[source,…]` listing block (`----`); written, read back or quoted in a reply."""
    pairs = env_pairs(it)
    title = pick("Deploying billing-api", "Rotating the sync worker", "Kiosk setup")
    doc = f"= Runbook: {title}\nOps Team <ops@corp.example>\n:toc:\n:icons: font\n\n== Overview\n\nSteps verified on 2026-12-05.\n\n"
    if pairs is not None:
        doc += '== Environment\n\n[cols="1m,2m",options="header"]\n|===\n|Variable |Value\n\n'
        doc += "".join(f"|{k}\n|`+{v}+`\n\n" for k, v in pairs)
        doc += "|===\n"
    elif it["shape"] == "cmd":
        doc += "== Command\n\nRun from the bastion:\n\n[source,shell]\n----\n" + it["text"] + "\n----\n"
    else:
        lang = fence_lang(it) or "text"
        doc += f"== Files\n\n.{item_path(it)}\n[source,{lang}]\n----\n" + it["text"] + "----\n"
    doc += "\nNOTE: Check the service status afterwards.\n"
    path = f"docs/runbooks/{title.lower().replace(' ', '-')}.adoc"
    view = R.randrange(3)
    if view == 0:
        return "args", "write_file", json.dumps({"path": path, "content": doc}), plain_piecer
    if view == 1:
        return "result", "read_file", doc, plain_piecer
    return "reply", "chat", f"Here is the runbook page as AsciiDoc (`{path}`):\n\n" + doc, plain_piecer


# -- gcloud-logging


def gcloud_logging(it):
    """`gcloud logging read` of a GKE container's output (newest first), the item a line an entry in `textPayload`:
    the default YAML (`---` between entries, a payload single-quoted when it must be) or `--format=json`."""
    lines = container_lines(it)
    pod = f"{pick('billing-api', 'sync-worker', 'web')}-{rs(10, LOWER + DIGITS)}-{rs(5, LOWER + DIGITS)}"
    entries = []
    base = [R.randint(0, 3000)]
    for ln in lines:
        t = f"2026-12-05T{clock(base, 2)}.{R.randint(0, 999999):06d}Z"
        entries.append(
            {
                "insertId": rs(16, LOWER + DIGITS),
                "labels": {"k8s-pod/app": pod.rsplit("-", 2)[0]},
                "logName": "projects/corp-prod/logs/stdout",
                "receiveTimestamp": t,
                "resource": {
                    "labels": {
                        "cluster_name": "prod-eu",
                        "container_name": "app",
                        "namespace_name": "default",
                        "pod_name": pod,
                        "project_id": "corp-prod",
                    },
                    "type": "k8s_container",
                },
                "severity": "INFO",
                "textPayload": ln,
                "timestamp": t,
            }
        )
    entries.reverse()
    q = f'gcloud logging read \'resource.type="k8s_container" AND resource.labels.pod_name="{pod}"\' --limit {len(entries)}'
    if R.random() < 0.5:
        return "result", "terminal", f"$ {q} --format=json\n" + json.dumps(entries, indent=2) + "\n", plain_piecer

    def scalar(s):
        plain = s and s.strip() == s and not any(c in s for c in ":#'\"{}[],&*!|>%@`") and not s.startswith(("-", "?"))
        return s if plain else "'" + s.replace("'", "''") + "'"

    out = []
    for e in entries:
        r = e["resource"]["labels"]
        out.append(
            "---\n"
            f"insertId: {e['insertId']}\nlabels:\n  k8s-pod/app: {e['labels']['k8s-pod/app']}\nlogName: {e['logName']}\n"
            f"receiveTimestamp: '{e['receiveTimestamp']}'\nresource:\n  labels:\n"
            + "".join(f"    {k}: {v}\n" for k, v in r.items())
            + f"  type: k8s_container\nseverity: INFO\ntextPayload: {scalar(e['textPayload'])}\ntimestamp: '{e['timestamp']}'\n"
        )
    return "result", "terminal", f"$ {q}\n" + "".join(out), plain_piecer


KINDS = {
    "crypto-exchange-keys": crypto_exchange_keys,
    "data-pipeline-keys": data_pipeline_keys,
    "dns-registrar-keys": dns_registrar_keys,
    "doc-pdf-esign-keys": doc_pdf_esign_keys,
    "speech-ocr-keys": speech_ocr_keys,
    "edu-hr-payroll-keys": edu_hr_payroll_keys,
    "smart-home-hubs": smart_home_hubs,
    "dbaas-tokens": dbaas_tokens,
}

CONTEXTS = {
    "grpcurl-call": grpcurl_call,
    "irc-log": irc_log,
    "argo-workflow": argo_workflow,
    "mqtt-sub": mqtt_sub,
    "ssm-invocation": ssm_invocation,
    "discord-export": discord_export,
    "asciidoc-doc": asciidoc_doc,
    "gcloud-logging": gcloud_logging,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r16", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
