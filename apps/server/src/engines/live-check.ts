import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEFAULT_UPSCALE_FACTOR,
  DEFAULT_VIDEO_DURATION,
  type EngineCheckRow,
  GENERATION_MODES,
  KINDS,
  LIGHT_STRENGTH_DEFAULT,
  priceOf,
  type Step,
} from '@parti/contract'
import type { Logger } from 'pino'
import { houseSketch, roomPhoto, shapeMask } from './local/fixtures.ts'
import { type EngineRouter, TASK_KINDS } from './router.ts'
import { EngineError, type EngineTask } from './types.ts'

/** What one step costs a user, from the contract's kinds (a video at its default length). */
const STEP_CREDITS = Object.fromEntries(
  GENERATION_MODES.flatMap((kind) =>
    KINDS[kind].steps.map((s): [Step, number] => [
      s.step,
      s.credits ?? priceOf(kind, { duration: DEFAULT_VIDEO_DURATION }),
    ]),
  ),
) as Record<Step, number>

/** A tiny real request per step: a 512×384 sketch or room photo, a lasso, the shortest video. */
async function tinyTask(step: Step): Promise<EngineTask> {
  const size = { width: 512, height: 384 }
  const photo = await roomPhoto(size)
  const mask = await shapeMask(512, 384, { kind: 'rect', x: 96, y: 192, w: 160, h: 112 })
  switch (step) {
    case 'sketch':
      return {
        kind: 'sketch',
        input: await houseSketch(size),
        prompt: 'a small timber house',
        style: null,
        palette: null,
        customColors: null,
        settings: {},
      }
    case 'multi-angle':
      return {
        kind: 'multi-angle',
        input: photo,
        prompt: 'the same house',
        angle: 'aerial',
        style: null,
        palette: null,
      }
    case 'staging-clean':
      return {
        kind: 'staging-clean',
        input: photo,
        mask: null,
        roomType: 'living-room',
        options: ['removeClutter'],
      }
    case 'staging-stage':
      return {
        kind: 'staging-stage',
        input: photo,
        original: photo,
        prompt: 'a bright living room',
        roomType: 'living-room',
        options: ['repaint'],
        stagingStyle: 'modern',
        palette: null,
      }
    case 'inpaint':
      return { kind: 'inpaint', input: photo, mask, prompt: 'a wool rug' }
    case 'magic-edit':
      return {
        kind: 'magic-edit',
        input: photo,
        mask: null,
        prompt: 'warmer light',
        palette: null,
        history: [],
      }
    case 'animate':
      return {
        kind: 'animate',
        input: photo,
        prompt: 'a calm room',
        duration: DEFAULT_VIDEO_DURATION,
        cameraMovement: 'static',
      }
    case 'straighten':
      return { kind: 'straighten', input: photo }
    case 'upscale':
      return { kind: 'upscale', input: photo, factor: DEFAULT_UPSCALE_FACTOR }
    case 'light':
      return { kind: 'light', input: photo, strength: LIGHT_STRENGTH_DEFAULT }
    case 'sky':
      return { kind: 'sky', input: photo, mood: 'blue' }
    case 'dusk':
      return { kind: 'dusk', input: photo }
    case 'privacy':
      return { kind: 'privacy', input: photo, faces: [{ x: 0.4, y: 0.3, w: 0.1, h: 0.1 }], mask: null }
    case 'repaint':
      return { kind: 'repaint', input: photo, paint: 'RAL 7035', point: { x: 0.5, y: 0.3 }, mask: null }
  }
}

/**
 * The operators' live check (docs/hosted-engines.md#live-check): one tiny real job per step that a hosted
 * engine serves, on the step's default model, one after another; how long each took and what the step costs
 * a user. It goes through the engines only: no user, job, generation or ledger row, nothing stored.
 */
export async function liveCheck(router: EngineRouter, log?: Logger): Promise<EngineCheckRow[]> {
  const rows: EngineCheckRow[] = []
  for (const step of TASK_KINDS) {
    const { engine, model } = router.choose(step, { name: null, active: false })
    if (engine.id === 'local') continue
    const tmpDir = await mkdtemp(join(tmpdir(), 'parti-engines-check-'))
    const started = performance.now()
    let error: string | null = null
    try {
      await engine.run(await tinyTask(step), {
        jobId: `engines-check-${step}-${Date.now()}`,
        signal: new AbortController().signal,
        reportProgress: () => {},
        tmpDir,
        model,
      })
    } catch (err) {
      error = err instanceof EngineError ? err.userMessage : 'The check failed unexpectedly'
      log?.warn({ err, step, engine: engine.id, model }, 'engines check: a step failed')
    } finally {
      await rm(tmpDir, { recursive: true, force: true })
    }
    rows.push({
      step,
      engine: engine.id,
      model,
      ok: error === null,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      credits: STEP_CREDITS[step],
      error,
    })
  }
  return rows
}
