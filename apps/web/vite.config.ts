import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const sites = ['bookings', 'my-account', 'online-joining'] as const;

/** One code base, three entry points that share chunks; the server picks the HTML per site. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      input: Object.fromEntries(
        sites.map((site) => [site, path.resolve(import.meta.dirname, `sites/${site}/index.html`)]),
      ),
    },
  },
});
