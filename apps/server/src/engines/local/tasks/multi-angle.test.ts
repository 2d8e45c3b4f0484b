import { ANGLES } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { createLocalEngine } from '../engine.ts'
import { houseSketch, meanAbsDiff, pixels, roomPhoto, testContext } from '../fixtures.ts'

const engine = createLocalEngine()

describe('local multi-angle views', () => {
  it('makes a distinct draft view for every angle, labelled as a draft', async () => {
    const input = await houseSketch()
    const results = await Promise.all(
      ANGLES.map(async (angle) =>
        engine.run(
          { kind: 'multi-angle', input, prompt: 'a family house', angle, style: null, palette: null },
          await testContext(),
        ),
      ),
    )
    const images = await Promise.all(results.map(async (r) => (await pixels(r.outputs[0]!.data)).data))
    results.forEach((r, i) => {
      expect(r.facts.draft).toBe(true)
      expect(r.facts.operations?.[0]).toBe(`draft-view:${ANGLES[i]}`)
      expect(Math.max(r.outputs[0]!.width, r.outputs[0]!.height)).toBeGreaterThanOrEqual(1024)
    })
    for (let a = 0; a < images.length; a++) {
      for (let b = a + 1; b < images.length; b++) {
        expect(meanAbsDiff(images[a]!, images[b]!), `${ANGLES[a]} vs ${ANGLES[b]}`).toBeGreaterThan(8)
      }
    }
  })

  it('uses a photo as it is (no sketch render) and still frames it', async () => {
    const result = await engine.run(
      {
        kind: 'multi-angle',
        input: await roomPhoto({ dim: false }),
        prompt: 'a living room',
        angle: 'side',
        style: null,
        palette: null,
      },
      await testContext(),
    )
    expect(result.facts.operations).toEqual(['draft-view:side'])
    expect(result.outputs[0]!.width).toBe(1024)
  })
})
