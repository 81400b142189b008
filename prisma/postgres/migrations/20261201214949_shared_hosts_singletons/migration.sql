-- PostgreSQL counterpart of SQLite's 20261201214949_shared_hosts_singletons (npm run db:migration).
-- CreateTable
CREATE TABLE "CrawlHost" (
    "host" TEXT NOT NULL,
    "nextFetchAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CrawlHost_pkey" PRIMARY KEY ("host")
);

-- CreateTable
CREATE TABLE "SingletonLease" (
    "name" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "lastRunAt" TIMESTAMPTZ(3),

    CONSTRAINT "SingletonLease_pkey" PRIMARY KEY ("name")
);

