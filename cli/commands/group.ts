// `lede group --in DOCS.jsonl --out OUT.jsonl`: incremental story grouping of a stream of documents.
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { z } from "zod";
import { StoryGrouper } from "../../lib/stories/story-grouper.ts";

export const summary = "group a JSONL stream of articles into stories ({id, story} per line)";

const USAGE = `Usage: lede group --in DOCS.jsonl --out OUT.jsonl [--merge-every N]
  Reads {id, title?, text, published?, url?} per line, in file order, grouping each article as it arrives
  (as the worker does). The agglomerative merge runs every N articles (default 200) and once at the end;
  the output, written after the last merge, has one {id, story} per input line, in input order.
  "-" reads stdin / writes stdout.
`;

const DocSchema = z.object({
  id: z.union([z.string(), z.number()]),
  title: z.string().optional(),
  text: z.string(),
  published: z.string().optional(),
  url: z.string().optional(),
});

/** Articles between two merge passes when --merge-every is not given. */
const DEFAULT_MERGE_EVERY = 200;

function optionValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

export async function run(argv: string[]): Promise<number> {
  const inPath = optionValue(argv, "--in");
  if (argv.includes("--help") || !inPath) {
    process.stdout.write(USAGE);
    return inPath ? 0 : 2;
  }
  const outPath = optionValue(argv, "--out") ?? "-";
  const mergeEvery = Number(optionValue(argv, "--merge-every") ?? DEFAULT_MERGE_EVERY);
  const grouper = new StoryGrouper();
  const assigned: [string | number, number][] = [];
  const lines = createInterface({ input: inPath === "-" ? process.stdin : createReadStream(inPath), crlfDelay: Infinity });
  let lineNo = 0;
  let latest: Date | undefined;
  for await (const line of lines) {
    lineNo++;
    if (!line.trim()) continue;
    const parsed = DocSchema.safeParse(JSON.parse(line));
    if (!parsed.success) {
      process.stderr.write(`lede group: line ${lineNo}: expected {id, text, title?, published?, url?}\n`);
      return 1;
    }
    const d = parsed.data;
    const published = d.published ? new Date(d.published) : undefined;
    const story = grouper.add({
      id: d.id, title: d.title, text: d.text, url: d.url,
      publishedAt: published && !Number.isNaN(published.getTime()) ? published : undefined,
    });
    assigned.push([d.id, story]);
    const seen = published && !Number.isNaN(published.getTime()) ? published : new Date();
    if (!latest || seen > latest) latest = seen;
    // The merge window is measured from the newest article seen (documents may be from the past).
    if (mergeEvery > 0 && assigned.length % mergeEvery === 0) grouper.merge(latest);
  }
  grouper.merge(latest ?? new Date());
  const out = outPath === "-" ? process.stdout : createWriteStream(outPath);
  for (const [id, story] of assigned) out.write(`${JSON.stringify({ id, story: grouper.resolve(story) })}\n`);
  if (out !== process.stdout) await new Promise<void>((resolve) => (out as NodeJS.WritableStream).end(resolve));
  process.stderr.write(`lede group: ${assigned.length} articles in ${new Set(assigned.map(([, s]) => grouper.resolve(s))).size} stories\n`);
  return 0;
}
