// Lines of a byte stream (JSONL uploads), in bounded memory: a line longer than `maxLineBytes` is
// not kept but reported by its length, so one endless line cannot fill the heap.
import type { ImportLine } from "../db/labels.ts";

const NEWLINE = 0x0a;

export async function* splitLines(chunks: AsyncIterable<Uint8Array>, maxLineBytes: number): AsyncGenerator<ImportLine> {
  let parts: Buffer[] = [];
  let held = 0;
  let overlong = 0; // bytes of the current line when it is past the cap (its bytes are dropped)
  const finish = (): ImportLine => {
    const line: ImportLine = overlong ? { tooLongBytes: overlong } : { text: Buffer.concat(parts, held).toString("utf8") };
    parts = [];
    held = 0;
    overlong = 0;
    return line;
  };
  const add = (piece: Buffer) => {
    if (overlong) { overlong += piece.length; return; }
    if (held + piece.length > maxLineBytes) { overlong = held + piece.length; parts = []; held = 0; return; }
    parts.push(piece);
    held += piece.length;
  };
  for await (const chunk of chunks) {
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let from = 0;
    for (;;) {
      const nl = buf.indexOf(NEWLINE, from);
      if (nl < 0) break;
      add(buf.subarray(from, nl));
      yield finish();
      from = nl + 1;
    }
    // copy the tail: the chunk's buffer may be reused by the stream
    if (from < buf.length) add(Buffer.from(buf.subarray(from)));
  }
  if (held || overlong) yield finish();
}
