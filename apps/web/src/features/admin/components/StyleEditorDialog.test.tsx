import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render'
import { StyleEditorDialog } from './StyleEditorDialog'

describe('the style form', () => {
  it('takes a field’s error away as soon as the field is edited, not at the next submit', async () => {
    await renderWithApp(
      <QueryClientProvider client={new QueryClient()}>
        <StyleEditorDialog
          style={null}
          categories={[{ id: 'modern', name: 'Modern', sortOrder: 0, styleCount: 0 }]}
          defaultCategory="modern"
          onClose={() => {}}
        />
      </QueryClientProvider>,
    )
    fireEvent.submit(screen.getByTestId('style-form'))
    expect(screen.getByText('Please give the style a name.')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: /name/i }), { target: { value: 'Brick loft' } })
    expect(screen.queryByText('Please give the style a name.')).toBeNull()
  })
})
