// The WASI imports the component links against, granting nothing.
//
// Why hand-written rather than @bytecodealliance/preview2-shim: the shim hands the guest the host
// process's environment variables, arguments, working directory and real stdout/stderr, and runs
// its streams through a second worker thread with synchronous Atomics. The other hosts grant
// nothing (wasmtime's empty WasiConfig: no files, env, args or sockets, output discarded), and
// the guest's std only needs these imports to link; it calls `insecure-seed` (hash-map seeds)
// and, on a panic, writes the message to stderr — which must go nowhere: a panic message may
// quote the payload. So: an empty environment, sinks for stdout and stderr, no terminal, and an
// `exit` that traps. Every function below is one of the component's imports (`jco wit`).

import { randomBytes } from "node:crypto";

class IoError {}

class Pollable {
  block() {}
  ready() {
    return true;
  }
}

class InputStream {}

/** stdout and stderr: accept everything, keep nothing. */
class OutputStream {
  checkWrite() {
    return 65536n;
  }
  write(_bytes) {}
  blockingWriteAndFlush(_bytes) {}
  flush() {}
  blockingFlush() {}
  subscribe() {
    return new Pollable();
  }
}

class TerminalInput {}
class TerminalOutput {}

/** A fresh import object: each instance gets its own streams. */
export function wasiImports() {
  const stdin = new InputStream();
  const stdout = new OutputStream();
  const stderr = new OutputStream();
  const seed = randomBytes(16);
  return {
    "wasi:cli/environment": {
      getEnvironment: () => [],
      getArguments: () => [],
      initialCwd: () => undefined,
    },
    "wasi:cli/exit": {
      exit: () => {
        throw new Error("the component called exit");
      },
    },
    "wasi:cli/stdin": { getStdin: () => stdin },
    "wasi:cli/stdout": { getStdout: () => stdout },
    "wasi:cli/stderr": { getStderr: () => stderr },
    "wasi:cli/terminal-input": { TerminalInput },
    "wasi:cli/terminal-output": { TerminalOutput },
    "wasi:cli/terminal-stdin": { getTerminalStdin: () => undefined },
    "wasi:cli/terminal-stdout": { getTerminalStdout: () => undefined },
    "wasi:cli/terminal-stderr": { getTerminalStderr: () => undefined },
    "wasi:clocks/monotonic-clock": { now: () => process.hrtime.bigint() },
    "wasi:clocks/wall-clock": {
      now: () => {
        const ms = Date.now();
        return { seconds: BigInt(Math.floor(ms / 1000)), nanoseconds: (ms % 1000) * 1_000_000 };
      },
    },
    "wasi:io/error": { Error: IoError },
    "wasi:io/poll": { Pollable },
    "wasi:io/streams": { InputStream, OutputStream },
    "wasi:random/insecure-seed": {
      insecureSeed: () => [seed.readBigUInt64LE(0), seed.readBigUInt64LE(8)],
    },
  };
}
