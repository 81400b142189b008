-- PostgreSQL counterpart of SQLite's 20261203041641_frontier_site_kind (npm run db:migration; the SQLite migrations since 20261202060332 before it change nothing PostgreSQL has: column order, the FTS5 index, a rowid).
-- CreateIndex
CREATE INDEX "FrontierUrl_siteId_kind_idx" ON "FrontierUrl"("siteId", "kind");

