import { z } from 'zod'
import { Generation } from './generation.ts'

// The live events of GET /api/events (Server-Sent Events): the server emits them typed by these schemas and the
// web parses each one with them. Only the signed-in app loads this module, so zod here costs the landing nothing.

/** Every event a user's stream carries, besides the stream's own `ready`. */
export const EVENT_TYPES = [
  'generation.created',
  'generation.updated',
  'generation.completed',
  'generation.failed',
  'generation.progress',
  'generation.deleted',
  'balance.changed',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** The payload (`data`) of each event type. */
export const EVENT_PAYLOADS = {
  'generation.created': Generation,
  'generation.updated': Generation,
  'generation.completed': Generation,
  'generation.failed': Generation,
  'generation.progress': z.object({ id: z.string(), progress: z.number().min(0).max(1) }),
  'generation.deleted': z.object({ id: z.string() }),
  'balance.changed': z.object({
    credits: z.number().int().describe('the balance after the change'),
    change: z.number().int().describe('positive adds credits, negative takes them'),
  }),
} as const satisfies Record<EventType, z.ZodType>
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>

/** One event as the web handles it: its type and its parsed payload. */
export type LiveEvent = { [T in EventType]: { type: T; data: EventPayload<T> } }[EventType]

/** An event read off the stream, or null when its payload is not what its type promises (it is dropped). */
export function parseLiveEvent<T extends EventType>(type: T, data: unknown): LiveEvent | null {
  const parsed = EVENT_PAYLOADS[type].safeParse(data)
  return parsed.success ? ({ type, data: parsed.data } as LiveEvent) : null
}
