import { useRef, useState, type CSSProperties } from 'react';
import { Button, Modal, Typography, Upload, type UploadProps } from 'antd';
import { ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MSG, ROUTE_BY_NAME, taskEndpoints, type AnyEndpoint } from '@agora/contract';
import { api, apiKey } from '@/lib/api';
import { toast } from '@/lib/feedback';
import { usePermissions } from '@/lib/permissions';

/**
 * The upload of an import sheet (docs/jobs.md): posts the chosen .xlsx as the `file` part to the
 * import's multipart endpoint, which checks it and queues the import; says so and refreshes the
 * import records. One upload at a time. For an antd `Upload`'s `customRequest`.
 */
export function useImportUpload(endpoint: AnyEndpoint, onQueued?: () => void): NonNullable<UploadProps['customRequest']> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const uploading = useRef(false);
  return ({ file, onSuccess, onError }) => {
    if (uploading.current) return;
    uploading.current = true;
    const body = new FormData();
    body.append('file', file as Blob);
    api(endpoint, { body } as never)
      .then((answer) => {
        toast.success(t('tasks.messages.importQueued'));
        void queryClient.invalidateQueries({ queryKey: apiKey(taskEndpoints.list) });
        onSuccess?.(answer);
        onQueued?.();
      })
      .catch((error: Error) => onError?.(error))
      .finally(() => (uploading.current = false));
  };
}

export interface ImportButtonProps {
  /** the import's `POST …/import` (multipart) entry */
  endpoint: AnyEndpoint;
  /** the dialog's title */
  title: string;
  /** what the sheet must hold, a line each */
  notes: string[];
  style?: CSSProperties;
}

/**
 * 导入 of a list: a dialog that says what the sheet must hold and takes an .xlsx (chosen or
 * dropped). Once the server has queued the import, a role with importRecord is taken to the import
 * records to follow it and fetch the error report; one without is told so and stays (spec §6, as
 * ExportButton does for exports).
 */
export function ImportButton({ endpoint, title, notes, style }: ImportButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const [open, setOpen] = useState(false);
  const upload = useImportUpload(endpoint, () => {
    setOpen(false);
    if (hasPermission('importRecord')) navigate(ROUTE_BY_NAME.get('importRecord')?.path ?? '/');
    else toast.warning(MSG.noDeriveRecord);
  });
  return (
    <>
      <Button icon={<ImportOutlined />} style={style} onClick={() => setOpen(true)}>
        {t('tasks.actions.import')}
      </Button>
      {open && (
        <Modal open title={title} footer={null} onCancel={() => setOpen(false)}>
          <ul style={{ paddingInlineStart: 20, marginBottom: 16 }}>
            {notes.map((note) => (
              <li key={note}>
                <Typography.Text type="secondary">{note}</Typography.Text>
              </li>
            ))}
          </ul>
          <Upload.Dragger accept=".xlsx" maxCount={1} customRequest={upload}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('tasks.actions.dropSheet')}</p>
          </Upload.Dragger>
        </Modal>
      )}
    </>
  );
}
