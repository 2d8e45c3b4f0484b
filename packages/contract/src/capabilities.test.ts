import { describe, expect, it } from 'vitest'
import {
  ALL_ASKS,
  askedEffects,
  creditsOfSteps,
  type KindCapabilities,
  levelOf,
  planRun,
} from './capabilities.ts'

// an engine declaring these asks and every other one as done
const allDone = Object.fromEntries(ALL_ASKS.map((a) => [a, { level: 'does' }])) as KindCapabilities['asks']
const local = (asks: KindCapabilities['asks']): KindCapabilities => ({
  steps: [],
  asks: { ...allDone, ...asks },
})
const stagingLocal = local({
  'stagingOption.removeClutter': { level: 'cannot', reason: 'needs_lasso', withLasso: 'approximates' },
  'stagingOption.addFurniture': { level: 'cannot', reason: 'no_new_objects' },
  'stagingOption.addDecor': { level: 'cannot', reason: 'no_new_objects' },
  'stagingOption.addLighting': { level: 'approximates', reason: 'light_grade' },
  roomType: { level: 'cannot', reason: 'ignored' },
})
const staging = (options: string[], hasLasso = false, extra = {}) =>
  planRun(
    'staging',
    stagingLocal,
    askedEffects('staging', { stagingOptions: options as never, stagingStyle: 'modern', hasLasso, ...extra }),
  )

describe('what an engine declares', () => {
  it('takes an ask it did not declare as not done, and says so', () => {
    const caps: KindCapabilities = { steps: [], asks: { 'intent.remove': { level: 'does' } } }
    expect(levelOf(caps, 'intent.remove')).toBe('does')
    expect(levelOf(caps, 'intent.add')).toBe('cannot')
    const plan = planRun('inpaint', caps, askedEffects('inpaint', { userPrompt: 'a plant', intent: 'add' }))
    expect(plan.steps).toBeNull()
    expect(plan.skipped).toEqual(
      expect.arrayContaining([expect.objectContaining({ ask: 'intent.add', reason: 'ignored' })]),
    )
  })
})

describe('which steps run for a request', () => {
  it('staging: refuses when every chosen option is impossible', () => {
    expect(staging(['addFurniture', 'addDecor']).steps).toBeNull()
    expect(staging(['removeClutter']).steps).toBeNull()
  })
  it('staging: cleans only when only a cleaning option can be done', () => {
    const plan = staging(['removeClutter', 'addFurniture'], true)
    expect(plan.steps).toEqual(['staging-clean'])
    expect(plan.skipped.map((s) => s.ask)).toEqual(['stagingOption.addFurniture'])
    expect(creditsOfSteps('staging', plan.steps!, 40)).toBe(20)
  })
  it('staging: stages and prepares the photo when a staging option can be done, and lists the rest', () => {
    const plan = staging(['removeClutter', 'addDecor', 'addLighting'])
    expect(plan.steps).toEqual(['staging-clean', 'staging-stage'])
    expect(plan.skipped.map((s) => [s.ask, s.reason])).toEqual([
      ['stagingOption.removeClutter', 'needs_lasso'],
      ['stagingOption.addDecor', 'no_new_objects'],
    ])
  })
  it('staging: the style alone (no option) stages, and an ignored field is reported', () => {
    const plan = staging([], false, { roomType: 'kitchen' })
    expect(plan.steps).toEqual(['staging-clean', 'staging-stage'])
    expect(plan.skipped).toEqual([{ ask: 'roomType', reason: 'ignored' }])
  })
  it('multi-angle: makes the angles it can and refuses when none', () => {
    const caps = local({ 'angle.interior': { level: 'cannot' }, 'angle.side': { level: 'approximates' } })
    const plan = planRun(
      'multi-angle',
      caps,
      askedEffects('multi-angle', { angles: ['front', 'interior', 'side'] }),
    )
    expect(plan.angles).toEqual(['front', 'side'])
    expect(
      planRun('multi-angle', caps, askedEffects('multi-angle', { angles: ['interior'] })).steps,
    ).toBeNull()
  })
  it('multi-angle: a photo input lowers what forPhoto says, and skips with its reason', () => {
    const caps = local({
      'angle.corner': {
        level: 'approximates',
        reason: 'draft_view',
        forPhoto: { level: 'cannot', reason: 'not_from_input', note: 'not from a photo' },
      },
    })
    const drawing = planRun('multi-angle', caps, askedEffects('multi-angle', { angles: ['front', 'corner'] }))
    expect(drawing.angles).toEqual(['front', 'corner'])
    expect(drawing.skipped).toEqual([])
    const photo = planRun(
      'multi-angle',
      caps,
      askedEffects('multi-angle', { angles: ['front', 'corner'], photoInput: true }),
    )
    expect(photo.angles).toEqual(['front'])
    expect(photo.skipped).toEqual([
      { ask: 'angle.corner', reason: 'not_from_input', note: 'not from a photo' },
    ])
    expect(
      planRun('multi-angle', caps, askedEffects('multi-angle', { angles: ['corner'], photoInput: true }))
        .steps,
    ).toBeNull()
  })
  it('inpaint: refuses an intent the engine cannot do; the description only shapes it', () => {
    const caps = local({
      'intent.add': { level: 'cannot' },
      description: { level: 'cannot', reason: 'ignored' },
    })
    expect(planRun('inpaint', caps, askedEffects('inpaint', { intent: 'add' })).steps).toBeNull()
    const remove = planRun(
      'inpaint',
      caps,
      askedEffects('inpaint', { intent: 'remove', userPrompt: 'the chair' }),
    )
    expect(remove.steps).toEqual(['inpaint'])
    expect(remove.skipped.map((s) => s.ask)).toEqual(['description'])
  })
  it('only asks what belongs to the kind', () => {
    expect(
      askedEffects('animate', { userPrompt: 'x', angles: ['side'], cameraMovement: 'orbit', duration: 10 })
        .asks,
    ).toEqual(['description', 'camera.orbit', 'duration.10'])
  })
})
