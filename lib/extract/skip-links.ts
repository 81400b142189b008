// Skip links: the accessibility jump links at the top of a page ("Skip to content", "Zum Inhalt
// springen") are navigation, never content. The strict clean usually takes them with the header; on
// pages that fall back to the whole body (script shells, bot walls) they are all that is left.
import type { TextBlock } from "./segment.ts";

/** A block that is only a skip link, in the languages of the corpora (en/de/fr/es/pt/it/pl/nl). */
const SKIP_LINK_RE =
  /^(?:skip|jump)\s+(?:to\s+)?(?:the\s+)?(?:main\s+|primary\s+)?(?:content|navigation|main|menu|search|footer|nav)\b[\s.!]*$|^(?:direkt\s+)?zum\s+(?:haupt)?inhalt(?:\s+(?:springen|wechseln))?$|^(?:aller|passer)\s+au\s+contenu(?:\s+principal)?$|^(?:saltar|ir)\s+al\s+contenido(?:\s+principal)?$|^pular\s+para\s+o\s+conte[uú]do(?:\s+principal)?$|^(?:vai|salta)\s+al\s+contenuto(?:\s+principale)?$|^przejd[zź]\s+do\s+(?:tre[sś]ci|zawarto[sś]ci)$|^naar\s+(?:de\s+)?(?:hoofd)?inhoud\s+gaan$/i;

/** `blocks` without the skip links, and the skip links taken out. */
export function dropSkipLinks(blocks: TextBlock[]): { kept: TextBlock[]; skipLinks: TextBlock[] } {
  const kept: TextBlock[] = [], skipLinks: TextBlock[] = [];
  for (const b of blocks) (b.words <= 5 && SKIP_LINK_RE.test(b.text.trim()) ? skipLinks : kept).push(b);
  return { kept, skipLinks };
}
