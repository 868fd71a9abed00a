import { CategoryReportPage } from './CategoryReportPage';

export default function IndustryScalePage() {
  return <CategoryReportPage report="industryScale" />;
}
