/**
 * Content-Security-Policy: a second line of defence behind sanitising. Article HTML comes from the
 * open web, so no external script, plugin or frame may load, and forms post only to Lede itself.
 * Next.js needs inline scripts for hydration ('unsafe-inline'); external scripts stay blocked.
 * Images from any http(s) origin are allowed: articles show their own pictures.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: http: https:",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and Node-only packages stay outside the server bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pg", "@prisma/adapter-pg", "natural", "pino", "compromise", "sanitize-html"],
  poweredByHeader: false,
  // Type checking is its own step of `npm test` (tsc --noEmit over the whole project: app, lib,
  // workers, cli, tests), so the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [{
      source: "/:path*",
      headers: [
        { key: "Content-Security-Policy", value: contentSecurityPolicy },
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      ],
    }];
  },
};
export default nextConfig;
