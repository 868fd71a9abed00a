import { SMS_EDITABLE_STATES, type SmsAuditState, type SmsTaskState } from '@agora/contract';
import { AppError } from '../../platform/errors.js';

/**
 * The SMS centre's state rules, asked by every write before it changes anything (DOMAIN §2.30):
 * signatures and templates are edited and submitted only while WAIT_INIT or NOT_PASS, never
 * deleted while AUDITING; the provider alone moves AUDITING to PASS / NOT_PASS (provider.ts sync).
 */
export const AUDIT_STATE_WORDS: Record<SmsAuditState, { zh: string; en: string }> = {
  WAIT_INIT: { zh: '待提交', en: 'waiting to be submitted' },
  AUDITING: { zh: '审核中', en: 'under audit' },
  PASS: { zh: '审核通过', en: 'passed' },
  NOT_PASS: { zh: '审核未通过', en: 'refused' },
};

export const AUDIT_ACTIONS = {
  EDIT: { zh: '编辑', en: 'edited', from: SMS_EDITABLE_STATES },
  SUBMIT: { zh: '提交审核', en: 'submitted for audit', from: SMS_EDITABLE_STATES },
  DELETE: { zh: '删除', en: 'deleted', from: ['WAIT_INIT', 'PASS', 'NOT_PASS'] as readonly SmsAuditState[] },
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

const ITEMS = { sign: { zh: '短信签名', en: 'SMS signature' }, template: { zh: '短信模板', en: 'SMS template' } } as const;

export function assertAuditAllowed(item: keyof typeof ITEMS, state: string, action: AuditAction): void {
  const rule = AUDIT_ACTIONS[action];
  if ((rule.from as readonly string[]).includes(state)) return;
  const words = AUDIT_STATE_WORDS[state as SmsAuditState];
  throw new AppError(400, 'SMS_AUDIT_REFUSED', {
    item: ITEMS[item].zh,
    item_en: ITEMS[item].en,
    status: words.zh,
    status_en: words.en,
    action: rule.zh,
    action_en: rule.en,
  });
}

export const TASK_STATE_WORDS: Record<SmsTaskState, { zh: string; en: string }> = {
  NOT_STARTED: { zh: '未开始', en: 'not started' },
  STARTED: { zh: '发送中', en: 'sending' },
  OVER: { zh: '已结束', en: 'over' },
  RECALL: { zh: '已撤回', en: 'recalled' },
};

/** A send task moves NOT_STARTED → STARTED → OVER, or NOT_STARTED → RECALL: both leave NOT_STARTED by a conditional update, so one wins. */
export const TASK_ACTIONS = {
  START: { zh: '发送', en: 'started', from: 'NOT_STARTED', to: 'STARTED' },
  RECALL: { zh: '撤回', en: 'recalled', from: 'NOT_STARTED', to: 'RECALL' },
  FINISH: { zh: '结束', en: 'finished', from: 'STARTED', to: 'OVER' },
} as const satisfies Record<string, { zh: string; en: string; from: SmsTaskState; to: SmsTaskState }>;
export type TaskAction = keyof typeof TASK_ACTIONS;

export function taskRefusal(state: string, action: TaskAction): AppError {
  const words = TASK_STATE_WORDS[state as SmsTaskState];
  return new AppError(400, 'SMS_TASK_REFUSED', { status: words.zh, status_en: words.en, action: TASK_ACTIONS[action].zh, action_en: TASK_ACTIONS[action].en });
}
