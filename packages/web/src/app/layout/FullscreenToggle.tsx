import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/feedback';
import { msg } from '@/lib/locale';

export function FullscreenToggle() {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      toast.warning(msg('fullscreenUnsupported'));
      return;
    }
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => toast.warning(msg('fullscreenUnsupported')));
  };

  const label = fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        data-testid="fullscreen-toggle"
        aria-label={label}
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
