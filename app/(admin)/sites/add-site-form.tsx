"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { addSiteSchema } from "@/lib/schemas/site.ts";
import { postJson, useCsrfToken } from "../../admin-context";

type Fields = Partial<Record<"seedUrl" | "name" | "_", string>>;
/** The server's "already added" answer: the site it is, and the section that could be added to it. */
type Existing = { site: { id: number; name: string; href: string }; sectionUrl: string | null; message: string };

export function AddSiteForm() {
  const router = useRouter();
  const csrfToken = useCsrfToken();
  const [errors, setErrors] = useState<Fields>({});
  const [existing, setExisting] = useState<Existing | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMessage(null);
    setExisting(null);
    const form = new FormData(e.currentTarget);
    const raw = {
      seedUrl: String(form.get("seedUrl") ?? ""), name: String(form.get("name") ?? "") || undefined,
      allowPrivateNetwork: form.get("allowPrivateNetwork") === "on",
    };
    const parsed = addSiteSchema.safeParse(raw);
    if (!parsed.success) {
      const fields: Fields = {};
      for (const issue of parsed.error.issues) fields[(issue.path[0] as keyof Fields) ?? "_"] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const res = await postJson(csrfToken, "/api/sites", parsed.data);
      const body = res.body;
      if (res.status === 409 && body.site) {
        setExisting({ site: body.site, sectionUrl: body.sectionUrl ?? null, message: body.message });
        return;
      }
      if (!res.ok) {
        setErrors({ ...(body.fields ?? {}), _: body.fields ? undefined : body.message ?? `Request failed (${res.status})` });
        return;
      }
      setMessage(`Added ${body.site.name}. Crawling starts within seconds.`);
      (e.target as HTMLFormElement).reset();
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  async function addSection(x: Existing) {
    if (!x.sectionUrl) return;
    setBusy(true);
    try {
      const res = await postJson(csrfToken, `/api/sites/${x.site.id}/sections`, { url: x.sectionUrl });
      if (!res.ok) {
        setErrors({ _: res.body.message ?? `Request failed (${res.status})` });
        return;
      }
      setExisting(null);
      setMessage(`Added ${x.sectionUrl} to ${x.site.name}. Its pages are crawled with the site's.`);
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="inline" onSubmit={submit} noValidate aria-label="Add a site">
      <label>
        Site address
        <input name="seedUrl" placeholder="https://www.example.com/" aria-invalid={!!errors.seedUrl} aria-describedby="seedUrl-error" required />
        {errors.seedUrl ? <span id="seedUrl-error" className="error" role="alert">{errors.seedUrl}</span> : null}
      </label>
      <label>
        Name (optional)
        <input name="name" placeholder="Example News" aria-invalid={!!errors.name} />
        {errors.name ? <span className="error" role="alert">{errors.name}</span> : null}
      </label>
      <label className="check" title="Crawl an intranet or loopback address; the guard against private addresses stays on for every other site">
        <input type="checkbox" name="allowPrivateNetwork" /> Allow private networks for this site
      </label>
      <button type="submit" disabled={busy}>{busy ? "Adding…" : "Add site"}</button>
      {errors._ ? <p className="error" role="alert">{errors._}</p> : null}
      {existing ? (
        <p className="error" role="alert" data-testid="site-exists">
          Already added: <Link href={existing.site.href}>{existing.site.name}</Link>.{" "}
          {existing.sectionUrl ? (
            <button type="button" className="small secondary" onClick={() => addSection(existing)} disabled={busy} data-testid="add-section">
              Add {existing.sectionUrl} to {existing.site.name}
            </button>
          ) : null}
        </p>
      ) : null}
      {message ? <p className="ok" role="status">{message}</p> : null}
    </form>
  );
}
