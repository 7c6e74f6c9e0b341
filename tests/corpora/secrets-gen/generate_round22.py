"""Round 22 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 21 have been read, measured or worked on, or written. Round 22 was written blind, like
rounds 5 to 21: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL field names only), never
the rules nor anything else under `engine/`, and never read the engine's code.

Kind families and context families: see `SPLIT.md`, round 22. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round22.py     # rewrites round22.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import difflib
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
    clean,
    cmd,
    cmd_clean,
    deal,
    digits,
    env,
    env_clean,
    env_pairs,
    file_lines,
    half,
    item,
    item_path,
    password,
    pick,
    rs,
    sha1hex,
    shq,
    template_of,
    uuid4,
    write_round,
)

SEED = 2528
OUT = Path(__file__).with_name("round22.jsonl")

HELD_OUT_KINDS = {"scheduling-booking-keys", "music-metadata-keys"}
HELD_OUT_CONTEXTS = {"jest-snapshot", "netlify-deploy-log", "bitbucket-pipelines-log"}

DAY = 1_796_515_200  # 2026-12-06T00:00:00Z, a Sunday
# Characters no value of this round holds: JSON(C), Kotlin and TOML strings, mongosh's quoting, supervisord's `%`
# expansion and Jest's template literals would change them.
CHANGED = set("\"'\\\n\t$`&<>%")


def ref(name):
    return pick("${" + name + "}", "$" + name)


def masked(n=16):
    return "*" * n


def sha256hex():
    return rs(64, HEX)


def clock(sec):
    return f"{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"


def pw():
    """A password as `blind_round.password()` makes them, without `%` (supervisord would expand it)."""
    while True:
        v = password()
        if not set(v) & CHANGED:
            return v


def oid():
    return rs(8, HEX) + rs(16, HEX)


# ---------------------------------------------------------------- kind: captcha-antibot-keys

RECAPTCHA_TEST_SITE = "6LeIxAcTAAAAAJcZVRqyHh4Tx8qB3X6T9DtsFH8"
RECAPTCHA_TEST_SECRET = "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe"


def recaptcha_key():
    return "6L" + rs(6, ALNUM) + "AAAAA" + rs(27, URLSAFE)


def captcha_antibot_keys(is_clean):
    """CAPTCHA and anti-bot services: reCAPTCHA secret keys posted to `siteverify`, hCaptcha `0x` secrets, Cloudflare
    Turnstile secrets, 2Captcha `key=`, Anti-Captcha `clientKey`, CapSolver `CAP-…`, Friendly Captcha API keys,
    DataDome server-side keys."""
    if is_clean:
        form = deal("captcha/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("RECAPTCHA_SITE_KEY", recaptcha_key()),
                    ("RECAPTCHA_SECRET_KEY", ref("RECAPTCHA_SECRET_KEY")),
                    ("HCAPTCHA_SITEKEY", uuid4()),
                    ("TURNSTILE_SITE_KEY", "0x4AAAAAAA" + rs(14, URLSAFE)),
                    ("TURNSTILE_SECRET_KEY", ""),
                ]
            )
        if form == 1:
            site = pick(recaptcha_key(), uuid4(), "0x4AAAAAAA" + rs(14, URLSAFE))
            text = (
                '<form action="/signup" method="post">\n'
                '  <input type="email" name="email" required>\n'
                f'  <div class="{pick("g-recaptcha", "h-captcha", "cf-turnstile")}" data-sitekey="{site}"></div>\n'
                '  <button type="submit">Create account</button>\n'
                "</form>\n"
            )
            return clean(text, fmt="html", name="templates/signup.html")
        if form == 2:
            if half():
                return env_clean(
                    [
                        ("RECAPTCHA_SITE_KEY", RECAPTCHA_TEST_SITE),
                        ("RECAPTCHA_SECRET_KEY", RECAPTCHA_TEST_SECRET),
                        ("HCAPTCHA_SECRET", "0x0000000000000000000000000000000000000000"),
                        ("TURNSTILE_SECRET_KEY", "1x0000000000000000000000000000000AA"),
                    ],
                    name=".env.test",
                )
            return cmd_clean(
                'curl -s https://api.hcaptcha.com/siteverify -d "secret=$HCAPTCHA_SECRET" -d "response=$TOKEN" -d sitekey=10000000-ffff-ffff-ffff-000000000001',
                name="scripts/verify-captcha.sh",
            )
        if form == 3:
            doc = {
                "success": True,
                "challenge_ts": f"2026-12-06T{clock(R.randint(30000, 60000))}Z",
                "hostname": "app.corp.example",
                "score": round(R.random(), 1),
                "action": "signup",
                "cdata": rs(8, LOWER),
                "error-codes": [],
                "taskId": R.randint(10**9, 10**10),
                "solution_sha1": sha1hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/siteverify.json")
        return env_clean(
            [
                ("TWOCAPTCHA_API_KEY", "YOUR_API_KEY"),
                ("ANTICAPTCHA_CLIENT_KEY", "changeme"),
                ("CAPSOLVER_API_KEY", "CAP-" + "X" * 32),
                ("DATADOME_SERVER_KEY", masked(20)),
                ("FRIENDLY_CAPTCHA_API_KEY", "<api-key>"),
            ]
        )
    form = deal("captcha/secret", 8)
    if form == 0:
        k = recaptcha_key()
        if half():
            return cmd(
                f'curl -s -X POST https://www.google.com/recaptcha/api/siteverify -d secret={k} -d "response=$G_RECAPTCHA_RESPONSE"',
                [("recaptcha-secret-key", k)],
            )
        return env([("RECAPTCHA_SITE_KEY", recaptcha_key()), ("RECAPTCHA_SECRET_KEY", k)], [("recaptcha-secret-key", k)])
    if form == 1:
        k = "0x" + rs(40, HEX)
        if half():
            text = (
                "import requests\n\n"
                f'HCAPTCHA_SECRET = "{k}"\n\n\n'
                "def verify(token, remote_ip):\n"
                '    r = requests.post("https://api.hcaptcha.com/siteverify", data={"secret": HCAPTCHA_SECRET, "response": token, "remoteip": remote_ip})\n'
                '    return r.json().get("success", False)\n'
            )
            return item(text, [("hcaptcha-secret", k)], fmt="py", name="app/captcha.py")
        return env([("HCAPTCHA_SITEKEY", uuid4()), ("HCAPTCHA_SECRET", k)], [("hcaptcha-secret", k)])
    if form == 2:
        k = "0x4AAAAAAA" + rs(24, URLSAFE)
        if half():
            return cmd(
                "curl -s https://challenges.cloudflare.com/turnstile/v0/siteverify -H 'Content-Type: application/json' "
                f'-d \'{{"secret":"{k}","response":"\'"$CF_TOKEN"\'"}}\'',
                [("turnstile-secret-key", k)],
            )
        return env([("TURNSTILE_SITE_KEY", "0x4AAAAAAA" + rs(14, URLSAFE)), ("TURNSTILE_SECRET_KEY", k)], [("turnstile-secret-key", k)])
    if form == 3:
        k = rs(32, HEX)
        if half():
            return cmd(
                f'curl -s "https://2captcha.com/in.php?key={k}&method=userrecaptcha&googlekey={recaptcha_key()}&pageurl=https://shop.example.net/login&json=1"',
                [("twocaptcha-api-key", k)],
            )
        return env([("TWOCAPTCHA_API_KEY", k)], [("twocaptcha-api-key", k)])
    if form == 4:
        k = rs(32, HEX)
        if half():
            body = json.dumps(
                {
                    "clientKey": k,
                    "task": {"type": "RecaptchaV2TaskProxyless", "websiteURL": "https://shop.example.net/login", "websiteKey": recaptcha_key()},
                }
            )
            return cmd(
                f"curl -s https://api.anti-captcha.com/createTask -H 'Content-Type: application/json' -d '{body}'", [("anticaptcha-client-key", k)]
            )
        text = f'{{\n  "clientKey": "{k}",\n  "softId": {R.randint(100, 9999)},\n  "languagePool": "en"\n}}\n'
        return item(text, [("anticaptcha-client-key", k)], fmt="json", name="config/anticaptcha.json")
    if form == 5:
        k = "CAP-" + rs(32, UHEX)
        if half():
            body = json.dumps(
                {
                    "clientKey": k,
                    "task": {
                        "type": "AntiTurnstileTaskProxyLess",
                        "websiteURL": "https://shop.example.net/",
                        "websiteKey": "0x4AAAAAAA" + rs(14, URLSAFE),
                    },
                }
            )
            return cmd(f"curl -s https://api.capsolver.com/createTask -H 'Content-Type: application/json' -d '{body}'", [("capsolver-api-key", k)])
        return env([("CAPSOLVER_API_KEY", k)], [("capsolver-api-key", k)])
    if form == 6:
        k = "A1" + rs(R.randint(60, 70), ALNUM)
        if half():
            return cmd(
                "curl -s -X POST https://global.frcapi.com/api/v2/captcha/siteverify "
                f'-H "X-API-Key: {k}" -H "Content-Type: application/json" -d \'{{"response":"\'"$FRC_SOLUTION"\'","sitekey":"FC{rs(12, UPPER + DIGITS)}"}}\'',
                [("friendlycaptcha-api-key", k)],
            )
        return env([("FRC_SITEKEY", "FC" + rs(12, UPPER + DIGITS)), ("FRC_API_KEY", k)], [("friendlycaptcha-api-key", k)])
    k = rs(R.choice([30, 64]), ALNUM)
    if half():
        text = f"datadome:\n  enabled: true\n  server_side_key: {k}\n  endpoint: api-eu-france-1.datadome.co\n  timeout_ms: 150\n"
        return item(text, [("datadome-server-key", k)], fmt="yaml", name="config/bot-protection.yaml")
    return env([("DATADOME_SERVER_SIDE_KEY", k), ("DATADOME_ENDPOINT", "api.datadome.co")], [("datadome-server-key", k)])


# ---------------------------------------------------------------- kind: test-device-cloud-keys


def test_device_cloud_keys(is_clean):
    """Browser and device clouds for tests: BrowserStack access keys (beside the user name, in a hub URL), Sauce Labs
    access keys (uuid), LambdaTest `LT_` keys, Applitools API keys, Kobiton API keys, TestingBot key and secret,
    TestRail API keys, Qase API tokens."""
    if is_clean:
        form = deal("devicecloud/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("BROWSERSTACK_USERNAME", pick("corpqa_", "jdoe_") + rs(6, LOWER + DIGITS)),
                    ("BROWSERSTACK_ACCESS_KEY", ref("BROWSERSTACK_ACCESS_KEY")),
                    ("SAUCE_USERNAME", "oauth-corp-" + rs(5, LOWER + DIGITS)),
                    ("SAUCE_ACCESS_KEY", "********-****-****-****-************"),
                    ("LT_ACCESS_KEY", ""),
                ]
            )
        if form == 1:
            doc = {
                "automation_build": {"name": "nightly-e2e", "hashed_id": sha1hex(), "status": "done", "duration": R.randint(200, 900)},
                "sessions": [
                    {"hashed_id": sha1hex(), "browser": "chrome", "os": "Windows", "os_version": "11", "status": "passed"},
                    {"hashed_id": sha1hex(), "browser": "safari", "os": "OS X", "os_version": "Sonoma", "status": "failed"},
                ],
                "sauce_job_id": rs(32, HEX),
                "applitools_batch_id": uuid4(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="reports/e2e-sessions.json")
        if form == 2:
            return cmd_clean(
                'npx wdio run wdio.conf.js --user "$BROWSERSTACK_USERNAME" --key "$BROWSERSTACK_ACCESS_KEY" --spec test/specs/login.e2e.js',
                name="scripts/e2e.sh",
            )
        if form == 3:
            text = (
                "exports.config = {\n"
                "  user: process.env.LT_USERNAME,\n"
                "  key: process.env.LT_ACCESS_KEY,\n"
                "  hostname: 'hub.lambdatest.com',\n"
                f"  capabilities: [{{ browserName: 'Chrome', 'LT:Options': {{ build: 'nightly-{rs(7, HEX)}', platformName: 'Windows 11' }} }}],\n"
                "};\n"
            )
            return clean(text, fmt="js", name="wdio.lt.conf.js")
        return env_clean(
            [
                ("APPLITOOLS_API_KEY", "YOUR_API_KEY"),
                ("KOBITON_API_KEY", "changeme"),
                ("TESTINGBOT_SECRET", "REPLACE_ME"),
                ("TESTRAIL_API_KEY", "<testrail-api-key>"),
                ("QASE_API_TOKEN", "TODO"),
            ]
        )
    form = deal("devicecloud/secret", 8)
    if form == 0:
        user, k = pick("corpqa_", "jdoe_", "ci_") + rs(6, LOWER + DIGITS), rs(20, ALNUM)
        if half():
            text = (
                f"userName: {user}\n"
                f"accessKey: {k}\n"
                "platforms:\n"
                "  - os: Windows\n"
                "    osVersion: 11\n"
                "    browserName: Chrome\n"
                "    browserVersion: latest\n"
                "parallelsPerPlatform: 2\n"
                "browserstackLocal: true\n"
                "buildName: nightly-e2e\n"
            )
            return item(text, [("browserstack-access-key", k)], fmt="yaml", name="browserstack.yml")
        if half():
            return cmd(f"npx wdio run wdio.conf.js --hostname hub-cloud.browserstack.com --user {user} --key {k}", [("browserstack-access-key", k)])
        return env(
            [
                ("BROWSERSTACK_USERNAME", user),
                ("BROWSERSTACK_ACCESS_KEY", k),
                ("SELENIUM_REMOTE_URL", f"https://{user}:{k}@hub-cloud.browserstack.com/wd/hub"),
            ],
            [("browserstack-access-key", k)],
        )
    if form == 1:
        user, k = "oauth-corp-" + rs(5, LOWER + DIGITS), uuid4()
        if half():
            return cmd(f"saucectl configure --username {user} --accessKey {k}", [("saucelabs-access-key", k)])
        return env([("SAUCE_USERNAME", user), ("SAUCE_ACCESS_KEY", k), ("SAUCE_REGION", "eu-central")], [("saucelabs-access-key", k)])
    if form == 2:
        user, k = pick("corpqa", "jdoe") + rs(4, DIGITS), "LT_" + rs(47, ALNUM)
        if half():
            return cmd(f"./LT --user {user}@corp.example --key {k} --tunnelName nightly-{rs(4, DIGITS)}", [("lambdatest-access-key", k)])
        return env([("LT_USERNAME", user), ("LT_ACCESS_KEY", k)], [("lambdatest-access-key", k)])
    if form == 3:
        k = rs(R.randint(40, 46), ALNUM)
        if half():
            text = f"module.exports = {{\n  apiKey: '{k}',\n  appName: 'Corp web',\n  batchName: 'nightly visual',\n  testConcurrency: 5,\n}};\n"
            return item(text, [("applitools-api-key", k)], fmt="js", name="applitools.config.js")
        return env([("APPLITOOLS_API_KEY", k), ("APPLITOOLS_BATCH_NAME", "nightly visual")], [("applitools-api-key", k)])
    if form == 4:
        k = uuid4()
        if half():
            return cmd(f"curl -s -u corpqa:{k} https://api.kobiton.com/v1/devices -H 'Accept: application/json'", [("kobiton-api-key", k)])
        return env([("KOBITON_USERNAME", "corpqa"), ("KOBITON_API_KEY", k)], [("kobiton-api-key", k)])
    if form == 5:
        key, sec = rs(32, HEX), rs(32, HEX)
        if half():
            return cmd(f"curl -s -u {key}:{sec} https://api.testingbot.com/v1/user", [("testingbot-secret", sec)])
        return env([("TESTINGBOT_KEY", key), ("TESTINGBOT_SECRET", sec)], [("testingbot-secret", sec)])
    if form == 6:
        k = rs(R.choice([20, 30]), ALNUM + "-./")
        if half():
            return cmd(
                f"curl -s -H 'Content-Type: application/json' -u qa-bot@corp.example:{k} 'https://corp.testrail.io/index.php?/api/v2/get_runs/{R.randint(1, 40)}'",
                [("testrail-api-key", k)],
            )
        return env(
            [("TESTRAIL_HOST", "https://corp.testrail.io"), ("TESTRAIL_USER", "qa-bot@corp.example"), ("TESTRAIL_API_KEY", k)],
            [("testrail-api-key", k)],
        )
    k = rs(64, HEX)
    if half():
        text = (
            "{\n"
            '  "debug": false,\n'
            '  "testops": {\n'
            f'    "api": {{ "token": "{k}" }},\n'
            f'    "project": "{rs(4, UPPER)}",\n'
            '    "run": { "complete": true }\n'
            "  }\n"
            "}\n"
        )
        return item(text, [("qase-api-token", k)], fmt="json", name="qase.config.json")
    return cmd(f"curl -s https://api.qase.io/v1/project -H 'Token: {k}' -H 'accept: application/json'", [("qase-api-token", k)])


# ---------------------------------------------------------------- kind: ats-recruiting-keys


def ats_recruiting_keys(is_clean):
    """Applicant tracking systems: Ashby API keys (Basic `key:`), SmartRecruiters `X-SmartToken`, Teamtailor `Token
    token=`, Recruitee bearer tokens, JazzHR `apikey=`, Breezy HR sign-in passwords, Pinpoint `X-API-KEY`, Manatal
    `Authorization: Token`."""
    if is_clean:
        form = deal("ats/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("ASHBY_API_KEY", ref("ASHBY_API_KEY")),
                    ("SMARTRECRUITERS_COMPANY_ID", "CorpExample"),
                    ("TEAMTAILOR_API_VERSION", "20240404"),
                    ("RECRUITEE_COMPANY_ID", digits(5)),
                    ("JAZZHR_API_KEY", ""),
                ]
            )
        if form == 1:
            doc = {
                "jobs": [
                    {
                        "id": uuid4(),
                        "title": pick("Senior Backend Engineer", "Data Analyst", "Site Reliability Engineer"),
                        "jobUrl": f"https://jobs.ashbyhq.com/corp/{uuid4()}",
                        "publishedAt": "2026-11-28T09:00:00.000+00:00",
                    }
                ],
                "smartrecruiters_posting_id": digits(13),
                "teamtailor_candidate_id": digits(8),
                "recruitee_offer_slug": "senior-backend-engineer-" + rs(4, DIGITS),
                "resume_sha256": sha256hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/postings.json")
        if form == 2:
            if half():
                return cmd_clean("curl -s https://api.ashbyhq.com/posting-api/job-board/corp?includeCompensation=true", name="scripts/jobs.sh")
            return cmd_clean("curl -s 'https://api.smartrecruiters.com/v1/companies/CorpExample/postings?limit=20'", name="scripts/jobs.sh")
        if form == 3:
            text = (
                "import os\n\n"
                "import requests\n\n"
                'TT = {"Authorization": f"Token token={os.environ[\'TEAMTAILOR_API_KEY\']}", "X-Api-Version": "20240404"}\n'
                f'JOB_ID = "{digits(7)}"\n'
                'resp = requests.get(f"https://api.teamtailor.com/v1/jobs/{JOB_ID}/candidates", headers=TT, timeout=10)\n'
            )
            return clean(text, fmt="py", name="ats/teamtailor_sync.py")
        return env_clean(
            [
                ("SMARTRECRUITERS_TOKEN", "YOUR_SMART_TOKEN"),
                ("BREEZY_PASSWORD", "changeme"),
                ("PINPOINT_API_KEY", "<pinpoint-api-key>"),
                ("MANATAL_API_TOKEN", masked(10)),
                ("RECRUITEE_TOKEN", "REPLACE_ME"),
            ]
        )
    form = deal("ats/secret", 8)
    if form == 0:
        k = rs(R.choice([32, 40]), ALNUM)
        if half():
            return cmd(
                f"curl -s -u {k}: -X POST https://api.ashbyhq.com/candidate.search -H 'Content-Type: application/json' -d '{{\"email\":\"jane.doe@example.net\"}}'",
                [("ashby-api-key", k)],
            )
        return env([("ASHBY_API_KEY", k)], [("ashby-api-key", k)])
    if form == 1:
        k = "DCRA1-" + rs(32, HEX)
        if half():
            return cmd(
                f"curl -s 'https://api.smartrecruiters.com/jobs?limit=10&status=SOURCING' -H 'X-SmartToken: {k}'", [("smartrecruiters-token", k)]
            )
        return env([("SMARTRECRUITERS_COMPANY_ID", "CorpExample"), ("SMARTRECRUITERS_TOKEN", k)], [("smartrecruiters-token", k)])
    if form == 2:
        k = rs(40, ALNUM)
        if half():
            return cmd(
                f"curl -s 'https://api.teamtailor.com/v1/candidates?page[size]=30' -H 'Authorization: Token token={k}' -H 'X-Api-Version: 20240404'",
                [("teamtailor-api-key", k)],
            )
        return env([("TEAMTAILOR_API_KEY", k), ("TEAMTAILOR_API_VERSION", "20240404")], [("teamtailor-api-key", k)])
    if form == 3:
        k = rs(R.randint(40, 52), ALNUM)
        cid = digits(5)
        if half():
            return cmd(f'curl -s "https://api.recruitee.com/c/{cid}/candidates?limit=50" -H "Authorization: Bearer {k}"', [("recruitee-token", k)])
        return env([("RECRUITEE_COMPANY_ID", cid), ("RECRUITEE_TOKEN", k)], [("recruitee-token", k)])
    if form == 4:
        k = rs(32, ALNUM)
        if half():
            return cmd(f'curl -s "https://api.resumatorapi.com/v1/applicants/page/1?apikey={k}"', [("jazzhr-api-key", k)])
        return env([("JAZZHR_API_KEY", k)], [("jazzhr-api-key", k)])
    if form == 5:
        p = pw()
        if half():
            body = json.dumps({"email": "talent@corp.example", "password": p})
            return cmd(f"curl -s -X POST https://api.breezy.hr/v3/signin -H 'Content-Type: application/json' -d '{body}'", [("breezy-password", p)])
        return env([("BREEZY_EMAIL", "talent@corp.example"), ("BREEZY_PASSWORD", p)], [("breezy-password", p)])
    if form == 6:
        k = rs(R.choice([32, 48]), ALNUM + "_")
        if half():
            return cmd(
                f"curl -s 'https://corp.pinpointhq.com/api/v1/applications?page[size]=25' -H 'X-API-KEY: {k}' -H 'Accept: application/vnd.api+json'",
                [("pinpoint-api-key", k)],
            )
        text = f"pinpoint:\n  subdomain: corp\n  api_key: {k}\n  sync_interval_minutes: 30\n"
        return item(text, [("pinpoint-api-key", k)], fmt="yaml", name="config/ats.yaml")
    k = rs(40, HEX)
    if half():
        text = (
            "import requests\n\n"
            f'MANATAL = {{"Authorization": "Token {k}"}}\n'
            'r = requests.get("https://api.manatal.com/open/v3/candidates/", headers=MANATAL, params={"page_size": 50}, timeout=10)\n'
        )
        return item(text, [("manatal-api-token", k)], fmt="py", name="ats/manatal_export.py")
    return env([("MANATAL_API_TOKEN", k)], [("manatal-api-token", k)])


# ---------------------------------------------------------------- kind: scholarly-repo-keys


def doi():
    return f"10.{R.randint(1000, 9999)}/{pick('zenodo.', 'm9.figshare.', 'dvn/', 'osf.io/')}{rs(7, DIGITS)}"


def orcid():
    return "-".join(rs(4, DIGITS) for _ in range(3)) + "-" + rs(3, DIGITS) + pick("X", rs(1, DIGITS))


def scholarly_repo_keys(is_clean):
    """Research data repositories and scholarly APIs: Zenodo tokens, Figshare personal tokens, Dataverse
    `X-Dataverse-key`, OSF personal access tokens, Springer Nature `api_key=`, Elsevier `X-ELS-APIKey` (with
    `X-ELS-Insttoken`), CORE bearer keys, Mendeley client secrets."""
    if is_clean:
        form = deal("scholarly/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("ZENODO_TOKEN", ref("ZENODO_TOKEN")),
                    ("ZENODO_SANDBOX", "true"),
                    ("DATAVERSE_URL", "https://dataverse.harvard.edu"),
                    ("DATAVERSE_API_TOKEN", "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
                    ("ORCID_ID", orcid()),
                ]
            )
        if form == 1:
            doc = {
                "id": R.randint(10**7, 2 * 10**7),
                "conceptrecid": str(R.randint(10**7, 2 * 10**7)),
                "doi": doi(),
                "metadata": {
                    "title": "Sensor readings, winter campaign 2026",
                    "creators": [{"name": "Doe, Jane", "orcid": orcid()}],
                    "license": {"id": "cc-by-4.0"},
                },
                "files": [{"key": "readings.csv", "checksum": "md5:" + rs(32, HEX), "size": R.randint(10**5, 10**8)}],
                "dataverse_pid": f"doi:10.7910/DVN/{rs(6, UPPER + DIGITS)}",
                "figshare_article_id": R.randint(10**7, 3 * 10**7),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/deposit.json")
        if form == 2:
            return cmd_clean(
                f'curl -s "https://api.springernature.com/meta/v2/json?q=doi:{doi()}&api_key=$SPRINGER_API_KEY"', name="scripts/lookup.sh"
            )
        if form == 3:
            text = (
                "@article{doe2026winter,\n"
                "  title   = {Sensor readings in winter},\n"
                "  author  = {Doe, Jane and Roe, Max},\n"
                f"  doi     = {{{doi()}}},\n"
                f"  eprint  = {{2611.{rs(5, DIGITS)}}},\n"
                f"  note    = {{ORCID {orcid()}}},\n"
                "  year    = {2026}\n"
                "}\n"
            )
            return clean(text, fmt="bib", name="paper/refs.bib")
        return env_clean(
            [
                ("FIGSHARE_TOKEN", "YOUR_TOKEN_HERE"),
                ("OSF_TOKEN", "changeme"),
                ("ELSEVIER_API_KEY", "<elsevier-api-key>"),
                ("CORE_API_KEY", masked(12)),
                ("MENDELEY_CLIENT_SECRET", "REPLACE_ME"),
            ]
        )
    form = deal("scholarly/secret", 8)
    if form == 0:
        k = rs(60, ALNUM)
        if half():
            return cmd(
                f"curl -s -X POST 'https://zenodo.org/api/deposit/depositions?access_token={k}' -H 'Content-Type: application/json' -d '{{}}'",
                [("zenodo-token", k)],
            )
        return env([("ZENODO_TOKEN", k), ("ZENODO_COMMUNITY", "corp-lab")], [("zenodo-token", k)])
    if form == 1:
        k = rs(128, HEX)
        if half():
            return cmd(f"curl -s https://api.figshare.com/v2/account/articles -H 'Authorization: token {k}'", [("figshare-token", k)])
        return env([("FIGSHARE_TOKEN", k)], [("figshare-token", k)])
    if form == 2:
        k = uuid4()
        if half():
            return cmd(
                f'curl -s -H "X-Dataverse-key: {k}" -X POST -F file=@readings.csv "https://dataverse.harvard.edu/api/datasets/:persistentId/add?persistentId=doi:10.7910/DVN/{rs(6, UPPER + DIGITS)}"',
                [("dataverse-api-token", k)],
            )
        return env([("DATAVERSE_URL", "https://dataverse.harvard.edu"), ("DATAVERSE_API_TOKEN", k)], [("dataverse-api-token", k)])
    if form == 3:
        k = rs(70, ALNUM)
        if half():
            text = f"[osf]\nusername = jane.doe@corp.example\nproject = {rs(5, LOWER + DIGITS)}\ntoken = {k}\n"
            return item(text, [("osf-token", k)], fmt="ini", name=".osfcli.config")
        return cmd(f'curl -s https://api.osf.io/v2/users/me/ -H "Authorization: Bearer {k}"', [("osf-token", k)])
    if form == 4:
        k = rs(32, HEX)
        if half():
            return cmd(f'curl -s "https://api.springernature.com/openaccess/json?q=keyword:permafrost&p=20&api_key={k}"', [("springer-api-key", k)])
        return env([("SPRINGER_API_KEY", k)], [("springer-api-key", k)])
    if form == 5:
        k, inst = rs(32, HEX), rs(32, HEX)
        secs = [("elsevier-api-key", k), ("elsevier-insttoken", inst)]
        if half():
            return cmd(
                f"curl -s 'https://api.elsevier.com/content/search/scopus?query=TITLE-ABS-KEY(permafrost)&count=25' -H 'X-ELS-APIKey: {k}' -H 'X-ELS-Insttoken: {inst}' -H 'Accept: application/json'",
                secs,
            )
        return env([("ELSEVIER_API_KEY", k), ("ELSEVIER_INSTTOKEN", inst)], secs)
    if form == 6:
        k = rs(32, ALNUM)
        if half():
            return cmd(
                f'curl -s "https://api.core.ac.uk/v3/search/works?q=permafrost&limit=10" -H "Authorization: Bearer {k}"', [("core-api-key", k)]
            )
        return env([("CORE_API_KEY", k)], [("core-api-key", k)])
    cid, cs = str(R.randint(1000, 20000)), rs(16, ALNUM)
    if half():
        text = (
            "from mendeley import Mendeley\n\n"
            f'mendeley = Mendeley({cid}, client_secret="{cs}", redirect_uri="http://localhost:5000/oauth")\n'
            "session = mendeley.start_client_credentials_flow().authenticate()\n"
        )
        return item(text, [("mendeley-client-secret", cs)], fmt="py", name="lab/mendeley_sync.py")
    return env([("MENDELEY_CLIENT_ID", cid), ("MENDELEY_CLIENT_SECRET", cs)], [("mendeley-client-secret", cs)])


# ---------------------------------------------------------------- kind: link-shortener-keys


def link_shortener_keys(is_clean):
    """URL shorteners: Bitly access tokens (40 hex), Rebrandly `apikey`, Short.io `sk_` secret keys, Dub `dub_` keys,
    TinyURL API tokens, Kutt `X-API-KEY`, Cuttly `key=`, T.LY bearer tokens."""
    if is_clean:
        form = deal("links/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("BITLY_TOKEN", ref("BITLY_TOKEN")),
                    ("BITLY_GROUP_GUID", "B" + rs(10, ALNUM)),
                    ("SHORTIO_PUBLIC_KEY", "pk_" + rs(16, ALNUM)),
                    ("SHORTIO_DOMAIN", "go.corp.example"),
                    ("DUB_WORKSPACE_ID", "ws_" + rs(24, ALNUM)),
                ]
            )
        if form == 1:
            doc = {
                "created_at": "2026-12-05T14:02:11+0000",
                "id": f"bit.ly/{rs(7, ALNUM)}",
                "link": f"https://bit.ly/{rs(7, ALNUM)}",
                "long_url": f"https://corp.example/blog/winter-release?utm_source=newsletter&utm_campaign={rs(6, LOWER)}",
                "references": {"group": f"https://api-ssl.bitly.com/v4/groups/B{rs(10, ALNUM)}"},
                "rebrandly_link_id": rs(32, HEX),
                "dub_link_id": "link_" + rs(24, ALNUM),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/shortlinks.json")
        if form == 2:
            return cmd_clean(
                'curl -s -X POST https://api-ssl.bitly.com/v4/shorten -H "Authorization: Bearer $BITLY_TOKEN" -H "Content-Type: application/json" -d \'{"long_url":"https://corp.example/pricing"}\'',
                name="scripts/shorten.sh",
            )
        if form == 3:
            links = [
                f"https://bit.ly/{rs(7, ALNUM)}",
                f"https://rebrand.ly/{rs(6, LOWER + DIGITS)}",
                f"https://dub.sh/{rs(7, ALNUM)}",
                f"https://t.ly/{rs(5, ALNUM)}",
            ]
            text = "campaign,short_url,clicks\n" + "".join(f"winter-{i},{u},{R.randint(10, 9000)}\n" for i, u in enumerate(links))
            return clean(text, fmt="csv", name="reports/links.csv")
        return env_clean(
            [
                ("REBRANDLY_API_KEY", "YOUR_API_KEY"),
                ("SHORTIO_SECRET_KEY", "sk_" + "x" * 16),
                ("TINYURL_API_TOKEN", "changeme"),
                ("KUTT_API_KEY", masked(40)),
                ("TLY_API_TOKEN", "<tly-token>"),
            ]
        )
    form = deal("links/secret", 8)
    if form == 0:
        k = rs(40, HEX)
        if half():
            return cmd(
                f'curl -s -X POST https://api-ssl.bitly.com/v4/shorten -H \'Authorization: Bearer {k}\' -H \'Content-Type: application/json\' -d \'{{"long_url":"https://corp.example/pricing","domain":"bit.ly"}}\'',
                [("bitly-token", k)],
            )
        return env([("BITLY_TOKEN", k), ("BITLY_GROUP_GUID", "B" + rs(10, ALNUM))], [("bitly-token", k)])
    if form == 1:
        k = rs(32, HEX)
        if half():
            return cmd(
                f'curl -s -X POST https://api.rebrandly.com/v1/links -H \'apikey: {k}\' -H \'Content-Type: application/json\' -d \'{{"destination":"https://corp.example/pricing","domain":{{"fullName":"rebrand.ly"}}}}\'',
                [("rebrandly-api-key", k)],
            )
        return env([("REBRANDLY_API_KEY", k)], [("rebrandly-api-key", k)])
    if form == 2:
        k = "sk_" + rs(16, ALNUM)
        if half():
            return cmd(
                f'curl -s -X POST https://api.short.io/links -H \'authorization: {k}\' -H \'content-type: application/json\' -d \'{{"domain":"go.corp.example","originalURL":"https://corp.example/pricing"}}\'',
                [("shortio-secret-key", k)],
            )
        return env([("SHORTIO_DOMAIN", "go.corp.example"), ("SHORTIO_SECRET_KEY", k)], [("shortio-secret-key", k)])
    if form == 3:
        k = "dub_" + rs(24, ALNUM)
        if half():
            text = (
                'import { Dub } from "dub";\n\n'
                f'const dub = new Dub({{ token: "{k}" }});\n'
                'export const link = await dub.links.create({ url: "https://corp.example/pricing", domain: "corp.link" });\n'
            )
            return item(text, [("dub-api-key", k)], fmt="ts", name="src/lib/shortlinks.ts")
        return env([("DUB_API_KEY", k)], [("dub-api-key", k)])
    if form == 4:
        k = rs(60, ALNUM)
        if half():
            return cmd(
                f'curl -s -X POST https://api.tinyurl.com/create -H \'Authorization: Bearer {k}\' -H \'Content-Type: application/json\' -d \'{{"url":"https://corp.example/pricing","domain":"tinyurl.com"}}\'',
                [("tinyurl-api-token", k)],
            )
        return env([("TINYURL_API_TOKEN", k)], [("tinyurl-api-token", k)])
    if form == 5:
        k = rs(40, ALNUM + "_-")
        if half():
            return cmd(
                f"curl -s -X POST https://kutt.it/api/v2/links -H 'X-API-KEY: {k}' -H 'Content-Type: application/json' -d '{{\"target\":\"https://corp.example/pricing\"}}'",
                [("kutt-api-key", k)],
            )
        text = f"kutt:\n  host: https://kutt.it\n  api_key: {k}\n  reuse: true\n"
        return item(text, [("kutt-api-key", k)], fmt="yaml", name="config/links.yaml")
    if form == 6:
        k = rs(R.choice([32, 35]), HEX)
        if half():
            return cmd(
                f'curl -s "https://cutt.ly/api/api.php?key={k}&short=https%3A%2F%2Fcorp.example%2Fpricing&name=winter26"', [("cuttly-api-key", k)]
            )
        return env([("CUTTLY_API_KEY", k)], [("cuttly-api-key", k)])
    k = rs(60, ALNUM)
    if half():
        return cmd(
            f"curl -s -X POST https://api.t.ly/api/v1/link/shorten -H 'Authorization: Bearer {k}' -H 'Content-Type: application/json' -d '{{\"long_url\":\"https://corp.example/pricing\"}}'",
            [("tly-api-token", k)],
        )
    return env([("TLY_API_TOKEN", k)], [("tly-api-token", k)])


# ---------------------------------------------------------------- kind: game-liveops-keys


def game_liveops_keys(is_clean):
    """Game live-ops and backend services: GameAnalytics secret keys (beside the game key), LootLocker server keys,
    mod.io `api_key=`, Edgegap `token <uuid>`, AccelByte IAM client secrets, Hypixel `API-Key`, FACEIT server-side
    keys, Xsolla merchant API keys."""
    if is_clean:
        form = deal("game/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("GAMEANALYTICS_GAME_KEY", rs(32, HEX)),
                    ("GAMEANALYTICS_SECRET_KEY", ref("GA_SECRET_KEY")),
                    ("MODIO_GAME_ID", str(R.randint(1000, 9999))),
                    ("HYPIXEL_PLAYER_UUID", rs(32, HEX)),
                    ("EDGEGAP_APP", "arena-server"),
                ]
            )
        if form == 1:
            doc = {
                "match_id": f"1-{uuid4()}",
                "game_id": "cs2",
                "region": "EU",
                "teams": {"faction1": {"faction_id": uuid4()}, "faction2": {"faction_id": uuid4()}},
                "mod": {"id": R.randint(10**6, 5 * 10**6), "modfile": {"filehash": {"md5": rs(32, HEX)}}},
                "build": {"sha": sha1hex(), "version": "1.8.3"},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/match.json")
        if form == 2:
            return cmd_clean(
                f'curl -s "https://api.hypixel.net/v2/player?uuid={rs(32, HEX)}" -H "API-Key: $HYPIXEL_API_KEY"', name="scripts/player.sh"
            )
        if form == 3:
            text = (
                "[GameAnalytics]\n"
                f"GameKey={rs(32, HEX)}\n"
                "SecretKey=\n"
                "BuildVersion=1.8.3\n"
                "[LootLocker]\n"
                "GameVersion=1.8.3\n"
                "DomainKey=" + rs(8, LOWER + DIGITS) + "\n"
            )
            return clean(text, fmt="ini", name="Config/DefaultGame.ini")
        return env_clean(
            [
                ("LOOTLOCKER_SERVER_KEY", "dev_" + "x" * 32),
                ("ACCELBYTE_CLIENT_SECRET", "changeme"),
                ("FACEIT_API_KEY", "<faceit-server-key>"),
                ("XSOLLA_API_KEY", masked(12)),
                ("MODIO_API_KEY", "YOUR_API_KEY"),
            ]
        )
    form = deal("game/secret", 8)
    if form == 0:
        gk, sk = rs(32, HEX), rs(40, HEX)
        if half():
            text = (
                "using GameAnalyticsSDK;\n\n"
                "public static class Telemetry {\n"
                "    public static void Init() {\n"
                f'        GameAnalytics.SettingsGA.AddGame("{gk}", "{sk}", RuntimePlatform.WindowsPlayer);\n'
                "        GameAnalytics.Initialize();\n"
                "    }\n"
                "}\n"
            )
            return item(text, [("gameanalytics-secret-key", sk)], fmt="cs", name="Assets/Scripts/Telemetry.cs")
        return env([("GA_GAME_KEY", gk), ("GA_SECRET_KEY", sk)], [("gameanalytics-secret-key", sk)])
    if form == 1:
        k = pick("dev_", "prod_") + rs(32, HEX)
        if half():
            return cmd(
                f"curl -s -X POST https://api.lootlocker.io/server/session -H 'x-server-key: {k}' -H 'LL-Version: 2021-03-01' -H 'Content-Type: application/json' -d '{{\"game_version\":\"1.8.3\"}}'",
                [("lootlocker-server-key", k)],
            )
        return env([("LOOTLOCKER_SERVER_KEY", k), ("LOOTLOCKER_GAME_VERSION", "1.8.3")], [("lootlocker-server-key", k)])
    if form == 2:
        k = rs(32, HEX)
        gid = R.randint(1000, 9999)
        if half():
            return cmd(f'curl -s "https://api.mod.io/v1/games/{gid}/mods?api_key={k}&_limit=20"', [("modio-api-key", k)])
        return env([("MODIO_GAME_ID", str(gid)), ("MODIO_API_KEY", k)], [("modio-api-key", k)])
    if form == 3:
        k = uuid4()
        if half():
            return cmd(
                f'curl -s -X POST https://api.edgegap.com/v1/deploy -H \'authorization: token {k}\' -H \'Content-Type: application/json\' -d \'{{"app_name":"arena-server","version_name":"1.8.3","ip_list":["203.0.113.7"]}}\'',
                [("edgegap-token", k)],
            )
        return env([("EDGEGAP_TOKEN", k), ("EDGEGAP_APP", "arena-server")], [("edgegap-token", k)])
    if form == 4:
        cid, cs = rs(32, HEX), rs(R.randint(28, 36), ALNUM + "-_.~")
        if half():
            return cmd(
                f"curl -s -u {cid}:{cs} -X POST https://corp.prod.gamingservices.accelbyte.io/iam/v3/oauth/token -d grant_type=client_credentials",
                [("accelbyte-client-secret", cs)],
            )
        return env(
            [
                ("AB_BASE_URL", "https://corp.prod.gamingservices.accelbyte.io"),
                ("AB_CLIENT_ID", cid),
                ("AB_CLIENT_SECRET", cs),
                ("AB_NAMESPACE", "corp-arena"),
            ],
            [("accelbyte-client-secret", cs)],
        )
    if form == 5:
        k = uuid4()
        if half():
            return cmd(f'curl -s "https://api.hypixel.net/v2/guild?name=CorpGuild" -H "API-Key: {k}"', [("hypixel-api-key", k)])
        text = f"hypixel:\n  api_key: {k}\n  cache_seconds: 300\n"
        return item(text, [("hypixel-api-key", k)], fmt="yaml", name="config/bot.yaml")
    if form == 6:
        k = uuid4()
        if half():
            return cmd(
                f"curl -s 'https://open.faceit.com/data/v4/players?nickname=corp_player&game=cs2' -H 'Authorization: Bearer {k}'",
                [("faceit-api-key", k)],
            )
        return env([("FACEIT_API_KEY", k)], [("faceit-api-key", k)])
    mid, k = str(R.randint(100000, 999999)), rs(R.choice([32, 40]), ALNUM)
    if half():
        return cmd(
            f'curl -s -u {mid}:{k} -X POST https://api.xsolla.com/merchant/v2/merchants/{mid}/token -H \'Content-Type: application/json\' -d \'{{"user":{{"id":{{"value":"42"}}}}}}\'',
            [("xsolla-api-key", k)],
        )
    return env([("XSOLLA_MERCHANT_ID", mid), ("XSOLLA_API_KEY", k), ("XSOLLA_PROJECT_ID", str(R.randint(100000, 299999)))], [("xsolla-api-key", k)])


# ---------------------------------------------------------------- kind: scheduling-booking-keys


def scheduling_booking_keys(is_clean):
    """Scheduling and booking APIs: Cronofy client secrets and access tokens, Nylas v3 `nyk_` API keys, Acuity
    Scheduling (Basic `userId:apiKey`), SavvyCal personal tokens, Setmore refresh tokens, SimplyBook.me API keys,
    YouCanBookMe API keys."""
    if is_clean:
        form = deal("sched/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("CRONOFY_CLIENT_ID", rs(32, ALNUM)),
                    ("CRONOFY_CLIENT_SECRET", ref("CRONOFY_CLIENT_SECRET")),
                    ("NYLAS_GRANT_ID", uuid4()),
                    ("ACUITY_USER_ID", digits(8)),
                    ("SIMPLYBOOK_COMPANY", "corpclinic"),
                ]
            )
        if form == 1:
            doc = {
                "event": {
                    "calendar_id": "cal_" + rs(14, ALNUM) + "_" + rs(20, ALNUM),
                    "event_uid": "evt_external_" + rs(24, HEX),
                    "ical_uid": f"{uuid4()}@corp.example",
                    "start": "2026-12-08T09:30:00Z",
                    "end": "2026-12-08T10:00:00Z",
                },
                "acuity_appointment_id": R.randint(10**8, 2 * 10**9),
                "nylas_grant_id": uuid4(),
                "booking_ref": rs(8, UPPER + DIGITS),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/booking.json")
        if form == 2:
            return cmd_clean(
                'curl -s -u "$ACUITY_USER_ID:$ACUITY_API_KEY" "https://acuityscheduling.com/api/v1/appointments?max=20&minDate=2026-12-01"',
                name="scripts/appointments.sh",
            )
        if form == 3:
            text = (
                "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Corp//Booking 1.0//EN\nBEGIN:VEVENT\n"
                f"UID:{uuid4()}@corp.example\nDTSTAMP:20261206T090000Z\nDTSTART:20261208T093000Z\nDTEND:20261208T100000Z\n"
                f"SUMMARY:Intro call\nX-BOOKING-REF:{rs(8, UPPER + DIGITS)}\nEND:VEVENT\nEND:VCALENDAR\n"
            )
            return clean(text, fmt="ics", name="fixtures/invite.ics")
        return env_clean(
            [
                ("NYLAS_API_KEY", "nyk_" + masked(10)),
                ("SAVVYCAL_TOKEN", "changeme"),
                ("SETMORE_REFRESH_TOKEN", "<refresh-token>"),
                ("YCBM_API_KEY", "YOUR_API_KEY"),
                ("ACUITY_API_KEY", ""),
            ]
        )
    form = deal("sched/secret", 8)
    if form == 0:
        cid, cs = rs(32, ALNUM), "CRN_" + rs(R.randint(40, 48), ALNUM)
        if half():
            body = json.dumps(
                {
                    "client_id": cid,
                    "client_secret": cs,
                    "grant_type": "authorization_code",
                    "code": rs(32, ALNUM),
                    "redirect_uri": "https://app.corp.example/oauth/cronofy",
                }
            )
            return cmd(
                f"curl -s -X POST https://api.cronofy.com/oauth/token -H 'Content-Type: application/json' -d '{body}'",
                [("cronofy-client-secret", cs)],
            )
        return env([("CRONOFY_CLIENT_ID", cid), ("CRONOFY_CLIENT_SECRET", cs)], [("cronofy-client-secret", cs)])
    if form == 1:
        t = rs(32, ALNUM + "-_")
        if half():
            return cmd(f"curl -s 'https://api.cronofy.com/v1/calendars' -H 'Authorization: Bearer {t}'", [("cronofy-access-token", t)])
        return env([("CRONOFY_ACCESS_TOKEN", t)], [("cronofy-access-token", t)])
    if form == 2:
        k = "nyk_v0_" + rs(R.randint(48, 56), ALNUM)
        g = uuid4()
        if half():
            return cmd(
                f"curl -s 'https://api.us.nylas.com/v3/grants/{g}/events?calendar_id=primary&limit=5' -H 'Authorization: Bearer {k}'",
                [("nylas-api-key", k)],
            )
        return env([("NYLAS_API_KEY", k), ("NYLAS_GRANT_ID", g), ("NYLAS_API_URI", "https://api.us.nylas.com")], [("nylas-api-key", k)])
    if form == 3:
        uid, k = digits(8), rs(32, HEX)
        if half():
            return cmd(f"curl -s -u {uid}:{k} 'https://acuityscheduling.com/api/v1/appointments?max=20&minDate=2026-12-01'", [("acuity-api-key", k)])
        return env([("ACUITY_USER_ID", uid), ("ACUITY_API_KEY", k)], [("acuity-api-key", k)])
    if form == 4:
        t = "pt_secret_" + rs(R.randint(40, 48), HEX)
        if half():
            return cmd(f'curl -s https://api.savvycal.com/v1/links -H "Authorization: Bearer {t}"', [("savvycal-token", t)])
        return env([("SAVVYCAL_TOKEN", t)], [("savvycal-token", t)])
    if form == 5:
        t = rs(R.randint(40, 60), ALNUM + ".")
        if half():
            return cmd(f"curl -s 'https://developer.setmore.com/api/v1/o/oauth2/token?refreshToken={t}'", [("setmore-refresh-token", t)])
        return env([("SETMORE_REFRESH_TOKEN", t)], [("setmore-refresh-token", t)])
    if form == 6:
        k = rs(64, HEX)
        if half():
            text = (
                "import requests\n\n"
                "r = requests.post(\n"
                '    "https://user-api.simplybook.me/login",\n'
                f'    json={{"jsonrpc": "2.0", "method": "getToken", "params": ["corpclinic", "{k}"], "id": 1}},\n'
                "    timeout=10,\n"
                ")\n"
                'TOKEN = r.json()["result"]\n'
            )
            return item(text, [("simplybook-api-key", k)], fmt="py", name="booking/simplybook_login.py")
        return env([("SIMPLYBOOK_COMPANY", "corpclinic"), ("SIMPLYBOOK_API_KEY", k)], [("simplybook-api-key", k)])
    k = rs(R.choice([32, 40]), ALNUM)
    if half():
        return cmd(f"curl -s -u {digits(16)}:{k} https://api.youcanbook.me/v1/profiles", [("ycbm-api-key", k)])
    return env([("YCBM_ACCOUNT_ID", digits(16)), ("YCBM_API_KEY", k)], [("ycbm-api-key", k)])


# ---------------------------------------------------------------- kind: music-metadata-keys


def music_metadata_keys(is_clean):
    """Music metadata and recognition APIs: Discogs personal tokens (`Discogs token=`) and consumer secrets, Freesound
    `token=`, Musixmatch `apikey=`, Setlist.fm `x-api-key`, AudD `api_token`, ACRCloud access secrets (beside the
    access key), Jamendo client secrets (beside the client id), Songkick `apikey=`."""
    if is_clean:
        form = deal("music/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("DISCOGS_USER_AGENT", "CorpCatalog/1.2 +https://corp.example"),
                    ("DISCOGS_TOKEN", ref("DISCOGS_TOKEN")),
                    ("JAMENDO_CLIENT_ID", rs(8, HEX)),
                    ("ACRCLOUD_HOST", "identify-eu-west-1.acrcloud.com"),
                    ("SETLISTFM_API_KEY", "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
                ]
            )
        if form == 1:
            doc = {
                "recording": {"id": uuid4(), "title": "Glass Harbor", "length": R.randint(150000, 320000)},
                "release_group_mbid": uuid4(),
                "isrc": f"GB{rs(3, UPPER + DIGITS)}26{rs(5, DIGITS)}",
                "discogs_release_id": R.randint(10**6, 3 * 10**7),
                "setlist_id": rs(8, HEX),
                "acoustid": uuid4(),
                "audio_sha1": sha1hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/track.json")
        if form == 2:
            return cmd_clean(
                f'curl -s "https://api.jamendo.com/v3.0/tracks/?client_id={rs(8, HEX)}&format=json&limit=10&tags=ambient"',
                name="scripts/tracks.sh",
            )
        if form == 3:
            return cmd_clean(
                f'curl -s "https://api.setlist.fm/rest/1.0/artist/{uuid4()}/setlists?p=1" -H "x-api-key: $SETLISTFM_API_KEY" -H "Accept: application/json"',
                name="scripts/setlists.sh",
            )
        return env_clean(
            [
                ("MUSIXMATCH_API_KEY", "YOUR_API_KEY"),
                ("AUDD_API_TOKEN", "test"),
                ("FREESOUND_API_KEY", "changeme"),
                ("ACRCLOUD_ACCESS_SECRET", masked(40)),
                ("SONGKICK_API_KEY", "<songkick-key>"),
            ]
        )
    form = deal("music/secret", 8)
    if form == 0:
        t = rs(40, ALNUM)
        if half():
            return cmd(
                f'curl -s "https://api.discogs.com/database/search?q=glass+harbor&type=release" -H "Authorization: Discogs token={t}" -H "User-Agent: CorpCatalog/1.2"',
                [("discogs-token", t)],
            )
        return env([("DISCOGS_TOKEN", t), ("DISCOGS_USER_AGENT", "CorpCatalog/1.2")], [("discogs-token", t)])
    if form == 1:
        ck, cs = rs(20, ALNUM), rs(32, ALNUM)
        if half():
            text = (
                "import discogs_client\n\n"
                f'd = discogs_client.Client("CorpCatalog/1.2", consumer_key="{ck}", consumer_secret="{cs}")\n'
                "url = d.get_authorize_url()\n"
            )
            return item(text, [("discogs-consumer-secret", cs)], fmt="py", name="catalog/discogs_auth.py")
        return env([("DISCOGS_CONSUMER_KEY", ck), ("DISCOGS_CONSUMER_SECRET", cs)], [("discogs-consumer-secret", cs)])
    if form == 2:
        k = rs(40, ALNUM)
        if half():
            return cmd(f'curl -s "https://freesound.org/apiv2/search/text/?query=rain&fields=id,name,previews&token={k}"', [("freesound-api-key", k)])
        return env([("FREESOUND_API_KEY", k)], [("freesound-api-key", k)])
    if form == 3:
        k = rs(32, HEX)
        if half():
            return cmd(
                f'curl -s "https://api.musixmatch.com/ws/1.1/track.search?q_artist=glass+harbor&page_size=5&apikey={k}"', [("musixmatch-api-key", k)]
            )
        return env([("MUSIXMATCH_API_KEY", k)], [("musixmatch-api-key", k)])
    if form == 4:
        k = uuid4()
        if half():
            return cmd(
                f"curl -s 'https://api.setlist.fm/rest/1.0/search/setlists?artistName=Glass%20Harbor&p=1' -H 'x-api-key: {k}' -H 'Accept: application/json'",
                [("setlistfm-api-key", k)],
            )
        return env([("SETLISTFM_API_KEY", k)], [("setlistfm-api-key", k)])
    if form == 5:
        k = rs(32, HEX)
        if half():
            return cmd(
                f"curl -s https://api.audd.io/ -F url=https://cdn.corp.example/clips/sample.mp3 -F return=apple_music,spotify -F api_token={k}",
                [("audd-api-token", k)],
            )
        return env([("AUDD_API_TOKEN", k)], [("audd-api-token", k)])
    if form == 6:
        ak, sk = rs(32, HEX), rs(40, ALNUM)
        if half():
            text = f'{{\n  "host": "identify-eu-west-1.acrcloud.com",\n  "access_key": "{ak}",\n  "access_secret": "{sk}",\n  "timeout": 10\n}}\n'
            return item(text, [("acrcloud-access-secret", sk)], fmt="json", name="config/acrcloud.json")
        return env([("ACRCLOUD_ACCESS_KEY", ak), ("ACRCLOUD_ACCESS_SECRET", sk)], [("acrcloud-access-secret", sk)])
    if half():
        cid, cs = rs(8, HEX), rs(32, HEX)
        return env([("JAMENDO_CLIENT_ID", cid), ("JAMENDO_CLIENT_SECRET", cs)], [("jamendo-client-secret", cs)])
    k = rs(16, ALNUM)
    return cmd(f'curl -s "https://api.songkick.com/api/3.0/events.json?apikey={k}&location=clientip"', [("songkick-api-key", k)])


# ---------------------------------------------------------------- contexts


def abs_path(it):
    """Where the item lives on the host: `~/…` under the service user's home, else under `/srv/app`."""
    n = it["name"]
    if n.startswith("~/"):
        return "/home/app/" + n[2:]
    return "/srv/app/" + item_path(it)


def rel_path(it):
    return abs_path(it) if it["name"].startswith("~/") else item_path(it)


def base_of(it):
    return it["name"].rsplit("/", 1)[-1]


def plain_piecer(a):
    """No value of this round holds a character that JSON(C), Kotlin, TOML or YAML strings, mongosh's or Jest's quoting,
    or supervisord's `%` expansion would change, so every context shows the value itself."""
    assert not set(a) & CHANGED, a
    return [a]


def cmd_output():
    return pick('{"status":"ok"}', '{"data":[],"meta":{"count":0}}', "200", "done", "OK", '{"ok":true}')


def cmd_failure():
    return pick(
        "curl: (22) The requested URL returned error: 401",
        "curl: (22) The requested URL returned error: 403",
        '{"error":"invalid_client"}',
        '{"message":"Unauthorized","status":401}',
    )


def job_lines(it, extra_env=(), ok=True):
    """The lines a job prints that hold the item: env values printed (`env | sort`, a few of the runner's own among
    them), a command traced by `set -x` and its output, a file after `+ cat`."""
    pairs = env_pairs(it)
    if pairs is not None:
        return [f"{k}={v}" for k, v in sorted([*pairs, *extra_env])]
    if it["shape"] == "cmd":
        return ["+ " + ln for ln in it["text"].split("\n")] + [cmd_output() if ok else cmd_failure()]
    return [f"+ cat {abs_path(it)}", *file_lines(it["text"])]


def older_text(it):
    """An older version of the item: each credential a placeholder; for a clean item one line changed."""
    if it["secrets"]:
        text = it["text"]
        for s in it["secrets"]:
            text = text.replace(s["value"], pick("changeme", "REPLACE_ME", "<" + s["kind"].upper().replace("-", "_") + ">"))
        return text
    if it["shape"] == "cmd":
        return it["text"].replace("curl -s", "curl -sS", 1) if "curl -s" in it["text"] else it["text"] + " --verbose"
    if it["fmt"] == "env":
        return it["text"] + "LOG_LEVEL=info\n"
    return template_of(it)


def term(typed, lines):
    return "result", "terminal", f"$ {typed}\n" + "\n".join(lines) + "\n", plain_piecer


# -- vscode-jsonc


def js(s):
    return json.dumps(s, ensure_ascii=False)


def vscode_jsonc(it):
    """VS Code workspace files holding the item, JSON with comments and (sometimes) trailing commas: env values as a
    launch configuration's `env` map or `settings.json`'s `terminal.integrated.env.linux`; a command as a shell task's
    `command` (`tasks.json`) or a `node-terminal` launch configuration's; a file as a snippet's `body` lines (`$`
    escaped) or a task writing it with a heredoc; read with `read_file` or `cat`."""
    pairs = env_pairs(it)
    tc = "," if half() else ""
    launch_head = [
        "{",
        "  // Use IntelliSense to learn about possible attributes.",
        "  // Hover to view descriptions of existing attributes.",
        "  // For more information, visit: https://go.microsoft.com/fwlink/?linkid=830387",
        '  "version": "0.2.0",',
        '  "configurations": [',
    ]
    if pairs is not None:
        body = [f"        {js(k)}: {js(v)}," for k, v in pairs]
        body[-1] = body[-1][:-1] + tc
        if half():
            typ = R.randrange(3)
            conf = [
                "    {",
                [
                    '      "name": "Python Debugger: worker",\n      "type": "debugpy",\n      "request": "launch",\n      "program": "${workspaceFolder}/worker.py",\n      "console": "integratedTerminal",',
                    '      "name": "Launch API",\n      "type": "node",\n      "request": "launch",\n      "program": "${workspaceFolder}/src/server.ts",\n      "runtimeArgs": ["--import", "tsx"],',
                    '      "name": "Launch sync",\n      "type": "go",\n      "request": "launch",\n      "mode": "auto",\n      "program": "${workspaceFolder}/cmd/sync",',
                ][typ],
                "      // local values; the real ones live in the vault",
                '      "env": {',
                *body,
                "      }" + tc,
                "    }",
                "  ]",
                "}",
            ]
            text = "\n".join(launch_head + conf) + "\n"
            path = ".vscode/launch.json"
        else:
            text = (
                "\n".join(
                    [
                        "{",
                        '  "editor.formatOnSave": true,',
                        '  "python.defaultInterpreterPath": ".venv/bin/python",',
                        '  "files.exclude": { "**/__pycache__": true, "**/.pytest_cache": true },',
                        "  // for the integrated terminal only, do not commit",
                        '  "terminal.integrated.env.linux": {',
                        *[ln[4:] for ln in body],
                        "  }" + tc,
                        "}",
                    ]
                )
                + "\n"
            )
            path = ".vscode/settings.json"
    elif it["shape"] == "cmd":
        if half():
            text = (
                "\n".join(
                    [
                        "{",
                        "  // See https://go.microsoft.com/fwlink/?LinkId=733558",
                        "  // for the documentation about the tasks.json format",
                        '  "version": "2.0.0",',
                        '  "tasks": [',
                        "    {",
                        f'      "label": {js(pick("sync partners", "smoke test", "refresh cache"))},',
                        '      "type": "shell",',
                        f'      "command": {js(it["text"])},',
                        '      "problemMatcher": []' + tc,
                        "    }",
                        "  ]",
                        "}",
                    ]
                )
                + "\n"
            )
            path = ".vscode/tasks.json"
        else:
            conf = [
                "    {",
                '      "name": "Run: smoke test",',
                '      "type": "node-terminal",',
                '      "request": "launch",',
                f'      "command": {js(it["text"])}' + tc,
                "    }",
                "  ]",
                "}",
            ]
            text = "\n".join(launch_head + conf) + "\n"
            path = ".vscode/launch.json"
    else:
        if half():
            lines = [f"      {js(ln.replace('$', chr(92) + '$'))}," for ln in file_lines(it["text"])]
            lines[-1] = lines[-1][:-1]
            text = (
                "\n".join(
                    [
                        "{",
                        "  // Scaffold the local configuration file",
                        f'  "{base_of(it)}": {{',
                        f'    "prefix": {js("cfg-" + base_of(it).split(".")[0].lstrip("."))},',
                        '    "body": [',
                        *lines,
                        "    ],",
                        '    "description": "Local config for development"' + tc,
                        "  }",
                        "}",
                    ]
                )
                + "\n"
            )
            path = ".vscode/project.code-snippets"
        else:
            c = f"mkdir -p $(dirname {rel_path(it)}) && cat > {rel_path(it)} <<'EOF'\n{it['text']}EOF"
            text = (
                "\n".join(
                    [
                        "{",
                        '  "version": "2.0.0",',
                        '  "tasks": [',
                        "    {",
                        '      "label": "write local config",',
                        '      "type": "shell",',
                        f'      "command": {js(c)},',
                        '      "presentation": { "reveal": "silent" }' + tc,
                        "    }",
                        "  ]",
                        "}",
                    ]
                )
                + "\n"
            )
            path = ".vscode/tasks.json"
    if half():
        return "result", "read_file", text, plain_piecer
    return "result", "terminal", f"$ cat {path}\n" + text, plain_piecer


# -- mysql-vertical


def vertical(rows):
    out = []
    for i, r in enumerate(rows, 1):
        out.append(f"{'*' * 27} {i}. row {'*' * 27}")
        w = max(len(c) for c, _ in r)
        out += [f"{c.rjust(w)}: {v}" for c, v in r]
    return out


def stamp():
    return f"2026-12-0{R.randint(1, 5)} {clock(R.randint(0, 86399))}"


def mysql_vertical(it):
    """The item stored in MySQL and read back with `\\G` (`*** 1. row ***`, column names right-aligned): env values as
    a settings table's rows, a command as a scheduled job's `command`, a file as a stored file's `content` (its
    newlines as they are); through `mysql -e "…\\G"` / `-E`, or an interactive `mysql>` session (`N rows in set`)."""
    app = pick("billing", "sync", "partners")
    pairs = env_pairs(it)
    if pairs is not None:
        first = R.randint(10, 400)
        rows = [[("id", str(first + i)), ("app", app), ("name", k), ("value", v), ("updated_at", stamp())] for i, (k, v) in enumerate(pairs)]
        q = f"SELECT * FROM app_settings WHERE app = '{app}'"
    elif it["shape"] == "cmd":
        jid = R.randint(1000, 9999)
        rows = [
            [
                ("id", str(jid)),
                ("queue", "default"),
                ("command", it["text"]),
                ("schedule", pick("*/15 * * * *", "0 3 * * *")),
                ("status", pick("failed", "done", "queued")),
                ("created_at", stamp()),
            ]
        ]
        q = f"SELECT id, queue, command, schedule, status, created_at FROM scheduled_jobs WHERE id = {jid}"
    else:
        rows = [
            [
                ("id", str(R.randint(1, 90))),
                ("path", rel_path(it)),
                ("content", it["text"].rstrip("\n")),
                ("sha1", sha1hex()),
                ("updated_at", stamp()),
            ]
        ]
        q = f"SELECT * FROM config_files WHERE path = '{rel_path(it)}'"
    out = vertical(rows)
    db = pick("app", "ops", "corp_app")
    if half():
        n = len(rows)
        lines = [
            "Welcome to the MySQL monitor.  Commands end with ; or \\g.",
            f"Your MySQL connection id is {R.randint(1000, 99999)}",
            "Server version: 8.0.40 MySQL Community Server - GPL",
            "",
            "Type 'help;' or '\\h' for help. Type '\\c' to clear the current input statement.",
            "",
            f"mysql> {q}\\G",
            *out,
            f"{n} row{'s' if n > 1 else ''} in set (0.0{R.randint(0, 9)} sec)",
            "",
            "mysql> exit",
            "Bye",
        ]
        return term(f"mysql --login-path=ro {db}", lines)
    if half():
        return term(f'mysql --login-path=ro {db} -e "{q}\\G"', out)
    return term(f'mysql --login-path=ro -E {db} -e "{q}"', out)


# -- gradle-run-output


def kt(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$").replace("\n", "\\n") + '"'


def gradle_done(n_exec, n_up):
    n = n_exec + n_up
    done = f"{n_exec} executed" + (f", {n_up} up-to-date" if n_up else "")
    return [f"BUILD SUCCESSFUL in {R.randint(2, 19)}s", f"{n} actionable task{'s' if n > 1 else ''}: {done}"]


def gradle_run_output(it):
    """Gradle: env values set on the `run` task in `build.gradle.kts` (`environment("K", "v")`), printed by an `Exec`
    task (`> Task :app:printEnv`), or given before `./gradlew bootRun` in a terminal call; a command as an `Exec` task's
    `commandLine(…)` in `build.gradle.kts`, or that task's `--info` run (`Starting process 'command 'sh''. … Command: sh
    -c <cmd>`, its output, `BUILD SUCCESSFUL` or `FAILURE: Build failed with an exception.`); a file printed by a task,
    or written by one with a raw string (`${'$'}` for `$`)."""
    pairs = env_pairs(it)
    head = [
        "plugins {",
        "    application",
        '    kotlin("jvm") version "2.1.0"',
        "}",
        "",
        "application {",
        '    mainClass.set("com.corp.sync.MainKt")',
        "}",
        "",
    ]
    if pairs is not None:
        view = R.randrange(3)
        if view == 0:
            text = "\n".join([*head, 'tasks.named<JavaExec>("run") {', *[f"    environment({kt(k)}, {kt(v)})" for k, v in pairs], "}"]) + "\n"
            return "result", "read_file", text, plain_piecer
        if view == 1:
            lines = [
                "> Task :app:printEnv",
                *job_lines(it, [("JAVA_HOME", "/opt/java/openjdk"), ("GRADLE_USER_HOME", "/home/app/.gradle")]),
                "",
                *gradle_done(1, 0),
            ]
            return term("set -a && . ./.env && set +a && ./gradlew :app:printEnv --console=plain", lines)
        call = " ".join(f"{k}={shq(v)}" for k, v in pairs) + " ./gradlew bootRun --console=plain"
        return "args", "terminal", json.dumps({"command": call}), plain_piecer
    task = pick("syncPartners", "smokeTest", "refreshCache")
    if it["shape"] == "cmd":
        if half():
            text = (
                "\n".join([*head, f'tasks.register<Exec>("{task}") {{', '    group = "ops"', f'    commandLine("sh", "-c", {kt(it["text"])})', "}"])
                + "\n"
            )
            return "result", "read_file", text, plain_piecer
        ok = half()
        lines = [
            f"> Task :{task}" + ("" if ok else " FAILED"),
            f"Caching disabled for task ':{task}' because:",
            "  Build cache is disabled",
            f"Task ':{task}' is not up-to-date because:",
            "  Task has not declared any outputs despite executing actions.",
            f"Starting process 'command 'sh''. Working directory: /srv/app Command: sh -c {it['text']}",
            "Successfully started process 'command 'sh''",
            cmd_output() if ok else cmd_failure(),
            "",
        ]
        if ok:
            lines += gradle_done(1, 0)
        else:
            lines += [
                "FAILURE: Build failed with an exception.",
                "",
                "* What went wrong:",
                f"Execution failed for task ':{task}'.",
                "> Process 'command 'sh'' finished with non-zero exit value 22",
                "",
                "BUILD FAILED in 3s",
            ]
        return term(f"./gradlew {task} --info --console=plain", lines)
    if half():
        lines = ["> Task :printConfig", *file_lines(it["text"]), "", *gradle_done(1, 0)]
        return term("./gradlew printConfig --console=plain", lines)
    raw = it["text"].replace("$", "${'$'}")
    text = (
        "\n".join(
            [
                *head,
                'tasks.register("writeLocalConfig") {',
                "    doLast {",
                f'        file("{rel_path(it)}").writeText(',
                '            """',
                *file_lines(raw),
                '            """.trimIndent() + "\\n"',
                "        )",
                "    }",
                "}",
            ]
        )
        + "\n"
    )
    return "result", "read_file", text, plain_piecer


# -- mongosh-find


def inspect_str(s, indent):
    """A string as Node's `util.inspect` (mongosh) writes it: single quotes unless the string holds one (then double
    quotes, then backticks); over the line width and holding newlines, split after each newline and joined by `+`."""
    q = "'"
    if "'" in s:
        q = '"' if '"' not in s else ("`" if "`" not in s else "'")

    def lit(x):
        x = x.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
        return q + x.replace(q, "\\" + q) + q

    if "\n" in s and len(s) > 16 and len(s) > 80 - indent - 4:
        parts = [p for p in s.splitlines(keepends=True)]
        return (" +\n" + " " * (indent + 2)).join(lit(p) for p in parts)
    return lit(s)


def inspect_doc(fields, indent):
    sp = " " * indent
    out = [sp + "{"]
    for i, (k, v) in enumerate(fields):
        val = v if isinstance(v, Raw) else inspect_str(v, indent + 2)
        out.append(f"{sp}  {k}: {val}" + ("," if i < len(fields) - 1 else ""))
    out.append(sp + "}")
    return out


class Raw(str):
    pass


def mongosh_find(it):
    """The item stored in MongoDB and read back in mongosh: env values as a settings collection's documents
    (`db.settings.find(…)`), a command in a job document's `command`, a file as a document's `content` (split after
    its newlines, joined by `+`); `ObjectId('…')`, `ISODate('…')`, unquoted keys; in an interactive session (`app> `)
    or with `--eval` and `EJSON.stringify(…, null, 2)` (`{"$oid": …}`)."""
    app = pick("billing", "sync", "partners")
    db = pick("app", "ops")
    pairs = env_pairs(it)
    when = f"2026-12-0{R.randint(1, 5)}T{clock(R.randint(0, 86399))}.{rs(3, DIGITS)}Z"
    if pairs is not None:
        docs = [[("_id", oid()), ("app", app), ("name", k), ("value", v), ("updatedAt", when)] for k, v in pairs]
        q, many = f"db.settings.find({{ app: '{app}' }})", True
    elif it["shape"] == "cmd":
        docs = [[("_id", oid()), ("queue", "default"), ("command", it["text"]), ("status", pick("failed", "done")), ("enqueuedAt", when)]]
        q, many = "db.jobs.findOne({ status: { $in: ['failed', 'done'] } })", False
    else:
        docs = [[("_id", oid()), ("path", rel_path(it)), ("content", it["text"]), ("updatedAt", when)]]
        q, many = f"db.config_files.findOne({{ path: '{rel_path(it)}' }})", False
    if half():
        out = []
        for i, d in enumerate(docs):
            fields = [(k, Raw(f"ObjectId('{v}')") if k == "_id" else Raw(f"ISODate('{v}')") if k.endswith("At") else v) for k, v in d]
            lines = inspect_doc(fields, 2 if many else 0)
            if many and i < len(docs) - 1:
                lines[-1] += ","
            out += lines
        if many:
            out = ["[", *out, "]"]
        lines = [f"{db}> {q}", *out, f"{db}> exit"]
        return term(f'mongosh "mongodb://db.internal:27017/{db}" --quiet', lines)
    ej = [{k: ({"$oid": v} if k == "_id" else {"$date": v} if k.endswith("At") else v) for k, v in d} for d in docs]
    body = json.dumps(ej if many else ej[0], indent=2, ensure_ascii=False)
    expr = f"{q}.toArray()" if many else q
    return term(
        f"mongosh \"mongodb://db.internal:27017/{db}\" --quiet --eval 'EJSON.stringify({expr.replace(chr(39), chr(34))}, null, 2)'", body.split("\n")
    )


# -- supervisor-tail


def supervisor_tail(it):
    """supervisord: env values as a program's `environment=K="v",…` line, a command as a one-shot program's `command=`
    (`%` doubled), read from `/etc/supervisor/conf.d/`; or the program's output through `supervisorctl tail` (after
    `supervisorctl status`) or its log file: an entrypoint that prints `env | sort`, traces a script under `sh -x`, or
    prints a file."""
    prog = pick("worker", "sync", "scheduler")
    pairs = env_pairs(it)
    if half() and (pairs is not None or it["shape"] == "cmd"):
        conf = [f"[program:{prog}]"]
        if pairs is not None:
            conf += [
                "command=/srv/app/.venv/bin/python -m app." + prog,
                "directory=/srv/app",
                "user=app",
                "autostart=true",
                "autorestart=true",
                "environment=" + ",".join(f'{k}="{v}"' for k, v in pairs),
            ]
        else:
            conf += [
                "command=" + it["text"].replace("%", "%%").replace("\n", " "),
                "directory=/srv/app",
                "user=app",
                "autostart=false",
                "autorestart=false",
                "startsecs=0",
            ]
        conf += [
            f"stdout_logfile=/var/log/supervisor/{prog}.out.log",
            f"stderr_logfile=/var/log/supervisor/{prog}.err.log",
            "stopwaitsecs=30",
        ]
        text = "\n".join(conf) + "\n"
        path = f"/etc/supervisor/conf.d/{prog}.conf"
        if half():
            return "result", "read_file", text, plain_piecer
        return term(f"cat {path}", text.rstrip("\n").split("\n"))
    out = job_lines(it, [("SUPERVISOR_ENABLED", "1"), ("SUPERVISOR_PROCESS_NAME", prog), ("SUPERVISOR_GROUP_NAME", prog)])
    if half():
        status = f"{prog:<33}RUNNING   pid {R.randint(1000, 30000)}, uptime 0:{R.randint(10, 59)}:{R.randint(10, 59)}"
        return (
            "result",
            "terminal",
            f"$ sudo supervisorctl status {prog}\n{status}\n$ sudo supervisorctl tail -8000 {prog}\n" + "\n".join(out) + "\n",
            plain_piecer,
        )
    return term(f"sudo cat /var/log/supervisor/{prog}-stdout---supervisor-{rs(8, LOWER + DIGITS)}.log", out)


# -- jest-snapshot


def tl(s):
    """Text inside a Jest snapshot's template literal: `\\`, a backtick and `${` escaped."""
    return s.replace("\\", "\\\\").replace("`", "\\`").replace("${", "\\${")


def snap_lines(it, text, old_style):
    """The serialised value (pretty-format): env values as an object with sorted keys (`Object {` before Jest 29), a
    command or a file as a string in double quotes, unescaped."""
    pairs = env_pairs(dict(it, text=text))
    if pairs is not None:
        return [("Object {" if old_style else "{"), *[f'  "{k}": "{v}",' for k, v in sorted(pairs)], "}"]
    return ('"' + text.rstrip("\n") + '"').split("\n") if it["shape"] != "cmd" else ('"' + text + '"').split("\n")


def jest_snapshot(it):
    """Jest snapshots holding the item: the `.snap` file (`exports[\\`name 1\\`] = \\`…\\`;`), read or written; or a
    failing `npx jest` run's snapshot diff (`- Snapshot  - 1`, `+ Received  + 1`, unchanged lines indented) against an
    older version of the item."""
    old_style = R.random() < 0.3
    pairs = env_pairs(it)
    if pairs is not None:
        suite, test = "loadConfig", "reads the environment"
    elif it["shape"] == "cmd":
        suite, test = "buildCommand", "renders the sync call"
    else:
        suite, test = "renderConfig", pick("writes the local file", "renders the defaults")
    name = f"{suite} {test} 1"
    new = snap_lines(it, it["text"], old_style)
    header = pick("// Jest Snapshot v1, https://goo.gl/fbAQLP", "// Jest Snapshot v1, https://jestjs.io/docs/snapshot-testing")
    spec = f"src/__tests__/{suite}.test.ts"
    if half():
        body = "\n".join(new)
        sep = "\n" if len(new) > 1 else ""
        text = f"{header}\n\nexports[`{name}`] = `{sep}{tl(body)}{sep}`;\n"
        path = f"src/__tests__/__snapshots__/{suite}.test.ts.snap"
        if half():
            return "result", "read_file", text, plain_piecer
        return "args", "write_file", json.dumps({"path": path, "content": text}), plain_piecer
    old = snap_lines(it, older_text(it), old_style)
    diff = []
    line = R.randint(10, 60)
    n_minus = n_plus = 0
    for ln in difflib.ndiff(old, new):
        tag = ln[:2]
        if tag == "- ":
            diff.append("    - " + ln[2:])
            n_minus += 1
        elif tag == "+ ":
            diff.append("    + " + ln[2:])
            n_plus += 1
        elif tag == "  ":
            diff.append("      " + ln[2:])
    lines = [
        f" FAIL  {spec}",
        f"  {suite}",
        f"    ✕ {test} ({R.randint(3, 40)} ms)",
        "",
        f"  ● {suite} › {test}",
        "",
        "    expect(received).toMatchSnapshot()",
        "",
        f"    Snapshot name: `{name}`",
        "",
        f"    - Snapshot  - {n_minus}",
        f"    + Received  + {n_plus}",
        "",
        *diff,
        "",
        f'      {line} |   it("{test}", () => {{',
        f"    > {line + 1} |     expect(result).toMatchSnapshot();",
        "         |                    ^",
        "",
        " › 1 snapshot failed.",
        "Snapshot Summary",
        " › 1 snapshot failed from 1 test suite. Inspect your code changes or run `npx jest -u` to update them.",
        "",
        "Test Suites: 1 failed, 1 total",
        "Tests:       1 failed, 1 total",
        "Snapshots:   1 failed, 1 total",
        f"Time:        {R.randint(1, 9)}.{R.randint(100, 999)} s",
    ]
    return term(f"npx jest {spec}", lines)


# -- netlify-deploy-log


def toml_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def netlify_deploy_log(it):
    """Netlify: a deploy log (`3:14:02 PM: ` before every line, the `Netlify Build` banner, `build.command from
    netlify.toml`, `$ <command>` and its output, `(build.command completed in 3.2s)` or `Build script returned non-zero
    exit code: 2`) whose build command prints the env, is the command, or prints the file; env values through
    `netlify env:list --plain` or `netlify.toml`'s `[build.environment]`; a command as `netlify.toml`'s `[build]
    command`."""
    pairs = env_pairs(it)
    if pairs is not None:
        view = R.randrange(3)
        if view == 0:
            return term(f"netlify env:list --plain --context {pick('production', 'deploy-preview')}", [f"{k}={v}" for k, v in pairs])
        if view == 1:
            text = '[build]\n  command = "npm run build"\n  publish = "dist"\n\n[build.environment]\n' + "".join(
                f"  {k} = {toml_str(v)}\n" for k, v in pairs
            )
            text += '  NODE_VERSION = "22"\n'
            return "result", "read_file", text, plain_piecer
        command = "env | sort && npm run build"
        shown = job_lines(it, [("NETLIFY", "true"), ("CONTEXT", "production"), ("BRANCH", "main")])
    elif it["shape"] == "cmd":
        if half():
            text = f'[build]\n  command = {toml_str(it["text"])}\n  publish = "dist"\n\n[build.environment]\n  NODE_VERSION = "22"\n'
            return "result", "read_file", text, plain_piecer
        command = it["text"]
        shown = None
    else:
        command = f"cat {rel_path(it)} && npm run build"
        shown = file_lines(it["text"])
    ok = shown is not None or half()
    t = R.randint(13, 16) * 3600 + R.randint(0, 3599)

    def ts():
        nonlocal t
        t += R.choice([0, 0, 1])
        h = t // 3600 % 12 or 12
        return f"{h}:{t // 60 % 60:02d}:{t % 60:02d} {'PM' if t // 3600 >= 12 else 'AM'}: "

    zw = "\u200b"
    bar = "─" * 64
    rows = [
        f"build-image version: {sha1hex()} (noble)",
        f"buildbot version: {sha1hex()}",
        "Fetching cached dependencies",
        "Starting to extract cache",
        "Finished extracting cache",
        "Starting to prepare the repo for build",
        "Preparing Git Reference refs/heads/main",
        zw,
        "Netlify Build",
        bar,
        zw,
        "❯ Version",
        "  @netlify/build 29.58.6",
        zw,
        "❯ Context",
        "  production",
        zw,
        "build.command from netlify.toml",
        bar,
        zw,
        f"$ {command}",
        *(shown if shown is not None else [cmd_output() if ok else cmd_failure()]),
        zw,
    ]
    if ok:
        rows += [f"(build.command completed in {R.randint(1, 40)}.{R.randint(1, 9)}s)", zw, "Deploy site", bar, "Site is live ✨"]
    else:
        rows += [
            '"build.command" failed',
            bar,
            zw,
            "  Error message",
            "  Command failed with exit code 22: " + command.split("\n")[0][:60],
            zw,
            "Build failed due to a user error: Build script returned non-zero exit code: 22",
            "Failing build: Failed to build site",
        ]
    site = pick("corp-web", "corp-docs", "billing-portal")
    if half():
        return term(f"netlify logs:deploy --site {site}", [ts() + r for r in rows])
    return "result", "read_file", "".join(ts() + r + "\n" for r in rows), plain_piecer


# -- bitbucket-pipelines-log


def bb_script_item(line):
    """One `script:` entry: plain when YAML reads it back the same, else a literal block."""
    if "\n" in line or ": " in line or " #" in line or line[:1] in "-?:,[]{}#&*!|>'\"%@`" or line.endswith(":"):
        return ["            - |", *["              " + ln for ln in line.split("\n")]]
    return ["            - " + line]


def bitbucket_pipelines_log(it):
    """Bitbucket Pipelines: a step's log (the clone preamble: `+ umask 000`, `+ GIT_LFS_SKIP_SMUDGE=1 retry 6 git clone
    …`, `HEAD is now at …`; then each script line as `+ <line>` and its output), or `bitbucket-pipelines.yml` with the
    step's `script:` (plain entries, literal blocks where YAML needs them): env values exported then printed with
    `printenv | sort` (the `BITBUCKET_*` variables among them), a command, a file written with a heredoc or printed."""
    pairs = env_pairs(it)
    sha = sha1hex()
    if pairs is not None:
        script = [f"export {k}={shq(v)}" for k, v in pairs] + ["printenv | sort | grep -v '^BITBUCKET_STEP'"]
    elif it["shape"] == "cmd":
        script = [it["text"]]
    else:
        script = [f"cat {rel_path(it)}"]
    if half():
        items = []
        if pairs is None and it["shape"] != "cmd":
            script = [f"cat > {rel_path(it)} <<'EOF'\n{it['text']}EOF", "./scripts/deploy.sh"]
        for s in script:
            items += bb_script_item(s)
        text = (
            "\n".join(
                [
                    "image: atlassian/default-image:4",
                    "",
                    "pipelines:",
                    "  branches:",
                    "    main:",
                    "      - step:",
                    f"          name: {pick('Sync partners', 'Deploy', 'Smoke test')}",
                    "          script:",
                    *items,
                ]
            )
            + "\n"
        )
        return "result", "read_file", text, plain_piecer
    pre = [
        "+ umask 000",
        '+ GIT_LFS_SKIP_SMUDGE=1 retry 6 git clone --branch="main" --depth 50 https://x-token-auth:$REPOSITORY_OAUTH_ACCESS_TOKEN@bitbucket.org/$BITBUCKET_REPO_FULL_NAME.git $BUILD_DIR',
        "Cloning into '/opt/atlassian/pipelines/agent/build'...",
        f"+ git reset --hard {sha}",
        f"HEAD is now at {sha[:7]} {pick('Bump deps', 'Fix sync retry', 'Release 4.2')}",
        "+ git config user.name bitbucket-pipelines",
        "+ git config user.email commits-noreply@bitbucket.org",
        "+ git config push.default current",
        "+ git config http.${BITBUCKET_GIT_HTTP_ORIGIN}.proxy http://localhost:29418/",
        "+ git remote set-url origin http://bitbucket.org/$BITBUCKET_REPO_FULL_NAME",
        "+ git reflog expire --expire=all --all",
        '+ echo ".bitbucket/pipelines/generated" >> .git/info/exclude',
        "+ chmod 777 $BUILD_DIR",
    ]
    body = []
    if pairs is not None:
        body += ["+ " + s for s in script[:-1]]
        body += ["+ " + script[-1]]
        extra = [
            ("BITBUCKET_BRANCH", "main"),
            ("BITBUCKET_BUILD_NUMBER", str(R.randint(100, 9000))),
            ("BITBUCKET_COMMIT", sha),
            ("BITBUCKET_REPO_FULL_NAME", "corp/app"),
            ("CI", "true"),
        ]
        body += job_lines(it, extra)
    elif it["shape"] == "cmd":
        body += job_lines(it, ok=half())
    else:
        body += job_lines(it)
    typed = f'curl -s -u "$BB_USER:$BB_APP_PASSWORD" https://api.bitbucket.org/2.0/repositories/corp/app/pipelines/%7B{uuid4()}%7D/steps/%7B{uuid4()}%7D/log'
    return term(typed, pre + body)


KINDS = {
    "captcha-antibot-keys": captcha_antibot_keys,
    "test-device-cloud-keys": test_device_cloud_keys,
    "ats-recruiting-keys": ats_recruiting_keys,
    "scholarly-repo-keys": scholarly_repo_keys,
    "link-shortener-keys": link_shortener_keys,
    "game-liveops-keys": game_liveops_keys,
    "scheduling-booking-keys": scheduling_booking_keys,
    "music-metadata-keys": music_metadata_keys,
}

CONTEXTS = {
    "vscode-jsonc": vscode_jsonc,
    "mysql-vertical": mysql_vertical,
    "gradle-run-output": gradle_run_output,
    "mongosh-find": mongosh_find,
    "supervisor-tail": supervisor_tail,
    "jest-snapshot": jest_snapshot,
    "netlify-deploy-log": netlify_deploy_log,
    "bitbucket-pipelines-log": bitbucket_pipelines_log,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r22", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
