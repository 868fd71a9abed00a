import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { signInEndpoints } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import { EditedRecord } from './EditedRecord';

const detail = fixture(signInEndpoints.detail, ({ params }) =>
  params.id === '7' ? ({ activity_id: 7, title: '七日签到' } as never) : { status: 404, data: { code: 'NOT_FOUND', message: '不存在' } },
);

function Page() {
  return <EditedRecord detail={signInEndpoints.detail} notFound="活动不存在" listPath="/list" form={(record) => <p>{record ? `编辑 ${(record as { title: string }).title}` : '新建'}</p>} />;
}

describe('EditedRecord', () => {
  beforeEach(() => signIn());

  it('draws the empty form without an id', async () => {
    stubApi(detail);
    renderPage(<Page />, { path: '/form', url: '/form' });
    expect(await screen.findByText('新建')).toBeTruthy();
  });

  it('reads the record named by ?id and draws the form with it', async () => {
    stubApi(detail);
    renderPage(<Page />, { path: '/form', url: '/form?id=7' });
    expect(await screen.findByText('编辑 七日签到')).toBeTruthy();
  });

  it('says the record is not there for an unknown or malformed id, with the way back', async () => {
    stubApi(detail);
    renderPage(<Page />, { path: '/form', url: '/form?id=8' });
    expect(await screen.findByText('活动不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: /返\s*回/ })).toBeTruthy();
  });

  it('does not ask the server for a malformed id', async () => {
    const sent = stubApi(detail);
    renderPage(<Page />, { path: '/form', url: '/form?id=abc' });
    expect(await screen.findByText('活动不存在')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
