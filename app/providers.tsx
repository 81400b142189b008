"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { CsrfProvider } from "./admin-context";

export function Providers({ children, csrfToken }: { children: ReactNode; csrfToken: string | null }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 2_000 } } }));
  return (
    <QueryClientProvider client={client}>
      <CsrfProvider token={csrfToken}>{children}</CsrfProvider>
    </QueryClientProvider>
  );
}
