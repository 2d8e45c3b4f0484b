import { createHash } from 'node:crypto'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * The no-flash theme script is inline in index.html. A server with a Content-Security-Policy must allow it by
 * hash: this plugin writes the hashes to dist/csp-hashes.json so the server can read them instead of
 * hard-coding a value that changes whenever the script does.
 */
function inlineScriptHashes(): Plugin {
  return {
    name: 'parti-inline-script-hashes',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html']
      if (html?.type !== 'asset') return
      const source = String(html.source)
      const scripts = [...source.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      const hashes = scripts.map(
        (m) =>
          `sha256-${createHash('sha256')
            .update(m[1] ?? '')
            .digest('base64')}`,
      )
      this.emitFile({
        type: 'asset',
        fileName: 'csp-hashes.json',
        source: JSON.stringify({ script: hashes }),
      })
    },
  }
}

/**
 * The shared contract is plain declarations (constants, zod schemas), but its package does not say so, and a
 * bundler must then keep every schema of every module the landing page touches. Declaring it free of side
 * effects, and zod's builders pure, lets the landing bundle keep only the constants it uses.
 */
function contractWithoutSideEffects(): Plugin {
  return {
    name: 'parti-contract-side-effect-free',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (resolved && /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(resolved.id)) {
        return { ...resolved, moduleSideEffects: false }
      }
      return null
    },
  }
}

export default defineConfig({
  plugins: [contractWithoutSideEffects(), react(), tailwindcss(), inlineScriptHashes()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: { proxy: { '/api': { target: 'http://localhost:3000' } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
})
