// No runtime import cycles between the server's folders (http ↔ jobs, db → http → db…): a cycle means two
// folders are one layer in two places, and whichever loads first sees the other half-initialised. Only imports
// that survive compilation count (type-only imports are erased), so this runs on its own, without the layer
// rules' type-only imports (.dependency-cruiser.cjs). Test files are left out: a test may import any layer.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment: 'a runtime import cycle between folders of apps/server/src',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
}
