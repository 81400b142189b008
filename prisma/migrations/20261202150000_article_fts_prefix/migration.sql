-- The search index gets prefix indexes for 2- and 3-character prefixes (issue #17, search while typing at
-- 100,000 articles; lib/db/search.ts). The last word of a search is a prefix ("minis"*), and FTS5 answers a
-- prefix without such an index by merging the position lists of every term it matches into memory, on
-- every evaluation: ~300 ms for the commonest word's two letters at 100,000 real-sized articles. A prefix of
-- 2 or 3 characters (where the merged lists are longest) is now read like one term; longer prefixes match
-- few terms and are merged as before. FTS5 cannot add the option to an existing table: it is dropped and
-- built again from "Article" (an external-content index; the triggers of *_article_fts keep it in step by
-- name and stay). Cost on the 100,000-article bench database: see docs/benchmarks.md (build time, size).
DROP TABLE "ArticleFts";

CREATE VIRTUAL TABLE "ArticleFts" USING fts5(
    title, text,
    content="Article", content_rowid="id",
    tokenize="unicode61 remove_diacritics 2",
    prefix='2 3'
);

INSERT INTO "ArticleFts"("ArticleFts") VALUES ('rebuild');
