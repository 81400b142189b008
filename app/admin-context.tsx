"use client";
// The admin's CSRF token for client components that post JSON (null for readers).
import { createContext, useContext, type ReactNode } from "react";

const CsrfContext = createContext<string | null>(null);

export function CsrfProvider({ token, children }: { token: string | null; children: ReactNode }) {
  return <CsrfContext.Provider value={token}>{children}</CsrfContext.Provider>;
}

export function useCsrfToken(): string | null {
  return useContext(CsrfContext);
}

/** fetch() for mutations: JSON body, the CSRF header, and the server's JSON answer. */
export async function postJson(token: string | null, url: string, body: unknown, method = "POST"): Promise<{ ok: boolean; status: number; body: any }> {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { "x-csrf-token": token } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  return { ok: res.ok, status: res.status, body: await res.json().catch(() => ({})) };
}
