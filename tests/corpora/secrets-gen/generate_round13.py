"""Round 13 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 12 have been read, measured or worked on, or written. Round 13 was written blind, like
rounds 5 to 12: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL fields), never the rules
nor anything under `engine/src`, `BENCHMARKS.md` nor `docs/`, and never ran the engine on it.

Kind families and context families: see `SPLIT.md`, round 13. The split was committed before any
measurement; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round13.py     # rewrites round13.jsonl beside this file

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
    UPPER,
    URLSAFE,
    R,
    b64,
    b64url,
    clean,
    cmd,
    deal,
    env,
    env_file,
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
    ts_epoch,
    uuid4,
    whole,
    write_round,
)

SEED = 1643
OUT = Path(__file__).with_name("round13.jsonl")

HELD_OUT_KINDS = {"cicd-platform-tokens", "i18n-labelled-passwords"}
HELD_OUT_CONTEXTS = {"icalendar", "rtf-doc", "lsp-trace"}


def sha256hex():
    return rs(64, HEX)


def md5hex():
    return rs(32, HEX)


# ---------------------------------------------------------------- kind: maps-geo-weather


def maps_geo_weather(is_clean):
    """Maps, geocoding, weather and IP geolocation APIs: HERE, TomTom, OpenWeatherMap, LocationIQ, OpenCage,
    Tomorrow.io, Visual Crossing, ipinfo, ipgeolocation."""
    if is_clean:
        form = deal("maps/clean", 5)
        if form == 0:
            pairs = [
                ("HERE_API_KEY", "<YOUR_HERE_API_KEY>"),
                ("OWM_APPID", ""),
                ("TOMTOM_API_KEY", "${TOMTOM_API_KEY}"),
                ("MAP_DEFAULT_ZOOM", "12"),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        if form == 1:
            city = R.randint(2_000_000, 3_000_000)
            return cmd(f'curl -s "https://api.openweathermap.org/data/2.5/weather?id={city}&appid=$OWM_APPID&units=metric" | jq .main', [])
        if form == 2:
            doc = {
                "items": [
                    {
                        "title": "Invalidenstraße 117, 10115 Berlin, Deutschland",
                        "id": "here:af:streetsection:" + rs(22, URLSAFE),
                        "resultType": "houseNumber",
                        "position": {"lat": 52.53041, "lng": 13.38527},
                        "mapView": {"west": 13.38379, "south": 52.52951, "east": 13.38675, "north": 52.53131},
                    }
                ],
                "requestId": rs(32, HEX),
            }
            return clean(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", fmt="json", name="fixtures/here-geocode.json")
        if form == 3:
            text = f'maps:\n  provider: here\n  here:\n    app_id: "{rs(20, ALNUM)}"\n    api_key: "********"\n  tomtom:\n    api_key: "{{{{ .Env.TOMTOM_API_KEY }}}}"\n  tile_cache_ttl: 3600\n'
            return clean(text, fmt="yaml", name="config/maps.yml")
        pairs = [("LOCATIONIQ_TOKEN", "pk." + "x" * 32), ("IPINFO_TOKEN", "REPLACE_ME"), ("GEO_CACHE_KEY", sha256hex()[:40])]
        return clean(env_file(pairs), fmt="env", name=".env.sample")
    form = deal("maps/secret", 7)
    if form == 0:
        k = rs(43, URLSAFE)
        if R.random() < 0.5:
            return env([("HERE_APP_ID", rs(20, ALNUM)), ("HERE_API_KEY", k)], [("here-api-key", k)])
        return cmd(f'curl -s "https://geocode.search.hereapi.com/v1/geocode?q=Invalidenstr+117+Berlin&apiKey={k}"', [("here-api-key", k)])
    if form == 1:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(
                f"curl -s 'https://api.tomtom.com/search/2/geocode/De%20Ruijterkade%20154%20Amsterdam.json?key={k}&limit=1'", [("tomtom-api-key", k)]
            )
        text = f"maps:\n  provider: tomtom\n  tomtom:\n    api_key: {k}\n    language: en-GB\n"
        return item(text, [("tomtom-api-key", k)], fmt="yaml", name="config/maps.yml")
    if form == 2:
        k = md5hex()
        if R.random() < 0.5:
            return cmd(f'curl -s "https://api.openweathermap.org/data/2.5/weather?q=Berlin&appid={k}&units=metric"', [("openweathermap-appid", k)])
        text = f'import requests\n\nOWM_APPID = "{k}"\n\n\ndef current(city):\n    r = requests.get("https://api.openweathermap.org/data/2.5/weather", params={{"q": city, "appid": OWM_APPID}})\n    return r.json()\n'
        return item(text, [("openweathermap-appid", k)], fmt="py", name="weather/client.py")
    if form == 3:
        k = "pk." + md5hex()
        if R.random() < 0.5:
            return env([("LOCATIONIQ_TOKEN", k), ("LOCATIONIQ_REGION", "eu1")], [("locationiq-token", k)])
        return cmd(f"curl -s 'https://eu1.locationiq.com/v1/search?key={k}&q=Empire%20State%20Building&format=json'", [("locationiq-token", k)])
    if form == 4:
        k = md5hex()
        if R.random() < 0.5:
            text = f'from opencage.geocoder import OpenCageGeocode\n\ngeocoder = OpenCageGeocode("{k}")\nresults = geocoder.geocode("82 Clerkenwell Road, London")\n'
            return item(text, [("opencage-api-key", k)], fmt="py", name="geo/lookup.py")
        return env([("OPENCAGE_API_KEY", k)], [("opencage-api-key", k)])
    if form == 5:
        if R.random() < 0.5:
            k = rs(32, ALNUM)
            return cmd(f"curl -s 'https://api.tomorrow.io/v4/weather/forecast?location=42.3478,-71.0466&apikey={k}'", [("tomorrowio-api-key", k)])
        k = rs(25, UPPER + DIGITS)
        text = f'[weather]\nprovider = "visualcrossing"\nunit_group = "metric"\n\n[weather.visualcrossing]\nkey = "{k}"\nbase_url = "https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline"\n'
        return item(text, [("visualcrossing-api-key", k)], fmt="toml", name="config/weather.toml")
    if R.random() < 0.5:
        k = rs(14, HEX)
        return cmd(f'curl -s -H "Authorization: Bearer {k}" https://ipinfo.io/8.8.8.8/json', [("ipinfo-token", k)])
    k = md5hex()
    return env([("IPGEOLOCATION_API_KEY", k), ("GEOIP_FALLBACK", "maxmind")], [("ipgeolocation-api-key", k)])


# ---------------------------------------------------------------- kind: media-streaming-apis


def media_streaming_apis(is_clean):
    """Music, film, video and image APIs: Spotify, TMDB, Vimeo, Last.fm, SoundCloud, Genius, Unsplash, Giphy, Pexels."""
    if is_clean:
        form = deal("media/clean", 5)
        if form == 0:
            pairs = [
                ("SPOTIFY_CLIENT_ID", md5hex()),
                ("SPOTIFY_REDIRECT_URI", "http://127.0.0.1:8888/callback"),
                ("SPOTIFY_CLIENT_SECRET", "${SPOTIFY_CLIENT_SECRET}"),
            ]
            return clean(env_file(pairs), fmt="env", name=".env")
        if form == 1:
            tid = rs(22, ALNUM)
            doc = {
                "id": tid,
                "name": "Harbor Lights",
                "uri": "spotify:track:" + tid,
                "external_ids": {"isrc": "GB" + rs(3, UPPER + DIGITS) + rs(7, DIGITS)},
                "preview_url": f"https://p.scdn.co/mp3-preview/{rs(40, HEX)}?cid={md5hex()}",
                "album": {"id": rs(22, ALNUM), "images": [{"url": "https://i.scdn.co/image/ab67616d0000b273" + rs(24, HEX)}]},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/spotify-track.json")
        if form == 2:
            return cmd(
                f'curl -s "https://api.themoviedb.org/3/movie/{R.randint(100, 99999)}?api_key=${{TMDB_API_KEY}}&language=en-US" | jq .title', []
            )
        if form == 3:
            text = f'{{\n  "client_id": "{rs(40, HEX)}",\n  "client_secret": "<client secret>",\n  "access_token": "",\n  "showcase_video_ids": [{R.randint(10**8, 10**9)}, {R.randint(10**8, 10**9)}]\n}}\n'
            return clean(text, fmt="json", name="config/vimeo.json")
        pairs = [
            ("LASTFM_API_SECRET", ""),
            ("GENIUS_ACCESS_TOKEN", "xxxxxxxx"),
            ("PEXELS_API_KEY", "changeme"),
            ("UNSPLASH_COLLECTION", str(R.randint(10**5, 10**7))),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("media/secret", 7)
    if form == 0:
        cid, k = md5hex(), md5hex()
        if R.random() < 0.5:
            return env([("SPOTIFY_CLIENT_ID", cid), ("SPOTIFY_CLIENT_SECRET", k)], [("spotify-client-secret", k)])
        return cmd(
            f"curl -s -X POST https://accounts.spotify.com/api/token -d grant_type=client_credentials -u {cid}:{k}", [("spotify-client-secret", k)]
        )
    if form == 1:
        if R.random() < 0.5:
            k = md5hex()
            return cmd(f"curl -s 'https://api.themoviedb.org/3/movie/550?api_key={k}'", [("tmdb-api-key", k)])
        t = jwt({"alg": "HS256"}, {"aud": md5hex(), "nbf": ts_epoch() + 0.123, "sub": rs(24, HEX), "scopes": ["api_read"], "version": 1}, 32)
        return env([("TMDB_READ_ACCESS_TOKEN", t)], [("tmdb-read-token", t)])
    if form == 2:
        k = md5hex()
        if R.random() < 0.5:
            return cmd(
                f'curl -s -H "Authorization: bearer {k}" -H "Accept: application/vnd.vimeo.*+json;version=3.4" https://api.vimeo.com/me/videos',
                [("vimeo-access-token", k)],
            )
        s = rs(128, ALNUM + "+/")
        text = f'{{\n  "client_id": "{rs(40, HEX)}",\n  "client_secret": "{s}",\n  "access_token": "{k}"\n}}\n'
        return item(text, [("vimeo-client-secret", s), ("vimeo-access-token", k)], fmt="json", name="config/vimeo.json")
    if form == 3:
        k = md5hex()
        if R.random() < 0.5:
            text = (
                f'import pylast\n\nnetwork = pylast.LastFMNetwork(\n    api_key="{md5hex()}",\n    api_secret="{k}",\n    username="scrobbler",\n)\n'
            )
            return item(text, [("lastfm-shared-secret", k)], fmt="py", name="scrobble/lastfm.py")
        return env([("LASTFM_API_KEY", md5hex()), ("LASTFM_SHARED_SECRET", k)], [("lastfm-shared-secret", k)])
    if form == 4:
        if R.random() < 0.5:
            k = rs(32, ALNUM)
            return env([("SOUNDCLOUD_CLIENT_ID", rs(32, ALNUM)), ("SOUNDCLOUD_CLIENT_SECRET", k)], [("soundcloud-client-secret", k)])
        k = rs(64, URLSAFE)
        return cmd(f'curl -s -H "Authorization: Bearer {k}" "https://api.genius.com/search?q=Kendrick%20Lamar"', [("genius-access-token", k)])
    if form == 5:
        k = rs(43, URLSAFE)
        return env([("UNSPLASH_APP_ID", str(R.randint(10**5, 10**6))), ("UNSPLASH_SECRET_KEY", k)], [("unsplash-secret-key", k)])
    if R.random() < 0.5:
        k = rs(32, ALNUM)
        return cmd(f'curl -s "https://api.giphy.com/v1/gifs/search?api_key={k}&q=cat&limit=5"', [("giphy-api-key", k)])
    k = rs(56, ALNUM)
    return cmd(f'curl -s -H "Authorization: {k}" "https://api.pexels.com/v1/search?query=nature&per_page=1"', [("pexels-api-key", k)])


# ---------------------------------------------------------------- kind: threat-intel-keys


def threat_intel_keys(is_clean):
    """Security scanning and threat intelligence APIs: Shodan, VirusTotal, Censys, HIBP, urlscan.io, AbuseIPDB,
    GreyNoise, Tenable.io, SecurityTrails, WPScan."""
    if is_clean:
        form = deal("intel/clean", 5)
        if form == 0:
            return cmd(f'curl -s -H "x-apikey: $VT_API_KEY" https://www.virustotal.com/api/v3/files/{sha256hex()}', [])
        if form == 1:
            h = sha256hex()
            doc = {
                "data": {
                    "id": h,
                    "type": "file",
                    "attributes": {"md5": md5hex(), "sha1": rs(40, HEX), "sha256": h, "last_analysis_stats": {"malicious": 3, "undetected": 61}},
                }
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="reports/vt-file.json")
        if form == 2:
            pairs = [
                ("SHODAN_API_KEY", "<your shodan key>"),
                ("ABUSEIPDB_KEY", ""),
                ("TENABLE_SECRET_KEY", "${TENABLE_SECRET_KEY}"),
                ("CENSYS_API_ID", uuid4()),
            ]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        if form == 3:
            rows = ["indicator,type,first_seen"]
            for _ in range(3):
                rows.append(f"{sha256hex()},sha256,2026-11-{R.randint(10, 28)}")
            rows.append(f"{md5hex()},md5,2026-11-{R.randint(10, 28)}")
            rows.append(f"185.{R.randint(1, 254)}.{R.randint(1, 254)}.{R.randint(1, 254)},ipv4,2026-12-01")
            return clean("\n".join(rows) + "\n", fmt="csv", name="iocs/batch-42.csv")
        u = uuid4()
        doc = {
            "message": "Submission successful",
            "uuid": u,
            "result": f"https://urlscan.io/result/{u}/",
            "api": f"https://urlscan.io/api/v1/result/{u}/",
            "visibility": "public",
        }
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="reports/urlscan-submit.json")
    form = deal("intel/secret", 7)
    if form == 0:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(f"shodan init {k} && shodan host 8.8.8.8", [("shodan-api-key", k)])
        return env([("SHODAN_API_KEY", k)], [("shodan-api-key", k)])
    if form == 1:
        k = sha256hex()
        if R.random() < 0.5:
            return cmd(f'curl -s -H "x-apikey: {k}" https://www.virustotal.com/api/v3/files/{sha256hex()}', [("virustotal-api-key", k)])
        return item(f'apikey="{k}"\nformat="yaml"\n', [("virustotal-api-key", k)], fmt="toml", name=".vt.toml")
    if form == 2:
        i, k = uuid4(), rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(f"curl -s -u {i}:{k} https://search.censys.io/api/v2/hosts/8.8.8.8", [("censys-api-secret", k)])
        return env([("CENSYS_API_ID", i), ("CENSYS_API_SECRET", k)], [("censys-api-secret", k)])
    if form == 3:
        if R.random() < 0.5:
            k = md5hex()
            return cmd(
                f'curl -s -H "hibp-api-key: {k}" -H "user-agent: corp-audit" https://haveibeenpwned.com/api/v3/breachedaccount/ops%40corp.example',
                [("hibp-api-key", k)],
            )
        k = uuid4()
        return cmd(
            f'curl -s -X POST https://urlscan.io/api/v1/scan/ -H "API-Key: {k}" -H "Content-Type: application/json" -d \'{{"url": "https://login.corp.example", "visibility": "private"}}\'',
            [("urlscan-api-key", k)],
        )
    if form == 4:
        if R.random() < 0.5:
            k = rs(80, HEX)
            return cmd(
                f'curl -s -G https://api.abuseipdb.com/api/v2/check --data-urlencode "ipAddress=118.25.6.39" -d maxAgeInDays=90 -H "Key: {k}" -H "Accept: application/json"',
                [("abuseipdb-api-key", k)],
            )
        k = rs(64, ALNUM)
        return env([("GREYNOISE_API_KEY", k), ("GREYNOISE_OFFERING", "enterprise")], [("greynoise-api-key", k)])
    if form == 5:
        a, s = sha256hex(), sha256hex()
        if R.random() < 0.5:
            text = f'from tenable.io import TenableIO\n\ntio = TenableIO(\n    access_key="{a}",\n    secret_key="{s}",\n)\nfor vuln in tio.exports.vulns():\n    print(vuln["plugin"]["id"])\n'
            return item(text, [("tenable-access-key", a), ("tenable-secret-key", s)], fmt="py", name="scan/export_vulns.py")
        return cmd(
            f'curl -s -H "X-ApiKeys: accessKey={a};secretKey={s}" https://cloud.tenable.com/scans',
            [("tenable-access-key", a), ("tenable-secret-key", s)],
        )
    if R.random() < 0.5:
        k = rs(32, ALNUM)
        return cmd(
            f'curl -s --header "APIKEY: {k}" https://api.securitytrails.com/v1/domain/corp.example/subdomains', [("securitytrails-api-key", k)]
        )
    k = rs(43, ALNUM)
    return cmd(f"wpscan --url https://blog.corp.example --api-token {k} --enumerate vp", [("wpscan-api-token", k)])


# ---------------------------------------------------------------- kind: mlops-platform-keys


def mlops_platform_keys(is_clean):
    """Experiment tracking, datasets, labelling and GPU clouds: Neptune, Kaggle, ClearML, Roboflow, Clarifai, Scale AI,
    Labelbox, Lambda Cloud, DagsHub's MLflow."""
    if is_clean:
        form = deal("mlops/clean", 5)
        if form == 0:
            pairs = [("NEPTUNE_PROJECT", "corp/churn"), ("NEPTUNE_API_TOKEN", "ANONYMOUS"), ("NEPTUNE_MODE", "async")]
            return clean(env_file(pairs), fmt="env", name=".env")
        if form == 1:
            return cmd(f"kaggle competitions download -c titanic -p data/ && echo '{sha256hex()}  data/titanic.zip' | sha256sum -c -", [])
        if form == 2:
            rid = md5hex()
            doc = {
                "run": {
                    "info": {
                        "run_id": rid,
                        "experiment_id": str(R.randint(1, 40)),
                        "status": "FINISHED",
                        "artifact_uri": f"mlflow-artifacts:/7/{rid}/artifacts",
                    },
                    "data": {"tags": [{"key": "mlflow.source.git.commit", "value": rs(40, HEX)}, {"key": "mlflow.user", "value": "ci"}]},
                }
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="runs/latest.json")
        if form == 3:
            text = 'api {\n    web_server: https://app.clear.ml\n    api_server: https://api.clear.ml\n    files_server: https://files.clear.ml\n    credentials {\n        "access_key" = ${?CLEARML_API_ACCESS_KEY}\n        "secret_key" = ${?CLEARML_API_SECRET_KEY}\n    }\n}\n'
            return clean(text, fmt="conf", name="clearml.conf")
        text = f'import os\n\nfrom roboflow import Roboflow\n\nrf = Roboflow(api_key=os.environ["ROBOFLOW_API_KEY"])\nmodel = rf.workspace("corp-vision").project("hardhat-{rs(6, LOWER + DIGITS)}").version(3).model\n'
        return clean(text, fmt="py", name="vision/infer.py")
    form = deal("mlops/secret", 7)
    if form == 0:
        raw = json.dumps({"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai", "api_key": uuid4()}, separators=(",", ":"))
        k = b64(raw.encode())
        if R.random() < 0.5:
            return env([("NEPTUNE_PROJECT", "corp/churn"), ("NEPTUNE_API_TOKEN", k)], [("neptune-api-token", k)])
        text = f'import neptune\n\nrun = neptune.init_run(\n    project="corp/churn",\n    api_token="{k}",\n)\nrun["params/lr"] = 0.001\n'
        return item(text, [("neptune-api-token", k)], fmt="py", name="train/track.py")
    if form == 1:
        k = md5hex()
        if R.random() < 0.5:
            return item(json.dumps({"username": "corp-ml", "key": k}) + "\n", [("kaggle-api-key", k)], fmt="json", name=".kaggle/kaggle.json")
        return env([("KAGGLE_USERNAME", "corp-ml"), ("KAGGLE_KEY", k)], [("kaggle-api-key", k)])
    if form == 2:
        a, k = rs(20, UPPER + DIGITS), rs(50, ALNUM)
        if R.random() < 0.5:
            text = f'api {{\n    web_server: https://app.clear.ml\n    api_server: https://api.clear.ml\n    files_server: https://files.clear.ml\n    credentials {{\n        "access_key" = "{a}"\n        "secret_key" = "{k}"\n    }}\n}}\n'
            return item(text, [("clearml-secret-key", k)], fmt="conf", name="clearml.conf")
        return env(
            [("CLEARML_API_HOST", "https://api.clear.ml"), ("CLEARML_API_ACCESS_KEY", a), ("CLEARML_API_SECRET_KEY", k)], [("clearml-secret-key", k)]
        )
    if form == 3:
        k = rs(20, ALNUM)
        if R.random() < 0.5:
            text = f'from roboflow import Roboflow\n\nrf = Roboflow(api_key="{k}")\nproject = rf.workspace("corp-vision").project("hardhat")\nmodel = project.version(3).model\n'
            return item(text, [("roboflow-api-key", k)], fmt="py", name="vision/infer.py")
        return cmd(f'base64 -w0 site.jpg | curl -s -d @- "https://detect.roboflow.com/hardhat/3?api_key={k}"', [("roboflow-api-key", k)])
    if form == 4:
        k = md5hex()
        if R.random() < 0.5:
            return env([("CLARIFAI_USER_ID", "corp"), ("CLARIFAI_PAT", k)], [("clarifai-pat", k)])
        return cmd(
            f'curl -s -X POST "https://api.clarifai.com/v2/users/clarifai/apps/main/models/general-image-recognition/outputs" -H "Authorization: Key {k}" -H "Content-Type: application/json" -d @inputs.json',
            [("clarifai-pat", k)],
        )
    if form == 5:
        if R.random() < 0.5:
            k = "live_" + md5hex()
            return cmd(f"curl -s -u {k}: https://api.scale.com/v1/tasks?project=street-signs", [("scale-api-key", k)])
        k = jwt(
            {"alg": "HS256", "typ": "JWT"},
            {
                "userId": rs(25, LOWER + DIGITS),
                "organizationId": rs(25, LOWER + DIGITS),
                "apiKeyId": rs(25, LOWER + DIGITS),
                "secret": md5hex(),
                "iat": ts_epoch(),
                "exp": ts_epoch() + 10**8,
            },
            32,
        )
        return env([("LABELBOX_API_KEY", k)], [("labelbox-api-key", k)])
    if R.random() < 0.5:
        k = f"secret_{pick('ci', 'train', 'corp')}_{md5hex()}.{rs(32, ALNUM)}"
        return cmd(f"curl -s -u {k}: https://cloud.lambdalabs.com/api/v1/instances", [("lambda-cloud-api-key", k)])
    k = rs(40, HEX)
    pairs = [
        ("MLFLOW_TRACKING_URI", "https://dagshub.com/corp/churn.mlflow"),
        ("MLFLOW_TRACKING_USERNAME", "corp-ml"),
        ("MLFLOW_TRACKING_PASSWORD", k),
    ]
    return env(pairs, [("dagshub-token", k)])


# ---------------------------------------------------------------- kind: iot-device-clouds


def iot_device_clouds(is_clean):
    """IoT and device clouds: Particle, Blynk, ThingSpeak, Adafruit IO, balena, The Things Network, Ubidots, Arduino IoT Cloud."""
    if is_clean:
        form = deal("iot/clean", 5)
        if form == 0:
            pairs = [("PARTICLE_DEVICE_ID", rs(24, HEX)), ("PARTICLE_ACCESS_TOKEN", ""), ("BLYNK_TEMPLATE_ID", "TMPL" + rs(8, ALNUM))]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        if form == 1:
            text = f'#define BLYNK_TEMPLATE_ID "TMPL{rs(8, ALNUM)}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse"\n#define BLYNK_AUTH_TOKEN "YourAuthToken"\n\n#include <BlynkSimpleEsp32.h>\n\nvoid setup() {{\n  Blynk.begin(BLYNK_AUTH_TOKEN, ssid, pass);\n}}\n'
            return clean(text, fmt="ino", name="firmware/greenhouse.ino")
        if form == 2:
            doc = {
                "ids": {
                    "device_id": "gh-sensor-0" + str(R.randint(1, 9)),
                    "application_ids": {"application_id": "greenhouse"},
                    "dev_eui": rs(16, "0123456789ABCDEF"),
                    "join_eui": rs(16, "0123456789ABCDEF"),
                },
                "created_at": "2026-11-02T09:14:00.123Z",
                "lorawan_version": "MAC_V1_0_3",
                "frequency_plan_id": "EU_863_870_TTN",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="ttn/device.json")
        if form == 3:
            return cmd(f'curl -s -H "Authorization: Bearer $PARTICLE_ACCESS_TOKEN" https://api.particle.io/v1/devices/{rs(24, HEX)}/temp', [])
        doc = {
            "channel": {
                "id": R.randint(10**6, 3 * 10**6),
                "name": "greenhouse",
                "field1": "temperature",
                "api_keys": [{"api_key": "X" * 16, "write_flag": True}],
            },
            "feeds": [{"created_at": "2026-12-05T10:00:00Z", "entry_id": R.randint(1000, 9999), "field1": "21.4"}],
        }
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/thingspeak-feed.json")
    form = deal("iot/secret", 7)
    if form == 0:
        k = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(f"curl -s https://api.particle.io/v1/devices/{rs(24, HEX)}/led -d arg=on -d access_token={k}", [("particle-access-token", k)])
        return env([("PARTICLE_DEVICE_ID", rs(24, HEX)), ("PARTICLE_ACCESS_TOKEN", k)], [("particle-access-token", k)])
    if form == 1:
        k = rs(32, URLSAFE)
        if R.random() < 0.5:
            text = f'#define BLYNK_TEMPLATE_ID "TMPL{rs(8, ALNUM)}"\n#define BLYNK_TEMPLATE_NAME "Greenhouse"\n#define BLYNK_AUTH_TOKEN "{k}"\n\n#include <BlynkSimpleEsp32.h>\n'
            return item(text, [("blynk-auth-token", k)], fmt="ino", name="firmware/greenhouse.ino")
        return cmd(f"curl -s 'https://blynk.cloud/external/api/update?token={k}&V1=23.5'", [("blynk-auth-token", k)])
    if form == 2:
        k = rs(16, UPPER + DIGITS)
        if R.random() < 0.5:
            return cmd(f"curl -s 'https://api.thingspeak.com/update?api_key={k}&field1=21.4&field2=63'", [("thingspeak-write-key", k)])
        text = f'import urequests\n\nTHINGSPEAK_WRITE_KEY = "{k}"\n\n\ndef push(t):\n    urequests.get("https://api.thingspeak.com/update?api_key=" + THINGSPEAK_WRITE_KEY + "&field1=" + str(t))\n'
        return item(text, [("thingspeak-write-key", k)], fmt="py", name="firmware/main.py")
    if form == 3:
        k = "aio_" + rs(28, ALNUM)
        if R.random() < 0.5:
            text = f'#define IO_USERNAME "greenhouse"\n#define IO_KEY "{k}"\n\n#include "AdafruitIO_WiFi.h"\nAdafruitIO_WiFi io(IO_USERNAME, IO_KEY, WIFI_SSID, WIFI_PASS);\n'
            return item(text, [("adafruit-io-key", k)], fmt="h", name="firmware/config.h")
        return cmd(
            f'curl -s -H "X-AIO-Key: {k}" -H "Content-Type: application/json" -d \'{{"value": 21.4}}\' https://io.adafruit.com/api/v2/greenhouse/feeds/temp/data',
            [("adafruit-io-key", k)],
        )
    if form == 4:
        k = rs(32, ALNUM)
        if R.random() < 0.5:
            return cmd(f"balena login --token {k} && balena device list --fleet greenhouse", [("balena-api-key", k)])
        return env([("BALENA_API_KEY", k), ("BALENA_FLEET", "corp/greenhouse")], [("balena-api-key", k)])
    if form == 5:
        k = f"NNSXS.{rs(39, UPPER + DIGITS)}.{rs(52, UPPER + DIGITS)}"
        if R.random() < 0.5:
            return cmd(
                f'curl -s -H "Authorization: Bearer {k}" https://eu1.cloud.thethings.network/api/v3/applications/greenhouse/devices',
                [("ttn-api-key", k)],
            )
        return env([("TTN_APP_ID", "greenhouse"), ("TTN_API_KEY", k)], [("ttn-api-key", k)])
    if R.random() < 0.5:
        k = "BBUS-" + rs(30, ALNUM)
        return cmd(
            f'curl -s -X POST -H "X-Auth-Token: {k}" -H "Content-Type: application/json" -d \'{{"temperature": 21.4}}\' https://industrial.api.ubidots.com/api/v1.6/devices/greenhouse',
            [("ubidots-token", k)],
        )
    k = rs(64, ALNUM)
    return env([("ARDUINO_CLIENT_ID", rs(32, ALNUM)), ("ARDUINO_CLIENT_SECRET", k)], [("arduino-cloud-client-secret", k)])


# ---------------------------------------------------------------- kind: auth-platform-secrets


def auth_platform_secrets(is_clean):
    """Identity providers and auth platforms: Cognito app client secrets, Duo `skey` and RADIUS secrets, Descope
    management keys, FusionAuth API keys, OneLogin, authentik, Kinde, Logto."""
    if is_clean:
        form = deal("auth/clean", 5)
        if form == 0:
            pairs = [
                ("COGNITO_USER_POOL_ID", "eu-west-1_" + rs(9, ALNUM)),
                ("COGNITO_CLIENT_ID", rs(26, LOWER + DIGITS)),
                ("COGNITO_DOMAIN", "corp-auth.auth.eu-west-1.amazoncognito.com"),
            ]
            return clean(env_file(pairs), fmt="env", name=".env")
        if form == 1:
            text = f"[main]\ndebug=false\n\n[ad_client]\nhost=10.0.0.10\nservice_account_username=svc-duo\nservice_account_password=<set in authproxy vault>\n\n[radius_server_auto]\nikey=DI{rs(18, UPPER + DIGITS)}\nskey=<your secret key>\napi_host=api-{rs(8, HEX)}.duosecurity.com\nclient=ad_client\n"
            return clean(text, fmt="ini", name="conf/authproxy.cfg")
        if form == 2:
            doc = {"keys": [{"kty": "RSA", "alg": "RS256", "use": "sig", "kid": rs(43, URLSAFE), "e": "AQAB", "n": b64url(rbytes(256))}]}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/jwks.json")
        if form == 3:
            return cmd(
                f'curl -s -X POST https://corp.kinde.com/oauth2/token -d grant_type=client_credentials -d client_id={md5hex()} -d "client_secret=$KINDE_CLIENT_SECRET" -d audience=https://corp.kinde.com/api',
                [],
            )
        pairs = [
            ("DESCOPE_PROJECT_ID", "P2" + rs(27, ALNUM)),
            ("DESCOPE_MANAGEMENT_KEY", ""),
            ("FUSIONAUTH_TENANT_ID", uuid4()),
            ("AUTHENTIK_TOKEN", "${AUTHENTIK_TOKEN}"),
        ]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("auth/secret", 7)
    if form == 0:
        cid, k = rs(26, LOWER + DIGITS), rs(52, LOWER + DIGITS)
        if R.random() < 0.5:
            return env([("COGNITO_CLIENT_ID", cid), ("COGNITO_CLIENT_SECRET", k)], [("cognito-client-secret", k)])
        return cmd(
            f"curl -s -u {cid}:{k} -d grant_type=client_credentials -d scope=api/read https://corp-auth.auth.eu-west-1.amazoncognito.com/oauth2/token",
            [("cognito-client-secret", k)],
        )
    if form == 1:
        k = rs(40, ALNUM)
        if R.random() < 0.5:
            rad = password()
            text = f"[ad_client]\nhost=10.0.0.10\nservice_account_username=svc-duo\n\n[radius_server_auto]\nikey=DI{rs(18, UPPER + DIGITS)}\nskey={k}\napi_host=api-{rs(8, HEX)}.duosecurity.com\nradius_ip_1=10.0.0.5\nradius_secret_1={rad}\nclient=ad_client\n"
            return item(text, [("duo-secret-key", k), ("radius-shared-secret", rad)], fmt="ini", name="conf/authproxy.cfg")
        text = f'import duo_universal\n\nduo = duo_universal.Client(\n    client_id="DI{rs(18, UPPER + DIGITS)}",\n    client_secret="{k}",\n    host="api-{rs(8, HEX)}.duosecurity.com",\n    redirect_uri="https://app.corp.example/duo-callback",\n)\n'
        return item(text, [("duo-secret-key", k)], fmt="py", name="app/mfa.py")
    if form == 2:
        pid, k = "P2" + rs(27, ALNUM), "K2" + rs(50, ALNUM)
        if R.random() < 0.5:
            return env([("DESCOPE_PROJECT_ID", pid), ("DESCOPE_MANAGEMENT_KEY", k)], [("descope-management-key", k)])
        return cmd(
            f'curl -s -X POST https://api.descope.com/v1/mgmt/user/search -H "Authorization: Bearer {pid}:{k}" -d \'{{"limit": 10}}\'',
            [("descope-management-key", k)],
        )
    if form == 3:
        k = rs(43, URLSAFE) + rs(21, URLSAFE)
        if R.random() < 0.5:
            return cmd(f'curl -s -H "Authorization: {k}" "https://auth.corp.example/api/user?email=ops%40corp.example"', [("fusionauth-api-key", k)])
        doc = {
            "variables": {"defaultTenantId": uuid4()},
            "apiKeys": [{"key": k, "description": "kickstart"}],
            "requests": [{"method": "POST", "url": "/api/user/registration"}],
        }
        return item(json.dumps(doc, indent=2) + "\n", [("fusionauth-api-key", k)], fmt="json", name="kickstart/kickstart.json")
    if form == 4:
        cid, k = rs(64, HEX), rs(64, HEX)
        if R.random() < 0.5:
            return env([("ONELOGIN_CLIENT_ID", cid), ("ONELOGIN_CLIENT_SECRET", k), ("ONELOGIN_SUBDOMAIN", "corp")], [("onelogin-client-secret", k)])
        return cmd(
            f"curl -s -u {cid}:{k} -H 'Content-Type: application/json' -d '{{\"grant_type\":\"client_credentials\"}}' https://corp.onelogin.com/auth/oauth2/v2/token",
            [("onelogin-client-secret", k)],
        )
    if form == 5:
        k = rs(64, ALNUM)
        if R.random() < 0.5:
            return env([("AUTHENTIK_URL", "https://sso.corp.example"), ("AUTHENTIK_TOKEN", k)], [("authentik-token", k)])
        text = f'provider "authentik" {{\n  url   = "https://sso.corp.example"\n  token = "{k}"\n}}\n'
        return item(text, [("authentik-token", k)], fmt="hcl", name="infra/sso/provider.tf")
    if R.random() < 0.5:
        k = rs(50, ALNUM)
        return env(
            [("KINDE_ISSUER_URL", "https://corp.kinde.com"), ("KINDE_CLIENT_ID", md5hex()), ("KINDE_CLIENT_SECRET", k)], [("kinde-client-secret", k)]
        )
    k = rs(32, ALNUM)
    text = f"import LogtoClient from '@logto/node';\n\nexport const logto = new LogtoClient({{\n  endpoint: 'https://auth.corp.example/',\n  appId: '{rs(21, LOWER + DIGITS)}',\n  appSecret: '{k}',\n}});\n"
    return item(text, [("logto-app-secret", k)], fmt="ts", name="src/logto.ts")


# ---------------------------------------------------------------- kind: cicd-platform-tokens (held out)


def cicd_platform_tokens(is_clean):
    """CI/CD and deployment services no round had: Travis CI, Octopus Deploy `API-`, TeamCity, Harness `pat.`, Bitrise,
    Semaphore, Codemagic, AppVeyor `v2.`, Spacelift and env0 API key secrets."""
    if is_clean:
        form = deal("cicd/clean", 5)
        if form == 0:
            text = (
                "name: deploy\non:\n  push:\n    branches: [main]\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: OctopusDeploy/create-release-action@v3\n        with:\n          server: https://corp.octopus.app\n          api_key: ${{ secrets.OCTOPUS_API_KEY }}\n          space: Spaces-1\n          project: Projects-"
                + str(R.randint(100, 999))
                + "\n"
            )
            return clean(text, fmt="yaml", name=".github/workflows/deploy.yml")
        if form == 1:
            acct = rs(22, URLSAFE)
            pairs = [("HARNESS_ACCOUNT_ID", acct), ("HARNESS_PLATFORM_API_KEY", f"pat.{acct}.********"), ("HARNESS_ORG", "default")]
            return clean(env_file(pairs), fmt="env", name=".env")
        if form == 2:
            bid = R.randint(10**4, 10**6)
            doc = {
                "id": bid,
                "buildTypeId": "Corp_Api_Build",
                "number": str(R.randint(100, 999)),
                "status": "SUCCESS",
                "href": f"/app/rest/builds/id:{bid}",
                "webUrl": f"https://teamcity.corp.example/viewLog.html?buildId={bid}",
                "revisions": {"revision": [{"version": rs(40, HEX), "vcsBranchName": "refs/heads/main"}]},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="fixtures/teamcity-build.json")
        if form == 3:
            return cmd(
                'octopus release create --project api --version "1.4.$BUILD_NUMBER" --server https://corp.octopus.app --api-key "$OCTOPUS_API_KEY" --space Spaces-1',
                [],
            )
        text = f'language: node_js\nnode_js: ["22"]\nenv:\n  global:\n    - secure: "{b64(rbytes(256))}"\n    - SEMAPHORE_PROJECT_ID={uuid4()}\nscript: npm test\n'
        return clean(text, fmt="yaml", name=".travis.yml")
    form = deal("cicd/secret", 7)
    if form == 0:
        k = rs(22, URLSAFE)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -X POST -H "Travis-API-Version: 3" -H "Authorization: token {k}" -d \'{{"request": {{"branch": "main"}}}}\' https://api.travis-ci.com/repo/corp%2Fapp/requests',
                [("travis-api-token", k)],
            )
        text = f"endpoints:\n  https://api.travis-ci.com/:\n    access_token: {k}\ndefault_endpoint: https://api.travis-ci.com/\n"
        return item(text, [("travis-api-token", k)], fmt="yaml", name=".travis/config.yml")
    if form == 1:
        k = "API-" + rs(26, UPPER + DIGITS)
        if R.random() < 0.5:
            return cmd(
                f"octopus login --server https://corp.octopus.app --api-key {k} && octopus release list --project api", [("octopus-api-key", k)]
            )
        return env([("OCTOPUS_URL", "https://corp.octopus.app"), ("OCTOPUS_API_KEY", k), ("OCTOPUS_SPACE", "Spaces-1")], [("octopus-api-key", k)])
    if form == 2:
        k = "eyJ0eXAiOiAiVENWMiJ9." + rs(36, URLSAFE) + "." + rs(48, URLSAFE)
        if R.random() < 0.5:
            return cmd(
                f'curl -s -H "Authorization: Bearer {k}" -H "Accept: application/json" "https://teamcity.corp.example/app/rest/builds?locator=buildType:Corp_Api_Build,count:5"',
                [("teamcity-token", k)],
            )
        return env([("TEAMCITY_URL", "https://teamcity.corp.example"), ("TEAMCITY_TOKEN", k)], [("teamcity-token", k)])
    if form == 3:
        acct = rs(22, URLSAFE)
        k = f"pat.{acct}.{rs(24, HEX)}.{rs(20, ALNUM)}"
        if R.random() < 0.5:
            return cmd(f"harness login --api-key {k} --account-id {acct}", [("harness-pat", k)])
        return env([("HARNESS_ACCOUNT_ID", acct), ("HARNESS_PLATFORM_API_KEY", k)], [("harness-pat", k)])
    if form == 4:
        if R.random() < 0.5:
            k = rs(86, URLSAFE)
            return cmd(f'curl -s -H "Authorization: {k}" https://api.bitrise.io/v0.1/apps', [("bitrise-token", k)])
        k = rs(20, ALNUM)
        return cmd(f"sem connect corp.semaphoreci.com {k} && sem get projects", [("semaphore-api-token", k)])
    if form == 5:
        if R.random() < 0.5:
            k = rs(43, URLSAFE)
            return cmd(
                f'curl -s -H "Content-Type: application/json" -H "x-auth-token: {k}" -d \'{{"appId": "{rs(24, HEX)}", "workflowId": "release", "branch": "main"}}\' https://api.codemagic.io/builds',
                [("codemagic-token", k)],
            )
        k = "v2." + rs(20, LOWER + DIGITS)
        return env([("APPVEYOR_ACCOUNT", "corp"), ("APPVEYOR_API_TOKEN", k)], [("appveyor-token", k)])
    if R.random() < 0.5:
        k = rs(64, HEX)
        pairs = [
            ("SPACELIFT_API_KEY_ENDPOINT", "https://corp.app.spacelift.io"),
            ("SPACELIFT_API_KEY_ID", rs(26, UPPER + DIGITS)),
            ("SPACELIFT_API_KEY_SECRET", k),
        ]
        return env(pairs, [("spacelift-api-key-secret", k)])
    k = rs(32, URLSAFE)
    return env([("ENV0_API_KEY", rs(16, LOWER + DIGITS)), ("ENV0_API_SECRET", k), ("ENV0_ORGANIZATION_ID", uuid4())], [("env0-api-secret", k)])


# ---------------------------------------------------------------- kind: i18n-labelled-passwords (held out)

# (language, user label, password label, server label, ascii password field, ascii user field, "see the vault" note)
LANGS = [
    ("tr", "Kullanıcı adı", "Şifre", "Sunucu", "sifre", "kullanici", "KeePass'te"),
    ("vi", "Tên đăng nhập", "Mật khẩu", "Máy chủ", "mat_khau", "ten_dang_nhap", "xem trong Vault"),
    ("id", "Nama pengguna", "Kata sandi", "Server", "kata_sandi", "nama_pengguna", "lihat di Vault"),
    ("sv", "Användarnamn", "Lösenord", "Server", "losenord", "anvandare", "se Vault"),
    ("cs", "Uživatelské jméno", "Heslo", "Server", "heslo", "uzivatel", "viz Vault"),
    ("el", "Όνομα χρήστη", "Κωδικός πρόσβασης", "Διακομιστής", "kodikos", "xristis", "βλ. Vault"),
    ("he", "שם משתמש", "סיסמה", "שרת", "sisma", "shem_mishtamesh", "ראה Vault"),
    ("ar", "اسم المستخدم", "كلمة المرور", "الخادم", "kalimat_almurur", "ism_almustakhdim", "انظر Vault"),
    ("hi", "उपयोगकर्ता नाम", "पासवर्ड", "सर्वर", "paasvard", "upayogkarta", "Vault देखें"),
    ("th", "ชื่อผู้ใช้", "รหัสผ่าน", "เซิร์ฟเวอร์", "rahat_phan", "chue_phu_chai", "ดูใน Vault"),
    ("fi", "Käyttäjätunnus", "Salasana", "Palvelin", "salasana", "kayttaja", "katso Vault"),
    ("hu", "Felhasználónév", "Jelszó", "Szerver", "jelszo", "felhasznalo", "lásd Vault"),
    ("ro", "Utilizator", "Parolă", "Server", "parola", "utilizator", "vezi Vault"),
]


def i18n_labelled_passwords(is_clean):
    """Passwords with no prefix, known only by the label before them, in languages no round had (Turkish, Vietnamese,
    Indonesian, Swedish, Czech, Greek, Hebrew, Arabic, Hindi, Thai, Finnish, Hungarian, Romanian): hand-over notes,
    env files and YAML with the language's (transliterated) key names, a login form posted with `curl`."""
    lang, ulab, plab, slab, pkey, ukey, vault = R.choice(LANGS)
    host = pick("db01.corp.example", "10.20.3.14", "nas.corp.example", "panel.corp.example")
    user = pick("admin", "deploy", "ops", "yonetici", "quantri", "backup")
    if is_clean:
        form = deal("i18n/clean", 5)
        if form == 0:
            return clean(f"{slab}: {host}\n{ulab}: {user}\n{plab}: ********\n", name=f"notes/{lang}-handover.txt")
        if form == 1:
            return clean(f"{slab}: {host}\n{ulab}: {user}\n{plab}: ({vault})\nTicket: OPS-{R.randint(1000, 9999)}\n", name=f"notes/{lang}-access.txt")
        if form == 2:
            pairs = [(f"DB_{ukey.upper()}", user), (f"DB_{pkey.upper()}", "${DB_PASSWORD}"), ("DB_HOST", host)]
            return clean(env_file(pairs), fmt="env", name=".env")
        if form == 3:
            return clean(f'db:\n  host: {host}\n  {ukey}: {user}\n  {pkey}: ""\n  checksum: {sha256hex()}\n', fmt="yaml", name=f"config/{lang}.yml")
        return cmd(f"curl -s -c jar.txt -d '{ukey}={user}' --data-urlencode \"{pkey}=$PANEL_PASSWORD\" https://{host}/login", [])
    pw = password()
    form = deal("i18n/secret", 5)
    if form == 0:
        text = f"{slab}: {host}\n{ulab}: {user}\n{plab}: {pw}\n"
        return item(text, [("password", pw)], name=f"notes/{lang}-handover.txt")
    if form == 1:
        text = f"# {slab}\n{slab} = {host}\n{ulab} = {user}\n{plab} = {pw}\n"
        return item(text, [("password", pw)], name=f"notes/{lang}-access.txt")
    if form == 2:
        pairs = [("DB_HOST", host), (f"DB_{ukey.upper()}", user), (f"DB_{pkey.upper()}", pw)]
        return env(pairs, [("password", pw)])
    if form == 3:
        text = f'db:\n  host: {host}\n  {ukey}: {user}\n  {pkey}: "{pw}"\n  port: 5432\n'
        return item(text, [("password", pw)], fmt="yaml", name=f"config/{lang}.yml")
    return cmd(f"curl -s -c jar.txt -d {shq(ukey + '=' + user)} --data-urlencode {shq(pkey + '=' + pw)} https://{host}/login", [("password", pw)])


KINDS = {
    # dev
    "maps-geo-weather": maps_geo_weather,
    "media-streaming-apis": media_streaming_apis,
    "threat-intel-keys": threat_intel_keys,
    "mlops-platform-keys": mlops_platform_keys,
    "iot-device-clouds": iot_device_clouds,
    "auth-platform-secrets": auth_platform_secrets,
    # held out
    "cicd-platform-tokens": cicd_platform_tokens,
    "i18n-labelled-passwords": i18n_labelled_passwords,
}


# ---------------------------------------------------------------- contexts
# Each context: render(item) -> (scope, tool, payload, piecer), piecer(atom) -> the atom's pieces as the context shows it.


def as_file(it):
    if it["shape"] == "cmd":
        return "#!/bin/sh\nset -eu\n" + it["text"] + "\n"
    return it["text"]


def py_repr(s):
    return repr(s)


def node_str(s):
    """A string as Node's util.inspect shows it: single quotes, double when the text holds a single quote."""
    body = s.replace("\\", "\\\\").replace("\n", "\\n")
    if "'" not in s:
        return "'" + body + "'"
    if '"' not in s:
        return '"' + body + '"'
    if "`" not in s:
        return "`" + body + "`"
    return "'" + body.replace("'", "\\'") + "'"


def ruby_inspect(s):
    out = ""
    for i, c in enumerate(s):
        nxt = s[i + 1] if i + 1 < len(s) else ""
        if c in '"\\':
            out += "\\" + c
        elif c == "\n":
            out += "\\n"
        elif c == "#" and nxt in "{$@":
            out += "\\#"
        else:
            out += c
    return '"' + out + '"'


def ruby_piecer(a):
    return [ruby_inspect(a)[1:-1]]


# -- repl-session


def repl_session(it):
    """An interactive session read back from a terminal: Python (`>>>`), Ruby irb (`irb(main):001>`) or Node (`>`),
    where the agent looked at the environment, ran the command or opened the file; the values shown as each REPL
    echoes them (Python `repr`, Ruby `inspect`, Node `util.inspect`, long Node strings split a line per `+`)."""
    lang = pick("python", "ruby", "node")
    pairs = env_pairs(it)
    path = item_path(it)
    piecer = whole
    if lang == "python":
        out = 'Python 3.12.7 (main, Oct  1 2026, 08:00:00) [GCC 12.2.0] on linux\nType "help", "copyright", "credits" or "license" for more information.\n'
        if pairs is not None:
            if R.random() < 0.5:
                out += ">>> from dotenv import dotenv_values\n>>> dotenv_values('.env')\n"
                out += "OrderedDict({" + ", ".join(f"{py_repr(k)}: {py_repr(v)}" for k, v in pairs) + "})\n"
            else:
                out += ">>> import os\n"
                for k, v in pairs:
                    out += f">>> os.environ[{py_repr(k)}]\n{py_repr(v)}\n"
        elif it["shape"] == "cmd":
            out += f">>> import subprocess\n>>> subprocess.run({py_repr(it['text'])}, shell=True, check=True)\n"
            out += f"CompletedProcess(args={py_repr(it['text'])}, returncode=0)\n"
        elif R.random() < 0.5:
            out += f">>> print(open({py_repr(path)}).read())\n{it['text']}\n"
        else:
            out += f">>> open({py_repr(path)}).read()\n{py_repr(it['text'])}\n"
        out += ">>> "
    elif lang == "ruby":
        n = 1
        out = ""

        def p(line):
            nonlocal n, out
            out += f"irb(main):{n:03d}> {line}\n"
            n += 1

        if pairs is not None:
            p('require "dotenv/load"')
            out += "=> true\n"
            for k, v in pairs:
                p(f'ENV.fetch("{k}")')
                out += f"=> {ruby_inspect(v)}\n"
        elif it["shape"] == "cmd":
            p(f"system({ruby_inspect(it['text'])})")
            out += "=> true\n"
        else:
            p(f'File.read("{path}")')
            out += f"=> {ruby_inspect(it['text'])}\n"
        p("")
        out = out.rstrip("\n")
        piecer = ruby_piecer
    else:
        out = 'Welcome to Node.js v22.11.0.\nType ".help" for more information.\n'
        if pairs is not None:
            out += "> require('dotenv').config().parsed\n{\n" + ",\n".join(f"  {k}: {node_str(v)}" for k, v in pairs) + "\n}\n"
        elif it["shape"] == "cmd":
            out += f"> require('child_process').execSync({node_str(it['text'])}, {{ stdio: 'inherit' }})\nnull\n"
        else:
            out += f"> fs.readFileSync('{path}', 'utf8')\n"
            ls = it["text"].split("\n")
            parts = [ln + "\n" for ln in ls[:-1]] + ([ls[-1]] if ls[-1] else [])
            if len(it["text"]) > 72 and len(parts) > 1:
                out += " +\n  ".join(node_str(x) for x in parts) + "\n"
            else:
                out += node_str(it["text"]) + "\n"
        out += "> "
    return "result", "terminal", out, piecer


# -- sentry-event


def sentry_event(it):
    """A Sentry error event fetched by the agent (`sentry_get_event` tool, or `curl` of the events API): env values in
    `extra.environ` or a `config` breadcrumb, a command in a `subprocess` breadcrumb and the exception's value, a file
    in `extra` or a frame's `vars` (as Sentry stores them: the `repr` of each local)."""
    pairs = env_pairs(it)
    eid = rs(32, HEX)
    ev = {
        "eventID": eid,
        "id": eid,
        "groupID": str(R.randint(10**9, 10**10)),
        "projectID": str(R.randint(10**6, 10**7)),
        "platform": "python",
        "dateCreated": f"2026-12-0{R.randint(1, 5)}T{R.randint(10, 23)}:{R.randint(10, 59)}:{R.randint(10, 59)}.{R.randint(100, 999)}Z",
        "title": "",
        "tags": [
            {"key": "environment", "value": "production"},
            {"key": "release", "value": "api@" + rs(7, HEX)},
            {"key": "server_name", "value": "web-" + rs(5, LOWER + DIGITS)},
        ],
        "entries": [],
        "context": {},
    }
    frame = {"filename": "app/worker.py", "function": "run", "lineNo": R.randint(20, 300), "vars": {}}
    crumbs = [{"type": "default", "category": "app", "level": "info", "message": "worker started", "timestamp": "2026-12-05T10:00:00Z"}]
    if pairs is not None:
        ev["title"] = "KeyError: 'DATABASE_URL'"
        exc = {"type": "KeyError", "value": "'DATABASE_URL'"}
        if R.random() < 0.5:
            ev["context"]["environ"] = dict(pairs)
        else:
            for k, v in pairs:
                crumbs.append(
                    {"type": "default", "category": "config", "level": "debug", "message": f"loaded {k}={v}", "timestamp": "2026-12-05T10:00:01Z"}
                )
        frame["vars"]["key"] = "'DATABASE_URL'"
    elif it["shape"] == "cmd":
        ev["title"] = "CalledProcessError: Command returned non-zero exit status 1."
        exc = {"type": "CalledProcessError", "value": f"Command {py_repr(it['text'])} returned non-zero exit status 1."}
        crumbs.append(
            {
                "type": "default",
                "category": "subprocess",
                "level": "info",
                "message": it["text"],
                "data": {"cwd": "/srv/app"},
                "timestamp": "2026-12-05T10:00:02Z",
            }
        )
        frame["vars"]["cmd"] = py_repr(it["text"])
    else:
        ev["title"] = "ValueError: could not parse configuration"
        exc = {"type": "ValueError", "value": "could not parse configuration"}
        if R.random() < 0.5:
            ev["context"]["config_text"] = it["text"]
        else:
            frame["vars"]["text"] = py_repr(it["text"])
        frame["vars"]["path"] = py_repr(item_path(it))
    ev["entries"] = [
        {"type": "exception", "data": {"values": [{**exc, "stacktrace": {"frames": [frame]}}]}},
        {"type": "breadcrumbs", "data": {"values": crumbs}},
    ]
    body = json.dumps(ev, indent=2, ensure_ascii=False)
    if R.random() < 0.5:
        return "result", "sentry_get_event", body, whole
    return (
        "result",
        "terminal",
        f'$ curl -s -H "Authorization: Bearer $SENTRY_AUTH_TOKEN" https://sentry.io/api/0/projects/corp/api/events/{eid}/ | jq .\n{body}\n',
        whole,
    )


# -- cloudwatch-logs


def log_lines_of(it):
    pairs = env_pairs(it)
    if pairs is not None:
        return ["entrypoint: environment"] + [f"{k}={v}" for k, v in pairs]
    if it["shape"] == "cmd":
        return ["+ set -eu", "+ " + it["text"]]
    return [f"+ cat {item_path(it)}", *file_lines(it["text"])]


def cloudwatch_logs(it):
    """CloudWatch Logs as the AWS CLI prints them: `aws logs tail --format short` / default (`timestamp stream message`),
    or `get-log-events` / `filter-log-events` JSON; one event per line of the container's output."""
    lines = log_lines_of(it)
    group = pick("/ecs/api", "/aws/lambda/corp-worker", "/ecs/batch-jobs")
    stream = pick("ecs/api/", "2026/12/05/[$LATEST]", "ecs/worker/") + rs(32, HEX)
    t0 = ts_epoch() * 1000 + R.randint(0, 999)
    mode = R.randrange(3)
    if mode == 0:
        out = f"$ aws logs tail {group} --since 1h\n"
        for i, ln in enumerate(lines):
            out += f"2026-12-05T10:{11 + i // 60:02d}:{i % 60:02d}.{R.randint(100, 999)}000+00:00 {stream} {ln}\n"
        return "result", "terminal", out, whole
    if mode == 1:
        events = [{"timestamp": t0 + i * 7, "message": ln, "ingestionTime": t0 + i * 7 + 41} for i, ln in enumerate(lines)]
        doc = {"events": events, "nextForwardToken": "f/" + rs(56, DIGITS), "nextBackwardToken": "b/" + rs(56, DIGITS)}
        return (
            "result",
            "terminal",
            f"$ aws logs get-log-events --log-group-name {group} --log-stream-name '{stream}'\n" + json.dumps(doc, indent=4) + "\n",
            whole,
        )
    events = [
        {"logStreamName": stream, "timestamp": t0 + i * 7, "message": ln, "ingestionTime": t0 + i * 7 + 41, "eventId": rs(56, DIGITS)}
        for i, ln in enumerate(lines)
    ]
    doc = {"events": events, "searchedLogStreams": []}
    return "result", "aws_logs_filter", json.dumps(doc, indent=4), whole


# -- openapi-spec


def block(text, n):
    """A YAML literal block's body: every line indented n spaces (empty lines left empty)."""
    return "".join((" " * n + ln if ln else "") + "\n" for ln in file_lines(text))


def openapi_spec(it):
    """An OpenAPI 3 description written, read back or quoted in a reply (YAML, or JSON): env values as the example of a
    settings response, a command as an operation's `x-codeSamples` source, a file as a request body's example."""
    pairs = env_pairs(it)
    as_json = R.random() < 0.3
    head = {
        "openapi": "3.0.3",
        "info": {"title": "corp config service", "version": f"1.{R.randint(0, 9)}.0"},
        "servers": [{"url": "https://config.corp.example/v1"}],
    }
    if pairs is not None:
        op_path, op = (
            "/settings",
            {
                "get": {
                    "summary": "Current settings",
                    "operationId": "getSettings",
                    "responses": {"200": {"description": "OK", "content": {"application/json": {"example": dict(pairs)}}}},
                }
            },
        )
    elif it["shape"] == "cmd":
        op_path = "/jobs/run"
        op = {
            "post": {
                "summary": "Run the nightly job",
                "operationId": "runJob",
                "x-codeSamples": [{"lang": "Shell", "label": "cURL", "source": it["text"] + "\n"}],
                "responses": {"202": {"description": "Accepted"}},
            }
        }
    else:
        op_path = "/files/{path}"
        op = {
            "put": {
                "summary": "Upload a configuration file",
                "operationId": "putFile",
                "parameters": [{"name": "path", "in": "path", "required": True, "schema": {"type": "string"}, "example": item_path(it)}],
                "requestBody": {"content": {"text/plain": {"schema": {"type": "string"}, "example": it["text"]}}},
                "responses": {"204": {"description": "Stored"}},
            }
        }
    if as_json:
        text = json.dumps({**head, "paths": {op_path: op}}, indent=2, ensure_ascii=False) + "\n"
        path, lang = "api/openapi.json", "json"
    else:
        path, lang = "api/openapi.yaml", "yaml"
        text = f"openapi: 3.0.3\ninfo:\n  title: corp config service\n  version: {head['info']['version']}\nservers:\n  - url: https://config.corp.example/v1\npaths:\n"
        if pairs is not None:
            text += '  /settings:\n    get:\n      summary: Current settings\n      operationId: getSettings\n      responses:\n        "200":\n          description: OK\n          content:\n            application/json:\n              example:\n'
            text += "".join(f'                {k}: "{v}"\n' for k, v in pairs)
        elif it["shape"] == "cmd":
            text += "  /jobs/run:\n    post:\n      summary: Run the nightly job\n      operationId: runJob\n      x-codeSamples:\n        - lang: Shell\n          label: cURL\n          source: |\n"
            text += block(it["text"], 12)
            text += '      responses:\n        "202":\n          description: Accepted\n'
        else:
            text += f"  /files/{{path}}:\n    put:\n      summary: Upload a configuration file\n      operationId: putFile\n      parameters:\n        - name: path\n          in: path\n          required: true\n          schema:\n            type: string\n          example: {item_path(it)}\n      requestBody:\n        content:\n          text/plain:\n            schema:\n              type: string\n            example: |\n"
            text += block(it["text"], 14)
            text += '      responses:\n        "204":\n          description: Stored\n'
    view = R.randrange(3)
    if view == 0:
        return "args", "write_file", json.dumps({"path": path, "content": text}, ensure_ascii=False), whole
    if view == 1:
        return "result", "read_file", text, whole
    return "reply", "", f"I documented it in `{path}`:\n\n```{lang}\n{text}```\n", whole


# -- confluence-storage


def confluence_storage(it):
    """A Confluence page in storage format (XHTML with `ac:` macros): fetched (`confluence_get_page` or `curl` of the
    REST API, the page in `body.storage.value`) or written (`confluence_update_page`): env values as a table of
    `<code>` cells, a command or a file in a code macro's CDATA body."""
    pairs = env_pairs(it)
    title = pick("Runbook: api deploy", "Onboarding: staging access", "Ops notes 2026-12", "Greenhouse sensors")
    intro = (
        "<p>"
        + xml_escape(pick("Settings we use in production.", "Copied from the server, keep in sync.", "Steps for the on-call engineer."))
        + "</p>"
    )
    if pairs is not None:
        rows = "".join(f"<tr><td><code>{xml_escape(k)}</code></td><td><code>{xml_escape(v)}</code></td></tr>" for k, v in pairs)
        body = f'{intro}<table data-layout="default"><colgroup><col /><col /></colgroup><tbody><tr><th><p><strong>Variable</strong></p></th><th><p><strong>Value</strong></p></th></tr>{rows}</tbody></table>'
    else:
        lang = "bash" if it["shape"] == "cmd" else pick("text", "yaml", "none")
        text = it["text"] if it["shape"] == "cmd" else it["text"].rstrip("\n")
        mid = uuid4()
        body = (
            f'{intro}<h2>{xml_escape(item_path(it))}</h2><ac:structured-macro ac:name="code" ac:schema-version="1" ac:macro-id="{mid}">'
            f'<ac:parameter ac:name="language">{lang}</ac:parameter><ac:parameter ac:name="linenumbers">true</ac:parameter>'
            f"<ac:plain-text-body><![CDATA[{text}]]></ac:plain-text-body></ac:structured-macro>"
        )
    page_id = str(R.randint(10**8, 10**10))
    mode = R.randrange(3)
    if mode == 0:
        doc = {"page_id": page_id, "title": title, "body": body, "representation": "storage", "version_message": "update values"}
        return "args", "confluence_update_page", json.dumps(doc, ensure_ascii=False), whole
    doc = {
        "id": page_id,
        "type": "page",
        "status": "current",
        "title": title,
        "space": {"key": pick("OPS", "ENG", "PLAT")},
        "version": {"number": R.randint(2, 40), "when": "2026-12-04T16:02:11.000Z"},
        "body": {"storage": {"value": body, "representation": "storage"}},
        "_links": {"webui": f"/spaces/OPS/pages/{page_id}", "base": "https://corp.atlassian.net/wiki"},
    }
    if mode == 1:
        return "result", "confluence_get_page", json.dumps(doc, indent=2, ensure_ascii=False), whole
    out = f'$ curl -s -u "$ATLASSIAN_EMAIL:$ATLASSIAN_API_TOKEN" "https://corp.atlassian.net/wiki/rest/api/content/{page_id}?expand=body.storage,version" | jq .\n'
    return "result", "terminal", out + json.dumps(doc, indent=2, ensure_ascii=False) + "\n", whole


# -- icalendar (held out)


def ics_escape(s):
    return s.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def ics_fold(line):
    """RFC 5545 folding: rows of at most 75 octets (a continuation row's leading space counts), never inside a
    character. Returns the rows and their (start, end) character spans in the logical line."""
    spans, start, octets, limit = [], 0, 0, 75
    for i, c in enumerate(line):
        n = len(c.encode())
        if octets + n > limit:
            spans.append((start, i))
            start, octets, limit = i, 0, 74
        octets += n
    spans.append((start, len(line)))
    return [line[a:b] for a, b in spans], spans


def shown_lines(it):
    pairs = env_pairs(it)
    if pairs is not None:
        return "".join(f"{k}={v}\n" for k, v in pairs)
    return it["text"] if it["shape"] == "file" else it["text"] + "\n"


def icalendar(it):
    """A calendar invitation holding the item in its description: an `.ics` file read back (CRLF; `DESCRIPTION` with
    `\\n`, `\\,` and `\\;` escapes, folded at 75 octets with a leading space), or a `calendar_create_event` call with
    the description as plain text. In the `.ics`, one piece per folded row a credential spans."""
    summary = pick("Key rotation handover", "Staging access for the new contractor", "On-call sync", "Sensor install at the greenhouse")
    desc = (
        pick("Hi all,", "Agenda and the values we need:", "Notes for the session:")
        + "\n\n"
        + shown_lines(it)
        + "\n"
        + pick("Thanks!", "See you there.", "-- ops")
    )
    start = f"202612{R.randint(8, 28):02d}T{R.randint(8, 17):02d}0000Z"
    if R.random() < 0.3:
        doc = {
            "calendar_id": "primary",
            "summary": summary,
            "start": start,
            "duration_minutes": 30,
            "attendees": ["ops@corp.example", "dev@corp.example"],
            "description": desc,
        }
        return "args", "calendar_create_event", json.dumps(doc, ensure_ascii=False), whole
    logical = "DESCRIPTION:" + ics_escape(desc)
    rows, spans = ics_fold(logical)
    uid = uuid4()
    out = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:"
        + pick("-//Google Inc//Google Calendar 70.9054//EN", "-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN", "-//Apple Inc.//macOS 15.2//EN"),
        "METHOD:REQUEST",
        "BEGIN:VEVENT",
        f"DTSTART:{start}",
        f"DTSTAMP:20261205T{R.randint(10, 23)}{R.randint(10, 59)}00Z",
        "ORGANIZER;CN=Ops:mailto:ops@corp.example",
        f"UID:{uid}",
        "ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=dev@corp.example;X-NUM-GUESTS=0:mailto:dev@corp.example",
        rows[0],
        *[" " + r for r in rows[1:]],
        "LOCATION:" + ics_escape(pick("Room 4.12, Berlin", "https://meet.corp.example/ops", "")),
        "SEQUENCE:0",
        "STATUS:CONFIRMED",
        "SUMMARY:" + ics_escape(summary),
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    text = "\r\n".join(out) + "\r\n"

    def piecer(atom):
        esc = ics_escape(atom)
        found, i = [], logical.find(esc)
        while i >= 0:
            a, b = i, i + len(esc)
            for s0, e0 in spans:
                if s0 < b and e0 > a:
                    found.append(logical[max(a, s0) : min(b, e0)])
            i = logical.find(esc, i + 1)
        return list(dict.fromkeys(x for x in found if x))

    if R.random() < 0.5:
        return "result", "read_file", text, piecer
    return "result", "terminal", "$ cat ~/Downloads/invite.ics\n" + text, piecer


# -- rtf-doc (held out)


def rtf_escape(s, cocoa):
    out = ""
    for c in s:
        if c in "\\{}":
            out += "\\" + c
        elif ord(c) > 127:
            code = ord(c) if ord(c) < 32768 else ord(c) - 65536
            out += f"\\uc0\\u{code} " if cocoa else f"\\u{code}?"
        else:
            out += c
    return out


def rtf_doc(it):
    """A rich-text document holding the item (a runbook saved by TextEdit or WordPad), read back, `cat`, or written by
    the agent: TextEdit's Cocoa RTF (each line ended by `\\`), or WordPad's (`\\par`); `\\`, `{`, `}` escaped and
    other letters as `\\u` codes."""
    cocoa = R.random() < 0.5
    title = pick("Runbook", "Access notes", "Deploy checklist", "Handover")
    lines = file_lines(shown_lines(it))
    if cocoa:
        head = (
            "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2822\n\\cocoatextscaling0\\cocoaplatform0{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;\\f1\\fmodern\\fcharset0 Courier;}\n"
            "{\\colortbl;\\red255\\green255\\blue255;}\n{\\*\\expandedcolortbl;;}\n\\paperw11900\\paperh16840\\margl1440\\margr1440\\vieww11520\\viewh8400\\viewkind0\n"
            "\\pard\\tx566\\tx1133\\tx1700\\tx2267\\tx2834\\tx3401\\tx3968\\tx4535\\tx5102\\tx5669\\tx6236\\tx6803\\pardirnatural\\partightenfactor0\n\n"
        )
        body = f"\\f0\\b\\fs28 \\cf0 {rtf_escape(title, True)}\\\n\\b0\\fs24 \\\n\\f1 " + "".join(rtf_escape(ln, True) + "\\\n" for ln in lines) + "}"
    else:
        head = "{\\rtf1\\ansi\\ansicpg1252\\deff0\\nouicompat{\\fonttbl{\\f0\\fnil\\fcharset0 Calibri;}{\\f1\\fnil\\fcharset0 Consolas;}}\n{\\*\\generator Riched20 10.0.22621}\\viewkind4\\uc1 \n"
        body = (
            f"\\pard\\sa200\\sl276\\slmult1\\b\\f0\\fs28\\lang9 {rtf_escape(title, False)}\\b0\\fs22\\par\n\\f1 "
            + "".join(rtf_escape(ln, False) + "\\par\n" for ln in lines)
            + "}\n"
        )
    text = head + body
    path = pick("docs/runbook.rtf", "Desktop/access-notes.rtf", "handover.rtf")
    mode = R.randrange(3)
    if mode == 0:
        return "result", "read_file", text, whole
    if mode == 1:
        return "result", "terminal", f"$ cat {path}\n{text}", whole
    return "args", "write_file", json.dumps({"path": path, "content": text}), whole


# -- lsp-trace (held out)

LANG_IDS = {
    "py": "python",
    "yaml": "yaml",
    "yml": "yaml",
    "json": "json",
    "toml": "toml",
    "ts": "typescript",
    "tf": "terraform",
    "ino": "cpp",
    "h": "c",
    "cfg": "ini",
    "conf": "properties",
    "sh": "shellscript",
}


def lsp_trace(it):
    """A language server's traffic as the editor logs it: VS Code's `[Trace - …] Sending notification
    'textDocument/didOpen'.` with pretty-printed `Params:`, or the raw JSON-RPC stream (`Content-Length:` headers,
    compact JSON) from a server's log file; the item as an opened or changed document's text, a command as the
    argument of `workspace/executeCommand`."""
    path = item_path(it)
    uri = "file:///srv/app/" + path
    ext = path.rsplit(".", 1)[-1] if "." in path.rsplit("/", 1)[-1] else ""
    lang = "dotenv" if env_pairs(it) is not None else LANG_IDS.get(ext, "plaintext")
    msgs = [("request", "initialize", {"processId": R.randint(1000, 60000), "rootUri": "file:///srv/app", "capabilities": {}})]
    if it["shape"] == "cmd" and R.random() < 0.5:
        msgs.append(("request", "workspace/executeCommand", {"command": "corp.runInTerminal", "arguments": [it["text"]]}))
    elif R.random() < 0.7:
        msgs.append(
            (
                "notification",
                "textDocument/didOpen",
                {"textDocument": {"uri": uri, "languageId": "shellscript" if it["shape"] == "cmd" else lang, "version": 1, "text": as_file(it)}},
            )
        )
    else:
        msgs.append(
            (
                "notification",
                "textDocument/didChange",
                {"textDocument": {"uri": uri, "version": R.randint(2, 30)}, "contentChanges": [{"text": as_file(it)}]},
            )
        )
    msgs.append(("notification", "textDocument/publishDiagnostics", {"uri": uri, "diagnostics": []}))
    if R.random() < 0.5:
        out = ""
        h, m, sec = R.randint(1, 12), R.randint(10, 59), R.randint(10, 50)
        for i, (kind, method, params) in enumerate(msgs):
            verb = "Received" if method == "textDocument/publishDiagnostics" else "Sending"
            what = f"request '{method} - ({i})'" if kind == "request" else f"notification '{method}'"
            out += f"[Trace - {h}:{m:02d}:{sec + i:02d} {pick('AM', 'PM')}] {verb} {what}.\nParams: {json.dumps(params, indent=4, ensure_ascii=False)}\n\n\n"
        return "result", "read_file", out, whole
    out = ""
    for i, (kind, method, params) in enumerate(msgs):
        msg = {"jsonrpc": "2.0", "method": method, "params": params}
        if kind == "request":
            msg = {"jsonrpc": "2.0", "id": i, "method": method, "params": params}
        body = json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
        out += f"Content-Length: {len(body.encode())}\r\n\r\n{body}"
    if R.random() < 0.5:
        return "result", "read_file", out + "\n", whole
    return "result", "terminal", f"$ tail -c 4000 ~/.cache/corp-ls/rpc.log\n{out}\n", whole


CONTEXTS = {
    # dev
    "repl-session": repl_session,
    "sentry-event": sentry_event,
    "cloudwatch-logs": cloudwatch_logs,
    "openapi-spec": openapi_spec,
    "confluence-storage": confluence_storage,
    # held out
    "icalendar": icalendar,
    "rtf-doc": rtf_doc,
    "lsp-trace": lsp_trace,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r13", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
