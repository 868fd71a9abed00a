import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { commentEndpoints, complaintEndpoints, shopEndpoints, type CommentRow, type ComplaintDetail } from '@agora/contract';
import { fixture, stubApi } from '@/test/api';
import { currentUrl, renderPage, signIn, sortedUrl } from '@/test/pageHarness';
import ComplaintDetailPage from './ComplaintDetailPage';
import CommentListPage from './CommentListPage';

const COMPLAINT: ComplaintDetail = {
  complain_id: 8,
  complain_topic: '售后拒不处理',
  content: '商品七天内出现质量问题，商家拒绝退货',
  status: 'WAIT_ARBITRATION',
  member_id: 3,
  member_name: 'buyer3',
  seller_id: 2,
  seller_name: '数码旗舰店',
  order_sn: '202611200001',
  goods_name: '降噪耳机',
  create_time: 1_763_000_000,
  images: ['/files/demo/goods/1-0.svg'],
  goods_id: 9,
  goods_image: '/files/demo/goods/1-0.svg',
  price: 199,
  num: 1,
  ship_name: '张三',
  ship_mobile: '13800000000',
  ship_addr: '广东省 深圳市 南山区 科技园',
  appeal_content: '买家使用不当导致损坏',
  appeal_images: [],
  appeal_time: 1_763_050_000,
  arbitration_result: '',
  messages: [
    { id: 1, owner: 'PLATFORM', owner_name: '平台', content: '平台已审核该投诉，请商家在规定时间内申诉', create_time: 1_763_010_000 },
    { id: 2, owner: 'BUYER', owner_name: 'buyer3', content: '我申请平台仲裁', create_time: 1_763_060_000 },
  ],
  allowable: { allow_to_appeal: false, allow_communicate: true, allow_arbitrate: true },
};

const COMMENT: CommentRow = {
  comment_id: 41,
  goods_id: 9,
  goods_name: '降噪耳机',
  goods_image: '/files/demo/goods/1-0.svg',
  member_id: 3,
  member_name: 'buyer3',
  seller_id: 2,
  seller_name: '数码旗舰店',
  order_sn: '202611200001',
  content: '质量太差了，用了两天就坏了',
  images: ['/files/demo/goods/1-1.svg'],
  grade: 'bad',
  comments_type: 'INITIAL',
  audit_status: 'PASS_AUDIT',
  status: 1,
  reply_content: '',
  reply_time: null,
  create_time: 1_763_000_000,
};

describe('sale pages', { timeout: 15_000 }, () => {
  beforeEach(() => {
    signIn();
  });

  it('a complaint awaiting arbitration offers the message and the arbitration, which asks first and sends the decision', async () => {
    const sent = stubApi(
      fixture(complaintEndpoints.detail, COMPLAINT),
      fixture(complaintEndpoints.arbitrate, ({ query }) => ({ ...COMPLAINT, status: 'COMPLETE' as const, arbitration_result: String(query.arbitration_result), allowable: { allow_to_appeal: false, allow_communicate: false, allow_arbitrate: false } })),
    );
    const user = userEvent.setup();
    renderPage(<ComplaintDetailPage />, { path: '/sale/complaint/complaint-detail/:id', url: '/sale/complaint/complaint-detail/8' });
    expect(await screen.findByText('我申请平台仲裁')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '交由商家申诉' })).toBeNull();
    expect(screen.getByRole('button', { name: '发送对话' })).toBeTruthy();

    // an empty decision is refused in the form
    await user.click(screen.getByRole('button', { name: '仲裁并完成' }));
    expect(await screen.findByText('请填写仲裁意见')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('最多500个字'), '商家退货退款');
    await user.click(screen.getByRole('button', { name: '仲裁并完成' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('仲裁后投诉即完成，不能再修改，确认仲裁？')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT' && request.url.startsWith('admin/trade/order-complains/8/complete'))).toBe(true));
    const arbitration = sent.find((request) => request.method === 'PUT')!;
    expect(decodeURIComponent(arbitration.url)).toContain('arbitration_result=商家退货退款');
  });

  it('the comment list shows grade and pictures; the reply dialog lives in the URL and sends the reply', async () => {
    const sent = stubApi(
      fixture(commentEndpoints.list, { data: [COMMENT], page_no: 1, page_size: 20, data_total: 1 }),
      fixture(shopEndpoints.options, []),
      fixture(commentEndpoints.reply, ({ body }) => ({ ...COMMENT, reply_content: (body as { content: string }).content, reply_time: 1_763_100_000 })),
    );
    const user = userEvent.setup();
    renderPage(<CommentListPage />, { path: '/sale/goods-comment-list', url: '/sale/goods-comment-list?grade=bad' });
    expect(await screen.findByText('质量太差了，用了两天就坏了')).toBeTruthy();
    expect(sent.filter((request) => request.url.startsWith('admin/members/comments')).map((request) => request.url)).toEqual(['admin/members/comments?grade=bad']);
    expect(screen.getAllByText('差评').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('.ant-table-row img').length).toBe(2);

    await user.click(screen.getByRole('button', { name: '回复' }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/sale/goods-comment-list?grade=bad&reply=41')));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '已联系商家为您处理');
    await user.click(within(dialog).getByRole('button', { name: /^保\s?存$/ }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT' && request.url === 'admin/members/comments/41/reply')).toBe(true));
    expect(sent.find((request) => request.method === 'PUT')!.body).toBe(JSON.stringify({ content: '已联系商家为您处理' }));
    await waitFor(() => expect(currentUrl()).toBe(sortedUrl('/sale/goods-comment-list?grade=bad')));
  });
});
