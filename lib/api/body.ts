// Request bodies read with a byte limit checked while reading, before anything is parsed: a
// Content-Length over the limit is refused at once, and a body without one (chunked) stops being
// read at the first chunk past the limit. Nothing larger than the limit is ever held in memory.
import { Readable } from "node:stream";
import { MAX_OPML_BYTES } from "../opml/parse-opml.ts";

/** Byte limits per kind of request body; each says why it is that size. */
export const bodyLimits = {
  /** a password and a `next` path: a few hundred bytes; 16 KiB leaves room for any real form. */
  loginBytes: 16 * 1024,
  /** admin JSON or form mutations (add a site, pause, label): under 1 KiB in practice. */
  mutationBytes: 64 * 1024,
  /** OPML uploads: the parser's own cap (lib/opml/parse-opml.ts MAX_OPML_BYTES) plus multipart framing. */
  opmlSlackBytes: 64 * 1024,
  /**
   * Label imports as JSON ({"jsonl": "..."}), which must be held and parsed whole: 1 MiB is ~5k
   * labels. Larger imports go as a JSONL file upload or an application/x-ndjson body, which stream.
   */
  labelsJsonBytes: 1024 * 1024,
  /** Label imports streamed line by line (upload or x-ndjson): ~300k labels, read in bounded memory. */
  labelsStreamBytes: 64 * 1024 * 1024,
} as const;

/** The parts of a body limit a route needs: the size, and for the error message what and how to get under it. */
export interface LimitOptions {
  limitBytes: number;
  /** what the limit applies to, for the error message ("label imports") */
  what?: string;
  /** how to get under it, for the error message */
  hint?: string;
}

/** The limit each kind of route reads its body with (routes and the web front use these, not their own). */
export const routeLimits = {
  login: { limitBytes: bodyLimits.loginBytes, what: "login forms" },
  mutation: { limitBytes: bodyLimits.mutationBytes },
  opml: { limitBytes: MAX_OPML_BYTES + bodyLimits.opmlSlackBytes, what: "OPML imports" },
  labelsStream: { limitBytes: bodyLimits.labelsStreamBytes, what: "label imports", hint: "nothing was imported; split the file and import the parts" },
  labelsJson: {
    limitBytes: bodyLimits.labelsJsonBytes, what: "JSON label imports",
    hint: `send larger imports as JSONL (a file upload, or Content-Type: application/x-ndjson, up to ${formatBytes(bodyLimits.labelsStreamBytes)})`,
  },
} as const satisfies Record<string, LimitOptions>;

/** Content types of label imports that stream (a JSONL file or body); anything else is JSON, held whole. */
const STREAMED_LABEL_TYPES = ["multipart/form-data", "application/x-ndjson", "application/jsonl", "application/x-jsonlines", "text/plain"];

/** A Content-Type header's media type, lower case, without parameters. */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A label import's limit: streamed (multipart or JSONL) up to 64 MiB, JSON held whole up to 1 MiB. */
export function labelImportLimit(contentType: string | null | undefined): LimitOptions {
  return STREAMED_LABEL_TYPES.includes(mediaType(contentType)) ? routeLimits.labelsStream : routeLimits.labelsJson;
}

/** A route that takes a request body: its path, the methods that carry one, its limit, and who may send it. */
export interface RouteBody {
  /** the route's path; `[id]` stands for one path segment, as in app/api */
  path: string;
  methods: readonly string[];
  /** the largest body the route takes, or the limit for a request's Content-Type (label imports) */
  limit: LimitOptions | ((contentType: string | undefined) => LimitOptions);
  /** false: anyone may send it (the login form); true: only a client holding a valid session cookie */
  session: boolean;
  /** each body is a login attempt: the login throttle counts it before it is read */
  loginAttempt?: true;
}

/**
 * Every route that takes a request body, and its limit: the one table. The web front
 * (lib/web/front.ts) refuses a body to any other route or method before it is read, refuses a
 * declared length over the limit and an anonymous body to a session route at once, and stops
 * reading past the limit; the route itself checks the same limit again while it reads
 * (limitedChunks), so it holds under `next dev` too. test/app/body.test.ts checks the table
 * against the route files.
 */
export const routeBodies: readonly RouteBody[] = [
  { path: "/api/auth/login", methods: ["POST"], limit: routeLimits.login, session: false, loginAttempt: true },
  { path: "/api/auth/logout", methods: ["POST"], limit: routeLimits.mutation, session: true },
  { path: "/api/labels", methods: ["POST"], limit: routeLimits.mutation, session: true },
  { path: "/api/labels/import", methods: ["POST"], limit: labelImportLimit, session: true },
  { path: "/api/models/retrain", methods: ["POST"], limit: routeLimits.mutation, session: true },
  { path: "/api/sites", methods: ["POST"], limit: routeLimits.mutation, session: true },
  { path: "/api/sites/import", methods: ["POST"], limit: routeLimits.opml, session: true },
  { path: "/api/sites/[id]", methods: ["PATCH", "POST", "DELETE"], limit: routeLimits.mutation, session: true },
  { path: "/api/sites/[id]/delete", methods: ["POST"], limit: routeLimits.mutation, session: true },
  { path: "/api/sites/[id]/patterns", methods: ["POST"], limit: routeLimits.mutation, session: true },
  { path: "/api/sites/[id]/retry", methods: ["POST"], limit: routeLimits.mutation, session: true },
  { path: "/api/sites/[id]/sections", methods: ["POST"], limit: routeLimits.mutation, session: true },
];

const routePatterns = routeBodies.map((r) => ({ route: r, re: new RegExp(`^${r.path.replace(/\[[^\]/]+\]/g, "[^/]+")}/?$`) }));

/** A route's limit for a request with this Content-Type. */
export function routeLimit(route: RouteBody, contentType: string | undefined): LimitOptions {
  return typeof route.limit === "function" ? route.limit(contentType) : route.limit;
}

/** The table's entry for a request path (no query), or null when the path takes no body with any method. */
export function routeBodyFor(pathname: string): RouteBody | null {
  return routePatterns.find((p) => p.re.test(pathname))?.route ?? null;
}

export class BodyTooLargeError extends Error {
  readonly key = "body_too_large";
  constructor(readonly limitBytes: number, what = "request bodies", hint = "") {
    super(`${what} are limited to ${formatBytes(limitBytes)} (${limitBytes} bytes)${hint ? `; ${hint}` : ""}`);
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / 1024 / 1024).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** Refuse at once when the declared Content-Length is over the limit (nothing is read). */
export function checkDeclaredLength(req: Request, opts: LimitOptions): void {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > opts.limitBytes) throw new BodyTooLargeError(opts.limitBytes, opts.what, opts.hint);
}

/**
 * The body's chunks, counting bytes as they arrive: past the limit the stream is cancelled and
 * BodyTooLargeError thrown. Consumers that stream (label imports) never hold more than a chunk.
 */
export async function* limitedChunks(req: Request, opts: LimitOptions): AsyncGenerator<Uint8Array> {
  checkDeclaredLength(req, opts);
  if (!req.body) return;
  const reader = req.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > opts.limitBytes) throw new BodyTooLargeError(opts.limitBytes, opts.what, opts.hint);
      yield value;
    }
  } finally {
    reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** The whole body as one Buffer, at most `limitBytes` long. */
export async function readLimitedBytes(req: Request, opts: LimitOptions): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of limitedChunks(req, opts)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The body as a Node Readable, limited (busboy and line splitters read it). */
export function limitedStream(req: Request, opts: LimitOptions): Readable {
  return Readable.from(limitedChunks(req, opts), { objectMode: false });
}
