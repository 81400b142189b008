-- PostgreSQL counterpart of SQLite's 20261203072526_story_term_covering_lookup (npm run db:migration): StoryTerm
-- gets an "id" (rows numbered in write order from now on; the rows present are numbered as the table stores them),
-- the look-up index carries "id" and "storyId" (an index-only scan for the story candidates), and (term, storyId)
-- stays unique.
-- DropIndex
DROP INDEX "StoryTerm_term_lastSeenAt_idx";

-- AlterTable
ALTER TABLE "StoryTerm" DROP CONSTRAINT "StoryTerm_pkey",
ADD COLUMN     "id" SERIAL NOT NULL,
ADD CONSTRAINT "StoryTerm_pkey" PRIMARY KEY ("id");

-- CreateIndex
CREATE INDEX "StoryTerm_term_lastSeenAt_id_storyId_idx" ON "StoryTerm"("term", "lastSeenAt", "id", "storyId");

-- CreateIndex
CREATE UNIQUE INDEX "StoryTerm_term_storyId_key" ON "StoryTerm"("term", "storyId");

