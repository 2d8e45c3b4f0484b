import { z } from 'zod'

/**
 * The pieces every environment setting is built from, shared by the server's, the payments' and the engines'
 * variables so that one schema checks them all the same way at start-up.
 */

/** A bad or missing setting; start-up prints its message (one line naming each variable) and exits 78. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** One line for every variable at fault. */
export const invalidConfiguration = (problems: string[]) =>
  new ConfigError(`Invalid configuration: ${problems.join('; ')}`)

/** An empty or blank variable counts as unset (a `.env` line such as `FAL_KEY=`). */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional())

export const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(emptyToUndefined, schema.prefault(fallback as never))

export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max)

export const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/** An http(s) address without its trailing slashes, for joining paths onto. */
export const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''))
