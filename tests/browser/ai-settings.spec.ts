/**
 * The AI Analysis Settings panel on the multi-file upload screen against the real local stack
 * (issue 7): a template choice is saved per user and comes back after a reload; without an AI
 * provider configured the enable toggle is disabled and says why.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { E2E_USER } from './support/credentials.ts';
import { expect, signIn, test } from './support/fixtures.ts';

/** Opens the panel and returns it with the server's GET /ai/models answer the panel received. */
async function openPanel(page: Page) {
  await page.goto('/multi-upload');
  const modelsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/ai/models'));
  await page.getByRole('button', { name: /AI Settings/ }).click();
  const panel = page.getByRole('region', { name: 'AI Analysis Settings' });
  await expect(panel).toBeVisible();
  return { panel, models: (await (await modelsAnswer).json()) as { available: boolean } };
}

test('AI settings: template choice saved per user, Saved indicator clears, persists across reload', async ({ page }) => {
  await signIn(page, E2E_USER);
  const { panel, models } = await openPanel(page);

  // The toggle follows what the server says about its AI provider.
  const toggle = panel.getByRole('switch', { name: /Enable AI analysis/ });
  if (models.available) {
    await expect(toggle).toBeEnabled();
  } else {
    await expect(panel.getByText('AI analysis is not available')).toBeVisible();
    await expect(toggle).toBeDisabled();
  }
  await expect(panel.getByTestId('ai-cost')).toContainText('per 1000 records');
  await expectNoSeriousA11yViolations(page, 'AI settings panel');

  const save = panel.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  // Pick a template other than the stored one, so the choice is a change on any rerun.
  const template = panel.getByRole('combobox', { name: 'Prompt template' });
  const target = (await template.inputValue()) === 'Compliance check' ? { label: 'Anomaly detection', word: /unusual/i } : { label: 'Compliance check', word: /compliance/i };
  await template.click();
  await page.getByRole('option', { name: target.label }).click();
  const prompt = panel.getByRole('textbox', { name: 'Global prompt' });
  await expect(prompt).toHaveValue(target.word);
  await expect(save).toBeEnabled();
  await save.click();
  const status = panel.getByRole('status');
  await expect(status).toHaveText('Saved');
  await expect(save).toBeDisabled();
  await expect(status).toHaveText('', { timeout: 5_000 });

  // Editing the text makes it a custom prompt; leaving it unsaved does not survive a reload.
  await prompt.fill('Only this {User}');
  await expect(panel.getByRole('combobox', { name: 'Prompt template' })).toHaveValue('Custom');

  await page.reload();
  const { panel: again } = await openPanel(page);
  await expect(again.getByRole('combobox', { name: 'Prompt template' })).toHaveValue(target.label);
  await expect(again.getByRole('textbox', { name: 'Global prompt' })).toHaveValue(target.word);
});
