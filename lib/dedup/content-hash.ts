// Exact-duplicate key: sha256 of the normalised text (a mirror with different markup or white space
// hashes the same).
import { createHash } from "node:crypto";
import { normalizeText } from "./normalize-text.ts";

export function hashContent(text: string): string {
  return createHash("sha256").update(normalizeText(text)).digest("hex");
}
