// Recall rules of the container steps (issue 4, snippet misses on the tuning half of trafilatura's
// evaluation set), each checked on a real page of that set (test/fixtures/extract/pages/traf-*, listed in
// SOURCES.md) with its `with` snippets (must come out) and `without` snippets (must not).
import { describe, expect, it } from "vitest";
import { extractFixture, snippets } from "../helpers/snippets.ts";

describe("running prose in a named container stays whatever its block probability", () => {
  it("keeps a long unlinked text run of a news detail page", () => {
    expect(snippets("traf-gipfelbuch.ch-hochaufloesung.html.gz", "https://www.gipfelbuch.ch/outdoornews/detail/id/718",
      ["Um einen ersten Eindruck zu erhalten", "hilft uns in den Satellitendaten", "Zusammengefasst berücksichtigen wir in"],
      ["FRAGEN AN DEN AUTOR"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("a wrapper holding only the densest node is climbed", () => {
  it("takes every step of a step-by-step tip, each in its own wrapper", () => {
    expect(snippets("traf-kochbar.de.schneiden.html.gz", "https://www.kochbar.de/tipp/1918/Tomaten-richtig-schneiden.html",
      ["Ihr kennt es sicher auch!", "aber ohne Strunk sieht es auch schöner aus.", "haften am Fruchtfleisch und und können nicht"],
      ["Tipp favorisieren", "Die besten TIPPS"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("a sibling of the densest node with its tag and class joins (Readability's sibling bonus)", () => {
  it("takes both product grid columns of a shop's front page and leaves its account links out", () => {
    const { result: r, text } = extractFixture("wcxb-4122.html.gz", "https://www.bestsharpeningstones.com/");
    expect(r.method).toBe("density+blocks");
    expect(text).toContain("Leather Paddle Strops");
    expect(text).toContain("Diamond Emulsions");
    expect(text).not.toContain("My Order Details");
  });
});

describe("the density candidate is pruned of furniture like the named container, but keeps its captions", () => {
  it("drops a link box set into the text of a density-chosen article", () => {
    expect(snippets("traf-speicherguide.de.schwierige.html.gz", "https://www.speicherguide.de/digitalisierung/faktor-mensch/schwierige-gespraeche-so-gehts-24376.aspx",
      ["Konflikte mag keiner.", "Gespräche meistern können."],
      ["Weiterführender Link"]))
      .toEqual({ missing: [], leaked: [] });
  });
  it("keeps a video page's description, which it names a caption", () => {
    expect(snippets("traf-zdf.de.corona.html.gz", "https://www.zdf.de/sport/us-sport-corona-100.html",
      ["New York ist das Epizentrum der Corona-Pandemie", "Auch der Sport ist zum Stillstand", "Die Anteilnahme in den Top-Ligen ist groß. Wie es"],
      ["Auch interessant", "ZDF Unternehmen"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("the named container keeps its place against a density candidate larger only outside its own container", () => {
  it("leaves out the info box beside an article whose densest node lies in the named body", () => {
    expect(snippets("traf-domradio.de-Reformstau.html.gz", "https://www.domradio.de/themen/laien/2021-11-19/reformstau-loesen-irme-stetter-karp-ist-neue-zdk-praesidentin",
      ["votierten 41 Delegierte.", "Für Reformen kämpfen", "Stil des ZdK-Präsidiums."],
      ["Logo des Zdk", "Nach oben", "Zentralkomitee der"]))
      .toEqual({ missing: [], leaked: [] });
  });
});

describe("inside a named container short blocks need a content probability of 0.4", () => {
  it("drops the author-and-age lines of a topic page's cards and keeps their titles and summaries", () => {
    const { text } = extractFixture("wcxb-1310.html.gz", "https://appleinsider.com/topic/headphones");
    expect(text).toContain("Beats Solo 4 and Solo Buds both gain Walmart-exclusive color options");
    expect(text).toContain("which were previously not offered in the United States.");
    expect(text).not.toContain("Andrew O'Hara 3 months ago");
  });
});

describe("inside the density container blocks need a content probability of 0.4", () => {
  it("keeps an article's prose and drops the short lines of its generated code listings", () => {
    const { result: r, text } = extractFixture("wcxb-0390.html.gz", "https://blog.logrocket.com/tested-5-ai-cli-tools");
    expect(r.method).toBe("density+blocks");
    expect(text).toContain("AI coding CLIs are quickly becoming must-have tools for developers");
    expect(text).not.toContain("const [input, setInput] = useState<string>('');");
  });
});

describe("a block outside the density container joins only when at most a quarter of its words are linked", () => {
  it("leaves out the linked registration prompt under a news article's comments", () => {
    expect(snippets("traf-taz.de.siemens.html.gz", "https://taz.de/Siemens-und-die-Kohlemine-Adani/!5655255/",
      ["Ein paar Konsument*innen mögen", "Einige von ihnen, etwa Axa", "ei potenziellen Kund*innen aus der fossilen Industrie"],
      ["Bitte registrieren Sie sich und halten Sie sich"]))
      .toEqual({ missing: [], leaked: [] });
  });
});
