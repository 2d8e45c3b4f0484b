import type { Logger } from 'pino'
import type { AuthSettings } from './auth/service.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import type { StorageService } from './storage/service.ts'

/** What route modules and services receive: the side effects behind small interfaces. */
export interface AppContext {
  config: Config
  database: Database
  storage: StorageService
  log: Logger
  auth: AuthSettings
}
