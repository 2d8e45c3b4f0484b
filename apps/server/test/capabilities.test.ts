import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rectMask, roomJpeg, sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

let server: TestServer
let room: Buffer
beforeAll(async () => {
  server = await startTestServer()
  room = await roomJpeg()
})
afterAll(() => server.close())

async function user() {
  const api = new Api(server.url)
  await api.signUp()
  return api
}

const stage = (api: Api, options: string, files: Record<string, Buffer> = {}) =>
  api.postForm(
    '/api/render/start',
    form({ generationType: 'home-staging', stagingOptions: options }, { image: room, ...files }),
  )

describe('what the engine will do, said before paying (local engine)', () => {
  it('serves every kind with its engine, model and each ask, to visitors too', async () => {
    const r = await new Api(server.url).get('/api/capabilities')
    expect(r.status).toBe(200)
    const staging = r.body.kinds.staging
    expect(staging.steps.map((s: { engine: string }) => s.engine)).toEqual(['local', 'local'])
    expect(staging.asks['stagingOption.addFurniture']).toMatchObject({
      level: 'cannot',
      reason: 'no_new_objects',
    })
    expect(staging.asks['stagingOption.removeClutter']).toMatchObject({
      level: 'cannot',
      reason: 'needs_lasso',
      withLasso: 'approximates',
    })
    expect(r.body.kinds['multi-angle'].asks['angle.side']).toMatchObject({ level: 'approximates' })
    expect(r.body.kinds.inpaint.asks['intent.add']).toMatchObject({ level: 'cannot' })
    expect(r.body.kinds.animate.asks['camera.orbit']).toMatchObject({ level: 'does' })
  })

  it('multi-angle: refuses what it cannot make from the input before charging, and charges what it makes', async () => {
    const api = await user()
    const sketch = await sketchPng()
    const views = (angles: string, input: Buffer) =>
      api.postForm(
        '/api/render/start',
        form({ generationType: 'multi-angle', userPrompt: 'a villa', angles }, { sketch: input }),
      )
    // the inside of a building cannot be made from its outside
    const inside = await views('interior', sketch)
    expect(inside.status).toBe(422)
    expect(inside.body.error.code).toBe('not_offered')
    expect(inside.body.error.details.skipped).toEqual([
      expect.objectContaining({ ask: 'angle.interior', reason: 'not_from_input' }),
    ])
    // a photo has no masses to extrude: side, corner, aerial and contextual are refused for it
    const turned = await views('side,corner,aerial,contextual', room)
    expect(turned.status).toBe(422)
    expect(turned.body.error.details.skipped.map((s: { ask: string }) => s.ask)).toEqual([
      'angle.side',
      'angle.corner',
      'angle.aerial',
      'angle.contextual',
    ])
    expect(await balance(api)).toBe(200)
    expect((await api.get('/api/user/generations')).body.generations).toHaveLength(0)
    // what can be made is made and charged, one job per angle; the rest is said
    const photo = await views('front,corner', room)
    expect(photo.status).toBe(202)
    expect(photo.body.generations.map((g: { metadata: { angle: string } }) => g.metadata.angle)).toEqual([
      'front',
    ])
    expect(photo.body.generations[0].metadata.skipped).toEqual([
      expect.objectContaining({ ask: 'angle.corner', reason: 'not_from_input' }),
    ])
    const drawing = await views('corner,interior', sketch)
    expect(drawing.status).toBe(202)
    expect(drawing.body.generations.map((g: { metadata: { angle: string } }) => g.metadata.angle)).toEqual([
      'corner',
    ])
    // the approximation marked before Generate is kept for the result: the corner view is a draft
    const asks = (g: { metadata: { approximated?: { ask: string; reason: string }[] } }) =>
      (g.metadata.approximated ?? []).map((s) => [s.ask, s.reason])
    expect(asks(drawing.body.generations[0])).toEqual([
      ['description', 'words_to_materials'],
      ['angle.corner', 'draft_view'],
    ])
    // a job keeps its own angle's approximation only: the photo's front view is not a draft
    expect(asks(photo.body.generations[0])).toEqual([['description', 'words_to_materials']])
    expect(await balance(api)).toBe(160)
    await waitForJobs(
      api,
      [...photo.body.generations, ...drawing.body.generations].map((g: { id: string }) => g.id),
      120_000,
    )
    expect(await balance(api)).toBe(160)
    expect(await ledgerSum(api)).toBe(160)
  })

  it('refuses staging whose every chosen option it cannot do, taking nothing', async () => {
    const api = await user()
    const r = await stage(api, 'addFurniture,addDecor')
    expect(r.status).toBe(422)
    expect(r.body.error.code).toBe('not_offered')
    expect(r.body.error.details.skipped.map((s: { ask: string }) => s.ask)).toEqual([
      'stagingOption.addFurniture',
      'stagingOption.addDecor',
    ])
    expect(await balance(api)).toBe(200)
    expect((await api.get('/api/user/generations')).body.generations).toHaveLength(0)
    // decluttering without a lasso is not something it can do either
    expect((await stage(api, 'removeClutter')).status).toBe(422)
    expect(await balance(api)).toBe(200)
  })

  it('charges only the cleaning when a lasso declutters and nothing else can be staged', async () => {
    const api = await user()
    const mask = await rectMask(640, 480, { left: 60, top: 260, width: 220, height: 120 })
    const r = await stage(api, 'removeClutter,addFurniture', { maskData: mask })
    expect(r.status).toBe(202)
    expect(r.body.generation.creditsCost).toBe(20)
    expect(r.body.generation.metadata.phases).toEqual({ cleaning: 'pending', staging: 'skipped' })
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g).toMatchObject({ status: 'completed' })
    expect((g!.metadata as any).phases).toEqual({ cleaning: 'completed', staging: 'skipped' })
    expect((g!.metadata as any).skipped).toEqual([
      expect.objectContaining({ ask: 'stagingOption.addFurniture', reason: 'no_new_objects' }),
    ])
    expect(await balance(api)).toBe(180)
    expect(await ledgerSum(api)).toBe(180)
    // the prompt the gallery shows names what was done, not the staging that did not run
    expect(g!.enhancedPrompt).toContain('decluttered')
    expect(g!.enhancedPrompt).not.toMatch(/furnished|interior staging/)
  })

  it('stages what it can and says what it did not do', async () => {
    const api = await user()
    const r = await stage(api, 'removeClutter,addDecor,addLighting')
    expect(r.status).toBe(202)
    expect(r.body.generation.creditsCost).toBe(40)
    const skipped = r.body.generation.metadata.skipped.map((s: { ask: string; reason: string }) => [
      s.ask,
      s.reason,
    ])
    expect(skipped).toEqual([
      ['stagingOption.removeClutter', 'needs_lasso'],
      ['stagingOption.addDecor', 'no_new_objects'],
    ])
    // the enhanced prompt does not claim what will not be done
    expect(r.body.generation.enhancedPrompt).not.toMatch(/decluttered|styled with decor/)
    expect(r.body.generation.enhancedPrompt).toContain('warm inviting lighting')
    // what will be done only approximately is kept for the result too, with how
    const approximated = r.body.generation.metadata.approximated.map((s: { ask: string; reason: string }) => [
      s.ask,
      s.reason,
    ])
    expect(approximated).toEqual(
      expect.arrayContaining([
        ['style', 'grade_only'],
        ['stagingOption.addLighting', 'light_grade'],
      ]),
    )
    expect(approximated.map(([ask]: string[]) => ask)).not.toContain('stagingOption.addDecor')
    // both phases' notes are kept, as ids the screens translate
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect((g!.metadata as any).notes).toEqual(
      expect.arrayContaining([{ id: 'nothing_removed_needs_lasso' }, { id: 'cannot_add_decor' }]),
    )
  })

  it('refuses an inpaint that asks to add an object, in any language, taking nothing', async () => {
    const api = await user()
    const mask = await rectMask(640, 480, { left: 60, top: 260, width: 220, height: 120 })
    for (const prompt of [
      'add a tall plant here',
      'ajoute une plante',
      'füge eine Pflanze hinzu',
      'أضف نبتة',
    ]) {
      const r = await api.postForm(
        '/api/render/inpainting',
        form({ prompt }, { image: room, maskData: mask }),
      )
      expect(r.status, prompt).toBe(422)
      expect(r.body.error.code).toBe('not_offered')
    }
    expect(await balance(api)).toBe(200)
    const ok = await api.postForm(
      '/api/render/inpainting',
      form({ prompt: 'remove the sofa' }, { image: room, maskData: mask }),
    )
    expect(ok.status).toBe(202)
  })

  it('says the local engine ignores what it ignores, and still renders', async () => {
    const api = await user()
    const r = await api.postForm(
      '/api/render/animate',
      form({ description: 'a slow orbit with birds flying', cameraMovement: 'orbit' }, { image: room }),
    )
    expect(r.status).toBe(202)
    expect(r.body.generation.metadata.skipped).toEqual([
      expect.objectContaining({ ask: 'description', reason: 'ignored' }),
    ])
    const sketch = await (await user()).postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a brick house' }, { sketch: await sketchPng() }),
    )
    expect(sketch.status, JSON.stringify(sketch.body)).toBe(202)
    expect(sketch.body.generation.metadata.skipped).toBeUndefined()
    // the description is turned into materials, not drawn: said on the result as before Generate
    expect(sketch.body.generation.metadata.approximated).toEqual([
      expect.objectContaining({ ask: 'description', reason: 'words_to_materials' }),
    ])
  })
})

describe('what a hosted engine will do', () => {
  let hosted: TestServer
  beforeAll(async () => {
    hosted = await startTestServer({
      role: 'api',
      env: { ENGINE_HOME_STAGING: 'replicate', REPLICATE_API_TOKEN: 'r8_test' },
    })
  })
  afterAll(() => hosted.close())

  it('names the provider and its models, and takes a staging the local engine could not do', async () => {
    const api = new Api(hosted.url)
    await api.signUp()
    const caps = (await api.get('/api/capabilities')).body.kinds.staging
    expect(caps.steps.map((s: { engine: string }) => s.engine)).toEqual(['replicate', 'replicate'])
    expect(caps.asks['stagingOption.addFurniture']).toEqual({ level: 'does' })
    // the interior-design model takes a prompt strength for "Follow my lines"; FLUX Kontext's cleaning none
    expect(caps.asks.followLines).toEqual({ level: 'does' })
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'home-staging', stagingOptions: 'addFurniture' }, { image: room }),
    )
    expect(r.status).toBe(202)
    expect(r.body.generation.creditsCost).toBe(40)
  })
})
