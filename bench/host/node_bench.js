#!/usr/bin/env node
// The component through the Node host (host-js, jco-transpiled, one worker thread per instance),
// over the inputs every path shares (issue 8).
//
//     python3 bench/gen/gen.py --out bench/gen/out && scripts/test-js.sh   # inputs; host-js built
//     node bench/host/node_bench.js [--quick] [--only ID ...] [--cold-runs N]
//
// Prints, per input of `bench/gen/out/inputs.jsonl` under `bench/gen/policy.yaml`: size, calls,
// p50 and p99 wall time per call (the round trip: message to the worker, the wasm call, the
// answer back, parsing), process CPU per call (both threads, averaged over the calls: V8 gives no
// per-thread CPU clock), the verdict's action and ms/MB for the ~1 MB inputs; then cold start in
// fresh processes (import + compile + first worker + policy + first call). The load average is
// printed with the figures.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const POLICY = `${ROOT}bench/gen/policy.yaml`;
const INDEX = new URL("../../host-js/src/index.js", import.meta.url).href;

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const onlyAt = argv.indexOf("--only");
const only = onlyAt >= 0 ? argv.slice(onlyAt + 1).filter((a) => !a.startsWith("--")) : null;
const coldAt = argv.indexOf("--cold-runs");
const coldRuns = coldAt >= 0 ? Number(argv[coldAt + 1]) : 5;

const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const callsFor = (size) => {
  const n = size < 1_000 ? 2000 : size < 100_000 ? 300 : 15;
  return quick ? Math.max(5, Math.floor(n / 5)) : n;
};

const { Guard } = await import(INDEX);
console.log(`machine: ${cpus()[0].model}, ${cpus().length} cpus, load ${load()}`);
const g = await Guard.create({ policy: POLICY, poolSize: 1 });
if (g.loadError) throw new Error(g.loadError);
console.log(`component sha256 ${g.sha256.slice(0, 16)}…; policy bench/gen/policy.yaml; node ${process.version}`);

const lines = readFileSync(`${ROOT}bench/gen/out/inputs.jsonl`, "utf8").split("\n").filter(Boolean);
console.log(`\n${"input".padEnd(22)}${"bytes".padStart(10)}${"n".padStart(6)}${"p50 wall".padStart(12)}${"p99 wall".padStart(12)}${"cpu/call".padStart(12)}${"ms/MB wall".padStart(12)}  action`);
for (const line of lines) {
  const item = JSON.parse(line);
  if (only && !only.includes(item.id)) continue;
  // Args go as compact JSON text, the bytes the other hosts send.
  const payload = typeof item.payload === "string" ? item.payload : JSON.stringify(item.payload);
  const size = Buffer.byteLength(payload);
  const call = () => g.inspect(item.scope, item.tool, payload);
  const { action } = await call();
  const n = callsFor(size);
  for (let i = 0; i < Math.min(n, 20); i++) await call();
  const wall = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call();
    wall.push(performance.now() - t0);
  }
  const c = process.cpuUsage(cpu0);
  const cpuPerCall = (c.user + c.system) / 1000 / n;
  const perMb = size >= 100_000 ? ((pct(wall, 0.5) * 1e6) / size).toFixed(1) : "";
  console.log(
    `${item.id.padEnd(22)}${size.toLocaleString("en").padStart(10)}${String(n).padStart(6)}${fmt(pct(wall, 0.5)).padStart(12)}` +
      `${fmt(pct(wall, 0.99)).padStart(12)}${fmt(cpuPerCall).padStart(12)}${perMb.padStart(12)}  ${action}`,
  );
}
await g.close();

const COLD = `const t0 = performance.now(); const c0 = process.cpuUsage();
const { Guard } = await import(${JSON.stringify(INDEX)});
const g = await Guard.create({ policy: ${JSON.stringify(POLICY)}, poolSize: 1 });
await g.inspectReply("warm");
const c = process.cpuUsage(c0);
console.log(JSON.stringify({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }));`;
const walls = [];
const cpuMs = [];
for (let i = 0; i < coldRuns; i++) {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", COLD], { encoding: "utf8" });
  const r = JSON.parse(out.trim().split("\n").at(-1));
  walls.push(r.wall);
  cpuMs.push(r.cpu);
}
console.log(`\ncold start in a fresh process (import + compile + first worker + policy + first call), ${coldRuns} runs`);
console.log(`  wall p50 ${fmt(pct(walls, 0.5))}  cpu p50 ${fmt(pct(cpuMs, 0.5))}`);
console.log(`\nload at the end: ${load()}`);
