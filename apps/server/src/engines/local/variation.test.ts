import { DEFAULT_SEED } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import type { EngineResult, EngineTask } from '../types.ts'
import { createLocalEngine } from './engine.ts'
import { houseSketch, meanAbsDiff, pixels, roomPhoto, testContext } from './fixtures.ts'
import { variationOf } from './variation.ts'

const engine = createLocalEngine()
const image = async (r: EngineResult) => {
  const out = r.outputs[0]!
  return (await pixels(out.data)).data
}

describe('the local engine honours a seed (docs/product.md#variations)', () => {
  it('the default seed is the look as designed; other seeds turn the light at least a fifth of a turn', () => {
    expect(variationOf(DEFAULT_SEED)).toEqual(variationOf(undefined))
    expect(variationOf(DEFAULT_SEED).lightTurn).toBe(0)
    for (const seed of [1, 2, 99, 123456, 2 ** 31 - 2]) {
      const v = variationOf(seed)
      expect(Math.abs(v.lightTurn)).toBeGreaterThanOrEqual((2 * Math.PI) / 5 - 1e-9)
      expect(v.falloff).toBeGreaterThan(0)
      expect(variationOf(seed)).toEqual(v)
    }
  })

  it('sketch render: another seed is visibly another picture, the same seed the same bytes', async () => {
    const input = await houseSketch()
    const task = (seed?: number): EngineTask => ({
      kind: 'sketch',
      input,
      prompt: 'a family house',
      style: null,
      palette: null,
      customColors: null,
      settings: {},
      ...(seed === undefined ? {} : { seed }),
    })
    const run = async (seed?: number) => engine.run(task(seed), await testContext())
    const [plain, first, a, a2, b] = await Promise.all([run(), run(DEFAULT_SEED), run(13), run(13), run(42)])
    expect(first.outputs[0]!.data.equals(plain.outputs[0]!.data)).toBe(true)
    expect(a2.outputs[0]!.data.equals(a.outputs[0]!.data)).toBe(true)
    const [p, pa, pb] = await Promise.all([image(plain), image(a), image(b)])
    expect(meanAbsDiff(p, pa)).toBeGreaterThan(6)
    expect(meanAbsDiff(p, pb)).toBeGreaterThan(6)
    expect(meanAbsDiff(pa, pb)).toBeGreaterThan(6)
  })

  it('staging: the seed grades the staged room', async () => {
    const room = await roomPhoto()
    const task = (seed?: number): EngineTask => ({
      kind: 'staging-stage',
      input: room,
      original: room,
      prompt: 'a living room',
      roomType: 'living-room',
      options: [],
      stagingStyle: 'modern',
      palette: null,
      ...(seed === undefined ? {} : { seed }),
    })
    const [plain, varied] = await Promise.all([
      engine.run(task(), await testContext()),
      engine.run(task(7), await testContext()),
    ])
    expect(varied.facts.operations).toContain('variation-grade')
    expect(meanAbsDiff(await image(plain), await image(varied))).toBeGreaterThan(6)
  })
})
