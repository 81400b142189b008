// Metadata for extractArticle: A2's lib/extract/metadata.ts when present (title, author, dates,
// language, image, canonical URL, site name); this minimal reader only covers the gap until then.
import type { CheerioAPI } from "./dom.ts";
import type { ExtractResult } from "./index.ts";

export type ArticleMetadata = Pick<ExtractResult, "title" | "author" | "publishedAt" | "modifiedAt" | "lang" | "imageUrl" | "canonicalUrl" | "siteName">;

export function readMetadata($: CheerioAPI, url: string): ArticleMetadata {
  void url;
  const og = $('meta[property="og:title"]').attr("content")?.trim();
  const title = og || $("title").first().text().trim() || $("h1").first().text().trim();
  return {
    title, author: null, publishedAt: null, modifiedAt: null,
    lang: $("html").attr("lang")?.trim() || null, imageUrl: null, canonicalUrl: null, siteName: null,
  };
}
