import { Button, Col, Flex, Row, Skeleton } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { connectEndpoints, ROUTE_BY_NAME } from '@agora/contract';
import { useApi } from '@/lib/api';
import { usePermissions } from '@/lib/permissions';
import { ConfigGroupCard } from './ConfigGroupCard';

/** Trusted login (DOMAIN §2.29): the keys of each third-party sign-in and its switch; the apps' keys are one click away. */
export default function TrustLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hasPermission } = usePermissions();
  const settings = useApi(connectEndpoints.list, {});
  if (!settings.data) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      {hasPermission('thirdPlatformAppSettings') && (
        <Flex justify="flex-end">
          <Button icon={<AppstoreOutlined />} onClick={() => navigate(ROUTE_BY_NAME.get('thirdPlatformAppSettings')!.path)}>
            {t('connect.thirdApps')}
          </Button>
        </Flex>
      )}
      <Row gutter={[16, 16]}>
        {settings.data.map((setting) => (
          <Col key={setting.type} xs={24} xl={12}>
            <ConfigGroupCard setting={setting} endpoint={connectEndpoints.save} success="connect.saved" />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
