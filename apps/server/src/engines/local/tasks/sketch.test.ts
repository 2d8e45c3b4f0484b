import { LocalStyleParams } from '@parti/contract'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { EnginePalette, EngineStyle, EngineTask } from '../../types.ts'
import { createLocalEngine } from '../engine.ts'
import { blankImage, houseSketch, meanAbsDiff, pixels, testContext } from '../fixtures.ts'

const engine = createLocalEngine()
// every look the contract defines (one definition: LocalStyleParams)
const LOOKS = LocalStyleParams.shape.look.options

function style(look: LocalStyleParams['look']): EngineStyle {
  return {
    id: look,
    name: look,
    prompt: '',
    negativePrompt: '',
    qualityPrompt: '',
    localParams: { look, lineWeight: 1, saturation: 1, warmth: 0, paperTexture: 0.3, shading: 0.5 },
  }
}

const sketchTask = (
  input: Buffer,
  extra: Partial<Extract<EngineTask, { kind: 'sketch' }>> = {},
): EngineTask => ({
  kind: 'sketch',
  input,
  prompt: 'a family house',
  style: null,
  palette: null,
  customColors: null,
  settings: {},
  ...extra,
})

async function render(input: Buffer, extra: Partial<Extract<EngineTask, { kind: 'sketch' }>> = {}) {
  return engine.run(sketchTask(input, extra), await testContext())
}

const TERRACOTTA: EnginePalette = {
  id: 't',
  name: 'Terracotta',
  colors: ['#F3E3D3', '#E0A37A', '#C2633F', '#7A3E2B', '#3B2A24'],
}
const SEA: EnginePalette = {
  id: 's',
  name: 'Sea',
  colors: ['#EEF6F8', '#A8D5E2', '#4F9DB8', '#1F5F7A', '#0E2F3D'],
}

/** Share of the house's pixels (design box 230..610 × 350..610) within `limit` of one of the palette's colours. */
async function paletteShare(image: Buffer, palette: string[], limit = 48): Promise<number> {
  const { data, width, height } = await pixels(image)
  const colours = palette.map((hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)))
  const kx = width / 1024
  const ky = height / 768
  let near = 0
  let total = 0
  for (let y = Math.round(350 * ky); y < Math.round(610 * ky); y += 2) {
    for (let x = Math.round(230 * kx); x < Math.round(610 * kx); x += 2) {
      const i = (y * width + x) * 3
      const d = Math.min(
        ...colours.map((c) => Math.hypot(data[i]! - c[0]!, data[i + 1]! - c[1]!, data[i + 2]! - c[2]!)),
      )
      total++
      if (d < limit) near++
    }
  }
  return near / total
}

describe('local sketch render', () => {
  it('turns a pencil scan into a coloured drawing at least 1024 px long, keeping the aspect ratio', async () => {
    const input = await houseSketch({ width: 800, height: 600 })
    const result = await render(input)
    const out = result.outputs[0]!
    expect(out.kind).toBe('image')
    expect(Math.max(out.width, out.height)).toBeGreaterThanOrEqual(1024)
    expect(out.width / out.height).toBeCloseTo(800 / 600, 2)
    const meta = await sharp(out.data).metadata()
    expect([meta.width, meta.height]).toEqual([out.width, out.height])
    expect(result.facts).toMatchObject({ engine: 'local', model: 'local-sketch-v1' })
    expect(result.facts.operations).toContain('look:plain') // no style: the plain daylight look
    // the drawing really changed: paper became colour
    const before = await pixels(await sharp(input).resize(out.width, out.height).png().toBuffer())
    const after = await pixels(out.data)
    expect(meanAbsDiff(before.data, after.data)).toBeGreaterThan(15)
  })

  it('keeps a wide or large input’s shape and caps the size', async () => {
    const result = await render(await houseSketch({ width: 2400, height: 1200, medium: 'digital' }))
    const out = result.outputs[0]!
    expect(out.width).toBe(1600)
    expect(out.height).toBe(800)
  })

  it("fills the building with the chosen palette's colours, and a different palette gives different colours", async () => {
    const input = await houseSketch({ medium: 'digital' })
    const [terracotta, sea] = await Promise.all([
      render(input, { palette: TERRACOTTA, style: style('colour-block') }),
      render(input, { palette: SEA, style: style('colour-block') }),
    ])
    const terracottaImage = terracotta.outputs[0]!.data
    const seaImage = sea.outputs[0]!.data
    expect(await paletteShare(terracottaImage, TERRACOTTA.colors)).toBeGreaterThan(0.7)
    expect(await paletteShare(seaImage, SEA.colors)).toBeGreaterThan(0.7)
    expect(await paletteShare(terracottaImage, SEA.colors)).toBeLessThan(
      await paletteShare(terracottaImage, TERRACOTTA.colors),
    )
  })

  it('uses custom colours over the palette', async () => {
    const input = await houseSketch({ medium: 'digital' })
    const custom = ['#2A9D8F', '#E9C46A', '#264653']
    const result = await render(input, {
      palette: TERRACOTTA,
      customColors: custom,
      style: style('colour-block'),
    })
    const share = await paletteShare(result.outputs[0]!.data, custom, 60)
    expect(share).toBeGreaterThan(await paletteShare(result.outputs[0]!.data, TERRACOTTA.colors, 60))
  })

  it('gives every look a visibly different result', async () => {
    const input = await houseSketch()
    const images = await Promise.all(
      LOOKS.map(
        async (look) => (await pixels((await render(input, { style: style(look) })).outputs[0]!.data)).data,
      ),
    )
    for (let a = 0; a < LOOKS.length; a++) {
      for (let b = a + 1; b < LOOKS.length; b++) {
        expect(meanAbsDiff(images[a]!, images[b]!), `${LOOKS[a]} vs ${LOOKS[b]}`).toBeGreaterThan(6)
      }
    }
  })

  it('gives the same bytes for the same inputs', async () => {
    const input = await houseSketch({ medium: 'phone' })
    const a = await render(input, { style: style('watercolour'), palette: TERRACOTTA })
    const b = await render(input, { style: style('watercolour'), palette: TERRACOTTA })
    expect(a.outputs[0]!.data.equals(b.outputs[0]!.data)).toBe(true)
  })

  it.each([
    ['an empty file', () => Promise.resolve(Buffer.alloc(0)), /empty/],
    [
      'bytes that are not an image',
      () => Promise.resolve(Buffer.from('definitely not a png')),
      /could not be read/,
    ],
    [
      'a 1×1 image',
      () =>
        sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      /too small/,
    ],
    ['a blank page', () => blankImage(800, 600), /blank/],
    ['a truncated PNG', async () => (await houseSketch()).subarray(0, 2000), /could not be|damaged/],
  ])('refuses %s with invalid_input and a clear message', async (_, make, message) => {
    const error = await render(await make()).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'EngineError', code: 'invalid_input' })
    expect((error as { userMessage: string }).userMessage).toMatch(message)
  })
})
