// The local stack's polyfills (Promise.withResolvers on Node 20, quiet SDK) for every test process.
import '../../packages/local/src/polyfills.ts';
