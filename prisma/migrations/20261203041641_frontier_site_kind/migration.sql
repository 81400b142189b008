-- A site's frontier rows of one kind (issue #17, the worker's database work). The worker looks every few seconds
-- for active sites without a seed row (listSitesWithoutSeed), and its site cache counts a site's page, feed and
-- sitemap rows (countSiteUrlsOfKind); both went through ("siteId", "state") and read every row of the site for
-- its kind: the whole frontier per look. ("siteId", "kind") finds the seed at once and counts from the index.
-- CreateIndex
CREATE INDEX "FrontierUrl_siteId_kind_idx" ON "FrontierUrl"("siteId", "kind");
