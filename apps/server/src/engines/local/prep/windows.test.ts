import { describe, expect, it } from 'vitest'
import { camera, facade, jpeg, photograph } from '../../../../test/fixtures/facade.ts'
import { findSky, replaceSky } from './sky.ts'
import { segmentsOf } from './straighten.ts'
import { findWindows, lightWindows, type Rect } from './windows.ts'

// Windows as rectangles from the detector's segments (docs/decisions/0110-sky-and-dusk.md), on the rendered
// facade whose fifteen windows are known: the camera looks straight at it, so the facade's (200, 150) is the
// photo's (0, 0) and each window is 120 × 180 pixels.

const truth: Rect[] = []
for (let row = 0; row < 3; row++)
  for (let col = 0; col < 5; col++) {
    const x0 = 260 + col * 230 - 200
    const y0 = 230 + row * 270 - 150
    truth.push({ x0, y0, x1: x0 + 120, y1: y0 + 180 })
  }

const iou = (a: Rect, b: Rect) => {
  const ix = Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0))
  const iy = Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0))
  const inter = ix * iy
  return inter / ((a.x1 - a.x0) * (a.y1 - a.y0) + (b.x1 - b.x0) * (b.y1 - b.y0) - inter)
}

describe('windows from segments', () => {
  it('finds the windows of a rendered facade as rectangles, and little else', async () => {
    const photo = await jpeg(await photograph(await facade(), camera(0, 0)))
    const found = await segmentsOf(photo)
    expect(found).not.toBeNull()
    const windows = findWindows(found!.segments, found!.width, found!.height)
    const matched = truth.filter((t) => windows.some((w) => iou(w, t) >= 0.6))
    const stray = windows.filter((w) => !truth.some((t) => iou(w, t) >= 0.6))
    expect(matched.length).toBeGreaterThanOrEqual(12)
    expect(stray.length).toBeLessThanOrEqual(2)
  })

  it('lights the glass warm and leaves the wall between windows as the grade made it', async () => {
    const scene = await facade()
    const photo = await jpeg(scene)
    const sky = await findSky(photo)
    expect(sky).not.toBeNull()
    const { image, grade } = replaceSky(scene, sky!, 'night-dusk')
    const before = Buffer.from(image.data)
    const windows = findWindows(sky!.segments, sky!.photoWidth, sky!.photoHeight)
    expect(windows.length).toBeGreaterThanOrEqual(12)
    lightWindows(image, windows)
    // the centre of the first window's left pane (facade 290, 320): warm now, red well above blue
    const at = (x: number, y: number) => (y * image.width + x) * 3
    const glass = at(290, 320)
    expect(image.data[glass]! - image.data[glass + 2]!).toBeGreaterThan(60)
    expect(image.data[glass]!).toBeGreaterThan(before[glass]! + 80)
    // the wall between two windows is untouched by the lighting
    const wall = at(430, 320)
    expect(image.data[wall]).toBe(before[wall])
    expect(image.data[wall]).toBe(grade[0][scene.data[wall]!])
  })
})
