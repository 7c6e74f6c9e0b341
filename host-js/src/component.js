// The transpiled component (`gen/`, made by `npm run build`): its core modules compiled once per
// process, with their memory capped at the component's own `memory_limit_bytes`, and instances
// made from them on demand (one per worker, plus the control instance below).

import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { withMemoryMaximum } from "./memory-limit.js";
import { wasiImports } from "./wasi.js";

/** Where `npm run build` writes the transpiled component. */
export const DEFAULT_GEN_DIR = fileURLToPath(new URL("../gen/", import.meta.url));

/**
 * One instance of the component: its `egress-guard:guard/engine` exports (`Guard`,
 * `internalVerdict`, `hostLimits`, `version`, ...). `glue` is the transpiled module, `modules`
 * the compiled core modules by file name.
 */
export function instantiate(glue, modules) {
  const root = glue.instantiate((name) => {
    const m = modules[name];
    if (!m) throw new Error(`the transpiled component asks for an unknown core module ${name}`);
    return m;
  }, wasiImports());
  return root.engine;
}

/**
 * A loaded component. The control instance lives on the caller's thread and answers only the
 * free functions that take no payload (`host-limits`, `internal-verdict`, `version`): their work
 * is constant (a fixed verdict around the tool name), so they need no worker. Payloads never
 * reach it.
 */
export class Component {
  constructor(dir, meta, glueUrl, glue, modules, limits) {
    this.dir = dir;
    /** The SHA-256 of the component the glue was transpiled from, and the jco version. */
    this.meta = meta;
    this.glueUrl = glueUrl;
    this.modules = modules;
    /** The component's `host-limits`: `{call_fuel, construct_fuel, deadline_ms, epoch_tick_ms, memory_limit_bytes}`. */
    this.limits = limits;
    this._glue = glue;
    this._control = null;
  }

  /** A free function of the control instance; a failure replaces the instance and retries once. */
  control(fn) {
    for (let attempt = 0; ; attempt++) {
      try {
        this._control ??= instantiate(this._glue, this.modules);
        return fn(this._control);
      } catch (e) {
        this._control = null;
        if (attempt === 1) throw e;
      }
    }
  }
}

const loaded = new Map();

/**
 * The component in `dir` (default `gen/`), loaded at most once per process and memory cap.
 * `memoryLimitBytes` can only lower the component's own `memory_limit_bytes`.
 */
export function loadComponent(dir = DEFAULT_GEN_DIR, memoryLimitBytes = Infinity) {
  const key = `${resolve(dir)}\u0000${memoryLimitBytes}`;
  let p = loaded.get(key);
  if (!p) {
    p = load(resolve(dir), memoryLimitBytes);
    p.catch(() => loaded.delete(key));
    loaded.set(key, p);
  }
  return p;
}

async function load(dir, memoryLimitBytes) {
  const meta = JSON.parse(await readFile(join(dir, "component.json"), "utf8"));
  const glueUrl = pathToFileURL(join(dir, "egress_guard.js")).href;
  const glue = await import(glueUrl);
  const bytes = Object.fromEntries(
    await Promise.all(meta.core_modules.map(async (name) => [name, await readFile(join(dir, name))])),
  );
  // The limits come from the component itself: read them from an uncapped instance, then
  // compile the modules every later instance uses with the memory cap in place.
  const bootstrap = {};
  for (const [name, b] of Object.entries(bytes)) bootstrap[name] = await WebAssembly.compile(b);
  const limits = JSON.parse(instantiate(glue, bootstrap).hostLimits());
  limits.memory_limit_bytes = Math.min(limits.memory_limit_bytes, memoryLimitBytes);
  const modules = {};
  for (const [name, b] of Object.entries(bytes)) {
    modules[name] = await WebAssembly.compile(withMemoryMaximum(b, limits.memory_limit_bytes));
  }
  return new Component(dir, meta, glueUrl, glue, modules, limits);
}
