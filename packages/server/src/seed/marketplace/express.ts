/**
 * Demo logistics companies: the carriers the demo orders shipped with (data.ts LOGISTICS, so those
 * are in use and cannot be deleted), plus a few more, two of them switched off. Codes are the
 * carriers' common codes and their KDN (快递鸟) codes; the e-waybill carriers ask for the account
 * fields their waybill service needs.
 */
import type { WaybillFormItem } from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { logiCompanies } from '../../modules/express/tables.js';

const ACCOUNT: WaybillFormItem[] = [
  { name: '客户号', code: 'CustomerName' },
  { name: '客户密码', code: 'CustomerPwd' },
];
const MONTHLY: WaybillFormItem[] = [{ name: '月结账号', code: 'MonthCode' }];

const DEMO_CARRIERS: { name: string; code: string; kdcode: string; waybill: WaybillFormItem[] | null; open?: false }[] = [
  { name: '顺丰速运', code: 'shunfeng', kdcode: 'SF', waybill: MONTHLY },
  { name: '中通快递', code: 'zhongtong', kdcode: 'ZTO', waybill: ACCOUNT },
  { name: '圆通速递', code: 'yuantong', kdcode: 'YTO', waybill: ACCOUNT },
  { name: '韵达快递', code: 'yunda', kdcode: 'YD', waybill: ACCOUNT },
  { name: '申通快递', code: 'shentong', kdcode: 'STO', waybill: ACCOUNT },
  { name: '京东物流', code: 'jd', kdcode: 'JD', waybill: [{ name: '商家编码', code: 'CustomerName' }] },
  { name: '邮政EMS', code: 'ems', kdcode: 'EMS', waybill: ACCOUNT },
  { name: '极兔速递', code: 'jtexpress', kdcode: 'JTSD', waybill: ACCOUNT },
  { name: '德邦快递', code: 'debangkuaidi', kdcode: 'DBL', waybill: null },
  { name: '百世快递', code: 'huitongkuaidi', kdcode: 'HTKY', waybill: null, open: false },
  { name: '天天快递', code: 'tiantian', kdcode: 'HHTT', waybill: null, open: false },
];

export async function seedLogiCompanies(ctx: AppContext, now: Date): Promise<void> {
  await ctx.db
    .insert(logiCompanies)
    .values(
      DEMO_CARRIERS.map((carrier) => ({
        name: carrier.name,
        code: carrier.code,
        kdcode: carrier.kdcode,
        isWaybill: carrier.waybill ? 1 : 0,
        formItems: carrier.waybill ?? [],
        disabled: carrier.open === false ? 'CLOSE' : 'OPEN',
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}
