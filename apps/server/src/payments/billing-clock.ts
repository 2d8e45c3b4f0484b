import type { Logger } from 'pino'
import type { LocalPaymentProvider } from './local/provider.ts'

const BILLING_CLOCK_MS = 60_000

/**
 * The test checkout's billing clock: renew or end subscriptions whose period has run out, now and every minute
 * after. Several API processes may run it at once: its event ids are deterministic, so each renewal applies
 * once. Returns the timer, for the runtime to clear on shutdown.
 */
export function startBillingClock(local: LocalPaymentProvider, log: Logger): NodeJS.Timeout {
  const tick = () =>
    void local.runDue().catch((err: Error) => log.warn({ err }, 'payments: billing clock run failed'))
  const timer = setInterval(tick, BILLING_CLOCK_MS)
  timer.unref()
  tick()
  return timer
}
