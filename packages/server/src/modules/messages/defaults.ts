import { MESSAGE_EVENTS, MESSAGE_VARIABLES, type MessageCode } from '@agora/contract';

/** The texts a fresh platform starts with; operators rewrite them on the template screens. */
const NOTICE_TEXTS: Partial<Record<MessageCode, string>> = {
  SHOPORDERSNEW: '您的店铺${shop_name}有新订单${order_sn}，金额${order_price}元，请及时处理。',
  SHOPORDERSPAY: '订单${order_sn}已付款${order_price}元，请尽快发货。',
  SHOPORDERSRECEIVE: '订单${order_sn}买家已确认收货。',
  SHOPORDERSCANCEL: '订单${order_sn}已取消：${remark}',
  SHOPREFUND: '售后服务单${service_sn}（订单${order_sn}）申请退款${refund_price}元，请及时处理。',
  SHOPRETURN: '售后服务单${service_sn}（订单${order_sn}）申请退货，请及时处理。',
  SHOPGOODSVERIFY: '您的商品“${goods_name}”审核${audit_result}。${remark}',
  SHOPGOODSMARKETENABLE: '您的商品“${goods_name}”已被平台下架：${remark}',
  SHOPAUDIT: '您的店铺“${shop_name}”开店申请审核${audit_result}。${remark}',
  SHOPCLOSE: '您的店铺“${shop_name}”已被平台关闭：${remark}',
  SHOPBILL: '账单${bill_sn}已生成，结算金额${money}元，请核对。',
  SHOPMARGINAUDIT: '您缴纳的保证金${money}元审核${audit_result}。',
  MOBILECODESEND: '【${site_name}】您的验证码为${code}，请勿泄露。',
  MEMBERREGISTER: '欢迎加入${site_name}，${member_name}！',
  MEMBERORDERSSEND: '您的订单${order_sn}已发货，${logi_name}运单号${ship_no}。',
  MEMBERASAUDIT: '您的售后服务单${service_sn}审核${audit_result}。${remark}',
  MEMBERREFUNDUPDATE: '您的售后服务单${service_sn}已退款${refund_price}元，请注意查收。',
};

/** The default row of an event: the site message on (SMS and email off until configured). */
export function defaultTemplate(code: MessageCode) {
  const event = MESSAGE_EVENTS[code];
  const notice = NOTICE_TEXTS[code] ?? `${event.zh}：${event.vars.filter((name) => name !== 'site_name').map((name) => `${MESSAGE_VARIABLES[name].zh}\${${name}}`).join('，')}`;
  return {
    tplCode: code,
    tplName: event.zh,
    type: event.type,
    noticeState: 'OPEN',
    noticeContent: notice,
    smsState: code === 'MOBILECODESEND' ? 'OPEN' : 'CLOSED',
    smsContent: notice,
    emailState: 'CLOSED',
    emailTitle: `【\${site_name}】${event.zh}`,
    emailContent: notice,
  };
}
