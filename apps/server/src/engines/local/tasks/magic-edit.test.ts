import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { tiltedFacadeJpeg } from '../../../../test/fixtures/facade.ts'
import type { EnginePalette, EngineTask } from '../../types.ts'
import { createLocalEngine } from '../engine.ts'
import { blankImage, meanAbsDiff, pixels, roomPhoto, shapeMask, testContext } from '../fixtures.ts'
import { findVerticals } from '../prep/straighten.ts'

const engine = createLocalEngine()
const PALETTE: EnginePalette = {
  id: 'p',
  name: 'Terracotta',
  colors: ['#F3E3D3', '#E0A37A', '#C2633F', '#7A3E2B', '#3B2A24'],
}

async function edit(prompt: string, extra: Partial<Extract<EngineTask, { kind: 'magic-edit' }>> = {}) {
  const input = extra.input ?? (await roomPhoto({ dim: false }))
  return engine.run(
    { kind: 'magic-edit', input, mask: null, prompt, palette: null, history: [], ...extra },
    await testContext(),
  )
}

function stats(data: Buffer) {
  let r = 0
  let g = 0
  let b = 0
  let spread = 0
  for (let i = 0; i < data.length; i += 3) {
    r += data[i]!
    g += data[i + 1]!
    b += data[i + 2]!
    spread += Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!)
  }
  const n = data.length / 3
  return { r: r / n, g: g / n, b: b / n, lum: (0.2126 * r + 0.7152 * g + 0.0722 * b) / n, chroma: spread / n }
}

describe('Ask Parti on the local engine', () => {
  it('makes it warmer and crops to 16:9 in one request, and says so', async () => {
    const input = await roomPhoto({ dim: false })
    const result = await edit('make it warmer and crop to 16:9', { input })
    const out = result.outputs[0]!
    expect(out.width / out.height).toBeCloseTo(16 / 9, 2)
    expect(result.facts.operations).toEqual(['warmer', 'crop:16:9'])
    expect(result.facts.reply).toBe('Done: I warmed the colours and cropped it to 16:9.')
    const before = stats(
      (await pixels(await sharp(input).extract({ left: 0, top: 96, width: 1024, height: 576 }).toBuffer()))
        .data,
    )
    const after = stats((await pixels(out.data)).data)
    expect(after.r - after.b).toBeGreaterThan(before.r - before.b + 8)
  })

  it.each([
    ['brighter', (a: ReturnType<typeof stats>, b: ReturnType<typeof stats>) => b.lum > a.lum + 8],
    ['darker', (a: ReturnType<typeof stats>, b: ReturnType<typeof stats>) => b.lum < a.lum - 8],
    ['cooler', (a: ReturnType<typeof stats>, b: ReturnType<typeof stats>) => b.b - b.r > a.b - a.r + 8],
    ['black and white', (_: ReturnType<typeof stats>, b: ReturnType<typeof stats>) => b.chroma < 1],
    [
      'more saturated',
      (a: ReturnType<typeof stats>, b: ReturnType<typeof stats>) => b.chroma > a.chroma * 1.15,
    ],
    ['sepia', (_: ReturnType<typeof stats>, b: ReturnType<typeof stats>) => b.r > b.g && b.g > b.b],
  ])('%s changes the picture that way', async (prompt, check) => {
    const input = await roomPhoto({ dim: false })
    const before = stats((await pixels(input)).data)
    const after = stats((await pixels((await edit(prompt, { input })).outputs[0]!.data)).data)
    expect(check(before, after)).toBe(true)
  })

  it('rotates, flips and sharpens', async () => {
    const input = await roomPhoto({ dim: false })
    const rotated = (await edit('rotate right', { input })).outputs[0]!
    expect([rotated.width, rotated.height]).toEqual([768, 1024])
    const flipped = await pixels((await edit('mirror it', { input })).outputs[0]!.data)
    const mirrored = await pixels(await sharp(input).flop().toBuffer())
    // JPEG re-encoding of a grainy photo differs a little; an unflipped picture differs a lot
    expect(meanAbsDiff(flipped.data, mirrored.data)).toBeLessThan(4)
    expect(meanAbsDiff(flipped.data, (await pixels(input)).data)).toBeGreaterThan(12)
    const sharpened = await pixels((await edit('sharpen', { input })).outputs[0]!.data)
    expect(meanAbsDiff(sharpened.data, (await pixels(input)).data)).toBeGreaterThan(0.5)
  })

  it('removes the selected area when there is one, and asks for one when there is not', async () => {
    const mask = await shapeMask(1024, 768, { kind: 'rect', x: 290, y: 390, w: 350, h: 180 })
    const done = await edit('remove this', { mask })
    expect(done.facts.operations).toEqual(['remove-selection'])
    const error = await edit('remove this').catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'invalid_input' })
    expect((error as { userMessage: string }).userMessage).toMatch(/lasso/)
  })

  it('recolours to the palette, and asks for a palette when none is chosen', async () => {
    const input = await roomPhoto({ dim: false })
    const result = await edit('recolour with the palette', { input, palette: PALETTE })
    expect(result.facts.reply).toContain('Terracotta')
    expect(
      meanAbsDiff((await pixels(result.outputs[0]!.data)).data, (await pixels(input)).data),
    ).toBeGreaterThan(8)
    await expect(edit('use the palette', { input })).rejects.toMatchObject({ code: 'invalid_input' })
  })

  it('blurs the background around the middle, or around the lassoed subject', async () => {
    const input = await roomPhoto({ dim: false })
    const original = (await pixels(input)).data
    const blurred = (await pixels((await edit('blur the background', { input })).outputs[0]!.data)).data
    const corner = (d: Uint8Array) => d.subarray(0, 1024 * 3 * 60)
    const centre = (d: Uint8Array) => d.subarray(1024 * 3 * 360, 1024 * 3 * 400)
    expect(meanAbsDiff(corner(blurred), corner(original))).toBeGreaterThan(
      meanAbsDiff(centre(blurred), centre(original)),
    )
  })

  it('answers an unknown request with the apology and what it can do', async () => {
    await expect(edit('paint a dragon on the wall')).rejects.toMatchObject({ code: 'unsupported_request' })
  })
})

describe('Ask Parti on the local engine accounts for every part of a request', () => {
  it('"don\'t make it darker" leaves the picture as it is and says so, without darkening it', async () => {
    const input = await roomPhoto({ dim: false })
    const result = await edit("don't make it darker", { input })
    const before = stats((await pixels(input)).data)
    const after = stats((await pixels(result.outputs[0]!.data)).data)
    expect(after.lum).toBeGreaterThanOrEqual(before.lum)
    expect(result.facts.operations).toEqual([])
    expect(result.facts.kept).toEqual([{ words: "don't make it darker", operation: 'darker' }])
    expect(result.facts.reply).toBe('Nothing changed. As you asked, I didn’t darken it.')
    expect(result.facts.reply).not.toMatch(/darkened/)
  })

  it('"increase exposure by one stop and straighten the verticals" brightens and straightens with the straighten engine', async () => {
    const input = await tiltedFacadeJpeg(-10, 2)
    const result = await edit('increase exposure by one stop and straighten the verticals', { input })
    const before = stats((await pixels(input)).data)
    const after = stats((await pixels(result.outputs[0]!.data)).data)
    expect(after.lum).toBeGreaterThan(before.lum + 8)
    expect(result.facts.operations).toEqual(['brighter', 'straighten'])
    expect(result.facts.refused).toBeUndefined()
    expect(result.facts.reply).toBe('Done: I brightened it by one stop and straightened the verticals.')
    // the straighten kind's note, the lean measured again on the result
    const note = result.facts.notes?.find((n) => n.id === 'verticals_straightened')
    expect(note?.params?.before).toBeGreaterThan(2)
    expect(note?.params?.after).toBeLessThan(0.5)
    const again = await findVerticals(result.outputs[0]!.data)
    expect(again!.leanDeg).toBeLessThan(0.5)
  })

  it('straightening a picture with no verticals is left out with the reason; alone, it fails (refunded)', async () => {
    const soft = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><radialGradient id="g"><stop offset="0" stop-color="#f0d8b0"/><stop offset="1" stop-color="#6a7a90"/></radialGradient></defs><rect width="800" height="600" fill="url(#g)"/></svg>',
      ),
    )
      .jpeg()
      .toBuffer()
    const result = await edit('make it warmer and straighten the verticals', { input: soft })
    expect(result.facts.operations).toEqual(['warmer'])
    expect(result.facts.refused).toEqual([
      { words: 'straighten the verticals', reason: 'no-verticals', operation: 'straighten' },
    ])
    expect(result.facts.reply).toMatch(/I found no vertical lines/)
    await expect(edit('straighten the verticals', { input: soft })).rejects.toMatchObject({
      code: 'unsupported_request',
    })
  })

  it('does the rest of a request and asks for the lasso for a removal without one', async () => {
    const result = await edit('make it warmer and remove the chair')
    expect(result.facts.operations).toEqual(['warmer'])
    expect(result.facts.refused).toEqual([
      { words: 'remove the chair', reason: 'needs-selection', operation: 'remove-selection' },
    ])
    expect(result.facts.reply).toMatch(/“remove the chair”: select the area with the lasso tool/)
  })

  it('fails a request it can do nothing of with unsupported_request naming what was asked and why not', async () => {
    const error = await edit('add a plant').catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'unsupported_request' })
    const message = (error as { userMessage: string }).userMessage
    expect(message).toMatch(/^Sorry, I couldn't process your request\./)
    expect(message).toMatch(/“add a plant”: I can’t add new objects/)
  })

  it('with a lasso, a tone edit changes only the selection', async () => {
    const input = await sharp(await roomPhoto({ dim: false }))
      .png()
      .toBuffer()
    const mask = await shapeMask(1024, 768, { kind: 'rect', x: 0, y: 0, w: 1024, h: 200 })
    const result = await edit('make only the sky brighter', { input, mask })
    expect(result.facts.operations).toEqual(['brighter'])
    expect(result.facts.reply).toBe('Done: I brightened it inside your selection (“the sky”).')
    const before = (await pixels(input)).data
    const after = (await pixels(result.outputs[0]!.data)).data
    const row = 1024 * 3
    expect(meanAbsDiff(after.subarray(220 * row), before.subarray(220 * row))).toBe(0)
    expect(stats(after.subarray(0, 180 * row)).lum).toBeGreaterThan(
      stats(before.subarray(0, 180 * row)).lum + 5,
    )
  })

  it('without a lasso, a part it cannot find is asked for, never edited across the whole picture', async () => {
    const error = await edit('make only the sky brighter').catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'invalid_input' })
    expect((error as { userMessage: string }).userMessage).toMatch(/select “the sky” with the lasso tool/)
  })

  it('brightens only the side it was asked to', async () => {
    const input = await sharp(await roomPhoto({ dim: false }))
      .png()
      .toBuffer()
    const result = await edit('brighten the left side', { input })
    const before = await pixels(input)
    const after = await pixels(result.outputs[0]!.data)
    // columns 0..464 (left, clear of the soft middle) and 560..1024 (right)
    const columns = (d: Buffer, from: number, to: number) => {
      const out = Buffer.alloc(768 * (to - from) * 3)
      for (let y = 0; y < 768; y++)
        d.copy(out, y * (to - from) * 3, (y * 1024 + from) * 3, (y * 1024 + to) * 3)
      return out
    }
    expect(stats(columns(after.data, 0, 464)).lum).toBeGreaterThan(
      stats(columns(before.data, 0, 464)).lum + 8,
    )
    expect(meanAbsDiff(columns(after.data, 560, 1024), columns(before.data, 560, 1024))).toBe(0)
  })

  it('refuses a blank picture with invalid_input that says what is wrong with it', async () => {
    const error = await edit('make it brighter', { input: await blankImage(800, 600) }).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ code: 'invalid_input' })
    expect((error as { userMessage: string }).userMessage).toMatch(/blank/)
    expect((error as { retryable: boolean }).retryable).toBe(false)
  })
})
