// Skip links (lib/extract/skip-links.ts): accessibility jump links are navigation, in any of the
// corpora's languages, and so are blocks that are only a control's label ("Read more", "Loading…");
// a sentence that merely starts like one stays.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dropSkipLinks } from "../../lib/extract/skip-links.ts";
import { bodyOf, parseHtml } from "../../lib/extract/dom.ts";
import { segmentBlocks } from "../../lib/extract/segment.ts";

/** Each line as its own paragraph through the block segmenter and dropSkipLinks: the texts dropped and kept. */
function splitLines(lines: string[]): { kept: { text: string }[]; skipLinks: { text: string }[] } {
  const body = bodyOf(parseHtml(`<html><body>${lines.map((l) => `<p>${l}</p>`).join("")}</body></html>`));
  return dropSkipLinks(segmentBlocks(body));
}

describe("skip links", () => {
  it("drops jump links and keeps text that only starts like one", () => {
    const lines = ["Skip to content", "Skip to main content", "Zum Inhalt springen", "Aller au contenu", "Przejdź do treści", "Skip to the end of the season, the coach said, and you see a team that learned."];
    const { kept, skipLinks } = splitLines(lines);
    expect(skipLinks.map((b) => b.text)).toEqual(lines.slice(0, 5));
    expect(kept.map((b) => b.text)).toEqual([lines[5]]);
  });

  it("drops blocks that are only a control's label and keeps sentences that start like one", () => {
    const lines = ["Read more »", "Loading...", "Load more", "See all", "Sign in", "Read more about the 1923 flood in the town archive's new exhibition.", "Learn more"];
    const { kept, skipLinks } = splitLines(lines);
    expect(skipLinks.map((b) => b.text)).toEqual(lines.slice(0, 5));
    expect(kept.map((b) => b.text)).toEqual(lines.slice(5));
  });

  it("drops shop buttons and keeps a sentence that starts like one", () => {
    const lines = ["Add to wishlist", "Quick view", "Compare", "Choose options", "BUY NOW", "Shop now →", "Show Caption", "Close", "Compare the two plans before you renew: the basic plan drops the phone support."];
    const { kept, skipLinks } = splitLines(lines);
    expect(skipLinks.map((b) => b.text)).toEqual(lines.slice(0, 8));
    expect(kept.map((b) => b.text)).toEqual(lines.slice(8));
  });

  it("drops widgets' labels (contents, tags, a listing's toolbar) and keeps a sentence that starts like one", () => {
    const lines = ["Table of Contents", "Inhaltsverzeichnis", "On this page", "Tags", "Sort by:", "Filters", "View:", "Contents of the time capsule were shown at the town hall."];
    const { kept, skipLinks } = splitLines(lines);
    expect(skipLinks.map((b) => b.text)).toEqual(lines.slice(0, 7));
    expect(kept.map((b) => b.text)).toEqual(lines.slice(7));
  });

  it("drops a community's guest prompts and a form's answers, and keeps a post that quotes one", () => {
    const lines = ["Start asking to get answers", "You need to be a member in order to leave a comment", "Not open for further replies.", "Thank you for your feedback!", "I asked support and they said: thank you for your feedback, we will look into the broken export."];
    const { kept, skipLinks } = splitLines(lines);
    expect(skipLinks.map((b) => b.text)).toEqual(lines.slice(0, 4));
    expect(kept.map((b) => b.text)).toEqual(lines.slice(4));
  });

  it("drops shop tiles' badges and keeps a sentence about a sale", () => {
    const lines = ["Top Rated", "New Arrival", "Best Seller", "Save 30%", "The sale ends on Sunday at midnight."];
    const { kept, skipLinks } = splitLines(lines);
    expect(skipLinks.map((b) => b.text)).toEqual(lines.slice(0, 4));
    expect(kept.map((b) => b.text)).toEqual(lines.slice(4));
  });

  it("drops listings' counters and keeps a sentence that counts", () => {
    const lines = ["Loaded 24 results", "(120 products)", "Showing 1-24 of 310", "+8", "5 colours", "7 min read", "Image 2 of 5", "3 likes", "120 products were recalled in March after the inspection."];
    const { kept, skipLinks } = splitLines(lines);
    expect(skipLinks.map((b) => b.text)).toEqual(lines.slice(0, 8));
    expect(kept.map((b) => b.text)).toEqual(lines.slice(8));
  });
});
