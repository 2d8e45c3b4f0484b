import { houseSketch } from '@parti/server/src/engines/local/fixtures.ts'
import { createLocalEngine } from '@parti/server/src/engines/local/index.ts'
import sharp from 'sharp'
import { median } from './stats.ts'
async function timed(work: () => Promise<unknown>) { for (let i = 0; i < 3; i++) await work(); const c: number[] = []; for (let i = 0; i < 15; i++) { const c0 = process.cpuUsage(); await work(); const u = process.cpuUsage(c0); c.push((u.user + u.system) / 1000) } return median(c) }
const sketch = await houseSketch({ width: 1024, height: 1024 })
const rr = await createLocalEngine().run({ kind: 'sketch', input: sketch, prompt: 'a red brick house', style: null, palette: null, customColors: ['#b03a2e', '#5d6670'], settings: {} } as any, { jobId: 'b', signal: new AbortController().signal, reportProgress() {}, tmpDir: '/tmp' } as any)
const render = (rr.outputs[0] as any).data as Buffer
console.log('out rotate', await timed(() => sharp(render).rotate().resize(512, 512, { fit: 'fill' }).removeAlpha().raw().toBuffer()))
console.log('out autoOrient', await timed(() => sharp(render).autoOrient().resize(512, 512, { fit: 'fill' }).removeAlpha().raw().toBuffer()))
console.log('out full', await timed(() => sharp(render).raw().toBuffer()))
console.log('in lines', await timed(() => sharp(sketch).rotate().resize(512, 512, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer()))
console.log('in meta', await timed(() => sharp(sketch).rotate().metadata()))
console.log('in full', await timed(() => sharp(sketch).raw().toBuffer()))
console.log('in bw full', await timed(() => sharp(sketch).toColourspace('b-w').raw().toBuffer()))
console.log('in resize only', await timed(() => sharp(sketch).resize(512, 512, { fit: 'fill' }).raw().toBuffer()))
console.log('in meta', (await sharp(sketch).metadata()).channels, (await sharp(sketch).metadata()).format, sketch.length)
