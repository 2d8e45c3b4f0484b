import type { Generation } from '@parti/contract'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render'
import { FailureReason } from './FailureReason'
import { ResultNotes } from './ResultNotes'

const staged = {
  metadata: {
    // the metadata may hold the phases in any order; they are said in the order they run
    phases: { staging: 'skipped', cleaning: 'completed' },
    skipped: [{ ask: 'stagingOption.addDecor', reason: 'no_new_objects', note: 'English for API users' }],
    notes: [
      { id: 'nothing_removed_needs_lasso' },
      // said already by the skipped line of Add decor: left out
      { id: 'cannot_add_decor' },
      // a row from before the note ids: its sentence is shown as it is
      'An old engine sentence.',
    ],
  },
} as unknown as Pick<Generation, 'metadata'>

describe('ResultNotes', () => {
  it('says what was done, what was not and why, in the UI language', async () => {
    await renderWithApp(<ResultNotes generation={staged} />)
    const items = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(items).toEqual([
      'Cleaning: done',
      'Staging: not run and not charged',
      'Add decor: not done, it processes the photo and does not draw new objects.',
      'Nothing was removed: mark what to remove with the lasso; this engine cannot find clutter or furniture by itself.',
      'An old engine sentence.',
    ])
    // the English note of the API is never what the screen shows
    expect(screen.queryByText(/English for API users/)).toBeNull()
  })

  it('says why a later phase failed when the earlier one was delivered, in the UI language', async () => {
    const partial = {
      status: 'completed',
      metadata: {
        phases: { cleaning: 'completed', staging: 'failed' },
        note: 'The engine returned no image.',
        failure: [{ id: 'no_image' }],
      },
    } as unknown as Pick<Generation, 'metadata' | 'status'>
    await renderWithApp(<ResultNotes generation={partial} />)
    expect(screen.getByTestId('failure-reason').textContent).toBe(
      'What the engine said: The engine returned no image.',
    )
    await renderWithApp(<ResultNotes generation={partial} />, { language: 'ar' })
    expect(screen.getAllByTestId('failure-reason').at(-1)?.textContent).not.toMatch(/engine returned/)
  })

  it('names a laid material, its surface and its perspective in the UI language (docs/decisions/0120)', async () => {
    const laid = {
      metadata: {
        notes: [
          {
            id: 'material_laid',
            params: {
              material: 'herringbone-oak',
              surface: 'floor',
              perspective: 'vanishing_point',
              share: 41,
              deltaE: 0.3,
              outside: 0,
            },
          },
        ],
      },
    } as unknown as Pick<Generation, 'metadata'>
    await renderWithApp(<ResultNotes generation={laid} />)
    expect(screen.getByRole('listitem').textContent).toMatch(
      /^Laid Herringbone oak on 41 % of the picture \(floor, perspective from its receding lines\): ΔE00 0\.3 /,
    )
    await renderWithApp(<ResultNotes generation={laid} />, { language: 'ar' })
    const arabic = screen.getAllByRole('listitem').at(-1)!.textContent!
    expect(arabic).toContain('بلوط بنقشة عظم السمكة')
    expect(arabic).toContain('الأرضية')
    expect(arabic).not.toMatch(/herringbone|floor|vanishing/i)
  })

  it('translates the notes by id in Arabic and keeps old sentences as they are', async () => {
    await renderWithApp(<ResultNotes generation={staged} />, { language: 'ar' })
    expect(screen.getByText(/لم يُزَل شيء/)).toBeTruthy()
    expect(screen.getByText('An old engine sentence.')).toBeTruthy()
  })

  it('lists the parts of an Ask Parti request that were refused or kept', async () => {
    await renderWithApp(
      <ResultNotes
        generation={
          {
            metadata: {
              refused: [{ words: 'straighten the verticals', reason: 'straighten' }],
              kept: [{ words: "don't make it darker", operation: 'darker' }],
            },
          } as unknown as Pick<Generation, 'metadata'>
        }
      />,
    )
    expect(
      screen.getByText(
        'Not done: “\u2068straighten the verticals\u2069”: I can’t straighten verticals or correct perspective on this server.',
      ),
    ).toBeTruthy()
    expect(
      screen.getByText("As you asked, “\u2068don't make it darker\u2069” was left as it was."),
    ).toBeTruthy()
  })

  it('shows nothing for a result that says nothing about itself', async () => {
    const { container } = await renderWithApp(
      <ResultNotes
        generation={{ metadata: { phases: { cleaning: 'completed', staging: 'completed' } } } as never}
      />,
    )
    expect(container.textContent).toBe('')
  })
})

describe('approximations on the result', () => {
  it('says what was done only approximately and how, in English and in Arabic', async () => {
    const g = {
      metadata: {
        approximated: [
          { ask: 'description', reason: 'words_to_materials' },
          { ask: 'angle.corner', reason: 'draft_view' },
        ],
      },
    } as never
    const en = await renderWithApp(<ResultNotes generation={g} />)
    const lines = en.getAllByRole('listitem')
    expect(lines.map((l) => l.getAttribute('data-kind'))).toEqual(['approximated', 'approximated'])
    expect(lines[0]!.textContent).toBe(
      'Description: approximated, materials and colours you name are painted on the drawing; other words are not drawn.',
    )
    expect(lines[1]!.textContent).toMatch(/: approximated, a draft: your drawing warped to this viewpoint/)
    en.unmount()
    const ar = await renderWithApp(<ResultNotes generation={g} />, { language: 'ar' })
    expect(ar.getAllByRole('listitem')[0]!.textContent).toMatch(/على وجه التقريب، /)
    expect(ar.container.textContent).not.toMatch(/approximated/)
    ar.unmount()
    // a failed job delivered nothing to approximate
    const failed = await renderWithApp(
      <ResultNotes
        generation={{ status: 'failed', metadata: (g as { metadata: object }).metadata } as never}
      />,
    )
    expect(failed.container.textContent).toBe('')
  })
})

describe('FailureReason', () => {
  it('shows the engine’s own reason under the failure notice, not for a cancellation', async () => {
    const error = 'Please select an area with the lasso tool and ask again to remove it.'
    await renderWithApp(<FailureReason generation={{ error, errorCode: 'invalid_input' }} />)
    expect(screen.getByTestId('failure-reason').textContent).toBe(
      `What the engine said: \u2068${error}\u2069`,
    )
    const cancelled = await renderWithApp(
      <FailureReason generation={{ error: 'Cancelled', errorCode: 'cancelled' }} />,
    )
    expect(cancelled.container.querySelector('[data-testid="failure-reason"]')).toBeNull()
  })

  it('translates the stored reason ids with their parameters, in English and in Arabic', async () => {
    const g = {
      error: 'The room photo is too small (200×150 pixels). …',
      errorCode: 'invalid_input',
      metadata: {
        failure: [
          { id: 'file_too_small', params: { what: 'room photo', width: 200, height: 150, min: 256 } },
        ],
      },
    }
    const en = await renderWithApp(<FailureReason generation={g} />)
    expect(en.getByTestId('failure-reason').textContent).toBe(
      'What the engine said: The room photo is too small (200×150 pixels). Please upload one at least 256 pixels on each side; 1024 pixels or more gives the best results.',
    )
    en.unmount()
    const ar = await renderWithApp(<FailureReason generation={g} />, { language: 'ar' })
    expect(ar.getByTestId('failure-reason').textContent).toBe(
      'ما قاله المحرك: الملف (صورة الغرفة) صغير جدًا (200×150 بكسل). يُرجى رفع ملف لا يقل كل ضلع فيه عن 256 بكسل؛ وتكون أفضل النتائج بدءًا من 1024 بكسل.',
    )
  })

  it('joins several reasons, the user’s words isolated and a left-out part said with its reason', async () => {
    const g: Parameters<typeof FailureReason>[0]['generation'] = {
      error: 'Sorry…',
      errorCode: 'unsupported_request',
      metadata: {
        failure: [
          { id: 'select_words', params: { words: 'the chair' } },
          { id: 'left_out', params: { words: 'add a pool', reason: 'add-objects' } },
        ],
      },
    }
    const ar = await renderWithApp(<FailureReason generation={g} />, { language: 'ar' })
    const text = ar.getByTestId('failure-reason').textContent!
    expect(text).toContain('يُرجى تحديد «\u2068the chair\u2069» بأداة التحديد الحر')
    expect(text).toContain('\u2068add a pool\u2069')
    expect(text).not.toContain('Sorry')
  })

  it('shows a reason id this build does not know as the server’s English words', async () => {
    const g = {
      error: 'Something new.',
      errorCode: 'provider_failed',
      metadata: { failure: [{ id: 'from_the_future' }] },
    }
    const r = await renderWithApp(<FailureReason generation={g} />, { language: 'ar' })
    expect(r.getByTestId('failure-reason').textContent).toBe('ما قاله المحرك: \u2068Something new.\u2069')
  })
})
