import { STAGING_STYLES, type StagingOption, type StagingStyle } from '@parti/contract'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EnginePalette } from '../../types.ts'
import { createLocalEngine } from '../engine.ts'
import { meanAbsDiff, pixels, roomPhoto, shapeMask, testContext } from '../fixtures.ts'
import { decodeRgb } from '../image-io.ts'
import { matFromRaw, withCv } from '../opencv.ts'
import { measureVerticals } from '../staging/straighten.ts'

const engine = createLocalEngine()
const COASTAL: EnginePalette = {
  id: 'c',
  name: 'Coastal',
  colors: ['#FFFFFF', '#E9E4D8', '#A8C8D8', '#3F7C9A', '#1E3A4C'],
}

function stats(data: Uint8Array) {
  let r = 0
  let g = 0
  let b = 0
  for (let i = 0; i < data.length; i += 3) {
    r += data[i]!
    g += data[i + 1]!
    b += data[i + 2]!
  }
  const n = data.length / 3
  return { r: r / n, g: g / n, b: b / n, lum: (0.2126 * r + 0.7152 * g + 0.0722 * b) / n }
}

async function clean(input: Buffer, options: StagingOption[] = [], mask: Buffer | null = null) {
  return engine.run(
    { kind: 'staging-clean', input, mask, roomType: 'living-room', options },
    await testContext(),
  )
}

let dimTilted: Buffer
let cleaned: Buffer

beforeAll(async () => {
  dimTilted = await roomPhoto({ tilt: 2 })
  cleaned = (await clean(dimTilted)).outputs[0]!.data
})

async function stage(
  style: StagingStyle,
  options: StagingOption[] = [],
  palette: EnginePalette | null = null,
) {
  return engine.run(
    {
      kind: 'staging-stage',
      input: cleaned,
      original: dimTilted,
      prompt: '',
      roomType: 'living-room',
      options,
      stagingStyle: style,
      palette,
    },
    await testContext(),
  )
}

describe('local home staging: cleaning phase', () => {
  it('brightens a dim photo, takes out the yellow cast and straightens the verticals', async () => {
    const result = await clean(dimTilted)
    expect(result.facts.operations).toEqual(['exposure', 'white-balance', 'denoise', 'straighten'])
    const before = stats((await pixels(dimTilted)).data)
    const after = stats((await pixels(result.outputs[0]!.data)).data)
    expect(after.lum).toBeGreaterThan(before.lum + 10)
    // the tungsten cast pulls blue down; balanced, blue comes back toward red
    expect(after.b / after.r).toBeGreaterThan(before.b / before.r + 0.06)
    const tilt = await measureVerticals(await decodeRgb(dimTilted, 1024, 768))
    const fixed = await measureVerticals(await decodeRgb(result.outputs[0]!.data, 1024, 768))
    expect(tilt!.roll).toBeCloseTo(Math.tan((2 * Math.PI) / 180), 2)
    expect(Math.abs(fixed!.roll)).toBeLessThan(Math.abs(tilt!.roll) / 3)
  })

  it('makes converging verticals parallel (a room shot looking up)', async () => {
    const room = await decodeRgb(await roomPhoto({ dim: false }), 1024, 768)
    // the camera tilted up: the top of the room is narrower than the bottom
    const lookingUp = await withCv((cv, track) => {
      const src = track(matFromRaw(cv, room))
      const from = track(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, 1024, 0, 1024, 768, 0, 768]))
      const to = track(cv.matFromArray(4, 1, cv.CV_32FC2, [60, 0, 964, 0, 1024, 768, 0, 768]))
      const out = track(new cv.Mat())
      cv.warpPerspective(src, out, track(cv.getPerspectiveTransform(from, to)), new cv.Size(1024, 768))
      return Buffer.from(out.data)
    })
    const input = await sharp(lookingUp, { raw: { width: 1024, height: 768, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer()
    const before = await measureVerticals(await decodeRgb(input, 1024, 768))
    const result = await clean(input)
    expect(result.facts.operations).toContain('straighten:verticals')
    const after = await measureVerticals(await decodeRgb(result.outputs[0]!.data, 1024, 768))
    expect(Math.abs(before!.keystone)).toBeGreaterThan(0.06)
    expect(Math.abs(after!.keystone)).toBeLessThan(Math.abs(before!.keystone) / 4)
  })

  it('leaves a straight photo unrotated', async () => {
    const result = await clean(await roomPhoto({ tilt: 0 }))
    expect(result.facts.operations).not.toContain('straighten')
  })

  it('removes lassoed furniture, and says it needs a lasso when there is none', async () => {
    const mask = await shapeMask(1024, 768, { kind: 'rect', x: 280, y: 380, w: 370, h: 200 })
    const straight = await roomPhoto({ tilt: 0 })
    const removed = await clean(straight, ['removeFurniture'], mask)
    expect(removed.facts.operations).toContain('remove-furniture')
    const plain = await clean(straight)
    const sofa = (d: Uint8Array) => d.subarray(1024 * 3 * 420, 1024 * 3 * 540)
    expect(
      meanAbsDiff(
        sofa((await pixels(removed.outputs[0]!.data)).data),
        sofa((await pixels(plain.outputs[0]!.data)).data),
      ),
    ).toBeGreaterThan(10)
    const noMask = await clean(straight, ['removeClutter'])
    expect(noMask.facts.operations).not.toContain('remove-clutter')
    expect(noMask.facts.notes).toEqual([{ id: 'nothing_removed_needs_lasso' }])
  })
})

describe('local home staging: staging phase', () => {
  it('gives each staging style its own look', async () => {
    const images = await Promise.all(
      STAGING_STYLES.map(async (s) => (await pixels((await stage(s)).outputs[0]!.data)).data),
    )
    const input = (await pixels(cleaned)).data
    for (let a = 0; a < images.length; a++) {
      expect(meanAbsDiff(images[a]!, input), STAGING_STYLES[a]).toBeGreaterThan(4)
      for (let b = a + 1; b < images.length; b++) {
        expect(
          meanAbsDiff(images[a]!, images[b]!),
          `${STAGING_STYLES[a]} vs ${STAGING_STYLES[b]}`,
        ).toBeGreaterThan(3)
      }
    }
  })

  it('paints the walls in the palette, more strongly when asked to repaint', async () => {
    const graded = (await pixels((await stage('modern')).outputs[0]!.data)).data
    const withPalette = await stage('modern', [], COASTAL)
    const repainted = await stage('modern', ['repaint'], COASTAL)
    expect(withPalette.facts.operations).toContain('palette:walls')
    expect(repainted.facts.operations).toContain('repaint')
    const wall = (d: Uint8Array) => d.subarray((1024 * 200 + 250) * 3, (1024 * 200 + 400) * 3)
    const tint = meanAbsDiff(wall((await pixels(withPalette.outputs[0]!.data)).data), wall(graded))
    const paint = meanAbsDiff(wall((await pixels(repainted.outputs[0]!.data)).data), wall(graded))
    expect(tint).toBeGreaterThan(4)
    expect(paint).toBeGreaterThan(tint * 1.4)
    // the back wall turns toward the palette's blue
    const after = stats(wall((await pixels(repainted.outputs[0]!.data)).data))
    expect(after.b).toBeGreaterThan(after.r)
  })

  it('adds a warm light pass', async () => {
    const plain = stats((await pixels((await stage('transitional')).outputs[0]!.data)).data)
    const lit = await stage('transitional', ['addLighting'])
    expect(lit.facts.operations).toContain('warm-light')
    const after = stats((await pixels(lit.outputs[0]!.data)).data)
    expect(after.lum).toBeGreaterThan(plain.lum + 3)
    expect(after.r - after.b).toBeGreaterThan(plain.r - plain.b + 3)
  })

  it('says honestly that it cannot add furniture or decor', async () => {
    const result = await stage('luxury', ['addFurniture', 'addDecor'])
    expect(result.facts.operations).toEqual(['grade:luxury', 'skipped:add-furniture', 'skipped:add-decor'])
    expect(result.facts.notes).toEqual([{ id: 'cannot_add_furniture' }, { id: 'cannot_add_decor' }])
  })
})
