import { financeEndpoints, type BillStatus } from '@agora/contract';
import { useApiMutation } from '@/lib/api';

/** A passed or refused payment changes the shop's remaining margin and the dashboard's to-do count. */
export const useAuditMargin = () =>
  useApiMutation(financeEndpoints.auditMargin, {
    success: (flow) => (flow.auth_status === 'PASS_AUDIT' ? 'shops.messages.marginPassed' : 'shops.messages.marginRefused'),
    invalidates: ['finance', 'shops', 'dashboard'],
  });

/** The bill's next step from the state the operator saw (the server refuses a stale one). */
export const useBillNext = () =>
  useApiMutation(financeEndpoints.billNext, {
    success: (bill) => `finance.messages.step.${bill.status}`,
    toInput: ({ id, status }: { id: number; status: BillStatus }) => ({ params: { id }, query: { status } }),
  });

export const useAuditZpzz = () =>
  useApiMutation(financeEndpoints.auditZpzz, {
    success: (row) => (row.status === 'AUDIT_PASS' ? 'finance.messages.zpzzPassed' : 'finance.messages.zpzzRefused'),
    toInput: ({ id, pass, remark }: { id: number; pass: boolean; remark: string }) => ({ params: { id, status: pass ? ('AUDIT_PASS' as const) : ('AUDIT_REFUSE' as const) }, query: { remark } }),
  });

export const settlementDetailPath = (id: number) => `/finance/detail/${id}`;
export const receiptDetailPath = (id: number) => `/finance/receipt-detail/${id}`;
