import { useLocation, useParams } from '@tanstack/react-router';
import { AnalysisPage } from './AnalysisPage.tsx';

export function AnalysisRoute() {
  const { analysisId } = useParams({ from: '/_app/analysis/$analysisId' });
  const start = useLocation({ select: (location) => location.state.analysisStart });
  return <AnalysisPage analysisId={analysisId} start={start} />;
}
