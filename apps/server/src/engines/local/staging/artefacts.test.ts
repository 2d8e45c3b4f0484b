import type { StagingOption, StagingStyle } from '@parti/contract'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { EnginePalette } from '../../types.ts'
import { createLocalEngine } from '../engine.ts'
import { pixels, roomPhoto, testContext } from '../fixtures.ts'

const engine = createLocalEngine()
const COASTAL: EnginePalette = {
  id: 'c',
  name: 'Coastal',
  colors: ['#FFFFFF', '#E9E4D8', '#A8C8D8', '#3F7C9A', '#1E3A4C'],
}

/** Mean Lab chroma and hue angle (degrees) of a box of an RGB picture, through a simple sRGB → Lab. */
function chromaHue(data: Uint8Array, width: number, box: [number, number, number, number]) {
  let a = 0
  let b = 0
  let c = 0
  let n = 0
  const lin = (v: number) => {
    const x = v / 255
    return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4
  }
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116)
  for (let y = box[1]; y < box[3]; y += 2) {
    for (let x = box[0]; x < box[2]; x += 2) {
      const o = (y * width + x) * 3
      const [R, G, B] = [lin(data[o]!), lin(data[o + 1]!), lin(data[o + 2]!)]
      const fx = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047)
      const fy = f(0.2126 * R + 0.7152 * G + 0.0722 * B)
      const fz = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883)
      const la = 500 * (fx - fy)
      const lb = 200 * (fy - fz)
      a += la
      b += lb
      c += Math.hypot(la, lb)
      n++
    }
  }
  return { chroma: c / n, hue: (Math.atan2(b / n, a / n) * 180) / Math.PI }
}

const SOFA: [number, number, number, number] = [340, 450, 590, 540]
const BACK_WALL: [number, number, number, number] = [250, 200, 400, 260]
const WHOLE: [number, number, number, number] = [0, 0, 1024, 768]
const WINDOW: [number, number, number, number] = [432, 182, 628, 358]
/** the lamp's pole (the paint used to spill onto it) */
const LAMP: [number, number, number, number] = [691, 320, 697, 500]
const SIDE_WALL: [number, number, number, number] = [30, 100, 200, 300]

function meanAbsDiffIn(a: Uint8Array, b: Uint8Array, width: number, box: [number, number, number, number]) {
  let sum = 0
  let n = 0
  for (let y = box[1]; y < box[3]; y++) {
    for (let x = box[0]; x < box[2]; x++) {
      const o = (y * width + x) * 3
      for (let c = 0; c < 3; c++) sum += Math.abs(a[o + c]! - b[o + c]!)
      n += 3
    }
  }
  return sum / n
}

let room: Buffer
let cleaned: Buffer

beforeAll(async () => {
  room = await roomPhoto()
  cleaned = (
    await engine.run(
      { kind: 'staging-clean', input: room, mask: null, roomType: 'living-room', options: [] },
      await testContext(),
    )
  ).outputs[0]!.data
})

async function stage(style: StagingStyle, options: StagingOption[], palette: EnginePalette | null) {
  const r = await engine.run(
    {
      kind: 'staging-stage',
      input: cleaned,
      original: room,
      prompt: '',
      roomType: 'living-room',
      options,
      stagingStyle: style,
      palette,
    },
    await testContext(),
  )
  return pixels(r.outputs[0]!.data)
}

describe('local staging without artefacts', () => {
  it('warm light on freshly painted white walls does not blow the room out: only the window and lamp glow', async () => {
    const lit = await stage('scandinavian', ['repaint', 'addLighting'], null)
    let white = 0
    for (let o = 0; o < lit.data.length; o += 3) {
      const y = 0.2126 * lit.data[o]! + 0.7152 * lit.data[o + 1]! + 0.0722 * lit.data[o + 2]!
      if (y > 250) white++
    }
    // the walls glowed wholesale before (most of the picture clipped to white)
    expect(white / (lit.width * lit.height), 'share of clipped pixels').toBeLessThan(0.12)
  })

  it('the Coastal repaint changes the walls and leaves the sofa its own colour', async () => {
    const before = await pixels(cleaned)
    const after = await stage('coastal', ['repaint'], COASTAL)
    expect(after.width).toBe(before.width)
    const wallBefore = chromaHue(before.data, before.width, BACK_WALL)
    const wallAfter = chromaHue(after.data, after.width, BACK_WALL)
    // the wall turns to the palette's blue
    expect(Math.abs(wallAfter.hue - wallBefore.hue)).toBeGreaterThan(60)
    const sofaBefore = chromaHue(before.data, before.width, SOFA)
    const sofaAfter = chromaHue(after.data, after.width, SOFA)
    const hueShift = Math.abs(((sofaAfter.hue - sofaBefore.hue + 540) % 360) - 180)
    expect(hueShift, 'sofa hue shift (degrees)').toBeLessThan(6)
    expect(Math.abs(sofaAfter.chroma - sofaBefore.chroma), 'sofa chroma change').toBeLessThan(4)
    // the paint stops at the wall: the window and the lamp are the same with or without the repaint
    const graded = await stage('coastal', [], COASTAL)
    for (const box of [WINDOW, LAMP]) {
      expect(meanAbsDiffIn(graded.data, after.data, after.width, box), `box ${box}`).toBeLessThan(4)
    }
  })

  it('in a dim photo the repaint still stops at the window (not blown out, it once passed for wall) and reaches every wall', async () => {
    for (const exposure of [1, 0.5]) {
      const dim = await sharp(room).linear(exposure, 0).jpeg({ quality: 92 }).toBuffer()
      const run = async (options: StagingOption[]) =>
        pixels(
          (
            await engine.run(
              {
                kind: 'staging-stage',
                input: dim,
                original: dim,
                prompt: '',
                roomType: 'living-room',
                options,
                stagingStyle: 'coastal',
                palette: COASTAL,
              },
              await testContext(),
            )
          ).outputs[0]!.data,
        )
      const [painted, graded] = [await run(['repaint']), await run([])]
      const w = painted.width
      // before: 14 at full exposure and 41 at half (the window painted blue with the walls)
      expect(meanAbsDiffIn(painted.data, graded.data, w, WINDOW), `window at ${exposure}`).toBeLessThan(4)
      expect(
        meanAbsDiffIn(painted.data, graded.data, w, BACK_WALL),
        `back wall at ${exposure}`,
      ).toBeGreaterThan(20)
      expect(
        meanAbsDiffIn(painted.data, graded.data, w, SIDE_WALL),
        `side wall at ${exposure}`,
      ).toBeGreaterThan(20)
    }
  })

  it('the Luxury grade stays within a saturation bound', async () => {
    const before = await pixels(cleaned)
    const after = await stage('luxury', [], null)
    const rise =
      chromaHue(after.data, after.width, WHOLE).chroma - chromaHue(before.data, before.width, WHOLE).chroma
    expect(rise, 'mean chroma increase').toBeLessThan(4.5)
  })
})
