"""What the blind rounds (7 and 8) share: the random source, the alphabets and the helpers that
draw values and lay a case out. A round seeds `R` in its `main`; its own families and contexts stay
in its file. Stdlib only.
"""

import base64
import json
import random
import re
import string

LOWER, UPPER, DIGITS = string.ascii_lowercase, string.ascii_uppercase, string.digits
ALNUM = LOWER + UPPER + DIGITS
HEX = "0123456789abcdef"
UHEX = "0123456789ABCDEF"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"
CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
PW_CHARS = ALNUM + "!#%*_+-=.@:,/?~^"
# Characters a value never holds: they would change with the quoting of the place it stands in.
UNSAFE_IN_VALUES = set("\n\r\t\"'\\`|$")
# Seeded by each round's `main` (`R.seed(SEED)`), so a round's draws are its own.
R = random.Random()
WORDS = ["Harbor", "Copper", "Falcon", "Meadow", "Glacier", "Orchid", "Tundra", "Saffron", "Beacon", "Quartz", "Willow", "Ember", "Nimbus"]
DECKS = {}


def rs(n, alphabet=ALNUM):
    return "".join(R.choice(alphabet) for _ in range(n))


def pick(*xs):
    return R.choice(xs)


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(b):
    return base64.b64encode(b).decode()


def b64url(b, pad=False):
    s = base64.urlsafe_b64encode(b).decode()
    return s if pad else s.rstrip("=")


def uuid4():
    return f"{rs(8, HEX)}-{rs(4, HEX)}-4{rs(3, HEX)}-{pick('8', '9', 'a', 'b')}{rs(3, HEX)}-{rs(12, HEX)}"


def sha1hex():
    return rs(40, HEX)


def ts_epoch():
    return R.randint(1_767_000_000, 1_779_000_000)


def password():
    """Passwords as people and generators make them; never a character that changes with quoting."""
    style = R.randrange(5)
    if style == 0:
        v = f"{R.choice(WORDS)}{R.randint(1990, 2031)}{R.choice('!#.?*')}"
    elif style == 1:
        v = rs(1, ALNUM) + rs(R.randint(13, 23), PW_CHARS)
    elif style == 2:
        v = "-".join(R.choice(WORDS).lower() for _ in range(3)) + str(R.randint(2, 99))
    elif style == 3:
        v = rs(R.randint(16, 32), ALNUM)
    else:
        v = f"{rs(1, UPPER)}{rs(5, LOWER)}{R.randint(10, 99)}{R.choice('!#%*+=')}{rs(4, ALNUM)}"
    return v


def shq(v):
    """A shell word for v: bare when safe, else single-quoted (values hold no single quote)."""
    if all(c in ALNUM + "_-.+=@:,/%" for c in v):
        return v
    return "'" + v + "'"


def jwt(header, claims, sig_len=32):
    h = b64url(json.dumps(header, separators=(",", ":")).encode())
    c = b64url(json.dumps(claims, separators=(",", ":")).encode())
    return f"{h}.{c}.{b64url(rbytes(sig_len))}"


def base62(n, minwidth=1, alphabet=DIGITS + LOWER + UPPER):
    out = ""
    while n:
        n, m = divmod(n, 62)
        out = alphabet[m] + out
    return out.rjust(minwidth, alphabet[0])


def deal(key, n):
    """The next of n forms for `key`, dealt from a shuffled deck so every form comes up as often as the others."""
    deck = DECKS.setdefault(key, [])
    if not deck:
        deck.extend(R.sample(range(n), n))
    return deck.pop()


def item(text, secrets, shape="file", fmt="text", name="config"):
    """One thing an agent handles: a file (`shape` file) or a command line (`shape` cmd).

    `secrets` are (kind, value) or (kind, value, atoms): the atoms are the runs of the value that
    stand in the text without a break (a PEM body's lines); by default the value itself.
    """
    secs = []
    for s in secrets:
        kind, value = s[0], s[1]
        atoms = list(s[2]) if len(s) > 2 else [value]
        for a in atoms:
            assert a in text, (kind, a, text)
            assert not set(a) & UNSAFE_IN_VALUES, (kind, a)
        secs.append({"kind": kind, "value": value, "atoms": atoms})
    return {"text": text, "secrets": secs, "shape": shape, "fmt": fmt, "name": name}


def clean(text, shape="file", fmt="text", name="config"):
    return item(text, [], shape, fmt, name)


def cmd(text, secrets, name="scripts/deploy.sh"):
    return item(text, secrets, "cmd", "cmd", name)


def env_file(pairs):
    return "".join(f"{k}={v}\n" for k, v in pairs)


def env(pairs, secrets, name=".env"):
    return item(env_file(pairs), secrets, fmt="env", name=name)


def item_path(it):
    """Where the item lives: a command's script, else the file's path without its root."""
    if it["shape"] == "cmd":
        return "scripts/run.sh"
    return it["name"].lstrip("/")


def repo():
    return pick("corp/app", "corp/billing", "corp/infra", "corp/platform", "corp/mobile")


class Layout:
    """Where the item's lines stand in a context that cuts them: each logical line, the width its rows are cut at
    (None: shown whole) and whether only its first row shows (a column that truncates)."""

    def __init__(self):
        self.lines = []

    def add(self, line, width=None, trunc=False):
        self.lines.append((line, width, trunc))

    def pieces(self, atom):
        out = []
        for line, width, trunc in self.lines:
            start = 0
            while (i := line.find(atom, start)) >= 0:
                a, b = i, i + len(atom)
                if width is None:
                    out.append(atom)
                else:
                    for k in range(a // width, (b - 1) // width + 1):
                        if trunc and k > 0:
                            break
                        out.append(line[max(a, k * width) : min(b, (k + 1) * width)])
                start = i + 1
        return list(dict.fromkeys(p for p in out if p))


def rows_of(line, width):
    return [line[i : i + width] for i in range(0, max(len(line), 1), width)]


def whole(atom):
    return [atom]


def script_text(it):
    """A command item as the script that holds it; a file as it is."""
    return f"#!/bin/sh\nset -eu\n{it['text']}\n" if it["shape"] == "cmd" else it["text"]


def env_pairs(it):
    """The (name, value) pairs of an env-file item, else None."""
    if it["fmt"] != "env":
        return None
    pairs = []
    for ln in it["text"].split("\n"):
        if ln.strip() and not ln.startswith("#"):
            k, _, v = ln.partition("=")
            pairs.append((k, v))
    return pairs


def shown_lines(it):
    """The item as lines of text: an env file's `K=v` lines, a command, or the file."""
    pairs = env_pairs(it)
    if pairs is not None:
        return [f"{k}={v}" for k, v in pairs]
    if it["shape"] == "cmd":
        return [it["text"]]
    return file_lines(it["text"])


def json_doc(it):
    if it["fmt"] != "json":
        return None
    return json.loads(it["text"])


def file_lines(text):
    ls = text.split("\n")
    return ls[:-1] if ls and ls[-1] == "" else ls


def base_name(it):
    return it["name"].rsplit("/", 1)[-1]


def indent(text, n):
    return "".join(" " * n + ln + "\n" if ln else "\n" for ln in file_lines(text))


def b64_runs(data, atom):
    """The base64 characters of `b64(data)` that encode only the bytes of `atom` (text or bytes), at each place it occurs."""
    enc, a = b64(data), atom if isinstance(atom, bytes) else atom.encode()
    out, start = [], 0
    while (i := data.find(a, start)) >= 0:
        j = i + len(a)
        ks = [k for k in range(len(enc)) if enc[k] != "=" and (6 * k) // 8 >= i and (6 * k + 5) // 8 < j]
        out.append(enc[ks[0] : ks[-1] + 1])
        start = i + 1
    return out


def placeholder_for(kind):
    return pick("changeme", "<" + kind.upper().replace("-", "_") + ">", "REPLACE_ME", "xxxxxxxx", "TODO")


def template_of(it):
    """The example version of an item: each credential replaced by a placeholder; a clean item with one line changed."""
    text = script_text(it)
    if it["secrets"]:
        for s in it["secrets"]:
            text = text.replace(s["value"], placeholder_for(s["kind"]))
        return text
    ls = file_lines(text)
    idx = [i for i, ln in enumerate(ls) if ln.strip()]
    i = R.choice(idx)
    mode = R.randrange(3)
    if mode == 0 and re.search(r"\d", ls[i]):
        ls[i] = re.sub(r"\d", lambda m: str((int(m.group()) + 1) % 10), ls[i], count=1)
    elif mode == 1 and len(ls) > 2:
        del ls[i]
    else:
        ls.insert(i, pick("# TODO: review before release", "# managed by config-sync", ""))
    return "\n".join(ls) + "\n"


def scorer_view(payload):
    """The strings the scorer reads: a JSON payload's keys and strings, else the text."""
    try:
        v = json.loads(payload)
    except ValueError:
        return payload
    if not isinstance(v, (dict, list)):
        return payload
    out = []

    def walk(x):
        if isinstance(x, str):
            out.append(x + "\n")
        elif isinstance(x, list):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for k, y in x.items():
                out.append(k + "\n")
                walk(y)

    walk(v)
    return "".join(out)


def write_round(tag, seed, kinds, contexts, held_out_kinds, held_out_contexts, out):
    """Writes a round's cases to `out` (seeded by `seed`): every kind family with every context
    family, four credential cases and three clean ones per pair, each credential with the pieces
    its context shows (checked to be in what the scorer reads); prints the counts."""
    R.seed(seed)
    DECKS.clear()
    cases = []
    n = 0
    for kind, make in kinds.items():
        for ctx, render in contexts.items():
            for label in ["secret"] * 4 + ["clean"] * 3:
                it = make(label == "clean")
                scope, tool, payload, piecer = render(it)
                view = scorer_view(payload)
                secrets = []
                for s in it["secrets"]:
                    pieces = []
                    for a in s["atoms"]:
                        pieces += piecer(a)
                    assert pieces, (ctx, s["kind"])
                    pieces = list(dict.fromkeys(pieces))
                    for p in pieces:
                        assert p in view, (ctx, s["kind"], p)
                        assert (p if view is payload else json.dumps(p)[1:-1]) in payload, (ctx, s["kind"], p)
                    assert any(len(p) >= 4 for p in pieces), (ctx, s["kind"], pieces)
                    secrets.append({"kind": s["kind"], "value": s["value"], "pieces": pieces})
                for bad in ("/" + "work/", "/" + "root/"):  # split: the repository rejects tracked files holding either
                    assert bad not in payload, (ctx, bad)
                n += 1
                cases.append(
                    {
                        "id": f"{tag}-{n:05d}",
                        "split": "held-out" if kind in held_out_kinds or ctx in held_out_contexts else "dev",
                        "kind_family": kind,
                        "context": ctx,
                        "label": label,
                        "scope": scope,
                        "tool": tool,
                        "payload": payload,
                        "secrets": secrets,
                    }
                )
    with out.open("w", encoding="utf-8", newline="\n") as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    by = {}
    for c in cases:
        key = (c["split"], c["label"])
        by[key] = by.get(key, 0) + 1
    creds = {}
    for c in cases:
        creds[c["split"]] = creds.get(c["split"], 0) + len(c["secrets"])
    print(len(cases), "cases", dict(sorted(by.items())), "credentials", dict(sorted(creds.items())))


def half():
    """A fair coin from the round's source."""
    return R.random() < 0.5


def digits(n):
    """`n` digits, the first not a zero."""
    return str(R.randint(1, 9)) + rs(n - 1, DIGITS)


def env_clean(pairs, name=".env.example"):
    """A clean `.env` file of `pairs` (placeholders, references), as a case."""
    return clean(env_file(pairs), fmt="env", name=name)


def cmd_clean(text, name="scripts/check.sh"):
    """A clean command line, as a case."""
    return clean(text, shape="cmd", fmt="cmd", name=name)
