// Transpile the component (`dist/egress_guard.wasm`, built by scripts/build-wasm.sh) with jco into
// `gen/`: core modules plus the JS glue. Generated code is not committed: it is a pure function of
// the component and the pinned transpiler, and takes seconds to make (`npm run build`).
//
// The transpiler is `@bytecodealliance/jco-transpile`, the library the `jco transpile` command
// (`@bytecodealliance/jco`) runs: the same output bytes (with `noComponentErrorWrapping: false`,
// jco's default), without the rest of jco (componentize-js, rolldown, a second TypeScript): a
// third of the install size and time.
//
// Options, and why: `instantiation: "sync"` gives an `instantiate(getCoreModule, imports)` instead
// of a module that instantiates itself on import, so the host compiles the core modules once, sets
// their memory bound, and builds as many instances as it needs (one per worker, a fresh one after a
// failure); `wasiShim: false` because the host passes its own WASI imports, which grant nothing.
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { transpileBytes } from "@bytecodealliance/jco-transpile";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, "..");
const wasmPath = resolve(process.argv[2] ?? join(pkg, "..", "dist", "egress_guard.wasm"));
const outDir = join(pkg, "gen");

const started = performance.now();
const bytes = await readFile(wasmPath);
const { files } = await transpileBytes(bytes, {
  name: "egress_guard",
  noComponentErrorWrapping: false,
  instantiation: "sync",
  wasiShim: false,
  noTypescript: true,
  quiet: true,
});
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
for (const [name, data] of Object.entries(files)) {
  await mkdir(dirname(join(outDir, name)), { recursive: true });
  await writeFile(join(outDir, name), data);
}
const jcoPkg = join(pkg, "node_modules", "@bytecodealliance", "jco-transpile", "package.json");
const jco = JSON.parse(await readFile(jcoPkg, "utf8"));
const meta = {
  module_sha256: createHash("sha256").update(bytes).digest("hex"),
  jco_transpile: jco.version,
  core_modules: Object.keys(files).filter((f) => f.endsWith(".wasm")).sort(),
};
await writeFile(join(outDir, "component.json"), JSON.stringify(meta, null, 2) + "\n");
const ms = Math.round(performance.now() - started);
console.log(`transpiled ${wasmPath} (sha256 ${meta.module_sha256.slice(0, 12)}…) with jco-transpile ${jco.version} in ${ms} ms`);
