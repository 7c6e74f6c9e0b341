"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1 (stdlib only), for real
Hermes turns without a real model.

Each conversation is identified by a scenario tag that appears in its user message. A scenario is
a list of steps; step *n* answers the request that already holds *n* assistant messages:

    {"tool_calls": [{"name": "terminal", "arguments": {"command": "..."}}, ...]}
    {"content": "final text"}
    {"echo_tool": "prefix"}   # the prefix + the output of the last tool results (a model copying them)

Requests are recorded per tag, so a test can read exactly what the model was shown.
Hermes streams (``stream: true``), so answers are served as SSE chunks; plain JSON otherwise.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MODEL = "mock-model"


class MockLLM:
    """``with MockLLM(scenarios) as llm: llm.base_url ...``; ``llm.requests[tag]`` after the run."""

    def __init__(self, scenarios: dict[str, list[dict]] | None = None):
        self.scenarios: dict[str, list[dict]] = dict(scenarios or {})
        self.requests: dict[str, list[dict]] = {}
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> MockLLM:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()

    def tool_messages(self, tag: str) -> list[str]:
        """The tool results the model was shown in the last request of this scenario."""
        reqs = [r for r in self.requests.get(tag, []) if r.get("tools")]
        if not reqs:
            return []
        return [_text(m.get("content")) for m in reqs[-1]["messages"] if m.get("role") == "tool"]

    # ---- answering ----

    def answer(self, body: dict) -> dict:
        msgs = body.get("messages") or []
        if not body.get("tools"):
            return {"role": "assistant", "content": "Mock title"}
        tag = self._tag(msgs)
        with self._lock:
            self.requests.setdefault(tag or "", []).append(body)
        steps = self.scenarios.get(tag or "", [])
        n = sum(1 for m in msgs if m.get("role") == "assistant")
        step = steps[n] if n < len(steps) else {"content": "done"}
        if "tool_calls" in step:
            return {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": f"call_{n}_{i}", "type": "function", "function": {"name": c["name"], "arguments": json.dumps(c["arguments"])}}
                    for i, c in enumerate(step["tool_calls"])
                ],
            }
        if "echo_tool" in step:
            outputs = []
            for m in msgs[::-1]:
                if m.get("role") != "tool":
                    break
                outputs.insert(0, _tool_output(_text(m.get("content"))))
            return {"role": "assistant", "content": step["echo_tool"] + "\n\n".join(outputs)}
        return {"role": "assistant", "content": step["content"]}

    def _tag(self, msgs: list[dict]) -> str | None:
        users = " ".join(_text(m.get("content")) for m in msgs if m.get("role") == "user")
        return next((t for t in self.scenarios if t in users), None)


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return content if isinstance(content, str) else ""


def _tool_output(content: str) -> str:
    """What a model would copy from a tool result: the command/file output, not the JSON wrapper."""
    try:
        d = json.loads(content)
    except ValueError:
        return content
    if isinstance(d, dict):
        for key in ("output", "content"):
            if isinstance(d.get(key), str):
                return d[key]
    return content


def _handler(llm: MockLLM) -> type:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *a: Any) -> None:
            pass

        def _json(self, code: int, obj: dict) -> None:
            data = json.dumps(obj).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                return self._json(200, {"object": "list", "data": [{"id": MODEL, "object": "model", "owned_by": "mock", "context_length": 128000}]})
            self._json(404, {"error": "not found"})

        def do_POST(self) -> None:
            n = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(n) or b"{}")
            if not self.path.rstrip("/").endswith("/chat/completions"):
                return self._json(404, {"error": {"message": "only chat/completions"}})
            msg = llm.answer(body)
            finish = "tool_calls" if msg.get("tool_calls") else "stop"
            usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
            if not body.get("stream"):
                return self._json(
                    200,
                    {
                        "id": "cmpl-1",
                        "object": "chat.completion",
                        "created": int(time.time()),
                        "model": MODEL,
                        "usage": usage,
                        "choices": [{"index": 0, "message": msg, "finish_reason": finish}],
                    },
                )
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()

            def chunk(delta: dict, fr: str | None = None, u: dict | None = None) -> None:
                c = {
                    "id": "cmpl-1",
                    "object": "chat.completion.chunk",
                    "created": int(time.time()),
                    "model": MODEL,
                    "choices": [{"index": 0, "delta": delta, "finish_reason": fr}],
                }
                if u:
                    c["usage"] = u
                self.wfile.write(b"data: " + json.dumps(c).encode() + b"\n\n")
                self.wfile.flush()

            if msg.get("tool_calls"):
                chunk(
                    {
                        "role": "assistant",
                        "tool_calls": [
                            {"index": i, "id": tc["id"], "type": "function", "function": tc["function"]} for i, tc in enumerate(msg["tool_calls"])
                        ],
                    }
                )
            else:
                chunk({"role": "assistant", "content": msg["content"]})
            chunk({}, finish, usage)
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()

    return Handler
