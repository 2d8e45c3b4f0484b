import { randomUUID } from 'node:crypto'
import multipart from '@fastify/multipart'
import { WebSocket, WebSocketServer } from 'ws'
import { type FakeRender, isImage, testClip, tinted } from './media.ts'
import { startFakeServer } from './server.ts'

/**
 * A fake ComfyUI server (its server.py routes): POST /upload/image (multipart), POST /prompt with an
 * API-format graph (validated: known node classes, links to existing nodes, uploaded images, no unfilled
 * placeholders; 400 {error, node_errors} otherwise), one prompt at a time, /ws?clientId= events
 * (execution_start, executing, progress, executed, executing node=null, execution_success or
 * execution_error), GET /history/{id}, GET /view, GET/POST /queue and POST /interrupt.
 */
export interface ComfyBehaviour {
  outcome: 'succeed' | 'error' | 'hang' | 'die'
  /** time a prompt takes once it runs */
  runMs: number
  /** answer /ws upgrades (false: the adapter must poll /history) */
  websocket: boolean
  /** prompts that other clients have queued here (the dispatcher should prefer idle servers) */
  foreignLoad: number
  viewMissing: boolean
  /** the picture to return for an image input instead of the tinted input */
  render: FakeRender | null
}

const KNOWN_NODES = new Set([
  'CheckpointLoaderSimple',
  'CLIPTextEncode',
  'LoadImage',
  'ControlNetLoader',
  'ControlNetApplyAdvanced',
  'EmptyLatentImage',
  'KSampler',
  'VAEDecode',
  'VAEEncode',
  'VAEEncodeForInpaint',
  'ImageToMask',
  'SaveImage',
  'Canny',
  'UNETLoader',
  'DualCLIPLoader',
  'CLIPLoader',
  'VAELoader',
  'CLIPVisionLoader',
  'CLIPVisionEncode',
  'FluxKontextImageScale',
  'ReferenceLatent',
  'FluxGuidance',
  'ConditioningZeroOut',
  'WanImageToVideo',
  'ModelSamplingSD3',
  'CreateVideo',
  'SaveVideo',
  // Qwen-Image-Edit (ComfyUI's own nodes since 0.3.51)
  'ImageScaleToTotalPixels',
  'TextEncodeQwenImageEdit',
  'ModelSamplingAuraFlow',
  'CFGNorm',
])
const REQUIRED: Record<string, string[]> = {
  KSampler: [
    'seed',
    'steps',
    'cfg',
    'sampler_name',
    'scheduler',
    'denoise',
    'model',
    'positive',
    'negative',
    'latent_image',
  ],
  CLIPTextEncode: ['text', 'clip'],
  TextEncodeQwenImageEdit: ['clip', 'prompt'],
  ImageScaleToTotalPixels: ['image', 'upscale_method', 'megapixels'],
  LoadImage: ['image'],
  EmptyLatentImage: ['width', 'height', 'batch_size'],
  WanImageToVideo: ['positive', 'negative', 'vae', 'width', 'height', 'length', 'batch_size'],
  CreateVideo: ['images', 'fps'],
  SaveVideo: ['video', 'filename_prefix', 'format', 'codec'],
  SaveImage: ['images', 'filename_prefix'],
}

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>
interface Prompt {
  id: string
  number: number
  clientId: string
  graph: Graph
}

export type FakeComfy = Awaited<ReturnType<typeof startFakeComfy>>

export async function startFakeComfy() {
  const uploads = new Map<string, Buffer>()
  const outputs = new Map<string, { data: Buffer; type: string }>()
  const history = new Map<string, unknown>()
  const received: Prompt[] = []
  const pending: Prompt[] = []
  let running: { prompt: Prompt; timer: NodeJS.Timeout | null; stop: (why: 'interrupted') => void } | null =
    null
  const interrupts: string[] = []
  const deletes: string[] = []
  /** prompts of another client that were interrupted here */
  const othersInterrupted: string[] = []
  const behaviour: ComfyBehaviour = defaults()
  const sockets = new Map<string, Set<WebSocket>>()
  let counter = 0
  let dead = false

  const server = await startFakeServer(async (app) => {
    await app.register(multipart)
    app.post('/upload/image', async (req, reply) => {
      let name = ''
      let data: Buffer | null = null
      const fields: Record<string, string> = {}
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          name = part.filename
          data = await part.toBuffer()
        } else fields[part.fieldname] = String(part.value)
      }
      if (!data || !(await isImage(data))) return reply.status(400).send('Invalid image')
      const subfolder = fields.subfolder ?? ''
      uploads.set(subfolder ? `${subfolder}/${name}` : name, data)
      return { name, subfolder, type: fields.type ?? 'input' }
    })
    app.post('/prompt', async (req, reply) => {
      const body = (req.body ?? {}) as { prompt?: Graph; client_id?: string }
      const errors = validate(body.prompt)
      if (errors.length)
        return reply.status(400).send({
          error: {
            type: 'prompt_outputs_failed_validation',
            message: 'Prompt outputs failed validation',
            details: errors.join('; '),
          },
          node_errors: {},
        })
      const prompt: Prompt = {
        id: randomUUID(),
        number: counter++,
        clientId: body.client_id ?? '',
        graph: body.prompt!,
      }
      received.push(prompt)
      pending.push(prompt)
      setImmediate(pump)
      return { prompt_id: prompt.id, number: prompt.number, node_errors: {} }
    })
    app.get<{ Params: { id: string } }>('/history/:id', async (req) => {
      const entry = history.get(req.params.id)
      return entry ? { [req.params.id]: entry } : {}
    })
    app.get<{ Querystring: { filename: string; subfolder: string; type: string } }>(
      '/view',
      async (req, reply) => {
        const key = `${req.query.type}/${req.query.subfolder}/${req.query.filename}`
        const file = outputs.get(key)
        if (!file || behaviour.viewMissing) return reply.status(404).send('')
        return reply.type(file.type).send(file.data)
      },
    )
    app.get('/queue', async () => {
      const row = (p: Prompt) => [p.number, p.id, p.graph, {}, []]
      const foreign = Array.from({ length: behaviour.foreignLoad }, (_, i) => [
        1000 + i,
        `foreign-${i}`,
        {},
        {},
        [],
      ])
      return {
        queue_running: running ? [row(running.prompt)] : [],
        queue_pending: [...pending.map(row), ...foreign],
      }
    })
    app.post('/queue', async (req) => {
      const ids = ((req.body ?? {}) as { delete?: string[] }).delete ?? []
      for (const id of ids) {
        deletes.push(id)
        const i = pending.findIndex((p) => p.id === id)
        if (i >= 0) pending.splice(i, 1)
      }
      return {}
    })
    // like ComfyUI before /interrupt took a prompt_id (and any server that ignores it): the body is not read and
    // whatever runs is interrupted, whoever queued it
    app.post('/interrupt', async (req) => {
      const id = ((req.body ?? {}) as { prompt_id?: string }).prompt_id ?? running?.prompt.id ?? ''
      interrupts.push(id)
      running?.stop('interrupted')
      return {}
    })
    app.get('/system_stats', async () => ({
      system: { os: 'posix', comfyui_version: '0.3.60' },
      devices: [],
    }))
  })

  const wss = new WebSocketServer({ noServer: true })
  server.app.server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    if (url.pathname !== '/ws' || !behaviour.websocket || dead) return socket.destroy()
    wss.handleUpgrade(req, socket, head, (ws) => {
      const clientId = url.searchParams.get('clientId') ?? randomUUID()
      const set = sockets.get(clientId) ?? new Set<WebSocket>()
      sockets.set(clientId, set)
      set.add(ws)
      ws.on('close', () => set.delete(ws))
      ws.send(
        JSON.stringify({
          type: 'status',
          data: { status: { exec_info: { queue_remaining: pending.length } }, sid: clientId },
        }),
      )
    })
  })

  const send = (clientId: string, type: string, data: Record<string, unknown>) => {
    for (const ws of sockets.get(clientId) ?? [])
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type, data }))
  }

  function validate(graph: Graph | undefined): string[] {
    if (!graph || typeof graph !== 'object') return ['no prompt']
    const errors: string[] = []
    for (const [id, node] of Object.entries(graph)) {
      if (!KNOWN_NODES.has(node?.class_type)) errors.push(`node ${id}: unknown class ${node?.class_type}`)
      for (const r of REQUIRED[node.class_type] ?? [])
        if (node.inputs?.[r] === undefined) errors.push(`node ${id}: ${r} missing`)
      for (const [k, v] of Object.entries(node.inputs ?? {})) {
        if (typeof v === 'string' && v.includes('{{'))
          errors.push(`node ${id}: ${k} is an unfilled placeholder`)
        if (Array.isArray(v) && !graph[String(v[0])])
          errors.push(`node ${id}: ${k} links to missing node ${v[0]}`)
      }
      if (node.class_type === 'LoadImage' && !uploads.has(String(node.inputs.image)))
        errors.push(`node ${id}: image ${node.inputs.image} was not uploaded`)
      if (
        ['seed', 'width', 'height', 'length', 'fps'].some(
          (k) => k in node.inputs && typeof node.inputs[k] !== 'number',
        )
      )
        errors.push(`node ${id}: a number input is not a number`)
    }
    if (!Object.values(graph).some((n) => n.class_type === 'SaveImage' || n.class_type === 'SaveVideo'))
      errors.push('Prompt has no outputs')
    return errors
  }

  function pump(): void {
    if (running || dead) return
    const prompt = pending.shift()
    if (!prompt) return
    const sampler = Object.entries(prompt.graph).find(([, n]) => n.class_type === 'KSampler')?.[0] ?? null
    const out = Object.entries(prompt.graph).find(
      ([, n]) => n.class_type === 'SaveImage' || n.class_type === 'SaveVideo',
    )!
    send(prompt.clientId, 'execution_start', { prompt_id: prompt.id, timestamp: Date.now() })
    let step = 0
    const steps = 5
    const outcome = behaviour.outcome
    const finish = async (why: 'done' | 'error' | 'interrupted') => {
      if (running?.prompt !== prompt) return
      if (running.timer) clearInterval(running.timer)
      // like ComfyUI, the prompt leaves the queue only once its history is written
      const files = why === 'done' ? await renderOutput(prompt, out[1]) : null
      running = null
      if (files) {
        send(prompt.clientId, 'executed', { node: out[0], output: files, prompt_id: prompt.id })
        history.set(prompt.id, {
          prompt: [prompt.number, prompt.id, prompt.graph, {}, [out[0]]],
          outputs: { [out[0]]: files },
          status: { status_str: 'success', completed: true, messages: [] },
        })
        send(prompt.clientId, 'executing', { node: null, prompt_id: prompt.id })
        send(prompt.clientId, 'execution_success', { prompt_id: prompt.id, timestamp: Date.now() })
      } else {
        const message = why === 'error' ? 'CUDA out of memory. Tried to allocate 2.00 GiB' : 'interrupted'
        if (why === 'error')
          send(prompt.clientId, 'execution_error', {
            prompt_id: prompt.id,
            node_id: sampler,
            node_type: 'KSampler',
            exception_message: message,
          })
        else send(prompt.clientId, 'execution_interrupted', { prompt_id: prompt.id, node_id: sampler })
        history.set(prompt.id, {
          prompt: [],
          outputs: {},
          status: {
            status_str: 'error',
            completed: false,
            messages: [
              [why === 'error' ? 'execution_error' : 'execution_interrupted', { exception_message: message }],
            ],
          },
        })
      }
      setImmediate(pump)
    }
    const timer = setInterval(
      () => {
        step++
        if (outcome === 'die' && step === 2) return void kill()
        if (outcome === 'hang') return
        if (sampler) {
          send(prompt.clientId, 'executing', { node: sampler, prompt_id: prompt.id })
          send(prompt.clientId, 'progress', { value: step, max: steps, prompt_id: prompt.id, node: sampler })
        }
        if (step >= steps) void finish(outcome === 'error' ? 'error' : 'done')
      },
      Math.max(5, behaviour.runMs / steps),
    )
    running = { prompt, timer, stop: (why) => void finish(why) }
  }

  async function renderOutput(prompt: Prompt, node: { class_type: string; inputs: Record<string, unknown> }) {
    if (node.class_type === 'SaveVideo') {
      const create = Object.values(prompt.graph).find((n) => n.class_type === 'CreateVideo')
      const wan = Object.values(prompt.graph).find((n) => n.class_type === 'WanImageToVideo')
      const fps = Number(create?.inputs.fps ?? 16)
      const seconds = Math.max(1, Math.round((Number(wan?.inputs.length ?? 81) - 1) / fps))
      const filename = `ComfyUI_${prompt.number}_.mp4`
      outputs.set(`output/parti/${filename}`, {
        data: await testClip(seconds, 320, 240, fps),
        type: 'video/mp4',
      })
      return { images: [{ filename, subfolder: 'parti', type: 'output' }], animated: [true] }
    }
    const load = Object.values(prompt.graph).find((n) => n.class_type === 'LoadImage')!
    const latent = Object.values(prompt.graph).find((n) => n.class_type === 'EmptyLatentImage')
    const size = latent
      ? { width: Number(latent.inputs.width), height: Number(latent.inputs.height) }
      : undefined
    const filename = `ComfyUI_${prompt.number}_.png`
    outputs.set(`output/parti/${filename}`, {
      data: behaviour.render
        ? await behaviour.render(uploads.get(String(load.inputs.image))!)
        : await tinted(uploads.get(String(load.inputs.image))!, size),
      type: 'image/png',
    })
    return { images: [{ filename, subfolder: 'parti', type: 'output' }] }
  }

  /** The server goes away: connections drop and the port stops answering. */
  async function kill(): Promise<void> {
    dead = true
    if (running?.timer) clearInterval(running.timer)
    running = null
    for (const set of sockets.values()) for (const ws of set) ws.terminate()
    await server.close().catch(() => {})
  }

  return {
    url: server.origin,
    requests: server.requests,
    received,
    uploads,
    interrupts,
    deletes,
    behaviour,
    get dead() {
      return dead
    },
    kill,
    othersInterrupted,
    /** Another client's prompt starts running here (and runs until interrupted); ours then wait behind it. */
    occupy(id = 'other-client-prompt') {
      const prompt: Prompt = { id, number: counter++, clientId: 'other-client', graph: {} }
      running = {
        prompt,
        timer: null,
        stop: () => {
          othersInterrupted.push(id)
          running = null
          setImmediate(pump)
        },
      }
    },
    reset() {
      if (running && running.prompt.clientId === 'other-client') running = null
      othersInterrupted.length = 0
      Object.assign(behaviour, defaults())
      server.requests.length = 0
      received.length = 0
      interrupts.length = 0
      deletes.length = 0
    },
    async close() {
      if (running?.timer) clearInterval(running.timer)
      wss.close()
      if (!dead) await server.close()
    },
  }
}

function defaults(): ComfyBehaviour {
  return { outcome: 'succeed', runMs: 150, websocket: true, foreignLoad: 0, viewMissing: false, render: null }
}
