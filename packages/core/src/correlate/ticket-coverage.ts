import type { TicketFact } from './facts.ts';

const DAY = 86_400;

/**
 * Tickets cover a user's activity from one day before the request time to one day after the
 * close time (an open ticket: to any later time), when the ticket's user fields or its text
 * name that user (as a whole word).
 */
export function createTicketCoverage(tickets: TicketFact[]): (user: string, epoch: number) => boolean {
  const byUser = new Map<string, TicketFact[]>();
  const textOnly: TicketFact[] = [];
  for (const t of tickets) {
    for (const u of t[1]) {
      let list = byUser.get(u);
      if (!list) byUser.set(u, (list = []));
      list.push(t);
    }
    if (t[2] !== '') textOnly.push(t);
  }
  const inWindow = (t: TicketFact, epoch: number) => {
    const start = t[3] ?? t[4];
    if (start === null) return false;
    const end = t[4] ?? Number.POSITIVE_INFINITY;
    return epoch >= start - DAY && epoch <= end + DAY;
  };
  const wordCache = new Map<string, RegExp>();
  return (user, epoch) => {
    const u = user.toUpperCase();
    if (u === '') return false;
    if (byUser.get(u)?.some((t) => inWindow(t, epoch))) return true;
    let word = wordCache.get(u);
    if (!word) wordCache.set(u, (word = new RegExp(`(^|[^A-Z0-9_])${u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Z0-9_])`)));
    return textOnly.some((t) => inWindow(t, epoch) && word.test(t[2]));
  };
}
