export { startLocalStack, type LocalStack, type LocalStackOptions } from './stack.ts';
