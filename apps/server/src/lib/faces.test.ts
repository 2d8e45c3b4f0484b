import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { detectFaces, windows } from './faces.ts'

// BlazeFace on a real photograph (public domain: apps/server/test/fixtures/astronaut.md), alone and pasted small
// into a large street-sized picture as a passer-by would be (docs/decisions/0111-privacy-blur.md).
const ASTRONAUT = readFileSync(new URL('../../test/fixtures/astronaut.jpg', import.meta.url))
// where the face is in the fixture, as fractions (measured by eye on the 512² picture: 185–270 across, 70–170 down)
const FACE = { x0: 0.36, x1: 0.53, y0: 0.14, y1: 0.33 }

describe('face detection (BlazeFace)', () => {
  it('finds the one face of a portrait, where it is', async () => {
    const faces = await detectFaces(ASTRONAUT)
    expect(faces).not.toBeNull()
    expect(faces).toHaveLength(1)
    const f = faces![0]!
    const cx = f.x + f.w / 2
    const cy = f.y + f.h / 2
    expect(cx).toBeGreaterThan(FACE.x0)
    expect(cx).toBeLessThan(FACE.x1)
    expect(cy).toBeGreaterThan(FACE.y0)
    expect(cy).toBeLessThan(FACE.y1)
    expect(f.score).toBeGreaterThan(0.7)
  })

  it('finds a small face in a large picture (a passer-by), and none in a picture without a person', async () => {
    const person = await sharp(ASTRONAUT).resize(320, 320).toBuffer()
    const street = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#8a8f96' } })
      .composite([{ input: person, left: 2100, top: 1200 }])
      .jpeg()
      .toBuffer()
    const faces = (await detectFaces(street))!
    expect(faces).toHaveLength(1)
    const f = faces[0]!
    expect((f.x + f.w / 2) * 3000).toBeGreaterThan(2100 + 320 * FACE.x0)
    expect((f.x + f.w / 2) * 3000).toBeLessThan(2100 + 320 * FACE.x1)
    expect((f.y + f.h / 2) * 2000).toBeGreaterThan(1200 + 320 * FACE.y0)
    expect((f.y + f.h / 2) * 2000).toBeLessThan(1200 + 320 * FACE.y1)
    const empty = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c9b79c' } })
      .jpeg()
      .toBuffer()
    expect(await detectFaces(empty)).toEqual([])
  })

  it('looks at a 12 MP photo through a bounded number of windows that cover it', () => {
    const w = windows(2048, 1536)
    expect(w.length).toBeLessThanOrEqual(1 + 40 + 40)
    for (const win of w) {
      expect(win.left + Math.min(win.side, 2048 - win.left)).toBeLessThanOrEqual(2048)
      expect(win.top + Math.min(win.side, 1536 - win.top)).toBeLessThanOrEqual(1536)
    }
  })
})
