"use client";
// n / x label the selected review item (selected with j/k); they press the item's own buttons, so
// the keyboard and the mouse go through the same form post.
import { useEffect } from "react";

export function ReviewShortcuts() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
      const which = e.key === "n" ? "news" : e.key === "x" ? "not-news" : null;
      if (!which) return;
      const scope = document.querySelector<HTMLElement>("[data-nav-item].selected") ?? document.querySelector<HTMLElement>("[data-label-form]");
      scope?.querySelector<HTMLButtonElement>(`button[data-label="${which}"]`)?.click();
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return null;
}
