/**
 * What an analysis was started with, written to its workspace before the execution starts:
 * the files, the detection lists and watchlists, the thresholds and the user's calendar and time zone. Every step reads it, so a retried or late step
 * uses the same lists even if an administrator edits them meanwhile.
 */
import type { DetectionLists, EngineContext, EngineSettings } from '@app/core';
import type { AiSettings } from '@app/core/ai/index.ts';
import { OutputBudget, outputLimitFor } from '@app/core/engine/output-budget.ts';
import type { ListVersions } from '../services/risk/active-lists.ts';
import type { Services } from '../services/types.ts';
import { createBlobWorkspace, readText, workPrefix } from '../services/workspace.ts';
import { readCapped } from './capped-read.ts';

export const SNAPSHOT_NAME = 'snapshot.json';

export interface AnalysisSnapshot {
  files: { fileId: string; fileName: string; key: string }[];
  lists: DetectionLists;
  /** Versions of the admin lists and thresholds taken (the watchlists and thresholds since v2 of detection). */
  listVersions: ListVersions | { tcodes: string; tables: string };
  /** Holiday calendar, time zone and the thresholds of the organisation at the start. */
  settings: EngineSettings;
  aiOutputColumn?: string;
  /** The AI settings the analysis was started with (present when AI was requested). */
  ai?: AiSettings;
}

export async function writeSnapshot(services: Services, userSub: string, analysisId: string, snapshot: AnalysisSnapshot): Promise<void> {
  await services.blobs.put(workPrefix(userSub, analysisId) + SNAPSHOT_NAME, JSON.stringify(snapshot), 'application/json');
}

export async function readSnapshot(services: Services, userSub: string, analysisId: string): Promise<AnalysisSnapshot> {
  return JSON.parse(await readText(services.blobs, workPrefix(userSub, analysisId) + SNAPSHOT_NAME)) as AnalysisSnapshot;
}

/** The engine's context for one step of one analysis. */
export async function openEngineContext(
  services: Services,
  userSub: string,
  analysisId: string,
): Promise<OpenedStep> {
  const snapshot = await readSnapshot(services, userSub, analysisId);
  const uploaded = await inputBytes(services, snapshot);
  // What one step may write: a small upload must not expand to gigabytes of results. Counted in
  // shared memory, so the step's task workers (step-tasks.ts) count against the same limit.
  const budget = new OutputBudget(services.config.maxOutputBytes ?? outputLimitFor(uploaded), new SharedArrayBuffer(8));
  const ctx: EngineContext = {
    workspace: budget.workspace(createBlobWorkspace(services.blobs, workPrefix(userSub, analysisId))),
    lists: snapshot.lists,
    settings: snapshot.settings,
    openSource: (index) => {
      const file = snapshot.files[index];
      if (!file) throw new Error(`No file ${index} in analysis ${analysisId}`);
      return readCapped(services.blobs.read(file.key), file.fileName);
    },
  };
  return { ctx, snapshot, budget, inputBytes: uploaded, userSub, analysisId };
}

/** One step's engine context and what it was made from. */
export interface OpenedStep {
  ctx: EngineContext;
  snapshot: AnalysisSnapshot;
  budget: OutputBudget;
  /** Stored bytes of the analysis' uploads together. */
  inputBytes: number;
  userSub: string;
  analysisId: string;
}

/** Stored size of the analysis' uploads together (a vanished one counts 0: its step fails on reading). */
async function inputBytes(services: Services, snapshot: AnalysisSnapshot): Promise<number> {
  const heads = await Promise.all(snapshot.files.map((f) => services.blobs.head(f.key)));
  return heads.reduce((n, h) => n + (h?.size ?? 0), 0);
}
