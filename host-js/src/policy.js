// Which policy text a guard is built from: the lookup every host does the same way
// (`docs/contracts.md`, "What every host does the same way"; the Rust host's `PolicySource`).
// Reading only: the text is parsed inside the component.

import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export const BUILTIN_SOURCE = "built-in defaults";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * `{text, source, readError}`: an explicit `policyText`, else the file at `policy`, else
 * `$EGRESS_GUARD_POLICY`, else `egress-guard.yaml` in the Hermes home (`$HERMES_HOME`, else
 * `$HOME/.hermes`) if it is a file, else the built-in defaults (empty text). A file that cannot
 * be read (or is not UTF-8) gives the defaults, and `readError` says why.
 */
export function resolvePolicy({ policy, policyText, env = process.env } = {}) {
  if (policy != null && policyText != null) throw new TypeError("give either policy (a path) or policyText, not both");
  if (policyText != null) return { text: policyText, source: "<policyText>", readError: null };
  if (policy != null) return read(String(policy));
  if (env.EGRESS_GUARD_POLICY) return read(env.EGRESS_GUARD_POLICY);
  const home = env.HERMES_HOME || (env.HOME ? join(env.HOME, ".hermes") : null);
  const candidate = home && join(home, "egress-guard.yaml");
  if (candidate && isFile(candidate)) return read(candidate);
  return { text: "", source: BUILTIN_SOURCE, readError: null };
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function read(path) {
  try {
    return { text: utf8.decode(readFileSync(path)), source: path, readError: null };
  } catch (e) {
    const why = e.code ?? "not valid UTF-8";
    return { text: "", source: path, readError: `cannot read policy file ${path}: ${why}; using the built-in defaults` };
  }
}
