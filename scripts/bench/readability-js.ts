// @mozilla/readability on linkedom's DOM: the baseline every extraction benchmark runs beside Lede.
import { parseHTML } from "linkedom";
import { Readability } from "@mozilla/readability";

/** Readability.js's article (title, byline, publishedTime, textContent, …), or null when it finds none or throws. */
export function readabilityParse(html: string) {
  try {
    const { document } = parseHTML(html);
    return new Readability(document as unknown as Document).parse();
  } catch {
    return null;
  }
}
