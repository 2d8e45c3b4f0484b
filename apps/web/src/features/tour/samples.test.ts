import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tourSamples } from './samples'

const PUBLIC = join(__dirname, '../../../public')

describe('the tour', () => {
  it('shows every sample the manifest holds, and each picture it names ships with the app', () => {
    const samples = tourSamples()
    expect(samples.map((s) => s.id)).toEqual(['sketch', 'interior', 'staging', 'inpaint', 'video'])
    for (const s of samples)
      for (const file of [s.before, s.after, s.video].filter((f): f is string => !!f))
        expect(existsSync(join(PUBLIC, file)), file).toBe(true)
  })
  it('leaves out an entry of a shape this build does not know, rather than breaking the page', () => {
    const good = tourSamples()[0]
    expect(tourSamples([good, { ...good, id: 'other' }, { ...good, notes: ['made_up'] }, null])).toHaveLength(
      1,
    )
    expect(tourSamples('nonsense')).toEqual([])
  })
})
