import { useState } from 'react';
import { Button, Space } from 'antd';
import type { Resource } from '@agora/contract';
import { MediaLibrary } from '@/components/media/MediaLibrary';
import { ResourcePicker } from '@/components/media/ResourcePicker';
import { ImagePicker, type ImagePickerItem } from '@/components/media/ImagePicker';
import { DemoResult } from '../DemoResult';

type Open = 'library' | 'library-video' | 'picker' | 'image-admin' | 'image-seller' | null;

export default function MediaDemo() {
  const [open, setOpen] = useState<Open>(null);
  const [result, setResult] = useState<Resource[] | ImagePickerItem[]>();
  const close = () => setOpen(null);
  const chosen = (value: Resource[] | ImagePickerItem[]) => {
    setResult(value);
    close();
  };
  return (
    <>
      <Space wrap>
        <Button onClick={() => setOpen('library')}>MediaLibrary (up to 3)</Button>
        <Button onClick={() => setOpen('library-video')}>MediaLibrary (videos only)</Button>
        <Button onClick={() => setOpen('picker')}>ResourcePicker (1)</Button>
        <Button onClick={() => setOpen('image-admin')}>ImagePicker (admin)</Button>
        <Button onClick={() => setOpen('image-seller')}>ImagePicker (seller)</Button>
      </Space>
      <MediaLibrary open={open === 'library'} limit={3} onClose={close} onChoose={chosen} />
      <MediaLibrary open={open === 'library-video'} type="VIDEO" onClose={close} onChoose={chosen} />
      <ResourcePicker open={open === 'picker'} type="IMAGE" onClose={close} onChoose={chosen} />
      <ImagePicker open={open === 'image-admin'} type="admin" onClose={close} onConfirm={chosen} />
      <ImagePicker open={open === 'image-seller'} type="seller" onClose={close} onConfirm={chosen} />
      <DemoResult value={result} testId="media-demo-result" />
    </>
  );
}
