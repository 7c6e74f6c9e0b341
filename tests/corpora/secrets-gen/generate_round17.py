"""Round 17 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 16 have been read, measured or worked on, or written. Round 17 was written blind, like
rounds 5 to 16: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL fields), never the rules
nor anything else under `engine/`, `BENCHMARKS.md`, `README.md` nor `docs/`, and never ran the
engine on it.

Kind families and context families: see `SPLIT.md`, round 17. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round17.py     # rewrites round17.jsonl beside this file

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
    uuid4,
    write_round,
)

SEED = 1973
OUT = Path(__file__).with_name("round17.jsonl")

HELD_OUT_KINDS = {"marketplace-fulfilment-keys", "lowcode-automation-keys"}
HELD_OUT_CONTEXTS = {"journald-json", "cloud-init-output", "gist-api-json"}


def ref(name):
    return pick("${" + name + "}", "$" + name)


def hs256(claims):
    return jwt({"alg": "HS256", "typ": "JWT"}, claims)


def rs256(claims):
    return jwt({"alg": "RS256", "typ": "JWT"}, claims, sig_len=256)


def masked(n=16):
    return "*" * n


# ---------------------------------------------------------------- kind: market-data-keys


def market_data_keys(is_clean):
    """Market-data APIs: Alpha Vantage, Finnhub, Tiingo, Twelve Data, Alpaca (the secret beside its `PK…` key id),
    FRED, EOD Historical Data, Databento `db-`."""
    if is_clean:
        form = deal("mkt/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("ALPHAVANTAGE_API_KEY", "demo"),
                    ("APCA_API_KEY_ID", "PK" + rs(18, UPPER + DIGITS)),
                    ("APCA_API_SECRET_KEY", ref("APCA_API_SECRET_KEY")),
                    ("APCA_API_BASE_URL", "https://paper-api.alpaca.markets"),
                    ("TIINGO_API_KEY", ""),
                ]
            )
        if form == 1:
            doc = {
                "symbol": pick("AAPL", "MSFT", "IBM", "NVDA"),
                "figi": "BBG" + rs(9, UPPER + DIGITS),
                "cik": str(R.randint(10**5, 10**7)).zfill(10),
                "order": {"id": uuid4(), "client_order_id": rs(20, ALNUM), "status": "filled", "qty": str(R.randint(1, 90))},
                "etag": rs(40, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/quote.json")
        if form == 2:
            text = (
                "import os\n\nimport finnhub\nfrom fredapi import Fred\n\n"
                'client = finnhub.Client(api_key=os.environ["FINNHUB_API_KEY"])\n'
                'fred = Fred(api_key=os.environ.get("FRED_API_KEY"))\n'
                f'series = fred.get_series("{pick("DGS10", "CPIAUCSL", "UNRATE")}")\n'
            )
            return clean(text, fmt="py", name="research/feeds.py")
        if form == 3:
            sym = pick("IBM", "TSCO.LON", "SHOP.TRT")
            return clean(
                f"curl -s 'https://www.alphavantage.co/query?function=GLOBAL_QUOTE&symbol={sym}&apikey=demo' | jq .",
                shape="cmd",
                fmt="cmd",
                name="scripts/quote.sh",
            )
        return env_clean(
            [
                ("FINNHUB_API_KEY", "c" + masked(19)),
                ("TWELVE_DATA_API_KEY", "<your-twelvedata-key>"),
                ("DATABENTO_API_KEY", "db-" + masked(8)),
                ("EODHD_API_TOKEN", ref("EODHD_API_TOKEN")),
            ]
        )
    form = deal("mkt/secret", 8)
    if form == 0:
        k = rs(16, UPPER + DIGITS)
        if R.random() < 0.5:
            return env([("ALPHAVANTAGE_API_KEY", k), ("QUOTE_SYMBOLS", "IBM,MSFT")], [("alphavantage-api-key", k)])
        return cmd(
            f"curl -s 'https://www.alphavantage.co/query?function=TIME_SERIES_DAILY&symbol=IBM&apikey={k}' -o ibm.json",
            [("alphavantage-api-key", k)],
        )
    if form == 1:
        k = "c" + rs(19, LOWER + DIGITS)
        if R.random() < 0.5:
            text = f'import finnhub\n\nclient = finnhub.Client(api_key="{k}")\nprint(client.quote("AAPL"))\n'
            return item(text, [("finnhub-api-key", k)], fmt="py", name="research/quote.py")
        return cmd(f'curl -s "https://finnhub.io/api/v1/quote?symbol=AAPL" -H "X-Finnhub-Token: {k}"', [("finnhub-api-key", k)])
    if form == 2:
        k = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -H "Content-Type: application/json" -H "Authorization: Token {k}" https://api.tiingo.com/tiingo/daily/aapl/prices',
                [("tiingo-api-key", k)],
            )
        return env([("TIINGO_API_KEY", k)], [("tiingo-api-key", k)])
    if form == 3:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://api.twelvedata.com/time_series?symbol=EUR/USD&interval=1min&apikey={k}'",
                [("twelvedata-api-key", k)],
            )
        return env([("TWELVE_DATA_API_KEY", k), ("TWELVE_DATA_WS", "wss://ws.twelvedata.com/v1/quotes/price")], [("twelvedata-api-key", k)])
    if form == 4:
        kid, s = "AK" + rs(18, UPPER + DIGITS), rs(40, ALNUM)
        if R.random() < 0.5:
            return env(
                [("APCA_API_KEY_ID", kid), ("APCA_API_SECRET_KEY", s), ("APCA_API_BASE_URL", "https://api.alpaca.markets")],
                [("alpaca-secret-key", s)],
            )
        return cmd(
            f'curl -s https://api.alpaca.markets/v2/account -H "APCA-API-KEY-ID: {kid}" -H "APCA-API-SECRET-KEY: {s}"',
            [("alpaca-secret-key", s)],
        )
    if form == 5:
        k = rs(32, HEX)
        if R.random() < 0.5:
            text = f'from fredapi import Fred\n\nfred = Fred(api_key="{k}")\nrates = fred.get_series("DGS10")\n'
            return item(text, [("fred-api-key", k)], fmt="py", name="research/rates.py")
        return cmd(
            f"curl -s 'https://api.stlouisfed.org/fred/series/observations?series_id=UNRATE&api_key={k}&file_type=json'",
            [("fred-api-key", k)],
        )
    if form == 6:
        k = rs(24, HEX) + "." + rs(8, DIGITS)
        text = f"provider: eodhd\neodhd:\n  api_token: {k}\n  exchange: US\n  fmt: json\n"
        return item(text, [("eodhd-api-token", k)], fmt="yaml", name="config/marketdata.yml")
    k = "db-" + rs(29, ALNUM)
    if R.random() < 0.5:
        return env([("DATABENTO_API_KEY", k), ("DATABENTO_DATASET", "XNAS.ITCH")], [("databento-api-key", k)])
    text = f'import databento as db\n\nclient = db.Historical("{k}")\ndata = client.timeseries.get_range(dataset="GLBX.MDP3", symbols=["ES.FUT"])\n'
    return item(text, [("databento-api-key", k)], fmt="py", name="research/futures.py")


# ---------------------------------------------------------------- kind: forms-survey-keys


def forms_survey_keys(is_clean):
    """Form and survey SaaS: Typeform `tfp_`, SurveyMonkey, Jotform, Qualtrics, Formstack, Tally `tly-`, Fillout
    `sk_prod_`, Alchemer (the `api_token_secret` beside its `api_token`)."""
    if is_clean:
        form = deal("forms/clean", 5)
        if form == 0:
            doc = {
                "event_id": rs(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"),
                "event_type": "form_response",
                "form_response": {
                    "form_id": rs(8, ALNUM),
                    "token": rs(32, LOWER + DIGITS),
                    "submitted_at": "2026-12-05T10:11:12Z",
                    "hidden": {"utm_source": "newsletter"},
                },
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/typeform-webhook.json")
        if form == 1:
            return env_clean(
                [
                    ("TYPEFORM_TOKEN", "tfp_" + masked(12)),
                    ("QUALTRICS_API_TOKEN", "<qualtrics-api-token>"),
                    ("QUALTRICS_DATACENTER", pick("fra1", "iad1", "syd1")),
                    ("JOTFORM_API_KEY", ""),
                ]
            )
        if form == 2:
            text = (
                f"surveys:\n  onboarding: SV_{rs(15, ALNUM)}\n  nps: SV_{rs(15, ALNUM)}\n"
                f"last_response: R_{rs(15, ALNUM)}\njotform_form_id: {R.randint(10**14, 10**15)}\n"
            )
            return clean(text, fmt="yaml", name="config/surveys.yml")
        if form == 3:
            return clean(
                f'curl -s https://api.typeform.com/forms/{rs(8, ALNUM)}/responses -H "Authorization: Bearer ${{TYPEFORM_TOKEN}}"',
                shape="cmd",
                fmt="cmd",
                name="scripts/responses.sh",
            )
        text = (
            "import os\n\nimport requests\n\n"
            'HEADERS = {"X-API-TOKEN": os.environ["QUALTRICS_API_TOKEN"]}\n'
            'FORMSTACK = {"Authorization": "Bearer " + os.environ.get("FORMSTACK_TOKEN", "")}\n'
        )
        return clean(text, fmt="py", name="surveys/client.py")
    form = deal("forms/secret", 8)
    if form == 0:
        t = "tfp_" + rs(44, ALNUM) + "_" + rs(14, ALNUM)
        if R.random() < 0.5:
            return env([("TYPEFORM_TOKEN", t), ("TYPEFORM_FORM_ID", rs(8, ALNUM))], [("typeform-token", t)])
        return cmd(f'curl -s https://api.typeform.com/me -H "Authorization: Bearer {t}"', [("typeform-token", t)])
    if form == 1:
        t = rs(R.randint(60, 72), ALNUM + "-")
        t = "a" + t.strip("-")
        return cmd(
            f'curl -s https://api.surveymonkey.com/v3/surveys -H "Authorization: Bearer {t}" -H "Content-Type: application/json"',
            [("surveymonkey-access-token", t)],
        )
    if form == 2:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f'curl -s -H "APIKEY: {k}" https://eu-api.jotform.com/user/forms', [("jotform-api-key", k)])
        return cmd(f"curl -s 'https://api.jotform.com/form/{R.randint(10**14, 10**15)}/submissions?apiKey={k}'", [("jotform-api-key", k)])
    if form == 3:
        t = rs(40, ALNUM)
        if R.random() < 0.5:
            return env([("QUALTRICS_API_TOKEN", t), ("QUALTRICS_DATACENTER", "fra1")], [("qualtrics-api-token", t)])
        return cmd(
            f'curl -s https://fra1.qualtrics.com/API/v3/surveys -H "X-API-TOKEN: {t}"',
            [("qualtrics-api-token", t)],
        )
    if form == 4:
        t = rs(32, HEX)
        if R.random() < 0.5:
            return env([("FORMSTACK_TOKEN", t)], [("formstack-token", t)])
        return cmd(f'curl -s https://www.formstack.com/api/v2/form.json -H "Authorization: Bearer {t}"', [("formstack-token", t)])
    if form == 5:
        k = "tly-" + rs(32, ALNUM)
        return env([("TALLY_API_KEY", k), ("TALLY_WORKSPACE", rs(6, ALNUM))], [("tally-api-key", k)])
    if form == 6:
        k = "sk_prod_" + rs(96, ALNUM)
        text = f'import requests\n\nheaders = {{"Authorization": "Bearer {k}"}}\nr = requests.get("https://api.fillout.com/v1/api/forms", headers=headers)\n'
        return item(text, [("fillout-api-key", k)], fmt="py", name="surveys/fillout.py")
    tok, sec = rs(32, HEX), rs(32, ALNUM)
    return cmd(
        f"curl -s 'https://api.alchemer.com/v5/survey?api_token={tok}&api_token_secret={sec}'",
        [("alchemer-api-token-secret", sec)],
    )


# ---------------------------------------------------------------- kind: video-meeting-keys


def video_meeting_keys(is_clean):
    """Video-meeting APIs: Webex bot tokens, Daily, Whereby (JWT), 100ms app secrets, LiveKit API secrets,
    Vonage Video (OpenTok) secrets, Dyte org keys, BigBlueButton shared secrets."""
    if is_clean:
        form = deal("video/clean", 5)
        if form == 0:
            text = f"port: 7880\nrtc:\n  tcp_port: 7881\n  use_external_ip: true\nkeys:\n  API{rs(12, ALNUM)}: ${{LIVEKIT_API_SECRET}}\nlogging:\n  level: info\n"
            return clean(text, fmt="yaml", name="livekit.yaml")
        if form == 1:
            sha = rs(40, HEX)
            return clean(
                f"curl -s 'https://bbb.corp.example/bigbluebutton/api/join?fullName=Ops&meetingID=standup&role=VIEWER&checksum={sha}'",
                shape="cmd",
                fmt="cmd",
                name="scripts/join.sh",
            )
        if form == 2:
            doc = {
                "id": b64(f"ciscospark://us/ROOM/{uuid4()}".encode()).rstrip("="),
                "title": "Ops standup",
                "url": f"https://{pick('corp', 'acme')}.daily.co/standup-{rs(6, LOWER)}",
                "meetingId": str(R.randint(10**9, 10**10)),
                "hms_room_id": rs(24, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/rooms.json")
        if form == 3:
            return env_clean(
                [
                    ("DAILY_API_KEY", ""),
                    ("WEBEX_BOT_TOKEN", "<webex-bot-token>"),
                    ("HMS_APP_ACCESS_KEY", rs(24, HEX)),
                    ("HMS_APP_SECRET", masked(12)),
                    ("OPENTOK_API_KEY", str(R.randint(10**7, 10**8))),
                ]
            )
        text = (
            "import os\n\nfrom livekit import api\n\n"
            'lk = api.LiveKitAPI(os.environ["LIVEKIT_URL"], os.environ["LIVEKIT_API_KEY"], os.environ["LIVEKIT_API_SECRET"])\n'
        )
        return clean(text, fmt="py", name="meet/rooms.py")
    form = deal("video/secret", 8)
    if form == 0:
        t = rs(64, ALNUM) + "_" + pick("P0A1", "PF84", "PE93") + "_" + uuid4()
        if R.random() < 0.5:
            return env([("WEBEX_BOT_TOKEN", t), ("WEBEX_ROOM", "ops")], [("webex-bot-token", t)])
        return cmd(
            f'curl -s https://webexapis.com/v1/messages -H "Authorization: Bearer {t}" -d roomId=ops -d text=deployed',
            [("webex-bot-token", t)],
        )
    if form == 1:
        k = rs(64, HEX)
        if R.random() < 0.5:
            return env([("DAILY_API_KEY", k), ("DAILY_DOMAIN", "corp.daily.co")], [("daily-api-key", k)])
        return cmd(f'curl -s -X POST https://api.daily.co/v1/rooms -H "Authorization: Bearer {k}"', [("daily-api-key", k)])
    if form == 2:
        t = hs256({"iat": 1767000000, "iss": "https://accounts.srv.whereby.com", "meetingDataSubject": rs(6, LOWER), "roleName": "integration"})
        return env([("WHEREBY_API_KEY", t)], [("whereby-api-key", t)])
    if form == 3:
        ak, s = rs(24, HEX), b64(rbytes(R.choice([32, 40]))).rstrip("=").replace("/", "_").replace("+", "-")
        return env([("HMS_APP_ACCESS_KEY", ak), ("HMS_APP_SECRET", s), ("HMS_TEMPLATE_ID", rs(24, HEX))], [("hms-app-secret", s)])
    if form == 4:
        k, s = "API" + rs(12, ALNUM), rs(43, ALNUM)
        style = R.randrange(3)
        if style == 0:
            return env([("LIVEKIT_URL", "wss://meet.corp.example"), ("LIVEKIT_API_KEY", k), ("LIVEKIT_API_SECRET", s)], [("livekit-api-secret", s)])
        if style == 1:
            text = f"port: 7880\nrtc:\n  tcp_port: 7881\nkeys:\n  {k}: {s}\nlogging:\n  level: info\n"
            return item(text, [("livekit-api-secret", s)], fmt="yaml", name="livekit.yaml")
        return cmd(f"lk room list --url wss://meet.corp.example --api-key {k} --api-secret {s}", [("livekit-api-secret", s)])
    if form == 5:
        s = rs(40, HEX)
        return env([("OPENTOK_API_KEY", str(R.randint(10**7, 10**8))), ("OPENTOK_API_SECRET", s)], [("opentok-api-secret", s)])
    if form == 6:
        org, k = uuid4(), rs(20, HEX)
        return cmd(f"curl -s -u {org}:{k} https://api.dyte.io/v2/meetings", [("dyte-api-key", k)])
    s = rs(R.choice([40, 64]), HEX)
    if R.random() < 0.5:
        text = f"bigbluebutton.web.serverURL=https://bbb.corp.example\nsecuritySalt={s}\nsupportedChecksumAlgorithms=sha1,sha256\n"
        return item(text, [("bigbluebutton-shared-secret", s)], fmt="properties", name="etc/bigbluebutton/bbb-web.properties")
    return env([("BBB_URL", "https://bbb.corp.example/bigbluebutton/"), ("BBB_SECRET", s)], [("bigbluebutton-shared-secret", s)])


# ---------------------------------------------------------------- kind: email-verify-enrich-keys


def email_verify_enrich_keys(is_clean):
    """Email verification and contact-enrichment APIs: ZeroBounce, NeverBounce `secret_`, Kickbox `live_`, Clearbit
    `sk_`, Apollo.io, People Data Labs, Abstract API, Emailable `live_`."""
    if is_clean:
        form = deal("verify/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("CLEARBIT_PUBLISHABLE_KEY", "pk_" + rs(32, HEX)),
                    ("CLEARBIT_SECRET_KEY", ref("CLEARBIT_SECRET_KEY")),
                    ("NEVERBOUNCE_API_KEY", "secret_" + masked(16)),
                    ("ZEROBOUNCE_API_KEY", ""),
                ]
            )
        if form == 1:
            doc = {
                "address": f"{pick('ana', 'li', 'sam')}@example.com",
                "status": pick("valid", "catch-all", "invalid"),
                "md5": rs(32, HEX),
                "sha256": rs(64, HEX),
                "pdl_id": rs(28, LOWER + DIGITS),
                "request_id": uuid4(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/verify.json")
        if form == 2:
            return clean(
                'curl -s "https://api.zerobounce.net/v2/validate?api_key=${ZEROBOUNCE_API_KEY}&email=ops@example.com"',
                shape="cmd",
                fmt="cmd",
                name="scripts/verify.sh",
            )
        if form == 3:
            text = (
                "import os\n\nimport kickbox\n\n"
                'client = kickbox.Client(os.environ["KICKBOX_API_KEY"])\n'
                'APOLLO_HEADERS = {"X-Api-Key": os.getenv("APOLLO_API_KEY", "<apollo-api-key>")}\n'
            )
            return clean(text, fmt="py", name="crm/enrich.py")
        return env_clean(
            [
                ("PDL_API_KEY", "<your-pdl-api-key>"),
                ("ABSTRACT_EMAIL_KEY", "YOUR_API_KEY"),
                ("EMAILABLE_API_KEY", "live_" + masked(20)),
            ]
        )
    form = deal("verify/secret", 8)
    if form == 0:
        k = rs(32, HEX)
        if R.random() < 0.5:
            return env([("ZEROBOUNCE_API_KEY", k)], [("zerobounce-api-key", k)])
        return cmd(f"curl -s 'https://api.zerobounce.net/v2/validate?api_key={k}&email=ops@example.com'", [("zerobounce-api-key", k)])
    if form == 1:
        k = "secret_" + rs(32, HEX)
        if R.random() < 0.5:
            return env([("NEVERBOUNCE_API_KEY", k)], [("neverbounce-api-key", k)])
        return cmd(f"curl -s 'https://api.neverbounce.com/v4/single/check?key={k}&email=ops@example.com'", [("neverbounce-api-key", k)])
    if form == 2:
        k = "live_" + rs(64, HEX)
        if R.random() < 0.5:
            return env([("KICKBOX_API_KEY", k)], [("kickbox-api-key", k)])
        text = f'import kickbox\n\nclient = kickbox.Client("{k}")\nkb = client.kickbox()\n'
        return item(text, [("kickbox-api-key", k)], fmt="py", name="crm/verify.py")
    if form == 3:
        k = "sk_" + rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f"curl -s 'https://person.clearbit.com/v2/combined/find?email=ops@example.com' -u {k}:", [("clearbit-secret-key", k)])
        return env([("CLEARBIT_SECRET_KEY", k), ("CLEARBIT_PUBLISHABLE_KEY", "pk_" + rs(32, HEX))], [("clearbit-secret-key", k)])
    if form == 4:
        k = rs(22, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -X POST https://api.apollo.io/api/v1/people/match -H "X-Api-Key: {k}" -H "Content-Type: application/json"',
                [("apollo-api-key", k)],
            )
        return env([("APOLLO_API_KEY", k)], [("apollo-api-key", k)])
    if form == 5:
        k = rs(64, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -G https://api.peopledatalabs.com/v5/person/enrich -H 'X-Api-Key: {k}' --data-urlencode 'email=ops@example.com'",
                [("pdl-api-key", k)],
            )
        return env([("PDL_API_KEY", k)], [("pdl-api-key", k)])
    if form == 6:
        k = rs(32, HEX)
        return cmd(
            f"curl -s 'https://emailvalidation.abstractapi.com/v1/?api_key={k}&email=ops@example.com'",
            [("abstract-api-key", k)],
        )
    k = "live_" + rs(20, ALNUM)
    return env([("EMAILABLE_API_KEY", k), ("EMAILABLE_TIMEOUT", "10")], [("emailable-api-key", k)])


# ---------------------------------------------------------------- kind: travel-booking-keys


def travel_booking_keys(is_clean):
    """Travel and flight-data APIs: Amadeus client secrets, Duffel `duffel_live_`, Kiwi Tequila, aviationstack,
    FlightAware AeroAPI, Sabre client secrets, Hotelbeds secrets (beside the `X-Signature`), OpenSky passwords."""
    if is_clean:
        form = deal("travel/clean", 5)
        if form == 0:
            doc = {
                "data": {
                    "id": "ord_0000" + rs(18, ALNUM),
                    "booking_reference": rs(6, UPPER + DIGITS),
                    "offer_id": "off_0000" + rs(18, ALNUM),
                    "slices": [{"origin": pick("LHR", "JFK", "FRA"), "destination": pick("SFO", "NRT", "GRU")}],
                    "total_amount": f"{R.randint(200, 2000)}.{R.randint(10, 99)}",
                }
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/order.json")
        if form == 1:
            return env_clean(
                [
                    ("AMADEUS_CLIENT_ID", rs(32, ALNUM)),
                    ("AMADEUS_CLIENT_SECRET", ref("AMADEUS_CLIENT_SECRET")),
                    ("AMADEUS_HOSTNAME", "test"),
                    ("DUFFEL_ACCESS_TOKEN", "<duffel-access-token>"),
                ]
            )
        if form == 2:
            return clean(
                f'curl -s https://api.test.hotelbeds.com/hotel-api/1.0/status -H "Api-key: $HOTELBEDS_KEY" -H "X-Signature: {rs(64, HEX)}"',
                shape="cmd",
                fmt="cmd",
                name="scripts/hb-status.sh",
            )
        if form == 3:
            text = (
                "import os\n\nfrom amadeus import Client\n\n"
                'amadeus = Client(client_id=os.environ["AMADEUS_CLIENT_ID"], client_secret=os.environ["AMADEUS_CLIENT_SECRET"])\n'
            )
            return clean(text, fmt="py", name="travel/search.py")
        return env_clean(
            [
                ("AVIATIONSTACK_ACCESS_KEY", masked(32)),
                ("AEROAPI_KEY", ""),
                ("TEQUILA_API_KEY", "changeme"),
                ("OPENSKY_USERNAME", "corp-ops"),
                ("OPENSKY_PASSWORD", ""),
            ]
        )
    form = deal("travel/secret", 8)
    if form == 0:
        cid, s = rs(32, ALNUM), rs(16, ALNUM)
        if R.random() < 0.5:
            return cmd(
                "curl -s https://api.amadeus.com/v1/security/oauth2/token -H 'Content-Type: application/x-www-form-urlencoded' "
                f"-d 'grant_type=client_credentials&client_id={cid}&client_secret={s}'",
                [("amadeus-client-secret", s)],
            )
        return env([("AMADEUS_CLIENT_ID", cid), ("AMADEUS_CLIENT_SECRET", s), ("AMADEUS_HOSTNAME", "production")], [("amadeus-client-secret", s)])
    if form == 1:
        t = "duffel_live_" + rs(43, URLSAFE)
        if R.random() < 0.5:
            return env([("DUFFEL_ACCESS_TOKEN", t)], [("duffel-access-token", t)])
        return cmd(
            f'curl -s https://api.duffel.com/air/offer_requests -H "Duffel-Version: v2" -H "Authorization: Bearer {t}"',
            [("duffel-access-token", t)],
        )
    if form == 2:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://api.tequila.kiwi.com/v2/search?fly_from=PRG&fly_to=LGW&date_from=05/12/2026' -H 'apikey: {k}'",
                [("kiwi-tequila-api-key", k)],
            )
        return env([("TEQUILA_API_KEY", k)], [("kiwi-tequila-api-key", k)])
    if form == 3:
        k = rs(32, HEX)
        return cmd(f"curl -s 'https://api.aviationstack.com/v1/flights?access_key={k}&flight_iata=LH400'", [("aviationstack-access-key", k)])
    if form == 4:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(f'curl -s https://aeroapi.flightaware.com/aeroapi/flights/UAL4 -H "x-apikey: {k}"', [("flightaware-aeroapi-key", k)])
        return env([("AEROAPI_KEY", k)], [("flightaware-aeroapi-key", k)])
    if form == 5:
        s = rs(R.randint(8, 12), ALNUM)
        return env(
            [("SABRE_CLIENT_ID", "V1:" + rs(8, LOWER + DIGITS) + ":DEVCENTER:EXT"), ("SABRE_CLIENT_SECRET", s), ("SABRE_ENV", "cert")],
            [("sabre-client-secret", s)],
        )
    if form == 6:
        k, s = rs(32, HEX), rs(10, ALNUM)
        text = (
            "import hashlib\nimport time\n\n"
            f'API_KEY = "{k}"\nSECRET = "{s}"\n\n\n'
            "def signature():\n"
            "    return hashlib.sha256((API_KEY + SECRET + str(int(time.time()))).encode()).hexdigest()\n"
        )
        return item(text, [("hotelbeds-secret", s)], fmt="py", name="travel/hotelbeds.py")
    p = password()
    return cmd(f"curl -s -u corp-ops:{p} 'https://opensky-network.org/api/states/all?lamin=45.8&lomin=5.9'", [("opensky-password", p)])


# ---------------------------------------------------------------- kind: open-data-research-keys


def open_data_research_keys(is_clean):
    """Open-data and research APIs: NCBI E-utilities, api.nasa.gov, Zotero, ORCID client secrets, NOAA CDO tokens,
    US Census, Europeana `wskey`, Semantic Scholar."""
    if is_clean:
        form = deal("research/clean", 5)
        if form == 0:
            return clean(
                "curl -s 'https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY&date=2026-12-05'",
                shape="cmd",
                fmt="cmd",
                name="scripts/apod.sh",
            )
        if form == 1:
            doc = {
                "orcid": f"0000-000{R.randint(1, 3)}-{R.randint(1000, 9999)}-{R.randint(100, 999)}{pick('X', '1', '7')}",
                "pmids": [str(R.randint(30_000_000, 39_000_000)) for _ in range(3)],
                "doi": f"10.{R.randint(1000, 9999)}/{rs(8, LOWER + DIGITS)}",
                "zotero_library": str(R.randint(10**6, 10**7)),
                "s2_paper_id": rs(40, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="data/refs.json")
        if form == 2:
            return env_clean(
                [
                    ("NCBI_API_KEY", ref("NCBI_API_KEY")),
                    ("NCBI_EMAIL", "ops@corp.example"),
                    ("ORCID_CLIENT_ID", "APP-" + rs(16, UPPER + DIGITS)),
                    ("ORCID_CLIENT_SECRET", ""),
                    ("NASA_API_KEY", "DEMO_KEY"),
                ]
            )
        if form == 3:
            text = (
                "import os\n\nfrom Bio import Entrez\nfrom pyzotero import zotero\n\n"
                'Entrez.email = "ops@corp.example"\nEntrez.api_key = os.environ.get("NCBI_API_KEY")\n'
                f'zot = zotero.Zotero("{R.randint(10**6, 10**7)}", "user", os.environ["ZOTERO_API_KEY"])\n'
            )
            return clean(text, fmt="py", name="research/fetch.py")
        return env_clean(
            [
                ("NOAA_TOKEN", "<noaa-cdo-token>"),
                ("CENSUS_API_KEY", masked(40)),
                ("EUROPEANA_WSKEY", "api2demo"),
                ("S2_API_KEY", ""),
            ]
        )
    form = deal("research/secret", 8)
    if form == 0:
        k = rs(36, HEX)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed&term=crispr&retmax=20&api_key={k}'",
                [("ncbi-api-key", k)],
            )
        text = f'from Bio import Entrez\n\nEntrez.email = "ops@corp.example"\nEntrez.api_key = "{k}"\n'
        return item(text, [("ncbi-api-key", k)], fmt="py", name="research/entrez.py")
    if form == 1:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            return env([("NASA_API_KEY", k)], [("nasa-api-key", k)])
        return cmd(f"curl -s 'https://api.nasa.gov/neo/rest/v1/feed?start_date=2026-12-01&api_key={k}'", [("nasa-api-key", k)])
    if form == 2:
        k = rs(24, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -H "Zotero-API-Key: {k}" https://api.zotero.org/users/{R.randint(10**6, 10**7)}/items/top?limit=10',
                [("zotero-api-key", k)],
            )
        text = f'from pyzotero import zotero\n\nzot = zotero.Zotero("{R.randint(10**6, 10**7)}", "user", "{k}")\nitems = zot.top(limit=5)\n'
        return item(text, [("zotero-api-key", k)], fmt="py", name="research/zotero_sync.py")
    if form == 3:
        cid, s = "APP-" + rs(16, UPPER + DIGITS), uuid4()
        if R.random() < 0.5:
            return cmd(
                f"curl -s -X POST https://orcid.org/oauth/token -H 'Accept: application/json' "
                f"-d 'client_id={cid}&client_secret={s}&grant_type=client_credentials&scope=/read-public'",
                [("orcid-client-secret", s)],
            )
        return env([("ORCID_CLIENT_ID", cid), ("ORCID_CLIENT_SECRET", s)], [("orcid-client-secret", s)])
    if form == 4:
        t = rs(32, LOWER + UPPER)
        if R.random() < 0.5:
            return cmd(
                f"curl -s -H 'token: {t}' 'https://www.ncei.noaa.gov/cdo-web/api/v2/data?datasetid=GHCND&locationid=ZIP:28801'",
                [("noaa-cdo-token", t)],
            )
        return env([("NOAA_TOKEN", t)], [("noaa-cdo-token", t)])
    if form == 5:
        k = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(f"curl -s 'https://api.census.gov/data/2023/acs/acs5?get=NAME,B01001_001E&for=state:*&key={k}'", [("census-api-key", k)])
        return env([("CENSUS_API_KEY", k)], [("census-api-key", k)])
    if form == 6:
        k = rs(R.randint(9, 12), LOWER)
        text = f"europeana:\n  endpoint: https://api.europeana.eu/record/v2/search.json\n  wskey: {k}\n  rows: 50\n"
        return item(text, [("europeana-wskey", k)], fmt="yaml", name="config/harvest.yml")
    k = rs(40, ALNUM)
    if R.random() < 0.5:
        return cmd(
            f'curl -s -H "x-api-key: {k}" "https://api.semanticscholar.org/graph/v1/paper/search?query=transformers&limit=5"',
            [("semantic-scholar-api-key", k)],
        )
    return env([("S2_API_KEY", k)], [("semantic-scholar-api-key", k)])


# ---------------------------------------------------------------- kind: marketplace-fulfilment-keys


def marketplace_fulfilment_keys(is_clean):
    """Marketplace, print / mail fulfilment and sales-tax APIs: eBay cert ids (`PRD-…`), Etsy keystrings and shared
    secrets, Printify (RS256 JWT), Lob `live_`, PostGrid `live_sk_`, Avalara AvaTax license keys, TaxJar, Gumroad."""
    if is_clean:
        form = deal("market/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("EBAY_APP_ID", f"Corp-{pick('inventor', 'lister')}-PRD-{rs(9, HEX)}-{rs(8, HEX)}"),
                    ("EBAY_CERT_ID", ref("EBAY_CERT_ID")),
                    ("ETSY_SHOP_ID", str(R.randint(10**7, 10**8))),
                    ("ETSY_SHARED_SECRET", ""),
                ]
            )
        if form == 1:
            doc = {
                "id": "ltr_" + rs(26, HEX),
                "to": "adr_" + rs(16, HEX),
                "listing_id": R.randint(10**9, 10**10),
                "printify_order": rs(24, HEX),
                "tracking_number": "9400" + rs(18, DIGITS),
                "expected_delivery_date": "2026-12-09",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/shipment.json")
        if form == 2:
            return clean(
                f"curl -s https://sandbox-rest.avatax.com/api/v2/utilities/ping -u {R.randint(10**9, 10**10)}:$AVATAX_LICENSE_KEY",
                shape="cmd",
                fmt="cmd",
                name="scripts/avatax-ping.sh",
            )
        if form == 3:
            text = (
                "import os\n\nimport taxjar\n\n"
                'client = taxjar.Client(api_key=os.environ["TAXJAR_API_KEY"])\n'
                'LOB_KEY = os.environ.get("LOB_API_KEY", "<lob-live-key>")\n'
            )
            return clean(text, fmt="py", name="shop/tax.py")
        return env_clean(
            [
                ("PRINTIFY_API_TOKEN", "eyJ0eXAiOiJKV1Qi" + masked(12)),
                ("POSTGRID_API_KEY", "live_sk_" + masked(8)),
                ("GUMROAD_ACCESS_TOKEN", "REPLACE_ME"),
                ("TAXJAR_API_KEY", "TODO"),
            ]
        )
    form = deal("market/secret", 8)
    if form == 0:
        s = f"PRD-{rs(12, HEX)}-{rs(4, HEX)}-{rs(4, HEX)}-{rs(4, HEX)}-{rs(4, HEX)}"
        app = f"Corp-lister-PRD-{rs(9, HEX)}-{rs(8, HEX)}"
        if R.random() < 0.5:
            return env([("EBAY_APP_ID", app), ("EBAY_CERT_ID", s), ("EBAY_DEV_ID", uuid4())], [("ebay-cert-id", s)])
        text = (
            f"name: ebay-config\napi.ebay.com:\n  appid: {app}\n  certid: {s}\n  devid: {uuid4()}\n  redirecturi: Corp-Corp-lister-{rs(5, LOWER)}\n"
        )
        return item(text, [("ebay-cert-id", s)], fmt="yaml", name="ebay-config.yaml")
    if form == 1:
        k, s = rs(24, LOWER + DIGITS), rs(10, LOWER + DIGITS)
        if R.random() < 0.5:
            return env([("ETSY_KEYSTRING", k), ("ETSY_SHARED_SECRET", s)], [("etsy-keystring", k), ("etsy-shared-secret", s)])
        return cmd(f'curl -s https://api.etsy.com/v3/application/openapi-ping -H "x-api-key: {k}"', [("etsy-keystring", k)])
    if form == 2:
        t = rs256({"aud": rs(32, HEX), "jti": rs(80, HEX), "iat": 1767000000, "sub": str(R.randint(10**6, 10**7)), "scopes": ["shops.manage"]})
        if R.random() < 0.5:
            return env([("PRINTIFY_API_TOKEN", t)], [("printify-api-token", t)])
        return cmd(f'curl -s https://api.printify.com/v1/shops.json -H "Authorization: Bearer {t}"', [("printify-api-token", t)])
    if form == 3:
        k = "live_" + rs(32, HEX)
        if R.random() < 0.5:
            return cmd(f"curl -s https://api.lob.com/v1/letters -u {k}: -d 'description=Invoice'", [("lob-api-key", k)])
        return env([("LOB_API_KEY", k)], [("lob-api-key", k)])
    if form == 4:
        k = "live_sk_" + rs(22, ALNUM)
        return cmd(f'curl -s https://api.postgrid.com/print-mail/v1/letters -H "x-api-key: {k}"', [("postgrid-api-key", k)])
    if form == 5:
        acct, lic = str(R.randint(10**9, 10**10)), rs(16, UHEX)
        if R.random() < 0.5:
            return cmd(f"curl -s https://rest.avatax.com/api/v2/utilities/ping -u {acct}:{lic}", [("avatax-license-key", lic)])
        return env([("AVATAX_ACCOUNT_ID", acct), ("AVATAX_LICENSE_KEY", lic), ("AVATAX_ENV", "production")], [("avatax-license-key", lic)])
    if form == 6:
        k = rs(32, HEX)
        text = f'import taxjar\n\nclient = taxjar.Client(api_key="{k}")\nrates = client.rates_for_location("90002")\n'
        return item(text, [("taxjar-api-key", k)], fmt="py", name="shop/tax.py")
    t = rs(43, URLSAFE)
    return cmd(f"curl -s https://api.gumroad.com/v2/products -d access_token={t} -X GET", [("gumroad-access-token", t)])


# ---------------------------------------------------------------- kind: lowcode-automation-keys


def lowcode_automation_keys(is_clean):
    """Workflow-automation and internal-tool platforms: n8n API keys (HS256 JWT) and `N8N_ENCRYPTION_KEY`, Make
    (uuid `Token`), Pipedream, Retool `retool_`, Budibase, Windmill, Activepieces (two secrets in one `.env`)."""
    if is_clean:
        form = deal("lowcode/clean", 5)
        if form == 0:
            name, ctype = pick(("Slack", "slackApi"), ("Postgres", "postgres"), ("HTTP Header Auth", "httpHeaderAuth"))
            doc = [
                {
                    "id": rs(16, ALNUM),
                    "name": name,
                    "type": ctype,
                    "data": "U2FsdGVkX1" + b64(rbytes(48)).rstrip("="),
                }
            ]
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="backup/credentials.json")
        if form == 1:
            return env_clean(
                [
                    ("N8N_ENCRYPTION_KEY", ref("N8N_ENCRYPTION_KEY")),
                    ("N8N_HOST", "n8n.corp.example"),
                    ("WEBHOOK_URL", "https://n8n.corp.example/"),
                    ("AP_JWT_SECRET", ""),
                ]
            )
        if form == 2:
            return clean(
                'curl -s https://n8n.corp.example/api/v1/workflows -H "X-N8N-API-KEY: $N8N_API_KEY"',
                shape="cmd",
                fmt="cmd",
                name="scripts/workflows.sh",
            )
        if form == 3:
            doc = {"scenarioId": R.randint(10**6, 10**7), "teamId": R.randint(10**5, 10**6), "hookId": uuid4(), "retoolAppUuid": uuid4()}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/scenario.json")
        return env_clean(
            [
                ("MAKE_API_TOKEN", "<make-api-token>"),
                ("RETOOL_API_TOKEN", "retool_" + masked(10)),
                ("WM_TOKEN", "xxxxxxxx"),
                ("BUDIBASE_API_KEY", "changeme"),
            ]
        )
    form = deal("lowcode/secret", 8)
    if form == 0:
        t = hs256({"sub": uuid4(), "iss": "n8n", "aud": "public-api", "iat": 1767000000})
        if R.random() < 0.5:
            return cmd(f'curl -s https://n8n.corp.example/api/v1/workflows -H "X-N8N-API-KEY: {t}"', [("n8n-api-key", t)])
        return env([("N8N_API_URL", "https://n8n.corp.example/api/v1"), ("N8N_API_KEY", t)], [("n8n-api-key", t)])
    if form == 1:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return env([("N8N_ENCRYPTION_KEY", k), ("N8N_HOST", "n8n.corp.example"), ("DB_TYPE", "postgresdb")], [("n8n-encryption-key", k)])
        return cmd(f"docker run -d --name n8n -p 5678:5678 -e N8N_ENCRYPTION_KEY={k} docker.n8n.io/n8nio/n8n", [("n8n-encryption-key", k)])
    if form == 2:
        t = uuid4()
        if R.random() < 0.5:
            return cmd(f'curl -s https://eu2.make.com/api/v2/scenarios?teamId=812 -H "Authorization: Token {t}"', [("make-api-token", t)])
        return env([("MAKE_API_TOKEN", t), ("MAKE_ZONE", "eu2.make.com")], [("make-api-token", t)])
    if form == 3:
        k = rs(32, HEX)
        return cmd(f'curl -s https://api.pipedream.com/v1/users/me -H "Authorization: Bearer {k}"', [("pipedream-api-key", k)])
    if form == 4:
        t = "retool_01" + rs(24, "0123456789abcdefghjkmnpqrstvwxyz")
        if R.random() < 0.5:
            return env([("RETOOL_API_TOKEN", t)], [("retool-api-token", t)])
        return cmd(f'curl -s https://corp.retool.com/api/v2/apps -H "Authorization: Bearer {t}"', [("retool-api-token", t)])
    if form == 5:
        k = rs(32, HEX) + "-" + rs(64, HEX)
        return cmd(
            f'curl -s -X POST https://budibase.corp.example/api/public/v1/applications/search -H "x-budibase-api-key: {k}"',
            [("budibase-api-key", k)],
        )
    if form == 6:
        t = rs(32, ALNUM)
        return cmd(f"wmill workspace add corp corp https://windmill.corp.example --token {t}", [("windmill-token", t)])
    ek, js = rs(32, HEX), rs(64, HEX)
    return env(
        [("AP_ENGINE_EXECUTABLE_PATH", "dist/packages/engine/main.js"), ("AP_ENCRYPTION_KEY", ek), ("AP_JWT_SECRET", js)],
        [("activepieces-encryption-key", ek), ("activepieces-jwt-secret", js)],
    )


# ---------------------------------------------------------------- contexts


def abs_path(it):
    p = item_path(it)
    return p if p.startswith("/") else "/srv/app/" + p


def plain_piecer(a):
    """No value of this round holds a character JSON, YAML quoting or the contexts would change."""
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


def clock(base, step):
    base[0] += R.randint(1, step)
    s = base[0]
    return f"{10 + s // 3600 % 10:02d}:{s // 60 % 60:02d}:{s % 60:02d}"


def app_name():
    return pick("billing-api", "sync-worker", "web", "ingest")


# -- httpie-verbose


def httpie_verbose(it):
    """HTTPie `http -v` (or `--offline`) output sending the item to an internal API: the request line, headers and the
    JSON body as HTTPie prints it (indent 4, keys sorted), then the response; env values as a config body's `env`,
    a command as a job's `command`, a file as a `content` field."""
    pairs = env_pairs(it)
    app = app_name()
    host = pick("ops.corp.example", "deploy.internal:8080", "localhost:8000")
    if pairs is not None:
        method, path, body = "PUT", f"/v1/apps/{app}/config", {"env": dict(pairs), "restart": True}
    elif it["shape"] == "cmd":
        method, path, body = "POST", "/v1/jobs", {"command": it["text"], "name": pick("rotate", "backfill", "sync"), "timeout": 600}
    else:
        method, path, body = "PUT", "/v1/files", {"content": it["text"], "mode": "0600", "path": abs_path(it)}
    text = json.dumps(body, indent=4, sort_keys=True)
    req = (
        f"{method} {path} HTTP/1.1\nAccept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nConnection: keep-alive\n"
        f"Content-Length: {len(text)}\nContent-Type: application/json\nHost: {host}\nUser-Agent: HTTPie/3.2.4\n\n{text}\n\n"
    )
    scheme = "http" if host.startswith("localhost") or ":8080" in host else "https"
    typed = f"$ {scheme} -v {'--offline ' if R.random() < 0.3 else ''}{method} {host}{path} < body.json\n"
    if "--offline" in typed:
        return "result", "terminal", typed + req, plain_piecer
    resp_body = json.dumps({"id": uuid4(), "status": "accepted"}, indent=4, sort_keys=True)
    resp = (
        f"\nHTTP/1.1 202 Accepted\nContent-Length: {len(resp_body)}\nContent-Type: application/json\n"
        f"Date: Sat, 05 Dec 2026 10:{R.randint(10, 59)}:{R.randint(10, 59)} GMT\nServer: uvicorn\n\n{resp_body}\n\n"
    )
    return "result", "terminal", typed + req + resp, plain_piecer


# -- fly-logs


def fly_logs(it):
    """`fly logs -a <app> --no-tail` (`<ts> app[<machine>] <region> [info]<line>`) or `fly logs --json` (one JSON
    object a line) of the machine's output: env values printed at start, a command traced, a file after `+ cat`."""
    app = "corp-" + app_name()
    machine = rs(14, HEX)
    region = pick("ord", "ams", "fra", "sin", "iad")
    base = [R.randint(0, 3000)]
    lines = ["INFO Starting init (commit: " + rs(7, HEX) + ")...", "INFO Preparing to run: `/srv/app/entrypoint.sh` as app", *container_lines(it)]
    rows = []
    as_json = R.random() < 0.4
    for ln in lines:
        ts = f"2026-12-05T{clock(base, 2)}Z"
        if as_json:
            rows.append(
                json.dumps(
                    {
                        "event": {"provider": "app"},
                        "fly": {"app": {"instance": machine, "name": app}, "region": region},
                        "host": rs(4, HEX),
                        "log": {"level": "info"},
                        "message": ln,
                        "timestamp": ts,
                    },
                    separators=(",", ":"),
                )
            )
        else:
            rows.append(f"{ts} app[{machine}] {region} [info]{ln}")
    head = f"$ fly logs -a {app} --no-tail{' --json' if as_json else ''}\n"
    if not as_json and R.random() < 0.3:
        head = f"$ flyctl deploy -a {app} && fly logs -a {app} --no-tail\n==> Verifying app config\n--> Verified app config\n"
    return "result", pick("terminal", "terminal", "fly_logs"), head + "\n".join(rows) + "\n", plain_piecer


# -- helm-diff


def helm_diff(it):
    """`helm diff upgrade` (the helm-diff plugin) showing the change the item makes: env values added to a Deployment's
    container `env` (double-quoted), a command as a Job's `args` of `/bin/sh -c`, a file as a ConfigMap's `data` block;
    `+` / `-` lines, with ANSI colours half the time."""
    pairs = env_pairs(it)
    rel = app_name()
    color = R.random() < 0.5
    ctx_lines, add, rem = [], [], []
    if pairs is not None:
        title = f"default, {rel}, Deployment (apps) has changed:"
        ctx_lines = [
            f"# Source: {rel}/templates/deployment.yaml",
            "apiVersion: apps/v1",
            "kind: Deployment",
            "metadata:",
            f"  name: {rel}",
            "spec:",
            "  template:",
            "    spec:",
            "      containers:",
            f"        - name: {rel}",
            f"          image: registry.corp.example/{rel}:1.{R.randint(0, 40)}.{R.randint(0, 9)}",
            "          env:",
        ]
        rem = ["            - name: LOG_LEVEL", '              value: "debug"']
        for k, v in pairs:
            add += [f"            - name: {k}", f"              value: {json.dumps(v)}"]
    elif it["shape"] == "cmd":
        title = f"default, {rel}-job, Job (batch) has been added:"
        add = [
            f"# Source: {rel}/templates/job.yaml",
            "apiVersion: batch/v1",
            "kind: Job",
            "metadata:",
            f"  name: {rel}-job",
            "spec:",
            "  template:",
            "    spec:",
            "      restartPolicy: Never",
            "      containers:",
            "        - name: task",
            "          image: alpine:3.20",
            '          command: ["/bin/sh", "-c"]',
            "          args:",
            f"            - {json.dumps(it['text'])}",
        ]
    else:
        title = f"default, {rel}-files, ConfigMap (v1) has changed:"
        ctx_lines = [f"# Source: {rel}/templates/configmap.yaml", "apiVersion: v1", "kind: ConfigMap", "metadata:", f"  name: {rel}-files", "data:"]
        add = [f"  {item_path(it).rsplit('/', 1)[-1]}: |", *("    " + ln for ln in file_lines(it["text"]))]

    def paint(s, c):
        return f"\x1b[{c}m{s}\x1b[0m" if color else s

    out = [paint(title, "33")]
    out += ["  " + ln for ln in ctx_lines]
    out += [paint("- " + ln, "31") for ln in rem]
    out += [paint("+ " + ln, "32") for ln in add]
    text = "\n".join(out) + "\n"
    typed = f"$ helm diff upgrade {rel} ./charts/{rel} -n default -f values/{pick('prod', 'staging')}.yaml{' --no-color' if not color else ''}\n"
    return "result", "terminal", typed + text, plain_piecer


# -- azure-pipelines-log


def azure_pipelines_log(it):
    """An Azure DevOps pipeline step's log (each line after a `2026-…Z ` timestamp, `##[section]` / `##[command]` /
    `##[group]` markers): a Bash task's `Script contents:` block holding the command, env values as `printenv` output,
    a file after `cat`; read back, from the logs REST API through `curl`, or an `azure_devops_get_log` tool."""
    pairs = env_pairs(it)
    base = [R.randint(0, 3000)]
    task = pick("Deploy", "Configure", "Bootstrap")
    grouped = R.random() < 0.5
    if pairs is not None:
        script, output = ["printenv | sort | grep -v '^AGENT_'"], [f"{k}={v}" for k, v in pairs]
    elif it["shape"] == "cmd":
        script, output = it["text"].split("\n"), ["done"]
    else:
        script, output = [f"cat {abs_path(it)}"], file_lines(it["text"])
    body = [
        "##[section]Starting: " + task,
        "==============================================================================",
        "Task         : Bash",
        "Description  : Run a Bash script on macOS, Linux, or Windows",
        "Version      : 3.247.1",
        "==============================================================================",
        "Generating script.",
        "##[group]Script contents:" if grouped else "Script contents:",
        *script,
        *(["##[endgroup]"] if grouped else []),
        f"##[command]/usr/bin/bash /mnt/vss/_work/_temp/{uuid4()}.sh",
        *output,
        "",
        "##[section]Finishing: " + task,
    ]
    rows = []
    for ln in body:
        rows.append(f"2026-12-05T{clock(base, 2)}.{R.randint(0, 9999999):07d}Z {ln}")
    text = "\n".join(rows) + "\n"
    view = R.randrange(3)
    if view == 0:
        n = R.randint(100, 999)
        return (
            "result",
            "terminal",
            f"$ curl -s -u :$AZDO_PAT https://dev.azure.com/corp/ops/_apis/build/builds/{n}/logs/{R.randint(5, 12)}\n" + text,
            plain_piecer,
        )
    if view == 1:
        return "result", "read_file", text, plain_piecer
    return "result", "azure_devops_get_log", text, plain_piecer


# -- pm2-logs


def pm2_logs(it):
    """PM2: `pm2 env <id>` (`KEY: value` lines) for env values, else `pm2 logs <app> --nostream` (`0|app  | line`)
    or the `~/.pm2/logs/<app>-out.log` file of the process's output (a command traced, a file after `+ cat`)."""
    pairs = env_pairs(it)
    app = app_name()
    pid = R.randint(0, 5)
    if pairs is not None and R.random() < 0.6:
        lines = [f"{k}: {v}" for k, v in pairs] + ["PM2_HOME: /home/deploy/.pm2", f"pm_id: {pid}", f"name: {app}", "exec_mode: fork_mode"]
        return "result", "terminal", f"$ pm2 env {pid}\n" + "\n".join(lines) + "\n", plain_piecer
    lines = container_lines(it)
    if R.random() < 0.5:
        n = R.randint(50, 200)
        pad = f"{pid}|{app}".ljust(len(app) + 10)
        out = [
            f"[TAILING] Tailing last {n} lines for [{app}] process (change the value with --lines option)",
            f"/home/deploy/.pm2/logs/{app}-out.log last {n} lines:",
            *(f"{pad}| {ln}" for ln in lines),
        ]
        return "result", "terminal", f"$ pm2 logs {app} --lines {n} --nostream\n" + "\n".join(out) + "\n", plain_piecer
    base = [R.randint(0, 3000)]
    out = [f"2026-12-05T{clock(base, 2)}: {ln}" for ln in lines]
    return "result", "read_file", "\n".join(out) + "\n", plain_piecer


# -- journald-json


def journald_json(it):
    """`journalctl -u <unit> -o json` (one object a line, `{ "K" : "v", … }` spacing as journalctl prints it),
    `-o json-pretty`, or `-o export` (`KEY=value` fields, a blank line between entries), of the service's output."""
    app = app_name()
    host = pick("app01", "web-2", "worker-3")
    pid = str(R.randint(1000, 60000))
    style = R.randrange(3)
    boot = rs(32, HEX)
    us = R.randint(1_767_000_000, 1_779_000_000) * 1_000_000
    entries = []
    for i, ln in enumerate(container_lines(it)):
        t = us + i * R.randint(1000, 900000)
        entries.append(
            {
                "__CURSOR": f"s={rs(32, HEX)};i={R.randint(1000, 99999):x};b={boot};m={R.randint(1000, 99999):x};t={t:x};x={rs(16, HEX)}",
                "__REALTIME_TIMESTAMP": str(t),
                "__MONOTONIC_TIMESTAMP": str(R.randint(10**8, 10**10)),
                "_BOOT_ID": boot,
                "PRIORITY": "6",
                "_SYSTEMD_UNIT": f"{app}.service",
                "SYSLOG_IDENTIFIER": app,
                "_PID": pid,
                "_HOSTNAME": host,
                "_TRANSPORT": "stdout",
                "MESSAGE": ln,
            }
        )
    if style == 0:
        rows = ["{ " + ", ".join(f"{json.dumps(k)} : {json.dumps(v)}" for k, v in e.items()) + " }" for e in entries]
        text = "\n".join(rows) + "\n"
        flag = "json"
    elif style == 1:
        text = "".join("{\n" + ",\n".join(f"\t{json.dumps(k)} : {json.dumps(v)}" for k, v in e.items()) + "\n}\n" for e in entries)
        flag = "json-pretty"
    else:
        text = "\n".join("".join(f"{k}={v}\n" for k, v in e.items()) for e in entries)
        flag = "export"
    return "result", "terminal", f"$ journalctl -u {app}.service -o {flag} --no-pager -n {len(entries)}\n" + text, plain_piecer


# -- cloud-init-output


def cloud_init_output(it):
    """A VM's first boot: `/var/log/cloud-init-output.log` (read back, `sudo tail`, or a `gcloud compute ssh` call's
    result) with the boot script's `set -x` trace (env values printed by `printenv`, a command traced, a file after
    `+ cat`), among `Cloud-init v. …` and `ci-info:` lines; or `sudo cloud-init query userdata` (the `#cloud-config`:
    env values in a `write_files` entry, a file in its own `content: |`, a command in `runcmd`)."""
    pairs = env_pairs(it)
    up = f"{R.randint(5, 40)}.{R.randint(10, 99)}"
    if R.random() < 0.35:
        doc = "#cloud-config\npackage_update: true\nwrite_files:\n"
        if pairs is not None:
            doc += "  - path: /etc/default/app\n    permissions: '0600'\n    content: |\n"
            doc += "".join(f"      {k}={v}\n" for k, v in pairs)
            doc += "runcmd:\n  - [systemctl, restart, app]\n"
        elif it["shape"] == "cmd":
            doc += "  - path: /etc/motd\n    content: managed by cloud-init\nruncmd:\n"
            doc += f"  - {json.dumps(it['text'])}\n"
        else:
            doc += f"  - path: {abs_path(it)}\n    permissions: '0600'\n    content: |\n"
            doc += "".join(f"      {ln}\n" if ln else "\n" for ln in file_lines(it["text"]))
            doc += "runcmd:\n  - [systemctl, restart, app]\n"
        return "result", "terminal", "$ sudo cloud-init query userdata\n" + doc, plain_piecer
    if pairs is not None:
        trace = ["+ printenv", *(f"{k}={v}" for k, v in pairs)]
    elif it["shape"] == "cmd":
        trace = ["+ " + ln for ln in it["text"].split("\n")]
    else:
        trace = [f"+ cat {abs_path(it)}", *file_lines(it["text"])]
    lines = [
        f"Cloud-init v. 24.4-0ubuntu1~24.04.2 running 'init' at Sat, 05 Dec 2026 10:11:{R.randint(10, 59)} +0000. Up {up} seconds.",
        "ci-info: ++++++++++++++++++++++++++++++++++++++Net device info+++++++++++++++++++++++++++++++++++++++",
        f"ci-info: |  ens4  | True |  10.128.0.{R.randint(2, 250)}  | 255.255.255.255 | global | 42:01:0a:80:00:{rs(2, HEX)} |",
        f"Cloud-init v. 24.4-0ubuntu1~24.04.2 running 'modules:final' at Sat, 05 Dec 2026 10:12:{R.randint(10, 59)} +0000. Up {up} seconds.",
        "+ set -eu",
        *trace,
        f"Cloud-init v. 24.4-0ubuntu1~24.04.2 finished at Sat, 05 Dec 2026 10:12:59 +0000. Datasource DataSourceGCELocal.  Up 61.{R.randint(10, 99)} seconds",
    ]
    text = "\n".join(lines) + "\n"
    view = R.randrange(3)
    if view == 0:
        return "result", "read_file", text, plain_piecer
    if view == 1:
        return "result", "terminal", f"$ sudo tail -n {len(lines)} /var/log/cloud-init-output.log\n" + text, plain_piecer
    vm = f"{app_name()}-{rs(4, LOWER + DIGITS)}"
    call = f"gcloud compute ssh {vm} --zone europe-west1-b --command 'sudo tail -n {len(lines)} /var/log/cloud-init-output.log'"
    return "result", "terminal", f"$ {call}\n" + text, plain_piecer


# -- gist-api-json


def gist_api_json(it):
    """A secret GitHub gist holding the item as a file (env values as `.env`, a command as `run.sh`, a file under its
    name): a `create_gist` tool call, or `gh api gists/<id>` output (compact, or through `jq .`)."""
    pairs = env_pairs(it)
    if pairs is not None:
        fname, lang, content = ".env", "Dotenv", it["text"]
    elif it["shape"] == "cmd":
        fname, lang, content = "run.sh", "Shell", "#!/bin/sh\n" + it["text"] + "\n"
    else:
        fname = item_path(it).rsplit("/", 1)[-1]
        lang = {"json": "JSON", "py": "Python", "yaml": "YAML"}.get(it["fmt"], "Text")
        content = it["text"]
    desc = pick("config for the new box", "staging setup", "repro for the sync job")
    if R.random() < 0.35:
        return "args", "create_gist", json.dumps({"description": desc, "public": False, "files": {fname: {"content": content}}}), plain_piecer
    gid = rs(32, HEX)
    user = pick("alice", "bob-ops", "carol")
    doc = {
        "url": f"https://api.github.com/gists/{gid}",
        "id": gid,
        "node_id": "G_kwDO" + rs(14, ALNUM),
        "git_pull_url": f"https://gist.github.com/{gid}.git",
        "html_url": f"https://gist.github.com/{user}/{gid}",
        "files": {
            fname: {
                "filename": fname,
                "type": "text/plain",
                "language": lang,
                "raw_url": f"https://gist.githubusercontent.com/{user}/{gid}/raw/{rs(40, HEX)}/{fname}",
                "size": len(content),
                "truncated": False,
                "content": content,
            }
        },
        "public": False,
        "created_at": "2026-12-05T10:11:12Z",
        "updated_at": "2026-12-05T10:11:12Z",
        "description": desc,
        "owner": {"login": user, "id": R.randint(10**6, 10**8), "type": "User"},
        "history": [{"user": {"login": user}, "version": rs(40, HEX), "committed_at": "2026-12-05T10:11:12Z"}],
    }
    if R.random() < 0.5:
        return "result", "terminal", f"$ gh api gists/{gid}\n" + json.dumps(doc, separators=(",", ":")) + "\n", plain_piecer
    return "result", "terminal", f"$ gh api gists/{gid} | jq .\n" + json.dumps(doc, indent=2) + "\n", plain_piecer


KINDS = {
    "market-data-keys": market_data_keys,
    "forms-survey-keys": forms_survey_keys,
    "video-meeting-keys": video_meeting_keys,
    "email-verify-enrich-keys": email_verify_enrich_keys,
    "travel-booking-keys": travel_booking_keys,
    "open-data-research-keys": open_data_research_keys,
    "marketplace-fulfilment-keys": marketplace_fulfilment_keys,
    "lowcode-automation-keys": lowcode_automation_keys,
}

CONTEXTS = {
    "httpie-verbose": httpie_verbose,
    "fly-logs": fly_logs,
    "helm-diff": helm_diff,
    "azure-pipelines-log": azure_pipelines_log,
    "pm2-logs": pm2_logs,
    "journald-json": journald_json,
    "cloud-init-output": cloud_init_output,
    "gist-api-json": gist_api_json,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r17", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
