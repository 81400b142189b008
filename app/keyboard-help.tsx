"use client";
// Keyboard navigation on every page: j/k move between items (any element with data-nav-item),
// o or Enter opens the focused item's link, ? shows the shortcuts. Page-specific keys (the review queue's)
// are listed through data-shortcuts on the page's main element.
import { useEffect, useRef, useState } from "react";

const SHORTCUTS: [string, string][] = [
  ["j", "next item"],
  ["k", "previous item"],
  ["o / Enter", "open the selected item"],
  ["/", "search (News page)"],
  ["?", "show or hide this help"],
];

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName);
}

/** The key went to a card itself (focused by j/k) or to no control at all. */
function isCardOrPage(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !el || el === document.body || el.hasAttribute("data-nav-item");
}

function moveSelection(step: number): void {
  const items = Array.from(document.querySelectorAll<HTMLElement>("[data-nav-item]"));
  if (items.length === 0) return;
  const current = items.findIndex((el) => el.classList.contains("selected"));
  const next = Math.min(items.length - 1, Math.max(0, current < 0 ? (step > 0 ? 0 : items.length - 1) : current + step));
  items.forEach((el) => el.classList.remove("selected"));
  const el = items[next];
  el.classList.add("selected");
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: "nearest" });
}

function openSelection(): void {
  const el = document.querySelector<HTMLElement>("[data-nav-item].selected") ?? document.activeElement?.closest<HTMLElement>("[data-nav-item]");
  el?.querySelector<HTMLAnchorElement>("a[href]")?.click();
}

export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const [extra, setExtra] = useState<[string, string][]>([]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === "?") { setOpen((v) => !v); e.preventDefault(); return; }
      if (e.key === "Escape") { setOpen(false); return; }
      if (e.key === "j") { moveSelection(1); e.preventDefault(); }
      else if (e.key === "k") { moveSelection(-1); e.preventDefault(); }
      else if (e.key === "o") { openSelection(); e.preventDefault(); }
      // Enter on a link or button keeps its own meaning; on a selected card (or nothing focused) it opens the card
      else if (e.key === "Enter" && isCardOrPage(e.target) && document.querySelector("[data-nav-item].selected")) { openSelection(); e.preventDefault(); }
      else if (e.key === "/") {
        const search = document.querySelector<HTMLInputElement>("input[type=search]");
        if (search) { search.focus(); e.preventDefault(); }
      }
    };
    window.addEventListener("keydown", onKey);
    // the page's keys work from here on (before hydration a key press does nothing): <html data-keys="ready">
    document.documentElement.dataset.keys = "ready";
    return () => {
      window.removeEventListener("keydown", onKey);
      delete document.documentElement.dataset.keys;
    };
  }, []);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open) {
      const raw = document.querySelector("[data-shortcuts]")?.getAttribute("data-shortcuts");
      try { setExtra(raw ? (JSON.parse(raw) as [string, string][]) : []); } catch { setExtra([]); }
      if (!d.open) d.showModal();
    } else if (d.open) d.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="help" aria-labelledby="help-title" onClose={() => setOpen(false)} data-testid="keyboard-help">
      <h2 id="help-title">Keyboard shortcuts</h2>
      <dl>
        {[...SHORTCUTS, ...extra].map(([k, what]) => (
          <div key={k + what}><dt><kbd>{k}</kbd></dt><dd>{what}</dd></div>
        ))}
      </dl>
      <button type="button" onClick={() => setOpen(false)}>Close</button>
    </dialog>
  );
}
