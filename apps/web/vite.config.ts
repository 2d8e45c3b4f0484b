import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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

/**
 * English texts are always needed (the fallback language), but they are a lazy chunk found only after the
 * entry script runs: on a slow phone that is one more round trip before the first paint. A modulepreload link
 * in index.html fetches it alongside the entry.
 */
function preloadEnglish(): Plugin {
  return {
    name: 'parti-preload-english',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && /[\\/]locales[\\/]en\.json$/.test(c.facadeModuleId ?? ''),
        )
        return chunk
          ? [
              {
                tag: 'link',
                attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
                injectTo: 'head',
              },
            ]
          : []
      },
    },
  }
}

export default defineConfig({
  plugins: [contractWithoutSideEffects(), preloadEnglish(), react(), tailwindcss()],
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
