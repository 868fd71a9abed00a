import type { ReactNode } from 'react';
import { Button, Flex, Modal, Table, Typography, type TableColumnsType } from 'antd';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@agora/contract';
import { PickerSelectionBar } from './PickerCounts';
import { useSelection } from './useSelection';

export interface PagedPickerDialogProps<Row> {
  title: ReactNode;
  width: number;
  limit: number;
  initial: readonly Row[];
  keyOf(row: Row): number;
  columns: TableColumnsType<Row>;
  /** the search and filter bar above the list */
  filters: ReactNode;
  pages: UseInfiniteQueryResult<InfiniteData<Page<Row>>>;
  /** why a row cannot be chosen (shown by the checkbox), or false */
  rowDisabled?(row: Row): boolean;
  onConfirm(rows: Row[]): void;
  onCancel(): void;
}

/**
 * The frame the goods and member pickers share (spec §2, §5, §7): a list that pages by "load more",
 * the chosen rows kept across searches, and the maximum / selected / remaining counts.
 */
export function PagedPickerDialog<Row extends object>({
  title,
  width,
  limit,
  initial,
  keyOf,
  columns,
  filters,
  pages,
  rowDisabled,
  onConfirm,
  onCancel,
}: PagedPickerDialogProps<Row>) {
  const { t } = useTranslation();
  const selection = useSelection(keyOf, limit, initial);
  const rows = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const total = pages.data?.pages[0]?.data_total ?? 0;

  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onCancel}
      onOk={() => onConfirm(selection.rows)}
      mask={{ closable: false }}
      styles={{ body: { paddingTop: 8 } }}
    >
      <Flex vertical gap={12}>
        {filters}
        <PickerSelectionBar limit={limit} selected={selection.rows.length} onClear={selection.clear} />
        <Table<Row>
          size="small"
          rowKey={keyOf}
          columns={columns}
          dataSource={rows}
          loading={pages.isFetching && !pages.isFetchingNextPage}
          pagination={false}
          scroll={{ y: 400 }}
          locale={{ emptyText: pages.isLoading ? t('common.loading') : t('common.empty') }}
          rowSelection={{
            type: selection.single ? 'radio' : 'checkbox',
            selectedRowKeys: [...selection.keys],
            preserveSelectedRowKeys: true,
            onSelect: (row, checked) => selection.toggle(row, checked),
            onSelectAll: (checked, _all, changed) => selection.toggleMany(changed.filter(Boolean), checked),
            getCheckboxProps: (row) => ({ disabled: selection.isBlocked(row) || (rowDisabled?.(row) ?? false) }),
          }}
          onRow={(row) => ({
            onClick: (event) => {
              // A click on a link or the checkbox itself is not a click on the row.
              if ((event.target as HTMLElement).closest('a, input, .ant-checkbox-wrapper, .ant-radio-wrapper')) return;
              if (selection.isBlocked(row) || rowDisabled?.(row)) return;
              selection.toggle(row, !selection.isSelected(row));
            },
          })}
        />
        {rows.length > 0 && (
          <Flex justify="center" align="center" gap={8}>
            {pages.hasNextPage ? (
              <Button loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {t('pickers.loadMore')} ({rows.length}/{total})
              </Button>
            ) : (
              <Typography.Text type="secondary">{t('pickers.noMore')}</Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}

/** `getNextPageParam` of a `{ data, page_no, page_size, data_total }` list. */
export const nextPageNo = (last: Page<unknown>): number | undefined =>
  last.page_no * last.page_size < last.data_total ? last.page_no + 1 : undefined;
