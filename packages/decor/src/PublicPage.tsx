import { useEffect } from 'react';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { decorEndpoints } from '@agora/contract';
import { useApi } from '@/lib/api';
import { PageView } from './FloorView';

/** A published micro page as buyers see it (`/topic/{id}`, `/m/topic/{id}`): read-only, no sign-in. */
export function PublicPage({ pageId }: { pageId: number }) {
  const { t } = useTranslation();
  const shown = useApi(decorEndpoints.shown, { params: { id: pageId } }, { request: { needToken: false, message: false }, retry: false });
  useEffect(() => {
    if (shown.data) document.title = shown.data.page_name;
  }, [shown.data]);
  if (shown.isPending) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (!shown.data) return <Result status="404" title={t('decor.notFound')} />;
  return (
    <div style={{ background: '#f5f5f5', minHeight: '100vh', padding: '12px 8px' }}>
      <PageView floors={shown.data.floors} client={shown.data.client_type} navigations={shown.data.navigations} />
    </div>
  );
}
