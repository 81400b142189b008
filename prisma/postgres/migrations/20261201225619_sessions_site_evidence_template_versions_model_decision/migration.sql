-- AlterTable
ALTER TABLE "Page" ADD COLUMN     "templateVersion" INTEGER;

-- AlterTable
ALTER TABLE "Article" ADD COLUMN     "modelIsNews" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "SiteTemplate" ADD COLUMN     "epochStart" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "SiteEvidence" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "pageCount" INTEGER NOT NULL DEFAULT 0,
    "data" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SiteEvidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdminSession" (
    "id" SERIAL NOT NULL,
    "nonce" TEXT NOT NULL,
    "passwordTag" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "revokedAt" TIMESTAMPTZ(3),
    "revokedWhy" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "AdminSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SiteEvidence_siteId_key" ON "SiteEvidence"("siteId");

-- CreateIndex
CREATE UNIQUE INDEX "AdminSession_nonce_key" ON "AdminSession"("nonce");

-- CreateIndex
CREATE INDEX "AdminSession_expiresAt_idx" ON "AdminSession"("expiresAt");

-- CreateIndex
CREATE INDEX "Page_siteId_templateVersion_idx" ON "Page"("siteId", "templateVersion");

-- CreateIndex
CREATE INDEX "Label_pageId_idx" ON "Label"("pageId");

-- AddForeignKey
ALTER TABLE "SiteEvidence" ADD CONSTRAINT "SiteEvidence_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE CASCADE ON UPDATE CASCADE;

