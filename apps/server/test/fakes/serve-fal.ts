import { startFakeFal } from './fal.ts'

/**
 * The fake of fal's queue API as a process of its own, for browser specs that need a hosted engine beside the
 * local one ("Compare engines", apps/web/playwright.hosted.config.ts). FAKE_FAL_PORT says where it listens; its
 * key is the fake's default (FAL_KEY=fal_test:secret).
 */
const fake = await startFakeFal({ port: Number(process.env.FAKE_FAL_PORT ?? 3223) })
console.log(`fake fal at ${fake.url}`)
const stop = async () => {
  await fake.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
