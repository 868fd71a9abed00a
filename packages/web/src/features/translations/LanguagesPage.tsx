import { useState } from 'react';
import { Alert, Button, Card, Flex, Select, Switch, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ADDABLE_LANGUAGES, LANG_STATES, SHIPPED_LANGUAGES, type AddableLanguageCode, type LanguageRow } from '@agora/contract';
import { WholeListTable } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useAddLanguage, useEnableLanguage, useLanguages, useSortLanguages } from './queries';

/** langCode: which languages the console offers, and in what order; the default one is locked on. */
export default function LanguagesPage() {
  const { t } = useTranslation();
  const languages = useLanguages();
  const enable = useEnableLanguage();
  const sort = useSortLanguages();
  const rows = languages.data ?? [];
  const add = useAddLanguage();
  const [adding, setAdding] = useState<AddableLanguageCode>();
  const addable = ADDABLE_LANGUAGES.filter((language) => !rows.some((row) => row.code === language.code));
  const fallbackName = (code: string) => SHIPPED_LANGUAGES.find((language) => language.code === code)?.lang ?? code;

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((row) => row.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    sort.mutate({ body: { ids } });
  };

  return (
    <Card>
      <Alert type="info" showIcon message={t('translations.languages.hint')} style={{ marginBottom: 16 }} />
      {addable.length > 0 && (
        <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
          <Select<AddableLanguageCode>
            style={{ width: 240 }}
            aria-label={t('translations.languages.addPlaceholder')}
            placeholder={t('translations.languages.addPlaceholder')}
            value={adding}
            onChange={setAdding}
            options={addable.map((language) => ({ value: language.code, label: `${language.lang}（${language.code}）` }))}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!adding}
            loading={add.isPending}
            onClick={() => adding && add.mutate({ body: { code: adding } }, { onSuccess: () => setAdding(undefined) })}
          >
            {t('translations.languages.add')}
          </Button>
          {adding && (
            <Typography.Text type="secondary" style={{ flex: '1 1 360px' }}>
              {t('translations.languages.addHint', { fallback: fallbackName(ADDABLE_LANGUAGES.find((language) => language.code === adding)!.fallback) })}
            </Typography.Text>
          )}
        </Flex>
      )}
      <WholeListTable<LanguageRow>
        list={languages}
        rowKey="id"
        columns={[
          { title: t('translations.languages.sort'), key: 'sort', width: 80, align: 'right', render: (_v, _row, index) => index + 1 },
          { title: t('translations.languages.name'), dataIndex: 'lang' },
          { title: t('translations.languages.code'), dataIndex: 'code' },
          {
            title: t('translations.languages.state'),
            key: 'enabled',
            render: (_v, row) =>
              row.enabled === LANG_STATES.locked ? (
                <Tooltip title={t('translations.languages.lockedHint')}>
                  <Tag color="gold">{t('translations.languages.locked')}</Tag>
                </Tooltip>
              ) : (
                <Switch
                  size="small"
                  checked={row.enabled === LANG_STATES.on}
                  loading={enable.isPending && enable.variables?.params.id === row.id}
                  checkedChildren={t('translations.languages.on')}
                  unCheckedChildren={t('translations.languages.off')}
                  aria-label={row.lang}
                  onChange={(on) => enable.mutate({ params: { id: row.id }, body: { enabled: on ? 1 : 0 } })}
                />
              ),
          },
          actionColumn<LanguageRow>(t('common.actions.operation'), (row) => {
            const index = rows.indexOf(row);
            return [
              index > 0 && { label: t('translations.languages.moveUp'), onClick: () => move(index, -1) },
              index < rows.length - 1 && { label: t('translations.languages.moveDown'), onClick: () => move(index, 1) },
            ];
          }),
        ]}
      />
    </Card>
  );
}
