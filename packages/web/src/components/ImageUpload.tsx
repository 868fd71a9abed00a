import { useContext, useState } from 'react';
import { Button, Flex, Image, Upload } from 'antd';
import { FolderOpenOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEDIA_PERMISSIONS, UPLOAD_IMAGE_EXTS, mediaEndpoints, type Resource, type UploadResult } from '@agora/contract';
import { useApiMutation } from '@/lib/api';
import { PermissionsContext } from '@/lib/permissions';
import { MediaLibrary } from '@/components/media/MediaLibrary';
import { resourceNameOf, useUploadFile } from '@/components/media/queries';
import { toast } from '@/lib/feedback';

/** Whether the operator may use the media library (outside the signed-in layout, e.g. in tests, it is assumed). */
function useMediaAllowed(): boolean {
  const permissions = useContext(PermissionsContext);
  return !permissions || MEDIA_PERMISSIONS.some((name) => permissions.hasPermission(name));
}

/**
 * One picture: uploaded through `POST admin/uploaders` (field `file`), or chosen from the
 * media library 素材中心; the form keeps its URL. An upload also lands in the library
 * (ungrouped), so it can be picked again elsewhere. The server checks type, content and
 * size and its message is shown as it comes.
 */
export function ImageUpload({ value, onChange, scene, id }: { value?: string; onChange?(url: string): void; scene?: string; id?: string }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const mediaAllowed = useMediaAllowed();
  const upload = useUploadFile();
  // The picture is the form's already; a library that cannot take it is no reason to bother the operator.
  const keep = useApiMutation(mediaEndpoints.add, { request: { message: false } });

  const keepInLibrary = (result: UploadResult) => {
    if (mediaAllowed) keep.mutate({ body: [{ resource_name: resourceNameOf(result.name), resource_url: result.url, group_id: 0 }] });
  };

  return (
    <Flex align="flex-end" gap={8}>
      <Upload
        id={id}
        accept={UPLOAD_IMAGE_EXTS.map((ext) => `.${ext}`).join(',')}
        listType="picture-card"
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading(true);
          // A picture over the server's limit is refused before it is sent, in the server's words.
          upload(file as File, 'IMAGE', undefined, scene ?? 'other')
            .then((result) => {
              onChange?.(result.url);
              onSuccess?.(result);
              keepInLibrary(result);
            })
            .catch((error: Error) => {
              toast.error(error.message);
              onError?.(error);
            })
            .finally(() => setUploading(false));
        }}
      >
        {value && !uploading ? (
          <Image src={value} alt="" preview={false} width={96} height={96} style={{ objectFit: 'contain' }} />
        ) : (
          <div>
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 8 }}>{t('goods.upload')}</div>
          </div>
        )}
      </Upload>
      {mediaAllowed && (
        <>
          <Button size="small" icon={<FolderOpenOutlined />} onClick={() => setPicking(true)} style={{ marginBottom: 8 }}>
            {t('media.library.fromLibrary')}
          </Button>
          <MediaLibrary
            open={picking}
            type="IMAGE"
            limit={1}
            onClose={() => setPicking(false)}
            onChoose={([resource]: Resource[]) => {
              setPicking(false);
              if (resource) onChange?.(resource.resource_url);
            }}
          />
        </>
      )}
    </Flex>
  );
}
