import { Alert, Card, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANG_STATES, type LanguageRow } from '@agora/contract';
import { WholeListTable } from '@/components/list/ListTable';
import { actionColumn } from '@/components/list/RowActions';
import { useEnableLanguage, useLanguages, useSortLanguages } from './queries';

/** langCode: which languages the console offers, and in what order; the default one is locked on. */
export default function LanguagesPage() {
  const { t } = useTranslation();
  const languages = useLanguages();
  const enable = useEnableLanguage();
  const sort = useSortLanguages();
  const rows = languages.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((row) => row.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    sort.mutate({ body: { ids } });
  };

  return (
    <Card>
      <Alert type="info" showIcon message={t('translations.languages.hint')} style={{ marginBottom: 16 }} />
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
