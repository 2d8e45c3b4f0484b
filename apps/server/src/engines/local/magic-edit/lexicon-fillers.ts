/**
 * Words that carry no edit of their own (politeness, "make it", "the picture", pronouns), in the normalised
 * spelling of lexicon.ts. A clause made only of these and of edit words is fully understood; a word outside
 * them is either the part an edit is bound to or something the local engine did not understand.
 */
const WORDS = [
  // en
  "please pls plz can could would will you u i i'd i'm we want wanted need needs like love it it's its is are be was this that these those the a an make made makes making turn get set give render let let's lets us me my our your to of for in on at by with into onto from up out now also too so here there thanks thank ok okay yes yeah no hey hi hello some any bit little tad touch lot lots more less much very really quite rather again image images picture pictures photo photos photograph pic shot view scene room space interior whole entire overall everything all thing things look looks looking feel details detail kitchen house building colours colors colour color tones tone tint lighting exposure brightness degree degrees deg stop stops ev percent per cent times one two three half do does done just kind sort way well maybe perhaps slightly somewhat",
  // es
  'por favor puedes podrias puede quiero quisiera necesito hazlo hazla haz hacer hagas hacerlo ponlo ponla pon poner deja dejalo dejala dejar que sea este esta esto eso esa ese la el lo los las un una unos unas imagen imagenes foto fotos fotografia todo toda todos a al de del en con para mas menos poco poquito muy grados grado gracias si ahora tambien colores color tonos tono iluminacion me te se le les mi tu vez es son estan bien ok vale dale favor algo detalles cocina casa paso pasos punto puntos ciento',
  // fr
  'il te vous plait peux pourrais pouvez veux voudrais rends rendre rendez fais faire faites mets mettre mettez la le les un une des de du a au aux en avec pour sur image images photo photos tout toute toutes tous plus moins peu tres degres degre merci oui maintenant aussi couleurs couleur tons ton ca cela ce cette ceci me moi est sont bien ok encore rend diaph diaphs cent details cuisine maison',
  // pt
  'por favor pode podes poderia quero queria preciso deixe deixa deixar faca faz fazer torne torna tornar ponha coloque a o as os um uma uns umas imagem imagens foto fotos fotografia tudo toda todo de do da dos das em no na nos nas com para pra mais menos pouco muito graus grau obrigado obrigada sim agora tambem cores cor tons tom isso isto esse essa este esta me ela ele vez bem ok e sao estao ponto pontos cento detalhes cozinha casa',
  // de
  'bitte kannst konntest konnen du sie ich mochte will willst mach mache machen es das die der den dem des ein eine einen einem einer bild bilder foto fotos ganze ganzes alles etwas bisschen mehr weniger auf zu um mit fur in im am an von vom grad danke ja jetzt auch farben farbe tone ton noch mal gerne lassen sein ist sind werden wirken aussehen ok blende blenden stufe stufen prozent details einzelheiten kuche haus',
  // nl
  'alsjeblieft alstublieft aub graag kun kan kunt je jij u ik wil wilt maak maken het de een dit dat deze die afbeelding foto fotos beeld alles geheel hele wat beetje meer minder op naar met voor in aan van bij graden graad bedankt dank ja nu ook kleuren kleur tinten tint eens nog keer laten zijn worden ok er uit zien uitzien procent details keuken huis',
  // ar (normalised, without the article where it takes one)
  'من فضلك لو سمحت ممكن اريد اجعل اجعلها اجعله اجعلي خلي خليها خليه الصوره صوره هذه هذا هذي ذلك الي علي في مع شكرا نعم الان الالوان الوان درجه درجات كل كلها اكثر اقل شويه قليلا الضوء الاضاءه بمقدار التفاصيل المطبخ المنزل',
]

const FILLER = new Set(WORDS.join(' ').split(' '))

/** Articles, determiners and prepositions that put a noun after them ("the walls", "les murs", "auf dem Sofa"). */
export const ARTICLES = new Set(
  'the my this that these those el la los las lo le les l un una une des du au aux o a os as um uma der die das den dem des ein eine einen einem de het een on in at op auf im am sur dans no na em'.split(
    ' ',
  ),
)

/** Arabic clitics: "and", "so", "with", "for", "like" and the article before a word; pronouns after it. */
const AR_PREFIX = /^(?:و|ف)?(?:ب|ل|ك)?(?:ال)?/u
const AR_SUFFIX = /(?:ها|هم|هن|ه|ي|نا|ك)$/u

/** The word as the lists spell it: Arabic without its clitics. */
export function stem(token: string): string {
  if (!/\p{Script=Arabic}/u.test(token)) return token
  const bare = token.replace(AR_PREFIX, '')
  return bare.length > 3 ? bare.replace(AR_SUFFIX, '') : bare
}

/** A word that says nothing about what to edit or where. */
export function isFiller(token: string): boolean {
  if (FILLER.has(token) || /^[\d%]+$/u.test(token) || /^\p{Script=Latin}$/u.test(token)) return true
  if (!/\p{Script=Arabic}/u.test(token)) return false
  const bare = stem(token)
  return (
    bare.length <= 2 || FILLER.has(bare) || FILLER.has(`ال${bare}`) || FILLER.has(token.replace(/^و/u, ''))
  )
}
