// Full-width scripts: Korean words are space-separated (each counts once), Chinese and Japanese have no
// spaces (one word per two characters). The Korean and Japanese news pages (Fundus test data) that keep
// their body paragraphs are data: test/fixtures/extract/pages/fundus-*.json, run by pages.test.ts.
import { describe, expect, it } from "vitest";
import { countWords } from "../../lib/extract/segment.ts";

describe("countWords", () => {
  it("counts Korean words by spaces and Chinese/Japanese by characters", () => {
    expect(countWords("더불어민주당 지도부가 결론을 내지 못했다")).toBe(5);
    expect(countWords("東京都内で会見した")).toBe(5);
    expect(countWords("two English words")).toBe(3);
  });
});
