import { type Generation, type LiveEvent, POLL_INTERVAL_MS } from '@parti/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { toast } from 'sonner'
import { call } from '../../lib/api'
import { updateCredits } from '../auth/session'
import { type BatchTally, tallyBatch } from './batches'
import { applyGeneration, patchGeneration, removeGeneration } from './cache'
import { connectLive, useLiveStatus } from './live'
import { failureMessageKey, successMessageKey } from './messages'
import { addGalleryNotification } from './notifications'
import { trackedJobs, trackJobs, untrackJob, useTrackedJobs } from './tracker'
import { statsQueryKey } from './useJobCounts'

/**
 * Mounted once in the signed-in shell (docs/product.md#live-updates): follows the server's event stream,
 * keeps every cached list, the balance and the counters current, shows the success and failure notices, and
 * while the stream is down polls the tracked jobs by id every 5 s.
 */
export function useLiveJobs(): void {
  const qc = useQueryClient()
  const { t } = useTranslation('jobs')
  const status = useLiveStatus()
  const tracked = useTrackedJobs()
  const location = useLocation()
  const onGallery = useRef(false)
  onGallery.current = location.pathname.startsWith('/gallery')

  const batches = useRef(new Map<string, BatchTally>())
  const finish = useRef((_g: Generation) => {})
  finish.current = (g: Generation) => {
    const wasTracked = trackedJobs().some((j) => j.id === g.id)
    untrackJob(g.id)
    // out of every list when failed, but its detail stays so a screen showing it can say what happened
    applyGeneration(qc, g)
    if (g.status === 'completed' && !onGallery.current) addGalleryNotification()
    const batch = wasTracked ? tallyBatch(batches.current, g) : null
    if (batch) {
      if (!batch.done) return void qc.invalidateQueries({ queryKey: statsQueryKey })
      const text = t('success.batch', { ok: batch.ok, total: batch.total })
      if (batch.ok === 0) toast.error(text)
      else toast.success(text)
    } else if (wasTracked && g.status === 'completed') {
      toast.success(t(successMessageKey(g)))
    } else if (wasTracked) {
      toast.error(t(failureMessageKey(g)), { description: t('failure.refunded', { credits: g.creditsCost }) })
    }
    void qc.invalidateQueries({ queryKey: statsQueryKey })
  }

  useEffect(() => {
    const onEvent = (e: LiveEvent) => {
      switch (e.type) {
        case 'generation.created':
          applyGeneration(qc, e.data)
          trackJobs([e.data])
          void qc.invalidateQueries({ queryKey: statsQueryKey })
          break
        case 'generation.updated':
          applyGeneration(qc, e.data)
          break
        case 'generation.progress':
          patchGeneration(qc, e.data.id, { progress: e.data.progress, status: 'processing' })
          break
        case 'generation.completed':
        case 'generation.failed':
          finish.current(e.data)
          break
        case 'generation.deleted':
          removeGeneration(qc, e.data.id)
          untrackJob(e.data.id)
          void qc.invalidateQueries({ queryKey: statsQueryKey })
          break
        case 'balance.changed':
          updateCredits(e.data.credits)
          break
      }
    }
    return connectLive(onEvent)
  }, [qc])

  // the fallback: poll by ids while the stream is not open and something is still running
  const ids = tracked.map((j) => j.id).join(',')
  useEffect(() => {
    if (status === 'open' || !ids) return
    let stopped = false
    const poll = async () => {
      try {
        const { generations } = await call('GET /user/generations/status', { query: { ids } })
        if (stopped) return
        for (const g of generations) {
          if (g.status === 'completed' || g.status === 'failed') finish.current(g)
          else applyGeneration(qc, g)
        }
        // ids the server no longer knows (deleted) stop being watched
        for (const id of ids.split(',')) if (!generations.some((g) => g.id === id)) untrackJob(id)
      } catch {
        // try again at the next tick
      }
    }
    void poll()
    const timer = setInterval(poll, POLL_INTERVAL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [status, ids, qc])

  // when the stream (re)opens, catch up once on what finished while it was down
  useEffect(() => {
    if (status !== 'open') return
    const pending = trackedJobs().map((j) => j.id)
    if (!pending.length) return
    call('GET /user/generations/status', { query: { ids: pending.join(',') } })
      .then(({ generations }) => {
        for (const g of generations) if (g.status === 'completed' || g.status === 'failed') finish.current(g)
      })
      .catch(() => {})
  }, [status])
}
