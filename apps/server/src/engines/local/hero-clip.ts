/**
 * The landing page's hero clip, made by the product itself (docs/product.md#landing): a sample sketch rendered
 * by the built-in engine, then a slow camera move over the render, both exactly as a user's job runs them.
 * Written to apps/web/public/hero/ (hero.mp4, and hero.webp as its poster) and committed; run again after the
 * engine's look changes: npx tsx apps/server/src/engines/local/hero-clip.ts
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import sharp from 'sharp'
import type { EngineContext, EngineResult, EngineStyle } from '../types.ts'
import { createLocalEngine } from './engine.ts'
import { findFfmpeg } from './ffmpeg/find.ts'
import { houseSketch } from './fixtures.ts'

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../../../web/public/hero')
const run = promisify(execFile)

async function context(): Promise<EngineContext> {
  return {
    jobId: 'hero',
    signal: new AbortController().signal,
    reportProgress() {},
    tmpDir: await mkdtemp(join(tmpdir(), 'parti-hero-')),
  }
}

const first = (r: EngineResult) => r.outputs[0]!.data

const GOLDEN_HOUR: EngineStyle = {
  id: 'golden-hour',
  name: 'Golden Hour',
  prompt: '',
  negativePrompt: '',
  qualityPrompt: '',
  localParams: {
    look: 'golden-hour',
    lineWeight: 1,
    saturation: 1,
    warmth: 0,
    paperTexture: 0.3,
    shading: 0.5,
  },
}

async function main() {
  const engine = createLocalEngine()
  // the landing's 4:3 frame; the drawing a user would upload from a phone
  const sketch = await houseSketch({ width: 1200, height: 900 })
  const render = first(
    await engine.run(
      {
        kind: 'sketch',
        input: sketch,
        prompt: 'a white rendered house with a grey slate roof and timber windows',
        style: GOLDEN_HOUR,
        palette: null,
        customColors: null,
        settings: {},
      },
      await context(),
    ),
  )
  const video = first(
    await engine.run(
      { kind: 'animate', input: render, prompt: '', duration: 6, cameraMovement: 'dolly_in' },
      await context(),
    ),
  )
  await mkdir(OUT, { recursive: true })
  const dir = await mkdtemp(join(tmpdir(), 'parti-hero-'))
  const raw = join(dir, 'raw.mp4')
  await writeFile(raw, video)
  // small enough to load after first paint on a phone: 800 px wide, no audio, H.264 for every browser
  const ffmpeg = findFfmpeg()
  if (!ffmpeg) throw new Error('ffmpeg is needed to encode the clip')
  await run(ffmpeg, [
    '-y',
    '-i',
    raw,
    '-vf',
    'scale=800:-2',
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    join(OUT, 'hero.mp4'),
  ])
  await sharp(render).resize(800).webp({ quality: 72 }).toFile(join(OUT, 'hero.webp'))
  console.log(`written to ${OUT}`)
}

await main()
