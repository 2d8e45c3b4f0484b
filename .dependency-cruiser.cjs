// Layer rules, run by `npm run lint` (scripts/depcruise.mjs). Each layer may use the ones below it, never one
// above: domain/ is pure rules (no database, no HTTP, no providers, no queue); db/ is storage and knows nothing
// of HTTP; engines/ turn an input into outputs and are handed what they need (they neither query the database
// nor drive the queue); the web app talks to the server through the contract package only.
// Every import counts here, type-only ones too: a type from a layer above is still a dependency on it.
// Runtime import cycles between the server's folders are checked by .dependency-cruiser.runtime.cjs.
const SERVER = '^apps/server/src'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'domain/ holds rules on plain values: it must not reach the database, HTTP, engines or the queue',
      severity: 'error',
      from: { path: `${SERVER}/domain/` },
      to: { path: `${SERVER}/(db|http|engines|jobs)/` },
    },
    {
      name: 'db-below-http',
      comment: 'db/ is storage: an error or a type it needs from http/ belongs in lib/ or domain/',
      severity: 'error',
      from: { path: `${SERVER}/db/` },
      to: { path: `${SERVER}/http/` },
    },
    {
      name: 'engines-below-db-http-jobs',
      comment: 'engines/ are handed their inputs; recording results and webhooks is the work of jobs/',
      severity: 'error',
      from: { path: `${SERVER}/engines/` },
      to: { path: `${SERVER}/(db|http|jobs|kinds)/` },
    },
    {
      name: 'kinds-below-http-jobs',
      comment:
        'kinds/ say what each kind asks, costs and runs; the queue (jobs/) runs them and http/ is the edge above both',
      severity: 'error',
      from: { path: `${SERVER}/kinds/` },
      to: { path: `${SERVER}/(http|jobs)/` },
    },
    {
      name: 'web-not-server',
      comment: 'the web app shares types and schemas with the server through packages/contract only',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // type-only imports are dependencies too (see above)
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
}
