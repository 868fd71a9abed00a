import { BandReportPage } from './BandReportPage';

export default function CustomerPriceDistributionPage() {
  return <BandReportPage report="orderValue" />;
}
