import { randomBytes } from 'node:crypto'

export interface ApiResponse<T = any> {
  status: number
  body: T
  headers: Headers
}

/** A small API client speaking the contract: JSON or multipart, bearer token, the one error shape. */
export class Api {
  constructor(
    readonly base: string,
    public token: string | null = null,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    options: {
      json?: unknown
      form?: FormData
      headers?: Record<string, string>
      token?: string | null
    } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers }
    const token = options.token === undefined ? this.token : options.token
    if (token) headers.authorization = `Bearer ${token}`
    let body: FormData | string | undefined
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    } else if (options.form) body = options.form
    const res = await fetch(`${this.base}${path}`, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {}
    return { status: res.status, body: parsed as T, headers: res.headers }
  }

  get<T = any>(path: string, token?: string | null) {
    return this.request<T>('GET', path, { token })
  }
  post<T = any>(path: string, json?: unknown) {
    return this.request<T>('POST', path, { json: json ?? {} })
  }
  postForm<T = any>(path: string, form: FormData) {
    return this.request<T>('POST', path, { form })
  }

  /** Sign up a fresh user and use its token from now on. */
  async signUp(email = `user-${randomBytes(5).toString('hex')}@studio.test`, password = 'drawing-board-9') {
    const r = await this.post('/api/auth/sign-up', { email, password })
    if (r.status !== 201) throw new Error(`sign-up failed: ${r.status} ${JSON.stringify(r.body)}`)
    this.token = r.body.token
    return { email, password, user: r.body.user, token: r.body.token as string }
  }
}

export function form(
  fields: Record<string, string | string[] | undefined>,
  files: Record<string, Buffer | Buffer[]> = {},
) {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue
    for (const one of Array.isArray(v) ? v : [v]) f.append(k, one)
  }
  for (const [k, v] of Object.entries(files)) {
    for (const [i, one] of (Array.isArray(v) ? v : [v]).entries()) {
      f.append(k, new Blob([new Uint8Array(one)]), `${k}-${i}.png`)
    }
  }
  return f
}
