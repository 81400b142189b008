-- Full-text search over articles (lib/db/search.ts), PostgreSQL's counterpart of SQLite's FTS5 index:
-- a generated tsvector (title weighted A, text B) with a GIN index. The configuration "lede_search" is
-- 'simple' (no stemming: any language) with diacritics removed first, as FTS5's remove_diacritics.
-- Not in schema.prisma: Prisma has no tsvector type, and never reads the column.
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TEXT SEARCH CONFIGURATION lede_search (COPY = simple);

ALTER TEXT SEARCH CONFIGURATION lede_search
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, simple;

ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('lede_search'::regconfig, coalesce("title", '')), 'A') ||
    setweight(to_tsvector('lede_search'::regconfig, coalesce("text", '')), 'B')
) STORED;

CREATE INDEX "Article_searchVector_idx" ON "Article" USING GIN ("searchVector");
