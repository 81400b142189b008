// A re-extracted article (lib/pipeline/catch-up.ts) is grouped again by its new text; the story it
// left keeps its row. A story left with no article (the article was its only one: typically the story a
// page's menu-polluted first extraction opened) is folded into the story the article went to, the way
// the periodic merge folds stories (mergedIntoId), so no empty story stays on the News page.
// Limitation: a story that keeps other articles keeps the old text's terms in its profile until the
// merge pass re-weighs it (lib/stories/profile.ts has no way to take one article's contribution out).
import type { Db } from "./client.ts";

/** After an article moved from story `from` to story `to`: fold `from` into `to` when it has no article left. Returns true when folded. */
export async function followStory(db: Db, from: number, to: number): Promise<boolean> {
  if (from === to) return false;
  const left = await db.article.count({ where: { storyId: from } });
  if (left > 0) return false;
  const { count } = await db.story.updateMany({ where: { id: from, mergedIntoId: null }, data: { mergedIntoId: to, articleCount: 0 } });
  return count === 1;
}
