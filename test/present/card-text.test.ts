import { describe, expect, it } from "vitest";
import { cleanTitle, cutAtWord, teaser } from "../../lib/present/card-text.ts";
import { hasMojibake, repairMojibake } from "../../lib/present/mojibake.ts";

describe("cleanTitle", () => {
  it("drops site and section suffixes after a pipe, and after a dash when they name the site", () => {
    expect(cleanTitle("Heart health tips for the holidays | Patient Education | UC Davis Health", ["health.ucdavis.edu"])).toBe("Heart health tips for the holidays");
    expect(cleanTitle("Senate passes the budget bill - NPR", ["www.npr.org"])).toBe("Senate passes the budget bill");
    expect(cleanTitle("Senate passes the budget bill – npr.org", ["NPR"])).toBe("Senate passes the budget bill");
    expect(cleanTitle("Storm hits the coast - live updates", ["www.npr.org"])).toBe("Storm hits the coast - live updates");
  });

  it("keeps short titles whole and removes heading anchors", () => {
    expect(cleanTitle("News | Example", ["example.com"])).toBe("News | Example");
    expect(cleanTitle("How the vote was counted ¶")).toBe("How the vote was counted");
    expect(cleanTitle("How the vote was counted #")).toBe("How the vote was counted");
    expect(cleanTitle("Pay day 🔗 | Site", ["site.com"])).toBe("Pay day");
  });

  it("repairs mojibake in the title", () => {
    expect(cleanTitle("Itâ€™s a new dawn for cafÃ© owners")).toBe("It’s a new dawn for café owners");
  });
});

describe("teaser", () => {
  it("never repeats the headline and ends at a word with an ellipsis", () => {
    const lead = "Senate passes the budget bill. The vote came late on Tuesday after a long debate about spending on schools, roads and hospitals across the country, with several amendments failing before the final tally was read out to a tired chamber.";
    const t = teaser(lead, "Senate passes the budget bill", 120);
    expect(t.startsWith("The vote came late")).toBe(true);
    expect(t.endsWith("…")).toBe(true);
    expect(t.length).toBeLessThanOrEqual(121);
    expect(lead).toContain(t.slice(0, -1));
    expect(t.slice(0, -1)).toMatch(/[a-z]$/);
  });

  it("is empty when the lead is only the headline, and whole when short", () => {
    expect(teaser("Senate passes the budget bill.", "Senate passes the budget bill")).toBe("");
    expect(teaser("A short lead.", "Other")).toBe("A short lead.");
    expect(cutAtWord("one two three four", 9)).toBe("one two…");
  });
});

describe("repairMojibake", () => {
  it("repairs UTF-8 read as Windows-1252 or Latin-1, in every script", () => {
    expect(repairMojibake("Itâ€™s â€œquotedâ€\u009d")).toBe("It’s “quoted”");
    expect(repairMojibake("ZÃ¼rich, SÃ£o Paulo, naÃ¯ve, Â£5")).toBe("Zürich, São Paulo, naïve, £5");
    expect(repairMojibake("Ð\u009cÐ¾Ñ\u0081ÐºÐ²Ð°")).toBe("Москва");
    expect(repairMojibake("æ\u009d±äº¬")).toBe("東京");
  });

  it("leaves correct text alone, including Latin-1 letters that happen to look like lead bytes", () => {
    // Real German and French that decodes as UTF-8 by accident (found by bench:mojibake on the corpora):
    // "ß" + soft hyphen, "ß" + no-break space, "é" + ” + no-break space.
    for (const ok of ["NESCAFÉ®", "Rosa ×\u00A0medioccidentis", "Groß\u00ADvä\u00ADter", "gemäß\u00A0§ 97", "“calme et déterminé”\u00A0»", "Café crème brûlée", "SÃO PAULO", "Ça va, Ångström? À bientôt.", "Москва", "東京", "â is a letter"]) {
      expect(repairMojibake(ok)).toBe(ok);
      expect(hasMojibake(ok)).toBe(false);
    }
    expect(hasMojibake("Ãªtre")).toBe(true);
    expect(repairMojibake("Ãªtre")).toBe("être");
  });
});
