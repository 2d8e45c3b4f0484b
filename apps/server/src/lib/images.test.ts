import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { decodeDataUrl, inspectImage, normaliseMask, sniffImage } from './images.ts'

const png = (w: number, h: number, colour = '#808080') =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer()

describe('image checks by content', () => {
  it('recognises PNG, JPEG and WebP by their bytes', async () => {
    expect(sniffImage(await png(4, 4))).toBe('png')
    expect(
      sniffImage(
        await sharp(await png(4, 4))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg')
    expect(
      sniffImage(
        await sharp(await png(4, 4))
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp')
    expect(sniffImage(Buffer.from('GIF89a....'))).toBeNull()
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
  })

  it('refuses a decompression bomb from its header alone', async () => {
    // a valid PNG header declaring 60000×60000 pixels, followed by almost nothing
    const header = Buffer.from(await png(1, 1))
    header.writeUInt32BE(60000, 16)
    header.writeUInt32BE(60000, 20)
    const r = await inspectImage(header)
    expect(r).toEqual({ ok: false, reason: 'too_many_pixels' })
  })

  it('reads dimensions of a normal image', async () => {
    expect(await inspectImage(await png(300, 200))).toEqual({
      ok: true,
      format: 'png',
      width: 300,
      height: 200,
    })
  })

  it('reports a truncated file as corrupt', async () => {
    const truncated = (
      await sharp(await png(64, 64))
        .jpeg()
        .toBuffer()
    ).subarray(0, 20)
    expect((await inspectImage(truncated)).ok).toBe(false)
  })
})

describe('lasso masks', () => {
  it('resizes to the image and measures the selection', async () => {
    const half = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .composite([{ input: await png(5, 10, '#ffffff'), left: 0, top: 0 }])
      .png()
      .toBuffer()
    const m = await normaliseMask(half, 100, 80)
    expect(m!.selectedFraction).toBeCloseTo(0.5, 1)
    const meta = await sharp(m!.png).metadata()
    expect([meta.width, meta.height]).toEqual([100, 80])
  })
  it('sees an all-black mask as nothing selected', async () => {
    expect((await normaliseMask(await png(10, 10, '#000000'), 10, 10))!.selectedFraction).toBe(0)
  })
  it('decodes data URLs', () => {
    expect(decodeDataUrl('data:image/png;base64,AAEC')).toEqual(Buffer.from([0, 1, 2]))
    expect(decodeDataUrl('https://x/y.png')).toBeNull()
  })
})
