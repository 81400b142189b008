import { describe, expect, it } from "vitest";
import { checkScope } from "../../lib/frontier/scope.ts";
import { decideRetry, nextRecheckIntervalSec, RETRY_BASE_MS } from "../../lib/frontier/schedule.ts";

const bounds = { recheckMinSec: 300, recheckMaxSec: 3600 };

describe("nextRecheckIntervalSec", () => {
  it("starts at the lower bound, halves on change, doubles otherwise, within bounds", () => {
    expect(nextRecheckIntervalSec(null, false, bounds)).toBe(300);
    expect(nextRecheckIntervalSec(1200, true, bounds)).toBe(600);
    expect(nextRecheckIntervalSec(1200, false, bounds)).toBe(2400);
    expect(nextRecheckIntervalSec(2400, false, bounds)).toBe(3600);
    expect(nextRecheckIntervalSec(400, true, bounds)).toBe(300);
  });
});

describe("decideRetry", () => {
  it("retries retryable errors with doubling back-off until attempts run out", () => {
    expect(decideRetry({ retryable: true }, 1, 3)).toEqual({ retry: true, delayMs: RETRY_BASE_MS });
    expect(decideRetry({ retryable: true }, 2, 3)).toEqual({ retry: true, delayMs: 2 * RETRY_BASE_MS });
    expect(decideRetry({ retryable: true }, 3, 3)).toEqual({ retry: false });
    expect(decideRetry({ retryable: false }, 1, 3)).toEqual({ retry: false });
  });

  it("waits at least as long as the server's Retry-After", () => {
    expect(decideRetry({ retryable: true, retryAfterMs: 600_000 }, 1, 3)).toEqual({ retry: true, delayMs: 600_000 });
  });
});

describe("checkScope", () => {
  const rules = { host: "www.news.example", maxDepth: 2, includePattern: null, excludePattern: "/tag/" };
  it("keeps same-site URLs (with or without www) within depth and patterns", () => {
    expect(checkScope(rules, "https://news.example/a", 1)).toEqual({ ok: true });
    expect(checkScope(rules, "https://other.example/a", 1)).toEqual({ ok: false, reason: "other_site" });
    expect(checkScope(rules, "https://news.example/a", 3)).toEqual({ ok: false, reason: "too_deep" });
    expect(checkScope(rules, "https://news.example/tag/x", 1)).toEqual({ ok: false, reason: "excluded" });
    expect(checkScope({ ...rules, includePattern: "/20\\d\\d/" }, "https://news.example/about", 1)).toEqual({ ok: false, reason: "not_included" });
    expect(checkScope({ ...rules, includePattern: "/20\\d\\d/" }, "https://news.example/2024/x", 1)).toEqual({ ok: true });
  });
  it("keeps to the seed's port: another port of the host is another site", () => {
    const local = { ...rules, host: "127.0.0.1", seedUrl: "http://127.0.0.1:8080/" };
    expect(checkScope(local, "http://127.0.0.1:8080/a", 1)).toEqual({ ok: true });
    expect(checkScope(local, "http://127.0.0.1:9090/a", 1)).toEqual({ ok: false, reason: "other_site" });
    expect(checkScope(local, "http://127.0.0.1/a", 1)).toEqual({ ok: false, reason: "other_site" });
    const v6 = { ...rules, host: "[::1]", seedUrl: "http://[::1]:8080/" };
    expect(checkScope(v6, "http://[::1]:8080/x", 1)).toEqual({ ok: true });
    expect(checkScope(v6, "http://[::1]:8081/x", 1)).toEqual({ ok: false, reason: "other_site" });
    // the default port, written or not, and http/https share it
    const plain = { ...rules, seedUrl: "https://www.news.example/" };
    expect(checkScope(plain, "http://news.example/a", 1)).toEqual({ ok: true });
    expect(checkScope(plain, "https://news.example:443/a", 1)).toEqual({ ok: true });
    expect(checkScope(plain, "https://news.example:8443/a", 1)).toEqual({ ok: false, reason: "other_site" });
  });
});
