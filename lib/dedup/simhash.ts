// 64-bit simhash (Charikar) over word shingles, stored as 16 hex characters, and its 4 × 16-bit bands.
// Two hashes within Hamming distance 3 differ in at most 3 bands, so they share at least one of the 4:
// looking up equal band values finds every near-duplicate without scanning (pigeonhole).
import { normalizeText } from "./normalize-text.ts";

/** Words per shingle. Measured on ECB+ (496 articles): a sentence appended to a 150+ word article stays within 3 bits for 77% with 2-word shingles (73% with 3), and the only distinct pairs within 3 bits are real near-copies (3-word: also unrelated pairs at 0 bits; 1-word: 22 false pairs). */
export const SHINGLE_WORDS = 2;
/** Near-duplicate threshold in bits (of 64), as in Manku et al. (WWW 2007) for web pages. */
export const NEAR_DUPLICATE_MAX_DISTANCE = 3;
export const SIMHASH_BANDS = 4;
export const SIMHASH_BAND_BITS = 16;

// FNV-1a 64 and the murmur finaliser in 32-bit halves (hi, lo): bit-for-bit the BigInt arithmetic it
// replaced (stored simhashes stay comparable), without a BigInt multiply per character (the crawl's
// fingerprint stage fell from ~5 to ~1 CPU ms per page).
const FNV_OFFSET_HI = 0xcbf29ce4;
const FNV_OFFSET_LO = 0x84222325;
/** The FNV-64 prime is 2^40 + 0x1b3. */
const FNV_PRIME_LOW = 0x1b3;
const FMIX1_HI = 0xff51afd7, FMIX1_LO = 0xed558ccd;
const FMIX2_HI = 0xc4ceb9fe, FMIX2_LO = 0x1a85ec53;

/** (hi, lo) × (bhi, blo) mod 2^64, exact (16-bit limbs keep every partial product below 2^53). */
function mul64(hi: number, lo: number, bhi: number, blo: number, out: Uint32Array): void {
  const a0 = lo & 0xffff, a1 = lo >>> 16, b0 = blo & 0xffff, b1 = blo >>> 16;
  const p00 = a0 * b0;
  const mid = a1 * b0 + a0 * b1 + Math.floor(p00 / 0x10000);
  const low = ((mid & 0xffff) * 0x10000 + (p00 & 0xffff)) >>> 0;
  const carry = Math.floor(mid / 0x10000) + a1 * b1;
  out[0] = (carry + Math.imul(hi, blo) + Math.imul(lo, bhi)) >>> 0;
  out[1] = low;
}

/** One FNV-1a step over the UTF-16 code units of `s`, continuing from state[0] (high), state[1] (low). */
function fnvUpdate(s: string, state: Uint32Array): void {
  fnvRange(s, 0, s.length, state);
}

/** fnvUpdate over s[from … to). */
function fnvRange(s: string, from: number, to: number, state: Uint32Array): void {
  let hi = state[0]!, lo = state[1]!;
  for (let i = from; i < to; i++) {
    lo = (lo ^ s.charCodeAt(i)) >>> 0;
    // h × (2^40 + 0x1b3) = h × 0x1b3 + (h << 40), mod 2^64: the low half's product lo × 0x1b3 (< 2^41) in
    // 16-bit halves, (lh × 2^16 + ll) × 0x1b3, so that its carry above 2^32 comes out of integer
    // operations (every term < 2^31) rather than a double's division; the high half is needed mod 2^32 only (Math.imul).
    const carry = ((lo >>> 16) * FNV_PRIME_LOW + (((lo & 0xffff) * FNV_PRIME_LOW) >>> 16)) >>> 16;
    hi = (Math.imul(hi, FNV_PRIME_LOW) + carry + (lo << 8)) >>> 0;
    lo = Math.imul(lo, FNV_PRIME_LOW) >>> 0;
  }
  state[0] = hi;
  state[1] = lo;
}

/**
 * fnvRange over s[from … to) of two states at once (`a` and `b`): a word continues the shingle that began at
 * the word before and starts its own, and both read its characters once.
 */
function fnvRangeBoth(s: string, from: number, to: number, a: Uint32Array, b: Uint32Array): void {
  let ahi = a[0]!, alo = a[1]!, bhi = b[0]!, blo = b[1]!;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    alo = (alo ^ c) >>> 0;
    ahi = (Math.imul(ahi, FNV_PRIME_LOW) + (((alo >>> 16) * FNV_PRIME_LOW + (((alo & 0xffff) * FNV_PRIME_LOW) >>> 16)) >>> 16) + (alo << 8)) >>> 0;
    alo = Math.imul(alo, FNV_PRIME_LOW) >>> 0;
    blo = (blo ^ c) >>> 0;
    bhi = (Math.imul(bhi, FNV_PRIME_LOW) + (((blo >>> 16) * FNV_PRIME_LOW + (((blo & 0xffff) * FNV_PRIME_LOW) >>> 16)) >>> 16) + (blo << 8)) >>> 0;
    blo = Math.imul(blo, FNV_PRIME_LOW) >>> 0;
  }
  a[0] = ahi; a[1] = alo;
  b[0] = bhi; b[1] = blo;
}

/** The murmur-style finaliser on state, in place. */
function finalize(state: Uint32Array): void {
  state[1] = (state[1]! ^ (state[0]! >>> 1)) >>> 0;
  mul64(state[0]!, state[1]!, FMIX1_HI, FMIX1_LO, state);
  state[1] = (state[1]! ^ (state[0]! >>> 1)) >>> 0;
  mul64(state[0]!, state[1]!, FMIX2_HI, FMIX2_LO, state);
  state[1] = (state[1]! ^ (state[0]! >>> 1)) >>> 0;
}

/** hash64 as its two 32-bit halves, written to out[0] (high) and out[1] (low). */
function hash64Halves(s: string, out: Uint32Array): void {
  out[0] = FNV_OFFSET_HI;
  out[1] = FNV_OFFSET_LO;
  fnvUpdate(s, out);
  finalize(out);
}

/** FNV-1a 64-bit over UTF-16 code units, then a murmur-style finaliser to spread the bits. */
export function hash64(s: string): bigint {
  const out = new Uint32Array(2);
  hash64Halves(s, out);
  return (BigInt(out[0]!) << 32n) | BigInt(out[1]!);
}

/**
 * Votes of the shingles' hashes, per 4-bit group of the 64 bits: count[g × 16 + v] is how many hashes hold
 * value v in bits 4g … 4g + 3. Sixteen increments per shingle instead of one per bit; the per-bit sums are
 * read off at the end (bitVotes), the same integers.
 */
const NIBBLES = 16;
const SPACE = 0x20;

/** How many of the counted hashes have bit b (0 = lowest) set, from the 4-bit group counts. */
function bitVotes(counts: Int32Array, b: number): number {
  const base = (b >> 2) * 16, bit = 1 << (b & 3);
  let n = 0;
  for (let v = 0; v < 16; v++) if (v & bit) n += counts[base + v]!;
  return n;
}

/** computeSimhash of a text already passed through normalizeText (fingerprint normalises once for both keys). */
export function simhashOfNormalized(norm: string): string {
  // The normalised text is its words joined by single spaces. Each shingle of SHINGLE_WORDS (2) words is
  // hashed as the words joined by a space would be, in one walk over the text: `open` holds the hash of
  // the shingle that started at the previous word (its word and the space so far), `fresh` the one that
  // starts at the current word; at each space the open shingle is complete and votes, once per occurrence.
  const counts = new Int32Array(NIBBLES * 16);
  let votes = 0;
  const vote = (h: Uint32Array) => {
    finalize(h);
    const lo = h[1]!, hi = h[0]!;
    for (let g = 0; g < 8; g++) {
      counts[g * 16 + ((lo >>> (4 * g)) & 15)]++;
      counts[(g + 8) * 16 + ((hi >>> (4 * g)) & 15)]++;
    }
    votes++;
  };
  if (norm.length > 0) {
    const open = new Uint32Array(2), fresh = new Uint32Array(2);
    let hasOpen = false;
    fresh[0] = FNV_OFFSET_HI;
    fresh[1] = FNV_OFFSET_LO;
    let wordStart = 0;
    for (let i = 0; i <= norm.length; i++) {
      if (i < norm.length && norm.charCodeAt(i) !== SPACE) continue;
      if (hasOpen) { fnvRangeBoth(norm, wordStart, i, open, fresh); vote(open); }
      else fnvRange(norm, wordStart, i, fresh);
      if (i < norm.length) {
        fnvUpdate(" ", fresh);
        open[0] = fresh[0]!; open[1] = fresh[1]!; hasOpen = true;
        fresh[0] = FNV_OFFSET_HI; fresh[1] = FNV_OFFSET_LO;
      } else if (!hasOpen) {
        // one word: its only shingle is the word itself
        vote(fresh);
      }
      wordStart = i + 1;
    }
  }
  // A bit is set when more shingles have it than not (acc = ones − zeros > 0).
  let hiBits = 0, loBits = 0;
  for (let b = 0; b < 32; b++) {
    if (2 * bitVotes(counts, b) > votes) loBits |= 1 << b;
    if (2 * bitVotes(counts, b + 32) > votes) hiBits |= 1 << b;
  }
  return (hiBits >>> 0).toString(16).padStart(8, "0") + (loBits >>> 0).toString(16).padStart(8, "0");
}

/** The simhash of a text as 16 lowercase hex characters. */
export function computeSimhash(text: string): string {
  return simhashOfNormalized(normalizeText(text));
}

/** Bits that differ between two hex simhashes. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The 4 band values (16 bits each, band 0 = lowest bits) of a hex simhash. */
export function simhashBands(hex: string): number[] {
  const padded = hex.padStart(16, "0");
  const bands: number[] = [];
  for (let band = 0; band < SIMHASH_BANDS; band++) {
    const end = 16 - band * 4;
    bands.push(parseInt(padded.slice(end - 4, end), 16));
  }
  return bands;
}
