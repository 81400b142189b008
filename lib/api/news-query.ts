// The query string of a News view (News page, its JSON API and its feeds): filters and paging,
// validated once here.
import { z } from "zod";
import { decodeNewsCursor, MAX_NEWS_LIMIT } from "../db/news.ts";

export const LANG_PATTERN = /^[a-z]{2,3}(-[a-z0-9]+)?$/i;

export const newsViewQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_NEWS_LIMIT).optional(),
  site: z.coerce.number().int().positive().optional(),
  lang: z.string().regex(LANG_PATTERN).optional(),
  entity: z.string().max(200).optional(),
  before: z.string().max(80).optional().transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    const c = decodeNewsCursor(v);
    if (!c) { ctx.addIssue({ code: "custom", message: "before must be the `next` value of a previous page" }); return z.NEVER; }
    return c;
  }),
});
