import { describe, expect, it } from 'vitest'
import { GENERATION_MODES, KINDS, LISTING_KINDS } from './kinds.ts'
import { ListingBatchRequest } from './projects.ts'

// docs/decisions/0117-whole-listing-batch.md: the listing's steps are kinds, found from their facts
describe('LISTING_KINDS', () => {
  it('holds every home-staging and video kind and nothing that needs a sketch or a prompt', () => {
    expect(LISTING_KINDS).toEqual(expect.arrayContaining(['staging', 'straighten', 'animate']))
    for (const kind of ['sketch', 'multi-angle', 'magic-edit', 'inpaint'] as const)
      expect(LISTING_KINDS).not.toContain(kind)
    // repaint needs a surface and a colour chosen on each photo: a listing cannot offer it
    expect(LISTING_KINDS).not.toContain('repaint')
    // a kind joins by its facts alone: the list is exactly those of the group or media, less those that need a
    // choice on each photo
    expect(LISTING_KINDS).toEqual(
      GENERATION_MODES.filter(
        (k) =>
          (KINDS[k].generationType === 'home-staging' || KINDS[k].type === 'video') &&
          !('choicePerPhoto' in KINDS[k]),
      ),
    )
  })
  it('a listing request refuses a kind outside the list and a step name that is not a step', () => {
    const photo = { generationId: '01900000-0000-7000-8000-000000000000' }
    expect(ListingBatchRequest.safeParse({ photos: [photo], steps: [{ kind: 'sketch' }] }).success).toBe(
      false,
    )
    expect(
      ListingBatchRequest.safeParse({ photos: [photo], steps: [{ kind: 'staging', steps: ['nope'] }] })
        .success,
    ).toBe(false)
    const ok = ListingBatchRequest.parse({
      photos: [photo],
      steps: [{ kind: 'staging', steps: ['staging-clean'] }],
    })
    expect(ok.stagingStyle).toBe('modern')
    expect(ok.photos[0]).toMatchObject({ room: '', video: false })
  })
})
