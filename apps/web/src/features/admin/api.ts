import type {
  AdminPlan,
  AdminPlanInput,
  AdminPlanResponse,
  AdminPlansResponse,
  AdminStyle,
  AdminStyleResponse,
  AdminStylesResponse,
  CleanupStylesResponse,
  InitializeStylesResponse,
  ReorderStylesRequest,
  StyleImageUploadResponse,
  StyleInput,
} from '@parti/contract'
import { api } from '../../lib/api'

// spec §7 admin calls; the server answers 403 to anyone without the admin role (DECISIONS)

export const adminStylesKey = ['admin', 'styles'] as const
export const adminPlansKey = ['admin', 'plans'] as const

export const fetchAdminStyles = (signal?: AbortSignal) =>
  api.get<AdminStylesResponse>('/admin/styles', { signal })

export async function createStyle(input: StyleInput): Promise<AdminStyle> {
  return (await api.post<AdminStyleResponse>('/admin/styles', input)).style
}

export async function updateStyle(id: string, input: StyleInput): Promise<AdminStyle> {
  return (await api.put<AdminStyleResponse>(`/admin/styles/${encodeURIComponent(id)}`, input)).style
}

export const deleteStyle = (id: string) =>
  api.delete<{ success: true }>(`/admin/styles/${encodeURIComponent(id)}`)

export const reorderStyles = (styles: ReorderStylesRequest['styles']) =>
  api.put<AdminStylesResponse>('/admin/styles/reorder', { styles })

export const initializeStyles = () => api.post<InitializeStylesResponse>('/admin/styles/initialize')

export const cleanUpStyles = () => api.post<CleanupStylesResponse>('/admin/styles/cleanup')

export function uploadStyleImage(file: File): Promise<StyleImageUploadResponse> {
  const body = new FormData()
  body.append('image', file)
  return api.post<StyleImageUploadResponse>('/admin/styles/upload-image', body)
}

export const fetchAdminPlans = (signal?: AbortSignal) =>
  api.get<AdminPlansResponse>('/admin/plans', { signal })

export async function updatePlan(id: string, input: AdminPlanInput): Promise<AdminPlan> {
  return (await api.put<AdminPlanResponse>(`/admin/plans/${encodeURIComponent(id)}`, input)).plan
}
