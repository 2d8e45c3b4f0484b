import type { ApiKeysResponse } from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { useErrorText } from '../../lib/errors'
import { apiKeysKey, createApiKey, fetchApiKeys, fetchOpenApi, openApiKey, revokeApiKey } from './api'

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
    mutationFn: (name: string) => createApiKey(name),
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
