#!/usr/bin/env python3
"""Prints the table `validate::COMMON_PAIRS`: the 250 most frequent pairs of neighbouring letters
in the words of the running Python's standard library (its modules and their text files, tests
left out), words split at underscores and case changes and lower-cased, each word of three
letters or more counted as often as it occurs. The 250 cover about 96.6 % of the pairs in those
words; a random draw of letters has about 37 % of its pairs among them.

    python3 engine/src/rules/secrets/letter_pairs.py

Identifiers and English words are what a credential's name holds beside a value of letters
that is no credential (`backend: postgresql`, `password: changeme`), so their pairs are the
ones a value made of words is made of. No crate offers such a table; it is data, kept small.
"""

import collections
import itertools
import os
import re
import sysconfig

TOP = 250


def main():
    root = sysconfig.get_paths()["stdlib"]
    words = collections.Counter()
    for dirpath, _, files in os.walk(root):
        if "site-packages" in dirpath or "test" in dirpath:
            continue
        for name in files:
            if not name.endswith((".py", ".txt", ".rst")):
                continue
            try:
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    text = f.read()
            except (UnicodeDecodeError, OSError):
                continue
            for token in re.findall(r"[A-Za-z]+", text):
                for word in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", token):
                    if len(word) >= 3:
                        words[word.lower()] += 1
    pairs = collections.Counter()
    for word, n in words.items():
        for a, b in itertools.pairwise(word):
            pairs[a + b] += n
    rows = [0] * 26
    for pair, _ in pairs.most_common(TOP):
        rows[ord(pair[0]) - 97] |= 1 << (ord(pair[1]) - 97)
    print(", ".join(f"0x{r:07x}" for r in rows))


if __name__ == "__main__":
    main()
