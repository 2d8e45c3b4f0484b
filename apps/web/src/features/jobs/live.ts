import type { Generation } from '@parti/contract'
import { useSyncExternalStore } from 'react'

export type LiveStatus = 'connecting' | 'open' | 'closed'

export type LiveEvent =
  | {
      type: 'generation.created' | 'generation.updated' | 'generation.completed' | 'generation.failed'
      data: Generation
    }
  | { type: 'generation.progress'; data: { id: string; progress: number } }
  | { type: 'generation.deleted'; data: { id: string } }
  | { type: 'balance.changed'; data: { credits: number; change: number } }

const EVENT_TYPES = [
  'generation.created',
  'generation.updated',
  'generation.completed',
  'generation.failed',
  'generation.progress',
  'generation.deleted',
  'balance.changed',
] as const

let status: LiveStatus = 'closed'
const statusListeners = new Set<() => void>()
function setStatus(next: LiveStatus) {
  if (status === next) return
  status = next
  for (const l of statusListeners) l()
}

/**
 * The server's event stream (GET /api/events, Server-Sent Events). EventSource reconnects by itself and sends
 * Last-Event-ID, so nothing is missed across a short drop; while it is down, the 5 s polling fallback runs.
 */
export function connectLive(onEvent: (event: LiveEvent) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {}
  setStatus('connecting')
  const source = new EventSource('/api/events')
  source.addEventListener('ready', () => setStatus('open'))
  source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'closed' : 'connecting')
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (e) => {
      try {
        onEvent({ type, data: JSON.parse((e as MessageEvent<string>).data) } as LiveEvent)
      } catch {
        // a malformed event is dropped, not trusted
      }
    })
  }
  return () => {
    source.close()
    setStatus('closed')
  }
}

export function liveStatus(): LiveStatus {
  return status
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l)
      return () => statusListeners.delete(l)
    },
    liveStatus,
    liveStatus,
  )
}
