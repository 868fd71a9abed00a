import { useState } from 'react';
import { Button, Cascader, Form, Modal, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  UPLOAD_IMAGE_EXTS,
  UPLOAD_VIDEO_EXTS,
  mediaEndpoints,
  type Resource,
  type ResourceGroupNode,
  type ResourceGroupType,
  type UploadResult,
} from '@agora/contract';
import { useApiMutation } from '@/lib/api';
import { resourceNameOf, uploadMaxMb, useUploadFile, useUploadLimits } from './queries';

interface GroupOption {
  value: number;
  label: string;
  children?: GroupOption[];
}

export function groupOptions(groups: ResourceGroupNode[]): GroupOption[] {
  return groups.map((group) => ({
    value: group.group_id,
    label: group.group_name,
    ...(group.children.length ? { children: groupOptions(group.children) } : {}),
  }));
}

/** The ids from the top down to `id` (the cascader's value for a group). */
export function groupPath(groups: ResourceGroupNode[], id: number): number[] {
  for (const group of groups) {
    if (group.group_id === id) return [id];
    const below = groupPath(group.children, id);
    if (below.length) return [group.group_id, ...below];
  }
  return [];
}

/**
 * The upload sub-dialog of the media library: a group, then any number of files, each
 * uploading at once with its own progress and, when the server refuses it, the server's
 * reason beside it. Confirm keeps the uploaded ones in the library (disabled with none).
 */
export function UploadDialog({
  type,
  groups,
  groupId,
  onClose,
  onDone,
}: {
  type: ResourceGroupType;
  groups: ResourceGroupNode[];
  groupId: number;
  onClose(): void;
  onDone(resources: Resource[], groupId: number): void;
}) {
  const { t } = useTranslation();
  const limits = useUploadLimits();
  const upload = useUploadFile();
  const [files, setFiles] = useState<UploadFile<UploadResult>[]>([]);
  const [target, setTarget] = useState<number[]>(groupId > 0 ? groupPath(groups, groupId) : [0]);
  const add = useApiMutation(mediaEndpoints.add, { success: (resources) => ['media.upload.added', { count: resources.length }] });
  const exts = type === 'IMAGE' ? UPLOAD_IMAGE_EXTS : UPLOAD_VIDEO_EXTS;
  const uploaded = files.filter((file) => file.status === 'done' && file.response);
  const busy = files.some((file) => file.status === 'uploading');
  const options: GroupOption[] = [{ value: 0, label: t('media.library.ungrouped') }, ...groupOptions(groups)];
  const chosenGroup = target[target.length - 1] ?? 0;

  const confirm = () =>
    add.mutate(
      { body: uploaded.map((file) => ({ resource_name: resourceNameOf(file.name), resource_url: file.response!.url, group_id: chosenGroup })) },
      { onSuccess: (resources) => onDone(resources, chosenGroup) },
    );

  return (
    <Modal
      open
      title={t('media.upload.title')}
      width={560}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ disabled: uploaded.length === 0 || busy }}
      confirmLoading={add.isPending}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('media.upload.group')}>
          <Cascader
            aria-label={t('media.upload.group')}
            options={options}
            value={target}
            changeOnSelect
            allowClear={false}
            onChange={(value) => setTarget((value as number[] | undefined) ?? [0])}
          />
        </Form.Item>
        <Form.Item
          label={t('media.upload.files')}
          extra={
            // The sizes are what this server takes (its configuration), not constants of the console.
            limits.data
              ? t(type === 'IMAGE' ? 'media.upload.hintImage' : 'media.upload.hintVideo', { exts: exts.join(', '), mb: uploadMaxMb(limits.data, type) })
              : t('media.upload.hintTypes', { exts: exts.join(', ') })
          }
        >
          <Upload<UploadResult>
            multiple
            listType="picture"
            accept={exts.map((ext) => `.${ext}`).join(',')}
            fileList={files}
            onChange={({ fileList }) => setFiles(fileList)}
            customRequest={({ file, onProgress, onSuccess, onError }) => {
              upload(file as File, type, (percent) => onProgress?.({ percent }))
                .then((result) => onSuccess?.(result))
                .catch((error: Error) => onError?.(error));
            }}
            itemRender={(node, file) => (
              <div data-testid="upload-item">
                {node}
                {file.status === 'error' && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {file.name}: {(file.error as Error | undefined)?.message}
                  </Typography.Text>
                )}
              </div>
            )}
          >
            <Button icon={<UploadOutlined />}>{t('media.upload.pick')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
