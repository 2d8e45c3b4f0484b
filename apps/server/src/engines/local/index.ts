export { createLocalEngine } from './engine.ts'
