import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Lede", template: "%s · Lede" },
  description: "Self-hosted news aggregation: fresh stories from the sites you follow.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip" href="#main">Skip to content</a>
        <header className="top">
          <Link href="/" className="brand">Lede</Link>
          <nav aria-label="Main">
            <Link href="/">News</Link>
            <Link href="/sites">Sites</Link>
          </nav>
        </header>
        <main id="main">
          <Providers>{children}</Providers>
        </main>
      </body>
    </html>
  );
}
