// Body limits, line splitting and the login throttle on real Request objects and streams.
import { describe, expect, it } from "vitest";
import { BodyTooLargeError, readLimitedBytes } from "../../lib/api/body.ts";
import { splitLines } from "../../lib/api/lines.ts";
import { readBody } from "../../lib/api/mutation.ts";
import { clientKey, LoginThrottle, TooManyAttemptsError } from "../../lib/auth/throttle.ts";

/** A streamed (chunked) body of `chunks` × `size` bytes, counting how many chunks were pulled. */
function streamedRequest(chunks: number, size: number): { req: Request; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (pulled >= chunks) return c.close();
      pulled++;
      c.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  const req = new Request("http://127.0.0.1/x", { method: "POST", body, duplex: "half" } as RequestInit);
  return { req, pulled: () => pulled };
}

describe("body limits", () => {
  it("refuses a declared Content-Length over the limit without reading", async () => {
    const req = new Request("http://127.0.0.1/x", { method: "POST", headers: { "content-length": String(100 * 1024 * 1024) }, body: "x" });
    await expect(readLimitedBytes(req, { limitBytes: 1024, what: "login forms" })).rejects.toThrow(/login forms are limited to 1 KiB \(1024 bytes\)/);
  });

  it("stops reading a chunked body at the first chunk past the limit", async () => {
    const { req, pulled } = streamedRequest(1000, 64 * 1024);
    const err = await readLimitedBytes(req, { limitBytes: 256 * 1024 }).catch((e) => e);
    expect(err).toBeInstanceOf(BodyTooLargeError);
    expect(err.key).toBe("body_too_large");
    expect(pulled()).toBeLessThan(10);
  });

  it("reads JSON, url-encoded and multipart forms under the limit", async () => {
    const json = await readBody(new Request("http://x/", { method: "POST", headers: { "content-type": "application/json" }, body: '{"a":1}' }));
    expect(json).toEqual({ input: { a: 1 }, form: false });
    const form = await readBody(new Request("http://x/", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1&b=%C3%A9" }));
    expect(form).toEqual({ input: { a: "1", b: "é" }, form: true });
    const fd = new FormData();
    fd.set("f", "v");
    const mp = new Request("http://x/", { method: "POST", body: fd });
    expect((await readBody(mp)).input).toEqual({ f: "v" });
  });
});

describe("splitLines", () => {
  async function* chunks(...parts: string[]) { for (const p of parts) yield new TextEncoder().encode(p); }
  const collect = async (it: AsyncIterable<unknown>) => { const out = []; for await (const x of it) out.push(x); return out; };

  it("joins lines across chunk boundaries, multi-byte characters included", async () => {
    const euro = new TextEncoder().encode("€"); // 3 bytes, split between chunks
    async function* split() { yield new Uint8Array([0x61, euro[0]!]); yield new Uint8Array([euro[1]!, euro[2]!, 0x0a, 0x62]); }
    expect(await collect(splitLines(split(), 100))).toEqual([{ text: "a€" }, { text: "b" }]);
    expect(await collect(splitLines(chunks("x\n\ny\n"), 100))).toEqual([{ text: "x" }, { text: "" }, { text: "y" }]);
  });

  it("reports an overlong line by its length without keeping it", async () => {
    expect(await collect(splitLines(chunks("ok\n", "a".repeat(50), "a".repeat(60), "\nnext"), 100))).toEqual([{ text: "ok" }, { tooLongBytes: 110 }, { text: "next" }]);
  });
});

describe("login throttle", () => {
  it("allows a burst per client, then refuses with Retry-After until a token is earned back", () => {
    let now = 0;
    const th = new LoginThrottle({ perClient: { capacity: 3, refillMs: 10_000 }, global: { capacity: 100, refillMs: 1000 }, maxClients: 10 }, () => now);
    for (let i = 0; i < 3; i++) th.take("a");
    const err = (() => { try { th.take("a"); } catch (e) { return e; } })() as TooManyAttemptsError;
    expect(err).toBeInstanceOf(TooManyAttemptsError);
    expect(err.retryAfterSeconds).toBe(10);
    th.take("b"); // another client is not affected
    now += 10_000;
    th.take("a");
    th.succeeded("a");
    for (let i = 0; i < 3; i++) th.take("a"); // a correct password refills the client's bucket
  });

  it("caps everyone together, whatever address each guess claims", () => {
    const th = new LoginThrottle({ perClient: { capacity: 5, refillMs: 10_000 }, global: { capacity: 4, refillMs: 2000 }, maxClients: 10 }, () => 0);
    for (let i = 0; i < 4; i++) th.take(`client-${i}`);
    expect(() => th.take("client-new")).toThrow(/on this server/);
  });

  it("keys clients by the proxy's last X-Forwarded-For entry only behind a trusted proxy", () => {
    const h = new Headers({ "x-forwarded-for": "6.6.6.6, 10.0.0.7" });
    expect(clientKey(h, true)).toBe("10.0.0.7");
    expect(clientKey(h, false)).toBe("6.6.6.6, 10.0.0.7");
    expect(clientKey(new Headers(), false)).toBe("unknown");
  });
});
