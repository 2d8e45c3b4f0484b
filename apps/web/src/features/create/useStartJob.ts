import type { Generation, RouteBody } from '@parti/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { type ApiError, type ApiErrorCode, call, isApiError } from '../../lib/api'
import { errorText } from '../../lib/errors'
import { refreshSession, updateCredits, useSession } from '../auth/session'
import { applyGeneration } from '../jobs/cache'
import { generationKeys } from '../jobs/keys'
import { trackJobs } from '../jobs/tracker'
import { statsQueryKey } from '../jobs/useJobCounts'
import type { InsufficientCreditsDialogProps, InsufficientVariant } from './InsufficientCreditsDialog'

/** The three creating calls: multipart (files), and for a video also JSON naming its image. */
export type StartJobInput =
  | { endpoint: '/render/start' | '/render/inpainting'; body: FormData }
  | { endpoint: '/render/animate'; body: RouteBody<'POST /render/animate'> }

/** What a 202 answered: one job, or several with their batch id (multi-angle, Pro batch). */
export interface StartedJobs {
  generations: Generation[]
  batchId: string | null
}

/**
 * A failure that belongs next to one field (docs/product.md#validation, or a file the server refused), with
 * its text already translated. `field` is the server's field name (`sketch`, `image`, `userPrompt`,
 * `description`, `imageUrl`, `angles`, `conversationId`…); a refused file without a named field is reported
 * as `file`.
 */
export interface FieldError {
  field: string
  code: ApiErrorCode
  text: string
}

export interface UseStartJobOptions {
  /**
   * which insufficient-credits wording to use (the variants of docs/product.md#errors-insufficient-credits)
   */
  insufficientVariant?: InsufficientVariant
  /** the toast title for a failure that is not a field's, e.g. t('app:messages.generation.renderFailed') */
  failureTitle?: string
  onStarted?: (started: StartedJobs) => void
  /** the project the results land in (docs/product.md#projects); none when null or absent */
  projectId?: string | null
}

/** The request with the project named in it, as a form field or a JSON property. */
function withProject(input: StartJobInput, projectId: string | null | undefined): StartJobInput {
  if (!projectId) return input
  if (input.endpoint === '/render/animate') return { ...input, body: { ...input.body, projectId } }
  input.body.set('projectId', projectId)
  return input
}

const FILE_CODES: ReadonlySet<ApiErrorCode> = new Set([
  'invalid_image_file',
  'payload_too_large',
  'unsupported_media_type',
])

/** Which field a failed call points at, or null when it is not about one field. */
function fieldOf(error: ApiError): string | null {
  const named = error.details?.field
  if (typeof named === 'string' && named) return named
  if (FILE_CODES.has(error.code)) return 'file'
  if (error.code === 'invalid_image_url') return 'imageUrl'
  return null
}

/**
 * Starting a generation job, as one hook: the POST, then on 202 the new jobs are tracked
 * (notices and the 5 s polling fallback cover them), put into every cached list and into their detail
 * queries (`generationKeys.detail(id)`, which turn completed live), the balance and the sidebar counters are
 * refreshed. A 402 opens the insufficient-credits dialog (render `<InsufficientCreditsDialog
 * {...job.insufficientDialog} />`); a validation failure becomes `fieldError` for the screen to show at the
 * field; anything else is a toast with the translated catalogue text.
 *
 * `start()` never throws: it resolves to the started jobs, or null when the call failed.
 */
export function useStartJob(options: UseStartJobOptions = {}) {
  const { insufficientVariant = 'default', failureTitle, onStarted, projectId } = options
  const qc = useQueryClient()
  const { t } = useTranslation()
  const { user } = useSession()
  const [fieldError, setFieldError] = useState<FieldError | null>(null)
  const [insufficient, setInsufficient] = useState<{ required: number; available: number } | null>(null)
  const [open, setOpen] = useState(false)

  const mutation = useMutation({
    mutationFn: async (asked: StartJobInput): Promise<StartedJobs> => {
      const input = withProject(asked, projectId)
      // the animate call waits longer than the others (call() knows its timeout)
      const answer =
        input.endpoint === '/render/animate'
          ? await call('POST /render/animate', { body: input.body })
          : await call(`POST ${input.endpoint}`, { body: input.body })
      return 'generation' in answer ? { generations: [answer.generation], batchId: null } : answer
    },
  })

  const showInsufficient = useCallback((required: number, available: number) => {
    setInsufficient({ required, available })
    setOpen(true)
  }, [])

  const start = useCallback(
    async (input: StartJobInput): Promise<StartedJobs | null> => {
      setFieldError(null)
      try {
        const started = await mutation.mutateAsync(input)
        // a fast job can finish, and its event arrive, before this answer is read: never put it back to pending
        const fresh = started.generations.filter((g) => {
          const known = qc.getQueryData<Generation>(generationKeys.detail(g.id))
          return !known || known.status === 'pending' || known.status === 'processing'
        })
        trackJobs(fresh)
        for (const g of fresh) {
          const known = qc.getQueryData<Generation>(generationKeys.detail(g.id))
          if (!known || known.status === g.status) applyGeneration(qc, g)
        }
        // the debit happened with the 202; show it now, then read the truth (the event stream confirms it too)
        const spent = started.generations.reduce((sum, g) => sum + g.creditsCost, 0)
        if (user) updateCredits(Math.max(0, user.credits - spent))
        void refreshSession()
        void qc.invalidateQueries({ queryKey: statsQueryKey })
        onStarted?.(started)
        return started
      } catch (error) {
        if (isApiError(error) && error.code === 'insufficient_credits') {
          const required = Number(error.details?.required)
          const available = Number(error.details?.available)
          showInsufficient(
            Number.isFinite(required) ? required : 0,
            Number.isFinite(available) ? available : (user?.credits ?? 0),
          )
          return null
        }
        const field = isApiError(error) ? fieldOf(error) : null
        if (isApiError(error) && field) {
          setFieldError({ field, code: error.code, text: errorText(t, error) })
          return null
        }
        const text = errorText(t, error)
        if (failureTitle) toast.error(failureTitle, { description: text })
        else toast.error(text)
        return null
      }
    },
    [mutation, qc, user, onStarted, showInsufficient, failureTitle, t],
  )

  const insufficientDialog: InsufficientCreditsDialogProps = useMemo(
    () => ({
      open,
      onOpenChange: setOpen,
      required: insufficient?.required ?? 0,
      available: insufficient?.available ?? 0,
      variant: insufficientVariant,
    }),
    [open, insufficient, insufficientVariant],
  )

  return {
    start,
    isPending: mutation.isPending,
    fieldError,
    clearFieldError: useCallback(() => setFieldError(null), []),
    /** open the dialog from a client-side check (the balance is known to be short before calling) */
    showInsufficient,
    insufficientDialog,
  }
}
