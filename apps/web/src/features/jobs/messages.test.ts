import { describe, expect, it } from 'vitest'
import { failureMessageKey, successMessageKey } from './messages'

describe('job notices', () => {
  it('names the failure by kind', () => {
    expect(failureMessageKey({ mode: 'sketch', errorCode: 'provider_failed' })).toBe('failure.render')
    expect(failureMessageKey({ mode: 'multi-angle', errorCode: null })).toBe('failure.render')
    expect(failureMessageKey({ mode: 'animate', errorCode: 'timeout' })).toBe('failure.video')
    expect(failureMessageKey({ mode: 'inpaint', errorCode: 'invalid_input' })).toBe('failure.inpaint')
  })
  it('tells an edit the engine could not do from one that broke', () => {
    expect(failureMessageKey({ mode: 'magic-edit', errorCode: 'unsupported_request' })).toBe(
      'failure.chatProcess',
    )
    expect(failureMessageKey({ mode: 'magic-edit', errorCode: 'provider_failed' })).toBe('failure.chatEdit')
  })
  it('says image or video on success', () => {
    expect(successMessageKey({ type: 'video' })).toBe('success.video')
    expect(successMessageKey({ type: 'image' })).toBe('success.image')
  })
})
