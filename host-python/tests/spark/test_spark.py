"""``egress_guard.spark.vet`` on Spark in local mode (``local[2]``): every verdict compared with
``egress-guard inspect --jsonl`` on the same rows, and proof that the work runs in the executors'
Python workers (a side file per worker process, written by ``probe/sitecustomize.py``) while the
driver never builds a guard. Spark listens on 127.0.0.1 only; its scratch, warehouse and the
workers' home are temporary folders; the UI is off."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import rows

REPO = Path(__file__).resolve().parents[3]
CLI = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target") / "release" / "egress-guard"
PROBE = Path(__file__).resolve().parent / "probe"
#: The CLI hands the engine its own environment's credentials; the Spark workers add none.
POLICY = "rules:\n  secrets:\n    known_values: {env: false, hermes_env: false}\n"


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("spark")
    dirs = {name: base / name for name in ("local", "warehouse", "probe", "home", "cli")}
    for d in dirs.values():
        d.mkdir()
    return dirs


@pytest.fixture(scope="module")
def spark(env: dict[str, Path]):
    from pyspark.sql import SparkSession

    saved = {k: os.environ.get(k) for k in ("SPARK_LOCAL_IP", "PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON")}
    os.environ.update(SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("egress-guard-test")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.local.dir", str(env["local"]))
        .config("spark.sql.warehouse.dir", str(env["warehouse"]))
        .config("spark.executorEnv.PYTHONPATH", str(PROBE))
        .config("spark.executorEnv.EG_SPARK_PROBE", str(env["probe"]))
        .config("spark.executorEnv.HOME", str(env["home"]))
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def cli_answers(env: dict[str, Path], scope: str, tool: str, cells: list[str], preset: str | None = None) -> list[str]:
    """The CLI's answer to each cell, without its id (the ``verdict`` column's form)."""
    assert CLI.is_file(), f"{CLI} is missing: cargo build --release -p egress-guard (scripts/test.sh builds it)"
    policy = env["cli"] / "policy.yaml"
    policy.write_text(POLICY)
    lines = []
    for i, cell in enumerate(cells):
        payload: object = cell
        if scope == "args":
            with contextlib.suppress(ValueError):
                payload = json.loads(cell)
        lines.append(json.dumps({"id": i, "scope": scope, "tool": tool, "payload": payload}))
    cmd = [str(CLI), "inspect", "--jsonl", "-j", "2", "--policy", str(policy), "--wasm", str(wasm())]
    if preset:
        cmd += ["--preset", preset]
    clean_env = {
        "PATH": os.environ["PATH"],
        "HOME": str(env["cli"]),
        "HERMES_HOME": str(env["cli"] / "hermes"),
        "EGRESS_GUARD_CACHE_DIR": str(env["cli"] / "cache"),
    }
    done = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True, text=True, env=clean_env, timeout=900, check=False)
    assert done.returncode in (0, 1, 2), done.stderr
    out = done.stdout.splitlines()
    assert len(out) == len(cells)
    answers = []
    for i, line in enumerate(out):
        prefix = f'{{"id":{i},'
        assert line.startswith(prefix), line[:80]
        answers.append("{" + line[len(prefix) :])
    return answers


def wasm() -> Path:
    from egress_guard import _runtime

    return _runtime.default_wasm_path()


def vetted(spark, env, scope: str, tool: str, cells: list[str | None], monkeypatch: pytest.MonkeyPatch, preset: str | None = None) -> list:
    """``vet`` over ``cells`` (ids kept), collected in id order, with the driver forbidden to build a guard."""
    from egress_guard import _runtime
    from egress_guard.guard import Guard
    from egress_guard.spark import vet

    def refuse(*_a, **_k):
        raise AssertionError("the driver built a guard")

    loaded = set(_runtime._runtimes)
    monkeypatch.setattr(Guard, "__init__", refuse)
    df = spark.createDataFrame(list(enumerate(cells)), "id long, cell string").repartition(4)
    out = vet(df, "cell", scope=scope, tool=tool, policy_text=POLICY, preset=preset)
    assert out.columns == ["id", "cell", "action", "output", "findings", "verdict"]
    got = sorted(out.collect(), key=lambda r: r["id"])
    monkeypatch.undo()
    assert set(_runtime._runtimes) == loaded, "the driver loaded the component"
    return got


def probes(env: dict[str, Path]) -> dict[int, dict]:
    return {int(p.stem): json.loads(p.read_text()) for p in env["probe"].glob("*.json")}


def compare(got: list, cells: list[str], answers: list[str]) -> None:
    for r, cell, want in zip(got, cells, answers, strict=True):
        assert r["cell"] == cell
        assert r["verdict"] == want, f"row {r['id']}"
        if want.startswith('{"error"'):
            assert (r["action"], r["output"], r["findings"]) == (None, None, None)
            continue
        d = json.loads(want)
        assert r["action"] == d["action"]
        assert json.loads(r["findings"]) == d["findings"]
        assert r["findings"] in want
        if d["output"] is None or isinstance(d["output"], str):
            assert r["output"] == d["output"]
        else:
            assert json.loads(r["output"]) == d["output"] and f'"output":{r["output"]},' in want


def test_ten_thousand_results_match_the_cli_and_run_in_the_workers(spark, env, monkeypatch):
    cells = rows.results(10_000)
    before = probes(env)
    got = vetted(spark, env, "result", "terminal", cells, monkeypatch)
    compare(got, cells, cli_answers(env, "result", "terminal", cells))
    actions = {a: sum(r["action"] == a for r in got) for a in ("allow", "warn", "redact")}
    assert actions["allow"] > 1000 and actions["warn"] > 500 and actions["redact"] > 1000, actions

    seen = probes(env)
    assert os.getpid() not in seen, "a guard was used in the driver process"
    cells_done = sum(p["cells"] for p in seen.values()) - sum(p["cells"] for p in before.values())
    assert cells_done == len(cells), "each cell inspected exactly once, all in Python workers"
    assert 1 <= len(seen) <= 4, seen.keys()
    for p in seen.values():
        assert p["guards"] <= 3, "one guard per worker and policy"
        for cache in p["caches"]:
            assert Path(cache).is_relative_to(env["local"]), f"compiled cache outside the executor's scratch: {cache}"
    assert not (env["home"] / ".cache").exists(), "nothing written in the workers' home"


def test_arguments_under_a_preset_match_the_cli(spark, env, monkeypatch):
    cells = rows.args(1500)
    got = vetted(spark, env, "args", "terminal", cells, monkeypatch, preset="research-data")
    answers = cli_answers(env, "args", "terminal", cells, preset="research-data")
    compare(got, cells, answers)
    assert sum(a.startswith('{"error"') for a in answers) >= 10
    assert sum(r["action"] == "block" for r in got) > 100, "uploads are blocked under research-data"
    assert sum(r["action"] == "redact" for r in got) > 50


def test_replies_and_empty_cells(spark, env, monkeypatch):
    cells: list[str | None] = rows.replies(300)
    got = vetted(spark, env, "reply", "", [*cells, None, ""], monkeypatch)
    compare(got[:-2], cells, cli_answers(env, "reply", "", cells))
    assert sum("EG-CELL-001" in r["verdict"] for r in got[:-2]) > 10, "small-count tables in replies are vetted"
    assert tuple(got[-2])[2:] == (None, None, None, None), "a null cell gets null columns"
    assert got[-1]["verdict"] == '{"action":"allow","output":null,"findings":[],"message":null}'


def test_vet_refuses_what_it_cannot_do(spark):
    from egress_guard.spark import vet

    df = spark.createDataFrame([("x", "y")], "cell string, action string")
    with pytest.raises(ValueError, match="already has columns"):
        vet(df, "cell")
    with pytest.raises(ValueError, match="unknown scope"):
        vet(df.drop("action"), "cell", scope="nope")
