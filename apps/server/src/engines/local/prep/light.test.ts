import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { RawImage } from '../image-io.ts'
import { blownShare, colourCast, lightPhoto } from './light.ts'

// Better light (docs/decisions/0109-light.md) on a rendered dark room with a warm cast and a blown window:
// the room comes up, the cast goes down, the window is not blown further, and strength 0 changes nothing.

async function darkRoom(): Promise<RawImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a3a28"/><stop offset="1" stop-color="#2a2016"/></linearGradient></defs>
    <rect width="900" height="600" fill="#5a4a36"/>
    <rect y="420" width="900" height="180" fill="url(#f)"/>
    <rect x="560" y="90" width="220" height="260" fill="#ffffff"/>
    <rect x="560" y="90" width="220" height="260" fill="none" stroke="#3a2e22" stroke-width="10"/>
    <rect x="120" y="300" width="260" height="140" fill="#6b4a30"/>
    <circle cx="250" cy="200" r="40" fill="#7a6650"/></svg>`
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: 3 }
}

const meanLuma = (img: RawImage, x0: number, y0: number, x1: number, y1: number) => {
  let s = 0
  let n = 0
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * img.channels
      s += 0.2126 * img.data[i]! + 0.7152 * img.data[i + 1]! + 0.0722 * img.data[i + 2]!
      n++
    }
  return s / n
}

describe('better light', () => {
  it('brightens a dark room, takes out its cast and keeps the window from blowing out', async () => {
    const room = await darkRoom()
    const out = lightPhoto(room, 1)
    expect(out.ev).toBeGreaterThan(0.5)
    // the wall beside the window, well away from it
    expect(meanLuma(out.image, 40, 40, 300, 160)).toBeGreaterThan(meanLuma(room, 40, 40, 300, 160) + 25)
    expect(colourCast(room)).toBeGreaterThan(15)
    expect(out.castAfter).toBeLessThan(colourCast(room) / 2)
    expect(out.castAfter).toBe(colourCast(out.image))
    // the window was found, and is no longer pure white (it rolled off instead of clipping)
    expect(out.windows).toBeGreaterThan(0.05)
    expect(out.clipBefore).toBeGreaterThan(0.05)
    expect(out.clipAfter).toBeLessThan(out.clipBefore / 4)
    expect(out.clipAfter).toBe(blownShare(out.image))
    expect(meanLuma(out.image, 600, 130, 740, 310)).toBeGreaterThan(200)
  })

  it('strength scales the correction, and 0 leaves the photo as it was', async () => {
    const room = await darkRoom()
    expect(lightPhoto(room, 0).image.data.equals(room.data)).toBe(true)
    const half = meanLuma(lightPhoto(room, 0.5).image, 40, 40, 300, 160)
    const full = meanLuma(lightPhoto(room, 1).image, 40, 40, 300, 160)
    const none = meanLuma(room, 40, 40, 300, 160)
    expect(half).toBeGreaterThan(none + 8)
    expect(half).toBeLessThan(full - 8)
  })
})
