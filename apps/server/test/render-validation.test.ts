import { ERROR_MESSAGES, UPLOAD_LIMIT_BYTES } from '@parti/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bombPng, rectMask, roomJpeg, sketchPng, solidPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

let server: TestServer
let api: Api
let sketch: Buffer
let room: Buffer

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  await api.signUp()
  ;[sketch, room] = await Promise.all([sketchPng(), roomJpeg()])
})
afterAll(() => server.close())

const jobCount = async () =>
  (await server.ctx.database.query<{ n: number }>('select count(*)::int n from generations'))[0]!.n

async function expectError(
  res: { status: number; body: any },
  status: number,
  code: string,
  message?: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect(res.body.error.code).toBe(code)
  if (message) expect(res.body.error.message).toBe(message)
}

describe('validation messages, exactly', () => {
  it('sketch render: file, then description', async () => {
    await expectError(
      await api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'a house' }),
      ),
      400,
      'sketch_required',
      'Please upload a sketch file',
    )
    await expectError(
      await api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: '  ' }, { sketch }),
      ),
      400,
      'description_required',
      'Please describe what is in your sketch (e.g., "a living room")',
    )
  })

  it('multi-angle: at least one angle', async () => {
    await expectError(
      await api.postForm(
        '/api/render/start',
        form({ generationType: 'multi-angle', userPrompt: 'a villa' }, { sketch }),
      ),
      400,
      'angle_required',
      'Please select at least one angle to generate',
    )
  })

  it('home staging: room photo', async () => {
    await expectError(
      await api.postForm(
        '/api/render/start',
        form({ generationType: 'home-staging', stagingStyle: 'modern' }),
      ),
      400,
      'room_photo_required',
      'Please upload a room photo',
    )
  })

  it('a field only another kind reads is refused, naming it, with nothing made or charged', async () => {
    const before = await jobCount()
    const credits = (await api.get('/api/user/profile')).body.user.credits
    for (const [fields, field] of [
      [{ generationType: 'home-staging', stagingStyle: 'modern', strength: '40' }, 'strength'],
      [{ generationType: 'light', sky: 'dusk' }, 'sky'],
      [{ generationType: 'straighten', upscaleFactor: '4' }, 'upscaleFactor'],
      [{ generationType: 'sky', paintColor: 'RAL 7035' }, 'paintColor'],
      [{ generationType: 'light', material: 'oak-parquet' }, 'material'],
    ] as const) {
      const res = await api.postForm('/api/render/start', form(fields, { image: room }))
      await expectError(res, 400, 'validation_failed')
      expect(res.body.error.field ?? res.body.error.details?.field, JSON.stringify(res.body)).toBe(field)
    }
    expect(await jobCount()).toBe(before)
    expect((await api.get('/api/user/profile')).body.user.credits).toBe(credits)
  })

  it('chat edit: prompt and image', async () => {
    const msg = 'Please provide a prompt and select an image to edit.'
    await expectError(
      await api.postForm('/api/render/start', form({ generationType: 'chat-edit', userPrompt: 'warmer' })),
      400,
      'chat_prompt_image_required',
      msg,
    )
    await expectError(
      await api.postForm('/api/render/start', form({ generationType: 'chat-edit' }, { image: room })),
      400,
      'chat_prompt_image_required',
      msg,
    )
  })

  it('chat edit: a conversation that does not exist', async () => {
    await expectError(
      await api.postForm(
        '/api/render/start',
        form(
          {
            generationType: 'chat-edit',
            userPrompt: 'warmer',
            conversationId: '01900000-0000-7000-8000-000000000000',
          },
          { image: room },
        ),
      ),
      400,
      'conversation_required',
      'Please start a new conversation first',
    )
  })

  it('video: image or URL, a valid URL, then description', async () => {
    await expectError(
      await api.post('/api/render/animate', { description: 'slow push in' }),
      400,
      'video_image_required',
      'Please upload an image or provide an image URL',
    )
    await expectError(
      await api.post('/api/render/animate', { imageUrl: 'ftp://example.com/a.png', description: 'x' }),
      400,
      'invalid_image_url',
      'Invalid image URL',
    )
    await expectError(
      await api.post('/api/render/animate', { imageUrl: 'http://127.0.0.1:1/a.png', description: 'x' }),
      400,
      'invalid_image_url',
      'Invalid image URL',
    )
    await expectError(
      await api.post('/api/render/animate', {
        imageUrl: 'http://169.254.169.254/latest/meta-data',
        description: 'x',
      }),
      400,
      'invalid_image_url',
    )
    await expectError(
      await api.post('/api/render/animate', { imageUrl: 'http://localhost:3000/x.png', description: 'x' }),
      400,
      'invalid_image_url',
    )
    await expectError(
      await api.postForm('/api/render/animate', form({ description: '' }, { image: room })),
      400,
      'animation_description_required',
      'Please describe the animation you want to create',
    )
  })

  it('inpaint: description, then a lasso area', async () => {
    const mask = await rectMask(640, 480, { left: 10, top: 10, width: 50, height: 50 })
    await expectError(
      await api.postForm('/api/render/inpainting', form({ prompt: '' }, { image: room, maskData: mask })),
      400,
      'edit_prompt_required',
    )
    const lasso = 'Please select an area with the lasso tool to indicate areas to inpaint'
    await expectError(
      await api.postForm('/api/render/inpainting', form({ prompt: 'remove the sofa' }, { image: room })),
      400,
      'lasso_required',
      lasso,
    )
    const empty = await solidPng(640, 480, '#000000')
    await expectError(
      await api.postForm(
        '/api/render/inpainting',
        form({ prompt: 'remove the sofa' }, { image: room, maskData: empty }),
      ),
      400,
      'lasso_required',
      lasso,
    )
    await expectError(
      await api.postForm(
        '/api/render/inpainting',
        form({ prompt: 'remove the sofa', maskData: 'data:image/png;base64,AAAA' }, { image: room }),
      ),
      400,
      'lasso_required',
    )
  })

  it('every validation message is the text of its code', () => {
    expect(ERROR_MESSAGES.sketch_required).toBe('Please upload a sketch file')
    expect(ERROR_MESSAGES.video_image_required).toBe('Please upload an image or provide an image URL')
  })
})

describe('uploads are judged by their bytes', () => {
  it('refuses a file that is not PNG, JPEG or WebP whatever its name', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')
    await expectError(
      await api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch: gif }),
      ),
      415,
      'invalid_image_file',
      'Please select a valid image file (PNG, JPEG, WebP, HEIC, AVIF, TIFF or PDF)',
    )
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    await expectError(
      await api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'x' }, { sketch: svg }),
      ),
      415,
      'invalid_image_file',
    )
  })

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([sketch, Buffer.alloc(UPLOAD_LIMIT_BYTES + 10)])
    await expectError(
      await api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'x' }, { sketch: big }),
      ),
      413,
      'payload_too_large',
    )
  })

  it('refuses a decompression bomb before decoding it', async () => {
    await expectError(
      await api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'x' }, { sketch: await bombPng() }),
      ),
      413,
      'payload_too_large',
    )
  })

  it('accepts JPEG and WebP by content even with a misleading name', async () => {
    const f = new FormData()
    f.append('generationType', 'home-staging')
    f.append('image', new Blob([new Uint8Array(room)]), 'room.gif')
    const r = await api.postForm('/api/render/start', f)
    expect(r.status).toBe(202)
  })
})

describe('enumerations and references', () => {
  const base = { generationType: 'sketch-render', userPrompt: 'a house' }
  it('refuses unknown styles and palettes', async () => {
    await expectError(
      await api.postForm('/api/render/start', form({ ...base, styleId: 'no-such' }, { sketch })),
      400,
      'unknown_style',
    )
    await expectError(
      await api.postForm('/api/render/start', form({ ...base, colorPaletteId: 'no-such' }, { sketch })),
      400,
      'unknown_palette',
    )
  })
  it('refuses values outside the enumerations', async () => {
    const bad = async (
      fields: Record<string, string>,
      path = '/api/render/start',
      files: Record<string, Buffer> = { sketch },
    ) => {
      const r = await api.postForm(path, form(fields, files))
      expect(r.status, JSON.stringify(fields)).toBe(400)
      expect(r.body.error.code).toBe('validation_failed')
      return r.body.error.details.field
    }
    expect(await bad({ generationType: 'multi-angle', userPrompt: 'x', angles: 'front,underground' })).toBe(
      'angles.1',
    )
    expect(
      await bad({ generationType: 'home-staging', stagingStyle: 'baroque' }, '/api/render/start', {
        image: room,
      }),
    ).toBe('stagingStyle')
    expect(
      await bad(
        { generationType: 'home-staging', stagingOptions: 'removeClutter,paintItBlack' },
        '/api/render/start',
        { image: room },
      ),
    ).toMatch(/^stagingOptions/)
    expect(
      await bad({ generationType: 'home-staging', roomType: 'dungeon' }, '/api/render/start', {
        image: room,
      }),
    ).toBe('roomType')
    expect(await bad({ description: 'x', duration: '8' }, '/api/render/animate', { image: room })).toBe(
      'duration',
    )
    expect(
      await bad({ description: 'x', cameraMovement: 'barrel_roll' }, '/api/render/animate', { image: room }),
    ).toBe('cameraMovement')
    expect(await bad({ generationType: 'teleport', userPrompt: 'x' })).toBe('generationType')
    expect(await bad({ ...base, customColors: '#12345' })).toMatch(/^customColors/)
  })
  it('creates nothing when validation fails', async () => {
    const before = await jobCount()
    await api.postForm('/api/render/start', form({ ...base, styleId: 'no-such' }, { sketch }))
    expect(await jobCount()).toBe(before)
  })
})

describe('answers at once', () => {
  it('202 with the new generation pending, its cost and prompt as used', async () => {
    const palettes = (await api.get('/api/color-palettes')).body.colorPalettes
    const styles = (await api.get('/api/styles')).body.styles
    const r = await api.postForm(
      '/api/render/start',
      form(
        {
          generationType: 'sketch-render',
          userPrompt: 'a timber house',
          styleId: styles[0].id,
          colorPaletteId: palettes[0].id,
        },
        { sketch },
      ),
    )
    expect(r.status).toBe(202)
    const g = r.body.generation
    expect(g).toMatchObject({
      status: 'pending',
      type: 'image',
      generationType: 'sketch-render',
      mode: 'sketch',
      creditsCost: 20,
      userPrompt: 'a timber house',
      styleId: styles[0].id,
      colorPaletteId: palettes[0].id,
      favorite: false,
      deleted: false,
    })
    expect(g.enhancedPrompt).toContain('a timber house')
    expect(g.enhancedPrompt).toContain(styles[0].prompt)
    expect(g.enhancedPrompt).toContain(palettes[0].name)
    expect(g.inputImageUrl).toMatch(/^\/api\/files\/users\//)
  })

  it('multi-angle answers one generation per angle under one batch id', async () => {
    const r = await api.postForm(
      '/api/render/start',
      form(
        { generationType: 'multi-angle', userPrompt: 'a villa', angles: ['front', 'aerial', 'corner'] },
        { sketch },
      ),
    )
    expect(r.status).toBe(202)
    expect(r.body.generations).toHaveLength(3)
    expect(new Set(r.body.generations.map((g: any) => g.batchId))).toEqual(new Set([r.body.batchId]))
    expect(r.body.generations.map((g: any) => g.metadata.angle)).toEqual(['front', 'aerial', 'corner'])
    expect(r.body.generations.every((g: any) => g.creditsCost === 20)).toBe(true)
  })

  it('a batch of several sketches is a Pro feature', async () => {
    const r = await api.postForm(
      '/api/render/start',
      form(
        { generationType: 'multi-angle', userPrompt: 'a villa', angles: 'front' },
        { sketch: [sketch, sketch] },
      ),
    )
    expect(r.status).toBe(403)
  })

  it('a Pro subscriber sends several sketches at once, until the subscription lapses', async () => {
    const pro = new Api(server.url)
    const { user } = await pro.signUp()
    const subscription = (status: string, endsInDays: number) =>
      server.ctx.database.query(
        `update users set plan = 'pro', subscription_status = $1,
           subscription_end_date = now() + make_interval(days => $2) where id = $3`,
        [status, endsInDays, user.uid],
      )
    const batch = () =>
      pro.postForm(
        '/api/render/start',
        form(
          { generationType: 'multi-angle', userPrompt: 'a villa', angles: 'front' },
          { sketch: [sketch, sketch] },
        ),
      )
    await subscription('active', 30)
    const accepted = await batch()
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202)
    expect(accepted.body.generations).toHaveLength(2)
    // cancelled and past its end date: no plan any more, though the row still names Pro
    await subscription('cancelled', -1)
    expect((await batch()).status).toBe(403)
  })

  it('asks for sign-in', async () => {
    const r = await api.request('POST', '/api/render/start', {
      form: form({ generationType: 'sketch-render' }),
      token: null,
    })
    expect(r.status).toBe(401)
  })
})
