// Entities of an article: Entity rows keyed by normalised key, ArticleEntity with mention counts.
//
// Pipeline use: const mentions = extractEntities(text); await saveArticleEntities(db, articleId, mentions)
// returns the per-entity counts that assignStory takes as `entities`.
import type { Db } from "./client.ts";
import type { EntityMention } from "../entities/types.ts";
import { countEntities, type EntityCount } from "../entities/extract-entities.ts";

/** Replace an article's entities; returns the counted entities. */
export async function saveArticleEntities(db: Db, articleId: number, mentions: EntityMention[]): Promise<EntityCount[]> {
  const counts = countEntities(mentions);
  await db.$transaction(async (tx) => {
    await tx.articleEntity.deleteMany({ where: { articleId } });
    for (const c of counts) {
      const entity = await tx.entity.upsert({
        where: { key: c.key },
        create: { key: c.key, name: c.name, type: c.type },
        update: {},
        select: { id: true },
      });
      await tx.articleEntity.create({ data: { articleId, entityId: entity.id, mentions: c.mentions } });
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
