"""Round 8 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 7 have all been read. Round 8 was written blind, like rounds 5 to 7: its author saw
`SPLIT.md`, the earlier generators (to keep away from their families and reuse the JSONL schema)
and the scorer, never the rules, their example tables, the "Secrets" sections of `BENCHMARKS.md`
nor the notes that list misses, and never ran the engine on it.

Its **kind families** are credentials no round had: code-forge tokens other than GitHub / GitLab
(Bitbucket app passwords and access tokens, Azure DevOps PATs, Gitea / Forgejo, Gerrit
`.gitcookies`, Phabricator), PaaS deploy tokens (Heroku `HRKU-`, Fly.io `FlyV1 fm2_`, Render,
Railway, Netlify `nfp_`, Cloud Foundry), regional and second-tier clouds (Tencent, Huawei,
Yandex, Scaleway, OVH, Linode, Vultr, Exoscale), feature-flag and product-analytics server keys
(LaunchDarkly, Statsig, PostHog, Unleash, Mixpanel, Amplitude), serverless data services
(PlanetScale, Neon, Turso, Upstash, Algolia admin, Meilisearch, Typesense), CMS and media APIs
(Mapbox `sk.`, Cloudinary, Contentful `CFPAT-`, Sanity, Mux, Ghost admin, Strapi), and held out:
network-device secrets (SNMP communities and v3 passphrases, Cisco type 7, TACACS+ / RADIUS
keys, VRRP, BGP / OSPF keys, MikroTik) and backup / object-storage secrets (restic, borg,
Backblaze B2, MinIO, Kopia, Duplicity).

Its **context families** are new containers: `kubectl describe` (a ConfigMap's `Data`, a pod's
`Environment` and `Args`), a LaTeX document (`lstlisting`, `\\texttt{}` with TeX escapes),
`git log -p --word-diff` (`[-old-]{+new+}`, or coloured), `docker history --no-trunc`
(`ENV`, `RUN`, JSON lines), a Jira wiki-markup comment the agent posts (`{code}`, `{noformat}`,
`||` tables), and held out: `tcpdump -A` (the HTTP request in TCP segments, header bytes as
dots), an Org-mode file with babel results (`: ` lines, `#+begin_example`, org tables) and
`redis-cli MONITOR` (C-escaped quoted arguments).

A credential's pieces are what must vanish from the text as the context shows it: the value,
escaped as the context escapes it (TeX's `\\_` `\\#` `\\%` `\\&` `\\textasciitilde{}`), or each
fragment when the context cuts it (TCP segments). Clean cases hold look-alikes of the kind's own
shapes (public ids and keys, ids of the same alphabet, hashes, references, masked and empty
values, placeholders, documented defaults).

The split (`SPLIT.md`, round 8) was committed before any measurement; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round8.py     # rewrites round8.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import difflib
import itertools
import json
import re
from pathlib import Path

from blind_round import (
    ALNUM,
    DIGITS,
    HEX,
    LOWER,
    UHEX,
    UPPER,
    URLSAFE,
    WORDS,
    R,
    b64,
    b64url,
    clean,
    cmd,
    deal,
    env_file,
    env_pairs,
    file_lines,
    item,
    jwt,
    password,
    pick,
    rbytes,
    repo,
    rs,
    script_text,
    sha1hex,
    shq,
    template_of,
    ts_epoch,
    uuid4,
    whole,
    write_round,
)

SEED = 1588
OUT = Path(__file__).with_name("round8.jsonl")

HELD_OUT_KINDS = {"network-device-secrets", "backup-storage-secrets"}
HELD_OUT_CONTEXTS = {"tcpdump-ascii", "org-babel", "redis-monitor"}


# ---------------------------------------------------------------- items


# ---------------------------------------------------------------- kind: forge-tokens

B32L = "abcdefghijklmnopqrstuvwxyz234567"


def forge_tokens(is_clean):
    """Code-forge tokens other than GitHub / GitLab: Bitbucket, Azure DevOps, Gitea / Forgejo, Gerrit, Phabricator."""
    if is_clean:
        form = deal("forge/clean", 5)
        if form == 0:
            sha = sha1hex()
            text = (
                f"origin\thttps://bitbucket.org/{repo()}.git (fetch)\norigin\thttps://bitbucket.org/{repo()}.git (push)\n"
                f"upstream\tgit@bitbucket.org:{repo()}.git (fetch)\n"
                f"* main {sha[:7]} [origin/main] merge branch 'fix/ci'\n"
            )
            return clean(text, name="git-remote.txt")
        if form == 1:
            text = (
                "trigger:\n  - main\npool:\n  vmImage: ubuntu-latest\nsteps:\n  - script: az devops configure --defaults organization=https://dev.azure.com/corp\n"
                "    env:\n      AZURE_DEVOPS_EXT_PAT: $(System.AccessToken)\n  - script: ./scripts/publish.sh\n"
                f"# build {R.randint(1000, 99999)} commit {sha1hex()}\n"
            )
            return clean(text, fmt="yaml", name="azure-pipelines.yml")
        if form == 2:
            text = (
                f"commit {sha1hex()}\nAuthor: Dev Ops <devops@corp.example>\n\n    Rotate deploy credentials\n\n"
                f"    Change-Id: I{sha1hex()}\n    Reviewed-on: https://gerrit.corp.example/c/app/+/{R.randint(1000, 99999)}\n"
                f"    Tested-by: CI Bot <ci@corp.example>\n"
            )
            return clean(text, name="git-log.txt")
        if form == 3:
            doc = {
                "id": R.randint(100, 9999),
                "type": "gitea",
                "config": {"content_type": "json", "url": "https://ci.corp.example/hooks/gitea", "secret": ""},
                "events": ["push"],
                "active": True,
                "last_delivery": {"uuid": uuid4(), "sha": sha1hex()},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="hook.json")
        text = (
            "image: atlassian/default-image:4\npipelines:\n  default:\n    - step:\n        name: mirror\n        script:\n"
            '          - git push "https://x-token-auth:${BITBUCKET_ACCESS_TOKEN}@bitbucket.org/corp/app.git" main\n'
            "          - pipe: atlassian/bitbucket-upload-file:0.7.1\n            variables:\n"
            "              BITBUCKET_USERNAME: $BITBUCKET_USERNAME\n              BITBUCKET_APP_PASSWORD: $BITBUCKET_APP_PASSWORD\n"
        )
        return clean(text, fmt="yaml", name="bitbucket-pipelines.yml")
    form = deal("forge/secret", 6)
    if form == 0:
        t = "ATBB" + rs(32)
        u = pick("dev-ops", "ci-bot", "alice_m")
        return cmd(f"git clone https://{u}:{t}@bitbucket.org/{repo()}.git /srv/app", [("bitbucket-app-password", t)])
    if form == 1:
        t = rs(52, B32L)
        if R.random() < 0.5:
            text = env_file([("AZURE_DEVOPS_ORG", "https://dev.azure.com/corp"), ("AZURE_DEVOPS_EXT_PAT", t), ("AZURE_DEVOPS_PROJECT", "Platform")])
            return item(text, [("azure-devops-pat", t)], fmt="env", name=".env")
        h = b64((":" + t).encode())
        return cmd(
            f'git -c http.extraheader="AUTHORIZATION: Basic {h}" clone https://dev.azure.com/corp/Platform/_git/app', [("azure-devops-pat", t, [h])]
        )
    if form == 2:
        t = rs(40, HEX)
        if R.random() < 0.5:
            return cmd(f"tea login add --name corp --url https://git.corp.example --token {t}", [("gitea-token", t)])
        text = f"logins:\n  - name: corp\n    url: https://git.corp.example\n    token: {t}\n    default: true\n    user: {pick('devops', 'alice')}\n"
        return item(text, [("gitea-token", t)], fmt="yaml", name="/home/dev/.config/tea/config.yml")
    if form == 3:
        t, t2 = "1//" + rs(42, URLSAFE), "1//0" + rs(60, URLSAFE)
        u = pick("git-alice.corp.example", "git-devops.corp.example")
        text = (
            "# HTTP Cookie File\n"
            f"gerrit.corp.example\tFALSE\t/\tTRUE\t2147483647\to\t{u}={t}\n"
            f".googlesource.com\tTRUE\t/\tTRUE\t2147483647\to\tgit-alice.gmail.com={t2}\n"
        )
        return item(text, [("gerrit-http-password", t), ("gerrit-http-password", t2)], name="/home/dev/.gitcookies")
    if form == 4:
        t = "ATCTT3xFfGN0" + rs(170, ALNUM + "-_") + "=" + rs(8, UHEX)
        return cmd(
            f'curl -s -H "Authorization: Bearer {t}" "https://api.bitbucket.org/2.0/repositories/{repo()}/pullrequests?state=OPEN"',
            [("bitbucket-access-token", t)],
        )
    t = "api-" + rs(28, LOWER + DIGITS)
    doc = {"hosts": {"https://phab.corp.example/api/": {"token": t}}, "config": {"default": "https://phab.corp.example/"}}
    return item(json.dumps(doc, indent=2) + "\n", [("phabricator-conduit-token", t)], fmt="json", name="/home/dev/.arcrc")


# ---------------------------------------------------------------- kind: paas-deploy-tokens


def paas_deploy_tokens(is_clean):
    """PaaS deploy tokens: Heroku, Fly.io, Render, Railway, Netlify, Cloud Foundry."""
    if is_clean:
        form = deal("paas/clean", 5)
        if form == 0:
            text = (
                f'app = "{pick("corp-api", "corp-web")}"\nprimary_region = "{pick("ams", "iad", "fra")}"\n\n[build]\n  image = "registry.fly.io/corp-api:deployment-{rs(26, UPPER + DIGITS)}"\n\n'
                '[env]\n  LOG_LEVEL = "info"\n  PORT = "8080"\n\n[http_service]\n  internal_port = 8080\n  force_https = true\n'
            )
            return clean(text, fmt="toml", name="fly.toml")
        if form == 1:
            text = f"=== corp-api Releases - Current: v{R.randint(40, 200)}\n"
            for _ in range(4):
                text += f"v{R.randint(40, 200)}  Set HEROKU_API_KEY, DATABASE_URL config vars  devops@corp.example  2026/05/0{R.randint(1, 4)} 10:{R.randint(10, 59)}:00 +0000\n"
            return clean(text, name="heroku-releases.txt")
        if form == 2:
            text = (
                "services:\n  - type: web\n    name: corp-api\n    runtime: python\n    envVars:\n      - key: API_TOKEN\n        sync: false\n"
                "      - key: DATABASE_URL\n        fromDatabase:\n          name: corp-db\n          property: connectionString\n"
                f"      - key: SESSION_SECRET\n        generateValue: true\n# service srv-{rs(20, LOWER + DIGITS)}\n"
            )
            return clean(text, fmt="yaml", name="render.yaml")
        if form == 3:
            text = (
                "──────────────────────\n Current Netlify User │\n──────────────────────\nName:  Dev Ops\nEmail: devops@corp.example\n"
                f"────────────────────\n Netlify Site Info  │\n────────────────────\nCurrent site: corp-web\nAdmin URL:    https://app.netlify.com/sites/corp-web\n"
                f"Site Id:      {uuid4()}\n"
            )
            return clean(text, name="netlify-status.txt")
        text = (
            "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: railway up --service api\n"
            "        env:\n          RAILWAY_TOKEN: ${{ secrets.RAILWAY_TOKEN }}\n          FLY_API_TOKEN: ${{ secrets.FLY_API_TOKEN }}\n"
        )
        return clean(text, fmt="yaml", name=".github/workflows/deploy.yml")
    form = deal("paas/secret", 6)
    if form == 0:
        t = "HRKU-AA" + rs(58, URLSAFE)
        if R.random() < 0.5:
            return item(env_file([("HEROKU_APP", "corp-api"), ("HEROKU_API_KEY", t)]), [("heroku-api-key", t)], fmt="env", name=".env")
        return cmd(
            f'curl -n -s -H "Accept: application/vnd.heroku+json; version=3" -H "Authorization: Bearer {t}" https://api.heroku.com/apps/corp-api/config-vars',
            [("heroku-api-key", t)],
        )
    if form == 1:
        a, b = "fm2_" + b64(rbytes(96)).rstrip("="), "fm2_" + b64(rbytes(60)).rstrip("=")
        t = f"FlyV1 {a},{b}"
        if R.random() < 0.5:
            return item(
                env_file([("FLY_APP", "corp-api"), ("FLY_API_TOKEN", f'"{t}"')]), [("fly-api-token", t, [a, b])], fmt="env", name=".env.deploy"
            )
        return cmd(f'FLY_API_TOKEN="{t}" flyctl deploy --remote-only --app corp-api', [("fly-api-token", t, [a, b])])
    if form == 2:
        t = "rnd_" + rs(32)
        return cmd(
            f'curl -s -X POST -H "Authorization: Bearer {t}" https://api.render.com/v1/services/srv-{rs(20, LOWER + DIGITS)}/deploys',
            [("render-api-key", t)],
        )
    if form == 3:
        t = uuid4()
        text = env_file([("RAILWAY_PROJECT_ID", uuid4()), ("RAILWAY_TOKEN", t), ("RAILWAY_SERVICE", "api")])
        return item(text, [("railway-token", t)], fmt="env", name=".env.railway")
    if form == 4:
        t = "nfp_" + rs(36) + rs(4, HEX)
        return cmd(f"netlify deploy --dir dist --prod --site {uuid4()} --auth {t}", [("netlify-token", t)])
    p = password()
    return cmd(f"cf login -a https://api.cf.corp.example -u deploy -p {shq(p)} -o corp -s prod", [("cloudfoundry-password", p)])


# ---------------------------------------------------------------- kind: cloud-regional-keys


def cloud_regional_keys(is_clean):
    """Regional and second-tier clouds: Tencent, Huawei, Yandex, Scaleway, OVH, Linode, Vultr, Exoscale."""
    if is_clean:
        form = deal("cloud/clean", 5)
        if form == 0:
            text = (
                "access_key: SCWXXXXXXXXXXXXXXXXX\nsecret_key: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx\n"
                f"default_organization_id: {uuid4()}\ndefault_project_id: {uuid4()}\ndefault_region: fr-par\ndefault_zone: fr-par-1\n"
            )
            return clean(text, fmt="yaml", name="/home/dev/.config/scw/config.yaml")
        if form == 1:
            doc = {
                "Response": {
                    "TotalCount": 1,
                    "InstanceSet": [{"InstanceId": "ins-" + rs(8, LOWER + DIGITS), "InstanceName": "web01", "Uuid": uuid4()}],
                    "RequestId": uuid4(),
                }
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="describe-instances.json")
        if form == 2:
            text = (
                'provider "huaweicloud" {\n  region     = "ap-southeast-1"\n  access_key = var.hw_access_key\n  secret_key = var.hw_secret_key\n}\n\n'
                'provider "tencentcloud" {\n  region     = "ap-guangzhou"\n  secret_id  = var.tc_secret_id\n  secret_key = var.tc_secret_key\n}\n'
            )
            return clean(text, fmt="hcl", name="providers.tf")
        if form == 3:
            text = "[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key=<application_key>\napplication_secret=<application_secret>\nconsumer_key=<consumer_key>\n"
            return clean(text, fmt="ini", name="ovh.conf.example")
        rows = "\n".join(f"| aje{rs(17, LOWER + DIGITS)} | RSA_2048  | 2026-0{R.randint(1, 4)}-1{R.randint(0, 9)} 10:11:12 |" for _ in range(3))
        text = (
            "+----------------------+-----------+---------------------+\n|          ID          | ALGORITHM |     CREATED AT      |\n+----------------------+-----------+---------------------+\n"
            + rows
            + "\n+----------------------+-----------+---------------------+\n"
        )
        return clean(text, name="yc-iam-key-list.txt")
    form = deal("cloud/secret", 7)
    if form == 0:
        sid, sk = "AKID" + rs(32), rs(32)
        if R.random() < 0.5:
            doc = {"secretId": sid, "secretKey": sk, "token": "", "region": "ap-guangzhou"}
            return item(json.dumps(doc, indent=2) + "\n", [("tencent-secret-key", sk)], fmt="json", name="/home/dev/.tccli/default.credential")
        return cmd(f"tccli configure set secretId {sid} secretKey {sk} region ap-guangzhou", [("tencent-secret-key", sk)])
    if form == 1:
        ak, sk = rs(20, UPPER + DIGITS), rs(40)
        text = env_file([("HUAWEICLOUD_SDK_AK", ak), ("HUAWEICLOUD_SDK_SK", sk), ("HUAWEICLOUD_SDK_PROJECT_ID", rs(32, HEX))])
        return item(text, [("huaweicloud-secret-key", sk)], fmt="env", name=".env")
    if form == 2:
        t = "AQVN" + rs(36, URLSAFE)
        return cmd(
            f'curl -s -X POST -H "Authorization: Api-Key {t}" -d @prompt.json https://llm.api.cloud.yandex.net/foundationModels/v1/completion',
            [("yandex-api-key", t)],
        )
    if form == 3:
        ak, sk = "SCW" + rs(17, UPPER + DIGITS), uuid4()
        text = f"access_key: {ak}\nsecret_key: {sk}\ndefault_organization_id: {uuid4()}\ndefault_project_id: {uuid4()}\ndefault_region: fr-par\n"
        return item(text, [("scaleway-secret-key", sk)], fmt="yaml", name="/home/dev/.config/scw/config.yaml")
    if form == 4:
        asec, ck = rs(32), rs(32)
        text = f"[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key={rs(16)}\napplication_secret={asec}\nconsumer_key={ck}\n"
        return item(text, [("ovh-application-secret", asec), ("ovh-consumer-key", ck)], fmt="ini", name="/home/dev/.ovh.conf")
    if form == 5:
        t = rs(64, HEX)
        if R.random() < 0.5:
            text = f"[DEFAULT]\ndefault-user = devops\n\n[devops]\ntoken = {t}\nregion = eu-central\ntype = g6-standard-2\nimage = linode/debian12\n"
            return item(text, [("linode-token", t)], fmt="ini", name="/home/dev/.config/linode-cli")
        t = rs(36, UPPER + DIGITS)
        return item(env_file([("VULTR_API_KEY", t), ("VULTR_REGION", "ams")]), [("vultr-api-key", t)], fmt="env", name=".env")
    k, s = "EXO" + rs(24, HEX), rs(43, URLSAFE)
    return cmd(f"exo config add --account corp --api-key {k} --api-secret {s} --zone ch-gva-2", [("exoscale-api-secret", s)])


# ---------------------------------------------------------------- kind: feature-flag-analytics


def feature_flag_analytics(is_clean):
    """Feature-flag and product-analytics server keys: LaunchDarkly, Statsig, PostHog, Unleash, Mixpanel, Amplitude."""
    if is_clean:
        form = deal("flags/clean", 5)
        if form == 0:
            text = (
                "import * as LDClient from 'launchdarkly-js-client-sdk';\n\n"
                f"const client = LDClient.initialize('{rs(24, HEX)}', {{ kind: 'user', key: '{uuid4()}' }});\n"
                "await client.waitForInitialization(5);\n"
            )
            return clean(text, fmt="js", name="web/src/flags.ts")
        if form == 1:
            text = (
                "<script>\n  !function(t,e){/* posthog snippet */}(document,window.posthog||[]);\n"
                f"  posthog.init('phc_{rs(43)}', {{api_host: 'https://eu.i.posthog.com', person_profiles: 'identified_only'}})\n</script>\n"
            )
            return clean(text, fmt="html", name="web/public/index.html")
        if form == 2:
            text = (
                "import { StatsigProvider } from '@statsig/react-bindings';\n\n"
                f"export const App = () => (\n  <StatsigProvider sdkKey=\"client-{rs(43)}\" user={{{{ userID: '{uuid4()}' }}}}>\n    <Main />\n  </StatsigProvider>\n);\n"
            )
            return clean(text, fmt="js", name="web/src/App.tsx")
        if form == 3:
            text = f"import * as amplitude from '@amplitude/analytics-browser';\n\namplitude.init('{rs(32, HEX)}', {{ defaultTracking: true }});\n"
            return clean(text, fmt="js", name="web/src/analytics.ts")
        text = env_file(
            [
                ("UNLEASH_URL", "https://unleash.corp.example/api"),
                ("UNLEASH_API_TOKEN", "${UNLEASH_TOKEN}"),
                ("LAUNCHDARKLY_SDK_KEY", "sdk-********-****-****-****-********" + rs(4, HEX)),
            ]
        )
        return clean(text, fmt="env", name=".env.example")
    form = deal("flags/secret", 6)
    if form == 0:
        t = "sdk-" + uuid4()
        if R.random() < 0.5:
            return item(
                env_file([("LAUNCHDARKLY_SDK_KEY", t), ("LD_RELAY_URL", "http://ld-relay:8030")]),
                [("launchdarkly-sdk-key", t)],
                fmt="env",
                name=".env",
            )
        text = f'import ldclient\nfrom ldclient.config import Config\n\nldclient.set_config(Config("{t}"))\nclient = ldclient.get()\n'
        return item(text, [("launchdarkly-sdk-key", t)], fmt="py", name="app/flags.py")
    if form == 1:
        t = "api-" + uuid4()
        return cmd(f'curl -s -H "Authorization: {t}" https://app.launchdarkly.com/api/v2/flags/default?summary=true', [("launchdarkly-api-token", t)])
    if form == 2:
        t = "secret-" + rs(43)
        text = f"import statsig\nfrom statsig import StatsigOptions\n\nstatsig.initialize(\"{t}\", StatsigOptions(tier='production'))\n"
        return item(text, [("statsig-server-secret", t)], fmt="py", name="app/gates.py")
    if form == 3:
        t = "phx_" + rs(43)
        return cmd(
            f'curl -s -H "Authorization: Bearer {t}" https://eu.posthog.com/api/projects/{R.randint(1000, 99999)}/insights/',
            [("posthog-personal-key", t)],
        )
    if form == 4:
        t = pick("*", "default") + ":production." + rs(64, HEX)
        text = f'unleash:\n  url: https://unleash.corp.example/api\n  apiToken: "{t}"\n  appName: corp-api\n  refreshInterval: 15\n'
        return item(text, [("unleash-api-token", t)], fmt="yaml", name="config/unleash.yml")
    if R.random() < 0.5:
        s = rs(32)
        return cmd(
            f"curl -s -u export-bot.{rs(6, LOWER)}.mp-service-account:{s} 'https://data.mixpanel.com/api/2.0/export?from_date=2026-05-01&to_date=2026-05-03'",
            [("mixpanel-service-secret", s)],
        )
    k, s = rs(32, HEX), rs(32, HEX)
    return cmd(
        f"curl -s -u {k}:{s} 'https://amplitude.com/api/2/export?start=20260501T00&end=20260503T23' -o export.zip", [("amplitude-secret-key", s)]
    )


# ---------------------------------------------------------------- kind: serverless-data


def serverless_data(is_clean):
    """Serverless data services: PlanetScale, Neon, Turso, Upstash, Algolia admin, Meilisearch, Typesense."""
    if is_clean:
        form = deal("sdata/clean", 5)
        if form == 0:
            text = (
                "import algoliasearch from 'algoliasearch/lite';\n\n"
                f"const searchClient = algoliasearch('{rs(10, UPPER + DIGITS)}', '{rs(32, HEX)}'); // search-only key\n"
            )
            return clean(text, fmt="js", name="web/src/search.ts")
        if form == 1:
            ep = f"ep-{pick('cool', 'red', 'quiet')}-{pick('river', 'sun', 'moon')}-{rs(8, LOWER + DIGITS)}"
            text = f"Connection string (password hidden):\npostgresql://neondb_owner:************@{ep}-pooler.us-east-2.aws.neon.tech/neondb?sslmode=require\n"
            return clean(text, name="neon-connection.txt")
        if form == 2:
            text = "Secure connection to database app and branch main is established!.\nLocal address to connect your application: 127.0.0.1:3306 (press ctrl-c to quit)\n"
            return clean(text, name="pscale-connect.txt")
        if form == 3:
            text = (
                f"Name:           corp-{pick('app', 'edge')}\nURL:            libsql://corp-app-corp.turso.io\nID:             {uuid4()}\n"
                "Group:          default\nVersion:        0.24.31\nLocations:      ams, iad\nSize:           2.1 MB\n"
            )
            return clean(text, name="turso-db-show.txt")
        text = env_file(
            [
                (
                    "UPSTASH_REDIS_REST_URL",
                    f"https://{pick('eu1', 'us1')}-{pick('sharp', 'calm')}-{pick('lynx', 'heron')}-{R.randint(10000, 99999)}.upstash.io",
                ),
                ("UPSTASH_REDIS_REST_TOKEN", ""),
                ("MEILI_MASTER_KEY", ""),
            ]
        )
        return clean(text, fmt="env", name=".env.example")
    form = deal("sdata/secret", 6)
    if form == 0:
        if R.random() < 0.5:
            p = "pscale_pw_" + rs(43, URLSAFE)
            text = env_file([("DATABASE_URL", f"mysql://{rs(12, LOWER + DIGITS)}:{p}@aws.connect.psdb.cloud/app?sslaccept=strict")])
            return item(text, [("planetscale-password", p)], fmt="env", name=".env")
        t = "pscale_tkn_" + rs(43, URLSAFE)
        return cmd(
            f"pscale deploy-request create app feature-x --org corp --service-token-id {rs(12, LOWER + DIGITS)} --service-token {t}",
            [("planetscale-service-token", t)],
        )
    if form == 1:
        if R.random() < 0.5:
            t = "napi_" + rs(60, LOWER + DIGITS)
            return cmd(f'curl -s -H "Authorization: Bearer {t}" https://console.neon.tech/api/v2/projects', [("neon-api-key", t)])
        p = "npg_" + rs(12)
        ep = f"ep-{pick('cool', 'red', 'quiet')}-{pick('river', 'sun', 'moon')}-{rs(8, LOWER + DIGITS)}"
        text = env_file([("DATABASE_URL", f"postgresql://neondb_owner:{p}@{ep}-pooler.us-east-2.aws.neon.tech/neondb?sslmode=require")])
        return item(text, [("neon-password", p)], fmt="env", name=".env.local")
    if form == 2:
        t = jwt({"alg": "EdDSA", "typ": "JWT"}, {"a": "rw", "iat": ts_epoch(), "id": uuid4()}, 64)
        text = env_file([("TURSO_DATABASE_URL", "libsql://corp-app-corp.turso.io"), ("TURSO_AUTH_TOKEN", t)])
        return item(text, [("turso-auth-token", t)], fmt="env", name=".env")
    if form == 3:
        t = "A" + rs(3) + "ASQg" + b64(rbytes(45))
        if R.random() < 0.5:
            text = env_file(
                [("UPSTASH_REDIS_REST_URL", f"https://eu1-calm-heron-{R.randint(10000, 99999)}.upstash.io"), ("UPSTASH_REDIS_REST_TOKEN", t)]
            )
            return item(text, [("upstash-redis-token", t)], fmt="env", name=".env")
        return cmd(
            f'curl -s https://eu1-calm-heron-{R.randint(10000, 99999)}.upstash.io/get/session -H "Authorization: Bearer {t}"',
            [("upstash-redis-token", t)],
        )
    if form == 4:
        k = rs(32, HEX)
        text = env_file([("ALGOLIA_APP_ID", rs(10, UPPER + DIGITS)), ("ALGOLIA_ADMIN_KEY", k), ("ALGOLIA_INDEX", "products")])
        return item(text, [("algolia-admin-key", k)], fmt="env", name=".env")
    k = rs(R.randint(32, 44), URLSAFE)
    if R.random() < 0.5:
        return cmd(
            f"docker run -d -p 7700:7700 -e MEILI_ENV=production -e MEILI_MASTER_KEY={k} -v meili_data:/meili_data getmeili/meilisearch:v1.12",
            [("meilisearch-master-key", k)],
        )
    return cmd(f"typesense-server --data-dir /var/lib/typesense --api-key={k} --enable-cors", [("typesense-api-key", k)])


# ---------------------------------------------------------------- kind: cms-media-apis


def cms_media_apis(is_clean):
    """CMS and media APIs: Mapbox secret tokens, Cloudinary, Contentful, Sanity, Mux, Ghost admin, Strapi."""
    if is_clean:
        form = deal("cms/clean", 5)
        if form == 0:
            claims = b64url(json.dumps({"u": pick("corp", "devops"), "a": rs(25, LOWER + DIGITS)}, separators=(",", ":")).encode())
            text = f"mapboxgl.accessToken = 'pk.{claims}.{rs(22, URLSAFE)}';\nconst map = new mapboxgl.Map({{ container: 'map', style: 'mapbox://styles/mapbox/streets-v12' }});\n"
            return clean(text, fmt="js", name="web/src/map.js")
        if form == 1:
            text = f"const api = new GhostContentAPI({{\n  url: 'https://blog.corp.example',\n  key: '{rs(26, HEX)}',\n  version: 'v5.0'\n}});\n"
            return clean(text, fmt="js", name="web/src/blog.js")
        if form == 2:
            text = "# Cloudinary\n# CLOUDINARY_URL=cloudinary://<api_key>:<api_secret>@<cloud_name>\nCLOUDINARY_URL=\n"
            return clean(text, fmt="env", name=".env.example")
        if form == 3:
            text = f"const client = contentful.createClient({{\n  space: '{rs(12, LOWER + DIGITS)}',\n  environment: 'master',\n  accessToken: process.env.CONTENTFUL_ACCESS_TOKEN,\n}});\n"
            return clean(text, fmt="js", name="web/src/cms.js")
        doc = {"data": {"id": rs(36, ALNUM), "status": "ready", "playback_ids": [{"id": rs(44, ALNUM), "policy": "public"}], "passthrough": uuid4()}}
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="mux-asset.json")
    form = deal("cms/secret", 6)
    if form == 0:
        claims = b64url(json.dumps({"u": pick("corp", "devops"), "a": rs(25, LOWER + DIGITS)}, separators=(",", ":")).encode())
        t = f"sk.{claims}.{rs(22, URLSAFE)}"
        return item(env_file([("MAPBOX_SECRET_TOKEN", t), ("MAPBOX_USERNAME", "corp")]), [("mapbox-secret-token", t)], fmt="env", name=".env")
    if form == 1:
        s = rs(27, URLSAFE)
        u = f"cloudinary://{R.randint(10**14, 10**15 - 1)}:{s}@{pick('corp', 'corp-media')}"
        if R.random() < 0.5:
            return item(env_file([("CLOUDINARY_URL", u)]), [("cloudinary-api-secret", s)], fmt="env", name=".env")
        return cmd(f"CLOUDINARY_URL={u} cld uploader upload assets/hero.png folder=site", [("cloudinary-api-secret", s)])
    if form == 2:
        t = "CFPAT-" + rs(43, URLSAFE)
        return cmd(
            f"contentful space import --space-id {rs(12, LOWER + DIGITS)} --management-token {t} --content-file export.json",
            [("contentful-management-token", t)],
        )
    if form == 3:
        t = "sk" + rs(180)
        return item(
            env_file([("SANITY_PROJECT_ID", rs(8, LOWER + DIGITS)), ("SANITY_DATASET", "production"), ("SANITY_API_WRITE_TOKEN", t)]),
            [("sanity-token", t)],
            fmt="env",
            name=".env.local",
        )
    if form == 4:
        s = b64(rbytes(56))
        text = env_file([("MUX_TOKEN_ID", uuid4()), ("MUX_TOKEN_SECRET", s)])
        return item(text, [("mux-token-secret", s)], fmt="env", name=".env")
    if R.random() < 0.5:
        k = f"{rs(24, HEX)}:{rs(64, HEX)}"
        return item(
            env_file([("GHOST_API_URL", "https://blog.corp.example"), ("GHOST_ADMIN_API_KEY", k)]), [("ghost-admin-key", k)], fmt="env", name=".env"
        )
    t = rs(256, HEX)
    return cmd(f'curl -s -H "Authorization: Bearer {t}" https://cms.corp.example/api/articles?populate=*', [("strapi-api-token", t)])


# ---------------------------------------------------------------- kind: network-device-secrets (held out)


def cisco7(pw):
    """Cisco's reversible type 7 encoding (Vigenère with the published key)."""
    key = "dsfd;kfoA,.iyewrkldJKDHSUBsgvca69834ncxv9873254k;fg87"
    seed = R.randint(0, 15)
    return f"{seed:02d}" + "".join(f"{ord(c) ^ ord(key[(seed + i) % len(key)]):02X}" for i, c in enumerate(pw))


def network_device_secrets(is_clean):
    """Network devices: SNMP communities and v3 passphrases, Cisco type 7, TACACS+ / RADIUS keys, VRRP, BGP / OSPF, MikroTik."""
    if is_clean:
        form = deal("net/clean", 5)
        if form == 0:
            text = (
                "hostname core-sw1\n!\nenable secret 9 $9$" + rs(14, ALNUM + "./") + "$" + rs(43, ALNUM + "./") + "\n"
                "username admin privilege 15 secret 8 $8$" + rs(14, ALNUM + "./") + "$" + rs(43, ALNUM + "./") + "\n!\n"
                "snmp-server community public RO 10\nsnmp-server location DC1-R12\n!\n"
            )
            return clean(text, name="core-sw1.cfg")
        if form == 1:
            text = (
                "vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    priority 150\n"
                "    authentication {\n        auth_type PASS\n        auth_pass {{ keepalived_auth_pass }}\n    }\n    virtual_ipaddress {\n        10.0.0.100/24\n    }\n}\n"
            )
            return clean(text, name="templates/keepalived.conf.j2")
        if form == 2:
            text = (
                "Building configuration...\n\n! Last configuration change at 10:11:12 UTC Mon May 4 2026\nhostname edge-rtr1\n"
                "tacacs server TAC1\n address ipv4 10.0.9.10\n key 7 <removed>\n!\nsnmp-server community <removed> RO\n"
                "username ops privilege 15 password 7 <removed>\n"
            )
            return clean(text, name="show-tech.txt")
        if form == 3:
            text = f"router bgp 650{R.randint(10, 99)}\n bgp router-id 10.0.0.{R.randint(1, 9)}\n neighbor 10.0.0.2 remote-as 650{R.randint(10, 99)}\n neighbor 10.0.0.2 description upstream\n address-family ipv4 unicast\n  network 10.20.0.0/16\n exit-address-family\n"
            return clean(text, name="frr.conf")
        text = (
            'set system login user ops class super-user\nset system login user ops authentication encrypted-password "$6$'
            + rs(8, ALNUM + "./")
            + "$"
            + rs(86, ALNUM + "./")
            + '"\nset snmp location "DC1-R12"\n'
        )
        return clean(text, name="junos-set.txt")
    form = deal("net/secret", 7)
    if form == 0:
        c = rs(R.randint(12, 20), ALNUM + "_-")
        text = f"hostname core-sw{R.randint(1, 9)}\n!\nsnmp-server community {c} RW 10\nsnmp-server location DC1-R12\nsnmp-server contact noc@corp.example\n!\n"
        return item(text, [("snmp-community", c)], name="core-sw.cfg")
    if form == 1:
        a, x = password(), password()
        return cmd(
            f"snmpwalk -v3 -u monitor -l authPriv -a SHA -A {shq(a)} -x AES -X {shq(x)} 10.0.{R.randint(0, 9)}.1 IF-MIB::ifDescr",
            [("snmpv3-auth-pass", a), ("snmpv3-priv-pass", x)],
        )
    if form == 2:
        enc, k = cisco7(password()), password()
        text = f"username ops privilege 15 password 7 {enc}\n!\ntacacs server TAC1\n address ipv4 10.0.9.10\n key 0 {k}\n!\n"
        return item(text, [("cisco-type7-password", enc), ("tacacs-key", k)], name="edge-rtr.cfg")
    if form == 3:
        s = rs(R.randint(16, 24), ALNUM)
        text = (
            f"client nas{R.randint(1, 9)} {{\n\tipaddr = 10.0.{R.randint(0, 9)}.5\n\tsecret = {s}\n\tshortname = ap-floor2\n\tnas_type = other\n}}\n"
        )
        return item(text, [("radius-shared-secret", s)], name="/etc/freeradius/3.0/clients.conf")
    if form == 4:
        p = rs(8, ALNUM)
        text = (
            "vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    priority 150\n"
            f"    authentication {{\n        auth_type PASS\n        auth_pass {p}\n    }}\n    virtual_ipaddress {{\n        10.0.0.100/24\n    }}\n}}\n"
        )
        return item(text, [("vrrp-auth-pass", p)], name="/etc/keepalived/keepalived.conf")
    if form == 5:
        p, k = rs(R.randint(12, 20)), rs(R.randint(10, 16))
        text = (
            f"router bgp 650{R.randint(10, 99)}\n neighbor 10.0.0.2 remote-as 650{R.randint(10, 99)}\n neighbor 10.0.0.2 password {p}\n!\n"
            f"interface eth1\n ip ospf authentication message-digest\n ip ospf message-digest-key 1 md5 {k}\n"
        )
        return item(text, [("bgp-password", p), ("ospf-md5-key", k)], name="/etc/frr/frr.conf")
    p = password()
    return cmd(f'ssh admin@10.0.{R.randint(0, 9)}.1 "/user add name=ops password={p} group=full"', [("mikrotik-password", p)])


# ---------------------------------------------------------------- kind: backup-storage-secrets (held out)


def backup_storage_secrets(is_clean):
    """Backup and object-storage secrets: restic, borg, Backblaze B2, MinIO, Kopia, Duplicity."""
    if is_clean:
        form = deal("backup/clean", 5)
        if form == 0:
            text = (
                f"repository {rs(8, HEX)} opened (version 2, compression level auto)\nID        Time                 Host        Tags        Paths\n"
                + "".join(f"{rs(8, HEX)}  2026-05-0{R.randint(1, 4)} 02:00:1{R.randint(0, 9)}  web01                   /srv/app\n" for _ in range(3))
                + "----------------------------------------------------------------------\n3 snapshots\n"
            )
            return clean(text, name="restic-snapshots.txt")
        if form == 1:
            text = (
                f"Repository ID: {rs(64, HEX)}\nLocation: ssh://borg@backup.corp.example/./web01\nEncrypted: Yes (repokey BLAKE2b)\n"
                f"Cache: /home/backup/.cache/borg/{rs(64, HEX)}\nSecurity dir: /home/backup/.config/borg/security/{rs(64, HEX)}\n"
            )
            return clean(text, name="borg-info.txt")
        if form == 2:
            doc = {
                "keys": [
                    {
                        "applicationKeyId": "005" + rs(22, HEX),
                        "keyName": pick("backup-web01", "velero"),
                        "capabilities": ["listBuckets", "writeFiles"],
                        "accountId": rs(12, HEX),
                    }
                ]
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="b2-keys.json")
        if form == 3:
            text = env_file(
                [("MINIO_ROOT_USER", "admin"), ("MINIO_ROOT_PASSWORD_FILE", "/run/secrets/minio_root_password"), ("MINIO_VOLUMES", "/data")]
            )
            return clean(text, fmt="env", name="/etc/default/minio")
        return clean(
            'kopia repository connect s3 --bucket corp-backups --endpoint s3.eu-central-003.backblazeb2.com --password-command="pass show backup/kopia"',
            "cmd",
            "cmd",
            "scripts/backup.sh",
        )
    form = deal("backup/secret", 6)
    if form == 0:
        p = password()
        text = env_file(
            [
                ("RESTIC_REPOSITORY", "s3:https://s3.eu-central-003.backblazeb2.com/corp-backups"),
                ("RESTIC_PASSWORD", p),
                ("RESTIC_CACHE_DIR", "/var/cache/restic"),
            ]
        )
        return item(text, [("restic-password", p)], fmt="env", name="/etc/restic/env")
    if form == 1:
        p = "-".join(R.choice(WORDS).lower() for _ in range(4))
        return cmd(
            f"export BORG_PASSPHRASE='{p}'; borg create --stats ssh://borg@backup.corp.example/./web01::{{now}} /srv/app", [("borg-passphrase", p)]
        )
    if form == 2:
        kid, key = "005" + rs(22, HEX), "K005" + rs(27, ALNUM + "+/")
        return cmd(f"b2 account authorize {kid} {key}", [("b2-application-key", key)])
    if form == 3:
        s = rs(40, ALNUM + "+/")
        return cmd(f"mc alias set prod https://minio.corp.example {rs(20, UPPER + DIGITS)} {s} --api S3v4", [("minio-secret-key", s)])
    if form == 4:
        s, p = rs(40, ALNUM + "+/"), password()
        c = (
            f"kopia repository connect s3 --bucket corp-backups --endpoint minio.corp.example --access-key {rs(20, UPPER + DIGITS)} "
            f"--secret-access-key {s} --password {shq(p)}"
        )
        return cmd(c, [("s3-secret-key", s), ("kopia-password", p)])
    p = password()
    text = f"#!/bin/sh\nexport PASSPHRASE={shq(p)}\nduplicity --full-if-older-than 1M /srv/app sftp://backup@backup.corp.example//srv/backups/app\nunset PASSPHRASE\n"
    return item(text, [("duplicity-passphrase", p)], name="/etc/cron.daily/backup")


KINDS = {
    "forge-tokens": forge_tokens,
    "paas-deploy-tokens": paas_deploy_tokens,
    "cloud-regional-keys": cloud_regional_keys,
    "feature-flag-analytics": feature_flag_analytics,
    "serverless-data": serverless_data,
    "cms-media-apis": cms_media_apis,
    "network-device-secrets": network_device_secrets,
    "backup-storage-secrets": backup_storage_secrets,
}


# ---------------------------------------------------------------- contexts
# Each context: render(item) -> (scope, tool, payload, piecer), piecer(atom) -> the atom's pieces as the context shows it.


# -- sql-result-grid


def cut_pieces(flat, atom, bounds):
    """The fragments of each occurrence of atom in flat, cut at the offsets in bounds (segment starts)."""
    out = []
    start = 0
    while (i := flat.find(atom, start)) >= 0:
        a, b = i, i + len(atom)
        cuts = [a] + [x for x in bounds if a < x < b] + [b]
        out += [flat[x:y] for x, y in itertools.pairwise(cuts)]
        start = i + 1
    return list(dict.fromkeys(p for p in out if p))


def pod_name(base):
    return f"{base}-{R.randint(28_000_000, 29_999_999)}-{rs(5, LOWER + DIGITS)}"


# -- kubectl-describe


def kubectl_describe(it):
    """`kubectl describe`: a file as a ConfigMap's `Data`, an env file as a pod's `Environment`, a command as its `Args`."""
    ns = pick("prod", "ops", "staging")
    pairs = env_pairs(it)
    if it["shape"] == "file" and pairs is None:
        cm = pick("app-config", "deploy-settings", "runtime-files")
        key = it["name"].rsplit("/", 1)[-1]
        lines_ = [
            f"$ kubectl describe configmap {cm} -n {ns}",
            f"Name:         {cm}",
            f"Namespace:    {ns}",
            f"Labels:       app.kubernetes.io/name={pick('api', 'web', 'worker')}",
            "Annotations:  <none>",
            "",
            "Data",
            "====",
            f"{key}:",
            "----",
            *file_lines(it["text"]),
            "",
            "",
            "BinaryData",
            "====",
            "",
            "Events:  <none>",
        ]
        return "result", "terminal", "\n".join(lines_) + "\n", whole
    pod = pod_name(pick("deploy", "migrate", "sync"))
    env = []
    args = []
    if pairs is not None:
        env = list(pairs)
        args = ["/app/entrypoint.sh"]
    else:
        args = [it["text"]]
    env.insert(R.randint(0, len(env)), ("DB_PASSWORD", "<set to the key 'password' in secret 'db-credentials'>  Optional: false"))
    env.append(("POD_NAME", f"{pod} (v1:metadata.name)"))
    w = max(len(k) for k, _ in env) + 3
    lines_ = [
        f"$ kubectl describe pod {pod} -n {ns}",
        f"Name:             {pod}",
        f"Namespace:        {ns}",
        "Priority:         0",
        "Service Account:  deployer",
        f"Node:             ip-10-0-{R.randint(1, 9)}-{R.randint(10, 250)}.ec2.internal/10.0.{R.randint(1, 9)}.{R.randint(10, 250)}",
        "Start Time:       Mon, 04 May 2026 10:11:12 +0000",
        f"Labels:           batch.kubernetes.io/job-name={pod.rsplit('-', 1)[0]}",
        "Status:           Succeeded",
        f"IP:               10.0.{R.randint(1, 9)}.{R.randint(10, 250)}",
        "Containers:",
        "  main:",
        f"    Container ID:  containerd://{rs(64, HEX)}",
        "    Image:         alpine:3.20",
        f"    Image ID:      docker.io/library/alpine@sha256:{rs(64, HEX)}",
        "    Port:          <none>",
        "    Host Port:     <none>",
        "    Command:",
        "      /bin/sh",
        "      -c",
        "    Args:",
        *["      " + a for a in args],
        "    State:          Terminated",
        "      Reason:       Completed",
        "      Exit Code:    0",
        "    Ready:          False",
        "    Environment:",
        *["      " + (k + ":").ljust(w) + v for k, v in env],
        "    Mounts:",
        f"      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-{rs(5, LOWER + DIGITS)} (ro)",
        "Events:",
        "  Type    Reason     Age   From               Message",
        "  ----    ------     ----  ----               -------",
        f"  Normal  Scheduled  2m    default-scheduler  Successfully assigned {ns}/{pod} to ip-10-0-3-17.ec2.internal",
        '  Normal  Pulled     2m    kubelet            Container image "alpine:3.20" already present on machine',
        "  Normal  Started    2m    kubelet            Started container main",
    ]
    return "result", "terminal", "\n".join(lines_) + "\n", whole


# -- latex-doc

TEX_ESC = {
    "\\": "\\textbackslash{}",
    "_": "\\_",
    "#": "\\#",
    "%": "\\%",
    "&": "\\&",
    "$": "\\$",
    "{": "\\{",
    "}": "\\}",
    "~": "\\textasciitilde{}",
    "^": "\\textasciicircum{}",
}


def tex_esc(s):
    return "".join(TEX_ESC.get(c, c) for c in s)


def latex_doc(it):
    """A LaTeX runbook: the item in a `lstlisting` / `minted` block, or an env file as a `tabular` of `\\texttt{}` cells (TeX escapes)."""
    pairs = env_pairs(it)
    host = pick("web01", "api-2", "build-02")
    head = (
        "\\documentclass{article}\n\\usepackage{listings}\n\\usepackage{minted}\n\\begin{document}\n"
        f"\\section{{Runbook: {pick('restore', 'rotate', 'deploy')} on {host}}}\n"
    )
    if pairs is not None and R.random() < 0.6:
        rows = "".join(f"\\texttt{{{tex_esc(k)}}} & \\texttt{{{tex_esc(v)}}} \\\\\n" for k, v in pairs)
        body = (
            f"The service reads these variables (from \\texttt{{{tex_esc(it['name'])}}}):\n\n"
            "\\begin{tabular}{ll}\n\\hline\nVariable & Value \\\\\n\\hline\n" + rows + "\\hline\n\\end{tabular}\n"
        )
        piecer = lambda a: [tex_esc(a)]  # noqa: E731
    else:
        lang = "bash" if it["shape"] == "cmd" else pick("text", "yaml", "ini")
        intro = "Run:" if it["shape"] == "cmd" else f"The current \\texttt{{{tex_esc(it['name'])}}}:"
        text = it["text"].rstrip("\n")
        if R.random() < 0.5:
            block = f"\\begin{{lstlisting}}[language={lang if lang != 'text' else 'bash'}, basicstyle=\\ttfamily\\small, breaklines=true]\n{text}\n\\end{{lstlisting}}\n"
        else:
            block = f"\\begin{{minted}}[breaklines]{{{lang}}}\n{text}\n\\end{{minted}}\n"
        body = f"{intro}\n\n{block}"
        piecer = whole
    doc = head + body + "\\end{document}\n"
    path = pick("docs/runbook.tex", "docs/ops/rotation.tex", "notes/handover.tex")
    if R.random() < 0.6:
        return "args", "write_file", json.dumps({"path": path, "content": doc}), piecer
    return "result", "read_file", doc, piecer


# -- git-word-diff


def word_tokens(line):
    return [t for t in re.split(r"(\s+)", line) if t]


def git_word_diff(it):
    """`git log -p --word-diff` (plain `[-old-]{+new+}` or coloured) of the commit that put the item in."""
    color = R.random() < 0.35
    path = it["name"].lstrip("/") if it["shape"] == "file" else it["name"]
    new = file_lines(script_text(it))
    created = it["secrets"] and R.random() < 0.35
    old = [] if created else file_lines(template_of(it))

    def dele(s):
        return f"\x1b[31m{s}\x1b[m" if color else f"[-{s}-]"

    def add(s):
        return f"\x1b[32m{s}\x1b[m" if color else f"{{+{s}+}}"

    body = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if op == "equal":
            body += [" " + ln for ln in old[i1:i2]]
        elif op == "replace" and i2 - i1 == j2 - j1:
            for a, b in zip(old[i1:i2], new[j1:j2], strict=True):
                ta, tb = word_tokens(a), word_tokens(b)
                out = ""
                for op2, x1, x2, y1, y2 in difflib.SequenceMatcher(a=ta, b=tb, autojunk=False).get_opcodes():
                    if op2 == "equal":
                        out += "".join(ta[x1:x2])
                    else:
                        if x2 > x1:
                            out += dele("".join(ta[x1:x2]))
                        if y2 > y1:
                            out += add("".join(tb[y1:y2]))
                body.append(out)
        else:
            body += [dele(ln) if ln else "" for ln in old[i1:i2]]
            body += [add(ln) if ln else "" for ln in new[j1:j2]]
    sha, idx1, idx2 = sha1hex(), rs(7, HEX), rs(7, HEX)
    head = [
        f"$ git log -p --word-diff{'=color' if color else ''} -1 -- {path}",
        (f"\x1b[33mcommit {sha}\x1b[m" if color else f"commit {sha}"),
        f"Author: {pick('Dev Ops <devops@corp.example>', 'Alice Martin <alice@corp.example>')}",
        f"Date:   Mon May 4 10:{R.randint(10, 59)}:{R.randint(10, 59)} 2026 +0000",
        "",
        f"    {pick('Fill in the real values for prod', 'Update config', 'Add deploy script', 'Rotate keys')}",
        "",
        f"diff --git a/{path} b/{path}",
    ]
    if created:
        head += ["new file mode 100644", f"index 0000000..{idx2}", "--- /dev/null", f"+++ b/{path}", f"@@ -0,0 +1,{len(new)} @@"]
    else:
        head += [f"index {idx1}..{idx2} 100644", f"--- a/{path}", f"+++ b/{path}", f"@@ -1,{len(old)} +1,{len(new)} @@"]
    return "result", "terminal", "\n".join(head + body) + "\n", whole


# -- docker-history


def docker_history(it):
    """`docker history --no-trunc`: env values as `ENV` rows, a command as a `RUN` row, a file written by a heredoc `RUN` (JSON lines)."""
    image = pick("registry.corp.example/api:2.4.1", "corp/worker:latest", "ghcr.io/corp/app:main")
    pairs = env_pairs(it)
    legacy = R.random() < 0.3
    base = [
        ('CMD ["/app/server"]' if not legacy else '/bin/sh -c #(nop)  CMD ["/app/server"]', "0B"),
        ("EXPOSE map[8080/tcp:{}]" if not legacy else "/bin/sh -c #(nop)  EXPOSE 8080", "0B"),
    ]
    rows = []
    if pairs is not None:
        for k, v in pairs:
            rows.append((f"ENV {k}={v}" if not legacy else f"/bin/sh -c #(nop)  ENV {k}={v}", "0B"))
    elif it["shape"] == "cmd":
        rows.append(
            (f"RUN /bin/sh -c {it['text']} # buildkit" if not legacy else f"/bin/sh -c {it['text']}", f"{R.randint(2, 90)}.{R.randint(1, 9)}MB")
        )
    tail = [
        (
            "COPY /app /app # buildkit" if not legacy else f"/bin/sh -c #(nop) COPY dir:{rs(64, HEX)} in /app ",
            f"{R.randint(5, 60)}.{R.randint(1, 9)}MB",
        ),
        ("WORKDIR /app" if not legacy else "/bin/sh -c #(nop) WORKDIR /app", "0B"),
        ('/bin/sh -c #(nop)  CMD ["/bin/sh"]', "0B"),
        (f"/bin/sh -c #(nop) ADD file:{rs(64, HEX)} in / ", "7.8MB"),
    ]
    if pairs is None and it["shape"] == "file":
        created = f"RUN /bin/sh -c cat > /etc/app/{it['name'].rsplit('/', 1)[-1]} <<'EOF'\n{it['text']}EOF # buildkit"
        hist = [*base, (created, f"{R.randint(1, 9)}.{R.randint(1, 9)}kB"), *tail]
        out = [f"$ docker history --no-trunc --format '{{{{json .}}}}' {image}"]
        for i, (by, size) in enumerate(hist):
            out.append(
                json.dumps(
                    {
                        "Comment": "buildkit.dockerfile.v0" if "buildkit" in by or not by.startswith("/bin/sh") else "",
                        "CreatedAt": f"2026-05-0{R.randint(1, 4)}T10:11:12Z",
                        "CreatedBy": by,
                        "CreatedSince": f"{R.randint(2, 9)} days ago",
                        "ID": ("sha256:" + rs(64, HEX)) if i == 0 else "<missing>",
                        "Size": size,
                    },
                    separators=(",", ":"),
                )
            )
        return "result", "terminal", "\n".join(out) + "\n", whole
    hist = base + rows[::-1] + tail
    w = max(len(by) for by, _ in hist) + 3
    days = R.randint(2, 9)
    out = [f"$ docker history --no-trunc {image}", "IMAGE".ljust(74) + "CREATED        " + "CREATED BY".ljust(w) + "SIZE      COMMENT"]
    for i, (by, size) in enumerate(hist):
        img = ("sha256:" + rs(64, HEX)) if i == 0 else "<missing>"
        comment = "buildkit.dockerfile.v0" if not by.startswith("/bin/sh") or "buildkit" in by else ""
        out.append(
            f"{img.ljust(74)}{(str(days if i < len(hist) - 2 else days + 20) + ' days ago').ljust(15)}{by.ljust(w)}{size.ljust(10)}{comment}".rstrip()
        )
    return "result", "terminal", "\n".join(out) + "\n", whole


# -- jira-wiki-args


def jira_wiki(it):
    """The agent comments on a Jira issue in wiki markup: `{code}` / `{noformat}` blocks, `||` tables, `{{monospace}}`."""
    pairs = env_pairs(it)
    issue = f"{pick('OPS', 'INC', 'PLAT')}-{R.randint(100, 9999)}"
    host = pick("web01", "api-2", "build-02")
    if pairs is not None and R.random() < 0.5:
        body = (
            f"h3. Environment on {host}\n||Variable||Value||\n"
            + "".join(f"|{k}|{{{{{v}}}}}|\n" for k, v in pairs)
            + "\nRestarted the service afterwards."
        )
    elif it["shape"] == "cmd":
        if R.random() < 0.5:
            body = f"Ran this on *{host}*:\n{{code:bash}}\n{it['text']}\n{{code}}\nExit code 0."
        else:
            body = f"Fixed by running {{{{{it['text']}}}}} on {host}; closing."
    else:
        lang = {"json": "json", "yaml": "yaml", "js": "javascript", "py": "python", "hcl": "none", "env": "bash"}.get(it["fmt"])
        blk = f"{{code:{lang}}}" if lang and R.random() < 0.6 else "{noformat}"
        end = "{code}" if blk.startswith("{code") else "{noformat}"
        body = f"h3. Current {{{{{it['name']}}}}} on {host}\n{blk}\n{it['text'].rstrip(chr(10))}\n{end}\n(for the incident timeline)"
    args = {"issue_key": issue, "body": body}
    if R.random() < 0.3:
        args["visibility"] = {"type": "role", "value": "Developers"}
    return "args", "jira_add_comment", json.dumps(args), whole


# -- tcpdump-ascii (held out)


def tcp_ascii(b):
    """tcpdump -A: printable bytes, tab, space and newline as they are; a CR before LF dropped; others as `.`."""
    out = []
    for i, c in enumerate(b):
        if c == 13 and i + 1 < len(b) and b[i + 1] == 10:
            continue
        out.append(chr(c) if (32 <= c < 127 or c in (9, 10)) else ".")
    return "".join(out)


def tcpdump_ascii(it):
    """`tcpdump -A -s0` of the HTTP request carrying the item, cut into TCP segments (header bytes shown as dots and letters)."""
    pairs = env_pairs(it)
    host = pick("config.corp.example", "10.0.3.9", "deploy-api.internal")
    if it["shape"] == "cmd":
        body = json.dumps({"host": pick("web01", "api-2"), "command": it["text"], "timeout": 60})
        req = f"POST /api/v1/exec HTTP/1.1\r\nHost: {host}:8080\r\nUser-Agent: python-requests/2.32.3\r\nContent-Type: application/json\r\n"
    elif pairs is not None:
        body = json.dumps(dict(pairs))
        req = f"PUT /api/v1/env/{pick('api', 'worker')} HTTP/1.1\r\nHost: {host}:8080\r\nUser-Agent: curl/8.5.0\r\nContent-Type: application/json\r\n"
    else:
        body = it["text"]
        req = f"PUT /api/v1/files/{it['name'].lstrip('/')} HTTP/1.1\r\nHost: {host}:8080\r\nUser-Agent: curl/8.5.0\r\nContent-Type: text/plain\r\n"
    heads = (req + f"Content-Length: {len(body.encode())}\r\nAccept: */*\r\n\r\n").encode()
    mss = pick(1448, 536, 1448)
    if R.random() < 0.5:
        # http.client sends the headers and the body in two writes: two segments at least.
        segs = [heads] + [body.encode()[i : i + mss] for i in range(0, len(body.encode()), mss)]
    else:
        payload = heads + body.encode()
        segs = [payload[i : i + mss] for i in range(0, len(payload), mss)]
    src, dst = f"10.0.{R.randint(1, 9)}.{R.randint(2, 250)}.{R.randint(40000, 60000)}", f"{host if host[0].isdigit() else 'deploy-api.internal'}.8080"
    clock = [R.randint(0, 50) * 10**6]

    def ts():
        clock[0] += R.randint(20, 900)
        s, us = divmod(clock[0], 10**6)
        return f"10:11:{s % 60:02d}.{us:06d}"

    out = [
        f"$ sudo tcpdump -i {pick('eth0', 'ens5', 'any')} -A -s0 'tcp port 8080'",
        "tcpdump: verbose output suppressed, use -v[v]... for full protocol decode",
    ]
    flat = ""
    bounds = []
    seq = 1
    for s in segs:
        out.append(
            f"{ts()} IP {src} > {dst}: Flags [P.], seq {seq}:{seq + len(s)}, ack 1, win 502, options [nop,nop,TS val {R.randint(10**8, 10**9)} ecr {R.randint(10**8, 10**9)}], length {len(s)}"
        )
        seq += len(s)
        hdr = tcp_ascii(b"E\x00" + rbytes(50))
        shown = tcp_ascii(s)
        bounds.append(len(flat))
        flat += shown
        out.append(hdr + shown)
    out.append(f"{ts()} IP {dst} > {src}: Flags [P.], seq 1:26, ack {seq}, win 509, length 25")
    out.append(tcp_ascii(b"E\x00" + rbytes(50)) + "HTTP/1.1 204 No Content\n")
    text = "\n".join(out) + "\n"
    return "result", "terminal", text, lambda a: cut_pieces(flat, a, bounds)


# -- org-babel (held out)


def org_babel(it):
    """An Org-mode file with a babel source block and its results (`: ` lines, `#+begin_example`, an org table)."""
    pairs = env_pairs(it)
    title = pick("Rotate creds on web01", "Restore drill", "Deploy notes")
    head = f"#+TITLE: Ops notes\n#+STARTUP: overview\n\n* {title}\n:PROPERTIES:\n:CREATED:  [2026-05-04 Mon 10:{R.randint(10, 59)}]\n:END:\n\n"
    if it["shape"] == "cmd":
        body = f"#+begin_src shell :results output\n{it['text']}\n#+end_src\n\n#+RESULTS:\n: {pick('done', 'Login Succeeded', 'OK')}\n"
    elif pairs is not None and R.random() < 0.5:
        w = max(len(k) for k, _ in pairs)
        vw = max(len(v) for _, v in pairs)
        body = f"#+begin_src shell :results table\ngrep -v '^#' {it['name']} | tr '=' ' '\n#+end_src\n\n#+RESULTS:\n" + "".join(
            f"| {k.ljust(w)} | {v.ljust(vw)} |\n" for k, v in pairs
        )
    else:
        ls = file_lines(it["text"])
        src = f"#+begin_src shell :results output\ncat {it['name']}\n#+end_src\n\n#+RESULTS:\n"
        if len(ls) < 10:
            body = src + "".join((": " + ln if ln else ":") + "\n" for ln in ls)
        else:
            body = src + "#+begin_example\n" + "".join(ln + "\n" for ln in ls) + "#+end_example\n"
    doc = head + body + "\n** TODO follow up with the owners\n"
    path = pick("notes/ops.org", "docs/runbook.org", "journal/2026-05-04.org")
    if R.random() < 0.5:
        return "args", "write_file", json.dumps({"path": path, "content": doc}), whole
    return "result", "read_file", doc, whole


# -- redis-monitor (held out)


def redis_repr(s):
    out = ['"']
    for c in s.encode():
        ch = chr(c)
        if ch in '\\"':
            out.append("\\" + ch)
        elif ch in "\n\r\t\a\b":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t", "\a": "\\a", "\b": "\\b"}[ch])
        elif 32 <= c < 127:
            out.append(ch)
        else:
            out.append(f"\\x{c:02x}")
    out.append('"')
    return "".join(out)


def redis_monitor(it):
    """`redis-cli MONITOR`: each command with its arguments C-escaped in double quotes (`\\n`, `\\"`, `\\xHH`)."""
    pairs = env_pairs(it)
    t0 = ts_epoch()
    db = R.randint(0, 3)
    client = f"10.0.{R.randint(1, 9)}.{R.randint(2, 250)}:{R.randint(40000, 60000)}"
    ops = []
    noise = [
        ["PING"],
        ["GET", f"session:{rs(32, HEX)}"],
        ["EXPIRE", f"session:{rs(32, HEX)}", "1800"],
        ["INCR", "stats:requests"],
        ["TTL", f"lock:{uuid4()}"],
    ]
    ops.append(R.choice(noise))
    if it["shape"] == "cmd":
        ops.append(["RPUSH", f"jobs:{pick('deploy', 'maintenance')}", json.dumps({"id": uuid4(), "cmd": it["text"], "host": pick("web01", "api-2")})])
    elif pairs is not None:
        flat = []
        for k, v in pairs:
            flat += [k, v]
        ops.append(["HSET", f"config:env:{pick('api', 'worker')}", *flat])
    else:
        ops.append(["SET", f"config:file:{it['name']}", it["text"]])
    ops.append(R.choice(noise))
    out = ["$ redis-cli -h cache.internal MONITOR", "OK"]
    for op in ops:
        t0 += R.randint(0, 2)
        out.append(f"{t0}.{rs(6, DIGITS)} [{db} {client}] " + " ".join(redis_repr(a) for a in op))
    return "result", "terminal", "\n".join(out) + "\n", lambda a: [redis_repr(a)[1:-1]]


CONTEXTS = {
    # dev
    "kubectl-describe": kubectl_describe,
    "latex-doc": latex_doc,
    "git-word-diff": git_word_diff,
    "docker-history": docker_history,
    "jira-wiki-args": jira_wiki,
    # held out
    "tcpdump-ascii": tcpdump_ascii,
    "org-babel": org_babel,
    "redis-monitor": redis_monitor,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r8", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
