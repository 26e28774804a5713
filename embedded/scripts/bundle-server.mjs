// A server entry (embedded/src/main.ts, a service's main.ts) as one bundled module made by esbuild from the
// workspaces' sources, packages left to node_modules. Loading some 600 TypeScript files through tsx's loader took
// two to three seconds of CPU at every start (a compile cache helps the compiling, not the loading); the bundle is
// made again only when a source is newer than it, in about a second. `npm start` and the cluster tests' service
// processes run these.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(import.meta.dirname, '../..');
/** Marks the plugin's own lookups, which esbuild's resolver answers. */
const RESOLVING = Symbol('resolving');
const SOURCES = ['shared/src', 'command-service/src', 'projection-service/src', 'realtime-service/src', 'embedded/src', 'public-web/server', 'tsconfig.json', 'tsconfig.base.json'];

/**
 * The bundle of `entry` (a path from the repository's root) at `outfile` (the same), made first when missing or
 * older than a source. Returns its absolute path.
 */
export async function freshBundle(entry, outfile) {
  const bundle = path.join(root, outfile);
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (fs.existsSync(bundle) && fs.statSync(bundle).mtimeMs >= sources) return bundle;
  const esbuild = await import('esbuild');
  const started = Date.now();
  const result = await esbuild.build({
    entryPoints: [path.join(root, entry)],
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
  // Written under other names, then renamed: a start that stops half-way leaves the old bundle or none, and two
  // processes bundling at once (two test workers) each rename a whole file of their own.
  for (const file of result.outputFiles) fs.writeFileSync(`${file.path}.${process.pid}.partial`, file.contents);
  for (const file of result.outputFiles) fs.renameSync(`${file.path}.${process.pid}.partial`, file.path);
  console.log(`Bundled ${entry} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return bundle;
}
