import { randomInt } from 'node:crypto'
import type { FollowLines } from '@parti/contract'
import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { renderSize, sketchControlImage } from '../shared/control-image.ts'
import { FAILURE_MESSAGES, providerFailed } from '../shared/errors.ts'
import { followLinesOf } from '../shared/follow-lines.ts'
import { hostedSupport } from '../shared/hosted-capabilities.ts'
import { type HostedEngineOptions, hostedEngine } from '../shared/hosted-engine.ts'
import type { RetryPolicy } from '../shared/http.ts'
import { imageSize } from '../shared/images.ts'
import { maskPng, providerImages } from '../shared/outputs.ts'
import { hostedPrompt } from '../shared/prompt.ts'
import { runQueued } from '../shared/queued-run.ts'
import { type Engine, EngineError, type EngineTask } from '../types.ts'
import { ComfyServer, isGone } from './client.ts'
import { templateLicences } from './licences.ts'
import { ComfyPool, NoComfyServer } from './pool.ts'
import { promptClient } from './run-prompt.ts'
import {
  BUILT_IN_WORKFLOWS,
  hasControlNet,
  loadWorkflow,
  type Workflow,
  type WorkflowParam,
} from './workflows.ts'

export interface ComfyEngineOptions {
  urls: string[]
  /** a studio's own templates (same placeholders); the committed ones otherwise */
  workflowsDir: string | null
  models: ModelTable
  pollIntervalMs: number
  timeouts: { imageMs: number; videoMs: number }
  ffmpegPath?: string
  retry?: RetryPolicy
  pool?: { downForMs: number; noServerMs: number }
  /** COMFYUI_ALLOW_NONCOMMERCIAL: run templates whose weights forbid commercial use (comfyui/licences.ts) */
  allowNonCommercial?: boolean
  log: Logger
}

/** Wan 2.1 renders at 16 frames per second, */
const VIDEO_FPS = 16
/**
 * and 81 frames (about 5 s) is the length it was trained for and its node's default: longer runs drift and
 * need far more memory. A longer video is those frames played slower (declared as retimed,
 * shared/hosted-capabilities.ts).
 */
const WAN_MAX_FRAMES = 81

/**
 * A studio's own GPU servers: each job's workflow template is filled in, its images uploaded, the prompt
 * queued on an idle server and followed on /ws, and its output fetched with /view. When a server goes away
 * mid-job, the job starts again on another one.
 */
export function createComfyEngine(options: ComfyEngineOptions): Engine {
  const retry = options.retry ?? { retries: 2, baseMs: 250, maxMs: 2000 }
  const pool = new ComfyPool(
    options.urls.map((u) => new ComfyServer(u, retry)),
    options.log,
    options.pool,
  )
  const workflows = new Map<string, Promise<Workflow>>()
  const workflow = (name: string) => {
    let w = workflows.get(name)
    if (!w) {
      w = loadWorkflow(options.workflowsDir ?? BUILT_IN_WORKFLOWS, name)
      w.catch(() => workflows.delete(name))
      workflows.set(name, w)
    }
    return w
  }

  const engine: HostedEngineOptions = {
    id: 'comfyui',
    ...options,
    modelNoun: 'workflow',
    capabilities: (step, model) =>
      hostedSupport(step, {
        family: 'workflow',
        controlNet: hasControlNet(options.workflowsDir ?? BUILT_IN_WORKFLOWS, model),
      }),
    mapError: (kind, err) =>
      err instanceof NoComfyServer || isGone(err)
        ? // passing: the worker retries later; if it never comes back the user reads the kind's message
          new EngineError('transient', FAILURE_MESSAGES[kind], {
            detail: `comfyui: ${(err as Error).message}`,
          })
        : null,
    /** every configured template loads and fills; servers may come and go, so they are not required here */
    async check() {
      for (const tiers of Object.values(options.models))
        for (const name of [tiers.default, tiers.premium, tiers.experimental])
          if (name) checkLicence(await workflow(name), options)
    },
  }
  return hostedEngine(engine, async (task, run) => {
    const wf = await workflow(run.model)
    const job = await jobInputs(task, wf)
    for (let attempt = 1; ; attempt++) {
      const server = await pool.acquire(run.signal)
      try {
        const client = promptClient(server, wf, job, run.jobId)
        const data = await runQueued(client, run, {
          provider: 'comfyui',
          ...options,
          waitThroughOutages: false,
        })
        return { data, prompt: job.prompt }
      } catch (err) {
        if (run.signal.aborted || !isGone(err) || attempt >= pool.size) throw err
        pool.markDown(server)
        options.log.warn(
          { jobId: run.jobId, server: server.url, attempt },
          'ComfyUI server went away; retrying elsewhere',
        )
      } finally {
        pool.release(server)
      }
    }
  })
}

export interface ComfyJob {
  /** files to upload, by the placeholder that names them */
  uploads: Partial<Record<'image' | 'mask' | 'control_image', Buffer>>
  values: Partial<Record<WorkflowParam, string | number>>
  prompt: string
  /** "Follow my lines": scales the workflow's ControlNet nodes (docs/product.md#follow-lines) */
  followLines?: FollowLines
}

/**
 * A template whose weights forbid commercial use is refused at start-up unless the operator allows it
 * (COMFYUI_ALLOW_NONCOMMERCIAL=true, docs/decisions/0088-comfyui-model-licences.md); files of unknown licence
 * are named in the log.
 */
function checkLicence(wf: Workflow, options: ComfyEngineOptions): void {
  const { nonCommercial, unknown } = templateLicences(wf.graph)
  if (unknown.length)
    options.log.warn(
      { workflow: wf.name, files: unknown },
      'ComfyUI workflow loads model files of unknown licence',
    )
  if (!nonCommercial.length) return
  const what = nonCommercial.map((f) => `${f.file} (${f.licence!.licence})`).join(', ')
  if (options.allowNonCommercial) {
    options.log.warn(
      { workflow: wf.name },
      `ComfyUI workflow ${wf.name} runs non-commercial weights: ${what}`,
    )
    return
  }
  throw new Error(
    `ComfyUI workflow ${wf.name} loads weights licensed for non-commercial use only: ${what}. Choose a commercially usable template, or set COMFYUI_ALLOW_NONCOMMERCIAL=true if this server is not used commercially`,
  )
}

/** Frames and frame rate for a clip of `seconds`: at most WAN_MAX_FRAMES, slowed to last as long as asked. */
export function videoTiming(seconds: number): { frames: number; fps: number } {
  const frames = Math.min(VIDEO_FPS * seconds + 1, WAN_MAX_FRAMES)
  return { frames, fps: frames < VIDEO_FPS * seconds + 1 ? Math.round((frames - 1) / seconds) : VIDEO_FPS }
}

/** A task's uploads and placeholder values for a template. */
async function jobInputs(task: EngineTask, wf: Workflow): Promise<ComfyJob> {
  const p = hostedPrompt(task)
  const uploads: ComfyJob['uploads'] = {}
  // the variation's seed when the job has one, so "Run again" repeats it (docs/product.md#variations)
  const seed = 'seed' in task && typeof task.seed === 'number' ? task.seed : randomInt(2 ** 47)
  const values: ComfyJob['values'] = { prompt: p.text, negative_prompt: p.negative, seed }
  if (wf.params.has('control_image')) {
    const control = await sketchControlImage(task.input, 'edges')
    uploads.control_image = control.data
    Object.assign(values, { width: control.width, height: control.height })
  }
  if (wf.params.has('image') || wf.params.has('mask')) {
    const { image } = await providerImages(task, 'png')
    uploads.image = image.data
    if (wf.params.has('mask')) {
      const mask = task.kind === 'inpaint' ? task.mask : null
      if (!mask) throw providerFailed(task.kind, `workflow ${wf.name} needs a mask and this task has none`)
      uploads.mask = (await maskPng(mask, image.width, image.height)).data
    }
  }
  if (values.width === undefined && (wf.params.has('width') || wf.params.has('height'))) {
    const size = await imageSize(task.input)
    // Wan 2.1 480p: about 832 on the long side
    Object.assign(values, renderSize(size.width, size.height, task.kind === 'animate' ? 832 : 1024))
  }
  if (task.kind === 'animate') Object.assign(values, videoTiming(task.duration))
  return { uploads, values, prompt: p.full, followLines: followLinesOf(task) }
}
