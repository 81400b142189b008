// Prototype-free lookup tables. An object literal keyed by words from a page inherits from
// Object.prototype: `table["constructor"]` is a function, `table["__proto__"] = x` replaces the
// prototype instead of storing x, and `"toString" in table` is true. Tables indexed by page words,
// tags, languages or entity names are Maps or dicts from here, whose only keys are their own.

/** A prototype-free table with the given own entries (a plain object's own keys, or [key, value] pairs). */
export function dict<T>(entries: Iterable<readonly [string, T]> | Readonly<Record<string, T>> = []): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  const pairs = Symbol.iterator in entries ? (entries as Iterable<readonly [string, T]>) : Object.entries(entries as Record<string, T>);
  // Assignment on a prototype-free object always creates an own property, "__proto__" included.
  for (const [k, v] of pairs) out[k] = v;
  return out;
}

/** The table's own value for `key` (undefined when it has none), for tables that may have a prototype. */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
