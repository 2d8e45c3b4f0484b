import sharp, { type Sharp } from 'sharp'
import { describe, expect, it } from 'vitest'
import { decodeDataUrl, decodeImage, imageEnd, inspectImage, normaliseMask, sniffImage } from './images.ts'

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

describe('decoding an upload in full', () => {
  const noisy = (w: number, h: number) =>
    sharp(Buffer.from(Array.from({ length: w * h * 3 }, (_, i) => (i * 7919) % 256)), {
      raw: { width: w, height: h, channels: 3 },
    })

  it('accepts a whole PNG, JPEG and WebP and gives their size', async () => {
    for (const encode of [(s: Sharp) => s.png(), (s: Sharp) => s.jpeg(), (s: Sharp) => s.webp()]) {
      expect(await decodeImage(await encode(noisy(300, 200)).toBuffer())).toMatchObject({
        ok: true,
        width: 300,
        height: 200,
      })
    }
  })

  it('finds what the header hides: a PNG, a JPEG and a WebP cut short', async () => {
    for (const encode of [(s: Sharp) => s.png(), (s: Sharp) => s.jpeg(), (s: Sharp) => s.webp()]) {
      const whole = await encode(noisy(300, 200)).toBuffer()
      const cut = whole.subarray(0, Math.floor(whole.length * 0.6))
      const header = await inspectImage(cut)
      // PNG and JPEG headers pass alone (what the upload check used to read); WebP's chunk size gives it away
      if (header.ok) expect(await decodeImage(cut)).toEqual({ ok: false, reason: 'damaged' })
      else expect((await decodeImage(cut)).ok).toBe(false)
      if (sniffImage(whole) !== 'webp') expect(header.ok).toBe(true)
    }
  })

  it('refuses a side under 64 pixels, and more pixels than the cap without decoding them', async () => {
    expect(await decodeImage(await png(64, 48))).toEqual({
      ok: false,
      reason: 'too_small',
      width: 64,
      height: 48,
    })
    expect((await decodeImage(await png(64, 64))).ok).toBe(true)
    const bomb = await png(1, 1)
    bomb.writeUInt32BE(7800, 16)
    bomb.writeUInt32BE(5833, 20)
    expect(await decodeImage(bomb)).toEqual({ ok: false, reason: 'too_many_pixels' })
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
  it('sees a damaged mask as no selection rather than failing', async () => {
    const whole = await sharp(await png(300, 200, '#ffffff'))
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(await normaliseMask(whole.subarray(0, whole.length / 2), 300, 200)).toBeNull()
  })

  it('decodes data URLs', () => {
    expect(decodeDataUrl('data:image/png;base64,AAEC')).toEqual(Buffer.from([0, 1, 2]))
    expect(decodeDataUrl('https://x/y.png')).toBeNull()
  })
})

describe('where the image in a file ends', () => {
  const tail = Buffer.from('<!doctype html><script>alert(1)</script>\xff\xd9')
  const noisy = (w: number, h: number) =>
    sharp(Buffer.from(Array.from({ length: w * h * 3 }, (_, i) => (i * 7919) % 256)), {
      raw: { width: w, height: h, channels: 3 },
    })

  it('a PNG at its IEND chunk, a WebP at its RIFF size', async () => {
    const p = await png(40, 30)
    expect(imageEnd(p, 'png')).toBe(p.length)
    expect(imageEnd(Buffer.concat([p, tail]), 'png')).toBe(p.length)
    const w = await noisy(40, 30).webp().toBuffer()
    expect(imageEnd(Buffer.concat([w, tail]), 'webp')).toBe(w.length)
  })

  it('a JPEG at the EOI after its last scan, progressive or with an EXIF thumbnail-like segment', async () => {
    for (const j of [
      await noisy(64, 48).jpeg().toBuffer(),
      await noisy(64, 48).jpeg({ progressive: true }).toBuffer(),
      await noisy(64, 48).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
    ]) {
      expect(imageEnd(j, 'jpeg')).toBe(j.length)
      expect(imageEnd(Buffer.concat([j, tail]), 'jpeg')).toBe(j.length)
    }
  })

  it('a file whose structure cannot be followed is left whole for the decoder to judge', () => {
    const junk = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01])
    expect(imageEnd(junk, 'jpeg')).toBe(junk.length)
    expect(imageEnd(Buffer.from('RIFF'), 'webp')).toBe(4)
  })
})
