import type { Generation } from '@parti/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render'
import { DeleteGenerationDialog } from './DeleteGenerationDialog'

const generation = (projectId: string | null) =>
  ({
    id: 'g1',
    type: 'image',
    status: 'completed',
    creditsCost: 40,
    thumbnailUrl: null,
    projectId,
  }) as Generation

async function open(projectId: string | null, published: boolean) {
  const client = new QueryClient()
  // the projects list as GET /user/projects answers it (features/projects/api.ts reads it under this key)
  client.setQueryData(['projects', 'list'], {
    projects: [{ id: 'p1', name: '12 Elm Street', published }],
  })
  await renderWithApp(
    <QueryClientProvider client={client}>
      <DeleteGenerationDialog
        generation={generation(projectId)}
        pending={false}
        onConfirm={() => {}}
        onCancel={() => {}}
      />
    </QueryClientProvider>,
  )
}

// docs/decisions/0106-public-originals.md: deleting a published original asks first, saying what goes with it
describe('deleting a result', () => {
  it('of a published project says its public original page stops answering', async () => {
    await open('p1', true)
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'It is in the published project “12 Elm Street”: the public page of its original',
    )
  })
  it('of a project not published, or of none, says nothing more', async () => {
    await open('p1', false)
    expect(screen.getByRole('alertdialog').textContent).not.toContain('published project')
  })
})
