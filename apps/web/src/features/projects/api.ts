import type { ProjectInput } from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../../lib/api'
import { generationKeys } from '../jobs/keys'

export const projectKeys = {
  all: ['projects'] as const,
  list: () => ['projects', 'list'] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  boards: ['mls-boards'] as const,
}

export function useProjects() {
  return useQuery({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => call('GET /user/projects', { signal }),
    select: (r) => r.projects,
    staleTime: 30_000,
  })
}

export function useProject(id: string) {
  return useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => call('GET /user/projects/{id}', { params: { id }, signal }),
  })
}

export function useBoards() {
  return useQuery({
    queryKey: projectKeys.boards,
    queryFn: ({ signal }) => call('GET /mls-boards', { signal }),
    select: (r) => r.boards,
    staleTime: 5 * 60_000,
  })
}

/** After any change to a project or to what it holds: its lists, its page and the gallery's lists. */
function useRefresh() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: projectKeys.all }),
      client.invalidateQueries({ queryKey: generationKeys.all }),
    ])
}

export function useSaveProject(id: string | null) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: ProjectInput) =>
      id ? call('PUT /user/projects/{id}', { params: { id }, body }) : call('POST /user/projects', { body }),
    onSuccess: refresh,
  })
}

export function useDeleteProject() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) => call('DELETE /user/projects/{id}', { params: { id } }),
    onSuccess: refresh,
  })
}

export function usePublishProject(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (published: boolean) =>
      call('PUT /user/projects/{id}/published', { params: { id }, body: { published } }),
    onSuccess: refresh,
  })
}

/** Move a generation to a project (or out of any, null), or copy it into one. */
export function useProjectMove() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, projectId, copy }: { id: string; projectId: string | null; copy: boolean }) =>
      copy && projectId
        ? call('POST /user/generations/{id}/copy', { params: { id }, body: { projectId } })
        : call('PUT /user/generations/{id}/project', { params: { id }, body: { projectId } }),
    onSuccess: refresh,
  })
}
