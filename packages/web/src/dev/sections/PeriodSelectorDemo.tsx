import { useState } from 'react';
import type { PeriodResult } from '@agora/contract';
import { PeriodSelector } from '@/components/PeriodSelector';
import { DemoResult } from '../DemoResult';

export default function PeriodSelectorDemo() {
  const [result, setResult] = useState<PeriodResult>();
  return (
    <>
      <PeriodSelector onChange={setResult} />
      <DemoResult value={result} />
    </>
  );
}
