import { type EngineContext, EngineError, type EngineTaskKind } from '../types.ts'
import { cancelled, timedOut } from './errors.ts'

/** Registers how to stop the provider's work when the job is cancelled or runs out of time. */
export type OnAbort = (cancelAtProvider: () => Promise<void>) => void

/**
 * Runs an adapter's work under one signal that fires on the job's cancellation (ctx.signal) or on the
 * per-kind time limit. When it fires, the provider is told to stop (so nothing keeps running and billing),
 * then the job's reason is thrown: EngineError('cancelled') or EngineError('timeout').
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
    if (!controller.signal.aborted) throw err
    const stop = cancelAtProvider as (() => Promise<void>) | null
    if (stop) await stop().catch(() => {})
    throw controller.signal.reason
  } finally {
    clearTimeout(timer)
    ctx.signal.removeEventListener('abort', onJobAbort)
  }
}
