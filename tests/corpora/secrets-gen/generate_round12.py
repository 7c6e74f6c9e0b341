"""Round 12 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 11 have been read, measured or worked on. Round 12 was written blind on 2026-12-05,
like rounds 5 to 11: its author saw `SPLIT.md`, the earlier generators (to keep away from their
families and reuse `blind_round`) and the scorer, never the rules nor anything under `engine/src`,
their example tables, `BENCHMARKS.md` nor `docs/`, and never ran the engine on it: the round is
unread.

(Skeleton: families are being added.)

    python3 tests/corpora/secrets-gen/generate_round12.py     # rewrites round12.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
from pathlib import Path

from blind_round import (
    ALNUM,
    DIGITS,
    HEX,
    LOWER,
    UPPER,
    URLSAFE,
    R,
    clean,
    cmd,
    deal,
    env_file,
    env_pairs,
    file_lines,
    item,
    password,
    shq,
    pick,
    rs,
    uuid4,
    whole,
    write_round,
)

SEED = 1712
OUT = Path(__file__).with_name("round12.jsonl")

HELD_OUT_KINDS = set()
HELD_OUT_CONTEXTS = set()


# ---------------------------------------------------------------- kind: log-uptime-keys


def log_uptime_keys(is_clean):
    """Log shipping and uptime monitoring: Axiom, Better Stack, Coralogix, Mezmo, Papertrail, Loggly, UptimeRobot, Cronitor, Checkly."""
    if is_clean:
        form = deal("log/clean", 5)
        if form == 0:
            pairs = [("AXIOM_DATASET", "prod-logs"), ("AXIOM_ORG_ID", "corp-" + rs(6, LOWER + DIGITS)), ("UPTIMEROBOT_MONITOR_ID", str(R.randint(10**8, 10**9)))]
            return clean(env_file(pairs), fmt="env", name=".env.public")
        if form == 1:
            return cmd('curl -s -X POST https://api.axiom.co/v1/datasets/prod-logs/ingest -H "Authorization: Bearer $AXIOM_TOKEN" -H "Content-Type: application/x-ndjson" --data-binary @events.ndjson', [])
        if form == 2:
            doc = {"stat": "ok", "monitors": [{"id": R.randint(10**8, 10**9), "friendly_name": "api", "url": "https://api.corp.example/health", "status": 2}]}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/uptimerobot-monitors.json")
        if form == 3:
            text = f"# ping when the backup finishes\ncurl -fsS https://cronitor.link/p/{'<TELEMETRY_KEY>'}/nightly-backup?state=complete\n"
            return clean(text, fmt="sh", name="bin/backup-done.sh")
        pairs = [("AXIOM_TOKEN", "xaat-" + "*" * 8), ("BETTERSTACK_SOURCE_TOKEN", "<YOUR_SOURCE_TOKEN>"), ("LOGGLY_CUSTOMER_TOKEN", ""), ("CORALOGIX_PRIVATE_KEY", "${CORALOGIX_PRIVATE_KEY}")]
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
            text = f"[sources.app]\ntype = \"file\"\ninclude = [\"/var/log/app/*.log\"]\n\n[sinks.betterstack]\ntype = \"http\"\ninputs = [\"app\"]\nuri = \"https://in.logs.betterstack.com/\"\nencoding.codec = \"json\"\nauth.strategy = \"bearer\"\nauth.token = \"{k}\"\n"
            return item(text, [("betterstack-source-token", k)], fmt="toml", name="vector/vector.toml")
        return cmd(f"curl -s -X POST https://in.logs.betterstack.com -H 'Authorization: Bearer {k}' -H 'Content-Type: application/json' -d '{{\"message\":\"ok\"}}'", [("betterstack-source-token", k)])
    if form == 2:
        k = "cxtp_" + rs(30, ALNUM)
        if R.random() < 0.5:
            return item(env_file([("CORALOGIX_DOMAIN", "eu2.coralogix.com"), ("CORALOGIX_PRIVATE_KEY", k), ("CORALOGIX_APP_NAME", "api")]), [("coralogix-send-key", k)], fmt="env", name=".env")
        text = f"exporters:\n  coralogix:\n    domain: \"eu2.coralogix.com\"\n    private_key: \"{k}\"\n    application_name: \"api\"\n    subsystem_name: \"web\"\n"
        return item(text, [("coralogix-send-key", k)], fmt="yaml", name="otel/collector.yaml")
    if form == 3:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f"curl -s https://logs.logdna.com/logs/ingest?hostname=web01 -u {k}: -H 'Content-Type: application/json' -d '{{\"lines\":[{{\"line\":\"up\"}}]}}'", [("mezmo-ingestion-key", k)])
        t = uuid4()
        text = f"$template LogglyFormat,\"<%pri%>%protocol-version% %timestamp:::date-rfc3339% %HOSTNAME% %app-name% %procid% %msgid% [{t}@41058 tag=\\\"app\\\"] %msg%\\n\"\n*.* @@logs-01.loggly.com:514;LogglyFormat\n"
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
            pairs = [("APIFY_ACTOR_ID", "corp~" + rs(8, LOWER)), ("BRIGHTDATA_ZONE", "residential_" + rs(4, DIGITS)), ("BRIGHTDATA_CUSTOMER", "hl_" + rs(8, HEX))]
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
        return cmd(f"curl -s -X POST 'https://api.apify.com/v2/acts/corp~crawler/runs?token={k}' -H 'Content-Type: application/json' -d @input.json", [("apify-api-token", k)])
    if form == 1:
        cust, zone, pw = "hl_" + rs(8, HEX), pick("residential_proxy1", "datacenter", "serp_api1", "isp_proxy2"), rs(12, LOWER + DIGITS)
        if R.random() < 0.5:
            text = f"import requests\n\nPROXY = 'http://brd-customer-{cust}-zone-{zone}:{pw}@brd.superproxy.io:33335'\nr = requests.get('https://geo.brdtest.com/mygeo.json', proxies={{'https': PROXY}})\n"
            return item(text, [("brightdata-zone-password", pw)], fmt="py", name="scraper/fetch.py")
        return cmd(f"curl -s --proxy brd.superproxy.io:33335 --proxy-user brd-customer-{cust}-zone-{zone}:{pw} https://geo.brdtest.com/mygeo.json", [("brightdata-zone-password", pw)])
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
            return cmd(f"curl -s 'https://api.zenrows.com/v1/?apikey={k}&url=https%3A%2F%2Fwww.corp.example%2F&js_render=true'", [("zenrows-api-key", k)])
        text = f"const {{ ZenRows }} = require('zenrows');\n\nconst client = new ZenRows('{k}');\nmodule.exports = client;\n"
        return item(text, [("zenrows-api-key", k)], fmt="js", name="src/zenrows.js")
    u, pw = "corp_" + rs(6, LOWER), password()
    if R.random() < 0.5:
        return cmd(f"curl -s 'https://realtime.oxylabs.io/v1/queries' --user {u}:{shq(pw)} -H 'Content-Type: application/json' -d '{{\"source\": \"universal\", \"url\": \"https://www.corp.example\"}}'", [("oxylabs-password", pw)])
    return item(env_file([("OXYLABS_USERNAME", u), ("OXYLABS_PASSWORD", pw)]), [("oxylabs-password", pw)], fmt="env", name=".env")


KINDS = {
    # dev
    "log-uptime-keys": log_uptime_keys,
    "scraping-proxy-keys": scraping_proxy_keys,
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


def as_file(it):
    """The item as a file's text: an env file as it is, a command as a script, a file as it is."""
    if it["shape"] == "cmd":
        return "#!/bin/sh\nset -eu\n" + it["text"] + "\n"
    return it["text"]


def item_path(it):
    if it["shape"] == "cmd":
        return "scripts/run.sh"
    return it["name"].lstrip("/")


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


CONTEXTS = {
    # dev
    "merge-conflict": merge_conflict,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r12", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
