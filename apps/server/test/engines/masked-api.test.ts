import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bandFor, dilatedMask } from '../../src/engines/shared/blend.ts'
import { startFakeComfy } from '../fakes/comfyui.ts'
import { startFakeFal } from '../fakes/fal.ts'
import { startFakeGemini } from '../fakes/gemini.ts'
import type { FakeRender } from '../fakes/media.ts'
import { startFakeOpenAi } from '../fakes/openai.ts'
import { startFakeReplicate } from '../fakes/replicate.ts'
import { rectMask, roomJpeg } from '../fixtures/images.ts'
import { Api, form } from '../helpers/client.ts'
import { waitForJobs } from '../helpers/jobs.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

/** The part of a generation these tests read. */
interface Done {
  status: string
  engine: string
  inputImageUrl: string
  outputImageUrl: string
  metadata: { changedArea?: number }
}

// Pixel-exact masked edits through the whole path, for every engine (docs/product.md#masked-edits): each hosted
// fake returns a careless picture (another size, every colour shifted, a new panel drawn inside the lasso) and
// the runner must put it back onto the source (docs/decisions/0060-compositing-once-in-the-runner.md).

const W = 640
const H = 480
/** A lasso on the flat wall, so the only step its seam can show is one the compositing made. */
const LASSO = { left: 40, top: 40, width: 220, height: 150 }
/** The provider's new panel, inset in the lasso well past the seam. */
const PANEL = { left: 64, top: 64, width: 172, height: 102 }

/** The careless provider: 800×600 instead of 640×480, a green panel where asked, every colour shifted. */
const careless: FakeRender = async (input) => {
  const { width = W, height = H } = await sharp(input).metadata()
  // where the picture is in what the provider got: all of it, or centred in a letterbox of another shape
  const k = Math.min(width / W, height / H)
  const x0 = Math.floor((width - Math.round(W * k)) / 2)
  const y0 = Math.floor((height - Math.round(H * k)) / 2)
  const panel = await sharp({
    create: {
      width: Math.round(PANEL.width * k),
      height: Math.round(PANEL.height * k),
      channels: 3,
      background: '#3c9a50',
    },
  })
    .png()
    .toBuffer()
  const drawn = await sharp(input)
    .composite([{ input: panel, left: x0 + Math.round(PANEL.left * k), top: y0 + Math.round(PANEL.top * k) }])
    .toBuffer()
  return sharp(drawn).resize(800, 600, { fit: 'fill' }).linear([1, 1, 1], [36, -22, 28]).png().toBuffer()
}

async function rgb(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

function inRect(p: number, r: typeof LASSO, inset = 0) {
  const x = p % W
  const y = Math.floor(p / W)
  return (
    x >= r.left + inset && x < r.left + r.width - inset && y >= r.top + inset && y < r.top + r.height - inset
  )
}

/** What every masked result must show, measured against the stored source and the lasso. */
async function expectCompositedBack(api: Api, server: TestServer, id: string, opts: { panel: boolean }) {
  const [g] = (await waitForJobs(api, [id], 30_000)) as unknown as Done[]
  expect(g).toMatchObject({ status: 'completed' })
  const file = async (url: string) =>
    Buffer.from(
      await (
        await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${api.token}` } })
      ).arrayBuffer(),
    )
  const [src, out] = await Promise.all([
    rgb(await file(String(g!.inputImageUrl))),
    rgb(await file(String(g!.outputImageUrl))),
  ])
  expect([out.width, out.height]).toEqual([W, H])

  const lasso = new Uint8Array(W * H)
  for (let p = 0; p < W * H; p++) if (inRect(p, LASSO)) lasso[p] = 255
  const band = bandFor(W, H)
  const grown = dilatedMask(lasso, W, H, band)
  let outside = 0
  let inside = 0
  let insideCount = 0
  for (let p = 0; p < W * H; p++) {
    const moved = [0, 1, 2].some((k) => src.data[p * 3 + k] !== out.data[p * 3 + k])
    if (!grown[p] && moved) outside++
    if (inRect(p, LASSO, band)) {
      insideCount++
      if ([0, 1, 2].some((k) => Math.abs(src.data[p * 3 + k]! - out.data[p * 3 + k]!) > 8)) inside++
    }
  }
  // every pixel outside the dilated lasso is the source's decoded pixel, exactly
  expect(outside).toBe(0)
  // inside, the edit is there
  expect(inside / insideCount).toBeGreaterThan(opts.panel ? 0.55 : 0.5)

  // the changed share is the lasso's, give or take its band and what the edit left alone
  const lassoShare = (LASSO.width * LASSO.height) / (W * H)
  const grownShare = grown.reduce((n, v) => n + (v ? 1 : 0), 0) / (W * H)
  const changed = g!.metadata.changedArea!
  expect(changed).toBeGreaterThan(lassoShare * (opts.panel ? 0.5 : 0.6))
  expect(changed).toBeLessThanOrEqual(grownShare)

  // the seam (a band either side of the lasso's edge): no step between neighbours steeper than the wall's own
  // (its JPEG grain) by more than a few levels; the provider's shift pasted as it came would be 36
  let own = 0
  let seam = 0
  for (let y = 0; y < H - 1; y++)
    for (let x = 0; x < W - 1; x++) {
      const p = y * W + x
      if (!grown[p] || inRect(p, LASSO, band)) continue
      for (const q of [p + 1, p + W])
        for (let k = 0; k < 3; k++) {
          own = Math.max(own, Math.abs(src.data[p * 3 + k]! - src.data[q * 3 + k]!))
          seam = Math.max(seam, Math.abs(out.data[p * 3 + k]! - out.data[q * 3 + k]!))
        }
    }
  expect(seam).toBeLessThanOrEqual(own + 12)
  return g!
}

interface Engine {
  name: string
  env(): Record<string, string>
  render(r: FakeRender): void
  close(): Promise<void>
}

async function hosted(): Promise<Engine[]> {
  const [replicate, fal, comfy, openai, gemini] = await Promise.all([
    startFakeReplicate(),
    startFakeFal(),
    startFakeComfy(),
    startFakeOpenAi(),
    startFakeGemini(),
  ])
  return [
    {
      name: 'replicate',
      env: () => ({
        REPLICATE_API_TOKEN: replicate.token,
        REPLICATE_BASE_URL: replicate.url,
        ENGINE_POLL_INTERVAL_MS: '50',
      }),
      render: (r) => {
        replicate.behaviour.render = r
      },
      close: () => replicate.close(),
    },
    {
      name: 'fal',
      env: () => ({
        FAL_KEY: fal.key,
        FAL_BASE_URL: fal.url,
        FAL_REST_URL: fal.url,
        ENGINE_POLL_INTERVAL_MS: '50',
      }),
      render: (r) => {
        fal.behaviour.render = r
      },
      close: () => fal.close(),
    },
    {
      name: 'comfyui',
      env: () => ({ COMFYUI_URLS: comfy.url, ENGINE_POLL_INTERVAL_MS: '50' }),
      render: (r) => {
        comfy.behaviour.render = r
      },
      close: () => comfy.close(),
    },
    {
      name: 'openai',
      env: () => ({ OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url }),
      render: (r) => {
        openai.behaviour.render = r
      },
      close: () => openai.close(),
    },
    {
      name: 'gemini',
      env: () => ({ GEMINI_API_KEY: gemini.apiKey, GEMINI_BASE_URL: gemini.url }),
      render: (r) => {
        gemini.behaviour.render = r
      },
      close: () => gemini.close(),
    },
  ]
}

let engines: Engine[] = []
let room: Buffer
let mask: Buffer

beforeAll(async () => {
  engines = await hosted()
  ;[room, mask] = await Promise.all([roomJpeg(W, H), rectMask(W, H, LASSO)])
})
afterAll(async () => {
  for (const e of engines) await e.close()
})

async function serverFor(engine: string, env: Record<string, string>) {
  const server = await startTestServer({
    env: {
      FREE_CREDITS: '2000',
      JOB_MAX_ATTEMPTS: '1',
      ENGINE_INPAINT: engine,
      ENGINE_CHAT_EDIT: engine,
      ...env,
    },
  })
  const api = new Api(server.url)
  await api.signUp()
  return { server, api }
}

const inpaint = (api: Api, prompt: string) =>
  api.postForm('/api/render/inpainting', form({ prompt }, { image: room, maskData: mask }))
const magicEdit = (api: Api, prompt: string) =>
  api.postForm(
    '/api/render/start',
    form({ generationType: 'chat-edit', userPrompt: prompt }, { image: room, maskData: mask }),
  )

describe.each(['replicate', 'fal', 'comfyui', 'openai', 'gemini'])(
  'a masked edit on %s, whose fake returns another size with every colour shifted',
  (name) => {
    let server: TestServer
    let api: Api
    beforeAll(async () => {
      const engine = engines.find((e) => e.name === name)!
      engine.render(careless)
      ;({ server, api } = await serverFor(name, engine.env()))
    })
    afterAll(async () => {
      await server?.close()
    })

    it('inpaint: the source outside the dilated lasso byte for byte, the panel inside, no seam', async () => {
      const r = await inpaint(api, 'a green wall panel')
      expect(r.status).toBe(202)
      const g = await expectCompositedBack(api, server, r.body.generation.id, { panel: true })
      expect(g.engine).toBe(name)
    })

    it('magic edit with a lasso: the same', async () => {
      const r = await magicEdit(api, 'put a green panel on this wall')
      expect(r.status).toBe(202)
      const g = await expectCompositedBack(api, server, r.body.generation.id, { panel: true })
      expect(g.engine).toBe(name)
    })
  },
)

describe('a masked edit on the local engine', () => {
  let server: TestServer
  let api: Api
  beforeAll(async () => {
    ;({ server, api } = await serverFor('local', {}))
  })
  afterAll(async () => {
    await server?.close()
  })

  it('inpaint (remove): the source outside the dilated lasso byte for byte, though the input is a JPEG', async () => {
    const r = await inpaint(api, 'remove the marks on the wall')
    expect(r.status).toBe(202)
    const [g] = (await waitForJobs(api, [r.body.generation.id], 30_000)) as unknown as Done[]
    expect(g).toMatchObject({ status: 'completed', engine: 'local' })
    // a flat wall filled from a flat wall barely changes: exactness outside is what is asked of it
    const file = async (url: string) =>
      (
        await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${api.token}` } })
      ).arrayBuffer()
    const src = await rgb(Buffer.from(await file(String(g!.inputImageUrl))))
    const out = await rgb(Buffer.from(await file(String(g!.outputImageUrl))))
    const lasso = new Uint8Array(W * H)
    for (let p = 0; p < W * H; p++) if (inRect(p, LASSO)) lasso[p] = 255
    const grown = dilatedMask(lasso, W, H, bandFor(W, H))
    let outside = 0
    for (let p = 0; p < W * H; p++)
      if (!grown[p] && [0, 1, 2].some((k) => src.data[p * 3 + k] !== out.data[p * 3 + k])) outside++
    expect(outside).toBe(0)
    const { changedArea } = g!.metadata as { changedArea: number }
    expect(changedArea).toBeGreaterThanOrEqual(0)
    expect(changedArea).toBeLessThanOrEqual(0.15)
  })

  it('magic edit with a lasso (warmer, brighter): the change inside, the source exact outside', async () => {
    const r = await magicEdit(api, 'make it much warmer and brighter')
    expect(r.status).toBe(202)
    await expectCompositedBack(api, server, r.body.generation.id, { panel: false })
  })
})
