import { describe, expect, it } from 'vitest'
import { operationKey, replyFor } from './reply'

describe('the assistant’s reply', () => {
  it('turns the local engine’s operations into translatable keys', () => {
    expect(operationKey('warmer')).toEqual({ key: 'warmer' })
    expect(operationKey('contrast:up')).toEqual({ key: 'contrast_up' })
    expect(operationKey('crop:16:9')).toEqual({ key: 'crop_ratio', values: { ratio: '16:9' } })
    expect(operationKey('rotate:-90')).toEqual({ key: 'rotate_-90' })
    expect(operationKey('teleport')).toBeNull()
  })
  it('reads a finished edit', () => {
    expect(
      replyFor({
        status: 'completed',
        mode: 'magic-edit',
        errorCode: null,
        metadata: {
          operations: ['warmer', 'brighter'],
          reply: 'Done: I warmed the colours and brightened it.',
        },
      }),
    ).toEqual({ kind: 'ops', ops: [{ key: 'warmer' }, { key: 'brighter' }], skippedObjects: false })
  })
  it('keeps a hosted model’s own words when it reports no operations, and falls back to a plain line', () => {
    expect(
      replyFor({ status: 'completed', mode: 'magic-edit', errorCode: null, metadata: { reply: 'Voilà.' } }),
    ).toEqual({ kind: 'text', text: 'Voilà.' })
    expect(replyFor({ status: 'completed', mode: 'magic-edit', errorCode: null, metadata: {} })).toEqual({
      kind: 'generic',
    })
  })
  it('uses the two chat failures', () => {
    expect(
      replyFor({ status: 'failed', mode: 'magic-edit', errorCode: 'unsupported_request', metadata: {} }),
    ).toEqual({ kind: 'failure', key: 'failure.chatProcess', capabilities: true })
    expect(
      replyFor({ status: 'failed', mode: 'magic-edit', errorCode: 'provider_failed', metadata: {} }),
    ).toEqual({ kind: 'failure', key: 'failure.chatEdit', capabilities: false })
  })
})
