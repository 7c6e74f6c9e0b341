// Paths of the repository's shared test data (read from the checkout, never from outside it).
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
export const CONFORMANCE = fileURLToPath(new URL("../../tests/conformance/", import.meta.url));
export const FIXTURES = fileURLToPath(new URL("../../tests/fixtures/vet/", import.meta.url));
