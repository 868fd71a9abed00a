import type { ReactNode } from 'react';
import { Button, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AnyEndpoint, ApiInput, ResponseOf } from '@agora/contract';
import { useApi } from '@/lib/api';

/**
 * A form page that adds a record, or edits the one named by `?id=` (coupons, sign-in activities):
 * without `id` it draws `form()` empty; with one it reads the record by `detail` (a `GET …/{id}`),
 * waits, and draws `form(record)` — keyed by the id, so a form never keeps another record's values;
 * a bad or unknown id shows `notFound` with the way back to the list.
 */
export function EditedRecord<E extends AnyEndpoint>({ detail, notFound, listPath, form }: { detail: E; notFound: string; listPath: string; form(record?: ResponseOf<E>): ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const raw = search.get('id');
  const id = raw === null ? 0 : Number(raw);
  const valid = Number.isSafeInteger(id) && id > 0;
  const record = useApi(detail, { params: { id } } as ApiInput<E>, { enabled: valid, placeholderData: undefined });

  if (raw === null) return <>{form()}</>;
  if (record.isError || !valid) {
    return (
      <Card>
        <Result status="warning" title={notFound} extra={<Button onClick={() => navigate(listPath)}>{t('common.actions.back')}</Button>} />
      </Card>
    );
  }
  if (!record.data) return <Spin style={{ display: 'block', padding: 64 }} />;
  return <div key={id}>{form(record.data)}</div>;
}
