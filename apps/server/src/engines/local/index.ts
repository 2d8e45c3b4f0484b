export { createLocalEngine, type LocalEngineOptions } from './engine.ts'
export { ffmpegCandidates, findFfmpeg, resolveFfmpeg } from './ffmpeg/find.ts'
export { interpretEditRequest } from './magic-edit/interpret.ts'
