// One worker thread = one instance of the component + one guard built from the policy. The pool
// (`pool.js`) sends one call at a time and terminates the worker when a call fails or runs past
// its deadline, so nothing here needs to recover: any error is reported and the worker is gone.

import { workerData } from "node:worker_threads";

import { instantiate } from "./component.js";

const { glueUrl, modules, policyText, source, preset, port } = workerData;

/** A short, payload-free description of why a call failed. */
function cause(e) {
  if (e instanceof WebAssembly.RuntimeError || e instanceof RangeError) return "engine trap";
  return "host error";
}

let guard;
try {
  const engine = instantiate(await import(glueUrl), modules);
  guard = new engine.Guard(policyText, source, preset ?? undefined);
  port.postMessage({ ready: { loadError: guard.loadError() ?? null, failMode: guard.failMode() } });
} catch (e) {
  port.postMessage({ error: cause(e) });
}

// The calls the pool may make: the guard's methods that take (or report on) a payload.
const METHODS = {
  "inspect-with": (scope, tool, payload, options) => guard.inspectWith(scope, tool, payload, options) ?? null,
  "explain-json": (scope, tool, payload) => guard.explainJson(scope, tool, payload),
  status: () => guard.status(),
  check: (text) => guard.check(text),
  "session-event": (event) => guard.sessionEvent(event),
};

if (guard) {
  port.on("message", ({ method, args }) => {
    let reply;
    try {
      reply = { value: METHODS[method](...args) };
    } catch (e) {
      reply = { error: cause(e) };
    }
    port.postMessage(reply);
  });
}
