// The bounded memo map (lib/bounded-map.ts): at most its bound, recently used entries kept, null values held.
import { describe, expect, it } from "vitest";
import { BoundedMap } from "../lib/bounded-map.ts";

describe("BoundedMap", () => {
  it("holds at most its bound and keeps the entries written last", () => {
    const m = new BoundedMap<string, number>(100);
    for (let i = 0; i < 1_000; i++) {
      m.set(`k${i}`, i);
      expect(m.size).toBeLessThanOrEqual(100);
    }
    for (let i = 950; i < 1_000; i++) expect(m.get(`k${i}`)).toBe(i);
    expect(m.get("k0")).toBeUndefined();
    expect(m.has("k500")).toBe(false);
  });
  it("keeps an entry that is read while newer ones are written", () => {
    const m = new BoundedMap<string, number>(10);
    m.set("nav", 1);
    for (let i = 0; i < 100; i++) {
      m.set(`page${i}`, i);
      expect(m.get("nav")).toBe(1);
    }
    expect(m.size).toBeLessThanOrEqual(10);
  });
  it("stores null as a value, told apart from a missing key", () => {
    const m = new BoundedMap<string, string | null>(4);
    m.set("javascript:void(0)", null);
    expect(m.get("javascript:void(0)")).toBeNull();
    expect(m.has("javascript:void(0)")).toBe(true);
    expect(m.get("/other")).toBeUndefined();
    m.set("a", "x");
    m.set("b", "y");
    m.set("c", "z"); // the first generation (2 entries) is now the old one
    expect(m.get("javascript:void(0)")).toBeNull();
  });
});
