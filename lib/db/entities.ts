// Entities of an article: Entity rows keyed by normalised key, ArticleEntity with mention counts.
//
// Pipeline use: const mentions = extractEntities(text); await saveArticleEntities(db, articleId, mentions)
// returns the per-entity counts that assignStory takes as `entities`.
import type { Db } from "./client.ts";
import { sql } from "./sql.ts";
import { dialect, type JsonColumn } from "./dialect.ts";
import { transaction } from "./direct.ts";
import type { EntityMention } from "../entities/types.ts";
import { countEntities, type EntityCount } from "../entities/extract-entities.ts";

/**
 * Entities per statement: bound as one JSON array (one statement text whatever the count, prepared once:
 * lib/db/direct.ts); 5,000 bounds the JSON text of one statement.
 */
const ENTITY_CHUNK_ROWS = 5_000;

const ENTITY_COLUMNS: readonly JsonColumn[] = [{ name: "key", type: "text" }, { name: "name", type: "text" }, { name: "type", type: "text" }];
const MENTION_COLUMNS: readonly JsonColumn[] = [{ name: "key", type: "text" }, { name: "mentions", type: "int" }];

/**
 * Replace an article's entities; returns the counted entities. A few set-wise statements in one
 * transaction on the driver adapter (lib/db/direct.ts; the worker runs this for every original news
 * article, ~30 entities each: one upsert and one insert per entity cost ~60 round trips through the client).
 */
export async function saveArticleEntities(db: Db, articleId: number, mentions: EntityMention[]): Promise<EntityCount[]> {
  const counts = countEntities(mentions);
  const { jsonRecords } = dialect(db);
  await transaction(db, async (tx) => {
    await tx.execute(sql`DELETE FROM "ArticleEntity" WHERE "articleId" = ${articleId}`);
    for (let i = 0; i < counts.length; i += ENTITY_CHUNK_ROWS) {
      const chunk = counts.slice(i, i + ENTITY_CHUNK_ROWS);
      // New keys get a row (the first spelling seen names it); existing ones are left as they are.
      // Keys in a fixed (sorted) order: two workers inserting overlapping keys take their locks alike.
      // `WHERE true`: SQLite reads an ON CONFLICT after INSERT … SELECT … FROM as a join's ON without it.
      const sorted = [...chunk].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      await tx.execute(sql`
        INSERT INTO "Entity" ("key", "name", "type")
        SELECT "key", "name", "type" FROM ${jsonRecords(JSON.stringify(sorted.map((c) => ({ key: c.key, name: c.name, type: c.type }))), ENTITY_COLUMNS)}
        WHERE true ON CONFLICT ("key") DO NOTHING`);
      await tx.execute(sql`
        INSERT INTO "ArticleEntity" ("articleId", "entityId", "mentions")
        SELECT ${articleId}, e."id", "r"."mentions"
        FROM ${jsonRecords(JSON.stringify(chunk.map((c) => ({ key: c.key, mentions: c.mentions }))), MENTION_COLUMNS)} JOIN "Entity" e ON e."key" = "r"."key"`);
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
