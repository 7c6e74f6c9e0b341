"""Seeded generator of a clean background corpus of realistic agent egress (no credentials):
tool-result JSON (agent-protocol ids, digests, usage fields, escaped file content), source code
with credential-named but benign identifiers, prose (some non-ASCII), and logs.

    python gen_background.py [--mib 32] [--seed 7] [--out data/background] [--non-ascii 0.05]

--non-ascii F replaces a fraction F of the lowercase words (3+ letters) with non-ASCII ones after
generation (same seed): shows non-ASCII text scans as fast as ASCII.

Writes one file per document under OUT/ and OUT.jsonl (one JSON string per line).
"""

import argparse
import json
import random
import re
import string
import uuid
from pathlib import Path

WORDS = [
    "the",
    "of",
    "and",
    "to",
    "in",
    "is",
    "that",
    "for",
    "it",
    "as",
    "with",
    "was",
    "on",
    "be",
    "by",
    "this",
    "are",
    "or",
    "from",
    "at",
    "an",
    "which",
    "but",
    "not",
    "have",
    "has",
    "table",
    "report",
    "agent",
    "model",
    "result",
    "value",
    "output",
    "count",
    "file",
    "data",
    "user",
    "request",
    "response",
    "cache",
    "index",
    "query",
    "server",
    "client",
    "config",
    "token",
    "key",
    "secret",
    "password",
    "session",
    "build",
    "deploy",
    "service",
    "region",
    "bucket",
    "commit",
    "branch",
    "release",
    "version",
    "update",
    "patch",
    "review",
    "summary",
    "analysis",
]
UNICODE = [
    "Grüße aus München",
    "naïve café",
    "日本語のテキスト",
    "数据分析报告",
    "Ελληνικά",
    "señor Muñoz",
    "Привет мир",
]


def rid(r, n, alphabet=string.ascii_letters + string.digits):
    return "".join(r.choice(alphabet) for _ in range(n))


def prose(r, n):
    out = []
    for _ in range(n):
        s = " ".join(r.choice(WORDS) for _ in range(r.randint(6, 18)))
        if r.random() < 0.15:
            s += " " + r.choice(UNICODE)
        out.append(s.capitalize() + ".")
    return " ".join(out)


def code(r):
    lines = []
    for i in range(r.randint(20, 60)):
        k = r.choice(
            [
                "cache_key",
                "token_type",
                "api_key",
                "password_min_length",
                "secret_name",
                "primary_key",
                "sort_key",
                "auth_header",
                "max_tokens",
            ]
        )
        v = r.choice(
            [
                'f"{user_id}:{page}"',
                '"bearer"',
                'os.environ["OPENAI_API_KEY"]',
                str(r.randint(1, 64)),
                '"prod/db"',
                "True",
                "settings.SECRET_KEY",
                'request.headers.get("Authorization")',
                f'"{rid(r, 7, string.ascii_lowercase)}"',
            ]
        )
        lines.append(
            r.choice(
                [
                    f"    {k} = {v}",
                    f"def handle_{rid(r, 6, string.ascii_lowercase)}(self, {k}: str) -> str:",
                    f"    # {prose(r, 1)}",
                    f"    return self.client.get(url, params={{'page': {i}}})",
                    f"    logger.info('processed %s rows', {r.randint(1, 9999)})",
                ]
            )
        )
    return "\n".join(lines) + "\n"


def log(r):
    lines = []
    for _ in range(r.randint(40, 120)):
        lines.append(
            f"2026-11-{r.randint(1, 28):02d}T{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}Z "
            f"{r.choice(['INFO', 'WARN', 'DEBUG'])} req={uuid.UUID(int=r.getrandbits(128))} "
            f"GET /api/v1/items?page={r.randint(1, 99)}&limit=50 status={r.choice([200, 201, 304, 404])} "
            f"sha={rid(r, 40, '0123456789abcdef')} ip=10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}"
        )
    return "\n".join(lines) + "\n"


def tool_result(r):
    inner = {
        "path": f"src/{rid(r, 8, string.ascii_lowercase)}.py",
        "content": r.choice([code(r), log(r), prose(r, 12)]),
        "sha256": rid(r, 64, "0123456789abcdef"),
        "request_id": str(uuid.UUID(int=r.getrandbits(128))),
    }
    return json.dumps(
        {
            "type": "tool_result",
            "tool_use_id": "toolu_01" + rid(r, 22),
            "id": "chatcmpl-" + rid(r, 29),
            "tool_calls": [{"id": "call_" + rid(r, 24)}],
            "usage": {"input_tokens": r.randint(100, 9000), "max_tokens": 4096},
            "content": json.dumps(inner),
        }
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", type=float, default=32)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default=str(Path(__file__).parent / "data" / "background"))
    ap.add_argument("--non-ascii", type=float, default=0.0)
    a = ap.parse_args()
    r = random.Random(a.seed)
    swap = random.Random(a.seed + 1)
    foreign = [w for phrase in UNICODE for w in phrase.split() if not w.isascii()]

    def localize(doc):
        return re.sub(
            r"(?<![A-Za-z])[a-z]{3,}(?![A-Za-z])",
            lambda m: swap.choice(foreign) if swap.random() < a.non_ascii else m.group(0),
            doc,
        )

    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    total, n = 0, 0
    with open(str(out) + ".jsonl", "w") as jl:
        while total < a.mib * 1024 * 1024:
            kind = r.choice(["tool_result", "tool_result", "code", "prose", "log"])
            doc = {
                "tool_result": tool_result,
                "code": code,
                "log": log,
                "prose": lambda r: prose(r, 40),
            }[kind](r)
            if a.non_ascii:
                doc = localize(doc)
            (out / f"{n:05d}.{ {'tool_result': 'json', 'code': 'py', 'log': 'log', 'prose': 'md'}[kind] }").write_text(doc)
            jl.write(json.dumps(doc, ensure_ascii=False) + "\n")
            total += len(doc.encode())
            n += 1
    print(f"{n} documents, {total / 2**20:.1f} MiB -> {out}")


if __name__ == "__main__":
    main()
