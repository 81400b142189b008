// Route handlers stay thin: validate → call lib → map errors here, in one place.
import { NextResponse } from "next/server";
import { ZodError } from "zod";
import { log } from "../log.ts";

/** Error keys and the HTTP status each maps to. */
const STATUS_BY_KEY: Record<string, number> = {
  invalid_input: 400,
  unauthorized: 401,
  csrf_failed: 403,
  not_found: 404,
  site_exists: 409,
  retrain_running: 409,
  import_running: 409,
  too_many_requests: 429,
  body_too_large: 413,
  ssrf_blocked: 422,
  unsafe_url: 422,
};

export function errorResponse(err: unknown): NextResponse {
  if (err instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of err.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
    return NextResponse.json({ error: "invalid_input", message: "Please correct the highlighted fields.", fields }, { status: 400 });
  }
  const key = (err as { key?: unknown })?.key;
  if (typeof key === "string" && STATUS_BY_KEY[key]) {
    const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    const headers = typeof retryAfter === "number" ? { "retry-after": String(retryAfter) } : undefined;
    return NextResponse.json({ error: key, message: (err as Error).message }, { status: STATUS_BY_KEY[key], headers });
  }
  log.error({ err }, "unhandled API error");
  return NextResponse.json({ error: "internal", message: "Something went wrong; the error was logged." }, { status: 500 });
}

/** Wrap a handler so every thrown error becomes a JSON error with the right status. */
export function handle<A extends unknown[]>(fn: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await fn(...args);
    } catch (err) {
      return errorResponse(err);
    }
  };
}
