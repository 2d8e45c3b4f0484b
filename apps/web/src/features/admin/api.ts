import type { AdminPlan, AdminPlanInput, AdminStyle, ReorderStylesRequest, StyleInput } from '@parti/contract'
import { call } from '../../lib/api'

// The admin calls of docs/product.md#api-admin; the server answers 403 to anyone without the admin role
// (docs/decisions/0011-admin-role-on-the-server.md)

export const adminStylesKey = ['admin', 'styles'] as const
export const adminPlansKey = ['admin', 'plans'] as const

export const fetchAdminStyles = (signal?: AbortSignal) => call('GET /admin/styles', { signal })

export async function createStyle(input: StyleInput): Promise<AdminStyle> {
  return (await call('POST /admin/styles', { body: input })).style
}

export async function updateStyle(id: string, input: StyleInput): Promise<AdminStyle> {
  return (await call('PUT /admin/styles/{id}', { params: { id }, body: input })).style
}

export const deleteStyle = (id: string) => call('DELETE /admin/styles/{id}', { params: { id } })

export const reorderStyles = (styles: ReorderStylesRequest['styles']) =>
  call('PUT /admin/styles/reorder', { body: { styles } })

export const initializeStyles = () => call('POST /admin/styles/initialize')

export const cleanUpStyles = () => call('POST /admin/styles/cleanup')

export function uploadStyleImage(file: File) {
  const body = new FormData()
  body.append('image', file)
  return call('POST /admin/styles/upload-image', { body })
}

export const fetchAdminPlans = (signal?: AbortSignal) => call('GET /admin/plans', { signal })

export async function updatePlan(id: string, input: AdminPlanInput): Promise<AdminPlan> {
  return (await call('PUT /admin/plans/{id}', { params: { id }, body: input })).plan
}
