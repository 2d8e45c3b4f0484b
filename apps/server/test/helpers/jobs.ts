import { expect } from 'vitest'
import type { Api } from './client.ts'

type Gen = { id: string; status: string; [k: string]: unknown }

/** Wait for jobs to end, reading the status endpoint (the same one the browser's fallback polls). */
export async function waitForJobs(api: Api, ids: string[], timeoutMs = 45_000): Promise<Gen[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const r = await api.get(`/api/user/generations/status?ids=${ids.join(',')}`)
    expect(r.status).toBe(200)
    const gens = r.body.generations as Gen[]
    if (gens.length === ids.length && gens.every((g) => g.status === 'completed' || g.status === 'failed')) {
      return ids.map((id) => gens.find((g) => g.id === id)!)
    }
    if (Date.now() > deadline)
      throw new Error(`jobs still running: ${JSON.stringify(gens.map((g) => [g.id, g.status]))}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export async function balance(api: Api): Promise<number> {
  return (await api.get('/api/user/profile')).body.user.credits
}

export async function ledgerSum(api: Api): Promise<number> {
  const r = await api.get('/api/user/credits/transactions?limit=50')
  return (r.body.transactions as Array<{ amount: number }>).reduce((n, t) => n + t.amount, 0)
}
