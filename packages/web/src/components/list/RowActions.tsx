import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import type { ListColumn } from './ListTable';

/** One link of a row's action column. */
export interface RowAction {
  /** the button's text, also its key: unique within the row */
  label: string;
  onClick(): void;
  /** asks first with this question (a destructive or irreversible action) */
  confirm?: ReactNode;
  danger?: boolean;
  /** shown greyed out, with the reason it cannot be done as its tooltip */
  disabledReason?: ReactNode;
}

/** A falsy entry is an action this row does not offer: `cond && { … }` reads as the rule. */
export type RowActionList = (RowAction | false | null | undefined | 0)[];

/** The links of one row: plain, asking first, or greyed out with why. */
export function RowActions({ actions }: { actions: RowActionList }) {
  return (
    <Space size={0}>
      {actions.filter((action): action is RowAction => Boolean(action)).map((action) => {
        if (action.disabledReason)
          return (
            <Tooltip key={action.label} title={action.disabledReason}>
              <Button type="link" size="small" danger={action.danger} disabled>
                {action.label}
              </Button>
            </Tooltip>
          );
        if (action.confirm)
          return (
            <Popconfirm key={action.label} title={action.confirm} okButtonProps={{ danger: action.danger }} onConfirm={action.onClick}>
              <Button type="link" size="small" danger={action.danger}>
                {action.label}
              </Button>
            </Popconfirm>
          );
        return (
          <Button key={action.label} type="link" size="small" danger={action.danger} onClick={action.onClick}>
            {action.label}
          </Button>
        );
      })}
    </Space>
  );
}

/** The action column pinned at the table's end: `title` is 操作 (t('common.actions.operation')). */
export function actionColumn<T>(title: string, actions: (row: T) => RowActionList): ListColumn<T> {
  return { title, key: 'actions', fixed: 'end', render: (_value: unknown, row: T) => <RowActions actions={actions(row)} /> };
}
