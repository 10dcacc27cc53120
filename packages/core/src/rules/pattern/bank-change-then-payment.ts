/**
 * BANK_CHANGE_THEN_PAYMENT: a user changes a vendor's or customer's bank details and the same user
 * runs a payment transaction within `bankPaymentDays` days after it: one person both redirected and
 * released money. One pattern per bank change that a payment follows, at the time of the first such
 * payment.
 */
import { definePattern } from './define-pattern.ts';
import { DOC_KEY_SEPARATOR, formatEpoch } from '../../facts/file-facts.ts';
import { defineFact } from './define-fact.ts';
import { BANK_FIELDS, BANK_TABLES, PARTNER_CLASSES } from '../record/change-document-keys.ts';
import { actorOf, K, pattern, type PatternEnv } from './pattern-env.ts';

const DAY = 86_400;

/**
 * A vendor's or customer's bank details changed: a change-document item on LFBK KNBK BUT0BK TIBAN,
 * or KRED/DEBI with a bank field (declared by table, field and class). Its activity is made from its
 * key in correlation (one string fewer per item).
 */
export const BANK_CHANGE = defineFact({
  kind: 'bank_change',
  about: "a vendor's or customer's bank details changed (change-document items)",
  changes: [{ tables: [...BANK_TABLES] }, { classes: [...PARTNER_CLASSES], fields: [...BANK_FIELDS] }],
  records: { CDPOS: { target: 'tabname', key: 'docKey' } },
});

/**
 * A payment transaction of the payment-transactions list run (declared by the list: the flagger marks
 * it with the transaction, the record's own or the one AU3 started): SM20, CDHDR, and joined CDPOS rows
 * with a date.
 */
export const PAYMENT = defineFact({
  kind: 'payment',
  transactions: 'paymentTcodes',
  about: 'a payment transaction run (SM20, a change document’s TCODE)',
  records: { SM20: { target: 'marked' }, CDHDR: { target: 'marked', key: 'docKey', when: (rec) => rec.date !== '' }, CDPOS: { target: 'marked', key: 'docKey', when: (rec) => rec.joined && rec.date !== '' } },
});

function find(env: PatternEnv): void {
  const days = env.thresholds.bankPaymentDays;
  const payments = new Map<string, { epoch: number; tcode: string }[]>();
  for (const e of env.securityEvents) {
    if (e[K.kind] !== PAYMENT.kind || Number.isNaN(e[K.epoch])) continue;
    const user = e[K.user].trim().toUpperCase();
    if (user === '') continue;
    let list = payments.get(user);
    if (list === undefined) payments.set(user, (list = []));
    list.push({ epoch: e[K.epoch], tcode: e[K.target] });
  }
  if (payments.size === 0) return;
  for (const list of payments.values()) list.sort((a, b) => a.epoch - b.epoch);
  const seen = new Set<string>();
  const found = [];
  for (const e of env.securityEvents) {
    if (e[K.kind] !== BANK_CHANGE.kind || seen.has(e[K.key])) continue;
    seen.add(e[K.key]);
    const { user, epoch: t } = actorOf(env, e);
    const list = payments.get(user.trim().toUpperCase());
    if (list === undefined || Number.isNaN(t)) continue;
    // The first payment after the change (binary search), if within the days.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.epoch <= t) lo = mid + 1;
      else hi = mid;
    }
    const pay = list[lo];
    if (pay === undefined || pay.epoch - t > days * DAY) continue;
    const [cls = '', id = ''] = e[K.key].split(DOC_KEY_SEPARATOR);
    const object = `${cls} ${id.trim()}`.trim();
    found.push(pattern('BANK_CHANGE_THEN_PAYMENT', 'critical', user, pay.epoch, `Bank details of ${object}${e[K.target] ? ` (${e[K.target]})` : ''} changed at ${formatEpoch(t)}, then payment transaction ${pay.tcode} at ${formatEpoch(pay.epoch)}`));
  }
  env.hits.addPatterns(found);
}

export const BANK_CHANGE_THEN_PAYMENT = definePattern(
  {
    name: 'BANK_CHANGE_THEN_PAYMENT',
    severity: 'critical',
    title: 'Bank details changed, then a payment by the same user',
    summary: 'A user changed a vendor’s or customer’s bank details and ran a payment transaction within {bankPaymentDays} days after it: one person both redirected and released money.',
    reads: 'change documents on LFBK KNBK BUT0BK TIBAN, or KRED/DEBI with field BANKL BANKN BKONT IBAN or BVTYP; then a payment transaction of the payment-transactions list (SM20, or a change document’s TCODE) by the same user within {bankPaymentDays} days',
    nextSteps: 'Check the new bank details against the business partner’s written confirmation and every payment made to them since; changing bank details and releasing payments belong to different people.',
    settings: [{ key: 'bankPaymentDays', kind: 'number', default: 7, min: 1, max: 366, label: 'Bank change to payment: days', unit: 'days', help: 'BANK_CHANGE_THEN_PAYMENT' }],
  },
  { find, collects: [BANK_CHANGE, PAYMENT] },
);
