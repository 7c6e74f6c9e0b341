"""Seeded input of the side-by-side bench (issue 20): 8 MiB of tool results with 200 planted
credentials, written two ways over the same bytes.

    python3 bench/scale/gen.py [--mib 8] [--secrets 200] [--seed 20] [--out bench/scale/out]

The documents are the clean background of `bench/secrets/gen_background.py` (tool-result JSON,
code, logs, prose; no credentials). 200 of them get one credential each, in a format gitleaks's
default rules and ours both know (GitHub PAT with its checksum, AWS key id, Slack bot token,
Stripe live key, GitLab PAT), in a line a tool would print (`export`, a header, a config line,
a log line), so both scanners do the same job.

OUT/results.jsonl   `egress-guard inspect --jsonl` input (scope result, tool read_file)
OUT/files/NNNNN.txt the same documents as files (`gitleaks dir`)
OUT/planted.json    [{"id", "kind", "secret"}]: what must be gone from each answer
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import string
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "secrets"))
import gen_background as bg

ALNUM = string.ascii_letters + string.digits
BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def tok(r: random.Random, n: int, alphabet: str = ALNUM) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def github_pat(r: random.Random) -> str:
    body = tok(r, 30)
    n = zlib.crc32(body.encode())
    check = ""
    for _ in range(6):
        check = BASE62[n % 62] + check
        n //= 62
    return "ghp_" + body + check


KINDS = {
    "github-pat": github_pat,
    "aws-access-key-id": lambda r: "AKIA" + tok(r, 16, string.ascii_uppercase + "234567"),
    "slack-bot-token": lambda r: f"xoxb-{tok(r, 12, string.digits)}-{tok(r, 13, string.digits)}-{tok(r, 24)}",
    "stripe-live-key": lambda r: "sk_live_" + tok(r, 24),
    "gitlab-pat": lambda r: "glpat-" + tok(r, 20),
}

LINES = [
    "export {name}={secret}",
    'curl -H "Authorization: Bearer {secret}" https://api.example.com/v1/items',
    '{name} = "{secret}"',
    "2026-11-30T10:{mm}:00Z INFO loaded credentials {name}={secret} from environment",
]
NAMES = {
    "github-pat": "GITHUB_TOKEN",
    "aws-access-key-id": "AWS_ACCESS_KEY_ID",
    "slack-bot-token": "SLACK_BOT_TOKEN",
    "stripe-live-key": "STRIPE_API_KEY",
    "gitlab-pat": "GITLAB_TOKEN",
}


def plant(r: random.Random, doc: str, kind: str, secret: str) -> str:
    line = r.choice(LINES).format(name=NAMES[kind], secret=secret, mm=f"{r.randint(0, 59):02d}")
    if doc.startswith("{"):  # a tool-result JSON document: the line goes into its escaped content
        obj = json.loads(doc)
        inner = json.loads(obj["content"])
        text = inner["content"].splitlines()
        text.insert(r.randint(0, len(text)), line)
        inner["content"] = "\n".join(text) + "\n"
        obj["content"] = json.dumps(inner)
        return json.dumps(obj)
    lines = doc.splitlines()
    lines.insert(r.randint(0, len(lines)), line)
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", type=float, default=8)
    ap.add_argument("--secrets", type=int, default=200)
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent / "out"))
    a = ap.parse_args()
    r = random.Random(a.seed)
    docs = []
    total = 0
    while total < a.mib * 2**20:
        kind = r.choice(["tool_result", "tool_result", "code", "prose", "log"])
        doc = {
            "tool_result": bg.tool_result,
            "code": bg.code,
            "log": bg.log,
            "prose": lambda r: bg.prose(r, 40),
        }[kind](r)
        docs.append(doc)
        total += len(doc.encode())
    planted = []
    kinds = sorted(KINDS)
    for n, i in enumerate(sorted(r.sample(range(len(docs)), a.secrets))):
        kind = kinds[n % len(kinds)]
        secret = KINDS[kind](r)
        docs[i] = plant(r, docs[i], kind, secret)
        planted.append({"id": i, "kind": kind, "secret": secret})
    out = Path(a.out)
    shutil.rmtree(out, ignore_errors=True)
    (out / "files").mkdir(parents=True)
    with open(out / "results.jsonl", "w") as f:
        for i, doc in enumerate(docs):
            f.write(json.dumps({"id": i, "scope": "result", "tool": "read_file", "payload": doc}) + "\n")
            (out / "files" / f"{i:05d}.txt").write_text(doc)
    (out / "planted.json").write_text(json.dumps(planted, indent=0))
    size = sum(len(d.encode()) for d in docs)
    print(f"{len(docs)} documents, {size / 2**20:.2f} MiB, {len(planted)} credentials planted -> {out}")


if __name__ == "__main__":
    main()
