import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Input, Popconfirm, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLEAN_CONFIRM_TEXT, CLEAN_GROUPS, CLEAN_KEEPS, cleanDataEndpoints, type CleanAllResult, type CleanGroup } from '@agora/contract';
import { useTwoStep } from '@/components/TwoStepDialog';
import { useApiMutation } from '@/lib/api';

/** clearingData: empties the marketplace's business data after a typed confirmation and the second step. */
export default function ClearingDataPage() {
  const { t, i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<CleanAllResult | null>(null);
  const clean = useApiMutation(cleanDataEndpoints.cleanAll, { success: 'sysparams.clean.done', invalidates: [] });
  const { attempt, dialog } = useTwoStep();
  const groups = Object.entries(CLEAN_GROUPS) as [CleanGroup, { zh: string; en: string }][];

  const submit = () =>
    attempt(
      () => clean.mutateAsync({ body: { confirm: CLEAN_CONFIRM_TEXT } }),
      (answer) => {
        setResult(answer);
        setTyped('');
        // Every list of the console showed data that is gone now.
        void queryClient.invalidateQueries();
      },
    );

  return (
    <Card>
      <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('sysparams.clean.warning')} />
      <Descriptions
        bordered
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'clears',
            label: t('sysparams.clean.clears'),
            children: (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {groups.map(([group, label]) => (
                  <li key={group}>{english ? label.en : label.zh}</li>
                ))}
              </ul>
            ),
          },
          { key: 'keeps', label: t('sysparams.clean.keeps'), children: english ? CLEAN_KEEPS.en : CLEAN_KEEPS.zh },
        ]}
      />
      <Flex vertical gap={8} style={{ maxWidth: 420 }}>
        <Typography.Text>{t('sysparams.clean.confirmLabel', { text: CLEAN_CONFIRM_TEXT })}</Typography.Text>
        <Input value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={CLEAN_CONFIRM_TEXT} aria-label={t('sysparams.clean.confirmLabel', { text: CLEAN_CONFIRM_TEXT })} />
        <Popconfirm title={t('sysparams.clean.confirmTitle')} description={t('sysparams.clean.confirmBody')} okButtonProps={{ danger: true }} onConfirm={submit} disabled={typed.trim() !== CLEAN_CONFIRM_TEXT}>
          <Button danger type="primary" icon={<DeleteOutlined />} disabled={typed.trim() !== CLEAN_CONFIRM_TEXT} loading={clean.isPending}>
            {t('sysparams.clean.submit')}
          </Button>
        </Popconfirm>
      </Flex>
      {result && (
        <Descriptions
          title={t('sysparams.clean.result')}
          bordered
          column={1}
          size="small"
          style={{ marginTop: 24 }}
          items={result.cleared.map((entry) => ({
            key: entry.group,
            label: english ? CLEAN_GROUPS[entry.group].en : CLEAN_GROUPS[entry.group].zh,
            children: t('sysparams.clean.rows', { count: entry.rows }),
          }))}
        />
      )}
      {dialog}
    </Card>
  );
}
