import {
  DEFAULT_FIDELITY_THRESHOLDS,
  type FailureReason,
  FIDELITY_SUBJECTS,
  type FidelityReport,
  type FollowLines,
  type Kind,
} from '@parti/contract'
import type { EngineOutput, EngineTask } from '../engines/types.ts'
import { measureFidelity } from './report.ts'
import type { FidelitySettings } from './settings.ts'
import { mlsdStructure } from './structure.ts'

export type { FidelitySettings }

export interface Judged {
  /** metadata.fidelity, without the overlay's URL (the runner stores the overlay) */
  report: Omit<FidelityReport, 'overlayUrl'>
  /** PNG: green input lines kept, red lines lost or added */
  overlay: Buffer
  /** below the kind's threshold */
  missed: boolean
}

/**
 * The fidelity report of a finished result (docs/product.md#fidelity), or null when the kind or the result is
 * not measured: videos, kinds without a subject, and multi-angle views other than the front (every other angle
 * moves the lines on purpose).
 */
export async function judgeResult(
  settings: FidelitySettings | undefined,
  a: { kind: Kind; task: object; input: Buffer; output: EngineOutput | undefined; rerun?: boolean },
): Promise<Judged | null> {
  const subject = FIDELITY_SUBJECTS[a.kind]
  if (!subject || a.output?.kind !== 'image') return null
  const task = a.task as {
    angle?: string
    followLines?: FollowLines
    customColors?: string[] | null
    palette?: { colors: string[] } | null
  }
  if (a.kind === 'multi-angle' && task.angle !== 'front') return null
  const colours = task.customColors?.length ? task.customColors : (task.palette?.colors ?? [])
  const f = await measureFidelity(
    { input: a.input, output: a.output.data, subject, colours },
    subject === 'photo' ? mlsdStructure : undefined,
  )
  const threshold = settings?.thresholds[a.kind] ?? DEFAULT_FIDELITY_THRESHOLDS[a.kind]
  return {
    report: {
      score: f.score,
      method: f.method,
      tolerancePx: f.tolerancePx,
      precision: f.precision,
      recall: f.recall,
      ...(threshold !== undefined ? { threshold } : {}),
      ...(a.rerun
        ? { followLines: 'strict' as const, rerun: true }
        : task.followLines
          ? { followLines: task.followLines }
          : {}),
      ...(f.colours.length ? { colours: f.colours } : {}),
    },
    overlay: f.overlay,
    missed: threshold !== undefined && f.score < threshold,
  }
}

/** The same engine task with the geometry control at its strictest, for the free second run after a miss. */
export function strictLines(task: EngineTask): EngineTask {
  return task.kind === 'sketch' || task.kind === 'multi-angle' || task.kind === 'staging-stage'
    ? { ...task, followLines: 'strict' }
    : task
}

/** Why a result was not accepted, in words the user can act on (the web shows the code translated). */
export function missedReason(report: Pick<FidelityReport, 'score' | 'threshold'>): FailureReason {
  return {
    id: 'lines_missed',
    params: { score: Math.round(report.score * 100), threshold: Math.round((report.threshold ?? 0) * 100) },
  }
}

/** The ledger's words for why a result that missed was not charged (docs/product.md#credit-holds). */
export function missedRelease(report: Pick<FidelityReport, 'score' | 'threshold'>): string {
  return `lines kept ${Math.round(report.score * 100)} %, below the ${Math.round((report.threshold ?? 0) * 100)} % threshold`
}
