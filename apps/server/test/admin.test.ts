import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roomJpeg, solidPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Admin style management (docs/product.md#admin-styles) and the admin calls (docs/product.md#api-admin);
// the admin role, 403 for everyone else (docs/decisions/0011-admin-role-on-the-server.md).
let server: TestServer
let admin: Api
let member: Api
let anonymous: Api

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'studio-admin@parti.test' } })
  admin = new Api(server.url)
  await admin.signUp('studio-admin@parti.test')
  member = new Api(server.url)
  await member.signUp()
  anonymous = new Api(server.url)
})
afterAll(() => server?.close())

const put = (api: Api, path: string, json: unknown) => api.request('PUT', path, { json })
const del = (api: Api, path: string) => api.request('DELETE', path)
const publicStyles = async () =>
  (await anonymous.get('/api/styles')).body.styles as Array<{ id: string; name: string; category: string }>
const style = (overrides: Record<string, unknown> = {}) => ({
  name: `Brutalist Concrete ${randomBytes(3).toString('hex')}`,
  category: 'Graphic',
  prompt: 'board-marked concrete, deep shadows',
  negativePrompt: 'glossy',
  qualityPrompt: 'crisp',
  localParams: {
    look: 'clay',
    lineWeight: 1.4,
    saturation: 0.6,
    warmth: -0.1,
    paperTexture: 0.1,
    shading: 0.8,
  },
  ...overrides,
})

describe('admin calls are for admins only', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/styles'],
    ['POST', '/api/admin/styles', style()],
    ['PUT', '/api/admin/styles/marker-presentation', style()],
    ['DELETE', '/api/admin/styles/marker-presentation'],
    ['POST', '/api/admin/styles/initialize', {}],
    ['PUT', '/api/admin/styles/reorder', { styles: [{ id: 'marker-presentation', sortOrder: 9 }] }],
    ['POST', '/api/admin/styles/cleanup', {}],
    ['GET', '/api/admin/plans'],
    [
      'PUT',
      '/api/admin/plans/pro',
      { features: [], popular: true, paymentPriceMonthly: null, paymentPriceYearly: null },
    ],
    // even a body that would not validate: the role is checked first
    ['POST', '/api/admin/styles', { nonsense: true }],
  ]

  it.each(calls)('%s %s answers 403 to a signed-in user and 401 to a visitor', async (method, path, json) => {
    const asMember = await member.request(method, path, json === undefined ? {} : { json })
    expect(asMember.status).toBe(403)
    expect(asMember.body.error.code).toBe('forbidden')
    expect((await anonymous.request(method, path, json === undefined ? {} : { json })).status).toBe(401)
  })

  it('the upload answers 403 to a signed-in user before reading the file', async () => {
    const r = await member.postForm(
      '/api/admin/styles/upload-image',
      form({}, { image: await solidPng(64, 64) }),
    )
    expect(r.status).toBe(403)
  })

  it('nothing changed for it', async () => {
    expect((await publicStyles()).some((s) => s.id === 'marker-presentation')).toBe(true)
  })
})

describe('style management', () => {
  it('lists every style, inactive ones too, with every category', async () => {
    const r = await admin.get('/api/admin/styles')
    expect(r.status).toBe(200)
    expect(r.body.styles.length).toBeGreaterThanOrEqual(8)
    expect(r.body.styles[0]).toMatchObject({
      id: expect.any(String),
      categoryId: expect.any(String),
      imageSource: 'drawn',
    })
    expect(r.body.categories.map((c: { id: string }) => c.id)).toEqual([
      'hand-drawn',
      'graphic',
      'atmosphere',
    ])
  })

  it('creates a style (id from its name, at the end of its category) that appears on the public list', async () => {
    const input = style({ name: 'Béton Brut' })
    const r = await admin.post('/api/admin/styles', input)
    expect(r.status).toBe(201)
    expect(r.body.style).toMatchObject({
      id: 'beton-brut',
      name: 'Béton Brut',
      category: 'Graphic',
      categoryId: 'graphic',
      prompt: input.prompt,
      negativePrompt: 'glossy',
      qualityPrompt: 'crisp',
      active: true,
      localParams: input.localParams,
      imageUrl: expect.stringMatching(/^\/api\/styles\/beton-brut\/image\?v=/),
    })
    const graphic = (await admin.get('/api/admin/styles')).body.styles.filter(
      (s: { categoryId: string }) => s.categoryId === 'graphic',
    )
    expect(graphic.at(-1).id).toBe('beton-brut')
    expect((await publicStyles()).find((s) => s.id === 'beton-brut')).toMatchObject({ category: 'Graphic' })
    // the same name again gets a numbered id
    expect((await admin.post('/api/admin/styles', input)).body.style.id).toBe('beton-brut-2')
    // its card is drawn in its look until it has an image
    const image = await fetch(`${server.url}/api/styles/beton-brut/image`)
    expect(image.headers.get('content-type')).toBe('image/webp')
  })

  it('starts a new category from the form, and keeps an inactive style off the public list', async () => {
    const r = await admin.post(
      '/api/admin/styles',
      style({ name: 'Night Facade', category: 'Lighting studies', active: false }),
    )
    expect(r.status).toBe(201)
    expect(r.body.style).toMatchObject({
      categoryId: 'lighting-studies',
      category: 'Lighting studies',
      active: false,
    })
    expect((await publicStyles()).some((s) => s.id === r.body.style.id)).toBe(false)
    const listed = await admin.get('/api/admin/styles')
    expect(listed.body.styles.some((s: { id: string }) => s.id === r.body.style.id)).toBe(true)
    expect(listed.body.categories.some((c: { id: string }) => c.id === 'lighting-studies')).toBe(true)
  })

  it('validates the fields with the contract', async () => {
    const r = await admin.post('/api/admin/styles', style({ name: '  ' }))
    expect(r.status).toBe(400)
    const bad = await admin.post(
      '/api/admin/styles',
      style({
        localParams: { look: 'neon', lineWeight: 9, saturation: 1, warmth: 0, paperTexture: 0, shading: 0 },
      }),
    )
    expect(bad.status).toBe(400)
  })

  it('edits a style: fields, look and category; its id stays', async () => {
    const created = (await admin.post('/api/admin/styles', style())).body.style
    const r = await put(admin, `/api/admin/styles/${created.id}`, {
      ...style({ name: 'Renamed Study', category: 'atmosphere', prompt: 'fog at dawn' }),
      localParams: {
        look: 'night',
        lineWeight: 1,
        saturation: 1.2,
        warmth: 0.3,
        paperTexture: 0,
        shading: 0.9,
      },
    })
    expect(r.status).toBe(200)
    expect(r.body.style).toMatchObject({
      id: created.id,
      name: 'Renamed Study',
      categoryId: 'atmosphere',
      prompt: 'fog at dawn',
      localParams: { look: 'night' },
    })
    expect(r.body.style.imageUrl).not.toBe(created.imageUrl) // a new version for the browser's cache
    const publicOne = await anonymous.get(`/api/styles/${created.id}`)
    expect(publicOne.body.data).toMatchObject({ name: 'Renamed Study', category: 'Atmosphere' })
    expect((await put(admin, '/api/admin/styles/no-such-style', style())).status).toBe(404)
  })

  it('deletes a style; it leaves the public list; a second delete is 404', async () => {
    const created = (await admin.post('/api/admin/styles', style())).body.style
    expect((await del(admin, `/api/admin/styles/${created.id}`)).body).toEqual({ success: true })
    expect((await publicStyles()).some((s) => s.id === created.id)).toBe(false)
    expect((await del(admin, `/api/admin/styles/${created.id}`)).status).toBe(404)
  })

  it('initialise restores the default styles that were deleted, and keeps edited ones', async () => {
    await put(
      admin,
      '/api/admin/styles/watercolour-wash',
      style({ name: 'Wash (edited)', category: 'hand-drawn' }),
    )
    expect((await del(admin, '/api/admin/styles/marker-presentation')).status).toBe(200)
    const r = await admin.post('/api/admin/styles/initialize')
    expect(r.body).toEqual({ added: 1 })
    const all = await publicStyles()
    expect(all.some((s) => s.id === 'marker-presentation')).toBe(true)
    expect(all.find((s) => s.id === 'watercolour-wash')?.name).toBe('Wash (edited)')
    expect((await admin.post('/api/admin/styles/initialize')).body).toEqual({ added: 0 })
  })

  it('reorders styles; the public list follows; an unknown id changes nothing', async () => {
    const before = (await publicStyles()).filter((s) => s.category === 'Hand-drawn').map((s) => s.id)
    const reversed = [...before].reverse()
    const r = await put(admin, '/api/admin/styles/reorder', {
      styles: reversed.map((id, i) => ({ id, sortOrder: i + 1 })),
    })
    expect(r.status).toBe(200)
    expect((await publicStyles()).filter((s) => s.category === 'Hand-drawn').map((s) => s.id)).toEqual(
      reversed,
    )

    const unknown = await put(admin, '/api/admin/styles/reorder', {
      styles: [
        { id: reversed[0], sortOrder: 50 },
        { id: 'gone-style', sortOrder: 1 },
      ],
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.details).toEqual({ ids: ['gone-style'] })
    expect((await publicStyles()).filter((s) => s.category === 'Hand-drawn').map((s) => s.id)).toEqual(
      reversed,
    )
  })
})

describe('style images', () => {
  it('uploads an image (by content), serves it, and a style saved with it shows it', async () => {
    const png = await solidPng(96, 64, '#aa3311')
    const up = await admin.postForm('/api/admin/styles/upload-image', form({}, { image: png }))
    expect(up.status).toBe(201)
    expect(up.body).toMatchObject({
      imageUrl: expect.stringMatching(/^\/api\/style-images\/[0-9a-f-]+\.png$/),
      width: 96,
      height: 64,
    })
    const served = await fetch(`${server.url}${up.body.imageUrl}`)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)

    const created = await admin.post('/api/admin/styles', style({ imageUrl: up.body.imageUrl }))
    expect(created.body.style.imageSource).toBe('stored')
    const card = await fetch(`${server.url}${created.body.style.imageUrl}`)
    expect(Buffer.from(await card.arrayBuffer()).equals(png)).toBe(true)

    // saving the form unchanged keeps the image; clearing it goes back to the drawn card
    const id = created.body.style.id
    const kept = await put(admin, `/api/admin/styles/${id}`, style({ imageUrl: created.body.style.imageUrl }))
    expect(kept.body.style.imageSource).toBe('stored')
    const cleared = await put(admin, `/api/admin/styles/${id}`, style({ imageUrl: null }))
    expect(cleared.body.style.imageSource).toBe('drawn')
    // the upload no style uses is removed
    expect((await fetch(`${server.url}${up.body.imageUrl}`)).status).toBe(404)
  })

  it('takes JPEG and WebP, refuses other files by content and files over 10 MB', async () => {
    const jpeg = await admin.postForm(
      '/api/admin/styles/upload-image',
      form({}, { image: await roomJpeg(120, 80) }),
    )
    expect(jpeg.body.imageUrl).toMatch(/\.jpg$/)
    const text = await admin.postForm(
      '/api/admin/styles/upload-image',
      form({}, { image: Buffer.from('<svg/> not an image') }),
    )
    expect(text.status).toBe(415)
    const huge = await admin.postForm(
      '/api/admin/styles/upload-image',
      form({}, { image: Buffer.alloc(10 * 1024 * 1024 + 10) }),
    )
    expect(huge.status).toBe(413)
    const none = await admin.postForm('/api/admin/styles/upload-image', form({ note: 'no file' }))
    expect(none.status).toBe(400)
  })

  it('refuses an image address on our own network, or one that is not http(s)', async () => {
    for (const imageUrl of [
      `${server.url}/api/health`,
      'http://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
    ]) {
      const r = await admin.post('/api/admin/styles', style({ imageUrl }))
      expect(r.status, imageUrl).toBe(400)
      expect(r.body.error).toMatchObject({ code: 'invalid_image_url', details: { field: 'imageUrl' } })
    }
  })
})

describe('clean up style ids', () => {
  it('renames ids that are not slugs (generations follow), renumbers, drops empty categories and lost images', async () => {
    const q = server.ctx.database.query.bind(server.ctx.database)
    await q(`insert into style_categories (id, name, sort_order) values ('unused', 'Unused', 99)`)
    await q(
      `insert into styles (id, name, category_id, sort_order, image_key) values
         ('Legacy Style_01', 'Legacy Style', 'graphic', 40, null),
         ('lost-image', 'Lost Image', 'graphic', 40, 'catalog/uploads/00000000-0000-7000-8000-000000000000.png')`,
    )
    const user = (await admin.get('/api/user/profile')).body.user
    await q(
      `insert into generations (id, user_id, type, generation_type, mode, credits_cost, payload, style_id, status)
       values ($1, $2, 'image', 'sketch-render', 'sketch', 20, '{}', 'Legacy Style_01', 'completed')`,
      ['0190aaaa-0000-7000-8000-000000000001', user.uid],
    )

    const r = await admin.post('/api/admin/styles/cleanup')
    expect(r.status).toBe(200)
    expect(r.body.renamed).toEqual([{ from: 'Legacy Style_01', to: 'legacy-style' }])
    expect(r.body.removedCategories).toContain('unused')
    expect(r.body.clearedImages).toBe(1)
    expect(r.body.renumbered).toBeGreaterThan(0)
    const [gen] = await q(`select style_id from generations where id = $1`, [
      '0190aaaa-0000-7000-8000-000000000001',
    ])
    expect(gen!.style_id).toBe('legacy-style')

    const listed = (await admin.get('/api/admin/styles')).body
    for (const categoryId of new Set<string>(
      listed.styles.map((s: { categoryId: string }) => s.categoryId),
    )) {
      const orders = listed.styles
        .filter((s: { categoryId: string }) => s.categoryId === categoryId)
        .map((s: { sortOrder: number }) => s.sortOrder)
      expect(orders).toEqual(orders.map((_: number, i: number) => i + 1))
    }
    expect(listed.styles.find((s: { id: string }) => s.id === 'lost-image').imageSource).toBe('drawn')

    // a second run has nothing left to do
    expect((await admin.post('/api/admin/styles/cleanup')).body).toEqual({
      renamed: [],
      renumbered: 0,
      removedCategories: [],
      clearedImages: 0,
    })
  })
})

describe('plans', () => {
  it('lists the plans with their payment price ids', async () => {
    const r = await admin.get('/api/admin/plans')
    expect(r.body.plans.map((p: { id: string }) => p.id)).toEqual(['lite', 'standard', 'pro'])
    expect(r.body.plans[1]).toMatchObject({ popular: true, priceMonthly: 3900, paymentPriceMonthly: null })
  })

  it('edits features, the popular flag (one plan at most) and price ids; prices stay fixed', async () => {
    const r = await put(admin, '/api/admin/plans/pro', {
      features: ['monthly_credits', 'api_access', 'Dedicated onboarding call'],
      popular: true,
      paymentPriceMonthly: 'price_1Pro0Monthly',
      paymentPriceYearly: '',
      priceMonthly: 1, // not editable: ignored
    })
    expect(r.status).toBe(200)
    expect(r.body.plan).toMatchObject({
      id: 'pro',
      features: ['monthly_credits', 'api_access', 'Dedicated onboarding call'],
      popular: true,
      paymentPriceMonthly: 'price_1Pro0Monthly',
      paymentPriceYearly: null,
      priceMonthly: 9900,
    })
    const seen = (await member.get('/api/user/plans')).body.plans
    expect(seen.filter((p: { popular: boolean }) => p.popular).map((p: { id: string }) => p.id)).toEqual([
      'pro',
    ])
    expect(seen.find((p: { id: string }) => p.id === 'pro').features).toContain('Dedicated onboarding call')
  })

  it('refuses a malformed price id and an unknown plan', async () => {
    const body = {
      features: [],
      popular: false,
      paymentPriceMonthly: 'price 1; drop',
      paymentPriceYearly: null,
    }
    expect((await put(admin, '/api/admin/plans/lite', body)).status).toBe(400)
    expect(
      (await put(admin, '/api/admin/plans/platinum', { ...body, paymentPriceMonthly: null })).status,
    ).toBe(404)
  })
})
