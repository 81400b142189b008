-- AlterTable
ALTER TABLE "Page" ADD COLUMN "templateVersion" INTEGER;

-- AlterTable (plain ADD COLUMN: the rebuild prisma migrate diff writes for SQLite is not needed)
ALTER TABLE "SiteTemplate" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "SiteTemplate" ADD COLUMN "epochStart" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Page_siteId_templateVersion_idx" ON "Page"("siteId", "templateVersion");
