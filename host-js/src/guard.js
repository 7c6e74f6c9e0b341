// The Node host's `Guard`: the Python host's API (`docs/contracts.md` §4) with Promises. Every
// decision comes from the component: verdicts from `inspect-with`, the fail_mode verdict from
// `internal-verdict`, the bounds from `host-limits`. This file only routes calls and parses
// answers.

import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";

import { loadComponent } from "./component.js";
import { resolvePolicy } from "./policy.js";
import { CallFailed, Pool } from "./pool.js";
import { ALLOW, fromJson } from "./verdict.js";

const SCOPES = new Set(["args", "result", "reply"]);
const MIB = 1024 * 1024;
/** Sessions whose call count the host remembers (least recently used forgotten first; a session
 * forgotten here restarts its count, which the engine, holding more calls, accepts). */
const MAX_SESSION_COUNTERS = 65_536;

function checkScope(scope) {
  if (!SCOPES.has(scope)) throw new TypeError(`unknown scope ${JSON.stringify(scope)} (args, result or reply)`);
}

export class Guard {
  /**
   * Load the transpiled component, resolve the policy and start the first worker. Rejects only
   * when the engine cannot be started at all (no `gen/`, or the first guard could not be built
   * within the deadline): there is then no component to build even the fail_mode verdict, and
   * the host writes none of its own. Once created, every call answers.
   */
  static async create(options = {}) {
    let component;
    try {
      component = await loadComponent(options.gen, options.memoryLimitBytes);
    } catch (e) {
      throw new Error(`egress-guard: engine unavailable (${options.gen ?? "gen/"}): ${e.message}; run \`npm run build\``);
    }
    const policy = resolvePolicy(options);
    const lim = component.limits;
    const pool = new Pool({
      size: Math.max(1, options.poolSize ?? Math.max(2, availableParallelism())),
      workerData: {
        glueUrl: component.glueUrl,
        modules: component.modules,
        policyText: policy.text,
        source: policy.source,
        preset: options.preset ?? null,
      },
      deadlineMs: options.deadlineMs ?? lim.deadline_ms,
      constructDeadlineMs: lim.deadline_ms,
      // A worker's JS heap holds the strings of one call (UTF-16, so up to twice the bytes the
      // instance's capped memory can take in) and the glue; past it the worker dies, and the
      // call follows fail_mode.
      resourceLimits: { maxOldGenerationSizeMb: Math.ceil((2 * lim.memory_limit_bytes) / MIB) },
    });
    let info;
    try {
      info = await pool.warm();
    } catch (e) {
      await pool.close();
      const why = e instanceof CallFailed ? e.reason : e.message;
      throw new Error(`egress-guard: engine unavailable (${component.dir}): ${why}`);
    }
    return new Guard(component, pool, policy, options.preset ?? null, info, options.clock);
  }

  constructor(component, pool, policy, preset, info, clock) {
    this._component = component;
    this._pool = pool;
    /** Milliseconds since the Unix epoch, passed to sessions as `now_ms` (grant expiry). */
    this._clock = clock ?? Date.now;
    /** Each session's count of calls made (`session_seq`), most recently used last. */
    this._seqs = new Map();
    this._source = policy.source;
    this._preset = preset;
    /** Why the policy is not in force (the defaults are used instead), or null. */
    this.loadError = policy.readError ?? info.loadError;
    /** The policy's fail_mode (`open` or `closed`): what a call the engine could not finish gets. */
    this.failMode = info.failMode;
    /** The SHA-256 (hex) of the component the host runs (`dist/egress_guard.wasm`). */
    this.sha256 = component.meta.module_sha256;
    /** The component's `host-limits`. */
    this.limits = component.limits;
  }

  /** One payload in `scope` ("args", "result" or "reply"), like the typed methods below. */
  async inspect(scope, tool, payload, options = {}) {
    checkScope(scope);
    if (scope === "args") return this.inspectArgs(tool, payload, options);
    if (scope === "result") return this.inspectResult(tool, payload, options);
    return this.inspectReply(payload, options);
  }

  /**
   * Every string in a tool's arguments (keys too), before the tool runs: an object, or its JSON
   * text. `output` is the rewritten arguments object, or null when nothing changed.
   * `options.unattended`: why nobody will answer an approval prompt for this call; an `approve`
   * then blocks. `options.session`: the id of the session the call belongs to (placeholders,
   * labels, grants; every `inspect*` takes it). `options.fileSizes`: `{path: bytes}` of local
   * files the call uploads by name, so such an upload can fit a grant's byte budget.
   */
  async inspectArgs(tool, args, options = {}) {
    let payload = args;
    if (typeof args !== "string") {
      try {
        payload = JSON.stringify(args);
      } catch (e) {
        return this.internalVerdict("args", tool, `arguments are not JSON (${e.name})`);
      }
      if (payload === undefined) return this.internalVerdict("args", tool, "arguments are not JSON (undefined)");
    }
    return this._inspect("args", tool, payload, options);
  }

  /** A tool result before the model sees it (JSON results keep their shape). */
  async inspectResult(tool, result, options = {}) {
    return this._inspect("result", tool, result, options);
  }

  /** The model's final reply. */
  async inspectReply(text, options = {}) {
    return this._inspect("reply", "", text, options);
  }

  /**
   * What the small-cell rule did with each table of `payload` (the component's `explain-json`):
   * published rows, each hidden cell's class and the attacker's interval `lo`..`hi`; never a
   * hidden value. Costs extra LP solves: call it for a verdict with a smallcell finding.
   * `{error}` when the engine cannot answer.
   */
  async explain(scope, tool, payload) {
    checkScope(scope);
    const text = typeof payload === "string" ? payload : JSON.stringify(payload);
    try {
      return JSON.parse(await this._pool.run("explain-json", [scope, tool, text]));
    } catch (e) {
      if (!(e instanceof CallFailed)) throw e;
      return { error: `the engine could not explain this payload (${e.reason})` };
    }
  }

  /** The effective policy (`docs/contracts.md` §1 `status`) plus `module_sha256`. */
  async status() {
    let st;
    try {
      st = JSON.parse(await this._pool.run("status", []));
    } catch (e) {
      if (!(e instanceof CallFailed)) throw e;
      return {
        engine_version: null,
        source: this._source,
        preset: this._preset,
        valid: false,
        error: `the engine could not report its status (${e.reason})`,
        fail_mode: this.failMode,
        module_sha256: this.sha256,
      };
    }
    if (this.loadError && st.valid) {
      st.valid = false;
      st.error = this.loadError;
    }
    st.module_sha256 = this.sha256;
    return st;
  }

  /** The `/guard check` dry run: `{args, result, reply}`. Writes nothing. `{error}` on failure. */
  async check(text) {
    try {
      return JSON.parse(await this._pool.run("check", [text]));
    } catch (e) {
      if (!(e instanceof CallFailed)) throw e;
      return { error: `the engine could not run the check (${e.reason})` };
    }
  }

  /**
   * The verdict of a call the engine could not finish (`cause`: payload-free, e.g. `deadline
   * exceeded`), following this guard's fail_mode: the component's `internal-verdict`.
   */
  internalVerdict(scope, tool, cause) {
    checkScope(scope);
    const t = scope === "reply" ? "" : tool;
    return fromJson(this._component.control((e) => e.internalVerdict(scope, t, cause, this.failMode)));
  }

  /**
   * The outcome of an `approve` verdict's `approval` (its `id`) in `session`: an approved one
   * creates the grants it offered. The component's answer, or `{error}`.
   */
  async reportApproval(session, approval, approved) {
    return this._sessionEvent(session, { session, event: "approval", approval, approved, now_ms: this._clock() });
  }

  /** Drop `session`'s state (its placeholders can no longer be put back). */
  async endSession(session) {
    this._seqs.delete(session);
    return this._sessionEvent(session, { session, event: "end" });
  }

  /** Stop the workers. Calls after this answer with the fail_mode verdict. */
  close() {
    return this._pool.close();
  }

  async _inspect(scope, tool, payload, { unattended, session, fileSizes } = {}) {
    if (typeof payload !== "string") throw new TypeError(`a ${scope} payload must be a string`);
    const base = {};
    if (unattended) base.unattended = unattended;
    if (fileSizes && Object.keys(fileSizes).length > 0) base.file_sizes = fileSizes;
    let out;
    try {
      if (session === undefined || session === null) {
        const options = Object.keys(base).length > 0 ? JSON.stringify(base) : "{}";
        out = await this._pool.run("inspect-with", [scope, tool, payload, options]);
      } else {
        // Counted when the call's turn comes on the session's worker: the engine sees the calls
        // in this order.
        const args = () => [scope, tool, payload, JSON.stringify({ ...base, session, session_seq: this._nextSeq(session), now_ms: this._clock() })];
        out = await this._pool.runPinned(this._shard(session), "inspect-with", args);
      }
    } catch (e) {
      if (!(e instanceof CallFailed)) throw e;
      return this.internalVerdict(scope, tool, e.reason);
    }
    return out === null ? ALLOW : fromJson(out);
  }

  _shard(session) {
    return createHash("sha256").update(session).digest().readUInt32BE(0) % this._pool.pinnedSize;
  }

  _nextSeq(session) {
    const seq = this._seqs.get(session) ?? 0;
    this._seqs.delete(session);
    this._seqs.set(session, seq + 1);
    while (this._seqs.size > MAX_SESSION_COUNTERS) this._seqs.delete(this._seqs.keys().next().value);
    return seq;
  }

  async _sessionEvent(session, event) {
    try {
      return JSON.parse(await this._pool.runPinned(this._shard(session), "session-event", () => [JSON.stringify(event)]));
    } catch (e) {
      if (!(e instanceof CallFailed)) throw e;
      return { error: `the engine could not take the session event (${e.reason})` };
    }
  }
}
