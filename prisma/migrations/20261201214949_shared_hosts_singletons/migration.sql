-- CreateTable
CREATE TABLE "CrawlHost" (
    "host" TEXT NOT NULL PRIMARY KEY,
    "nextFetchAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SingletonLease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "owner" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "lastRunAt" DATETIME
);

