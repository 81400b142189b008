// A page's JSON-LD scripts are read by several steps (metadata.ts, json-body.ts, product-page.ts and the
// classifier's facts in lib/classify/features.ts), each of which parsed the same script text again: on
// news sites a script is often tens of kilobytes (a whole articleBody). They parse it here instead, once:
// the last few texts and what JSON.parse made of them are kept. The values are shared, so callers only
// read them (none of these steps modifies what it parsed).

/** Script texts remembered: a page has a handful of JSON-LD scripts, and the next page has other ones. */
const MEMO_ENTRIES = 16;

type Parsed = { ok: true; value: unknown } | { ok: false; error: unknown };
const memo = new Map<string, Parsed>();

/** JSON.parse(text), or its error thrown, from the memo when the same text was parsed lately. */
export function parseJsonText(text: string): unknown {
  let p = memo.get(text);
  if (!p) {
    try {
      p = { ok: true, value: JSON.parse(text) };
    } catch (error) {
      p = { ok: false, error };
    }
    if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
    memo.set(text, p);
  }
  if (!p.ok) throw p.error;
  return p.value;
}
