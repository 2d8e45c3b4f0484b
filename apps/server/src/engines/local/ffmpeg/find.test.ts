import { chmod, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ffmpegCandidates, findFfmpeg, resolveFfmpeg } from './find.ts'

/** A stand-in "ffmpeg" that runs but has no H.264 encoder, like some minimal distribution builds. */
async function ffmpegWithoutX264(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-ffmpeg-'))
  const path = join(dir, 'ffmpeg')
  await writeFile(
    path,
    '#!/bin/sh\necho " V....D mpeg4                MPEG-4 part 2"\necho " ... perspective V->V loop V->V scale V->V"\n',
  )
  await chmod(path, 0o755)
  return dir
}

describe('finding ffmpeg', () => {
  it('prefers FFMPEG_PATH, then a system ffmpeg on PATH, then the one npm installed', () => {
    const sources = ffmpegCandidates({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', PATH: '/usr/bin:/bin' }).map(
      (c) => c.source,
    )
    expect(sources[0]).toBe('FFMPEG_PATH')
    expect(sources).toContain('@ffmpeg-installer/ffmpeg')
    expect(sources.indexOf('@ffmpeg-installer/ffmpeg')).toBe(sources.length - 1)
  })

  it('finds one with nothing configured: npm install alone is enough', async () => {
    expect(findFfmpeg({ PATH: '' })).toMatch(/@ffmpeg-installer/)
    expect(await resolveFfmpeg(undefined, { PATH: '' })).toMatch(/@ffmpeg-installer/)
  })

  it('names the problem when FFMPEG_PATH points nowhere, rather than quietly using another', async () => {
    await expect(resolveFfmpeg(undefined, { FFMPEG_PATH: '/nope/ffmpeg', PATH: '/usr/bin' })).rejects.toThrow(
      /\/nope\/ffmpeg \(from FFMPEG_PATH\) does not exist or is not executable/,
    )
  })

  it('passes over an ffmpeg without libx264 on PATH, and refuses it when chosen explicitly', async () => {
    const dir = await ffmpegWithoutX264()
    expect(await resolveFfmpeg(undefined, { PATH: dir })).toMatch(/@ffmpeg-installer/)
    await expect(resolveFfmpeg(join(dir, 'ffmpeg'))).rejects.toThrow(/no libx264 encoder/)
  })
})
