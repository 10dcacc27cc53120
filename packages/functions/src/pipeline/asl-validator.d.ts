// asl-validator ships no type declarations; this is the part of its API the tests use.
declare module 'asl-validator' {
  interface AslValidationResult {
    isValid: boolean;
    errors: { message: string }[];
    errorsText(separator?: string): string;
  }
  export default function aslValidator(definition: unknown, options?: { checkPaths?: boolean; checkArn?: boolean }): AslValidationResult;
}
