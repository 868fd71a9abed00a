import { useState } from 'react';
import { Alert, Button, Flex, InputNumber, Modal, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PRICE_RANGES,
  PRICE_RANGES_MAX,
  PRICE_RANGE_PICKER_WIDTH,
  addPriceRange,
  defaultPriceRangesProblem,
  lastPriceRangeValid,
  removePriceRange,
  type PriceRange,
} from '@agora/contract';
import { toast } from '@/lib/feedback';
import { localizeMsg, msg } from '@/lib/locale';
import { useOnOpen } from './dialogForm';

export interface PriceRangePickerProps {
  open: boolean;
  /** the ranges to start from (spec §5: each low below its high and above the previous low) */
  value?: readonly PriceRange[];
  /** most ranges (spec §9: 10) */
  max?: number;
  /** decimals of a range's values (2: cents; 0: whole yuan, as the statistics' bands are) */
  precision?: number;
  onConfirm(ranges: PriceRange[]): void;
  onCancel(): void;
}

const copy = (ranges: readonly PriceRange[]): PriceRange[] => ranges.map(([low, high]) => [low, high]);

/**
 * Price range picker (spec §2: 450px; §5 rules). Each range starts where the previous ends; only
 * the last range's upper value is edited. A new range runs from the previous high to that plus 1.
 */
export function PriceRangePicker({ open, value = DEFAULT_PRICE_RANGES, max = PRICE_RANGES_MAX, precision = 2, onConfirm, onCancel }: PriceRangePickerProps) {
  const { t } = useTranslation();
  const [ranges, setRanges] = useState<PriceRange[]>(() => copy(value));
  const [problem, setProblem] = useState<string | null>(null);

  useOnOpen(open, () => {
    const found = defaultPriceRangesProblem(value, max);
    setProblem(found && localizeMsg(found));
    setRanges(copy(found ? DEFAULT_PRICE_RANGES : value));
  });

  const last = ranges.length - 1;
  const setLastHigh = (high: number | null) =>
    setRanges((current) => current.map((range, index): PriceRange => (index === current.length - 1 ? [range[0], high ?? Number.NaN] : range)));

  const add = () => {
    if (!lastPriceRangeValid(ranges)) {
      toast.error(msg('priceRangeLastInvalid'));
      return;
    }
    setRanges(addPriceRange(ranges, max));
  };

  const confirm = () => {
    if (!lastPriceRangeValid(ranges)) {
      toast.error(msg('priceRangeLastInvalid'));
      return;
    }
    onConfirm(copy(ranges));
  };

  return (
    <Modal
      open={open}
      title={t('pickers.priceRange.title')}
      width={PRICE_RANGE_PICKER_WIDTH}
      onOk={confirm}
      onCancel={onCancel}
      okButtonProps={{ disabled: problem !== null }}
      mask={{ closable: false }}
      keyboard={false}
    >
      {problem ? (
        <Alert type="error" showIcon title={problem} />
      ) : (
        <Flex vertical gap={10}>
          {ranges.map(([low, high], index) => (
            <Flex key={index} align="center" gap={8} data-testid="price-range">
              <Typography.Text style={{ width: 56 }}>{t('pickers.priceRange.group', { n: index + 1 })}</Typography.Text>
              <InputNumber value={low} disabled precision={precision} controls={false} style={{ width: 110 }} aria-label={`${index + 1}-low`} />
              <span>-</span>
              <InputNumber
                value={Number.isNaN(high) ? null : high}
                disabled={index !== last}
                min={0}
                precision={precision}
                controls={false}
                style={{ width: 110 }}
                aria-label={`${index + 1}-high`}
                onChange={(next) => setLastHigh(typeof next === 'number' ? next : null)}
              />
              {index === last && (
                <>
                  {index > 0 && (
                    <Tooltip title={t('pickers.priceRange.remove')}>
                      <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('pickers.priceRange.remove')} onClick={() => setRanges(removePriceRange(ranges))} />
                    </Tooltip>
                  )}
                  <Tooltip title={t('pickers.priceRange.add')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<PlusOutlined />}
                      aria-label={t('pickers.priceRange.add')}
                      disabled={ranges.length >= max}
                      onClick={add}
                    />
                  </Tooltip>
                </>
              )}
            </Flex>
          ))}
        </Flex>
      )}
    </Modal>
  );
}
