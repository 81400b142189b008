// Site/Page/Article/Story rows for the dashboard's read-model tests on a real temporary database.
import { gzipSync } from "node:zlib";
import type { Db } from "../../lib/db/client.ts";

let seq = 0;

export async function seedSite(db: Db, host: string): Promise<number> {
  const site = await db.site.upsert({
    where: { seedUrl: `https://${host}/` },
    create: { seedUrl: `https://${host}/`, host, name: host },
    update: {},
  });
  return site.id;
}

export interface SeedArticle {
  host: string;
  title: string;
  text: string;
  lang?: string | null;
  storyId?: number | null;
  isNews?: boolean;
  createdAt?: Date;
  html?: string;
  rawHtml?: string;
}

export async function seedArticle(db: Db, a: SeedArticle): Promise<number> {
  seq++;
  const siteId = await seedSite(db, a.host);
  const url = `https://${a.host}/news/${seq}`;
  const page = await db.page.create({
    data: {
      url, siteId, finalUrl: url, status: 200, size: a.text.length, contentHash: `raw${seq}`,
      rawBody: gzipSync(Buffer.from(a.rawHtml ?? `<html><body><h1>${a.title}</h1><p>${a.text}</p></body></html>`)),
      outcome: a.isNews === false ? "not_news" : "article", charset: "utf-8", charsetSource: "header",
    },
  });
  const article = await db.article.create({
    data: {
      pageId: page.id, siteId, url, title: a.title, text: a.text, html: a.html ?? `<p>${a.text}</p>`, lead: a.text.slice(0, 100),
      lang: a.lang === undefined ? "en" : a.lang, method: "density", textLength: a.text.length, contentHash: `c${seq}`, simhash: "0000000000000000",
      isNews: a.isNews ?? true, modelIsNews: a.isNews ?? true, storyId: a.storyId ?? null, createdAt: a.createdAt ?? new Date(),
    },
  });
  return article.id;
}

export async function seedStory(db: Db, s: { headline: string; lastSeenAt?: Date; entityKeys?: string[]; articleCount?: number }): Promise<number> {
  const at = s.lastSeenAt ?? new Date();
  const story = await db.story.create({
    data: {
      headline: s.headline, firstSeenAt: at, lastSeenAt: at, articleCount: s.articleCount ?? 1, sourceCount: 1,
      entityKeys: JSON.stringify(s.entityKeys ?? []),
    },
  });
  return story.id;
}
