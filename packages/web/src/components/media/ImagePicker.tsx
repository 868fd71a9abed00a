import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Progress, Select, Typography, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_PICKER_UPLOAD_LIMIT,
  IMAGE_PICKER_WIDTH,
  OPT_TYPES,
  UPLOAD_IMAGE_EXTS,
  optValueProblem,
  type ImageOperation,
  type OptType,
  type UploadResult,
} from '@agora/contract';
import { toast } from '@/lib/feedback';
import { localizeMsg } from '@/lib/locale';
import { mediaMsg } from './messages';
import { uploadFile } from './queries';

/** One picture of the result (spec §3): the local preview, the upload's answer and its click action. */
export interface ImagePickerItem {
  uid: string;
  /** an object URL of the local file, for previews */
  blob: string;
  response: UploadResult;
  operation: ImageOperation;
}

interface Entry {
  uid: string;
  name: string;
  blob: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
  response?: UploadResult;
  operation: ImageOperation;
}

const NO_OPERATION: ImageOperation = { opt_type: 'NONE', opt_value: '' };

/** A shop decorates only its own pages, so a seller's picture never links to another shop. */
export const optTypesFor = (type: 'admin' | 'seller'): readonly OptType[] => (type === 'admin' ? OPT_TYPES : OPT_TYPES.filter((opt) => opt !== 'SHOP'));

function ActionEditor({
  operation,
  optTypes,
  onSave,
  onCancel,
}: {
  operation: ImageOperation;
  optTypes: readonly OptType[];
  onSave(operation: ImageOperation): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(operation);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const problem = optValueProblem(draft.opt_type, draft.opt_value);
    if (problem) setError(localizeMsg(problem));
    else onSave({ opt_type: draft.opt_type, opt_value: draft.opt_type === 'NONE' ? '' : draft.opt_value.trim() });
  };
  return (
    <Flex vertical gap={8} style={{ flex: 1 }} data-testid="action-editor">
      <Flex gap={8}>
        <Select<OptType>
          aria-label={t('media.imagePicker.action')}
          style={{ width: 130 }}
          value={draft.opt_type}
          options={optTypes.map((opt) => ({ value: opt, label: t(`media.imagePicker.optType.${opt}`) }))}
          onChange={(opt_type) => {
            setDraft({ opt_type, opt_value: '' });
            setError(null);
          }}
        />
        {draft.opt_type !== 'NONE' && (
          <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ flex: 1, marginBottom: 0 }}>
            <Input
              aria-label={t('media.imagePicker.actionValue')}
              value={draft.opt_value}
              maxLength={500}
              placeholder={t(`media.imagePicker.placeholder.${draft.opt_type}`)}
              onChange={(event) => {
                setDraft({ ...draft, opt_value: event.target.value });
                setError(null);
              }}
              onPressEnter={save}
            />
          </Form.Item>
        )}
      </Flex>
      <Flex gap={8}>
        <Button size="small" type="primary" onClick={save}>
          {t('media.imagePicker.save')}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('media.imagePicker.cancel')}
        </Button>
      </Flex>
    </Flex>
  );
}

function PickerBody({
  type,
  limit,
  onClose,
  onConfirm,
}: {
  type: 'admin' | 'seller';
  limit: number;
  onClose(): void;
  onConfirm(items: ImagePickerItem[]): void;
}) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const count = useRef(0);
  const handedOver = useRef(false);
  const optTypes = optTypesFor(type);
  const blobs = useRef<string[]>([]);
  // Closing throws everything away, previews included — unless they went to the caller.
  useEffect(
    () => () => {
      if (!handedOver.current) blobs.current.forEach((blob) => URL.revokeObjectURL(blob));
    },
    [],
  );

  const update = (uid: string, change: Partial<Entry>) => setEntries((current) => current.map((entry) => (entry.uid === uid ? { ...entry, ...change } : entry)));
  const add = (file: File) => {
    const uid = `image-${Date.now()}-${(count.current += 1)}`;
    const blob = URL.createObjectURL(file);
    blobs.current.push(blob);
    setEntries((current) => [...current, { uid, name: file.name, blob, percent: 0, status: 'uploading', operation: NO_OPERATION }]);
    uploadFile(file, 'IMAGE', (percent) => update(uid, { percent }), 'picker')
      .then((response) => update(uid, { status: 'done', percent: 100, response }))
      .catch((error: Error) => update(uid, { status: 'error', error: error.message }));
  };
  const done = entries.filter((entry) => entry.status === 'done');
  const busy = entries.some((entry) => entry.status === 'uploading');
  // A refused file takes no place: it shows why until it is removed.
  const counted = entries.filter((entry) => entry.status !== 'error').length;

  return (
    <Modal
      open
      title={t('media.imagePicker.title')}
      width={IMAGE_PICKER_WIDTH}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ disabled: done.length === 0 || busy || editing !== null }}
      onOk={() => {
        handedOver.current = true;
        onConfirm(done.map((entry) => ({ uid: entry.uid, blob: entry.blob, response: entry.response!, operation: entry.operation })));
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex align="center" gap={12}>
          <Upload
            multiple
            accept={UPLOAD_IMAGE_EXTS.map((ext) => `.${ext}`).join(',')}
            showUploadList={false}
            beforeUpload={(file, batch) => {
              // The whole batch is refused when it would pass the limit (spec §5).
              if (counted + batch.length > limit) {
                if (file === batch[0]) toast.error(mediaMsg('uploadLimit'));
                return Upload.LIST_IGNORE;
              }
              add(file);
              return false;
            }}
          >
            <Button icon={<PlusOutlined />} disabled={counted >= limit}>
              {t('media.imagePicker.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">
            {t('media.imagePicker.hint', { limit })} ({counted}/{limit})
          </Typography.Text>
        </Flex>
        {entries.map((entry) => (
          <Flex key={entry.uid} gap={12} align="flex-start" data-testid="picker-item" style={{ padding: 8, border: '1px solid #f0f0f0', borderRadius: 6 }}>
            <img src={entry.blob} alt={entry.name} style={{ width: 80, height: 80, objectFit: 'cover', borderRadius: 4, flex: 'none' }} />
            {editing === entry.uid ? (
              <ActionEditor
                operation={entry.operation}
                optTypes={optTypes}
                onSave={(operation) => {
                  update(entry.uid, { operation });
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text ellipsis>{entry.name}</Typography.Text>
                {entry.status === 'uploading' && <Progress percent={entry.percent} size="small" />}
                {entry.status === 'error' && <Typography.Text type="danger">{entry.error ?? t('media.imagePicker.failed')}</Typography.Text>}
                {entry.status === 'done' && (
                  <Typography.Text type="secondary" data-testid="picker-action">
                    {t('media.imagePicker.action')}：{t(`media.imagePicker.optType.${entry.operation.opt_type}`)}
                    {entry.operation.opt_value ? ` ${entry.operation.opt_value}` : ''}
                  </Typography.Text>
                )}
              </Flex>
            )}
            {editing !== entry.uid && (
              <Flex gap={4} style={{ flex: 'none' }}>
                <Button size="small" type="link" disabled={entry.status !== 'done' || editing !== null} onClick={() => setEditing(entry.uid)}>
                  {t('media.imagePicker.editAction')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  danger
                  disabled={editing !== null}
                  onClick={() => setEntries((current) => current.filter((other) => other.uid !== entry.uid))}
                >
                  {t('media.imagePicker.remove')}
                </Button>
              </Flex>
            )}
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}

/**
 * The image picker (spec §2, §4, §5; 805px): upload up to `limit` pictures (10), give each a
 * click action (none, a site link starting with /, a keyword, or a goods, shop or category id),
 * editing one at a time and saving or cancelling the edit. Confirm hands over the items;
 * closing throws everything away.
 */
export function ImagePicker({
  open,
  type = 'admin',
  limit = IMAGE_PICKER_UPLOAD_LIMIT,
  onClose,
  onConfirm,
}: {
  open: boolean;
  type?: 'admin' | 'seller';
  limit?: number;
  onClose(): void;
  onConfirm(items: ImagePickerItem[]): void;
}) {
  return open ? <PickerBody type={type} limit={limit} onClose={onClose} onConfirm={onConfirm} /> : null;
}
