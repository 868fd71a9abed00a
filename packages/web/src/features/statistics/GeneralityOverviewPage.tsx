import { CategoryReportPage } from './CategoryReportPage';

export default function GeneralityOverviewPage() {
  return <CategoryReportPage report="generalityOverview" />;
}
