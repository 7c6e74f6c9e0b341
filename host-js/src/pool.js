// A pool of worker threads, each holding one instance of the component, with a wall-clock
// deadline on every call.
//
// Why workers: jco runs the component on V8, which has no fuel and no epoch interruption, so a
// call cannot be bounded from inside the thread that runs it. A worker can be stopped from
// outside: when a call passes its deadline the worker is terminated (V8 interrupts the running
// wasm), a fresh one is started in its place, and the caller gets `CallFailed` with cause
// `deadline exceeded`; the guard then answers with the fail_mode verdict. The same happens when
// the instance traps (`engine trap`, e.g. its capped memory is exhausted) or the worker dies
// (`host error`, e.g. its JS heap limit is reached). At most `size` workers, each serving one
// call at a time; callers beyond that wait for a free one, like the other hosts' instance pools.
//
// Sessions live inside one instance, so a session's calls cannot go to any free worker: each
// session id is routed to one of `size` session workers (`runPinned`), whose calls queue and run
// one after the other, in the order they were made. A failed call replaces that worker, and the
// state of its sessions with it (the engine then marks them lost: they fail closed).

import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";

/** A call the engine could not finish; `cause` is payload-free. */
export class CallFailed extends Error {
  constructor(cause) {
    super(cause);
    this.name = "CallFailed";
    this.reason = cause;
  }
}

const WORKER_URL = new URL("./worker.js", import.meta.url);

export class Pool {
  /**
   * `workerData`: what each worker builds its guard from; `deadlineMs`: the bound on each call
   * (0 = expired as the call is sent); `constructDeadlineMs`: the bound on starting a worker
   * (instantiation and building the guard), kept apart so a tight call deadline never prevents
   * loading; `resourceLimits`: each worker's JS heap bounds.
   */
  constructor({ size, workerData, deadlineMs, constructDeadlineMs, resourceLimits }) {
    this._workerData = workerData;
    this._deadlineMs = deadlineMs;
    this._constructDeadlineMs = constructDeadlineMs;
    this._resourceLimits = resourceLimits;
    this._idle = Array.from({ length: size }, () => ({ worker: null, starting: null }));
    // Session workers, started when first needed; `tail`: the end of each one's call queue.
    this._pinned = Array.from({ length: size }, () => ({ worker: null, starting: null, tail: Promise.resolve() }));
    this._waiting = [];
    this._live = new Set();
    this._closed = false;
  }

  /** Start one worker now and return what it reported (`{loadError, failMode}`). */
  async warm() {
    const slot = await this._acquire();
    try {
      return await this._ensure(slot);
    } finally {
      this._release(slot);
    }
  }

  /** `method(...args)` in a worker under the deadline; rejects with `CallFailed`. */
  async run(method, args) {
    const slot = await this._acquire();
    try {
      await this._ensure(slot);
      return await this._call(slot, method, args);
    } finally {
      this._release(slot);
    }
  }

  /** How many session workers there are (`runPinned`'s `k` is below it). */
  get pinnedSize() {
    return this._pinned.length;
  }

  /**
   * `method(...args())` on session worker `k`, after every call queued on it before; `args` is
   * evaluated when the call's turn comes (a session counts its calls then). Rejects with
   * `CallFailed`.
   */
  runPinned(k, method, args) {
    const slot = this._pinned[k];
    const run = slot.tail.then(async () => {
      if (this._closed) throw new CallFailed("host error");
      await this._ensure(slot);
      return this._call(slot, method, args());
    });
    slot.tail = run.catch(() => {});
    return run;
  }

  /** Terminate every worker; later calls fail with `host error`. */
  async close() {
    this._closed = true;
    const live = [...this._live];
    this._live.clear();
    await Promise.all(
      live.map((w) => {
        w.port.close();
        return w.thread.terminate().catch(() => {});
      }),
    );
  }

  _acquire() {
    if (this._closed) return Promise.reject(new CallFailed("host error"));
    const slot = this._idle.pop();
    if (slot) return Promise.resolve(slot);
    return new Promise((resolve) => this._waiting.push(resolve));
  }

  _release(slot) {
    const next = this._waiting.shift();
    if (next) next(slot);
    else this._idle.push(slot);
  }

  async _ensure(slot) {
    if (slot.starting) await slot.starting.catch(() => {});
    if (!slot.worker) await this._begin(slot);
    return slot.info;
  }

  /** Start a worker in `slot`, remembered in `slot.starting` until it is up or has failed. */
  _begin(slot) {
    const starting = this._start(slot);
    slot.starting = starting;
    starting.catch(() => {}).finally(() => {
      if (slot.starting === starting) slot.starting = null;
    });
    return starting;
  }

  /** A new worker in `slot`, resolved once its guard is built. */
  _start(slot) {
    if (this._closed) return Promise.reject(new CallFailed("host error"));
    // Replies come on a port of our own rather than the worker's default one, so that a deadline
    // can look for a reply that arrived while this thread was busy (`receiveMessageOnPort`)
    // before it declares the call expired. `execArgv: []`: the worker runs only this package's
    // code and needs no flags; inherited ones (`--input-type`, a loader) can keep it from starting.
    const { port1, port2 } = new MessageChannel();
    const thread = new Worker(WORKER_URL, {
      workerData: { ...this._workerData, port: port2 },
      transferList: [port2],
      resourceLimits: this._resourceLimits,
      execArgv: [],
    });
    thread.unref();
    const worker = { thread, port: port1 };
    this._live.add(worker);
    return this._await(worker, this._constructDeadlineMs, "engine unavailable", null).then((info) => {
      slot.worker = worker;
      slot.info = info.ready;
      return info.ready;
    });
  }

  _call(slot, method, args) {
    return this._await(slot.worker, this._deadlineMs, null, { method, args }).then(
      (reply) => reply.value,
      (e) => {
        this._replace(slot);
        throw e;
      },
    );
  }

  /** The worker's next reply, after posting `message` if given; any failure terminates it. */
  _await(worker, deadlineMs, errorCause, message) {
    const { thread, port } = worker;
    return new Promise((resolve, reject) => {
      let timer = null;
      const settle = (fn, value) => {
        clearTimeout(timer);
        port.off("message", onMessage);
        port.unref();
        thread.off("error", onError).off("exit", onExit);
        fn(value);
      };
      const fail = (cause) => {
        this._terminate(worker);
        settle(reject, new CallFailed(cause));
      };
      const onMessage = (msg) => (msg.error ? fail(errorCause ?? msg.error) : settle(resolve, msg));
      const onError = () => fail(errorCause ?? "host error");
      const onExit = () => fail(errorCause ?? "host error");
      port.on("message", onMessage);
      port.unref(); // the deadline's timer keeps the process alive while a reply is due
      thread.on("error", onError).on("exit", onExit);
      if (message) port.postMessage(message);
      if (deadlineMs <= 0) {
        fail("deadline exceeded");
        return;
      }
      timer = setTimeout(() => {
        const late = receiveMessageOnPort(port);
        if (late) onMessage(late.message);
        else fail("deadline exceeded");
      }, deadlineMs);
    });
  }

  _terminate(worker) {
    this._live.delete(worker);
    worker.port.close();
    worker.thread.terminate().catch(() => {});
  }

  /** After a failed call: the slot's worker is gone; start its successor now, so the next call
   * does not wait for it (a failure here leaves the slot empty for the next call to retry). */
  _replace(slot) {
    slot.worker = null;
    if (!this._closed) this._begin(slot).catch(() => {});
  }
}
