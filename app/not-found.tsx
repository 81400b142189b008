// What a reader sees for an address Lede has no page for (an unknown path, or an article, story or site
// id that is malformed or gone): where they are and where to go next, inside the usual header.
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <section className="narrow" data-testid="not-found">
      <h1>Page not found</h1>
      <p>There is no page at this address. An article, story or site may have been removed, or the link may be mistyped.</p>
      <p><Link href="/">Go to News</Link>, where you can search the articles.</p>
    </section>
  );
}
