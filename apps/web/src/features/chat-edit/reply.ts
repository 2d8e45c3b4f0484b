import type { Generation } from '@parti/contract'
import { failureMessageKey } from '../jobs/messages'

/**
 * What the assistant says about an edit, as keys of the 'chat' namespace, so it reads in the UI language:
 * the operations the engine reports (stable ids such as 'warmer' or 'crop:16:9') become a translated
 * sentence; a failure uses the 'Sorry…' texts of docs/product.md#errors-chat. An engine that reports no
 * operations (a hosted model) has its own words in metadata.reply, shown as they are.
 */
export type ReplyPart =
  | { kind: 'ops'; ops: Array<{ key: string; values?: Record<string, string> }>; skippedObjects: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'generic' }
  | { kind: 'failure'; key: ReturnType<typeof failureMessageKey>; capabilities: boolean }

const SIMPLE = new Set([
  'brighter',
  'darker',
  'contrast:up',
  'contrast:down',
  'warmer',
  'cooler',
  'saturation:up',
  'saturation:down',
  'black-and-white',
  'sepia',
  'sharpen',
  'blur-background',
  'crop:tighter',
  'rotate:90',
  'rotate:-90',
  'rotate:180',
  'flip:horizontal',
  'flip:vertical',
  'remove-selection',
  'recolour:palette',
  'straighten',
])

/** An operation id as a key of chat:ops (':' cannot be in a key path), or null when unknown. */
export function operationKey(id: string): { key: string; values?: Record<string, string> } | null {
  if (SIMPLE.has(id)) return { key: id.replace(/:/g, '_') }
  const crop = /^crop:(\d+):(\d+)$/.exec(id)
  if (crop) return { key: 'crop_ratio', values: { ratio: `${crop[1]}:${crop[2]}` } }
  return null
}

export function replyFor(g: Pick<Generation, 'status' | 'mode' | 'errorCode' | 'metadata'>): ReplyPart {
  if (g.status === 'failed')
    return { kind: 'failure', key: failureMessageKey(g), capabilities: g.errorCode === 'unsupported_request' }
  const ids = Array.isArray(g.metadata.operations) ? g.metadata.operations : []
  const reply = typeof g.metadata.reply === 'string' ? g.metadata.reply : ''
  const ops = ids.map(operationKey)
  if (ids.length && ops.every(Boolean)) {
    // the local engine's reply says so when it left out a request to add objects (engines/local/tasks/magic-edit.ts)
    return { kind: 'ops', ops: ops as Array<{ key: string }>, skippedObjects: /add new objects/i.test(reply) }
  }
  if (reply) return { kind: 'text', text: reply }
  return { kind: 'generic' }
}
