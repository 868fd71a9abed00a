import { sql, type SQL } from 'drizzle-orm';
import { CONTRACT_EXPIRING_DAYS, CONTRACT_OPEN_STATES, CONTRACT_STATE_WORDS, type ContractState } from '@agora/contract';
import { AppError } from '../../platform/errors.js';
import { addDays } from '../../platform/time.js';
import { shopContracts } from './tables.js';

/**
 * A contract's state and what may be done in it, in one place: the list's filter, each row's
 * state and every write ask this module. The state is read from the days and a termination, so
 * it needs no job to move it; only a termination is written, and it is final.
 */
const DAY_MS = 86_400_000;

export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export interface ContractDays {
  startDate: string;
  endDate: string;
  terminatedAt: Date | null;
}

export function contractState(contract: ContractDays, today: string): ContractState {
  if (contract.terminatedAt) return 'TERMINATED';
  if (contract.startDate > today) return 'PENDING';
  if (contract.endDate < today) return 'EXPIRED';
  return contract.endDate <= addDays(today, CONTRACT_EXPIRING_DAYS) ? 'EXPIRING' : 'ACTIVE';
}

/** The same states as SQL conditions, for the list's filter (served by the end-day indexes). */
export function contractStateWhere(state: ContractState, today: string): SQL {
  const c = shopContracts;
  const soon = addDays(today, CONTRACT_EXPIRING_DAYS);
  switch (state) {
    case 'TERMINATED':
      return sql`${c.terminatedAt} is not null`;
    case 'PENDING':
      return sql`${c.terminatedAt} is null and ${c.startDate} > ${today}`;
    case 'EXPIRED':
      return sql`${c.terminatedAt} is null and ${c.endDate} < ${today}`;
    case 'EXPIRING':
      return sql`${c.terminatedAt} is null and ${c.startDate} <= ${today} and ${c.endDate} >= ${today} and ${c.endDate} <= ${soon}`;
    case 'ACTIVE':
      return sql`${c.terminatedAt} is null and ${c.startDate} <= ${today} and ${c.endDate} > ${soon}`;
  }
}

export const CONTRACT_ACTIONS = {
  EDIT: { zh: '编辑', en: 'edited', from: CONTRACT_OPEN_STATES },
  TERMINATE: { zh: '终止', en: 'terminated', from: CONTRACT_OPEN_STATES },
} as const satisfies Record<string, { zh: string; en: string; from: readonly ContractState[] }>;
export type ContractAction = keyof typeof CONTRACT_ACTIONS;

/** Refuses an action the contract's state does not allow (合同{状态}不能{操作}), before anything is written. */
export function assertContractAllowed(state: ContractState, action: ContractAction): void {
  const rule = CONTRACT_ACTIONS[action];
  if ((rule.from as readonly ContractState[]).includes(state)) return;
  const words = CONTRACT_STATE_WORDS[state];
  throw new AppError(400, 'CONTRACT_REFUSED', { status: words.zh, status_en: words.en, action: rule.zh, action_en: rule.en });
}
