"""Egress Guard's personal-data rule and Presidio side by side on tests/corpora/pii/ (both halves).

    python3 -m venv bench/.venv && bench/.venv/bin/pip install presidio-analyzer==2.2.366
    (cd bench/pii/native && CARGO_TARGET_DIR=../../../target/pii-bench cargo build --release)
    bench/.venv/bin/python bench/pii/compare.py [--repeat 20]

Presidio runs its pattern recognisers through `AnalyzerEngine` with its `NoOpNlpEngine`, so no
spaCy model is downloaded: every predefined recogniser for a kind the corpus labels (e-mail,
phone via `phonenumbers`, credit card, IBAN, IP, US SSN, UK NHS and NINO, Indian PAN and
Aadhaar, Korean RRN, Spanish NIF/NIE, Italian fiscal code), all at score >= 0 (its default).
It has no recogniser for the Chinese, Taiwanese, Hong Kong, French, Dutch and Brazilian IDs, and
without a model none for names and addresses: figures are given over all kinds and over the
kinds Presidio covers.

The criterion is the engine test's (engine/tests/pii_corpus.rs): an identifier is removed when
every letter and digit of it is inside a finding (80 % of the characters for names and
addresses); a clean case is touched by any finding; a failing check digit is flagged when a
finding overlaps it. MiB per CPU-second: the CPU time of the scanning calls only (Egress Guard:
the native engine's timed loop, repeated, wall time of a single thread; Presidio: process
time around `analyze`).
"""

import argparse
import json
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpora" / "pii"
NATIVE = ROOT / "target" / "pii-bench" / "release" / "pii-bench-native"

PRESIDIO_KINDS = {
    "email",
    "phone",
    "payment-card",
    "iban",
    "ip-address",
    "us-ssn",
    "nhs-number",
    "uk-nino",
    "in-pan",
    "aadhaar",
    "kr-rrn",
    "es-dni",
    "es-nie",
    "it-codice-fiscale",
}


def load():
    cases = []
    for split in ("dev", "heldout"):
        with open(CORPUS / f"{split}.jsonl", encoding="utf-8") as f:
            cases += [json.loads(line) for line in f]
    return cases


def presidio_engine():
    import tldextract
    from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
    from presidio_analyzer.predefined_recognizers.generic import email_recognizer

    # Its e-mail recogniser asks tldextract, which would fetch the public suffix list from the
    # network; the bench stays offline on tldextract's bundled snapshot.
    email_recognizer.tldextract = types.SimpleNamespace(extract=tldextract.TLDExtract(suffix_list_urls=()))
    from presidio_analyzer.nlp_engine import NoOpNlpEngine
    from presidio_analyzer.predefined_recognizers import (
        CreditCardRecognizer,
        EmailRecognizer,
        EsNieRecognizer,
        EsNifRecognizer,
        IbanRecognizer,
        InAadhaarRecognizer,
        InPanRecognizer,
        IpRecognizer,
        ItFiscalCodeRecognizer,
        KrRrnRecognizer,
        NhsRecognizer,
        PhoneRecognizer,
        UkNinoRecognizer,
        UsSsnRecognizer,
    )

    registry = RecognizerRegistry(supported_languages=["en"])
    for cls in (
        CreditCardRecognizer,
        EmailRecognizer,
        EsNieRecognizer,
        EsNifRecognizer,
        IbanRecognizer,
        InAadhaarRecognizer,
        InPanRecognizer,
        IpRecognizer,
        ItFiscalCodeRecognizer,
        KrRrnRecognizer,
        NhsRecognizer,
        PhoneRecognizer,
        UkNinoRecognizer,
        UsSsnRecognizer,
    ):
        registry.add_recognizer(cls(supported_language="en"))
    nlp = NoOpNlpEngine(models=[{"lang_code": "en", "model_name": "none"}])
    return AnalyzerEngine(registry=registry, nlp_engine=nlp, supported_languages=["en"])


def covered(found, kind, start, end, text):
    def inside(i):
        return any(s <= i < e for s, e in found)

    chars = range(start, end)
    if kind in ("person-name", "address"):
        return sum(inside(i) for i in chars) * 5 >= len(chars) * 4
    return all(inside(i) for i in chars if text[i].isalnum())


def score(cases, findings, kinds=None):
    """Removed / identifiers, clean touched / clean, failing flagged / failing, stray / findings."""
    t = {
        "ids": 0,
        "removed": 0,
        "clean": 0,
        "touched": 0,
        "failing": 0,
        "flagged": 0,
        "findings": 0,
        "stray": 0,
    }
    for case, found in zip(cases, findings, strict=True):
        text = case["text"]
        spans = [s for s in case["spans"] if kinds is None or s["kind"] in kinds]
        t["findings"] += len(found)
        t["stray"] += sum(not any(s < sp["end"] and sp["start"] < e for sp in case["spans"]) for s, e in found)
        for sp in spans:
            t["ids"] += 1
            t["removed"] += covered(found, sp["kind"], sp["start"], sp["end"], text)
        for f in case["failing"]:
            if kinds is None or f["kind"] in kinds:
                t["failing"] += 1
                t["flagged"] += any(s < f["end"] and f["start"] < e for s, e in found)
        if case["label"] == "negative":
            t["clean"] += 1
            t["touched"] += bool(found)
    return t


def row(name, t):
    def pct(a, b):
        return 100.0 * a / max(b, 1)

    return (
        f"| {name} | {pct(t['removed'], t['ids']):.1f}% ({t['removed']}/{t['ids']}) | {pct(t['touched'], t['clean']):.2f}% "
        f"({t['touched']}/{t['clean']}) | {t['flagged']}/{t['failing']} | {100 - pct(t['stray'], t['findings']):.1f}% |"
    )


def egress_guard(cases, repeat):
    texts = "".join(json.dumps(c["text"], ensure_ascii=False) + "\n" for c in cases)
    out = subprocess.run([str(NATIVE), "1"], input=texts, capture_output=True, text=True, check=True)
    findings = [[(s, e) for s, e, _ in json.loads(line)] for line in out.stdout.splitlines()]
    timed = subprocess.run(
        [str(NATIVE), str(repeat)],
        input=texts,
        capture_output=True,
        text=True,
        check=True,
    )
    fields = timed.stderr.split()
    secs, nbytes = float(fields[1]), int(fields[3])
    return findings, nbytes / 2**20 / secs


def presidio(cases, engine):
    entities = [
        "EMAIL_ADDRESS",
        "PHONE_NUMBER",
        "CREDIT_CARD",
        "IBAN_CODE",
        "IP_ADDRESS",
        "US_SSN",
        "UK_NHS",
        "UK_NINO",
        "IN_PAN",
        "IN_AADHAAR",
        "KR_RRN",
        "ES_NIF",
        "ES_NIE",
        "IT_FISCAL_CODE",
    ]
    findings = []
    cpu = 0.0
    for c in cases:
        start = time.process_time()
        results = engine.analyze(text=c["text"], language="en", entities=entities)
        cpu += time.process_time() - start
        findings.append([(r.start, r.end) for r in results])
    nbytes = sum(len(c["text"].encode()) for c in cases)
    return findings, nbytes / 2**20 / cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20, help="rounds of the native timed loop")
    args = ap.parse_args()
    if not NATIVE.exists():
        sys.exit(f"build the native scanner first: {NATIVE} is missing (see the module doc)")
    cases = load()
    eg, eg_speed = egress_guard(cases, args.repeat)
    pr, pr_speed = presidio(cases, presidio_engine())
    print("| tool, half, kinds | identifiers removed | clean cases touched | failing check digits flagged | finding precision |")
    print("|---|---|---|---|---|")
    for split in ("dev", "heldout"):
        idx = [i for i, c in enumerate(cases) if c["split"] == split]
        sub = [cases[i] for i in idx]
        for kinds, label in ((None, "all kinds"), (PRESIDIO_KINDS, "Presidio's kinds")):
            print(
                row(
                    f"Egress Guard, {split}, {label}",
                    score(sub, [eg[i] for i in idx], kinds),
                )
            )
            print(
                row(
                    f"Presidio, {split}, {label}",
                    score(sub, [pr[i] for i in idx], kinds),
                )
            )
    print(
        f"\nMiB per CPU-second on the corpus ({sum(len(c['text'].encode()) for c in cases) / 2**20:.2f} MiB): "
        f"Egress Guard native {eg_speed:.1f}, Presidio {pr_speed:.2f}"
    )


if __name__ == "__main__":
    main()
