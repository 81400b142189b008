// The "add a site" form's schema, shared by the browser form and the server handler.
import { z } from "zod";

/** A regular expression a page URL is tested with; "" clears it. */
const urlPattern = z
  .string()
  .trim()
  .max(500, "Keep the pattern under 500 characters")
  .refine((v) => {
    try {
      new RegExp(v);
      return true;
    } catch {
      return false;
    }
  }, "Not a valid regular expression")
  .transform((v) => (v === "" ? null : v));

/** Form checkboxes arrive as "on" (checked) or not at all; JSON sends booleans. */
const checkbox = z.union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")]).transform((v) => v === true || v === "on" || v === "true");

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
  /** admin only: crawl an intranet or loopback address (the SSRF guard's override for this site) */
  allowPrivateNetwork: checkbox.optional(),
});

export type AddSiteInput = z.infer<typeof addSiteSchema>;

/**
 * Editing a site (JSON PATCH or the site page's form): every field optional, only those sent change.
 * The form sends a hidden allowPrivateNetwork "false" before the checkbox (the last value wins), so
 * unchecking the box clears it.
 */
export const editSiteSchema = z.object({
  name: z.string().trim().min(1, "Give the site a name").max(120, "Keep the name under 120 characters").optional(),
  status: z.enum(["active", "paused"]).optional(),
  maxPages: z.coerce.number().int().min(1).max(100_000).optional(),
  maxDepth: z.coerce.number().int().min(0).max(20).optional(),
  crawlDelayMs: z.coerce.number().int().min(0).max(600_000).optional(),
  includePattern: urlPattern.nullable().optional(),
  excludePattern: urlPattern.nullable().optional(),
  allowPrivateNetwork: checkbox.optional(),
});

export type EditSiteInput = z.infer<typeof editSiteSchema>;
