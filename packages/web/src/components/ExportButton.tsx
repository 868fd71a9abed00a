import { Button, Popconfirm } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MSG, ROUTE_BY_NAME, type AnyEndpoint } from '@agora/contract';
import { useApiMutation } from '@/lib/api';
import { toast } from '@/lib/feedback';
import { usePermissions } from '@/lib/permissions';
import { useTwoStep } from './TwoStepDialog';

export interface ExportButtonProps {
  /** the list's `POST …/export` entry, whose body is the list's query */
  endpoint: AnyEndpoint;
  /** the list's current query (useListPage's `query`, fixed values included): its paging is left out */
  query: object;
  /** the path's values, for an export of one record (a bill's items) */
  params?: object;
  /** the confirmation, when the list has words of its own for it */
  confirm?: string;
  style?: CSSProperties;
}

/**
 * 导出 of a list (docs/jobs.md): after a confirmation, exports everything the list shows under its
 * current filters and sort — every page, not the one shown — as a background task. When the
 * server asks for the second step (428) the verification dialog opens and the export goes again
 * once it passes. Spec §6: a role with deriveRecord is then taken to the export records, one
 * without is told 当前角色未开启后台任务权限，请开启后查看！ and stays.
 */
export function ExportButton({ endpoint, query, params, confirm, style }: ExportButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const { attempt, dialog } = useTwoStep();
  const exporting = useApiMutation(endpoint, { invalidates: ['tasks'] });

  const start = () => {
    const { page_no: _page, page_size: _size, cursor: _cursor, ...filters } = query as Record<string, unknown>;
    attempt(
      () => exporting.mutateAsync((params ? { params, body: filters } : { body: filters }) as never),
      () => {
        if (hasPermission('deriveRecord')) {
          toast.success(t('tasks.messages.exportQueued'));
          navigate(ROUTE_BY_NAME.get('deriveRecord')?.path ?? '/');
        } else toast.warning(MSG.noDeriveRecord);
      },
    );
  };

  return (
    <>
      <Popconfirm title={confirm ?? t('tasks.confirm.exportList')} onConfirm={start}>
        <Button icon={<ExportOutlined />} loading={exporting.isPending} style={style}>
          {t('tasks.actions.export')}
        </Button>
      </Popconfirm>
      {dialog}
    </>
  );
}
