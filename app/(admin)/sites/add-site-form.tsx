"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { addSiteSchema } from "@/lib/schemas/site.ts";
import { postJson, useCsrfToken } from "../../admin-context";

type Fields = Partial<Record<"seedUrl" | "name" | "_", string>>;

export function AddSiteForm() {
  const router = useRouter();
  const csrfToken = useCsrfToken();
  const [errors, setErrors] = useState<Fields>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMessage(null);
    const form = new FormData(e.currentTarget);
    const raw = { seedUrl: String(form.get("seedUrl") ?? ""), name: String(form.get("name") ?? "") || undefined };
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
      <button type="submit" disabled={busy}>{busy ? "Adding…" : "Add site"}</button>
      {errors._ ? <p className="error" role="alert">{errors._}</p> : null}
      {message ? <p className="ok" role="status">{message}</p> : null}
    </form>
  );
}
