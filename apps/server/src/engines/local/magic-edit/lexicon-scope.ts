import type { Lexeme } from './lexicon.ts'

/**
 * Words that change how an edit is read rather than naming one, in the seven languages (see lexicon.ts for the
 * spelling rules): negation, keeping things as they are, moderation, and the part of the picture an edit is
 * bound to. Arabic ones that are whole short words carry their own boundaries, since Arabic fragments are
 * matched anywhere.
 */
const AR_WORD = (w: string) => `(?<![\\p{L}])(?:و|ف)?(?:${w})(?![\\p{L}])`

/** "not only … but also": neither a negation nor a limit to one part. */
export const NOT_ONLY: Lexeme = {
  latin: [
    'not (?:only|just)',
    'no (?:solo|solamente|sólo)',
    '(?:non|pas) seulement',
    'pas que',
    'nao (?:so|apenas|somente)',
    'nicht nur',
    'niet (?:alleen|enkel)',
  ],
  arabic: [AR_WORD('ليس فقط|لا فقط')],
}

/** "not too much", "pas trop", "nicht zu sehr": the edit before it, gently; never its opposite. */
export const MODERATE: Lexeme = {
  latin: [
    'not (?:too|so|that)(?: much| strong(?:ly)?| far)?',
    "don'?t overdo it",
    'no (?:tanto|demasiado|mucho|muy|exageres)',
    'sin exagerar',
    'pas trop',
    'sans (?:en faire trop|exagerer)',
    "n'exagere(?:z)? pas",
    'nao (?:tanto|muito|demais|exagere)',
    'sem exagerar',
    // not the particle of a separable verb: "schneide es nicht zu" is "do not crop it"
    'nicht (?:zu|so)(?! ?(?:$|[,.;!?]|und |aber |dann ))(?: sehr| viel| stark)?',
    'nicht ubertreiben',
    'niet (?:te|zo) ?(?:veel|sterk)?',
    'niet overdrijven',
  ],
  arabic: ['ليس كثيرا', 'بدون مبالغه', 'دون مبالغه', 'لا تبالغ'],
}

/** "not … enough": the user wants more of it ("not bright enough" is brighter). */
export const ENOUGH: Lexeme = {
  latin: ['enough', 'lo (?:bastante|suficiente)', 'suficiente(?:mente)?', 'assez', 'genug', 'genoeg'],
  arabic: ['بما يكفي', 'بما فيه الكفايه', 'كفايه'],
}

/** Negation before the edit it negates: "don't", "sin", "ne … pas", "não", "kein", "geen", "لا". */
export const NEGATE: Lexeme = {
  latin: [
    "(?:do|does|did|is|are|was|were|should|must|would|could|can|ca|wo|have|has)n'?t",
    'do not',
    'not',
    'no',
    'never',
    'without',
    'avoid',
    'nunca',
    'jamas',
    'sin',
    'ni',
    'tampoco',
    'ne',
    "n'",
    'pas',
    'jamais',
    'sans',
    'aucune?',
    'nao',
    'sem',
    'nem',
    'nicht',
    'nie(?:mals)?',
    'kein(?:e|en|er|em|es)?',
    'ohne',
    'niet',
    'nooit',
    'geen',
    'zonder',
  ],
  arabic: [AR_WORD('لا|لن|لم|ليس|ليست|بدون|دون|ابدا|مش|بلاش|من غير|لاتجعل')],
}

/** Negation that follows the verb in German, Dutch and French ("verdunkle es nicht", "l'assombris pas"). */
export const NEGATE_AFTER: Lexeme = {
  latin: ['nicht', 'nie(?:mals)?', 'niet', 'nooit', 'pas', 'jamais'],
  arabic: [],
}

/** Verbs that keep something as it is on their own: "keep the colours", "conserve", "behalte", "حافظ على". */
export const KEEP: Lexeme = {
  latin: [
    'keep',
    'preserve',
    'retain',
    'conserv(?:a|ar|e|es|ez|er)',
    'manten(?:er|ga|gas)?',
    'mantenha',
    'manter',
    'mantem',
    'garde(?:r|z)?',
    'preserve(?:r|z)?',
    'behalt(?:e|en)?',
    'bewahr(?:e|en)?',
    'erhalt(?:e|en)',
    'behoud(?:en)?',
    'houd',
    'bewaar',
  ],
  arabic: ['حافظ علي', 'احتفظ ب', AR_WORD('ابق|ابقي|ابقها|ابقه')],
}

/** Verbs that keep something only with "as it is" after them ("deixe" is also "make", "lass" also "let"). */
export const LEAVE: Lexeme = {
  latin: [
    'leave',
    'let',
    'dej(?:a|ar|alo|ala|e)',
    'laisse(?:r|z)?',
    'deix(?:a|e|ar)',
    'lass(?:e|en)?',
    'laat',
    'laten',
  ],
  arabic: [AR_WORD('اترك|اتركها|اتركه|دع|دعها')],
}

/** "as it is", "tal cual", "tel quel", "so wie es ist": keeps the clause's part unchanged even without a verb. */
export const AS_IS: Lexeme = {
  latin: [
    'as (?:it|they|he|she) (?:is|are|was|were)',
    'as is',
    'unchanged',
    'untouched',
    'alone',
    'como (?:esta|estan|estaba|estao|estava)',
    'tal (?:cual|como esta)',
    'sin cambios?',
    'intact[aoe]?s?',
    'tel(?:le)?s? quel(?:le)?s?',
    'comme (?:ca|il est|elle est|ils sont|elles sont|avant)',
    'sans changement',
    'sem (?:alteracao|alteracoes|mudancas?)',
    '(?:so )?wie (?:es|sie|er) (?:ist|sind|war)',
    'unverandert',
    'in ruhe',
    'unberuhrt',
    'zoals (?:het|ze|hij) (?:is|zijn|was)',
    'ongewijzigd',
    'met rust',
    'onaangeroerd',
    'ongemoeid',
  ],
  arabic: ['كما هي', 'كما هو', 'كما هم', 'دون تغيير', 'بدون تغيير', 'علي حاله', 'علي حالها'],
}

/** Weaker "as it is" words, read so only after a keep or leave verb ("deja igual", "lass es so", "laat het zo"). */
export const AS_IS_AFTER_VERB: Lexeme = {
  latin: ['(?:the )?same', 'igual(?:es)?', 'pareil(?:le)?s?', 'so', 'zo', 'bei'],
  arabic: [],
}

/** "only the sky", "just the walls", "solo", "nur", "alleen", "فقط": what follows is the part to edit. */
export const ONLY: Lexeme = {
  latin: [
    'only',
    'just',
    'solely',
    'solo',
    'solamente',
    'unicamente',
    'seulement',
    'uniquement',
    'juste',
    'so',
    'somente',
    'apenas',
    'nur',
    'lediglich',
    'bloss',
    'ausschliesslich',
    'alleen',
    'enkel',
    'slechts',
    'uitsluitend',
  ],
  arabic: ['فقط', AR_WORD('وحده|وحدها')],
}

/**
 * Plain adjectives, read only in "not … enough" ("not bright enough" asks for brighter) and after "and" and an
 * edit ("más cálida y luminosa").
 */
export const BRIGHT_BASE: Lexeme = {
  latin: [
    'bright',
    'light',
    'luminous',
    'brillante',
    'luminos[ao]',
    'clar[ao]',
    'lumineu(?:x|se)',
    'claire?',
    'brilhante',
    'hell',
    'licht',
    'helder',
  ],
  arabic: ['ساطع', 'مضيئ', 'مضيء', 'فاتح', 'مشرق'],
}

export const DARK_BASE: Lexeme = {
  latin: ['dark', 'oscur[ao]', 'sombre', 'foncee?', 'escur[ao]', 'dunkel', 'donker'],
  arabic: ['داكن', 'غامق', 'مظلم'],
}

export const WARM_BASE: Lexeme = {
  latin: ['warm', 'calid[ao]', 'chaude?', 'quente'],
  arabic: ['دافئ'],
}

export const SHARP_BASE: Lexeme = {
  latin: ['sharp', 'crisp', 'nitid[ao]', 'nette?', 'scharf', 'scherp'],
  arabic: ['حاد', 'واضح'],
}

export const VIVID_BASE: Lexeme = {
  latin: [
    'vivid',
    'colou?rful',
    'saturated',
    'viv[oa]s?',
    'vif',
    'vive',
    'colorid[ao]',
    'lebendig',
    'bunt',
    'levendig',
    'kleurrijk',
  ],
  arabic: ['زاهي', 'حيوي'],
}
