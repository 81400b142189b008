-- Article's two large columns, "text" (~12,000 characters) and "html" (the reader HTML), move to the end of
-- the row (issue #17, the News page and search on SQLite). SQLite stores a row's columns in order and a
-- row larger than a page spills into a chain of overflow pages: with text and html in the middle, every
-- read of a column after them (lead, lang, siteName, isNews, duplicateOfId, storyId, createdAt: what the
-- News page, its filters and search read of every article they touch) walked the chain through ~25 KB of
-- text and HTML. With them last, those columns sit on the row's own page. PostgreSQL keeps large values
-- out of line (TOAST) and needs no such change. The table is rebuilt (Prisma's own pattern for SQLite
-- table changes): on an existing database this copies every article once.
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Article" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "pageId" INTEGER NOT NULL,
    "siteId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "lead" TEXT NOT NULL DEFAULT '',
    "author" TEXT,
    "publishedAt" DATETIME,
    "modifiedAt" DATETIME,
    "lang" TEXT,
    "imageUrl" TEXT,
    "siteName" TEXT,
    "method" TEXT NOT NULL,
    "methodReason" TEXT,
    "textLength" INTEGER NOT NULL,
    "newsScore" REAL,
    "isNews" BOOLEAN NOT NULL DEFAULT true,
    "modelIsNews" BOOLEAN NOT NULL DEFAULT true,
    "decisionReason" TEXT,
    "modelVersionId" INTEGER,
    "contentHash" TEXT NOT NULL,
    "simhash" TEXT NOT NULL,
    "duplicateOfId" INTEGER,
    "duplicateKind" TEXT,
    "storyId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    CONSTRAINT "Article_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Article_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Article_duplicateOfId_fkey" FOREIGN KEY ("duplicateOfId") REFERENCES "Article" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Article_storyId_fkey" FOREIGN KEY ("storyId") REFERENCES "Story" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Article" ("id", "pageId", "siteId", "url", "title", "lead", "author", "publishedAt", "modifiedAt", "lang", "imageUrl", "siteName",
    "method", "methodReason", "textLength", "newsScore", "isNews", "modelIsNews", "decisionReason", "modelVersionId", "contentHash", "simhash",
    "duplicateOfId", "duplicateKind", "storyId", "createdAt", "text", "html")
SELECT "id", "pageId", "siteId", "url", "title", "lead", "author", "publishedAt", "modifiedAt", "lang", "imageUrl", "siteName",
    "method", "methodReason", "textLength", "newsScore", "isNews", "modelIsNews", "decisionReason", "modelVersionId", "contentHash", "simhash",
    "duplicateOfId", "duplicateKind", "storyId", "createdAt", "text", "html" FROM "Article";
DROP TABLE "Article";
ALTER TABLE "new_Article" RENAME TO "Article";
CREATE UNIQUE INDEX "Article_pageId_key" ON "Article"("pageId");
CREATE UNIQUE INDEX "Article_url_key" ON "Article"("url");
CREATE INDEX "Article_createdAt_idx" ON "Article"("createdAt");
CREATE INDEX "Article_storyId_idx" ON "Article"("storyId");
CREATE INDEX "Article_contentHash_idx" ON "Article"("contentHash");
CREATE INDEX "Article_siteId_createdAt_idx" ON "Article"("siteId", "createdAt");
CREATE INDEX "Article_isNews_createdAt_idx" ON "Article"("isNews", "createdAt");
CREATE INDEX "Article_isNews_lang_idx" ON "Article"("isNews", "lang");
-- The search index's triggers went with the old table (the FTS5 index itself reads "Article" by name and is unchanged).
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
PRAGMA foreign_key_check;
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
