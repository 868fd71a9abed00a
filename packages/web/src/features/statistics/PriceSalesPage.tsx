import { BandReportPage } from './BandReportPage';

export default function PriceSalesPage() {
  return <BandReportPage report="priceSales" />;
}
