/** One edit the local engine can make. Amounts are signed strengths around 1 (0.5 = "a bit", 1.6 = "a lot"). */
export type EditOp =
  | { kind: 'brightness'; amount: number }
  | { kind: 'contrast'; amount: number }
  | { kind: 'warmth'; amount: number }
  | { kind: 'saturation'; amount: number }
  | { kind: 'black-and-white' }
  | { kind: 'sepia' }
  | { kind: 'sharpen'; amount: number }
  | { kind: 'blur-background'; amount: number }
  | { kind: 'crop'; ratio: readonly [number, number] }
  | { kind: 'rotate'; degrees: 90 | 180 | -90 }
  | { kind: 'flip'; axis: 'horizontal' | 'vertical' }
  | { kind: 'remove-selection' }
  | { kind: 'recolour-palette' }
  /** the verticals made upright by the straighten kind's engine (docs/decisions/0101-straighten-verticals.md) */
  | { kind: 'straighten' }

/** Stable ids for facts.operations: the web translates these, so they never change once shipped. */
export function operationId(op: EditOp): string {
  switch (op.kind) {
    case 'brightness':
      return op.amount >= 0 ? 'brighter' : 'darker'
    case 'contrast':
      return op.amount >= 0 ? 'contrast:up' : 'contrast:down'
    case 'warmth':
      return op.amount >= 0 ? 'warmer' : 'cooler'
    case 'saturation':
      return op.amount >= 0 ? 'saturation:up' : 'saturation:down'
    case 'crop':
      return op.ratio[0] === 0 ? 'crop:tighter' : `crop:${op.ratio[0]}:${op.ratio[1]}`
    case 'rotate':
      return `rotate:${op.degrees}`
    case 'flip':
      return `flip:${op.axis}`
    case 'recolour-palette':
      return 'recolour:palette'
    default:
      return op.kind
  }
}

/** The reply's words for each operation, in English (the web shows translations of the ids). */
export function describeOperation(op: EditOp, paletteName?: string): string {
  switch (op.kind) {
    case 'brightness':
      return op.amount >= 0 ? 'brightened it' : 'darkened it'
    case 'contrast':
      return op.amount >= 0 ? 'added contrast' : 'softened the contrast'
    case 'warmth':
      return op.amount >= 0 ? 'warmed the colours' : 'cooled the colours'
    case 'saturation':
      return op.amount >= 0 ? 'made the colours richer' : 'muted the colours'
    case 'black-and-white':
      return 'made it black and white'
    case 'sepia':
      return 'gave it a sepia tone'
    case 'sharpen':
      return 'sharpened it'
    case 'blur-background':
      return 'blurred the background'
    case 'crop':
      return op.ratio[0] === 0 ? 'cropped it tighter' : `cropped it to ${op.ratio[0]}:${op.ratio[1]}`
    case 'rotate':
      return op.degrees === 180
        ? 'turned it upside down'
        : `rotated it 90° ${op.degrees > 0 ? 'clockwise' : 'counter-clockwise'}`
    case 'flip':
      return `flipped it ${op.axis === 'horizontal' ? 'horizontally' : 'vertically'}`
    case 'remove-selection':
      return 'removed the selected area and filled it from its surroundings'
    case 'recolour-palette':
      return paletteName ? `recoloured it with the ${paletteName} palette` : 'recoloured it with your palette'
    case 'straighten':
      return 'straightened the verticals'
  }
}

const NOT_DONE: Record<string, string> = {
  brighter: 'brighten it',
  darker: 'darken it',
  'contrast:up': 'add contrast',
  'contrast:down': 'soften the contrast',
  warmer: 'warm the colours',
  cooler: 'cool the colours',
  'saturation:up': 'make the colours richer',
  'saturation:down': 'mute the colours',
  'black-and-white': 'make it black and white',
  sepia: 'give it a sepia tone',
  sharpen: 'sharpen it',
  'blur-background': 'blur the background',
  'remove-selection': 'remove anything',
  'recolour:palette': 'recolour it',
  straighten: 'straighten it',
}

/** What the user asked not to do, by operation id, in the reply's words: "As you asked, I didn't darken it." */
export function describeNotDone(id: string): string {
  const known = NOT_DONE[id]
  if (known) return known
  if (id.startsWith('crop')) return 'crop it'
  if (id.startsWith('rotate')) return 'rotate it'
  if (id.startsWith('flip')) return 'flip it'
  return 'change it'
}

/** Edits that move or cut the whole frame: they cannot be limited to a part of it. */
export function isGeometry(op: EditOp): boolean {
  return op.kind === 'crop' || op.kind === 'rotate' || op.kind === 'flip' || op.kind === 'straighten'
}
