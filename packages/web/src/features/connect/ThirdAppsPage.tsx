import { Alert, Col, Flex, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { thirdAppEndpoints } from '@agora/contract';
import { useApi } from '@/lib/api';
import { ConfigGroupCard } from './ConfigGroupCard';

/** thirdPlatformAppSettings (hidden): the keys of the marketplace's own apps at WeChat, Alipay and QQ. */
export default function ThirdAppsPage() {
  const { t } = useTranslation();
  const settings = useApi(thirdAppEndpoints.list, {});
  if (!settings.data) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon message={t('connect.thirdAppsHint')} />
      <Row gutter={[16, 16]}>
        {settings.data.map((setting) => (
          <Col key={setting.type} xs={24} xl={12}>
            <ConfigGroupCard setting={setting} endpoint={thirdAppEndpoints.save} success="connect.appSaved" />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
