export declare function cliBundle(): Promise<URL | undefined>;
