import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Form, Modal, Progress, Typography, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_PICKER_UPLOAD_LIMIT,
  IMAGE_PICKER_WIDTH,
  OPT_TYPES,
  UPLOAD_IMAGE_EXTS,
  type ImageOperation,
  type OptType,
  type UploadResult,
} from '@agora/contract';
import { toast } from '@/lib/feedback';
import { ActionFields } from '../ActionFields';
import { useCategory } from '../CategoryCascader';
import { mediaMsg } from './messages';
import { useUploadFile } from './queries';

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

/** The form of one picture's action: the shared action fields (and rules) of the text picker and floor tags. */
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
  const [form] = Form.useForm<ImageOperation>();
  const save = (values: ImageOperation) => {
    const opt_type = values.opt_type ?? 'NONE';
    onSave({ opt_type, opt_value: opt_type === 'NONE' ? '' : String(values.opt_value ?? '').trim() });
  };
  return (
    <Form<ImageOperation> form={form} component={false} initialValues={operation} onFinish={save}>
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }} data-testid="action-editor">
        <Flex gap={8} align="flex-start" onKeyDown={(event) => {
            // Enter in the value box saves, as a form would; Enter in a dropdown only chooses.
            const target = event.target as HTMLElement;
            if (event.key === 'Enter' && target.tagName === 'INPUT' && target.getAttribute('role') !== 'combobox') form.submit();
          }}>
          <ActionFields layout="inline" optTypes={optTypes} />
        </Flex>
        <Flex gap={8}>
          <Button size="small" type="primary" onClick={() => form.submit()}>
            {t('media.imagePicker.save')}
          </Button>
          <Button size="small" onClick={onCancel}>
            {t('media.imagePicker.cancel')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

/** "点击动作：链接地址 /goods/1"; a category by its name. */
function ActionSummary({ operation }: { operation: ImageOperation }) {
  const { t } = useTranslation();
  const categoryId = operation.opt_type === 'CATEGORY' && /^\d+$/.test(operation.opt_value) ? Number(operation.opt_value) : undefined;
  const category = useCategory(categoryId);
  const value = categoryId ? (category.data?.name ?? operation.opt_value) : operation.opt_value;
  return (
    <Typography.Text type="secondary" data-testid="picker-action">
      {t('media.imagePicker.action')}：{t(`pickers.opt.types.${operation.opt_type}`)}
      {value ? ` ${value}` : ''}
    </Typography.Text>
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
  const uploadFile = useUploadFile();
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
                {entry.status === 'done' && <ActionSummary operation={entry.operation} />}
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
