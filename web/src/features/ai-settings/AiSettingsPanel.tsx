/**
 * AI Analysis Settings panel (spec section 2): enable toggle, model and cost, per-file-type and
 * global prompts, detected target columns, output column, and Save with its states.
 */
import { useCallback, useEffect, useId, useReducer, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useAiSettings, useSaveAiSettings } from './ai-settings-queries.ts';
import { defaultModelId, describeCost, modelLabel, modelsToOffer } from './models.ts';
import { PromptField } from './PromptField.tsx';
import { DEFAULT_OUTPUT_COLUMN, PROMPT_FILE_TYPES, PROMPT_TEMPLATES, PROMPT_TEMPLATE_LABELS, type PromptTemplate } from './prompts.ts';
import { editAiSettings, isSameSettings, outputColumnError, targetColumnsByType, type AiSettings } from './settings.ts';
import { useSaveStatus } from './use-save-status.ts';

export function AiSettingsPanel({ onClose }: { onClose?: () => void }) {
  const { settings: loaded, available, models, isLoading } = useAiSettings();
  const save = useSaveAiSettings();
  const titleId = useId();
  const [draft, dispatch] = useReducer(editAiSettings, loaded);
  const [baseline, setBaseline] = useState<AiSettings | undefined>(undefined);

  // The editor starts from the server's settings once they arrive, and only then.
  useEffect(() => {
    if (isLoading || baseline) return;
    dispatch({ kind: 'load', settings: loaded });
    setBaseline(loaded);
  }, [isLoading, baseline, loaded]);

  const saveDraft = useCallback(async () => {
    const snapshot = draft;
    await save.mutateAsync(snapshot);
    setBaseline(snapshot);
  }, [draft, save]);
  const saveStatus = useSaveStatus(saveDraft);

  if (isLoading || !baseline) {
    return (
      <Paper withBorder p="md" aria-busy="true">
        <Group>
          <Loader size="sm" />
          <Text>Loading AI settings...</Text>
        </Group>
      </Paper>
    );
  }

  const changed = !isSameSettings(draft, baseline);
  const columnError = outputColumnError(draft.outputColumn);
  return (
    <Paper p="xs" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} id={titleId}>
            AI Analysis Settings
          </Title>
          {onClose && <CloseButton aria-label="Close AI settings" onClick={onClose} />}
        </Group>
        {!available && (
          <Alert color="gray" title="AI analysis is not available">
            {models.reason ?? 'No AI provider is configured on this server.'} AI analysis cannot be turned on until an
            administrator configures Amazon Bedrock or an OpenAI-compatible endpoint.
          </Alert>
        )}
        <Switch
          label="Enable AI analysis of flagged records"
          checked={draft.enabled && available}
          disabled={!available}
          onChange={(e) => dispatch({ kind: 'set', patch: { enabled: e.currentTarget.checked } })}
        />
        <ModelChoice draft={draft} models={models} onChange={(model) => dispatch({ kind: 'set', patch: { model } })} />
        <FileTypePrompts draft={draft} dispatch={dispatch} />
        <GlobalPrompt draft={draft} dispatch={dispatch} />
        <TargetColumns settings={draft} />
        <TextInput
          label="Output column"
          description="Column that receives the AI analysis in the Excel and CSV results"
          placeholder={DEFAULT_OUTPUT_COLUMN}
          maxLength={64}
          value={draft.outputColumn}
          error={columnError}
          onChange={(e) => dispatch({ kind: 'set', patch: { outputColumn: e.currentTarget.value.replace(/[\p{Cc}]/gu, '') } })}
        />
        <Group justify="flex-end">
          <Text size="sm" role="status" c={saveStatus.status === 'failed' ? 'red' : 'dimmed'}>
            {saveStatus.text}
          </Text>
          <Button onClick={() => void saveStatus.run()} disabled={!changed || Boolean(columnError) || saveStatus.status === 'saving'}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type Dispatch = (edit: Parameters<typeof editAiSettings>[1]) => void;

function ModelChoice({ draft, models, onChange }: { draft: AiSettings; models: ReturnType<typeof useAiSettings>['models']; onChange: (id: string) => void }) {
  const offered = modelsToOffer(models);
  const defaultId = defaultModelId(offered, models.defaultModel);
  const selected = offered.find((m) => m.id === draft.model);
  return (
    <Stack gap={4}>
      <Select
        label="Model"
        allowDeselect={false}
        data={offered.map((m) => ({ value: m.id, label: modelLabel(m, defaultId) }))}
        value={selected ? selected.id : null}
        placeholder="Choose a model"
        onChange={(value) => value && onChange(value)}
      />
      <Text size="sm" c="dimmed" data-testid="ai-cost">
        {describeCost(selected)}
        {selected?.description ? ` - ${selected.description}` : ''}
      </Text>
    </Stack>
  );
}

function FileTypePrompts({ draft, dispatch }: { draft: AiSettings; dispatch: Dispatch }) {
  const on = draft.useFileTypePrompts;
  return (
    <Stack gap="xs">
      <Switch
        label="Use file-type specific prompts"
        checked={on}
        onChange={(e) => dispatch({ kind: 'set', patch: { useFileTypePrompts: e.currentTarget.checked } })}
      />
      {on && (
        <Tabs defaultValue="SM20" keepMounted={false}>
          <Tabs.List>
            {PROMPT_FILE_TYPES.map((type) => (
              <Tabs.Tab key={type} value={type}>
                {type}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {PROMPT_FILE_TYPES.map((type) => (
            <Tabs.Panel key={type} value={type} pt="xs">
              <PromptField
                label={`${type} prompt`}
                description="Use {column_name} to insert a value of the record, e.g. {User}"
                value={draft.fileTypePrompts[type]}
                onChange={(prompt) => dispatch({ kind: 'fileTypePrompt', fileType: type, prompt })}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

function GlobalPrompt({ draft, dispatch }: { draft: AiSettings; dispatch: Dispatch }) {
  return (
    <Stack gap="xs">
      <Select
        label="Prompt template"
        allowDeselect={false}
        data={PROMPT_TEMPLATES.map((t) => ({ value: t, label: PROMPT_TEMPLATE_LABELS[t] }))}
        value={draft.promptTemplate}
        onChange={(value) => value && dispatch({ kind: 'template', template: value as PromptTemplate })}
      />
      <PromptField
        label="Global prompt"
        description={
          draft.useFileTypePrompts
            ? 'General instructions added to every file-type prompt'
            : 'Used for every flagged record'
        }
        placeholder="Write your own instructions for the AI"
        value={draft.globalPrompt}
        onChange={(prompt) => dispatch({ kind: 'globalPrompt', prompt })}
      />
    </Stack>
  );
}

function TargetColumns({ settings }: { settings: AiSettings }) {
  const byType = targetColumnsByType(settings);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Auto-detected target columns
      </Text>
      <Text size="xs" c="dimmed">
        Read from the {'{column_name}'} placeholders of the prompts; these columns are sent to the AI for each record.
      </Text>
      {PROMPT_FILE_TYPES.map((type) => (
        <Group key={type} gap={4} data-testid={`target-columns-${type}`}>
          <Text size="xs" w={64} fw={500}>
            {type}
          </Text>
          {byType[type].length === 0 ? (
            <Text size="xs" c="dimmed">
              all non-empty columns of the record
            </Text>
          ) : (
            byType[type].map((column) => (
              <Badge key={column} size="sm" variant="outline" tt="none">
                {column}
              </Badge>
            ))
          )}
        </Group>
      ))}
    </Stack>
  );
}
