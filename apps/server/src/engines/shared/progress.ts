import { STEP_NAMES, STEPS } from '@parti/contract'
import type { EngineContext, EngineTaskKind } from '../types.ts'

/** Typical run times (the contract's STEPS), for an honest-looking progress bar when a provider reports none. */
export const TYPICAL_MS = Object.fromEntries(STEP_NAMES.map((s) => [s, STEPS[s].typicalMs])) as Record<
  EngineTaskKind,
  number
>

/**
 * Progress that only moves forward: the provider's own fraction when it gives one, otherwise a curve over
 * the typical run time that approaches 90% and never claims done before the result is in.
 */
export class Progress {
  private last = 0
  private readonly started = Date.now()

  constructor(
    private readonly ctx: EngineContext,
    private readonly typicalMs: number,
  ) {}

  /** queued at the provider, or submitted */
  queued(): void {
    this.report(0.03)
  }

  /** running; `fraction` from the provider's logs or events when known */
  running(fraction?: number | null): void {
    const elapsed = Date.now() - this.started
    const estimate = 0.05 + 0.85 * (1 - Math.exp(-elapsed / this.typicalMs))
    this.report(fraction == null ? estimate : 0.05 + 0.85 * Math.max(0, Math.min(1, fraction)))
  }

  /** the result is being copied into our storage */
  downloading(): void {
    this.report(0.93)
  }

  private report(f: number): void {
    if (f <= this.last) return
    this.last = f
    this.ctx.reportProgress(f)
  }
}

/** "45%|████▌     | 9/20 [00:03<00:04]" — the tqdm line most models print; the last one wins. */
export function progressFromLogs(logs: string | null | undefined): number | null {
  if (!logs) return null
  const lines = logs.split('\n')
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^\s*(\d{1,3})%\s*\|.*?\|\s*(\d+)\/(\d+)/.exec(lines[i]!)
    if (m) return Math.min(1, Number(m[1]) / 100)
  }
  return null
}
