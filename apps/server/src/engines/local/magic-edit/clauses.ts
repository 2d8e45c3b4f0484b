/** A stretch of normalised text: [start, end). */
export interface Span {
  start: number
  end: number
}

export interface Clause extends Span {
  /** the words that joined it to the clause before ("and", ",", "then"…); empty for the first */
  joiner: string
}

/**
 * What separates one part of a request from the next in the seven languages: punctuation and the words for
 * "and", "then", "also", "but", "not … but". Arabic "و" is a prefix and is handled on its own (see splitClauses).
 * French "en" ("recadre en 4:3") and Spanish "más" (also Portuguese "mas", "but") are not among them.
 */
const SEPARATOR = new RegExp(
  `[.;!?،؛]+|,|(?<![\\p{L}\\d'])(?:${[
    'and then',
    'and also',
    'and',
    'then',
    'also',
    'but',
    'as well as',
    'after that',
    'y luego',
    'y despues',
    'y',
    'e',
    'luego',
    'despues',
    'tambien',
    'pero',
    'sino',
    'et puis',
    'et',
    'puis',
    'ensuite',
    'aussi',
    'mais',
    'e depois',
    'depois',
    'tambem',
    'porem',
    'und dann',
    'und',
    'dann',
    'danach',
    'auch',
    'aber',
    'sondern',
    'sowie',
    'en dan',
    // Dutch "and", not French "en" before what French puts after it ("en sépia", "en 4:3", "en gardant")
    'en(?! (?:\\d|noir|n&b|sepia|couleurs?|gris|niveaux|monochrome|haut|bas|douceur|plus|format|mode|portrait|paysage|gardant|laissant|conservant|evitant|carre|entier|entiere|totalite|partie))',
    'dan',
    'daarna',
    'ook',
    'maar',
    'ثم',
    'ايضا',
    'لكن',
    'بعد ذلك',
    'كذلك',
  ].join('|')})(?![\\p{L}\\d'])`,
  'gu',
)

/** Conjunctions, as opposed to punctuation or "then": a bare clause after one shares the part named before. */
export const AND = /^(?:and|y|e|et|und|en|و|as well as|sowie)$/u

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end

/**
 * Splits a normalised request into clauses. A separator inside a phrase the lexicon knows ("black and white",
 * "preto e branco", "crop … en 4:3") does not split it; Arabic "و" splits only where an edit word follows it
 * or a verb such as "اجعلها" ("وقصها", "واجعلها"), since many Arabic words begin with that letter.
 */
export function splitClauses(
  text: string,
  phrases: Span[],
  wordStarts: number[],
  isVerb: (word: string) => boolean,
): Clause[] {
  const cuts: Array<Span & { joiner: string }> = []
  SEPARATOR.lastIndex = 0
  for (const m of text.matchAll(SEPARATOR)) {
    const cut = { start: m.index, end: m.index + m[0].length, joiner: m[0] }
    if (!phrases.some((p) => overlaps(p, cut))) cuts.push(cut)
  }
  const starts = new Set(wordStarts)
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== 'و' || (i > 0 && text[i - 1] !== ' ')) continue
    const word = /^\p{L}+/u.exec(text.slice(i + 1))?.[0] ?? ''
    if (!starts.has(i + 1) && !isVerb(word)) continue
    const cut = { start: i, end: i + 1, joiner: 'و' }
    if (!phrases.some((p) => overlaps(p, cut))) cuts.push(cut)
  }
  cuts.sort((a, b) => a.start - b.start)
  const clauses: Clause[] = []
  let start = 0
  let joiner = ''
  for (const cut of cuts) {
    if (cut.start < start) continue
    if (pushClause(text, clauses, start, cut.start, joiner)) joiner = ''
    start = cut.end
    joiner = cut.joiner.trim() || joiner
  }
  pushClause(text, clauses, start, text.length, joiner)
  return clauses
}

function pushClause(text: string, clauses: Clause[], start: number, end: number, joiner: string): boolean {
  let s = start
  let e = end
  while (s < e && text[s] === ' ') s++
  while (e > s && text[e - 1] === ' ') e--
  if (e > s) clauses.push({ start: s, end: e, joiner })
  return e > s
}

/** The words of a stretch of text, with where each starts and ends. */
export function tokens(text: string, span: Span): Array<Span & { word: string }> {
  const out: Array<Span & { word: string }> = []
  const slice = text.slice(span.start, span.end)
  for (const m of slice.matchAll(/[\p{L}\d%]+/gu)) {
    out.push({ start: span.start + m.index, end: span.start + m.index + m[0].length, word: m[0] })
  }
  return out
}
