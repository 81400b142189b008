// Everything duplicate detection needs from an article's text, computed once, without I/O.
import { hashContent } from "./content-hash.ts";
import { computeSimhash } from "./simhash.ts";

export interface Fingerprint {
  /** sha256 hex of the normalised text */
  contentHash: string;
  /** 64-bit simhash, 16 hex characters */
  simhash: string;
}

export function fingerprint(text: string): Fingerprint {
  return { contentHash: hashContent(text), simhash: computeSimhash(text) };
}
