import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineEndpoints, endpoint, memberEndpoints, returns, type MemberRow, type Page, type ShopMemberOption } from '@agora/contract';
import { fixture, stubApi, type StubRequest } from '@/test/api';
import { memberRow } from '@/test/members';
import { renderPage, signIn } from '@/test/pageHarness';
import { checkboxOf, confirmIn, counts, dataRows, dialog, rowOf } from './testing';
import { MemberPicker } from './MemberPicker';

/** A screen's own member list (like the shop-add page's), open to its role. */
const screenMembers = defineEndpoints('pickerTest', {
  members: endpoint({ method: 'GET', path: 'admin/screen/members', permission: 'shopAdd', response: returns<Page<ShopMemberOption>>() }),
}).members;

const member = (n: number): MemberRow => memberRow({ member_id: n, uname: `member${n}`, mobile: `138*****00${n}`, sex: n % 2 === 0 ? 0 : 1 });
const option = (n: number, fields: Partial<ShopMemberOption> = {}): ShopMemberOption => ({ member_id: n, uname: `member${n}`, face: '', mobile: `138*****00${n}`, sex: 1, have_shop: 0, ...fields });

/** A page of the rows whose name has the keyword, as the server answers `page_no` / `page_size`. */
function pageOf<T extends { uname: string }>(rows: T[], { query }: StubRequest): Page<T> {
  const pageNo = Number(query.page_no ?? 1);
  const pageSize = Number(query.page_size ?? 10);
  const matching = rows.filter((row) => row.uname.includes(String(query.keyword ?? '')));
  return { data: matching.slice((pageNo - 1) * pageSize, pageNo * pageSize), page_no: pageNo, page_size: pageSize, data_total: matching.length };
}


describe('MemberPicker', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('is 900px wide over admin/members, searching by keyword, with masked mobiles and sex', async () => {
    const sent = stubApi(fixture(memberEndpoints.list, (request) => pageOf([member(1), member(2), member(12)], request)));
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderPage(<MemberPicker open limit={3} onConfirm={onConfirm} onCancel={() => undefined} />);

    expect(await within(dialog()).findByText('member1')).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('900px');
    expect(rowOf('member2').textContent).toContain('138*****002');
    expect(rowOf('member2').textContent).toContain('女');
    expect(counts()).toBe('最多可选:3个已选:0个还可选:3个');

    await user.type(within(dialog()).getByPlaceholderText('会员名称/手机号/昵称'), 'member1');
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(sent.at(-1)!.url).toBe('admin/members?keyword=member1&page_no=1&page_size=10');
    await user.click(checkboxOf('member12'));
    expect(counts()).toBe('最多可选:3个已选:1个还可选:2个');
    await user.click(confirmIn(dialog()));
    expect(onConfirm).toHaveBeenCalledWith([member(12)]);
  });

  it('pages a screen’s own list; marks members the screen cannot use and keeps them unchecked', async () => {
    const sent = stubApi(fixture(screenMembers, (request) => pageOf(Array.from({ length: 11 }, (_, i) => option(i + 1, { have_shop: i === 0 ? 1 : 0 })), request)));
    const user = userEvent.setup();
    renderPage(
      <MemberPicker<ShopMemberOption>
        open
        endpoint={screenMembers}
        limit={-1}
        unavailable={(row) => (row.have_shop === 1 ? '已有店铺' : null)}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    await within(dialog()).findByText('member2');
    expect(rowOf('member1').textContent).toContain('已有店铺');
    expect(checkboxOf('member1').disabled).toBe(true);
    expect(counts()).toBe('最多可选:不限已选:0个还可选:不限');
    await user.click(within(dialog()).getByRole('button', { name: /加载更多/ }));
    await waitFor(() => expect(dataRows()).toHaveLength(11));
    expect(sent.map((request) => request.url)).toEqual(['admin/screen/members?keyword=&page_no=1&page_size=10', 'admin/screen/members?keyword=&page_no=2&page_size=10']);
  });
});
