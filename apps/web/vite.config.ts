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

export default defineConfig({
  plugins: [contractWithoutSideEffects(), react(), tailwindcss()],
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
