-- CreateTable
CREATE TABLE "StoryTerm" (
    "term" TEXT NOT NULL,
    "storyId" INTEGER NOT NULL,
    "weight" REAL NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,

    PRIMARY KEY ("term", "storyId"),
    CONSTRAINT "StoryTerm_storyId_fkey" FOREIGN KEY ("storyId") REFERENCES "Story" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TermStat" (
    "term" TEXT NOT NULL PRIMARY KEY,
    "df" INTEGER NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE INDEX "StoryTerm_term_lastSeenAt_idx" ON "StoryTerm"("term", "lastSeenAt");

-- CreateIndex
CREATE INDEX "StoryTerm_storyId_idx" ON "StoryTerm"("storyId");
