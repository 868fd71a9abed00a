import { useState, type ReactNode } from 'react';
import { Avatar, Flex, Input, Space, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_PICKER_PAGE_SIZE, MEMBER_PICKER_WIDTH, memberEndpoints, type AnyEndpoint, type MemberPickerRow, type Page, type Returns } from '@agora/contract';
import { api, apiKey } from '@/lib/api';
import { useDebouncedValue } from '../useDebouncedValue';
import { PagedPickerDialog, nextPageNo } from './PagedPickerDialog';

/** A paged member list taking `keyword`, `page_no` and `page_size`. */
export type MemberSearchEndpoint<Row extends MemberPickerRow> = AnyEndpoint & { method: 'GET'; response?: Returns<Page<Row>> };

export interface MemberPickerProps<Row extends MemberPickerRow = MemberPickerRow> {
  open: boolean;
  /**
   * The member list it pages through: `admin/members` by default; a screen may name its own
   * (e.g. the shop-add page's `admin/shops/members`, open to its role).
   */
  endpoint?: MemberSearchEndpoint<Row>;
  /** most members that may be chosen; below 1 unlimited, 1 a single choice */
  limit?: number;
  value?: readonly Row[];
  /** a member that cannot be chosen on this screen, and why (shown beside the name) */
  unavailable?(row: Row): ReactNode;
  onConfirm(rows: Row[]): void;
  onCancel(): void;
}

const memberKey = (row: MemberPickerRow) => row.member_id;

function MemberPickerDialog<Row extends MemberPickerRow>({
  endpoint = memberEndpoints.list as MemberSearchEndpoint<MemberPickerRow> as MemberSearchEndpoint<Row>,
  limit = 0,
  value = [],
  unavailable,
  onConfirm,
  onCancel,
}: Omit<MemberPickerProps<Row>, 'open'>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const pages = useInfiniteQuery({
    queryKey: [...apiKey(endpoint), 'picker', keyword],
    queryFn: ({ pageParam }) =>
      (api as (e: AnyEndpoint, input: { query: object }) => Promise<Page<Row>>)(endpoint, { query: { keyword, page_no: pageParam, page_size: MEMBER_PICKER_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<Row> = [
    {
      title: t('pickers.member.name'),
      key: 'member',
      render: (_, row) => {
        const reason = unavailable?.(row);
        return (
          <Space>
            <Avatar src={row.face || undefined} size={36}>
              {row.uname.slice(0, 1).toUpperCase()}
            </Avatar>
            <Typography.Text strong>{row.uname}</Typography.Text>
            {reason && <Typography.Text type="warning">{reason}</Typography.Text>}
          </Space>
        );
      },
    },
    { title: t('pickers.member.mobile'), dataIndex: 'mobile', width: 180 },
    {
      title: t('pickers.member.sex'),
      dataIndex: 'sex',
      width: 90,
      render: (sex: 0 | 1) => (sex === 1 ? t('pickers.member.male') : t('pickers.member.female')),
    },
  ];

  return (
    <PagedPickerDialog<Row>
      title={t('pickers.member.title')}
      width={MEMBER_PICKER_WIDTH}
      limit={limit}
      initial={value}
      keyOf={memberKey}
      columns={columns}
      pages={pages}
      rowDisabled={unavailable ? (row) => Boolean(unavailable(row)) : undefined}
      onConfirm={onConfirm}
      onCancel={onCancel}
      filters={
        <Flex>
          <Input.Search
            allowClear
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={setTyped}
            placeholder={t('pickers.member.keyword')}
            style={{ width: 320 }}
          />
        </Flex>
      }
    />
  );
}

/** Member picker (spec §2: 900px; maximum / selected / remaining counts; pages by "load more"). */
export function MemberPicker<Row extends MemberPickerRow = MemberPickerRow>({ open, ...props }: MemberPickerProps<Row>) {
  return open ? <MemberPickerDialog<Row> {...props} /> : null;
}
