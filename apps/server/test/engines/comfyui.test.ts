import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createComfyEngine, videoTiming } from '../../src/engines/comfyui/index.ts'
import { licenceOf, templateLicences } from '../../src/engines/comfyui/licences.ts'
import { COMFYUI_DEFAULT_MODELS, type COMFYUI_STEPS } from '../../src/engines/comfyui/models.ts'
import { BUILT_IN_WORKFLOWS, fillWorkflow, loadWorkflow } from '../../src/engines/comfyui/workflows.ts'
import { EngineError, type EngineTask } from '../../src/engines/types.ts'
import { type FakeComfy, startFakeComfy } from '../fakes/comfyui.ts'
import { rectMask, roomJpeg, sketchPng } from '../fixtures/images.ts'
import { diffAround, makeCtx, SHORT_TIMEOUTS, silentLog } from './helpers.ts'

let a: FakeComfy
let b: FakeComfy
let sketch: Buffer
let room: Buffer
let mask: Buffer
const rect = { left: 70, top: 250, width: 200, height: 110 }

const engine = (urls = [a.url, b.url], overrides: Partial<Parameters<typeof createComfyEngine>[0]> = {}) =>
  createComfyEngine({
    urls,
    workflowsDir: null,
    models: COMFYUI_DEFAULT_MODELS,
    pollIntervalMs: 20,
    timeouts: SHORT_TIMEOUTS,
    retry: { retries: 1, baseMs: 5, maxMs: 20 },
    pool: { downForMs: 60_000, noServerMs: 1500 },
    log: silentLog,
    ...overrides,
  })

const tasks = (): Record<(typeof COMFYUI_STEPS)[number], EngineTask> => ({
  sketch: {
    kind: 'sketch',
    input: sketch,
    prompt: 'a villa',
    style: null,
    palette: null,
    customColors: null,
    settings: {},
  },
  'multi-angle': {
    kind: 'multi-angle',
    input: sketch,
    prompt: 'a villa',
    angle: 'aerial',
    style: null,
    palette: null,
  },
  'staging-clean': {
    kind: 'staging-clean',
    input: room,
    mask: null,
    roomType: 'bedroom',
    options: ['removeClutter'],
  },
  'staging-stage': {
    kind: 'staging-stage',
    input: room,
    original: room,
    prompt: 'modern interior staging',
    roomType: 'bedroom',
    options: [],
    stagingStyle: 'modern',
    palette: null,
  },
  inpaint: { kind: 'inpaint', input: room, mask, prompt: 'remove the sofa' },
  'magic-edit': {
    kind: 'magic-edit',
    input: room,
    mask: null,
    prompt: 'warmer light',
    palette: null,
    history: [],
  },
  animate: { kind: 'animate', input: room, prompt: 'a quiet room', duration: 6, cameraMovement: 'pan_right' },
})

beforeAll(async () => {
  ;[a, b] = await Promise.all([startFakeComfy(), startFakeComfy()])
  ;[sketch, room, mask] = await Promise.all([sketchPng(), roomJpeg(), rectMask(640, 480, rect)])
})
afterAll(async () => {
  await a.close()
  await b.close()
})
beforeEach(() => {
  a.reset()
  b.reset()
})

const prompts = () => [...a.received, ...b.received]

describe('ComfyUI workflow templates', () => {
  it('every committed template loads: known placeholders, links to existing nodes, one output node', async () => {
    for (const tiers of Object.values(COMFYUI_DEFAULT_MODELS)) {
      const wf = await loadWorkflow(BUILT_IN_WORKFLOWS, tiers.default)
      expect(wf.params.has('prompt')).toBe(true)
      expect(wf.graph[wf.outputNode]!.class_type).toMatch(/^Save(Image|Video)$/)
    }
    await expect(engine().check!()).resolves.toBeUndefined()
  })

  it('every committed template names the licence of each weights file; the defaults are all commercially usable', async () => {
    const names = readdirSync(BUILT_IN_WORKFLOWS).map((f) => f.replace(/\.json$/, ''))
    for (const name of names) {
      const { unknown } = templateLicences((await loadWorkflow(BUILT_IN_WORKFLOWS, name)).graph)
      expect([name, unknown]).toEqual([name, []])
    }
    for (const tiers of Object.values(COMFYUI_DEFAULT_MODELS)) {
      const { nonCommercial } = templateLicences(
        (await loadWorkflow(BUILT_IN_WORKFLOWS, tiers.default)).graph,
      )
      expect([tiers.default, nonCommercial]).toEqual([tiers.default, []])
    }
    expect(COMFYUI_DEFAULT_MODELS['magic-edit'].default).toBe('magic-edit-qwen-image-edit')
    // SDXL inpainting 0.1 ships only as diffusers folders: its UNet file, by the name the release gives it
    const inpaint = await loadWorkflow(BUILT_IN_WORKFLOWS, 'inpaint-sdxl')
    expect(Object.values(inpaint.graph).find((n) => n.class_type === 'UNETLoader')!.inputs.unet_name).toBe(
      'stable-diffusion-xl-1.0-inpainting-0.1/diffusion_pytorch_model.fp16.safetensors',
    )
    expect(licenceOf('qwen_image_edit_fp8_e4m3fn.safetensors')).toMatchObject({ licence: 'Apache-2.0' })
  })

  it('start-up refuses a non-commercial template (FLUX.1 Kontext [dev]) unless COMFYUI_ALLOW_NONCOMMERCIAL is set', async () => {
    const models = { ...COMFYUI_DEFAULT_MODELS, 'magic-edit': { default: 'magic-edit-flux-kontext' } }
    const err = await engine([a.url], { models }).check!().catch((e) => e)
    expect(String(err)).toContain(
      'flux1-dev-kontext_fp8_scaled.safetensors (FLUX.1 [dev] Non-Commercial License)',
    )
    expect(String(err)).toContain('COMFYUI_ALLOW_NONCOMMERCIAL=true')
    await expect(engine([a.url], { models, allowNonCommercial: true }).check!()).resolves.toBeUndefined()
  })

  it('fills placeholders with typed values and refuses to run with one missing', async () => {
    const wf = await loadWorkflow(BUILT_IN_WORKFLOWS, 'sketch-sdxl-canny')
    expect(() => fillWorkflow(wf, { prompt: 'x' })).toThrow(/no value for/)
    const graph = fillWorkflow(wf, {
      prompt: 'p',
      negative_prompt: 'n',
      control_image: 'parti/c.png',
      width: 1024,
      height: 768,
      seed: 7,
    })
    expect(JSON.stringify(graph)).not.toContain('{{')
    expect(Object.values(graph).find((n) => n.class_type === 'EmptyLatentImage')!.inputs.width).toBe(1024)
  })
})

describe('ComfyUI adapter against fake servers', () => {
  it('renders a sketch: uploads the line hint, queues the filled graph, follows /ws progress, fetches /view', async () => {
    const { ctx, progress } = makeCtx()
    const result = await engine([a.url]).run(tasks().sketch, ctx)
    const [prompt] = a.received
    const load = Object.values(prompt!.graph).find((n) => n.class_type === 'LoadImage')!
    expect(load.inputs.image).toBe(`parti/${ctx.jobId}-control_image.png`)
    // a canny hint is white lines on black
    expect((await sharp(a.uploads.get(String(load.inputs.image))!).stats()).channels[0]!.mean).toBeLessThan(
      60,
    )
    const text = Object.values(prompt!.graph).filter((n) => n.class_type === 'CLIPTextEncode')
    expect(text[0]!.inputs.text).toContain('a villa')
    expect(result.facts).toMatchObject({ engine: 'comfyui', model: 'sketch-sdxl-canny' })
    expect(result.outputs[0]).toMatchObject({ kind: 'image', width: 1024, height: 768 })
    expect(progress.filter((p) => p > 0.05).length).toBeGreaterThan(2)
    expect(a.requests.some((r) => r.path.startsWith('/view?filename='))).toBe(true)
  })

  it('runs every kind through its template, the fake validating each graph', async () => {
    for (const [kind, task] of Object.entries(tasks())) {
      const result = await engine([a.url]).run(task, makeCtx().ctx)
      expect(result.outputs[0]!.kind, kind).toBe(kind === 'animate' ? 'video' : 'image')
    }
    expect(a.received).toHaveLength(7)
  })

  it('inpaints with the uploaded lasso mask and returns the provider image as given', async () => {
    const result = await engine([a.url]).run(tasks().inpaint, makeCtx().ctx)
    expect([...a.uploads.keys()].some((k) => k.endsWith('-mask.png'))).toBe(true)
    const out = result.outputs[0] as { data: Buffer }
    // the adapter hands back the provider's picture as it came (tinted everywhere); compositing it onto the
    // source is the runner's, once for every engine (docs/decisions/0060-compositing-once-in-the-runner.md)
    expect((await diffAround(room, out.data, rect)).outside).toBeGreaterThan(1000)
  })

  it("the video template never asks more than Wan's 81 frames: 6 s and 10 s are those frames played slower", async () => {
    const result = await engine([a.url]).run(tasks().animate, makeCtx().ctx)
    const graph = a.received[0]!.graph
    const wan = Object.values(graph).find((n) => n.class_type === 'WanImageToVideo')!
    expect(wan.inputs).toMatchObject({ length: 81, width: 832 })
    expect(Object.values(graph).find((n) => n.class_type === 'CreateVideo')!.inputs.fps).toBe(13)
    expect(result.outputs[0]).toMatchObject({ kind: 'video', contentType: 'video/mp4' })
    expect(videoTiming(10)).toEqual({ frames: 81, fps: 8 })
    expect(videoTiming(5)).toEqual({ frames: 81, fps: 16 })
    // declared, so the screens say it before the user pays
    expect(engine([a.url]).capabilities('animate', 'animate-wan21-i2v')).toMatchObject({
      'duration.6': { level: 'approximates', reason: 'retimed' },
      'duration.10': { level: 'approximates', reason: 'retimed' },
    })
  })

  it('the dispatcher sends two jobs at once to two servers, and prefers an idle one over a busy one', async () => {
    const one = engine()
    await Promise.all([one.run(tasks().sketch, makeCtx().ctx), one.run(tasks().sketch, makeCtx().ctx)])
    expect(a.received).toHaveLength(1)
    expect(b.received).toHaveLength(1)
    a.reset()
    b.reset()
    a.behaviour.foreignLoad = 2
    await one.run(tasks().sketch, makeCtx().ctx)
    expect(a.received).toHaveLength(0)
    expect(b.received).toHaveLength(1)
  })

  it('follows the prompt by polling /history when the stream is unavailable', async () => {
    a.behaviour.websocket = false
    const result = await engine([a.url]).run(tasks().sketch, makeCtx().ctx)
    expect(result.outputs).toHaveLength(1)
    expect(a.requests.filter((r) => r.path.startsWith('/history/')).length).toBeGreaterThan(1)
  })

  it('a server that goes away mid-job: the job starts again on another server and completes', async () => {
    const dying = await startFakeComfy()
    const healthy = await startFakeComfy()
    try {
      dying.behaviour.outcome = 'die'
      dying.behaviour.runMs = 300
      const result = await engine([dying.url, healthy.url]).run(tasks().sketch, makeCtx().ctx)
      expect(result.outputs).toHaveLength(1)
      expect(dying.received).toHaveLength(1)
      expect(dying.dead).toBe(true)
      expect(healthy.received).toHaveLength(1)
    } finally {
      await dying.close()
      await healthy.close()
    }
  })

  it('with every server gone the job fails as passing (the worker retries later)', async () => {
    const gone = await startFakeComfy()
    await gone.kill()
    const err = await engine([gone.url])
      .run(tasks().sketch, makeCtx().ctx)
      .catch((e) => e)
    expect(err).toBeInstanceOf(EngineError)
    expect(err.code).toBe('transient')
  })

  it('an execution error fails the job with its failure message, the node error in the detail', async () => {
    a.behaviour.outcome = 'error'
    const err = await engine([a.url])
      .run(tasks().sketch, makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: 'Failed to render sketch' })
    expect(err.message).toContain('CUDA out of memory')
  })

  it("a studio's own template (COMFYUI_WORKFLOWS_DIR) that the server rejects (400) fails for good", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parti-workflows-'))
    writeFileSync(
      join(dir, 'studio-sketch.json'),
      JSON.stringify({
        '1': { class_type: 'LoadImage', inputs: { image: '{{control_image}}' } },
        '2': { class_type: 'StudioSecretNode', inputs: { image: ['1', 0], text: '{{prompt}}' } },
        '3': { class_type: 'SaveImage', inputs: { images: ['2', 0], filename_prefix: 'x' } },
      }),
    )
    const err = await engine([a.url], { workflowsDir: dir, models: { sketch: { default: 'studio-sketch' } } })
      .run(tasks().sketch, makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed', userMessage: 'Failed to render sketch' })
    expect(err.message).toContain('prompt rejected')
    expect(a.requests.filter((r) => r.path === '/prompt')).toHaveLength(1)
  })

  it('a prompt that hangs times out and is interrupted and removed from the queue', async () => {
    a.behaviour.outcome = 'hang'
    // long enough for the upload and the prompt to reach the server on a loaded machine
    const err = await engine([a.url], { timeouts: { imageMs: 3000, videoMs: 3000 } })
      .run(tasks().sketch, makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'timeout' })
    expect(a.interrupts).toEqual([a.received[0]!.id])
    expect(a.deletes).toEqual([a.received[0]!.id])
  })

  it('cancellation through ctx.signal interrupts the running prompt', async () => {
    a.behaviour.outcome = 'hang'
    const abort = new AbortController()
    const running = engine([a.url]).run(tasks()['magic-edit'], makeCtx({ signal: abort.signal }).ctx)
    while (!a.received.length) await new Promise((r) => setTimeout(r, 10))
    abort.abort(new EngineError('cancelled', 'The job was cancelled.'))
    expect(await running.catch((e) => e)).toMatchObject({ code: 'cancelled' })
    expect(a.interrupts).toEqual([a.received[0]!.id])
  })

  it('cancelling our queued prompt deletes it from the queue and never interrupts the prompt another client runs', async () => {
    a.occupy('other-client-prompt')
    const abort = new AbortController()
    const running = engine([a.url]).run(tasks()['magic-edit'], makeCtx({ signal: abort.signal }).ctx)
    while (!a.received.length) await new Promise((r) => setTimeout(r, 10))
    abort.abort(new EngineError('cancelled', 'The job was cancelled.'))
    expect(await running.catch((e) => e)).toMatchObject({ code: 'cancelled' })
    expect(a.deletes).toEqual([a.received[0]!.id])
    expect(a.interrupts).toEqual([])
    expect(a.othersInterrupted).toEqual([])
    const queue = (await (await fetch(`${a.url}/queue`)).json()) as {
      queue_running: unknown[][]
      queue_pending: unknown[][]
    }
    expect(queue.queue_running.map((e) => e[1])).toEqual(['other-client-prompt'])
    expect(queue.queue_pending).toEqual([])
  })

  it('an output file that is gone from /view fails the job for good', async () => {
    a.behaviour.viewMissing = true
    const err = await engine([a.url])
      .run(tasks().sketch, makeCtx().ctx)
      .catch((e) => e)
    expect(err).toMatchObject({ code: 'provider_failed' })
    expect(prompts()).toHaveLength(1)
  })
})
