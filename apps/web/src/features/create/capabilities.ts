import {
  type Ask,
  type AskingRequest,
  askedEffects,
  creditsOfSteps,
  type Kind,
  type KindCapabilities,
  levelOf,
  planRun,
  priceOf,
  type RunPlan,
  type SupportLevel,
  type SupportReason,
} from '@parti/contract'
import type { Reason } from './readiness'

/** How one field or option fares on the engine serving it, for this request (a lasso can lift it). */
export interface AskSupport {
  level: SupportLevel
  reason?: SupportReason
  /** it cannot be done as things stand, but can with a lasso selection */
  liftedByLasso: boolean
}

/**
 * What a screen shows before Generate (docs/product.md#capabilities): the same askedEffects and planRun as the
 * server, so the marks, the cost and the refusal agree with what the server will do. Before the capabilities
 * have loaded, everything is taken as done and the full price is shown.
 */
export interface CapabilityView {
  /** null until the capabilities have loaded */
  plan: RunPlan | null
  /** the credits of one job: only the steps that will run */
  cost: number
  support: (ask: Ask) => AskSupport
  /** nothing asked can be done: the server would refuse with not_offered */
  refused: boolean
}

export function capabilityView(
  kind: Kind,
  caps: KindCapabilities | undefined,
  request: AskingRequest,
  fullPrice: number = priceOf(kind),
): CapabilityView {
  const hasLasso = !!request.hasLasso
  if (!caps)
    return {
      plan: null,
      cost: fullPrice,
      support: () => ({ level: 'does', liftedByLasso: false }),
      refused: false,
    }
  const plan = planRun(kind, caps, askedEffects(kind, request))
  const support = (ask: Ask): AskSupport => {
    const s = caps.asks[ask]
    const level = levelOf(caps, ask, hasLasso)
    return {
      level,
      ...(s?.reason && level !== 'does' ? { reason: s.reason } : {}),
      liftedByLasso: !hasLasso && level === 'cannot' && !!s?.withLasso && s.withLasso !== 'cannot',
    }
  }
  return {
    plan,
    cost: plan.steps ? creditsOfSteps(kind, plan.steps, fullPrice) : 0,
    support,
    refused: plan.steps === null,
  }
}

/** Generate's reason when nothing asked can be done, pointing at the field that holds the choices. */
export function refusalReason(view: CapabilityView, field: string): Reason[] {
  return view.refused ? [{ code: 'not_offered', field }] : []
}
