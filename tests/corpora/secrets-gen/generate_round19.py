"""Round 19 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 18 have been read, measured or worked on, or written. Round 19 was written blind, like
rounds 5 to 18: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL fields), never the rules
nor anything else under `engine/`, `BENCHMARKS.md`, `README.md` nor `docs/`, and never ran the
engine on it.

Kind families and context families: see `SPLIT.md`, round 19. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round19.py     # rewrites round19.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
import re
from pathlib import Path

from blind_round import (
    ALNUM,
    DIGITS,
    HEX,
    LOWER,
    UPPER,
    URLSAFE,
    R,
    b64url,
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
    rbytes,
    rs,
    script_text,
    uuid4,
    write_round,
)

SEED = 2195
OUT = Path(__file__).with_name("round19.jsonl")

HELD_OUT_KINDS = {"legal-practice-keys", "auto-vehicle-keys"}
HELD_OUT_CONTEXTS = {"teamcity-build-log", "whatsapp-export", "salt-cmd-output"}

VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


def ref(name):
    return pick("${" + name + "}", "$" + name)


def masked(n=16):
    return "*" * n


def hs256(claims):
    return jwt({"alg": "HS256", "typ": "JWT"}, claims)


def vin():
    return rs(17, VIN_CHARS)


# ---------------------------------------------------------------- kind: pos-restaurant-keys


def pos_restaurant_keys(is_clean):
    """Restaurant point-of-sale and ordering APIs: Toast machine-client secrets, Clover API tokens (uuid), Lightspeed
    X-Series `lsxs_pt_`, DoorDash Drive signing secrets (beside developer and key ids), Deliverect client secrets, Revel
    `API-AUTHENTICATION: key:secret`, Olo `OloKey`, Lightspeed K-Series client secrets."""
    if is_clean:
        form = deal("pos/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("TOAST_CLIENT_ID", rs(32, ALNUM)),
                    ("TOAST_CLIENT_SECRET", ref("TOAST_CLIENT_SECRET")),
                    ("TOAST_RESTAURANT_GUID", uuid4()),
                    ("CLOVER_MERCHANT_ID", rs(13, UPPER + DIGITS)),
                    ("CLOVER_API_TOKEN", ""),
                ]
            )
        if form == 1:
            doc = {
                "guid": uuid4(),
                "restaurantGuid": uuid4(),
                "displayNumber": str(R.randint(10, 999)),
                "checks": [{"guid": uuid4(), "totalAmount": round(R.uniform(8, 120), 2), "paymentStatus": "CLOSED"}],
                "clover_order_id": rs(13, UPPER + DIGITS),
                "doordash_delivery_id": "D-" + rs(8, UPPER + DIGITS),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/toast-order.json")
        if form == 2:
            return cmd_clean(
                f'curl -s https://api.clover.com/v3/merchants/{rs(13, UPPER + DIGITS)}/orders?limit=20 -H "Authorization: Bearer $CLOVER_API_TOKEN"',
                name="scripts/orders.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                "DOORDASH = {\n"
                f'    "developer_id": "{uuid4()}",\n'
                f'    "key_id": "{uuid4()}",\n'
                '    "signing_secret": os.environ["DOORDASH_SIGNING_SECRET"],\n'
                "}\n"
                f'CLOVER_PAKMS_KEY = "{rs(32, HEX)}"  # public key for the hosted iframe\n'
                'OLO_HEADERS = {"Authorization": "OloKey " + os.environ.get("OLO_API_KEY", "<olo-api-key>")}\n'
            )
            return clean(text, fmt="py", name="pos/clients.py")
        return env_clean(
            [
                ("LIGHTSPEED_PERSONAL_TOKEN", "lsxs_pt_" + masked(12)),
                ("DELIVERECT_CLIENT_SECRET", "changeme"),
                ("REVEL_API_SECRET", "<revel-api-secret>"),
                ("LSK_CLIENT_SECRET", "xxxxxxxx"),
            ]
        )
    form = deal("pos/secret", 8)
    if form == 0:
        cid, s = rs(32, ALNUM), rs(64, ALNUM + "-_")
        if R.random() < 0.5:
            return env(
                [("TOAST_CLIENT_ID", cid), ("TOAST_CLIENT_SECRET", s), ("TOAST_RESTAURANT_GUID", uuid4())],
                [("toast-client-secret", s)],
            )
        body = json.dumps({"clientId": cid, "clientSecret": s, "userAccessType": "TOAST_MACHINE_CLIENT"})
        return cmd(
            f"curl -s https://ws-api.toasttab.com/authentication/v1/authentication/login -H 'Content-Type: application/json' -d '{body}'",
            [("toast-client-secret", s)],
        )
    if form == 1:
        t = uuid4()
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://api.clover.com/v3/merchants/{rs(13, UPPER + DIGITS)}/items?limit=100" -H "Authorization: Bearer {t}"',
                [("clover-api-token", t)],
            )
        return env([("CLOVER_MERCHANT_ID", rs(13, UPPER + DIGITS)), ("CLOVER_API_TOKEN", t)], [("clover-api-token", t)])
    if form == 2:
        t = "lsxs_pt_" + rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://corp.retail.lightspeed.app/api/2.0/products -H "Authorization: Bearer {t}"', [("lightspeed-personal-token", t)]
            )
        return env([("LIGHTSPEED_DOMAIN_PREFIX", "corp"), ("LIGHTSPEED_PERSONAL_TOKEN", t)], [("lightspeed-personal-token", t)])
    if form == 3:
        dev, kid, s = uuid4(), uuid4(), b64url(rbytes(32))
        if R.random() < 0.5:
            return env(
                [("DOORDASH_DEVELOPER_ID", dev), ("DOORDASH_KEY_ID", kid), ("DOORDASH_SIGNING_SECRET", s)],
                [("doordash-signing-secret", s)],
            )
        text = (
            "import jwt\n\n"
            "ACCESS_KEY = {\n"
            f'    "developer_id": "{dev}",\n'
            f'    "key_id": "{kid}",\n'
            f'    "signing_secret": "{s}",\n'
            "}\n\n\n"
            "def token(now):\n"
            '    claims = {"aud": "doordash", "iss": ACCESS_KEY["developer_id"], "kid": ACCESS_KEY["key_id"], "exp": now + 300, "iat": now}\n'
            '    return jwt.encode(claims, jwt.utils.base64url_decode(ACCESS_KEY["signing_secret"]), algorithm="HS256", headers={"dd-ver": "DD-JWT-V1"})\n'
        )
        return item(text, [("doordash-signing-secret", s)], fmt="py", name="delivery/doordash.py")
    if form == 4:
        cid, s = rs(24, ALNUM), rs(48, ALNUM)
        body = json.dumps({"client_id": cid, "client_secret": s, "audience": "https://api.staging.deliverect.com", "grant_type": "token"})
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.staging.deliverect.com/oauth/token -H 'Content-Type: application/json' -d '{body}'",
                [("deliverect-client-secret", s)],
            )
        return env([("DELIVERECT_CLIENT_ID", cid), ("DELIVERECT_CLIENT_SECRET", s)], [("deliverect-client-secret", s)])
    if form == 5:
        k, s = rs(32, HEX), rs(64, HEX)
        return cmd(
            f"curl -s 'https://corp.revelup.com/resources/Order/?limit=50&format=json' -H 'API-AUTHENTICATION: {k}:{s}'",
            [("revel-api-secret", s)],
        )
    if form == 6:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://ordering.api.olo.com/v1.1/restaurants -H "Authorization: OloKey {k}" -H "Accept: application/json"',
                [("olo-api-key", k)],
            )
        return env([("OLO_API_KEY", k), ("OLO_BRAND", "corp-kitchen")], [("olo-api-key", k)])
    cid, s = "corp-" + rs(8, LOWER + DIGITS), rs(32, ALNUM)
    return cmd(
        f"curl -s https://api.ikentoo.com/oauth/token -d grant_type=refresh_token -d client_id={cid} -d client_secret={s} -d refresh_token=$LSK_REFRESH_TOKEN",
        [("lightspeed-k-client-secret", s)],
    )


# ---------------------------------------------------------------- kind: event-ticketing-keys


def event_ticketing_keys(is_clean):
    """Events and ticketing APIs: Eventbrite private tokens, Ticketmaster `apikey=`, Tito `secret_live_`, Luma
    `x-luma-api-key`, Cvent client secrets (`-u id:secret`), SeatGeek `client_secret=`, Ticket Tailor `sk_` (Basic),
    Bizzabo client secrets."""
    if is_clean:
        form = deal("event/clean", 5)
        if form == 0:
            doc = {
                "event_id": str(R.randint(10**11, 10**12 - 1)),
                "order_id": str(R.randint(10**9, 10**10 - 1)),
                "ticketmaster_event": "vvG1" + rs(12, ALNUM),
                "seatgeek_event": R.randint(6_000_000, 7_000_000),
                "barcode": rs(18, DIGITS),
                "tito_slug": "corp/summit-2027",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/tickets.json")
        if form == 1:
            return cmd_clean(
                f'curl -s "https://api.seatgeek.com/2/events?client_id={rs(32, ALNUM)}&venue.city=Berlin&per_page=10"',
                name="scripts/events.sh",
            )
        if form == 2:
            return env_clean(
                [
                    ("EVENTBRITE_ORGANIZATION_ID", str(R.randint(10**11, 10**12 - 1))),
                    ("EVENTBRITE_PRIVATE_TOKEN", ""),
                    ("TITO_API_TOKEN", "secret_live_" + masked(10)),
                    ("LUMA_API_KEY", ref("LUMA_API_KEY")),
                    ("CVENT_CLIENT_ID", rs(26, LOWER + DIGITS)),
                ]
            )
        if form == 3:
            text = (
                "const headers = {\n"
                "  'x-luma-api-key': process.env.LUMA_API_KEY,\n"
                "  Authorization: `Token token=${process.env.TITO_API_TOKEN}`,\n"
                "};\n"
                f"const EVENT_ID = 'evt-{rs(16, ALNUM)}';\n"
            )
            return clean(text, fmt="js", name="events/client.js")
        return env_clean(
            [
                ("TICKETMASTER_API_KEY", "<ticketmaster-consumer-key>"),
                ("TICKET_TAILOR_API_KEY", "sk_" + masked(12)),
                ("BIZZABO_CLIENT_SECRET", "REPLACE_ME"),
                ("SEATGEEK_CLIENT_SECRET", "TODO"),
            ]
        )
    form = deal("event/secret", 8)
    if form == 0:
        t = rs(20, UPPER + DIGITS)
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://www.eventbriteapi.com/v3/users/me/organizations/ -H "Authorization: Bearer {t}"', [("eventbrite-private-token", t)]
            )
        return env(
            [("EVENTBRITE_PRIVATE_TOKEN", t), ("EVENTBRITE_ORGANIZATION_ID", str(R.randint(10**11, 10**12 - 1)))], [("eventbrite-private-token", t)]
        )
    if form == 1:
        k = rs(32, ALNUM)
        return cmd(
            f"curl -s 'https://app.ticketmaster.com/discovery/v2/events.json?countryCode=DE&size=20&apikey={k}'",
            [("ticketmaster-api-key", k)],
        )
    if form == 2:
        t = "secret_live_" + rs(20, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s https://api.tito.io/v3/corp/summit-2027/registrations -H 'Authorization: Token token={t}' -H 'Accept: application/json'",
                [("tito-api-token", t)],
            )
        return env([("TITO_ACCOUNT", "corp"), ("TITO_API_TOKEN", t)], [("tito-api-token", t)])
    if form == 3:
        k = "secret-" + rs(30, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.lu.ma/public/v1/calendar/list-events -H "x-luma-api-key: {k}"', [("luma-api-key", k)])
        return env([("LUMA_API_KEY", k)], [("luma-api-key", k)])
    if form == 4:
        cid, s = rs(26, LOWER + DIGITS), rs(52, LOWER + DIGITS)
        return cmd(
            f"curl -s -X POST https://api-platform.cvent.com/ea/oauth2/token -u {cid}:{s} -d grant_type=client_credentials -d client_id={cid}",
            [("cvent-client-secret", s)],
        )
    if form == 5:
        cid, s = rs(32, ALNUM), rs(64, HEX)
        return cmd(
            f"curl -s 'https://api.seatgeek.com/2/events?client_id={cid}&client_secret={s}&performers.slug=berlin-philharmonic'",
            [("seatgeek-client-secret", s)],
        )
    if form == 6:
        k = f"sk_{R.randint(100, 9999)}_{R.randint(10000, 999999)}_{rs(32, HEX)}"
        if R.random() < 0.5:
            return cmd(f"curl -s https://api.tickettailor.com/v1/orders -u {k}: -H 'Accept: application/json'", [("ticket-tailor-api-key", k)])
        return env([("TICKET_TAILOR_API_KEY", k)], [("ticket-tailor-api-key", k)])
    cid, s = rs(32, ALNUM), rs(64, ALNUM)
    return env(
        [("BIZZABO_ACCOUNT_ID", str(R.randint(10000, 99999))), ("BIZZABO_CLIENT_ID", cid), ("BIZZABO_CLIENT_SECRET", s)],
        [("bizzabo-client-secret", s)],
    )


# ---------------------------------------------------------------- kind: fitness-wearable-keys


def fitness_wearable_keys(is_clean):
    """Fitness and wearable APIs: Strava client secret and refresh token (two credentials), Strava access tokens,
    Fitbit (HS256 access token, client secret), Withings `client_secret=` in a form, Garmin Health consumer secrets,
    WHOOP client secrets, Polar AccessLink (`-u id:secret`), Wahoo access tokens, Suunto subscription keys."""
    if is_clean:
        form = deal("fitness/clean", 5)
        if form == 0:
            doc = {
                "athlete": {"id": R.randint(10**7, 10**8), "username": "corp-runner"},
                "activity_id": R.randint(10**10, 10**11),
                "fitbit_user_id": rs(6, UPPER + DIGITS),
                "withings_userid": R.randint(10**7, 10**8),
                "gpx_sha256": rs(64, HEX),
                "garmin_summary_id": "x" + rs(8, HEX) + "-" + rs(8, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/activity.json")
        if form == 1:
            return env_clean(
                [
                    ("STRAVA_CLIENT_ID", str(R.randint(10000, 199999))),
                    ("STRAVA_CLIENT_SECRET", ref("STRAVA_CLIENT_SECRET")),
                    ("FITBIT_CLIENT_ID", "23" + rs(4, UPPER + DIGITS)),
                    ("FITBIT_CLIENT_SECRET", ""),
                    ("GARMIN_CONSUMER_KEY", uuid4()),
                ]
            )
        if form == 2:
            return cmd_clean(
                "curl -s -X POST https://www.strava.com/oauth/token -F client_id=$STRAVA_CLIENT_ID -F client_secret=$STRAVA_CLIENT_SECRET -F grant_type=refresh_token -F refresh_token=$STRAVA_REFRESH_TOKEN",
                name="scripts/strava-refresh.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                'WITHINGS = {"client_id": os.environ["WITHINGS_CLIENT_ID"], "client_secret": os.environ["WITHINGS_CLIENT_SECRET"]}\n'
                'WHOOP_SECRET = os.getenv("WHOOP_CLIENT_SECRET", "<whoop-client-secret>")\n'
                f"POLAR_USER_ID = {R.randint(10**7, 10**8)}\n"
            )
            return clean(text, fmt="py", name="wearables/clients.py")
        return env_clean(
            [
                ("WAHOO_ACCESS_TOKEN", masked(20)),
                ("SUUNTO_SUBSCRIPTION_KEY", "changeme"),
                ("POLAR_CLIENT_SECRET", "xxxxxxxx"),
                ("STRAVA_REFRESH_TOKEN", masked(40)),
            ]
        )
    form = deal("fitness/secret", 8)
    if form == 0:
        s, rt = rs(40, HEX), rs(40, HEX)
        return cmd(
            f"curl -s -X POST https://www.strava.com/oauth/token -F client_id={R.randint(10000, 199999)} -F client_secret={s} -F grant_type=refresh_token -F refresh_token={rt}",
            [("strava-client-secret", s), ("strava-refresh-token", rt)],
        )
    if form == 1:
        t = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://www.strava.com/api/v3/athlete/activities?per_page=30" -H "Authorization: Bearer {t}"', [("strava-access-token", t)]
            )
        return env([("STRAVA_CLIENT_ID", str(R.randint(10000, 199999))), ("STRAVA_ACCESS_TOKEN", t)], [("strava-access-token", t)])
    if form == 2:
        now = R.randint(1_767_000_000, 1_779_000_000)
        t = hs256(
            {
                "aud": "23" + rs(4, UPPER + DIGITS),
                "sub": rs(6, UPPER + DIGITS),
                "iss": "Fitbit",
                "typ": "access_token",
                "scopes": "ract rhr rsle",
                "exp": now + 28800,
                "iat": now,
            }
        )
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://api.fitbit.com/1/user/-/activities/date/today.json -H "Authorization: Bearer {t}"', [("fitbit-access-token", t)]
            )
        s = rs(32, HEX)
        return env([("FITBIT_CLIENT_ID", "23" + rs(4, UPPER + DIGITS)), ("FITBIT_CLIENT_SECRET", s)], [("fitbit-client-secret", s)])
    if form == 3:
        cid, s = rs(64, HEX), rs(64, HEX)
        return cmd(
            f"curl -s https://wbsapi.withings.net/v2/oauth2 -d action=requesttoken -d grant_type=authorization_code -d client_id={cid} -d client_secret={s} -d code=$CODE -d redirect_uri=https://app.corp.example/withings/callback",
            [("withings-client-secret", s)],
        )
    if form == 4:
        k, s = uuid4(), rs(27, ALNUM)
        return env([("GARMIN_CONSUMER_KEY", k), ("GARMIN_CONSUMER_SECRET", s)], [("garmin-consumer-secret", s)])
    if form == 5:
        cid, s = uuid4(), rs(64, HEX)
        if R.random() < 0.5:
            return env([("WHOOP_CLIENT_ID", cid), ("WHOOP_CLIENT_SECRET", s)], [("whoop-client-secret", s)])
        text = f"whoop:\n  client_id: {cid}\n  client_secret: {s}\n  redirect_uri: https://app.corp.example/whoop/callback\n"
        return item(text, [("whoop-client-secret", s)], fmt="yaml", name="config/wearables.yml")
    if form == 6:
        cid, s = uuid4(), uuid4()
        return cmd(
            f"curl -s -X POST https://polarremote.com/v2/oauth2/token -u {cid}:{s} -d grant_type=authorization_code -d code=$POLAR_CODE",
            [("polar-client-secret", s)],
        )
    if form == 7 and R.random() < 0.5:
        t = rs(43, URLSAFE)
        return cmd(f'curl -s https://api.wahooligan.com/v1/workouts -H "Authorization: Bearer {t}"', [("wahoo-access-token", t)])
    k = rs(32, HEX)
    return cmd(
        f'curl -s https://cloudapi.suunto.com/v2/workouts?limit=20 -H "Ocp-Apim-Subscription-Key: {k}" -H "Authorization: Bearer $SUUNTO_TOKEN"',
        [("suunto-subscription-key", k)],
    )


# ---------------------------------------------------------------- kind: field-service-keys


def field_service_keys(is_clean):
    """Field-service and construction APIs: ServiceTitan `cs1.` client secrets (beside the `ak1.` app key), Jobber
    client secrets and HS256 access tokens, Housecall Pro `Authorization: Token`, Procore client secrets (JSON token
    body), CompanyCam access tokens, ServiceM8 `smk-`, Workiz (token in the URL path, `auth_secret`)."""
    if is_clean:
        form = deal("field/clean", 5)
        if form == 0:
            doc = {
                "tenant": R.randint(10**8, 10**9),
                "job": {"id": R.randint(10**7, 10**8), "number": f"J-{R.randint(1000, 9999)}", "status": "Scheduled"},
                "procore_company_id": R.randint(10**6, 10**7),
                "companycam_project": str(R.randint(10**7, 10**8)),
                "jobber_client_id": uuid4(),
                "photo_sha1": rs(40, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/job.json")
        if form == 1:
            return env_clean(
                [
                    ("ST_TENANT_ID", str(R.randint(10**8, 10**9))),
                    ("ST_CLIENT_ID", "cid." + rs(25, LOWER + DIGITS)),
                    ("ST_CLIENT_SECRET", "cs1." + masked(12)),
                    ("ST_APP_KEY", "ak1." + rs(25, LOWER + DIGITS)),
                    ("JOBBER_CLIENT_SECRET", ""),
                ]
            )
        if form == 2:
            return cmd_clean(
                'curl -s https://api.housecallpro.com/jobs?page_size=50 -H "Authorization: Token $HCP_API_KEY" -H "Accept: application/json"',
                name="scripts/jobs.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                'PROCORE = {"client_id": os.environ["PROCORE_CLIENT_ID"], "client_secret": os.environ["PROCORE_CLIENT_SECRET"]}\n'
                'COMPANYCAM_TOKEN = os.environ.get("COMPANYCAM_TOKEN", "<companycam-access-token>")\n'
                'SERVICEM8_KEY = os.environ.get("SERVICEM8_API_KEY", "smk-<key>")\n'
            )
            return clean(text, fmt="py", name="field/clients.py")
        return env_clean(
            [
                ("WORKIZ_API_TOKEN", ref("WORKIZ_API_TOKEN")),
                ("WORKIZ_AUTH_SECRET", "changeme"),
                ("PROCORE_CLIENT_SECRET", "REPLACE_ME"),
                ("COMPANYCAM_TOKEN", masked(24)),
            ]
        )
    form = deal("field/secret", 8)
    if form == 0:
        cid, s, ak = "cid." + rs(25, LOWER + DIGITS), "cs1." + rs(50, LOWER + DIGITS), "ak1." + rs(25, LOWER + DIGITS)
        if R.random() < 0.5:
            return env(
                [("ST_TENANT_ID", str(R.randint(10**8, 10**9))), ("ST_CLIENT_ID", cid), ("ST_CLIENT_SECRET", s), ("ST_APP_KEY", ak)],
                [("servicetitan-client-secret", s)],
            )
        return cmd(
            f"curl -s https://auth.servicetitan.io/connect/token -d grant_type=client_credentials -d client_id={cid} -d client_secret={s}",
            [("servicetitan-client-secret", s)],
        )
    if form == 1:
        s = rs(64, HEX)
        return env([("JOBBER_CLIENT_ID", uuid4()), ("JOBBER_CLIENT_SECRET", s)], [("jobber-client-secret", s)])
    if form == 2:
        now = R.randint(1_767_000_000, 1_779_000_000)
        t = hs256({"sub": R.randint(10**6, 10**7), "api_version": "2025-01-20", "app_id": uuid4(), "exp": now + 3600})
        return cmd(
            f"curl -s https://api.getjobber.com/api/graphql -H 'Authorization: Bearer {t}' -H 'X-JOBBER-GRAPHQL-VERSION: 2025-01-20' -d @clients.graphql",
            [("jobber-access-token", t)],
        )
    if form == 3:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.housecallpro.com/customers -H "Authorization: Token {k}"', [("housecall-pro-api-key", k)])
        return env([("HCP_API_KEY", k)], [("housecall-pro-api-key", k)])
    if form == 4:
        cid, s = rs(64, HEX), rs(64, HEX)
        body = json.dumps({"grant_type": "client_credentials", "client_id": cid, "client_secret": s})
        return cmd(
            f"curl -s https://login.procore.com/oauth/token -H 'Content-Type: application/json' -d '{body}'",
            [("procore-client-secret", s)],
        )
    if form == 5:
        t = rs(43, URLSAFE)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.companycam.com/v2/projects -H "Authorization: Bearer {t}"', [("companycam-access-token", t)])
        return env([("COMPANYCAM_TOKEN", t)], [("companycam-access-token", t)])
    if form == 6:
        k = "smk-" + rs(6, HEX) + "-" + rs(16, HEX) + "-" + rs(16, HEX)
        return cmd(f'curl -s https://api.servicem8.com/api_1.0/job.json -H "X-API-Key: {k}"', [("servicem8-api-key", k)])
    tok, s = "api_" + rs(32, LOWER + DIGITS), "sec_" + rs(24, ALNUM)
    if R.random() < 0.5:
        return cmd(f"curl -s https://api.workiz.com/api/v1/{tok}/job/all/?records=50", [("workiz-api-token", tok)])
    return env([("WORKIZ_API_TOKEN", tok), ("WORKIZ_AUTH_SECRET", s)], [("workiz-api-token", tok), ("workiz-auth-secret", s)])


# ---------------------------------------------------------------- kind: sports-data-keys


def sports_data_keys(is_clean):
    """Sports and odds data APIs: The Odds API `apiKey=`, SportsDataIO `Ocp-Apim-Subscription-Key`, API-Football
    `x-apisports-key`, Sportradar `api_key=`, Sportmonks `api_token=`, football-data.org `X-Auth-Token`, balldontlie (a
    bare `Authorization: <uuid>`), MySportsFeeds (`-u key:MYSPORTSFEEDS`)."""
    if is_clean:
        form = deal("sports/clean", 5)
        if form == 0:
            doc = {
                "id": rs(32, HEX),
                "sport_key": "soccer_epl",
                "commence_time": "2026-12-06T15:00:00Z",
                "bookmakers": [{"key": "pinnacle", "last_update": "2026-12-05T10:11:12Z"}],
                "sportradar_id": f"sr:match:{R.randint(10**7, 10**8)}",
                "fixture": R.randint(10**6, 2 * 10**6),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/odds.json")
        if form == 1:
            return cmd_clean(
                'curl -s "https://api.the-odds-api.com/v4/sports/soccer_epl/odds/?regions=eu&markets=h2h&apiKey=$ODDS_API_KEY"',
                name="scripts/odds.sh",
            )
        if form == 2:
            return env_clean(
                [
                    ("SPORTSDATA_API_KEY", ""),
                    ("APISPORTS_KEY", "<api-football-key>"),
                    ("SPORTRADAR_API_KEY", ref("SPORTRADAR_API_KEY")),
                    ("FOOTBALL_DATA_COMPETITION", "PL"),
                    ("SPORTMONKS_LEAGUE_ID", str(R.randint(1, 600))),
                ]
            )
        if form == 3:
            text = (
                "import os\n\n"
                'HEADERS = {"x-apisports-key": os.environ["APISPORTS_KEY"]}\n'
                'BDL = {"Authorization": os.environ.get("BALLDONTLIE_API_KEY", "")}\n'
                f'GAME_ID = "{uuid4()}"\n'
            )
            return clean(text, fmt="py", name="sports/clients.py")
        return env_clean(
            [
                ("ODDS_API_KEY", masked(32)),
                ("FOOTBALL_DATA_TOKEN", "xxxxxxxx"),
                ("SPORTMONKS_API_TOKEN", "changeme"),
                ("MSF_API_KEY", "TODO"),
            ]
        )
    form = deal("sports/secret", 8)
    if form == 0:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://api.the-odds-api.com/v4/sports/upcoming/odds/?regions=us&markets=h2h,spreads&oddsFormat=decimal&apiKey={k}'",
                [("the-odds-api-key", k)],
            )
        return env([("ODDS_API_KEY", k), ("ODDS_REGIONS", "eu,uk")], [("the-odds-api-key", k)])
    if form == 1:
        k = rs(32, HEX)
        return cmd(
            f'curl -s https://api.sportsdata.io/v3/nfl/scores/json/Teams -H "Ocp-Apim-Subscription-Key: {k}"',
            [("sportsdataio-api-key", k)],
        )
    if form == 2:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s "https://v3.football.api-sports.io/fixtures?live=all" -H "x-apisports-key: {k}"', [("api-football-key", k)])
        return env([("APISPORTS_KEY", k)], [("api-football-key", k)])
    if form == 3:
        k = rs(40, ALNUM)
        return cmd(
            f"curl -s 'https://api.sportradar.com/soccer/trial/v4/en/competitions.json?api_key={k}'",
            [("sportradar-api-key", k)],
        )
    if form == 4:
        k = rs(60, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://api.sportmonks.com/v3/football/livescores?api_token={k}&include=participants'", [("sportmonks-api-token", k)]
            )
        return env([("SPORTMONKS_API_TOKEN", k)], [("sportmonks-api-token", k)])
    if form == 5:
        k = rs(32, HEX)
        return cmd(f'curl -s https://api.football-data.org/v4/competitions/PL/matches -H "X-Auth-Token: {k}"', [("football-data-token", k)])
    if form == 6:
        k = uuid4()
        return cmd(f'curl -s "https://api.balldontlie.io/v1/games?dates[]=2026-12-05" -H "Authorization: {k}"', [("balldontlie-api-key", k)])
    k = uuid4()
    return cmd(
        f"curl -s -u {k}:MYSPORTSFEEDS https://api.mysportsfeeds.com/v2.1/pull/nba/2026-2027-regular/games.json",
        [("mysportsfeeds-api-key", k)],
    )


# ---------------------------------------------------------------- kind: fundraising-nonprofit-keys


def fundraising_nonprofit_keys(is_clean):
    """Fundraising and nonprofit-CRM APIs: Donorbox (`-u email:key`), Blackbaud SKY `Bb-Api-Subscription-Key`,
    Givebutter `Bearer`, Classy client secrets (token form), Bloomerang `X-API-KEY`, Neon CRM (`-u org:key`), Virtuous
    tokens, DonorPerfect `apikey=`."""
    if is_clean:
        form = deal("fund/clean", 5)
        if form == 0:
            doc = {
                "donation": {"id": R.randint(10**7, 10**8), "amount": str(R.randint(5, 500)) + ".00", "currency": "USD"},
                "campaign_id": R.randint(10**5, 10**6),
                "constituent_id": str(R.randint(100, 99999)),
                "blackbaud_environment_id": "p-" + rs(22, ALNUM),
                "receipt_hash": rs(40, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/donation.json")
        if form == 1:
            text = (
                '<script src="https://embed.every.org/0.4/button.js" defer></script>\n'
                f'<a href="https://www.every.org/corp-foundation#/donate" data-public-key="pk_live_{rs(32, HEX)}">Donate</a>\n'
            )
            return clean(text, fmt="html", name="site/donate.html")
        if form == 2:
            return env_clean(
                [
                    ("DONORBOX_EMAIL", "finance@corp.example"),
                    ("DONORBOX_API_KEY", ref("DONORBOX_API_KEY")),
                    ("BLACKBAUD_SUBSCRIPTION_KEY", ""),
                    ("NEON_ORG_ID", "corpfoundation"),
                ]
            )
        if form == 3:
            return cmd_clean(
                'curl -s https://api.sky.blackbaud.com/constituent/v1/constituents?limit=10 -H "Bb-Api-Subscription-Key: $BB_SUBSCRIPTION_KEY" -H "Authorization: Bearer $BB_ACCESS_TOKEN"',
                name="scripts/constituents.sh",
            )
        return env_clean(
            [
                ("GIVEBUTTER_API_KEY", masked(20)),
                ("CLASSY_CLIENT_SECRET", "<classy-client-secret>"),
                ("BLOOMERANG_API_KEY", "changeme"),
                ("DP_API_KEY", "REPLACE_ME"),
            ]
        )
    form = deal("fund/secret", 8)
    if form == 0:
        k = rs(50, ALNUM)
        return cmd(
            f"curl -s -u finance@corp.example:{k} 'https://donorbox.org/api/v1/donations?per_page=100'",
            [("donorbox-api-key", k)],
        )
    if form == 1:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s https://api.sky.blackbaud.com/gift/v1/gifts?limit=50 -H "Bb-Api-Subscription-Key: {k}" -H "Authorization: Bearer $BB_ACCESS_TOKEN"',
                [("blackbaud-subscription-key", k)],
            )
        return env([("BB_SUBSCRIPTION_KEY", k), ("BB_ENVIRONMENT_ID", "p-" + rs(22, ALNUM))], [("blackbaud-subscription-key", k)])
    if form == 2:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.givebutter.com/v1/transactions -H "Authorization: Bearer {k}"', [("givebutter-api-key", k)])
        return env([("GIVEBUTTER_API_KEY", k)], [("givebutter-api-key", k)])
    if form == 3:
        cid, s = rs(16, ALNUM), rs(32, ALNUM)
        return cmd(
            f"curl -s https://api.classy.org/oauth2/auth -d grant_type=client_credentials -d client_id={cid} -d client_secret={s}",
            [("classy-client-secret", s)],
        )
    if form == 4:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.bloomerang.co/v2/constituents?take=50 -H "X-API-KEY: {k}"', [("bloomerang-api-key", k)])
        return env([("BLOOMERANG_API_KEY", k)], [("bloomerang-api-key", k)])
    if form == 5:
        k = rs(32, HEX)
        return cmd(
            f"curl -s -u corpfoundation:{k} https://api.neoncrm.com/v2/accounts?pageSize=20",
            [("neon-crm-api-key", k)],
        )
    if form == 6:
        t = rs(86, URLSAFE)
        return env([("VIRTUOUS_API_TOKEN", t), ("VIRTUOUS_BASE_URL", "https://api.virtuoussoftware.com")], [("virtuous-api-token", t)])
    k = rs(120, ALNUM)
    return cmd(
        f"curl -s 'https://www.donorperfect.net/prod/xmlrequest.asp?apikey={k}&action=dp_donorsearch&params=@donor_id=null'",
        [("donorperfect-api-key", k)],
    )


# ---------------------------------------------------------------- kind: legal-practice-keys


def legal_practice_keys(is_clean):
    """Legal practice-management and court-data APIs: Clio client secrets (token form, `.env`), CourtListener
    `Authorization: Token`, MyCase access tokens, Filevine API secrets (beside the key), PracticePanther client secrets,
    Docket Alarm passwords (login form), Lawmatics tokens, Smokeball `x-api-key`."""
    if is_clean:
        form = deal("legal/clean", 5)
        if form == 0:
            doc = {
                "docket": R.randint(10**6, 10**8),
                "case_name": "Corp v. Example Holdings",
                "docket_number": f"1:2{R.randint(4, 6)}-cv-{R.randint(10000, 99999)}",
                "court": "nysd",
                "clio_matter_id": R.randint(10**9, 10**10),
                "pacer_case_id": str(R.randint(10**5, 10**6)),
                "document_sha1": rs(40, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/docket.json")
        if form == 1:
            return cmd_clean(
                'curl -s "https://www.courtlistener.com/api/rest/v4/search/?q=arbitration&type=r" -H "Authorization: Token $COURTLISTENER_TOKEN"',
                name="scripts/search.sh",
            )
        if form == 2:
            return env_clean(
                [
                    ("CLIO_CLIENT_ID", rs(40, ALNUM)),
                    ("CLIO_CLIENT_SECRET", ""),
                    ("CLIO_REGION", "us"),
                    ("FILEVINE_API_KEY", "fvpk_" + rs(24, HEX)),
                    ("FILEVINE_API_SECRET", ref("FILEVINE_API_SECRET")),
                ]
            )
        if form == 3:
            text = (
                "import os\n\n"
                'SMOKEBALL = {"x-api-key": os.environ["SMOKEBALL_API_KEY"]}\n'
                'DOCKET_ALARM = {"username": "research@corp.example", "password": os.environ["DOCKETALARM_PASSWORD"]}\n'
                'LAWMATICS_TOKEN = os.getenv("LAWMATICS_TOKEN", "<lawmatics-token>")\n'
            )
            return clean(text, fmt="py", name="legal/clients.py")
        return env_clean(
            [
                ("MYCASE_ACCESS_TOKEN", masked(24)),
                ("PRACTICEPANTHER_CLIENT_SECRET", "changeme"),
                ("COURTLISTENER_TOKEN", "xxxxxxxx"),
                ("SMOKEBALL_API_KEY", "TODO"),
            ]
        )
    form = deal("legal/secret", 8)
    if form == 0:
        cid, s = rs(40, ALNUM), rs(40, ALNUM)
        if R.random() < 0.5:
            return env(
                [("CLIO_CLIENT_ID", cid), ("CLIO_CLIENT_SECRET", s), ("CLIO_REDIRECT_URI", "https://app.corp.example/clio/callback")],
                [("clio-client-secret", s)],
            )
        return cmd(
            f"curl -s https://app.clio.com/oauth/token -d grant_type=refresh_token -d client_id={cid} -d client_secret={s} -d refresh_token=$CLIO_REFRESH_TOKEN",
            [("clio-client-secret", s)],
        )
    if form == 1:
        t = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s "https://www.courtlistener.com/api/rest/v4/dockets/?court=nysd" -H "Authorization: Token {t}"', [("courtlistener-token", t)]
            )
        return env([("COURTLISTENER_TOKEN", t)], [("courtlistener-token", t)])
    if form == 2:
        t = rs(64, ALNUM)
        return env([("MYCASE_ACCESS_TOKEN", t), ("MYCASE_FIRM", "corp-law")], [("mycase-access-token", t)])
    if form == 3:
        k, s = "fvpk_" + rs(24, HEX), "fvsk_" + rs(40, ALNUM)
        return env(
            [("FILEVINE_API_KEY", k), ("FILEVINE_API_SECRET", s), ("FILEVINE_ORG_ID", str(R.randint(100, 9999)))], [("filevine-api-secret", s)]
        )
    if form == 4:
        cid, s = uuid4(), rs(44, ALNUM)
        return cmd(
            f"curl -s https://app.practicepanther.com/OAuth/Token -d grant_type=authorization_code -d code=$PP_CODE -d client_id={cid} -d client_secret={s}",
            [("practicepanther-client-secret", s)],
        )
    if form == 5:
        pw = password()
        return cmd(
            f"curl -s https://www.docketalarm.com/api/v1/login/ -d username=research@corp.example -d password={pw}",
            [("docketalarm-password", pw)],
        )
    if form == 6:
        t = rs(43, URLSAFE)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.lawmatics.com/v1/matters -H "Authorization: Bearer {t}"', [("lawmatics-token", t)])
        return env([("LAWMATICS_TOKEN", t)], [("lawmatics-token", t)])
    k = rs(40, ALNUM)
    return cmd(
        f'curl -s https://api.smokeball.com/matters -H "x-api-key: {k}" -H "Authorization: Bearer $SMOKEBALL_TOKEN"', [("smokeball-api-key", k)]
    )


# ---------------------------------------------------------------- kind: auto-vehicle-keys


def auto_vehicle_keys(is_clean):
    """Vehicle-data and connected-car APIs: Smartcar client secrets (uuid, `-u id:secret`, `.env`), MarketCheck
    `api_key=`, VinAudit `key=`, CarAPI `api_secret` (JSON login body), Edmunds `api_key=`, Tesla Fleet `ta-secret.`,
    Auto.dev keys, CarsXE `key=`."""
    if is_clean:
        form = deal("auto/clean", 5)
        if form == 0:
            doc = {
                "vin": vin(),
                "vehicle_id": uuid4(),
                "plate": f"B-{rs(2, UPPER)} {R.randint(100, 9999)}",
                "odometer_km": R.randint(1000, 200000),
                "listing_id": rs(8, HEX) + "-" + rs(4, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/vehicle.json")
        if form == 1:
            return cmd_clean(
                f"curl -s 'https://vpic.nhtsa.dot.gov/api/vehicles/DecodeVinValues/{vin()}?format=json'",
                name="scripts/decode-vin.sh",
            )
        if form == 2:
            return env_clean(
                [
                    ("SMARTCAR_CLIENT_ID", uuid4()),
                    ("SMARTCAR_CLIENT_SECRET", ref("SMARTCAR_CLIENT_SECRET")),
                    ("SMARTCAR_MODE", "live"),
                    ("TESLA_CLIENT_ID", uuid4()),
                    ("TESLA_CLIENT_SECRET", "ta-secret." + masked(16)),
                ]
            )
        if form == 3:
            text = (
                "import os\n\n"
                'MARKETCHECK = {"api_key": os.environ["MARKETCHECK_API_KEY"]}\n'
                'VINAUDIT_KEY = os.environ.get("VINAUDIT_KEY", "<vinaudit-key>")\n'
                f'SAMPLE_VIN = "{vin()}"\n'
            )
            return clean(text, fmt="py", name="vehicles/clients.py")
        return env_clean(
            [
                ("CARAPI_TOKEN", uuid4()),
                ("CARAPI_SECRET", ""),
                ("EDMUNDS_API_KEY", "changeme"),
                ("AUTODEV_API_KEY", masked(20)),
            ]
        )
    form = deal("auto/secret", 8)
    if form == 0:
        cid, s = uuid4(), uuid4()
        if R.random() < 0.5:
            return env([("SMARTCAR_CLIENT_ID", cid), ("SMARTCAR_CLIENT_SECRET", s), ("SMARTCAR_MODE", "live")], [("smartcar-client-secret", s)])
        return cmd(
            f"curl -s https://auth.smartcar.com/oauth/token -u {cid}:{s} -d grant_type=authorization_code -d code=$SC_CODE -d redirect_uri=https://app.corp.example/cb",
            [("smartcar-client-secret", s)],
        )
    if form == 1:
        k = rs(32, ALNUM)
        return cmd(
            f"curl -s 'https://mc-api.marketcheck.com/v2/search/car/active?api_key={k}&make=ford&zip=10001&rows=10'",
            [("marketcheck-api-key", k)],
        )
    if form == 2:
        k = rs(16, UPPER + DIGITS)
        return cmd(f"curl -s 'https://specifications.vinaudit.com/v3/specifications?key={k}&vin={vin()}&format=json'", [("vinaudit-key", k)])
    if form == 3:
        tok, s = uuid4(), rs(32, HEX)
        body = json.dumps({"api_token": tok, "api_secret": s})
        if R.random() < 0.5:
            return cmd(f"curl -s https://carapi.app/api/auth/login -H 'Content-Type: application/json' -d '{body}'", [("carapi-secret", s)])
        return env([("CARAPI_TOKEN", tok), ("CARAPI_SECRET", s)], [("carapi-secret", s)])
    if form == 4:
        k = rs(24, LOWER + DIGITS)
        return cmd(f"curl -s 'https://api.edmunds.com/api/vehicle/v2/vins/{vin()}?fmt=json&api_key={k}'", [("edmunds-api-key", k)])
    if form == 5:
        cid, s = uuid4(), "ta-secret." + rs(16, ALNUM)
        if R.random() < 0.5:
            return env([("TESLA_CLIENT_ID", cid), ("TESLA_CLIENT_SECRET", s)], [("tesla-fleet-client-secret", s)])
        return cmd(
            f"curl -s https://auth.tesla.com/oauth2/v3/token -d grant_type=client_credentials -d client_id={cid} -d client_secret={s} -d 'scope=openid vehicle_device_data' -d audience=https://fleet-api.prd.eu.vn.cloud.tesla.com",
            [("tesla-fleet-client-secret", s)],
        )
    if form == 6:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://api.auto.dev/vin/{vin()} -H "Authorization: Bearer {k}"', [("autodev-api-key", k)])
        return env([("AUTODEV_API_KEY", k)], [("autodev-api-key", k)])
    k = rs(20, LOWER + DIGITS)
    return cmd(f"curl -s 'https://api.carsxe.com/specs?key={k}&vin={vin()}'", [("carsxe-api-key", k)])


# ---------------------------------------------------------------- contexts


def abs_path(it):
    p = item_path(it)
    return p if p.startswith("/") else "/srv/app/" + p


def plain_piecer(a):
    """No value of this round holds a character JSON, Python `repr`, shell double quotes or the contexts would change."""
    assert not set(a) & set("\"'\\\n\t$`"), a
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
        return "set -a && . ./.env && env | sort | grep -v '^AIRFLOW'"
    if it["shape"] == "cmd":
        return it["text"]
    return f"cat {abs_path(it)}"


def blamed_path(it):
    pairs = env_pairs(it)
    if it["shape"] == "cmd":
        return "scripts/run.sh"
    if pairs is not None:
        return pick(".env", ".env.production", "deploy/.env")
    return item_path(it)


def authors():
    return R.sample([("Alice Doe", "alice"), ("Bob Ray", "bob"), ("Carol Wu", "carol"), ("Dev Patel", "dev")], 2)


# -- git-blame


def git_blame(it):
    """`git blame <file>` of the file that holds the item (a command as `scripts/run.sh`): the default format
    (`^abc1234 (Alice Doe 2026-12-04 10:11:12 +0000  3) line`), `-s` (sha and line number only), `-e` (author e-mails)
    or `--porcelain` (a header per line, the line after a tab); in the terminal or a `git_blame` tool."""
    path = blamed_path(it)
    lines = file_lines(script_text(it))
    who = authors()
    commits = [
        (rs(40, HEX), who[0], f"2026-1{R.randint(0, 1)}-{R.randint(10, 28)} {R.randint(10, 19)}:{R.randint(10, 59)}:{R.randint(10, 59)} +0000")
        for _ in range(2)
    ]
    boundary = R.random() < 0.4
    owner = [R.randrange(2) for _ in lines]
    if lines:
        owner[0] = 0
    commits[1] = (commits[1][0], who[1], commits[1][2])
    w = len(str(len(lines)))
    style = R.randrange(4)
    rows = []
    seen = set()
    for i, ln in enumerate(lines):
        sha, (name, login), when = commits[owner[i]]
        mark = "^" if boundary and owner[i] == 0 else ""
        short = (mark + sha)[:8] if mark else sha[:8]
        if style == 0:
            rows.append(f"{short} ({name.ljust(9)} {when} {str(i + 1).rjust(w)}) {ln}")
        elif style == 1:
            rows.append(f"{short} {str(i + 1).rjust(w)}) {ln}")
        elif style == 2:
            rows.append(f"{short} (<{login}@corp.example> {when} {str(i + 1).rjust(w)}) {ln}")
        else:
            start = i == 0 or owner[i] != owner[i - 1]
            run = next((j for j in range(i, len(lines)) if owner[j] != owner[i]), len(lines)) - i
            rows.append(f"{sha} {i + 1} {i + 1}" + (f" {run}" if start else ""))
            if sha not in seen:
                seen.add(sha)
                epoch = R.randint(1_767_000_000, 1_779_000_000)
                rows += [
                    f"author {name}",
                    f"author-mail <{login}@corp.example>",
                    f"author-time {epoch}",
                    "author-tz +0000",
                    f"committer {name}",
                    f"committer-mail <{login}@corp.example>",
                    f"committer-time {epoch}",
                    "committer-tz +0000",
                    f"summary {pick('Add deploy settings', 'Wire up the sync job', 'Configure the client')}",
                    *(["boundary"] if mark else []),
                    f"filename {path}",
                ]
            rows.append("\t" + ln)
    flag = ["", " -s", " -e", " --porcelain"][style]
    text = "\n".join(rows) + "\n"
    if R.random() < 0.3:
        args = {"path": path, "porcelain": style == 3}
        return "result", "git_blame", json.dumps({"args": args, "output": text}), plain_piecer
    return "result", "terminal", f"$ git blame{flag} {path}\n" + text, plain_piecer


# -- rg-json


RG_PATTERNS = ["key|token|secret|password|auth", "secret|token", "api[_-]?key|client|auth"]


def rg_json(it):
    """`rg --json -i -C <n> '<pattern>' <path>` over the file holding the item: `begin`, `context` and `match` messages
    (`lines.text` with its newline, `line_number`, `absolute_offset`, `submatches`), `end` with the file's stats and the
    `summary`; the context widens until every line holding a credential is shown. In the terminal or a search tool."""
    path = blamed_path(it)
    lines = file_lines(script_text(it))
    pat = pick(*RG_PATTERNS)
    rx = re.compile(pat, re.I)
    matched = [i for i, ln in enumerate(lines) if rx.search(ln)]
    if not matched:
        held = [ln for ln in lines for s in it["secrets"] for a in s["atoms"] if a in ln] + lines
        word = next(m.group() for ln in held if (m := re.search(r"[A-Za-z_]{4,}", ln)))
        pat, rx = word, re.compile(re.escape(word), re.I)
        matched = [i for i, ln in enumerate(lines) if rx.search(ln)]
    need = [i for i, ln in enumerate(lines) for s in it["secrets"] for a in s["atoms"] if a in ln]
    ctx = R.choice([1, 2, 3])
    while any(all(abs(i - m) > ctx for m in matched) for i in need):
        ctx += 1
    shown = sorted({j for m in matched for j in range(max(0, m - ctx), min(len(lines), m + ctx + 1))})
    offs, o = [], 0
    for ln in lines:
        offs.append(o)
        o += len(ln.encode()) + 1
    msgs = [{"type": "begin", "data": {"path": {"text": path}}}]
    for j in shown:
        data = {"path": {"text": path}, "lines": {"text": lines[j] + "\n"}, "line_number": j + 1, "absolute_offset": offs[j]}
        if j in matched:
            data["submatches"] = [{"match": {"text": m.group()}, "start": m.start(), "end": m.end()} for m in rx.finditer(lines[j])]
            msgs.append({"type": "match", "data": data})
        else:
            data["submatches"] = []
            msgs.append({"type": "context", "data": data})
    nanos = R.randint(20_000, 900_000)
    stats = {
        "elapsed": {"secs": 0, "nanos": nanos, "human": f"{nanos / 1e9:.6f}s"},
        "searches": 1,
        "searches_with_match": 1,
        "bytes_searched": o,
        "bytes_printed": R.randint(400, 4000),
        "matched_lines": len(matched),
        "matches": sum(len(rx.findall(lines[m])) for m in matched),
    }
    msgs.append({"type": "end", "data": {"path": {"text": path}, "binary_offset": None, "stats": stats}})
    total = nanos + R.randint(1000, 90000)
    msgs.append({"type": "summary", "data": {"elapsed_total": {"human": f"{total / 1e9:.6f}s", "nanos": total, "secs": 0}, "stats": stats}})
    text = "\n".join(json.dumps(m, separators=(",", ":")) for m in msgs) + "\n"
    if R.random() < 0.3:
        return "result", "search_files", text, plain_piecer
    return "result", "terminal", f"$ rg --json -i -C {ctx} '{pat}' {path}\n" + text, plain_piecer


# -- gron-paths


GRON_IDENT = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def gron(v, path="json"):
    """gron's statements for a JSON value (keys in sorted order, as gron sorts its output)."""
    if isinstance(v, dict):
        out = [f"{path} = {{}};"]
        for k in sorted(v):
            sub = f"{path}.{k}" if GRON_IDENT.match(k) else f"{path}[{json.dumps(k)}]"
            out += gron(v[k], sub)
        return out
    if isinstance(v, list):
        out = [f"{path} = [];"]
        for i, x in enumerate(v):
            out += gron(x, f"{path}[{i}]")
        return out
    return [f"{path} = {json.dumps(v)};"]


def gron_paths(it):
    """`gron` output (`json.a.b = "v";`, `json["k.py"] = "…";`), piped from the API that holds the item: env values as an
    ECS task definition's `environment[n].name` / `.value` (`| gron | grep environment`) or a Lambda's
    `Environment.Variables`; a command as a CronJob container's `args`; a JSON file as itself; another file as a
    ConfigMap's `data` entry (one string, `\\n` escapes)."""
    pairs = env_pairs(it)
    app = pick("billing-api", "sync-worker", "web", "ingest")
    grep = None
    if pairs is not None:
        if R.random() < 0.5:
            doc = {
                "taskDefinition": {
                    "family": app,
                    "revision": R.randint(3, 90),
                    "containerDefinitions": [
                        {
                            "name": app,
                            "image": f"{R.randint(10**11, 10**12 - 1)}.dkr.ecr.eu-west-1.amazonaws.com/{app}:{rs(7, HEX)}",
                            "environment": [{"name": k, "value": v} for k, v in pairs],
                        }
                    ],
                }
            }
            typed = f"aws ecs describe-task-definition --task-definition {app} | gron"
            grep = "environment"
        else:
            doc = {"FunctionName": app, "Runtime": "python3.12", "Environment": {"Variables": dict(pairs)}, "Timeout": 30}
            typed = f"aws lambda get-function-configuration --function-name {app} | gron"
    elif it["shape"] == "cmd":
        doc = {
            "apiVersion": "batch/v1",
            "kind": "CronJob",
            "metadata": {"name": f"{app}-sync", "namespace": "default"},
            "spec": {
                "schedule": "*/30 * * * *",
                "jobTemplate": {
                    "spec": {
                        "template": {
                            "spec": {
                                "containers": [{"name": "sync", "image": "alpine:3.20", "command": ["/bin/sh", "-c"], "args": [it["text"]]}],
                                "restartPolicy": "Never",
                            }
                        }
                    }
                },
            },
        }
        typed = f"kubectl get cronjob {app}-sync -o json | gron"
        grep = pick(None, "containers")
    elif it["fmt"] == "json":
        doc = json.loads(it["text"])
        typed = f"gron {item_path(it)}"
    else:
        name = item_path(it).rsplit("/", 1)[-1]
        doc = {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": f"{app}-files", "namespace": "default"}, "data": {name: it["text"]}}
        typed = f"kubectl get configmap {app}-files -o json | gron"
    rows = gron(doc)
    if grep:
        rows = [r for r in rows if grep in r]
        typed += f" | grep {grep}"
    text = "\n".join(rows) + "\n"
    return "result", "terminal", f"$ {typed}\n" + text, plain_piecer


# -- airflow-task-log


def airflow_task_log(it):
    """An Airflow 2 task log of a BashOperator that shows the item: `[2026-12-05, 10:11:12 UTC] {subprocess.py:93} INFO -
    <line>` records after `Running command: ['/usr/bin/bash', '-c', …]` (a Python list `repr`); read as the log file,
    through `airflow tasks` logs in the terminal, or the REST API's `{"content": …}` JSON."""
    dag = pick("nightly_sync", "billing_export", "partner_import")
    task = pick("run", "export", "fetch")
    run_id = f"scheduled__2026-12-0{R.randint(1, 5)}T0{R.randint(0, 5)}:00:00+00:00"
    t = [R.randint(0, 3000)]

    def stamp():
        t[0] += R.randint(0, 3)
        s = t[0]
        return f"[2026-12-05, {10 + s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d} UTC]"

    host = f"airflow-worker-{R.randint(0, 3)}.airflow-worker.airflow.svc.cluster.local"
    rows = [
        f"{stamp()} {{local_task_job_runner.py:123}} INFO - ::group::Pre task execution logs",
        f"{stamp()} {{taskinstance.py:2612}} INFO - Dependencies all met for dep_context=requeueable deps ti=<TaskInstance: {dag}.{task} {run_id} [queued]>",
        f"{stamp()} {{taskinstance.py:2865}} INFO - Starting attempt 1 of 2",
        f"{stamp()} {{taskinstance.py:2888}} INFO - Executing <Task(BashOperator): {task}> on 2026-12-05 00:00:00+00:00",
        f"{stamp()} {{local_task_job_runner.py:123}} INFO - ::endgroup::",
        f"{stamp()} {{subprocess.py:78}} INFO - Tmp dir root location: /tmp",
        f"{stamp()} {{subprocess.py:88}} INFO - Running command: {['/usr/bin/bash', '-c', ('set -x; ' if it['shape'] == 'cmd' else '') + run_command(it)]!r}",
        f"{stamp()} {{subprocess.py:99}} INFO - Output:",
        *(f"{stamp()} {{subprocess.py:106}} INFO - {ln}" for ln in output_lines(it)),
        f"{stamp()} {{subprocess.py:110}} INFO - Command exited with return code 0",
        f"{stamp()} {{taskinstance.py:340}} INFO - ::group::Post task execution logs",
        f"{stamp()} {{taskinstance.py:352}} INFO - Marking task as SUCCESS. dag_id={dag}, task_id={task}, run_id={run_id}, execution_date=20261205T000000, start_date=20261205T100000, end_date=20261205T100100",
    ]
    text = "\n".join(rows) + "\n"
    view = R.randrange(3)
    if view == 0:
        path = f"/opt/airflow/logs/dag_id={dag}/run_id={run_id}/task_id={task}/attempt=1.log"
        return "result", "terminal", f"$ kubectl exec -n airflow {host.split('.')[0]} -- cat '{path}'\n" + text, plain_piecer
    if view == 1:
        return "result", "read_file", text, plain_piecer
    body = json.dumps(
        {
            "content": f"*** Found local files:\n***   * /opt/airflow/logs/dag_id={dag}/run_id={run_id}/task_id={task}/attempt=1.log\n" + text,
            "continuation_token": b64url(rbytes(48)),
        }
    )
    return "result", "airflow_get_task_log", body, plain_piecer


# -- fluentbit-stdout


def fluentbit_stdout(it):
    """Fluent Bit's `stdout` output (`docker logs fluent-bit` or `kubectl logs ds/fluent-bit`): the banner and
    `[ info]` lines, then one record per line of the service's output, as msgpack printed (`[0] kube.var.log…:
    [[1764929472.123456789, {}], {"time"=>"…", "stream"=>"stdout", "_p"=>"F", "log"=>"<line>"}]`) or with
    `-f json_lines` (`{"date":…,"log":"<line>"}`)."""
    app = pick("billing-api", "sync-worker", "web", "ingest")
    pod = f"{app}-{rs(10, LOWER + DIGITS)}-{rs(5, LOWER + DIGITS)}"
    tag = f"kube.var.log.containers.{pod}_default_{app}-{rs(64, HEX)}.log"
    lines = ["starting " + app, *output_lines(it), "listening on :8080"]
    sec = 1_796_465_470 + R.randint(0, 3)  # 2026-12-05T10:11:10Z
    json_lines = R.random() < 0.35
    rows = [
        "Fluent Bit v3.1.9",
        "* Copyright (C) 2015-2024 The Fluent Bit Authors",
        "* Fluent Bit is a CNCF sub-project under the umbrella of Fluentd",
        "* https://fluentbit.io",
        "",
        f"[2026/12/05 10:11:0{R.randint(0, 9)}] [ info] [fluent bit] version=3.1.9, commit={rs(10, HEX)}, pid=1",
        "[2026/12/05 10:11:09] [ info] [input:tail:tail.0] inotify_fs_add(): inode=1842 watch_fd=1 name=/var/log/containers/"
        + tag[len("kube.var.log.containers.") :],
        "[2026/12/05 10:11:09] [ info] [output:stdout:stdout.0] worker #0 started",
    ]
    for i, ln in enumerate(lines):
        ns = R.randint(0, 999_999_999)
        iso = f"2026-12-05T10:11:{10 + i % 50:02d}.{ns:09d}Z"
        if json_lines:
            rows.append(
                json.dumps({"date": round(sec + i + ns / 1e9, 6), "time": iso, "stream": "stdout", "_p": "F", "log": ln}, separators=(",", ":"))
            )
        else:
            rows.append(f'[{i}] {tag}: [[{sec + i}.{ns:09d}, {{}}], {{"time"=>"{iso}", "stream"=>"stdout", "_p"=>"F", "log"=>"{ln}"}}]')
    text = "\n".join(rows) + "\n"
    if R.random() < 0.5:
        return "result", "terminal", "$ kubectl logs -n logging ds/fluent-bit --tail=100\n" + text, plain_piecer
    return "result", "terminal", "$ docker logs fluent-bit 2>&1 | tail -n 100\n" + text, plain_piecer


# -- teamcity-build-log


def teamcity_build_log(it):
    """A TeamCity build log (`downloadBuildLog.html`, a `teamcity_build_log` tool, or the saved file read back): the
    `[10:11:12] :` / `[10:11:12]i:` prefixes with tab-indented blocks, a Command Line step whose custom script's content
    is echoed, `Starting:`, the step's output lines after `[Step 1/1]`, `Process exited with code 0`."""
    t = [R.randint(36000, 60000)]

    def ts():
        t[0] += R.randint(0, 2)
        s = t[0]
        return f"[{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}]"

    agent = f"agent-{R.randint(1, 9)}"
    script = f"/opt/buildagent/temp/agentTmp/custom_script{R.randint(10**17, 10**18)}"
    step = "[Step 1/1]"
    rows = [
        f"{ts()} : Build finished",
        f"{ts()} : Running build on {agent}",
        f"{ts()}i: \t [Agent] Build agent properties: teamcity.agent.name={agent}",
        f"{ts()} : Updating sources: auto checkout (on agent)",
        f"{ts()} :\t [Updating sources] Will use agent side checkout",
        f"{ts()} :\t [Updating sources] Building incremental patch for VCS root: corp/app",
        f"{ts()} : Step 1/1: Deploy (Command Line)",
        f"{ts()}i:\t {step} Content of {script} file: ",
        *(f"{ts()}i:\t {step} {ln}" for ln in ["#!/bin/sh", "set -ex", *run_command(it).split("\n")]),
        f"{ts()} :\t {step} Starting: {script}",
        f"{ts()} :\t {step} in directory: /opt/buildagent/checkouts/{rs(16, HEX)}",
        *(f"{ts()} :\t {step} {ln}" for ln in output_lines(it)),
        f"{ts()} :\t {step} Process exited with code 0",
        f"{ts()} : Publishing internal artifacts",
        f"{ts()} : Build finished",
    ]
    rows = rows[1:]
    text = "\n".join(rows) + "\n"
    view = R.randrange(3)
    if view == 0:
        n = R.randint(1000, 99999)
        return (
            "result",
            "terminal",
            f'$ curl -s -H "Authorization: Bearer $TEAMCITY_TOKEN" "https://teamcity.corp.example/downloadBuildLog.html?buildId={n}&plain=true"\n'
            + text,
            plain_piecer,
        )
    if view == 1:
        return "result", "teamcity_build_log", text, plain_piecer
    return "result", "read_file", text, plain_piecer


# -- whatsapp-export


def whatsapp_export(it):
    """A WhatsApp chat export (`_chat.txt`) that holds the item as one message (its lines continue without a prefix):
    Android (`05/12/2026, 10:11 - Alice Doe: …`, `<Media omitted>`) or iOS (`[05/12/2026, 10:11:12] Alice Doe: …`,
    U+200E before attachments); read with `read_file`, `cat`, or `unzip -p` of the exported zip."""
    (a, _), (b, _) = authors()
    lines = file_lines(script_text(it)) if it["shape"] != "cmd" else it["text"].split("\n")
    ios = R.random() < 0.5
    m = [R.randint(60, 1800)]

    def head(who):
        m[0] += R.randint(5, 240)
        hh, mm, ss = 9 + m[0] // 3600, m[0] // 60 % 60, m[0] % 60
        if ios:
            return f"[05/12/2026, {hh:02d}:{mm:02d}:{ss:02d}] {who}: "
        return f"05/12/2026, {hh:02d}:{mm:02d} - {who}: "

    ask = pick(
        "can you send me the settings for the new box?", "what does the sync job run again?", "need the config for staging, the old one is gone"
    )
    intro = pick("here you go", "this is what we have on prod", "copy of the file")
    rows = []
    if ios:
        rows.append(
            "[05/12/2026, 09:00:01] Ops: \u200eMessages and calls are end-to-end encrypted. Only people in this chat can read, listen to, or share them."
        )
    else:
        rows.append(
            "05/12/2026, 09:00 - Messages and calls are end-to-end encrypted. Only people in this chat can read, listen to, or share them. Learn more."
        )
    rows.append(head(a) + ask)
    rows.append(head(b) + intro)
    rows.append(head(b) + lines[0])
    rows += lines[1:]
    if ios:
        rows.append(head(b) + f"\u200e<attached: 000000{R.randint(10, 99)}-PHOTO-2026-12-05-10-{R.randint(10, 59)}-{R.randint(10, 59)}.jpg>")
    else:
        rows.append(head(b) + "<Media omitted>")
    rows.append(head(a) + pick("thanks!", "perfect, thx", "👍"))
    text = "\n".join(rows) + "\n"
    view = R.randrange(3)
    if view == 0:
        return "result", "read_file", text, plain_piecer
    if view == 1:
        return "result", "terminal", "$ cat 'WhatsApp Chat with Ops/_chat.txt'\n" + text, plain_piecer
    return "result", "terminal", "$ unzip -p 'WhatsApp Chat - Ops.zip' _chat.txt\n" + text, plain_piecer


# -- salt-cmd-output


def dq(s):
    """A shell double-quoted word."""
    return '"' + re.sub(r'(["\\$`])', r"\\\1", s) + '"'


def salt_cmd_output(it):
    """SaltStack run from the master: `salt '<target>' cmd.run …` (the nested outputter: each minion id, then the output
    indented four spaces), `environ.items` (`----------` and `KEY:` / value lines), `--out=json` of `cmd.run_all`, or a
    command sent as a `terminal` call (`salt -L web01,web02 cmd.run "<cmd>"`)."""
    pairs = env_pairs(it)
    minions = R.sample(["web01.corp.example", "web02.corp.example", "app03.corp.example", "worker01.corp.example"], R.randint(1, 2))
    target = pick("web*", "G@role:app", "*")
    if it["shape"] == "cmd" and R.random() < 0.4:
        call = f"salt -L {','.join(minions)} cmd.run {dq(it['text'])}"
        return "args", "terminal", json.dumps({"command": call}), plain_piecer
    if pairs is not None and R.random() < 0.5:
        rows = []
        for mn in minions:
            rows += [f"{mn}:", "    ----------"]
            for k, v in sorted([*pairs, ("HOME", "/root"), ("SHELL", "/bin/bash")]):
                rows += [f"    {k}:", f"        {v}"]
        return "result", "terminal", f"$ salt '{target}' environ.items\n" + "\n".join(rows) + "\n", plain_piecer
    shown = run_command(it) if it["shape"] != "cmd" else it["text"]
    out = "\n".join(output_lines(it)) if it["shape"] != "cmd" else pick('{"status":"ok"}', "done", "200")
    if pairs is not None:
        shown = "cat /srv/app/.env"
        out = it["text"].rstrip("\n")
    if R.random() < 0.35:
        doc = {mn: {"pid": R.randint(1000, 60000), "retcode": 0, "stdout": out, "stderr": ""} for mn in minions}
        typed = f"salt '{target}' cmd.run_all {dq(shown)} --out=json --static"
        return "result", "terminal", f"$ {typed}\n" + json.dumps(doc, indent=4) + "\n", plain_piecer
    rows = []
    for mn in minions:
        rows.append(f"{mn}:")
        rows += ["    " + ln for ln in out.split("\n")]
    typed = f"salt '{target}' cmd.run {dq(shown)}"
    return "result", "terminal", f"$ {typed}\n" + "\n".join(rows) + "\n", plain_piecer


KINDS = {
    "pos-restaurant-keys": pos_restaurant_keys,
    "event-ticketing-keys": event_ticketing_keys,
    "fitness-wearable-keys": fitness_wearable_keys,
    "field-service-keys": field_service_keys,
    "sports-data-keys": sports_data_keys,
    "fundraising-nonprofit-keys": fundraising_nonprofit_keys,
    "legal-practice-keys": legal_practice_keys,
    "auto-vehicle-keys": auto_vehicle_keys,
}

CONTEXTS = {
    "git-blame": git_blame,
    "rg-json": rg_json,
    "gron-paths": gron_paths,
    "airflow-task-log": airflow_task_log,
    "fluentbit-stdout": fluentbit_stdout,
    "teamcity-build-log": teamcity_build_log,
    "whatsapp-export": whatsapp_export,
    "salt-cmd-output": salt_cmd_output,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r19", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
