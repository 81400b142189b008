"use client";
// The saved stories of this browser, most recently saved first, each with "remove".
import Link from "next/link";
import { savedList, unsave } from "@/lib/reading/state.ts";
import { useReadingState } from "../reading-state";

export function SavedList() {
  const [state, update, ready] = useReadingState();
  if (!ready) return null;
  const saved = savedList(state);
  if (saved.length === 0) {
    return <p className="empty" data-testid="saved-empty">Nothing saved yet. On <Link href="/">News</Link>, “Save for later” (or <kbd>s</kbd> on a selected story) keeps a story here.</p>;
  }
  return (
    <ul className="cards" data-testid="saved-list">
      {saved.map((s) => (
        <li key={s.id} className="card" data-nav-item data-testid="saved-story">
          <h2><Link href={s.href}>{s.headline}</Link></h2>
          <div className="muted">{s.sources.join(", ")} · saved {new Date(s.savedAt).toISOString().slice(0, 16).replace("T", " ")} UTC</div>
          <div className="reading"><button type="button" onClick={() => update((st) => unsave(st, s.id))} data-testid="unsave">Remove</button></div>
        </li>
      ))}
    </ul>
  );
}
