// The "add a site" form's schema, shared by the browser form and the server handler.
import { z } from "zod";

export const addSiteSchema = z.object({
  seedUrl: z
    .string()
    .trim()
    .min(1, "Enter the site's address")
    .transform((v) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`))
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
      } catch {
        return false;
      }
    }, "Enter an http(s) address, e.g. https://www.example.com/"),
  name: z.string().trim().max(120, "Keep the name under 120 characters").optional(),
  maxPages: z.coerce.number().int().min(1).max(100_000).optional(),
  maxDepth: z.coerce.number().int().min(0).max(20).optional(),
  crawlDelayMs: z.coerce.number().int().min(0).max(600_000).optional(),
});

export type AddSiteInput = z.infer<typeof addSiteSchema>;
