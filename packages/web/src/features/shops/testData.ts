import type { MarginFlowRow, ShopDetail, ShopRow } from '@agora/contract';

/** What the list and the detail say alike of shop `id`. */
const common = (id: number) => ({
  shop_id: id,
  shop_name: `店铺${id}`,
  member_id: 100 + id,
  member_name: `seller${id}`,
  shop_disable: 'OPEN' as const,
  self_operated: 0 as const,
  logo: '',
  region: '浙江省 杭州市',
  company_name: `公司${id}`,
  goods_num: id,
  audit_remark: '',
  create_time: 1_763_000_000 + id,
  open_time: 1_763_100_000 + id,
});

/** A shop as the list shows it. */
export function shopRow(id: number, values: Partial<ShopRow> = {}): ShopRow {
  return { ...common(id), link_phone: '138*****001', ...values };
}

/** The whole shop, as the drawer and the edit page read it. */
export function shopDetail(id: number, values: Partial<ShopDetail> = {}): ShopDetail {
  return {
    ...common(id),
    banner: '',
    description: '',
    region_id: 0,
    region_ids: [],
    address: '',
    commission_rate: 5,
    goods_category_ids: [],
    company_address: '',
    company_phone: '',
    company_email: '',
    employee_num: 0,
    reg_money: 0,
    link_name: '',
    link_phone: '13800000001',
    legal_name: '',
    legal_id: '',
    legal_img: '',
    license_num: '',
    license_region_id: 0,
    license_region_ids: [],
    license_region: '',
    license_address: '',
    establish_date: '',
    licence_start: '',
    licence_end: '',
    scope: '',
    licence_img: '',
    bank_account_name: '',
    bank_number: '',
    bank_name: '',
    bank_region_id: 0,
    bank_region_ids: [],
    bank_region: '',
    bank_img: '',
    remaining_margin: 0,
    settlement_days: [1],
    settlement_status: 'PAID',
    close_time: null,
    ...values,
  };
}

/** A payment of earnest money a seller made. */
export function marginFlow(id: number, values: Partial<MarginFlowRow> = {}): MarginFlowRow {
  return {
    id,
    shop_id: 7,
    shop_name: '店铺7',
    type: 1,
    actual_pay_amount: 5000,
    change_amount: 5000,
    total_amount: null,
    voucher: [],
    remark: '补缴保证金',
    auth_status: 'WAIT_AUDIT',
    auth_remark: '',
    auditor_name: '',
    audit_time: null,
    create_time: 1_763_000_000 + id,
    ...values,
  };
}
