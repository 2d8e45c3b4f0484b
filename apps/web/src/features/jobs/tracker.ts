import type { Generation } from '@parti/contract'
import { useSyncExternalStore } from 'react'
import { loadPersistentJobs, type PersistentJob, writeStored } from '../../lib/storage'

/**
 * The jobs this browser is waiting for (docs/product.md#persistent-jobs): added when a creating call answers,
 * kept in browser storage so a reload keeps watching them (for 10 minutes), removed when they end.
 */
let jobs: PersistentJob[] = []
let loaded = false
const listeners = new Set<() => void>()

function emit() {
  writeStored('persistentJobs', jobs)
  for (const l of listeners) l()
}

function ensureLoaded() {
  if (!loaded) {
    loaded = true
    jobs = loadPersistentJobs()
  }
}

export function trackJobs(generations: Array<Pick<Generation, 'id' | 'generationType' | 'status'>>): void {
  ensureLoaded()
  const now = Date.now()
  const fresh = generations
    .filter((g) => (g.status === 'pending' || g.status === 'processing') && !jobs.some((j) => j.id === g.id))
    .map((g) => ({ id: g.id, generationType: g.generationType, createdAt: now }))
  if (!fresh.length) return
  jobs = [...jobs, ...fresh]
  emit()
}

export function untrackJob(id: string): void {
  ensureLoaded()
  if (!jobs.some((j) => j.id === id)) return
  jobs = jobs.filter((j) => j.id !== id)
  emit()
}

export function trackedJobs(): PersistentJob[] {
  ensureLoaded()
  return jobs
}

/** Forget everything (sign-out). */
export function clearTrackedJobs(): void {
  jobs = []
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useTrackedJobs(): PersistentJob[] {
  return useSyncExternalStore(subscribe, trackedJobs, trackedJobs)
}
