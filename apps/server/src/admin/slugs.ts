/** A style or category id: lower-case ASCII words joined by hyphens (`marker-presentation`). */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The slug of a name: accents dropped, anything else between words becomes one hyphen; at most 60 chars. */
export function slugify(name: string, fallback = 'style'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '')
  return slug || fallback
}

/** `base`, or `base-2`, `base-3`… whichever is not taken yet. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}
