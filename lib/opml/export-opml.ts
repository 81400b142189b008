// The sites as OPML 2.0, for feed readers and for moving to another Lede: one outline per site with
// its name, home page (htmlUrl) and, when known, its feed (xmlUrl).

export interface ExportSite {
  name: string;
  seedUrl: string;
  feedUrl: string | null;
}

function attr(v: string): string {
  return v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "");
}

export function buildOpml(sites: ExportSite[], now = new Date()): string {
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<opml version="2.0">`,
    `  <head><title>Lede sites</title><dateCreated>${now.toUTCString()}</dateCreated></head>`,
    `  <body>`,
  ];
  for (const s of sites) {
    const feed = s.feedUrl ? ` type="rss" xmlUrl="${attr(s.feedUrl)}"` : "";
    const html = s.feedUrl === s.seedUrl ? "" : ` htmlUrl="${attr(s.seedUrl)}"`;
    lines.push(`    <outline text="${attr(s.name)}" title="${attr(s.name)}"${feed}${html}/>`);
  }
  lines.push(`  </body>`, `</opml>`, ``);
  return lines.join("\n");
}
