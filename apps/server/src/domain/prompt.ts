import type { StagingOption, StagingStyle } from '@parti/contract'

interface PromptStyle {
  prompt: string
  qualityPrompt: string
  negativePrompt: string
}
interface PromptPalette {
  name: string
  colors: string[]
  description?: string
}

/**
 * The prompt as actually used (user prompt + style prompt + quality prompt + negative prompt +
 * palette described in words). Hosted engines receive it; the generation records it for the details panel.
 */
export function enhancePrompt(input: {
  userPrompt: string
  style?: PromptStyle | null
  palette?: PromptPalette | null
  customColors?: string[] | null
  extra?: string[]
}): { prompt: string; negativePrompt: string } {
  const parts = [input.userPrompt.trim()]
  if (input.style?.prompt) parts.push(input.style.prompt)
  for (const e of input.extra ?? []) if (e) parts.push(e)
  if (input.customColors?.length) parts.push(`colour scheme ${input.customColors.map(colourName).join(', ')}`)
  else if (input.palette) parts.push(describePalette(input.palette))
  if (input.style?.qualityPrompt) parts.push(input.style.qualityPrompt)
  return { prompt: parts.filter(Boolean).join(', '), negativePrompt: input.style?.negativePrompt ?? '' }
}

export function describePalette(p: PromptPalette): string {
  const words = p.description?.trim() || p.colors.map(colourName).join(', ')
  return `${p.name} palette (${words})`
}

const STAGING_WORDS: Record<StagingOption, string> = {
  removeClutter: 'decluttered',
  removeFurniture: 'empty of existing furniture',
  repaint: 'freshly painted walls',
  addFurniture: 'furnished',
  addDecor: 'styled with decor',
  addLighting: 'warm inviting lighting',
}

export function stagingPromptParts(
  style: StagingStyle | null,
  options: StagingOption[],
  roomType: string | null,
) {
  return [
    style ? `${style} interior staging` : 'interior photo cleanup',
    roomType ? roomType.replace(/-/g, ' ') : '',
    ...options.map((o) => STAGING_WORDS[o]),
    'real estate photography',
  ]
}

/** A colour as words a model understands ("#D98F6C" → "terracotta orange"), by nearest named hue and lightness. */
export function colourName(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!m) return hex
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => Number.parseInt(x!, 16) / 255) as [number, number, number]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const s = max === min ? 0 : l > 0.5 ? (max - min) / (2 - max - min) : (max - min) / (max + min)
  if (s < 0.12)
    return l > 0.9 ? 'white' : l > 0.7 ? 'light grey' : l > 0.35 ? 'grey' : l > 0.12 ? 'charcoal' : 'black'
  let h = 0
  if (max === r) h = ((g - b) / (max - min)) % 6
  else if (max === g) h = (b - r) / (max - min) + 2
  else h = (r - g) / (max - min) + 4
  h = (h * 60 + 360) % 360
  const hue =
    h < 15
      ? 'red'
      : h < 40
        ? 'orange'
        : h < 65
          ? 'yellow'
          : h < 160
            ? 'green'
            : h < 200
              ? 'teal'
              : h < 255
                ? 'blue'
                : h < 290
                  ? 'purple'
                  : h < 335
                    ? 'pink'
                    : 'red'
  const tone = l > 0.8 ? 'pale ' : l > 0.6 ? 'light ' : l < 0.3 ? 'deep ' : ''
  return `${tone}${hue}`
}
