import type { Services } from '../types.ts';

/**
 * Runs `task` once per services container and hands every caller the same promise, so later
 * calls cost nothing; a failed attempt is forgotten so the next call retries.
 *
 * @example export const ensureSeeded = oncePerServices(seedReferenceData);
 */
export function oncePerServices(task: (services: Services) => Promise<void>): (services: Services) => Promise<void> {
  const running = new WeakMap<Services, Promise<void>>();
  return (services) => {
    let pending = running.get(services);
    if (!pending) {
      pending = task(services).catch((e: unknown) => {
        running.delete(services);
        throw e;
      });
      running.set(services, pending);
    }
    return pending;
  };
}
