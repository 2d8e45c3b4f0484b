import { describe, expect, it } from 'vitest'
import { camera, facade, jpeg, photograph } from '../../../../test/fixtures/facade.ts'
import { overcastHouseJpeg, rawOf, roofline, SCENE_H, SCENE_W } from '../../../../test/fixtures/sky-scene.ts'
import { findSky, MIN_SKY_CONFIDENCE, replaceSky } from './sky.ts'

// A new sky (docs/decisions/0110-sky-and-dusk.md) on a rendered house with a known roofline: the sky is found
// with a high confidence, every sky pixel is repainted, and below the roofline every pixel is the photo's own
// through the grade's colour table — nothing of the new sky lands on the building.

describe('sky replacement', () => {
  it.each(['blue', 'golden', 'dusk'] as const)(
    'an overcast sky above a known roofline is found and replaced with %s, nothing below the roofline moved',
    async (mood) => {
      const photo = await overcastHouseJpeg()
      const sky = await findSky(photo)
      expect(sky).not.toBeNull()
      expect(sky!.confidence).toBeGreaterThanOrEqual(0.8)
      // the true sky is about 45 % of this picture
      expect(sky!.area).toBeGreaterThan(0.38)
      expect(sky!.area).toBeLessThan(0.5)
      const img = await rawOf(photo)
      const out = replaceSky(img, sky!, mood)
      let skyPixels = 0
      let replaced = 0
      let ground = 0
      let groundKept = 0
      for (let y = 0; y < SCENE_H; y++)
        for (let x = 0; x < SCENE_W; x++) {
          const top = roofline(x)
          const i = (y * SCENE_W + x) * 3
          if (y < top - 4) {
            skyPixels++
            const was = img.data[i]! + img.data[i + 1]! + img.data[i + 2]!
            const now = out.image.data[i]! + out.image.data[i + 1]! + out.image.data[i + 2]!
            // repainted: not the grey, and bluer than red for a blue sky
            const changed =
              Math.abs(now - was) > 30 || Math.abs(out.image.data[i + 2]! - out.image.data[i]!) > 25
            if (changed && out.alpha[y * SCENE_W + x] === 1) replaced++
          } else if (y > top + 3) {
            ground++
            const same =
              out.image.data[i] === out.grade[0][img.data[i]!] &&
              out.image.data[i + 1] === out.grade[1][img.data[i + 1]!] &&
              out.image.data[i + 2] === out.grade[2][img.data[i + 2]!]
            if (same) groundKept++
          }
        }
      expect(replaced / skyPixels).toBeGreaterThan(0.99)
      expect(groundKept).toBe(ground)
    },
  )

  it('a photo with no sky in it is not given one', async () => {
    // the facade photographed straight on, filling the frame: wall and windows to the top edge
    const wall = await jpeg(await photograph(await facade(), camera(0, 0)))
    const sky = await findSky(wall)
    expect(sky === null || sky.confidence < MIN_SKY_CONFIDENCE).toBe(true)
  })
})
