import type { Api } from './client.ts'

export interface PageResponse {
  status: number
  location: string | null
  html: string
}

/** Press a button on the built-in test checkout's page, as the browser's form does (no redirect followed). */
export async function pressTestCheckout(
  api: Api,
  sessionId: string,
  outcome: 'paid' | 'pending' | 'cancelled',
): Promise<PageResponse> {
  return postForm(api, `/api/payments/test-checkout/${sessionId}?lang=en`, { outcome })
}

/** Press a button on the test billing portal. */
export function pressTestPortal(api: Api, fields: Record<string, string>): Promise<PageResponse> {
  return postForm(api, '/api/payments/test-portal?lang=en', fields)
}

export async function postForm(
  api: Api,
  path: string,
  fields: Record<string, string>,
): Promise<PageResponse> {
  const res = await fetch(`${api.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(api.token ? { authorization: `Bearer ${api.token}` } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  })
  return { status: res.status, location: res.headers.get('location'), html: await res.text() }
}

export async function getPage(
  api: Api,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageResponse> {
  const res = await fetch(`${api.base}${path}`, {
    redirect: 'manual',
    headers: { ...headers, ...(api.token ? { authorization: `Bearer ${api.token}` } : {}) },
  })
  return { status: res.status, location: res.headers.get('location'), html: await res.text() }
}

export async function profile(api: Api) {
  return (await api.get('/api/user/profile')).body.user
}

export async function transactions(
  api: Api,
): Promise<Array<{ kind: string; amount: number; description: string }>> {
  return (await api.get('/api/user/credits/transactions?limit=50')).body.transactions
}

/** Start a checkout and pay it on the test page; answers the session id. */
export async function buyOnTestCheckout(api: Api, path: string, body: unknown): Promise<string> {
  const r = await api.post(path, body)
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`)
  const paid = await pressTestCheckout(api, r.body.sessionId, 'paid')
  if (paid.status !== 303) throw new Error(`test checkout: ${paid.status} ${paid.html.slice(0, 200)}`)
  return r.body.sessionId
}
