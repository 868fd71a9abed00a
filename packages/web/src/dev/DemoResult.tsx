import { Typography } from 'antd';

/** Shows what a widget handed back, the way the screen using it would receive it. */
export function DemoResult({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <Typography.Paragraph>
      <pre data-testid={testId} style={{ margin: '12px 0 0', maxHeight: 240, overflow: 'auto', fontSize: 12 }}>
        {value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </Typography.Paragraph>
  );
}
