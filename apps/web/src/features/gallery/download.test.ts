import type { Generation } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { downloadName, slugify } from './download'

const g = (patch: Partial<Generation>) =>
  ({
    mode: 'sketch',
    userPrompt: 'A modern villa by a lake, with a flat roof and lots of glass facing south',
    createdAt: new Date(2026, 10, 21, 11, 30).toISOString(),
    metadata: {},
    ...patch,
  }) as Generation

describe('download names', () => {
  it('say what, which prompt and when, with the file’s own extension', () => {
    expect(downloadName(g({}), '/api/files/users/u/g/output.png')).toBe(
      'parti-sketch-render-a-modern-villa-by-a-lake-with-a-flat-roof-and-2026-11-21-1130.png',
    )
    expect(downloadName(g({ mode: 'animate', userPrompt: 'Slow push in' }), '/api/files/x/output.mp4')).toBe(
      'parti-video-slow-push-in-2026-11-21-1130.mp4',
    )
    expect(downloadName(g({ mode: 'multi-angle', metadata: { angle: 'aerial' } }), '/f/o.jpeg')).toMatch(
      /^parti-multi-angle-aerial-a-modern-villa.*\.jpg$/,
    )
    expect(downloadName(g({ mode: 'inpaint' }), '/f/in.webp', 'before')).toMatch(/-before\.webp$/)
  })

  it('keep accents as letters and leave out other scripts (the server only takes ASCII names)', () => {
    expect(slugify('Fachada con celosía de madera')).toBe('fachada-con-celosia-de-madera')
    expect(slugify('فيلا حديثة')).toBe('')
    expect(downloadName(g({ userPrompt: 'فيلا حديثة' }), '/f/o.png')).toBe(
      'parti-sketch-render-2026-11-21-1130.png',
    )
  })
})
