-- The effective decision (#15 item 4): Article."isNews" is what readers see (the newest admin
-- label, else the classifier); "modelIsNews" keeps what the classifier said. Added in place (no
-- table rebuild) so the FTS triggers on "Article" stay.
ALTER TABLE "Article" ADD COLUMN "modelIsNews" BOOLEAN NOT NULL DEFAULT true;
UPDATE "Article" SET "modelIsNews" = "isNews";

-- Labels already given take effect: the newest label of the page (by page id or URL) decides.
UPDATE "Article" SET "isNews" = (
  SELECT l."isNews" FROM "Label" l JOIN "Page" p ON p."id" = "Article"."pageId"
   WHERE l."pageId" = "Article"."pageId" OR l."url" = p."url" OR l."url" = "Article"."url"
   ORDER BY l."id" DESC LIMIT 1)
WHERE EXISTS (
  SELECT 1 FROM "Label" l JOIN "Page" p ON p."id" = "Article"."pageId"
   WHERE l."pageId" = "Article"."pageId" OR l."url" = p."url" OR l."url" = "Article"."url");

-- CreateIndex
CREATE INDEX "Label_pageId_idx" ON "Label"("pageId");
