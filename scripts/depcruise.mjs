// Runs dependency-cruiser (the layer rules in .dependency-cruiser.cjs) with TypeScript 5 as its parser.
// dependency-cruiser reads .ts files through the `typescript` package's compiler API, which TypeScript 7 (the
// project's compiler) no longer has; without it .ts files are not scanned at all and every rule passes
// vacuously. TypeScript 5 is installed beside it as `typescript-for-depcruise`, and this script points
// dependency-cruiser's own lookups of `typescript` (a require for the version, an import for the API) there.
// Arguments are dependency-cruiser's.
import Module, { createRequire, register } from 'node:module'

const ALIAS = 'typescript-for-depcruise'
const version = createRequire(import.meta.url)(`${ALIAS}/package.json`).version
if (!version.startsWith('5.')) {
  console.error(`${ALIAS} is TypeScript ${version}; dependency-cruiser needs TypeScript 5 to read .ts files`)
  process.exit(2)
}
const fromCruiser = (parent) =>
  typeof parent === 'string' && parent.includes('/node_modules/dependency-cruiser/')
const redirect = (request) =>
  request === 'typescript' || request.startsWith('typescript/') ? ALIAS + request.slice(10) : request

const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, parent, ...rest) {
  return resolveFilename.call(
    this,
    fromCruiser(parent?.filename) ? redirect(request) : request,
    parent,
    ...rest,
  )
}

const hooks = `
const fromCruiser = ${fromCruiser.toString()}
const redirect = ${redirect.toString()}
const ALIAS = ${JSON.stringify(ALIAS)}
export async function resolve(specifier, context, next) {
  return next(fromCruiser(context.parentURL) ? redirect(specifier) : specifier, context)
}`
register(`data:text/javascript,${encodeURIComponent(hooks)}`)

await import(new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url).href)
