import type { Key, ReactNode } from 'react';
import { Button, Flex, Table, Typography, type TableColumnType, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { ListView } from './useListPage';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** A column; `sortKey` names the list query's `sort` value that orders by it. */
export type ListColumn<T> = TableColumnType<T> & { sortKey?: string };

interface ListTableProps<T> extends Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'loading' | 'onChange'> {
  list: ListView;
  columns: ListColumn<T>[];
  /** shown when the list is empty (not when it failed) */
  emptyText?: ReactNode;
}

/** What a table needs of the read behind it. */
interface ReadState {
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

/** A failed read says so and offers to read again where the rows would be: a passing outage needs no reload of the page. */
function Failed({ result }: { result: ReadState }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }}>
      <Typography.Text type="danger">{t('common.loadFailed')}</Typography.Text>
      <Button icon={<ReloadOutlined />} onClick={() => result.refetch()}>
        {t('common.retry')}
      </Button>
    </Flex>
  );
}

/** What every table of a list shows alike: loading, the empty and failed states, and the layout. */
function shell(result: ReadState, scroll: TableProps<object>['scroll'], empty: ReactNode) {
  return {
    loading: result.isFetching,
    scroll: { x: 'max-content' as const, ...scroll },
    locale: { emptyText: result.isError ? <Failed result={result} /> : empty },
  };
}

/**
 * The table shell of every list page: rows, loading, empty and failed states, paging and sorting
 * bound to the list's URL state. Columns size to their content and the table scrolls sideways
 * when the window is narrower, so a pinned action column never covers another column.
 */
export function ListTable<T extends object>({ list, columns, emptyText, scroll, ...rest }: ListTableProps<T>) {
  const { t } = useTranslation();
  const { page, result, query } = list;
  const current = query as { page_no: number; page_size: number; sort?: string; order?: 'asc' | 'desc' };
  const sortedColumns = columns.map(({ sortKey, ...column }) =>
    sortKey
      ? {
          ...column,
          key: column.key ?? sortKey,
          sorter: true,
          sortOrder: current.sort === sortKey ? (current.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
        }
      : column,
  );
  const sortKeyOf = new Map<Key, string>(columns.flatMap((column) => (column.sortKey ? [[column.key ?? column.sortKey, column.sortKey] as [Key, string]] : [])));

  return (
    <Table<T>
      {...rest}
      {...shell(result, scroll, emptyText ?? t('common.empty'))}
      columns={sortedColumns}
      dataSource={page?.data as T[] | undefined}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
        const sort = one?.order && one.columnKey !== undefined ? sortKeyOf.get(one.columnKey) : undefined;
        list.filter({ sort, order: sort ? (one?.order === 'ascend' ? 'asc' : 'desc') : undefined });
      }}
      pagination={{
        current: current.page_no,
        pageSize: current.page_size,
        total: page?.data_total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        showTotal: (total) => t(page?.data_total_estimated ? 'common.list.totalEstimated' : 'common.list.total', { total }),
        onChange: (pageNo, pageSize) =>
          list.write({ page_no: pageSize === current.page_size ? pageNo : 1, page_size: pageSize, ...Object.fromEntries(Object.keys(list.ui).map((key) => [key, undefined])) }),
      }}
    />
  );
}

/** A list read whole (a handful of member levels): the answer of `useApi` on an endpoint that answers an array. */
interface WholeList<T> {
  data: readonly T[] | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch(): unknown;
}

interface WholeListTableProps<T> extends Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'loading'> {
  list: WholeList<T>;
  columns: TableColumnType<T>[];
  emptyText?: ReactNode;
}

/** The same shell for a list that has no pages: every row at once, laid out like every other list. */
export function WholeListTable<T extends object>({ list, columns, emptyText, scroll, ...rest }: WholeListTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      {...rest}
      {...shell(list, scroll, emptyText ?? t('common.empty'))}
      columns={columns}
      dataSource={list.data as T[] | undefined}
      pagination={false}
    />
  );
}
