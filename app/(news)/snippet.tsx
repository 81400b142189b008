import { MARK_END, MARK_START } from "@/lib/db/search.ts";

/** A search snippet with its matched words in <mark>, built as React text (never as HTML). */
export function Snippet({ text }: { text: string }) {
  const parts = text.split(MARK_START);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return <span key={i}>{part}</span>;
        const [hit, rest] = part.split(MARK_END);
        return <span key={i}><mark>{hit}</mark>{rest ?? ""}</span>;
      })}
    </>
  );
}
