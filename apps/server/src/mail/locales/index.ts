import type { Language } from '@parti/contract'
import { ar } from './ar.ts'
import { de } from './de.ts'
import { en, type MailTexts } from './en.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'
import { nl } from './nl.ts'
import { pt } from './pt.ts'

export type { MailTexts }

/** The mail texts of each of the seven languages (docs/product.md#languages). */
export const MAIL_TEXTS: Record<Language, MailTexts> = { en, es, fr, pt, de, nl, ar }
