// Minimal Site/Page/Article rows for duplicate tests on a real temporary database.
import type { Db } from "../../lib/db/client.ts";
import { fingerprint } from "../../lib/dedup/fingerprint.ts";

let seq = 0;

export async function seedArticle(db: Db, opts: { url: string; text: string; title?: string; host?: string }): Promise<number> {
  seq++;
  const host = opts.host ?? new URL(opts.url).hostname;
  const site = await db.site.upsert({
    where: { seedUrl: `https://${host}/` },
    create: { seedUrl: `https://${host}/`, host, name: host },
    update: {},
  });
  const page = await db.page.create({
    data: {
      url: `${opts.url}#page${seq}`, siteId: site.id, finalUrl: opts.url, status: 200, size: opts.text.length,
      contentHash: `raw${seq}`, rawBody: Buffer.from(""),
    },
  });
  const fp = fingerprint(opts.text);
  const article = await db.article.create({
    data: {
      pageId: page.id, siteId: site.id, url: opts.url, title: opts.title ?? opts.text.slice(0, 60), text: opts.text,
      html: "", method: "test", textLength: opts.text.length, contentHash: fp.contentHash, simhash: fp.simhash,
    },
  });
  return article.id;
}
