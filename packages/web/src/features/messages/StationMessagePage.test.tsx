import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteMessageEndpoints } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { renderPage, signIn } from '@/test/pageHarness';
import StationMessagePage from './StationMessagePage';

const requiredLabel = (text: string) => screen.getByText(text, { selector: 'label' }).classList.contains('ant-form-item-required');

describe('站内消息 send dialog', { timeout: 40_000 }, () => {
  beforeEach(() => signIn());

  it('marks title and content required, refuses them empty in the browser and sends with 发送', async () => {
    const sent = stubApi(fixture(siteMessageEndpoints.list, { data: [], page_no: 1, page_size: 10, data_total: 0 }));
    const user = userEvent.setup();
    renderPage(<StationMessagePage />, { path: '/messages', url: '/messages?send=1' });

    await screen.findByText('消息标题', { selector: 'label' });
    expect(requiredLabel('消息标题')).toBe(true);
    expect(requiredLabel('消息内容')).toBe(true);
    expect(screen.queryByRole('button', { name: /^保\s*存$/ })).toBeNull();
    await user.type(screen.getByLabelText('消息标题'), '   ');
    await user.click(screen.getByRole('button', { name: /^发\s*送$/ }));
    expect(await screen.findByText('请填写消息标题')).toBeTruthy();
    expect(await screen.findByText('请填写消息内容')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('消息内容'), '系统维护通知');
    await waitFor(() => expect(screen.queryByText('请填写消息内容')).toBeNull());
  });
});
