import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('common.notFound.subTitle')}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('common.notFound.backHome')}
        </Button>
      }
    />
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('common.forbidden.subTitle')}
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('common.forbidden.backHome')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('common.actions.back')}</Button>
        </Space>
      }
    />
  );
}
