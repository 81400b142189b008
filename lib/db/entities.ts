// Entities of an article: Entity rows keyed by normalised key, ArticleEntity with mention counts.
//
// Pipeline use: const mentions = extractEntities(text); await saveArticleEntities(db, articleId, mentions)
// returns the per-entity counts that assignStory takes as `entities`.
import type { Db } from "./client.ts";
import { sql, valueRows } from "./sql.ts";
import { transaction } from "./direct.ts";
import type { EntityMention } from "../entities/types.ts";
import { countEntities, type EntityCount } from "../entities/extract-entities.ts";

/** Entities per INSERT: 3 bound values each (2 for the link rows), far below SQLite's variable limit. */
const ENTITY_CHUNK_ROWS = 300;

/**
 * Replace an article's entities; returns the counted entities. A few set-wise statements in one
 * transaction on the driver adapter (lib/db/direct.ts; the worker runs this for every original news
 * article, ~30 entities each: one upsert and one insert per entity cost ~60 round trips through the client).
 */
export async function saveArticleEntities(db: Db, articleId: number, mentions: EntityMention[]): Promise<EntityCount[]> {
  const counts = countEntities(mentions);
  await transaction(db, async (tx) => {
    await tx.execute(sql`DELETE FROM "ArticleEntity" WHERE "articleId" = ${articleId}`);
    for (let i = 0; i < counts.length; i += ENTITY_CHUNK_ROWS) {
      const chunk = counts.slice(i, i + ENTITY_CHUNK_ROWS);
      // New keys get a row (the first spelling seen names it); existing ones are left as they are.
      // Keys in a fixed (sorted) order: two workers inserting overlapping keys take their locks alike.
      const sorted = [...chunk].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      await tx.execute(sql`
        INSERT INTO "Entity" ("key", "name", "type") VALUES ${valueRows(sorted.map((c) => [c.key, c.name, c.type]))}
        ON CONFLICT ("key") DO NOTHING`);
      // VALUES columns are column1, column2 on both engines; the cast types them for PostgreSQL.
      await tx.execute(sql`
        INSERT INTO "ArticleEntity" ("articleId", "entityId", "mentions")
        SELECT ${articleId}, e."id", CAST(v."column2" AS INTEGER)
        FROM (VALUES ${valueRows(chunk.map((c) => [c.key, c.mentions]))}) v JOIN "Entity" e ON e."key" = v."column1"`);
    }
  });
  return counts;
}

export interface ArticleEntityRow { key: string; name: string; type: string; mentions: number }

export async function listArticleEntities(db: Db, articleId: number): Promise<ArticleEntityRow[]> {
  const rows = await db.articleEntity.findMany({
    where: { articleId },
    select: { mentions: true, entity: { select: { key: true, name: true, type: true } } },
    orderBy: { mentions: "desc" },
  });
  return rows.map((r) => ({ ...r.entity, mentions: r.mentions }));
}

/** Display rows for entity keys (story chips). */
export async function listEntitiesByKey(db: Db, keys: string[]): Promise<{ key: string; name: string; type: string }[]> {
  if (keys.length === 0) return [];
  const rows = await db.entity.findMany({ where: { key: { in: keys } }, select: { key: true, name: true, type: true } });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
}
