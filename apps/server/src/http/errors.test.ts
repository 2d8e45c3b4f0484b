import { describe, expect, it } from 'vitest'
import { AppError, invalid, notAnImage, notFound, unauthorized } from '../domain/errors.ts'
import { HttpOnlyError, statusOf } from './errors.ts'

describe('the status of an error, decided at the edge', () => {
  it('comes from the code, 400 for the per-field validation codes', () => {
    expect(statusOf(unauthorized())).toBe(401)
    expect(statusOf(notFound())).toBe(404)
    expect(statusOf(new AppError('insufficient_credits'))).toBe(402)
    expect(statusOf(invalid('lasso_required', 'maskData'))).toBe(400)
  })
  it('comes from the family when the code has one: bytes that are no image are unsupported media', () => {
    expect(statusOf(notAnImage())).toBe(415)
    expect(notAnImage().code).toBe('invalid_image_file')
    // the same code for a missing file is a validation failure
    expect(statusOf(invalid('invalid_image_file', 'image'))).toBe(400)
  })
  it('keeps the status of a failure only HTTP has', () => {
    expect(statusOf(new HttpOnlyError(416, 'validation_failed', 'Requested range not satisfiable'))).toBe(416)
  })
})
