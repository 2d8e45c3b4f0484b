import type { LocalStyleParams } from '@parti/contract'
import sharp from 'sharp'

/**
 * A style's preview card, drawn by the project (not downloaded): a small elevation in the look's colours.
 * Replaced by a local-engine render of the built-in sample sketch once that engine is wired (catalog/previews).
 */
export async function drawStylePreview(params: LocalStyleParams | null, size = 384): Promise<Buffer> {
  const look = params?.look ?? 'marker'
  const palette: Record<string, [string, string, string, string]> = {
    marker: ['#dfe9f1', '#e9d6bf', '#8fa7b8', '#7c8b62'],
    watercolour: ['#e3eef2', '#efdcc6', '#9cc1cf', '#a7b88c'],
    'ink-wash': ['#f2f0ea', '#c9c6bf', '#6f6c66', '#9d9a93'],
    pencil: ['#f3f1ec', '#dedbd4', '#a9a6a0', '#c6c3bc'],
    'colour-block': ['#9fd0ea', '#f2b66d', '#3d6f8f', '#6fa45a'],
    blueprint: ['#1d3f77', '#1d3f77', '#27528f', '#1d3f77'],
    clay: ['#ecebe8', '#f7f6f3', '#d5d3cf', '#e2e0dc'],
    night: ['#14213d', '#3b4a6b', '#f7c873', '#1d2a44'],
  }
  const [sky, wall, glass, ground] = palette[look] ?? palette.marker!
  const line = look === 'blueprint' ? '#e8f0ff' : look === 'night' ? '#0b1020' : '#2b2b2b'
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <rect width="100" height="100" fill="${sky}"/>
    <rect y="72" width="100" height="28" fill="${ground}"/>
    <polygon points="18,72 18,42 50,24 82,42 82,72" fill="${wall}" stroke="${line}" stroke-width="1.2"/>
    <rect x="27" y="48" width="14" height="12" fill="${glass}" stroke="${line}" stroke-width="0.8"/>
    <rect x="59" y="48" width="14" height="12" fill="${glass}" stroke="${line}" stroke-width="0.8"/>
    <rect x="45" y="56" width="10" height="16" fill="${glass}" stroke="${line}" stroke-width="0.8"/>
  </svg>`
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer()
}
