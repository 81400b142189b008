/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and Node-only packages stay outside the server bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "natural", "pino", "compromise", "sanitize-html"],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: false },
};
export default nextConfig;
