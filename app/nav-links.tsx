"use client";
// The main navigation's links, with the current page marked (aria-current, styled in globals.css).
// Readers see only what they can open: admin pages would only send them to the login page.
import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS: { href: string; label: string; admin: boolean }[] = [
  { href: "/", label: "News", admin: false },
  { href: "/sites", label: "Sites", admin: true },
  { href: "/quality", label: "Quality", admin: false },
  { href: "/review", label: "Review", admin: true },
];

/** Is `href` the page at `path` (or a page under it: /sites/3 is in Sites; /articles/… and /stories/… are News)? */
export function isCurrent(href: string, path: string): boolean {
  if (href === "/") return path === "/" || path.startsWith("/articles/") || path.startsWith("/stories/");
  return path === href || path.startsWith(`${href}/`);
}

export function NavLinks({ admin }: { admin: boolean }) {
  const path = usePathname() ?? "/";
  return (
    <>
      {LINKS.filter((l) => admin || !l.admin).map((l) => (
        <Link key={l.href} href={l.href} aria-current={isCurrent(l.href, path) ? "page" : undefined}>{l.label}</Link>
      ))}
    </>
  );
}
