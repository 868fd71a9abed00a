/**
 * Demo payment configuration: the shipped methods with their public identifiers filled in on the
 * clients a marketplace uses, all closed and without any secret — an operator opens a client once
 * the real keys are entered.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { paymentMethodClients } from '../../modules/payment/tables.js';

const DEMO_CONFIG: { pluginId: string; clients: string[]; config: Record<string, string> }[] = [
  { pluginId: 'alipayDirectPlugin', clients: ['PC', 'WAP', 'NATIVE'], config: { app_id: '2021000000000000', alipay_public_key: '' } },
  { pluginId: 'weixinPayPlugin', clients: ['PC', 'WAP', 'MINI'], config: { appid: 'wx0000000000000000', mchid: '1900000000' } },
  { pluginId: 'unionpayPlugin', clients: ['PC'], config: { mer_id: '777290058110048' } },
];

export async function seedPaymentConfig(ctx: AppContext): Promise<void> {
  for (const method of DEMO_CONFIG) {
    for (const clientType of method.clients) {
      await ctx.db
        .update(paymentMethodClients)
        .set({ config: method.config, isOpen: 0 })
        .where(and(eq(paymentMethodClients.pluginId, method.pluginId), eq(paymentMethodClients.clientType, clientType)));
    }
  }
}
