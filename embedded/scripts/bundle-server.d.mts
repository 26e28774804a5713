/** The bundle of `entry` (a path from the repository's root) at `outfile` (the same), made first when missing or older than a source. */
export function freshBundle(entry: string, outfile: string): Promise<string>;
