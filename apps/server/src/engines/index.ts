import type { Logger } from 'pino'
import type { Config } from '../config.ts'
import { createLocalEngine } from './local/index.ts'
import { type EngineRouter, singleEngineRouter } from './router.ts'

/** The engines this process uses, from configuration (the embedded default: the local engine for every kind). */
export async function createEngines(config: Config, log: Logger): Promise<EngineRouter> {
  const router = singleEngineRouter(createLocalEngine({ ffmpegPath: config.FFMPEG_PATH }))
  await router.check()
  log.info({ engines: router.describe() }, 'engines: which engine and model serve each kind')
  return router
}
