import type { Metadata } from "next";
import { SavedList } from "./saved-list";

export const metadata: Metadata = { title: "Saved for later" };

/** Stories this browser saved for later (kept in the browser, no account: lib/reading/state.ts). */
export default function SavedPage() {
  return (
    <>
      <h1>Saved for later</h1>
      <p className="muted">Saved in this browser only: no account, nothing sent to the server.</p>
      <SavedList />
    </>
  );
}
