// countTextChars (lib/classify/features.ts) counts what the regular expressions it replaced counted:
// the classifier's features must not move by a letter.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { countTextChars } from "../../lib/classify/features.ts";

const byRegex = (text: string) => ({
  letters: (text.match(/\p{L}/gu) ?? []).length,
  upper: (text.match(/\p{Lu}/gu) ?? []).length,
  digits: (text.match(/\p{N}/gu) ?? []).length,
  words: (text.match(/[\p{L}\p{N}]+/gu) ?? []).length,
});

function fixturePages(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...fixturePages(path));
    else if (name.endsWith(".html.gz")) out.push(gunzipSync(readFileSync(path)).toString("utf8"));
  }
  return out;
}

describe("countTextChars", () => {
  it.each([
    ["", "empty"],
    ["Hello, World! 42 times.", "ASCII"],
    ["Ärger über Straße, ÉTÉ, naïve café", "precomposed accents"],
    ["Cafe\u0301 and e\u0301te\u0301", "combining marks split words as the regex does"],
    ["𝐀𝐁𝐂 bold 𝟏𝟐 and 😀 emoji", "astral letters, digits and symbols"],
    ["lone \ud800 high and \udc00 low surrogates", "lone surrogates"],
    ["東京都 ١٢٣ ² Ⅻ ½ İstanbul ǅ", "CJK, Arabic-Indic digits, superscript, Roman numeral, title-case letter"],
    ["a\u00a0b\u2003c—d–e", "non-ASCII separators"],
  ])("counts %j as the regular expressions do (%s)", (text) => {
    expect(countTextChars(text)).toEqual(byRegex(text));
  });

  it("counts every fixture page's text as the regular expressions do", () => {
    const pages = fixturePages(join(import.meta.dirname, "..", "fixtures"));
    expect(pages.length).toBeGreaterThan(50);
    for (const html of pages) {
      const text = html.replace(/<[^>]*>/g, " ");
      expect(countTextChars(text)).toEqual(byRegex(text));
    }
  });
});
