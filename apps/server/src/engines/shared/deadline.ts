import { type EngineContext, EngineError, type EngineTaskKind } from '../types.ts'
import { cancelled, timedOut } from './errors.ts'

/**
 * Registers how to stop the provider's work if the job ends without its result (cancelled, out of time, or
 * failed on our side); null once the provider's job is over and there is nothing left to stop.
 */
export type OnAbort = (cancelAtProvider: (() => Promise<void>) | null) => void

/**
 * Runs an adapter's work under one signal that fires on the job's cancellation (ctx.signal) or on the
 * per-kind time limit. When it fires, or the work fails while the provider still runs it, the provider is told
 * to stop; then the job's reason is thrown: EngineError('cancelled') or EngineError('timeout'), or the error.
 */
export async function withDeadline<T>(
  ctx: EngineContext,
  kind: EngineTaskKind,
  timeoutMs: number,
  work: (signal: AbortSignal, onAbort: OnAbort) => Promise<T>,
): Promise<T> {
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(timedOut(kind, `no result after ${Math.round(timeoutMs / 1000)} s`)),
    timeoutMs,
  )
  const onJobAbort = () =>
    controller.abort(ctx.signal.reason instanceof EngineError ? ctx.signal.reason : cancelled())
  if (ctx.signal.aborted) onJobAbort()
  else ctx.signal.addEventListener('abort', onJobAbort, { once: true })
  let cancelAtProvider: (() => Promise<void>) | null = null
  try {
    return await work(controller.signal, (fn) => {
      cancelAtProvider = fn
    })
  } catch (err) {
    // whatever ended the job, nothing should keep running (and billing) at the provider
    const stop = cancelAtProvider as (() => Promise<void>) | null
    if (stop) await stop().catch(() => {})
    throw controller.signal.aborted ? controller.signal.reason : err
  } finally {
    clearTimeout(timer)
    ctx.signal.removeEventListener('abort', onJobAbort)
  }
}
