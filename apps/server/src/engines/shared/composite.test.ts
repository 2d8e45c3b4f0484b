import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { EngineResult } from '../types.ts'
import { placeOnSource } from './composite.ts'

const W = 160
const H = 120
const solid = (colour: string, width = W, height = H) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()
const result = (data: Buffer, extra: Partial<EngineResult['facts']> = {}): EngineResult => ({
  outputs: [{ kind: 'image', data, contentType: 'image/png', width: W, height: H }],
  facts: { engine: 'local', model: 'm', ...extra },
})
const quarterMask = () =>
  sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
    .composite([
      {
        input: { create: { width: W / 2, height: H / 2, channels: 3, background: '#fff' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer()

describe('placeOnSource', () => {
  it('composites a masked edit onto the source and measures it', async () => {
    const [source, edit, mask] = await Promise.all([solid('#808080'), solid('#20c040'), quarterMask()])
    const placed = await placeOnSource({ kind: 'inpaint', input: source, mask, prompt: 'x' }, result(edit))
    expect(placed.result.outputs[0]!.data).not.toBe(edit)
    // a flat green over the top-left quarter: a quarter of the picture and part of the band
    expect(placed.changedArea).toBeGreaterThan(0.22)
    expect(placed.changedArea).toBeLessThan(0.32)
  })

  it('keeps an edit meant for the whole picture as made, and still measures it when the size is the same', async () => {
    const [source, edit, mask] = await Promise.all([solid('#808080'), solid('#20c040'), quarterMask()])
    const task = {
      kind: 'magic-edit' as const,
      input: source,
      mask,
      prompt: 'flip it',
      palette: null,
      history: [],
    }
    const placed = await placeOnSource(task, result(edit, { wholePicture: true }))
    expect(placed.result.outputs[0]!.data).toBe(edit)
    expect(placed.changedArea).toBe(1)
  })

  it('measures Ask Parti without a lasso; leaves out a result of another size and steps that are not edits', async () => {
    const source = await solid('#808080')
    const edit = (input: Buffer) => ({
      kind: 'magic-edit' as const,
      input,
      mask: null,
      prompt: 'brighter',
      palette: null,
      history: [],
    })
    expect((await placeOnSource(edit(source), result(await solid('#909090')))).changedArea).toBe(1)
    expect((await placeOnSource(edit(source), result(await solid('#828282')))).changedArea).toBe(0)
    expect(
      (await placeOnSource(edit(source), result(await solid('#909090', 90, 160)))).changedArea,
    ).toBeNull()
    const sketch = await placeOnSource(
      {
        kind: 'sketch',
        input: source,
        prompt: '',
        style: null,
        palette: null,
        customColors: null,
        settings: {},
      },
      result(await solid('#909090')),
    )
    expect(sketch.changedArea).toBeNull()
  })
})
