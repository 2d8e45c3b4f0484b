import { EVENT_TYPES, type LiveEvent, parseLiveEvent } from '@parti/contract'
import { useSyncExternalStore } from 'react'

export type LiveStatus = 'connecting' | 'open' | 'closed'

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
      let data: unknown
      try {
        data = JSON.parse((e as MessageEvent<string>).data)
      } catch {
        return
      }
      // a malformed event (not JSON, or not the payload its type promises) is dropped, not trusted
      const event = parseLiveEvent(type, data)
      if (event) onEvent(event)
    })
  }
  return () => {
    source.close()
    setStatus('closed')
  }
}

function liveStatus(): LiveStatus {
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
