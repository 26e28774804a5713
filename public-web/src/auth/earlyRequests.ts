/**
 * The answer public/early.js fetched with the HTML (the first page's API call, started before the app's code
 * arrived), handed to the app's first GET of the same path, once: a response body is read once, and a later
 * GET must see the server's state then.
 */
interface EarlyWindow {
  __circuitEarly?: { path: string; answer: Promise<Response> };
  __circuitAppStarted?: boolean;
}

// early.js is revalidated on each visit while the app's fingerprinted code comes from the cache, so on a
// return visit the app may run first and ask for itself; early.js then asks for nothing (it asked again, and
// nobody took the answer). Set as this module loads: before any route loader can send a request.
if (typeof window !== 'undefined') (window as unknown as EarlyWindow).__circuitAppStarted = true;

export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as EarlyWindow;
  const early = w.__circuitEarly;
  if (!early || early.path !== path) return undefined;
  w.__circuitEarly = undefined;
  return early.answer;
}
