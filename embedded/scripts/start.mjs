// `npm start`: the embedded server run from one bundled module (embedded/dist/main.mjs, made by esbuild from
// embedded/src/main.ts and the workspaces' sources, packages left to node_modules). Loading some 600 TypeScript
// files through tsx's loader took most of a later start (a compile cache helps the compiling, not the loading);
// the bundle is made again only when a source is newer than it, in about a second. Should bundling fail,
// the server runs under tsx as before.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const bundle = path.join(root, 'embedded/dist/main.mjs');
/** Marks the plugin's own lookups, which esbuild's resolver answers. */
const RESOLVING = Symbol('resolving');
const SOURCES = ['shared/src', 'command-service/src', 'projection-service/src', 'realtime-service/src', 'embedded/src', 'public-web/server', 'tsconfig.json', 'tsconfig.base.json'];

async function freshBundle() {
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (fs.existsSync(bundle) && fs.statSync(bundle).mtimeMs >= sources) return bundle;
  const esbuild = await import('esbuild');
  const started = Date.now();
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'embedded/src/main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'error',
    // Packages resolved as Node resolves them (the plugin below names each by its file): "main", and no "module"
    // condition or field, whose builds may not run in Node.
    mainFields: ['main'],
    conditions: [],
    // Packages load from node_modules as they are; the workspaces (TypeScript) are compiled into the bundle.
    plugins: [
      {
        name: 'packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.path.startsWith('@circuit/') || args.pluginData === RESOLVING) return undefined;
            if (isBuiltin(args.path)) return { path: args.path, external: true };
            // Found from the importing file, not from the bundle's folder: a workspace may hold a version of its own
            // (shared/node_modules has OpenTelemetry 2 while the root has the 1.x lighthouse brings).
            const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: RESOLVING });
            if (found.errors.length > 0 || !path.isAbsolute(found.path)) return { path: args.path, external: true };
            return { path: `./${path.relative(path.dirname(bundle), found.path).split(path.sep).join('/')}`, external: true };
          });
        },
      },
    ],
  });
  fs.mkdirSync(path.dirname(bundle), { recursive: true });
  // Written under other names, then renamed: a start that stops half-way leaves the old bundle or none.
  for (const file of result.outputFiles) fs.writeFileSync(`${file.path}.partial`, file.contents);
  for (const file of result.outputFiles) fs.renameSync(`${file.path}.partial`, file.path);
  console.log(`Bundled the server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return bundle;
}

let entry;
try {
  entry = await freshBundle();
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
