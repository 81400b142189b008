import { describe, expect, it } from "vitest";
import {
  emptyReadingState, hide, isMutedCard, markSeen, MAX_SEEN, parseReadingState, savedList, toggleMuted, toggleSaved, unhideAll, unsave,
} from "../../lib/reading/state.ts";

const story = { headline: "Quake in Lisbon", href: "/stories/12", sources: ["A", "B"] };

describe("reading state", () => {
  it("round-trips through its stored JSON", () => {
    let s = markSeen(emptyReadingState(), "s12", 1);
    s = toggleSaved(s, "s12", story, 2);
    s = hide(s, "a7", 3);
    s = toggleMuted(s, "Spam Daily");
    expect(parseReadingState(JSON.stringify(s))).toEqual({
      seen: { s12: 1 }, saved: { s12: { ...story, savedAt: 2 } }, hidden: { a7: 3 }, muted: ["Spam Daily"],
    });
  });

  it("reads anything unreadable as empty instead of breaking News", () => {
    for (const raw of [null, "", "{", "[]", `{"seen":{"s1":"yesterday"}}`, `{"saved":{"s1":{"headline":"x","href":"javascript:alert(1)","sources":[],"savedAt":1}}}`, `{"seen":{"__proto__":1}}`]) {
      expect(parseReadingState(raw)).toEqual(emptyReadingState());
    }
    expect(parseReadingState(`{"muted":["A"]}`)).toEqual({ ...emptyReadingState(), muted: ["A"] });
  });

  it("saves and un-saves, newest saved first", () => {
    let s = toggleSaved(emptyReadingState(), "s1", story, 10);
    s = toggleSaved(s, "a2", { ...story, href: "/articles/2" }, 20);
    expect(savedList(s).map((x) => x.id)).toEqual(["a2", "s1"]);
    expect(Object.keys(toggleSaved(s, "s1", story, 30).saved)).toEqual(["a2"]);
    expect(Object.keys(unsave(s, "a2").saved)).toEqual(["s1"]);
  });

  it("keeps the newest MAX_SEEN seen cards, and marking twice keeps the first time", () => {
    let s = emptyReadingState();
    for (let i = 0; i < MAX_SEEN + 5; i++) s = markSeen(s, `s${i}`, i);
    expect(Object.keys(s.seen)).toHaveLength(MAX_SEEN);
    expect(s.seen.s0).toBeUndefined();
    expect(markSeen(s, `s${MAX_SEEN}`, 99_999).seen[`s${MAX_SEEN}`]).toBe(MAX_SEEN);
  });

  it("hides and shows again; mutes a card only when every source on it is muted", () => {
    expect(unhideAll(hide(emptyReadingState(), "s1", 1)).hidden).toEqual({});
    expect(toggleMuted(toggleMuted(emptyReadingState(), "A"), "A").muted).toEqual([]);
    expect(isMutedCard(["A"], ["A"])).toBe(true);
    expect(isMutedCard(["A", "B"], ["A"])).toBe(false);
    expect(isMutedCard([], ["A"])).toBe(false);
  });
});
