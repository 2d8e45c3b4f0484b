import { describe, expect, it } from 'vitest'
import { EngineError } from '../../types.ts'
import { interpretEditRequest, interpretInConversation } from './interpret.ts'
import { operationId } from './ops.ts'

const ids = (request: string) => interpretEditRequest(request).ops.map(operationId)

describe('Ask Parti on the local engine understands edit requests', () => {
  it.each([
    // English
    ['make it warmer and crop to 16:9', ['warmer', 'crop:16:9']],
    ['brighter please', ['brighter']],
    ["it's too dark", ['brighter']],
    ['darker', ['darker']],
    ['more contrast', ['contrast:up']],
    ['less contrast', ['contrast:down']],
    ['cooler tones', ['cooler']],
    ['more vivid colours', ['saturation:up']],
    ['desaturate it', ['saturation:down']],
    ['turn it black and white', ['black-and-white']],
    ['sepia', ['sepia']],
    ['sharpen', ['sharpen']],
    ['blur the background', ['blur-background']],
    ['make it square', ['crop:1:1']],
    ['rotate left', ['rotate:-90']],
    ['rotate 90 degrees clockwise', ['rotate:90']],
    ['turn it upside down', ['rotate:180']],
    ['flip it vertically', ['flip:vertical']],
    ['mirror the image', ['flip:horizontal']],
    ['remove the selected area', ['remove-selection']],
    ['recolour it with my palette', ['recolour:palette']],
    // Spanish
    ['hazlo más cálido y recórtalo a 16:9', ['warmer', 'crop:16:9']],
    ['un poco más oscuro', ['darker']],
    ['más brillante', ['brighter']],
    ['blanco y negro', ['black-and-white']],
    ['gira a la izquierda', ['rotate:-90']],
    ['desenfoca el fondo', ['blur-background']],
    ['elimina esto', ['remove-selection']],
    ['más contraste', ['contrast:up']],
    // French
    ['rends-la plus chaude et recadre en 4:3', ['warmer', 'crop:4:3']],
    ['plus lumineux', ['brighter']],
    ['noir et blanc', ['black-and-white']],
    ['tourne à droite', ['rotate:90']],
    ["floute l'arrière-plan", ['blur-background']],
    ['supprime ça', ['remove-selection']],
    ['moins de contraste', ['contrast:down']],
    ['plus froid', ['cooler']],
    // Portuguese
    ['deixe mais quente e corte para 16:9', ['warmer', 'crop:16:9']],
    ['mais escuro', ['darker']],
    ['preto e branco', ['black-and-white']],
    ['gire para a esquerda', ['rotate:-90']],
    ['desfoque o fundo', ['blur-background']],
    ['remova isto', ['remove-selection']],
    ['mais nítido', ['sharpen']],
    // German
    ['mach es wärmer und schneide auf 16:9 zu', ['warmer', 'crop:16:9']],
    ['etwas heller', ['brighter']],
    ['schwarz-weiß', ['black-and-white']],
    ['nach links drehen', ['rotate:-90']],
    ['Hintergrund unscharf machen', ['blur-background']],
    ['entferne das', ['remove-selection']],
    ['weniger Kontrast', ['contrast:down']],
    ['kühler', ['cooler']],
    // Dutch
    ['maak het warmer en snij bij naar 16:9', ['warmer', 'crop:16:9']],
    ['donkerder', ['darker']],
    ['zwart-wit', ['black-and-white']],
    ['draai naar links', ['rotate:-90']],
    ['achtergrond vervagen', ['blur-background']],
    ['verwijder dit', ['remove-selection']],
    ['spiegelen', ['flip:horizontal']],
    ['meer contrast', ['contrast:up']],
    // Arabic (with Arabic-Indic digits and hamza forms)
    ['اجعلها أدفأ وقصها إلى ١٦:٩', ['warmer', 'crop:16:9']],
    ['أبيض وأسود', ['black-and-white']],
    ['أغمق', ['darker']],
    ['دوّر الصورة عكس عقارب الساعة', ['rotate:-90']],
    ['طمس الخلفية', ['blur-background']],
    ['احذف هذا', ['remove-selection']],
    ['اعكس الصورة', ['flip:horizontal']],
    ['زد التباين', ['contrast:up']],
  ])('%s → %j', (request, expected) => {
    expect(ids(request)).toEqual(expected)
  })

  it('keeps the order the edits were asked in and drops repeats', () => {
    expect(ids('crop to 4:3, then make it warmer, and warmer again')).toEqual(['crop:4:3', 'warmer'])
  })

  it('reads strength words: a bit is gentler than much', () => {
    const gentle = interpretEditRequest('a bit brighter').ops[0]
    const strong = interpretEditRequest('much brighter').ops[0]
    expect(gentle).toMatchObject({ kind: 'brightness' })
    expect(strong).toMatchObject({ kind: 'brightness' })
    if (gentle?.kind !== 'brightness' || strong?.kind !== 'brightness') throw new Error('unreachable')
    expect(gentle.amount).toBeLessThan(1)
    expect(strong.amount).toBeGreaterThan(1)
  })

  it('does what it can and says what it skipped when asked to add objects', () => {
    const plan = interpretEditRequest('make it warmer and add a plant')
    expect(plan.ops.map(operationId)).toEqual(['warmer'])
    expect(plan.skipped).toEqual(['add-objects'])
  })

  it.each(['add a sofa', 'draw a cat on the roof', 'make it look like a Van Gogh', ''])(
    'refuses %j with the apology and what it can do locally',
    (request) => {
      let error: unknown
      try {
        interpretEditRequest(request)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(EngineError)
      const engineError = error as EngineError
      expect(engineError.code).toBe('unsupported_request')
      expect(engineError.userMessage).toMatch(
        /^Sorry, I couldn't process your request\. Try another prompt, avoid copyrighted or watermarked content, and ensure the image is clear\. On this server I can /,
      )
    },
  )

  it('does not read "turn it black and white" as a rotation, nor the Arabic "counter-clockwise" as a flip', () => {
    expect(ids('turn it black and white')).not.toContain('rotate:90')
    expect(ids('دوّر الصورة عكس عقارب الساعة')).not.toContain('flip:horizontal')
  })
})

describe('Ask Parti follows the conversation', () => {
  it.each(['more', 'again', 'encore', 'nochmal', 'otra vez', 'nog eens', 'mais', 'مرة أخرى'])(
    '%j repeats the last edit the user asked for',
    (request) => {
      const history = [
        { role: 'user', text: 'make it warmer' },
        { role: 'assistant', text: 'Done: I warmed the colours.' },
      ]
      expect(interpretInConversation(request, history).ops.map(operationId)).toEqual(['warmer'])
    },
  )

  it('reads a full request on its own, whatever came before', () => {
    expect(
      interpretInConversation('black and white', [{ role: 'user', text: 'warmer' }]).ops.map(operationId),
    ).toEqual(['black-and-white'])
  })

  it('still refuses "more" with nothing to repeat', () => {
    expect(() => interpretInConversation('more', [])).toThrow(EngineError)
  })
})
