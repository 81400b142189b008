"use client";
// A page that failed on the server (the database unreachable, a bug): said plainly inside the usual
// header, with the error's digest to find it in the server log and a way to try again. Nothing the
// reader typed is lost: forms on Lede's pages post to the API, which answers with its own errors.
import Link from "next/link";
import { useEffect } from "react";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => { document.title = "Something went wrong · Lede"; }, []);
  return (
    <section className="narrow" role="alert" data-testid="page-error">
      <h1>Something went wrong</h1>
      <p>Lede could not show this page. It may be a passing problem (the database busy or restarting): try again in a moment.</p>
      {error.digest ? <p className="muted">Error reference for the server log: <code>{error.digest}</code></p> : null}
      <p><button type="button" onClick={reset}>Try again</button> <Link href="/">Go to News</Link></p>
    </section>
  );
}
