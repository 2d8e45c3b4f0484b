import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { blankImage, houseSketch, roomPhoto } from '../engines/local/fixtures.ts'
import { measureFidelity } from './report.ts'

/** The picture with one rectangle of it moved `dx` pixels to the right (a window that walked). */
async function moveRegion(
  image: Buffer,
  r: { left: number; top: number; width: number; height: number },
  dx: number,
) {
  const part = await sharp(image).extract(r).toBuffer()
  return sharp(image)
    .composite([{ input: part, left: r.left + dx, top: r.top }])
    .png()
    .toBuffer()
}

describe('fidelity report', () => {
  it('scores a drawing against itself near 1 and against a blank page at 0', async () => {
    const sketch = await houseSketch()
    const same = await measureFidelity({ input: sketch, output: sketch, subject: 'drawing', colours: [] })
    expect(same.method).toBe('lines')
    expect(same.score).toBeGreaterThan(0.85)
    expect(same.recall).toBeGreaterThan(0.9)
    const blank = await measureFidelity({
      input: sketch,
      output: await blankImage(1024, 768),
      subject: 'drawing',
      colours: [],
    })
    expect(blank.score).toBe(0)
  })

  it('scores a room photo lower when its window has moved 20 px, and draws what was lost in red', async () => {
    const room = await roomPhoto({ dim: false })
    const moved = await moveRegion(room, { left: 410, top: 160, width: 240, height: 220 }, 20)
    const same = await measureFidelity({ input: room, output: room, subject: 'photo', colours: [] })
    const off = await measureFidelity({ input: room, output: moved, subject: 'photo', colours: [] })
    expect(same.score).toBeGreaterThan(0.97)
    expect(off.score).toBeLessThan(same.score - 0.05)
    const { data, info } = await sharp(off.overlay).raw().toBuffer({ resolveWithObject: true })
    expect(info.width).toBe(512)
    let red = 0
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 200 && data[i + 1]! < 80) red++
    expect(red).toBeGreaterThan(100)
  })

  it('reports the CIEDE2000 of each requested colour against the region it became', async () => {
    const half = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c0392b' } })
      .composite([
        {
          input: await sharp({ create: { width: 200, height: 300, channels: 3, background: '#2e86c1' } })
            .png()
            .toBuffer(),
          left: 200,
          top: 0,
        },
      ])
      .png()
      .toBuffer()
    const r = await measureFidelity({
      input: half,
      output: half,
      subject: 'photo',
      colours: ['#c0392b', '#2e86c1', '#27ae60'],
    })
    const [red, blue, green] = r.colours
    expect(red!.deltaE).toBeLessThan(1)
    expect(blue!.deltaE).toBeLessThan(1)
    expect(red!.share).toBeCloseTo(0.5, 1)
    // green was asked but nothing green was painted: its nearest region is far from it
    expect(green!.deltaE).toBeGreaterThan(20)
  })
})
