// natural ships no declaration for this subpath (its util index also loads storage back-ends).
declare module "natural/lib/natural/util/stopwords.js" {
  export const words: string[];
}
