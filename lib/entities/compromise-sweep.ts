// compromise's bulk matcher (methods.one.bulkMatch, what its post-tagger runs its ~1,000 tag-fixing
// patterns through) with one step done in less work and the same result. compromise 14.17
// (src/1-one/sweep/methods/sweep/*.js, MIT) lists each sentence's candidate patterns by walking
// EVERY key of the pattern index (thousands of words and tags) and asking whether the sentence holds
// it, concatenating arrays as it goes: a quarter of the whole recogniser's CPU (session 12 profile of
// the crawl). Here the sentence's own words and tags (a few dozen) are looked up in the index instead,
// and the hits put back in the index's key order, so the same patterns run in the same order; the
// other steps are compromise's, unchanged. Installed on the compromise/two instance the story evidence
// uses (compromise-spans.ts); scripts/bench/story-entities.ts checks every span against the library's own.

/** A parsed pattern of the index (the fields read here). */
interface NetMatch { match: string; needs: string[]; wants: string[]; minWant: number; ifNo?: string[]; minWords: number; unTag?: unknown }
interface Net { hooks: Record<string, NetMatch[]>; always: NetMatch[] }
interface Methods { one: { cacheDoc(document: unknown[][]): Set<string>[]; match(docs: unknown[][], m: NetMatch): { ptrs: number[][] } } }
type BulkMatch = (document: unknown[][], net: Net, methods: Methods, opts?: { matchOne?: boolean }) => unknown[];

/** The index's keys in their Object.keys order, per net (a net is built once and not changed). */
const keyOrder = new WeakMap<Record<string, NetMatch[]>, Map<string, number>>();

function orderOf(hooks: Record<string, NetMatch[]>): Map<string, number> {
  let order = keyOrder.get(hooks);
  if (!order) {
    order = new Map(Object.keys(hooks).map((k, i) => [k, i]));
    keyOrder.set(hooks, order);
  }
  return order;
}

/** 01-getHooks.js: the patterns hooked on the sentence's words and tags, in index order, each once. */
function getHooks(docCaches: Set<string>[], hooks: Record<string, NetMatch[]>): NetMatch[][] {
  const order = orderOf(hooks);
  const keys = [...order.keys()];
  return docCaches.map((cache) => {
    const at: number[] = [];
    for (const k of cache) {
      const i = order.get(k);
      if (i !== undefined) at.push(i);
    }
    at.sort((a, b) => a - b);
    const already = new Set<string>();
    const maybe: NetMatch[] = [];
    for (const i of at) {
      for (const m of hooks[keys[i]!]!) {
        if (already.has(m.match)) continue;
        already.add(m.match);
        maybe.push(m);
      }
    }
    return maybe;
  });
}

/** 02-trim-down.js: every need met, no ifNo present, enough wants. */
function trimDown(maybeList: NetMatch[][], docCache: Set<string>[]): NetMatch[][] {
  return maybeList.map((list, n) => {
    const haves = docCache[n]!;
    return list.filter((obj) => obj.needs.every((need) => haves.has(need))
      && !(obj.ifNo !== undefined && obj.ifNo.some((no) => haves.has(no)))
      && (obj.wants.length === 0 || obj.wants.filter((str) => haves.has(str)).length >= obj.minWant));
  });
}

/** 04-runMatch.js: each remaining pattern on its sentence; a result per pointer found. */
function runMatch(maybeList: NetMatch[][], document: unknown[][], methods: Methods, opts: { matchOne?: boolean }): unknown[] {
  const results: (NetMatch & { pointer: number[] })[] = [];
  for (let n = 0; n < maybeList.length; n += 1) {
    for (const m of maybeList[n]!) {
      const res = methods.one.match([document[n]!], m);
      if (res.ptrs.length === 0) continue;
      for (const ptr of res.ptrs) {
        ptr[0] = n;
        const todo = Object.assign({}, m, { pointer: ptr });
        if (m.unTag !== undefined) todo.unTag = m.unTag;
        results.push(todo);
      }
      if (opts.matchOne === true) return [results[0]];
    }
  }
  return results;
}

/** index.js (sweep): candidates, trimmed, the index's always-run patterns added, too-short sentences skipped, run. */
export const bulkMatch: BulkMatch = (document, net, methods, opts = {}) => {
  const docCache = methods.one.cacheDoc(document);
  let maybeList = trimDown(getHooks(docCache, net.hooks), docCache);
  if (net.always.length > 0) maybeList = maybeList.map((arr) => arr.concat(net.always));
  maybeList = maybeList.map((arr, i) => arr.filter((o) => document[i]!.length >= o.minWords));
  return runMatch(maybeList, document, methods, opts);
};

/** A compromise plugin that puts this bulkMatch in the instance's methods. */
export const fastSweepPlugin = { methods: { one: { bulkMatch } } };
