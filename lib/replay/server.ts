// The replay web: an HTTP server on 127.0.0.1 that serves real saved sites under their own host
// names and paths, so the crawler can be tested and demonstrated with no internet.
//
// Hosts are told apart by the Host header; the crawler reaches them through HOST_MAP
// ("www.npr.org=127.0.0.1:PORT,..."). For each host it serves the saved pages at their original
// paths, `/robots.txt`, `/sitemap.xml` and a generated `/` index; everything else is 404.
// Absolute links to a replayed host are rewritten from https to http (the replay speaks plain HTTP).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";

/** A page made at start-up rather than saved (the demo news sites, lib/replay/demo-news.ts). */
export interface GeneratedPage {
  host: string;
  path: string;
  html: string;
  title?: string | null;
  type?: string;
}

export interface ReplayPage {
  host: string;
  path: string;
  file: string;
  title?: string | null;
  type?: string;
}

export interface ReplayWebOptions {
  /** Folder with manifest.json and the saved pages (default: test/fixtures/replay). */
  dir?: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** Extra routes for tests: host → path → handler. */
  extraRoutes?: Record<string, Record<string, (req: IncomingMessage, res: ServerResponse) => void>>;
  /** Generated pages served beside the saved ones (the demo news sites). */
  generated?: GeneratedPage[];
  /** Override robots.txt per host. */
  robots?: Record<string, string>;
  /** Most recent requests kept in `requests` (default REQUEST_LOG_DEFAULT; 0 keeps none): a long crawl must not grow it forever. */
  requestLog?: number;
}

/** Requests remembered by default: enough for a test to inspect a crawl of a few sites. */
export const REQUEST_LOG_DEFAULT = 1000;

export interface ReplayWeb {
  port: number;
  hosts: string[];
  pages: (ReplayPage | GeneratedPage)[];
  /** HOST_MAP value routing every replayed host to this server. */
  hostMap: string;
  /** http://host/ for each replayed host. */
  seedUrl(host: string): string;
  /** The most recent requests, oldest first (at most `requestLog` of them). */
  requests: { host: string; path: string }[];
  close(): Promise<void>;
}

export const defaultReplayDir = resolve(import.meta.dirname, "..", "..", "test", "fixtures", "replay");

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

export function loadReplayPages(dir = defaultReplayDir): ReplayPage[] {
  return JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as ReplayPage[];
}

export async function startReplayWeb(opts: ReplayWebOptions = {}): Promise<ReplayWeb> {
  const dir = opts.dir ?? defaultReplayDir;
  const pages: (ReplayPage | GeneratedPage)[] = [...loadReplayPages(dir), ...(opts.generated ?? [])];
  const hosts = [...new Set(pages.map((p) => p.host))];
  const hostPattern = new RegExp(`https://(${hosts.map((h) => h.replace(/\./g, "\\.")).join("|")})(?=[/"'?#\\s])`, "g");
  const bodies = new Map<string, Buffer>();
  const byHost = new Map<string, Map<string, ReplayPage | GeneratedPage>>();
  for (const p of pages) {
    if (!byHost.has(p.host)) byHost.set(p.host, new Map());
    byHost.get(p.host)!.set(p.path, p);
  }
  const requests: { host: string; path: string }[] = [];
  const requestLog = Math.max(0, opts.requestLog ?? REQUEST_LOG_DEFAULT);

  const pageBody = (p: ReplayPage | GeneratedPage): Buffer => {
    const key = `${p.host}${p.path}`;
    let body = bodies.get(key);
    if (!body) {
      const html = "html" in p ? p.html : gunzipSync(readFileSync(join(dir, p.file))).toString("utf8");
      body = Buffer.from(html.replace(hostPattern, "http://$1"), "utf8");
      bodies.set(key, body);
    }
    return body;
  };

  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
    res.end(body);
  };

  const server: Server = createServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    const path = req.url ?? "/";
    if (requestLog > 0) {
      requests.push({ host, path });
      if (requests.length > requestLog) requests.shift();
    }
    const extra = opts.extraRoutes?.[host]?.[path];
    if (extra) return extra(req, res);
    const site = byHost.get(host);
    if (!site) return send(res, 404, "text/plain", "unknown host\n");
    const sitePages = [...site.values()];
    if (sitePages.length === 0) return send(res, 404, "text/plain", "unknown host\n");
    if (path === "/robots.txt") {
      const robots = opts.robots?.[host] ?? `User-agent: *\nAllow: /\n\nSitemap: http://${host}/sitemap.xml\n`;
      return send(res, 200, "text/plain; charset=utf-8", robots);
    }
    if (path === "/sitemap.xml") {
      const urls = sitePages.map((p) => `  <url><loc>${escapeHtml(`http://${host}${p.path}`)}</loc></url>`).join("\n");
      return send(res, 200, "application/xml; charset=utf-8",
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
    }
    if (path === "/") {
      const links = sitePages
        .map((p) => `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.title ?? p.path)}</a></li>`)
        .join("\n");
      return send(res, 200, "text/html; charset=utf-8",
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${host}</title></head><body><h1>${host}</h1><ul>\n${links}\n</ul></body></html>`);
    }
    const page = site.get(path);
    if (!page) return send(res, 404, "text/html; charset=utf-8", "<!doctype html><title>Not found</title><h1>404</h1>");
    return send(res, 200, "text/html; charset=utf-8", pageBody(page));
  });

  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(opts.port ?? 0, "127.0.0.1", () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hosts,
    pages,
    hostMap: hosts.map((h) => `${h}=127.0.0.1:${port}`).join(","),
    seedUrl: (h) => `http://${h}/`,
    requests,
    close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}
