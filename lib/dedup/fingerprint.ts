// Everything duplicate detection needs from an article's text, computed once, without I/O.
import { createHash } from "node:crypto";
import { normalizeText } from "./normalize-text.ts";
import { simhashOfNormalized } from "./simhash.ts";

export interface Fingerprint {
  /** sha256 hex of the normalised text */
  contentHash: string;
  /** 64-bit simhash, 16 hex characters */
  simhash: string;
}

/** Both keys from one normalisation: contentHash is hashContent(text), simhash is computeSimhash(text). */
export function fingerprint(text: string): Fingerprint {
  const norm = normalizeText(text);
  return { contentHash: createHash("sha256").update(norm).digest("hex"), simhash: simhashOfNormalized(norm) };
}
