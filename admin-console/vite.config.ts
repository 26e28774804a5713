import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:3000';

/** The embedded app serves the build under /admin-console/ (embedded/src/compose.ts). */
export default defineConfig({
  base: '/admin-console/',
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin and MUI make one ~1 MB bundle (about 310 kB gzipped); fine for a staff-only console.
    chunkSizeWarningLimit: 1200,
  },
});
