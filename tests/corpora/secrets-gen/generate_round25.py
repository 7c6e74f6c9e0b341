"""Round 25 of the generated credential occurrences, written without reading the detectors.

Rounds 1 to 24 have been read, measured or worked on, or written. Round 25 was written blind, like
rounds 5 to 24: its author saw `SPLIT.md`, `blind_round.py`, the earlier generators (to keep away
from their families and reuse `blind_round`) and the scorer (for the JSONL field names only), never
the rules nor anything else under `engine/`, and never ran the engine on this round while writing it.

This round leans towards data and state artefacts agents read and re-emit: CI variable listings,
stack output exports, broker and cache servers' user files, database GUI clients' saved connections,
seeds and fixtures, account e-mails, mobile build configuration and session stores; through data
framings (Markdown front matter, pandas frames, PowerShell CLIXML, `strings` of a binary, PHP
`serialize()` values, SARIF reports, SQS message dumps, LDIF exports).

Kind families and context families: see `SPLIT.md`, round 25. The split was committed before any
family was written; held-out figures are read once.

    python3 tests/corpora/secrets-gen/generate_round25.py     # rewrites round25.jsonl beside this file

Stdlib only; seeded, so the output is the same bytes on every run.
"""

import json
import re
from pathlib import Path

from blind_round import (
    ALNUM,
    B64,
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
    cmd_clean,
    deal,
    digits,
    env,
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
    ts_epoch,
    uuid4,
    write_round,
)

SEED = 2861
OUT = Path(__file__).with_name("round25.jsonl")

HELD_OUT_KINDS = {"mobile-build-configs", "session-cache-entries"}
HELD_OUT_CONTEXTS = {"sarif-snippets", "sqs-message-dump", "ldif-export"}

# Characters no value of this round holds: YAML, XML text, JSON strings (twice nested), PHP strings, mail bodies
# and the files the kinds stand in would change them or end the value.
CHANGED = set("\"'\\\n\t$`&<>%|#{}*;")


# ---------------------------------------------------------------- helpers


def pw(excl=""):
    """A password as `blind_round.password()` makes them; a character this round's contexts (or the form it stands
    in, `excl`) would change is replaced by a letter or digit."""
    bad = CHANGED | set(excl)
    v = "".join(R.choice(ALNUM) if c in bad else c for c in password())
    return re.sub(r"_x", "_q", v)  # CLIXML would escape `_xHHHH_`


def token(n=None):
    return rs(n or R.choice([32, 40, 48]), ALNUM)


def sha256hex():
    return rs(64, HEX)


def openai_key():
    return "sk-proj-" + rs(R.choice([48, 64]), URLSAFE) + "T3BlbkFJ" + rs(R.choice([48, 64]), URLSAFE)


def anthropic_key():
    return "sk-ant-api03-" + rs(93, URLSAFE) + "AA"


def github_pat():
    return pick("ghp_", "gho_") + rs(36, ALNUM)


def gitlab_pat():
    return "glpat-" + rs(20, URLSAFE)


def npm_token():
    return "npm_" + rs(36, ALNUM)


def stripe_key():
    return pick("sk_live_", "rk_live_") + rs(R.choice([24, 32, 99]), ALNUM)


def slack_bot():
    return f"xoxb-{digits(12)}-{digits(13)}-{rs(24, ALNUM)}"


def aws_pair():
    return "AKIA" + rs(16, UPPER + "234567"), rs(40, ALNUM + "+/")


def provider_key():
    return pick(openai_key, anthropic_key, github_pat, stripe_key, slack_bot, gitlab_pat, npm_token, token)()


def ts_iso(sec=None):
    sec = R.randint(30000, 80000) + R.random() if sec is None else sec
    whole, us = int(sec), int((sec % 1) * 1_000_000)
    return f"2026-12-07T{whole // 3600:02d}:{whole // 60 % 60:02d}:{whole % 60:02d}.{us:06d}Z"


def host():
    return pick("db.internal", "pg-main.corp.example", "10.4.2.17", "mysql-01.prod.corp.example", "sql-prod.corp.example")


def jdump(doc, indent=2):
    return json.dumps(doc, indent=indent, ensure_ascii=False) + "\n"


def gl_time():
    return f"2026-{R.randint(1, 12):02d}-{R.randint(1, 28):02d}T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}.{rs(3, DIGITS)}Z"


def acct():
    return str(R.randint(100000000000, 999999999999))


def bcrypt_hash(prefix="$2b$"):
    return prefix + "12$" + rs(53, ALNUM + "./")


def pbkdf2():
    return f"pbkdf2_sha256$870000${rs(22, ALNUM)}${b64(rbytes(32))}"


# ---------------------------------------------------------------- kind: ci-variable-exports


def ci_variable_exports(is_clean):
    """CI systems' variable listings as their APIs and CLIs return them: GitLab project variables (a masked one's
    value whole in the API), Bitbucket repository variables, Azure DevOps variable groups, `gh variable list`,
    Buildkite's `env dump`, a Jenkins script-console decrypt, a CI debug shell's `env`."""
    if is_clean:
        form = deal("ci/clean", 5)
        if form == 0:
            doc = {
                "next_page_token": None,
                "items": [
                    {"name": "AWS_SECRET_ACCESS_KEY", "value": "xxxx" + rs(4, ALNUM), "created-at": gl_time()},
                    {"name": "NPM_TOKEN", "value": "xxxx" + rs(4, ALNUM), "created-at": gl_time()},
                    {"name": "SLACK_WEBHOOK", "value": "xxxx" + rs(4, ALNUM), "created-at": gl_time()},
                ],
            }
            return clean(jdump(doc), fmt="json", name="tmp/circleci-envvars.json")
        if form == 1:
            doc = {
                "pagelen": 10,
                "values": [
                    {"type": "pipeline_variable", "uuid": "{" + uuid4() + "}", "key": "DEPLOY_PASSWORD", "secured": True},
                    {"type": "pipeline_variable", "uuid": "{" + uuid4() + "}", "key": "AWS_REGION", "value": "eu-west-1", "secured": False},
                ],
                "page": 1,
                "size": 2,
            }
            return clean(jdump(doc), fmt="json", name="tmp/bitbucket-variables.json")
        if form == 2:
            rows = [
                ("DEPLOY_TOKEN", f"about {R.randint(2, 11)} days ago"),
                ("DB_PASSWORD", f"about {R.randint(1, 5)} months ago"),
                ("SENTRY_AUTH_TOKEN", "about 1 year ago"),
            ]
            text = "$ gh secret list --repo corp/app\n" + "".join(f"{k:<20}{t}\n" for k, t in rows)
            text += (
                "$ gh variable list --repo corp/app\n"
                + f"AWS_REGION          eu-west-1           about 3 months ago\nIMAGE_TAG           {sha1hex()[:12]}        about 1 hour ago\n"
            )
            return clean(text, fmt="text", name="logs/gh-listing.txt")
        if form == 3:
            enc = "{AQAAABAAAAAQ" + rs(R.choice([32, 44, 64]), B64) + "=}"
            text = (
                "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n"
                "  <scope>GLOBAL</scope>\n"
                "  <id>nexus-deployer</id>\n"
                "  <description>Nexus deploy user</description>\n"
                "  <username>deployer</username>\n"
                f"  <password>{enc}</password>\n"
                "</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n"
            )
            return clean(text, fmt="xml", name="var/lib/jenkins/credentials.xml")
        doc = {
            "id": R.randint(10, 99),
            "name": "billing-prod",
            "type": "Vsts",
            "variables": {
                "DB_PASSWORD": {"isSecret": True, "value": None},
                "DB_USER": {"value": "billing_app"},
                "KUBECONFIG_PATH": {"value": "/builds/corp/app.tmp/KUBECONFIG"},
                "VAULT_ROLE": {"value": "ci-billing"},
            },
        }
        return clean(jdump(doc), fmt="json", name="tmp/variable-group.json")
    form = deal("ci/secret", 8)
    if form == 0:
        p = pw()
        doc = [
            {
                "variable_type": "env_var",
                "key": "DEPLOY_DB_PASSWORD",
                "value": p,
                "protected": True,
                "masked": True,
                "hidden": False,
                "raw": False,
                "environment_scope": "production",
                "description": None,
            },
            {
                "variable_type": "env_var",
                "key": "DEPLOY_DB_USER",
                "value": "billing_app",
                "protected": False,
                "masked": False,
                "hidden": False,
                "raw": False,
                "environment_scope": "*",
                "description": None,
            },
        ]
        return item(jdump(doc), [("gitlab-variable", p)], fmt="json", name="tmp/gitlab-variables.json")
    if form == 1:
        k = provider_key()
        text = f"$ glab variable get RELEASE_TOKEN --repo corp/app\n{k}\n$ glab variable list --repo corp/app | head -n 3\nKEY             PROTECTED  MASKED  EXPANDED  SCOPE\nRELEASE_TOKEN   true       true    false     *\n"
        return item(text, [("gitlab-variable", k)], fmt="text", name="logs/glab-variables.txt")
    if form == 2:
        ak, sk = aws_pair()
        doc = {
            "pagelen": 10,
            "values": [
                {"type": "pipeline_variable", "uuid": "{" + uuid4() + "}", "key": "AWS_ACCESS_KEY_ID", "value": ak, "secured": False},
                {"type": "pipeline_variable", "uuid": "{" + uuid4() + "}", "key": "AWS_SECRET_ACCESS_KEY", "value": sk, "secured": False},
            ],
            "page": 1,
            "size": 2,
        }
        return item(jdump(doc), [("aws-secret-key", sk)], fmt="json", name="tmp/bitbucket-variables.json")
    if form == 3:
        p = pw()
        text = (
            "Script Console\n\n"
            "import com.cloudbees.plugins.credentials.CredentialsProvider\n"
            "CredentialsProvider.lookupCredentials(com.cloudbees.plugins.credentials.common.StandardUsernamePasswordCredentials, Jenkins.instance)"
            ".each { println(it.id + ' ' + it.username + ' ' + it.password.plainText) }\n\n"
            f"Result\nnexus-deployer deployer {p}\n"
        )
        return item(text, [("jenkins-credential", p)], fmt="text", name="logs/jenkins-script-console.txt")
    if form == 4:
        k = npm_token()
        doc = {
            "BUILDKITE_PIPELINE_SLUG": "app",
            "BUILDKITE_BUILD_NUMBER": str(R.randint(1000, 9999)),
            "BUILDKITE_COMMIT": sha1hex(),
            "NPM_TOKEN": k,
            "NODE_ENV": "production",
        }
        return item(jdump(doc), [("npm-token", k)], fmt="json", name="logs/buildkite-env-dump.json")
    if form == 5:
        p = pw()
        doc = {
            "id": R.randint(10, 99),
            "name": "billing-prod",
            "type": "Vsts",
            "variables": {"DB_PASSWORD": {"value": p}, "DB_USER": {"value": "billing_app"}, "VAULT_ROLE": {"value": "ci-billing"}},
        }
        return item(jdump(doc), [("azdo-variable", p)], fmt="json", name="tmp/variable-group.json")
    if form == 6:
        k = pick(slack_bot, github_pat, token)()
        text = (
            "NAME                VALUE" + " " * 40 + "UPDATED\n"
            f"AWS_REGION          eu-west-1{' ' * 36}about 3 months ago\n"
            f"NOTIFY_TOKEN        {k:<45}about {R.randint(2, 9)} days ago\n"
        )
        return item(text, [("gh-variable", k)], fmt="text", name="logs/gh-variable-list.txt")
    k = pick(gitlab_pat, provider_key)()
    pairs = [
        ("CI_PROJECT_PATH", "corp/app"),
        ("CI_PIPELINE_ID", digits(9)),
        ("CI_COMMIT_SHA", sha1hex()),
        ("DEPLOY_API_TOKEN", k),
        ("CI_ENVIRONMENT_NAME", "production"),
    ]
    return env(pairs, [("ci-variable", k)], name="logs/ci-debug-env.txt")


# ---------------------------------------------------------------- kind: stack-output-exports

SECRET_SIG = "4dabf18193072939515e22adb298388d"


def stack_output_exports(is_clean):
    """What infrastructure tools print of a stack's outputs and state: Pulumi `stack output --show-secrets --json`
    and `stack export --show-secrets`, `terraform output -json` / `-raw`, CloudFormation `describe-stacks` outputs,
    CDK `cdk-outputs.json`, a connection secret decoded to `key=value` lines."""
    if is_clean:
        form = deal("stack/clean", 5)
        if form == 0:
            doc = {
                "version": 3,
                "deployment": {
                    "resources": [
                        {
                            "urn": "urn:pulumi:prod::billing::random:index/randomPassword:randomPassword::db",
                            "type": "random:index/randomPassword:RandomPassword",
                            "outputs": {
                                "length": 32,
                                "result": {
                                    SECRET_SIG: "1b47061264138c4ac30d75fd1eb44270",
                                    "ciphertext": "v1:" + b64(rbytes(12)) + ":" + b64(rbytes(48)),
                                },
                                "special": False,
                            },
                        }
                    ]
                },
            }
            return clean(jdump(doc), fmt="json", name="tmp/stack-export.json")
        if form == 1:
            text = (
                "$ pulumi stack output\nCurrent stack outputs (4):\n    OUTPUT          VALUE\n"
                f"    apiUrl          https://{rs(10, LOWER + DIGITS)}.execute-api.eu-west-1.amazonaws.com/prod\n"
                "    dbPassword      [secret]\n"
                f"    dbEndpoint      billing-prod.{rs(12, LOWER + DIGITS)}.eu-west-1.rds.amazonaws.com\n"
                f"    bucketName      billing-exports-{rs(8, LOWER + DIGITS)}\n"
            )
            return clean(text, fmt="text", name="logs/pulumi-output.txt")
        if form == 2:
            text = (
                "$ terraform output\n"
                f'db_endpoint = "billing-prod.{rs(12, LOWER + DIGITS)}.eu-west-1.rds.amazonaws.com:5432"\n'
                "db_password = <sensitive>\n"
                f'kms_key_arn = "arn:aws:kms:eu-west-1:{acct()}:key/{uuid4()}"\n'
            )
            return clean(text, fmt="text", name="logs/terraform-output.txt")
        if form == 3:
            doc = {
                "Stacks": [
                    {
                        "StackName": "billing-prod",
                        "StackId": f"arn:aws:cloudformation:eu-west-1:{acct()}:stack/billing-prod/{uuid4()}",
                        "StackStatus": "UPDATE_COMPLETE",
                        "Outputs": [
                            {
                                "OutputKey": "DbSecretArn",
                                "OutputValue": f"arn:aws:secretsmanager:eu-west-1:{acct()}:secret:billing/db-{rs(6, ALNUM)}",
                            },
                            {"OutputKey": "ApiId", "OutputValue": rs(10, LOWER + DIGITS)},
                            {"OutputKey": "TemplateHash", "OutputValue": sha256hex()},
                        ],
                    }
                ]
            }
            return clean(jdump(doc, 4), fmt="json", name="tmp/describe-stacks.json")
        text = (
            "config:\n"
            "  aws:region: eu-west-1\n"
            "  billing:dbPassword:\n"
            f"    secure: v1:{b64(rbytes(12))}:{b64(rbytes(40))}\n"
            "  billing:instanceClass: db.t4g.medium\n"
        )
        return clean(text, fmt="yaml", name="Pulumi.prod.yaml")
    form = deal("stack/secret", 7)
    if form == 0:
        p = pw()
        doc = {"apiUrl": f"https://{rs(10, LOWER + DIGITS)}.execute-api.eu-west-1.amazonaws.com/prod", "dbPassword": p, "dbUser": "billing"}
        text = "$ pulumi stack output --show-secrets --json\n" + jdump(doc)
        return item(text, [("stack-output", p)], fmt="text", name="logs/pulumi-output.txt")
    if form == 1:
        p = pw()
        doc = {
            "version": 3,
            "deployment": {
                "resources": [
                    {
                        "urn": "urn:pulumi:prod::billing::random:index/randomPassword:randomPassword::db",
                        "type": "random:index/randomPassword:RandomPassword",
                        "outputs": {
                            "length": len(p),
                            "result": {SECRET_SIG: "1b47061264138c4ac30d75fd1eb44270", "plaintext": json.dumps(p)},
                            "special": True,
                        },
                    }
                ]
            },
        }
        return item(jdump(doc), [("stack-state-secret", p)], fmt="json", name="tmp/stack-export.json")
    if form == 2:
        p = pw()
        doc = {
            "db_endpoint": {"sensitive": False, "type": "string", "value": f"billing-prod.{rs(12, LOWER + DIGITS)}.eu-west-1.rds.amazonaws.com:5432"},
            "db_password": {"sensitive": True, "type": "string", "value": p},
        }
        return item("$ terraform output -json\n" + jdump(doc), [("terraform-output", p)], fmt="text", name="logs/terraform-output.json")
    if form == 3:
        k = pick(token, provider_key)()
        text = f"$ terraform output -raw admin_api_token\n{k}\n"
        return item(text, [("terraform-output", k)], fmt="text", name="logs/terraform-output.txt")
    if form == 4:
        p = pw()
        doc = {
            "Stacks": [
                {
                    "StackName": "billing-prod",
                    "StackStatus": "CREATE_COMPLETE",
                    "Outputs": [
                        {"OutputKey": "DbEndpoint", "OutputValue": f"billing-prod.{rs(12, LOWER + DIGITS)}.eu-west-1.rds.amazonaws.com"},
                        {"OutputKey": "DbMasterPassword", "OutputValue": p, "Description": "initial master password"},
                    ],
                }
            ]
        }
        return item(jdump(doc, 4), [("cfn-output", p)], fmt="json", name="tmp/describe-stacks.json")
    if form == 5:
        k = token(R.choice([32, 40]))
        doc = {
            "BillingStack": {
                "ApiUrl": f"https://{rs(10, LOWER + DIGITS)}.execute-api.eu-west-1.amazonaws.com/prod/",
                "ApiKeyValue": k,
                "ExportsBucket": f"billing-exports-{rs(8, LOWER + DIGITS)}",
            }
        }
        return item(jdump(doc), [("cdk-output", k)], fmt="json", name="cdk-outputs.json")
    p = pw()
    pairs = [
        ("endpoint", f"billing-prod.{rs(12, LOWER + DIGITS)}.eu-west-1.rds.amazonaws.com"),
        ("port", "5432"),
        ("username", "billing"),
        ("password", p),
    ]
    return env(pairs, [("connection-secret", p)], name="tmp/db-conn.env")


# ---------------------------------------------------------------- kind: broker-cache-server-configs


def broker_cache_server_configs(is_clean):
    """Message-broker and cache servers' own user and auth files: Redis ACL files and `ACL SETUSER`, Sentinel
    `auth-pass`, NATS `authorization`, Pulsar `client.conf`, RabbitMQ definitions, Kafka Connect / Debezium connector
    configs, ActiveMQ `credentials.properties`."""
    if is_clean:
        form = deal("broker/clean", 5)
        if form == 0:
            text = (
                "$ redis-cli --user admin --askpass ACL LIST\nPlease input password: ****\n"
                '1) "user admin on sanitize-payload #' + sha256hex() + ' ~* &* +@all"\n'
                '2) "user default off sanitize-payload resetchannels -@all"\n'
                '3) "user worker on sanitize-payload #' + sha256hex() + ' ~jobs:* resetchannels +@list +@connection"\n'
            )
            return clean(text, fmt="text", name="logs/redis-acl.txt")
        if form == 1:
            doc = {
                "rabbit_version": "3.13.2",
                "users": [
                    {"name": "billing", "password_hash": b64(rbytes(36)), "hashing_algorithm": "rabbit_password_hashing_sha256", "tags": []},
                ],
                "vhosts": [{"name": "/billing"}],
                "permissions": [{"user": "billing", "vhost": "/billing", "configure": "^billing\\..*", "write": ".*", "read": ".*"}],
            }
            return clean(jdump(doc), fmt="json", name="etc/rabbitmq/definitions.json")
        if form == 2:
            text = (
                "authorization {\n  users = [\n"
                f'    {{user: "billing", password: "{bcrypt_hash("$2a$")}"}}\n'
                f'    {{user: "ingest", password: "{bcrypt_hash("$2a$")}"}}\n'
                "  ]\n}\n"
            )
            return clean(text, fmt="conf", name="etc/nats/nats-server.conf")
        if form == 3:
            doc = {
                "name": "pg-billing-source",
                "config": {
                    "connector.class": "io.debezium.connector.postgresql.PostgresConnector",
                    "database.hostname": host(),
                    "database.user": "debezium",
                    "database.password": "${file:/opt/kafka/secrets/pg.properties:password}",
                    "topic.prefix": "billing",
                },
            }
            return clean(jdump(doc), fmt="json", name="connect/pg-billing-source.json")
        text = "user default on nopass ~cache:* +@read\nuser admin off resetpass ~* +@all\n# sentinel auth-pass is set from SENTINEL_AUTH_PASS at start\nsentinel monitor mymaster 10.4.2.21 6379 2\n"
        return clean(text, fmt="conf", name="etc/redis/users.acl")
    form = deal("broker/secret", 8)
    if form == 0:
        p = pw()
        text = f"user default off\nuser app on >{p} ~app:* &* +@all -@dangerous\nuser metrics on nopass ~* +info\n"
        return item(text, [("redis-acl-password", p)], fmt="conf", name="etc/redis/users.acl")
    if form == 1:
        p = pw()
        return cmd(
            f"redis-cli -h cache.internal --user admin --askpass ACL SETUSER worker on '>{p}' '~jobs:*' +@list +@connection",
            [("redis-acl-password", p)],
        )
    if form == 2:
        p = pw()
        text = f"port 26379\nsentinel monitor mymaster 10.4.2.21 6379 2\nsentinel auth-user mymaster replicator\nsentinel auth-pass mymaster {p}\nsentinel down-after-milliseconds mymaster 5000\n"
        return item(text, [("sentinel-auth-pass", p)], fmt="conf", name="etc/redis/sentinel.conf")
    if form == 3:
        p = pw()
        text = f'port: 4222\nauthorization {{\n  users = [\n    {{user: "billing", password: "{p}"}}\n  ]\n}}\n'
        return item(text, [("nats-password", p)], fmt="conf", name="etc/nats/nats-server.conf")
    if form == 4:
        t = jwt({"alg": "HS256"}, {"sub": pick("billing-producer", "ingest-consumer")}, 32)
        text = f"webServiceUrl=https://pulsar.corp.example:8443/\nbrokerServiceUrl=pulsar+ssl://pulsar.corp.example:6651/\nauthPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\nauthParams=token:{t}\n"
        return item(text, [("pulsar-token", t)], fmt="properties", name="conf/client.conf")
    if form == 5:
        p = pw()
        doc = {
            "rabbit_version": "3.13.2",
            "users": [{"name": "billing", "password": p, "tags": ["management"]}],
            "vhosts": [{"name": "/billing"}],
            "permissions": [{"user": "billing", "vhost": "/billing", "configure": ".*", "write": ".*", "read": ".*"}],
        }
        return item(jdump(doc), [("rabbitmq-password", p)], fmt="json", name="etc/rabbitmq/definitions.json")
    if form == 6:
        p = pw()
        doc = {
            "connector.class": "io.debezium.connector.postgresql.PostgresConnector",
            "database.hostname": host(),
            "database.port": "5432",
            "database.user": "debezium",
            "database.password": p,
            "database.dbname": "billing",
            "topic.prefix": "billing",
        }
        text = "$ curl -s localhost:8083/connectors/pg-billing-source/config | jq .\n" + jdump(doc)
        return item(text, [("connector-password", p)], fmt="text", name="logs/connect-config.txt")
    p = pw("=")
    text = f"# Defines credentials that will be used by components (like web console) to access the broker\nactivemq.username=system\nactivemq.password={p}\n"
    return item(text, [("activemq-password", p)], fmt="properties", name="conf/credentials.properties")


# ---------------------------------------------------------------- kind: db-gui-saved-connections


def db_gui_saved_connections(is_clean):
    """Database GUI clients' saved connection files: VS Code SQLTools, Azure Data Studio, MongoDB Compass exports,
    Robo 3T, RedisInsight exports, DBeaver `data-sources.json`, usql's config."""
    if is_clean:
        form = deal("gui/clean", 5)
        if form == 0:
            doc = {
                "sqltools.connections": [
                    {
                        "name": "prod-pg",
                        "driver": "PostgreSQL",
                        "server": host(),
                        "port": 5432,
                        "database": "billing",
                        "username": "app",
                        "askForPassword": True,
                        "connectionTimeout": 15,
                    }
                ]
            }
            return clean(jdump(doc, 4), fmt="json", name=".vscode/settings.json")
        if form == 1:
            doc = {
                "datasource.connections": [
                    {
                        "options": {
                            "server": "sql-prod.corp.example",
                            "database": "billing",
                            "authenticationType": "SqlLogin",
                            "user": "sa",
                            "password": "",
                            "savePassword": False,
                        },
                        "groupId": uuid4(),
                        "providerName": "MSSQL",
                        "id": uuid4(),
                    }
                ]
            }
            return clean(jdump(doc, 4), fmt="json", name="~/.config/azuredatastudio/User/settings.json")
        if form == 2:
            doc = {
                "folders": {},
                "connections": {
                    f"postgres-jdbc-{rs(11, HEX)}-{rs(16, HEX)}": {
                        "provider": "postgresql",
                        "driver": "postgres-jdbc",
                        "name": "billing prod",
                        "save-password": True,
                        "configuration": {
                            "host": host(),
                            "port": "5432",
                            "database": "billing",
                            "url": "jdbc:postgresql://pg-main.corp.example:5432/billing",
                            "type": "prod",
                            "auth-model": "native",
                        },
                    }
                },
            }
            return clean(
                jdump(doc, 1) + "// user and password are kept encrypted in credentials-config.json\n", fmt="json", name=".dbeaver/data-sources.json"
            )
        if form == 3:
            doc = {
                "Servers": {
                    "1": {
                        "Name": "billing prod",
                        "Group": "Servers",
                        "Host": host(),
                        "Port": 5432,
                        "MaintenanceDB": "postgres",
                        "Username": "app",
                        "SSLMode": "verify-full",
                        "PassFile": "/home/app/.pgpass",
                    }
                }
            }
            return clean(jdump(doc, 4), fmt="json", name="pgadmin/servers.json")
        text = (
            '<?xml version="1.0"?>\n<data grt_format="2.0">\n  <value _ptr_="0x'
            + rs(12, HEX)
            + '" type="list" content-type="object" content-struct-name="db.mgmt.Connection">\n'
            f'    <value type="object" struct-name="db.mgmt.Connection" id="{uuid4().upper()}">\n'
            '      <value type="string" key="name">billing prod</value>\n'
            '      <value type="dict" key="parameterValues">\n'
            '        <value type="string" key="hostName">mysql-01.prod.corp.example</value>\n'
            '        <value type="string" key="userName">billing_ro</value>\n'
            '        <value type="string" key="password"></value>\n'
            "      </value>\n    </value>\n  </value>\n</data>\n"
        )
        return clean(text, fmt="xml", name="~/.mysql/workbench/connections.xml")
    form = deal("gui/secret", 7)
    if form == 0:
        p = pw()
        doc = {
            "sqltools.connections": [
                {
                    "name": "prod-pg",
                    "driver": "PostgreSQL",
                    "server": host(),
                    "port": 5432,
                    "database": "billing",
                    "username": "app",
                    "password": p,
                    "connectionTimeout": 15,
                }
            ]
        }
        return item(jdump(doc, 4), [("sqltools-password", p)], fmt="json", name=".vscode/settings.json")
    if form == 1:
        p = pw()
        doc = {
            "datasource.connections": [
                {
                    "options": {
                        "server": "sql-prod.corp.example",
                        "database": "billing",
                        "authenticationType": "SqlLogin",
                        "user": "sa",
                        "password": p,
                        "savePassword": True,
                    },
                    "groupId": uuid4(),
                    "providerName": "MSSQL",
                    "id": uuid4(),
                }
            ]
        }
        return item(jdump(doc, 4), [("ads-password", p)], fmt="json", name="~/.config/azuredatastudio/User/settings.json")
    if form == 2:
        p = pw("@/:?=+,")
        doc = {
            "type": "Compass Connections",
            "version": {"$numberInt": "1"},
            "connections": [
                {
                    "id": uuid4(),
                    "connectionOptions": {
                        "connectionString": f"mongodb+srv://billing:{p}@cluster0.{rs(5, LOWER + DIGITS)}.mongodb.net/?retryWrites=true&w=majority"
                    },
                    "favorite": {"name": "billing prod", "color": "color3"},
                }
            ],
        }
        return item(jdump(doc), [("mongodb-password", p)], fmt="json", name="exports/compass-connections.json")
    if form == 3:
        p = pw()
        doc = {
            "connections": [
                {
                    "connectionName": "billing prod",
                    "serverHost": "mongo-01.corp.example",
                    "serverPort": 27017,
                    "credentials": [
                        {"databaseName": "admin", "enabled": True, "mechanism": "SCRAM-SHA-256", "userName": "billing", "userPassword": p}
                    ],
                    "uuid": "{" + uuid4() + "}",
                }
            ],
            "version": "4.0",
        }
        return item(jdump(doc, 4), [("robo3t-password", p)], fmt="json", name="~/.3T/robo-3t/1.4.4/robo3t.json")
    if form == 4:
        p = pw()
        doc = [
            {
                "host": "cache.internal",
                "port": 6379,
                "name": "sessions prod",
                "username": "default",
                "password": p,
                "tls": True,
                "db": 0,
                "modules": [],
            }
        ]
        return item(jdump(doc), [("redisinsight-password", p)], fmt="json", name="exports/redisinsight-databases.json")
    if form == 5:
        p = pw()
        doc = {
            "folders": {},
            "connections": {
                f"postgres-jdbc-{rs(11, HEX)}-{rs(16, HEX)}": {
                    "provider": "postgresql",
                    "driver": "postgres-jdbc",
                    "name": "billing prod",
                    "save-password": True,
                    "configuration": {
                        "host": host(),
                        "port": "5432",
                        "database": "billing",
                        "type": "prod",
                        "auth-model": "native",
                        "user": "app",
                        "password": p,
                    },
                }
            },
        }
        return item(jdump(doc, 1), [("dbeaver-password", p)], fmt="json", name=".dbeaver/data-sources.json")
    p = pw("@/:?=+,")
    text = f"connections:\n  billing: postgres://app:{p}@{host()}:5432/billing?sslmode=require\n  reports: mysql://ro@mysql-01.prod.corp.example/reports\ninit: |\n  \\set SYNTAX_HL true\n"
    return item(text, [("usql-password", p)], fmt="yaml", name="~/.config/usql/config.yaml")


# ---------------------------------------------------------------- kind: app-seed-fixtures


def app_seed_fixtures(is_clean):
    """Seeds and fixtures that create accounts or store keys: Rails `db/seeds.rb` and Devise fixtures, Django fixture
    JSON with a token field, Laravel seeders (`Hash::make('…')`), Prisma `seed.ts`, Ecto `seeds.exs`, an API key
    record created in a seed."""
    if is_clean:
        form = deal("seed/clean", 5)
        if form == 0:
            doc = [
                {
                    "model": "auth.user",
                    "pk": 1,
                    "fields": {"password": pbkdf2(), "is_superuser": True, "username": "admin", "email": "admin@corp.example", "last_login": None},
                }
            ]
            return clean(jdump(doc, 4), fmt="json", name="app/fixtures/admin.json")
        if form == 1:
            text = (
                "<?php\n\nnamespace Database\\Seeders;\n\nuse App\\Models\\User;\nuse Illuminate\\Support\\Str;\n\n"
                "class AdminSeeder extends Seeder\n{\n    public function run(): void\n    {\n"
                "        User::create([\n            'name' => 'Admin',\n            'email' => 'admin@corp.example',\n"
                "            'password' => Hash::make(Str::random(40)),\n"
                f"            'remember_token' => null,\n            // hash of the demo user: '{bcrypt_hash('$2y$')}'\n"
                "        ]);\n    }\n}\n"
            )
            return clean(text, fmt="php", name="database/seeders/AdminSeeder.php")
        if form == 2:
            text = (
                'admin = User.find_or_create_by!(email: "admin@corp.example") do |u|\n'
                '  u.password = ENV.fetch("SEED_ADMIN_PASSWORD") { SecureRandom.hex(16) }\n'
                "  u.admin = true\nend\n"
                'ApiKey.create!(name: "partner-sync", secret: SecureRandom.urlsafe_base64(32))\n'
            )
            return clean(text, fmt="rb", name="db/seeds.rb")
        if form == 3:
            text = (
                "import { PrismaClient } from '@prisma/client'\nimport bcrypt from 'bcryptjs'\nimport { faker } from '@faker-js/faker'\n\n"
                "const prisma = new PrismaClient()\n\nasync function main() {\n"
                "  const hash = await bcrypt.hash(process.env.SEED_ADMIN_PASSWORD ?? faker.internet.password(), 10)\n"
                "  await prisma.user.upsert({ where: { email: 'admin@corp.example' }, update: {}, create: { email: 'admin@corp.example', passwordHash: hash } })\n}\n"
            )
            return clean(text, fmt="ts", name="prisma/seed.ts")
        text = f"admin:\n  email: admin@corp.example\n  encrypted_password: {bcrypt_hash('$2a$')}\n  confirmed_at: <%= Time.current %>\n"
        return clean(text, fmt="yaml", name="test/fixtures/users.yml")
    form = deal("seed/secret", 7)
    if form == 0:
        p = pw()
        text = (
            'admin = User.find_or_create_by!(email: "admin@corp.example") do |u|\n'
            f'  u.password = "{p}"\n'
            f'  u.password_confirmation = "{p}"\n'
            "  u.admin = true\nend\n"
        )
        return item(text, [("seed-password", p)], fmt="rb", name="db/seeds.rb")
    if form == 1:
        k = pick(token, provider_key)()
        doc = [
            {
                "model": "integrations.partnercredential",
                "pk": R.randint(1, 40),
                "fields": {
                    "name": pick("acme-freight", "northwind"),
                    "base_url": "https://api.partner.example/v2",
                    "api_token": k,
                    "created": gl_time(),
                },
            }
        ]
        return item(jdump(doc, 4), [("fixture-token", k)], fmt="json", name="integrations/fixtures/partners.json")
    if form == 2:
        p = pw()
        text = (
            "<?php\n\nnamespace Database\\Seeders;\n\nuse App\\Models\\User;\n\n"
            "class AdminSeeder extends Seeder\n{\n    public function run(): void\n    {\n"
            "        User::create([\n            'name' => 'Admin',\n            'email' => 'admin@corp.example',\n"
            f"            'password' => Hash::make('{p}'),\n"
            "        ]);\n    }\n}\n"
        )
        return item(text, [("seed-password", p)], fmt="php", name="database/seeders/AdminSeeder.php")
    if form == 3:
        p = pw()
        text = (
            "import { PrismaClient } from '@prisma/client'\nimport bcrypt from 'bcryptjs'\n\n"
            "const prisma = new PrismaClient()\n\nasync function main() {\n"
            f"  const hash = await bcrypt.hash('{p}', 10)\n"
            "  await prisma.user.upsert({ where: { email: 'admin@corp.example' }, update: {}, create: { email: 'admin@corp.example', passwordHash: hash } })\n}\n"
        )
        return item(text, [("seed-password", p)], fmt="ts", name="prisma/seed.ts")
    if form == 4:
        p = pw()
        text = (
            "alias Corp.Repo\nalias Corp.Accounts.User\n\n"
            f'Repo.insert!(%User{{email: "ops@corp.example", hashed_password: Bcrypt.hash_pwd_salt("{p}"), confirmed_at: DateTime.utc_now()}})\n'
        )
        return item(text, [("seed-password", p)], fmt="exs", name="priv/repo/seeds.exs")
    if form == 5:
        k = pick(stripe_key, token, openai_key)()
        text = f'Rails.logger.info("seeding partner keys")\nApiKey.create!(name: "partner-sync", secret: "{k}", scopes: %w[read write])\n'
        return item(text, [("seed-api-key", k)], fmt="rb", name="db/seeds/partner_keys.rb")
    p = pw()
    text = f"admin:\n  email: admin@corp.example\n  encrypted_password: <%= Devise::Encryptor.digest(User, '{p}') %>\n  confirmed_at: <%= Time.current %>\n"
    return item(text, [("fixture-password", p)], fmt="yaml", name="test/fixtures/users.yml")


# ---------------------------------------------------------------- kind: account-notification-mails


def mail_head(subject, sender, to="j.doe@corp.example"):
    return (
        f"From: {sender}\nTo: {to}\nSubject: {subject}\nDate: Mon, 07 Dec 2026 {R.randint(7, 18):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d} +0000\n"
        f"Message-ID: <{rs(24, HEX)}@{sender.split('@')[-1].rstrip('>')}>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 7bit\n\n"
    )


def account_notification_mails(is_clean):
    """Account e-mails as a mail tool or an `.eml` returns them: a welcome with a temporary password, a reset link
    with its token, a magic sign-in link, a new API key, an SFTP onboarding mail, an HTML part, a German welcome."""
    if is_clean:
        form = deal("mail/clean", 5)
        if form == 0:
            text = mail_head("Security reminder", "IT Service Desk <servicedesk@corp.example>") + (
                "Hello,\n\nWe will never ask for your password by e-mail or phone. If someone does, report it to\n"
                f"security@corp.example quoting ticket INC{R.randint(100000, 999999)}.\n\nIT Service Desk\n"
            )
        elif form == 1:
            last4 = rs(4, ALNUM)
            text = mail_head("A new API key was created", "Partner Portal <no-reply@partner.example>") + (
                f"A new API key ending in …{last4} was created for workspace corp-billing on 7 Dec 2026.\n"
                "If this wasn't you, revoke it from Settings > API keys.\n"
            )
        elif form == 2:
            text = mail_head("Your password reset link has expired", "Billing Portal <no-reply@billing.corp.example>") + (
                f"The link we sent you has expired. Request a new one at https://billing.corp.example/password/forgot\nReference: {uuid4()}\n"
            )
        elif form == 3:
            text = mail_head("Your December statement", "Billing <billing@vendor.example>") + (
                f"Invoice INV-{R.randint(10000, 99999)} for {R.randint(100, 9000)}.00 EUR is attached.\n"
                "Manage e-mail preferences: https://vendor.example/account/notifications\n"
                "List-Unsubscribe: <mailto:unsubscribe@vendor.example>\n"
            )
        else:
            text = mail_head("Access request approved", "Okta <noreply@okta.corp.example>") + (
                'Your request for the app "Grafana (prod)" was approved. Sign in with your usual corporate account\n'
                f"at https://corp.okta.example/app/grafana/{rs(20, ALNUM)}/sso/saml\n"
            )
        return clean(text, fmt="eml", name=f"mail/{rs(8, HEX)}.eml")
    form = deal("mail/secret", 7)
    name = f"mail/{rs(8, HEX)}.eml"
    if form == 0:
        p = pw()
        text = mail_head("Welcome to the Partner Portal", "Partner Portal <no-reply@partner.example>") + (
            "Hi Jane,\n\nYour account has been created.\n\n"
            f"Username: jdoe\nTemporary password: {p}\n\nYou will be asked to change it when you first sign in at https://portal.partner.example\n"
        )
        return item(text, [("temporary-password", p)], fmt="eml", name=name)
    if form == 1:
        t = pick(lambda: rs(64, HEX), lambda: token(40), lambda: b64url(rbytes(32)))()
        text = mail_head("Reset your password", "Billing Portal <no-reply@billing.corp.example>") + (
            "Someone asked to reset the password for your account.\n\n"
            f"https://billing.corp.example/password/reset?token={t}&email=j.doe%40corp.example\n\n"
            "The link expires in 60 minutes.\n"
        )
        return item(text, [("reset-token", t)], fmt="eml", name=name)
    if form == 2:
        t = jwt({"alg": "HS256", "typ": "JWT"}, {"sub": "j.doe@corp.example", "purpose": "magic_link", "exp": ts_epoch()}, 32)
        text = mail_head("Your sign-in link", "Notion Clone <login@docs.corp.example>") + (
            f"Click to sign in:\nhttps://docs.corp.example/auth/magic?t={t}\n\nThis link can only be used once.\n"
        )
        return item(text, [("magic-link-token", t)], fmt="eml", name=name)
    if form == 3:
        k = pick(token, stripe_key, openai_key, lambda: "pk_" + rs(40, ALNUM))()
        text = mail_head("Your new API key", "Partner API <api@partner.example>") + (
            f"Here is your API key for workspace corp-billing:\n\n    {k}\n\nStore it safely: this is the only time we will show it.\n"
        )
        return item(text, [("issued-api-key", k)], fmt="eml", name=name)
    if form == 4:
        p = pw()
        text = mail_head("SFTP access for Corp", "Onboarding <onboarding@logistics.example>") + (
            "Dear partner,\n\nYour SFTP drop box is ready.\n\n"
            f"Host: sftp.logistics.example\nPort: 22\nUsername: corp_upload\nPassword: {p}\n\nKind regards,\nOnboarding team\n"
        )
        return item(text, [("sftp-password", p)], fmt="eml", name=name)
    if form == 5:
        p = pw()
        bnd = "b1_" + rs(32, HEX)
        text = mail_head("Your new account", "HR Systems <hr-systems@corp.example>").replace(
            "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 7bit\n", f'Content-Type: multipart/alternative; boundary="{bnd}"\n'
        ) + (
            f"--{bnd}\nContent-Type: text/html; charset=us-ascii\n\n"
            f"<html><body><p>Welcome aboard!</p><p>Your login is <b>jdoe</b> and your first password is <strong>{p}</strong>.</p></body></html>\n"
            f"--{bnd}--\n"
        )
        return item(text, [("temporary-password", p)], fmt="eml", name=name)
    p = pw()
    text = mail_head("Ihr Zugang zum Lieferantenportal", "Lieferantenportal <noreply@lieferanten.example>") + (
        "Guten Tag,\n\nIhr Zugang wurde eingerichtet.\n\n"
        f"Benutzername: corp-einkauf\nVorläufiges Passwort: {p}\n\nBitte ändern Sie es bei der ersten Anmeldung.\n"
    )
    return item(text, [("temporary-password", p)], fmt="eml", name=name)


# ---------------------------------------------------------------- kind: mobile-build-configs (held-out)


def sentry_org_token():
    claims = {"iat": float(ts_epoch()), "url": "https://sentry.io", "region_url": "https://de.sentry.io", "org": "corp"}
    return (
        "sntrys_"
        + b64(json.dumps(claims, separators=(",", ":")).encode()).rstrip("=")
        + "_"
        + rs(43, ALNUM + "+/").replace("/", "A").replace("+", "B")
    )


def mobile_build_configs(is_clean):
    """Mobile projects' build configuration: Android `local.properties` / `gradle.properties`, `sentry.properties`,
    iOS `.xcconfig`, Expo `eas.json`, Flutter `--dart-define`, Fastlane's `.env` (app-specific password, Firebase
    token)."""
    if is_clean:
        form = deal("mobile/clean", 5)
        if form == 0:
            text = (
                '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
                '<plist version="1.0">\n<dict>\n'
                f"\t<key>GCM_SENDER_ID</key>\n\t<string>{digits(12)}</string>\n"
                "\t<key>BUNDLE_ID</key>\n\t<string>com.corp.billing</string>\n"
                f"\t<key>PROJECT_ID</key>\n\t<string>corp-billing-{rs(5, LOWER + DIGITS)}</string>\n"
                f"\t<key>GOOGLE_APP_ID</key>\n\t<string>1:{digits(12)}:ios:{rs(22, HEX)}</string>\n"
                "</dict>\n</plist>\n"
            )
            return clean(text, fmt="plist", name="ios/Billing/GoogleService-Info.plist")
        if form == 1:
            text = "// Secrets.xcconfig: filled in by CI from the keychain\nAPI_BASE_URL = https:/$()/api.corp.example\nAPI_SECRET = $(BILLING_API_SECRET)\nSENTRY_DSN_HOST = o0.ingest.sentry.io\n"
            return clean(text, fmt="xcconfig", name="ios/Config/Secrets.xcconfig")
        if form == 2:
            text = (
                "## This file must *NOT* be checked into Version Control Systems,\nsdk.dir=/Users/dev/Library/Android/sdk\nflutter.sdk=/Users/dev/flutter\nflutter.versionCode="
                + str(R.randint(10, 400))
                + "\n"
            )
            return clean(text, fmt="properties", name="android/local.properties")
        if form == 3:
            doc = {
                "cli": {"version": ">= 12.0.0"},
                "build": {"production": {"channel": "production", "env": {"API_URL": "https://api.corp.example", "EAS_PROJECT_ID": uuid4()}}},
                "submit": {"production": {"ios": {"ascAppId": digits(10), "appleTeamId": rs(10, UPPER + DIGITS)}}},
            }
            return clean(jdump(doc), fmt="json", name="eas.json")
        return cmd_clean(
            'flutter build appbundle --release --dart-define=API_URL=https://api.corp.example --dart-define=API_SECRET="$BILLING_API_SECRET"',
            name="scripts/build-android.sh",
        )
    form = deal("mobile/secret", 7)
    if form == 0:
        t = pick(sentry_org_token, lambda: rs(64, HEX))()
        text = f"sdk.dir=/Users/dev/Library/Android/sdk\nsentry.auth.token={t}\nMAPS_API_KEY_DEBUG=placeholder\n"
        return item(text, [("sentry-auth-token", t)], fmt="properties", name="android/local.properties")
    if form == 1:
        k = github_pat()
        text = f"org.gradle.jvmargs=-Xmx4g\nandroid.useAndroidX=true\ngpr.user=corp-ci-bot\ngpr.key={k}\n"
        return item(text, [("github-packages-token", k)], fmt="properties", name="android/gradle.properties")
    if form == 2:
        t = rs(64, HEX)
        text = f"defaults.url=https://sentry.io/\ndefaults.org=corp\ndefaults.project=billing-android\nauth.token={t}\n"
        return item(text, [("sentry-auth-token", t)], fmt="properties", name="android/sentry.properties")
    if form == 3:
        k = token(R.choice([32, 40]))
        text = f"// Secrets.xcconfig\nAPI_BASE_URL = https:/$()/api.corp.example\nAPI_SECRET = {k}\n"
        return item(text, [("xcconfig-secret", k)], fmt="xcconfig", name="ios/Config/Secrets.xcconfig")
    if form == 4:
        t = pick(sentry_org_token, lambda: rs(64, HEX))()
        doc = {
            "cli": {"version": ">= 12.0.0"},
            "build": {"production": {"channel": "production", "env": {"API_URL": "https://api.corp.example", "SENTRY_AUTH_TOKEN": t}}},
        }
        return item(jdump(doc), [("sentry-auth-token", t)], fmt="json", name="eas.json")
    if form == 5:
        k = token(R.choice([32, 40]))
        return cmd(
            f"flutter build appbundle --release --dart-define=API_URL=https://api.corp.example --dart-define=API_SECRET={k}",
            [("dart-define-secret", k)],
            name="scripts/build-android.sh",
        )
    asp = "-".join(rs(4, LOWER) for _ in range(4))
    pairs = [("FASTLANE_USER", "release@corp.example"), ("FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD", asp), ("FASTLANE_ITC_TEAM_ID", digits(9))]
    secs = [("apple-app-password", asp)]
    if half():
        ft = "1//0" + rs(2, ALNUM) + rs(96, URLSAFE)
        pairs.append(("FIREBASE_TOKEN", ft))
        secs.append(("firebase-token", ft))
    return env(pairs, secs, name="fastlane/.env.default")


# ---------------------------------------------------------------- kind: session-cache-entries (held-out)


def session_cache_entries(is_clean):
    """Web session and cache stores read back: PHP `sess_…` files, Django `get_decoded()`, Express `connect-redis`
    JSON, Rails cache reads, `redis-cli GET` of a cached provider token, a memcached `get`."""
    sid = rs(26, LOWER + DIGITS)
    if is_clean:
        form = deal("session/clean", 5)
        if form == 0:
            text = f'user_id|i:{R.randint(1, 9999)};locale|s:5:"de_DE";flash|a:1:{{s:7:"success";s:13:"Profile saved";}}last_seen|i:{ts_epoch()};\n'
            return clean(text, fmt="phpsession", name=f"var/lib/php/sessions/sess_{sid}")
        if form == 1:
            text = (
                ">>> Session.objects.get(pk='" + rs(32, LOWER + DIGITS) + "').get_decoded()\n"
                f"{{'_auth_user_id': '{R.randint(1, 9999)}', '_auth_user_backend': 'django.contrib.auth.backends.ModelBackend', "
                f"'_auth_user_hash': '{sha256hex()}', 'cart_id': '{uuid4()}'}}\n"
            )
            return clean(text, fmt="text", name="logs/shell-session.txt")
        if form == 2:
            doc = {
                "cookie": {"originalMaxAge": 86400000, "expires": gl_time(), "secure": True, "httpOnly": True, "path": "/"},
                "flash": {},
                "passport": {"user": R.randint(1, 9999)},
            }
            text = f'$ redis-cli GET "sess:{b64url(rbytes(24))}"\n' + json.dumps(json.dumps(doc, separators=(",", ":"))) + "\n"
            return clean(text, fmt="text", name="logs/redis-session.txt")
        if form == 3:
            text = f'$ redis-cli --scan --pattern \'cache:partner:*\'\ncache:partner:token_expires_at\ncache:partner:etag\n$ redis-cli GET cache:partner:etag\n"W/\\"{rs(32, HEX)}\\""\n$ redis-cli TTL cache:partner:token\n(integer) -2\n'
            return clean(text, fmt="text", name="logs/redis-cache.txt")
        text = f'irb(main):001> Rails.cache.read("features/billing")\n=> {{"new_invoice_ui"=>true, "rollout"=>{R.randint(1, 100)}, "updated_by"=>"{uuid4()}"}}\n'
        return clean(text, fmt="text", name="logs/rails-console.txt")
    form = deal("session/secret", 7)
    if form == 0:
        k = pick(github_pat, token)()
        text = f'user_id|i:{R.randint(1, 9999)};oauth_token|s:{len(k)}:"{k}";role|s:5:"admin";\n'
        return item(text, [("session-oauth-token", k)], fmt="phpsession", name=f"var/lib/php/sessions/sess_{sid}")
    if form == 1:
        k = pick(github_pat, lambda: "ya29." + rs(120, URLSAFE))()
        text = (
            ">>> Session.objects.get(pk='" + rs(32, LOWER + DIGITS) + "').get_decoded()\n"
            f"{{'_auth_user_id': '{R.randint(1, 9999)}', '_auth_user_backend': 'social_core.backends.github.GithubOAuth2', "
            f"'_auth_user_hash': '{sha256hex()}', 'social_access_token': '{k}'}}\n"
        )
        return item(text, [("session-oauth-token", k)], fmt="text", name="logs/shell-session.txt")
    if form == 2:
        at = "ya29." + rs(120, URLSAFE)
        rt = "1//0" + rs(2, ALNUM) + rs(96, URLSAFE)
        doc = {
            "cookie": {"originalMaxAge": 86400000, "secure": True, "httpOnly": True, "path": "/"},
            "passport": {"user": {"id": R.randint(1, 9999), "accessToken": at, "refreshToken": rt}},
        }
        text = f'$ redis-cli GET "sess:{b64url(rbytes(24))}"\n' + json.dumps(json.dumps(doc, separators=(",", ":"))) + "\n"
        return item(text, [("session-access-token", at), ("session-refresh-token", rt)], fmt="text", name="logs/redis-session.txt")
    if form == 3:
        k = pick(token, stripe_key)()
        text = f'irb(main):001> Rails.cache.read("partner/api_token")\n=> "{k}"\n'
        return item(text, [("cached-token", k)], fmt="text", name="logs/rails-console.txt")
    if form == 4:
        k = "pat-na1-" + uuid4()
        text = f'$ redis-cli GET cache:hubspot:access_token\n"{k}"\n$ redis-cli TTL cache:hubspot:access_token\n(integer) {R.randint(60, 1800)}\n'
        return item(text, [("cached-token", k)], fmt="text", name="logs/redis-cache.txt")
    if form == 5:
        k = pick(token, openai_key)()
        body = json.dumps({"token": k, "expires_at": ts_epoch()}, separators=(",", ":"))
        text = f"$ printf 'get partner_token\\r\\n' | nc -q1 cache.internal 11211\nVALUE partner_token 0 {len(body)}\n{body}\nEND\n"
        return item(text, [("cached-token", k)], fmt="text", name="logs/memcached.txt")
    p = pw()
    text = f'{ts_epoch()}a:2:{{s:8:"username";s:6:"svc-ftp";s:8:"password";s:{len(p)}:"{p}";}}\n'
    return item(text, [("cached-password", p)], fmt="text", name=f"storage/framework/cache/data/{rs(2, HEX)}/{rs(2, HEX)}/{rs(40, HEX)}")


# ---------------------------------------------------------------- contexts: shared


def abs_path(it):
    n = it["name"]
    if n.startswith("~/"):
        return "/home/app/" + n[2:]
    if n.startswith("etc/") or n.startswith("var/"):
        return "/" + n
    return "/srv/app/" + item_path(it)


def plain_piecer(a):
    """No value of this round holds a character its contexts would change, so the value itself (or each of its
    atoms) is its piece wherever the context shows it whole."""
    assert not set(a) & CHANGED, a
    return [a]


def term(typed, body, prompt="$ "):
    return "result", "terminal", f"{prompt}{typed}\n{body}" + ("" if body.endswith("\n") else "\n"), plain_piecer


def item_view(it):
    """What the artefact holds of the item: ("env", pairs), ("cmd", text) or ("file", path, text)."""
    pairs = env_pairs(it)
    if pairs is not None:
        return ("env", pairs)
    if it["shape"] == "cmd":
        return ("cmd", it["text"])
    return ("file", abs_path(it), it["text"])


def service():
    return pick("billing-sync", "ingest", "partner-gateway", "ledger", "notifier")


# -- yaml-front-matter


def yaml_scalar(s):
    if re.fullmatch(r"[A-Za-z_/][A-Za-z0-9_./@+=,-]*", s) and s.lower() not in ("yes", "no", "true", "false", "null", "on", "off"):
        return s
    return json.dumps(s, ensure_ascii=False)


def yaml_front_matter(it):
    """A Markdown page (Jekyll / Hugo / Obsidian) whose YAML front matter holds the item: env values as a mapping, a
    command as a `run: |` block, a file as a `config: |` block or in the body's fence; written, read back or quoted."""
    v = item_view(it)
    svc = service()
    fm = [
        "---",
        f'title: "{svc}: rotation notes"',
        "date: 2026-12-07",
        f"tags: [ops, runbook, {svc}]",
        f"owner: {pick('platform', 'sre', 'data-eng')}",
    ]
    body = [
        f"# {svc}",
        "",
        pick("Values as of the last rotation.", "Written during the on-call hand-over.", "Keep this page in sync with the deploy."),
    ]
    lang = "text"
    if v[0] == "env":
        fm += ["env:"] + [f"  {k}: {yaml_scalar(x)}" for k, x in v[1]]
    elif v[0] == "cmd":
        fm += ["run: |"] + ["  " + ln for ln in file_lines(v[1])]
        body += ["", "Run the command in the front matter from the repository root."]
    else:
        lang = {"json": "json", "yaml": "yaml", "xml": "xml", "php": "php", "rb": "ruby", "ts": "ts", "properties": "properties"}.get(
            it["fmt"], "text"
        )
        if half():
            fm += [f"source: {v[1]}", "config: |"] + ["  " + ln if ln else "" for ln in file_lines(v[2])]
        else:
            fm += [f"source: {v[1]}"]
            body += ["", f"`{v[1]}`:", "", f"```{lang}", *file_lines(v[2]), "```"]
    fm += ["---", ""]
    page = "\n".join(fm + body) + "\n"
    path = f"docs/runbooks/{svc}.md" if half() else f"notes/Ops/{svc} rotation.md"
    view = R.randrange(4)
    if view == 0:
        return "result", "read_file", page, plain_piecer
    if view == 1:
        return term(f"cat {shq(path) if ' ' not in path else repr(path)}", page)
    if view == 2:
        return "args", "write_file", json.dumps({"path": path, "content": page}, ensure_ascii=False), plain_piecer
    return "reply", "", f"Here is the page as it stands (`{path}`):\n\n````markdown\n{page}````\n", plain_piecer


# -- pandas-frame


def frame_text(columns, rows):
    """`DataFrame.to_string()`: the index left-aligned, each column right-aligned to its widest cell or header."""
    idx = [str(i) for i in range(len(rows))]
    iw = max(len(i) for i in idx)
    widths = [max([len(c)] + [len(r[j]) for r in rows]) for j, c in enumerate(columns)]
    out = [" " * iw + "".join("  " + c.rjust(w) for c, w in zip(columns, widths, strict=True))]
    for i, r in zip(idx, rows, strict=True):
        out.append(i.ljust(iw) + "".join("  " + x.rjust(w) for x, w in zip(r, widths, strict=True)))
    return "\n".join(out)


def pandas_frame(it):
    """A pandas `DataFrame` printed with `to_string()` in a REPL or a notebook's output: env values as `name` / `value`
    rows, a command in a job table's `command` column, a file's lines as `line` rows."""
    v = item_view(it)
    if v[0] == "env":
        code = ['env = dotenv_values(".env")', 'df = pd.DataFrame(list(env.items()), columns=["name", "value"])']
        cols, rows = ["name", "value"], [[k, x] for k, x in v[1]]
    elif v[0] == "cmd":
        code = ['df = pd.read_sql("SELECT name, schedule, command FROM cron_jobs ORDER BY name", conn)']
        jobs = [
            ["backup-db", "0 3 * * *", "pg_dump -Fc billing -f /backups/billing.dump"],
            ["deploy", "manual", v[1]],
            ["rotate-logs", "0 0 * * 0", "logrotate -f /etc/logrotate.d/app"],
        ]
        cols, rows = ["name", "schedule", "command"], jobs
    else:
        code = [f'df = pd.DataFrame({{"line": Path("{v[1]}").read_text().splitlines()}})']
        cols, rows = ["line"], [[ln] for ln in file_lines(v[2])]
    table = frame_text(cols, rows)
    shape = f"[{len(rows)} rows x {len(cols)} columns]"
    if half():
        lines = [">>> import pandas as pd"]
        lines += [">>> " + c for c in code]
        lines += [">>> print(df.to_string())", table, ">>> df.shape", f"({len(rows)}, {len(cols)})"]
        return term("python3", "\n".join(lines) + "\n", prompt="(.venv) $ ")
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": 3,
                "id": rs(8, HEX),
                "metadata": {},
                "outputs": [],
                "source": ["import pandas as pd\n", *[c + "\n" for c in code]],
            },
            {
                "cell_type": "code",
                "execution_count": 4,
                "id": rs(8, HEX),
                "metadata": {},
                "outputs": [{"name": "stdout", "output_type": "stream", "text": [ln + "\n" for ln in table.split("\n")] + [shape + "\n"]}],
                "source": ["print(df.to_string())\n", "print(f'[{len(df)} rows x {len(df.columns)} columns]')"],
            },
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    text = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
    return "result", "read_file", text, plain_piecer


# -- clixml-export


CLIXML_NS = 'xmlns="http://schemas.microsoft.com/powershell/2004/04"'


def clix(s):
    s = re.sub(r"_(x[0-9A-Fa-f]{4}_)", r"_x005F_\1", s)
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return s.replace("\r", "_x000D_").replace("\n", "_x000A_")


def clixml_piecer(a):
    assert clix(a) == a, a
    return plain_piecer(a)


def clixml_export(it):
    """PowerShell `Export-Clixml` output read back: env values as a hashtable's `<En>` entries, a command as a
    scheduled job object's `Command`, a file as the string `Get-Content -Raw` returned (`_x000A_` for newlines)."""
    v = item_view(it)
    head = f'<Objs Version="1.1.0.1" {CLIXML_NS}>\n  <Obj RefId="0">\n'
    if v[0] == "env":
        ens = "".join(f'      <En>\n        <S N="Key">{clix(k)}</S>\n        <S N="Value">{clix(x)}</S>\n      </En>\n' for k, x in v[1])
        doc = (
            head
            + '    <TN RefId="0">\n      <T>System.Collections.Hashtable</T>\n      <T>System.Object</T>\n    </TN>\n    <DCT>\n'
            + ens
            + "    </DCT>\n  </Obj>\n</Objs>"
        )
        fname = "env-backup.xml"
    elif v[0] == "cmd":
        doc = (
            head
            + '    <TN RefId="0">\n      <T>Deserialized.System.Management.Automation.PSCustomObject</T>\n      <T>Deserialized.System.Object</T>\n    </TN>\n'
            f'    <MS>\n      <S N="Name">{service()}-nightly</S>\n      <S N="Command">{clix(v[1])}</S>\n'
            f'      <DT N="Created">2026-12-07T{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}.{rs(7, DIGITS)}+00:00</DT>\n'
            '      <B N="Enabled">true</B>\n    </MS>\n  </Obj>\n</Objs>'
        )
        fname = "jobs.xml"
    else:
        win = "C:\\srv\\app\\" + v[1].split("/srv/app/", 1)[-1].replace("/", "\\") if v[1].startswith("/srv/app/") else v[1]
        doc = (
            head + '    <TN RefId="0">\n      <T>System.String</T>\n      <T>System.Object</T>\n    </TN>\n'
            f'    <ToString>{clix(v[2])}</ToString>\n    <Props>\n      <S N="PSPath">Microsoft.PowerShell.Core\\FileSystem::{clix(win)}</S>\n'
            f'      <S N="PSChildName">{clix(win.rsplit(chr(92), 1)[-1])}</S>\n    </Props>\n    <S>{clix(v[2])}</S>\n  </Obj>\n</Objs>'
        )
        fname = "config-snapshot.xml"
    if half():
        return "result", "terminal", f"PS C:\\ops> Get-Content .\\state\\{fname}\n{doc}\nPS C:\\ops> \n", clixml_piecer
    return "result", "read_file", doc + "\n", clixml_piecer


# -- strings-binary


JUNK = [
    "GLIBC_2.2.5",
    "GLIBC_2.34",
    ".note.gnu.build-id",
    ".gopclntab",
    ".rodata",
    "runtime.morestack",
    "runtime.gcBgMarkWorker",
    "sync.(*Mutex).Lock",
    "go1.22.5",
    "/usr/local/go/src/runtime/proc.go",
    "unexpected EOF",
    "invalid argument",
    "net/http.(*Transport).RoundTrip",
    "crypto/tls.(*Conn).Handshake",
    "encoding/json.Unmarshal",
    "__cxa_finalize",
    "_ITM_registerTMCloneTable",
    "called `Option::unwrap()` on a `None` value",
    "/rustc/3f5fd8dd41153bc5fdca9427e9e05be2c767ba23/library/core/src/fmt/mod.rs",
    "attempt to add with overflow",
]


def junk_line():
    r = R.randrange(4)
    if r == 0:
        return (
            "_ZN" + str(R.randint(3, 9)) + rs(R.randint(4, 9), LOWER) + str(R.randint(3, 9)) + rs(R.randint(4, 9), LOWER) + "17h" + rs(16, HEX) + "E"
        )
    if r == 1:
        return rs(R.randint(8, 14), ALNUM + "@#$%^&*()")
    return R.choice(JUNK)


def strings_binary(it):
    """`strings -n 8` of a binary that embeds the item (an env file or config baked in with `//go:embed` or
    `include_str!`, a command literal): its lines of eight or more printable characters among symbols and runtime
    strings; the first and last embedded lines sometimes run on from or into the neighbouring bytes."""
    v = item_view(it)
    if v[0] == "env":
        emb = [f"{k}={x}" for k, x in v[1]]
    elif v[0] == "cmd":
        emb = [v[1]]
    else:
        emb = file_lines(v[2])
    emb = [run for ln in emb for run in re.split(r"[^\x20-\x7e\t]+", ln) if len(run) >= 8]
    if emb and v[0] != "cmd" and R.random() < 0.4:
        emb[0] = R.choice(["unexpected EOF", "invalid argument", "GODEBUG", "net/http"]) + emb[0]
    before = [junk_line() for _ in range(R.randint(3, 7))]
    after = [junk_line() for _ in range(R.randint(3, 7))]
    body = "\n".join(before + emb + after) + "\n"
    binary = pick("bin/billing-sync", "target/release/ingest", "dist/partner-gateway", "build/libcorp_ops.so")
    typed = pick(
        f"strings -n 8 {binary} | sed -n '{R.randint(800, 4000)},+{len(before) + len(emb) + len(after) - 1}p'",
        f"strings -n 8 {binary} | grep -v '^_Z' | head -n 400 | tail -n {len(before) + len(emb) + len(after)}",
    )
    if R.random() < 0.25:
        return "result", "read_file", body, plain_piecer
    return term(typed, body)


# -- php-serialized


def php_s(s):
    return f's:{len(s.encode())}:"{s}";'


def php_array(pairs):
    inner = ""
    for k, x in pairs:
        inner += php_s(k)
        if isinstance(x, bool):
            inner += f"b:{int(x)};"
        elif isinstance(x, int):
            inner += f"i:{x};"
        else:
            inner += php_s(x)
    return f"a:{len(pairs)}:{{{inner}}}"


def php_serialized(it):
    """PHP `serialize()` values as a store holds them: a WordPress option row (`mysql -N`, newlines as `\\n`), a
    Laravel file-cache entry (expiry, then the value), `redis-cli --raw GET` of a cache key. Env values as an
    array, a command as a job array, a file as a path / content array."""
    v = item_view(it)
    if v[0] == "env":
        ser = php_array(v[1])
    elif v[0] == "cmd":
        ser = php_array([("name", f"{service()}-deploy"), ("command", v[1]), ("enabled", True), ("timeout", 600)])
    else:
        ser = php_array([("path", v[1]), ("content", v[2]), ("mtime", ts_epoch())])
    view = R.randrange(3)
    if view == 0:
        row = ser.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
        opt = pick("corp_sync_settings", "corp_partner_options", "corp_deploy_job")
        return term(f"mysql -N wordpress -e \"SELECT option_value FROM wp_options WHERE option_name='{opt}'\"", row)
    if view == 1:
        return "result", "read_file", f"{ts_epoch()}{ser}", plain_piecer
    return term(f"redis-cli --raw GET laravel_database_{pick('settings', 'jobs', 'config')}:{service()}", ser)


# -- sarif-snippets (held-out)


def sarif_snippets(it):
    """A SARIF 2.1.0 report of a linter flagging lines of the item, quoting them in `region.snippet.text` and the
    whole in `contextRegion.snippet.text`: dotenv-linter on an env file, ShellCheck on a script, a generic linter on a
    file; read back or through `jq .`."""
    v = item_view(it)
    if v[0] == "env":
        lines = [f"{k}={x}" for k, x in v[1]]
        uri, tool, rule, msg = ".env", "dotenv-linter", "UnorderedKey", "The key is not in alphabetical order"
    elif v[0] == "cmd":
        lines = ["#!/bin/sh", "set -eu", *file_lines(v[1])]
        uri, tool, rule, msg = "scripts/run.sh", "shellcheck", "SC2086", "Double quote to prevent globbing and word splitting."
    else:
        lines = file_lines(v[2])
        uri = v[1].removeprefix("/srv/app/").lstrip("/")
        if it["fmt"] == "yaml":
            tool, rule, msg = "yamllint", "line-length", f"line too long ({R.randint(121, 160)} > 120 characters)"
        elif it["fmt"] in ("json", "ts"):
            tool, rule, msg = "prettier-check", "format", "Code style issues found in the above file"
        else:
            tool, rule, msg = "editorconfig-checker", "trailing-whitespace", "Trailing whitespace"
    n = R.choice([i for i, ln in enumerate(lines) if ln.strip()])
    results = [
        {
            "ruleId": rule,
            "level": "warning",
            "message": {"text": msg},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": n + 1, "startColumn": 1, "endColumn": len(lines[n]) + 1, "snippet": {"text": lines[n]}},
                        "contextRegion": {"startLine": 1, "endLine": len(lines), "snippet": {"text": "\n".join(lines) + "\n"}},
                    }
                }
            ],
            "partialFingerprints": {"primaryLocationLineHash": rs(16, HEX) + ":1"},
        }
    ]
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": tool,
                        "informationUri": "https://example.org/" + tool,
                        "rules": [{"id": rule, "shortDescription": {"text": msg}}],
                    }
                },
                "results": results,
            }
        ],
    }
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    if half():
        return "result", "read_file", text, plain_piecer
    return term(f"jq . reports/{tool}.sarif", text)


# -- sqs-message-dump (held-out)


def sqs_message_dump(it):
    """`aws sqs receive-message` output (indent 4): each message's `Body` a JSON string, either the event itself or an
    SNS envelope whose `Message` is the event JSON-encoded once more; or a dead-letter queue dump, one message a line."""
    v = item_view(it)
    if v[0] == "env":
        event = {"event": "config.updated", "service": service(), "env": dict(v[1])}
    elif v[0] == "cmd":
        event = {"event": "job.requested", "job": f"{service()}-deploy", "command": v[1], "requested_by": "ci"}
    else:
        event = {"event": "file.synced", "path": v[1], "content": v[2], "sha256": sha256hex()}
    msg = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    topic = f"arn:aws:sns:eu-west-1:{acct()}:ops-events"
    if half():
        env_ = {
            "Type": "Notification",
            "MessageId": uuid4(),
            "TopicArn": topic,
            "Message": msg,
            "Timestamp": gl_time(),
            "SignatureVersion": "1",
            "Signature": b64(rbytes(256)),
            "SigningCertURL": f"https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-{rs(32, HEX)}.pem",
            "UnsubscribeURL": f"https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn={topic}:{uuid4()}",
        }
        body = json.dumps(env_, indent=2, ensure_ascii=False)
    else:
        body = msg
    m = {
        "MessageId": uuid4(),
        "ReceiptHandle": "AQEB" + rs(R.choice([180, 220]), B64),
        "MD5OfBody": rs(32, HEX),
        "Body": body,
        "Attributes": {"SentTimestamp": str(ts_epoch() * 1000), "ApproximateReceiveCount": str(R.randint(1, 5))},
    }
    if R.random() < 0.3:
        line = json.dumps(m, ensure_ascii=False)
        return "result", "read_file", json.dumps({"MessageId": uuid4(), "Body": "{}"}) + "\n" + line + "\n", plain_piecer
    text = json.dumps({"Messages": [m]}, indent=4, ensure_ascii=False)
    if half():
        return "result", "terminal", text + "\n", plain_piecer
    q = pick("ops-events-dlq", "billing-jobs", "partner-sync-dlq")
    return term(
        f"aws sqs receive-message --queue-url https://sqs.eu-west-1.amazonaws.com/{acct()}/{q} --attribute-names All --max-number-of-messages 1", text
    )


# -- ldif-export (held-out)

LDIF_WIDTH = 76


def ldif_fold(line):
    """An LDIF line folded as `ldapsearch` does: 76 columns, continuation rows begin with one space."""
    rows = [line[:LDIF_WIDTH]]
    i = LDIF_WIDTH
    while i < len(line):
        rows.append(" " + line[i : i + LDIF_WIDTH - 1])
        i += LDIF_WIDTH - 1
    return rows


def ldif_spans(line, a, b):
    """The parts of line[a:b] as the folded rows show them."""
    out, start, width = [], 0, LDIF_WIDTH
    while start < len(line):
        end = start + width
        lo, hi = max(a, start), min(b, end)
        if lo < hi:
            out.append(line[lo:hi])
        start, width = end, LDIF_WIDTH - 1
    return out


def ldif_export(it):
    """`ldapsearch -LLL` (or `slapcat`) output of a service entry holding the item: env values as one `corpEnv` value
    each, a command as `corpCommand`, a file, which holds newlines, base64-encoded as `corpConfig::`; lines folded
    at 76 columns. A credential's pieces are its parts on each folded row (of the base64 text for a file)."""
    v = item_view(it)
    svc = service()
    logical = [
        f"dn: cn={svc},ou=services,dc=corp,dc=example",
        "objectClass: top",
        "objectClass: corpService",
        f"cn: {svc}",
        f"description: {svc} settings, managed by ops",
    ]
    if v[0] == "env":
        logical += [f"corpEnv: {k}={x}" for k, x in v[1]]
    elif v[0] == "cmd":
        logical += [f"corpCommand: {v[1]}"]
    else:
        enc_line = "corpConfig:: " + b64(v[2].encode())
        logical += [f"corpConfigPath: {v[1]}", enc_line]
    logical += [f"entryUUID: {uuid4()}", f"modifyTimestamp: 20261207{R.randint(0, 23):02d}{R.randint(0, 59):02d}{R.randint(0, 59):02d}Z"]
    rows = []
    for ln in logical:
        rows += ldif_fold(ln)
    text = "\n".join(rows) + "\n\n"

    def piecer(a):
        assert not set(a) & CHANGED, a
        out = []
        if v[0] == "file":
            data, enc, atom = v[2].encode(), b64(v[2].encode()), a.encode()
            pre = len("corpConfig:: ")
            start = 0
            while (i := data.find(atom, start)) >= 0:
                j = i + len(atom)
                ks = [k for k in range(len(enc)) if enc[k] != "=" and (6 * k) // 8 >= i and (6 * k + 5) // 8 < j]
                out += ldif_spans(enc_line, pre + ks[0], pre + ks[-1] + 1)
                start = i + 1
        else:
            for ln in logical:
                s = 0
                while (i := ln.find(a, s)) >= 0:
                    out += ldif_spans(ln, i, i + len(a))
                    s = i + 1
        return list(dict.fromkeys(p for p in out if p))

    if R.random() < 0.3:
        return "result", "read_file", text, piecer
    if half():
        typed = f"ldapsearch -LLL -H ldaps://ldap.corp.example -D cn=reader,dc=corp,dc=example -y ~/.ldap-pass -b ou=services,dc=corp,dc=example '(cn={svc})'"
    else:
        typed = f"slapcat -b dc=corp,dc=example -a '(cn={svc})'"
    _, tool, payload, _ = term(typed, text)
    return "result", tool, payload, piecer


# ---------------------------------------------------------------- families

KINDS = {
    "ci-variable-exports": ci_variable_exports,
    "stack-output-exports": stack_output_exports,
    "broker-cache-server-configs": broker_cache_server_configs,
    "db-gui-saved-connections": db_gui_saved_connections,
    "app-seed-fixtures": app_seed_fixtures,
    "account-notification-mails": account_notification_mails,
    "mobile-build-configs": mobile_build_configs,
    "session-cache-entries": session_cache_entries,
}

CONTEXTS = {
    "yaml-front-matter": yaml_front_matter,
    "pandas-frame": pandas_frame,
    "clixml-export": clixml_export,
    "strings-binary": strings_binary,
    "php-serialized": php_serialized,
    "sarif-snippets": sarif_snippets,
    "sqs-message-dump": sqs_message_dump,
    "ldif-export": ldif_export,
}


# ---------------------------------------------------------------- output


def main():
    write_round("r25", SEED, KINDS, CONTEXTS, HELD_OUT_KINDS, HELD_OUT_CONTEXTS, OUT)


if __name__ == "__main__":
    main()
