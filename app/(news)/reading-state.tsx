"use client";
// The browser's reading state (lib/reading/state.ts) as a React hook: read from localStorage after
// hydration (the server renders every card unseen), written back on each change, and kept in step
// across tabs through the "storage" event.
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { parseReadingState, READING_STATE_KEY, type ReadingState } from "@/lib/reading/state.ts";

/** Same-tab change notice (the "storage" event fires only in other tabs). */
const CHANGED = "lede:reading-changed";

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => { if (e.key === READING_STATE_KEY) onChange(); };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The state when the browser refuses localStorage (disabled, private mode, full): it lives as long as the page. */
let inMemory: string | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(READING_STATE_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

export function useReadingState(): [ReadingState, (update: (s: ReadingState) => ReadingState) => void, boolean] {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  // false while server-rendering and hydrating: nothing is dimmed or hidden before the browser's state is known
  const ready = useSyncExternalStore(subscribe, () => true, () => false);
  const state = useMemo(() => parseReadingState(raw), [raw]);
  const update = useCallback((fn: (s: ReadingState) => ReadingState) => {
    const next = JSON.stringify(fn(parseReadingState(readRaw())));
    inMemory = next;
    try {
      window.localStorage.setItem(READING_STATE_KEY, next);
    } catch { /* storage full or disabled: kept in memory for this page */ }
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [state, update, ready];
}
