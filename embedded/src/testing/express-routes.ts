/**
 * The routes an express app answers, read from its router stack (express 5 / router 2): each
 * `route` layer with its methods, under the paths its enclosing routers were mounted at. Paths are
 * written the OpenAPI way (`:id` -> `{id}`), so they compare with the document's.
 */

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

const toOpenApi = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\*(\w+)/g, '{$1}');

function walk(stack: Layer[], prefix: string, out: Set<string>): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.add(`${method} ${toOpenApi(prefix + path)}`);
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      walk(layer.handle.stack, prefix + mount, out);
    }
  }
}

/** `get /api/users/{id}` and the like, for every route of the app. */
export function expressRoutes(app: { router: unknown }): Set<string> {
  const out = new Set<string>();
  walk((app.router as { stack: Layer[] }).stack, '', out);
  return out;
}
