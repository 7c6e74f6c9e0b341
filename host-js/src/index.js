// Egress Guard's Node host: `Guard` (guard.js) over the jco-transpiled component.
export { Guard } from "./guard.js";
export { ALLOW, Verdict } from "./verdict.js";
export { BUILTIN_SOURCE } from "./policy.js";
