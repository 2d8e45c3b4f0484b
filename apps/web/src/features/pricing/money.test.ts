import { describe, expect, it } from 'vitest'
import {
  amountInput,
  canDecrement,
  canIncrement,
  creditsFor,
  formatEur,
  normaliseAmount,
  stepAmount,
} from './money'

describe('prices in EUR from cents, in the UI language', () => {
  it('formats cents as euros', () => {
    expect(formatEur(3900, 'en')).toBe('€39.00')
    expect(formatEur(960, 'en')).toBe('€9.60')
    expect(formatEur(94800, 'en')).toBe('€948.00')
    expect(formatEur(3120, 'de')).toBe('31,20\u00a0€')
    expect(formatEur(3120, 'fr')).toMatch(/^31,20\s€$/)
  })
  it('drops the cents of a whole amount when asked', () => {
    expect(formatEur(3900, 'en', { whole: true })).toBe('€39')
    expect(formatEur(3120, 'en', { whole: true })).toBe('€31.20')
  })
})

describe('à la carte amount', () => {
  it('credits are amount × 200', () => {
    expect(creditsFor(1)).toBe(200)
    expect(creditsFor(5)).toBe(1000)
    expect(creditsFor(25)).toBe(5000)
  })
  it('typed values are whole euros, floored at 1', () => {
    expect(normaliseAmount('7')).toBe(7)
    expect(normaliseAmount('7.9')).toBe(7)
    expect(normaliseAmount('7,5')).toBe(7)
    expect(normaliseAmount('0')).toBe(1)
    expect(normaliseAmount('-3')).toBe(1)
    expect(normaliseAmount('')).toBe(1)
    expect(normaliseAmount('abc')).toBe(1)
    expect(normaliseAmount(0.5)).toBe(1)
    expect(normaliseAmount('999999')).toBe(5000)
  })
  it('reads thousands separators as thousands, not decimals ("1.000" is €1,000)', () => {
    expect(normaliseAmount('1.000')).toBe(1000)
    expect(normaliseAmount('1,000')).toBe(1000)
    expect(normaliseAmount('1 000')).toBe(1000)
    expect(normaliseAmount('2.500')).toBe(2500)
    expect(normaliseAmount('12.50')).toBe(12)
    expect(normaliseAmount('1.5')).toBe(1)
  })
  it('keeps the minus sign a visitor types: "-3" is below the minimum, not €3', () => {
    expect(amountInput('-3')).toBe('-3')
    expect(normaliseAmount(amountInput('-3'))).toBe(1)
    expect(normaliseAmount(amountInput('€ 1.000'))).toBe(1000)
    expect(amountInput('12abc')).toBe('12')
  })
  it('the decrement stops at 1, the increment at the largest purchase', () => {
    expect(stepAmount(2, -1)).toBe(1)
    expect(stepAmount(1, -1)).toBe(1)
    expect(canDecrement(1)).toBe(false)
    expect(canDecrement(2)).toBe(true)
    expect(stepAmount(5, 1)).toBe(6)
    expect(canIncrement(5000)).toBe(false)
  })
})
