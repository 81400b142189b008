// The replay web (lib/replay/server.ts) serves long benchmark crawls: its request log is bounded.
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { startReplayWeb } from "../../lib/replay/server.ts";

function get(port: number, host: string, path: string): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => { res.resume(); res.on("end", () => ok(res.statusCode!)); });
    req.on("error", fail);
    req.end();
  });
}

describe("replay web request log", () => {
  it("keeps only the most recent requests, oldest first", async () => {
    const web = await startReplayWeb({ requestLog: 5 });
    try {
      const host = web.hosts[0]!;
      for (let i = 0; i < 12; i++) expect(await get(web.port, host, `/missing/${i}`)).toBe(404);
      expect(web.requests.map((r) => r.path)).toEqual(["/missing/7", "/missing/8", "/missing/9", "/missing/10", "/missing/11"]);
    } finally {
      await web.close();
    }
  });

  it("keeps none when asked to", async () => {
    const web = await startReplayWeb({ requestLog: 0 });
    try {
      await get(web.port, web.hosts[0]!, "/robots.txt");
      expect(web.requests).toEqual([]);
    } finally {
      await web.close();
    }
  });
});
