"""Egress Guard inside a real Hermes Agent, small cells (smallcell rule): suppressed in tool results
when the result scope is on, and in the final reply with the note appended."""

from __future__ import annotations

from harness import run_hermes
from scenarios import NO_REDACT, RAW_ROW, TABLE, TOKEN, terminal


def test_5_final_reply_is_redacted_suppressed_and_noted(default_run):
    _, runs, _ = default_run
    r = runs["s-reply"]
    final = r["final"]
    assert TOKEN not in final and "[REDACTED:github-token]" in final
    assert RAW_ROW not in final and "[suppressed]" in final
    assert "| Peace Valley |" in final and "| 10 |" in final  # the row and its total stay visible
    assert final.rstrip().splitlines()[-1].startswith("[egress-guard] Values withheld")
    assert r["transformed"]


def test_4_result_scope_on_small_cells_are_suppressed_before_the_model_sees_them(make_home, llm):
    home = make_home("result-on", policy="rules:\n  smallcell:\n    scopes: [args, result, reply]\n", env=NO_REDACT)
    (home.work / "table.md").write_text(TABLE + f"\nGITHUB_TOKEN={TOKEN}\n")
    llm.scenarios["s-result-on"] = [terminal(f"cat {home.work}/table.md"), {"content": "ok"}]
    run_hermes(home, llm.base_url, [{"prompt": "show s-result-on"}])
    seen = "\n".join(llm.tool_messages("s-result-on"))
    assert "[suppressed]" in seen and RAW_ROW not in seen.replace("\\n", "\n")
    assert TOKEN not in seen and "[REDACTED:github-token]" in seen
