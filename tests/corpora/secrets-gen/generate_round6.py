"""Round 6 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 5 have all been read. Round 6 was written blind, like round 5: its author saw the
scorer and the earlier generators (to reuse their helpers and keep away from their families),
never the rules, their example tables nor the notes that list misses. Its **kind families** are
credentials an agent meets and no round had: AI-provider keys of the second rank (DeepSeek,
Mistral, Cohere, Together, Fireworks, Voyage, ElevenLabs, Pinecone, Langfuse, Cerebras, W&B,
Azure OpenAI, OpenAI service-account and admin keys), package-registry credential files not yet
covered (composer `auth.json`, `.yarnrc.yml`, `pip.conf`, `.condarc`, bundler, Gradle, Poetry),
message-broker credentials (Kafka JAAS, kcat, NATS `.creds`, Pulsar, Service Bus, SQS broker
URLs, RabbitMQ definitions), cloud SDK files (OCI, Azure MSAL cache and service principals, AWS
SSO cache, Alibaba, doctl, gcloud config-helper, `ibmcloud login`), signed URLs (S3 presigned,
GCS V4, Azure SAS, CloudFront), observability keys (Datadog, PagerDuty, Honeycomb, Grafana Cloud,
New Relic, Splunk HEC, Elastic), and held out: crypto wallets (Ethereum keys, Bitcoin WIF and
xprv with their checksums, Solana keypairs) and VPN / tunnel configuration (OpenVPN inline keys
and `auth-user-pass`, WireGuard `PresharedKey`, ngrok, Tailscale, cloudflared). Its **context
families** are new containers: `strace` output (C-escaped `read`/`write`/`execve` strings), a
pytest `-vv` assertion diff, GitHub's API JSON of pull-request review comments (`diff_hunk`),
`curl --trace-ascii` (offset prefixes, rows of 64 bytes), `cat -A` / `sed -n l` (`$` at line
ends, `\\` wraps at 69), and held out: `/proc/<pid>/environ` and `cmdline` through `cat -v`
(`^@` separators), hex dumps (`xxd`, `hexdump -C`), PowerShell `Format-List` (aligned labels,
continuation indent, wrap at 120, CRLF).

Each kind has clean look-alikes of its own shapes (public keys and ids, hashes, trace ids,
addresses, documented test keys, env-var and file references, masked values).

The split (`SPLIT.md`, round 6) was committed before any measurement; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round6.py     # rewrites round6.jsonl beside this file

Same output format as `generate.py`.
"""

import base64
import hashlib
import json
import random
import shlex
import sys
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).parent))
import generate as g
from generate import ALNUM, DIGITS, HEX, LOWER, UPPER
from generate_round3 import lines, pick, rs, user, uuid
from generate_round5 import B64, URLSAFE, clean, item, jwt, pw, pw_bare, rand_bytes, rich_wrap

SEED = 1566
OUT = Path(__file__).with_name("round6.jsonl")

HELD_OUT_CONTEXTS = {"proc-nul", "hex-dump", "ps-format-list"}
HELD_OUT_KINDS = {"crypto-wallet", "vpn-tunnel"}

B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def b64s(b):
    return base64.b64encode(b).decode()


def b58(b):
    n = int.from_bytes(b, "big")
    out = ""
    while n:
        n, m = divmod(n, 58)
        out = B58[m] + out
    return "1" * (len(b) - len(b.lstrip(b"\0"))) + out


def b58check(b):
    return b58(b + hashlib.sha256(hashlib.sha256(b).digest()).digest()[:4])


def ghp():
    body = rs(30)
    return "ghp_" + body + g.b62_crc(body)


def npm_token():
    body = rs(30)
    return "npm_" + body + g.b62_crc(body)


def sha40():
    return rs(40, HEX)


def hexpairs(n):
    return ":".join(rs(2, HEX) for _ in range(n))


# ---------------------------------------------------------------- vendor values (formats as the vendors issue them)


def deepseek():
    return "sk-" + rs(32, HEX)


def openai_long(prefix):
    return prefix + rs(74, URLSAFE) + "T3BlbkFJ" + rs(74, URLSAFE)


def anthropic_oauth():
    return "sk-ant-oat01-" + rs(93, URLSAFE) + "AA"


def together():
    return pick("tgp_v1_" + rs(43, URLSAFE), rs(64, HEX))


def pinecone():
    return f"pcsk_{rs(5)}_{rs(63)}"


def azure_client_secret():
    return rs(3, ALNUM) + rs(1, DIGITS) + "Q~" + rs(34, ALNUM + "_.~-")


def nkey_seed():
    """A NATS user seed: base32 of the seed prefix, 32 random bytes and a CRC-16/XMODEM (little-endian)."""
    prefix_seed, prefix_user = 18 << 3, 20 << 3
    raw = bytes([prefix_seed | (prefix_user >> 5), (prefix_user & 31) << 3]) + rand_bytes(32)
    crc = 0
    for byte in raw:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return base64.b32encode(raw + crc.to_bytes(2, "little")).decode().rstrip("=")


def nkey_public(prefix):
    """A NATS public key (`U…` user, `A…` account, `O…` operator): public by design."""
    pb = {"U": 20 << 3, "A": 0, "O": 14 << 3}[prefix]
    raw = bytes([pb]) + rand_bytes(32)
    crc = 0
    for byte in raw:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return base64.b32encode(raw + crc.to_bytes(2, "little")).decode().rstrip("=")


def grafana_cloud():
    claims = {
        "o": str(g.r.randint(100000, 999999)),
        "n": f"stack-{g.r.randint(100000, 999999)}-otlp-write",
        "k": rs(24),
        "m": {"r": "prod-eu-west-2"},
    }
    return "glc_" + b64s(json.dumps(claims, separators=(",", ":")).encode())


def eth_key():
    return "0x" + rs(64, HEX)


def eth_addr():
    return "0x" + rs(40, HEX)


def wif():
    return b58check(b"\x80" + rand_bytes(32) + b"\x01")


def xkey(private):
    version = bytes.fromhex("0488ADE4" if private else "0488B21E")
    body = version + bytes([3]) + rand_bytes(4) + (0x80000000).to_bytes(4, "big") + rand_bytes(32)
    body += (b"\x00" + rand_bytes(32)) if private else (bytes([pick(2, 3)]) + rand_bytes(32))
    return b58check(body)


def ngrok():
    return "2" + rs(26) + "_" + rs(21)


def tailscale():
    return f"tskey-auth-k{rs(10)}CNTRL-{rs(33)}"


def wg_key():
    return b64s(rand_bytes(32))


def ovpn_static():
    return "\n".join(rs(32, HEX) for _ in range(16))


# ---------------------------------------------------------------- kinds


def ai_provider_more(is_clean):
    """AI-provider keys no earlier round had, where agents and their users put them."""
    if is_clean:
        return pick(
            lambda: clean(
                f"LANGFUSE_PUBLIC_KEY=pk-lf-{uuid()}\nLANGFUSE_SECRET_KEY=${{LANGFUSE_SECRET_KEY}}\nLANGFUSE_HOST=https://cloud.langfuse.com\n",
                lang="bash",
            ),
            lambda: clean(
                "model_list:\n  - model_name: deepseek-chat\n    litellm_params:\n      model: deepseek/deepseek-chat\n      api_key: os.environ/DEEPSEEK_API_KEY\n"
                + "  - model_name: mistral-large\n    litellm_params:\n      model: mistral/mistral-large-latest\n      api_key: os.environ/MISTRAL_API_KEY\n",
                lang="yaml",
            ),
            lambda: clean(
                'import os\nfrom elevenlabs.client import ElevenLabs\n\nclient = ElevenLabs(api_key=os.environ["ELEVENLABS_API_KEY"])\n'
                + f'audio = client.text_to_speech.convert(voice_id="21m00Tcm4TlvDq8ikWAM", model_id="eleven_multilingual_v2", text="Build {rs(7, HEX)} is green")\n',
                "code",
                "python",
            ),
            lambda: clean(
                f"wandb: Currently logged in as: {user()} ({pick('corp', 'ml-team')}). Use `wandb login --relogin` to force relogin\n"
                + f"wandb: Tracking run with wandb version 0.19.{g.r.randint(1, 9)}\nwandb: Run data is saved locally in /srv/app/wandb/run-20260504_101112-{rs(8, LOWER + DIGITS)}\n"
            ),
            lambda: clean(
                'curl https://api.mistral.ai/v1/chat/completions -H "Authorization: Bearer $MISTRAL_API_KEY" -H "Content-Type: application/json" '
                + '-d \'{"model": "mistral-small-latest", "messages": [{"role": "user", "content": "ping"}]}\'',
                "cmd",
                "bash",
            ),
            lambda: clean(
                f'{{"id": "chatcmpl-{rs(29)}", "object": "chat.completion", "model": "deepseek-chat", "system_fingerprint": "fp_{rs(10, HEX)}", "usage": {{"prompt_tokens": 12, "completion_tokens": 40}}}}\n',
                lang="json",
            ),
            lambda: clean(
                f"Pinecone index ready: host=https://docs-{rs(7, LOWER + DIGITS)}.svc.aped-{rs(4, DIGITS)}-{rs(4, HEX)}.pinecone.io dimension=1536 metric=cosine\n"
                + "PINECONE_API_KEY=pcsk_*****\n"
            ),
        )()
    form = g.r.randrange(8)
    if form == 0:
        v, kind, mod, cls = pick(
            (rs(32), "mistral-key", "mistralai", "Mistral"),
            (rs(40), "cohere-key", "cohere", "ClientV2"),
            (rs(40, HEX), "wandb-key", "wandb", "Api"),
        )
        if mod == "wandb":
            text = f'import wandb\n\nwandb.login(key="{v}")\nrun = wandb.init(project="agent-evals", config={{"lr": 3e-4}})\n'
        else:
            text = f'from {mod} import {cls}\n\nclient = {cls}(api_key="{v}")\nresp = client.chat(model="{pick("mistral-large-latest", "command-r-plus")}", messages=msgs)\n'
        return item(text, [(kind, v)], "code", "python")
    if form == 1:
        v, kind, var = pick(
            (deepseek(), "deepseek-key", "DEEPSEEK_API_KEY"),
            (together(), "together-key", "TOGETHER_API_KEY"),
            ("fw_" + rs(24), "fireworks-key", "FIREWORKS_API_KEY"),
            ("csk-" + rs(48, LOWER + DIGITS), "cerebras-key", "CEREBRAS_API_KEY"),
        )
        cmd = pick(
            f"export {var}={v} && python -m agent.eval --model {pick('deepseek-chat', 'llama-3.3-70b')}",
            f"{var}={v} uv run pytest tests/test_llm.py -k smoke",
            f"docker run --rm -e {var}={v} -p 8000:8000 ghcr.io/corp/agent:latest",
        )
        return item(cmd, [(kind, v)], "cmd", "bash")
    if form == 2:
        v, kind, model = pick(
            (deepseek(), "deepseek-key", "deepseek/deepseek-chat"),
            (rs(32), "mistral-key", "mistral/mistral-large-latest"),
            (together(), "together-key", "together_ai/meta-llama/Llama-3.3-70B-Instruct-Turbo"),
            (rs(32, HEX), "azure-openai-key", "azure/gpt-4o"),
        )
        extra = "      api_base: https://corp-eastus.openai.azure.com/\n      api_version: 2024-10-21\n" if model.startswith("azure") else ""
        text = f"model_list:\n  - model_name: main\n    litellm_params:\n      model: {model}\n      api_key: {v}\n{extra}general_settings:\n  master_key: os.environ/LITELLM_MASTER_KEY\n"
        return item(text, [(kind, v)], lang="yaml")
    if form == 3:
        v, kind, header, url = pick(
            ("sk_" + rs(48, HEX), "elevenlabs-key", "xi-api-key", "https://api.elevenlabs.io/v1/voices"),
            (
                rs(32, HEX),
                "azure-openai-key",
                "api-key",
                "https://corp-eastus.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21",
            ),
            ("pa-" + rs(43, URLSAFE), "voyage-key", "Authorization: Bearer", "https://api.voyageai.com/v1/embeddings"),
        )
        h = f"{header} {v}" if header.startswith("Authorization") else f"{header}: {v}"
        return item(f'curl -s "{url}" -H "{h}" -H "Content-Type: application/json"', [(kind, v)], "cmd", "bash")
    if form == 4:
        v = pinecone()
        text = f"import {{ Pinecone }} from '@pinecone-database/pinecone';\n\nconst pc = new Pinecone({{ apiKey: '{v}' }});\nconst index = pc.index('docs');\n"
        return item(text, [("pinecone-key", v)], "code", "js")
    if form == 5:
        s = f"sk-lf-{uuid()}"
        text = f"LANGFUSE_PUBLIC_KEY=pk-lf-{uuid()}\nLANGFUSE_SECRET_KEY={s}\nLANGFUSE_HOST=https://cloud.langfuse.com\n"
        return item(text, [("langfuse-secret", s)], lang="bash")
    if form == 6:
        v, kind = pick((openai_long("sk-svcacct-"), "openai-svcacct-key"), (openai_long("sk-admin-"), "openai-admin-key"))
        doc = {"openai": {"organization": "org-" + rs(24), "project": "proj_" + rs(24), "api_key": v}, "timeout_s": 60}
        return item(json.dumps(doc, indent=2), [(kind, v)], lang="json")
    v = anthropic_oauth()
    return item(f"claude setup-token done.\nexport CLAUDE_CODE_OAUTH_TOKEN={v}\n", [("anthropic-oauth-token", v)], lang="bash")


def registry_credfile(is_clean):
    """Package-registry credentials the earlier rounds lack: composer, yarn berry, pip, conda, bundler, Gradle, Poetry."""
    u = user()
    if is_clean:
        return pick(
            lambda: clean(json.dumps({"github-oauth": {}, "gitlab-token": {}, "http-basic": {}}, indent=4), lang="json"),
            lambda: clean(
                'nodeLinker: node-modules\nnpmScopes:\n  corp:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAlwaysAuth: true\n    npmAuthToken: "${NPM_TOKEN}"\n',
                lang="yaml",
            ),
            lambda: clean("[global]\nindex-url = https://pypi.corp.example/simple\ntrusted-host = pypi.corp.example\ntimeout = 60\n", lang="ini"),
            lambda: clean("channels:\n  - conda-forge\n  - defaults\nchannel_priority: strict\nssl_verify: true\n", lang="yaml"),
            lambda: clean('---\nBUNDLE_PATH: "vendor/bundle"\nBUNDLE_JOBS: "4"\nBUNDLE_DEPLOYMENT: "true"\n', lang="yaml"),
            lambda: clean(f"poetry config http-basic.corp {u}", "cmd", "bash"),
            lambda: clean(
                "artifactoryUser=ci\nartifactoryPassword=\norg.gradle.jvmargs=-Xmx2g\n# signing.password comes from ORG_GRADLE_PROJECT_signingPassword\n",
                lang="properties",
            ),
        )()
    form = g.r.randrange(8)
    if form == 0:
        v, kind, section = pick(
            (ghp(), "composer-github-oauth", "github-oauth"),
            ("glpat-" + rs(20, URLSAFE), "composer-gitlab-token", "gitlab-token"),
        )
        host_ = "github.com" if section == "github-oauth" else "gitlab.corp.example"
        return item(json.dumps({section: {host_: v}}, indent=4), [(kind, v)], lang="json")
    if form == 1:
        p = pick(pw(), "packagist_uut_" + rs(68, HEX))
        doc = {"http-basic": {"repo.packagist.com": {"username": pick("token", u), "password": p}}}
        return item(json.dumps(doc, indent=4), [("composer-http-basic", p)], lang="json")
    if form == 2:
        v, kind = pick((npm_token(), "yarnrc-npm-token"), (ghp(), "yarnrc-gh-token"))
        text = f'nodeLinker: node-modules\nnpmScopes:\n  corp:\n    npmRegistryServer: "https://npm.pkg.github.com"\n    npmAlwaysAuth: true\n    npmAuthToken: {v}\nyarnPath: .yarn/releases/yarn-4.5.0.cjs\n'
        return item(text, [(kind, v)], lang="yaml")
    if form == 3:
        p, kind = pick((pw_bare(), "pip-index-password"), ("gldt-" + rs(20, URLSAFE), "pip-deploy-token"))
        name = "__token__" if p.startswith("gldt-") else u
        text = f"[global]\nindex-url = https://pypi.org/simple\nextra-index-url = https://{name}:{p}@gitlab.corp.example/api/v4/projects/42/packages/pypi/simple\ntimeout = 60\n"
        return item(text, [(kind, p)], lang="ini")
    if form == 4:
        t = f"{rs(2, LOWER)}-{uuid()}"
        text = f"channels:\n  - https://conda.anaconda.org/t/{t}/corp\n  - conda-forge\nchannel_priority: strict\n"
        return item(text, [("conda-channel-token", t)], lang="yaml")
    if form == 5:
        p = pick(rs(8, HEX), ghp())
        text = pick(
            f'---\nBUNDLE_PATH: "vendor/bundle"\nBUNDLE_GEMS__CONTRIBSYS__COM: "{rs(8, HEX)}:{p}"\n',
            f'---\nBUNDLE_RUBYGEMS__PKG__GITHUB__COM: "{u}:{p}"\nBUNDLE_JOBS: "4"\n',
        )
        return item(text, [("bundler-credential", p)], lang="yaml")
    if form == 6:
        p, kind = pick((pw_bare(), "gradle-password"), ("AKCp" + rs(69), "artifactory-api-key"))
        text = f"artifactoryUser={u}\nartifactoryPassword={p}\norg.gradle.jvmargs=-Xmx2g\nsigning.keyId={rs(8, 'ABCDEF' + DIGITS)}\n"
        return item(text, [(kind, p)], lang="properties")
    p = pw_bare()
    return item(
        pick(f"poetry config http-basic.corp {u} {p}", f"POETRY_HTTP_BASIC_CORP_PASSWORD={p} poetry install --no-root"),
        [("poetry-password", p)],
        "cmd",
        "bash",
    )


def broker_creds(is_clean):
    """Message-broker credentials: Kafka JAAS and kcat, NATS `.creds`, Pulsar tokens, Service Bus, SQS broker URLs, RabbitMQ definitions."""
    u = user()
    if is_clean:
        return pick(
            lambda: clean(
                "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nconfig.providers=file\nconfig.providers.file.class=org.apache.kafka.common.config.provider.FileConfigProvider\n"
                + 'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${file:/etc/kafka/creds.properties:user}" password="${file:/etc/kafka/creds.properties:password}";\n',
                lang="properties",
            ),
            lambda: clean(
                f"kcat -b {pick('pkc-4r087.eu-west-1.aws.confluent.cloud', 'kafka.corp.example')}:9092 -X security.protocol=SASL_SSL -X sasl.mechanisms=PLAIN "
                + '-X sasl.username="$KAFKA_KEY" -X sasl.password="$KAFKA_SECRET" -L',
                "cmd",
                "bash",
            ),
            lambda: clean(
                "+------------------------------------------------------------+\n|                          Keys and Secrets                  |\n"
                + f"| Entity   | Key                                                       | Seed Stored |\n| operator | {nkey_public('O')} | *           |\n"
                + f"|  corp    | {nkey_public('A')} | *           |\n|   {u:<6} | {nkey_public('U')} | *           |\n"
            ),
            lambda: clean(
                json.dumps(
                    {
                        "users": [
                            {
                                "name": u,
                                "password_hash": b64s(rand_bytes(36)),
                                "hashing_algorithm": "rabbit_password_hashing_sha256",
                                "tags": ["administrator"],
                            }
                        ],
                        "vhosts": [{"name": "/"}],
                    },
                    indent=2,
                ),
                lang="json",
            ),
            lambda: clean(
                "webServiceUrl=https://pulsar.corp.example:8443/\nbrokerServiceUrl=pulsar+ssl://pulsar.corp.example:6651/\n"
                + "authPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\nauthParams=file:///etc/pulsar/token.jwt\n",
                lang="properties",
            ),
            lambda: clean(
                'SERVICEBUS_CONNECTION="Endpoint=sb://corp-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=<key>"\n',
                lang="bash",
            ),
        )()
    form = g.r.randrange(8)
    if form == 0:
        key, secret = rs(16, UPPER + DIGITS), rs(64, ALNUM + "+/")
        text = (
            "bootstrap.servers=pkc-4r087.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n"
            + f"sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='{key}' password='{secret}';\nclient.dns.lookup=use_all_dns_ips\n"
        )
        return item(text, [("kafka-jaas-secret", secret)], lang="properties")
    if form == 1:
        p = pw_bare()
        text = f'KafkaClient {{\n  org.apache.kafka.common.security.scram.ScramLoginModule required\n  username="{u}"\n  password="{p}";\n}};\n'
        return item(text, [("kafka-jaas-password", p)], lang="text")
    if form == 2:
        secret = rs(64, ALNUM + "+/")
        cmd = f"kcat -b pkc-4r087.eu-west-1.aws.confluent.cloud:9092 -X security.protocol=SASL_SSL -X sasl.mechanisms=PLAIN -X sasl.username={rs(16, UPPER + DIGITS)} -X sasl.password={secret} -t orders -C -c 5"
        return item(cmd, [("kcat-sasl-password", secret)], "cmd", "bash")
    if form == 3:
        seed = nkey_seed()
        user_jwt = jwt(
            {
                "jti": rs(52, B32),
                "iat": 1777800000,
                "iss": nkey_public("A"),
                "name": u,
                "sub": nkey_public("U"),
                "nats": {"type": "user", "version": 2},
            }
        )
        text = (
            f"-----BEGIN NATS USER JWT-----\n{user_jwt}\n------END NATS USER JWT------\n\n************************* IMPORTANT *************************\n"
            + "NKEY Seed printed below can be used to sign and prove identity.\nNKEYs are sensitive and should be treated as secrets.\n\n"
            + f"-----BEGIN USER NKEY SEED-----\n{seed}\n------END USER NKEY SEED------\n\n*************************************************************\n"
        )
        return item(text, [("nats-nkey-seed", seed)])
    if form == 4:
        t = jwt({"sub": pick("orders-consumer", "etl-producer")})
        text = f"webServiceUrl=https://pulsar.corp.example:8443/\nauthPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\nauthParams=token:{t}\n"
        return item(text, [("pulsar-token", t)], lang="properties")
    if form == 5:
        k = b64s(rand_bytes(32))
        text = f'SERVICEBUS_CONNECTION="Endpoint=sb://corp-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={k}"\nQUEUE_NAME=orders\n'
        return item(text, [("servicebus-key", k)], lang="bash")
    if form == 6:
        s = quote(rs(40, B64), safe="")
        text = f'# celeryconfig.py\nbroker_url = "sqs://AKIA{rs(16, UPPER + DIGITS)}:{s}@"\nbroker_transport_options = {{"region": "eu-west-1"}}\n'
        return item(text, [("sqs-broker-secret", s)], "code", "python")
    p = pw()
    doc = {
        "users": [{"name": u, "password": p, "tags": ["administrator"]}],
        "vhosts": [{"name": "/"}],
        "permissions": [{"user": u, "vhost": "/", "configure": ".*"}],
    }
    return item(json.dumps(doc, indent=2), [("rabbitmq-definitions-password", p)], lang="json")


def cloud_sdk_files(is_clean):
    """Credential files and outputs of cloud SDKs: OCI, Azure MSAL cache and service principals, AWS SSO cache, Alibaba, doctl, gcloud, IBM Cloud."""
    ocid = "ocid1.user.oc1..aaaaaaaa" + rs(52, LOWER + DIGITS)
    tenancy = "ocid1.tenancy.oc1..aaaaaaaa" + rs(52, LOWER + DIGITS)
    if is_clean:
        return pick(
            lambda: clean(
                f"[DEFAULT]\nuser={ocid}\nfingerprint={hexpairs(16)}\ntenancy={tenancy}\nregion=eu-frankfurt-1\nkey_file=~/.oci/oci_api_key.pem\n",
                lang="ini",
            ),
            lambda: clean(json.dumps({"AccessToken": {}, "RefreshToken": {}, "IdToken": {}, "Account": {}, "AppMetadata": {}}), lang="json"),
            lambda: clean(
                f"[profile dev]\nsso_session = corp\nsso_account_id = {rs(12, DIGITS)}\nsso_role_name = AdministratorAccess\nregion = eu-west-1\n\n[sso-session corp]\nsso_start_url = https://corp.awsapps.com/start\nsso_region = eu-west-1\n",
                lang="ini",
            ),
            lambda: clean(
                json.dumps(
                    {
                        "current": "default",
                        "profiles": [
                            {"name": "default", "mode": "EcsRamRole", "access_key_id": "", "access_key_secret": "", "ram_role_name": "app-role"}
                        ],
                    },
                    indent=2,
                ),
                lang="json",
            ),
            lambda: clean('access-token: ""\ncontext: default\noutput: text\n', lang="yaml"),
            lambda: clean(pick("ibmcloud login --sso -r eu-de", "ibmcloud login --apikey @~/.bluemix/apikey.json -r eu-de"), "cmd", "bash"),
        )()
    form = g.r.randrange(8)
    if form == 0:
        p = pw()
        text = f"[DEFAULT]\nuser={ocid}\nfingerprint={hexpairs(16)}\ntenancy={tenancy}\nregion=eu-frankfurt-1\nkey_file=~/.oci/oci_api_key.pem\npass_phrase={p}\n"
        return item(text, [("oci-pass-phrase", p)], lang="ini")
    if form == 1:
        tid, uid = uuid(), uuid()
        rt = "1.A" + rs(g.r.randint(500, 700), URLSAFE)
        at = jwt(
            {
                "aud": "https://management.core.windows.net/",
                "iss": f"https://sts.windows.net/{tid}/",
                "oid": uid,
                "tid": tid,
                "upn": f"{user()}@corp.example",
            }
        )
        key = f"{uid}.{tid}-login.microsoftonline.com"
        doc = {
            "AccessToken": {
                f"{key}-accesstoken-04b07795-8ddb-461a-bbee-02f9e1bf7b46-{tid}-https://management.core.windows.net//user_impersonation https://management.core.windows.net//.default": {
                    "credential_type": "AccessToken",
                    "secret": at,
                    "home_account_id": f"{uid}.{tid}",
                    "environment": "login.microsoftonline.com",
                    "client_id": "04b07795-8ddb-461a-bbee-02f9e1bf7b46",
                    "target": "https://management.core.windows.net//user_impersonation https://management.core.windows.net//.default",
                    "realm": tid,
                    "token_type": "Bearer",
                    "cached_at": "1777800000",
                    "expires_on": "1777804800",
                }
            },
            "RefreshToken": {
                f"{key}-refreshtoken-04b07795-8ddb-461a-bbee-02f9e1bf7b46--": {
                    "credential_type": "RefreshToken",
                    "secret": rt,
                    "home_account_id": f"{uid}.{tid}",
                    "environment": "login.microsoftonline.com",
                    "client_id": "04b07795-8ddb-461a-bbee-02f9e1bf7b46",
                    "target": "https://management.core.windows.net//user_impersonation https://management.core.windows.net//.default",
                    "last_modification_time": "1777800000",
                    "family_id": "1",
                }
            },
        }
        return item(json.dumps(doc, indent=4), [("msal-access-token", at), ("msal-refresh-token", rt)], lang="json")
    if form == 2:
        s = azure_client_secret()
        doc = [{"client_id": uuid(), "tenant": uuid(), "client_secret": s}]
        return item(json.dumps(doc, indent=4), [("azure-sp-secret", s)], lang="json")
    if form == 3:
        at, rt = "aoaAAAAAG" + rs(300, URLSAFE), "aorAAAAAG" + rs(400, URLSAFE)
        doc = {
            "startUrl": "https://corp.awsapps.com/start",
            "region": "eu-west-1",
            "accessToken": at,
            "expiresAt": "2026-05-04T18:11:12Z",
            "clientId": rs(22, URLSAFE) + "ZXUtd2VzdC0x",
            "refreshToken": rt,
        }
        return item(json.dumps(doc), [("aws-sso-access-token", at), ("aws-sso-refresh-token", rt)], lang="json")
    if form == 4:
        s = rs(30)
        doc = {
            "current": "default",
            "profiles": [
                {
                    "name": "default",
                    "mode": "AK",
                    "access_key_id": "LTAI" + rs(20),
                    "access_key_secret": s,
                    "region_id": "cn-hangzhou",
                    "output_format": "json",
                }
            ],
        }
        return item(json.dumps(doc, indent=2), [("alibaba-access-key-secret", s)], lang="json")
    if form == 5:
        t = "dop_v1_" + rs(64, HEX)
        return item(f"access-token: {t}\ncontext: default\noutput: text\n", [("doctl-token", t)], lang="yaml")
    if form == 6:
        t = "ya29.a0" + rs(g.r.randint(180, 240), URLSAFE)
        doc = {
            "configuration": {
                "active_configuration": "default",
                "properties": {"core": {"account": f"{user()}@corp.example", "project": "corp-prod"}},
            },
            "credential": {"access_token": t, "token_expiry": "2026-05-04T11:11:12Z"},
            "sentinels": {"config_sentinel": "/home/me/.config/gcloud/config_sentinel"},
        }
        return item(json.dumps(doc, indent=2), [("gcloud-config-helper-token", t)], lang="json")
    k = rs(44, URLSAFE)
    return item(f"ibmcloud login --apikey {k} -r eu-de -g default", [("ibmcloud-apikey", k)], "cmd", "bash")


def signed_url(is_clean):
    """Signed URLs: S3 presigned (with and without an STS token), GCS V4, Azure SAS, CloudFront. The signature (and token) is the credential."""
    bucket = pick("corp-backups", "ml-datasets", "release-artifacts")
    obj = pick("db/2026-05-04.sql.gz", "exports/users.csv", "models/ckpt-1200.safetensors")
    if is_clean:
        return pick(
            lambda: clean(
                "<Error><Code>AccessDenied</Code><Message>Request has expired</Message><X-Amz-Expires>3600</X-Amz-Expires><Expires>2026-05-04T11:11:12Z</Expires>"
                + f"<ServerTime>2026-05-04T12:00:00Z</ServerTime><RequestId>{rs(16, UPPER + DIGITS)}</RequestId><HostId>{b64s(rand_bytes(57))}</HostId></Error>",
                lang="xml",
            ),
            lambda: clean(
                f'HTTP/1.1 200 OK\nx-amz-id-2: {b64s(rand_bytes(57))}\nx-amz-request-id: {rs(16, UPPER + DIGITS)}\nETag: "{rs(32, HEX)}"\nx-amz-checksum-sha256: {b64s(rand_bytes(32))}\nContent-Length: {g.r.randint(1000, 99999)}\n'
            ),
            lambda: clean(
                'url = s3.generate_presigned_url("get_object", Params={"Bucket": BUCKET, "Key": key}, ExpiresIn=3600)\nlog.info("presigned %s (expires in 1h)", key)\n',
                "code",
                "python",
            ),
            lambda: clean(
                f"curl -sO https://storage.googleapis.com/{bucket}/public/{obj}\nx-goog-hash: crc32c={b64s(rand_bytes(4))},md5={b64s(rand_bytes(16))}\n"
            ),
            lambda: clean(
                f"https://d{rs(13, LOWER + DIGITS)}.cloudfront.net/{obj}?Key-Pair-Id=K{rs(13, UPPER + DIGITS)}&Expires=1777890000&Signature=<signature>"
            ),
            lambda: clean(
                f"azcopy copy ./{obj.split('/')[-1]} 'https://corpstore.blob.core.windows.net/{bucket}/{obj}' --recursive  # auth: azcopy login (Entra ID)",
                "cmd",
                "bash",
            ),
        )()
    form = g.r.randrange(6)
    if form in (0, 1):
        sig = rs(64, HEX)
        secrets = [("s3-presigned-signature", sig)]
        token = ""
        if form == 1:
            tok = quote("IQoJb3JpZ2luX2VjE" + rs(g.r.randint(300, 400), B64) + "=", safe="")
            token = f"&X-Amz-Security-Token={tok}"
            secrets.append(("s3-presigned-session-token", tok))
        kid = pick("AKIA", "ASIA") + rs(16, UPPER + DIGITS)
        url = (
            f"https://{bucket}.s3.eu-west-1.amazonaws.com/{obj}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={kid}%2F20260504%2Feu-west-1%2Fs3%2Faws4_request"
            + f"&X-Amz-Date=20260504T101112Z&X-Amz-Expires={pick(3600, 604800)}{token}&X-Amz-SignedHeaders=host&X-Amz-Signature={sig}"
        )
        if g.r.random() < 0.5:
            return item(pick(f"curl -fsSL -o dump.sql.gz '{url}'", f"curl -T ./{obj.split('/')[-1]} '{url}'"), secrets, "cmd", "bash")
        return item(f"$ aws s3 presign s3://{bucket}/{obj} --expires-in 604800\n{url}\n", secrets)
    if form == 2:
        sig = rs(512, HEX)
        url = (
            f"https://storage.googleapis.com/{bucket}/{obj}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=uploader%40corp-prod.iam.gserviceaccount.com%2F20260504%2Fauto%2Fstorage%2Fgoog4_request"
            + f"&X-Goog-Date=20260504T101112Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={sig}"
        )
        text = f"URL\tHTTP Method\tExpiration\tSigned URL\ngs://{bucket}/{obj}\tGET\t2026-05-04 10:26:12\t{url}\n"
        return item(text, [("gcs-signed-url-signature", sig)])
    if form in (3, 4):
        sig = quote(b64s(rand_bytes(32)), safe="")
        q = pick(
            f"sp=r&st=2026-05-04T10:11:12Z&se=2026-05-05T18:11:12Z&spr=https&sv=2022-11-02&sr=b&sig={sig}",
            f"sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2026-06-01T00:00:00Z&st=2026-05-04T10:11:12Z&spr=https&sig={sig}",
        )
        url = f"https://corpstore.blob.core.windows.net/{bucket}/{obj}?{q}"
        if form == 3:
            return item(f"azcopy copy './{obj.split('/')[-1]}' '{url}' --overwrite=true", [("azure-sas-sig", sig)], "cmd", "bash")
        return item(f'AZURE_BLOB_SAS_URL="{url}"\nBACKUP_PREFIX=nightly/\n', [("azure-sas-sig", sig)], lang="bash")
    sig = rs(172, ALNUM + "-~_")
    url = f"https://d{rs(13, LOWER + DIGITS)}.cloudfront.net/{obj}?Expires=1777890000&Signature={sig}&Key-Pair-Id=K{rs(13, UPPER + DIGITS)}"
    return item(
        f'signed = signer.generate_presigned_url(url, date_less_than=expiry)\n# -> "{url}"\n', [("cloudfront-signature", sig)], "code", "python"
    )


def observability_keys(is_clean):
    """Observability and alerting keys: Datadog, PagerDuty, Honeycomb, Grafana Cloud OTLP, New Relic, Splunk HEC, Elastic."""
    if is_clean:
        trace, span = rs(32, HEX), rs(16, HEX)
        return pick(
            lambda: clean(
                f"DD_SITE=datadoghq.eu\nDD_API_KEY=${{DD_API_KEY}}\nDD_ENV=prod\nDD_RUM_CLIENT_TOKEN=pub{rs(32, HEX)}\nDD_RUM_APPLICATION_ID={uuid()}\n",
                lang="bash",
            ),
            lambda: clean(
                f'{{"name": "POST /v1/orders", "trace_id": "{trace}", "span_id": "{span}", "parent_span_id": "{rs(16, HEX)}", "status": "OK", "attributes": {{"http.status_code": 201}}}}\n',
                lang="json",
            ),
            lambda: clean(f"traceparent: 00-{trace}-{span}-01\nx-request-id: {uuid()}\nx-datadog-trace-id: {g.r.randint(10**18, 10**19)}\n"),
            lambda: clean(
                "api_key: ENC[datadog_api_key]\nsite: datadoghq.com\nsecret_backend_command: /usr/local/bin/dd-secrets\nlogs_enabled: true\n",
                lang="yaml",
            ),
            lambda: clean(
                f'Sentry.init({{ dsn: "https://{rs(32, HEX)}@o{g.r.randint(100000, 999999)}.ingest.sentry.io/{g.r.randint(1000000, 9999999)}", tracesSampleRate: 0.1 }});\n'
                + f"window.NREUM.loader_config = {{ licenseKey: 'NRJS-{rs(19, HEX)}', applicationID: '{g.r.randint(10**8, 10**9)}' }};\n",
                "code",
                "js",
            ),
            lambda: clean(
                "receivers:\n  - name: oncall\n    pagerduty_configs:\n      - routing_key_file: /etc/alertmanager/secrets/pd-routing-key\n        severity: critical\n",
                lang="yaml",
            ),
        )()
    form = g.r.randrange(8)
    if form == 0:
        a, b = rs(32, HEX), rs(40, HEX)
        cmd = f'curl -X GET "https://api.datadoghq.eu/api/v1/monitor" -H "Accept: application/json" -H "DD-API-KEY: {a}" -H "DD-APPLICATION-KEY: {b}"'
        return item(cmd, [("datadog-api-key", a), ("datadog-app-key", b)], "cmd", "bash")
    if form == 1:
        a = rs(32, HEX)
        if g.r.random() < 0.5:
            return item(
                f"helm install dd datadog/datadog --set datadog.apiKey={a} --set datadog.site=datadoghq.eu", [("datadog-api-key", a)], "cmd", "bash"
            )
        return item(f"api_key: {a}\nsite: datadoghq.com\nlogs_enabled: true\napm_config:\n  enabled: true\n", [("datadog-api-key", a)], lang="yaml")
    if form == 2:
        k = rs(32, LOWER + DIGITS)
        body = json.dumps(
            {"routing_key": k, "event_action": "trigger", "payload": {"summary": "disk full on db01", "source": "db01", "severity": "critical"}}
        )
        return item(
            f"curl -s -X POST https://events.pagerduty.com/v2/enqueue -H 'Content-Type: application/json' -d '{body}'",
            [("pagerduty-routing-key", k)],
            "cmd",
            "bash",
        )
    if form == 3:
        k = pick("hcaik_" + rs(58, LOWER + DIGITS), rs(32, HEX))
        text = f"OTEL_SERVICE_NAME=checkout\nOTEL_EXPORTER_OTLP_ENDPOINT=https://api.honeycomb.io\nOTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team={k}\n"
        return item(text, [("honeycomb-key", k)], lang="bash")
    if form == 4:
        inst = str(g.r.randint(100000, 999999))
        enc = b64s(f"{inst}:{grafana_cloud()}".encode())
        text = f'OTEL_EXPORTER_OTLP_ENDPOINT=https://otlp-gateway-prod-eu-west-2.grafana.net/otlp\nOTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic%20{enc}"\n'
        return item(text, [("grafana-cloud-otlp-basic", enc)], lang="bash")
    if form == 5:
        k = rs(36, HEX) + "NRAL"
        text = pick(
            f"common: &default_settings\n  license_key: '{k}'\n  app_name: checkout\n  log_level: info\n",
            f"NEW_RELIC_LICENSE_KEY={k}\nNEW_RELIC_APP_NAME=checkout\n",
        )
        return item(text, [("newrelic-license-key", k)], lang="yaml")
    if form == 6:
        t = uuid()
        cmd = f'curl -k https://splunk.corp.example:8088/services/collector/event -H "Authorization: Splunk {t}" -d \'{{"event": "deploy done", "sourcetype": "_json"}}\''
        return item(cmd, [("splunk-hec-token", t)], "cmd", "bash")
    enc = b64s(f"{rs(20, URLSAFE)}:{rs(22, URLSAFE)}".encode())
    text = f'from elasticsearch import Elasticsearch\n\nes = Elasticsearch("https://es.corp.example:9243", api_key="{enc}")\n'
    return item(text, [("elastic-api-key", enc)], "code", "python")


def crypto_wallet(is_clean):
    """Wallet keys: Ethereum hex keys (`.env`, `cast wallet new`, Hardhat, forge), Bitcoin WIF and xprv (base58check), Solana keypairs."""
    if is_clean:
        return pick(
            lambda: clean(
                f"blockHash            0x{rs(64, HEX)}\nblockNumber          {g.r.randint(19000000, 22000000)}\nfrom                 {eth_addr()}\n"
                + f"gasUsed              {g.r.randint(21000, 90000)}\nstatus               1 (success)\ntransactionHash      0x{rs(64, HEX)}\nto                   {eth_addr()}\n"
            ),
            lambda: clean(
                "# anvil's first default account (public test key, see `anvil` startup output)\n"
                + "PRIVATE_KEY=0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80\nRPC_URL=http://127.0.0.1:8545\n",
                lang="bash",
            ),
            lambda: clean(f"DEPLOYER_ADDRESS={eth_addr()}\nPRIVATE_KEY=\nETHERSCAN_API_URL=https://api.etherscan.io/api\n", lang="bash"),
            lambda: clean(f"account xpub: {xkey(False)}\nfirst receive address: bc1q{rs(38, '023456789acdefghjklmnpqrstuvwxyz')}\n"),
            lambda: clean(
                f"Wrote new keypair to /home/me/.config/solana/id.json\n{'=' * 74}\npubkey: {b58(rand_bytes(32))}\n{'=' * 74}\n"
                + "Save this seed phrase to recover your new keypair:\n[seed phrase shown once, not kept]\n"
            ),
            lambda: clean(
                "const provider = new ethers.JsonRpcProvider(process.env.RPC_URL);\nconst wallet = new ethers.Wallet(process.env.PRIVATE_KEY, provider);\n",
                "code",
                "js",
            ),
        )()
    form = g.r.randrange(7)
    if form == 0:
        k = eth_key()
        return item(f"PRIVATE_KEY={k}\nRPC_URL=https://eth-sepolia.g.alchemy.com/v2/demo\n", [("eth-private-key", k)], lang="bash")
    if form == 1:
        k = eth_key()
        return item(f"Successfully created new keypair.\nAddress:     {eth_addr()}\nPrivate key: {k}\n", [("eth-private-key", k)])
    if form == 2:
        k = eth_key()
        return item(
            f"forge script script/Deploy.s.sol:Deploy --rpc-url https://sepolia.base.org --private-key {k} --broadcast --verify",
            [("eth-private-key", k)],
            "cmd",
            "bash",
        )
    if form == 3:
        k = eth_key()
        text = f'module.exports = {{\n  solidity: "0.8.24",\n  networks: {{\n    sepolia: {{\n      url: "https://rpc.sepolia.org",\n      accounts: ["{k}"],\n    }},\n  }},\n}};\n'
        return item(text, [("eth-private-key", k)], "code", "js")
    if form == 4:
        k = wif()
        return item(f"$ bitcoin-cli -rpcwallet=hot dumpprivkey bc1q{rs(38, '023456789acdefghjklmnpqrstuvwxyz')}\n{k}\n", [("bitcoin-wif", k)])
    if form == 5:
        k = xkey(True)
        return item(f'{{\n  "label": "treasury",\n  "xprv": "{k}",\n  "derivation": "m/84\'/0\'/0\'"\n}}\n', [("bitcoin-xprv", k)], lang="json")
    kb = rand_bytes(64)
    if g.r.random() < 0.5:
        arr = json.dumps(list(kb), separators=(",", ":"))
        return item(f"$ cat ~/.config/solana/id.json\n{arr}\n", [("solana-keypair", arr)])
    k = b58(kb)
    return item(f"SOLANA_PRIVATE_KEY={k}\nSOLANA_RPC=https://api.mainnet-beta.solana.com\n", [("solana-private-key", k)], lang="bash")


def vpn_tunnel(is_clean):
    """VPN and tunnel configuration: OpenVPN inline keys and credentials, WireGuard pre-shared keys, ngrok, Tailscale, cloudflared."""
    head = "client\ndev tun\nproto udp\nremote vpn.corp.example 1194\nresolv-retry infinite\nnobind\nremote-cert-tls server\ncipher AES-256-GCM\nverb 3\n"
    if is_clean:
        cert = "\n".join(["-----BEGIN CERTIFICATE-----", *g.pem_body(14, "MIID"), "-----END CERTIFICATE-----"])
        return pick(
            lambda: clean(head + f"auth-user-pass /etc/openvpn/creds.txt\ntls-crypt /etc/openvpn/ta.key\n<ca>\n{cert}\n</ca>\n"),
            lambda: clean(
                f"interface: wg0\n  public key: {wg_key()}\n  private key: (hidden)\n  listening port: 51820\n\npeer: {wg_key()}\n  preshared key: (hidden)\n  endpoint: 203.0.113.7:51820\n  allowed ips: 10.8.0.0/24\n"
            ),
            lambda: clean('version: "3"\nagent:\n  authtoken: ${NGROK_AUTHTOKEN}\ntunnels:\n  web:\n    proto: http\n    addr: 8080\n', lang="yaml"),
            lambda: clean("tailscale up --authkey=file:/run/secrets/ts_authkey --hostname=ci-runner --ssh", "cmd", "bash"),
            lambda: clean(
                f"100.{g.r.randint(64, 127)}.{g.r.randint(0, 255)}.{g.r.randint(1, 254)}  ci-runner   {user()}@  linux  -\n100.{g.r.randint(64, 127)}.{g.r.randint(0, 255)}.{g.r.randint(1, 254)}  db01        {user()}@  linux  active; direct 203.0.113.9:41641\n"
            ),
            lambda: clean(
                f"tunnel: {uuid()}\ncredentials-file: /etc/cloudflared/{uuid()}.json\ningress:\n  - hostname: app.corp.example\n    service: http://localhost:8080\n  - service: http_status:404\n",
                lang="yaml",
            ),
        )()
    form = g.r.randrange(7)
    if form == 0:
        k = ovpn_static()
        tag = pick("tls-crypt", "tls-auth")
        text = (
            head
            + f"<{tag}>\n#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static key V1-----\n{k}\n-----END OpenVPN Static key V1-----\n</{tag}>\n"
        )
        if tag == "tls-auth":
            text += "key-direction 1\n"
        return item(text, [("openvpn-static-key", k)])
    if form == 1:
        p = pw()
        return item(head + f"<auth-user-pass>\n{user()}\n{p}\n</auth-user-pass>\n", [("openvpn-auth-user-pass", p)])
    if form == 2:
        k = wg_key()
        text = f"[Interface]\nAddress = 10.8.0.2/24\nPostUp = wg set %i private-key /etc/wireguard/private.key\n\n[Peer]\nPublicKey = {wg_key()}\nPresharedKey = {k}\nEndpoint = 203.0.113.7:51820\nAllowedIPs = 0.0.0.0/0\n"
        return item(text, [("wireguard-psk", k)])
    if form == 3:
        t = ngrok()
        if g.r.random() < 0.5:
            return item(f"ngrok config add-authtoken {t}", [("ngrok-authtoken", t)], "cmd", "bash")
        return item(
            f'version: "3"\nagent:\n  authtoken: {t}\ntunnels:\n  web:\n    proto: http\n    addr: 8080\n', [("ngrok-authtoken", t)], lang="yaml"
        )
    if form == 4:
        k = tailscale()
        return item(
            pick(f"tailscale up --authkey={k} --hostname=ci-runner --ssh", f"sudo tailscale up --auth-key {k} --advertise-tags=tag:ci"),
            [("tailscale-authkey", k)],
            "cmd",
            "bash",
        )
    if form == 5:
        tok = b64s(json.dumps({"a": rs(32, HEX), "t": uuid(), "s": b64s(rand_bytes(32))}, separators=(",", ":")).encode())
        return item(f"sudo cloudflared service install {tok}", [("cloudflared-tunnel-token", tok)], "cmd", "bash")
    s = b64s(rand_bytes(32))
    return item(json.dumps({"AccountTag": rs(32, HEX), "TunnelSecret": s, "TunnelID": uuid()}), [("cloudflared-tunnel-secret", s)], lang="json")


KINDS = {
    "ai-provider-more": ai_provider_more,
    "registry-credfile": registry_credfile,
    "broker-creds": broker_creds,
    "cloud-sdk-files": cloud_sdk_files,
    "signed-url": signed_url,
    "observability-keys": observability_keys,
    "crypto-wallet": crypto_wallet,
    "vpn-tunnel": vpn_tunnel,
}

# ---------------------------------------------------------------- contexts
# Each: render(item) -> (scope, tool, payload, string the guard reads); pieces(value, item, read) -> (value as read, pieces).


def file_name(it):
    if it["shape"] == "cmd":
        return "run.sh"
    return {
        "json": "config.json",
        "yaml": "config.yml",
        "python": "settings.py",
        "js": "config.js",
        "ini": "app.ini",
        "properties": "app.properties",
    }.get(it["lang"], pick("app.conf", ".env", "credentials"))


def as_script(it):
    """A command item as the file that holds it; other items as they are."""
    return f"#!/bin/sh\nset -eu\n{it['text']}\n" if it["shape"] == "cmd" else it["text"]


def argv(cmd):
    """The argv of the process a command line starts: its words, or `sh -c …` when the shell has work to do."""
    words = shlex.split(cmd)
    if any(c in cmd for c in "|&;<>$`(") or "=" in words[0] or g.r.random() < 0.3:
        return ["sh", "-c", cmd]
    return words


def strace_esc(s):
    """strace's string escaping: C escapes, octal for other bytes."""
    out = []
    for b in s.encode():
        c = chr(b)
        if c in '"\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif c == "\r":
            out.append("\\r")
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append(f"\\{b:o}")
    return "".join(out)


def strace(it):
    """`strace -f -s 65536` of the agent's command: execve argv, or the read and the write of a file's bytes."""
    pid = g.r.randint(2000, 60000)
    if it["shape"] == "cmd":
        args = argv(it["text"])
        shown = ", ".join(f'"{strace_esc(a)}"' for a in args)
        exe = {"sh": "/bin/sh", "sudo": "/usr/bin/sudo"}.get(args[0], f"/usr/bin/{args[0]}")
        t = (
            "$ strace -f -s 65536 -e trace=execve -o /dev/stderr ./run.sh\n"
            + f'execve("./run.sh", ["./run.sh"], 0x7ffd{rs(8, HEX)} /* {g.r.randint(18, 40)} vars */) = 0\n'
            + f'[pid {pid}] execve("{exe}", [{shown}], 0x55d{rs(9, HEX)} /* {g.r.randint(18, 40)} vars */) = 0\n'
            + f"[pid {pid}] +++ exited with {pick(0, 1)} +++\n--- SIGCHLD {{si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid={pid}, si_uid=1000, si_status=0}} ---\n+++ exited with 0 +++\n"
        )
        return g.result("terminal", t)
    name = file_name(it)
    data = strace_esc(it["text"])
    n = len(it["text"].encode())
    t = (
        f"$ strace -s 65536 -e trace=openat,read,write cat {name}\n"
        + f'openat(AT_FDCWD, "{name}", O_RDONLY) = 3\nread(3, "{data}", 131072) = {n}\nwrite(1, "{data}", {n}) = {n}\nread(3, "", 131072) = 0\n+++ exited with 0 +++\n'
    )
    return g.result("terminal", t)


def pytest_diff(it):
    """A pytest -vv failure: the assert line with both reprs, then the line diff (`-` expected, `+` actual)."""
    test = pick("test_render_config", "test_bootstrap_script", "test_settings_roundtrip")
    if it["shape"] == "cmd":
        actual = ["sh", "-c", it["text"]]
        expected = ["sh", "-c", pick("<command>", "true")]
        body = (
            "E       AssertionError: expected call not found.\n"
            + f"E       Expected: run({expected!r}, check=True, capture_output=True)\n"
            + f"E         Actual: run({actual!r}, check=True, capture_output=True)\n"
        )
    else:
        actual_lines = lines(it)
        expected_lines = []
        for ln in actual_lines:
            for _, v in it["secrets"]:
                ln = ln.replace(v, pick("<redacted>", "changeme", "${SECRET}"))
            expected_lines.append(ln)
        if expected_lines == actual_lines:
            i = g.r.randrange(len(expected_lines))
            expected_lines[i] = expected_lines[i] + pick(" ", "  # old")
        actual, expected = "\n".join(actual_lines), "\n".join(expected_lines)
        diff = []
        for a, e in zip(actual_lines, expected_lines, strict=True):
            diff += [f"E           {a}"] if a == e else [f"E         - {e}", f"E         + {a}"]
        body = f"E       AssertionError: assert {actual!r} == {expected!r}\nE         \n" + "\n".join(diff) + "\n"
    src = (
        "        deploy(tmp_path)\n>       run.assert_called_once_with"
        if it["shape"] == "cmd"
        else "        out = render(tmp_path)\n>       assert out == EXPECTED"
    )
    t = (
        f"{'_' * 30} {test} {'_' * 30}\n\n    def {test}(tmp_path, run):\n{src}\n"
        + body
        + f"\ntests/test_config.py:{g.r.randint(10, 200)}: AssertionError\n{'=' * 28} short test summary info {'=' * 28}\nFAILED tests/test_config.py::{test} - AssertionError\n"
        + f"{'=' * 20} 1 failed, {g.r.randint(10, 300)} passed in {g.r.randint(1, 60)}.{rs(2, DIGITS)}s {'=' * 20}\n"
    )
    return g.result("terminal", t)


def gh_review_json(it):
    """`gh api repos/…/pulls/N/comments`: review comments whose `diff_hunk` adds the file."""
    path = {"cmd": "scripts/deploy.sh"}.get(it["shape"], f"config/{file_name(it)}")
    ls = as_script(it).rstrip("\n").split("\n")
    hunk = f"@@ -0,0 +1,{len(ls)} @@\n" + "\n".join("+" + ln for ln in ls)
    repo = pick("corp/app", "corp/infra", "corp/agent")
    pr = g.r.randint(100, 4000)
    cid = g.r.randint(10**9, 3 * 10**9)
    doc = [
        {
            "url": f"https://api.github.com/repos/{repo}/pulls/comments/{cid}",
            "pull_request_review_id": g.r.randint(10**9, 3 * 10**9),
            "id": cid,
            "node_id": "PRRC_kwDO" + rs(20, URLSAFE),
            "diff_hunk": hunk,
            "path": path,
            "commit_id": rs(40, HEX),
            "original_commit_id": rs(40, HEX),
            "user": {"login": pick("octo-reviewer", "sec-bot", "jdoe"), "id": g.r.randint(10**6, 10**8), "type": "User"},
            "body": pick(
                "Should this file be in the repo at all?", "nit: trailing newline", "Can we load this from the environment instead?", "LGTM"
            ),
            "created_at": "2026-05-04T10:11:12Z",
            "html_url": f"https://github.com/{repo}/pull/{pr}#discussion_r{cid}",
            "author_association": "MEMBER",
            "line": len(ls),
            "side": "RIGHT",
        }
    ]
    return "result", pick("terminal", "web_fetch"), json.dumps(doc, indent=2), hunk


def trace_rows(data):
    """curl --trace-ascii rows: 64 bytes at most, a newline ends a row (and is not shown), other control bytes show as `.`."""
    out, i, row, start = [], 0, "", 0
    b = data.encode()
    while i < len(b):
        if b[i] == 0x0A:
            out.append(f"{start:04x}: {row}")
            i += 1
            row, start = "", i
            continue
        row += chr(b[i]) if 0x20 <= b[i] < 0x7F else "."
        i += 1
        if len(row) == 64:
            out.append(f"{start:04x}: {row}")
            row, start = "", i
    if row:
        out.append(f"{start:04x}: {row}")
    return out


def curl_trace(it):
    """`curl --trace-ascii -` of an upload (a file with PUT, a command as an Azure run-command body)."""
    if it["shape"] == "cmd":
        data = json.dumps({"commandId": "RunShellScript", "script": [it["text"]]})
        url_path = f"/subscriptions/{uuid()}/resourceGroups/prod/providers/Microsoft.Compute/virtualMachines/web01/runCommand?api-version=2024-07-01"
        head = f"POST {url_path} HTTP/2\nHost: management.azure.com\nuser-agent: curl/8.5.0\naccept: */*\ncontent-type: application/json\ncontent-length: {len(data)}\n"
        it["json_escaped"] = True
    else:
        data = it["text"]
        head = f"PUT /v1/configs/{file_name(it)} HTTP/2\nHost: config.corp.example\nuser-agent: curl/8.5.0\naccept: */*\ncontent-length: {len(data.encode())}\n"
    hrows = trace_rows(head + "\n")
    t = (
        f"== Info: Connected to {'management.azure.com' if it['shape'] == 'cmd' else 'config.corp.example'} port 443\n== Info: using HTTP/2\n"
        + f"=> Send header, {len(head) + 1} bytes (0x{len(head) + 1:x})\n"
        + "\n".join(hrows)
        + f"\n=> Send data, {len(data.encode())} bytes (0x{len(data.encode()):x})\n"
        + "\n".join(trace_rows(data))
        + "\n== Info: upload completely sent off\n<= Recv header, 13 bytes (0xd)\n0000: HTTP/2 200 \n<= Recv header, 32 bytes (0x20)\n0000: content-type: application/json\n"
        + '<= Recv data, 16 bytes (0x10)\n0000: {"status":"ok"}\n== Info: Connection #0 to host left intact\n'
    )
    return g.result("terminal", t)


def sed_l(text):
    """GNU `sed -n l`: escapes, `$` at each line's end, lines folded at 69 characters with a trailing `\\`."""
    out = []
    for ln in text.split("\n"):
        esc = []
        for b in ln.encode():
            c = chr(b)
            if c == "\\":
                esc.append("\\\\")
            elif c == "\t":
                esc.append("\\t")
            elif 0x20 <= b < 0x7F:
                esc.append(c)
            else:
                esc.append(f"\\{b:03o}")
        row = ""
        for e in esc:
            if len(row) + len(e) > 69:
                out.append(row + "\\")
                row = ""
            row += e
        out.append(row + "$")
    return "\n".join(out)


def cat_A(text):
    """GNU `cat -A`: `^I` for tabs, `M-` notation for high bytes, `$` at each line's end."""
    out = []
    for b in text.encode():
        if b == 0x0A:
            out.append("$\n")
        elif b == 0x09:
            out.append("^I")
        elif b >= 0x80:
            c = b - 0x80
            out.append("M-" + (chr(c) if 0x20 <= c < 0x7F else "^" + chr(c + 64 if c < 0x20 else 63)))
        else:
            out.append(chr(b))
    return "".join(out)


def visible_control(it):
    """The file shown with its control characters: `cat -A` or `sed -n l`."""
    text = as_script(it)
    name = file_name(it)
    it["sed"] = g.r.random() < 0.5
    if it["sed"]:
        t = f"$ sed -n l {name}\n" + sed_l(text.rstrip("\n")) + "\n"
    else:
        t = f"$ cat -A {name}\n" + cat_A(text if text.endswith("\n") else text + "\n")
    return g.result("terminal", t)


def cat_v(s):
    out = []
    for b in s.encode():
        if b == 0:
            out.append("^@")
        elif b >= 0x80:
            c = b - 0x80
            out.append("M-" + (chr(c) if 0x20 <= c < 0x7F else "^" + chr(c + 64 if c < 0x20 else 63)))
        else:
            out.append(chr(b))
    return "".join(out)


def is_env(text):
    ls = [ln.removeprefix("export ") for ln in text.split("\n") if ln.strip() and not ln.startswith("#")]
    return bool(ls) and all("=" in ln and ln.split("=", 1)[0].replace("_", "").isalnum() and ln[0].isalpha() for ln in ls)


def proc_nul(it):
    """`cat -v /proc/<pid>/cmdline` or `environ` of a running process: NUL bytes shown as `^@`."""
    pid = g.r.randint(1, 60000)
    who = pick("", "docker exec app ", "kubectl exec deploy/api -- ")
    if it["shape"] == "cmd":
        raw = "\0".join(argv(it["text"])) + "\0"
        what = "cmdline"
    elif it["shape"] == "code" and it["lang"] == "python":
        raw = "\0".join(["python3", "-c", it["text"]]) + "\0"
        what = "cmdline"
    else:
        env = ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", f"HOSTNAME={rs(12, HEX)}"]
        if is_env(it["text"]):
            env += [ln.removeprefix("export ") for ln in it["text"].split("\n") if ln.strip() and not ln.startswith("#")]
        else:
            var = {"json": "APP_CONFIG_JSON", "yaml": "APP_CONFIG_YAML"}.get(it["lang"], "APP_CONFIG")
            env.append(f"{var}={it['text']}")
        env += ["HOME=/root", "LANG=C.UTF-8"]
        raw = "\0".join(env) + "\0"
        what = "environ"
    t = f"$ {who}cat -v /proc/{pid}/{what}\n{cat_v(raw)}\n"
    return g.result("terminal", t)


def hex_rows(data, style):
    """(line, [(byte offset, column of its hex, column of its character)]) per row of an `xxd` or `hexdump -C` dump."""
    rows = []
    for off in range(0, len(data), 16):
        chunk = data[off : off + 16]
        asc = "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in chunk)
        if style == "xxd":
            hx = " ".join(chunk[i : i + 2].hex() for i in range(0, len(chunk), 2))
            line = f"{off:08x}: {hx.ljust(39)}  {asc}"
            cols = [(off + k, 10 + (k // 2) * 5 + (k % 2) * 2, 51 + k) for k in range(len(chunk))]
        else:
            parts = [f"{b:02x}" for b in chunk]
            hx = " ".join(parts[:8]) + ("  " + " ".join(parts[8:]) if len(parts) > 8 else "")
            line = f"{off:08x}  {hx.ljust(48)}  |{asc}|"
            cols = [(off + k, 10 + k * 3 + (1 if k >= 8 else 0), 61 + k) for k in range(len(chunk))]
        rows.append((line, cols))
    return rows


def hex_dump(it):
    """`xxd` or `hexdump -C` of the file (a command as the script that holds it)."""
    data = as_script(it).encode()
    it["hex_style"] = pick("xxd", "hexdump")
    it["hex_data"] = data
    rows = hex_rows(data, it["hex_style"])
    name = file_name(it)
    cmd = f"xxd {name}" if it["hex_style"] == "xxd" else f"hexdump -C {name}"
    body = "\n".join(r for r, _ in rows)
    if it["hex_style"] == "hexdump":
        body += f"\n{len(data):08x}"
    t = f"$ {cmd}\n{body}\n"
    it["hex_text"] = t
    return g.result("terminal", t)


def hex_pieces(v, it, read):
    """Where the value's bytes show in the dump: per row, its run of hex digits and its run of characters."""
    data, vb = it["hex_data"], v.encode()
    i = data.find(vb)
    assert i >= 0, (v, it["text"])
    pieces = []
    for line, cols in hex_rows(data, it["hex_style"]):
        inside = [c for c in cols if i <= c[0] < i + len(vb)]
        if not inside:
            continue
        pieces.append(line[inside[0][1] : inside[-1][1] + 2])
        pieces.append(line[inside[0][2] : inside[-1][2] + 1])
    for p in pieces:
        assert p in read, (p, read)
    return v, pieces


def format_list(pairs, width=120):
    """PowerShell `Format-List`: labels padded to the longest, `: `, values folded at the width and indented under the value column."""
    lw = max(len(k) for k, _ in pairs)
    out = []
    for k, v in pairs:
        indent = " " * (lw + 3)
        rows = [r for ln in v.split("\n") for r in rich_wrap(ln, width - lw - 3)]
        out.append(f"{k.ljust(lw)} : {rows[0]}")
        out += [indent + r for r in rows[1:]]
    return out


def ps_format_list(it):
    """PowerShell output through `Format-List` (CRLF): `Get-History` for a command, an object with the file's `Content` otherwise."""
    if it["shape"] == "cmd":
        prompt = "PS C:\\Users\\dev> Get-History -Count 1 | Format-List\r\n\r\n"
        pairs = [
            ("Id", str(g.r.randint(2, 90))),
            ("CommandLine", it["text"]),
            ("ExecutionStatus", "Completed"),
            ("StartExecutionTime", "5/4/2026 10:11:12 AM"),
            ("EndExecutionTime", "5/4/2026 10:11:14 AM"),
        ]
    else:
        name = file_name(it)
        prompt = f"PS C:\\src\\app> Get-Item .\\{name} | Select-Object Name, Length, LastWriteTime, @{{n='Content';e={{Get-Content $_ -Raw}}}} | Format-List\r\n\r\n"
        pairs = [
            ("Name", name),
            ("Length", str(len(it["text"].encode()))),
            ("LastWriteTime", "5/4/2026 10:11:12 AM"),
            ("Content", it["text"].rstrip("\n")),
        ]
    t = prompt + "\r\n".join(format_list(pairs)) + "\r\n\r\n"
    return g.result("terminal", t)


def default_pieces(derive):
    def pieces(v, it, read):
        v2 = derive(v, it)
        p = g.pieces_of(v2, read)
        assert p, (v2, read)
        return v2, p

    return pieces


def json_esc(v):
    return json.dumps(v)[1:-1]


def pytest_derive(v, it):
    """A value in a repr: Python escapes backslashes and the quote it chose (the diff lines show it raw, the repr first)."""
    return v.replace("\\", "\\\\")


CONTEXTS = {
    # dev
    "strace": (strace, default_pieces(lambda v, _: strace_esc(v))),
    "pytest-assert-diff": (pytest_diff, default_pieces(pytest_derive)),
    "github-review-json": (gh_review_json, default_pieces(lambda v, _: v)),
    "curl-trace-ascii": (curl_trace, default_pieces(lambda v, it: json_esc(v) if it.get("json_escaped") else v)),
    "visible-control": (visible_control, default_pieces(lambda v, it: v.replace("\\", "\\\\") if it.get("sed") else v)),
    # held out
    "proc-nul": (proc_nul, default_pieces(lambda v, _: cat_v(v))),
    "hex-dump": (hex_dump, hex_pieces),
    "ps-format-list": (ps_format_list, default_pieces(lambda v, _: v)),
}


def main():
    g.r = random.Random(SEED)
    cases = []
    n = 0
    for kind, make in KINDS.items():
        for ctx, (render, pieces) in CONTEXTS.items():
            for label in ["secret"] * 4 + ["clean"] * 3:
                it = make(label == "clean")
                scope, tool, payload, read = render(it)
                secrets = []
                for k, v in it["secrets"]:
                    v2, p = pieces(v, it, read)
                    secrets.append({"kind": k, "value": v2, "pieces": p})
                n += 1
                held_out = kind in HELD_OUT_KINDS or ctx in HELD_OUT_CONTEXTS
                cases.append(g.case(f"r6-{n:05d}", held_out, kind, ctx, label, scope, tool, payload, secrets))
    g.write_cases(OUT, cases)


if __name__ == "__main__":
    main()
