"""``python -m egress_guard install [--hermes-home DIR] [--uninstall]``: the Hermes plugin installer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m egress_guard", description="Egress Guard for Hermes Agent")
    sub = parser.add_subparsers(dest="command", required=True)
    inst = sub.add_parser(
        "install",
        help="install the Hermes plugin into $HERMES_HOME/plugins/egress-guard and enable it",
    )
    inst.add_argument("--hermes-home", type=Path, default=None, help="the Hermes home (default: $HERMES_HOME, else ~/.hermes)")
    inst.add_argument("--uninstall", action="store_true", help="disable the plugin and remove its directory (other plugins and settings are kept)")
    args = parser.parse_args(argv)

    from .hermes import install

    hermes_home = (args.hermes_home or install.default_home()).expanduser()
    try:
        done = install.uninstall(hermes_home) if args.uninstall else install.install(hermes_home)
    except (OSError, ValueError) as e:
        print(f"egress-guard: {e}", file=sys.stderr)
        return 1
    for line in done:
        print(line)
    if not args.uninstall:
        print("Takes effect in the next Hermes session. Check it with /guard status.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
