"""Issue 6 item 9: the seed's demo (scripts/demo_hermes.py) in a real Hermes: the 800-record cross-tab
copied by the model shows raw values with the plugin off and `[suppressed]` in the same cells with
it on; the totals stay visible."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

DEMO = Path(__file__).resolve().parents[3] / "scripts" / "demo_hermes.py"


def test_9_demo_plugin_off_shows_raw_values_plugin_on_suppresses_the_same_cells():
    r = subprocess.run([sys.executable, str(DEMO), "--json"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.splitlines()[-1])
    assert out["rows"]["off"] == "| Peace Valley | 7 | 0 | 3 | 10 |"
    assert out["rows"]["on"] == "| Peace Valley | [suppressed] | 0 | [suppressed] | 10 |"
    off, on = out["replies"]["off"], out["replies"]["on"]
    assert "[suppressed]" not in off
    assert "| Total | 468 | 138 | 194 | 800 |" in off and "| Total | 468 | 138 | 194 | 800 |" in on
    # Only the cells the guard withholds change: every other line is the same.
    changed = [(a, b) for a, b in zip(off.splitlines(), on.splitlines(), strict=False) if a != b]
    assert changed and all("[suppressed]" in b for _, b in changed)
