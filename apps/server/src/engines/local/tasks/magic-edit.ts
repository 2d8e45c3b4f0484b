import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { parseHex, type Rgb } from '../color.ts'
import { invalidInput, throwIfAborted } from '../errors.ts'
import { decodeMask, decodeRgb, encodeLike, inspectInput } from '../image-io.ts'
import { applyEdits } from '../magic-edit/apply.ts'
import { interpretInConversation } from '../magic-edit/interpret.ts'
import { describeOperation, operationId } from '../magic-edit/ops.ts'
import type { LocalStep } from '../step.ts'
import { MAX_EDIT_SIDE } from './inpaint.ts'

type MagicEditTask = Extract<EngineTask, { kind: 'magic-edit' }>

/** Ask Parti on the local engine: understand the request, check what it needs, edit, and say what was done. */
async function runMagicEdit(task: MagicEditTask, ctx: EngineContext): Promise<EngineResult> {
  const plan = interpretInConversation(task.prompt, task.history)
  const needsMask = plan.ops.some((op) => op.kind === 'remove-selection')
  if (needsMask && !task.mask) {
    throw invalidInput('Please select an area with the lasso tool to indicate what to remove.')
  }
  const palette = (task.palette?.colors ?? []).map(parseHex).filter((c): c is Rgb => c !== null)
  if (plan.ops.some((op) => op.kind === 'recolour-palette') && palette.length < 2) {
    throw invalidInput('Please choose a colour palette first, then ask again to recolour the image.')
  }
  const info = await inspectInput(task.input, 'image')
  const k = Math.min(1, MAX_EDIT_SIDE / Math.max(info.width, info.height))
  const width = Math.round(info.width * k)
  const height = Math.round(info.height * k)
  const [image, mask] = await Promise.all([
    decodeRgb(task.input, width, height),
    task.mask ? decodeMask(task.mask, width, height).then((m) => m.mask) : Promise.resolve(null),
  ])
  throwIfAborted(ctx.signal)
  const edited = await applyEdits(image, plan.ops, { mask, palette: palette.length ? palette : null })
  ctx.reportProgress(0.9)
  const done = plan.ops.map((op) => describeOperation(op, task.palette?.name))
  const skipped = plan.skipped.includes('add-objects')
    ? ' I can’t add new objects on this server, so I left that part out.'
    : ''
  return {
    outputs: [await encodeLike(edited, info.format)],
    facts: {
      engine: 'local',
      model: magicEditStep.model,
      operations: plan.ops.map(operationId),
      reply: `Done: I ${joinWords(done)}.${skipped}`,
    },
  }
}

function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

export const magicEditStep: LocalStep<'magic-edit'> = {
  model: 'local-edit-v1',
  run: (task, ctx) => runMagicEdit(task, ctx),
}
