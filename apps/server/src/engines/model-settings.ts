import { STEP_NAMES, STEPS, type Step } from '@parti/contract'
import { z } from 'zod'
import { optional } from '../lib/env.ts'
import type { HostedProvider } from './descriptor.ts'
import type { ModelTable, ModelTiers } from './plan-rules.ts'

/** The part of a model variable's name for each step: REPLICATE_MODEL_<this>[_PREMIUM|_EXPERIMENTAL]. */
const MODEL_SETTING = Object.fromEntries(STEP_NAMES.map((s) => [s, STEPS[s].model])) as Record<Step, string>

const TIERS = [
  ['default', ''],
  ['premium', '_PREMIUM'],
  ['experimental', '_EXPERIMENTAL'],
] as const

/** A model variable, e.g. FAL_MODEL_VIDEO_PREMIUM. */
export type ModelVar = `${string}_MODEL_${string}`

const modelName = optional(z.string().trim())

/** The model variables of the providers: one per step each serves and plan tier. */
export function modelVars(providers: readonly HostedProvider[]): Record<ModelVar, typeof modelName> {
  const vars: Record<ModelVar, typeof modelName> = {}
  for (const p of providers)
    for (const step of p.steps)
      for (const [, suffix] of TIERS)
        vars[`${p.modelPrefix}_MODEL_${MODEL_SETTING[step]}${suffix}`] = modelName
  return vars
}

/** A provider's defaults merged with its model variables; "none" switches a tier off. */
export function modelTable(p: HostedProvider, e: Record<string, unknown>, problems: string[]): ModelTable {
  const table: ModelTable = {}
  for (const step of p.steps) {
    const tiers: Partial<ModelTiers> = { ...p.defaults[step] }
    for (const [tier, suffix] of TIERS) {
      const name = `${p.modelPrefix}_MODEL_${MODEL_SETTING[step]}${suffix}`
      const value = e[name] as string | undefined
      if (value === undefined) continue
      if (value === 'none') {
        if (tier === 'default') problems.push(`${name}: the default model cannot be "none"`)
        delete tiers[tier]
      } else if (!p.modelPattern.test(value)) problems.push(`${name}: must be ${p.modelDescription}`)
      else tiers[tier] = value
    }
    if (tiers.default) table[step] = tiers as ModelTiers
  }
  return table
}
