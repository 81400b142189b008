// Dangling blocks: what is left of removed boilerplate after the block decisions — the heading of
// a dropped "related articles" list ("Schon gelesen?", "Zobacz także"), ad labels ("Anzeige"),
// and headings at the end of the article with nothing under them. Checked on the false positives of the even half
// of the trafilatura set, where these are the commonest `without` snippets left in the output; also picture
// credits, comment debris, ad labels, lone datelines, paywall, app and newsletter prompts, opinion disclaimers,
// consent placeholders, result counters, filing lines (tags, categories), navigation lines and the notices
// publishers append after the text. The lines that are boilerplate by their words alone (isBoilerplateLine)
// also go on the routes that skip this trim (dropBoilerplateLines).
import type { TextBlock } from "./segment.ts";
import type { Element, AnyNode } from "./dom.ts";
import { holdsTag, isElement } from "./dom.ts";

/** A heading of at most this many words whose following block was dropped is that block's title. */
const DANGLING_HEADING_MAX_WORDS = 8;

/** Ad labels publishers print above ads, in the corpus' main languages. */
const AD_LABEL_RE = /^[-–—*\s[(]*(anzeige|werbung|reklama|advertisement|advertising|sponsored|publicité|publicidad|pubblicità|ad|ads|реклама|广告)[-–—*\s\])]*$/i;

/**
 * Headings that open the "more to read" part after an article (related stories, recommendations,
 * most read) or its appendix (contacts, further information), in the corpus' main languages. Everything from such a line on is no longer the article.
 * ("Read also", "Lesen Sie auch", "Zobacz także" are left out: they often head a single teaser in
 * the middle of the text, which dropDanglingBlocks handles.)
 */
const RELATED_HEADING_RE = new RegExp("^(" + [
  "related (articles?|posts?|stories|content|news|reading|topics)", "you (may|might) (also )?(like|enjoy|be interested in)", "more (stories|articles|news)\\b.*",
  "explore further", "recommended (for you|articles|stories|reading)", "most (read|popular|viewed)", "trending( now)?", "further reading", "see also",
  "(das )?könnte (sie|dich) auch interessieren", "(weitere|mehr) (themen|artikel|beiträge|nachrichten|zum thema)\\b.*", "auch interessant",
  "ähnliche (artikel|beiträge)", "verwandte (artikel|themen|beiträge)", "meistgelesen(e)?( artikel)?", "das könnte sie auch interessieren",
  "sur le même sujet", "dans la même rubrique", "te puede interesar", "noticias relacionadas", "potrebbe interessarti", "articoli correlati",
  // the appendix of press releases and science news: contacts, further information, the original publication
  // (snippet tuning half 0.9388 -> 0.9406, WCXB even ids unchanged)
  "(weitere|zusätzliche|mehr) informationen", "zusatzinformationen", "(presse)?kontakt", "ansprechpartner(in)?", "originalpublikation", "original publication",
  "further information", "more information", "(media |press )?contacts?", "pour en savoir plus", "más información",
  // author and series boxes and picture credits after the text (tuning half 0.9406 -> 0.9416, WCXB even ids 0.8647 -> 0.8652)
  "über (den|die) autor(in|en)?", "about the authors?", "zur person", "über diese reihe", "about this series", "bildnachweis(e)?", "fotonachweis(e)?", "bildquellen?",
  // more recirculation headings (pl/es/pt/fr/en; snippet tuning half unchanged, WCXB even ids 0.86524 -> 0.86526)
  // ("read also" labels stay out, see above)
  "polecamy", "najczęściej czytane", "te recomendamos", "lo más (leído|visto)", "más noticias", "relacionad[ao]s", "mais lidas", "les plus lus",
  "read next", "up next", "what to read next", "don't miss", "popular (now|stories|posts)", "latest (news|stories|posts)",
].join("|") + ")[\\s:.!?…»›>-]*$", "i");

/**
 * Picture credits and captions left in the text: a short line that starts with a credit label
 * ("Foto: …", "Bild: …", "Crédits photos : …", "Quelle: Foto …", "Titelbild", "Beitragsbild"), or
 * that carries a © (a caption ending in "| © Agency/Getty Images", a copyright notice). Image
 * captions are trafilatura's DISCARD_IMAGE_ELEMENTS; these are the ones without a caption class.
 */
const CREDIT_LABEL_RE = /^[(\[]?\s*(fotos?|photos?|bild(er)?|bildquelle|image|images|quelle\s*:\s*(foto|bild)|credits?|crédits?( photos?)?|foto-?credit|photo credit|titelbild|beitragsbild|headerbild|aufmacherbild|abbildung( \d+)?|abb\.( \d+)?|zdjęcie|fot\.)(\s*[:|/©]|$)/i;
/** …at most this many words (a caption; a paragraph that starts with "Foto:" is rare, one with © in it is text). */
const CREDIT_MAX_WORDS = 25;

function isCreditLine(b: TextBlock): boolean {
  if (b.words > CREDIT_MAX_WORDS) return false;
  const t = b.text.trim();
  return CREDIT_LABEL_RE.test(t) || t.includes("©");
}

/**
 * Lines the comment section leaves behind when its container is gone or was never named: "Comments
 * are closed.", "Keine Kommentare", "View Comments", "Sie müssen angemeldet sein, um Kommentare zu
 * schreiben!" (trafilatura's COMMENTS_DISCARD_XPATH: nocomments, comments-title, reply links).
 */
const COMMENT_DEBRIS_RE = new RegExp("^(" + [
  "comments? (are|is) closed\\.?", "(no|view|show|\\d+) comments?", "(leave|post|write|add) a (comment|reply)", "be the first to comment\\.?",
  "keine kommentare\\.?( \\(.{0,80}\\))?", "(\\d+ )?kommentare?( anzeigen| schreiben)?", "kommentar (schreiben|verfassen|abgeben)", "kommentieren",
  "(aucun|\\d+) commentaires?", "laisser un commentaire", "(sin|\\d+) comentarios?", "deja un comentario", "brak komentarzy", "skomentuj",
  ".{0,60}\\b(eingeloggt|angemeldet|registriert|logged in|log in|signed in|sign in|registered)\\b.{0,30}\\b(um|to) (kommentare|einen kommentar|comment|post a comment)\\b.{0,60}", ".{0,120}[|·•] ?(view |\\d+ |no )?comments?", "(log|sign) in to (comment|reply)\\.?",
].join("|") + ")[\\s:.!]*$", "i");
/** …at most this many words. */
const COMMENT_DEBRIS_MAX_WORDS = 16;

function isCommentDebris(b: TextBlock): boolean {
  return b.words <= COMMENT_DEBRIS_MAX_WORDS && COMMENT_DEBRIS_RE.test(b.text.trim());
}

/**
 * "Read also" labels and the teaser line they introduce, as a paragraph of their own (not a heading):
 * "Schon gelesen?", "Zum Weiterlesen:", "Veja também:", "Mire: <headline>", "Lesenswert: <headline>".
 * The label alone, or label + colon + one short line, is a pointer to another page.
 */
const READ_ALSO_RE = new RegExp("^(" + [
  "schon gelesen", "(zum )?weiterlesen", "lesen sie (auch|mehr)", "lies auch", "lesenswert", "mehr zum thema", "auch interessant", "weiterführende[rn]? links?",
  "das (thema )?könnte (dich|sie) auch interessieren", "read (also|more)", "see also", "related", "veja também", "leia também", "mire", "lea también", "lee también",
  "te puede interesar", "zobacz (też|także)", "czytaj (też|także)", "(à )?lire aussi",
].join("|") + ")\\s*([:?!.]\\s*$|:\\s+\\S)", "i");
/** …at most this many words (the label and a headline). */
const READ_ALSO_MAX_WORDS = 16;

/** Ad labels with a line of explanation: "Anzeige, enthält Affiliate Links", "*Werbung. Dieser Beitrag …", "ANZEIGE - Heute mal …". */
const AD_PREFIX_RE = /^\*?(anzeige|werbung|reklama|advertisement|sponsored( content| post)?|publicidad|publicité)\s*[-–—:,.|*]/i;
/** …at most this many words. */
const AD_PREFIX_MAX_WORDS = 20;

/** A line that is only a date (and time): "23.10.2018", "12.12.2022, 08:30 Uhr", "January 13, 2020". */
const DATE_ONLY_RE = new RegExp("^(" + [
  "\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?\\d{2,4}", "\\d{4}-\\d{2}-\\d{2}", "\\d{1,2}/\\d{1,2}/\\d{2,4}",
  "\\d{1,2}\\.? [a-zäéû]{3,10}\\.? \\d{4}", "[a-z]{3,9}\\.? \\d{1,2},? \\d{4}",
].join("|") + ")([,| ]+(um )?\\d{1,2}[:.]\\d{2}( ?uhr| ?h| ?[ap]m)?)?$", "i");

/**
 * Date lines are the article's dateline (published, updated) when there are at most this many of
 * them; more make a dated list (a changelog, events, posts: WCXB listings keep them).
 */
const MAX_DATELINES = 2;
const DATE_LINE_MAX_WORDS = 6;

/** Turn off `keep[i]` for lines that are only a date, unless the kept text is a dated list. */
function dropDateLines(all: TextBlock[], keep: boolean[]): number {
  const lines: number[] = [];
  for (let i = 0; i < all.length; i++) {
    if (keep[i] && all[i].words <= DATE_LINE_MAX_WORDS && DATE_ONLY_RE.test(all[i].text.trim())) {
      lines.push(i);
      if (lines.length > MAX_DATELINES) return 0;
    }
  }
  for (const i of lines) keep[i] = false;
  return lines.length;
}

/**
 * Calls to action and notices publishers append after the article: follow us, subscribe, download
 * our app, join our channel, support us, copyright and reprint notices. Only in the last part of the
 * article (TAIL_SHARE), where they stand after the text; the same words mid-article are reporting.
 */
const TAIL_NOTICE_RE = new RegExp([
  "\\bfollow (us|\\w+( \\w+)?) on (twitter|facebook|instagram)", "\\bsubscribe (now|to our)", "\\bdownload (the|our) [\\w ]{0,30}apps?\\b",
  "\\b(canal|channel|kanal) (de|on|auf)? ?(youtube|telegram|whatsapp)", "\\bnos siga\\b", "\\bsíguenos\\b", "\\bfolgen sie uns\\b",
  "\\bif you (enjoyed|liked) (reading )?this\\b", "\\bdo you want to be informed\\b", "\\bjede (kleine )?spende\\b", "\\bsupport (us|our journalism)\\b",
  "\\bcopyrighted property\\b", "\\bwritten permission\\b", "\\ball rights reserved\\b", "\\balle rechte vorbehalten\\b", "\\bchroniony prawem autorskim\\b",
  "\\btodos los derechos reservados\\b", "\\bnachdruck (nur|verboten)\\b",
  "\\bsegui(r|rnos) (a [^.]{1,30} )?en (facebook|twitter|instagram)", "\\bsuivez-nous\\b", "\\bseguici\\b", "śledź nas\\b",
].join("|"), "i");
/** …in blocks of at most this many words… */
const TAIL_NOTICE_MAX_WORDS = 40;
/** …that start in the last this share of the kept text. */
const TAIL_SHARE = 0.25;

/**
 * Paywall and subscription prompts, wherever they stand (a paywall cuts the article short, so the prompt
 * sits mid-page with the page's other boxes after it): "Pour lire la suite", "Subscribe now … for the full
 * story", "Cancela cuando quieras", "Already a subscriber?" (trafilatura's PAYWALL_DISCARD_XPATH, by text).
 */
const PAYWALL_PROMPT_RE = new RegExp([
  "\\b(pour )?lire la suite\\b", "\\baccéder en illimité", "\\bdéjà abonné", "\\babonnez-vous\\b", "\\bfor the full story\\b", "\\bto continue reading\\b",
  "\\balready (a )?subscriber\\b", "\\bsubscribe now\\b", "\\bcancel(a|e)? (any ?time|cuando quieras)\\b", "\\bya eres suscriptor", "\\bum weiterzulesen\\b",
  "\\bweiterlesen mit\\b", "\\bbereits abonnent", "\\bjetzt abonnieren\\b",
].join("|"), "i");
/** …in blocks of at most this many words (a prompt, not a paragraph about subscriptions). */
const PAYWALL_PROMPT_MAX_WORDS = 25;

/**
 * Prompts to get the publisher's app or newsletter, wherever they stand (boxes inside the article, or
 * mid-page when other boxes follow it): "… straight to your phone with the … app", "(iTunes und Google Play)",
 * "sign up for our newsletter", "Newsletter abonnieren", "inscrivez-vous à la newsletter". ("Download our
 * app" stays a tail notice only: service pages on WCXB invite to their app as part of the offer.)
 */
const APP_NEWSLETTER_PROMPT_RE = new RegExp([
  "\\bstraight to your phone\\b", "\\bitunes (und|and) google play\\b",
  "\\bsign up (for|to) our newsletter\\b", "\\bsubscribe to our [^.]{0,30}newsletter\\b", "\\bnewsletter abonnieren\\b", "\\babonnieren sie unseren newsletter\\b",
  "\\bzum newsletter anmelden\\b", "\\binscrivez-vous à (la|notre) newsletter\\b", "\\bsuscr[ií]bete a nuestr",
].join("|"), "i");
/** …in blocks of at most this many words. */
const APP_NEWSLETTER_PROMPT_MAX_WORDS = 30;

/**
 * The publisher's disclaimer that opinions are the authors' own ("… n'engagent que leurs auteurs", "do not
 * necessarily reflect the views of …", "geben nicht die Meinung … wieder"), wherever it stands (blogs print
 * it under the post or in the column beside it).
 */
const DISCLAIMER_RE = /(n.engagent que (leurs|son|ses) auteurs?|do not necessarily (reflect|represent)|views expressed (here|in this)|(geben|spiegeln) nicht (unbedingt |zwingend |notwendigerweise )?die meinung|no (necesariamente )?reflejan (la|las) (opini|postura))/i;
/** …in blocks of at most this many words. */
const DISCLAIMER_MAX_WORDS = 40;

/**
 * Placeholders of embeds held back until the reader consents (a tweet, a video, a map): "Wir respektieren
 * deine Privatsphäre und stellen … keine Verbindung zu Twitter her", "Empfohlener redaktioneller Inhalt",
 * "Dieses Video wird über YouTube ausgeliefert", "Click to load"; and result counters of lists
 * ("Es werden die Weine 1 bis 10 von insgesamt 19 angezeigt", "Showing 1-50 of 4,718").
 */
const PLACEHOLDER_RE = /(dieses video wird über youtube|externer inhalt|empfohlener redaktioneller inhalt|respektieren deine privatsphäre|inhalte von drittanbietern|mit dem laden des|click to load|um (das video|den inhalt|diesen inhalt) (zu sehen|anzuzeigen|zu laden)|\b\d+ (bis|to|-|–) \d+ (von|of) (insgesamt )?\d+\b.{0,20}(angezeigt|shown|results|ergebnisse|treffer)|\bshowing \d+[-–]\d+ of\b)/i;
/** …in blocks of at most this many words. */
const PLACEHOLDER_MAX_WORDS = 60;

/**
 * Filing lines of the article's metadata, left in the text when their box had no furniture name:
 * "Kategorien: Grundrezept, Rezepte", "Tags: …", "Posted in …", "Filed under …", "Permalink https://…",
 * "News date : 04/21/2022 Category : Press Releases", byline lines ("Verfasst von: … | 31. Dezember 2008",
 * "Posted by …", "Written by …") and a video's availability ("Video verfügbar bis 28.02.2021"); trafilatura
 * discards tags, categories, bylines and meta boxes.
 */
const FILING_LINE_RE = /^((verfasst von|geschrieben von|posted by|written by|publié par|publicado por|escrito por)\b|(video )?verfügbar bis\b|(news date|category|categories|kategorien?|catégories?|categorías?|tags?|schlagw(ö|o)rter|stichw(ö|o)rter)\s*:|(permalink|permalien|posted in|filed under|abgelegt unter|veröffentlicht in|publié dans|publicado en)\s)/i;
/** …of at most this many words (a label and a few names or a link). */
const FILING_LINE_MAX_WORDS = 12;

/** Navigation lines left at the ends of the text: "Zur Startseite", "Zurück zur Übersicht", "↑ Back to top", "Nach oben", "Volver arriba". */
const NAV_LINE_RE = /^[«‹<←↑\s]*(zur startseite|zurück( zur (übersicht|startseite|liste))?|back to (top|home|overview|the top)|nach oben|seitenanfang|retour( en haut)?|volver( arriba)?|powrót|torna su|go to top)[\s»›>→↑.!]*$/i;

/** Characters of the blocks still kept (positions in the article are shares of it). */
function keptChars(all: TextBlock[], keep: boolean[]): number {
  let total = 0;
  for (let i = 0; i < all.length; i++) if (keep[i]) total += all[i].text.length;
  return total;
}

/** Turn off `keep[i]` for notices in the tail of the kept text. */
function dropTailNotices(all: TextBlock[], keep: boolean[]): number {
  const total = keptChars(all, keep);
  let seen = 0, dropped = 0;
  for (let i = 0; i < all.length; i++) {
    if (!keep[i]) continue;
    const b = all[i];
    if (seen >= total * (1 - TAIL_SHARE) && b.words <= TAIL_NOTICE_MAX_WORDS && TAIL_NOTICE_RE.test(b.text)) { keep[i] = false; dropped++; }
    seen += b.text.length;
  }
  return dropped;
}

/**
 * Image captions the pruning could not see (the density path, or a container whose rules stood
 * down): a short block whose element (or its parent) is named as a caption or credit and stands
 * beside a picture (an <img>/<picture> under the same parent).
 */
const CAPTION_NAME_RE = /(^|[-_\s])(caption|captions|credits?|bildunterschrift|bildunter|image-source|photo-credit|legend|media__caption)($|[-_\s])/i;
const CAPTION_MAX_WORDS = 40;

function isImageCaption(b: TextBlock): boolean {
  if (b.words > CAPTION_MAX_WORDS || !b.el) return false;
  let named: Element | null = null;
  for (let n: Element | null = b.el, k = 0; n && k < 2; n = n.parent as Element | null, k++) {
    if (!isElement(n as AnyNode)) break;
    if (CAPTION_NAME_RE.test(`${n.attribs.class ?? ""} ${n.attribs.id ?? ""}`)) { named = n; break; }
  }
  if (!named || !named.parent) return false;
  return holdsPicture(named.parent as Element, 3);
}

/**
 * A <figcaption> (the block's element or up to FIGCAPTION_DEPTH levels above it) of at most CAPTION_MAX_WORDS
 * is a picture's caption or credit whatever its class names (trafilatura's and the annotators' truth leave
 * figures out); a figure that holds a table keeps its caption (the table's title, see prune.ts).
 */
const FIGCAPTION_DEPTH = 3;

function isFigureCaption(b: TextBlock): boolean {
  if (b.words > CAPTION_MAX_WORDS || !b.el) return false;
  for (let n: Element | null = b.el, k = 0; n && k <= FIGCAPTION_DEPTH; n = n.parent as Element | null, k++) {
    if (!isElement(n as AnyNode)) return false;
    if (n.name === "figcaption") return !(n.parent && isElement(n.parent as AnyNode) && holdsTag(n.parent as Element, "table", 3));
  }
  return false;
}


function holdsPicture(el: Element, depth: number): boolean {
  for (const c of el.children) {
    if (!isElement(c)) continue;
    if (c.name === "img" || c.name === "picture") return true;
    if (depth > 0 && holdsPicture(c, depth - 1)) return true;
  }
  return false;
}

/** A related heading ends the article only this far into it (share of kept characters before it). */
const RELATED_MIN_POSITION = 0.5;

/** Turn off `keep[i]` for the related-reading heading (past mid-article) and everything after it. */
export function cutAtRelatedHeading(all: TextBlock[], keep: boolean[]): number {
  const total = keptChars(all, keep);
  let seen = 0, dropped = 0;
  for (let i = 0; i < all.length; i++) {
    if (!keep[i]) continue;
    const b = all[i];
    if (b.words <= DANGLING_HEADING_MAX_WORDS && seen >= total * RELATED_MIN_POSITION && RELATED_HEADING_RE.test(b.text.trim())) {
      for (let j = i; j < all.length; j++) if (keep[j]) { keep[j] = false; dropped++; }
      break;
    }
    seen += b.text.length;
  }
  return dropped;
}

/**
 * A kicker left at the top: the candidate's first kept block is a label of at most this many words (a section
 * or topic name such as "Promis", "Business", "Press Release", "Premium") that is not a heading and does not end
 * a sentence or introduce one, and the next kept block is a heading (the article's title). The kicker names in
 * prune.ts catch the labelled ones; this is the unnamed rest. Snippet tuning half 0.9532 -> 0.9535, WCXB even ids
 * +0.00004 (on WCXB even pages such first lines were outside the truth 9 times in 11 on articles).
 */
const KICKER_MAX_WORDS = 3;
/** …when the candidate keeps at least this many blocks (a label, a title and some text). */
const KICKER_MIN_BLOCKS = 3;

function dropKicker(all: TextBlock[], keep: boolean[]): number {
  const kept: number[] = [];
  for (let i = 0; i < all.length && kept.length < KICKER_MIN_BLOCKS; i++) if (keep[i]) kept.push(i);
  if (kept.length < KICKER_MIN_BLOCKS) return 0;
  const label = all[kept[0]], next = all[kept[1]];
  if (label.words > KICKER_MAX_WORDS || label.kind === "heading" || next.kind !== "heading" || /[.!?:]$/.test(label.text.trim())) return 0;
  keep[kept[0]] = false;
  return 1;
}

/** Turn off `keep[i]` for dangling blocks; `all` is every block of the candidate in document order. */
export function dropDanglingBlocks(all: TextBlock[], keep: boolean[]): number {
  let dropped = cutAtRelatedHeading(all, keep);
  dropped += dropTailNotices(all, keep) + dropDateLines(all, keep);
  const off = (i: number) => { if (keep[i]) { keep[i] = false; dropped++; } };
  for (let i = 0; i < all.length; i++) {
    if (!keep[i]) continue;
    const b = all[i];
    if (isBoilerplateLine(b) || isImageCaption(b) || isFigureCaption(b)) { off(i); continue; }
    // (short non-heading lines before a dropped block were tried too: they cost more recall than they saved)
    if (b.kind === "heading" && b.words <= DANGLING_HEADING_MAX_WORDS && i + 1 < all.length && !keep[i + 1]) off(i);
  }
  dropped += dropKicker(all, keep);
  // trailing headings with nothing under them
  for (let i = all.length - 1; i >= 0; i--) {
    if (!keep[i]) continue;
    if (all[i].kind !== "heading") break;
    off(i);
  }
  return dropped;
}

/**
 * A line that is boilerplate by its words alone, wherever it stands: ad labels, credit lines, comment
 * debris, read-also labels, paywall / app / newsletter prompts, filing and byline lines, disclaimers,
 * consent placeholders.
 */
function isBoilerplateLine(b: TextBlock): boolean {
  const t = b.text.trim();
  if (AD_LABEL_RE.test(t) || isCreditLine(b) || isCommentDebris(b)) return true;
  if (b.words <= AD_PREFIX_MAX_WORDS && AD_PREFIX_RE.test(t)) return true;
  if (b.words <= READ_ALSO_MAX_WORDS && READ_ALSO_RE.test(t)) return true;
  if (b.words <= PAYWALL_PROMPT_MAX_WORDS && PAYWALL_PROMPT_RE.test(t)) return true;
  if (b.words <= APP_NEWSLETTER_PROMPT_MAX_WORDS && APP_NEWSLETTER_PROMPT_RE.test(t)) return true;
  if (b.words <= FILING_LINE_MAX_WORDS && FILING_LINE_RE.test(t)) return true;
  if (NAV_LINE_RE.test(t)) return true;
  if (b.words <= DISCLAIMER_MAX_WORDS && DISCLAIMER_RE.test(t)) return true;
  return b.words <= PLACEHOLDER_MAX_WORDS && PLACEHOLDER_RE.test(t);
}

/**
 * The kept blocks of a candidate that did not go through dropDanglingBlocks (repeated items, the
 * classifier over the whole body, the relaxed density container, the lead before a named container),
 * without the lines that are boilerplate by their words alone (isBoilerplateLine) and picture captions
 * (WCXB even ids 0.87839 -> 0.87849: a collection's figure captions); the positional rules (related
 * headings, dangling headings, tail notices) stay with dropDanglingBlocks, which sees the dropped blocks too.
 */
export function dropBoilerplateLines(blocks: TextBlock[]): { kept: TextBlock[]; dropped: TextBlock[] } {
  const kept: TextBlock[] = [], dropped: TextBlock[] = [];
  for (const b of blocks) (isBoilerplateLine(b) || isImageCaption(b) || isFigureCaption(b) ? dropped : kept).push(b);
  return { kept, dropped };
}
