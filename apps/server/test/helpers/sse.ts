export interface SseEvent {
  id: number | null
  event: string
  data: any
}

/** A minimal SSE reader over fetch, with `next(type, predicate)` to await a specific event. */
export function readEvents(base: string, token: string, lastEventId?: number | null) {
  const controller = new AbortController()
  const queue: SseEvent[] = []
  const waiters: Array<() => void> = []
  let failed: Error | null = null
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' }
  if (lastEventId) headers['last-event-id'] = String(lastEventId)
  ;(async () => {
    const res = await fetch(`${base}/api/events`, { headers, signal: controller.signal })
    if (!res.ok || !res.body) throw new Error(`SSE status ${res.status}`)
    const decoder = new TextDecoder()
    let buf = ''
    for await (const chunk of res.body) {
      buf += decoder.decode(chunk as Uint8Array, { stream: true })
      let i = buf.indexOf('\n\n')
      while (i >= 0) {
        const block = buf.slice(0, i)
        buf = buf.slice(i + 2)
        const ev: SseEvent = { id: null, event: 'message', data: null }
        let data = ''
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) ev.id = Number(line.slice(4))
          else if (line.startsWith('event: ')) ev.event = line.slice(7)
          else if (line.startsWith('data: ')) data += line.slice(6)
        }
        if (data) {
          ev.data = JSON.parse(data)
          queue.push(ev)
          for (const w of waiters.splice(0)) w()
        }
        i = buf.indexOf('\n\n')
      }
    }
  })().catch((err) => {
    if (!controller.signal.aborted) failed = err
    for (const w of waiters.splice(0)) w()
  })

  return {
    async next(type: string, match?: (data: any) => boolean, timeoutMs = 30_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const idx = queue.findIndex((e) => e.event === type && (!match || match(e.data)))
        if (idx >= 0) return queue.splice(idx, 1)[0]!
        if (failed) throw failed
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`timed out waiting for ${type}`)
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(t)
            resolve()
          })
        })
      }
    },
    close() {
      controller.abort()
    },
  }
}
