/**
 * Pages get their Content-Security-Policy, with a per-request script nonce, from proxy.ts
 * (lib/web/csp.ts). API answers get a policy that runs nothing.
 */
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and Node-only packages stay outside the server bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pg", "@prisma/adapter-pg", "natural", "pino", "compromise", "sanitize-html"],
  poweredByHeader: false,
  // Type checking is its own step of `npm test` (tsc --noEmit over the whole project: app, lib,
  // workers, cli, tests), so the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // The proxy (proxy.ts) runs on pages only; a page request with a body is buffered for it up
    // to this many bytes (Next's default is 10 MB), so no request to a page grows the server more.
    proxyClientMaxBodySize: "16kb",
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          // links and requests to other sites carry no referrer: publishers do not learn what was read
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: apiContentSecurityPolicy }] },
      { source: "/feed.xml", headers: [{ key: "Content-Security-Policy", value: apiContentSecurityPolicy }] },
    ];
  },
};
export default nextConfig;
