// Named entities of real text with the trained tagger:
//   1. tokenise into sentences with character offsets (tokenize.ts);
//   2. tag each sentence left to right, the document history carried across sentences (ner-tagger.ts);
//   3. the document pass: one type per spelling, short person mentions (document-pass.ts);
//   4. BIO tags → spans, token offsets → character offsets into the input.
import { sentences } from "./tokenize.ts";
import { tagDocument } from "./ner-tagger.ts";
import { resolveDocuments } from "./document-pass.ts";
import { spansOf } from "./conll.ts";
import { loadShippedModel } from "./ner-model.ts";
import type { EntityKind } from "./ner-features.ts";
import type { WeightSource } from "./ner-tagger.ts";

export interface NerSpan {
  kind: EntityKind;
  /** character offsets: text.slice(start, end) is the name as written */
  start: number;
  end: number;
  /** the tagger's smallest margin over the span's tokens (how sure it was) */
  margin: number;
}

export function recogniseEntities(text: string, model: WeightSource = loadShippedModel()): NerSpan[] {
  const sents = sentences(text);
  const forms = sents.map((s) => s.map((t) => t.form));
  const tagged = tagDocument(model, forms);
  const tags = resolveDocuments(forms, tagged.map((s) => s.map((t) => t.tag)));
  const out: NerSpan[] = [];
  sents.forEach((tokens, i) => {
    for (const sp of spansOf(tags[i]!)) {
      let margin = Infinity;
      for (let k = sp.start; k < sp.end; k++) margin = Math.min(margin, tagged[i]![k]!.margin);
      out.push({ kind: sp.kind, start: tokens[sp.start]!.start, end: tokens[sp.end - 1]!.end, margin });
    }
  });
  return out;
}
