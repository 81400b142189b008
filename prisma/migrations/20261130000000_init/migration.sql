-- CreateTable
CREATE TABLE "Site" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "lastErrorAt" DATETIME,
    "robotsState" TEXT,
    "robotsTxt" TEXT,
    "robotsFetchedAt" DATETIME,
    "hostBackoffUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "FrontierUrl" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "url" TEXT NOT NULL,
    "siteId" INTEGER NOT NULL,
    "depth" INTEGER NOT NULL DEFAULT 0,
    "kind" TEXT NOT NULL DEFAULT 'page',
    "state" TEXT NOT NULL DEFAULT 'queued',
    "leaseOwner" TEXT,
    "leaseExpiresAt" DATETIME,
    "nextCheckAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "recheckIntervalSec" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "etag" TEXT,
    "lastModified" TEXT,
    "lastStatus" INTEGER,
    "lastErrorKey" TEXT,
    "lastFetchedAt" DATETIME,
    "discoveredFrom" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "FrontierUrl_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FetchAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "siteId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "status" INTEGER,
    "errorKey" TEXT,
    "ms" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FetchAttempt_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Page" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "fetchedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rawBody" BLOB NOT NULL,
    "outcome" TEXT,
    "outcomeReason" TEXT,
    CONSTRAINT "Page_frontierId_fkey" FOREIGN KEY ("frontierId") REFERENCES "FrontierUrl" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Page_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Article" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "pageId" INTEGER NOT NULL,
    "siteId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
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
    "decisionReason" TEXT,
    "modelVersionId" INTEGER,
    "contentHash" TEXT NOT NULL,
    "simhash" TEXT NOT NULL,
    "duplicateOfId" INTEGER,
    "duplicateKind" TEXT,
    "storyId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Article_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Article_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Article_duplicateOfId_fkey" FOREIGN KEY ("duplicateOfId") REFERENCES "Article" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Article_storyId_fkey" FOREIGN KEY ("storyId") REFERENCES "Story" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SimhashBand" (
    "articleId" INTEGER NOT NULL,
    "band" INTEGER NOT NULL,
    "value" INTEGER NOT NULL,

    PRIMARY KEY ("articleId", "band"),
    CONSTRAINT "SimhashBand_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SiteTemplate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "siteId" INTEGER NOT NULL,
    "pageCount" INTEGER NOT NULL DEFAULT 0,
    "data" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SiteTemplate_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Story" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "headline" TEXT NOT NULL,
    "firstSeenAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,
    "articleCount" INTEGER NOT NULL DEFAULT 0,
    "sourceCount" INTEGER NOT NULL DEFAULT 0,
    "entityKeys" TEXT NOT NULL DEFAULT '[]',
    "profile" TEXT NOT NULL DEFAULT '{}',
    "mergedIntoId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Entity" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ArticleEntity" (
    "articleId" INTEGER NOT NULL,
    "entityId" INTEGER NOT NULL,
    "mentions" INTEGER NOT NULL DEFAULT 1,

    PRIMARY KEY ("articleId", "entityId"),
    CONSTRAINT "ArticleEntity_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ArticleEntity_entityId_fkey" FOREIGN KEY ("entityId") REFERENCES "Entity" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Label" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "url" TEXT NOT NULL,
    "pageId" INTEGER,
    "isNews" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'admin',
    "note" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Label_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ModelVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "params" TEXT NOT NULL,
    "metrics" TEXT NOT NULL,
    "trainingSize" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
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
