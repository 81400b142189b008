// Named entities of real text with the trained tagger:
//   1. tokenise into sentences with character offsets (tokenize.ts);
//   2. tag each sentence left to right, the document history carried across sentences (ner-frozen.ts: the
//      frozen model's cached tables; ner-tagger.ts is the same decoder over feature rows, for training);
//   3. the document pass: one type per spelling, short person mentions (document-pass.ts);
//   4. BIO tags → spans, token offsets → character offsets into the input.
import { sentences } from "./tokenize.ts";
import { frozenTagger } from "./ner-frozen.ts";
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
  const tagged = frozenTagger(model).tagDocument(forms);
  const tags = resolveDocuments(forms, tagged.tags);
  const out: NerSpan[] = [];
  sents.forEach((tokens, i) => {
    for (const sp of spansOf(tags[i]!)) {
      let margin = Infinity;
      for (let k = sp.start; k < sp.end; k++) margin = Math.min(margin, tagged.margins[i]![k]!);
      out.push({ kind: sp.kind, start: tokens[sp.start]!.start, end: tokens[sp.end - 1]!.end, margin });
    }
  });
  return out;
}
