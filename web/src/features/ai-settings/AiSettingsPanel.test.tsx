import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AiSettingsPanel } from './AiSettingsPanel.tsx';
import { GLOBAL_PROMPT_TEMPLATES } from './prompts.ts';
import { SAVED_INDICATOR_MS } from './use-save-status.ts';
import { startFakeApi, type FakeApi } from '../risk-management/testing/fake-api.ts';
import { renderWithApi } from '../risk-management/testing/render-with-api.tsx';

const MODELS = {
  available: true,
  provider: 'bedrock',
  models: [
    { id: 'opus-id', name: 'Claude 3 Opus', cost: '$$$$$', description: 'Most capable', pricePer1kRecords: 9.75 },
    { id: 'haiku-id', name: 'Claude 3 Haiku', cost: '$', description: 'Fastest and most cost-efficient', pricePer1kRecords: 0.0412, default: true },
  ],
};

let fake: FakeApi;
let saved: unknown[];

beforeEach(async () => {
  fake = await startFakeApi();
  saved = [];
  fake.on('GET', '/ai/models', () => ({ body: MODELS }));
  fake.on('GET', '/preferences/ai_settings', () => ({ body: { preferenceType: 'ai_settings', preferences: {} } }));
  fake.on('PUT', '/preferences/ai_settings', (req) => {
    saved.push(req.body);
    return { body: { ok: true } };
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await fake.close();
});

async function renderPanel() {
  // user-event waits between keystrokes; under fake timers those waits must advance them.
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  renderWithApi(<AiSettingsPanel />, fake);
  await screen.findByRole('heading', { name: 'AI Analysis Settings' });
  return user;
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const status = () => screen.getByRole('status');

describe('AiSettingsPanel', () => {
  it('starts with the cheapest model, shows its cost per 1000 records and keeps Save disabled until a change', async () => {
    const user = await renderPanel();
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('Claude 3 Haiku ($) - default');
    expect(screen.getByTestId('ai-cost')).toHaveTextContent('Estimated $0.0412 per 1000 records ($) - Fastest and most cost-efficient');
    expect(screen.getByRole('switch', { name: /Enable AI analysis/ })).not.toBeChecked();
    expect(saveButton()).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: /Enable AI analysis/ }));
    expect(saveButton()).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: /Enable AI analysis/ }));
    expect(saveButton()).toBeDisabled();
  });

  it('saves: Saving..., then Saved cleared after 3 s, and Save disabled again', async () => {
    // Set when the request reaches the server (the page shows 'Saving...' before it does).
    let release: (() => void) | undefined;
    fake.on('PUT', '/preferences/ai_settings', async (req) => {
      await new Promise<void>((resolve) => (release = resolve));
      saved.push(req.body);
      return { body: { ok: true } };
    });
    const user = await renderPanel();
    await user.click(screen.getByRole('switch', { name: /Enable AI analysis/ }));
    await user.click(saveButton());
    await waitFor(() => expect(status()).toHaveTextContent('Saving...'));
    expect(saveButton()).toBeDisabled();

    // Released only once the request is there: released before, on a loaded machine, it hung.
    await waitFor(() => expect(release).toBeDefined(), { timeout: 15_000 });
    // The 3 s timer that clears 'Saved' is caught as it is set, and run at once below.
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    release!();
    await waitFor(() => expect(status()).toHaveTextContent('Saved'), { timeout: 15_000 });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ preferenceType: 'ai_settings', preferences: { enabled: true, model: 'haiku-id', promptTemplate: 'security', outputColumn: 'AI_Analysis' } });
    expect((saved[0] as { preferences: { targetColumns: string[] } }).preferences.targetColumns).toEqual(expect.arrayContaining(['User', 'TCODE', 'VALUE_NEW', 'Title']));
    expect(saveButton()).toBeDisabled();

    // (The HTTP client sets 3 s timers of its own: the hook's is the one that sets the status.)
    const clears = timeouts.mock.calls.filter(([run, ms]) => ms === SAVED_INDICATOR_MS && String(run).includes('setStatus'));
    expect(clears).toHaveLength(1);
    expect(status()).toHaveTextContent('Saved');
    act(() => (clears[0]![0] as () => void)());
    expect(status()).toHaveTextContent('');
  });

  it('shows Save failed when the server refuses, and keeps the change to retry', async () => {
    fake.on('PUT', '/preferences/ai_settings', () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }));
    const user = await renderPanel();
    await user.click(screen.getByRole('switch', { name: /Enable AI analysis/ }));
    await user.click(saveButton());
    await waitFor(() => expect(status()).toHaveTextContent('Save failed'));
    expect(saveButton()).toBeEnabled();
  });

  it('switches the template to custom on editing and replaces the text when a template is chosen', async () => {
    const user = await renderPanel();
    const prompt = screen.getByRole('textbox', { name: 'Global prompt' });
    const template = screen.getByRole('combobox', { name: 'Prompt template' });
    expect(prompt).toHaveValue(GLOBAL_PROMPT_TEMPLATES.security);
    expect(template).toHaveValue('Security review');

    await user.click(prompt);
    await user.paste(' Also check {Client}.');
    expect(template).toHaveValue('Custom');
    expect(screen.getByTestId('target-columns-DEFAULT')).toHaveTextContent('Client');

    await user.click(template);
    await user.click(await screen.findByRole('option', { name: 'Compliance check' }));
    expect(prompt).toHaveValue(GLOBAL_PROMPT_TEMPLATES.compliance);
    expect(template).toHaveValue('Compliance check');
    expect(screen.getByTestId('target-columns-DEFAULT')).toHaveTextContent('all non-empty columns of the record');
  });

  it('refuses an output column the reports cannot use', async () => {
    const user = await renderPanel();
    const column = screen.getByRole('textbox', { name: 'Output column' });
    await user.clear(column);
    await user.type(column, '=HYPERLINK');
    expect(screen.getByText(/Start with a letter/)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.clear(column);
    await user.type(column, 'Review Notes');
    expect(saveButton()).toBeEnabled();
  });

  it('limits prompts to 2000 characters and warns above 1800', async () => {
    const user = await renderPanel();
    const prompt = screen.getByRole('textbox', { name: 'Global prompt' });
    await user.clear(prompt);
    await user.click(prompt);
    await user.paste('a'.repeat(1800));
    const counter = screen.getByText(/1800 \/ 2000 characters/);
    expect(counter).toHaveAttribute('data-counter-state', 'ok');
    await user.type(prompt, 'b');
    expect(screen.getByText(/1801 \/ 2000 characters/)).toHaveAttribute('data-counter-state', 'warning');
    await user.paste('c'.repeat(400));
    expect((prompt as HTMLTextAreaElement).value).toHaveLength(2000);
    expect(screen.getByText(/2000 \/ 2000 characters/)).toHaveAttribute('data-counter-state', 'warning');
  });

  it('loads saved settings, including per-file-type prompts', async () => {
    fake.on('GET', '/preferences/ai_settings', () => ({
      body: { preferenceType: 'ai_settings', preferences: { enabled: true, model: 'opus-id', fileTypePrompts: { SM20: 'Look at {User} and {Terminal}' }, globalPrompt: 'my own words' } },
    }));
    await renderPanel();
    expect(screen.getByRole('switch', { name: /Enable AI analysis/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('Claude 3 Opus ($$$$$)');
    expect(screen.getByTestId('ai-cost')).toHaveTextContent('Estimated $9.75 per 1000 records ($$$$$)');
    expect(screen.getByRole('textbox', { name: 'SM20 prompt' })).toHaveValue('Look at {User} and {Terminal}');
    expect(screen.getByRole('combobox', { name: 'Prompt template' })).toHaveValue('Custom');
    expect(screen.getByTestId('target-columns-SM20')).toHaveTextContent('UserTerminal');
  });

  it('disables the toggle and explains when no AI provider is configured (no /ai/models route)', async () => {
    fake.on('GET', '/ai/models', () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } }));
    await renderPanel();
    expect(screen.getByText('AI analysis is not available')).toBeInTheDocument();
    expect(screen.getByText(/No AI provider is configured on this server/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Enable AI analysis/ })).toBeDisabled();
    // The spec's model list is still shown so the user can prepare settings.
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('Claude 3 Haiku ($) - default');
  });
});
