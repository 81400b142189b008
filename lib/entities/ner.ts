// Named entities of real text with the trained tagger:
//   1. tokenise into sentences with character offsets (tokenize.ts: a table of offsets, no object per token);
//   2. tag each sentence left to right, the document history carried across sentences (ner-frozen.ts: the
//      frozen model's cached tables; ner-tagger.ts is the same decoder over feature rows, for training);
//   3. the document pass: one type per spelling, short person mentions (document-pass.ts);
//   4. BIO tags → spans, token offsets → character offsets into the input.
import { formAt, scanSentences } from "./tokenize.ts";
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
  const table = scanSentences(text);
  const { starts, ends, sentenceEnds, sentenceCount } = table;
  const tagged = frozenTagger(model).tagTokens(text, table);
  // The document pass reads the forms of sentences that hold a name only (the others stay empty).
  const forms: string[][] = new Array(sentenceCount);
  for (let j = 0, from = 0; j < sentenceCount; from = sentenceEnds[j++]!) {
    forms[j] = NO_FORMS;
    const t = tagged.tags[j]!;
    for (let i = 0; i < t.length; i++) {
      if (t[i] === 0) continue;
      const f: string[] = new Array(t.length);
      for (let k = 0; k < t.length; k++) f[k] = formAt(text, starts[from + k]!, ends[from + k]!);
      forms[j] = f;
      break;
    }
  }
  const tags = resolveDocuments(forms, tagged.tags);
  const out: NerSpan[] = [];
  for (let j = 0, from = 0; j < sentenceCount; from = sentenceEnds[j++]!) {
    if (forms[j] === NO_FORMS) continue; // no name (the document pass adds none)
    for (const sp of spansOf(tags[j]!)) {
      let margin = Infinity;
      for (let k = sp.start; k < sp.end; k++) margin = Math.min(margin, tagged.margins[j]![k]!);
      out.push({ kind: sp.kind, start: starts[from + sp.start]!, end: ends[from + sp.end - 1]!, margin });
    }
  }
  return out;
}

const NO_FORMS: string[] = [];
