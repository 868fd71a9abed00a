import { Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pickerCounts } from '@agora/contract';

/** Spec §5: the goods and member pickers show the maximum, the selected and the remaining count. */
export function PickerCounts({ limit, selected }: { limit: number; selected: number }) {
  const { t } = useTranslation();
  const counts = pickerCounts(limit, selected);
  const amount = (count: number | null) => (count === null ? t('pickers.counts.unlimited') : t('pickers.counts.unit', { count }));
  return (
    <Space size="large" data-testid="picker-counts">
      <Typography.Text>
        {t('pickers.counts.max')}: <Typography.Text strong>{amount(counts.max)}</Typography.Text>
      </Typography.Text>
      <Typography.Text>
        {t('pickers.counts.selected')}: <Typography.Text strong type="success">{amount(counts.selected)}</Typography.Text>
      </Typography.Text>
      <Typography.Text>
        {t('pickers.counts.remaining')}: <Typography.Text strong>{amount(counts.remaining)}</Typography.Text>
      </Typography.Text>
    </Space>
  );
}

/** The counts with a "clear selection" link beside them, above a picker's list. */
export function PickerSelectionBar({ limit, selected, onClear }: { limit: number; selected: number; onClear(): void }) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <PickerCounts limit={limit} selected={selected} />
      <Button type="link" size="small" disabled={selected === 0} onClick={onClear}>
        {t('pickers.clearSelection')}
      </Button>
    </Flex>
  );
}
