#!/usr/bin/env python3
"""Labelled personal-data corpus for EG-PII-001, generated deterministically.

    bench/.venv/bin/pip install python-stdnum==2.2 phonenumbers==9.0.43
    bench/.venv/bin/python tests/corpora/pii/gen.py          # rewrites dev.jsonl and heldout.jsonl

Every value is synthetic. Values with a check digit are computed here and then confirmed by an
independent implementation (python-stdnum; phone numbers by libphonenumber's Python port), so
the corpus does not inherit a bug of the engine's own check code. Negatives are built to be
clean by construction: look-alikes that would pass a check are drawn again.

The split holds out whole families, never single cases: a case goes to `heldout` when its
context (how the text around the values is written) or any of its formats (how one value is
written, including phone countries and IBAN countries) is held out; see HELD_OUT below. Dev
cases use only dev families. Negative families are split the same way.

Each line: {"id", "split", "label": "positive"|"negative", "family": {"context", "formats"},
"text", "spans": [{"kind", "start", "end", "value"}], "failing": [...same shape...]}. Offsets
are Unicode code points. `spans` are the personal data a redaction must remove; `failing` are
numbers in an identifier's place whose check digit fails: they must never be flagged.
"""

import json
import random
import string
import sys
from pathlib import Path

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType
from stdnum import iban as std_iban
from stdnum import luhn, verhoeff
from stdnum.br import cpf as std_cpf
from stdnum.cn import ric as std_ric
from stdnum.es import dni as std_dni
from stdnum.es import nie as std_nie
from stdnum.fr import nir as std_nir
from stdnum.gb import nhs as std_nhs
from stdnum.in_ import aadhaar as std_aadhaar
from stdnum.in_ import pan as std_pan
from stdnum.it import codicefiscale as std_cf
from stdnum.kr import rrn as std_rrn
from stdnum.nl import bsn as std_bsn
from stdnum.us import ssn as std_ssn

OUT = Path(__file__).resolve().parent
SEED = 20261201
POSITIVES_PER_KIND = {"dev": 90, "heldout": 60}
RECORDS = {"dev": 160, "heldout": 110}
NEGATIVES_PER_FAMILY = {"dev": 70, "heldout": 70}

# ---------------------------------------------------------------- families and the split

CONTEXTS_DEV = [
    "prose_en",
    "form_lines",
    "json_record",
    "csv_row",
    "log_line",
    "markdown_table",
    "prose_zh",
]
CONTEXTS_HELD_OUT = [
    "sql_insert",
    "yaml_record",
    "email_signature",
    "json_escaped",
    "kv_logfmt",
    "chat_ticket",
]

# kind -> {format: held_out?}
FORMATS = {
    "email": {
        "first.last": False,
        "initial_last_digits": False,
        "plus_tag_subdomain": True,
    },
    "phone": {
        "e164": False,
        "international": False,
        "national": False,
        "national_compact_cn": False,
        "rfc3966": True,
        "intl_dashes": True,
        "national_dots": True,
        "intl_heldout_country": True,
    },
    "payment-card": {"plain": False, "spaced": False, "dashed": True},
    "iban": {"compact": False, "grouped": False, "heldout_country": True},
    "us-ssn": {"dashed": False, "plain_labelled": False, "spaced": True},
    "uk-nino": {"spaced": False, "compact": True},
    "nhs-number": {"spaced": False, "plain_labelled": False, "dashed": True},
    "cn-resident-id": {"plain": False, "lower_x": True},
    "aadhaar": {"spaced": False, "plain_labelled": False, "dashed": True},
    "in-pan": {"plain": False},
    "kr-rrn": {"dashed": False, "plain": True},
    "tw-id": {"plain": False},
    "hkid": {"parens": False, "two_letter": False, "no_parens": True},
    "fr-nir": {"spaced": False, "plain": True},
    "nl-bsn": {"plain_labelled": False, "dotted_labelled": True},
    "es-dni": {"plain": False, "dashed": True},
    "es-nie": {"plain": False, "dashed": True},
    "it-codice-fiscale": {"plain": False, "omocodia": True},
    "br-cpf": {"formatted": False, "plain_labelled": True},
    "ip-address": {
        "ipv4": False,
        "ipv6": False,
        "ipv4_port": True,
        "ipv6_bracket_port": True,
    },
    "person-name": {
        "first_last": False,
        "with_initial": False,
        "accented": False,
        "zh": False,
        "last_comma_first": True,
        "hyphen_apostrophe": True,
    },
    "address": {
        "us_street": False,
        "uk_street": False,
        "zh": False,
        "flat_apartment": True,
    },
}

# Formats a reader can only recognise with a label or key next to the value (no check digit,
# or one too weak for a bare number of that length).
NEEDS_LABEL = {
    ("us-ssn", "plain_labelled"),
    ("nhs-number", "spaced"),
    ("nhs-number", "plain_labelled"),
    ("nhs-number", "dashed"),
    ("aadhaar", "plain_labelled"),
    ("nl-bsn", "plain_labelled"),
    ("nl-bsn", "dotted_labelled"),
    ("br-cpf", "plain_labelled"),
    ("phone", "national_compact_cn"),
}

NEGATIVE_FAMILIES_DEV = [
    "order_numbers",
    "timestamps",
    "versions",
    "hashes",
    "private_ips",
    "dns_resolvers",
    "isbn",
    "phone_like_ids",
    "uuids",
    "code_names",
    "git_ssh",
    "failing_check",
    "counts_table",
    # Round 3 (committed before the detectors were changed for them).
    "snmp_oids",
    "code_oids",
    "section_numbers",
    "build_numbers",
    "pid_lists",
    "failing_columns",
]
NEGATIVE_FAMILIES_HELD_OUT = [
    "aws_arns",
    "mac_addresses",
    "memory_addresses",
    "tracking_numbers",
    "oids",
    "money",
    "tenant_ids",
    "zh_business_numbers",
    "package_refs",
    "failing_check_heldout",
    # Round 3 (committed before the detectors were changed for them).
    "ldap_schema_oids",
    "x509_dump_oids",
    "file_versions",
    "statute_numbers",
    "proc_stat_runs",
    "failing_columns_heldout",
    # Round 4 (committed after round 3's held-out half was measured once, before the detectors
    # were changed again: round 3's held-out families are no longer unseen).
    "app_versions_prose",
    "outline_items",
    "oids_in_code_heldout",
    "iostat_runs",
    "failing_copy_columns",
]

# Clean families added after round 2, by round (the test reports each round's figures apart).
ROUNDS = {
    "3": {
        "dev": NEGATIVE_FAMILIES_DEV[NEGATIVE_FAMILIES_DEV.index("snmp_oids") :],
        "heldout": NEGATIVE_FAMILIES_HELD_OUT[
            NEGATIVE_FAMILIES_HELD_OUT.index("ldap_schema_oids") : NEGATIVE_FAMILIES_HELD_OUT.index("app_versions_prose")
        ],
    },
    "4": {"dev": [], "heldout": NEGATIVE_FAMILIES_HELD_OUT[NEGATIVE_FAMILIES_HELD_OUT.index("app_versions_prose") :]},
}

HELD_OUT = {
    "contexts": CONTEXTS_HELD_OUT,
    "formats": {k: sorted(f for f, h in v.items() if h) for k, v in FORMATS.items()},
    "negative_families": NEGATIVE_FAMILIES_HELD_OUT,
}

# ---------------------------------------------------------------- word lists (invented data)

FIRST = [
    "James",
    "Mary",
    "Robert",
    "Patricia",
    "John",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Elizabeth",
    "William",
    "Barbara",
    "Richard",
    "Susan",
    "Joseph",
    "Jessica",
    "Thomas",
    "Sarah",
    "Charles",
    "Karen",
    "Amara",
    "Kwame",
    "Fatima",
    "Omar",
    "Priya",
    "Arjun",
    "Yuki",
    "Hiroshi",
    "Min-jun",
    "Seo-yeon",
    "Lucas",
    "Emma",
    "Noah",
    "Olivia",
    "Mateo",
    "Sofia",
    "Liam",
    "Chloe",
    "Ivan",
    "Olga",
    "Pieter",
    "Anouk",
    "Giulia",
    "Marco",
    "Lars",
    "Ingrid",
    "Tomasz",
    "Agnieszka",
    "Aisha",
    "Tariq",
    "Nkechi",
    "Chen",
    "Wei",
    "Mei",
    "Raj",
    "Anita",
    "Diego",
    "Lucia",
    "Hannah",
    "Felix",
    "Greta",
    "Joao",
]
LAST = [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Wilson",
    "Anderson",
    "Taylor",
    "Thomas",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Thompson",
    "White",
    "Okafor",
    "Mensah",
    "Haddad",
    "Khan",
    "Patel",
    "Sharma",
    "Tanaka",
    "Suzuki",
    "Kim",
    "Park",
    "Silva",
    "Santos",
    "Dubois",
    "Moreau",
    "Rossi",
    "Bianchi",
    "Jansen",
    "Visser",
    "Nowak",
    "Kowalski",
    "Novak",
    "Petrov",
    "Ivanova",
    "Hansen",
    "Larsen",
    "Fischer",
    "Weber",
    "Schmidt",
    "Murphy",
    "Kelly",
    "Walsh",
    "Nguyen",
    "Tran",
    "Chowdhury",
    "Abubakar",
    "Mwangi",
    "Otieno",
    "Reyes",
    "Cruz",
    "Morales",
    "Castillo",
]
ACCENTED = [
    ("José", "Álvarez"),
    ("Zoë", "Lefèvre"),
    ("Björn", "Sørensen"),
    ("Renée", "Dupré"),
    ("Łukasz", "Wójcik"),
    ("Hélène", "Gauthier"),
    ("Jürgen", "Köhler"),
    ("Inês", "Gonçalves"),
    ("Søren", "Ødegaard"),
    ("Chloé", "Bérubé"),
    ("Ángel", "Muñoz"),
    ("Dagný", "Þórsdóttir"),
]
HYPHEN_APOS = [
    ("Mei-Ling", "Chang"),
    ("Sarah", "O'Connell"),
    ("Jean-Luc", "Picard-Roux"),
    ("Anne-Marie", "D'Souza"),
    ("Siobhan", "O'Brien"),
    ("Hye-jin", "Lim"),
    ("Mary-Kate", "McNamara"),
    ("Liam", "O'Sullivan"),
    ("Ana-Maria", "Popescu"),
    ("Karl-Heinz", "Brandt"),
    ("Dara", "Ní Bhriain"),
    ("Paul", "Smith-Jones"),
]
ZH_SURNAMES = [
    "王",
    "李",
    "张",
    "刘",
    "陈",
    "杨",
    "黄",
    "赵",
    "吴",
    "周",
    "徐",
    "孙",
    "马",
    "朱",
    "胡",
    "郭",
    "何",
    "高",
    "林",
    "罗",
    "郑",
    "梁",
    "谢",
    "宋",
    "唐",
    "许",
    "韩",
    "冯",
    "邓",
    "曹",
    "欧阳",
    "司马",
]
ZH_GIVEN = [
    "伟",
    "芳",
    "娜",
    "秀英",
    "敏",
    "静",
    "丽",
    "强",
    "磊",
    "军",
    "洋",
    "勇",
    "艳",
    "杰",
    "娟",
    "涛",
    "明",
    "超",
    "秀兰",
    "霞",
    "平",
    "刚",
    "桂英",
    "建国",
    "晓东",
    "子涵",
    "雨桐",
    "浩然",
    "思远",
    "佳怡",
]

US_STREETS = [
    "Elm",
    "Oak",
    "Maple",
    "Cedar",
    "Pine",
    "Washington",
    "Lake",
    "Hill",
    "Park",
    "Sunset",
    "Highland",
    "Ridgeview",
    "Meadow",
    "Willow",
    "Franklin",
    "Jefferson",
    "Lincoln",
    "Chestnut",
    "Walnut",
    "Spruce",
]
US_TYPES = [
    "Street",
    "Avenue",
    "Road",
    "Drive",
    "Lane",
    "Boulevard",
    "Court",
    "Place",
    "Way",
    "St",
    "Ave",
    "Rd",
    "Dr",
]
US_CITIES = [
    ("Springfield", "IL", "627"),
    ("Austin", "TX", "787"),
    ("Portland", "OR", "972"),
    ("Denver", "CO", "802"),
    ("Columbus", "OH", "432"),
    ("Madison", "WI", "537"),
    ("Raleigh", "NC", "276"),
    ("Tucson", "AZ", "857"),
    ("Albany", "NY", "122"),
    ("Boise", "ID", "837"),
    ("Tampa", "FL", "336"),
    ("Omaha", "NE", "681"),
]
UK_STREETS = [
    "High",
    "Station",
    "Church",
    "Victoria",
    "Mill",
    "Park",
    "Queen's",
    "King",
    "Green",
    "Manor",
    "Kingsway",
    "Bridge",
    "Chapel",
    "School",
    "North",
    "Albert",
    "York",
    "Grange",
    "Orchard",
    "Springfield",
]
UK_TYPES = [
    "Street",
    "Road",
    "Lane",
    "Avenue",
    "Close",
    "Crescent",
    "Drive",
    "Gardens",
    "Terrace",
    "Way",
    "Place",
]
UK_TOWNS = [
    ("Leeds", "LS"),
    ("Manchester", "M"),
    ("Bristol", "BS"),
    ("Cambridge", "CB"),
    ("Oxford", "OX"),
    ("Norwich", "NR"),
    ("Cardiff", "CF"),
    ("Edinburgh", "EH"),
    ("Glasgow", "G"),
    ("York", "YO"),
    ("Brighton", "BN"),
    ("Sheffield", "S"),
    ("London", "SE"),
    ("London", "NW"),
    ("Exeter", "EX"),
]
ZH_PLACES = [
    ("北京市", "朝阳区"),
    ("北京市", "海淀区"),
    ("上海市", "浦东新区"),
    ("上海市", "徐汇区"),
    ("广东省广州市", "天河区"),
    ("广东省深圳市", "南山区"),
    ("浙江省杭州市", "西湖区"),
    ("四川省成都市", "武侯区"),
    ("湖北省武汉市", "洪山区"),
    ("江苏省南京市", "鼓楼区"),
    ("重庆市", "渝中区"),
]
ZH_ROADS = [
    "建国路",
    "中山路",
    "人民南路",
    "解放路",
    "文三路",
    "世纪大道",
    "长安街",
    "体育西路",
    "珞喻路",
    "漕溪北路",
    "科技园南路",
    "民权路",
    "和平路",
    "新华路",
]

# ---------------------------------------------------------------- values with their checks


def digits(r, n):
    return "".join(r.choice(string.digits) for _ in range(n))


def luhn_complete(r, prefix, length):
    body = prefix + digits(r, length - len(prefix) - 1)
    return body + luhn.calc_check_digit(body)


CARD_BRANDS = [
    ("4", 16),
    ("51", 16),
    ("53", 16),
    ("55", 16),
    ("2221", 16),
    ("2705", 16),
    ("34", 15),
    ("37", 15),
    ("6011", 16),
    ("65", 16),
    ("3530", 16),
    ("3566", 16),
    ("62", 16),
    ("62", 19),
    ("36", 14),
    ("4", 13),
]


def card(r):
    prefix, length = r.choice(CARD_BRANDS)
    v = luhn_complete(r, prefix, length)
    assert luhn.is_valid(v)
    return v


def group(v, sizes, sep):
    out, i = [], 0
    for s in sizes:
        out.append(v[i : i + s])
        i += s
    if i < len(v):
        out.append(v[i:])
    return sep.join(x for x in out if x)


def card_fmt(v, fmt):
    if fmt == "plain":
        return v
    sep = " " if fmt == "spaced" else "-"
    if len(v) == 15:
        return group(v, [4, 6, 5], sep)
    if len(v) == 14:
        return group(v, [4, 6, 4], sep)
    return group(v, [4] * 5, sep)


IBAN_DEV = ["DE", "GB", "FR", "ES", "IT", "NL", "CH"]
IBAN_HELD_OUT = ["BE", "AT", "PL", "IE", "PT", "SE", "NO"]


def _iban_specs():
    specs = {}
    import re
    from importlib import resources

    for line in resources.files("stdnum").joinpath("iban.dat").read_text().splitlines():
        m = re.match(r'^([A-Z]{2}) country="[^"]*" bban="([^"]*)"', line)
        if m:
            specs[m.group(1)] = re.findall(r"(\d+)!([nac])", m.group(2))
    return specs


IBAN_SPECS = _iban_specs()


def iban(r, country):
    """A valid IBAN, national check digits included (drawn until stdnum accepts the country part)."""
    while True:
        bban = ""
        for n, t in IBAN_SPECS[country]:
            pool = {
                "n": string.digits,
                "a": string.ascii_uppercase,
                "c": string.digits + string.ascii_uppercase,
            }[t]
            bban += "".join(r.choice(pool) for _ in range(int(n)))
        check = 98 - int("".join(str(int(c, 36)) for c in bban + country + "00")) % 97
        v = f"{country}{check:02d}{bban}"
        if std_iban.is_valid(v):
            return v


def ssn(r):
    while True:
        area = r.randint(1, 899)
        if area == 666:
            continue
        v = f"{area:03d}{r.randint(1, 99):02d}{r.randint(1, 9999):04d}"
        if std_ssn.is_valid(v):
            return v


NINO_FIRST = [c for c in string.ascii_uppercase if c not in "DFIQUV"]
NINO_SECOND = [c for c in string.ascii_uppercase if c not in "DFIOQUV"]


def nino(r):
    while True:
        p = r.choice(NINO_FIRST) + r.choice(NINO_SECOND)
        if p not in ("BG", "GB", "KN", "NK", "NT", "TN", "ZZ"):
            return p + digits(r, 6) + r.choice("ABCD")


def nhs(r):
    while True:
        body = digits(r, 9)
        total = sum(int(d) * w for d, w in zip(body, range(10, 1, -1), strict=False))
        check = 11 - total % 11
        if check == 11:
            check = 0
        if check == 10:
            continue
        v = body + str(check)
        assert std_nhs.is_valid(v), v
        return v


def _cn_regions():
    from importlib import resources

    regions, province = [], None
    for line in resources.files("stdnum").joinpath("cn/loc.dat").read_text().splitlines():
        if line[:2].isdigit():
            province = line[:2]
        elif line.startswith("  ") and line[2:6].isdigit() and line[4:6] != "00" and "[-" not in line:
            regions.append(province + line[2:6])
    return sorted(set(regions))


CN_REGIONS = _cn_regions()


def birth(r, lo=1940, hi=2005):
    y = r.randint(lo, hi)
    m = r.randint(1, 12)
    d = r.randint(1, 28)
    return y, m, d


def cn_id(r):
    """Region code valid in the birth year (stdnum's table), birth date, sequence, check character."""
    while True:
        y, m, d = birth(r)
        body = f"{r.choice(CN_REGIONS)}{y:04d}{m:02d}{d:02d}{digits(r, 3)}"
        v = body + std_ric.calc_check_digit(body + "?")
        if std_ric.is_valid(v):
            return v


def aadhaar(r):
    while True:
        body = r.choice("23456789") + digits(r, 10)
        v = body + verhoeff.calc_check_digit(body)
        if std_aadhaar.is_valid(v):
            return v


def pan(r):
    letters = string.ascii_uppercase
    v = "".join(r.choice(letters) for _ in range(3)) + r.choice("PCHFATBLJG") + r.choice(letters) + f"{r.randint(1, 9999):04d}" + r.choice(letters)
    assert std_pan.is_valid(v), v
    return v


def kr_rrn(r):
    while True:
        y, m, d = birth(r, 1950, 2015)
        g = r.choice("12") if y < 2000 else r.choice("34")
        body = f"{y % 100:02d}{m:02d}{d:02d}{g}{digits(r, 5)}"
        v = body + std_rrn.calc_check_digit(body)
        if std_rrn.is_valid(v):
            return v


TW_LETTERS = {c: n for c, n in zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36), strict=False)}


def tw_check(v):
    n = TW_LETTERS[v[0]]
    total = n // 10 + (n % 10) * 9 + sum(int(c) * w for c, w in zip(v[1:9], range(8, 0, -1), strict=False)) + int(v[9])
    return total % 10 == 0


def tw_id(r):
    while True:
        v = r.choice("ABCDEFGHJKLMNPQRSTUVXYWZIO") + r.choice("12") + digits(r, 7)
        for c in string.digits:
            if tw_check(v + c):
                return v + c


def hkid_check(prefix, nums):
    p = prefix.rjust(2, " ")
    vals = [36 if c == " " else ord(c) - 55 for c in p]
    total = vals[0] * 9 + vals[1] * 8 + sum(int(c) * w for c, w in zip(nums, range(7, 1, -1), strict=False))
    rem = (11 - total % 11) % 11
    return "A" if rem == 10 else str(rem)


def hkid(r, two=False):
    prefix = "".join(r.choice(string.ascii_uppercase) for _ in range(2 if two else 1))
    nums = digits(r, 6)
    return prefix, nums, hkid_check(prefix, nums)


def nir(r):
    y, m, _ = birth(r)
    dept = r.choice(["75", "69", "13", "33", "59", "2A", "2B", "31", "44", "67", "06", "92", "93"])
    body = f"{r.choice('12')}{y % 100:02d}{m:02d}{dept}{r.randint(1, 999):03d}{r.randint(1, 999):03d}"
    v = body + std_nir.calc_check_digits(body)
    assert std_nir.is_valid(v), v
    return v


def bsn(r):
    while True:
        v = digits(r, 9)
        if v[0] != "0" and std_bsn.is_valid(v):
            return v


DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def dni(r):
    n = r.randint(1_000_000, 99_999_999)
    v = f"{n:08d}{DNI_LETTERS[n % 23]}"
    assert std_dni.is_valid(v), v
    return v


def nie(r):
    lead = r.choice("XYZ")
    n = digits(r, 7)
    letter = DNI_LETTERS[int(str("XYZ".index(lead)) + n) % 23]
    v = f"{lead}{n}{letter}"
    assert std_nie.is_valid(v), v
    return v


CF_MONTHS = "ABCDEHLMPRST"
CF_OMOCODIA = "LMNPQRSTUV"


def codice_fiscale(r, omocodia=False):
    cons = "BCDFGHJKLMNPQRSTVZ"
    vow = "AEIOU"
    sur = "".join(r.choice(cons) for _ in range(2)) + r.choice(vow + cons)
    name = "".join(r.choice(cons) for _ in range(3))
    y, m, d = birth(r)
    day = d + (40 if r.random() < 0.5 else 0)
    place = r.choice("ABCDEFGHILM") + f"{r.randint(1, 999):03d}"
    body = f"{sur}{name}{y % 100:02d}{CF_MONTHS[m - 1]}{day:02d}{place}"
    if omocodia:
        chars = list(body)
        for pos in r.sample([6, 7, 9, 10, 12, 13, 14], r.randint(1, 2)):
            chars[pos] = CF_OMOCODIA[int(chars[pos])]
        body = "".join(chars)
    v = body + std_cf.calc_check_digit(body)
    assert std_cf.is_valid(v), v
    return v


def cpf(r):
    while True:
        body = digits(r, 9)
        if len(set(body)) == 1:
            continue
        d1 = (sum(int(c) * w for c, w in zip(body, range(10, 1, -1), strict=False)) * 10) % 11 % 10
        d2 = (sum(int(c) * w for c, w in zip(body + str(d1), range(11, 1, -1), strict=False)) * 10) % 11 % 10
        v = f"{body}{d1}{d2}"
        if std_cpf.is_valid(v):
            return v


def public_ipv4(r):
    import ipaddress

    while True:
        a = ipaddress.IPv4Address(r.getrandbits(32))
        if a.is_global and not a.is_multicast and str(a) not in RESOLVERS:
            return str(a)


def public_ipv6(r):
    import ipaddress

    while True:
        v = (0x2 << 124) | r.getrandbits(124)  # 2000::/3 or 3000::/4 halves
        a = ipaddress.IPv6Address(v)
        if a.is_global and a not in ipaddress.IPv6Network("2001:db8::/32") and a not in ipaddress.IPv6Network("2002::/16"):
            # Compress like people write them: drop some groups to zero.
            groups = a.exploded.split(":")
            if r.random() < 0.6:
                k = r.randint(3, 5)
                groups = groups[:k] + ["0"] * (8 - k)
            return str(ipaddress.IPv6Address(":".join(groups)))


RESOLVERS = [
    "8.8.8.8",
    "8.8.4.4",
    "1.1.1.1",
    "1.0.0.1",
    "9.9.9.9",
    "149.112.112.112",
    "208.67.222.222",
    "208.67.220.220",
    "2001:4860:4860::8888",
    "2606:4700:4700::1111",
]

PHONE_DEV = [
    "US",
    "CA",
    "GB",
    "DE",
    "FR",
    "ES",
    "IT",
    "NL",
    "BR",
    "IN",
    "CN",
    "JP",
    "KR",
    "AU",
    "MX",
    "IE",
    "CH",
    "BE",
]
PHONE_HELD_OUT = ["SE", "PL", "SG", "ZA", "AR", "TR", "NZ", "PH"]


def phone_number(r, region, mobile=None):
    t = PhoneNumberType.MOBILE if (mobile if mobile is not None else r.random() < 0.6) else PhoneNumberType.FIXED_LINE
    ex = phonenumbers.example_number_for_type(region, t)
    nsn = phonenumbers.national_significant_number(ex)
    keep = max(2, len(nsn) - 6)
    for _ in range(1000):
        cand = nsn[:keep] + digits(r, len(nsn) - keep)
        n = phonenumbers.parse("+" + str(ex.country_code) + cand)
        if phonenumbers.is_valid_number(n) and phonenumbers.number_type(n) in (
            t,
            PhoneNumberType.FIXED_LINE_OR_MOBILE,
        ):
            # Fictional 555-01xx numbers are documentation values, not people's.
            if region in ("US", "CA") and cand[3:6] == "555":
                continue
            return n
    raise RuntimeError(region)


def phone(r, fmt):
    if fmt == "national_compact_cn":
        n = phone_number(r, "CN", mobile=True)
        return phonenumbers.national_significant_number(n)
    if fmt == "intl_heldout_country":
        n = phone_number(r, r.choice(PHONE_HELD_OUT))
        return phonenumbers.format_number(n, r.choice([PhoneNumberFormat.INTERNATIONAL, PhoneNumberFormat.E164]))
    region = r.choice(PHONE_DEV)
    n = phone_number(r, region)
    if fmt == "e164":
        return phonenumbers.format_number(n, PhoneNumberFormat.E164)
    if fmt == "international":
        return phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL)
    if fmt == "rfc3966":
        return phonenumbers.format_number(n, PhoneNumberFormat.RFC3966)
    if fmt == "intl_dashes":
        return phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL).replace(" ", "-")
    nat = phonenumbers.format_number(n, PhoneNumberFormat.NATIONAL)
    if region in ("US", "CA") and r.random() < 0.5:
        d = phonenumbers.national_significant_number(n)
        nat = f"{d[:3]}-{d[3:6]}-{d[6:]}"
    if fmt == "national_dots":
        d = "".join(c for c in nat if c.isdigit())
        groups = [g for g in nat.replace("(", " ").replace(")", " ").replace("-", " ").split(" ") if g]
        if "".join(groups) != d:
            return nat
        return ".".join(groups)
    return nat


# ---------------------------------------------------------------- names and addresses


def person_name(r, fmt):
    if fmt == "first_last":
        return f"{r.choice(FIRST)} {r.choice(LAST)}"
    if fmt == "with_initial":
        return f"{r.choice(FIRST)} {r.choice(string.ascii_uppercase)}. {r.choice(LAST)}"
    if fmt == "accented":
        f, ln = r.choice(ACCENTED)
        return f"{f} {ln}"
    if fmt == "zh":
        return r.choice(ZH_SURNAMES) + r.choice(ZH_GIVEN)
    if fmt == "last_comma_first":
        return f"{r.choice(LAST).upper()}, {r.choice(FIRST)}"
    f, ln = r.choice(HYPHEN_APOS)
    return f"{f} {ln}"


def uk_postcode(r, area):
    inward = str(r.randint(0, 9)) + "".join(r.choice("ABDEFGHJLNPQRSTUWXYZ") for _ in range(2))
    return f"{area}{r.randint(1, 20)} {inward}"


def address(r, fmt):
    if fmt == "us_street":
        city, state, zip3 = r.choice(US_CITIES)
        zipc = zip3 + digits(r, 2) + (f"-{digits(r, 4)}" if r.random() < 0.2 else "")
        return f"{r.randint(1, 9899)} {r.choice(US_STREETS)} {r.choice(US_TYPES)}, {city}, {state} {zipc}"
    if fmt == "uk_street":
        town, area = r.choice(UK_TOWNS)
        return f"{r.randint(1, 240)} {r.choice(UK_STREETS)} {r.choice(UK_TYPES)}, {town} {uk_postcode(r, area)}"
    if fmt == "zh":
        prov, dist = r.choice(ZH_PLACES)
        tail = r.choice(
            [
                "",
                f"{r.randint(1, 30)}号楼{r.randint(1, 30)}{r.randint(1, 4):02d}室",
                f"{r.randint(1, 9)}栋{r.randint(101, 2806)}",
            ]
        )
        return f"{prov}{dist}{r.choice(ZH_ROADS)}{r.randint(1, 999)}号{tail}"
    if r.random() < 0.5:
        town, area = r.choice(UK_TOWNS)
        return f"Flat {r.randint(1, 40)}, {r.randint(1, 240)} {r.choice(UK_STREETS)} {r.choice(UK_TYPES)}, {town} {uk_postcode(r, area)}"
    city, state, zip3 = r.choice(US_CITIES)
    return f"{r.randint(1, 9899)} {r.choice(US_STREETS)} {r.choice(US_TYPES)}, Apt {r.randint(1, 30)}{r.choice('ABCDEF')}, {city}, {state} {zip3}{digits(r, 2)}"


EMAIL_DOMAINS = [
    "example.com",
    "mail.example.org",
    "gmail.com",
    "outlook.com",
    "yahoo.co.jp",
    "qq.com",
    "163.com",
    "web.de",
    "orange.fr",
    "corp.example",
    "uni-example.ac.uk",
    "proton.me",
    "hospital-example.nhs.uk",
]


def email(r, fmt):
    first, last = r.choice(FIRST).lower().replace("-", ""), r.choice(LAST).lower()
    if fmt == "first.last":
        return f"{first}.{last}@{r.choice(EMAIL_DOMAINS)}"
    if fmt == "initial_last_digits":
        return f"{first[0]}{last}{r.randint(1, 99)}@{r.choice(EMAIL_DOMAINS)}"
    return f"{first}+{r.choice(['work', 'shop', 'news', 'git'])}@{r.choice(['eu', 'mail', 'dept'])}.{r.choice(EMAIL_DOMAINS)}"


def value(r, kind, fmt):
    """A value of `kind` written in `fmt`."""
    if kind == "email":
        return email(r, fmt)
    if kind == "phone":
        return phone(r, fmt)
    if kind == "payment-card":
        return card_fmt(card(r), fmt)
    if kind == "iban":
        v = iban(r, r.choice(IBAN_HELD_OUT if fmt == "heldout_country" else IBAN_DEV))
        if fmt == "grouped" or (fmt == "heldout_country" and r.random() < 0.5):
            return group(v, [4] * 9, " ")
        return v
    if kind == "us-ssn":
        v = ssn(r)
        return {
            "dashed": f"{v[:3]}-{v[3:5]}-{v[5:]}",
            "spaced": f"{v[:3]} {v[3:5]} {v[5:]}",
        }.get(fmt, v)
    if kind == "uk-nino":
        v = nino(r)
        return f"{v[:2]} {v[2:4]} {v[4:6]} {v[6:8]} {v[8]}" if fmt == "spaced" else v
    if kind == "nhs-number":
        v = nhs(r)
        return {
            "spaced": f"{v[:3]} {v[3:6]} {v[6:]}",
            "dashed": f"{v[:3]}-{v[3:6]}-{v[6:]}",
        }.get(fmt, v)
    if kind == "cn-resident-id":
        while True:
            v = cn_id(r)
            if fmt != "lower_x":
                return v
            if v.endswith("X"):
                return v[:-1] + "x"
    if kind == "aadhaar":
        v = aadhaar(r)
        return {
            "spaced": group(v, [4, 4, 4], " "),
            "dashed": group(v, [4, 4, 4], "-"),
        }.get(fmt, v)
    if kind == "in-pan":
        return pan(r)
    if kind == "kr-rrn":
        v = kr_rrn(r)
        return f"{v[:6]}-{v[6:]}" if fmt == "dashed" else v
    if kind == "tw-id":
        return tw_id(r)
    if kind == "hkid":
        p, n, c = hkid(r, two=fmt == "two_letter")
        return f"{p}{n}{c}" if fmt == "no_parens" else f"{p}{n}({c})"
    if kind == "fr-nir":
        v = nir(r)
        return f"{v[0]} {v[1:3]} {v[3:5]} {v[5:7]} {v[7:10]} {v[10:13]} {v[13:]}" if fmt == "spaced" else v
    if kind == "nl-bsn":
        v = bsn(r)
        return f"{v[:4]}.{v[4:6]}.{v[6:]}" if fmt == "dotted_labelled" else v
    if kind == "es-dni":
        v = dni(r)
        return f"{v[:8]}-{v[8]}" if fmt == "dashed" else v
    if kind == "es-nie":
        v = nie(r)
        return f"{v[0]}-{v[1:8]}-{v[8]}" if fmt == "dashed" else v
    if kind == "it-codice-fiscale":
        return codice_fiscale(r, omocodia=fmt == "omocodia")
    if kind == "br-cpf":
        v = cpf(r)
        return f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}" if fmt == "formatted" else v
    if kind == "ip-address":
        if fmt == "ipv4":
            return public_ipv4(r)
        if fmt == "ipv6":
            return public_ipv6(r)
        if fmt == "ipv4_port":
            return f"{public_ipv4(r)}:{r.choice([443, 8080, 22, 5432, 51820])}"
        return f"[{public_ipv6(r)}]:{r.choice([443, 8443, 22])}"
    if kind == "person-name":
        return person_name(r, fmt)
    if kind == "address":
        return address(r, fmt)
    raise KeyError(kind)


def span_value(kind, fmt, text):
    """The part of a written value that is the personal data (a port is not)."""
    if kind == "ip-address" and fmt == "ipv4_port":
        return text.rsplit(":", 1)[0]
    if kind == "ip-address" and fmt == "ipv6_bracket_port":
        return text[1 : text.index("]")]
    return text


# ---------------------------------------------------------------- labels per kind

LABELS_EN = {
    "email": ["Email", "E-mail", "Contact email"],
    "phone": ["Phone", "Tel", "Mobile", "Contact number"],
    "payment-card": ["Card number", "Credit card", "Card"],
    "iban": ["IBAN", "Bank account (IBAN)"],
    "us-ssn": ["SSN", "Social Security No."],
    "uk-nino": ["NI number", "National Insurance No"],
    "nhs-number": ["NHS number", "NHS No"],
    "cn-resident-id": ["ID number", "Resident ID"],
    "aadhaar": ["Aadhaar", "Aadhaar No"],
    "in-pan": ["PAN", "PAN card"],
    "kr-rrn": ["RRN", "Resident registration no"],
    "tw-id": ["National ID", "ID no"],
    "hkid": ["HKID", "HKID No."],
    "fr-nir": ["NIR", "N° de sécurité sociale"],
    "nl-bsn": ["BSN", "Burgerservicenummer"],
    "es-dni": ["DNI"],
    "es-nie": ["NIE"],
    "it-codice-fiscale": ["Codice fiscale", "CF"],
    "br-cpf": ["CPF"],
    "ip-address": ["IP", "Client IP", "Remote address"],
    "address": ["Address", "Home address", "Mailing address"],
}
LABELS_ZH = {
    "email": ["邮箱", "电子邮件"],
    "phone": ["电话", "手机", "联系电话"],
    "payment-card": ["银行卡号", "卡号"],
    "iban": ["IBAN"],
    "us-ssn": ["SSN"],
    "uk-nino": ["NI number"],
    "nhs-number": ["NHS number"],
    "cn-resident-id": ["身份证号", "身份证号码"],
    "aadhaar": ["Aadhaar"],
    "in-pan": ["PAN"],
    "kr-rrn": ["주민등록번호"],
    "tw-id": ["身分證字號"],
    "hkid": ["香港身份證"],
    "fr-nir": ["NIR"],
    "nl-bsn": ["BSN"],
    "es-dni": ["DNI"],
    "es-nie": ["NIE"],
    "it-codice-fiscale": ["Codice fiscale"],
    "br-cpf": ["CPF"],
    "ip-address": ["IP地址"],
    "address": ["地址", "住址", "家庭住址"],
}
NAME_LABELS_DEV = [
    "Name",
    "Patient",
    "Tenant",
    "Customer",
    "Client",
    "Employee",
    "Applicant",
    "Party A",
    "Contact",
]
NAME_LABELS_ZH_DEV = ["姓名", "甲方", "联系人", "患者"]
NAME_LABELS_HELD_OUT = [
    "Full name",
    "Landlord",
    "Borrower",
    "Guarantor",
    "Beneficiary",
    "Cardholder",
    "Next of kin",
]
NAME_LABELS_ZH_HELD_OUT = ["乙方", "收件人", "承租人", "法定代表人"]
KEYS = {
    "email": "email",
    "phone": "phone",
    "payment-card": "card_number",
    "iban": "iban",
    "us-ssn": "ssn",
    "uk-nino": "ni_number",
    "nhs-number": "nhs_number",
    "cn-resident-id": "id_card",
    "aadhaar": "aadhaar",
    "in-pan": "pan",
    "kr-rrn": "rrn",
    "tw-id": "national_id",
    "hkid": "hkid",
    "fr-nir": "nir",
    "nl-bsn": "bsn",
    "es-dni": "dni",
    "es-nie": "nie",
    "it-codice-fiscale": "codice_fiscale",
    "br-cpf": "cpf",
    "ip-address": "client_ip",
    "person-name": "name",
    "address": "address",
}


def label_for(r, kind, fmt, zh, heldout):
    if kind == "person-name":
        if zh:
            return r.choice(NAME_LABELS_ZH_HELD_OUT if heldout else NAME_LABELS_ZH_DEV)
        return r.choice(NAME_LABELS_HELD_OUT if heldout else NAME_LABELS_DEV)
    return r.choice((LABELS_ZH if zh else LABELS_EN)[kind])


def key_for(kind, label):
    if kind == "person-name":
        return {
            "Name": "name",
            "Full name": "full_name",
            "Patient": "patient",
            "Tenant": "tenant",
        }.get(label, label.lower().replace(" ", "_") + "_name")
    return KEYS[kind]


# ---------------------------------------------------------------- contexts
# A context turns fields [(label, key, value)] into segments: literal strings and ("V", i) for
# value i, so spans are found by construction.


def ctx_prose_en(r, fields):
    segs = []
    openers = [
        "Hi team, quick update on the account.",
        "Notes from the call this morning:",
        "As requested,",
        "FYI -",
        "Following up on ticket 4471:",
        "Summary of the form the customer submitted:",
    ]
    segs.append(r.choice(openers) + " ")
    for i, (label, _, _, _) in enumerate(fields):
        if label:
            t = r.choice(
                [
                    "the {l} on file is ",
                    "their {l} is ",
                    "{L}: ",
                    "please double-check the {l} ",
                    "I verified {l} ",
                ]
            )
            segs += [
                t.format(l=label if label.isupper() else label.lower(), L=label),
                ("V", i),
            ]
        else:
            t = r.choice(["they gave ", "it came from ", "records show ", "we have ", "use "])
            segs += [t, ("V", i)]
        segs.append(r.choice([". ", ", ", " and it matches. ", " (confirmed). "]))
    segs.append(r.choice(["Thanks!", "Let me know if anything is off.", "Closing the ticket.", ""]))
    return segs


def ctx_prose_zh(r, fields):
    segs = [r.choice(["客户资料如下：", "请核对以下信息。", "合同附件：", "根据客户提交的表格，"])]
    for i, (label, _, _, _) in enumerate(fields):
        if label:
            segs += [
                label,
                r.choice(["：", "为", "是"]),
                ("V", i),
                r.choice(["，", "；", "。"]),
            ]
        else:
            segs += [r.choice(["记录显示", "客户留下了"]), ("V", i), "，"]
    segs.append(r.choice(["请尽快处理。", "谢谢。", ""]))
    return segs


def ctx_form_lines(r, fields):
    segs = [
        r.choice(
            [
                "APPLICATION FORM\n",
                "Patient intake\n",
                "Customer record\n",
                "Lease agreement - parties\n",
                "",
            ]
        )
    ]
    for i, (label, _, _, _) in enumerate(fields):
        sep = "：" if label and any(ord(c) > 0x2E80 for c in label) else r.choice([": ", ":\t", ": "])
        segs += [(label or "Value") + sep, ("V", i), "\n"]
    segs.append(r.choice(["Signed: ________\n", "Date: 2024-03-15\n", ""]))
    return segs


def _json_obj(r, fields, indent):
    segs = ["{"]
    items = [("id", str(r.randint(1, 99999)))] + [(key, ("V", i)) for i, (_, key, _, _) in enumerate(fields)]
    if r.random() < 0.5:
        items.append(("status", '"active"'))
    for j, (k, v) in enumerate(items):
        segs.append(("\n  " if indent else "") + json.dumps(k) + ": ")
        if isinstance(v, tuple):
            segs += ['"', v, '"']
        else:
            segs.append(v)
        if j < len(items) - 1:
            segs.append(",")
        elif not indent:
            pass
        if not indent and j < len(items) - 1:
            segs.append(" ")
    segs.append("\n}" if indent else "}")
    return segs


def ctx_json_record(r, fields):
    return _json_obj(r, fields, r.random() < 0.5)


def ctx_json_escaped(r, fields):
    inner = _json_obj(r, fields, r.random() < 0.5)
    out = [
        '{"type": "tool_result", "tool_use_id": "toolu_01',
        digits(r, 6),
        '", "content": "',
    ]
    for s in inner:
        out.append(s if isinstance(s, tuple) else json.dumps(s)[1:-1])
    out.append('"}')
    return out


def ctx_csv_row(r, fields):
    header = ["id"] + [key for _, key, _, _ in fields] + ["created"]
    segs = [",".join(header) + "\n", str(r.randint(1, 9999)) + ","]
    for i in range(len(fields)):
        segs += ['"', ("V", i), '"'] if "," in fields[i][2] else [("V", i)]
        segs.append(",")
    segs.append(f"2024-0{r.randint(1, 9)}-1{r.randint(0, 9)}\n")
    return segs


def ctx_log_line(r, fields):
    stamp = f"2024-03-{r.randint(10, 28)}T{r.randint(10, 23)}:{r.randint(10, 59)}:{r.randint(10, 59)}Z"
    level = r.choice(["INFO", "WARN", "DEBUG"])
    segs = [f"{stamp} {level} {r.choice(['api.users', 'billing', 'auth', 'crm.sync'])}: "]
    segs.append(r.choice(["updated profile", "payment attempt", "login", "record synced"]))
    for i, (_, key, _, _) in enumerate(fields):
        segs += [f" {key}=", ("V", i)]
    segs.append(f" duration_ms={r.randint(2, 900)}")
    return segs


def ctx_markdown_table(r, fields):
    head = "| # | " + " | ".join((label or key) for label, key, _, _ in fields) + " |\n"
    sep = "|---|" + "---|" * len(fields) + "\n"
    segs = [head, sep, f"| {r.randint(1, 40)} | "]
    for i in range(len(fields)):
        segs += [("V", i), " | "]
    segs.append("\n")
    return segs


def ctx_sql_insert(r, fields):
    table = r.choice(["customers", "patients", "tenants", "employees", "applicants"])
    cols = ", ".join(key for _, key, _, _ in fields)
    segs = [f"INSERT INTO {table} (id, {cols}) VALUES ({r.randint(1, 9999)}, "]
    for i in range(len(fields)):
        segs += ["'", ("V", i), "'"]
        segs.append(", " if i < len(fields) - 1 else ");")
    return segs


def ctx_yaml_record(r, fields):
    segs = [r.choice(["- ", "record:\n  "])]
    indent = "  "
    for i, (_, key, v, _) in enumerate(fields):
        if i:
            segs.append(indent)
        quote = '"' if (": " in v or v.startswith("[") or r.random() < 0.3) else ""
        segs += [f"{key}: {quote}", ("V", i), f"{quote}\n"]
    return segs


def ctx_email_signature(r, fields):
    segs = [r.choice(["Thanks for your patience,\n\n", "Best regards,\n", "Kind regards\n--\n"])]
    for i, (label, _, _, need) in enumerate(fields):
        if label and (need or r.random() < 0.6):
            segs.append(label + ": ")
        segs += [("V", i), "\n"]
    segs.append(r.choice(["Sent from my phone\n", "This e-mail is confidential.\n", ""]))
    return segs


def ctx_kv_logfmt(r, fields):
    segs = [
        f'ts=2024-05-{r.randint(10, 28)}T0{r.randint(0, 9)}:12:44Z level={r.choice(["info", "warn"])} msg="{r.choice(["user updated", "checkout", "kyc check"])}"'
    ]
    for i, (_, key, v, _) in enumerate(fields):
        q = '"' if " " in v else ""
        segs += [f" {key}={q}", ("V", i), q]
    return segs


def ctx_chat_ticket(r, fields):
    segs = [f"[#{r.randint(10000, 99999)}] {r.choice(['Customer', 'User', 'Caller'])} wrote:\n> "]
    for i, (label, _, _, _) in enumerate(fields):
        if label:
            segs += [
                r.choice(["my {l} is ", "here's my {l}: ", "{l} "]).format(l=label if label.isupper() else label.lower()),
                ("V", i),
            ]
        else:
            segs += [r.choice(["you can use ", "it's ", "try "]), ("V", i)]
        segs.append(r.choice([". ", "\n> ", " - "]))
    segs.append("\nAgent: thanks, updating now.")
    return segs


CONTEXTS = {
    "prose_en": ctx_prose_en,
    "prose_zh": ctx_prose_zh,
    "form_lines": ctx_form_lines,
    "json_record": ctx_json_record,
    "csv_row": ctx_csv_row,
    "log_line": ctx_log_line,
    "markdown_table": ctx_markdown_table,
    "sql_insert": ctx_sql_insert,
    "yaml_record": ctx_yaml_record,
    "email_signature": ctx_email_signature,
    "json_escaped": ctx_json_escaped,
    "kv_logfmt": ctx_kv_logfmt,
    "chat_ticket": ctx_chat_ticket,
}
# Contexts whose text names each value (a key, a column, a label) whatever the field's label says.
KEYED = {
    "json_record",
    "json_escaped",
    "csv_row",
    "log_line",
    "markdown_table",
    "sql_insert",
    "yaml_record",
    "kv_logfmt",
}


def assemble(segs, fields, kinds):
    """(text, spans) from segments; `kinds[i]` = (kind, fmt, role) with role "span" or "failing"."""
    text, spans, failing = "", [], []
    for s in segs:
        if isinstance(s, tuple):
            i = s[1]
            written = fields[i][2]
            kind, fmt, role = kinds[i]
            pii = span_value(kind, fmt, written)
            start = len(text) + written.index(pii)
            entry = {
                "kind": kind,
                "start": start,
                "end": start + len(pii),
                "value": pii,
            }
            (spans if role == "span" else failing).append(entry)
            text += written
        else:
            text += s
    for e in spans + failing:
        assert text[e["start"] : e["end"]] == e["value"], (text, e)
    return text, spans, failing


# ---------------------------------------------------------------- cases

KINDS = list(FORMATS)


def pick_context(r, split, zh_ok):
    pool = CONTEXTS_DEV if split == "dev" else CONTEXTS_DEV + CONTEXTS_HELD_OUT
    pool = [c for c in pool if zh_ok or c != "prose_zh"]
    return r.choice(pool)


def dev_formats(kind):
    return [f for f, h in FORMATS[kind].items() if not h]


def zh_kind(kind, fmt):
    return (kind, fmt) in {
        ("person-name", "zh"),
        ("address", "zh"),
        ("phone", "national_compact_cn"),
    } or kind == "cn-resident-id"


def make_field(r, kind, fmt, context, heldout):
    zh = context == "prose_zh" or (fmt == "zh") or (context == "form_lines" and zh_kind(kind, fmt) and r.random() < 0.6)
    if kind == "person-name" and fmt == "zh":
        zh = True
    v = value(r, kind, fmt)
    need = (kind, fmt) in NEEDS_LABEL or kind == "person-name" or (kind == "address" and fmt == "zh")
    labelled = need or context in KEYED or r.random() < 0.5
    label = label_for(r, kind, fmt, zh, heldout) if labelled else None
    if kind == "address" and not labelled:
        label = None
    key = key_for(kind, label or "")
    return (label, key, v, need)


def positive_case(r, split, kind):
    held_formats = [f for f, h in FORMATS[kind].items() if h]
    while True:
        if split == "dev":
            fmt = r.choice(dev_formats(kind))
            context = pick_context(r, "dev", True)
        else:
            fmt = r.choice(list(FORMATS[kind]))
            context = pick_context(r, "heldout", True)
            if fmt not in held_formats and context not in CONTEXTS_HELD_OUT:
                continue
        if context == "prose_zh" and kind in ("person-name", "address") and fmt != "zh":
            continue
        if fmt == "zh" and context not in (
            "prose_zh",
            "form_lines",
            "json_record",
            "csv_row",
            "yaml_record",
            "sql_insert",
            "json_escaped",
            "chat_ticket",
            "email_signature",
        ):
            continue
        break
    heldout = split == "heldout"
    fields = [make_field(r, kind, fmt, context, heldout)]
    segs = CONTEXTS[context](r, fields)
    text, spans, failing = assemble(segs, fields, [(kind, fmt, "span")])
    return {
        "label": "positive",
        "family": {"context": context, "formats": [f"{kind}:{fmt}"]},
        "text": text,
        "spans": spans,
        "failing": failing,
    }


RECORD_KINDS = [
    "person-name",
    "email",
    "phone",
    "address",
    "payment-card",
    "iban",
    "us-ssn",
    "nhs-number",
    "uk-nino",
    "cn-resident-id",
    "aadhaar",
    "in-pan",
    "es-dni",
    "br-cpf",
    "fr-nir",
    "ip-address",
]


def record_case(r, split):
    """A person's record: a name and 2-4 more fields in one context."""
    while True:
        context = pick_context(r, split, True)
        zh = context == "prose_zh"
        chosen = ["person-name", *r.sample([k for k in RECORD_KINDS[1:]], r.randint(2, 4))]
        fmts = []
        for k in chosen:
            pool = list(FORMATS[k]) if split == "heldout" else dev_formats(k)
            if k in ("person-name", "address"):
                pool = [f for f in pool if (f == "zh") == zh] or pool
            fmts.append(r.choice(pool))
        held = context in CONTEXTS_HELD_OUT or any(FORMATS[k][f] for k, f in zip(chosen, fmts, strict=False))
        if held == (split == "heldout"):
            break
    fields = [make_field(r, k, f, context, split == "heldout") for k, f in zip(chosen, fmts, strict=False)]
    segs = CONTEXTS[context](r, fields)
    text, spans, failing = assemble(segs, fields, [(k, f, "span") for k, f in zip(chosen, fmts, strict=False)])
    return {
        "label": "positive",
        "family": {
            "context": context,
            "formats": [f"{k}:{f}" for k, f in zip(chosen, fmts, strict=False)],
        },
        "text": text,
        "spans": spans,
        "failing": failing,
    }


# ---------------------------------------------------------------- negatives


def clean_by_construction(v):
    """Whether a look-alike digit run is safe to call clean: no card, ID or bank number check passes."""
    d = "".join(c for c in v if c.isdigit())
    if 13 <= len(d) <= 19 and luhn.is_valid(d) and d[0] in "2345631":
        return False
    if len(d) == 18 and std_ric.is_valid(d):
        return False
    if len(d) == 12 and std_aadhaar.is_valid(d):
        return False
    if len(d) == 10 and std_nhs.is_valid(d):
        return False
    if len(d) == 13 and std_rrn.is_valid(d):
        return False
    return not (len(d) == 15 and std_nir.is_valid(d))


def lookalike(r, make):
    for _ in range(1000):
        v = make()
        if clean_by_construction(v):
            return v
    raise RuntimeError("no clean look-alike")


def corrupt(r, kind):
    """A value of `kind` in a written format whose check digit fails (confirmed by stdnum)."""

    def bump(s, pos=-1):
        c = s[pos]
        alphabet = string.digits if c.isdigit() else string.ascii_uppercase
        new = r.choice([x for x in alphabet if x != c])
        return s[:pos] + new + (s[pos + 1 :] if pos != -1 else "")

    if kind == "payment-card":
        while True:
            v = bump(card(r))
            if not luhn.is_valid(v):
                return card_fmt(v, r.choice(["plain", "spaced", "dashed"]))
    if kind == "iban":
        while True:
            v = iban(r, r.choice(IBAN_DEV + IBAN_HELD_OUT))
            v = v[:2] + f"{(int(v[2:4]) + r.randint(1, 90)) % 97 + 2:02d}"[-2:] + v[4:]
            if not std_iban.is_valid(v):
                return group(v, [4] * 9, " ") if r.random() < 0.5 else v
    if kind == "nhs-number":
        while True:
            v = bump(nhs(r))
            if not std_nhs.is_valid(v):
                return r.choice([v, f"{v[:3]} {v[3:6]} {v[6:]}"])
    if kind == "cn-resident-id":
        while True:
            v = cn_id(r)
            v = v[:-1] + r.choice([c for c in "0123456789X" if c != v[-1]])
            if not std_ric.is_valid(v):
                return v
    if kind == "aadhaar":
        while True:
            v = bump(aadhaar(r))
            if not verhoeff.is_valid(v):
                return r.choice([v, group(v, [4, 4, 4], " ")])
    if kind == "kr-rrn":
        while True:
            v = bump(kr_rrn(r))
            if not std_rrn.is_valid(v):
                return f"{v[:6]}-{v[6:]}"
    if kind == "tw-id":
        while True:
            v = bump(tw_id(r))
            if not tw_check(v):
                return v
    if kind == "hkid":
        p, n, c = hkid(r, two=r.random() < 0.3)
        wrong = r.choice([x for x in "0123456789A" if x != c])
        return f"{p}{n}({wrong})"
    if kind == "fr-nir":
        while True:
            v = nir(r)
            v = v[:13] + f"{(int(v[13:]) + r.randint(1, 96)) % 97:02d}"
            if not std_nir.is_valid(v):
                return r.choice(
                    [
                        v,
                        f"{v[0]} {v[1:3]} {v[3:5]} {v[5:7]} {v[7:10]} {v[10:13]} {v[13:]}",
                    ]
                )
    if kind == "nl-bsn":
        while True:
            v = bump(bsn(r))
            if not std_bsn.is_valid(v):
                return v
    if kind == "es-dni":
        v = dni(r)
        return v[:8] + r.choice([c for c in DNI_LETTERS if c != v[8]])
    if kind == "es-nie":
        v = nie(r)
        return v[:8] + r.choice([c for c in DNI_LETTERS if c != v[8]])
    if kind == "it-codice-fiscale":
        v = codice_fiscale(r)
        v = v[:15] + r.choice([c for c in string.ascii_uppercase if c != v[15]])
        assert not std_cf.is_valid(v)
        return v
    if kind == "br-cpf":
        while True:
            v = cpf(r)
            v = v[:9] + f"{(int(v[9:]) + r.randint(1, 98)) % 100:02d}"
            if not std_cpf.is_valid(v):
                return f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}"
    raise KeyError(kind)


CHECKED_KINDS = [
    "payment-card",
    "iban",
    "nhs-number",
    "cn-resident-id",
    "aadhaar",
    "kr-rrn",
    "tw-id",
    "hkid",
    "fr-nir",
    "nl-bsn",
    "es-dni",
    "es-nie",
    "it-codice-fiscale",
    "br-cpf",
]


def failing_case(r, contexts):
    kind = r.choice(CHECKED_KINDS)
    context = r.choice([c for c in contexts if c != "prose_zh"])
    v = corrupt(r, kind)
    label = label_for(r, kind, "", False, False)
    fields = [(label, KEYS[kind], v, True)]
    text, _, failing = assemble(CONTEXTS[context](r, fields), fields, [(kind, "failing", "failing")])
    return context, text, failing


# Round 3 families: dotted numeric identifiers that are no addresses, long digit runs in
# technical output, and numbers labelled only by a column list whose check digit fails.
# Four-part values are drawn so that many are shaped like public IPv4 addresses.


def arc(r):
    return str(r.choice([r.randint(1, 9), r.randint(10, 99), r.randint(100, 255), r.randint(256, 40000)]))


def quad(r, first=None):
    """A four-part dotted number whose parts are at most 255 (shaped like an IPv4 address)."""
    a = first if first is not None else r.randint(1, 60)
    return f"{a}.{r.randint(0, 40)}.{r.randint(0, 255)}.{r.randint(1, 255)}"


def long_oid(r, root="1.3.6.1.4.1"):
    return root + "." + ".".join(arc(r) for _ in range(r.randint(3, 9)))


X500 = ["2.5.4", "2.5.6", "2.5.29", "2.5.13", "2.5.18", "2.5.21"]


def column_failing_case(r, layout):
    """A table of 2-4 rows whose one identifier column holds numbers with a failing check
    digit, labelled only by the column's name (a header, a column list)."""
    kind = r.choice(["nhs-number", "nhs-number", "nl-bsn", "br-cpf", "aadhaar", "payment-card", "iban", "kr-rrn", "cn-resident-id"])
    key = KEYS[kind]
    other = r.choice(["visits", "score", "balance", "age", "dept"])
    rows = [(str(r.randint(1, 9999)), corrupt(r, kind), str(r.randint(0, 999))) for _ in range(r.randint(2, 4))]
    cols = ["id", key, other]
    segs = []
    if layout == "csv_table":
        d = r.choice([",", ";", "\t"])
        segs.append(d.join(cols) + "\n")
        for i, (a, v, c) in enumerate(rows):
            q = '"' if d in v else ""
            segs += [f"{a}{d}{q}", ("V", i), f"{q}{d}{c}\n"]
    elif layout == "dataframe":
        w = [max(len(cols[k]), *(len(row[k]) for row in rows)) for k in range(3)]
        segs.append("   " + "  ".join(c.rjust(w[k]) for k, c in enumerate(cols)) + "\n")
        for i, (a, v, c) in enumerate(rows):
            segs += [f"{i:<3}{a.rjust(w[0])}  {' ' * (w[1] - len(v))}", ("V", i), f"  {c.rjust(w[2])}\n"]
        segs.append(f"\n[{len(rows)} rows x 3 columns]\n")
    elif layout == "sql_multirow":
        table = r.choice(["patients", "members", "accounts", "claims"])
        segs.append(f"INSERT INTO {table} ({', '.join(cols)}) VALUES\n")
        for i, (a, _, c) in enumerate(rows):
            segs += [f"  ({a}, '", ("V", i), f"', {c})" + (",\n" if i < len(rows) - 1 else ";\n")]
    elif layout == "psql":
        w = [max(len(cols[k]), *(len(row[k]) for row in rows)) for k in range(3)]
        segs.append(" " + " | ".join(c.center(w[k]) for k, c in enumerate(cols)) + "\n")
        segs.append("-" + "-+-".join("-" * x for x in w) + "-\n")
        for i, (a, v, c) in enumerate(rows):
            segs += [f" {a.rjust(w[0])} | ", ("V", i), f"{' ' * (w[1] - len(v))} | {c.rjust(w[2])}\n"]
        segs.append(f"({len(rows)} rows)\n")
    elif layout == "pg_copy":
        table = r.choice(["public.patients", "members", "claims"])
        segs.append(f"COPY {table} ({', '.join(cols)}) FROM stdin;\n")
        for i, (a, _, c) in enumerate(rows):
            segs += [f"{a}\t", ("V", i), f"\t{c}\n"]
        segs.append("\\.\n")
    elif layout == "dataframe_named_index":
        w = [max(len(cols[k]), *(len(row[k]) for row in rows)) for k in range(1, 3)]
        segs.append(" " * 6 + "  ".join(c.rjust(w[k - 1]) for k, c in enumerate(cols) if k) + "\n")
        segs.append("id" + " " * 4 + "\n")
        for i, (a, v, c) in enumerate(rows):
            segs += [f"{a:<6}{' ' * (w[0] - len(v))}", ("V", i), f"  {c.rjust(w[1])}\n"]
    else:
        raise KeyError(layout)
    fields = [(None, key, v, True) for _, v, _ in rows]
    text, _, failing = assemble(segs, fields, [(kind, "failing", "failing")] * len(rows))
    return layout, text, failing


def runs_clean(text):
    """Whether no window of digit groups joined by single separators passes a check (a clean case
    must be clean by construction: three PIDs can be a valid Aadhaar number)."""
    import re

    for m in re.finditer(r"\d+(?:[ .-]\d+)*", text):
        groups = re.split(r"[ .-]", m.group())
        for i in range(len(groups)):
            for j in range(i + 1, min(len(groups), i + 8) + 1):
                try:
                    if not clean_by_construction(" ".join(groups[i:j])):
                        return False
                except KeyError:  # stdnum's region table lacks a county: count it as not clean
                    return False
    return True


def neg_text_round3(r, family):
    for _ in range(1000):
        context, text = _neg_text_round3(r, family)
        if runs_clean(text):
            return context, text
    raise RuntimeError("no clean text")


def _neg_text_round3(r, family):
    if family == "snmp_oids":
        host = f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}"
        base = long_oid(r, "1.3.6.1.2.1")
        lines = [
            f".{base}.{k} = {r.choice(['Counter32', 'Gauge32', 'INTEGER', 'Counter64'])}: {r.randint(0, 4_000_000_000)}"
            for k in range(1, r.randint(2, 4))
        ]
        return "snmp", r.choice(
            [
                f"$ snmpwalk -v2c -c public {host} {base}\n" + "\n".join(lines),
                f"{base}.0 = Timeticks: ({r.randint(10_000, 900_000_000)}) {r.randint(1, 90)} days, {r.randint(1, 23)}:{r.randint(10, 59)}:{r.randint(10, 59)}.{r.randint(10, 99)}",
                f"sysObjectID.0 = OID: {long_oid(r)}",
                f"snmpget -v3 -l authPriv {host} {long_oid(r)} {long_oid(r, '1.3.6.1.2.1')}",
                f"OID {long_oid(r)} returned {r.randint(1000, 99_999_999)}",
            ]
        )
    if family == "code_oids":
        o = f"{r.choice(X500)}.{r.randint(3, 99)}"
        return "code", r.choice(
            [
                f'OID_CUSTOM = x509.ObjectIdentifier("{o}")',
                f'oid = "{o}"  # attribute type',
                f"var oidExt = asn1.ObjectIdentifier{{{o.replace('.', ', ')}}}",
                f'{{"oid": "{o}", "critical": false}}',
                f'static const char *OID_EXT = "{o}";\nstatic const char *OID_POLICY = "{long_oid(r, "1.3.6.1.4.1")}";',
            ]
        )
    if family == "section_numbers":
        nums = [f"{r.randint(1, 14)}.{r.randint(1, 40)}.{r.randint(1, 60)}.{r.randint(1, 30)}" for _ in range(3)]
        title = lambda: r.choice(["Error handling", "Scope", "Retry policy", "Key rotation", "Logging", "Definitions", "Audit trail"])  # noqa: E731
        return "document", r.choice(
            [
                f"## {nums[0]} {title()}\n\nThis part describes the behaviour.",
                "Contents\n" + "\n".join(f"- {n} {title()}" for n in nums),
                f"As stated in section {nums[0]}, the key is rotated yearly.",
                f"See clause {nums[0]} and chapter {nums[1]}.",
                f"{nums[0]} {title()}\n{nums[1]} {title()}",
            ]
        )
    if family == "build_numbers":
        v = quad(r)
        return "build", r.choice(
            [
                f"Build {v} passed all checks.",
                f"version: {v}",
                f'{{"agent_version": "{v}", "healthy": true}}',
                f"component,version,status\nagent,{v},ok",
                f"Installed firmware version {v} on 12 devices.",
                f"release={v} channel=stable",
            ]
        )
    if family == "pid_lists":
        return "shell", r.choice(
            [
                "$ pidof nginx\n" + " ".join(str(r.randint(1000, 99999)) for _ in range(r.randint(2, 6))),
                "$ pgrep -d ' ' python\n" + " ".join(str(r.randint(100, 4_000_000)) for _ in range(r.randint(2, 5))),
                f"$ cat /proc/{r.randint(100, 99999)}/stat\n{r.randint(100, 99999)} (java) S "
                + " ".join(str(r.randint(0, 9_999_999)) for _ in range(14)),
                "$ od -An -tu4 -N16 /dev/urandom\n " + " ".join(str(r.randint(10**8, 4_294_967_295)) for _ in range(4)),
                "$ seq 1000 1111 4444\n" + " ".join(str(x) for x in range(1000, 4445, 1111)),
            ]
        )
    if family == "ldap_schema_oids":
        o = f"{r.choice(['2.5.4', '2.5.6'])}.{r.randint(3, 99)}"
        name = r.choice(["distinguishedName", "telexNumber", "userCertificate", "organizationalPerson", "seeAlso", "member"])
        syntax = long_oid(r, "1.3.6.1.4.1.1466.115.121.1")
        return "ldap", r.choice(
            [
                f"attributetype ( {o} NAME '{name}' EQUALITY distinguishedNameMatch SYNTAX {syntax} )",
                f"olcAttributeTypes: ( {o} NAME '{name}'\n  SUP name )",
                f"objectclass ( {o} NAME '{name}' SUP top STRUCTURAL\n  MUST ( sn $ cn ) )",
                f"dn: cn=schema\nattributeTypes: ( {o} NAME '{name}' SYNTAX {syntax} )",
                f"# {o} is the {name} attribute",
            ]
        )
    if family == "x509_dump_oids":
        o = f"2.5.29.{r.randint(9, 99)}"
        return "x509", r.choice(
            [
                f"        X509v3 Certificate Policies:\n            Policy: {quad(r, 2)}\n            Policy: {long_oid(r, '1.3.6.1.4.1')}",
                f"  {r.randint(100, 999)}:d=4  hl=2 l=   3 prim: OBJECT            :{o}",
                f"            {o}:\n                0.0.0.0",
                f"Extension {o} (critical)",
                f"    Signature Algorithm: {long_oid(r, '1.2.840.113549.1.1')}\n    Subject Key OID {o}",
            ]
        )
    if family == "file_versions":
        v = quad(r)
        return "windows", r.choice(
            [
                f"ProductVersion   FileVersion      FileName\n--------------   -----------      --------\n{v}       {v}       C:\\app\\agent.exe",
                f'[assembly: AssemblyVersion("{v}")]',
                f'<PackageReference Include="Contoso.Client" Version="{v}" />',
                f"Microsoft Windows [Version {v}]",
                f'versionName "{v}"',
                f"FileVersion: {v}",
            ]
        )
    if family == "statute_numbers":
        v = f"{r.randint(1, 14)}.{r.randint(1, 40)}.{r.randint(1, 60)}.{r.randint(1, 30)}"
        return "legal", r.choice(
            [
                f"Under Article {v} the controller must keep records.",
                f"Regulation {v} applies from 1 January.",
                f"Requirement {v}: the system logs every access.",
                f"   {v}.  Error Handling ........................ {r.randint(5, 90)}",
                f"Annex {v} lists the exemptions.",
            ]
        )
    if family == "proc_stat_runs":
        return "shell", r.choice(
            [
                f"cpu{r.randint(0, 7)} " + " ".join(str(r.randint(0, 99_999_999)) for _ in range(10)),
                f"$ cat /proc/self/statm\n{r.randint(1000, 999999)} {r.randint(100, 99999)} {r.randint(100, 9999)} {r.randint(1, 999)} 0 {r.randint(100, 99999)} 0",
                "intr " + " ".join(str(r.randint(0, 9_999_999)) for _ in range(12)),
                f"ctxt {r.randint(10**8, 10**10)}\nbtime {r.randint(1_600_000_000, 1_800_000_000)}\nprocesses {r.randint(10**5, 10**7)}",
                "$ cat /sys/block/sda/stat\n" + " ".join(str(r.randint(0, 99_999_999)) for _ in range(11)),
            ]
        )
    if family == "app_versions_prose":
        v = quad(r)
        return "prose_en", r.choice(
            [
                f"Updated the app to {v} and now it crashes on launch.",
                f"Running {v} on my phone, same problem.",
                f"<version>{v}</version>",
                f'__version__ = "{v}"',
                f'{{"minimumVersion": "{v}", "channel": "beta"}}',
            ]
        )
    if family == "outline_items":
        v = f"{r.randint(1, 14)}.{r.randint(1, 40)}.{r.randint(1, 60)}.{r.randint(1, 30)}"
        return "document", r.choice(
            [
                f"Action item {v} - owner: ops team",
                f"Step {v}: restart the service and check the logs.",
                f"Figure {v} shows the data flow.",
                f"Test case {v} failed on the nightly run.",
                f"  {v}) Verify that the audit log is written.",
            ]
        )
    if family == "oids_in_code_heldout":
        o = f"{r.choice(X500)}.{r.randint(3, 99)}"
        return "code", r.choice(
            [
                f'ASN1ObjectIdentifier ext = new ASN1ObjectIdentifier("{o}");',
                f"KEY_USAGE_OID = '{o}'",
                f'if ext.oid.dotted_string == "{o}":',
                f'#define OBJ_custom_ext "{o}"',
                f'oids:\n  - "{o}"\n  - "{long_oid(r, "1.3.6.1.5.5.7.3")}"',
            ]
        )
    if family == "iostat_runs":
        return "shell", r.choice(
            [
                "$ iostat -d -k 1 1 | tail -1 | tr -s ' '\nsda " + " ".join(str(r.randint(0, 9_999_999)) for _ in range(6)),
                "$ awk '{print $2, $3, $4}' counters.txt\n" + " ".join(str(r.randint(100, 999_999)) for _ in range(3)),
                "numbers = [" + " ".join(str(r.randint(1000, 99_999)) for _ in range(r.randint(3, 6))) + "]",
                "$ wc data.csv\n " + " ".join(str(r.randint(100, 99_999_999)) for _ in range(3)) + " data.csv",
                "$ du -sb /var/log/*.gz | cut -f1 | xargs\n" + " ".join(str(r.randint(1000, 99_999_999)) for _ in range(r.randint(3, 6))),
            ]
        )
    raise KeyError(family)


def neg_text(r, family):
    """(context, text) of a clean case of `family`."""
    if family in ROUND3_FAMILIES:
        return neg_text_round3(r, family)
    if family == "order_numbers":
        v = lookalike(
            r,
            lambda: r.choice(
                [
                    f"ORD-{r.randint(2019, 2025)}-{digits(r, 6)}",
                    f"#{digits(r, 8)}",
                    f"SO{digits(r, 7)}",
                    f"{r.randint(2019, 2025)}{digits(r, 8)}",
                ]
            ),
        )
        return "prose_en", r.choice(
            [
                f"Order {v} shipped on 2024-03-12.",
                f"Invoice number: {v}\nTotal: 1,240.00 EUR",
                f"Your order {v} is on its way. Track it in the app.",
            ]
        )
    if family == "timestamps":
        v = r.choice(
            [
                str(r.randint(1_500_000_000, 1_800_000_000)),
                str(r.randint(1_500_000_000_000, 1_800_000_000_000)),
                f"2024-0{r.randint(1, 9)}-{r.randint(10, 28)}T{r.randint(10, 23)}:{r.randint(10, 59)}:{r.randint(10, 59)}.{digits(r, 3)}Z",
                f"20240{r.randint(1, 9)}{r.randint(10, 28)}{r.randint(100000, 235959)}",
            ]
        )
        return "log_line", r.choice(
            [
                f'{{"ts": {v}, "event": "build_finished", "ok": true}}',
                f'created_at={v} level=info msg="job done"',
                f"[{v}] worker-3 heartbeat",
            ]
        )
    if family == "versions":
        v = r.choice(
            [
                f"v{r.randint(1, 20)}.{r.randint(0, 40)}.{r.randint(0, 99)}",
                f"{r.randint(1, 12)}.{r.randint(0, 9)}.{r.randint(0, 30)}.{r.randint(0, 255)}",
                f"{r.randint(1, 9)}.{r.randint(0, 19)}.{r.randint(0, 9)}-{r.randint(1, 40)}-amd64",
                f"Chrome/{r.randint(100, 130)}.0.{r.randint(1000, 6999)}.{r.randint(10, 200)}",
            ]
        )
        return "prose_en", r.choice(
            [
                f"Upgraded to version {v} yesterday.",
                f"pip freeze | grep numpy  # numpy=={v}",
                f"User-Agent: Mozilla/5.0 {v}",
                f"Release {v} fixes the crash on startup.",
                f"image: registry.local/app:{v}",
            ]
        )
    if family == "hashes":
        v = r.choice(["".join(r.choice("0123456789abcdef") for _ in range(n)) for n in (7, 12, 32, 40, 64)])
        return "prose_en", r.choice(
            [
                f"commit {v}\nMerge: fix flaky test",
                f"sha256: {v}",
                f"Checksum {v} verified.",
                f"git checkout {v}",
            ]
        )
    if family == "private_ips":
        v = r.choice(
            [
                f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
                f"192.168.{r.randint(0, 255)}.{r.randint(1, 254)}",
                f"172.{r.randint(16, 31)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
                f"127.0.0.{r.randint(1, 9)}",
                f"169.254.{r.randint(0, 255)}.{r.randint(1, 254)}",
                f"100.{r.randint(64, 127)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
                "0.0.0.0",
                "255.255.255.0",
                f"224.0.0.{r.randint(1, 255)}",
                f"192.0.2.{r.randint(1, 254)}",
                f"198.51.100.{r.randint(1, 254)}",
                f"203.0.113.{r.randint(1, 254)}",
                "::1",
                "fe80::1%eth0",
                f"fd{digits(r, 2)}:3456:789a::{r.randint(1, 99)}",
                f"2001:db8::{r.randint(1, 999)}",
            ]
        )
        return "log_line", r.choice(
            [
                f"listening on {v}:8080",
                f"DATABASE_HOST={v}",
                f"ping {v} -c 3",
                f"upstream {v} returned 502",
                f'bind_address: "{v}"',
            ]
        )
    if family == "dns_resolvers":
        v = r.choice(RESOLVERS)
        return "prose_en", r.choice(
            [
                f"nameserver {v}",
                f"dig @{v} example.com",
                f"Set DNS to {v} and retry.",
                f"resolvers: [{v}]",
            ]
        )
    if family == "isbn":
        v = r.choice(
            [
                f"978-{r.randint(0, 1)}-{digits(r, 3)}-{digits(r, 5)}-{r.randint(0, 9)}",
                f"978{digits(r, 10)}",
                f"0-{digits(r, 3)}-{digits(r, 5)}-X",
            ]
        )
        return "prose_en", r.choice([f"ISBN {v}", f"See the book (ISBN: {v}), chapter 4.", f"isbn={v}"])
    if family == "phone_like_ids":
        v = lookalike(
            r,
            lambda: r.choice(
                [
                    f"INC{digits(r, 7)}",
                    f"{digits(r, 3)}-{digits(r, 4)}-{digits(r, 3)}",
                    f"{digits(r, 4)}-{digits(r, 4)}-{digits(r, 2)}",
                    f"PO-{digits(r, 10)}",
                    f"{digits(r, 3)}-{digits(r, 3)}-{digits(r, 4)}",
                    f"{digits(r, 4)} {digits(r, 4)} {digits(r, 4)}",
                ]
            ),
        )
        cue = r.choice(
            [
                "Order",
                "Ticket",
                "Case",
                "Ref",
                "Invoice",
                "Job",
                "SKU",
                "Serial no.",
                "Booking ref",
                "Build",
            ]
        )
        return "prose_en", r.choice(
            [
                f"{cue} {v} was closed.",
                f"{cue}: {v}",
                f"See {cue.lower()} {v} for details.",
            ]
        )
    if family == "uuids":
        import uuid

        v = str(uuid.UUID(int=r.getrandbits(128), version=4))
        return "json_record", r.choice(
            [
                f'{{"request_id": "{v}", "status": 200}}',
                f"trace_id={v}",
                f"Created job {v}.",
            ]
        )
    if family == "code_names":
        return "yaml_record", r.choice(
            [
                f"name: {r.choice(['egress-guard', 'api-server', 'build', 'my_package'])}\nversion: 0.{r.randint(1, 9)}.0",
                f"- name: {r.choice(['Build and test', 'Deploy Preview', 'Run Linters', 'Upload Artifacts'])}\n  run: make {r.choice(['test', 'lint'])}",
                f'{{"name": "{r.choice(["Release Notes", "Unit Tests", "Main Window", "Default Policy"])}", "type": "folder"}}',
                f"Name: {r.choice(['N/A', 'TBD', 'see attached', 'unknown'])}",
                f"Patient: {r.choice(['see chart', 'N/A', 'anonymous', '(redacted)'])}",
                f"Tenant: {r.choice(['contoso', 'acme-prod', 'default', 'tenant-7'])}",
                f"Address: {r.choice(['see below', 'TBD', 'unknown', 'N/A'])}",
                f"Customer: {r.choice(['Enterprise tier', 'Free plan', 'Internal'])}",
                f"姓名：{r.choice(['（空）', '无', '见附件'])}",
                f"地址：{r.choice(['见附件', '待定', '无'])}",
                "class Name:\n    address: str = ''\n    phone: str = ''",
            ]
        )
    if family == "git_ssh":
        return "prose_en", r.choice(
            [
                f"git clone git@github.com:{r.choice(['acme', 'octo'])}/{r.choice(['api', 'web'])}.git",
                f"ssh deploy@{r.choice(['build-01', 'bastion', 'db.internal'])} 'uptime'",
                "remote: git@gitlab.example.com:team/app.git",
                f"scp dist.tar.gz ubuntu@host-{r.randint(1, 9)}:/tmp/",
                "ssh -i key.pem ec2-user@bastion.internal",
            ]
        )
    if family == "counts_table":
        rows = "\n".join(
            f"| {r.choice(['North', 'South', 'East', 'West'])} | {r.randint(10, 99999)} | {r.randint(1000, 999999)} | {r.random() * 100:.2f}% |"
            for _ in range(3)
        )
        return (
            "markdown_table",
            "| region | visits | revenue | share |\n|---|---|---|---|\n" + rows,
        )
    if family == "aws_arns":
        acct = digits(r, 12)
        return "json_record", r.choice(
            [
                f"arn:aws:iam::{acct}:role/deploy",
                f'{{"Account": "{acct}", "Arn": "arn:aws:sts::{acct}:assumed-role/ci/session"}}',
                f"aws sts get-caller-identity --> {acct}",
                f"{acct}.dkr.ecr.eu-west-1.amazonaws.com/app:latest",
            ]
        )
    if family == "mac_addresses":
        v = ":".join(f"{r.randint(0, 255):02x}" for _ in range(6))
        return "log_line", r.choice(
            [
                f"link/ether {v} brd ff:ff:ff:ff:ff:ff",
                f"DHCP lease for {v.upper()}",
                f"mac={v} vlan=12",
            ]
        )
    if family == "memory_addresses":
        v = "0x" + "".join(r.choice("0123456789abcdef") for _ in range(12))
        return "log_line", r.choice(
            [
                f"Address: {v}\nSegmentation fault",
                f"<Handle object at {v}>",
                f"fault addr {v} in libc.so.6",
                f"Address 0x{digits(r, 8)} is not stack'd",
            ]
        )
    if family == "tracking_numbers":
        v = r.choice(
            [
                f"1Z{''.join(r.choice(string.ascii_uppercase + string.digits) for _ in range(16))}",
                f"94{digits(r, 20)}",
                f"{r.choice(['LX', 'RR', 'CP'])}{digits(r, 9)}{r.choice(['CN', 'DE', 'US'])}",
            ]
        )
        return "prose_en", r.choice(
            [
                f"Tracking number: {v}",
                f"Your parcel {v} is out for delivery.",
                f"carrier=ups tracking={v}",
            ]
        )
    if family == "oids":
        v = r.choice(
            [
                "1.3.6.1.4.1." + ".".join(str(r.randint(1, 400)) for _ in range(r.randint(2, 5))),
                f"§ {r.randint(1, 9)}.{r.randint(1, 9)}.{r.randint(1, 9)}.{r.randint(1, 9)}",
                f"2.5.4.{r.randint(3, 50)}",
                f"section {r.randint(1, 12)}.{r.randint(1, 20)}.{r.randint(1, 9)}",
            ]
        )
        return "prose_en", r.choice([f"snmpget -v2c -c public host {v}", f"See {v} of the spec.", f"OID {v}"])
    if family == "money":
        v = r.choice(
            [
                f"EUR {r.randint(1, 999)},{digits(r, 3)},{digits(r, 3)}.{digits(r, 2)}",
                f"¥{r.randint(1, 99)},{digits(r, 3)},{digits(r, 3)}",
                f"$ {r.randint(100, 999)} {digits(r, 3)} {digits(r, 3)}",
                f"{r.randint(1, 99)}.{digits(r, 3)}.{digits(r, 3)},{digits(r, 2)} €",
            ]
        )
        return "prose_en", r.choice([f"Q3 revenue: {v}.", f"Budget approved: {v}", f"Total due {v} by 30 June."])
    if family == "tenant_ids":
        import uuid

        v = str(uuid.UUID(int=r.getrandbits(128), version=4))
        return "yaml_record", r.choice(
            [
                f"tenant_id: {v}",
                f"Tenant ID: {v}",
                f"AZURE_TENANT_ID={v}",
                f"tenant: {r.choice(['contoso', 'fabrikam', 'prod-eu'])}\nsubscription: {v}",
            ]
        )
    if family == "zh_business_numbers":
        v = lookalike(
            r,
            lambda: r.choice(
                [
                    f"{r.randint(2019, 2025)}{digits(r, 12)}",
                    f"HT-{r.randint(2019, 2025)}-{digits(r, 4)}",
                    f"91{digits(r, 16)}",
                ]
            ),
        )
        return "prose_zh", r.choice(
            [
                f"订单号：{v}，请在七日内付款。",
                f"合同编号：{v}",
                f"发票号码 {v} 已开具。",
            ]
        )
    if family == "package_refs":
        return "prose_en", r.choice(
            [
                f"npm install @{r.choice(['types', 'babel', 'aws-sdk'])}/{r.choice(['node', 'core', 'client-s3'])}@{r.randint(1, 20)}.{r.randint(0, 9)}.{r.randint(0, 9)}",
                f"FROM python@sha256:{''.join(r.choice('0123456789abcdef') for _ in range(64))}",
                "pip install git+https://git@github.com/org/pkg.git@v1.2",
                "root@localhost:~# uptime",
                "@app.route('/users/<int:id>')\ndef show(id): ...",
            ]
        )
    raise KeyError(family)


ROUND3_FAMILIES = {
    "snmp_oids",
    "code_oids",
    "section_numbers",
    "build_numbers",
    "pid_lists",
    "ldap_schema_oids",
    "x509_dump_oids",
    "file_versions",
    "statute_numbers",
    "proc_stat_runs",
    "app_versions_prose",
    "outline_items",
    "oids_in_code_heldout",
    "iostat_runs",
}
COLUMN_LAYOUTS = {
    "failing_columns": ["csv_table", "dataframe"],
    "failing_columns_heldout": ["sql_multirow", "psql"],
    "failing_copy_columns": ["pg_copy", "dataframe_named_index"],
}


def negative_case(r, split, family):
    if family in COLUMN_LAYOUTS:
        context, text, failing = column_failing_case(r, r.choice(COLUMN_LAYOUTS[family]))
        return {
            "label": "negative",
            "family": {"context": context, "formats": [f"negative:{family}"]},
            "text": text,
            "spans": [],
            "failing": failing,
        }
    if family in ("failing_check", "failing_check_heldout"):
        contexts = CONTEXTS_DEV if family == "failing_check" else CONTEXTS_HELD_OUT
        context, text, failing = failing_case(r, contexts)
        return {
            "label": "negative",
            "family": {"context": context, "formats": [f"negative:{family}"]},
            "text": text,
            "spans": [],
            "failing": failing,
        }
    context, text = neg_text(r, family)
    return {
        "label": "negative",
        "family": {"context": context, "formats": [f"negative:{family}"]},
        "text": text,
        "spans": [],
        "failing": [],
    }


# ---------------------------------------------------------------- round 5
# Committed before any detector change informed by it. Clean families: dotted numbers and digit
# runs in text an agent prints (changelogs, package lists, test output, traces, hardware ids,
# measurement tables, standards numbering, tag lists, locale-grouped numbers, ...). True
# families: IP addresses in real network positions (access logs, socket tables, auth logs,
# firewall rules, forwarded-for headers, known_hosts), phone numbers in signatures, vCards and
# CSV exports, identifiers in exported JSON. Each whole family is dev or held out; drawn by their
# own generator (seeded apart) after every earlier case, so earlier lines keep their bytes.

ROUND5_CLEAN_DEV = [
    "changelogs",
    "pip_dpkg_lists",
    "test_timings",
    "numeric_trace_ids",
    "hardware_ids",
    "measurement_tables",
    "control_numbering",
]
ROUND5_CLEAN_HELD_OUT = [
    "tag_lists",
    "package_lists_other",
    "durations_clock",
    "coordinates",
    "snmp_mib_walks",
    "locale_grouped_numbers",
    "upgrade_paths",
]
ROUND5_TRUE_DEV = [
    "access_logs",
    "socket_tables",
    "sshd_auth_logs",
    "firewall_rules",
    "vcards",
    "csv_exports",
]
ROUND5_TRUE_HELD_OUT = [
    "forwarded_for",
    "known_hosts",
    "proxy_error_logs",
    "signature_phones",
    "json_exports",
]
ROUNDS["5"] = {
    "dev": ROUND5_CLEAN_DEV,
    "heldout": ROUND5_CLEAN_HELD_OUT,
    "positive_dev": ROUND5_TRUE_DEV,
    "positive_heldout": ROUND5_TRUE_HELD_OUT,
}
HELD_OUT["negative_families"] = NEGATIVE_FAMILIES_HELD_OUT + ROUND5_CLEAN_HELD_OUT
HELD_OUT["positive_families"] = ROUND5_TRUE_HELD_OUT
ROUND5_PER_FAMILY = 60


def ver4(r):
    """A four-part version whose parts may all be <= 255 (shaped like an IPv4 address)."""
    return r.choice([quad(r), f"{r.randint(1, 30)}.{r.randint(0, 20)}.{r.randint(0, 255)}.{r.randint(0, 255)}"])


def ver3(r):
    return f"{r.randint(0, 30)}.{r.randint(0, 40)}.{r.randint(0, 99)}"


def hexs(r, n):
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


def _clean5(r, family):
    if family == "changelogs":
        a, b = ver4(r), ver4(r)
        return r.choice(
            [
                f"## [{a}] - 2024-0{r.randint(1, 9)}-1{r.randint(0, 9)}\n### Fixed\n- Crash when the cache is empty.\n\n## [{b}] - 2023-1{r.randint(0, 2)}-0{r.randint(1, 9)}\n### Added\n- Dark mode.",
                f"{a} ({r.randint(1, 28)} March 2024)\n  * Fix a race in the uploader\n  * Bump dependencies\n{b}\n  * First public build",
                f"CHANGES\n=======\n\n{a}\n-----\n- Drop support for {ver3(r)}.\n- Faster start-up.",
                f"* {a}: fixed the memory leak reported in #{r.randint(100, 9999)}\n* {b}: added retries",
                f"What's new in {a}\n\nThis update fixes sync issues introduced in {b}.",
            ]
        )
    if family == "pip_dpkg_lists":
        pkgs = ["libssl3", "tzdata", "openssh-client", "libc6", "python3-yaml", "nginx-common", "zlib1g"]
        lines = [
            f"ii  {p}:amd64{' ' * r.randint(2, 8)}{ver4(r)}-{r.randint(1, 9)}{' ' * 4}amd64        {r.choice(['shared library', 'time zone data', 'common files'])}"
            for p in r.sample(pkgs, r.randint(2, 4))
        ]
        return r.choice(
            [
                "$ dpkg -l | grep ^ii\n" + "\n".join(lines),
                "$ pip list\nPackage    Version\n---------- -------\n"
                + "\n".join(f"{p:<10} {ver4(r)}" for p in r.sample(["certifi", "idna", "pywin32", "pytz", "regex", "tzdata"], 3)),
                "Successfully installed " + " ".join(f"{p}-{ver4(r)}" for p in r.sample(["certifi", "pytz", "regex", "tzdata", "setuptools"], 3)),
                "$ rpm -qa --qf '%{NAME} %{VERSION}\\n'\n"
                + "\n".join(f"{p} {ver4(r)}" for p in r.sample(["kernel", "glibc", "openssl", "bash", "systemd"], 3)),
            ]
        )
    if family == "test_timings":
        return r.choice(
            [
                f"============ {r.randint(20, 400)} passed, {r.randint(0, 9)} skipped in {r.randint(1, 300)}.{r.randint(10, 99)}s ============\nslowest durations\n{r.randint(1, 9)}.{r.randint(10, 99)}s call     tests/test_api.py::test_upload\n0.{r.randint(10, 99)}s setup    tests/test_db.py::test_migrate",
                f"test result: ok. {r.randint(10, 500)} passed; 0 failed; 0 ignored; finished in {r.randint(0, 90)}.{r.randint(10, 99)}s",
                f"parse/{r.randint(1, 64)}kb  time:   [{r.randint(1, 999)}.{r.randint(10, 99)} µs {r.randint(1, 999)}.{r.randint(10, 99)} µs {r.randint(1, 999)}.{r.randint(10, 99)} µs]\n                 thrpt:  [{r.randint(10, 900)}.{r.randint(10, 99)} MiB/s]",
                f"Ran {r.randint(10, 900)} tests in {r.randint(1, 99)}.{r.randint(100, 999)}s\n\nOK",
                f"BenchmarkEncode-8   \t{r.randint(10000, 9999999)}\t{r.randint(100, 99999)} ns/op\t{r.randint(16, 4096)} B/op\t{r.randint(1, 64)} allocs/op",
                f"test_checkout ({r.randint(1, 9)}.{r.randint(1, 40)}.{r.randint(1, 60)}.{r.randint(1, 255)}) ... ok ({r.randint(10, 999)} ms)",
            ]
        )
    if family == "numeric_trace_ids":
        return r.choice(
            [
                f'dd.trace_id={r.randint(10**17, 10**19 - 1)} dd.span_id={r.randint(10**17, 10**19 - 1)} level=info msg="handled"',
                f"X-Request-Id: {r.randint(10**12, 10**13 - 1)}-{r.randint(10000, 99999)}",
                f"traceparent: 00-{hexs(r, 32)}-{hexs(r, 16)}-01",
                f"build #{r.randint(1000, 99999)} (run {r.randint(10**9, 10**10 - 1)}, attempt {r.randint(1, 3)})",
                f"span {r.randint(10**6, 10**8)} child of {r.randint(10**6, 10**8)} took {r.randint(1, 999)} ms",
                f"job_id: {r.randint(10**9, 10**11)}\nrun_id: {r.randint(10**9, 10**11)}",
            ]
        )
    if family == "hardware_ids":
        return r.choice(
            [
                f"00:{r.randint(10, 31):02x}.{r.randint(0, 7)} Ethernet controller [0200]: Intel Corporation [8086:{hexs(r, 4)}] (rev {r.randint(1, 20):02d})",
                f"Bus 00{r.randint(1, 4)} Device 0{r.randint(10, 99)}: ID {hexs(r, 4)}:{hexs(r, 4)} Logitech, Inc. Receiver",
                f"Serial Number: {r.randint(1000, 9999)} {r.randint(1000, 9999)} {r.randint(1000, 9999)}\nFirmware Revision: {ver4(r)}",
                f"/dev/nvme0n1: Model: SAMSUNG MZVL2512, Serial: S6{r.randint(10**9, 10**10 - 1)}, FW: {ver4(r)}",
                f"BIOS Information\n\tVendor: Dell Inc.\n\tVersion: {r.randint(1, 2)}.{r.randint(1, 30)}.{r.randint(0, 9)}\n\tRelease Date: 0{r.randint(1, 9)}/1{r.randint(0, 9)}/2024\n\tBIOS Revision: {r.randint(1, 9)}.{r.randint(1, 30)}",
                f"GPU 0: NVIDIA A10G (UUID: GPU-{hexs(r, 8)}-{hexs(r, 4)})\nDriver Version: {r.randint(400, 560)}.{r.randint(10, 99)}.{r.randint(1, 99):02d}",
            ]
        )
    if family == "measurement_tables":
        rows = "\n".join(
            f"{r.choice(['A', 'B', 'C', 'D'])}{k}  " + "  ".join(f"{r.randint(0, 999)}.{r.randint(0, 99):02d}" for _ in range(4))
            for k in range(r.randint(2, 5))
        )
        return r.choice(
            [
                "sample  t0      t1      t2      t3\n" + rows,
                "| run | p50 | p95 | p99 | max |\n|---|---|---|---|---|\n"
                + "\n".join(
                    f"| {k} | {r.randint(1, 99)}.{r.randint(1, 9)} | {r.randint(100, 255)}.{r.randint(1, 9)} | {r.randint(100, 999)} | {r.randint(1000, 9999)} |"
                    for k in range(3)
                ),
                "x,y,z,w\n"
                + "\n".join(
                    f"{r.randint(0, 255)}.{r.randint(0, 99)},{r.randint(0, 255)}.{r.randint(0, 99)},{r.randint(0, 255)},{r.randint(0, 255)}"
                    for _ in range(3)
                ),
                "Readings (mV): " + " ".join(str(r.randint(100, 9999)) for _ in range(r.randint(4, 8))),
            ]
        )
    if family == "control_numbering":
        v = f"{r.randint(1, 18)}.{r.randint(1, 20)}.{r.randint(1, 40)}.{r.randint(1, 20)}"
        return r.choice(
            [
                f"Control A.{v} requires access reviews every quarter.",
                f"ISO/IEC 27001:2022 {v} Information security roles",
                f"IEC 62304 {v}: the manufacturer shall document the software units.",
                f"CIS Benchmark {v} Ensure SSH root login is disabled (Automated)",
                f"[{v}] Ensure audit logs are retained - PASS",
                f"PCI DSS {v} - passwords are at least 12 characters.",
            ]
        )
    if family == "tag_lists":
        tags = sorted({ver4(r) for _ in range(r.randint(3, 6))})
        return r.choice(
            [
                "$ git tag --sort=v:refname | tail\n" + "\n".join(tags),
                "$ git describe --tags\n" + f"{tags[0]}-{r.randint(1, 60)}-g{hexs(r, 7)}",
                "Available tags:\n" + "\n".join(f"  {t}" for t in tags),
                "$ docker image ls app --format '{{.Tag}}'\n" + "\n".join(tags),
                " ".join(tags),
            ]
        )
    if family == "package_lists_other":
        return r.choice(
            [
                "$ brew list --versions\n" + "\n".join(f"{p} {ver4(r)}" for p in r.sample(["openssl@3", "git", "sqlite", "icu4c", "xz"], 3)),
                "$ gem list\n" + "\n".join(f"{p} ({ver4(r)})" for p in r.sample(["nokogiri", "rake", "json", "bundler"], 3)),
                "$ apt list --installed 2>/dev/null | head -3\n"
                + "\n".join(f"{p}/stable,now {ver4(r)}-{r.randint(1, 9)} amd64 [installed]" for p in r.sample(["curl", "git", "vim", "less"], 3)),
                "$ choco list\n"
                + "\n".join(f"{p} {ver4(r)}" for p in r.sample(["git", "7zip", "vscode", "nodejs"], 3))
                + f"\n{r.randint(3, 40)} packages installed.",
                "$ conda list | head\n"
                + "\n".join(f"{p:<12}{ver4(r):<16}py311h{hexs(r, 7)}_0" for p in r.sample(["numpy", "pandas", "openssl", "libffi"], 3)),
            ]
        )
    if family == "durations_clock":
        return r.choice(
            [
                f"elapsed {r.randint(0, 23)}.{r.randint(10, 59)}.{r.randint(10, 59)}.{r.randint(100, 255)}",
                f"[{r.randint(10, 23)}.{r.randint(10, 59)}.{r.randint(10, 59)}.{r.randint(100, 999)}] worker ready",
                f"Uptime: {r.randint(1, 300)} days, {r.randint(1, 23)}:{r.randint(10, 59)}:{r.randint(10, 59)}\nLoad: {r.randint(0, 9)}.{r.randint(10, 99)} {r.randint(0, 9)}.{r.randint(10, 99)} {r.randint(0, 9)}.{r.randint(10, 99)}",
                f"real\t{r.randint(0, 9)}m{r.randint(1, 59)}.{r.randint(100, 999)}s\nuser\t{r.randint(0, 9)}m{r.randint(1, 59)}.{r.randint(100, 999)}s\nsys\t0m{r.randint(1, 9)}.{r.randint(100, 999)}s",
                f"Stopwatch: {r.randint(1, 59)}.{r.randint(10, 59)}.{r.randint(10, 99)}.{r.randint(1, 255)} (h.m.s.cs)",
                f"durations_ms = {r.randint(1000, 9999)} {r.randint(1000, 9999)} {r.randint(1000, 9999)} {r.randint(100, 999)}",
            ]
        )
    if family == "coordinates":
        lat, lon = (
            f"{r.randint(1, 70)}.{r.randint(0, 59)}.{r.randint(0, 59)}.{r.randint(1, 99)}",
            f"{r.randint(1, 179)}.{r.randint(0, 59)}.{r.randint(0, 59)}.{r.randint(1, 99)}",
        )
        return r.choice(
            [
                f"Waypoint WP{r.randint(1, 99)}: N {lat} E {lon}",
                f"lat={r.randint(-60, 70)}.{r.randint(100000, 999999)} lon={r.randint(-170, 170)}.{r.randint(100000, 999999)} alt={r.randint(0, 3000)}",
                f"Position {lat}N {lon}W, heading {r.randint(0, 359)}",
                f'{{"type": "Point", "coordinates": [{r.randint(-170, 170)}.{r.randint(1000, 9999)}, {r.randint(-60, 70)}.{r.randint(1000, 9999)}]}}',
                f"GPS fix: {lat} / {lon} ({r.randint(4, 14)} satellites)",
            ]
        )
    if family == "snmp_mib_walks":
        idx = f"{r.randint(1, 48)}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 255)}"
        return r.choice(
            [
                f"IF-MIB::ifHCInOctets.{r.randint(1, 48)} = Counter64: {r.randint(10**6, 10**12)}\nIF-MIB::ifHCOutOctets.{r.randint(1, 48)} = Counter64: {r.randint(10**6, 10**12)}",
                f'HOST-RESOURCES-MIB::hrSWRunName.{r.randint(1, 9999)} = STRING: "sshd"\nHOST-RESOURCES-MIB::hrStorageSize.{r.randint(1, 40)} = INTEGER: {r.randint(10**5, 10**8)}',
                f"SNMPv2-SMI::enterprises.9.9.{idx} = Gauge32: {r.randint(0, 10**6)}",
                f"ENTITY-MIB::entPhysicalSoftwareRev.{r.randint(1, 4000)} = STRING: {ver4(r)}",
                f"UCD-SNMP-MIB::laLoad.1 = STRING: {r.randint(0, 9)}.{r.randint(10, 99)}\nUCD-SNMP-MIB::memTotalReal.0 = INTEGER: {r.randint(10**6, 10**8)} kB",
            ]
        )
    if family == "locale_grouped_numbers":
        g = lambda: f"{r.randint(1, 99)} {r.randint(100, 999)} {r.randint(100, 999)}"  # noqa: E731
        d = lambda: f"{r.randint(1, 255)}.{r.randint(100, 255)}.{r.randint(100, 255)}.{r.randint(100, 255)}"  # noqa: E731
        return r.choice(
            [
                f"Fichiers analysés : {g()} — taille totale : {g()} octets",
                f"Gesamt: {d()} Bytes übertragen",
                f"Всего записей: {g()}",
                f"Population (2023): {g()} inhabitants",
                f"Zeilen gelesen: {d()}, geschrieben: {r.randint(100, 255)}.{r.randint(100, 999)}",
                f"Total de registros: {d()}",
            ]
        )
    if family == "upgrade_paths":
        a, b = ver3(r), ver4(r)
        return r.choice(
            [
                f"Upgrade path: {a} -> {b} -> {ver4(r)}",
                f"Bumps {r.choice(['lodash', 'requests', 'serde', 'grpc'])} from {a} to {b}.",
                f"Tested on {a}, {b} and {ver3(r)}.",
                f"Compatible with {r.randint(1, 9)}.{r.randint(0, 9)} through {b}",
                f"Was {a}, now {b} (see the notes for {r.randint(1, 9)}.{r.randint(0, 9)}).",
            ]
        )
    raise KeyError(family)


def clean5(r, family):
    for _ in range(1000):
        text = _clean5(r, family)
        if runs_clean(text):
            return text
    raise RuntimeError("no clean text")


def private_ipv4(r):
    return r.choice(
        [
            f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
            f"192.168.{r.randint(0, 255)}.{r.randint(1, 254)}",
            f"172.{r.randint(16, 31)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
        ]
    )


def stamp(r):
    return f"{r.randint(10, 28)}/{r.choice(['Jan', 'Mar', 'Oct'])}/2024:{r.randint(10, 23)}:{r.randint(10, 59)}:{r.randint(10, 59)} +0000"


UAS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36",
    "curl/8.5.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
]


def _true5(r, family):
    """Segments (literal strings and ("V", kind, value)) of a true case of `family`."""
    ip = lambda: ("V", "ip-address", public_ipv4(r))  # noqa: E731
    port = lambda: str(r.randint(1024, 65535))  # noqa: E731
    if family == "access_logs":
        lines = []
        for _ in range(r.randint(1, 3)):
            lines += [
                ip(),
                f' - - [{stamp(r)}] "{r.choice(["GET", "POST"])} /{r.choice(["", "login", "api/v1/items", "static/app.js"])} HTTP/1.1" {r.choice([200, 302, 404])} {r.randint(100, 99999)} "-" "{r.choice(UAS)}"\n',
            ]
        return lines
    if family == "socket_tables":
        segs = ["$ ss -tn\nState  Recv-Q Send-Q Local Address:Port   Peer Address:Port\n"]
        for _ in range(r.randint(1, 3)):
            segs += [f"ESTAB  0      0      {private_ipv4(r)}:{r.choice([22, 443, 5432])}   ", ip(), f":{port()}\n"]
        return segs
    if family == "sshd_auth_logs":
        segs = []
        for _ in range(r.randint(1, 3)):
            segs += [
                f"{r.choice(['Mar', 'Oct'])} {r.randint(10, 28)} {r.randint(10, 23)}:{r.randint(10, 59)}:{r.randint(10, 59)} web-{r.randint(1, 9)} sshd[{r.randint(1000, 99999)}]: "
                + r.choice(
                    [
                        "Accepted publickey for deploy from ",
                        "Failed password for invalid user admin from ",
                        "Connection closed by authenticating user root ",
                    ]
                ),
                ip(),
                f" port {port()} ssh2\n",
            ]
        return segs
    if family == "firewall_rules":
        return r.choice(
            [
                ["iptables -A INPUT -s ", ip(), " -j DROP"],
                ["sudo ufw deny from ", ip(), f" to any port {r.choice([22, 80, 443])}"],
                [
                    f"{r.choice(['2024-03-12', '2024-05-02'])} 11:{r.randint(10, 59)}:{r.randint(10, 59)},{r.randint(100, 999)} fail2ban.actions [{r.randint(100, 9999)}]: NOTICE  [sshd] Ban ",
                    ip(),
                ],
                ["firewall-cmd --add-rich-rule='rule family=ipv4 source address=", ip(), " reject'"],
                ["deny ", ip(), ";\nallow 10.0.0.0/8;\ndeny all;"],
            ]
        )
    if family == "vcards":
        name = f"{r.choice(FIRST)} {r.choice(LAST)}"
        n = phone_number(r, r.choice(PHONE_DEV))
        tel = r.choice([phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL), phonenumbers.format_number(n, PhoneNumberFormat.E164)])
        return [
            f"BEGIN:VCARD\nVERSION:{r.choice(['3.0', '4.0'])}\nFN:",
            ("V", "person-name", name),
            f"\nTEL;TYPE={r.choice(['CELL', 'work,voice', 'HOME'])}:",
            ("V", "phone", tel),
            "\nEND:VCARD",
        ]
    if family == "csv_exports":
        region = r.choice(PHONE_DEV)
        segs = ["first_name,last_name,phone,signup_date\n"]
        for _ in range(r.randint(1, 3)):
            n = phone_number(r, region)
            tel = r.choice(
                [phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL), phonenumbers.format_number(n, PhoneNumberFormat.NATIONAL)]
            )
            q = '"' if "," in tel else ""
            segs += [f"{r.choice(FIRST)},{r.choice(LAST)},{q}", ("V", "phone", tel), f"{q},2024-0{r.randint(1, 9)}-1{r.randint(0, 9)}\n"]
        return segs
    if family == "forwarded_for":
        return r.choice(
            [
                ["X-Forwarded-For: ", ip(), f", {private_ipv4(r)}"],
                ["x-forwarded-for: ", ip(), "\nx-forwarded-proto: https"],
                ["Forwarded: for=", ip(), f";proto=https;by={private_ipv4(r)}"],
                ["X-Real-IP: ", ip()],
                ['{"headers": {"x-forwarded-for": "', ip(), '", "user-agent": "curl/8.5.0"}}'],
            ]
        )
    if family == "known_hosts":
        key = "AAAAC3NzaC1lZDI1NTE5AAAAI" + "".join(r.choice(string.ascii_letters + string.digits) for _ in range(43))
        return r.choice(
            [
                [ip(), f" ssh-ed25519 {key}"],
                [f"host-{r.randint(1, 9)}.example.net,", ip(), f" ssh-ed25519 {key}"],
                ["[", ip(), f"]:{r.choice([2222, 2200])} ssh-ed25519 {key}"],
                ["Warning: Permanently added '", ip(), "' (ED25519) to the list of known hosts."],
            ]
        )
    if family == "proxy_error_logs":
        return r.choice(
            [
                [
                    f"2024/03/1{r.randint(0, 9)} 1{r.randint(0, 9)}:{r.randint(10, 59)}:{r.randint(10, 59)} [error] {r.randint(100, 9999)}#0: *{r.randint(1, 99999)} upstream timed out, client: ",
                    ip(),
                    ', server: api.example.com, request: "GET /v1 HTTP/1.1"',
                ],
                [
                    f"[{r.choice(['Tue', 'Wed'])} Mar 1{r.randint(0, 9)} 10:{r.randint(10, 59)}:{r.randint(10, 59)}.{r.randint(100000, 999999)} 2024] [php:error] [pid {r.randint(100, 9999)}] [client ",
                    ip(),
                    f":{port()}] PHP Fatal error",
                ],
                [
                    f"{r.randint(1, 9)}{r.randint(100000000, 999999999)}.{r.randint(100, 999)} {r.randint(1, 999)} ",
                    ip(),
                    f" TCP_MISS/200 {r.randint(100, 99999)} GET http://example.com/ - HIER_DIRECT/93.184.216.34 text/html",
                ],
                [
                    "haproxy[",
                    str(r.randint(100, 9999)),
                    "]: ",
                    ip(),
                    f":{port()} [{r.randint(10, 28)}/Mar/2024:10:{r.randint(10, 59)}:{r.randint(10, 59)}.{r.randint(100, 999)}] fe be/srv1 0/0/1/{r.randint(1, 99)}/{r.randint(1, 99)} 200 {r.randint(100, 9999)}",
                ],
            ]
        )
    if family == "signature_phones":
        name = f"{r.choice(FIRST)} {r.choice(LAST)}"
        n1, n2 = phone_number(r, r.choice(PHONE_DEV), mobile=True), phone_number(r, r.choice(PHONE_DEV), mobile=False)
        f1 = phonenumbers.format_number(n1, PhoneNumberFormat.INTERNATIONAL)
        f2 = phonenumbers.format_number(n2, r.choice([PhoneNumberFormat.INTERNATIONAL, PhoneNumberFormat.NATIONAL]))
        return r.choice(
            [
                ["--\n", name, f"\n{r.choice(['Account Manager', 'Head of Support', 'CTO'])}\nM: ", ("V", "phone", f1), "\nT: ", ("V", "phone", f2)],
                ["Best,\n", name, " | Sales | ", ("V", "phone", f1)],
                [name, "\nDirect ", ("V", "phone", f2), " · Mob ", ("V", "phone", f1)],
                ["Regards\n", name, "\nO: ", ("V", "phone", f2), "  M: ", ("V", "phone", f1)],
            ]
        )
    if family == "json_exports":
        kind = r.choice(["nhs-number", "us-ssn", "br-cpf", "nl-bsn", "aadhaar", "payment-card", "iban"])
        v = value(
            r,
            kind,
            {
                "nhs-number": "plain_labelled",
                "us-ssn": "plain_labelled",
                "br-cpf": "plain_labelled",
                "nl-bsn": "plain_labelled",
                "aadhaar": "plain_labelled",
                "payment-card": "plain",
                "iban": "compact",
            }[kind],
        )
        system = {
            "nhs-number": "https://fhir.nhs.uk/Id/nhs-number",
            "us-ssn": "http://hl7.org/fhir/sid/us-ssn",
            "br-cpf": "cpf",
            "nl-bsn": "http://fhir.nl/fhir/NamingSystem/bsn",
            "aadhaar": "aadhaar",
            "payment-card": "card_number",
            "iban": "iban",
        }[kind]
        return r.choice(
            [
                ['{"resourceType": "Patient", "identifier": [{"system": "' + system + '", "value": "', ("V", kind, v), '"}]}'],
                ['[{"id": ' + str(r.randint(1, 999)) + ', "attributes": {"' + KEYS[kind] + '": "', ("V", kind, v), '"}}]'],
                ['{"data": {"customer": {"documents": [{"type": "' + system + '", "number": "', ("V", kind, v), '"}]}}}'],
            ]
        )
    raise KeyError(family)


def true5(r, family):
    segs = _true5(r, family)
    text, spans = "", []
    for s in segs:
        if isinstance(s, tuple):
            _, kind, v = s
            spans.append({"kind": kind, "start": len(text), "end": len(text) + len(v), "value": v})
            text += v
        else:
            text += s
    for e in spans:
        assert text[e["start"] : e["end"]] == e["value"], (text, e)
    return text, spans


def round5(split):
    r = random.Random(f"{SEED}-{split}-round5")
    cases = []
    for fam in ROUND5_CLEAN_DEV if split == "dev" else ROUND5_CLEAN_HELD_OUT:
        for _ in range(ROUND5_PER_FAMILY):
            text = clean5(r, fam)
            cases.append(
                {"label": "negative", "family": {"context": "round5", "formats": [f"negative:{fam}"]}, "text": text, "spans": [], "failing": []}
            )
    for fam in ROUND5_TRUE_DEV if split == "dev" else ROUND5_TRUE_HELD_OUT:
        for _ in range(ROUND5_PER_FAMILY):
            text, spans = true5(r, fam)
            cases.append(
                {"label": "positive", "family": {"context": "round5", "formats": [f"positive:{fam}"]}, "text": text, "spans": spans, "failing": []}
            )
    return cases


def build(split):
    r = random.Random(f"{SEED}-{split}")
    cases = []
    for kind in KINDS:
        for _ in range(POSITIVES_PER_KIND[split]):
            cases.append(positive_case(r, split, kind))
    for _ in range(RECORDS[split]):
        cases.append(record_case(r, split))
    families = NEGATIVE_FAMILIES_DEV if split == "dev" else NEGATIVE_FAMILIES_HELD_OUT
    for fam in families:
        n = NEGATIVES_PER_FAMILY[split] * (3 if fam.startswith("failing_check") else 2 if fam in COLUMN_LAYOUTS else 1)
        for _ in range(n):
            cases.append(negative_case(r, split, fam))
    cases += round5(split)
    for i, c in enumerate(cases):
        c["id"] = f"{split}-{i:05d}"
        c["split"] = split
    return cases


def main():
    for split in ("dev", "heldout"):
        cases = build(split)
        with open(OUT / f"{split}.jsonl", "w", encoding="utf-8") as f:
            for c in cases:
                ordered = {
                    k: c[k]
                    for k in (
                        "id",
                        "split",
                        "label",
                        "family",
                        "text",
                        "spans",
                        "failing",
                    )
                }
                f.write(json.dumps(ordered, ensure_ascii=False) + "\n")
        pos = sum(c["label"] == "positive" for c in cases)
        spans = sum(len(c["spans"]) for c in cases)
        fails = sum(len(c["failing"]) for c in cases)
        print(
            f"{split}: {len(cases)} cases, {pos} positive ({spans} identifiers), {len(cases) - pos} negative ({fails} failing check digits)",
            file=sys.stderr,
        )
    with open(OUT / "split.json", "w", encoding="utf-8") as f:
        json.dump({"seed": SEED, "held_out": HELD_OUT, "rounds": ROUNDS}, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
