import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { replicateInput } from '../../src/engines/replicate/inputs.ts'
import { REPLICATE_DEFAULT_MODELS } from '../../src/engines/replicate/models.ts'
import type { EngineTask } from '../../src/engines/types.ts'
import { REPLICATE_SCHEMAS, replicateSchemaErrors } from '../fakes/replicate-schemas.ts'
import { rectMask } from '../fixtures/images.ts'

/**
 * Every request the Replicate adapter builds, from a real sketch (the e2e fixture), photo, mask and video
 * request, checked against the model's published input schema (test/fixtures/replicate-schemas/README.md
 * says how they were read); unknown fields are refused.
 */
const here = dirname(fileURLToPath(import.meta.url))
const e2eFixtures = join(here, '../../../web/e2e/fixtures')

function errorsOf(model: string, input: Record<string, unknown>): string[] {
  const errors = replicateSchemaErrors(model, input)
  if (!errors) throw new Error(`no published input schema for ${model} in test/fixtures/replicate-schemas`)
  return errors
}

let sketch: Buffer
let photo: Buffer
let mask: Buffer
beforeAll(async () => {
  sketch = readFileSync(join(e2eFixtures, 'house-sketch.png'))
  photo = readFileSync(join(e2eFixtures, 'living-room.jpg'))
  const sharp = (await import('sharp')).default
  const { width = 0, height = 0 } = await sharp(photo).metadata()
  mask = await rectMask(width, height, {
    left: Math.round(width * 0.2),
    top: Math.round(height * 0.5),
    width: Math.round(width * 0.3),
    height: Math.round(height * 0.3),
  })
})

const style = {
  id: 's',
  name: 'Modern',
  prompt: 'modern architecture',
  negativePrompt: 'cartoon',
  qualityPrompt: 'detailed',
  localParams: null,
}
const palette = { id: 'p', name: 'Japandi', colors: ['#D9CBB8', '#8C7B6B'] }
const tasks: Record<string, () => EngineTask[]> = {
  sketch: () =>
    (['loose', 'balanced', 'strict'] as const).map((followLines) => ({
      kind: 'sketch',
      input: sketch,
      prompt: 'a house on a hill',
      style,
      palette,
      customColors: null,
      settings: {},
      followLines,
    })),
  'multi-angle': () => [
    { kind: 'multi-angle', input: photo, prompt: 'the same house', angle: 'aerial', style, palette: null },
  ],
  'staging-clean': () => [
    { kind: 'staging-clean', input: photo, mask: null, roomType: 'living-room', options: ['removeClutter'] },
    { kind: 'staging-clean', input: photo, mask, roomType: null, options: ['removeClutter'] },
  ],
  'staging-stage': () =>
    (['loose', 'balanced', 'strict'] as const).map((followLines) => ({
      kind: 'staging-stage',
      input: photo,
      original: photo,
      prompt: 'a bright living room',
      roomType: 'living-room',
      options: ['repaint'],
      stagingStyle: 'modern',
      palette,
      followLines,
    })),
  inpaint: () => [{ kind: 'inpaint', input: photo, mask, prompt: 'a wool rug' }],
  'magic-edit': () => [
    {
      kind: 'magic-edit',
      input: photo,
      mask,
      prompt: 'make the sofa green',
      palette: null,
      history: [{ role: 'user', text: 'make the sofa green' }],
    },
    { kind: 'magic-edit', input: photo, mask: null, prompt: 'warmer light', palette: null, history: [] },
  ],
  animate: () =>
    ([6, 10] as const).map((duration) => ({
      kind: 'animate',
      input: photo,
      prompt: 'a calm living room',
      duration,
      cameraMovement: 'dolly_in',
    })),
  // a photoreal sky and dusk on the instruction editor (docs/decisions/0125-hosted-sky-and-dusk.md)
  sky: () => (['blue', 'golden', 'dusk'] as const).map((mood) => ({ kind: 'sky', input: photo, mood })),
  dusk: () => [{ kind: 'dusk', input: photo }],
}

describe("Replicate requests against each model's published input schema", () => {
  it('every default model has its schema, with the version and the date it was read', () => {
    const models = Object.values(REPLICATE_DEFAULT_MODELS).flatMap((tiers) =>
      Object.values(tiers).filter((m): m is string => typeof m === 'string'),
    )
    for (const model of models) {
      const fixture = REPLICATE_SCHEMAS.get(model.split(':')[0]!)
      expect(fixture, model).toBeDefined()
      expect(fixture!.read).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      const pinned = model.split(':')[1]
      if (pinned) expect(fixture!.version).toBe(pinned)
    }
  })

  const cases: Array<[string, string]> = [
    ...Object.entries(REPLICATE_DEFAULT_MODELS).flatMap(([kind, tiers]) =>
      Object.values(tiers)
        .filter((m): m is string => typeof m === 'string')
        .map((m): [string, string] => [kind, m]),
    ),
    // the alternatives the adapter maps: the depth control for sketches, the director for video
    ['sketch', 'black-forest-labs/flux-depth-pro'],
    ['animate', 'minimax/video-01-director'],
  ]
  it.each(cases)('%s on %s: every request validates', async (kind, model) => {
    for (const task of tasks[kind]!()) {
      const { input } = await replicateInput(model, task)
      expect(errorsOf(model, input), `${kind} ${JSON.stringify(Object.keys(input))}`).toEqual([])
    }
  })

  it('the check fails on a field the model does not have, a wrong type or a value out of its range', async () => {
    const [task] = tasks.animate!()
    const { input } = await replicateInput('kwaivgi/kling-v2.1', task!)
    const { start_image, ...rest } = input
    expect(errorsOf('kwaivgi/kling-v2.1', { ...rest, image: start_image })).toEqual(
      expect.arrayContaining([
        "/ must have required property 'start_image'",
        '/ must NOT have additional properties',
      ]),
    )
    expect(errorsOf('kwaivgi/kling-v2.1', { ...input, duration: 6 })).toContain(
      '/duration must be equal to one of the allowed values',
    )
    expect(errorsOf('black-forest-labs/flux-fill-pro', { prompt: 'x', image: 'not a file' })).toContain(
      '/image must match format "uri"',
    )
  })
})
