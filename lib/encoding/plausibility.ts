// How much decoded text looks like real writing: mis-decoded bytes leave replacement characters,
// control codes, symbols inside words, mIxEd case and mixed scripts inside one word.
// Used to check a declared charset and to rank the detector's candidates ("try-decode validation").

/** Penalty points per kind of anomaly; replacement chars and controls are near-proof of a wrong charset. */
const PENALTY = { replacement: 10, control: 10, privateUse: 5, symbolInWord: 3, mixedScript: 3, caseFlip: 3, rareSign: 1, latinRun: 1 } as const;

const LETTER = /\p{L}|\p{M}/u;
/** No-break and other Unicode spaces sit between letters in good text (Czech "v\u00a0Praze"). */
const SPACE = /\p{Z}/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;

export interface Plausibility {
  /** non-ASCII characters seen. */
  nonAscii: number;
  /** penalty points summed over the text. */
  penalty: number;
  /** penalty per non-ASCII character (0 for pure ASCII). */
  rate: number;
  /** U+FFFD characters. */
  replacements: number;
}

function scriptOf(ch: string): string {
  const c = ch.codePointAt(0)!;
  if (c < 0x250) return "latin";
  if (c >= 0x370 && c < 0x400) return "greek";
  if (c >= 0x400 && c < 0x530) return "cyrillic";
  if (c >= 0x590 && c < 0x600) return "hebrew";
  if (c >= 0x600 && c < 0x700) return "arabic";
  if (c >= 0x1e00 && c < 0x1f00) return "latin";
  return "other";
}

/** Characters scored by default: enough for a stable rate, bounded cost on multi-megabyte pages. */
export const PLAUSIBILITY_SAMPLE_CHARS = 64 * 1024;

/** Score a decoded text (its first maxChars characters); only non-ASCII characters and their neighbours are examined. */
export function scorePlausibility(text: string, maxChars = PLAUSIBILITY_SAMPLE_CHARS): Plausibility {
  let nonAscii = 0;
  let penalty = 0;
  let replacements = 0;
  const n = Math.min(text.length, maxChars);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) penalty += PENALTY.control;
      continue;
    }
    nonAscii++;
    if (c === 0xfffd) { penalty += PENALTY.replacement; replacements++; continue; }
    if (c < 0xa0) { penalty += PENALTY.control; continue; }
    if (c >= 0xe000 && c <= 0xf8ff) { penalty += PENALTY.privateUse; continue; }
    if (c === 0xa4 || c === 0xa6 || c === 0xa8 || c === 0xb8) penalty += PENALTY.rareSign;
    if (c >= 0xd800 && c <= 0xdfff) continue; // astral pairs: leave alone
    const ch = text[i];
    const prev = i > 0 ? text[i - 1] : " ";
    const next = i + 1 < n ? text[i + 1] : " ";
    const isLetter = LETTER.test(ch);
    const prevLetter = LETTER.test(prev);
    const nextLetter = LETTER.test(next);
    if (!isLetter) {
      if (prevLetter && nextLetter && !SPACE.test(ch) && c !== 0x2019 && c !== 0xb7 && c !== 0x2010 && c !== 0x2011 && c !== 0xad) penalty += PENALTY.symbolInWord;
      continue;
    }
    // Three accented Latin letters in a row: normal in no Latin-script language, typical of
    // Cyrillic/Greek/CJK bytes read as windows-1252.
    if (c < 0x250 && i >= 2 && prevLetter && text.charCodeAt(i - 1) >= 0xc0 && text.charCodeAt(i - 1) < 0x250 && text.charCodeAt(i - 2) >= 0xc0 && text.charCodeAt(i - 2) < 0x250) penalty += PENALTY.latinRun;
    if (prevLetter) {
      const s1 = scriptOf(prev);
      const s2 = scriptOf(ch);
      if (s1 !== s2 && s1 !== "other" && s2 !== "other") penalty += PENALTY.mixedScript;
      else if (UPPER.test(ch) && LOWER.test(prev)) penalty += PENALTY.caseFlip;
    }
    if (nextLetter && !(next.charCodeAt(0) >= 0x80)) {
      const s1 = scriptOf(ch);
      const s2 = scriptOf(next);
      if (s1 !== s2 && s1 !== "other" && s2 !== "other") penalty += PENALTY.mixedScript;
      else if (UPPER.test(next) && LOWER.test(ch)) penalty += PENALTY.caseFlip;
    }
  }
  return { nonAscii, penalty, rate: nonAscii ? penalty / nonAscii : 0, replacements };
}
