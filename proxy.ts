// Next.js proxy (the middleware of Next 16): a fresh CSP nonce for every page request. Next.js
// reads the nonce from the request's Content-Security-Policy header and puts it on every script
// it writes (lib/web/csp.ts says what the policy allows).
// API routes are left out on purpose: a proxy makes Next.js buffer the request body for it, and
// the API reads its bodies itself, with a limit per route (lib/api/body.ts).
import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pageCsp } from "./lib/web/csp.ts";

export function proxy(request: NextRequest) {
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
