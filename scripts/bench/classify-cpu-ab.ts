// npx tsx scripts/bench/classify-cpu-ab.ts OLD-MODEL.json [NEW-MODEL.json] — classify CPU per page of two shipped models
// (default-model.json files; e.g. `git show REV:lib/classify/default-model.json > /tmp/old.json`) on the same prepared WCXB pages, alternated, best of 3.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { loadavg } from "node:os";
import { Classifier } from "../../lib/classify/model.ts";
import { classifyPage } from "../../lib/classify/classify-page.ts";
import { preparePage } from "../../lib/classify/prepare-page.ts";
const load = (f: string) => Classifier.fromJSON((JSON.parse(readFileSync(f, "utf8")) as { model: unknown }).model);
const oldM = load(process.argv[2]!), newM = load(process.argv[3] ?? join(import.meta.dirname, "..", "..", "lib", "classify", "default-model.json"));
const dir = join(process.env.LEDE_CORPUS ?? join(import.meta.dirname, "..", "..", "..", "shared", "corpus"), "extraction", "wcxb-dev");
const ids = readdirSync(join(dir, "ground-truth")).filter((f) => f.endsWith(".json")).sort().filter((_, i) => i % 9 === 0).slice(0, 150).map((f) => f.slice(0, -5));
const pages = ids.map((id) => preparePage({ bytes: gunzipSync(readFileSync(join(dir, "html", `${id}.html.gz`))), url: (JSON.parse(readFileSync(join(dir, "ground-truth", `${id}.json`), "utf8")) as { url: string }).url }));
const cpu = (fn: () => void) => { const t = process.cpuUsage(); fn(); const d = process.cpuUsage(t); return (d.user + d.system) / 1000; };
for (const p of pages.slice(0, 10)) { classifyPage(oldM, p); classifyPage(newM, p); }
const r: number[][] = [];
for (let k = 0; k < 3; k++) r.push([cpu(() => { for (const p of pages) classifyPage(oldM, p); }), cpu(() => { for (const p of pages) classifyPage(newM, p); })]);
const o = Math.min(...r.map((x) => x[0]!)) / pages.length, n = Math.min(...r.map((x) => x[1]!)) / pages.length;
console.log(`load ${loadavg().map((l) => l.toFixed(1)).join(" ")}; ${pages.length} WCXB pages; classifyPage CPU ms/page: previous model ${o.toFixed(2)}, new model ${n.toFixed(2)}, ratio ${(n / o).toFixed(2)}; rounds ${JSON.stringify(r.map((x) => x.map((v) => Math.round(v))))}`);
