import type { EditOp } from './ops.ts'

/**
 * Amounts written out in a request: stops of exposure ("by one stop", "+1 EV", "eine Blende"), percentages
 * ("20 %", "por ciento", "Prozent") and angles ("45 degrees"), in the seven languages, over normalised text.
 */
export interface Amount {
  start: number
  end: number
  kind: 'stops' | 'percent' | 'degrees'
  value: number
  /** "+" or "-" when written with a sign */
  sign: 1 | -1 | 0
}

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  half: 0.5,
  'half a': 0.5,
  un: 1,
  uno: 1,
  una: 1,
  une: 1,
  um: 1,
  uma: 1,
  ein: 1,
  eine: 1,
  einen: 1,
  einer: 1,
  een: 1,
  dos: 2,
  deux: 2,
  dois: 2,
  duas: 2,
  zwei: 2,
  twee: 2,
  tres: 3,
  trois: 3,
  drei: 3,
  drie: 3,
  medio: 0.5,
  'medio paso': 0.5,
  demi: 0.5,
  meio: 0.5,
  halb: 0.5,
  halbe: 0.5,
  halve: 0.5,
  واحد: 1,
  واحده: 1,
  اثنين: 2,
  اثنتين: 2,
  ثلاث: 3,
  ثلاثه: 3,
  نصف: 0.5,
}

const NUMBER = `(\\d+(?:[.,]\\d+)?|${Object.keys(WORD_NUMBERS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`

const STOP_UNIT =
  '(?:f-?)?stops?|ev|pasos?|puntos?(?: de exposicion)?|diaph(?:s|ragmes?)?|crans?|il|pontos?|blenden(?:stufen?)?|blende|stufen?|lichtwaarden?|belichtingsstappen?|ستوب|وقفه|وقفات|درجه تعريض'
const PERCENT_UNIT = '%|percent|per ?cent|por ?ciento|pour ?cent|por ?cento|prozent|procent|بالمئه|في المئه'
const DEGREE_UNIT = '°|º|degrees?|deg|grados?|degres?|graus?|grad|graden|درجه|درجات'

const B = '(?<![\\p{L}\\d])'
const E = '(?![\\p{L}\\d])'
const PATTERNS: Array<{ kind: Amount['kind']; re: RegExp }> = [
  {
    kind: 'stops',
    re: new RegExp(`${B}([+-])? ?${NUMBER} ?(?:${STOP_UNIT})${E}|(?:${STOP_UNIT}) ?${NUMBER}${E}`, 'gu'),
  },
  {
    kind: 'stops',
    re: new RegExp(
      `${B}(?:exposure|ev|exposicion|exposition|exposicao|belichtung|belichting) ?([+-]) ?${NUMBER}${E}`,
      'gu',
    ),
  },
  { kind: 'percent', re: new RegExp(`${B}([+-])? ?${NUMBER} ?(?:${PERCENT_UNIT})(?![\\p{L}])`, 'gu') },
  { kind: 'degrees', re: new RegExp(`${B}([+-])? ?${NUMBER} ?(?:${DEGREE_UNIT})(?![\\p{L}])`, 'gu') },
]

function numberOf(word: string): number {
  const n = WORD_NUMBERS[word]
  return n ?? Number(word.replace(',', '.'))
}

/** Every amount written in the text, first to last. */
export function findAmounts(text: string): Amount[] {
  const out: Amount[] = []
  for (const { kind, re } of PATTERNS) {
    re.lastIndex = 0
    for (const m of text.matchAll(re)) {
      const groups = m.slice(1).filter((g) => g !== undefined)
      const signWord = groups.find((g) => g === '+' || g === '-')
      const numberWord = groups.find((g) => g !== '+' && g !== '-')
      if (numberWord === undefined) continue
      const value = numberOf(numberWord)
      if (!Number.isFinite(value) || value <= 0) continue
      const start = m.index
      const end = m.index + m[0].length
      if (out.some((a) => start < a.end && a.start < end)) continue
      out.push({ start, end, kind, value, sign: signWord === '-' ? -1 : signWord === '+' ? 1 : 0 })
    }
  }
  return out.sort((a, b) => a.start - b.start)
}

/** How far a percentage moves each kind of edit: 1 is the plain edit ("warmer"), about a stop of exposure. */
const PER_PERCENT: Partial<Record<EditOp['kind'], number>> = {
  brightness: 1 / 21,
  contrast: 1 / 40,
  warmth: 1 / 30,
  saturation: 1 / 40,
  sharpen: 1 / 50,
  'blur-background': 1 / 50,
}

/** The strength an amount asks of an edit (before its sign), or null when the amount does not apply to it. */
export function strengthFrom(amount: Amount, kind: EditOp['kind']): number | null {
  if (amount.kind === 'stops') return kind === 'brightness' ? Math.min(3, amount.value) : null
  if (amount.kind === 'percent') {
    const k = PER_PERCENT[kind]
    return k ? Math.min(3, Math.max(0.1, amount.value * k)) : null
  }
  return null
}

/** The amount in the reply's words: "by one stop", "by 20%". */
export function amountWords(amount: Amount): string {
  if (amount.kind === 'percent') return `by ${amount.value}%`
  if (amount.kind === 'stops') {
    if (amount.value === 0.5) return 'by half a stop'
    if (amount.value === 1) return 'by one stop'
    return `by ${amount.value} stops`
  }
  return `by ${amount.value}°`
}
