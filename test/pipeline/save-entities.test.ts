// saveArticleEntities (lib/db/entities.ts) writes set-wise in one batch transaction: the rows must be
// exactly those of the per-entity upserts it replaced — one Entity per key (first spelling names it),
// one ArticleEntity per (article, entity) with its mention count, replaced on a second save.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../helpers/db.ts";
import { listArticleEntities, saveArticleEntities } from "../../lib/db/entities.ts";
import type { EntityMention } from "../../lib/entities/types.ts";
import { seedArticle } from "../dedup/seed.ts";

let t: TestDb;
beforeAll(async () => { t = await createTestDb(); });
afterAll(async () => t.cleanup());

const mention = (text: string, type: EntityMention["type"], key: string): EntityMention => ({ text, type, start: 0, end: text.length, key });

describe("saveArticleEntities", () => {
  it("stores counted entities, shares Entity rows between articles and replaces an article's set", async () => {
    const a = await seedArticle(t.db, { url: "https://one.example/a", text: "Angela Merkel met Emmanuel Macron in Berlin." });
    const b = await seedArticle(t.db, { url: "https://two.example/b", text: "Macron spoke in Paris." });
    const counts = await saveArticleEntities(t.db, a, [
      mention("Angela Merkel", "PERSON", "person:angela merkel"), mention("Merkel", "PERSON", "person:angela merkel"),
      mention("Emmanuel Macron", "PERSON", "person:emmanuel macron"), mention("Berlin", "PLACE", "place:berlin"),
    ]);
    expect(counts.map((c) => [c.key, c.mentions])).toEqual([["person:angela merkel", 2], ["person:emmanuel macron", 1], ["place:berlin", 1]]);
    await saveArticleEntities(t.db, b, [mention("Macron", "PERSON", "person:emmanuel macron"), mention("Paris", "PLACE", "place:paris")]);
    const rowsA = await listArticleEntities(t.db, a);
    expect(rowsA.map((r) => [r.key, r.name, r.mentions]).sort()).toEqual([
      ["person:angela merkel", "Angela Merkel", 2], ["person:emmanuel macron", "Emmanuel Macron", 1], ["place:berlin", "Berlin", 1],
    ]);
    // The entity row keeps the spelling it was created with; b links to the same row.
    const rowsB = await listArticleEntities(t.db, b);
    expect(rowsB.find((r) => r.key === "person:emmanuel macron")?.name).toBe("Emmanuel Macron");
    expect(await t.db.entity.count({ where: { key: "person:emmanuel macron" } })).toBe(1);
    // A second save replaces the article's set.
    await saveArticleEntities(t.db, a, [mention("Berlin", "PLACE", "place:berlin")]);
    expect((await listArticleEntities(t.db, a)).map((r) => r.key)).toEqual(["place:berlin"]);
    await saveArticleEntities(t.db, a, []);
    expect(await listArticleEntities(t.db, a)).toEqual([]);
  });

  it("handles more entities than one INSERT chunk", async () => {
    const id = await seedArticle(t.db, { url: "https://three.example/c", text: "many names" });
    const many = Array.from({ length: 700 }, (_, i) => mention(`Org ${i}`, "ORG", `org:org ${i}`));
    await saveArticleEntities(t.db, id, many);
    expect(await t.db.articleEntity.count({ where: { articleId: id } })).toBe(700);
  });
});
