// Metadata for extractArticle, from lib/extract/metadata.ts (title, author, dates, language, image,
// canonical URL, site name), read from the untouched parsed document before cleaning mutates it.
import type { CheerioAPI } from "./dom.ts";
import type { ExtractResult } from "./index.ts";
import { extractMetadata } from "./metadata.ts";

export type ArticleMetadataFields = Pick<ExtractResult, "title" | "author" | "publishedAt" | "modifiedAt" | "lang" | "imageUrl" | "canonicalUrl" | "siteName">;

export function readMetadata($: CheerioAPI, url: string): ArticleMetadataFields {
  const m = extractMetadata($, url);
  return {
    title: m.title ?? "", author: m.author ?? null, publishedAt: m.publishedAt ?? null, modifiedAt: m.modifiedAt ?? null,
    lang: m.lang ?? null, imageUrl: m.imageUrl ?? null, canonicalUrl: m.canonicalUrl ?? null, siteName: m.siteName ?? null,
  };
}
