import type { Lexeme } from './lexicon.ts'

/** Words for framing, geometry, selection and palette edits in the seven languages (see lexicon.ts). */
export const CROP: Lexeme = {
  latin: [
    'crop(?:ped)?',
    'cut (?:it )?to',
    'aspect(?: ratio)?',
    'recort(?:a|ar|e)',
    'formato',
    'relacion de aspecto',
    'recadr(?:e|er|ez|age)',
    'rogne(?:r|z)?',
    'format',
    'cort(?:a|ar|e)',
    'proporcao',
    'zuschneiden',
    'zuschnitt',
    'beschneiden',
    'seitenverhaltnis',
    'bijsnijden',
    'uitsnede',
    'formaat',
    'beeldverhouding',
  ],
  arabic: ['قص', 'اقتصاص', 'اقطع', 'نسبه العرض'],
}

export const SQUARE: Lexeme = {
  latin: ['square', 'cuadrad[ao]', 'carre(?:e)?', 'quadrad[ao]', 'quadratisch', 'vierkant'],
  arabic: ['مربع'],
}

export const ROTATE: Lexeme = {
  latin: [
    'rotat(?:e|ed|ion)',
    'turn(?: it| the (?:image|picture|photo))?(?= (?:90|180|270|left|right|clockwise|counter|anti|upside|sideways))',
    'rot(?:a|ar|ala|alo)',
    'gir(?:a|ar|e|ala|alo)',
    'tourne(?:r|z)?',
    'pivote(?:r|z)?',
    'rod(?:a|ar|e)',
    'rotacion(?:a|ar)',
    'dreh(?:e|en|t)?',
    'rotier(?:e|en)',
    'draai(?:en)?',
    'roteer',
    'roteren',
  ],
  arabic: ['دور', 'ادر', 'تدوير', 'لف الصوره'],
}

export const ROTATE_COUNTER: Lexeme = {
  latin: [
    'counter ?-?clockwise',
    'anti ?-?clockwise',
    'left',
    'izquierda',
    'antihorario',
    'sentido contrario',
    'gauche',
    'sens (?:anti-?horaire|inverse)',
    'esquerda',
    'anti-?horario',
    'links',
    'gegen den uhrzeigersinn',
    'tegen de klok in',
  ],
  arabic: ['عكس عقارب الساعه', 'يسار', 'لليسار'],
}

export const ROTATE_HALF: Lexeme = {
  latin: [
    '180',
    'upside down',
    'al reves',
    'boca abajo',
    "a l'envers",
    'de cabeca para baixo',
    'auf den kopf',
    'ondersteboven',
  ],
  arabic: ['راسا على عقب'],
}

export const FLIP: Lexeme = {
  latin: [
    'flip(?:ped)?',
    'mirror(?:ed)?',
    'volte(?:a|ar|ala|alo)',
    'reflej(?:a|ar)',
    'espejo',
    'retourne(?:r|z)?',
    'miroir',
    'symetri(?:e|que)',
    'espelh(?:a|ar|o)',
    'spiegel(?:n|e|t)?',
    'spiegeln',
    'kippen',
    'spiegelen',
    'omklappen',
  ],
  arabic: ['اعكس', 'اقلب', 'مرآه', 'انعكاس'],
}

export const VERTICAL: Lexeme = {
  latin: [
    'vertical(?:ly|mente)?',
    'verticale(?:ment)?',
    'vertikal',
    'verticaal',
    'upside down',
    'top to bottom',
  ],
  arabic: ['عموديا', 'راسيا', 'راسا على عقب'],
}

export const REMOVE: Lexeme = {
  latin: [
    'remove',
    'erase',
    'delete',
    'get rid of',
    'take (?:out|away)',
    'clean (?:up|out)',
    'elimin(?:a|ar|ala|alo)',
    'borr(?:a|ar|ala|alo)',
    'quit(?:a|ar|ala|alo)',
    'suprim(?:e|ir)',
    'supprime(?:r|z)?',
    'enleve(?:r|z)?',
    'efface(?:r|z)?',
    'retire(?:r|z)?',
    'remov(?:e|er|a)',
    'apag(?:a|ar|ue)',
    'tir(?:a|ar|e)',
    'exclu(?:a|i|ir)',
    'entfern(?:e|en|t)?',
    'losch(?:e|en)',
    'wegmachen',
    'beseitig(?:e|en)',
    'verwijder(?:en)?',
    'wis',
    'weghalen',
    'haal (?:het |de |dit |dat )?\\S* ?weg',
  ],
  arabic: ['احذف', 'ازل', 'امسح', 'ازاله', 'حذف', 'تخلص من'],
}

export const PALETTE: Lexeme = {
  latin: [
    '(?:colou?r )?palette',
    'recolou?r',
    'paleta(?: de colores| de cores)?',
    'palette de couleurs',
    'farbpalette',
    'kleurenpalet',
    'palet',
  ],
  arabic: ['لوحه الالوان', 'لوحه الوان', 'باليت'],
}

/** Asking for new objects: the local engine cannot draw them, and says so. */
export const ADD_OBJECTS: Lexeme = {
  latin: [
    'add',
    'insert',
    'put (?:a|an|some)',
    'place (?:a|an|some)',
    'anad(?:e|ir)',
    'agreg(?:a|ar)',
    'pon(?:er)? (?:un|una|unos|unas)',
    'ajoute(?:r|z)?',
    'mets (?:un|une|des)',
    'adicion(?:a|ar|e)',
    'coloc(?:a|ar|que) (?:um|uma)',
    'hinzufugen',
    'fuge (?:\\S+ )*hinzu',
    'einfugen',
    'toevoegen',
    'voeg (?:\\S+ )*toe',
    'plaats (?:een)',
  ],
  arabic: ['اضف', 'ضع', 'اضافه'],
}
