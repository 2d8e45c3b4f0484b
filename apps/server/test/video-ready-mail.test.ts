import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roomJpeg } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// docs/product.md#account: "your video is ready" is mailed to users who asked for it, in their language.
let server: TestServer
let admin: Api
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'mail-admin@parti.test', FREE_CREDITS: '1000' } })
  admin = new Api(server.url)
  await admin.signUp('mail-admin@parti.test')
})
afterAll(() => server?.close())

async function video(api: Api) {
  const r = await api.postForm(
    '/api/render/animate',
    form(
      { description: 'slow push in', duration: '6', cameraMovement: 'dolly_in' },
      { image: await roomJpeg() },
    ),
  )
  expect(r.status).toBe(202)
  const [g] = await waitForJobs(api, [r.body.generation.id], 120_000)
  expect(g!.status).toBe('completed')
  return g!.id as string
}

const mailsTo = async (email: string) =>
  (
    (await admin.get('/api/admin/outbox')).body.items as Array<{
      to: string
      kind: string
      subject: string
      id: string
    }>
  ).filter((m) => m.to === email && m.kind === 'video-ready')

describe('your video is ready', () => {
  it('is mailed, in the user’s language with a link to the video, only to those who asked', async () => {
    const keen = new Api(server.url)
    const { email } = await keen.signUp()
    expect(
      (await keen.request('PUT', '/api/account/notifications', { json: { videoReady: 'yes' } })).status,
    ).toBe(400)
    expect(
      (await keen.request('PUT', '/api/account/notifications', { json: { videoReady: true } })).status,
    ).toBe(200)
    expect((await keen.request('PUT', '/api/account/language', { json: { language: 'de' } })).status).toBe(
      200,
    )
    expect((await keen.get('/api/account')).body.account.notifyVideoReady).toBe(true)
    const id = await video(keen)
    const [mail] = await mailsTo(email)
    expect(mail).toMatchObject({ subject: 'Ihr Video ist fertig' })
    const full = (await admin.get(`/api/admin/outbox/${mail!.id}`)).body.item
    expect(full.text).toContain(`/gallery?item=${id}`)
    expect(full.text).toContain('6-Sekunden-Video')

    const quiet = new Api(server.url)
    const other = await quiet.signUp()
    await video(quiet)
    expect(await mailsTo(other.email)).toEqual([])
    expect(
      (await new Api(server.url).request('PUT', '/api/account/notifications', { json: { videoReady: true } }))
        .status,
    ).toBe(401)
  })
})
