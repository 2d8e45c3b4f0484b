import { ALL_ASKS, type KindCapabilities, type Support } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { capabilityView } from './capabilities'

// an engine that declares every ask as done; an undeclared ask counts as not done
const allDone = Object.fromEntries(ALL_ASKS.map((a) => [a, { level: 'does' }])) as KindCapabilities['asks']
// the built-in engine's staging, as GET /api/capabilities serves it (engines/local/capabilities.ts)
const needsLasso: Support = { level: 'cannot', reason: 'needs_lasso', withLasso: 'approximates' }
const noNewObjects: Support = { level: 'cannot', reason: 'no_new_objects' }
const localStaging: KindCapabilities = {
  steps: [
    { step: 'staging-clean', engine: 'local', model: 'local-staging-v1' },
    { step: 'staging-stage', engine: 'local', model: 'local-staging-v1' },
  ],
  asks: {
    'stagingOption.removeClutter': needsLasso,
    'stagingOption.removeFurniture': needsLasso,
    style: { level: 'approximates', reason: 'grade_only' },
    palette: { level: 'does' },
    roomType: { level: 'cannot', reason: 'ignored' },
    'stagingOption.repaint': { level: 'does' },
    'stagingOption.addFurniture': noNewObjects,
    'stagingOption.addDecor': noNewObjects,
    'stagingOption.addLighting': { level: 'approximates', reason: 'light_grade' },
  },
}
const hostedStaging: KindCapabilities = { steps: localStaging.steps, asks: allDone }

describe('what the staging screen shows before Generate', () => {
  it('charges only the cleaning when only the cleaning can run (20, not 40)', () => {
    const view = capabilityView('staging', localStaging, {
      stagingStyle: 'modern',
      stagingOptions: ['removeClutter', 'addDecor'],
      hasLasso: true,
    })
    expect(view.plan?.steps).toEqual(['staging-clean'])
    expect(view.cost).toBe(20)
    expect(view.refused).toBe(false)
    expect(view.plan?.skipped.map((s) => s.ask)).toEqual(['stagingOption.addDecor'])
  })

  it('refuses when nothing chosen can be done, and a lasso makes the removal doable', () => {
    const request = { stagingStyle: 'modern', stagingOptions: ['removeClutter', 'addFurniture'] } as const
    const without = capabilityView('staging', localStaging, request)
    expect(without.refused).toBe(true)
    expect(without.cost).toBe(0)
    expect(without.support('stagingOption.removeClutter')).toEqual({
      level: 'cannot',
      reason: 'needs_lasso',
      liftedByLasso: true,
    })
    const withLasso = capabilityView('staging', localStaging, { ...request, hasLasso: true })
    expect(withLasso.refused).toBe(false)
    expect(withLasso.cost).toBe(20)
    expect(withLasso.support('stagingOption.removeClutter')).toEqual({
      level: 'approximates',
      reason: 'needs_lasso',
      liftedByLasso: false,
    })
    // what the lasso cannot lift stays marked
    expect(withLasso.support('stagingOption.addFurniture').level).toBe('cannot')
  })

  it('charges both phases when an option of the staging phase can be done', () => {
    const view = capabilityView('staging', localStaging, {
      stagingStyle: 'modern',
      stagingOptions: ['removeClutter', 'addDecor', 'addLighting'],
    })
    expect(view.plan?.steps).toEqual(['staging-clean', 'staging-stage'])
    expect(view.cost).toBe(40)
    expect(view.support('stagingOption.addLighting')).toMatchObject({
      level: 'approximates',
      reason: 'light_grade',
    })
    expect(view.support('roomType')).toMatchObject({ level: 'cannot', reason: 'ignored' })
  })

  it('marks nothing on an engine that does everything, and shows the full price before capabilities load', () => {
    const hosted = capabilityView('staging', hostedStaging, { stagingOptions: ['addFurniture'] })
    expect(hosted.cost).toBe(40)
    expect(hosted.support('stagingOption.addFurniture')).toEqual({ level: 'does', liftedByLasso: false })
    const loading = capabilityView('staging', undefined, { stagingOptions: ['addFurniture'] })
    expect(loading).toMatchObject({ plan: null, cost: 40, refused: false })
  })
})

describe('multi-angle and video', () => {
  it('makes only the angles the engine can make', () => {
    const caps: KindCapabilities = {
      steps: [{ step: 'multi-angle', engine: 'x', model: 'y' }],
      asks: { ...allDone, 'angle.interior': { level: 'cannot', reason: 'not_from_input' } },
    }
    const view = capabilityView('multi-angle', caps, { angles: ['front', 'interior'] })
    expect(view.plan?.angles).toEqual(['front'])
    expect(capabilityView('multi-angle', caps, { angles: ['interior'] }).refused).toBe(true)
  })
  it('refuses a camera move the engine cannot make, at the video price otherwise', () => {
    const caps: KindCapabilities = {
      steps: [{ step: 'animate', engine: 'x', model: 'y' }],
      asks: {
        ...allDone,
        'camera.orbit': { level: 'cannot' },
        description: { level: 'cannot', reason: 'ignored' },
      },
    }
    const ok = capabilityView(
      'animate',
      caps,
      { userPrompt: 'a walk', cameraMovement: 'zoom_in', duration: 10 },
      300,
    )
    expect(ok).toMatchObject({ refused: false, cost: 300 })
    expect(ok.support('description').reason).toBe('ignored')
    expect(capabilityView('animate', caps, { cameraMovement: 'orbit', duration: 6 }).refused).toBe(true)
  })
})
