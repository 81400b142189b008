// Sites: the seed sites admins add, and their status.
import type { Db } from "./client.ts";
import type { AddSiteInput } from "../schemas/site.ts";

export class SiteExistsError extends Error {
  readonly key = "site_exists";
}

/** Store a new site and put its seed URL on the frontier (kind "seed", due now). */
export async function addSite(db: Db, input: AddSiteInput & { allowPrivateNetwork?: boolean }) {
  const url = new URL(input.seedUrl);
  const seedUrl = url.href;
  const existing = await db.site.findUnique({ where: { seedUrl }, select: { id: true } });
  if (existing) throw new SiteExistsError(`${seedUrl} is already a site`);
  return db.$transaction(async (tx) => {
    const site = await tx.site.create({
      data: {
        seedUrl,
        host: url.hostname.toLowerCase(),
        name: input.name?.trim() || url.hostname.replace(/^www\./, ""),
        maxPages: input.maxPages,
        maxDepth: input.maxDepth,
        crawlDelayMs: input.crawlDelayMs,
        allowPrivateNetwork: input.allowPrivateNetwork ?? false,
      },
    });
    await tx.frontierUrl.upsert({
      where: { url: seedUrl },
      create: { url: seedUrl, siteId: site.id, depth: 0, kind: "seed" },
      update: { siteId: site.id, kind: "seed", state: "queued", nextCheckAt: new Date() },
    });
    return site;
  });
}

export async function listSites(db: Db) {
  return db.site.findMany({
    orderBy: { createdAt: "desc" },
    select: {
      id: true, seedUrl: true, host: true, name: true, status: true, lastErrorKey: true, lastErrorAt: true,
      robotsState: true, createdAt: true,
      _count: { select: { pages: true, articles: true } },
    },
  });
}

export async function setSiteStatus(db: Db, id: number, status: "active" | "paused") {
  return db.site.update({ where: { id }, data: { status }, select: { id: true, status: true } });
}
