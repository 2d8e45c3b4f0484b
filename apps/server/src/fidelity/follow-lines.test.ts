import { describe, expect, it } from 'vitest'
import { createLocalEngine } from '../engines/local/engine.ts'
import { houseSketch, testContext } from '../engines/local/fixtures.ts'
import type { EngineOutput } from '../engines/types.ts'
import { measureFidelity } from './report.ts'

describe('"Follow my lines" on the built-in engine', () => {
  it('measures a higher fidelity figure the stricter the setting', async () => {
    const engine = createLocalEngine()
    const sketch = await houseSketch()
    const scores: number[] = []
    for (const followLines of ['loose', 'balanced', 'strict'] as const) {
      const r = await engine.run(
        {
          kind: 'sketch',
          input: sketch,
          prompt: 'a house with white rendered walls and a grey slate roof',
          style: null,
          palette: null,
          customColors: null,
          settings: {},
          followLines,
        },
        await testContext(),
      )
      const out = r.outputs[0] as Extract<EngineOutput, { kind: 'image' }>
      const f = await measureFidelity({ input: sketch, output: out.data, subject: 'drawing', colours: [] })
      scores.push(f.score)
    }
    const [loose, balanced, strict] = scores as [number, number, number]
    expect(balanced).toBeGreaterThan(loose + 0.02)
    expect(strict).toBeGreaterThan(balanced + 0.02)
    expect(strict).toBeGreaterThan(loose + 0.05)
  }, 60_000)
})
