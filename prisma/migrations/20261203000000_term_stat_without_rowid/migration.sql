-- TermStat becomes a WITHOUT ROWID table (issue #17, the page's database work on SQLite). It was a rowid table
-- beside the unique index of its key, so each of the ~100 terms a crawled news article counts (an upsert of
-- df + 1) looked the term up in the index, then changed the row in the table: two B-trees, and twice the
-- pages written to the WAL at the commit. Keyed by "term" itself, it is one B-tree. Same columns, key and
-- rows (every reader looks terms up by key: row order does not matter); PostgreSQL has no rowid and needs no
-- counterpart. StoryTerm stays a rowid table: the story candidates' look-up takes the newest postings per
-- term, and among postings of equal "lastSeenAt" its index orders them by rowid, which WITHOUT ROWID would
-- change. The table is rebuilt (Prisma's pattern for SQLite table changes).
CREATE TABLE "new_TermStat" (
    "term" TEXT NOT NULL PRIMARY KEY,
    "df" INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
INSERT INTO "new_TermStat" ("term", "df") SELECT "term", "df" FROM "TermStat";
DROP TABLE "TermStat";
ALTER TABLE "new_TermStat" RENAME TO "TermStat";
