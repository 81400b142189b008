import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getAdmin } from "@/lib/auth/server.ts";
import { Providers } from "./providers";
import { KeyboardHelp } from "./keyboard-help";
import { NavLinks } from "./nav-links";
import "./globals.css";

export const viewport: Viewport = { width: "device-width", initialScale: 1, colorScheme: "light dark" };

export const metadata: Metadata = {
  title: { default: "Lede", template: "%s · Lede" },
  description: "Self-hosted news aggregation: fresh stories from the sites you follow.",
  alternates: { types: { "application/atom+xml": "/feed.xml" } },
  icons: { icon: "/favicon.svg" },
  manifest: "/manifest.webmanifest",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const admin = await getAdmin();
  return (
    <html lang="en">
      <body>
        <a className="skip" href="#main">Skip to content</a>
        <header className="top">
          <Link href="/" className="brand">Lede</Link>
          <nav aria-label="Main">
            <NavLinks admin={!!admin} />
            <a href="/feed.xml">Atom feed</a>
          </nav>
          <div className="session">
            {admin ? (
              <form method="post" action="/api/auth/logout">
                <input type="hidden" name="_csrf" value={admin.csrfToken} />
                <span className="muted">Admin</span> <button type="submit" className="link">Log out</button>
                {" · "}<button type="submit" name="everywhere" value="true" className="link" title="End every admin session, on every device">Log out everywhere</button>
              </form>
            ) : (
              <Link href="/login">Admin log in</Link>
            )}
          </div>
        </header>
        <main id="main">
          <Providers csrfToken={admin?.csrfToken ?? null}>{children}</Providers>
        </main>
        <KeyboardHelp />
      </body>
    </html>
  );
}
