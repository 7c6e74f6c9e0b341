// Types of the Node host's public API (src/index.js).

export type Action = "allow" | "warn" | "redact" | "approve" | "block";
export type Severity = "low" | "medium" | "high" | "critical";
export type Scope = "args" | "result" | "reply";
export type FailMode = "open" | "closed";

export interface Finding {
  readonly rule: string;
  readonly code: string;
  readonly action: Action;
  readonly severity: Severity;
  /** Never contains a raw flagged value. */
  readonly reason: string;
  /** Masked preview (`AKIA…****`). */
  readonly preview: string;
}

export declare class Verdict {
  /** The strictest action over all findings. */
  readonly action: Action;
  /** The rewritten payload (an object for args, a string otherwise), or null when unchanged. */
  readonly output: Record<string, unknown> | string | null;
  readonly findings: readonly Finding[];
  /** A message safe to show the model, or null. */
  readonly message: string | null;
  /** Audit lines to append (JSON objects as text, without `ts`: the host prepends it). */
  readonly audit: readonly string[];
  /** The note appended to a rewritten reply, or null. */
  readonly note: string | null;
  /** The canonical verdict JSON as the engine wrote it (null for a clean call). */
  readonly json: string | null;
  /** The canonical verdict as a plain object, in the contract's key order. */
  toObject(options?: { audit?: boolean }): Record<string, unknown>;
}

/** The verdict of every clean call. */
export declare const ALLOW: Verdict;

/** The `source` of a guard built from no policy file. */
export declare const BUILTIN_SOURCE: "built-in defaults";

export interface GuardOptions {
  /** A policy file. Without it (and without `policyText`): `$EGRESS_GUARD_POLICY`, else
   * `egress-guard.yaml` in `$HERMES_HOME` (or `$HOME/.hermes`) if it exists, else the defaults. */
  policy?: string;
  /** A policy text instead of a file. */
  policyText?: string;
  /** A preset that overrides the policy's `preset:` key. */
  preset?: string;
  /** The environment the policy lookup reads (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** The transpiled component (default: the package's `gen/`, made by `npm run build`). */
  gen?: string;
  /** Worker threads, each holding one instance (default `max(2, cores)`). */
  poolSize?: number;
  /** Wall-clock bound on each call (default: the component's `deadline_ms`); 0 = expired as sent. */
  deadlineMs?: number;
  /** A lower cap on each instance's linear memory than the component's `memory_limit_bytes`. */
  memoryLimitBytes?: number;
  /** Milliseconds since the Unix epoch, passed to sessions (grant expiry); default `Date.now`. */
  clock?: () => number;
}

export interface CallOptions {
  /** Why nobody will answer an approval prompt for this call (`"--yolo"`): an `approve` then blocks. */
  unattended?: string;
  /** The session the call belongs to: its calls share placeholders, labels and grants. */
  session?: string;
  /** Bytes of local files the call uploads by name (so the upload can fit a grant's budget). */
  fileSizes?: Record<string, number>;
}

export interface HostLimits {
  call_fuel: number;
  construct_fuel: number;
  deadline_ms: number;
  epoch_tick_ms: number;
  memory_limit_bytes: number;
}

export declare class Guard {
  /** Rejects only when the engine cannot be started at all; once created, every call answers. */
  static create(options?: GuardOptions): Promise<Guard>;
  /** Why the policy is not in force (the defaults are used instead), or null. */
  readonly loadError: string | null;
  readonly failMode: FailMode;
  /** The SHA-256 of the component the host runs. */
  readonly sha256: string;
  readonly limits: HostLimits;
  inspect(scope: Scope, tool: string, payload: unknown, options?: CallOptions): Promise<Verdict>;
  /** `args`: an object, or its JSON text. */
  inspectArgs(tool: string, args: unknown, options?: CallOptions): Promise<Verdict>;
  inspectResult(tool: string, result: string, options?: CallOptions): Promise<Verdict>;
  inspectReply(text: string, options?: CallOptions): Promise<Verdict>;
  /** The small-cell explanation (`explain-json`), or `{error}`. */
  explain(scope: Scope, tool: string, payload: unknown): Promise<Record<string, unknown>>;
  /** The effective policy plus `module_sha256`. */
  status(): Promise<Record<string, unknown>>;
  /** The `/guard check` dry run, or `{error}`. */
  check(text: string): Promise<Record<string, unknown>>;
  /** The fail_mode verdict of a call the engine could not finish (`cause`: payload-free). */
  internalVerdict(scope: Scope, tool: string, cause: string): Verdict;
  /** Report an approval's outcome (`verdict.approval.id`) to its session; the component's answer or `{error}`. */
  reportApproval(session: string, approval: string, approved: boolean): Promise<Record<string, unknown>>;
  /** Drop a session's state. */
  endSession(session: string): Promise<Record<string, unknown>>;
  /** Stop the workers; later calls answer with the fail_mode verdict. */
  close(): Promise<void>;
}
