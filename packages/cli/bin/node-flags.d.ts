export declare const NODE_FLAGS: string[];
export declare function missingNodeFlags(execArgv: string[], nodeOptions?: string): string[];
export declare const MALLOC_ENV: Record<string, string>;
export declare function missingMallocEnv(env: Record<string, string | undefined>): Record<string, string>;
