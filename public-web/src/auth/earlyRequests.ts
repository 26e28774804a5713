/**
 * The answer public/early.js fetched with the HTML (the first page's API call, started before the app's code
 * arrived), handed to the app's first GET of the same path, once: a response body is read once, and a later
 * GET must see the server's state then.
 */
interface EarlyWindow {
  __circuitEarly?: { path: string; answer: Promise<Response> };
}

export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as EarlyWindow;
  const early = w.__circuitEarly;
  if (!early || early.path !== path) return undefined;
  w.__circuitEarly = undefined;
  return early.answer;
}
