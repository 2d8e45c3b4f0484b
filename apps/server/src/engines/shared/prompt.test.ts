import { describe, expect, it } from 'vitest'
import { enhancePrompt } from '../../domain/prompt.ts'
import { conversationContext, hostedPrompt } from './prompt.ts'

const style = {
  id: 's',
  name: 'Brutalist',
  prompt: 'brutalist concrete',
  negativePrompt: 'cartoon',
  qualityPrompt: '8k detail',
  localParams: null,
}
const palette = { id: 'p', name: 'Japandi', colors: ['#D9CBB8', '#3F3A36'] }

describe('the enhanced prompt sent to hosted models', () => {
  it('adds style, palette and quality once, even when the request was already enhanced', () => {
    const already = enhancePrompt({
      userPrompt: 'a museum',
      style,
      palette: { ...palette, description: 'oak and ink' },
    }).prompt
    for (const prompt of ['a museum', already]) {
      const p = hostedPrompt({
        kind: 'sketch',
        input: Buffer.alloc(0),
        prompt,
        style,
        palette,
        customColors: null,
        settings: {},
      })
      expect(p.text.match(/brutalist concrete/g)).toHaveLength(1)
      expect(p.text.match(/Japandi palette/g)).toHaveLength(1)
      expect(p.text.match(/8k detail/g)).toHaveLength(1)
      expect(p.full).toBe(`${p.text}. Avoid: cartoon`)
    }
  })

  it('says the camera move in words for video', () => {
    const p = hostedPrompt({
      kind: 'animate',
      input: Buffer.alloc(0),
      prompt: 'a quiet square',
      duration: 6,
      cameraMovement: 'orbit',
    })
    expect(p.text).toBe('a quiet square, camera orbits slowly around the subject, smooth cinematic motion')
  })

  it('gives stateless models the earlier turns, without repeating the current request', () => {
    const context = conversationContext(
      [
        { role: 'user', text: 'add a rug' },
        { role: 'assistant', text: 'Done.' },
        { role: 'user', text: 'warmer' },
      ],
      'warmer',
    )
    expect(context).toBe('Earlier in this conversation:\nUser: add a rug\nAssistant: Done.\n\nNow: ')
    expect(conversationContext([{ role: 'user', text: 'warmer' }], 'warmer')).toBe('')
  })
})
