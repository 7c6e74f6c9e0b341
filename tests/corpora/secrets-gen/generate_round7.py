"""Round 7 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 6 have all been read. Round 7 was written blind, like rounds 5 and 6: its author saw
`SPLIT.md`, the earlier generators (to keep away from their families and reuse the JSONL schema)
and the scorer, never the rules, their example tables, the "Secrets" sections of `BENCHMARKS.md`
nor the notes that list misses, and never ran the engine on it.

Its **kind families** are credentials no round had: CI/CD runner and server tokens (GitLab runner
`glrt-`, GitHub runner registration, Jenkins API tokens and JCasC, CircleCI `CCIPAT_`, Buildkite,
Drone / Woodpecker), chat-bot tokens (Discord bot, Twitch, Matrix `syt_` with its CRC, Mastodon,
Reddit, LINE), payment gateways (Adyen, PayPal, Razorpay, Mollie, Paddle, GoCardless), messaging
APIs (Postmark, Vonage, Plivo, MessageBird, Resend, SparkPost, Mailjet, Telnyx, Pushover),
data-warehouse connectors (dbt profiles, Snowflake, MotherDuck, Fivetran, Airflow, Looker,
Trino), secret-manager access tokens (1Password service-account / Connect / secret key,
Infisical, Bitwarden Secrets Manager, Akeyless, Conjur, Vault AppRole `secret_id`, Keeper), and
held out: home / IoT (Home Assistant, ESPHome, Zigbee2MQTT, MQTT bridges, Tuya, Hue, OctoPrint,
Tasmota), identity-provider secrets (Keycloak realm exports, Auth0, Okta `SSWS`, oauth2-proxy,
Dex, Authelia, JWT signing secrets) and mobile signing (Android keystores, fastlane, App Store
Connect `.p8` keys, app-specific passwords, keychains).

Its **context families** are new containers: SQL result grids (psql aligned / expanded /
wrapped, mysql tables and `\\G`), `diff -y` side by side (columns cut at the half width),
`terraform plan` output (heredocs, `jsonencode(...)`, maps, `->` updates), GitHub Actions logs
(`gh run view --log`, `##[group]`, ANSI-coloured run scripts), secret-scanner reports (gitleaks
text / JSON, trufflehog JSON lines, SARIF, a reply summing them up), Java `.properties`
(`Properties.store` escapes `\\=` `\\:` `\\uXXXX`, hand-written `\\` continuations), Slack Block
Kit messages sent by the agent, and held out: a tmux window screen (two panes side by side,
each wrapping at its own width), PHP dumps (`var_dump`, `print_r`, `var_export`, Symfony
VarDumper) and Windows `reg query` / `reg export` output (CRLF, `\\0`-joined REG_MULTI_SZ).

A credential's pieces are what must vanish from the text as the context shows it: the value,
escaped as the context escapes it, or each fragment when the context cuts it (wrap rows, the
`diff -y` column). Clean cases hold look-alikes of the kind's own shapes (public ids and keys,
hashes, ids of the same alphabet, encrypted or hashed values, references, masked and empty
values, documented example keys).

The split (`SPLIT.md`, round 7) was committed before any measurement; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round7.py     # rewrites round7.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import difflib
import json
import math
import re
import zlib
from pathlib import Path

from blind_round import (
    ALNUM,
    B64,
    CROCKFORD,
    DIGITS,
    HEX,
    LOWER,
    UHEX,
    UPPER,
    URLSAFE,
    Layout,
    R,
    b64,
    b64url,
    base62,
    clean,
    cmd,
    deal,
    env_file,
    env_pairs,
    file_lines,
    item,
    json_doc,
    jwt,
    password,
    pick,
    placeholder_for,
    rbytes,
    repo,
    rows_of,
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

SEED = 1577
OUT = Path(__file__).with_name("round7.jsonl")

HELD_OUT_KINDS = {"home-iot", "idp-client-secrets", "mobile-signing"}
HELD_OUT_CONTEXTS = {"tmux-screen", "php-dump", "reg-query"}


def entropy(s):
    counts = {c: s.count(c) for c in sorted(set(s))}
    return -sum(k / len(s) * math.log2(k / len(s)) for k in counts.values()) if s else 0.0


# ---------------------------------------------------------------- items


# ---------------------------------------------------------------- kind: ci-runner-tokens


def glrt():
    return "glrt-" + rs(20, URLSAFE)


def jenkins_token():
    return "11" + rs(32, HEX)


def circleci_pat():
    return f"CCIPAT_{rs(22)}_{rs(40, HEX)}"


def jenkins_encrypted():
    """Jenkins' on-disk form of a secret: `{` base64(version 1, IV length, data length, IV, AES data) `}` (ciphertext)."""
    n = pick(16, 32, 48)
    return "{" + b64(b"\x01" + (16).to_bytes(4, "big") + n.to_bytes(4, "big") + rbytes(16 + n)) + "}"


def runner_name():
    return pick("build-01", "docker-runner-2", "shell-ci-03", "k8s-runner", "arm64-builder")


def ci_runner_tokens(is_clean):
    """CI/CD runner and server tokens: GitLab runners, GitHub runners, Jenkins, CircleCI, Buildkite, Drone, Woodpecker."""
    if is_clean:
        form = deal("ci_runner_tokens/clean", 8)
        if form == 0:
            enc = jenkins_encrypted()
            text = (
                "<?xml version='1.1' encoding='UTF-8'?>\n"
                '<com.cloudbees.plugins.credentials.SystemCredentialsProvider plugin="credentials@1371.vfee6b_095f0a_3">\n'
                '  <domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash">\n    <entry>\n'
                "      <com.cloudbees.plugins.credentials.domains.Domain>\n        <specifications/>\n"
                "      </com.cloudbees.plugins.credentials.domains.Domain>\n      <java.util.concurrent.CopyOnWriteArrayList>\n"
                "        <com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n"
                f"          <scope>GLOBAL</scope>\n          <id>{pick('nexus-deploy', 'harbor-push', 'sonar-ci')}</id>\n"
                f"          <description>deploy user</description>\n          <username>{pick('deploy', 'ci-bot', 'svc_build')}</username>\n"
                f"          <password>{enc}</password>\n          <usernameSecret>false</usernameSecret>\n"
                "        </com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n"
                "      </java.util.concurrent.CopyOnWriteArrayList>\n    </entry>\n  </domainCredentialsMap>\n"
                "</com.cloudbees.plugins.credentials.SystemCredentialsProvider>\n"
            )
            return clean(text, fmt="xml", name="/var/lib/jenkins/credentials.xml")
        if form == 1:
            short = "t" + pick("1", "2", "3") + "_" + rs(6, URLSAFE)
            sysid = "s_" + rs(12, HEX)
            text = (
                f"Running with gitlab-runner 17.{R.randint(1, 9)}.{R.randint(0, 3)} ({rs(8, HEX)})\n"
                f"  on {runner_name()} {short}, system ID: {sysid}\n"
                'Preparing the "docker" executor\nUsing Docker executor with image alpine:3.20 ...\n'
                f"Using docker image sha256:{rs(64, HEX)} for alpine:3.20 with digest alpine@sha256:{rs(64, HEX)} ...\n"
                f"Getting source from Git repository\nFetching changes with git depth set to 20...\nChecking out {rs(8, HEX)} as detached HEAD (ref is main)...\n"
                '$ echo "$CI_JOB_TOKEN" | docker login -u gitlab-ci-token --password-stdin "$CI_REGISTRY"\n'
                "WARNING! Your password will be stored unencrypted in /home/gitlab-runner/.docker/config.json.\nLogin Succeeded\n"
                "$ echo token=[MASKED]\ntoken=[MASKED]\nJob succeeded\n"
            )
            return clean(text, name="job.log")
        if form == 2:
            rid = R.randint(10, 400)
            doc = {
                "agentId": rid,
                "agentName": runner_name(),
                "poolId": 1,
                "poolName": "Default",
                "serverUrl": f"https://pipelinesghubeus{R.randint(1, 30)}.actions.githubusercontent.com/{rs(50)}/",
                "gitHubUrl": f"https://github.com/{repo()}",
                "workFolder": "_work",
                "useV2Flow": True,
                "serverUrlV2": "https://broker.actions.githubusercontent.com/",
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="/home/runner/actions-runner/.runner")
        if form == 3:
            c = pick(
                'curl -fsS -X POST -u "ci-bot:${JENKINS_API_TOKEN}" "https://jenkins.corp.example/job/deploy-prod/buildWithParameters?TAG=v2.4.1"',
                'gitlab-runner register --non-interactive --url https://gitlab.corp.example --token "$RUNNER_TOKEN" --executor docker --docker-image alpine:3.20',
                f'./config.sh --url https://github.com/{repo()} --token "$(gh api -X POST repos/{repo()}/actions/runners/registration-token --jq .token)" --unattended --replace',
                'curl -s -H "Circle-Token: $CIRCLE_TOKEN" https://circleci.com/api/v2/me',
            )
            return clean(c, "cmd", "cmd", "scripts/ci.sh")
        if form == 4:
            sha = sha1hex()
            text = (
                "Started by user Dev Ops\nRunning as SYSTEM\nBuilding in workspace /var/lib/jenkins/workspace/deploy-prod\n"
                "The recommended git tool is: NONE\nusing credential github-deploy-key\n"
                " > git rev-parse --resolve-git-dir /var/lib/jenkins/workspace/deploy-prod/.git # timeout=10\n"
                f"Fetching changes from the remote Git repository\n > git config remote.origin.url git@github.com:{repo()}.git # timeout=10\n"
                f"Checking out Revision {sha} (refs/remotes/origin/main)\n > git checkout -f {sha} # timeout=10\n"
                f'Commit message: "bump chart to 2.4.{R.randint(1, 9)}"\n[deploy-prod] $ /bin/sh -xe /tmp/jenkins{R.randint(10**17, 10**18)}.sh\n'
                "+ ./scripts/deploy.sh\nFinished: SUCCESS\n"
            )
            return clean(text, name="console.log")
        if form == 5:
            text = (
                "version: 2.1\norbs:\n  aws-cli: circleci/aws-cli@4.1\njobs:\n  deploy:\n    docker:\n      - image: cimg/base:2024.11\n"
                "    steps:\n      - checkout\n      - run: ./scripts/deploy.sh\nworkflows:\n  main:\n    jobs:\n      - deploy:\n"
                f"          context: {pick('org-global', 'aws-prod')}\n# pipeline {uuid4()} project {uuid4()}\n"
            )
            return clean(text, fmt="yaml", name=".circleci/config.yml")
        if form == 6:
            text = (
                "kind: pipeline\ntype: docker\nname: default\n\nsteps:\n  - name: publish\n    image: plugins/docker\n    settings:\n"
                "      repo: registry.corp.example/app\n      username:\n        from_secret: docker_username\n      password:\n        from_secret: docker_password\n"
                f"      tags: [latest, {rs(7, HEX)}]\n"
            )
            return clean(text, fmt="yaml", name=".drone.yml")
        agent = uuid4()
        text = (
            f"2026-05-04 10:11:12 NOTICE Starting buildkite-agent v3.{R.randint(70, 90)}.0 with PID: {R.randint(1000, 60000)}\n"
            "2026-05-04 10:11:12 INFO   Registering agent with Buildkite...\n"
            f'2026-05-04 10:11:13 INFO   Successfully registered agent "{runner_name()}-1" with tags [queue=default os=linux]\n'
            f"2026-05-04 10:11:13 INFO   agent id {agent}\n2026-05-04 10:11:14 INFO   Assigned job {uuid4()}. Accepting...\n"
            "2026-05-04 10:11:14 DEBUG  token read from BUILDKITE_AGENT_TOKEN (redacted)\n"
        )
        return clean(text, name="/var/log/buildkite-agent.log")
    form = deal("ci_runner_tokens/secret", 9)
    if form == 0:
        t = glrt()
        text = (
            "concurrent = 4\ncheck_interval = 0\nshutdown_timeout = 0\n\n[session_server]\n  session_timeout = 1800\n\n"
            f'[[runners]]\n  name = "{runner_name()}"\n  url = "https://gitlab.corp.example"\n  id = {R.randint(100, 9999)}\n'
            f'  token = "{t}"\n  token_obtained_at = 2026-04-0{R.randint(1, 9)}T09:14:11Z\n  token_expires_at = 0001-01-01T00:00:00Z\n'
            '  executor = "docker"\n  [runners.cache]\n    MaxUploadedArchiveSize = 0\n  [runners.docker]\n    tls_verify = false\n'
            '    image = "alpine:3.20"\n    privileged = false\n    volumes = ["/cache"]\n'
        )
        return item(text, [("gitlab-runner-token", t)], fmt="toml", name="/etc/gitlab-runner/config.toml")
    if form == 1:
        if R.random() < 0.6:
            t, kind = glrt(), "gitlab-runner-token"
            c = f"gitlab-runner register --non-interactive --url https://gitlab.corp.example --token {t} --executor docker --docker-image alpine:3.20 --description {runner_name()}"
        else:
            t, kind = "GR1348941" + rs(20, URLSAFE), "gitlab-runner-registration-token"
            c = (
                "docker run --rm -v /srv/gitlab-runner/config:/etc/gitlab-runner gitlab/gitlab-runner register --non-interactive "
                f"--url https://gitlab.corp.example --registration-token {t} --executor shell --tag-list linux,shell"
            )
        return cmd(c, [(kind, t)], "scripts/register-runner.sh")
    if form == 2:
        t = "A" + rs(28, UPPER + DIGITS)
        c = f"./config.sh --url https://github.com/{repo()} --token {t} --name {runner_name()} --labels self-hosted,linux,x64 --work _work --unattended --replace"
        return cmd(c, [("github-runner-token", t)], "scripts/runner-setup.sh")
    if form == 3:
        t = jenkins_token()
        u = pick("ci-bot", "admin", "deployer")
        v = R.randrange(3)
        if v == 0:
            return cmd(
                f'curl -fsS -X POST -u {u}:{t} "https://jenkins.corp.example/job/deploy-prod/buildWithParameters?TAG=v2.4.1"',
                [("jenkins-api-token", t)],
            )
        if v == 1:
            return cmd(
                f"java -jar jenkins-cli.jar -s https://jenkins.corp.example/ -auth {u}:{t} build deploy-prod -p TAG=v2.4.1 -s -v",
                [("jenkins-api-token", t)],
            )
        text = env_file(
            [("JENKINS_URL", "https://jenkins.corp.example/"), ("JENKINS_USER", u), ("JENKINS_API_TOKEN", t), ("JENKINS_JOB", "deploy-prod")]
        )
        return item(text, [("jenkins-api-token", t)], fmt="env", name=".env")
    if form == 4:
        p = password()
        text = (
            'jenkins:\n  systemMessage: "Managed by JCasC"\n  numExecutors: 0\ncredentials:\n  system:\n    domainCredentials:\n      - credentials:\n'
            f'          - usernamePassword:\n              scope: GLOBAL\n              id: "{pick("nexus-deploy", "harbor-push")}"\n'
            f'              username: "{pick("deploy", "ci-bot")}"\n              password: "{p}"\n              description: "deploy user"\n'
        )
        return item(text, [("jenkins-casc-password", p)], fmt="yaml", name="/var/jenkins_home/casc/jenkins.yaml")
    if form == 5:
        t = circleci_pat()
        if R.random() < 0.5:
            text = f'host: https://circleci.com\nendpoint: graphql-unstable\ntoken: {t}\nrest_endpoint: api/v2\ntls_cert: ""\n'
            return item(text, [("circleci-token", t)], fmt="yaml", name="/home/dev/.circleci/cli.yml")
        return cmd(f'curl -s -H "Circle-Token: {t}" "https://circleci.com/api/v2/project/gh/{repo()}/pipeline?branch=main"', [("circleci-token", t)])
    if form == 6:
        if R.random() < 0.5:
            t = rs(50, LOWER + DIGITS)
            text = f'token="{t}"\nname="%hostname-%spawn"\ntags="queue=default,os=linux"\nbuild-path="/var/lib/buildkite-agent/builds"\nhooks-path="/etc/buildkite-agent/hooks"\n'
            return item(text, [("buildkite-agent-token", t)], fmt="cfg", name="/etc/buildkite-agent/buildkite-agent.cfg")
        t = "bkua_" + rs(40, HEX)
        return cmd(f'curl -s -H "Authorization: Bearer {t}" https://api.buildkite.com/v2/organizations/corp/pipelines', [("buildkite-api-token", t)])
    if form == 7:
        t = rs(32, HEX)
        text = (
            "services:\n  drone-runner:\n    image: drone/drone-runner-docker:1\n    restart: always\n    environment:\n"
            f"      DRONE_RPC_PROTO: https\n      DRONE_RPC_HOST: drone.corp.example\n      DRONE_RPC_SECRET: {t}\n"
            "      DRONE_RUNNER_CAPACITY: 2\n      DRONE_RUNNER_NAME: runner-01\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock\n"
        )
        return item(text, [("drone-rpc-secret", t)], fmt="yaml", name="docker-compose.yml")
    t = rs(64, HEX)
    text = env_file(
        [
            ("WOODPECKER_SERVER", "woodpecker.corp.example:9000"),
            ("WOODPECKER_AGENT_SECRET", t),
            ("WOODPECKER_MAX_WORKFLOWS", "4"),
            ("WOODPECKER_HEALTHCHECK", "true"),
        ]
    )
    return item(text, [("woodpecker-agent-secret", t)], fmt="env", name="/etc/woodpecker/agent.env")


# ---------------------------------------------------------------- kind: chat-bot-tokens


def snowflake():
    return str(R.randint(10**17 * 9, 14 * 10**17))


def discord_token(app_id):
    """Base64 of the bot's user id, a base64 timestamp, and an HMAC."""
    return f"{b64(app_id.encode()).rstrip('=')}.{b64url(rbytes(4))}.{b64url(rbytes(28))}"


def matrix_token(local):
    """Synapse's access token: `syt_`, base64 of the localpart, 20 letters, then base62 CRC-32 of the rest."""
    base = f"syt_{b64url(local.encode())}_{rs(20, LOWER + UPPER)}"
    return f"{base}_{base62(zlib.crc32(base.encode()), 6)}"


def chat_bot_tokens(is_clean):
    """Bot tokens of chat and streaming platforms: Discord, Twitch, Matrix, Mastodon, Reddit, LINE."""
    if is_clean:
        form = deal("chat_bot_tokens/clean", 8)
        if form == 0:
            app = snowflake()
            text = env_file(
                [
                    ("DISCORD_APPLICATION_ID", app),
                    ("DISCORD_PUBLIC_KEY", rs(64, HEX)),
                    ("DISCORD_GUILD_ID", snowflake()),
                    (
                        "DISCORD_INVITE",
                        f"https://discord.com/oauth2/authorize?client_id={app}&permissions=274877975552&scope=bot%20applications.commands",
                    ),
                ]
            )
            return clean(text, fmt="env", name=".env.example")
        if form == 1:
            text = (
                "import os\n\nimport discord\nfrom discord.ext import commands\n\nintents = discord.Intents.default()\nintents.message_content = True\n"
                'bot = commands.Bot(command_prefix="!", intents=intents)\n\n\n@bot.command()\nasync def ping(ctx):\n    await ctx.send("pong")\n\n\n'
                'bot.run(os.environ["DISCORD_TOKEN"])\n'
            )
            return clean(text, fmt="py", name="bot.py")
        if form == 2:
            cid = rs(30, LOWER + DIGITS)
            if R.random() < 0.5:
                return clean(
                    f'curl -s -H "Client-Id: {cid}" -H "Authorization: Bearer $TWITCH_APP_TOKEN" "https://api.twitch.tv/helix/streams?user_login=corp"',
                    "cmd",
                    "cmd",
                    "scripts/live.sh",
                )
            return clean(
                env_file([("TWITCH_CLIENT_ID", cid), ("TWITCH_CLIENT_SECRET", "${TWITCH_CLIENT_SECRET}"), ("TWITCH_CHANNEL", "corp")]),
                fmt="env",
                name=".env",
            )
        if form == 3:
            doc = {
                "type": "m.room.message",
                "event_id": "$" + rs(43, URLSAFE),
                "room_id": "!" + rs(18, LOWER + UPPER) + ":corp.example",
                "sender": "@deploybot:corp.example",
                "origin_server_ts": ts_epoch() * 1000,
                "content": {"msgtype": "m.notice", "body": f"deploy {rs(7, HEX)} finished"},
                "unsigned": {"age": R.randint(10, 9000), "transaction_id": "m" + str(ts_epoch()) + "." + str(R.randint(0, 9))},
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="event.json")
        if form == 4:
            doc = {
                "id": snowflake(),
                "type": 0,
                "channel_id": snowflake(),
                "author": {"id": snowflake(), "username": "deploybot", "bot": True, "discriminator": "0"},
                "content": f"Deployed {rs(7, HEX)} to prod",
                "timestamp": "2026-05-04T10:11:12.345000+00:00",
                "nonce": snowflake(),
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="message.json")
        if form == 5:
            text = (
                "from mastodon import Mastodon\n\n# the token lives in a file beside the bot, outside the repository\n"
                'api = Mastodon(access_token="secrets/mastodon_usercred.secret", api_base_url="https://mastodon.social")\n'
                f'api.status_post("Release {R.randint(1, 9)}.{R.randint(0, 20)} is out")\n'
            )
            return clean(text, fmt="py", name="toot.py")
        if form == 6:
            text = f"[corpbot]\nclient_id={rs(22, URLSAFE)}\n; installed app: no client secret\nclient_secret=\nuser_agent=corpbot/1.0 by u/corp_bot\nredirect_uri=http://localhost:8080\n"
            return clean(text, fmt="ini", name="praw.ini")
        doc = {
            "destination": "U" + rs(32, HEX),
            "events": [
                {
                    "type": "message",
                    "mode": "active",
                    "timestamp": ts_epoch() * 1000,
                    "source": {"type": "user", "userId": "U" + rs(32, HEX)},
                    "webhookEventId": "01" + rs(24, UPPER + DIGITS),
                    "message": {"id": str(R.randint(10**17, 10**18)), "type": "text", "text": "status"},
                }
            ],
        }
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="line-webhook.json")
    form = deal("chat_bot_tokens/secret", 9)
    if form == 0:
        app = snowflake()
        t = discord_token(app)
        text = (
            "import discord\nfrom discord.ext import commands\n\nintents = discord.Intents.default()\nintents.message_content = True\n"
            'bot = commands.Bot(command_prefix="!", intents=intents)\n\n\n@bot.event\nasync def on_ready():\n    print("ready as", bot.user)\n\n\n'
            f'bot.run("{t}")\n'
        )
        return item(text, [("discord-bot-token", t)], fmt="py", name="bot.py")
    if form == 1:
        app = snowflake()
        t = discord_token(app)
        text = env_file([("DISCORD_TOKEN", t), ("DISCORD_CLIENT_ID", app), ("DISCORD_GUILD_ID", snowflake()), ("LOG_LEVEL", "info")])
        return item(text, [("discord-bot-token", t)], fmt="env", name=".env")
    if form == 2:
        t = discord_token(snowflake())
        return cmd(f'curl -s -H "Authorization: Bot {t}" https://discord.com/api/v10/users/@me', [("discord-bot-token", t)])
    if form == 3:
        t = "oauth:" + rs(30, LOWER + DIGITS)
        if R.random() < 0.5:
            text = (
                "const tmi = require('tmi.js');\n\nconst client = new tmi.Client({\n  options: { debug: false },\n"
                f"  identity: {{ username: 'corpbot', password: '{t}' }},\n  channels: ['corp'],\n}});\n\nclient.connect();\n"
            )
            return item(text, [("twitch-oauth-token", t)], fmt="js", name="bot.js")
        return item(
            env_file([("TMI_TOKEN", t), ("CLIENT_ID", rs(30, LOWER + DIGITS)), ("BOT_NICK", "corpbot"), ("CHANNEL", "corp")]),
            [("twitch-oauth-token", t)],
            fmt="env",
            name=".env",
        )
    if form == 4:
        cid, sec = rs(30, LOWER + DIGITS), rs(30, LOWER + DIGITS)
        c = f"curl -s -X POST https://id.twitch.tv/oauth2/token -d client_id={cid} -d client_secret={sec} -d grant_type=client_credentials"
        return cmd(c, [("twitch-client-secret", sec)])
    if form == 5:
        local = pick("deploybot", "alertbot", "ci")
        t = matrix_token(local)
        if R.random() < 0.5:
            text = f'homeserver: https://matrix.corp.example\nuser_id: "@{local}:corp.example"\naccess_token: {t}\ndevice_id: {rs(10, UPPER)}\nrooms:\n  - "!{rs(18, LOWER + UPPER)}:corp.example"\n'
            return item(text, [("matrix-access-token", t)], fmt="yaml", name="config.yaml")
        return cmd(
            f'curl -s -H "Authorization: Bearer {t}" https://matrix.corp.example/_matrix/client/v3/account/whoami', [("matrix-access-token", t)]
        )
    if form == 6:
        t = rs(43, URLSAFE)
        if R.random() < 0.5:
            text = f'from mastodon import Mastodon\n\napi = Mastodon(access_token="{t}", api_base_url="https://mastodon.social")\napi.status_post("Release notes are up")\n'
            return item(text, [("mastodon-access-token", t)], fmt="py", name="toot.py")
        return item(
            env_file([("MASTODON_BASE_URL", "https://mastodon.social"), ("MASTODON_ACCESS_TOKEN", t)]),
            [("mastodon-access-token", t)],
            fmt="env",
            name=".env",
        )
    if form == 7:
        sec, p = rs(30, URLSAFE), password()
        text = f"[corpbot]\nclient_id={rs(22, URLSAFE)}\nclient_secret={sec}\nusername=corp_bot\npassword={p}\nuser_agent=corpbot/1.0 by u/corp_bot\n"
        return item(text, [("reddit-client-secret", sec), ("reddit-password", p)], fmt="ini", name="praw.ini")
    t, sec = b64(rbytes(128)), rs(32, HEX)
    text = env_file([("LINE_CHANNEL_ID", str(R.randint(10**9, 2 * 10**9))), ("LINE_CHANNEL_SECRET", sec), ("LINE_CHANNEL_ACCESS_TOKEN", t)])
    return item(text, [("line-channel-secret", sec), ("line-channel-access-token", t)], fmt="env", name=".env")


# ---------------------------------------------------------------- kind: payment-gateway

ADYEN_TAIL = ALNUM + "{}<>=+~[]()*&^%#@!?;:,."


def adyen_key():
    return "AQE" + rs(117, B64) + "=-" + b64(rbytes(32)) + "-" + rs(16, ADYEN_TAIL)


def paddle_ulid():
    return "01" + rs(24, CROCKFORD)


def payment_gateway(is_clean):
    """Payment-gateway secrets the earlier rounds lack: Adyen, PayPal, Razorpay, Mollie, Paddle, GoCardless."""
    if is_clean:
        form = deal("payment_gateway/clean", 8)
        if form == 0:
            cid = "A" + rs(79, URLSAFE)
            text = (
                '<div id="paypal-button-container"></div>\n'
                f'<script src="https://www.paypal.com/sdk/js?client-id={cid}&currency=EUR&intent=capture"></script>\n'
                "<script>\n  paypal.Buttons({ createOrder: () => fetch('/api/orders', { method: 'POST' }).then((r) => r.json()).then((o) => o.id) })\n"
                "    .render('#paypal-button-container');\n</script>\n"
            )
            return clean(text, fmt="html", name="templates/checkout.html")
        if form == 1:
            text = (
                "const options = {\n"
                f'  key: "rzp_live_{rs(14)}",\n  amount: 49900,\n  currency: "INR",\n  name: "Corp",\n  order_id: "order_{rs(14)}",\n'
                "  handler: (res) => verify(res.razorpay_payment_id, res.razorpay_signature),\n};\nnew Razorpay(options).open();\n"
            )
            return clean(text, fmt="js", name="static/checkout.js")
        if form == 2:
            ck = "live_" + rs(32, UPPER + DIGITS)
            text = env_file(
                [
                    ("ADYEN_API_KEY", "${ADYEN_API_KEY}"),
                    ("ADYEN_CLIENT_KEY", ck),
                    ("ADYEN_MERCHANT_ACCOUNT", "CorpECOM"),
                    ("ADYEN_ENVIRONMENT", "LIVE"),
                ]
            )
            return clean(text, fmt="env", name=".env")
        if form == 3:
            doc = {
                "live": "true",
                "notificationItems": [
                    {
                        "NotificationRequestItem": {
                            "amount": {"currency": "EUR", "value": 4990},
                            "eventCode": "AUTHORISATION",
                            "merchantAccountCode": "CorpECOM",
                            "merchantReference": "order-" + str(R.randint(10000, 99999)),
                            "pspReference": "".join(R.choice(DIGITS + UPPER) for _ in range(16)),
                            "success": "true",
                        }
                    }
                ],
            }
            if R.random() < 0.5:
                doc = {
                    "resource": "payment",
                    "id": "tr_" + rs(10),
                    "mode": "live",
                    "amount": {"value": "49.90", "currency": "EUR"},
                    "status": "paid",
                    "profileId": "pfl_" + rs(10),
                    "_links": {"checkout": {"href": f"https://www.mollie.com/checkout/select-method/{rs(10)}"}},
                }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="webhook.json")
        if form == 4:
            text = env_file(
                [
                    ("PADDLE_ENVIRONMENT", "production"),
                    ("PADDLE_API_KEY", ""),
                    ("NEXT_PUBLIC_PADDLE_CLIENT_TOKEN", "live_" + rs(27, HEX)),
                    ("PADDLE_PRICE_PRO", "pri_" + paddle_ulid()),
                ]
            )
            return clean(text, fmt="env", name=".env.production")
        if form == 5:
            c = pick(
                'curl -s -u "$PAYPAL_CLIENT_ID:$PAYPAL_CLIENT_SECRET" -d grant_type=client_credentials https://api-m.paypal.com/v1/oauth2/token',
                'curl -s https://api.mollie.com/v2/payments -H "Authorization: Bearer ${MOLLIE_API_KEY}"',
                "curl -s -u \"$RAZORPAY_KEY_ID:$RAZORPAY_KEY_SECRET\" 'https://api.razorpay.com/v1/payments?count=10'",
            )
            return clean(c, "cmd", "cmd", "scripts/payments.sh")
        if form == 6:
            text = (
                "# Adyen test cards (documented, test environment only)\n"
                "| Card number          | Expiry  | CVC |\n|----------------------|---------|-----|\n"
                "| 4111 1111 4555 1142  | 03/2030 | 737 |\n| 5555 3412 4444 1115  | 03/2030 | 737 |\n"
                f"\nTest merchant account: CorpECOM_TEST, client key test_{rs(32, UPPER + DIGITS)}\n"
            )
            return clean(text, fmt="md", name="docs/testing-payments.md")
        text = (
            "payments:\n  gocardless:\n    environment: live\n    access_token: ${GOCARDLESS_ACCESS_TOKEN}\n"
            f"    creditor_id: CR{rs(12, UPPER + DIGITS)}\n  mollie:\n    profile_id: pfl_{rs(10)}\n    api_key: ${{MOLLIE_API_KEY}}\n"
        )
        return clean(text, fmt="yaml", name="config/payments.yml")
    form = deal("payment_gateway/secret", 9)
    if form == 0:
        k = adyen_key()
        if R.random() < 0.5:
            text = env_file(
                [
                    ("ADYEN_API_KEY", k),
                    ("ADYEN_CLIENT_KEY", "live_" + rs(32, UPPER + DIGITS)),
                    ("ADYEN_MERCHANT_ACCOUNT", "CorpECOM"),
                    ("ADYEN_ENVIRONMENT", "LIVE"),
                ]
            )
            return item(text, [("adyen-api-key", k)], fmt="env", name=".env")
        text = f"adyen:\n  environment: LIVE\n  api-key: {k}\n  merchant-account: CorpECOM\n  live-endpoint-url-prefix: {rs(16, HEX)}-CorpECOM\n"
        return item(text, [("adyen-api-key", k)], fmt="yaml", name="src/main/resources/application.yml")
    if form == 1:
        k = adyen_key()
        c = f"curl -s https://checkout-test.adyen.com/v71/paymentMethods -H 'x-API-key: {k}' -H 'content-type: application/json' -d '{{\"merchantAccount\": \"CorpECOM\"}}'"
        return cmd(c, [("adyen-api-key", k)])
    if form == 2:
        h = rs(64, UHEX)
        text = env_file([("ADYEN_MERCHANT_ACCOUNT", "CorpECOM"), ("ADYEN_HMAC_KEY", h), ("ADYEN_WEBHOOK_USER", "adyen-webhooks")])
        return item(text, [("adyen-hmac-key", h)], fmt="env", name=".env")
    if form == 3:
        cid, sec = "A" + rs(79, URLSAFE), "E" + rs(79, URLSAFE)
        if R.random() < 0.5:
            return item(
                env_file([("PAYPAL_MODE", "live"), ("PAYPAL_CLIENT_ID", cid), ("PAYPAL_CLIENT_SECRET", sec)]),
                [("paypal-client-secret", sec)],
                fmt="env",
                name=".env",
            )
        c = f'curl -s https://api-m.paypal.com/v1/oauth2/token -u "{cid}:{sec}" -d grant_type=client_credentials'
        return cmd(c, [("paypal-client-secret", sec)])
    if form == 4:
        t = "A21AA" + rs(92, URLSAFE)
        c = f'curl -s https://api-m.paypal.com/v2/checkout/orders/{rs(17, UPPER + DIGITS)} -H "Authorization: Bearer {t}"'
        return cmd(c, [("paypal-access-token", t)])
    if form == 5:
        kid, sec = "rzp_live_" + rs(14), rs(24)
        if R.random() < 0.5:
            text = f'import razorpay\n\nclient = razorpay.Client(auth=("{kid}", "{sec}"))\norder = client.order.create({{"amount": 49900, "currency": "INR"}})\n'
            return item(text, [("razorpay-key-secret", sec)], fmt="py", name="payments/razorpay_client.py")
        return cmd(f"curl -s -u {kid}:{sec} 'https://api.razorpay.com/v1/payments?count=10'", [("razorpay-key-secret", sec)])
    if form == 6:
        k = pick("live_", "test_") + rs(30)
        text = (
            "<?php\n\nuse Mollie\\Api\\MollieApiClient;\n\n$mollie = new MollieApiClient();\n"
            f'$mollie->setApiKey("{k}");\n$payment = $mollie->payments->get($_POST["id"]);\n'
        )
        return item(text, [("mollie-api-key", k)], fmt="php", name="webhook.php")
    if form == 7:
        ul = paddle_ulid()
        if R.random() < 0.6:
            k = f"pdl_live_apikey_{ul}_{rs(22)}_{rs(3)}"
            text = env_file([("PADDLE_ENVIRONMENT", "production"), ("PADDLE_API_KEY", k), ("NEXT_PUBLIC_PADDLE_CLIENT_TOKEN", "live_" + rs(27, HEX))])
            return item(text, [("paddle-api-key", k)], fmt="env", name=".env.production")
        k = f"pdl_ntfset_{ul}_{rs(32)}"
        return item(
            env_file([("PADDLE_WEBHOOK_SECRET", k), ("PADDLE_ENVIRONMENT", "production")]),
            [("paddle-webhook-secret", k)],
            fmt="env",
            name=".env.production",
        )
    t = "live_" + rs(40, URLSAFE)
    text = f'require "gocardless_pro"\n\nclient = GoCardlessPro::Client.new(\n  access_token: "{t}",\n  environment: :live\n)\nputs client.creditors.list.records.map(&:id)\n'
    return item(text, [("gocardless-access-token", t)], fmt="rb", name="lib/payments.rb")


# ---------------------------------------------------------------- kind: messaging-api


def messaging_api(is_clean):
    """E-mail, SMS and push APIs the earlier rounds lack: Postmark, Vonage, Plivo, MessageBird, Resend, SparkPost, Mailjet, Telnyx, Pushover."""
    if is_clean:
        form = deal("messaging_api/clean", 8)
        if form == 0:
            text = "# Postmark's documented test token: accepted by the API, sends nothing\npostmark:\n  server_token: POSTMARK_API_TEST\n  message_stream: outbound\n"
            return clean(text, fmt="yaml", name="config/mail.yml")
        if form == 1:
            doc = {"To": "ops@corp.example", "SubmittedAt": "2026-05-04T10:11:12.3456789Z", "MessageID": uuid4(), "ErrorCode": 0, "Message": "OK"}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="postmark-response.json")
        if form == 2:
            text = env_file([("VONAGE_API_KEY", rs(8, HEX)), ("VONAGE_API_SECRET", "${VONAGE_API_SECRET}"), ("VONAGE_FROM", "Corp")])
            return clean(text, fmt="env", name=".env")
        if form == 3:
            doc = {
                "message-count": "1",
                "messages": [
                    {
                        "to": "447700900000",
                        "message-id": rs(8, HEX) + "-" + rs(4, HEX) + "-" + rs(4, HEX) + "-" + rs(4, HEX) + "-" + rs(12, HEX),
                        "status": "0",
                        "remaining-balance": "12.4503",
                        "message-price": "0.0333",
                        "network": "23410",
                    }
                ],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="sms-response.json")
        if form == 4:
            text = (
                "import os\nimport plivo\n\n"
                f'client = plivo.RestClient("MA{rs(18, UPPER + DIGITS)}", os.environ["PLIVO_AUTH_TOKEN"])\n'
                'client.messages.create(src="+14155550100", dst="+14155550199", text="deploy done")\n'
            )
            return clean(text, fmt="py", name="notify.py")
        if form == 5:
            text = (
                "import { Resend } from 'resend';\n\n// docs example key below; the real one comes from the environment\n"
                "// const resend = new Resend('re_123456789');\nconst resend = new Resend(process.env.RESEND_API_KEY);\n"
                f"console.log(await resend.emails.get('{uuid4()}'));\n"
            )
            return clean(text, fmt="js", name="mail.mjs")
        if form == 6:
            text = env_file([("MJ_APIKEY_PUBLIC", rs(32, HEX)), ("MJ_APIKEY_PRIVATE", "<redacted>"), ("MJ_SENDER", "noreply@corp.example")])
            return clean(text, fmt="env", name=".env")
        doc = {"results": {"total_rejected_recipients": 0, "total_accepted_recipients": 1, "id": str(R.randint(10**17, 10**18))}}
        if R.random() < 0.5:
            doc = {
                "data": {
                    "record_type": "message",
                    "id": uuid4(),
                    "messaging_profile_id": uuid4(),
                    "to": [{"phone_number": "+14155550199", "status": "queued"}],
                }
            }
        return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="send-response.json")
    form = deal("messaging_api/secret", 9)
    if form == 0:
        t = uuid4()
        if R.random() < 0.5:
            c = (
                'curl -s https://api.postmarkapp.com/email -X POST -H "Accept: application/json" -H "Content-Type: application/json" '
                f'-H "X-Postmark-Server-Token: {t}" -d \'{{"From": "ops@corp.example", "To": "dev@corp.example", "Subject": "test", "TextBody": "hi"}}\''
            )
            return cmd(c, [("postmark-server-token", t)], "scripts/mail-test.sh")
        text = f'Rails.application.configure do\n  config.action_mailer.delivery_method = :postmark\n  config.action_mailer.postmark_settings = {{ api_token: "{t}" }}\nend\n'
        return item(text, [("postmark-server-token", t)], fmt="rb", name="config/environments/production.rb")
    if form == 1:
        k, s = rs(8, HEX), rs(16)
        if R.random() < 0.5:
            text = f'import vonage\n\nclient = vonage.Client(key="{k}", secret="{s}")\nsms = vonage.Sms(client)\nsms.send_message({{"from": "Corp", "to": "447700900000", "text": "deploy done"}})\n'
            return item(text, [("vonage-api-secret", s)], fmt="py", name="notify.py")
        return cmd(
            f"curl -s 'https://rest.nexmo.com/sms/json?api_key={k}&api_secret={s}&from=Corp&to=447700900000&text=deploy+done'",
            [("vonage-api-secret", s)],
        )
    if form == 2:
        t = rs(40)
        return item(
            env_file([("PLIVO_AUTH_ID", "MA" + rs(18, UPPER + DIGITS)), ("PLIVO_AUTH_TOKEN", t), ("PLIVO_SRC", "+14155550100")]),
            [("plivo-auth-token", t)],
            fmt="env",
            name=".env",
        )
    if form == 3:
        t = rs(25)
        text = f"import messagebird\n\nclient = messagebird.Client('{t}')\nmsg = client.message_create('Corp', '+31612345678', 'deploy done')\nprint(msg.id)\n"
        return item(text, [("messagebird-access-key", t)], fmt="py", name="notify.py")
    if form == 4:
        t = f"re_{rs(8)}_{rs(24)}"
        if R.random() < 0.5:
            return item(
                env_file([("RESEND_API_KEY", t), ("MAIL_FROM", "Corp <noreply@corp.example>")]), [("resend-api-key", t)], fmt="env", name=".env.local"
            )
        return cmd(
            f'curl -s -X POST https://api.resend.com/emails -H "Authorization: Bearer {t}" -H "Content-Type: application/json" -d \'{{"from": "noreply@corp.example", "to": "dev@corp.example", "subject": "hi", "text": "hi"}}\'',
            [("resend-api-key", t)],
        )
    if form == 5:
        t = rs(40, HEX)
        return cmd(
            f'curl -s https://api.sparkpost.com/api/v1/transmissions -H "Authorization: {t}" -H "Content-Type: application/json" -d @mail.json',
            [("sparkpost-api-key", t)],
        )
    if form == 6:
        pub, priv = rs(32, HEX), rs(32, HEX)
        if R.random() < 0.5:
            return item(
                env_file([("MJ_APIKEY_PUBLIC", pub), ("MJ_APIKEY_PRIVATE", priv), ("MJ_SENDER", "noreply@corp.example")]),
                [("mailjet-secret-key", priv)],
                fmt="env",
                name=".env",
            )
        return cmd(
            f'curl -s -X POST -u "{pub}:{priv}" https://api.mailjet.com/v3.1/send -H "Content-Type: application/json" -d @message.json',
            [("mailjet-secret-key", priv)],
        )
    if form == 7:
        t = f"KEY{rs(32, UHEX)}_{rs(22)}"
        return cmd(
            f'curl -s -X POST https://api.telnyx.com/v2/messages -H "Authorization: Bearer {t}" -H "Content-Type: application/json" -d @sms.json',
            [("telnyx-api-key", t)],
        )
    t = "a" + rs(29, LOWER + DIGITS)
    c = f'curl -s --form-string "token={t}" --form-string "user=$PUSHOVER_USER" --form-string "message=deploy done" https://api.pushover.net/1/messages.json'
    return cmd(c, [("pushover-app-token", t)])


# ---------------------------------------------------------------- kind: warehouse-connectors


def sf_account():
    return pick(f"{rs(2, LOWER)}{R.randint(10000, 99999)}.eu-central-1", "corp-analytics", f"{rs(2, LOWER)}{R.randint(10000, 99999)}.us-east-2.aws")


def warehouse_connectors(is_clean):
    """Data-warehouse and pipeline credentials: dbt, Snowflake, MotherDuck, Fivetran, Airflow, Looker, Trino."""
    if is_clean:
        form = deal("warehouse_connectors/clean", 8)
        if form == 0:
            text = (
                "analytics:\n  target: prod\n  outputs:\n    prod:\n      type: postgres\n      host: warehouse.corp.example\n      user: dbt\n"
                "      password: \"{{ env_var('DBT_ENV_SECRET_PASSWORD') }}\"\n      port: 5432\n      dbname: analytics\n      schema: marts\n      threads: 8\n"
            )
            return clean(text, fmt="yaml", name="/home/dev/.dbt/profiles.yml")
        if form == 1:
            text = f'[default]\naccount = "{sf_account()}"\nuser = "DEV@CORP.EXAMPLE"\nauthenticator = "externalbrowser"\nwarehouse = "COMPUTE_WH"\nrole = "ANALYST"\n'
            if R.random() < 0.5:
                text = f'[etl]\naccount = "{sf_account()}"\nuser = "ETL_SVC"\nauthenticator = "SNOWFLAKE_JWT"\nprivate_key_file = "/home/dev/.ssh/snowflake_rsa_key.p8"\nwarehouse = "LOAD_WH"\n'
            return clean(text, fmt="toml", name="/home/dev/.snowflake/connections.toml")
        if form == 2:
            qid = f"01{rs(6, HEX)}-{rs(4, HEX)}-{rs(4, HEX)}-0000-{rs(12, HEX)}"
            text = (
                f"* SnowSQL * v1.3.{R.randint(0, 3)}\nType SQL statements or !help\n"
                "+-----------------+\n| CURRENT_VERSION |\n|-----------------|\n| 9.12.1          |\n+-----------------+\n"
                f"1 Row(s) produced. Time Elapsed: 0.112s\nquery id: {qid}\n"
            )
            return clean(text, name="snowsql.out")
        if form == 3:
            text = "[core]\ndags_folder = /opt/airflow/dags\nexecutor = CeleryExecutor\n# set through AIRFLOW__CORE__FERNET_KEY_CMD in production\nfernet_key =\nfernet_key_cmd = cat /run/secrets/airflow_fernet\n\n[webserver]\nsecret_key_cmd = cat /run/secrets/airflow_webserver\n"
            return clean(text, fmt="ini", name="/opt/airflow/airflow.cfg")
        if form == 4:
            text = f"[Looker]\nbase_url=https://corp.cloud.looker.com\nclient_id={rs(20)}\n# client_secret comes from LOOKERSDK_CLIENT_SECRET\nverify_ssl=True\ntimeout=120\n"
            return clean(text, fmt="ini", name="looker.ini")
        if form == 5:
            inv = uuid4()
            text = (
                f"10:11:12  Running with dbt=1.9.{R.randint(0, 4)}\n10:11:12  Registered adapter: snowflake=1.9.0\n"
                f"10:11:13  Found {R.randint(40, 300)} models, {R.randint(100, 900)} data tests, 12 sources, 1 exposure\n"
                f"10:11:13  Concurrency: 8 threads (target='prod')\n10:11:58  Completed successfully\n10:11:58  invocation_id: {inv}\n"
            )
            return clean(text, name="logs/dbt.log")
        if form == 6:
            doc = {
                "code": "Success",
                "data": {
                    "items": [
                        {
                            "id": pick("decent_dropsy", "shaky_rocket", "candid_badger"),
                            "service": "postgres",
                            "schema": "app_prod",
                            "paused": False,
                            "sync_frequency": 360,
                        }
                    ]
                },
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="connectors.json")
        return clean(
            pick(
                "trino --server https://trino.corp.example --user etl --password --catalog hive --schema prod",
                'snow connection add --connection-name prod --account corp-analytics --user ETL_SVC --authenticator SNOWFLAKE_JWT --private-key-file "$HOME/.ssh/snowflake_rsa_key.p8"',
                'duckdb "md:analytics?motherduck_token=$motherduck_token" -c "select 1"',
            ),
            "cmd",
            "cmd",
            "scripts/warehouse.sh",
        )
    form = deal("warehouse_connectors/secret", 9)
    if form == 0:
        p = password()
        typ = pick("postgres", "redshift", "snowflake")
        extra = (
            f"      account: {sf_account()}\n      user: DBT_SVC\n      password: {p}\n      role: TRANSFORMER\n      warehouse: TRANSFORM_WH\n      database: ANALYTICS\n"
            if typ == "snowflake"
            else f"      host: {pick('warehouse.corp.example', 'corp.abc123xyz.eu-west-1.redshift.amazonaws.com')}\n      user: dbt\n      password: {p}\n      port: {5432 if typ == 'postgres' else 5439}\n      dbname: analytics\n"
        )
        text = f"analytics:\n  target: prod\n  outputs:\n    prod:\n      type: {typ}\n{extra}      schema: marts\n      threads: 8\n"
        return item(text, [("dbt-password", p)], fmt="yaml", name="/home/dev/.dbt/profiles.yml")
    if form == 1:
        p = password()
        text = (
            "analytics:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n"
            f"      account: {sf_account()}\n      user: DBT_SVC\n      private_key_path: /home/dev/.ssh/snowflake_rsa_key.p8\n      private_key_passphrase: {p}\n"
            "      role: TRANSFORMER\n      warehouse: TRANSFORM_WH\n      database: ANALYTICS\n      schema: marts\n"
        )
        return item(text, [("snowflake-key-passphrase", p)], fmt="yaml", name="/home/dev/.dbt/profiles.yml")
    if form == 2:
        p = password()
        text = f'[default]\naccount = "{sf_account()}"\nuser = "ETL_SVC"\npassword = "{p}"\nwarehouse = "COMPUTE_WH"\nrole = "LOADER"\ndatabase = "RAW"\n'
        return item(text, [("snowflake-password", p)], fmt="toml", name="/home/dev/.snowflake/connections.toml")
    if form == 3:
        p = password()
        if R.random() < 0.5:
            c = f'SNOWSQL_PWD={shq(p)} snowsql -a {sf_account()} -u ETL_SVC -q "select current_version()"'
        else:
            c = f"snow connection add --connection-name prod --account {sf_account()} --user ETL_SVC --password {shq(p)} --warehouse COMPUTE_WH --no-interactive"
        return cmd(c, [("snowflake-password", p)])
    if form == 4:
        t = jwt(
            {"alg": "HS256", "typ": "JWT"},
            {"session": "etl.corp.example", "email": "etl@corp.example", "userId": uuid4(), "iat": ts_epoch(), "iss": "MotherDuck"},
        )
        if R.random() < 0.5:
            return cmd(f'duckdb "md:analytics?motherduck_token={t}" -c "select count(*) from events"', [("motherduck-token", t)])
        return item(env_file([("motherduck_token", t), ("MD_DATABASE", "analytics")]), [("motherduck-token", t)], fmt="env", name=".env")
    if form == 5:
        k, s = rs(16), rs(32)
        return cmd(f"curl -s -u {k}:{s} https://api.fivetran.com/v1/groups -H 'Accept: application/json;version=2'", [("fivetran-api-secret", s)])
    if form == 6:
        fk, sk = b64url(rbytes(32), pad=True), b64(rbytes(16))
        if R.random() < 0.5:
            text = f"[core]\ndags_folder = /opt/airflow/dags\nexecutor = CeleryExecutor\nfernet_key = {fk}\n\n[webserver]\nsecret_key = {sk}\nbase_url = https://airflow.corp.example\n"
            return item(text, [("airflow-fernet-key", fk), ("airflow-secret-key", sk)], fmt="ini", name="/opt/airflow/airflow.cfg")
        text = env_file([("AIRFLOW__CORE__EXECUTOR", "CeleryExecutor"), ("AIRFLOW__CORE__FERNET_KEY", fk), ("AIRFLOW__CORE__LOAD_EXAMPLES", "false")])
        return item(text, [("airflow-fernet-key", fk)], fmt="env", name="airflow.env")
    if form == 7:
        s = rs(24)
        text = f"[Looker]\nbase_url=https://corp.cloud.looker.com\nclient_id={rs(20)}\nclient_secret={s}\nverify_ssl=True\ntimeout=120\n"
        return item(text, [("looker-client-secret", s)], fmt="ini", name="looker.ini")
    p = password()
    return cmd(
        f"TRINO_PASSWORD={shq(p)} trino --server https://trino.corp.example --user etl --password --catalog hive --execute 'show schemas'",
        [("trino-password", p)],
    )


# ---------------------------------------------------------------- kind: secrets-manager-tokens

OP_ALPHA = "23456789ABCDEFGHJKLMNPQRSTVWXYZ"


def op_secret_key():
    return "A3-" + "-".join(rs(n, OP_ALPHA) for n in (6, 6, 5, 5, 5, 5, 5))


def op_service_account():
    claims = {
        "signInAddress": "corp.1password.com",
        "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000, "salt": b64url(rbytes(16))},
        "email": f"{rs(13, LOWER + DIGITS)}@1passwordserviceaccounts.com",
        "srpX": rs(64, HEX),
        "muk": {"alg": "A256GCM", "ext": False, "k": b64url(rbytes(32)), "key_ops": ["encrypt", "decrypt"], "kty": "oct", "kid": "mp"},
        "secretKey": op_secret_key(),
        "throttleSecret": {"seed": rs(64, HEX), "uuid": rs(26, UPPER + DIGITS)},
        "deviceUuid": rs(26, LOWER + DIGITS),
    }
    return "ops_" + b64url(json.dumps(claims, separators=(",", ":")).encode())


def op_connect_token():
    return jwt(
        {"alg": "ES256", "kid": rs(26, LOWER + DIGITS), "typ": "JWT"},
        {
            "1password.com/auuid": rs(26, UPPER + DIGITS),
            "1password.com/token": b64url(rbytes(24)),
            "1password.com/fts": ["vaultaccess"],
            "1password.com/vts": [{"u": rs(26, LOWER + DIGITS), "a": 49152}],
            "aud": ["com.1password.connect"],
            "sub": rs(26, UPPER + DIGITS),
            "iat": ts_epoch(),
            "iss": "com.1password.b5",
            "jti": rs(26, LOWER + DIGITS),
        },
        64,
    )


def secrets_manager_tokens(is_clean):
    """Access tokens of secret managers: 1Password, Infisical, Bitwarden, Akeyless, Conjur, Vault AppRole, Keeper."""
    if is_clean:
        form = deal("secrets_manager_tokens/clean", 8)
        if form == 0:
            text = "DATABASE_PASSWORD=op://Production/Postgres/password\nSTRIPE_KEY=op://Production/Stripe/credential\nREDIS_URL=op://Production/Redis/url\n"
            return clean(text, fmt="env", name=".env.tpl")
        if form == 1:
            return clean(
                pick(
                    "op run --env-file=.env.tpl -- ./scripts/start.sh",
                    'infisical run --env=prod --projectId "$INFISICAL_PROJECT_ID" -- npm start',
                    'bws secret list "$BWS_PROJECT_ID" --access-token "$BWS_ACCESS_TOKEN" --output table',
                    "akeyless auth --access-id p-" + rs(12, LOWER + DIGITS) + " --access-type aws_iam",
                ),
                "cmd",
                "cmd",
                "scripts/run.sh",
            )
        if form == 2:
            text = (
                'auto_auth {\n  method "approle" {\n    config = {\n'
                f'      role_id_file_path   = "/etc/vault-agent/role-id"\n      secret_id_file_path = "/etc/vault-agent/secret-id"\n'
                "      remove_secret_id_file_after_reading = true\n    }\n  }\n}\n"
                f"# role id {uuid4()} (an identifier, not a secret)\n"
            )
            return clean(text, fmt="hcl", name="/etc/vault-agent/agent.hcl")
        if form == 3:
            doc = {"workspaceId": rs(24, HEX), "defaultEnvironment": "dev", "gitBranchToEnvironmentMapping": None}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name=".infisical.json")
        if form == 4:
            doc = [
                {"id": uuid4(), "organizationId": uuid4(), "name": n, "creationDate": "2026-03-02T09:14:11Z", "revisionDate": "2026-04-11T16:02:45Z"}
                for n in ("billing", "platform")
            ]
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="bws-projects.json")
        if form == 5:
            text = (
                "URL:           https://corp.1password.com\nIntegration ID: " + rs(26, UPPER + DIGITS) + "\nUser Type:     SERVICE_ACCOUNT\n"
                "User ID:       " + rs(26, UPPER + DIGITS) + "\n"
            )
            return clean(text, name="op-whoami.txt")
        if form == 6:
            text = (
                "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: 1password/load-secrets-action@v2\n        with:\n          export-env: true\n"
                "        env:\n          OP_SERVICE_ACCOUNT_TOKEN: ${{ secrets.OP_SERVICE_ACCOUNT_TOKEN }}\n          DB_PASSWORD: op://Production/Postgres/password\n"
            )
            return clean(text, fmt="yaml", name=".github/workflows/deploy.yml")
        text = (
            "Key                   Value\n---                   -----\n"
            f"secret_id_accessor    {uuid4()}\nsecret_id_num_uses    0\nsecret_id_ttl         24h\n"
            "# secret_id itself was written to /etc/vault-agent/secret-id (-field=secret_id)\n"
        )
        return clean(text, name="vault-secret-id.out")
    form = deal("secrets_manager_tokens/secret", 9)
    if form == 0:
        t = op_service_account()
        if R.random() < 0.5:
            return cmd(
                f'OP_SERVICE_ACCOUNT_TOKEN={t} op item get "Prod DB" --vault Production --fields password --reveal',
                [("1password-service-account-token", t)],
            )
        return item(
            env_file([("OP_SERVICE_ACCOUNT_TOKEN", t), ("OP_VAULT", "Production")]), [("1password-service-account-token", t)], fmt="env", name=".env"
        )
    if form == 1:
        t = op_connect_token()
        text = (
            "services:\n  app:\n    image: registry.corp.example/app:latest\n    environment:\n"
            f"      OP_CONNECT_HOST: http://op-connect-api:8080\n      OP_CONNECT_TOKEN: {t}\n      OP_VAULT: {rs(26, LOWER + DIGITS)}\n"
        )
        return item(text, [("1password-connect-token", t)], fmt="yaml", name="docker-compose.yml")
    if form == 2:
        k = op_secret_key()
        return cmd(f"op account add --address corp.1password.com --email dev@corp.example --secret-key {k} --signin", [("1password-secret-key", k)])
    if form == 3:
        t = f"st.{rs(24, HEX)}.{rs(32, HEX)}.{rs(32, HEX)}"
        if R.random() < 0.5:
            return cmd(f"INFISICAL_TOKEN={t} infisical run --env=prod -- npm start", [("infisical-service-token", t)])
        return item(
            env_file([("INFISICAL_TOKEN", t), ("INFISICAL_API_URL", "https://app.infisical.com/api")]),
            [("infisical-service-token", t)],
            fmt="env",
            name=".env",
        )
    if form == 4:
        s = rs(64, HEX)
        return cmd(
            f"infisical login --method=universal-auth --client-id={uuid4()} --client-secret={s} --silent --plain", [("infisical-client-secret", s)]
        )
    if form == 5:
        t = f"0.{uuid4()}.{rs(30)}:{b64(rbytes(16))}"
        if R.random() < 0.5:
            return cmd(f"BWS_ACCESS_TOKEN={t} bws secret list {uuid4()} --output table", [("bitwarden-access-token", t)])
        return item(env_file([("BWS_ACCESS_TOKEN", t), ("BWS_PROJECT_ID", uuid4())]), [("bitwarden-access-token", t)], fmt="env", name=".env")
    if form == 6:
        k = b64(rbytes(32))
        return cmd(f"akeyless auth --access-id p-{rs(12, LOWER + DIGITS)} --access-key {k} --json", [("akeyless-access-key", k)])
    if form == 7:
        k = rs(52, LOWER + DIGITS)
        text = env_file(
            [
                ("CONJUR_APPLIANCE_URL", "https://conjur.corp.example"),
                ("CONJUR_ACCOUNT", "corp"),
                ("CONJUR_AUTHN_LOGIN", "host/billing/api"),
                ("CONJUR_AUTHN_API_KEY", k),
            ]
        )
        return item(text, [("conjur-api-key", k)], fmt="env", name="/etc/conjur/conjur.env")
    if R.random() < 0.5:
        s = uuid4()
        return cmd(f"vault write auth/approle/login role_id={uuid4()} secret_id={s}", [("vault-approle-secret-id", s)])
    t = "US:" + b64url(rbytes(32))
    return cmd(f"ksm profile init --token {t}", [("keeper-one-time-token", t)])


# ---------------------------------------------------------------- kind: home-iot (held out)


def ha_token():
    t = ts_epoch()
    return jwt({"alg": "HS256", "typ": "JWT"}, {"iss": rs(32, HEX), "iat": t, "exp": t + 315360000})


TUYA_CHARS = ALNUM + "!#%&()*+,-./:;<=>?@[]^_{}~"


def home_iot(is_clean):
    """Home automation and IoT: Home Assistant, ESPHome, Zigbee2MQTT, mosquitto bridges, Tuya, Hue, OctoPrint, Tasmota."""
    if is_clean:
        form = deal("home_iot/clean", 8)
        if form == 0:
            text = (
                "homeassistant:\n  name: Home\n  unit_system: metric\n\nrest_command:\n  notify_hub:\n    url: http://hub.local:8123/api/services/notify/all\n"
                "    headers:\n      authorization: !secret hub_token\nmqtt:\n  sensor:\n    - name: Kitchen temperature\n      state_topic: zigbee2mqtt/kitchen\n"
            )
            return clean(text, fmt="yaml", name="/config/configuration.yaml")
        if form == 1:
            text = (
                "esphome:\n  name: kitchen-plug\nesp32:\n  board: esp32dev\nwifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password\n"
                "api:\n  encryption:\n    key: !secret api_key\nota:\n  - platform: esphome\n    password: !secret ota_password\n"
            )
            return clean(text, fmt="yaml", name="esphome/kitchen-plug.yaml")
        if form == 2:
            text = (
                "homeassistant:\n  enabled: true\nmqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://10.0.0.5\n  user: z2m\n  password: '!secret password'\n"
                "serial:\n  port: /dev/ttyUSB0\nadvanced:\n  network_key: GENERATE\n  pan_id: GENERATE\n  ext_pan_id: GENERATE\n"
                f"devices:\n  '0x00158d000{rs(7, HEX)}':\n    friendly_name: kitchen\n"
            )
            return clean(text, fmt="yaml", name="/opt/zigbee2mqtt/data/configuration.yaml")
        if form == 3:
            doc = {
                "entity_id": "sensor.kitchen_temperature",
                "state": "21.4",
                "attributes": {"unit_of_measurement": "°C", "friendly_name": "Kitchen temperature"},
                "last_changed": "2026-05-04T10:11:12.345678+00:00",
                "context": {"id": "01J" + rs(23, UPPER + DIGITS), "parent_id": None, "user_id": rs(32, HEX)},
            }
            return clean(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", fmt="json", name="state.json")
        if form == 4:
            doc = [{"id": "001788fffe" + rs(6, HEX), "internalipaddress": "192.168.1.20", "port": 443}]
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="hue-discovery.json")
        if form == 5:
            doc = [
                {
                    "name": "Kitchen plug",
                    "id": "bf" + rs(20, HEX),
                    "key": "",
                    "mac": ":".join(rs(2, HEX) for _ in range(6)),
                    "ip": "10.0.0.41",
                    "version": "3.3",
                }
            ]
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="devices.json")
        if form == 6:
            return clean(
                pick(
                    'curl -s -H "Authorization: Bearer $HASS_TOKEN" http://homeassistant.local:8123/api/states/sensor.kitchen_temperature',
                    'mosquitto_sub -h 10.0.0.5 -u z2m -P "$MQTT_PASSWORD" -t "zigbee2mqtt/#" -C 5 -v',
                    'curl -s -H "X-Api-Key: $OCTOPRINT_API_KEY" http://octopi.local/api/job',
                ),
                "cmd",
                "cmd",
                "scripts/home.sh",
            )
        text = "connection cloud-bridge\naddress mqtt.corp.example:8883\nbridge_protocol_version mqttv311\nremote_clientid edge-01\nbridge_certfile /etc/mosquitto/certs/edge-01.crt\nbridge_keyfile /etc/mosquitto/certs/edge-01.key\nbridge_cafile /etc/mosquitto/certs/ca.crt\ntopic sensors/# out 1\n"
        return clean(text, fmt="conf", name="/etc/mosquitto/conf.d/bridge.conf")
    form = deal("home_iot/secret", 9)
    if form == 0:
        t = ha_token()
        text = f"hub_token: Bearer {t}\nwifi_ssid: IoT\nlatitude: 52.37\n"
        return item(text, [("home-assistant-token", t)], fmt="yaml", name="/config/secrets.yaml")
    if form == 1:
        t = ha_token()
        return cmd(
            f'curl -s -H "Authorization: Bearer {t}" -H "Content-Type: application/json" http://homeassistant.local:8123/api/states/sensor.kitchen_temperature',
            [("home-assistant-token", t)],
        )
    if form == 2:
        k, ota, wifi = b64(rbytes(32)), rs(32, HEX), password()
        text = (
            f"esphome:\n  name: kitchen-plug\nesp32:\n  board: esp32dev\nwifi:\n  ssid: IoT\n  password: {wifi}\n"
            f'api:\n  encryption:\n    key: "{k}"\nota:\n  - platform: esphome\n    password: "{ota}"\n'
        )
        return item(
            text, [("wifi-password", wifi), ("esphome-api-key", k), ("esphome-ota-password", ota)], fmt="yaml", name="esphome/kitchen-plug.yaml"
        )
    if form == 3:
        nk = "[" + ", ".join(str(R.randrange(256)) for _ in range(16)) + "]"
        p = password()
        text = (
            "homeassistant:\n  enabled: true\nmqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://10.0.0.5\n  user: z2m\n"
            f"  password: {p}\nserial:\n  port: /dev/ttyUSB0\nadvanced:\n  network_key: {nk}\n  pan_id: {R.randint(1000, 60000)}\n"
        )
        return item(text, [("mqtt-password", p), ("zigbee-network-key", nk)], fmt="yaml", name="/opt/zigbee2mqtt/data/configuration.yaml")
    if form == 4:
        p = password()
        text = f"connection cloud-bridge\naddress mqtt.corp.example:8883\nremote_clientid edge-01\nremote_username edge-01\nremote_password {p}\nbridge_cafile /etc/mosquitto/certs/ca.crt\ntopic sensors/# out 1\n"
        return item(text, [("mqtt-bridge-password", p)], fmt="conf", name="/etc/mosquitto/conf.d/bridge.conf")
    if form == 5:
        k = rs(16, TUYA_CHARS)
        doc = [
            {
                "name": "Kitchen plug",
                "id": "bf" + rs(20, HEX),
                "key": k,
                "mac": ":".join(rs(2, HEX) for _ in range(6)),
                "ip": "10.0.0.41",
                "version": "3.3",
            }
        ]
        return item(json.dumps(doc, indent=2) + "\n", [("tuya-local-key", k)], fmt="json", name="devices.json")
    if form == 6:
        k = rs(40, ALNUM + "-")
        if R.random() < 0.5:
            return cmd(f"curl -s http://192.168.1.20/api/{k}/lights", [("hue-application-key", k)])
        return cmd(f'curl -sk -H "hue-application-key: {k}" https://192.168.1.20/clip/v2/resource/light', [("hue-application-key", k)])
    if form == 7:
        k = rs(32, UHEX)
        return cmd(f'curl -s -H "X-Api-Key: {k}" http://octopi.local/api/job', [("octoprint-api-key", k)])
    p, w = password(), password()
    return cmd(
        f'mosquitto_pub -h 10.0.0.5 -t cmnd/plug-1/Backlog -m "MqttUser tasmota; MqttPassword {p}; WebPassword {w}"',
        [("tasmota-mqtt-password", p), ("tasmota-web-password", w)],
    )


# ---------------------------------------------------------------- kind: idp-client-secrets (held out)


def idp_client_secrets(is_clean):
    """Identity-provider and OIDC secrets: Keycloak, Auth0, Okta, oauth2-proxy, Dex, Authelia, JWT signing secrets."""
    if is_clean:
        form = deal("idp_client_secrets/clean", 8)
        if form == 0:
            base = pick("https://sso.corp.example/realms/corp", "https://corp.eu.auth0.com", "https://corp.okta.com/oauth2/default")
            doc = {
                "issuer": base,
                "authorization_endpoint": base + "/protocol/openid-connect/auth",
                "token_endpoint": base + "/protocol/openid-connect/token",
                "jwks_uri": base + "/protocol/openid-connect/certs",
                "response_types_supported": ["code", "id_token", "code id_token"],
                "code_challenge_methods_supported": ["plain", "S256"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "private_key_jwt"],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="openid-configuration.json")
        if form == 1:
            doc = {"keys": [{"kid": b64url(rbytes(32)), "kty": "RSA", "alg": "RS256", "use": "sig", "n": b64url(rbytes(256)), "e": "AQAB"}]}
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="jwks.json")
        if form == 2:
            doc = {
                "realm": "corp",
                "clients": [
                    {
                        "clientId": "grafana",
                        "enabled": True,
                        "clientAuthenticatorType": "client-secret",
                        "secret": "**********",
                        "publicClient": False,
                        "protocol": "openid-connect",
                    },
                    {
                        "clientId": "web-spa",
                        "enabled": True,
                        "publicClient": True,
                        "redirectUris": ["https://app.corp.example/*"],
                        "protocol": "openid-connect",
                    },
                ],
            }
            return clean(json.dumps(doc, indent=2) + "\n", fmt="json", name="realm-export.json")
        if form == 3:
            h = f"$pbkdf2-sha512$310000${rs(22, ALNUM + './')}${rs(86, ALNUM + './')}"
            text = (
                "identity_providers:\n  oidc:\n    clients:\n      - client_id: grafana\n        client_name: Grafana\n"
                f"        client_secret: '{h}'\n        public: false\n        authorization_policy: two_factor\n        redirect_uris:\n          - https://grafana.corp.example/login/generic_oauth\n"
            )
            return clean(text, fmt="yaml", name="/config/configuration.yml")
        if form == 4:
            text = (
                "import { Auth0Provider } from '@auth0/auth0-react';\n\n<Auth0Provider\n  domain=\"corp.eu.auth0.com\"\n"
                f'  clientId="{rs(32)}"\n  authorizationParams={{{{ redirect_uri: window.location.origin }}}}\n>\n  <App />\n</Auth0Provider>;\n'
            )
            return clean(text, fmt="js", name="src/main.jsx")
        if form == 5:
            url = (
                f"https://sso.corp.example/realms/corp/protocol/openid-connect/auth?client_id=web-spa&response_type=code&scope=openid%20profile"
                f"&redirect_uri=https%3A%2F%2Fapp.corp.example%2Fcallback&state={rs(32, URLSAFE)}&nonce={rs(32, URLSAFE)}&code_challenge={b64url(rbytes(32))}&code_challenge_method=S256"
            )
            return clean(f"Redirecting to {url}\n", name="login.log")
        if form == 6:
            text = env_file(
                [
                    ("AUTH0_ISSUER_BASE_URL", "https://corp.eu.auth0.com"),
                    ("AUTH0_CLIENT_ID", rs(32)),
                    ("AUTH0_CLIENT_SECRET", ""),
                    ("JWT_SECRET", "${JWT_SECRET}"),
                    ("OKTA_CLIENT_ID", "0oa" + rs(17)),
                ]
            )
            return clean(text, fmt="env", name=".env.example")
        return clean(
            pick(
                'kcadm.sh config credentials --server https://sso.corp.example --realm master --client admin-cli --secret "$KC_CLIENT_SECRET"',
                'curl -s -H "Authorization: SSWS ${OKTA_API_TOKEN}" "https://corp.okta.com/api/v1/users?limit=25"',
                "oauth2-proxy --config /etc/oauth2-proxy.cfg --client-secret-file /run/secrets/oidc-client-secret --cookie-secret-file /run/secrets/cookie-secret",
            ),
            "cmd",
            "cmd",
            "scripts/sso.sh",
        )
    form = deal("idp_client_secrets/secret", 9)
    if form == 0:
        s = rs(32)
        doc = {
            "realm": "corp",
            "enabled": True,
            "clients": [
                {
                    "clientId": pick("grafana", "argocd", "backend-api"),
                    "enabled": True,
                    "clientAuthenticatorType": "client-secret",
                    "secret": s,
                    "redirectUris": ["https://grafana.corp.example/*"],
                    "publicClient": False,
                    "protocol": "openid-connect",
                }
            ],
        }
        return item(json.dumps(doc, indent=2) + "\n", [("keycloak-client-secret", s)], fmt="json", name="realm-export.json")
    if form == 1:
        if R.random() < 0.5:
            s = rs(32)
            return cmd(
                f"kcadm.sh config credentials --server https://sso.corp.example --realm master --client admin-cli --secret {s}",
                [("keycloak-client-secret", s)],
            )
        p = password()
        return cmd(
            f"kcadm.sh config credentials --server https://sso.corp.example --realm master --user admin --password {shq(p)}",
            [("keycloak-admin-password", p)],
        )
    if form == 2:
        s, sess = rs(64, URLSAFE), rs(64, HEX)
        text = env_file(
            [
                ("AUTH0_SECRET", sess),
                ("AUTH0_BASE_URL", "http://localhost:3000"),
                ("AUTH0_ISSUER_BASE_URL", "https://corp.eu.auth0.com"),
                ("AUTH0_CLIENT_ID", rs(32)),
                ("AUTH0_CLIENT_SECRET", s),
            ]
        )
        return item(text, [("auth0-session-secret", sess), ("auth0-client-secret", s)], fmt="env", name=".env.local")
    if form == 3:
        cid, s = rs(32), rs(64, URLSAFE)
        c = (
            "curl -s --request POST --url https://corp.eu.auth0.com/oauth/token --header 'content-type: application/json' "
            f'--data \'{{"client_id":"{cid}","client_secret":"{s}","audience":"https://corp.eu.auth0.com/api/v2/","grant_type":"client_credentials"}}\''
        )
        return cmd(c, [("auth0-client-secret", s)])
    if form == 4:
        t = "00" + rs(40, URLSAFE)
        if R.random() < 0.5:
            return cmd(f'curl -s -H "Authorization: SSWS {t}" "https://corp.okta.com/api/v1/users?limit=25"', [("okta-api-token", t)])
        text = f"okta:\n  client:\n    orgUrl: https://corp.okta.com\n    token: {t}\n    connectionTimeout: 30\n"
        return item(text, [("okta-api-token", t)], fmt="yaml", name="/home/dev/.okta/okta.yaml")
    if form == 5:
        s, ck = rs(32), b64url(rbytes(32), pad=True)
        text = (
            'provider = "oidc"\noidc_issuer_url = "https://sso.corp.example/realms/corp"\nclient_id = "oauth2-proxy"\n'
            f'client_secret = "{s}"\ncookie_secret = "{ck}"\nemail_domains = ["corp.example"]\nupstreams = ["http://127.0.0.1:3000"]\n'
        )
        return item(text, [("oidc-client-secret", s), ("oauth2-proxy-cookie-secret", ck)], fmt="toml", name="/etc/oauth2-proxy.cfg")
    if form == 6:
        s = rs(32)
        text = (
            "issuer: https://dex.corp.example\nstorage:\n  type: kubernetes\n  config:\n    inCluster: true\nstaticClients:\n"
            f"  - id: argo-cd\n    name: Argo CD\n    secret: {s}\n    redirectURIs:\n      - https://argocd.corp.example/auth/callback\n"
        )
        return item(text, [("dex-client-secret", s)], fmt="yaml", name="dex/config.yaml")
    if form == 7:
        j, sess, enc = rs(64), rs(64), rs(64)
        text = (
            f"identity_validation:\n  reset_password:\n    jwt_secret: {j}\nsession:\n  secret: {sess}\n  cookies:\n    - domain: corp.example\n"
            f"      authelia_url: https://auth.corp.example\nstorage:\n  encryption_key: {enc}\n  local:\n    path: /config/db.sqlite3\n"
        )
        return item(
            text,
            [("authelia-jwt-secret", j), ("authelia-session-secret", sess), ("authelia-storage-key", enc)],
            fmt="yaml",
            name="/config/configuration.yml",
        )
    s = pick(rs(64, HEX), b64(rbytes(32)))
    if R.random() < 0.5:
        text = f'import jwt\n\ntoken = jwt.encode({{"sub": user_id, "role": "admin"}}, "{s}", algorithm="HS256")\n'
        return item(text, [("jwt-signing-secret", s)], fmt="py", name="auth/tokens.py")
    return item(
        env_file([("NODE_ENV", "production"), ("JWT_SECRET", s), ("JWT_EXPIRES_IN", "15m")]), [("jwt-signing-secret", s)], fmt="env", name=".env"
    )


# ---------------------------------------------------------------- kind: mobile-signing (held out)

P256_PKCS8_HEAD = bytes.fromhex("308193020100301306072a8648ce3d020106082a8648ce3d030107047930770201010420")
P256_PKCS8_MID = bytes.fromhex("a00a06082a8648ce3d030107a14403420004")


def p8_key_lines():
    """An App Store Connect `.p8` key: PKCS#8 of a P-256 private key, base64 in rows of 64."""
    der = P256_PKCS8_HEAD + rbytes(32) + P256_PKCS8_MID + rbytes(64)
    body = b64(der)
    return [body[i : i + 64] for i in range(0, len(body), 64)]


def app_specific_pw():
    return "-".join(rs(4, LOWER) for _ in range(4))


def apple_id10():
    return rs(10, UPPER + DIGITS)


def mobile_signing(is_clean):
    """Mobile app signing: Android keystores, fastlane / match, App Store Connect keys, app-specific passwords, keychains."""
    if is_clean:
        form = deal("mobile_signing/clean", 8)
        if form == 0:
            text = (
                'android {\n    signingConfigs {\n        create("release") {\n            storeFile = file("release.jks")\n'
                '            storePassword = System.getenv("KEYSTORE_PASSWORD")\n            keyAlias = "upload"\n            keyPassword = System.getenv("KEY_PASSWORD")\n'
                "        }\n    }\n}\n"
            )
            return clean(text, fmt="kts", name="android/app/build.gradle.kts")
        if form == 1:
            fp = lambda n: ":".join(rs(2, UHEX) for _ in range(n))  # noqa: E731
            text = (
                "Keystore type: PKCS12\nKeystore provider: SUN\n\nYour keystore contains 1 entry\n\nAlias name: upload\nCreation date: May 4, 2026\n"
                "Entry type: PrivateKeyEntry\nCertificate chain length: 1\nCertificate[1]:\nOwner: CN=Corp Mobile, O=Corp, C=DE\nIssuer: CN=Corp Mobile, O=Corp, C=DE\n"
                f"Serial number: {rs(16, HEX)}\nCertificate fingerprints:\n\t SHA1: {fp(20)}\n\t SHA256: {fp(32)}\nSignature algorithm name: SHA384withRSA\n"
            )
            return clean(text.replace("\t", "  "), name="keytool-list.txt")
        if form == 2:
            kid = apple_id10()
            text = (
                "default_platform(:ios)\n\nplatform :ios do\n  lane :beta do\n    api_key = app_store_connect_api_key(\n"
                f'      key_id: "{kid}",\n      issuer_id: "{uuid4()}",\n      key_filepath: "./AuthKey_{kid}.p8"\n    )\n'
                '    match(type: "appstore", readonly: true, api_key: api_key)\n    build_app(scheme: "Corp")\n    upload_to_testflight(api_key: api_key)\n  end\nend\n'
                '# MATCH_PASSWORD comes from ENV["MATCH_PASSWORD"]\n'
            )
            return clean(text, fmt="rb", name="fastlane/Fastfile")
        if form == 3:
            spki = b64(bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004") + rbytes(64))
            text = "-----BEGIN PUBLIC KEY-----\n" + spki[:64] + "\n" + spki[64:] + "\n-----END PUBLIC KEY-----\n"
            return clean(text, fmt="pem", name="keys/asc-public.pem")
        if form == 4:
            text = (
                'git_url("git@github.com:corp/certificates.git")\nstorage_mode("git")\ntype("appstore")\n'
                f'app_identifier(["com.corp.app", "com.corp.app.widget"])\nusername("dev@corp.example")\nteam_id("{apple_id10()}")\n'
            )
            return clean(text, fmt="rb", name="fastlane/Matchfile")
        if form == 5:
            text = (
                "Verifies\nVerified using v1 scheme (JAR signing): false\nVerified using v2 scheme (APK Signature Scheme v2): true\n"
                "Verified using v3 scheme (APK Signature Scheme v3): true\nNumber of signers: 1\n"
                "Signer #1 certificate DN: CN=Corp Mobile, O=Corp, C=DE\n"
                f"Signer #1 certificate SHA-256 digest: {rs(64, HEX)}\nSigner #1 certificate SHA-1 digest: {rs(40, HEX)}\nSigner #1 certificate MD5 digest: {rs(32, HEX)}\n"
            )
            return clean(text, name="apksigner-verify.txt")
        if form == 6:
            return clean(
                pick(
                    'security unlock-keychain -p "$KEYCHAIN_PASSWORD" build.keychain',
                    "apksigner sign --ks release.jks --ks-key-alias upload --ks-pass env:KEYSTORE_PASSWORD --key-pass env:KEY_PASSWORD app-release-unsigned.apk",
                    "xcrun altool --upload-app -f build/Corp.ipa -t ios --apiKey " + apple_id10() + " --apiIssuer " + uuid4(),
                ),
                "cmd",
                "cmd",
                "scripts/release.sh",
            )
        text = "storePassword=\nkeyPassword=\nkeyAlias=upload\nstoreFile=/home/dev/keys/upload-keystore.jks\n# passwords: ask the release manager, never commit them\n"
        return clean(text, fmt="properties", name="android/key.properties")
    form = deal("mobile_signing/secret", 9)
    if form == 0:
        sp = password()
        kp = sp if R.random() < 0.4 else password()
        text = f"storePassword={sp}\nkeyPassword={kp}\nkeyAlias=upload\nstoreFile=/home/dev/keys/upload-keystore.jks\n"
        secs = [("android-keystore-password", sp)] + ([] if kp == sp else [("android-key-password", kp)])
        return item(text, secs, fmt="properties", name="android/key.properties")
    if form == 1:
        sp, kp = password(), password()
        text = (
            'android {\n    signingConfigs {\n        create("release") {\n            storeFile = file("release.jks")\n'
            f'            storePassword = "{sp}"\n            keyAlias = "release"\n            keyPassword = "{kp}"\n        }}\n    }}\n}}\n'
        )
        return item(text, [("android-keystore-password", sp), ("android-key-password", kp)], fmt="kts", name="android/app/build.gradle.kts")
    if form == 2:
        sp = password()
        if R.random() < 0.5:
            c = f"apksigner sign --ks release.jks --ks-key-alias release --ks-pass pass:{shq(sp)} --out app-release.apk app-release-unsigned.apk"
        else:
            c = f"jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore release.jks -storepass {shq(sp)} app-release.aab release"
        return cmd(c, [("android-keystore-password", sp)], "scripts/sign.sh")
    if form == 3:
        mp, asp = password(), app_specific_pw()
        text = env_file(
            [
                ("MATCH_PASSWORD", mp),
                ("FASTLANE_USER", "dev@corp.example"),
                ("FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD", asp),
                ("FASTLANE_TEAM_ID", apple_id10()),
            ]
        )
        return item(text, [("fastlane-match-password", mp), ("apple-app-specific-password", asp)], fmt="env", name="fastlane/.env.default")
    if form in (4, 5):
        kid, ls = apple_id10(), p8_key_lines()
        pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(ls) + "\n-----END PRIVATE KEY-----"
        if form == 4:
            return item(pem + "\n", [("app-store-connect-key", pem, ls)], fmt="pem", name=f"AuthKey_{kid}.p8")
        esc = pem.replace("\n", "\\n")
        doc = json.dumps({"key_id": kid, "issuer_id": uuid4(), "key": pem, "duration": 1200, "in_house": False}, indent=2)
        assert esc in doc
        return item(doc + "\n", [("app-store-connect-key", esc, ls)], fmt="json", name="fastlane/api_key.json")
    if form == 6:
        kc, p12 = password(), password()
        c = f"security unlock-keychain -p {shq(kc)} build.keychain && security import dist.p12 -k build.keychain -P {shq(p12)} -T /usr/bin/codesign"
        return cmd(c, [("keychain-password", kc), ("p12-password", p12)], "scripts/ci-keychain.sh")
    if form == 7:
        asp = app_specific_pw()
        return cmd(
            f"xcrun altool --upload-app -f build/Corp.ipa -t ios -u dev@corp.example -p {asp}",
            [("apple-app-specific-password", asp)],
            "scripts/upload.sh",
        )
    p = password()
    text = env_file([("P12_PASSWORD", p), ("KEYCHAIN_NAME", "build.keychain"), ("PROVISIONING_PROFILE_SPECIFIER", "match AppStore com.corp.app")])
    return item(text, [("p12-password", p)], fmt="env", name="ios/.env.ci")


KINDS = {
    "ci-runner-tokens": ci_runner_tokens,
    "chat-bot-tokens": chat_bot_tokens,
    "payment-gateway": payment_gateway,
    "messaging-api": messaging_api,
    "warehouse-connectors": warehouse_connectors,
    "secrets-manager-tokens": secrets_manager_tokens,
    "home-iot": home_iot,
    "idp-client-secrets": idp_client_secrets,
    "mobile-signing": mobile_signing,
}


# ---------------------------------------------------------------- contexts
# Each context: render(item) -> (scope, tool, payload, piecer), piecer(atom) -> the atom's pieces as the context shows it.


# -- sql-result-grid


def psql_table(headers, rows, numeric, lay, wrap=None):
    """psql's aligned format (border 1): `+` marks a newline in a cell, `.` a wrap (`\\pset format wrapped`)."""
    cells = [[str(c).split("\n") for c in row] for row in rows]
    widths = [max([len(h)] + [len(ln) for row in cells for ln in row[i]]) for i, h in enumerate(headers)]
    if wrap:
        widths[-1] = min(widths[-1], wrap)
    out = ["|".join(" " + h.center(w) + " " for h, w in zip(headers, widths, strict=True)), "+".join("-" * (w + 2) for w in widths)]
    for row in cells:
        segs = []
        for i, lines_ in enumerate(row):
            col = []
            for j, ln in enumerate(lines_):
                w = widths[i] if (wrap and i == len(row) - 1) else None
                lay.add(ln, w)
                parts = rows_of(ln, w) if w else [ln]
                for k, p in enumerate(parts):
                    right = "." if k < len(parts) - 1 else ("+" if j < len(lines_) - 1 else " ")
                    col.append(("." if k > 0 else " ", p, right))
            segs.append(col)
        for k in range(max(len(c) for c in segs)):
            parts = []
            for i, col in enumerate(segs):
                left, p, right = col[k] if k < len(col) else (" ", "", " ")
                p = p.rjust(widths[i]) if i in numeric else p.ljust(widths[i])
                parts.append(left + p + right)
            out.append("|".join(parts).rstrip())
    n = len(rows)
    out.append(f"({n} row{'s' if n != 1 else ''})")
    return out


def psql_expanded(pairs, lay):
    label_w = max(len(k) for k, _ in pairs)
    vals = [(k, str(v).split("\n")) for k, v in pairs]
    val_w = max(len(ln) for _, ls in vals for ln in ls)
    out = ["-[ RECORD 1 ]" + "-" * max(label_w + val_w + 3 - 13, 4)]
    for k, ls in vals:
        for j, ln in enumerate(ls):
            lay.add(ln)
            lead = k.ljust(label_w) if j == 0 else " " * label_w
            out.append((f"{lead} | {ln.ljust(val_w)}+" if j < len(ls) - 1 else f"{lead} | {ln}").rstrip())
    return out


def mysql_box(headers, rows, numeric, lay):
    widths = [max([len(h)] + [len(str(r[i])) for r in rows]) for i, h in enumerate(headers)]
    bar = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    out = [bar, "| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |", bar]
    for r in rows:
        for c in r:
            lay.add(str(c))
        out.append(
            "| " + " | ".join(str(c).rjust(w) if i in numeric else str(c).ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))) + " |"
        )
    out.append(bar)
    return out


def sql_grid(it):
    """A SQL client's result grid holding the item: a cron table's command, a settings table's rows, a stored file's content."""
    lay = Layout()
    db = pick("app", "ops", "platform")
    psql_head = f"$ psql -h {pick('db.internal', 'pg-prod-1.corp.example')} -U {pick('app', 'ops')} -d {db} -c"
    mysql_head = f"$ mysql -h {pick('mysql-primary', 'db.internal')} -u ops -p {db} -e"
    pairs = env_pairs(it)
    if it["shape"] == "cmd":
        rows = [
            (R.randint(1, 9), "nightly-backup", "pg_dump -Fc app > /var/backups/app.dump"),
            (R.randint(10, 19), "rotate-logs", "logrotate -f /etc/logrotate.d/app"),
            (R.randint(20, 29), pick("deploy", "sync", "release"), it["text"]),
        ]
        R.shuffle(rows)
        rows.sort(key=lambda r: r[0])
        q = "SELECT id, name, command FROM cron_jobs WHERE enabled ORDER BY id;"
        if R.random() < 0.5:
            body = psql_table(["id", "name", "command"], rows, {0}, lay)
            t = f'{psql_head} "{q}"\n' + "\n".join(body) + "\n"
        else:
            body = mysql_box(["id", "name", "command"], rows, {0}, lay)
            t = f'{mysql_head} "{q}"\nEnter password: \n' + "\n".join(body) + f"\n{len(rows)} rows in set (0.00{R.randint(1, 9)} sec)\n"
        return "result", "terminal", t, lay.pieces
    if pairs is not None:
        q = f"SELECT key, value FROM app_settings WHERE service = '{pick('billing', 'api', 'worker')}' ORDER BY id;"
        if R.random() < 0.5:
            body = psql_table(["key", "value"], pairs, set(), lay)
            t = f'{psql_head} "{q}"\n' + "\n".join(body) + "\n"
        else:
            body = mysql_box(["key", "value"], pairs, set(), lay)
            t = f'{mysql_head} "{q}"\nEnter password: \n' + "\n".join(body) + f"\n{len(pairs)} rows in set (0.00{R.randint(1, 9)} sec)\n"
        return "result", "terminal", t, lay.pieces
    text = it["text"].rstrip("\n")
    rid = R.randint(100, 9000)
    q = f"SELECT id, path, content FROM config_snapshots WHERE host = '{pick('web01', 'api-2', 'worker-3')}' ORDER BY taken_at DESC LIMIT 1"
    style = R.randrange(4)
    if style == 0:
        body = psql_table(["id", "path", "content"], [(rid, it["name"], text)], {0}, lay)
        t = f'{psql_head} "{q};"\n' + "\n".join(body) + "\n"
    elif style == 1:
        body = psql_expanded([("id", rid), ("path", it["name"]), ("content", text)], lay)
        t = f'{psql_head} "{q};" -x\n' + "\n".join(body) + "\n\n"
    elif style == 2:
        wrap = pick(48, 60, 72)
        body = psql_table(["id", "path", "content"], [(rid, it["name"], text)], {0}, lay, wrap=wrap)
        t = (
            f"$ psql -h db.internal -U ops -d {db}\n{db}=> \\pset format wrapped\nOutput format is wrapped.\n{db}=> \\pset columns {wrap + len(it['name']) + 12}\n{db}=> {q};\n"
            + "\n".join(body)
            + "\n"
        )
    else:
        for ln in text.split("\n"):
            lay.add(ln)
        t = (
            f'{mysql_head} "{q}\\G"\nEnter password: \n'
            + "*" * 27
            + " 1. row "
            + "*" * 27
            + f"\n     id: {rid}\n   path: {it['name']}\ncontent: {text}\n1 row in set (0.00{R.randint(1, 9)} sec)\n"
        )
    return "result", "terminal", t, lay.pieces


# -- diff-side-by-side


def diff_side_by_side(it):
    """`diff -y -W N -t` of the example file and the real one: two columns, each cut at the half width."""
    new = file_lines(script_text(it))
    old = file_lines(template_of(it))
    if old == new:
        old = [*old, "# end"]
    name = it["name"] if it["shape"] != "cmd" else "deploy.sh"
    old_name = pick(f"{name}.example", f"{name}.orig", f"{name}.dist")
    needed = []
    for s in it["secrets"]:
        for a in s["atoms"]:
            for ln in new:
                if a in ln:
                    needed.append(ln.index(a) + (len(a) if len(a) <= 64 else 24))
    width = pick(130, 160, 200)
    while needed and max(needed) > (width - 3) // 2:
        width += 40
    half = (width - 3) // 2
    lay = Layout()
    out = []

    def side(ln):
        lay.add(ln, half, trunc=True)
        return ln[:half]

    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            for a, b in zip(old[i1:i2], new[j1:j2], strict=True):
                out.append((side(a).ljust(half) + "   " + side(b)).rstrip())
        elif op == "replace":
            la, lb = old[i1:i2], new[j1:j2]
            for k in range(max(len(la), len(lb))):
                if k < len(la) and k < len(lb):
                    out.append((side(la[k]).ljust(half) + " | " + side(lb[k])).rstrip())
                elif k < len(la):
                    out.append(side(la[k]).ljust(half) + " <")
                else:
                    out.append(" " * half + " > " + side(lb[k]))
        elif op == "delete":
            out += [side(a).ljust(half) + " <" for a in old[i1:i2]]
        else:
            out += [" " * half + " > " + side(b) for b in new[j1:j2]]
    t = f"$ diff -y -W {width} -t {old_name} {name}\n" + "\n".join(out) + "\n"
    return "result", "terminal", t, lay.pieces


# -- terraform-plan


def hcl_esc(s):
    return s.replace("${", "$${").replace("%{", "%%{")


def hcl_q(s):
    return '"' + hcl_esc(s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")) + '"'


def hcl_scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, (int, float)):
        return str(v)
    return hcl_q(v)


def hcl_entry(prefix, v, col):
    """Lines of one attribute in a plan's `jsonencode(...)`: its `+` sign stands at column `col`."""
    if isinstance(v, dict) and v:
        names = {k: (k if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", k) else hcl_q(k)) for k in v}
        w = max(len(n) for n in names.values())
        out = [prefix + "{"]
        for k in sorted(v):
            out += hcl_entry(" " * (col + 4) + "+ " + names[k].ljust(w) + " = ", v[k], col + 4)
        return [*out, " " * (col + 2) + "}"]
    if isinstance(v, list) and v:
        out = [prefix + "["]
        for x in v:
            sub = hcl_entry(" " * (col + 4) + "+ ", x, col + 4)
            sub[-1] += ","
            out += sub
        return [*out, " " * (col + 2) + "]"]
    if isinstance(v, (dict, list)):
        return [prefix + ("{}" if isinstance(v, dict) else "[]")]
    return [prefix + hcl_scalar(v)]


def tf_map(pairs, col, sign="+ ", old=None):
    """A plan's map attribute body: `"KEY" = "value"` rows aligned; with `old`, changed rows as `~ … -> …`."""
    w = max(len(hcl_q(k)) for k, _ in pairs)
    out = []
    for k, v in pairs:
        if old is not None and old.get(k) != v:
            out.append(" " * col + "~ " + hcl_q(k).ljust(w) + " = " + hcl_q(old[k]) + " -> " + hcl_q(v))
        elif old is not None:
            out.append(" " * col + "  " + hcl_q(k).ljust(w) + " = " + hcl_q(v))
        else:
            out.append(" " * col + sign + hcl_q(k).ljust(w) + " = " + hcl_q(v))
    return out


def terraform_plan(it):
    """`terraform plan` showing the item: a file's content (heredoc or `jsonencode(...)`), Lambda environment variables, a command in triggers."""
    res_name = pick("app", "billing", "worker", "edge")
    lines_ = []
    summary = "Plan: 1 to add, 0 to change, 0 to destroy."
    refresh = [
        "data.aws_caller_identity.current: Reading...",
        f"data.aws_caller_identity.current: Read complete after 0s [id={R.randint(10**11, 10**12 - 1)}]",
    ]
    pairs = env_pairs(it)
    doc = json_doc(it)
    if it["shape"] == "cmd":
        if R.random() < 0.5:
            lines_ += [
                f"  # terraform_data.{res_name}_deploy will be created",
                f'  + resource "terraform_data" "{res_name}_deploy" {{',
                "      + id     = (known after apply)",
                "      + input  = " + hcl_q(it["text"]),
                "      + output = (known after apply)",
                "    }",
            ]
        else:
            old_cmd = template_of(it).split("\n")[2]
            refresh.append(f"null_resource.{res_name}_deploy: Refreshing state... [id={R.randint(10**18, 9 * 10**18)}]")
            lines_ += [
                f"  # null_resource.{res_name}_deploy must be replaced",
                f'-/+ resource "null_resource" "{res_name}_deploy" {{',
                f'      ~ id       = "{R.randint(10**18, 9 * 10**18)}" -> (known after apply)',
                "      ~ triggers = { # forces replacement",
                *tf_map([("command", it["text"]), ("host", "web01")], 10, old={"command": old_cmd, "host": "web01"}),
                "        }",
                "    }",
            ]
            summary = "Plan: 1 to add, 0 to change, 1 to destroy."
    elif pairs is not None:
        fn = f"{res_name}-{pick('api', 'worker', 'cron')}"
        if R.random() < 0.5:
            lines_ += [
                f"  # aws_lambda_function.{res_name} will be created",
                f'  + resource "aws_lambda_function" "{res_name}" {{',
                "      + architectures                  = [",
                '          + "arm64",',
                "        ]",
                "      + arn                            = (known after apply)",
                f'      + function_name                  = "{fn}"',
                '      + handler                        = "main.handler"',
                '      + runtime                        = "python3.12"',
                "      + environment {",
                "          + variables = {",
                *tf_map(pairs, 14),
                "            }",
                "        }",
                "    }",
            ]
        else:
            old = dict(pairs)
            for s in it["secrets"]:
                for k, v in pairs:
                    if s["value"] in v:
                        old[k] = v.replace(s["value"], placeholder_for(s["kind"]))
            if not it["secrets"]:
                k0 = pairs[0][0]
                old[k0] = old[k0] + "-old" if old[k0] else "unset"
            refresh.append(f"aws_lambda_function.{res_name}: Refreshing state... [id={fn}]")
            lines_ += [
                f"  # aws_lambda_function.{res_name} will be updated in-place",
                f'  ~ resource "aws_lambda_function" "{res_name}" {{',
                f'        id                             = "{fn}"',
                f"        # ({R.randint(20, 30)} unchanged attributes hidden)",
                "",
                "      ~ environment {",
                "          ~ variables = {",
                *tf_map(pairs, 14, old=old),
                "            }",
                "        }",
                "    }",
            ]
            summary = "Plan: 0 to add, 1 to change, 0 to destroy."
    elif doc is not None:
        lines_ += [
            f"  # local_file.{res_name}_config will be created",
            f'  + resource "local_file" "{res_name}_config" {{',
            "      + content              = jsonencode(",
            *hcl_entry(" " * 12, doc, 10),
            "        )",
            "      + content_md5          = (known after apply)",
            '      + directory_permission = "0777"',
            '      + file_permission      = "0644"',
            f'      + filename             = "./rendered/{it["name"].rsplit("/", 1)[-1]}"',
            "      + id                   = (known after apply)",
            "    }",
        ]
    else:
        new = file_lines(it["text"])
        fname = it["name"].rsplit("/", 1)[-1]
        if R.random() < 0.5:
            res = pick("local_file", "kubernetes_config_map_v1")
            if res == "local_file":
                lines_ += [
                    f"  # local_file.{res_name}_config will be created",
                    f'  + resource "local_file" "{res_name}_config" {{',
                    "      + content              = <<-EOT",
                    *[("            " + hcl_esc(ln)).rstrip() for ln in new],
                    "        EOT",
                    "      + content_md5          = (known after apply)",
                    f'      + filename             = "./rendered/{fname}"',
                    "      + id                   = (known after apply)",
                    "    }",
                ]
            else:
                lines_ += [
                    f"  # kubernetes_config_map_v1.{res_name} will be created",
                    f'  + resource "kubernetes_config_map_v1" "{res_name}" {{',
                    "      + data = {",
                    f'          + "{fname}" = <<-EOT',
                    *[("                " + hcl_esc(ln)).rstrip() for ln in new],
                    "            EOT",
                    "        }",
                    "      + id   = (known after apply)",
                    "",
                    "      + metadata {",
                    "          + generation       = (known after apply)",
                    f'          + name             = "{res_name}-config"',
                    '          + namespace        = "default"',
                    "        }",
                    "    }",
                ]
        else:
            old = file_lines(template_of(it))
            body = []
            for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
                if op == "equal":
                    body += [("            " + hcl_esc(ln)).rstrip() for ln in new[j1:j2]]
                else:
                    body += ["          - " + hcl_esc(ln) for ln in old[i1:i2]]
                    body += ["          + " + hcl_esc(ln) for ln in new[j1:j2]]
            refresh.append(f"local_file.{res_name}_config: Refreshing state... [id={sha1hex()}]")
            lines_ += [
                f"  # local_file.{res_name}_config will be updated in-place",
                f'  ~ resource "local_file" "{res_name}_config" {{',
                "      ~ content              = <<-EOT",
                *body,
                "        EOT",
                f'      ~ content_md5          = "{rs(32, HEX)}" -> (known after apply)',
                f'        filename             = "./rendered/{fname}"',
                f'        id                   = "{sha1hex()}"',
                "        # (3 unchanged attributes hidden)",
                "    }",
            ]
            summary = "Plan: 0 to add, 1 to change, 0 to destroy."
    if R.random() < 0.4:
        lines_ += [
            "",
            f"  # aws_ssm_parameter.{res_name}_db_password will be created",
            f'  + resource "aws_ssm_parameter" "{res_name}_db_password" {{',
            "      + arn   = (known after apply)",
            f'      + name  = "/{res_name}/prod/db_password"',
            '      + type  = "SecureString"',
            "      + value = (sensitive value)",
            "    }",
        ]
        summary = summary.replace("Plan: 1 to add", "Plan: 2 to add").replace("Plan: 0 to add", "Plan: 1 to add")
    head = (
        "$ terraform plan -no-color\n"
        + "\n".join(refresh)
        + "\n\nTerraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:\n"
        + "  + create\n  ~ update in-place\n-/+ destroy and then create replacement\n\nTerraform will perform the following actions:\n\n"
    )
    t = head + "\n".join(lines_) + f"\n\n{summary}\n"
    return "result", "terminal", t, lambda a: [hcl_esc(a)]


# -- gha-run-log


def gha_run_log(it):
    """A GitHub Actions job log: `gh run view --log` (job, step, timestamp per line) or the raw log (BOM, timestamps)."""
    job = pick("deploy", "build", "release", "smoke-test")
    raw = R.random() < 0.35
    clock = [R.randint(0, 40 * 10**7)]

    def ts():
        clock[0] += R.randint(10**5, 2 * 10**7)
        sec, frac = divmod(clock[0], 10**7)
        return f"2026-05-04T10:{11 + sec // 60:02d}:{sec % 60:02d}.{frac:07d}Z"

    out = []

    def emit(step, line):
        out.append(f"{ts()} {line}" if raw else f"{job}\t{step}\t{ts()} {line}")

    for ln in [
        "Current runner version: '2.323.0'",
        "Operating System",
        "  Ubuntu",
        "  24.04.2",
        "  LTS",
        "Runner Image",
        "  Image: ubuntu-24.04",
        "Secret source: Actions",
    ]:
        emit("Set up job", ln)
    emit("Run actions/checkout@v4", "##[group]Run actions/checkout@v4")
    emit("Run actions/checkout@v4", f"  repository: {repo()}")
    emit("Run actions/checkout@v4", "  token: ***")
    emit("Run actions/checkout@v4", "##[endgroup]")
    emit("Run actions/checkout@v4", f"HEAD is now at {rs(7, HEX)} {pick('bump chart', 'fix typo', 'release 2.4.1')}")
    envs = [("REGISTRY", "ghcr.io"), (pick("DEPLOY_TOKEN", "AWS_SECRET_ACCESS_KEY", "NPM_TOKEN"), "***"), ("ENVIRONMENT", pick("prod", "staging"))]
    if it["shape"] == "cmd":
        step = pick("Deploy", "Run release script", "Notify")
        script = [it["text"]]
        output = pick(["done"], ["deployed in 12.4s"], ['{"ok": true}'], [])
    else:
        step = pick("Show rendered config", "Debug config", "Render settings")
        script = [f"cat {it['name']}"]
        output = file_lines(it["text"])
    emit(step, f"##[group]Run {script[0]}")
    for ln in script:
        emit(step, f"\x1b[36;1m{ln}\x1b[0m")
    emit(step, "shell: /usr/bin/bash -e {0}")
    emit(step, "env:")
    for k, v in envs:
        emit(step, f"  {k}: {v}")
    emit(step, "##[endgroup]")
    for ln in output:
        emit(step, ln)
    if R.random() < 0.3:
        emit(step, "##[error]Process completed with exit code 1.")
    emit("Post Run actions/checkout@v4", "Post job cleanup.")
    emit("Complete job", "Cleaning up orphan processes")
    if raw:
        t = f"$ gh api repos/{repo()}/actions/jobs/{R.randint(10**10, 4 * 10**10)}/logs\n\ufeff" + "\n".join(out) + "\n"
    else:
        t = f"$ gh run view {R.randint(10**10, 2 * 10**10)} --log --job {R.randint(10**10, 4 * 10**10)}\n" + "\n".join(out) + "\n"
    return "result", "terminal", t, whole


# -- scanner-report

RULES = {
    "gitlab-runner-token": "gitlab-runner-authentication-token",
    "github-runner-token": "generic-api-key",
    "discord-bot-token": "discord-api-token",
    "twitch-oauth-token": "twitch-api-token",
    "okta-api-token": "okta-access-token",
    "1password-service-account-token": "1password-service-account-token",
    "app-store-connect-key": "private-key",
    "adyen-api-key": "adyen-api-key",
    "paypal-client-secret": "generic-api-key",
    "postmark-server-token": "postmark-api-token",
    "mailjet-secret-key": "mailjet-api-key",
    "jwt-signing-secret": "jwt",
    "motherduck-token": "jwt",
    "home-assistant-token": "jwt",
}

DECOY = re.compile(r"[A-Za-z0-9_\-+/.~*]{16,}")


def findings(it):
    """(rule, secret, match, start line, end line) per credential; for a clean item, the scanner's false positive."""
    text = script_text(it)
    ls = text.split("\n")
    out = []
    for s in it["secrets"]:
        first = next(i for i, ln in enumerate(ls) if s["atoms"][0] in ln)
        last = next(i for i, ln in enumerate(ls) if s["atoms"][-1] in ln)
        if len(s["atoms"]) > 1:
            first -= 1 if first > 0 and "BEGIN" in ls[first - 1] else 0
            last += 1 if last + 1 < len(ls) and "END" in ls[last + 1] else 0
        match = "\n".join(ls[first : last + 1]).strip()
        out.append((RULES.get(s["kind"], "generic-api-key"), s["value"], match, first + 1, last + 1))
    if not it["secrets"]:
        cands = [(round(entropy(m.group()) * len(m.group()), 3), i, m.group()) for i, ln in enumerate(ls) for m in DECOY.finditer(ln)]
        if cands:
            _, i, tok = max(cands)
        else:
            i = next(i for i, ln in enumerate(ls) if ln.strip())
            tok = ls[i].strip()
        out.append(("generic-api-key", tok, ls[i].strip(), i + 1, i + 1))
    return out


def md_cell(s):
    return s.replace("|", "\\|").replace("\n", " ")


def scanner_report(it):
    """A secret scanner's report on the item: gitleaks (verbose text, JSON report), trufflehog JSON lines, SARIF, or a reply summing it up."""
    path = it["name"].lstrip("/") if it["shape"] != "cmd" else pick("scripts/deploy.sh", "home/dev/.bash_history")
    fs = findings(it)
    sha = sha1hex()
    style = R.randrange(5)
    if style == 0:
        blocks = []
        for rule, sec, match, a, _b in fs:
            blocks.append(
                f"Finding:     {match}\nSecret:      {sec}\nRuleID:      {rule}\nEntropy:     {entropy(sec):.6f}\nFile:        {path}\nLine:        {a}\n"
                f"Commit:      {sha}\nAuthor:      Dev Ops\nEmail:       dev@corp.example\nDate:        2026-05-04T10:11:12Z\nFingerprint: {sha}:{path}:{rule}:{a}\n"
            )
        t = (
            "$ gitleaks git -v --no-banner .\n"
            + "\n".join(blocks)
            + f"\n10:11AM INF {R.randint(20, 900)} commits scanned.\n10:11AM WRN leaks found: {len(fs)}\n"
        )
        return "result", "terminal", t, whole
    if style == 1:
        doc = [
            {
                "RuleID": rule,
                "Description": "Detected a secret"
                if rule != "private-key"
                else "Identified a Private Key, which may compromise cryptographic security and sensitive data encryption.",
                "StartLine": a,
                "EndLine": b,
                "StartColumn": 1,
                "EndColumn": len(match.split("\n")[-1]) + 1,
                "Line": match if a == b else "",
                "Match": match,
                "Secret": sec,
                "File": path,
                "SymlinkFile": "",
                "Commit": sha,
                "Entropy": round(entropy(sec), 6),
                "Author": "Dev Ops",
                "Email": "dev@corp.example",
                "Date": "2026-05-04T10:11:12Z",
                "Message": pick("add config", "wip", "deploy script"),
                "Tags": [],
                "Fingerprint": f"{sha}:{path}:{rule}:{a}",
            }
            for rule, sec, match, a, b in fs
        ]
        return "result", "terminal", json.dumps(doc, indent=1), whole
    if style == 2:
        rows = []
        for rule, sec, _match, a, _b in fs:
            det = rule.split("-")[0].capitalize()
            rows.append(
                json.dumps(
                    {
                        "SourceMetadata": {"Data": {"Filesystem": {"file": path, "line": a}}},
                        "SourceID": 1,
                        "SourceType": 15,
                        "SourceName": "trufflehog - filesystem",
                        "DetectorType": R.randint(1, 1000),
                        "DetectorName": det,
                        "DecoderName": "PLAIN",
                        "Verified": False,
                        "VerificationFromCache": False,
                        "Raw": sec,
                        "RawV2": "",
                        "Redacted": "",
                        "ExtraData": None,
                        "StructuredData": None,
                    }
                )
            )
        t = "$ trufflehog filesystem . --json --no-update\n" + "\n".join(rows) + "\n"
        return "result", "terminal", t, whole
    if style == 3:
        results = [
            {
                "message": {"text": f"{rule} has detected secret for file {path} at commit {sha}."},
                "ruleId": rule,
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": path},
                            "region": {
                                "startLine": a,
                                "startColumn": 1,
                                "endLine": b,
                                "endColumn": len(match.split("\n")[-1]) + 1,
                                "snippet": {"text": match},
                            },
                        }
                    }
                ],
                "partialFingerprints": {
                    "commitSha": sha,
                    "email": "dev@corp.example",
                    "author": "Dev Ops",
                    "date": "2026-05-04T10:11:12Z",
                    "commitMessage": "add config",
                },
            }
            for rule, _sec, match, a, b in fs
        ]
        doc = {
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {"driver": {"name": "gitleaks", "semanticVersion": "v8.24.0", "informationUri": "https://github.com/gitleaks/gitleaks"}},
                    "results": results,
                }
            ],
        }
        return "result", "read_file", json.dumps(doc, indent=2) + "\n", whole
    rows = ["| File | Line | Rule | Match |", "|---|---|---|---|"]
    for rule, _sec, match, a, _b in fs:
        rows.append(f"| `{path}` | {a} | {rule} | `{md_cell(match)}` |")
    if it["secrets"]:
        lead = f"gitleaks found {len(fs)} leak{'s' if len(fs) > 1 else ''} in `{repo()}`:\n\n"
        tail = (
            "\n\nThese look live. I'd rotate them first, then remove the file from history with `git filter-repo` and add the path to `.gitignore`.\n"
        )
    else:
        lead = f"gitleaks flagged one finding in `{repo()}`, and it is a false positive:\n\n"
        tail = f"\n\nThe value is not a credential, so I added the fingerprint `{sha}:{path}:{fs[0][0]}:{fs[0][3]}` to `.gitleaksignore`.\n"
    return "reply", "", lead + "\n".join(rows) + tail, whole


# -- java-properties-escaped


def props_escape(s, is_key=False):
    """`java.util.Properties.store`'s escaping (`saveConvert`): `\\=` `\\:` `\\#` `\\!`, C escapes, `\\uXXXX` beyond ASCII."""
    out = []
    for i, c in enumerate(s):
        o = ord(c)
        if 61 < o < 127:
            out.append("\\\\" if c == "\\" else c)
        elif c == " ":
            out.append("\\ " if i == 0 or is_key else " ")
        elif c in "\t\n\r\f":
            out.append({"\t": "\\t", "\n": "\\n", "\r": "\\r", "\f": "\\f"}[c])
        elif c in "=:#!":
            out.append("\\" + c)
        elif o < 0x20 or o > 0x7E:
            out.append(f"\\u{o:04X}")
        else:
            out.append(c)
    return "".join(out)


def java_properties(it):
    """The item inside a Java `.properties` file: written by `Properties.store` (escapes) or by hand (`\\` continuations)."""
    stored = R.random() < 0.55
    pairs = env_pairs(it)
    base = pick("deploy", "app", "sync")
    if it["shape"] == "cmd":
        props = [(f"{base}.host", "web01.corp.example"), (f"{base}.command", it["text"])]
    elif pairs is not None:
        props = [(f"{base}.env.{k}", v) for k, v in pairs]
    else:
        props = [(f"{base}.config.path", it["name"]), (f"{base}.config.content", it["text"])]
    props += [
        (f"{base}.description", pick("Zugangsdaten für Staging", "Configuración de producción", "Übersicht der Dienste")),
        (f"{base}.revision", str(R.randint(2, 90))),
    ]
    if stored:
        R.shuffle(props)
        body = [
            f"#{pick('Rendered by config-sync', 'Saved by DeployTool')}",
            f"#{pick('Mon', 'Tue', 'Wed')} May 0{R.randint(4, 6)} 10:11:{R.randint(10, 59)} UTC 2026",
        ]
        body += [props_escape(k, True) + "=" + props_escape(v) for k, v in props]
        text = "\n".join(body) + "\n"
        piecer = lambda a: [props_escape(a)]  # noqa: E731
    else:
        body = ["# Deployment settings (edited by hand, keep the continuations aligned)"]
        for k, v in props:
            v = (
                "".join(c if ord(c) < 0x7F else f"\\u{ord(c):04x}" for c in v).replace("\\", "\\\\")
                if "\\" in v
                else "".join(c if ord(c) < 0x7F else f"\\u{ord(c):04x}" for c in v)
            )
            if "\n" in v:
                ls = v.rstrip("\n").split("\n")
                body.append(f"{k}=" + ls[0] + "\\n\\")
                body += ["    " + ("\\ " + ln[1:] if ln.startswith(" ") else ln) + "\\n\\" for ln in ls[1:-1]]
                body.append("    " + ("\\ " + ls[-1][1:] if ls[-1].startswith(" ") else ls[-1]) + ("\\n" if len(ls) > 1 else ""))
            elif len(v) > 70 and " " in v:
                words, cur, rows = v.split(" "), "", []
                for w in words:
                    if cur and len(cur) + len(w) > 60:
                        rows.append(cur)
                        cur = w
                    else:
                        cur = f"{cur} {w}" if cur else w
                rows.append(cur)
                body.append(f"{k}={rows[0]} \\")
                body += [f"    {r} \\" for r in rows[1:-1]]
                body.append(f"    {rows[-1]}")
            else:
                body.append(f"{k}={v}")
        text = "\n".join(body) + "\n"
        piecer = whole
    path = pick("src/main/resources/deploy.properties", "conf/app.properties", "config/sync.properties")
    if R.random() < 0.6:
        return "args", "write_file", json.dumps({"path": path, "content": text}), piecer
    return "result", "read_file", text, piecer


# -- slack-blockkit-args


def slack_esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def slack_blockkit(it):
    """The agent posts the item to Slack with Block Kit: a rich_text preformatted block or a mrkdwn code span (`&amp;` `&lt;` `&gt;`)."""
    channel = "C0" + rs(9, UPPER + DIGITS)
    mrkdwn = R.random() < 0.45
    who = pick("web01", "build-02", "api-2")
    if it["shape"] == "cmd":
        if mrkdwn:
            blocks = [
                {"type": "section", "text": {"type": "mrkdwn", "text": f"Ran on *{who}*:\n`{slack_esc(it['text'])}`"}},
                {"type": "context", "elements": [{"type": "mrkdwn", "text": f"exit 0 · {R.randint(2, 90)}s"}]},
            ]
        else:
            blocks = [
                {
                    "type": "rich_text",
                    "elements": [
                        {
                            "type": "rich_text_section",
                            "elements": [
                                {"type": "text", "text": "I ran "},
                                {"type": "text", "text": it["text"], "style": {"code": True}},
                                {"type": "text", "text": f" on {who} and it exited 0."},
                            ],
                        }
                    ],
                }
            ]
        fallback = f"Ran a command on {who}"
    else:
        title = f"Current `{it['name']}` on {who}"
        if mrkdwn:
            blocks = [
                {
                    "type": "section",
                    "text": {"type": "mrkdwn", "text": f"*{title}* (for the incident thread)\n```{slack_esc(it['text'].rstrip(chr(10)))}```"},
                }
            ]
        else:
            blocks = [
                {"type": "section", "text": {"type": "mrkdwn", "text": f"*{title}* (for the incident thread)"}},
                {
                    "type": "rich_text",
                    "elements": [{"type": "rich_text_preformatted", "elements": [{"type": "text", "text": it["text"].rstrip("\n")}]}],
                },
            ]
        fallback = f"{it['name']} on {who}"
    args = {"channel": channel, "text": fallback, "blocks": blocks, "unfurl_links": False}
    if R.random() < 0.4:
        args["thread_ts"] = f"{ts_epoch()}.{rs(6, DIGITS)}"
    return "args", "slack_post_message", json.dumps(args), (lambda a: [slack_esc(a)]) if mrkdwn else whole


# -- tmux-screen (held out)


def right_pane_lines(n):
    kind = R.randrange(3)
    if kind == 0:
        head = ["Every 2.0s: kubectl get pods -n prod", "", "NAME                          READY   STATUS    RESTARTS   AGE"]
        return head + [
            f"{pick('api', 'worker', 'web')}-{rs(10, LOWER + DIGITS)}-{rs(5, LOWER + DIGITS)}".ljust(30)
            + f"1/1     Running   {R.randint(0, 3)}          {R.randint(1, 30)}d"
            for _ in range(n)
        ]
    if kind == 1:
        return [
            f'10.0.{R.randint(0, 9)}.{R.randint(2, 250)} - - [04/May/2026:10:{R.randint(10, 59)}:{R.randint(10, 59)} +0000] "GET {pick("/healthz", "/api/v1/orders", "/metrics", "/")} HTTP/1.1" {pick(200, 200, 304, 404)} {R.randint(2, 9000)} "-" "{pick("kube-probe/1.30", "curl/8.5.0", "Mozilla/5.0")}"'
            for _ in range(n)
        ]
    return ["  PID USER      PR  NI    VIRT    RES  %CPU %MEM     TIME+ COMMAND"] + [
        f"{R.randint(100, 60000):>5} {pick('app', 'root', 'postgres'):<9} 20   0 {R.randint(10**5, 10**7):>7} {R.randint(10**3, 10**6):>6} {R.randint(0, 99):>5}.{R.randint(0, 9)} {R.randint(0, 30):>4}.{R.randint(0, 9)}   {R.randint(0, 99)}:{R.randint(10, 59)}.{R.randint(10, 99)} {pick('python3', 'node', 'postgres', 'nginx')}"
        for _ in range(n)
    ]


def tmux_screen(it):
    """A tmux window's screen as a screen-reading terminal tool returns it: two panes side by side, each wrapping its own lines, the status bar below."""
    total = pick(160, 180, 200)
    left_w = pick(total // 2, (total * 3) // 5, (total * 2) // 5)
    right_w = total - left_w - 1
    item_left = R.random() < 0.6
    w = left_w if item_left else right_w
    host = pick("web01", "api-2", "build-02")
    prompt = f"dev@{host}:/srv/app$ "
    lay = Layout()
    logical = []
    if it["shape"] == "cmd":
        logical.append(prompt + it["text"])
        logical += pick([], ["done"], ["Login Succeeded"], ['{"ok":true}'])
    else:
        logical.append(prompt + f"cat {it['name']}")
        logical += file_lines(it["text"])
    logical.append(prompt)
    rows = []
    for ln in logical:
        lay.add(ln, w)
        rows += rows_of(ln, w)
    height = max(len(rows), 14)
    rows += [""] * (height - len(rows))
    other = [ln[: (right_w if item_left else left_w)] for ln in right_pane_lines(height)][:height]
    other += [""] * (height - len(other))
    lw, rw = left_w, right_w
    label_l, label_r = (" 0:bash ", " 1:watch ") if item_left else (" 0:watch ", " 1:bash ")
    top = ("─" + label_l).ljust(lw, "─")[:lw] + "┬" + ("─" + label_r).ljust(rw, "─")[:rw]
    screen = [top]
    for a, b in zip(rows if item_left else other, other if item_left else rows, strict=True):
        screen.append((a.ljust(lw) + "│" + b).rstrip())
    status = f"[{pick('main', 'ops', 'dev')}] 0:bash* 1:vim- 2:logs"
    right = f'"{host}" 10:{R.randint(10, 59)} 04-May-26'
    screen.append(status + right.rjust(total - len(status)))
    t = "\n".join(screen) + "\n"
    return "result", "terminal", t, lay.pieces


# -- php-dump (held out)


def php_str(s):
    return f'string({len(s.encode())}) "{s}"'


def var_dump(v, ind=0):
    pad = " " * ind
    if isinstance(v, (dict, list)):
        items = v.items() if isinstance(v, dict) else enumerate(v)
        s = f"array({len(v)}) {{\n"
        for k, x in items:
            key = f'"{k}"' if isinstance(k, str) else str(k)
            s += f"{pad}  [{key}]=>\n{pad}  " + var_dump(x, ind + 2) + "\n"
        return s + pad + "}"
    if isinstance(v, bool):
        return f"bool({'true' if v else 'false'})"
    if v is None:
        return "NULL"
    if isinstance(v, int):
        return f"int({v})"
    if isinstance(v, float):
        return f"float({v})"
    return php_str(v)


def print_r(v, ind=0):
    if isinstance(v, (dict, list)):
        items = v.items() if isinstance(v, dict) else enumerate(v)
        pad = " " * ind
        s = f"Array\n{pad}(\n"
        for k, x in items:
            s += (
                f"{pad}    [{k}] => "
                + (print_r(x, ind + 8) if isinstance(x, (dict, list)) else ("1" if x is True else "" if x in (False, None) else str(x)))
                + "\n"
            )
        return s + f"{pad})\n"
    return str(v)


def var_export(v, ind=0):
    pad = " " * ind
    if isinstance(v, (dict, list)):
        items = v.items() if isinstance(v, dict) else enumerate(v)
        s = "array (\n"
        for k, x in items:
            key = "'" + k + "'" if isinstance(k, str) else str(k)
            if isinstance(x, (dict, list)):
                s += f"{pad}  {key} => \n{pad}  " + var_export(x, ind + 2) + ",\n"
            else:
                s += f"{pad}  {key} => " + var_export(x, ind + 2) + ",\n"
        return s + pad + ")"
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "NULL"
    if isinstance(v, (int, float)):
        return str(v)
    return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'"


def php_dump(it):
    """PHP's dumps of the item: `var_dump`, `print_r`, `var_export`, Symfony VarDumper (`dd`, `dump`)."""
    src = pick("app/Console/Commands/Deploy.php", "scripts/debug.php", "app/Services/ConfigLoader.php")
    line = R.randint(12, 200)
    pairs = env_pairs(it)
    doc = json_doc(it)
    if it["shape"] == "cmd":
        if R.random() < 0.5:
            t = f'$ php artisan deploy:run --dry-run\n"{it["text"]}" // {src}:{line}\n'
        else:
            t = f"$ php {src} --dry-run\n" + php_str(it["text"]) + "\n"
    elif pairs is not None:
        env = [("APP_ENV", "production"), ("APP_DEBUG", "false"), *pairs]
        t = (
            "$ php -r 'require \"vendor/autoload.php\"; Dotenv\\Dotenv::createImmutable(__DIR__)->load(); var_dump($_ENV);'\n"
            + var_dump(dict(env))
            + "\n"
        )
    elif doc is not None:
        style = R.randrange(3)
        name = it["name"]
        if style == 0:
            t = f"$ php -r 'print_r(json_decode(file_get_contents(\"{name}\"), true));'\n" + print_r(doc)
        elif style == 1:
            t = f"$ php -r 'var_export(json_decode(file_get_contents(\"{name}\"), true));'\n" + var_export(doc) + "\n"
        else:
            t = f"$ php -r 'var_dump(json_decode(file_get_contents(\"{name}\"), true));'\n" + var_dump(doc) + "\n"
    else:
        name = it["name"]
        text = it["text"]
        style = R.randrange(4)
        if style == 0:
            ls = [ln + "\n" for ln in file_lines(text)]
            t = f"$ php -r 'var_dump(file(\"{name}\"));'\n" + var_dump(ls) + "\n"
        elif style == 1:
            ls = [ln + "\n" for ln in file_lines(text)]
            t = f"$ php -r 'print_r(file(\"{name}\"));'\n" + print_r(ls)
        elif style == 2:
            t = f"$ php -r 'var_dump(file_get_contents(\"{name}\"));'\n" + php_str(text) + "\n"
        else:
            body = "\n".join("  " + ln for ln in file_lines(text))
            t = f'$ php artisan config:show-file {name}\n"""\n{body}\n  """ // {src}:{line}\n'
    return "result", "terminal", t, whole


# -- reg-query (held out)


def reg_export_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def reg_query(it):
    """Windows `reg query` output (CRLF): a file as a REG_MULTI_SZ (`\\0` between lines), env values under HKCU\\Environment,
    a command under a Run key; or `reg export`'s `.reg` text."""
    pairs = env_pairs(it)
    prompt = "C:\\Users\\dev>"
    if it["shape"] == "cmd":
        key = pick("HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run", "HKLM\\SOFTWARE\\Corp\\Agent\\Jobs\\nightly")
        value = '"C:\\Program Files\\Git\\bin\\bash.exe" -lc "' + it["text"].replace('"', '\\"') + '"'
        vals = [("CorpSync" if "Run" in key else "Command", "REG_SZ", value)]
        if "Jobs" in key:
            vals += [("Schedule", "REG_SZ", "daily 02:00"), ("Enabled", "REG_DWORD", "0x1")]
    elif pairs is not None:
        key = "HKCU\\Environment"
        vals = [
            ("OneDrive", "REG_EXPAND_SZ", "C:\\Users\\dev\\OneDrive"),
            ("Path", "REG_EXPAND_SZ", "%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;"),
        ]
        vals += [(k, "REG_SZ", v) for k, v in pairs]
        vals += [("TEMP", "REG_EXPAND_SZ", "%USERPROFILE%\\AppData\\Local\\Temp")]
    else:
        key = pick("HKCU\\Software\\Corp\\Deploy", "HKLM\\SOFTWARE\\Corp\\Agent")
        ls = [ln for ln in file_lines(it["text"]) if ln]
        vals = [
            ("ConfigPath", "REG_SZ", "C:\\ProgramData\\Corp\\" + it["name"].rsplit("/", 1)[-1]),
            ("ConfigText", "REG_MULTI_SZ", "\\0".join(ls)),
            ("LastSync", "REG_SZ", f"2026-05-04 10:{R.randint(10, 59)}:{R.randint(10, 59)}"),
            ("Revision", "REG_DWORD", f"0x{R.randint(1, 200):x}"),
        ]
    full = key.replace("HKCU", "HKEY_CURRENT_USER").replace("HKLM", "HKEY_LOCAL_MACHINE")
    if R.random() < 0.3 and all(t in ("REG_SZ", "REG_DWORD") for _, t, _ in vals):
        body = ["Windows Registry Editor Version 5.00", "", f"[{full}]"]
        for n, typ, v in vals:
            body.append(f'"{n}"=' + (f"dword:{int(v, 16):08x}" if typ == "REG_DWORD" else reg_export_str(v)))
        lines_ = [f'{prompt}reg export "{key}" job.reg /y', "The operation completed successfully.", "", f"{prompt}type job.reg", *body, ""]
    else:
        lines_ = [f'{prompt}reg query "{key}"', "", full]
        lines_ += [f"    {n}    {typ}    {v}" for n, typ, v in vals]
        lines_ += ["", ""]
    return "result", "terminal", "\r\n".join(lines_), whole


CONTEXTS = {
    # dev
    "sql-result-grid": sql_grid,
    "diff-side-by-side": diff_side_by_side,
    "terraform-plan": terraform_plan,
    "gha-run-log": gha_run_log,
    "scanner-report": scanner_report,
    "java-properties-escaped": java_properties,
    "slack-blockkit-args": slack_blockkit,
    # held out
    "tmux-screen": tmux_screen,
    "php-dump": php_dump,
    "reg-query": reg_query,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r7", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
