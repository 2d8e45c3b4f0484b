import { ProfileResponse } from '@parti/contract'
import { toProfile } from '../auth/profile.ts'
import type { AppContext } from '../context.ts'
import { findUserById } from '../db/repos/users.ts'
import { unauthorized } from '../domain/errors.ts'
import { requireUser } from './auth.ts'
import type { Api } from './types.ts'

export function userRoutes(app: Api, ctx: AppContext): void {
  app.get(
    '/user/profile',
    { schema: { tags: ['user'], security: [{ bearer: [] }], response: { 200: ProfileResponse } } },
    async (req) => {
      const session = await requireUser(ctx.database.db, req)
      const user = await findUserById(ctx.database.db, session.userId)
      if (!user) throw unauthorized()
      return { user: toProfile(user) }
    },
  )
}
