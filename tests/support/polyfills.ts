// The local stack's Node version check, for every test process.
import '../../packages/local/src/polyfills.ts';
