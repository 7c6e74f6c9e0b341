// The cross-host conformance vectors through the Node host: every `inspect --jsonl` line must be
// byte-identical to tests/conformance/expected.jsonl (the native engine, the Rust host and the
// Python host run the same file), and the vet records to tests/conformance/vet.jsonl.
//
// Bytes, not values: payloads go to the engine as the JSON text the case holds, and each line is
// cut from the verdict text the engine wrote (`Verdict.json`), because JSON.parse + stringify
// would reorder integer-like keys and reformat numbers inside a rewritten arguments object.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { test } from "node:test";

import { findNodeAtLocation, parseTree } from "jsonc-parser";

import { Guard } from "../src/index.js";
import { CONFORMANCE, FIXTURES } from "./paths.js";

/** The JSON text of member `key` of the object `text`, exactly as written there. */
function rawMember(text, key) {
  const node = findNodeAtLocation(parseTree(text), [key]);
  return node && text.slice(node.offset, node.offset + node.length);
}

/** The `inspect --jsonl` output line for `id` (a string) and a verdict: the canonical verdict
 * text without its `audit` member, `id` first. */
function jsonlLine(id, verdict, extra = "") {
  const head = `{"id":${JSON.stringify(id)},`;
  if (verdict.json === null) return `${head}"action":"allow","output":null,"findings":[],"message":null${extra}}`;
  const text = verdict.json;
  const audit = parseTree(text).children.find((p) => p.children[0].value === "audit");
  const body = text.slice(1, audit.offset - 1) + text.slice(audit.offset + audit.length, -1);
  return `${head}${body}${extra}}`;
}

/** What a `trap` case stands for; the Node host has no fuel (see the README). */
const TRAP_CAUSE = { fuel: "fuel budget exhausted" };

function readLines(path) {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
}

test("the Node host reproduces expected.jsonl byte for byte", async () => {
  const guards = new Map();
  // One guard per policy, and per trap: a trap case runs with a zero deadline, which expires as
  // the call is sent (the worker is terminated mid-call and replaced). Session cases give the
  // host's clock in their options; the guard reads it from `clock`.
  let now = null;
  const guardFor = async (c) => {
    const key = `${c.policy ?? "default"}\u0000${c.trap ?? ""}`;
    if (!guards.has(key)) {
      const g = await Guard.create({
        policy: join(CONFORMANCE, "policies", `${c.policy ?? "default"}.yaml`),
        deadlineMs: c.trap ? 0 : undefined,
        poolSize: 1,
        clock: () => now,
      });
      assert.equal(g.loadError, null, `conformance policy ${c.policy}: ${g.loadError}`);
      guards.set(key, g);
    }
    return guards.get(key);
  };
  const out = [];
  try {
    for (const line of readLines(join(CONFORMANCE, "cases.jsonl"))) {
      const c = JSON.parse(line);
      now = c.options?.now_ms ?? null;
      const g = await guardFor(c);
      // An args payload that is an object goes as the text the case holds (a string as itself).
      const payload = typeof c.payload === "string" ? c.payload : rawMember(line, "payload");
      const v = await g.inspect(c.scope, c.tool ?? "", payload, { unattended: c.options?.unattended, session: c.session });
      if (c.trap) {
        // The real expiry gave the fail_mode verdict with its own cause; the line records the
        // verdict for the case's cause, built by the same component function.
        assert.ok(TRAP_CAUSE[c.trap], `unknown trap kind ${c.trap}`);
        assert.equal(v.json, g.internalVerdict(c.scope, c.tool ?? "", "deadline exceeded").json, c.id);
        out.push(jsonlLine(c.id, g.internalVerdict(c.scope, c.tool ?? "", TRAP_CAUSE[c.trap])));
      } else {
        out.push(jsonlLine(c.id, v));
      }
    }
  } finally {
    await Promise.all([...guards.values()].map((g) => g.close()));
  }
  const expected = readLines(join(CONFORMANCE, "expected.jsonl"));
  assert.ok(out.some((l) => l.includes('"approval":{')), "the session sequence cases ran");
  assert.ok(expected.length > 0, "the conformance vectors are missing");
  for (let i = 0; i < Math.min(out.length, expected.length); i++) assert.equal(out[i], expected[i], `line ${i + 1}`);
  assert.equal(out.join("\n") + "\n", expected.join("\n") + "\n");
});

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath ?? d.path, d.name));
}

test("the Node host reproduces vet.jsonl byte for byte", async () => {
  const g = await Guard.create({ policy: join(CONFORMANCE, "policies", "default.yaml"), poolSize: 1 });
  const lines = [];
  try {
    const files = filesUnder(FIXTURES)
      .map((p) => [relative(FIXTURES, p).split(sep).join("/"), p])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    assert.ok(files.length >= 5, "the vet fixtures are missing");
    for (const [rel, path] of files) {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(path));
      const v = await g.inspectReply(text);
      const flagged = v.findings.some((f) => f.rule === "smallcell");
      const explained = flagged ? JSON.stringify(await g.explain("reply", "", text)) : "null";
      lines.push(jsonlLine(rel, v, `,"explain":${explained}`));
    }
  } finally {
    await g.close();
  }
  const expected = readLines(join(CONFORMANCE, "vet.jsonl"));
  for (let i = 0; i < Math.min(lines.length, expected.length); i++) assert.equal(lines[i], expected[i], `line ${i + 1}`);
  assert.equal(lines.join("\n") + "\n", readFileSync(join(CONFORMANCE, "vet.jsonl"), "utf8"));
  assert.ok(lines.join("\n").includes('"class":"complement","lo":'));
});
