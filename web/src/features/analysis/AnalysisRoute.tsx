import { useParams } from '@tanstack/react-router';
import { AnalysisPage } from './AnalysisPage.tsx';

export function AnalysisRoute() {
  const { analysisId } = useParams({ from: '/_app/analysis/$analysisId' });
  return <AnalysisPage analysisId={analysisId} />;
}
