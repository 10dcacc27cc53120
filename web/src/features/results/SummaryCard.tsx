import { Card, SimpleGrid, Text } from '@mantine/core';
import type { AnalysisResult } from '../../api/types.ts';
import { formatNumber } from '../../lib/format.ts';
import { NoRecordsNotice } from './NoRecordsNotice.tsx';
import { RiskBadge, RiskReason } from './RiskBadge.tsx';
import { hasNoRecords, isTicketsOnly } from './risk.ts';
import { Stat } from './Stat.tsx';
import { detectionRate, fileTypeLabel, filesAnalyzed, isMulti, totalsOf } from './result-figures.ts';

export function SummaryCard({ result }: { result: AnalysisResult }) {
  const { total, flagged } = totalsOf(result);
  const multi = isMulti(result);
  const riskPct = result.correlation_results?.risk_correlation?.risk_percentage;
  // Ticket files alone are no evidence either way: the engine says No data and why (DETECTION.md 2).
  const ticketsOnly = isTicketsOnly(result.risk, total);
  const empty = hasNoRecords(total, flagged) || ticketsOnly;
  return (
    <Card withBorder component="section" aria-labelledby="summary-title">
      <Text id="summary-title" fw={600} size="lg" mb="sm">
        Summary
      </Text>
      {multi ? (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Stat label="Files Analyzed" value={String(filesAnalyzed(result).length)} />
          <Stat label="Total Records" value={formatNumber(total)} />
          <Stat label="Total Flagged" value={formatNumber(flagged)} />
          <Stat label="Share of records flagged" value={empty ? 'No data' : `${(riskPct ?? Number(detectionRate(flagged, total))).toFixed(2)}%`} note="flagged records of all records read" />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Stat label="File Type" value={fileTypeLabel(result)} />
          <Stat label="Total Records" value={formatNumber(total)} />
          <Stat label="Flagged Records" value={formatNumber(flagged)} />
          <Stat label="Share of records flagged" value={empty ? 'No data' : `${detectionRate(flagged, total)}%`} note="flagged records of all records read" />
        </SimpleGrid>
      )}
      <div style={{ marginTop: 12 }}>
        <RiskBadge flagged={flagged} total={total} risk={result.risk} ticketsOnly={ticketsOnly} />
        <RiskReason result={result} />
      </div>
      {empty && (
        <div style={{ marginTop: 12 }}>
          <NoRecordsNotice reason={ticketsOnly ? result.no_data_reason : undefined} />
        </div>
      )}
    </Card>
  );
}
