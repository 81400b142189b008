import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { detectLanguage, filterBlocks, isDateLine, isUserNameLine, listLanguages, scoreTokens } from "../../lib/extract/langmodel.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures", "extract-meta");
const gz = (p: string) => gunzipSync(readFileSync(join(fixtures, p))).toString("utf8");

/** Real paragraphs: WCXB ground truth (English) and Fundus article bodies (Japanese). */
function realParagraphs(): string[] {
  const en = ["0368", "4180", "4558"].flatMap((id) =>
    (JSON.parse(readFileSync(join(fixtures, "template", `${id}.truth.json`), "utf8")).ground_truth.main_content as string)
      .split(/\n+/).filter((p) => p.length > 120));
  const fundus = JSON.parse(readFileSync(join(fixtures, "fundus", "AsahiShimbun.json"), "utf8")) as Record<string, { body: { sections: { paragraphs: string[] }[] } }>;
  const ja = Object.values(fundus).flatMap((v) => v.body.sections.flatMap((s) => s.paragraphs)).filter((p) => p.length > 40);
  return [...en, ...ja];
}

/** Real inline JavaScript and CSS from the fixture pages, cut to paragraph-sized pieces. */
function realCode(): string[] {
  const pages = ["fundus/AsahiShimbun_2025_01_13.html.gz", "template/0368.html.gz", "readability/aclu/source.html.gz"].map(gz);
  const code = pages.flatMap((h) => [...h.matchAll(/<(script|style)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((m) => m[2].trim()))
    .filter((c) => c.length > 200 && !c.startsWith("{") && !c.startsWith("["));
  return code.flatMap((c) => { const out: string[] = []; for (let i = 0; i + 300 <= c.length && out.length < 3; i += 300) out.push(c.slice(i, i + 300)); return out; });
}

function base64Blob(seed: string): string {
  let out = "";
  for (let i = 0; out.length < 400; i++) out += createHash("sha256").update(`${seed}${i}`).digest("base64");
  return out;
}

describe("language model filter", () => {
  it("ships models for several languages", () => {
    const langs = listLanguages();
    for (const l of ["en", "de", "fr", "ja", "xx"]) expect(langs).toContain(l);
  });

  it("keeps real paragraphs in English and Japanese", () => {
    const paras = realParagraphs();
    expect(paras.length).toBeGreaterThan(20);
    const verdicts = filterBlocks(paras);
    const kept = verdicts.filter((v) => v.keep).length;
    expect(kept / paras.length).toBeGreaterThanOrEqual(0.95);
  });

  it("drops real minified JavaScript and CSS, base64 and URL lists", () => {
    const code = realCode();
    expect(code.length).toBeGreaterThanOrEqual(5);
    const noise = [...code, base64Blob("a"), base64Blob("b"), "https://cdn.example.com/assets/app.3f9a1c.js https://www.example.com/track?id=1234&ref=home"];
    const verdicts = filterBlocks(noise, { lang: "en" });
    const dropped = verdicts.filter((v) => !v.keep).length;
    expect(dropped / noise.length).toBeGreaterThanOrEqual(0.9);
    expect(verdicts.filter((v) => !v.keep).every((v) => v.reason === "code_or_noise" || v.reason === "menu")).toBe(true);
  });

  it("drops a menu of short tokens but keeps a sentence of the same words", () => {
    const [menu, sentence] = filterBlocks([
      "Home News Sport Weather Business Technology Health Science Entertainment Contact",
      "The news from the health department was that the weather will be fine for the sport day.",
    ], { lang: "en" });
    expect(menu).toMatchObject({ keep: false, reason: "menu" });
    expect(sentence).toMatchObject({ keep: true, reason: "natural" });
  });

  it("keeps dates and user names by rule", () => {
    for (const d of ["December 27, 2024", "27.12.2024", "2024-12-27T10:00", "4 septembre 2023", "Posted 3 hours ago", "2025年1月13日"]) expect(isDateLine(d)).toBe(true);
    for (const u of ["@jdoe_42", "by u/throwaway_123", "JaneDoe", "mike.smith99"]) expect(isUserNameLine(u)).toBe(true);
    expect(isUserNameLine("The council voted on Tuesday")).toBe(false);
    const v = filterBlocks(["27.12.2024", "@jdoe_42"], { lang: "en" });
    expect(v.map((x) => x.reason)).toEqual(["date", "username"]);
  });

  it("scores tokens: words are more natural than code, and languages are told apart", () => {
    const { tokens } = scoreTokens("weather forecast e.exports=function(n){return", "en");
    expect(tokens[0].natural && tokens[1].natural).toBe(true);
    expect(tokens[2].natural).toBe(false);
    expect(tokens[0].bits).toBeLessThan(tokens[2].bits);
    expect(detectLanguage("Gleich zu Beginn der bayerischen Landessynode gibt die Präsidentin den Ton vor, und die Kirche hört zu.")).toBe("de");
    expect(detectLanguage("Le gouvernement a annoncé mercredi de nouvelles mesures pour soutenir le pouvoir d'achat des ménages.")).toBe("fr");
    expect(detectLanguage(realParagraphs().at(-1)!)).toBe("ja");
  });
});
