import type { BuildOptions } from 'esbuild';

export interface CachedBundleRequest {
  /** File name prefix in the cache; earlier bundles of the same name are pruned. */
  name: string;
  /** Folders (absolute) whose sources the bundle holds: any change to them builds it again. */
  sourceDirs: string[];
  /** More to key the bundle on (e.g. the build script's own text). */
  extraKey?: string;
  /** esbuild options over the defaults (bundle, node, esm, in memory, a `require` banner). */
  options: BuildOptions;
}

export declare function cachedBundle(request: CachedBundleRequest): Promise<URL>;
