"""Seeded rows for the Spark tests, built from the repository's labelled corpora (credentials,
personal data, shell commands, small-count tables, clean text): each cell is one to three pieces
of them in a tool-result shape (plain text, a log, a JSON tool result), so every rule's families
and the clean background all occur. The answers are not labelled here: the CLI is the oracle."""

from __future__ import annotations

import json
import random
from pathlib import Path

CORPORA = Path(__file__).resolve().parents[3] / "tests" / "corpora"


def _jsonl(rel: str) -> list[dict]:
    path = CORPORA / rel
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _text(payload: object) -> str:
    return payload if isinstance(payload, str) else json.dumps(payload)


def pools() -> dict[str, list[str]]:
    """Texts by family (each family non-empty: a missing corpus file is a failure)."""
    secrets = [_text(c["payload"]) for c in _jsonl("secrets-gen/cases.jsonl")]
    pii = [c["text"] for c in _jsonl("pii/dev.jsonl") + _jsonl("pii/heldout.jsonl")]
    shell = [c["cmd"] for c in _jsonl("shell/cases.jsonl") + _jsonl("network-gen/cases.jsonl")]
    tables = [p.read_text(encoding="utf-8") for p in sorted((CORPORA / "sdc").glob("t*.md")) + sorted((CORPORA / "sdc").glob("t*.csv"))]
    clean = [c["text"] for c in _jsonl("secrets/hermie/clean_negatives.jsonl")]
    out = {"secrets": secrets, "pii": pii, "shell": shell, "tables": [t for t in tables if len(t) < 20_000], "clean": clean}
    for name, texts in out.items():
        assert texts, f"no {name} texts in {CORPORA}"
    return out


FILLER = [
    "2026-12-02T01:{mm}:07Z INFO worker {n} finished in {n}ms",
    "build ok: {n} files, 0 warnings",
    "Die Prüfung ist abgeschlossen ({n} Einträge).",
    "résumé: {n} lignes traitées — aucune erreur",
    "",
]


def results(n: int, seed: int = 20) -> list[str]:
    """``n`` tool-result cells."""
    r = random.Random(seed)
    p = pools()
    families = list(p)
    cells = []
    for _ in range(n):
        pieces = []
        for _ in range(r.randint(1, 3)):
            pieces.append(r.choice(p[r.choice(families)]))
            pieces.append(r.choice(FILLER).format(mm=f"{r.randint(0, 59):02d}", n=r.randint(1, 9999)))
        text = "\n".join(pieces)
        shape = r.random()
        if shape < 0.2:
            text = json.dumps({"output": text, "exit_code": r.choice([0, 1])})
        elif shape < 0.25:
            text = text[: r.randint(0, len(text))]
        cells.append(text)
    return cells


def replies(n: int, seed: int = 21) -> list[str]:
    r = random.Random(seed)
    p = pools()
    p["tables"] = [t for t in p["tables"] if len(t) < 4000]
    return [f"Here is what I found:\n\n{r.choice(p[r.choice(['pii', 'tables', 'secrets', 'clean'])])}" for _ in range(n)]


def args(n: int, seed: int = 22) -> list[str]:
    """``terminal`` arguments as JSON text; a few cells are not a JSON object."""
    r = random.Random(seed)
    p = pools()
    cells = []
    for i in range(n):
        if i % 97 == 5:
            cells.append(r.choice(["[1, 2]", "not json", '"ls"', "{"]))
            continue
        cmd = r.choice(p["shell"]) if r.random() < 0.7 else f"echo {json.dumps(r.choice(p['secrets'])[:400])} > /tmp/out.txt"
        cells.append(json.dumps({"command": cmd, "timeout": r.choice([30, 1.5, 1e-7])}))
    return cells
