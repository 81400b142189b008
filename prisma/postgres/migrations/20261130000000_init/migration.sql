-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Site" (
    "id" SERIAL NOT NULL,
    "seedUrl" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "crawlDelayMs" INTEGER NOT NULL DEFAULT 1000,
    "maxConcurrency" INTEGER NOT NULL DEFAULT 1,
    "maxPages" INTEGER NOT NULL DEFAULT 1000,
    "maxDepth" INTEGER NOT NULL DEFAULT 3,
    "includePattern" TEXT,
    "excludePattern" TEXT,
    "allowPrivateNetwork" BOOLEAN NOT NULL DEFAULT false,
    "recheckMinSec" INTEGER NOT NULL DEFAULT 300,
    "recheckMaxSec" INTEGER NOT NULL DEFAULT 86400,
    "lastErrorKey" TEXT,
    "lastErrorAt" TIMESTAMPTZ(3),
    "robotsState" TEXT,
    "robotsTxt" TEXT,
    "robotsFetchedAt" TIMESTAMPTZ(3),
    "hostBackoffUntil" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FrontierUrl" (
    "id" SERIAL NOT NULL,
    "url" TEXT NOT NULL,
    "siteId" INTEGER NOT NULL,
    "depth" INTEGER NOT NULL DEFAULT 0,
    "kind" TEXT NOT NULL DEFAULT 'page',
    "state" TEXT NOT NULL DEFAULT 'queued',
    "leaseOwner" TEXT,
    "leaseExpiresAt" TIMESTAMPTZ(3),
    "nextCheckAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "recheckIntervalSec" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "etag" TEXT,
    "lastModified" TEXT,
    "lastStatus" INTEGER,
    "lastErrorKey" TEXT,
    "lastFetchedAt" TIMESTAMPTZ(3),
    "discoveredFrom" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "FrontierUrl_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FetchAttempt" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "status" INTEGER,
    "errorKey" TEXT,
    "ms" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FetchAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Page" (
    "id" SERIAL NOT NULL,
    "url" TEXT NOT NULL,
    "frontierId" INTEGER,
    "siteId" INTEGER NOT NULL,
    "finalUrl" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "contentType" TEXT,
    "charset" TEXT,
    "charsetSource" TEXT,
    "size" INTEGER NOT NULL,
    "contentHash" TEXT NOT NULL,
    "fetchedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rawBody" BYTEA NOT NULL,
    "outcome" TEXT,
    "outcomeReason" TEXT,

    CONSTRAINT "Page_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Article" (
    "id" SERIAL NOT NULL,
    "pageId" INTEGER NOT NULL,
    "siteId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "lead" TEXT NOT NULL DEFAULT '',
    "author" TEXT,
    "publishedAt" TIMESTAMPTZ(3),
    "modifiedAt" TIMESTAMPTZ(3),
    "lang" TEXT,
    "imageUrl" TEXT,
    "siteName" TEXT,
    "method" TEXT NOT NULL,
    "methodReason" TEXT,
    "textLength" INTEGER NOT NULL,
    "newsScore" DOUBLE PRECISION,
    "isNews" BOOLEAN NOT NULL DEFAULT true,
    "decisionReason" TEXT,
    "modelVersionId" INTEGER,
    "contentHash" TEXT NOT NULL,
    "simhash" TEXT NOT NULL,
    "duplicateOfId" INTEGER,
    "duplicateKind" TEXT,
    "storyId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Article_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimhashBand" (
    "articleId" INTEGER NOT NULL,
    "band" INTEGER NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "SimhashBand_pkey" PRIMARY KEY ("articleId","band")
);

-- CreateTable
CREATE TABLE "SiteTemplate" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "pageCount" INTEGER NOT NULL DEFAULT 0,
    "data" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SiteTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Story" (
    "id" SERIAL NOT NULL,
    "headline" TEXT NOT NULL,
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "articleCount" INTEGER NOT NULL DEFAULT 0,
    "sourceCount" INTEGER NOT NULL DEFAULT 0,
    "entityKeys" TEXT NOT NULL DEFAULT '[]',
    "profile" TEXT NOT NULL DEFAULT '{}',
    "mergedIntoId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Story_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StoryTerm" (
    "term" TEXT NOT NULL,
    "storyId" INTEGER NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StoryTerm_pkey" PRIMARY KEY ("term","storyId")
);

-- CreateTable
CREATE TABLE "TermStat" (
    "term" TEXT NOT NULL,
    "df" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TermStat_pkey" PRIMARY KEY ("term")
);

-- CreateTable
CREATE TABLE "Entity" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,

    CONSTRAINT "Entity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ArticleEntity" (
    "articleId" INTEGER NOT NULL,
    "entityId" INTEGER NOT NULL,
    "mentions" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ArticleEntity_pkey" PRIMARY KEY ("articleId","entityId")
);

-- CreateTable
CREATE TABLE "Label" (
    "id" SERIAL NOT NULL,
    "url" TEXT NOT NULL,
    "pageId" INTEGER,
    "isNews" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'admin',
    "note" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Label_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModelVersion" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "params" TEXT NOT NULL,
    "metrics" TEXT NOT NULL,
    "trainingSize" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Site_seedUrl_key" ON "Site"("seedUrl");

-- CreateIndex
CREATE INDEX "Site_host_idx" ON "Site"("host");

-- CreateIndex
CREATE UNIQUE INDEX "FrontierUrl_url_key" ON "FrontierUrl"("url");

-- CreateIndex
CREATE INDEX "FrontierUrl_state_nextCheckAt_idx" ON "FrontierUrl"("state", "nextCheckAt");

-- CreateIndex
CREATE INDEX "FrontierUrl_siteId_state_idx" ON "FrontierUrl"("siteId", "state");

-- CreateIndex
CREATE INDEX "FetchAttempt_at_idx" ON "FetchAttempt"("at");

-- CreateIndex
CREATE INDEX "FetchAttempt_siteId_at_idx" ON "FetchAttempt"("siteId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "Page_url_key" ON "Page"("url");

-- CreateIndex
CREATE INDEX "Page_siteId_fetchedAt_idx" ON "Page"("siteId", "fetchedAt");

-- CreateIndex
CREATE INDEX "Page_outcome_idx" ON "Page"("outcome");

-- CreateIndex
CREATE UNIQUE INDEX "Article_pageId_key" ON "Article"("pageId");

-- CreateIndex
CREATE UNIQUE INDEX "Article_url_key" ON "Article"("url");

-- CreateIndex
CREATE INDEX "Article_createdAt_idx" ON "Article"("createdAt");

-- CreateIndex
CREATE INDEX "Article_storyId_idx" ON "Article"("storyId");

-- CreateIndex
CREATE INDEX "Article_contentHash_idx" ON "Article"("contentHash");

-- CreateIndex
CREATE INDEX "Article_siteId_createdAt_idx" ON "Article"("siteId", "createdAt");

-- CreateIndex
CREATE INDEX "Article_isNews_createdAt_idx" ON "Article"("isNews", "createdAt");

-- CreateIndex
CREATE INDEX "SimhashBand_band_value_idx" ON "SimhashBand"("band", "value");

-- CreateIndex
CREATE UNIQUE INDEX "SiteTemplate_siteId_key" ON "SiteTemplate"("siteId");

-- CreateIndex
CREATE INDEX "Story_lastSeenAt_idx" ON "Story"("lastSeenAt");

-- CreateIndex
CREATE INDEX "Story_articleCount_idx" ON "Story"("articleCount");

-- CreateIndex
CREATE INDEX "StoryTerm_term_lastSeenAt_idx" ON "StoryTerm"("term", "lastSeenAt");

-- CreateIndex
CREATE INDEX "StoryTerm_storyId_idx" ON "StoryTerm"("storyId");

-- CreateIndex
CREATE INDEX "Entity_type_idx" ON "Entity"("type");

-- CreateIndex
CREATE UNIQUE INDEX "Entity_key_key" ON "Entity"("key");

-- CreateIndex
CREATE INDEX "ArticleEntity_entityId_idx" ON "ArticleEntity"("entityId");

-- CreateIndex
CREATE INDEX "Label_url_idx" ON "Label"("url");

-- CreateIndex
CREATE INDEX "Label_createdAt_idx" ON "Label"("createdAt");

-- CreateIndex
CREATE INDEX "ModelVersion_active_idx" ON "ModelVersion"("active");

-- AddForeignKey
ALTER TABLE "FrontierUrl" ADD CONSTRAINT "FrontierUrl_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FetchAttempt" ADD CONSTRAINT "FetchAttempt_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Page" ADD CONSTRAINT "Page_frontierId_fkey" FOREIGN KEY ("frontierId") REFERENCES "FrontierUrl"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Page" ADD CONSTRAINT "Page_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Article" ADD CONSTRAINT "Article_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Article" ADD CONSTRAINT "Article_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Article" ADD CONSTRAINT "Article_duplicateOfId_fkey" FOREIGN KEY ("duplicateOfId") REFERENCES "Article"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Article" ADD CONSTRAINT "Article_storyId_fkey" FOREIGN KEY ("storyId") REFERENCES "Story"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimhashBand" ADD CONSTRAINT "SimhashBand_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SiteTemplate" ADD CONSTRAINT "SiteTemplate_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoryTerm" ADD CONSTRAINT "StoryTerm_storyId_fkey" FOREIGN KEY ("storyId") REFERENCES "Story"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArticleEntity" ADD CONSTRAINT "ArticleEntity_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArticleEntity" ADD CONSTRAINT "ArticleEntity_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Label" ADD CONSTRAINT "Label_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE SET NULL ON UPDATE CASCADE;
