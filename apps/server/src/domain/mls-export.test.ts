import { describe, expect, it } from 'vitest'
import {
  type ExportBoard,
  type FileFaces,
  isStagedRoom,
  labelHeight,
  planExport,
  privacyReasons,
  type StagedPhoto,
} from './mls-export.ts'

// docs/decisions/0105-mls-rules-applied-at-export.md: the export's order and refusals, as a pure plan.
const board = (patch: Partial<ExportBoard> = {}): ExportBoard => ({
  label: 'forbidden',
  labelText: '',
  labelHeightShare: 0,
  captionText: 'Virtually staged',
  remarksPrefix: '',
  originalPlacement: 'none',
  originalLink: false,
  forbiddenEdits: [],
  ...patch,
})
const photo = (n: number, patch: Partial<StagedPhoto> = {}): StagedPhoto => ({
  generationId: `g${n}`,
  originalKey: `u/in${n}.jpg`,
  stagedKey: `u/out${n}.png`,
  sourceGenerationId: null,
  fidelity: { method: 'structure', score: 0.8, threshold: 0.3 },
  stagingOptions: [],
  ...patch,
})
const files = (plan: ReturnType<typeof planExport>) =>
  plan.ok ? plan.entries.map((e) => e.file) : plan.reasons

describe('planExport', () => {
  it('places each original before or after its staged photo, or leaves it out', () => {
    const two = [photo(1), photo(2)]
    expect(files(planExport(board({ originalPlacement: 'before' }), two, false))).toEqual([
      '01-original.jpg',
      '01-staged.png',
      '02-original.jpg',
      '02-staged.png',
    ])
    expect(files(planExport(board({ originalPlacement: 'after' }), two, false))).toEqual([
      '01-staged.png',
      '01-original.jpg',
      '02-staged.png',
      '02-original.jpg',
    ])
    expect(files(planExport(board(), two, false))).toEqual(['01-staged.png', '02-staged.png'])
  })

  it('labels staged photos (as JPEG) only where the board requires it', () => {
    const plan = planExport(
      board({ label: 'required', labelText: 'Virtually Staged', labelHeightShare: 0.05 }),
      [photo(1)],
      false,
    )
    expect(plan.ok && plan.entries).toEqual([expect.objectContaining({ file: '01-staged.jpg', label: true })])
    const optional = planExport(board({ label: 'optional' }), [photo(1)], false)
    expect(optional.ok && optional.entries[0]!.label).toBe(false)
  })

  it('leads with an unaltered photo where the primary must not be altered', () => {
    expect(files(planExport(board({ forbiddenEdits: ['primary_altered'] }), [photo(1)], false))).toEqual([
      '00-original.jpg',
      '01-staged.png',
    ])
    // already led by an original: nothing added
    expect(
      files(
        planExport(
          board({ forbiddenEdits: ['primary_altered'], originalPlacement: 'before' }),
          [photo(1)],
          false,
        ),
      ),
    ).toEqual(['01-original.jpg', '01-staged.png'])
  })

  it('refuses with every reason at once', () => {
    const plan = planExport(
      board({ forbiddenEdits: ['structure', 'permanent_features'], originalLink: true }),
      [
        photo(1, { fidelity: { method: 'structure', score: 0.1, threshold: 0.3 } }),
        photo(2, { stagingOptions: ['repaint'], originalKey: null }),
        // a lines score is not a structure check: not read as one
        photo(3, { fidelity: { method: 'lines', score: 0.1, threshold: 0.3 } }),
      ],
      false,
    )
    expect(plan).toMatchObject({
      ok: false,
      reasons: [
        { id: 'not_published' },
        { id: 'structure_changed', generationId: 'g1', name: '01-staged.png', score: 10 },
        { id: 'permanent_features', generationId: 'g2', name: '02-staged.png' },
        { id: 'no_original', generationId: 'g2', name: '02-staged.png' },
      ],
    })
    expect(planExport(board(), [], true)).toEqual({ ok: false, reasons: [{ id: 'no_staged' }], entries: [] })
    // the same photos pass a board that forbids none of it
    expect(planExport(board(), [photo(1, { stagingOptions: ['repaint'] })], false).ok).toBe(true)
  })

  it('sizes the label by the board’s share of the image height', () => {
    expect(labelHeight(0.05, 480)).toBe(24)
    expect(labelHeight(0.04, 4000)).toBe(160)
    expect(labelHeight(0.001, 100)).toBe(1)
  })
  it('counts as staged only a result whose staging phase delivered', () => {
    expect(isStagedRoom({ cleaning: 'completed', staging: 'completed' })).toBe(true)
    // from before phases were recorded: staged whole
    expect(isStagedRoom(undefined)).toBe(true)
    // a listing's "Clean" alone, and a staging phase that failed for good: a cleaned room
    expect(isStagedRoom({ cleaning: 'completed', staging: 'skipped' })).toBe(false)
    expect(isStagedRoom({ cleaning: 'completed', staging: 'failed' })).toBe(false)
    expect(isStagedRoom({ cleaning: 'completed', staging: 'pending' })).toBe(false)
  })
})

describe('privacyReasons', () => {
  const plan = planExport(
    board({ originalPlacement: 'after', forbiddenEdits: ['primary_altered'] }),
    [photo(1), photo(2, { sourceGenerationId: 'light2' })],
    false,
  )
  const facts = (pairs: [string, FileFaces][]) => new Map(pairs)

  it('names each file with a face, with what its blur starts from; cleared files and faceless ones pass', () => {
    expect(plan.entries.map((e) => e.file)).toEqual([
      '00-original.jpg',
      '01-staged.png',
      '01-original.jpg',
      '02-staged.png',
      '02-original.jpg',
    ])
    const reasons = privacyReasons(
      plan.entries,
      facts([
        ['00-original.jpg', { faces: 2 }],
        ['01-original.jpg', { faces: 2 }],
        ['01-staged.png', { cleared: true }],
        ['02-original.jpg', { faces: 1 }],
        ['02-staged.png', { faces: 0 }],
      ]),
    )
    expect(reasons).toEqual([
      // the original put first is the same file as 01-original: named once, by the name it has first
      {
        id: 'faces_visible',
        generationId: 'g1',
        name: '00-original.jpg',
        faces: 2,
        blurFrom: { imageUrl: '/api/files/u/in1.jpg' },
      },
      // an original that is an earlier result's file is blurred from that result
      {
        id: 'faces_visible',
        generationId: 'g2',
        name: '02-original.jpg',
        faces: 1,
        blurFrom: { sourceGenerationId: 'light2' },
      },
    ])
  })

  it('a file the detector could not look at is refused as unchecked, never passed', () => {
    const staged = plan.entries.filter((e) => e.role === 'staged')
    expect(privacyReasons(staged, facts([['01-staged.png', { faces: null }]]))).toEqual([
      {
        id: 'faces_unchecked',
        generationId: 'g1',
        name: '01-staged.png',
        blurFrom: { sourceGenerationId: 'g1' },
      },
    ])
  })
})
