import { ProfileResponse } from '@parti/contract'
import { toProfile } from '../auth/profile.ts'
import type { AppContext } from '../context.ts'
import { findUserById } from '../db/repos/users.ts'
import { unauthorized } from '../domain/errors.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

export function userRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  authenticated(app, db, (api) => {
    api.get(
      '/user/profile',
      {
        schema: {
          operationId: 'getProfile',
          summary: 'The signed-in user: e-mail, plan, credits',
          tags: ['user'],
          response: { 200: ProfileResponse },
        },
      },
      async (req) => {
        const user = await findUserById(db, req.user.userId)
        if (!user) throw unauthorized()
        return { user: toProfile(user) }
      },
    )
  })
}
