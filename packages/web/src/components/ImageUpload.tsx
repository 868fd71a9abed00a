import { useState } from 'react';
import { Image, Upload } from 'antd';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_EXTS, type UploadResult } from '@agora/contract';
import { post } from '@/lib/request';

/**
 * One picture uploaded through `POST admin/uploaders` (field `file`); the form keeps its URL.
 * The server checks type, content and size and its message is shown as it comes.
 */
export function ImageUpload({ value, onChange, scene, id }: { value?: string; onChange?(url: string): void; scene?: string; id?: string }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  return (
    <Upload
      id={id}
      accept={UPLOAD_IMAGE_EXTS.map((ext) => `.${ext}`).join(',')}
      listType="picture-card"
      showUploadList={false}
      customRequest={({ file, onSuccess, onError }) => {
        const data = new FormData();
        data.append('file', file);
        setUploading(true);
        post<UploadResult>(scene ? `admin/uploaders?scene=${scene}` : 'admin/uploaders', data, { upload: true })
          .then((result) => {
            onChange?.(result.url);
            onSuccess?.(result);
          })
          .catch((error: Error) => onError?.(error))
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
  );
}
