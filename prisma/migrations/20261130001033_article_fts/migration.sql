-- Full-text search over articles (lib/db/search.ts). An FTS5 index with external content: it
-- stores only the index, reads title and text from "Article", and triggers keep it in step.
-- Not in schema.prisma: Prisma has no virtual tables; query it with raw SQL.
CREATE VIRTUAL TABLE "ArticleFts" USING fts5(
    title, text,
    content="Article", content_rowid="id",
    tokenize="unicode61 remove_diacritics 2"
);

CREATE TRIGGER "Article_fts_insert" AFTER INSERT ON "Article" BEGIN
    INSERT INTO "ArticleFts"(rowid, title, text) VALUES (new."id", new."title", new."text");
END;

CREATE TRIGGER "Article_fts_delete" AFTER DELETE ON "Article" BEGIN
    INSERT INTO "ArticleFts"("ArticleFts", rowid, title, text) VALUES ('delete', old."id", old."title", old."text");
END;

CREATE TRIGGER "Article_fts_update" AFTER UPDATE OF "title", "text" ON "Article" BEGIN
    INSERT INTO "ArticleFts"("ArticleFts", rowid, title, text) VALUES ('delete', old."id", old."title", old."text");
    INSERT INTO "ArticleFts"(rowid, title, text) VALUES (new."id", new."title", new."text");
END;

-- Index the articles stored before this migration.
INSERT INTO "ArticleFts"("ArticleFts") VALUES ('rebuild');
