// The page-form gate: what a news site's other pages are made of, decided from the page's form where
// the training data cannot teach it (the corpora hold almost no video, gallery or podcast pages, and
// few English fronts). It reads the same features as the model (./features.ts) and only ever turns a
// "news" verdict into "not news", with its own reason:
//
//   1. media page: the page's main entity is a video, audio or image set (og:type video/audio, or
//      media JSON-LD with no article type beside it) and its text is caption-sized; or the page
//      carries its own <video>/<audio> player, declares no article, and has only a caption;
//   2. front or hub: the page is made of teasers (many headings, most of them linked) with no
//      article JSON-LD and at most one long paragraph anywhere on the page, or most of its visible
//      text sits inside links next to many linked headlines.
//
// An article with an embedded video keeps its NewsArticle JSON-LD and its prose, so neither rule
// touches it. How many articles each rule flips on the corpora is measured by bench:classify.
import { FEATURE_NAMES, type FeatureName, type PageFacts } from "./features.ts";

export type PageForm = "media" | "front";

export interface PageFormVerdict {
  form: PageForm;
  /** e.g. "media page: og:type video.other, VideoObject JSON-LD, 161 words (caption-sized)". */
  reason: string;
}

/**
 * Words of extracted text at or under which a media page's text is its caption: a video's
 * description, a gallery's intro, a podcast episode's notes run to a paragraph or two (~150 words
 * each). Above it the text is a story in its own right (a transcript, an article around the player).
 */
export const MEDIA_CAPTION_WORDS = 350;
/**
 * Words at or under which a page that carries its own <video>/<audio> player, and no article JSON-LD,
 * is the player's page (an episode's show notes, a clip's caption). Lower than MEDIA_CAPTION_WORDS: a
 * player element says less about the page than og:type or JSON-LD naming it a video.
 */
export const PLAYER_CAPTION_WORDS = 200;

/** Linked headings (h1–h4 inside or holding a link) from which a page is made of teasers: an article's related-links box holds a handful to a dozen. */
export const FRONT_MIN_LINKED_HEADINGS = 20;
/** Share of the page's headings that are linked: on a front most headlines lead elsewhere; on an article most headings structure its own text. */
export const FRONT_LINKED_HEADING_SHARE = 0.5;
/** <p> of ≥ 150 characters anywhere on the page: an article has several; a front's teaser summaries are shorter, one long summary is allowed. */
export const FRONT_MAX_LONG_PARAGRAPHS = 1;
/** Share of the page's visible text inside links at or above which the page is a link list (articles in the corpora reach 0.84 at most, with few linked headlines). */
export const FRONT_LINK_TEXT_SHARE = 0.8;
/**
 * P(news) a page-form decision caps the score at: below the news threshold, but not "sure" (site
 * evidence learns only from P ≤ 0.1), so a site whose learnt article pattern matches the page can
 * still outvote the form, and the form alone never teaches the site.
 */
export const PAGE_FORM_SCORE_CAP = 0.25;

const index = (name: FeatureName) => FEATURE_NAMES.indexOf(name);
const at = (x: Float64Array, name: FeatureName) => x[index(name)] ?? 0;
/** A log1p-transformed count back as a whole number. */
const count = (x: Float64Array, name: FeatureName) => Math.round(Math.expm1(at(x, name)));

/** The media kind named in the reason: og:type or the JSON-LD type that says the page is a video, audio or gallery. */
function mediaEvidence(x: Float64Array, facts: FormFacts): string[] {
  const out: string[] = [];
  if (at(x, "og_type_media") > 0) out.push(`og:type ${facts.ogType ?? "video/audio"}`);
  if (at(x, "jsonld_media") > 0 && at(x, "jsonld_news") === 0) {
    const t = (facts.jsonLdTypes ?? []).find((t) => /video|gallery|podcast|audio|episode|clip|series|season|music/i.test(t));
    out.push(`${t ?? "media"} JSON-LD, no article type`);
  }
  return out;
}

/** What the reason names beyond the feature vector (a cached training row has none: the reason then names the kind of type only). */
export type FormFacts = Partial<Pick<PageFacts, "ogType" | "jsonLdTypes">>;

/**
 * The page-form verdict for a page's feature vector (FEATURE_NAMES order), or null when its form
 * says nothing against an article. Decided from the vector alone, so the benchmark applies the same
 * rule to cached corpus rows as the crawler to fetched pages.
 */
export function judgePageForm(x: Float64Array, facts: FormFacts = {}): PageFormVerdict | null {
  const media = mediaEvidence(x, facts);
  const words = count(x, "log_words");
  if (media.length > 0 && words <= MEDIA_CAPTION_WORDS) {
    return { form: "media", reason: `media page: ${media.join(", ")}, ${words} words (caption-sized, ≤ ${MEDIA_CAPTION_WORDS})` };
  }
  if (at(x, "jsonld_news") > 0) return null;
  const players = count(x, "log_players");
  if (players > 0 && words <= PLAYER_CAPTION_WORDS) {
    return { form: "media", reason: `media page: ${players === 1 ? "a video/audio player" : `${players} video/audio players`}, ${words} words (caption-sized, ≤ ${PLAYER_CAPTION_WORDS}), no article JSON-LD` };
  }
  const linked = count(x, "log_linked_headings");
  if (linked < FRONT_MIN_LINKED_HEADINGS) return null;
  const longParagraphs = count(x, "log_long_page_paragraphs");
  if (at(x, "linked_heading_ratio") >= FRONT_LINKED_HEADING_SHARE && longParagraphs <= FRONT_MAX_LONG_PARAGRAPHS) {
    return { form: "front", reason: `front/hub page: ${linked} linked headlines, ${longParagraphs === 0 ? "no long paragraph" : "one long paragraph"}, no article JSON-LD` };
  }
  const linkShare = at(x, "link_density");
  if (linkShare >= FRONT_LINK_TEXT_SHARE) {
    return { form: "front", reason: `front/hub page: ${linked} linked headlines, ${Math.round(linkShare * 100)} % of its text in links, no article JSON-LD` };
  }
  return null;
}
