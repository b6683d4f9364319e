import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './precompress.ts'

const serverUrl = process.env.FERNWOOD_SERVER_URL ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    // bench/bundle-size.ts reads it to tell what the login screen loads from what is lazy.
    manifest: true,
  },
  server: {
    // Without changeOrigin the proxy keeps the browser's Host header, so the server's same-origin
    // check for state-changing requests compares the Origin with the dev server's own address.
    proxy: {
      '/api': serverUrl,
      '/devchain': serverUrl,
    },
  },
})
