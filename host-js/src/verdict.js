// Verdicts as JS values, parsed from the engine's canonical verdict JSON (`docs/contracts.md` §2).
//
// Parsing is lossless for everything the engine writes except the numbers and key order inside a
// rewritten arguments object (`output` of an args verdict): JSON.parse turns integers past 2^53
// into approximations and puts integer-like keys ("1", "42") first, as every JS object does. The
// engine's own text is kept in `json` for a caller that must forward those bytes exactly; strings
// need no such care (JSON.stringify and serde_json escape them the same way).

/** @typedef {{rule: string, code: string, action: string, severity: string, reason: string, preview: string}} Finding */

export class Verdict {
  constructor({ action, output = null, findings = [], message = null, audit = [], note = null, approval = null, json = null }) {
    /** The strictest action over all findings: allow, warn, redact, approve or block. */
    this.action = action;
    /** The rewritten payload (an object for args, a string otherwise), or null when unchanged. */
    this.output = output;
    /** @type {readonly Finding[]} */
    this.findings = Object.freeze(findings.map((f) => Object.freeze({ ...f })));
    /** A message safe to show the model, or null. */
    this.message = message;
    /** Audit lines to append (JSON objects as text, without `ts`: the host prepends it). */
    this.audit = Object.freeze([...audit]);
    /** The note appended to a rewritten reply (`output` ends with a blank line and it), or null. */
    this.note = note;
    /** For an `approve` in a session: `{id, grants}`, the approval to report the outcome of
     * (`Guard.reportApproval`) and the grants approving it creates; otherwise null. */
    this.approval = approval;
    /** The canonical verdict JSON as the engine wrote it (null for a clean call). */
    this.json = json;
    Object.freeze(this);
  }

  /** The canonical verdict as a plain object, in the contract's key order (`audit` optional). */
  toObject({ audit = true } = {}) {
    const d = { action: this.action, output: this.output, findings: this.findings, message: this.message };
    if (audit) d.audit = this.audit.map((line) => JSON.parse(line));
    if (this.note !== null) d.note = this.note;
    if (this.approval !== null) d.approval = this.approval;
    return d;
  }
}

/** The verdict of every clean call. */
export const ALLOW = new Verdict({ action: "allow" });

/** Parse the engine's canonical verdict JSON. */
export function fromJson(text) {
  const d = JSON.parse(text);
  return new Verdict({
    action: d.action,
    output: d.output,
    findings: d.findings,
    message: d.message,
    audit: d.audit.map((entry) => JSON.stringify(entry)),
    note: d.note ?? null,
    approval: d.approval ?? null,
    json: text,
  });
}
