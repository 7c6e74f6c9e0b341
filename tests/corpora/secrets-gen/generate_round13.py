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
    jwt,
    pick,
    rs,
    ts_epoch,
    uuid4,
    whole,
    write_round,
)

SEED = 1643
OUT = Path(__file__).with_name("round13.jsonl")

HELD_OUT_KINDS = {"cicd-platform-tokens", "i18n-labelled-passwords"}
HELD_OUT_CONTEXTS = {"icalendar", "rtf-doc", "lsp-trace"}


def env(pairs, secrets, name=".env"):
    return item(env_file(pairs), secrets, fmt="env", name=name)


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
            return cmd(f"curl -s 'https://api.tomtom.com/search/2/geocode/De%20Ruijterkade%20154%20Amsterdam.json?key={k}&limit=1'", [("tomtom-api-key", k)])
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
            return cmd(f'curl -s "https://api.themoviedb.org/3/movie/{R.randint(100, 99999)}?api_key=${{TMDB_API_KEY}}&language=en-US" | jq .title', [])
        if form == 3:
            text = f'{{\n  "client_id": "{rs(40, HEX)}",\n  "client_secret": "<client secret>",\n  "access_token": "",\n  "showcase_video_ids": [{R.randint(10**8, 10**9)}, {R.randint(10**8, 10**9)}]\n}}\n'
            return clean(text, fmt="json", name="config/vimeo.json")
        pairs = [("LASTFM_API_SECRET", ""), ("GENIUS_ACCESS_TOKEN", "xxxxxxxx"), ("PEXELS_API_KEY", "changeme"), ("UNSPLASH_COLLECTION", str(R.randint(10**5, 10**7)))]
        return clean(env_file(pairs), fmt="env", name=".env.example")
    form = deal("media/secret", 7)
    if form == 0:
        cid, k = md5hex(), md5hex()
        if R.random() < 0.5:
            return env([("SPOTIFY_CLIENT_ID", cid), ("SPOTIFY_CLIENT_SECRET", k)], [("spotify-client-secret", k)])
        return cmd(f"curl -s -X POST https://accounts.spotify.com/api/token -d grant_type=client_credentials -u {cid}:{k}", [("spotify-client-secret", k)])
    if form == 1:
        if R.random() < 0.5:
            k = md5hex()
            return cmd(f"curl -s 'https://api.themoviedb.org/3/movie/550?api_key={k}'", [("tmdb-api-key", k)])
        t = jwt({"alg": "HS256"}, {"aud": md5hex(), "nbf": ts_epoch() + 0.123, "sub": rs(24, HEX), "scopes": ["api_read"], "version": 1}, 32)
        return env([("TMDB_READ_ACCESS_TOKEN", t)], [("tmdb-read-token", t)])
    if form == 2:
        k = md5hex()
        if R.random() < 0.5:
            return cmd(f'curl -s -H "Authorization: bearer {k}" -H "Accept: application/vnd.vimeo.*+json;version=3.4" https://api.vimeo.com/me/videos', [("vimeo-access-token", k)])
        s = rs(128, ALNUM + "+/")
        text = f'{{\n  "client_id": "{rs(40, HEX)}",\n  "client_secret": "{s}",\n  "access_token": "{k}"\n}}\n'
        return item(text, [("vimeo-client-secret", s), ("vimeo-access-token", k)], fmt="json", name="config/vimeo.json")
    if form == 3:
        k = md5hex()
        if R.random() < 0.5:
            text = f'import pylast\n\nnetwork = pylast.LastFMNetwork(\n    api_key="{md5hex()}",\n    api_secret="{k}",\n    username="scrobbler",\n)\n'
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
            pairs = [("SHODAN_API_KEY", "<your shodan key>"), ("ABUSEIPDB_KEY", ""), ("TENABLE_SECRET_KEY", "${TENABLE_SECRET_KEY}"), ("CENSYS_API_ID", uuid4())]
            return clean(env_file(pairs), fmt="env", name=".env.example")
        if form == 3:
            rows = ["indicator,type,first_seen"]
            for _ in range(3):
                rows.append(f"{sha256hex()},sha256,2026-11-{R.randint(10, 28)}")
            rows.append(f"{md5hex()},md5,2026-11-{R.randint(10, 28)}")
            rows.append(f"185.{R.randint(1, 254)}.{R.randint(1, 254)}.{R.randint(1, 254)},ipv4,2026-12-01")
            return clean("\n".join(rows) + "\n", fmt="csv", name="iocs/batch-42.csv")
        u = uuid4()
        doc = {"message": "Submission successful", "uuid": u, "result": f"https://urlscan.io/result/{u}/", "api": f"https://urlscan.io/api/v1/result/{u}/", "visibility": "public"}
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
            return cmd(f'curl -s -H "hibp-api-key: {k}" -H "user-agent: corp-audit" https://haveibeenpwned.com/api/v3/breachedaccount/ops%40corp.example', [("hibp-api-key", k)])
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
        return cmd(f'curl -s -H "X-ApiKeys: accessKey={a};secretKey={s}" https://cloud.tenable.com/scans', [("tenable-access-key", a), ("tenable-secret-key", s)])
    if R.random() < 0.5:
        k = rs(32, ALNUM)
        return cmd(f'curl -s --header "APIKEY: {k}" https://api.securitytrails.com/v1/domain/corp.example/subdomains', [("securitytrails-api-key", k)])
    k = rs(43, ALNUM)
    return cmd(f"wpscan --url https://blog.corp.example --api-token {k} --enumerate vp", [("wpscan-api-token", k)])


KINDS = {
    # dev
    "maps-geo-weather": maps_geo_weather,
    "media-streaming-apis": media_streaming_apis,
    "threat-intel-keys": threat_intel_keys,
}


# ---------------------------------------------------------------- contexts
# Each context: render(item) -> (scope, tool, payload, piecer), piecer(atom) -> the atom's pieces as the context shows it.


def as_file(it):
    if it["shape"] == "cmd":
        return "#!/bin/sh\nset -eu\n" + it["text"] + "\n"
    return it["text"]


def item_path(it):
    if it["shape"] == "cmd":
        return "scripts/run.sh"
    return it["name"].lstrip("/")


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
        out = "Python 3.12.7 (main, Oct  1 2026, 08:00:00) [GCC 12.2.0] on linux\nType \"help\", \"copyright\", \"credits\" or \"license\" for more information.\n"
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
        out = "Welcome to Node.js v22.11.0.\nType \".help\" for more information.\n"
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
        "tags": [{"key": "environment", "value": "production"}, {"key": "release", "value": "api@" + rs(7, HEX)}, {"key": "server_name", "value": "web-" + rs(5, LOWER + DIGITS)}],
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
                crumbs.append({"type": "default", "category": "config", "level": "debug", "message": f"loaded {k}={v}", "timestamp": "2026-12-05T10:00:01Z"})
        frame["vars"]["key"] = "'DATABASE_URL'"
    elif it["shape"] == "cmd":
        ev["title"] = "CalledProcessError: Command returned non-zero exit status 1."
        exc = {"type": "CalledProcessError", "value": f"Command {py_repr(it['text'])} returned non-zero exit status 1."}
        crumbs.append({"type": "default", "category": "subprocess", "level": "info", "message": it["text"], "data": {"cwd": "/srv/app"}, "timestamp": "2026-12-05T10:00:02Z"})
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
    return "result", "terminal", f'$ curl -s -H "Authorization: Bearer $SENTRY_AUTH_TOKEN" https://sentry.io/api/0/projects/corp/api/events/{eid}/ | jq .\n{body}\n', whole


# -- cloudwatch-logs


def log_lines_of(it):
    pairs = env_pairs(it)
    if pairs is not None:
        return ["entrypoint: environment"] + [f"{k}={v}" for k, v in pairs]
    if it["shape"] == "cmd":
        return ["+ set -eu", "+ " + it["text"]]
    return [f"+ cat {item_path(it)}"] + file_lines(it["text"])


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
        return "result", "terminal", f"$ aws logs get-log-events --log-group-name {group} --log-stream-name '{stream}'\n" + json.dumps(doc, indent=4) + "\n", whole
    events = [{"logStreamName": stream, "timestamp": t0 + i * 7, "message": ln, "ingestionTime": t0 + i * 7 + 41, "eventId": rs(56, DIGITS)} for i, ln in enumerate(lines)]
    doc = {"events": events, "searchedLogStreams": []}
    return "result", "aws_logs_filter", json.dumps(doc, indent=4), whole


CONTEXTS = {
    # dev
    "repl-session": repl_session,
    "sentry-event": sentry_event,
    "cloudwatch-logs": cloudwatch_logs,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r13", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
