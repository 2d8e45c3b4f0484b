import { describe, expect, it } from 'vitest'
import { chatReadiness } from './readiness'

describe('Ask Parti readiness', () => {
  it('is ready with a prompt, an image and 20 credits', () => {
    expect(chatReadiness({ hasImage: true, prompt: 'warmer', credits: 20 })).toEqual([])
  })
  it('asks for a prompt and an image with the one message', () => {
    expect(chatReadiness({ hasImage: true, prompt: ' ', credits: 20 })).toEqual([
      { code: 'chat_prompt_image_required', field: 'prompt' },
    ])
    expect(chatReadiness({ hasImage: false, prompt: 'warmer', credits: 20 })).toEqual([
      { code: 'chat_prompt_image_required', field: 'image' },
    ])
  })
  it('needs 20 credits', () => {
    expect(chatReadiness({ hasImage: true, prompt: 'warmer', credits: 19 })).toEqual([
      { code: 'insufficient_credits', required: 20, available: 19 },
    ])
  })
  it('needs the price of every variation asked for', () => {
    expect(chatReadiness({ hasImage: true, prompt: 'warmer', credits: 60, variations: 3 })).toEqual([])
    expect(chatReadiness({ hasImage: true, prompt: 'warmer', credits: 59, variations: 3 })).toEqual([
      { code: 'insufficient_credits', required: 60, available: 59 },
    ])
  })
})
