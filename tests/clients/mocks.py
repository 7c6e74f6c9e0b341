"""Scripted model servers and an upload destination on 127.0.0.x (stdlib only), for real agent CLIs
without a real model or network.

A scenario is a list of steps, chosen by a tag that appears in the user's prompt; step *n* answers
the request that already carries *n* tool results: ``{"tool": name, "input": {...}}`` calls a tool,
``{"text": ...}`` ends the turn. Every request body is recorded raw, so a test can assert that a
value never reached the model.

- :class:`AnthropicMock`: the Messages API (``POST /v1/messages``, SSE when ``stream`` is set), as
  Claude Code speaks it with ``ANTHROPIC_BASE_URL``.
- :class:`ResponsesMock`: the OpenAI Responses API (``POST /v1/responses``, SSE), as Codex speaks
  it to a custom model provider.
- :class:`Destination`: records every request (method, path, body) it receives.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class _Server:
    def __init__(self, host: str = "127.0.0.1"):
        self.raw: list[bytes] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer((host, 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def seen(self) -> bytes:
        """Everything received so far, concatenated."""
        with self._lock:
            return b"\n".join(self.raw)

    def _record(self, data: bytes) -> None:
        with self._lock:
            self.raw.append(data)

    def respond(self, handler: BaseHTTPRequestHandler, body: bytes) -> None:
        raise NotImplementedError

    def _handler(self) -> type:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a: Any) -> None:
                pass

            def _body(self) -> bytes:
                n = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(n) if n else b""
                server._record(f"{self.command} {self.path} ".encode() + bytes(str(dict(self.headers)), "utf-8") + b" " + body)
                return body

            def do_GET(self) -> None:
                self._body()
                server.respond(self, b"")

            do_HEAD = do_PUT = do_DELETE = do_GET

            def do_POST(self) -> None:
                server.respond(self, self._body())

        return Handler


def send_json(h: BaseHTTPRequestHandler, code: int, obj: Any) -> None:
    data = json.dumps(obj).encode()
    h.send_response(code)
    h.send_header("Content-Type", "application/json")
    h.send_header("Content-Length", str(len(data)))
    h.end_headers()
    h.wfile.write(data)


def start_sse(h: BaseHTTPRequestHandler) -> None:
    h.send_response(200)
    h.send_header("Content-Type", "text/event-stream")
    h.send_header("Connection", "close")
    h.end_headers()
    h.close_connection = True


def sse(h: BaseHTTPRequestHandler, event: str, data: dict) -> None:
    h.wfile.write(f"event: {event}\ndata: {json.dumps(data)}\n\n".encode())
    h.wfile.flush()


class _Scripted(_Server):
    def __init__(self, scenarios: dict[str, list[dict]] | None = None):
        super().__init__()
        self.scenarios: dict[str, list[dict]] = dict(scenarios or {})

    def step(self, prompt_text: str, n_results: int) -> dict:
        tag = next((t for t in self.scenarios if t in prompt_text), None)
        steps = self.scenarios.get(tag, []) if tag else []
        return steps[n_results] if n_results < len(steps) else {"text": "done"}


class AnthropicMock(_Scripted):
    def respond(self, h: BaseHTTPRequestHandler, body: bytes) -> None:
        if not h.path.startswith("/v1/messages") or h.command != "POST":
            return send_json(
                h,
                404,
                {
                    "type": "error",
                    "error": {"type": "not_found_error", "message": "mock"},
                },
            )
        if "count_tokens" in h.path:
            return send_json(h, 200, {"input_tokens": 10})
        req = json.loads(body or b"{}")
        msgs = req.get("messages") or []
        blocks = [c for m in msgs if isinstance(m.get("content"), list) for c in m["content"] if isinstance(c, dict)]
        prompt = " ".join(
            c.get("text", "")
            for m in msgs
            if m.get("role") == "user"
            for c in (m["content"] if isinstance(m["content"], list) else [{"text": m["content"]}])
            if isinstance(c, dict)
        )
        n = sum(1 for c in blocks if c.get("type") == "tool_result")
        step = self.step(prompt, n) if req.get("tools") else {"text": "Mock title"}
        if "tool" in step:
            block = {
                "type": "tool_use",
                "id": f"toolu_{n}",
                "name": step["tool"],
                "input": step["input"],
            }
        else:
            block = {"type": "text", "text": step["text"]}
        stop = "tool_use" if "tool" in step else "end_turn"
        model = req.get("model", "mock")
        usage = {"input_tokens": 10, "output_tokens": 5}
        if not req.get("stream"):
            return send_json(
                h,
                200,
                {
                    "id": "msg_mock",
                    "type": "message",
                    "role": "assistant",
                    "model": model,
                    "content": [block],
                    "stop_reason": stop,
                    "stop_sequence": None,
                    "usage": usage,
                },
            )
        start_sse(h)
        sse(
            h,
            "message_start",
            {
                "type": "message_start",
                "message": {
                    "id": "msg_mock",
                    "type": "message",
                    "role": "assistant",
                    "model": model,
                    "content": [],
                    "stop_reason": None,
                    "stop_sequence": None,
                    "usage": usage,
                },
            },
        )
        if block["type"] == "text":
            sse(
                h,
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {"type": "text", "text": ""},
                },
            )
            sse(
                h,
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {"type": "text_delta", "text": block["text"]},
                },
            )
        else:
            sse(
                h,
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": 0,
                    "content_block": {**block, "input": {}},
                },
            )
            sse(
                h,
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {
                        "type": "input_json_delta",
                        "partial_json": json.dumps(block["input"]),
                    },
                },
            )
        sse(h, "content_block_stop", {"type": "content_block_stop", "index": 0})
        sse(
            h,
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": 5},
            },
        )
        sse(h, "message_stop", {"type": "message_stop"})


class ResponsesMock(_Scripted):
    def respond(self, h: BaseHTTPRequestHandler, body: bytes) -> None:
        if h.command == "GET" and h.path.rstrip("/").endswith("/models"):
            return send_json(
                h,
                200,
                {
                    "object": "list",
                    "data": [{"id": "mock-model", "object": "model"}],
                    "models": [],
                },
            )
        if h.command != "POST" or not h.path.rstrip("/").endswith("/responses"):
            return send_json(h, 404, {"error": {"message": "mock"}})
        req = json.loads(body or b"{}")
        items = req.get("input") or []
        prompt = " ".join(c.get("text", "") for it in items if it.get("role") == "user" for c in (it.get("content") or []) if isinstance(c, dict))
        n = sum(1 for it in items if it.get("type") in ("function_call_output", "custom_tool_call_output"))
        step = self.step(prompt, n)
        if "tool" in step:
            out = [
                {
                    "type": "function_call",
                    "id": f"fc_{n}",
                    "call_id": f"call_{n}",
                    "name": step["tool"],
                    "arguments": json.dumps(step["input"]),
                }
            ]
        else:
            out = [
                {
                    "type": "message",
                    "id": f"msg_{n}",
                    "role": "assistant",
                    "status": "completed",
                    "content": [{"type": "output_text", "text": step["text"], "annotations": []}],
                }
            ]
        resp = {
            "id": f"resp_{n}",
            "object": "response",
            "status": "in_progress",
            "model": "mock-model",
            "output": [],
        }
        start_sse(h)
        sse(h, "response.created", {"type": "response.created", "response": resp})
        for i, item in enumerate(out):
            sse(
                h,
                "response.output_item.added",
                {"type": "response.output_item.added", "output_index": i, "item": item},
            )
            sse(
                h,
                "response.output_item.done",
                {"type": "response.output_item.done", "output_index": i, "item": item},
            )
        usage = {
            "input_tokens": 10,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 5,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 15,
        }
        sse(
            h,
            "response.completed",
            {
                "type": "response.completed",
                "response": {
                    **resp,
                    "status": "completed",
                    "output": out,
                    "usage": usage,
                },
            },
        )


class Destination(_Server):
    """Where an upload would land: answers 200 to anything and keeps it."""

    def respond(self, h: BaseHTTPRequestHandler, body: bytes) -> None:
        send_json(h, 200, {"ok": True})
