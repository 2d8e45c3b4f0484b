import { describe, expect, it } from 'vitest'
import { SEED_STYLES } from '../../../catalog/seed-data.ts'
import type { EngineStyle } from '../../types.ts'
import { houseSketch, meanAbsDiff, testContext } from '../fixtures.ts'
import { renderSketch } from '../sketch/render.ts'

/** Every pair of seeded styles, and no style at all, must differ at least this much (mean |Δ| per channel, of 255). */
const MARGIN = 15

const asEngineStyle = (s: (typeof SEED_STYLES)[number]): EngineStyle => ({
  id: s.id,
  name: s.name,
  prompt: s.prompt,
  negativePrompt: s.negativePrompt,
  qualityPrompt: s.qualityPrompt,
  localParams: s.localParams,
})

describe('every style is its own look (docs/product.md#style)', () => {
  it(`renders one sketch in every seeded style, each pair at least ${MARGIN}/255 apart`, async () => {
    const input = await houseSketch()
    const ctx = await testContext()
    const styles: [string, EngineStyle | null][] = [
      ...SEED_STYLES.map((s): [string, EngineStyle] => [s.id, asEngineStyle(s)]),
      ['no style', null],
    ]
    const renders = []
    for (const [, style] of styles) {
      const r = await renderSketch(
        { input, prompt: 'a house', style, palette: null, customColors: null },
        ctx,
      )
      renders.push(r.image.data)
    }
    let min = { diff: Number.POSITIVE_INFINITY, pair: '' }
    for (let i = 0; i < renders.length; i++) {
      for (let j = i + 1; j < renders.length; j++) {
        const diff = meanAbsDiff(renders[i]!, renders[j]!)
        if (diff < min.diff) min = { diff, pair: `${styles[i]![0]} / ${styles[j]![0]}` }
      }
    }
    console.info(`closest pair of styles: ${min.pair}, ${min.diff.toFixed(1)}/255`)
    expect(min.diff, min.pair).toBeGreaterThanOrEqual(MARGIN)
  }, 60_000)
})
