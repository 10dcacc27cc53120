import { fetchRiskExport, type RiskExport } from './risk-api.ts';

/** Gap between the two downloads, so browsers do not drop the second one (spec section 9). */
export const EXPORT_GAP_MS = 500;

/** Starts a browser download of a URL under a file name. */
export function triggerDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GET /risk-export, then downloads high_risk_tables.csv and, 500 ms later, high_risk_tcodes.csv.
 * Returns the counts for the toast.
 */
export async function exportRiskData(download: (url: string, fileName: string) => void = triggerDownload): Promise<RiskExport> {
  const result = await fetchRiskExport();
  download(result.tablesUrl, 'high_risk_tables.csv');
  await wait(EXPORT_GAP_MS);
  download(result.tcodesUrl, 'high_risk_tcodes.csv');
  return result;
}

export function exportToastText(result: Pick<RiskExport, 'tablesCount' | 'tcodesCount'>): string {
  return `Exported ${result.tablesCount} tables and ${result.tcodesCount} transaction codes`;
}
