import type { Lexeme } from './lexicon.ts'

/**
 * Parts of the picture an edit can be bound to, in the seven languages (see lexicon.ts for the spelling rules).
 * A side or a range of tones the local engine finds by itself; any other part (the sky, the walls) only with
 * the lasso.
 */
export const SIDE_LEFT: Lexeme = {
  latin: [
    '(?:the )?left(?: side| half| part| hand side)?',
    '(?:el )?lado izquierdo',
    '(?:la )?(?:mitad|parte|zona) izquierda',
    'a la izquierda',
    '(?:le )?cote gauche',
    '(?:la )?(?:moitie|partie) gauche',
    'a gauche',
    '(?:o )?lado esquerdo',
    '(?:a )?(?:metade|parte) esquerda',
    'a esquerda',
    'linke(?:n|r)? (?:seite|halfte|teil|bereich)',
    'links',
    'linker ?(?:kant|helft|deel|zijde)',
  ],
  arabic: ['الجانب الايسر', 'النصف الايسر', 'الجزء الايسر', 'اليسار'],
}

export const SIDE_RIGHT: Lexeme = {
  latin: [
    '(?:the )?right(?: side| half| part| hand side)',
    'on the right',
    '(?:el )?lado derecho',
    '(?:la )?(?:mitad|parte|zona) derecha',
    'a la derecha',
    '(?:le )?cote droit',
    '(?:la )?(?:moitie|partie) droite',
    'a droite',
    '(?:o )?lado direito',
    '(?:a )?(?:metade|parte) direita',
    'a direita',
    'rechte(?:n|r)? (?:seite|halfte|teil|bereich)',
    'rechts',
    'rechter ?(?:kant|helft|deel|zijde)',
  ],
  arabic: ['الجانب الايمن', 'النصف الايمن', 'الجزء الايمن', 'اليمين'],
}

export const SIDE_TOP: Lexeme = {
  latin: [
    '(?:the )?(?:top|upper)(?: side| half| part)?',
    '(?:la )?(?:mitad|parte|zona) (?:superior|de arriba)',
    'arriba',
    '(?:la )?(?:moitie|partie) (?:superieure|haute|du haut)',
    'en haut',
    'le haut',
    '(?:a )?(?:metade|parte) (?:superior|de cima)',
    'em cima',
    'obere(?:n|r)? (?:halfte|teil|bereich|seite)',
    'oben',
    'bovenste (?:helft|deel)',
    'bovenkant',
    'boven(?:aan)?',
  ],
  arabic: ['النصف العلوي', 'الجزء العلوي', 'الاعلي'],
}

export const SIDE_BOTTOM: Lexeme = {
  latin: [
    '(?:the )?(?:bottom|lower)(?: side| half| part)?',
    '(?:la )?(?:mitad|parte|zona) (?:inferior|de abajo)',
    'abajo',
    '(?:la )?(?:moitie|partie) (?:inferieure|basse|du bas)',
    'en bas',
    'le bas',
    '(?:a )?(?:metade|parte) (?:inferior|de baixo)',
    'em ?baixo',
    'untere(?:n|r)? (?:halfte|teil|bereich|seite)',
    'unten',
    'onderste (?:helft|deel)',
    'onderkant',
    'onderaan',
  ],
  arabic: ['النصف السفلي', 'الجزء السفلي', 'الاسفل'],
}

export const SHADOWS: Lexeme = {
  latin: [
    '(?:the )?shadows',
    '(?:the )?dark (?:areas|parts|tones)',
    '(?:las )?sombras',
    '(?:las )?zonas oscuras',
    '(?:les )?ombres',
    '(?:les )?zones (?:sombres|d.ombre)',
    '(?:as )?zonas escuras',
    '(?:die )?(?:schatten|tiefen)',
    '(?:die )?dunklen (?:bereiche|stellen)',
    '(?:de )?schaduwen',
    '(?:de )?donkere (?:delen|partijen|stukken)',
  ],
  arabic: ['الظلال', 'المناطق المظلمه', 'المناطق الداكنه'],
}

export const HIGHLIGHTS: Lexeme = {
  latin: [
    '(?:the )?highlights',
    '(?:the )?bright (?:areas|parts|tones)',
    '(?:las )?(?:luces altas|altas luces)',
    '(?:las )?zonas (?:claras|brillantes)',
    '(?:les )?hautes lumieres',
    '(?:les )?zones claires',
    '(?:os )?realces',
    '(?:as )?altas luzes',
    '(?:die )?spitzlichter',
    '(?:die )?hellen (?:bereiche|stellen)',
    '(?:de )?hoge lichten',
    '(?:de )?lichte (?:delen|partijen)',
  ],
  arabic: ['الاضاءات العاليه', 'المناطق الساطعه', 'المناطق المضيئه'],
}

/** "like a sunset", "como", "comme", "wie", "zoals", "مثل": what follows describes, it is not a part. */
export const LIKE: Lexeme = {
  latin: ['like', 'como', 'comme', 'wie', 'zoals', 'als ob', 'as if'],
  arabic: ['مثل', 'كانها'],
}

/** "for a listing", "para un anuncio", "pour une annonce", "für ein Exposé": the purpose, not a part. */
export const PURPOSE: Lexeme = {
  latin: ['for', 'so (?:that|it)', 'para', 'pour', 'afin de', 'pra', 'fur', 'damit', 'voor', 'zodat'],
  arabic: ['من اجل', 'لكي', 'لاجل'],
}

/** Things in a photo a user may bind an edit to; none of them can the local engine find without the lasso. */
export const PARTS = new Set([
  // en
  ...'sky wall walls floor floors ceiling window windows door doors sofa couch chair chairs table bed rug carpet curtains lamp cabinets furniture facade roof garden lawn grass tree trees plant plants pool person people car cars foreground subject background'.split(
    ' ',
  ),
  // es
  ...'cielo pared paredes suelo techo ventana ventanas puerta puertas silla sillas mesa cama alfombra cortinas lampara muebles fachada tejado jardin cesped arbol arboles fondo persona coche'.split(
    ' ',
  ),
  // fr
  ...'ciel mur murs plafond fenetre fenetres porte portes canape chaise chaises lit tapis rideaux lampe meubles toit pelouse arbre arbres voiture arriere'.split(
    ' ',
  ),
  // pt
  ...'ceu parede paredes chao teto janela janelas porta portas cadeira cadeiras tapete luminaria moveis telhado jardim grama arvore arvores carro'.split(
    ' ',
  ),
  // de
  ...'himmel wand wande boden decke fenster tur turen stuhl stuhle tisch bett teppich vorhang vorhange mobel fassade dach rasen baum baume auto hintergrund vordergrund'.split(
    ' ',
  ),
  // nl
  ...'lucht muur muren vloer raam ramen deur deuren bank stoel stoelen tafel vloerkleed gordijnen meubels gevel tuin boom bomen achtergrond voorgrond'.split(
    ' ',
  ),
  // ar (without the article)
  ...'سماء جدار جدران حائط حوائط ارضيه سقف نافذه نوافذ شباك باب ابواب اريكه كنبه كرسي طاوله سرير سجاده ستائر مصباح اثاث واجهه حديقه عشب شجره اشجار سياره خلفيه'.split(
    ' ',
  ),
])
