import { useState } from 'react';
import { Button, Space } from 'antd';
import { TwoStepDialog } from '@/components/TwoStepDialog';
import { DemoResult } from '../DemoResult';

export default function TwoStepDemo() {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<string>();
  return (
    <>
      <Space>
        <Button onClick={() => setOpen(true)}>Open the second-step dialog</Button>
      </Space>
      <TwoStepDialog
        open={open}
        onPassed={() => {
          setOpen(false);
          setOutcome('passed');
        }}
        onCancel={() => {
          setOpen(false);
          setOutcome('cancelled');
        }}
      />
      <DemoResult value={outcome} />
    </>
  );
}
