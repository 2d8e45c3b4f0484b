import type { Rgb } from '../color.ts'
import {
  COLOUR_WORDS,
  CONNECTORS,
  MATERIAL_COLOUR,
  MATERIAL_PART,
  MATERIAL_WORDS,
  type Material,
  PART_WORDS,
  type Part,
} from './words-lexicon.ts'

export type { Material, Part }

/** What the description says a part of the building is made of and coloured: either may be missing. */
export interface Finish {
  material: Material | null
  colour: Rgb | null
}

export type Finishes = Partial<Record<Part, Finish>>

type Token =
  | { kind: 'part'; part: Part }
  | { kind: 'material'; material: Material }
  | { kind: 'colour'; rgb: Rgb }
  | { kind: 'break' }
  | { kind: 'other' }

/**
 * Reads the materials and colours a sketch description gives the parts of a building, in any of the seven
 * languages (docs/product.md#sketch-description): "a red brick house with a black roof" → walls brick, red;
 * roof black. Phrases are split at "with", "and" and commas; in a phrase each material or colour goes to the
 * nearest part word (a house, a cabin and a facade are the walls); a material with no part goes where it
 * usually is (slate on the roof, glass in the windows), a lone colour on the walls. First mention wins.
 */
export function readFinishes(description: string): Finishes {
  const out: Finishes = {}
  for (const phrase of phrases(tokens(description))) {
    const parts = phrase.flatMap((t, i) => (t.kind === 'part' ? [{ at: i, part: t.part }] : []))
    phrase.forEach((t, i) => {
      if (t.kind !== 'material' && t.kind !== 'colour') return
      const part = nearest(parts, i) ?? (t.kind === 'material' ? MATERIAL_PART[t.material] : 'walls')
      out[part] ??= { material: null, colour: null }
      const finish = out[part]
      if (t.kind === 'material') finish.material ??= t.material
      else finish.colour ??= t.rgb
    })
  }
  return out
}

/** The colour a part is painted: its named colour, else its material's own colour, else none. */
export function finishColour(finish: Finish | undefined): Rgb | null {
  if (!finish) return null
  const own = finish.material ? MATERIAL_COLOUR[finish.material] : null
  if (finish.colour && own) {
    // "red brick" is a brick red, "grey slate" a slate grey: the named colour, toned by the material's own
    const t = 0.4
    return finish.colour.map((c, k) => c + (own[k]! - c) * t) as unknown as Rgb
  }
  return finish.colour ?? own
}

/** The nearest part word; on a tie the one after (adjectives come first in en, de and nl). */
function nearest(parts: { at: number; part: Part }[], i: number): Part | null {
  let best: Part | null = null
  let bestDistance = Number.POSITIVE_INFINITY
  for (const p of parts) {
    const d = Math.abs(p.at - i) - (p.at > i ? 0.5 : 0)
    if (d < bestDistance) {
      bestDistance = d
      best = p.part
    }
  }
  return best
}

function phrases(all: Token[]): Token[][] {
  const out: Token[][] = [[]]
  for (const t of all) {
    if (t.kind === 'break') out.push([])
    else out[out.length - 1]!.push(t)
  }
  return out
}

/** Lower case, accents removed, Arabic letter variants folded, split into words and punctuation breaks. */
function tokens(text: string): Token[] {
  const folded = text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/[\u064b-\u0655]/g, '')
  const out: Token[] = []
  for (const m of folded.matchAll(/[\p{L}]+|[,;.:!?،؛]/gu)) {
    const word = m[0]
    if (/^[,;.:!?،؛]$/.test(word) || CONNECTORS.has(word)) {
      out.push({ kind: 'break' })
      continue
    }
    out.push(...arabicPrefixed(word))
  }
  return out
}

/** Arabic joins "and" (و) and "with" (ب) to the next word, and "the" (ال): each is taken off before lookup. */
function arabicPrefixed(word: string): Token[] {
  const direct = lookup(word)
  if (direct.kind !== 'other' || !/^[\u0600-\u06ff]/.test(word)) return [direct]
  const m = /^(و|ب|ف)?(ال|لل)?(.{2,})$/.exec(word)
  if (!m) return [direct]
  const found = lookup(m[3]!)
  if (found.kind === 'other') return [direct]
  return m[1] ? [{ kind: 'break' }, found] : [found]
}

function matches(word: string, entry: string): boolean {
  if (word === entry) return true
  const extra = word.length - entry.length
  const allowed = entry.length >= 4 ? 3 : entry.length === 3 ? 2 : 0
  return extra > 0 && extra <= allowed && word.startsWith(entry)
}

function lookup(word: string): Token {
  for (const [part, words] of Object.entries(PART_WORDS) as [Part, readonly string[]][]) {
    if (words.some((w) => matches(word, w))) return { kind: 'part', part }
  }
  for (const [material, words] of Object.entries(MATERIAL_WORDS) as [Material, readonly string[]][]) {
    if (words.some((w) => matches(word, w))) return { kind: 'material', material }
  }
  for (const c of COLOUR_WORDS)
    if (c.words.some((w) => matches(word, w))) return { kind: 'colour', rgb: c.rgb }
  return { kind: 'other' }
}
