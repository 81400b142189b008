/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and Node-only packages stay outside the server bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "natural", "pino", "compromise", "sanitize-html"],
  poweredByHeader: false,
  // Type checking is its own step of `npm test` (tsc --noEmit over the whole project: app, lib,
  // workers, cli, tests), so the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
};
export default nextConfig;
