import { describe, expect, it } from 'vitest'
import { EngineError } from '../../types.ts'
import { interpretEditRequest } from './interpret.ts'
import { operationId } from './ops.ts'
import type { Available, EditPlan } from './plan.ts'

/**
 * One request and what the interpreter must make of it (docs/product.md#ask-parti): the operations done, in
 * order (an id of ops.ts, with "@" and the scope when bound to a part: @left, @shadows, @part), the parts
 * refused (reason ids of plan.ts), the operations kept as asked ("-" for a kept part that names none), or the
 * error when nothing can be done. Without `has`, there is no lasso selection and no palette.
 */
interface Row {
  ops?: string[]
  refused?: string[]
  kept?: string[]
  error?: 'unsupported_request' | 'invalid_input'
  has?: Partial<Available>
}

const T: Record<'en' | 'es' | 'fr' | 'pt' | 'de' | 'nl' | 'ar', Array<[string, Row]>> = {
  en: [
    ['Make it warmer and brighter', { ops: ['warmer', 'brighter'] }],
    ['Crop it to 16:9 for a listing', { ops: ['crop:16:9'] }],
    ['Add contrast and richer colours', { ops: ['contrast:up', 'saturation:up'] }],
    ['the room looks too dark, brighten it up', { ops: ['brighter'] }],
    ['rotate it 90 degrees to the right', { ops: ['rotate:90'] }],
    ['make the kitchen brighter', { ops: ['brighter'] }],
    ["don't make it darker", { kept: ['darker'] }],
    ['do not make it darker', { kept: ['darker'] }],
    ['increase exposure by one stop and straighten the verticals', { ops: ['brighter', 'straighten'] }],
    ['remove the chair', { error: 'invalid_input' }],
    ['remove the chair', { ops: ['remove-selection'], has: { selection: true } }],
    ['make it warmer and add a plant', { ops: ['warmer'], refused: ['add-objects'] }],
    ['make only the sky brighter', { error: 'invalid_input' }],
    ['make only the sky brighter', { ops: ['brighter@part'], has: { selection: true } }],
    ['just the walls a bit warmer', { error: 'invalid_input' }],
    ['brighten the left side', { ops: ['brighter@left'] }],
    ['darken the top half and sharpen', { ops: ['darker@top', 'sharpen'] }],
    ['lift the shadows and warm the highlights', { ops: ['brighter@shadows', 'warmer@highlights'] }],
    [
      'make only the sky brighter and warmer',
      { ops: ['brighter@part', 'warmer@part'], has: { selection: true } },
    ],
    ['brighten the shadows', { ops: ['brighter@shadows'] }],
    ['black and white, no crop', { ops: ['black-and-white'], kept: ['crop:tighter'] }],
    ['make it 20 % brighter', { ops: ['brighter'] }],
    ['warmer but not too much', { ops: ['warmer'] }],
    ["it's not bright enough", { ops: ['brighter'] }],
    ['keep the colours as they are and crop to 16:9', { ops: ['crop:16:9'], kept: ['-'] }],
    ['leave it alone', { kept: ['-'] }],
    ['make it warmer without making it darker', { ops: ['warmer'], kept: ['darker'] }],
    ['never add contrast', { kept: ['contrast:up'] }],
    ['rotate 45 degrees', { error: 'unsupported_request' }],
    ['sepia, then rotate it by 5 degrees', { ops: ['sepia'], refused: ['rotate-angle'] }],
    ['make it look like a Van Gogh', { error: 'unsupported_request' }],
    ['add more contrast', { ops: ['contrast:up'] }],
    ['brighter, also xyzzy frobnicate', { ops: ['brighter'], refused: ['not-understood'] }],
    ['recolour the walls with my palette', { error: 'invalid_input', has: { selection: true } }],
    ['recolour it with my palette', { ops: ['recolour:palette'], has: { palette: true } }],
    ['crop the left side', { error: 'unsupported_request' }],
    ['+1 EV', { ops: ['brighter'] }],
    ['not only warmer but also brighter', { ops: ['warmer', 'brighter'] }],
  ],
  es: [
    ['Hazla más cálida y luminosa', { ops: ['warmer', 'brighter'] }],
    ['Recórtala a 16:9 para un anuncio', { ops: ['crop:16:9'] }],
    ['Más contraste y colores más vivos', { ops: ['contrast:up', 'saturation:up'] }],
    ['no lo hagas más oscuro', { kept: ['darker'] }],
    ['no más oscuro', { kept: ['darker'] }],
    ['sube la exposición un paso y endereza las verticales', { ops: ['brighter', 'straighten'] }],
    ['elimina la silla', { error: 'invalid_input' }],
    ['hazlo más cálido y añade una planta', { ops: ['warmer'], refused: ['add-objects'] }],
    ['solo el cielo más claro', { error: 'invalid_input' }],
    ['aclara el lado izquierdo', { ops: ['brighter@left'] }],
    ['blanco y negro, sin recortar', { ops: ['black-and-white'], kept: ['crop:tighter'] }],
    ['un 20 % más brillante', { ops: ['brighter'] }],
    ['más cálido pero no demasiado', { ops: ['warmer'] }],
    ['deja los colores como están y recorta a 4:3', { ops: ['crop:4:3'], kept: ['-'] }],
    ['gira 45 grados', { error: 'unsupported_request' }],
    ['más contraste, luego gira a la izquierda', { ops: ['contrast:up', 'rotate:-90'] }],
    ['no es lo bastante claro', { ops: ['brighter'] }],
    ['nunca lo hagas sepia', { kept: ['sepia'] }],
  ],
  fr: [
    ['Rendez-la plus chaude et lumineuse', { ops: ['warmer', 'brighter'] }],
    ['Recadrez-la en 16:9 pour une annonce', { ops: ['crop:16:9'] }],
    ['Plus de contraste et des couleurs plus riches', { ops: ['contrast:up', 'saturation:up'] }],
    ['Passez-la en noir et blanc', { ops: ['black-and-white'] }],
    ['ne pas assombrir', { kept: ['darker'] }],
    ["ne l'assombris pas", { kept: ['darker'] }],
    ["augmente l'exposition d'un diaph et redresse les verticales", { ops: ['brighter', 'straighten'] }],
    ['supprime la chaise', { error: 'invalid_input' }],
    ['rends-la plus chaude et ajoute une plante', { ops: ['warmer'], refused: ['add-objects'] }],
    ['éclaircis seulement le ciel', { error: 'invalid_input' }],
    ['éclaircis le côté gauche', { ops: ['brighter@left'] }],
    ['noir et blanc, sans recadrer', { ops: ['black-and-white'], kept: ['crop:tighter'] }],
    ['20 % plus lumineux', { ops: ['brighter'] }],
    ['plus chaude mais pas trop', { ops: ['warmer'] }],
    ['garde les couleurs telles quelles et recadre en 16:9', { ops: ['crop:16:9'], kept: ['-'] }],
    ["ce n'est pas assez lumineux", { ops: ['brighter'] }],
    ['plus de contraste puis tourne à droite', { ops: ['contrast:up', 'rotate:90'] }],
    ['assombris les ombres', { ops: ['darker@shadows'] }],
    ['jamais en sépia', { kept: ['sepia'] }],
  ],
  pt: [
    ['Torne-a mais quente e luminosa', { ops: ['warmer', 'brighter'] }],
    ['Recorte-a em 16:9 para um anúncio', { ops: ['crop:16:9'] }],
    ['Mais contraste e cores mais ricas', { ops: ['contrast:up', 'saturation:up'] }],
    ['não escureça', { kept: ['darker'] }],
    ['não deixe mais escuro', { kept: ['darker'] }],
    ['aumente a exposição em um stop e endireite as verticais', { ops: ['brighter', 'straighten'] }],
    ['remova a cadeira', { error: 'invalid_input' }],
    ['deixe mais quente e adicione uma planta', { ops: ['warmer'], refused: ['add-objects'] }],
    ['só o céu mais claro', { error: 'invalid_input' }],
    ['clareie o lado esquerdo', { ops: ['brighter@left'] }],
    ['preto e branco, sem cortar', { ops: ['black-and-white'], kept: ['crop:tighter'] }],
    ['20 % mais claro', { ops: ['brighter'] }],
    ['mais quente mas não muito', { ops: ['warmer'] }],
    ['mantenha as cores como estão e corte para 16:9', { ops: ['crop:16:9'], kept: ['-'] }],
    ['gire 30 graus', { error: 'unsupported_request' }],
    ['mais contraste e depois gire para a esquerda', { ops: ['contrast:up', 'rotate:-90'] }],
    ['nunca em sépia', { kept: ['sepia'] }],
    ['escureça a metade superior', { ops: ['darker@top'] }],
  ],
  de: [
    ['Wärmer und heller machen', { ops: ['warmer', 'brighter'] }],
    ['Für ein Exposé auf 16:9 zuschneiden', { ops: ['crop:16:9'] }],
    ['Mehr Kontrast und sattere Farben', { ops: ['contrast:up', 'saturation:up'] }],
    ['nicht dunkler', { kept: ['darker'] }],
    ['mach es nicht dunkler', { kept: ['darker'] }],
    ['verdunkle es nicht', { kept: ['darker'] }],
    [
      'Belichtung um eine Blende erhöhen und die stürzenden Linien begradigen',
      { ops: ['brighter', 'straighten'] },
    ],
    ['entferne den Stuhl', { error: 'invalid_input' }],
    ['mach es wärmer und füge eine Pflanze hinzu', { ops: ['warmer'], refused: ['add-objects'] }],
    ['nur den Himmel heller', { error: 'invalid_input' }],
    ['die linke Seite heller', { ops: ['brighter@left'] }],
    ['schwarz-weiß, ohne Zuschnitt', { ops: ['black-and-white'], kept: ['crop:tighter'] }],
    ['20 % heller', { ops: ['brighter'] }],
    ['wärmer, aber nicht zu sehr', { ops: ['warmer'] }],
    ['lass die Farben so wie sie sind und schneide auf 4:3 zu', { ops: ['crop:4:3'], kept: ['-'] }],
    ['nicht hell genug', { ops: ['brighter'] }],
    ['mehr Kontrast, dann nach rechts drehen', { ops: ['contrast:up', 'rotate:90'] }],
    ['kein Sepia', { kept: ['sepia'] }],
    ['schneide es nicht zu', { kept: ['crop:tighter'] }],
  ],
  nl: [
    ['Maak hem warmer en lichter', { ops: ['warmer', 'brighter'] }],
    ['Snijd bij tot 16:9 voor een advertentie', { ops: ['crop:16:9'] }],
    ['Meer contrast en rijkere kleuren', { ops: ['contrast:up', 'saturation:up'] }],
    ['niet donkerder', { kept: ['darker'] }],
    ['maak het niet donkerder', { kept: ['darker'] }],
    ['verdonker het niet', { kept: ['darker'] }],
    ['belichting een stop omhoog en zet de verticalen recht', { ops: ['brighter', 'straighten'] }],
    ['verwijder de stoel', { error: 'invalid_input' }],
    ['maak het warmer en voeg een plant toe', { ops: ['warmer'], refused: ['add-objects'] }],
    ['alleen de lucht lichter', { error: 'invalid_input' }],
    ['de linkerkant lichter', { ops: ['brighter@left'] }],
    ['zwart-wit, zonder bijsnijden', { ops: ['black-and-white'], kept: ['crop:tighter'] }],
    ['20 % lichter', { ops: ['brighter'] }],
    ['warmer maar niet te veel', { ops: ['warmer'] }],
    ['laat de kleuren zoals ze zijn en snij bij naar 16:9', { ops: ['crop:16:9'], kept: ['-'] }],
    ['niet licht genoeg', { ops: ['brighter'] }],
    ['meer contrast, daarna naar links draaien', { ops: ['contrast:up', 'rotate:-90'] }],
    ['geen sepia', { kept: ['sepia'] }],
  ],
  ar: [
    ['اجعلها أدفأ وأكثر إشراقًا', { ops: ['warmer', 'brighter'] }],
    ['اقتصّها بنسبة 16:9 لإعلان عقاري', { ops: ['crop:16:9'] }],
    ['تباين أعلى وألوان أغنى', { ops: ['contrast:up', 'saturation:up'] }],
    ['لا تجعلها أغمق', { kept: ['darker'] }],
    ['بدون تغميق', { kept: ['darker'] }],
    ['زد السطوع وعدّل الخطوط العمودية', { ops: ['brighter', 'straighten'] }],
    ['احذف الكرسي', { error: 'invalid_input' }],
    ['اجعلها أدفأ وأضف نبتة', { ops: ['warmer'], refused: ['add-objects'] }],
    ['السماء فقط أفتح', { error: 'invalid_input' }],
    ['افتح الجانب الأيسر', { ops: ['brighter@left'] }],
    ['أبيض وأسود، بدون قص', { ops: ['black-and-white'], kept: ['crop:tighter'] }],
    ['أفتح بنسبة ٢٠٪', { ops: ['brighter'] }],
    ['أدفأ لكن ليس كثيرا', { ops: ['warmer'] }],
    ['اترك الألوان كما هي وقصها إلى ١٦:٩', { ops: ['crop:16:9'], kept: ['-'] }],
    ['تباين أكثر ثم دوّرها لليسار', { ops: ['contrast:up', 'rotate:-90'] }],
    ['لا سيبيا', { kept: ['sepia'] }],
    ['أغمق الظلال', { ops: ['darker@shadows'] }],
    ['ارسم قطة', { error: 'unsupported_request' }],
    ['لا تقصها واجعلها أفتح', { ops: ['brighter'], kept: ['crop:tighter'] }],
  ],
}

function summary(plan: EditPlan): Row {
  const row: Row = {}
  const ops = plan.edits.map((e) => {
    const id = operationId(e.op)
    if (!e.scope) return id
    return `${id}@${e.scope.kind === 'side' ? e.scope.side : e.scope.kind === 'tones' ? e.scope.tones : 'part'}`
  })
  if (ops.length) row.ops = ops
  if (plan.refused.length) row.refused = plan.refused.map((r) => r.reason)
  if (plan.kept.length) row.kept = plan.kept.map((k) => k.operation ?? '-')
  return row
}

function read(request: string, has: Partial<Available> = {}): Row {
  try {
    return summary(interpretEditRequest(request, { selection: false, palette: false, ...has }))
  } catch (e) {
    if (e instanceof EngineError) return { error: e.code as Row['error'] }
    throw e
  }
}

describe('Ask Parti reads requests clause by clause in seven languages', () => {
  for (const [language, rows] of Object.entries(T)) {
    it.each(rows)(`${language}: %s`, (request, expected) => {
      const { has, ...want } = expected
      expect(read(request, has)).toEqual(want)
    })
  }
})
