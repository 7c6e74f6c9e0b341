"""Round 21 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 20 have been read, measured or worked on, or written. Round 21 was written blind, like
rounds 5 to 20: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL field names only), never
the rules nor anything else under `engine/`, and never ran the engine on it.

Kind families and context families: see `SPLIT.md`, round 21. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round21.py     # rewrites round21.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import difflib
import json
import re
import urllib.parse
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
    digits,
    env,
    env_clean,
    env_pairs,
    file_lines,
    half,
    item,
    item_path,
    jwt,
    password,
    pick,
    rbytes,
    rs,
    sha1hex,
    shq,
    template_of,
    uuid4,
    write_round,
)

SEED = 2417
OUT = Path(__file__).with_name("round21.jsonl")

HELD_OUT_KINDS = {"library-archive-keys", "reviews-reputation-keys"}
HELD_OUT_CONTEXTS = {"compose-config", "jetbrains-runconfig", "argocd-app-diff"}

DAY = 1_796_428_800  # 2026-12-05T00:00:00Z, a Saturday
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def ref(name):
    return pick("${" + name + "}", "$" + name)


def masked(n=16):
    return "*" * n


def sha256hex():
    return rs(64, HEX)


def clock(sec):
    return f"{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"


# ---------------------------------------------------------------- kind: earth-observation-keys


def earth_observation_keys(is_clean):
    """Satellite imagery and Earth-observation data: Planet `PLAK` keys (`-u key:`, `Authorization: api-key`), Sentinel
    Hub OAuth client secrets, Copernicus CDS `~/.cdsapirc` keys (a uuid, or the legacy `<uid>:<uuid>`), NASA Earthdata
    Login user tokens (an RS256 JWT), OpenTopography `API_Key=`, Maxar `MAXAR-API-KEY`, Copernicus Data Space passwords
    in the `cdse-public` token form, UP42 SDK passwords."""
    if is_clean:
        form = deal("eo/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("PL_API_KEY", ref("PL_API_KEY")),
                    ("SH_CLIENT_ID", uuid4()),
                    ("SH_CLIENT_SECRET", "<sentinel-hub-client-secret>"),
                    ("CDSE_USERNAME", "ops@corp.example"),
                    ("OPENTOPO_API_KEY", ""),
                ]
            )
        if form == 1:
            sat = rs(4, HEX)
            iid = f"20261204_{R.randint(90000, 115959):06d}_{R.randint(10, 99)}_{sat}"
            doc = {
                "type": "FeatureCollection",
                "features": [
                    {
                        "id": iid,
                        "_links": {
                            "_self": f"https://api.planet.com/data/v1/item-types/PSScene/items/{iid}",
                            "assets": f"https://api.planet.com/data/v1/item-types/PSScene/items/{iid}/assets/",
                        },
                        "properties": {
                            "acquired": f"2026-12-04T{clock(R.randint(32000, 43000))}.{rs(6, DIGITS)}Z",
                            "cloud_cover": round(R.random() * 0.3, 2),
                            "satellite_id": sat,
                            "item_type": "PSScene",
                            "instrument": "PSB.SD",
                        },
                        "assets_md5": {"ortho_analytic_4b": rs(32, HEX)},
                    }
                ],
                "sentinel_scene": f"S2B_MSIL2A_20261204T{R.randint(100000, 110000)}_N0511_R022_T32U{rs(2, UPPER)}_20261204T{R.randint(120000, 140000)}",
                "landsat_scene": f"LC09_L2SP_{R.randint(100, 230)}0{R.randint(10, 99)}_20261201_20261203_02_T1",
                "checksum_sha256": sha256hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/scenes.json")
        if form == 2:
            return cmd_clean(
                'curl -s -u "$PL_API_KEY:" "https://api.planet.com/data/v1/quick-search" -H \'Content-Type: application/json\' '
                '-d \'{"item_types":["PSScene"],"filter":{"type":"DateRangeFilter","field_name":"acquired","config":{"gte":"2026-12-01T00:00:00Z"}}}\'',
                name="scripts/planet-search.sh",
            )
        if form == 3:
            if half():
                return clean("url: https://cds.climate.copernicus.eu/api\nkey: <PERSONAL-ACCESS-TOKEN>\n", fmt="yaml", name="docs/cdsapirc.example")
            text = (
                "import os\n\n"
                "import cdsapi\n\n"
                "client = cdsapi.Client()  # reads ~/.cdsapirc\n"
                'EARTHDATA_TOKEN = os.environ["EARTHDATA_TOKEN"]\n'
                f'COLLECTION = "C{digits(10)}-LPCLOUD"\n'
                f'GRANULE = "HLS.S30.T32U{rs(2, UPPER)}.2026338T{R.randint(100000, 110000)}.v2.0"\n'
            )
            return clean(text, fmt="py", name="eo/fetch.py")
        return env_clean(
            [
                ("MAXAR_API_KEY", masked(24)),
                ("PL_API_KEY", "PLAK" + "x" * 32),
                ("UP42_PASSWORD", "changeme"),
                ("CDSE_PASSWORD", "REPLACE_ME"),
                ("EARTHDATA_TOKEN", "TODO"),
            ]
        )
    form = deal("eo/secret", 8)
    if form == 0:
        k = "PLAK" + rs(32, HEX)
        if half():
            if half():
                c = f'curl -s -u {k}: "https://api.planet.com/data/v1/item-types/PSScene/items/20261204_{R.randint(90000, 115959):06d}_{R.randint(10, 99)}_{rs(4, HEX)}/assets/"'
            else:
                c = f'curl -s "https://api.planet.com/basemaps/v1/mosaics?name__contains=global_monthly_2026_11" -H "Authorization: api-key {k}"'
            return cmd(c, [("planet-api-key", k)])
        return env([("PL_API_KEY", k), ("PLANET_AOI", "aoi/vineyards.geojson")], [("planet-api-key", k)])
    if form == 1:
        cid, cs = uuid4(), rs(R.randint(36, 44), ALNUM + "-_.+")
        if half():
            return cmd(
                f"curl -s -X POST https://services.sentinel-hub.com/auth/realms/main/protocol/openid-connect/token "
                f"-d grant_type=client_credentials -d client_id={cid} -d client_secret={shq(cs)}",
                [("sentinel-hub-client-secret", cs)],
            )
        return env(
            [("SH_CLIENT_ID", cid), ("SH_CLIENT_SECRET", cs), ("SH_BASE_URL", "https://services.sentinel-hub.com")],
            [("sentinel-hub-client-secret", cs)],
        )
    if form == 2:
        k = uuid4()
        if half():
            text = f"url: https://cds.climate.copernicus.eu/api\nkey: {k}\n"
        else:
            text = f"url: https://cds.climate.copernicus.eu/api/v2\nkey: {R.randint(10000, 399999)}:{k}\n"
        return item(text, [("cds-api-key", k)], fmt="yaml", name="~/.cdsapirc")
    if form == 3:
        now = DAY + R.randint(20000, 40000)
        uid = pick("corp_ops", "jdoe_eo", "corp-geo")
        t = jwt(
            {"typ": "JWT", "origin": "Earthdata Login", "sig": "edlsigs", "alg": "RS256"},
            {
                "type": "User",
                "uid": uid,
                "exp": now + 60 * 86400,
                "iat": now,
                "iss": "https://urs.earthdata.nasa.gov",
                "identity_provider": "edl_ops",
                "acr": "edl",
                "assurance_level": 3,
            },
            256,
        )
        if half():
            return cmd(
                f'curl -s -L -O -H "Authorization: Bearer {t}" '
                f"https://data.lpdaac.earthdatacloud.nasa.gov/lp-prod-protected/HLSS30.020/HLS.S30.T32U{rs(2, UPPER)}.2026338T{R.randint(100000, 110000)}.v2.0/B04.tif",
                [("earthdata-token", t)],
            )
        return env([("EARTHDATA_USERNAME", uid), ("EARTHDATA_TOKEN", t)], [("earthdata-token", t)])
    if form == 4:
        k = rs(32, HEX)
        if half():
            return cmd(
                f'curl -s -o dem.tif "https://portal.opentopography.org/API/globaldem?demtype=COP30&south=46.5&north=46.9&west=7.9&east=8.4&outputFormat=GTiff&API_Key={k}"',
                [("opentopography-api-key", k)],
            )
        return env([("OPENTOPO_API_KEY", k), ("DEM_TYPE", "COP30")], [("opentopography-api-key", k)])
    if form == 5:
        k = rs(R.randint(48, 64), ALNUM)
        if half():
            return cmd(
                f'curl -s "https://api.maxar.com/discovery/v1/search?collections=wv02,wv03-vnir&bbox=8.50,47.35,8.60,47.40&limit=10" -H "MAXAR-API-KEY: {k}"',
                [("maxar-api-key", k)],
            )
        return env([("MAXAR_API_KEY", k)], [("maxar-api-key", k)])
    if form == 6:
        pw = password()
        if half():
            return cmd(
                "curl -s -X POST https://identity.dataspace.copernicus.eu/auth/realms/CDSE/protocol/openid-connect/token "
                f"-d client_id=cdse-public -d username=ops@corp.example -d password={shq(pw)} -d grant_type=password",
                [("cdse-password", pw)],
            )
        return env([("CDSE_USERNAME", "ops@corp.example"), ("CDSE_PASSWORD", pw)], [("cdse-password", pw)])
    pw = password()
    if half():
        text = (
            "import up42\n\n"
            f'up42.authenticate(username="ops@corp.example", password="{pw}")\n'
            "catalog = up42.initialize_catalog()\n"
            'search = catalog.construct_search_parameters(collections=["phr"], geometry=AOI, start_date="2026-11-01", end_date="2026-12-01")\n'
        )
        return item(text, [("up42-password", pw)], fmt="py", name="eo/up42_order.py")
    return env([("UP42_USERNAME", "ops@corp.example"), ("UP42_PASSWORD", pw)], [("up42-password", pw)])


# ---------------------------------------------------------------- kind: social-publishing-keys


def x_bearer():
    mid = urllib.parse.quote(b64(rbytes(20)), safe="")
    return "A" * 21 + rs(R.randint(4, 6), ALNUM) + "A" * 7 + mid + rs(50, ALNUM)


def social_publishing_keys(is_clean):
    """Social publishing APIs: X app-only bearer tokens (`AAAA…%2B…%3D…`), X consumer and access-token secrets,
    Pinterest `pina_`, LinkedIn `WPL_AP1.` client secrets, Bluesky app passwords, Tumblr consumer / OAuth secrets,
    Threads `THAA…` tokens, Buffer `1/…` access tokens."""
    if is_clean:
        form = deal("social/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("X_BEARER_TOKEN", ref("X_BEARER_TOKEN")),
                    ("BLUESKY_HANDLE", "corp.bsky.social"),
                    ("BLUESKY_APP_PASSWORD", "xxxx-xxxx-xxxx-xxxx"),
                    ("LINKEDIN_CLIENT_ID", rs(14, LOWER + DIGITS)),
                    ("PINTEREST_ACCESS_TOKEN", "pina_" + masked(12)),
                ]
            )
        if form == 1:
            tid = digits(19)
            did = "did:plc:" + rs(24, "abcdefghijklmnopqrstuvwxyz234567")
            doc = {
                "tweet": {
                    "id": tid,
                    "author_id": digits(18),
                    "conversation_id": tid,
                    "edit_history_tweet_ids": [tid],
                    "text": "Our Q4 report is out.",
                },
                "bluesky": {
                    "uri": f"at://{did}/app.bsky.feed.post/3l{rs(11, 'abcdefghijklmnopqrstuvwxyz234567')}",
                    "cid": "bafyrei" + rs(52, "abcdefghijklmnopqrstuvwxyz234567"),
                },
                "pinterest_pin_id": digits(18),
                "linkedin_post": f"urn:li:share:{digits(19)}",
                "threads_media_id": digits(17),
                "image_sha1": sha1hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/posts.json")
        if form == 2:
            return cmd_clean(
                'curl -s "https://api.x.com/2/tweets/search/recent?query=from%3Acorp&max_results=10" -H "Authorization: Bearer $X_BEARER_TOKEN"',
                name="scripts/mentions.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                "import tweepy\n\n"
                'client = tweepy.Client(bearer_token=os.environ["X_BEARER_TOKEN"])\n'
                f'LINKEDIN_ORG_URN = "urn:li:organization:{digits(8)}"\n'
                f'THREADS_USER_ID = "{digits(17)}"\n'
                f'X_CONSUMER_KEY = os.environ.get("X_CONSUMER_KEY", "<consumer-key>")\n'
            )
            return clean(text, fmt="py", name="social/publish.py")
        return env_clean(
            [
                ("TUMBLR_CONSUMER_SECRET", "changeme"),
                ("X_ACCESS_TOKEN_SECRET", "<access-token-secret>"),
                ("THREADS_ACCESS_TOKEN", "REPLACE_ME"),
                ("BUFFER_ACCESS_TOKEN", "TODO"),
                ("LINKEDIN_CLIENT_SECRET", masked(8)),
            ]
        )
    form = deal("social/secret", 8)
    if form == 0:
        t = x_bearer()
        if half():
            return cmd(
                f'curl -s "https://api.x.com/2/users/by/username/corp?user.fields=public_metrics" -H "Authorization: Bearer {t}"',
                [("x-bearer-token", t)],
            )
        return env([("X_BEARER_TOKEN", t)], [("x-bearer-token", t)])
    if form == 1:
        ck, cs = rs(25, ALNUM), rs(50, ALNUM)
        at, ats = f"{digits(19)}-{rs(31, ALNUM)}", rs(45, ALNUM)
        secs = [("x-consumer-secret", cs), ("x-access-token-secret", ats)]
        if half():
            text = (
                "import tweepy\n\n"
                "client = tweepy.Client(\n"
                f'    consumer_key="{ck}",\n'
                f'    consumer_secret="{cs}",\n'
                f'    access_token="{at}",\n'
                f'    access_token_secret="{ats}",\n'
                ")\n"
                'client.create_tweet(text="Maintenance tonight 22:00 UTC")\n'
            )
            return item(text, secs, fmt="py", name="social/post_tweet.py")
        return env([("X_CONSUMER_KEY", ck), ("X_CONSUMER_SECRET", cs), ("X_ACCESS_TOKEN", at), ("X_ACCESS_TOKEN_SECRET", ats)], secs)
    if form == 2:
        t = "pina_AMA" + rs(R.randint(88, 100), BASE32)
        if half():
            return cmd(f'curl -s "https://api.pinterest.com/v5/boards?page_size=25" -H "Authorization: Bearer {t}"', [("pinterest-access-token", t)])
        return env([("PINTEREST_ACCESS_TOKEN", t), ("PINTEREST_BOARD_ID", digits(18))], [("pinterest-access-token", t)])
    if form == 3:
        cid, cs = rs(14, LOWER + DIGITS), f"WPL_AP1.{rs(16, ALNUM)}.{b64(rbytes(4))}"
        if half():
            return cmd(
                "curl -s -X POST https://www.linkedin.com/oauth/v2/accessToken -H 'Content-Type: application/x-www-form-urlencoded' "
                f"-d grant_type=client_credentials -d client_id={cid} -d client_secret={shq(cs)}",
                [("linkedin-client-secret", cs)],
            )
        return env([("LINKEDIN_CLIENT_ID", cid), ("LINKEDIN_CLIENT_SECRET", cs)], [("linkedin-client-secret", cs)])
    if form == 4:
        p = "-".join(rs(4, LOWER + DIGITS) for _ in range(4))
        if half():
            body = json.dumps({"identifier": "corp.bsky.social", "password": p}, separators=(",", ":"))
            return cmd(
                f"curl -s -X POST https://bsky.social/xrpc/com.atproto.server.createSession -H 'Content-Type: application/json' -d '{body}'",
                [("bluesky-app-password", p)],
            )
        return env([("BLUESKY_HANDLE", "corp.bsky.social"), ("BLUESKY_APP_PASSWORD", p)], [("bluesky-app-password", p)])
    if form == 5:
        ck, cs, ot, osec = rs(50, ALNUM), rs(50, ALNUM), rs(50, ALNUM), rs(50, ALNUM)
        if half():
            text = (
                "import pytumblr\n\n"
                "client = pytumblr.TumblrRestClient(\n"
                f'    "{ck}",\n'
                f'    "{cs}",\n'
                f'    "{ot}",\n'
                f'    "{osec}",\n'
                ")\n"
                'client.create_text("corp-eng", state="queue", title="Release 4.2", body="Notes inside.")\n'
            )
            return item(text, [("tumblr-consumer-secret", cs), ("tumblr-oauth-secret", osec)], fmt="py", name="social/tumblr_queue.py")
        return env([("TUMBLR_CONSUMER_KEY", ck), ("TUMBLR_CONSUMER_SECRET", cs)], [("tumblr-consumer-secret", cs)])
    if form == 6:
        t = "THAA" + rs(R.randint(150, 190), ALNUM)
        if half():
            return cmd(
                f'curl -s "https://graph.threads.net/v1.0/me/threads?fields=id,text,timestamp&limit=10&access_token={t}"',
                [("threads-access-token", t)],
            )
        return env([("THREADS_USER_ID", digits(17)), ("THREADS_ACCESS_TOKEN", t)], [("threads-access-token", t)])
    t = "1/" + rs(32, HEX)
    if half():
        return cmd(f'curl -s "https://api.bufferapp.com/1/profiles.json?access_token={t}"', [("buffer-access-token", t)])
    return env([("BUFFER_ACCESS_TOKEN", t), ("BUFFER_PROFILE_ID", rs(24, HEX))], [("buffer-access-token", t)])


# ---------------------------------------------------------------- kind: food-places-keys


def food_places_keys(is_clean):
    """Food, nutrition and places data: Spoonacular `apiKey=`, Edamam `app_key` (beside `app_id`), Nutritionix
    `x-app-key`, FatSecret client secrets (`-u id:secret`), USDA FoodData Central `api_key=`, Untappd `client_secret=`,
    Yelp Fusion bearer keys, Foursquare Places `fsq3…` (a bare `Authorization:`)."""
    if is_clean:
        form = deal("food/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("EDAMAM_APP_ID", rs(8, HEX)),
                    ("EDAMAM_APP_KEY", ref("EDAMAM_APP_KEY")),
                    ("NUTRITIONIX_APP_ID", rs(8, HEX)),
                    ("NUTRITIONIX_APP_KEY", "<your-app-key>"),
                    ("YELP_API_KEY", ""),
                ]
            )
        if form == 1:
            doc = {
                "businesses": [
                    {
                        "id": rs(22, URLSAFE),
                        "alias": "ramen-kaido-berlin",
                        "image_url": f"https://s3-media1.fl.yelpcdn.com/bphoto/{rs(22, URLSAFE)}/o.jpg",
                        "rating": 4.5,
                        "coordinates": {"latitude": 52.5291, "longitude": 13.4012},
                    }
                ],
                "foursquare": {"fsq_id": rs(24, HEX), "categories": [{"id": 13032, "name": "Café"}]},
                "fdc": {"fdcId": R.randint(300000, 2700000), "gtinUpc": rs(12, DIGITS), "dataType": "Branded"},
                "spoonacular_recipe_id": R.randint(600000, 700000),
                "untappd_bid": R.randint(1000, 6000000),
                "menu_sha256": sha256hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/places.json")
        if form == 2:
            return cmd_clean(
                'curl -s "https://api.spoonacular.com/recipes/complexSearch?query=pasta&number=5&apiKey=$SPOONACULAR_API_KEY"',
                name="scripts/recipes.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                'FDC_API_KEY = os.environ.get("FDC_API_KEY", "DEMO_KEY")\n'
                'FOURSQUARE_API_KEY = os.environ["FOURSQUARE_API_KEY"]\n'
                'FOURSQUARE_CATEGORY = "13032"\n'
                f'EDAMAM_APP_ID = "{rs(8, HEX)}"\n'
            )
            return clean(text, fmt="py", name="food/settings.py")
        return env_clean(
            [
                ("SPOONACULAR_API_KEY", masked(32)),
                ("UNTAPPD_CLIENT_SECRET", "REPLACE_ME"),
                ("FATSECRET_CLIENT_SECRET", "xxxxxxxx"),
                ("FOURSQUARE_API_KEY", "fsq3" + masked(12)),
                ("FDC_API_KEY", "DEMO_KEY"),
            ]
        )
    form = deal("food/secret", 8)
    if form == 0:
        k = rs(32, HEX)
        if half():
            if half():
                c = f'curl -s "https://api.spoonacular.com/recipes/findByIngredients?ingredients=apples,flour,sugar&number=5&apiKey={k}"'
            else:
                c = f'curl -s "https://api.spoonacular.com/food/products/search?query=yogurt" -H "x-api-key: {k}"'
            return cmd(c, [("spoonacular-api-key", k)])
        return env([("SPOONACULAR_API_KEY", k)], [("spoonacular-api-key", k)])
    if form == 1:
        aid, k = rs(8, HEX), rs(32, HEX)
        if half():
            return cmd(
                f'curl -s "https://api.edamam.com/api/recipes/v2?type=public&q=lentil%20soup&app_id={aid}&app_key={k}"', [("edamam-app-key", k)]
            )
        return env([("EDAMAM_APP_ID", aid), ("EDAMAM_APP_KEY", k)], [("edamam-app-key", k)])
    if form == 2:
        aid, k = rs(8, HEX), rs(32, HEX)
        if half():
            return cmd(
                "curl -s -X POST https://trackapi.nutritionix.com/v2/natural/nutrients "
                f'-H "x-app-id: {aid}" -H "x-app-key: {k}" -H \'Content-Type: application/json\' -d \'{{"query":"2 eggs and a slice of toast"}}\'',
                [("nutritionix-app-key", k)],
            )
        return env([("NUTRITIONIX_APP_ID", aid), ("NUTRITIONIX_APP_KEY", k)], [("nutritionix-app-key", k)])
    if form == 3:
        cid, cs = rs(32, HEX), rs(32, HEX)
        if half():
            return cmd(
                f"curl -s -X POST https://oauth.fatsecret.com/connect/token -u {cid}:{cs} -d grant_type=client_credentials -d scope=basic",
                [("fatsecret-client-secret", cs)],
            )
        return env([("FATSECRET_CLIENT_ID", cid), ("FATSECRET_CLIENT_SECRET", cs)], [("fatsecret-client-secret", cs)])
    if form == 4:
        k = rs(40, ALNUM)
        if half():
            return cmd(f'curl -s "https://api.nal.usda.gov/fdc/v1/foods/search?query=cheddar%20cheese&pageSize=5&api_key={k}"', [("fdc-api-key", k)])
        return env([("FDC_API_KEY", k)], [("fdc-api-key", k)])
    if form == 5:
        cid, cs = rs(40, UHEX), rs(40, UHEX)
        if half():
            return cmd(
                f'curl -s "https://api.untappd.com/v4/beer/info/{R.randint(1000, 5000000)}?client_id={cid}&client_secret={cs}"',
                [("untappd-client-secret", cs)],
            )
        return env([("UNTAPPD_CLIENT_ID", cid), ("UNTAPPD_CLIENT_SECRET", cs)], [("untappd-client-secret", cs)])
    if form == 6:
        k = rs(128, URLSAFE)
        if half():
            return cmd(
                f'curl -s "https://api.yelp.com/v3/businesses/search?location=Berlin&term=ramen&limit=5" -H "Authorization: Bearer {k}"',
                [("yelp-api-key", k)],
            )
        return env([("YELP_API_KEY", k)], [("yelp-api-key", k)])
    k = "fsq3" + b64(rbytes(33))
    if half():
        return cmd(
            f'curl -s "https://api.foursquare.com/v3/places/search?ll=52.5200,13.4050&query=coffee&limit=10" -H "Authorization: {k}" -H "accept: application/json"',
            [("foursquare-api-key", k)],
        )
    return env([("FOURSQUARE_API_KEY", k)], [("foursquare-api-key", k)])


# ---------------------------------------------------------------- kind: news-media-data-keys


def news_media_data_keys(is_clean):
    """News and media data APIs: NewsAPI (`X-Api-Key`, `apiKey=`), The Guardian `api-key=` (uuid), NYT `api-key=`,
    GNews `apikey=`, mediastack `access_key=`, NewsData.io `pub_…`, Event Registry `apiKey` in a JSON body, AYLIEN
    `X-AYLIEN-NewsAPI-Application-Key` (beside the application id)."""
    if is_clean:
        form = deal("news/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("NEWSAPI_KEY", ref("NEWSAPI_KEY")),
                    ("GUARDIAN_API_KEY", "test"),
                    ("NYT_APP_ID", uuid4()),
                    ("AYLIEN_APP_ID", rs(8, HEX)),
                    ("GNEWS_API_KEY", ""),
                ]
            )
        if form == 1:
            doc = {
                "status": "ok",
                "articles": [
                    {
                        "source": {"id": "reuters", "name": "Reuters"},
                        "url": f"https://www.reuters.com/markets/europe/ecb-{digits(4)}-2026-12-04/",
                        "urlToImage": f"https://www.reuters.com/resizer/v2/{rs(26, UPPER + DIGITS)}.jpg",
                    }
                ],
                "guardian_id": "world/2026/dec/04/climate-summit-closing-statement",
                "nyt": {"_id": f"nyt://article/{uuid4()}", "uri": f"nyt://article/{uuid4()}"},
                "gnews_id": rs(32, HEX),
                "event_registry_uri": digits(10),
                "content_sha1": sha1hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/articles.json")
        if form == 2:
            if half():
                return cmd_clean('curl -s "https://content.guardianapis.com/search?q=climate&page-size=5&api-key=test"', name="scripts/news.sh")
            return cmd_clean(
                'curl -s "https://newsapi.org/v2/top-headlines?country=de&pageSize=10" -H "X-Api-Key: $NEWSAPI_KEY"', name="scripts/news.sh"
            )
        if form == 3:
            text = (
                "import os\n\n"
                "from eventregistry import EventRegistry\n\n"
                'er = EventRegistry(apiKey=os.environ["EVENT_REGISTRY_KEY"])\n'
                'NYT_KEY = os.environ.get("NYT_API_KEY", "<nyt-api-key>")\n'
                f'AYLIEN_APP_ID = "{rs(8, HEX)}"\n'
            )
            return clean(text, fmt="py", name="news/clients.py")
        return env_clean(
            [
                ("NEWSDATA_API_KEY", "pub_" + masked(12)),
                ("MEDIASTACK_ACCESS_KEY", "changeme"),
                ("AYLIEN_APP_KEY", "xxxxxxxx"),
                ("NYT_API_KEY", "REPLACE_ME"),
                ("NEWSAPI_KEY", masked(32)),
            ]
        )
    form = deal("news/secret", 8)
    if form == 0:
        k = rs(32, HEX)
        if half():
            if half():
                c = f'curl -s "https://newsapi.org/v2/everything?q=semiconductors&language=en&sortBy=publishedAt" -H "X-Api-Key: {k}"'
            else:
                c = f'curl -s "https://newsapi.org/v2/top-headlines?country=us&category=business&apiKey={k}"'
            return cmd(c, [("newsapi-key", k)])
        return env([("NEWSAPI_KEY", k)], [("newsapi-key", k)])
    if form == 1:
        k = uuid4()
        if half():
            return cmd(
                f'curl -s "https://content.guardianapis.com/search?q=elections&section=world&show-fields=headline,byline&api-key={k}"',
                [("guardian-api-key", k)],
            )
        return env([("GUARDIAN_API_KEY", k)], [("guardian-api-key", k)])
    if form == 2:
        k = rs(32, ALNUM)
        if half():
            return cmd(
                f'curl -s "https://api.nytimes.com/svc/search/v2/articlesearch.json?q=heat%20pumps&sort=newest&api-key={k}"', [("nyt-api-key", k)]
            )
        return env([("NYT_APP_ID", uuid4()), ("NYT_API_KEY", k)], [("nyt-api-key", k)])
    if form == 3:
        k = rs(32, HEX)
        if half():
            return cmd(f'curl -s "https://gnews.io/api/v4/top-headlines?category=business&lang=en&max=10&apikey={k}"', [("gnews-api-key", k)])
        return env([("GNEWS_API_KEY", k)], [("gnews-api-key", k)])
    if form == 4:
        k = rs(32, HEX)
        if half():
            return cmd(f'curl -s "http://api.mediastack.com/v1/news?access_key={k}&countries=de,at&limit=25"', [("mediastack-access-key", k)])
        return env([("MEDIASTACK_ACCESS_KEY", k)], [("mediastack-access-key", k)])
    if form == 5:
        k = "pub_" + rs(5, DIGITS) + rs(32, HEX)
        if half():
            return cmd(f'curl -s "https://newsdata.io/api/1/latest?apikey={k}&q=shipping&language=en"', [("newsdata-api-key", k)])
        return env([("NEWSDATA_API_KEY", k)], [("newsdata-api-key", k)])
    if form == 6:
        k = uuid4()
        if half():
            body = json.dumps({"action": "getArticles", "keyword": "grid storage", "articlesCount": 20, "apiKey": k}, separators=(",", ":"))
            return cmd(
                f"curl -s -X POST https://eventregistry.org/api/v1/article/getArticles -H 'Content-Type: application/json' -d '{body}'",
                [("event-registry-key", k)],
            )
        text = (
            "from eventregistry import EventRegistry, QueryArticlesIter\n\n"
            f'er = EventRegistry(apiKey="{k}", allowUseOfArchive=False)\n'
            'q = QueryArticlesIter(keywords="grid storage", lang="eng")\n'
        )
        return item(text, [("event-registry-key", k)], fmt="py", name="news/er_query.py")
    aid, k = rs(8, HEX), rs(32, HEX)
    if half():
        return cmd(
            f'curl -s "https://api.aylien.com/news/stories?title=battery&language[]=en&per_page=10" -g -H "X-AYLIEN-NewsAPI-Application-ID: {aid}" '
            f'-H "X-AYLIEN-NewsAPI-Application-Key: {k}"',
            [("aylien-app-key", k)],
        )
    return env([("AYLIEN_APP_ID", aid), ("AYLIEN_APP_KEY", k)], [("aylien-app-key", k)])


# ---------------------------------------------------------------- kind: transit-mobility-keys


def transit_mobility_keys(is_clean):
    """Public transport data: TfL `app_key=`, 511.org `api_key=` (uuid), Transitland `apikey:` header, Navitia (a uuid
    as a bare `Authorization:`), Deutsche Bahn API Marketplace `DB-Api-Key` (beside `DB-Client-Id`), MTA Bus Time
    `key=` (uuid), Trafiklab `key=` / `accessId=`, WMATA `api_key:` header."""
    if is_clean:
        form = deal("transit/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("TFL_APP_ID", rs(8, HEX)),
                    ("TFL_APP_KEY", "<your-app-key>"),
                    ("TRANSITLAND_API_KEY", ref("TRANSITLAND_API_KEY")),
                    ("DB_CLIENT_ID", rs(32, HEX)),
                    ("NAVITIA_COVERAGE", "fr-idf"),
                ]
            )
        if form == 1:
            rows = ["stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station"]
            for _ in range(4):
                rows.append(
                    f"{digits(6)},{pick('Alexanderplatz', 'Hauptbahnhof', 'Ostkreuz', 'Warschauer Str.', 'Zoologischer Garten')},"
                    f"52.{rs(6, DIGITS)},13.{rs(6, DIGITS)},0,{digits(9)}"
                )
            rows.append(f"# feed sha1 {sha1hex()}, trip_id {digits(9)}_{rs(4, DIGITS)}")
            return clean("\n".join(rows) + "\n", fmt="csv", name="gtfs/stops.txt")
        if form == 2:
            return cmd_clean('curl -s "https://api.tfl.gov.uk/Line/victoria/Arrivals?app_key=$TFL_APP_KEY"', name="scripts/arrivals.sh")
        if form == 3:
            doc = {
                "onestop_id": f"s-u33d{rs(5, '0123456789bcdefghjkmnpqrstuvwxyz')}-alexanderplatz",
                "feed_version_sha1": sha1hex(),
                "route_id": f"{R.randint(10000, 99999)}_{R.randint(100, 999)}",
                "vehicle": {"id": f"MTA NYCT_{R.randint(1000, 9999)}", "journey": f"MTA NYCT_{rs(2, UPPER)}_{R.choice(['A', 'B'])}{digits(7)}"},
                "navitia_journey_id": uuid4(),
                "wmata_station": pick("A01", "C05", "E10"),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/departures.json")
        return env_clean(
            [
                ("WMATA_API_KEY", masked(32)),
                ("MTA_BUSTIME_KEY", "changeme"),
                ("TRAFIKLAB_KEY", "xxxxxxxx"),
                ("DB_API_KEY", "REPLACE_ME"),
                ("API_511_KEY", "TODO"),
            ]
        )
    form = deal("transit/secret", 8)
    if form == 0:
        aid, k = rs(8, HEX), rs(32, HEX)
        if half():
            c = pick(
                f'curl -s "https://api.tfl.gov.uk/StopPoint/940GZZLUOXC/Arrivals?app_key={k}"',
                f'curl -s "https://api.tfl.gov.uk/Line/Mode/tube/Status?app_id={aid}&app_key={k}"',
            )
            return cmd(c, [("tfl-app-key", k)])
        return env([("TFL_APP_ID", aid), ("TFL_APP_KEY", k)], [("tfl-app-key", k)])
    if form == 1:
        k = uuid4()
        if half():
            return cmd(f'curl -s "http://api.511.org/transit/StopMonitoring?api_key={k}&agency=SF&stopCode=15553&format=json"', [("api-511-key", k)])
        return env([("API_511_KEY", k), ("API_511_AGENCY", "SF")], [("api-511-key", k)])
    if form == 2:
        k = rs(32, ALNUM)
        if half():
            return cmd(
                f'curl -s "https://transit.land/api/v2/rest/stops?lat=37.7749&lon=-122.4194&radius=500" -H "apikey: {k}"',
                [("transitland-api-key", k)],
            )
        return env([("TRANSITLAND_API_KEY", k)], [("transitland-api-key", k)])
    if form == 3:
        k = uuid4()
        if half():
            return cmd(
                f'curl -s "https://api.navitia.io/v1/coverage/fr-idf/journeys?from=2.3749%3B48.8443&to=2.2945%3B48.8584" -H "Authorization: {k}"',
                [("navitia-token", k)],
            )
        return env([("NAVITIA_TOKEN", k), ("NAVITIA_COVERAGE", "fr-idf")], [("navitia-token", k)])
    if form == 4:
        cid, k = rs(32, HEX), rs(32, HEX)
        if half():
            return cmd(
                f'curl -s "https://apis.deutschebahn.com/db-api-marketplace/apis/timetables/v1/plan/8011160/261205/10" '
                f'-H "DB-Client-Id: {cid}" -H "DB-Api-Key: {k}" -H "accept: application/xml"',
                [("db-api-key", k)],
            )
        return env([("DB_CLIENT_ID", cid), ("DB_API_KEY", k)], [("db-api-key", k)])
    if form == 5:
        k = uuid4()
        if half():
            return cmd(
                f'curl -s "https://bustime.mta.info/api/siri/stop-monitoring.json?key={k}&version=2&OperatorRef=MTA&MonitoringRef={R.randint(300000, 510000)}"',
                [("mta-bustime-key", k)],
            )
        return env([("MTA_BUSTIME_KEY", k)], [("mta-bustime-key", k)])
    if form == 6:
        k = rs(32, HEX)
        if half():
            c = pick(
                f'curl -s -o TripUpdates.pb "https://opendata.samtrafiken.se/gtfs-rt/sl/TripUpdates.pb?key={k}"',
                f'curl -s "https://api.resrobot.se/v2.1/departureBoard?id=740000001&format=json&accessId={k}"',
            )
            return cmd(c, [("trafiklab-key", k)])
        return env([("TRAFIKLAB_KEY", k)], [("trafiklab-key", k)])
    k = rs(32, HEX)
    if half():
        return cmd(
            f'curl -s https://api.wmata.com/StationPrediction.svc/json/GetPrediction/{pick("A01", "C05", "E10")} -H "api_key: {k}"',
            [("wmata-api-key", k)],
        )
    return env([("WMATA_API_KEY", k)], [("wmata-api-key", k)])


# ---------------------------------------------------------------- kind: cad-3d-keys


def cad_3d_keys(is_clean):
    """CAD, 3D and reality-capture platforms: Onshape access / secret keys (`-u a:s`), Autodesk Platform Services
    client secrets, Sketchfab `Authorization: Token`, Thingiverse app tokens, Matterport API token secrets, Meshy
    `msy_…`, Speckle personal access tokens, Shapeways client secrets."""
    if is_clean:
        form = deal("cad/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("ONSHAPE_ACCESS_KEY", ref("ONSHAPE_ACCESS_KEY")),
                    ("ONSHAPE_SECRET_KEY", ref("ONSHAPE_SECRET_KEY")),
                    ("APS_CLIENT_ID", rs(32, ALNUM)),
                    ("SPECKLE_STREAM_ID", rs(10, HEX)),
                    ("SKETCHFAB_API_TOKEN", ""),
                ]
            )
        if form == 1:
            did, wid, eid = rs(24, HEX), rs(24, HEX), rs(24, HEX)
            urn = b64(f"urn:adsk.objects:os.object:corp-models/{pick('bracket', 'housing', 'gearbox')}-v{R.randint(2, 9)}.f3d".encode()).rstrip("=")
            doc = {
                "onshape": f"https://cad.onshape.com/documents/{did}/w/{wid}/e/{eid}",
                "aps_urn": urn.replace("+", "-").replace("/", "_"),
                "sketchfab_uid": rs(32, HEX),
                "thingiverse_thing": R.randint(10**6, 7 * 10**6),
                "speckle": {"stream": rs(10, HEX), "commit": rs(10, HEX)},
                "matterport_model": rs(11, ALNUM),
                "stl_sha256": sha256hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/models.json")
        if form == 2:
            return cmd_clean(
                'curl -s -u "$ONSHAPE_ACCESS_KEY:$ONSHAPE_SECRET_KEY" "https://cad.onshape.com/api/v6/documents?q=bracket&limit=5"',
                name="scripts/onshape.sh",
            )
        if form == 3:
            text = (
                "import os\n\n"
                'SKETCHFAB_TOKEN = os.environ["SKETCHFAB_API_TOKEN"]\n'
                f'MODEL_UID = "{rs(32, HEX)}"  # public model id, shown in the viewer URL\n'
                f'APS_BUCKET = "corp-models-{rs(6, LOWER + DIGITS)}"\n'
                'MESHY_API_KEY = os.environ.get("MESHY_API_KEY", "msy_dummy_api_key_for_test_mode_12345678")\n'
            )
            return clean(text, fmt="py", name="cad/settings.py")
        return env_clean(
            [
                ("APS_CLIENT_SECRET", masked(16)),
                ("MATTERPORT_TOKEN_SECRET", "changeme"),
                ("THINGIVERSE_TOKEN", "<thingiverse-app-token>"),
                ("SHAPEWAYS_CLIENT_SECRET", "REPLACE_ME"),
                ("SPECKLE_TOKEN", "xxxxxxxx"),
            ]
        )
    form = deal("cad/secret", 8)
    if form == 0:
        a, s = rs(24, ALNUM), rs(48, ALNUM)
        if half():
            return cmd(
                f'curl -s -u {a}:{s} "https://cad.onshape.com/api/v6/documents?q=bracket&limit=5" -H "Accept: application/json"',
                [("onshape-secret-key", s)],
            )
        return env([("ONSHAPE_ACCESS_KEY", a), ("ONSHAPE_SECRET_KEY", s)], [("onshape-secret-key", s)])
    if form == 1:
        cid, cs = rs(32, ALNUM), pick(rs(16, ALNUM), rs(64, ALNUM))
        if half():
            return cmd(
                f"curl -s -X POST https://developer.api.autodesk.com/authentication/v2/token -u {cid}:{cs} -d grant_type=client_credentials -d 'scope=data:read bucket:read'",
                [("aps-client-secret", cs)],
            )
        return env([("APS_CLIENT_ID", cid), ("APS_CLIENT_SECRET", cs)], [("aps-client-secret", cs)])
    if form == 2:
        t = rs(32, HEX)
        if half():
            return cmd(
                f'curl -s -X POST https://api.sketchfab.com/v3/models -H "Authorization: Token {t}" -F modelFile=@bracket.glb -F name=Bracket -F isPublished=false',
                [("sketchfab-api-token", t)],
            )
        return env([("SKETCHFAB_API_TOKEN", t)], [("sketchfab-api-token", t)])
    if form == 3:
        t = rs(32, HEX)
        if half():
            return cmd(f'curl -s https://api.thingiverse.com/users/me/things -H "Authorization: Bearer {t}"', [("thingiverse-token", t)])
        return env([("THINGIVERSE_TOKEN", t)], [("thingiverse-token", t)])
    if form == 4:
        tid, ts = rs(16, LOWER + DIGITS), rs(32, HEX)
        if half():
            return cmd(
                f"curl -s -u {tid}:{ts} https://api.matterport.com/api/models/graph -H 'Content-Type: application/json' -d '{{\"query\":\"{{ models {{ totalResults }} }}\"}}'",
                [("matterport-token-secret", ts)],
            )
        return env([("MATTERPORT_TOKEN_ID", tid), ("MATTERPORT_TOKEN_SECRET", ts)], [("matterport-token-secret", ts)])
    if form == 5:
        k = "msy_" + rs(36, ALNUM)
        if half():
            return cmd(
                f"curl -s -X POST https://api.meshy.ai/openapi/v2/text-to-3d -H \"Authorization: Bearer {k}\" -H 'Content-Type: application/json' "
                '-d \'{"mode":"preview","prompt":"a brass cabinet hinge","art_style":"realistic"}\'',
                [("meshy-api-key", k)],
            )
        return env([("MESHY_API_KEY", k)], [("meshy-api-key", k)])
    if form == 6:
        t = rs(42, HEX)
        if half():
            return cmd(
                f'curl -s https://app.speckle.systems/graphql -H "Authorization: Bearer {t}" -H \'Content-Type: application/json\' -d \'{{"query":"{{ activeUser {{ id name }} }}"}}\'',
                [("speckle-token", t)],
            )
        return env([("SPECKLE_SERVER", "https://app.speckle.systems"), ("SPECKLE_TOKEN", t)], [("speckle-token", t)])
    cid, cs = rs(40, ALNUM), rs(40, ALNUM)
    if half():
        return cmd(
            f"curl -s -X POST https://api.shapeways.com/oauth2/token -u {cid}:{cs} -d grant_type=client_credentials",
            [("shapeways-client-secret", cs)],
        )
    return env([("SHAPEWAYS_CLIENT_ID", cid), ("SHAPEWAYS_CLIENT_SECRET", cs)], [("shapeways-client-secret", cs)])


# ---------------------------------------------------------------- kind: library-archive-keys


def library_archive_keys(is_clean):
    """Libraries and archives: Internet Archive `Authorization: LOW access:secret` and `ia.ini` `[s3]` secrets, OCLC
    WorldCat and OverDrive client secrets (`-u id:secret`), ISBNdb (a bare `Authorization:`), Hardcover bearer JWTs,
    DPLA `api_key=`, FOLIO Okapi login passwords, Koha API client secrets."""
    if is_clean:
        form = deal("lib/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("IA_ACCESS_KEY", ref("IA_ACCESS_KEY")),
                    ("OCLC_WSKEY", ref("OCLC_WSKEY")),
                    ("DPLA_API_KEY", "<dpla-api-key>"),
                    ("OKAPI_TENANT", "diku"),
                    ("KOHA_CLIENT_ID", uuid4()),
                ]
            )
        if form == 1:
            doc = {
                "isbn13": "978" + rs(10, DIGITS),
                "oclc_number": digits(10),
                "lccn": f"20{R.randint(10, 26)}0{rs(5, DIGITS)}",
                "ia_identifier": f"corp-annual-report-{R.randint(2010, 2026)}",
                "openlibrary_work": f"/works/OL{R.randint(10000, 9999999)}W",
                "dpla_id": rs(32, HEX),
                "hardcover_edition_id": R.randint(100000, 30000000),
                "pdf_md5": rs(32, HEX),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/catalogue.json")
        if form == 2:
            return cmd_clean(
                'curl -s --location --header "authorization: LOW $IA_ACCESS_KEY:$IA_SECRET_KEY" --upload-file report.pdf https://s3.us.archive.org/corp-reports/report.pdf',
                name="scripts/ia-upload.sh",
            )
        if form == 3:
            if half():
                return clean(
                    "[s3]\naccess = YOUR_ACCESS_KEY\nsecret = YOUR_SECRET_KEY\n\n[general]\nscreenname = corp-archivist\n",
                    fmt="ini",
                    name="docs/ia.ini.example",
                )
            text = (
                "import os\n\n"
                'ISBNDB_KEY = os.environ["ISBNDB_API_KEY"]\n'
                'HEADERS = {"Authorization": ISBNDB_KEY, "Accept": "application/json"}\n'
                f'SAMPLE_ISBN = "978{rs(10, DIGITS)}"\n'
            )
            return clean(text, fmt="py", name="catalogue/isbn.py")
        return env_clean(
            [
                ("IA_SECRET_KEY", masked(16)),
                ("OVERDRIVE_CLIENT_SECRET", "changeme"),
                ("OKAPI_PASSWORD", "REPLACE_ME"),
                ("HARDCOVER_TOKEN", "Bearer <token>"),
                ("KOHA_CLIENT_SECRET", "xxxxxxxx"),
            ]
        )
    form = deal("lib/secret", 8)
    if form == 0:
        a, s = rs(16, ALNUM), rs(16, ALNUM)
        if half():
            return cmd(
                f'curl -s --location --header "x-amz-auto-make-bucket:1" --header "x-archive-meta-mediatype:texts" --header "authorization: LOW {a}:{s}" '
                f"--upload-file report-{R.randint(2019, 2026)}.pdf https://s3.us.archive.org/corp-reports-{R.randint(2019, 2026)}/report.pdf",
                [("ia-s3-secret", s)],
            )
        text = f"[s3]\naccess = {a}\nsecret = {s}\n\n[cookies]\nlogged-in-user = archivist%40corp.example\n\n[general]\nscreenname = corp-archivist\n"
        return item(text, [("ia-s3-secret", s)], fmt="ini", name="~/.config/internetarchive/ia.ini")
    if form == 1:
        wskey, cs = rs(80, ALNUM), rs(32, ALNUM)
        if half():
            return cmd(
                f"curl -s -X POST https://oauth.oclc.org/token -u {wskey}:{cs} -d grant_type=client_credentials -d scope=wcapi",
                [("oclc-client-secret", cs)],
            )
        return env([("OCLC_WSKEY", wskey), ("OCLC_SECRET", cs)], [("oclc-client-secret", cs)])
    if form == 2:
        cid, cs = pick("CORPLIBRARY", "corp-reads", "CORP_SYNC"), rs(32, ALNUM + "-_")
        if half():
            return cmd(
                f"curl -s -X POST https://oauth.overdrive.com/token -u {cid}:{cs} -d grant_type=client_credentials", [("overdrive-client-secret", cs)]
            )
        return env([("OVERDRIVE_CLIENT_KEY", cid), ("OVERDRIVE_CLIENT_SECRET", cs)], [("overdrive-client-secret", cs)])
    if form == 3:
        k = f"{R.randint(10000, 99999)}_{rs(32, HEX)}"
        if half():
            return cmd(f'curl -s "https://api2.isbndb.com/book/978{rs(10, DIGITS)}" -H "Authorization: {k}"', [("isbndb-api-key", k)])
        return env([("ISBNDB_API_KEY", k)], [("isbndb-api-key", k)])
    if form == 4:
        now = DAY + R.randint(20000, 40000)
        uid = R.randint(1000, 90000)
        t = jwt(
            {"alg": "HS256", "typ": "JWT"},
            {
                "version": "1",
                "loggedIn": True,
                "subscriber": False,
                "id": uid,
                "applicationId": 2,
                "iss": "Hardcover",
                "sub": str(uid),
                "iat": now,
                "exp": now + 365 * 86400,
                "https://hasura.io/jwt/claims": {
                    "x-hasura-allowed-roles": ["user"],
                    "x-hasura-default-role": "user",
                    "x-hasura-role": "user",
                    "X-hasura-user-id": str(uid),
                },
                "user": {"id": uid},
            },
        )
        if half():
            return cmd(
                f'curl -s https://api.hardcover.app/v1/graphql -H "authorization: Bearer {t}" -H \'content-type: application/json\' -d \'{{"query":"{{ me {{ username }} }}"}}\'',
                [("hardcover-token", t)],
            )
        return env([("HARDCOVER_TOKEN", t)], [("hardcover-token", t)])
    if form == 5:
        k = rs(32, HEX)
        if half():
            return cmd(
                f'curl -s "https://api.dp.la/v2/items?q=lighthouses&sourceResource.date.after=1900&page_size=20&api_key={k}"', [("dpla-api-key", k)]
            )
        return env([("DPLA_API_KEY", k)], [("dpla-api-key", k)])
    if form == 6:
        pw = password()
        if half():
            body = json.dumps({"username": "sync_admin", "password": pw}, separators=(",", ":"))
            return cmd(
                f"curl -s -X POST https://okapi.corp.example/authn/login-with-expiry -H 'X-Okapi-Tenant: corp' -H 'Content-Type: application/json' -d '{body}'",
                [("folio-password", pw)],
            )
        return env(
            [("OKAPI_URL", "https://okapi.corp.example"), ("OKAPI_TENANT", "corp"), ("OKAPI_USER", "sync_admin"), ("OKAPI_PASSWORD", pw)],
            [("folio-password", pw)],
        )
    cid, cs = uuid4(), uuid4()
    if half():
        return cmd(
            f"curl -s -X POST https://library.corp.example/api/v1/oauth/token -d grant_type=client_credentials -d client_id={cid} -d client_secret={cs}",
            [("koha-client-secret", cs)],
        )
    return env([("KOHA_URL", "https://library.corp.example"), ("KOHA_CLIENT_ID", cid), ("KOHA_CLIENT_SECRET", cs)], [("koha-client-secret", cs)])


# ---------------------------------------------------------------- kind: reviews-reputation-keys


def reviews_reputation_keys(is_clean):
    """Reviews and reputation platforms: Trustpilot API secrets (beside the public API key), Judge.me private tokens,
    REVIEWS.io `apikey` header (beside `store`), Birdeye `api_key=`, Stamped.io `key-…` (beside `pubkey-…`), Yext
    `api_key=`, G2 `Authorization: Token token=`, Podium client secrets and refresh tokens (two credentials)."""
    if is_clean:
        form = deal("reviews/clean", 5)
        if form == 0:
            return env_clean(
                [
                    ("TRUSTPILOT_BUSINESS_UNIT_ID", rs(24, HEX)),
                    ("TRUSTPILOT_API_SECRET", ref("TRUSTPILOT_API_SECRET")),
                    ("JUDGEME_SHOP_DOMAIN", "corp-store.myshopify.com"),
                    ("REVIEWSIO_STORE", "corp-store"),
                    ("BIRDEYE_BUSINESS_ID", digits(16)),
                ]
            )
        if form == 1:
            doc = {
                "reviews": [
                    {
                        "id": rs(24, HEX),
                        "stars": R.randint(1, 5),
                        "title": "Fast delivery",
                        "consumer": {"id": rs(24, HEX), "displayName": "M. K."},
                        "businessUnit": {"id": rs(24, HEX)},
                    }
                ],
                "yext_entity_id": f"store-{R.randint(100, 999)}",
                "g2_product_id": uuid4(),
                "podium_location_uid": uuid4(),
                "export_sha256": sha256hex(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/reviews.json")
        if form == 2:
            return cmd_clean(
                'curl -s "https://judge.me/api/v1/reviews?shop_domain=corp-store.myshopify.com&api_token=$JUDGEME_PRIVATE_TOKEN&per_page=10"',
                name="scripts/reviews.sh",
            )
        if form == 3:
            text = (
                "<!-- TrustBox widget - Micro Review Count -->\n"
                f'<div class="trustpilot-widget" data-locale="en-GB" data-template-id="{rs(24, HEX)}" data-businessunit-id="{rs(24, HEX)}" '
                'data-style-height="24px" data-style-width="100%" data-theme="light">\n'
                '  <a href="https://uk.trustpilot.com/review/corp.example" target="_blank" rel="noopener">Trustpilot</a>\n'
                "</div>\n"
                "<!-- End TrustBox widget -->\n"
            )
            return clean(text, fmt="html", name="templates/footer.html")
        return env_clean(
            [
                ("STAMPED_PRIVATE_KEY", "key-" + masked(12)),
                ("YEXT_API_KEY", "changeme"),
                ("G2_API_TOKEN", "REPLACE_ME"),
                ("PODIUM_CLIENT_SECRET", "xxxxxxxx"),
                ("BIRDEYE_API_KEY", ""),
            ]
        )
    form = deal("reviews/secret", 8)
    if form == 0:
        k, s = rs(32, ALNUM), rs(16, ALNUM)
        if half():
            return cmd(
                "curl -s -X POST https://api.trustpilot.com/v1/oauth/oauth-business-users-for-applications/accesstoken "
                f"-u {k}:{s} -d grant_type=client_credentials",
                [("trustpilot-api-secret", s)],
            )
        return env(
            [("TRUSTPILOT_API_KEY", k), ("TRUSTPILOT_API_SECRET", s), ("TRUSTPILOT_BUSINESS_UNIT_ID", rs(24, HEX))], [("trustpilot-api-secret", s)]
        )
    if form == 1:
        t = rs(27, URLSAFE)
        if half():
            return cmd(
                f'curl -s "https://judge.me/api/v1/reviews?shop_domain=corp-store.myshopify.com&api_token={t}&per_page=10"',
                [("judgeme-private-token", t)],
            )
        return env([("JUDGEME_SHOP_DOMAIN", "corp-store.myshopify.com"), ("JUDGEME_PRIVATE_TOKEN", t)], [("judgeme-private-token", t)])
    if form == 2:
        k = rs(32, HEX)
        if half():
            return cmd(
                f'curl -s "https://api.reviews.io/merchant/latest?per_page=20" -H "store: corp-store" -H "apikey: {k}"', [("reviewsio-api-key", k)]
            )
        return env([("REVIEWSIO_STORE", "corp-store"), ("REVIEWSIO_API_KEY", k)], [("reviewsio-api-key", k)])
    if form == 3:
        k = rs(32, ALNUM)
        if half():
            return cmd(
                f'curl -s -X POST "https://api.birdeye.com/resources/v1/review/businessId/{digits(16)}?sindex=0&count=25&api_key={k}" '
                "-H 'Content-Type: application/json' -H 'Accept: application/json' -d '{}'",
                [("birdeye-api-key", k)],
            )
        return env([("BIRDEYE_BUSINESS_ID", digits(16)), ("BIRDEYE_API_KEY", k)], [("birdeye-api-key", k)])
    if form == 4:
        pub, k = "pubkey-" + rs(25, ALNUM), "key-" + rs(25, ALNUM)
        if half():
            return cmd(
                f'curl -s -u {pub}:{k} "https://stamped.io/api/v2/{R.randint(10000, 999999)}/dashboard/reviews?page=1"', [("stamped-private-key", k)]
            )
        return env([("STAMPED_PUBLIC_KEY", pub), ("STAMPED_PRIVATE_KEY", k)], [("stamped-private-key", k)])
    if form == 5:
        k = rs(32, HEX)
        if half():
            return cmd(f'curl -s "https://api.yextapis.com/v2/accounts/me/reviews?api_key={k}&v=20261205&limit=50"', [("yext-api-key", k)])
        return env([("YEXT_API_KEY", k), ("YEXT_ACCOUNT", "me")], [("yext-api-key", k)])
    if form == 6:
        t = rs(64, HEX)
        if half():
            return cmd(
                f'curl -s "https://data.g2.com/api/v1/survey-responses?page[size]=25" -g -H "Authorization: Token token={t}" -H "Content-Type: application/vnd.api+json"',
                [("g2-api-token", t)],
            )
        return env([("G2_API_TOKEN", t)], [("g2-api-token", t)])
    cid, cs, rt = uuid4(), rs(64, HEX), rs(R.randint(40, 56), URLSAFE)
    secs = [("podium-client-secret", cs), ("podium-refresh-token", rt)]
    if half():
        body = json.dumps({"client_id": cid, "client_secret": cs, "grant_type": "refresh_token", "refresh_token": rt}, separators=(",", ":"))
        return cmd(f"curl -s -X POST https://accounts.podium.com/oauth/token -H 'Content-Type: application/json' -d '{body}'", secs)
    return env([("PODIUM_CLIENT_ID", cid), ("PODIUM_CLIENT_SECRET", cs), ("PODIUM_REFRESH_TOKEN", rt)], secs)


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
    """No value of this round holds a character that JSON, XML attribute escaping, YAML quoting, redis-cli's quoting or
    Compose's `$$` would change, so every context shows the value itself."""
    assert not set(a) & set("\"'\\\n\t$`&<>"), a
    return [a]


def atoms_of(it):
    return [a for s in it["secrets"] for a in s["atoms"]]


def cut_clear(s, n, atoms):
    """`s` cut to n characters, shorter if the cut would leave part of a credential standing alone."""
    out = s[:n]
    for a in atoms:
        i = s.find(a)
        if i >= 0 and i < n < i + len(a):
            out = s[:i].rstrip()
    return out


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


# -- YAML as Go's emitters write it (sigs.k8s.io/yaml for Kubernetes objects, yaml.v3 for Compose)

YAML_RESERVED = re.compile(
    r"(?:[Tt]rue|TRUE|[Ff]alse|FALSE|[Yy]es|YES|[Nn]o|NO|[Oo]n|ON|[Oo]ff|OFF|[yYnN]|[Nn]ull|NULL|~)$"
    r"|[-+]?(?:\.[0-9]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?$"
    r"|0x[0-9a-fA-F]+$|0o[0-7]+$|[-+]?\.(?:inf|Inf|INF)$|\.(?:nan|NaN|NAN)$"
    r"|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ].*)?$"
)


def yaml_needs_quote(s):
    if s == "" or s != s.strip(" ") or YAML_RESERVED.match(s):
        return True
    if s[0] in ",[]{}#&*!|>'\"%@`" or (s[0] in "-?:" and (len(s) == 1 or s[1] == " ")):
        return True
    if ": " in s or " #" in s or s.endswith(":"):
        return True
    return any(ord(c) < 32 or ord(c) == 127 for c in s)


def yaml_dq(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def yaml_scalar(s, style):
    """A string as the emitter writes it: plain when it reads back the same; else single-quoted (`v2`, not for
    look-alikes of numbers and booleans, which it double-quotes) or double-quoted (`v3`)."""
    if not yaml_needs_quote(s):
        return s
    if style == "v2" and not YAML_RESERVED.match(s) and not any(ord(c) < 32 for c in s):
        return "'" + s.replace("'", "''") + "'"
    return yaml_dq(s)


def yaml_blockable(s):
    """Whether a multi-line string can be a literal block: no CR, no trailing blanks, a first line that neither is empty
    nor starts with a space (else the emitter double-quotes it)."""
    ls = s.split("\n")
    if "\r" in s or ls[0] == "" or ls[0].startswith(" "):
        return False
    return not any(ln != ln.rstrip(" \t") for ln in ls)


def yaml_block(s):
    """A literal block's header and lines: `|` for one final newline, `|-` for none, `|+` for more."""
    if s.endswith("\n\n"):
        return "|+", s[:-1].split("\n")
    if s.endswith("\n"):
        return "|", s[:-1].split("\n")
    return "|-", s.split("\n")


def yaml_atom(x, style):
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    if isinstance(x, dict):
        return "{}"
    if isinstance(x, list):
        return "[]"
    return yaml_scalar(x, style)


def yaml_lines(v, indent=0, style="v2"):
    """Lines of a YAML document for dicts (in their order), lists and strings; `v2` writes a list's items at its key's
    indentation (`- `), `v3` two spaces further in."""
    sp = " " * indent
    seq_in = 2 if style == "v3" else 0
    out = []

    def block_ok(x):
        return isinstance(x, str) and "\n" in x and yaml_blockable(x)

    if isinstance(v, dict):
        for k, x in v.items():
            kk = yaml_scalar(k, style)
            if isinstance(x, dict) and x:
                out.append(f"{sp}{kk}:")
                out += yaml_lines(x, indent + 2, style)
            elif isinstance(x, list) and x:
                out.append(f"{sp}{kk}:")
                out += yaml_lines(x, indent + seq_in, style)
            elif block_ok(x):
                head, body = yaml_block(x)
                out.append(f"{sp}{kk}: {head}")
                out += [(" " * (indent + 2) + ln) if ln else "" for ln in body]
            else:
                out.append(f"{sp}{kk}: {yaml_atom(x, style)}")
    elif isinstance(v, list):
        for x in v:
            if isinstance(x, (dict, list)) and x:
                sub = yaml_lines(x, indent + 2, style)
                out.append(sp + "- " + sub[0][indent + 2 :])
                out += sub[1:]
            elif block_ok(x):
                head, body = yaml_block(x)
                out.append(f"{sp}- {head}")
                out += [(" " * (indent + 2) + ln) if ln else "" for ln in body]
            else:
                out.append(f"{sp}- {yaml_atom(x, style)}")
    return out


def yaml_text(v, style="v2"):
    return "\n".join(yaml_lines(v, 0, style)) + "\n"


# -- npm-run-output


def npm_run_output(it):
    """npm, pnpm and yarn script runs that show the item: env values through `npm run env` (after exporting the env
    file; npm's own `npm_*` variables among them), a yarn script that greps the environment, or a `cross-env` script in
    `package.json`; a command as a script run (`> pkg@1.4.2 sync`, `> <cmd>`), a failed one (`npm error command sh -c
    <cmd>`, or the older `npm ERR!`), a pnpm run, or `package.json`'s `scripts`; a file through a `cat` script."""
    pkg = pick("corp-app", "billing-api", "sync-worker", "@corp/jobs")
    ver = pick("1.4.2", "0.9.0", "2.11.3")
    cwd = "/srv/app"
    pairs = env_pairs(it)

    def banner(script, command, pnpm=False):
        at = f"{pkg}@{ver} {script}" + (f" {cwd}" if pnpm else "")
        return ["", f"> {at}", f"> {command}", ""]

    def package_json(scripts):
        doc = {
            "name": pkg,
            "version": ver,
            "private": True,
            "type": "module",
            "scripts": scripts,
            "dependencies": {"pino": "^9.5.0", "undici": "^6.21.0"},
            "devDependencies": {"cross-env": "^7.0.3", "typescript": "^5.6.3", "vitest": "^2.1.6"},
        }
        return json.dumps(doc, indent=2) + "\n"

    def term(typed, lines):
        return "result", "terminal", f"$ {typed}\n" + "\n".join(lines) + "\n", plain_piecer

    if pairs is not None:
        view = R.randrange(3)
        if view == 0:
            own = [
                ("npm_package_name", pkg),
                ("npm_package_version", ver),
                ("npm_lifecycle_event", "env"),
                ("npm_lifecycle_script", "env"),
                ("npm_config_user_agent", "npm/10.9.2 node/v22.12.0 linux x64 workspaces/false"),
                ("npm_node_execpath", "/usr/local/bin/node"),
                ("INIT_CWD", cwd),
                ("NODE", "/usr/local/bin/node"),
                ("HOME", "/home/app"),
                (
                    "PATH",
                    f"{cwd}/node_modules/.bin:/srv/node_modules/.bin:/node_modules/.bin:/usr/local/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/usr/local/bin:/usr/bin:/bin",
                ),
            ]
            allv = own + list(pairs)
            R.shuffle(allv)
            return term("set -a && . ./.env && set +a && npm run env", banner("env", "env") + [f"{k}={v}" for k, v in allv])
        if view == 1:
            names = "|".join(k for k, _ in pairs)
            lines = ["yarn run v1.22.22", f"$ env | grep -E '^({names})='", *[f"{k}={v}" for k, v in pairs], f"Done in 0.{R.randint(10, 99)}s."]
            return term("yarn print-env", lines)
        scripts = {
            "build": "tsc -p tsconfig.build.json",
            "start": "node dist/server.js",
            "start:prod": "cross-env " + " ".join(f"{k}={shq(v)}" for k, v in pairs) + " node dist/server.js",
            "test": "vitest run",
        }
        return "result", "read_file", package_json(scripts), plain_piecer
    if it["shape"] == "cmd":
        c = it["text"]
        script = pick("sync", "notify:deploy", "export", "cron:refresh")
        view = R.randrange(4)
        if view == 0:
            return term(f"npm run {script}", [*banner(script, c), cmd_output()])
        if view == 1:
            log = f"/home/app/.npm/_logs/2026-12-05T{clock(R.randint(30000, 60000)).replace(':', '_')}_{rs(3, DIGITS)}Z-debug-0.log"
            if half():
                tail = [
                    "npm error code 22",
                    f"npm error path {cwd}",
                    "npm error command failed",
                    f"npm error command sh -c {c}",
                    f"npm error A complete log of this run can be found in: {log}",
                ]
            else:
                tail = [
                    "npm ERR! code 22",
                    f"npm ERR! path {cwd}",
                    "npm ERR! command failed",
                    f"npm ERR! command sh -c {c}",
                    "",
                    "npm ERR! A complete log of this run can be found in:",
                    f"npm ERR!     {log}",
                ]
            return term(f"npm run {script}", [*banner(script, c), cmd_failure(), *tail])
        if view == 2:
            if half():
                return term(f"pnpm run {script}", [*banner(script, c, pnpm=True), cmd_output()])
            return term(f"pnpm run {script}", [*banner(script, c, pnpm=True), cmd_failure(), " ELIFECYCLE  Command failed with exit code 22."])
        scripts = {"build": "tsc -p tsconfig.build.json", script: c, "start": "node dist/server.js", "test": "vitest run"}
        return "result", "read_file", package_json(scripts), plain_piecer
    rel = rel_path(it)
    lines = file_lines(it["text"])
    view = R.randrange(3)
    if view == 0:
        return term("npm run show:config", banner("show:config", f"cat {rel}") + lines)
    if view == 1:
        return term("yarn show:config", ["yarn run v1.22.22", f"$ cat {rel}", *lines, f"Done in 0.0{R.randint(2, 9)}s."])
    return term("pnpm run show:config", banner("show:config", f"cat {rel}", pnpm=True) + lines)


# -- tekton-logs


def tekton_logs(it):
    """Tekton: `tkn pipelinerun logs` (`[task : step] ` before every line, a blank line between steps, the git-clone
    task's JSON log lines first; sometimes coloured), `tkn taskrun logs` (`[step] `), or `kubectl get taskrun -o yaml`
    (the step's `env:` list, or its `script: |` holding the command or a heredoc writing the file)."""
    flow = pick("deploy", "nightly-sync", "release")
    pr = f"{flow}-run-{rs(5, LOWER + DIGITS)}"
    ns = pick("ci", "tekton-builds", "build")
    task = pick("deploy", "sync", "publish")
    step = pick("run", "main", "apply")
    pod = f"{pr}-{task}-pod"
    color = R.random() < 0.25
    extra = [("HOME", "/tekton/home"), ("HOSTNAME", pod)]
    shown = job_lines(it, extra)
    view = R.randrange(3)
    sha = sha1hex()

    def pre(t, s):
        p = f"[{t} : {s}]" if t else f"[{s}]"
        return f"\x1b[{pick('32', '33', '34', '35', '36')}m{p}\x1b[0m" if color else p

    if view < 2:
        t = DAY + R.randint(30000, 40000)
        clone = [
            "+ git config --global --add safe.directory /workspace/output",
            json.dumps(
                {
                    "level": "info",
                    "ts": float(f"{t}.{rs(6, DIGITS)}"),
                    "caller": "git/git.go:176",
                    "msg": f"Successfully cloned https://github.com/corp/app.git @ {sha} (grafted, HEAD) in path /workspace/output/",
                },
                separators=(",", ":"),
            ),
            json.dumps(
                {
                    "level": "info",
                    "ts": float(f"{t + 1}.{rs(6, DIGITS)}"),
                    "caller": "git/git.go:215",
                    "msg": "Successfully initialized and updated submodules in path /workspace/output/",
                },
                separators=(",", ":"),
            ),
            "+ printf '%s' " + sha,
        ]
        if view == 0:
            a = pre("fetch-source", "clone")
            b = pre(task, step)
            rows = [f"{a} {ln}" for ln in clone] + [""] + [f"{b} {ln}" for ln in shown] + [""]
            return "result", "terminal", f"$ tkn pipelinerun logs {pr} -n {ns}\n" + "\n".join(rows), plain_piecer
        b = pre("", step)
        rows = [f"{b} {ln}" for ln in shown] + [""]
        return "result", "terminal", f"$ tkn taskrun logs {pr}-{task} -n {ns}\n" + "\n".join(rows), plain_piecer
    pairs = env_pairs(it)
    st = {"computeResources": {}}
    if pairs is not None:
        st["env"] = [{"name": k, "value": v} for k, v in pairs]
        script = "#!/bin/sh\nset -eu\nenv | sort\n"
    elif it["shape"] == "cmd":
        script = "#!/bin/sh\nset -eux\n" + it["text"] + "\n"
    else:
        p = abs_path(it)
        script = f"#!/bin/sh\nset -eu\nmkdir -p {p.rsplit('/', 1)[0]}\ncat > {p} <<'EOF'\n" + it["text"] + "EOF\n"
    st.update(
        {"image": pick("alpine:3.20", "curlimages/curl:8.11.0", "registry.access.redhat.com/ubi9/ubi-minimal:9.5"), "name": step, "script": script}
    )
    t0 = R.randint(30000, 40000)
    doc = {
        "apiVersion": "tekton.dev/v1",
        "kind": "TaskRun",
        "metadata": {
            "creationTimestamp": f"2026-12-05T{clock(t0)}Z",
            "generation": 1,
            "labels": {
                "app.kubernetes.io/managed-by": "tekton-pipelines",
                "tekton.dev/pipeline": flow,
                "tekton.dev/pipelineRun": pr,
                "tekton.dev/pipelineTask": task,
                "tekton.dev/task": task,
            },
            "name": f"{pr}-{task}",
            "namespace": ns,
            "resourceVersion": str(R.randint(10**6, 10**8)),
            "uid": uuid4(),
        },
        "spec": {"serviceAccountName": "default", "taskSpec": {"steps": [st]}, "timeout": "1h0m0s"},
        "status": {
            "completionTime": f"2026-12-05T{clock(t0 + R.randint(8, 90))}Z",
            "conditions": [
                {
                    "lastTransitionTime": f"2026-12-05T{clock(t0 + 95)}Z",
                    "message": "All Steps have completed executing",
                    "reason": "Succeeded",
                    "status": "True",
                    "type": "Succeeded",
                }
            ],
            "podName": pod,
            "startTime": f"2026-12-05T{clock(t0 + 1)}Z",
        },
    }
    return "result", "terminal", f"$ kubectl get taskrun {pr}-{task} -n {ns} -o yaml\n" + yaml_text(doc, "v2"), plain_piecer


# -- cron-mail


def cron_mail(it):
    """A Cron Daemon mail in the service user's local mailbox (Postfix delivery): `Subject: Cron <user@host> <job>`,
    the crontab's variables as `X-Cron-Env: <K=v>` headers (then cron's own), the job's output as the body (a command
    in the subject and its output, or in a script traced under `set -x` when it spans lines or holds `%`; a file
    printed by a check script under `set -x`);
    read with `cat /var/mail/<user>`, bsd-mailx's `mail` (the summary line, `& 1`, `Message 1:`), or `read_file`."""
    host = pick("worker02", "app01", "batch03")
    fq = f"{host}.corp.example"
    user = pick("app", "deploy", "svc-sync")
    t = R.randint(2, 22) * 3600 + R.choice([0, 15, 30, 45]) * 60 + 1
    date = f"Sat,  5 Dec 2026 {clock(t)} +0000 (UTC)"
    qid = rs(11, "0123456789BCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz")
    own = [("SHELL", "/bin/sh"), ("HOME", f"/home/{user}"), ("PATH", "/usr/bin:/bin"), ("LOGNAME", user)]
    pairs = env_pairs(it)
    xenv = list(own)
    if pairs is not None:
        job = pick("/srv/app/bin/nightly-sync.sh", "/srv/app/bin/refresh-cache.sh", "cd /srv/app && ./bin/export --since 24h")
        xenv = list(pairs) + own
        body = [pick("sync finished: 42 rows, 0 errors", "cache refreshed (3 keys)", "export written to /srv/app/out/2026-12-05.csv")]
        if half():
            body = [f"warning: {pick('slow response', 'retrying once', 'rate limited')} from upstream", *body]
    elif it["shape"] == "cmd":
        c = it["text"]
        if "\n" in c or "%" in c:  # a crontab line cannot hold `%` unescaped: such commands live in a script
            job = "/srv/app/scripts/run.sh"
            body = ["+ " + ln for ln in c.split("\n")] + [pick(cmd_failure(), cmd_output())]
        else:
            job = c
            body = [pick(cmd_failure(), cmd_output())]
    else:
        job = pick("/srv/app/bin/check-config.sh", "sh -x /srv/app/bin/verify-settings.sh")
        body = job_lines(it)
    headers = [
        f"Return-Path: <{user}@{fq}>",
        f"X-Original-To: {user}",
        f"Delivered-To: {user}@{fq}",
        f"Received: by {fq} (Postfix, from userid {R.randint(1000, 1010)})",
        f"\tid {qid}; {date}",
        f"From: root@{fq} (Cron Daemon)",
        f"To: {user}@{fq}",
        f"Subject: Cron <{user}@{host}> {job}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        *[f"X-Cron-Env: <{k}={v}>" for k, v in xenv],
        f"Message-Id: <20261205{clock(t).replace(':', '')}.{qid}@{fq}>",
        f"Date: {date}",
    ]
    envelope = f"From {user}@{fq}  Sat Dec  5 {clock(t)} 2026"
    msg = [*headers, "", *body, ""]
    view = R.randrange(3)
    if view == 0:
        return "result", "terminal", f"$ cat /var/mail/{user}\n" + "\n".join([envelope, *msg]) + "\n", plain_piecer
    if view == 1:
        subj = cut_clear(f"Cron <{user}@{host}> {job}", 34, atoms_of(it))
        size = len("\n".join(msg)) + len(envelope)
        summary = f">N  1 root@{fq[:12]}  Sat Dec  5 {clock(t)[:5]}  {len(msg) + 1}/{size}   {subj}"
        rows = [
            "Mail version 8.1.2 01/15/2001.  Type ? for help.",
            f'"/var/mail/{user}": 1 message 1 new',
            summary,
            "& 1",
            "Message 1:",
            envelope,
            *msg,
            "& q",
            f"Saved 1 message in /home/{user}/mbox",
        ]
        return "result", "terminal", "$ mail\n" + "\n".join(rows) + "\n", plain_piecer
    return "result", "read_file", "\n".join([envelope, *msg]) + "\n", plain_piecer


# -- act-local-run


def act_local_run(it):
    """nektos/act running a workflow job locally: the container set-up lines (`🚀  Start image=…`, `🐳  docker …`), the
    checkout step, then the step that shows the item (`⭐ Run Main <step>`, each output line after `[Workflow/job]   | `:
    env values loaded with `--env-file` and printed by `env | sort`, a command traced, a file after `cat`), `✅  Success`
    or `❌  Failure` with `exitcode '22': failure`, `🏁  Job succeeded` / `Job failed`; or env values passed as
    `act … -s K=v` in a `terminal` call."""
    wf = pick("Deploy", "Nightly sync", "Release")
    job = pick("deploy", "sync", "publish")
    p = f"[{wf}/{job}]"
    img = pick("catthehacker/ubuntu:act-latest", "catthehacker/ubuntu:act-22.04", "node:20-bookworm")
    step = pick("Sync partners", "Show settings", "Run job", "Smoke test")
    pairs = env_pairs(it)
    event = pick("push", "workflow_dispatch", "schedule")
    if pairs is not None and R.random() < 0.34:
        call = f"act {event} -j {job} " + " ".join(f"-s {k}={shq(v)}" for k, v in pairs)
        return "args", "terminal", json.dumps({"command": call}), plain_piecer

    def dur():
        return pick(f"[{R.randint(20, 990)}.{rs(6, DIGITS)}ms]", f"[{R.randint(1, 9)}.{rs(9, DIGITS)}s]")

    rows = [
        f"{p} 🚀  Start image={img}",
        f"{p}   🐳  docker pull image={img} platform= username= forcePull=true",
        f'{p}   🐳  docker create image={img} platform= entrypoint=["tail" "-f" "/dev/null"] cmd=[] network="host"',
        f'{p}   🐳  docker run image={img} platform= entrypoint=["tail" "-f" "/dev/null"] cmd=[] network="host"',
        f"{p} ⭐ Run Main actions/checkout@v4",
        f"{p}   🐳  docker cp src=/home/dev/corp/app/. dst=/home/dev/corp/app",
        f"{p}   ✅  Success - Main actions/checkout@v4 {dur()}",
        f"{p} ⭐ Run Main {step}",
        f"{p}   🐳  docker exec cmd=[bash --noprofile --norc -e -o pipefail /var/run/act/workflow/1] user= workdir=",
    ]
    extra = [("GITHUB_ACTIONS", "true"), ("ACT", "true"), ("RUNNER_OS", "Linux")]
    failed = it["shape"] == "cmd" and half()
    rows += [f"{p}   | {ln}" for ln in job_lines(it, extra, ok=not failed)]
    if failed:
        rows += [
            f"{p}   ❌  Failure - Main {step} {dur()}",
            f"{p} exitcode '22': failure",
            f"{p} Cleaning up container for job {job}",
            f"{p} 🏁  Job failed",
        ]
        rows.append(f"Error: Job '{job}' failed")
    else:
        rows += [f"{p}   ✅  Success - Main {step} {dur()}", f"{p} Cleaning up container for job {job}", f"{p} 🏁  Job succeeded"]
    typed = f"act {event} -j {job}" + (" --env-file .env" if pairs is not None else "") + pick("", " -W .github/workflows/deploy.yml")
    return "result", "terminal", f"$ {typed}\n" + "\n".join(rows) + "\n", plain_piecer


# -- redis-cli-replies


def redis_repr(s):
    """redis-cli's quoting of a bulk string on a terminal: `"…"` with `\\"`, `\\\\`, `\\n`, `\\r`, `\\t` and `\\xhh`."""
    out = ['"']
    for b in s.encode():
        c = chr(b)
        esc = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\a": "\\a", "\b": "\\b"}
        if c in esc:
            out.append(esc[c])
        elif 32 <= b < 127:
            out.append(c)
        else:
            out.append(f"\\x{b:02x}")
    out.append('"')
    return "".join(out)


def redis_multi(elems):
    w = len(str(len(elems)))
    return [f"{str(i + 1).rjust(w)}) {redis_repr(e)}" for i, e in enumerate(elems)]


def redis_cli_replies(it):
    """The item stored in Redis and read back with redis-cli: env values as a hash (`HGETALL config:<app>`), a command
    in a queued job's JSON (`LRANGE queue:jobs 0 -1`, or `HGET job:<id> payload`), a file as a string (`GET
    config:file:<name>`); interactive (`host:6379[2]> ` prompts, `1) "…"` replies with C-style escapes), `--no-raw`, or
    raw output (not a terminal: the values as they are, one a line)."""
    host = pick("cache.internal", "10.0.3.21", "redis-primary.corp.example")
    db = R.randint(0, 4)
    app = pick("billing", "sync", "partners")
    prompt = f"{host}:6379" + (f"[{db}]" if db else "") + "> "
    flags = f"-h {host}" + (f" -n {db}" if db else "")
    pairs = env_pairs(it)
    if pairs is not None:
        key = f"config:{app}"
        command = f"HGETALL {key}"
        elems = [x for kv in pairs for x in kv]
    elif it["shape"] == "cmd":
        jid = R.randint(1000, 99999)
        mine = json.dumps(
            {"id": jid, "queue": "default", "class": "ShellJob", "command": it["text"], "enqueued_at": DAY + R.randint(30000, 40000)},
            separators=(",", ":"),
        )
        if half():
            other = json.dumps(
                {
                    "id": jid + R.randint(1, 9),
                    "queue": "default",
                    "class": "ReportJob",
                    "args": ["weekly"],
                    "enqueued_at": DAY + R.randint(30000, 40000),
                },
                separators=(",", ":"),
            )
            command, elems = "LRANGE queue:jobs 0 -1", [other, mine] if half() else [mine, other]
        else:
            command, elems = f"HGET job:{jid} payload", [mine]
    else:
        command, elems = f"GET config:file:{base_of(it)}", [it["text"]]
    view = R.randrange(3)
    single = command.split()[0] in ("GET", "HGET")

    def formatted():
        return [redis_repr(elems[0])] if single else redis_multi(elems)

    if view == 0:
        rows = [f"{prompt}{command}", *formatted(), f"{prompt}exit"]
        if single and half():
            rows = [f"{prompt}TYPE {command.split()[1]}", pick("string", "hash"), *rows]
        return "result", "terminal", f"$ redis-cli {flags}\n" + "\n".join(rows) + "\n", plain_piecer
    if view == 1:
        return "result", "terminal", f"$ redis-cli {flags} --no-raw {command}\n" + "\n".join(formatted()) + "\n", plain_piecer
    raw = "\n".join(elems) + "\n"
    return "result", "terminal", f"$ redis-cli {flags} {command}\n" + raw, plain_piecer


# -- compose-config


def compose_config(it):
    """`docker compose config`: the project normalised and interpolated (yaml.v3, keys in Compose's order, `$` written
    `$$`): env values as the service's `environment:` map, a command as its `command:` list (`sh`, `-c`, the command),
    a file as a top-level config's `content: |` mounted by the service; or the same with `--format json`."""
    proj = pick("app", "billing", "sync")
    svc = pick("worker", "api", "jobs")
    image = f"ghcr.io/corp/{proj}:{pick('1.4.2', '2026.12.1', 'latest')}"

    def d(s):
        return s.replace("$", "$$")

    pairs = env_pairs(it)
    service = {}
    top_configs = None
    if it["shape"] == "cmd":
        service["command"] = ["sh", "-c", d(it["text"])]
    elif pairs is None:
        cname = re.sub(r"[^a-z0-9_-]", "_", base_of(it).lower()).strip("_") or "settings"
        service["configs"] = [{"source": cname, "target": abs_path(it)}]
        top_configs = {cname: {"name": f"{proj}_{cname}", "content": d(it["text"])}}
    env_map = {"TZ": "UTC"}
    if pairs is not None:
        env_map.update({k: d(v) for k, v in pairs})
    service["environment"] = dict(sorted(env_map.items()))
    service["image"] = image
    service["networks"] = {"default": None}
    service["restart"] = "unless-stopped"
    doc = {"name": proj, "services": {svc: service}, "networks": {"default": {"name": f"{proj}_default"}}}
    if top_configs:
        doc["configs"] = top_configs
    view = R.randrange(3)
    if view == 2:
        return "result", "terminal", "$ docker compose config --format json\n" + json.dumps(doc, indent=2) + "\n", plain_piecer
    typed = "docker compose config" if view == 0 else f"docker compose -f compose.yaml -f compose.prod.yaml config {svc}"
    return "result", "terminal", f"$ {typed}\n" + yaml_text(doc, "v3"), plain_piecer


# -- jetbrains-runconfig


def xml_attr(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")


def jetbrains_runconfig(it):
    """IntelliJ / PyCharm / WebStorm run configurations holding the item: env values as `<env name value>` of a Python,
    Node.js or Application configuration; a command, or a heredoc writing the file, as a Shell Script configuration's
    `SCRIPT_TEXT` (`&quot;`, `&#10;`); as a shared `.run/<name>.run.xml` read back or written by `write_file`, or inside
    `.idea/workspace.xml`'s `RunManager`."""
    proj = pick("app", "billing", "sync-worker")
    pairs = env_pairs(it)
    ind = "    "
    if pairs is not None:
        kind = R.randrange(3)
        envs = [f'{ind}  <env name="{xml_attr(k)}" value="{xml_attr(v)}" />' for k, v in pairs]
        if kind == 0:
            name, typ, factory = pick("worker", "sync"), "PythonConfigurationType", "Python"
            envs = [f'{ind}  <env name="PYTHONUNBUFFERED" value="1" />', *envs]
            body = [
                f'{ind}<module name="{proj}" />',
                f'{ind}<option name="ENV_FILES" value="" />',
                f'{ind}<option name="INTERPRETER_OPTIONS" value="" />',
                f'{ind}<option name="PARENT_ENVS" value="true" />',
                f"{ind}<envs>",
                *envs,
                f"{ind}</envs>",
                f'{ind}<option name="SDK_HOME" value="" />',
                f'{ind}<option name="WORKING_DIRECTORY" value="$PROJECT_DIR$" />',
                f'{ind}<option name="IS_MODULE_SDK" value="true" />',
                f'{ind}<option name="ADD_CONTENT_ROOTS" value="true" />',
                f'{ind}<option name="ADD_SOURCE_ROOTS" value="true" />',
                f'{ind}<option name="SCRIPT_NAME" value="$PROJECT_DIR$/{name}.py" />',
                f'{ind}<option name="PARAMETERS" value="" />',
                f'{ind}<option name="SHOW_COMMAND_LINE" value="false" />',
                f'{ind}<option name="EMULATE_TERMINAL" value="false" />',
                f'{ind}<option name="MODULE_MODE" value="false" />',
                f'{ind}<option name="REDIRECT_INPUT" value="false" />',
                f'{ind}<option name="INPUT_FILE" value="" />',
                f'{ind}<method v="2" />',
            ]
            attrs = f'name="{name}" type="{typ}" factoryName="{factory}"'
            sel = f"Python.{name}"
        elif kind == 1:
            name = pick("server", "dev")
            body = [f"{ind}<envs>", *envs, f"{ind}</envs>", f'{ind}<method v="2" />']
            attrs = f'name="{name}" type="NodeJSConfigurationType" path-to-js-file="dist/server.js" working-dir="$PROJECT_DIR$"'
            sel = f"Node.js.{name}"
        else:
            name = pick("App", "SyncMain")
            body = [
                f"{ind}<envs>",
                *envs,
                f"{ind}</envs>",
                f'{ind}<option name="MAIN_CLASS_NAME" value="com.corp.{name}" />',
                f'{ind}<module name="{proj}.main" />',
                f'{ind}<method v="2">',
                f'{ind}  <option name="Make" enabled="true" />',
                f"{ind}</method>",
            ]
            attrs = f'name="{name}" type="Application" factoryName="Application"'
            sel = f"Application.{name}"
    else:
        if it["shape"] == "cmd":
            name = pick("sync partners", "call API", "refresh cache")
            script = it["text"]
        else:
            name = pick("write config", "local settings")
            p = rel_path(it)
            script = (f"mkdir -p {p.rsplit('/', 1)[0]} && " if "/" in p else "") + f"cat > {p} <<'EOF'\n" + it["text"] + "EOF"
        body = [
            f'{ind}<option name="SCRIPT_TEXT" value="{xml_attr(script)}" />',
            f'{ind}<option name="INDEPENDENT_SCRIPT_PATH" value="true" />',
            f'{ind}<option name="SCRIPT_PATH" value="" />',
            f'{ind}<option name="SCRIPT_OPTIONS" value="" />',
            f'{ind}<option name="INDEPENDENT_SCRIPT_WORKING_DIRECTORY" value="true" />',
            f'{ind}<option name="SCRIPT_WORKING_DIRECTORY" value="$PROJECT_DIR$" />',
            f'{ind}<option name="INDEPENDENT_INTERPRETER_PATH" value="true" />',
            f'{ind}<option name="INTERPRETER_PATH" value="/bin/bash" />',
            f'{ind}<option name="INTERPRETER_OPTIONS" value="" />',
            f'{ind}<option name="EXECUTE_IN_TERMINAL" value="true" />',
            f'{ind}<option name="EXECUTE_SCRIPT_FILE" value="false" />',
            f"{ind}<envs />",
            f'{ind}<method v="2" />',
        ]
        attrs = f'name="{xml_attr(name)}" type="ShConfigurationType"'
        sel = f"Shell Script.{name}"
    fname = re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_")
    view = R.randrange(3)
    if view < 2:
        conf = [f'  <configuration default="false" {attrs}>', *body, "  </configuration>"]
        text = '<component name="ProjectRunConfigurationManager">\n' + "\n".join(conf) + "\n</component>\n"
        if view == 0:
            return "result", "read_file", text, plain_piecer
        return "args", "write_file", json.dumps({"path": f".run/{fname}.run.xml", "content": text}), plain_piecer
    conf = [f"    <configuration {attrs}>", *[("  " + ln) for ln in body], "    </configuration>"]
    rows = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<project version="4">',
        '  <component name="ChangeListManager">',
        f'    <list default="true" id="{uuid4()}" name="Changes" comment="" />',
        '    <option name="SHOW_DIALOG" value="false" />',
        '    <option name="HIGHLIGHT_CONFLICTS" value="true" />',
        '    <option name="HIGHLIGHT_NON_ACTIVE_CHANGELIST" value="false" />',
        '    <option name="LAST_RESOLUTION" value="IGNORE" />',
        "  </component>",
        '  <component name="Git.Settings">',
        '    <option name="RECENT_GIT_ROOT_PATH" value="$PROJECT_DIR$" />',
        "  </component>",
        f'  <component name="ProjectId" id="{rs(27, ALNUM)}" />',
        '  <component name="PropertiesComponent"><![CDATA[{',
        '  "keyToString": {',
        '    "RunOnceActivity.ShowReadmeOnStart": "true",',
        '    "git-widget-placeholder": "main",',
        f'    "last_opened_file_path": "/home/dev/corp/{proj}"',
        "  }",
        "}]]></component>",
        f'  <component name="RunManager" selected="{xml_attr(sel)}">',
        *conf,
        "  </component>",
        '  <component name="TaskManager">',
        '    <task active="true" id="Default" summary="Default task">',
        f"      <created>{(DAY - R.randint(10, 90) * 86400) * 1000 + R.randint(0, 999)}</created>",
        "    </task>",
        "  </component>",
        "</project>",
    ]
    view2 = R.randrange(2)
    text = "\n".join(rows) + "\n"
    if view2 == 0:
        return "result", "read_file", text, plain_piecer
    return "result", "terminal", "$ cat .idea/workspace.xml\n" + text, plain_piecer


# -- argocd-app-diff


def normal_diff(old, new):
    """POSIX `diff` output (no context): `4a5,6`, `3c3`, `7d6`, `< ` and `> ` lines, `---` between."""
    out = []

    def rng(a, b):
        return str(a + 1) if b - a == 1 else f"{a + 1},{b}"

    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag == "replace":
            out += [f"{rng(i1, i2)}c{rng(j1, j2)}", *("< " + ln for ln in old[i1:i2]), "---", *("> " + ln for ln in new[j1:j2])]
        elif tag == "delete":
            out += [f"{rng(i1, i2)}d{j1}", *("< " + ln for ln in old[i1:i2])]
        elif tag == "insert":
            out += [f"{i1}a{rng(j1, j2)}", *("> " + ln for ln in new[j1:j2])]
    return out


def older_item_text(it):
    """The version live in the cluster: each credential a placeholder; for a clean item one line changed."""
    if it["secrets"]:
        text = it["text"]
        for s in it["secrets"]:
            text = text.replace(s["value"], pick("changeme", "REPLACE_ME", "<" + s["kind"].upper().replace("-", "_") + ">"))
        return text
    if it["shape"] == "cmd":
        return re.sub(r"\d", lambda m: str((int(m.group()) + 1) % 10), it["text"], count=1)
    return template_of(it)


def argocd_app_diff(it):
    """`argocd app diff <app>` (against the repo, or `--local` manifests): per changed resource `===== <group>/<kind>
    <ns>/<name> ======` and a normal diff of the live and target YAML (sigs.k8s.io/yaml: sorted keys, list items at
    their key's indentation): env values in a ConfigMap's `data`, a command in a CronJob container's `args`, a file as
    a ConfigMap `data` entry (`|` block); the live version holds placeholders, or the resource is new (`0a1,n`);
    sometimes a Deployment's image bump beside it."""
    app = pick("corp-billing", "corp-sync", "partners-api")
    ns = pick("prod", "billing", "apps")
    labels = {"app.kubernetes.io/instance": app, "app.kubernetes.io/part-of": app.split("-", 1)[1]}
    pairs = env_pairs(it)
    fresh = bool(it["secrets"]) and R.random() < 0.25

    def configmap(data, name):
        return {
            "apiVersion": "v1",
            "data": dict(sorted(data.items())),
            "kind": "ConfigMap",
            "metadata": {"labels": labels, "name": name, "namespace": ns},
        }

    if pairs is not None:
        name = f"{app}-env"
        header = f"===== /ConfigMap {ns}/{name} ======"
        new = configmap(dict(pairs), name)
        old_pairs = env_pairs({"fmt": "env", "text": older_item_text(it)})
        if old_pairs == pairs:
            old_pairs = pairs[:-1]  # a variable added
        old = configmap(dict(old_pairs), name)
    elif it["shape"] == "cmd":
        name = f"{app}-nightly"
        header = f"===== batch/CronJob {ns}/{name} ======"
        schedule = pick("15 2 * * *", "*/30 * * * *", "0 6 * * 1-5")

        def cron(c):
            ctr = {"args": ["-c", c], "command": ["/bin/sh"], "image": "curlimages/curl:8.11.0", "name": "job"}
            return {
                "apiVersion": "batch/v1",
                "kind": "CronJob",
                "metadata": {"labels": labels, "name": name, "namespace": ns},
                "spec": {
                    "concurrencyPolicy": "Forbid",
                    "jobTemplate": {"spec": {"template": {"spec": {"containers": [ctr], "restartPolicy": "OnFailure"}}}},
                    "schedule": schedule,
                },
            }

        new = cron(it["text"])
        old = cron(older_item_text(it))
    else:
        name = f"{app}-files"
        header = f"===== /ConfigMap {ns}/{name} ======"
        key = base_of(it)
        new = configmap({key: it["text"]}, name)
        old = configmap({key: older_item_text(it)}, name)
    new_lines = yaml_lines(new, 0, "v2")
    old_lines = [] if fresh else yaml_lines(old, 0, "v2")
    diff = normal_diff(old_lines, new_lines)
    blocks = [header, *diff] if diff else []
    if not blocks or half():
        v = R.randint(2, 9)
        n = R.randint(40, 70)
        dep = [
            f"===== apps/Deployment {ns}/{app} ======",
            f"{n}c{n}",
            f"<         image: ghcr.io/corp/{app}:1.{v}.0",
            "---",
            f">         image: ghcr.io/corp/{app}:1.{v}.1",
        ]
        blocks = dep if not blocks else ([*dep, "", *blocks] if half() else [*blocks, "", *dep])
    view = R.randrange(3)
    if view == 0:
        typed = f"argocd app diff {app}"
    elif view == 1:
        typed = f"argocd app diff {app} --local ./deploy/overlays/{ns}"
    else:
        typed = f"argocd app diff {app} --revision {sha1hex()[:7]}"
    return "result", "terminal", f"$ {typed}\n" + "\n".join(blocks) + "\n", plain_piecer


KINDS = {
    "earth-observation-keys": earth_observation_keys,
    "social-publishing-keys": social_publishing_keys,
    "food-places-keys": food_places_keys,
    "news-media-data-keys": news_media_data_keys,
    "transit-mobility-keys": transit_mobility_keys,
    "cad-3d-keys": cad_3d_keys,
    "library-archive-keys": library_archive_keys,
    "reviews-reputation-keys": reviews_reputation_keys,
}

CONTEXTS = {
    "npm-run-output": npm_run_output,
    "tekton-logs": tekton_logs,
    "cron-mail": cron_mail,
    "act-local-run": act_local_run,
    "redis-cli-replies": redis_cli_replies,
    "compose-config": compose_config,
    "jetbrains-runconfig": jetbrains_runconfig,
    "argocd-app-diff": argocd_app_diff,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r21", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
