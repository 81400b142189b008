// Titles of repeated items that the named container's pruning took (lib/extract/item-titles.ts): a
// search result's title whose class holds a discard word comes back, the tile's other pruned parts
// (prices, seller lines) and boxes the pruning took whole stay out.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mapItemOwners, restorePrunedTitles } from "../../lib/extract/item-titles.ts";
import { parseHtml, removeNode, type Element } from "../../lib/extract/dom.ts";
import { segmentBlocks } from "../../lib/extract/segment.ts";


describe("titles of repeated items taken by the pruning", () => {

  it("restores a title taken alone, in place, but not one taken with a whole box", () => {
    const card = (i: number) => `<li><h3 class="card-caption">Card title number ${i}</h3><p>Text of card ${i}.</p><div class="related"><h4>Related things</h4><p><a href="/x">Another linked thing here</a></p></div></li>`;
    const $ = parseHtml(`<html><body><ul id="grid">${[1, 2, 3].map(card).join("")}</ul></body></html>`);
    const grid = $("#grid")[0] as Element;
    const before = segmentBlocks(grid);
    const owners = mapItemOwners(before, grid);
    for (const el of $("h3, .related").toArray()) removeNode(el as Element);
    const out = restorePrunedTitles(before, segmentBlocks(grid), owners).map((b) => b.text);
    expect(out).toEqual(["Card title number 1", "Text of card 1.", "Card title number 2", "Text of card 2.", "Card title number 3", "Text of card 3."]);
  });
});
