// Next.js proxy (the middleware of Next 16): a fresh CSP nonce for every page request. Next.js
// reads the nonce from the request's Content-Security-Policy header and puts it on every script
// it writes (lib/web/csp.ts says what the policy allows).
// API routes are left out on purpose: a proxy makes Next.js buffer the request body for it, and
// the API reads its bodies itself, with a limit per route (lib/api/body.ts).
import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pageCsp } from "./lib/web/csp.ts";

/** Methods a page answers; Lede has no server actions, so a page never takes a request body. */
const PAGE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function proxy(request: NextRequest) {
  // Under `npm start` the web front (lib/web/front.ts) refuses these before Next.js reads a byte;
  // this answers under `next dev`, after Next.js has read the body (keeping at most
  // proxyClientMaxBodySize of it, next.config.mjs).
  if (!PAGE_METHODS.has(request.method)) {
    return NextResponse.json({ error: "method_not_allowed", message: "pages take no request bodies; the API is under /api" }, { status: 405, headers: { allow: "GET, HEAD" } });
  }
  const nonce = newNonce();
  const csp = pageCsp(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  matcher: [
    { source: "/((?!api/|_next/static|_next/image|favicon.ico|feed.xml).*)" },
  ],
};
