/**
 * Tiny runtime shapes for what the browser stores (lib/storage.ts). That module is read before the landing page
 * paints, and any zod there pulls the whole zod core into the first download (it is shared with the screens'
 * chunks, which need all of it): about 15 KB gzip. These few combinators do the same checks for plain JSON.
 *
 * A shape returns the checked value (objects keep only their declared keys) or INVALID.
 */
export const INVALID: unique symbol = Symbol('invalid')
export type Shape<T> = ((value: unknown) => T | typeof INVALID) & { readonly optional?: true }
export type Infer<S> = S extends Shape<infer T> ? T : never

export const string =
  (minLength = 0): Shape<string> =>
  (v) =>
    typeof v === 'string' && v.length >= minLength ? v : INVALID

export const boolean: Shape<boolean> = (v) => (typeof v === 'boolean' ? v : INVALID)

export const nonNegativeInt: Shape<number> = (v) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : INVALID

export const oneOf =
  <const T extends readonly string[]>(values: T): Shape<T[number]> =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? (v as T[number]) : INVALID

export const literal =
  <const T extends string | number | boolean>(expected: T): Shape<T> =>
  (v) =>
    v === expected ? expected : INVALID

export function optional<T>(shape: Shape<T>): Shape<T | undefined> & { readonly optional: true } {
  const check = (v: unknown) => (v === undefined ? undefined : shape(v))
  return Object.assign(check, { optional: true as const })
}

export const arrayOf =
  <T>(item: Shape<T>, maxLength: number): Shape<T[]> =>
  (v) => {
    if (!Array.isArray(v) || v.length > maxLength) return INVALID
    const out: T[] = []
    for (const element of v) {
      const checked = item(element)
      if (checked === INVALID) return INVALID
      out.push(checked)
    }
    return out
  }

type Fields = Record<string, Shape<unknown>>
type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K] extends { optional: true } ? K : never }[keyof F]
type ObjectOf<F extends Fields> = {
  [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]>
} & { [K in OptionalKeys<F>]?: Infer<F[K]> }
type Flat<T> = { [K in keyof T]: T[K] }

export const object =
  <F extends Fields>(fields: F): Shape<Flat<ObjectOf<F>>> =>
  (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return INVALID
    const out: Record<string, unknown> = {}
    for (const [key, shape] of Object.entries(fields)) {
      const checked = shape((v as Record<string, unknown>)[key])
      if (checked === INVALID) return INVALID
      if (checked !== undefined) out[key] = checked
    }
    return out as Flat<ObjectOf<F>>
  }
