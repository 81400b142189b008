// Per-browser reading state without accounts (#18 item 10): stories seen, saved for later and
// hidden, and muted sources. Kept in the browser's localStorage (app/(news)/reading-state.tsx);
// this module is the pure part: the stored shape, validated on every read, and its updates.
import { z } from "zod";

/** localStorage key; the version in it changes when the shape does. */
export const READING_STATE_KEY = "lede:reading:v1";
/** Seen cards remembered: the oldest are forgotten first (a card seen 2,000 cards ago is long gone from News). */
export const MAX_SEEN = 2_000;
/** Hidden cards remembered, oldest forgotten first. */
export const MAX_HIDDEN = 1_000;
/** Saved stories kept (a reading list, not an archive). */
export const MAX_SAVED = 500;
/** Muted sources. */
export const MAX_MUTED = 200;

const savedStory = z.object({
  headline: z.string().max(500),
  href: z.string().regex(/^\/(stories|articles)\/\d+$/),
  sources: z.array(z.string().max(200)).max(20),
  savedAt: z.number(),
});
export type SavedStory = z.infer<typeof savedStory>;

const cardId = z.string().regex(/^[sa]\d{1,15}$/);
const stateSchema = z.object({
  seen: z.record(cardId, z.number()).default({}),
  saved: z.record(cardId, savedStory).default({}),
  hidden: z.record(cardId, z.number()).default({}),
  muted: z.array(z.string().min(1).max(200)).max(MAX_MUTED).default([]),
});
export type ReadingState = z.infer<typeof stateSchema>;

export const emptyReadingState = (): ReadingState => ({ seen: {}, saved: {}, hidden: {}, muted: [] });

/** The stored state; anything unreadable (another version, hand-edited, corrupt) reads as empty rather than breaking News. */
export function parseReadingState(raw: string | null): ReadingState {
  if (!raw) return emptyReadingState();
  try {
    const r = stateSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : emptyReadingState();
  } catch {
    return emptyReadingState();
  }
}

/** The newest `max` entries of a time-stamped record. */
function newest<T>(rec: Record<string, T>, max: number, at: (v: T) => number): Record<string, T> {
  const entries = Object.entries(rec);
  if (entries.length <= max) return rec;
  return Object.fromEntries(entries.sort((a, b) => at(b[1]) - at(a[1])).slice(0, max));
}

export function markSeen(s: ReadingState, id: string, now: number): ReadingState {
  if (s.seen[id]) return s;
  return { ...s, seen: newest({ ...s.seen, [id]: now }, MAX_SEEN, (t) => t) };
}

/** Save a card for later, or un-save it when it is saved. */
export function toggleSaved(s: ReadingState, id: string, story: Omit<SavedStory, "savedAt">, now: number): ReadingState {
  if (s.saved[id]) {
    const { [id]: _gone, ...rest } = s.saved;
    void _gone;
    return { ...s, saved: rest };
  }
  return { ...s, saved: newest({ ...s.saved, [id]: { ...story, savedAt: now } }, MAX_SAVED, (v) => v.savedAt) };
}

export function unsave(s: ReadingState, id: string): ReadingState {
  if (!s.saved[id]) return s;
  const { [id]: _gone, ...rest } = s.saved;
  void _gone;
  return { ...s, saved: rest };
}

export function hide(s: ReadingState, id: string, now: number): ReadingState {
  return { ...s, hidden: newest({ ...s.hidden, [id]: now }, MAX_HIDDEN, (t) => t) };
}

export function unhideAll(s: ReadingState): ReadingState {
  return { ...s, hidden: {} };
}

/** Mute a source (by its shown name), or unmute it when muted. */
export function toggleMuted(s: ReadingState, source: string): ReadingState {
  return s.muted.includes(source)
    ? { ...s, muted: s.muted.filter((m) => m !== source) }
    : { ...s, muted: [...s.muted, source].slice(-MAX_MUTED) };
}

/** A card is muted when every article on it comes from a muted source (a story others report too stays). */
export function isMutedCard(sources: string[], muted: string[]): boolean {
  return sources.length > 0 && sources.every((x) => muted.includes(x));
}

/** Saved stories, most recently saved first. */
export function savedList(s: ReadingState): (SavedStory & { id: string })[] {
  return Object.entries(s.saved).map(([id, v]) => ({ id, ...v })).sort((a, b) => b.savedAt - a.savedAt);
}
