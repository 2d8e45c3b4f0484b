/**
 * Renders every style, palette, view, staging option, inpaint, edit and camera move into PNG contact sheets
 * under /tmp/parti-contact, to look at the local engine's work as a client would.
 * Run: npx tsx apps/server/src/engines/local/contact-sheet.ts [styles|views|staging|edits|camera]
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  ANGLES,
  CAMERA_MOVEMENTS,
  LocalStyleParams,
  STAGING_STYLES,
  type StagingOption,
} from '@parti/contract'
import sharp from 'sharp'
import type { EngineContext, EnginePalette, EngineResult, EngineStyle, EngineTask } from '../types.ts'
import { createLocalEngine } from './engine.ts'
import { findFfmpeg } from './ffmpeg/find.ts'
import * as fx from './fixtures.ts'

const OUT = '/tmp/parti-contact'
const TILE = 560
const engine = createLocalEngine()
const run = promisify(execFile)

// every look the contract defines (one definition: LocalStyleParams)
const LOOKS = LocalStyleParams.shape.look.options
const PALETTES: EnginePalette[] = [
  { id: 'nordic', name: 'Nordic', colors: ['#F4F1EA', '#D8CFC0', '#9DB0A3', '#5E7A8A', '#2E3A40'] },
  { id: 'terracotta', name: 'Terracotta', colors: ['#F3E3D3', '#E0A37A', '#C2633F', '#7A3E2B', '#3B2A24'] },
  { id: 'coastal', name: 'Coastal', colors: ['#FFFFFF', '#E9E4D8', '#A8C8D8', '#3F7C9A', '#1E3A4C'] },
]

export function styleFor(look: LocalStyleParams['look']): EngineStyle {
  return {
    id: look,
    name: look,
    prompt: '',
    negativePrompt: '',
    qualityPrompt: '',
    localParams: { look, lineWeight: 1, saturation: 1, warmth: 0, paperTexture: 0.3, shading: 0.5 },
  }
}

async function ctx(): Promise<EngineContext> {
  return {
    jobId: 'sheet',
    signal: new AbortController().signal,
    reportProgress() {},
    tmpDir: await mkdtemp(join(tmpdir(), 'parti-')),
  }
}

async function image(result: EngineResult): Promise<Buffer> {
  const out = result.outputs[0]!
  return out.data
}

async function tile(input: Buffer, label: string, width = TILE, height = TILE): Promise<Buffer> {
  const body = await sharp(input)
    .resize(width, height, { fit: 'contain', background: '#2b2b2b' })
    .png()
    .toBuffer()
  const text = label.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const caption = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="28"><rect width="100%" height="100%" fill="#111"/><text x="8" y="19" font-family="sans-serif" font-size="15" fill="#eee">${text}</text></svg>`,
  )
  return sharp({ create: { width, height: height + 28, channels: 3, background: '#2b2b2b' } })
    .composite([
      { input: caption, left: 0, top: 0 },
      { input: body, left: 0, top: 28 },
    ])
    .png()
    .toBuffer()
}

async function sheet(
  name: string,
  tiles: Buffer[],
  columns: number,
  width = TILE,
  height = TILE,
): Promise<void> {
  const rows = Math.ceil(tiles.length / columns)
  const h = height + 28
  await sharp({ create: { width: columns * width, height: rows * h, channels: 3, background: '#444' } })
    .composite(
      tiles.map((t, i) => ({ input: t, left: (i % columns) * width, top: Math.floor(i / columns) * h })),
    )
    .png()
    .toFile(join(OUT, `${name}.png`))
  console.log(`${OUT}/${name}.png`)
}

async function runTask(task: EngineTask): Promise<EngineResult> {
  const started = performance.now()
  const result = await engine.run(task, await ctx())
  console.log(
    `  ${task.kind} ${result.facts.operations?.join(', ')} ${(performance.now() - started).toFixed(0)} ms`,
  )
  return result
}

async function styles(): Promise<void> {
  const pencil = await fx.houseSketch()
  const tiles = [await tile(pencil, 'input: pencil scan')]
  for (const look of LOOKS) {
    const r = await runTask({
      kind: 'sketch',
      input: pencil,
      prompt: 'a family house',
      style: styleFor(look),
      palette: null,
      customColors: null,
      settings: {},
    })
    tiles.push(await tile(await image(r), look))
  }
  const phone = await fx.houseSketch({ medium: 'phone' })
  tiles.push(await tile(phone, 'input: phone photo of paper'))
  for (const palette of PALETTES) {
    const r = await runTask({
      kind: 'sketch',
      input: phone,
      prompt: 'a house',
      style: styleFor('marker'),
      palette,
      customColors: null,
      settings: {},
    })
    tiles.push(await tile(await image(r), `marker, ${palette.name} palette (phone photo)`))
  }
  const digital = await fx.houseSketch({ medium: 'digital' })
  const custom = await runTask({
    kind: 'sketch',
    input: digital,
    prompt: 'a house',
    style: styleFor('colour-block'),
    palette: null,
    customColors: ['#E8D5B7', '#B5533C', '#2F4858'],
    settings: {},
  })
  tiles.push(await tile(await image(custom), 'colour-block, custom colours (digital lines)'))
  const interior = await fx.interiorSketch()
  tiles.push(await tile(interior, 'input: interior sketch'))
  for (const look of ['marker', 'watercolour'] as LocalStyleParams['look'][]) {
    const r = await runTask({
      kind: 'sketch',
      input: interior,
      prompt: 'a living room',
      style: styleFor(look),
      palette: PALETTES[0]!,
      customColors: null,
      settings: {},
    })
    tiles.push(await tile(await image(r), `interior, ${look}`))
  }
  await sheet('styles', tiles, 4)
}

async function views(): Promise<void> {
  const pencil = await fx.houseSketch()
  const tiles: Buffer[] = []
  for (const angle of ANGLES) {
    const r = await runTask({
      kind: 'multi-angle',
      input: pencil,
      prompt: 'a family house',
      angle,
      style: styleFor('watercolour'),
      palette: PALETTES[1]!,
    })
    tiles.push(await tile(await image(r), `draft view: ${angle}`))
  }
  await sheet('views', tiles, 3)
}

async function staging(): Promise<void> {
  const room = await fx.roomPhoto({ tilt: 2 })
  const mask = await fx.shapeMask(1024, 768, { kind: 'rect', x: 270, y: 370, w: 390, h: 220 })
  const tiles = [await tile(room, 'input: dim, tilted room')]
  const clean = await runTask({
    kind: 'staging-clean',
    input: room,
    mask: null,
    roomType: 'living-room',
    options: [],
  })
  tiles.push(await tile(await image(clean), `clean: ${clean.facts.operations?.join(' ')}`))
  const removed = await runTask({
    kind: 'staging-clean',
    input: room,
    mask,
    roomType: 'living-room',
    options: ['removeFurniture'],
  })
  tiles.push(await tile(await image(removed), 'clean + removeFurniture (sofa lassoed)'))
  const cleaned = await image(clean)
  const stage = (
    options: StagingOption[],
    style: (typeof STAGING_STYLES)[number],
    palette: EnginePalette | null,
  ) =>
    runTask({
      kind: 'staging-stage',
      input: cleaned,
      original: room,
      prompt: '',
      roomType: 'living-room',
      options,
      stagingStyle: style,
      palette,
    })
  for (const style of STAGING_STYLES)
    tiles.push(await tile(await image(await stage([], style, null)), `stage: ${style}`))
  tiles.push(
    await tile(await image(await stage([], 'modern', PALETTES[1]!)), 'modern + Terracotta palette on walls'),
  )
  tiles.push(
    await tile(
      await image(await stage(['repaint'], 'scandinavian', PALETTES[2]!)),
      'scandinavian + repaint (Coastal)',
    ),
  )
  tiles.push(
    await tile(await image(await stage(['addLighting'], 'transitional', null)), 'transitional + addLighting'),
  )
  await sheet('staging', tiles, 4)
}

async function edits(): Promise<void> {
  const photo = await fx.roomPhoto({ dim: false })
  const mask = await fx.shapeMask(1024, 768, { kind: 'rect', x: 290, y: 390, w: 350, h: 180 })
  const outline = await sharp(photo)
    .composite([{ input: await sharp(mask).ensureAlpha(0.35).png().toBuffer(), blend: 'screen' }])
    .png()
    .toBuffer()
  const tiles = [await tile(outline, 'input + lasso')]
  const inpaint = await runTask({ kind: 'inpaint', input: photo, mask, prompt: 'remove the sofa' })
  tiles.push(await tile(await image(inpaint), 'inpaint (Telea)'))
  const requests = [
    'make it warmer and crop to 16:9',
    'black and white, more contrast',
    'plus lumineux et plus froid',
    'desenfoca el fondo',
    'sepia',
    'gire para a esquerda',
    'use the palette',
  ]
  for (const prompt of requests) {
    const r = await runTask({
      kind: 'magic-edit',
      input: photo,
      mask: null,
      prompt,
      palette: PALETTES[1]!,
      history: [],
    })
    tiles.push(await tile(await image(r), `"${prompt}"`))
  }
  await sheet('edits', tiles, 3)
}

async function camera(): Promise<void> {
  const ffmpeg = findFfmpeg()
  if (!ffmpeg) throw new Error('no ffmpeg')
  // a client would animate a rendering: use the marker render of the house as the picture
  const render = await runTask({
    kind: 'sketch',
    input: await fx.houseSketch({ width: 1280, height: 720 }),
    prompt: '',
    style: styleFor('marker'),
    palette: PALETTES[1]!,
    customColors: null,
    settings: {},
  })
  const picture = await image(render)
  const tiles: Buffer[] = []
  for (const movement of CAMERA_MOVEMENTS) {
    const r = await runTask({
      kind: 'animate',
      input: picture,
      prompt: '',
      duration: 6,
      cameraMovement: movement,
    })
    const video = r.outputs[0]!
    const dir = await mkdtemp(join(tmpdir(), 'parti-frames-'))
    const file = join(dir, 'v.mp4')
    await writeFile(file, video.data)
    // first, middle and last frames side by side
    await run(ffmpeg, [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      "select='eq(n\\,0)+eq(n\\,71)+eq(n\\,143)',scale=480:-2,tile=3x1",
      '-frames:v',
      '1',
      '-y',
      join(dir, 's.png'),
    ])
    const strip = await readFile(join(dir, 's.png'))
    tiles.push(await tile(strip, `${movement}: first · middle · last`, 1440, 270))
  }
  await sheet('camera', tiles, 2, 1440, 270)
}

const parts: Record<string, () => Promise<void>> = { styles, views, staging, edits, camera }
await mkdir(OUT, { recursive: true })
for (const name of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(parts))
  await parts[name]!()
