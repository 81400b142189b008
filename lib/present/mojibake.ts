// Repair double-encoded UTF-8 ("â€™" → "’", "Ã©" → "é") in text a page itself carries: the page's
// author saved UTF-8 bytes that were read as Windows-1252 (or Latin-1) and encoded again. Decoding
// cannot undo that (the page is consistently "wrong"), so the text is repaired afterwards, one run
// of suspicious characters at a time, and only where the run is a valid UTF-8 byte sequence once
// mapped back to single bytes. Applied when the reader view and the cards are built, never inside
// extraction (whose output must stay identical on the corpora).

/** Windows-1252's characters for bytes 0x80–0x9F (the ones that differ from Latin-1). */
const CP1252_HIGH: Record<string, number> = {
  "€": 0x80, "‚": 0x82, "ƒ": 0x83, "„": 0x84, "…": 0x85, "†": 0x86, "‡": 0x87, "ˆ": 0x88, "‰": 0x89, "Š": 0x8a,
  "‹": 0x8b, "Œ": 0x8c, "Ž": 0x8e, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95, "–": 0x96, "—": 0x97,
  "˜": 0x98, "™": 0x99, "š": 0x9a, "›": 0x9b, "œ": 0x9c, "ž": 0x9e, "Ÿ": 0x9f,
};
const CONT = `[\\u0080-\\u00BF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]`;
/**
 * A UTF-8 lead byte read as one character (Â–ô, i.e. 0xC2–0xF4), followed by as many continuation
 * bytes read as characters as that lead byte announces; repeated runs are matched together.
 */
const SUSPECT = new RegExp(`(?:[\\u00C2-\\u00DF]${CONT}|[\\u00E0-\\u00EF]${CONT}{2}|[\\u00F0-\\u00F4]${CONT}{3})+`, "g");
const strict = new TextDecoder("utf-8", { fatal: true });

function toByte(ch: string): number | null {
  const c = ch.charCodeAt(0);
  if (c <= 0xff) return c;
  return CP1252_HIGH[ch] ?? null;
}

/**
 * Is the decoded run what double-encoding produces, rather than real Latin text that happens to
 * decode? Measured on the corpora (npm run bench:mojibake): German "ß" before a soft hyphen or a
 * no-break space decodes to NKo letters, "É®" to an IPA letter, "×" before a no-break space to a
 * Hebrew letter, French "é" before ” and a no-break space to one CJK character. So: no C1 controls
 * and nothing from U+0700–U+07FF; a character outside Latin-1/Latin Extended-A (U+00A0–U+017F) and
 * punctuation/symbols (U+2000–U+22FF, ’ “ ” – … € ™) only within a run of two or more (Cyrillic,
 * Greek, CJK mojibake comes in words), or from a four-byte sequence (emoji).
 */
function plausible(decoded: string): boolean {
  const cps = [...decoded].map((c) => c.codePointAt(0)!);
  let rare = 0;
  for (const c of cps) {
    if (c >= 0x80 && c <= 0x9f) return false;
    if (c >= 0x700 && c <= 0x7ff) return false;
    if (c > 0xffff) continue;
    if ((c >= 0xa0 && c <= 0x17f) || (c >= 0x2000 && c <= 0x22ff)) continue;
    rare++;
  }
  return rare === 0 || rare >= 2;
}

/** The run's characters as bytes, decoded as UTF-8; null when that is not valid, plausible UTF-8. */
function undo(run: string): string | null {
  const bytes: number[] = [];
  for (const ch of run) {
    const b = toByte(ch);
    if (b === null) return null;
    bytes.push(b);
  }
  try {
    const decoded = strict.decode(Uint8Array.from(bytes));
    return plausible(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/** Quick test: does the text hold a run that looks like double-encoded UTF-8? */
export function hasMojibake(text: string): boolean {
  SUSPECT.lastIndex = 0;
  for (const m of text.matchAll(SUSPECT)) if (undo(m[0]) !== null) return true;
  return false;
}

/** The text with every double-encoded run repaired; text without such runs comes back unchanged. */
export function repairMojibake(text: string): string {
  if (!text || !/[\u00C2-\u00F4]/.test(text)) return text;
  return text.replace(SUSPECT, (run) => undo(run) ?? run);
}
