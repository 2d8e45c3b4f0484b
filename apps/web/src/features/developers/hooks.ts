import type { ApiKeysResponse } from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { useErrorText } from '../../lib/errors'
import {
  apiKeysKey,
  createApiKey,
  deliveriesKey,
  fetchApiKeys,
  fetchDeliveries,
  fetchOpenApi,
  openApiKey,
  revokeApiKey,
  rotateWebhookSecret,
  setKeyWebhookUrl,
} from './api'

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: ({ signal }) => fetchApiKeys(signal) })
}

export function useOpenApi() {
  return useQuery({
    queryKey: openApiKey,
    queryFn: ({ signal }) => fetchOpenApi(signal),
    staleTime: Infinity,
  })
}

export function useCreateKey() {
  const qc = useQueryClient()
  const errorText = useErrorText()
  return useMutation({
    mutationFn: ({ name, webhookUrl }: { name: string; webhookUrl?: string }) =>
      createApiKey(name, webhookUrl),
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeysKey }),
    onError: (error) => toast.error(errorText(error)),
  })
}

export function useRevokeKey() {
  const qc = useQueryClient()
  const errorText = useErrorText()
  const { t } = useTranslation('developers')
  return useMutation({
    mutationFn: (id: string) => revokeApiKey(id),
    onSuccess: (_ok, id) => {
      qc.setQueryData<ApiKeysResponse>(apiKeysKey, (data) =>
        data ? { ...data, keys: data.keys.filter((k) => k.id !== id) } : data,
      )
      toast.success(t('toasts.revoked'))
    },
    onError: (error) => toast.error(errorText(error)),
  })
}

/** Copy a text and say so. */
export function useCopy() {
  const { t } = useTranslation('app')
  return useCallback(
    (text: string) =>
      navigator.clipboard?.writeText(text).then(
        () => toast.success(t('toasts.copySuccess'), { duration: 1500 }),
        () => {},
      ),
    [t],
  )
}

/**
 * The last webhook deliveries: refreshed every few seconds while one is under way, and now and then otherwise
 * (jobs started by scripts add new ones).
 */
export function useDeliveries(enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey,
    queryFn: ({ signal }) => fetchDeliveries(signal),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'waiting')
        ? 4_000
        : false,
  })
}

export function useSetWebhookUrl() {
  const qc = useQueryClient()
  const errorText = useErrorText()
  const { t } = useTranslation('webhooks')
  return useMutation({
    mutationFn: ({ id, url }: { id: string; url: string | null }) => setKeyWebhookUrl(id, url),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: apiKeysKey })
      toast.success(t('toasts.saved'))
    },
    onError: (error) => toast.error(errorText(error)),
  })
}

export function useRotateSecret() {
  const errorText = useErrorText()
  return useMutation({
    mutationFn: (id: string) => rotateWebhookSecret(id),
    onError: (error) => toast.error(errorText(error)),
  })
}
