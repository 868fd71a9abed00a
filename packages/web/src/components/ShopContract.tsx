import { Flex, Tag, Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { contractEndpoints, type ContractRow, type ContractState } from '@agora/contract';
import { useApi } from '@/lib/api';

const STATE_COLORS: Record<ContractState, string> = {
  PENDING: 'default',
  ACTIVE: 'green',
  EXPIRING: 'orange',
  EXPIRED: 'red',
  TERMINATED: 'default',
};

/** A contract's state as a tag, with the days left while it is about to end. */
export function ContractStateTag({ contract }: { contract: Pick<ContractRow, 'state' | 'days_left'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[contract.state]}>
      {t(`contracts.states.${contract.state}`)}
      {contract.state === 'EXPIRING' ? ` · ${t('contracts.daysLeft', { count: contract.days_left })}` : ''}
    </Tag>
  );
}

/** The shop's contract in force (or its next one), on the shop's own page. */
export function ShopContractSummary({ shopId }: { shopId: number }) {
  const { t } = useTranslation();
  const contract = useApi(contractEndpoints.ofShop, { params: { shop_id: shopId } });
  if (contract.isLoading || contract.isError) return null;
  const row = contract.data;
  return (
    <Flex gap={8} wrap align="center" data-testid="shop-contract">
      <Typography.Text type="secondary">{t('contracts.current')}:</Typography.Text>
      {row ? (
        <>
          <Typography.Text strong>{row.contract_no}</Typography.Text>
          <Typography.Text>{`${row.start_date} ~ ${row.end_date}`}</Typography.Text>
          <ContractStateTag contract={row} />
          <Typography.Link href={row.file_url} target="_blank" rel="noreferrer">
            <FileOutlined /> {t('contracts.viewFile')}
          </Typography.Link>
        </>
      ) : (
        <Typography.Text type="secondary">{t('contracts.noCurrent')}</Typography.Text>
      )}
    </Flex>
  );
}
