import { call } from '../../lib/api'

// The data rights' calls (docs/product.md#data-rights); both take the browser session only.

/** The export is a plain link: the browser saves the zip as it streams, whatever its size. */
export const EXPORT_URL = '/api/user/export'

export const deleteAccount = (password: string | undefined) =>
  call('DELETE /user', { body: password ? { password } : {} })
