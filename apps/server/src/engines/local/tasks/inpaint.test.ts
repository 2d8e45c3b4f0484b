import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createLocalEngine } from '../engine.ts'
import { blankImage, pixels, roomPhoto, shapeMask, testContext } from '../fixtures.ts'

const engine = createLocalEngine()
const SOFA = { kind: 'rect', x: 290, y: 390, w: 350, h: 180 } as const

async function inpaint(input: Buffer, mask: Buffer) {
  return engine.run({ kind: 'inpaint', input, mask, prompt: 'remove the sofa' }, await testContext())
}

/** Mean difference inside and outside the mask; outside skips a band around the lasso where the fill feathers in. */
async function compare(before: Buffer, after: Buffer, mask: Buffer, band: number) {
  const a = await pixels(before)
  const b = await pixels(after)
  const m = await sharp(mask).resize(a.width, a.height).greyscale().raw().toBuffer()
  const grown = await sharp(m, { raw: { width: a.width, height: a.height, channels: 1 } })
    .blur(band)
    .toColourspace('b-w')
    .raw()
    .toBuffer()
  let inside = 0
  let insideN = 0
  let outside = 0
  let outsideN = 0
  let outsideMax = 0
  for (let p = 0; p < m.length; p++) {
    const d =
      (Math.abs(a.data[p * 3]! - b.data[p * 3]!) +
        Math.abs(a.data[p * 3 + 1]! - b.data[p * 3 + 1]!) +
        Math.abs(a.data[p * 3 + 2]! - b.data[p * 3 + 2]!)) /
      3
    if (m[p]! > 128) {
      inside += d
      insideN++
    } else if (grown[p] === 0) {
      outside += d
      outsideN++
      outsideMax = Math.max(outsideMax, d)
    }
  }
  return { inside: inside / insideN, outside: outside / outsideN, outsideMax }
}

describe('local inpaint', () => {
  it('replaces the lassoed area and leaves a PNG bit-exact elsewhere', async () => {
    const photo = await sharp(await roomPhoto({ dim: false }))
      .png()
      .toBuffer()
    const mask = await shapeMask(1024, 768, SOFA)
    const result = await inpaint(photo, mask)
    const out = result.outputs[0]!
    expect(out).toMatchObject({ kind: 'image', contentType: 'image/png', width: 1024, height: 768 })
    const { inside, outside, outsideMax } = await compare(photo, out.data, mask, 12)
    expect(inside).toBeGreaterThan(20)
    expect(outside).toBe(0)
    expect(outsideMax).toBe(0)
    expect(result.facts.operations).toEqual(['remove-selection'])
  })

  it('fills the hole with the surroundings, not a flat patch: the floor line carries through', async () => {
    const photo = await sharp(await roomPhoto({ dim: false }))
      .png()
      .toBuffer()
    const out = (await inpaint(photo, await shapeMask(1024, 768, SOFA))).outputs[0]!
    const { data } = await pixels(out.data)
    const lum = (x: number, y: number) => {
      const i = (y * 1024 + x) * 3
      return 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!
    }
    // in the middle of the former sofa: wall colour above the floor line (y = 540), floor colour below it
    const wall = lum(460, 470)
    const floor = lum(460, 560)
    expect(wall - floor).toBeGreaterThan(40)
  })

  it('keeps a JPEG a JPEG and leaves the rest within JPEG tolerance', async () => {
    const photo = await roomPhoto({ dim: false })
    const mask = await shapeMask(1024, 768, { kind: 'ellipse', x: 660, y: 230, w: 80, h: 120 })
    const out = (await inpaint(photo, mask)).outputs[0]!
    expect(out.contentType).toBe('image/jpeg')
    const { inside, outside } = await compare(photo, out.data, mask, 12)
    expect(inside).toBeGreaterThan(5)
    expect(outside).toBeLessThan(1.5)
  })

  it('accepts a mask drawn on a transparent layer, in any colour, at another size', async () => {
    const photo = await sharp(await roomPhoto({ dim: false }))
      .png()
      .toBuffer()
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="384"><rect x="145" y="195" width="175" height="90" fill="#ff2d55"/></svg>`
    const mask = await sharp(Buffer.from(svg)).png().toBuffer()
    const { inside, outside } = await compare(
      photo,
      (await inpaint(photo, mask)).outputs[0]!.data,
      await shapeMask(1024, 768, SOFA),
      12,
    )
    expect(inside).toBeGreaterThan(20)
    expect(outside).toBe(0)
  })

  it('refuses an empty selection', async () => {
    const photo = await roomPhoto()
    const error = await inpaint(photo, await blankImage(1024, 768, '#000000')).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'EngineError', code: 'invalid_input' })
    expect((error as { userMessage: string }).userMessage).toMatch(/selection is empty/)
  })
})
