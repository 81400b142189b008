// The reader view's article HTML, tidied for reading after extraction (extraction's stored output
// is left as it is: its figures on the corpora must not move). At the top of the article:
//   - the title repeated as the first heading goes (the page shows it as its own <h1>);
//   - leftover "Transcript" links and empty bullets go (audio and video pages leave them);
// and everywhere, double-encoded UTF-8 the page itself carried is repaired (mojibake.ts).
import { load } from "cheerio";
import { repairMojibake } from "./mojibake.ts";

/** Block elements at the top of an article looked at for leftovers: the rest is the article. */
const TOP_BLOCKS = 4;
/** Link or line texts that are controls of the original page, not article text. */
const LEFTOVER = /^(?:(?:view|read|show|full|see)\s+)?(?:the\s+)?transcript$/i;

function squash(s: string): string {
  return s.toLowerCase().normalize("NFKD").replace(/[^\p{L}\p{N}]+/gu, "");
}

/** `titles`: the stored title and the cleaned one (either may be repeated as the first heading). */
export function tidyReaderHtml(html: string, titles: string | string[]): string {
  const $ = load(html, null, false);
  // 1. Mojibake in text nodes (attributes keep their bytes: URLs must not change).
  if (/[\u00C2-\u00F4]/.test(html)) {
    $("*").contents().each((_, node) => {
      if (node.type === "text") node.data = repairMojibake(node.data);
    });
  }
  // 2. The top blocks: leftovers and the repeated title.
  const wanted = new Set((Array.isArray(titles) ? titles : [titles]).map(squash).filter(Boolean));
  for (let i = 0; i < TOP_BLOCKS; i++) {
    const first = firstBlock($);
    if (!first) break;
    const el = $(first);
    const text = el.text().replace(/\s+/g, " ").trim();
    const tag = first.tagName.toLowerCase();
    const isHeading = /^h[1-6]$/.test(tag);
    if (isHeading && wanted.has(squash(text))) { el.remove(); continue; }
    if (text === "" && el.find("img, picture, figure, table").length === 0) { el.remove(); continue; }
    if (LEFTOVER.test(text)) { el.remove(); continue; }
    if (tag === "ul" || tag === "ol") {
      // A list whose items are empty or leftovers: drop those items; the list goes when nothing is left.
      const items = el.children("li");
      const junk = items.filter((_, li) => { const t = $(li).text().replace(/\s+/g, " ").trim(); return t === "" || LEFTOVER.test(t); });
      if (junk.length > 0) {
        junk.remove();
        if (el.children("li").length === 0) el.remove();
        continue;
      }
    }
    break;
  }
  return $.html();
}

/** The first element child at the top, descending through wrapper divs/sections that hold several blocks. */
function firstBlock($: ReturnType<typeof load>): import("domhandler").Element | null {
  let nodes = $.root().contents().toArray();
  for (let depth = 0; depth < 6; depth++) {
    const el = nodes.find((n) => n.type === "tag" || (n.type === "text" && n.data.trim() !== "")) as import("domhandler").Element | undefined;
    if (!el || el.type !== "tag") return null;
    const tag = el.tagName.toLowerCase();
    if ((tag === "div" || tag === "section" || tag === "article") && $(el).children().length > 0) {
      const kids = $(el).contents().toArray();
      // A wrapper whose only content is blocks: look inside it.
      nodes = kids;
      continue;
    }
    return el;
  }
  return null;
}
