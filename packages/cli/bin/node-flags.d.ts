export declare const NODE_FLAGS: string[];
export declare function missingNodeFlags(execArgv: string[], nodeOptions?: string): string[];
