/**
 * The words for each edit in the seven languages (en, es, fr, pt, de, nl, ar), written as regular-expression
 * fragments over normalised text (see normalise.ts: no accents, lower case, one Arabic alef). Latin fragments are
 * matched as whole words; Arabic ones anywhere, because Arabic attaches "the", "and" and "with" to the word.
 */
export interface Lexeme {
  latin: string[]
  arabic: string[]
}

export const A_BIT: Lexeme = {
  latin: [
    'a (?:bit|little|touch|tad)',
    'slightly',
    'somewhat',
    'un (?:poco|poquito)',
    'ligeramente',
    'un peu',
    'legerement',
    'um pouco',
    'ligeiramente',
    'levemente',
    'etwas',
    'ein (?:bisschen|wenig)',
    'leicht',
    'een (?:beetje|tikje)',
    'iets',
    'enigszins',
  ],
  arabic: ['قليلا', 'بعض الشيء', 'شويه'],
}

export const A_LOT: Lexeme = {
  latin: [
    'much',
    'a lot',
    'way',
    'very',
    'really',
    'significantly',
    'mucho',
    'muy',
    'bastante',
    'beaucoup',
    'tres',
    'nettement',
    'muito',
    'bem',
    'viel',
    'sehr',
    'deutlich',
    'stark',
    'veel',
    'heel',
    'flink',
    'sterk',
  ],
  arabic: ['كثيرا', 'جدا', 'بشكل كبير'],
}

export function compile(lexeme: Lexeme): RegExp {
  const parts: string[] = []
  if (lexeme.latin.length) parts.push(`(?<![\\p{L}\\d])(?:${lexeme.latin.join('|')})(?![\\p{L}])`)
  if (lexeme.arabic.length) parts.push(`(?:${lexeme.arabic.join('|')})`)
  return new RegExp(parts.join('|'), 'gu')
}

export * from './lexicon-actions.ts'
export * from './lexicon-parts.ts'
export * from './lexicon-scope.ts'
export * from './lexicon-tone.ts'
