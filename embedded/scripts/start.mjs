// `npm start`: the embedded server run from one bundled module (embedded/dist/main.mjs, see bundle-server.mjs).
// Should bundling fail, the server runs under tsx as before.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshBundle } from './bundle-server.mjs';

const root = path.resolve(import.meta.dirname, '../..');

let entry;
try {
  entry = await freshBundle('embedded/src/main.ts', 'embedded/dist/main.mjs');
} catch (error) {
  console.warn(`Bundling the server failed (${error instanceof Error ? error.message : error}); running it under tsx`);
}
if (entry) {
  // Errors' stacks name the TypeScript sources, as under tsx.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'embedded/src/main.ts')).href);
}
