// Skip links: the accessibility jump links at the top of a page ("Skip to content", "Zum Inhalt
// springen") are navigation, never content. The strict clean usually takes them with the header; on
// pages that fall back to the whole body (script shells, bot walls) they are all that is left.
// So are the labels of a page's controls standing alone as a block ("Read more", "Load more",
// "Loading…", "Sign in") and the badges of shop tiles ("Top Rated", "Save 20%"): buttons, teaser links
// and stickers, not text; and so are listings' counters ("Loaded 24 results", "+8") and widgets'
// labels ("Table of Contents", "Tags", "Sort by").
import type { TextBlock } from "./segment.ts";

/** A block that is only a skip link, in the languages of the corpora (en/de/fr/es/pt/it/pl/nl). */
const SKIP_LINK_RE =
  /^(?:skip|jump)\s+(?:to\s+)?(?:the\s+)?(?:main\s+|primary\s+)?(?:content|navigation|main|menu|search|footer|nav)\b[\s.!]*$|^(?:direkt\s+)?zum\s+(?:haupt)?inhalt(?:\s+(?:springen|wechseln))?$|^(?:aller|passer)\s+au\s+contenu(?:\s+principal)?$|^(?:saltar|ir)\s+al\s+contenido(?:\s+principal)?$|^pular\s+para\s+o\s+conte[uú]do(?:\s+principal)?$|^(?:vai|salta)\s+al\s+contenuto(?:\s+principale)?$|^przejd[zź]\s+do\s+(?:tre[sś]ci|zawarto[sś]ci)$|^naar\s+(?:de\s+)?(?:hoofd)?inhoud\s+gaan$/i;

/**
 * A block that is only a control's label. Measured on the non-article pages of WCXB even ids: of such
 * blocks in the output, 100 were not in the benchmark's text and 1 was. The shop buttons (add to
 * wishlist, quick view, compare, choose options, notify me, write a review, buy now, shop now): 31
 * output blocks on 5 sites of the even ids, none in the benchmark's text. "Show caption" / "Show transcript":
 * 2 sites, none in the text; "Close" (a dialog's button): 19 blocks on 2 sites, none. ("Learn more" and "Get started"
 * are left: they head service pages' feature sections as often as they are buttons.)
 */
const CONTROL_LABEL_RE =
  /^(?:read\s+more|continue\s+reading|loading|load\s+more|see\s+more|show\s+(?:more|less)|see\s+all|view\s+(?:all|more)|more\s+info|sign\s+(?:in|up)|log\s+in|add\s+to\s+(?:cart|basket|bag)|weiterlesen|close|(?:show|hide)\s+(?:caption|transcript)|add\s+to\s+(?:wish\s*list|favou?rites|compare)|quick\s+(?:view|shop|add)|compare|(?:choose|select)\s+options|notify\s+me(?:\s+when\s+available)?|write\s+a\s+review|buy\s+now|shop\s+(?:now|all))[\s.…!→›»]*$/i;

/**
 * A block that is only a shop tile's badge ("Top Rated", "New Arrival", "Best Seller", "Save 20%"):
 * on WCXB even non-article pages 136 such output blocks were not in the benchmark's text, 1 was.
 */
const BADGE_RE = /^(?:top\s+rated|new\s+arrivals?|best\s*sellers?|sale|save\s+\d+\s*%|\d+\s*%\s+off|free\s+shipping)[\s!]*$/i;

/**
 * A block that is only a listing's counter ("Loaded 24 results", "(120 products)", "Showing 1-24 of 310",
 * "2 of 5", "+8", "5 colours"): on WCXB even non-article pages 37 such output blocks were not in the
 * benchmark's text, 1 was. A teaser's reading time ("7 min read"): 8 output blocks on 4 sites of the
 * even ids not in the text, 1 was. A carousel's position ("Image 2 of 5"), a post's likes ("3 likes"): 25
 * output blocks on 5 sites, none in the text. (A teaser's age, "5 hours ago", is left: 17 out, 1 in.)
 */
const COUNTER_RE =
  /^(?:loaded\s+\d+\s+results|\(\d+\s+(?:products|items|results)\)|(?:products|items|results)\s+\(\d+\)|\d+\s+(?:products|items|results)|showing\s+\d+\s*(?:of|-|–)\s*\d+.*|(?:page\s+|image\s+|slide\s+|photo\s+)?\d+\s+of\s+\d+|\+\s?\d+|\+?\d+\s+(?:colou?rs?|styles|sizes)(?:\s+available)?|\d+\s+min(?:ute)?s?\s+read|\d+\s+likes?)$/i;

/**
 * A block that is only a widget's label: a table of contents' title (en/de/fr/es/it/pl/nl), the
 * tag list's and the listing toolbar's ("Tags", "Sort by", "Filters", "View:"). On WCXB even ids 41
 * such output blocks on 26 pages were not in the benchmark's text, 2 were (documentation pages whose
 * contents list is their own).
 */
const WIDGET_LABEL_RE =
  /^(?:table\s+of\s+contents?|contents|inhaltsverzeichnis|sommaire|table\s+des\s+mati[eè]res|[ií]ndice(?:\s+de\s+contenidos?)?|indice\s+dei\s+contenuti|spis\s+tre[sś]ci|inhoudsopgave|on\s+this\s+page|jump\s+to\s+section|tags|sort(?:\s+by)?|filters?|view)[\s:.…▾▼]*$/i;

/**
 * A block that is only a community's or a form's prompt to the visitor: Q&A and forum guest prompts
 * ("Start asking to get answers", "You need to be a member in order to leave a comment", "Not open
 * for further replies"), a feedback form's answers ("Thank you for your feedback", "Oops! Something
 * went wrong while submitting the form"). On WCXB even ids 28 such output blocks on 17 pages were
 * not in the benchmark's text, none was.
 */
const PROMPT_RE =
  /^(?:start\s+asking\s+to\s+get\s+answers|find\s+the\s+answer\s+to\s+your\s+question\s+by\s+asking|you\s+need\s+to\s+be\s+a\s+member\s+in\s+order\s+to\s+leave\s+a\s+comment|sign\s+up\s+for\s+a\s+new\s+account\s+in\s+our\s+community\.?\s+it'?s\s+easy|(?:this\s+thread\s+is\s+)?not\s+open\s+for\s+further\s+replies|you\s+must\s+(?:log|sign)\s+in\s+to\s+(?:answer|reply\s+to|comment\s+on)\s+this\s+(?:question|thread|topic|post)|thank\s+you\s+for\s+your\s+feedback|oops!?\s+something\s+went\s+wrong\s+while\s+submitting\s+the\s+form)[\s.!]*$/i;
/** Words a prompt has at most (the longest above is 12). */
const PROMPT_MAX_WORDS = 12;

/** `blocks` without the skip links, control labels, badges and counters, and those taken out. */
export function dropSkipLinks(blocks: TextBlock[]): { kept: TextBlock[]; skipLinks: TextBlock[] } {
  const kept: TextBlock[] = [], skipLinks: TextBlock[] = [];
  for (const b of blocks) {
    const t = b.text.trim();
    const label = b.words <= 5 && (SKIP_LINK_RE.test(t) || CONTROL_LABEL_RE.test(t) || BADGE_RE.test(t) || COUNTER_RE.test(t) || WIDGET_LABEL_RE.test(t));
    (label || (b.words <= PROMPT_MAX_WORDS && PROMPT_RE.test(t)) ? skipLinks : kept).push(b);
  }
  return { kept, skipLinks };
}
