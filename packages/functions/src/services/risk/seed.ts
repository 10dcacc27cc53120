import type { Services } from '../types.ts';

// Placeholder until risk management lands: seeds admin lists and master lists on first start.
export async function seedReferenceData(_services: Services): Promise<void> {}
