"""Round 20 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 19 have been read, measured or worked on, or written. Round 20 was written blind, like
rounds 5 to 19: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL fields), never the rules
nor anything else under `engine/`, `BENCHMARKS.md`, `README.md` nor `docs/`, and never ran the
engine on it.

Kind families and context families: see `SPLIT.md`, round 20. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round20.py     # rewrites round20.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import difflib
import json
import re
from pathlib import Path

from blind_round import (
    ALNUM,
    B64,
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
    item,
    item_path,
    jwt,
    password,
    pick,
    rs,
    sha1hex,
    shown_lines,
    shq,
    template_of,
    uuid4,
    write_round,
)

SEED = 2306
OUT = Path(__file__).with_name("round20.jsonl")

HELD_OUT_KINDS = {"stock-media-keys", "civic-gov-data-keys"}
HELD_OUT_CONTEXTS = {"telegram-export", "vagrant-provision", "zendesk-comments"}

DAY = 1_796_428_800  # 2026-12-05T00:00:00Z


def ref(name):
    return pick("${" + name + "}", "$" + name)


def masked(n=16):
    return "*" * n


def sha256hex():
    return rs(64, HEX)


def container_no():
    return rs(3, UPPER) + "U" + rs(7, DIGITS)


# ---------------------------------------------------------------- kind: community-forum-keys


def community_forum_keys(is_clean):
    """Forum and community platforms: Discourse `Api-Key` (64 hex, beside `Api-Username`) and DiscourseConnect
    secrets, Flarum `Authorization: Token <key>; userId=1`, Circle admin tokens (`Authorization: Token`), Disqus
    `api_secret=` (beside the public `api_key=`), Vanilla `va.` access tokens, NodeBB master tokens (uuid), Khoros
    `user.password=` in a login form."""
    if is_clean:
        form = deal("forum/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("DISCOURSE_URL", "https://forum.corp.example"),
                    ("DISCOURSE_API_USERNAME", "system"),
                    ("DISCOURSE_API_KEY", ref("DISCOURSE_API_KEY")),
                    ("DISQUS_PUBLIC_KEY", rs(64, ALNUM)),
                    ("DISQUS_SHORTNAME", "corp-blog"),
                ]
            )
        if form == 1:
            doc = {
                "id": R.randint(1000, 99999),
                "title": "Release notes for 4.2",
                "slug": "release-notes-for-4-2",
                "posts_count": R.randint(2, 80),
                "post_stream": {"stream": sorted(R.randint(10**5, 10**6) for _ in range(4))},
                "details": {
                    "created_by": {
                        "id": R.randint(2, 5000),
                        "username": "alice",
                        "avatar_template": f"/user_avatar/forum.corp.example/alice/{{size}}/{R.randint(100, 9999)}_2.png",
                    }
                },
                "image_upload": {"sha1": sha1hex(), "short_url": "upload://" + rs(27, ALNUM) + ".png"},
                "nodebb_tid": R.randint(100, 9000),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/topic.json")
        if form == 2:
            return cmd_clean(
                'curl -s "https://forum.corp.example/latest.json?order=created" -H "Api-Key: $DISCOURSE_API_KEY" -H "Api-Username: system"',
                name="scripts/forum.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                'FLARUM_TOKEN = os.environ["FLARUM_API_KEY"]\n'
                "NODEBB_UID = 1\n"
                f'DISQUS_PUBLIC_KEY = "{rs(64, ALNUM)}"  # public key, used by the comment embed\n'
                f"DISCOURSE_CATEGORY_ID = {R.randint(4, 60)}\n"
                'CIRCLE_TOKEN = os.environ.get("CIRCLE_ADMIN_TOKEN", "<circle-admin-token>")\n'
            )
            return clean(text, fmt="py", name="community/settings.py")
        return env_clean(
            [
                ("VANILLA_ACCESS_TOKEN", "va." + masked(12)),
                ("CIRCLE_ADMIN_TOKEN", "changeme"),
                ("FLARUM_API_KEY", "<flarum-api-key>"),
                ("DISCOURSE_CONNECT_SECRET", "REPLACE_ME"),
                ("NODEBB_MASTER_TOKEN", "xxxxxxxx"),
            ]
        )
    form = deal("forum/secret", 8)
    if form == 0:
        k = rs(64, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://forum.corp.example/posts.json?before={R.randint(10**4, 10**5)}" -H "Api-Key: {k}" -H "Api-Username: system"',
                [("discourse-api-key", k)],
            )
        return env(
            [("DISCOURSE_URL", "https://forum.corp.example"), ("DISCOURSE_API_KEY", k), ("DISCOURSE_API_USERNAME", "system")],
            [("discourse-api-key", k)],
        )
    if form == 1:
        s = rs(R.randint(24, 40), ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"cd /var/discourse && ./launcher run app \"rails runner 'SiteSetting.discourse_connect_secret = %q({s})'\"",
                [("discourseconnect-secret", s)],
            )
        text = (
            "import hashlib\n"
            "import hmac\n\n"
            'DISCOURSE_URL = "https://forum.corp.example"\n'
            f'DISCOURSE_CONNECT_SECRET = "{s}"\n\n\n'
            "def sign(payload: str) -> str:\n"
            "    return hmac.new(DISCOURSE_CONNECT_SECRET.encode(), payload.encode(), hashlib.sha256).hexdigest()\n"
        )
        return item(text, [("discourseconnect-secret", s)], fmt="py", name="sso/discourse.py")
    if form == 2:
        t = rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://community.corp.example/api/discussions?page[limit]=20" -g -H "Authorization: Token {t}; userId=1"',
                [("flarum-api-key", t)],
            )
        return env([("FLARUM_URL", "https://community.corp.example"), ("FLARUM_API_KEY", t)], [("flarum-api-key", t)])
    if form == 3:
        t = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://app.circle.so/api/admin/v2/community_members?per_page=50" -H "Authorization: Token {t}"',
                [("circle-admin-token", t)],
            )
        return env([("CIRCLE_COMMUNITY_ID", str(R.randint(10000, 999999))), ("CIRCLE_ADMIN_TOKEN", t)], [("circle-admin-token", t)])
    if form == 4:
        pub, sec = rs(64, ALNUM), rs(64, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://disqus.com/api/3.0/forums/listPosts.json?forum=corp-blog&limit=100&api_key={pub}&api_secret={sec}"',
                [("disqus-api-secret", sec)],
            )
        return env([("DISQUS_SHORTNAME", "corp-blog"), ("DISQUS_PUBLIC_KEY", pub), ("DISQUS_SECRET_KEY", sec)], [("disqus-api-secret", sec)])
    if form == 5:
        t = "va." + rs(32, URLSAFE)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://community.corp.example/api/v2/discussions?limit=30" -H "Authorization: Bearer {t}"', [("vanilla-access-token", t)]
            )
        return env([("VANILLA_BASE_URL", "https://community.corp.example"), ("VANILLA_ACCESS_TOKEN", t)], [("vanilla-access-token", t)])
    if form == 6:
        t = uuid4()
        if R.random() < 0.5:
            body = json.dumps({"cid": R.randint(1, 12), "title": "Maintenance window", "content": "Read-only from 22:00 UTC.", "_uid": 1})
            return cmd(
                f"curl -s -X POST https://forum.corp.example/api/v3/topics -H \"Authorization: Bearer {t}\" -H 'Content-Type: application/json' -d '{body}'",
                [("nodebb-master-token", t)],
            )
        return env([("NODEBB_URL", "https://forum.corp.example"), ("NODEBB_MASTER_TOKEN", t), ("NODEBB_UID", "1")], [("nodebb-master-token", t)])
    pw = password()
    if R.random() < 0.5:
        return cmd(
            f"curl -s -X POST https://community.corp.example/restapi/vc/authentication/sessions/login -d user.login=api-bot -d user.password={shq(pw)}",
            [("khoros-password", pw)],
        )
    return env([("KHOROS_COMMUNITY", "corp"), ("KHOROS_USER", "api-bot"), ("KHOROS_PASSWORD", pw)], [("khoros-password", pw)])


# ---------------------------------------------------------------- kind: physical-security-keys


def physical_security_keys(is_clean):
    """Access-control and video-security systems: Verkada `x-api-key`, Kisi `Authorization: KISI-LOGIN`, Brivo (client
    secret in `-u id:secret` and the `api-key` header: two credentials), Rhombus `x-auth-apikey`, Eagle Eye Networks
    client secrets, Avigilon Alta (Openpath) login passwords in a JSON body, Genetec Web SDK `-u "user;appid:password"`,
    Axis camera root passwords (`curl --digest -u root:…`)."""
    if is_clean:
        form = deal("physec/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("VERKADA_ORG_ID", uuid4()),
                    ("VERKADA_API_KEY", ref("VERKADA_API_KEY")),
                    ("KISI_PLACE_ID", str(R.randint(1000, 99999))),
                    ("BRIVO_CLIENT_ID", uuid4()),
                    ("RHOMBUS_API_KEY", ""),
                ]
            )
        if form == 1:
            doc = {
                "event_id": uuid4(),
                "event_type": "door_access_granted",
                "door": {"id": uuid4(), "name": "Loading Dock"},
                "user_id": uuid4(),
                "badge_number": "0" + rs(8, DIGITS),
                "camera_serial": f"{rs(4, UPPER)}-{rs(4, UPPER + DIGITS)}-{rs(4, UPPER + DIGITS)}",
                "camera_mac": "b8:a4:4f:" + ":".join(rs(2, HEX) for _ in range(3)),
                "thumbnail_sha256": sha256hex(),
                "timestamp": DAY + R.randint(30000, 60000),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/access-event.json")
        if form == 2:
            return cmd_clean(
                f'curl -s "https://api.kisi.io/events?limit=50&place_id={R.randint(1000, 99999)}" -H "Authorization: KISI-LOGIN $KISI_API_KEY"',
                name="scripts/door-events.sh",
            )
        if form == 3:
            rows = []
            for i in range(R.randint(2, 3)):
                host = f"10.20.{R.randint(1, 9)}.{R.randint(10, 250)}"
                rows.append(
                    f"  - name: cam-{pick('dock', 'lobby', 'yard', 'stair')}-{i + 1}\n"
                    f"    host: {host}\n"
                    f"    mac: AC:CC:8E:{rs(2, UHEX)}:{rs(2, UHEX)}:{rs(2, UHEX)}\n"
                    f"    serial: ACCC8E{rs(6, UHEX)}\n"
                    f"    stream: rtsp://{host}:554/axis-media/media.amp?resolution=1280x720\n"
                    "    username: viewer\n"
                    "    password_ref: vault:kv/cameras/axis\n"
                )
            return clean("cameras:\n" + "".join(rows), fmt="yaml", name="deploy/cameras.yml")
        return env_clean(
            [
                ("KISI_API_KEY", "<kisi-api-key>"),
                ("EEN_CLIENT_SECRET", "xxxxxxxx"),
                ("GENETEC_PASSWORD", "changeme"),
                ("OPENPATH_PASSWORD", masked(12)),
                ("AXIS_ROOT_PASSWORD", "TODO"),
            ]
        )
    form = deal("physec/secret", 8)
    if form == 0:
        k = rs(48, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s -X POST https://api.verkada.com/token -H "x-api-key: {k}" -H "accept: application/json"', [("verkada-api-key", k)])
        return env([("VERKADA_ORG_ID", uuid4()), ("VERKADA_API_KEY", k)], [("verkada-api-key", k)])
    if form == 1:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.kisi.io/locks -H "Authorization: KISI-LOGIN {k}" -H "Accept: application/json"', [("kisi-api-key", k)])
        return env([("KISI_API_KEY", k), ("KISI_PLACE_ID", str(R.randint(1000, 99999)))], [("kisi-api-key", k)])
    if form == 2:
        cid, cs, ak = uuid4(), rs(32, ALNUM), rs(24, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -X POST "https://auth.brivo.com/oauth/token?grant_type=password&username=api-admin&password=$BRIVO_PASSWORD" -u {cid}:{cs} -H "api-key: {ak}"',
                [("brivo-client-secret", cs), ("brivo-api-key", ak)],
            )
        return env(
            [("BRIVO_CLIENT_ID", cid), ("BRIVO_CLIENT_SECRET", cs), ("BRIVO_API_KEY", ak)], [("brivo-client-secret", cs), ("brivo-api-key", ak)]
        )
    if form == 3:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                "curl -s -X POST https://api2.rhombussystems.com/api/camera/getMinimalCameraStateList "
                f"-H 'x-auth-scheme: api-token' -H \"x-auth-apikey: {k}\" -H 'Content-Type: application/json' -d '{{}}'",
                [("rhombus-api-key", k)],
            )
        return env([("RHOMBUS_API_KEY", k)], [("rhombus-api-key", k)])
    if form == 4:
        cid, cs = rs(32, HEX), rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://auth.eagleeyenetworks.com/oauth2/token -u {cid}:{cs} -d grant_type=refresh_token -d refresh_token=$EEN_REFRESH_TOKEN",
                [("een-client-secret", cs)],
            )
        return env([("EEN_CLIENT_ID", cid), ("EEN_CLIENT_SECRET", cs)], [("een-client-secret", cs)])
    if form == 5:
        pw = password()
        body = json.dumps({"email": "ops@corp.example", "password": pw, "mfa": {}})
        return cmd(
            f"curl -s -X POST https://api.openpath.com/auth/login -H 'Content-Type: application/json' -d '{body}'",
            [("openpath-password", pw)],
        )
    if form == 6:
        pw = password()
        app = rs(40, ALNUM + "+/")
        return cmd(
            f'curl -s -u "admin;{app}:{pw}" "https://sc.corp.example:4590/WebSdk/report/EntityConfiguration?q=EntityTypes@Camera"',
            [("genetec-password", pw)],
        )
    pw = password()
    if R.random() < 0.5:
        return cmd(
            f'curl -s --digest -u root:{shq(pw)} "http://10.20.{R.randint(1, 9)}.{R.randint(10, 250)}/axis-cgi/param.cgi?action=list&group=Network"',
            [("axis-root-password", pw)],
        )
    return env(
        [("AXIS_HOST", f"10.20.{R.randint(1, 9)}.{R.randint(10, 250)}"), ("AXIS_USER", "root"), ("AXIS_PASSWORD", pw)], [("axis-root-password", pw)]
    )


# ---------------------------------------------------------------- kind: rewards-loyalty-keys


def rewards_loyalty_keys(is_clean):
    """Gift-card, rewards and loyalty APIs: Tremendous `PROD_` / `TEST_` keys (`Bearer`, `.env`), Tango Card RaaS
    platform keys (`-u name:key`, `.env`), Giftbit tokens (a JWT whose header says `SHA256`), Reloadly client secrets
    (JSON token body, `.env`), Yotpo secrets (Python, JSON body), LoyaltyLion secrets (`-u token:secret`), Smile.io
    private keys, Talon.One `Authorization: ApiKey-v1`."""
    if is_clean:
        form = deal("rewards/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("TREMENDOUS_API_KEY", "TEST_" + masked(20)),
                    ("TANGO_PLATFORM_NAME", "CorpRewards"),
                    ("TANGO_PLATFORM_KEY", ref("TANGO_PLATFORM_KEY")),
                    ("YOTPO_APP_KEY", rs(40, ALNUM)),
                    ("TALON_BASE_URL", "https://corp.europe-west1.talon.one"),
                ]
            )
        if form == 1:
            doc = {
                "order": {
                    "id": rs(12, UPPER + DIGITS),
                    "external_id": f"ord-{R.randint(10000, 99999)}",
                    "rewards": [
                        {
                            "id": rs(12, UPPER + DIGITS),
                            "value": {"denomination": pick(10.0, 25.0, 50.0), "currency_code": "USD"},
                            "delivery": {"method": "EMAIL", "status": "SCHEDULED"},
                        }
                    ],
                },
                "tango_utid": "U" + rs(6, DIGITS),
                "card_code": "XXXX-XXXX-XXXX-" + rs(4, DIGITS),
                "loyaltylion_customer_id": R.randint(10**6, 10**8),
                "yotpo_review_id": R.randint(10**8, 10**9),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/reward-order.json")
        if form == 2:
            return cmd_clean(
                'curl -s "https://testflight.tremendous.com/api/v2/orders?limit=20" -H "Authorization: Bearer $TREMENDOUS_API_KEY"',
                name="scripts/rewards.sh",
            )
        if form == 3:
            text = (
                "// storefront widgets: these keys are public and ship to the browser\n"
                "window.SmileUI.init({\n"
                f"  channel_key: 'pk_{rs(24, ALNUM)}',\n"
                "  customer_identity_jwt: window.__SMILE_JWT__,\n"
                "});\n"
                f"loyaltylion.init({{ token: '{rs(32, HEX)}' }});\n"
                f"const YOTPO_APP_KEY = '{rs(40, ALNUM)}';\n"
            )
            return clean(text, fmt="js", name="web/loyalty.js")
        return env_clean(
            [
                ("RELOADLY_CLIENT_SECRET", "<reloadly-client-secret>"),
                ("GIFTBIT_API_KEY", "changeme"),
                ("LOYALTYLION_SECRET", "REPLACE_ME"),
                ("SMILE_PRIVATE_KEY", "xxxxxxxx"),
                ("TALON_API_KEY", masked(20)),
            ]
        )
    form = deal("rewards/secret", 8)
    if form == 0:
        live = R.random() < 0.6
        t = ("PROD_" if live else "TEST_") + rs(43, URLSAFE)
        host = "www.tremendous.com" if live else "testflight.tremendous.com"
        if R.random() < 0.5:
            return cmd(f'curl -s "https://{host}/api/v2/products?country=US" -H "Authorization: Bearer {t}"', [("tremendous-api-key", t)])
        return env([("TREMENDOUS_API_KEY", t), ("TREMENDOUS_CAMPAIGN_ID", rs(12, UPPER + DIGITS))], [("tremendous-api-key", t)])
    if form == 1:
        k = rs(1, ALNUM) + rs(31, ALNUM + "!@#*?^~")
        if R.random() < 0.5:
            return cmd(
                f"curl -s -u CorpRewards:{shq(k)} https://integration-api.tangocard.com/raas/v2/catalogs?verbose=true", [("tango-platform-key", k)]
            )
        return env([("TANGO_PLATFORM_NAME", "CorpRewards"), ("TANGO_PLATFORM_KEY", k)], [("tango-platform-key", k)])
    if form == 2:
        t = jwt({"typ": "JWT", "alg": "SHA256"}, {"ver": 2, "vav": 1, "jti": rs(20, ALNUM), "iat": 1_767_000_000 + R.randint(0, 9_000_000)})
        if R.random() < 0.5:
            return cmd(f'curl -s https://api-testbed.giftbit.com/papi/v1/brands -H "Authorization: Bearer {t}"', [("giftbit-api-token", t)])
        return env([("GIFTBIT_API_KEY", t)], [("giftbit-api-token", t)])
    if form == 3:
        cid, cs = rs(32, ALNUM), rs(48, ALNUM + "-")
        if R.random() < 0.5:
            body = json.dumps(
                {"client_id": cid, "client_secret": cs, "grant_type": "client_credentials", "audience": "https://giftcards.reloadly.com"}
            )
            return cmd(
                f"curl -s -X POST https://auth.reloadly.com/oauth/token -H 'Content-Type: application/json' -d '{body}'",
                [("reloadly-client-secret", cs)],
            )
        return env([("RELOADLY_CLIENT_ID", cid), ("RELOADLY_CLIENT_SECRET", cs)], [("reloadly-client-secret", cs)])
    if form == 4:
        app, sec = rs(40, ALNUM), rs(40, ALNUM)
        if R.random() < 0.5:
            text = (
                "import requests\n\n"
                f'YOTPO_APP_KEY = "{app}"\n'
                f'YOTPO_SECRET = "{sec}"\n\n\n'
                "def utoken():\n"
                '    body = {"client_id": YOTPO_APP_KEY, "client_secret": YOTPO_SECRET, "grant_type": "client_credentials"}\n'
                '    r = requests.post("https://api.yotpo.com/oauth/token", json=body, timeout=10)\n'
                "    r.raise_for_status()\n"
                '    return r.json()["access_token"]\n'
            )
            return item(text, [("yotpo-secret", sec)], fmt="py", name="reviews/yotpo.py")
        body = json.dumps({"client_id": app, "client_secret": sec, "grant_type": "client_credentials"})
        return cmd(f"curl -s -X POST https://api.yotpo.com/oauth/token -H 'Content-Type: application/json' -d '{body}'", [("yotpo-secret", sec)])
    if form == 5:
        tok, sec = rs(32, HEX), rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s -u {tok}:{sec} "https://api.loyaltylion.com/v2/customers?limit=100"', [("loyaltylion-secret", sec)])
        return env([("LOYALTYLION_TOKEN", tok), ("LOYALTYLION_SECRET", sec)], [("loyaltylion-secret", sec)])
    if form == 6:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://api.smile.io/v1/customers?email=ana@corp.example" -H "Authorization: Bearer {k}"', [("smile-private-key", k)]
            )
        return env([("SMILE_PRIVATE_KEY", k)], [("smile-private-key", k)])
    k = rs(64, HEX)
    if R.random() < 0.5:
        body = json.dumps({"customerSession": {"profileId": f"c-{R.randint(1000, 9999)}", "state": "open", "cartItems": []}})
        return cmd(
            f"curl -s -X PUT https://corp.europe-west1.talon.one/v2/customer_sessions/s-{rs(8, HEX)} "
            f"-H \"Authorization: ApiKey-v1 {k}\" -H 'Content-Type: application/json' -d '{body}'",
            [("talon-one-api-key", k)],
        )
    return env([("TALON_BASE_URL", "https://corp.europe-west1.talon.one"), ("TALON_API_KEY", k)], [("talon-one-api-key", k)])


# ---------------------------------------------------------------- kind: energy-utility-keys


def energy_utility_keys(is_clean):
    """Energy and utility data APIs: EIA `api_key=` (URL, `.env`), Octopus Energy `sk_live_` (`-u key:`, `.env`),
    SolarEdge `api_key=` (32 upper-case alphanumerics), Enphase client secrets (`-u id:secret`, `.env`), WattTime
    passwords (`-u user:password`, `.env`), Electricity Maps `auth-token`, UtilityAPI `Bearer`, Tibber `Bearer`."""
    if is_clean:
        form = deal("energy/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("SOLAREDGE_SITE_ID", str(R.randint(10**6, 10**7))),
                    ("ENPHASE_SYSTEM_ID", str(R.randint(10**6, 10**7))),
                    ("EIA_API_KEY", ref("EIA_API_KEY")),
                    ("TIBBER_HOME_ID", uuid4()),
                    ("OCTOPUS_ACCOUNT", "A-" + rs(8, UHEX)),
                ]
            )
        if form == 1:
            doc = {
                "mpan": rs(13, DIGITS),
                "meter_serial": "21E" + rs(7, DIGITS),
                "mprn": rs(10, DIGITS),
                "series_id": "ELEC.PRICE.CA-RES.M",
                "utilityapi_meter_uid": str(R.randint(10**5, 10**7)),
                "readings": [{"interval_start": f"2026-12-04T{h:02d}:00:00Z", "kwh": round(R.uniform(0.1, 2.5), 3)} for h in range(3)],
                "gsp": pick("_A", "_C", "_H"),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/meter.json")
        if form == 2:
            return cmd_clean(
                'curl -s "https://api.octopus.energy/v1/products/?is_green=true&is_business=false" && '
                'curl -s -g "https://api.eia.gov/v2/electricity/retail-sales/data/?frequency=monthly&data[0]=price&api_key=${EIA_API_KEY}"',
                name="scripts/tariffs.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                "import requests\n\n"
                f"SITE_ID = {R.randint(10**6, 10**7)}\n"
                'ZONE = "DE"\n\n\n'
                "def overview():\n"
                '    params = {"api_key": os.environ["SOLAREDGE_API_KEY"]}\n'
                '    return requests.get(f"https://monitoringapi.solaredge.com/site/{SITE_ID}/overview", params=params, timeout=10).json()\n'
            )
            return clean(text, fmt="py", name="energy/solaredge.py")
        return env_clean(
            [
                ("OCTOPUS_API_KEY", "sk_live_" + masked(12)),
                ("WATTTIME_PASSWORD", "changeme"),
                ("TIBBER_TOKEN", "<tibber-token>"),
                ("UTILITYAPI_TOKEN", "xxxxxxxx"),
                ("ENPHASE_CLIENT_SECRET", "REPLACE_ME"),
            ]
        )
    form = deal("energy/secret", 8)
    if form == 0:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -g "https://api.eia.gov/v2/electricity/retail-sales/data/?api_key={k}&frequency=monthly&data[0]=price&facets[stateid][]=CA"',
                [("eia-api-key", k)],
            )
        return env([("EIA_API_KEY", k)], [("eia-api-key", k)])
    if form == 1:
        k = "sk_live_" + rs(24, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -u {k}: "https://api.octopus.energy/v1/electricity-meter-points/{rs(13, DIGITS)}/meters/21E{rs(7, DIGITS)}/consumption/?page_size=48"',
                [("octopus-energy-api-key", k)],
            )
        return env([("OCTOPUS_API_KEY", k), ("OCTOPUS_MPAN", rs(13, DIGITS))], [("octopus-energy-api-key", k)])
    if form == 2:
        k = rs(32, UPPER + DIGITS)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://monitoringapi.solaredge.com/site/{R.randint(10**6, 10**7)}/overview?api_key={k}"', [("solaredge-api-key", k)]
            )
        return env([("SOLAREDGE_SITE_ID", str(R.randint(10**6, 10**7))), ("SOLAREDGE_API_KEY", k)], [("solaredge-api-key", k)])
    if form == 3:
        cid, cs = rs(32, HEX), rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                "curl -s -X POST "
                f'"https://api.enphaseenergy.com/oauth/token?grant_type=authorization_code&redirect_uri=https://api.enphaseenergy.com/oauth/redirect_uri&code={rs(6, ALNUM)}" '
                f"-u {cid}:{cs}",
                [("enphase-client-secret", cs)],
            )
        return env([("ENPHASE_CLIENT_ID", cid), ("ENPHASE_CLIENT_SECRET", cs)], [("enphase-client-secret", cs)])
    if form == 4:
        pw = password()
        if R.random() < 0.5:
            return cmd(f"curl -s -u corp-grid:{shq(pw)} https://api.watttime.org/login", [("watttime-password", pw)])
        return env([("WATTTIME_USERNAME", "corp-grid"), ("WATTTIME_PASSWORD", pw)], [("watttime-password", pw)])
    if form == 5:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://api.electricitymap.org/v3/carbon-intensity/latest?zone={pick("DE", "FR", "GB", "US-CAL-CISO")}" -H "auth-token: {k}"',
                [("electricitymaps-token", k)],
            )
        return env([("ELECTRICITYMAPS_TOKEN", k)], [("electricitymaps-token", k)])
    if form == 6:
        t = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://utilityapi.com/api/v2/meters?authorizations={R.randint(10**5, 10**6)}" -H "Authorization: Bearer {t}"',
                [("utilityapi-token", t)],
            )
        return env([("UTILITYAPI_TOKEN", t)], [("utilityapi-token", t)])
    t = rs(43, URLSAFE)
    if R.random() < 0.5:
        q = json.dumps({"query": "{ viewer { homes { currentSubscription { priceInfo { current { total startsAt } } } } } }"})
        return cmd(
            f"curl -s https://api.tibber.com/v1-beta/gql -H \"Authorization: Bearer {t}\" -H 'Content-Type: application/json' -d '{q}'",
            [("tibber-token", t)],
        )
    return env([("TIBBER_TOKEN", t), ("TIBBER_HOME_ID", uuid4())], [("tibber-token", t)])


# ---------------------------------------------------------------- kind: maritime-freight-keys


def maritime_freight_keys(is_clean):
    """Vessel tracking and ocean freight APIs: MarineTraffic keys in the URL path (`/v:8/<key>/`), aisstream.io
    `APIKey` (a websocket subscription in Python, `.env`), Datalastic `api-key=` (uuid), VesselFinder `userkey=`, Spire
    Maritime `Bearer`, Searoutes `x-api-key`, Terminal49 `Authorization: Token`, Vizion `X-API-Key`."""
    if is_clean:
        form = deal("marine/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("MARINETRAFFIC_API_KEY", ref("MARINETRAFFIC_API_KEY")),
                    ("VESSEL_MMSI", digits(9)),
                    ("VESSEL_IMO", digits(7)),
                    ("DATALASTIC_API_KEY", ""),
                    ("SEAROUTES_BASE_URL", "https://api.searoutes.com"),
                ]
            )
        if form == 1:
            doc = {
                "shipment_id": uuid4(),
                "bill_of_lading": "MAEU" + rs(9, DIGITS),
                "booking": rs(10, DIGITS),
                "containers": [container_no() for _ in range(R.randint(1, 3))],
                "vessel": {
                    "name": pick("MAERSK ESSEN", "EVER GIVEN", "CMA CGM JULES VERNE"),
                    "mmsi": digits(9),
                    "imo": digits(7),
                    "callsign": rs(5, UPPER),
                },
                "voyage": f"{R.randint(100, 999)}{pick('W', 'E', 'N', 'S')}",
                "pod": pick("DEHAM", "NLRTM", "BEANR"),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/shipment.json")
        if form == 2:
            return cmd_clean(
                'curl -s "https://api.searoutes.com/route/v2/sea/9.9937,53.5511;4.4025,51.2194" -H "x-api-key: $SEAROUTES_API_KEY"',
                name="scripts/route.sh",
            )
        if form == 3:
            mm = [digits(9) for _ in range(2)]
            text = (
                "import json\n"
                "import os\n\n"
                "SUBSCRIBE = {\n"
                '    "APIKey": os.environ["AISSTREAM_API_KEY"],\n'
                '    "BoundingBoxes": [[[53.3, 9.7], [53.6, 10.1]]],\n'
                f'    "FiltersShipMMSI": {json.dumps(mm)},\n'
                '    "FilterMessageTypes": ["PositionReport"],\n'
                "}\n"
                "print(json.dumps(SUBSCRIBE))\n"
            )
            return clean(text, fmt="py", name="ais/subscribe.py")
        return env_clean(
            [
                ("SPIRE_MARITIME_TOKEN", "<spire-token>"),
                ("T49_API_TOKEN", "changeme"),
                ("VIZION_API_KEY", "xxxxxxxx"),
                ("VESSELFINDER_USERKEY", "WS-" + masked(8)),
                ("AISSTREAM_API_KEY", "TODO"),
            ]
        )
    form = deal("marine/secret", 8)
    if form == 0:
        k = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://services.marinetraffic.com/api/exportvessel/v:8/{k}/timespan:20/protocol:jsono/mmsi:{digits(9)}"',
                [("marinetraffic-api-key", k)],
            )
        return env([("MARINETRAFFIC_API_KEY", k), ("VESSEL_MMSI", digits(9))], [("marinetraffic-api-key", k)])
    if form == 1:
        k = rs(40, HEX)
        if R.random() < 0.5:
            text = (
                "import asyncio\n"
                "import json\n\n"
                "import websockets\n\n"
                f'API_KEY = "{k}"\n\n\n'
                "async def main():\n"
                '    async with websockets.connect("wss://stream.aisstream.io/v0/stream") as ws:\n'
                '        sub = {"APIKey": API_KEY, "BoundingBoxes": [[[53.3, 9.7], [53.6, 10.1]]], "FilterMessageTypes": ["PositionReport"]}\n'
                "        await ws.send(json.dumps(sub))\n"
                "        async for msg in ws:\n"
                '            print(json.loads(msg)["MetaData"]["ShipName"])\n\n\n'
                "asyncio.run(main())\n"
            )
            return item(text, [("aisstream-api-key", k)], fmt="py", name="ais/stream.py")
        return env([("AISSTREAM_API_KEY", k)], [("aisstream-api-key", k)])
    if form == 2:
        k = uuid4()
        return cmd(f'curl -s "https://api.datalastic.com/api/v0/vessel_pro?api-key={k}&imo={digits(7)}"', [("datalastic-api-key", k)])
    if form == 3:
        k = f"WS-{rs(8, UHEX)}-{rs(6, UHEX)}"
        if R.random() < 0.5:
            return cmd(f'curl -s "https://api.vesselfinder.com/vesselslist?userkey={k}&format=json"', [("vesselfinder-userkey", k)])
        return env([("VESSELFINDER_USERKEY", k)], [("vesselfinder-userkey", k)])
    if form == 4:
        t = rs(32, ALNUM)
        if R.random() < 0.5:
            q = json.dumps({"query": "{ vessels(first: 10) { nodes { staticData { name imo mmsi } } } }"})
            return cmd(
                f"curl -s https://api.spire.com/graphql -H \"Authorization: Bearer {t}\" -H 'Content-Type: application/json' -d '{q}'",
                [("spire-maritime-token", t)],
            )
        return env([("SPIRE_MARITIME_TOKEN", t)], [("spire-maritime-token", t)])
    if form == 5:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://api.searoutes.com/route/v2/sea/9.9937,53.5511;4.4025,51.2194?continuousCoordinates=true" -H "x-api-key: {k}"',
                [("searoutes-api-key", k)],
            )
        return env([("SEAROUTES_API_KEY", k)], [("searoutes-api-key", k)])
    if form == 6:
        t = rs(24, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.terminal49.com/v2/shipments -H \"Authorization: Token {t}\" -H 'Content-Type: application/vnd.api+json'",
                [("terminal49-api-token", t)],
            )
        return env([("T49_API_TOKEN", t)], [("terminal49-api-token", t)])
    k = rs(32, HEX)
    if R.random() < 0.5:
        body = json.dumps({"container_id": container_no(), "carrier_code": pick("MAEU", "MSCU", "CMDU", "HLCU")})
        return cmd(
            f"curl -s -X POST https://prod.vizionapi.com/references -H \"X-API-Key: {k}\" -H 'Content-Type: application/json' -d '{body}'",
            [("vizion-api-key", k)],
        )
    return env([("VIZION_API_KEY", k)], [("vizion-api-key", k)])


# ---------------------------------------------------------------- kind: church-ministry-keys


def church_ministry_keys(is_clean):
    """Church management and giving platforms: Planning Center personal access tokens (`-u app_id:secret`, 64 hex each;
    `.env`), Breeze `Api-Key`, Rock RMS `Authorization-Token`, Elvanto (`-u key:x`), Tithe.ly private keys (`.env`,
    `-u public:private`), Pushpay client secrets (`-u id:secret`), ChurchSuite `X-Auth` (beside `X-Account` and
    `X-Application`), Church Community Builder API passwords (`-u user:password`, `.env`)."""
    if is_clean:
        form = deal("church/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("PCO_APP_ID", rs(64, HEX)),
                    ("PCO_SECRET", ref("PCO_SECRET")),
                    ("BREEZE_SUBDOMAIN", "corp"),
                    ("ROCK_BASE_URL", "https://rock.corp.example"),
                    ("CHURCHSUITE_ACCOUNT", "corp"),
                ]
            )
        if form == 1:
            doc = {
                "person_id": str(R.randint(10**7, 10**8)),
                "household_id": str(R.randint(10**6, 10**7)),
                "donation": {
                    "id": str(R.randint(10**8, 10**9)),
                    "fund_id": str(R.randint(1000, 99999)),
                    "batch_id": str(R.randint(10**5, 10**6)),
                    "check_number": str(R.randint(1000, 9999)),
                    "amount_cents": R.randint(500, 50000),
                },
                "breeze_person_id": str(R.randint(10**7, 10**8)),
                "envelope_number": R.randint(100, 999),
                "statement_sha256": sha256hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/donation.json")
        if form == 2:
            return cmd_clean(
                'curl -s -u "$PCO_APP_ID:$PCO_SECRET" "https://api.planningcenteronline.com/services/v2/service_types?per_page=25"',
                name="scripts/services.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                'BREEZE_URL = "https://corp.breezechms.com/api"\n'
                'BREEZE_HEADERS = {"Api-Key": os.environ["BREEZE_API_KEY"]}\n'
                'CCB_URL = "https://corp.ccbchurch.com/api.php"\n'
                'CCB_SERVICES = ["individual_profiles", "group_profiles", "batch_profiles"]\n'
                'CHURCHSUITE_HEADERS = {"X-Account": "corp", "X-Application": "corp-sync", "X-Auth": os.environ.get("CHURCHSUITE_API_KEY", "")}\n'
            )
            return clean(text, fmt="py", name="sync/church.py")
        return env_clean(
            [
                ("BREEZE_API_KEY", "<breeze-api-key>"),
                ("ROCK_REST_KEY", "changeme"),
                ("ELVANTO_API_KEY", "xxxxxxxx"),
                ("PUSHPAY_CLIENT_SECRET", masked(16)),
                ("CCB_API_PASSWORD", "REPLACE_ME"),
            ]
        )
    form = deal("church/secret", 8)
    if form == 0:
        app, sec = rs(64, HEX), rs(64, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -u {app}:{sec} "https://api.planningcenteronline.com/people/v2/people?per_page=100"', [("planning-center-secret", sec)]
            )
        return env([("PCO_APP_ID", app), ("PCO_SECRET", sec)], [("planning-center-secret", sec)])
    if form == 1:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s "https://corp.breezechms.com/api/people?details=1&limit=50" -H "Api-Key: {k}"', [("breeze-api-key", k)])
        return env([("BREEZE_SUBDOMAIN", "corp"), ("BREEZE_API_KEY", k)], [("breeze-api-key", k)])
    if form == 2:
        k = rs(24, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://rock.corp.example/api/Groups/GetChildren/{R.randint(10, 400)} -H "Authorization-Token: {k}"',
                [("rock-rms-rest-key", k)],
            )
        return env([("ROCK_BASE_URL", "https://rock.corp.example"), ("ROCK_REST_KEY", k)], [("rock-rms-rest-key", k)])
    if form == 3:
        k = rs(32, ALNUM)
        return cmd(f"curl -s -u {k}:x -d page_size=100 https://api.elvanto.com/v1/people/getAll.json", [("elvanto-api-key", k)])
    if form == 4:
        pub, priv = rs(32, ALNUM), rs(32, ALNUM)
        if R.random() < 0.5:
            return env(
                [("TITHELY_ORGANIZATION_ID", str(R.randint(10**5, 10**6))), ("TITHELY_PUBLIC_KEY", pub), ("TITHELY_PRIVATE_KEY", priv)],
                [("tithely-private-key", priv)],
            )
        return cmd(f"curl -s -u {pub}:{priv} https://tithe.ly/api/v1/charge-history?limit=50", [("tithely-private-key", priv)])
    if form == 5:
        cs = rs(40, URLSAFE)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://auth.pushpay.com/pushpay/oauth/token -u corp-sync:{cs} -d grant_type=client_credentials -d scope=read",
                [("pushpay-client-secret", cs)],
            )
        return env([("PUSHPAY_CLIENT_ID", "corp-sync"), ("PUSHPAY_CLIENT_SECRET", cs)], [("pushpay-client-secret", cs)])
    if form == 6:
        k = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://api.churchsuite.com/v1/addressbook/contacts -H "X-Account: corp" -H "X-Application: corp-sync" -H "X-Auth: {k}"',
                [("churchsuite-api-key", k)],
            )
        return env([("CHURCHSUITE_ACCOUNT", "corp"), ("CHURCHSUITE_API_KEY", k)], [("churchsuite-api-key", k)])
    pw = password()
    if R.random() < 0.5:
        return cmd(
            f'curl -s -u api_sync:{shq(pw)} "https://corp.ccbchurch.com/api.php?srv=individual_profiles&modified_since=2026-11-01"',
            [("ccb-api-password", pw)],
        )
    return env([("CCB_API_USER", "api_sync"), ("CCB_API_PASSWORD", pw)], [("ccb-api-password", pw)])


# ---------------------------------------------------------------- kind: stock-media-keys


def stock_media_keys(is_clean):
    """Stock photo, video and asset APIs: Shutterstock `v2/` access tokens (`Bearer`, `.env`) and client secrets
    (`-u id:secret`; a `.env` holding secret and token: two credentials), Getty Images client secrets (token form,
    `.env`), Pixabay `key=<n>-<hex>`, Storyblocks private keys (Python HMAC, `.env`), Freepik `FPSX…`
    (`x-freepik-api-key`), Envato personal tokens (`Bearer`), Depositphotos `dp_apikey=`."""
    if is_clean:
        form = deal("stock/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("SHUTTERSTOCK_CLIENT_ID", rs(32, ALNUM)),
                    ("SHUTTERSTOCK_CLIENT_SECRET", ref("SHUTTERSTOCK_CLIENT_SECRET")),
                    ("PIXABAY_SAFESEARCH", "true"),
                    ("FREEPIK_API_KEY", ""),
                    ("GETTY_API_KEY", ref("GETTY_API_KEY")),
                ]
            )
        if form == 1:
            doc = {
                "shutterstock_id": "2" + rs(9, DIGITS),
                "getty_asset_id": str(R.randint(10**9, 3 * 10**9)),
                "pixabay": {
                    "id": R.randint(10**6, 10**7),
                    "previewURL": f"https://cdn.pixabay.com/photo/2026/11/0{R.randint(1, 9)}/harbor-{R.randint(10**6, 10**7)}_150.jpg",
                },
                "license_id": "i" + rs(32, HEX),
                "download_sha256": sha256hex(),
                "envato_item_id": R.randint(10**7, 6 * 10**7),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/assets.json")
        if form == 2:
            return cmd_clean(
                'curl -s "https://api.freepik.com/v1/resources?term=harbor&limit=20" -H "x-freepik-api-key: $FREEPIK_API_KEY"',
                name="scripts/assets.sh",
            )
        if form == 3:
            text = (
                "import hashlib\n"
                "import hmac\n"
                "import os\n"
                "import time\n\n"
                f'STORYBLOCKS_PUBLIC_KEY = "{rs(32, HEX)}"  # sent in the URL as APIKEY\n\n\n'
                "def signed(resource):\n"
                "    expires = int(time.time()) + 600\n"
                '    key = (os.environ["STORYBLOCKS_PRIVATE_KEY"] + str(expires)).encode()\n'
                "    digest = hmac.new(key, resource.encode(), hashlib.sha256).hexdigest()\n"
                '    return {"APIKEY": STORYBLOCKS_PUBLIC_KEY, "EXPIRES": expires, "HMAC": digest}\n'
            )
            return clean(text, fmt="py", name="media/storyblocks.py")
        return env_clean(
            [
                ("SHUTTERSTOCK_API_TOKEN", "v2/" + masked(20)),
                ("ENVATO_PERSONAL_TOKEN", "<envato-personal-token>"),
                ("DEPOSITPHOTOS_API_KEY", "changeme"),
                ("GETTY_CLIENT_SECRET", "TODO"),
                ("PIXABAY_API_KEY", "xxxxxxxx"),
            ]
        )
    form = deal("stock/secret", 8)
    if form == 0:
        t = "v2/" + rs(R.randint(120, 160), B64)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://api.shutterstock.com/v2/images/search?query=harbor&per_page=20" -H "Authorization: Bearer {t}"',
                [("shutterstock-token", t)],
            )
        return env([("SHUTTERSTOCK_API_TOKEN", t)], [("shutterstock-token", t)])
    if form == 1:
        cid, cs = rs(32, ALNUM), rs(16, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -u {cid}:{cs} 'https://api.shutterstock.com/v2/images/search?query=container+ship&per_page=5'",
                [("shutterstock-client-secret", cs)],
            )
        t = "v2/" + rs(R.randint(120, 160), B64)
        return env(
            [("SHUTTERSTOCK_CLIENT_ID", cid), ("SHUTTERSTOCK_CLIENT_SECRET", cs), ("SHUTTERSTOCK_API_TOKEN", t)],
            [("shutterstock-client-secret", cs), ("shutterstock-token", t)],
        )
    if form == 2:
        key, sec = rs(24, LOWER + DIGITS), rs(45, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://authentication.gettyimages.com/oauth2/token -d grant_type=client_credentials -d client_id={key} -d client_secret={sec}",
                [("getty-client-secret", sec)],
            )
        return env([("GETTY_API_KEY", key), ("GETTY_CLIENT_SECRET", sec)], [("getty-client-secret", sec)])
    if form == 3:
        k = f"{R.randint(10**7, 5 * 10**7)}-{rs(25, HEX)}"
        if R.random() < 0.5:
            return cmd(f'curl -s "https://pixabay.com/api/?key={k}&q=harbor+lights&image_type=photo&per_page=50"', [("pixabay-api-key", k)])
        return env([("PIXABAY_API_KEY", k)], [("pixabay-api-key", k)])
    if form == 4:
        pub, priv = rs(32, HEX), rs(64, HEX)
        if R.random() < 0.5:
            text = (
                "import hashlib\n"
                "import hmac\n"
                "import time\n\n"
                f'STORYBLOCKS_PUBLIC_KEY = "{pub}"\n'
                f'STORYBLOCKS_PRIVATE_KEY = "{priv}"\n\n\n'
                "def signed(resource):\n"
                "    expires = int(time.time()) + 600\n"
                "    key = (STORYBLOCKS_PRIVATE_KEY + str(expires)).encode()\n"
                "    digest = hmac.new(key, resource.encode(), hashlib.sha256).hexdigest()\n"
                '    return {"APIKEY": STORYBLOCKS_PUBLIC_KEY, "EXPIRES": expires, "HMAC": digest}\n'
            )
            return item(text, [("storyblocks-private-key", priv)], fmt="py", name="media/storyblocks.py")
        return env([("STORYBLOCKS_PUBLIC_KEY", pub), ("STORYBLOCKS_PRIVATE_KEY", priv)], [("storyblocks-private-key", priv)])
    if form == 5:
        k = "FPSX" + rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s "https://api.freepik.com/v1/resources?term=harbor&limit=20" -H "x-freepik-api-key: {k}"', [("freepik-api-key", k)])
        return env([("FREEPIK_API_KEY", k)], [("freepik-api-key", k)])
    if form == 6:
        t = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://api.envato.com/v1/discovery/search/search/item?term=logistics&site=audiojungle.net" -H "Authorization: Bearer {t}"',
                [("envato-personal-token", t)],
            )
        return env([("ENVATO_PERSONAL_TOKEN", t)], [("envato-personal-token", t)])
    k = rs(40, HEX)
    return cmd(
        f'curl -s "https://api.depositphotos.com?dp_apikey={k}&dp_command=search&dp_search_query=harbor&dp_search_limit=20"',
        [("depositphotos-api-key", k)],
    )


# ---------------------------------------------------------------- kind: civic-gov-data-keys


def civic_gov_data_keys(is_clean):
    """Government and civic data APIs: Congress.gov and OpenFEC `api_key=` (api.data.gov keys, 40 alphanumerics: URL,
    `.env`), Regulations.gov `X-Api-Key`, Open States `X-API-KEY` (uuid), BLS `registrationkey` (32 hex in a JSON
    body), Companies House (`-u <uuid>:`), LegiScan `key=` (32 hex), Ordnance Survey Data Hub `key=`."""
    if is_clean:
        form = deal("civic/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("CONGRESS_API_KEY", "DEMO_KEY"),
                    ("FEC_API_KEY", ref("FEC_API_KEY")),
                    ("OPENSTATES_JURISDICTION", pick("ca", "ny", "tx")),
                    ("COMPANY_NUMBER", rs(8, DIGITS)),
                    ("BLS_SERIES", "CUUR0000SA0"),
                ]
            )
        if form == 1:
            doc = {
                "bill": f"hr{R.randint(1, 9999)}-119",
                "fec_committee_id": "C00" + rs(6, DIGITS),
                "fec_candidate_id": "H6CA" + rs(5, DIGITS),
                "openstates_id": "ocd-bill/" + uuid4(),
                "division": "ocd-division/country:us/state:ca/cd:12",
                "legiscan": {"bill_id": R.randint(10**6, 3 * 10**6), "change_hash": rs(32, HEX)},
                "company_number": rs(8, DIGITS),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/civic.json")
        if form == 2:
            return cmd_clean(
                'curl -s "https://api.open.fec.gov/v1/candidates/?api_key=DEMO_KEY&office=S&per_page=20"',
                name="scripts/fec.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                "import requests\n\n"
                'CONGRESS = "https://api.congress.gov/v3"\n\n\n'
                "def bills(congress=119):\n"
                '    params = {"api_key": os.environ["CONGRESS_API_KEY"], "format": "json", "limit": 250}\n'
                '    return requests.get(f"{CONGRESS}/bill/{congress}", params=params, timeout=30).json()\n'
            )
            return clean(text, fmt="py", name="civic/congress.py")
        return env_clean(
            [
                ("OPENSTATES_API_KEY", "<openstates-api-key>"),
                ("BLS_REGISTRATION_KEY", "changeme"),
                ("COMPANIES_HOUSE_API_KEY", "xxxxxxxx"),
                ("LEGISCAN_API_KEY", masked(32)),
                ("OS_PROJECT_API_KEY", "REPLACE_ME"),
            ]
        )
    form = deal("civic/secret", 8)
    if form == 0:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s "https://api.congress.gov/v3/bill/119/hr?format=json&limit=20&api_key={k}"', [("congress-api-key", k)])
        return env([("CONGRESS_API_KEY", k)], [("congress-api-key", k)])
    if form == 1:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s "https://api.open.fec.gov/v1/candidates/?api_key={k}&office=H&state=CA&per_page=20"', [("openfec-api-key", k)])
        return env([("FEC_API_KEY", k)], [("openfec-api-key", k)])
    if form == 2:
        k = rs(40, ALNUM)
        return cmd(
            f'curl -s -g "https://api.regulations.gov/v4/documents?filter[agencyId]=EPA&page[size]=25" -H "X-Api-Key: {k}"',
            [("regulations-gov-api-key", k)],
        )
    if form == 3:
        k = uuid4()
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://v3.openstates.org/bills?jurisdiction=ca&session=20252026&per_page=20" -H "X-API-KEY: {k}"',
                [("openstates-api-key", k)],
            )
        return env([("OPENSTATES_API_KEY", k)], [("openstates-api-key", k)])
    if form == 4:
        k = rs(32, HEX)
        if R.random() < 0.5:
            body = json.dumps({"seriesid": ["CUUR0000SA0", "LNS14000000"], "startyear": "2024", "endyear": "2026", "registrationkey": k})
            return cmd(
                f"curl -s -X POST https://api.bls.gov/publicAPI/v2/timeseries/data/ -H 'Content-Type: application/json' -d '{body}'",
                [("bls-registration-key", k)],
            )
        return env([("BLS_REGISTRATION_KEY", k)], [("bls-registration-key", k)])
    if form == 5:
        k = uuid4()
        if R.random() < 0.5:
            return cmd(
                f"curl -s -u {k}: https://api.company-information.service.gov.uk/company/{rs(8, DIGITS)}/officers", [("companies-house-api-key", k)]
            )
        return env([("COMPANIES_HOUSE_API_KEY", k)], [("companies-house-api-key", k)])
    if form == 6:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s "https://api.legiscan.com/?key={k}&op=getMasterList&state=TX"', [("legiscan-api-key", k)])
        return env([("LEGISCAN_API_KEY", k)], [("legiscan-api-key", k)])
    k = rs(32, ALNUM)
    if R.random() < 0.5:
        return cmd(f'curl -s "https://api.os.uk/search/places/v1/postcode?postcode=SW1A2AA&key={k}"', [("os-data-hub-key", k)])
    return env([("OS_PROJECT_API_KEY", k)], [("os-data-hub-key", k)])


# ---------------------------------------------------------------- contexts


def abs_path(it):
    p = item_path(it)
    return p if p.startswith("/") else "/srv/app/" + p


def plain_piecer(a):
    """No value of this round holds a character JSON, XML / HTML escaping, R's printing or YAML quoting would change."""
    assert not set(a) & set("\"'\\\n\t$`&<>"), a
    return [a]


def output_lines(it):
    """The lines a job printed that hold the item: env values printed (`env | sort`), a command traced, a file cat."""
    pairs = env_pairs(it)
    if pairs is not None:
        return [f"{k}={v}" for k, v in sorted(pairs)]
    if it["shape"] == "cmd":
        return ["+ " + ln for ln in it["text"].split("\n")]
    return file_lines(it["text"])


def run_command(it):
    """What a job runs to show the item."""
    pairs = env_pairs(it)
    if pairs is not None:
        return "set -a && . ./.env && env | sort | grep -v -e '^HOME=' -e '^PATH='"
    if it["shape"] == "cmd":
        return it["text"]
    return f"cat {abs_path(it)}"


def cmd_output():
    return pick('{"status":"ok"}', '{"data":[],"meta":{"count":0}}', "200", "done", "OK")


def people():
    return R.sample([("Alice Doe", "alice"), ("Bob Ray", "bob"), ("Carol Wu", "carol"), ("Dev Patel", "dev")], 2)


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def clock(sec):
    return f"{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"


# -- puppet-agent-run


def puppet_agent_run(it):
    """`puppet agent -t` on the node that holds the item (or the run saved to a file and read back): the `Info:`
    preamble, then for a file (an env file as `/srv/app/.env`) the `show_diff` unified diff from the version with
    placeholders, `Filebucketed`, `content changed '{sha256}…' to '{sha256}…'`; for a command an `Exec` that failed
    (`returns:` output, `Error: '<cmd>' returned 22 instead of one of [0]`) or ran under `--debug` (`Executing
    '<cmd>'`). Messages sometimes in Puppet's ANSI colours."""
    host = pick("web01.corp.example", "app03.corp.example", "worker02.corp.example")
    cls = pick("Profile::App::Config", "Role::Billing", "Corp::Worker::Settings")
    ver = str(DAY + R.randint(30000, 40000))
    color = R.random() < 0.3

    def paint(level, msg):
        code = {"Notice": "0;36", "Info": "0;32", "Error": "1;31", "Debug": ""}[level]
        line = f"{level}: {msg}"
        return f"\x1b[{code}m{line}\x1b[0m" if color and code else line

    debug = it["shape"] == "cmd" and R.random() < 0.5
    rows = []
    if debug:
        rows += [
            paint("Debug", "Runtime environment: puppet_version=8.10.0, ruby_version=3.2.5, run_mode=agent, default_encoding=UTF-8"),
            paint("Debug", "Loading external facts from /opt/puppetlabs/puppet/cache/facts.d"),
        ]
    rows += [
        paint("Info", "Using environment 'production'"),
        paint("Info", "Retrieving pluginfacts"),
        paint("Info", "Retrieving plugin"),
        paint("Info", "Loading facts"),
        paint("Info", f"Caching catalog for {host}"),
        paint("Info", f"Applying configuration version '{ver}'"),
    ]
    if it["shape"] == "cmd":
        name = pick("sync-partners", "refresh-cache", "nightly-export")
        res = f"/Stage[main]/{cls}/Exec[{name}]"
        c = it["text"]
        if debug:
            rows += [
                paint("Debug", f"Exec[{name}](provider=shell): Executing check 'test -f /var/run/{name}.done'"),
                paint("Debug", f"Exec[{name}](provider=shell): Executing '{c}'"),
                paint("Notice", f"{res}/returns: executed successfully"),
                paint("Debug", f"{res}: The container Class[{cls}] will propagate my refresh event"),
            ]
        else:
            out = pick('{"error":"unauthorized"}', "curl: (22) The requested URL returned error: 401", '{"message":"invalid signature"}')
            rows += [
                paint("Notice", f"{res}/returns: {out}"),
                paint("Error", f"'{c}' returned 22 instead of one of [0]"),
                paint("Error", f"{res}/returns: change from 'notrun' to ['0'] failed: '{c}' returned 22 instead of one of [0] (corrective)"),
            ]
    else:
        path = "/srv/app/.env" if env_pairs(it) is not None else abs_path(it)
        res = f"/Stage[main]/{cls}/File[{path}]"
        # A file Puppet had left empty (every clean item, some others) shows whole; else the diff is from the example.
        old = [] if not it["secrets"] or R.random() < 0.3 else file_lines(template_of(it))
        new = file_lines(it["text"])
        tmp = f"/tmp/puppet-file20261205-{R.randint(1000, 40000)}-{rs(7, LOWER + DIGITS)}"
        d1 = f"2026-11-{R.randint(10, 30)} {clock(R.randint(0, 86399))}.{rs(9, DIGITS)} +0000"
        d2 = f"2026-12-05 {clock(R.randint(36000, 40000))}.{rs(9, DIGITS)} +0000"
        diff = list(difflib.unified_diff(old, new, fromfile=path, tofile=tmp, fromfiledate=d1, tofiledate=d2, lineterm="", n=3))
        rows.append(paint("Notice", f"{res}/content: \n" + "\n".join(diff) + "\n"))
        a, b = sha256hex(), sha256hex()
        rows += [
            paint("Info", f"Computing checksum on file {path}"),
            paint("Info", f"{res}: Filebucketed {path} to puppet with sum {a}"),
            paint("Notice", f"{res}/content: content changed '{{sha256}}{a}' to '{{sha256}}{b}'"),
        ]
        if R.random() < 0.5:
            svc = pick("corp-app", "billing-api", "sync-worker")
            rows.append(paint("Notice", f"/Stage[main]/{cls}/Service[{svc}]: Triggered 'refresh' from 1 event"))
    rows.append(paint("Notice", f"Applied catalog in {R.randint(1, 40)}.{rs(2, DIGITS)} seconds"))
    text = "\n".join(rows) + "\n"
    view = R.randrange(3)
    flags = " --debug" if debug else ""
    if view == 0:
        return "result", "terminal", f"$ sudo puppet agent -t{flags}\n" + text, plain_piecer
    if view == 1:
        return "result", "terminal", f"$ ssh {host} sudo /opt/puppetlabs/bin/puppet agent --test{flags}\n" + text, plain_piecer
    return "result", "read_file", text, plain_piecer


# -- heroku-cli


def heroku_cli(it):
    """The Heroku CLI: env values as `heroku config` (`=== app Config Vars`, `KEY:` padded), `heroku config --json`, or a
    `heroku config:set K=v … -a app` call; a command as a `heroku run -a app -- <cmd>` call, its result (`Running <cmd>
    on ⬢ app... up, run.4821 (Basic)`), or `heroku logs` of a Scheduler dyno (`heroku[scheduler.4821]: Starting process
    with command `<cmd>``); a file through `heroku run -- cat` or an interactive `heroku run bash`."""
    app = pick("corp-billing", "corp-api-prod", "corp-sync")
    dyno = R.randint(1000, 9999)
    pairs = env_pairs(it)
    view = R.randrange(3)
    if pairs is not None:
        allv = sorted([*pairs, ("LANG", "en_US.UTF-8"), ("WEB_CONCURRENCY", str(R.randint(2, 4)))])
        if view == 0:
            w = max(len(k) for k, _ in allv) + 1
            body = "\n".join(f"{(k + ':').ljust(w)} {v}" for k, v in allv)
            return "result", "terminal", f"$ heroku config -a {app}\n=== {app} Config Vars\n\n{body}\n", plain_piecer
        if view == 1:
            return "result", "terminal", f"$ heroku config -a {app} --json\n" + json.dumps(dict(allv), indent=2) + "\n", plain_piecer
        call = "heroku config:set " + " ".join(f"{k}={shq(v)}" for k, v in pairs) + f" -a {app}"
        return "args", "terminal", json.dumps({"command": call}), plain_piecer
    if it["shape"] == "cmd":
        c = it["text"]
        if view == 0:
            return "args", "terminal", json.dumps({"command": f"heroku run --no-tty -a {app} -- {c}"}), plain_piecer
        if view == 1:
            text = f"$ heroku run --no-tty -a {app} -- {c}\nRunning {c} on ⬢ {app}... up, run.{dyno} (Basic)\n{cmd_output()}\n"
            return "result", "terminal", text, plain_piecer
        t = R.randint(36000, 40000)

        def stamp(dt):
            return f"2026-12-05T{clock(t + dt)}.{rs(6, DIGITS)}+00:00"

        rows = [
            f"{stamp(0)} app[api]: Starting process with command `{c}` by user scheduler@addons.heroku.com",
            f"{stamp(1)} heroku[scheduler.{dyno}]: Starting process with command `{c}`",
            f"{stamp(2)} heroku[scheduler.{dyno}]: State changed from starting to up",
            f"{stamp(3)} app[scheduler.{dyno}]: {cmd_output()}",
            f"{stamp(4)} heroku[scheduler.{dyno}]: Process exited with status 0",
            f"{stamp(4)} heroku[scheduler.{dyno}]: State changed from up to complete",
        ]
        return "result", "terminal", f"$ heroku logs -a {app} -n 50 --dyno scheduler\n" + "\n".join(rows) + "\n", plain_piecer
    rel = item_path(it)
    lines = file_lines(it["text"])
    if view < 2:
        text = f"$ heroku run --no-tty -a {app} -- cat {rel}\nRunning cat {rel} on ⬢ {app}... up, run.{dyno} (Basic)\n" + "\n".join(lines) + "\n"
        return "result", "terminal", text, plain_piecer
    text = f"$ heroku run bash -a {app}\nRunning bash on ⬢ {app}... up, run.{dyno} (Basic)\n~ $ cat {rel}\n" + "\n".join(lines) + "\n~ $ exit\nexit\n"
    return "result", "terminal", text, plain_piecer


# -- cloud-build-log


YAML_PLAIN = re.compile(r"^[A-Za-z0-9_./][^#]*$")


def yaml_scalar(s):
    """A YAML scalar as a dumper writes it: plain when that reads back the same, else single-quoted (`''` doubling)."""
    plain = s and YAML_PLAIN.match(s) and ": " not in s and not s.endswith((" ", ":"))
    if plain and s not in ("true", "false", "null", "yes", "no") and not re.fullmatch(r"[0-9.]+", s):
        return s
    return "'" + s.replace("'", "''") + "'"


def cloud_build_log(it):
    """Google Cloud Build: `gcloud builds log <id>` (`FETCHSOURCE`, `BUILD`, `Starting Step #0 - "deploy"`, each output
    line after `Step #0 - "deploy": `, `PUSH`, `DONE`), the same inside `gcloud builds submit`'s streaming output (banner
    of dashes, `REMOTE BUILD OUTPUT`, the closing table), or `gcloud builds describe` YAML holding a step's `env:` list
    (`- KEY=value`) or its `args` (`- -c`, the command)."""
    bid = uuid4()
    project = pick("corp-prod", "corp-platform-ci", "corp-billing")
    num = rs(12, DIGITS)
    step = pick("deploy", "sync", "export")
    image = pick("gcr.io/cloud-builders/gcloud", "gcr.io/google.com/cloudsdktool/cloud-sdk:slim", "ubuntu")
    ts = f"{DAY + R.randint(30000, 40000)}.{rs(6, DIGITS)}"
    obj = f"gs://{project}_cloudbuild/source/{ts}-{rs(32, HEX)}.tgz"
    gen = rs(16, DIGITS)
    kib = f"{R.randint(2, 40)}.{R.randint(0, 9)} KiB"
    pre = f'Step #0 - "{step}": '
    shown = output_lines(it)
    rows = [
        f'starting build "{bid}"',
        "",
        "FETCHSOURCE",
        f"Fetching storage object: {obj}#{gen}",
        f"Copying {obj}#{gen}...",
        f"/ [1 files][  {kib}/  {kib}]",
        "Operation completed over 1 objects.",
        "BUILD",
        f'Starting Step #0 - "{step}"',
        pre + f"Already have image (with digest): {image}",
        *(pre + ln for ln in shown),
        f'Finished Step #0 - "{step}"',
        "PUSH",
        "DONE",
    ]
    text = "\n".join(rows) + "\n"
    view = R.randrange(3)
    if view == 2 and it["shape"] == "file" and env_pairs(it) is None:
        view = R.randrange(2)
    if view == 0:
        return "result", "terminal", f"$ gcloud builds log {bid} --project {project}\n" + text, plain_piecer
    if view == 1:
        dashes = "-" * 40
        head = [
            f"Creating temporary archive of {R.randint(6, 60)} file(s) totalling {R.randint(3, 90)}.{R.randint(0, 9)} KiB before compression.",
            f"Uploading tarball of [.] to [{obj}]",
            f"Created [https://cloudbuild.googleapis.com/v1/projects/{project}/locations/global/builds/{bid}].",
            f"Logs are available at [ https://console.cloud.google.com/cloud-build/builds/{bid}?project={num} ].",
            "Waiting for build to complete. Polling interval: 1 second(s).",
            f"{dashes} REMOTE BUILD OUTPUT {dashes}",
        ]
        tail = [
            "-" * 99,
            "ID                                    CREATE_TIME                DURATION  SOURCE                                                                                         IMAGES  STATUS",
            f"{bid}  2026-12-05T{clock(R.randint(36000, 40000))}+00:00  {R.randint(14, 90)}S       {obj}  -       SUCCESS",
        ]
        return (
            "result",
            "terminal",
            "$ gcloud builds submit --config cloudbuild.yaml .\n" + "\n".join(head) + "\n" + text + "\n".join(tail) + "\n",
            plain_piecer,
        )
    pairs = env_pairs(it)
    if pairs is not None:
        st = ["- args:", "  - -c", "  - env | sort", "  entrypoint: bash", "  env:", *(f"  - {yaml_scalar(f'{k}={v}')}" for k, v in pairs)]
    else:
        st = ["- args:", "  - -c", f"  - {yaml_scalar('set -x; ' + it['text'])}", "  entrypoint: bash"]
    st += [f"  id: {step}", f"  name: {image}", "  status: SUCCESS"]
    doc = [
        f"createTime: '2026-12-05T{clock(R.randint(36000, 40000))}.{rs(6, DIGITS)}Z'",
        f"id: {bid}",
        f"logUrl: https://console.cloud.google.com/cloud-build/builds/{bid}?project={num}",
        f"logsBucket: gs://{num}.cloudbuild-logs.googleusercontent.com",
        f"name: projects/{num}/locations/global/builds/{bid}",
        "options:",
        "  logging: LEGACY",
        f"projectId: {project}",
        f"serviceAccount: projects/{project}/serviceAccounts/{num}-compute@developer.gserviceaccount.com",
        "status: SUCCESS",
        "steps:",
        *st,
        "timeout: 600s",
    ]
    return "result", "terminal", f"$ gcloud builds describe {bid} --project {project}\n" + "\n".join(doc) + "\n", plain_piecer


# -- r-console


def r_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + '"'


def r_vector(strs, width=80):
    """R's `print` of a character vector: quoted, left-justified to a common width, `[n]` labels."""
    q = [r_str(s) for s in strs]
    w = max(len(x) for x in q)
    lab = len(f"[{len(q)}]")
    per = max(1, (width - lab) // (w + 1))
    rows = []
    for i in range(0, len(q), per):
        rows.append(f"[{i + 1}]".rjust(lab) + "".join(" " + x.ljust(w) for x in q[i : i + per]))
    return rows


def r_named(names, strs, width=80):
    """R's `print` of a named character vector: names over values, both right-justified to a common width."""
    q = [r_str(s) for s in strs]
    w = max(max(len(x) for x in q), max(len(n) for n in names))
    per = max(1, width // (w + 1))
    rows = []
    for i in range(0, len(q), per):
        rows.append("".join(n.rjust(w) + " " for n in names[i : i + per]))
        rows.append("".join(x.rjust(w) + " " for x in q[i : i + per]))
    return rows


def r_console(it):
    """An R session (`R --quiet --no-save` in the terminal, or an `r_console` tool's transcript): env values through
    `readRenviron(".env")` then `Sys.getenv(c(...))` (a named character vector, names over values); a file through
    `readLines()` (`[1] "…" "…"`, quotes and backslashes escaped) or `cat(readLines(…), sep = "\\n")`; a command
    through `system("…")` (escaped) and its output, or `system(…, intern = TRUE)`."""
    pairs = env_pairs(it)
    out = []
    code = None
    if pairs is not None:
        out.append('> readRenviron(".env")')
        names = [k for k, _ in pairs]
        if len(pairs) == 1:
            out.append(f'> Sys.getenv("{names[0]}")')
            out += r_vector([pairs[0][1]])
        else:
            out.append("> Sys.getenv(c(" + ", ".join(r_str(n) for n in names) + "))")
            out += r_named(names, [v for _, v in pairs])
    elif it["shape"] == "cmd":
        c = r_str(it["text"])
        if R.random() < 0.5:
            code = f"system({c})"
            out += [f"> {code}", cmd_output()]
        else:
            code = f"res <- system({c}, intern = TRUE)"
            out += [f"> {code}", "> res", *r_vector([cmd_output()])]
    else:
        rel = item_path(it)
        lines = file_lines(it["text"])
        if R.random() < 0.6:
            out.append(f'> readLines("{rel}")')
            out += r_vector(lines)
        else:
            out.append(f'> cat(readLines("{rel}"), sep = "\\n")')
            out += lines
    if code is not None and R.random() < 0.3:
        return "args", "r_console", json.dumps({"code": code}), plain_piecer
    text = "\n".join(out) + "\n> "
    if R.random() < 0.5:
        return "result", "r_console", text, plain_piecer
    return "result", "terminal", "$ R --quiet --no-save\n" + text + "q()\n", plain_piecer


# -- pptx-slide-xml


A_NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'


def el(tag, attrs="", kids=None, text=None):
    return (tag, attrs, kids or [], text)


def xml_compact(e):
    tag, attrs, kids, text = e
    a = (" " + attrs) if attrs else ""
    if text is not None:
        return f"<{tag}{a}>{xml_escape(text)}</{tag}>"
    if not kids:
        return f"<{tag}{a}/>"
    return f"<{tag}{a}>" + "".join(xml_compact(k) for k in kids) + f"</{tag}>"


def xml_pretty(e, depth=0):
    tag, attrs, kids, text = e
    pad = "  " * depth
    a = (" " + attrs) if attrs else ""
    if text is not None:
        return [f"{pad}<{tag}{a}>{xml_escape(text)}</{tag}>"]
    if not kids:
        return [f"{pad}<{tag}{a}/>"]
    out = [f"{pad}<{tag}{a}>"]
    for k in kids:
        out += xml_pretty(k, depth + 1)
    return [*out, f"{pad}</{tag}>"]


def pptx_runs(line, atoms):
    """A line's runs: PowerPoint sets a word it does not know apart in its own run marked `err="1"`."""
    cuts = []
    for a in atoms:
        start = 0
        while (i := line.find(a, start)) >= 0:
            cuts.append((i, i + len(a)))
            start = i + len(a)
    cuts.sort()
    segs, pos = [], 0
    for a, b in cuts:
        if a < pos:
            continue
        if a > pos:
            segs.append((line[pos:a], False))
        segs.append((line[a:b], True))
        pos = b
    if pos < len(line):
        segs.append((line[pos:], False))
    runs = []
    for s, err in segs:
        rpr = 'lang="en-US" sz="1200" dirty="0"' + (' err="1"' if err else "")
        font = el("a:latin", 'typeface="Consolas" panose="020B0609020204030204" pitchFamily="49" charset="0"')
        runs.append(el("a:r", "", [el("a:rPr", rpr, [font]), el("a:t", "", text=s)]))
    return runs


def pptx_slide_xml(it):
    """A slide of a runbook deck holding the item, one paragraph a line (Consolas runs, a credential in its own
    `err="1"` run, empty lines as `<a:endParaRPr>`): `unzip -p deck.pptx ppt/slides/slideN.xml` (the declaration, CRLF,
    then one line), the same through `xmllint --format -`, or the speaker notes' `ppt/notesSlides/notesSlideN.xml`
    read back after extraction."""
    deck = pick("runbook.pptx", "ops-handover.pptx", "onboarding-2026.pptx")
    n = R.randint(2, 18)
    atoms = [a for s in it["secrets"] for a in s["atoms"]]
    paras = []
    for ln in shown_lines(it):
        if ln == "":
            paras.append(el("a:p", "", [el("a:endParaRPr", 'lang="en-US" sz="1200" dirty="0"')]))
        else:
            ppr = el("a:pPr", 'marL="0" indent="0"', [el("a:buNone")])
            paras.append(el("a:p", "", [ppr, *pptx_runs(ln, atoms)]))
    title = pick("Deploy settings", "How the sync job runs", "Staging access", "Config handover")
    notes = R.random() < 0.3

    def sp(i, name, ph, body):
        nv = el(
            "p:nvSpPr",
            "",
            [el("p:cNvPr", f'id="{i}" name="{name}"'), el("p:cNvSpPr", "", [el("a:spLocks", 'noGrp="1"')]), el("p:nvPr", "", [ph])],
        )
        return el("p:sp", "", [nv, el("p:spPr"), el("p:txBody", "", body)])

    grp = [
        el("p:nvGrpSpPr", "", [el("p:cNvPr", 'id="1" name=""'), el("p:cNvGrpSpPr"), el("p:nvPr")]),
        el(
            "p:grpSpPr",
            "",
            [
                el(
                    "a:xfrm",
                    "",
                    [el("a:off", 'x="0" y="0"'), el("a:ext", 'cx="0" cy="0"'), el("a:chOff", 'x="0" y="0"'), el("a:chExt", 'cx="0" cy="0"')],
                )
            ],
        ),
    ]
    if notes:
        body = [el("a:bodyPr"), el("a:lstStyle"), *paras]
        shapes = [
            *grp,
            sp(2, "Slide Image Placeholder 1", el("p:ph", 'type="sldImg"'), [el("a:bodyPr"), el("a:lstStyle"), el("a:p")]),
            sp(3, "Notes Placeholder 2", el("p:ph", 'type="body" idx="1"'), body),
        ]
        root = el("p:notes", A_NS, [el("p:cSld", "", [el("p:spTree", "", shapes)]), el("p:clrMapOvr", "", [el("a:masterClrMapping")])])
        part = f"ppt/notesSlides/notesSlide{n}.xml"
    else:
        tpara = el(
            "a:p",
            "",
            [el("a:r", "", [el("a:rPr", 'lang="en-US" dirty="0"'), el("a:t", "", text=title)]), el("a:endParaRPr", 'lang="en-US" dirty="0"')],
        )
        body = [el("a:bodyPr", "", [el("a:normAutofit", 'fontScale="62500" lnSpcReduction="20000"')]), el("a:lstStyle"), *paras]
        shapes = [
            *grp,
            sp(2, "Title 1", el("p:ph", 'type="title"'), [el("a:bodyPr"), el("a:lstStyle"), tpara]),
            sp(3, "Content Placeholder 2", el("p:ph", 'idx="1"'), body),
        ]
        root = el("p:sld", A_NS, [el("p:cSld", "", [el("p:spTree", "", shapes)]), el("p:clrMapOvr", "", [el("a:masterClrMapping")])])
        part = f"ppt/slides/slide{n}.xml"
    decl = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    compact = xml_compact(root)
    view = R.randrange(3)
    if view == 0:
        return "result", "terminal", f"$ unzip -p {deck} {part}\n{decl}\r\n{compact}", plain_piecer
    pretty = "\n".join(xml_pretty(root))
    if view == 1:
        return "result", "terminal", f"$ unzip -p {deck} {part} | xmllint --format -\n" + decl + "\n" + pretty + "\n", plain_piecer
    return "result", "read_file", f"{decl}\r\n{compact}", plain_piecer


# -- telegram-export


def telegram_export(it):
    """A Telegram Desktop chat export holding the item in one message: `result.json` (indent 1, `text` a list of plain
    strings and `pre` / `code` entities, `text_entities`, `date_unixtime`; read back, `cat` or `jq '.messages[-3:]'`) or
    `messages.html` (the message's `<div class="text">` with `<pre>` and `<br>`)."""
    (a, _), (b, _) = people()
    chat = pick("Ops", "Platform on-call", "Billing team")
    lines = shown_lines(it)
    body = "\n".join(lines)
    inline = it["shape"] == "cmd" and R.random() < 0.4
    t = [R.randint(33000, 36000)]
    mid = [R.randint(20000, 90000)]
    uid = {a: "user" + rs(10, DIGITS), b: "user" + rs(10, DIGITS)}

    def msg(who, text, ents):
        t[0] += R.randint(20, 400)
        mid[0] += R.randint(1, 3)
        return {
            "id": mid[0],
            "type": "message",
            "date": f"2026-12-05T{clock(t[0])}",
            "date_unixtime": str(DAY + t[0]),
            "from": who,
            "from_id": uid[who],
            "text": text,
            "text_entities": ents,
        }

    if it["shape"] == "cmd":
        ask = pick("what's the command for the sync job?", "how do you call that API again?", "which curl did you use yesterday?")
    else:
        ask = pick("can you send me the staging settings?", "need the config again, lost it", "what's in the file on prod?")
    msgs = [msg(a, ask, [{"type": "plain", "text": ask}])]
    if inline:
        pre1, pre2 = "run ", pick(" on web01", " from the bastion", "")
        text = [pre1, {"type": "code", "text": body}] + ([pre2] if pre2 else [])
        ents = [{"type": "plain", "text": pre1}, {"type": "code", "text": body}] + ([{"type": "plain", "text": pre2}] if pre2 else [])
        html = f"{xml_escape(pre1)}<code>{xml_escape(body)}</code>{xml_escape(pre2)}"
    else:
        lang = pick("", "bash", "yaml", "")
        if it["shape"] == "cmd":
            intro = pick("here you go:", "this is what the job runs:") + "\n"
        else:
            intro = pick("here you go:", "this is what prod has:", "copy of the file:") + "\n"
        text = [intro, {"type": "pre", "text": body, "language": lang}]
        ents = [{"type": "plain", "text": intro}, {"type": "pre", "text": body, "language": lang}]
        html = xml_escape(intro[:-1]) + "<br><pre>" + xml_escape(body).replace("\n", "<br>") + "</pre>"
    msgs.append(msg(b, text, ents))
    thanks = pick("thanks!", "perfect, thx", "got it 👍")
    msgs.append(msg(a, thanks, [{"type": "plain", "text": thanks}]))
    view = R.randrange(4)
    if view == 3:
        rows = []
        for m in msgs:
            hh = m["date"][11:16]
            inner = html if m is msgs[1] else xml_escape(m["text"])
            initials = "".join(w[0] for w in m["from"].split())
            rows += [
                f'   <div class="message default clearfix" id="message{m["id"]}">',
                '    <div class="pull_left userpic_wrap">',
                f'     <div class="userpic userpic{R.randint(1, 8)}" style="width: 42px; height: 42px">',
                f'      <div class="initials" style="line-height: 42px">{initials}</div>',
                "     </div>",
                "    </div>",
                '    <div class="body">',
                f'     <div class="pull_right date details" title="05.12.2026 {m["date"][11:]} UTC+00:00">',
                hh,
                "     </div>",
                '     <div class="from_name">',
                m["from"],
                "     </div>",
                '     <div class="text">',
                inner,
                "     </div>",
                "    </div>",
                "   </div>",
            ]
        return "result", "read_file", "\n".join(rows) + "\n", plain_piecer
    doc = {"name": chat, "type": "private_supergroup", "id": R.randint(10**9, 2 * 10**9), "messages": msgs}
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if view == 0:
        return "result", "read_file", text, plain_piecer
    if view == 1:
        return "result", "terminal", "$ cat 'Telegram Desktop/ChatExport_2026-12-05/result.json'\n" + text, plain_piecer
    tail = json.dumps(msgs, indent=2, ensure_ascii=False) + "\n"
    return "result", "terminal", "$ jq '.messages[-3:]' 'Telegram Desktop/ChatExport_2026-12-05/result.json'\n" + tail, plain_piecer


# -- vagrant-provision


def vagrant_provision(it):
    """Vagrant's shell provisioner showing the item: `vagrant up` (the boot lines, `==> default: Running provisioner:
    shell...`) or `vagrant provision <machine>`, each line of the script's output after `    <machine>: ` (env values
    from `env | sort`, a command traced by `set -x`, a file after `cat`); sometimes in Vagrant's colours (stdout green,
    stderr red)."""
    m = pick("default", "web", "app", "worker")
    box = pick("bento/ubuntu-24.04", "generic/debian12", "bento/rockylinux-9")
    color = R.random() < 0.3
    shown = output_lines(it)

    def out(ln, err=False):
        s = f"    {m}: {ln}"
        return f"\x1b[0;{31 if err else 32}m{s}\x1b[0m" if color else s

    script = pick("inline script", f"/tmp/vagrant-shell20261205-{R.randint(1000, 40000)}-{rs(7, LOWER + DIGITS)}.sh")
    prov = [f"==> {m}: Running provisioner: shell...", f"    {m}: Running: {script}"]
    prov += [out(ln, err=it["shape"] == "cmd" and ln.startswith("+ ")) for ln in shown]
    if it["shape"] == "cmd":
        prov.append(out(cmd_output()))
    if R.random() < 0.5:
        boot = [
            f"Bringing machine '{m}' up with 'virtualbox' provider...",
            f"==> {m}: Checking if box '{box}' version '202510.26.0' is up to date...",
            f"==> {m}: Clearing any previously set forwarded ports...",
            f"==> {m}: Clearing any previously set network interfaces...",
            f"==> {m}: Preparing network interfaces based on configuration...",
            f"    {m}: Adapter 1: nat",
            f"==> {m}: Forwarding ports...",
            f"    {m}: 22 (guest) => 2222 (host) (adapter 1)",
            f"==> {m}: Booting VM...",
            f"==> {m}: Waiting for machine to boot. This may take a few minutes...",
            f"    {m}: SSH address: 127.0.0.1:2222",
            f"    {m}: SSH username: vagrant",
            f"    {m}: SSH auth method: private key",
            f"==> {m}: Machine booted and ready!",
            f"==> {m}: Checking for guest additions in VM...",
            f"==> {m}: Mounting shared folders...",
            f"    {m}: /vagrant => /home/dev/corp/app",
        ]
        typed = "vagrant up" + (f" {m}" if m != "default" else "")
        return "result", "terminal", f"$ {typed}\n" + "\n".join(boot + prov) + "\n", plain_piecer
    typed = "vagrant provision" + (f" {m}" if m != "default" else "")
    return "result", "terminal", f"$ {typed}\n" + "\n".join(prov) + "\n", plain_piecer


# -- zendesk-comments


def zendesk_comments(it):
    """A Zendesk ticket's comments (`GET /api/v2/tickets/<id>/comments.json`) where a customer or an agent pasted the
    item: `body` and `plain_body` (the text), `html_body` (`<div class="zd-comment">`, `<br>` between lines, `&nbsp;`
    for leading spaces, entities); as a `zendesk_get_ticket_comments` tool's compact JSON, `curl … | jq .`, or a saved
    file read back."""
    (a, _), (b, _) = people()
    tid = R.randint(10000, 99999)
    lines = shown_lines(it)
    if it["shape"] == "cmd":
        intro = pick("This is the command our job runs:", "Here is the exact call that fails:")
    else:
        intro = pick("Here is the config we are running:", "Settings from the box that fails:")
    sign = f"Thanks,\n{a}"
    body = intro + "\n\n" + "\n".join(lines) + "\n\n" + sign

    def html(text):
        out = []
        for para in text.split("\n\n"):
            ls = []
            for ln in para.split("\n"):
                lead = len(ln) - len(ln.lstrip(" "))
                ls.append("&nbsp;" * lead + xml_escape(ln[lead:]))
            out.append('<p dir="auto">' + "<br>".join(ls) + "</p>")
        return '<div class="zd-comment" dir="auto">' + "".join(out) + "</div>"

    t = [R.randint(30000, 36000)]
    cid = [R.randint(10**12, 3 * 10**12)]

    def comment(author, text, public, channel):
        t[0] += R.randint(300, 4000)
        cid[0] += R.randint(10**5, 10**7)
        return {
            "id": cid[0],
            "type": "Comment",
            "author_id": author,
            "body": text,
            "html_body": html(text),
            "plain_body": text,
            "public": public,
            "attachments": [],
            "audit_id": cid[0] - R.randint(1, 9),
            "via": {"channel": channel, "source": {"from": {}, "to": {}, "rel": None}},
            "created_at": f"2026-12-05T{clock(t[0])}Z",
            "metadata": {"system": {"client": "Mozilla/5.0", "ip_address": f"203.0.113.{R.randint(2, 250)}"}, "custom": {}},
        }

    cust, agent = R.randint(10**12, 2 * 10**12), R.randint(10**12, 2 * 10**12)
    first = pick("The nightly sync stopped working after the update.", "Our integration returns 401 since this morning.")
    ask = f"Hi {a.split()[0]}, could you paste the settings you use (you can blank anything sensitive)?\n\n{b}"
    by_agent = R.random() < 0.3
    comments = [comment(cust, first, True, "email"), comment(agent, ask, True, "web")]
    if by_agent:
        comments.append(comment(agent, body.replace(sign, f"-- internal note\n{b}"), False, "web"))
    else:
        comments.append(comment(cust, body, True, "email"))
    doc = {"comments": comments, "next_page": None, "previous_page": None, "count": len(comments)}
    view = R.randrange(3)
    if view == 0:
        return "result", "zendesk_get_ticket_comments", json.dumps(doc), plain_piecer
    if view == 1:
        typed = f"curl -s -u ops@corp.example/token:$ZENDESK_API_TOKEN https://corp.zendesk.com/api/v2/tickets/{tid}/comments.json | jq ."
        return "result", "terminal", f"$ {typed}\n" + json.dumps(doc, indent=2, ensure_ascii=False) + "\n", plain_piecer
    return "result", "read_file", json.dumps(doc, indent=2) + "\n", plain_piecer


KINDS = {
    "community-forum-keys": community_forum_keys,
    "physical-security-keys": physical_security_keys,
    "rewards-loyalty-keys": rewards_loyalty_keys,
    "energy-utility-keys": energy_utility_keys,
    "maritime-freight-keys": maritime_freight_keys,
    "church-ministry-keys": church_ministry_keys,
    "stock-media-keys": stock_media_keys,
    "civic-gov-data-keys": civic_gov_data_keys,
}

CONTEXTS = {
    "puppet-agent-run": puppet_agent_run,
    "heroku-cli": heroku_cli,
    "cloud-build-log": cloud_build_log,
    "r-console": r_console,
    "pptx-slide-xml": pptx_slide_xml,
    "telegram-export": telegram_export,
    "vagrant-provision": vagrant_provision,
    "zendesk-comments": zendesk_comments,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r20", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
