// Article pages written for the review-loop and reader tests: plain HTML with a title and paragraphs,
// long enough to pass the length rule, so the real pipeline (ingestPage) stores and groups them.

export function newsPage(title: string, paras: string[]): Buffer {
  return Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><article><h1>${title}</h1>${paras.map((p) => `<p>${p}</p>`).join("\n")}</article></main></body></html>`);
}

const QUAKE = "A strong earthquake struck Lisbon on Tuesday morning, damaging buildings in the Alfama district and cutting power to thousands of homes.";
/** Three reports of one event (they group into one story; the third is a photo page) and an unrelated one. */
export const quakePages = {
  herald: newsPage("Earthquake shakes Lisbon, damaging Alfama buildings", [
    QUAKE, "Portugal's civil protection agency said rescue teams were searching collapsed houses near the cathedral.",
    "Prime minister Luis Montenegro visited the damaged streets in the afternoon and promised emergency funds for families.",
    "Seismologists at the University of Lisbon measured the quake at magnitude 6.1, with its centre off the coast.",
  ]),
  courier: newsPage("Lisbon earthquake damages Alfama, cuts power to thousands", [
    "An earthquake hit Lisbon early on Tuesday, damaging old buildings in Alfama and leaving thousands of homes without electricity.",
    "Rescue teams from the civil protection agency searched houses near the cathedral, officials in Portugal said.",
    "Luis Montenegro, the prime minister, toured Alfama and said the government would release emergency funds.",
    "The University of Lisbon's seismologists put the magnitude at 6.1 and located the centre at sea.",
  ]),
  gallery: newsPage("Photos: Lisbon earthquake in Alfama, pictures of the damage", [
    "Pictures of the earthquake that struck Lisbon on Tuesday, damaging buildings in the Alfama district and cutting power to homes.",
    "Rescue teams of Portugal's civil protection agency in the streets near the cathedral, photographed by our readers.",
    "Prime minister Luis Montenegro in Alfama; the University of Lisbon measured the quake at magnitude 6.1.",
  ]),
  budget: newsPage("Parliament approves the harbour budget after a long debate", [
    "Members of parliament approved the harbour budget on Wednesday after a debate that lasted until midnight.",
    "The budget funds new cranes, a railway link to the container terminal and repairs to the old sea wall.",
    "Opposition members said the railway link was too expensive and voted against the final text of the law.",
  ]),
};

/** A made-up word (letters only, as the story tokeniser reads words) unique to (n, k): filler stories share no word. */
function word(n: number, k: number): string {
  let x = n * 1_000 + k + 26 ** 3;
  let w = "";
  while (x > 0) { w = String.fromCharCode(97 + (x % 26)) + w; x = Math.floor(x / 26); }
  return `${w}o`;
}

/** The word every filler page has, in its last paragraph only (searchable, but not in the title or lead that story grouping reads). */
export const FILLER_WORD = "fillerword";

/** The n-th of many unrelated filler stories (for paging): no two share a word of their title or lead. */
export function fillerPage(n: number): { title: string; body: Buffer } {
  const first = word(n, 0);
  const title = `${first[0]!.toUpperCase()}${first.slice(1)} ${word(n, 1)} ${word(n, 2)}`;
  const paras = Array.from({ length: 4 }, (_, p) =>
    Array.from({ length: 24 }, (_, k) => word(n, 3 + p * 24 + k)).join(" ") + (p === 3 ? ` ${FILLER_WORD}.` : "."));
  return { title, body: newsPage(title, paras) };
}
