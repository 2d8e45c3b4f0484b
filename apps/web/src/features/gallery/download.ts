import type { Generation } from '@parti/contract'
import { KIND_UI } from '../jobs/kinds'

/** Words of a prompt as an ASCII file-name part: accents dropped, other scripts left out, at most ~48 chars. */
export function slugify(text: string, max = 48): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= max) return slug
  const cut = slug.slice(0, max + 1)
  const at = cut.lastIndexOf('-')
  return (at > max / 2 ? cut.slice(0, at) : slug.slice(0, max)).replace(/-+$/g, '')
}

function extensionOf(url: string, fallback: string): string {
  const path = url.split('?')[0] ?? ''
  const m = /\.([a-z0-9]{2,5})$/i.exec(path)
  return (m?.[1] ?? fallback).toLowerCase().replace('jpeg', 'jpg')
}

const pad = (n: number) => String(n).padStart(2, '0')
function stamp(iso: string): string {
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`
}

export type DownloadWhich = 'result' | 'before'

/**
 * A name a studio can file: what it is, what it shows, when it was made.
 * `parti-sketch-render-modern-villa-by-a-lake-2026-11-21-1130.png`; the source of a comparison gets `-before`.
 */
export function downloadName(
  g: Pick<Generation, 'mode' | 'userPrompt' | 'createdAt' | 'metadata'>,
  url: string,
  which: DownloadWhich = 'result',
): string {
  const parts = ['parti', KIND_UI[g.mode].fileSlug]
  if (g.mode === 'multi-angle' && g.metadata.angle) parts.push(g.metadata.angle)
  const words = slugify(g.userPrompt)
  if (words) parts.push(words)
  parts.push(stamp(g.createdAt))
  if (which === 'before') parts.push('before')
  return `${parts.join('-')}.${extensionOf(url, g.mode === 'animate' && which === 'result' ? 'mp4' : 'png')}`
}

/** The file a result downloads as: the video for a video, else the full-size image (never the thumbnail). */
export function resultUrl(g: Pick<Generation, 'outputVideoUrl' | 'outputImageUrl'>): string | null {
  return g.outputVideoUrl ?? g.outputImageUrl
}

/** The URL that makes the server answer with the file as an attachment under `name`. */
export function attachmentUrl(url: string, name: string): string {
  const u = new URL(url, window.location.origin)
  u.searchParams.set('download', name)
  return u.origin === window.location.origin ? `${u.pathname}${u.search}` : u.toString()
}
