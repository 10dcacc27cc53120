#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader (no build step in this project).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
