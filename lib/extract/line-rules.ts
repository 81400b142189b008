// The line-wording rules of lib/extract, in one table: a block that is boilerplate by its words alone
// (with a word limit, so that a paragraph using the same words stays). Each rule has an id (shown in
// methodReason and in the generated table of lib/extract/README.md), the pattern, its word limit, and
// where it applies:
//   - "line": anywhere in the kept text (trim.ts isBoilerplateLine: in the dangling-block trim of the
//     density, named-container and template routes, and dropBoilerplateLines on the routes that skip it);
//   - "tail": only in the last part of the kept text (trim.ts dropTailNotices);
//   - "related-heading": a heading past mid-article that cuts everything after it (trim.ts cutAtRelatedHeading);
//   - "dateline": a line that is only a date, dropped when there are few of them (trim.ts dropDateLines);
//   - "label": a block that is only a control's or a widget's label, the last pass (skip-links.ts).
// Patterns are tested on the block's trimmed text. Rules name boilerplate wording in the languages of
// the corpora, never a site.
import type { TextBlock } from "./segment.ts";

export type LineRuleScope = "line" | "tail" | "related-heading" | "dateline" | "label";

export interface LineRule {
  id: string;
  scope: LineRuleScope;
  pattern: RegExp;
  /** The block has at most this many words (null: any length). */
  maxWords: number | null;
  /** What the rule removes (README table). */
  does: string;
  /** Where it was measured and what it moved (README table). */
  measured: string;
}

const AD_LABEL_RE =
  /^[-–—*\s[(]*(anzeige|werbung|reklama|advertisement|advertising|sponsored|publicité|publicidad|pubblicità|ad|ads|реклама|广告)[-–—*\s\])]*$/i;

const AD_PREFIX_RE =
  /^\*?(anzeige|werbung|reklama|advertisement|sponsored( content| post)?|publicidad|publicité)\s*[-–—:,.|*]/i;

const CREDIT_LABEL_RE =
  /^[(\[]?\s*(fotos?|photos?|bild(er)?|bildquelle|image|images|quelle\s*:\s*(foto|bild)|credits?|crédits?( photos?)?|foto-?credit|photo credit|titelbild|beitragsbild|headerbild|aufmacherbild|abbildung( \d+)?|abb\.( \d+)?|zdjęcie|fot\.)(\s*[:|/©]|$)/i;

const COMMENT_DEBRIS_RE = new RegExp("^(" + [
  "comments? (are|is) closed\\.?", "(no|view|show|\\d+) comments?", "(leave|post|write|add) a (comment|reply)", "be the first to comment\\.?",
  "keine kommentare\\.?( \\(.{0,80}\\))?", "(\\d+ )?kommentare?( anzeigen| schreiben)?", "kommentar (schreiben|verfassen|abgeben)", "kommentieren",
  "(aucun|\\d+) commentaires?", "laisser un commentaire", "(sin|\\d+) comentarios?", "deja un comentario", "brak komentarzy", "skomentuj",
  ".{0,60}\\b(eingeloggt|angemeldet|registriert|logged in|log in|signed in|sign in|registered)\\b.{0,30}\\b(um|to) (kommentare|einen kommentar|comment|post a comment)\\b.{0,60}", ".{0,120}[|·•] ?(view |\\d+ |no )?comments?", "(log|sign) in to (comment|reply)\\.?",
].join("|") + ")[\\s:.!]*$", "i");

const READ_ALSO_RE = new RegExp("^(" + [
  "schon gelesen", "(zum )?weiterlesen", "lesen sie (auch|mehr)", "lies auch", "lesenswert", "mehr zum thema", "auch interessant", "weiterführende[rn]? links?",
  "das (thema )?könnte (dich|sie) auch interessieren", "read (also|more)", "see also", "related", "veja também", "leia também", "mire", "lea también", "lee también",
  "te puede interesar", "zobacz (też|także)", "czytaj (też|także)", "(à )?lire aussi",
].join("|") + ")\\s*([:?!.]\\s*$|:\\s+\\S)", "i");

const PAYWALL_PROMPT_RE = new RegExp([
  "\\b(pour )?lire la suite\\b", "\\baccéder en illimité", "\\bdéjà abonné", "\\babonnez-vous\\b", "\\bfor the full story\\b", "\\bto continue reading\\b",
  "\\balready (a )?subscriber\\b", "\\bsubscribe now\\b", "\\bcancel(a|e)? (any ?time|cuando quieras)\\b", "\\bya eres suscriptor", "\\bum weiterzulesen\\b",
  "\\bweiterlesen mit\\b", "\\bbereits abonnent", "\\bjetzt abonnieren\\b",
].join("|"), "i");

const APP_NEWSLETTER_PROMPT_RE = new RegExp([
  "\\bstraight to your phone\\b", "\\bitunes (und|and) google play\\b",
  "\\bsign up (for|to) our newsletter\\b", "\\bsubscribe to our [^.]{0,30}newsletter\\b", "\\bnewsletter abonnieren\\b", "\\babonnieren sie unseren newsletter\\b",
  "\\bzum newsletter anmelden\\b", "\\binscrivez-vous à (la|notre) newsletter\\b", "\\bsuscr[ií]bete a nuestr",
].join("|"), "i");

const FILING_LINE_RE =
  /^((verfasst von|geschrieben von|posted by|written by|publié par|publicado por|escrito por)\b|(video )?verfügbar bis\b|(news date|category|categories|kategorien?|catégories?|categorías?|tags?|schlagw(ö|o)rter|stichw(ö|o)rter)\s*:|(permalink|permalien|posted in|filed under|abgelegt unter|veröffentlicht in|publié dans|publicado en)\s)/i;

const NAV_LINE_RE =
  /^[«‹<←↑\s]*(zur startseite|zurück( zur (übersicht|startseite|liste))?|back to (top|home|overview|the top)|nach oben|seitenanfang|retour( en haut)?|volver( arriba)?|powrót|torna su|go to top)[\s»›>→↑.!]*$/i;

const DISCLAIMER_RE =
  /(n.engagent que (leurs|son|ses) auteurs?|do not necessarily (reflect|represent)|views expressed (here|in this)|(geben|spiegeln) nicht (unbedingt |zwingend |notwendigerweise )?die meinung|no (necesariamente )?reflejan (la|las) (opini|postura))/i;

const PLACEHOLDER_RE =
  /(dieses video wird über youtube|externer inhalt|empfohlener redaktioneller inhalt|respektieren deine privatsphäre|inhalte von drittanbietern|mit dem laden des|click to load|um (das video|den inhalt|diesen inhalt) (zu sehen|anzuzeigen|zu laden)|\b\d+ (bis|to|-|–) \d+ (von|of) (insgesamt )?\d+\b.{0,20}(angezeigt|shown|results|ergebnisse|treffer)|\bshowing \d+[-–]\d+ of\b)/i;

const TAIL_NOTICE_RE = new RegExp([
  "\\bfollow (us|\\w+( \\w+)?) on (twitter|facebook|instagram)", "\\bsubscribe (now|to our)", "\\bdownload (the|our) [\\w ]{0,30}apps?\\b",
  "\\b(canal|channel|kanal) (de|on|auf)? ?(youtube|telegram|whatsapp)", "\\bnos siga\\b", "\\bsíguenos\\b", "\\bfolgen sie uns\\b",
  "\\bif you (enjoyed|liked) (reading )?this\\b", "\\bdo you want to be informed\\b", "\\bjede (kleine )?spende\\b", "\\bsupport (us|our journalism)\\b",
  "\\bcopyrighted property\\b", "\\bwritten permission\\b", "\\ball rights reserved\\b", "\\balle rechte vorbehalten\\b", "\\bchroniony prawem autorskim\\b",
  "\\btodos los derechos reservados\\b", "\\bnachdruck (nur|verboten)\\b",
  "\\bsegui(r|rnos) (a [^.]{1,30} )?en (facebook|twitter|instagram)", "\\bsuivez-nous\\b", "\\bseguici\\b", "śledź nas\\b",
].join("|"), "i");

const RELATED_HEADING_RE = new RegExp("^(" + [
  "related (articles?|posts?|stories|content|news|reading|topics)", "you (may|might) (also )?(like|enjoy|be interested in)", "more (stories|articles|news)\\b.*",
  "explore further", "recommended (for you|articles|stories|reading)", "most (read|popular|viewed)", "trending( now)?", "further reading", "see also",
  "(das )?könnte (sie|dich) auch interessieren", "(weitere|mehr) (themen|artikel|beiträge|nachrichten|zum thema)\\b.*", "auch interessant",
  "ähnliche (artikel|beiträge)", "verwandte (artikel|themen|beiträge)", "meistgelesen(e)?( artikel)?", "das könnte sie auch interessieren",
  "sur le même sujet", "dans la même rubrique", "te puede interesar", "noticias relacionadas", "potrebbe interessarti", "articoli correlati",
  // the appendix of press releases and science news: contacts, further information, the original publication
  "(weitere|zusätzliche|mehr) informationen", "zusatzinformationen", "(presse)?kontakt", "ansprechpartner(in)?", "originalpublikation", "original publication",
  "further information", "more information", "(media |press )?contacts?", "pour en savoir plus", "más información",
  // author and series boxes and picture credits after the text
  "über (den|die) autor(in|en)?", "about the authors?", "zur person", "über diese reihe", "about this series", "bildnachweis(e)?", "fotonachweis(e)?", "bildquellen?",
  // more recirculation headings (pl/es/pt/fr/en)
  "polecamy", "najczęściej czytane", "te recomendamos", "lo más (leído|visto)", "más noticias", "relacionad[ao]s", "mais lidas", "les plus lus",
  "read next", "up next", "what to read next", "don't miss", "popular (now|stories|posts)", "latest (news|stories|posts)",
].join("|") + ")[\\s:.!?…»›>-]*$", "i");

const DATE_ONLY_RE = new RegExp("^(" + [
  "\\d{1,2}\\.\\s?\\d{1,2}\\.\\s?\\d{2,4}", "\\d{4}-\\d{2}-\\d{2}", "\\d{1,2}/\\d{1,2}/\\d{2,4}",
  "\\d{1,2}\\.? [a-zäéû]{3,10}\\.? \\d{4}", "[a-z]{3,9}\\.? \\d{1,2},? \\d{4}",
].join("|") + ")([,| ]+(um )?\\d{1,2}[:.]\\d{2}( ?uhr| ?h| ?[ap]m)?)?$", "i");

const SKIP_LINK_RE =
  /^(?:skip|jump)\s+(?:to\s+)?(?:the\s+)?(?:main\s+|primary\s+)?(?:content|navigation|main|menu|search|footer|nav)\b[\s.!]*$|^(?:direkt\s+)?zum\s+(?:haupt)?inhalt(?:\s+(?:springen|wechseln))?$|^(?:aller|passer)\s+au\s+contenu(?:\s+principal)?$|^(?:saltar|ir)\s+al\s+contenido(?:\s+principal)?$|^pular\s+para\s+o\s+conte[uú]do(?:\s+principal)?$|^(?:vai|salta)\s+al\s+contenuto(?:\s+principale)?$|^przejd[zź]\s+do\s+(?:tre[sś]ci|zawarto[sś]ci)$|^naar\s+(?:de\s+)?(?:hoofd)?inhoud\s+gaan$/i;

const CONTROL_LABEL_RE =
  /^(?:read\s+more|continue\s+reading|loading|load\s+more|see\s+more|show\s+(?:more|less)|see\s+all|view\s+(?:all|more)|more\s+info|sign\s+(?:in|up)|log\s+in|add\s+to\s+(?:cart|basket|bag)|weiterlesen|close|(?:show|hide)\s+(?:caption|transcript)|add\s+to\s+(?:wish\s*list|favou?rites|compare)|quick\s+(?:view|shop|add)|compare|(?:choose|select)\s+options|notify\s+me(?:\s+when\s+available)?|write\s+a\s+review|buy\s+now|shop\s+(?:now|all))[\s.…!→›»]*$/i;

const BADGE_RE =
  /^(?:top\s+rated|new\s+arrivals?|best\s*sellers?|sale|save\s+\d+\s*%|\d+\s*%\s+off|free\s+shipping)[\s!]*$/i;

const COUNTER_RE =
  /^(?:loaded\s+\d+\s+results|\(\d+\s+(?:products|items|results)\)|(?:products|items|results)\s+\(\d+\)|\d+\s+(?:products|items|results)|showing\s+\d+\s*(?:of|-|–)\s*\d+.*|(?:page\s+|image\s+|slide\s+|photo\s+)?\d+\s+of\s+\d+|\+\s?\d+|\+?\d+\s+(?:colou?rs?|styles|sizes)(?:\s+available)?|\d+\s+min(?:ute)?s?\s+read|\d+\s+likes?)$/i;

const WIDGET_LABEL_RE =
  /^(?:table\s+of\s+contents?|contents|inhaltsverzeichnis|sommaire|table\s+des\s+mati[eè]res|[ií]ndice(?:\s+de\s+contenidos?)?|indice\s+dei\s+contenuti|spis\s+tre[sś]ci|inhoudsopgave|on\s+this\s+page|jump\s+to\s+section|tags|sort(?:\s+by)?|filters?|view)[\s:.…▾▼]*$/i;

const PROMPT_RE =
  /^(?:start\s+asking\s+to\s+get\s+answers|find\s+the\s+answer\s+to\s+your\s+question\s+by\s+asking|you\s+need\s+to\s+be\s+a\s+member\s+in\s+order\s+to\s+leave\s+a\s+comment|sign\s+up\s+for\s+a\s+new\s+account\s+in\s+our\s+community\.?\s+it'?s\s+easy|(?:this\s+thread\s+is\s+)?not\s+open\s+for\s+further\s+replies|you\s+must\s+(?:log|sign)\s+in\s+to\s+(?:answer|reply\s+to|comment\s+on)\s+this\s+(?:question|thread|topic|post)|thank\s+you\s+for\s+your\s+feedback|oops!?\s+something\s+went\s+wrong\s+while\s+submitting\s+the\s+form)[\s.!]*$/i;


export const LINE_RULES: readonly LineRule[] = [
  {
    id: "ad-label", scope: "line", pattern: AD_LABEL_RE, maxWords: null,
    does: "An ad label publishers print above ads, alone on its line (\"Anzeige\", \"Advertisement\", \"Sponsored\", \"Реклама\").",
    measured: "false positives of the trafilatura tuning half (the commonest `without` snippets left in the output)",
  },
  {
    id: "ad-prefix", scope: "line", pattern: AD_PREFIX_RE, maxWords: 20,
    does: "An ad label with a line of explanation: \"Anzeige, enthält Affiliate Links\", \"*Werbung. Dieser Beitrag …\", \"ANZEIGE - Heute mal …\".",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "credit-label", scope: "line", pattern: CREDIT_LABEL_RE, maxWords: 25,
    does: "A picture credit or caption left in the text: a short line that starts with a credit label (\"Foto: …\", \"Bild: …\", \"Crédits photos : …\", \"Titelbild\", \"Beitragsbild\"); trafilatura's DISCARD_IMAGE_ELEMENTS without a caption class. A paragraph that starts with \"Foto:\" is rare.",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "credit-copyright", scope: "line", pattern: /©/, maxWords: 25,
    does: "A short line that carries a ©: a caption ending in \"| © Agency/Getty Images\", a copyright notice (a longer paragraph with © in it is text).",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "comment-debris", scope: "line", pattern: COMMENT_DEBRIS_RE, maxWords: 16,
    does: "Lines the comment section leaves behind when its container is gone or was never named: \"Comments are closed.\", \"Keine Kommentare\", \"View Comments\", \"Sie müssen angemeldet sein, um Kommentare zu schreiben!\" (trafilatura's COMMENTS_DISCARD_XPATH: nocomments, comments-title, reply links).",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "read-also", scope: "line", pattern: READ_ALSO_RE, maxWords: 16,
    does: "A \"read also\" label and the teaser line it introduces, as a paragraph of its own (not a heading): \"Schon gelesen?\", \"Zum Weiterlesen:\", \"Veja também:\", \"Lesenswert: <headline>\". The label alone, or label + colon + one short headline, is a pointer to another page.",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "paywall-prompt", scope: "line", pattern: PAYWALL_PROMPT_RE, maxWords: 25,
    does: "Paywall and subscription prompts wherever they stand (a paywall cuts the article short, so the prompt sits mid-page): \"Pour lire la suite\", \"Subscribe now … for the full story\", \"Already a subscriber?\" (trafilatura's PAYWALL_DISCARD_XPATH, by text); a prompt, not a paragraph about subscriptions.",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "app-newsletter-prompt", scope: "line", pattern: APP_NEWSLETTER_PROMPT_RE, maxWords: 30,
    does: "Prompts to get the publisher's app or newsletter, wherever they stand: \"… straight to your phone with the … app\", \"sign up for our newsletter\", \"Newsletter abonnieren\". (\"Download our app\" stays a tail notice only: service pages invite to their app as part of the offer.)",
    measured: "trafilatura tuning half false positives; WCXB service pages keep their app offers",
  },
  {
    id: "filing-line", scope: "line", pattern: FILING_LINE_RE, maxWords: 12,
    does: "Filing and byline lines of the article's metadata left in the text when their box had no furniture name: \"Kategorien: …\", \"Tags: …\", \"Posted in …\", \"Filed under …\", \"Permalink https://…\", \"Posted by …\", \"Video verfügbar bis 28.02.2021\"; trafilatura discards tags, categories, bylines and meta boxes. A label and a few names or a link.",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "nav-line", scope: "line", pattern: NAV_LINE_RE, maxWords: null,
    does: "Navigation lines left at the ends of the text: \"Zur Startseite\", \"Zurück zur Übersicht\", \"↑ Back to top\", \"Nach oben\", \"Volver arriba\".",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "disclaimer", scope: "line", pattern: DISCLAIMER_RE, maxWords: 40,
    does: "The publisher's disclaimer that opinions are the authors' own (\"… n'engagent que leurs auteurs\", \"do not necessarily reflect the views of …\"), wherever it stands (under the post or in the column beside it).",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "placeholder", scope: "line", pattern: PLACEHOLDER_RE, maxWords: 60,
    does: "Placeholders of embeds held back until the reader consents (\"Empfohlener redaktioneller Inhalt\", \"Dieses Video wird über YouTube ausgeliefert\", \"Click to load\") and result counters of lists (\"Es werden die Weine 1 bis 10 von insgesamt 19 angezeigt\", \"Showing 1-50 of 4,718\").",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "tail-notice", scope: "tail", pattern: TAIL_NOTICE_RE, maxWords: 40,
    does: "Calls to action and notices publishers append after the article: follow us, subscribe, download our app, join our channel, support us, copyright and reprint notices. Only in the last TAIL_SHARE of the kept text (trim.ts): the same words mid-article are reporting.",
    measured: "trafilatura tuning half false positives",
  },
  {
    id: "related-heading", scope: "related-heading", pattern: RELATED_HEADING_RE, maxWords: 8,
    does: "A heading that opens the \"more to read\" part after an article (related stories, recommendations, most read) or its appendix (contacts, further information, the author box, picture credits): past mid-article (trim.ts RELATED_MIN_POSITION) everything from it on goes. (\"Read also\", \"Lesen Sie auch\", \"Zobacz także\" are left to read-also: they often head a single teaser mid-text.)",
    measured: "press-release appendix: snippet tuning half 0.9388 -> 0.9406, WCXB even ids unchanged; author and series boxes, picture credits: tuning half 0.9406 -> 0.9416, WCXB even ids 0.8647 -> 0.8652; more recirculation headings: snippet tuning half unchanged, WCXB even ids 0.86524 -> 0.86526; on every route: WCXB held-out −0.0035 (it empties listing pages), not kept",
  },
  {
    id: "dateline", scope: "dateline", pattern: DATE_ONLY_RE, maxWords: 6,
    does: "A line that is only a date (and time): \"23.10.2018\", \"12.12.2022, 08:30 Uhr\", \"January 13, 2020\"; the article's dateline when there are at most MAX_DATELINES of them (more make a dated list: WCXB listings keep them).",
    measured: "trafilatura tuning half false positives; WCXB listings keep dated lists",
  },
  {
    id: "skip-link", scope: "label", pattern: SKIP_LINK_RE, maxWords: 5,
    does: "An accessibility jump link (\"Skip to content\", \"Zum Inhalt springen\"), in en/de/fr/es/pt/it/pl/nl: navigation, never content. The strict clean usually takes it with the header; on pages that fall back to the whole body it is all that is left.",
    measured: "—",
  },
  {
    id: "control-label", scope: "label", pattern: CONTROL_LABEL_RE, maxWords: 5,
    does: "A control's label standing alone (\"Read more\", \"Load more\", \"Loading…\", \"Sign in\", shop buttons: add to wishlist, quick view, compare, choose options, notify me, buy now; \"Show caption\", \"Close\"). (\"Learn more\" and \"Get started\" are left: they head service pages' feature sections as often as they are buttons.)",
    measured: "non-article pages of WCXB even ids: of such blocks in the output 100 were not in the benchmark's text and 1 was; shop buttons 31 blocks on 5 sites, none in the text; \"Show caption\"/\"Show transcript\" 2 sites, none; \"Close\" 19 blocks on 2 sites, none",
  },
  {
    id: "badge", scope: "label", pattern: BADGE_RE, maxWords: 5,
    does: "A shop tile's badge (\"Top Rated\", \"New Arrival\", \"Best Seller\", \"Save 20%\").",
    measured: "WCXB even non-article pages: 136 such output blocks not in the benchmark's text, 1 was",
  },
  {
    id: "counter", scope: "label", pattern: COUNTER_RE, maxWords: 5,
    does: "A listing's counter (\"Loaded 24 results\", \"(120 products)\", \"Showing 1-24 of 310\", \"2 of 5\", \"+8\", \"5 colours\"), a teaser's reading time (\"7 min read\"), a carousel's position (\"Image 2 of 5\"), a post's likes. (A teaser's age, \"5 hours ago\", is left: 17 out, 1 in.)",
    measured: "WCXB even non-article pages: counters 37 output blocks not in the text, 1 was; reading time 8 blocks on 4 sites out, 1 in; carousel positions and likes 25 blocks on 5 sites, none in",
  },
  {
    id: "widget-label", scope: "label", pattern: WIDGET_LABEL_RE, maxWords: 5,
    does: "A widget's label: a table of contents' title (en/de/fr/es/it/pl/nl), the tag list's and the listing toolbar's (\"Tags\", \"Sort by\", \"Filters\", \"View:\").",
    measured: "WCXB even ids: 41 such output blocks on 26 pages not in the benchmark's text, 2 were (documentation pages whose contents list is their own)",
  },
  {
    id: "visitor-prompt", scope: "label", pattern: PROMPT_RE, maxWords: 12,
    does: "A community's or a form's prompt to the visitor: Q&A and forum guest prompts (\"Start asking to get answers\", \"You need to be a member in order to leave a comment\", \"Not open for further replies\"), a feedback form's answers (\"Thank you for your feedback\"). The longest is 12 words.",
    measured: "WCXB even ids: 28 such output blocks on 17 pages not in the benchmark's text, none was",
  },
];

const BY_SCOPE = new Map<LineRuleScope, LineRule[]>();
for (const r of LINE_RULES) BY_SCOPE.set(r.scope, [...(BY_SCOPE.get(r.scope) ?? []), r]);

/** The rules of one scope, in table order. */
export function lineRulesOf(scope: LineRuleScope): readonly LineRule[] {
  return BY_SCOPE.get(scope) ?? [];
}

/** The first rule of `scope` the block matches (its word limit and its pattern on the trimmed text), or null. */
export function matchLineRule(b: TextBlock, scope: LineRuleScope): LineRule | null {
  const t = b.text.trim();
  for (const r of lineRulesOf(scope)) if ((r.maxWords == null || b.words <= r.maxWords) && r.pattern.test(t)) return r;
  return null;
}
