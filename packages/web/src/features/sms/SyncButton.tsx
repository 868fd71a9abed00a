import { Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { smsEndpoints } from '@agora/contract';
import { useApiMutation } from '@/lib/api';

/** 立即同步: asks the provider about everything under audit now (a scheduled task does it every 5 minutes). */
export function SyncButton() {
  const { t } = useTranslation();
  const sync = useApiMutation(smsEndpoints.sync, { success: (moved) => ['sms.synced', { signs: moved.signs, templates: moved.templates }] });
  return (
    <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => sync.mutate({})}>
      {t('sms.sync')}
    </Button>
  );
}
