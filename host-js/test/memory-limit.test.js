// The memory cap put on the core modules: each case is a tiny module with one memory, exported.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { withMemoryMaximum } from "../src/memory-limit.js";

const PAGE = 65536;
const HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
const EXPORT_MEM = [0x07, 0x07, 0x01, 0x03, 0x6d, 0x65, 0x6d, 0x02, 0x00]; // export "mem" = memory 0

/** A module whose memory section holds `limits` (flags, min[, max]), exporting the memory. */
function moduleWith(limits) {
  return new Uint8Array([...HEADER, 0x05, limits.length + 1, 0x01, ...limits, ...EXPORT_MEM]);
}

function memoryOf(bytes) {
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.mem;
}

const cases = [
  // [name, limits, cap in pages, the maximum the memory must end with]
  ["no maximum gets the cap", [0x00, 0x01], 3, 3],
  ["a larger maximum is lowered", [0x01, 0x01, 0x64], 3, 3],
  ["a smaller maximum is kept", [0x01, 0x01, 0x02], 3, 2],
  ["a minimum equal to the cap", [0x00, 0x03], 3, 3],
  ["multi-byte LEB128 values", [0x01, 0x01, 0x80, 0x02], 200, 200],
];

for (const [name, limits, cap, max] of cases) {
  test(`memory cap: ${name}`, () => {
    const mem = memoryOf(withMemoryMaximum(moduleWith(limits), cap * PAGE));
    const pages = mem.buffer.byteLength / PAGE;
    mem.grow(max - pages);
    assert.equal(mem.buffer.byteLength, max * PAGE);
    assert.throws(() => mem.grow(1), RangeError);
  });
}

test("memory cap: without the cap the same memory grows past it", () => {
  const mem = memoryOf(moduleWith([0x00, 0x01]));
  mem.grow(10);
  assert.equal(mem.buffer.byteLength, 11 * PAGE);
});

test("memory cap: memories it cannot cap are errors, modules without one are unchanged", () => {
  assert.throws(() => withMemoryMaximum(moduleWith([0x00, 0x05]), 3 * PAGE), /starts above the limit/);
  assert.throws(() => withMemoryMaximum(moduleWith([0x03, 0x01, 0x02]), 3 * PAGE), /limits flags 3/);
  assert.throws(() => withMemoryMaximum(moduleWith([0x04, 0x01]), 3 * PAGE), /limits flags 4/);
  const none = new Uint8Array([...HEADER]);
  assert.equal(withMemoryMaximum(none, PAGE), none);
});

test("memory cap: the component's core modules stay valid once capped", () => {
  const meta = JSON.parse(readFileSync(new URL("../gen/component.json", import.meta.url), "utf8"));
  let capped = 0;
  for (const name of meta.core_modules) {
    const bytes = readFileSync(new URL(`../gen/${name}`, import.meta.url));
    const out = withMemoryMaximum(bytes, 1 << 30);
    assert.ok(WebAssembly.validate(out), name);
    if (out !== bytes) capped++;
  }
  assert.equal(capped, 1, "exactly one core module defines the memory");
});
