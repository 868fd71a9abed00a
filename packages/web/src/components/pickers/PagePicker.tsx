import { useState } from 'react';
import { Flex, Input, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PAGE_NAME_MAX,
  PAGE_PICKER_PAGE_SIZES,
  PAGE_PICKER_WIDTH,
  isUnlimited,
  pageEndpoints,
  type PageClientType,
  type PageRow,
} from '@agora/contract';
import { useApi } from '@/lib/api';
import { msg } from '@/lib/locale';
import { toast } from '@/lib/feedback';
import { formatUnixTime } from '../formatTime';
import { useDebouncedValue } from '../useDebouncedValue';
import { PickerSelectionBar } from './PickerCounts';
import { useSelection } from './useSelection';

export interface PagePickerProps {
  open: boolean;
  /** whose pages: the PC site's or the mobile site's */
  clientType: PageClientType;
  /** most pages that may be chosen: -1 (or below 1) unlimited, 1 a single choice */
  limit?: number;
  value?: readonly PageRow[];
  onConfirm(rows: PageRow[]): void;
  onCancel(): void;
}

const pageKey = (row: PageRow) => row.page_id;

function PagePickerDialog({ clientType, limit = -1, value = [], onConfirm, onCancel }: Omit<PagePickerProps, 'open'>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const [paging, setPaging] = useState({ page_no: 1, page_size: PAGE_PICKER_PAGE_SIZES[0] as number });
  const list = useApi(pageEndpoints.list, { query: { client_type: clientType, publish_status: 'YES', keyword: keyword || undefined, ...paging } });
  const selection = useSelection(pageKey, limit, value);
  const unlimited = isUnlimited(limit);
  const tooMany = () => toast.warning(msg('pageLimitExceeded', { limit }));

  const choose = (row: PageRow, checked: boolean) => {
    if (checked && !selection.single && selection.full && !selection.isSelected(row)) return tooMany();
    selection.toggle(row, checked);
  };
  const chooseMany = (rows: PageRow[], checked: boolean) => {
    if (checked && !unlimited) {
      const adding = rows.filter((row) => !selection.isSelected(row)).length;
      if (selection.rows.length + adding > limit) tooMany();
    }
    selection.toggleMany(rows, checked);
  };

  const columns: TableColumnsType<PageRow> = [
    {
      title: t('pages.columns.name'),
      dataIndex: 'page_name',
      render: (name: string, row) => (
        <Flex gap={8} align="center">
          <Typography.Text strong>{name}</Typography.Text>
          {row.is_index === 1 && <Tag color="gold">{t('pages.home')}</Tag>}
        </Flex>
      ),
    },
    { title: t('pages.columns.description'), dataIndex: 'description', ellipsis: true },
    { title: t('pages.columns.createTime'), dataIndex: 'create_time', width: 170, render: formatUnixTime },
  ];

  return (
    <Modal
      open
      title={`${t('pages.picker.title')} · ${t(`pages.client.${clientType}`)}`}
      width={PAGE_PICKER_WIDTH}
      onCancel={onCancel}
      onOk={() => onConfirm(selection.rows)}
      mask={{ closable: false }}
      styles={{ body: { paddingTop: 8 } }}
    >
      <Flex vertical gap={12}>
        <Flex>
          <Input.Search
            allowClear
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setPaging((current) => ({ ...current, page_no: 1 }));
            }}
            onSearch={setTyped}
            placeholder={t('pages.keyword')}
            maxLength={PAGE_NAME_MAX}
            style={{ width: 320 }}
          />
        </Flex>
        <PickerSelectionBar limit={limit} selected={selection.rows.length} onClear={selection.clear} />
        <Table<PageRow>
          size="small"
          rowKey={pageKey}
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isFetching}
          scroll={{ y: 420 }}
          locale={{ emptyText: list.isLoading ? t('common.loading') : t('common.empty') }}
          rowSelection={{
            type: selection.single ? 'radio' : 'checkbox',
            selectedRowKeys: [...selection.keys],
            preserveSelectedRowKeys: true,
            onSelect: (row, checked) => choose(row, checked),
            onSelectAll: (checked, _all, changed) => chooseMany(changed.filter(Boolean), checked),
          }}
          onRow={(row) => ({
            onClick: (event) => {
              if ((event.target as HTMLElement).closest('a, input, .ant-checkbox-wrapper, .ant-radio-wrapper')) return;
              choose(row, !selection.isSelected(row));
            },
          })}
          pagination={{
            current: paging.page_no,
            pageSize: paging.page_size,
            total: list.data?.data_total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [...PAGE_PICKER_PAGE_SIZES],
            showTotal: (total) => t('pages.total', { total }),
            onChange: (page_no, page_size) => setPaging({ page_no: page_size === paging.page_size ? page_no : 1, page_size }),
          }}
        />
      </Flex>
    </Modal>
  );
}

/**
 * Page picker (spec §2, §4, §9): 1000px; the client's published pages (`GET {type}/pages` with
 * publish_status YES), 20 / 50 / 100 / 200 a page; choosing past the limit says
 * 可选数量超过最大限制：{limit}个！ (-1 unlimited; 1 a single choice that the next one replaces).
 */
export function PagePicker({ open, ...props }: PagePickerProps) {
  return open ? <PagePickerDialog {...props} /> : null;
}
