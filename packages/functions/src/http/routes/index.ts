/**
 * Every route module registers itself here. One line per module; each module is owned by
 * the feature that needs it (see docs/architecture.md).
 */
import type { RouteRegistrar } from '../types.ts';
import { registerCsrfRoutes } from './csrf.ts';
import { registerFileRoutes } from './files.ts';
import { registerAccessRequestRoutes } from './access-requests.ts';
import { registerAnalysisRoutes } from './analyses.ts';
import { registerPreferenceRoutes } from './preferences.ts';
import { registerRiskRoutes } from './risk.ts';
import { registerMasterRoutes } from './master.ts';
import { registerImportRoutes } from './imports.ts';
import { registerSystemRoutes } from './system.ts';
import { registerAiRoutes } from './ai.ts';
import { registerOpenApiRoutes } from './openapi.ts';
import { registerWatchlistRoutes } from './watchlists.ts';
import { registerRuleRoutes } from './rules.ts';
import { registerFindingRoutes } from './findings.ts';
import { registerSuppressionRoutes } from './suppressions.ts';

export function registerAllRoutes(r: RouteRegistrar): void {
  registerCsrfRoutes(r);
  registerFileRoutes(r);
  registerAccessRequestRoutes(r);
  registerAnalysisRoutes(r);
  registerPreferenceRoutes(r);
  registerRiskRoutes(r);
  registerMasterRoutes(r);
  registerImportRoutes(r);
  registerSystemRoutes(r);
  registerAiRoutes(r);
  registerOpenApiRoutes(r, registerAllRoutes);
  registerWatchlistRoutes(r);
  registerRuleRoutes(r);
  registerFindingRoutes(r);
  registerSuppressionRoutes(r);
}
