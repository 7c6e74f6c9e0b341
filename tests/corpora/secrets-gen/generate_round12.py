"""Round 12 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 11 have been read, measured or worked on. Round 12 was written blind on 2026-12-05,
like rounds 5 to 11: its author saw `SPLIT.md`, the earlier generators (to keep away from their
families and reuse `blind_round`) and the scorer, never the rules nor anything under `engine/src`,
their example tables, `BENCHMARKS.md` nor `docs/`, and never ran the engine on it: the round is
unread.

Its **kind families** are credentials no round had: log shipping and uptime monitoring (Axiom
`xaat-`, Better Stack source tokens in a Vector sink, Coralogix `cxtp_` send-your-data keys, Mezmo
ingestion keys, Loggly customer tokens in an rsyslog template, UptimeRobot `u…-…`, Checkly `cu_`,
Cronitor telemetry keys), scraping and proxy services (Apify `apify_api_`, Bright Data zone
passwords in `brd-customer-…-zone-…:pw@` proxy URLs, ScraperAPI, ScrapingBee, ZenRows, Oxylabs),
blockchain node and API providers (Infura API key secrets, QuickNode endpoint tokens, Helius,
Moralis JWT keys, Blockfrost `mainnet…` project ids, Tatum `t-`, Ankr premium endpoints), email
and SMS APIs no round had (Mandrill `md-`, Mailtrap, SMTP2GO `api-`, Elastic Email, ClickSend,
Africa's Talking `atsk_`, Termii `TL…`, Textlocal), DNS registrars and CDNs (Fastly, Bunny.net
access keys and storage passwords, Akamai EdgeGrid `.edgerc`, GoDaddy `sso-key k:s`, Porkbun
`sk1_`, Namecheap `ApiKey=`), commerce and shipping APIs (EasyPost `EZAK`, Shippo `shippo_live_`,
WooCommerce `cs_`, BigCommerce `X-Auth-Token`, ShipStation, Printful), and held out:
localization, e-signature and scheduling APIs (DeepL `…:fx`, Lokalise, Crowdin personal tokens,
Transifex `1/…`, POEditor, DocuSign secret keys, Dropbox Sign, Calendly PATs, Cal.com
`cal_live_`) and accounting / HR / spend APIs (Xero client secrets, QuickBooks `AB11…` refresh
tokens, FreshBooks, BambooHR, Personio `papi-`, Harvest `.pt.` tokens, Brex `bxt_`).

Its **context families** are new containers: a file left in merge conflict (`<<<<<<< HEAD`,
diff3 `|||||||`, `git diff`'s combined `++<<<<<<<` view, the other side often a placeholder),
Windows `cmd.exe` (`.bat` / `.cmd` files with `set "K=v"` and `%%`, bare `set K=v` with `^`
carets, `setx`, `echo …>> file` lines, `set` / `type` console output with CRLF), `docker inspect`
(`Config.Env` `K=v` strings, `Args`, `--format` views, `docker config inspect --pretty`),
configuration languages (Jsonnet `|||` blocks, CUE `#\"\"\"` raw strings, Dhall `''…''` literals, Pkl;
or their evaluation as JSON), HTTP clients' saved requests (VS Code REST Client `.http` variables
and pasted cURL, Bruno `.bru` blocks, Insomnia v4 exports), and held out: an asciinema recording
(`.cast` v2 / v3 events: a credential cut across the terminal's writes, one piece per event), a
Word document's `word/document.xml` (each line a paragraph cut into runs at `w:rsidR` edits and
`w:proofErr` marks, one piece per run) and Vim's memory (`~/.viminfo` registers, `|3,…` / `|2,…`
bar lines and `:!cmd` history, or the `:registers` screen with `^J` and each row cut at the
screen's width).

A credential's pieces are what must vanish from the text as the context shows it: the value,
escaped where the context escapes it (a batch file's `%%` and `^` carets), or each fragment where
the context cuts it (cast events, Word runs, a `:registers` row cut at the screen's edge). Clean
cases hold look-alikes of the kind's own shapes (public ids and hostnames, contract addresses and
transaction hashes, message and shipment ids, client ids, masked values, placeholders, references
such as `$AXIOM_TOKEN`, empty values).

The split (`SPLIT.md`, round 12) was committed before any measurement; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round12.py     # rewrites round12.jsonl beside this file

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
    Layout,
    R,
    b64,
    clean,
    cmd,
    deal,
    env_file,
    env_pairs,
    file_lines,
    indent,
    item,
    item_path,
    jwt,
    password,
    pick,
    placeholder_for,
    rbytes,
    rs,
    shq,
    ts_epoch,
    uuid4,
    whole,
    write_round,
)

SEED = 1632
OUT = Path(__file__).with_name("round12.jsonl")

HELD_OUT_KINDS = {"localization-esign-keys", "finance-hr-apis"}
HELD_OUT_CONTEXTS = {"asciinema-cast", "docx-xml", "vim-registers"}


# ---------------------------------------------------------------- kind: log-uptime-keys


def log_uptime_keys(is_clean):
    """Log shipping and uptime monitoring: Axiom, Better Stack, Coralogix, Mezmo, Papertrail, Loggly, UptimeRobot, Cronitor, Checkly."""
    if is_clean:
        form = deal("log/clean", 5)
        if form == 0:
            pairs = [
                ("AXIOM_DATASET", "prod-logs"),
                ("AXIOM_ORG_ID", "corp-" + rs(6, LOWER + DIGITS)),
                ("UPTIMEROBOT_MONITOR_ID", str(R.randint(10**8, 10**9))),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd(
                'curl -s -X POST https://api.axiom.co/v1/datasets/prod-logs/ingest -H "Authorization: Bearer $AXIOM_TOKEN" -H "Content-Type: application/x-ndjson" --data-binary @events.ndjson',
                [],
            )
        if form == 2:
            doc = {
                "stat": "ok",
                "monitors": [{"id": R.randint(10**8, 10**9), "friendly_name": "api", "url": "https://api.corp.example/health", "status": 2}],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/uptimerobot-monitors.json")
        if form == 3:
            text = f"# ping when the backup finishes\ncurl -fsS https://cronitor.link/p/{'<TELEMETRY_KEY>'}/nightly-backup?state=complete\n"
            return clean(text, fmt="sh", name="bin/backup-done.sh")
        pairs = [
            ("AXIOM_TOKEN", "xaat-" + "*" * 8),
            ("BETTERSTACK_SOURCE_TOKEN", "<YOUR_SOURCE_TOKEN>"),
            ("LOGGLY_CUSTOMER_TOKEN", ""),
            ("CORALOGIX_PRIVATE_KEY", "${CORALOGIX_PRIVATE_KEY}"),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("log/secret", 6)
    if form == 0:
        k = "xaat-" + uuid4()
        if R.random() < 0.5:
            return item(env_file([("AXIOM_DATASET", "prod-logs"), ("AXIOM_TOKEN", k)]), [("axiom-api-token", k)], fmt="env", name=".env")
        return cmd(
            f"curl -s -X POST https://api.axiom.co/v1/datasets/prod-logs/ingest -H 'Authorization: Bearer {k}' -H 'Content-Type: application/json' -d '[{{\"msg\":\"deploy\"}}]'",
            [("axiom-api-token", k)],
        )
    if form == 1:
        k = rs(24, ALNUM)
        if R.random() < 0.5:
            text = f'[sources.app]\ntype = "file"\ninclude = ["/var/log/app/*.log"]\n\n[sinks.betterstack]\ntype = "http"\ninputs = ["app"]\nuri = "https://in.logs.betterstack.com/"\nencoding.codec = "json"\nauth.strategy = "bearer"\nauth.token = "{k}"\n'
            return item(text, [("betterstack-source-token", k)], fmt="toml", name="vector/vector.toml")
        return cmd(
            f"curl -s -X POST https://in.logs.betterstack.com -H 'Authorization: Bearer {k}' -H 'Content-Type: application/json' -d '{{\"message\":\"ok\"}}'",
            [("betterstack-source-token", k)],
        )
    if form == 2:
        k = "cxtp_" + rs(30, ALNUM)
        if R.random() < 0.5:
            return item(
                env_file([("CORALOGIX_DOMAIN", "eu2.coralogix.com"), ("CORALOGIX_PRIVATE_KEY", k), ("CORALOGIX_APP_NAME", "api")]),
                [("coralogix-send-key", k)],
                fmt="env",
                name=".env",
            )
        text = f'exporters:\n  coralogix:\n    domain: "eu2.coralogix.com"\n    private_key: "{k}"\n    application_name: "api"\n    subsystem_name: "web"\n'
        return item(text, [("coralogix-send-key", k)], fmt="yaml", name="otel/collector.yaml")
    if form == 3:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://logs.logdna.com/logs/ingest?hostname=web01 -u {k}: -H \'Content-Type: application/json\' -d \'{{"lines":[{{"line":"up"}}]}}\'',
                [("mezmo-ingestion-key", k)],
            )
        t = uuid4()
        text = f'$template LogglyFormat,"<%pri%>%protocol-version% %timestamp:::date-rfc3339% %HOSTNAME% %app-name% %procid% %msgid% [{t}@41058 tag=\\"app\\"] %msg%\\n"\n*.* @@logs-01.loggly.com:514;LogglyFormat\n'
        return item(text, [("loggly-customer-token", t)], fmt="conf", name="/etc/rsyslog.d/22-loggly.conf")
    if form == 4:
        k = f"u{R.randint(10**6, 10**7)}-{rs(24, HEX)}"
        if R.random() < 0.5:
            return cmd(f"curl -s -X POST https://api.uptimerobot.com/v2/getMonitors -d 'api_key={k}&format=json'", [("uptimerobot-api-key", k)])
        return item(env_file([("UPTIMEROBOT_API_KEY", k)]), [("uptimerobot-api-key", k)], fmt="env", name=".env")
    k = "cu_" + rs(32, HEX)
    if R.random() < 0.5:
        pairs = [("CHECKLY_ACCOUNT_ID", uuid4()), ("CHECKLY_API_KEY", k)]
        return item(env_file(pairs), [("checkly-api-key", k)], fmt="env", name=".env")
    c = rs(32, HEX)
    return cmd(f"curl -fsS 'https://cronitor.link/p/{c}/nightly-backup?state=complete'", [("cronitor-telemetry-key", c)])


# ---------------------------------------------------------------- kind: scraping-proxy-keys


def scraping_proxy_keys(is_clean):
    """Scraping and proxy services: Apify, Bright Data zone passwords, ScraperAPI, ScrapingBee, ZenRows, Oxylabs."""
    if is_clean:
        form = deal("scrape/clean", 5)
        if form == 0:
            pairs = [
                ("APIFY_ACTOR_ID", "corp~" + rs(8, LOWER)),
                ("BRIGHTDATA_ZONE", "residential_" + rs(4, DIGITS)),
                ("BRIGHTDATA_CUSTOMER", "hl_" + rs(8, HEX)),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd('curl -s "https://api.apify.com/v2/acts/corp~crawler/runs?token=$APIFY_TOKEN" -X POST -d @input.json', [])
        if form == 2:
            doc = {"data": {"id": rs(17, ALNUM), "actId": rs(17, ALNUM), "status": "SUCCEEDED", "defaultDatasetId": rs(17, ALNUM)}}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/apify-run.json")
        if form == 3:
            text = "proxies = {\n    'https': 'http://brd-customer-<CUSTOMER_ID>-zone-<ZONE>:<ZONE_PASSWORD>@brd.superproxy.io:33335',\n}\n"
            return clean(text, fmt="py", name="scraper/proxies.py")
        pairs = [("APIFY_TOKEN", "apify_api_" + "x" * 36), ("SCRAPERAPI_KEY", "YOUR_API_KEY"), ("ZENROWS_API_KEY", "****"), ("OXYLABS_PASSWORD", "")]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("scrape/secret", 6)
    if form == 0:
        k = "apify_api_" + rs(36, ALNUM)
        if R.random() < 0.5:
            return item(env_file([("APIFY_TOKEN", k)]), [("apify-api-token", k)], fmt="env", name=".env")
        return cmd(
            f"curl -s -X POST 'https://api.apify.com/v2/acts/corp~crawler/runs?token={k}' -H 'Content-Type: application/json' -d @input.json",
            [("apify-api-token", k)],
        )
    if form == 1:
        cust, zone, pw = "hl_" + rs(8, HEX), pick("residential_proxy1", "datacenter", "serp_api1", "isp_proxy2"), rs(12, LOWER + DIGITS)
        if R.random() < 0.5:
            text = f"import requests\n\nPROXY = 'http://brd-customer-{cust}-zone-{zone}:{pw}@brd.superproxy.io:33335'\nr = requests.get('https://geo.brdtest.com/mygeo.json', proxies={{'https': PROXY}})\n"
            return item(text, [("brightdata-zone-password", pw)], fmt="py", name="scraper/fetch.py")
        return cmd(
            f"curl -s --proxy brd.superproxy.io:33335 --proxy-user brd-customer-{cust}-zone-{zone}:{pw} https://geo.brdtest.com/mygeo.json",
            [("brightdata-zone-password", pw)],
        )
    if form == 2:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f"curl -s 'https://api.scraperapi.com/?api_key={k}&url=https://www.corp.example/pricing&render=true'", [("scraperapi-key", k)])
        return item(env_file([("SCRAPERAPI_KEY", k)]), [("scraperapi-key", k)], fmt="env", name=".env")
    if form == 3:
        k = rs(80, UPPER + DIGITS)
        if R.random() < 0.5:
            text = f"from scrapingbee import ScrapingBeeClient\n\nclient = ScrapingBeeClient(api_key='{k}')\nresp = client.get('https://www.corp.example/', params={{'render_js': 'false'}})\n"
            return item(text, [("scrapingbee-api-key", k)], fmt="py", name="scraper/bee.py")
        return item(env_file([("SCRAPINGBEE_API_KEY", k)]), [("scrapingbee-api-key", k)], fmt="env", name=".env")
    if form == 4:
        k = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://api.zenrows.com/v1/?apikey={k}&url=https%3A%2F%2Fwww.corp.example%2F&js_render=true'", [("zenrows-api-key", k)]
            )
        text = f"const {{ ZenRows }} = require('zenrows');\n\nconst client = new ZenRows('{k}');\nmodule.exports = client;\n"
        return item(text, [("zenrows-api-key", k)], fmt="js", name="src/zenrows.js")
    u, pw = "corp_" + rs(6, LOWER), password()
    if R.random() < 0.5:
        return cmd(
            f'curl -s \'https://realtime.oxylabs.io/v1/queries\' --user {u}:{shq(pw)} -H \'Content-Type: application/json\' -d \'{{"source": "universal", "url": "https://www.corp.example"}}\'',
            [("oxylabs-password", pw)],
        )
    return item(env_file([("OXYLABS_USERNAME", u), ("OXYLABS_PASSWORD", pw)]), [("oxylabs-password", pw)], fmt="env", name=".env")


# ---------------------------------------------------------------- kind: web3-rpc-keys


def web3_rpc_keys(is_clean):
    """Blockchain node and API providers: Infura secrets, QuickNode endpoint tokens, Helius, Moralis, Blockfrost, Tatum, Ankr."""
    if is_clean:
        form = deal("web3/clean", 5)
        if form == 0:
            pairs = [
                ("CHAIN_ID", pick("1", "137", "8453", "42161")),
                (
                    "PUBLIC_RPC_URL",
                    pick("https://cloudflare-eth.com", "https://rpc.ankr.com/eth", "https://api.mainnet-beta.solana.com", "https://polygon-rpc.com"),
                ),
                ("TOKEN_CONTRACT", "0x" + rs(40, HEX)),
                ("TREASURY_ADDRESS", "0x" + rs(40, HEX)),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd(
                'curl -s "$ETH_RPC_URL" -H "Content-Type: application/json" -d \'{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}\'',
                [],
            )
        if form == 2:
            doc = {
                "jsonrpc": "2.0",
                "id": 1,
                "result": {
                    "hash": "0x" + rs(64, HEX),
                    "blockNumber": hex(R.randint(10**7, 3 * 10**7)),
                    "from": "0x" + rs(40, HEX),
                    "to": "0x" + rs(40, HEX),
                },
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/tx-receipt.json")
        if form == 3:
            text = "networks: {\n  mainnet: {\n    url: `https://mainnet.infura.io/v3/${process.env.INFURA_API_KEY}`,\n    accounts: [process.env.DEPLOYER_KEY],\n  },\n},\n"
            return clean(text, fmt="js", name="hardhat.networks.js")
        pairs = [
            ("INFURA_API_KEY_SECRET", "<your-api-key-secret>"),
            ("QUICKNODE_URL", "https://your-endpoint.quiknode.pro/<token>/"),
            ("MORALIS_API_KEY", ""),
            ("BLOCKFROST_PROJECT_ID", "mainnetXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("web3/secret", 6)
    if form == 0:
        pid, sec = rs(32, HEX), rs(32, HEX)
        if R.random() < 0.5:
            pairs = [("INFURA_API_KEY", pid), ("INFURA_API_KEY_SECRET", sec)]
            return item(env_file(pairs), [("infura-api-key-secret", sec)], fmt="env", name=".env")
        return cmd(
            f'curl -s --user :{sec} https://mainnet.infura.io/v3/{pid} -H \'Content-Type: application/json\' -d \'{{"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":1}}\'',
            [("infura-api-key-secret", sec)],
        )
    if form == 1:
        tok = rs(40, HEX)
        url = f"https://{pick('frosty', 'misty', 'late', 'wild', 'dry')}-{pick('black', 'silent', 'autumn', 'ancient')}-{pick('pond', 'sea', 'wave', 'dawn')}.{pick('quiknode.pro', 'solana-mainnet.quiknode.pro', 'base-mainnet.quiknode.pro')}/{tok}/"
        if R.random() < 0.5:
            return item(env_file([("RPC_URL", url), ("CHAIN_ID", "1")]), [("quicknode-endpoint-token", tok)], fmt="env", name=".env")
        text = f"import {{ ethers }} from 'ethers';\n\nexport const provider = new ethers.JsonRpcProvider('{url}');\n"
        return item(text, [("quicknode-endpoint-token", tok)], fmt="ts", name="src/provider.ts")
    if form == 2:
        k = uuid4()
        if R.random() < 0.5:
            text = f'from solana.rpc.api import Client\n\nclient = Client("https://mainnet.helius-rpc.com/?api-key={k}")\nprint(client.get_slot())\n'
            return item(text, [("helius-api-key", k)], fmt="py", name="tools/slot.py")
        return cmd(f"curl -s 'https://api.helius.xyz/v0/addresses/{rs(44, ALNUM)}/transactions?api-key={k}'", [("helius-api-key", k)])
    if form == 3:
        claims = {
            "nonce": uuid4(),
            "orgId": str(R.randint(100000, 999999)),
            "userId": str(R.randint(100000, 999999)),
            "typeId": uuid4(),
            "type": "PROJECT",
            "iat": ts_epoch(),
            "exp": 4_900_000_000,
        }
        k = jwt({"alg": "HS256", "typ": "JWT"}, claims)
        if R.random() < 0.5:
            return item(env_file([("MORALIS_API_KEY", k)]), [("moralis-api-key", k)], fmt="env", name=".env")
        return cmd(
            f"curl -s 'https://deep-index.moralis.io/api/v2.2/0x{rs(40, HEX)}/balance?chain=eth' -H 'X-API-Key: {k}'", [("moralis-api-key", k)]
        )
    if form == 4:
        net = pick("mainnet", "preprod", "preview")
        k = net + rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(f"curl -s -H 'project_id: {k}' https://cardano-{net}.blockfrost.io/api/v0/blocks/latest", [("blockfrost-project-id", k)])
        text = f"import {{ BlockFrostAPI }} from '@blockfrost/blockfrost-js';\n\nexport const api = new BlockFrostAPI({{ projectId: '{k}' }});\n"
        return item(text, [("blockfrost-project-id", k)], fmt="ts", name="src/chain.ts")
    if R.random() < 0.5:
        k = f"t-{rs(24, HEX)}-{rs(32, HEX)}"
        return item(env_file([("TATUM_API_KEY", k), ("TATUM_NETWORK", "ethereum-mainnet")]), [("tatum-api-key", k)], fmt="env", name=".env")
    k = rs(64, HEX)
    return cmd(
        f"cast block-number --rpc-url https://rpc.ankr.com/{pick('eth', 'polygon', 'arbitrum', 'bsc')}/{k}",
        [("ankr-premium-key", k)],
    )


# ---------------------------------------------------------------- kind: email-sms-more


def email_sms_more(is_clean):
    """Email and SMS APIs no round had: Mandrill, Mailtrap, SMTP2GO, Elastic Email, ClickSend, Africa's Talking, Termii, Textlocal."""
    if is_clean:
        form = deal("mail/clean", 5)
        if form == 0:
            pairs = [
                ("MAIL_FROM", "noreply@corp.example"),
                ("SMS_SENDER_ID", pick("CORP", "CorpAlerts", "INFO")),
                ("AT_USERNAME", "sandbox"),
                ("CLICKSEND_USERNAME", "ops@corp.example"),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd(
                'curl -s https://mandrillapp.com/api/1.0/messages/send.json -d "{\\"key\\": \\"$MANDRILL_API_KEY\\", \\"message\\": {\\"to\\": [{\\"email\\": \\"ops@corp.example\\"}]}}"',
                [],
            )
        if form == 2:
            doc = [{"email": "ops@corp.example", "status": "sent", "_id": rs(32, HEX), "reject_reason": None}]
            if R.random() < 0.5:
                doc = {
                    "SMSMessageData": {
                        "Message": "Sent to 1/1 Total Cost: KES 0.8000",
                        "Recipients": [
                            {"number": "+2547" + rs(8, DIGITS), "status": "Success", "messageId": "ATXid_" + rs(32, HEX), "cost": "KES 0.8000"}
                        ],
                    }
                }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/send-response.json")
        if form == 3:
            text = f"smtp:\n  host: live.smtp.mailtrap.io\n  port: 587\n  username: api\n  password_env: MAILTRAP_API_TOKEN\n  message_id_domain: {rs(8, LOWER)}.corp.example\n"
            return clean(text, fmt="yaml", name="config/mail.yaml")
        pairs = [
            ("MANDRILL_API_KEY", "md-XXXXXXXXXXXXXXXXXXXXXX"),
            ("SMTP2GO_API_KEY", "api-<YOUR_KEY>"),
            ("AT_API_KEY", "atsk_" + "*" * 12),
            ("TERMII_API_KEY", ""),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("mail/secret", 6)
    if form == 0:
        k = "md-" + rs(22, URLSAFE)
        if R.random() < 0.5:
            return item(env_file([("MANDRILL_API_KEY", k), ("MAIL_FROM", "noreply@corp.example")]), [("mandrill-api-key", k)], fmt="env", name=".env")
        text = (
            f"import mailchimp_transactional as MailchimpTransactional\n\nclient = MailchimpTransactional.Client('{k}')\nprint(client.users.ping())\n"
        )
        return item(text, [("mandrill-api-key", k)], fmt="py", name="mail/client.py")
    if form == 1:
        k = rs(32, HEX)
        if R.random() < 0.5:
            text = f"MAIL_MAILER=smtp\nMAIL_HOST=live.smtp.mailtrap.io\nMAIL_PORT=587\nMAIL_USERNAME=api\nMAIL_PASSWORD={k}\n"
            return item(text, [("mailtrap-api-token", k)], fmt="env", name=".env")
        return cmd(
            f"curl -s https://send.api.mailtrap.io/api/send -H 'Authorization: Bearer {k}' -H 'Content-Type: application/json' -d @mail.json",
            [("mailtrap-api-token", k)],
        )
    if form == 2:
        k = "api-" + rs(32, UHEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.smtp2go.com/v3/email/send -H 'X-Smtp2go-Api-Key: {k}' -H 'Content-Type: application/json' -d @mail.json",
                [("smtp2go-api-key", k)],
            )
        return item(env_file([("SMTP2GO_API_KEY", k)]), [("smtp2go-api-key", k)], fmt="env", name=".env")
    if form == 3:
        k = rs(96, UHEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://api.elasticemail.com/v4/emails -H 'X-ElasticEmail-ApiKey: {k}' -H 'Content-Type: application/json' -d @mail.json",
                [("elasticemail-api-key", k)],
            )
        u, c = "ops@corp.example", rs(8, UHEX) + "-" + rs(4, UHEX) + "-" + rs(4, UHEX) + "-" + rs(4, UHEX) + "-" + rs(12, UHEX)
        return cmd(
            f"curl -s https://rest.clicksend.com/v3/sms/send -u '{u}:{c}' -H 'Content-Type: application/json' -d @sms.json",
            [("clicksend-api-key", c)],
        )
    if form == 4:
        k = "atsk_" + rs(64, HEX)
        if R.random() < 0.5:
            pairs = [("AT_USERNAME", "corp"), ("AT_API_KEY", k)]
            return item(env_file(pairs), [("africastalking-api-key", k)], fmt="env", name=".env")
        text = f"const AfricasTalking = require('africastalking')({{\n  apiKey: '{k}',\n  username: 'corp',\n}});\nmodule.exports = AfricasTalking.SMS;\n"
        return item(text, [("africastalking-api-key", k)], fmt="js", name="src/sms.js")
    if R.random() < 0.5:
        k = "TL" + rs(58, ALNUM)
        return cmd(
            f'curl -s https://api.ng.termii.com/api/sms/send -H \'Content-Type: application/json\' -d \'{{"api_key": "{k}", "to": "234{rs(10, DIGITS)}", "from": "Corp", "sms": "Your code is {rs(6, DIGITS)}", "type": "plain", "channel": "generic"}}\'',
            [("termii-api-key", k)],
        )
    k = b64(rbytes(30))
    return item(env_file([("TEXTLOCAL_APIKEY", k), ("TEXTLOCAL_SENDER", "CORPIN")]), [("textlocal-api-key", k)], fmt="env", name=".env")


# ---------------------------------------------------------------- kind: dns-cdn-keys


def dns_cdn_keys(is_clean):
    """DNS registrars and CDNs: Fastly, Bunny.net, Akamai EdgeGrid `.edgerc`, GoDaddy `sso-key`, Porkbun `sk1_`, Namecheap."""
    if is_clean:
        form = deal("dns/clean", 5)
        if form == 0:
            pairs = [
                ("FASTLY_SERVICE_ID", rs(22, ALNUM)),
                ("BUNNY_PULL_ZONE", "corp-cdn.b-cdn.net"),
                ("AKAMAI_HOST", f"akab-{rs(16, LOWER + DIGITS)}-{rs(16, LOWER + DIGITS)}.luna.akamaiapis.net"),
                ("CDN_ORIGIN", "origin.corp.example"),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd('curl -s -X POST "https://api.fastly.com/service/$FASTLY_SERVICE_ID/purge_all" -H "Fastly-Key: $FASTLY_API_TOKEN"', [])
        if form == 2:
            doc = [
                {"data": f"{R.randint(1, 223)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}", "name": "@", "ttl": 600, "type": "A"},
                {"data": f"google-site-verification={rs(43, URLSAFE)}", "name": "@", "ttl": 3600, "type": "TXT"},
            ]
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="dns/records.json")
        if form == 3:
            text = "[default]\nclient_secret = <client_secret>\nhost = akab-xxxxxxxxxxxxxxxx-xxxxxxxxxxxxxxxx.luna.akamaiapis.net\naccess_token = <access_token>\nclient_token = <client_token>\n"
            return clean(text, fmt="ini", name="docs/edgerc.sample")
        pairs = [
            ("FASTLY_API_TOKEN", "${{ secrets.FASTLY_API_TOKEN }}"),
            ("BUNNY_API_KEY", "********-****-****-****-************"),
            ("PORKBUN_SECRET_API_KEY", "sk1_..."),
            ("NAMECHEAP_API_KEY", ""),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("dns/secret", 6)
    if form == 0:
        k = rs(32, URLSAFE)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://api.fastly.com/service/{rs(22, ALNUM)}/purge_all -H 'Fastly-Key: {k}' -H 'Accept: application/json'",
                [("fastly-api-token", k)],
            )
        return item(env_file([("FASTLY_SERVICE_ID", rs(22, ALNUM)), ("FASTLY_API_TOKEN", k)]), [("fastly-api-token", k)], fmt="env", name=".env")
    if form == 1:
        k = f"{uuid4()}{rs(4, HEX)}-{rs(4, HEX)}-{rs(4, HEX)}-{rs(4, HEX)}-{rs(12, HEX)}"
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://api.bunny.net/pullzone/{R.randint(100000, 999999)}/purgeCache -H 'AccessKey: {k}'", [("bunny-api-key", k)]
            )
        pw = f"{uuid4()}-{rs(4, HEX)}-{rs(4, HEX)}"
        text = f"[bunny]\ntype = ftp\nhost = storage.bunnycdn.com\nuser = corp-assets\npass = {pw}\n"
        return item(text, [("bunny-storage-password", pw)], fmt="ini", name="rclone.conf")
    if form == 2:
        sec, acc, cli = (
            b64(rbytes(32)),
            f"akab-{rs(16, LOWER + DIGITS)}-{rs(16, LOWER + DIGITS)}",
            f"akab-{rs(16, LOWER + DIGITS)}-{rs(16, LOWER + DIGITS)}",
        )
        text = f"[default]\nclient_secret = {sec}\nhost = akab-{rs(16, LOWER + DIGITS)}-{rs(16, LOWER + DIGITS)}.luna.akamaiapis.net\naccess_token = {acc}\nclient_token = {cli}\n"
        return item(text, [("akamai-client-secret", sec), ("akamai-access-token", acc), ("akamai-client-token", cli)], fmt="ini", name=".edgerc")
    if form == 3:
        key, sec = rs(R.randint(34, 38), ALNUM + "_"), rs(22, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.godaddy.com/v1/domains/corp.example/records/A/@ -H 'Authorization: sso-key {key}:{sec}'",
                [("godaddy-api-secret", sec)],
            )
        return item(env_file([("GODADDY_API_KEY", key), ("GODADDY_API_SECRET", sec)]), [("godaddy-api-secret", sec)], fmt="env", name=".env")
    if form == 4:
        pk, sk = "pk1_" + rs(64, HEX), "sk1_" + rs(64, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -X POST https://api.porkbun.com/api/json/v3/dns/retrieve/corp.example -d \'{{"apikey": "{pk}", "secretapikey": "{sk}"}}\'',
                [("porkbun-secret-key", sk)],
            )
        doc = {"endpoint": "https://api.porkbun.com/api/json/v3", "apikey": pk, "secretapikey": sk}
        return item(json.dumps(doc, indent=2) + "\n", [("porkbun-secret-key", sk)], fmt="json", name="certbot/porkbun.json")
    k = rs(32, HEX)
    return cmd(
        f"curl -s 'https://api.namecheap.com/xml.response?ApiUser=corp&ApiKey={k}&UserName=corp&Command=namecheap.domains.dns.getHosts&ClientIp=203.0.113.{R.randint(2, 250)}&SLD=corp&TLD=example'",
        [("namecheap-api-key", k)],
    )


# ---------------------------------------------------------------- kind: commerce-shipping


def commerce_shipping(is_clean):
    """Commerce and shipping APIs: EasyPost `EZAK`, Shippo `shippo_live_`, WooCommerce `cs_`, BigCommerce, ShipStation, Printful."""
    if is_clean:
        form = deal("ship/clean", 5)
        if form == 0:
            pairs = [
                ("BIGCOMMERCE_STORE_HASH", rs(10, LOWER + DIGITS)),
                ("WOO_STORE_URL", "https://shop.corp.example"),
                ("SHIPPO_CARRIER_ACCOUNT", rs(32, HEX)),
                ("PRINTFUL_STORE_ID", str(R.randint(10**6, 10**7))),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd('curl -s https://api.easypost.com/v2/shipments -u "$EASYPOST_API_KEY:" -d @shipment.json', [])
        if form == 2:
            doc = {
                "id": "shp_" + rs(32, HEX),
                "mode": "production",
                "tracking_code": "1Z" + rs(16, UPPER + DIGITS),
                "selected_rate": {"id": "rate_" + rs(32, HEX), "carrier": "UPS", "rate": "12.40"},
            }
            if R.random() < 0.5:
                doc = {
                    "object_id": rs(32, HEX),
                    "object_state": "VALID",
                    "tracking_number": "9400" + rs(18, DIGITS),
                    "label_url": f"https://deliver.goshippo.com/{rs(32, HEX)}.pdf",
                }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/label.json")
        if form == 3:
            text = "const api = new WooCommerceRestApi({\n  url: 'https://shop.corp.example',\n  consumerKey: process.env.WC_CONSUMER_KEY,\n  consumerSecret: process.env.WC_CONSUMER_SECRET,\n  version: 'wc/v3',\n});\n"
            return clean(text, fmt="js", name="src/woo.js")
        pairs = [
            ("EASYPOST_API_KEY", "EZAK" + "x" * 54),
            ("SHIPPO_API_TOKEN", "shippo_live_<token>"),
            ("WC_CONSUMER_SECRET", "cs_****"),
            ("SHIPSTATION_API_SECRET", "CHANGE_ME"),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("ship/secret", 6)
    if form == 0:
        k = "EZAK" + rs(54, ALNUM)
        if R.random() < 0.5:
            return item(env_file([("EASYPOST_API_KEY", k)]), [("easypost-api-key", k)], fmt="env", name=".env")
        text = f'import easypost\n\nclient = easypost.EasyPostClient("{k}")\nshipment = client.shipment.create(**SHIPMENT)\n'
        return item(text, [("easypost-api-key", k)], fmt="py", name="shipping/labels.py")
    if form == 1:
        k = "shippo_live_" + rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.goshippo.com/shipments/ -H 'Authorization: ShippoToken {k}' -d @shipment.json", [("shippo-api-token", k)]
            )
        return item(env_file([("SHIPPO_API_TOKEN", k)]), [("shippo-api-token", k)], fmt="env", name=".env")
    if form == 2:
        ck, cs = "ck_" + rs(40, HEX), "cs_" + rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://shop.corp.example/wp-json/wc/v3/orders?status=processing -u {ck}:{cs}", [("woocommerce-consumer-secret", cs)]
            )
        text = f"<?php\nreturn [\n    'url' => 'https://shop.corp.example',\n    'consumer_key' => '{ck}',\n    'consumer_secret' => '{cs}',\n];\n"
        return item(text, [("woocommerce-consumer-secret", cs)], fmt="php", name="config/woocommerce.php")
    if form == 3:
        k, store = rs(31, LOWER + DIGITS), rs(10, LOWER + DIGITS)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.bigcommerce.com/stores/{store}/v3/catalog/products -H 'X-Auth-Token: {k}' -H 'Accept: application/json'",
                [("bigcommerce-access-token", k)],
            )
        return item(
            env_file([("BIGCOMMERCE_STORE_HASH", store), ("BIGCOMMERCE_ACCESS_TOKEN", k)]), [("bigcommerce-access-token", k)], fmt="env", name=".env"
        )
    if form == 4:
        key, sec = rs(32, HEX), rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://ssapi.shipstation.com/orders?orderStatus=awaiting_shipment -u {key}:{sec}", [("shipstation-api-secret", sec)]
            )
        return item(
            env_file([("SHIPSTATION_API_KEY", key), ("SHIPSTATION_API_SECRET", sec)]), [("shipstation-api-secret", sec)], fmt="env", name=".env"
        )
    k = rs(40, ALNUM)
    if R.random() < 0.5:
        return cmd(
            f"curl -s https://api.printful.com/orders -H 'Authorization: Bearer {k}' -H 'X-PF-Store-Id: {R.randint(10**6, 10**7)}'",
            [("printful-api-token", k)],
        )
    return item(env_file([("PRINTFUL_API_TOKEN", k)]), [("printful-api-token", k)], fmt="env", name=".env")


# ---------------------------------------------------------------- kind: localization-esign-keys (held out)


def localization_esign_keys(is_clean):
    """Translation, localization, e-signature and scheduling APIs: DeepL, Lokalise, Crowdin, Transifex, POEditor,
    DocuSign secret keys, Dropbox Sign, Calendly personal access tokens, Cal.com `cal_live_`."""
    if is_clean:
        form = deal("l10n/clean", 5)
        if form == 0:
            pairs = [
                ("CROWDIN_PROJECT_ID", str(R.randint(100000, 999999))),
                ("LOKALISE_PROJECT_ID", f"{rs(18, DIGITS)}{rs(8, HEX)}.{rs(8, DIGITS)}"),
                ("DOCUSIGN_INTEGRATION_KEY", uuid4()),
                ("DOCUSIGN_ACCOUNT_ID", uuid4()),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd(
                'curl -s https://api-free.deepl.com/v2/translate -H "Authorization: DeepL-Auth-Key $DEEPL_AUTH_KEY" -d text=Hello -d target_lang=DE',
                [],
            )
        if form == 2:
            doc = {
                "resource": {
                    "uri": f"https://api.calendly.com/scheduled_events/{uuid4()}",
                    "status": "active",
                    "event_type": f"https://api.calendly.com/event_types/{uuid4()}",
                    "start_time": "2026-12-08T15:00:00.000000Z",
                }
            }
            if R.random() < 0.5:
                doc = {"envelopeId": uuid4(), "status": "sent", "statusDateTime": "2026-11-30T10:12:44.1230000Z", "uri": f"/envelopes/{uuid4()}"}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/webhook.json")
        if form == 3:
            text = f'project_id: "{R.randint(100000, 999999)}"\napi_token_env: CROWDIN_PERSONAL_TOKEN\nbase_path: "."\npreserve_hierarchy: true\nfiles:\n  - source: /locales/en/*.json\n    translation: /locales/%two_letters_code%/%original_file_name%\n'
            return clean(text, fmt="yaml", name="crowdin.yml")
        pairs = [
            ("DEEPL_AUTH_KEY", "<your-deepl-key>:fx"),
            ("TRANSIFEX_TOKEN", "1/" + "x" * 40),
            ("CALCOM_API_KEY", "cal_live_..."),
            ("DOCUSIGN_SECRET_KEY", ""),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("l10n/secret", 6)
    if form == 0:
        k = uuid4() + pick(":fx", "")
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api{'-free' if k.endswith(':fx') else ''}.deepl.com/v2/translate -H 'Authorization: DeepL-Auth-Key {k}' -d text='Release notes' -d target_lang=DE",
                [("deepl-auth-key", k)],
            )
        return item(env_file([("DEEPL_AUTH_KEY", k)]), [("deepl-auth-key", k)], fmt="env", name=".env")
    if form == 1:
        if R.random() < 0.5:
            k = rs(40, HEX)
            return cmd(
                f"lokalise2 file download --token {k} --project-id {rs(18, DIGITS)}{rs(8, HEX)}.{rs(8, DIGITS)} --format json --unzip-to ./locales",
                [("lokalise-api-token", k)],
            )
        k = rs(80, HEX)
        text = f'"project_id": "{R.randint(100000, 999999)}"\n"api_token": "{k}"\n"base_path": "."\nfiles:\n  - source: /locales/en/*.json\n    translation: /locales/%two_letters_code%/%original_file_name%\n'
        return item(text, [("crowdin-personal-token", k)], fmt="yaml", name="crowdin.yml")
    if form == 2:
        k = "1/" + rs(40, HEX)
        if R.random() < 0.5:
            text = f"[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\ntoken = {k}\n"
            return item(text, [("transifex-api-token", k)], fmt="ini", name=".transifexrc")
        p = rs(32, HEX)
        return cmd(
            f"curl -s -X POST https://api.poeditor.com/v2/projects/export -d api_token={p} -d id={R.randint(100000, 999999)} -d language=de -d type=key_value_json",
            [("poeditor-api-token", p)],
        )
    if form == 3:
        ik, sk = uuid4(), uuid4()
        if R.random() < 0.5:
            pairs = [("DOCUSIGN_INTEGRATION_KEY", ik), ("DOCUSIGN_SECRET_KEY", sk), ("DOCUSIGN_BASE_PATH", "https://na3.docusign.net/restapi")]
            return item(env_file(pairs), [("docusign-secret-key", sk)], fmt="env", name=".env")
        k = rs(64, HEX)
        return cmd(
            f"curl -s https://api.hellosign.com/v3/signature_request/send -u '{k}:' -F 'title=NDA' -F 'signers[0][email_address]=legal@corp.example' -F 'files[0]=@nda.pdf'",
            [("dropboxsign-api-key", k)],
        )
    if form == 4:
        claims = {"iss": "https://auth.calendly.com", "iat": ts_epoch(), "jti": uuid4(), "user_uuid": uuid4(), "scope": "default"}
        k = jwt({"kid": rs(43, URLSAFE), "typ": "PAT", "alg": "ES512"}, claims, sig_len=66)
        if R.random() < 0.5:
            return item(env_file([("CALENDLY_TOKEN", k)]), [("calendly-personal-token", k)], fmt="env", name=".env")
        return cmd(f"curl -s https://api.calendly.com/users/me -H 'Authorization: Bearer {k}'", [("calendly-personal-token", k)])
    k = "cal_live_" + rs(32, HEX)
    if R.random() < 0.5:
        return cmd(
            f"curl -s 'https://api.cal.com/v2/bookings?status=upcoming' -H 'Authorization: Bearer {k}' -H 'cal-api-version: 2024-08-13'",
            [("calcom-api-key", k)],
        )
    return item(env_file([("CALCOM_API_KEY", k)]), [("calcom-api-key", k)], fmt="env", name=".env")


# ---------------------------------------------------------------- kind: finance-hr-apis (held out)


def finance_hr_apis(is_clean):
    """Accounting, HR and spend APIs: Xero client secrets, QuickBooks refresh tokens, FreshBooks, BambooHR, Personio,
    Harvest `.pt.` tokens, Brex `bxt_` user tokens."""
    if is_clean:
        form = deal("fin/clean", 5)
        if form == 0:
            pairs = [
                ("XERO_CLIENT_ID", rs(32, UHEX)),
                ("XERO_TENANT_ID", uuid4()),
                ("QBO_REALM_ID", rs(19, DIGITS)),
                ("BAMBOOHR_SUBDOMAIN", "corp"),
                ("HARVEST_ACCOUNT_ID", str(R.randint(10**6, 10**7))),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd(
                'curl -s "https://api.bamboohr.com/api/gateway.php/corp/v1/employees/directory" -u "$BAMBOOHR_API_KEY:x" -H "Accept: application/json"',
                [],
            )
        if form == 2:
            doc = {
                "Invoices": [
                    {
                        "InvoiceID": uuid4(),
                        "InvoiceNumber": f"INV-{R.randint(1000, 9999)}",
                        "Status": "AUTHORISED",
                        "Total": round(R.uniform(100, 9000), 2),
                        "Contact": {"ContactID": uuid4()},
                    }
                ]
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/xero-invoices.json")
        if form == 3:
            text = "oauth:\n  authorize_url: https://login.xero.com/identity/connect/authorize\n  token_url: https://identity.xero.com/connect/token\n  scopes: [openid, offline_access, accounting.transactions]\n  client_secret_ref: vault:kv/finance/xero#client_secret\n"
            return clean(text, fmt="yaml", name="config/xero.yaml")
        pairs = [
            ("XERO_CLIENT_SECRET", "<client secret>"),
            ("QBO_REFRESH_TOKEN", "AB11..."),
            ("BREX_TOKEN", "bxt_" + "*" * 10),
            ("PERSONIO_CLIENT_SECRET", ""),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("fin/secret", 6)
    if form == 0:
        cid, sec = rs(32, UHEX), rs(48, URLSAFE)
        if R.random() < 0.5:
            return item(env_file([("XERO_CLIENT_ID", cid), ("XERO_CLIENT_SECRET", sec)]), [("xero-client-secret", sec)], fmt="env", name=".env")
        return cmd(
            f"curl -s https://identity.xero.com/connect/token -u {cid}:{sec} -d grant_type=client_credentials -d scope=accounting.transactions",
            [("xero-client-secret", sec)],
        )
    if form == 1:
        rt = "AB11" + rs(10, DIGITS) + rs(36, ALNUM)
        if R.random() < 0.5:
            doc = {"token_type": "bearer", "x_refresh_token_expires_in": 8726400, "refresh_token": rt, "expires_in": 3600, "realmId": rs(19, DIGITS)}
            return item(json.dumps(doc, indent=2) + "\n", [("quickbooks-refresh-token", rt)], fmt="json", name="tokens/qbo.json")
        return item(
            env_file([("QBO_CLIENT_ID", "AB" + rs(48, ALNUM)), ("QBO_REFRESH_TOKEN", rt)]), [("quickbooks-refresh-token", rt)], fmt="env", name=".env"
        )
    if form == 2:
        sec = rs(64, HEX)
        if R.random() < 0.5:
            return item(
                env_file([("FRESHBOOKS_CLIENT_ID", rs(64, HEX)), ("FRESHBOOKS_CLIENT_SECRET", sec)]),
                [("freshbooks-client-secret", sec)],
                fmt="env",
                name=".env",
            )
        k = rs(40, HEX)
        return cmd(
            f"curl -s https://api.bamboohr.com/api/gateway.php/corp/v1/employees/directory -u {k}:x -H 'Accept: application/json'",
            [("bamboohr-api-key", k)],
        )
    if form == 3:
        cid, sec = "papi-" + uuid4(), "papi-" + rs(48, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://api.personio.de/v1/auth -d client_id={cid} -d client_secret={sec}", [("personio-client-secret", sec)]
            )
        text = f"personio:\n  client_id: {cid}\n  client_secret: {sec}\n  partner_id: CORP\n"
        return item(text, [("personio-client-secret", sec)], fmt="yaml", name="config/hr.yaml")
    if form == 4:
        k = f"{R.randint(10**6, 10**7)}.pt.{rs(86, URLSAFE)}"
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.harvestapp.com/v2/time_entries -H 'Authorization: Bearer {k}' -H 'Harvest-Account-Id: {R.randint(10**6, 10**7)}' -H 'User-Agent: corp-sync (ops@corp.example)'",
                [("harvest-access-token", k)],
            )
        return item(
            env_file([("HARVEST_ACCOUNT_ID", str(R.randint(10**6, 10**7))), ("HARVEST_ACCESS_TOKEN", k)]),
            [("harvest-access-token", k)],
            fmt="env",
            name=".env",
        )
    k = "bxt_" + rs(44, ALNUM)
    if R.random() < 0.5:
        return cmd(f"curl -s https://platform.brexapis.com/v2/transactions/card/primary -H 'Authorization: Bearer {k}'", [("brex-user-token", k)])
    return item(env_file([("BREX_TOKEN", k)]), [("brex-user-token", k)], fmt="env", name=".env")


KINDS = {
    # dev
    "log-uptime-keys": log_uptime_keys,
    "scraping-proxy-keys": scraping_proxy_keys,
    "web3-rpc-keys": web3_rpc_keys,
    "email-sms-more": email_sms_more,
    "dns-cdn-keys": dns_cdn_keys,
    "commerce-shipping": commerce_shipping,
    # held out
    "localization-esign-keys": localization_esign_keys,
    "finance-hr-apis": finance_hr_apis,
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


def as_file(it):
    """The item as a file's text: an env file as it is, a command as a script, a file as it is."""
    if it["shape"] == "cmd":
        return "#!/bin/sh\nset -eu\n" + it["text"] + "\n"
    return it["text"]


# -- merge-conflict


def older(text):
    """The other side of a conflict: the text with its lines shifted a little (a line dropped, one added)."""
    ls = file_lines(text)
    out = [ln for ln in ls if not ln.startswith("#")]
    if len(out) > 1 and R.random() < 0.5:
        out = out[:-1]
    out.append(pick("# rotated in Q3", "LOG_LEVEL=info", "# see runbook", "TIMEOUT=30"))
    return "\n".join(out) + "\n"


def merge_conflict(it):
    """A file left in conflict by a merge or rebase (`<<<<<<< HEAD` … `=======` … `>>>>>>> branch`, or diff3 style with
    `||||||| base`), read back, shown by `git diff` (combined diff, `++<<<<<<<`, lines prefixed ` +` / `+ `), or
    its conflict written out resolved by the agent."""
    text = as_file(it)
    theirs = older(text)
    if R.random() < 0.5:
        for sec in it["secrets"]:
            theirs = theirs.replace(sec["value"], placeholder_for(sec["kind"]))
    branch = pick("feature/rotate-keys", "origin/main", "release/2026.12", "a1b2c3d (ops: bump config)")
    ours_first = R.random() < 0.5
    a, b = (text, theirs) if ours_first else (theirs, text)
    block = "<<<<<<< HEAD\n" + a
    if R.random() < 0.3:
        block += "||||||| base\n" + pick("", "# placeholder\n")
    block += "=======\n" + b + f">>>>>>> {branch}\n"
    path = item_path(it)
    mode = R.randrange(3)
    if mode == 0:
        return "result", "read_file", block, whole
    if mode == 1:
        lines = []
        side = None
        for ln in file_lines(block):
            if ln.startswith(("<<<<<<<", "=======", ">>>>>>>", "|||||||")):
                lines.append("++" + ln)
                side = {"<": "+ ", "=": " +", "|": "  "}.get(ln[0], side)
            else:
                lines.append((side or "  ") + ln)
        out = f"$ git diff {path}\ndiff --cc {path}\nindex {rs(7, HEX)},{rs(7, HEX)}..0000000\n--- a/{path}\n+++ b/{path}\n@@@ -1,{len(file_lines(a))} -1,{len(file_lines(b))} +1,{len(lines)} @@@\n"
        out += "\n".join(lines) + "\n"
        return "result", "terminal", out, whole
    return "args", "write_file", json.dumps({"path": path, "content": text}), whole


# -- windows-batch

WIN_ENV = [
    ("ALLUSERSPROFILE", "C:\\ProgramData"),
    ("COMPUTERNAME", "BUILD-WIN-0" + str(3)),
    ("ComSpec", "C:\\Windows\\system32\\cmd.exe"),
    ("NUMBER_OF_PROCESSORS", "8"),
    ("OS", "Windows_NT"),
    ("Path", "C:\\Windows\\system32;C:\\Windows;C:\\Program Files\\Git\\cmd;C:\\tools\\bin"),
    ("PATHEXT", ".COM;.EXE;.BAT;.CMD;.VBS;.JS;.WSH;.MSC;.PY"),
    ("PROCESSOR_ARCHITECTURE", "AMD64"),
    ("TEMP", "C:\\Users\\deploy\\AppData\\Local\\Temp"),
    ("USERNAME", "deploy"),
    ("windir", "C:\\Windows"),
]


def bat_pct(s):
    return s.replace("%", "%%")


def bat_caret(s):
    """A batch file's unquoted text: `%` doubled, `^ & | < >` escaped with a caret."""
    out = ""
    for c in bat_pct(s):
        out += "^" + c if c in "^&|<>" else c
    return out


def windows_batch(it):
    """Windows `cmd.exe`: env values as a `.bat` / `.cmd` file (`set "K=v"` with `%` doubled, bare `set K=v` with
    carets, `setx`), or `set` output in a console (sorted among the machine's variables, CRLF), a command in a
    batch file, a file echoed line by line (`echo …>> file`, carets) or printed by `type`."""
    pairs = env_pairs(it)
    crlf = lambda t: t.replace("\n", "\r\n")  # noqa: E731
    path = pick("deploy.cmd", "scripts\\setenv.bat", "tools\\run.bat")
    if pairs is not None:
        mode = R.randrange(4)
        if mode == 0:
            rows = sorted(WIN_ENV + list(pairs), key=lambda kv: kv[0].upper())
            text = "C:\\srv\\app>set\r\n" + "".join(f"{k}={v}\r\n" for k, v in rows) + "\r\nC:\\srv\\app>"
            return "result", "terminal", text, whole
        if mode == 1:
            body = "".join(f'set "{k}={bat_pct(v)}"\n' for k, v in pairs)
            piecer = lambda a: [bat_pct(a)]  # noqa: E731
        elif mode == 2:
            body = "".join(f"set {k}={bat_caret(v)}\n" for k, v in pairs)
            piecer = lambda a: [bat_caret(a)]  # noqa: E731
        else:
            body = "".join(f'setx {k} "{bat_pct(v)}" >nul\n' for k, v in pairs)
            piecer = lambda a: [bat_pct(a)]  # noqa: E731
        text = crlf("@echo off\nsetlocal\nREM environment for the corp app\n" + body + "call bin\\server.exe --port 8080\nendlocal\n")
    elif it["shape"] == "cmd":
        text = crlf(f"@echo off\nREM {pick('nightly job', 'release step', 'smoke test')}\n{bat_pct(it['text'])}\nif errorlevel 1 exit /b 1\n")
        piecer = lambda a: [bat_pct(a)]  # noqa: E731
    elif R.random() < 0.5:
        dest = it["name"].lstrip("/").replace("/", "\\")
        lines = [f"echo {bat_caret(ln)}>> {dest}" if ln else f"echo.>> {dest}" for ln in file_lines(it["text"])]
        text = crlf("@echo off\n" + f"if exist {dest} del {dest}\n" + "\n".join(lines) + "\n")
        piecer = lambda a: [bat_caret(a)]  # noqa: E731
    else:
        dest = it["name"].lstrip("/").replace("/", "\\")
        return "result", "terminal", f"C:\\srv\\app>type {dest}\r\n" + crlf(it["text"]) + "\r\nC:\\srv\\app>", whole
    if R.random() < 0.4:
        return "args", "write_file", json.dumps({"path": path, "content": text}), piecer
    return "result", "read_file", text, piecer


# -- docker-inspect


def docker_inspect(it):
    """`docker inspect` of a container (a JSON array: `Config.Env` as `K=v` strings, `Path` / `Args` / `Config.Cmd`),
    its `--format` views (`{{json .Config.Env}}`, one variable a line), or `docker config inspect --pretty` showing a
    swarm config's data as text."""
    pairs = env_pairs(it)
    cid = rs(64, HEX)
    name = pick("corp-api-1", "corp_worker_1", "billing-web", "sync")
    base_env = [
        "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "LANG=C.UTF-8",
        f"APP_VERSION=2026.{R.randint(1, 12)}.{R.randint(0, 9)}",
    ]
    if pairs is None and it["shape"] != "cmd":
        cfg = "corp_" + it["name"].rsplit("/", 1)[-1].strip(".").replace(".", "_").replace("-", "_")
        out = (
            f"$ docker config inspect --pretty {cfg}\n"
            f"ID:              {rs(25, LOWER + DIGITS)}\nName:            {cfg}\nCreated at:      2026-11-{R.randint(10, 28)} {R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)}.{rs(9, DIGITS)} +0000 utc\n"
            f"Updated at:      2026-11-{R.randint(10, 28)} {R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)}.{rs(9, DIGITS)} +0000 utc\nData:\n{it['text']}"
        )
        return "result", "terminal", out, whole
    env = base_env + ([f"{k}={v}" for k, v in pairs] if pairs else [])
    if it["shape"] == "cmd":
        path, args = "sh", ["-c", it["text"]]
    else:
        path, args = "/usr/local/bin/server", ["--port", "8080"]
    if pairs is not None and R.random() < 0.4:
        if R.random() < 0.5:
            return "result", "terminal", f"$ docker inspect --format '{{{{json .Config.Env}}}}' {name}\n{json.dumps(env)}\n", whole
        return (
            "result",
            "terminal",
            f"$ docker inspect --format '{{{{range .Config.Env}}}}{{{{println .}}}}{{{{end}}}}' {name}\n" + "".join(e + "\n" for e in env) + "\n",
            whole,
        )
    doc = [
        {
            "Id": cid,
            "Created": f"2026-11-{R.randint(10, 28)}T{R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)}.{rs(9, DIGITS)}Z",
            "Path": path,
            "Args": args,
            "State": {"Status": "running", "Running": True, "Pid": R.randint(1000, 60000), "ExitCode": 0},
            "Image": "sha256:" + rs(64, HEX),
            "Name": "/" + name,
            "RestartCount": 0,
            "HostConfig": {"NetworkMode": "corp_default", "RestartPolicy": {"Name": "unless-stopped", "MaximumRetryCount": 0}},
            "Config": {
                "Hostname": cid[:12],
                "Env": env,
                "Cmd": [path, *args],
                "Image": f"registry.corp.example/{name.split('-')[0].split('_')[0]}:2026.11",
                "WorkingDir": "/srv/app",
                "Labels": {"com.docker.compose.project": "corp", "com.docker.compose.service": name.rsplit("-", 1)[0]},
            },
        }
    ]
    text = json.dumps(doc, indent=4)
    if R.random() < 0.5:
        return "result", "terminal", text + "\n", whole
    return "result", "terminal", f"$ docker inspect {name}\n{text}\n", whole


# -- config-langs


def dhall_block(text, n):
    """Text as a Dhall `''…''` literal's body: `''` and `${` escaped, indented by n."""
    return indent(text.replace("''", "'''").replace("${", "''${"), n)


def config_langs(it):
    """The item in a configuration language: Jsonnet (`|||` text blocks), CUE (`#\"\"\"` raw strings, tabs), Dhall
    (`''…''` literals), Pkl (`#\"\"\"` raw strings, `["K"] = v` mappings); written or read back, or its evaluation
    (`jsonnet`, `cue export`, `dhall-to-json`, `pkl eval -f json`) printed as JSON."""
    pairs = env_pairs(it)
    lang = pick("jsonnet", "cue", "dhall", "pkl")
    svc = pick("api", "worker", "billing")
    if pairs is not None:
        value = dict(pairs)
        if lang == "jsonnet":
            text = f"{{\n  service: '{svc}',\n  env: {{\n" + "".join(f"    {k}: '{v}',\n" for k, v in pairs) + "  },\n}\n"
        elif lang == "cue":
            text = f'package deploy\n\nservice: "{svc}"\nenv: {{\n' + "".join(f'\t{k}: "{v}"\n' for k, v in pairs) + "}\n"
        elif lang == "dhall":
            text = (
                f'{{ service = "{svc}"\n, env =\n'
                + "".join(f'    {"{" if i == 0 else ","} {k} = "{v}"\n' for i, (k, v) in enumerate(pairs))
                + "    }\n}\n"
            )
        else:
            text = f'service = "{svc}"\nenv {{\n' + "".join(f'  ["{k}"] = "{v}"\n' for k, v in pairs) + "}\n"
    else:
        body = as_file(it)
        field = "script" if it["shape"] == "cmd" else "content"
        value = body
        if lang == "jsonnet":
            text = f"{{\n  service: '{svc}',\n  {field}: |||\n{indent(body, 4)}  |||,\n}}\n"
        elif lang == "cue":
            text = f'package deploy\n\nservice: "{svc}"\n{field}: #"""\n' + "".join("\t" + ln + "\n" for ln in file_lines(body)) + '\t"""#\n'
        elif lang == "dhall":
            text = f"{{ service = \"{svc}\"\n, {field} =\n    ''\n{dhall_block(body, 4)}    ''\n}}\n"
        else:
            text = f'service = "{svc}"\n{field} = #"""\n' + "".join("  " + ln + "\n" for ln in file_lines(body)) + '  """#\n'
    ext = {"jsonnet": "jsonnet", "cue": "cue", "dhall": "dhall", "pkl": "pkl"}[lang]
    path = f"deploy/{svc}.{ext}"
    if R.random() < 0.3:
        tool = {
            "jsonnet": f"jsonnet {path}",
            "cue": f"cue export {path} --out json",
            "dhall": f"dhall-to-json --file {path}",
            "pkl": f"pkl eval -f json {path}",
        }[lang]
        key = "env" if pairs is not None else ("script" if it["shape"] == "cmd" else "content")
        doc = {"service": svc, key: value}
        return "result", "terminal", f"$ {tool}\n{json.dumps(doc, indent=2)}\n", whole
    scope, tool, payload = written_or_read(path, text, lang)
    return scope, tool, payload, whole


# -- api-client-files


def api_client_files(it):
    """An HTTP client's saved requests: a VS Code REST Client `.http` file (`@name = value` variables, `###`
    requests, a pasted cURL), a Bruno collection (`.bru` blocks: `vars {}`, `docs {}`, `body:text {}`), an
    Insomnia v4 export (environment `data`, a request's `body.text`)."""
    pairs = env_pairs(it)
    app = pick("http", "bruno", "insomnia")
    host = pick("https://api.corp.example", "https://staging.corp.example", "http://localhost:8080")
    if app == "insomnia":
        ws, env_id = "wrk_" + rs(32, HEX), "env_" + rs(32, HEX)
        resources = [{"_id": ws, "_type": "workspace", "name": "corp api", "parentId": None}]
        if pairs is not None:
            resources.append(
                {
                    "_id": env_id,
                    "_type": "environment",
                    "parentId": "env_" + rs(32, HEX),
                    "name": "production",
                    "data": {k.lower(): v for k, v in pairs},
                }
            )
            resources.append(
                {
                    "_id": "req_" + rs(32, HEX),
                    "_type": "request",
                    "parentId": ws,
                    "name": "health",
                    "method": "GET",
                    "url": "{{ _.base_url }}/health",
                    "headers": [],
                }
            )
        elif it["shape"] == "cmd":
            resources.append(
                {
                    "_id": "req_" + rs(32, HEX),
                    "_type": "request",
                    "parentId": ws,
                    "name": "imported from curl",
                    "description": "Pasted from the runbook:\n\n```sh\n" + it["text"] + "\n```\n",
                    "method": "GET",
                    "url": host + "/health",
                    "headers": [],
                }
            )
        else:
            mime = {"json": "application/json", "yaml": "application/yaml"}.get(it["fmt"], "text/plain")
            resources.append(
                {
                    "_id": "req_" + rs(32, HEX),
                    "_type": "request",
                    "parentId": ws,
                    "name": "upload config",
                    "method": "PUT",
                    "url": f"{host}/admin/config/{it['name'].rsplit('/', 1)[-1]}",
                    "body": {"mimeType": mime, "text": it["text"]},
                    "headers": [{"name": "Content-Type", "value": mime}],
                }
            )
        doc = {
            "_type": "export",
            "__export_format": 4,
            "__export_date": f"2026-11-{R.randint(10, 28)}T{R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)}.{R.randint(100, 999)}Z",
            "__export_source": "insomnia.desktop.app:v10.1.1",
            "resources": resources,
        }
        scope, tool, payload = written_or_read("insomnia/corp-api.json", json.dumps(doc, indent=2) + "\n", "json")
        return scope, tool, payload, whole
    if app == "http":
        if pairs is not None:
            text = (
                f"@baseUrl = {host}\n"
                + "".join(f"@{camel(k)} = {v}\n" for k, v in pairs)
                + "\n### health\nGET {{baseUrl}}/health\nAccept: application/json\n"
            )
        elif it["shape"] == "cmd":
            text = f"@baseUrl = {host}\n\n### from the runbook (REST Client sends a pasted cURL)\n{it['text']}\n\n### health\nGET {{{{baseUrl}}}}/health\n"
        else:
            text = f"@baseUrl = {host}\n\n### upload config\nPUT {{{{baseUrl}}}}/admin/config/{it['name'].rsplit('/', 1)[-1]}\nContent-Type: text/plain\n\n{it['text']}\n###\n"
        scope, tool, payload = written_or_read(pick("requests/api.http", "api.rest", "http/admin.http"), text, "http")
        return scope, tool, payload, whole
    seq = R.randint(1, 9)
    if pairs is not None:
        text = "vars {\n  baseUrl: " + host + "\n" + "".join(f"  {camel(k)}: {v}\n" for k, v in pairs) + "}\nvars:secret [\n  token\n]\n"
        path = "bruno/environments/production.bru"
    elif it["shape"] == "cmd":
        text = f"meta {{\n  name: imported\n  type: http\n  seq: {seq}\n}}\n\nget {{\n  url: {{{{baseUrl}}}}/health\n  body: none\n  auth: none\n}}\n\ndocs {{\n  Run from the runbook:\n\n  ```sh\n  {it['text']}\n  ```\n}}\n"
        path = "bruno/ops/imported.bru"
    else:
        text = f"meta {{\n  name: upload config\n  type: http\n  seq: {seq}\n}}\n\nput {{\n  url: {{{{baseUrl}}}}/admin/config\n  body: text\n  auth: inherit\n}}\n\nbody:text {{\n{indent(it['text'], 2)}}}\n"
        path = "bruno/admin/upload-config.bru"
    scope, tool, payload = written_or_read(path, text, "bru")
    return scope, tool, payload, whole


# -- cut streams (held-out contexts)


def cut_bounds(n, sizes):
    """Cuts [0, n) into spans whose lengths are drawn from `sizes`."""
    out, i = [], 0
    while i < n:
        j = min(n, i + R.choice(sizes))
        out.append((i, j))
        i = j
    return out


def fragments(text, bounds, atom):
    """The parts of each occurrence of `atom` in `text`, one per span of `bounds` it crosses."""
    out, start = [], 0
    while (i := text.find(atom, start)) >= 0:
        a, b = i, i + len(atom)
        for s, e in bounds:
            if s < b and e > a:
                out.append(text[max(a, s) : min(b, e)])
        start = i + 1
    return out


def shown_text(it):
    """What the item looks like on a terminal: the command line for a command, else the file."""
    return it["text"] + "\n" if it["shape"] == "cmd" else it["text"]


# -- asciinema-cast (held out)


def asciinema_cast(it):
    """A terminal recording (asciinema v2 or v3 `.cast`): a JSON header line, then `[time, "o", data]` events. The
    shell's prompt (ANSI colours), a command typed a few keys at a time or pasted (bracketed paste), its output with
    `\\r\\n` line ends, cut into the writes the terminal saw; a credential's pieces are its fragments, one per event."""
    pairs = env_pairs(it)
    prompt = "\x1b[01;32mdeploy@web01\x1b[00m:\x1b[01;34m~/corp\x1b[00m$ "
    if it["shape"] == "cmd":
        typed, pasted, output = "", it["text"], pick('{"ok":true}\r\n', "", "204 No Content\r\n", '{"status":"queued"}\r\n')
    else:
        path = ".env" if pairs is not None else it["name"].lstrip("/")
        typed, pasted, output = pick("cat ", "bat -p ", "less -FX ") + path, "", it["text"].replace("\n", "\r\n")
    events = [("\x1b[?2004h" + prompt, "o")]
    i = 0
    while i < len(typed):
        j = min(len(typed), i + R.choice([1, 1, 2, 3]))
        events.append((typed[i:j], "o"))
        i = j
    stream_parts = []
    if pasted:
        for s, e in cut_bounds(len(pasted), [12, 24, 40, 64, 96, 128]):
            stream_parts.append(pasted[s:e])
        events += [(p, "o") for p in stream_parts]
    events.append(("\r\n\x1b[?2004l\r", "o"))
    if output:
        if R.random() < 0.4:
            events += [(ln + "\n", "o") for ln in output.split("\n")[:-1]]
        else:
            events += [(output[s:e], "o") for s, e in cut_bounds(len(output), [8, 12, 16, 24, 32, 48, 64, 96])]
    events.append(("\x1b[?2004h" + prompt, "o"))
    events.append(("exit\r\n", "o"))
    # the pieces: each event's part of an occurrence
    full = "".join(d for d, _ in events)
    bounds, pos = [], 0
    for d, _ in events:
        bounds.append((pos, pos + len(d)))
        pos += len(d)
    t = round(R.uniform(0.2, 1.5), 6)
    v3 = R.random() < 0.35
    if v3:
        head = {
            "version": 3,
            "term": {"cols": pick(120, 160, 200), "rows": 40, "type": "xterm-256color"},
            "timestamp": ts_epoch(),
            "env": {"SHELL": "/bin/bash"},
        }
    else:
        head = {
            "version": 2,
            "width": pick(120, 160, 200),
            "height": 40,
            "timestamp": ts_epoch(),
            "env": {"SHELL": "/bin/bash", "TERM": "xterm-256color"},
        }
    lines = [json.dumps(head)]
    for d, code in events:
        dt = round(R.uniform(0.004, 0.25), 6)
        t = round(t + dt, 6)
        lines.append(json.dumps([dt if v3 else t, code, d]))
    cast = "\n".join(lines) + "\n"
    name = pick("demo.cast", "recordings/deploy-2026-11-30.cast", "session.cast")
    piecer = lambda a: fragments(full, bounds, a)  # noqa: E731
    if R.random() < 0.5:
        return "result", "read_file", cast, piecer
    return "result", "terminal", f"$ cat {name}\n{cast}", piecer


# -- docx-xml (held out)

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def docx_xml(it):
    """A Word document's `word/document.xml` read out of its zip (one line after the declaration): each line of the
    item a paragraph, cut into runs where the text was edited (`w:rsidR`) or flagged by the spell checker
    (`w:proofErr`); a command in a Consolas paragraph. A credential's pieces are its fragments, one per run."""
    lines = file_lines(shown_text(it))
    mono = it["shape"] == "cmd" or R.random() < 0.5
    rpr = '<w:rPr><w:rFonts w:ascii="Consolas" w:hAnsi="Consolas"/><w:sz w:val="18"/></w:rPr>' if mono else ""
    paras = [
        f'<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>{pick("Handover notes", "Runbook: production access", "Migration checklist")}</w:t></w:r></w:p>'
    ]
    paras.append(
        f"<w:p><w:r><w:t>{pick('Values as of the cut-over:', 'Paste into the server before the restart.', 'From the old wiki page.')}</w:t></w:r></w:p>"
    )
    pieces = {}
    atoms = [a for s in it["secrets"] for a in s["atoms"]]
    for ln in lines:
        if not ln:
            paras.append("<w:p/>")
            continue
        bounds = cut_bounds(len(ln), [4, 6, 9, 14, 20, 32, 48])
        for a in atoms:
            pieces.setdefault(a, []).extend(fragments(ln, bounds, a))
        runs = []
        for s, e in bounds:
            seg = xml_escape(ln[s:e])
            sp = ' xml:space="preserve"' if seg != seg.strip() else ""
            attr = f' w:rsidR="00{rs(6, UHEX)}"' if R.random() < 0.5 else ""
            run = f"<w:r{attr}>{rpr}<w:t{sp}>{seg}</w:t></w:r>"
            if R.random() < 0.2:
                run = f'<w:proofErr w:type="spellStart"/>{run}<w:proofErr w:type="spellEnd"/>'
            runs.append(run)
        paras.append(f'<w:p w:rsidR="00{rs(6, UHEX)}" w:rsidRDefault="00{rs(6, UHEX)}">' + "".join(runs) + "</w:p>")
    xml = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        f'<w:document xmlns:w="{W_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>'
        + "".join(paras)
        + '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr></w:body></w:document>'
    )
    doc = pick("handover.docx", "Runbook.docx", "docs/migration-notes.docx")
    piecer = lambda a: pieces.get(a, [])  # noqa: E731
    if R.random() < 0.6:
        return "result", "terminal", f"$ unzip -p {doc} word/document.xml\n{xml}\n", piecer
    return "result", "read_file", xml, piecer


# -- vim-registers (held out)


def viminfo_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def vim_registers(it):
    """Vim's memory of the text: `~/.viminfo` read back (registers as tab-indented lines and `|3,…` bar lines,
    the command-line history with `:!cmd` and its `|2,…` line), or the `:registers` screen captured from tmux
    (`^J` for line breaks, each register cut at the screen's width)."""
    pairs = env_pairs(it)
    ts = ts_epoch()
    if it["shape"] == "cmd":
        reg_lines, history = [it["text"]], "!" + it["text"]
    else:
        reg_lines, history = file_lines(it["text"]), pick("w", "wq", "%s/staging/production/g", "set paste")
    fname = ".env" if pairs is not None else ("scripts/run.sh" if it["shape"] == "cmd" else it["name"].lstrip("/"))
    if R.random() < 0.5:
        width = pick(160, 200, 240)
        content = "^J".join(reg_lines) + "^J"
        rows = [
            ":registers",
            "Type Name Content",
            f'  l  ""   {content}',
            f'  l  "0   {content}',
            f'  c  "1   {pick("TODO", "old_value", "localhost")}',
            f'  c  ":   {history}',
            f'  c  "%   {fname}',
            '  c  "/   ' + pick("KEY", "token", "password", "prod"),
        ]
        lay = Layout()
        for r in rows:
            lay.add(r, width, trunc=True)
        shown = [r[:width] for r in rows]
        ok = all(any(len(p) >= 4 for a in s["atoms"] for p in lay.pieces(a)) for s in it["secrets"])
        if ok:
            screen = "\n".join(shown) + "\nPress ENTER or type command to continue\n"
            return "result", "terminal", f"$ tmux capture-pane -p -t edit\n{screen}", lay.pieces
    regs = ['""0\tLINE\t0'] + ["\t" + ln for ln in reg_lines]
    regs.append(f"|3,1,0,1,{len(reg_lines)},0,{ts}," + ",".join(viminfo_str(ln) for ln in reg_lines))
    old = pick("# TODO", "old_value=1", "set -eu")
    regs += ['"1\tLINE\t0', "\t" + old, f"|3,0,1,1,1,0,{ts - R.randint(60, 9000)},{viminfo_str(old)}"]
    hist_cmds = [history, pick("w", "q!", "e .")]
    text = (
        "# This viminfo file was generated by Vim 9.1.\n# You may edit it if you're careful!\n\n# Viminfo version\n|1,4\n\n"
        "# Value of 'encoding' when this file was written\n*encoding=utf-8\n\n\n# hlsearch on (H) or off (h):\n~h\n"
        "# Command Line History (newest to oldest):\n"
        + "".join(f":{c}\n|2,0,{ts - 7 * i},,{viminfo_str(c)}\n" for i, c in enumerate(hist_cmds))
        + "\n# Search String History (newest to oldest):\n?/"
        + pick("KEY", "token", "secret")
        + f'\n|2,1,{ts - 30},47,"{pick("KEY", "token", "secret")}"\n\n# Registers:\n'
        + "\n".join(regs)
        + f'\n\n# File marks:\n\'0  {R.randint(1, 40)}  0  ~/corp/{fname}\n|4,48,{R.randint(1, 40)},0,{ts},"~/corp/{fname}"\n'
    )
    if R.random() < 0.5:
        return "result", "read_file", text, whole
    return "result", "terminal", f"$ cat ~/.viminfo\n{text}", whole


CONTEXTS = {
    # dev
    "merge-conflict": merge_conflict,
    "windows-batch": windows_batch,
    "docker-inspect": docker_inspect,
    "config-langs": config_langs,
    "api-client-files": api_client_files,
    # held out
    "asciinema-cast": asciinema_cast,
    "docx-xml": docx_xml,
    "vim-registers": vim_registers,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r12", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
