import { describe, expect, it } from 'vitest'
import { customTarget, PRINT_TARGETS, printFit, targetPixels, upscaleFits } from './print.ts'

// docs/decisions/0116-print-targets.md
describe('print targets', () => {
  it('a sheet needs its sides in inches times its dpi', () => {
    expect(targetPixels(PRINT_TARGETS.a4)).toEqual({ long: 3508, short: 2480 })
    expect(targetPixels(PRINT_TARGETS.a3)).toEqual({ long: 4961, short: 3508 })
    expect(targetPixels(PRINT_TARGETS.a2)).toEqual({ long: 3508, short: 2480 })
    expect(targetPixels(PRINT_TARGETS.mls)).toEqual({ long: 2048, short: null })
  })

  it('a 1024 × 768 render is far short of A3; the largest upscale allowed comes closer without reaching', () => {
    const fit = printFit(1024, 768, PRINT_TARGETS.a3)
    expect(fit.ok).toBe(false)
    expect(fit.effectiveDpi).toBe(65)
    expect(fit.upscale).toEqual({ factor: 4, reaches: false, effectiveDpi: 262 })
  })

  it('the smallest factor that reaches is offered, within the limits', () => {
    expect(printFit(2480, 1754, PRINT_TARGETS.a3).upscale).toMatchObject({ factor: 2, reaches: true })
    expect(printFit(1280, 905, PRINT_TARGETS.a3).upscale).toMatchObject({ factor: 4, reaches: true })
    // 4× of 2048 × 1536 would be 50 MP: only 2× is allowed, and it does not reach
    expect(printFit(2048, 1536, PRINT_TARGETS.a3).upscale).toMatchObject({ factor: 2, reaches: false })
    expect(upscaleFits(2048, 1536, 4).ok).toBe(false)
    // already as large as an upscale makes
    expect(printFit(6000, 4500, customTarget(2000, 1500, 300)).upscale).toBeNull()
  })

  it('fits in either orientation, a pixel of rounding allowed', () => {
    expect(printFit(3508, 2480, PRINT_TARGETS.a4).ok).toBe(true)
    expect(printFit(2480, 3508, PRINT_TARGETS.a4).ok).toBe(true)
    expect(printFit(3507, 2479, PRINT_TARGETS.a4).ok).toBe(true)
    expect(printFit(3400, 2400, PRINT_TARGETS.a4).ok).toBe(false)
    expect(printFit(3840, 2160, PRINT_TARGETS.screen4k).ok).toBe(true)
    expect(printFit(1600, 1200, PRINT_TARGETS.mls)).toMatchObject({ ok: false, effectiveDpi: null })
    expect(printFit(2048, 800, PRINT_TARGETS.mls).ok).toBe(true)
  })
})
