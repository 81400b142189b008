// Entry of the crawler's page thread (lib/crawl/page-processor.ts starts it with node:worker_threads).
// Plain JavaScript so that Node can start it as it is; it registers tsx in the thread (Node 20 does not
// pass a parent's --import loader hooks on to a worker's TypeScript entry), then loads page-thread.ts.
import { register } from "tsx/esm/api";

register();
await import("./page-thread.ts");
