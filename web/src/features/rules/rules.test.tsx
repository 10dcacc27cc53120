import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startApiServer } from '../../test-utils/api-server.ts';
import { renderWithQuery } from '../../test-utils/render-with-query.tsx';
import { FlagDetailModal } from '../results/FlagDetailModal.tsx';
import { patternRuleHref, recordRuleIds, rulesForFlag, type RuleDefinition } from './rules-api.ts';
import { RulesPage } from './RulesPage.tsx';

const CATALOGUE: RuleDefinition[] = [
  { id: 'SAL-AUDIT-OFF', title: 'Security audit log switched off', severity: 'critical', kind: 'flag', flag: 'OTHER', category: 'audit_trail', reads: 'SM20 event AUJ with value 0', nextSteps: 'Find who switched the log off.', sentinel: 'SAP - Deactivation of Security Audit Log' },
  { id: 'SAL-FAILED-LOGON', title: 'Failed logon', severity: 'medium', kind: 'flag', flag: 'OTHER', category: 'security', reads: 'SM20 events AU2 AU6 AUO BU1', nextSteps: 'Look for repeated failures.' },
  { id: 'TCODE-HIGH-RISK', title: 'High-risk transaction', severity: 'high', kind: 'flag', flag: 'HIGH_RISK_TCODE_FLAG', reads: 'SM20 TCODE', nextSteps: 'Check the entitlement.', sentinel: 'SAP - Execution of a Sensitive Transaction Code' },
  { id: 'PAT-BRUTE-FORCE-SUCCESS', title: 'Logon after a burst of failed logons', severity: 'critical', kind: 'pattern', pattern: 'BRUTE_FORCE_SUCCESS', reads: 'SM20 AU2 then AU1', nextSteps: 'Reset the password <b>now</b>.' },
];

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
  window.location.hash = '';
});

async function serve(extra: Parameters<typeof startApiServer>[0] = {}) {
  const api = await startApiServer({ 'GET /rules': () => ({ status: 200, body: { rules: CATALOGUE } }), ...extra });
  close = api.close;
  return api;
}

describe('rules page', () => {
  it("shows each pattern rule's explanation with the thresholds GET /rules filled in from the current settings (issue 27)", async () => {
    const burst: RuleDefinition = { id: 'PAT-FAILED-LOGON-BURST', title: 'Burst of failed logons', severity: 'medium', kind: 'pattern', pattern: 'FAILED_LOGON_BURST', summary: '3 or more failed logons for one user or from one terminal or address within 7 minutes.', reads: 'SM20 AU2 (3 in 7 minutes)', nextSteps: 'Check.' };
    await serve({ 'GET /rules': () => ({ status: 200, body: { rules: [burst], thresholdsAreDefault: false } }) });
    renderWithQuery(<RulesPage />);
    const patterns = await screen.findByRole('table', { name: 'Pattern rules' }, { timeout: 5000 });
    expect(within(patterns).getByTestId('rule-summary')).toHaveTextContent('3 or more failed logons for one user or from one terminal or address within 7 minutes.');
    expect(screen.getByTestId('rules-thresholds-note')).toHaveTextContent('thresholds of the current detection settings, as an administrator set them');
  });
  it('lists pattern and flag rules with severity, reads, next steps and the Sentinel rule, text escaped', async () => {
    await serve();
    renderWithQuery(<RulesPage />);
    const patterns = await screen.findByRole('table', { name: 'Pattern rules' }, { timeout: 5000 });
    const row = within(patterns).getByText('PAT-BRUTE-FORCE-SUCCESS').closest('tr')!;
    expect(row.id).toBe('PAT-BRUTE-FORCE-SUCCESS');
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'PAT-BRUTE-FORCE-SUCCESSLogon after a burst of failed logonsPattern BRUTE_FORCE_SUCCESS',
      'critical',
      'SM20 AU2 then AU1',
      'Reset the password <b>now</b>.',
      '—',
    ]);
    const flags = screen.getByRole('table', { name: 'Flag rules' });
    const off = within(flags).getByText('SAL-AUDIT-OFF').closest('tr')!;
    expect(within(off).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'SAL-AUDIT-OFFSecurity audit log switched offOTHER · audit_trail',
      'critical',
      'SM20 event AUJ with value 0',
      'Find who switched the log off.',
      'SAP - Deactivation of Security Audit Log',
    ]);
    expect(screen.getByText('Flag rules (3)')).toBeInTheDocument();
  });

  it('marks the rule named in the address and filters by a search', async () => {
    await serve();
    window.location.hash = '#TCODE-HIGH-RISK';
    renderWithQuery(<RulesPage />);
    const row = (await screen.findByText('TCODE-HIGH-RISK')).closest('tr')!;
    expect(row).toHaveAttribute('aria-current', 'true');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'deactivation');
    expect([...document.querySelectorAll('tr[data-rule-id]')].map((tr) => tr.id)).toEqual(['SAL-AUDIT-OFF']);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), ' of nothing');
    expect(screen.getByText('No rule matches “deactivation of nothing”.')).toBeInTheDocument();
  });

  it('says so when the catalogue cannot be loaded', async () => {
    await serve({ 'GET /rules': () => ({ status: 500, body: { error: { code: 'X', message: 'Catalogue unavailable' } } }) });
    renderWithQuery(<RulesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Catalogue unavailable');
  });
});

describe('the flag explanation reads the catalogue', () => {
  it("shows the rules named in the records' RULES column, for this flag only, linked to the rules page", async () => {
    await serve({
      'POST /flag-details': () => ({
        status: 200,
        body: { columns: ['USER', 'RULES'], records: [{ USER: 'BASIS1', RULES: 'SAL-AUDIT-OFF, TCODE-HIGH-RISK' }], total: 1 },
      }),
    });
    renderWithQuery(<FlagDetailModal analysisId="a-1" flag="OTHER" count={1} onClose={() => {}} />);
    const meaning = await screen.findByTestId('flag-meaning', {}, { timeout: 5000 });
    await waitFor(() => expect(meaning.querySelectorAll('[data-rule-id]')).toHaveLength(1));
    expect(within(meaning).getByRole('link', { name: 'SAL-AUDIT-OFF' })).toHaveAttribute('href', '/rules#SAL-AUDIT-OFF');
    expect(meaning).toHaveTextContent('Security audit log switched off');
    expect(meaning).toHaveTextContent('Reads: SM20 event AUJ with value 0');
    expect(meaning).toHaveTextContent('Check next: Find who switched the log off.');
  });

  it('falls back to the built-in text when the catalogue is unavailable', async () => {
    await serve({
      'GET /rules': () => ({ status: 500, body: {} }),
      'POST /flag-details': () => ({ status: 200, body: { columns: ['USER'], records: [{ USER: 'X' }], total: 1 } }),
    });
    renderWithQuery(<FlagDetailModal analysisId="a-1" flag="DEBUG_FLAG" count={1} onClose={() => {}} />);
    const meaning = await screen.findByTestId('flag-meaning', {}, { timeout: 5000 });
    await waitFor(() => expect(meaning).toHaveTextContent('Risk: High'));
  });

  it('picks rules by record ids, else every rule of the flag, and links patterns by rule id', () => {
    expect(recordRuleIds({ RULES: 'A-1, B-2;C-3' })).toEqual(['A-1', 'B-2', 'C-3']);
    expect(rulesForFlag(CATALOGUE, 'OTHER', [{ RULES: 'SAL-FAILED-LOGON' }]).map((r) => r.id)).toEqual(['SAL-FAILED-LOGON']);
    expect(rulesForFlag(CATALOGUE, 'OTHER', [{ USER: 'X' }]).map((r) => r.id)).toEqual(['SAL-AUDIT-OFF', 'SAL-FAILED-LOGON']);
    // A record completing a pattern names the pattern's rule among its OTHER reasons.
    expect(rulesForFlag(CATALOGUE, 'OTHER', [{ RULES: 'SAL-FAILED-LOGON, PAT-BRUTE-FORCE-SUCCESS' }]).map((r) => r.id)).toEqual([
      'SAL-FAILED-LOGON',
      'PAT-BRUTE-FORCE-SUCCESS',
    ]);
    expect(rulesForFlag(CATALOGUE, 'HIGH_RISK_TCODE_FLAG', [{ RULES: 'PAT-BRUTE-FORCE-SUCCESS' }]).map((r) => r.id)).toEqual(['TCODE-HIGH-RISK']);
    expect(patternRuleHref({ pattern: 'MASS_DOWNLOAD', rule: 'PAT-MASS-DOWNLOAD' })).toBe('/rules#PAT-MASS-DOWNLOAD');
    expect(patternRuleHref({ pattern: 'SELF_AUTHORIZATION' })).toBe('/rules#PAT-SELF-AUTHORIZATION');
  });
});
