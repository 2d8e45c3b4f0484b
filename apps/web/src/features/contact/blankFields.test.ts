import { describe, expect, it } from 'vitest'
import { blankFields } from './blankFields'

describe('the contact form’s blank fields', () => {
  it('names every field made of spaces only, and none of a filled form', () => {
    expect([...blankFields({ name: '   ', email: '\t', subject: ' \n ', message: '\u00a0 ' })]).toEqual([
      'name',
      'email',
      'subject',
      'message',
    ])
    expect([...blankFields({ name: 'Ana', email: 'a@b.c', subject: ' ', message: 'Hello' })]).toEqual([
      'subject',
    ])
    expect(blankFields({ name: 'Ana', email: 'a@b.c', subject: 'Demo', message: 'Hello' }).size).toBe(0)
  })
})
