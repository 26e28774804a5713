import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { earlyRouteChunks } from './build/earlyRouteChunks.ts';
import { inlineStylesheet } from './build/inlineStylesheet.ts';

const backend = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), earlyRouteChunks(), inlineStylesheet()],
  // The server bundle carries its own React and libraries, built for production whatever NODE_ENV the server runs
  // with: `npm start` runs with NODE_ENV=development, and React's development build rendered a page several times slower.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      // The dev mailbox (GET /dev/mailbox) lives on the backend; the regex keeps /developers and the like local.
      '^/dev(/|$)': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '^/dev(/|$)': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: isSsrBuild
    ? // The server bundle (public-web/server/public-pages.ts imports it): its entry's exports kept, the public files not copied.
      { outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The polyfill weighed on every page's first load for the few browsers without <link rel=modulepreload>,
        // which still run the app, only without that early fetch.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The screens' small shared modules (icons, labels, card parts) went out as some 60 chunks of 1 to 2 KB,
          // fetched in waves after the screen's own chunk: on a phone the list's largest paint waited for them
          // (Lighthouse: /hackathons 89 -> 95, LCP 3.1 -> 2.5 s). Common chunks under 8 KB are copied into the
          // chunks that use them instead; rolldown then keeps the modules' execution order strict.
          preserveEntrySignatures: false,
          // Everything the entry imports statically is loaded on every page anyway: as one chunk instead of a dozen it
          // compresses better (one gzip window, no cross-chunk import lists), some 7 KB less of every first load.
          output: {
            codeSplitting: {
              groups: [{ name: 'app', tags: ['$initial'] }],
              // A module that keeps state for the whole page must exist once: copied into two chunks, the dialogs'
              // stack would be two stacks, and a checkout opened over a registration dialog fought it for focus.
              experimentalInlineCommonChunks: { maxSize: 8192, exclude: [/[\\/]ui[\\/]Dialog\.tsx$/] },
            },
          },
        },
      },
}));
