import type { Note } from '@parti/contract'
import type { EngineContext, EngineOutput, EngineResult, EngineTask } from '../../types.ts'
import { parseHex, type Rgb } from '../color.ts'
import { throwIfAborted } from '../errors.ts'
import {
  decodeMask,
  decodeRgb,
  encodeLike,
  type InputInfo,
  imageOutput,
  inspectInput,
  refuseBlank,
} from '../image-io.ts'
import { applyEdits, staysInSelection } from '../magic-edit/apply.ts'
import { interpretInConversation } from '../magic-edit/interpret.ts'
import { operationId } from '../magic-edit/ops.ts'
import type { EditPlan } from '../magic-edit/plan.ts'
import { planError, replyText } from '../magic-edit/reply.ts'
import { mapSegment, meanLeanDeg } from '../prep/geometry.ts'
import { findVerticals, type Straightened, type Verticals } from '../prep/straighten.ts'
import type { LocalStep } from '../step.ts'
import { variationOf } from '../variation.ts'
import { MAX_EDIT_SIDE } from './inpaint.ts'

type MagicEditTask = Extract<EngineTask, { kind: 'magic-edit' }>

/**
 * Ask Parti on the local engine: check the picture, understand the request in the light of what the user gave
 * (a lasso selection, a palette), edit, and say what was done, what was kept as asked and what was not done
 * and why (docs/product.md#ask-parti). When nothing can be done the interpreter fails the job with the reason
 * (docs/product.md#errors-chat); it is refunded and not retried.
 */
async function runMagicEdit(task: MagicEditTask, ctx: EngineContext): Promise<EngineResult> {
  const info = await inspectInput(task.input, 'image')
  const k = Math.min(1, MAX_EDIT_SIDE / Math.max(info.width, info.height))
  const width = Math.round(info.width * k)
  const height = Math.round(info.height * k)
  const [image, mask] = await Promise.all([
    decodeRgb(task.input, width, height),
    task.mask ? decodeMask(task.mask, width, height).then((m) => m.mask) : Promise.resolve(null),
  ])
  refuseBlank(image)
  const palette = (task.palette?.colors ?? []).map(parseHex).filter((c): c is Rgb => c !== null)
  let plan = interpretInConversation(task.prompt, task.history, {
    selection: mask !== null,
    palette: palette.length >= 2,
  })
  // "straighten the verticals" runs the straighten kind's engine (docs/decisions/0101-straighten-verticals.md);
  // a picture with nothing upright to go by has that part left out, and the job fails (refunded) when nothing
  // else was asked
  if (plan.edits.some((e) => e.op.kind === 'straighten') && !(await findVerticals(task.input))) {
    plan = withoutStraighten(plan)
    if (!plan.edits.length && (plan.refused.length || !plan.kept.length)) throw planError(plan, task.prompt)
  }
  let straightened: { verticals: Verticals; done: Straightened } | null = null
  throwIfAborted(ctx.signal)
  // a variation's seed sets how far each graded edit goes ("brighter" by more or less); edits without an amount
  // (black and white, a crop) come out the same in every variation (docs/product.md#variations)
  const { strength } = variationOf(task.seed)
  const edits =
    strength === 1
      ? plan.edits
      : plan.edits.map((e) =>
          'amount' in e.op && typeof e.op.amount === 'number'
            ? { ...e, op: { ...e.op, amount: e.op.amount * strength } as typeof e.op }
            : e,
        )
  // only asked to keep things as they are ("don't make it darker"): the picture comes back untouched
  const output = edits.length
    ? await encodeLike(
        await applyEdits(image, edits, {
          mask,
          palette: palette.length ? palette : null,
          onStraightened: (verticals, done) => {
            straightened = { verticals, done }
          },
        }),
        info.format,
      )
    : await unchanged(task.input, info, () => encodeLike(image, info.format))
  ctx.reportProgress(0.9)
  const notes = straightened ? [await straightenedNote(straightened, output.data)] : []
  return {
    outputs: [output],
    facts: {
      engine: 'local',
      model: magicEditStep.model,
      operations: plan.edits.map((e) => operationId(e.op)),
      ...(plan.refused.length ? { refused: plan.refused } : {}),
      ...(plan.kept.length ? { kept: plan.kept } : {}),
      ...(notes.length ? { notes } : {}),
      // a crop, turn or blurred background with a lasso is meant for the whole picture: not composited back
      ...(mask && plan.edits.some((e) => !staysInSelection(e.op.kind)) ? { wholePicture: true } : {}),
      reply: replyText(plan, {
        selection: mask !== null,
        ...(task.palette?.name ? { paletteName: task.palette.name } : {}),
      }),
    },
  }
}

/** The plan with its straightening moved to what was not done, and why. */
function withoutStraighten(plan: EditPlan): EditPlan {
  const gone = plan.edits.filter((e) => e.op.kind === 'straighten')
  const edits = plan.edits.filter((e) => e.op.kind !== 'straighten')
  const refused = [
    ...plan.refused,
    ...gone.map((e) => ({ words: e.words, reason: 'no-verticals' as const, operation: 'straighten' })),
  ]
  return {
    ...plan,
    edits,
    ops: edits.map((e) => e.op),
    refused,
    skipped: [...new Set(refused.map((r) => r.reason))],
  }
}

/** The straighten kind's note: the lean before, and after as measured again on the result. */
async function straightenedNote(
  s: { verticals: Verticals; done: Straightened },
  output: Buffer,
): Promise<Note> {
  const again = await findVerticals(output)
  const round1 = (x: number) => Math.round(x * 10) / 10
  return {
    id: 'verticals_straightened',
    params: {
      before: round1(s.verticals.leanDeg),
      // measured again on the result; when too few are left after the crop, the photo's verticals mapped through it
      after: round1(
        again ? again.leanDeg : meanLeanDeg(s.verticals.inliers.map((v) => mapSegment(s.done.homography, v))),
      ),
      pitch: round1(s.done.pitchDeg),
      roll: round1(s.done.rollDeg),
      kept: Math.round(s.done.kept * 100),
    },
  }
}

/** The input as it came, when it is already a format the product serves; otherwise re-encoded. */
async function unchanged(
  input: Buffer,
  info: InputInfo,
  encode: () => Promise<EngineOutput>,
): Promise<EngineOutput> {
  const types = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const
  const type = types[info.format as keyof typeof types]
  return type ? imageOutput(input, type, info.width, info.height) : encode()
}

export const magicEditStep: LocalStep<'magic-edit'> = {
  model: 'local-edit-v1',
  run: (task, ctx) => runMagicEdit(task, ctx),
}
