import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { roomPhoto } from '../engines/local/fixtures.ts'
import { detectSegments, type Segment } from '../lib/line-segments.ts'
import { structureKept } from './structure.ts'

describe('the M-LSD structure check', () => {
  it("finds the room's long straight lines, the back wall's top edge among them", async () => {
    const segments = await detectSegments(await roomPhoto({ dim: false }))
    expect(segments).not.toBeNull()
    expect(segments!.length).toBeGreaterThan(15)
    // at 512² the 1024×768 room's back wall runs from x 112 to 400 at y ≈ 80 (its top edge)
    const wallTop = segments!.some(
      (s) => Math.abs(s.y1 - 80) < 4 && Math.abs(s.y2 - 80) < 4 && Math.abs(s.x2 - s.x1) > 150,
    )
    expect(wallTop).toBe(true)
  }, 30_000)

  it('scores a window moved 20 px below the same room, and the room itself at 1', async () => {
    const room = await roomPhoto({ dim: false })
    const part = await sharp(room).extract({ left: 410, top: 160, width: 240, height: 220 }).toBuffer()
    const moved = await sharp(room)
      .composite([{ input: part, left: 430, top: 160 }])
      .png()
      .toBuffer()
    const [a, b] = await Promise.all([detectSegments(room), detectSegments(moved)])
    expect(structureKept(a!, a!)).toBe(1)
    const kept = structureKept(a!, b!)
    expect(kept).toBeLessThan(0.97)
    expect(kept).toBeGreaterThan(0.7)
  }, 30_000)

  it('matches by angle and position: a parallel segment 10 px away does not count, one 2 px away does', () => {
    const wall: Segment = { x1: 100, y1: 100, x2: 300, y2: 100 }
    expect(structureKept([wall], [{ x1: 100, y1: 110, x2: 300, y2: 110 }])).toBe(0)
    expect(structureKept([wall], [{ x1: 95, y1: 102, x2: 290, y2: 101 }])).toBe(1)
    expect(structureKept([wall], [{ x1: 100, y1: 100, x2: 100, y2: 300 }])).toBe(0)
  })
})
