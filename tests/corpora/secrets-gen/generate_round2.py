"""Round 2 of the generated credential occurrences: new context families and prose wordings.

Round 1 (`generate.py`, `cases.jsonl`) held out six context families and three kind families;
its held-out misses were read once and named shapes (HTML escapes, log prefixes, Python `repr`,
`history` numbers, credentials introduced by words in prose). Those families are now looked at, so
they no longer estimate anything. This round adds **new dev families of the same shapes** to work
on, and **new held-out families** (other encodings, prefixes and wordings of the same shapes),
written before any detector work of this round and read once at the end (`SPLIT.md`, round 2).

    python3 tests/corpora/secrets-gen/generate_round2.py     # rewrites round2.jsonl beside this file

Same output format as `generate.py`. The kind families are round 1's dev kinds (round 1's
held-out kinds stay out of this round) and two new prose kinds; the values come from round 1's
generators, reseeded.
"""

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import generate as g

SEED = 1518
OUT = Path(__file__).with_name("round2.jsonl")

HELD_OUT_CONTEXTS = {"xml-hex-entities", "journalctl", "node-inspect", "fish-history"}
HELD_OUT_KINDS = {"prose-handover"}

# ---------------------------------------------------------------- prose kinds
# (credential sentences, clean sentences with the same words) per language.

PROSE_DEV = {
    "en": (
        [
            "You can log in as {u} using the password {v}.",
            "Credentials for {u}: the password is {v}",
            "I've reset it; the new passphrase is {v}.",
            "Connect with user {u} and password {v}.",
        ],
        [
            "Log in as {u} with the password from the vault.",
            "The password for {u} expires in 30 days.",
            "Use a passphrase of at least five words.",
        ],
    ),
    "de": (
        ["Melde dich als {u} mit Passwort {v} an.", "Das neue Kennwort für {u} ist {v}."],
        ["Melde dich als {u} mit deinem Passwort an.", "Das Kennwort läuft in 30 Tagen ab."],
    ),
    "fr": (
        ["Connecte-toi avec {u} et le mot de passe {v}.", "Le nouveau mot de passe de {u} est {v}."],
        ["Connecte-toi avec ton mot de passe habituel.", "Le mot de passe expire dans 30 jours."],
    ),
    "es": (
        ["Entra como {u} con la contraseña {v}.", "La nueva contraseña de {u} es {v}."],
        ["Entra como {u} con tu contraseña de siempre.", "La contraseña caduca en 30 días."],
    ),
    "ru": (
        ["Заходи под {u}, пароль {v}.", "Новый пароль для {u}: {v}"],
        ["Заходи под {u} со своим паролем.", "Пароль истекает через 30 дней."],
    ),
    "zh": (
        ["用户名{u}，密码{v}。", "{u}的新密码是{v}"],
        ["请用你自己的密码登录。", "密码将在30天后过期。"],
    ),
}

# Held out: a hand-over of access, worded otherwise (written before this round's detector work).
PROSE_HELD = {
    "en": (
        [
            "Hey, {u}'s password is {v} if you need it.",
            "Try signing on as {u} — pw {v}",
            "Login {u} / pass {v}",
            "For the staging box the passcode should be {v}, user {u}.",
        ],
        [
            "Hey, {u}'s password is in 1Password if you need it.",
            "Try signing on as {u} with the usual pw.",
            "Login {u} / pass from the vault",
        ],
    ),
    "de": (
        ["Zugang: Benutzer {u}, Passwort {v}", "Für {u} gilt jetzt das Kennwort {v}."],
        ["Zugang: Benutzer {u}, Passwort wie immer.", "Für {u} gilt jetzt ein neues Kennwort."],
    ),
    "fr": (
        ["Identifiant {u}, mot de passe {v}.", "Pour {u}, le mdp c'est {v}"],
        ["Identifiant {u}, mot de passe habituel.", "Pour {u}, le mdp est dans le coffre."],
    ),
    "es": (
        ["Usuario {u}, contraseña {v}.", "Para {u} la clave ahora es {v}"],
        ["Usuario {u}, contraseña de siempre.", "Para {u} la clave está en el gestor."],
    ),
    "pt": (
        ["Usuário {u}, senha {v}.", "Para {u} a senha agora é {v}"],
        ["Usuário {u}, senha de sempre.", "Para {u} a senha está no cofre."],
    ),
    "ja": (
        ["ユーザー名は{u}、パスワードは{v}です。", "{u}でログイン、パスワード{v}"],
        ["ユーザー名は{u}、パスワードはいつもの通りです。", "パスワードは金庫にあります。"],
    ),
}


def prose_kind(table):
    def make(clean):
        lang = g.r.choice(sorted(table))
        pw = g.password()
        if clean:
            return {"text": g.r.choice(table[lang][1]).format(u=g.user()), "secrets": [], "shape": "prose", "pairs": [], "lang": lang}
        text = g.r.choice(table[lang][0]).format(v=pw, u=g.user())
        return {"text": text, "secrets": [("password", pw)], "shape": "prose", "pairs": [("password", pw)], "lang": lang}

    return make


# Dev, added after the first commit of this round (appended, so every earlier case is unchanged):
# a login hand-over with no credential word at all.
PROSE_LOGIN = {
    "en": (
        [
            "You can sign in as {u} with {v} for now.",
            "ssh in as {u} using {v} and restart nginx.",
            "Connect as {u} with {v}, then run the migration.",
        ],
        ["You can sign in as {u} with your SSO account.", "ssh in as {u} using your own key.", "Connect as {u} with the read-only role."],
    ),
    "de": (["Melde dich als {u} mit {v} an."], ["Melde dich als {u} mit deinem Konto an."]),
    "fr": (["Connecte-toi en tant que {u} avec {v}."], ["Connecte-toi en tant que {u} avec ton compte."]),
    "es": (["Entra como {u} con {v}."], ["Entra como {u} con tu cuenta."]),
}

KINDS = {k: v for k, v in g.KINDS.items() if k not in g.HELD_OUT_KINDS and not k.startswith("prose-")}
KINDS["prose-access"] = prose_kind(PROSE_DEV)
KINDS["prose-handover"] = prose_kind(PROSE_HELD)
KINDS["prose-login"] = prose_kind(PROSE_LOGIN)

# ---------------------------------------------------------------- contexts


def entities(text, table):
    return "".join(table.get(c, c) for c in text)


# Go's html/template and many web frameworks: decimal entities for quotes, `+`, `=`.
GO_ESC = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;", "+": "&#43;", "=": "&#61;"}
# XML serialisers: hexadecimal entities and `&apos;`.
XML_ESC = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#x22;", "'": "&apos;", "=": "&#x3D;", ":": "&#x3A;"}


def ts():
    return f"2026-05-0{g.r.randint(1, 9)}T1{g.r.randint(0, 9)}:{g.r.randint(10, 59)}:{g.r.randint(10, 59)}.{g.rs(9, g.DIGITS)}Z"


def lines(item):
    return item["text"].split("\n")


def py_dict(item):
    pairs = item["pairs"] or [(f"line{i}", line) for i, line in enumerate(lines(item))]
    return repr({k: v for k, v in pairs})


def node_inspect(item):
    body = ",\n".join(f"  {json.dumps(line)[1:-1]!r}" for line in lines(item))
    return f"[\n{body}\n]"


def zsh_history(item):
    t = 1777000000 + g.r.randint(0, 10**6)
    return "\n".join(f": {t + 7 * i}:0;{c}" for i, c in enumerate(["cd /srv/app", *lines(item), "exit"]))


def timestamped_history(item):
    n = g.r.randint(100, 999)
    return "\n".join(f"{n + i:5d}  2026-05-04 10:{10 + i:02d}:{g.r.randint(10, 59)} {c}" for i, c in enumerate(["git status", *lines(item), "exit"]))


def fish_history(item):
    t = 1777000000 + g.r.randint(0, 10**6)
    return "\n".join(f"- cmd: {c}\n  when: {t + 11 * i}" for i, c in enumerate(["cd /srv/app", *lines(item), "exit"]))


def page(body):
    return f"<html><body><h2>config</h2><pre>{body}</pre></body></html>"


CONTEXTS = {
    # dev
    "go-template-entities": ({"file", "http", "prose"}, lambda it: g.result("web_extract", page(entities(it["text"], GO_ESC)))),
    "kubectl-logs": ({"file", "http", "cmd"}, lambda it: g.result("terminal", "\n".join(f"{ts()} {line}" for line in lines(it)))),
    "compose-logs": (
        {"file", "http", "cmd"},
        lambda it: g.result("terminal", "\n".join(f"web-1  | {line}" for line in lines(it))),
    ),
    "python-repr-dict": ({"file", "http"}, lambda it: g.result("execute_code", py_dict(it))),
    "python-bytes": ({"file", "http", "cmd"}, lambda it: g.result("execute_code", repr(it["text"].encode()))),
    "zsh-history": ({"cmd"}, lambda it: g.result("terminal", zsh_history(it))),
    "history-timestamps": ({"cmd"}, lambda it: g.result("terminal", timestamped_history(it))),
    "chat-prose": ({"prose"}, lambda it: ("reply", "", it["text"], it["text"])),
    # held out
    "xml-hex-entities": ({"file", "http", "prose"}, lambda it: g.result("web_extract", page(entities(it["text"], XML_ESC)))),
    "journalctl": (
        {"file", "http", "cmd"},
        lambda it: g.result("terminal", "\n".join(f"May 04 10:0{i % 10}:{10 + i} app01 deploy[4123]: {line}" for i, line in enumerate(lines(it)))),
    ),
    "node-inspect": ({"file", "http"}, lambda it: g.result("execute_code", node_inspect(it))),
    "fish-history": ({"cmd"}, lambda it: g.result("terminal", fish_history(it))),
}


def derive(value, ctx):
    """The value as the guard reads it after the context's own encoding."""
    if ctx == "go-template-entities":
        return entities(value, GO_ESC)
    if ctx == "xml-hex-entities":
        return entities(value, XML_ESC)
    if ctx in ("python-repr-dict", "python-bytes"):
        return value.replace("\\", "\\\\")
    if ctx == "node-inspect":
        return "\n".join(repr(json.dumps(part)[1:-1])[1:-1] for part in value.split("\n"))
    return value


def main():
    g.r = random.Random(SEED)
    cases = []
    n = 0
    for kind in KINDS:
        for ctx, (shapes, render) in CONTEXTS.items():
            secret_n, clean_n = (8, 4) if kind.startswith("prose") else (2, 1)
            for label in ["secret"] * secret_n + ["clean"] * clean_n:
                for _attempt in range(6):
                    item = KINDS[kind](label == "clean")
                    if g.applies(shapes, item):
                        break
                else:
                    break
                scope, tool, payload, read = render(item)
                secrets = []
                for k, v in item["secrets"]:
                    v2 = derive(v, ctx)
                    p = g.pieces_of(v2, read)
                    if p is None and ctx == "python-repr-dict":
                        continue  # the dict shows only the item's pairs
                    assert p, (kind, ctx, v2, read)
                    secrets.append({"kind": k, "value": v2, "pieces": p})
                if label == "secret" and not secrets:
                    continue
                n += 1
                held_out = kind in HELD_OUT_KINDS or ctx in HELD_OUT_CONTEXTS
                cases.append(g.case(f"r{n:05d}", held_out, kind, ctx, label, scope, tool, payload, secrets))
    g.write_cases(OUT, cases)


if __name__ == "__main__":
    main()
